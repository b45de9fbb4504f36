/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-editor"

#include "config.h"

#include <check.h>
#include <math.h>

#include "wb-edit.h"
#include "wb-map-editor.h"
#include "wb-point-map-commands.h"

/* The map editor's controller, driven through its actions and its input
 * entry points (map points) on the starter games, checking the model and
 * the undo stack; and the game's model lock. No display needed. */

typedef struct {
  WbGame      *game;
  WbMap       *map;
  WbUndoStack *stack;
  WbMapEditor *editor;
  guint        areas;
} Fixture;

static void
area_changed (WbMapEditor *editor,
              double       x,
              double       y,
              double       w,
              double       h,
              Fixture     *f)
{
  ck_assert (w >= 0 && h >= 0);
  if (w > 0 && h > 0)
    f->areas++;
}

static void
fixture_init (Fixture *f,
              int      cols,
              int      rows)
{
  f->game = wb_game_new_starter (cols, rows);
  f->map = g_ptr_array_index (wb_game_get_maps (f->game), 0);
  f->stack = wb_undo_stack_new ();
  f->editor = wb_map_editor_new ();
  f->areas = 0;
  g_signal_connect (f->editor, "area-changed", G_CALLBACK (area_changed), f);
  wb_map_editor_set_target (f->editor, f->game, f->map, f->stack);
}

static void
fixture_clear (Fixture *f)
{
  g_clear_object (&f->editor);
  g_clear_object (&f->stack);
  g_clear_object (&f->game);
}

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *parameter)
{
  GActionGroup *actions = wb_map_editor_get_actions (f->editor);

  ck_assert_msg (g_action_group_get_action_enabled (actions, action), "%s is disabled", action);
  g_action_group_activate_action (actions, action, parameter);
}

/* The centre of @hex in map points. */
static void
centre (Fixture *f,
        int      col,
        int      row,
        double  *x,
        double  *y)
{
  WbHexMap *map = WB_HEX_MAP (f->map);

  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 (WbOffset) { col, row }, x, y);
}

static const char *
terrain (Fixture *f,
         int      col,
         int      row)
{
  return wb_hex_map_get_terrain (WB_HEX_MAP (f->map), (WbOffset) { col, row });
}

static guint
count_terrain (Fixture    *f,
               const char *id)
{
  WbHexMap *map = WB_HEX_MAP (f->map);
  guint n = 0;

  for (int c = 0; c < wb_hex_map_get_cols (map); c++)
    for (int r = 0; r < wb_hex_map_get_rows (map); r++)
      n += g_strcmp0 (terrain (f, c, r), id) == 0;
  return n;
}

/* Drags from hex (c0, r0) to (c1, r1) through the hexes' centres. */
static void
drag (Fixture *f,
      int      c0,
      int      r0,
      int      c1,
      int      r1)
{
  double x0, y0, x1, y1;

  centre (f, c0, r0, &x0, &y0);
  centre (f, c1, r1, &x1, &y1);
  wb_map_editor_begin (f->editor, x0, y0);
  for (int i = 1; i <= 10; i++)
    wb_map_editor_update (f->editor, x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10);
  wb_map_editor_end (f->editor, x1, y1);
}

/* The model lock: a writer waits for a reader that holds it. */

typedef struct {
  WbGame  *game;
  gint     wrote;
} LockTest;

static gpointer
writer_thread (gpointer data)
{
  LockTest *t = data;

  wb_game_lock_write (t->game);
  g_atomic_int_set (&t->wrote, 1);
  wb_game_unlock_write (t->game);
  return NULL;
}

START_TEST (test_write_waits_for_read)
{
  g_autoptr(WbGame) game = wb_game_new_starter (4, 4);
  LockTest t = { game, 0 };
  GThread *writer;

  wb_game_lock_read (game);
  /* A second reader is let in while the first holds it. */
  wb_game_lock_read (game);
  wb_game_unlock_read (game);

  writer = g_thread_new ("writer", writer_thread, &t);
  g_usleep (100 * 1000);
  ck_assert_int_eq (g_atomic_int_get (&t.wrote), 0);
  wb_game_unlock_read (game);
  g_thread_join (writer);
  ck_assert_int_eq (g_atomic_int_get (&t.wrote), 1);
}
END_TEST

/* wb_edit_push/undo/redo take the write lock: with a reader holding the
 * lock, an edit from another thread waits, and the reader sees the model
 * unchanged until it lets go. */
typedef struct {
  WbGame      *game;
  WbUndoStack *stack;
  WbHexMap    *map;
  gint         done;
} EditTest;

static gpointer
edit_thread (gpointer data)
{
  EditTest *t = data;
  WbOffset hex = { 1, 1 };
  g_autoptr(WbCommand) paint = wb_command_paint_terrain_new (t->map, &hex, 1, "forest", NULL);

  ck_assert (wb_edit_push (t->game, t->stack, paint, NULL));
  g_atomic_int_set (&t->done, 1);
  return NULL;
}

START_TEST (test_edit_holds_write_lock)
{
  g_autoptr(WbGame) game = wb_game_new_starter (4, 4);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  EditTest t = { game, stack, map, 0 };
  GThread *thread;

  wb_game_lock_read (game);
  thread = g_thread_new ("edit", edit_thread, &t);
  g_usleep (100 * 1000);
  ck_assert_int_eq (g_atomic_int_get (&t.done), 0);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 1, 1 }), "clear");
  wb_game_unlock_read (game);
  g_thread_join (thread);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 1, 1 }), "forest");

  ck_assert (wb_edit_undo (game, stack));
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 1, 1 }), "clear");
  ck_assert (wb_edit_redo (game, stack));
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 1, 1 }), "forest");
}
END_TEST

/* A brush drag paints every hex it crosses and is one undo step. */
START_TEST (test_brush_drag_one_step)
{
  Fixture f;

  fixture_init (&f, 10, 10);
  ck_assert_str_eq (wb_map_editor_get_terrain (f.editor), "clear");
  activate (&f, "tool", g_variant_new_string (WB_TOOL_BRUSH));
  ck_assert_str_eq (wb_map_editor_get_tool (f.editor), WB_TOOL_BRUSH);
  ck_assert (wb_map_editor_get_editing (f.editor));
  activate (&f, "terrain", g_variant_new_string ("forest"));
  ck_assert_str_eq (wb_map_editor_get_terrain (f.editor), "forest");

  drag (&f, 1, 2, 7, 2);
  for (int c = 1; c <= 7; c++)
    ck_assert_str_eq (terrain (&f, c, 2), "forest");
  ck_assert_uint_eq (count_terrain (&f, "forest"), 7);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (f.stack), "Paint 7 hexes Forest");
  ck_assert_uint_gt (f.areas, 0);

  /* A second drag is a second step. */
  drag (&f, 1, 5, 2, 5);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 2);

  ck_assert (wb_edit_undo (f.game, f.stack));
  ck_assert (wb_edit_undo (f.game, f.stack));
  ck_assert_uint_eq (count_terrain (&f, "forest"), 0);
  fixture_clear (&f);
}
END_TEST

/* The brush sizes: one hex, radius 1 (7 hexes), radius 2 (19); [ and ]
 * are brush-shrink and brush-grow. */
START_TEST (test_brush_radius)
{
  Fixture f;
  double x, y;

  fixture_init (&f, 10, 10);
  activate (&f, "tool", g_variant_new_string (WB_TOOL_BRUSH));
  activate (&f, "terrain", g_variant_new_string ("rough"));
  ck_assert (!g_action_group_get_action_enabled (wb_map_editor_get_actions (f.editor),
                                                 "brush-shrink"));
  activate (&f, "brush-grow", NULL);
  ck_assert_int_eq (wb_map_editor_get_brush_radius (f.editor), 1);

  centre (&f, 4, 4, &x, &y);
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert_uint_eq (count_terrain (&f, "rough"), 7);

  activate (&f, "brush-radius", g_variant_new_int32 (2));
  ck_assert (!g_action_group_get_action_enabled (wb_map_editor_get_actions (f.editor),
                                                 "brush-grow"));
  activate (&f, "terrain", g_variant_new_string ("forest"));
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert_uint_eq (count_terrain (&f, "forest"), 19);
  ck_assert_uint_eq (count_terrain (&f, "rough"), 0);

  activate (&f, "brush-shrink", NULL);
  ck_assert_int_eq (wb_map_editor_get_brush_radius (f.editor), 1);
  fixture_clear (&f);
}
END_TEST

/* Flood fill paints the connected hexes of the clicked terrain only. */
START_TEST (test_flood_fill)
{
  Fixture f;
  double x, y;

  fixture_init (&f, 8, 8);
  /* A wall of forest down column 3 splits the map. */
  activate (&f, "tool", g_variant_new_string (WB_TOOL_BRUSH));
  activate (&f, "terrain", g_variant_new_string ("forest"));
  drag (&f, 3, 0, 3, 7);
  ck_assert_uint_eq (count_terrain (&f, "forest"), 8);

  activate (&f, "tool", g_variant_new_string (WB_TOOL_FILL));
  activate (&f, "terrain", g_variant_new_string ("rough"));
  centre (&f, 0, 0, &x, &y);
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  /* Columns 0..2 of 8 rows. */
  ck_assert_uint_eq (count_terrain (&f, "rough"), 24);
  ck_assert_str_eq (terrain (&f, 5, 5), "clear");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (f.stack), "Paint 24 hexes Rough");

  ck_assert (wb_edit_undo (f.game, f.stack));
  ck_assert_uint_eq (count_terrain (&f, "rough"), 0);
  fixture_clear (&f);
}
END_TEST

/* The eyedropper picks a hex's terrain into the brush and hands over to
 * it. */
START_TEST (test_eyedropper)
{
  Fixture f;
  double x, y;

  fixture_init (&f, 6, 6);
  wb_hex_map_set_terrain (WB_HEX_MAP (f.map), (WbOffset) { 2, 3 }, g_intern_string ("rough"));
  activate (&f, "tool", g_variant_new_string (WB_TOOL_EYEDROPPER));
  centre (&f, 2, 3, &x, &y);
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert_str_eq (wb_map_editor_get_terrain (f.editor), "rough");
  ck_assert_str_eq (wb_map_editor_get_tool (f.editor), WB_TOOL_BRUSH);
  ck_assert_str_eq (wb_map_editor_get_status (f.editor), "Picked Rough");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);
  fixture_clear (&f);
}
END_TEST

/* A click near an edge toggles the current hexside feature there. */
START_TEST (test_hexside_toggle)
{
  Fixture f;
  WbHexMap *map;
  double x, y, nx, ny;
  WbOffset below = { 3, 4 };

  fixture_init (&f, 8, 8);
  map = WB_HEX_MAP (f.map);
  g_autoptr(GPtrArray) sides = wb_map_editor_list_hexside_features (f.editor);
  ck_assert_uint_eq (sides->len, 2);   /* creek, ford; the road is the Road tool's */
  ck_assert_str_eq (wb_map_editor_get_hexside_feature (f.editor), "creek");

  activate (&f, "tool", g_variant_new_string (WB_TOOL_HEXSIDE));
  /* Just inside hex (3,3), towards its south neighbour (3,4): direction 3. */
  centre (&f, 3, 3, &x, &y);
  centre (&f, 3, 4, &nx, &ny);
  x += (nx - x) * 0.4;
  y += (ny - y) * 0.4;

  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 3, 3 }, 3, "creek"));
  /* The same hexside seen from the other hex. */
  ck_assert (wb_hex_map_has_side_feature (map, below, 0, "creek"));

  activate (&f, "hexside-feature", g_variant_new_string ("ford"));
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 3, 3 }, 3, "ford"));

  /* Again: off. */
  wb_map_editor_begin (f.editor, x, y);
  wb_map_editor_end (f.editor, x, y);
  ck_assert (!wb_hex_map_has_side_feature (map, (WbOffset) { 3, 3 }, 3, "ford"));
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 3, 3 }, 3, "creek"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 3);

  ck_assert (wb_edit_undo (f.game, f.stack));
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 3, 3 }, 3, "ford"));
  fixture_clear (&f);
}
END_TEST

/* A road drag adds the road on every hexside crossed: one undo step. */
START_TEST (test_road_drag)
{
  Fixture f;
  WbHexMap *map;
  g_autoptr(GArray) sides = NULL;

  fixture_init (&f, 10, 10);
  map = WB_HEX_MAP (f.map);
  ck_assert_str_eq (wb_map_editor_get_road_feature (f.editor), "road");
  activate (&f, "tool", g_variant_new_string (WB_TOOL_ROAD));
  drag (&f, 2, 1, 2, 6);

  for (int r = 1; r < 6; r++)
    ck_assert_msg (wb_hex_map_has_side_feature (map, (WbOffset) { 2, r }, 3, "road"),
                   "no road south of (2,%d)", r);
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 5);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);

  ck_assert (wb_edit_undo (f.game, f.stack));
  g_clear_pointer (&sides, g_array_unref);
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 0);
  fixture_clear (&f);
}
END_TEST

/* Select shows what is under a click, and changes nothing. */
START_TEST (test_select_shows_hex)
{
  Fixture f;
  double x, y;

  fixture_init (&f, 10, 10);
  ck_assert_str_eq (wb_map_editor_get_tool (f.editor), WB_TOOL_SELECT);
  ck_assert (!wb_map_editor_get_editing (f.editor));
  centre (&f, 7, 9, &x, &y);
  wb_map_editor_click (f.editor, x, y);
  ck_assert_str_eq (wb_map_editor_get_status (f.editor), "Hex 0810: Clear");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);

  /* Off the map: nothing. */
  wb_map_editor_click (f.editor, -100, -100);
  ck_assert_ptr_null (wb_map_editor_get_status (f.editor));
  fixture_clear (&f);
}
END_TEST

/* Point-to-point maps offer Select and Move; hex tools are refused there
 * and a move drag is one step. */
START_TEST (test_point_map_tools)
{
  Fixture f;
  WbLocation *a;

  fixture_init (&f, 0, 0);
  a = wb_point_map_find_location (WB_POINT_MAP (f.map), "town-a");
  g_action_group_activate_action (wb_map_editor_get_actions (f.editor), "tool",
                                  g_variant_new_string (WB_TOOL_BRUSH));
  ck_assert_str_eq (wb_map_editor_get_tool (f.editor), WB_TOOL_SELECT);

  wb_map_editor_click (f.editor, 252, 349);
  ck_assert_str_eq (wb_map_editor_get_status (f.editor), "Town A · 1 connection");

  activate (&f, "tool", g_variant_new_string (WB_TOOL_MOVE));
  wb_map_editor_begin (f.editor, 252, 349);
  wb_map_editor_update (f.editor, 280, 360);
  wb_map_editor_update (f.editor, 300, 400);
  wb_map_editor_end (f.editor, 320, 410);
  ck_assert (fabs (a->x - 320) < 1e-9 && fabs (a->y - 410) < 1e-9);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);
  ck_assert (wb_edit_undo (f.game, f.stack));
  ck_assert (fabs (a->x - 250) < 1e-9 && fabs (a->y - 350) < 1e-9);

  /* A drag that starts on no location moves nothing. */
  wb_map_editor_begin (f.editor, 500, 100);
  wb_map_editor_end (f.editor, 600, 100);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);
  fixture_clear (&f);
}
END_TEST

/* Connect: a drag from one location to another adds a connection of the
 * current class; one step, undone exactly. Delete Connection takes one
 * out, undone exactly too. */
START_TEST (test_connect)
{
  Fixture f;
  WbPointMap *map;
  WbLocation *c = wb_location_new ("town-c");
  GPtrArray *connections;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  double x, y;

  fixture_init (&f, 0, 0);
  map = WB_POINT_MAP (f.map);
  c->name = g_strdup ("Town C");
  c->x = 500;
  c->y = 600;
  ck_assert (wb_point_map_add_location (map, c));
  connections = wb_point_map_get_connections (map);
  ck_assert_uint_eq (connections->len, 1);
  ck_assert_str_eq (wb_map_editor_get_connection_class (f.editor), "road");
  before = wb_game_to_data (f.game, NULL);

  activate (&f, "tool", g_variant_new_string (WB_TOOL_CONNECT));
  /* Town A and Town B are connected by road already. */
  wb_map_editor_begin (f.editor, 250, 350);
  ck_assert (wb_map_editor_get_connect_source (f.editor, &x, &y));
  ck_assert (x == 250 && y == 350);
  wb_map_editor_update (f.editor, 600, 352);
  wb_map_editor_end (f.editor, 748, 351);
  ck_assert_uint_eq (connections->len, 1);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 0);
  ck_assert_str_eq (wb_map_editor_get_status (f.editor), "These locations are already connected");

  /* Town A to Town C. */
  wb_map_editor_begin (f.editor, 251, 349);
  wb_map_editor_update (f.editor, 400, 500);
  wb_map_editor_end (f.editor, 502, 598);
  ck_assert (!wb_map_editor_get_connect_source (f.editor, &x, &y));
  ck_assert_uint_eq (connections->len, 2);
  {
    WbConnection *added = g_ptr_array_index (connections, 1);

    ck_assert_str_eq (added->a, "town-a");
    ck_assert_str_eq (added->b, "town-c");
    ck_assert_str_eq (added->klass, "road");
  }
  ck_assert_str_eq (wb_undo_stack_get_undo_label (f.stack), "Connect Town A to Town C");

  /* A drag that ends on no location connects nothing. */
  wb_map_editor_begin (f.editor, 750, 350);
  wb_map_editor_end (f.editor, 900, 100);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (f.stack), 1);

  ck_assert (wb_edit_undo (f.game, f.stack));
  after = wb_game_to_data (f.game, NULL);
  ck_assert_str_eq (after, before);
  ck_assert (wb_edit_redo (f.game, f.stack));
  ck_assert_uint_eq (connections->len, 2);

  /* Delete Connection: a click on the Town A – Town B line (the first
   * connection) takes it out; undo puts it back in its place. */
  g_clear_pointer (&before, g_free);
  before = wb_game_to_data (f.game, NULL);
  activate (&f, "tool", g_variant_new_string (WB_TOOL_DISCONNECT));
  wb_map_editor_begin (f.editor, 500, 300);     /* too far off the line */
  wb_map_editor_end (f.editor, 500, 300);
  ck_assert_uint_eq (connections->len, 2);
  wb_map_editor_begin (f.editor, 500, 353);
  wb_map_editor_end (f.editor, 500, 353);
  ck_assert_uint_eq (connections->len, 1);
  ck_assert_str_eq (((WbConnection *) g_ptr_array_index (connections, 0))->b, "town-c");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (f.stack), "Delete Connection Town A – Town B");
  ck_assert (wb_edit_undo (f.game, f.stack));
  g_clear_pointer (&after, g_free);
  after = wb_game_to_data (f.game, NULL);
  ck_assert_str_eq (after, before);
  ck_assert (wb_edit_redo (f.game, f.stack));
  ck_assert_uint_eq (connections->len, 1);
  fixture_clear (&f);
}
END_TEST

static void
rename_requested (WbMapEditor *editor,
                  const char  *id,
                  double       x,
                  double       y,
                  char       **out)
{
  g_free (*out);
  *out = g_strdup (id);
}

/* Add Location, Delete Location and renaming, driven through the actions
 * on minimal.warbench's point map: each one step with its label, the
 * model as expected, undo byte for byte; a delete a scenario forbids is
 * refused with the reason in the status. */
START_TEST (test_location_tools)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"),
                                            "minimal.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbMapEditor) editor = wb_map_editor_new ();
  g_autofree char *before = NULL, *after = NULL, *requested = NULL;
  GActionGroup *actions = wb_map_editor_get_actions (editor);
  WbPointMap *map;
  GPtrArray *locations, *connections;
  WbLocation *loc;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  map = WB_POINT_MAP (wb_game_find_map (game, "points"));
  locations = wb_point_map_get_locations (map);
  connections = wb_point_map_get_connections (map);
  g_signal_connect (editor, "rename-requested", G_CALLBACK (rename_requested), &requested);

  /* Not on a hex map. */
  wb_map_editor_set_target (editor, game, wb_game_find_map (game, "hexes"), stack);
  g_action_group_activate_action (actions, "tool", g_variant_new_string (WB_TOOL_ADD_LOCATION));
  ck_assert_str_eq (wb_map_editor_get_tool (editor), WB_TOOL_SELECT);
  ck_assert (!g_action_group_get_action_enabled (actions, "rename-location"));

  wb_map_editor_set_target (editor, game, WB_MAP (map), stack);
  before = wb_game_to_data (game, NULL);

  /* Add: a click on an empty spot adds "New location 1" there, selected
   * and up for renaming; a click on a location adds nothing. */
  ck_assert (g_action_group_get_action_enabled (actions, "tool"));
  g_action_group_activate_action (actions, "tool", g_variant_new_string (WB_TOOL_ADD_LOCATION));
  ck_assert_str_eq (wb_map_editor_get_tool (editor), WB_TOOL_ADD_LOCATION);
  wb_map_editor_begin (editor, 600, 500);
  wb_map_editor_end (editor, 600, 500);
  ck_assert_uint_eq (locations->len, 3);
  loc = g_ptr_array_index (locations, 2);
  ck_assert_str_eq (loc->id, "new-location-1");
  ck_assert_str_eq (loc->name, "New location 1");
  ck_assert (loc->x == 600 && loc->y == 500);
  ck_assert_str_eq (wb_map_editor_get_selected_location (editor), "new-location-1");
  ck_assert_str_eq (requested, "new-location-1");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add location “New location 1”");
  wb_map_editor_begin (editor, 102, 101);
  wb_map_editor_end (editor, 102, 101);
  ck_assert_uint_eq (locations->len, 3);
  wb_map_editor_begin (editor, 700, 100);
  wb_map_editor_end (editor, 700, 100);
  ck_assert_uint_eq (locations->len, 4);
  ck_assert_str_eq (((WbLocation *) g_ptr_array_index (locations, 3))->name, "New location 2");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  /* Rename through the action: the name changes, the id stays. */
  ck_assert (g_action_group_get_action_enabled (actions, "rename-location"));
  g_action_group_activate_action (actions, "rename-location",
                                  g_variant_new ("(ss)", "new-location-1", "Gamma"));
  ck_assert_str_eq (loc->name, "Gamma");
  ck_assert_str_eq (loc->id, "new-location-1");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Rename “New location 1” to “Gamma”");
  /* An empty name is refused. */
  g_action_group_activate_action (actions, "rename-location",
                                  g_variant_new ("(ss)", "new-location-1", ""));
  ck_assert_str_eq (loc->name, "Gamma");
  ck_assert_str_eq (wb_map_editor_get_status (editor), "A location needs a name");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);

  /* A double click with Select asks to rename the location there. */
  g_action_group_activate_action (actions, "tool", g_variant_new_string (WB_TOOL_SELECT));
  wb_map_editor_double_click (editor, 399, 301);
  ck_assert_str_eq (requested, "b");
  ck_assert_str_eq (wb_map_editor_get_selected_location (editor), "b");
  wb_map_editor_double_click (editor, 10, 590);
  ck_assert_str_eq (requested, "b");

  /* Delete: Beta goes with its connection; undo puts both back. */
  g_action_group_activate_action (actions, "tool", g_variant_new_string (WB_TOOL_DELETE_LOCATION));
  ck_assert_str_eq (wb_map_editor_get_tool (editor), WB_TOOL_DELETE_LOCATION);
  after = wb_game_to_data (game, NULL);
  wb_map_editor_begin (editor, 401, 299);
  wb_map_editor_end (editor, 401, 299);
  ck_assert_ptr_null (wb_point_map_find_location (map, "b"));
  ck_assert_uint_eq (connections->len, 0);
  ck_assert_ptr_null (wb_map_editor_get_selected_location (editor));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Delete location “Beta”");
  ck_assert (wb_edit_undo (game, stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);

    ck_assert_str_eq (now, after);
  }

  /* A location a scenario sets a unit up at cannot go. */
  {
    WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
    WbSetup *setup = g_ptr_array_index (wb_scenario_get_setup (scenario), 0);
    WbPlace at_a = { WB_PLACE_LOCATION, g_strdup ("a") };

    g_array_append_val (setup->at, at_a);
    wb_scenario_set_map (scenario, "points");
    wb_map_editor_begin (editor, 100, 100);
    wb_map_editor_end (editor, 100, 100);
    ck_assert_ptr_nonnull (wb_point_map_find_location (map, "a"));
    ck_assert_str_eq (wb_map_editor_get_status (editor),
                      "Scenario “Basic” sets up “1st Brigade” at “Alpha”");
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
    g_array_set_size (setup->at, setup->at->len - 1);
    wb_scenario_set_map (scenario, "hexes");
  }

  /* Undo everything: the file as it was. */
  while (wb_undo_stack_get_n_undo (stack) > 0)
    ck_assert (wb_edit_undo (game, stack));
  g_free (after);
  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (after, before);
}
END_TEST

static Suite *
editor_suite (void)
{
  Suite *s = suite_create ("editor");
  TCase *tc;

  tc = tcase_create ("lock");
  tcase_add_test (tc, test_write_waits_for_read);
  tcase_add_test (tc, test_edit_holds_write_lock);
  suite_add_tcase (s, tc);

  tc = tcase_create ("tools");
  tcase_add_test (tc, test_brush_drag_one_step);
  tcase_add_test (tc, test_brush_radius);
  tcase_add_test (tc, test_flood_fill);
  tcase_add_test (tc, test_eyedropper);
  tcase_add_test (tc, test_hexside_toggle);
  tcase_add_test (tc, test_road_drag);
  tcase_add_test (tc, test_select_shows_hex);
  tcase_add_test (tc, test_point_map_tools);
  tcase_add_test (tc, test_connect);
  tcase_add_test (tc, test_location_tools);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  SRunner *runner;
  int failed;

  /* The labels are checked in English. */
  g_setenv ("LANGUAGE", "C", TRUE);

  runner = srunner_create (editor_suite ());
  srunner_run_all (runner, CK_ENV);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
