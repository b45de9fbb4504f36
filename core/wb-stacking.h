/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"
#include "wb-scenario.h"

G_BEGIN_DECLS

/**
 * WbStackingProblem:
 * @place: where (a hex or a location)
 * @side: whose units
 * @count: what the rule counts there: units, or strength points
 * @limit: what the rule allows
 * @fortress: %TRUE when @limit is the location's fortress capacity rather
 *   than the stacking limit (the extra units are outside the fortress)
 * @units: the unit ids counted (borrowed, interned)
 * @message: a translated sentence for the designer
 */
typedef struct {
  WbPlace     place;
  const char *side;
  double      count;
  double      limit;
  gboolean    fortress;
  GPtrArray  *units;
  char       *message;
} WbStackingProblem;

void       wb_stacking_problem_free      (WbStackingProblem *problem);

/* The places where @scenario's set-up (each line's first choice, with the
 * options in @chosen, may be NULL) holds more than the game's stacking
 * rule allows for one side, in set-up order (transfer full; an empty
 * array when the rule sets no limit). See the gtk-doc comment in
 * wb-stacking.c for the rules parameters read. */
GPtrArray *wb_scenario_check_stacking    (WbGame              *game,
                                          WbScenario          *scenario,
                                          const char * const  *chosen);

/* The game's stacking limit for one side at @place of @map, as
 * wb_scenario_check_stacking reads it: FALSE when the rule sets none there
 * (off-map boxes, "unlimited"); @in_sp TRUE when it counts strength points,
 * else units. */
gboolean   wb_game_stacking_limit       (WbGame              *game,
                                          WbMap               *map,
                                          const WbPlace       *place,
                                          double              *limit,
                                          gboolean            *in_sp);

G_END_DECLS
