/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <json-glib/json-glib.h>

#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The automatic player (warbench-cli play --auto): legal (every action
 * goes through the rules), seeded (the only chance is the caller's rng,
 * for tie-breaks) and reasonable, cheaply (no look-ahead):
 *
 * - Objectives: the enemy's major towns and its own major towns with an
 *   enemy block within two towns; a breadth-first distance to the nearest
 *   one steers every move that is not an attack (concentration).
 * - An HQ activates (5.1) only at strength 2 or more and when its division
 *   (any division for the army commander) has blocks in command range
 *   worth moving: not commanded yet, not sitting on an objective.
 * - An attack (6.0) is made only when the blocks that can reach the town
 *   this player turn (within the roads' attack limits) and those already
 *   attacking it are expected to out-hit and out-last the defenders: hits
 *   Σ strength × firepower / 6 (−1 firepower over a crossing is not known
 *   per road here, so the defenders' side is weighted up instead).
 *   Fog of war: a side knows where the enemy's blocks are and how many
 *   (3.1), not their strength or type; the defenders are estimated as
 *   average blocks — the public order of battle's mean firepower of the
 *   enemy's surviving blocks at strength 2 — never from their current
 *   strength. Its own blocks it knows exactly.
 * - An HQ never attacks and never moves where an enemy block is next door
 *   unless its own combat blocks are there; a block does not leave the
 *   last guard of a threatened major town, nor overstack (3.3).
 * - Battles (wb-col-battles.c) keep the engine's suggestions, which
 *   retreat an HQ at 0 and any block whose side is outnumbered two to one
 *   in strength (losing badly); Supply Points go to the HQs first, then
 *   the weakest blocks in supply, and detachments deploy where they may. */

/* An enemy block whose strength is hidden: about the mean full strength
 * of the roster's blocks (Shenandoah: 2.2 steps). */
#define ASSUMED_STRENGTH 2

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

/* The firepower number of a block from the game's order of battle. */
static int
fire_of (ColData *data, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const WbAttrValue *v = unit != NULL ? wb_unit_get_attr (unit, "firepower") : NULL;
  const char *s = v != NULL && (v->type == WB_ATTR_STRING || v->type == WB_ATTR_FIREPOWER) ? v->s : NULL;

  return s != NULL && s[0] != '\0' && s[1] >= '0' && s[1] <= '6' ? s[1] - '0' : 0;
}

/* Breadth-first distance in towns from the towns with @dist[l] == 0 (the
 * others G_MAXINT / 2), along roads, not by rail nor off the map. */
static void
spread (ColData *data, int *dist)
{
  g_autofree int *queue = g_new (int, data->n_loc);
  guint head = 0, tail = 0;

  for (guint l = 0; l < data->n_loc; l++)
    if (dist[l] == 0)
      queue[tail++] = (int) l;
  while (head < tail)
    {
      int at = queue[head++];

      for (guint e = 0; e < data->adj[at]->len; e++)
        {
          const ColEdge *edge = &g_array_index (data->adj[at], ColEdge, e);

          if (edge->rail || edge->to == data->off_map || dist[edge->to] <= dist[at] + 1)
            continue;
          dist[edge->to] = dist[at] + 1;
          queue[tail++] = edge->to;
        }
    }
}

typedef struct {
  guint     side;
  int      *at;         /* per unit: its town, or -1 */
  int      *enemy;      /* per town: enemy blocks there */
  int      *mine;       /* per town: own blocks there */
  int      *guards;     /* per town: own combat (non-HQ) blocks there */
  int      *enemy_dist; /* per town: towns to the nearest enemy block */
  int      *obj_dist;   /* per town: towns to the nearest objective */
  double    enemy_hits; /* an average enemy block's expected hits a round */
} View;

static void
view_init (ColData *data, WbMatch *m, View *v)
{
  guint n = m->units->len, fired = 0;
  int fires = 0;

  v->side = m->active;
  v->at = g_new (int, n);
  v->enemy = g_new0 (int, data->n_loc);
  v->mine = g_new0 (int, data->n_loc);
  v->guards = g_new0 (int, data->n_loc);
  v->enemy_dist = g_new (int, data->n_loc);
  v->obj_dist = g_new (int, data->n_loc);
  for (guint l = 0; l < data->n_loc; l++)
    v->enemy_dist[l] = v->obj_dist[l] = G_MAXINT / 2;
  for (guint i = 0; i < n; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      v->at[i] = _wb_col_loc (data, &u->where);
      if (u->side >= 2 || u->where.kind == WB_WHERE_ELIMINATED)
        continue;
      if (u->side != v->side && !(data->roles[i] & COL_HQ))
        {
          /* Public: the order of battle, not the block's current step. */
          fires += fire_of (data, u);
          fired++;
        }
      if (v->at[i] < 0)
        continue;
      if (u->side != v->side)
        {
          v->enemy[v->at[i]]++;
          v->enemy_dist[v->at[i]] = 0;
        }
      else
        {
          v->mine[v->at[i]]++;
          v->guards[v->at[i]] += !(data->roles[i] & COL_HQ);
        }
    }
  spread (data, v->enemy_dist);
  for (guint l = 0; l < data->n_loc; l++)
    {
      WbLocation *loc = g_ptr_array_index (data->locs, l);
      /* Town control (3.2, _wb_col_control) from the counts above. */
      int owner = v->mine[l] > 0 ? (v->enemy[l] > 0 ? -1 : (int) v->side)
                                 : v->enemy[l] > 0 ? (int) (1 - v->side) : data->home[l];

      if (loc->vp <= 0 || (int) l == data->off_map)
        continue;
      if (owner != (int) v->side || (v->enemy_dist[l] <= 2))
        v->obj_dist[l] = 0;
    }
  spread (data, v->obj_dist);
  v->enemy_hits = ASSUMED_STRENGTH * (fired > 0 ? (double) fires / fired : 2.0) / 6.0;
}

static void
view_clear (View *v)
{
  g_free (v->at);
  g_free (v->enemy);
  g_free (v->mine);
  g_free (v->guards);
  g_free (v->enemy_dist);
  g_free (v->obj_dist);
}

/* A block of the moving side that may move now, by the rules' own tests. */
static gboolean
can_move (ColData *data, WbMatch *m, View *v, guint i)
{
  WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
  int from = _wb_col_loc (data, &u->where);

  return u->side == m->active && from >= 0 && from != data->off_map &&
         !(u->flags & (WB_UNIT_MOVED | COL_PINNED)) && !data->is_static[i] &&
         (!(data->roles[i] & COL_HQ) || (u->flags & COL_ACTIVE)) && v->enemy[from] == 0 &&
         _wb_col_commanded (data, m, u);
}

/* Blocks an HQ at @hq would command that are worth moving (5.1). */
static int
worth_activating (ColData *data, WbMatch *m, View *v, guint hq)
{
  WbUnitState *h = &g_array_index (m->units, WbUnitState, hq);
  gboolean army = FALSE;
  g_autofree int *dist = g_new (int, data->n_loc);
  int worth = 0;

  for (guint k = 0; k < data->army[h->side]->len; k++)
    army |= GPOINTER_TO_INT (g_ptr_array_index (data->army[h->side], k)) - 1 == (int) hq;
  for (guint l = 0; l < data->n_loc; l++)
    dist[l] = G_MAXINT / 2;
  dist[v->at[hq]] = 0;
  spread (data, dist);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (i == hq || u->side != h->side || v->at[i] < 0 || v->at[i] == data->off_map || (data->roles[i] & COL_HQ) ||
          data->is_static[i] || (u->flags & (WB_UNIT_MOVED | COL_PINNED)) ||
          (!army && (data->division[i] == NULL || data->division[i] != data->division[hq])) ||
          dist[v->at[i]] > data->command_range || v->obj_dist[v->at[i]] == 0 || _wb_col_commanded (data, m, u))
        continue;
      worth++;
    }
  return worth;
}

typedef struct {
  int    n;                 /* candidate attackers */
  int    hq_only;           /* all of them HQs */
  int    steps;             /* own steps: committed and candidates */
  double hits;
  int    best;              /* the strongest non-HQ candidate (unit index), -1 */
  double best_hits;
} Attack;

static JsonObject *
move_to (ColData *data, WbUnitState *u, int to)
{
  return to_location (action ("move", u->id), "to", ((WbLocation *) g_ptr_array_index (data->locs, to))->id);
}

static JsonObject *
suggest_move (ColData *data, WbMatch *m, WbRng *rng)
{
  ColState *st = col_state (m);
  guint n = m->units->len, start = n > 0 ? wb_rng_bounded (rng, n) : 0;
  View v;
  g_autofree Attack *att = NULL;
  g_autofree int *road_room = NULL;
  JsonObject *a = NULL;
  int best_unit = -1, best_to = -1, best_gain = 0, best_attack = -1;
  double best_ratio = 0;

  view_init (data, m, &v);
  /* HQs at strength 2 or more whose blocks are worth it activate (5.1). */
  for (guint k = 0; k < n && a == NULL; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, k);
      int worth;

      if (u->side != m->active || !(data->roles[k] & COL_HQ) || (data->roles[k] & COL_DETACHMENT) ||
          (u->flags & (COL_ACTIVE | WB_UNIT_MOVED | COL_PINNED)) || _wb_col_strength (u) < 2 || v.at[k] < 0 ||
          v.at[k] == data->off_map)
        continue;
      worth = worth_activating (data, m, &v, k);
      if (worth >= 2 || (worth >= 1 && _wb_col_strength (u) >= 3))
        a = action ("activate", u->id);
    }
  if (a != NULL)
    {
      view_clear (&v);
      return a;
    }

  att = g_new0 (Attack, data->n_loc);
  road_room = g_new (int, data->n_conn);
  for (guint c = 0; c < data->n_conn; c++)
    road_room[c] = -1;
  for (guint l = 0; l < data->n_loc; l++)
    att[l].best = -1;
  /* Blocks already attacking a town count for it. */
  for (guint i = 0; i < n; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == m->active && v.at[i] >= 0 && v.enemy[v.at[i]] > 0 && !(data->roles[i] & COL_HQ))
        {
          att[v.at[i]].steps += _wb_col_strength (u);
          att[v.at[i]].hits += _wb_col_strength (u) * fire_of (data, u) / 6.0;
          att[v.at[i]].n++;
        }
    }
  for (guint k = 0; k < n; k++)
    {
      guint i = (start + k) % n;
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int from = v.at[i];
      gboolean hq = (data->roles[i] & COL_HQ) != 0;
      g_autoptr(GArray) dests = NULL;

      /* Nothing to do for a block on an objective with no enemy near. */
      if ((from >= 0 && v.obj_dist[from] == 0 && v.enemy_dist[from] > 2) || !can_move (data, m, &v, i) ||
          (dests = _wb_col_destinations (data, m, u->id)) == NULL)
        continue;
      for (guint d = 0; d < dests->len; d++)
        {
          int to = _wb_col_loc_id (data, g_array_index (dests, WbDestination, d).where.place), gain;

          if (to < 0 || to == from || to == data->off_map)
            continue;
          if (v.enemy[to] > 0)
            {
              /* A candidate attacker, within its road's attack limit. */
              int via = -1, conn;
              gboolean rail = FALSE;
              const ColEdge *edge;
              Attack *t = &att[to];
              double hits;

              if (hq || !_wb_col_way (data, m, u, to, &via, &rail) || rail ||
                  (edge = _wb_col_edge (data, via >= 0 ? via : from, to)) == NULL)
                continue;
              conn = edge->conn;
              if (road_room[conn] < 0)
                road_room[conn] = MAX (edge->attack - st->attacked[conn], 0);
              if (road_room[conn] == 0)
                continue;
              road_room[conn]--;
              hits = _wb_col_strength (u) * fire_of (data, u) / 6.0;
              t->steps += _wb_col_strength (u);
              t->hits += hits;
              t->n++;
              if (t->best < 0 || hits > t->best_hits)
                {
                  t->best = (int) i;
                  t->best_hits = hits;
                }
              continue;
            }
          /* A move toward the objectives, not overstacked, not the last
           * guard of a threatened major town, an HQ not into danger. */
          gain = v.obj_dist[from] - v.obj_dist[to];
          if (gain <= best_gain || v.mine[to] >= _wb_col_stack_limit (data, to) ||
              (!hq && v.guards[from] == 1 && v.enemy_dist[from] <= 1 &&
               ((WbLocation *) g_ptr_array_index (data->locs, from))->vp > 0) ||
              (hq && v.enemy_dist[to] <= 1 && v.guards[to] == 0))
            continue;
          best_gain = gain;
          best_unit = (int) i;
          best_to = to;
        }
    }
  /* The best attack whose odds are good: the town already attacked first,
   * then the one where the attackers most out-hit the defenders (the
   * defenders fire first among equals, 6.4: weighted by a quarter). */
  for (guint l = 0; l < data->n_loc; l++)
    {
      Attack *t = &att[l];
      double their_hits = v.enemy[l] * v.enemy_hits * 1.25, ratio;

      if (t->best < 0 || v.enemy[l] == 0)
        continue;
      ratio = t->hits / MAX (their_hits, 0.01) + (v.mine[l] > 0 ? 10.0 : 0.0);
      if (t->hits >= their_hits && t->steps > v.enemy[l] * ASSUMED_STRENGTH && ratio > best_ratio)
        {
          best_ratio = ratio;
          best_attack = (int) l;
        }
    }
  if (best_attack >= 0)
    a = move_to (data, &g_array_index (m->units, WbUnitState, att[best_attack].best), best_attack);
  else if (best_unit >= 0)
    a = move_to (data, &g_array_index (m->units, WbUnitState, best_unit), best_to);
  view_clear (&v);
  return a;
}

static JsonObject *
suggest_supply (ColData *data, WbMatch *m)
{
  ColState *st = col_state (m);

  /* The HQs first (keep them alive and able to activate), then the
   * weakest blocks. */
  for (int pass = 0; pass < 2; pass++)
  for (int want = 0; want <= 4; want++)
    for (guint i = 0; i < m->units->len; i++)
      {
        WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        int q;

        if (u->side != m->active || (u->flags & COL_SUPPLIED) || _wb_col_strength (u) != want ||
            (pass == 0 && !(data->roles[i] & COL_HQ)) ||
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
