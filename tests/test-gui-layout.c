/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-layout"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-application.h"
#include "wb-inspector.h"
#include "wb-legend-editor.h"
#include "wb-new-game-dialog.h"
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
 *   shortcut is a real one, every window and application action is in a
 *   menu, on a key or a button, and no menu is too long for the screen.
 * - The dialogs fit a 768-px-high screen; the New Playtest dialog's
 *   drop-downs say their choice in full; Escape closes the Map Legend.
 *
 * With WARBENCH_SHOT_DIR set, it saves layout-WxH-SCHEME.png (the map
 * with the scenario pane open), layout-WxH-SCHEME-table.png (the CRT),
 * layout-WxH-SCHEME-play.png (play mode), layout-800x600-light-sidebar.png
 * (the folded sidebar shown over the map), shortcuts-SECTION.png (the
 * shortcuts window's five sections), play-dialog.png and menu-NAME.png
 * (the primary menu, the map's, the sidebar's Game menu, the Playtest
 * menu). The test runs under its own 1920 × 1080 screen
 * (tests/meson.build). */

/* A 768-px-high screen less GNOME's top bar. */
#define SCREEN_ROOM 736

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
  wait_layout_still (wb_window_get_map_view (window));
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

static gboolean
table_laid_out (gpointer data)
{
  GtkWidget *table = wb_window_get_table_editor (data);

  return gtk_widget_get_mapped (table) &&
         gtk_widget_get_width (wb_table_editor_get_field (WB_TABLE_EDITOR (table), "grid")) > 0;
}

/* A pane's or a flap's slide, and the map's fit after it. */
static void
wait_for_pane (WbWindow *window)
{
  spin_for (50);
  wait_layout_still (wb_window_get_map_view (window));
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
  wait_for_pane (window);
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert_int_ge (gtk_widget_get_height (GTK_WIDGET (view)), size->height / 4);
  assert_map_fitted (view, "with the set-up pane");
  ck_assert_double_lt (wb_map_view_get_zoom (view), zoom_closed);
  name = shot_name (size, NULL);
  save_shot (GTK_WIDGET (window), name, 200);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  wait_for_pane (window);
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  assert_map_fitted (view, "the pane closed again");
  ck_assert_double_eq_tol (wb_map_view_get_zoom (view), zoom_closed, 1e-9);

  /* A zoom of the designer's own is kept when a pane opens. */
  wb_map_view_set_zoom (view, 1.0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  wait_for_pane (window);
  ck_assert_double_eq (wb_map_view_get_zoom (view), 1.0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  wait_for_pane (window);

  /* The CRT, its ten columns all shown when the window has room. */
  g_signal_emit_by_name (sidebar, "table-selected", wb_game_find_table (game, "crt"));
  ck_assert (wb_window_get_table_shown (window));
  ck_assert (spin_until (table_laid_out, window, DRAW_TIMEOUT_MS));
  spin_for (300);
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


/* --- remembered panes ---------------------------------------------------------------- */

static WbWindow *
app_window (WbApplication *app,
            const Size    *size)
{
  g_autoptr(GFile) file = g_file_new_for_path (test_game);
  WbWindow *window = wb_window_new (GTK_APPLICATION (app));

  g_object_set_data (G_OBJECT (window), "wb-size", (gpointer) size);
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  wb_window_open (window, file);
  ck_assert (spin_until (load_finished, window, LOAD_TIMEOUT_MS));
  ck_assert (spin_until (surface_has_size, window, DRAW_TIMEOUT_MS));
  wait_layout_still (wb_window_get_map_view (window));
  return window;
}

static gboolean
shown (WbWindow   *window,
       const char *property)
{
  gboolean value;

  g_object_get (window, property, &value, NULL);
  return value;
}

/* What the designer leaves open or closed, and the scenario pane's page,
 * is what the next window shows (GSettings; the memory backend keeps it
 * for the process). */
START_TEST (test_panes_remembered)
{
  g_autoptr(GError) error = NULL;
  WbApplication *app = wb_application_new ();
  GSettings *settings;
  WbWindow *window;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert_msg (g_application_register (G_APPLICATION (app), NULL, &error), "%s",
                 error != NULL ? error->message : "");
  settings = wb_application_get_settings (app);
  ck_assert_ptr_nonnull (settings);

  /* A first window: the scenario pane closed though the game has a
   * scenario; the sidebar and the inspector beside the map. */
  window = app_window (app, &sizes[4]);
  ck_assert_ptr_nonnull (wb_map_view_get_scenario (wb_window_get_map_view (window)));
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  ck_assert (shown (window, "show-sidebar"));
  ck_assert (shown (window, "show-inspector"));
  /* The designer opens the turn track, hides the inspector and the
   * sidebar. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  spin_for (100);
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert (g_settings_get_boolean (settings, "scenario-pane-open"));
  ck_assert (!g_settings_get_boolean (settings, "show-inspector"));
  ck_assert (!g_settings_get_boolean (settings, "show-sidebar"));
  gtk_window_destroy (GTK_WINDOW (window));
  spin_for (50);

  /* The next window shows them so. */
  ck_assert (g_settings_get_boolean (settings, "scenario-pane-open"));
  window = app_window (app, &sizes[4]);
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert_str_eq (wb_window_get_scenario_page (window), "turns");
  ck_assert (!shown (window, "show-inspector"));
  ck_assert (!gtk_widget_get_mapped (wb_window_get_inspector (window)));
  ck_assert (!shown (window, "show-sidebar"));
  ck_assert (!gtk_widget_get_mapped (GTK_WIDGET (wb_window_get_sidebar (window))));

  /* A narrow window folds the sidebar without forgetting the choice: the
   * pane's page turned and closed, a sidebar shown over the map and a
   * row chosen leave show-sidebar as the designer set it on a wide one. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  ck_assert_str_eq (g_settings_get_string (settings, "scenario-pane-page"), "setup");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  ck_assert (!g_settings_get_boolean (settings, "scenario-pane-open"));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  ck_assert (g_settings_get_boolean (settings, "show-sidebar"));
  gtk_window_destroy (GTK_WINDOW (window));
  spin_for (50);

  window = app_window (app, &sizes[0]);
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  ck_assert (!shown (window, "show-sidebar"));     /* folded */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  spin_for (100);
  g_signal_emit_by_name (wb_window_get_sidebar (window), "map-selected",
                         wb_map_view_get_map (wb_window_get_map_view (window)), NULL);
  spin_for (100);
  ck_assert (!shown (window, "show-sidebar"));
  ck_assert (g_settings_get_boolean (settings, "show-sidebar"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
}
END_TEST

/* The toplevel a step opened (not one of @before). */
static GtkWindow *
new_toplevel (GPtrArray *before)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (GTK_WIDGET (item)) && !g_ptr_array_find (before, item, NULL))
        return item;
    }
  return NULL;
}

static GPtrArray *
toplevels_now (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GPtrArray *now = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      g_ptr_array_add (now, item);
    }
  return now;
}

/* --- shortcuts and menus ------------------------------------------------------------ */

typedef struct
{
  guint            keyval;
  GdkModifierType  mods;
  char            *action;     /* "win.save", or NULL for the shortcuts window's */
} Binding;

static void
binding_clear (gpointer data)
{
  g_free (((Binding *) data)->action);
}

static void
add_binding (GArray          *bindings,
             guint            keyval,
             GdkModifierType  mods,
             const char      *action)
{
  Binding b = { gdk_keyval_to_lower (keyval), mods & gtk_accelerator_get_default_mod_mask (),
                g_strdup (action) };

  g_array_append_val (bindings, b);
}

static const Binding *
find_binding (GArray          *bindings,
              guint            keyval,
              GdkModifierType  mods,
              const char      *action)
{
  keyval = gdk_keyval_to_lower (keyval);
  mods &= gtk_accelerator_get_default_mod_mask ();
  for (guint i = 0; i < bindings->len; i++)
    {
      const Binding *b = &g_array_index (bindings, Binding, i);

      if (b->keyval == keyval && b->mods == mods && (action == NULL || g_strcmp0 (b->action, action) == 0))
        return b;
    }
  return NULL;
}

static void
add_trigger (GArray             *bindings,
             GtkShortcutTrigger *trigger,
             const char         *action)
{
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    add_binding (bindings, gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                 gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)), action);
  else if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      add_trigger (bindings, gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), action);
      add_trigger (bindings, gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), action);
    }
}

/* Warbench's own actions (GTK's widgets bind keys to theirs: clipboard.*,
 * text.*, window.*…). */
static gboolean
ours (const char *action)
{
  static const char * const prefixes[] = { "win.", "app.", "editor.", "oob.", "table.", "legend.", "chits." };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (action, prefixes[i]))
      return TRUE;
  return FALSE;
}

/* Every key bound to one of our actions in @widget's tree, shown or not:
 * the widget classes' bindings and the shortcut controllers added. */
static void
collect_bindings (GtkWidget *widget,
                  GArray    *bindings)
{
  g_autoptr(GPtrArray) shortcuts = widget_shortcuts (widget);

  for (guint i = 0; i < shortcuts->len; i++)
    {
      GtkShortcut *shortcut = g_ptr_array_index (shortcuts, i);
      GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

      if (GTK_IS_NAMED_ACTION (action) && ours (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action))))
        add_trigger (bindings, gtk_shortcut_get_trigger (shortcut),
                     gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_bindings (child, bindings);
}

/* The accelerators the shortcuts window lists. */
static GArray *
listed_shortcuts (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
  GSList *objects = gtk_builder_get_objects (builder);
  GArray *listed = g_array_new (FALSE, TRUE, sizeof (Binding));

  g_array_set_clear_func (listed, binding_clear);
  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) accels = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "accelerator", &accelerator, NULL);
      if (accelerator == NULL)
        continue;
      accels = g_strsplit (accelerator, " ", -1);
      for (guint i = 0; accels[i] != NULL; i++)
        {
          guint keyval = 0;
          GdkModifierType mods = 0;

          if (*accels[i] == '\0')
            continue;
          ck_assert_msg (gtk_accelerator_parse (accels[i], &keyval, &mods),
                         "the shortcuts window lists “%s”, not an accelerator", accels[i]);
          add_binding (listed, keyval, mods, NULL);
        }
    }
  g_slist_free (objects);
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window")));
  return listed;
}

typedef struct
{
  char *action;
  char *accel;       /* the item's "accel" attribute, or NULL */
  char *label;
} MenuItem;

static void
menu_item_clear (gpointer data)
{
  MenuItem *item = data;

  g_free (item->action);
  g_free (item->accel);
  g_free (item->label);
}

static void
collect_menu (GMenuModel *menu,
              GArray     *items)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      MenuItem item = { NULL, NULL, NULL };
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);

      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item.action);
      g_menu_model_get_item_attribute (menu, i, "accel", "s", &item.accel);
      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &item.label);
      if (item.action != NULL)
        g_array_append_val (items, item);
      else
        menu_item_clear (&item);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          collect_menu (link, items);
        }
    }
}

/* Every menu in @widget's tree (the header bar's, the panes'), and the
 * actions of its buttons. */
static void
collect_menus (GtkWidget *widget,
               GArray    *items,
               GPtrArray *buttons)
{
  GMenuModel *menu = NULL;

  if (GTK_IS_MENU_BUTTON (widget))
    menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget));
  else if (ADW_IS_SPLIT_BUTTON (widget))
    menu = adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (widget));
  if (menu != NULL)
    collect_menu (menu, items);
  if (GTK_IS_ACTIONABLE (widget) && gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) != NULL)
    g_ptr_array_add (buttons, g_strdup (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menus (child, items, buttons);
}

static char *
accel_label (const Binding *b)
{
  return gtk_accelerator_name (b->keyval, b->mods);
}

static gboolean
recent_listed (gpointer data)
{
  GtkWidget *open = find_named (data, "open-button");
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (MenuItem));

  g_array_set_clear_func (items, menu_item_clear);
  collect_menu (adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (open)), items);
  return items->len > 0 && g_strcmp0 (g_array_index (items, MenuItem, 0).action, "win.open-recent") == 0;
}

/* Every shortcut is in the shortcuts window; every shortcut a menu shows
 * is one; every action is in a menu, on a key or a button. */
START_TEST (test_shortcuts_and_menus)
{
  g_autoptr(GError) error = NULL;
  WbApplication *app = wb_application_new ();
  WbWindow *window;
  GtkWidget *legend = NULL;
  g_autoptr(GArray) bindings = g_array_new (FALSE, TRUE, sizeof (Binding));
  g_autoptr(GArray) listed = NULL;
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (MenuItem));
  g_autoptr(GPtrArray) buttons = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) app_actions = NULL;
  g_autoptr(GString) missing = g_string_new (NULL);
  g_autoptr(GHashTable) reachable = NULL;
  g_autoptr(GPtrArray) windows = NULL;

  g_array_set_clear_func (bindings, binding_clear);
  g_array_set_clear_func (items, menu_item_clear);
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert_msg (g_application_register (G_APPLICATION (app), NULL, &error), "%s",
                 error != NULL ? error->message : "");
  window = wb_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  {
    g_autoptr(GFile) file = g_file_new_for_path (test_game);

    wb_window_open (window, file);
    ck_assert (spin_until (load_finished, window, LOAD_TIMEOUT_MS));
  }
  /* Open's menu lists the game just opened (GtkRecentManager tells the
   * window after a moment). */
  ck_assert_msg (spin_until (recent_listed, window, LOAD_TIMEOUT_MS), "Open's menu lists no recent game");
  /* The legend window's keys too. */
  windows = toplevels_now ();
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.legend", NULL));
  spin_for (200);
  legend = GTK_WIDGET (new_toplevel (windows));
  ck_assert (WB_IS_LEGEND_EDITOR (legend));

  /* The keys: the application's accelerators and every binding in the
   * window's and the legend's trees. */
  app_actions = g_action_group_list_actions (G_ACTION_GROUP (app));
  for (guint i = 0; app_actions[i] != NULL; i++)
    {
      g_autofree char *detailed = g_strconcat ("app.", app_actions[i], NULL);
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), detailed);

      for (guint j = 0; accels[j] != NULL; j++)
        {
          guint keyval;
          GdkModifierType mods;

          ck_assert (gtk_accelerator_parse (accels[j], &keyval, &mods));
          add_binding (bindings, keyval, mods, detailed);
        }
    }
  collect_bindings (GTK_WIDGET (window), bindings);
  collect_bindings (legend, bindings);
  ck_assert_uint_gt (bindings->len, 40);

  /* 1. Every one of them is in the shortcuts window. */
  listed = listed_shortcuts ();
  for (guint i = 0; i < bindings->len; i++)
    {
      const Binding *b = &g_array_index (bindings, Binding, i);

      if (find_binding (listed, b->keyval, b->mods, NULL) == NULL)
        {
          g_autofree char *accel = accel_label (b);

          g_string_append_printf (missing, " %s (%s)", accel, b->action);
        }
    }
  ck_assert_msg (missing->len == 0, "not in the shortcuts window:%s", missing->str);

  /* 2. A shortcut a menu item shows is its action's. The table pane,
   * built when a table is first opened, has its menus too. */
  ck_assert_ptr_nonnull (wb_window_get_table_editor (window));
  collect_menus (GTK_WIDGET (window), items, buttons);
  collect_menus (legend, items, buttons);
  for (guint i = 0; i < items->len; i++)
    {
      const MenuItem *item = &g_array_index (items, MenuItem, i);
      guint keyval;
      GdkModifierType mods;

      if (item->accel == NULL)
        continue;
      ck_assert (gtk_accelerator_parse (item->accel, &keyval, &mods));
      ck_assert_msg (find_binding (bindings, keyval, mods, item->action) != NULL,
                     "the menu item “%s” shows %s, which is not a shortcut of %s", item->label,
                     item->accel, item->action);
    }

  /* 3. Every window and application action is in a menu, on a key or a
   * button. */
  reachable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < items->len; i++)
    g_hash_table_add (reachable, g_strdup (g_array_index (items, MenuItem, i).action));
  for (guint i = 0; i < bindings->len; i++)
    g_hash_table_add (reachable, g_strdup (g_array_index (bindings, Binding, i).action));
  for (guint i = 0; i < buttons->len; i++)
    g_hash_table_add (reachable, g_strdup (g_ptr_array_index (buttons, i)));
  g_string_truncate (missing, 0);
  for (guint i = 0;; i++)
    {
      GType owner;
      const char *name;
      const GVariantType *type;
      const char *property;

      if (!gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner, &name, &type, &property))
        break;
      if (g_str_has_prefix (name, "win.") && !g_hash_table_contains (reachable, name))
        g_string_append_printf (missing, " %s", name);
    }
  for (guint i = 0; app_actions[i] != NULL; i++)
    {
      g_autofree char *detailed = g_strconcat ("app.", app_actions[i], NULL);

      if (!g_hash_table_contains (reachable, detailed))
        g_string_append_printf (missing, " %s", detailed);
    }
  ck_assert_msg (missing->len == 0, "neither in a menu, on a key nor a button:%s", missing->str);

  /* The primary menu is short, and no menu scrolls: each opens whole
   * within a 768-px screen. */
  {
    GtkWidget *button = find_named (GTK_WIDGET (window), "primary-menu");
    g_autoptr(GArray) primary = g_array_new (FALSE, TRUE, sizeof (MenuItem));
    static const char * const menus[] = { "primary-menu", "map-menu", "game-menu", "play-button" };

    ck_assert_ptr_nonnull (button);
    g_array_set_clear_func (primary, menu_item_clear);
    collect_menu (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), primary);
    ck_assert_uint_le (primary->len, 16);   /* with its submenus: it had 45 */
    for (guint i = 0; i < G_N_ELEMENTS (menus); i++)
      {
        GtkWidget *widget = find_named (GTK_WIDGET (window), menus[i]);
        GtkWidget *popover;
        g_autofree char *name = g_strdup_printf ("menu-%s.png", menus[i]);

        ck_assert_ptr_nonnull (widget);
        if (ADW_IS_SPLIT_BUTTON (widget))
          {
            adw_split_button_popup (ADW_SPLIT_BUTTON (widget));
            popover = find_type (widget, GTK_TYPE_POPOVER);
          }
        else
          {
            gtk_menu_button_popup (GTK_MENU_BUTTON (widget));
            popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget)));
          }
        ck_assert_ptr_nonnull (popover);
        spin_for (300);
        ck_assert_msg (gtk_widget_get_mapped (popover), "%s did not open", menus[i]);
        save_shot (popover, name, 100);
        {
          int natural = 0;

          gtk_widget_measure (popover, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
          ck_assert_msg (natural <= SCREEN_ROOM, "%s is %d px high", menus[i], natural);
        }
        gtk_popover_popdown (GTK_POPOVER (popover));
        spin_for (100);
      }
  }

  /* (The window takes its legend with it.) */
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
}
END_TEST

/* --- dialogs --------------------------------------------------------------------------- */


/* GTK's dispatch of a key press (gtkmain.c): the capture phase from the
 * window down to the focus widget, then the bubble phase back up; in each
 * widget its key controllers and its shortcut controllers of that phase.
 * TRUE if something took the key. */
static gboolean
run_controllers (GtkWidget          *widget,
                 GtkPropagationPhase phase,
                 guint               keyval,
                 GdkModifierType     state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      GtkPropagationPhase p = gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (c));
      gboolean handled = FALSE;

      if (p != phase && !(p == GTK_PHASE_TARGET && phase == GTK_PHASE_BUBBLE))
        continue;
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
      else if (GTK_IS_SHORTCUT_CONTROLLER (c))
        for (guint j = 0; !handled && j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);
            g_autoptr(GArray) keys = g_array_new (FALSE, TRUE, sizeof (Binding));

            g_array_set_clear_func (keys, binding_clear);
            add_trigger (keys, gtk_shortcut_get_trigger (shortcut), "");
            if (find_binding (keys, keyval, state, NULL) != NULL)
              handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                      gtk_shortcut_get_arguments (shortcut));
          }
      if (handled)
        return TRUE;
    }
  return FALSE;
}

static gboolean
press_key (GtkWindow       *window,
           guint            keyval,
           GdkModifierType  state)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_autoptr(GPtrArray) path = g_ptr_array_new ();

  for (GtkWidget *w = focus != NULL ? focus : GTK_WIDGET (window); w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_add (path, w);
  for (guint i = path->len; i > 0; i--)
    if (run_controllers (g_ptr_array_index (path, i - 1), GTK_PHASE_CAPTURE, keyval, state))
      return TRUE;
  for (guint i = 0; i < path->len; i++)
    if (run_controllers (g_ptr_array_index (path, i), GTK_PHASE_BUBBLE, keyval, state))
      return TRUE;
  return FALSE;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_native_get_surface (GTK_NATIVE (data)) != NULL &&
         gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (data))) > 1;
}

static void
assert_fits (GtkWindow  *dialog,
             const char *what)
{
  int min = 0;

  ck_assert_msg (spin_until (is_mapped, dialog, DRAW_TIMEOUT_MS), "%s was not shown", what);
  spin_for (100);
  ck_assert_msg (gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (dialog))) <= SCREEN_ROOM,
                 "%s is %d px high", what, gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (dialog))));
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (dialog)),
                      &min, NULL, NULL, NULL);
  ck_assert_msg (min <= SCREEN_ROOM, "%s needs %d px of height", what, min);
}

/* Every widget of @type in @widget's tree. */
static void
find_all (GtkWidget *widget,
          GType      type,
          GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_all (child, type, out);
}

/* The widgets of @widget's tree that take the focus. */
static void
focusable (GtkWidget *widget,
           GPtrArray *out)
{
  if (gtk_widget_get_focusable (widget) && gtk_widget_is_sensitive (widget) && gtk_widget_get_visible (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    focusable (child, out);
}

/* Ellipsized labels in @widget's combo rows: a drop-down that shows "E…". */
static guint
cut_choices (GtkWidget *widget,
             gboolean   in_combo)
{
  guint n = 0;

  in_combo = in_combo || ADW_IS_COMBO_ROW (widget);
  if (in_combo && GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += cut_choices (child, in_combo);
  return n;
}

START_TEST (test_dialogs_fit)
{
  WbWindow *window = window_of_size (&sizes[4]);
  static const char * const actions[] = {
    "win.new-playtest", "win.legend", "win.map-background", "win.resize-map", "win.hex-numbering",
    "win.new-table", "win.print", "win.balance-lab",
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(GPtrArray) before = toplevels_now ();
      GtkWindow *dialog;

      ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
      spin_for (200);
      dialog = new_toplevel (before);
      ck_assert_msg (dialog != NULL, "%s opened no window", actions[i]);
      assert_fits (dialog, actions[i]);
      if (WB_IS_PLAY_DIALOG (dialog))
        {
          /* Every choice said in full. */
          save_shot (GTK_WIDGET (dialog), "play-dialog.png", 200);
          ck_assert_uint_eq (cut_choices (GTK_WIDGET (dialog), FALSE), 0);
        }
      if (WB_IS_LEGEND_EDITOR (dialog))
        {
          /* A proper dialog: Escape closes it as it opens… */
          g_autoptr(GPtrArray) fields = g_ptr_array_new ();
          guint tried = 0;

          ck_assert (press_key (dialog, GDK_KEY_Escape, 0));
          spin_for (50);
          ck_assert_msg (!gtk_widget_get_visible (GTK_WIDGET (dialog)),
                         "Escape left the legend open (the focus in a %s)",
                         gtk_root_get_focus (GTK_ROOT (dialog)) != NULL ?
                         G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (dialog))) : "nothing");
          gtk_window_present (dialog);
          ck_assert (spin_until (is_mapped, dialog, DRAW_TIMEOUT_MS));
          /* …and wherever the focus is (on the divider between its two
           * halves, where a drag leaves it, Escape only put the divider
           * back: issue 20). */
          wb_legend_editor_select (WB_LEGEND_EDITOR (dialog), FALSE, "clear");
          spin_for (100);
          focusable (GTK_WIDGET (dialog), fields);
          for (guint f = 0; f < fields->len; f++)
            {
              GtkWidget *field = g_ptr_array_index (fields, f);

              if (!gtk_widget_get_mapped (field) || !gtk_widget_grab_focus (field))
                continue;
              tried++;
              ck_assert_msg (press_key (dialog, GDK_KEY_Escape, 0), "Escape in a %s did nothing",
                             G_OBJECT_TYPE_NAME (field));
              spin_for (50);
              ck_assert_msg (!gtk_widget_get_visible (GTK_WIDGET (dialog)), "Escape in a %s left the legend open",
                             G_OBJECT_TYPE_NAME (field));
              gtk_window_present (dialog);
              ck_assert (spin_until (is_mapped, dialog, DRAW_TIMEOUT_MS));
            }
          ck_assert_uint_ge (tried, 5);
        }
      gtk_window_close (dialog);
      spin_for (100);
    }

  /* New Game (an application action; made here without one). */
  {
    GtkWindow *dialog = GTK_WINDOW (wb_new_game_dialog_new (GTK_WINDOW (window)));

    gtk_window_present (dialog);
    assert_fits (dialog, "New Game");
    gtk_window_destroy (dialog);
  }

  /* The shortcuts window, on each of its pages. */
  {
    g_autoptr(GtkBuilder) builder =
      gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
    GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
    static const char * const sections[] = { "general", "map", "editing", "editors", "play" };

    gtk_window_set_transient_for (shortcuts, GTK_WINDOW (window));
    gtk_window_present (shortcuts);
    for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
      {
        g_autofree char *name = g_strdup_printf ("shortcuts-%s.png", sections[i]);

        g_object_set (shortcuts, "section-name", sections[i], NULL);
        assert_fits (shortcuts, sections[i]);
        save_shot (GTK_WIDGET (shortcuts), name, 200);
      }
    /* One page a section: GTK 4.8 turns a section's pages round each
     * time it lays them out again (the last group came first). A page
     * switcher shows only for a section of several. */
    {
      g_autoptr(GPtrArray) switchers = g_ptr_array_new ();

      find_all (GTK_WIDGET (shortcuts), GTK_TYPE_STACK_SWITCHER, switchers);
      for (guint i = 0; i < switchers->len; i++)
        ck_assert_msg (gtk_widget_get_ancestor (g_ptr_array_index (switchers, i), GTK_TYPE_SHORTCUTS_SECTION) == NULL ||
                       !gtk_widget_get_visible (g_ptr_array_index (switchers, i)),
                       "a section of the shortcuts window has several pages");
    }
    gtk_window_destroy (shortcuts);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A test case whose tests set GTK up in their own (forked) process. */
static TCase *
add_case (Suite      *s,
          const char *name)
{
  TCase *tc = tcase_create (name);

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  suite_add_tcase (s, tc);
  return tc;
}

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-layout");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = add_case (s, "sizes");
  tcase_add_loop_test (tc, test_layout_at_size, 0, G_N_ELEMENTS (sizes));
  tcase_add_test (add_case (s, "fold"), test_folded_sidebar);
  tcase_add_test (add_case (s, "panes"), test_panes_remembered);
  tcase_add_test (add_case (s, "dialogs"), test_dialogs_fit);
  tcase_add_test (add_case (s, "shortcuts"), test_shortcuts_and_menus);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
