/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-table-commands"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

#include "command-checks.h"


static const char *
cell (WbTable *t, guint row, guint column)
{
  WbTableRow *r = g_ptr_array_index (wb_table_get_rows (t), row);
  return g_ptr_array_index (r->cells, column);
}

static guint
n_rows (WbTable *t)
{
  return wb_table_get_rows (t)->len;
}

static guint
n_columns (WbTable *t)
{
  return wb_table_get_columns (t)->len;
}

START_TEST (test_cells_rows_columns)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");
  g_autofree char *original = dump (game);
  g_autofree char *final = NULL;
  WbTableColumn *col;
  WbTableRow *row;

  ck_assert_ptr_nonnull (t);
  ck_assert_uint_eq (n_rows (t), 6);
  ck_assert_uint_eq (n_columns (t), 10);

  push_and_check_revert (game, stack, wb_command_set_table_cell_new (game, t, 2, 3, "Ex"));
  ck_assert_str_eq (cell (t, 2, 3), "Ex");
  ck_assert_str_eq (wb_table_lookup (t, 3, 3), "Ex");

  push_and_check_revert (game, stack, wb_command_set_table_row_new (game, t, 5, "6-7", 6, 7));
  row = g_ptr_array_index (wb_table_get_rows (t), 5);
  ck_assert_str_eq (row->label, "6-7");
  ck_assert_int_eq (row->hi, 7);
  ck_assert_str_eq (wb_table_lookup (t, 7, 0), "Ae");

  push_and_check_revert (game, stack, wb_command_set_table_column_new (game, t, 9, "7-1", 7, 1));
  col = g_ptr_array_index (wb_table_get_columns (t), 9);
  ck_assert_str_eq (col->label, "7-1");
  ck_assert (col->lo == 7 && col->hi == 1);

  push_and_check_revert (game, stack, wb_command_insert_table_row_new (game, t, 0, "0", 0, 0));
  ck_assert_uint_eq (n_rows (t), 7);
  ck_assert_str_eq (cell (t, 0, 4), "");
  ck_assert_str_eq (cell (t, 1, 0), "Ar");

  push_and_check_revert (game, stack,
                         wb_command_insert_table_column_new (game, t, 10, "8-1", 8, 1));
  ck_assert_uint_eq (n_columns (t), 11);
  ck_assert_str_eq (cell (t, 1, 10), "");

  push_and_check_revert (game, stack, wb_command_move_table_column_new (game, t, 10, 0));
  col = g_ptr_array_index (wb_table_get_columns (t), 0);
  ck_assert_str_eq (col->label, "8-1");
  ck_assert_str_eq (cell (t, 1, 1), "Ar");

  push_and_check_revert (game, stack, wb_command_move_table_row_new (game, t, 0, 6));
  row = g_ptr_array_index (wb_table_get_rows (t), 6);
  ck_assert_str_eq (row->label, "0");

  push_and_check_revert (game, stack, wb_command_remove_table_row_new (game, t, 6));
  push_and_check_revert (game, stack, wb_command_remove_table_column_new (game, t, 0));
  ck_assert_uint_eq (n_rows (t), 6);
  ck_assert_uint_eq (n_columns (t), 10);

  /* Everything undone gives the file back exactly. */
  while (wb_undo_stack_undo (stack))
    ;
  final = dump (game);
  ck_assert_str_eq (original, final);
}
END_TEST

START_TEST (test_refusals)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");

  push_fails (game, stack, wb_command_set_table_cell_new (game, t, 6, 0, "x"),
              WB_COMMAND_ERROR_NOT_FOUND, "row 7");
  push_fails (game, stack, wb_command_set_table_cell_new (game, t, 0, 10, "x"),
              WB_COMMAND_ERROR_NOT_FOUND, "column 11");
  push_fails (game, stack, wb_command_set_table_row_new (game, t, 0, "x", 4, 3),
              WB_COMMAND_ERROR_RANGE, "empty");
  push_fails (game, stack, wb_command_set_table_row_new (game, t, 0, "x", 1, 200000),
              WB_COMMAND_ERROR_RANGE, NULL);
  push_fails (game, stack, wb_command_set_table_column_new (game, t, 0, "x", 2e6, 1),
              WB_COMMAND_ERROR_RANGE, NULL);
  push_fails (game, stack, wb_command_set_table_column_new (game, t, 0, "x", NAN, 1),
              WB_COMMAND_ERROR_RANGE, NULL);
  push_fails (game, stack, wb_command_insert_table_row_new (game, t, 8, "x", 1, 1),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_move_table_row_new (game, t, 0, 6),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_move_table_column_new (game, t, 10, 0),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_paste_table_cells_new (game, t, 0, 0, "\n\n"),
              WB_COMMAND_ERROR_INVALID, "nothing");
  push_fails (game, stack, wb_command_paste_table_cells_new (game, t, 0, 195, "a\tb\tc\td\te\tf"),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_add_table_code_new (game, t, "Ae", "x", NULL),
              WB_COMMAND_ERROR_INVALID, "already");
  push_fails (game, stack, wb_command_add_table_code_new (game, t, "", "x", NULL),
              WB_COMMAND_ERROR_INVALID, "empty");
  push_fails (game, stack, wb_command_edit_table_code_new (game, t, 0, "De", "x", NULL),
              WB_COMMAND_ERROR_INVALID, "already");
  push_fails (game, stack, wb_command_remove_table_code_new (game, t, 99),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_set_table_info_new (game, t, "X", "2x6", NULL, NULL),
              WB_COMMAND_ERROR_INVALID, "2x6");
  push_fails (game, stack, wb_command_set_table_info_new (game, t, "X", "0d6", NULL, NULL),
              WB_COMMAND_ERROR_INVALID, NULL);

  /* A table keeps one row and one column. */
  {
    g_autoptr(WbTable) small = wb_table_new ("small", WB_TABLE_ROLL);
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
    g_ptr_array_add (cells, g_strdup ("x"));
    wb_table_add_column (small, "A", 0, 0);
    wb_table_add_row (small, "1", 1, 1, cells);
    ck_assert (wb_game_add_table (game, g_object_ref (small)));
    push_fails (game, stack, wb_command_remove_table_row_new (game, small, 0),
                WB_COMMAND_ERROR_INVALID, "one row");
    push_fails (game, stack, wb_command_remove_table_column_new (game, small, 0),
                WB_COMMAND_ERROR_INVALID, "one column");
  }

  /* The limits. */
  {
    g_autoptr(GString) wide = g_string_new (NULL);
    g_autoptr(GString) tall = g_string_new (NULL);
    for (int i = 0; i < WB_TABLE_MAX_COLUMNS; i++)
      g_string_append (wide, "x\t");
    for (int i = 0; i < WB_TABLE_MAX_ROWS; i++)
      g_string_append (tall, "x\n");
    push_fails (game, stack, wb_command_paste_table_cells_new (game, t, 0, 1, wide->str),
                WB_COMMAND_ERROR_RANGE, "columns");
    push_fails (game, stack, wb_command_paste_table_cells_new (game, t, 1, 0, tall->str),
                WB_COMMAND_ERROR_RANGE, "rows");
  }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 0);
}
END_TEST

START_TEST (test_paste_and_copy)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");
  g_autofree char *tsv = NULL;
  g_autofree char *back = NULL;
  WbTableRow *row;

  /* In place. */
  push_and_check_revert (game, stack,
                         wb_command_paste_table_cells_new (game, t, 1, 2, "a\tb\r\nc\t d \r\n"));
  ck_assert_str_eq (cell (t, 1, 2), "a");
  ck_assert_str_eq (cell (t, 1, 3), "b");
  ck_assert_str_eq (cell (t, 2, 2), "c");
  ck_assert_str_eq (cell (t, 2, 3), "d");
  ck_assert_str_eq (cell (t, 1, 4), "Dr");
  ck_assert_uint_eq (n_rows (t), 6);

  /* Growing the table by two rows and two columns, in one step. */
  push_and_check_revert (game, stack,
                         wb_command_paste_table_cells_new (game, t, 5, 9,
                                                           "p\tq\tr\ns\t\"t\tu\"\tv\nw\n"));
  ck_assert_uint_eq (n_rows (t), 8);
  ck_assert_uint_eq (n_columns (t), 12);
  ck_assert_str_eq (cell (t, 5, 11), "r");
  ck_assert_str_eq (cell (t, 6, 10), "t\tu");
  ck_assert_str_eq (cell (t, 7, 9), "w");
  ck_assert_str_eq (cell (t, 7, 10), "");
  ck_assert_str_eq (cell (t, 0, 11), "");
  row = g_ptr_array_index (wb_table_get_rows (t), 7);
  ck_assert_str_eq (row->label, "8");
  ck_assert_int_eq (row->lo, 8);
  ck_assert_int_eq (row->hi, 8);

  /* Copying gives back what was pasted, quoting where needed. */
  tsv = wb_table_cells_to_tsv (t, 5, 9, 6, 11);
  ck_assert_str_eq (tsv, "p\tq\tr\ns\t\"t\tu\"\tv\n");
  push_and_check_revert (game, stack, wb_command_paste_table_cells_new (game, t, 0, 0, tsv));
  back = wb_table_cells_to_tsv (t, 0, 0, 1, 2);
  ck_assert_str_eq (back, tsv);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
}
END_TEST

START_TEST (test_codes_and_info)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");
  GPtrArray *codes = wb_table_get_codes (t);
  guint n = codes->len;
  WbResultCode *c;

  push_and_check_revert (game, stack,
                         wb_command_add_table_code_new (game, t, "NE", "No Effect", NULL));
  ck_assert_uint_eq (codes->len, n + 1);
  c = g_ptr_array_index (codes, n);
  ck_assert_str_eq (c->code, "NE");
  ck_assert_ptr_null (c->text);

  push_and_check_revert (game, stack,
                         wb_command_edit_table_code_new (game, t, n, "-", "Nothing", "Nothing happens."));
  c = g_ptr_array_index (codes, n);
  ck_assert_str_eq (c->code, "-");
  ck_assert_str_eq (c->text, "Nothing happens.");

  push_and_check_revert (game, stack, wb_command_remove_table_code_new (game, t, 0));
  ck_assert_uint_eq (codes->len, n);

  push_and_check_revert (game, stack,
                         wb_command_set_table_info_new (game, t, "CRT", "2d6", "Rules 7.6", ""));
  ck_assert_str_eq (wb_table_get_name (t), "CRT");
  ck_assert_str_eq (wb_table_get_dice (t), "2d6");
  ck_assert_str_eq (wb_table_get_source (t), "Rules 7.6");
  ck_assert_ptr_null (wb_table_get_note (t));

  ck_assert (wb_table_dice_is_valid ("d66"));
  ck_assert (wb_table_dice_is_valid ("3d10"));
  ck_assert (!wb_table_dice_is_valid ("d6"));
  ck_assert (!wb_table_dice_is_valid ("1d1"));
  ck_assert (!wb_table_dice_is_valid ("-1d6"));
  ck_assert (!wb_table_dice_is_valid (NULL));
}
END_TEST

/* A 10×6 table typed cell by cell, then undone to the file as it was. */
START_TEST (test_type_a_table)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");
  g_autofree char *original = dump (game);
  g_autofree char *final = NULL;

  for (guint r = 0; r < 6; r++)
    for (guint c = 0; c < 10; c++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *text = g_strdup_printf ("%u%u", r, c);
        g_autoptr(WbCommand) cmd = wb_command_set_table_cell_new (game, t, r, c, text);
        ck_assert_msg (wb_undo_stack_push (stack, cmd, &error), "%s",
                       error ? error->message : "");
      }
  ck_assert_str_eq (wb_table_lookup (t, 6, 9), "59");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 60);
  while (wb_undo_stack_undo (stack))
    ;
  final = dump (game);
  ck_assert_str_eq (original, final);
}
END_TEST


static WbTableModifier *
modifier (WbTable *t, guint i)
{
  return g_ptr_array_index (wb_table_get_modifiers (t), i);
}

START_TEST (test_modifiers)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *t = wb_game_find_table (game, "crt");
  g_autofree char *original = dump (game);
  g_autofree char *final = NULL;
  GPtrArray *mods = wb_table_get_modifiers (t);
  WbTableModifier m = { 0 };
  g_autoptr(GError) error = NULL;

  ck_assert_uint_eq (mods->len, 0);
  m.id = "woods";
  m.text = "Defender in woods";
  m.columns = -1;
  m.group = "";
  m.applies = "fire";
  push_and_check_revert (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m));
  ck_assert_uint_eq (mods->len, 1);
  ck_assert_str_eq (modifier (t, 0)->text, "Defender in woods");
  ck_assert_int_eq (modifier (t, 0)->columns, -1);
  ck_assert_ptr_null (modifier (t, 0)->group);   /* empty: left out */
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add modifier “woods”");

  m.id = "flank";
  m.text = "Flank attack";
  m.columns = 2;
  m.applies = NULL;
  push_and_check_revert (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m));
  ck_assert_uint_eq (mods->len, 2);

  /* Edited in place: the text and shift of the first. */
  m.id = "woods";
  m.text = "Defender in heavy woods";
  m.columns = -2;
  m.group = "terrain";
  push_and_check_revert (game, stack, wb_command_set_table_modifier_new (game, t, 0, &m));
  ck_assert_str_eq (modifier (t, 0)->text, "Defender in heavy woods");
  ck_assert_int_eq (modifier (t, 0)->columns, -2);
  ck_assert_str_eq (modifier (t, 0)->group, "terrain");
  ck_assert_ptr_null (modifier (t, 0)->applies);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit modifier “woods”");

  /* The shift counts in the resolution. */
  {
    const char *ids[] = { "woods", "flank", NULL };
    WbModifierTotal total;
    ck_assert (wb_table_modifiers_total (t, ids, &total, NULL));
    ck_assert_int_eq (total.columns, 0);
  }

  push_and_check_revert (game, stack, wb_command_move_table_modifier_new (game, t, 1, 0));
  ck_assert_str_eq (modifier (t, 0)->id, "flank");
  push_and_check_revert (game, stack, wb_command_remove_table_modifier_new (game, t, 0));
  ck_assert_uint_eq (mods->len, 1);
  ck_assert_str_eq (modifier (t, 0)->id, "woods");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Remove modifier “flank”");

  /* Saved and read back. */
  {
    g_autofree char *text = dump (game);
    g_autoptr(WbGame) back = wb_game_load_from_data (text, -1, "back.warbench", &error);
    ck_assert_msg (back != NULL, "%s", error ? error->message : "");
    ck_assert_str_eq (modifier (wb_game_find_table (back, "crt"), 0)->group, "terrain");
  }

  /* Refusals. */
  m.id = "woods";
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m),
              WB_COMMAND_ERROR_INVALID, "already");
  m.id = "two words";
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m),
              WB_COMMAND_ERROR_INVALID, "not a valid modifier id");
  m.id = "";
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, 0, &m),
              WB_COMMAND_ERROR_INVALID, NULL);
  m.id = "far";
  m.columns = 201;
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m),
              WB_COMMAND_ERROR_RANGE, "column shift");
  m.columns = 0;
  m.dice = -101;
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m),
              WB_COMMAND_ERROR_RANGE, "Dice");
  m.dice = 0;
  m.roll = 1001;
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, -1, &m),
              WB_COMMAND_ERROR_RANGE, NULL);
  m.roll = 0;
  push_fails (game, stack, wb_command_set_table_modifier_new (game, t, 5, &m),
              WB_COMMAND_ERROR_NOT_FOUND, "no modifier 6");
  push_fails (game, stack, wb_command_remove_table_modifier_new (game, t, 1),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_move_table_modifier_new (game, t, 0, 1),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);

  while (wb_undo_stack_undo (stack))
    ;
  final = dump (game);
  ck_assert_str_eq (original, final);
}
END_TEST

/* A one-die table of @read to pair with others. */
static WbTable *
add_die_table (WbGame *game, const char *id, WbTableRead read)
{
  WbTable *t = wb_table_new (id, WB_TABLE_ROLL);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (cells, g_strdup ("-"));
  wb_table_set_name (t, id);
  wb_table_set_dice (t, "1d6");
  wb_table_set_read (t, read);
  wb_table_add_column (t, "Routine", 0, 0);
  wb_table_add_row (t, "1-6", 1, 6, cells);
  ck_assert (wb_game_add_table (game, t));
  return t;
}

/* The file reads back (pairs name each other, dice pools hold dice…). */
static void
assert_reads_back (WbGame *game)
{
  g_autofree char *text = dump (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) back = wb_game_load_from_data (text, -1, "back.warbench", &error);

  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
}

START_TEST (test_read_and_pair)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *crt = wb_game_find_table (game, "crt");
  WbTable *dep = add_die_table (game, "depletion", WB_TABLE_READ_COLORED);
  WbTable *sked = add_die_table (game, "skedaddle", WB_TABLE_READ_WHITE);
  WbTable *rout = add_die_table (game, "rout", WB_TABLE_READ_WHITE);
  g_autofree char *original = dump (game);
  g_autofree char *final = NULL;

  /* Pairing one sets both. */
  push_and_check_revert (game, stack, wb_command_set_table_read_new (game, dep, WB_TABLE_READ_COLORED, "skedaddle"));
  ck_assert_str_eq (wb_table_get_pair (dep), "skedaddle");
  ck_assert_str_eq (wb_table_get_pair (sked), "depletion");
  assert_reads_back (game);
  /* Another pair: the old one names nothing. */
  push_and_check_revert (game, stack, wb_command_set_table_read_new (game, dep, WB_TABLE_READ_COLORED, "rout"));
  ck_assert_str_eq (wb_table_get_pair (dep), "rout");
  ck_assert_str_eq (wb_table_get_pair (rout), "depletion");
  ck_assert_ptr_null (wb_table_get_pair (sked));
  assert_reads_back (game);
  /* Pairing from the other side takes it from its old partner. */
  push_and_check_revert (game, stack, wb_command_set_table_read_new (game, sked, WB_TABLE_READ_WHITE, "depletion"));
  ck_assert_str_eq (wb_table_get_pair (dep), "skedaddle");
  ck_assert_ptr_null (wb_table_get_pair (rout));
  assert_reads_back (game);
  /* Back to the sum: no pair on either side. */
  push_and_check_revert (game, stack, wb_command_set_table_read_new (game, sked, WB_TABLE_READ_SUM, NULL));
  ck_assert_int_eq (wb_table_get_read (sked), WB_TABLE_READ_SUM);
  ck_assert_ptr_null (wb_table_get_pair (dep));
  assert_reads_back (game);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set the dice read on “skedaddle”");

  push_fails (game, stack, wb_command_set_table_read_new (game, crt, WB_TABLE_READ_SUM, "rout"),
              WB_COMMAND_ERROR_INVALID, "colored or the white");
  push_fails (game, stack, wb_command_set_table_read_new (game, dep, WB_TABLE_READ_COLORED, "depletion"),
              WB_COMMAND_ERROR_INVALID, "own pair");
  push_fails (game, stack, wb_command_set_table_read_new (game, dep, WB_TABLE_READ_COLORED, "nowhere"),
              WB_COMMAND_ERROR_NOT_FOUND, "nowhere");
  push_fails (game, stack, wb_command_set_table_read_new (game, dep, WB_TABLE_READ_COLORED, "skedaddle"),
              WB_COMMAND_ERROR_INVALID, "white die");
  push_fails (game, stack, wb_command_set_table_read_new (game, rout, WB_TABLE_READ_WHITE, "crt"),
              WB_COMMAND_ERROR_INVALID, "colored die");
  push_and_check_revert (game, stack, wb_command_set_table_info_new (game, crt, "CRT", "2d6", NULL, NULL));
  push_fails (game, stack, wb_command_set_table_read_new (game, crt, WB_TABLE_READ_WHITE, NULL),
              WB_COMMAND_ERROR_INVALID, "1d6");
  /* A table reading one die keeps its one die. */
  push_fails (game, stack, wb_command_set_table_info_new (game, dep, "D", "2d6", NULL, NULL),
              WB_COMMAND_ERROR_INVALID, "1d6");

  while (wb_undo_stack_undo (stack))
    ;
  final = dump (game);
  ck_assert_str_eq (original, final);
}
END_TEST

START_TEST (test_ends_and_pool)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *crt = wb_game_find_table (game, "crt");
  WbTable *pool = wb_table_new ("battle", WB_TABLE_DICE_POOL);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  WbTableEnds ends = { WB_TABLE_END_REFUSE, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP };
  WbTablePool p = { 6, TRUE, FALSE, 6 };
  WbColumnClamp clamp;

  push_and_check_revert (game, stack, wb_command_set_table_ends_new (game, crt, &ends));
  ck_assert_int_eq (wb_table_get_ends (crt)->left, WB_TABLE_END_REFUSE);
  ck_assert_int_eq (wb_table_get_ends (crt)->defensive_left, WB_TABLE_END_CLAMP);
  ck_assert_int_eq (wb_table_shift_column (crt, 0, -1, FALSE, &clamp), -1);
  ck_assert_int_eq (wb_table_shift_column (crt, 0, -1, TRUE, &clamp), 0);
  assert_reads_back (game);
  ends.left = 7;
  push_fails (game, stack, wb_command_set_table_ends_new (game, crt, &ends),
              WB_COMMAND_ERROR_INVALID, "clamps or refuses");

  g_ptr_array_add (cells, g_strdup ("2"));
  wb_table_set_name (pool, "Battle Dice");
  wb_table_set_dice (pool, "1d6");
  wb_table_add_column (pool, "Dice", 0, 0);
  wb_table_add_row (pool, "1-2", 1, 2, cells);
  ck_assert (wb_game_add_table (game, pool));

  push_and_check_revert (game, stack, wb_command_set_table_pool_new (game, pool, &p));
  ck_assert_int_eq (wb_table_get_pool (pool)->sides, 6);
  assert_reads_back (game);
  p.per_column = TRUE;
  p.at_least = FALSE;
  push_and_check_revert (game, stack, wb_command_set_table_pool_new (game, pool, &p));
  {
    g_autofree char *hit = wb_table_pool_hit_to_string (wb_table_get_pool (pool));
    ck_assert_str_eq (hit, "<=column");
  }
  /* New cells in a pool are no dice; other text is refused. */
  push_and_check_revert (game, stack, wb_command_insert_table_row_new (game, pool, 1, "3", 3, 3));
  ck_assert_str_eq (cell (pool, 1, 0), "-");
  assert_reads_back (game);
  push_fails (game, stack, wb_command_set_table_cell_new (game, pool, 0, 0, "Ar"),
              WB_COMMAND_ERROR_INVALID, "number of dice");
  push_fails (game, stack, wb_command_set_table_cell_new (game, pool, 0, 0, "101"),
              WB_COMMAND_ERROR_INVALID, "number of dice");

  p.per_column = FALSE;
  p.value = 7;
  push_fails (game, stack, wb_command_set_table_pool_new (game, pool, &p),
              WB_COMMAND_ERROR_RANGE, "7");
  p.value = 1;
  p.sides = 1;
  push_fails (game, stack, wb_command_set_table_pool_new (game, pool, &p),
              WB_COMMAND_ERROR_RANGE, "sides");
  p.sides = 6;
  push_fails (game, stack, wb_command_set_table_pool_new (game, crt, &p),
              WB_COMMAND_ERROR_INVALID, "dice-pool");
  /* A table whose cells are not dice cannot become a pool. */
  wb_table_set_pool (pool, &(WbTablePool) { 0 });
  push_and_check_revert (game, stack, wb_command_set_table_cell_new (game, pool, 0, 0, "many"));
  push_fails (game, stack, wb_command_set_table_pool_new (game, pool, &p),
              WB_COMMAND_ERROR_INVALID, "“many”");
}
END_TEST

START_TEST (test_code_effects)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTable *crt = wb_game_find_table (game, "crt");
  WbTable *dep = add_die_table (game, "depletion", WB_TABLE_READ_COLORED);
  GPtrArray *codes = wb_table_get_codes (crt);
  WbCodeEffect e = { 0 };
  WbResultCode *c;
  g_autofree char *original = dump (game);
  g_autofree char *final = NULL;

  e.defender_eliminated = 0.5;
  e.defender_retreat = 2;
  e.exchange = TRUE;
  push_and_check_revert (game, stack,
                         wb_command_set_table_code_effect_new (game, crt, 3, TRUE, &e, "depletion", "Routine"));
  c = g_ptr_array_index (codes, 3);
  ck_assert (c->has_effect);
  ck_assert (c->effect.defender_eliminated == 0.5);
  ck_assert (c->effect.defender_retreat == 2);
  ck_assert (c->effect.exchange);
  ck_assert_str_eq (c->test, "depletion");
  ck_assert_str_eq (c->test_column, "Routine");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set the effect of “Ar”");
  assert_reads_back (game);

  /* Back to the standard meaning. */
  push_and_check_revert (game, stack,
                         wb_command_set_table_code_effect_new (game, crt, 3, FALSE, NULL, NULL, NULL));
  c = g_ptr_array_index (codes, 3);
  ck_assert (!c->has_effect);
  ck_assert_ptr_null (c->test);
  ck_assert (c->effect.defender_retreat == 0);

  e.exchange = FALSE;
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 9, TRUE, &e, NULL, NULL),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, "nowhere", NULL),
              WB_COMMAND_ERROR_NOT_FOUND, "nowhere");
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, "depletion", "Severe"),
              WB_COMMAND_ERROR_NOT_FOUND, "Severe");
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, NULL, "Routine"),
              WB_COMMAND_ERROR_INVALID, "needs a table");
  e.attacker_eliminated = 1.5;
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, NULL, NULL),
              WB_COMMAND_ERROR_RANGE, "between 0 and 1");
  e.attacker_eliminated = NAN;
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, NULL, NULL),
              WB_COMMAND_ERROR_RANGE, NULL);
  e.attacker_eliminated = 0;
  e.attacker_morale = -1;
  push_fails (game, stack, wb_command_set_table_code_effect_new (game, crt, 0, TRUE, &e, NULL, NULL),
              WB_COMMAND_ERROR_RANGE, "0 and 100");
  (void) dep;

  while (wb_undo_stack_undo (stack))
    ;
  final = dump (game);
  ck_assert_str_eq (original, final);
}
END_TEST

static Suite *
table_suite (void)
{
  Suite *s = suite_create ("table-commands");
  TCase *tc = tcase_create ("table");

  tcase_add_test (tc, test_cells_rows_columns);
  tcase_add_test (tc, test_refusals);
  tcase_add_test (tc, test_paste_and_copy);
  tcase_add_test (tc, test_codes_and_info);
  tcase_add_test (tc, test_type_a_table);
  tcase_add_test (tc, test_modifiers);
  tcase_add_test (tc, test_read_and_pair);
  tcase_add_test (tc, test_ends_and_pool);
  tcase_add_test (tc, test_code_effects);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (table_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
