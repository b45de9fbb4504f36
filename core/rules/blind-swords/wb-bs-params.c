/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/blind-swords/wb-bs-params.h"

/* The parameters of the Blind Swords family (docs/rules-params.md once the
 * family is registered). Sections are the series rules'; the tables are
 * found by these ids, never by the engine's own. */

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
};
