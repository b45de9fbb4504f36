/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The Supply Phase (7.0–7.4): stacking losses (3.3), supply lines, good
 * and bad supply, steps bought with SP, detachments; victory (8.0). */

/* 7.3: a line through friendly or vacant towns, never a vacant enemy
 * major town, to the division's base; through a gap not good for the side
 * the supply is bad (7.32). 0 none, 1 bad, 2 good. */
int
_wb_col_supply_of (ColData *data, WbMatch *m, const WbUnitState *u)
{
  int ui = _wb_col_unit_index (m, u), from = _wb_col_loc (data, &u->where), base = data->base[ui];
  g_autofree guint8 *best = NULL;
  g_autoptr(GArray) queue = NULL;

  if (from < 0 || base < 0)
    return 0;
  /* Two searches: the towns reached without a gap that is bad for the
   * side are in good supply (best 2); from all of them, any gap: bad (1). */
  best = g_new0 (guint8, data->n_loc);
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  for (int quality = 2; quality >= 1; quality--)
    {
      g_array_set_size (queue, 0);
      if (quality == 2)
        {
          best[from] = 2;
          g_array_append_val (queue, from);
        }
      else
        for (int l = 0; l < (int) data->n_loc; l++)
          if (best[l] == 2)
            g_array_append_val (queue, l);
      for (guint q = 0; q < queue->len; q++)
        {
          int at = g_array_index (queue, int, q);

          for (guint e = 0; e < data->adj[at]->len; e++)
            {
              const ColEdge *edge = &g_array_index (data->adj[at], ColEdge, e);
              gboolean contested;
              int owner;

              if (best[edge->to] != 0 || (quality == 2 && edge->gap && !(edge->good_gap & (1u << u->side))))
                continue;
              owner = _wb_col_control (data, m, edge->to, &contested);
              if (contested || (owner >= 0 && owner != (int) u->side))
                continue;
              best[edge->to] = (guint8) quality;
              g_array_append_val (queue, edge->to);
            }
        }
      if (best[base] != 0)
        return best[base];
    }
  return 0;
}

int
_wb_col_stack_limit (ColData *data, int loc)
{
  return data->stack_base + (data->stack_town[loc] ? data->stack_plus : 0);
}

static void
count_stack (ColData *data, WbMatch *m, int *n, int *lost)
{
  memset (n, 0, sizeof (int) * data->n_loc);
  memset (lost, 0, sizeof (int) * data->n_loc);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int l = _wb_col_loc (data, &u->where);

      /* Off the map (8.1) is no town: no stacking limit there. */
      if (u->side != m->active || l < 0 || l == data->off_map)
        continue;
      n[l]++;
      lost[l] += (u->flags & COL_STACKED) != 0;
    }
}

/* 3.3: blocks over the limit in the Supply Phase lose a step each, the
 * owner's choice (a "stack_loss" action): the blocks that lost theirs
 * stay (or were eliminated), so a town is settled when its count less
 * those marked is within the limit. */
int
_wb_col_stack_due (ColData *data, WbMatch *m, int *over)
{
  g_autofree int *n = NULL;
  g_autofree int *lost = NULL;

  if (m->step != COL_SUPPLY_1 && m->step != COL_SUPPLY_2)
    return -1;
  n = g_new (int, MAX (data->n_loc, 1));
  lost = g_new (int, MAX (data->n_loc, 1));
  count_stack (data, m, n, lost);
  for (guint l = 0; l < data->n_loc; l++)
    if (n[l] - lost[l] > _wb_col_stack_limit (data, (int) l))
      {
        *over = n[l] - lost[l] - _wb_col_stack_limit (data, (int) l);
        return (int) l;
      }
  return -1;
}

WbApplyResult
_wb_col_stack_loss (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  JsonNode *node = json_object_get_member (action, "location");
  const char *at = node != NULL && JSON_NODE_HOLDS_OBJECT (node)
                   ? wb_json_string (json_node_get_object (node), "location", NULL)
                   : wb_json_string (action, "location", NULL);
  int over = 0, loc = _wb_col_stack_due (data, m, &over);
  g_autofree int *units = NULL;

  if (loc < 0)
    return _wb_col_fail (error, _("No town is over its stacking limit (3.3)")), WB_APPLY_REFUSED;
  if (_wb_col_loc_id (data, at) != loc)
    return _wb_col_fail (error, _("The blocks over the stacking limit at %s lose their steps first (3.3)"),
                         _wb_col_loc_name (data, loc)), WB_APPLY_REFUSED;
  units = g_new (int, over);
  if (!_wb_col_read_units (data, m, action, loc, over, units, error))
    return WB_APPLY_REFUSED;
  for (int k = 0; k < over; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, units[k]);

      u->flags |= COL_STACKED;
      wb_rule_say_secret (ctx, m, u->side, _("A block loses a step to stacking."),
                          _("%s loses a step to stacking at %s (3.3)."), _wb_col_unit_name (data, u),
                          _wb_col_loc_name (data, loc));
      for (int s = 0; s < data->stack_loss && u->where.kind != WB_WHERE_ELIMINATED; s++)
        _wb_col_reduce (data, m, u, ctx);
    }
  return WB_APPLY_DONE;
}

void
_wb_col_begin_supply (ColData *data, WbMatch *m, WbRuleContext *ctx)
{
  ColState *st = col_state (m);
  g_autofree int *n = g_new (int, MAX (data->n_loc, 1));
  g_autofree int *lost = g_new (int, MAX (data->n_loc, 1));

  for (guint i = 0; i < m->units->len; i++)
    g_array_index (m->units, WbUnitState, i).flags &= ~(guint32) (COL_STACKED | COL_SUPPLIED);
  count_stack (data, m, n, lost);
  for (guint l = 0; l < data->n_loc; l++)
    {
      int over = n[l] - _wb_col_stack_limit (data, (int) l);

      if (over > 0)
        wb_rule_say (ctx, m, g_dngettext (GETTEXT_PACKAGE,
                                          "has %d blocks at %s, %d over the limit of %d: %d loses a step (3.3).",
                                          "has %d blocks at %s, %d over the limit of %d: %d lose a step (3.3).", over),
                     n[l], _wb_col_loc_name (data, (int) l), over, _wb_col_stack_limit (data, (int) l), over);
    }
  st->sp[m->active] = data->sp[m->active];
  st->deployed[m->active] = 0;
  /* TRANSLATORS: 7.1: the side's Supply Points this phase */
  wb_rule_say (ctx, m, _("receives %d Supply Points (7.1)."), st->sp[m->active]);
}

static gboolean
supply_step (WbMatch *m)
{
  return m->step == COL_SUPPLY_1 || m->step == COL_SUPPLY_2;
}

WbApplyResult
_wb_col_supply (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColState *st = col_state (m);
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  int q, cost;

  if (!wb_rule_check (ctx, m, "col.sequence", supply_step (m), error, _("Steps are bought in the Supply Phase")))
    return WB_APPLY_REFUSED;
  if (u == NULL || u->side != m->active || _wb_col_loc (data, &u->where) < 0)
    return _wb_col_fail (error, _("“%s” is not a block of the supplying player on the map"), id ? id : ""),
           WB_APPLY_REFUSED;
  q = _wb_col_supply_of (data, m, u);
  cost = q == 2 ? data->cost_good : data->cost_bad;
  if (!wb_rule_check (ctx, m, "col.supply", q > 0, error, _("%s cannot trace a supply line to its base (7.3)"),
                      _wb_col_unit_name (data, u)) ||
      !wb_rule_check (ctx, m, "col.supply", !(u->flags & COL_SUPPLIED) || data->steps_per_block > 1, error,
                      _("%s has had its step this Supply Phase (7.1)"), _wb_col_unit_name (data, u)) ||
      !wb_rule_check (ctx, m, "col.supply", _wb_col_can_raise (data, m, u), error,
                      _("%s is at full strength"), _wb_col_unit_name (data, u)) ||
      !wb_rule_check (ctx, m, "col.supply", st->sp[m->active] >= cost, error,
                      _("A step costs %d SP in %s supply; %d are left (7.31, 7.32)"), cost,
                      q == 2 ? _("good") : _("bad"), st->sp[m->active]))
    return WB_APPLY_REFUSED;
  if (!_wb_col_raise (data, m, u))
    return _wb_col_fail (error, _("%s is at full strength"), _wb_col_unit_name (data, u)), WB_APPLY_REFUSED;
  st->sp[m->active] = MAX (st->sp[m->active] - cost, 0);
  u->flags |= COL_SUPPLIED;
  wb_rule_say_secret (ctx, m, u->side, _("A block gains a step."),
                      _("%s gains a step for %d SP (%s supply), %d SP left (7.1)."), _wb_col_unit_name (data, u), cost,
                      q == 2 ? _("good") : _("bad"), st->sp[m->active]);
  return WB_APPLY_DONE;
}

/* 7.4: a detachment from the pool joins a block of its division in good
 * supply, within stacking. */
WbApplyResult
_wb_col_deploy (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColState *st = col_state (m);
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  JsonNode *n = json_object_get_member (action, "to");
  const char *to_id = n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? wb_json_string (json_node_get_object (n), "location", NULL)
                                                            : wb_json_string (action, "to", NULL);
  int to = _wb_col_loc_id (data, to_id), ui, here = 0;
  gboolean with = FALSE;

  if (!wb_rule_check (ctx, m, "col.sequence", supply_step (m), error, _("Detachments deploy in the Supply Phase")))
    return WB_APPLY_REFUSED;
  if (u == NULL || u->side != m->active || u->where.kind != WB_WHERE_BOX || u->where.place != data->pool[u->side])
    return _wb_col_fail (error, _("“%s” is not a detachment in the supplying player's pool"), id ? id : ""),
           WB_APPLY_REFUSED;
  /* 8.1, 9.1: not off the map, where Shields' division may be. */
  if (to < 0 || to == data->off_map)
    return _wb_col_fail (error, _("A deployment needs \"to\": a town of the map (8.1: not off it)")),
           WB_APPLY_REFUSED;
  ui = _wb_col_unit_index (m, u);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      if (o->side != u->side || _wb_col_loc (data, &o->where) != to)
        continue;
      here++;
      if (data->division[ui] != NULL && data->division[i] == data->division[ui] && _wb_col_supply_of (data, m, o) == 2)
        with = TRUE;
    }
  if (!wb_rule_check (ctx, m, "col.detachment", st->deployed[u->side] < data->dets_per_phase, error,
                      _("%d detachment a Supply Phase (7.4)"), data->dets_per_phase) ||
      !wb_rule_check (ctx, m, "col.detachment", with, error,
                      _("A detachment deploys with a block of its division in good supply (7.4)")) ||
      !wb_rule_check (ctx, m, "col.detachment", here < _wb_col_stack_limit (data, to), error,
                      _("%s is at its stacking limit of %d (3.3, 7.4)"), _wb_col_loc_name (data, to),
                      _wb_col_stack_limit (data, to)))
    return WB_APPLY_REFUSED;
  u->where.kind = WB_WHERE_LOCATION;
  u->where.place = ((WbLocation *) g_ptr_array_index (data->locs, to))->id;
  st->deployed[u->side]++;
  wb_rule_say_secret (ctx, m, u->side, _("A detachment is deployed."),
                      _("deploys %s at %s (7.4)."), _wb_col_unit_name (data, u), _wb_col_loc_name (data, to));
  return WB_APPLY_DONE;
}

/* ---- The Detachments sidebar (optional) ---- */

/* A block's type for the sidebar: a brigade's class role (infantry,
 * cavalry, artillery), a detachment's "type" attribute; 0 for none. */
static guint
block_type (ColData *data, int i)
{
  if (data->roles[i] & COL_DETACHMENT)
    return data->det_type[i];
  return data->roles[i] & (COL_INFANTRY | COL_CAVALRY | COL_ARTILLERY);
}

static WbUnitState *
read_block (WbMatch *m, JsonObject *action, const char *member, const char *what, GError **error)
{
  const char *id = wb_json_string (action, member, NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

  if (u == NULL || u->side != m->active)
    {
      /* TRANSLATORS: "“unit”: “ewell-inf-det-1” is not a detachment of the supplying player" */
      _wb_col_fail (error, _("“%s”: “%s” is not %s of the supplying player"), member, id ? id : "", what);
      return NULL;
    }
  return u;
}

/* What the sidebar's two actions share: the Supply Phase, the option, the
 * brigade and the detachment alike (division, type). */
static gboolean
sidebar_common (ColData *data, WbMatch *m, WbRuleContext *ctx, WbUnitState *brigade, WbUnitState *det,
                GError **error)
{
  int bi = _wb_col_unit_index (m, brigade), di = _wb_col_unit_index (m, det);

  return wb_rule_check (ctx, m, "col.detachment-optional", !(data->roles[bi] & COL_DETACHMENT) && bi != di, error,
                        _("%s is a detachment: only a brigade makes or takes in detachments (Detachments sidebar)"),
                        _wb_col_unit_name (data, brigade)) &&
         wb_rule_check (ctx, m, "col.detachment-optional", (data->roles[di] & COL_DETACHMENT) != 0, error,
                        _("%s is not a detachment: non-detachment blocks cannot merge (Detachments sidebar)"),
                        _wb_col_unit_name (data, det)) &&
         wb_rule_check (ctx, m, "col.detachment-optional",
                        data->division[bi] != NULL && data->division[bi] == data->division[di], error,
                        _("%s and %s are not of the same division (Detachments sidebar)"),
                        _wb_col_unit_name (data, det), _wb_col_unit_name (data, brigade)) &&
         wb_rule_check (ctx, m, "col.detachment-optional",
                        block_type (data, bi) != 0 && block_type (data, bi) == block_type (data, di), error,
                        _("%s and %s are not of the same type: infantry, cavalry or artillery (Detachments sidebar)"),
                        _wb_col_unit_name (data, det), _wb_col_unit_name (data, brigade));
}

static gboolean
sidebar_allowed (WbMatch *m, WbRuleContext *ctx, GError **error)
{
  if (!wb_rule_check (ctx, m, "col.sequence", supply_step (m), error,
                      _("Detachments are made and merged in the Supply Phase (Detachments sidebar)")))
    return FALSE;
  /* An optional rule: not a check a level could turn off. */
  if (!wb_match_has_option (m, COL_OPTION_DETACHMENTS))
    return _wb_col_fail (error, _("Detachments are made and merged only with the scenario option "
                                  "“%s” (the optional Detachments sidebar)"), COL_OPTION_DETACHMENTS);
  return TRUE;
}

/* {"type": "create_detachment", "unit": BRIGADE, "detachment": DET}: the
 * brigade loses a step, the detachment of its division and type comes from
 * the pool to its town, counting against stacking like 7.4. */
WbApplyResult
_wb_col_create_detachment (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbUnitState *b, *d;
  int at, here = 0;

  if (!sidebar_allowed (m, ctx, error))
    return WB_APPLY_REFUSED;
  if ((b = read_block (m, action, "unit", _("a brigade"), error)) == NULL ||
      (d = read_block (m, action, "detachment", _("a detachment"), error)) == NULL)
    return WB_APPLY_REFUSED;
  at = _wb_col_loc (data, &b->where);
  /* 8.1: no detachment is deployed off the map. */
  if (at < 0 || at == data->off_map)
    return _wb_col_fail (error, _("%s is not in a town of the map (8.1: not off it)"), _wb_col_unit_name (data, b)),
           WB_APPLY_REFUSED;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      here += o->side == b->side && _wb_col_loc (data, &o->where) == at;
    }
  if (!sidebar_common (data, m, ctx, b, d, error) ||
      !wb_rule_check (ctx, m, "col.detachment-optional",
                      d->where.kind == WB_WHERE_BOX && d->where.place == data->pool[d->side], error,
                      _("%s is not in the pool (Detachments sidebar)"), _wb_col_unit_name (data, d)) ||
      !wb_rule_check (ctx, m, "col.detachment-optional", _wb_col_can_reduce (data, m, b), error,
                      _("%s is at its last step: it has none to give a detachment (Detachments sidebar)"),
                      _wb_col_unit_name (data, b)) ||
      !wb_rule_check (ctx, m, "col.detachment-optional", here < _wb_col_stack_limit (data, at), error,
                      _("%s is at its stacking limit of %d (3.3, 7.4)"), _wb_col_loc_name (data, at),
                      _wb_col_stack_limit (data, at)))
    return WB_APPLY_REFUSED;
  d->where.kind = WB_WHERE_LOCATION;
  d->where.place = ((WbLocation *) g_ptr_array_index (data->locs, at))->id;
  d->flags &= ~(guint32) (COL_SUPPLIED | COL_STACKED | WB_UNIT_MOVED);
  wb_rule_say_secret (ctx, m, b->side, _("A brigade makes a detachment."),
                      _("%s loses a step to make %s at %s (Detachments sidebar)."), _wb_col_unit_name (data, b),
                      _wb_col_unit_name (data, d), _wb_col_loc_name (data, at));
  _wb_col_reduce (data, m, b, ctx);
  return WB_APPLY_DONE;
}

/* {"type": "merge", "unit": DET, "into": BRIGADE}: the brigade gains a
 * step, the detachment goes back to the pool. */
WbApplyResult
_wb_col_merge (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbUnitState *b, *d;
  int at;

  if (!sidebar_allowed (m, ctx, error))
    return WB_APPLY_REFUSED;
  if ((d = read_block (m, action, "unit", _("a detachment"), error)) == NULL ||
      (b = read_block (m, action, "into", _("a brigade"), error)) == NULL)
    return WB_APPLY_REFUSED;
  at = _wb_col_loc (data, &b->where);
  if (at < 0)
    return _wb_col_fail (error, _("%s is not on the map"), _wb_col_unit_name (data, b)), WB_APPLY_REFUSED;
  if (!sidebar_common (data, m, ctx, b, d, error) ||
      !wb_rule_check (ctx, m, "col.detachment-optional", _wb_col_loc (data, &d->where) == at, error,
                      _("%s is not in %s's town, %s (Detachments sidebar)"), _wb_col_unit_name (data, d),
                      _wb_col_unit_name (data, b), _wb_col_loc_name (data, at)) ||
      !wb_rule_check (ctx, m, "col.detachment-optional", _wb_col_can_raise (data, m, b), error,
                      _("%s is at full strength (Detachments sidebar)"), _wb_col_unit_name (data, b)))
    return WB_APPLY_REFUSED;
  if (!_wb_col_raise (data, m, b))
    return _wb_col_fail (error, _("%s is at full strength"), _wb_col_unit_name (data, b)), WB_APPLY_REFUSED;
  d->where.kind = WB_WHERE_BOX;
  d->where.place = data->pool[d->side];
  d->flags &= ~(guint32) (COL_ACTIVE | COL_ATTACKER | COL_REINFORCE | COL_PINNED | COL_STRAGGLER | COL_RAIL |
                          COL_SUPPLIED | COL_STACKED | WB_UNIT_MOVED);
  wb_rule_say_secret (ctx, m, b->side, _("A detachment merges into a brigade."),
                      _("%s merges into %s at %s, which gains a step; the detachment goes back to the pool "
                        "(Detachments sidebar)."), _wb_col_unit_name (data, d), _wb_col_unit_name (data, b),
                      _wb_col_loc_name (data, at));
  return WB_APPLY_DONE;
}

/* 8.0: eliminations are scored as they happen; at the end, each side adds
 * the VP of the enemy major towns it occupies and the off-board blocks. */
void
_wb_col_final_victory (ColData *data, WbMatch *m, WbRuleContext *ctx)
{
  g_autofree char *result = NULL;

  for (guint l = 0; l < data->n_loc; l++)
    {
      WbLocation *loc = g_ptr_array_index (data->locs, l);
      gboolean contested;
      int owner = _wb_col_control (data, m, (int) l, &contested), home = data->home[l];

      if (home < 0 || owner < 0 || home == owner)
        continue;
      wb_match_add_vp (m, (guint) owner, loc->vp);
      m->active = (guint) owner;
      wb_rule_say (ctx, m, _("occupies %s: %d VP (8.0)."), loc->name, loc->vp);
    }
  if (data->off_map >= 0)
    {
      int n[2] = { 0, 0 };

      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          n[u->side & 1] += _wb_col_loc (data, &u->where) == data->off_map &&
                            data->division[i] == data->off_formation;
        }
      for (guint s = 0; s < 2; s++)
        if (n[s] > 0)
          {
            wb_match_add_vp (m, s, (gint64) (n[s] * data->vp_off));
            m->active = s;
            wb_rule_say (ctx, m, _("has %d blocks off the map: %g VP (8.1)."), n[s], n[s] * data->vp_off);
          }
    }
  m->over = TRUE;
  result = wb_match_result_text (m);
  wb_rule_say (ctx, m, _("The last turn is over: %s %d VP, %s %d VP. %s."),
               wb_match_side_name (m, 0), m->vp[0], wb_match_side_name (m, 1), m->vp[1], result);
}
