/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-oob-csv"
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-oob-csv-private.h"
#include "wb-util-private.h"

/* Writing a game's order of battle as CSV: one row per formation, then one
 * per unit, the columns of wb-oob-csv-private.h. */

static gboolean
needs_quotes (const char *text)
{
  gsize n = strlen (text);

  /* An empty text is quoted: an unquoted empty cell means "nothing". */
  if (n == 0 || strpbrk (text, ",\"\r\n") != NULL)
    return TRUE;
  return g_ascii_isspace (text[0]) || g_ascii_isspace (text[n - 1]);
}

static void
append_cell (GString    *out,
             const char *text,
             gboolean    first)
{
  if (!first)
    g_string_append_c (out, ',');
  if (text == NULL)
    return;
  if (!needs_quotes (text))
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The names of @formation_id and the formations above it, from the top. */
static char *
formation_path (WbGame     *game,
                const char *formation_id)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *path = g_string_new (NULL);
  WbFormation *f = wb_game_find_formation (game, formation_id);

  for (int depth = 0; f != NULL && depth < MAX_DEPTH; depth++)
    {
      g_ptr_array_add (names, f->name != NULL ? f->name : (char *) f->id);
      f = wb_game_find_formation (game, f->parent);
    }
  for (guint i = names->len; i-- > 0;)
    {
      if (path->len > 0)
        g_string_append (path, PATH_SEPARATOR);
      g_string_append (path, g_ptr_array_index (names, i));
    }
  return g_string_free (path, FALSE);
}

/* The shortest text that reads back as exactly @d. */
static char *
format_number (double d)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.15g", d);
  if (g_ascii_strtod (buf, NULL) != d)
    g_ascii_formatd (buf, sizeof buf, "%.17g", d);
  return g_strdup (buf);
}

static char *
format_attr (const WbAttrValue *v)
{
  switch (v->type)
    {
    case WB_ATTR_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, v->i);
    case WB_ATTR_NUMBER:
      return format_number (v->d);
    case WB_ATTR_BOOL:
      return g_strdup (v->b ? "true" : "false");
    case WB_ATTR_STRING:
    case WB_ATTR_FIREPOWER:
      return g_strdup (v->s);
    default:
      g_assert_not_reached ();
    }
}

static char *
format_current (const WbStrength *s)
{
  switch (s->kind)
    {
    case WB_STRENGTH_SINGLE:
      return NULL;
    case WB_STRENGTH_STEPS:
      return g_strdup_printf ("%u", s->current + 1u);
    case WB_STRENGTH_SIDES:
      return g_strdup (s->current == 0 ? "fresh" : "worn");
    default:
      g_assert_not_reached ();
    }
}

/**
 * wb_oob_csv_export:
 * @game: a game
 * @out: where the CSV goes
 *
 * Appends @game's order of battle as CSV (RFC 4180, UTF-8, CRLF line ends):
 * the header, one row per formation in file order, then one per unit in
 * file order. See docs/file-format.md for the columns.
 */
void
wb_oob_csv_export (WbGame  *game,
                   GString *out)
{
  g_autoptr(GPtrArray) attr_ids = NULL;
  GPtrArray *formations, *units;

  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (out != NULL);

  attr_ids = collect_attr_ids (game);
  for (int c = 0; c < N_FIXED; c++)
    append_cell (out, fixed_columns[c], c == 0);
  for (guint a = 0; a < attr_ids->len; a++)
    {
      g_autofree char *name = attr_column_name (g_ptr_array_index (attr_ids, a));
      append_cell (out, name, FALSE);
    }
  g_string_append (out, "\r\n");

  formations = wb_game_get_formations (game);
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      g_autofree char *path = f->parent ? formation_path (game, f->parent) : NULL;
      const char *cells[N_FIXED] = { NULL };

      cells[COL_KIND] = "formation";
      cells[COL_SIDE] = f->side;
      cells[COL_FORMATION] = f->parent;
      cells[COL_PATH] = path;
      cells[COL_ID] = f->id;
      cells[COL_NAME] = f->name;
      cells[COL_ECHELON] = f->echelon;
      cells[COL_COLOR] = f->color;
      for (int c = 0; c < N_FIXED; c++)
        append_cell (out, cells[c], c == 0);
      for (guint a = 0; a < attr_ids->len; a++)
        append_cell (out, NULL, FALSE);
      g_string_append (out, "\r\n");
    }

  units = wb_game_get_units (game);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      const WbStrength *strength = wb_unit_get_strength (u);
      const char *formation = wb_unit_get_formation (u);
      const char *name = wb_unit_get_name (u);
      const char *designation = wb_unit_get_designation (u);
      g_autofree char *path = formation ? formation_path (game, formation) : NULL;
      g_autofree char *strength_text = wb_strength_to_string (strength);
      g_autofree char *current = format_current (strength);
      const char *cells[N_FIXED] = { NULL };

      cells[COL_KIND] = "unit";
      cells[COL_SIDE] = wb_unit_get_side (u);
      cells[COL_FORMATION] = formation;
      cells[COL_PATH] = path;
      cells[COL_ID] = wb_unit_get_id (u);
      cells[COL_NAME] = name;
      /* Like the game file: no designation when it is the name. */
      cells[COL_DESIGNATION] = g_strcmp0 (designation, name) != 0 ? designation : NULL;
      cells[COL_CLASS] = wb_unit_get_class_id (u);
      cells[COL_SIZE] = wb_unit_get_size (u);
      cells[COL_STRENGTH] = strength_text;
      cells[COL_CURRENT] = current;
      cells[COL_NOTE] = wb_unit_get_note (u);
      for (int c = 0; c < N_FIXED; c++)
        append_cell (out, cells[c], c == 0);
      for (guint a = 0; a < attr_ids->len; a++)
        {
          const WbAttrValue *v = wb_unit_get_attr (u, g_ptr_array_index (attr_ids, a));
          g_autofree char *text = v ? format_attr (v) : NULL;
          append_cell (out, text, FALSE);
        }
      g_string_append (out, "\r\n");
    }
}

/**
 * wb_oob_csv_write:
 * @game: a game
 * @stream: an open output stream (left open)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an I/O error
 *
 * Writes wb_oob_csv_export()'s text to @stream.
 *
 * Returns: %TRUE on success
 */
gboolean
wb_oob_csv_write (WbGame         *game,
                  GOutputStream  *stream,
                  GCancellable   *cancellable,
                  GError        **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);

  wb_oob_csv_export (game, text);
  return g_output_stream_write_all (stream, text->str, text->len, NULL, cancellable, error);
}
