/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-layout"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-application.h"
#include "wb-inspector.h"
#include "wb-legend-editor.h"
#include "wb-play-dialog.h"
#include "wb-sidebar.h"
#include "wb-table-editor.h"
#include "wb-window.h"
#include "wb-window-scenario.h"

#include "gui-common.h"

/* The window's adaptive layout and its menus (issue 20, items 2 and 3).
 *
 * - At 800 × 600, 1280 × 800 and 1920 × 1080, light and dark, the window
 *   gets the size asked (nothing in it needs more: the content's minimum
 *   width is measured), the map shows whole and large, the sidebar folds
 *   at 800 and stands beside the map at 1280 and 1920; the scenario pane
 *   opens and closes with the map fitted again each time.
 * - A folded sidebar opens over the map and makes way when a row is
 *   chosen, without changing what the designer chose for wide windows.
 * - The panes' open or closed state outlives the window (GSettings).
 * - Every keyboard shortcut is in the shortcuts window, every menu item's
 *   shortcut is a real one, and every window and application action is
 *   in a menu or on a key.
 * - The dialogs fit a 768-px-high screen; the New Playtest dialog's
 *   drop-downs say their choice in full; Escape closes the Map Legend.
 *
 * With WARBENCH_SHOT_DIR set, it saves layout-WxH-SCHEME.png (the map
 * with the scenario pane open), layout-WxH-SCHEME-table.png (the CRT),
 * layout-WxH-SCHEME-play.png (play mode), layout-800x600-light-sidebar.png
 * (the folded sidebar shown over the map), shortcuts.png and
 * play-dialog.png. The test runs under its own 1920 × 1080 screen
 * (tests/meson.build). */

typedef struct
{
  int         width, height;
  gboolean    dark;
} Size;

static const Size sizes[] = {
  { 800, 600, FALSE }, { 800, 600, TRUE },
  { 1280, 800, FALSE }, { 1280, 800, TRUE },
  { 1920, 1080, FALSE }, { 1920, 1080, TRUE },
};

/* --- helpers ----------------------------------------------------------------- */

static gboolean
surface_has_size (gpointer data)
{
  GtkWidget *window = data;
  const Size *size = g_object_get_data (G_OBJECT (window), "wb-size");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL && gdk_surface_get_width (surface) == size->width &&
         gdk_surface_get_height (surface) == size->height;
}

/* A window of @size showing the test game, settled. */
static WbWindow *
window_of_size (const Size *size)
{
  g_autoptr(GFile) file = g_file_new_for_path (test_game);
  WbWindow *window = wb_window_new (NULL);
  GdkDisplay *display = gdk_display_get_default ();
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle geometry;

  gdk_monitor_get_geometry (monitor, &geometry);
  g_object_unref (monitor);
  ck_assert_msg (geometry.width >= size->width && geometry.height >= size->height,
                 "the screen (%d × %d) is smaller than %d × %d: run under xvfb-run -s '-screen 0 1920x1080x24'",
                 geometry.width, geometry.height, size->width, size->height);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      size->dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_object_set_data (G_OBJECT (window), "wb-size", (gpointer) size);
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  wb_window_open (window, file);
  ck_assert_msg (spin_until (load_finished, window, LOAD_TIMEOUT_MS), "loading did not finish");
  ck_assert_ptr_nonnull (wb_window_get_game (window));
  spin_for (400);   /* the flaps' animations, the map's fit after them */
  wait_until_settled (wb_window_get_map_view (window));
  return window;
}

static GtkWidget *
content_of (WbWindow *window)
{
  return adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
}

static int
min_width (GtkWidget *widget)
{
  int min = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static GtkWidget *
ancestor_flap (GtkWidget *widget)
{
  return gtk_widget_get_ancestor (widget, ADW_TYPE_FLAP);
}

/* The whole map lies inside the view (it is fitted), and fills it in one
 * direction (it is not left small). */
static void
assert_map_fitted (WbMapView *view,
                   const char *when)
{
  WbMap *map = wb_map_view_get_map (view);
  double width = gtk_widget_get_width (GTK_WIDGET (view));
  double height = gtk_widget_get_height (GTK_WIDGET (view));
  double ew = 0, eh = 0, x0, y0, x1, y1;

  wb_map_get_extent (map, &ew, &eh);
  ck_assert_msg (ew > 0 && eh > 0, "%s: no map extent", when);
  wb_map_view_map_to_widget (view, 0, 0, &x0, &y0);
  wb_map_view_map_to_widget (view, ew, eh, &x1, &y1);
  ck_assert_msg (x0 >= -1 && y0 >= -1 && x1 <= width + 1 && y1 <= height + 1,
                 "%s: the map (%.0f,%.0f)–(%.0f,%.0f) is not all in the %.0f × %.0f view", when, x0, y0,
                 x1, y1, width, height);
  /* Fitted with the view's margin (FIT_PADDING, 24 px) on each side. */
  ck_assert_msg (x1 - x0 >= width - 50 || y1 - y0 >= height - 50,
                 "%s: the fitted map (%.0f × %.0f) leaves the %.0f × %.0f view mostly empty", when,
                 x1 - x0, y1 - y0, width, height);
}

/* The mean brightness (0–255) of a band at the top of @widget's picture. */
static double
top_brightness (GtkWidget *widget)
{
  g_autoptr(GdkTexture) texture = render_widget (widget);
  int width = gdk_texture_get_width (texture);
  int rows = 8;
  g_autofree guchar *data = g_malloc ((gsize) width * gdk_texture_get_height (texture) * 4);
  double sum = 0;

  gdk_texture_download (texture, data, (gsize) width * 4);
  for (int i = 0; i < width * rows; i++)
    {
      guint32 px = ((guint32 *) data)[i];

      sum += (((px >> 16) & 0xff) + ((px >> 8) & 0xff) + (px & 0xff)) / 3.0;
    }
  return sum / (width * rows);
}

static char *
shot_name (const Size *size,
           const char *what)
{
  return g_strdup_printf ("layout-%dx%d-%s%s%s.png", size->width, size->height,
                          size->dark ? "dark" : "light", what != NULL ? "-" : "", what != NULL ? what : "");
}

/* A pane's or a flap's slide, and the map's fit after it. */
static void
wait_for_pane (gpointer unused)
{
  spin_for (600);
}

static void
dump_heights (GtkWidget *w, int depth)
{
  int min = 0;
  if (!gtk_widget_get_visible (w) || depth > 12)
    return;
  gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  if (min >= 100)
    fprintf (stderr, "%*s%s %s min-h %d\n", depth * 2, "", G_OBJECT_TYPE_NAME (w), gtk_widget_get_name (w), min);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    dump_heights (c, depth + 1);
}

/* --- the window at three sizes ------------------------------------------------- */

START_TEST (test_layout_at_size)
{
  const Size *size = &sizes[_i];
  WbWindow *window = window_of_size (size);
  WbMapView *view = wb_window_get_map_view (window);
  GtkWidget *sidebar = GTK_WIDGET (wb_window_get_sidebar (window));
  GtkWidget *sidebar_flap = ancestor_flap (sidebar);
  GtkWidget *inspector_flap = ancestor_flap (wb_window_get_inspector (window));
  GtkWidget *main_stack = gtk_widget_get_parent (wb_window_get_oob_editor (window));
  WbGame *game = wb_window_get_game (window);
  double zoom_closed;
  g_autofree char *name = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;

  /* The window got the size asked: nothing in it needs more. */
  ck_assert_msg (surface_has_size (window), "the window is %d × %d, not %d × %d",
                 gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))),
                 gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (window))), size->width,
                 size->height);
  ck_assert_int_le (min_width (content_of (window)), 800);
  /* Nor does any page: the order of battle, a table, the chits. */
  for (GtkWidget *page = gtk_widget_get_first_child (main_stack); page != NULL;
       page = gtk_widget_get_next_sibling (page))
    ck_assert_msg (min_width (page) <= gtk_widget_get_width (content_of (window)),
                   "the %s page needs %d px", G_OBJECT_TYPE_NAME (page), min_width (page));

  /* The theme asked for. */
  ck_assert (adw_style_manager_get_dark (adw_style_manager_get_default ()) == size->dark);
  if (size->dark)
    ck_assert_double_lt (top_brightness (GTK_WIDGET (window)), 100);
  else
    ck_assert_double_gt (top_brightness (GTK_WIDGET (window)), 160);

  /* The map, large and whole; the scenario pane closed at first. */
  ck_assert (gtk_widget_get_mapped (GTK_WIDGET (view)));
  ck_assert_int_ge (gtk_widget_get_width (GTK_WIDGET (view)), size->width * 2 / 5);
  ck_assert_int_ge (gtk_widget_get_height (GTK_WIDGET (view)), size->height * 3 / 4);
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  assert_map_fitted (view, "opened");
  zoom_closed = wb_map_view_get_zoom (view);

  /* The sidebar folds on a narrow window, and stands beside the map on a
   * wide one; the inspector likewise. */
  if (size->width < 1000)
    {
      ck_assert (adw_flap_get_folded (ADW_FLAP (sidebar_flap)));
      ck_assert (!adw_flap_get_reveal_flap (ADW_FLAP (sidebar_flap)));
      ck_assert (adw_flap_get_folded (ADW_FLAP (inspector_flap)));
      ck_assert (!gtk_widget_get_mapped (wb_window_get_inspector (window)));
    }
  else
    {
      ck_assert (!adw_flap_get_folded (ADW_FLAP (sidebar_flap)));
      ck_assert (adw_flap_get_reveal_flap (ADW_FLAP (sidebar_flap)));
      ck_assert (gtk_widget_get_mapped (sidebar));
      ck_assert (!adw_flap_get_folded (ADW_FLAP (inspector_flap)));
      ck_assert (gtk_widget_get_mapped (wb_window_get_inspector (window)));
    }

  /* The scenario pane opens; the map is fitted to what is left, and again
   * when the pane closes. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  wait_for_pane (NULL);
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert_int_ge (gtk_widget_get_height (GTK_WIDGET (view)), size->height / 4);
  assert_map_fitted (view, "with the set-up pane");
  ck_assert_double_lt (wb_map_view_get_zoom (view), zoom_closed);
  name = shot_name (size, NULL);
  save_shot (GTK_WIDGET (window), name, 200);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  wait_for_pane (NULL);
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  assert_map_fitted (view, "the pane closed again");
  ck_assert_double_eq_tol (wb_map_view_get_zoom (view), zoom_closed, 1e-9);

  /* A zoom of the designer's own is kept when a pane opens. */
  wb_map_view_set_zoom (view, 1.0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  wait_for_pane (NULL);
  ck_assert_double_eq (wb_map_view_get_zoom (view), 1.0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  wait_for_pane (NULL);

  /* The CRT, its ten columns all shown when the window has room. */
  g_signal_emit_by_name (sidebar, "table-selected", wb_game_find_table (game, "crt"));
  spin_for (300);
  ck_assert (wb_window_get_table_shown (window));
  {
    GtkWidget *table = wb_window_get_table_editor (window);
    GtkWidget *cells = wb_table_editor_get_field (WB_TABLE_EDITOR (table), "grid");
    GtkWidget *scroller = gtk_widget_get_ancestor (cells, GTK_TYPE_SCROLLED_WINDOW);
    int natural = 0;

    gtk_widget_measure (cells, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    if (size->width >= 1280)
      ck_assert_msg (gtk_widget_get_width (scroller) >= natural,
                     "the grid shows %d px of its %d", gtk_widget_get_width (scroller), natural);
    /* The analysis has the rest, and grows with the window. */
    ck_assert_int_ge (gtk_widget_get_width (wb_table_editor_get_field (WB_TABLE_EDITOR (table), "analysis")),
                      size->width >= 1920 ? 600 : 250);
  }
  g_clear_pointer (&name, g_free);
  name = shot_name (size, "table");
  save_shot (GTK_WIDGET (window), name, 200);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "table.back", NULL) ||
             gtk_widget_activate_action (wb_window_get_table_editor (window), "table.back", NULL));
  spin_for (200);

  /* Play mode fits too: the map beside the play panes. */
  play = wb_play_new (game, NULL, "historical", NULL, 3, &error);
  ck_assert_msg (play != NULL, "%s", error != NULL ? error->message : "");
  wb_window_play (window, play);
  spin_for (500);
  if (g_getenv ("DUMP")) dump_heights (GTK_WIDGET (window), 0);
  ck_assert_msg (surface_has_size (window), "in play the window is %d × %d (its content needs %d px)",
                 gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))),
                 gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (window))),
                 min_width (content_of (window)));
  ck_assert_int_le (min_width (content_of (window)), 800);
  ck_assert (gtk_widget_get_mapped (GTK_WIDGET (view)));
  ck_assert_int_ge (gtk_widget_get_width (GTK_WIDGET (view)), size->width * 2 / 5);
  g_clear_pointer (&name, g_free);
  name = shot_name (size, "play");
  save_shot (GTK_WIDGET (window), name, 300);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
  spin_for (300);
  ck_assert (gtk_widget_get_visible (sidebar));
  ck_assert (adw_flap_get_reveal_flap (ADW_FLAP (sidebar_flap)) == (size->width >= 1000));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* --- the folded sidebar ------------------------------------------------------------ */

START_TEST (test_folded_sidebar)
{
  WbWindow *window = window_of_size (&sizes[0]);
  GtkWidget *sidebar = GTK_WIDGET (wb_window_get_sidebar (window));
  AdwFlap *flap = ADW_FLAP (ancestor_flap (sidebar));
  WbGame *game = wb_window_get_game (window);
  gboolean shown;

  ck_assert (adw_flap_get_folded (flap));
  g_object_get (window, "show-sidebar", &shown, NULL);
  ck_assert (!shown);
  /* F9 (win.show-sidebar) opens it over the map. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  spin_for (400);
  ck_assert (adw_flap_get_reveal_flap (flap));
  ck_assert (adw_flap_get_folded (flap));
  ck_assert (gtk_widget_get_mapped (sidebar));
  save_shot (GTK_WIDGET (window), "layout-800x600-light-sidebar.png", 100);
  /* Choosing a row gives the map back. */
  g_signal_emit_by_name (sidebar, "oob-selected", "union");
  spin_for (400);
  ck_assert (wb_window_get_oob_shown (window));
  ck_assert (!adw_flap_get_reveal_flap (flap));
  g_object_get (window, "show-sidebar", &shown, NULL);
  ck_assert (!shown);
  g_signal_emit_by_name (sidebar, "map-selected", g_ptr_array_index (wb_game_get_maps (game), 0), NULL);
  spin_for (200);

  /* The inspector opens over the map too (Ctrl+I), clicks still going to
   * the map. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  spin_for (400);
  ck_assert (gtk_widget_get_mapped (wb_window_get_inspector (window)));
  ck_assert (adw_flap_get_folded (ADW_FLAP (ancestor_flap (wb_window_get_inspector (window)))));
  ck_assert (!adw_flap_get_modal (ADW_FLAP (ancestor_flap (wb_window_get_inspector (window)))));

  /* Made wide, the window shows the sidebar (the designer never hid it). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_object_set_data (G_OBJECT (window), "wb-size", (gpointer) &sizes[2]);
  ck_assert (spin_until (surface_has_size, window, DRAW_TIMEOUT_MS));
  spin_for (400);
  ck_assert (!adw_flap_get_folded (flap));
  ck_assert (adw_flap_get_reveal_flap (flap));
  /* Hidden there, it stays hidden across a fold and back. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  spin_for (300);
  ck_assert (!adw_flap_get_reveal_flap (flap));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  g_object_set_data (G_OBJECT (window), "wb-size", (gpointer) &sizes[0]);
  ck_assert (spin_until (surface_has_size, window, DRAW_TIMEOUT_MS));
  spin_for (300);
  ck_assert (adw_flap_get_folded (flap));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_object_set_data (G_OBJECT (window), "wb-size", (gpointer) &sizes[2]);
  ck_assert (spin_until (surface_has_size, window, DRAW_TIMEOUT_MS));
  spin_for (300);
  ck_assert (!adw_flap_get_folded (flap));
  ck_assert (!adw_flap_get_reveal_flap (flap));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-layout");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("layout");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_loop_test (tc, test_layout_at_size, 0, G_N_ELEMENTS (sizes));
  tcase_add_test (tc, test_folded_sidebar);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
