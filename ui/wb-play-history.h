/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

/* The history of a playtest as a pane, in two lists:
 *  - the branches of the journal (wb_play_branches): each one's bookmark
 *    name or "Branch N", how many actions, the step it ends at, each side's
 *    VP and who leads (or the result when the game is over), the branch the
 *    cursor is on marked; activating one goes to its end;
 *  - the entries with a bookmark or a note (turn, side, bookmark, note);
 *    activating one goes there.
 * Bookmark… and Note… name or annotate the current entry, Remove clears the
 * selected row's bookmark and note; each write goes through the journal, so
 * it is on disk at once when the playtest has a file. After a jump the pane
 * emits "changed" (the match moved: refresh the rest of the window). The
 * pane does not watch the play: call wb_play_history_refresh after every
 * action, undo or jump made elsewhere. */

#define WB_TYPE_PLAY_HISTORY (wb_play_history_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayHistory, wb_play_history, WB, PLAY_HISTORY, GtkWidget)

GtkWidget  *wb_play_history_new             (void);
void        wb_play_history_set_play        (WbPlayHistory *self, WbPlay *play);
WbPlay     *wb_play_history_get_play        (WbPlayHistory *self);
void        wb_play_history_refresh         (WbPlayHistory *self);

/* The branches listed, and the one the cursor is on (-1: none). */
guint       wb_play_history_n_branches      (WbPlayHistory *self);
int         wb_play_history_get_current_branch (WbPlayHistory *self);
/* Goes to the end of the @index-th branch listed, as activating its row
 * does; FALSE (and the error shown in the pane) if it could not. */
gboolean    wb_play_history_activate_branch (WbPlayHistory *self, guint index);
/* The entries listed with a bookmark or a note. */
guint       wb_play_history_n_marks         (WbPlayHistory *self);
gboolean    wb_play_history_activate_mark   (WbPlayHistory *self, guint index);
/* Names / annotates the current entry, as Bookmark… and Note… do (NULL or
 * "" clears); FALSE (and the error shown in the pane) if the journal could
 * not write it. */
gboolean    wb_play_history_bookmark        (WbPlayHistory *self, const char *name);
gboolean    wb_play_history_note            (WbPlayHistory *self, const char *text);
/* Clears the bookmark and the note of the @index-th entry listed, as
 * Remove does. */
gboolean    wb_play_history_remove_mark     (WbPlayHistory *self, guint index);

/* The rows (WbPlayHistoryRow items; owned by the pane). */
GListModel *wb_play_history_get_branches    (WbPlayHistory *self);
GListModel *wb_play_history_get_marks       (WbPlayHistory *self);

/* A row of either list. */
#define WB_TYPE_PLAY_HISTORY_ROW (wb_play_history_row_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayHistoryRow, wb_play_history_row, WB, PLAY_HISTORY_ROW, GObject)

/* The journal entry it goes to (a branch's last entry). */
guint32     wb_play_history_row_get_entry   (WbPlayHistoryRow *self);
/* Its cells: a branch's title, actions, the step it ends at, each side's
 * VP, the result; a mark's turn, side, bookmark, note. */
const char *wb_play_history_row_get_cell    (WbPlayHistoryRow *self, guint column);
/* The whole row in words (its tooltip and accessible label). */
const char *wb_play_history_row_get_text    (WbPlayHistoryRow *self);

G_END_DECLS
