/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "warbench-core.h"

/*
 * warbench-cli: validate, inspect, create and render game files without the
 * GUI, for scripts, CI and designers who keep their games in git.
 *
 * Exit status: 0 when everything worked, 1 when the operation failed (an
 * invalid game file, a map the file does not have, a render or write
 * error), 2 for a usage error (unknown command or option, a malformed
 * value). Output is UTF-8 whatever the locale, so scripts can match "×".
 */

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 1,
  STATUS_USAGE = 2,
};

typedef struct {
  const char *name;
  const char *parameters;   /* shown after the command name in --help */
  const char *summary;
  int       (*run) (const char *prog, int argc, char **argv);
} Command;

/* Writes UTF-8 text as is: g_print () would transliterate it in a C
 * locale, and scripts match on it. */
G_GNUC_PRINTF (2, 3)
static void
out (FILE       *stream,
     const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stream, format, args);
  va_end (args);
}

static int
usage_error (const char *prog,
             const char *command,
             const char *message)
{
  out (stderr, "%s: %s\n", prog, message);
  if (command != NULL)
    out (stderr, _("Try “%s %s --help” for more information.\n"), prog, command);
  else
    out (stderr, _("Try “%s --help” for more information.\n"), prog);

  return STATUS_USAGE;
}

/* Parses a command's options; on error prints it and returns FALSE. */
static gboolean
parse_options (const char         *prog,
               const char         *command,
               const char         *parameters,
               const char         *summary,
               const char         *description,
               const GOptionEntry *entries,
               int                *argc,
               char             ***argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *parameter_string = g_strdup_printf ("%s %s", command, parameters);

  context = g_option_context_new (parameter_string);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  if (description != NULL)
    g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      usage_error (prog, command, error->message);
      return FALSE;
    }

  return TRUE;
}

static WbGame *
load_game (const char  *path,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return wb_game_load (file, NULL, error);
}

/* The loader names the file in its messages; add the name when a message
 * does not (an I/O error from below, say). */
static void
print_load_error (const char   *path,
                  const GError *error)
{
  g_autofree char *base = g_path_get_basename (path);

  if (strstr (error->message, base) != NULL)
    out (stderr, "%s\n", error->message);
  else
    out (stderr, "%s: %s\n", path, error->message);
}

/* --- validate -------------------------------------------------------------- */

static int
cmd_validate (const char  *prog,
              int          argc,
              char       **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  int status = STATUS_OK;

  if (!parse_options (prog, "validate", _("FILE…"),
                      _("Checks game files: the format, every reference, every hex."),
                      _("Prints “FILE: ok” for each valid file and the first error, with its\n"
                        "line, column and JSON path, for each invalid one."),
                      entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc < 2)
    return usage_error (prog, "validate", _("No game file given"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = load_game (argv[i], &error);

      if (game == NULL)
        {
          print_load_error (argv[i], error);
          status = STATUS_FAILED;
        }
      else
        {
          out (stdout, _("%s: ok\n"), argv[i]);
        }
    }

  return status;
}

/* --- info ------------------------------------------------------------------ */

static void
print_field (const char *label,
             const char *value)
{
  if (value != NULL && *value != '\0')
    out (stdout, "%s %s\n", label, value);
}

static int
cmd_info (const char  *prog,
          int          argc,
          char       **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbRulesRef *rules;
  GPtrArray *items;

  if (!parse_options (prog, "info", _("FILE"),
                      _("Summarises a game: sides, maps, tables and scenarios."),
                      NULL, entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc != 2)
    return usage_error (prog, "info", argc < 2 ? _("No game file given")
                                               : _("Give exactly one game file"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  rules = wb_game_get_rules (game);
  print_field (_("Title:"), wb_game_get_title (game));
  print_field (_("Id:"), wb_game_get_id (game));
  print_field (_("Publisher:"), wb_game_get_publisher (game));
  print_field (_("Designer:"), wb_game_get_designer (game));
  print_field (_("Year:"), wb_game_get_year (game));
  print_field (_("Scale:"), wb_game_get_scale (game));
  print_field (_("Rules family:"), rules != NULL ? rules->family : NULL);

  items = wb_game_get_sides (game);
  out (stdout, "\n%s\n", _("Sides:"));
  for (guint i = 0; i < items->len; i++)
    {
      WbSide *side = g_ptr_array_index (items, i);
      g_autoptr(GPtrArray) units = wb_game_list_units_of_side (game, side->id);

      out (stdout, "  %s (%s): ", side->id, side->name != NULL ? side->name : side->id);
      out (stdout, ngettext ("%u unit\n", "%u units\n", units->len), units->len);
    }

  items = wb_game_get_maps (game);
  out (stdout, "\n%s\n", _("Maps:"));
  for (guint i = 0; i < items->len; i++)
    {
      WbMap *map = g_ptr_array_index (items, i);
      const char *name = wb_map_get_name (map);

      out (stdout, "  %s (%s): ", wb_map_get_id (map), name != NULL ? name : wb_map_get_id (map));
      if (WB_IS_HEX_MAP (map))
        {
          /* TRANSLATORS: a hex map's size, columns × rows */
          out (stdout, _("hex map, %d×%d hexes\n"),
               wb_hex_map_get_cols (WB_HEX_MAP (map)), wb_hex_map_get_rows (WB_HEX_MAP (map)));
        }
      else if (WB_IS_POINT_MAP (map))
        {
          guint n_loc = wb_point_map_get_locations (WB_POINT_MAP (map))->len;
          guint n_con = wb_point_map_get_connections (WB_POINT_MAP (map))->len;

          out (stdout, "%s, ", _("point-to-point map"));
          out (stdout, ngettext ("%u location, ", "%u locations, ", n_loc), n_loc);
          out (stdout, ngettext ("%u connection\n", "%u connections\n", n_con), n_con);
        }
      else
        {
          out (stdout, "%s\n", _("map"));
        }
    }

  items = wb_game_get_tables (game);
  out (stdout, "\n%s\n", _("Tables:"));
  for (guint i = 0; i < items->len; i++)
    {
      WbTable *table = g_ptr_array_index (items, i);
      const char *name = wb_table_get_name (table);

      out (stdout, "  %s (%s): ", wb_table_get_id (table), name != NULL ? name : wb_table_get_id (table));
      /* TRANSLATORS: a table's kind ("odds", "fire"…) and size, columns × rows */
      out (stdout, _("%s, %u×%u (columns × rows)\n"),
           wb_table_kind_to_string (wb_table_get_kind (table)),
           wb_table_get_columns (table)->len, wb_table_get_rows (table)->len);
    }

  items = wb_game_get_scenarios (game);
  out (stdout, "\n%s\n", _("Scenarios:"));
  for (guint i = 0; i < items->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (items, i);
      const char *name = wb_scenario_get_name (scenario);
      guint turns = wb_scenario_get_turns (scenario)->len;
      guint setup = wb_scenario_get_setup (scenario)->len;
      guint groups = wb_scenario_get_reinforcements (scenario)->len;

      out (stdout, "  %s (%s): ", wb_scenario_get_id (scenario),
           name != NULL ? name : wb_scenario_get_id (scenario));
      out (stdout, ngettext ("%u turn, ", "%u turns, ", turns), turns);
      out (stdout, ngettext ("%u set-up line, ", "%u set-up lines, ", setup), setup);
      out (stdout, ngettext ("%u reinforcement group\n", "%u reinforcement groups\n", groups),
           groups);
    }

  return STATUS_OK;
}

/* --- new ------------------------------------------------------------------- */

/* "COLSxROWS", also with "X" or "×". */
static gboolean
parse_size (const char *text,
            int        *cols,
            int        *rows)
{
  const char *seps[] = { "×", "x", "X" };
  char *end = NULL;
  gint64 c, r;

  c = g_ascii_strtoll (text, &end, 10);
  if (end == text)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (seps); i++)
    if (g_str_has_prefix (end, seps[i]))
      {
        const char *rest = end + strlen (seps[i]);

        r = g_ascii_strtoll (rest, &end, 10);
        if (end == rest || *end != '\0')
          return FALSE;
        if (c < 1 || c > WB_HEX_MAP_MAX_DIM || r < 1 || r > WB_HEX_MAP_MAX_DIM)
          return FALSE;
        *cols = (int) c;
        *rows = (int) r;
        return TRUE;
      }

  return FALSE;
}

static int
cmd_new (const char  *prog,
         int          argc,
         char       **argv)
{
  g_autofree char *hex = NULL;
  g_autofree char *output = NULL;
  g_autofree char *title = NULL;
  gboolean points = FALSE;
  const GOptionEntry entries[] = {
    { "hex", 0, 0, G_OPTION_ARG_STRING, &hex, N_("A hex map of this size"), N_("COLSxROWS") },
    { "points", 0, 0, G_OPTION_ARG_NONE, &points, N_("A point-to-point map"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the game to FILE instead of standard output"), N_("FILE") },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("The game's title"), N_("TITLE") },
    { NULL }
  };
  g_autoptr(WbGame) game = NULL;
  int cols = 0, rows = 0;

  if (!parse_options (prog, "new", "",
                      _("Creates a valid starter game: two sides, three unit classes, a few "
                        "terrain types, one map and one scenario."),
                      _("Give either --hex COLSxROWS (1 to 1000 each) or --points."),
                      entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc > 1)
    return usage_error (prog, "new", _("Unexpected argument; use -o FILE to name the output"));
  if ((hex != NULL) == points)
    return usage_error (prog, "new", _("Give exactly one of --hex COLSxROWS and --points"));
  if (hex != NULL && !parse_size (hex, &cols, &rows))
    {
      g_autofree char *msg =
        g_strdup_printf (_("Invalid map size “%s” (expected COLSxROWS, each 1 to %d)"),
                         hex, WB_HEX_MAP_MAX_DIM);
      return usage_error (prog, "new", msg);
    }

  game = wb_game_new_starter (cols, rows);
  if (title != NULL)
    wb_game_set_title (game, title);

  if (output != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (output);
      g_autoptr(GError) error = NULL;

      if (!wb_game_save (game, file, NULL, &error))
        {
          out (stderr, "%s: %s\n", prog, error->message);
          return STATUS_FAILED;
        }
    }
  else
    {
      gsize len = 0;
      g_autofree char *data = wb_game_to_data (game, &len);

      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          out (stderr, "%s: %s\n", prog, _("Could not write to standard output"));
          return STATUS_FAILED;
        }
    }

  return STATUS_OK;
}

/* --- render ---------------------------------------------------------------- */

static const struct {
  const char *name;
  WbLayers    layers;
} layer_names[] = {
  { "terrain", WB_LAYER_TERRAIN },
  { "elevation", WB_LAYER_ELEVATION },
  { "hexsides", WB_LAYER_HEXSIDES },
  { "roads", WB_LAYER_ROADS },
  { "grid", WB_LAYER_GRID },
  { "numbers", WB_LAYER_NUMBERS },
  { "labels", WB_LAYER_LABELS },
  { "marks", WB_LAYER_MARKS },
  { "units", WB_LAYER_UNITS },
  { "background", WB_LAYER_BACKGROUND },
  { "static", WB_LAYER_STATIC },
  { "all", WB_LAYER_ALL },
  { "none", 0 },
};

/* "terrain,grid,roads" or, starting from every layer, "all,-numbers";
 * a list that starts with a removal starts from every layer too. */
static gboolean
parse_layers (const char *text,
              WbLayers   *layers)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  guint result = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *name = g_strstrip (parts[i]);
      gboolean remove = name[0] == '-';
      gboolean found = FALSE;

      if (remove)
        name++;
      if (i == 0 && remove)
        result = WB_LAYER_ALL;
      if (*name == '\0')
        return FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (layer_names); k++)
        if (g_ascii_strcasecmp (name, layer_names[k].name) == 0)
          {
            if (remove)
              result &= ~(guint) layer_names[k].layers;
            else
              result |= layer_names[k].layers;
            found = TRUE;
            break;
          }
      if (!found)
        return FALSE;
    }

  *layers = (WbLayers) result;
  return TRUE;
}

static void
list_ids (FILE       *stream,
          const char *label,
          GPtrArray  *items,
          const char *(*get_id) (gpointer))
{
  out (stream, "%s", label);
  for (guint i = 0; i < items->len; i++)
    out (stream, "%s%s", i == 0 ? " " : ", ", get_id (g_ptr_array_index (items, i)));
  out (stream, "\n");
}

static const char *
map_id (gpointer map)
{
  return wb_map_get_id (map);
}

static const char *
scenario_id (gpointer scenario)
{
  return wb_scenario_get_id (scenario);
}

/* Parses --region: "X,Y,W,H" in map points for any map, or "HEX-HEX"
 * (two corner hexes, inclusive) for hex maps. FALSE with a message when
 * malformed; the region may still fall outside the map (the exporter says so). */
static gboolean
parse_region (WbMap            *map,
              const char       *text,
              WbRenderOptions  *options,
              char            **message)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  if (g_strv_length (parts) == 4)
    {
      double v[4];

      for (int i = 0; i < 4; i++)
        {
          char *end = NULL;
          v[i] = g_ascii_strtod (parts[i], &end);
          if (end == parts[i] || *end != '\0' || !isfinite (v[i]))
            goto bad;
        }
      if (v[2] <= 0 || v[3] <= 0)
        goto bad;
      options->clip_x = v[0];
      options->clip_y = v[1];
      options->clip_width = v[2];
      options->clip_height = v[3];
      return TRUE;
    }
  if (WB_IS_HEX_MAP (map))
    {
      g_auto(GStrv) hexes = g_strsplit (text, "-", -1);
      WbHexMap *hex_map = WB_HEX_MAP (map);
      WbHexLayout layout = wb_hex_map_get_layout (hex_map);
      double size = wb_hex_map_get_hex_size (hex_map);
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
      WbOffset a, b;

      if (g_strv_length (hexes) != 2 ||
          !wb_hex_map_parse_hex (hex_map, hexes[0], &a) ||
          !wb_hex_map_parse_hex (hex_map, hexes[1], &b))
        goto bad;
      /* The bounding box of every hex in the rectangle of offsets. */
      for (int col = MIN (a.col, b.col); col <= MAX (a.col, b.col); col++)
        for (int row = MIN (a.row, b.row); row <= MAX (a.row, b.row); row += MAX (1, ABS (b.row - a.row)))
          {
            double cx, cy;

            wb_hex_center (layout, size, (WbOffset) { col, row }, &cx, &cy);
            x0 = MIN (x0, cx - size);
            y0 = MIN (y0, cy - size);
            x1 = MAX (x1, cx + size);
            y1 = MAX (y1, cy + size);
          }
      options->clip_x = x0;
      options->clip_y = y0;
      options->clip_width = x1 - x0;
      options->clip_height = y1 - y0;
      return TRUE;
    }

bad:
  *message = g_strdup_printf (WB_IS_HEX_MAP (map)
                              ? _("Invalid region “%s” (expected two corner hexes such as 0101-1020, or X,Y,W,H in points)")
                              : _("Invalid region “%s” (expected X,Y,W,H in points)"),
                              text);
  return FALSE;
}

static int
cmd_render (const char  *prog,
            int          argc,
            char       **argv)
{
  g_autofree char *region_arg = NULL;
  g_autofree char *map_arg = NULL;
  g_autofree char *scenario_arg = NULL;
  g_autofree char *layers_arg = NULL;
  g_autofree char *viewer_arg = NULL;
  g_autofree char *output = NULL;
  double scale = 1.0;
  const GOptionEntry entries[] = {
    { "map", 'm', 0, G_OPTION_ARG_STRING, &map_arg,
      N_("The map to draw (default: the scenario's map, or the first map)"), N_("ID") },
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_arg,
      N_("Draw the units of this scenario at their set-up hexes"), N_("ID") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale,
      N_("Pixels (PNG) or points (SVG, PDF) per map point, default 1"), N_("S") },
    { "viewer", 0, 0, G_OPTION_ARG_STRING, &viewer_arg,
      N_("Fog of war: draw the other sides' counters face down"), N_("SIDE") },
    { "layers", 'l', 0, G_OPTION_ARG_STRING, &layers_arg,
      N_("Comma-separated layers to draw (default: all)"), N_("LIST") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write: .png, .svg or .pdf"), N_("FILE") },
    { "region", 'r', 0, G_OPTION_ARG_STRING, &region_arg,
      N_("Only this part of the map: corner hexes 0101-1020, or X,Y,W,H in points"),
      N_("REGION") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbScenario *scenario = NULL;
  WbMap *map = NULL;
  WbRenderOptions options;
  WbExportFormat format;

  if (!parse_options (prog, "render", _("FILE"),
                      _("Draws a map to a PNG, SVG or PDF file with the same renderer as the "
                        "editor."),
                      _("Layers: terrain, elevation, hexsides, roads, grid, numbers, labels,\n"
                        "marks, units, background; also static (all but units), all and none. A name\n"
                        "prefixed with “-” is removed: “all,-numbers”, or just “-units”."),
                      entries, &argc, &argv))
    return STATUS_USAGE;

  wb_render_options_init (&options);

  if (argc != 2)
    return usage_error (prog, "render", argc < 2 ? _("No game file given")
                                                 : _("Give exactly one game file"));
  if (output == NULL)
    return usage_error (prog, "render", _("No output file given (-o FILE)"));
  if (!wb_export_format_from_path (output, &format))
    return usage_error (prog, "render",
                        _("Unknown output format (expected a name ending in .png, .svg or .pdf)"));
  if (!(scale > 0 && scale <= 50))
    return usage_error (prog, "render", _("The scale must be above 0 and at most 50"));
  if (layers_arg != NULL && !parse_layers (layers_arg, &options.layers))
    {
      g_autofree char *msg = g_strdup_printf (_("Invalid layer list “%s”"), layers_arg);
      return usage_error (prog, "render", msg);
    }

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  if (scenario_arg != NULL)
    {
      scenario = wb_game_find_scenario (game, scenario_arg);
      if (scenario == NULL)
        {
          out (stderr, _("%s: no scenario “%s” in %s\n"), prog, scenario_arg, argv[1]);
          list_ids (stderr, _("Scenarios:"), wb_game_get_scenarios (game), scenario_id);
          return STATUS_FAILED;
        }
    }

  if (map_arg != NULL)
    map = wb_game_find_map (game, map_arg);
  else if (scenario != NULL && wb_scenario_get_map (scenario) != NULL)
    map = wb_game_find_map (game, wb_scenario_get_map (scenario));
  else if (wb_game_get_maps (game)->len > 0)
    map = g_ptr_array_index (wb_game_get_maps (game), 0);

  if (map == NULL)
    {
      if (map_arg != NULL)
        out (stderr, _("%s: no map “%s” in %s\n"), prog, map_arg, argv[1]);
      else
        out (stderr, _("%s: %s has no map to draw\n"), prog, argv[1]);
      list_ids (stderr, _("Maps:"), wb_game_get_maps (game), map_id);
      return STATUS_FAILED;
    }

  if (viewer_arg != NULL && wb_game_find_side (game, viewer_arg) == NULL)
    {
      out (stderr, _("%s: no side “%s” in %s\n"), prog, viewer_arg, argv[1]);
      return STATUS_FAILED;
    }
  options.scale = scale;
  options.scenario = scenario;
  options.viewer_side = viewer_arg;
  if (region_arg != NULL)
    {
      g_autofree char *msg = NULL;
      if (!parse_region (map, region_arg, &options, &msg))
        return usage_error (prog, "render", msg);
    }
  if (!wb_render_map_to_file (game, map, output, format, &options, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }

  return STATUS_OK;
}

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

static int
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

/* --- counters -------------------------------------------------------------- */

/* A counter sheet: one row per unit, each strength value it can show
 * (fresh and battleworn, every step), then its hidden back. */
static int
cmd_counters (const char  *prog,
              int          argc,
              char       **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *side_arg = NULL;
  double size = 72;
  gboolean no_text = FALSE;
  const GOptionEntry entries[] = {
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
  double gap, width, height, group;
  guint columns = 1, groups;
  cairo_t *cr;

  if (!parse_options (prog, "counters", _("FILE"),
                      _("Draws every unit's counter or block in the game's printed style: each "
                        "strength it can show (fresh and battleworn, every step), then its hidden "
                        "side."),
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
  for (guint i = 0; i < wb_game_get_units (game)->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (wb_game_get_units (game), i);

      if (side_arg == NULL || g_strcmp0 (wb_unit_get_side (unit), side_arg) == 0)
        {
          g_ptr_array_add (units, unit);
          columns = MAX (columns, wb_unit_get_strength (unit)->n + 1u);
        }
    }
  if (units->len == 0)
    {
      out (stderr, _("%s: %s has no units to draw\n"), prog, argv[1]);
      return STATUS_FAILED;
    }

  /* Units side by side in groups of columns, the sheet about square. */
  gap = size * 0.15;
  group = columns * (size + gap) + gap;
  groups = CLAMP ((guint) ceil (sqrt (units->len * (size + gap) / group)), 1, units->len);
  width = gap + groups * group;
  height = gap + (units->len + groups - 1) / groups * (size + gap);
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
      guint n = wb_unit_get_strength (unit)->n;
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

/* --- maps ------------------------------------------------------------------ */

/* A report for the designer drawing a map: terrain counts and what units
 * cannot reach. Exit 1 if any map has unreachable parts, so it can gate CI. */
static int
cmd_maps (const char  *prog,
          int          argc,
          char       **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  GPtrArray *maps;
  int status = STATUS_OK;

  if (!parse_options (prog, "maps", _("FILE"),
                      _("Reports on every map: terrain counts and connectivity."),
                      _("Hex maps: hexes per terrain, and passable hexes cut off from the\n"
                        "largest region (by impassable terrain or prohibited hexsides).\n"
                        "Point-to-point maps: locations not connected to the main network.\n"
                        "Exits with 1 when a map has unreachable parts."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "maps", argc < 2 ? _("No game file given")
                                               : _("Give exactly one game file"));
  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  maps = wb_game_get_maps (game);
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *map = g_ptr_array_index (maps, i);

      out (stdout, "%s (%s)\n", wb_map_get_id (map), wb_map_get_name (map));
      if (WB_IS_HEX_MAP (map))
        {
          WbHexMap *hex_map = WB_HEX_MAP (map);
          g_autoptr(GArray) counts = wb_game_get_terrain (game)->len
                                     ? wb_hex_map_count_terrain (game, hex_map) : NULL;
          g_autoptr(GArray) unreachable = NULL;
          guint regions = 0;

          out (stdout, _("  %d×%d hexes\n"), wb_hex_map_get_cols (hex_map),
               wb_hex_map_get_rows (hex_map));
          for (guint j = 0; counts && j < counts->len; j++)
            {
              WbTerrainCount *c = &g_array_index (counts, WbTerrainCount, j);
              WbTerrainType *t = wb_game_find_terrain (game, c->terrain);
              out (stdout, "  %-20s %6u\n", t && t->name ? t->name : c->terrain, c->count);
            }
          unreachable = wb_hex_map_find_unreachable (game, hex_map, &regions);
          if (unreachable->len == 0)
            out (stdout, "%s\n", _("  every passable hex is reachable"));
          else
            {
              status = STATUS_FAILED;
              out (stdout, _("  %u passable hexes are cut off from the main region (%u regions):"),
                   unreachable->len, regions);
              for (guint j = 0; j < MIN (unreachable->len, 40); j++)
                {
                  char buf[16];
                  wb_hex_map_format_hex (hex_map, g_array_index (unreachable, WbOffset, j),
                                         buf, sizeof buf);
                  out (stdout, " %s", buf);
                }
              out (stdout, "%s\n", unreachable->len > 40 ? " …" : "");
            }
        }
      else
        {
          WbPointMap *points = WB_POINT_MAP (map);
          g_autoptr(GPtrArray) isolated = NULL;
          guint groups = 0;

          out (stdout, _("  %u locations, %u connections\n"),
               wb_point_map_get_locations (points)->len,
               wb_point_map_get_connections (points)->len);
          isolated = wb_point_map_find_isolated (points, &groups);
          if (isolated->len == 0)
            out (stdout, "%s\n", _("  every location is connected"));
          else
            {
              status = STATUS_FAILED;
              out (stdout, _("  %u locations are not connected to the main network (%u groups):"),
                   isolated->len, groups);
              for (guint j = 0; j < isolated->len; j++)
                out (stdout, " %s", ((WbLocation *) g_ptr_array_index (isolated, j))->id);
              out (stdout, "\n");
            }
        }
    }
  return status;
}

/* --- setup ----------------------------------------------------------------- */

/* "0414", "harpers-ferry", "box:off-board"; choices joined by " or " (text)
 * or "|" (TSV). */
static char *
places_text (GArray     *at,
             gboolean    tsv)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; at != NULL && i < at->len; i++)
    {
      WbPlace *p = &g_array_index (at, WbPlace, i);
      const char *kind = p->kind == WB_PLACE_HEX ? "hex" : p->kind == WB_PLACE_LOCATION ? "location" : "box";

      if (i > 0)
        g_string_append (text, tsv ? "|" : _(" or "));
      if (tsv)
        g_string_append_printf (text, "%s:%s", kind, p->ref);
      else if (p->kind == WB_PLACE_BOX)
        g_string_append_printf (text, _("box %s"), p->ref);
      else
        g_string_append (text, p->ref);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
unit_label (WbGame     *game,
            const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);

  return unit != NULL ? wb_unit_get_designation (unit) : id;
}

static const char *
unit_side (WbGame     *game,
           const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);

  return unit != NULL ? wb_unit_get_side (unit) : "";
}

/* Prints a scenario's set-up chart: where each unit starts, what arrives
 * when and where, and the markers placed, with the chosen options in
 * force. --tsv gives one tab-separated record per unit for scripts and the
 * transcription tests. */
static int
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
                      _("With --tsv each record is one line: \"setup SIDE UNIT PLACES\",\n"
                        "\"reinforcement TURN SIDE UNIT PLACES\" or \"marker FEATURE PLACE\", where a\n"
                        "place is hex:0414, location:ID, box:ID or area:MARK and choices are\n"
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
          out (stderr, _("%s: scenario “%s” has no option “%s”\n"), argv[1],
               wb_scenario_get_id (scenario), chosen[i]);
          return STATUS_FAILED;
        }
    }

  turns = wb_scenario_get_turns (scenario);
  if (!tsv)
    out (stdout, _("%s — map %s, %u turns\n"),
         wb_scenario_get_name (scenario) != NULL ? wb_scenario_get_name (scenario)
                                                 : wb_scenario_get_id (scenario),
         wb_scenario_get_map (scenario), turns->len);

  lines = wb_scenario_get_setup (scenario);
  if (!tsv && lines->len > 0)
    out (stdout, "\n%s\n", _("Set-up"));
  for (guint i = 0; i < lines->len; i++)
    {
      WbSetup *st = g_ptr_array_index (lines, i);
      g_autofree char *where = NULL;

      if (!wb_scenario_applies (st->option, st->unless, (const char * const *) chosen))
        continue;
      where = places_text (st->at, tsv);
      if (tsv)
        out (stdout, "setup\t%s\t%s\t%s\n", unit_side (game, st->unit), st->unit, where);
      else
        out (stdout, "  %-24s %-18s %s%s%s\n", where, unit_label (game, st->unit),
             unit_side (game, st->unit), st->note ? " · " : "", st->note ? st->note : "");
    }

  lines = wb_scenario_get_reinforcements (scenario);
  if (!tsv && lines->len > 0)
    out (stdout, "\n%s\n", _("Reinforcements"));
  for (guint i = 0; i < lines->len; i++)
    {
      WbReinforcement *re = g_ptr_array_index (lines, i);
      g_autofree char *where = NULL;
      const char *label = re->turn >= 1 && (guint) re->turn <= turns->len
                          ? g_array_index (turns, WbTurn, re->turn - 1).label : NULL;

      if (!wb_scenario_applies (re->option, re->unless, (const char * const *) chosen))
        continue;
      where = re->area != NULL ? (tsv ? g_strdup_printf ("area:%s", re->area)
                                      : g_strdup_printf (_("area %s"), re->area))
                               : places_text (re->at, tsv);
      if (tsv)
        {
          for (guint j = 0; j < re->units->len; j++)
            {
              const char *unit = g_ptr_array_index (re->units, j);

              out (stdout, "reinforcement\t%d\t%s\t%s\t%s\n", re->turn, unit_side (game, unit),
                   unit, where);
            }
          continue;
        }
      /* Translators: a reinforcement: the turn (and its label) and where */
      out (stdout, _("  Turn %d%s%s%s at %s:"), re->turn, label ? " (" : "", label ? label : "",
           label ? ")" : "", where);
      for (guint j = 0; j < re->units->len; j++)
        out (stdout, "%s%s", j ? ", " : " ", unit_label (game, g_ptr_array_index (re->units, j)));
      if (re->condition != NULL)
        out (stdout, " · %s", re->condition);
      out (stdout, "\n");
    }

  lines = wb_scenario_get_markers (scenario);
  if (!tsv && lines->len > 0)
    out (stdout, "\n%s\n", _("Markers"));
  for (guint i = 0; i < lines->len; i++)
    {
      WbMarker *m = g_ptr_array_index (lines, i);
      WbFeatureType *f = wb_game_find_feature (game, m->feature);
      g_autofree char *where = NULL;

      if (!wb_scenario_applies (m->option, m->unless, (const char * const *) chosen))
        continue;
      where = places_text (m->at, tsv);
      if (tsv)
        out (stdout, "marker\t%s\t%s\n", m->feature, where);
      else
        out (stdout, "  %-24s %s%s%s\n", where, f != NULL && f->name != NULL ? f->name : m->feature,
             m->note ? " · " : "", m->note ? m->note : "");
    }
  return STATUS_OK;
}

/* --- format ---------------------------------------------------------------- */

/* Rewrites game files in the canonical layout (the one Warbench saves), so
 * hand edits and generated files diff cleanly; --check only reports. */
static int
cmd_format (const char  *prog,
            int          argc,
            char       **argv)
{
  gboolean check = FALSE;
  const GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_NONE, &check,
      N_("Do not write; fail if a file is not in canonical form"), NULL },
    { NULL }
  };
  int status = STATUS_OK;

  if (!parse_options (prog, "format", _("FILE…"),
                      _("Rewrites game files in Warbench's canonical layout."),
                      _("Keys in a fixed order, one entity per line, defaults left out: the\n"
                        "layout the editor saves. Invalid files are left untouched."),
                      entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc < 2)
    return usage_error (prog, "format", _("No game file given"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = load_game (argv[i], &error);
      g_autofree char *before = NULL, *after = NULL;
      g_autoptr(GFile) file = NULL;

      if (game == NULL)
        {
          print_load_error (argv[i], error);
          status = STATUS_FAILED;
          continue;
        }
      after = wb_game_to_data (game, NULL);
      if (g_file_get_contents (argv[i], &before, NULL, NULL) && g_strcmp0 (before, after) == 0)
        {
          out (stdout, _("%s: already canonical\n"), argv[i]);
          continue;
        }
      if (check)
        {
          out (stdout, _("%s: not in canonical form\n"), argv[i]);
          status = STATUS_FAILED;
          continue;
        }
      file = g_file_new_for_commandline_arg (argv[i]);
      if (!wb_game_save (game, file, NULL, &error))
        {
          out (stderr, "%s\n", error->message);
          status = STATUS_FAILED;
          continue;
        }
      out (stdout, _("%s: rewritten\n"), argv[i]);
    }

  return status;
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

static int
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

static int
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

/* --- main ------------------------------------------------------------------ */

static const Command commands[] = {
  { "validate", N_("FILE…"), N_("Check game files and report the first error in each"), cmd_validate },
  { "info", N_("FILE"), N_("Summarise a game: sides, maps, tables, scenarios"), cmd_info },
  { "new", N_("--hex COLSxROWS | --points [-o FILE] [--title T]"),
    N_("Create a starter game"), cmd_new },
  { "render", N_("FILE [--map ID] [--scenario ID] [--scale S] [--layers LIST] [--region R] [--viewer SIDE] -o OUT"),
    N_("Draw a map to PNG, SVG or PDF"), cmd_render },
  { "chart", N_("FILE TABLE [--scale S] -o OUT"),
    N_("Draw a table as a printed chart to PNG, SVG or PDF"), cmd_chart },
  { "counters", N_("FILE [--side ID] [--size S] [--no-text] -o OUT"),
    N_("Draw every unit's counter or block, each side of it and its hidden back"), cmd_counters },
  { "maps", N_("FILE"), N_("Report terrain counts and unreachable parts of each map"), cmd_maps },
  { "setup", N_("FILE [--scenario ID] [--option ID…] [--tsv]"),
    N_("Print a scenario's set-up chart and reinforcement schedule"), cmd_setup },
  { "format", N_("FILE… [--check]"), N_("Rewrite game files in the canonical layout"), cmd_format },
  { "oob", N_("FILE --csv [-o OUT.csv] | FILE --import IN.csv [-o OUT | --in-place]"),
    N_("Export the order of battle as CSV, or import one"), cmd_oob },
  { "table", N_("FILE NAME --stats | --json | --csv"),
    N_("A table's exact outcome probabilities and flags, or the table as CSV"), cmd_table },
};

static void
print_usage (FILE       *stream,
             const char *prog)
{
  out (stream, _("Usage:\n  %s COMMAND [OPTION…]\n\n"), prog);
  out (stream, "%s\n\n", _("Work with Warbench game files from the command line."));
  out (stream, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    out (stream, "  %s %s\n      %s\n", commands[i].name, _(commands[i].parameters),
         _(commands[i].summary));
  out (stream, "\n%s\n", _("Options:"));
  out (stream, "  -h, --help     %s\n", _("Show this help"));
  out (stream, "  --version      %s\n\n", _("Show the version"));
  out (stream, _("Run “%s COMMAND --help” for a command's options.\n"), prog);
  out (stream, "%s\n", _("Exit status: 0 success, 1 the operation failed, 2 usage error."));
}

int
main (int    argc,
      char **argv)
{
  const char *prog = "warbench-cli";
  const char *name;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (prog);

  if (argc < 2)
    {
      print_usage (stderr, prog);
      return STATUS_USAGE;
    }

  name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "-?") == 0 ||
      strcmp (name, "help") == 0)
    {
      /* "help COMMAND" is "COMMAND --help". */
      if (strcmp (name, "help") == 0 && argc > 2)
        {
          for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
            if (strcmp (argv[2], commands[i].name) == 0)
              {
                char *help_argv[] = { argv[2], (char *) "--help", NULL };

                return commands[i].run (prog, 2, help_argv);
              }
          return usage_error (prog, NULL, _("Unknown command"));
        }
      print_usage (stdout, prog);
      return STATUS_OK;
    }
  if (strcmp (name, "--version") == 0 || strcmp (name, "-V") == 0)
    {
      out (stdout, "%s %s\n", prog, PACKAGE_VERSION);
      return STATUS_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (name, commands[i].name) == 0)
      return commands[i].run (prog, argc - 1, argv + 1);

  {
    g_autofree char *msg = g_strdup_printf (_("Unknown command “%s”"), name);

    return usage_error (prog, NULL, msg);
  }
}
