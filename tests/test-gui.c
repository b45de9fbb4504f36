/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-new-game-dialog.h"
#include "wb-tool-palette.h"
#include "wb-window.h"

#include "gui-common.h"

/* Widget tests: the main window and the map canvas, driven the way a user
 * would (actions, the close button) under Xvfb. GTK is initialised in each
 * test's (forked) process, never in main(): see docs in TESTING.md. */

START_TEST (test_window_shows_game)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  GtkWidget *sidebar = GTK_WIDGET (wb_window_get_sidebar (window));

  ck_assert_ptr_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)),
                                 "Battle of the Wilderness"));
  ck_assert_msg (has_label (sidebar, wb_map_get_name (map)),
                 "the sidebar does not list the map “%s”", wb_map_get_name (map));
  ck_assert_ptr_eq (wb_map_view_get_map (wb_window_get_map_view (window)), map);
  ck_assert (!wb_window_get_dirty (window));

  /* Opening a game puts it in the recent files. */
  {
    g_autofree char *uri = g_file_get_uri (wb_window_get_file (window));

    ck_assert (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_canvas_draws_map)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbTerrainType *forest = wb_game_find_terrain (game, "forest");
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(GdkTexture) texture = NULL;
  guint frames = wb_map_view_get_frame_count (view);
  guint count;

  ck_assert_msg (forest != NULL && forest->color != NULL, "the game has no forest colour");

  /* The frame count moved before (open_test_game() waits for it): the
   * paintable reuses the widget's last render node, so this is what the
   * canvas put on screen. */
  ck_assert_uint_gt (frames, 0);
  texture = render_widget (GTK_WIDGET (view));
  count = count_color (texture, forest->color);
  ck_assert_msg (count > 100, "only %u pixels of forest (%s) on the canvas", count, forest->color);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_zoom_actions)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  double zoom = wb_map_view_get_zoom (view);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  ck_assert_double_gt (wb_map_view_get_zoom (view), zoom);

  zoom = wb_map_view_get_zoom (view);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-out", NULL);
  ck_assert_double_lt (wb_map_view_get_zoom (view), zoom);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-reset", NULL);
  ck_assert_double_eq_tol (wb_map_view_get_zoom (view), 1.0, 1e-9);

  /* Clamped at both ends. */
  wb_map_view_set_zoom (view, 1000);
  ck_assert_double_eq_tol (wb_map_view_get_zoom (view), WB_MAP_VIEW_MAX_ZOOM, 1e-9);
  wb_map_view_set_zoom (view, 0);
  ck_assert_double_eq_tol (wb_map_view_get_zoom (view), WB_MAP_VIEW_MIN_ZOOM, 1e-9);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_zoom_about_point)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  double mx0, my0, mx1, my1;

  wb_map_view_set_zoom (view, 1.0);
  wb_map_view_widget_to_map (view, 100, 80, &mx0, &my0);
  wb_map_view_zoom_at (view, 2.0, 100, 80);
  wb_map_view_widget_to_map (view, 100, 80, &mx1, &my1);
  ck_assert_double_eq_tol (mx0, mx1, 1e-6);
  ck_assert_double_eq_tol (my0, my1, 1e-6);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_lookup)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMap *map = wb_map_view_get_map (view);
  WbHexMap *hex_map;
  WbOffset hex = { -1, -1 };
  double cx, cy, wx, wy;
  g_autofree char *text = NULL;
  g_autofree char *outside = NULL;

  ck_assert (WB_IS_HEX_MAP (map));
  hex_map = WB_HEX_MAP (map);

  wb_hex_center (wb_hex_map_get_layout (hex_map), wb_hex_map_get_hex_size (hex_map),
                 (WbOffset) { 0, 0 }, &cx, &cy);
  wb_map_view_map_to_widget (view, cx, cy, &wx, &wy);
  text = wb_map_view_lookup (view, wx, wy, &hex);
  ck_assert_str_eq (text, "0101");
  ck_assert_int_eq (hex.col, 0);
  ck_assert_int_eq (hex.row, 0);

  /* Off the map there is nothing. */
  wb_map_view_map_to_widget (view, -500, -500, &wx, &wy);
  outside = wb_map_view_lookup (view, wx, wy, NULL);
  ck_assert_ptr_null (outside);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_cache_reused_while_panning)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  double cx, cy;
  guint builds;

  wb_map_view_set_zoom (view, 2.0);
  wait_until_settled (view);
  builds = wb_map_view_get_cache_builds (view);

  /* A short pan stays inside the cached margin: the very next frame is
   * complete, and nothing is rendered. */
  wb_map_view_get_center (view, &cx, &cy);
  wb_map_view_set_center (view, cx + 40 / 2.0, cy + 30 / 2.0);
  wait_for_draw (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  ck_assert (!wb_map_view_get_rendering (view));
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds);

  /* A long one leaves it: the frame is drawn at once from what there is,
   * and the cache is rebuilt in the background. */
  wb_map_view_set_center (view, cx + 1200 / 2.0, cy);
  wait_for_draw (view);
  wait_until_settled (view);
  ck_assert_uint_gt (wb_map_view_get_cache_builds (view), builds);

  /* So does a new zoom. */
  builds = wb_map_view_get_cache_builds (view);
  wb_map_view_zoom_in (view);
  wait_until_settled (view);
  ck_assert_uint_gt (wb_map_view_get_cache_builds (view), builds);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A zoom step draws at once, from the old cache scaled, and the cache at
 * the new zoom arrives from the background. */
START_TEST (test_zoom_draws_at_once)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbGame *game = wb_window_get_game (window);
  WbTerrainType *forest = wb_game_find_terrain (game, "forest");
  guint builds, map_frames;

  wb_map_view_set_zoom (view, 1.0);
  wait_until_settled (view);
  builds = wb_map_view_get_cache_builds (view);
  map_frames = wb_map_view_get_map_frame_count (view);

  /* The frame right after the zoom shows the map (scaled), without having
   * rendered it. */
  wb_map_view_zoom_in (view);
  snapshot_now (view);
  ck_assert_uint_eq (wb_map_view_get_map_frame_count (view), map_frames + 1);
  ck_assert (!wb_map_view_get_frame_complete (view));
  ck_assert (wb_map_view_get_rendering (view));
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds);

  /* Once the rebuild is in, frames are complete again, and show the map. */
  wait_until_settled (view);
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds + 1);
  {
    g_autoptr(GdkTexture) texture = render_widget (GTK_WIDGET (view));

    ck_assert_uint_gt (count_color (texture, forest->color), 100);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A rebuild for a zoom the view has already left is dropped, not shown. */
START_TEST (test_stale_rebuild_dropped)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  guint builds, stale;

  wb_map_view_set_zoom (view, 1.0);
  wait_until_settled (view);
  builds = wb_map_view_get_cache_builds (view);
  stale = wb_map_view_get_stale_builds (view);

  /* Two zoom steps, each drawn, with no chance for the first rebuild to
   * finish in between (the main loop does not run). */
  wb_map_view_zoom_in (view);
  snapshot_now (view);
  ck_assert (wb_map_view_get_rendering (view));
  wb_map_view_zoom_in (view);
  snapshot_now (view);

  wait_until_settled (view);
  ck_assert_uint_eq (wb_map_view_get_stale_builds (view), stale + 1);
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds + 1);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Zoomed out to the overview's scale or below, frames are blits of the
 * whole-map overview: no more view rebuilds, and complete at once. */
START_TEST (test_overview_when_zoomed_out)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  guint builds;

  wb_map_view_set_zoom (view, 1.0);
  wait_until_settled (view);
  /* The overview is prepared after the first complete frame. */
  builds = wb_map_view_get_cache_builds (view);

  wb_map_view_set_zoom (view, WB_MAP_VIEW_MIN_ZOOM);
  snapshot_now (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  ck_assert (!wb_map_view_get_rendering (view));
  /* The overview has the Wilderness map's 25-pt hexes 7 px wide: zoom
   * 7 / 50 = 0.14. Zooming at or below that stays a blit. */
  wb_map_view_set_zoom (view, WB_MAP_VIEW_MIN_ZOOM * 1.2);
  snapshot_now (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  wait_until_settled (view);
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_dirty_close_prompts)
{
  WbWindow *window = open_test_game ();
  AdwMessageDialog *dialog;

  wb_window_set_dirty (window, TRUE);
  ck_assert_ptr_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  gtk_window_close (GTK_WINDOW (window));
  ck_assert_msg (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS), "no unsaved-changes prompt");
  ck_assert (is_toplevel (GTK_WINDOW (window)));

  /* Cancel keeps the window and the changes. */
  dialog = find_dialog (GTK_WINDOW (window));
  ck_assert (adw_message_dialog_has_response (dialog, "save"));
  adw_message_dialog_response (dialog, "cancel");
  spin_for (100);
  ck_assert (is_toplevel (GTK_WINDOW (window)));
  ck_assert (wb_window_get_dirty (window));

  /* Discard closes it. */
  gtk_window_close (GTK_WINDOW (window));
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  adw_message_dialog_response (find_dialog (GTK_WINDOW (window)), "discard");
  ck_assert_msg (spin_until (window_gone, window, DRAW_TIMEOUT_MS),
                 "discarding did not close the window");
}
END_TEST

START_TEST (test_clean_close)
{
  WbWindow *window = open_test_game ();

  gtk_window_close (GTK_WINDOW (window));
  ck_assert (spin_until (window_gone, window, DRAW_TIMEOUT_MS));
}
END_TEST

START_TEST (test_game_changed_sets_dirty)
{
  WbWindow *window = open_test_game ();

  ck_assert (!wb_window_get_dirty (window));
  wb_game_changed (wb_window_get_game (window), "units");
  ck_assert (wb_window_get_dirty (window));

  wb_window_set_dirty (window, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_save_round_trip)
{
  WbWindow *window = open_test_game ();
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "copy.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WbWindow *copy;

  /* Point the window at a scratch file, then Save as the user would. */
  wb_window_set_game (window, wb_window_get_game (window), file);
  wb_window_set_dirty (window, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  ck_assert (!wb_window_get_dirty (window));
  ck_assert (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  copy = open_window (path);
  ck_assert_ptr_nonnull (wb_window_get_game (copy));
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (copy)),
                    wb_game_get_title (wb_window_get_game (window)));

  gtk_window_destroy (GTK_WINDOW (copy));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_drop_opens_file)
{
  g_autoptr(GFile) file = g_file_new_for_path (test_game);
  WbWindow *window = wb_window_new (NULL);
  GtkDropTarget *target;
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  target = find_drop_target (GTK_WIDGET (window));
  ck_assert_ptr_nonnull (target);

  /* What GTK hands the target when a file manager drops one file. */
  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  ck_assert (handled);

  ck_assert (wb_window_get_loading (window));
  ck_assert (spin_until (load_finished, window, LOAD_TIMEOUT_MS));
  ck_assert_ptr_nonnull (wb_window_get_game (window));
  ck_assert (g_file_equal (wb_window_get_file (window), file));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_sidebar_selects_scenario)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbScenario *scenario;
  WbMap *map;

  ck_assert_uint_gt (wb_game_get_scenarios (game)->len, 0);
  scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  map = wb_game_find_map (game, wb_scenario_get_map (scenario));

  ck_assert (wb_sidebar_select (wb_window_get_sidebar (window), map, NULL));
  ck_assert_ptr_eq (wb_map_view_get_map (view), map);
  ck_assert_ptr_null (wb_map_view_get_scenario (view));

  ck_assert (wb_sidebar_select (wb_window_get_sidebar (window), map, scenario));
  ck_assert_ptr_eq (wb_map_view_get_scenario (view), scenario);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_point_map_lookup)
{
  g_autofree char *path = g_build_filename (test_data, "minimal.warbench", NULL);
  WbWindow *window = open_window (path);
  WbGame *game = wb_window_get_game (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbMap *map = wb_game_find_map (game, "points");
  WbLocation *alpha;
  double wx, wy;
  g_autofree char *text = NULL;

  ck_assert (WB_IS_POINT_MAP (map));
  ck_assert (wb_sidebar_select (wb_window_get_sidebar (window), map, NULL));
  wait_for_draw (view);

  alpha = wb_point_map_find_location (WB_POINT_MAP (map), "a");
  wb_map_view_map_to_widget (view, alpha->x, alpha->y, &wx, &wy);
  text = wb_map_view_lookup (view, wx, wy, NULL);
  ck_assert_str_eq (text, "Alpha");

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static const struct {
  const char *name;
  const char *text;
} broken_files[] = {
  { "syntax", "{\"format\": \"warbench-game\", \"version\": 1, \"game\": {" },
  { "not-a-game", "{\"format\": \"something-else\", \"version\": 1}" },
  { "empty", "" },
};

START_TEST (test_broken_file_shows_error)
{
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *name = g_strdup_printf ("broken-%s.warbench", broken_files[_i].name);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  AdwMessageDialog *dialog;
  WbWindow *window;

  ck_assert (g_file_set_contents (path, broken_files[_i].text, -1, NULL));

  window = open_window (path);
  ck_assert_ptr_null (wb_window_get_game (window));
  ck_assert_msg (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS), "no error shown");
  dialog = find_dialog (GTK_WINDOW (window));
  /* The full message: it names the file (and where in it). */
  ck_assert_msg (strstr (adw_message_dialog_get_body (dialog), name) != NULL,
                 "the error “%s” does not name the file", adw_message_dialog_get_body (dialog));

  adw_message_dialog_response (dialog, "close");
  ck_assert (is_toplevel (GTK_WINDOW (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_missing_file_shows_error)
{
  WbWindow *window = open_window ("/nonexistent/warbench/missing.warbench");

  ck_assert_ptr_null (wb_window_get_game (window));
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_default_game_lookup)
{
  g_autofree char *games = g_path_get_dirname (test_game);
  g_autofree char *datadir = g_path_get_dirname (games);
  g_autoptr(GFile) expected = g_file_new_for_path (test_game);
  g_autoptr(GFile) found = NULL;

  g_setenv ("WARBENCH_DATADIR", datadir, TRUE);
  found = wb_application_find_default_game ();
  ck_assert_ptr_nonnull (found);
  ck_assert (g_file_equal (found, expected));
}
END_TEST

/* Editing. The map editor's tools are driven through their actions and the
 * map view's edit signals (what its drag gesture emits), and the model and
 * the window are checked. */

/* The map point at the centre of @hex. */

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui");
  TCase *tc;

  tc = tcase_create ("errors");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_loop_test (tc, test_broken_file_shows_error, 0, G_N_ELEMENTS (broken_files));
  tcase_add_test (tc, test_missing_file_shows_error);
  suite_add_tcase (s, tc);

  if (test_data != NULL)
    {
      tc = tcase_create ("point-map");
      tcase_add_checked_fixture (tc, setup_gtk, NULL);
      tcase_add_test (tc, test_point_map_lookup);
      suite_add_tcase (s, tc);
    }

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }

  tc = tcase_create ("window");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_window_shows_game);
  tcase_add_test (tc, test_game_changed_sets_dirty);
  tcase_add_test (tc, test_dirty_close_prompts);
  tcase_add_test (tc, test_clean_close);
  tcase_add_test (tc, test_save_round_trip);
  tcase_add_test (tc, test_default_game_lookup);
  tcase_add_test (tc, test_drop_opens_file);
  tcase_add_test (tc, test_sidebar_selects_scenario);
  suite_add_tcase (s, tc);

  tc = tcase_create ("map-view");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_canvas_draws_map);
  tcase_add_test (tc, test_zoom_actions);
  tcase_add_test (tc, test_zoom_about_point);
  tcase_add_test (tc, test_lookup);
  tcase_add_test (tc, test_cache_reused_while_panning);
  tcase_add_test (tc, test_zoom_draws_at_once);
  tcase_add_test (tc, test_stale_rebuild_dropped);
  tcase_add_test (tc, test_overview_when_zoomed_out);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
