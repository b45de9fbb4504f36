/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-balance"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>

#include "wb-balance-window.h"
#include "wb-window.h"

#include "gui-common.h"

/* The Balance Lab window (Playtest ▸ Balance Lab…): a run of the
 * Wilderness plays off the main thread (the main loop turns meanwhile),
 * shows its progress and its plots, gives the same numbers as the core's
 * run of the same seeds, compares a variant, cancels cleanly with what it
 * finished, and exports the plots, the games and the run. */

typedef struct {
  WbBalanceWindow *lab;
} LabWait;

static gboolean
run_over (gpointer data)
{
  return !wb_balance_window_is_running (((LabWait *) data)->lab);
}

static WbBalanceWindow *
open_lab (WbWindow *window)
{
  WbBalanceWindow *lab;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.balance-lab", NULL));
  lab = wb_window_get_balance_lab (window);
  ck_assert_ptr_nonnull (lab);
  /* Once open, the action presents the same window. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.balance-lab", NULL));
  ck_assert_ptr_eq (wb_window_get_balance_lab (window), lab);
  return lab;
}

/* The number of pixels of @texture that are neither white nor grey. */
static guint
coloured_pixels (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *px = g_malloc ((gsize) w * h * 4);
  guint n = 0;

  gdk_texture_download (texture, px, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      int b = px[i * 4], g = px[i * 4 + 1], r = px[i * 4 + 2];
      if (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 40)
        n++;
    }
  return n;
}

START_TEST (test_run_and_variant)
{
  WbWindow *window = open_test_game ();
  WbBalanceWindow *lab = open_lab (window);
  const char *variant[] = { "burnside", NULL };
  LabWait wait = { lab };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("wb-balance-XXXXXX", &error);
  guint turns = 0;

  gtk_window_present (GTK_WINDOW (lab));
  wb_balance_window_set_run (lab, "historical", NULL, 16, 5);
  wb_balance_window_set_variant_options (lab, variant);
  wb_balance_window_run (lab);
  ck_assert (wb_balance_window_is_running (lab));
  /* The games run off the main thread: the loop keeps turning. */
  while (!run_over (&wait))
    {
      g_main_context_iteration (NULL, FALSE);
      turns++;
      g_usleep (1000);
    }
  ck_assert_uint_gt (turns, 10);
  ck_assert_msg (strstr (wb_balance_window_get_status (lab), "16 games played") != NULL, "%s",
                 wb_balance_window_get_status (lab));
  {
    WbBalance *a = wb_balance_window_get_result (lab, FALSE), *b = wb_balance_window_get_result (lab, TRUE);
    WbBalanceOptions o;
    g_autoptr(WbBalance) again = NULL;
    g_autoptr(JsonNode) s1 = NULL, s2 = NULL;
    g_autoptr(JsonGenerator) gen = json_generator_new ();
    g_autofree char *t1 = NULL, *t2 = NULL;

    ck_assert_ptr_nonnull (a);
    ck_assert_ptr_nonnull (b);
    ck_assert (wb_balance_is_complete (a) && wb_balance_is_complete (b));
    ck_assert_uint_eq (wb_balance_get_n_games (a), 16);
    ck_assert_uint_eq (wb_balance_get_n_games (b), 16);
    /* The same numbers as the core's run of the same seeds. */
    wb_balance_options_init (&o);
    o.scenario = "historical";
    o.first_seed = 5;
    o.games = 16;
    o.jobs = 1;
    o.options = variant;
    again = wb_balance_run (wb_window_get_game (window), &o, NULL, NULL, NULL, &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    s1 = wb_balance_summary_json (b);
    s2 = wb_balance_summary_json (again);
    json_generator_set_root (gen, s1);
    t1 = json_generator_to_data (gen, NULL);
    json_generator_set_root (gen, s2);
    t2 = json_generator_to_data (gen, NULL);
    ck_assert_str_eq (t1, t2);
  }
  /* The plots are drawn: the wins bars in the sides' colours. */
  {
    GtkWidget *wins = find_named (GTK_WIDGET (lab), "wins");
    g_autoptr(GdkTexture) shot = NULL;

    ck_assert_ptr_nonnull (wins);
    spin_for (200);
    shot = render_widget (wins);
    ck_assert_ptr_nonnull (shot);
    ck_assert_uint_gt (coloured_pixels (shot), 500);
  }
  save_shot (GTK_WIDGET (lab), "balance-lab.png", 300);
  /* Export: the plots, the games, the run and its comparison. */
  {
    g_autofree char *pdf = g_build_filename (dir, "run.pdf", NULL);
    g_autofree char *csv = g_build_filename (dir, "run.csv", NULL);
    g_autofree char *json = g_build_filename (dir, "run.json", NULL);
    g_autofree char *bad = g_build_filename (dir, "run.doc", NULL);
    g_autofree char *text = NULL;
    gsize len;

    ck_assert_msg (wb_balance_window_export (lab, pdf, &error), "%s", error ? error->message : "");
    ck_assert (g_file_get_contents (pdf, &text, &len, NULL));
    ck_assert (len > 1000 && memcmp (text, "%PDF", 4) == 0);
    g_clear_pointer (&text, g_free);
    ck_assert (wb_balance_window_export (lab, csv, &error));
    ck_assert (g_file_get_contents (csv, &text, NULL, NULL));
    /* A header and 16 games. */
    {
      g_auto(GStrv) lines = g_strsplit (g_strchomp (text), "\n", -1);
      ck_assert_uint_eq (g_strv_length (lines), 17);
    }
    g_clear_pointer (&text, g_free);
    ck_assert (wb_balance_window_export (lab, json, &error));
    ck_assert (g_file_get_contents (json, &text, NULL, NULL));
    ck_assert (strstr (text, "\"comparison\"") != NULL && strstr (text, "\"variant\"") != NULL);
    ck_assert (!wb_balance_window_export (lab, bad, &error));
    ck_assert (strstr (error->message, ".csv") != NULL);
    g_clear_error (&error);
    g_unlink (pdf);
    g_unlink (csv);
    g_unlink (json);
    g_rmdir (dir);
  }
  gtk_window_destroy (GTK_WINDOW (lab));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_cancel)
{
  WbWindow *window = open_test_game ();
  WbBalanceWindow *lab = open_lab (window);
  LabWait wait = { lab };
  GtkWidget *cancel = find_named (GTK_WIDGET (lab), "balance-cancel");

  wb_balance_window_set_run (lab, "historical", NULL, 100000, 1);
  wb_balance_window_run (lab);
  ck_assert (gtk_widget_get_visible (cancel));
  spin_for (400);
  ck_assert (wb_balance_window_is_running (lab));
  ck_assert_msg (strstr (wb_balance_window_get_status (lab), "of 100000 games played") != NULL, "%s",
                 wb_balance_window_get_status (lab));
  save_shot (GTK_WIDGET (lab), "balance-progress.png", 0);
  g_signal_emit_by_name (cancel, "clicked");
  ck_assert (spin_until (run_over, &wait, 30000));
  ck_assert_msg (g_str_has_prefix (wb_balance_window_get_status (lab), "Cancelled"), "%s",
                 wb_balance_window_get_status (lab));
  ck_assert (!wb_balance_is_complete (wb_balance_window_get_result (lab, FALSE)));
  ck_assert_uint_lt (wb_balance_get_n_games (wb_balance_window_get_result (lab, FALSE)), 100000);
  /* Closing the lab mid-run leaves nothing behind. */
  wb_balance_window_run (lab);
  spin_for (100);
  gtk_window_destroy (GTK_WINDOW (lab));
  spin_for (300);
  ck_assert_ptr_null (wb_window_get_balance_lab (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-balance");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("balance");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_run_and_variant);
  tcase_add_test (tc, test_cancel);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
