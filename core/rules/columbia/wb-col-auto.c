/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <json-glib/json-glib.h>

#include "wb-game.h"
#include "rules/columbia/wb-col-private.h"

/* The automatic player (warbench-cli play --auto): legal and seeded. It
 * activates HQs that can afford the step, moves some commanded blocks
 * to adjacent towns, attacking an enemy one now and then (within the
 * road's attack limit), plays the battles (wb-col-battles.c: the engine's
 * suggestions, the battles in a seeded order, no regroup), spends its Supply Points on the weakest blocks in supply
 * and deploys a detachment where one may go. */

static JsonObject *
action (const char *type, const char *unit)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  if (unit != NULL)
    json_object_set_string_member (a, "unit", unit);
  return a;
}

static JsonObject *
to_location (JsonObject *a, const char *member, const char *loc)
{
  JsonObject *w = json_object_new ();

  json_object_set_string_member (w, "location", loc);
  json_object_set_object_member (a, member, w);
  return a;
}

static gboolean
free_town (ColData *data, WbMatch *m, int loc, guint side)
{
  gboolean contested;
  int owner = _wb_col_control (data, m, loc, &contested);

  if (contested)
    return FALSE;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
      if (o->side != side && _wb_col_loc (data, &o->where) == loc)
        return FALSE;
    }
  (void) owner;
  return TRUE;
}

static JsonObject *
suggest_move (ColData *data, WbMatch *m, WbRng *rng)
{
  ColState *st = col_state (m);
  guint n = m->units->len, start = n > 0 ? wb_rng_bounded (rng, n) : 0;

  /* HQs at strength 2 or more activate (5.1), keeping the last steps. */
  for (guint k = 0; k < n; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, k);

      if (u->side == m->active && (data->roles[k] & COL_HQ) && !(u->flags & (COL_ACTIVE | WB_UNIT_MOVED | COL_PINNED)) &&
          _wb_col_strength (u) >= 2 && _wb_col_loc (data, &u->where) >= 0)
        return action ("activate", u->id);
    }
  /* Some commanded blocks move one town, one in three each time asked. */
  if (wb_rng_bounded (rng, 3) == 0)
    return NULL;
  for (guint k = 0; k < n; k++)
    {
      guint i = (start + k) % n;
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int from = _wb_col_loc (data, &u->where);
      guint ne;

      if (u->side != m->active || from < 0 || (u->flags & (WB_UNIT_MOVED | COL_PINNED)) || data->is_static[i] ||
          ((data->roles[i] & COL_HQ) && !(u->flags & COL_ACTIVE)) || !_wb_col_commanded (data, m, u) ||
          !free_town (data, m, from, u->side) || (ne = data->adj[from]->len) == 0)
        continue;
      for (guint t = 0, e0 = wb_rng_bounded (rng, ne); t < ne; t++)
        {
          const ColEdge *edge = &g_array_index (data->adj[from], ColEdge, (e0 + t) % ne);

          if (edge->rail || edge->to == data->off_map || from == data->off_map || st->moved[edge->conn] >= edge->move)
            continue;
          /* An attack (6.0), now and then: within the road's attack limit,
           * and only by a commanded block (a straggler goes one town too). */
          if (!free_town (data, m, edge->to, u->side) &&
              (st->attacked[edge->conn] >= edge->attack || wb_rng_bounded (rng, 2) != 0))
            continue;
          return to_location (action ("move", u->id), "to",
                              ((WbLocation *) g_ptr_array_index (data->locs, edge->to))->id);
        }
    }
  return NULL;
}

static JsonObject *
suggest_supply (ColData *data, WbMatch *m)
{
  ColState *st = col_state (m);

  for (int want = 0; want <= 4; want++)
    for (guint i = 0; i < m->units->len; i++)
      {
        WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        int q;

        if (u->side != m->active || (u->flags & COL_SUPPLIED) || _wb_col_strength (u) != want ||
            !_wb_col_can_raise (data, m, u) || (q = _wb_col_supply_of (data, m, u)) == 0 ||
            st->sp[m->active] < (q == 2 ? data->cost_good : data->cost_bad))
          continue;
        return action ("supply", u->id);
      }
  if (st->deployed[m->active] >= data->dets_per_phase || data->pool[m->active] == NULL)
    return NULL;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *d = &g_array_index (m->units, WbUnitState, i);

      if (d->side != m->active || d->where.kind != WB_WHERE_BOX || d->where.place != data->pool[d->side] ||
          data->division[i] == NULL)
        continue;
      for (guint j = 0; j < m->units->len; j++)
        {
          WbUnitState *o = &g_array_index (m->units, WbUnitState, j);
          int loc = _wb_col_loc (data, &o->where), here = 0;

          if (o->side != d->side || loc < 0 || data->division[j] != data->division[i] ||
              _wb_col_supply_of (data, m, o) != 2)
            continue;
          for (guint k = 0; k < m->units->len; k++)
            here += g_array_index (m->units, WbUnitState, k).side == d->side &&
                    _wb_col_loc (data, &g_array_index (m->units, WbUnitState, k).where) == loc;
          if (here < data->stack_base + (data->stack_town[loc] ? data->stack_plus : 0))
            return to_location (action ("deploy", d->id), "to", ((WbLocation *) g_ptr_array_index (data->locs, loc))->id);
        }
    }
  return NULL;
}

/* The owner's choice of @n blocks at @loc (5.4 pinning, 3.3 stacking):
 * by strength, the strongest first when @strongest (to pin: they stay
 * and fight) else the weakest, HQs last so that they stay free. */
static JsonObject *
choose_blocks (ColData *data, WbMatch *m, const char *type, int loc, int n, gboolean strongest)
{
  JsonObject *a = action (type, NULL);
  JsonArray *units = json_array_new ();

  to_location (a, "location", ((WbLocation *) g_ptr_array_index (data->locs, loc))->id);
  for (int pass = 0; pass < 2 && n > 0; pass++)
    for (int k = 0; k <= 4 && n > 0; k++)
      for (guint i = 0; i < m->units->len && n > 0; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (u->side != m->active || _wb_col_loc (data, &u->where) != loc ||
              ((data->roles[i] & COL_HQ) != 0) != (pass == 1) ||
              _wb_col_strength (u) != (strongest ? 4 - k : k))
            continue;
          json_array_add_string_element (units, u->id);
          n--;
        }
  /* Strengths past 4: any block left. */
  for (guint i = 0; i < m->units->len && n > 0; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      gboolean taken = FALSE;

      if (u->side != m->active || _wb_col_loc (data, &u->where) != loc)
        continue;
      for (guint j = 0; j < json_array_get_length (units) && !taken; j++)
        taken = g_strcmp0 (json_array_get_string_element (units, j), u->id) == 0;
      if (!taken)
        {
          json_array_add_string_element (units, u->id);
          n--;
        }
    }
  json_object_set_array_member (a, "units", units);
  return a;
}

JsonObject *
_wb_col_suggest (ColData *data, WbMatch *m, WbRng *rng)
{
  JsonObject *a = NULL;
  int n = 0, loc;

  if (m->over)
    return NULL;
  if ((loc = _wb_col_pin_due (data, m, &n)) >= 0)
    return choose_blocks (data, m, "pin", loc, n, TRUE);
  if ((loc = _wb_col_stack_due (data, m, &n)) >= 0)
    return choose_blocks (data, m, "stack_loss", loc, n, FALSE);
  switch (m->step)
    {
    case COL_INITIATIVE:
      return action ("initiative", NULL);
    case COL_MOVE_1:
    case COL_MOVE_2:
      a = suggest_move (data, m, rng);
      break;
    case COL_BATTLE:
      a = _wb_col_battle_suggest (data, m, rng);
      break;
    case COL_SUPPLY_1:
    case COL_SUPPLY_2:
      a = suggest_supply (data, m);
      break;
    default:
      break;
    }
  return a != NULL ? a : action ("end_step", NULL);
}
