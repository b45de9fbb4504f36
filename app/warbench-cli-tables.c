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
find_table (WbGame     *game,
            const char *name)
{
  GPtrArray *tables = wb_game_get_tables (game);
  WbTable *table = wb_game_find_table (game, name);

  for (guint i = 0; table == NULL && i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      g_autofree char *a = NULL, *b = NULL;

      if (wb_table_get_name (t) == NULL)
        continue;
      a = g_utf8_casefold (name, -1);
      b = g_utf8_casefold (wb_table_get_name (t), -1);
      if (g_utf8_collate (a, b) == 0)
        table = t;
    }

  return table;
}

static gboolean
scale_valid (double scale)
{
  return scale > 0 && scale <= 50;
}

/* Writes @table as a printed chart; `chart` and `table --pdf|--svg|--png`. */
static int
write_chart (const char     *prog,
             WbGame         *game,
             WbTable        *table,
             const char     *output,
             WbExportFormat  format,
             double          scale)
{
  g_autoptr(GError) error = NULL;

  if (!wb_render_table_to_file (game, table, output, format, scale, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }
  return STATUS_OK;
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
  if (!scale_valid (scale))
    return usage_error (prog, "chart", _("The scale must be above 0 and at most 50"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  table = find_table (game, argv[2]);
  if (table == NULL)
    {
      out (stderr, _("%s: no table “%s” in %s\n"), prog, argv[2], argv[1]);
      list_ids (stderr, _("Tables:"), wb_game_get_tables (game), table_id);
      return STATUS_FAILED;
    }

  return write_chart (prog, game, table, output, format, scale);
}

/* --- table ----------------------------------------------------------------- */

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

/* @text left-aligned in @width characters, cut with "…" if longer. */
static void
print_padded (const char *text,
              int         width)
{
  if (g_utf8_strlen (text, -1) > width)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, width - 1);
      out (stdout, "%s…", cut);
    }
  else
    {
      out (stdout, "%s%*s", text, width - (int) g_utf8_strlen (text, -1), "");
    }
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
      print_padded (result, label_width);
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

/* A dice-pool table: per column and row, the dice rolled and what they hit. */
static void
print_pool_stats (WbTable      *table,
                  WbTableStats *stats)
{
  GPtrArray *rows = wb_table_get_rows (table);
  g_autofree char *rule = wb_table_pool_hit_to_string (wb_table_get_pool (table));

  out (stdout, _("Dice pool: d%d, a die hits on %s\n"), wb_table_get_pool (table)->sides, rule);
  for (guint c = 0; c < stats->columns->len; c++)
    {
      WbColumnStats *cs = stats->columns->pdata[c];
      int lo, hi;

      if (!wb_table_pool_hit_faces (table, c, 0, &lo, &hi))
        lo = hi = 0;
      out (stdout, _("\nColumn %s (hits on %d–%d):\n"), cs->label, lo, hi);
      for (guint r = 0; r < rows->len; r++)
        {
          const WbTableRow *row = g_ptr_array_index (rows, r);

          if (cs->pool_dice[r] < 0)
            {
              out (stdout, _("  %-8s dice unknown\n"), row->label);
              continue;
            }
          out (stdout, _("  %-8s %d dice: expected hits %.3f, at least one hit %.1f%%\n"),
               row->label, cs->pool_dice[r], cs->pool_expected_hits[r], 100.0 * cs->pool_any_hit[r]);
        }
    }
}

/* The columns with unknown cells ("?"), and how likely a throw meets one. */
static void
print_unknown (WbTableStats *stats)
{
  gboolean first = TRUE;

  for (guint c = 0; c < stats->columns->len; c++)
    {
      WbColumnStats *cs = stats->columns->pdata[c];
      g_autofree char *p = probability_text (cs->unknown, stats->dice->total);

      if (cs->unknown == 0)
        continue;
      if (first)
        out (stdout, "\n");
      first = FALSE;
      out (stdout, _("%s: %s of the throws land on unknown cells (?): the players give the result.\n"),
           cs->label, p);
    }
}

/* The table's column shifts and modifiers, with their conditions. */
static void
print_modifiers (WbTable *table)
{
  GPtrArray *mods = wb_table_get_modifiers (table);

  if (mods->len == 0)
    return;
  out (stdout, "\n%s\n", _("Modifiers:"));
  for (guint i = 0; i < mods->len; i++)
    {
      const WbTableModifier *m = g_ptr_array_index (mods, i);
      g_autoptr(GString) what = g_string_new (NULL);

      if (m->columns)
        g_string_append_printf (what, _(" %+d column(s)"), m->columns);
      if (m->dice)
        g_string_append_printf (what, _(" %+d dice"), m->dice);
      if (m->target)
        g_string_append_printf (what, _(" %+d to the hit number"), m->target);
      if (m->roll)
        g_string_append_printf (what, _(" %+d to the roll"), m->roll);
      out (stdout, "  %-20s%s — %s", m->id, what->str, m->text ? m->text : "");
      if (m->group)
        out (stdout, _(" [one of group %s]"), m->group);
      if (m->applies)
        out (stdout, _(" (%s)"), m->applies);
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
      print_unknown (stats);
      print_modifiers (table);
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
  /* A pool's rows are strengths, not throws: its unknown cells show per row. */
  if (wb_table_get_kind (table) == WB_TABLE_DICE_POOL && wb_table_get_pool (table)->sides > 0)
    print_pool_stats (table, stats);
  else
    {
      print_grid (stats, arrays, uncovered, _("uncovered"));
      print_unknown (stats);
    }
  print_modifiers (table);

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
          if (cs->expected.attacker_morale > 0 || cs->expected.defender_morale > 0)
            out (stdout, _("  %-8s morale hits: attacker %.3f, defender %.3f\n"), "",
                 cs->expected.attacker_morale, cs->expected.defender_morale);
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
      json_builder_set_member_name (b, "unknown");
      json_builder_add_int_value (b, (gint64) cs->unknown);
      if (cs->pool_dice != NULL)
        {
          GPtrArray *rows = wb_table_get_rows (table);

          json_builder_set_member_name (b, "pool");
          json_builder_begin_array (b);
          for (guint r = 0; r < rows->len; r++)
            {
              json_builder_begin_object (b);
              json_builder_set_member_name (b, "row");
              json_builder_add_string_value (b, ((WbTableRow *) g_ptr_array_index (rows, r))->label);
              json_builder_set_member_name (b, "dice");
              json_builder_add_int_value (b, cs->pool_dice[r]);
              json_builder_set_member_name (b, "expected_hits");
              json_builder_add_double_value (b, cs->pool_expected_hits[r]);
              json_builder_set_member_name (b, "at_least_one_hit");
              json_builder_add_double_value (b, cs->pool_any_hit[r]);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
        }
      if (cs->effects_known)
        {
          json_builder_set_member_name (b, "expected");
          json_builder_begin_object (b);
#define MEMBER(field) \
          json_builder_set_member_name (b, #field); \
          json_builder_add_double_value (b, cs->expected.field);
          MEMBER (attacker_eliminated) MEMBER (attacker_steps) MEMBER (attacker_retreat)
          MEMBER (defender_eliminated) MEMBER (defender_steps) MEMBER (defender_retreat)
          MEMBER (attacker_morale) MEMBER (defender_morale)
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

/* --- table --compare ------------------------------------------------------- */

/* One side of a comparison: where the table comes from and its analysis. */
typedef struct {
  const char   *path;
  WbTable      *table;
  WbTableStats *stats;
} CompareSide;

/* "16.7%", in any locale. */
static char *
percent_text (double p)
{
  char pct[32];

  g_ascii_formatd (pct, sizeof pct, "%.1f", 100.0 * p);
  return g_strdup_printf ("%s%%", pct);
}

/* b − a in percentage points: "+16.7 pp", "-16.7 pp", "0 pp" when equal. */
static char *
points_text (double a,
             double b)
{
  char pp[32];

  if (a == b)
    return g_strdup (_("0 pp"));
  g_ascii_formatd (pp, sizeof pp, "%+.1f", 100.0 * (b - a));
  /* TRANSLATORS: a difference in percentage points, "+16.7 pp" */
  return g_strdup_printf (_("%s pp"), pp);
}

static double
uncovered_share (const CompareSide *side,
                 guint              column)
{
  const WbColumnStats *cs = side->stats->columns->pdata[column];

  return (double) cs->uncovered / (double) side->stats->dice->total;
}

static gboolean
column_diff_changed (const WbColumnDiff *d,
                     const CompareSide  *a,
                     const CompareSide  *b)
{
  for (guint i = 0; i < d->diffs->len; i++)
    {
      const WbResultDiff *r = &g_array_index (d->diffs, WbResultDiff, i);

      if (r->a != r->b)
        return TRUE;
    }
  return uncovered_share (a, d->column_a) != uncovered_share (b, d->column_b);
}

/* The diff of column @column of side @a (a's column index), or NULL. */
static const WbColumnDiff *
diff_of_column (GPtrArray *diffs,
                guint      column,
                gboolean   first)
{
  for (guint i = 0; i < diffs->len; i++)
    {
      const WbColumnDiff *d = g_ptr_array_index (diffs, i);

      if ((first ? d->column_a : d->column_b) == column)
        return d;
    }
  return NULL;
}

static void
print_column_diff (const WbColumnDiff *d,
                   const CompareSide  *a,
                   const CompareSide  *b)
{
  const WbColumnStats *ca = a->stats->columns->pdata[d->column_a];
  const WbColumnStats *cb = b->stats->columns->pdata[d->column_b];
  double ua = uncovered_share (a, d->column_a), ub = uncovered_share (b, d->column_b);
  int width = 10;

  for (guint i = 0; i < d->diffs->len; i++)
    width = MAX (width, (int) g_utf8_strlen (g_array_index (d->diffs, WbResultDiff, i).result, -1));
  width = MIN (width, 24);

  out (stdout, "\n");
  if (column_diff_changed (d, a, b))
    out (stdout, _("Column %s: changed\n"), d->label);
  else
    out (stdout, _("Column %s: no change\n"), d->label);
  for (guint i = 0; i <= d->diffs->len; i++)
    {
      const char *result;
      double pa, pb;
      g_autofree char *ta = NULL, *tb = NULL, *tp = NULL;

      if (i < d->diffs->len)
        {
          const WbResultDiff *r = &g_array_index (d->diffs, WbResultDiff, i);

          result = r->result;
          pa = r->a;
          pb = r->b;
        }
      else if (ua > 0 || ub > 0)
        {
          result = _("uncovered");
          pa = ua;
          pb = ub;
        }
      else
        {
          break;
        }
      ta = percent_text (pa);
      tb = percent_text (pb);
      tp = points_text (pa, pb);
      out (stdout, "  ");
      print_padded (result, width);
      out (stdout, " %8s %8s %10s\n", ta, tb, tp);
    }
  if (ca->effects_known && cb->effects_known && ca->score == cb->score)
    out (stdout, _("  Attacker's expected score %+.3f, unchanged\n"), ca->score);
  else if (ca->effects_known && cb->effects_known)
    out (stdout, _("  Attacker's expected score %+.3f → %+.3f (%+.3f)\n"),
         ca->score, cb->score, cb->score - ca->score);
  else
    out (stdout, "  %s\n", _("Attacker's expected score not known: "
                             "results not all known codes"));
}

static void
print_compare (const CompareSide *a,
               const CompareSide *b,
               GPtrArray         *diffs)
{
  out (stdout, _("First:  %s (%s, %s) in %s\n"), wb_table_get_name (a->table),
       wb_table_get_id (a->table), a->stats->dice->spec, a->path);
  out (stdout, _("Second: %s (%s, %s) in %s\n"), wb_table_get_name (b->table),
       wb_table_get_id (b->table), b->stats->dice->spec, b->path);
  out (stdout, "%s\n", _("Per column: each result's probability in the first and the second "
                         "table and the change in percentage points."));

  for (guint c = 0; c < a->stats->columns->len; c++)
    {
      const WbColumnDiff *d = diff_of_column (diffs, c, TRUE);

      if (d != NULL)
        {
          print_column_diff (d, a, b);
        }
      else
        {
          out (stdout, "\n");
          out (stdout, _("Column %s: only in the first table\n"),
               ((WbColumnStats *) a->stats->columns->pdata[c])->label);
        }
    }
  for (guint c = 0; c < b->stats->columns->len; c++)
    if (diff_of_column (diffs, c, FALSE) == NULL)
      {
        out (stdout, "\n");
        out (stdout, _("Column %s: only in the second table\n"),
             ((WbColumnStats *) b->stats->columns->pdata[c])->label);
      }
}

static void
json_compare_side (JsonBuilder       *b,
                   const CompareSide *side)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, side->path);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, wb_table_get_id (side->table));
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, wb_table_get_name (side->table));
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, wb_table_kind_to_string (wb_table_get_kind (side->table)));
  json_builder_set_member_name (b, "dice");
  json_builder_add_string_value (b, side->stats->dice->spec);
  json_builder_end_object (b);
}

/* {"first": p, "second": p, "points": (second − first) × 100} */
static void
json_pair (JsonBuilder *b,
           double       pa,
           double       pb)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "first");
  json_builder_add_double_value (b, pa);
  json_builder_set_member_name (b, "second");
  json_builder_add_double_value (b, pb);
  json_builder_set_member_name (b, "points");
  json_builder_add_double_value (b, 100.0 * (pb - pa));
  json_builder_end_object (b);
}

static void
json_column_diff (JsonBuilder        *b,
                  const WbColumnDiff *d,
                  const CompareSide  *a,
                  const CompareSide  *bside)
{
  const WbColumnStats *ca = a->stats->columns->pdata[d->column_a];
  const WbColumnStats *cb = bside->stats->columns->pdata[d->column_b];
  double ua = uncovered_share (a, d->column_a), ub = uncovered_share (bside, d->column_b);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, d->label);
  json_builder_set_member_name (b, "in");
  json_builder_add_string_value (b, "both");
  json_builder_set_member_name (b, "changed");
  json_builder_add_boolean_value (b, column_diff_changed (d, a, bside));
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < d->diffs->len; i++)
    {
      const WbResultDiff *r = &g_array_index (d->diffs, WbResultDiff, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, r->result);
      json_builder_set_member_name (b, "first");
      json_builder_add_double_value (b, r->a);
      json_builder_set_member_name (b, "second");
      json_builder_add_double_value (b, r->b);
      json_builder_set_member_name (b, "points");
      json_builder_add_double_value (b, 100.0 * (r->b - r->a));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  if (ua > 0 || ub > 0)
    {
      json_builder_set_member_name (b, "uncovered");
      json_pair (b, ua, ub);
    }
  if (ca->effects_known && cb->effects_known)
    {
      json_builder_set_member_name (b, "score");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "first");
      json_builder_add_double_value (b, ca->score);
      json_builder_set_member_name (b, "second");
      json_builder_add_double_value (b, cb->score);
      json_builder_set_member_name (b, "change");
      json_builder_add_double_value (b, cb->score - ca->score);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
json_only_column (JsonBuilder *b,
                  const char  *label,
                  const char  *in)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, label);
  json_builder_set_member_name (b, "in");
  json_builder_add_string_value (b, in);
  json_builder_end_object (b);
}

static void
print_compare_json (const CompareSide *a,
                    const CompareSide *bside,
                    GPtrArray         *diffs)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "first");
  json_compare_side (b, a);
  json_builder_set_member_name (b, "second");
  json_compare_side (b, bside);
  json_builder_set_member_name (b, "columns");
  json_builder_begin_array (b);
  for (guint c = 0; c < a->stats->columns->len; c++)
    {
      const WbColumnDiff *d = diff_of_column (diffs, c, TRUE);

      if (d != NULL)
        json_column_diff (b, d, a, bside);
      else
        json_only_column (b, ((WbColumnStats *) a->stats->columns->pdata[c])->label, "first");
    }
  for (guint c = 0; c < bside->stats->columns->len; c++)
    if (diff_of_column (diffs, c, FALSE) == NULL)
      json_only_column (b, ((WbColumnStats *) bside->stats->columns->pdata[c])->label, "second");
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  out (stdout, "%s\n", text);
}

/* The table --compare names: a table of @game, else FILE2:TABLE (the file
 * is the longest prefix before a ':' that exists; failing that, the text
 * before the first ':'), loaded into @other_game. Prints why and returns
 * NULL when there is no such table or file. */
static WbTable *
find_other_table (const char  *prog,
                  WbGame      *game,
                  const char  *path,
                  const char  *other,
                  WbGame     **other_game,
                  char       **other_path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  const char *name = NULL;
  WbTable *table = find_table (game, other);

  if (table != NULL)
    {
      *other_path = g_strdup (path);
      return table;
    }
  for (const char *colon = strrchr (other, ':'); colon != NULL; )
    {
      g_autofree char *prefix = g_strndup (other, colon - other);

      if (g_file_test (prefix, G_FILE_TEST_EXISTS))
        {
          file = g_steal_pointer (&prefix);
          name = colon + 1;
          break;
        }
      colon = colon == other ? NULL : g_strrstr_len (other, colon - other, ":");
    }
  if (file == NULL && strchr (other, ':') != NULL)
    {
      file = g_strndup (other, strchr (other, ':') - other);
      name = strchr (other, ':') + 1;
    }
  if (file == NULL)
    {
      out (stderr, _("%s: no table “%s” to compare with in %s (give TABLE or FILE:TABLE); "
                     "the tables are:"), prog, other, path);
      for (guint i = 0; i < wb_game_get_tables (game)->len; i++)
        out (stderr, " %s", wb_table_get_id (g_ptr_array_index (wb_game_get_tables (game), i)));
      out (stderr, "\n");
      return NULL;
    }

  *other_game = load_game (file, &error);
  if (*other_game == NULL)
    {
      print_load_error (file, error);
      return NULL;
    }
  table = find_table (*other_game, name);
  if (table == NULL)
    {
      out (stderr, _("%s: no table “%s” in %s; the tables are:"), prog, name, file);
      for (guint i = 0; i < wb_game_get_tables (*other_game)->len; i++)
        out (stderr, " %s",
             wb_table_get_id (g_ptr_array_index (wb_game_get_tables (*other_game), i)));
      out (stderr, "\n");
      return NULL;
    }
  *other_path = g_steal_pointer (&file);
  return table;
}

static int
compare_tables (const char   *prog,
                WbGame       *game,
                const char   *path,
                WbTable      *table,
                WbTableStats *stats,
                const char   *other,
                gboolean      json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) other_game = NULL;
  g_autoptr(WbTableStats) other_stats = NULL;
  g_autoptr(GPtrArray) diffs = NULL;
  g_autofree char *other_path = NULL;
  WbTable *other_table;
  CompareSide a, b;

  other_table = find_other_table (prog, game, path, other, &other_game, &other_path);
  if (other_table == NULL)
    return STATUS_FAILED;
  other_stats = wb_table_stats_new (other_table, &error);
  if (other_stats == NULL)
    {
      out (stderr, "%s: %s: %s\n", other_path, wb_table_get_id (other_table), error->message);
      return STATUS_FAILED;
    }

  a = (CompareSide) { path, table, stats };
  b = (CompareSide) { other_path, other_table, other_stats };
  diffs = wb_table_stats_compare (stats, other_stats);
  if (json)
    print_compare_json (&a, &b, diffs);
  else
    print_compare (&a, &b, diffs);
  return STATUS_OK;
}

int
cmd_table (const char  *prog,
           int          argc,
           char       **argv)
{
  gboolean stats_arg = FALSE, json = FALSE, csv = FALSE;
  g_autofree char *pdf = NULL, *svg = NULL, *png = NULL, *compare = NULL;
  double scale = NAN;
  const GOptionEntry entries[] = {
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats_arg,
      N_("Each column's exact outcome probabilities, expected losses and flags"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("The same analysis as JSON"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("The table itself as CSV"), NULL },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &pdf, N_("Write the table as a printed chart, PDF"),
      N_("OUT") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg, N_("Write the table as a printed chart, SVG"),
      N_("OUT") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png, N_("Write the table as a printed chart, PNG"),
      N_("OUT") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale,
      N_("With --pdf, --svg or --png: pixels (PNG) or a zoom (SVG, PDF) per point, default 1"),
      N_("S") },
    { "compare", 0, 0, G_OPTION_ARG_FILENAME, &compare,
      N_("Compare with another table of the game, or FILE2:TABLE in another game file "
         "(as text, or with --json as JSON)"), N_("OTHER") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbTableStats) stats = NULL;
  WbTable *table;
  const char *chart_path;
  WbExportFormat format;
  int modes;

  if (!parse_options (prog, "table", _("FILE NAME"),
                      _("Prints a table as CSV or its exact outcome probabilities, draws it "
                        "as a chart, or compares it with another table."),
                      _("NAME is the table's id or name (any case). --stats and --json read\n"
                        "every column under the table's dice exactly (no sampling), give\n"
                        "expected losses where the result codes are known (Ae Ar De Dr Ex NE D2\n"
                        "A1 …) and flag columns worse for the attacker than the column to their\n"
                        "left; they exit with 1 when a column is flagged. --pdf, --svg and --png\n"
                        "write the printed chart `warbench-cli chart` draws.\n"
                        "\n"
                        "--compare OTHER (alone or with --stats, or with --json) compares the\n"
                        "table, per column label both share, with OTHER: a table of the same\n"
                        "game, or FILE2:TABLE in another game file. It prints each result's\n"
                        "probability in the first and the second table and the change in\n"
                        "percentage points, the change of the attacker's expected score where\n"
                        "both tables' codes are known, and the columns only one table has; it\n"
                        "exits with 0 whatever is flagged. The JSON is\n"
                        "  {\"first\": T, \"second\": T, \"columns\": [C…]} where T is\n"
                        "  {\"file\", \"id\", \"name\", \"kind\", \"dice\"} and C is\n"
                        "  {\"label\", \"in\": \"both\", \"changed\": bool, \"results\": [{\"result\",\n"
                        "  \"first\", \"second\", \"points\"}…], \"uncovered\": {\"first\", \"second\",\n"
                        "  \"points\"} (if any throw is uncovered), \"score\": {\"first\", \"second\",\n"
                        "  \"change\"} (if both are known)} or {\"label\", \"in\": \"first\"|\"second\"};\n"
                        "  probabilities are 0…1, points are percentage points (second − first)."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 3)
    return usage_error (prog, "table", argc < 3 ? _("Give a game file and a table name")
                                                : _("Unexpected argument"));
  chart_path = pdf != NULL ? pdf : svg != NULL ? svg : png;
  modes = (int) stats_arg + (int) json + (int) csv + (pdf != NULL) + (svg != NULL) + (png != NULL);
  if (compare != NULL && (csv || chart_path != NULL))
    return usage_error (prog, "table", _("--compare goes with --stats or --json only"));
  if (compare != NULL && modes == 0)
    {
      stats_arg = TRUE;
      modes = 1;
    }
  if (modes != 1)
    return usage_error (prog, "table",
                        _("Give exactly one of --stats, --json, --csv, --pdf, --svg and --png"));
  if (!isnan (scale) && chart_path == NULL)
    return usage_error (prog, "table", _("--scale goes with --pdf, --svg or --png only"));
  if (isnan (scale))
    scale = 1.0;
  if (!scale_valid (scale))
    return usage_error (prog, "table", _("The scale must be above 0 and at most 50"));

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
  if (chart_path != NULL)
    {
      format = pdf != NULL ? WB_EXPORT_PDF : svg != NULL ? WB_EXPORT_SVG : WB_EXPORT_PNG;
      return write_chart (prog, game, table, chart_path, format, scale);
    }
  stats = wb_table_stats_new (table, &error);
  if (stats == NULL)
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  if (compare != NULL)
    return compare_tables (prog, game, argv[1], table, stats, compare, json);
  if (json)
    print_stats_json (table, stats);
  else
    print_stats (table, stats);
  return stats->n_flagged > 0 ? STATUS_FAILED : STATUS_OK;
}
