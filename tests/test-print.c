/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-print"

#include <check.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "warbench-core.h"

/*
 * Paged printing (core/wb-print*.c): paper sizes, maps tiled at true scale,
 * counter sheets whose backs land behind their fronts. The layout is
 * checked through the items each page records (what was placed where), the
 * PDF through pdfinfo when it is installed, and the layout of two bundled
 * games against goldens (tests/golden/print/; WB_UPDATE_GOLDEN=1
 * rewrites them).
 */

static const char *const games[] = {
  "battle-of-the-wilderness", "chickasaw-bayou", "jackson-sheridan", "grants-gamble", "shenandoah",
};

/* 0.2 mm: what a duplex back may be off its front (issue 18). */
#define MIRROR_TOLERANCE (0.2 * WB_MM)

static WbGame *
load (const char *name)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", base, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", path, error ? error->message : "");
  return game;
}

static WbPrintDoc *
new_doc (WbGame     *game,
         const char *paper_name)
{
  WbPaper paper;
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_paper_parse (paper_name, &paper, &error), "%s", error ? error->message : "");
  return wb_print_doc_new (game, &paper);
}

/* Every item lies on its page, inside the margins. */
static void
check_items_inside (WbPrintDoc *doc)
{
  double m = wb_print_doc_get_paper (doc)->margin;

  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);
      double w, h;

      wb_print_doc_get_page_size (doc, p, &w, &h);
      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);

          ck_assert_msg (it->x >= m - 0.01 && it->y >= m - 0.01 && it->x + it->width <= w - m + 0.01 &&
                         it->y + it->height <= h - m + 0.01,
                         "page %u: %s at %.1f,%.1f %.1fx%.1f outside the margins of %.1fx%.1f", p + 1, it->id,
                         it->x, it->y, it->width, it->height, w, h);
        }
    }
}

START_TEST (test_paper)
{
  WbPaper p;
  g_autoptr(GError) error = NULL;
  double v;

  ck_assert (wb_paper_parse ("A4", &p, NULL));
  ck_assert_double_eq_tol (p.width, 595.28, 0.01);
  ck_assert_double_eq_tol (p.height, 841.89, 0.01);
  ck_assert (wb_paper_parse ("letter", &p, NULL));
  ck_assert_double_eq_tol (p.width, 612, 0.01);
  ck_assert_double_eq_tol (p.height, 792, 0.01);
  ck_assert (wb_paper_parse ("tabloid", &p, NULL));
  ck_assert_double_eq_tol (p.height, 1224, 0.01);
  ck_assert (wb_paper_parse ("a3", &p, NULL));
  ck_assert (wb_paper_parse ("8.5x11in", &p, NULL));
  ck_assert_double_eq_tol (p.width, 612, 0.01);
  ck_assert_str_eq (p.name, "custom");
  /* Landscape written is the same paper: pages are turned per page. */
  ck_assert (wb_paper_parse ("297x210mm", &p, NULL));
  ck_assert_double_eq_tol (p.width, 595.28, 0.01);
  ck_assert (!wb_paper_parse ("a7", &p, &error));
  ck_assert (g_error_matches (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID));
  ck_assert_ptr_nonnull (strstr (error->message, "a7"));
  g_clear_error (&error);
  ck_assert (!wb_paper_parse ("10x10mm", &p, &error));
  g_clear_error (&error);
  ck_assert (!wb_paper_parse ("210x297", &p, NULL));

  ck_assert (wb_length_parse ("5/8in", &v, NULL));
  ck_assert_double_eq_tol (v, 45, 1e-9);
  ck_assert (wb_length_parse ("16mm", &v, NULL));
  ck_assert_double_eq_tol (v, 16 * WB_MM, 1e-9);
  ck_assert (wb_length_parse ("36", &v, NULL));
  ck_assert_double_eq_tol (v, 36, 1e-9);
  ck_assert (!wb_length_parse ("-3mm", &v, NULL));
  ck_assert (!wb_length_parse ("3 furlongs", &v, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "furlongs"));
}
END_TEST

/* Duplex: each front's back is on the next page, mirrored left to right
 * about the page's centre (long-edge flip) within 0.2 mm, at the same
 * height; every unit of the game has a front. */
START_TEST (test_counter_sheets_duplex)
{
  g_autoptr(WbGame) game = load (games[_i]);
  WbPrintDoc *doc = new_doc (game, "letter");
  WbCounterSheetOptions o;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) fronts = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean blocks = wb_counter_style_hides (wb_counter_style_for_game (game));
  GPtrArray *units = wb_game_get_units (game);

  wb_counter_sheet_options_init (&o);
  ck_assert_msg (wb_print_add_counter_sheets (doc, &o, &error), "%s", error ? error->message : "");
  check_items_inside (doc);
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);
      double w;

      wb_print_doc_get_page_size (doc, p, &w, NULL);
      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);
          gboolean found = FALSE;
          GArray *next;

          ck_assert_double_eq_tol (it->width, wb_print_counter_size (game), 1e-9);
          if (it->kind == WB_PRINT_ITEM_COUNTER_FRONT)
            g_hash_table_add (fronts, (gpointer) it->id);
          if (it->kind == WB_PRINT_ITEM_COUNTER_BACK)
            ck_assert_msg (!blocks, "a block label has no back");
          if (it->kind != WB_PRINT_ITEM_COUNTER_FRONT && it->kind != WB_PRINT_ITEM_CHIT_FRONT &&
              it->kind != WB_PRINT_ITEM_MARKER_FRONT)
            continue;
          /* Block games print labels and markers on fronts only. */
          if (blocks)
            continue;
          ck_assert_uint_lt (p + 1, wb_print_doc_get_n_pages (doc));
          next = wb_print_doc_get_items (doc, p + 1);
          /* The back of item i is item i of the next page. */
          ck_assert_uint_lt (i, next->len);
          {
            WbPrintItem *b = &g_array_index (next, WbPrintItem, i);

            ck_assert_ptr_eq (b->id, it->id);
            ck_assert_int_eq (b->kind, it->kind + 1);
            ck_assert_msg (fabs (b->x - (w - it->x - it->width)) <= MIRROR_TOLERANCE &&
                           fabs (b->y - it->y) <= MIRROR_TOLERANCE,
                           "%s: back at %.2f,%.2f, front at %.2f,%.2f on a %.2f page", it->id, b->x, b->y,
                           it->x, it->y, w);
            found = TRUE;
          }
          ck_assert (found);
        }
      /* Skip the back page just checked. */
      if (!blocks && items->len > 0 &&
          g_array_index (items, WbPrintItem, 0).kind % 2 == WB_PRINT_ITEM_COUNTER_FRONT % 2)
        p++;
    }
  for (guint u = 0; u < units->len; u++)
    ck_assert_msg (g_hash_table_contains (fronts, wb_unit_get_id (g_ptr_array_index (units, u))),
                   "%s: unit %s is on no sheet", games[_i], wb_unit_get_id (g_ptr_array_index (units, u)));
  wb_print_doc_free (doc);
}
END_TEST

/* One label a block (its edges show every step), not one a step. */
START_TEST (test_block_labels_once)
{
  g_autoptr(WbGame) game = load ("shenandoah");
  WbPrintDoc *doc = new_doc (game, "a4");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = 0;

  ck_assert (wb_print_add_counter_sheets (doc, NULL, NULL));
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);

      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);

          ck_assert_int_ne (it->kind, WB_PRINT_ITEM_COUNTER_BACK);
          if (it->kind == WB_PRINT_ITEM_COUNTER_FRONT)
            {
              ck_assert_msg (g_hash_table_add (seen, (gpointer) it->id), "%s printed twice", it->id);
              n++;
            }
        }
    }
  ck_assert_uint_eq (n, wb_game_get_units (game)->len);
  wb_print_doc_free (doc);
}
END_TEST

/* Fold-over: fronts left of the fold, their backs mirrored to the right
 * on the same page. */
START_TEST (test_counter_sheets_fold)
{
  g_autoptr(WbGame) game = load ("chickasaw-bayou");
  WbPrintDoc *doc = new_doc (game, "a4");
  WbCounterSheetOptions o;
  guint fronts = 0;

  wb_counter_sheet_options_init (&o);
  o.layout = WB_COUNTER_SHEET_FOLD;
  ck_assert (wb_print_add_counter_sheets (doc, &o, NULL));
  check_items_inside (doc);
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);
      double w;

      wb_print_doc_get_page_size (doc, p, &w, NULL);
      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);
          WbPrintItem *b;

          if (it->kind != WB_PRINT_ITEM_COUNTER_FRONT)
            continue;
          fronts++;
          ck_assert (it->x + it->width <= w / 2);
          ck_assert_uint_lt (i + 1, items->len);
          b = &g_array_index (items, WbPrintItem, i + 1);
          ck_assert_int_eq (b->kind, WB_PRINT_ITEM_COUNTER_BACK);
          ck_assert_ptr_eq (b->id, it->id);
          ck_assert (b->x >= w / 2);
          ck_assert_double_eq_tol (b->x, w - it->x - it->width, MIRROR_TOLERANCE);
          ck_assert_double_eq_tol (b->y, it->y, MIRROR_TOLERANCE);
        }
    }
  ck_assert_uint_ge (fronts, wb_game_get_units (game)->len);
  wb_print_doc_free (doc);
}
END_TEST

/* The printed sizes the file states: Chickasaw Bayou's ⅝ in counters
 * (rulebook 002: "5/8" counters") and its 22 × 34 in map's hexes. */
START_TEST (test_true_scale)
{
  g_autoptr(WbGame) game = load ("chickasaw-bayou");
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  double scale = wb_print_map_true_scale (map), mw, mh;

  ck_assert_double_eq_tol (wb_print_counter_size (game), 45, 1e-9);
  ck_assert (WB_IS_HEX_MAP (map));
  ck_assert_double_eq_tol (wb_hex_map_get_hex_size (WB_HEX_MAP (map)) * sqrt (3) * scale,
                           wb_hex_map_get_printed_hex_size (WB_HEX_MAP (map)), 1e-9);
  /* The whole map at true scale fits the printed 22 × 34 in sheet. */
  wb_map_get_extent (map, &mw, &mh);
  ck_assert_double_le (mw * scale, 34 * WB_INCH);
  ck_assert_double_le (mh * scale, 22 * WB_INCH);
  ck_assert_double_ge (mw * scale, 30 * WB_INCH);
}
END_TEST

/* Tiles cover the whole map with the overlap between neighbours, each
 * inside its page; fit-to-page is one page; a silly scale is refused. */
START_TEST (test_map_tiles)
{
  g_autoptr(WbGame) game = load (games[_i]);
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  WbPrintDoc *doc = new_doc (game, "letter");
  WbMapPrintOptions o;
  g_autoptr(GError) error = NULL;
  double mw, mh, scale, covered_w = 0, covered_h = 0;
  guint tiles = 0;
  int max_face = -1;

  wb_map_print_options_init (&o);
  ck_assert_msg (wb_print_add_map (doc, map, &o, &error), "%s", error ? error->message : "");
  check_items_inside (doc);
  scale = wb_print_map_true_scale (map);
  wb_map_get_extent (map, &mw, &mh);
  for (guint p = 0; p < wb_print_doc_get_n_pages (doc); p++)
    {
      GArray *items = wb_print_doc_get_items (doc, p);

      for (guint i = 0; i < items->len; i++)
        {
          WbPrintItem *it = &g_array_index (items, WbPrintItem, i);

          ck_assert_int_eq (it->kind, WB_PRINT_ITEM_MAP_TILE);
          ck_assert_int_eq (it->face, max_face + 1);
          max_face = it->face;
          tiles++;
        }
    }
  ck_assert_uint_ge (tiles, 1);
  /* Sum of tile widths along the first row and heights down the first
   * column, less the overlaps, is the printed map. */
  {
    guint first = wb_print_doc_get_n_pages (doc) - tiles, cols = 0, rows = 0;

    for (guint p = first; p < wb_print_doc_get_n_pages (doc); p++)
      {
        const char *title = wb_print_doc_get_page_title (doc, p);
        WbPrintItem *it = &g_array_index (wb_print_doc_get_items (doc, p), WbPrintItem, 0);

        /* "…, sheet B1": the first row's names end in 1 (no map here
         * takes 10 rows), the first column's start with A. */
        if (g_str_has_suffix (title, "1"))
          {
            covered_w += it->width;
            cols++;
          }
        if (strstr (title, "sheet A") != NULL)
          {
            covered_h += it->height;
            rows++;
          }
      }
    ck_assert_uint_eq (cols * rows, tiles);
    ck_assert_double_eq_tol (covered_w - (cols - 1) * o.overlap, mw * scale, 0.01);
    ck_assert_double_eq_tol (covered_h - (rows - 1) * o.overlap, mh * scale, 0.01);
  }
  wb_print_doc_free (doc);

  doc = new_doc (game, "letter");
  o.fit = TRUE;
  ck_assert (wb_print_add_map (doc, map, &o, NULL));
  ck_assert_uint_eq (wb_print_doc_get_n_pages (doc), 1);
  check_items_inside (doc);
  wb_print_doc_free (doc);

  doc = new_doc (game, "letter");
  o.fit = FALSE;
  o.scale = 60;
  ck_assert (!wb_print_add_map (doc, map, &o, &error));
  ck_assert (g_error_matches (error, WB_PRINT_ERROR, WB_PRINT_ERROR_TOO_LARGE));
  ck_assert_uint_eq (wb_print_doc_get_n_pages (doc), 0);
  wb_print_doc_free (doc);
}
END_TEST

static gboolean
cancel_after_two (guint    done,
                  guint    total,
                  gpointer user_data)
{
  guint *calls = user_data;

  (*calls)++;
  return done < 2;
}

/* The PDF has the pages and the paper size the layout says (pdfinfo);
 * cancelled, nothing is written and an older file stays. */
START_TEST (test_pdf)
{
  g_autoptr(WbGame) game = load ("battle-of-the-wilderness");
  WbPrintDoc *doc = new_doc (game, "a4");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("wb-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "page.png", NULL);
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint calls = 0;

  ck_assert (wb_print_add_counter_sheets (doc, NULL, NULL));
  ck_assert_msg (wb_print_doc_write_pdf (doc, pdf, NULL, NULL, NULL, &error), "%s", error ? error->message : "");
  ck_assert (wb_print_doc_write_page_png (doc, 0, 50, png, NULL));
  ck_assert (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  if (pdfinfo != NULL)
    {
      const char *argv[] = { pdfinfo, pdf, NULL };
      g_autofree char *out = NULL;
      g_autofree char *pages = g_strdup_printf ("Pages:           %u\n", wb_print_doc_get_n_pages (doc));
      int status;

      ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL));
      ck_assert_int_eq (status, 0);
      ck_assert_msg (strstr (out, pages) != NULL, "%s", out);
      ck_assert_msg (strstr (out, "595.276 x 841.89 pts (A4)") != NULL, "%s", out);
    }
  else
    fprintf (stderr, "test-print: pdfinfo is not installed; the PDF's pages are not checked (./dev installs poppler-utils)\n");

  g_file_get_contents (pdf, &before, NULL, NULL);
  ck_assert (!wb_print_doc_write_pdf (doc, pdf, cancel_after_two, &calls, NULL, &error));
  ck_assert (g_error_matches (error, WB_PRINT_ERROR, WB_PRINT_ERROR_CANCELLED));
  ck_assert_uint_eq (calls, 2);
  g_file_get_contents (pdf, &after, NULL, NULL);
  ck_assert_str_eq (before, after);
  wb_print_doc_free (doc);
  g_remove (png);
  g_remove (pdf);
  g_rmdir (dir);
}
END_TEST

static void
check_golden (const char *name,
              const char *text)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "tests", "golden", "print", name, NULL);
  g_autofree char *expected = NULL;

  if (g_strcmp0 (g_getenv ("WB_UPDATE_GOLDEN"), "1") == 0)
    {
      ck_assert (g_file_set_contents (path, text, -1, NULL));
      return;
    }
  ck_assert_msg (g_file_get_contents (path, &expected, NULL, NULL),
                 "%s missing (WB_UPDATE_GOLDEN=1 writes it)", path);
  ck_assert_msg (strcmp (expected, text) == 0, "%s differs:\n%s", path, text);
}

START_TEST (test_goldens)
{
  g_autoptr(WbGame) wild = load ("battle-of-the-wilderness");
  g_autoptr(WbGame) cb = load ("chickasaw-bayou");
  WbPrintDoc *doc = new_doc (wild, "letter");
  g_autofree char *text = NULL;

  ck_assert (wb_print_add_counter_sheets (doc, NULL, NULL));
  text = wb_print_doc_describe (doc);
  check_golden ("wilderness-counters-letter.txt", text);
  wb_print_doc_free (doc);
  g_free (text);

  doc = new_doc (cb, "a4");
  ck_assert (wb_print_add_map (doc, g_ptr_array_index (wb_game_get_maps (cb), 0), NULL, NULL));
  text = wb_print_doc_describe (doc);
  check_golden ("chickasaw-map-a4.txt", text);
  wb_print_doc_free (doc);
}
END_TEST

static Suite *
print_suite (void)
{
  Suite *s = suite_create ("print");
  TCase *tc = tcase_create ("print");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_paper);
  tcase_add_loop_test (tc, test_counter_sheets_duplex, 0, G_N_ELEMENTS (games));
  tcase_add_test (tc, test_block_labels_once);
  tcase_add_test (tc, test_counter_sheets_fold);
  tcase_add_test (tc, test_true_scale);
  tcase_add_loop_test (tc, test_map_tiles, 0, 2);
  tcase_add_test (tc, test_pdf);
  tcase_add_test (tc, test_goldens);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (print_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
