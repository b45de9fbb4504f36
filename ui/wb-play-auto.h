/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_AUTO (wb_play_auto_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayAuto, wb_play_auto, WB, PLAY_AUTO, GObject)

/*
 * Solo play (issue 19): the sides of a playtest the automatic player
 * plays. When the side that acts now (WbMatch.active: the phasing side,
 * or the defender answering a retreat) is automatic, it plays its next
 * action (wb_play_suggest, then wb_play_act_as_players) after the pace,
 * or one action each wb_play_auto_step () when the pace is 0 — marked
 * with its reason (wb-play-reason.h), so the log says why and undo tells
 * its actions from a person's. It plays only at the end of a branch: after
 * an undo or a jump back in the history it waits for Step, so going back
 * never makes a new branch by itself. Its own choices and the dice it
 * types in physical-dice mode are drawn from the journal's seed and the
 * entry it plays from: the same position gives the same choice.
 */

/* "changed" is emitted when what wb_play_auto_get_status says changes. */
WbPlayAuto *wb_play_auto_new          (WbPlay *play);
WbPlay     *wb_play_auto_get_play     (WbPlayAuto *self);
void        wb_play_auto_set_side     (WbPlayAuto *self, guint side, gboolean automatic);
gboolean    wb_play_auto_get_side     (WbPlayAuto *self, guint side);
/* Whether some side is automatic. */
gboolean    wb_play_auto_is_solo      (WbPlayAuto *self);
/* The one side a person plays when the others are automatic, else -1
 * (hot-seat: no side automatic or several people; or nobody). */
int         wb_play_auto_person       (WbPlayAuto *self);
/* Milliseconds between the automatic player's actions; 0: one per Step. */
void        wb_play_auto_set_pace     (WbPlayAuto *self, guint ms);
guint       wb_play_auto_get_pace     (WbPlayAuto *self);
/* Paused, it plays only on Step. */
void        wb_play_auto_set_paused   (WbPlayAuto *self, gboolean paused);
gboolean    wb_play_auto_get_paused   (WbPlayAuto *self);
/* Whether the side to act now is automatic (and the game goes on). */
gboolean    wb_play_auto_to_act       (WbPlayAuto *self);
/* Plays the automatic player's next action now; FALSE with @error when
 * no automatic side is to act or the action was refused (the play is
 * left as it was). */
gboolean    wb_play_auto_step         (WbPlayAuto *self, GError **error);
/* Undo for a person playing against the automatic player: back past the
 * automatic player's actions to before the person's own last action (to
 * the start if none). FALSE with @error when there is nothing to undo. */
gboolean    wb_play_auto_undo         (WbPlayAuto *self, GError **error);
/* What the automatic player did last or waits for (translated), or NULL
 * when no side is automatic. */
const char *wb_play_auto_get_status   (WbPlayAuto *self);

G_END_DECLS
