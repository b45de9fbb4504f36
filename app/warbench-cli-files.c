/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "warbench-core.h"
#include "warbench-cli-private.h"

/* warbench-cli: files for other programs and other games — `tmx` (a map
 * for the Tiled map editor) and `scenario` (one scenario as a standalone
 * game file, and a scenario of another file imported into a game). */

static const char *
map_id_of (gpointer item)
{
  return wb_map_get_id (item);
}

static const char *
scenario_id_of (gpointer item)
{
  return wb_scenario_get_id (item);
}

static gboolean
has_suffix_nocase (const char *path,
                   const char *suffix)
{
  gsize len = strlen (path), n = strlen (suffix);

  return len > n && g_ascii_strcasecmp (path + len - n, suffix) == 0;
}

/* --- tmx ------------------------------------------------------------------- */

int
cmd_tmx (const char  *prog,
         int          argc,
         char       **argv)
{
  g_autofree char *map_arg = NULL;
  g_autofree char *output = NULL;
  double scale = WB_TILED_DEFAULT_SCALE;
  const GOptionEntry entries[] = {
    { "map", 'm', 0, G_OPTION_ARG_STRING, &map_arg, N_("The map to export (default: the first)"), N_("ID") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Tiled pixels per map point, default 1"), N_("S") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The Tiled map to write (.tmx)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbMap *map = NULL;

  if (!parse_options (prog, "tmx", _("FILE -o MAP.tmx"),
                      _("Writes a map as a Tiled map (.tmx) with its tile set images next to it."),
                      _("A hex map: a hexagonal Tiled map with a terrain layer, an elevation layer\n"
                        "when the map has levels, and object layers for hex features and labels,\n"
                        "hexside features and drawn lines. A point-to-point map: the map drawn as\n"
                        "an image layer, with the locations and connections as objects. The images\n"
                        "are written as MAP-terrain.png, MAP-elevation.png or MAP-map.png.\n"
                        "See docs/tiled-export.md."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "tmx", argc < 2 ? _("No game file given") : _("Give exactly one game file"));
  if (output == NULL)
    return usage_error (prog, "tmx", _("No output file given (-o MAP.tmx)"));
  if (!has_suffix_nocase (output, ".tmx"))
    return usage_error (prog, "tmx", _("The output is a Tiled map: give a name ending in .tmx"));
  if (!(scale >= WB_TILED_MIN_SCALE && scale <= WB_TILED_MAX_SCALE))
    {
      g_autofree char *msg = g_strdup_printf (_("The scale must be from %g to %g"), WB_TILED_MIN_SCALE,
                                              WB_TILED_MAX_SCALE);
      return usage_error (prog, "tmx", msg);
    }

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  if (map_arg != NULL)
    map = wb_game_find_map (game, map_arg);
  else if (wb_game_get_maps (game)->len > 0)
    map = g_ptr_array_index (wb_game_get_maps (game), 0);
  if (map == NULL)
    {
      if (map_arg != NULL)
        out (stderr, _("%s: no map “%s” in %s\n"), prog, map_arg, argv[1]);
      else
        out (stderr, _("%s: %s has no map to export\n"), prog, argv[1]);
      list_ids (stderr, _("Maps:"), wb_game_get_maps (game), map_id_of);
      return STATUS_FAILED;
    }

  if (!wb_tiled_export (game, map, output, scale, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }
  out (stdout, _("Wrote %s\n"), output);
  return STATUS_OK;
}

/* --- scenario -------------------------------------------------------------- */

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autoptr(GFile) fa = g_file_new_for_commandline_arg (a);
  g_autoptr(GFile) fb = g_file_new_for_commandline_arg (b);
  g_autoptr(GFileInfo) ia = NULL, ib = NULL;
  const char *attrs = G_FILE_ATTRIBUTE_ID_FILE;

  if (g_file_equal (fa, fb))
    return TRUE;
  /* The same file by another path (a link, "./"). */
  ia = g_file_query_info (fa, attrs, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  ib = g_file_query_info (fb, attrs, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return ia != NULL && ib != NULL &&
         g_strcmp0 (g_file_info_get_attribute_string (ia, attrs), g_file_info_get_attribute_string (ib, attrs)) == 0;
}

static int
save_game (WbGame     *game,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;

  if (!wb_game_save (game, file, NULL, &error))
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  return STATUS_OK;
}

static int
scenario_export (const char  *prog,
                 int          argc,
                 char       **argv)
{
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The scenario file to write"), N_("OUT.warbench") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) extracted = NULL;
  WbScenario *sc;
  guint n_units;

  if (!parse_options (prog, "scenario export", _("FILE ID -o OUT.warbench"),
                      _("Writes one scenario of a game as a game file of its own, which validates "
                        "and plays."),
                      _("It holds the scenario's map (only that one), the units it sets up, brings\n"
                        "on or counts for victory and those the rules parameters name, their\n"
                        "formations, and the game's legend, tables, chits and rules, with the\n"
                        "parameters given per scenario cut down to this one's."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 3)
    return usage_error (prog, "scenario export", argc < 3 ? _("Give the game file and the scenario's id")
                                                          : _("Give one game file and one scenario"));
  if (output == NULL)
    return usage_error (prog, "scenario export", _("No output file given (-o OUT.warbench)"));
  if (same_file (argv[1], output))
    return usage_error (prog, "scenario export",
                        _("The output would replace the game file itself: give another name"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  if (wb_game_find_scenario (game, argv[2]) == NULL)
    {
      out (stderr, _("%s: no scenario “%s” in %s\n"), prog, argv[2], argv[1]);
      list_ids (stderr, _("Scenarios:"), wb_game_get_scenarios (game), scenario_id_of);
      return STATUS_FAILED;
    }
  extracted = wb_scenario_extract (game, argv[2], &error);
  if (extracted == NULL)
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  if (save_game (extracted, output) != STATUS_OK)
    return STATUS_FAILED;

  sc = wb_game_find_scenario (extracted, argv[2]);
  n_units = wb_game_get_units (extracted)->len;
  out (stdout, _("Wrote %s: the scenario “%s” "), output,
       wb_scenario_get_name (sc) != NULL ? wb_scenario_get_name (sc) : argv[2]);
  out (stdout, ngettext ("with %u unit", "with %u units", n_units), n_units);
  out (stdout, _(" on the map “%s”\n"), wb_scenario_get_map (sc) != NULL ? wb_scenario_get_map (sc) : "");
  return STATUS_OK;
}

/* The collections an import may add to, counted before and after. */
static GPtrArray *(* const counted[]) (WbGame *game) = {
  wb_game_get_sides, wb_game_get_unit_classes, wb_game_get_terrain, wb_game_get_features,
  wb_game_get_tables, wb_game_get_maps, wb_game_get_formations, wb_game_get_units, wb_game_get_chits,
};

/* "3 units": @n records of counted[@i]. */
static char *
count_words (guint i,
             guint n)
{
  switch (i)
    {
    case 0: return g_strdup_printf (ngettext ("%u side", "%u sides", n), n);
    case 1: return g_strdup_printf (ngettext ("%u unit class", "%u unit classes", n), n);
    case 2: return g_strdup_printf (ngettext ("%u terrain type", "%u terrain types", n), n);
    case 3: return g_strdup_printf (ngettext ("%u feature", "%u features", n), n);
    case 4: return g_strdup_printf (ngettext ("%u table", "%u tables", n), n);
    case 5: return g_strdup_printf (ngettext ("%u map", "%u maps", n), n);
    case 6: return g_strdup_printf (ngettext ("%u formation", "%u formations", n), n);
    case 7: return g_strdup_printf (ngettext ("%u unit", "%u units", n), n);
    default: return g_strdup_printf (ngettext ("%u chit", "%u chits", n), n);
    }
}

static int
scenario_import (const char  *prog,
                 int          argc,
                 char       **argv)
{
  g_autofree char *output = NULL, *scenario_arg = NULL, *new_id = NULL;
  gboolean in_place = FALSE;
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_arg,
      N_("The scenario of FROM to import (default: its only one)"), N_("ID") },
    { "as", 0, 0, G_OPTION_ARG_STRING, &new_id, N_("Its id in the game (default: the same)"), N_("NEWID") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Where to write the game with it"), N_("OUT") },
    { "in-place", 0, 0, G_OPTION_ARG_NONE, &in_place, N_("Save over FILE"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) from = NULL;
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  guint before[G_N_ELEMENTS (counted)];
  g_autoptr(GString) brought = g_string_new (NULL);
  const char *sid;
  WbScenario *sc;

  if (!parse_options (prog, "scenario import", _("FILE FROM.warbench [--scenario ID] [--as NEWID] "
                                                 "(-o OUT | --in-place)"),
                      _("Adds a scenario of another game file (a variant, or a scenario file) to a game."),
                      _("The units, formations, maps, tables and legend records it needs come along\n"
                        "when the game lacks them; those the game has must be defined the same way.\n"
                        "Each clash is reported and then nothing is changed. Without -o or\n"
                        "--in-place only checks."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 3)
    return usage_error (prog, "scenario import", argc < 3 ? _("Give the game file and the file to import from")
                                                          : _("Give one game file and one file to import from"));
  if (in_place && output != NULL)
    return usage_error (prog, "scenario import", _("Give either -o OUT or --in-place, not both"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  from = load_game (argv[2], &error);
  if (from == NULL)
    {
      print_load_error (argv[2], error);
      return STATUS_FAILED;
    }

  if (scenario_arg == NULL)
    {
      GPtrArray *all = wb_game_get_scenarios (from);

      if (all->len != 1)
        {
          out (stderr, all->len == 0 ? _("%s: %s has no scenario to import\n")
                                     : _("%s: %s has several scenarios: say which with --scenario ID\n"),
               prog, argv[2]);
          list_ids (stderr, _("Scenarios:"), all, scenario_id_of);
          return all->len == 0 ? STATUS_FAILED : STATUS_USAGE;
        }
      sid = wb_scenario_get_id (g_ptr_array_index (all, 0));
    }
  else
    sid = scenario_arg;
  if (wb_game_find_scenario (from, sid) == NULL)
    {
      out (stderr, _("%s: no scenario “%s” in %s\n"), prog, sid, argv[2]);
      list_ids (stderr, _("Scenarios:"), wb_game_get_scenarios (from), scenario_id_of);
      return STATUS_FAILED;
    }

  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    before[i] = counted[i] (game)->len;
  if (!wb_scenario_import (game, from, sid, new_id, clashes, &error))
    {
      for (guint i = 0; i < clashes->len; i++)
        out (stderr, "%s: %s\n", argv[2], (const char *) g_ptr_array_index (clashes, i));
      out (stderr, _("%s: %s; nothing was changed\n"), argv[1], error->message);
      return STATUS_FAILED;
    }

  sc = wb_game_find_scenario (game, new_id != NULL ? new_id : sid);
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    {
      guint n = counted[i] (game)->len - before[i];
      g_autofree char *words = NULL;

      if (n == 0)
        continue;
      words = count_words (i, n);
      g_string_append_printf (brought, "%s%s", brought->len > 0 ? ", " : "", words);
    }
  out (stdout, _("Imported the scenario “%s” as “%s”"),
       wb_scenario_get_name (sc) != NULL ? wb_scenario_get_name (sc) : sid, wb_scenario_get_id (sc));
  if (brought->len > 0)
    out (stdout, _(" with %s it needs\n"), brought->str);
  else
    out (stdout, "%s\n", _(", everything it needs being in the game already"));

  if (output == NULL && !in_place)
    {
      out (stdout, "%s\n", _("Nothing written (give -o OUT or --in-place to save)"));
      return STATUS_OK;
    }
  if (save_game (game, in_place ? argv[1] : output) != STATUS_OK)
    return STATUS_FAILED;
  out (stdout, _("Wrote %s\n"), in_place ? argv[1] : output);
  return STATUS_OK;
}

int
cmd_scenario (const char  *prog,
              int          argc,
              char       **argv)
{
  if (argc >= 2 && strcmp (argv[1], "export") == 0)
    return scenario_export (prog, argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "import") == 0)
    return scenario_import (prog, argc - 1, argv + 1);
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      out (stdout, _("Usage:\n  %s scenario export FILE ID -o OUT.warbench\n"
                     "  %s scenario import FILE FROM.warbench [--scenario ID] [--as NEWID] "
                     "(-o OUT | --in-place)\n\n"), prog, prog);
      out (stdout, "%s\n", _("Writes one scenario as a game file of its own, or adds a scenario of another "
                             "file to a game."));
      out (stdout, _("Run “%s scenario export --help” or “%s scenario import --help” for their options.\n"),
           prog, prog);
      return STATUS_OK;
    }
  return usage_error (prog, "scenario", argc < 2 ? _("Say what to do: export or import")
                                                 : _("Unknown action (expected export or import)"));
}
