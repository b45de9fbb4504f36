/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "warbench-core.h"
#include "warbench-cli-private.h"

/* warbench-cli: tables — `table` (the table as CSV, its exact analysis as text or
 * JSON) and `chart` (the table as a printable chart). */

/* --- chart ----------------------------------------------------------------- */

static const char *
table_id (gpointer table)
{
  return wb_table_get_id (table);
}

/* A table by id, or by name (any case). */
static WbTable *
find_chart_table (WbGame     *game,
                  const char *name)
{
  GPtrArray *tables = wb_game_get_tables (game);
  WbTable *table = wb_game_find_table (game, name);

  for (guint i = 0; table == NULL && i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      g_autofree char *a = g_utf8_casefold (name, -1);
      g_autofree char *b = g_utf8_casefold (wb_table_get_name (t), -1);

      if (g_utf8_collate (a, b) == 0)
        table = t;
    }

  return table;
}

int
cmd_chart (const char  *prog,
           int          argc,
           char       **argv)
{
  g_autofree char *output = NULL;
  double scale = 1.0;
  const GOptionEntry entries[] = {
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale,
      N_("Pixels (PNG) or a zoom (SVG, PDF) per point, default 1"), N_("S") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write: .png, .svg or .pdf"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbTable *table;
  WbExportFormat format;

  if (!parse_options (prog, "chart", _("FILE TABLE"),
                      _("Draws a table (by id or name) as a printed chart: headers, rows, "
                        "coloured bands, the legend of result codes and the source note."),
                      NULL, entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc != 3)
    return usage_error (prog, "chart", _("Give a game file and a table"));
  if (output == NULL)
    return usage_error (prog, "chart", _("No output file given (-o FILE)"));
  if (!wb_export_format_from_path (output, &format))
    return usage_error (prog, "chart",
                        _("Unknown output format (expected a name ending in .png, .svg or .pdf)"));
  if (!(scale > 0 && scale <= 50))
    return usage_error (prog, "chart", _("The scale must be above 0 and at most 50"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  table = find_chart_table (game, argv[2]);
  if (table == NULL)
    {
      out (stderr, _("%s: no table “%s” in %s\n"), prog, argv[2], argv[1]);
      list_ids (stderr, _("Tables:"), wb_game_get_tables (game), table_id);
      return STATUS_FAILED;
    }

  if (!wb_render_table_to_file (game, table, output, format, scale, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }

  return STATUS_OK;
}

/* --- table ----------------------------------------------------------------- */

static WbTable *
find_table (WbGame     *game,
            const char *name)
{
  GPtrArray *tables = wb_game_get_tables (game);

  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (wb_table_get_id (g_ptr_array_index (tables, i)), name) == 0)
      return g_ptr_array_index (tables, i);
  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (wb_table_get_name (g_ptr_array_index (tables, i)), name) == 0)
      return g_ptr_array_index (tables, i);
  return NULL;
}

static void
csv_field (GString    *s,
           const char *text)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (s, text);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

/* The table as printed, RFC 4180: a header of "Roll" and the column labels,
 * then each row's label and cells. */
static void
table_csv (WbTable *table)
{
  GPtrArray *columns = wb_table_get_columns (table);
  GPtrArray *rows = wb_table_get_rows (table);
  g_autoptr(GString) s = g_string_new (NULL);

  csv_field (s, _("Roll"));
  for (guint c = 0; c < columns->len; c++)
    {
      g_string_append_c (s, ',');
      csv_field (s, ((WbTableColumn *) g_ptr_array_index (columns, c))->label);
    }
  g_string_append (s, "\r\n");
  for (guint r = 0; r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);

      csv_field (s, row->label);
      for (guint c = 0; c < row->cells->len; c++)
        {
          g_string_append_c (s, ',');
          csv_field (s, g_ptr_array_index (row->cells, c));
        }
      g_string_append (s, "\r\n");
    }
  fwrite (s->str, 1, s->len, stdout);
}

/* "33.3% (1/3)": the fraction only where it is short. */
static char *
probability_text (guint64 count,
                  guint64 total)
{
  g_autofree char *fraction = wb_fraction_format (count, total);
  char pct[32];

  if (count == 0)
    return g_strdup ("-");
  g_ascii_formatd (pct, sizeof pct, "%.1f", 100.0 * (double) count / (double) total);
  if (strlen (fraction) <= 5 && count != total)
    return g_strdup_printf ("%s%% %s", pct, fraction);
  return g_strdup_printf ("%s%%", pct);
}

/* Every result that appears in any column, in order of first appearance. */
static GPtrArray *
all_results (GPtrArray *outcome_arrays)
{
  GPtrArray *results = g_ptr_array_new ();

  for (guint c = 0; c < outcome_arrays->len; c++)
    {
      GArray *outcomes = g_ptr_array_index (outcome_arrays, c);

      for (guint i = 0; i < outcomes->len; i++)
        {
          const char *r = g_array_index (outcomes, WbTableOutcome, i).result;

          if (!g_ptr_array_find (results, r, NULL))
            g_ptr_array_add (results, (gpointer) r);
        }
    }
  return results;
}

static guint64
outcome_count (GArray     *outcomes,
               const char *result)
{
  for (guint i = 0; i < outcomes->len; i++)
    if (g_array_index (outcomes, WbTableOutcome, i).result == result)
      return g_array_index (outcomes, WbTableOutcome, i).count;
  return 0;
}

/* One grid: a row per result, a column per table column. */
static void
print_grid (WbTableStats *stats,
            GPtrArray    *outcome_arrays,
            const guint64 *uncovered,
            const char   *uncovered_label)
{
  g_autoptr(GPtrArray) results = all_results (outcome_arrays);
  guint n = outcome_arrays->len;
  gboolean any_uncovered = FALSE;
  int width = 12, label_width = 10;

  for (guint c = 0; c < n; c++)
    any_uncovered |= uncovered[c] > 0;
  for (guint c = 0; c < n; c++)
    width = MAX (width, (int) g_utf8_strlen (((WbColumnStats *) stats->columns->pdata[c])->label, -1) + 2);

  for (guint r = 0; r < results->len; r++)
    label_width = MAX (label_width, (int) g_utf8_strlen (g_ptr_array_index (results, r), -1));
  label_width = MIN (label_width, 24);
  out (stdout, "%*s", label_width, "");
  for (guint c = 0; c < n; c++)
    out (stdout, " %*s", width, ((WbColumnStats *) stats->columns->pdata[c])->label);
  out (stdout, "\n");
  for (guint r = 0; r <= results->len; r++)
    {
      const char *result;

      if (r == results->len && !any_uncovered)
        break;
      result = r < results->len ? g_ptr_array_index (results, r) : uncovered_label;
      if (g_utf8_strlen (result, -1) > label_width)
        {
          g_autofree char *cut = g_utf8_substring (result, 0, label_width - 1);
          out (stdout, "%s…", cut);
        }
      else
        {
          out (stdout, "%s%*s", result, label_width - (int) g_utf8_strlen (result, -1), "");
        }
      for (guint c = 0; c < n; c++)
        {
          guint64 count = r < results->len
                          ? outcome_count (g_ptr_array_index (outcome_arrays, c), result)
                          : uncovered[c];
          g_autofree char *text = probability_text (count, stats->dice->total);
          out (stdout, " %*s", width, text);
        }
      out (stdout, "\n");
    }
}

static void
print_stats (WbTable      *table,
             WbTableStats *stats)
{
  g_autoptr(GPtrArray) arrays = g_ptr_array_new ();
  g_autofree guint64 *uncovered = g_new0 (guint64, stats->columns->len + 1);
  gboolean any_losses = FALSE;
  int min, max;

  out (stdout, "%s (%s, %s)\n", wb_table_get_name (table),
       wb_table_kind_to_string (wb_table_get_kind (table)), stats->dice->spec);
  if (stats->columns->len == 0)
    {
      out (stdout, "%s\n", _("The table has no columns."));
      return;
    }

  if (wb_table_get_kind (table) == WB_TABLE_FIRE && wb_fire_table_ratings (table, &min, &max))
    {
      g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

      for (int rating = min; rating <= max; rating++)
        {
          g_ptr_array_set_size (owned, 0);
          for (guint c = 0; c < stats->columns->len; c++)
            g_ptr_array_add (owned, wb_fire_band_stats (table, stats->dice, c, rating,
                                                        &uncovered[c]));
          out (stdout, "\n");
          out (stdout, _("Target rating %d:\n"), rating);
          print_grid (stats, owned, uncovered, _("none"));
        }
      return;
    }

  for (guint c = 0; c < stats->columns->len; c++)
    {
      WbColumnStats *cs = stats->columns->pdata[c];

      g_ptr_array_add (arrays, cs->outcomes);
      uncovered[c] = cs->uncovered;
      any_losses |= cs->effects_known;
    }
  out (stdout, "\n");
  print_grid (stats, arrays, uncovered, _("uncovered"));

  if (any_losses)
    {
      out (stdout, "\n%s\n", _("Expected results (eliminations as a share of the force, "
                               "steps, chance of retreat; score = defender's loss − attacker's):"));
      for (guint c = 0; c < stats->columns->len; c++)
        {
          WbColumnStats *cs = stats->columns->pdata[c];

          if (!cs->effects_known)
            {
              out (stdout, _("  %-8s results not all known codes\n"), cs->label);
              continue;
            }
          out (stdout, _("  %-8s attacker: elim %.3f steps %.3f retreat %.3f; "
                         "defender: elim %.3f steps %.3f retreat %.3f; score %+.3f\n"),
               cs->label, cs->expected.attacker_eliminated, cs->expected.attacker_steps,
               cs->expected.attacker_retreat, cs->expected.defender_eliminated,
               cs->expected.defender_steps, cs->expected.defender_retreat, cs->score);
        }
    }

  out (stdout, "\n");
  if (stats->n_flagged == 0)
    out (stdout, "%s\n", _("No column flagged."));
  for (guint c = 0; c < stats->columns->len; c++)
    {
      WbColumnStats *cs = stats->columns->pdata[c];

      if (cs->non_monotonic)
        out (stdout, _("Flagged %s: %s\n"), cs->label, cs->reason);
    }
}

static void
json_outcomes (JsonBuilder *b,
               GArray      *outcomes,
               guint64      total)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < outcomes->len; i++)
    {
      const WbTableOutcome *o = &g_array_index (outcomes, WbTableOutcome, i);
      g_autofree char *fraction = wb_fraction_format (o->count, total);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, o->result);
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, (gint64) o->count);
      json_builder_set_member_name (b, "fraction");
      json_builder_add_string_value (b, fraction);
      json_builder_set_member_name (b, "probability");
      json_builder_add_double_value (b, (double) o->count / (double) total);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_stats_json (WbTable      *table,
                  WbTableStats *stats)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  int min, max;
  gboolean fire = wb_table_get_kind (table) == WB_TABLE_FIRE &&
                  wb_fire_table_ratings (table, &min, &max);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, wb_table_get_id (table));
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, wb_table_get_name (table));
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, wb_table_kind_to_string (wb_table_get_kind (table)));
  json_builder_set_member_name (b, "dice");
  json_builder_add_string_value (b, stats->dice->spec);
  json_builder_set_member_name (b, "throws");
  json_builder_add_int_value (b, (gint64) stats->dice->total);
  json_builder_set_member_name (b, "flagged");
  json_builder_add_int_value (b, stats->n_flagged);
  json_builder_set_member_name (b, "columns");
  json_builder_begin_array (b);
  for (guint c = 0; c < stats->columns->len; c++)
    {
      WbColumnStats *cs = stats->columns->pdata[c];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, cs->label);
      json_builder_set_member_name (b, "outcomes");
      json_outcomes (b, cs->outcomes, stats->dice->total);
      json_builder_set_member_name (b, "uncovered");
      json_builder_add_int_value (b, (gint64) cs->uncovered);
      if (cs->effects_known)
        {
          json_builder_set_member_name (b, "expected");
          json_builder_begin_object (b);
#define MEMBER(field) \
          json_builder_set_member_name (b, #field); \
          json_builder_add_double_value (b, cs->expected.field);
          MEMBER (attacker_eliminated) MEMBER (attacker_steps) MEMBER (attacker_retreat)
          MEMBER (defender_eliminated) MEMBER (defender_steps) MEMBER (defender_retreat)
#undef MEMBER
          json_builder_set_member_name (b, "score");
          json_builder_add_double_value (b, cs->score);
          json_builder_end_object (b);
        }
      json_builder_set_member_name (b, "non_monotonic");
      json_builder_add_boolean_value (b, cs->non_monotonic);
      if (cs->reason)
        {
          json_builder_set_member_name (b, "reason");
          json_builder_add_string_value (b, cs->reason);
        }
      if (fire)
        {
          json_builder_set_member_name (b, "bands");
          json_builder_begin_array (b);
          for (int rating = min; rating <= max; rating++)
            {
              guint64 none;
              g_autoptr(GArray) bands = wb_fire_band_stats (table, stats->dice, c, rating, &none);

              json_builder_begin_object (b);
              json_builder_set_member_name (b, "rating");
              json_builder_add_int_value (b, rating);
              json_builder_set_member_name (b, "bands");
              json_outcomes (b, bands, stats->dice->total);
              json_builder_set_member_name (b, "none");
              json_builder_add_int_value (b, (gint64) none);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  out (stdout, "%s\n", text);
}

int
cmd_table (const char  *prog,
           int          argc,
           char       **argv)
{
  gboolean stats_arg = FALSE, json = FALSE, csv = FALSE;
  const GOptionEntry entries[] = {
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats_arg,
      N_("Each column's exact outcome probabilities, expected losses and flags"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("The same analysis as JSON"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("The table itself as CSV"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbTableStats) stats = NULL;
  WbTable *table;

  if (!parse_options (prog, "table", _("FILE NAME"),
                      _("Prints a table as CSV or its exact outcome probabilities."),
                      _("NAME is the table's id or name. --stats and --json read every column\n"
                        "under the table's dice exactly (no sampling), give expected losses\n"
                        "where the result codes are known (Ae Ar De Dr Ex NE D2 A1 …) and flag\n"
                        "columns worse for the attacker than the column to their left.\n"
                        "Exits with 1 when a column is flagged."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 3)
    return usage_error (prog, "table", argc < 3 ? _("Give a game file and a table name")
                                                : _("Unexpected argument"));
  if ((int) stats_arg + (int) json + (int) csv != 1)
    return usage_error (prog, "table", _("Give exactly one of --stats, --json and --csv"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  table = find_table (game, argv[2]);
  if (table == NULL)
    {
      out (stderr, _("%s: no table “%s”; the tables are:"), argv[1], argv[2]);
      for (guint i = 0; i < wb_game_get_tables (game)->len; i++)
        out (stderr, " %s", wb_table_get_id (g_ptr_array_index (wb_game_get_tables (game), i)));
      out (stderr, "\n");
      return STATUS_FAILED;
    }
  if (csv)
    {
      table_csv (table);
      return STATUS_OK;
    }
  stats = wb_table_stats_new (table, &error);
  if (stats == NULL)
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  if (json)
    print_stats_json (table, stats);
  else
    print_stats (table, stats);
  return stats->n_flagged > 0 ? STATUS_FAILED : STATUS_OK;
}

