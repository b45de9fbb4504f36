/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_HANDOVER (wb_play_handover_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayHandover, wb_play_handover, WB, PLAY_HANDOVER, GtkWidget)

/* Hot-seat: the screen that covers the map between the two players'
 * turns, so the next player sees nothing of the other's until they are at
 * the screen and click — "Union to play: hand the screen over", with the
 * turn and step. "ready" when the player clicks (or presses Enter). */
GtkWidget   *wb_play_handover_new        (void);
/* Shows who plays next (the active side of @play's state). */
void         wb_play_handover_set_play   (WbPlayHandover *self,
                                          WbPlay         *play);
const char  *wb_play_handover_get_title  (WbPlayHandover *self);
/* What the button does (tests). */
void         wb_play_handover_activate   (WbPlayHandover *self);

/* Hand-over rules: TRUE when the screen should be handed over after an
 * action — its holder changes (wb_play_screen_holder) and the game goes
 * on. */
gboolean     wb_play_needs_handover      (WbPlay *play, guint before);

G_END_DECLS
