/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-annotate"

#include "config.h"

#include <check.h>

#include "wb-map-editor.h"
#include "wb-mark-dialog.h"
#include "wb-new-game-dialog.h"
#include "wb-sidebar.h"
#include "wb-tool-palette.h"
#include "wb-window.h"

#include "gui-common.h"

/* The hex-map annotation tools in the window: the Elevation brush, the
 * Label tool with its popover, the Mark tool and the mark dialog. Each is
 * driven through the window's actions and the view's edit signals, and
 * checked against the model and undo. */

static char *
dump (WbWindow *window)
{
  return wb_game_to_data (wb_window_get_game (window), NULL);
}

/* The first visible popover under @widget. */
static GtkWidget *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
        return child;
      if ((found = find_popover (child)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_entry (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_ENTRY (child))
        return child;
      if ((found = find_entry (child)) != NULL)
        return found;
    }
  return NULL;
}

START_TEST (test_elevation_brush)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *before = dump (window);
  g_autofree char *after = NULL;
  WbToolPalette *palette = WB_TOOL_PALETTE (wb_window_get_tool_palette (window));

  ck_assert (gtk_widget_get_visible (wb_tool_palette_get_button (palette, "elevation")));
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "elevation");
  ck_assert (wb_map_view_get_editing (view));
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.elevation", "i", 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.elevation-up", NULL);
  ck_assert_int_eq (wb_map_editor_get_elevation (wb_window_get_map_editor (window)), 4);
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.brush-radius", "i", 1);

  canvas_drag (view, 6, 6, 6, 9);
  for (int r = 5; r <= 10; r++)
    ck_assert_int_eq (wb_hex_map_get_elevation (map, (WbOffset) { 6, r }), 4);
  /* Radius 1: the neighbouring columns too. */
  ck_assert_int_eq (wb_hex_map_get_elevation (map, (WbOffset) { 5, 7 }), 4);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, (WbOffset) { 7, 8 }), 4);
  ck_assert_int_ne (wb_hex_map_get_elevation (map, (WbOffset) { 9, 8 }), 4);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (stack), "Set elevation of "));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  after = dump (window);
  ck_assert_str_eq (after, before);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_label_tool)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  GtkWidget *popover, *entry;
  double x, y;

  ck_assert_ptr_null (wb_hex_map_get_label (map, (WbOffset) { 4, 12 }));
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "label");
  hex_centre (map, 4, 12, &x, &y);
  g_signal_emit_by_name (view, "edit-begin", x, y);
  g_signal_emit_by_name (view, "edit-end", x, y);

  /* A popover at the hex, with an entry: Enter names the hex. */
  popover = find_popover (GTK_WIDGET (view));
  ck_assert_ptr_nonnull (popover);
  entry = find_entry (popover);
  ck_assert_ptr_nonnull (entry);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  gtk_editable_set_text (GTK_EDITABLE (entry), "  Brock crossroads ");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (wb_hex_map_get_label (map, (WbOffset) { 4, 12 }), "Brock crossroads");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);

  /* Again on the same hex: the entry shows the label; emptying it clears. */
  g_signal_emit_by_name (view, "edit-begin", x, y);
  g_signal_emit_by_name (view, "edit-end", x, y);
  popover = find_popover (GTK_WIDGET (view));
  entry = find_entry (popover);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "Brock crossroads");
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_ptr_null (wb_hex_map_get_label (map, (WbOffset) { 4, 12 }));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert_str_eq (wb_hex_map_get_label (map, (WbOffset) { 4, 12 }), "Brock crossroads");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert_ptr_null (wb_hex_map_get_label (map, (WbOffset) { 4, 12 }));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_mark_tool)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *before = dump (window);
  WbMapMark *mark;
  guint n;

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "mark");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.mark", "s", "hickman");
  ck_assert_str_eq (wb_map_editor_get_mark (editor), "hickman");
  n = wb_hex_map_find_mark (map, "hickman")->hexes->len;

  /* A drag over hexes outside the mark adds them, as one step. */
  canvas_drag (view, 2, 3, 2, 5);
  mark = wb_hex_map_find_mark (map, "hickman");
  ck_assert_uint_eq (mark->hexes->len, n + 3);
  ck_assert (wb_map_mark_has_hex (mark, (WbOffset) { 2, 4 }));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add 3 hexes to “Hickman”");

  /* One that starts on a marked hex takes hexes out. */
  canvas_drag (view, 2, 4, 2, 5);
  mark = wb_hex_map_find_mark (map, "hickman");
  ck_assert_uint_eq (mark->hexes->len, n + 1);
  ck_assert (!wb_map_mark_has_hex (mark, (WbOffset) { 2, 5 }));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_mark_dialog)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  g_autofree char *before = dump (window);
  WbMarkDialog *dialog;
  WbMapMark *mark;
  const char *id;

  /* New: Union supply source, 2 VP. */
  dialog = WB_MARK_DIALOG (wb_mark_dialog_new (GTK_WINDOW (window), editor, NULL));
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_editable_set_text (GTK_EDITABLE (wb_mark_dialog_get_name_entry (dialog)), "Union depot");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (wb_mark_dialog_get_kind_dropdown (dialog)), 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (wb_mark_dialog_get_side_dropdown (dialog)), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (wb_mark_dialog_get_vp_spin (dialog)), 2);
  wb_mark_dialog_apply (dialog);

  id = wb_map_editor_get_mark (editor);
  ck_assert_str_eq (id, "union-depot");
  mark = wb_hex_map_find_mark (map, id);
  ck_assert_ptr_nonnull (mark);
  ck_assert_str_eq (mark->name, "Union depot");
  ck_assert_str_eq (mark->kind, "supply");
  ck_assert_str_eq (mark->side, "union");
  ck_assert_int_eq (mark->vp, 2);

  /* Edit: both sides, set-up area. */
  dialog = WB_MARK_DIALOG (wb_mark_dialog_new (GTK_WINDOW (window), editor, id));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (wb_mark_dialog_get_name_entry (dialog))),
                    "Union depot");
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (wb_mark_dialog_get_side_dropdown (dialog))), 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (wb_mark_dialog_get_kind_dropdown (dialog)), 3);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (wb_mark_dialog_get_side_dropdown (dialog)), 0);
  wb_mark_dialog_apply (dialog);
  mark = wb_hex_map_find_mark (map, id);
  ck_assert_str_eq (mark->kind, "setup");
  ck_assert_ptr_null (mark->side);

  /* Delete, then undo all three. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.delete-mark", "s", id);
  ck_assert_ptr_null (wb_hex_map_find_mark (map, "union-depot"));
  /* The entry row of the scenario cannot go. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.delete-mark", "s", "row-01");
  ck_assert_ptr_nonnull (wb_hex_map_find_mark (map, "row-01"));
  ck_assert (strstr (wb_map_editor_get_status (editor), "row-01") != NULL);

  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static void
click (WbMapView *view,
       double     x,
       double     y)
{
  g_signal_emit_by_name (view, "edit-begin", x, y);
  g_signal_emit_by_name (view, "edit-end", x, y);
}

START_TEST (test_line_tool)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbMap *map = wb_map_view_get_map (view);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  GPtrArray *lines = wb_map_get_lines (map);
  g_autofree char *before = dump (window);
  GtkWidget *popover, *entry;
  WbMapLine *line;
  guint n, n_lines = lines->len;

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "line");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.line-style", "s", "vp-line");
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.line-side", "s", "union");
  click (view, 40, 60);
  click (view, 140, 80);
  click (view, 240, 200);
  wb_map_editor_get_sketch (editor, &n);
  ck_assert_uint_eq (n, 3);
  /* Backspace takes the last point back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.remove-line-point", NULL);
  wb_map_editor_get_sketch (editor, &n);
  ck_assert_uint_eq (n, 2);
  click (view, 260, 220);
  ck_assert_uint_eq (lines->len, n_lines);

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.finish-line", NULL);
  ck_assert_ptr_null (wb_map_editor_get_sketch (editor, &n));
  ck_assert_uint_eq (lines->len, n_lines + 1);
  line = g_ptr_array_index (lines, n_lines);
  ck_assert_str_eq (line->style, "vp-line");
  ck_assert_str_eq (line->side, "union");
  ck_assert_uint_eq (line->points->len, 3);
  ck_assert_double_eq (g_array_index (line->points, WbMapPoint, 2).x, 260);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);

  /* A click on the line offers its name; Enter applies it. */
  click (view, 90, 70);
  ck_assert_ptr_null (wb_map_editor_get_sketch (editor, &n));
  popover = find_popover (GTK_WIDGET (view));
  ck_assert_ptr_nonnull (popover);
  entry = find_entry (popover);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Blue VP line");
  g_signal_emit_by_name (entry, "activate");
  line = g_ptr_array_index (lines, n_lines);
  ck_assert_str_eq (line->name, "Blue VP line");
  ck_assert_str_eq (line->style, "vp-line");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.delete-line", "u", n_lines);
  ck_assert_uint_eq (lines->len, n_lines);

  /* Escape drops a sketch without a step. */
  click (view, 300, 300);
  click (view, 320, 330);
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.cancel-line", NULL);
  ck_assert_ptr_null (wb_map_editor_get_sketch (editor, &n));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);

  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_add_delete_map)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbGame *game = wb_window_get_game (window);
  WbMap *first = wb_map_view_get_map (view);
  WbNewGameDialog *dialog;
  GtkWidget *title;
  WbMap *added;

  /* Add Map… opens the New Game dialog in its Add Map mode. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-map", NULL);
  dialog = NULL;
  {
    g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

    for (GList *l = toplevels; l != NULL; l = l->next)
      if (WB_IS_NEW_GAME_DIALOG (l->data))
        dialog = l->data;
  }
  ck_assert_ptr_nonnull (dialog);
  ck_assert_str_eq (gtk_window_get_title (GTK_WINDOW (dialog)), "Add Map");
  title = find_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);
  ck_assert_ptr_nonnull (title);
  gtk_editable_set_text (GTK_EDITABLE (title), "Orange Court House");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.create", NULL);

  ck_assert_uint_eq (wb_game_get_maps (game)->len, 2);
  added = wb_game_find_map (game, "orange-court-house");
  ck_assert_ptr_nonnull (added);
  ck_assert_str_eq (wb_map_get_name (added), "Orange Court House");
  /* A hex map of the game's first terrain, shown at once. */
  ck_assert (WB_IS_HEX_MAP (added));
  ck_assert_str_eq (wb_hex_map_get_terrain (WB_HEX_MAP (added), (WbOffset) { 0, 0 }),
                    ((WbTerrainType *) g_ptr_array_index (wb_game_get_terrain (game), 0))->id);
  ck_assert_ptr_eq (wb_map_view_get_map (view), added);

  /* Undo takes it out and the view goes back to the first map. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert_uint_eq (wb_game_get_maps (game)->len, 1);
  ck_assert_ptr_eq (wb_map_view_get_map (view), first);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  ck_assert_uint_eq (wb_game_get_maps (game)->len, 2);

  /* Delete This Map, on the new one. */
  ck_assert (wb_sidebar_select (WB_SIDEBAR (wb_window_get_sidebar (window)), added, NULL));
  ck_assert_ptr_eq (wb_map_view_get_map (view), added);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-map", NULL);
  ck_assert_uint_eq (wb_game_get_maps (game)->len, 1);
  ck_assert_ptr_eq (wb_map_view_get_map (view), first);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert_ptr_eq (wb_game_find_map (game, "orange-court-house"), added);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_hex_feature_tool)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *before = dump (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "editor.tool", "s", "hex-feature");
  ck_assert_ptr_nonnull (wb_map_editor_get_hex_feature (editor));
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.hex-feature", "s", "town");
  ck_assert_str_eq (wb_map_editor_get_hex_feature (editor), "town");
  /* Not a hex feature: refused. */
  gtk_widget_activate_action (GTK_WIDGET (window), "editor.hex-feature", "s", "road");
  ck_assert_str_eq (wb_map_editor_get_hex_feature (editor), "town");

  ck_assert (!wb_hex_map_has_hex_feature (map, (WbOffset) { 3, 20 }, "town"));
  canvas_drag (view, 3, 20, 3, 22);
  for (int r = 20; r <= 22; r++)
    ck_assert (wb_hex_map_has_hex_feature (map, (WbOffset) { 3, r }, "town"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add Town to 3 hexes");

  /* Starting on a town takes towns off. */
  canvas_drag (view, 3, 21, 3, 22);
  ck_assert (wb_hex_map_has_hex_feature (map, (WbOffset) { 3, 20 }, "town"));
  ck_assert (!wb_hex_map_has_hex_feature (map, (WbOffset) { 3, 22 }, "town"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  ck_assert (wb_hex_map_has_hex_feature (map, (WbOffset) { 3, 22 }, "town"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  ck_assert (wb_hex_map_has_hex_feature (map, (WbOffset) { 3, 21 }, "town"));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-annotate");
  TCase *tc;

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }

  tc = tcase_create ("annotate");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_elevation_brush);
  tcase_add_test (tc, test_label_tool);
  tcase_add_test (tc, test_mark_tool);
  tcase_add_test (tc, test_mark_dialog);
  tcase_add_test (tc, test_line_tool);
  tcase_add_test (tc, test_add_delete_map);
  tcase_add_test (tc, test_hex_feature_tool);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
