/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-family.h"
#include "rules/wb-step.h"

G_BEGIN_DECLS

/* The deployment step (docs/rules-engine.md, "Deployment"): where a
 * scenario's set-up gives a unit several places ("units may be at one or
 * more of these locations", Grant's Gamble 13), play opens with each side
 * in turn placing those units, before the family's first step. The engine
 * plays it for every family, and in free play. */

/* Opens the step on the set-up @m when a side has a unit with a choice of
 * places: the first side first, then the others in order. FALSE: no side
 * has one, and @m is unchanged. */
gboolean       _wb_deploy_begin        (WbMatch *m);
/* A "deploy" or "end_step" action while a side deploys; NOT_MINE for the
 * engine's own actions (overrides, set_rule, roll); any other refused. */
WbApplyResult  _wb_deploy_apply        (WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
/* The automatic player: each unit with a choice, in unit order, at a
 * choice drawn with @rng that stacking allows (left where it stands when
 * that is the draw), then end_step. */
JsonObject    *_wb_deploy_suggest      (WbMatch *m, WbRng *rng);
/* The places @unit may be deployed to now (WbDestination, cost 0), or NULL. */
GArray        *_wb_deploy_destinations (WbMatch *m, const char *unit);
/* The play UI's step (rules/wb-step.h): a unit with a choice, then one of
 * its other places, played at once; and the action those picks make. */
void           _wb_deploy_step         (WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject    *_wb_deploy_step_action  (WbMatch *m, const WbPicks *picks);
/* "Set-up" */
char          *_wb_deploy_describe     (WbMatch *m);
const char    *_wb_deploy_hint         (WbMatch *m);

G_END_DECLS
