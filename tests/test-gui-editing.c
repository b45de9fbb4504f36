/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-editing"

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

/* The map editor in the window: tools, undo and redo, the canvas while editing. */


/* A primary-button drag on the canvas from hex (c0, r0) to (c1, r1). */

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

/* The map menu's first section: Undo and Redo. */
static GMenuModel *
find_edit_section (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_widget_get_name (widget), "map-menu") == 0)
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
    g_autoptr(GPtrArray) shortcuts = widget_shortcuts (area);
    gboolean found = FALSE;

    for (guint i = 0; i < shortcuts->len; i++)
      {
        GtkShortcut *shortcut = g_ptr_array_index (shortcuts, i);
        g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

        if (g_str_equal (trigger, "g") || g_str_equal (trigger, "bracketright"))
          {
            ck_assert (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                     area, gtk_shortcut_get_arguments (shortcut)));
            found = TRUE;
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

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-editing");
  TCase *tc;

  tc = tcase_create ("shortcuts");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_shortcuts_window_builds);
  suite_add_tcase (s, tc);

  if (test_data != NULL)
    {
      tc = tcase_create ("point-map");
      tcase_add_checked_fixture (tc, setup_gtk, NULL);
      tcase_add_test (tc, test_point_map_editing);
      suite_add_tcase (s, tc);
    }

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }

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

int
main (void)
{
  return gui_main (make_suite);
}
