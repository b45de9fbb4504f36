/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-match.h"
#include "rules/bg/wb-bg-battle.h"

G_BEGIN_DECLS

#define WB_TYPE_BG_BATTLE_VIEW (wb_bg_battle_view_get_type ())
G_DECLARE_FINAL_TYPE (WbBgBattleView, wb_bg_battle_view, WB, BG_BATTLE_VIEW, GtkWidget)

/* The Blue & Gray battle board (base rules 11) as the players see it: the
 * defender's half above, the attacker's below, each with its Line
 * Position (and the River/Mountain or Fortified City Line beside it), its
 * Reserve and Failed Morale boxes at the back; the units in them as blocks
 * with their SP, the dice they roll now and their morale; the units in
 * adjacent locations that may reinforce beside the board; the round and
 * what the board waits for above. A click on a unit — or Space/Enter on
 * the unit the arrow keys are on — emits "unit-activated" (int slot): the
 * hit allocation and the fortified line are chosen that way. The view
 * keeps its own copy of the board. */
GtkWidget  *wb_bg_battle_view_new        (void);
/* Shows @battle (copied) fought at @location, the units named from @match
 * and coloured by @game's sides; NULL clears the board. */
void        wb_bg_battle_view_set        (WbBgBattleView   *self,
                                          WbGame           *game,
                                          const WbMatch    *match,
                                          const WbBgBattle *battle,
                                          const char       *location);
/* The players' picks drawn over the units: with @hits, @counts[slot] red
 * "−1" badges (the hits being allocated), else a highlight on each unit
 * whose count is not 0 (the fortified line, the reinforcements chosen);
 * @clickable (bit per slot) outlines the units a click may pick. @counts
 * NULL clears them. Kept until the next wb_bg_battle_view_set. */
void        wb_bg_battle_view_set_picks  (WbBgBattleView   *self,
                                          const guint8     *counts,
                                          gboolean          hits,
                                          guint32           clickable);
/* The picks shown on @slot (tests). */
guint       wb_bg_battle_view_get_picks  (WbBgBattleView   *self,
                                          int               slot);
/* The slot of the unit drawn at (@x, @y) in the widget, or -1 (tests). */
int         wb_bg_battle_view_slot_at    (WbBgBattleView   *self,
                                          double            x,
                                          double            y);
/* Where the unit in @slot is drawn (FALSE when it is not). */
gboolean    wb_bg_battle_view_unit_rect  (WbBgBattleView   *self,
                                          int               slot,
                                          graphene_rect_t  *rect);
/* The unit the keyboard is on (the arrows move it, Space or Enter
 * activates it), or -1. */
int         wb_bg_battle_view_get_focus_slot (WbBgBattleView *self);
/* The heading it shows: "Battle at Snickersville · round 1 · the
 * Confederate fires" (tests). */
const char *wb_bg_battle_view_get_title  (WbBgBattleView   *self);

G_END_DECLS
