/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-marks"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* Commands on a map's data and a game's maps, on the bundled Wilderness:
 * marks (objectives, entry hexes, supply sources, set-up areas, trenches),
 * drawn lines, and adding and deleting maps. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

static WbGame *
load_wilderness (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("WARBENCH_TEST_GAME"));
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbHexMap *
first_hex_map (WbGame *game)
{
  GPtrArray *maps = wb_game_get_maps (game);

  for (guint i = 0; i < maps->len; i++)
    if (WB_IS_HEX_MAP (g_ptr_array_index (maps, i)))
      return g_ptr_array_index (maps, i);
  ck_abort_msg ("no hex map");
  return NULL;
}

static WbOffset
hex (WbHexMap *map, const char *number)
{
  WbOffset o;

  ck_assert (wb_hex_map_parse_hex (map, number, &o));
  ck_assert (wb_hex_map_contains (map, o));
  return o;
}

static void
push_ok (WbUndoStack *stack, WbCommand *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;

  ck_assert (owned != NULL);
  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s", error ? error->message : "");
}

static GError *
push_fails (WbUndoStack *stack, WbCommand *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  GError *error = NULL;

  ck_assert (!wb_undo_stack_push (stack, owned, &error));
  ck_assert_ptr_nonnull (error);
  return error;
}

START_TEST (test_add_edit_remove)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = first_hex_map (game);
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *added = NULL, *edited = NULL;
  guint n_marks = wb_hex_map_get_marks (map)->len;
  WbCommand *cmd = wb_command_add_mark_new (game, map, "Supply: Union", "supply", "union", 0);
  const char *id = wb_command_add_mark_get_id (cmd);
  WbMapMark *mark;

  ck_assert_str_eq (id, "supply-union");
  push_ok (stack, cmd);
  ck_assert_uint_eq (wb_hex_map_get_marks (map)->len, n_marks + 1);
  mark = wb_hex_map_find_mark (map, "supply-union");
  ck_assert_ptr_nonnull (mark);
  ck_assert_str_eq (mark->kind, "supply");
  ck_assert_str_eq (mark->side, "union");
  ck_assert_uint_eq (mark->hexes->len, 0);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add mark “Supply: Union”");
  added = wb_game_to_data (game, NULL);

  /* A second mark of the same name gets its own id. */
  cmd = wb_command_add_mark_new (game, map, "Supply: Union", "supply", NULL, 0);
  ck_assert_str_eq (wb_command_add_mark_get_id (cmd), "supply-union-2");
  g_object_unref (cmd);

  push_ok (stack, wb_command_edit_mark_new (game, map, "supply-union", "Union depot", "objective", NULL, 3));
  mark = wb_hex_map_find_mark (map, "supply-union");
  ck_assert_str_eq (mark->name, "Union depot");
  ck_assert_str_eq (mark->kind, "objective");
  ck_assert_ptr_null (mark->side);
  ck_assert_int_eq (mark->vp, 3);
  edited = wb_game_to_data (game, NULL);

  push_ok (stack, wb_command_remove_mark_new (game, map, "supply-union"));
  ck_assert_ptr_null (wb_hex_map_find_mark (map, "supply-union"));

  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, edited);
  }
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, added);
  }
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
  /* Redo computes the same states again. */
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (wb_undo_stack_redo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, edited);
  }
}
END_TEST

START_TEST (test_removing_keeps_place)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = first_hex_map (game);
  g_autofree char *before = wb_game_to_data (game, NULL);
  GPtrArray *marks = wb_hex_map_get_marks (map);
  WbMapMark *first = g_ptr_array_index (marks, 0);
  const char *first_id = first->id;

  push_ok (stack, wb_command_remove_mark_new (game, map, first_id));
  ck_assert_ptr_null (wb_hex_map_find_mark (map, first_id));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_str_eq (((WbMapMark *) g_ptr_array_index (marks, 0))->id, first_id);
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
}
END_TEST

START_TEST (test_hexes_drag_merges)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = first_hex_map (game);
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbOffset a = hex (map, "1010"), b = hex (map, "1011"), c = hex (map, "1012");
  WbMapMark *mark = wb_hex_map_find_mark (map, "hickman");
  guint n = mark->hexes->len;

  ck_assert (!wb_map_mark_has_hex (mark, a));
  push_ok (stack, wb_command_mark_hexes_new (map, "hickman", &a, 1, TRUE));
  push_ok (stack, wb_command_mark_hexes_new (map, "hickman", &b, 1, TRUE));
  /* Adding a hex that is already in changes nothing. */
  push_ok (stack, wb_command_mark_hexes_new (map, "hickman", &a, 1, TRUE));
  push_ok (stack, wb_command_mark_hexes_new (map, "hickman", &c, 1, TRUE));
  mark = wb_hex_map_find_mark (map, "hickman");
  ck_assert_uint_eq (mark->hexes->len, n + 3);
  ck_assert (wb_map_mark_has_hex (mark, a));
  ck_assert (wb_map_mark_has_hex (mark, c));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add 3 hexes to “Hickman”");

  /* A removal is its own step. */
  push_ok (stack, wb_command_mark_hexes_new (map, "hickman", &b, 1, FALSE));
  mark = wb_hex_map_find_mark (map, "hickman");
  ck_assert (!wb_map_mark_has_hex (mark, b));
  ck_assert_uint_eq (mark->hexes->len, n + 2);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Remove 1 hex from “Hickman”");

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
  ck_assert (wb_undo_stack_redo (stack));
  mark = wb_hex_map_find_mark (map, "hickman");
  ck_assert_uint_eq (mark->hexes->len, n + 3);
}
END_TEST

START_TEST (test_refused)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = first_hex_map (game);
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbOffset outside = { wb_hex_map_get_cols (map), 0 };
  WbOffset inside = hex (map, "1010");
  GError *error;

  error = push_fails (stack, wb_command_add_mark_new (game, map, "Nowhere", "castle", NULL, 0));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "castle") != NULL, "%s", error->message);
  g_error_free (error);

  error = push_fails (stack, wb_command_add_mark_new (game, map, "", "objective", NULL, 0));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_error_free (error);

  error = push_fails (stack, wb_command_add_mark_new (game, map, "Depot", "supply", "prussia", 0));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_error_free (error);

  error = push_fails (stack, wb_command_edit_mark_new (game, map, "hickman", "", "objective", NULL, 0));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_error_free (error);

  error = push_fails (stack, wb_command_edit_mark_new (game, map, "hickman", "Hickman", "objective", NULL, 100000));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE);
  g_error_free (error);

  error = push_fails (stack, wb_command_edit_mark_new (game, map, "no-such-mark", "X", "objective", NULL, 1));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_error_free (error);

  {
    WbOffset both[2] = { inside, outside };

    error = push_fails (stack, wb_command_mark_hexes_new (map, "hickman", both, 2, TRUE));
    ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
    g_error_free (error);
  }

  /* The historical scenario brings Union reinforcements in on hexrow 01. */
  error = push_fails (stack, wb_command_remove_mark_new (game, map, "row-01"));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "row-01") != NULL, "%s", error->message);
  g_error_free (error);

  ck_assert (!wb_undo_stack_get_can_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
}
END_TEST

START_TEST (test_saved_and_loaded)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = first_hex_map (game);
  WbOffset h[2] = { hex (map, "0505"), hex (map, "0506") };
  g_autoptr(WbGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  WbCommand *cmd = wb_command_add_mark_new (game, map, "Set-up: Warren", "setup", "union", 0);
  g_autofree char *id = g_strdup (wb_command_add_mark_get_id (cmd));
  WbMapMark *mark;

  push_ok (stack, cmd);
  push_ok (stack, wb_command_mark_hexes_new (map, id, h, 2, TRUE));
  data = wb_game_to_data (game, NULL);
  again = wb_game_load_from_data (data, strlen (data), "test.warbench", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  mark = wb_hex_map_find_mark (first_hex_map (again), id);
  ck_assert_ptr_nonnull (mark);
  ck_assert_str_eq (mark->kind, "setup");
  ck_assert_str_eq (mark->side, "union");
  ck_assert_uint_eq (mark->hexes->len, 2);
  ck_assert (wb_map_mark_has_hex (mark, h[0]));
  ck_assert (wb_map_mark_has_hex (mark, h[1]));
}
END_TEST

START_TEST (test_line_commands)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbMap *map = WB_MAP (first_hex_map (game));
  GPtrArray *lines = wb_map_get_lines (map);
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autoptr(WbMapLine) river = wb_map_line_new ("river");
  g_autoptr(WbMapLine) renamed = NULL;
  g_autoptr(WbMapLine) bad = NULL;
  WbMapPoint p[3] = { { 10, 10 }, { 200, 60 }, { 420, 300 } };
  GError *error;

  g_array_append_vals (river->points, p, 3);
  river->name = g_strdup ("Wilderness Run");
  push_ok (stack, wb_command_add_map_line_new (game, map, river));
  ck_assert_uint_eq (lines->len, 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Draw Wilderness Run");
  ck_assert_str_eq (((WbMapLine *) g_ptr_array_index (lines, 0))->name, "Wilderness Run");

  renamed = wb_map_line_copy (river);
  renamed->style = g_intern_static_string ("vp-line");
  renamed->side = g_intern_static_string ("union");
  push_ok (stack, wb_command_edit_map_line_new (game, map, 0, renamed));
  ck_assert_str_eq (((WbMapLine *) g_ptr_array_index (lines, 0))->style, "vp-line");
  ck_assert_double_eq_tol (wb_map_line_distance (g_ptr_array_index (lines, 0), 10, 5), 5, 1e-9);

  push_ok (stack, wb_command_remove_map_line_new (map, 0));
  ck_assert_uint_eq (lines->len, 0);

  /* Refused: an unknown side, one point, a point far off the map, no such line. */
  bad = wb_map_line_copy (river);
  bad->side = g_intern_static_string ("prussia");
  error = push_fails (stack, wb_command_add_map_line_new (game, map, bad));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_error_free (error);
  bad->side = NULL;
  g_array_set_size (bad->points, 1);
  error = push_fails (stack, wb_command_add_map_line_new (game, map, bad));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE);
  g_error_free (error);
  g_array_append_val (bad->points, ((WbMapPoint) { 1e6, 0 }));
  error = push_fails (stack, wb_command_add_map_line_new (game, map, bad));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
  g_error_free (error);
  error = push_fails (stack, wb_command_remove_map_line_new (map, 7));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_error_free (error);

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_str_eq (((WbMapLine *) g_ptr_array_index (lines, 0))->style, "river");
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
}
END_TEST

START_TEST (test_map_commands)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = wb_game_to_data (game, NULL);
  WbMap *wilderness = WB_MAP (first_hex_map (game));
  g_autofree char *id = wb_game_make_map_id (game, "Strategic Map");
  g_autoptr(WbPointMap) points = wb_point_map_new (id, 800, 600);
  GError *error;

  ck_assert_str_eq (id, "strategic-map");
  wb_map_set_name (WB_MAP (points), "Strategic Map");
  push_ok (stack, wb_command_add_map_new (game, WB_MAP (points)));
  ck_assert_uint_eq (wb_game_get_maps (game)->len, 2);
  ck_assert_ptr_eq (wb_game_find_map (game, "strategic-map"), points);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add map “Strategic Map”");

  /* The same id again is refused. */
  error = push_fails (stack, wb_command_add_map_new (game, WB_MAP (points)));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_error_free (error);

  /* The scenario is played on the Wilderness map: it stays. */
  error = push_fails (stack, wb_command_remove_map_new (game, wb_map_get_id (wilderness)));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "Scenario") != NULL, "%s", error->message);
  g_error_free (error);

  push_ok (stack, wb_command_remove_map_new (game, "strategic-map"));
  ck_assert_uint_eq (wb_game_get_maps (game)->len, 1);
  /* The only map left cannot go either. */
  error = push_fails (stack, wb_command_remove_map_new (game, wb_map_get_id (wilderness)));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_error_free (error);

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_eq (wb_game_find_map (game, "strategic-map"), points);
  ck_assert_ptr_eq (g_ptr_array_index (wb_game_get_maps (game), 1), points);
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
}
END_TEST

/* Tables: a new one from a preset, a copy, deleting one (refused while
 * another table's pair names it), each undone exactly. */
START_TEST (test_table_commands)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *id = wb_game_make_table_id (game, "Combat Results Table");
  g_autoptr(WbTable) crt = NULL;
  g_autoptr(WbTable) copy = NULL;
  g_autoptr(WbTable) dep = NULL;
  g_autoptr(WbTable) sked = NULL;
  WbTable *first = g_ptr_array_index (wb_game_get_tables (game), 0);
  GError *error;

  /* "crt" is taken by the bundled CRT. */
  ck_assert_str_eq (id, "combat-results-table");
  ck_assert_str_eq (wb_table_get_id (first), "crt");

  /* A 10-column odds CRT on 1d6: 1-5 … 1-1 … 6-1, rows 1-6, cells "-". */
  crt = wb_table_new_preset (id, "Combat Results Table", WB_TABLE_ODDS, "1d6", 10);
  ck_assert_uint_eq (wb_table_get_columns (crt)->len, 10);
  ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (crt), 0))->label, "1-5");
  ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (crt), 4))->label, "1-1");
  ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (crt), 9))->label, "6-1");
  ck_assert_uint_eq (wb_table_get_rows (crt)->len, 6);
  ck_assert_str_eq (wb_table_lookup (crt, 6, 9), "-");
  ck_assert_int_eq (wb_table_odds_column (crt, 12, 4, FALSE, NULL), 6);   /* 3-1 */
  push_ok (stack, wb_command_add_table_new (game, crt));
  ck_assert_ptr_eq (wb_game_find_table (game, id), crt);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add table “Combat Results Table”");
  error = push_fails (stack, wb_command_add_table_new (game, crt));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_error_free (error);

  /* A copy is a separate table: editing it leaves the original. */
  copy = wb_table_copy (first, "crt-2");
  ck_assert_str_eq (wb_table_lookup (copy, 1, 0), wb_table_lookup (first, 1, 0));
  g_free (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (copy), 0))->cells->pdata[0]);
  ((WbTableRow *) g_ptr_array_index (wb_table_get_rows (copy), 0))->cells->pdata[0] = g_strdup ("De");
  ck_assert_str_ne (wb_table_lookup (first, 1, 0), "De");
  ck_assert_uint_eq (wb_table_get_codes (copy)->len, wb_table_get_codes (first)->len);
  push_ok (stack, wb_command_add_table_new (game, copy));

  /* Presets of the other kinds: 2d6 rows 2-12, d66 decades, a chart. */
  {
    g_autoptr(WbTable) roll = wb_table_new_preset ("r", "R", WB_TABLE_ROLL, "2d6", 1);
    g_autoptr(WbTable) fire = wb_table_new_preset ("f", "F", WB_TABLE_FIRE, "d66", 4);
    g_autoptr(WbTable) chart = wb_table_new_preset ("c", "C", WB_TABLE_CHART, "1d6", 2);
    g_autoptr(WbTable) diff = wb_table_new_preset ("d", "D", WB_TABLE_DIFFERENTIAL, "1d6", 10);

    ck_assert_uint_eq (wb_table_get_rows (roll)->len, 11);
    ck_assert_str_eq (wb_table_lookup (roll, 12, 0), "-");
    ck_assert_uint_eq (wb_table_get_rows (fire)->len, 6);
    ck_assert_str_eq (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (fire), 5))->label, "61-66");
    ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (fire), 0))->label, "C");
    ck_assert_ptr_null (wb_table_get_dice (chart));
    ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (diff), 0))->label, "-3");
    ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (diff), 9))->label, "+6");
  }

  /* A chart keeps no dice when its name or note is edited. */
  {
    g_autoptr(WbTable) chart = wb_table_new_preset ("tec", "TEC", WB_TABLE_CHART, NULL, 2);

    push_ok (stack, wb_command_add_table_new (game, chart));
    push_ok (stack, wb_command_set_table_info_new (game, chart, "Terrain Effects Chart", "", NULL, "n"));
    ck_assert_ptr_null (wb_table_get_dice (chart));
    ck_assert_str_eq (wb_table_get_name (chart), "Terrain Effects Chart");
    error = push_fails (stack, wb_command_set_table_info_new (game, chart, "TEC", "1d6", NULL, NULL));
    ck_assert_msg (strstr (error->message, "chart") != NULL, "%s", error->message);
    g_error_free (error);
    ck_assert (wb_undo_stack_undo (stack));
    ck_assert (wb_undo_stack_undo (stack));
  }

  /* Paired tables: the one named by the other's pair cannot be deleted. */
  dep = wb_table_new_preset ("depletion", "Depletion", WB_TABLE_ROLL, "1d6", 1);
  sked = wb_table_new_preset ("skedaddle", "Skedaddle", WB_TABLE_ROLL, "1d6", 1);
  wb_table_set_read (dep, WB_TABLE_READ_COLORED);
  wb_table_set_read (sked, WB_TABLE_READ_WHITE);
  wb_table_set_pair (dep, "skedaddle");
  wb_table_set_pair (sked, "depletion");
  push_ok (stack, wb_command_add_table_new (game, dep));
  push_ok (stack, wb_command_add_table_new (game, sked));
  error = push_fails (stack, wb_command_remove_table_new (game, "skedaddle"));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "Depletion") != NULL, "%s", error->message);
  g_error_free (error);
  error = push_fails (stack, wb_command_remove_table_new (game, "nope"));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_error_free (error);

  /* The bundled CRT is the one rules.params.crt names: not deleted while
   * it is (the file would not load again). */
  error = push_fails (stack, wb_command_remove_table_new (game, "crt"));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "(rules.params.crt)") != NULL, "%s", error->message);
  g_error_free (error);
  json_object_set_string_member (json_node_get_object (wb_game_get_rules (game)->params), "crt", "crt-2");

  /* Deleting the bundled CRT, and undo puts it back in its place. */
  push_ok (stack, wb_command_remove_table_new (game, "crt"));
  ck_assert_ptr_null (wb_game_find_table (game, "crt"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_eq (g_ptr_array_index (wb_game_get_tables (game), 0), first);
  json_object_set_string_member (json_node_get_object (wb_game_get_rules (game)->params), "crt", "crt");
  for (int i = 0; i < 4; i++)
    ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, before);
  }
}
END_TEST

static Suite *
marks_suite (void)
{
  Suite *s = suite_create ("mark-commands");
  TCase *tc = tcase_create ("marks");

  tcase_add_test (tc, test_add_edit_remove);
  tcase_add_test (tc, test_removing_keeps_place);
  tcase_add_test (tc, test_hexes_drag_merges);
  tcase_add_test (tc, test_refused);
  tcase_add_test (tc, test_saved_and_loaded);
  tcase_add_test (tc, test_line_commands);
  tcase_add_test (tc, test_map_commands);
  tcase_add_test (tc, test_table_commands);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (marks_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
