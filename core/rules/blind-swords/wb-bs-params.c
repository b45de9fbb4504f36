/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/blind-swords/wb-bs-params.h"

/* The parameters of the Blind Swords family (docs/rules-params.md).
 * Sections are the series rules'; the tables are found by these ids,
 * never by the engine's own. Those of the procedures not played yet
 * (mounting, skirmish order, pioneers) are declared with their types so
 * that a game's values are checked, and say they are not played yet. */

static const WbParam per_side_row[] = {
  { .name = "value", .type = WB_PARAM_STRING },
};
static const WbParam ma_members[] = {
  { .name = "infantry", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("an infantry unit's Movement Allowance") },
  { .name = "cavalry", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("a mounted cavalry unit's Movement Allowance") },
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
static const char * const los_values[] = { "clear", "obscure", "block", "levee", NULL };

static const char * const role_values[] = { "infantry", "cavalry", "artillery", "pioneer", "marker", NULL };
static const WbParam closed_members[] = {
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE, .doc = N_("the side kept out") },
  { .name = "units", .type = WB_PARAM_ENUM, .values = role_values, .def_text = N_("every unit of the side"),
    .doc = N_("only its units of this kind (infantry: a class without a role)") },
};

/* What a terrain type, a hex feature (a marker's too) or a hexside
 * feature does in combat, to lines of sight and to units (exclusive 2.10,
 * 9.1a, 9.3, 11.0c, 12.4): the family reads these, never the ids. */
static const WbParam effect_members[] = {
  { .name = "los", .type = WB_PARAM_ENUM, .def_string = "clear", .values = los_values, .rule = "9.1a",
    .doc = N_("as an intervening hex at the level of both units: clear; obscure (one obscures, two block); "
              "block; levee (a hexside: blocks unless the firer or the target is next to it)") },
  { .name = "target_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "9.3 i-vi, xvii; excl. 2.2b",
    .doc = N_("CRT columns for fire at a target in it (a hexside: next to it), left negative") },
  { .name = "firer_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "9.3 ix, x",
    .doc = N_("CRT columns for fire from it") },
  { .name = "attacker_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "11.0c xx",
    .doc = N_("Close Combat columns when the Assaulting Hex is in it") },
  { .name = "defender_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "11.0c xix, xxi, xxii",
    .doc = N_("Close Combat columns when the defender is in it (a hexside: behind it)") },
  { .name = "uphill_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "11.0c x, xi",
    .doc = N_("a hexside: Close Combat columns when the defender is on its higher side") },
  { .name = "no_support", .type = WB_PARAM_BOOL, .rule = "12.4a iv; excl. 2.10j",
    .doc = N_("a unit in it neither gives nor receives Unit Support") },
  { .name = "no_rally", .type = WB_PARAM_BOOL, .rule = "excl. 2.10h, j",
    .doc = N_("a unit in it may not Recover or Rebuild") },
  { .name = "entry_check", .type = WB_PARAM_BOOL, .rule = "excl. 2.10j",
    .doc = N_("infantry entering it (moving or retreating) takes a Cohesion Check: a die over its modified CR is a Morale Hit") },
  { .name = "entry_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .table_kinds = 1u << WB_TABLE_ROLL,
    .rule = "excl. 2.10h",
    .doc = N_("infantry rolls one die on this table before moving in (enter; choose: stay or enter with a Cohesion Check; stop)") },
  { .name = "cr_bonus", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "excl. 2.10d",
    .doc = N_("added to the CR of a unit of cr_bonus_side in it, except when it attacks in Close Combat") },
  { .name = "cr_bonus_side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .rule = "excl. 2.10d",
    .doc = N_("the side cr_bonus is for (absent: both)") },
  { .name = "enter_all_mp", .type = WB_PARAM_BOOL, .rule = "excl. 2.2a",
    .doc = N_("entering it costs all the MP a unit has left (its move ends there)") },
  { .name = "closed_to", .type = WB_PARAM_LIST, .rule = "excl. 2.2a", .def_text = N_("nobody"),
    .doc = N_("who may not enter it at all, by side and kind of unit"),
    .members = closed_members, .n_members = G_N_ELEMENTS (closed_members) },
  { .name = "pioneer_work", .type = WB_PARAM_BOOL, .rule = "excl. 2.1a, 14.4",
    .doc = N_("a marker pioneers are placed on and reduce in the Fallen Timber Reduction Phase") },
  { .name = "reduces_to", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_HEX_FEATURE, .def_text = N_("removed"),
    .rule = "excl. 14.4", .doc = N_("what pioneers reduce the marker to (absent: they remove it)") },
  { .name = "artillery_climb", .type = WB_PARAM_BOOL, .rule = "excl. 6.5a",
    .doc = N_("a hexside artillery goes up only from next to it, for all its MP, taking a Morale Hit") },
  { .name = "charge", .type = WB_PARAM_BOOL, .rule = "10.10 b, c, f",
    .doc = N_("Clear terrain for a Cavalry Charge: the charging unit starts in, moves through and attacks into it") },
  { .name = "no_charge", .type = WB_PARAM_BOOL, .rule = "10.10g",
    .doc = N_("a hexside no Charge Move crosses nor attacks across") },
};

/* What a weapon type changes (exclusive 9.3 xiii, xiv; 11.0c xii, xiii). */
static const WbParam weapon_members[] = {
  { .name = "long_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "9.3 xiii",
    .doc = N_("artillery: CRT columns when half or more of the firing SPs are of it at Long or Extreme range") },
  { .name = "canister_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "9.3 xiv",
    .doc = N_("artillery: CRT columns when half or more of the firing SPs are of it at Canister range") },
  { .name = "attack_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "11.0c xii",
    .doc = N_("Close Combat columns when half or more of the attacking SPs are of it") },
  { .name = "defend_shift", .type = WB_PARAM_INT, .min = -6, .max = 6, .rule = "11.0c xiii",
    .doc = N_("Close Combat columns when half or more of the defending SPs are of it") },
};

static const WbParam effect_value[] = {
  { .name = "value", .type = WB_PARAM_OBJECT, .members = effect_members, .n_members = G_N_ELEMENTS (effect_members) },
};
static const WbParam weapon_value[] = {
  { .name = "value", .type = WB_PARAM_OBJECT, .members = weapon_members, .n_members = G_N_ELEMENTS (weapon_members) },
};

/* A scenario's Victory Levels (excl. 17.1f-17.6k), tried in order. */
static const WbParam level_members[] = {
  { .name = "level", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("the Victory Level, as printed") },
  { .name = "winner", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none: a draw"),
    .doc = N_("the side the level is a victory for") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("the first side"),
    .doc = N_("whose accomplishments the conditions count") },
  { .name = "vp_difference_at_least", .type = WB_PARAM_INT, .min = -1000000, .max = 1000000,
    .def_text = N_("no condition"), .doc = N_("the side's VP less the other's is at least this") },
  { .name = "vp_difference_at_most", .type = WB_PARAM_INT, .min = -1000000, .max = 1000000,
    .def_text = N_("no condition"), .doc = N_("the side's VP less the other's is at most this") },
  { .name = "controls_at_least", .type = WB_PARAM_INT, .min = 0, .max = 10000, .def_text = N_("no condition"),
    .doc = N_("the side controls at least this many hexes of the control_feature") },
  { .name = "markers_removed_at_least", .type = WB_PARAM_INT, .min = 0, .max = 10000, .def_text = N_("no condition"),
    .doc = N_("at least this many of the scenario's markers of marker_features are off the map") },
  { .name = "marker_features", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_HEX_FEATURE, .def_text = N_("none"),
    .doc = N_("the markers markers_removed_at_least counts") },
};
static const WbParam per_side_int[] = {
  { .name = "value", .type = WB_PARAM_INT, .min = -1000000, .max = 1000000 },
};
static const WbParam victory_members[] = {
  { .name = "control_feature", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_HEX_FEATURE, .def_text = N_("none"),
    .rule = "excl. 17.3g-17.6k",
    .doc = N_("the hexes whose control counts (a trench): a hex is the last side's to have units alone there, "
              "objectives_held_by's at the start") },
  { .name = "broken_vp", .type = WB_PARAM_INT, .min = 0, .max = 1000, .rule = "excl. 17.1f",
    .doc = N_("VP for each enemy unit on the Broken Track or eliminated at the end") },
  { .name = "rebuilt_vp", .type = WB_PARAM_INT, .min = 0, .max = 1000, .rule = "excl. 17.1f",
    .doc = N_("VP for each enemy unit rebuilt from the Broken Track") },
  { .name = "free_vp", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"), .rule = "excl. 17.2d",
    .doc = N_("VP each side receives at the end"), .members = per_side_int, .n_members = 1 },
  { .name = "levels", .type = WB_PARAM_LIST, .def_text = N_("none: the VP decide"), .rule = "excl. 17.1f-17.6k",
    .doc = N_("the Victory Levels, the first whose conditions all hold; one with no condition is the rest"),
    .members = level_members, .n_members = G_N_ELEMENTS (level_members) },
};

/* Units that may not move (or fire) until something happens (excl. 17.1e,
 * 17.3f, 17.4f). */
static const char * const enemy_kinds[] = { "any", "infantry", NULL };
static const WbParam restricted_members[] = {
  { .name = "units", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_UNIT, .required = TRUE,
    .doc = N_("the units restricted") },
  { .name = "no_fire", .type = WB_PARAM_BOOL, .doc = N_("they may not fire either (nor be the target of their own side's Events)") },
  { .name = "enemy", .type = WB_PARAM_ENUM, .def_string = "any", .values = enemy_kinds,
    .doc = N_("the enemy units whose approach frees them") },
  { .name = "within", .type = WB_PARAM_INT, .min = 0, .max = 100, .unit = N_("hexes"), .def_text = N_("no condition"),
    .doc = N_("freed when such an enemy unit comes within this many hexes of of_hex") },
  { .name = "of_hex", .type = WB_PARAM_STRING, .def_text = N_("none"), .doc = N_("the hex within counts from (\"2709\")") },
  { .name = "when_fired_upon", .type = WB_PARAM_BOOL, .doc = N_("freed when an enemy unit fires at one of them") },
  { .name = "enemy_in", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_HEX_FEATURE, .def_text = N_("no condition"),
    .doc = N_("freed when such an enemy unit enters a hex with one of these features (markers too)") },
  { .name = "enemy_next_to", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_HEX_FEATURE, .def_text = N_("no condition"),
    .doc = N_("freed when such an enemy unit is next to a hex with one of these features") },
};
static const char * const fog_effects[] = { "battlefield-chaos", "wayward-move", "general-casualty", NULL };
static const WbParam fog_members[] = {
  { .name = "effect", .type = WB_PARAM_ENUM, .values = fog_effects, .required = TRUE,
    .doc = N_("what the result does (excl. 7.3b)") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("the affected side") },
};
static const WbParam fog_value[] = {
  { .name = "value", .type = WB_PARAM_OBJECT, .members = fog_members, .n_members = G_N_ELEMENTS (fog_members) },
};
/* Units drawn from a box to arrive later when the enemy gets somewhere
 * (excl. 17.6j Snyder's Bluff), each trigger once. */
static const char * const trigger_kinds[] = { "between-marks", "enter-mark", "within-mark", NULL };
static const WbParam arrival_members[] = {
  { .name = "box", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("the scenario's box the units wait in") },
  { .name = "at", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("the hex they arrive at (\"5718\")") },
  { .name = "delay", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 100, .unit = N_("turns"),
    .doc = N_("turns on the Turn Record Track before they arrive (then 10.11)") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("the side whose units' moves trigger it") },
  { .name = "trigger", .type = WB_PARAM_ENUM, .values = trigger_kinds, .required = TRUE,
    .doc = N_("between-marks: a unit enters a hex between the rows of mark and mark2 (in its column); enter-mark: "
              "units have entered count hexes of mark; within-mark: a unit comes within distance hexes of mark") },
  { .name = "mark", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("a map mark's id") },
  { .name = "mark2", .type = WB_PARAM_STRING, .def_text = N_("none"), .doc = N_("the second mark (between-marks)") },
  { .name = "count", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 64,
    .doc = N_("enter-mark: the how-manyth distinct hex of the mark entered") },
  { .name = "distance", .type = WB_PARAM_INT, .def_number = 0, .min = 0, .max = 100, .unit = N_("hexes"),
    .doc = N_("within-mark: how near") },
  { .name = "draw", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 100,
    .doc = N_("units drawn at random from the box (0: all left)") },
};

static const WbParam area_members[] = {
  { .name = "from", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("one corner hex (\"4300\")") },
  { .name = "to", .type = WB_PARAM_STRING, .required = TRUE, .doc = N_("the opposite corner hex (\"5726\")") },
};

static const WbParam exempt_members[] = {
  { .name = "value", .type = WB_PARAM_INT_LIST, .min = 1, .max = 1000 },
};

static const WbParam odds_members[] = {
  { .name = "attacker", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 100, .doc = N_("the attacker's part of the ratio") },
  { .name = "defender", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 100, .doc = N_("the defender's part") },
  { .name = "shift", .type = WB_PARAM_INT, .min = -10, .max = 10, .doc = N_("CRT columns, left negative") },
};

static const WbParam fire_shift_members[] = {
  { .name = "through_obscuring", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6, .rule = "9.3 vii",
    .doc = N_("firing through one obscuring hex at the level of both units") },
  { .name = "over_units", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6, .rule = "9.3 viii",
    .doc = N_("the line of sight passes over units (not pioneers)") },
  { .name = "flanking", .type = WB_PARAM_INT, .def_number = 1, .min = -6, .max = 6, .rule = "9.3 xv, 9.3c",
    .doc = N_("Flanking Fire") },
  { .name = "firer_skirmish", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6, .rule = "9.3 xi",
    .doc = N_("the firer is in Skirmish Order") },
  { .name = "target_skirmish", .type = WB_PARAM_INT, .def_number = -2, .min = -6, .max = 6, .rule = "9.3 xii",
    .doc = N_("the target is in Skirmish Order") },
};

static const WbParam close_shift_members[] = {
  { .name = "artillery_defender", .type = WB_PARAM_INT, .def_number = 4, .min = -6, .max = 6, .rule = "11.0c vii",
    .doc = N_("half or more of the defending SPs are artillery") },
  { .name = "better_cr", .type = WB_PARAM_INT, .def_number = 1, .min = -6, .max = 6, .rule = "11.0c viii",
    .doc = N_("the best attacking CR (Assaulting Hex) is higher than the defending Lead Unit's") },
  { .name = "worse_cr", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6, .rule = "11.0c ix",
    .doc = N_("the defending Lead Unit's CR is higher than the best attacking CR") },
  { .name = "flanking", .type = WB_PARAM_INT, .def_number = 2, .min = -6, .max = 6, .rule = "11.0c xv",
    .doc = N_("a Flanking Hex two hexes from the Assaulting Hex, or two Flanking Hexes") },
  { .name = "cavalry_defender", .type = WB_PARAM_INT, .def_number = -3, .min = -6, .max = 6, .rule = "11.0c xvi",
    .doc = N_("the defender is mounted cavalry") },
  { .name = "charge", .type = WB_PARAM_INT, .def_number = 2, .min = -6, .max = 6, .rule = "10.10, 11.0c xvii",
    .doc = N_("the Lead attacker is Charging Cavalry against infantry or artillery") },
};

/* The Pontoon Bridges (exclusive 2.1b, 17.6g): the units, where they go,
 * the tables the set-up and the repairs roll on. */
static const WbParam pontoon_members[] = {
  { .name = "units", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_UNIT, .required = TRUE, .rule = "excl. 2.1b, 17.6g",
    .doc = N_("the Pontoon Bridge units; those of the scenario its set-up leaves in a box are placed before the game "
              "begins, one after the other (a setup entry of an option adds one)") },
  { .name = "terrain", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TERRAIN, .required = TRUE, .rule = "excl. 2.1b",
    .doc = N_("the terrain a bridge is placed on and spans (the Bayou)") },
  { .name = "near_infantry", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 20, .unit = N_("hexes"),
    .rule = "excl. 17.6g", .doc = N_("a bridge is placed within this many hexes of one of its side's infantry units") },
  { .name = "placement_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .table_kinds = 1u << WB_TABLE_ROLL,
    .required = TRUE, .rule = "excl. 17.6g",
    .doc = N_("the table the other side rolls one die on after a bridge is placed; its rows in order: the bridge "
              "stays; the other side moves it; it is destroyed") },
  { .name = "moved_within", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 20, .unit = N_("hexes"),
    .rule = "excl. 17.6g", .doc = N_("the other side moves the bridge to another hex of the terrain this near") },
  { .name = "repair_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .table_kinds = 1u << WB_TABLE_ROLL,
    .required = TRUE, .rule = "excl. 17.6g",
    .doc = N_("the table a damaged bridge's side rolls one die on at the start of the Artillery Phase; its first "
              "row repairs it") },
  { .name = "bridge_mp", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 10, .unit = "MP",
    .rule = "excl. 2.1b", .doc = N_("what entering a hex with an undamaged bridge costs (no entry_table roll)") },
};

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
    .doc = N_("the most SP in a hex (printed SP; at the end of each move, along roads at all times)"), .rule = "3.1" },
  { .name = "stacking_counts", .type = WB_PARAM_NOTE, .doc = N_("what counts for stacking, as printed"), .rule = "3.1" },
  { .name = "artillery_movement", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("the artillery's Movement Allowance"), .rule = "excl. 6.0" },
  { .name = "march_column_mp", .type = WB_PARAM_NUMBER, .def_number = 0.5, .min = 0, .max = 10, .unit = "MP",
    .doc = N_("the March Column rate a hex along a pike"), .rule = "10.5" },
  { .name = "road_mp", .type = WB_PARAM_NUMBER, .def_number = 1, .min = 0, .max = 10, .unit = "MP",
    .doc = N_("a road hex's cost: the hexside features costing this are the roads"), .rule = "10.5" },
  { .name = "cavalry_mount_mp", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("mounting or dismounting"), .rule = "10.9" },
  { .name = "skirmish_max_per_side", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100,
    .doc = N_("units a side may have in Skirmish Order"), .rule = "excl. 15.0" },
  { .name = "skirmish_enter_mp", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 100, .unit = "MP",
    .doc = N_("entering Skirmish Order"), .rule = "excl. 15.1" },
  { .name = "crt_dice", .type = WB_PARAM_ENUM, .def_string = "d66", .values = d66_only,
    .doc = N_("the CRT's dice, a coloured then a white die (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "crt_first_column", .type = WB_PARAM_STRING, .def_string = "C",
    .doc = N_("the CRT's first column, as printed (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "crt_last_column", .type = WB_PARAM_STRING, .def_string = "23+",
    .doc = N_("the CRT's last column, as printed (the combat engine reads the table's own)"), .rule = "9.3" },
  { .name = "unsupported_cr", .type = WB_PARAM_INT, .def_number = -1, .min = -6, .max = 6,
    .doc = N_("an unsupported unit's CR modifier"), .rule = "12.4" },
  { .name = "trench_cr_bonus_confederate", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 6,
    .doc = N_("superseded by terrain_effects' cr_bonus (format 8 files written before it carry it; not read)"), .rule = "excl. 2.10" },
  { .name = "artillery_engagement_range", .type = WB_PARAM_INT, .def_number = 2, .min = 0, .max = 20, .unit = N_("hexes"),
    .doc = N_("artillery is Engaged within this many hexes of the enemy"), .rule = "10.6" },
  { .name = "rally_enemy_distance", .type = WB_PARAM_INT, .def_number = 3, .min = 0, .max = 20, .unit = N_("hexes"),
    .doc = N_("a unit rallies this far from the enemy"), .rule = "13.1" },
  { .name = "retreat_row", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .def_text = N_("none"),
    .doc = N_("the map row each side retreats towards"), .rule = "excl. 12.3",
    .members = per_side_row, .n_members = 1 },
  { .name = "pioneers_on_map", .type = WB_PARAM_INT, .def_number = 6, .min = 0, .max = 100,
    .doc = N_("pioneer units on the map at most"), .rule = "excl. 2.1a" },
  { .name = "command_events", .type = WB_PARAM_BOOL, .def_number = 0, .values = false_only,
    .doc = N_("whether the game has Command Events (the family plays none)"), .rule = "7.3, excl. 7.3a" },
  { .name = "movement_allowances", .type = WB_PARAM_OBJECT, .rule = "8.2-8.5, 10.2",
    .doc = N_("the Brigade Order Details' Movement Allowances by order"),
    .members = movement_members, .n_members = G_N_ELEMENTS (movement_members) },
  { .name = "terrain_effects", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_TERRAIN_OR_FEATURE, .def_text = N_("none: no effects"),
    .rule = "excl. 2.10, 9.1a, 9.3, 11.0c, 12.4",
    .doc = N_("what each terrain type, hex feature (markers too) and hexside feature does to lines of sight, combat and units"),
    .members = effect_value, .n_members = 1 },
  { .name = "weapon_ranges_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "weapon-ranges",
    .table_kinds = CHART_KIND, .rule = "9.1c",
    .doc = N_("the Weapon Ranges Table: a row per Weapon Type labelled \"CODE: …\", columns Effective, Long, Extreme, "
              "Canister, cells \"lo-hi\" hexes or \"-\"; a type with no range fires only as Defensive Fire (CC)") },
  { .name = "artillery_stacking_table", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "artillery-stacking",
    .table_kinds = CHART_KIND, .rule = "3.1",
    .doc = N_("what artillery counts for stacking: a row per SP of guns (\"N SP …\"), its cell the SP counted") },
  { .name = "weapon_effects", .type = WB_PARAM_MAP, .def_text = N_("none"), .rule = "9.3 xiii-xiv, 11.0c xii-xiii",
    .doc = N_("what each Weapon Type (by its code) shifts"),
    .members = weapon_value, .n_members = 1 },
  { .name = "close_odds_shifts", .type = WB_PARAM_LIST, .def_text = N_("none"), .rule = "11.0c i-vi",
    .doc = N_("the Close Combat odds shifts, best first: the first ratio the attacking SPs (all hexes) reach against the defending SPs"),
    .members = odds_members, .n_members = G_N_ELEMENTS (odds_members) },
  { .name = "fire_shifts", .type = WB_PARAM_OBJECT, .rule = "9.3",
    .doc = N_("the Fire Combat column shifts that are not terrain's"),
    .members = fire_shift_members, .n_members = G_N_ELEMENTS (fire_shift_members) },
  { .name = "close_shifts", .type = WB_PARAM_OBJECT, .rule = "11.0c",
    .doc = N_("the Close Combat column shifts that are not terrain's, weapons' or odds'"),
    .members = close_shift_members, .n_members = G_N_ELEMENTS (close_shift_members) },
  { .name = "victory", .type = WB_PARAM_OBJECT, .per_scenario = TRUE, .rule = "14.2, 14.5, excl. 17.1f-17.6k",
    .doc = N_("the scenario's Victory Points besides its occupy places, and its Victory Levels"),
    .members = victory_members, .n_members = G_N_ELEMENTS (victory_members) },
  { .name = "restricted", .type = WB_PARAM_LIST, .per_scenario = TRUE, .def_text = N_("none"),
    .rule = "excl. 17.1e, 17.3f, 17.4f",
    .doc = N_("units that may not move (or fire) until one of the conditions given happens"),
    .members = restricted_members, .n_members = G_N_ELEMENTS (restricted_members) },
  { .name = "arrivals", .type = WB_PARAM_LIST, .per_scenario = TRUE, .def_text = N_("none"), .rule = "excl. 17.6j",
    .doc = N_("units drawn from a box to arrive later when the enemy gets somewhere, each trigger once"),
    .members = arrival_members, .n_members = G_N_ELEMENTS (arrival_members) },
  { .name = "area_of_play", .type = WB_PARAM_OBJECT, .per_scenario = TRUE, .def_text = N_("the whole map"),
    .rule = "excl. 17.3a",
    .doc = N_("the rectangle of hexes in play: no unit moves, retreats or is placed outside it (off the map for the rules)"),
    .members = area_members, .n_members = G_N_ELEMENTS (area_members) },
  { .name = "entry_exempt", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .per_scenario = TRUE, .def_text = N_("none"),
    .rule = "excl. 17.6h",
    .doc = N_("the turns on which a side's units enter terrain with an entry_table without rolling"),
    .members = exempt_members, .n_members = 1 },
  { .name = "fog_of_war_results", .type = WB_PARAM_MAP, .def_text = N_("none: the results are logged"),
    .rule = "7.3b, excl. 7.3b",
    .doc = N_("what each code of the Fog of War Chit Table does and to which side"),
    .members = fog_value, .n_members = 1 },
  { .name = "dismount_attribute", .type = WB_PARAM_STRING, .def_string = "dismounted_counter", .rule = "10.9",
    .doc = N_("the cavalry units' attribute (a bool) saying they have a dismounted counter") },
  { .name = "pontoon_bridges", .type = WB_PARAM_OBJECT, .per_scenario = TRUE, .def_text = N_("none"),
    .rule = "excl. 2.1b, 17.6g",
    .doc = N_("the scenario's Pontoon Bridges: placed before play, rolled for, fired upon by the enemy's artillery, "
              "repaired"),
    .members = pontoon_members, .n_members = G_N_ELEMENTS (pontoon_members) },
  { .name = "reconstructed", .type = WB_PARAM_NOTE, .doc = N_("what the game reconstructs, for its players") },
  { .name = "unknown", .type = WB_PARAM_NOTE, .doc = N_("what the rulebook text does not give, for its players") },
};
