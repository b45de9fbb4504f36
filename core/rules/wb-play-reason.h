/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-play.h"

G_BEGIN_DECLS

/*
 * The automatic player's reasons (issue 19, solo play): an action it
 * plays in the app carries "automatic": {"reason": TEXT}; the engine
 * writes the reason to the log before the action's own lines (a secret
 * line of the acting side when the family hides units), the journal keeps
 * it, and undo tells the automatic player's actions from a person's. The
 * member changes nothing the rules do: replay plays the same game.
 */

/* The longest reason kept, in bytes. */
#define WB_PLAY_REASON_MAX 400

/* What @action does in words, as the state at the cursor reads it, and
 * for an attack its odds and the likeliest results of its column
 * ("attacks 0616: 13 to 4 → 3-1; DR 50 %, DE 17 %"); translated, transfer
 * full. */
char     *wb_play_explain             (WbPlay *play, JsonObject *action);
/* Marks @action as the automatic player's, with @reason (cut to
 * WB_PLAY_REASON_MAX bytes at a character boundary). */
void      wb_play_mark_automatic      (JsonObject *action, const char *reason);
/* Whether @action is the automatic player's; its reason in @reason
 * (borrowed; may be NULL). */
gboolean  wb_play_action_is_automatic (JsonObject *action, const char **reason);

G_END_DECLS
