/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_CONTROLLER (wb_play_controller_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayController, wb_play_controller, WB, PLAY_CONTROLLER, GObject)

/* What clicks mean in play (no widgets: the play window feeds it hexes,
 * locations and board units, and shows what it says), for every rules
 * family alike: the family describes the step (wb_play_step: the lists of
 * things to pick, their legal candidates, how a click picks them) and the
 * controller runs that description — a click on a place goes to the last
 * list that has a candidate there (a unit, then one of its highlighted
 * hexes; attackers by hex and the enemy hexes; the units to lose), a click
 * on a board unit to the list of board units; it never knows which family
 * or step it is. When the picks make an action and the step plays at once
 * (a move, a re-roll), it is played; otherwise the prompt's main button
 * plays it (wb_play_step_action). Every action goes through wb_play_act; a
 * refusal, or a click the step takes nowhere, is emitted as "message" (in
 * override mode the rules are not asked: see below). The picks are dropped
 * whenever the play changes (WbPlay::changed). Signals: "changed" after
 * an action was played, "selection-changed" (the picks, the selected unit
 * and its highlighted destinations changed), "message" (const char *),
 * "needs-roll" (JsonObject *action: refused for want of the players' dice
 * in physical-dice mode, or of a result the table lacks — the prompt asks
 * and plays it again). */
WbPlayController *wb_play_controller_new          (WbPlay           *play);
WbPlay           *wb_play_controller_get_play     (WbPlayController *self);
/* A click on @hex of the play map (hex maps), or on @location (point
 * maps): the same meanings, with locations for hexes. */
void              wb_play_controller_click_hex    (WbPlayController *self,
                                                   WbOffset          hex);
void              wb_play_controller_click_location (WbPlayController *self,
                                                     const char       *location);
/* Designer override mode (the "override" property): a click on any unit's
 * hex (either side) selects it — again on its hex: the next unit of the
 * stack, then none; with a unit selected, a click on any other hex puts it
 * there (override_move: one journal entry, rules unchecked), and it stays
 * selected. Nothing is highlighted. Switching the mode clears the
 * selection and the picks. */
void              wb_play_controller_set_override (WbPlayController *self,
                                                   gboolean          override);
gboolean          wb_play_controller_get_override (WbPlayController *self);
/* In override mode, with @feature (a hex feature of the game's legend; NULL
 * ends it) a click on a hex puts that marker there, or takes it off when
 * it is there (override_marker). Clears the selection ("selection-changed");
 * picking a unit or leaving override mode ends it. */
void              wb_play_controller_set_marker   (WbPlayController *self,
                                                   const char       *feature);
const char       *wb_play_controller_get_marker   (WbPlayController *self);
/* A click on @unit of the step's board (the board view): picked by the
 * first of the step's lists of board units it is a candidate of (again:
 * unpicked, unless the list repeats — a hit more), else "message" says
 * why, in the family's words. The picks are get_picked_units (in order,
 * repeated). */
void              wb_play_controller_click_board_unit (WbPlayController *self,
                                                       const char       *unit);
/* Picks a unit (from the reserve, or a unit list; in override mode any
 * unit, wherever it is). */
void              wb_play_controller_select_unit  (WbPlayController *self,
                                                   const char       *unit);
void              wb_play_controller_clear        (WbPlayController *self);
/* Plays @action (the prompt's, the turn bar's); emits "changed" or
 * "message". */
gboolean          wb_play_controller_act          (WbPlayController *self,
                                                   JsonObject       *action);
const char       *wb_play_controller_get_selected (WbPlayController *self);
/* The selected unit's destinations (WbDestination), or NULL. */
GArray           *wb_play_controller_get_highlights (WbPlayController *self);
/* The units and hexes picked (an attack's attackers and the hexes they
 * attack, the units an exchange takes, the hits on a board), besides the
 * selected unit. */
GPtrArray        *wb_play_controller_get_picked_units (WbPlayController *self);
GPtrArray        *wb_play_controller_get_picked_hexes (WbPlayController *self);
/* Where the units picked on the map are (WbWhere: hexes or locations, each
 * once; an attack's attackers), and the places picked (WbWhere: the hexes
 * or locations attacked), for the map to mark them; empty when none. */
GArray           *wb_play_controller_get_chosen_places (WbPlayController *self);
GArray           *wb_play_controller_get_picked_places (WbPlayController *self);
/* All the picks, list by list, and the step they were made in (owned by
 * the controller; the step changes with the picks and the play). */
const WbPicks    *wb_play_controller_get_picks   (WbPlayController *self);
const WbStep     *wb_play_controller_get_step    (WbPlayController *self);

G_END_DECLS
