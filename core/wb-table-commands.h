/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Commands that edit a table of the game (its cells, rows, columns, result
 * codes and header). Each keeps a reference to the game and the table,
 * checks its arguments against the table as it is when applied (indices,
 * WB_TABLE_MAX_ROWS/COLUMNS, roll ranges, dice; WB_COMMAND_ERROR with a
 * clear message, table untouched), reverts exactly to what it found, and
 * emits WbGame::changed with "tables" once per apply and per revert. */

/* TRUE when @dice is a dice expression the file format accepts: NdM (N in
 * 1–100, M in 2–1000) or "d66". */
gboolean    wb_table_dice_is_valid             (const char *dice);

/* The cells of rows @row0…@row1 and columns @col0…@col1 (inclusive) as
 * tab-separated values, one line per row, each line ending in "\n". */
char       *wb_table_cells_to_tsv              (WbTable    *table,
                                                guint       row0,
                                                guint       col0,
                                                guint       row1,
                                                guint       col1);

WbCommand  *wb_command_set_table_cell_new      (WbGame     *game,
                                                WbTable    *table,
                                                guint       row,
                                                guint       column,
                                                const char *text);
/* A row's label and the die roll range it covers (@lo ≤ @hi). */
WbCommand  *wb_command_set_table_row_new       (WbGame     *game,
                                                WbTable    *table,
                                                guint       row,
                                                const char *label,
                                                int         lo,
                                                int         hi);
/* A column's label and bounds (each within ±1e6). */
WbCommand  *wb_command_set_table_column_new    (WbGame     *game,
                                                WbTable    *table,
                                                guint       column,
                                                const char *label,
                                                double      lo,
                                                double      hi);
/* Inserts an empty row before @position (= the row count appends). */
WbCommand  *wb_command_insert_table_row_new    (WbGame     *game,
                                                WbTable    *table,
                                                guint       position,
                                                const char *label,
                                                int         lo,
                                                int         hi);
/* Inserts an empty column before @position (= the column count appends). */
WbCommand  *wb_command_insert_table_column_new (WbGame     *game,
                                                WbTable    *table,
                                                guint       position,
                                                const char *label,
                                                double      lo,
                                                double      hi);
/* Refuses to remove a table's last row or column. */
WbCommand  *wb_command_remove_table_row_new    (WbGame     *game,
                                                WbTable    *table,
                                                guint       row);
WbCommand  *wb_command_remove_table_column_new (WbGame     *game,
                                                WbTable    *table,
                                                guint       column);
/* Moves row/column @from so that it ends up at index @to. */
WbCommand  *wb_command_move_table_row_new      (WbGame     *game,
                                                WbTable    *table,
                                                guint       from,
                                                guint       to);
WbCommand  *wb_command_move_table_column_new   (WbGame     *game,
                                                WbTable    *table,
                                                guint       from,
                                                guint       to);
/* Pastes tab-separated values (lines by "\n" or "\r\n", cells by tabs, a
 * cell in double quotes may hold tabs, newlines and "" for a quote) with
 * its first cell at @row, @column, adding rows (rolls following the last
 * row's) and columns (empty labels) as needed. One undo step. */
WbCommand  *wb_command_paste_table_cells_new   (WbGame     *game,
                                                WbTable    *table,
                                                guint       row,
                                                guint       column,
                                                const char *tsv);
/* Result codes: @code must be non-empty and unique within the table. */
WbCommand  *wb_command_add_table_code_new      (WbGame     *game,
                                                WbTable    *table,
                                                const char *code,
                                                const char *name,
                                                const char *text);
WbCommand  *wb_command_edit_table_code_new     (WbGame     *game,
                                                WbTable    *table,
                                                guint       index,
                                                const char *code,
                                                const char *name,
                                                const char *text);
WbCommand  *wb_command_remove_table_code_new   (WbGame     *game,
                                                WbTable    *table,
                                                guint       index);
/* The table's name, dice, source and note (NULL or "" clears name, source
 * and note; @dice must be valid). */
WbCommand  *wb_command_set_table_info_new      (WbGame     *game,
                                                WbTable    *table,
                                                const char *name,
                                                const char *dice,
                                                const char *source,
                                                const char *note);

G_END_DECLS
