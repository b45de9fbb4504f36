/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_TABLE_EDITOR (wb_table_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbTableEditor, wb_table_editor, WB, TABLE_EDITOR, GtkWidget)

/* The table editor: a table's name, dice, source and note, its cells as a
 * grid with the column headers on top and the row labels (roll ranges) on
 * the left, and a legend of its result codes. Every change is a command
 * (core/wb-table-commands.h) pushed with wb_edit_push() on the stack; the
 * editor follows WbGame::changed, so undo and redo show at once.
 *
 * Keyboard: the arrow keys, Tab and Shift+Tab, Home and End move the
 * cursor (Shift extends the selection); Enter or F2 edits the cell in
 * place, typing replaces it; in a cell Enter keeps the text and moves
 * down, Tab moves right, Escape cancels. Delete empties the selected cells.
 * A row label "3" or "3-4" sets the row's rolls; a column header "3-1",
 * "+2" or "4-5 SP" sets the column's bounds from its numbers.
 *
 * Actions (prefix "table."): insert-row (Ctrl+I, below the cursor),
 * remove-row (Ctrl+Delete), move-row-up, move-row-down (Alt+Up, Alt+Down),
 * insert-column (Ctrl+Shift+I, right of the cursor), remove-column
 * (Ctrl+Shift+Delete), move-column-left, move-column-right (Alt+Left,
 * Alt+Right), copy (Ctrl+C: the selected cells as tab-separated text),
 * paste (Ctrl+V: tab-separated text at the cursor, growing the table),
 * add-code, back (emits close-requested; Escape), show-analysis (Ctrl+Shift+A,
 * the "Analysis" toggle: the property show-analysis, TRUE by default, shows
 * the exact-analysis pane, a WbTableAnalysis, right of the grid). */
GtkWidget   *wb_table_editor_new          (void);
void         wb_table_editor_set_game     (WbTableEditor *self,
                                           WbGame        *game,
                                           WbUndoStack   *stack);
/* The table shown (an id of the game's tables, or NULL). */
void         wb_table_editor_set_table    (WbTableEditor *self,
                                           const char    *id);
WbTable     *wb_table_editor_get_table    (WbTableEditor *self);
/* The cursor (row and column of a cell; -1 for the column headers' row or
 * the row labels' column). Drops the selection to that cell. */
void         wb_table_editor_set_cursor   (WbTableEditor *self,
                                           int            row,
                                           int            column);
void         wb_table_editor_get_cursor   (WbTableEditor *self,
                                           int           *row,
                                           int           *column);
/* Extends the selection from the cursor to this cell. */
void         wb_table_editor_select_to    (WbTableEditor *self,
                                           int            row,
                                           int            column);
/* What finishing an in-place edit of that cell with @text does (a cell,
 * a row label, a column header). FALSE and a message when refused. */
gboolean     wb_table_editor_commit_text  (WbTableEditor *self,
                                           int            row,
                                           int            column,
                                           const char    *text,
                                           GError       **error);
/* Pastes @tsv at the cursor (what Ctrl+V does with the clipboard's text). */
gboolean     wb_table_editor_paste_text   (WbTableEditor *self,
                                           const char    *tsv,
                                           GError       **error);
/* The selected cells as tab-separated text (what Ctrl+C copies). */
char        *wb_table_editor_copy_text    (WbTableEditor *self);
/* Starts editing the cursor's cell in place (Enter, F2); the entry (the
 * one already open when an edit is in progress). */
GtkWidget   *wb_table_editor_start_edit   (WbTableEditor *self);
/* The widget of a part of the editor (tests, accessibility): "grid"
 * (GtkGrid), "name", "dice", "source", "note" (GtkEntry), "legend"
 * (GtkListBox), "rules" (WbTableRulesEditor), "error" (GtkLabel), "analysis"
 * (WbTableAnalysis), or the cell "cell:ROW:COL" (a GtkLabel; -1 for headers). */
GtkWidget   *wb_table_editor_get_field    (WbTableEditor *self,
                                           const char    *name);

G_END_DECLS
