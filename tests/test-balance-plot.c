/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-balance-plot"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-balance.h"
#include "rules/wb-balance-plot.h"

/*
 * The balance lab's plots (core/rules/wb-balance-plot.c), judged on the
 * PNG a user gets: bars in the sides' colours and as tall as the win
 * rates, a histogram whose bars add up to the games, empty runs drawn
 * without a crash, valid SVG and PDF, and a clear error for another
 * extension.
 */

/* The palette's first two colours, for runs drawn without a game. */
#define PALETTE_0 0x4e, 0x79, 0xa7
#define PALETTE_1 0xe1, 0x57, 0x59
/* What the margin histogram fills a bin holding 0 with. */
#define TIE_FILL  0xde, 0xd4, 0xb5

static WbGame *
load_wilderness (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("WARBENCH_TEST_GAME"));
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbBalance *
run_wilderness (WbGame             *game,
                const char * const *options)
{
  g_autoptr(GError) error = NULL;
  WbBalanceOptions o;
  WbBalance *b;

  wb_balance_options_init (&o);
  o.games = 6;
  o.jobs = 2;
  o.options = options;
  b = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_msg (b != NULL, "%s", error ? error->message : "");
  return b;
}

/* A run read from a "warbench-balance" file's text: @records is the JSON
 * array of [seed, winner, decided, turns, actions, [VP per turn…]]. */
static WbBalance *
run_from_records (const char *sides,
                  const char *records)
{
  g_autofree char *text = g_strdup_printf ("{\"format\": \"warbench-balance\", \"version\": 1, \"game\": \"g\", "
                                           "\"scenario\": \"s\", \"options\": [], \"first_seed\": \"1\", "
                                           "\"games_total\": 10, \"shard\": [0, 1], \"complete\": true, "
                                           "\"side_names\": %s, \"records\": %s}", sides, records);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  WbBalance *b;

  ck_assert (json_parser_load_from_data (parser, text, -1, NULL));
  b = wb_balance_from_json (json_parser_get_root (parser), "test", &error);
  ck_assert_msg (b != NULL, "%s", error ? error->message : "");
  return b;
}

static char *
tmp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("wb-balance-plot-XXXXXX", NULL);

  ck_assert_ptr_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static void
remove_tmp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
}

/* Writes @kind as a PNG of 400 × 300 points and reads it back. */
static cairo_surface_t *
plot_png (WbBalancePlot kind,
          WbBalance    *a,
          WbBalance    *b,
          WbGame       *game)
{
  g_autofree char *path = tmp_path ("plot.png");
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;

  ck_assert_msg (wb_balance_plot_write_full (path, 400, 300, kind, a, b, "first", "second", game, &error),
                 "%s", error ? error->message : "");
  surface = cairo_image_surface_create_from_png (path);
  ck_assert_int_eq (cairo_surface_status (surface), CAIRO_STATUS_SUCCESS);
  ck_assert_int_eq (cairo_image_surface_get_format (surface), CAIRO_FORMAT_RGB24);
  cairo_surface_flush (surface);
  /* 2 pixels a point. */
  ck_assert_int_eq (cairo_image_surface_get_width (surface), 800);
  ck_assert_int_eq (cairo_image_surface_get_height (surface), 600);
  remove_tmp (path);
  return surface;
}

typedef struct {
  int r, g, b;
} Pixel;

/* Read directly: a check assertion a pixel would cost a system call each
 * in libcheck's forked mode. */
static inline Pixel
pixel_at (cairo_surface_t *s,
          int              x,
          int              y)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v = *(const guint32 *) (data + (gsize) y * cairo_image_surface_get_stride (s) + (gsize) x * 4);
  Pixel p = { (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff };

  return p;
}

/* Pixels darker than mid-grey in [x0, x1) × [y0, y1). */
static int
count_dark (cairo_surface_t *s,
            int              x0,
            int              y0,
            int              x1,
            int              y1)
{
  int n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        Pixel p = pixel_at (s, x, y);

        n += p.r + p.g + p.b < 3 * 160;
      }
  return n;
}

/* Pixels of colour @r, @g, @b (within 2 a channel) in columns [x0, x1). */
static int
count_colour_in (cairo_surface_t *s,
                 int              r,
                 int              g,
                 int              b,
                 int              x0,
                 int              x1)
{
  int n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (s); y++)
    for (int x = x0; x < x1; x++)
      {
        Pixel p = pixel_at (s, x, y);

        n += ABS (p.r - r) <= 2 && ABS (p.g - g) <= 2 && ABS (p.b - b) <= 2;
      }
  return n;
}

static int
count_colour (cairo_surface_t *s,
              int              r,
              int              g,
              int              b)
{
  return count_colour_in (s, r, g, b, 0, cairo_image_surface_get_width (s));
}

/* The mean column of the pixels of a colour. */
static double
colour_centre (cairo_surface_t *s,
               int              r,
               int              g,
               int              b)
{
  double sum = 0;
  int n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (s); y++)
    for (int x = 0; x < cairo_image_surface_get_width (s); x++)
      {
        Pixel p = pixel_at (s, x, y);

        if (ABS (p.r - r) <= 2 && ABS (p.g - g) <= 2 && ABS (p.b - b) <= 2)
          sum += x, n++;
      }
  return n > 0 ? sum / n : -1;
}

/* Six Wilderness games: each side's bar in the game's colour for the
 * side (Union #4d6fa8, Confederate #a3a39b), the Union's left of the
 * Confederate's, and their areas in the ratio of the wins. */
START_TEST (test_wins_bars)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbBalance) run = run_wilderness (game, NULL);
  cairo_surface_t *s = plot_png (WB_BALANCE_PLOT_WINS, run, NULL, game);
  guint wins[2] = { 0, 0 };
  int px[2];

  for (guint i = 0; i < wb_balance_get_n_games (run); i++)
    {
      int w = wb_balance_get_game (run, i)->winner;

      if (w == 0 || w == 1)
        wins[w]++;
    }
  px[0] = count_colour (s, 0x4d, 0x6f, 0xa8);
  px[1] = count_colour (s, 0xa3, 0xa3, 0x9b);
  for (int k = 0; k < 2; k++)
    ck_assert_msg ((wins[k] > 0) == (px[k] > 1000), "side %d: %u wins, %d pixels", k, wins[k], px[k]);
  if (wins[0] > 0 && wins[1] > 0)
    {
      double per_win0 = (double) px[0] / wins[0], per_win1 = (double) px[1] / wins[1];

      ck_assert_msg (per_win0 / per_win1 > 0.9 && per_win0 / per_win1 < 1.1, "%g against %g pixels a win",
                     per_win0, per_win1);
      ck_assert_double_lt (colour_centre (s, 0x4d, 0x6f, 0xa8), colour_centre (s, 0xa3, 0xa3, 0x9b));
    }
  cairo_surface_destroy (s);
}
END_TEST

/* The variant's bars beside A's: paler, in the same side colour. */
START_TEST (test_wins_overlay)
{
  g_autoptr(WbGame) game = load_wilderness ();
  const char *const burnside[] = { "burnside", NULL };
  g_autoptr(WbBalance) a = run_wilderness (game, NULL);
  g_autoptr(WbBalance) b = run_wilderness (game, burnside);
  cairo_surface_t *alone = plot_png (WB_BALANCE_PLOT_WINS, a, NULL, game);
  cairo_surface_t *both = plot_png (WB_BALANCE_PLOT_WINS, a, b, game);
  /* The Union's colour mixed 55 % with white. */
  int pale = 0x4d + (0xff - 0x4d) * 0.55, pale_g = 0x6f + (0xff - 0x6f) * 0.55, pale_b = 0xa8 + (0xff - 0xa8) * 0.55;
  gboolean union_won_b = FALSE;

  for (guint i = 0; i < wb_balance_get_n_games (b); i++)
    union_won_b |= wb_balance_get_game (b, i)->winner == 0;
  ck_assert_int_eq (count_colour (alone, pale, pale_g, pale_b), 0);
  ck_assert (!union_won_b || count_colour (both, pale, pale_g, pale_b) > 200);
  /* Two bars a category: each A bar is narrower than alone. */
  ck_assert_int_lt (count_colour (both, 0x4d, 0x6f, 0xa8), count_colour (alone, 0x4d, 0x6f, 0xa8));
  cairo_surface_destroy (alone);
  cairo_surface_destroy (both);
}
END_TEST

/* Margins -2, 0, 1, 3, 3, 3 in bins of one VP: the bars above 0 (the
 * first side's colour) cover four times the area of those below (the
 * second's), the tie's bar as much as one game; and a game's area is the
 * same in a bar of one and a bar of three. */
START_TEST (test_margin_area)
{
  g_autoptr(WbBalance) run = run_from_records ("[\"North\", \"South\"]",
    "[[\"1\", 1, 0, 2, 9, [0, 0, 0, 2]],"
    " [\"2\", -1, 0, 2, 9, [1, 1, 4, 4]],"
    " [\"3\", 0, 0, 2, 9, [0, 0, 5, 4]],"
    " [\"4\", 0, 0, 2, 9, [0, 0, 6, 3]],"
    " [\"5\", 0, 0, 2, 9, [0, 0, 3, 0]],"
    " [\"6\", 0, 0, 2, 9, [0, 0, 9, 6]]]");
  cairo_surface_t *s = plot_png (WB_BALANCE_PLOT_MARGIN, run, NULL, NULL);
  int north = count_colour (s, PALETTE_0), south = count_colour (s, PALETTE_1), tie = count_colour (s, TIE_FILL);
  double unit = south;
  double left = colour_centre (s, PALETTE_1), right = colour_centre (s, PALETTE_0);

  ck_assert_int_gt (south, 500);
  ck_assert_msg (north / unit > 3.8 && north / unit < 4.2, "%d pixels for 4 games, %d for 1", north, south);
  ck_assert_msg (tie / unit > 0.95 && tie / unit < 1.05, "%d pixels for the tie, %d for 1", tie, south);
  /* Margin 1 (one game) against margin 3 (three games), by columns. */
  {
    double mid = colour_centre (s, TIE_FILL);
    double step = mid - left;   /* two bins */
    int one = count_colour_in (s, PALETTE_0, (int) (mid + step * 0.25), (int) (mid + step * 0.75));
    int three = count_colour_in (s, PALETTE_0, (int) (mid + step * 1.25), (int) (mid + step * 1.75));

    ck_assert_msg (three / (double) one > 2.85 && three / (double) one < 3.15, "%d and %d pixels", one, three);
  }
  ck_assert_double_lt (left, right);
  cairo_surface_destroy (s);
}
END_TEST

/* Three sides: a histogram of each side's final VP, in its colour; the
 * curves of each side too. */
START_TEST (test_three_sides)
{
  g_autoptr(WbBalance) run = run_from_records ("[\"A\", \"B\", \"C\"]",
    "[[\"1\", 0, 0, 2, 9, [1, 0, 0, 5, 2, 1]],"
    " [\"2\", 1, 0, 1, 9, [0, 3, 1]],"
    " [\"3\", 2, 0, 2, 9, [0, 0, 2, 1, 1, 4]]]");

  for (WbBalancePlot kind = WB_BALANCE_PLOT_MARGIN; kind <= WB_BALANCE_PLOT_CURVES; kind++)
    {
      cairo_surface_t *s = plot_png (kind, run, NULL, NULL);

      ck_assert_int_gt (count_colour (s, PALETTE_0), 50);
      ck_assert_int_gt (count_colour (s, PALETTE_1), 50);
      ck_assert_int_gt (count_colour (s, 0x59, 0xa1, 0x4f), 50);
      cairo_surface_destroy (s);
    }
}
END_TEST

/* No games: every kind says so, alone or with a variant, and draws no
 * bar or curve. */
START_TEST (test_empty_run)
{
  g_autoptr(WbBalance) empty = run_from_records ("[\"North\", \"South\"]", "[]");
  g_autoptr(WbBalance) some = run_from_records ("[\"North\", \"South\"]",
                                                "[[\"1\", 0, 0, 1, 9, [3, 1]]]");

  for (WbBalancePlot kind = WB_BALANCE_PLOT_WINS; kind <= WB_BALANCE_PLOT_SHEET; kind++)
    for (int with_b = 0; with_b < 2; with_b++)
      {
        cairo_surface_t *s = plot_png (kind, empty, with_b ? some : NULL, NULL);

        /* "No games played" in the middle of the plot area. */
        ck_assert_int_gt (count_dark (s, 200, 200, 600, 500), 100);
        ck_assert_int_eq (count_colour (s, PALETTE_0), 0);
        ck_assert_int_eq (count_colour (s, PALETTE_1), 0);
        cairo_surface_destroy (s);
      }
  /* A variant with no games is left out. */
  {
    cairo_surface_t *s = plot_png (WB_BALANCE_PLOT_WINS, some, empty, NULL);

    ck_assert_int_gt (count_colour (s, PALETTE_0), 1000);
    cairo_surface_destroy (s);
  }
}
END_TEST

typedef struct {
  char *root;
} FirstElement;

static void
on_start (GMarkupParseContext *context,
          const char          *element,
          const char         **names,
          const char         **values,
          gpointer             user_data,
          GError             **error)
{
  FirstElement *fe = user_data;

  if (fe->root == NULL)
    fe->root = g_strdup (element);
}

/* The sheet as SVG (well-formed XML whose root is <svg>) and PDF; a name
 * ending otherwise is refused and nothing is written. */
START_TEST (test_formats)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbBalance) run = run_wilderness (game, NULL);
  g_autofree char *svg = tmp_path ("sheet.svg");
  g_autofree char *pdf = tmp_path ("sheet.pdf");
  g_autofree char *txt = tmp_path ("sheet.txt");
  g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "wb-no-such-dir-XXXXXX", "plot.png", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  ck_assert (wb_balance_plot_write (svg, 842, 595, WB_BALANCE_PLOT_SHEET, run, NULL, NULL, NULL, &error));
  ck_assert (g_file_get_contents (svg, &contents, &len, NULL));
  {
    GMarkupParser parser = { on_start, NULL, NULL, NULL, NULL };
    FirstElement fe = { NULL };
    GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, &fe, NULL);

    ck_assert_msg (g_markup_parse_context_parse (context, contents, len, &error) &&
                   g_markup_parse_context_end_parse (context, &error), "%s", error ? error->message : "");
    ck_assert_str_eq (fe.root, "svg");
    g_free (fe.root);
    g_markup_parse_context_free (context);
  }
  g_clear_pointer (&contents, g_free);

  ck_assert (wb_balance_plot_write (pdf, 842, 595, WB_BALANCE_PLOT_SHEET, run, NULL, NULL, NULL, &error));
  ck_assert (g_file_get_contents (pdf, &contents, &len, NULL));
  ck_assert (len > 1000 && memcmp (contents, "%PDF-", 5) == 0);

  ck_assert (!wb_balance_plot_write (txt, 400, 300, WB_BALANCE_PLOT_WINS, run, NULL, NULL, NULL, &error));
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED));
  ck_assert_ptr_nonnull (strstr (error->message, txt));
  ck_assert (!g_file_test (txt, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  ck_assert (!wb_balance_plot_write (svg, 10, 300, WB_BALANCE_PLOT_WINS, run, NULL, NULL, NULL, &error));
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT));
  g_clear_error (&error);
  ck_assert (!wb_balance_plot_write (missing, 400, 300, WB_BALANCE_PLOT_WINS, run, NULL, NULL, NULL, &error));
  ck_assert_ptr_nonnull (error);

  remove_tmp (svg);
  remove_tmp (pdf);
  remove_tmp (txt);
}
END_TEST

START_TEST (test_names)
{
  WbBalancePlot kind;

  for (WbBalancePlot k = WB_BALANCE_PLOT_WINS; k <= WB_BALANCE_PLOT_SHEET; k++)
    {
      ck_assert (wb_balance_plot_from_name (wb_balance_plot_to_name (k), &kind));
      ck_assert_int_eq (kind, k);
    }
  ck_assert (!wb_balance_plot_from_name ("pie", &kind));
}
END_TEST

static Suite *
balance_plot_suite (void)
{
  Suite *s = suite_create ("balance-plot");
  TCase *tc = tcase_create ("balance-plot");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_wins_bars);
  tcase_add_test (tc, test_wins_overlay);
  tcase_add_test (tc, test_margin_area);
  tcase_add_test (tc, test_three_sides);
  tcase_add_test (tc, test_empty_run);
  tcase_add_test (tc, test_formats);
  tcase_add_test (tc, test_names);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (balance_plot_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
