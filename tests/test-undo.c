/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-undo"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

/* Hexside directions of a flat map. */
enum { N, NE, SE, S, SW, NW };

static WbGame *
load_minimal (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"),
                                            "minimal.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static char *
dump (WbGame *game)
{
  return wb_game_to_data (game, NULL);
}

static WbHexMap *
hex_map (WbGame *game, const char *id)
{
  return WB_HEX_MAP (wb_game_find_map (game, id));
}

static WbOffset
off (int col, int row)
{
  WbOffset o = { col, row };

  return o;
}

/* Pushes @cmd (taking it) and asserts success. */
static void
push_ok (WbUndoStack *stack, WbCommand *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;

  ck_assert (owned != NULL);
  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s",
                 error ? error->message : "");
  ck_assert_ptr_null (error);
}

static WbCommand *
paint1 (WbHexMap *map, int col, int row, const char *terrain, const char *name)
{
  WbOffset h = off (col, row);

  return wb_command_paint_terrain_new (map, &h, 1, terrain, name);
}

static void
count_signal (int *counter)
{
  (*counter)++;
}

typedef struct {
  int can_undo, can_redo, undo_label, redo_label, is_clean;
} Notes;

static void
on_notify (WbUndoStack *stack, GParamSpec *pspec, Notes *n)
{
  const char *name = g_param_spec_get_name (pspec);

  if (strcmp (name, "can-undo") == 0)
    n->can_undo++;
  else if (strcmp (name, "can-redo") == 0)
    n->can_redo++;
  else if (strcmp (name, "undo-label") == 0)
    n->undo_label++;
  else if (strcmp (name, "redo-label") == 0)
    n->redo_label++;
  else if (strcmp (name, "is-clean") == 0)
    n->is_clean++;
}

/* A test subclass: the extension point works from outside core. Applying
 * adds @delta to a counter, or fails when @fail is set. */
#define TEST_TYPE_COUNTER_COMMAND (test_counter_command_get_type ())
G_DECLARE_FINAL_TYPE (TestCounterCommand, test_counter_command, TEST, COUNTER_COMMAND, WbCommand)

struct _TestCounterCommand
{
  WbCommand  parent_instance;
  int       *counter;
  int        delta;
  gboolean   fail;
};

G_DEFINE_FINAL_TYPE (TestCounterCommand, test_counter_command, WB_TYPE_COMMAND)

static gboolean
test_counter_command_apply (WbCommand *command, GError **error)
{
  TestCounterCommand *self = TEST_COUNTER_COMMAND (command);

  if (self->fail)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, "refused");
      return FALSE;
    }
  *self->counter += self->delta;
  return TRUE;
}

static void
test_counter_command_revert (WbCommand *command)
{
  TestCounterCommand *self = TEST_COUNTER_COMMAND (command);

  *self->counter -= self->delta;
}

static void
test_counter_command_class_init (TestCounterCommandClass *klass)
{
  WB_COMMAND_CLASS (klass)->apply = test_counter_command_apply;
  WB_COMMAND_CLASS (klass)->revert = test_counter_command_revert;
}

static void
test_counter_command_init (TestCounterCommand *self)
{
}

static WbCommand *
counter_new (int *counter, int delta, gboolean fail)
{
  g_autofree char *label = g_strdup_printf ("Add %d", delta);
  TestCounterCommand *self = g_object_new (TEST_TYPE_COUNTER_COMMAND, "label", label, NULL);

  self->counter = counter;
  self->delta = delta;
  self->fail = fail;
  return WB_COMMAND (self);
}

/* ------------------------------------------------------------------------ */

START_TEST (test_hex_map_removal)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexMap *map = hex_map (game, "hexes");
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  g_autoptr(GArray) sides = NULL;
  GPtrArray *f;

  /* 0202 n holds creek, ford: removing creek keeps ford; the neighbour
   * names the same hexside. */
  ck_assert (wb_hex_map_has_side_feature (map, off (1, 1), N, "creek"));
  ck_assert (wb_hex_map_remove_side_feature (map, off (1, 0), S, "creek"));
  ck_assert (!wb_hex_map_remove_side_feature (map, off (1, 1), N, "creek"));
  f = wb_hex_map_get_side_features (map, off (1, 1), N);
  ck_assert_uint_eq (f->len, 1);
  ck_assert_str_eq (g_ptr_array_index (f, 0), "ford");
  ck_assert (!wb_hex_map_remove_side_feature (map, off (1, 1), N, "road"));
  /* Far off the map: nothing to remove, no critical. */
  ck_assert (!wb_hex_map_remove_side_feature (map, off (-50, 70), N, "road"));
  /* Removing the last feature forgets the hexside. */
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 3);
  g_clear_pointer (&sides, g_array_unref);
  ck_assert (wb_hex_map_remove_side_feature (map, off (1, 1), N, "ford"));
  ck_assert_ptr_null (wb_hex_map_get_side_features (map, off (1, 1), N));
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 2);

  /* Hex features: 0201 has label Townsville and town. */
  ck_assert (wb_hex_map_has_hex_feature (map, off (1, 0), "town"));
  ck_assert (!wb_hex_map_remove_hex_feature (map, off (1, 0), "ferry"));
  ck_assert (!wb_hex_map_remove_hex_feature (map, off (2, 2), "town"));
  ck_assert (!wb_hex_map_remove_hex_feature (map, off (99, 99), "town"));
  ck_assert (wb_hex_map_remove_hex_feature (map, off (1, 0), "town"));
  ck_assert (!wb_hex_map_has_hex_feature (map, off (1, 0), "town"));
  ck_assert_ptr_null (wb_hex_map_get_hex_features (map, off (1, 0)));
  ck_assert_str_eq (wb_hex_map_get_label (map, off (1, 0)), "Townsville");
  wb_hex_map_add_hex_feature (map, off (2, 2), "town");
  wb_hex_map_add_hex_feature (map, off (2, 2), "ferry");
  ck_assert (wb_hex_map_remove_hex_feature (map, off (2, 2), "town"));
  ck_assert_str_eq (g_ptr_array_index (wb_hex_map_get_hex_features (map, off (2, 2)), 0), "ferry");
  ck_assert (wb_hex_map_remove_hex_feature (map, off (2, 2), "ferry"));
  {
    g_autoptr(GArray) detailed = wb_hex_map_list_detailed_hexes (map);
    ck_assert_uint_eq (detailed->len, 1);
  }

  /* Putting it all back in the same order gives the same file. */
  wb_hex_map_add_side_feature (map, off (1, 1), N, "creek");
  wb_hex_map_add_side_feature (map, off (1, 1), N, "ford");
  wb_hex_map_add_hex_feature (map, off (1, 0), "town");
  after = dump (game);
  ck_assert_str_eq (after, before);

  /* Clearing elevation drops the layer. */
  ck_assert (wb_hex_map_has_elevation (map));
  wb_hex_map_clear_elevation (map);
  ck_assert (!wb_hex_map_has_elevation (map));
  ck_assert_int_eq (wb_hex_map_get_elevation (map, off (3, 0)), 0);
}
END_TEST

/* Every kind of command, pushed one after another on the minimal game:
 * undoing each returns the exact file text of the state before it, and
 * redoing all returns the final text. */
START_TEST (test_round_trip_every_command)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  WbHexMap *hexes = hex_map (game, "hexes");
  WbPointMap *points = WB_POINT_MAP (wb_game_find_map (game, "points"));
  WbUnit *b1 = wb_game_find_unit (game, "b1");
  WbUnit *b2 = wb_game_find_unit (game, "b2");
  WbOffset block[] = { {0, 0}, {1, 0}, {2, 2}, {0, 0}, {3, 1} };
  g_auto(GValue) v = G_VALUE_INIT;
  g_autofree char *final = NULL;

  g_value_init (&v, G_TYPE_STRING);
  g_ptr_array_add (states, dump (game));

#define STEP(cmd) G_STMT_START { push_ok (stack, (cmd)); wb_undo_stack_seal (stack);  \
                                 g_ptr_array_add (states, dump (game)); } G_STMT_END

  STEP (wb_command_paint_terrain_new (hexes, block, G_N_ELEMENTS (block), "rough", "Rough"));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 4 hexes Rough");
  STEP (wb_command_set_elevation_new (hexes, block, G_N_ELEMENTS (block), 7));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set elevation of 4 hexes to 7");
  STEP (wb_command_set_hexside_feature_new (hexes, off (1, 1), N, "creek", FALSE));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Remove creek from 1 hexside");
  STEP (wb_command_set_hexside_feature_new (hexes, off (2, 2), NE, "road", TRUE));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add road to 1 hexside");
  STEP (wb_command_set_hexside_feature_new (hexes, off (0, 0), SE, "road", FALSE));
  STEP (wb_command_set_label_new (hexes, off (1, 0), NULL));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Clear label of hex 0201");
  STEP (wb_command_set_label_new (hexes, off (3, 2), "Hill 402"));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Label hex 0403 “Hill 402”");
  STEP (wb_command_move_location_new (points, "b", 12.5, 600));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Move Beta");
  g_value_set_string (&v, "Iron Brigade");
  STEP (wb_command_set_unit_property_new (b1, "name", &v));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Change name of 1st Brigade");
  g_value_set_string (&v, "2/I");
  STEP (wb_command_set_unit_property_new (b2, "designation", &v));
  g_value_set_string (&v, "red");
  STEP (wb_command_set_unit_property_new (b2, "side", &v));
  g_value_set_string (&v, NULL);
  STEP (wb_command_set_unit_property_new (b1, "note", &v));
  g_value_set_string (&v, NULL);
  STEP (wb_command_set_unit_property_new (b1, "size", &v));
#undef STEP

  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), states->len - 1);
  ck_assert_ptr_eq (wb_unit_get_side (b2), g_intern_static_string ("red"));
  ck_assert_ptr_eq (wb_hex_map_get_terrain (hexes, off (3, 1)), g_intern_static_string ("rough"));
  ck_assert_str_eq (wb_unit_get_designation (b2), "2/I");
  final = dump (game);

  for (guint i = states->len - 1; i > 0; i--)
    {
      g_autofree char *now = NULL;

      ck_assert (wb_undo_stack_undo (stack));
      now = dump (game);
      ck_assert_msg (strcmp (now, g_ptr_array_index (states, i - 1)) == 0,
                     "undo of step %u did not restore the state before it", i);
    }
  ck_assert (!wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_can_undo (stack));

  for (guint i = 1; i < states->len; i++)
    {
      g_autofree char *now = NULL;

      ck_assert (wb_undo_stack_redo (stack));
      now = dump (game);
      ck_assert_str_eq (now, g_ptr_array_index (states, i));
    }
  ck_assert (!wb_undo_stack_redo (stack));
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, final);
  }
}
END_TEST

/* The starter game has no elevation layer: setting a level then undoing
 * must not leave an all-zero layer in the file. */
START_TEST (test_starter_elevation_layer)
{
  g_autoptr(WbGame) game = wb_game_new_starter (10, 8);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "map");
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  WbOffset h = { 4, 4 };

  ck_assert (!wb_hex_map_has_elevation (map));
  push_ok (stack, wb_command_set_elevation_new (map, &h, 1, 3));
  ck_assert (wb_hex_map_has_elevation (map));
  ck_assert_int_eq (wb_hex_map_get_elevation (map, h), 3);
  push_ok (stack, paint1 (map, 4, 4, "forest", "Forest"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_hex_map_has_elevation (map));
  after = dump (game);
  ck_assert_str_eq (after, before);
}
END_TEST

START_TEST (test_notify_counts)
{
  g_autoptr(WbGame) game = wb_game_new_starter (6, 6);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "map");
  Notes n = { 0 };

  ck_assert (!wb_undo_stack_get_can_undo (stack));
  ck_assert (!wb_undo_stack_get_can_redo (stack));
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert_ptr_null (wb_undo_stack_get_undo_label (stack));
  ck_assert_ptr_null (wb_undo_stack_get_redo_label (stack));
  g_signal_connect (stack, "notify", G_CALLBACK (on_notify), &n);

  push_ok (stack, paint1 (map, 0, 0, "forest", "Forest"));
  ck_assert_int_eq (n.can_undo, 1);
  ck_assert_int_eq (n.undo_label, 1);
  ck_assert_int_eq (n.is_clean, 1);
  ck_assert_int_eq (n.can_redo, 0);
  ck_assert_int_eq (n.redo_label, 0);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 1 hex Forest");

  /* A second step: can-undo and is-clean do not change. */
  wb_undo_stack_seal (stack);
  push_ok (stack, paint1 (map, 1, 0, "rough", NULL));
  ck_assert_int_eq (n.can_undo, 1);
  ck_assert_int_eq (n.is_clean, 1);
  ck_assert_int_eq (n.undo_label, 2);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 1 hex rough");

  /* Merging into the top changes only the label. */
  push_ok (stack, paint1 (map, 2, 0, "rough", NULL));
  ck_assert_int_eq (n.undo_label, 3);
  ck_assert_int_eq (n.can_undo, 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 2 hexes rough");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (n.can_redo, 1);
  ck_assert_int_eq (n.redo_label, 1);
  ck_assert_int_eq (n.undo_label, 4);
  ck_assert_int_eq (n.can_undo, 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 1 hex Forest");
  ck_assert_str_eq (wb_undo_stack_get_redo_label (stack), "Paint 2 hexes rough");

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (n.can_undo, 2);
  ck_assert_int_eq (n.undo_label, 5);
  ck_assert_int_eq (n.redo_label, 2);
  ck_assert_int_eq (n.can_redo, 1);
  ck_assert_int_eq (n.is_clean, 2);
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert_ptr_null (wb_undo_stack_get_undo_label (stack));

  /* Nothing to undo: no notification at all. */
  ck_assert (!wb_undo_stack_undo (stack));
  ck_assert_int_eq (n.can_undo + n.can_redo + n.undo_label + n.redo_label + n.is_clean, 12);

  /* Sealing and set_clean on a clean stack change nothing visible. */
  wb_undo_stack_seal (stack);
  wb_undo_stack_set_clean (stack);
  ck_assert_int_eq (n.can_undo + n.can_redo + n.undo_label + n.redo_label + n.is_clean, 12);

  /* The limit property notifies only on change. */
  {
    int limit_notes = 0;

    g_signal_connect_swapped (stack, "notify::limit", G_CALLBACK (count_signal), &limit_notes);
    wb_undo_stack_set_limit (stack, WB_UNDO_STACK_DEFAULT_LIMIT);
    ck_assert_int_eq (limit_notes, 0);
    wb_undo_stack_set_limit (stack, 5);
    wb_undo_stack_set_limit (stack, 5);
    ck_assert_int_eq (limit_notes, 1);
    wb_undo_stack_set_limit (stack, 0);   /* clamped to 1 */
    ck_assert_uint_eq (wb_undo_stack_get_limit (stack), 1);
  }
}
END_TEST

START_TEST (test_paint_drag_merges)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "hexes");
  g_autofree char *before = dump (game);
  g_autofree char *after_drag = NULL;
  int changed = 0;

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changed);

  /* A drag over 7 hexes, crossing 0101 twice and over forest already there. */
  push_ok (stack, paint1 (map, 0, 0, "forest", "Forest"));
  push_ok (stack, paint1 (map, 1, 0, "forest", "Forest"));
  push_ok (stack, paint1 (map, 0, 0, "forest", "Forest"));
  push_ok (stack, paint1 (map, 2, 0, "forest", "Forest"));
  push_ok (stack, paint1 (map, 3, 0, "forest", "Forest"));
  push_ok (stack, paint1 (map, 0, 2, "forest", "Forest"));
  push_ok (stack, paint1 (map, 1, 2, "forest", "Forest"));
  push_ok (stack, paint1 (map, 2, 2, "forest", "Forest"));
  ck_assert_int_eq (changed, 8);   /* the canvas redraws after each hex */
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 7 hexes Forest");
  after_drag = dump (game);

  /* One undo takes back the whole drag, with one redraw. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (changed, 9);
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, before);
  }
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_int_eq (changed, 10);
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, after_drag);
  }

  /* After a redo the window is closed: a new drag is a new step. */
  push_ok (stack, paint1 (map, 3, 2, "forest", "Forest"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);

  /* Another terrain does not merge, and sealing starts a new step. */
  push_ok (stack, paint1 (map, 3, 1, "rough", "Rough"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
  wb_undo_stack_seal (stack);
  push_ok (stack, paint1 (map, 2, 1, "rough", "Rough"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 4);

  /* Elevation and move drags merge the same way; different kinds do not. */
  {
    g_autoptr(WbGame) g2 = load_minimal ();
    g_autoptr(WbUndoStack) s2 = wb_undo_stack_new ();
    WbPointMap *points = WB_POINT_MAP (wb_game_find_map (g2, "points"));
    WbHexMap *m2 = hex_map (g2, "hexes");
    WbOffset a = { 0, 0 }, b = { 1, 1 };
    g_autofree char *start = dump (g2);
    WbLocation *beta = wb_point_map_find_location (points, "b");

    push_ok (s2, wb_command_move_location_new (points, "b", 410, 300));
    push_ok (s2, wb_command_move_location_new (points, "b", 420, 310));
    push_ok (s2, wb_command_move_location_new (points, "b", 430, 320));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 1);
    ck_assert (beta->x == 430 && beta->y == 320);
    push_ok (s2, wb_command_move_location_new (points, "a", 10, 10));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 2);
    push_ok (s2, wb_command_set_elevation_new (m2, &a, 1, 5));
    push_ok (s2, wb_command_set_elevation_new (m2, &b, 1, 5));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 3);
    ck_assert_str_eq (wb_undo_stack_get_undo_label (s2), "Set elevation of 2 hexes to 5");
    push_ok (s2, wb_command_set_elevation_new (m2, &b, 1, 6));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 4);
    /* A road drawn by dragging along hexsides. */
    push_ok (s2, wb_command_set_hexside_feature_new (m2, off (0, 1), N, "road", TRUE));
    push_ok (s2, wb_command_set_hexside_feature_new (m2, off (0, 1), NE, "road", TRUE));
    push_ok (s2, wb_command_set_hexside_feature_new (m2, off (1, 0), SW, "road", TRUE));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 5);
    ck_assert_str_eq (wb_undo_stack_get_undo_label (s2), "Add road to 2 hexsides");
    push_ok (s2, wb_command_set_hexside_feature_new (m2, off (0, 1), N, "road", FALSE));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 6);
    /* Labels never merge. */
    push_ok (s2, wb_command_set_label_new (m2, a, "A"));
    push_ok (s2, wb_command_set_label_new (m2, a, "B"));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 8);
    while (wb_undo_stack_undo (s2))
      ;
    {
      g_autofree char *now = dump (g2);
      ck_assert_str_eq (now, start);
    }
  }
}
END_TEST

START_TEST (test_groups)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "hexes");
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  int changed = 0;

  push_ok (stack, paint1 (map, 0, 0, "rough", "Rough"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changed);
  wb_undo_stack_begin_group (stack, "Build a town");
  ck_assert (wb_undo_stack_in_group (stack));
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  ck_assert (!wb_undo_stack_undo (stack));
  /* Same terrain as the step before the group: must not merge into it. */
  push_ok (stack, paint1 (map, 1, 1, "rough", "Rough"));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  /* Inside a group, a drag still merges with the previous child. */
  push_ok (stack, paint1 (map, 2, 1, "rough", "Rough"));
  push_ok (stack, wb_command_set_label_new (map, off (1, 1), "Newtown"));
  wb_undo_stack_begin_group (stack, "Inner");
  push_ok (stack, wb_command_set_hexside_feature_new (map, off (1, 1), S, "road", TRUE));
  wb_undo_stack_end_group (stack);
  /* An empty group records nothing. */
  wb_undo_stack_begin_group (stack, "Empty");
  wb_undo_stack_end_group (stack);
  wb_undo_stack_end_group (stack);
  ck_assert (!wb_undo_stack_in_group (stack));
  ck_assert_int_eq (changed, 4);

  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Build a town");
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, off (2, 1)), g_intern_static_string ("rough"));
  ck_assert_str_eq (wb_hex_map_get_label (map, off (1, 1)), "Newtown");
  after = dump (game);

  /* A step after the group does not merge into it. */
  push_ok (stack, paint1 (map, 3, 1, "rough", "Rough"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
  ck_assert (wb_undo_stack_undo (stack));

  /* Undo reverts the children in reverse order, one step. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, off (1, 1)), g_intern_static_string ("forest"));
  ck_assert_ptr_null (wb_hex_map_get_label (map, off (1, 1)));
  ck_assert (!wb_hex_map_has_side_feature (map, off (1, 1), S, "road"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert (wb_undo_stack_redo (stack));
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, after);
  }
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, before);
  }

  /* Cancelling a group takes back its pushes and keeps the redo branch. */
  ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 3);
  wb_undo_stack_begin_group (stack, "Abandoned");
  push_ok (stack, paint1 (map, 3, 2, "forest", "Forest"));
  push_ok (stack, wb_command_set_label_new (map, off (3, 2), "X"));
  wb_undo_stack_cancel_group (stack);
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 3);
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, before);
  }

  /* A group built by hand is applied all or nothing. */
  {
    int counter = 0;
    g_autoptr(WbCommand) group = wb_command_group_new ("Hand-made");
    g_autoptr(WbCommand) c1 = counter_new (&counter, 1, FALSE);
    g_autoptr(WbCommand) c2 = counter_new (&counter, 10, FALSE);
    g_autoptr(WbCommand) bad = counter_new (&counter, 100, TRUE);
    g_autoptr(WbCommand) group2 = wb_command_group_new ("Fails");
    g_autoptr(GError) error = NULL;

    wb_command_group_add (WB_COMMAND_GROUP (group), c1);
    wb_command_group_add (WB_COMMAND_GROUP (group), c2);
    ck_assert_uint_eq (wb_command_group_get_n_children (WB_COMMAND_GROUP (group)), 2);
    ck_assert_ptr_eq (wb_command_group_get_child (WB_COMMAND_GROUP (group), 1), c2);
    ck_assert (wb_undo_stack_push (stack, group, NULL));
    ck_assert_int_eq (counter, 11);
    ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Hand-made");
    ck_assert (wb_undo_stack_undo (stack));
    ck_assert_int_eq (counter, 0);

    wb_command_group_add (WB_COMMAND_GROUP (group2), c1);
    wb_command_group_add (WB_COMMAND_GROUP (group2), c2);
    wb_command_group_add (WB_COMMAND_GROUP (group2), bad);
    ck_assert (!wb_undo_stack_push (stack, group2, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
    ck_assert_int_eq (counter, 0);
    ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 1);
  }
}
END_TEST

START_TEST (test_redo_branch_discarded)
{
  int counter = 0;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();

  push_ok (stack, counter_new (&counter, 1, FALSE));
  push_ok (stack, counter_new (&counter, 2, FALSE));
  push_ok (stack, counter_new (&counter, 4, FALSE));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (counter, 1);
  ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 2);
  ck_assert_str_eq (wb_undo_stack_get_redo_label (stack), "Add 2");

  push_ok (stack, counter_new (&counter, 8, FALSE));
  ck_assert_int_eq (counter, 9);
  ck_assert (!wb_undo_stack_get_can_redo (stack));
  ck_assert_ptr_null (wb_undo_stack_get_redo_label (stack));
  ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 0);
  ck_assert (!wb_undo_stack_redo (stack));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (counter, 0);
}
END_TEST

START_TEST (test_clean_marker)
{
  int counter = 0;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  int clean_notes = 0;

  g_signal_connect_swapped (stack, "notify::is-clean", G_CALLBACK (count_signal), &clean_notes);
  ck_assert (wb_undo_stack_get_is_clean (stack));
  push_ok (stack, counter_new (&counter, 1, FALSE));
  push_ok (stack, counter_new (&counter, 2, FALSE));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert_int_eq (clean_notes, 1);

  /* Save point after two steps. */
  wb_undo_stack_set_clean (stack);
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert_int_eq (clean_notes, 2);

  /* Undo past it, redo back to it. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert_int_eq (clean_notes, 3);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert_int_eq (clean_notes, 4);

  /* A push after the save point, then undo back to it. */
  push_ok (stack, counter_new (&counter, 4, FALSE));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_get_is_clean (stack));

  /* Merging never changes the saved step: saving closes the merge window. */
  {
    g_autoptr(WbGame) game = wb_game_new_starter (5, 5);
    g_autoptr(WbUndoStack) s2 = wb_undo_stack_new ();
    WbHexMap *map = hex_map (game, "map");

    push_ok (s2, paint1 (map, 0, 0, "forest", NULL));
    wb_undo_stack_set_clean (s2);
    push_ok (s2, paint1 (map, 1, 0, "forest", NULL));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (s2), 2);
    ck_assert (!wb_undo_stack_get_is_clean (s2));
    ck_assert (wb_undo_stack_undo (s2));
    ck_assert (wb_undo_stack_get_is_clean (s2));
  }

  /* Save, undo, push: the save point was on the discarded branch, so the
   * stack stays dirty whatever is undone or redone until the next save. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  push_ok (stack, counter_new (&counter, 16, FALSE));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  while (wb_undo_stack_redo (stack))
    ck_assert (!wb_undo_stack_get_is_clean (stack));
  wb_undo_stack_set_clean (stack);
  ck_assert (wb_undo_stack_get_is_clean (stack));

  /* An open group with content is unsaved work. */
  wb_undo_stack_begin_group (stack, "G");
  ck_assert (wb_undo_stack_get_is_clean (stack));
  push_ok (stack, counter_new (&counter, 32, FALSE));
  ck_assert (!wb_undo_stack_get_is_clean (stack));
  wb_undo_stack_cancel_group (stack);
  ck_assert (wb_undo_stack_get_is_clean (stack));

  /* Clearing keeps the clean state. */
  wb_undo_stack_clear (stack);
  ck_assert (wb_undo_stack_get_is_clean (stack));
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  push_ok (stack, counter_new (&counter, 64, FALSE));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_get_is_clean (stack));
}
END_TEST

START_TEST (test_depth_limit)
{
  int counter = 0;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();

  ck_assert_uint_eq (wb_undo_stack_get_limit (stack), 1000);
  for (int i = 0; i < 1005; i++)
    push_ok (stack, counter_new (&counter, 1, FALSE));
  ck_assert_int_eq (counter, 1005);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1000);
  while (wb_undo_stack_undo (stack))
    ;
  /* The five oldest steps were dropped. */
  ck_assert_int_eq (counter, 5);
  while (wb_undo_stack_redo (stack))
    ;
  ck_assert_int_eq (counter, 1005);

  /* Lowering the limit drops the oldest at once; a save point among them
   * becomes unreachable. */
  wb_undo_stack_clear (stack);
  counter = 0;
  push_ok (stack, counter_new (&counter, 1, FALSE));
  wb_undo_stack_set_clean (stack);
  push_ok (stack, counter_new (&counter, 2, FALSE));
  push_ok (stack, counter_new (&counter, 4, FALSE));
  push_ok (stack, counter_new (&counter, 8, FALSE));
  g_object_set (stack, "limit", 2, NULL);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  while (wb_undo_stack_undo (stack))
    ck_assert (!wb_undo_stack_get_is_clean (stack));
  ck_assert_int_eq (counter, 3);

  /* With redo steps, the far end of the redo side goes when needed. */
  wb_undo_stack_set_limit (stack, 1);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 0);
  ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 1);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_int_eq (counter, 7);
  ck_assert (!wb_undo_stack_redo (stack));
}
END_TEST

START_TEST (test_failing_command)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "hexes");
  WbPointMap *points = WB_POINT_MAP (wb_game_find_map (game, "points"));
  WbUnit *b1 = wb_game_find_unit (game, "b1");
  g_autofree char *before = NULL;
  WbOffset bad[] = { {0, 0}, {1, 1}, {4, 0}, {2, 2} };
  g_auto(GValue) v = G_VALUE_INIT;
  g_auto(GValue) iv = G_VALUE_INIT;
  Notes n = { 0 };
  int changed = 0, unit_notes = 0;
  struct {
    WbCommand *cmd;
    int code;
    const char *message;
  } cases[8];
  guint n_cases = 0;

  /* Some history, with a redo step, to see it is left alone. */
  push_ok (stack, paint1 (map, 3, 2, "rough", NULL));
  push_ok (stack, paint1 (map, 3, 1, "rough", NULL));
  wb_undo_stack_seal (stack);
  push_ok (stack, paint1 (map, 0, 1, "forest", NULL));
  ck_assert (wb_undo_stack_undo (stack));
  before = dump (game);

  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, "x");
  g_value_init (&iv, G_TYPE_INT);
  g_value_set_int (&iv, 3);

#define CASE(c, k, m) G_STMT_START { cases[n_cases].cmd = (c); cases[n_cases].code = (k); \
                                     cases[n_cases].message = (m); n_cases++; } G_STMT_END
  CASE (wb_command_paint_terrain_new (map, bad, G_N_ELEMENTS (bad), "rough", NULL),
        WB_COMMAND_ERROR_OFF_MAP, "Hex 0501 is not on map “Hex Map”");
  CASE (wb_command_set_elevation_new (map, bad, 2, 10),
        WB_COMMAND_ERROR_RANGE, "Elevation 10 is outside 0 to 9");
  CASE (wb_command_set_elevation_new (map, bad, 3, 1),
        WB_COMMAND_ERROR_OFF_MAP, "Hex 0501 is not on map “Hex Map”");
  CASE (wb_command_set_hexside_feature_new (map, off (7, 7), N, "road", TRUE),
        WB_COMMAND_ERROR_OFF_MAP, "Hex 0808 is not on map “Hex Map”");
  CASE (wb_command_set_label_new (map, off (-1, 0), "Nowhere"),
        WB_COMMAND_ERROR_OFF_MAP, "Hex 0001 is not on map “Hex Map”");
  CASE (wb_command_move_location_new (points, "zeta", 1, 1),
        WB_COMMAND_ERROR_NOT_FOUND, "Map “Point Map” has no location “zeta”");
  CASE (wb_command_move_location_new (points, "a", 801, 1),
        WB_COMMAND_ERROR_RANGE, "Position 801, 1 is outside map “Point Map” (800 × 600)");
  CASE (wb_command_set_unit_property_new (b1, "id", &v),
        WB_COMMAND_ERROR_INVALID, "Units have no editable text property “id”");
#undef CASE
  ck_assert_uint_eq (n_cases, G_N_ELEMENTS (cases));

  g_signal_connect (stack, "notify", G_CALLBACK (on_notify), &n);
  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changed);
  g_signal_connect_swapped (points, "changed", G_CALLBACK (count_signal), &changed);
  g_signal_connect_swapped (b1, "notify", G_CALLBACK (count_signal), &unit_notes);

  for (guint i = 0; i < n_cases; i++)
    {
      g_autoptr(WbCommand) cmd = cases[i].cmd;
      g_autoptr(GError) error = NULL;
      g_autofree char *now = NULL;

      ck_assert (!wb_undo_stack_push (stack, cmd, &error));
      ck_assert_error (error, WB_COMMAND_ERROR, cases[i].code);
      ck_assert_str_eq (error->message, cases[i].message);
      now = dump (game);
      ck_assert_msg (strcmp (now, before) == 0, "case %u changed the model", i);
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
      ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 1);
    }
  {
    g_autoptr(WbCommand) cmd = wb_command_set_unit_property_new (b1, "no-such", &v);
    g_autoptr(WbCommand) cmd2 = wb_command_set_unit_property_new (b1, "note", &iv);
    g_autoptr(WbCommand) cmd3 = wb_command_set_unit_property_new (b1, "strength-text", &v);
    g_autoptr(GError) error = NULL;

    ck_assert_str_eq (wb_command_get_label (cmd), "Change no-such of 1st Brigade");
    ck_assert (!wb_undo_stack_push (stack, cmd, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
    g_clear_error (&error);
    ck_assert (!wb_undo_stack_push (stack, cmd2, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
    ck_assert_str_eq (error->message, "The value for “note” is a gint, not text");
    g_clear_error (&error);
    ck_assert (!wb_undo_stack_push (stack, cmd3, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  }
  ck_assert_int_eq (changed, 0);
  ck_assert_int_eq (unit_notes, 0);
  ck_assert_int_eq (n.can_undo + n.can_redo + n.undo_label + n.redo_label + n.is_clean, 0);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paint 2 hexes rough");
  ck_assert_str_eq (wb_undo_stack_get_redo_label (stack), "Paint 1 hex forest");
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, before);
  }
  /* Failing inside a group leaves the group's earlier pushes in place. */
  {
    g_autoptr(WbCommand) cmd = wb_command_set_label_new (map, off (9, 9), "Nowhere");
    g_autoptr(GError) error = NULL;

    wb_undo_stack_begin_group (stack, "G");
    push_ok (stack, wb_command_set_label_new (map, off (0, 0), "Here"));
    ck_assert (!wb_undo_stack_push (stack, cmd, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
    ck_assert_str_eq (wb_hex_map_get_label (map, off (0, 0)), "Here");
    wb_undo_stack_end_group (stack);
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
    ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "G");
    ck_assert (wb_undo_stack_undo (stack));
    ck_assert_uint_eq (wb_undo_stack_get_n_redo (stack), 1);
    ck_assert_str_eq (wb_undo_stack_get_redo_label (stack), "G");
  }

  /* And the history still works. */
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, off (3, 1)), g_intern_static_string ("clear"));
}
END_TEST

/* Views refresh on the owner's notification: WbMap::changed for maps, the
 * unit's notify for units. */
START_TEST (test_change_signals)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = hex_map (game, "hexes");
  WbPointMap *points = WB_POINT_MAP (wb_game_find_map (game, "points"));
  WbUnit *b1 = wb_game_find_unit (game, "b1");
  WbOffset three[] = { {0, 0}, {1, 0}, {2, 0} };
  int hex_changed = 0, point_changed = 0, name_notes = 0, designation_notes = 0;
  g_auto(GValue) v = G_VALUE_INIT;

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &hex_changed);
  g_signal_connect_swapped (points, "changed", G_CALLBACK (count_signal), &point_changed);
  g_signal_connect_swapped (b1, "notify::name", G_CALLBACK (count_signal), &name_notes);
  g_signal_connect_swapped (b1, "notify::designation", G_CALLBACK (count_signal),
                            &designation_notes);

  /* One emission per apply and per revert, however many hexes. */
  push_ok (stack, wb_command_paint_terrain_new (map, three, 3, "rough", NULL));
  ck_assert_int_eq (hex_changed, 1);
  push_ok (stack, wb_command_set_elevation_new (map, three, 3, 2));
  push_ok (stack, wb_command_set_hexside_feature_new (map, off (0, 0), S, "creek", TRUE));
  push_ok (stack, wb_command_set_label_new (map, off (0, 0), "Mill"));
  ck_assert_int_eq (hex_changed, 4);
  ck_assert_int_eq (point_changed, 0);
  push_ok (stack, wb_command_move_location_new (points, "a", 50, 60));
  ck_assert_int_eq (point_changed, 1);
  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, "Iron Brigade");
  push_ok (stack, wb_command_set_unit_property_new (b1, "name", &v));
  ck_assert_int_eq (name_notes, 1);
  g_value_set_string (&v, NULL);
  push_ok (stack, wb_command_set_unit_property_new (b1, "designation", &v));
  ck_assert_int_eq (designation_notes, 1);
  ck_assert_str_eq (wb_unit_get_designation (b1), "Iron Brigade");

  while (wb_undo_stack_undo (stack))
    ;
  ck_assert_int_eq (hex_changed, 8);
  ck_assert_int_eq (point_changed, 2);
  ck_assert_int_eq (name_notes, 2);
  ck_assert_int_eq (designation_notes, 2);
  ck_assert_str_eq (wb_unit_get_name (b1), "1st Brigade");
  ck_assert_str_eq (wb_unit_get_designation (b1), "1/I");
  while (wb_undo_stack_redo (stack))
    ;
  ck_assert_int_eq (hex_changed, 12);
  ck_assert_int_eq (point_changed, 3);
}
END_TEST

/* Undoing a change to a unit without a designation leaves the designation
 * following the name, as it did before. */
START_TEST (test_unit_fallbacks)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbUnit *b2 = wb_game_find_unit (game, "b2");
  g_auto(GValue) v = G_VALUE_INIT;

  g_value_init (&v, G_TYPE_STRING);
  ck_assert_str_eq (wb_unit_get_name (b2), "b2");
  ck_assert_str_eq (wb_unit_get_designation (b2), "b2");
  g_value_set_string (&v, "X");
  push_ok (stack, wb_command_set_unit_property_new (b2, "designation", &v));
  g_value_set_string (&v, "Second");
  push_ok (stack, wb_command_set_unit_property_new (b2, "name", &v));
  ck_assert_str_eq (wb_unit_get_designation (b2), "X");
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_str_eq (wb_unit_get_designation (b2), "b2");
  /* A later rename (outside the stack) is still followed. */
  wb_unit_set_name (b2, "Renamed");
  ck_assert_str_eq (wb_unit_get_designation (b2), "Renamed");
  wb_unit_set_name (b2, NULL);
  ck_assert_str_eq (wb_unit_get_name (b2), "b2");
}
END_TEST

START_TEST (test_command_base)
{
  int counter = 0;
  g_autoptr(WbCommand) cmd = counter_new (&counter, 3, FALSE);
  g_autoptr(WbCommand) other = counter_new (&counter, 4, FALSE);
  g_autofree char *label = NULL;
  int notes = 0;

  ck_assert (WB_IS_COMMAND (cmd));
  ck_assert (G_TYPE_IS_ABSTRACT (WB_TYPE_COMMAND));
  ck_assert_str_eq (wb_command_get_label (cmd), "Add 3");
  g_signal_connect_swapped (cmd, "notify::label", G_CALLBACK (count_signal), &notes);
  wb_command_set_label (cmd, "Add 3");
  ck_assert_int_eq (notes, 0);
  wb_command_set_label (cmd, "Add three");
  ck_assert_int_eq (notes, 1);
  g_object_get (cmd, "label", &label, NULL);
  ck_assert_str_eq (label, "Add three");
  /* The default merge refuses. */
  ck_assert (!wb_command_merge (cmd, other));
  ck_assert (wb_command_apply (cmd, NULL));
  ck_assert_int_eq (counter, 3);
  wb_command_revert (cmd);
  ck_assert_int_eq (counter, 0);
}
END_TEST

/* Resizing keeps the content in place relative to itself (neighbours stay
 * neighbours even when an odd column shift flips the parity), and undo
 * restores the map exactly, including what fell off the edge. */
START_TEST (test_resize_map)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbCommand) grow = wb_command_resize_hex_map_new (map, 7, 5, 1, 2, "rough");
  g_autoptr(WbCommand) shrink = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL, *again = NULL;
  WbHexLayout old_layout = wb_hex_map_get_layout (map);
  WbOffset town, below, moved_town, moved_below;

  ck_assert (wb_hex_map_parse_hex (map, "0201", &town));
  below = wb_hex_neighbour (old_layout, town, 3);
  ck_assert (wb_undo_stack_push (stack, grow, &error));
  ck_assert_int_eq (wb_hex_map_get_cols (map), 7);
  ck_assert_int_eq (wb_hex_map_get_rows (map), 5);
  /* An odd column shift flips the parity. */
  ck_assert_int_ne (wb_hex_map_get_layout (map).parity, old_layout.parity);
  moved_town = (WbOffset) { town.col + 1, town.row + 2 };
  moved_below = (WbOffset) { below.col + 1, below.row + 2 };
  ck_assert_str_eq (wb_hex_map_get_label (map, moved_town), "Townsville");
  ck_assert (wb_hex_map_has_hex_feature (map, moved_town, "town"));
  /* The creek and ford between 0201 and 0202 still lie between the same two hexes. */
  ck_assert_int_eq (wb_hex_direction_to (wb_hex_map_get_layout (map), moved_town, moved_below), 3);
  ck_assert (wb_hex_map_has_side_feature (map, moved_town, 3, "creek"));
  ck_assert (wb_hex_map_has_side_feature (map, moved_town, 3, "ford"));
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 0, 0 }), "rough");
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 3, 2 }), "forest");   /* was 0301 */
  ck_assert (wb_offset_equal (g_array_index (wb_hex_map_find_mark (map, "objective")->hexes, WbOffset, 0),
                              moved_town));

  /* What it writes is a valid game. */
  after = wb_game_to_data (game, NULL);
  {
    g_autoptr(WbGame) reloaded = wb_game_load_from_data (after, -1, "resized", &error);
    ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  }

  ck_assert (wb_undo_stack_undo (stack));
  again = wb_game_to_data (game, NULL);
  ck_assert_str_eq (again, before);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (again);
  again = wb_game_to_data (game, NULL);
  ck_assert_str_eq (again, after);

  /* Shrinking drops what falls outside; undo brings it back. */
  shrink = wb_command_resize_hex_map_new (map, 2, 2, -3, -2, "clear");
  ck_assert (wb_undo_stack_push (stack, shrink, &error));
  ck_assert_uint_eq (wb_hex_map_find_mark (map, "north-edge")->hexes->len, 2);   /* of 4 */
  ck_assert (wb_undo_stack_undo (stack));
  g_free (again);
  again = wb_game_to_data (game, NULL);
  ck_assert_str_eq (again, after);

  /* Out of range is refused and changes nothing. */
  {
    g_autoptr(WbCommand) huge = wb_command_resize_hex_map_new (map, 5000, 5, 0, 0, "clear");
    ck_assert (!wb_undo_stack_push (stack, huge, &error));
    ck_assert (g_error_matches (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE));
  }
  g_free (again);
  again = wb_game_to_data (game, NULL);
  ck_assert_str_eq (again, after);
}
END_TEST

static void
count_changed (WbMap *map, guint *n)
{
  (*n)++;
}

static WbConnection *
nth_connection (WbPointMap *map, guint i)
{
  return g_ptr_array_index (wb_point_map_get_connections (map), i);
}

/* Add, rename and delete location: ids made unique from the name, the
 * name changed but not the id, a deleted location's connections go with
 * it and come back in their places; each step undone byte for byte, one
 * WbMap::changed per apply and revert. */
START_TEST (test_location_commands)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbPointMap *map = WB_POINT_MAP (wb_game_find_map (game, "points"));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL, *again = NULL;
  GPtrArray *locations = wb_point_map_get_locations (map);
  GPtrArray *connections = wb_point_map_get_connections (map);
  WbCommand *cmd;
  WbLocation *c = wb_location_new ("c"), *d = wb_location_new ("d");
  guint changed = 0;

  c->name = g_strdup ("Gamma");
  c->x = c->y = 200;
  d->name = g_strdup ("Delta");
  d->x = d->y = 300;
  ck_assert (wb_point_map_add_location (map, c));
  ck_assert (wb_point_map_add_location (map, d));
  wb_point_map_add_connection (map, wb_connection_new ("c", "d", "pike"));
  wb_point_map_add_connection (map, wb_connection_new ("b", "c", "pike"));
  wb_point_map_add_connection (map, wb_connection_new ("d", "b", "pike"));
  g_signal_connect (map, "changed", G_CALLBACK (count_changed), &changed);
  before = dump (game);

  /* Add: "New town" gives new-town, then new-town-2. */
  cmd = wb_command_add_location_new (map, "New town", 50, 60);
  ck_assert_str_eq (wb_command_add_location_get_id (cmd), "new-town");
  ck_assert_str_eq (wb_command_get_label (cmd), "Add location “New town”");
  push_ok (stack, cmd);
  ck_assert_uint_eq (changed, 1);
  ck_assert_uint_eq (locations->len, 5);
  ck_assert_str_eq (wb_point_map_find_location (map, "new-town")->name, "New town");
  cmd = wb_command_add_location_new (map, "New  Town!", 70, 80);
  ck_assert_str_eq (wb_command_add_location_get_id (cmd), "new-town-2");
  push_ok (stack, cmd);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);   /* no merging */
  after = dump (game);
  {
    g_autoptr(WbGame) reloaded = wb_game_load_from_data (after, -1, "added", &error);
    ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  }
  /* Off the map: refused, nothing changed. */
  cmd = wb_command_add_location_new (map, "Far", 5000, 60);
  ck_assert (!wb_undo_stack_push (stack, cmd, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE);
  g_clear_error (&error);
  g_object_unref (cmd);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_uint_eq (changed, 4);
  again = dump (game);
  ck_assert_str_eq (again, before);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (wb_undo_stack_redo (stack));
  g_free (again);
  again = dump (game);
  ck_assert_str_eq (again, after);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));

  /* Rename: the id stays. */
  changed = 0;
  cmd = wb_command_rename_location_new (map, "b", "Bravo");
  ck_assert_str_eq (wb_command_get_label (cmd), "Rename “Beta” to “Bravo”");
  push_ok (stack, cmd);
  ck_assert_uint_eq (changed, 1);
  ck_assert_str_eq (wb_point_map_find_location (map, "b")->name, "Bravo");
  cmd = wb_command_rename_location_new (map, "b", "Bravo Town");
  push_ok (stack, cmd);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  cmd = wb_command_rename_location_new (map, "b", "");
  ck_assert (!wb_undo_stack_push (stack, cmd, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_clear_error (&error);
  g_object_unref (cmd);
  cmd = wb_command_rename_location_new (map, "nowhere", "X");
  ck_assert (!wb_undo_stack_push (stack, cmd, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_object_unref (cmd);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_uint_eq (changed, 4);
  g_free (again);
  again = dump (game);
  ck_assert_str_eq (again, before);

  /* Delete b: its three connections (of four, first, third and fourth)
   * go with it. */
  changed = 0;
  cmd = wb_command_delete_location_new (game, map, "b");
  ck_assert_str_eq (wb_command_get_label (cmd), "Delete location “Beta”");
  push_ok (stack, cmd);
  ck_assert_uint_eq (changed, 1);
  ck_assert_ptr_null (wb_point_map_find_location (map, "b"));
  ck_assert_uint_eq (locations->len, 3);
  ck_assert_uint_eq (connections->len, 1);
  ck_assert_str_eq (nth_connection (map, 0)->a, "c");
  g_free (after);
  after = dump (game);
  {
    g_autoptr(WbGame) reloaded = wb_game_load_from_data (after, -1, "deleted", &error);
    ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  }
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_uint_eq (changed, 2);
  ck_assert_uint_eq (connections->len, 4);
  g_free (again);
  again = dump (game);
  ck_assert_str_eq (again, before);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (again);
  again = dump (game);
  ck_assert_str_eq (again, after);
  ck_assert (wb_undo_stack_undo (stack));

  /* Not found. */
  cmd = wb_command_delete_location_new (game, map, "nowhere");
  ck_assert (!wb_undo_stack_push (stack, cmd, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_object_unref (cmd);

  /* A location a scenario on this map sets up a unit at, or brings
   * reinforcements in at, is refused, naming the scenario and the unit. */
  {
    WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
    WbSetup *setup = g_ptr_array_index (wb_scenario_get_setup (scenario), 0);
    WbReinforcement *r = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), 0);
    WbPlace at_b = { WB_PLACE_LOCATION, g_strdup ("b") };
    WbPlace at_c = { WB_PLACE_LOCATION, g_strdup ("c") };

    g_array_append_val (setup->at, at_b);
    g_array_append_val (r->at, at_c);
    /* On another map the ids mean nothing here. */
    cmd = wb_command_delete_location_new (game, map, "b");
    push_ok (stack, cmd);
    ck_assert (wb_undo_stack_undo (stack));

    wb_scenario_set_map (scenario, "points");
    g_free (again);
    again = dump (game);
    changed = 0;
    cmd = wb_command_delete_location_new (game, map, "b");
    ck_assert (!wb_undo_stack_push (stack, cmd, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
    ck_assert_str_eq (error->message, "Scenario “Basic” sets up “1st Brigade” at “Beta”");
    g_clear_error (&error);
    g_object_unref (cmd);
    cmd = wb_command_delete_location_new (game, map, "c");
    ck_assert (!wb_undo_stack_push (stack, cmd, &error));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
    ck_assert_str_eq (error->message, "Scenario “Basic” brings in “r2” at “Gamma”");
    g_clear_error (&error);
    g_object_unref (cmd);
    ck_assert_uint_eq (changed, 0);
    g_free (after);
    after = dump (game);
    ck_assert_str_eq (after, again);
    /* d is free to go. */
    cmd = wb_command_delete_location_new (game, map, "d");
    push_ok (stack, cmd);
    ck_assert (wb_undo_stack_undo (stack));
  }
}
END_TEST

static Suite *
undo_suite (void)
{
  Suite *s = suite_create ("undo");
  TCase *tc = tcase_create ("undo");

  tcase_add_test (tc, test_hex_map_removal);
  tcase_add_test (tc, test_command_base);
  tcase_add_test (tc, test_round_trip_every_command);
  tcase_add_test (tc, test_starter_elevation_layer);
  tcase_add_test (tc, test_notify_counts);
  tcase_add_test (tc, test_paint_drag_merges);
  tcase_add_test (tc, test_groups);
  tcase_add_test (tc, test_redo_branch_discarded);
  tcase_add_test (tc, test_clean_marker);
  tcase_add_test (tc, test_depth_limit);
  tcase_add_test (tc, test_failing_command);
  tcase_add_test (tc, test_change_signals);
  tcase_add_test (tc, test_unit_fallbacks);
  tcase_add_test (tc, test_resize_map);
  tcase_add_test (tc, test_location_commands);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (undo_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
