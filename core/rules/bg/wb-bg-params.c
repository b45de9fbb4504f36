/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/bg/wb-bg-private.h"

/* The parameters (rules.params) the family reads, checked when a game
 * loads (docs/rules-params.md). A value marked per scenario may be an
 * object of values by scenario id (J&S's "1862", "1864"). Texts the
 * family does not play are notes: documentation for the players. */
static const char * const only_unlimited[] = { "unlimited", NULL };
static const char * const only_false[] = { "false", NULL };
static const char * const only_true[] = { "true", NULL };
static const char * const every_values[] = { "turn", "even turn", NULL };
static const char * const victory_type_values[] = {
  "vp_line", "once_location", "outside_tag", "unit_outside_tag", "unit_at_from_turn", "unit_eliminated",
  "occupy_all", "hold_all", "infantry_below", "rail_cut", "scenario_occupy", NULL
};
static const char * const victory_at_values[] = {
  "enemy_turn", "own_turn", "player_turn", "game_turn", "any_time", "game_end", NULL
};

static const WbParam per_side_number[] = {
  { .name = "value", .type = WB_PARAM_INT, .min = 0, .max = 100 },
};
static const WbParam per_side_rating[] = {
  { .name = "value", .type = WB_PARAM_INT, .min = 0, .max = 13 },
};
static const WbParam per_side_location_list[] = {
  { .name = "value", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_LOCATION },
};
static const WbParam return_sp_value[] = {
  { .name = "value", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "SP" },
};
static const WbParam allowance_members[] = {
  { .name = "infantry", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a class with the infantry role") },
  { .name = "garrison", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a class with the garrison role") },
  { .name = "cavalry", .type = WB_PARAM_INT, .def_number = 4, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a class with the cavalry role") },
  { .name = "leader", .type = WB_PARAM_INT, .def_number = 4, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a class with the leader role") },
};
static const WbParam replacement_members[] = {
  { .name = "sp", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "SP",
    .doc = N_("replacement points each time") },
  { .name = "every", .type = WB_PARAM_ENUM, .values = every_values, .def_string = "turn",
    .doc = N_("every turn, or every even turn") },
};
static const WbParam replacement_value[] = {
  { .name = "value", .type = WB_PARAM_OBJECT, .members = replacement_members,
    .n_members = G_N_ELEMENTS (replacement_members) },
};
static const WbParam cap_roll_members[] = {
  { .name = "dice", .type = WB_PARAM_NOTE, .doc = N_("as printed; the family rolls two dice") },
  { .name = "extra_cap", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 1,
    .doc = N_("the CAP a successful roll adds") },
  { .name = "success", .type = WB_PARAM_NOTE,
    .doc = N_("as printed; the family plays a total at least the army commander's rating") },
};
static const WbParam screen_members[] = {
  { .name = "dice", .type = WB_PARAM_NOTE, .doc = N_("as printed; the family rolls one die") },
  { .name = "success", .type = WB_PARAM_NOTE,
    .doc = N_("as printed; the family plays a roll at most the screen value") },
  { .name = "retreat_on_success", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 10,
    .unit = N_("locations"), .doc = N_("how far the screening cavalry retreats after stopping the move") },
  { .name = "retreat_on_failure", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 10,
    .unit = N_("locations"), .doc = N_("how far the screening cavalry retreats on a failure") },
};
static const WbParam retreat_members[] = {
  { .name = "voluntary", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 1, .unit = N_("locations"),
    .doc = N_("how far a voluntary retreat goes") },
  { .name = "forced", .type = WB_PARAM_INT, .def_number = 2, .min = 2, .max = 2, .unit = N_("locations"),
    .doc = N_("how far a forced retreat goes") },
};
static const WbParam crossing_members[] = {
  { .name = "locations", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_LOCATION, .min = 2, .max = 2,
    .required = TRUE, .doc = N_("the two locations of the closed connection") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("the side whose infantry opens it") },
  { .name = "rule", .type = WB_PARAM_STRING, .def_string = "GG 2", .doc = N_("the rule the log cites") },
};
static const WbParam ability_members[] = {
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("the leader's side") },
  { .name = "cap", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100,
    .doc = N_("special move: its CAP") },
  { .name = "cap_per_unit", .type = WB_PARAM_BOOL, .doc = N_("special move: the CAP is paid per unit") },
  { .name = "max_units", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100,
    .doc = N_("special move: the units that move with the leader") },
  { .name = "locations", .type = WB_PARAM_INT, .def_number = 4, .min = 0, .max = 100, .unit = N_("locations"),
    .doc = N_("special move: how far (a leader with it has a special move)") },
  { .name = "start_and_end_together", .type = WB_PARAM_BOOL, .def_number = 1, .values = only_true,
    .doc = N_("special move: the leader and its units start and end together") },
  { .name = "reaction", .type = WB_PARAM_BOOL, .doc = N_("the leader whose units react to enemy moves next to them"),
    .rule = "GG 10" },
  { .name = "morale_reroll", .type = WB_PARAM_BOOL,
    .doc = N_("the leader whose presence in reserve re-rolls a failed morale check"), .rule = "GG 11" },
  { .name = "rule", .type = WB_PARAM_STRING, .def_text = N_("“J&S 10”; the reaction “GG 10”"),
    .doc = N_("the rule the log cites") },
  { .name = "text", .type = WB_PARAM_NOTE, .doc = N_("the ability as printed") },
};
static const WbParam ability_value[] = {
  { .name = "value", .type = WB_PARAM_OBJECT, .members = ability_members,
    .n_members = G_N_ELEMENTS (ability_members) },
};
static const WbParam victory_members[] = {
  { .name = "type", .type = WB_PARAM_ENUM, .values = victory_type_values, .required = TRUE,
    .doc = N_("the kind of condition (docs/rules-engine.md)") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .doc = N_("the side that scores or wins") },
  { .name = "rule", .type = WB_PARAM_STRING, .doc = N_("the rule the log cites") },
  { .name = "at", .type = WB_PARAM_ENUM, .values = victory_at_values, .def_text = N_("the type's"),
    .doc = N_("when the condition is checked") },
  { .name = "vp", .type = WB_PARAM_INT, .def_number = 1, .min = -1000, .max = 1000, .unit = "VP",
    .doc = N_("what it scores") },
  { .name = "tag", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TAG, .doc = N_("the locations it counts") },
  { .name = "area", .type = WB_PARAM_STRING, .doc = N_("what the log calls the tagged locations") },
  { .name = "location", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_LOCATION, .doc = N_("the location") },
  { .name = "locations", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_LOCATION, .doc = N_("the locations") },
  { .name = "exempt", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_UNIT, .doc = N_("units it does not count") },
  { .name = "unit", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_UNIT, .doc = N_("the enemy unit") },
  { .name = "from_turn", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 10000,
    .doc = N_("the turn it counts from") },
  { .name = "sp", .type = WB_PARAM_INT, .min = 0, .max = 10000, .unit = "SP", .doc = N_("the threshold") },
  { .name = "from", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_LOCATION, .doc = N_("rail_cut: one end") },
  { .name = "to", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_LOCATION, .doc = N_("rail_cut: the other end") },
  { .name = "no_reinforcements", .type = WB_PARAM_BOOL,
    .doc = N_("rail_cut: the cut side has no battle reinforcements the next turn") },
};

const WbParam _wb_bg_params[] = {
  { .name = "movement_allowance", .type = WB_PARAM_OBJECT, .per_scenario = TRUE,
    .doc = N_("Movement Allowance by role of the unit class (infantry, garrison, cavalry, leader)"), .rule = "Base 3",
    .members = allowance_members, .n_members = G_N_ELEMENTS (allowance_members) },
  { .name = "stacking", .type = WB_PARAM_ENUM, .values = only_unlimited, .def_string = "unlimited",
    .doc = N_("any number of units in a location") },
  { .name = "cap_per_turn", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .required = TRUE, .per_scenario = TRUE,
    .doc = N_("Command Action Points each side has every turn"), .rule = "Base 9",
    .members = per_side_number, .n_members = 1 },
  { .name = "army_commander_rating", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .per_scenario = TRUE, .doc = N_("the army commander's rating, the CAP roll's target"), .rule = "Base 9",
    .members = per_side_rating, .n_members = 1 },
  { .name = "army_commander", .type = WB_PARAM_NOTE, .per_scenario = TRUE,
    .doc = N_("the army commanders' names, as printed") },
  { .name = "cap_roll", .type = WB_PARAM_OBJECT, .doc = N_("the CAP roll"), .rule = "Base 9",
    .members = cap_roll_members, .n_members = G_N_ELEMENTS (cap_roll_members) },
  { .name = "cap_carry_over", .type = WB_PARAM_BOOL, .values = only_false,
    .doc = N_("unspent CAP is lost at the end of the turn"), .rule = "Base 9" },
  { .name = "activation_cap", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 1, .unit = "CAP",
    .doc = N_("what activating a unit costs"), .rule = "Base 10" },
  { .name = "weather_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "weather",
    .table_kinds = 1u << WB_TABLE_ROLL, .doc = N_("the weather table: a roll table whose rain rows start “Rain”"),
    .rule = "Base 7" },
  { .name = "weather_roll_side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("the first side"),
    .doc = N_("the side that rolls the weather (and that union_supply_any_occupied_port means)"), .rule = "Base 7" },
  { .name = "rain_movement", .type = WB_PARAM_INT, .def_number = -1, .min = -100, .max = 100, .unit = "MP",
    .doc = N_("movement lost in rain"), .rule = "Base 7" },
  { .name = "rain_two_turns_movement", .type = WB_PARAM_INT, .def_number = -2, .min = -100, .max = 100, .unit = "MP",
    .doc = N_("movement lost in the second turn of rain running"), .rule = "Base 7" },
  { .name = "supply_locations", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("the locations' own supply fields"), .doc = N_("each side's supply sources"), .rule = "Base 5",
    .members = per_side_location_list, .n_members = 1 },
  { .name = "supply_trace_tag", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TAG, .def_text = N_("every connection"),
    .doc = N_("supply is traced only along connections whose two ends carry the tag"), .rule = "J&S 5" },
  { .name = "supply_blocked_by", .type = WB_PARAM_NOTE,
    .doc = N_("as printed; the family plays supply blocked by enemy infantry and garrisons"), .rule = "Base 5" },
  { .name = "out_of_supply_movement", .type = WB_PARAM_INT, .def_number = -1, .min = -100, .max = 100,
    .unit = "MP", .doc = N_("movement lost out of supply"), .rule = "Base 5" },
  { .name = "union_supply_any_occupied_port", .type = WB_PARAM_BOOL,
    .doc = N_("any port the weather side occupies is a supply source for it"), .rule = "GG 5" },
  { .name = "replacements", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("none"), .doc = N_("each side's replacement points"), .rule = "Base 8",
    .members = replacement_value, .n_members = 1 },
  { .name = "replacement_locations", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("the locations' own replacement fields"), .doc = N_("where eliminated units come back"),
    .rule = "Base 8", .members = per_side_location_list, .n_members = 1 },
  { .name = "replacement_return_sp", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_CLASS, .per_scenario = TRUE,
    .def_text = N_("none"), .doc = N_("the SP an eliminated unit of the class comes back with"), .rule = "Base 8",
    .members = return_sp_value, .n_members = 1 },
  { .name = "closed_crossing", .type = WB_PARAM_OBJECT, .per_scenario = TRUE,
    .doc = N_("a connection closed until the turn after the side's infantry ends a move at both ends"),
    .rule = "GG 2", .members = crossing_members, .n_members = G_N_ELEMENTS (crossing_members) },
  { .name = "rail_movement_sides", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("none"), .doc = N_("the sides that may move by rail"), .rule = "Base 10" },
  { .name = "rail_movement_units_per_turn", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100,
    .doc = N_("units moved by rail a turn"), .rule = "Base 10" },
  { .name = "rail_movement_cap", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "CAP",
    .doc = N_("what a rail move costs"), .rule = "Base 10" },
  { .name = "rail_control", .type = WB_PARAM_NOTE,
    .doc = N_("who controls the railroads, as printed (played through rail_uncontrolled_tag)"), .rule = "GG 10" },
  { .name = "rail_uncontrolled_tag", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TAG, .def_text = N_("none"),
    .doc = N_("railroads with an end carrying the tag are not controlled"), .rule = "GG 10" },
  { .name = "amphibious_sides", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("none"), .doc = N_("the sides that may move by sea"), .rule = "Base 10" },
  { .name = "amphibious_units_per_turn", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100,
    .doc = N_("units moved by sea a turn"), .rule = "Base 10" },
  { .name = "amphibious_cap", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "CAP",
    .doc = N_("what a move by sea costs"), .rule = "Base 10" },
  { .name = "screen_roll", .type = WB_PARAM_OBJECT, .doc = N_("cavalry screening"), .rule = "Base 10",
    .members = screen_members, .n_members = G_N_ELEMENTS (screen_members) },
  { .name = "battle_hit_on", .type = WB_PARAM_INT, .def_number = 6, .min = 1, .max = 7,
    .doc = N_("the lowest face of a battle die that hits (7: none)"), .rule = "Base 11.2" },
  { .name = "fortress_extra_dice", .type = WB_PARAM_INT, .def_number = 2, .min = -6, .max = 6,
    .doc = N_("dice added to units on the fortified city line"), .rule = "Base 11.1" },
  { .name = "crossing_first_round_dice", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6,
    .doc = N_("dice added in the first round to units attacking across a river or mountain"), .rule = "Base 11" },
  { .name = "morale_check", .type = WB_PARAM_NOTE,
    .doc = N_("as printed; the family rolls one die per hit, failing above the morale"), .rule = "Base 11.2" },
  { .name = "reinforce_roll", .type = WB_PARAM_NOTE,
    .doc = N_("as printed; the family rolls two dice against the army commander's rating"), .rule = "Base 11.5" },
  { .name = "retreat_locations", .type = WB_PARAM_OBJECT, .doc = N_("how far retreats go"), .rule = "Base 11.4",
    .members = retreat_members, .n_members = G_N_ELEMENTS (retreat_members) },
  { .name = "voluntary_retreat_fire_dice_per_unit", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 1,
    .doc = N_("dice the enemy fires per retreating unit in a voluntary retreat"), .rule = "Base 11.3" },
  { .name = "trench_cost_mp", .type = WB_PARAM_INT, .def_number = 0, .min = 0, .max = 100, .unit = "MP",
    .def_text = N_("0: no trenches"), .doc = N_("what digging a trench costs"), .rule = "GG 3" },
  { .name = "trench_extra_dice", .type = WB_PARAM_INT, .def_number = 1, .min = -6, .max = 6,
    .doc = N_("dice added to units in a trench"), .rule = "GG 3" },
  { .name = "trench_in_fortress", .type = WB_PARAM_BOOL, .doc = N_("trenches may be dug in a fortress"),
    .rule = "GG 3" },
  { .name = "trench_rule", .type = WB_PARAM_STRING, .def_string = "GG 3", .doc = N_("the rule the log cites") },
  { .name = "leader_abilities", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_UNIT, .per_scenario = TRUE,
    .def_text = N_("none"), .doc = N_("leaders' abilities by unit"), .rule = "J&S 10, GG 10, GG 11",
    .members = ability_value, .n_members = 1 },
  { .name = "victory", .type = WB_PARAM_LIST, .per_scenario = TRUE, .def_text = N_("none: the VP at the end"),
    .doc = N_("the victory conditions, checked in their order (docs/rules-engine.md)"), .rule = "J&S 12, GG 12",
    .members = victory_members, .n_members = G_N_ELEMENTS (victory_members) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (_wb_bg_params) == WB_BG_N_PARAMS);
