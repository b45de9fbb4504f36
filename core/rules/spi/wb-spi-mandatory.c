/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-error.h"
#include "rules/spi/wb-spi-private.h"

/* SPI Blue & Gray mandatory combat (7.1): who must attack and be attacked
 * at the end of a Combat Phase (7.11, 7.12, 8.41), and the declarations
 * that would make that impossible, refused as they are made (7.12, 7.23).
 * The rest of combat is wb-spi-combat.c. */

static gboolean
same_hex (WbOffset a, WbOffset b)
{
  return a.col == b.col && a.row == b.row;
}

/* Whether the zone of control of a unit in @hex reaches a hex marked in
 * @own_at. */
static gboolean
zoc_holds_friend (const WbHexGraph *base, WbHexLayout layout, int cols, WbOffset hex, const guint8 *own_at)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (wb_hex_graph_zoc_reaches (base, hex, d))
      {
        WbOffset n = wb_hex_neighbour (layout, hex, d);
        if (own_at[n.row * cols + n.col])
          return TRUE;
      }
  return FALSE;
}

/* Whether a phasing unit other than the attack's could still attack @e's
 * hex this phase: adjacent across a hexside it may attack across, or
 * artillery bombarding from range (8.1, 8.41). */
static gboolean
another_may_attack (SpiData *data, WbMatch *m, WbUnitState * const *attackers, guint n_attackers, const WbUnitState *e)
{
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  guint phasing = _wb_spi_phasing (m);

  for (guint k = 0; k < m->units->len; k++)
    {
      const WbUnitState *v = &g_array_index (m->units, WbUnitState, k);
      gboolean listed = FALSE;
      int d;

      if (v->side != phasing || !_wb_spi_on_map (v) ||
          (v->flags & (WB_UNIT_ATTACKED | SPI_INEFFECTIVE | SPI_ADVANCED)) ||
          _wb_spi_profile_says (data, m, v, G_STRUCT_OFFSET (SpiProfile, no_attack)))
        continue;
      for (guint j = 0; j < n_attackers && !listed; j++)
        listed = attackers[j] == v;
      if (listed)
        continue;
      d = _wb_spi_direction (data, v->where.hex, e->where.hex);
      if (d >= 0 ? !_wb_spi_side_prohibited (data, v->where.hex, d)
                 : _wb_spi_is_artillery (data, v) &&
                   wb_hex_distance (layout, v->where.hex, e->where.hex) <= data->artillery_range &&
                   _wb_spi_line_of_sight (data, v->where.hex, e->where.hex) && !_wb_spi_in_enemy_zoc (data, m, v))
        return TRUE;
    }
  return FALSE;
}

/* 7.23: an attacker in the zone of control of more than one enemy unit
 * attacks all of them that no other attacking unit engages. Attacks are
 * declared one at a time, so: an enemy unit adjacent to an attacker, with
 * a friendly unit in its zone of control (7.11 requires it attacked), not attacked yet
 * and not in this attack, must still be attackable by another unit —
 * else this attack would leave the Combat Phase impossible to end. The
 * enemy's unit is returned in @left. */
gboolean
_wb_spi_leaves_unengaged (SpiData *data, WbMatch *m, WbUnitState * const *attackers, guint n_attackers, const WbOffset *dhex, guint n_dhex,
                  const WbUnitState **left)
{
  guint phasing = _wb_spi_phasing (m);
  g_autofree guint8 *own_at = g_new0 (guint8, (gsize) data->cols * data->rows);
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  WbUnitState probe = { 0 };
  WbHexGraph *base;

  probe.id = SPI_NO_UNIT;
  base = _wb_spi_graph (data, m, &probe, 0);
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == phasing && _wb_spi_on_map (u) && !(u->flags & SPI_ADVANCED))
        own_at[u->where.hex.row * data->cols + u->where.hex.col] = 1;
    }
  for (guint k = 0; k < m->units->len; k++)
    {
      const WbUnitState *e = &g_array_index (m->units, WbUnitState, k);
      gboolean in_attack = FALSE, beside = FALSE;

      /* 7.11's obligation, as _wb_spi_check_mandatory reads it. */
      if (e->side == phasing || !_wb_spi_on_map (e) || (e->flags & (SPI_DEFENDED | SPI_ADVANCED | SPI_DISPLACED)) ||
          !zoc_holds_friend (base, layout, data->cols, e->where.hex, own_at))
        continue;
      for (guint h = 0; h < n_dhex && !in_attack; h++)
        in_attack = same_hex (dhex[h], e->where.hex);
      for (guint i = 0; i < n_attackers && !in_attack && !beside; i++)
        {
          const WbUnitState *u = attackers[i];
          int d = _wb_spi_direction (data, u->where.hex, e->where.hex);
          beside = d >= 0 && !_wb_spi_side_prohibited (data, u->where.hex, d);
        }
      if (!in_attack && beside && !another_may_attack (data, m, attackers, n_attackers, e))
        {
          *left = e;
          return TRUE;
        }
    }
  return FALSE;
}

/* 7.12: every phasing unit in an enemy zone of control attacks, "as long
 * as all adjacent friendly units participate". A unit held only by the
 * zones of the enemies this attack takes (and of those attacked already)
 * that stays out of it could attack nobody afterwards: it must join.
 * Returned in @idle. */
gboolean
_wb_spi_leaves_attacker_idle (SpiData *data, WbMatch *m, WbUnitState * const *attackers, guint n_attackers, const WbOffset *dhex, guint n_dhex,
                      const WbUnitState **idle)
{
  guint phasing = _wb_spi_phasing (m);
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  WbUnitState probe = { 0 };
  WbHexGraph *base;

  probe.id = SPI_NO_UNIT;
  base = _wb_spi_graph (data, m, &probe, 0);
  for (guint k = 0; k < m->units->len; k++)
    {
      const WbUnitState *x = &g_array_index (m->units, WbUnitState, k);
      gboolean listed = FALSE, held_here = FALSE, held_elsewhere = FALSE;

      if (x->side != phasing || !_wb_spi_on_map (x) ||
          (x->flags & (WB_UNIT_ATTACKED | SPI_INEFFECTIVE | SPI_ADVANCED)) ||
          _wb_spi_profile_says (data, m, x, G_STRUCT_OFFSET (SpiProfile, no_attack)))
        continue;
      for (guint j = 0; j < n_attackers && !listed; j++)
        listed = attackers[j] == x;
      /* Only a unit beside a hex attacked now can be held by it. */
      for (guint h = 0; h < n_dhex && !held_here; h++)
        held_here = wb_hex_distance (layout, x->where.hex, dhex[h]) == 1;
      if (listed || !held_here)
        continue;
      held_here = FALSE;
      /* The enemies whose zones hold @x: those around it whose zone
       * reaches its hex. */
      for (int d = 0; d < WB_HEX_DIRECTIONS && !held_elsewhere; d++)
        {
          WbOffset n = wb_hex_neighbour (layout, x->where.hex, d);
          gboolean attacked_now = FALSE;
          int back = -1;

          for (guint h = 0; h < n_dhex && !attacked_now; h++)
            attacked_now = same_hex (dhex[h], n);
          for (guint i = 0; i < m->units->len; i++)
            {
              const WbUnitState *e = &g_array_index (m->units, WbUnitState, i);

              if (e->side == phasing || !_wb_spi_on_map (e) || (e->flags & SPI_ADVANCED) ||
                  !same_hex (e->where.hex, n))
                continue;
              if (back < 0)
                back = _wb_spi_direction (data, n, x->where.hex);
              if (back < 0 || !wb_hex_graph_zoc_reaches (base, n, back))
                break;
              if (attacked_now && !_wb_spi_side_prohibited (data, x->where.hex, d))
                held_here = TRUE;
              else if (!attacked_now && !(e->flags & (SPI_DEFENDED | SPI_DISPLACED)))
                held_elsewhere = TRUE;
            }
        }
      if (held_here && !held_elsewhere)
        {
          *idle = x;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
_wb_spi_check_mandatory (SpiData *data, WbMatch *m, WbRuleContext *ctx, GError **error)
{
  guint phasing = _wb_spi_phasing (m);
  /* The hexes holding a phasing unit that may be in a zone of control. */
  g_autofree guint8 *own_at = g_new0 (guint8, (gsize) data->cols * data->rows);
  /* Not data->zoc: that holds _wb_spi_mark_enemies ()'s marks, kept. */
  g_autofree guint8 *enemy_zoc = g_new0 (guint8, (gsize) data->cols * data->rows);
  WbHexGraph *base;
  WbHexLayout layout = wb_hex_map_get_layout (data->map);

  if (spi_state (m)->pending != SPI_PENDING_NONE)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("Finish the combat in progress first"));
      return FALSE;
    }
  /* rules.params.combat "voluntary": no attack is owed; without zones of
   * control (zoc "none") none is either. */
  if (data->voluntary || data->zoc_mode == SPI_ZOC_NONE)
    return TRUE;
  /* 7.75: units that advanced neither attack nor are attacked: their zones
   * of control oblige no attack, on either side. */
  {
    WbUnitState probe = { 0 };

    probe.id = SPI_NO_UNIT;
    base = _wb_spi_graph (data, m, &probe, 0);
    for (guint i = 0; i < m->units->len; i++)
      {
        const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        if (!_wb_spi_on_map (u) || (u->flags & SPI_ADVANCED))
          continue;
        if (u->side == phasing)
          own_at[u->where.hex.row * data->cols + u->where.hex.col] = 1;
        /* An enemy attacked already cannot be again (7.14): its zone obliges
         * no attack any more — a unit it retreated beside is not held (the
         * attack on it had to include the units its zone held then: see
         * _wb_spi_leaves_attacker_idle ()). The obligations are those of
         * the end of the Movement Phase (7.12): an enemy displaced beside a
         * unit since (7.81) makes none either way. */
        else if (!(u->flags & (SPI_DEFENDED | SPI_DISPLACED)))
          wb_hex_graph_add_zoc (base, u->where.hex, enemy_zoc);
      }
  }
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int at;
      g_autofree char *name = NULL;

      if (!_wb_spi_on_map (u))
        continue;
      at = u->where.hex.row * data->cols + u->where.hex.col;
      name = wb_match_unit_text (m, u);
      /* 7.12, 8.41: every phasing unit in an enemy zone of control attacks
       * (train defense units, which never attack, and the ineffective,
       * excepted; advancing units may not). */
      if (u->side == phasing && enemy_zoc[at] && !(u->flags & (WB_UNIT_ATTACKED | SPI_INEFFECTIVE)) &&
          !_wb_spi_profile_says (data, m, u, G_STRUCT_OFFSET (SpiProfile, no_attack)) &&
          !wb_rule_check (ctx, m, "spi.mandatory", FALSE, error,
                          _("%s is in an enemy zone of control and has not attacked"), name))
        return FALSE;
      /* 7.11: every enemy unit that has friendly units in its zone of
       * control is attacked — its own zone, which terrain may keep from a
       * hex the friendly unit's reaches (a unit retreated beside it, out
       * of its zone, obliges no attack). */
      if (u->side != phasing && !(u->flags & (SPI_DEFENDED | SPI_ADVANCED | SPI_DISPLACED)) &&
          zoc_holds_friend (base, layout, data->cols, u->where.hex, own_at) &&
          !wb_rule_check (ctx, m, "spi.mandatory", FALSE, error,
                          _("%s is in a friendly zone of control and has not been attacked"), name))
        return FALSE;
    }
  return TRUE;
}
