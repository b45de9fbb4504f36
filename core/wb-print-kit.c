/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-print-private.h"
#include "wb-scenario.h"

/*
 * The print-and-play kit: everything a tester needs to play the game at a
 * kitchen table from one PDF — a contents page, the rules summary, the map
 * at true scale across sheets, the counter sheets, the set-up cards and
 * turn record tracks (of the chosen scenario, or of every one), the order
 * of battle cards and the player aid.
 */

void
wb_kit_options_init (WbKitOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->counter_layout = WB_COUNTER_SHEET_DUPLEX;
}

/* Whether @section heads more than one run of pages (set-up cards of
 * each scenario): its entries then say which. */
static gboolean
section_repeats (WbPrintDoc *doc,
                 const char *section)
{
  guint runs = 0;

  for (guint i = 0; i < wb_print_doc_get_n_pages (doc); i++)
    {
      const char *s = wb_print_doc_get_page_section (doc, i);

      if (g_strcmp0 (s, section) == 0 && (i == 0 || g_strcmp0 (wb_print_doc_get_page_section (doc, i - 1), s) != 0))
        runs++;
    }
  return runs > 1;
}

/* The game's title, then each section with the page it starts on. */
static void
draw_contents (WbPrintDoc *doc,
               guint       page,
               cairo_t    *cr,
               gpointer    data)
{
  WbGame *game = wb_print_doc_get_game (doc);
  const char *title = wb_game_get_title (game);
  double x, y, w, h, line = 11 * 1.3 + 3;
  const char *last = NULL;

  wb_print_doc_get_body (doc, page, &x, &y, &w, &h);
  h += y;
  cairo_set_source_rgb (cr, 0, 0, 0);
  y += _wb_print_paragraph (cr, WB_PRINT_FONT_TITLE, 20, title != NULL ? title : "", x, y, w) + 4;
  _wb_print_text (cr, WB_PRINT_FONT_BODY, 11, _("Print-and-play kit"), x, y, w, 0);
  y += 11 * 1.3 + 18;
  _wb_print_text (cr, WB_PRINT_FONT_TITLE, 14, _("Contents"), x, y, w, 0);
  y += 14 * 1.3 + 2;
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + w, y);
  cairo_stroke (cr);
  y += 8;
  for (guint i = 0; i < wb_print_doc_get_n_pages (doc) && y + line < h; i++)
    {
      const char *section = wb_print_doc_get_page_section (doc, i);
      const char *caption = wb_print_doc_get_page_title (doc, i);
      g_autofree char *number = NULL;
      g_autofree char *entry = NULL;

      if (i == page || section == NULL || g_strcmp0 (section, last) == 0)
        continue;
      last = section;
      number = g_strdup_printf ("%u", i + 1);
      entry = caption != NULL && section_repeats (doc, section) && g_strcmp0 (caption, section) != 0
              ? g_strdup_printf ("%s — %s", section, caption) : g_strdup (section);
      _wb_print_text (cr, WB_PRINT_FONT_BODY, 11, entry, x, y, w - 40, 0);
      _wb_print_text (cr, WB_PRINT_FONT_BOLD, 11, number, x + w - 40, y, 40, 1);
      y += line;
    }
  y += line;
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  _wb_print_paragraph (cr, WB_PRINT_FONT_BODY, 9,
                       _("Print at 100% (“actual size”, no fit to page). Counter sheets are laid out for "
                         "printing on both sides, flipping on the long edge: each back lands behind its "
                         "front. Map sheets overlap; trim along the dashed lines and match the "
                         "registration targets."),
                       x, y, w);
}

void
wb_print_add_contents (WbPrintDoc *doc)
{
  g_return_if_fail (doc != NULL);

  wb_print_doc_insert_page (doc, 0, _("Contents"), NULL, FALSE, draw_contents, NULL, NULL);
}

gboolean
wb_print_add_kit (WbPrintDoc         *doc,
                  const WbKitOptions *options,
                  GError            **error)
{
  WbKitOptions defaults;
  WbGame *game;
  GPtrArray *scenarios;
  WbScenario *first;
  WbCounterSheetOptions co;

  g_return_val_if_fail (doc != NULL, FALSE);

  if (options == NULL)
    {
      wb_kit_options_init (&defaults);
      options = &defaults;
    }
  game = wb_print_doc_get_game (doc);
  scenarios = wb_game_get_scenarios (game);
  first = options->scenario != NULL ? options->scenario
          : scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL;

  wb_print_add_rules_summary (doc, first);

  /* The maps the kit's scenarios use (every map when the game has no
   * scenario), each once. */
  for (guint m = 0; m < wb_game_get_maps (game)->len; m++)
    {
      WbMap *map = g_ptr_array_index (wb_game_get_maps (game), m);
      gboolean used = scenarios->len == 0;
      WbMapPrintOptions mo;

      for (guint s = 0; s < scenarios->len && !used; s++)
        {
          WbScenario *sc = g_ptr_array_index (scenarios, s);

          if (options->scenario != NULL && sc != options->scenario)
            continue;
          used = g_strcmp0 (wb_scenario_get_map (sc), wb_map_get_id (map)) == 0;
        }
      if (!used)
        continue;
      wb_map_print_options_init (&mo);
      mo.scale = options->map_scale;
      if (!wb_print_add_map (doc, map, &mo, error))
        return FALSE;
    }

  wb_counter_sheet_options_init (&co);
  co.layout = options->counter_layout;
  if (wb_game_get_units (game)->len > 0 && !wb_print_add_counter_sheets (doc, &co, error))
    return FALSE;

  for (guint s = 0; s < scenarios->len; s++)
    {
      WbScenario *sc = g_ptr_array_index (scenarios, s);

      const char *name = wb_scenario_get_name (sc) != NULL ? wb_scenario_get_name (sc) : wb_scenario_get_id (sc);
      guint start = wb_print_doc_get_n_pages (doc);

      if (options->scenario != NULL && sc != options->scenario)
        continue;
      wb_print_add_setup_cards (doc, sc, NULL);
      wb_print_add_turn_track (doc, sc);
      /* "Set-up cards: 17.1 Securing the Landing Zone" in the contents
       * when the kit holds every scenario's. */
      for (guint p = start; options->scenario == NULL && scenarios->len > 1 && p < wb_print_doc_get_n_pages (doc); p++)
        {
          g_autofree char *section = g_strdup_printf ("%s: %s", wb_print_doc_get_page_section (doc, p), name);

          wb_print_doc_set_page_section (doc, p, section);
        }
    }
  if (wb_game_get_units (game)->len > 0)
    wb_print_add_oob_cards (doc);
  wb_print_add_player_aid (doc);
  wb_print_add_contents (doc);
  return TRUE;
}
