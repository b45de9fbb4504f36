/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/columbia/wb-col-private.h"

/* The parameters (rules.params) the Columbia block family reads, checked
 * when a game loads (docs/rules-params.md). Sections are Shenandoah's; a
 * designer of another Columbia block game changes the values here. */

static const WbParam limit_members[] = {
  { .name = "move", .type = WB_PARAM_INT, .min = 0, .max = 1000, .required = TRUE,
    .unit = N_("blocks"), .doc = N_("blocks that may move along one road section in a player turn") },
  { .name = "attack", .type = WB_PARAM_INT, .min = 0, .max = 1000, .required = TRUE,
    .unit = N_("blocks"), .doc = N_("blocks that may attack or reinforce (and retreat, regroup) along it") },
};
#define ROAD_LIMIT(role, what) \
  { .name = role, .type = WB_PARAM_OBJECT, .doc = what, .members = limit_members, \
    .n_members = G_N_ELEMENTS (limit_members) }
static const WbParam road_limit_members[] = {
  ROAD_LIMIT ("pike", N_("a connection class with the pike role (12/6)")),
  ROAD_LIMIT ("road", N_("a connection class with the road role (8/4)")),
  ROAD_LIMIT ("trail", N_("a connection class with the trail role (4/2)")),
  ROAD_LIMIT ("ferry", N_("a connection class with the ferry role (2/1)")),
  ROAD_LIMIT ("railway", N_("a connection class with the railway role, for the rail move (no limit when absent)")),
  ROAD_LIMIT ("gap", N_("a connection crossing a gap: the lower of this and its class's (4/2)")),
};
static const WbParam stacking_members[] = {
  { .name = "base", .type = WB_PARAM_INT, .def_number = 4, .min = 0, .max = 100, .unit = N_("blocks"),
    .doc = N_("blocks a town supplies") },
  { .name = "pike_or_railway", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100,
    .unit = N_("blocks"), .doc = N_("more in a town on a pike or a railway") },
  { .name = "loss_steps", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 4,
    .doc = N_("steps each block over the limit loses") },
};
static const WbParam initiative_members[] = {
  { .name = "dice", .type = WB_PARAM_INT, .def_number = 2, .min = 1, .max = 6,
    .doc = N_("six-sided dice each side rolls; the high total is Player 1") },
  { .name = "tie_winner", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("the scenario's first side"),
    .doc = N_("the side that is Player 1 on a tie") },
  { .name = "first_turn_player_1", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE,
    .def_text = N_("the scenario's first side"), .doc = N_("Player 1 on the first turn, without a roll") },
};
static const WbParam per_side_sp[] = {
  { .name = "value", .type = WB_PARAM_INT, .min = 0, .max = 100 },
};
static const WbParam per_side_box[] = {
  { .name = "value", .type = WB_PARAM_STRING },
};
static const WbParam per_side_features[] = {
  { .name = "value", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_FEATURE },
};
static const WbParam per_side_units[] = {
  { .name = "value", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_UNIT },
};
static const WbParam per_formation_location[] = {
  { .name = "value", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_LOCATION },
};
static const WbParam step_cost_members[] = {
  { .name = "good", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100, .unit = "SP",
    .doc = N_("a step for a block in good supply"), .rule = "7.31" },
  { .name = "bad", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "SP",
    .doc = N_("a step for a block in bad supply (traced through a gap)"), .rule = "7.32" },
};
static const WbParam straggle_members[] = {
  { .name = "towns", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 10, .unit = N_("towns"),
    .doc = N_("how far a block without command moves") },
  { .name = "lose_at_most", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 6,
    .doc = N_("a roll of one die at most this loses a step") },
};
static const WbParam victory_members[] = {
  { .name = "block", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 100, .unit = "VP",
    .doc = N_("each eliminated enemy block") },
  { .name = "hq", .type = WB_PARAM_NUMBER, .def_number = 2, .min = 0, .max = 100, .unit = "VP",
    .doc = N_("each eliminated enemy HQ"), .rule = "6.62" },
  { .name = "detachment", .type = WB_PARAM_NUMBER, .def_number = 0.5, .min = 0, .max = 100, .unit = "VP",
    .doc = N_("each eliminated enemy detachment (halves are kept and counted)") },
  { .name = "hq_detachment", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 100, .unit = "VP",
    .doc = N_("each eliminated enemy HQ detachment"), .rule = "6.62" },
  { .name = "off_board", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 100, .unit = "VP",
    .doc = N_("each block of the off-board formation off the map at the end"), .rule = "8.1" },
};
static const WbParam off_board_members[] = {
  { .name = "formation", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_FORMATION, .required = TRUE,
    .doc = N_("the division that may leave the map") },
  { .name = "location", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_LOCATION, .required = TRUE,
    .doc = N_("the only town it leaves and comes back by") },
  { .name = "off_map", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_LOCATION, .required = TRUE,
    .doc = N_("the place off the map, joined to the town: only the division enters it") },
  { .name = "exit_before_turn", .type = WB_PARAM_INT, .def_number = 7, .min = 1, .max = 10000,
    .doc = N_("it may leave only before this turn") },
  { .name = "return_after_turn", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 10000,
    .doc = N_("it may come back only after this turn, without command, stopping at the town") },
  { .name = "return_attack_limit", .type = WB_PARAM_INT, .def_number = 4, .min = 0, .max = 1000,
    .unit = N_("blocks"), .doc = N_("blocks that may attack into the town from off the map") },
};
static const WbParam reinforcement_members[] = {
  { .name = "attacker", .type = WB_PARAM_INT, .def_number = 2, .min = 1, .max = 10,
    .doc = N_("the round the attacker's reinforcements arrive"), .rule = "6.5" },
  { .name = "defender_first_road", .type = WB_PARAM_INT, .def_number = 2, .min = 1, .max = 10,
    .doc = N_("the round the defender's reinforcements by the one declared road arrive"), .rule = "6.51" },
  { .name = "defender_other_roads", .type = WB_PARAM_INT, .def_number = 3, .min = 1, .max = 10,
    .doc = N_("the round the defender's reinforcements by other roads arrive"), .rule = "6.51" },
};

const WbParam _wb_col_params[] = {
  { .name = "road_limits", .type = WB_PARAM_OBJECT, .required = TRUE,
    .doc = N_("Move and attack limits per road section per player turn, by the road's role"),
    .rule = "3.4, 3.6, 3.7, 5.21, 6.2",
    .members = road_limit_members, .n_members = G_N_ELEMENTS (road_limit_members) },
  { .name = "move_towns", .type = WB_PARAM_INT, .def_number = 2, .min = 1, .max = 10, .unit = N_("towns"),
    .doc = N_("how far a commanded block moves when it does not attack"), .rule = "5.3" },
  { .name = "attack_towns", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 10, .unit = N_("towns"),
    .doc = N_("how far a block moves when it attacks or reinforces"), .rule = "5.3" },
  { .name = "command_range", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 10, .unit = N_("towns"),
    .doc = N_("an active HQ commands blocks this far from its town"), .rule = "5.11" },
  { .name = "hq_step_cost", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 4,
    .doc = N_("steps an active HQ loses after commanding"), .rule = "5.1" },
  { .name = "army_commanders", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("the HQs that command any block of their side, in seniority order: the first alive commands"),
    .rule = "4.21, 5.12, Command Seniority", .members = per_side_units, .n_members = 1 },
  { .name = "straggle", .type = WB_PARAM_OBJECT, .doc = N_("blocks moving without command"), .rule = "5.13",
    .members = straggle_members, .n_members = G_N_ELEMENTS (straggle_members) },
  { .name = "stacking", .type = WB_PARAM_OBJECT, .doc = N_("stacking limits, checked in the Supply Phase"),
    .rule = "3.3", .members = stacking_members, .n_members = G_N_ELEMENTS (stacking_members) },
  { .name = "initiative", .type = WB_PARAM_OBJECT, .doc = N_("the initiative roll that makes Player 1"),
    .rule = "2.1", .members = initiative_members, .n_members = G_N_ELEMENTS (initiative_members) },
  { .name = "supply_points", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("Supply Points each side gets each Supply Phase"), .rule = "7.1",
    .members = per_side_sp, .n_members = 1 },
  { .name = "steps_per_block", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 4,
    .doc = N_("steps a block may receive in one Supply Phase"), .rule = "7.1" },
  { .name = "step_cost", .type = WB_PARAM_OBJECT, .doc = N_("what a replacement step costs"), .rule = "7.31, 7.32",
    .members = step_cost_members, .n_members = G_N_ELEMENTS (step_cost_members) },
  { .name = "supply_bases", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_FORMATION, .required = TRUE,
    .doc = N_("each division's Supply Base"), .rule = "7.2",
    .members = per_formation_location, .n_members = 1 },
  { .name = "good_supply_gaps", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("the gap crossings a side traces good supply through"), .rule = "7.32",
    .members = per_side_features, .n_members = 1 },
  { .name = "detachment_pool", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("each side's detachment pool: a box of the scenario"), .rule = "4.3, 7.4",
    .members = per_side_box, .n_members = 1 },
  { .name = "detachments_per_phase", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100,
    .doc = N_("detachments a side deploys each Supply Phase"), .rule = "7.4" },
  { .name = "rail_move_sides", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("the sides that move by rail"), .rule = "5.6" },
  { .name = "rail_move_lines", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_CONNECTION_CLASS,
    .def_text = N_("every connection class with the railway role"),
    .doc = N_("the railways the rail move runs on (others count only for stacking)"), .rule = "5.6" },
  { .name = "victory", .type = WB_PARAM_OBJECT, .doc = N_("Victory Points at the end of the last turn, besides "
    "the VP of the enemy major towns occupied"), .rule = "8.0",
    .members = victory_members, .n_members = G_N_ELEMENTS (victory_members) },
  { .name = "off_board", .type = WB_PARAM_OBJECT, .per_scenario = TRUE, .def_text = N_("none"),
    .doc = N_("a division that may leave the map and come back"), .rule = "5.7, 8.1, 9.1",
    .members = off_board_members, .n_members = G_N_ELEMENTS (off_board_members) },
  { .name = "battle_rounds", .type = WB_PARAM_INT, .def_number = 4, .min = 1, .max = 10,
    .doc = N_("rounds of a battle; the attacker retreats in the last"), .rule = "6.3" },
  { .name = "firepower_order", .type = WB_PARAM_STRING, .def_string = "ABC",
    .doc = N_("the firepower letters in firing order"), .rule = "6.4" },
  { .name = "defender_first", .type = WB_PARAM_BOOL, .def_number = 1,
    .doc = N_("with the same letter the defender fires first"), .rule = "6.4" },
  { .name = "crossing_penalty", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 6,
    .doc = N_("firepower lost in the first round by a block that attacked or reinforced over a river crossing or ferry"),
    .rule = "3.5, 3.6" },
  { .name = "artillery_attack_penalty", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 6,
    .doc = N_("firepower lost by attacking or reinforcing artillery in its first round"), .rule = "4.24" },
  { .name = "cavalry_pursuit_bonus", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 6,
    .doc = N_("firepower defending cavalry gains in the pursuit round"), .rule = "4.23, 6.73" },
  { .name = "reinforcement_rounds", .type = WB_PARAM_OBJECT, .doc = N_("when reinforcements arrive in a battle"),
    .rule = "6.5, 6.51", .members = reinforcement_members, .n_members = G_N_ELEMENTS (reinforcement_members) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (_wb_col_params) == WB_COL_N_PARAMS);
