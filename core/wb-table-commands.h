/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Commands that edit a table of the game (its cells, rows, columns, result
 * codes and their effects, header, and its rules: modifiers, read/pair,
 * ends, pool). Each keeps a reference to the game and the table,
 * checks its arguments against the table as it is when applied (indices,
 * WB_TABLE_MAX_ROWS/COLUMNS, roll ranges, dice; WB_COMMAND_ERROR with a
 * clear message, table untouched), reverts exactly to what it found, and
 * emits WbGame::changed with "tables" once per apply and per revert. No
 * command leaves the table in a state the file format refuses: a table
 * reading one die keeps the dice "1d6", a dice pool's cells stay numbers
 * of dice (new cells there are "-"). */

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

/* Modifiers (column shifts, pool dice, hit-number and roll modifiers):
 * sets a copy of @modifier at @index, or appends it when @index is -1. Its
 * id must be a valid id (1–64 characters from A–Z a–z 0–9 _ - .) unique in
 * the table; columns within ±200, dice within ±100, target and roll within
 * ±1000 (the file format's limits). Empty text, group, applies and source
 * are left out. */
WbCommand  *wb_command_set_table_modifier_new  (WbGame                *game,
                                                WbTable               *table,
                                                int                    index,
                                                const WbTableModifier *modifier);
WbCommand  *wb_command_remove_table_modifier_new (WbGame              *game,
                                                  WbTable             *table,
                                                  guint                index);
/* Moves modifier @from so that it ends up at index @to. */
WbCommand  *wb_command_move_table_modifier_new (WbGame                *game,
                                                WbTable               *table,
                                                guint                  from,
                                                guint                  to);
/* Which die the table reads, and its pair. Reading one die needs the dice
 * "1d6"; @pair (NULL or "" for none) needs @read to be colored or white
 * and must name another table of the game reading the other die. The
 * command makes both tables name each other, and clears the pair of a
 * table that named either of them before (so the file stays valid). */
WbCommand  *wb_command_set_table_read_new      (WbGame                *game,
                                                WbTable               *table,
                                                WbTableRead            read,
                                                const char            *pair);
WbCommand  *wb_command_set_table_ends_new      (WbGame                *game,
                                                WbTable               *table,
                                                const WbTableEnds     *ends);
/* Only a dice_pool table has a pool: @pool->sides 2–1000 (or 0: none),
 * a fixed hit number 1–sides; with a pool every cell must be a number of
 * dice (0–100), "-" or "?". */
WbCommand  *wb_command_set_table_pool_new      (WbGame                *game,
                                                WbTable               *table,
                                                const WbTablePool     *pool);
/* The effect of result code @index: @has_effect FALSE gives the code its
 * standard meaning back (the effect and test are cleared). Eliminations
 * 0–1, steps, retreats and morale hits 0–100; @test (NULL or "" for none)
 * the id of a table of the game, @test_column (NULL or "") the label of one
 * of its columns. */
WbCommand  *wb_command_set_table_code_effect_new (WbGame             *game,
                                                  WbTable            *table,
                                                  guint               index,
                                                  gboolean            has_effect,
                                                  const WbCodeEffect *effect,
                                                  const char         *test,
                                                  const char         *test_column);

G_END_DECLS
