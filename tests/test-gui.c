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

/* Widget tests: the main window and the map canvas, driven the way a user
 * would (actions, the close button) under Xvfb. GTK is initialised in each
 * test's (forked) process, never in main(): see docs in TESTING.md. */

#define LOAD_TIMEOUT_MS 15000
#define DRAW_TIMEOUT_MS 5000

static const char *test_game;   /* WARBENCH_TEST_GAME, or NULL */
static const char *test_data;   /* WARBENCH_TEST_DATA, or NULL */

/* Xvfb on the CI machines refuses about one connection in a hundred
 * (xcb sees EAGAIN from connect: a full listen backlog). Retry briefly
 * instead of failing a test at random; gtk_init () then uses this display. */
static gboolean
open_display_with_retries (void)
{
  for (int attempt = 0; attempt < 50; attempt++)
    {
      GdkDisplay *display = gdk_display_open (NULL);

      if (display != NULL)
        {
          gdk_display_manager_set_default_display (gdk_display_manager_get (), display);
          return TRUE;
        }
      g_usleep (20 * 1000);
    }
  return FALSE;
}

static void
setup_gtk (void)
{
  open_display_with_retries ();
  gtk_init ();
  adw_init ();
}

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until @cond holds or @timeout_ms passes. */
static gboolean
spin_until (Condition cond,
            gpointer  data,
            guint     timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  return TRUE;
}

static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static gboolean
load_finished (gpointer data)
{
  return !wb_window_get_loading (data);
}

typedef struct {
  WbMapView *view;
  guint      frames;
} FrameWait;

static gboolean
frame_moved (gpointer data)
{
  FrameWait *wait = data;

  return wb_map_view_get_frame_count (wait->view) > wait->frames;
}

static void
wait_for_draw (WbMapView *view)
{
  FrameWait wait = { view, wb_map_view_get_frame_count (view) };

  gtk_widget_queue_draw (GTK_WIDGET (view));
  ck_assert_msg (spin_until (frame_moved, &wait, DRAW_TIMEOUT_MS),
                 "the map view did not draw");
}

static gboolean
view_settled (gpointer data)
{
  WbMapView *view = data;

  if (wb_map_view_get_frame_complete (view) && !wb_map_view_get_rendering (view))
    return TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (view));
  return FALSE;
}

/* Waits until the background rebuilds are done and a frame showed the map
 * as it is at the current zoom. */
static void
wait_until_settled (WbMapView *view)
{
  wait_for_draw (view);
  ck_assert_msg (spin_until (view_settled, view, LOAD_TIMEOUT_MS),
                 "the map view never showed a complete frame");
  /* A queued draw drops the widget's render node: have one on screen. */
  wait_for_draw (view);
  ck_assert (wb_map_view_get_frame_complete (view));
}

/* Takes a snapshot of @view now, without the main loop: what the next frame
 * would draw. */
static void
snapshot_now (WbMapView *view)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (view)->snapshot (GTK_WIDGET (view), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_clear_pointer (&node, gsk_render_node_unref);
}

/* A presented window that has finished loading @path. */
static WbWindow *
open_window (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WbWindow *window = wb_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  wb_window_open (window, file);
  ck_assert (wb_window_get_loading (window));
  ck_assert_msg (spin_until (load_finished, window, LOAD_TIMEOUT_MS), "loading did not finish");
  return window;
}

/* The Wilderness game, shown and drawn at least once. */
static WbWindow *
open_test_game (void)
{
  WbWindow *window = open_window (test_game);
  WbMapView *view = wb_window_get_map_view (window);
  FrameWait wait = { view, 0 };

  ck_assert_msg (wb_window_get_game (window) != NULL, "the game did not load");
  ck_assert_msg (spin_until (frame_moved, &wait, DRAW_TIMEOUT_MS),
                 "the map view never drew");
  wait_until_settled (view);
  return window;
}

static gboolean
is_toplevel (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (item == window)
        return TRUE;
    }
  return FALSE;
}

static gboolean
window_gone (gpointer data)
{
  return !is_toplevel (data);
}

/* The message dialog shown over @window, if any. */
static AdwMessageDialog *
find_dialog (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) &&
          gtk_window_get_transient_for (item) == window &&
          gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog (data) != NULL;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;

  return FALSE;
}

/* The first drop target in @widget's tree. */
static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropTarget *target = find_drop_target (child);

      if (target != NULL)
        return target;
    }

  return NULL;
}

/* Renders @widget the way it appears on screen. */
static GdkTexture *
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert (node != NULL);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* How many pixels of @texture are within 2 of the colour @hex. */
static guint
count_color (GdkTexture *texture,
             const char *hex)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  double r, g, b;
  int want[3];
  guint count = 0;

  ck_assert (wb_color_parse (hex, &r, &g, &b));
  want[0] = (int) round (r * 255);
  want[1] = (int) round (g * 255);
  want[2] = (int) round (b * 255);

  /* CAIRO_FORMAT_ARGB32 in native byte order: B, G, R, A on little-endian. */
  gdk_texture_download (texture, data, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      guint32 px = ((guint32 *) data)[i];
      int pr = (px >> 16) & 0xff, pg = (px >> 8) & 0xff, pb = px & 0xff;

      if (((px >> 24) & 0xff) == 0xff &&
          ABS (pr - want[0]) <= 2 && ABS (pg - want[1]) <= 2 && ABS (pb - want[2]) <= 2)
        count++;
    }

  return count;
}

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
static void
hex_centre (WbHexMap *map,
            int       col,
            int       row,
            double   *x,
            double   *y)
{
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 (WbOffset) { col, row }, x, y);
}

/* A primary-button drag on the canvas from hex (c0, r0) to (c1, r1). */
static void
canvas_drag (WbMapView *view,
             int        c0,
             int        r0,
             int        c1,
             int        r1)
{
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  double x0, y0, x1, y1;

  ck_assert (wb_map_view_get_editing (view));
  hex_centre (map, c0, r0, &x0, &y0);
  hex_centre (map, c1, r1, &x1, &y1);
  g_signal_emit_by_name (view, "edit-begin", x0, y0);
  for (int i = 1; i <= 8; i++)
    g_signal_emit_by_name (view, "edit-update", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8);
  g_signal_emit_by_name (view, "edit-end", x1, y1);
}

static guint
count_hexes (WbHexMap   *map,
             const char *terrain)
{
  guint n = 0;

  for (int c = 0; c < wb_hex_map_get_cols (map); c++)
    for (int r = 0; r < wb_hex_map_get_rows (map); r++)
      n += g_strcmp0 (wb_hex_map_get_terrain (map, (WbOffset) { c, r }), terrain) == 0;
  return n;
}

/* The primary menu's first section: Undo and Redo. */
static GMenuModel *
find_edit_section (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return g_menu_model_get_item_link (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)),
                                       0, G_MENU_LINK_SECTION);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GMenuModel *section = find_edit_section (child);

      if (section != NULL)
        return section;
    }
  return NULL;
}

static char *
menu_label (GMenuModel *menu,
            int         item)
{
  char *label = NULL;

  ck_assert (g_menu_model_get_item_attribute (menu, item, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  return label;
}

START_TEST (test_undo_redo_actions)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autoptr(GMenuModel) section = find_edit_section (GTK_WIDGET (window));
  g_autofree char *before = wb_game_to_data (wb_window_get_game (window), NULL);
  g_autofree char *after = NULL;
  g_autofree char *label = NULL;
  guint rough;

  ck_assert_ptr_nonnull (stack);
  ck_assert_ptr_nonnull (section);
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  label = menu_label (section, 0);
  ck_assert_str_eq (label, "_Undo");
  g_clear_pointer (&label, g_free);

  /* The brush, with Rough, dragged down column 5 from row 2 to 6. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", "rough");
  rough = count_hexes (map, "rough");
  canvas_drag (view, 5, 2, 5, 6);
  for (int r = 2; r <= 6; r++)
    ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 5, r }), "rough");
  ck_assert_uint_gt (count_hexes (map, "rough"), rough);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert (wb_window_get_dirty (window));

  /* The menu and the button say what Undo would take back. */
  {
    g_autofree char *expected = g_strdup_printf ("_Undo %s", wb_undo_stack_get_undo_label (stack));

    label = menu_label (section, 0);
    ck_assert_str_eq (label, expected);
    ck_assert (g_str_has_prefix (label, "_Undo Paint "));
    ck_assert (g_str_has_suffix (label, " hexes Rough"));
    g_clear_pointer (&label, g_free);
  }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  after = wb_game_to_data (wb_window_get_game (window), NULL);
  ck_assert_str_eq (after, before);
  ck_assert (!wb_window_get_dirty (window));
  ck_assert_uint_eq (count_hexes (map, "rough"), rough);
  label = menu_label (section, 1);
  ck_assert (g_str_has_prefix (label, "_Redo Paint "));
  g_clear_pointer (&label, g_free);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 5, 4 }), "rough");
  ck_assert (wb_window_get_dirty (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (!wb_window_get_dirty (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Saving marks the stack clean: undoing past the save makes it dirty, and
 * coming back to it clean again. */
START_TEST (test_save_marks_clean)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "edited.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  wb_window_set_game (window, wb_window_get_game (window), file);
  stack = wb_window_get_undo_stack (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", "clear");
  canvas_drag (view, 1, 1, 1, 3);
  ck_assert (wb_window_get_dirty (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  ck_assert (!wb_window_get_dirty (window));
  ck_assert (wb_undo_stack_get_is_clean (stack));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (wb_window_get_dirty (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  ck_assert (!wb_window_get_dirty (window));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* The palette: a button per tool of the map, with an accessible name;
 * clicking one picks the tool and lets the canvas's drags edit; Select
 * shows what is under a click in the status bar. */
START_TEST (test_tool_palette)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbToolPalette *palette = WB_TOOL_PALETTE (wb_window_get_tool_palette (window));
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  const char *ids[] = { "select", "brush", "fill", "eyedropper", "hexside", "road" };
  GtkWidget *button;
  double x, y;

  ck_assert (gtk_widget_get_visible (GTK_WIDGET (palette)));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      button = wb_tool_palette_get_button (palette, ids[i]);
      ck_assert_ptr_nonnull (button);
      ck_assert (gtk_widget_get_visible (button));
      ck_assert_ptr_nonnull (gtk_widget_get_tooltip_text (button));
    }
  /* Point-map tools are hidden on a hex map. */
  ck_assert (!gtk_widget_get_visible (wb_tool_palette_get_button (palette, "move")));

  ck_assert (!wb_map_view_get_editing (view));
  ck_assert (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (wb_tool_palette_get_button (palette, "select"))));
  g_signal_emit_by_name (wb_tool_palette_get_button (palette, "fill"), "clicked");
  ck_assert_str_eq (wb_map_editor_get_tool (editor), "fill");
  ck_assert (wb_map_view_get_editing (view));
  ck_assert (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (wb_tool_palette_get_button (palette, "fill"))));
  ck_assert (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (wb_tool_palette_get_button (palette, "select"))));

  /* The eyedropper picks into the brush. */
  g_signal_emit_by_name (wb_tool_palette_get_button (palette, "eyedropper"), "clicked");
  hex_centre (map, 3, 3, &x, &y);
  g_signal_emit_by_name (view, "edit-begin", x, y);
  g_signal_emit_by_name (view, "edit-end", x, y);
  ck_assert_str_eq (wb_map_editor_get_terrain (editor),
                    wb_hex_map_get_terrain (map, (WbOffset) { 3, 3 }));
  ck_assert_str_eq (wb_map_editor_get_tool (editor), "brush");

  /* The single-key shortcuts: "g" is Flood Fill, "bracketright" a larger
   * brush. */
  {
    GtkWidget *area = gtk_widget_get_parent (GTK_WIDGET (palette));
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (area);
    gboolean found = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
          continue;
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
            g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

            if (g_str_equal (trigger, "g") || g_str_equal (trigger, "bracketright"))
              {
                ck_assert (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                         area, gtk_shortcut_get_arguments (shortcut)));
                found = TRUE;
              }
          }
      }
    ck_assert (found);
    ck_assert_str_eq (wb_map_editor_get_tool (editor), "fill");
    ck_assert_int_eq (wb_map_editor_get_brush_radius (editor), 1);
  }

  /* Select: a click reports the hex. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "select");
  ck_assert (!wb_map_view_get_editing (view));
  g_signal_emit_by_name (view, "point-clicked", x, y);
  ck_assert (g_str_has_prefix (wb_map_editor_get_status (editor), "Hex 0404: "));
  ck_assert (has_label (GTK_WIDGET (window), wb_map_editor_get_status (editor)));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* An edit shows in the very next frame: the view cache is patched where
 * the edit was, without a rebuild. */
START_TEST (test_edit_patches_cache)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbGame *game = wb_window_get_game (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbTerrainType *rough = wb_game_find_terrain (game, "rough");
  guint builds, patches, before;
  double x, y;

  wb_map_view_set_zoom (view, 1.0);
  hex_centre (map, 6, 8, &x, &y);
  wb_map_view_set_center (view, x, y);
  wait_until_settled (view);
  {
    g_autoptr(GdkTexture) texture = render_widget (GTK_WIDGET (view));

    before = count_color (texture, rough->color);
  }
  builds = wb_map_view_get_cache_builds (view);
  patches = wb_map_view_get_patches (view);

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", "rough");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.brush-radius", "i", 2);
  canvas_drag (view, 6, 8, 6, 8);
  ck_assert_uint_gt (wb_map_view_get_patches (view), patches);

  snapshot_now (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  wait_for_draw (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), builds);
  {
    g_autoptr(GdkTexture) texture = render_widget (GTK_WIDGET (view));

    /* 19 hexes of about 2,600 pixels each at 100%, less what was rough. */
    ck_assert_uint_gt (count_color (texture, rough->color), before + 10000);
  }

  /* Undo is drawn too (by a rebuild). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  wait_until_settled (view);
  {
    g_autoptr(GdkTexture) texture = render_widget (GTK_WIDGET (view));

    ck_assert_uint_le (count_color (texture, rough->color), before + 200);
  }

  /* Zoomed out, frames are the overview: it is patched too. */
  wb_map_view_set_zoom (view, WB_MAP_VIEW_MIN_ZOOM);
  wait_until_settled (view);
  patches = wb_map_view_get_patches (view);
  /* A change made outside an edit bracket (redo) spoils the overview: an
   * edit right after it, before a rebuild, must not patch it as current. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  canvas_drag (view, 2, 2, 2, 2);
  ck_assert_uint_eq (wb_map_view_get_patches (view), patches);
  wait_until_settled (view);
  canvas_drag (view, 9, 2, 9, 2);
  ck_assert_uint_gt (wb_map_view_get_patches (view), patches);
  snapshot_now (view);
  ck_assert (wb_map_view_get_frame_complete (view));
  ck_assert (!wb_map_view_get_rendering (view));

  wb_window_set_dirty (window, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Editing while a background rebuild reads the model: the edit waits for
 * the render thread (the game's lock), nothing crashes (run it under ASan
 * too), and the view ends up showing the edited map. */
START_TEST (test_edit_during_rebuild)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  const char *terrain[] = { "rough", "forest", "clear" };

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  for (int round = 0; round < 6; round++)
    {
      /* A new zoom starts a rebuild; paint while it runs. */
      if (round % 2 == 0)
        wb_map_view_zoom_in (view);
      else
        wb_map_view_zoom_out (view);
      snapshot_now (view);
      ck_assert (wb_map_view_get_rendering (view));

      gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", terrain[round % 3]);
      canvas_drag (view, round, 0, round, wb_hex_map_get_rows (map) - 1);
      ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { round, 5 }), terrain[round % 3]);
      spin_for (5);
    }
  wait_until_settled (view);
  ck_assert_uint_ge (wb_undo_stack_get_n_undo (stack), 5);

  while (wb_undo_stack_get_can_undo (stack))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      snapshot_now (view);
    }
  wait_until_settled (view);
  ck_assert (!wb_window_get_dirty (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The shortcuts window (with the map-editing group) builds. */
START_TEST (test_shortcuts_window_builds)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  ck_assert (GTK_IS_SHORTCUTS_WINDOW (window));
  gtk_window_destroy (window);
}
END_TEST

/* On a point-to-point map the palette offers Select, Move and Connect, and
 * a Move drag on the canvas moves the location: one undo step. */
START_TEST (test_point_map_editing)
{
  g_autofree char *path = g_build_filename (test_data, "minimal.warbench", NULL);
  WbWindow *window = open_window (path);
  WbGame *game = wb_window_get_game (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbToolPalette *palette = WB_TOOL_PALETTE (wb_window_get_tool_palette (window));
  WbMap *map = wb_game_find_map (game, "points");
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbLocation *beta;

  ck_assert (wb_sidebar_select (wb_window_get_sidebar (window), map, NULL));
  wait_for_draw (view);
  ck_assert (gtk_widget_get_visible (wb_tool_palette_get_button (palette, "move")));
  ck_assert (gtk_widget_get_visible (wb_tool_palette_get_button (palette, "connect")));
  ck_assert (gtk_widget_get_visible (wb_tool_palette_get_button (palette, "disconnect")));
  ck_assert (!gtk_widget_get_visible (wb_tool_palette_get_button (palette, "brush")));
  ck_assert_str_eq (wb_map_editor_get_connection_class (editor), "pike");

  /* Connect Beta to Alpha: refused, they are connected already; the line
   * being dragged out shows and goes. */
  g_signal_emit_by_name (wb_tool_palette_get_button (palette, "connect"), "clicked");
  ck_assert (wb_map_view_get_editing (view));
  g_signal_emit_by_name (view, "edit-begin", 400.0, 300.0);
  g_signal_emit_by_name (view, "edit-update", 200.0, 200.0);
  g_signal_emit_by_name (view, "edit-end", 101.0, 99.0);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 0);
  ck_assert_uint_eq (wb_point_map_get_connections (WB_POINT_MAP (map))->len, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "move");
  beta = wb_point_map_find_location (WB_POINT_MAP (map), "b");
  g_signal_emit_by_name (view, "edit-begin", 400.0, 300.0);
  g_signal_emit_by_name (view, "edit-update", 450.0, 320.0);
  g_signal_emit_by_name (view, "edit-end", 500.0, 350.0);
  ck_assert (beta->x == 500 && beta->y == 350);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert (wb_window_get_dirty (window));
  wait_for_draw (view);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (beta->x == 400 && beta->y == 300);
  ck_assert (!wb_window_get_dirty (window));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Drafts and crash recovery. The autosave interval is cut to a second;
 * the drafts folder is under the temporary XDG_DATA_HOME that all the
 * tests share, so each test starts and ends with it empty. */

#define AUTOSAVE_TIMEOUT_MS 5000

static void
clear_drafts (void)
{
  g_autofree char *path = wb_drafts_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_unlink (file);
    }
}

static guint
count_drafts (void)
{
  g_autoptr(GPtrArray) drafts = wb_drafts_list ();

  return drafts->len;
}

static gboolean
draft_written (gpointer data)
{
  return wb_drafts_exists (data);
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  ck_assert_msg (g_file_get_contents (path, &text, NULL, NULL), "cannot read %s", path);
  return text;
}

/* The helper on its own: ids, write, list, delete. */
START_TEST (test_drafts_helper)
{
  g_autoptr(GFile) a = g_file_new_for_path ("/tmp/a.warbench");
  g_autoptr(GFile) a2 = g_file_new_for_path ("/tmp/a.warbench");
  g_autoptr(GFile) b = g_file_new_for_path ("/tmp/b.warbench");
  g_autofree char *id_a = wb_drafts_id_for_file (a);
  g_autofree char *id_a2 = wb_drafts_id_for_file (a2);
  g_autofree char *id_b = wb_drafts_id_for_file (b);
  g_autofree char *id_new = wb_drafts_id_for_file (NULL);
  g_autofree char *id_new2 = wb_drafts_id_for_file (NULL);
  g_autoptr(GFile) game_file = g_file_new_for_path (test_game);
  g_autoptr(WbGame) game = wb_game_load (game_file, NULL, NULL);
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_file_get_uri (a);
  WbDraftInfo *info = NULL;

  clear_drafts ();
  ck_assert_str_eq (id_a, id_a2);
  ck_assert_str_ne (id_a, id_b);
  ck_assert_str_ne (id_new, id_new2);
  ck_assert_ptr_nonnull (game);

  ck_assert_msg (wb_drafts_write (id_a, game, a, &error), "%s", error ? error->message : "");
  ck_assert_msg (wb_drafts_write (id_new, game, NULL, &error), "%s", error ? error->message : "");
  ck_assert (wb_drafts_exists (id_a));
  ck_assert (!wb_drafts_exists (id_b));
  /* Never the user's file. */
  ck_assert (!g_file_query_exists (a, NULL));

  drafts = wb_drafts_list ();
  ck_assert_uint_eq (drafts->len, 2);
  for (guint i = 0; i < drafts->len; i++)
    if (g_str_equal (((WbDraftInfo *) g_ptr_array_index (drafts, i))->id, id_a))
      info = g_ptr_array_index (drafts, i);
  ck_assert_ptr_nonnull (info);
  ck_assert_str_eq (info->uri, uri);
  ck_assert_str_eq (info->title, wb_game_get_title (game));
  ck_assert_ptr_nonnull (info->time);
  for (guint i = 0; i < drafts->len; i++)
    if (g_str_equal (((WbDraftInfo *) g_ptr_array_index (drafts, i))->id, id_new))
      ck_assert_ptr_null (((WbDraftInfo *) g_ptr_array_index (drafts, i))->uri);

  wb_drafts_delete (id_a);
  wb_drafts_delete (id_new);
  wb_drafts_delete (id_b);  /* no draft: not an error */
  ck_assert_uint_eq (count_drafts (), 0);
}
END_TEST

/* An edit makes a draft within the interval, of the edited game and not
 * over the user's file; saving removes it, as does undoing back to the
 * saved state. */
START_TEST (test_autosave_draft)
{
  WbWindow *window;
  WbMapView *view;
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "drafted.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *id = NULL;
  g_autofree char *draft_path = NULL;
  g_autofree char *draft_data = NULL;
  g_autofree char *game_data = NULL;
  g_autoptr(WbGame) draft = NULL;
  g_autoptr(GError) error = NULL;

  g_setenv ("WARBENCH_AUTOSAVE_SECONDS", "1", TRUE);
  clear_drafts ();
  window = open_test_game ();
  view = wb_window_get_map_view (window);
  wb_window_set_game (window, wb_window_get_game (window), file);
  id = g_strdup (wb_window_get_draft_id (window));
  ck_assert_ptr_nonnull (id);
  draft_path = wb_drafts_get_path (id);

  /* Clean: nothing is written. */
  spin_for (1500);
  ck_assert (!wb_drafts_exists (id));

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", "clear");
  canvas_drag (view, 1, 1, 1, 3);
  ck_assert (wb_window_get_dirty (window));
  ck_assert_msg (spin_until (draft_written, id, AUTOSAVE_TIMEOUT_MS), "no draft was written");
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));

  {
    g_autoptr(GFile) draft_file = g_file_new_for_path (draft_path);

    draft = wb_game_load (draft_file, NULL, &error);
    ck_assert_msg (draft != NULL, "the draft does not load: %s", error->message);
  }
  draft_data = wb_game_to_data (draft, NULL);
  game_data = wb_game_to_data (wb_window_get_game (window), NULL);
  ck_assert_msg (g_str_equal (draft_data, game_data), "the draft is not the edited game");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  ck_assert (!wb_window_get_dirty (window));
  ck_assert (!wb_drafts_exists (id));
  ck_assert (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  ck_assert_uint_eq (count_drafts (), 0);

  /* Dirty again, then clean again through Undo/Redo: the draft goes. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (wb_window_get_dirty (window));
  ck_assert (spin_until (draft_written, id, AUTOSAVE_TIMEOUT_MS));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  ck_assert (!wb_window_get_dirty (window));
  ck_assert (!wb_drafts_exists (id));
  spin_for (1500);
  ck_assert (!wb_drafts_exists (id));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
  clear_drafts ();
  /* For CK_FORK=no runs. */
  g_unsetenv ("WARBENCH_AUTOSAVE_SECONDS");
}
END_TEST

/* A message dialog over the first game window whose heading starts
 * "Could Not Recover". The recovery dialog may still be on screen while it
 * goes. */
static gboolean
recover_error_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) &&
          gtk_window_get_transient_for (item) == data &&
          gtk_widget_get_visible (GTK_WIDGET (item)) &&
          g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (item)),
                            "Could Not Recover"))
        {
          g_object_set_data (data, "test-error-dialog", item);
          return TRUE;
        }
    }
  return FALSE;
}

/* What a crash leaves: a draft of the test game, retitled, for the user's
 * file @path (a copy of the test game). Returns the draft's id. */
static char *
leave_draft (const char *path,
             const char *title)
{
  g_autoptr(GFile) game_file = g_file_new_for_path (test_game);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WbGame) game = wb_game_load (game_file, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *original = read_text (test_game);
  char *id;

  ck_assert_ptr_nonnull (game);
  ck_assert (g_file_set_contents (path, original, -1, NULL));
  wb_game_set_title (game, title);
  id = wb_drafts_id_for_file (file);
  ck_assert_msg (wb_drafts_write (id, game, file, &error), "%s", error ? error->message : "");
  return id;
}

/* A registered application, activated as at start-up: its window. */
static WbWindow *
activate_app (WbApplication **app)
{
  g_autoptr(GError) error = NULL;
  GList *windows;

  *app = wb_application_new ();
  g_application_set_flags (G_APPLICATION (*app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert_msg (g_application_register (G_APPLICATION (*app), NULL, &error),
                 "%s", error ? error->message : "");
  g_application_activate (G_APPLICATION (*app));
  windows = gtk_application_get_windows (GTK_APPLICATION (*app));
  ck_assert_ptr_nonnull (windows);
  ck_assert (WB_IS_WINDOW (windows->data));
  return windows->data;
}

static void
quit_app (WbApplication *app)
{
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_object_unref (app);
}

static gboolean
window_has_game (gpointer data)
{
  return wb_window_get_game (data) != NULL && !wb_window_get_loading (data);
}

/* A draft left behind is offered at start-up; Restore shows it as unsaved
 * changes to the user's file, and Save writes that file. */
START_TEST (test_recover_restore)
{
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "crashed.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *id = NULL;
  g_autofree char *saved = NULL;
  WbApplication *app;
  WbWindow *window;
  AdwMessageDialog *dialog;

  clear_drafts ();
  id = leave_draft (path, "Recovered Wilderness");
  window = activate_app (&app);

  ck_assert_msg (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS), "no recovery offered");
  dialog = find_dialog (GTK_WINDOW (window));
  ck_assert_str_eq (adw_message_dialog_get_heading (dialog), "Recover Unsaved Changes?");
  ck_assert_msg (strstr (adw_message_dialog_get_body (dialog), "Recovered Wilderness") != NULL,
                 "the dialog “%s” does not name the game", adw_message_dialog_get_body (dialog));
  ck_assert (adw_message_dialog_has_response (dialog, "restore"));
  ck_assert (adw_message_dialog_has_response (dialog, "discard"));
  /* The start game waits for the answer. */
  ck_assert_ptr_null (wb_window_get_game (window));
  if (g_getenv ("WARBENCH_TEST_PAUSE") != NULL)
    spin_for (atoi (g_getenv ("WARBENCH_TEST_PAUSE")));

  adw_message_dialog_response (dialog, "restore");
  ck_assert_ptr_nonnull (wb_window_get_game (window));
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (window)), "Recovered Wilderness");
  ck_assert (wb_window_get_dirty (window));
  ck_assert (g_file_equal (wb_window_get_file (window), file));
  ck_assert_str_eq (wb_window_get_draft_id (window), id);
  /* The start game does not replace it. */
  spin_for (300);
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (window)), "Recovered Wilderness");
  ck_assert_uint_eq (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  ck_assert (!wb_window_get_dirty (window));
  saved = read_text (path);
  ck_assert (strstr (saved, "Recovered Wilderness") != NULL);
  ck_assert (!wb_drafts_exists (id));

  quit_app (app);
  g_unlink (path);
  g_rmdir (dir);
  clear_drafts ();
}
END_TEST

/* Restored changes stay unsaved even after undoing back to the start. */
START_TEST (test_recover_undo_stays_dirty)
{
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "crashed.warbench", NULL);
  g_autofree char *id = NULL;
  WbApplication *app;
  WbWindow *window;

  clear_drafts ();
  id = leave_draft (path, "Recovered Wilderness");
  window = activate_app (&app);
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  adw_message_dialog_response (find_dialog (GTK_WINDOW (window)), "restore");
  ck_assert (wb_window_get_dirty (window));

  wait_until_settled (wb_window_get_map_view (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "brush");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.terrain", "s", "clear");
  canvas_drag (wb_window_get_map_view (window), 1, 1, 1, 3);
  ck_assert (wb_undo_stack_get_can_undo (wb_window_get_undo_stack (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (wb_undo_stack_get_is_clean (wb_window_get_undo_stack (window)));
  ck_assert (wb_window_get_dirty (window));
  ck_assert (wb_drafts_exists (id));

  quit_app (app);
  g_unlink (path);
  g_rmdir (dir);
  clear_drafts ();
}
END_TEST

/* Discard deletes the draft, and the start game opens. */
START_TEST (test_recover_discard)
{
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "crashed.warbench", NULL);
  g_autofree char *id = NULL;
  g_autofree char *original = read_text (test_game);
  g_autofree char *kept = NULL;
  WbApplication *app;
  WbWindow *window;

  clear_drafts ();
  id = leave_draft (path, "Recovered Wilderness");
  window = activate_app (&app);
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  adw_message_dialog_response (find_dialog (GTK_WINDOW (window)), "discard");

  ck_assert (!wb_drafts_exists (id));
  ck_assert_uint_eq (count_drafts (), 0);
  ck_assert_msg (spin_until (window_has_game, window, LOAD_TIMEOUT_MS), "the start game did not open");
  ck_assert (!wb_window_get_dirty (window));
  /* The user's file is as it was. */
  kept = read_text (path);
  ck_assert_str_eq (kept, original);

  quit_app (app);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* A draft that does not load is reported with the loader's message and
 * kept on disk. */
START_TEST (test_recover_corrupt_draft)
{
  g_autofree char *dir = g_dir_make_tmp ("warbench-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "crashed.warbench", NULL);
  g_autofree char *id = NULL;
  g_autofree char *draft_path = NULL;
  g_autofree char *draft_name = NULL;
  WbApplication *app;
  WbWindow *window;
  AdwMessageDialog *dialog;

  clear_drafts ();
  id = leave_draft (path, "Recovered Wilderness");
  draft_path = wb_drafts_get_path (id);
  draft_name = g_path_get_basename (draft_path);
  ck_assert (g_file_set_contents (draft_path, "{ \"format\": \"warbench-game\", ", -1, NULL));

  window = activate_app (&app);
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  dialog = find_dialog (GTK_WINDOW (window));
  adw_message_dialog_response (dialog, "restore");

  ck_assert_msg (spin_until (recover_error_shown, window, DRAW_TIMEOUT_MS),
                 "the failure was not reported");
  dialog = g_object_get_data (G_OBJECT (window), "test-error-dialog");
  ck_assert_str_eq (adw_message_dialog_get_heading (dialog),
                    "Could Not Recover “Recovered Wilderness”");
  ck_assert_msg (strstr (adw_message_dialog_get_body (dialog), draft_name) != NULL,
                 "the message “%s” does not name the draft", adw_message_dialog_get_body (dialog));
  ck_assert_ptr_null (wb_window_get_game (window));
  ck_assert (wb_drafts_exists (id));

  adw_message_dialog_response (dialog, "close");
  ck_assert (wb_drafts_exists (id));
  ck_assert_msg (spin_until (window_has_game, window, LOAD_TIMEOUT_MS), "the start game did not open");

  quit_app (app);
  g_unlink (path);
  g_rmdir (dir);
  clear_drafts ();
}
END_TEST

/* New Game: the dialog the app.new-game action opens (NULL if none). */
static WbNewGameDialog *
find_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (WB_IS_NEW_GAME_DIALOG (item))
        return WB_NEW_GAME_DIALOG (item);
    }
  return NULL;
}

static gpointer
dialog_child (WbNewGameDialog *dialog,
              const char      *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (dialog), WB_TYPE_NEW_GAME_DIALOG, name);

  ck_assert_msg (child != NULL, "no %s in the dialog", name);
  return child;
}

static void
set_spin (WbNewGameDialog *dialog,
          const char      *name,
          double           value)
{
  gtk_spin_button_set_value (dialog_child (dialog, name), value);
}

static WbNewGameDialog *
open_new_game_dialog (WbApplication *app)
{
  WbNewGameDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  dialog = find_new_game_dialog ();
  ck_assert_msg (dialog != NULL, "app.new-game showed no dialog");
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  return dialog;
}

static gboolean
dialog_closed (gpointer data)
{
  return find_new_game_dialog () == NULL;
}

/* The window showing a game whose title is @title, or NULL. */
static WbWindow *
find_window_with_title (WbApplication *app,
                        const char    *title)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (WB_IS_WINDOW (l->data) && wb_window_get_game (l->data) != NULL &&
        g_strcmp0 (wb_game_get_title (wb_window_get_game (l->data)), title) == 0)
      return l->data;
  return NULL;
}

static WbApplication *
register_app (void)
{
  g_autoptr(GError) error = NULL;
  WbApplication *app = wb_application_new ();

  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert_msg (g_application_register (G_APPLICATION (app), NULL, &error),
                 "%s", error ? error->message : "");
  return app;
}

/* New Game with a hex map goes into the empty window; numbers that do not
 * fit the digits disable Create and say why. A point map then opens in a
 * new window, since the first one has a game. */
START_TEST (test_new_game_dialog)
{
  WbApplication *app = register_app ();
  WbNewGameDialog *dialog = open_new_game_dialog (app);
  GtkWidget *create = dialog_child (dialog, "create_button");
  GtkLabel *status = dialog_child (dialog, "status_label");
  WbWindow *window;
  WbGame *game;
  WbHexMap *hex;
  WbHexLayout layout;
  WbMap *points;
  int first_col, first_row, digits;
  double width, height;
  char buf[16];

  /* The action made a window for the dialog to sit on. */
  ck_assert_uint_eq (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), 1);
  ck_assert (gtk_widget_get_sensitive (create));
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (status)));

  gtk_editable_set_text (dialog_child (dialog, "title_row"), "  Test Hexes ");
  adw_combo_row_set_selected (dialog_child (dialog, "kind_row"), 0);
  set_spin (dialog, "cols_spin", 150);
  set_spin (dialog, "rows_spin", 40);
  adw_combo_row_set_selected (dialog_child (dialog, "orientation_row"), 1);
  adw_combo_row_set_selected (dialog_child (dialog, "parity_row"), 1);
  set_spin (dialog, "first_col_spin", 0);
  set_spin (dialog, "first_row_spin", 5);
  set_spin (dialog, "digits_spin", 2);
  set_spin (dialog, "hex_size_spin", 24);
  spin_for (50);

  /* Column 149 needs three digits. */
  ck_assert (!gtk_widget_get_sensitive (create));
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (status)));
  ck_assert_ptr_nonnull (strstr (gtk_label_get_text (status), "149"));
  ck_assert_ptr_null (wb_new_game_dialog_build_game (dialog, NULL));
  gtk_widget_activate (create);
  spin_for (50);
  ck_assert_ptr_eq (find_new_game_dialog (), dialog);

  set_spin (dialog, "digits_spin", 3);
  spin_for (50);
  ck_assert (gtk_widget_get_sensitive (create));
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (status)));
  gtk_widget_activate (create);
  ck_assert_msg (spin_until (dialog_closed, NULL, LOAD_TIMEOUT_MS), "Create did not close the dialog");

  ck_assert_uint_eq (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), 1);
  window = find_window_with_title (app, "Test Hexes");
  ck_assert_msg (window != NULL, "no window shows the new game");
  game = wb_window_get_game (window);
  ck_assert_ptr_null (wb_window_get_file (window));
  hex = WB_HEX_MAP (wb_game_find_map (game, "map"));
  ck_assert_int_eq (wb_hex_map_get_cols (hex), 150);
  ck_assert_int_eq (wb_hex_map_get_rows (hex), 40);
  layout = wb_hex_map_get_layout (hex);
  ck_assert_int_eq (layout.orientation, WB_HEX_POINTY);
  ck_assert_int_eq (layout.parity, WB_HEX_EVEN);
  ck_assert_double_eq (wb_hex_map_get_hex_size (hex), 24);
  wb_hex_map_get_numbering (hex, &first_col, &first_row, &digits);
  ck_assert_int_eq (first_col, 0);
  ck_assert_int_eq (first_row, 5);
  ck_assert_int_eq (digits, 3);
  wb_hex_map_format_hex (hex, (WbOffset) { 0, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "000005");
  ck_assert_str_eq (wb_hex_map_get_terrain (hex, (WbOffset) { 149, 39 }), "clear");

  /* A point map, into a new window. */
  dialog = open_new_game_dialog (app);
  create = dialog_child (dialog, "create_button");
  gtk_editable_set_text (dialog_child (dialog, "title_row"), "Test Points");
  adw_combo_row_set_selected (dialog_child (dialog, "kind_row"), 1);
  spin_for (50);
  ck_assert (!gtk_widget_get_visible (dialog_child (dialog, "hex_group")));
  ck_assert (gtk_widget_get_visible (dialog_child (dialog, "point_group")));
  /* Hex numbering does not matter to a point map. */
  set_spin (dialog, "cols_spin", 1000);
  set_spin (dialog, "digits_spin", 2);
  set_spin (dialog, "width_spin", 640);
  set_spin (dialog, "height_spin", 480);
  spin_for (50);
  ck_assert (gtk_widget_get_sensitive (create));
  gtk_widget_activate (create);
  ck_assert_msg (spin_until (dialog_closed, NULL, LOAD_TIMEOUT_MS), "Create did not close the dialog");

  ck_assert_uint_eq (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), 2);
  ck_assert_ptr_eq (find_window_with_title (app, "Test Hexes"), window);
  window = find_window_with_title (app, "Test Points");
  ck_assert_msg (window != NULL, "no window shows the new point game");
  points = wb_game_find_map (wb_window_get_game (window), "map");
  ck_assert (WB_IS_POINT_MAP (points));
  wb_map_get_extent (points, &width, &height);
  ck_assert_double_eq (width, 640);
  ck_assert_double_eq (height, 480);
  ck_assert_uint_eq (wb_point_map_get_locations (WB_POINT_MAP (points))->len, 0);

  /* Cancel closes without a game. */
  dialog = open_new_game_dialog (app);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  ck_assert (spin_until (dialog_closed, NULL, LOAD_TIMEOUT_MS));
  ck_assert_uint_eq (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), 2);

  quit_app (app);
  clear_drafts ();
}
END_TEST

static Suite *
gui_suite (void)
{
  Suite *s = suite_create ("gui");
  TCase *tc;

  tc = tcase_create ("errors");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_loop_test (tc, test_broken_file_shows_error, 0, G_N_ELEMENTS (broken_files));
  tcase_add_test (tc, test_missing_file_shows_error);
  tcase_add_test (tc, test_shortcuts_window_builds);
  tcase_add_test (tc, test_new_game_dialog);
  suite_add_tcase (s, tc);

  if (test_data != NULL)
    {
      tc = tcase_create ("point-map");
      tcase_add_checked_fixture (tc, setup_gtk, NULL);
      tcase_add_test (tc, test_point_map_lookup);
      tcase_add_test (tc, test_point_map_editing);
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

  tc = tcase_create ("drafts");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_drafts_helper);
  tcase_add_test (tc, test_autosave_draft);
  tcase_add_test (tc, test_recover_restore);
  tcase_add_test (tc, test_recover_undo_stays_dirty);
  tcase_add_test (tc, test_recover_discard);
  tcase_add_test (tc, test_recover_corrupt_draft);
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

  tc = tcase_create ("editor");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_undo_redo_actions);
  tcase_add_test (tc, test_save_marks_clean);
  tcase_add_test (tc, test_tool_palette);
  tcase_add_test (tc, test_edit_patches_cache);
  tcase_add_test (tc, test_edit_during_rebuild);
  suite_add_tcase (s, tc);

  return s;
}

/* Whether GTK can open a display, asked in a child so that this process
 * stays free of GTK for check's forks. */
static gboolean
have_display (void)
{
  pid_t pid;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    return FALSE;

  pid = fork ();
  if (pid < 0)
    return FALSE;
  if (pid == 0)
    _exit (open_display_with_retries () && gtk_init_check () ? 0 : 1);

  return waitpid (pid, &status, 0) == pid && WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

int
main (void)
{
  g_autofree char *data_home = NULL;
  SRunner *runner;
  int failed;

  if (!have_display ())
    {
      fprintf (stderr, "No display: skipping the GUI tests\n");
      return 77;
    }

  /* libadwaita would start xdg-desktop-portal on the test bus only to ask
   * for the colour scheme; its warnings drown the test log. */
  g_setenv ("ADW_DISABLE_PORTAL", "1", FALSE);

  /* Keep recent-files and other user data out of the real home. */
  data_home = g_dir_make_tmp ("warbench-gui-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  test_data = g_getenv ("WARBENCH_TEST_DATA");
  test_game = g_getenv ("WARBENCH_TEST_GAME");
  if (test_game != NULL && !g_file_test (test_game, G_FILE_TEST_IS_REGULAR))
    test_game = NULL;

  runner = srunner_create (gui_suite ());
  srunner_run_all (runner, CK_ENV);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);

  /* The forked tests may have left GtkRecentManager's list here. */
  {
    g_autofree char *recent = g_build_filename (data_home, "recently-used.xbel", NULL);

    g_unlink (recent);
    g_rmdir (data_home);
  }

  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
