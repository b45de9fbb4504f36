/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

/* The play window's turn bar: the step now (wb_play_describe_step), each
 * side's victory points, Undo and Redo (the journal's, not the editor's) and
 * End Step. A refused action (End Step before a mandatory attack, say) shows
 * its message in the bar. "changed" is emitted after each action the bar
 * performs; call wb_turn_bar_refresh after actions made elsewhere. */

#define WB_TYPE_TURN_BAR (wb_turn_bar_get_type ())
G_DECLARE_FINAL_TYPE (WbTurnBar, wb_turn_bar, WB, TURN_BAR, GtkWidget)

/* Puts @tool (a toggle, a button) in the bar before Undo. */
void        wb_turn_bar_add_tool    (WbTurnBar *self,
                                     GtkWidget *tool);
GtkWidget  *wb_turn_bar_new         (void);
void        wb_turn_bar_set_play    (WbTurnBar *self, WbPlay *play);
WbPlay     *wb_turn_bar_get_play    (WbTurnBar *self);
void        wb_turn_bar_refresh     (WbTurnBar *self);
/* The message shown (a refusal), or NULL. */
const char *wb_turn_bar_get_message (WbTurnBar *self);
/* The step and the VP shown ("… · Confederate", "Union 0 VP · …"; tests). */
const char *wb_turn_bar_get_step_text (WbTurnBar *self);
const char *wb_turn_bar_get_vp_text   (WbTurnBar *self);

G_END_DECLS
