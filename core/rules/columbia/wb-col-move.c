/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* Command and movement (5.0–5.7): HQ activation, command range and
 * integrity, stragglers, movement rates, road limits, pinning, the rail
 * move and the off-board division. */

static int
town_of (ColData *data, const WbUnitState *u)
{
  return u->data[COL_DATA_FROM] > 0 ? u->data[COL_DATA_FROM] - 1 : _wb_col_loc (data, &u->where);
}

/* Towns between @a and @b along any road, up to @max (else @max + 1). */
static int
distance (ColData *data, int a, int b, int max)
{
  g_autofree int *dist = NULL;
  g_autoptr(GArray) queue = NULL;

  if (a < 0 || b < 0)
    return max + 1;
  if (a == b)
    return 0;
  dist = g_new (int, data->n_loc);
  for (guint l = 0; l < data->n_loc; l++)
    dist[l] = -1;
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  dist[a] = 0;
  g_array_append_val (queue, a);
  for (guint q = 0; q < queue->len; q++)
    {
      int at = g_array_index (queue, int, q);

      if (dist[at] >= max)
        continue;
      for (guint e = 0; e < data->adj[at]->len; e++)
        {
          int to = g_array_index (data->adj[at], ColEdge, e).to;

          if (dist[to] >= 0)
            continue;
          dist[to] = dist[at] + 1;
          if (to == b)
            return dist[to];
          g_array_append_val (queue, to);
        }
    }
  return max + 1;
}

/* Command Seniority sidebar: the first of the side's army commanders not
 * eliminated, or -1. */
static int
army_commander (ColData *data, WbMatch *m, guint side)
{
  for (guint k = 0; k < data->army[side]->len; k++)
    {
      int i = GPOINTER_TO_INT (g_ptr_array_index (data->army[side], k)) - 1;

      if (g_array_index (m->units, WbUnitState, i).where.kind != WB_WHERE_ELIMINATED)
        return i;
    }
  return -1;
}

/* 5.11, 5.12: within range of an active HQ of its division, or of the
 * army commander. An active HQ commands itself. */
gboolean
_wb_col_commanded (ColData *data, WbMatch *m, const WbUnitState *u)
{
  int ui = _wb_col_unit_index (m, u), army = army_commander (data, m, u->side);
  int at = town_of (data, u);

  if (u->flags & COL_ACTIVE)
    return TRUE;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *h = &g_array_index (m->units, WbUnitState, i);

      if (h->side != u->side || !(h->flags & COL_ACTIVE))
        continue;
      if ((int) i != army && (data->division[ui] == NULL || data->division[i] != data->division[ui]))
        continue;
      if (distance (data, town_of (data, h), at, data->command_range) <= data->command_range)
        return TRUE;
    }
  return FALSE;
}

/* Whether blocks of @side's enemy are at @loc. */
static gboolean
enemy_at (ColData *data, WbMatch *m, int loc, guint side)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      if (o->side != side && o->side < 2 && _wb_col_loc (data, &o->where) == loc)
        return TRUE;
    }
  return FALSE;
}

static gboolean
movement_step (WbMatch *m)
{
  return m->step == COL_MOVE_1 || m->step == COL_MOVE_2;
}

static const char *location_member (JsonObject *action, const char *member, gboolean *box);

static int
player_of_step (WbMatch *m)
{
  return m->step == COL_MOVE_1 ? 1 : 2;
}

/* The blocks of battle @bt: Player 1's attackers that pin (not the
 * reinforcements, 5.4), the defenders, and those of them pinned. */
static void
count_battle (ColData *data, WbMatch *m, const ColBattle *bt, int *attackers, int *defenders, int *pinned)
{
  int loc = bt->loc - 1;

  *attackers = *defenders = 0;
  if (pinned != NULL)
    *pinned = 0;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (_wb_col_loc (data, &u->where) != loc || u->side > 1)
        continue;
      if (u->side == bt->attacker)
        *attackers += (u->flags & COL_ATTACKER) && !(u->flags & COL_REINFORCE);
      else
        {
          (*defenders)++;
          if (pinned != NULL)
            *pinned += (u->flags & COL_PINNED) != 0;
        }
    }
}

/* 5.21: both players get the maximum: the counts start again each player turn. */
void
_wb_col_start_movement (ColData *data, WbMatch *m)
{
  ColState *st = col_state (m);

  (void) data;
  memset (st->moved, 0, sizeof st->moved);
  memset (st->attacked, 0, sizeof st->attacked);
  /* 5.2: blocks move once per player turn, retreats aside. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->flags &= ~(guint32) (WB_UNIT_MOVED | COL_ACTIVE | COL_STRAGGLER | COL_RAIL);
      u->data[COL_DATA_FROM] = 0;
    }
  /* 5.4: Player 1's attackers pin as many of Player 2's defenders
   * (reinforcements aside): all of them when they are no more than the
   * attackers, else Player 2 chooses (a "pin" action, _wb_col_pin_due). */
  if (m->step == COL_MOVE_2)
    for (guint b = 0; b < st->n_battles; b++)
      {
        int loc = st->battles[b].loc - 1, attackers, defenders;

        count_battle (data, m, &st->battles[b], &attackers, &defenders, NULL);
        if (attackers == 0 || attackers < defenders)
          continue;
        for (guint i = 0; i < m->units->len; i++)
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

            if (_wb_col_loc (data, &u->where) == loc && u->side == 1u - st->battles[b].attacker)
              u->flags |= COL_PINNED;
          }
      }
}

int
_wb_col_pin_due (ColData *data, WbMatch *m, int *n)
{
  ColState *st = col_state (m);

  if (m->step != COL_MOVE_2)
    return -1;
  for (guint b = 0; b < st->n_battles; b++)
    {
      int attackers, defenders, pinned;

      if (st->battles[b].by_player != 1 || st->battles[b].attacker == m->active)
        continue;
      count_battle (data, m, &st->battles[b], &attackers, &defenders, &pinned);
      if (attackers > 0 && attackers < defenders && pinned < attackers)
        {
          *n = attackers;
          return st->battles[b].loc - 1;
        }
    }
  return -1;
}

gboolean
_wb_col_read_units (ColData *data, WbMatch *m, JsonObject *action, int loc, int n, int *out, GError **error)
{
  JsonNode *node = json_object_get_member (action, "units");
  JsonArray *a = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  if (a == NULL || json_array_get_length (a) != (guint) n)
    return _wb_col_fail (error, g_dngettext (GETTEXT_PACKAGE, "\"units\": give %d block at %s",
                                             "\"units\": give %d blocks at %s", n),
                         n, _wb_col_loc_name (data, loc));
  for (int k = 0; k < n; k++)
    {
      JsonNode *e = json_array_get_element (a, (guint) k);
      const char *id = JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
                       ? json_node_get_string (e) : NULL;
      WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

      if (u == NULL || u->side != m->active || _wb_col_loc (data, &u->where) != loc)
        return _wb_col_fail (error, _("\"units\": “%s” is not a block of the player at %s"), id ? id : "",
                             _wb_col_loc_name (data, loc));
      out[k] = _wb_col_unit_index (m, u);
      for (int j = 0; j < k; j++)
        if (out[j] == out[k])
          return _wb_col_fail (error, _("\"units\": “%s” is given twice"), id);
    }
  return TRUE;
}

/* 5.4: Player 2 names the blocks pinned in a battle of Player 1's where
 * the attackers are fewer than the defenders. */
WbApplyResult
_wb_col_pin (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  gboolean box;
  const char *at = location_member (action, "location", &box);
  int n = 0, loc = _wb_col_pin_due (data, m, &n);
  g_autofree int *units = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  if (loc < 0)
    return _wb_col_fail (error, _("No battle waits for Player 2 to choose the blocks pinned (5.4)")), WB_APPLY_REFUSED;
  if (box || _wb_col_loc_id (data, at) != loc)
    return _wb_col_fail (error, _("Player 2 chooses the blocks pinned at %s first (5.4)"),
                         _wb_col_loc_name (data, loc)), WB_APPLY_REFUSED;
  units = g_new (int, n);
  if (!_wb_col_read_units (data, m, action, loc, n, units, error))
    return WB_APPLY_REFUSED;
  for (int k = 0; k < n; k++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, units[k]);

      u->flags |= COL_PINNED;
      g_string_append_printf (names, "%s%s", k > 0 ? ", " : "", _wb_col_unit_name (data, u));
    }
  {
    g_autofree char *pub = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d block is pinned at %s (5.4).",
                                                         "%d blocks are pinned at %s (5.4).", n),
                                            n, _wb_col_loc_name (data, loc));

    /* TRANSLATORS: 5.4: the town, then the blocks Player 2 chose to be pinned there */
    wb_rule_say_secret (ctx, m, m->active, pub, _("pins at %s: %s (5.4)."), _wb_col_loc_name (data, loc), names->str);
  }
  return WB_APPLY_DONE;
}

WbApplyResult
_wb_col_activate (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  int i;

  if (!wb_rule_check (ctx, m, "col.sequence", movement_step (m), error,
                      _("HQs are activated in the Movement Phase")))
    return WB_APPLY_REFUSED;
  if (u == NULL)
    return _wb_col_fail (error, _("“%s” is not a block of the game"), id ? id : ""), WB_APPLY_REFUSED;
  i = _wb_col_unit_index (m, u);
  if (u->side != m->active || _wb_col_loc (data, &u->where) < 0)
    return _wb_col_fail (error, _("%s is not a block of the moving player on the map"), u->id), WB_APPLY_REFUSED;
  if (!wb_rule_check (ctx, m, "col.activate",
                      (data->roles[i] & COL_HQ) && !(u->flags & (COL_ACTIVE | WB_UNIT_MOVED)) &&
                      _wb_col_strength (u) > 0 && !(u->flags & COL_PINNED), error,
                      !(data->roles[i] & COL_HQ) ? _("%s is not an HQ") :
                      (u->flags & (COL_ACTIVE | WB_UNIT_MOVED)) ? _("%s is already active or has moved") :
                      (u->flags & COL_PINNED) ? _("%s is pinned and cannot activate (5.4)") :
                      _("%s is at zero strength and cannot activate (5.1)"), _wb_col_unit_name (data, u)))
    return WB_APPLY_REFUSED;
  u->flags |= COL_ACTIVE | WB_UNIT_REVEALED;
  u->data[COL_DATA_FROM] = _wb_col_loc (data, &u->where) + 1;
  /* 5.1: an active HQ is turned face-up: the enemy sees it. */
  wb_rule_say (ctx, m, _("activates %s at %s (5.1)."), _wb_col_unit_name (data, u),
               _wb_col_loc_name (data, _wb_col_loc (data, &u->where)));
  return WB_APPLY_DONE;
}

static const char *
location_member (JsonObject *action, const char *member, gboolean *box)
{
  JsonNode *n = json_object_get_member (action, member);

  *box = FALSE;
  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *o = json_node_get_object (n);

      if (json_object_has_member (o, "box"))
        {
          *box = TRUE;
          return wb_json_string (o, "box", NULL);
        }
      return wb_json_string (o, "location", NULL);
    }
  return wb_json_string (action, member, NULL);
}

static const ColBattle *
find_battle (WbMatch *m, int loc)
{
  ColState *st = col_state (m);

  for (guint b = 0; b < st->n_battles; b++)
    if (st->battles[b].loc == loc + 1)
      return &st->battles[b];
  return NULL;
}

static void
add_battle (WbMatch *m, int loc, guint attacker, int conn)
{
  ColState *st = col_state (m);

  for (guint b = 0; b < st->n_battles; b++)
    if (st->battles[b].loc == loc + 1)
      return;
  if (st->n_battles >= COL_MAX_BATTLES)
    return;
  st->battles[st->n_battles].loc = (gint16) (loc + 1);
  st->battles[st->n_battles].attacker = (guint8) attacker;
  st->battles[st->n_battles].by_player = (guint8) player_of_step (m);
  st->battles[st->n_battles].main_conn = (gint16) (conn + 1);
  st->battles[st->n_battles].response_conn = 0;
  st->n_battles++;
}

/* 5.7, 8.1: the off-board division leaves by its town before the turn
 * given, commanded; it comes back into the town after the turn given,
 * without command, stopping there (an attack at most the return limit). */
static WbApplyResult
off_board_move (ColData *data, WbMatch *m, WbUnitState *u, int from, int to, WbRuleContext *ctx, GError **error)
{
  int ui = _wb_col_unit_index (m, u);
  gboolean ours = data->off_formation != NULL && data->division[ui] == data->off_formation;
  const char *town = data->off_loc >= 0 ? _wb_col_loc_name (data, data->off_loc) : "-";

  if (to == data->off_map)
    {
      if (!wb_rule_check (ctx, m, "col.off-board",
                          ours && from == data->off_loc && m->turn < data->off_exit_before &&
                          !(u->flags & COL_OFF_BOARD_ONCE) && _wb_col_commanded (data, m, u), error,
                          _("Blocks cannot move off the map, except the off-board division, commanded, from %s "
                            "before turn %d (5.7, 8.1)"), town, data->off_exit_before))
        return WB_APPLY_REFUSED;
      u->where.place = ((WbLocation *) g_ptr_array_index (data->locs, to))->id;
      u->flags |= WB_UNIT_MOVED;
      u->data[COL_DATA_FROM] = from + 1;
      wb_rule_say_secret (ctx, m, u->side, _("A block moves off the map."),
                          _("%s moves off the map (8.1)."), _wb_col_unit_name (data, u));
      return WB_APPLY_DONE;
    }
  if (!wb_rule_check (ctx, m, "col.off-board", ours && to == data->off_loc && m->turn > data->off_return_after, error,
                      _("Off-board blocks come back only into %s after turn %d (8.1)"), town, data->off_return_after))
    return WB_APPLY_REFUSED;
  {
    gboolean contested;
    gboolean attack;
    int n = 0;

    _wb_col_control (data, m, to, &contested);
    attack = contested || enemy_at (data, m, to, u->side);
    for (guint i = 0; attack && i < m->units->len; i++)
      {
        WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
        n += o->side == u->side && (o->flags & COL_ATTACKER) && o->data[COL_DATA_FROM] == data->off_map + 1 &&
             _wb_col_loc (data, &o->where) == to;
      }
    if (!wb_rule_check (ctx, m, "col.road-limits", !attack || n < data->off_attack_limit, error,
                        _("Only %d blocks may attack from off the map (8.1)"), data->off_attack_limit))
      return WB_APPLY_REFUSED;
    u->where.place = ((WbLocation *) g_ptr_array_index (data->locs, to))->id;
    u->flags |= WB_UNIT_MOVED | COL_OFF_BOARD_ONCE;
    u->data[COL_DATA_FROM] = from + 1;
    u->data[COL_DATA_CONN] = _wb_col_edge (data, from, to)->conn + 1;
    if (attack)
      {
        u->flags |= COL_ATTACKER;
        add_battle (m, to, u->side, u->data[COL_DATA_CONN] - 1);
      }
    wb_rule_say_secret (ctx, m, u->side, _("A block comes back onto the map."),
                        _("%s comes back onto the map at %s (8.1)."), _wb_col_unit_name (data, u),
                        _wb_col_loc_name (data, to));
  }
  return WB_APPLY_DONE;
}

/* 5.6: along rail-move lines, railway town to railway town, through
 * friendly or vacant towns. */
static gboolean
rail_reach (ColData *data, WbMatch *m, int from, int to, guint side, GArray *conns)
{
  g_autofree int *prev = g_new (int, data->n_loc);
  g_autofree int *via = g_new (int, data->n_loc);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint l = 0; l < data->n_loc; l++)
    prev[l] = -2;
  prev[from] = -1;
  g_array_append_val (queue, from);
  for (guint q = 0; q < queue->len; q++)
    {
      int at = g_array_index (queue, int, q);

      for (guint e = 0; e < data->adj[at]->len; e++)
        {
          const ColEdge *edge = &g_array_index (data->adj[at], ColEdge, e);
          gboolean contested;
          int owner;

          if (!edge->rail || prev[edge->to] != -2)
            continue;
          owner = _wb_col_control (data, m, edge->to, &contested);
          if (contested || (owner >= 0 && owner != (int) side))
            continue;
          prev[edge->to] = at;
          via[edge->to] = edge->conn;
          g_array_append_val (queue, edge->to);
        }
    }
  if (prev[to] == -2)
    return FALSE;
  for (int at = to; prev[at] >= 0; at = prev[at])
    g_array_append_val (conns, via[at]);
  return TRUE;
}

int *
_wb_col_rail_path (ColData *data, WbMatch *m, int from, int to, guint side)
{
  g_autoptr(GArray) conns = g_array_new (FALSE, FALSE, sizeof (int));
  int *path, at = from;

  if (from < 0 || to < 0 || !rail_reach (data, m, from, to, side, conns))
    return NULL;
  path = g_new (int, conns->len + 1);
  /* The connections come from @to back: walk them from @from. */
  for (guint k = 0; k < conns->len; k++)
    {
      WbConnection *cn = g_ptr_array_index (wb_point_map_get_connections (data->map),
                                            g_array_index (conns, int, conns->len - 1 - k));
      int a = _wb_col_loc_id (data, cn->a), b = _wb_col_loc_id (data, cn->b);

      at = a == at ? b : a;
      path[k] = at;
    }
  path[conns->len] = -1;
  return path;
}

WbApplyResult
_wb_col_move (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColState *st = col_state (m);
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  gboolean to_box = FALSE, via_box = FALSE, rail = wb_json_bool (action, "rail", FALSE);
  const char *to_id = location_member (action, "to", &to_box);
  const char *via_id = location_member (action, "via", &via_box);
  int from, to, via = -1, ui, towns, path[3];
  gboolean commanded, attack, contested_to, contested_from;
  int owner_to;
  g_autoptr(GArray) conns = g_array_new (FALSE, FALSE, sizeof (int));

  if (!wb_rule_check (ctx, m, "col.sequence", movement_step (m), error, _("Blocks move in the Movement Phase")))
    return WB_APPLY_REFUSED;
  if (u == NULL)
    return _wb_col_fail (error, _("“%s” is not a block of the game"), id ? id : ""), WB_APPLY_REFUSED;
  ui = _wb_col_unit_index (m, u);
  if (u->side != m->active)
    return _wb_col_fail (error, _("%s is not a block of the moving player"), u->id), WB_APPLY_REFUSED;
  if (!wb_rule_check (ctx, m, "col.move-once", !(u->flags & WB_UNIT_MOVED), error,
                      _("%s has moved this player turn (5.2)"), _wb_col_unit_name (data, u)) ||
      !wb_rule_check (ctx, m, "col.static", !data->is_static[ui], error,
                      _("%s is a static garrison and never moves (4.4)"), _wb_col_unit_name (data, u)))
    return WB_APPLY_REFUSED;
  to = to_box ? -1 : _wb_col_loc_id (data, to_id);
  if (!to_box && to < 0)
    return _wb_col_fail (error, _("A move needs \"to\": a town of the map (“%s” is not one)"),
                         to_id ? to_id : ""), WB_APPLY_REFUSED;
  from = _wb_col_loc (data, &u->where);
  if (from < 0)
    return _wb_col_fail (error, _("%s is not on the map"), u->id), WB_APPLY_REFUSED;
  if (!wb_rule_check (ctx, m, "col.off-board", !to_box, error, _("Blocks cannot move off the map (5.7)")))
    return WB_APPLY_REFUSED;
  if (data->off_map >= 0 && (from == data->off_map || to == data->off_map))
    return off_board_move (data, m, u, from, to, ctx, error);
  commanded = _wb_col_commanded (data, m, u);
  /* 5.1: a non-active HQ only straggles, and not when pinned (5.4). */
  if ((data->roles[ui] & COL_HQ) && !(u->flags & COL_ACTIVE) &&
      !wb_rule_check (ctx, m, "col.move-once", !(u->flags & COL_PINNED), error,
                      _("%s is pinned: it cannot activate or straggle (5.4)"), _wb_col_unit_name (data, u)))
    return WB_APPLY_REFUSED;
  _wb_col_control (data, m, from, &contested_from);
  if (!wb_rule_check (ctx, m, "col.pinned", !(u->flags & COL_PINNED), error,
                      _("%s is pinned in the battle at %s (5.4)"), _wb_col_unit_name (data, u),
                      _wb_col_loc_name (data, from)))
    return WB_APPLY_REFUSED;
  owner_to = _wb_col_control (data, m, to, &contested_to);
  /* 6.0: entering a town with enemy blocks attacks; a contested one reinforces. */
  attack = contested_to || enemy_at (data, m, to, u->side);
  (void) owner_to;
  /* A move that names neither "via" nor "rail" to a town no road joins:
   * the way the rules allow now (_wb_col_way: through a town, 5.3, or by
   * rail, 5.6), as the destinations offered it. Version 2 looked for a
   * town in common only, and a journal it played keeps that reading. */
  if (!rail && via_id == NULL && _wb_col_edge (data, from, to) == NULL &&
      (ctx->family_version == 0 || ctx->family_version >= 3))
    {
      gboolean by_rail = FALSE;

      if (_wb_col_way (data, m, u, to, &via, &by_rail) && by_rail)
        rail = TRUE;
    }
  if (rail)
    {
      if (!wb_rule_check (ctx, m, "col.rail", (data->rail_sides & (1u << u->side)) && commanded && !attack &&
                          !contested_from && rail_reach (data, m, from, to, u->side, conns), error,
                          _("%s cannot move by rail from %s to %s: the side must be allowed, the block commanded, "
                            "the towns joined by a rail line through friendly or vacant towns, and the move may not "
                            "attack, reinforce or leave a battle (5.6)"), _wb_col_unit_name (data, u),
                          _wb_col_loc_name (data, from), _wb_col_loc_name (data, to)))
        return WB_APPLY_REFUSED;
      for (guint c = 0; c < conns->len; c++)
        st->moved[g_array_index (conns, int, c)]++;
      u->flags |= WB_UNIT_MOVED | COL_RAIL;
      u->data[COL_DATA_FROM] = from + 1;
      u->where.place = ((WbLocation *) g_ptr_array_index (data->locs, to))->id;
      wb_rule_say_secret (ctx, m, u->side, _("A block moves by rail."),
                          _("%s moves by rail from %s to %s (5.6)."), _wb_col_unit_name (data, u),
                          _wb_col_loc_name (data, from), _wb_col_loc_name (data, to));
      return WB_APPLY_DONE;
    }
  /* The path: from, [via], to. */
  path[0] = from;
  towns = 1;
  if (via_id != NULL)
    {
      via = _wb_col_loc_id (data, via_id);
      if (via < 0 || via_box)
        return _wb_col_fail (error, _("\"via\" names no town of the map (“%s”)"), via_id), WB_APPLY_REFUSED;
      path[towns++] = via;
    }
  else if (via >= 0)
    path[towns++] = via;
  else if (_wb_col_edge (data, from, to) == NULL)
    {
      /* A two-town move without "via" the rules refuse: the first town in
       * common, for the checks to say why. */
      for (guint e = 0; e < data->adj[from]->len && via < 0; e++)
        {
          const ColEdge *edge = &g_array_index (data->adj[from], ColEdge, e);
          gboolean c;
          int own = _wb_col_control (data, m, edge->to, &c);

          if (!edge->rail && _wb_col_edge (data, edge->to, to) != NULL && !c && (own < 0 || own == (int) u->side))
            via = edge->to;
        }
      if (via >= 0)
        path[towns++] = via;
    }
  path[towns] = to;
  for (int k = 0; k < towns; k++)
    {
      const ColEdge *edge = _wb_col_edge (data, path[k], path[k + 1]);

      if (!wb_rule_check (ctx, m, "col.adjacent", edge != NULL, error, _("No road joins %s and %s"),
                          _wb_col_loc_name (data, path[k]), _wb_col_loc_name (data, path[k + 1])))
        return WB_APPLY_REFUSED;
      if (edge != NULL)
        g_array_append_val (conns, edge->conn);
    }
  if (via >= 0)
    {
      gboolean c;
      int own = _wb_col_control (data, m, via, &c);

      (void) own;
      if (!wb_rule_check (ctx, m, "col.move-rate", !c && !enemy_at (data, m, via, u->side), error,
                          _("Blocks cannot move through %s, an enemy or contested town (5.3)"),
                          _wb_col_loc_name (data, via)))
        return WB_APPLY_REFUSED;
    }
  if (!wb_rule_check (ctx, m, "col.move-rate",
                      towns <= (attack ? data->attack_towns : data->move_towns), error,
                      attack ? _("Blocks move only %d town when attacking or reinforcing (5.3)")
                             : _("Blocks move at most %d towns (5.3)"),
                      attack ? data->attack_towns : data->move_towns) ||
      !wb_rule_check (ctx, m, "col.command", commanded || towns <= data->straggle_towns, error,
                      _("%s has no command: it may only straggle %d town (5.11–5.13)"),
                      _wb_col_unit_name (data, u), data->straggle_towns))
    return WB_APPLY_REFUSED;
  /* 5.21, 6.2: the limits of each road section used. */
  for (guint c = 0; c < conns->len; c++)
    {
      int cn = g_array_index (conns, int, c);
      const ColEdge *edge = _wb_col_edge (data, path[c], path[c + 1]);
      gboolean last = c + 1 == conns->len;
      gboolean attacking = attack && last;
      int limit = attacking ? edge->attack : edge->move;
      int used = attacking ? st->attacked[cn] : st->moved[cn];

      if (!wb_rule_check (ctx, m, "col.road-limits", used < limit && st->moved[cn] < edge->move, error,
                          attacking ? _("The road from %s to %s has carried its %d attacking blocks this player turn (6.2)")
                                    : _("The road from %s to %s has carried its %d blocks this player turn (5.21)"),
                          _wb_col_loc_name (data, path[c]), _wb_col_loc_name (data, path[c + 1]), limit))
        return WB_APPLY_REFUSED;
    }
  for (guint c = 0; c < conns->len; c++)
    {
      int cn = g_array_index (conns, int, c);

      if (st->moved[cn] < G_MAXUINT8)
        st->moved[cn]++;
      if (attack && c + 1 == conns->len && st->attacked[cn] < G_MAXUINT8)
        st->attacked[cn]++;
    }
  u->flags |= WB_UNIT_MOVED;
  u->flags &= ~(guint32) (COL_ATTACKER | COL_REINFORCE);
  if (!commanded)
    u->flags |= COL_STRAGGLER;
  if (!(u->flags & COL_ACTIVE))
    u->data[COL_DATA_FROM] = from + 1;
  u->data[COL_DATA_CONN] = g_array_index (conns, int, conns->len - 1) + 1;
  u->where.place = ((WbLocation *) g_ptr_array_index (data->locs, to))->id;
  if (attack)
    {
      const ColBattle *bt = find_battle (m, to);

      /* 6.5, 6.51: the first road into a battle is the main attack; blocks
       * by other roads, and the defender's blocks moved in, reinforce. */
      u->flags |= COL_ATTACKER;
      if (bt != NULL && (bt->attacker != u->side || bt->main_conn != u->data[COL_DATA_CONN]))
        u->flags |= COL_REINFORCE;
      add_battle (m, to, u->side, u->data[COL_DATA_CONN] - 1);
    }
  {
    gboolean reinforce = (u->flags & COL_REINFORCE) != 0;
    g_autofree char *pub = g_strdup_printf (reinforce ? _("A block reinforces the battle at %s.")
                                            : attack ? _("A block attacks %s.") : _("A block moves to %s."),
                                            _wb_col_loc_name (data, to));

    wb_rule_say_secret (ctx, m, u->side, pub,
                        /* TRANSLATORS: 6.5: a block moved into a battle by a road other than the main attack's, or
                         * the defender's block moved in: the block, the town, the town it came from */
                        reinforce ? _("%s reinforces the battle at %s from %s%s.")
                        : attack ? _("%s attacks %s from %s%s.") : _("%s moves to %s from %s%s."),
                        _wb_col_unit_name (data, u), _wb_col_loc_name (data, to), _wb_col_loc_name (data, from),
                        commanded ? "" : _(", straggling (5.13)"));
  }
  return WB_APPLY_DONE;
}

/* After all friendly movement: the straggler rolls (5.13), then each
 * active HQ loses its step (5.1). With physical dice a roll the action
 * lacks refuses it (the play window asks the players for it): FALSE with
 * @error, the match left to the caller to drop. */
gboolean
_wb_col_end_movement (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  guint die = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int face;

      if (!(u->flags & COL_STRAGGLER) || u->side != m->active)
        continue;
      u->flags &= ~(guint32) COL_STRAGGLER;
      if (!wb_rule_die (ctx, m, action, die++, 6, &face, error))
        return FALSE;
      if (face <= data->straggle_lose)
        {
          wb_rule_say_secret (ctx, m, u->side, _("A straggler loses a step."),
                              _("%s straggles: rolls %d, loses a step (5.13)."), _wb_col_unit_name (data, u), face);
          _wb_col_reduce (data, m, u, ctx);
        }
      else
        wb_rule_say_secret (ctx, m, u->side, _("A straggler arrives."),
                            _("%s straggles: rolls %d, no loss (5.13)."), _wb_col_unit_name (data, u), face);
    }
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (!(u->flags & COL_ACTIVE) || u->side != m->active)
        continue;
      for (int k = 0; k < data->hq_cost && u->where.kind != WB_WHERE_ELIMINATED; k++)
        _wb_col_reduce (data, m, u, ctx);
      if (u->where.kind != WB_WHERE_ELIMINATED)
        wb_rule_say (ctx, m, _("%s commanded and is now at strength %d (5.1)."), _wb_col_unit_name (data, u),
                     _wb_col_strength (u));
    }
  return TRUE;
}

/* Whether a road section may carry one more block this player turn
 * (5.21), attacking over it (6.2) when @attacking. */
static gboolean
road_open (WbMatch *m, const ColEdge *edge, gboolean attacking)
{
  ColState *st = col_state (m);

  return st->moved[edge->conn] < edge->move && (!attacking || st->attacked[edge->conn] < edge->attack);
}

static gboolean
attacked_town (ColData *data, WbMatch *m, int loc, guint side)
{
  gboolean contested;

  _wb_col_control (data, m, loc, &contested);
  return contested || enemy_at (data, m, loc, side);
}

/* Every town @u may move to now, as the rules allow it (the checks at
 * enforce): ways[loc] is 0 when it may not go there, else 1 + the town it
 * goes through (1 + loc: none, by one road), or -1 by rail. FALSE when it
 * may not move at all. */
static gboolean
reach (ColData *data, WbMatch *m, const WbUnitState *u, int *ways)
{
  int ui = _wb_col_unit_index (m, u), from = _wb_col_loc (data, &u->where), towns;
  gboolean commanded, contested_from;

  for (guint l = 0; l < data->n_loc; l++)
    ways[l] = 0;
  if (!movement_step (m) || u->side != m->active || (u->flags & (WB_UNIT_MOVED | COL_PINNED)) || from < 0 ||
      data->is_static[ui])
    return FALSE;
  if (data->off_map >= 0 && from == data->off_map)
    {
      /* 8.1: back into its town only, after the turn given. */
      if (data->division[ui] == data->off_formation && m->turn > data->off_return_after && data->off_loc >= 0)
        ways[data->off_loc] = 1 + data->off_loc;
      return TRUE;
    }
  commanded = _wb_col_commanded (data, m, u);
  towns = commanded ? data->move_towns : MIN (data->straggle_towns, data->move_towns);
  _wb_col_control (data, m, from, &contested_from);
  for (guint e = 0; e < data->adj[from]->len; e++)
    {
      const ColEdge *a = &g_array_index (data->adj[from], ColEdge, e);
      gboolean attack;

      if (a->rail || towns < 1)
        continue;
      if (a->to == data->off_map)
        {
          if (data->division[ui] == data->off_formation && from == data->off_loc && commanded &&
              m->turn < data->off_exit_before && !(u->flags & COL_OFF_BOARD_ONCE))
            ways[a->to] = 1 + a->to;
          continue;
        }
      attack = attacked_town (data, m, a->to, u->side);
      if (!road_open (m, a, attack) || (attack && data->attack_towns < 1))
        continue;
      ways[a->to] = 1 + a->to;   /* by the road to it, rather than through a town */
      if (attack || towns < 2)
        continue;
      /* 5.3: a second town, through a friendly or vacant one, not attacking. */
      for (guint f = 0; f < data->adj[a->to]->len; f++)
        {
          const ColEdge *b = &g_array_index (data->adj[a->to], ColEdge, f);

          if (b->rail || b->to == from || b->to == data->off_map || ways[b->to] != 0 ||
              attacked_town (data, m, b->to, u->side) || !road_open (m, b, FALSE))
            continue;
          ways[b->to] = 1 + a->to;
        }
    }
  /* 5.6: by rail, commanded, from a town not in battle, to any town of the
   * line it reaches through friendly or vacant towns. */
  if ((data->rail_sides & (1u << u->side)) && commanded && !contested_from)
    for (guint l = 0; l < data->n_loc; l++)
      {
        g_autoptr(GArray) conns = g_array_new (FALSE, FALSE, sizeof (int));

        if (ways[l] != 0 || (int) l == from || attacked_town (data, m, (int) l, u->side))
          continue;
        if (rail_reach (data, m, from, (int) l, u->side, conns) && conns->len > 0)
          ways[l] = -1;
      }
  return TRUE;
}

gboolean
_wb_col_way (ColData *data, WbMatch *m, const WbUnitState *u, int to, int *via, gboolean *rail)
{
  g_autofree int *ways = g_new (int, MAX (data->n_loc, 1));

  if (to < 0 || (guint) to >= data->n_loc || !reach (data, m, u, ways) || ways[to] == 0)
    return FALSE;
  *rail = ways[to] < 0;
  *via = ways[to] > 0 && ways[to] - 1 != to ? ways[to] - 1 : -1;
  return TRUE;
}

/* Where @unit may go now: every town it reaches this player turn by the
 * rules at enforce (one or two towns, one attacking, the road limits left,
 * command, the rail move, off the map and back), each with how many
 * towns it moves (cost: towns in quarters, 0 by rail). */
GArray *
_wb_col_destinations (ColData *data, WbMatch *m, const char *unit)
{
  WbUnitState *u = wb_match_find_unit (m, unit);
  g_autofree int *ways = NULL;
  GArray *out;

  if (u == NULL)
    return NULL;
  ways = g_new (int, MAX (data->n_loc, 1));
  if (!reach (data, m, u, ways))
    return NULL;
  out = g_array_new (FALSE, TRUE, sizeof (WbDestination));
  for (guint l = 0; l < data->n_loc; l++)
    {
      WbDestination d = { { WB_WHERE_LOCATION, { 0, 0 }, NULL }, 0 };

      if (ways[l] == 0)
        continue;
      d.where.place = ((WbLocation *) g_ptr_array_index (data->locs, l))->id;
      d.cost = ways[l] < 0 ? 0 : ways[l] - 1 == (int) l ? 4 : 8;
      g_array_append_val (out, d);
    }
  return out;
}
