/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-inspector"

#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "wb-edit.h"
#include "wb-inspector.h"
#include "wb-point-map-commands.h"
#include "wb-map-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The inspector pane and the selection: select through the editor's API,
 * change values through the inspector's widgets, check the model, undo.
 * With WARBENCH_SHOT_DIR set, the window is saved as a PNG there after the
 * hex and the location tests. */

static const char *source_dir;

static WbWindow *
open_bundled (const char *name)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (source_dir, "data", "games", base, NULL);
  WbWindow *window = open_window (path);
  WbMapView *view = wb_window_get_map_view (window);

  ck_assert_msg (wb_window_get_game (window) != NULL, "%s did not load", name);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_for_draw (view);
  wait_until_settled (view);
  return window;
}

static WbInspector *
inspector_of (WbWindow *window)
{
  return WB_INSPECTOR (wb_window_get_inspector (window));
}

static GtkWidget *
field (WbWindow   *window,
       const char *name)
{
  GtkWidget *widget = wb_inspector_get_field (inspector_of (window), name);

  ck_assert_msg (widget != NULL, "no field %s", name);
  return widget;
}

static void
undo (WbWindow *window)
{
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
}

static void
set_text_view (GtkWidget  *view,
               const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
}

static gboolean
inspector_revealed (gpointer data)
{
  GtkWidget *inspector = data;

  return gtk_widget_get_mapped (inspector) && gtk_widget_get_width (inspector) > 0;
}

START_TEST (test_hex_inspector)
{
  WbWindow *window = open_bundled ("chickasaw-bayou");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbOffset hex = { 5, 6 };
  const char *old_terrain = wb_hex_map_get_terrain (map, hex);
  GPtrArray *terrain = wb_game_get_terrain (game);
  GtkWidget *dropdown, *spin, *entry, *check;
  guint other = 0;
  double x, y;

  /* Shown by default while a map is edited, with a hint. */
  ck_assert_msg (spin_until (inspector_revealed, wb_window_get_inspector (window), 3000),
                 "the inspector is not shown");
  ck_assert_ptr_nonnull (field (window, "hint"));
  ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_NONE);

  /* A Select click in the middle of a hex picks the hex; near an edge,
   * the hexside. */
  hex_centre (map, hex.col, hex.row, &x, &y);
  wb_map_editor_click (editor, x, y);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_HEX);
  ck_assert (wb_offset_equal (wb_map_editor_get_selection (editor)->hex, hex));
  ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_POLYGON);
  {
    double nx, ny;

    hex_centre (map, hex.col, hex.row + 1, &nx, &ny);
    wb_map_editor_click (editor, x + (nx - x) * 0.47, y + (ny - y) * 0.47);
    ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_HEXSIDE);
    ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_SEGMENT);
  }

  wb_map_editor_select_hex (editor, hex);
  {
    char number[16];
    g_autofree char *title = NULL;

    wb_hex_map_format_hex (map, hex, number, sizeof number);
    title = g_strdup_printf ("Hex %s", number);
    ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (field (window, "title"))), title);
  }

  /* Terrain: the drop-down paints the hex; undo puts it back and the
   * drop-down follows. */
  dropdown = field (window, "terrain");
  while (((WbTerrainType *) g_ptr_array_index (terrain, other))->id == old_terrain)
    other++;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), other);
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, hex),
                    ((WbTerrainType *) g_ptr_array_index (terrain, other))->id);
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (stack), "Paint 1 hex "));
  undo (window);
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, hex), old_terrain);
  ck_assert_ptr_eq (((WbTerrainType *) g_ptr_array_index (terrain, gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown))))->id,
                    old_terrain);

  /* Elevation. */
  spin = field (window, "elevation");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 3);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, hex), 3);
  undo (window);
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)),
                    wb_hex_map_get_elevation (map, hex));

  /* Label, applied on Enter. */
  entry = field (window, "label");
  gtk_editable_set_text (GTK_EDITABLE (entry), "Mrs. Lake's");
  ck_assert_ptr_null (wb_hex_map_get_label (map, hex));
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (wb_hex_map_get_label (map, hex), "Mrs. Lake's");

  /* A hex feature. */
  check = field (window, "feature:trench");
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  ck_assert (wb_hex_map_has_hex_feature (map, hex, "trench"));
  save_shot (GTK_WIDGET (window), "inspector-hex.png", 300);
  undo (window);
  ck_assert (!wb_hex_map_has_hex_feature (map, hex, "trench"));
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  undo (window);
  ck_assert_ptr_null (wb_hex_map_get_label (map, hex));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  {
    g_autofree char *after = wb_game_to_data (game, NULL);

    ck_assert_str_eq (after, before);
  }

  /* Map marks that include a hex are listed. */
  {
    GPtrArray *marks = wb_hex_map_get_marks (map);
    WbMapMark *mark = g_ptr_array_index (marks, 0);

    wb_map_editor_select_hex (editor, g_array_index (mark->hexes, WbOffset, 0));
    ck_assert_msg (strstr (gtk_label_get_label (GTK_LABEL (field (window, "marks"))), mark->name) != NULL,
                   "%s not in %s", mark->name, gtk_label_get_label (GTK_LABEL (field (window, "marks"))));
  }

  /* Escape: nothing selected, the hint again. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "editor.clear-selection", NULL));
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);
  ck_assert_ptr_nonnull (field (window, "hint"));
  ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_NONE);

  /* Ctrl+I's action hides and shows it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  {
    gboolean shown = TRUE;

    g_object_get (window, "show-inspector", &shown, NULL);
    ck_assert (!shown);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_hexside_inspector)
{
  WbWindow *window = open_bundled ("chickasaw-bayou");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbOffset hex = { 8, 8 };
  int dir = 2;
  GtkWidget *check;

  wb_map_editor_select_hexside (editor, hex, dir);
  {
    char number[16];
    g_autofree char *prefix = NULL;

    wb_hex_map_format_hex (map, hex, number, sizeof number);
    prefix = g_strdup_printf ("Hexside %s – ", number);
    ck_assert (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (field (window, "title"))), prefix));
  }
  check = field (window, "feature:creek");
  ck_assert (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) ==
             wb_hex_map_has_side_feature (map, hex, dir, "creek"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                               !gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  ck_assert (wb_hex_map_has_side_feature (map, hex, dir, "creek") ==
             gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  /* The neighbour sees the same hexside. */
  {
    WbOffset n = wb_hex_neighbour (wb_hex_map_get_layout (map), hex, dir);

    ck_assert (wb_hex_map_has_side_feature (map, n, (dir + 3) % 6, "creek") ==
               gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  }
  undo (window);
  ck_assert (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) ==
             wb_hex_map_has_side_feature (map, hex, dir, "creek"));
  /* Roads are hexside features too. */
  ck_assert_ptr_nonnull (field (window, "feature:pike"));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_location_inspector)
{
  WbWindow *window = open_bundled ("grants-gamble");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbPointMap *map = WB_POINT_MAP (wb_map_view_get_map (view));
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbLocation *loc = wb_point_map_find_location (map, "sperryville");
  GtkWidget *entry;
  guint steps;

  /* A Select click on the marker picks the location. */
  wb_map_editor_click (editor, loc->x + 2, loc->y + 1);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_LOCATION);
  ck_assert_str_eq (wb_map_editor_get_selected_location (editor), "sperryville");
  ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_CIRCLE);
  ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (field (window, "title"))), "Sperryville");
  ck_assert (gtk_check_button_get_active (GTK_CHECK_BUTTON (field (window, "supply:union"))));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (window, "fortress")), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (window, "fortress")), 3);
  ck_assert_int_eq (loc->fortress, 3);
  /* Stepping a spin button is one step. */
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set fortress of “Sperryville”");
  steps = wb_undo_stack_get_n_undo (stack);
  ck_assert_uint_eq (steps, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (window, "vp")), 5);
  ck_assert_int_eq (loc->vp, 5);
  /* The label, from the keyboard: the offset keeps its other half. */
  ck_assert (loc->label_dx == 0 && loc->label_dy == -24);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (window, "label-dx")), 15);
  ck_assert (loc->label_dx == 15 && loc->label_dy == -24);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (window, "major")), TRUE);
  ck_assert (loc->major);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (window, "port")), TRUE);
  ck_assert (loc->port);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (window, "supply:confederate")), TRUE);
  ck_assert_uint_eq (loc->supply->len, 2);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (window, "replacement:union")), TRUE);
  ck_assert_uint_eq (loc->replacement->len, 1);

  entry = field (window, "tags");
  gtk_editable_set_text (GTK_EDITABLE (entry), "valley,  north-of-rappahannock ,");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_uint_eq (loc->tags->len, 2);
  ck_assert_str_eq (g_ptr_array_index (loc->tags, 1), "north-of-rappahannock");
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "valley, north-of-rappahannock");

  /* A bad tag is refused, said so, and the field shows the model again. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "a tag with spaces");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_uint_eq (loc->tags->len, 2);
  ck_assert (gtk_widget_get_visible (field (window, "error")));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "valley, north-of-rappahannock");

  /* The note is applied when the focus leaves it. */
  gtk_widget_grab_focus (field (window, "note"));
  set_text_view (field (window, "note"), "Held by Sigel in 1862.");
  gtk_widget_grab_focus (field (window, "name"));
  spin_for (50);
  ck_assert_str_eq (loc->note, "Held by Sigel in 1862.");

  entry = field (window, "name");
  gtk_editable_set_text (GTK_EDITABLE (entry), "Sperryville Gap");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (loc->name, "Sperryville Gap");
  ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (field (window, "title"))), "Sperryville Gap");
  save_shot (GTK_WIDGET (window), "inspector-location.png", 300);

  while (wb_undo_stack_get_can_undo (stack))
    undo (window);
  {
    g_autofree char *after = wb_game_to_data (game, NULL);

    ck_assert_str_eq (after, before);
  }
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (window, "name"))), "Sperryville");
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (window, "fortress"))), 0);
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (field (window, "supply:confederate"))));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_connection_inspector)
{
  WbWindow *window = open_bundled ("grants-gamble");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbPointMap *map = WB_POINT_MAP (wb_map_view_get_map (view));
  GPtrArray *connections = wb_point_map_get_connections (map);
  WbGame *game = wb_window_get_game (window);
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbConnection *c = NULL;
  WbLocation *a, *b;
  guint index = 0;
  GtkWidget *dropdown;

  for (guint i = 0; i < connections->len && c == NULL; i++)
    if (g_str_equal (((WbConnection *) g_ptr_array_index (connections, i))->klass, "road"))
      {
        c = g_ptr_array_index (connections, i);
        index = i;
      }
  ck_assert_ptr_nonnull (c);
  a = wb_point_map_find_location (map, c->a);
  b = wb_point_map_find_location (map, c->b);

  /* A click on the middle of its line picks the connection. */
  wb_map_editor_click (editor, (a->x + b->x) / 2, (a->y + b->y) / 2);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_CONNECTION);
  ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_SEGMENT);
  {
    g_autofree char *status = g_strdup_printf ("Road: %s – %s", a->name, b->name);

    ck_assert_str_eq (wb_map_editor_get_status (editor), status);
  }
  wb_map_editor_select_connection (editor, index);
  ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (field (window, "from"))), a->name);

  dropdown = field (window, "class");
  ck_assert_str_eq (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown)))),
                    "Road");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), 1);
  ck_assert_str_eq (c->klass, "railroad");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (window, "feature:mountain")),
                               !gtk_check_button_get_active (GTK_CHECK_BUTTON (field (window, "feature:mountain"))));
  ck_assert (gtk_check_button_get_active (GTK_CHECK_BUTTON (field (window, "feature:mountain"))) ==
             (c->crossings->len > 0 && g_ptr_array_find_with_equal_func (c->crossings, "mountain", g_str_equal, NULL)));
  undo (window);
  undo (window);
  ck_assert_str_eq (c->klass, "road");
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), 0);
  {
    g_autofree char *after = wb_game_to_data (game, NULL);

    ck_assert_str_eq (after, before);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Move Location on a label moves only the label, in one step; adding a
 * location updates the sidebar's count. */
START_TEST (test_label_drag_and_sidebar)
{
  WbWindow *window = open_bundled ("grants-gamble");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbPointMap *map = WB_POINT_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbLocation *loc = wb_point_map_find_location (map, "washington-dc");
  double x = loc->x, y = loc->y, dx = loc->label_dx, dy = loc->label_dy;
  guint n = wb_point_map_get_locations (map)->len;
  g_autofree char *count = NULL;
  g_autofree char *more = NULL;

  wb_map_editor_set_tool (editor, WB_TOOL_MOVE);
  wb_map_editor_begin (editor, x + dx, y + dy);
  wb_map_editor_update (editor, x + dx + 10, y + dy + 5);
  wb_map_editor_update (editor, x + dx + 20, y + dy + 30);
  wb_map_editor_end (editor, x + dx + 20, y + dy + 30);
  ck_assert (loc->x == x && loc->y == y);
  ck_assert_msg (loc->label_dx == dx + 20 && loc->label_dy == dy + 30, "label at %g, %g",
                 loc->label_dx, loc->label_dy);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Move label of “Washington DC”");
  undo (window);
  ck_assert (loc->label_dx == dx && loc->label_dy == dy);

  /* A press on the marker still moves the location. */
  wb_map_editor_begin (editor, x, y);
  wb_map_editor_end (editor, x + 5, y);
  ck_assert (loc->x == x + 5);

  count = g_strdup_printf ("Point-to-point · %u locations", n);
  more = g_strdup_printf ("Point-to-point · %u locations", n + 1);
  ck_assert (has_label (GTK_WIDGET (wb_window_get_sidebar (window)), count));
  wb_map_editor_set_tool (editor, WB_TOOL_ADD_LOCATION);
  wb_map_editor_begin (editor, 20, 20);
  wb_map_editor_end (editor, 20, 20);
  ck_assert_uint_eq (wb_point_map_get_locations (map)->len, n + 1);
  ck_assert (has_label (GTK_WIDGET (wb_window_get_sidebar (window)), more));
  /* The name is asked for in a popover pointing at the new location on
   * the canvas. */
  {
    GtkWidget *palette = wb_window_get_tool_palette (window);
    GtkWidget *popover = NULL;
    GdkRectangle rect;
    double wx, wy, px, py;

    for (GtkWidget *child = gtk_widget_get_first_child (palette); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_POPOVER (child))
        popover = child;
    ck_assert_ptr_nonnull (popover);
    ck_assert (gtk_widget_get_visible (popover));
    ck_assert (gtk_popover_get_pointing_to (GTK_POPOVER (popover), &rect));
    wb_map_view_map_to_widget (wb_window_get_map_view (window), 20, 20, &wx, &wy);
    ck_assert (gtk_widget_translate_coordinates (GTK_WIDGET (wb_window_get_map_view (window)),
                                                 palette, wx, wy, &px, &py));
    ck_assert_msg (fabs (rect.x + rect.width / 2.0 - px) <= 2 && fabs (rect.y + rect.height / 2.0 - py) <= 2,
                   "the popover points at %d, %d, the location is at %g, %g", rect.x, rect.y, px, py);
    gtk_popover_popdown (GTK_POPOVER (popover));
  }

  /* The new location is selected and shown. */
  ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (field (window, "title"))), "New location 1");

  /* Its label sits under the marker (no offset); it is picked where the
   * renderer puts it, and gets an offset. */
  {
    WbLocation *plain = wb_point_map_find_location (map, "new-location-1");

    ck_assert (plain->label_dx == 0 && plain->label_dy == 0);
    wb_map_editor_set_tool (editor, WB_TOOL_MOVE);
    wb_map_editor_begin (editor, plain->x, plain->y + 18);
    wb_map_editor_end (editor, plain->x + 10, plain->y + 28);
    ck_assert (plain->x == 20 && plain->y == 20);
    ck_assert_msg (plain->label_dx == 10 && plain->label_dy == 28, "label at %g, %g",
                   plain->label_dx, plain->label_dy);
    undo (window);
    ck_assert (plain->label_dx == 0 && plain->label_dy == 0);
  }
  undo (window);
  ck_assert (has_label (GTK_WIDGET (wb_window_get_sidebar (window)), count));
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);
  ck_assert_ptr_nonnull (field (window, "hint"));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static void
count_signal (guint *count)
{
  (*count)++;
}

static WbGame *
load_game (const char *name)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (source_dir, "data", "games", base, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* The controller's selection on its own: what a click picks, one signal
 * per change, and the selection following the map through edits and
 * undo. */
START_TEST (test_selection_follows_model)
{
  g_autoptr(WbGame) hex_game = load_game ("chickasaw-bayou");
  g_autoptr(WbGame) game = load_game ("grants-gamble");
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbMapEditor) editor = wb_map_editor_new ();
  WbPointMap *map = WB_POINT_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
  WbHexMap *hex_map = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (hex_game), 0));
  GPtrArray *connections = wb_point_map_get_connections (map);
  const WbSelection *sel;
  WbConnection *c, *first;
  WbOffset hex = { 4, 4 };
  guint changes = 0;
  double x, y;

  g_signal_connect_swapped (editor, "selection-changed", G_CALLBACK (count_signal), &changes);

  /* Hex maps: a hex, the same hex again (no signal), off the map. */
  wb_map_editor_set_target (editor, hex_game, WB_MAP (hex_map), stack);
  changes = 0;
  hex_centre (hex_map, hex.col, hex.row, &x, &y);
  wb_map_editor_select_at (editor, x, y);
  wb_map_editor_select_at (editor, x + 1, y);
  ck_assert_uint_eq (changes, 1);
  sel = wb_map_editor_get_selection (editor);
  ck_assert_int_eq (sel->kind, WB_SELECTION_HEX);
  ck_assert (wb_offset_equal (sel->hex, hex));
  wb_map_editor_select_at (editor, -500, -500);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);
  ck_assert_uint_eq (changes, 2);
  /* A location is not a thing on a hex map. */
  wb_map_editor_select_location (editor, "sperryville");
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);

  /* Another map: nothing selected. */
  wb_map_editor_select_hex (editor, hex);
  wb_map_editor_set_target (editor, game, WB_MAP (map), stack);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);

  /* A connection after the first one keeps being selected when the
   * first is deleted (its index moves) and when that is undone. */
  first = g_ptr_array_index (connections, 0);
  wb_map_editor_select_connection (editor, 3);
  c = g_ptr_array_index (connections, 3);
  sel = wb_map_editor_get_selection (editor);
  ck_assert_int_eq (sel->kind, WB_SELECTION_CONNECTION);
  ck_assert_ptr_eq (sel->a, c->a);
  {
    g_autoptr(WbCommand) cmd = wb_command_disconnect_new (map, first->a, first->b, first->klass,
                                                          NULL, NULL);

    ck_assert (wb_edit_push (game, stack, cmd, NULL));
  }
  sel = wb_map_editor_get_selection (editor);
  ck_assert_int_eq (sel->kind, WB_SELECTION_CONNECTION);
  ck_assert_uint_eq (sel->connection, 2);
  ck_assert_ptr_eq (g_ptr_array_index (connections, 2), c);
  ck_assert (wb_edit_undo (game, stack));
  ck_assert_uint_eq (wb_map_editor_get_selection (editor)->connection, 3);

  /* A selected location deleted is unselected, with a signal; the undo
   * does not select it again. */
  wb_map_editor_select_location (editor, "sperryville");
  changes = 0;
  {
    g_autoptr(WbCommand) cmd = wb_command_delete_location_new (game, map, "sperryville");

    ck_assert (wb_edit_push (game, stack, cmd, NULL));
  }
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);
  ck_assert_ptr_null (wb_map_editor_get_selected_location (editor));
  ck_assert_uint_eq (changes, 1);
  ck_assert (wb_edit_undo (game, stack));
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);

  /* Escape's action: back to Select, nothing selected. */
  wb_map_editor_select_location (editor, "sperryville");
  wb_map_editor_set_tool (editor, WB_TOOL_MOVE);
  g_action_group_activate_action (wb_map_editor_get_actions (editor), "clear-selection", NULL);
  ck_assert_str_eq (wb_map_editor_get_tool (editor), WB_TOOL_SELECT);
  ck_assert_int_eq (wb_map_editor_get_selection (editor)->kind, WB_SELECTION_NONE);

  wb_map_editor_set_target (editor, NULL, NULL, NULL);
}
END_TEST


/* The inspector's text fields commit or revert as one undoable edit
 * (issue 15 item 2): a hex's label, a location's name and its regions. */
typedef struct
{
  WbWindow   *window;
  const char *field;
  WbOffset    hex;
  const char *location;
} InspectorField;

static GtkWidget *
inspector_entry (gpointer data)
{
  InspectorField *f = data;

  return field (f->window, f->field);
}

static char *
inspector_model (gpointer data)
{
  InspectorField *f = data;
  WbMap *map = wb_map_view_get_map (wb_window_get_map_view (f->window));
  WbLocation *loc;
  g_autoptr(GString) tags = g_string_new (NULL);

  if (g_str_equal (f->field, "label"))
    return g_strdup (wb_hex_map_get_label (WB_HEX_MAP (map), f->hex) ? wb_hex_map_get_label (WB_HEX_MAP (map), f->hex)
                                                                     : "");
  loc = wb_point_map_find_location (WB_POINT_MAP (map), f->location);
  if (g_str_equal (f->field, "name"))
    return g_strdup (loc->name ? loc->name : loc->id);
  for (guint i = 0; i < loc->tags->len; i++)
    g_string_append_printf (tags, "%s%s", i > 0 ? ", " : "", (char *) g_ptr_array_index (loc->tags, i));
  return g_string_free (g_steal_pointer (&tags), FALSE);
}

START_TEST (test_text_fields)
{
  WbWindow *window = open_bundled ("chickasaw-bayou");
  InspectorField f = { window, "label", { 5, 6 }, NULL };
  FieldDrive d = { inspector_entry, inspector_model, &f, wb_window_get_undo_stack (window),
                   GTK_WIDGET (window), "win.undo", "Walnut Hills", NULL, NULL };

  wb_map_editor_select_hex (wb_window_get_map_editor (window), f.hex);
  drive_text_field (&d);
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_bundled ("grants-gamble");
  f = (InspectorField) { window, "name", { 0, 0 }, "sperryville" };
  d.stack = wb_window_get_undo_stack (window);
  d.undo_widget = GTK_WIDGET (window);
  d.good = "Sperryville Gap";
  d.bad = "   ";   /* a location needs a name */
  wb_map_editor_select_location (wb_window_get_map_editor (window), "sperryville");
  drive_text_field (&d);
  /* A refused name, as it looks (WARBENCH_SHOT_DIR): the field marked. */
  gtk_editable_set_text (GTK_EDITABLE (field (window, "name")), "");
  g_signal_emit_by_name (field (window, "name"), "activate");
  ck_assert (gtk_widget_has_css_class (field (window, "name"), "error"));
  ck_assert (gtk_widget_get_visible (field (window, "error")));
  save_shot (GTK_WIDGET (window), "field-refused.png", 300);
  field_key (field (window, "name"), GDK_KEY_Escape, 0);
  ck_assert (!gtk_widget_has_css_class (field (window, "name"), "error"));

  f.field = "tags";
  d.good = "valley ,north";
  d.good_model = "valley, north";
  d.bad = "a tag with spaces";
  drive_text_field (&d);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST


/* A popover form's field (the Label tool's, the location rename's): Ctrl+Z
 * puts back the text it opened with; with none it closes the form and is
 * the game's undo; Enter applies it as one edit; a refused name is marked
 * and the popover stays (issue 15 item 2). */
static GtkWidget *
popover_entry (GtkWidget *parent)
{
  for (GtkWidget *w = gtk_widget_get_first_child (parent); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_POPOVER (w) && gtk_widget_get_visible (w) && (found = find_type (w, GTK_TYPE_ENTRY)) != NULL)
        return found;
      if ((found = popover_entry (w)) != NULL)
        return found;
    }
  return NULL;
}

START_TEST (test_popover_fields)
{
  WbWindow *window = open_bundled ("chickasaw-bayou");
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbOffset hex = { 5, 6 };
  guint n = wb_undo_stack_get_n_undo (stack);
  GtkWidget *entry, *popover;
  WbLocation *loc;

  g_signal_emit_by_name (editor, "label-requested", hex.col, hex.row, "", 100.0, 100.0);
  entry = popover_entry (GTK_WIDGET (wb_window_get_map_view (window)));
  ck_assert_ptr_nonnull (entry);
  popover = gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Walnut Hills");
  ck_assert (field_key (entry, GDK_KEY_z, GDK_CONTROL_MASK));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  ck_assert (gtk_widget_get_visible (popover));
  /* Leaving a field of the form commits nothing. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "Walnut Hills");
  gtk_root_set_focus (gtk_widget_get_root (entry), NULL);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n);
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (wb_hex_map_get_label (map, hex), "Walnut Hills");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n + 1);
  ck_assert (!gtk_widget_get_visible (popover));
  /* Clean: Ctrl+Z closes the form and goes on to the game's undo. */
  g_signal_emit_by_name (editor, "label-requested", hex.col, hex.row, "Walnut Hills", 100.0, 100.0);
  ck_assert (gtk_widget_get_visible (popover));
  ck_assert (!field_key (entry, GDK_KEY_z, GDK_CONTROL_MASK));
  ck_assert (!gtk_widget_get_visible (popover));
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_bundled ("grants-gamble");
  editor = wb_window_get_map_editor (window);
  stack = wb_window_get_undo_stack (window);
  n = wb_undo_stack_get_n_undo (stack);
  loc = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (wb_window_get_map_view (window))),
                                    "sperryville");
  g_signal_emit_by_name (editor, "rename-requested", "sperryville", loc->x, loc->y);
  entry = popover_entry (wb_window_get_tool_palette (window));
  ck_assert_ptr_nonnull (entry);
  popover = gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_signal_emit_by_name (entry, "activate");
  ck_assert (gtk_widget_has_css_class (entry, "error"));
  ck_assert (gtk_widget_get_visible (popover));
  ck_assert_str_eq (loc->name, "Sperryville");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n);
  ck_assert (field_key (entry, GDK_KEY_z, GDK_CONTROL_MASK));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "Sperryville");
  ck_assert (!gtk_widget_has_css_class (entry, "error"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Sperryville Gap");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (loc->name, "Sperryville Gap");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n + 1);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("gui-inspector");
  TCase *tc;

  source_dir = g_getenv ("WARBENCH_SOURCE_DIR");
  if (source_dir == NULL)
    {
      fprintf (stderr, "WARBENCH_SOURCE_DIR is not set: skipping the inspector tests\n");
      return s;
    }

  tc = tcase_create ("inspector");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_selection_follows_model);
  tcase_add_test (tc, test_hex_inspector);
  tcase_add_test (tc, test_hexside_inspector);
  tcase_add_test (tc, test_location_inspector);
  tcase_add_test (tc, test_connection_inspector);
  tcase_add_test (tc, test_label_drag_and_sidebar);
  tcase_add_test (tc, test_text_fields);
  tcase_add_test (tc, test_popover_fields);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
