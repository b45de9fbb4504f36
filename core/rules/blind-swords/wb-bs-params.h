/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-params.h"

G_BEGIN_DECLS

/* The parameters (rules.params) the Blind Swords family reads so far: its
 * combat engine's (wb-bs-combat.c). The family record that will check them
 * when a game loads (WbRulesFamily.params) comes with its sequence of play. */
#define WB_BS_N_PARAMS 10
extern const WbParam _wb_bs_params[WB_BS_N_PARAMS];

G_END_DECLS
