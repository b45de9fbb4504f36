/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-region"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-map-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The region selection in the window, on Chickasaw Bayou: selecting with
 * the Select Region tool, copy and paste through the actions and the
 * system clipboard, moving by a drag, deleting, each one undo step. */

typedef struct
{
  WbWindow    *window;
  WbMapView   *view;
  WbMapEditor *editor;
  WbHexMap    *map;
  WbUndoStack *stack;
  WbHexside    side;       /* a hexside with features, both hexes inside */
  WbOffset     a, b;       /* its hexes */
} Fixture;

static void
open_bayou (Fixture *f)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GArray) sides = NULL;
  WbHexLayout layout;
  int cols, rows;

  f->window = open_window (path);
  f->view = wb_window_get_map_view (f->window);
  f->editor = wb_window_get_map_editor (f->window);
  f->stack = wb_window_get_undo_stack (f->window);
  ck_assert (WB_IS_HEX_MAP (wb_map_view_get_map (f->view)));
  f->map = WB_HEX_MAP (wb_map_view_get_map (f->view));
  layout = wb_hex_map_get_layout (f->map);
  cols = wb_hex_map_get_cols (f->map);
  rows = wb_hex_map_get_rows (f->map);

  /* A hexside with features well inside the map, in its upper left part so
   * there is room to paste to the right and below. */
  sides = wb_hex_map_list_sides (f->map);
  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside s = g_array_index (sides, WbHexside, i);
      WbOffset a, b;

      wb_hexside_hexes (layout, s, &a, &b);
      if (MIN (a.col, b.col) >= 2 && MAX (a.col, b.col) < cols / 2 &&
          MIN (a.row, b.row) >= 2 && MAX (a.row, b.row) < rows / 2)
        {
          f->side = s;
          f->a = a;
          f->b = b;
          return;
        }
    }
  ck_abort_msg ("no hexside with features in the upper left of the map");
}

/* Drags the Select Region tool over the rectangle round the centres of
 * @a and @b, with a margin of half a hex. */
static void
select_around (Fixture  *f,
               WbOffset  a,
               WbOffset  b)
{
  double size = wb_hex_map_get_hex_size (f->map);
  double ax, ay, bx, by;

  hex_centre (f->map, a.col, a.row, &ax, &ay);
  hex_centre (f->map, b.col, b.row, &bx, &by);
  wb_map_editor_set_region_mode (f->editor, WB_REGION_REPLACE);
  wb_map_editor_begin (f->editor, MIN (ax, bx) - size / 2, MIN (ay, by) - size / 2);
  wb_map_editor_update (f->editor, (ax + bx) / 2, (ay + by) / 2);
  wb_map_editor_end (f->editor, MAX (ax, bx) + size / 2, MAX (ay, by) + size / 2);
}

static gboolean
region_has (WbMapEditor *editor,
            WbOffset     hex)
{
  guint n;
  const WbOffset *hexes = wb_map_editor_get_region (editor, &n);

  for (guint i = 0; i < n; i++)
    if (wb_offset_equal (hexes[i], hex))
      return TRUE;
  return FALSE;
}

static gboolean
action_enabled (Fixture    *f,
                const char *name)
{
  return g_action_group_get_action_enabled (wb_map_editor_get_actions (f->editor), name);
}

static gboolean
same_ids (GPtrArray *x,
          GPtrArray *y)
{
  guint nx = x != NULL ? x->len : 0, ny = y != NULL ? y->len : 0;

  if (nx != ny)
    return FALSE;
  for (guint i = 0; i < nx; i++)
    if (g_ptr_array_index (x, i) != g_ptr_array_index (y, i))
      return FALSE;
  return TRUE;
}

typedef struct
{
  WbUndoStack *stack;
  guint        n;
} UndoWait;

static gboolean
undo_grew (gpointer data)
{
  UndoWait *w = data;

  return wb_undo_stack_get_n_undo (w->stack) > w->n;
}

static gboolean
clipboard_has_clip (gpointer data)
{
  GdkContentFormats *formats = gdk_clipboard_get_formats (data);

  return gdk_content_formats_contain_mime_type (formats, WB_HEX_CLIP_MIME_TYPE) &&
         gdk_content_formats_contain_mime_type (formats, "text/plain");
}

/* Select, copy, paste elsewhere through the actions: terrain, levels and
 * the hexside copied; the pasted hexes become the selection; one undo
 * restores the file. */
START_TEST (test_copy_paste)
{
  Fixture f;
  WbHexLayout layout;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GArray) src = NULL;
  g_autoptr(GArray) dst = NULL;
  g_autoptr(GPtrArray) side_features = NULL;
  g_autoptr(GPtrArray) terrain = g_ptr_array_new ();
  GdkClipboard *clipboard;
  WbHexClip *clip;
  WbOffset anchor;
  UndoWait wait;
  guint n;
  int dir;

  open_bayou (&f);
  layout = wb_hex_map_get_layout (f.map);
  clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f.window));
  side_features = g_ptr_array_copy (wb_hex_map_get_side_features (f.map, f.side.hex, f.side.dir),
                                    NULL, NULL);

  ck_assert (!action_enabled (&f, "copy"));
  ck_assert (!action_enabled (&f, "delete-region"));
  ck_assert (action_enabled (&f, "select-all"));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.tool", "s", WB_TOOL_REGION);
  ck_assert (wb_map_view_get_editing (f.view));
  select_around (&f, f.a, f.b);
  ck_assert (region_has (f.editor, f.a));
  ck_assert (region_has (f.editor, f.b));
  wb_map_editor_get_region (f.editor, &n);
  ck_assert_uint_ge (n, 2);
  ck_assert_uint_ge (wb_map_view_get_region_loops (f.view), 1);
  ck_assert (action_enabled (&f, "copy"));
  ck_assert (action_enabled (&f, "cut"));
  ck_assert (g_str_has_suffix (wb_map_editor_get_status (f.editor), "hexes selected"));

  /* Shift adds, Ctrl takes out: a click on a far hex. */
  {
    WbOffset far = { f.a.col + 6, f.a.row };
    double x, y;

    hex_centre (f.map, far.col, far.row, &x, &y);
    wb_map_editor_set_region_mode (f.editor, WB_REGION_ADD);
    wb_map_editor_begin (f.editor, x, y);
    wb_map_editor_end (f.editor, x, y);
    ck_assert (region_has (f.editor, far));
    ck_assert (region_has (f.editor, f.a));
    wb_map_editor_set_region_mode (f.editor, WB_REGION_REMOVE);
    wb_map_editor_begin (f.editor, x, y);
    wb_map_editor_end (f.editor, x, y);
    ck_assert (!region_has (f.editor, far));
    ck_assert (region_has (f.editor, f.a));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);
  }

  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.copy", NULL);
  clip = wb_map_editor_get_clip (f.editor);
  ck_assert_ptr_nonnull (clip);
  ck_assert_uint_eq (wb_hex_clip_get_n_hexes (clip), n);
  ck_assert_uint_ge (wb_hex_clip_get_n_sides (clip), 1);
  ck_assert_msg (spin_until (clipboard_has_clip, clipboard, DRAW_TIMEOUT_MS),
                 "the clip never reached the clipboard");
  ck_assert (action_enabled (&f, "paste"));

  /* What the source holds, in the clip's order. */
  src = wb_hex_clip_place (clip, layout, wb_hex_clip_get_anchor (clip));
  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (terrain, (gpointer) wb_hex_map_get_terrain (f.map, g_array_index (src, WbOffset, i)));

  /* Paste lands where the pointer is over the map, else at the
   * selection's first hex: make that one 7 columns right, 5 rows down. */
  {
    WbOffset target = { f.a.col + 7, f.a.row + 5 };

    wb_map_editor_set_region (f.editor, &target, 1);
    if (!wb_map_view_get_hover_hex (f.view, &anchor))
      anchor = target;
  }
  before = wb_game_to_data (wb_window_get_game (f.window), NULL);
  wait = (UndoWait) { f.stack, wb_undo_stack_get_n_undo (f.stack) };
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.paste", NULL);
  ck_assert_msg (spin_until (undo_grew, &wait, DRAW_TIMEOUT_MS), "the paste never happened: %s",
                 wb_map_editor_get_status (f.editor) ? wb_map_editor_get_status (f.editor) : "");
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (f.stack), "Paste "));

  dst = wb_hex_clip_place (clip, layout, anchor);
  for (guint i = 0; i < dst->len; i++)
    {
      WbOffset h = g_array_index (dst, WbOffset, i);

      if (!wb_hex_map_contains (f.map, h))
        continue;
      ck_assert_str_eq (wb_hex_map_get_terrain (f.map, h), g_ptr_array_index (terrain, i));
      ck_assert (region_has (f.editor, h));
    }
  /* The hexside came along, between the copies of its two hexes. */
  for (guint i = 0; i < src->len; i++)
    for (guint j = 0; j < src->len; j++)
      if (wb_offset_equal (g_array_index (src, WbOffset, i), f.a) &&
          wb_offset_equal (g_array_index (src, WbOffset, j), f.b))
        {
          WbOffset pa = g_array_index (dst, WbOffset, i), pb = g_array_index (dst, WbOffset, j);

          dir = wb_hex_direction_to (layout, pa, pb);
          ck_assert_int_ge (dir, 0);
          ck_assert (same_ids (wb_hex_map_get_side_features (f.map, pa, dir), side_features));
        }

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  after = wb_game_to_data (wb_window_get_game (f.window), NULL);
  ck_assert_str_eq (after, before);

  /* Another window has no clip of its own: its paste comes through the
   * system clipboard. */
  {
    Fixture g;
    UndoWait wait2;

    open_bayou (&g);
    ck_assert_ptr_null (wb_map_editor_get_clip (g.editor));
    ck_assert (action_enabled (&g, "paste"));
    wb_map_editor_set_region (g.editor, &anchor, 1);
    wait2 = (UndoWait) { g.stack, 0 };
    gtk_widget_activate_action (GTK_WIDGET (g.window), "editor.paste", NULL);
    ck_assert_msg (spin_until (undo_grew, &wait2, DRAW_TIMEOUT_MS), "no paste from the clipboard: %s",
                   wb_map_editor_get_status (g.editor) ? wb_map_editor_get_status (g.editor) : "");
    if (!wb_map_view_get_hover_hex (g.view, &anchor))
      for (guint i = 0; i < dst->len; i++)
        {
          WbOffset h = g_array_index (dst, WbOffset, i);

          if (wb_hex_map_contains (g.map, h))
            ck_assert_str_eq (wb_hex_map_get_terrain (g.map, h), g_ptr_array_index (terrain, i));
        }
    gtk_window_destroy (GTK_WINDOW (g.window));
  }

  /* Escape's action drops the selection. */
  ck_assert (action_enabled (&f, "clear-region-selection"));
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.clear-region-selection", NULL);
  wb_map_editor_get_region (f.editor, &n);
  ck_assert_uint_eq (n, 0);
  ck_assert_uint_eq (wb_map_view_get_region_loops (f.view), 0);
  ck_assert (!action_enabled (&f, "clear-region-selection"));

  gtk_window_destroy (GTK_WINDOW (f.window));
}
END_TEST

/* A drag from inside the selection moves it: the outline follows, the
 * drop is one "Move" step, and one undo restores everything. */
START_TEST (test_move_and_undo)
{
  Fixture f;
  WbHexLayout layout;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(WbHexClip) shape = NULL;
  g_autoptr(GArray) dst = NULL;
  g_autoptr(GPtrArray) terrain = g_ptr_array_new ();
  double ax, ay, tx, ty, dx, dy;
  WbOffset to;
  guint n;
  const WbOffset *hexes;

  open_bayou (&f);
  layout = wb_hex_map_get_layout (f.map);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.tool", "s", WB_TOOL_REGION);
  select_around (&f, f.a, f.b);
  hexes = wb_map_editor_get_region (f.editor, &n);
  shape = wb_hex_clip_new_from_map (f.map, hexes, n, f.a);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (terrain, (gpointer) wb_hex_map_get_terrain (f.map, hexes[i]));
  before = wb_game_to_data (wb_window_get_game (f.window), NULL);

  /* Five columns right (an odd shift: the parity of the columns differs)
   * and three rows down. */
  to = (WbOffset) { f.a.col + 5, f.a.row + 3 };
  hex_centre (f.map, f.a.col, f.a.row, &ax, &ay);
  hex_centre (f.map, to.col, to.row, &tx, &ty);
  wb_map_editor_set_region_mode (f.editor, WB_REGION_REPLACE);
  wb_map_editor_begin (f.editor, ax, ay);
  wb_map_editor_update (f.editor, (ax + tx) / 2, (ay + ty) / 2);
  wb_map_editor_update (f.editor, tx, ty);
  ck_assert (wb_map_editor_get_region_move (f.editor, &dx, &dy));
  ck_assert_double_eq_tol (dx, tx - ax, 1e-6);
  ck_assert_double_eq_tol (dy, ty - ay, 1e-6);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);
  wb_map_editor_end (f.editor, tx, ty);
  ck_assert (!wb_map_editor_get_region_move (f.editor, &dx, &dy));

  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (f.stack), "Move "));
  dst = wb_hex_clip_place (shape, layout, to);
  for (guint i = 0; i < dst->len; i++)
    {
      WbOffset h = g_array_index (dst, WbOffset, i);

      ck_assert (wb_hex_map_contains (f.map, h));
      ck_assert_str_eq (wb_hex_map_get_terrain (f.map, h), g_ptr_array_index (terrain, i));
      ck_assert (region_has (f.editor, h));
    }
  /* The vacated hexes have the current terrain. */
  ck_assert_str_eq (wb_hex_map_get_terrain (f.map, f.a), wb_map_editor_get_terrain (f.editor));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  after = wb_game_to_data (wb_window_get_game (f.window), NULL);
  ck_assert_str_eq (after, before);
  ck_assert (!wb_window_get_dirty (f.window));

  gtk_window_destroy (GTK_WINDOW (f.window));
}
END_TEST

/* Delete clears the selection to the current terrain, the hexside inside
 * too; undo restores it. Cut is copy and delete in one step. */
START_TEST (test_delete_and_cut)
{
  Fixture f;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *fill;
  int dir;

  open_bayou (&f);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.tool", "s", WB_TOOL_REGION);
  select_around (&f, f.a, f.b);
  fill = wb_map_editor_get_terrain (f.editor);
  before = wb_game_to_data (wb_window_get_game (f.window), NULL);
  dir = wb_hex_direction_to (wb_hex_map_get_layout (f.map), f.a, f.b);

  ck_assert (action_enabled (&f, "delete-region"));
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.delete-region", NULL);
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (f.stack), "Delete "));
  ck_assert_str_eq (wb_hex_map_get_terrain (f.map, f.a), fill);
  ck_assert_str_eq (wb_hex_map_get_terrain (f.map, f.b), fill);
  ck_assert_ptr_null (wb_hex_map_get_side_features (f.map, f.a, dir));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  after = wb_game_to_data (wb_window_get_game (f.window), NULL);
  ck_assert_str_eq (after, before);
  ck_assert_ptr_nonnull (wb_hex_map_get_side_features (f.map, f.a, dir));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.cut", NULL);
  ck_assert_ptr_nonnull (wb_map_editor_get_clip (f.editor));
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (f.stack), "Cut "));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);
  ck_assert_ptr_null (wb_hex_map_get_side_features (f.map, f.a, dir));
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  g_free (after);
  after = wb_game_to_data (wb_window_get_game (f.window), NULL);
  ck_assert_str_eq (after, before);

  /* Select all covers the map; a paste of malformed text is refused with
   * the parser's message and changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "editor.select-all", NULL);
  {
    guint n;

    wb_map_editor_get_region (f.editor, &n);
    ck_assert_uint_eq (n, (guint) (wb_hex_map_get_cols (f.map) * wb_hex_map_get_rows (f.map)));
  }
  ck_assert (!wb_map_editor_paste_text (f.editor, "{\"format\": 1}", -1, NULL));
  ck_assert (strstr (wb_map_editor_get_status (f.editor), "map clip") != NULL);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);

  gtk_window_destroy (GTK_WINDOW (f.window));
}
END_TEST

/* The controller alone (no window, no clipboard): paste falls back to the
 * last clip copied in it; the actions follow the selection. */
START_TEST (test_editor_alone)
{
  g_autoptr(WbGame) game = wb_game_new_starter (20, 15);
  WbHexMap *map = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbMapEditor) editor = wb_map_editor_new ();
  GActionGroup *actions = wb_map_editor_get_actions (editor);
  WbOffset block[] = { { 2, 2 }, { 3, 2 }, { 2, 3 } };
  WbOffset target = { 9, 8 };
  g_autoptr(GArray) placed = NULL;
  g_autoptr(WbHexClip) clip = NULL;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (block); i++)
    wb_hex_map_set_terrain (map, block[i], "forest");
  wb_hex_map_add_side_feature (map, block[0], wb_hex_direction_to (wb_hex_map_get_layout (map),
                                                                   block[0], block[1]), "creek");
  wb_map_editor_set_target (editor, game, WB_MAP (map), stack);
  wb_map_editor_set_tool (editor, WB_TOOL_REGION);
  ck_assert_str_eq (wb_map_editor_get_tool (editor), WB_TOOL_REGION);
  ck_assert (!g_action_group_get_action_enabled (actions, "paste"));

  wb_map_editor_set_region (editor, block, G_N_ELEMENTS (block));
  wb_map_editor_get_region (editor, &n);
  ck_assert_uint_eq (n, 3);
  g_action_group_activate_action (actions, "copy", NULL);
  ck_assert (g_action_group_get_action_enabled (actions, "paste"));
  clip = wb_hex_clip_ref (wb_map_editor_get_clip (editor));
  ck_assert_uint_eq (wb_hex_clip_get_n_sides (clip), 1);

  wb_map_editor_set_region (editor, &target, 1);
  g_action_group_activate_action (actions, "paste", NULL);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  placed = wb_hex_clip_place (clip, wb_hex_map_get_layout (map), target);
  for (guint i = 0; i < placed->len; i++)
    ck_assert_str_eq (wb_hex_map_get_terrain (map, g_array_index (placed, WbOffset, i)), "forest");
  wb_map_editor_get_region (editor, &n);
  ck_assert_uint_eq (n, 3);

  /* Another map drops the selection. */
  wb_map_editor_set_target (editor, NULL, NULL, NULL);
  wb_map_editor_get_region (editor, &n);
  ck_assert_uint_eq (n, 0);
  ck_assert (!g_action_group_get_action_enabled (actions, "copy"));
  ck_assert (!g_action_group_get_action_enabled (actions, "select-all"));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("gui-region");
  TCase *tc = tcase_create ("region");

  tcase_set_timeout (tc, 120);
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_copy_paste);
  tcase_add_test (tc, test_move_and_undo);
  tcase_add_test (tc, test_delete_and_cut);
  tcase_add_test (tc, test_editor_alone);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
