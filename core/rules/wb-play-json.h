/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

/* The open engine (docs/engine-cli.md): a playtest's state and the actions
 * it accepts now as JSON, for `warbench-cli state` and `actions` and for a
 * program that drives the engine from outside. */

/* The state at @self's cursor as a JSON object (transfer full): the turn,
 * the step and its words, the active side and the player, VP, whether the
 * game is over and who won, what the step awaits, every unit of the
 * scenario (its place, strength, flags, badge) and the markers.
 *
 * @viewer: a side id, or NULL for the designer, who sees all. When the
 * game's counters stand face to their owner (wb_counter_style_hides) and
 * the game goes on, a unit of another side that no battle revealed is
 * given as its side and place only, as the map draws it for that side. */
JsonNode  *wb_play_state_to_json   (WbPlay *self, const char *viewer);

/* A unit's place as the state gives it: {"hex": "0414"}, {"location":
 * ID}, {"box": ID}, {"eliminated": true} or {"waiting": true} (not on the
 * map yet). Transfer full. */
JsonObject *wb_play_where_to_json  (WbMatch *m, const WbWhere *where);

/* The actions the engine accepts now (JsonObject*, transfer full), at most
 * @max, each {"action": {…}, "source": S, "label": TEXT}: the step's picks
 * enumerated (source "pick": every way to fill the step's lists with as
 * few picks as make an action, a list that takes any place of its kind
 * left out), the prompt's buttons ("button"), the family's offers
 * ("offer"), ending the step ("end_step") and the automatic player's
 * suggestion ("suggest", chosen with a fixed policy seed), each kept only
 * when wb_play_preview accepts it, without duplicates. Never the
 * designer's overrides or rolls for the log, which are always accepted.
 * @truncated is set when there were more than @max. */
GPtrArray *wb_play_list_actions    (WbPlay *self, guint max, gboolean *truncated);

G_END_DECLS
