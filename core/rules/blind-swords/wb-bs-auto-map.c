/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <json-glib/json-glib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* The automatic player's orders and map steps (warbench-cli play --auto;
 * docs/rules-engine.md): legal, seeded by the caller's rng, and simple —
 * it gives a brigade far from the enemy a Maneuver Order, near it an
 * Attack Order (now and then Defend), a battered one out of reach a
 * Regroup Order; fires each group at the nearest enemy it may hit, moves
 * each unit once towards the nearest enemy, attacks in Close Combat where
 * its SP at least match the defenders' (now and then at worse odds),
 * advances when it may, rallies every unit it may, and gives Opportunity
 * Fire with every unit it may. The artillery fires when it has a target
 * and stays otherwise. */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static JsonObject *
action (const char *type)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  return a;
}

static void
set_hex (BsData *data, JsonObject *a, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  json_object_set_string_member (a, "hex", buf);
}

static JsonObject *
with_units (WbMatch *m, JsonObject *a, const guint *units, guint n)
{
  JsonArray *arr = json_array_new ();

  for (guint k = 0; k < n; k++)
    json_array_add_string_element (arr, unit_at (m, units[k])->id);
  json_object_set_array_member (a, "units", arr);
  return a;
}

static gboolean
on_map (const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_HEX;
}

/* What @u fires with at @range (half SPs; 0: it cannot fire, 9.3). */
static int
fires_with (BsData *data, const WbUnitState *u, int range, guint8 flags)
{
  WbBsFirer f = { .sp = (guint8) CLAMP (u->halves, 0, 255), .morale = (guint8) bs_morale (u),
                  .range = (guint8) MAX (range, 0), .flags = flags };

  return wb_bs_fire_strength (data->tables, &f, 1);
}

/* The distance from @hex to the nearest enemy of @side on the map, and
 * its hex; G_MAXINT when none. */
static int
nearest_enemy (BsData *data, WbMatch *m, guint side, WbOffset hex, WbOffset *at)
{
  int best = G_MAXINT;

  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);
      int d;

      if (v->side == side || !on_map (v) || bs_role (data, m, j) == BS_ROLE_MARKER ||
          bs_role (data, m, j) == BS_ROLE_PIONEER)
        continue;
      d = wb_hex_distance (data->layout, hex, v->where.hex);
      if (d < best)
        {
          best = d;
          if (at != NULL)
            *at = v->where.hex;
        }
    }
  return best;
}

static JsonObject *
suggest_order (BsData *data, WbMatch *m, WbRng *rng)
{
  BsState *st = bs_state (m);
  guint b = st->acting - 1u, on = 0, battered = 0;
  int dmin = G_MAXINT;
  const char *want;
  JsonObject *a = action ("order");

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (data->unit_brigade[i] != (int) b)
        continue;
      if (on_map (u))
        {
          on++;
          dmin = MIN (dmin, nearest_enemy (data, m, u->side, u->where.hex, NULL));
          if (u->flags & (BS_UNIT_MORALE | BS_UNIT_WORN))
            battered++;
        }
      else if (u->where.kind == WB_WHERE_BOX)
        battered++;
    }
  if (battered * 2 > on + 1 && dmin >= data->rally_distance)
    want = "regroup";
  else if (dmin <= 6)
    want = wb_rng_bounded (rng, 4) == 0 ? "defend" : "attack";
  else
    want = "maneuver";
  for (guint o = 0; o < data->n_orders; o++)
    if (g_strcmp0 (data->orders[o], want) == 0)
      {
        json_object_set_string_member (a, "order", want);
        return a;
      }
  json_object_set_string_member (a, "order", data->orders[wb_rng_bounded (rng, data->n_orders)]);
  return a;
}

/* A group that fires: the units of @first's hex that may fire at the
 * nearest enemy hex @first may fire at. */
static JsonObject *
suggest_fire (BsData *data, WbMatch *m, gboolean (*may) (BsData *, WbMatch *, guint))
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      WbOffset target = { 0 };
      int best = G_MAXINT;

      if (!may (data, m, i))
        continue;
      for (guint j = 0; j < data->n_units; j++)
        {
          const WbUnitState *v = unit_at (m, j);
          int range, d;
          BsLos los;
          const char *why;

          if (v->side == u->side || !on_map (v) || bs_role (data, m, j) == BS_ROLE_MARKER)
            continue;
          d = wb_hex_distance (data->layout, u->where.hex, v->where.hex);
          if (d < best && _wb_bs_can_fire (data, m, i, v->where.hex, FALSE, &range, &los, &why) &&
              fires_with (data, u, range, 0) > 0)
            {
              best = d;
              target = v->where.hex;
            }
        }
      if (best < G_MAXINT)
        {
          guint group[WB_BS_MAX_STACK], n = 0;

          for (guint k = i; k < data->n_units && n < G_N_ELEMENTS (group); k++)
            {
              const WbUnitState *w = unit_at (m, k);
              int range;
              BsLos los;
              const char *why;

              if (may (data, m, k) && wb_offset_equal (w->where.hex, u->where.hex) &&
                  _wb_bs_can_fire (data, m, k, target, FALSE, &range, &los, &why) && fires_with (data, w, range, 0) > 0)
                group[n++] = k;
            }
          if (n > 0)
            {
              JsonObject *a = with_units (m, action ("fire"), group, n);

              set_hex (data, a, target);
              return a;
            }
        }
    }
  return action ("end_step");
}

static gboolean
may_fire_brigade (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *u = unit_at (m, i);

  return _wb_bs_in_brigade (data, m, i) && on_map (u) && !(u->flags & (BS_UNIT_FIRED | BS_UNIT_CHAOS)) &&
         (bs_role (data, m, i) == BS_ROLE_INFANTRY || bs_role (data, m, i) == BS_ROLE_CAVALRY);
}

static gboolean
may_fire_artillery (BsData *data, WbMatch *m, guint i)
{
  BsState *st = bs_state (m);
  const WbUnitState *u = unit_at (m, i);

  return bs_role (data, m, i) == BS_ROLE_ARTILLERY && u->side == m->active && on_map (u) &&
         wb_offset_equal (u->where.hex, st->target) &&
         !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED));
}

static JsonObject *
suggest_move (BsData *data, WbMatch *m)
{
  const char *order = _wb_bs_acting_order (data, m);

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      WbOffset goal = { 0 };
      int now, left;
      gboolean march, may_engage;
      g_autoptr(GArray) reach = NULL;
      int best_d = G_MAXINT, best_cost = G_MAXINT, best = -1;

      if (!_wb_bs_in_brigade (data, m, i) || !on_map (u) || (u->flags & (BS_UNIT_MOVED | BS_UNIT_CHAOS)) ||
          bs_role (data, m, i) == BS_ROLE_PIONEER || bs_role (data, m, i) == BS_ROLE_MARKER)
        continue;
      now = nearest_enemy (data, m, u->side, u->where.hex, &goal);
      /* Engaged units hold; under Defend, units near the enemy hold. */
      if (now <= 1 || now == G_MAXINT || (g_strcmp0 (order, "defend") == 0 && now <= 4))
        continue;
      left = _wb_bs_mp_left (data, m, i, &march, &may_engage);
      reach = _wb_bs_reach (data, m, i, left, march, may_engage);
      for (guint k = 0; reach != NULL && k < reach->len; k++)
        {
          const WbDestination *d = &g_array_index (reach, WbDestination, k);
          int dist;

          if (d->where.kind != WB_WHERE_HEX)
            continue;
          dist = wb_hex_distance (data->layout, d->where.hex, goal);
          if (dist < best_d || (dist == best_d && d->cost < best_cost))
            {
              best_d = dist;
              best_cost = d->cost;
              best = (int) k;
            }
        }
      if (best >= 0 && best_d < now)
        {
          JsonObject *a = action ("move");

          json_object_set_string_member (a, "unit", u->id);
          set_hex (data, a, g_array_index (reach, WbDestination, best).where.hex);
          return a;
        }
    }
  return action ("end_step");
}

static JsonObject *
suggest_close (BsData *data, WbMatch *m, WbRng *rng)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (!_wb_bs_in_brigade (data, m, i) || !on_map (u) || (u->flags & (BS_UNIT_COMMITTED | BS_UNIT_CHAOS)) ||
          (bs_role (data, m, i) != BS_ROLE_INFANTRY && bs_role (data, m, i) != BS_ROLE_CAVALRY))
        continue;
      for (guint j = 0; j < data->n_units; j++)
        {
          const WbUnitState *v = unit_at (m, j);
          guint group[WB_BS_MAX_STACK * 2], n = 0;
          int att = 0, def = 0;

          if (v->side == u->side || !on_map (v) || bs_role (data, m, j) == BS_ROLE_MARKER ||
              wb_hex_distance (data->layout, u->where.hex, v->where.hex) != 1)
            continue;
          for (guint k = 0; k < data->n_units; k++)
            {
              const WbUnitState *w = unit_at (m, k);

              if (w->side == v->side && on_map (w) && wb_offset_equal (w->where.hex, v->where.hex))
                def += w->halves;
              else if (w->side == u->side && n < G_N_ELEMENTS (group) && _wb_bs_in_brigade (data, m, k) &&
                       on_map (w) && !(w->flags & (BS_UNIT_COMMITTED | BS_UNIT_CHAOS)) &&
                       (bs_role (data, m, k) == BS_ROLE_INFANTRY || bs_role (data, m, k) == BS_ROLE_CAVALRY) &&
                       wb_hex_distance (data->layout, w->where.hex, v->where.hex) == 1)
                {
                  group[n++] = k;
                  att += w->halves;
                }
            }
          if (n > 0 && (att >= def || (2 * att >= def && wb_rng_bounded (rng, 3) == 0)))
            {
              JsonObject *a = with_units (m, action ("close_combat"), group, n);

              set_hex (data, a, v->where.hex);
              return a;
            }
        }
    }
  return action ("end_step");
}

static JsonObject *
suggest_advance (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  guint group[16], n = 0;
  int sp = _wb_bs_hex_stack (data, m, st->target, -1);

  for (guint k = 0; k < st->n_advancers && k < G_N_ELEMENTS (st->advancers); k++)
    {
      guint i = (guint) st->advancers[k];
      int add = _wb_bs_stack_halves (data, m, i);

      if (on_map (unit_at (m, i)) && sp + add <= data->stacking_halves)
        {
          group[n++] = i;
          sp += add;
        }
    }
  if (n == 0)
    return action ("end_step");
  return with_units (m, action ("advance"), group, n);
}

static JsonObject *
suggest_rally (BsData *data, WbMatch *m)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      gboolean recover, rebuild;
      const char *why;

      if (!_wb_bs_may_rally (data, m, i, &recover, &rebuild, &why))
        continue;
      if (!recover && unit_at (m, i)->where.kind == WB_WHERE_BOX)
        {
          g_autoptr(GArray) hexes = _wb_bs_rebuild_hexes (data, m, i);

          if (hexes == NULL || hexes->len == 0)
            continue;
        }
      {
        JsonObject *a = action ("rally");

        json_object_set_string_member (a, "unit", unit_at (m, i)->id);
        return a;
      }
    }
  return action ("end_step");
}

static JsonObject *
suggest_opfire (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  guint group[WB_BS_MAX_STACK * 2], n = 0;
  WbBsFirer f[WB_BS_MAX_STACK * 2];
  WbOffset at;

  if (st->mover <= 0)
    return action ("end_step");
  at = unit_at (m, (guint) st->mover - 1)->where.hex;
  for (guint j = 0; j < data->n_units && n < G_N_ELEMENTS (group); j++)
    {
      const WbUnitState *v = unit_at (m, j);
      int range;
      BsLos los;
      const char *why;

      if (v->side == m->active && on_map (v) && wb_hex_distance (data->layout, v->where.hex, at) == 1 &&
          !(v->flags & BS_UNIT_CHAOS) && _wb_bs_can_fire (data, m, j, at, FALSE, &range, &los, &why))
        {
          f[n] = (WbBsFirer) { .sp = (guint8) CLAMP (v->halves, 0, 255), .morale = (guint8) bs_morale (v),
                               .range = (guint8) MAX (range, 0), .flags = WB_BS_FIRER_OPPORTUNITY };
          group[n++] = j;
        }
    }
  if (n == 0 || wb_bs_fire_strength (data->tables, f, n) <= 0)
    return action ("end_step");
  {
    JsonObject *a = with_units (m, action ("fire"), group, n);

    set_hex (data, a, at);
    return a;
  }
}

JsonObject *
_wb_bs_map_suggest (BsData *data, WbMatch *m, WbRng *rng)
{
  switch (m->step)
    {
    case BS_ORDERS:
      return suggest_order (data, m, rng);
    case BS_FIRE:
      return suggest_fire (data, m, may_fire_brigade);
    case BS_MOVE:
      return suggest_move (data, m);
    case BS_OPFIRE:
      return suggest_opfire (data, m);
    case BS_CLOSE:
      return suggest_close (data, m, rng);
    case BS_ADVANCE:
      return suggest_advance (data, m);
    case BS_RALLY:
    case BS_ART_RALLY:
      return suggest_rally (data, m);
    case BS_ART_HEX:
      return suggest_fire (data, m, may_fire_artillery);
    default:
      return action ("end_step");
    }
}
