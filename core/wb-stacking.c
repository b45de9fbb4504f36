/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-stacking"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wb-scenario-commands.h"
#include "wb-stacking.h"
#include "wb-util-private.h"

/* The stacking check of a scenario's set-up against the game's stacking
 * rule, as its rules parameters state it. */

void
wb_stacking_problem_free (WbStackingProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->place.ref);
  g_clear_pointer (&problem->units, g_ptr_array_unref);
  g_free (problem->message);
  g_free (problem);
}

typedef enum {
  RULE_NONE,
  RULE_UNITS,      /* "stacking": N */
  RULE_TOWNS,      /* "stacking": { "base": N, "pike_or_railway": M } */
  RULE_SP,         /* "stacking_sp": N */
} RuleKind;

typedef struct {
  RuleKind kind;
  double   base;
  double   extra;   /* RULE_TOWNS: on a pike or railway */
} Rule;

static double
member_number (JsonObject *o,
               const char *name,
               double      fallback)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n != NULL && JSON_NODE_HOLDS_VALUE (n) &&
      (json_node_get_value_type (n) == G_TYPE_INT64 || json_node_get_value_type (n) == G_TYPE_DOUBLE))
    return json_node_get_double (n);
  return fallback;
}

static Rule
read_rule (WbGame *game)
{
  WbRulesRef *rules = wb_game_get_rules (game);
  Rule rule = { RULE_NONE, 0, 0 };
  JsonObject *params;
  JsonNode *stacking;

  if (rules == NULL || rules->params == NULL || !JSON_NODE_HOLDS_OBJECT (rules->params))
    return rule;
  params = json_node_get_object (rules->params);
  stacking = json_object_get_member (params, "stacking");
  if (stacking != NULL && JSON_NODE_HOLDS_OBJECT (stacking))
    {
      JsonObject *o = json_node_get_object (stacking);

      rule.base = member_number (o, "base", -1);
      rule.extra = member_number (o, "pike_or_railway", 0);
      if (rule.base >= 0)
        rule.kind = RULE_TOWNS;
    }
  else if (stacking != NULL && JSON_NODE_HOLDS_VALUE (stacking) &&
           (rule.base = member_number (params, "stacking", -1)) >= 0)
    rule.kind = RULE_UNITS;
  else if ((rule.base = member_number (params, "stacking_sp", -1)) >= 0)
    rule.kind = RULE_SP;
  return rule;
}

/* Whether a connection of a pike or a railway touches @loc. */
static gboolean
on_pike_or_railway (WbGame     *game,
                    WbPointMap *map,
                    const char *loc)
{
  GPtrArray *connections = wb_point_map_get_connections (map);

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      WbFeatureType *f;
      const char *style;

      if (g_strcmp0 (c->a, loc) != 0 && g_strcmp0 (c->b, loc) != 0)
        continue;
      f = wb_game_find_feature (game, c->klass);
      style = f != NULL ? f->style : NULL;
      if (g_strcmp0 (c->klass, "pike") == 0 || g_strcmp0 (c->klass, "railway") == 0 ||
          g_strcmp0 (c->klass, "railroad") == 0 || g_strcmp0 (style, "pike") == 0 ||
          g_strcmp0 (style, "railroad") == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
wb_game_stacking_limit (WbGame        *game,
                        WbMap         *map,
                        const WbPlace *place,
                        double        *limit,
                        gboolean      *in_sp)
{
  Rule rule;

  g_return_val_if_fail (WB_IS_GAME (game) && place != NULL && limit != NULL && in_sp != NULL, FALSE);
  rule = read_rule (game);
  if (rule.kind == RULE_NONE || place->kind == WB_PLACE_BOX)
    return FALSE;
  *limit = rule.base;
  *in_sp = rule.kind == RULE_SP;
  if (rule.kind == RULE_TOWNS && place->kind == WB_PLACE_LOCATION && WB_IS_POINT_MAP (map) &&
      on_pike_or_railway (game, WB_POINT_MAP (map), place->ref))
    *limit += rule.extra;
  return TRUE;
}

typedef struct {
  WbPlace     place;   /* borrowed from the set-up line */
  const char *side;
  double      count;
  GPtrArray  *units;
} Stack;

static void
stack_free (Stack *s)
{
  g_ptr_array_unref (s->units);
  g_free (s);
}

static char *
place_text (WbGame        *game,
            WbScenario    *scenario,
            const WbPlace *place)
{
  g_autofree char *name = wb_scenario_format_place (game, scenario, place);

  if (place->kind == WB_PLACE_HEX)
    /* Translators: a place on the map, "hex 0414" */
    return g_strdup_printf (_("hex %s"), name);
  return g_steal_pointer (&name);
}

/**
 * wb_scenario_check_stacking:
 * @game: the game
 * @scenario: one of its scenarios
 * @chosen: (nullable) (array zero-terminated=1): the options in force
 *
 * Checks the set-up against the game's stacking rule, as its rules
 * parameters (`rules.params`) state it, per side and per hex or location
 * (off-map boxes hold any number):
 *
 * - `"stacking": N` (a number; SPI Blue & Gray): at most N units.
 * - `"stacking": {"base": N, "pike_or_railway": M}` (Columbia blocks): at
 *   most N blocks in a town, N + M in a town a pike or railway connection
 *   (class or style "pike", "railway" or "railroad") touches.
 * - `"stacking_sp": N` (Blind Swords): at most N strength points, counted
 *   as printed (the current strength of each unit). The Artillery Stacking
 *   Table is not in the parameters, so artillery counts in full, and so do
 *   pioneers: the designer reads such warnings against the player aid.
 * - `"stacking": "unlimited"` or nothing: no limit. On a point-to-point
 *   map a location's fortress capacity (#WbLocation:fortress, Blue & Gray
 *   Campaign Series) is still checked: more units than it holds is reported
 *   with @fortress set, since the extra units stand outside the fortress.
 *
 * Returns: (transfer full) (element-type WbStackingProblem): the problems
 */
GPtrArray *
wb_scenario_check_stacking (WbGame             *game,
                            WbScenario         *scenario,
                            const char * const *chosen)
{
  GPtrArray *problems;
  g_autoptr(GPtrArray) stacks = NULL;
  GPtrArray *setup;
  WbMap *map;
  Rule rule;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), NULL);

  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_stacking_problem_free);
  map = wb_game_find_map (game, wb_scenario_get_map (scenario));
  rule = read_rule (game);
  if (rule.kind == RULE_NONE && !WB_IS_POINT_MAP (map))
    return problems;

  stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) stack_free);
  setup = wb_scenario_get_setup (scenario);
  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);
      WbUnit *unit = wb_game_find_unit (game, line->unit);
      WbPlace *p;
      Stack *stack = NULL;
      double amount = 1;

      if (unit == NULL || line->at->len == 0 ||
          !wb_scenario_applies (line->option, line->unless, chosen))
        continue;
      p = &g_array_index (line->at, WbPlace, 0);
      if (p->kind == WB_PLACE_BOX)
        continue;
      if (rule.kind == RULE_SP)
        amount = wb_strength_current_halves (wb_unit_get_strength (unit)) / 2.0;
      for (guint j = 0; j < stacks->len && stack == NULL; j++)
        {
          Stack *s = g_ptr_array_index (stacks, j);

          if (s->place.kind == p->kind && g_strcmp0 (s->place.ref, p->ref) == 0 &&
              g_strcmp0 (s->side, wb_unit_get_side (unit)) == 0)
            stack = s;
        }
      if (stack == NULL)
        {
          stack = g_new0 (Stack, 1);
          stack->place = *p;
          stack->side = wb_intern0 (wb_unit_get_side (unit));
          stack->units = g_ptr_array_new ();
          g_ptr_array_add (stacks, stack);
        }
      stack->count += amount;
      g_ptr_array_add (stack->units, (gpointer) line->unit);
    }

  for (guint i = 0; i < stacks->len; i++)
    {
      Stack *s = g_ptr_array_index (stacks, i);
      g_autofree char *where = place_text (game, scenario, &s->place);
      WbStackingProblem *problem = NULL;
      WbLocation *loc = NULL;
      double limit = rule.base;

      if (s->place.kind == WB_PLACE_LOCATION && WB_IS_POINT_MAP (map))
        loc = wb_point_map_find_location (WB_POINT_MAP (map), s->place.ref);
      if (rule.kind == RULE_TOWNS && loc != NULL &&
          on_pike_or_railway (game, WB_POINT_MAP (map), loc->id))
        limit += rule.extra;

      if (rule.kind != RULE_NONE && s->count > limit + 1e-9)
        {
          problem = g_new0 (WbStackingProblem, 1);
          problem->count = s->count;
          problem->limit = limit;
          if (rule.kind == RULE_SP)
            problem->message =
              g_strdup_printf (_("%g SP in %s: the stacking limit is %g SP"), s->count, where, limit);
          else
            problem->message =
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d unit in %s: the stacking limit is %d",
                                            "%d units in %s: the stacking limit is %d",
                                            (gulong) s->count),
                               (int) s->count, where, (int) limit);
        }
      else if (rule.kind != RULE_SP && loc != NULL && loc->fortress > 0 &&
               s->units->len > (guint) loc->fortress)
        {
          problem = g_new0 (WbStackingProblem, 1);
          problem->count = s->units->len;
          problem->limit = loc->fortress;
          problem->fortress = TRUE;
          problem->message =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u unit in %s: its fortress holds %d, the others stand outside",
                                          "%u units in %s: its fortress holds %d, the others stand outside",
                                          s->units->len),
                             s->units->len, where, loc->fortress);
        }
      if (problem != NULL)
        {
          problem->place.kind = s->place.kind;
          problem->place.ref = g_strdup (s->place.ref);
          problem->side = s->side;
          problem->units = g_ptr_array_ref (s->units);
          g_ptr_array_add (problems, problem);
        }
    }
  return problems;
}
