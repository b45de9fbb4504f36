/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/wb-hex-movement.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Brigade Activation Phase's steps after the order (series 8.0-13.0)
 * and the Artillery Steps' fire and movement (6.1-6.4), on the map
 * (docs/rules-engine.md, "The Blind Swords family: the activation's
 * steps"): which step the order allows, who may fire, move, attack and
 * rally, Opportunity Fire, the advance after Close Combat. The combats
 * themselves are wb-bs-fight.c's, the ways wb-bs-move.c's. */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
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

static char *
hex_name (BsData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

const char *
_wb_bs_acting_order (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);

  if (st->activation != BS_ACT_FULL || st->order == 0 || st->order > data->n_orders)
    return NULL;
  return data->orders[st->order - 1];
}

static gboolean
order_is (BsData *data, WbMatch *m, const char *order)
{
  return g_strcmp0 (_wb_bs_acting_order (data, m), order) == 0;
}

/* What the order allows (8.2-8.5; 7.3: a Limited Activation fires only). */
static gboolean
allows (BsData *data, WbMatch *m, BsStep step)
{
  BsState *st = bs_state (m);

  if (st->activation == BS_ACT_LIMITED)
    return step == BS_FIRE;
  switch (step)
    {
    case BS_FIRE:
      return order_is (data, m, "attack") || order_is (data, m, "defend");
    case BS_MOVE:
      return order_is (data, m, "attack") || order_is (data, m, "defend") || order_is (data, m, "maneuver");
    case BS_CLOSE:
      return order_is (data, m, "attack");
    case BS_RALLY:
      return order_is (data, m, "defend") || order_is (data, m, "regroup");
    default:
      return FALSE;
    }
}

gboolean
_wb_bs_in_brigade (BsData *data, WbMatch *m, guint i)
{
  BsState *st = bs_state (m);

  return st->acting > 0 && data->unit_brigade[i] == (int) st->acting - 1;
}

static void
enter_step (BsData *data, WbMatch *m, BsStep from, WbRuleContext *ctx)
{
  static const BsStep order[] = { BS_FIRE, BS_MOVE, BS_CLOSE, BS_RALLY };
  gboolean after = from == BS_ORDERS;

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    {
      if (!after)
        {
          after = order[k] == from;
          continue;
        }
      if (allows (data, m, order[k]))
        {
          m->step = order[k];
          return;
        }
    }
  _wb_bs_activation_done (data, m, ctx);
}

void
_wb_bs_begin_steps (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  for (guint i = 0; i < data->n_units; i++)
    if (_wb_bs_in_brigade (data, m, i))
      {
        WbUnitState *u = unit_at (m, i);

        u->flags &= ~(guint32) (BS_UNIT_FIRED | BS_UNIT_MOVED | BS_UNIT_COMMITTED | BS_UNIT_CHARGED | BS_UNIT_RALLIED);
        u->data[BS_DATA_SPENT] = 0;
      }
  _wb_bs_excl_begin (data, m);
  enter_step (data, m, BS_ORDERS, ctx);
}

/* ---- Reading the action ---- */

static int
unit_index (WbMatch *m, const char *id)
{
  gpointer v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;

  return v != NULL ? GPOINTER_TO_INT (v) - 1 : -1;
}

/* "units": [ids] → indexes, each once; FALSE with a message. */
static gboolean
read_units (WbMatch *m, JsonObject *action, guint *out, guint max, guint *n, GError **error)
{
  JsonNode *node = json_object_get_member (action, "units");
  JsonArray *a = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  *n = 0;
  if (a == NULL || json_array_get_length (a) == 0)
    return refuse (error, _("The action names no units (\"units\": [ids])")) == WB_APPLY_DONE;
  for (guint k = 0; k < json_array_get_length (a); k++)
    {
      const char *id = wb_json_array_string (a, k);
      int i = unit_index (m, id);

      if (i < 0)
        return refuse (error, _("The game has no unit “%s”"), id != NULL ? id : "?") == WB_APPLY_DONE;
      for (guint j = 0; j < *n; j++)
        if (out[j] == (guint) i)
          return refuse (error, _("The unit “%s” is named twice"), id) == WB_APPLY_DONE;
      if (*n >= max)
        return refuse (error, _("Too many units for one action (at most %u)"), max) == WB_APPLY_DONE;
      out[(*n)++] = (guint) i;
    }
  return TRUE;
}

static gboolean
read_hex (BsData *data, JsonObject *action, WbOffset *hex, GError **error)
{
  const char *text = wb_json_string (action, "hex", "");

  if (!wb_hex_map_parse_hex (data->map, text, hex) || !wb_hex_map_contains (data->map, *hex))
    return refuse (error, _("The map has no hex “%s”"), text) == WB_APPLY_DONE;
  return TRUE;
}

static BsAct
act_for (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx)
{
  BsAct a = { .data = data, .m = m, .action = action, .ctx = ctx };

  return a;
}

/* ---- Movement (10.0) ---- */

static gboolean finish_opfire (BsAct *a, GError **error);

/* Moves unit @i along @path, paying its cost as it goes: what entering
 * each hex does is wb-bs-exclusive.c's (_wb_bs_walk). */
static gboolean
do_move (BsAct *a, guint i, const BsPath *path, guint go, GError **error)
{
  WbUnitState *u = unit_at (a->m, i);
  gboolean art_hex = a->m->step == BS_ART_HEX;

  if (bs_role (a->data, a->m, i) == BS_ROLE_ARTILLERY && art_hex)
    u->flags |= BS_UNIT_ARTILLERY_DONE;
  return _wb_bs_walk (a, i, path, go, error);
}

/* The MP @i has left this step (quarter MP), and how it may move. */
int
_wb_bs_mp_left (BsData *data, WbMatch *m, guint i, gboolean *march, gboolean *may_engage)
{
  const char *order = _wb_bs_acting_order (data, m);
  WbUnitState *u = unit_at (m, i);

  *march = bs_role (data, m, i) == BS_ROLE_ARTILLERY || g_strcmp0 (order, "maneuver") == 0;
  *may_engage = bs_role (data, m, i) == BS_ROLE_ARTILLERY || g_strcmp0 (order, "maneuver") != 0;
  if ((u->flags & BS_UNIT_SKIRMISH))
    *march = FALSE;
  return MAX (0, _wb_bs_allowance (data, m, i, bs_role (data, m, i) == BS_ROLE_ARTILLERY ? NULL : order) -
                 u->data[BS_DATA_SPENT]);
}

/* The cost of moving @i to @to now, or -1 when it may not. */
int
_wb_bs_move_cost (BsData *data, WbMatch *m, guint i, WbOffset to)
{
  gboolean march, may_engage;
  int left = _wb_bs_mp_left (data, m, i, &march, &may_engage);
  g_autoptr(GArray) reach = NULL;

  if (left <= 0 && (unit_at (m, i)->flags & BS_UNIT_MOVED))
    return -1;
  reach = _wb_bs_reach (data, m, i, left, march, may_engage);
  for (guint k = 0; reach != NULL && k < reach->len; k++)
    {
      WbDestination *d = &g_array_index (reach, WbDestination, k);

      if (d->where.kind == WB_WHERE_HEX && wb_offset_equal (d->where.hex, to))
        return d->cost;
    }
  return -1;
}

/* Whether an enemy next to @i may give it Opportunity Fire (10.7): a unit
 * of the other side next to it that fires (not a pioneer, not CC only). */
gboolean
_wb_bs_opportunity (BsData *data, WbMatch *m, guint i)
{
  WbUnitState *u = unit_at (m, i);

  if (u->where.kind != WB_WHERE_HEX || (u->flags & BS_UNIT_SKIRMISH))
    return FALSE;
  for (guint j = 0; j < data->n_units; j++)
    {
      WbUnitState *v = unit_at (m, j);
      int range;
      BsLos los;
      const char *why;

      if (v->side != u->side && v->where.kind == WB_WHERE_HEX &&
          wb_hex_distance (data->layout, v->where.hex, u->where.hex) == 1 && !(v->flags & BS_UNIT_CHAOS) &&
          _wb_bs_can_fire (data, m, j, u->where.hex, FALSE, &range, &los, &why))
        return TRUE;
    }
  return FALSE;
}

void
_wb_bs_await_opfire (BsData *data, WbMatch *m, guint i, BsPending what, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  WbUnitState *u = unit_at (m, i);

  (void) data;
  (void) ctx;
  st->mover = (gint16) (i + 1);
  st->pending = (guint8) what;
  st->target = u->where.hex;
  st->resume = (guint8) m->step;
  st->resume_active = (guint8) m->active;
  m->step = BS_OPFIRE;
  m->active = 1 - m->active;
}

static WbApplyResult
move (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *id = wb_json_string (action, "unit", "");
  const char *bayou = wb_json_string (action, "bayou", "enter");
  gboolean charge = wb_json_bool (action, "charge", FALSE);
  int i = unit_index (m, id);
  WbOffset to;
  WbUnitState *u;
  g_autofree char *name = NULL;
  int cost;
  gboolean ok;
  BsPath path = { 0 };
  guint go = 0;

  if (m->step != BS_MOVE && m->step != BS_ART_HEX)
    return refuse (error, _("No unit moves now"));
  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  if (!read_hex (data, action, &to, error))
    return WB_APPLY_REFUSED;
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  if (u->side != m->active || u->where.kind != WB_WHERE_HEX)
    return refuse (error, _("%s is not a unit of yours on the map"), name);
  if (m->step == BS_MOVE)
    ok = _wb_bs_in_brigade (data, m, (guint) i) && bs_role (data, m, i) != BS_ROLE_PIONEER &&
         bs_role (data, m, i) != BS_ROLE_MARKER && !(u->flags & BS_UNIT_CHAOS);
  else
    ok = bs_role (data, m, i) == BS_ROLE_ARTILLERY && wb_offset_equal (u->where.hex, st->target) &&
         !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED));
  if (!wb_rule_check (ctx, m, "bs.move", ok, error,
                      m->step == BS_MOVE ? _("%s may not move: only the activated brigade's units move (10.0)")
                                         : _("%s is not an artillery unit of the hex activated that has not fired "
                                             "(6.1)"), name))
    return WB_APPLY_REFUSED;
  if (strcmp (bayou, "enter") != 0 && strcmp (bayou, "stay") != 0)
    return refuse (error, _("\"bayou\" is \"enter\" or \"stay\" (excl. 2.10h), not “%s”"), bayou);
  if (strcmp (bayou, "stay") == 0)
    go |= BS_GO_STAY;
  cost = _wb_bs_move_cost (data, m, (guint) i, to);
  if (cost < 0 || !_wb_bs_reach_way (data, m, (guint) i, to, &path))
    {
      g_autofree char *at = hex_name (data, to);

      if (!wb_rule_check (ctx, m, "bs.move", FALSE, error,
                          _("%s cannot move to %s now: its Movement Allowance, the terrain, stacking or the enemy "
                            "forbid it (10.1-10.6, 3.1)"), name, at))
        return WB_APPLY_REFUSED;
      /* Played anyway (the rule off): straight there for what it says. */
      cost = MAX (cost, 0);
      path.n = 1;
      path.road = 0;
      path.hex[0] = to;
      path.cost[0] = (gint16) cost;
    }
  if (charge)
    {
      const char *why = m->step == BS_MOVE ? _wb_bs_charge_refusal (data, m, (guint) i, &path)
                                           : _("only in the Movement Step (10.10)");

      if (why != NULL && !wb_rule_check (ctx, m, "bs.charge", FALSE, error, _("%s may not charge: %s"), name, why))
        return WB_APPLY_REFUSED;
      go |= BS_GO_CHARGE;
    }
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  /* 10.7: out of a hex next to the enemy, Opportunity Fire first; the
   * way and the choices wait with it. */
  if (_wb_bs_opportunity (data, m, (guint) i))
    {
      g_autofree char *at = hex_name (data, to);

      _wb_bs_await_opfire (data, m, (guint) i, BS_PENDING_MOVE, ctx);
      st->mover_to = to;
      st->go = (guint8) go;
      st->path_n = path.n;
      st->path_road = path.road;
      memcpy (st->path, path.hex, sizeof st->path);
      memcpy (st->path_cost, path.cost, sizeof st->path_cost);
      u->data[BS_DATA_SPENT] += cost;
      /* TRANSLATORS: 10.7: the move announced, the enemy may fire first */
      wb_rule_say (ctx, m, _("%s is to move to %s from next to the enemy: Opportunity Fire first (10.7)."), name, at);
      return WB_APPLY_DONE;
    }
  {
    BsAct a = act_for (data, m, action, ctx);

    return do_move (&a, (guint) i, &path, go, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
  }
}

/* After the Opportunity Fire (or none): the move (or the mounting, the
 * move off the map) goes on unless the unit retreated or broke (10.7).
 * Its cost was paid when announced; a move pays again as it goes. The
 * dice of what entering a hex does are @a's, after its fire's. */
static gboolean
finish_opfire (BsAct *a, GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  BsState *st = bs_state (m);
  guint i = (guint) st->mover - 1;
  WbUnitState *u = unit_at (m, i);
  BsPending what = (BsPending) st->pending;

  m->step = st->resume;
  m->active = st->resume_active;
  st->mover = 0;
  st->pending = BS_PENDING_MOVE;
  if (u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, st->target))
    {
      BsPath path = { .n = MIN (st->path_n, BS_MAX_PATH), .road = st->path_road };

      if (what != BS_PENDING_MOVE)
        return _wb_bs_excl_finish (a, i, what);
      memcpy (path.hex, st->path, sizeof path.hex);
      memcpy (path.cost, st->path_cost, sizeof path.cost);
      if (path.n > 0)
        u->data[BS_DATA_SPENT] -= path.cost[path.n - 1];
      return do_move (a, i, &path, st->go, error);
    }
  {
    g_autofree char *name = wb_match_unit_text (m, u);

    (void) data;
    /* TRANSLATORS: 10.7: a retreat cancels the move */
    wb_rule_say (a->ctx, m, _("%s's move is cancelled by its retreat (10.7)."), name);
  }
  return TRUE;
}

/* ---- Fire (9.0, 6.1, 10.7) ---- */

static WbApplyResult
fire (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint units[WB_BS_MAX_STACK * 2], n;
  WbOffset hex;
  BsAct a = act_for (data, m, action, ctx);
  BsFirePurpose purpose = m->step == BS_OPFIRE ? BS_FIRE_OPPORTUNITY : BS_FIRE_NORMAL;

  if (m->step != BS_FIRE && m->step != BS_ART_HEX && m->step != BS_OPFIRE)
    return refuse (error, _("No unit fires now"));
  if (!read_units (m, action, units, G_N_ELEMENTS (units), &n, error) || !read_hex (data, action, &hex, error))
    return WB_APPLY_REFUSED;
  for (guint k = 0; k < n; k++)
    {
      WbUnitState *u = unit_at (m, units[k]);
      g_autofree char *name = wb_match_unit_text (m, u);
      gboolean ok;

      if (u->side != m->active || u->where.kind != WB_WHERE_HEX)
        return refuse (error, _("%s is not a unit of yours on the map"), name);
      switch (m->step)
        {
        case BS_FIRE:
          ok = _wb_bs_in_brigade (data, m, units[k]) && !(u->flags & (BS_UNIT_FIRED | BS_UNIT_CHAOS)) &&
               data->counter[units[k]].role != BS_ROLE_ARTILLERY;
          if (!wb_rule_check (ctx, m, "bs.fire", ok, error,
                              _("%s may not fire in this Fire Combat Step: only the activated brigade's units "
                                "fire, each once (9.0, 9.1)"), name))
            return WB_APPLY_REFUSED;
          break;
        case BS_ART_HEX:
          ok = data->counter[units[k]].role == BS_ROLE_ARTILLERY && wb_offset_equal (u->where.hex, st->target) &&
               !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED));
          if (!wb_rule_check (ctx, m, "bs.artillery", ok, error,
                              _("%s is not an artillery unit of the hex activated that has not fired or moved "
                                "(6.1)"), name))
            return WB_APPLY_REFUSED;
          break;
        case BS_OPFIRE:
        default:
          ok = st->mover > 0 && wb_hex_distance (data->layout, u->where.hex,
                                                 unit_at (m, (guint) st->mover - 1)->where.hex) == 1 &&
               !(u->flags & BS_UNIT_CHAOS);
          if (!wb_rule_check (ctx, m, "bs.fire", ok, error,
                              _("%s is not next to the moving unit: only adjacent units give Opportunity Fire "
                                "(10.7)"), name))
            return WB_APPLY_REFUSED;
          break;
        }
    }
  if (m->step == BS_OPFIRE && !wb_offset_equal (hex, unit_at (m, (guint) st->mover - 1)->where.hex))
    return refuse (error, _("Opportunity Fire is at the moving unit's hex (10.7)"));
  if (!_wb_bs_fire (&a, units, n, hex, purpose, m->step == BS_OPFIRE ? st->mover - 1 : -1, error))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  if (m->step == BS_ART_HEX)
    for (guint k = 0; k < n; k++)
      unit_at (m, units[k])->flags |= BS_UNIT_ARTILLERY_DONE;
  if (m->step == BS_OPFIRE && !finish_opfire (&a, error))
    return WB_APPLY_REFUSED;
  return WB_APPLY_DONE;
}

/* ---- Close Combat (11.0) and the advance (12.7) ---- */

gboolean
_wb_bs_may_step (BsData *data, WbMatch *m, guint u, WbOffset from, WbOffset to)
{
  WbUnitState *s = unit_at (m, u);
  WbWhere where = s->where;
  gint32 spent = s->data[BS_DATA_SPENT];
  guint32 flags = s->flags;
  g_autoptr(GArray) reach = NULL;
  gboolean ok = FALSE;

  if (!wb_hex_map_contains (data->map, to) || wb_hex_distance (data->layout, from, to) != 1 ||
      _wb_bs_enemy_at (data, m, s->side, to))
    return FALSE;
  /* The way a fresh unit at @from may always go one hex (10.3): the
   * terrain, the Bayou bars and stacking for itself, not the MP. */
  s->where.kind = WB_WHERE_HEX;
  s->where.hex = from;
  s->data[BS_DATA_SPENT] = 0;
  s->flags &= ~(guint32) (BS_UNIT_MOVED | BS_UNIT_SKIRMISH);
  reach = _wb_bs_reach (data, m, u, 64 * WB_MOVE_QUARTERS, FALSE, TRUE);
  s->where = where;
  s->data[BS_DATA_SPENT] = spent;
  s->flags = flags;
  for (guint k = 0; reach != NULL && k < reach->len && !ok; k++)
    {
      const WbDestination *d = &g_array_index (reach, WbDestination, k);

      ok = d->where.kind == WB_WHERE_HEX && wb_offset_equal (d->where.hex, to);
    }
  return ok;
}

/* 12.7: the step BS_ADVANCE for @advancers into @hex (@hexes: 1, or 2
 * for the two-hex advance), by @side, then back to the Close Combat Step
 * of @resume_side. */
static void
offer_advance (BsData *data, WbMatch *m, const guint *advancers, guint n, WbOffset hex, int hexes, guint side,
               guint resume_side)
{
  BsState *st = bs_state (m);

  st->n_advancers = 0;
  for (guint k = 0; k < n && st->n_advancers < G_N_ELEMENTS (st->advancers); k++)
    {
      const WbUnitState *u = unit_at (m, advancers[k]);
      BsRole role = bs_role (data, m, advancers[k]);

      /* Artillery does not move to become Engaged (10.6): it does not
       * advance; pioneers and markers are no fighting units. */
      if (u->where.kind == WB_WHERE_HEX && u->side == side && wb_hex_distance (data->layout, u->where.hex, hex) == 1 &&
          (role == BS_ROLE_INFANTRY || role == BS_ROLE_CAVALRY))
        st->advancers[st->n_advancers++] = (gint16) advancers[k];
    }
  if (st->n_advancers == 0)
    return;
  st->target = hex;
  st->advance = (guint8) hexes;
  st->resume = BS_CLOSE;
  st->resume_active = (guint8) resume_side;
  m->step = BS_ADVANCE;
  m->active = side;
}

/* After a Close Combat: the attackers' advance into the hex emptied, or
 * the defenders' into the Assaulting Hex emptied (12.7). */
static void
after_close (BsData *data, WbMatch *m, const guint *attackers, guint n, WbOffset hex, const BsCloseOutcome *out)
{
  BsState *st = bs_state (m);
  guint side = m->active;

  if (out->vacated && out->advance > 0)
    {
      offer_advance (data, m, attackers, n, hex, out->advance, side, side);
      return;
    }
  if (st->cc_def_advance > 0)
    {
      guint defenders[WB_BS_MAX_STACK * 2], nd = 0;

      for (guint i = 0; i < data->n_units && nd < G_N_ELEMENTS (defenders); i++)
        {
          const WbUnitState *u = unit_at (m, i);

          if (u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex) && u->side != side)
            defenders[nd++] = i;
        }
      if (nd > 0)
        offer_advance (data, m, defenders, nd, st->cc_assault, st->cc_def_advance, unit_at (m, defenders[0])->side,
                       side);
    }
}

/* 11.3b: the mounted cavalry attacked at @hex that may withdraw instead of
 * giving Defensive Fire, into st->wd_units; their count. */
static guint
cc_withdrawers (BsData *data, WbMatch *m, WbOffset hex)
{
  BsState *st = bs_state (m);

  st->n_wd = 0;
  for (guint i = 0; i < data->n_units && st->n_wd < G_N_ELEMENTS (st->wd_units); i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex) &&
          _wb_bs_cc_may_withdraw (data, m, i, NULL))
        st->wd_units[st->n_wd++] = (gint16) i;
    }
  return st->n_wd;
}

static WbApplyResult
close_combat (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint units[WB_BS_MAX_STACK * 2], n;
  WbOffset hex;
  BsAct a = act_for (data, m, action, ctx);
  BsCloseOutcome out;

  if (m->step != BS_CLOSE)
    return refuse (error, _("There is no Close Combat Step now"));
  if (!read_units (m, action, units, G_N_ELEMENTS (units), &n, error) || !read_hex (data, action, &hex, error))
    return WB_APPLY_REFUSED;
  for (guint k = 0; k < n; k++)
    {
      WbUnitState *u = unit_at (m, units[k]);
      g_autofree char *name = wb_match_unit_text (m, u);

      if (u->side != m->active || u->where.kind != WB_WHERE_HEX)
        return refuse (error, _("%s is not a unit of yours on the map"), name);
      if (!wb_rule_check (ctx, m, "bs.close", _wb_bs_in_brigade (data, m, units[k]) &&
                                                 !(u->flags & (BS_UNIT_COMMITTED | BS_UNIT_CHAOS)),
                          error, _("%s may not attack: only the activated brigade's units not yet committed attack "
                                   "(11.2)"), name))
        return WB_APPLY_REFUSED;
    }
  if (ctx->preview != NULL)
    return _wb_bs_close (&a, units, n, hex, &out, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
  /* 11.3b: mounted cavalry attacked by infantry may withdraw before the
   * Defensive Fire: the defending player's step; the combat waits. */
  st->cc_n = 0;
  for (guint k = 0; k < n && k < G_N_ELEMENTS (st->cc_units); k++)
    st->cc_units[st->cc_n++] = (gint16) units[k];
  st->cc_hex = hex;
  if (n <= G_N_ELEMENTS (st->cc_units) && _wb_bs_enemy_at (data, m, m->active, hex) &&
      cc_withdrawers (data, m, hex) > 0)
    {
      g_autofree char *at = hex_name (data, hex);

      for (guint k = 0; k < n; k++)
        unit_at (m, units[k])->flags |= BS_UNIT_COMMITTED;
      st->cc_wd = 1;
      st->wd_mover = 0;
      st->wd_resume = BS_CLOSE;
      st->wd_resume_active = (guint8) m->active;
      m->step = BS_WITHDRAW;
      m->active = 1 - m->active;
      /* TRANSLATORS: 11.3b: a Close Combat declared, the cavalry attacked may withdraw first */
      wb_rule_say (ctx, m, _("attacks %s in Close Combat, and its mounted cavalry may withdraw instead of giving "
                             "Defensive Fire (11.2, 11.3b)."), at);
      return WB_APPLY_DONE;
    }
  st->cc_n = 0;
  if (!_wb_bs_close (&a, units, n, hex, &out, error))
    return WB_APPLY_REFUSED;
  after_close (data, m, units, n, hex, &out);
  return WB_APPLY_DONE;
}

gboolean
_wb_bs_close_resume (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint units[G_N_ELEMENTS (st->cc_units)], n = 0;
  WbOffset hex = st->cc_hex;
  BsAct a = act_for (data, m, action, ctx);
  BsCloseOutcome out = { 0 };
  gboolean ok = TRUE;

  for (guint k = 0; k < st->cc_n && k < G_N_ELEMENTS (units); k++)
    units[n++] = (guint) st->cc_units[k];
  m->step = st->wd_resume;
  m->active = st->wd_resume_active;
  st->cc_wd = 0;
  st->cc_n = 0;
  st->n_wd = 0;
  if (!_wb_bs_enemy_at (data, m, m->active, hex))
    {
      g_autofree char *at = hex_name (data, hex);

      /* TRANSLATORS: 11.3b: every defender withdrew */
      wb_rule_say (ctx, m, _("%s is emptied by the cavalry's withdrawal: no Close Combat; the attackers may advance "
                             "(11.3b, 12.7)."), at);
      out.vacated = TRUE;
      out.advance = 1;
    }
  else
    ok = _wb_bs_close (&a, units, n, hex, &out, error);
  for (guint i = 0; i < data->n_units; i++)
    unit_at (m, i)->data[BS_DATA_SERIES] &= ~(gint32) BS_SR_WITHDREW;
  if (ok)
    after_close (data, m, units, n, hex, &out);
  return ok;
}

/* 12.7: "units" advance into the hex emptied and, after a two-hex
 * advance, on into "hex" next to it when given; the others listed may
 * still advance (each its own action) until the player ends the step. */
static WbApplyResult
advance (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint units[16], n;
  int sp = 0, limit = 0;
  const char *second_text = wb_json_string (action, "hex", NULL);
  WbOffset second = st->target, end;
  gboolean on = FALSE;

  if (m->step != BS_ADVANCE)
    return refuse (error, _("No unit may advance now"));
  if (!read_units (m, action, units, G_N_ELEMENTS (units), &n, error))
    return WB_APPLY_REFUSED;
  if (second_text != NULL)
    {
      if (!wb_hex_map_parse_hex (data->map, second_text, &second) || !wb_hex_map_contains (data->map, second))
        return refuse (error, _("The map has no hex “%s”"), second_text);
      if (st->advance < 2)
        return refuse (error, _("Only a defeated enemy that retreated two or more hexes or broke lets the victors "
                                "advance a second hex (12.7)"));
      if (wb_hex_distance (data->layout, second, st->target) != 1)
        return refuse (error, _("The second hex of an advance is next to the hex emptied (12.7)"));
      on = TRUE;
    }
  end = on ? second : st->target;
  sp = _wb_bs_hex_stack (data, m, end, -1);
  limit = data->stacking_halves;
  for (guint k = 0; k < n; k++)
    {
      WbUnitState *u = unit_at (m, units[k]);
      g_autofree char *name = wb_match_unit_text (m, u);
      gboolean listed = FALSE;

      for (guint j = 0; j < st->n_advancers; j++)
        listed |= st->advancers[j] == (gint16) units[k];
      if (u->where.kind != WB_WHERE_HEX)
        return refuse (error, _("%s may not advance into the hex emptied (12.7)"), name);
      if (!wb_rule_check (ctx, m, "bs.advance", listed, error,
                          _("%s may not advance into the hex emptied: it did not fight for it (12.7)"), name))
        return WB_APPLY_REFUSED;
      if (on && _wb_bs_enemy_at (data, m, u->side, second))
        return refuse (error, _("%s may not advance into the enemy (12.7)"), name);
      sp += _wb_bs_stack_halves (data, m, units[k]);
      if (!wb_rule_check (ctx, m, "bs.stacking", sp <= limit, error,
                          _("%s would over-stack the hex it advances into (3.1, 12.7)"), name))
        return WB_APPLY_REFUSED;
      if (on && !_wb_bs_may_step (data, m, units[k], st->target, second))
        {
          g_autofree char *at = hex_name (data, second);

          if (!wb_rule_check (ctx, m, "bs.advance", FALSE, error,
                              _("%s may not advance on into %s: a legal hex for it (12.7, 10.1)"), name, at))
            return WB_APPLY_REFUSED;
        }
    }
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  for (guint k = 0; k < n; k++)
    {
      WbUnitState *u = unit_at (m, units[k]);
      g_autofree char *name = wb_match_unit_text (m, u);
      g_autofree char *at = hex_name (data, st->target);

      /* No Opportunity Fire at an advance (10.7, 12.7). */
      u->where.hex = st->target;
      if (on)
        {
          g_autofree char *to = hex_name (data, second);

          u->where.hex = second;
          /* TRANSLATORS: 12.7: a two-hex advance, the hex emptied then the second */
          wb_rule_say (ctx, m, _("%s advances into %s and on into %s (12.7)."), name, at, to);
        }
      else
        /* TRANSLATORS: 12.7: an advance after Close Combat */
        wb_rule_say (ctx, m, _("%s advances into %s (12.7)."), name, at);
      for (guint j = 0; j < st->n_advancers; j++)
        if (st->advancers[j] == (gint16) units[k])
          st->advancers[j--] = st->advancers[--st->n_advancers];
    }
  /* The others may still advance, up to the stacking limit. */
  {
    guint left = 0;
    int room = limit - _wb_bs_hex_stack (data, m, st->target, -1);

    for (guint j = 0; j < st->n_advancers; j++)
      {
        guint i = (guint) st->advancers[j];

        if (unit_at (m, i)->where.kind == WB_WHERE_HEX &&
            (_wb_bs_stack_halves (data, m, i) <= room || st->advance >= 2))
          st->advancers[left++] = (gint16) i;
      }
    st->n_advancers = (guint8) left;
  }
  if (st->n_advancers == 0)
    {
      m->step = st->resume;
      m->active = st->resume_active;
    }
  return WB_APPLY_DONE;
}

/* ---- Rally (13.0, 6.4) ---- */

static gboolean
in_available (BsData *data, const WbUnitState *u)
{
  return data->n_broken > 0 && u->where.kind == WB_WHERE_BOX && u->where.place == data->broken[data->n_broken - 1];
}

/* 13.2's Rebuild Option (a match option of the series' optional rule):
 * a unit that came back from the Broken Track never rebuilds to its FR
 * side. */
static gboolean
stays_worn (WbMatch *m, const WbUnitState *u)
{
  return (u->flags & BS_UNIT_RETURNED) && wb_match_has_option (m, "rebuild-option");
}

/* The distance from @hex to the nearest enemy of @side on the map,
 * G_MAXINT when none. */
static int
enemy_distance (BsData *data, WbMatch *m, guint side, WbOffset hex)
{
  int best = G_MAXINT;

  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);
      BsRole role = bs_role (data, m, j);

      if (v->side != side && v->where.kind == WB_WHERE_HEX && role != BS_ROLE_MARKER && role != BS_ROLE_PIONEER)
        best = MIN (best, wb_hex_distance (data->layout, v->where.hex, hex));
    }
  return best;
}

/* 13.2b: a unit rebuilt to its FR side that over-stacks its hex displaces
 * to an adjacent hex farther from the nearest enemy where it does not
 * over-stack (the farthest, the first round the hex among equals: the
 * owner is not asked), again while it must. A unit with no such hex
 * stays (logged). */
static void
displace (BsData *data, WbMatch *m, guint i, WbRuleContext *ctx)
{
  WbUnitState *u = unit_at (m, i);
  g_autofree char *name = wb_match_unit_text (m, u);

  for (int round = 0; round < 8 && _wb_bs_hex_stack (data, m, u->where.hex, -1) > data->stacking_halves; round++)
    {
      int here = enemy_distance (data, m, u->side, u->where.hex), best_d = -1;
      WbOffset best = u->where.hex;

      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset h = wb_hex_neighbour (data->layout, u->where.hex, d);
          int e;

          if (!wb_hex_map_contains (data->map, h))
            continue;
          e = enemy_distance (data, m, u->side, h);
          if ((here != G_MAXINT && e <= here) || e <= best_d ||
              _wb_bs_hex_stack (data, m, h, -1) + _wb_bs_stack_halves (data, m, i) > data->stacking_halves ||
              !_wb_bs_may_step (data, m, i, u->where.hex, h))
            continue;
          best_d = e;
          best = h;
        }
      if (best_d < 0)
        {
          /* TRANSLATORS: 13.2b: no hex to displace to */
          wb_rule_say (ctx, m, _("%s over-stacks its hex but has no hex farther from the enemy to displace to "
                                 "(13.2b)."), name);
          return;
        }
      u->where.hex = best;
      {
        g_autofree char *at = hex_name (data, best);

        /* TRANSLATORS: 13.2b: a rebuilt unit displaces off an over-stacked hex */
        wb_rule_say (ctx, m, _("%s displaces to %s: its hex was over-stacked (13.2b)."), name, at);
      }
    }
}

/* 13.1: whether unit @i may rally in this Rally Step (or the Artillery
 * Rally Step), and what it may do: recover (Morale Hits off), rebuild. */
gboolean
_wb_bs_may_rally (BsData *data, WbMatch *m, guint i, gboolean *recover, gboolean *rebuild, const char **why)
{
  WbUnitState *u = unit_at (m, i);
  const BsCounter *c = &data->counter[i];
  gboolean regroup = order_is (data, m, "regroup");
  int distance = data->rally_distance;

  *recover = *rebuild = FALSE;
  *why = NULL;
  if (u->side != m->active || (u->flags & BS_UNIT_RALLIED))
    return FALSE;
  if (m->step == BS_ART_RALLY)
    {
      /* 6.4: artillery that did not move or fire this phase, stacked with
       * or next to friendly infantry. */
      gboolean near = FALSE;

      if (c->role != BS_ROLE_ARTILLERY || u->where.kind != WB_WHERE_HEX || (u->flags & (BS_UNIT_FIRED | BS_UNIT_MOVED)))
        return FALSE;
      if (((guint32) u->data[BS_DATA_SERIES] >> BS_SR_TURN_SHIFT) == (guint32) m->turn)
        {
          *why = _("it retreated or was flipped to its Battleworn side in this turn's Artillery Steps (6.4)");
          return FALSE;
        }
      for (guint j = 0; j < data->n_units; j++)
        {
          WbUnitState *v = unit_at (m, j);

          if (v->side == u->side && bs_role (data, m, j) == BS_ROLE_INFANTRY && v->where.kind == WB_WHERE_HEX &&
              wb_hex_distance (data->layout, v->where.hex, u->where.hex) <= 1)
            near = TRUE;
        }
      if (!near)
        {
          *why = _("it is not stacked with or next to friendly infantry (6.4)");
          return FALSE;
        }
      *recover = (u->flags & BS_UNIT_MORALE) != 0;
      *rebuild = !*recover && (u->flags & BS_UNIT_WORN) && !c->fragile && !stays_worn (m, u);
      return *recover || *rebuild;
    }
  if (m->step != BS_RALLY)
    return FALSE;
  if (c->role == BS_ROLE_ARTILLERY)
    {
      /* 13.1: artillery stacked with or next to the Active Brigade recovers only. */
      gboolean near = FALSE;

      if (u->where.kind != WB_WHERE_HEX)
        return FALSE;
      for (guint j = 0; j < data->n_units; j++)
        if (_wb_bs_in_brigade (data, m, j) && unit_at (m, j)->where.kind == WB_WHERE_HEX &&
            wb_hex_distance (data->layout, unit_at (m, j)->where.hex, u->where.hex) <= 1)
          near = TRUE;
      if (!near)
        return FALSE;
    }
  else if (!_wb_bs_in_brigade (data, m, i) || c->role == BS_ROLE_PIONEER || c->role == BS_ROLE_MARKER)
    return FALSE;
  if (in_available (data, u))
    {
      *rebuild = regroup && c->role != BS_ROLE_ARTILLERY;
      if (!*rebuild)
        *why = _("only a Regroup Order rebuilds a unit from the Available box (13.2b)");
      return *rebuild;
    }
  if (u->where.kind != WB_WHERE_HEX)
    return FALSE;
  if (_wb_bs_enemy_within (data, m, u->side, u->where.hex, distance - 1))
    {
      *why = _("it is closer than three hexes to the enemy (13.1)");
      return FALSE;
    }
  if (_wb_bs_hex_no_rally (data, m, u->where.hex))
    {
      *why = _("its terrain forbids rallying (excl. 2.10h, j)");
      return FALSE;
    }
  *recover = (u->flags & BS_UNIT_MORALE) != 0;
  *rebuild = regroup && !*recover && (u->flags & BS_UNIT_WORN) && !c->fragile && c->role != BS_ROLE_ARTILLERY &&
             !stays_worn (m, u);
  if (!*recover && !*rebuild)
    *why = stays_worn (m, u) && regroup ? _("under the Rebuild Option a unit back from the Broken Track stays on its "
                                           "Battleworn side (13.2)")
                                        : _("it has nothing to rally");
  return *recover || *rebuild;
}

static WbApplyResult
rally (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  const char *how = wb_json_string (action, "how", NULL);
  int i = unit_index (m, id);
  gboolean recover, rebuild;
  const char *why = NULL;
  WbUnitState *u;
  g_autofree char *name = NULL;

  if (m->step != BS_RALLY && m->step != BS_ART_RALLY)
    return refuse (error, _("No unit rallies now"));
  if (i < 0)
    return refuse (error, _("The game has no unit “%s”"), id);
  u = unit_at (m, (guint) i);
  name = wb_match_unit_text (m, u);
  if (!_wb_bs_may_rally (data, m, (guint) i, &recover, &rebuild, &why))
    {
      if (!wb_rule_check (ctx, m, "bs.rally", FALSE, error, _("%s may not rally: %s (13.1)"), name,
                          why != NULL ? why : _("it is not eligible")))
        return WB_APPLY_REFUSED;
      recover = (u->flags & BS_UNIT_MORALE) != 0;
      rebuild = !recover;
    }
  if (how != NULL && strcmp (how, "rebuild") == 0 && recover && !rebuild)
    return refuse (error, _("%s recovers first: a unit with a Morale Hit marker cannot Rebuild (13.2)"), name);
  if (how != NULL && strcmp (how, "recover") == 0 && !recover)
    return refuse (error, _("%s has no Morale Hit to recover (13.2a)"), name);
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  u->flags |= BS_UNIT_RALLIED;
  if (recover && (how == NULL || strcmp (how, "rebuild") != 0))
    {
      /* 13.2a: Defend takes one hit off, Regroup (and 6.4) all. */
      if (order_is (data, m, "defend") && m->step == BS_RALLY && (u->flags & BS_UNIT_DISRUPTED))
        u->flags = (u->flags & ~(guint32) BS_UNIT_DISRUPTED) | BS_UNIT_SHAKEN;
      else
        u->flags &= ~(guint32) BS_UNIT_MORALE;
      /* TRANSLATORS: 13.2a: Recovery, the marker left */
      wb_rule_say (ctx, m, _("%s recovers: %s (13.2a)."), name,
                   (u->flags & BS_UNIT_SHAKEN) ? _("Shaken") : _("no Morale Hit left"));
      return WB_APPLY_DONE;
    }
  {
    BsAct a = act_for (data, m, action, ctx);
    WbBsUnit e;
    int die, ok, cr;
    gboolean available = in_available (data, u);
    GError *local = NULL;

    _wb_bs_engine_unit (data, m, (guint) i, FALSE, &e);
    e.flags |= WB_BS_UNIT_WORN;
    if (available)
      e.cr_adjust = 0;   /* 12.4a iii: automatically Supported */
    cr = wb_bs_unit_cr (data->tables, &e);
    if (!wb_rule_die (ctx, m, action, a.die++, 6, &die, &local))
      {
        g_propagate_error (error, local);
        return WB_APPLY_REFUSED;
      }
    ok = wb_bs_rebuild (data->tables, cr, die);
    if (ok < 0)
      ok = die <= cr;   /* the rule's own words (13.2b) when the table has no cell */
    if (!ok)
      {
        /* TRANSLATORS: 13.2b: a failed Rebuild, the die and the CR */
        wb_rule_say (ctx, m, _("%s fails to Rebuild: %d against CR %d (13.2b)."), name, die, cr);
        return WB_APPLY_DONE;
      }
    if (available)
      {
        g_autoptr(GArray) hexes = _wb_bs_rebuild_hexes (data, m, (guint) i);
        const char *text = wb_json_string (action, "hex", NULL);
        WbOffset at;
        gboolean found = FALSE;

        if (hexes == NULL || hexes->len == 0)
          return refuse (error, _("%s has no hex to come back to: at least three hexes from the enemy and within "
                                  "three of a friendly unit (13.2b)"), name);
        at = g_array_index (hexes, WbOffset, 0);
        if (text != NULL)
          {
            WbOffset want;

            if (!wb_hex_map_parse_hex (data->map, text, &want))
              return refuse (error, _("The map has no hex “%s”"), text);
            for (guint k = 0; k < hexes->len; k++)
              found |= wb_offset_equal (g_array_index (hexes, WbOffset, k), want);
            if (!found)
              return refuse (error, _("%s may not come back at %s (13.2b)"), name, text);
            at = want;
          }
        u->where.kind = WB_WHERE_HEX;
        u->where.hex = at;
        u->where.place = NULL;
        u->flags |= BS_UNIT_WORN | BS_UNIT_RETURNED;
        u->halves = data->counter[i].sp[1];
        {
          g_autofree char *place = hex_name (data, at);

          /* TRANSLATORS: 13.2b: a unit rebuilt from the Available box */
          wb_rule_say (ctx, m, _("%s is rebuilt (%d against CR %d) and comes back at %s on its Battleworn side "
                                 "(13.2b)."), name, die, cr, place);
        }
        return WB_APPLY_DONE;
      }
    u->flags &= ~(guint32) BS_UNIT_WORN;
    u->halves = data->counter[i].sp[0];
    /* TRANSLATORS: 13.2b: a unit rebuilt to its Fresh side */
    wb_rule_say (ctx, m, _("%s is rebuilt to its Fresh side (%d against CR %d, 13.2b)."), name, die, cr);
    displace (data, m, (guint) i, ctx);
  }
  return WB_APPLY_DONE;
}

/* ---- The Artillery Steps (6.1-6.4) ---- */

void
_wb_bs_begin_art_hex (BsData *data, WbMatch *m, WbOffset hex, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  (void) data;
  (void) ctx;
  st->target = hex;
  m->step = BS_ART_HEX;
}

static gboolean
side_may_rally_artillery (BsData *data, WbMatch *m)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      gboolean recover, rebuild;
      const char *why;

      if (_wb_bs_may_rally (data, m, i, &recover, &rebuild, &why))
        return TRUE;
    }
  return FALSE;
}

static void
art_rally_turn (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  for (guint s = 0; s < 2; s++)
    {
      if (st->art_rally & (1u << s))
        continue;
      m->active = s;
      if (side_may_rally_artillery (data, m))
        return;
      st->art_rally |= (guint8) (1u << s);
    }
  _wb_bs_after_artillery (data, m, ctx);
}

void
_wb_bs_enter_art_rally (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->step = BS_ART_RALLY;
  st->art_rally = 0;
  art_rally_turn (data, m, ctx);
}

/* ---- end_step in the map steps ---- */

static WbApplyResult
end_map_step (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);

  switch (m->step)
    {
    case BS_CLOSE:
      {
        /* 10.10: a Charge Move is followed by a Close Combat. */
        int owed = _wb_bs_charge_owed (data, m);

        if (owed >= 0)
          {
            g_autofree char *name = wb_match_unit_text (m, unit_at (m, (guint) owed));

            if (!wb_rule_check (ctx, m, "bs.close", FALSE, error,
                                _("%s made a Charge Move: it attacks in this Close Combat Step (10.10)"), name))
              return WB_APPLY_REFUSED;
          }
      }
      G_GNUC_FALLTHROUGH;
    case BS_FIRE:
    case BS_MOVE:
    case BS_RALLY:
      if (ctx->preview != NULL)
        return WB_APPLY_DONE;
      enter_step (data, m, (BsStep) m->step, ctx);
      return WB_APPLY_DONE;
    case BS_OPFIRE:
      {
        BsAct a = act_for (data, m, action, ctx);

        if (ctx->preview != NULL)
          return WB_APPLY_DONE;
        /* TRANSLATORS: 10.7: the enemy gives no Opportunity Fire */
        wb_rule_say (ctx, m, _("gives no Opportunity Fire (10.7)."));
        return finish_opfire (&a, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
      }
    case BS_ADVANCE:
      /* TRANSLATORS: 12.7: the victors stay */
      wb_rule_say (ctx, m, _("does not advance (12.7)."));
      m->step = st->resume;
      m->active = st->resume_active;
      st->n_advancers = 0;
      return WB_APPLY_DONE;
    case BS_ART_HEX:
      for (guint i = 0; i < data->n_units; i++)
        {
          WbUnitState *u = unit_at (m, i);

          if (bs_role (data, m, i) == BS_ROLE_ARTILLERY && u->side == m->active && u->where.kind == WB_WHERE_HEX &&
              wb_offset_equal (u->where.hex, st->target))
            u->flags |= BS_UNIT_ARTILLERY_DONE;
        }
      _wb_bs_artillery_next (data, m, ctx);
      return WB_APPLY_DONE;
    case BS_ART_RALLY:
      st->art_rally |= (guint8) (1u << m->active);
      art_rally_turn (data, m, ctx);
      return WB_APPLY_DONE;
    default:
      return WB_APPLY_NOT_MINE;
    }
}

static WbApplyResult
map_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbApplyResult r = _wb_bs_excl_apply (data, m, type, action, ctx, error);

  if (r != WB_APPLY_NOT_MINE)
    return r;
  if (strcmp (type, "end_step") == 0)
    return end_map_step (data, m, action, ctx, error);
  if (strcmp (type, "fire") == 0)
    return fire (data, m, action, ctx, error);
  if (strcmp (type, "move") == 0)
    return move (data, m, action, ctx, error);
  if (strcmp (type, "close_combat") == 0)
    return close_combat (data, m, action, ctx, error);
  if (strcmp (type, "advance") == 0)
    return advance (data, m, action, ctx, error);
  if (strcmp (type, "rally") == 0)
    return rally (data, m, action, ctx, error);
  return WB_APPLY_NOT_MINE;
}

WbApplyResult
_wb_bs_map_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                  GError **error)
{
  WbApplyResult r = map_apply (data, m, type, action, ctx, error);

  /* Excl. 2.1a: a pioneer left with no friendly infantry in or next to
   * its hex, or with the enemy in it, is removed at once. */
  if (r == WB_APPLY_DONE && ctx->preview == NULL)
    _wb_bs_pioneers_check (data, m, ctx);
  return r;
}

/* ---- Words ---- */

const char *
_wb_bs_map_describe (WbMatch *m)
{
  switch (m->step)
    {
    case BS_FIRE: return _("Brigade Activation Phase: Fire Combat Step");
    case BS_MOVE: return _("Brigade Activation Phase: Movement Step");
    case BS_OPFIRE: return _("Brigade Activation Phase: Opportunity Fire");
    case BS_CLOSE: return _("Brigade Activation Phase: Close Combat Step");
    case BS_ADVANCE: return _("Brigade Activation Phase: Advance After Close Combat");
    case BS_RALLY: return _("Brigade Activation Phase: Rally Step");
    case BS_ART_HEX: return _("Artillery Phase: Artillery Step");
    case BS_ART_RALLY: return _("Artillery Phase: Artillery Rally Step");
    case BS_WITHDRAW:
      return bs_state (m)->cc_wd ? _("Close Combat: Cavalry Withdrawal") : _("Cavalry Withdrawal");
    default: return NULL;
    }
}

const char *
_wb_bs_map_awaiting (WbMatch *m)
{
  switch (m->step)
    {
    case BS_FIRE: return "fire";
    case BS_MOVE: return "move";
    case BS_OPFIRE: return "opportunity-fire";
    case BS_CLOSE: return "close-combat";
    case BS_ADVANCE: return "advance";
    case BS_RALLY: return "rally";
    case BS_ART_HEX: return "artillery-fire-or-move";
    case BS_ART_RALLY: return "artillery-rally";
    case BS_WITHDRAW: return "cavalry-withdrawal";
    default: return NULL;
    }
}

const char *
_wb_bs_map_hint (WbMatch *m)
{
  switch (m->step)
    {
    case BS_FIRE:
      return _("Pick the brigade's units that fire together, then the enemy hex they fire at; end the step when "
               "done (9.0).");
    case BS_MOVE:
      return _("Click a unit of the brigade, then a hex shown; end the step when done (10.0).");
    case BS_OPFIRE:
      return _("The enemy moves away from your units: pick the adjacent units that fire (halved), or give no "
               "Opportunity Fire (10.7).");
    case BS_CLOSE:
      return _("Pick the brigade's units that attack, then the enemy hex next to them; end the step when done "
               "(11.0).");
    case BS_ADVANCE:
      if (bs_state (m)->advance >= 2)
        return _("Pick the units that advance into the hex emptied and, if you wish, a second hex next to it where "
                 "they go on; or do not advance (12.7).");
      return _("Pick the units that advance into the hex emptied, or do not advance (12.7).");
    case BS_RALLY:
      return _("Click a unit of the brigade to rally it: Recovery, or a Rebuild roll under a Regroup Order; end "
               "the step when done (13.0).");
    case BS_ART_HEX:
      return _("Each artillery unit of the hex fires (pick the units, then the target) or moves (a unit, then a "
               "hex); end the step when done (6.1).");
    case BS_ART_RALLY:
      return _("Rally one artillery unit that did not move or fire, next to friendly infantry, or pass (6.4).");
    case BS_WITHDRAW:
      if (bs_state (m)->cc_wd)
        return _("The enemy's infantry attacks your mounted cavalry: withdraw a unit one hex away from an attacking "
                 "infantry unit instead of giving Defensive Fire (a unit, then a hex), or stay and fight (11.3b).");
      return _("An enemy unit moved near your mounted cavalry: withdraw a unit one hex away from it (a unit, then "
               "a hex), or stay (10.8).");
    default:
      return NULL;
    }
}
