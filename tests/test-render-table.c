/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-render-table"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

#include "render-common.h"

/*
 * Tables as printed charts (core/wb-render-table.c), tested by their
 * pixels against goldens drawn without text (fonts differ between hosts),
 * their size and the files they write (moved out of test-render.c). Set
 * WB_UPDATE_GOLDEN=1 to rewrite the golden images on purpose.
 */

/* --- table charts ------------------------------------------------------------ */

/* An odds CRT of @cols columns (1-1, 2-1 …) and @rows rows, with codes. */
static WbTable *
make_crt (guint cols,
          guint rows)
{
  static const char *results[] = { "Ar", "Dr", "De", "Ex", "-" };
  WbTable *table = wb_table_new ("crt", WB_TABLE_ODDS);

  wb_table_set_name (table, "Small CRT");
  wb_table_set_dice (table, "1d6");
  wb_table_set_source (table, "Test rules 7.6");
  wb_table_set_note (table, "Round in the defender's favour.");
  for (guint j = 0; j < cols; j++)
    {
      g_autofree char *label = g_strdup_printf ("%u-1", j + 1);

      wb_table_add_column (table, label, j + 1, 1);
    }
  for (guint i = 0; i < rows; i++)
    {
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *label = g_strdup_printf ("%u", i + 1);

      for (guint j = 0; j < cols; j++)
        g_ptr_array_add (cells, g_strdup (results[(i + j) % G_N_ELEMENTS (results)]));
      wb_table_add_row (table, label, i + 1, i + 1, cells);
    }
  wb_table_add_code (table, "Ar", "Attacker Retreats", "All attackers retreat one hex.");
  wb_table_add_code (table, "Dr", "Defender Retreats", "All defenders retreat one hex.");
  wb_table_add_code (table, "De", "Defender Eliminated", NULL);
  return table;
}

static WbTable *
make_fire_table (void)
{
  static const char *cells[4][3] = {
    { "green:0 yellow:1 red:2", "green:0-1 yellow:2 red:3", "green:1 yellow:2-3 red:4" },
    { "green:0 yellow:1", "green:0-1 yellow:2-4 red:5-9", "green:1-2 red:3-4" },
    { "-", "yellow:1 red:2", "green:0-1 yellow:2-4 red:5-9" },
    { "green:0", "#3060c0:1", "red:1-3" },
  };
  static const char *rows[] = { "11-16", "21-36", "41-56", "61-66" };
  WbTable *table = wb_table_new ("fire", WB_TABLE_FIRE);

  wb_table_set_name (table, "Fire Table");
  wb_table_set_dice (table, "d66");
  wb_table_add_column (table, "1-2", 1, 2);
  wb_table_add_column (table, "3-5", 3, 5);
  wb_table_add_column (table, "6+", 6, 99);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

      for (guint j = 0; j < 3; j++)
        g_ptr_array_add (row, g_strdup (cells[i][j]));
      wb_table_add_row (table, rows[i], 11, 16, row);
    }
  wb_table_add_code (table, "green", "Shaken", "Morale check at +1.");
  wb_table_add_code (table, "red", "Step loss", NULL);
  return table;
}

static cairo_surface_t *
render_chart (WbTable           *table,
              WbTableChartFlags  flags)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;

  wb_render_table_get_size (table, flags, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (surface);
  wb_render_table (table, cr, flags);
  ck_assert_int_eq (cairo_status (cr), CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

/* Text off: boxes, shading and bands only, the same size on every host. */
START_TEST (test_golden_table_crt)
{
  g_autoptr(WbTable) table = make_crt (4, 3);

  check_golden (render_chart (table, WB_TABLE_CHART_NO_TEXT), "table-crt.png");
}
END_TEST

START_TEST (test_golden_table_fire)
{
  g_autoptr(WbTable) table = make_fire_table ();
  cairo_surface_t *s = render_chart (table, WB_TABLE_CHART_NO_TEXT);
  Pixel p;
  gboolean green = FALSE, red = FALSE, blue = FALSE;

  /* The bands' colours are there (besides the golden comparison). */
  for (int y = 0; y < cairo_image_surface_get_height (s); y += 2)
    for (int x = 0; x < cairo_image_surface_get_width (s); x += 2)
      {
        p = get_pixel (s, x, y);
        green |= p.g > 180 && p.r < 160 && p.b < 150;
        red |= p.r > 200 && p.g < 110 && p.b < 110;
        blue |= p.b > 180 && p.r < 70 && p.g > 80 && p.g < 110;
      }
  ck_assert (green && red && blue);
  check_golden (s, "table-fire.png");
}
END_TEST

/* Format 6 rules on the chart: unknown cells shaded, and the ends and the
 * column shifts listed under the table (a taller chart). */
START_TEST (test_golden_table_rules)
{
  g_autoptr(WbTable) table = make_fire_table ();
  WbTableEnds ends = { WB_TABLE_END_REFUSE, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP };
  WbTableModifier *m = g_new0 (WbTableModifier, 1);
  WbTableRow *row = g_ptr_array_index (wb_table_get_rows (table), 2);
  double w0, h0, w1, h1;
  cairo_surface_t *s;
  gboolean unknown = FALSE;

  wb_render_table_get_size (table, WB_TABLE_CHART_NO_TEXT, &w0, &h0);
  g_free (row->cells->pdata[0]);
  row->cells->pdata[0] = g_strdup ("?");
  m->id = g_strdup ("woods");
  m->text = g_strdup ("Target in Light Woods");
  m->columns = -1;
  m->applies = g_strdup ("fire");
  wb_table_add_modifier (table, m);
  wb_table_set_ends (table, &ends);
  wb_render_table_get_size (table, WB_TABLE_CHART_NO_TEXT, &w1, &h1);
  ck_assert_double_eq (w1, w0);
  ck_assert_double_gt (h1, h0 + 30);
  s = render_chart (table, WB_TABLE_CHART_NO_TEXT);
  for (int y = 0; y < cairo_image_surface_get_height (s); y += 2)
    for (int x = 0; x < cairo_image_surface_get_width (s); x += 2)
      {
        Pixel p = get_pixel (s, x, y);
        unknown |= abs (p.r - 230) <= 2 && abs (p.g - 224) <= 2 && abs (p.b - 214) <= 2;
      }
  ck_assert (unknown);
  check_golden (s, "table-rules.png");
}
END_TEST

/* With text the title (and cells) carry ink; without, the title's place is
 * blank paper. */
START_TEST (test_table_chart_text)
{
  g_autoptr(WbTable) table = make_crt (4, 3);
  cairo_surface_t *with = render_chart (table, WB_TABLE_CHART_DEFAULT);
  cairo_surface_t *without = render_chart (table, WB_TABLE_CHART_NO_TEXT);

  /* The title's box: right of the margin, above the table. */
  ck_assert_int_gt (count_dark (with, 18, 18, 100, 34), 20);
  ck_assert_int_eq (count_dark (without, 18, 18, 100, 34), 0);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}
END_TEST

/* Exports are sized from the measure: more rows, taller; more columns,
 * wider (once the table outgrows the minimum width); longer text, larger. */
START_TEST (test_table_chart_size)
{
  for (int text = 0; text < 2; text++)
    {
      WbTableChartFlags flags = text ? WB_TABLE_CHART_DEFAULT : WB_TABLE_CHART_NO_TEXT;
      g_autoptr(WbTable) base = make_crt (12, 3);
      g_autoptr(WbTable) more_rows = make_crt (12, 6);
      g_autoptr(WbTable) more_cols = make_crt (16, 3);
      double w0, h0, w1, h1, w2, h2, w3, h3;

      wb_render_table_get_size (base, flags, &w0, &h0);
      wb_render_table_get_size (more_rows, flags, &w1, &h1);
      wb_render_table_get_size (more_cols, flags, &w2, &h2);
      ck_assert_double_gt (w0, 100);
      ck_assert_double_gt (h0, 100);
      ck_assert_double_gt (h1, h0);
      ck_assert_double_eq (w1, w0);
      ck_assert_double_gt (w2, w0);
      ck_assert_double_eq (h2, h0);

      {
        g_autoptr(WbTable) empty = wb_table_new ("empty", WB_TABLE_ROLL);
        double we, he;

        /* No columns, rows or codes: still a titled page. */
        wb_render_table_get_size (empty, flags, &we, &he);
        ck_assert_double_gt (we, 36);
        ck_assert_double_gt (he, 36);
        ck_assert_double_lt (he, h0);
      }
      /* The designer's note is not printed (it stays in the editor): the
       * chart keeps its size; a longer source line makes it grow. */
      wb_table_set_note (base, "A much longer note that would wrap over several lines of the "
                         "chart, if the chart printed it; a much longer note that would wrap "
                         "over several lines of the chart.");
      wb_render_table_get_size (base, flags, &w3, &h3);
      ck_assert_double_eq (w3, w0);
      ck_assert_double_eq (h3, h0);
      wb_table_set_source (base, "A much longer source that has to wrap over several lines of "
                           "the chart, and so the chart must grow to hold it all; a much longer "
                           "source that has to wrap over several lines of the chart.");
      wb_render_table_get_size (base, flags, &w3, &h3);
      ck_assert_double_eq (w3, w0);
      ck_assert_double_gt (h3, h0);
    }
}
END_TEST

/* PNG, SVG and PDF files, the PNG scaled; a failed write leaves the old file. */
START_TEST (test_table_chart_files)
{
  g_autoptr(WbTable) table = make_fire_table ();
  g_autofree char *dir = g_dir_make_tmp ("wb-chart-XXXXXX", NULL);
  const char *names[] = { "t.png", "t.svg", "t.pdf" };
  const char *magic[] = { "\x89PNG", "<?xml", "%PDF" };
  double w, h;

  wb_render_table_get_size (table, WB_TABLE_CHART_DEFAULT, &w, &h);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      WbExportFormat format;

      ck_assert (wb_export_format_from_path (path, &format));
      ck_assert (wb_render_table_to_file (NULL, table, path, format, 2.0, &error));
      ck_assert (g_file_get_contents (path, &contents, NULL, NULL));
      ck_assert (g_str_has_prefix (contents, magic[i]));
      if (i == 0)
        {
          cairo_surface_t *png = cairo_image_surface_create_from_png (path);

          ck_assert_int_eq (cairo_image_surface_get_width (png), (int) ceil (w * 2));
          ck_assert_int_eq (cairo_image_surface_get_height (png), (int) ceil (h * 2));
          cairo_surface_destroy (png);
        }
      g_unlink (path);
    }

  {
    /* A fractional scale: the last, partly covered pixels are still paper. */
    g_autofree char *path = g_build_filename (dir, "half.png", NULL);
    g_autoptr(GError) error = NULL;
    cairo_surface_t *png;
    Pixel p;

    /* w + ½ pixels wide (w, the chart's width, is whole): half the last column is outside. */
    ck_assert (wb_render_table_to_file (NULL, table, path, WB_EXPORT_PNG, 1 + 0.5 / w, &error));
    png = cairo_image_surface_create_from_png (path);
    p = get_pixel (png, cairo_image_surface_get_width (png) - 1,
                   cairo_image_surface_get_height (png) - 1);
    ck_assert (p.r == 255 && p.g == 255 && p.b == 255);
    cairo_surface_destroy (png);
    g_unlink (path);
  }

  {
    /* A table without a name, rows or codes: titled by its id. */
    g_autoptr(WbTable) empty = wb_table_new ("empty", WB_TABLE_ROLL);
    g_autofree char *path = g_build_filename (dir, "empty.pdf", NULL);
    g_autoptr(GError) error = NULL;

    ck_assert (wb_render_table_to_file (NULL, empty, path, WB_EXPORT_PDF, 1.0, &error));
    g_unlink (path);
  }

  {
    g_autofree char *path = g_build_filename (dir, "no", "such", "t.png", NULL);
    g_autoptr(GError) error = NULL;

    ck_assert (!wb_render_table_to_file (NULL, table, path, WB_EXPORT_PNG, 1.0, &error));
    ck_assert (error != NULL && strstr (error->message, path) != NULL);
  }
  g_rmdir (dir);
}
END_TEST


static Suite *
render_table_suite (void)
{
  Suite *s = suite_create ("render-table");
  TCase *tc = tcase_create ("charts");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_golden_table_crt);
  tcase_add_test (tc, test_golden_table_fire);
  tcase_add_test (tc, test_golden_table_rules);
  tcase_add_test (tc, test_table_chart_text);
  tcase_add_test (tc, test_table_chart_size);
  tcase_add_test (tc, test_table_chart_files);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (render_table_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
