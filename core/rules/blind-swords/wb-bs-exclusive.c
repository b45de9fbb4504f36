/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "wb-unit.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/wb-hex-movement.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The rules played around a move (docs/rules-engine.md, "The Blind Swords
 * family: the rules around movement"): what entering a hex does (the
 * Bayou Entry Table and the Cohesion Checks of exclusive 2.10h-k), the
 * pioneers and the Fallen Timber Reduction (exclusive 2.1a, 14.4),
 * Skirmish Order (exclusive 15.0), the cavalry's mounting, Charge and
 * withdrawals (10.8-10.10), off-map withdrawals (10.12) and artillery up a
 * Steep Slope (6.5a). wb-bs-activation.c calls the walk of a move and
 * hands the new actions here; the ways are wb-bs-move.c's. */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static gboolean
on_map (const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_HEX;
}

static char *
hex_name (BsData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

static WbApplyResult
refuse (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static WbApplyResult
refuse (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return WB_APPLY_REFUSED;
}

static int
unit_index (WbMatch *m, const char *id)
{
  gpointer v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;

  return v != NULL ? GPOINTER_TO_INT (v) - 1 : -1;
}

static gboolean
act_die (gpointer p, int *face, GError **error)
{
  BsAct *a = p;

  return wb_rule_die (a->ctx, a->m, a->action, a->die++, 6, face, error);
}

static void
say_unit (BsAct *a, guint i, const char *what)
{
  g_autofree char *name = wb_match_unit_text (a->m, unit_at (a->m, i));

  wb_rule_say (a->ctx, a->m, "%s %s", name, what);
}

/* ---- Parameters ---- */

/* The rules.params read here are few and read rarely: through a view made
 * at each call, so that nothing is kept beside the family's compile. */
static void
params_of (BsData *data, WbParams *p)
{
  wb_params_init (p, _wb_bs_params, WB_BS_N_PARAMS, "blind-swords", data->game,
                  data->scenario != NULL ? wb_scenario_get_id (data->scenario) : NULL);
}

int
_wb_bs_excl_param (BsData *data, const char *name)
{
  WbParams p;

  params_of (data, &p);
  return (int) wb_params_int (&p, name);
}

/* terrain_effects' @member (a bool) for the terrain or feature @id. */
static gboolean
effect_bool (const WbParams *p, const char *id, const char *member, gboolean *listed)
{
  WbParams e;

  *listed = FALSE;
  if (id == NULL || !wb_params_entry (p, "terrain_effects", id, &e))
    return FALSE;
  *listed = TRUE;
  return wb_params_bool (&e, member);
}

/* ---- Units off the map ---- */

/* A unit broken (Broken Box @box) or eliminated (0, artillery, Fragile),
 * as wb-bs-fight.c does it. */
static void
break_unit (BsData *data, WbMatch *m, guint i, int box)
{
  WbUnitState *u = unit_at (m, i);
  const char *place = data->n_broken >= 2 && box >= 1 && box <= (int) data->n_broken - 1
                      ? data->broken[data->n_broken - 1 - (guint) box] : NULL;

  u->flags &= ~(BS_UNIT_MORALE | BS_UNIT_SKIRMISH | BS_UNIT_CHAOS | BS_UNIT_COMMITTED | BS_UNIT_CHARGED);
  u->flags |= BS_UNIT_WORN;
  u->halves = data->counter[i].sp[1];
  if (place != NULL && bs_role (data, m, i) != BS_ROLE_ARTILLERY && !data->counter[i].fragile)
    {
      u->where.kind = WB_WHERE_BOX;
      u->where.place = place;
    }
  else
    {
      u->where.kind = WB_WHERE_ELIMINATED;
      u->where.place = NULL;
    }
}

/* What Morale Hits did to @e, on its unit. */
static void
morale_back (BsAct *a, guint i, const WbBsUnit *e)
{
  WbUnitState *u = unit_at (a->m, i);

  if (e->broken != 0)
    {
      break_unit (a->data, a->m, i, e->broken == WB_BS_ELIMINATED ? 0 : e->broken);
      if (u->where.kind == WB_WHERE_BOX)
        {
          /* TRANSLATORS: 12.6: the Broken Box a unit is placed in */
          g_autofree char *what = g_strdup_printf (_("breaks: Broken Box %d (12.6)."), e->broken);

          say_unit (a, i, what);
        }
      else
        say_unit (a, i, _("is eliminated (12.6)."));
      return;
    }
  u->flags &= ~(guint32) BS_UNIT_MORALE;
  if (e->morale == 1)
    u->flags |= BS_UNIT_SHAKEN;
  else if (e->morale >= 2)
    u->flags |= BS_UNIT_DISRUPTED;
  say_unit (a, i, e->morale >= 2 ? _("is Disrupted (12.5).") : _("is Shaken (12.5)."));
}

static gboolean
morale_hit (BsAct *a, guint i, GError **error)
{
  WbBsUnit e;

  _wb_bs_engine_unit (a->data, a->m, i, FALSE, &e);
  e.index = (gint16) i;
  if (!wb_bs_morale_hits (a->data->tables, &e, 1, act_die, a, error))
    return FALSE;
  morale_back (a, i, &e);
  return TRUE;
}

/* Excl. 2.10h, j: the game's table "cohesion-check" sets out the same
 * rule per CR but no parameter names it: the text's rule is played. */
gboolean
_wb_bs_cohesion_check (BsAct *a, guint i, GError **error)
{
  WbBsUnit e;
  int die, cr;

  _wb_bs_engine_unit (a->data, a->m, i, FALSE, &e);
  cr = wb_bs_unit_cr (a->data->tables, &e);
  if (!act_die (a, &die, error))
    return FALSE;
  if (die <= cr)
    {
      /* TRANSLATORS: excl. 2.10h, j: a passed Cohesion Check, the die and the CR */
      g_autofree char *what = g_strdup_printf (_("passes its Cohesion Check (%d against CR %d, excl. 2.10h, j)."),
                                               die, cr);

      say_unit (a, i, what);
      return TRUE;
    }
  {
    /* TRANSLATORS: excl. 2.10h, j: a failed Cohesion Check, the die and the CR */
    g_autofree char *what = g_strdup_printf (_("fails its Cohesion Check (%d against CR %d): a Morale Hit "
                                               "(excl. 2.10h, j)."), die, cr);

    say_unit (a, i, what);
  }
  return morale_hit (a, i, error);
}

gboolean
_wb_bs_retreat_entry (BsAct *a, guint i, WbOffset hex, GError **error)
{
  /* 2.10h last line: a retreat into a Bayou hex takes no roll but the
   * check; 2.10j: into Cypress the check. */
  if (bs_role (a->data, a->m, i) != BS_ROLE_INFANTRY || !on_map (unit_at (a->m, i)) ||
      (!_wb_bs_hex_entry_check (a->data, a->m, hex) && _wb_bs_hex_entry_table (a->data, a->m, hex) == NULL))
    return TRUE;
  return _wb_bs_cohesion_check (a, i, error);
}

/* ---- The walk of a move ---- */

/* The row of @table a die of @die falls in (the Bayou Entry Table's rows
 * in order: enter, the player's choice, prohibited), -1 when none. */
static int
table_row (WbTable *table, int die)
{
  GPtrArray *rows = wb_table_get_rows (table);

  for (guint r = 0; rows != NULL && r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);
      int hi = row->hi >= row->lo ? row->hi : row->lo;

      if (die >= row->lo && die <= hi)
        return (int) r;
    }
  return -1;
}

static void
bar (BsData *data, WbMatch *m, guint i, WbOffset hex)
{
  BsState *st = bs_state (m);

  (void) data;
  if (st->barred_turn != m->turn)
    {
      st->barred_turn = (gint16) m->turn;
      st->n_barred = 0;
    }
  if (st->n_barred >= G_N_ELEMENTS (st->barred_unit))
    {
      /* The oldest goes: a unit rarely rolls that often in a turn. */
      memmove (st->barred_unit, st->barred_unit + 1, sizeof st->barred_unit - sizeof st->barred_unit[0]);
      memmove (st->barred_hex, st->barred_hex + 1, sizeof st->barred_hex - sizeof st->barred_hex[0]);
      st->n_barred--;
    }
  st->barred_unit[st->n_barred] = (gint16) i;
  st->barred_hex[st->n_barred] = hex;
  st->n_barred++;
}

/* 6.5a: from @from up a Steep Slope hexside into @to. */
static gboolean
climbs (BsData *data, WbOffset from, WbOffset to)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (wb_offset_equal (wb_hex_neighbour (data->layout, from, d), to))
      {
        GPtrArray *sides = wb_hex_map_get_side_features (data->map, from, d);

        if (wb_hex_map_get_elevation (data->map, to) <= wb_hex_map_get_elevation (data->map, from))
          return FALSE;
        for (guint k = 0; sides != NULL && k < sides->len; k++)
          for (guint c = 0; c < data->n_climb; c++)
            if (g_ptr_array_index (sides, k) == (gpointer) data->climb[c])
              return TRUE;
      }
  return FALSE;
}

void
_wb_bs_skirmish_withdrawal (BsData *data, WbMatch *m, guint u, guint mover, BsRetreat *out)
{
  const WbUnitState *s = unit_at (m, u);

  /* 15.3: one hex away from the mover, farther until no enemy is next to
   * it; the retreat's priorities choose among the hexes (12.3). */
  for (int hexes = 1; hexes <= 4; hexes++)
    {
      _wb_bs_retreat (data, m, u, hexes, &mover, 1, out);
      if (out->end == BS_RETREAT_DONE && out->n > 0 &&
          !_wb_bs_enemy_within (data, m, s->side, out->hex[out->n - 1], 1))
        return;
    }
  memset (out, 0, sizeof *out);
  out->end = BS_RETREAT_BROKEN3;
}

/* 15.3: the enemy skirmishers next to @mover withdraw, no roll, no
 * check, no Opportunity Fire (2.10h's note; 15.3). */
static void
skirmishers_withdraw (BsAct *a, guint mover)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  WbOffset at = unit_at (m, mover)->where.hex;

  for (guint j = 0; j < data->n_units; j++)
    {
      WbUnitState *v = unit_at (m, j);
      BsRetreat r;

      if (v->side == unit_at (m, mover)->side || !on_map (v) || !(v->flags & BS_UNIT_SKIRMISH) ||
          wb_hex_distance (data->layout, v->where.hex, at) != 1)
        continue;
      _wb_bs_skirmish_withdrawal (data, m, j, mover, &r);
      if (r.end == BS_RETREAT_DONE)
        {
          g_autofree char *to = hex_name (data, r.hex[r.n - 1]);
          /* TRANSLATORS: excl. 15.3: a skirmisher withdraws to a hex */
          g_autofree char *what = g_strdup_printf (_("withdraws to %s before the enemy (excl. 15.3)."), to);

          v->where.hex = r.hex[r.n - 1];
          say_unit (a, j, what);
        }
      else
        {
          break_unit (data, m, j, 1);
          say_unit (a, j, v->where.kind == WB_WHERE_BOX ? _("cannot withdraw: Broken Box 1 (excl. 15.3).")
                                                        : _("cannot withdraw: eliminated (excl. 15.3)."));
        }
    }
}

/* 10.8: whether the mounted cavalry @j may withdraw from @mover now, and
 * somewhere to. */
static gboolean
may_withdraw_from (BsData *data, WbMatch *m, guint j, guint mover, WbOffset *first)
{
  const WbUnitState *v = unit_at (m, j);
  WbOffset at = unit_at (m, mover)->where.hex;
  int now;

  if (!on_map (v) || bs_role (data, m, j) != BS_ROLE_CAVALRY || (v->flags & BS_UNIT_CHAOS) ||
      v->side == unit_at (m, mover)->side)
    return FALSE;
  now = wb_hex_distance (data->layout, v->where.hex, at);
  if (now < 1 || now > 2)
    return FALSE;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset to = wb_hex_neighbour (data->layout, v->where.hex, d);

      if (wb_hex_map_contains (data->map, to) && wb_hex_distance (data->layout, to, at) > now &&
          _wb_bs_cavalry_may_enter (data, m, j, to))
        {
          if (first != NULL)
            *first = to;
          return TRUE;
        }
    }
  return FALSE;
}

/* The cavalry of BsState.wd_units that may still withdraw; when none, the
 * step goes back. */
static void
withdraw_turn (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  guint n = 0;

  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    if (st->wd_mover > 0 && may_withdraw_from (data, m, (guint) st->wd_units[k], (guint) st->wd_mover - 1, NULL))
      st->wd_units[n++] = st->wd_units[k];
  st->n_wd = (guint8) n;
  if (n == 0 && m->step == BS_WITHDRAW)
    {
      m->step = st->wd_resume;
      m->active = st->wd_resume_active;
      st->wd_mover = 0;
    }
}

/* 10.8: after an infantry or artillery unit's move, the enemy's mounted
 * cavalry within two hexes may withdraw: a step of theirs. */
static void
offer_withdrawal (BsData *data, WbMatch *m, guint mover)
{
  BsState *st = bs_state (m);
  BsRole role = bs_role (data, m, mover);

  if (!on_map (unit_at (m, mover)) || (role != BS_ROLE_INFANTRY && role != BS_ROLE_ARTILLERY))
    return;
  st->n_wd = 0;
  for (guint j = 0; j < data->n_units && st->n_wd < G_N_ELEMENTS (st->wd_units); j++)
    if (may_withdraw_from (data, m, j, mover, NULL))
      st->wd_units[st->n_wd++] = (gint16) j;
  if (st->n_wd == 0)
    return;
  st->wd_mover = (gint16) (mover + 1);
  st->wd_resume = (guint8) m->step;
  st->wd_resume_active = (guint8) m->active;
  m->step = BS_WITHDRAW;
  m->active = 1 - unit_at (m, mover)->side;
}

gboolean
_wb_bs_walk (BsAct *a, guint i, const BsPath *path, guint go, GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  WbUnitState *u = unit_at (m, i);
  WbOffset start = u->where.hex, prev = start;
  gboolean exempt = _wb_bs_entry_exempt (data, m, u->side);
  gboolean infantry = bs_role (data, m, i) == BS_ROLE_INFANTRY;
  gboolean climbed = FALSE;
  int spent = 0;
  guint entered = 0;

  for (guint k = 0; k < path->n && on_map (u); k++)
    {
      WbOffset h = path->hex[k];
      WbTable *table = infantry && !(path->road & (1u << k)) && !exempt ? _wb_bs_hex_entry_table (data, m, h) : NULL;
      gboolean check = infantry && _wb_bs_hex_entry_check (data, m, h);

      /* Excl. 2.10h: the roll before entering; 2.10k: none over the
       * Corduroy Bridge (a road step); 17.6h: none when exempt. */
      if (table != NULL)
        {
          g_autofree char *at = hex_name (data, h);
          int die, row;

          if (!act_die (a, &die, error))
            return FALSE;
          row = table_row (table, die);
          if (row == 1 && (go & BS_GO_STAY))
            {
              /* TRANSLATORS: excl. 2.10h: a 3-4, the player keeps the unit out */
              g_autofree char *what = g_strdup_printf (_("rolls %d on the %s and stays out of %s (excl. 2.10h)."),
                                                       die, wb_table_get_name (table), at);

              say_unit (a, i, what);
              spent = path->cost[k];
              break;
            }
          if (row >= 2)
            {
              /* TRANSLATORS: excl. 2.10h: a 5-6, the hex is prohibited this turn */
              g_autofree char *what = g_strdup_printf (_("rolls %d on the %s: it may not enter %s this turn "
                                                         "(excl. 2.10h)."), die, wb_table_get_name (table), at);

              say_unit (a, i, what);
              bar (data, m, i, h);
              spent = path->cost[k];
              break;
            }
          {
            /* TRANSLATORS: excl. 2.10h: a 1-2 (or 3-4 entering), the unit enters */
            g_autofree char *what = g_strdup_printf (row == 1 ? _("rolls %d on the %s and enters %s with a Cohesion "
                                                                  "Check (excl. 2.10h).")
                                                              : _("rolls %d on the %s and enters %s (excl. 2.10h)."),
                                                     die, wb_table_get_name (table), at);

            say_unit (a, i, what);
          }
          check |= row == 1;
        }
      u->where.hex = h;
      spent = path->cost[k];
      entered++;
      if (bs_role (data, m, i) == BS_ROLE_ARTILLERY && climbs (data, prev, h))
        climbed = TRUE;
      prev = h;
      if (check && !_wb_bs_cohesion_check (a, i, error))
        return FALSE;
    }
  u->flags |= BS_UNIT_MOVED;
  u->data[BS_DATA_SPENT] += spent;
  if (entered > 0 && on_map (u))
    {
      g_autofree char *name = wb_match_unit_text (m, u);
      g_autofree char *from = hex_name (data, start);
      g_autofree char *at = hex_name (data, u->where.hex);

      /* TRANSLATORS: 10.1: a move, its MP */
      wb_rule_say (a->ctx, m, _("%s moves from %s to %s (%g MP)."), name, from, at, spent / (double) WB_MOVE_QUARTERS);
    }
  if (!on_map (u) || entered == 0)
    return TRUE;
  /* 6.5a: up a Steep Slope, a Morale Hit. */
  if (climbed)
    {
      say_unit (a, i, _("climbs a Steep Slope: a Morale Hit (6.5a)."));
      if (!morale_hit (a, i, error))
        return FALSE;
      if (!on_map (u))
        return TRUE;
    }
  if ((go & BS_GO_CHARGE) && entered == path->n)
    {
      u->flags |= BS_UNIT_CHARGED;
      say_unit (a, i, _("makes a Charge Move: it must attack in the Close Combat Step (10.10)."));
    }
  skirmishers_withdraw (a, i);
  _wb_bs_pioneers_check (data, m, a->ctx);
  offer_withdrawal (data, m, i);
  return TRUE;
}

/* ---- Charge (10.10) ---- */

/* Clear terrain for a Charge: the hex's terrain, features and markers
 * with terrain_effects all say "charge" (terrain_effects' charge). */
static gboolean
clear_hex (BsData *data, WbMatch *m, const WbParams *p, WbOffset hex)
{
  GPtrArray *features = wb_hex_map_get_hex_features (data->map, hex);
  gboolean listed;

  if (!effect_bool (p, wb_hex_map_get_terrain (data->map, hex), "charge", &listed))
    return FALSE;
  for (guint k = 0; features != NULL && k < features->len; k++)
    if (!effect_bool (p, g_ptr_array_index (features, k), "charge", &listed) && listed)
      return FALSE;
  for (guint k = 0; m->markers != NULL && k < m->markers->len; k++)
    {
      const WbMatchMarker *mk = &g_array_index (m->markers, WbMatchMarker, k);

      if (wb_offset_equal (mk->hex, hex) && !effect_bool (p, mk->feature, "charge", &listed) && listed)
        return FALSE;
    }
  return TRUE;
}

/* A hexside between @a and @b no Charge crosses (terrain_effects'
 * no_charge: slopes, 10.10g). */
static gboolean
no_charge_between (BsData *data, const WbParams *p, WbOffset a, WbOffset b)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (wb_offset_equal (wb_hex_neighbour (data->layout, a, d), b))
      {
        GPtrArray *sides = wb_hex_map_get_side_features (data->map, a, d);
        gboolean listed;

        for (guint k = 0; sides != NULL && k < sides->len; k++)
          if (effect_bool (p, g_ptr_array_index (sides, k), "no_charge", &listed))
            return TRUE;
      }
  return FALSE;
}

const char *
_wb_bs_charge_refusal (BsData *data, WbMatch *m, guint i, const BsPath *path)
{
  WbUnitState *u = unit_at (m, i);
  WbParams p;
  WbOffset prev = u->where.hex, end;
  int own = _wb_bs_stack_halves (data, m, i);
  gboolean target = FALSE;

  params_of (data, &p);
  if (bs_role (data, m, i) != BS_ROLE_CAVALRY)
    return _("only mounted cavalry charges (10.10)");
  if (g_strcmp0 (_wb_bs_acting_order (data, m), "attack") != 0)
    return _("a Charge is followed by a Close Combat: only under an Attack Order (10.10)");
  if (u->flags & BS_UNIT_MORALE)
    return _("a Shaken or Disrupted unit does not charge (10.10a)");
  if (u->data[BS_DATA_SPENT] != 0 || (u->flags & BS_UNIT_MOVED) || !clear_hex (data, m, &p, u->where.hex))
    return _("a charging unit starts its Movement Step in Clear terrain (10.10b)");
  if (path == NULL || path->n == 0)
    return _("the Charge Move has no way");
  for (guint k = 0; k < path->n; k++)
    {
      if (!clear_hex (data, m, &p, path->hex[k]))
        return _("a Charge Move enters only Clear hexes (10.10c)");
      if (_wb_bs_hex_stack (data, m, path->hex[k], (int) i) + own > data->stacking_halves)
        return _("a Charge Move never over-stacks a hex (10.10d)");
      if (no_charge_between (data, &p, prev, path->hex[k]))
        return _("a Charge Move crosses no Slope or Steep Slope hexside (10.10g)");
      prev = path->hex[k];
    }
  end = path->hex[path->n - 1];
  for (int d = 0; d < WB_HEX_DIRECTIONS && !target; d++)
    {
      WbOffset t = wb_hex_neighbour (data->layout, end, d);
      gboolean foot = FALSE, other = FALSE;

      if (!wb_hex_map_contains (data->map, t))
        continue;
      for (guint j = 0; j < data->n_units; j++)
        {
          const WbUnitState *v = unit_at (m, j);
          BsRole r = bs_role (data, m, j);

          if (v->side == u->side || !on_map (v) || !wb_offset_equal (v->where.hex, t) || r == BS_ROLE_PIONEER ||
              r == BS_ROLE_MARKER)
            continue;
          if (r == BS_ROLE_INFANTRY || r == BS_ROLE_ARTILLERY)
            foot = TRUE;
          else
            other = TRUE;
        }
      target = foot && !other && clear_hex (data, m, &p, t) && !no_charge_between (data, &p, end, t);
    }
  if (!target)
    return _("a Charge Move ends next to an enemy hex of infantry or artillery only, in Clear terrain, not across "
             "a slope (10.10e-g)");
  return NULL;
}

int
_wb_bs_charge_owed (BsData *data, WbMatch *m)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (_wb_bs_in_brigade (data, m, i) && on_map (u) && (u->flags & BS_UNIT_CHARGED) &&
          !(u->flags & BS_UNIT_COMMITTED) && _wb_bs_enemy_within (data, m, u->side, u->where.hex, 1))
        return (int) i;
    }
  return -1;
}

/* ---- Pioneers and Fallen Timber (excl. 2.1a, 14.4) ---- */

static gboolean
timber_at (BsData *data, WbMatch *m, WbOffset hex)
{
  for (guint w = 0; w < data->n_work; w++)
    if (wb_match_find_marker (m, data->work[w], hex) >= 0)
      return TRUE;
  return FALSE;
}

static gboolean
timber_near (WbMatch *m, BsData *data, WbOffset hex)
{
  for (guint k = 0; m->markers != NULL && k < m->markers->len; k++)
    {
      const WbMatchMarker *mk = &g_array_index (m->markers, WbMatchMarker, k);

      if (timber_at (data, m, mk->hex) && wb_hex_distance (data->layout, mk->hex, hex) <= 1)
        return TRUE;
    }
  return FALSE;
}

/* A pioneer of @side not on the map (-1: none), and how many are on it. */
static int
free_pioneer (BsData *data, WbMatch *m, guint side, guint *on)
{
  int free = -1;

  *on = 0;
  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);

      if (data->counter[j].role != BS_ROLE_PIONEER || v->side != side)
        continue;
      if (on_map (v))
        (*on)++;
      else if (free < 0 && v->where.kind == WB_WHERE_WAITING)
        free = (int) j;
    }
  return free;
}

void
_wb_bs_excl_begin (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);

  for (guint i = 0; i < data->n_units; i++)
    {
      WbUnitState *u = unit_at (m, i);
      guint on;

      if (!_wb_bs_in_brigade (data, m, i))
        continue;
      u->data[BS_DATA_EXCL] &= ~(gint32) (BS_EX_MAY_PIONEER | BS_EX_MODE_CHANGED);
      /* 2.1a: infantry of a side with pioneers, starting its Full
       * Activation in or next to a Fallen Timber marker. */
      if (st->activation == BS_ACT_FULL && on_map (u) && bs_role (data, m, i) == BS_ROLE_INFANTRY &&
          timber_near (m, data, u->where.hex) &&
          (free_pioneer (data, m, u->side, &on) >= 0 || on > 0))
        u->data[BS_DATA_EXCL] |= BS_EX_MAY_PIONEER;
    }
}

/* Whether @i may place a pioneer on @hex now (2.1a); @why when not. */
static gboolean
may_place_pioneer (BsData *data, WbMatch *m, guint i, WbOffset hex, const char **why)
{
  const WbUnitState *u = unit_at (m, i);
  BsState *st = bs_state (m);
  guint on;

  *why = NULL;
  if (st->activation != BS_ACT_FULL || !_wb_bs_in_brigade (data, m, i) || u->side != m->active || !on_map (u) ||
      !(u->data[BS_DATA_EXCL] & BS_EX_MAY_PIONEER) ||
      (m->step != BS_FIRE && m->step != BS_MOVE && m->step != BS_CLOSE && m->step != BS_RALLY))
    {
      *why = _("only an infantry unit of the brigade, in its Full Activation begun in or next to Fallen Timber, "
               "places a pioneer, once (excl. 2.1a)");
      return FALSE;
    }
  if (!timber_at (data, m, hex) || wb_hex_distance (data->layout, u->where.hex, hex) > 1)
    {
      *why = _("a pioneer goes on a Fallen Timber marker in or next to the unit's hex (excl. 2.1a)");
      return FALSE;
    }
  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);

      if (on_map (v) && wb_offset_equal (v->where.hex, hex) &&
          (v->side != u->side || data->counter[j].role == BS_ROLE_PIONEER))
        {
          *why = _("the hex holds an enemy unit or a pioneer already (excl. 2.1a)");
          return FALSE;
        }
    }
  if (free_pioneer (data, m, u->side, &on) < 0 || (int) on >= _wb_bs_excl_param (data, "pioneers_on_map"))
    {
      *why = _("every pioneer is on the map (excl. 2.1a)");
      return FALSE;
    }
  return TRUE;
}

static WbApplyResult
pioneer (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  const char *text = wb_json_string (action, "hex", "");
  int i = unit_index (m, id);
  WbOffset hex;
  const char *why;
  guint on;
  int p;
  g_autofree char *name = NULL;

  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  if (!wb_hex_map_parse_hex (data->map, text, &hex) || !wb_hex_map_contains (data->map, hex))
    return refuse (error, _("The map has no hex “%s”"), text);
  name = wb_match_unit_text (m, unit_at (m, (guint) i));
  if (!may_place_pioneer (data, m, (guint) i, hex, &why) &&
      !wb_rule_check (ctx, m, "bs.pioneer", FALSE, error, _("%s may not place a pioneer at %s: %s"), name, text, why))
    return WB_APPLY_REFUSED;
  p = free_pioneer (data, m, unit_at (m, (guint) i)->side, &on);
  if (p < 0)
    return refuse (error, _("No pioneer is left off the map (excl. 2.1a)"));
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  {
    WbUnitState *v = unit_at (m, (guint) p);
    g_autofree char *pname = NULL;

    v->where.kind = WB_WHERE_HEX;
    v->where.hex = hex;
    v->where.place = NULL;
    v->flags |= WB_UNIT_IN_SCENARIO;
    v->data[BS_DATA_EXCL] &= ~(gint32) BS_EX_REMOVAL;
    unit_at (m, (guint) i)->data[BS_DATA_EXCL] &= ~(gint32) BS_EX_MAY_PIONEER;
    pname = wb_match_unit_text (m, v);
    /* TRANSLATORS: excl. 2.1a: a unit places a pioneer on Fallen Timber */
    wb_rule_say (ctx, m, _("%s places %s on the Fallen Timber at %s (excl. 2.1a)."), name, pname, text);
  }
  return WB_APPLY_DONE;
}

static void
remove_pioneer (BsData *data, WbMatch *m, guint j, const char *why, WbRuleContext *ctx)
{
  WbUnitState *v = unit_at (m, j);
  g_autofree char *name = wb_match_unit_text (m, v);

  (void) data;
  v->where.kind = WB_WHERE_WAITING;
  v->where.place = NULL;
  v->data[BS_DATA_EXCL] &= ~(gint32) BS_EX_REMOVAL;
  wb_rule_say (ctx, m, "%s %s", name, why);
}

void
_wb_bs_pioneers_check (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);
      gboolean friend = FALSE, enemy = FALSE;

      if (data->counter[j].role != BS_ROLE_PIONEER || !on_map (v))
        continue;
      for (guint i = 0; i < data->n_units; i++)
        {
          const WbUnitState *u = unit_at (m, i);
          int d;

          if (!on_map (u) || i == j)
            continue;
          d = wb_hex_distance (data->layout, u->where.hex, v->where.hex);
          if (u->side == v->side && d <= 1 && bs_role (data, m, i) == BS_ROLE_INFANTRY)
            friend = TRUE;
          if (u->side != v->side && d == 0 && data->counter[i].role != BS_ROLE_MARKER)
            enemy = TRUE;
        }
      if (enemy)
        remove_pioneer (data, m, j, _("is removed: the enemy entered its hex (excl. 2.1a)."), ctx);
      else if (!friend)
        remove_pioneer (data, m, j, _("is removed: no friendly infantry is in or next to its hex (excl. 2.1a)."),
                        ctx);
    }
}

static const char *
feature_name (BsData *data, const char *id)
{
  WbFeatureType *f = wb_game_find_feature (data->game, id);

  return f != NULL && f->name != NULL ? f->name : id;
}

void
_wb_bs_fallen_timber_reduction (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  g_return_if_fail (data != NULL && m != NULL);
  /* 14.4 read as each pioneer acting once, by what is under it when the
   * phase begins: Full to Half (reduces_to), or Half removed with the
   * pioneer; then every pioneer left turns to its Removal side. */
  for (guint j = 0; j < data->n_units; j++)
    {
      WbUnitState *v = unit_at (m, j);
      g_autofree char *at = NULL;

      if (data->counter[j].role != BS_ROLE_PIONEER || !on_map (v) || !(v->data[BS_DATA_EXCL] & BS_EX_REMOVAL))
        continue;
      at = hex_name (data, v->where.hex);
      for (guint w = 0; w < data->n_work; w++)
        {
          int k = wb_match_find_marker (m, data->work[w], v->where.hex);

          if (k < 0)
            continue;
          if (data->work_to[w] != NULL)
            {
              g_array_index (m->markers, WbMatchMarker, (guint) k).feature = data->work_to[w];
              /* TRANSLATORS: excl. 14.4: Full Fallen Timber becomes Half: the marker, the hex, the new marker */
              wb_rule_say (ctx, m, _("The pioneers reduce the %s at %s to %s (excl. 14.4)."),
                           feature_name (data, data->work[w]), at, feature_name (data, data->work_to[w]));
            }
          else
            {
              g_array_remove_index (m->markers, (guint) k);
              /* TRANSLATORS: excl. 14.4: Half Fallen Timber removed */
              wb_rule_say (ctx, m, _("The pioneers clear the %s at %s (excl. 14.4)."),
                           feature_name (data, data->work[w]), at);
              remove_pioneer (data, m, j, _("leaves the map, its work done (excl. 14.4)."), ctx);
            }
          break;
        }
    }
  for (guint j = 0; j < data->n_units; j++)
    if (data->counter[j].role == BS_ROLE_PIONEER && on_map (unit_at (m, j)))
      unit_at (m, j)->data[BS_DATA_EXCL] |= BS_EX_REMOVAL;
}

/* ---- Skirmish Order (excl. 15.0) ---- */

guint
_wb_bs_skirmishers (BsData *data, WbMatch *m, guint side)
{
  guint n = 0;

  for (guint i = 0; i < data->n_units; i++)
    n += unit_at (m, i)->side == side && on_map (unit_at (m, i)) && (unit_at (m, i)->flags & BS_UNIT_SKIRMISH);
  return n;
}

/* Whether @i is a unit of the brigade that may act in this Movement Step. */
static gboolean
mover (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *u = unit_at (m, i);

  return m->step == BS_MOVE && _wb_bs_in_brigade (data, m, i) && u->side == m->active && on_map (u) &&
         !(u->flags & BS_UNIT_CHAOS);
}

static gboolean
alone (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *u = unit_at (m, i);

  for (guint j = 0; j < data->n_units; j++)
    if (j != i && on_map (unit_at (m, j)) && wb_offset_equal (unit_at (m, j)->where.hex, u->where.hex) &&
        data->counter[j].role != BS_ROLE_PIONEER && data->counter[j].role != BS_ROLE_MARKER)
      return FALSE;
  return TRUE;
}

static int
mp_left (BsData *data, WbMatch *m, guint i)
{
  gboolean march, may_engage;

  return _wb_bs_mp_left (data, m, i, &march, &may_engage);
}

/* Why @i may not enter (@on) or leave Skirmish Order now, NULL when it may. */
static const char *
skirmish_refusal (BsData *data, WbMatch *m, guint i, gboolean on)
{
  const WbUnitState *u = unit_at (m, i);
  BsRole r = bs_role (data, m, i);

  if (!mover (data, m, i) || (r != BS_ROLE_INFANTRY && r != BS_ROLE_CAVALRY))
    return _("only the brigade's infantry and cavalry change their order in its Movement Step (excl. 15.1)");
  if (!on)
    {
      if (!(u->flags & BS_UNIT_SKIRMISH))
        return _("the unit is not in Skirmish Order");
      if (mp_left (data, m, i) <= 0)
        return _("leaving Skirmish Order takes all the unit's MP: it has none left (excl. 15.1)");
      return NULL;
    }
  if (u->flags & BS_UNIT_SKIRMISH)
    return _("the unit is in Skirmish Order already");
  if (_wb_bs_engaged (data, m, i))
    return _("an Engaged unit does not enter Skirmish Order (excl. 15.1)");
  if ((int) _wb_bs_skirmishers (data, m, u->side) >= _wb_bs_excl_param (data, "skirmish_max_per_side"))
    return _("the side has as many units in Skirmish Order as it may (excl. 15.0)");
  if (!alone (data, m, i))
    return _("a unit in Skirmish Order never stacks with another (excl. 15.2)");
  if (mp_left (data, m, i) < _wb_bs_excl_param (data, "skirmish_enter_mp") * WB_MOVE_QUARTERS)
    return _("entering Skirmish Order costs 2 MP: the unit has fewer left (excl. 15.1)");
  return NULL;
}

static WbApplyResult
skirmish (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  int i = unit_index (m, id);
  gboolean on = wb_json_bool (action, "on", TRUE);
  const char *why;
  WbUnitState *u;
  g_autofree char *name = NULL;

  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  why = skirmish_refusal (data, m, (guint) i, on);
  if (why != NULL && !wb_rule_check (ctx, m, "bs.skirmish", FALSE, error, "%s: %s", name, why))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  u->flags |= BS_UNIT_MOVED;
  if (on)
    {
      u->flags |= BS_UNIT_SKIRMISH;
      u->data[BS_DATA_SPENT] += _wb_bs_excl_param (data, "skirmish_enter_mp") * WB_MOVE_QUARTERS;
      /* TRANSLATORS: excl. 15.1 */
      wb_rule_say (ctx, m, _("%s enters Skirmish Order (excl. 15.1)."), name);
    }
  else
    {
      u->flags &= ~(guint32) BS_UNIT_SKIRMISH;
      u->data[BS_DATA_SPENT] += mp_left (data, m, (guint) i);
      /* TRANSLATORS: excl. 15.1 */
      wb_rule_say (ctx, m, _("%s leaves Skirmish Order, spending all its MP (excl. 15.1)."), name);
    }
  return WB_APPLY_DONE;
}

/* ---- Mounting and dismounting (10.9), off-map withdrawal (10.12) ---- */

static gboolean
has_dismounted_counter (BsData *data, guint i)
{
  GPtrArray *units = wb_game_get_units (data->game);
  WbUnit *unit = units != NULL && i < units->len ? g_ptr_array_index (units, i) : NULL;
  const WbAttrValue *v = unit != NULL ? wb_unit_get_attr (unit, data->dismount_attr) : NULL;

  return v != NULL && v->type == WB_ATTR_BOOL && v->b;
}

static const char *
mount_refusal (BsData *data, WbMatch *m, guint i, gboolean mount)
{
  const WbUnitState *u = unit_at (m, i);

  if (!mover (data, m, i) || data->counter[i].role != BS_ROLE_CAVALRY || !has_dismounted_counter (data, i))
    return _("only the brigade's cavalry with a dismounted counter mounts or dismounts, in its Movement Step "
             "(10.9)");
  if (mount != ((u->flags & BS_UNIT_DISMOUNTED) != 0))
    return mount ? _("the unit is mounted") : _("the unit is dismounted");
  if (mp_left (data, m, i) < _wb_bs_excl_param (data, "cavalry_mount_mp") * WB_MOVE_QUARTERS)
    return _("mounting or dismounting costs 3 MP: the unit has fewer left (10.9)");
  if (mount && !_wb_bs_mounted_may_stand (data, m, i))
    return _("mounted cavalry may not be in this hex: its terrain or the infantry or artillery stacked there "
             "(10.9, 3.1b)");
  return NULL;
}

static gboolean
on_edge (BsData *data, WbOffset hex)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (!wb_hex_map_contains (data->map, wb_hex_neighbour (data->layout, hex, d)))
      return TRUE;
  return FALSE;
}

static const char *
off_map_refusal (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *u = unit_at (m, i);
  BsRole r = bs_role (data, m, i);

  if (!mover (data, m, i) || (r != BS_ROLE_INFANTRY && r != BS_ROLE_CAVALRY))
    return _("only the brigade's infantry and cavalry move off the map, in its Movement Step (10.12)");
  if (!on_edge (data, u->where.hex))
    return _("a unit moves off the map from a map edge hex (10.12)");
  if (mp_left (data, m, i) < WB_MOVE_QUARTERS && (u->data[BS_DATA_SPENT] != 0 || (u->flags & BS_UNIT_MOVED)))
    return _("moving off the map costs 1 MP: the unit has less left (10.12)");
  return NULL;
}

gboolean
_wb_bs_excl_finish (BsAct *a, guint i, BsPending what)
{
  WbUnitState *u = unit_at (a->m, i);

  switch (what)
    {
    case BS_PENDING_MOUNT:
      u->flags &= ~(guint32) BS_UNIT_DISMOUNTED;
      u->data[BS_DATA_EXCL] ^= BS_EX_MODE_CHANGED;
      say_unit (a, i, _("mounts (10.9)."));
      return TRUE;
    case BS_PENDING_DISMOUNT:
      u->flags |= BS_UNIT_DISMOUNTED;
      u->flags &= ~(guint32) BS_UNIT_CHARGED;
      u->data[BS_DATA_EXCL] ^= BS_EX_MODE_CHANGED;
      say_unit (a, i, _("dismounts: it is infantry for all purposes (10.9)."));
      return TRUE;
    case BS_PENDING_OFF_MAP:
      {
        g_autofree char *name = wb_match_unit_text (a->m, u);

        u->where.kind = WB_WHERE_WAITING;
        u->where.place = NULL;
        u->flags &= ~(guint32) (BS_UNIT_MORALE | BS_UNIT_SKIRMISH | BS_UNIT_CHARGED | BS_UNIT_COMMITTED);
        u->flags |= BS_UNIT_OUT | BS_UNIT_MOVED;
        u->arrives = 0;
        /* TRANSLATORS: 10.12 */
        wb_rule_say (a->ctx, a->m, _("%s moves off the map: it is out of the game (10.12)."), name);
        _wb_bs_pioneers_check (a->data, a->m, a->ctx);
        return TRUE;
      }
    case BS_PENDING_MOVE:
    default:
      return TRUE;
    }
}

static WbApplyResult
change (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  int i = unit_index (m, id);
  gboolean mount = strcmp (type, "mount") == 0, off = strcmp (type, "withdraw") == 0;
  BsPending what = off ? BS_PENDING_OFF_MAP : mount ? BS_PENDING_MOUNT : BS_PENDING_DISMOUNT;
  const char *why;
  WbUnitState *u;
  g_autofree char *name = NULL;
  int cost;

  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  why = off ? off_map_refusal (data, m, (guint) i) : mount_refusal (data, m, (guint) i, mount);
  if (why != NULL && !wb_rule_check (ctx, m, off ? "bs.withdraw" : "bs.mount", FALSE, error, "%s: %s", name, why))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  cost = off ? MIN (WB_MOVE_QUARTERS, MAX (mp_left (data, m, (guint) i), 0))
             : _wb_bs_excl_param (data, "cavalry_mount_mp") * WB_MOVE_QUARTERS;
  u->data[BS_DATA_SPENT] += cost;
  u->flags |= BS_UNIT_MOVED;
  /* 10.9, 10.7: next to the enemy, Opportunity Fire first. */
  if (_wb_bs_opportunity (data, m, (guint) i))
    {
      _wb_bs_await_opfire (data, m, (guint) i, what, ctx);
      return WB_APPLY_DONE;
    }
  {
    BsAct a = { .data = data, .m = m, .action = action, .ctx = ctx };

    return _wb_bs_excl_finish (&a, (guint) i, what) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
  }
}

/* ---- Cavalry withdrawal (10.8) ---- */

static WbApplyResult
cavalry_withdraw (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *id = wb_json_string (action, "unit", "");
  const char *text = wb_json_string (action, "hex", "");
  int i = unit_index (m, id);
  WbOffset to, at;
  gboolean listed = FALSE;
  WbUnitState *u;
  g_autofree char *name = NULL;

  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  if (!wb_hex_map_parse_hex (data->map, text, &to) || !wb_hex_map_contains (data->map, to))
    return refuse (error, _("The map has no hex “%s”"), text);
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    listed |= st->wd_units[k] == (gint16) i;
  at = unit_at (m, (guint) st->wd_mover - 1)->where.hex;
  if (!wb_rule_check (ctx, m, "bs.withdraw",
                      listed && wb_hex_distance (data->layout, to, at) > wb_hex_distance (data->layout, u->where.hex, at) &&
                      _wb_bs_cavalry_may_enter (data, m, (guint) i, to), error,
                      _("%s may not withdraw to %s: mounted cavalry within two hexes of the enemy that moved "
                        "withdraws one hex away from it, into a hex it may enter mounted, not over-stacked (10.8)"),
                      name, text))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  u->where.hex = to;
  /* TRANSLATORS: 10.8: a cavalry withdrawal, no Opportunity Fire */
  wb_rule_say (ctx, m, _("%s withdraws to %s (10.8)."), name, text);
  for (guint k = 0; k < st->n_wd; k++)
    if (st->wd_units[k] == (gint16) i)
      st->wd_units[k] = st->wd_units[--st->n_wd];
  withdraw_turn (data, m);
  return WB_APPLY_DONE;
}

/* ---- Cavalry withdrawal from Close Combat (11.3b) ---- */

gboolean
_wb_bs_cc_may_withdraw (BsData *data, WbMatch *m, guint u, const WbOffset *to)
{
  BsState *st = bs_state (m);
  const WbUnitState *v = unit_at (m, u);

  if (!on_map (v) || !wb_offset_equal (v->where.hex, st->cc_hex) || bs_role (data, m, u) != BS_ROLE_CAVALRY ||
      (v->flags & BS_UNIT_CHAOS) || (v->data[BS_DATA_SERIES] & BS_SR_WITHDREW))
    return FALSE;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset h = wb_hex_neighbour (data->layout, v->where.hex, d);

      if ((to != NULL && !wb_offset_equal (h, *to)) || !wb_hex_map_contains (data->map, h) ||
          !_wb_bs_cavalry_may_enter (data, m, u, h))
        continue;
      /* One hex away from an attacking INFANTRY unit (only). */
      for (guint k = 0; k < st->cc_n && k < G_N_ELEMENTS (st->cc_units); k++)
        {
          guint a = (guint) st->cc_units[k];
          const WbUnitState *w = unit_at (m, a);

          if (on_map (w) && bs_role (data, m, a) == BS_ROLE_INFANTRY &&
              wb_hex_distance (data->layout, w->where.hex, v->where.hex) == 1 &&
              wb_hex_distance (data->layout, w->where.hex, h) > 1)
            return TRUE;
        }
    }
  return FALSE;
}

/* The cavalry that may still withdraw; when none, the Close Combat goes on
 * (its dice: @action's). */
static gboolean
cc_withdraw_turn (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint n = 0;

  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    if (_wb_bs_cc_may_withdraw (data, m, (guint) st->wd_units[k], NULL))
      st->wd_units[n++] = st->wd_units[k];
  st->n_wd = (guint8) n;
  if (n > 0)
    return TRUE;
  return _wb_bs_close_resume (data, m, action, ctx, error);
}

static WbApplyResult
cc_withdraw (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *id = wb_json_string (action, "unit", "");
  const char *text = wb_json_string (action, "hex", "");
  int i = unit_index (m, id);
  WbOffset to;
  gboolean listed = FALSE;
  WbUnitState *u;
  g_autofree char *name = NULL;

  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  if (!wb_hex_map_parse_hex (data->map, text, &to) || !wb_hex_map_contains (data->map, to))
    return refuse (error, _("The map has no hex “%s”"), text);
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    listed |= st->wd_units[k] == (gint16) i;
  if (!wb_rule_check (ctx, m, "bs.withdraw", listed && _wb_bs_cc_may_withdraw (data, m, (guint) i, &to), error,
                      _("%s may not withdraw to %s: attacked mounted cavalry withdraws one hex away from an attacking "
                        "infantry unit, into a hex it may enter mounted (11.3b)"), name, text))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  u->where.hex = to;
  u->data[BS_DATA_SERIES] |= BS_SR_WITHDREW;
  /* TRANSLATORS: 11.3b: a cavalry withdrawal instead of Defensive Fire, no Opportunity Fire */
  wb_rule_say (ctx, m, _("%s withdraws to %s instead of giving Defensive Fire (11.3b)."), name, text);
  for (guint k = 0; k < st->n_wd; k++)
    if (st->wd_units[k] == (gint16) i)
      st->wd_units[k] = st->wd_units[--st->n_wd];
  return cc_withdraw_turn (data, m, action, ctx, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
}

gboolean
_wb_bs_excl_may (BsData *data, WbMatch *m, guint i, const char *type, WbOffset *hex)
{
  const WbUnitState *u = unit_at (m, i);
  const char *why;

  if (strcmp (type, "skirmish") == 0)
    return skirmish_refusal (data, m, i, !(u->flags & BS_UNIT_SKIRMISH)) == NULL;
  if (strcmp (type, "mount") == 0 || strcmp (type, "dismount") == 0)
    return mount_refusal (data, m, i, strcmp (type, "mount") == 0) == NULL;
  if (strcmp (type, "withdraw") == 0)
    {
      if (m->step == BS_WITHDRAW && bs_state (m)->cc_wd)
        return hex != NULL && _wb_bs_cc_may_withdraw (data, m, i, hex);
      if (m->step == BS_WITHDRAW)
        {
          BsState *st = bs_state (m);

          return hex != NULL && st->wd_mover > 0 &&
                 wb_hex_distance (data->layout, *hex, unit_at (m, (guint) st->wd_mover - 1)->where.hex) >
                 wb_hex_distance (data->layout, u->where.hex, unit_at (m, (guint) st->wd_mover - 1)->where.hex) &&
                 _wb_bs_cavalry_may_enter (data, m, i, *hex);
        }
      return off_map_refusal (data, m, i) == NULL;
    }
  if (strcmp (type, "pioneer") == 0)
    return hex != NULL && may_place_pioneer (data, m, i, *hex, &why);
  return FALSE;
}

WbApplyResult
_wb_bs_excl_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                   GError **error)
{
  if (m->step == BS_WITHDRAW && bs_state (m)->cc_wd)
    {
      if (strcmp (type, "withdraw") == 0)
        return cc_withdraw (data, m, action, ctx, error);
      if (strcmp (type, "end_step") == 0)
        {
          if (ctx->preview != NULL)
            return WB_APPLY_DONE;
          /* TRANSLATORS: 11.3b: the cavalry stays and fights */
          wb_rule_say (ctx, m, _("keeps its cavalry in the hex: Defensive Fire (11.3b)."));
          return _wb_bs_close_resume (data, m, action, ctx, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
        }
      return refuse (error, _("The attacked cavalry withdraws or stays now (11.3b)"));
    }
  if (m->step == BS_WITHDRAW)
    {
      if (strcmp (type, "withdraw") == 0)
        return cavalry_withdraw (data, m, action, ctx, error);
      if (strcmp (type, "end_step") == 0)
        {
          BsState *st = bs_state (m);

          if (ctx->preview != NULL)
            return WB_APPLY_DONE;
          /* TRANSLATORS: 10.8: the cavalry stays */
          wb_rule_say (ctx, m, _("does not withdraw its cavalry (10.8)."));
          st->n_wd = 0;
          withdraw_turn (data, m);
          return WB_APPLY_DONE;
        }
      return refuse (error, _("The enemy's cavalry withdraws or stays now (10.8)"));
    }
  if (strcmp (type, "skirmish") == 0)
    return skirmish (data, m, action, ctx, error);
  if (strcmp (type, "mount") == 0 || strcmp (type, "dismount") == 0 || strcmp (type, "withdraw") == 0)
    {
      if (m->step != BS_MOVE)
        return refuse (error, _("Only in the Movement Step (10.9, 10.12)"));
      return change (data, m, type, action, ctx, error);
    }
  if (strcmp (type, "pioneer") == 0)
    return pioneer (data, m, action, ctx, error);
  return WB_APPLY_NOT_MINE;
}
