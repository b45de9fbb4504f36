/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-scenario.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The Columbia block family: the game's parameters (read once), the
 * sequence of play (2.0), town control (3.2), steps (4.12) and the
 * dispatch of actions. Command and movement are in wb-col-move.c, supply
 * and victory in wb-col-supply.c, the automatic player in wb-col-auto.c. */

static const WbRuleCheck checks[] = {
  { "col.sequence", N_("Each phase of the game turn is played in order, by the player whose phase it is"), "2.0" },
  { "col.activate", N_("Only HQs activate, once a player turn, not at zero strength nor pinned"), "5.1, 5.4" },
  { "col.command", N_("Blocks move with an active HQ of their division within command range (Jackson commands any CSA block); others straggle one town"), "5.11, 5.12, 5.13" },
  { "col.move-once", N_("Blocks move once per player turn; non-active HQs only straggle"), "5.1, 5.2" },
  { "col.adjacent", N_("Blocks move from town to adjacent town along the roads"), "3.1" },
  { "col.move-rate", N_("Blocks move one town when attacking or reinforcing, else one or two, never through an enemy or contested town"), "5.3" },
  { "col.road-limits", N_("No more blocks move or attack along a road section in a player turn than its limit"), "3.4, 5.21, 6.2" },
  { "col.pinned", N_("Pinned blocks may not leave their battle"), "5.4" },
  { "col.static", N_("The static garrison never moves"), "4.4" },
  { "col.rail", N_("Rail moves: only the sides allowed, railway town to railway town, no attack, reinforcement nor leaving a battle"), "5.6" },
  { "col.off-board", N_("No block moves off the map, except the off-board division at its town before the turn given, coming back later"), "5.7, 8.1" },
  { "col.supply", N_("Steps are bought with Supply Points for blocks in supply, one per block, two SP in bad supply"), "7.1, 7.3, 7.31, 7.32" },
  { "col.battle-order", N_("Battles are fought one by one in the order Player 1 picks, each to its end and regroup before the next"), "6.1, 6.8" },
  { "col.battle-roads", N_("The attacker declares its main attack's road, the defender its reinforcements' first road, among the roads they came by"), "6.5, 6.51" },
  { "col.battle-turn", N_("Each block in the battle fires or retreats on its battle turn: A before B before C, the defender first, the owner ordering blocks alike; attackers retreat in round 4"), "6.3, 6.4, 6.73" },
  { "col.counter-battery", N_("Counter-battery is artillery firing at an enemy artillery block in the battle, declared before the roll"), "6.63" },
  { "col.hits", N_("Each hit goes to the enemy's strongest block; among equals their owner picks"), "6.6" },
  { "col.retreat", N_("Retreats: not in round 1 but cavalry, within the road's attack limit per round, never to an enemy, contested or off-map town; attackers only by roads they came by, defenders not by the attacker's"), "6.7, 6.71, 6.72, 6.74" },
  { "col.regroup", N_("The victor regroups to adjacent friendly or vacant towns within the roads' attack limits"), "6.8" },
  { "col.detachment", N_("Detachments deploy from the pool with a block of their division in good supply, within stacking"), "7.4" },
  { "col.detachment-optional", N_("With the option, a brigade above its last step makes a detachment of its division and type from the pool in its town, within stacking, and a detachment merges into a brigade of its division and type below full strength in its town (Supply Phase)"), "Detachments sidebar" },
};

gboolean
_wb_col_fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return FALSE;
}

int
_wb_col_loc_id (ColData *data, const char *id)
{
  gpointer p = id != NULL ? g_hash_table_lookup (data->loc_index, g_intern_string (id)) : NULL;

  return p != NULL ? GPOINTER_TO_INT (p) - 1 : -1;
}

/* A place in the match is interned (wb-match.h), as the index's keys: no
 * g_intern_string () here, the hottest call of a whole automatic game
 * (town control looks at every block for every town). */
int
_wb_col_loc (ColData *data, const WbWhere *where)
{
  gpointer p;

  if (where->kind != WB_WHERE_LOCATION || where->place == NULL)
    return -1;
  p = g_hash_table_lookup (data->loc_index, where->place);
  return p != NULL ? GPOINTER_TO_INT (p) - 1 : -1;
}

const char *
_wb_col_loc_name (ColData *data, int loc)
{
  return ((WbLocation *) g_ptr_array_index (data->locs, loc))->name;
}

int
_wb_col_unit_index (WbMatch *m, const WbUnitState *u)
{
  return (int) (u - &g_array_index (m->units, WbUnitState, 0));
}

const char *
_wb_col_unit_name (ColData *data, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const char *name = unit != NULL ? wb_unit_get_name (unit) : NULL;

  return name != NULL ? name : u->id;
}

const ColEdge *
_wb_col_edge (ColData *data, int from, int to)
{
  const ColEdge *best = NULL;

  if (from < 0 || (guint) from >= data->n_loc)
    return NULL;
  /* Two roads between the same towns: the one with the higher limit. */
  for (guint e = 0; e < data->adj[from]->len; e++)
    {
      const ColEdge *edge = &g_array_index (data->adj[from], ColEdge, e);

      if (edge->to == to && !edge->rail && (best == NULL || edge->move > best->move))
        best = edge;
    }
  return best;
}

int
_wb_col_control (ColData *data, WbMatch *m, int loc, gboolean *contested)
{
  gboolean side[2] = { FALSE, FALSE };
  WbLocation *l = g_ptr_array_index (data->locs, loc);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side < 2 && _wb_col_loc (data, &u->where) == loc)
        side[u->side] = TRUE;
    }
  if (contested != NULL)
    *contested = side[0] && side[1];
  if (side[0] != side[1])
    return side[0] ? 0 : 1;
  if (side[0])
    return -1;
  /* 3.21: a vacant major town is friendly to its side. */
  (void) l;
  return data->home[loc];
  return -1;
}

/* ---- Steps (4.12): the unit's step list, strongest first ---- */

int
_wb_col_strength (const WbUnitState *u)
{
  return u->halves / 2;
}

static int
step_index (ColData *data, const WbUnitState *u, const WbStrength **out)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const WbStrength *s = unit != NULL ? wb_unit_get_strength (unit) : NULL;

  *out = s;
  if (s == NULL || s->kind != WB_STRENGTH_STEPS)
    return -1;
  for (guint k = 0; k < s->n; k++)
    if (s->halves[k] == u->halves)
      return (int) k;
  return -1;
}

gboolean
_wb_col_reduce (ColData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx)
{
  const WbStrength *s;
  int k = step_index (data, u, &s);
  guint enemy = 1 - u->side;

  if (k >= 0 && (guint) k + 1 < s->n)
    {
      u->halves = s->halves[k + 1];
      return TRUE;
    }
  /* 6.61, 6.62: the last step lost: eliminated, VP to the enemy (8.0). */
  {
    guint r = data->roles[_wb_col_unit_index (m, u)];
    double vp = (r & COL_HQ) ? ((r & COL_DETACHMENT) ? data->vp_hq_det : data->vp_hq)
                             : ((r & COL_DETACHMENT) ? data->vp_det : data->vp_block);
    ColState *st = col_state (m);
    int before = st->vp_halves[enemy] / 2;

    u->where.kind = WB_WHERE_ELIMINATED;
    u->where.place = NULL;
    u->flags &= ~(guint32) (COL_ACTIVE | COL_ATTACKER | COL_REINFORCE | COL_PINNED);
    st->vp_halves[enemy] += (int) lround (vp * 2);
    wb_match_add_vp (m, enemy, st->vp_halves[enemy] / 2 - before);
    wb_rule_say_secret (ctx, m, u->side, _("A block is eliminated."),
                        _("%s is eliminated."), _wb_col_unit_name (data, u));
  }
  return FALSE;
}

gboolean
_wb_col_can_raise (ColData *data, WbMatch *m, const WbUnitState *u)
{
  const WbStrength *s;
  int k = step_index (data, u, &s);

  (void) m;
  return k > 0;
}

gboolean
_wb_col_can_reduce (ColData *data, WbMatch *m, const WbUnitState *u)
{
  const WbStrength *s;
  int k = step_index (data, u, &s);

  (void) m;
  return k >= 0 && (guint) k + 1 < s->n;
}

gboolean
_wb_col_raise (ColData *data, WbMatch *m, WbUnitState *u)
{
  const WbStrength *s;
  int k = step_index (data, u, &s);

  (void) m;
  if (k <= 0)
    return FALSE;
  u->halves = s->halves[k - 1];
  return TRUE;
}

/* ---- Preparing a game ---- */

static void
col_release (gpointer p)
{
  ColData *data = p;

  if (data == NULL)
    return;
  for (guint l = 0; data->adj != NULL && l < data->n_loc; l++)
    g_array_unref (data->adj[l]);
  g_free (data->adj);
  g_free (data->stack_town);
  g_free (data->home);
  g_clear_pointer (&data->loc_index, g_hash_table_unref);
  g_free (data->roles);
  g_free (data->det_type);
  g_free (data->division);
  g_free (data->is_static);
  g_free (data->base);
  for (guint s = 0; s < 2; s++)
    g_clear_pointer (&data->army[s], g_ptr_array_unref);
  g_clear_object (&data->game);
  g_free (data);
}

static gboolean
has_box (WbScenario *scenario, const char *id)
{
  GPtrArray *boxes = wb_scenario_get_boxes (scenario);

  for (guint b = 0; id != NULL && boxes != NULL && b < boxes->len; b++)
    if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, b))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static int
side_index (ColData *data, const char *id)
{
  GPtrArray *sides = wb_game_get_sides (data->game);

  for (guint s = 0; id != NULL && s < sides->len; s++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, s))->id, id) == 0)
      return (int) s;
  return -1;
}

/* 3.21: the side a vacant major town (vp > 0) is friendly to: the tag
 * friendly-SIDE (docs/games/shenandoah.md), else the one side it is a
 * supply source for; -1 for a minor town or one of neither. */
static int
home_side (ColData *data, const WbLocation *l)
{
  GPtrArray *sides = wb_game_get_sides (data->game);

  if (l->vp <= 0)
    return -1;
  for (guint s = 0; s < sides->len && s < 2; s++)
    {
      g_autofree char *tag = g_strconcat ("friendly-", ((WbSide *) g_ptr_array_index (sides, s))->id, NULL);

      for (guint t = 0; l->tags != NULL && t < l->tags->len; t++)
        if (g_strcmp0 (g_ptr_array_index (l->tags, t), tag) == 0)
          return (int) s;
    }
  if (l->supply != NULL && l->supply->len == 1)
    return side_index (data, g_ptr_array_index (l->supply, 0));
  return -1;
}

static const char * const road_roles[COL_N_ROADS] = { "pike", "road", "trail", "ferry", "railway", "gap" };

static gboolean
read_map (ColData *data, const WbParams *o, GError **error)
{
  GPtrArray *conns = wb_point_map_get_connections (data->map);
  int limit[COL_N_ROADS][2];
  gboolean has[COL_N_ROADS];
  g_auto(GStrv) rail_lines = wb_params_strv (o, "rail_move_lines");
  WbParams roads;
  GList *gap_sides;

  if (conns->len > COL_MAX_CONN)
    return _wb_col_fail (error, _("The Columbia block rules play maps of at most %d connections; this one has %u"),
                         COL_MAX_CONN, conns->len);
  wb_params_object (o, "road_limits", &roads);
  for (guint r = 0; r < COL_N_ROADS; r++)
    {
      WbParams l;

      has[r] = wb_params_object (&roads, road_roles[r], &l);
      limit[r][0] = (int) wb_params_int (&l, "move");
      limit[r][1] = (int) wb_params_int (&l, "attack");
    }
  gap_sides = wb_params_keys (o, "good_supply_gaps");
  data->n_conn = conns->len;
  data->stack_town = g_new0 (guint8, MAX (data->n_loc, 1));
  for (guint c = 0; c < conns->len; c++)
    {
      WbConnection *cn = g_ptr_array_index (conns, c);
      int a = _wb_col_loc_id (data, cn->a), b = _wb_col_loc_id (data, cn->b);
      WbFeatureType *klass = wb_game_find_feature (data->game, cn->klass);
      ColEdge e = { 0 };
      int road = -1;

      if (a < 0 || b < 0 || a == b)
        continue;
      for (guint r = 0; r < COL_GAP && klass != NULL; r++)
        if (wb_roles_contain (klass->roles, road_roles[r]))
          road = (int) r;
      if (road < 0)
        continue;   /* not a road the family knows: no movement along it */
      if (road == COL_RAILWAY)
        {
          e.rail = rail_lines != NULL ? g_strv_contains ((const char * const *) rail_lines, cn->klass) : TRUE;
          e.stack = TRUE;
          e.move = has[COL_RAILWAY] ? limit[COL_RAILWAY][0] : G_MAXINT;
          e.attack = 0;
          if (!e.rail)
            {
              /* 5.6: other railways are no route; they still stack (3.3). */
              data->stack_town[a] = data->stack_town[b] = TRUE;
              continue;
            }
        }
      else
        {
          if (!has[road])
            return _wb_col_fail (error, _("rules.params.road_limits: the connection class “%s” has the role %s, "
                                          "which has no limits"), cn->klass, road_roles[road]);
          e.move = limit[road][0];
          e.attack = limit[road][1];
          e.stack = road == COL_PIKE;
        }
      e.good_gap = 3;
      for (guint i = 0; cn->crossings != NULL && i < cn->crossings->len; i++)
        {
          const char *x = g_ptr_array_index (cn->crossings, i);
          WbFeatureType *f = wb_game_find_feature (data->game, x);

          if (f == NULL || !wb_roles_contain (f->roles, "gap"))
            continue;
          e.gap = TRUE;
          if (has[COL_GAP] && !e.rail)
            {
              e.move = MIN (e.move, limit[COL_GAP][0]);
              e.attack = MIN (e.attack, limit[COL_GAP][1]);
            }
          for (guint s = 0; s < 2; s++)
            {
              WbParams entry;
              g_auto(GStrv) good = NULL;
              const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;

              if (wb_params_entry (o, "good_supply_gaps", sid, &entry))
                good = wb_params_strv (&entry, "value");
              if (good == NULL || !g_strv_contains ((const char * const *) good, x))
                e.good_gap &= ~(1u << s);
            }
        }
      if (!e.gap)
        e.good_gap = 0;
      if (e.stack)
        data->stack_town[a] = data->stack_town[b] = TRUE;
      e.conn = (int) c;
      e.to = b;
      g_array_append_val (data->adj[a], e);
      e.to = a;
      g_array_append_val (data->adj[b], e);
    }
  g_list_free (gap_sides);
  return TRUE;
}

static gboolean
read_units (ColData *data, WbMatch *setup, GError **error)
{
  static const char * const roles[] = { "hq", "infantry", "cavalry", "artillery", "detachment" };
  guint n = setup->units->len;

  data->roles = g_new0 (guint, MAX (n, 1));
  data->det_type = g_new0 (guint, MAX (n, 1));
  data->division = g_new0 (const char *, MAX (n, 1));
  data->is_static = g_new0 (gboolean, MAX (n, 1));
  data->base = g_new (int, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      WbUnitState *u = &g_array_index (setup->units, WbUnitState, i);
      WbUnit *unit = wb_game_find_unit (data->game, u->id);
      WbUnitType *klass = unit != NULL ? wb_game_find_unit_class (data->game, wb_unit_get_class_id (unit)) : NULL;
      WbFormation *f = unit != NULL && wb_unit_get_formation (unit) != NULL
                       ? wb_game_find_formation (data->game, wb_unit_get_formation (unit)) : NULL;
      const WbAttrValue *st = unit != NULL ? wb_unit_get_attr (unit, "static") : NULL;
      const WbAttrValue *type = unit != NULL ? wb_unit_get_attr (unit, "type") : NULL;

      data->base[i] = -1;
      for (guint r = 0; klass != NULL && r < G_N_ELEMENTS (roles); r++)
        if (wb_roles_contain (klass->roles, roles[r]))
          data->roles[i] |= 1u << r;
      if (unit != NULL && (data->roles[i] & (COL_HQ | COL_INFANTRY | COL_CAVALRY | COL_ARTILLERY | COL_DETACHMENT)) == 0)
        return _wb_col_fail (error, _("The unit class “%s” of %s has none of the roles the Columbia block rules "
                                      "play a block by: give it hq, infantry, cavalry, artillery or detachment"),
                             wb_unit_get_class_id (unit), u->id);
      if (f != NULL && g_strcmp0 (f->echelon, "division") == 0)
        data->division[i] = g_intern_string (f->id);
      data->is_static[i] = st != NULL && st->type == WB_ATTR_BOOL && st->b;
      /* The Detachments sidebar: a detachment's type, a block role. */
      if ((data->roles[i] & COL_DETACHMENT) && type != NULL && type->type == WB_ATTR_STRING && type->s != NULL &&
          type->s[0] != '\0')
        {
          for (guint r = 1; r <= 3; r++)
            if (strcmp (type->s, roles[r]) == 0)
              data->det_type[i] = 1u << r;
          if (data->det_type[i] == 0)
            return _wb_col_fail (error, _("The detachment %s has the type “%s”: the Columbia block rules expect "
                                          "infantry, cavalry or artillery (the Detachments sidebar)"),
                                 u->id, type->s);
        }
    }
  return TRUE;
}

static gboolean
read_params (ColData *data, const WbParams *o, WbMatch *setup, GError **error)
{
  GPtrArray *sides = wb_game_get_sides (data->game);
  WbParams p;
  GList *keys;

  data->move_towns = (int) wb_params_int (o, "move_towns");
  data->attack_towns = (int) wb_params_int (o, "attack_towns");
  data->command_range = (int) wb_params_int (o, "command_range");
  data->hq_cost = (int) wb_params_int (o, "hq_step_cost");
  wb_params_object (o, "straggle", &p);
  data->straggle_towns = (int) wb_params_int (&p, "towns");
  data->straggle_lose = (int) wb_params_int (&p, "lose_at_most");
  wb_params_object (o, "stacking", &p);
  data->stack_base = (int) wb_params_int (&p, "base");
  data->stack_plus = (int) wb_params_int (&p, "pike_or_railway");
  data->stack_loss = (int) wb_params_int (&p, "loss_steps");
  wb_params_object (o, "initiative", &p);
  data->init_dice = (int) wb_params_int (&p, "dice");
  {
    int first = side_index (data, wb_scenario_get_first_side (setup->scenario));
    int tie = side_index (data, wb_params_string (&p, "tie_winner"));
    int t1 = side_index (data, wb_params_string (&p, "first_turn_player_1"));

    data->tie_side = (guint) (tie >= 0 ? tie : MAX (first, 0));
    data->first_turn_side = (guint) (t1 >= 0 ? t1 : MAX (first, 0));
  }
  for (guint s = 0; s < 2; s++)
    {
      const char *sid = ((WbSide *) g_ptr_array_index (sides, s))->id;
      WbParams e;

      data->sp[s] = wb_params_entry (o, "supply_points", sid, &e) ? (int) wb_params_int (&e, "value") : 0;
      data->army[s] = g_ptr_array_new ();
      if (wb_params_entry (o, "army_commanders", sid, &e))
        {
          g_auto(GStrv) ids = wb_params_strv (&e, "value");

          for (guint k = 0; ids != NULL && ids[k] != NULL; k++)
            {
              gpointer idx = g_hash_table_lookup (setup->index, g_intern_string (ids[k]));

              if (idx == NULL || g_array_index (setup->units, WbUnitState, GPOINTER_TO_INT (idx) - 1).side != s ||
                  !(data->roles[GPOINTER_TO_INT (idx) - 1] & COL_HQ))
                return _wb_col_fail (error, _("rules.params.army_commanders.%s: “%s” is not an HQ of that side"),
                                     sid, ids[k]);
              g_ptr_array_add (data->army[s], idx);
            }
        }
      if (wb_params_entry (o, "detachment_pool", sid, &e))
        {
          const char *box = wb_params_string (&e, "value");

          if (!has_box (setup->scenario, box))
            return _wb_col_fail (error, _("rules.params.detachment_pool.%s: the scenario has no box “%s”"),
                                 sid, box ? box : "");
          data->pool[s] = g_intern_string (box);
        }
    }
  data->steps_per_block = (int) wb_params_int (o, "steps_per_block");
  wb_params_object (o, "step_cost", &p);
  data->cost_good = (int) wb_params_int (&p, "good");
  data->cost_bad = (int) wb_params_int (&p, "bad");
  {
    g_auto(GStrv) rs = wb_params_strv (o, "rail_move_sides");

    for (guint k = 0; rs != NULL && rs[k] != NULL; k++)
      data->rail_sides |= 1u << side_index (data, rs[k]);
  }
  wb_params_object (o, "victory", &p);
  data->vp_block = wb_params_number (&p, "block");
  data->vp_hq = wb_params_number (&p, "hq");
  data->vp_det = wb_params_number (&p, "detachment");
  data->vp_hq_det = wb_params_number (&p, "hq_detachment");
  data->vp_off = wb_params_number (&p, "off_board");
  data->dets_per_phase = (int) wb_params_int (o, "detachments_per_phase");
  if (!read_map (data, o, error))
    return FALSE;
  data->off_loc = data->off_map = -1;
  if (wb_params_object (o, "off_board", &p))
    {
      data->off_formation = g_intern_string (wb_params_string (&p, "formation"));
      data->off_loc = _wb_col_loc_id (data, wb_params_string (&p, "location"));
      data->off_map = _wb_col_loc_id (data, wb_params_string (&p, "off_map"));
      if (data->off_loc < 0 || data->off_map < 0 || _wb_col_edge (data, data->off_loc, data->off_map) == NULL)
        return _wb_col_fail (error, _("rules.params.off_board: no road joins the town “%s” and the place off the "
                                      "map “%s”"), wb_params_string (&p, "location"), wb_params_string (&p, "off_map"));
      data->off_exit_before = (int) wb_params_int (&p, "exit_before_turn");
      data->off_return_after = (int) wb_params_int (&p, "return_after_turn");
      data->off_attack_limit = (int) wb_params_int (&p, "return_attack_limit");
    }
  /* 7.2: each block traces to its division's base. */
  keys = wb_params_keys (o, "supply_bases");
  for (GList *k = keys; k != NULL; k = k->next)
    {
      WbParams e;
      int loc;

      wb_params_entry (o, "supply_bases", k->data, &e);
      loc = _wb_col_loc_id (data, wb_params_string (&e, "value"));
      for (guint i = 0; i < setup->units->len; i++)
        if (data->division[i] == g_intern_string (k->data))
          data->base[i] = loc;
    }
  g_list_free (keys);
  return TRUE;
}

static gpointer
col_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  WbParams o;
  ColData *data;

  if (!WB_IS_POINT_MAP (setup->map))
    {
      _wb_col_fail (error, _("The Columbia block rules are played on a map of towns"));
      return NULL;
    }
  if (wb_game_get_sides (game)->len != 2)
    {
      _wb_col_fail (error, _("The Columbia block rules are for two sides"));
      return NULL;
    }
  wb_params_init (&o, _wb_col_params, WB_COL_N_PARAMS, "columbia-block", game, wb_scenario_get_id (setup->scenario));
  if (o.values == NULL)
    {
      _wb_col_fail (error, _("The Columbia block rules need rules.params (road limits, supply points and bases)"));
      return NULL;
    }
  data = g_new0 (ColData, 1);
  data->game = g_object_ref (game);
  data->map = WB_POINT_MAP (setup->map);
  data->scenario = g_intern_string (wb_scenario_get_id (setup->scenario));
  data->locs = wb_point_map_get_locations (data->map);
  data->n_loc = data->locs->len;
  data->loc_index = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint l = 0; l < data->n_loc; l++)
    g_hash_table_insert (data->loc_index, (gpointer) ((WbLocation *) g_ptr_array_index (data->locs, l))->id,
                         GINT_TO_POINTER (l + 1));
  data->adj = g_new0 (GArray *, MAX (data->n_loc, 1));
  data->home = g_new (gint8, MAX (data->n_loc, 1));
  for (guint l = 0; l < data->n_loc; l++)
    data->home[l] = (gint8) home_side (data, g_ptr_array_index (data->locs, l));
  for (guint l = 0; l < data->n_loc; l++)
    data->adj[l] = g_array_new (FALSE, TRUE, sizeof (ColEdge));
  if (!read_units (data, (WbMatch *) setup, error) || !read_params (data, &o, (WbMatch *) setup, error))
    {
      col_release (data);
      return NULL;
    }
  return data;
}

/* ---- The sequence of play (2.0) ---- */

static guint
player_side (WbMatch *m, int player)
{
  return player == 1 ? m->first_side : 1 - m->first_side;
}

static void enter_step (ColData *data, WbMatch *m, int step, WbRuleContext *ctx);

static void
col_start (gpointer p, WbMatch *m)
{
  ColData *data = p;

  /* 2.1: no roll on turn 1. */
  m->first_side = data->first_turn_side;
  m->step = COL_MOVE_1;
  m->active = m->first_side;
  (void) col_state (m);
  _wb_col_start_movement (data, m);
}

static char *
col_describe_step (gpointer p, WbMatch *m)
{
  (void) p;
  switch (m->step)
    {
    case COL_INITIATIVE:
      return g_strdup (_("Initiative Phase"));
    case COL_MOVE_1:
      return g_strdup (_("Movement Phase, Player 1"));
    case COL_MOVE_2:
      return g_strdup (_("Movement Phase, Player 2"));
    case COL_BATTLE:
      return g_strdup (_("Battle Phase"));
    case COL_SUPPLY_1:
      return g_strdup (_("Supply Phase, Player 1"));
    case COL_SUPPLY_2:
    default:
      return g_strdup (_("Supply Phase, Player 2"));
    }
}

static const char *
col_awaiting (gpointer p, WbMatch *m)
{
  (void) p;
  if (m->over)
    return "over";
  {
    int n = 0;

    if (_wb_col_pin_due (p, m, &n) >= 0)
      return "pin";
    if (_wb_col_stack_due (p, m, &n) >= 0)
      return "stack-loss";
  }
  switch (m->step)
    {
    case COL_INITIATIVE:
      return "roll";
    case COL_BATTLE:
      return _wb_col_battle_awaiting (m);
    case COL_SUPPLY_1:
    case COL_SUPPLY_2:
      return "supply";
    default:
      return "move";
    }
}

/* The side whose phase it is; the Battle Phase is Player 1's (6.1): both
 * players sit at the battle board, the hand-over does not come between
 * battle turns (m->active still says which side acts). */
static guint
col_player (gpointer p, WbMatch *m)
{
  (void) p;
  if (m->step == COL_BATTLE && !m->over)
    return m->first_side;
  return m->active;
}

static const char *
col_hint (gpointer p, WbMatch *m)
{
  const char *what = col_awaiting (p, m);

  if (g_strcmp0 (what, "pin") == 0)
    return _("Choose your blocks that Player 1's attackers pin: they may not leave the battle (5.4).");
  if (g_strcmp0 (what, "stack-loss") == 0)
    return _("Choose the blocks over the stacking limit that lose a step (3.3).");
  if (g_strcmp0 (what, "roll") == 0)
    return _("Roll for the initiative: the higher total is Player 1 this turn.");
  if (g_strcmp0 (what, "move") == 0)
    return _("Activate HQs, then move the blocks they command; blocks without command straggle one town.");
  if (g_strcmp0 (what, "supply") == 0)
    return _("Spend Supply Points on blocks in supply, and deploy a detachment, then end the phase.");
  if (m->step == COL_BATTLE)
    return _wb_col_battle_hint (m);
  return NULL;
}

void
_wb_col_end_battle_phase (ColData *data, WbMatch *m, WbRuleContext *ctx)
{
  wb_rule_say (ctx, m, _("ends the %s."), _("Battle Phase"));
  enter_step (data, m, COL_SUPPLY_1, ctx);
}

static void
new_turn (ColData *data, WbMatch *m)
{
  (void) data;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->flags &= ~(guint32) (WB_UNIT_MOVED | COL_ACTIVE | COL_STRAGGLER | COL_ATTACKER | COL_PINNED | COL_RAIL |
                              COL_SUPPLIED | COL_REINFORCE | WB_UNIT_REVEALED);
      u->data[COL_DATA_FROM] = 0;
      u->data[COL_DATA_CONN] = 0;
    }
  col_state (m)->initiative[0] = col_state (m)->initiative[1] = 0;
}

static void
enter_step (ColData *data, WbMatch *m, int step, WbRuleContext *ctx)
{
  m->step = step;
  switch (step)
    {
    case COL_INITIATIVE:
      m->active = data->tie_side;
      break;
    case COL_MOVE_1:
    case COL_MOVE_2:
      m->active = player_side (m, step == COL_MOVE_1 ? 1 : 2);
      _wb_col_start_movement (data, m);
      break;
    case COL_BATTLE:
      m->active = player_side (m, 1);
      /* 6.0: the battles are fought one by one (wb-col-battles.c). */
      if (_wb_col_next_battle (data, m, ctx))
        enter_step (data, m, COL_SUPPLY_1, ctx);
      break;
    case COL_SUPPLY_1:
    case COL_SUPPLY_2:
      m->active = player_side (m, step == COL_SUPPLY_1 ? 1 : 2);
      _wb_col_begin_supply (data, m, ctx);
      break;
    default:
      break;
    }
}

static WbApplyResult
end_step (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  g_autofree char *done = col_describe_step (data, m);

  switch (m->step)
    {
    case COL_INITIATIVE:
      if (!wb_rule_check (ctx, m, "col.sequence", FALSE, error, _("Roll for the initiative first")))
        return WB_APPLY_REFUSED;
      break;
    case COL_MOVE_1:
    case COL_MOVE_2:
      if (!_wb_col_end_movement (data, m, action, ctx, error))
        return WB_APPLY_REFUSED;
      break;
    default:
      break;
    }
  wb_rule_say (ctx, m, _("ends the %s."), done);
  if (m->step == COL_SUPPLY_2)
    {
      if (m->turn >= wb_match_n_turns (m))
        {
          _wb_col_final_victory (data, m, ctx);
          return WB_APPLY_DONE;
        }
      m->turn++;
      new_turn (data, m);
      enter_step (data, m, COL_INITIATIVE, ctx);
      return WB_APPLY_DONE;
    }
  enter_step (data, m, m->step + 1, ctx);
  return WB_APPLY_DONE;
}

/* 2.1: each side rolls the dice; the higher total is Player 1, the tie
 * winner on a tie. One action rolls for both. */
static WbApplyResult
initiative (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  int total[2] = { 0, 0 };
  guint n = 0;
  guint winner;

  if (!wb_rule_check (ctx, m, "col.sequence", m->step == COL_INITIATIVE, error,
                      _("The initiative is rolled at the start of the turn (Initiative Phase)")))
    return WB_APPLY_REFUSED;
  for (guint s = 0; s < 2; s++)
    for (int d = 0; d < data->init_dice; d++)
      {
        int face;

        if (!wb_rule_die (ctx, m, action, n++, 6, &face, error))
          return WB_APPLY_REFUSED;
        total[s] += face;
      }
  winner = total[0] > total[1] ? 0 : total[1] > total[0] ? 1 : data->tie_side;
  col_state (m)->initiative[0] = total[0];
  col_state (m)->initiative[1] = total[1];
  m->first_side = winner;
  /* TRANSLATORS: 2.1: each side's initiative total, then the side that is Player 1 */
  wb_rule_say (ctx, m, _("Initiative: %s %d, %s %d: %s is Player 1 (2.1)."),
               wb_match_side_name (m, 0), total[0], wb_match_side_name (m, 1), total[1],
               wb_match_side_name (m, winner));
  enter_step (data, m, COL_MOVE_1, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
col_apply (gpointer p, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColData *data = p;
  const char *type = wb_json_string (action, "type", "");

  if (m->over)
    return WB_APPLY_NOT_MINE;
  if (m->step == COL_BATTLE)
    {
      WbApplyResult r = _wb_col_battle_apply (data, m, action, ctx, error);

      if (r != WB_APPLY_NOT_MINE)
        return r;
    }
  /* A choice the rules wait for comes first: the blocks pinned (5.4),
   * those that lose a step to stacking (3.3). */
  {
    int n = 0, loc = _wb_col_pin_due (data, m, &n);
    gboolean pin = loc >= 0;

    if (loc < 0)
      loc = _wb_col_stack_due (data, m, &n);
    if (loc >= 0 && strcmp (type, pin ? "pin" : "stack_loss") != 0 &&
        !wb_rule_check (ctx, m, "col.sequence", FALSE, error,
                        pin ? _("Player 2 first chooses the %d blocks pinned at %s (5.4)")
                            : _("First choose the %d blocks that lose a step to stacking at %s (3.3)"),
                        n, _wb_col_loc_name (data, loc)))
      return WB_APPLY_REFUSED;
  }
  if (strcmp (type, "pin") == 0)
    return _wb_col_pin (data, m, action, ctx, error);
  if (strcmp (type, "stack_loss") == 0)
    return _wb_col_stack_loss (data, m, action, ctx, error);
  if (strcmp (type, "end_step") == 0)
    return end_step (data, m, action, ctx, error);
  if (strcmp (type, "initiative") == 0)
    return initiative (data, m, action, ctx, error);
  if (strcmp (type, "activate") == 0)
    return _wb_col_activate (data, m, action, ctx, error);
  if (strcmp (type, "move") == 0)
    return _wb_col_move (data, m, action, ctx, error);
  if (strcmp (type, "supply") == 0)
    return _wb_col_supply (data, m, action, ctx, error);
  if (strcmp (type, "deploy") == 0)
    return _wb_col_deploy (data, m, action, ctx, error);
  if (strcmp (type, "create_detachment") == 0)
    return _wb_col_create_detachment (data, m, action, ctx, error);
  if (strcmp (type, "merge") == 0)
    return _wb_col_merge (data, m, action, ctx, error);
  return WB_APPLY_NOT_MINE;
}

static GArray *
col_destinations (gpointer p, WbMatch *m, const char *unit)
{
  return _wb_col_destinations (p, m, unit);
}

static GArray *
col_route (gpointer p, WbMatch *m, const char *unit, const WbWhere *to)
{
  return _wb_col_route (p, m, unit, to);
}

static JsonObject *
col_suggest (gpointer p, WbMatch *m, WbRng *rng)
{
  return _wb_col_suggest (p, m, rng);
}

/* The play UI's steps: the Battle Phase's (wb-col-battle-steps.c), the
 * campaign phases' (wb-col-steps.c). */
static void
col_step (gpointer p, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  if (!_wb_col_battle_step (p, m, picks, step))
    _wb_col_step (p, m, picks, step);
}

static JsonObject *
col_step_action (gpointer p, WbMatch *m, const WbPicks *picks)
{
  if (m->step == COL_BATTLE)
    return _wb_col_battle_step_action (p, m, picks);
  return _wb_col_step_action (p, m, picks);
}

static WbBoard *
col_board (gpointer p, WbMatch *m)
{
  WbBoard *board = _wb_col_board (p, m);

  return board != NULL ? board : _wb_col_choose_board (p, m);
}

/* What the family treats specially, given by the game. */
static const WbRole roles[] = {
  { "hq", WB_ROLE_ON_UNIT_CLASS, N_("HQ: activates to command its division's blocks within range, losing a step (4.21, 5.1)") },
  { "infantry", WB_ROLE_ON_UNIT_CLASS, N_("Infantry brigade (4.22)") },
  { "cavalry", WB_ROLE_ON_UNIT_CLASS, N_("Cavalry: may retreat in the first round, +1 in pursuit (4.23)") },
  { "artillery", WB_ROLE_ON_UNIT_CLASS, N_("Artillery: −1 firepower in its first round attacking, counter-battery (4.24, 6.63)") },
  { "detachment", WB_ROLE_ON_UNIT_CLASS, N_("Detachment: a one-step block from the pool, deployed in the Supply Phase (4.3, 7.4)") },
  { "pike", WB_ROLE_ON_CONNECTION, N_("Pike: road limits of rules.params.road_limits.pike; stacking +2 (3.3, 3.4)") },
  { "road", WB_ROLE_ON_CONNECTION, N_("Road: road limits of rules.params.road_limits.road (3.4)") },
  { "trail", WB_ROLE_ON_CONNECTION, N_("Trail: road limits of rules.params.road_limits.trail (3.4)") },
  { "ferry", WB_ROLE_ON_CONNECTION, N_("Ferry: road limits of rules.params.road_limits.ferry, −1 firepower attacking over it (3.6)") },
  { "railway", WB_ROLE_ON_CONNECTION, N_("Railway: stacking +2; the rail move runs on the lines rules.params.rail_move_lines names (3.3, 5.6)") },
  { "river-crossing", WB_ROLE_ON_CROSSING, N_("Bridge or ford: −1 firepower in the first round attacking or reinforcing over it (3.5)") },
  { "gap", WB_ROLE_ON_CROSSING, N_("Mountain gap: road limits of road_limits.gap, bad supply through it unless good for the side (3.7, 7.32)") },
};

static const WbRulesChange changes[] = {
  { 2, FALSE, N_("The Battle Phase is played (battles used to be called off, the attackers going back), the "
                 "automatic player attacks, Player 2 chooses the blocks pinned and the owner the blocks lost to "
                 "stacking (both used to be chosen for them), vacant major towns belong to the side the map "
                 "names, and bad supply through gaps is found") },
  { 3, TRUE, N_("A move that names neither the town it goes through nor the rail goes the way the rules "
                "allow (through a town or by rail), where it used to go through the first town in common "
                "only") },
};

static const WbRulesFamily family = {
  .id = "columbia-block",
  .name = N_("Columbia block games"),
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
  .prepare = col_prepare,
  .release = col_release,
  .start = col_start,
  .describe_step = col_describe_step,
  .destinations = col_destinations,
  .awaiting = col_awaiting,
  .player = col_player,
  .hint = col_hint,
  .route = col_route,
  .suggest = col_suggest,
  .apply = col_apply,
  .step = col_step,
  .step_action = col_step_action,
  .board = col_board,
  .tracks = _wb_col_tracks,
  .hidden_units = TRUE,
  .version = 3,
  .changes = changes,
  .n_changes = G_N_ELEMENTS (changes),
  .params = _wb_col_params,
  .n_params = WB_COL_N_PARAMS,
  .roles = roles,
  .n_roles = G_N_ELEMENTS (roles),
};

const WbRulesFamily *
wb_col_family (void)
{
  return &family;
}
