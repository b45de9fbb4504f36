/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-match.h"
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

G_END_DECLS
