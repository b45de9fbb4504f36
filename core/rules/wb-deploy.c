/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-deploy"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-hex-map.h"
#include "wb-stacking.h"
#include "wb-unit.h"
#include "rules/wb-deploy-private.h"

/* The set-up line that places @unit in this match (its options), when it
 * gives a choice of places; NULL otherwise. */
static WbSetup *
choices_of (WbMatch *m, const char *unit)
{
  GPtrArray *setup = wb_scenario_get_setup (m->scenario);

  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);

      if (g_strcmp0 (line->unit, unit) != 0 ||
          !wb_scenario_applies (line->option, line->unless, (const char * const *) m->options))
        continue;
      return line->at->len > 1 ? line : NULL;
    }
  return NULL;
}

/* The side deploying now, or -1. */
static int
deploying_side (const WbMatch *m)
{
  return m->deploying > 0 ? m->deploying - 1 : -1;
}

static guint
sides_with_choices (WbMatch *m)
{
  guint mask = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side < WB_MATCH_MAX_SIDES && (u->flags & WB_UNIT_IN_SCENARIO) && u->arrives == 0 &&
          choices_of (m, u->id) != NULL)
        mask |= 1u << u->side;
    }
  return mask;
}

/* The next side of @pending after @after in turn order (from the first
 * side on), or -1. */
static int
next_side (WbMatch *m, guint pending)
{
  guint n = wb_match_n_sides (m);

  for (guint k = 0; k < n; k++)
    {
      guint s = (m->first_side + k) % n;
      if (pending & (1u << s))
        return (int) s;
    }
  return -1;
}

gboolean
_wb_deploy_begin (WbMatch *m)
{
  guint mask = sides_with_choices (m);
  int first;

  if (mask == 0 || (first = next_side (m, mask)) < 0)
    return FALSE;
  m->deploy_resume = (guint8) m->active;
  m->deploying = (guint8) (first + 1);
  m->deploy_pending = (guint8) (mask & ~(1u << first));
  m->active = (guint) first;
  return TRUE;
}

/* What the side would count at @place with @unit moved there: units, or
 * strength points. */
static double
count_at (WbMatch *m, const WbWhere *where, guint side, gboolean in_sp)
{
  double count = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == side && wb_where_equal (&u->where, where))
        count += in_sp ? u->halves / 2.0 : 1;
    }
  return count;
}

/* Whether @u may be placed at its choice @k: FALSE with a message when the
 * place is not on the map or the side's stacking limit is full there. */
static gboolean
may_place (WbMatch *m, WbUnitState *u, const WbPlace *place, WbWhere *where, GError **error)
{
  double limit, count;
  gboolean in_sp;

  if (!wb_match_place_where (m, place, where, error))
    return FALSE;
  if (wb_where_equal (&u->where, where) ||
      !wb_game_stacking_limit (m->game, m->map, place, &limit, &in_sp))
    return TRUE;
  count = count_at (m, where, u->side, in_sp) + (in_sp ? u->halves / 2.0 : 1);
  if (count > limit + 1e-9)
    {
      g_autofree char *at = wb_match_where_text (m, where);

      if (in_sp)
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                     _("%g SP in %s: the stacking limit is %g SP"), count, at, limit);
      else
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE, "%d unit in %s: the stacking limit is %d",
                                  "%d units in %s: the stacking limit is %d", (gulong) count),
                     (int) count, at, (int) limit);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_engine_action (const char *type)
{
  static const char *const engine[] = {
    "set_rule", "override_move", "override_strength", "override_vp", "override_marker", "roll",
  };

  for (guint i = 0; i < G_N_ELEMENTS (engine); i++)
    if (strcmp (type, engine[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
deploy (WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  JsonNode *at = json_object_get_member (action, "at");
  g_autofree char *name = NULL, *place = NULL;
  WbSetup *line;
  WbWhere where;
  gboolean listed = FALSE;

  if (u == NULL)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                   _("A deployment names a unit of the game: “%s” is not one"), id != NULL ? id : "");
      return FALSE;
    }
  name = wb_match_unit_text (m, u);
  if ((int) u->side != deploying_side (m))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s is not a unit of %s, who deploys now"), name,
                   wb_match_side_name (m, (guint) deploying_side (m)));
      return FALSE;
    }
  if ((line = choices_of (m, u->id)) == NULL || u->arrives != 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s has no choice of places: the set-up puts it where it is"), name);
      return FALSE;
    }
  if (at == NULL || !JSON_NODE_HOLDS_OBJECT (at) ||
      !wb_match_parse_where (m, json_node_get_object (at), &where, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                             _("A deployment needs “at”: one of the unit's set-up places"));
      return FALSE;
    }
  place = wb_match_where_text (m, &where);
  for (guint k = 0; k < line->at->len && !listed; k++)
    {
      WbWhere w;
      if (wb_match_place_where (m, &g_array_index (line->at, WbPlace, k), &w, NULL) &&
          wb_where_equal (&w, &where))
        {
          listed = TRUE;
          if (!may_place (m, u, &g_array_index (line->at, WbPlace, k), &w, error))
            return FALSE;
        }
    }
  if (!listed)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The set-up does not give %s the place %s"), name, place);
      return FALSE;
    }
  u->where = where;
  u->flags |= WB_UNIT_DEPLOYED;
  if (ctx->hidden_units)
    {
      /* TRANSLATORS: what the other side reads of a hidden unit's deployment: the place */
      g_autofree char *seen = g_strdup_printf (_("sets up a block at %s."), place);
      /* TRANSLATORS: a unit placed in the deployment step: the unit, the place */
      wb_rule_say_secret (ctx, m, u->side, seen, _("sets up %s at %s."), name, place);
    }
  else
    wb_rule_say (ctx, m, _("sets up %s at %s."), name, place);
  return TRUE;
}

static void
end_deployment (WbMatch *m, WbRuleContext *ctx)
{
  int next = next_side (m, m->deploy_pending);

  /* TRANSLATORS: a side has placed its units (the deployment step) */
  wb_rule_say (ctx, m, _("ends its set-up."));
  if (next >= 0)
    {
      m->deploy_pending &= (guint8) ~(1u << next);
      m->deploying = (guint8) (next + 1);
      m->active = (guint) next;
      return;
    }
  m->deploying = 0;
  m->active = m->deploy_resume;
}

WbApplyResult
_wb_deploy_apply (WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");

  g_return_val_if_fail (m->deploying > 0, WB_APPLY_NOT_MINE);
  if (strcmp (type, "deploy") == 0)
    {
      if (ctx->preview != NULL)
        {
          ctx->preview->text = g_strdup (_("Set-up"));
          return WB_APPLY_DONE;
        }
      return deploy (m, action, ctx, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
    }
  if (strcmp (type, "end_step") == 0)
    {
      if (ctx->preview == NULL)
        end_deployment (m, ctx);
      return WB_APPLY_DONE;
    }
  if (is_engine_action (type))
    return WB_APPLY_NOT_MINE;
  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
               _("The set-up first: %s places the units the scenario gives a choice of places, then "
                 "ends the step"), wb_match_side_name (m, (guint) deploying_side (m)));
  return WB_APPLY_REFUSED;
}

JsonObject *
_wb_deploy_suggest (WbMatch *m, WbRng *rng)
{
  JsonObject *o;
  guint start = 0;

  g_return_val_if_fail (m->deploying > 0, NULL);
  /* Each unit is considered once, in unit order: those after the last one
   * placed. A draw of the place it stands at leaves it there. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((int) u->side == deploying_side (m) && (u->flags & WB_UNIT_DEPLOYED))
        start = i + 1;
    }
  for (guint i = start; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      WbSetup *line;
      guint n, first;

      if ((int) u->side != deploying_side (m) || u->arrives != 0 || (line = choices_of (m, u->id)) == NULL)
        continue;
      n = line->at->len;
      first = wb_rng_bounded (rng, n);
      for (guint k = 0; k < n; k++)
        {
          const WbPlace *place = &g_array_index (line->at, WbPlace, (first + k) % n);
          WbWhere where;

          if (!may_place (m, u, place, &where, NULL))
            continue;
          if (wb_where_equal (&where, &u->where))
            break;
          o = json_object_new ();
          json_object_set_string_member (o, "type", "deploy");
          json_object_set_string_member (o, "unit", u->id);
          json_object_set_object_member (o, "at", wb_match_where_to_json (m, &where));
          return o;
        }
    }
  o = json_object_new ();
  json_object_set_string_member (o, "type", "end_step");
  return o;
}

GArray *
_wb_deploy_destinations (WbMatch *m, const char *unit)
{
  WbUnitState *u = unit != NULL ? wb_match_find_unit (m, unit) : NULL;
  WbSetup *line;
  GArray *out;

  if (u == NULL || (int) u->side != deploying_side (m) || u->arrives != 0 ||
      (line = choices_of (m, u->id)) == NULL)
    return NULL;
  out = g_array_new (FALSE, TRUE, sizeof (WbDestination));
  for (guint k = 0; k < line->at->len; k++)
    {
      WbDestination d = { 0 };

      if (may_place (m, u, &g_array_index (line->at, WbPlace, k), &d.where, NULL) &&
          !wb_where_equal (&d.where, &u->where))
        g_array_append_val (out, d);
    }
  return out;
}

static GArray *
step_destinations (gpointer data, WbMatch *m, const char *unit)
{
  return _wb_deploy_destinations (m, unit);
}

void
_wb_deploy_step (WbMatch *m, const WbPicks *picks, WbStep *step)
{
  wb_step_add_unit_moves (step, m, picks, step_destinations, NULL,
                          _("These units have no other place to set up at"));
  step->hint = g_strdup (_wb_deploy_hint (m));
}

JsonObject *
_wb_deploy_step_action (WbMatch *m, const WbPicks *picks)
{
  const char *unit = wb_picks_get (picks, 0, 0);
  const char *value = wb_picks_get (picks, 1, 0);
  WbWhere where;
  JsonObject *o;

  if (unit == NULL || value == NULL ||
      !wb_step_place (m, WB_IS_HEX_MAP (m->map) ? WB_PICK_HEX : WB_PICK_LOCATION, value, &where))
    return NULL;
  o = json_object_new ();
  json_object_set_string_member (o, "type", "deploy");
  json_object_set_string_member (o, "unit", unit);
  json_object_set_object_member (o, "at", wb_match_where_to_json (m, &where));
  return o;
}

char *
_wb_deploy_describe (WbMatch *m)
{
  /* TRANSLATORS: the step where sides place units the scenario lets them choose places for */
  return g_strdup (_("Set-up"));
}

const char *
_wb_deploy_hint (WbMatch *m)
{
  return _("Click a unit the scenario gives a choice of places, then one of the places shown; "
           "End Step when your units are placed.");
}
