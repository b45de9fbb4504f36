/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-match.h"
#include "rules/wb-step.h"
#include "rules/bg/wb-bg-battle.h"

G_BEGIN_DECLS

/* The battle a Blue & Gray Campaign match is fighting, for the play
 * window's battle view: the board (its units' `index` is their index in
 * @match->units), with the attacking side's index in *@attacker and the
 * battle location's index in the map's locations in *@location (either
 * may be NULL); NULL when no battle is being fought, or when @match is
 * not a match of the Blue & Gray family ("bg-campaign"). The board belongs to
 * the match: copy it to keep it. */
const WbBgBattle *wb_bg_match_battle (WbMatch *match, guint *attacker, int *location);

/* @battle as the play UI's generic board (rules/wb-step.h), fought at
 * @location (its name), its units named from @match: the boxes of base
 * rules 11.1, each unit's SP, dice, morale and hits (transfer full). */
WbBoard          *wb_bg_battle_board    (WbMatch *match, const WbBgBattle *battle, const char *location);

G_END_DECLS
