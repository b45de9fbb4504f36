/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_CONTROLLER (wb_play_controller_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayController, wb_play_controller, WB, PLAY_CONTROLLER, GObject)

/* What clicks on the map mean in play (no widgets: the play window feeds
 * it hexes and shows what it says). By what the step waits for
 * (wb_play_awaiting):
 *   move      — a unit of the side to act, then one of its highlighted hexes
 *               (a stack: each click picks the next unit); a reinforcement
 *               picked from the reserve, then an entry hex.
 *   attack    — hexes of own units (all their units that may attack join)
 *               and enemy hexes; the attack itself is played from the
 *               prompt (its picks are kept here and in the prompt's).
 *   retreat   — a unit that owes a retreat, then a highlighted hex (a full
 *               friendly hex displaces one of its units, as the rules let).
 *   advance   — a victorious unit, then the vacated hex.
 *   eliminate — units to lose, toggled.
 *   battle    — a location where both sides are: the battle there is fought
 *               (maps of locations).
 *   battle-retreat-to — the location the retreating units go to.
 *   battle-*  — a Blue & Gray battle board: clicks on its units
 *               (wb_play_controller_click_battle_unit).
 *   other kinds (rolls, replacements, reactions) are played with the
 *   prompt's buttons (the family's offers); a click says so.
 * Every action goes through wb_play_act; a refusal is emitted as
 * "message" (in override mode the rules are not asked: see below). Signals: "changed" after an action was played (the view, the
 * log, the prompt refresh), "selection-changed" (the selected unit and its
 * highlighted destinations changed), "message" (const char *),
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
/* A click on a unit of a Blue & Gray battle board (the battle view), by
 * what the battle waits for:
 *   battle-allocate  — one more hit on @unit (a unit may take several),
 *                      when the board lets it take it then (11.2: the
 *                      line first) — else "message" says why;
 *   battle-deploy    — toggles a defending line unit for the fortified
 *                      city line (up to its capacity);
 *   battle-reinforce — toggles a candidate of the side reinforcing;
 *   battle-reroll    — re-rolls @unit's failed morale check (played).
 * The picks are get_picked_units (in order, repeated for hits); the
 * prompt plays them (Apply Hits, Fortify, Reinforce). */
void              wb_play_controller_click_battle_unit (WbPlayController *self,
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
/* The units and enemy hexes picked for an attack or an exchange. */
GPtrArray        *wb_play_controller_get_picked_units (WbPlayController *self);
GPtrArray        *wb_play_controller_get_picked_hexes (WbPlayController *self);

G_END_DECLS
