/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "rules/wb-play.h"
#include "rules/wb-play-log.h"

G_BEGIN_DECLS

/* The battle log of a playtest as a pane: one row per event (turn, side, what
 * happened, wrapped), narrowed by a turn, a side and a unit search, exported
 * with Export… (text, HTML or JSON through the core's wb_play_log_export).
 * Activating a row (a click, or Enter) emits "entry-activated" with the
 * journal entry that wrote the event. The pane does not watch the play: call
 * wb_play_log_pane_refresh after every action, undo or jump. */

#define WB_TYPE_PLAY_LOG_PANE (wb_play_log_pane_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayLogPane, wb_play_log_pane, WB, PLAY_LOG_PANE, GtkWidget)

GtkWidget  *wb_play_log_pane_new        (void);
void        wb_play_log_pane_set_play   (WbPlayLogPane *self, WbPlay *play);
WbPlay     *wb_play_log_pane_get_play   (WbPlayLogPane *self);
void        wb_play_log_pane_refresh    (WbPlayLogPane *self);
/* Hidden information: the log as side @viewer may read it (the side at
 * the screen in hot-seat); -1 (the default) shows everything. */
void        wb_play_log_pane_set_viewer (WbPlayLogPane *self, int viewer);
/* The rows shown (WbPlayLogRow items; owned by the pane). */
GListModel *wb_play_log_pane_get_rows   (WbPlayLogPane *self);
/* The filter as the pane's widgets set it now; unit owned by the pane. */
void        wb_play_log_pane_get_filter (WbPlayLogPane *self, WbLogFilter *filter);
/* Sets the pane's widgets to @filter: a single turn (turn_min == turn_max,
 * or 0 for every turn), the side and the unit search. */
void        wb_play_log_pane_set_filter (WbPlayLogPane *self, const WbLogFilter *filter);
/* Writes the rows shown to @path in @format, as Export… does. */
gboolean    wb_play_log_pane_export     (WbPlayLogPane *self,
                                         const char    *path,
                                         WbLogFormat    format,
                                         GError       **error);

/* A row of the pane's model. */
#define WB_TYPE_PLAY_LOG_ROW (wb_play_log_row_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayLogRow, wb_play_log_row, WB, PLAY_LOG_ROW, GObject)

guint32     wb_play_log_row_get_entry   (WbPlayLogRow *self);
const char *wb_play_log_row_get_text    (WbPlayLogRow *self);

G_END_DECLS
