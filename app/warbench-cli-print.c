/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "warbench-cli-private.h"

/*
 * print and kit: paged PDFs from the layout engine the app's print dialog
 * uses (core/wb-print.h). `print` lays out one or more things — a map
 * tiled at true scale, counter sheets, cards, aids — on a paper size;
 * `kit` the whole print-and-play kit. --describe prints the layout
 * (pages, items and their places in mm) instead of or beside the PDF:
 * what the goldens compare.
 */

const char * const print_kinds[] = {
  "map", "counters", "setup-cards", "oob-cards", "turn-track", "player-aid", "rules-summary", NULL,
};

typedef struct {
  char    *paper;
  char    *margin;
  char    *scenario;
  char   **options;
  char    *map;
  double   scale;
  char    *hex_size;
  gboolean fit;
  char    *overlap;
  char    *counter_size;
  char    *layout;
  char    *bleed;
  char    *side;
  gboolean no_chits;
  gboolean no_markers;
  gboolean describe;
  char    *png_dir;
  char    *output;
} PrintArgs;

static void
print_args_clear (PrintArgs *a)
{
  g_free (a->paper);
  g_free (a->margin);
  g_free (a->scenario);
  g_strfreev (a->options);
  g_free (a->map);
  g_free (a->hex_size);
  g_free (a->overlap);
  g_free (a->counter_size);
  g_free (a->layout);
  g_free (a->bleed);
  g_free (a->side);
  g_free (a->png_dir);
  g_free (a->output);
}

/* The paper and margin asked for; FALSE with the message printed. */
static gboolean
make_paper (const char *prog,
            const char *command,
            PrintArgs  *a,
            WbPaper    *paper)
{
  g_autoptr(GError) error = NULL;

  if (a->paper == NULL)
    wb_paper_default (paper);
  else if (!wb_paper_parse (a->paper, paper, &error))
    {
      usage_error (prog, command, error->message);
      return FALSE;
    }
  if (a->margin != NULL && !wb_length_parse (a->margin, &paper->margin, &error))
    {
      usage_error (prog, command, error->message);
      return FALSE;
    }
  if (paper->margin > paper->width / 4)
    {
      usage_error (prog, command, _("The margin must be less than a quarter of the paper's width"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_layout (const char           *text,
              WbCounterSheetLayout *layout)
{
  if (text == NULL || strcmp (text, "duplex") == 0)
    *layout = WB_COUNTER_SHEET_DUPLEX;
  else if (strcmp (text, "fold") == 0)
    *layout = WB_COUNTER_SHEET_FOLD;
  else if (strcmp (text, "fronts") == 0)
    *layout = WB_COUNTER_SHEET_FRONTS;
  else
    return FALSE;
  return TRUE;
}

static WbScenario *
find_scenario (WbGame     *game,
               const char *path,
               const char *id)
{
  GPtrArray *scenarios = wb_game_get_scenarios (game);
  WbScenario *scenario = id != NULL ? wb_game_find_scenario (game, id)
                         : scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL;

  if (scenario == NULL)
    {
      if (id != NULL)
        out (stderr, _("%s: no scenario “%s”\n"), path, id);
      else
        out (stderr, _("%s: the game has no scenario\n"), path);
    }
  return scenario;
}

/* The layout on stdout, the PDF at -o, each page as a PNG in --png-dir. */
static int
finish (const char *prog,
        WbPrintDoc *doc,
        PrintArgs  *a)
{
  g_autoptr(GError) error = NULL;

  if (a->describe)
    {
      g_autofree char *text = wb_print_doc_describe (doc);

      out (stdout, "%s", text);
    }
  if (a->output != NULL && !wb_print_doc_write_pdf (doc, a->output, NULL, NULL, NULL, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }
  if (a->png_dir != NULL)
    {
      if (g_mkdir_with_parents (a->png_dir, 0755) != 0)
        {
          out (stderr, _("%s: cannot create the folder %s\n"), prog, a->png_dir);
          return STATUS_FAILED;
        }
      for (guint i = 0; i < wb_print_doc_get_n_pages (doc); i++)
        {
          g_autofree char *name = g_strdup_printf ("page-%03u.png", i + 1);
          g_autofree char *path = g_build_filename (a->png_dir, name, NULL);

          if (!wb_print_doc_write_page_png (doc, i, 100, path, &error))
            {
              out (stderr, "%s: %s\n", prog, error->message);
              return STATUS_FAILED;
            }
        }
    }
  if (a->output != NULL && !a->describe)
    out (stdout, g_dngettext (GETTEXT_PACKAGE, "Wrote %s: %u page\n", "Wrote %s: %u pages\n",
                              wb_print_doc_get_n_pages (doc)),
         a->output, wb_print_doc_get_n_pages (doc));
  return STATUS_OK;
}

static int
add_kind (const char *prog,
          const char *path,
          WbPrintDoc *doc,
          const char *kind,
          PrintArgs  *a)
{
  WbGame *game = wb_print_doc_get_game (doc);
  g_autoptr(GError) error = NULL;
  WbScenario *scenario = NULL;

  if (strcmp (kind, "setup-cards") == 0 || strcmp (kind, "turn-track") == 0 ||
      strcmp (kind, "rules-summary") == 0 || (strcmp (kind, "map") == 0 && a->scenario != NULL))
    {
      scenario = find_scenario (game, path, a->scenario);
      if (scenario == NULL)
        return STATUS_FAILED;
    }

  if (strcmp (kind, "map") == 0)
    {
      GPtrArray *maps = wb_game_get_maps (game);
      WbMap *map = a->map != NULL ? wb_game_find_map (game, a->map) : maps->len > 0 ? g_ptr_array_index (maps, 0) : NULL;
      WbMapPrintOptions o;

      if (scenario != NULL && a->map == NULL)
        map = wb_game_find_map (game, wb_scenario_get_map (scenario));
      if (map == NULL)
        {
          out (stderr, a->map != NULL ? _("%s: no map “%s”\n") : _("%s: the game has no map\n"), path, a->map);
          return STATUS_FAILED;
        }
      wb_map_print_options_init (&o);
      o.scenario = scenario;
      o.fit = a->fit;
      o.scale = a->scale;
      if (a->hex_size != NULL)
        {
          double hex;

          if (!WB_IS_HEX_MAP (map))
            return usage_error (prog, "print", _("--hex-size is for a hex map"));
          if (!wb_length_parse (a->hex_size, &hex, &error))
            return usage_error (prog, "print", error->message);
          o.scale = hex / (wb_hex_map_get_hex_size (WB_HEX_MAP (map)) * sqrt (3.0));
        }
      if (a->overlap != NULL && !wb_length_parse (a->overlap, &o.overlap, &error))
        return usage_error (prog, "print", error->message);
      if (!wb_print_add_map (doc, map, &o, &error))
        {
          out (stderr, "%s: %s\n", path, error->message);
          return STATUS_FAILED;
        }
    }
  else if (strcmp (kind, "counters") == 0)
    {
      WbCounterSheetOptions o;

      wb_counter_sheet_options_init (&o);
      if (!parse_layout (a->layout, &o.layout))
        return usage_error (prog, "print", _("Unknown layout (expected duplex, fold or fronts)"));
      if (a->counter_size != NULL && !wb_length_parse (a->counter_size, &o.size, &error))
        return usage_error (prog, "print", error->message);
      if (a->bleed != NULL && strcmp (a->bleed, "0") != 0 && !wb_length_parse (a->bleed, &o.bleed, &error))
        return usage_error (prog, "print", error->message);
      if (a->bleed != NULL && strcmp (a->bleed, "0") == 0)
        o.bleed = 0;
      o.side = a->side;
      o.chits = !a->no_chits;
      o.markers = !a->no_markers;
      if (!wb_print_add_counter_sheets (doc, &o, &error))
        {
          out (stderr, "%s: %s\n", path, error->message);
          return STATUS_FAILED;
        }
    }
  else if (strcmp (kind, "setup-cards") == 0)
    wb_print_add_setup_cards (doc, scenario, (const char * const *) a->options);
  else if (strcmp (kind, "oob-cards") == 0)
    wb_print_add_oob_cards (doc);
  else if (strcmp (kind, "turn-track") == 0)
    wb_print_add_turn_track (doc, scenario);
  else if (strcmp (kind, "player-aid") == 0)
    wb_print_add_player_aid (doc);
  else if (strcmp (kind, "rules-summary") == 0)
    wb_print_add_rules_summary (doc, scenario);
  return STATUS_OK;
}

#define PRINT_ENTRIES(a)                                                                              \
  { "paper", 0, 0, G_OPTION_ARG_STRING, &(a).paper,                                                  \
    N_("a4, letter, a3, tabloid, legal, a5 or WxH with a unit (210x297mm); default: the locale's"),   \
    N_("PAPER") },                                                                                    \
  { "margin", 0, 0, G_OPTION_ARG_STRING, &(a).margin, N_("The margin on each edge (default 10mm)"),   \
    N_("LENGTH") },                                                                                   \
  { "scenario", 's', 0, G_OPTION_ARG_STRING, &(a).scenario, N_("The scenario (default: the first)"),   \
    N_("ID") },                                                                                       \
  { "layout", 0, 0, G_OPTION_ARG_STRING, &(a).layout,                                                \
    N_("Counter sheets: duplex (backs on the next page, mirrored), fold (backs beside, to fold) or "  \
       "fronts"), N_("LAYOUT") },                                                                     \
  { "describe", 0, 0, G_OPTION_ARG_NONE, &(a).describe,                                              \
    N_("Print the layout: each page and what is placed where, in mm"), NULL },                        \
  { "png-dir", 0, 0, G_OPTION_ARG_FILENAME, &(a).png_dir, N_("Also write each page as a PNG here"),    \
    N_("DIR") },                                                                                      \
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &(a).output, N_("The PDF to write"), N_("FILE") }

int
cmd_print (const char  *prog,
           int          argc,
           char       **argv)
{
  PrintArgs a = { 0, };
  const GOptionEntry entries[] = {
    PRINT_ENTRIES (a),
    { "option", 'O', 0, G_OPTION_ARG_STRING_ARRAY, &a.options,
      N_("Set-up cards: an optional rule in force (repeatable)"), N_("ID") },
    { "map", 0, 0, G_OPTION_ARG_STRING, &a.map, N_("The map (default: the scenario's, or the first)"), N_("ID") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &a.scale,
      N_("Map: printed size over the file's (1: map points are points); default: true scale"), N_("S") },
    { "hex-size", 0, 0, G_OPTION_ARG_STRING, &a.hex_size,
      N_("Map: print each hex this wide across its flats (16mm, 5/8in)"), N_("LENGTH") },
    { "fit", 0, 0, G_OPTION_ARG_NONE, &a.fit, N_("Map: on one page, scaled to fit"), NULL },
    { "overlap", 0, 0, G_OPTION_ARG_STRING, &a.overlap, N_("Map: the strip neighbouring sheets share (default 8mm)"),
      N_("LENGTH") },
    { "counter-size", 0, 0, G_OPTION_ARG_STRING, &a.counter_size,
      N_("Counters: their side (default: the game's, such as 5/8in)"), N_("LENGTH") },
    { "bleed", 0, 0, G_OPTION_ARG_STRING, &a.bleed, N_("Counters: colour past each cut line (default 1mm; 0 for none)"),
      N_("LENGTH") },
    { "side", 0, 0, G_OPTION_ARG_STRING, &a.side, N_("Counters: only this side's units"), N_("ID") },
    { "no-chits", 0, 0, G_OPTION_ARG_NONE, &a.no_chits, N_("Counters: leave out the chits"), NULL },
    { "no-markers", 0, 0, G_OPTION_ARG_NONE, &a.no_markers, N_("Counters: leave out the markers"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbPrintDoc *doc = NULL;
  WbPaper paper;
  int status = STATUS_OK;

  if (!parse_options (prog, "print", _("FILE WHAT…"),
                      _("Lays out pages to print: WHAT is one or more of map, counters, setup-cards, "
                        "oob-cards, turn-track, player-aid, rules-summary."),
                      _("A map prints at true scale (the printed hex size the file states) across as "
                        "many sheets as it takes, with overlap and registration targets, and a page\n"
                        "map first; --fit puts it on one page. Counter sheets print each counter at the\n"
                        "game's size, fronts then backs mirrored for a long-edge duplex print, with\n"
                        "crop marks and bleed."),
                      entries, &argc, &argv))
    {
      print_args_clear (&a);
      return STATUS_USAGE;
    }
  if (argc < 3)
    {
      print_args_clear (&a);
      return usage_error (prog, "print", argc < 2 ? _("No game file given") : _("Say what to print"));
    }
  for (int i = 2; i < argc; i++)
    if (!g_strv_contains (print_kinds, argv[i]))
      {
        g_autofree char *msg = g_strdup_printf (_("Unknown thing to print “%s” (expected map, counters, "
                                                  "setup-cards, oob-cards, turn-track, player-aid or "
                                                  "rules-summary)"), argv[i]);

        print_args_clear (&a);
        return usage_error (prog, "print", msg);
      }
  if (a.output == NULL && !a.describe && a.png_dir == NULL)
    {
      print_args_clear (&a);
      return usage_error (prog, "print", _("No output file given (-o FILE.pdf)"));
    }
  if (!make_paper (prog, "print", &a, &paper))
    {
      print_args_clear (&a);
      return STATUS_USAGE;
    }
  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      print_args_clear (&a);
      return STATUS_FAILED;
    }
  doc = wb_print_doc_new (game, &paper);
  for (int i = 2; i < argc && status == STATUS_OK; i++)
    status = add_kind (prog, argv[1], doc, argv[i], &a);
  if (status == STATUS_OK)
    status = finish (prog, doc, &a);
  wb_print_doc_free (doc);
  print_args_clear (&a);
  return status;
}

int
cmd_kit (const char  *prog,
         int          argc,
         char       **argv)
{
  PrintArgs a = { 0, };
  const GOptionEntry entries[] = {
    PRINT_ENTRIES (a),
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &a.scale,
      N_("The map's printed size over the file's; default: true scale"), N_("S") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbPrintDoc *doc;
  WbKitOptions o;
  WbPaper paper;
  int status;

  if (!parse_options (prog, "kit", _("FILE"),
                      _("Writes a print-and-play kit: a contents page, a rules summary, the map at true "
                        "scale across sheets, counter sheets, set-up cards, order of battle cards, the "
                        "turn record track and the player aid, in one PDF."),
                      NULL, entries, &argc, &argv))
    {
      print_args_clear (&a);
      return STATUS_USAGE;
    }
  if (argc != 2)
    {
      print_args_clear (&a);
      return usage_error (prog, "kit", argc < 2 ? _("No game file given") : _("Give exactly one game file"));
    }
  if (a.output == NULL && !a.describe && a.png_dir == NULL)
    {
      print_args_clear (&a);
      return usage_error (prog, "kit", _("No output file given (-o FILE.pdf)"));
    }
  wb_kit_options_init (&o);
  if (!parse_layout (a.layout, &o.counter_layout))
    {
      print_args_clear (&a);
      return usage_error (prog, "kit", _("Unknown layout (expected duplex, fold or fronts)"));
    }
  o.map_scale = a.scale;
  if (!make_paper (prog, "kit", &a, &paper))
    {
      print_args_clear (&a);
      return STATUS_USAGE;
    }
  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      print_args_clear (&a);
      return STATUS_FAILED;
    }
  if (a.scenario != NULL && (o.scenario = find_scenario (game, argv[1], a.scenario)) == NULL)
    {
      print_args_clear (&a);
      return STATUS_FAILED;
    }
  doc = wb_print_doc_new (game, &paper);
  if (!wb_print_add_kit (doc, &o, &error))
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      status = STATUS_FAILED;
    }
  else
    status = finish (prog, doc, &a);
  wb_print_doc_free (doc);
  print_args_clear (&a);
  return status;
}
