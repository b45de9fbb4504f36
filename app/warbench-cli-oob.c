/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <json-glib/json-glib.h>

#include "warbench-core.h"
#include "warbench-cli-private.h"

/* warbench-cli: orders of battle and scenarios — `oob` (CSV export and import),
 * `setup` (a scenario's set-up chart) and `counters` (counter sheets). */

/* --- counters -------------------------------------------------------------- */

/* A counter sheet: one row per unit, each strength value it can show
 * (fresh and battleworn, every step), then its hidden back; then the
 * game's chits (a draw cup's counters), a row of them. */
int
cmd_counters (const char  *prog,
              int          argc,
              char       **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *side_arg = NULL;
  double size = 72;
  gboolean no_text = FALSE, no_chits = FALSE, blocks;
  const GOptionEntry entries[] = {
    { "no-chits", 0, 0, G_OPTION_ARG_NONE, &no_chits, N_("The units only, not the game's chits"), NULL },
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_arg, N_("Only this side's units"), N_("ID") },
    { "size", 0, 0, G_OPTION_ARG_DOUBLE, &size,
      N_("The side of a counter in pixels (PNG) or points (SVG, PDF), default 72"), N_("S") },
    { "no-text", 0, 0, G_OPTION_ARG_NONE, &no_text,
      N_("Shapes only, as the map draws counters at a small zoom"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write: .png, .svg or .pdf"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  WbExportFormat format;
  double gap, width, height, group, chits_height = 0;
  guint columns = 1, groups;
  GPtrArray *chits = NULL;
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  cairo_t *cr;

  if (!parse_options (prog, "counters", _("FILE"),
                      _("Draws every unit's counter or block in the game's printed style: each "
                        "strength it can show (fresh and battleworn, every step; a block's label once, "
                        "its edges showing every step), then its hidden side; then the game's chits. "
                        "For sheets to print and cut, see “print … counters”."),
                      NULL, entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "counters", argc < 2 ? _("No game file given")
                                                   : _("Give exactly one game file"));
  if (output == NULL)
    return usage_error (prog, "counters", _("No output file given (-o FILE)"));
  if (!wb_export_format_from_path (output, &format))
    return usage_error (prog, "counters",
                        _("Unknown output format (expected a name ending in .png, .svg or .pdf)"));
  if (!(size >= 8 && size <= 1000))
    return usage_error (prog, "counters", _("The size must be from 8 to 1000"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  if (side_arg != NULL && wb_game_find_side (game, side_arg) == NULL)
    {
      out (stderr, _("%s: no side “%s” in %s\n"), prog, side_arg, argv[1]);
      return STATUS_FAILED;
    }
  /* A block's label shows every step on its edges: once, then its back. */
  blocks = wb_counter_style_hides (wb_counter_style_for_game (game));
  for (guint i = 0; i < wb_game_get_units (game)->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (wb_game_get_units (game), i);

      if (side_arg == NULL || g_strcmp0 (wb_unit_get_side (unit), side_arg) == 0)
        {
          g_ptr_array_add (units, unit);
          columns = MAX (columns, blocks ? 2u : wb_unit_get_strength (unit)->n + 1u);
        }
    }
  if (units->len == 0)
    {
      out (stderr, _("%s: %s has no units to draw\n"), prog, argv[1]);
      return STATUS_FAILED;
    }

  /* The chits of the side (every chit without --side), under the units. */
  chits = no_chits ? NULL : wb_game_get_chits (game);
  for (guint i = 0; chits != NULL && i < chits->len; i++)
    {
      WbChit *chit = g_ptr_array_index (chits, i);

      if (side_arg == NULL || g_strcmp0 (chit->side, side_arg) == 0)
        g_ptr_array_add (chosen, chit);
    }

  /* Units side by side in groups of columns, the sheet about square. */
  gap = size * 0.15;
  group = columns * (size + gap) + gap;
  groups = CLAMP ((guint) ceil (sqrt (units->len * (size + gap) / group)), 1, units->len);
  width = gap + groups * group;
  height = gap + (units->len + groups - 1) / groups * (size + gap);
  if (chosen->len > 0)
    {
      guint per_row = MAX (1u, (guint) floor ((width - gap) / (size + gap)));

      chits_height = gap + (chosen->len + per_row - 1) / per_row * (size + gap);
      height += chits_height;
    }
  if (format == WB_EXPORT_PNG && width * height > 400e6)
    return usage_error (prog, "counters", _("The sheet would be too large: use a smaller size"));
  switch (format)
    {
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create (output, width, height);
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create (output, width, height);
      break;
    case WB_EXPORT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width), (int) ceil (height));
      break;
    }
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (units, i);
      guint n = blocks ? 1 : wb_unit_get_strength (unit)->n;
      WbCounterOptions o;

      wb_counter_options_init (&o);
      o.size = size;
      o.text = !no_text;
      for (guint j = 0; j <= n; j++)
        {
          o.step = j < n ? (int) j : -1;
          o.hidden = j == n;
          cairo_save (cr);
          cairo_translate (cr, gap + (i % groups) * group + j * (size + gap),
                           gap + (i / groups) * (size + gap));
          wb_render_counter (cr, game, unit, &o);
          cairo_restore (cr);
        }
    }
  if (chosen->len > 0)
    {
      guint per_row = MAX (1u, (guint) floor ((width - gap) / (size + gap)));
      double top = height - chits_height + gap;

      for (guint i = 0; i < chosen->len; i++)
        {
          cairo_save (cr);
          cairo_translate (cr, gap + (i % per_row) * (size + gap), top + (i / per_row) * (size + gap));
          wb_render_chit (cr, game, g_ptr_array_index (chosen, i), size);
          cairo_restore (cr);
        }
    }
  cairo_destroy (cr);
  if (format == WB_EXPORT_PNG)
    status = cairo_surface_write_to_png (surface, output);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      out (stderr, _("%s: cannot write %s: %s\n"), prog, output, cairo_status_to_string (status));
      return STATUS_FAILED;
    }
  return STATUS_OK;
}

/* --- setup ----------------------------------------------------------------- */

/* hex:0414, location:ID, box:ID; choices joined by "|": the TSV records
 * scripts read keep the file's ids. */
static char *
places_tsv (GArray *at)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; at != NULL && i < at->len; i++)
    {
      WbPlace *p = &g_array_index (at, WbPlace, i);
      const char *kind = p->kind == WB_PLACE_HEX ? "hex" : p->kind == WB_PLACE_LOCATION ? "location" : "box";

      g_string_append_printf (text, "%s%s:%s", i > 0 ? "|" : "", kind, p->ref);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
unit_side (WbGame     *game,
           const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);

  return unit != NULL ? wb_unit_get_side (unit) : "";
}

static const char *
side_label (WbGame     *game,
            const char *id)
{
  WbSide *side = id != NULL ? wb_game_find_side (game, id) : NULL;

  return side != NULL && side->name != NULL && *side->name != '\0' ? side->name : id != NULL ? id : "";
}

/* A unit by name, as on the set-up cards. */
static char *
unit_label (WbGame     *game,
            const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);
  const char *name = unit != NULL ? wb_unit_get_name (unit) : NULL;

  return g_strdup (name != NULL && *name != '\0' ? name : id);
}

/* One line of the chart: its place (each choice on a line of its own),
 * what is placed, the side and a note. */
typedef struct {
  GPtrArray  *places;   /* char*, as on the set-up cards */
  char       *what;
  const char *side;
  const char *note;
} ChartRow;

static void
chart_row_free (gpointer data)
{
  ChartRow *row = data;

  g_ptr_array_unref (row->places);
  g_free (row->what);
  g_free (row);
}

static ChartRow *
chart_row_new (WbGame     *game,
               WbScenario *scenario,
               GArray     *at,
               char       *what,
               const char *side,
               const char *note)
{
  ChartRow *row = g_new0 (ChartRow, 1);

  row->places = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; at != NULL && i < at->len; i++)
    g_ptr_array_add (row->places, wb_place_describe (game, scenario, &g_array_index (at, WbPlace, i)));
  if (row->places->len == 0)
    g_ptr_array_add (row->places, g_strdup ("?"));
  row->what = what;
  row->side = side;
  row->note = note;
  return row;
}

/* Columns no wider than this: a longer place gets a line of its own. */
#define CHART_PLACE_MAX 40
#define CHOICE_INDENT "  or "

static void
pad (GString    *line,
     const char *text,
     gsize       width)
{
  g_string_append (line, text);
  for (glong n = g_utf8_strlen (text, -1); n < (glong) width; n++)
    g_string_append_c (line, ' ');
}

/* The rows under each other, their columns as wide as their widest entry
 * (counted in characters, not bytes); choices go on continuation lines
 * ("  or Elk Tavern") so the columns hold. */
static void
print_chart_rows (GPtrArray *rows,
                  gsize      place_w,
                  gsize      what_w)
{
  for (guint i = 0; i < rows->len; i++)
    {
      ChartRow *row = g_ptr_array_index (rows, i);
      const char *first = g_ptr_array_index (row->places, 0);
      g_autoptr(GString) line = g_string_new ("  ");

      if ((gsize) g_utf8_strlen (first, -1) > place_w)
        {
          out (stdout, "  %s\n", first);
          pad (line, "", place_w);
        }
      else
        pad (line, first, place_w);
      g_string_append (line, "  ");
      if (row->side != NULL)
        {
          pad (line, row->what, what_w);
          g_string_append (line, "  ");
          g_string_append (line, row->side);
        }
      else
        g_string_append (line, row->what);
      if (row->note != NULL)
        g_string_append_printf (line, " · %s", row->note);
      out (stdout, "%s\n", line->str);
      for (guint k = 1; k < row->places->len; k++)
        out (stdout, "  %s%s\n", CHOICE_INDENT, (const char *) g_ptr_array_index (row->places, k));
    }
}

static void
measure_chart_rows (GPtrArray *rows,
                    gsize     *place_w,
                    gsize     *what_w)
{
  for (guint i = 0; i < rows->len; i++)
    {
      ChartRow *row = g_ptr_array_index (rows, i);
      gsize w = g_utf8_strlen (g_ptr_array_index (row->places, 0), -1);

      if (w <= CHART_PLACE_MAX)
        *place_w = MAX (*place_w, w);
      if (row->side != NULL)
        *what_w = MAX (*what_w, (gsize) g_utf8_strlen (row->what, -1));
    }
}

/* Prints a scenario's set-up chart: where each unit starts, what arrives
 * when and where, and the markers placed, with the chosen options in
 * force. --tsv gives one tab-separated record per unit for scripts and the
 * transcription tests. */
int
cmd_setup (const char  *prog,
           int          argc,
           char       **argv)
{
  g_autofree char *scenario_id = NULL;
  g_auto(GStrv) chosen = NULL;
  gboolean tsv = FALSE;
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_id, N_("The scenario (default: the first)"), N_("ID") },
    { "option", 'O', 0, G_OPTION_ARG_STRING_ARRAY, &chosen, N_("An optional rule in force (repeatable)"), N_("ID") },
    { "tsv", 0, 0, G_OPTION_ARG_NONE, &tsv, N_("Tab-separated records instead of a chart"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  GPtrArray *scenarios, *lines;
  WbScenario *scenario;
  GArray *turns;

  if (!parse_options (prog, "setup", _("FILE"),
                      _("Prints a scenario's set-up chart, reinforcement schedule and markers."),
                      _("The chart names units, sides and places as the set-up cards do: a hex as\n"
                        "\"hex 0414\" with the name the map gives it, a location or a box by its name,\n"
                        "each further choice on a line of its own (\"or Elk Tavern\").\n"
                        "With --tsv each record keeps the file's ids, one a line: \"setup SIDE UNIT\n"
                        "PLACES\", \"reinforcement TURN SIDE UNIT PLACES\" or \"marker FEATURE PLACE\",\n"
                        "where a place is hex:0414, location:ID, box:ID or area:MARK and choices are\n"
                        "joined by |. Entries of options not chosen are left out."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "setup", argc < 2 ? _("No game file given")
                                                : _("Give exactly one game file"));
  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  scenarios = wb_game_get_scenarios (game);
  scenario = scenario_id != NULL ? wb_game_find_scenario (game, scenario_id)
             : scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL;
  if (scenario == NULL)
    {
      if (scenario_id != NULL)
        out (stderr, _("%s: no scenario “%s”\n"), argv[1], scenario_id);
      else
        out (stderr, _("%s: the game has no scenario\n"), argv[1]);
      return STATUS_FAILED;
    }
  for (guint i = 0; chosen != NULL && chosen[i] != NULL; i++)
    {
      GPtrArray *options = wb_scenario_get_options (scenario);
      gboolean known = FALSE;

      for (guint j = 0; j < options->len && !known; j++)
        known = g_strcmp0 (((WbOption *) g_ptr_array_index (options, j))->id, chosen[i]) == 0;
      if (!known)
        {
          g_autoptr(GString) ids = g_string_new (NULL);

          for (guint j = 0; j < options->len; j++)
            g_string_append_printf (ids, "%s%s", j > 0 ? ", " : "", ((WbOption *) g_ptr_array_index (options, j))->id);
          out (stderr, _("%s: scenario “%s” has no option “%s” (expected one of: %s)\n"), argv[1],
               wb_scenario_get_id (scenario), chosen[i], options->len > 0 ? ids->str : _("none"));
          return STATUS_FAILED;
        }
    }

  turns = wb_scenario_get_turns (scenario);
  if (tsv)
    {
      lines = wb_scenario_get_setup (scenario);
      for (guint i = 0; i < lines->len; i++)
        {
          WbSetup *st = g_ptr_array_index (lines, i);
          g_autofree char *where = NULL;

          if (!wb_scenario_applies (st->option, st->unless, (const char * const *) chosen))
            continue;
          where = places_tsv (st->at);
          out (stdout, "setup\t%s\t%s\t%s\n", unit_side (game, st->unit), st->unit, where);
        }
      lines = wb_scenario_get_reinforcements (scenario);
      for (guint i = 0; i < lines->len; i++)
        {
          WbReinforcement *re = g_ptr_array_index (lines, i);
          g_autofree char *where = NULL;

          if (!wb_scenario_applies (re->option, re->unless, (const char * const *) chosen))
            continue;
          where = re->area != NULL ? g_strdup_printf ("area:%s", re->area) : places_tsv (re->at);
          for (guint j = 0; j < re->units->len; j++)
            {
              const char *unit = g_ptr_array_index (re->units, j);

              out (stdout, "reinforcement\t%d\t%s\t%s\t%s\n", re->turn, unit_side (game, unit), unit, where);
            }
        }
      lines = wb_scenario_get_markers (scenario);
      for (guint i = 0; i < lines->len; i++)
        {
          WbMarker *m = g_ptr_array_index (lines, i);
          g_autofree char *where = NULL;

          if (!wb_scenario_applies (m->option, m->unless, (const char * const *) chosen))
            continue;
          where = places_tsv (m->at);
          out (stdout, "marker\t%s\t%s\n", m->feature, where);
        }
      return STATUS_OK;
    }

  {
    WbMap *map = wb_game_find_map (game, wb_scenario_get_map (scenario));
    g_autoptr(GPtrArray) setup_rows = g_ptr_array_new_with_free_func (chart_row_free);
    g_autoptr(GPtrArray) marker_rows = g_ptr_array_new_with_free_func (chart_row_free);
    gsize place_w = 0, what_w = 0;

    out (stdout, _("%s — map %s, %u turns\n"),
         wb_scenario_get_name (scenario) != NULL ? wb_scenario_get_name (scenario)
                                                 : wb_scenario_get_id (scenario),
         map != NULL && wb_map_get_name (map) != NULL ? wb_map_get_name (map) : wb_scenario_get_map (scenario),
         turns->len);

    lines = wb_scenario_get_setup (scenario);
    for (guint i = 0; i < lines->len; i++)
      {
        WbSetup *st = g_ptr_array_index (lines, i);

        if (wb_scenario_applies (st->option, st->unless, (const char * const *) chosen))
          g_ptr_array_add (setup_rows, chart_row_new (game, scenario, st->at, unit_label (game, st->unit),
                                                      side_label (game, unit_side (game, st->unit)), st->note));
      }
    lines = wb_scenario_get_markers (scenario);
    for (guint i = 0; i < lines->len; i++)
      {
        WbMarker *m = g_ptr_array_index (lines, i);
        WbFeatureType *f = wb_game_find_feature (game, m->feature);

        if (wb_scenario_applies (m->option, m->unless, (const char * const *) chosen))
          g_ptr_array_add (marker_rows, chart_row_new (game, scenario, m->at,
                                                       g_strdup (f != NULL && f->name != NULL ? f->name : m->feature),
                                                       NULL, m->note));
      }
    measure_chart_rows (setup_rows, &place_w, &what_w);
    measure_chart_rows (marker_rows, &place_w, &what_w);

    if (setup_rows->len > 0)
      {
        out (stdout, "\n%s\n", _("Set-up"));
        print_chart_rows (setup_rows, place_w, what_w);
      }

    lines = wb_scenario_get_reinforcements (scenario);
    for (guint i = 0, n = 0; i < lines->len; i++)
      {
        WbReinforcement *re = g_ptr_array_index (lines, i);
        const char *label = re->turn >= 1 && (guint) re->turn <= turns->len
                            ? g_array_index (turns, WbTurn, re->turn - 1).label : NULL;
        g_autoptr(GString) where = g_string_new (NULL);
        const char *side = re->units->len > 0 ? unit_side (game, g_ptr_array_index (re->units, 0)) : NULL;

        if (!wb_scenario_applies (re->option, re->unless, (const char * const *) chosen))
          continue;
        if (n++ == 0)
          out (stdout, "\n%s\n", _("Reinforcements"));
        if (re->area != NULL)
          {
            g_autofree char *area = wb_area_describe (game, scenario, re->area);

            g_string_append (where, area);
          }
        for (guint k = 0; re->area == NULL && k < re->at->len; k++)
          {
            g_autofree char *p = wb_place_describe (game, scenario, &g_array_index (re->at, WbPlace, k));

            if (k > 0)
              g_string_append (where, _(" or "));
            g_string_append (where, p);
          }
        /* Translators: a reinforcement: the turn (and its label), the side and where */
        out (stdout, _("  Turn %d%s%s%s, %s, at %s:"), re->turn, label ? " (" : "", label ? label : "",
             label ? ")" : "", side_label (game, side), where->str);
        for (guint j = 0; j < re->units->len; j++)
          {
            g_autofree char *unit = unit_label (game, g_ptr_array_index (re->units, j));

            out (stdout, "%s%s", j ? ", " : " ", unit);
          }
        if (re->condition != NULL)
          out (stdout, " · %s", re->condition);
        out (stdout, "\n");
      }

    if (marker_rows->len > 0)
      {
        out (stdout, "\n%s\n", _("Markers"));
        print_chart_rows (marker_rows, place_w, what_w);
      }
  }
  return STATUS_OK;
}

/* --- oob ------------------------------------------------------------------- */

static void
print_oob_summary (WbOobCsvImport *import)
{
  WbOobCsvSummary s;

  wb_oob_csv_import_get_summary (import, &s);
  out (stdout, _("Formations: %u added, %u changed, %u removed\n"),
       s.formations_added, s.formations_changed, s.formations_removed);
  out (stdout, _("Units: %u added, %u changed, %u removed\n"),
       s.units_added, s.units_changed, s.units_removed);
  if (s.reordered)
    out (stdout, "%s\n", _("The order of the rows changed"));
}

static int
oob_export (WbGame     *game,
            const char *output)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  wb_oob_csv_export (game, text);
  if (output == NULL || strcmp (output, "-") == 0)
    {
      if (fwrite (text->str, 1, text->len, stdout) != text->len || fflush (stdout) != 0)
        {
          out (stderr, "%s\n", _("Could not write the CSV to standard output"));
          return STATUS_FAILED;
        }
      return STATUS_OK;
    }
  /* Written beside the target and renamed over it, like a game file. */
  file = g_file_new_for_commandline_arg (output);
  if (!g_file_replace_contents (file, text->str, text->len, NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &error))
    {
      out (stderr, "%s: %s\n", output, error->message);
      return STATUS_FAILED;
    }
  return STATUS_OK;
}

static int
oob_import (WbGame     *game,
            const char *game_path,
            const char *csv_path,
            const char *output,
            gboolean    in_place)
{
  g_autoptr(GFile) csv_file = g_file_new_for_commandline_arg (csv_path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GFile) target = NULL;
  g_autofree char *text = NULL;
  guint n_issues;
  gsize len;

  info = g_file_query_info (csv_file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            NULL, &error);
  if (info == NULL)
    {
      out (stderr, "%s: %s\n", csv_path, error->message);
      return STATUS_FAILED;
    }
  if (g_file_info_get_size (info) > WB_OOB_CSV_MAX_SIZE)
    {
      out (stderr, _("%s: the file is larger than %d bytes\n"), csv_path, WB_OOB_CSV_MAX_SIZE);
      return STATUS_FAILED;
    }
  if (!g_file_load_contents (csv_file, NULL, &text, &len, NULL, &error))
    {
      out (stderr, "%s: %s\n", csv_path, error->message);
      return STATUS_FAILED;
    }

  import = wb_oob_csv_parse (game, text, (gssize) len, &error);
  if (import == NULL)
    {
      out (stderr, "%s: %s\n", csv_path, error->message);
      return STATUS_FAILED;
    }
  n_issues = wb_oob_csv_import_get_n_issues (import);
  if (n_issues > 0)
    {
      for (guint i = 0; i < n_issues; i++)
        {
          g_autofree char *message =
            wb_oob_csv_issue_to_string (wb_oob_csv_import_get_issue (import, i));
          out (stderr, "%s: %s\n", csv_path, message);
        }
      out (stderr, ngettext ("%s: %u problem; nothing was changed\n",
                             "%s: %u problems; nothing was changed\n", n_issues), csv_path, n_issues);
      return STATUS_FAILED;
    }

  print_oob_summary (import);
  if (output == NULL && !in_place)
    {
      out (stdout, "%s\n", _("Nothing written (give -o FILE or --in-place to save)"));
      return STATUS_OK;
    }

  command = wb_command_import_oob_new (game, import);
  if (!wb_command_apply (command, &error))
    {
      out (stderr, "%s: %s\n", csv_path, error->message);
      return STATUS_FAILED;
    }
  target = g_file_new_for_commandline_arg (in_place ? game_path : output);
  if (!wb_game_save (game, target, NULL, &error))
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  out (stdout, _("Wrote %s\n"), in_place ? game_path : output);
  return STATUS_OK;
}

int
cmd_oob (const char  *prog,
         int          argc,
         char       **argv)
{
  gboolean csv = FALSE, in_place = FALSE;
  g_autofree char *import_path = NULL;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Export the order of battle as CSV"), NULL },
    { "import", 'i', 0, G_OPTION_ARG_FILENAME, &import_path,
      N_("Replace the order of battle with the one in this CSV"), N_("IN.csv") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Where to write (--csv: default standard output; --import: a game file)"), N_("OUT") },
    { "in-place", 0, 0, G_OPTION_ARG_NONE, &in_place, N_("With --import: save over FILE"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;

  if (!parse_options (prog, "oob", _("FILE --csv [-o OUT.csv] | FILE --import IN.csv [-o OUT | --in-place]"),
                      _("Exports a game's order of battle as a spreadsheet, or reads one back."),
                      _("--csv writes one row per formation and per unit (RFC 4180, UTF-8): kind,\n"
                        "side, formation, path, id, name, designation, class, size, strength,\n"
                        "current, echelon, color, note, then one column per unit attribute.\n"
                        "--import reads such a CSV as the game's whole new order of battle: rows\n"
                        "update, add or (when left out) remove formations and units. Every\n"
                        "problem is printed with its line and column and nothing is written\n"
                        "unless the whole CSV is right. Without -o or --in-place it only\n"
                        "checks the CSV and prints what would change. Columns and rules:\n"
                        "docs/file-format.md, \"Order of battle as CSV\"."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "oob", argc < 2 ? _("No game file given")
                                              : _("Give exactly one game file"));
  if (csv == (import_path != NULL))
    return usage_error (prog, "oob", _("Give either --csv or --import IN.csv"));
  if (in_place && (csv || output != NULL))
    return usage_error (prog, "oob", _("--in-place goes with --import and without -o"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  if (csv)
    return oob_export (game, output);
  return oob_import (game, argv[1], import_path, output, in_place);
}

