/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-scenario.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/blind-swords/wb-bs-private.h"

/* Reinforcements for the Blind Swords family (series 10.11; excl. 17.6j's
 * units drawn from a box): when a unit is due, where it enters, and the
 * enemy that delays it. */

/* 10.11: whether an enemy of @side is at @hex or next to it. */
static gboolean
enemy_near (WbMatch *m, guint side, WbOffset hex)
{
  WbHexLayout layout = wb_hex_map_get_layout (WB_HEX_MAP (m->map));

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *e = &g_array_index (m->units, WbUnitState, i);

      if (e->side != side && e->where.kind == WB_WHERE_HEX && wb_hex_distance (layout, e->where.hex, hex) <= 1)
        return TRUE;
    }
  return FALSE;
}

/* 10.11: the closest hex to @hex not occupied by or next to an enemy of
 * @side (the first in column order among equals: the owner's choice is
 * not asked), FALSE when there is none. */
static gboolean
closest_clear (WbMatch *m, guint side, WbOffset hex, WbOffset *out)
{
  WbHexMap *map = WB_HEX_MAP (m->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  int best = G_MAXINT;

  for (int c = 0; c < wb_hex_map_get_cols (map); c++)
    for (int r = 0; r < wb_hex_map_get_rows (map); r++)
      {
        WbOffset h = { .col = c, .row = r };
        int d = wb_hex_distance (layout, hex, h);

        if (d < best && !enemy_near (m, side, h))
          {
            best = d;
            *out = h;
          }
      }
  return best < G_MAXINT;
}

/* 10.11: a unit due by now enters at its reinforcement's hex (the first
 * of its places). With an enemy there or next to it, it is delayed to the
 * next turn; still so then, it enters at the closest hex clear of the
 * enemy. */
void
_wb_bs_arrive (BsData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx)
{
  GPtrArray *reinf = wb_scenario_get_reinforcements (m->scenario);
  guint n = reinf != NULL ? reinf->len : 0;

  /* A unit drawn from a box (excl. 17.6j) arrives at its hex, after the
   * scenario's reinforcements (one more turn of the loop). */
  for (guint r = 0; r <= n; r++)
    {
      WbReinforcement *re = r < n ? g_ptr_array_index (reinf, r) : NULL;
      WbWhere where;

      if (re == NULL)
        {
          gpointer v = g_hash_table_lookup (m->index, u->id);

          if (v == NULL || !_wb_bs_arrival_hex (data, m, (guint) GPOINTER_TO_INT (v) - 1, &where.hex))
            return;
          where.kind = WB_WHERE_HEX;
          where.place = NULL;
        }
      else if (re->units == NULL || !g_ptr_array_find_with_equal_func (re->units, u->id, g_str_equal, NULL) ||
               re->at == NULL || re->at->len == 0 ||
               !wb_match_place_where (m, &g_array_index (re->at, WbPlace, 0), &where, NULL))
        continue;
      if (where.kind == WB_WHERE_HEX && enemy_near (m, u->side, where.hex))
        {
          g_autofree char *text = wb_match_unit_text (m, u);
          g_autofree char *place = wb_match_where_text (m, &where);
          WbOffset clear;

          if (u->data[BS_DATA_DELAYED] == 0 || u->data[BS_DATA_DELAYED] == m->turn)
            {
              u->data[BS_DATA_DELAYED] = m->turn;
              /* TRANSLATORS: 10.11: a reinforcement's hex is occupied by or next to the enemy */
              wb_rule_say (ctx, m, _("%s cannot enter at %s, an enemy unit is there or next to it: delayed to the "
                                     "next turn (10.11)."), text, place);
              return;
            }
          if (!closest_clear (m, u->side, where.hex, &clear))
            return;
          where.hex = clear;
          u->where = where;
          {
            g_autofree char *at = wb_match_where_text (m, &where);

            /* TRANSLATORS: 10.11: still blocked when activated again */
            wb_rule_say (ctx, m, _("%s enters at %s, the closest hex to %s clear of the enemy (10.11)."), text, at,
                         place);
          }
          return;
        }
      u->where = where;
      {
        g_autofree char *text = wb_match_unit_text (m, u);
        g_autofree char *place = wb_match_where_text (m, &where);

        /* TRANSLATORS: 10.11: a reinforcement placed (a brigade's with its Full Activation, artillery at the
         * start of the Artillery Phase) */
        wb_rule_say (ctx, m, _("%s enters at %s (10.11)."), text, place);
      }
      return;
    }
}

gboolean
_wb_bs_due (WbMatch *m, const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_WAITING && u->arrives > 0 && u->arrives <= m->turn &&
         (u->flags & WB_UNIT_IN_SCENARIO);
}

/* 10.11: a brigade's reinforcements enter with its Full Activation. */
void
_wb_bs_enter_reinforcements (BsData *data, WbMatch *m, guint b, WbRuleContext *ctx)
{
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (data->unit_brigade[i] == (int) b && _wb_bs_due (m, u))
        _wb_bs_arrive (data, m, u, ctx);
    }
}
