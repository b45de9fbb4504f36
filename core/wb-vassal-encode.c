/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-vassal"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "wb-vassal.h"
#include "wb-vassal-private.h"

/* VASSAL's own string encodings, as its Java writes them: SequenceEncoder,
 * the AddPiece command, the traits of a piece, buildFile.xml's elements
 * and the saved game's obfuscation (see docs/vassal-export.md). */

/* --- SequenceEncoder ------------------------------------------------------- */


void
_wb_vassal_se_init (SeqEnc *se,
                    char    delim)
{
  se->s = g_string_new (NULL);
  se->delim = delim;
  se->started = FALSE;
}

void
_wb_vassal_se_append (SeqEnc     *se,
                      const char *item)
{
  gsize len;
  gboolean quote;

  if (se->started)
    g_string_append_c (se->s, se->delim);
  se->started = TRUE;
  if (item == NULL)
    return;
  len = strlen (item);
  quote = (len > 0 && item[len - 1] == '\\') ||
          (len > 0 && item[0] == '\'' && item[len - 1] == '\'');
  if (quote)
    g_string_append_c (se->s, '\'');
  for (const char *p = item; *p; p++)
    {
      if (*p == se->delim)
        g_string_append_c (se->s, '\\');
      g_string_append_c (se->s, *p);
    }
  if (quote)
    g_string_append_c (se->s, '\'');
}

void
_wb_vassal_se_append_int (SeqEnc *se,
                          gint64  v)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, v);
  _wb_vassal_se_append (se, buf);
}

char *
_wb_vassal_se_finish (SeqEnc *se)
{
  return g_string_free (se->s, FALSE);
}

/* A trait stack (a Decorator chain) from the outermost trait inwards:
 * getType () and getState () are each trait's own part, then the inner
 * piece's whole, joined by a tab. */
char *
_wb_vassal_nest (const char * const *parts,
                 guint               n)
{
  char *inner = g_strdup (parts[n - 1]);

  for (guint i = n - 1; i-- > 0;)
    {
      SeqEnc se;

      _wb_vassal_se_init (&se, '\t');
      _wb_vassal_se_append (&se, parts[i]);
      _wb_vassal_se_append (&se, inner);
      g_free (inner);
      inner = _wb_vassal_se_finish (&se);
    }
  return inner;
}

/* BasicCommandEncoder's AddPiece: "+/" then id, type and state joined by
 * '/'; a PieceSlot's piece has the id "null". */
char *
_wb_vassal_add_piece_command (const char *id,
                              const char *type,
                              const char *state)
{
  SeqEnc se;
  g_autofree char *value = NULL;

  _wb_vassal_se_init (&se, '/');
  _wb_vassal_se_append (&se, id != NULL ? id : "null");
  _wb_vassal_se_append (&se, type);
  _wb_vassal_se_append (&se, state);
  value = _wb_vassal_se_finish (&se);
  return g_strconcat ("+/", value, NULL);
}

/* --- XML ------------------------------------------------------------------- */

/* An element with attributes given as name, value pairs ending in NULL; a
 * NULL value leaves the attribute out. @empty closes the element. */
void
_wb_vassal_xml_open (GString    *x,
                     int         depth,
                     gboolean    empty,
                     const char *element,
                     ...)
{
  va_list ap;
  const char *name;

  for (int i = 0; i < depth; i++)
    g_string_append (x, "    ");
  g_string_append_printf (x, "<%s", element);
  va_start (ap, element);
  while ((name = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);
      g_autofree char *escaped = NULL;

      if (value == NULL)
        continue;
      escaped = g_markup_escape_text (value, -1);
      g_string_append_printf (x, " %s=\"%s\"", name, escaped);
    }
  va_end (ap);
  g_string_append (x, empty ? "/>\n" : ">\n");
}

void
_wb_vassal_xml_close (GString    *x,
                      int         depth,
                      const char *element)
{
  for (int i = 0; i < depth; i++)
    g_string_append (x, "    ");
  g_string_append_printf (x, "</%s>\n", element);
}

void
_wb_vassal_xml_text_element (GString    *x,
                             int         depth,
                             const char *element,
                             const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  for (int i = 0; i < depth; i++)
    g_string_append (x, "    ");
  if (*escaped == '\0')
    g_string_append_printf (x, "<%s/>\n", element);
  else
    g_string_append_printf (x, "<%s>%s</%s>\n", element, escaped, element);
}

char *
_wb_vassal_fmt_int (gint64 v)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, v);
}

/* Java's Double.valueOf reads it; the C locale's point whatever ours. */
char *
_wb_vassal_fmt_double (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6f", v));
}


/* Layer (Embellishment, "emb2;") as Embellishment.myGetType () writes it,
 * version 1: the named key strokes at the end are the ones used. */
char *
_wb_vassal_layer_type (const char         *activate_command,
                       const char         *activate_key,
                       const char         *up_command,
                       const char         *up_key,
                       const char         *down_command,
                       const char         *down_key,
                       const char * const *images,
                       guint               n_images,
                       gboolean            loop,
                       const char         *name,
                       gboolean            always_active,
                       const char         *activate_stroke,
                       const char         *up_stroke,
                       const char         *down_stroke)
{
  SeqEnc se, imgs, names;
  g_autofree char *img_list = NULL, *name_list = NULL, *value = NULL;

  _wb_vassal_se_init (&imgs, ',');
  _wb_vassal_se_init (&names, ',');
  for (guint i = 0; i < n_images; i++)
    {
      _wb_vassal_se_append (&imgs, images[i]);
      _wb_vassal_se_append (&names, "");
    }
  img_list = _wb_vassal_se_finish (&imgs);
  name_list = _wb_vassal_se_finish (&names);

  _wb_vassal_se_init (&se, ';');
  _wb_vassal_se_append (&se, activate_command);
  _wb_vassal_se_append (&se, CTRL);
  _wb_vassal_se_append (&se, activate_key);
  _wb_vassal_se_append (&se, up_command);
  _wb_vassal_se_append (&se, CTRL);
  _wb_vassal_se_append (&se, up_key);
  _wb_vassal_se_append (&se, down_command);
  _wb_vassal_se_append (&se, CTRL);
  _wb_vassal_se_append (&se, down_key);
  _wb_vassal_se_append (&se, "");          /* reset command */
  _wb_vassal_se_append (&se, "");          /* reset key */
  _wb_vassal_se_append (&se, "1");         /* reset level */
  _wb_vassal_se_append (&se, "false");     /* drawn underneath when selected */
  _wb_vassal_se_append (&se, "0");         /* x offset: images are centred */
  _wb_vassal_se_append (&se, "0");
  _wb_vassal_se_append (&se, img_list);
  _wb_vassal_se_append (&se, name_list);   /* level names: none, the piece keeps its name */
  _wb_vassal_se_append (&se, loop ? "true" : "false");
  _wb_vassal_se_append (&se, name);
  _wb_vassal_se_append (&se, "");          /* random key and text */
  _wb_vassal_se_append (&se, "");
  _wb_vassal_se_append (&se, "false");     /* follows a property */
  _wb_vassal_se_append (&se, "");
  _wb_vassal_se_append (&se, "1");
  _wb_vassal_se_append (&se, "1");         /* version */
  _wb_vassal_se_append (&se, always_active ? "true" : "false");
  _wb_vassal_se_append (&se, activate_stroke);
  _wb_vassal_se_append (&se, up_stroke);
  _wb_vassal_se_append (&se, down_stroke);
  value = _wb_vassal_se_finish (&se);
  return g_strconcat ("emb2;", value, NULL);
}

char *
_wb_vassal_basic_piece_type (const char *image,
                             const char *name)
{
  SeqEnc se;
  g_autofree char *value = NULL;

  _wb_vassal_se_init (&se, ';');
  _wb_vassal_se_append (&se, "");          /* clone and delete keys: none */
  _wb_vassal_se_append (&se, "");
  _wb_vassal_se_append (&se, image);
  _wb_vassal_se_append (&se, name);
  value = _wb_vassal_se_finish (&se);
  return g_strconcat ("piece;", value, NULL);
}

/* Marker ("mark;"): the unit's id and side as piece properties, so a
 * module script, the round trip and a person in VASSAL's property viewer
 * can tell which unit a piece is. */
char *
_wb_vassal_marker_type (void)
{
  return g_strdup ("mark;WarbenchId,WarbenchSide");
}

char *
_wb_vassal_marker_state (const char *id,
                         const char *side)
{
  SeqEnc se;

  _wb_vassal_se_init (&se, ',');
  _wb_vassal_se_append (&se, id);
  _wb_vassal_se_append (&se, side != NULL ? side : "");
  return _wb_vassal_se_finish (&se);
}

/* BasicPiece.getState (): map, x, y, the palette slot's id, then no
 * persistent properties. */
char *
_wb_vassal_basic_piece_state (const char *map,
                              int         x,
                              int         y,
                              const char *gpid)
{
  SeqEnc se;

  _wb_vassal_se_init (&se, ';');
  _wb_vassal_se_append (&se, map != NULL ? map : "null");
  _wb_vassal_se_append_int (&se, x);
  _wb_vassal_se_append_int (&se, y);
  _wb_vassal_se_append (&se, gpid);
  _wb_vassal_se_append (&se, "0");
  return _wb_vassal_se_finish (&se);
}

/* ObfuscatingOutputStream (through VASSAL 3.7): "!VCSK", the key byte in
 * two hex digits, then each byte XORed with the key, in two hex digits. */
char *
_wb_vassal_obfuscate (const char *text,
                      guint8      key)
{
  static const char hex[] = "0123456789abcdef";
  gsize len = strlen (text);
  GString *s = g_string_sized_new (7 + 2 * len);

  g_string_append (s, "!VCSK");
  g_string_append_c (s, hex[key >> 4]);
  g_string_append_c (s, hex[key & 15]);
  for (gsize i = 0; i < len; i++)
    {
      guint8 b = (guint8) text[i] ^ key;

      g_string_append_c (s, hex[b >> 4]);
      g_string_append_c (s, hex[b & 15]);
    }
  return g_string_free (s, FALSE);
}
