/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-print-cards"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"
#include "wb-print-layout-private.h"

/*
 * The cards and aids of every bundled game and scenario: set-up cards,
 * OOB cards, turn record track, player aid and rules summary. Their
 * layout is checked through the items each page places (inside the body,
 * each set-up line and unit and table once), what they say through the
 * text their pages draw (names, never the file's ids), one game's layout
 * against a golden description (tests/golden/print/; WB_UPDATE_GOLDEN=1
 * rewrites it), and the PDF's page count with pdfinfo when installed.
 * Also the printed chart's fix (no designer note, modifier groups by name)
 * and the Blue & Gray labels' dice circle and screen number.
 */

static const char *games[] = {
  "battle-of-the-wilderness", "chickasaw-bayou", "grants-gamble", "jackson-sheridan", "shenandoah",
};

static WbGame *
load (const char *name)
{
  g_autofree char *file_name = g_strdup_printf ("%s.warbench", name);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", file_name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", path, error != NULL ? error->message : "?");
  return game;
}

static WbPrintDoc *
new_doc (WbGame     *game,
         const char *paper_name)
{
  WbPaper paper;

  ck_assert (wb_paper_parse (paper_name, &paper, NULL));
  return wb_print_doc_new (game, &paper);
}

/* Every item of every page lies inside the page's body. */
static void
check_fits (WbPrintDoc *doc,
            const char *what)
{
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);
      double x, y, w, h;

      wb_print_doc_get_body (doc, p, &x, &y, &w, &h);
      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);

          ck_assert_msg (it->x >= x - 0.01 && it->y >= y - 0.01 && it->x + it->width <= x + w + 0.01 &&
                         it->y + it->height <= y + h + 0.01 && it->width > 0 && it->height > 0,
                         "%s: page %u: item %s (%.1f, %.1f, %.1f × %.1f) is outside the body (%.1f, %.1f, "
                         "%.1f × %.1f)", what, p + 1, it->id, it->x, it->y, it->width, it->height, x, y, w, h);
        }
    }
}

/* How many items of @kind with @id (and @face, unless it is G_MININT) the
 * pages from @first to @last hold. */
static guint
count_items (WbPrintDoc     *doc,
             guint           first,
             guint           last,
             WbPrintItemKind kind,
             const char     *id,
             int             face)
{
  guint n = 0;

  for (guint p = first; p < last; p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);

      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);

          n += it->kind == kind && strcmp (it->id, id) == 0 && (face == G_MININT || it->face == face);
        }
    }
  return n;
}

static void
check_section (WbPrintDoc *doc,
               guint       first,
               guint       last,
               const char *section)
{
  ck_assert_msg (last > first, "no page in section %s", section);
  for (guint p = first; p < last; p++)
    ck_assert_str_eq (wb_print_doc_get_page_section (doc, p), section);
}

/* Whether @token occurs in @text as a whole token (ids are made of
 * letters, digits, '-' and '_'), case and all. */
static gboolean
has_token (const char *text,
           const char *token)
{
  gsize n = strlen (token);

  for (const char *p = strstr (text, token); p != NULL; p = strstr (p + 1, token))
    {
      gboolean before = p == text || !(g_ascii_isalnum (p[-1]) || p[-1] == '-' || p[-1] == '_');
      gboolean after = !(g_ascii_isalnum (p[n]) || p[n] == '-' || p[n] == '_');

      if (before && after)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_line (const char *text,
          const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  return g_strv_contains ((const char * const *) lines, line);
}

/* The ids a set-up card must never print where the game has a name: the
 * locations', boxes', areas', sides' and units' (those not spelled like
 * their names). */
static void
check_no_ids (WbGame     *game,
              WbScenario *scenario,
              const char *text,
              const char *what)
{
  GPtrArray *maps = wb_game_get_maps (game);
  GPtrArray *sides = wb_game_get_sides (game);
  GPtrArray *units = wb_game_get_units (game);
  GPtrArray *boxes = wb_scenario_get_boxes (scenario);

  for (guint m = 0; m < maps->len; m++)
    {
      WbMap *map = g_ptr_array_index (maps, m);

      if (WB_IS_POINT_MAP (map))
        {
          GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (map));

          for (guint i = 0; i < locations->len; i++)
            {
              WbLocation *loc = g_ptr_array_index (locations, i);

              if (g_strcmp0 (loc->name, loc->id) != 0)
                ck_assert_msg (!has_token (text, loc->id), "%s prints the location id “%s”", what, loc->id);
            }
        }
      else
        {
          GPtrArray *marks = wb_hex_map_get_marks (WB_HEX_MAP (map));

          for (guint i = 0; i < marks->len; i++)
            {
              WbMapMark *mark = g_ptr_array_index (marks, i);

              if (strchr (mark->id, '-') != NULL)
                ck_assert_msg (!has_token (text, mark->id), "%s prints the area id “%s”", what, mark->id);
            }
        }
    }
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);

      if (g_strcmp0 (side->name, side->id) != 0)
        ck_assert_msg (!has_token (text, side->id), "%s prints the side id “%s”", what, side->id);
    }
  for (guint i = 0; i < boxes->len; i++)
    {
      WbBox *box = g_ptr_array_index (boxes, i);

      ck_assert_msg (!has_token (text, box->id), "%s prints the box id “%s”", what, box->id);
    }
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (units, i);
      const char *id = wb_unit_get_id (unit);

      if (strpbrk (id, "-0123456789") != NULL && g_strcmp0 (id, wb_unit_get_name (unit)) != 0 &&
          g_strcmp0 (id, wb_unit_get_designation (unit)) != 0)
        ck_assert_msg (!has_token (text, id), "%s prints the unit id “%s”", what, id);
    }
}

/* The set-up cards of @scenario with @options (NULL: every entry): each
 * applicable set-up line of each side named once by an item, its unit by
 * name and its hexes as "hex NNNN", no raw id. */
static void
check_setup_cards (WbGame             *game,
                   WbScenario         *scenario,
                   const char * const *options,
                   const char         *what)
{
  WbPrintDoc *doc = new_doc (game, "a4");
  GPtrArray *setup = wb_scenario_get_setup (scenario);
  GPtrArray *sides = wb_game_get_sides (game);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n;

  wb_print_add_setup_cards (doc, scenario, options);
  n = wb_print_doc_get_n_pages (doc);
  check_section (doc, 0, n, "Set-up cards");
  check_fits (doc, what);
  for (guint p = 0; p < n; p++)
    {
      g_autofree char *page = _wb_print_page_text (doc, p);

      g_string_append (text, page);
    }
  /* A card per side, its first page a CARD item of face 0. */
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      g_autofree char *id = g_strdup_printf ("%s:%s", wb_scenario_get_id (scenario), side->id);

      ck_assert_uint_eq (count_items (doc, 0, n, WB_PRINT_ITEM_CARD, id, 0), 1);
    }
  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *st = g_ptr_array_index (setup, i);
      g_autofree char *item = g_strdup_printf ("setup:%s", st->unit);
      g_autofree char *label = wb_unit_describe (game, st->unit);
      guint lines = 0;

      for (guint k = 0; k < setup->len; k++)
        {
          WbSetup *other = g_ptr_array_index (setup, k);

          lines += other->unit == st->unit &&
                   (options == NULL || wb_scenario_applies (other->option, other->unless, options));
        }
      ck_assert_msg (count_items (doc, 0, n, WB_PRINT_ITEM_TEXT, item, 0) == lines,
                     "%s: %s is on %u set-up lines, the cards name it %u times", what, st->unit, lines,
                     count_items (doc, 0, n, WB_PRINT_ITEM_TEXT, item, 0));
      if (lines == 0 || (options != NULL && !wb_scenario_applies (st->option, st->unless, options)))
        continue;
      ck_assert_msg (has_line (text->str, label), "%s: no line names %s as “%s”", what, st->unit, label);
      for (guint k = 0; st->at != NULL && k < st->at->len; k++)
        {
          WbPlace *place = &g_array_index (st->at, WbPlace, k);
          g_autofree char *hex = g_strdup_printf ("hex %s", place->ref);

          if (place->kind == WB_PLACE_HEX)
            ck_assert_msg (strstr (text->str, hex) != NULL, "%s: %s's %s is not on the card", what, st->unit, hex);
        }
    }
  check_no_ids (game, scenario, text->str, what);
  wb_print_doc_free (doc);
}

/* For every bundled game and scenario: every print builds, fits its
 * pages, and holds what it must once. */
START_TEST (test_cards_build)
{
  g_autoptr(WbGame) game = load (games[_i]);
  GPtrArray *scenarios = wb_game_get_scenarios (game);
  GPtrArray *tables = wb_game_get_tables (game);
  GPtrArray *units = wb_game_get_units (game);

  ck_assert_uint_gt (scenarios->len, 0);
  for (guint s = 0; s < scenarios->len; s++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, s);
      WbPrintDoc *doc = new_doc (game, s % 2 == 0 ? "a4" : "letter");
      g_autofree char *what = g_strdup_printf ("%s, scenario %s", games[_i], wb_scenario_get_id (scenario));
      GArray *turns = wb_scenario_get_turns (scenario);
      guint a = 0, b, c, d, e, f;

      wb_print_add_rules_summary (doc, scenario);
      b = wb_print_doc_get_n_pages (doc);
      wb_print_add_setup_cards (doc, scenario, NULL);
      c = wb_print_doc_get_n_pages (doc);
      wb_print_add_oob_cards (doc);
      d = wb_print_doc_get_n_pages (doc);
      wb_print_add_turn_track (doc, scenario);
      e = wb_print_doc_get_n_pages (doc);
      wb_print_add_player_aid (doc);
      f = wb_print_doc_get_n_pages (doc);

      check_section (doc, a, b, "Rules summary");
      check_section (doc, b, c, "Set-up cards");
      check_section (doc, c, d, "Order of battle");
      check_section (doc, d, e, "Turn record track");
      check_section (doc, e, f, "Player aid");
      check_fits (doc, what);

      /* Every unit once on the OOB cards, every turn once on the track,
       * every table once on the player aid (a chart cut over pages: its
       * first part once). */
      for (guint i = 0; i < units->len; i++)
        {
          g_autofree char *id = g_strdup_printf ("unit:%s", wb_unit_get_id (g_ptr_array_index (units, i)));

          ck_assert_msg (count_items (doc, c, d, WB_PRINT_ITEM_TEXT, id, G_MININT) == 1, "%s: %s", what, id);
        }
      for (guint t = 1; t <= turns->len; t++)
        {
          g_autofree char *id = g_strdup_printf ("turn:%u", t);

          ck_assert_uint_eq (count_items (doc, d, e, WB_PRINT_ITEM_TEXT, id, G_MININT), 1);
        }
      for (guint i = 0; i < tables->len; i++)
        {
          const char *id = wb_table_get_id (g_ptr_array_index (tables, i));

          ck_assert_msg (count_items (doc, e, f, WB_PRINT_ITEM_TABLE, id, 0) == 1, "%s: table %s", what, id);
        }
      ck_assert_uint_eq (count_items (doc, a, b, WB_PRINT_ITEM_TEXT, "rules-summary", 0), 1);

      /* The turn track is on landscape pages; the cards on portrait. */
      for (guint p = d; p < e; p++)
        ck_assert (wb_print_doc_page_is_landscape (doc, p));
      for (guint p = b; p < d; p++)
        ck_assert (!wb_print_doc_page_is_landscape (doc, p));

      check_setup_cards (game, scenario, NULL, what);
      {
        const char *none[] = { NULL };

        check_setup_cards (game, scenario, none, what);
      }
      for (guint o = 0; o < wb_scenario_get_options (scenario)->len; o++)
        {
          WbOption *option = g_ptr_array_index (wb_scenario_get_options (scenario), o);
          const char *chosen[] = { option->id, NULL };

          check_setup_cards (game, scenario, chosen, what);
        }
      wb_print_doc_free (doc);
    }
}
END_TEST

/* pdfinfo's "Pages:", or 0 when pdfinfo is not installed. */
static guint
pdf_pages (const char *path)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  const char *argv[] = { pdfinfo, path, NULL };
  const char *line;
  int status = 0;

  if (pdfinfo == NULL)
    return 0;
  ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                           &status, NULL));
  ck_assert (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "Pages:");
  ck_assert (line != NULL);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

/* Each game's cards and aids draw without a cairo error (the PDF writer
 * fails on one) into a PDF of as many pages; a few pages to PNG. */
START_TEST (test_cards_pdf)
{
  g_autoptr(WbGame) game = load (games[_i]);
  WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  WbPrintDoc *doc = new_doc (game, "a4");
  g_autofree char *dir = g_dir_make_tmp ("wb-cards-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_autoptr(GError) error = NULL;
  guint pages;

  wb_print_add_rules_summary (doc, scenario);
  wb_print_add_setup_cards (doc, scenario, NULL);
  wb_print_add_oob_cards (doc);
  wb_print_add_turn_track (doc, scenario);
  wb_print_add_player_aid (doc);
  ck_assert_msg (wb_print_doc_write_pdf (doc, pdf, NULL, NULL, NULL, &error), "%s",
                 error != NULL ? error->message : "");
  pages = pdf_pages (pdf);
  if (pages == 0)
    g_printerr ("pdfinfo is not installed: the page count of %s is not checked\n", games[_i]);
  else
    ck_assert_uint_eq (pages, wb_print_doc_get_n_pages (doc));
  /* The first page of each section as an image, 100 dpi. */
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    if (p == 0 || g_strcmp0 (wb_print_doc_get_page_section (doc, p), wb_print_doc_get_page_section (doc, p - 1)) != 0)
      {
        g_autofree char *name = g_strdup_printf ("page-%u.png", p + 1);
        g_autofree char *png = g_build_filename (dir, name, NULL);
        cairo_surface_t *image;
        double w, h;

        ck_assert (wb_print_doc_write_page_png (doc, p, 100, png, &error));
        image = cairo_image_surface_create_from_png (png);
        ck_assert_int_eq (cairo_surface_status (image), CAIRO_STATUS_SUCCESS);
        wb_print_doc_get_page_size (doc, p, &w, &h);
        ck_assert_int_eq (cairo_image_surface_get_width (image), (int) ceil (w * 100 / 72));
        cairo_surface_destroy (image);
        g_unlink (png);
      }
  g_unlink (pdf);
  g_rmdir (dir);
  wb_print_doc_free (doc);
}
END_TEST

static char *
golden_path (const char *name)
{
  return g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "tests", "golden", "print", name, NULL);
}

/* The layout of one game's cards and aids, page by page and item by item,
 * against tests/golden/print/wilderness-cards.txt (WB_UPDATE_GOLDEN=1
 * rewrites it): no fonts are measured, so it is the same on every host. */
START_TEST (test_cards_golden)
{
  g_autoptr(WbGame) game = load ("battle-of-the-wilderness");
  WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  WbPrintDoc *doc = new_doc (game, "a4");
  g_autofree char *path = golden_path ("wilderness-cards.txt");
  g_autofree char *actual = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  wb_print_add_rules_summary (doc, scenario);
  wb_print_add_setup_cards (doc, scenario, NULL);
  wb_print_add_oob_cards (doc);
  wb_print_add_turn_track (doc, scenario);
  wb_print_add_player_aid (doc);
  actual = wb_print_doc_describe (doc);
  if (g_strcmp0 (g_getenv ("WB_UPDATE_GOLDEN"), "1") == 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      g_mkdir_with_parents (dir, 0755);
      ck_assert (g_file_set_contents (path, actual, -1, &error));
      g_message ("Wrote %s", path);
    }
  ck_assert_msg (g_file_get_contents (path, &expected, NULL, &error), "%s", error != NULL ? error->message : "");
  if (strcmp (actual, expected) != 0)
    {
      g_auto(GStrv) a = g_strsplit (actual, "\n", -1);
      g_auto(GStrv) e = g_strsplit (expected, "\n", -1);
      guint i = 0;

      while (a[i] != NULL && e[i] != NULL && strcmp (a[i], e[i]) == 0)
        i++;
      ck_abort_msg ("the layout differs from %s at line %u:\n  expected: %s\n  actual:   %s", path, i + 1,
                    e[i] != NULL ? e[i] : "(end)", a[i] != NULL ? a[i] : "(end)");
    }
  wb_print_doc_free (doc);
}
END_TEST

/* Places, areas and units as players read them. */
START_TEST (test_place_names)
{
  g_autoptr(WbGame) wild = load ("battle-of-the-wilderness");
  g_autoptr(WbGame) gg = load ("grants-gamble");
  g_autoptr(WbGame) cb = load ("chickasaw-bayou");
  WbScenario *historical = wb_game_find_scenario (wild, "historical");
  WbScenario *assault = wb_game_find_scenario (cb, "17.6");
  struct { WbGame *game; WbScenario *scenario; WbPlaceKind kind; const char *ref; const char *text; } places[] = {
    { wild, historical, WB_PLACE_HEX, "0414", "hex 0414" },
    { wild, historical, WB_PLACE_HEX, "0203", "hex 0203 (Germanna Ford)" },
    /* No label: the smallest named area holding it. */
    { wild, historical, WB_PLACE_HEX, "0810", "hex 0810 (Spottswood)" },
    { wild, NULL, WB_PLACE_HEX, "0203", "hex 0203 (Germanna Ford)" },
    { gg, NULL, WB_PLACE_LOCATION, "culpeper-ch", "Culpeper CH" },
    { gg, NULL, WB_PLACE_LOCATION, "nowhere", "nowhere" },
    { cb, assault, WB_PLACE_BOX, "snyders-bluff", "Snyder's Bluff" },
    { cb, assault, WB_PLACE_BOX, "nowhere", "box nowhere" },
    { cb, NULL, WB_PLACE_BOX, "snyders-bluff", "box snyders-bluff" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      WbPlace place = { places[i].kind, (char *) places[i].ref };
      g_autofree char *text = wb_place_describe (places[i].game, places[i].scenario, &place);

      ck_assert_str_eq (text, places[i].text);
    }
  {
    g_autofree char *area = wb_area_describe (wild, historical, "row-01");
    g_autofree char *unknown = wb_area_describe (wild, historical, "nope");
    g_autofree char *stafford = wb_unit_describe (wild, "stafford");
    g_autofree char *vi = wb_unit_describe (gg, "union-vi");
    g_autofree char *grant = wb_unit_describe (gg, "grant");
    g_autofree char *cav = wb_unit_describe (gg, "union-cav-3");
    g_autofree char *missing = wb_unit_describe (gg, "nobody");

    ck_assert_str_eq (area, "Hexrow 01");
    ck_assert_str_eq (unknown, "area nope");
    ck_assert_str_eq (stafford, "Stafford's Brigade (Stafrd)");
    /* The designation is not repeated when the name says it. */
    ck_assert_str_eq (vi, "VI Corps");
    ck_assert_str_eq (grant, "Grant");
    ck_assert_str_eq (cav, "Union cavalry (3) (Cav)");
    ck_assert_str_eq (missing, "nobody");
  }
}
END_TEST

/* A card for a choice of options leaves out what does not apply and
 * names the options in force; the card for any choice lists each
 * condition's entries under it. */
START_TEST (test_setup_options)
{
  g_autoptr(WbGame) game = load ("chickasaw-bayou");
  WbScenario *scenario = wb_game_find_scenario (game, "17.6");
  const char *levee[] = { "blakes-levee", NULL };
  WbPrintDoc *any = new_doc (game, "a4");
  WbPrintDoc *chosen = new_doc (game, "a4");
  g_autoptr(GString) any_text = g_string_new (NULL);
  g_autoptr(GString) chosen_text = g_string_new (NULL);

  wb_print_add_setup_cards (any, scenario, NULL);
  wb_print_add_setup_cards (chosen, scenario, levee);
  for (guint p = 0; p < wb_print_doc_get_n_pages (any); p++)
    {
      g_autofree char *t = _wb_print_page_text (any, p);

      g_string_append (any_text, t);
    }
  for (guint p = 0; p < wb_print_doc_get_n_pages (chosen); p++)
    {
      g_autofree char *t = _wb_print_page_text (chosen, p);

      g_string_append (chosen_text, t);
    }
  /* Landgraeber is on two lines, with and without Blake's Levee: both on
   * the card for any choice, one for the choice. */
  ck_assert_uint_eq (count_items (any, 0, wb_print_doc_get_n_pages (any), WB_PRINT_ITEM_TEXT, "setup:landgraeber",
                                  0), 2);
  ck_assert_uint_eq (count_items (chosen, 0, wb_print_doc_get_n_pages (chosen), WB_PRINT_ITEM_TEXT,
                                  "setup:landgraeber", 0), 1);
  ck_assert (strstr (any_text->str, "With the optional rule “Blake's Levee Variant”:") != NULL);
  ck_assert (strstr (any_text->str, "Without the optional rule “Blake's Levee Variant”:") != NULL);
  ck_assert (strstr (chosen_text->str, "Optional rules in force: Blake's Levee Variant.") != NULL);
  ck_assert (strstr (chosen_text->str, "optional rule “Blake's Levee Variant”") == NULL);
  /* Reinforcements of an option not chosen are left out of its card. */
  ck_assert (strstr (any_text->str, "With the optional rule “Race-Course Variant”") != NULL);
  ck_assert (has_line (any_text->str, "Cooley, Putnam"));
  ck_assert (!has_line (chosen_text->str, "Cooley, Putnam"));
  wb_print_doc_free (any);
  wb_print_doc_free (chosen);
}
END_TEST

/* pdftotext's text of @path, or NULL when pdftotext is not installed. */
static char *
pdf_text (const char *path)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  const char *argv[] = { pdftotext, "-raw", path, "-", NULL };
  char *out = NULL;
  int status = 0;

  if (pdftotext == NULL)
    return NULL;
  ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                           &status, NULL));
  ck_assert (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* The printed chart leaves the designer's note out and keeps the source;
 * a modifier's group and tag print by name ("First round"), not by id. */
START_TEST (test_chart_print)
{
  g_autoptr(WbGame) gg = load ("grants-gamble");
  g_autoptr(WbGame) cb = load ("chickasaw-bayou");
  struct { WbGame *game; const char *table; const char *present[3]; const char *absent[2]; } charts[] = {
    { gg, "battle-dice", { "First round", "“Crossing” modifiers", "Defensive" }, { "first_round", "crossing”" } },
    { cb, "crt", { "Close", "“Odds” modifiers", "Fire" }, { "“odds”", NULL } },
  };
  g_autofree char *dir = g_dir_make_tmp ("wb-chart-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      WbTable *table = wb_game_find_table (charts[i].game, charts[i].table);
      g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
      g_autofree char *text = NULL;
      g_autofree char *flat = NULL;
      g_auto(GStrv) note_words = NULL;
      g_autofree char *note_start = NULL;
      g_autofree char *source_start = NULL;
      g_autoptr(GError) error = NULL;
      double w0, h0, w1, h1;

      ck_assert (table != NULL);
      ck_assert (wb_table_get_note (table) != NULL && wb_table_get_source (table) != NULL);
      /* Without fonts: the note takes no room. */
      wb_render_table_get_size (table, WB_TABLE_CHART_NO_TEXT, &w0, &h0);
      {
        g_autofree char *note = g_strdup (wb_table_get_note (table));

        wb_table_set_note (table, NULL);
        wb_render_table_get_size (table, WB_TABLE_CHART_NO_TEXT, &w1, &h1);
        wb_table_set_note (table, note);
      }
      ck_assert_double_eq (w0, w1);
      ck_assert_double_eq (h0, h1);

      ck_assert (wb_render_table_to_file (charts[i].game, table, path, WB_EXPORT_PDF, 1.0, &error));
      text = pdf_text (path);
      g_unlink (path);
      if (text == NULL)
        {
          g_printerr ("pdftotext is not installed: the printed chart's text is not checked\n");
          continue;
        }
      /* Lines joined: a phrase may be wrapped. */
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      for (guint k = 0; k < G_N_ELEMENTS (charts[i].present); k++)
        ck_assert_msg (strstr (flat, charts[i].present[k]) != NULL, "%s: no “%s” in the printed chart",
                       charts[i].table, charts[i].present[k]);
      for (guint k = 0; k < G_N_ELEMENTS (charts[i].absent) && charts[i].absent[k] != NULL; k++)
        ck_assert_msg (strstr (flat, charts[i].absent[k]) == NULL, "%s: “%s” in the printed chart",
                       charts[i].table, charts[i].absent[k]);
      /* The note's first words are not printed; the source's are. */
      note_words = g_strsplit (wb_table_get_note (table), " ", 5);
      note_start = g_strjoin (" ", note_words[0], note_words[1], note_words[2], note_words[3], NULL);
      ck_assert_msg (strstr (flat, note_start) == NULL, "%s: the note “%s…” is printed", charts[i].table, note_start);
      ck_assert (strstr (flat, "Note:") == NULL);
      source_start = g_strndup (wb_table_get_source (table), 12);
      ck_assert_msg (strstr (flat, source_start) != NULL, "%s: the source “%s…” is not printed", charts[i].table,
                     source_start);
    }
  g_rmdir (dir);
}
END_TEST

typedef struct {
  int r, g, b;
} Pixel;

static Pixel
pixel_at (cairo_surface_t *s,
          double           fx,
          double           fy)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int x = (int) (fx * w), y = (int) (fy * h);
  guint32 v;

  cairo_surface_flush (s);
  v = *(guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + x * 4);
  return (Pixel) { (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff };
}

static cairo_surface_t *
label (WbGame     *game,
       const char *unit)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100);
  cairo_t *cr = cairo_create (s);
  WbCounterOptions o;

  wb_counter_options_init (&o);
  o.size = 100;
  o.step = 0;
  o.text = FALSE;
  wb_render_counter (cr, game, wb_game_find_unit (game, unit), &o);
  ck_assert_int_eq (cairo_status (cr), CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return s;
}

static gboolean
is_white (Pixel p)
{
  return p.r > 250 && p.g > 250 && p.b > 250;
}

/* Blue & Gray labels (rulebook 003, 3): the dice circle top right of a
 * unit that fights in the line, its dice from the game's dice-pool table
 * when the unit has no dice attribute; none for screening cavalry; the
 * cavalry's screen number bottom left (shapes only: as pips). */
START_TEST (test_bg_labels)
{
  g_autoptr(WbGame) game = load ("grants-gamble");
  cairo_surface_t *corps = label (game, "union-vi");
  cairo_surface_t *cav3 = label (game, "union-cav-3");
  cairo_surface_t *cav2 = label (game, "union-cav-2");
  int differ = 0;

  /* The circle's white centre. */
  ck_assert (is_white (pixel_at (corps, 0.80, 0.20)));
  ck_assert (!is_white (pixel_at (cav3, 0.80, 0.20)));
  /* Screen 3 has a third pip where screen 2 has none. */
  for (double x = 0.27; x <= 0.33; x += 0.01)
    for (double y = 0.82; y <= 0.88; y += 0.01)
      {
        Pixel a = pixel_at (cav3, x, y), b = pixel_at (cav2, x, y);

        differ += abs (a.r - b.r) + abs (a.g - b.g) + abs (a.b - b.b) > 60;
      }
  ck_assert_int_gt (differ, 3);
  cairo_surface_destroy (corps);
  cairo_surface_destroy (cav3);
  cairo_surface_destroy (cav2);
}
END_TEST

static Suite *
cards_suite (void)
{
  Suite *s = suite_create ("print-cards");
  TCase *tc = tcase_create ("core");

  tcase_set_timeout (tc, 240);
  tcase_add_loop_test (tc, test_cards_build, 0, G_N_ELEMENTS (games));
  tcase_add_loop_test (tc, test_cards_pdf, 0, G_N_ELEMENTS (games));
  tcase_add_test (tc, test_cards_golden);
  tcase_add_test (tc, test_place_names);
  tcase_add_test (tc, test_setup_options);
  tcase_add_test (tc, test_chart_print);
  tcase_add_test (tc, test_bg_labels);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (cards_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
