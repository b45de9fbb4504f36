/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-json"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wb-json-private.h"

/* How the parser works. It is iterative: a stack of open containers
 * (frames, at most WB_JSON_MAX_DEPTH) replaces recursion. Values of the
 * open containers wait on a growable stack of nodes (and, for objects, of
 * keys); when a container closes, its children are copied into the arena
 * in one block and popped, and the container becomes one node on its
 * parent's stack. So the arena holds only finished data, packed.
 *
 * Memory: a node is 16 bytes and every value takes at least two bytes of
 * text ("0,"), a member 24 bytes and at least five ("\"\":0,"), so the
 * arena holds at most about 8 bytes per byte of text, plus alignment and
 * the unused end of the last chunk. While parsing, the pending stack can
 * hold as much again for a moment (one huge array). */

#define CHUNK_MIN   ((gsize) 64 * 1024)
#define CHUNK_MAX   ((gsize) 4 * 1024 * 1024)

typedef struct _Chunk Chunk;
struct _Chunk
{
  Chunk *next;
  gsize  size;     /* usable bytes after the header */
  gsize  used;
  /* data follows, 16-byte aligned */
};

#define CHUNK_HEADER ((sizeof (Chunk) + 15) & ~(gsize) 15)

struct _WbJsonDoc
{
  Chunk      *chunks;   /* newest first */
  gsize       total;    /* bytes allocated for chunks */
  WbJsonNode  root;
};

static gpointer
arena_alloc (WbJsonDoc *doc, gsize size, gsize align)
{
  Chunk *c = doc->chunks;
  gsize at;

  if (c != NULL)
    {
      at = (c->used + align - 1) & ~(align - 1);
      if (at <= c->size && size <= c->size - at)
        {
          c->used = at + size;
          return (char *) c + CHUNK_HEADER + at;
        }
    }
  {
    /* Chunks double with the arena, so a large document needs few of them;
     * a request larger than that gets a chunk of its own. */
    gsize want = CLAMP (doc->total, CHUNK_MIN, CHUNK_MAX);
    gsize chunk_size = MAX (want, size);
    Chunk *n = g_malloc (CHUNK_HEADER + chunk_size);

    n->size = chunk_size;
    n->used = size;
    doc->total += CHUNK_HEADER + chunk_size;
    /* Keep filling the current chunk if the new one is already full. */
    if (c != NULL && chunk_size == size)
      {
        n->next = c->next;
        c->next = n;
      }
    else
      {
        n->next = c;
        doc->chunks = n;
      }
    return (char *) n + CHUNK_HEADER;
  }
}

void
wb_json_doc_free (WbJsonDoc *doc)
{
  Chunk *c;

  if (doc == NULL)
    return;
  c = doc->chunks;
  while (c)
    {
      Chunk *next = c->next;
      g_free (c);
      c = next;
    }
  g_free (doc);
}

WbJsonNode *
wb_json_doc_get_root (WbJsonDoc *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);
  return &doc->root;
}

/* Bytes held by the document's arena (for tests of the memory bound). */
gsize
wb_json_doc_get_arena_size (WbJsonDoc *doc)
{
  g_return_val_if_fail (doc != NULL, 0);
  return doc->total;
}

WbJsonNode *
wb_json_object_get (const WbJsonNode *object, const char *key)
{
  g_return_val_if_fail (wb_json_is (object, WB_JSON_OBJECT), NULL);

  for (guint i = 0; i < object->len; i++)
    {
      WbJsonMember *m = &object->u.members[i];
      if (m->key[0] == key[0] && strcmp (m->key, key) == 0)
        return &m->value;
    }
  return NULL;
}

/* Lines and columns count from 1; columns count characters (bytes that do
 * not continue a UTF-8 sequence), as wb_json_locate() does. */
void
wb_json_offset_to_line_column (const char *text, gsize len, gsize offset, int *line, int *column)
{
  int l = 1, c = 1;

  offset = MIN (offset, len);
  for (gsize i = 0; i < offset; i++)
    {
      if (text[i] == '\n')
        {
          l++;
          c = 1;
        }
      else if (((guchar) text[i] & 0xC0) != 0x80)
        c++;
    }
  *line = l;
  *column = c;
}

/* ---- the parser ------------------------------------------------------- */

typedef struct
{
  const char *key;
  gsize       offset;
} PendingKey;

typedef struct
{
  gboolean object;
  gsize    offset;
  guint    node_base;  /* first pending node of this container */
  guint    key_base;
} Frame;

typedef struct
{
  const guchar *text, *p, *end;
  WbJsonDoc    *doc;
  WbJsonNode   *nodes;
  guint         n_nodes, nodes_cap;
  PendingKey   *keys;
  guint         n_keys, keys_cap;
  Frame         frames[WB_JSON_MAX_DEPTH];
  guint         depth;
  GString      *scratch;   /* strings with escapes are decoded here first */
  GError      **error;
} Parser;

static gboolean fail_at (Parser       *ps,
                         const guchar *at,
                         const char   *format,
                         ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail_at (Parser *ps, const guchar *at, const char *format, ...)
{
  g_autofree char *what = NULL;
  int line, column;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  wb_json_offset_to_line_column ((const char *) ps->text, (gsize) (ps->end - ps->text),
                                 (gsize) (at - ps->text), &line, &column);
  g_set_error (ps->error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX, "%d:%d: %s", line, column, what);
  return FALSE;
}

/* 1 for bytes that stand for themselves inside a string. */
static const guint8 plain_byte[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
  R16 (0), R16 (0),                                      /* control characters */
  1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,        /* '"' */
  R16 (1), R16 (1),
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,        /* '\\' */
  R16 (1), R16 (1),
  R16 (0), R16 (0), R16 (0), R16 (0), R16 (0), R16 (0), R16 (0), R16 (0),
#undef R16
};

static inline void
skip_ws (Parser *ps)
{
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t'))
    ps->p++;
}

/* Length of the well-formed UTF-8 sequence at @p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0. */
static gsize
utf8_sequence (const guchar *p, const guchar *end)
{
  guchar c = p[0];
  gsize n;

  if (c < 0x80)
    return 1;
  if (c < 0xC2)
    return 0;
  n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
  if (n == 0 || (gsize) (end - p) < n)
    return 0;
  for (gsize i = 1; i < n; i++)
    if ((p[i] & 0xC0) != 0x80)
      return 0;
  if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) ||
      (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] >= 0x90))
    return 0;
  return n;
}

static int
hex_value (const guchar *p)
{
  int v = 0;

  for (int i = 0; i < 4; i++)
    {
      int d = g_ascii_xdigit_value ((char) p[i]);
      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

static const char *
arena_strndup (Parser *ps, const char *s, gsize n)
{
  char *copy;

  if (n == 0)
    return "";
  copy = arena_alloc (ps->doc, n + 1, 1);
  memcpy (copy, s, n);
  copy[n] = '\0';
  return copy;
}

static gboolean
fail_unterminated (Parser *ps)
{
  return fail_at (ps, ps->end, _("expected '\"' to close a string, found the end of the input"));
}

static gboolean
fail_control (Parser *ps, const guchar *at)
{
  return fail_at (ps, at, _("expected the control character U+%04X to be escaped in a string, "
                            "as \\u%04X"), *at, *at);
}

static gboolean
fail_utf8 (Parser *ps, const guchar *at)
{
  return fail_at (ps, at, _("expected valid UTF-8 in a string"));
}

/* Reads the escape at ps->p (on the backslash) into the scratch buffer. */
static gboolean
read_escape (Parser *ps)
{
  const guchar *at = ps->p;
  gunichar ch;
  int u;

  if (ps->end - at < 2)
    return fail_unterminated (ps);
  switch (at[1])
    {
    case '"':  g_string_append_c (ps->scratch, '"'); ps->p += 2; return TRUE;
    case '\\': g_string_append_c (ps->scratch, '\\'); ps->p += 2; return TRUE;
    case '/':  g_string_append_c (ps->scratch, '/'); ps->p += 2; return TRUE;
    case 'b':  g_string_append_c (ps->scratch, '\b'); ps->p += 2; return TRUE;
    case 'f':  g_string_append_c (ps->scratch, '\f'); ps->p += 2; return TRUE;
    case 'n':  g_string_append_c (ps->scratch, '\n'); ps->p += 2; return TRUE;
    case 'r':  g_string_append_c (ps->scratch, '\r'); ps->p += 2; return TRUE;
    case 't':  g_string_append_c (ps->scratch, '\t'); ps->p += 2; return TRUE;
    case 'u':
      break;
    default:
      return fail_at (ps, at, _("expected one of the escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                                "\\uXXXX after '\\' in a string"));
    }
  if (ps->end - at < 6 || (u = hex_value (at + 2)) < 0)
    return fail_at (ps, at, _("expected four hex digits after \\u in a string"));
  ch = (gunichar) u;
  /* Strings are C strings from here on: a NUL would silently cut the text
   * ("stafford\u0000-extra" read, shown and saved back as "stafford"). */
  if (ch == 0)
    return fail_at (ps, at, _("expected no NUL character (\\u0000) in a string: Warbench "
                              "cannot keep text after it"));
  ps->p += 6;
  if (ch >= 0xDC00 && ch <= 0xDFFF)
    return fail_at (ps, at, _("expected a high surrogate \\uD800–\\uDBFF before the low "
                              "surrogate \\u%04X"), ch);
  if (ch >= 0xD800 && ch <= 0xDBFF)
    {
      const guchar *lo = ps->p;
      int v;

      if (ps->end - lo < 6 || lo[0] != '\\' || lo[1] != 'u' || (v = hex_value (lo + 2)) < 0 ||
          v < 0xDC00 || v > 0xDFFF)
        return fail_at (ps, at, _("expected a low surrogate \\uDC00–\\uDFFF after the high "
                                  "surrogate \\u%04X"), ch);
      ch = 0x10000 + ((ch - 0xD800) << 10) + (gunichar) (v - 0xDC00);
      ps->p += 6;
    }
  g_string_append_unichar (ps->scratch, ch);
  return TRUE;
}

/* Reads the string at ps->p (on the opening quote). */
static gboolean
read_string (Parser *ps, const char **out, guint32 *out_len)
{
  const guchar *start = ps->p + 1;
  const guchar *p = start, *end = ps->end;

  /* The common case: no escapes, copied straight from the text. */
  for (;;)
    {
      while (p < end && plain_byte[*p])
        p++;
      if (p == end)
        return fail_unterminated (ps);
      if (*p == '"')
        {
          *out = arena_strndup (ps, (const char *) start, (gsize) (p - start));
          *out_len = (guint32) (p - start);
          ps->p = p + 1;
          return TRUE;
        }
      if (*p == '\\')
        break;
      if (*p < 0x20)
        return fail_control (ps, p);
      {
        gsize n = utf8_sequence (p, end);
        if (n == 0)
          return fail_utf8 (ps, p);
        p += n;
      }
    }

  /* Escapes: decode into the scratch buffer, then copy. */
  g_string_truncate (ps->scratch, 0);
  g_string_append_len (ps->scratch, (const char *) start, p - start);
  ps->p = p;
  for (;;)
    {
      const guchar *run = ps->p;

      while (ps->p < end && plain_byte[*ps->p])
        ps->p++;
      g_string_append_len (ps->scratch, (const char *) run, ps->p - run);
      if (ps->p == end)
        return fail_unterminated (ps);
      if (*ps->p == '"')
        break;
      if (*ps->p == '\\')
        {
          if (!read_escape (ps))
            return FALSE;
          continue;
        }
      if (*ps->p < 0x20)
        return fail_control (ps, ps->p);
      {
        gsize n = utf8_sequence (ps->p, end);
        if (n == 0)
          return fail_utf8 (ps, ps->p);
        g_string_append_len (ps->scratch, (const char *) ps->p, (gssize) n);
        ps->p += n;
      }
    }
  ps->p++;
  *out = arena_strndup (ps, ps->scratch->str, ps->scratch->len);
  *out_len = (guint32) ps->scratch->len;
  return TRUE;
}

static gboolean
read_number (Parser *ps, WbJsonNode *node)
{
  const guchar *start = ps->p, *p = ps->p, *end = ps->end;
  gboolean negative = FALSE, integer = TRUE, overflow = FALSE;
  guint64 magnitude = 0;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (p == end || !g_ascii_isdigit (*p))
    return fail_at (ps, p, _("expected a digit after '-'"));
  if (*p == '0')
    {
      p++;
      if (p < end && g_ascii_isdigit (*p))
        return fail_at (ps, p, _("expected a number without leading zeros"));
    }
  else
    for (; p < end && g_ascii_isdigit (*p); p++)
      {
        guint d = *p - '0';
        if (magnitude > (G_MAXUINT64 - d) / 10)
          overflow = TRUE;
        else
          magnitude = magnitude * 10 + d;
      }
  if (p < end && *p == '.')
    {
      integer = FALSE;
      p++;
      if (p == end || !g_ascii_isdigit (*p))
        return fail_at (ps, p, _("expected a digit after '.' in a number"));
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      integer = FALSE;
      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      if (p == end || !g_ascii_isdigit (*p))
        return fail_at (ps, p, _("expected a digit in the exponent of a number"));
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }
  ps->p = p;

  /* -0 stays a double so its sign survives. */
  if (integer && !overflow && magnitude != 0 && negative && magnitude <= (guint64) G_MAXINT64 + 1)
    {
      node->type = WB_JSON_INT;
      node->u.i = magnitude == (guint64) G_MAXINT64 + 1 ? G_MININT64 : -(gint64) magnitude;
      return TRUE;
    }
  if (integer && !overflow && !negative && magnitude <= (guint64) G_MAXINT64)
    {
      node->type = WB_JSON_INT;
      node->u.i = (gint64) magnitude;
      return TRUE;
    }
  {
    /* g_ascii_strtod needs a terminated string; the text is not one. */
    gsize n = (gsize) (p - start);
    char buf[64];
    g_autofree char *heap = n < sizeof buf ? NULL : g_strndup ((const char *) start, n);
    char *copy = heap ? heap : buf;
    double d;

    if (!heap)
      {
        memcpy (buf, start, n);
        buf[n] = '\0';
      }
    d = g_ascii_strtod (copy, NULL);
    if (!isfinite (d))
      return fail_at (ps, start, _("expected a number of at most about 1.8e308 in magnitude"));
    node->type = WB_JSON_DOUBLE;
    node->u.d = d;
    return TRUE;
  }
}

static gboolean
read_literal (Parser *ps, WbJsonNode *node)
{
  static const struct { const char *word; gsize len; WbJsonType type; gboolean value; } words[] = {
    { "true", 4, WB_JSON_BOOL, TRUE },
    { "false", 5, WB_JSON_BOOL, FALSE },
    { "null", 4, WB_JSON_NULL, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if ((gsize) (ps->end - ps->p) >= words[i].len &&
        memcmp (ps->p, words[i].word, words[i].len) == 0)
      {
        const guchar *after = ps->p + words[i].len;
        /* "nullx" or "true1" is one bad token, not a word and garbage. */
        if (after < ps->end && (g_ascii_isalnum (*after) || *after == '_'))
          break;
        node->type = words[i].type;
        node->u.b = words[i].value;
        ps->p = after;
        return TRUE;
      }
  return fail_at (ps, ps->p, _("expected a value: an object, array, string, number, true, false "
                               "or null"));
}

static inline void
push_node (Parser *ps, const WbJsonNode *node)
{
  if (G_UNLIKELY (ps->n_nodes == ps->nodes_cap))
    {
      ps->nodes_cap = MAX (64, ps->nodes_cap * 2);
      ps->nodes = g_renew (WbJsonNode, ps->nodes, ps->nodes_cap);
    }
  ps->nodes[ps->n_nodes++] = *node;
}

/* Reads a member name and its colon, leaving ps->p on the value. */
static gboolean
read_key (Parser *ps)
{
  PendingKey *k;
  guint32 len;

  skip_ws (ps);
  if (ps->p == ps->end || *ps->p != '"')
    return fail_at (ps, ps->p, _("expected a member name in double quotes"));
  if (ps->n_keys == ps->keys_cap)
    {
      ps->keys_cap = MAX (64, ps->keys_cap * 2);
      ps->keys = g_renew (PendingKey, ps->keys, ps->keys_cap);
    }
  k = &ps->keys[ps->n_keys];
  k->offset = (gsize) (ps->p - ps->text);
  if (!read_string (ps, &k->key, &len))
    return FALSE;
  ps->n_keys++;
  skip_ws (ps);
  if (ps->p == ps->end || *ps->p != ':')
    return fail_at (ps, ps->p, _("expected ':' after a member name"));
  ps->p++;
  return TRUE;
}

typedef struct
{
  const char *key;
  guint       index;
} KeyRef;

static int
compare_keys (const void *a, const void *b)
{
  const KeyRef *ka = a, *kb = b;
  int c = strcmp (ka->key, kb->key);

  if (c != 0)
    return c;
  return ka->index < kb->index ? -1 : ka->index > kb->index;
}

/* Finds a member name used twice among the @n pending keys; reports the
 * second use that comes first in the text. */
static gboolean
check_duplicates (Parser *ps, const PendingKey *keys, guint n)
{
  guint first = G_MAXUINT, second = G_MAXUINT;
  int line, column;

  if (n <= 16)
    {
      for (guint j = 1; j < n && second == G_MAXUINT; j++)
        for (guint i = 0; i < j; i++)
          if (keys[i].key[0] == keys[j].key[0] && strcmp (keys[i].key, keys[j].key) == 0)
            {
              first = i;
              second = j;
              break;
            }
    }
  else
    {
      g_autofree KeyRef *refs = g_new (KeyRef, n);

      for (guint i = 0; i < n; i++)
        refs[i] = (KeyRef) { keys[i].key, i };
      qsort (refs, n, sizeof *refs, compare_keys);
      for (guint i = 0; i + 1 < n; i++)
        {
          guint j = i + 1;
          if (strcmp (refs[i].key, refs[j].key) != 0)
            continue;
          /* refs[i] is the earliest use in this run of equal names. */
          if (refs[j].index < second)
            {
              first = refs[i].index;
              second = refs[j].index;
            }
          while (j + 1 < n && strcmp (refs[j + 1].key, refs[i].key) == 0)
            j++;
          i = j;
        }
    }
  if (second == G_MAXUINT)
    return TRUE;
  wb_json_offset_to_line_column ((const char *) ps->text, (gsize) (ps->end - ps->text),
                                 keys[first].offset, &line, &column);
  return fail_at (ps, ps->text + keys[second].offset,
                  _("expected each member name once in an object, but “%s” was already used "
                    "at %d:%d"), keys[second].key, line, column);
}

/* Closes the innermost container: its pending children move to the arena. */
static gboolean
close_container (Parser *ps, WbJsonNode *out)
{
  Frame *f = &ps->frames[ps->depth - 1];
  guint n = ps->n_nodes - f->node_base;
  /* No pointer arithmetic on the stacks before their first push (an empty
   * container first in the text): NULL + 0 is undefined behaviour. */
  WbJsonNode *children = n > 0 ? ps->nodes + f->node_base : NULL;

  out->offset = (guint32) f->offset;
  out->len = n;
  if (f->object)
    {
      PendingKey *keys = n > 0 ? ps->keys + f->key_base : NULL;
      WbJsonMember *members = NULL;

      g_assert (ps->n_keys - f->key_base == n);
      if (!check_duplicates (ps, keys, n))
        return FALSE;
      if (n > 0)
        members = arena_alloc (ps->doc, n * sizeof *members, G_ALIGNOF (WbJsonMember));
      for (guint i = 0; i < n; i++)
        {
          members[i].key = keys[i].key;
          members[i].value = children[i];
        }
      out->type = WB_JSON_OBJECT;
      out->u.members = members;
      ps->n_keys = f->key_base;
    }
  else
    {
      WbJsonNode *items = NULL;

      if (n > 0)
        {
          items = arena_alloc (ps->doc, n * sizeof *items, G_ALIGNOF (WbJsonNode));
          memcpy (items, children, n * sizeof *items);
        }
      out->type = WB_JSON_ARRAY;
      out->u.items = items;
    }
  ps->n_nodes = f->node_base;
  ps->depth--;
  return TRUE;
}

static gboolean
fail_trailing_comma (Parser *ps, gboolean object)
{
  if (object)
    return fail_at (ps, ps->p, _("expected another member after ','; JSON has no trailing commas"));
  return fail_at (ps, ps->p, _("expected another element after ','; JSON has no trailing commas"));
}

/* After a member or element: neither ',' nor the closing bracket. */
static gboolean
fail_after_value (Parser *ps, gboolean object)
{
  if (ps->p == ps->end && object)
    return fail_at (ps, ps->p,
                    _("expected ',' or '}' after an object member, found the end of the input"));
  if (ps->p == ps->end)
    return fail_at (ps, ps->p,
                    _("expected ',' or ']' after an array element, found the end of the input"));
  if (object)
    return fail_at (ps, ps->p, _("expected ',' or '}' after an object member"));
  return fail_at (ps, ps->p, _("expected ',' or ']' after an array element"));
}

static gboolean
parse (Parser *ps)
{
  WbJsonNode value;

  if (ps->end - ps->p >= 3 && memcmp (ps->p, "\xEF\xBB\xBF", 3) == 0)
    return fail_at (ps, ps->p, _("expected JSON text without a byte-order mark"));
  for (;;)
    {
      /* A value starts here. */
      skip_ws (ps);
      if (ps->p == ps->end)
        {
          if (ps->depth == 0)
            return fail_at (ps, ps->p, _("expected a JSON value, found empty input"));
          return fail_at (ps, ps->p, _("expected a value, found the end of the input"));
        }
      memset (&value, 0, sizeof value);
      value.offset = (guint32) (ps->p - ps->text);
      switch (*ps->p)
        {
        case '{':
        case '[':
          {
            gboolean object = *ps->p == '{';
            Frame *f;

            if (ps->depth == WB_JSON_MAX_DEPTH)
              return fail_at (ps, ps->p, _("expected arrays and objects nested at most %d deep"),
                              WB_JSON_MAX_DEPTH);
            f = &ps->frames[ps->depth++];
            f->object = object;
            f->offset = value.offset;
            f->node_base = ps->n_nodes;
            f->key_base = ps->n_keys;
            ps->p++;
            skip_ws (ps);
            if (ps->p < ps->end && *ps->p == (object ? '}' : ']'))
              {
                ps->p++;
                if (!close_container (ps, &value))
                  return FALSE;
                break;
              }
            if (object && !read_key (ps))
              return FALSE;
            continue;
          }
        case '"':
          value.type = WB_JSON_STRING;
          if (!read_string (ps, &value.u.s, &value.len))
            return FALSE;
          break;
        case '-': case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
          if (!read_number (ps, &value))
            return FALSE;
          break;
        default:
          if (!read_literal (ps, &value))
            return FALSE;
          break;
        }

      /* A value is complete: give it to its container, closing as many
       * containers as the text closes here. */
      for (;;)
        {
          Frame *f;

          if (ps->depth == 0)
            {
              ps->doc->root = value;
              skip_ws (ps);
              if (ps->p != ps->end)
                return fail_at (ps, ps->p, _("expected the end of the input after the JSON "
                                             "value"));
              return TRUE;
            }
          push_node (ps, &value);
          f = &ps->frames[ps->depth - 1];
          skip_ws (ps);
          if (ps->p < ps->end && *ps->p == ',')
            {
              ps->p++;
              skip_ws (ps);
              if (ps->p < ps->end && *ps->p == (f->object ? '}' : ']'))
                return fail_trailing_comma (ps, f->object);
              if (f->object && !read_key (ps))
                return FALSE;
              break;
            }
          if (ps->p < ps->end && *ps->p == (f->object ? '}' : ']'))
            {
              ps->p++;
              if (!close_container (ps, &value))
                return FALSE;
              continue;
            }
          return fail_after_value (ps, f->object);
        }
    }
}

/**
 * wb_json_parse:
 * @text: UTF-8 JSON text, not necessarily terminated
 * @len: its length in bytes
 * @error: return location for a #WB_FORMAT_ERROR_SYNTAX error
 *
 * Parses @text into a tree. The result refers to nothing in @text.
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 */
WbJsonDoc *
wb_json_parse (const char *text, gsize len, GError **error)
{
  g_autoptr(WbJsonDoc) doc = NULL;
  g_autoptr(GString) scratch = NULL;
  g_autofree Parser *ps = NULL;
  gboolean ok;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (len > WB_JSON_MAX_TEXT_LEN)
    {
      g_set_error_literal (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE,
                           _("expected at most 512 MiB of JSON text"));
      return NULL;
    }
  doc = g_new0 (WbJsonDoc, 1);
  scratch = g_string_new (NULL);
  ps = g_new0 (Parser, 1);
  ps->text = ps->p = (const guchar *) (text ? text : "");
  ps->end = ps->text + len;
  ps->doc = doc;
  ps->scratch = scratch;
  ps->error = error;
  ok = parse (ps);
  g_free (ps->nodes);
  g_free (ps->keys);
  if (!ok)
    return NULL;
  return g_steal_pointer (&doc);
}
