/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-params.h"

G_BEGIN_DECLS

/* The parameters (rules.params) of the Blind Swords family, checked when a
 * game loads (WbRulesFamily.params): its combat engine's (wb-bs-combat.c)
 * and its sequence of play's (wb-bs.c). */
#define WB_BS_N_PARAMS 52
extern const WbParam _wb_bs_params[WB_BS_N_PARAMS];

G_END_DECLS
