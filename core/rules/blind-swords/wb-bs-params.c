/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/blind-swords/wb-bs-params.h"

/* The parameters of the Blind Swords family (docs/rules-params.md).
 * Sections are the series rules'; the tables are found by these ids,
 * never by the engine's own. Those of the procedures not played yet
 * (movement, stacking, skirmish order…) are declared with their types so
 * that a game's values are checked, and say they are not played yet. */

static const WbParam per_side_row[] = {
  { .name = "value", .type = WB_PARAM_STRING },
};
static const WbParam ma_members[] = {
  { .name = "infantry", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("an infantry unit's Movement Allowance (not played yet)") },
  { .name = "cavalry", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a mounted cavalry unit's Movement Allowance (not played yet)") },
};
#define ORDER_MA(order, what) \
  { .name = order, .type = WB_PARAM_OBJECT, .doc = what, .members = ma_members, .n_members = G_N_ELEMENTS (ma_members) }
static const WbParam movement_members[] = {
  ORDER_MA ("attack", N_("under an Attack order (8.2)")),
  ORDER_MA ("defend", N_("under a Defend order (8.3)")),
  ORDER_MA ("maneuver", N_("under a Maneuver order (8.4)")),
  ORDER_MA ("regroup", N_("under a Regroup order (8.5)")),
};
static const char * const d66_only[] = { "d66", NULL };
static const WbParam per_side_bonus[] = {
  { .name = "value", .type = WB_PARAM_INT_LIST, .min = -6, .max = 6 },
};
static const char * const false_only[] = { "false", NULL };

static const WbParam twin_value[] = {
  { .name = "value", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE },
};

#define FIRE_KIND  (1u << WB_TABLE_FIRE)
#define ROLL_KIND  (1u << WB_TABLE_ROLL)
#define CHART_KIND (1u << WB_TABLE_CHART)

const WbParam _wb_bs_params[WB_BS_N_PARAMS] = {
  { .name = "crt_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "crt",
    .table_kinds = FIRE_KIND, .rule = "9.3, 11.0",
    .doc = N_("the Combat Results Table (d66, columns C … 23+, coloured CR boxes), for Fire and Close Combat") },
  { .name = "fire_cohesion_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "fire-depletion",
    .table_kinds = ROLL_KIND, .rule = "12.1",
    .doc = N_("the Fire Combat Cohesion Test Table's Depletion half (coloured die); its pair is the Skedaddle half") },
  { .name = "close_cohesion_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "close-depletion",
    .table_kinds = ROLL_KIND, .rule = "12.2",
    .doc = N_("the Close Combat Cohesion Test Table's Depletion half (coloured die); its pair is the Skedaddle half") },
  { .name = "break_test_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "break-test",
    .table_kinds = ROLL_KIND, .rule = "12.6",
    .doc = N_("the Break Test Table: one die by modified CR, S (Shaken) or B1–B3 (Broken Box)") },
  { .name = "rebuild_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "rebuild",
    .table_kinds = ROLL_KIND, .rule = "13.2b",
    .doc = N_("the Rebuild roll: one die by modified CR") },
  { .name = "morale_hits_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "morale-hits",
    .table_kinds = CHART_KIND, .rule = "12.5",
    .doc = N_("what Shaken and Disrupted take off SP and CR (rows Shaken, Disrupted; columns SP, CR)") },
  { .name = "rulebook_tables", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_TABLE, .def_text = N_("none"),
    .doc = N_("each reconstructed table's rulebook-only twin, played with the option rulebook_tables_option"),
    .members = twin_value, .n_members = 1 },
  { .name = "rulebook_tables_option", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_OPTION, .def_text = N_("none"),
    .doc = N_("the scenario option that plays the rulebook-only twins (a \"?\" cell asks the players)") },
  { .name = "cohesion_min", .type = WB_PARAM_INT, .def_number = 0, .min = 0, .max = 15,
    .doc = N_("the lowest a modified Cohesion Rating goes"), .rule = "2.1" },
  { .name = "cohesion_max", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 15,
    .doc = N_("the highest a modified Cohesion Rating goes"), .rule = "2.1" },
  { .name = "orders", .type = WB_PARAM_ID_LIST, .def_text = N_("attack, defend, maneuver, regroup"),
    .doc = N_("the orders a brigade with a Full Activation may be given, by id"), .rule = "8.1" },
  { .name = "broken_track", .type = WB_PARAM_ID_LIST, .def_text = N_("none: no Broken Track"),
    .doc = N_("the scenario's boxes of the Broken Track, from 3 to Available: units move one box down at the end of each turn"),
    .rule = "12.8, 14.4" },
  { .name = "fog_of_war_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "fog-of-war",
    .table_kinds = ROLL_KIND, .rule = "7.3b",
    .doc = N_("the Fog of War Chit Table the non-puller rolls one die on (a \"?\" cell asks the players)") },
  { .name = "objectives_held_by", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("the side with units alone there at the start, else none"), .rule = "14.2",
    .doc = N_("the side that holds the scenario's occupy places at the start when none of its units is on them") },
  { .name = "command_rating_bonus", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE,
    .def_text = N_("none"), .rule = "excl. 17.6i",
    .doc = N_("what each side's CIC and Division chits add to their Command Rating, turn by turn from the first"),
    .members = per_side_bonus, .n_members = 1 },
  { .name = "sp_men", .type = WB_PARAM_INT, .def_number = 50, .min = 1, .max = 10000, .unit = N_("men"),
    .doc = N_("men a Strength Point stands for (documentation of the counters' scale)"), .rule = "excl. 2.9" },
  { .name = "stacking_sp", .type = WB_PARAM_INT, .def_number = 10, .min = 1, .max = 1000, .unit = "SP",
    .doc = N_("the most SP in a hex (not played yet: the stacking check comes with movement)"), .rule = "3.1" },
  { .name = "stacking_counts", .type = WB_PARAM_NOTE, .doc = N_("what counts for stacking, as printed"), .rule = "3.1" },
  { .name = "artillery_movement", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("the artillery's Movement Allowance (not played yet)"), .rule = "excl. 6.0" },
  { .name = "march_column_mp", .type = WB_PARAM_NUMBER, .def_number = 0.5, .min = 0, .max = 10, .unit = "MP",
    .doc = N_("the March Column rate a hex along a road (not played yet)"), .rule = "10.5" },
  { .name = "road_mp", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 10, .unit = "MP",
    .doc = N_("a road hex's cost (not played yet)"), .rule = "10.5" },
  { .name = "cavalry_mount_mp", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("mounting or dismounting (not played yet)"), .rule = "10.9" },
  { .name = "skirmish_max_per_side", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100,
    .doc = N_("units a side may have in Skirmish Order (not played yet)"), .rule = "excl. 15.0" },
  { .name = "skirmish_enter_mp", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("entering Skirmish Order (not played yet)"), .rule = "excl. 15.1" },
  { .name = "crt_dice", .type = WB_PARAM_ENUM, .def_string = "d66", .values = d66_only,
    .doc = N_("the CRT's dice, a coloured then a white die (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "crt_first_column", .type = WB_PARAM_STRING, .def_string = "C",
    .doc = N_("the CRT's first column, as printed (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "crt_last_column", .type = WB_PARAM_STRING, .def_string = "23+",
    .doc = N_("the CRT's last column, as printed (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "unsupported_cr", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6,
    .doc = N_("an unsupported unit's CR modifier (not played yet)"), .rule = "12.4" },
  { .name = "trench_cr_bonus_confederate", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 6,
    .doc = N_("a Confederate unit's CR in a trench (not played yet)"), .rule = "excl. 2.10" },
  { .name = "artillery_engagement_range", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 20, .unit = N_("hexes"),
    .doc = N_("artillery is Engaged within this many hexes of the enemy (not played yet)"), .rule = "10.6" },
  { .name = "rally_enemy_distance", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 20, .unit = N_("hexes"),
    .doc = N_("a unit rallies this far from the enemy (not played yet)"), .rule = "13.1" },
  { .name = "retreat_row", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("the map row each side retreats towards (not played yet)"), .rule = "excl. 12.3",
    .members = per_side_row, .n_members = 1 },
  { .name = "pioneers_on_map", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 100,
    .doc = N_("pioneer units on the map at most (not played yet)"), .rule = "excl. 2.1a" },
  { .name = "command_events", .type = WB_PARAM_BOOL, .def_number = 0, .values = false_only,
    .doc = N_("whether the game has Command Events (the family plays none)"), .rule = "7.3, excl. 7.3a" },
  { .name = "movement_allowances", .type = WB_PARAM_OBJECT, .rule = "8.2-8.5, 10.2",
    .doc = N_("the Brigade Order Details' Movement Allowances by order (not played yet)"),
    .members = movement_members, .n_members = G_N_ELEMENTS (movement_members) },
  { .name = "reconstructed", .type = WB_PARAM_NOTE, .doc = N_("what the game reconstructs, for its players") },
  { .name = "unknown", .type = WB_PARAM_NOTE, .doc = N_("what the rulebook text does not give, for its players") },
};
