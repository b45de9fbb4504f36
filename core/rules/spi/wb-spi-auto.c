/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-unit.h"
#include "rules/spi/wb-spi-private.h"

/* The automatic player of the SPI family: a random legal policy that still
 * finishes a game — it answers every prompt, makes every mandatory attack
 * (grouping units and hexes so each attack is legal; with voluntary combat
 * the same attacks, each phase ending first one time in four), moves a random share
 * of its units to random legal hexes and brings reinforcements on. */

static JsonObject *
action (const char *type)
{
  JsonObject *o = json_object_new ();
  json_object_set_string_member (o, "type", type);
  return o;
}

static JsonObject *
hex_object (SpiData *data, WbOffset h)
{
  JsonObject *o = json_object_new ();
  char buf[32];

  wb_hex_map_format_hex (data->map, h, buf, sizeof buf);
  json_object_set_string_member (o, "hex", buf);
  return o;
}

static JsonObject *
answer (SpiData *data, WbMatch *m, WbRng *rng)
{
  switch (spi_state (m)->pending)
    {
    case SPI_PENDING_RETREAT:
      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          g_autoptr(GPtrArray) displace = NULL;
          g_autoptr(GArray) hexes = NULL;
          JsonObject *a;
          guint pick;

          if (!(u->flags & SPI_MUST_RETREAT) || u->side != m->active)
            continue;
          displace = g_ptr_array_new ();
          hexes = _wb_spi_retreats (data, m, u, displace);
          if (hexes->len == 0)
            continue;
          pick = wb_rng_bounded (rng, hexes->len);
          a = action ("retreat");
          json_object_set_string_member (a, "unit", u->id);
          json_object_set_object_member (a, "to", hex_object (data, g_array_index (hexes, WbOffset, pick)));
          if (g_ptr_array_index (displace, pick) != NULL)
            json_object_set_string_member (a, "displace",
                                           ((WbUnitState *) g_ptr_array_index (displace, pick))->id);
          return a;
        }
      /* 8.16: only bombarding artillery may still elect to retreat: it stays. */
      if (_wb_spi_may_retreat (m))
        return action ("no_retreat");
      break;
    case SPI_PENDING_EXCHANGE:
      {
        JsonObject *a = action ("eliminate");
        JsonArray *list = json_array_new ();
        int owed = spi_state (m)->ex_needed;

        /* The smallest units first, until the debt is paid. */
        while (owed > 0)
          {
            WbUnitState *best = NULL;
            for (guint i = 0; i < m->units->len; i++)
              {
                WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
                gboolean listed = FALSE;

                for (guint k = 0; k < json_array_get_length (list); k++)
                  listed |= g_strcmp0 (wb_json_array_string (list, k), u->id) == 0;
                if ((u->flags & SPI_ATTACKER) && _wb_spi_on_map (u) && !listed &&
                    (best == NULL || u->halves < best->halves))
                  best = u;
              }
            if (best == NULL)
              break;
            json_array_add_string_element (list, best->id);
            owed -= _wb_spi_combat_halves (data, best, TRUE, TRUE);
          }
        json_object_set_array_member (a, "units", list);
        return a;
      }
    case SPI_PENDING_ADVANCE:
      if (wb_rng_bounded (rng, 2) == 0)
        for (guint i = 0; i < m->units->len; i++)
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
            WbOffset into;

            if (_wb_spi_may_advance (data, m, u, &into))
              {
                JsonObject *a = action ("advance");
                json_object_set_string_member (a, "unit", u->id);
                json_object_set_object_member (a, "to", hex_object (data, into));
                return a;
              }
          }
      return action ("no_advance");
    case SPI_PENDING_NONE:
    default:
      break;
    }
  return NULL;
}

static gboolean
may_attack (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  return u->side == m->active && _wb_spi_on_map (u) &&
         !(u->flags & (WB_UNIT_ATTACKED | SPI_INEFFECTIVE)) &&
         !_wb_spi_profile_says (data, m, u, G_STRUCT_OFFSET (SpiProfile, no_attack));
}

/* Adjacent across a hexside an attack may cross. */
static gboolean
attack_adjacent (SpiData *data, WbOffset a, WbOffset b)
{
  int d = _wb_spi_direction (data, a, b);
  return d >= 0 && !_wb_spi_side_prohibited (data, a, d);
}

/* The mandatory attacks (7.11, 7.12): an enemy hex not yet attacked next
 * to units that may attack it, with every such unit (and its hex-mates);
 * then the other enemy hexes next to all of them join. */
/* How many units may attack @e now. */
static guint
attackers_of (SpiData *data, WbMatch *m, const WbUnitState *e)
{
  guint n = 0;

  for (guint k = 0; k < m->units->len; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, k);
      if (may_attack (data, m, u) && attack_adjacent (data, u->where.hex, e->where.hex))
        n++;
    }
  return n;
}

static JsonObject *
mandatory_attack (SpiData *data, WbMatch *m)
{
  WbUnitState *e = NULL;
  guint fewest = G_MAXUINT;
  JsonArray *attackers, *defenders;
  g_autoptr(GPtrArray) hexes = NULL;
  JsonObject *a;

  /* The enemy with the fewest possible attackers first, so a unit that is
   * the only one able to attack some enemy is kept for it (7.23). */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
      guint n;

      if (o->side == m->active || !_wb_spi_on_map (o) || (o->flags & SPI_DEFENDED))
        continue;
      n = attackers_of (data, m, o);
      if (n > 0 && n < fewest)
        fewest = n, e = o;
    }
  if (e == NULL)
    return NULL;
  attackers = json_array_new ();
  hexes = g_ptr_array_new ();
  for (guint k = 0; k < m->units->len; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, k);
      if (may_attack (data, m, u) && attack_adjacent (data, u->where.hex, e->where.hex))
        {
          json_array_add_string_element (attackers, u->id);
          g_ptr_array_add (hexes, u);
        }
    }
  defenders = json_array_new ();
  for (guint k = 0; k < m->units->len; k++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, k);
      gboolean next_to_all = TRUE, listed = FALSE;
      char buf[32];

      if (o->side == m->active || !_wb_spi_on_map (o) || (o->flags & SPI_DEFENDED))
        continue;
      for (guint h = 0; h < hexes->len && next_to_all; h++)
        next_to_all = attack_adjacent (data, ((WbUnitState *) g_ptr_array_index (hexes, h))->where.hex,
                                       o->where.hex);
      /* Another hex joins only if nobody else next to it would be left
       * without an enemy to attack (7.12, 7.14). */
      for (guint k2 = 0; k2 < m->units->len && next_to_all && o != e; k2++)
        {
          WbUnitState *w = &g_array_index (m->units, WbUnitState, k2);
          next_to_all = !(may_attack (data, m, w) && attack_adjacent (data, w->where.hex, o->where.hex) &&
                          !g_ptr_array_find (hexes, w, NULL));
        }
      if (!next_to_all)
        continue;
      wb_hex_map_format_hex (data->map, o->where.hex, buf, sizeof buf);
      for (guint d = 0; d < json_array_get_length (defenders); d++)
        listed |= g_strcmp0 (wb_json_array_string (defenders, d), buf) == 0;
      if (!listed && json_array_get_length (defenders) < 6)
        json_array_add_string_element (defenders, buf);
    }
  a = action ("attack");
  json_object_set_array_member (a, "attackers", attackers);
  json_object_set_array_member (a, "defenders", defenders);
  return a;
}

JsonObject *
_wb_spi_suggest (SpiData *data, WbMatch *m, WbRng *rng)
{
  JsonObject *a;

  if (m->over)
    return NULL;
  if ((a = answer (data, m, rng)) != NULL)
    return a;
  if (m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT)
    {
      /* Voluntary combat: one time in four the phase ends with the
       * attacks left unmade. */
      if ((a = mandatory_attack (data, m)) != NULL &&
          (!data->voluntary || wb_rng_bounded (rng, 4) != 0))
        return a;
      g_clear_pointer (&a, json_object_unref);
      return action ("end_step");
    }

  /* Movement: the command rolls owed, reinforcements, then moves. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      gboolean unrolled;
      int held;

      if (u->side != m->active || !_wb_spi_on_map (u) || (u->flags & WB_UNIT_MOVED))
        continue;
      held = _wb_spi_held (data, m, u, &unrolled);
      if (held >= 0 && unrolled)
        {
          a = action ("command_roll");
          json_object_set_int_member (a, "roll", held);
          return a;
        }
    }
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      g_autoptr(GArray) at = NULL;

      if (u->side != m->active || u->where.kind != WB_WHERE_WAITING || u->arrives <= 0 ||
          u->arrives > m->turn || !(u->flags & WB_UNIT_IN_SCENARIO))
        continue;
      at = _wb_spi_entries (data, m, u);
      if (at->len == 0)
        continue;
      a = action ("enter");
      json_object_set_string_member (a, "unit", u->id);
      json_object_set_object_member (a, "at", hex_object (data, g_array_index (at, WbOffset, 0)));
      return a;
    }
  /* Each unit not moved yet: moved with a chance of 3 in 4, the rest stay. */
  {
    g_autoptr(GPtrArray) movers = g_ptr_array_new ();

    for (guint i = 0; i < m->units->len; i++)
      {
        WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        gboolean unrolled;

        if (u->side == m->active && _wb_spi_on_map (u) && !(u->flags & WB_UNIT_MOVED) &&
            _wb_spi_held (data, m, u, &unrolled) < 0)
          g_ptr_array_add (movers, u);
      }
    while (movers->len > 0)
      {
        guint pick = wb_rng_bounded (rng, movers->len);
        WbUnitState *u = g_ptr_array_index (movers, pick);
        g_autoptr(GArray) dest = _wb_spi_destinations (data, m, u->id);

        g_ptr_array_remove_index_fast (movers, pick);
        if (wb_rng_bounded (rng, 4) == 0 || dest == NULL || dest->len == 0)
          continue;
        a = action ("move");
        json_object_set_string_member (a, "unit", u->id);
        json_object_set_object_member (a, "to",
                                       hex_object (data, g_array_index (dest, WbDestination,
                                                                        wb_rng_bounded (rng, dest->len)).where.hex));
        return a;
      }
  }
  return action ("end_step");
}
