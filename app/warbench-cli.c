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
#include "warbench-cli-private.h"

/*
 * warbench-cli: validate, inspect, create and render game files without the
 * GUI, for scripts, CI and designers who keep their games in git.
 *
 * Exit status: 0 when everything worked, 1 when the operation failed (an
 * invalid game file, a map the file does not have, a render or write
 * error), 2 for a usage error (unknown command or option, a malformed
 * value). Output is UTF-8 whatever the locale, so scripts can match "×".
 */

/* Writes UTF-8 text as is: g_print () would transliterate it in a C
 * locale, and scripts match on it. */
void
out (FILE       *stream,
     const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stream, format, args);
  va_end (args);
}

int
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

/* While describe_commands runs: the CommandHelp* recorded so far. */
static GPtrArray *describing;

void
command_help_free (CommandHelp *help)
{
  g_free (help->name);
  g_free (help->parameters);
  g_free (help->summary);
  g_free (help->description);
  g_array_unref (help->entries);
  g_free (help);
}

static void
describe_record (const char         *command,
                 const char         *parameters,
                 const char         *summary,
                 const char         *description,
                 const GOptionEntry *entries)
{
  CommandHelp *help = g_new0 (CommandHelp, 1);

  help->name = g_strdup (command);
  help->parameters = g_strdup (parameters);
  help->summary = g_strdup (summary);
  help->description = g_strdup (description);
  /* Zero-terminated: a GOptionEntry array as parse_options takes. */
  help->entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  for (guint i = 0; entries[i].long_name != NULL; i++)
    {
      GOptionEntry entry = entries[i];

      /* The strings are literals; the variables are the command's locals. */
      entry.arg_data = NULL;
      g_array_append_val (help->entries, entry);
    }
  g_ptr_array_add (describing, help);
}

/* Each command is run as if with no arguments: parse_options is the first
 * thing each does, and in describe mode it records and returns FALSE, so
 * the command returns at once with nothing printed or read. */
GPtrArray *
describe_commands (const Command *commands,
                   guint          n_commands)
{
  g_autoptr(GPtrArray) helps = g_ptr_array_new_with_free_func ((GDestroyNotify) command_help_free);

  g_return_val_if_fail (describing == NULL, NULL);
  describing = helps;
  for (guint i = 0; i < n_commands; i++)
    {
      const char * const none[] = { NULL, NULL };
      const char * const *actions = commands[i].actions != NULL ? commands[i].actions : none;

      for (guint k = 0; k == 0 || actions[k] != NULL; k++)
        {
          char *argv[] = { (char *) commands[i].name, (char *) actions[k], NULL };
          guint before = helps->len;

          commands[i].run ("warbench-cli", actions[k] != NULL ? 2 : 1, argv);
          if (helps->len != before + 1)
            {
              out (stderr, "warbench-cli: %s%s%s does not describe itself through parse_options\n",
                   commands[i].name, actions[k] != NULL ? " " : "", actions[k] != NULL ? actions[k] : "");
              describing = NULL;
              return NULL;
            }
        }
    }
  describing = NULL;
  return g_steal_pointer (&helps);
}

/* Parses a command's options; on error prints it and returns FALSE. */
gboolean
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
  g_autofree char *parameter_string = NULL;

  if (describing != NULL)
    {
      describe_record (command, parameters, summary, description, entries);
      return FALSE;
    }

  parameter_string = g_strdup_printf ("%s %s", command, parameters);
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

WbGame *
load_game (const char  *path,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return wb_game_load (file, NULL, error);
}

/* The loader names the file in its messages; add the name when a message
 * does not (an I/O error from below, say). */
void
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
  g_autofree char *scheme = NULL;
  gboolean points = FALSE, oblique = FALSE;
  const GOptionEntry entries[] = {
    { "hex", 0, 0, G_OPTION_ARG_STRING, &hex, N_("A hex map of this size"), N_("COLSxROWS") },
    { "numbering", 0, 0, G_OPTION_ARG_STRING, &scheme,
      N_("How the hex map's hexes are numbered: digits (0704, the default), letters (C07) or mixed (707)"),
      N_("SCHEME") },
    { "oblique", 0, 0, G_OPTION_ARG_NONE, &oblique,
      N_("Number the hex map's rows along the diagonals (see docs/file-format.md)"), NULL },
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

  if (points && (scheme != NULL || oblique))
    return usage_error (prog, "new", _("--numbering and --oblique are for a hex map"));
  game = wb_game_new_starter (cols, rows);
  if (scheme != NULL || oblique)
    {
      WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "map"));
      WbHexLayout layout = wb_hex_map_get_layout (map);
      g_autoptr(GError) error = NULL;
      WbHexNumbering num;

      wb_hex_map_get_hex_numbering (map, &num);
      if (scheme != NULL && !wb_hex_numbering_scheme_from_string (scheme, &num.scheme))
        {
          g_autofree char *msg =
            g_strdup_printf (_("Unknown numbering “%s” (expected digits, letters or mixed)"), scheme);
          return usage_error (prog, "new", msg);
        }
      num.oblique = oblique;
      num.digits = 2;
      if (!wb_hex_numbering_fit (&num, layout, cols, rows))
        {
          wb_hex_numbering_check (&num, layout, cols, rows, &error);
          out (stderr, "%s: %s\n", prog, error->message);
          return STATUS_FAILED;
        }
      wb_hex_map_set_hex_numbering (map, &num);
    }
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

void
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

      if (g_strv_length (hexes) != 2)
        goto bad;
      for (guint i = 0; i < 2; i++)
        {
          g_autoptr(GError) error = NULL;

          if (!wb_hex_map_parse_typed_hex (hex_map, hexes[i], i == 0 ? &a : &b, &error))
            {
              /* Translators: "Invalid region “A01-X”: “X” is not a hex number: …" */
              *message = g_strdup_printf (_("Invalid region “%s”: %s"), text, error->message);
              return FALSE;
            }
        }
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
  if (WB_IS_HEX_MAP (map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (map);
      char first[WB_HEX_NUMBER_MAX_LEN], last[WB_HEX_NUMBER_MAX_LEN];

      wb_hex_map_format_hex (hex_map, (WbOffset) { 0, 0 }, first, sizeof first);
      wb_hex_map_format_hex (hex_map, (WbOffset) { wb_hex_map_get_cols (hex_map) - 1,
                                                   wb_hex_map_get_rows (hex_map) - 1 },
                             last, sizeof last);
      /* Translators: "Invalid region “x” (expected two corner hexes such as
       * A01-T20, or X,Y,W,H in points)" */
      *message = g_strdup_printf (_("Invalid region “%s” (expected two corner hexes such as %s-%s, "
                                    "or X,Y,W,H in points)"), text, first, last);
    }
  else
    *message = g_strdup_printf (_("Invalid region “%s” (expected X,Y,W,H in points)"), text);
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

/* --- main ------------------------------------------------------------------ */

static const char * const scenario_actions[] = { "export", "import", NULL };

static const Command commands[] = {
  { "validate", N_("FILE…"), N_("Check game files and report the first error in each"), cmd_validate },
  { "info", N_("FILE"), N_("Summarise a game: sides, maps, tables, scenarios"), cmd_info },
  { "new", N_("--hex COLSxROWS [--numbering SCHEME] [--oblique] | --points [-o FILE] [--title T]"),
    N_("Create a starter game"), cmd_new },
  { "render", N_("FILE [--map ID] [--scenario ID] [--scale S] [--layers LIST] [--region R] [--viewer SIDE] -o OUT"),
    N_("Draw a map to PNG, SVG or PDF"), cmd_render },
  { "chart", N_("FILE TABLE [--scale S] -o OUT"),
    N_("Draw a table as a printed chart to PNG, SVG or PDF"), cmd_chart },
  { "counters", N_("FILE [--side ID] [--size S] [--no-text] [--no-chits] -o OUT"),
    N_("Draw every unit's counter or block, each side of it and its hidden back, and the game's chits"), cmd_counters },
  { "maps", N_("FILE"), N_("Report terrain counts and unreachable parts of each map"), cmd_maps },
  { "setup", N_("FILE [--scenario ID] [--option ID…] [--tsv]"),
    N_("Print a scenario's set-up chart and reinforcement schedule"), cmd_setup },
  { "format", N_("FILE… [--check]"), N_("Rewrite game files in the canonical layout"), cmd_format },
  { "oob", N_("FILE --csv [-o OUT.csv] | FILE --import IN.csv [-o OUT | --in-place]"),
    N_("Export the order of battle as CSV, or import one"), cmd_oob },
  { "table", N_("FILE NAME --stats | --json | --csv | --pdf/--svg/--png OUT [--compare OTHER]"),
    N_("A table's exact outcome probabilities and flags, compared with another, or the table as CSV or a chart"), cmd_table },
  { "play", N_("FILE --auto [--scenario ID] [--seed N] [--option ID…] [--save OUT]"),
    N_("Play a whole game with the automatic player on both sides"), cmd_play },
  { "balance", N_("FILE --games N [--scenario ID] [--option ID…] [--jobs J] [--seed S] [--shard I/N] [--json|--csv OUT] | --merge PART…"),
    N_("Play many automatic games and report the scenario's balance: win rates with confidence intervals, VP, length"),
    cmd_balance },
  { "replay", N_("SAVE [--game FILE]"), N_("Replay a saved playtest: its log and final state"), cmd_replay },
  { "state", N_("SAVE [--game FILE] [--entry K] [--viewer SIDE]"), N_("A saved playtest's state as JSON"), cmd_state },
  { "actions", N_("SAVE [--game FILE]"), N_("The actions the engine accepts now, as JSON lines"), cmd_actions },
  { "rules", N_("[FAMILY]"), N_("The rules families the engine plays, and each one's rule checks"), cmd_rules },
  { "print", N_("FILE WHAT… [--paper P] [--scenario ID] [--layout duplex|fold|fronts] [--describe] -o OUT.pdf"),
    N_("Lay out pages to print: a map at true scale, counter sheets, set-up and OOB cards, turn track, player aid"),
    cmd_print },
  { "kit", N_("FILE [--scenario ID] [--paper a4|letter] [--layout duplex|fold] -o OUT.pdf"),
    N_("Write a print-and-play kit: contents, rules summary, map, counter sheets, cards and aids"), cmd_kit },
  { "vassal", N_("FILE -o OUT.vmod"), N_("Export the game as a VASSAL module"), cmd_vassal },
  { "tmx", N_("FILE [--map ID] [--scale S] -o MAP.tmx"), N_("Export a map for the Tiled map editor"), cmd_tmx },
  { "scenario", N_("export FILE ID -o OUT | import FILE FROM [--scenario ID] [--as NEWID] (-o OUT | --in-place)"),
    N_("Write one scenario as a game file of its own, or import a scenario of another file"), cmd_scenario,
    scenario_actions },
  { "ids", N_("FILE|SAVE KIND [--scenario ID]"),
    N_("List a game's ids of one kind, one a line: scenarios, maps, sides, tables, options (for shell completion)"),
    cmd_ids },
};

const GOptionEntry global_options[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, NULL, N_("Show this help"), NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, NULL, N_("Show the version"), NULL },
  { NULL }
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
  for (guint i = 0; global_options[i].long_name != NULL; i++)
    {
      g_autofree char *names = g_strdup_printf ("-%c, --%s", global_options[i].short_name,
                                                global_options[i].long_name);

      out (stream, "  %-14s %s\n", names, _(global_options[i].description));
    }
  out (stream, "\n");
  out (stream, _("Run “%s COMMAND --help” for a command's options.\n"), prog);
  out (stream, "%s\n", _("Exit status: 0 success, 1 the operation failed, 2 usage error."));
}

int
main (int    argc,
      char **argv)
{
  const char *prog = "warbench-cli";
  const char *name;

  /* Hidden, for the build (app/meson.build): the completion scripts, from
   * the tables the commands parse. Before setlocale: the words a shell
   * completes are the untranslated ones, whatever the builder's locale. */
  if (argc == 3 && strcmp (argv[1], "--completion") == 0)
    return write_completion (prog, argv[2], commands, G_N_ELEMENTS (commands));

  setlocale (LC_ALL, "");
  /* WARBENCH_LOCALEDIR: the translations of an uninstalled build
   * (./dev run sets it to BUILDDIR/po). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("WARBENCH_LOCALEDIR") != NULL ? g_getenv ("WARBENCH_LOCALEDIR")
                                                                         : LOCALEDIR);
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
  /* Hidden, for the build: warbench-cli(1) and warbench(1), in the
   * locale's language (meson runs it in C). */
  if (strcmp (name, "--man") == 0)
    {
      if (argc != 3)
        return usage_error (prog, NULL, _("--man takes the page: warbench-cli or warbench"));
      return write_man_page (prog, argv[2], commands, G_N_ELEMENTS (commands));
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
