/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-json-locate"
#include "config.h"

#include <string.h>

#include "wb-json-locate-private.h"

/* Only run when reporting an error, so it favours simplicity over speed:
 * it walks the text once along the path, skipping sibling values. The text
 * already parsed as JSON, so it is well formed; the walker still bounds
 * every access because it also runs on text that may not be. */

typedef struct
{
  const char *p, *end;
  int         line, col;
} Cursor;

static void
advance (Cursor *c)
{
  if (c->p >= c->end)
    return;
  if (*c->p == '\n')
    {
      c->line++;
      c->col = 1;
    }
  else if (((guchar) *c->p & 0xC0) != 0x80)
    c->col++;
  c->p++;
}

static void
skip_ws (Cursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
    advance (c);
}

/* Reads a string at the cursor (which is on the opening quote) into @out
 * (if not NULL); escapes are kept undecoded except \" and \\. */
static gboolean
read_string (Cursor *c, GString *out)
{
  if (c->p >= c->end || *c->p != '"')
    return FALSE;
  advance (c);
  while (c->p < c->end && *c->p != '"')
    {
      if (*c->p == '\\' && c->p + 1 < c->end)
        {
          advance (c);
          if (out)
            g_string_append_c (out, *c->p);
          advance (c);
          continue;
        }
      if (out)
        g_string_append_c (out, *c->p);
      advance (c);
    }
  if (c->p >= c->end)
    return FALSE;
  advance (c);
  return TRUE;
}

static gboolean
skip_value (Cursor *c, int depth)
{
  if (depth > 512)
    return FALSE;
  skip_ws (c);
  if (c->p >= c->end)
    return FALSE;
  switch (*c->p)
    {
    case '"':
      return read_string (c, NULL);
    case '{':
    case '[':
      {
        char close = *c->p == '{' ? '}' : ']';
        gboolean object = close == '}';

        advance (c);
        skip_ws (c);
        if (c->p < c->end && *c->p == close)
          {
            advance (c);
            return TRUE;
          }
        for (;;)
          {
            if (object)
              {
                skip_ws (c);
                if (!read_string (c, NULL))
                  return FALSE;
                skip_ws (c);
                if (c->p >= c->end || *c->p != ':')
                  return FALSE;
                advance (c);
              }
            if (!skip_value (c, depth + 1))
              return FALSE;
            skip_ws (c);
            if (c->p >= c->end)
              return FALSE;
            if (*c->p == ',')
              {
                advance (c);
                continue;
              }
            if (*c->p == close)
              {
                advance (c);
                return TRUE;
              }
            return FALSE;
          }
      }
    default:
      while (c->p < c->end && strchr (",]} \t\r\n", *c->p) == NULL)
        advance (c);
      return TRUE;
    }
}

/* With the cursor on an object, moves it to the value of member @name. */
static gboolean
enter_member (Cursor *c, const char *name)
{
  g_autoptr(GString) key = g_string_new (NULL);
  Cursor start = *c;

  if (c->p >= c->end || *c->p != '{')
    return FALSE;
  advance (c);
  for (;;)
    {
      skip_ws (c);
      if (c->p >= c->end || *c->p == '}')
        break;
      g_string_truncate (key, 0);
      if (!read_string (c, key))
        break;
      skip_ws (c);
      if (c->p >= c->end || *c->p != ':')
        break;
      advance (c);
      skip_ws (c);
      if (strcmp (key->str, name) == 0)
        return TRUE;
      if (!skip_value (c, 0))
        break;
      skip_ws (c);
      if (c->p < c->end && *c->p == ',')
        advance (c);
    }
  *c = start;
  return FALSE;
}

static gboolean
enter_element (Cursor *c, guint index)
{
  Cursor start = *c;

  if (c->p >= c->end || *c->p != '[')
    return FALSE;
  advance (c);
  for (guint i = 0;; i++)
    {
      skip_ws (c);
      if (c->p >= c->end || *c->p == ']')
        break;
      if (i == index)
        return TRUE;
      if (!skip_value (c, 0))
        break;
      skip_ws (c);
      if (c->p < c->end && *c->p == ',')
        advance (c);
    }
  *c = start;
  return FALSE;
}

gboolean
wb_json_locate (const char *text, gsize len, const char *path, int *line, int *column)
{
  Cursor c = { text, text + len, 1, 1 };
  const char *p = path;

  skip_ws (&c);
  if (c.p >= c.end)
    return FALSE;
  if (*p == '$')
    p++;
  while (*p)
    {
      if (*p == '.')
        {
          const char *end = p + 1 + strcspn (p + 1, ".[");
          g_autofree char *name = g_strndup (p + 1, (gsize) (end - p - 1));

          if (!enter_member (&c, name))
            break;
          p = end;
        }
      else if (*p == '[')
        {
          char *end = NULL;
          guint64 index = g_ascii_strtoull (p + 1, &end, 10);

          if (end == NULL || *end != ']' || !enter_element (&c, (guint) MIN (index, G_MAXUINT)))
            break;
          p = end + 1;
        }
      else
        break;
    }
  *line = c.line;
  *column = c.col;
  return TRUE;
}
