/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "wb-table-analysis.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/wb-step.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Pontoon Bridges (exclusive 2.1b, 17.6g), as rules.params
 * pontoon_bridges gives them per scenario:
 *
 * - before the game begins the bridge's side places each of its bridges
 *   the set-up leaves in a box on a hex of the bridges' terrain (the
 *   Bayou) within near_infantry hexes of one of its infantry units; the
 *   other side then rolls one die on placement_table (Patterson Gets
 *   Lost), whose rows in order leave the bridge, let that side move it to
 *   another such hex within moved_within hexes, or destroy it;
 * - an undamaged bridge is entered for bridge_mp with no Bayou Entry roll
 *   (wb-bs-move.c, and _wb_bs_hex_entry_table sees no table there); a
 *   damaged one is a Bayou hex for all purposes; the hex stays a Bayou hex
 *   for combat; artillery and cavalry cross it but never end a move or a
 *   retreat on it (the terrain's own prohibition, wb-bs-move.c);
 * - the enemy's artillery of the hex activated in an Artillery Step may
 *   fire at a bridge ("fire_pontoon"): the strength, the range, the line
 *   of sight and the Fire Combat shifts as for any fire, no Lead Unit
 *   (17.6g: "any result except a '--'"): any cell of the CRT but "-"
 *   damages it, and a damaged one is destroyed; a bridge damaged in an
 *   Artillery Phase is not fired upon again in that phase;
 * - at the start of each Artillery Phase the side of a damaged bridge may
 *   roll on repair_table ("repair", or "end_step" not to): its first row
 *   repairs it. The roll is an action, not automatic, so that the players'
 *   own dice (physical dice) have an action to be typed in.
 *
 * A bridge's damaged side is its flipped side: BS_UNIT_WORN on the unit. */

#define BS_MAX_PONTOONS ((guint) G_N_ELEMENTS (((BsState *) 0)->pt_unit))

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static gboolean
on_hex (const WbUnitState *u, WbOffset h)
{
  return u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, h);
}

/* rules.params pontoon_bridges for the scenario; FALSE when it has none. */
static gboolean
read_params (BsData *data, WbParams *all, WbParams *out)
{
  wb_params_init (all, _wb_bs_params, WB_BS_N_PARAMS, "blind-swords", data->game,
                  wb_scenario_get_id (data->scenario));
  return wb_params_object (all, "pontoon_bridges", out);
}

static WbTable *
param_table (BsData *data, const char *name)
{
  WbParams all, pb;

  if (!read_params (data, &all, &pb))
    return NULL;
  return wb_game_find_table (data->game, wb_params_string (&pb, name));
}

static char *
hex_name (BsData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

static WbUnitState *
bridge (WbMatch *m, guint k)
{
  return unit_at (m, (guint) bs_state (m)->pt_unit[k]);
}

/* The side the bridge belongs to, and the other. */
static guint
owner (WbMatch *m, guint k)
{
  return bridge (m, k)->side;
}

static int
bridge_at (WbMatch *m, WbOffset hex)
{
  BsState *st = bs_state (m);

  for (guint k = 0; k < st->pt_n && k < BS_MAX_PONTOONS; k++)
    if (on_hex (bridge (m, k), hex))
      return (int) k;
  return -1;
}

gboolean
_wb_bs_pontoon_open (BsData *data, WbMatch *m, WbOffset hex)
{
  int k = bridge_at (m, hex);

  (void) data;
  return k >= 0 && !(bridge (m, (guint) k)->flags & BS_UNIT_WORN);
}

/* The 17.6g set-up: where bridge @k may go now (BS_PT_PLACE: the terrain,
 * near one of its side's infantry; BS_PT_MOVE: another hex of the
 * terrain near where it was rolled for), no other bridge there. */
static gboolean
may_place (BsData *data, WbMatch *m, guint k, WbOffset hex, guint8 phase)
{
  BsState *st = bs_state (m);
  WbParams all, pb;
  int other;

  if (!wb_hex_map_contains (data->map, hex) || !read_params (data, &all, &pb) ||
      g_strcmp0 (wb_hex_map_get_terrain (data->map, hex), wb_params_string (&pb, "terrain")) != 0)
    return FALSE;
  other = bridge_at (m, hex);
  if (other >= 0 && other != (int) k)
    return FALSE;
  if (phase == BS_PT_MOVE)
    return !wb_offset_equal (hex, st->pt_from) &&
           wb_hex_distance (data->layout, hex, st->pt_from) <= wb_params_int (&pb, "moved_within");
  for (guint i = 0; i < data->n_units && i < m->units->len; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (u->side == owner (m, k) && u->where.kind == WB_WHERE_HEX && data->counter[i].role == BS_ROLE_INFANTRY &&
          wb_hex_distance (data->layout, u->where.hex, hex) <= wb_params_int (&pb, "near_infantry"))
        return TRUE;
    }
  return FALSE;
}

/* The hexes bridge @k may go to now, in column order (WbOffset). */
static GArray *
candidates (BsData *data, WbMatch *m, guint k, guint8 phase)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  for (int c = 0; c < data->cols; c++)
    for (int r = 0; r < data->rows; r++)
      {
        WbOffset h = { c, r };

        if (may_place (data, m, k, h, phase))
          g_array_append_val (out, h);
      }
  return out;
}

/* The next bridge from @from to place (its side acts), FALSE when none. */
static gboolean
begin_place (BsData *data, WbMatch *m, guint from)
{
  BsState *st = bs_state (m);

  for (guint k = from; k < st->pt_n && k < BS_MAX_PONTOONS; k++)
    {
      g_autoptr(GArray) hexes = NULL;

      if (bridge (m, k)->where.kind != WB_WHERE_BOX)
        continue;
      hexes = candidates (data, m, k, BS_PT_PLACE);
      if (hexes->len == 0)
        continue;   /* no hex near its infantry: it stays in its box */
      st->pt_k = (guint8) k;
      st->pt_phase = BS_PT_PLACE;
      m->step = BS_PONTOON;
      m->active = owner (m, k);
      return TRUE;
    }
  return FALSE;
}

/* After bridge pt_k's set-up: the next one, else the game begins. */
static void
next_placement (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);

  if (begin_place (data, m, st->pt_k + 1u))
    return;
  m->step = st->pt_resume;
  m->active = st->pt_resume_active;
}

void
_wb_bs_pontoon_start (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  WbParams all, pb;
  g_auto(GStrv) units = NULL;

  st->pt_n = 0;
  st->pt_hit = 0;
  if (!read_params (data, &all, &pb))
    return;
  units = wb_params_strv (&pb, "units");
  for (guint k = 0; units != NULL && units[k] != NULL && st->pt_n < BS_MAX_PONTOONS; k++)
    {
      gpointer v = g_hash_table_lookup (m->index, g_intern_string (units[k]));
      guint i;

      if (v == NULL || (i = (guint) GPOINTER_TO_INT (v) - 1) >= data->n_units ||
          !(unit_at (m, i)->flags & WB_UNIT_IN_SCENARIO))
        continue;
      st->pt_unit[st->pt_n++] = (gint16) i;
    }
  st->pt_resume = (guint8) m->step;
  st->pt_resume_active = (guint8) m->active;
  begin_place (data, m, 0);
}

/* ---- Repairs (17.6g) ---- */

static gboolean
begin_repair (BsData *data, WbMatch *m, guint from)
{
  BsState *st = bs_state (m);

  (void) data;
  for (guint k = from; k < st->pt_n && k < BS_MAX_PONTOONS; k++)
    if (bridge (m, k)->where.kind == WB_WHERE_HEX && (bridge (m, k)->flags & BS_UNIT_WORN))
      {
        st->pt_k = (guint8) k;
        st->pt_phase = BS_PT_REPAIR;
        m->step = BS_PONTOON;
        m->active = owner (m, k);
        return TRUE;
      }
  return FALSE;
}

gboolean
_wb_bs_pontoon_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  (void) ctx;
  bs_state (m)->pt_hit = 0;
  return begin_repair (data, m, 0);
}

static void
next_repair (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  if (begin_repair (data, m, bs_state (m)->pt_k + 1u))
    return;
  /* The Artillery Steps begin with the first side (6.1). */
  m->active = 1;
  _wb_bs_artillery_next (data, m, ctx);
}

/* ---- Actions ---- */

static WbApplyResult
refuse (GError **error, const char *message)
{
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return WB_APPLY_REFUSED;
}

/* The row of @table one die @face falls in (0 …), -1 when none. */
static int
row_of (WbTable *table, int face, const char **cell)
{
  GPtrArray *rows = table != NULL ? wb_table_get_rows (table) : NULL;

  for (guint r = 0; rows != NULL && r < rows->len; r++)
    {
      const WbTableRow *row = g_ptr_array_index (rows, r);

      if (face >= row->lo && face <= MAX (row->lo, row->hi))
        {
          *cell = row->cells != NULL && row->cells->len > 0 ? g_ptr_array_index (row->cells, 0) : "";
          return (int) r;
        }
    }
  *cell = "";
  return -1;
}

static WbApplyResult
place (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *text = wb_json_string (action, "hex", "");
  guint k = st->pt_k;
  WbUnitState *u = bridge (m, k);
  g_autofree char *name = wb_match_unit_text (m, u);
  g_autofree char *from = NULL;
  WbOffset hex;

  if (!wb_hex_map_parse_hex (data->map, text, &hex) || !wb_hex_map_contains (data->map, hex))
    return refuse (error, _("The map has no such hex"));
  if (!wb_rule_check (ctx, m, "bs.pontoon", may_place (data, m, k, hex, st->pt_phase), error,
                      st->pt_phase == BS_PT_MOVE
                      ? _("%s goes to another Bayou hex within one hex of where it was placed (17.6g)")
                      : _("%s goes on a Bayou hex within one hex of one of its side's infantry units (17.6g)"),
                      name))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  if (u->where.kind == WB_WHERE_HEX)
    from = hex_name (data, u->where.hex);
  u->where.kind = WB_WHERE_HEX;
  u->where.hex = hex;
  u->where.place = NULL;
  u->flags &= ~(guint32) BS_UNIT_WORN;
  if (st->pt_phase == BS_PT_MOVE)
    {
      /* TRANSLATORS: excl. 17.6g: Patterson Gets Lost, the bridge moved by the other side */
      wb_rule_say (ctx, m, _("moves %s from %s to %s (Patterson Gets Lost, 17.6g)."), name, from, text);
      next_placement (data, m);
      return WB_APPLY_DONE;
    }
  /* TRANSLATORS: excl. 17.6g: the Pontoon Bridge placed before the game */
  wb_rule_say (ctx, m, _("places %s at %s (17.6g)."), name, text);
  st->pt_phase = BS_PT_ROLL;
  m->active = 1 - owner (m, k);
  return WB_APPLY_DONE;
}

static WbApplyResult
roll (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  WbTable *table = param_table (data, "placement_table");
  guint k = st->pt_k;
  WbUnitState *u = bridge (m, k);
  g_autofree char *name = wb_match_unit_text (m, u);
  const char *cell;
  int face, r;

  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  if (!wb_rule_die (ctx, m, action, 0, 6, &face, error))
    return WB_APPLY_REFUSED;
  r = row_of (table, face, &cell);
  /* TRANSLATORS: excl. 17.6g: the roll on Patterson Gets Lost: the table, the die, the bridge, the result */
  wb_rule_say (ctx, m, _("%s: %d for %s: %s"), table != NULL ? wb_table_get_name (table) : "?", face, name, cell);
  if (r == 1)
    {
      g_autoptr(GArray) hexes = NULL;

      st->pt_from = u->where.hex;
      hexes = candidates (data, m, k, BS_PT_MOVE);
      if (hexes->len > 0)
        {
          st->pt_phase = BS_PT_MOVE;
          return WB_APPLY_DONE;
        }
      /* TRANSLATORS: excl. 17.6g: no other Bayou hex to move the bridge to */
      wb_rule_say (ctx, m, _("No other Bayou hex is within reach: %s stays (17.6g)."), name);
    }
  else if (r >= 2)
    {
      u->where.kind = WB_WHERE_ELIMINATED;
      u->flags &= ~(guint32) BS_UNIT_WORN;
    }
  next_placement (data, m);
  return WB_APPLY_DONE;
}

static WbApplyResult
repair (BsData *data, WbMatch *m, JsonObject *action, gboolean rolls, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  WbTable *table = param_table (data, "repair_table");
  WbUnitState *u = bridge (m, st->pt_k);
  g_autofree char *name = wb_match_unit_text (m, u);
  const char *cell;
  int face;

  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  if (!rolls)
    /* TRANSLATORS: excl. 17.6g: the side does not roll to repair its bridge */
    wb_rule_say (ctx, m, _("does not roll to repair %s (17.6g)."), name);
  else
    {
      if (!wb_rule_die (ctx, m, action, 0, 6, &face, error))
        return WB_APPLY_REFUSED;
      if (row_of (table, face, &cell) == 0)
        u->flags &= ~(guint32) BS_UNIT_WORN;
      /* TRANSLATORS: excl. 17.6g: the repair roll: the table, the die, the bridge, the result */
      wb_rule_say (ctx, m, _("%s: %d for %s: %s"), table != NULL ? wb_table_get_name (table) : "?", face, name, cell);
    }
  next_repair (data, m, ctx);
  return WB_APPLY_DONE;
}

/* ---- Artillery fire at a bridge (17.6g) ---- */

/* Whether artillery @u may fire at @hex: 9.1 as _wb_bs_can_fire reads it
 * (the Weapon Ranges, the line of sight, over friendly units), but at a
 * hex with no enemy unit in it, the bridge being the target. */
static gboolean
may_fire_at (BsData *data, WbMatch *m, guint u, WbOffset hex, int *range, BsLos *los)
{
  const WbUnitState *s = unit_at (m, u);
  const char *weapon = data->counter[u].weapon;
  int distance, r;

  memset (los, 0, sizeof *los);
  *range = -1;
  if (s->where.kind != WB_WHERE_HEX || bs_role (data, m, u) != BS_ROLE_ARTILLERY || weapon == NULL ||
      _wb_bs_close_only (data, weapon) || _wb_bs_restricted (data, m, u, TRUE))
    return FALSE;
  distance = wb_hex_distance (data->layout, s->where.hex, hex);
  if (distance < 1)
    return FALSE;
  _wb_bs_los (data, m, s->where.hex, hex, s->side, los);
  r = _wb_bs_range (data, weapon, distance, TRUE, FALSE);
  if (los->kind == BS_LOS_BLOCKED || r < 0 || (los->over_friendly > 0 && los->friendly_by_target))
    return FALSE;
  /* 9.1b: no Canister over friendly units, its ordinary range instead. */
  if (los->over_friendly > 0 && r == WB_BS_RANGE_CANISTER &&
      (r = _wb_bs_range (data, weapon, distance, FALSE, FALSE)) < 0)
    return FALSE;
  *range = r;
  return TRUE;
}

/* Whether bridge @k may be fired at now by the active side: on the map,
 * the enemy's, not damaged in this Artillery Phase. */
static gboolean
target_ok (WbMatch *m, guint k)
{
  const WbUnitState *u = bridge (m, k);

  return u->where.kind == WB_WHERE_HEX && u->side != m->active && !(bs_state (m)->pt_hit & (1u << k));
}

/* The artillery of the hex activated that has not acted and may fire at
 * @hex (indexes into @out, at most @max). */
static guint
firers_at (BsData *data, WbMatch *m, WbOffset from, WbOffset hex, guint *out, guint max)
{
  guint n = 0;

  for (guint i = 0; i < data->n_units && i < m->units->len && n < max; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      int range;
      BsLos los;

      if (u->side == m->active && on_hex (u, from) &&
          !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED)) &&
          may_fire_at (data, m, i, hex, &range, &los))
        out[n++] = i;
    }
  return n;
}

static const char *
column_label (const WbBsTables *t, int column)
{
  GPtrArray *columns = wb_table_get_columns (t->crt);

  return column >= 0 && (guint) column < columns->len ? ((WbTableColumn *) g_ptr_array_index (columns, column))->label
                                                       : "?";
}

static WbApplyResult
fire_pontoon (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const WbBsTables *t = data->tables;
  JsonNode *node = json_object_get_member (action, "units");
  JsonArray *ids = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  const char *text = wb_json_string (action, "hex", "");
  guint units[WB_BS_MAX_STACK], n = 0;
  guint8 range_of[WB_BS_MAX_STACK];
  WbBsFirer fire[WB_BS_MAX_STACK];
  BsLos worst = { 0 };
  BsShifts shifts = { 0 };
  gboolean clamped = FALSE, hit;
  int k, strength, column, coloured, white;
  const char *cell;
  g_autofree char *name = NULL;
  WbOffset hex;
  WbUnitState *b;

  if (!wb_rule_check (ctx, m, "bs.pontoon", m->step == BS_ART_HEX, error,
                      _("Artillery fires at a Pontoon Bridge in an Artillery Step (17.6g)")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_ART_HEX)
    return refuse (error, _("No artillery fires now"));
  if (!wb_hex_map_parse_hex (data->map, text, &hex) || !wb_hex_map_contains (data->map, hex))
    return refuse (error, _("The map has no such hex"));
  if ((k = bridge_at (m, hex)) < 0)
    return refuse (error, _("No Pontoon Bridge is at that hex"));
  b = bridge (m, (guint) k);
  name = wb_match_unit_text (m, b);
  if (!wb_rule_check (ctx, m, "bs.pontoon", target_ok (m, (guint) k), error,
                      _("%s may not be fired at: only the enemy's bridge, and not again in the Artillery Phase it "
                        "was damaged in (17.6g)"), name))
    return WB_APPLY_REFUSED;
  if (ids == NULL || json_array_get_length (ids) == 0 || json_array_get_length (ids) > G_N_ELEMENTS (units))
    return refuse (error, _("The action names no units (\"units\": [ids])"));
  for (guint j = 0; j < json_array_get_length (ids); j++)
    {
      const char *id = wb_json_array_string (ids, j);
      gpointer v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;
      guint i = v != NULL ? (guint) GPOINTER_TO_INT (v) - 1 : G_MAXUINT;
      const WbUnitState *u;
      int range = -1;
      BsLos los;
      gboolean ok;

      if (i >= data->n_units)
        return refuse (error, _("The action names a unit the game does not have"));
      for (guint q = 0; q < n; q++)
        if (units[q] == i)
          return refuse (error, _("The action names a unit twice"));
      u = unit_at (m, i);
      ok = u->side == m->active && on_hex (u, st->target) && data->counter[i].role == BS_ROLE_ARTILLERY &&
           !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED));
      if (!wb_rule_check (ctx, m, "bs.artillery", ok, error,
                          _("%s is not an artillery unit of the hex activated that has not fired or moved (6.1)"), id))
        return WB_APPLY_REFUSED;
      if (!wb_rule_check (ctx, m, "bs.fire", may_fire_at (data, m, i, hex, &range, &los), error,
                          _("%s cannot fire at %s: out of range or line of sight (9.1)"), id, text))
        return WB_APPLY_REFUSED;
      range = MAX (range, WB_BS_RANGE_EFFECTIVE);
      worst.kind = MAX (worst.kind, los.kind);
      worst.obscuring = MAX (worst.obscuring, los.obscuring);
      worst.over_units = MAX (worst.over_units, los.over_units);
      range_of[n] = (guint8) range;
      fire[n].sp = (guint8) CLAMP (u->halves, 0, 255);
      fire[n].morale = (guint8) bs_morale (u);
      fire[n].range = (guint8) range;
      fire[n].flags = 0;
      units[n++] = i;
    }
  strength = wb_bs_fire_strength (t, fire, n);
  if (strength <= 0)
    return refuse (error, _("Under ½ SP cannot fire (9.3)"));
  _wb_bs_fire_shifts (data, m, units, n, range_of, hex, &worst, FALSE, &shifts);
  column = wb_bs_column (t, strength, bs_shifts_total (&shifts), FALSE, &clamped);
  if (ctx->preview != NULL)
    {
      /* TRANSLATORS: excl. 17.6g: a fire at the bridge before the roll: the column */
      ctx->preview->text = column < 0 ? g_strdup_printf (_("%s: beyond the C column, the fire is ignored"), name)
                                      : g_strdup_printf (_("%s: column %s; any result but “-” damages it (17.6g)"),
                                                         name, column_label (t, column));
      ctx->preview->column = column;
      return WB_APPLY_DONE;
    }
  for (guint q = 0; q < n; q++)
    unit_at (m, units[q])->flags |= BS_UNIT_FIRED | BS_UNIT_ARTILLERY_DONE;
  if (column < 0)
    {
      /* TRANSLATORS: 9.3: the shifts take the fire at the bridge beyond the C column */
      wb_rule_say (ctx, m, _("fires at %s: the shifts take it beyond the C column, it is ignored (9.3)."), name);
      return WB_APPLY_DONE;
    }
  if (!wb_rule_die (ctx, m, action, 0, 6, &coloured, error) || !wb_rule_die (ctx, m, action, 1, 6, &white, error))
    return WB_APPLY_REFUSED;
  cell = wb_table_resolve (t->crt, (guint) column, coloured * 10 + white);
  if (cell != NULL && wb_table_cell_is_unknown (cell))
    {
      /* The rulebook-only CRT: the players give the cell's result. */
      cell = wb_rule_result (action, 0);
      if (cell == NULL)
        {
          wb_rule_needs_result (ctx, t->crt, column, coloured * 10 + white, error);
          return WB_APPLY_REFUSED;
        }
    }
  hit = cell != NULL && *cell != '\0' && strcmp (cell, "-") != 0;
  /* TRANSLATORS: excl. 17.6g: the fire at the bridge: the bridge, the column, the throw, the result */
  wb_rule_say (ctx, m, _("fires at %s on column %s: %d%d, %s (17.6g)."), name, column_label (t, column), coloured,
               white, !hit ? _("no effect") : (b->flags & BS_UNIT_WORN) ? _("destroyed") : _("damaged"));
  if (!hit)
    return WB_APPLY_DONE;
  if (b->flags & BS_UNIT_WORN)
    {
      b->where.kind = WB_WHERE_ELIMINATED;
      b->flags &= ~(guint32) BS_UNIT_WORN;
    }
  else
    {
      b->flags |= BS_UNIT_WORN;
      st->pt_hit |= (guint8) (1u << k);
    }
  return WB_APPLY_DONE;
}

WbApplyResult
_wb_bs_pontoon_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                      GError **error)
{
  BsState *st = bs_state (m);

  if (strcmp (type, "fire_pontoon") == 0)
    return fire_pontoon (data, m, action, ctx, error);
  /* The engine's own actions (set_rule, the designer's overrides) are
   * played in this step too. */
  if (m->step != BS_PONTOON || st->pt_k >= st->pt_n || g_str_has_prefix (type, "override_") ||
      strcmp (type, "set_rule") == 0)
    return WB_APPLY_NOT_MINE;
  switch (st->pt_phase)
    {
    case BS_PT_PLACE:
    case BS_PT_MOVE:
      if (strcmp (type, "place") == 0)
        return place (data, m, action, ctx, error);
      return refuse (error, _("Choose the hex the Pontoon Bridge goes to (\"place\")"));
    case BS_PT_ROLL:
      if (strcmp (type, "roll") == 0)
        return roll (data, m, action, ctx, error);
      return refuse (error, _("Roll for the Pontoon Bridge (\"roll\")"));
    case BS_PT_REPAIR:
    default:
      if (strcmp (type, "repair") == 0 || strcmp (type, "end_step") == 0)
        return repair (data, m, action, strcmp (type, "repair") == 0, ctx, error);
      return refuse (error, _("Roll to repair the Pontoon Bridge (\"repair\") or not (\"end_step\")"));
    }
}

/* ---- The play UI and the automatic player ---- */

static JsonObject *
action_of (const char *type)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  return a;
}

void
_wb_bs_pontoon_step (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);

  (void) picks;
  switch (st->pt_phase)
    {
    case BS_PT_PLACE:
    case BS_PT_MOVE:
      {
        WbPickList *list = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);
        g_autoptr(GArray) hexes = candidates (data, m, st->pt_k, st->pt_phase);

        for (guint j = 0; j < hexes->len; j++)
          {
            WbWhere w = { .kind = WB_WHERE_HEX, .hex = g_array_index (hexes, WbOffset, j) };
            g_autofree char *value = wb_step_place_value (m, &w, NULL);

            if (value != NULL)
              wb_pick_list_add (list, value, &w, -1);
          }
        step->auto_act = TRUE;
      }
      break;
    case BS_PT_ROLL:
      wb_step_add_button (step, _("_Roll"), _("Roll one die on Patterson Gets Lost (17.6g)"), action_of ("roll"));
      break;
    case BS_PT_REPAIR:
    default:
      wb_step_add_button (step, _("_Roll to Repair"), _("A 1 or 2 repairs the Pontoon Bridge (17.6g)"),
                          action_of ("repair"));
      wb_step_add_button (step, _("_Leave It Damaged"), _("Do not roll to repair it this phase"),
                          action_of ("end_step"));
      break;
    }
}

JsonObject *
_wb_bs_pontoon_step_action (BsData *data, WbMatch *m, const WbPicks *picks)
{
  JsonObject *a;

  (void) data;
  if ((bs_state (m)->pt_phase != BS_PT_PLACE && bs_state (m)->pt_phase != BS_PT_MOVE) ||
      wb_picks_count (picks, 0) == 0)
    return NULL;
  a = action_of ("place");
  json_object_set_string_member (a, "hex", wb_picks_get (picks, 0, 0));
  return a;
}

/* The fire at a bridge the artillery of @from may make now, or NULL. */
static JsonObject *
fire_action (BsData *data, WbMatch *m, WbOffset from)
{
  BsState *st = bs_state (m);

  for (guint k = 0; k < st->pt_n && k < BS_MAX_PONTOONS; k++)
    {
      guint units[WB_BS_MAX_STACK], n;
      JsonObject *a;
      JsonArray *ids;

      if (!target_ok (m, k) ||
          (n = firers_at (data, m, from, bridge (m, k)->where.hex, units, G_N_ELEMENTS (units))) == 0)
        continue;
      /* 9.3: under ½ SP (far, or Disrupted) does not fire: no such offer. */
      {
        WbBsFirer fire[WB_BS_MAX_STACK];

        for (guint q = 0; q < n; q++)
          {
            const WbUnitState *u = unit_at (m, units[q]);
            int range = WB_BS_RANGE_EFFECTIVE;
            BsLos los;

            may_fire_at (data, m, units[q], bridge (m, k)->where.hex, &range, &los);
            fire[q].sp = (guint8) CLAMP (u->halves, 0, 255);
            fire[q].morale = (guint8) bs_morale (u);
            fire[q].range = (guint8) MAX (range, WB_BS_RANGE_EFFECTIVE);
            fire[q].flags = 0;
          }
        if (wb_bs_fire_strength (data->tables, fire, n) <= 0)
          continue;
      }
      a = action_of ("fire_pontoon");
      ids = json_array_new ();
      for (guint q = 0; q < n; q++)
        json_array_add_string_element (ids, unit_at (m, units[q])->id);
      json_object_set_array_member (a, "units", ids);
      {
        g_autofree char *hex = wb_step_place_value (m, &bridge (m, k)->where, NULL);

        json_object_set_string_member (a, "hex", hex);
      }
      return a;
    }
  return NULL;
}

void
_wb_bs_pontoon_buttons (BsData *data, WbMatch *m, WbStep *step)
{
  JsonObject *a;

  if (m->over || m->step != BS_ART_HEX || (a = fire_action (data, m, bs_state (m)->target)) == NULL)
    return;
  wb_step_add_button (step, _("Fire at the _Pontoon Bridge"),
                      _("The artillery of the hex fires at the Pontoon Bridge: any result but “-” damages it, a "
                        "damaged one is destroyed (17.6g)"), a);
}

/* The distance from @hex to the nearest fighting unit not of @side. */
static int
enemy_distance (BsData *data, WbMatch *m, guint side, WbOffset hex)
{
  int best = G_MAXINT;

  for (guint i = 0; i < data->n_units && i < m->units->len; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (u->side != side && u->where.kind == WB_WHERE_HEX && data->counter[i].role != BS_ROLE_MARKER &&
          data->counter[i].role != BS_ROLE_PIONEER)
        best = MIN (best, wb_hex_distance (data->layout, u->where.hex, hex));
    }
  return best;
}

JsonObject *
_wb_bs_pontoon_suggest (BsData *data, WbMatch *m, WbRng *rng)
{
  BsState *st = bs_state (m);

  (void) rng;
  if (m->over)
    return NULL;
  if (m->step == BS_ART_HEX)
    return fire_action (data, m, st->target);
  if (m->step == BS_ARTILLERY)
    {
      /* Activate a hex whose artillery may fire at the enemy's bridge. */
      g_autoptr(GPtrArray) hexes = _wb_bs_artillery_hexes (data, m, m->active);

      for (guint j = 0; j < hexes->len; j++)
        {
          WbOffset from;
          JsonObject *a;

          if (!wb_hex_map_parse_hex (data->map, g_ptr_array_index (hexes, j), &from) ||
              (a = fire_action (data, m, from)) == NULL)
            continue;
          json_object_unref (a);
          a = action_of ("artillery");
          json_object_set_string_member (a, "hex", g_ptr_array_index (hexes, j));
          return a;
        }
      return NULL;
    }
  if (m->step != BS_PONTOON)
    return NULL;
  switch (st->pt_phase)
    {
    case BS_PT_PLACE:
    case BS_PT_MOVE:
      {
        /* The bridge's side puts it nearest the enemy (the trenches); the
         * other side moves it as far from its own units as it may. */
        g_autoptr(GArray) hexes = candidates (data, m, st->pt_k, st->pt_phase);
        guint side = owner (m, st->pt_k);
        int best = -1, best_d = 0;
        JsonObject *a;
        g_autofree char *text = NULL;

        for (guint j = 0; j < hexes->len; j++)
          {
            int d = enemy_distance (data, m, side, g_array_index (hexes, WbOffset, j));

            if (best < 0 || (st->pt_phase == BS_PT_PLACE ? d < best_d : d > best_d))
              {
                best = (int) j;
                best_d = d;
              }
          }
        if (best < 0)
          return NULL;
        a = action_of ("place");
        text = hex_name (data, g_array_index (hexes, WbOffset, best));
        json_object_set_string_member (a, "hex", text);
        return a;
      }
    case BS_PT_ROLL:
      return action_of ("roll");
    case BS_PT_REPAIR:
    default:
      return action_of ("repair");
    }
}

const char *
_wb_bs_pontoon_describe (WbMatch *m)
{
  return bs_state (m)->pt_phase == BS_PT_REPAIR ? _("Artillery Phase: Pontoon Bridge Repair")
                                                : _("Before the Game: Pontoon Bridge Placement");
}

const char *
_wb_bs_pontoon_awaiting (WbMatch *m)
{
  switch (bs_state (m)->pt_phase)
    {
    case BS_PT_PLACE:
      return "pontoon-place";
    case BS_PT_ROLL:
      return "pontoon-roll";
    case BS_PT_MOVE:
      return "pontoon-move";
    case BS_PT_REPAIR:
    default:
      return "pontoon-repair";
    }
}

const char *
_wb_bs_pontoon_hint (WbMatch *m)
{
  switch (bs_state (m)->pt_phase)
    {
    case BS_PT_PLACE:
      return _("Click the Bayou hex within one hex of your infantry the Pontoon Bridge goes to (17.6g).");
    case BS_PT_ROLL:
      return _("Roll on Patterson Gets Lost: 1-2 it stays, 3-4 you move it, 5-6 it is destroyed (17.6g).");
    case BS_PT_MOVE:
      return _("Click the other Bayou hex within one hex the Pontoon Bridge goes to (17.6g).");
    case BS_PT_REPAIR:
    default:
      return _("Roll to repair the damaged Pontoon Bridge: a 1 or 2 repairs it (17.6g).");
    }
}
