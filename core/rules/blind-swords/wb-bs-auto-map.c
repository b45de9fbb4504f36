/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* The automatic player on the map (warbench-cli play --auto;
 * docs/rules-engine.md, "The Blind Swords automatic player"): legal (each
 * action it suggests is one the steps accept), seeded only by the caller's
 * rng, and cheap enough for a whole game of 17.6 in a fraction of a
 * second.
 *
 * It plays for the scenario's objectives: its "occupy" places and, when
 * rules.params.victory names a control_feature, the map's hexes with that
 * hex feature (excl. 17.3g-17.6k: the trenches). The side that holds them
 * at the start (objectives_held_by, 14.2) defends them: its units stay in
 * or next to them and attack what reaches them; the other side goes for
 * them. Without objectives, both go for the nearest enemy.
 *
 * Each call reads what it needs again from the scenario, the parameters
 * and the match (no cache outlives a call): a distance field per hex to
 * the nearest objective and to the nearest enemy, each a breadth-first
 * search of the grid (hex distance; terrain is the reach's to judge).
 *
 * It never loops: a unit moves once a step and only to a hex better than
 * its own, fires once, is committed to one Close Combat, rallies once; a
 * step with nothing worth doing is ended (8.0-13.0's steps all end). */

#define FAR G_MAXUINT8

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

/* A unit that fights: not a pioneer (never fires, excl. 2.1a), not a marker. */
static gboolean
fighting (BsData *data, WbMatch *m, guint i)
{
  BsRole r = bs_role (data, m, i);

  return r != BS_ROLE_MARKER && r != BS_ROLE_PIONEER;
}

static gboolean
infantry_or_cavalry (BsData *data, WbMatch *m, guint i)
{
  BsRole r = bs_role (data, m, i);

  return r == BS_ROLE_INFANTRY || r == BS_ROLE_CAVALRY;
}

/* Battered: a unit that should rally before it fights again (12.5:
 * Disrupted, or Shaken on its Battleworn side). */
static gboolean
battered (const WbUnitState *u)
{
  return (u->flags & BS_UNIT_DISRUPTED) || ((u->flags & BS_UNIT_SHAKEN) && (u->flags & BS_UNIT_WORN));
}

/* ---- The plan: objectives and distance fields, for one call ---- */

typedef struct {
  BsData  *data;
  WbMatch *m;
  guint    side;        /* the side to play */
  gboolean defends;     /* it holds the objectives (objectives_held_by) */
  gboolean has_goals;
  int      n;           /* hexes: cols × rows */
  guint8  *goal_at;     /* per hex: an objective */
  guint8  *goal;        /* per hex: hexes to the nearest objective (FAR: none), or NULL */
  guint8  *enemy;       /* per hex: hexes to the nearest fighting enemy, or NULL */
  gint16  *enemy_sp;    /* per hex: the enemy's SP there, in halves */
  WbOffset *queue;
  GArray   *goals;      /* WbOffset: the objectives' hexes */
  GArray   *enemies;    /* WbOffset: the hexes with fighting enemies */
  guint     goal_asked, enemy_asked;
  /* The six neighbours' offsets for an even and an odd column (flat) or
   * row (pointy): the searches' inner loop without wb_hex_neighbour (). */
  WbOffset  delta[2][WB_HEX_DIRECTIONS];
} Plan;

static int
hex_index (const Plan *p, WbOffset h)
{
  if (h.col < 0 || h.row < 0 || h.col >= p->data->cols || h.row >= p->data->rows)
    return -1;
  return h.row * p->data->cols + h.col;
}

static WbOffset
index_hex (const Plan *p, int k)
{
  WbOffset h = { k % p->data->cols, k / p->data->cols };

  return h;
}

/* A breadth-first search from the hexes with @dist 0 (the others FAR). */
static void
spread (Plan *p, guint8 *dist)
{
  guint head = 0, tail = 0;

  for (int k = 0; k < p->n; k++)
    if (dist[k] == 0)
      p->queue[tail++] = index_hex (p, k);
  while (head < tail)
    {
      WbOffset h = p->queue[head++];
      guint8 d = dist[hex_index (p, h)];

      if (d >= FAR - 1)
        continue;
      const WbOffset *delta = p->delta[(p->data->layout.orientation == WB_HEX_FLAT ? h.col : h.row) & 1];

      for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
        {
          WbOffset nb = { h.col + delta[dir].col, h.row + delta[dir].row };
          int k = hex_index (p, nb);

          if (k >= 0 && dist[k] > d + 1)
            {
              dist[k] = (guint8) (d + 1);
              p->queue[tail++] = nb;
            }
        }
    }
}

/* The scenario's control_feature (rules.params.victory), or NULL. */
static const char *
control_feature (BsData *data)
{
  WbParams o, v;
  const char *f;

  wb_params_init (&o, _wb_bs_params, WB_BS_N_PARAMS, "blind-swords", data->game,
                  wb_scenario_get_id (data->scenario));
  if (!wb_params_object (&o, "victory", &v))
    return NULL;
  f = wb_params_string (&v, "control_feature");
  return f != NULL && *f != '\0' ? f : NULL;
}

static void
plan_init (Plan *p, BsData *data, WbMatch *m)
{
  GPtrArray *victory = wb_scenario_get_victory (data->scenario);
  const char *feature = control_feature (data);

  memset (p, 0, sizeof *p);
  p->data = data;
  p->m = m;
  p->side = m->active;
  p->defends = data->first_holder == (int) m->active;
  p->n = data->cols * data->rows;
  p->goal_at = g_new0 (guint8, p->n);
  p->enemy_sp = g_new0 (gint16, p->n);
  p->queue = g_new (WbOffset, p->n);
  for (int parity = 0; parity < 2; parity++)
    {
      WbOffset at = { 2, 2 };

      if (data->layout.orientation == WB_HEX_FLAT)
        at.col += parity;
      else
        at.row += parity;
      for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
        {
          WbOffset nb = wb_hex_neighbour (data->layout, at, dir);

          p->delta[parity][dir] = (WbOffset) { nb.col - at.col, nb.row - at.row };
        }
    }
  for (guint v = 0; victory != NULL && v < victory->len; v++)
    {
      WbVictory *vc = g_ptr_array_index (victory, v);

      if (vc->kind != WB_VICTORY_OCCUPY || vc->places == NULL)
        continue;
      for (guint k = 0; k < vc->places->len; k++)
        {
          const WbPlace *pl = &g_array_index (vc->places, WbPlace, k);
          WbOffset h;

          if (pl->kind == WB_PLACE_HEX && wb_hex_map_parse_hex (data->map, pl->ref, &h) && hex_index (p, h) >= 0)
            p->goal_at[hex_index (p, h)] = 1;
        }
    }
  if (feature != NULL)
    {
      g_autoptr(GArray) hexes = wb_hex_map_list_detailed_hexes (data->map);

      for (guint k = 0; k < hexes->len; k++)
        {
          WbOffset h = g_array_index (hexes, WbOffset, k);

          if (hex_index (p, h) >= 0 && wb_hex_map_has_hex_feature (data->map, h, feature))
            p->goal_at[hex_index (p, h)] = 1;
        }
    }
  p->goals = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  p->enemies = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  for (int k = 0; k < p->n; k++)
    if (p->goal_at[k])
      {
        WbOffset h = index_hex (p, k);

        g_array_append_val (p->goals, h);
      }
  p->has_goals = p->goals->len > 0;
  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);
      int k;

      if (v->side == p->side || !on_map (v) || !fighting (data, m, j) || (k = hex_index (p, v->where.hex)) < 0)
        continue;
      if (p->enemy_sp[k] == 0)
        g_array_append_val (p->enemies, v->where.hex);
      p->enemy_sp[k] = (gint16) (p->enemy_sp[k] + MAX (v->halves, 1));
    }
}

static void
plan_clear (Plan *p)
{
  g_free (p->goal_at);
  g_free (p->goal);
  g_free (p->enemy);
  g_free (p->enemy_sp);
  g_free (p->queue);
  g_array_unref (p->goals);
  g_array_unref (p->enemies);
}

/* The distance from @h to the nearest hex of @list (FAR: none): the list
 * scanned while that is cheaper than a search of the whole grid, which
 * then answers every later question of this call. */
static guint8
nearest (Plan *p, WbOffset h, const GArray *list, guint8 *(*field) (Plan *), guint *asked)
{
  int best = FAR;

  if (list->len * ++*asked > (guint) p->n)
    return field (p)[hex_index (p, h)];
  for (guint k = 0; k < list->len && best > 0; k++)
    best = MIN (best, wb_hex_distance (p->data->layout, h, g_array_index (list, WbOffset, k)));
  return (guint8) best;
}

static guint8 *
goal_field (Plan *p)
{
  if (p->goal == NULL)
    {
      p->goal = g_new (guint8, p->n);
      for (int j = 0; j < p->n; j++)
        p->goal[j] = p->goal_at[j] ? 0 : FAR;
      spread (p, p->goal);
    }
  return p->goal;
}

static guint8 *
enemy_field (Plan *p)
{
  if (p->enemy == NULL)
    {
      p->enemy = g_new (guint8, p->n);
      for (int j = 0; j < p->n; j++)
        p->enemy[j] = p->enemy_sp[j] > 0 ? 0 : FAR;
      spread (p, p->enemy);
    }
  return p->enemy;
}

static guint8
goal_dist (Plan *p, WbOffset h)
{
  if (!p->has_goals || hex_index (p, h) < 0)
    return FAR;
  return nearest (p, h, p->goals, goal_field, &p->goal_asked);
}

static guint8
enemy_dist (Plan *p, WbOffset h)
{
  if (hex_index (p, h) < 0)
    return FAR;
  return nearest (p, h, p->enemies, enemy_field, &p->enemy_asked);
}

static gboolean
is_goal (Plan *p, WbOffset h)
{
  int k = hex_index (p, h);

  return k >= 0 && p->goal_at[k];
}

/* ---- Fire (9.0, 6.1): the best target ---- */

/* Out of 36 throws, how many call for a Cohesion Test on @column against a
 * Lead Unit of CR @cr (9.3a): the measure of a fire's worth. */
static int
test_chances (BsData *data, int column, int cr)
{
  int n = 0;

  for (int c = 1; c <= 6; c++)
    for (int w = 1; w <= 6; w++)
      n += wb_bs_crt_read (data->tables, column, c, w, cr, WB_BS_FIRE) != WB_BS_TEST_NONE;
  return n;
}

/* The best CR among the units at @hex (the Lead Unit's, read so: the
 * defender's best is the worst case for the firer). */
static int
best_cr_at (BsData *data, WbMatch *m, WbOffset hex)
{
  int best = 0;

  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);
      WbBsUnit e;

      if (!on_map (v) || !wb_offset_equal (v->where.hex, hex) || !fighting (data, m, j))
        continue;
      _wb_bs_engine_unit (data, m, j, FALSE, &e);
      best = MAX (best, wb_bs_unit_cr (data->tables, &e));
    }
  return best;
}

typedef gboolean (*MayFire) (BsData *data, WbMatch *m, guint i);

/* What the units of @group that may fire at @target would do: their
 * number in *n_out (kept in @group's order), the score (test chances ×
 * 64 + column), -1 when none fires or the fire is ignored (9.3). */
static int
score_fire (Plan *p, const guint *group, guint n_group, WbOffset target, guint *firing, guint *n_out)
{
  BsData *data = p->data;
  WbMatch *m = p->m;
  WbBsFirer f[WB_BS_MAX_STACK];
  guint8 range_of[WB_BS_MAX_STACK];
  BsLos worst = { 0 };
  BsShifts shifts;
  guint n = 0;
  int strength, column;

  for (guint k = 0; k < n_group && n < G_N_ELEMENTS (f); k++)
    {
      guint i = group[k];
      const WbUnitState *u = unit_at (m, i);
      const BsCounter *c = &data->counter[i];
      int d = wb_hex_distance (data->layout, u->where.hex, target), range;
      BsLos los;
      const char *why;

      /* The range first: a line of sight beyond it is not worth tracing. */
      if (c->weapon == NULL || _wb_bs_range (data, c->weapon, d, c->role == BS_ROLE_ARTILLERY, FALSE) < 0 ||
          !_wb_bs_can_fire (data, m, i, target, FALSE, &range, &los, &why))
        continue;
      worst.kind = MAX (worst.kind, los.kind);
      worst.obscuring = MAX (worst.obscuring, los.obscuring);
      worst.over_units = MAX (worst.over_units, los.over_units);
      f[n] = (WbBsFirer) { .sp = (guint8) CLAMP (u->halves, 0, 255), .morale = (guint8) bs_morale (u),
                           .range = (guint8) MAX (range, 0) };
      range_of[n] = f[n].range;
      firing[n++] = i;
    }
  *n_out = n;
  if (n == 0)
    return -1;
  strength = wb_bs_fire_strength (data->tables, f, n);
  if (strength <= 0)
    return -1;
  _wb_bs_fire_shifts (data, m, firing, n, range_of, target, &worst, FALSE, &shifts);
  column = wb_bs_column (data->tables, strength, bs_shifts_total (&shifts), FALSE, NULL);
  if (column < 0)
    return -1;
  return test_chances (data, column, best_cr_at (data, m, target)) * 64 + column;
}

/* A fire: the units of the first hex holding units that @may fire, at
 * the enemy hex where their fire is worth most; hexes with no target are
 * passed over (their units cannot fire this step). */
static JsonObject *
suggest_fire (Plan *p, MayFire may)
{
  BsData *data = p->data;
  WbMatch *m = p->m;
  g_autofree guint8 *done = g_new0 (guint8, p->n);

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      guint group[WB_BS_MAX_STACK], n_group = 0, best_units[WB_BS_MAX_STACK], n_best = 0;
      int best = -1, reach = 0, k;
      WbOffset target = { 0 };

      if (!may (data, m, i) || (k = hex_index (p, u->where.hex)) < 0 || done[k])
        continue;
      done[k] = 1;
      for (guint j = i; j < data->n_units && n_group < G_N_ELEMENTS (group); j++)
        if (may (data, m, j) && wb_offset_equal (unit_at (m, j)->where.hex, u->where.hex))
          {
            const char *w = data->counter[j].weapon;

            group[n_group++] = j;
            /* The farthest any of them reaches: the targets looked at. */
            for (int d = reach + 1; w != NULL && d < 32; d++)
              if (_wb_bs_range (data, w, d, data->counter[j].role == BS_ROLE_ARTILLERY, FALSE) >= 0)
                reach = d;
          }
      if (enemy_dist (p, u->where.hex) > reach)
        continue;
      for (guint e = 0; e < p->enemies->len; e++)
        {
          WbOffset h = g_array_index (p->enemies, WbOffset, e);
          guint firing[WB_BS_MAX_STACK], n_firing;
          int s;

          if (wb_hex_distance (data->layout, h, u->where.hex) > reach)
            continue;
          s = score_fire (p, group, n_group, h, firing, &n_firing);
          if (s > best)
            {
              best = s;
              target = h;
              n_best = n_firing;
              memcpy (best_units, firing, n_firing * sizeof *firing);
            }
        }
      if (best >= 0)
        {
          JsonObject *a = with_units (m, action ("fire"), best_units, n_best);

          set_hex (data, a, target);
          return a;
        }
    }
  return action ("end_step");
}

static gboolean
may_fire_brigade (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *u = unit_at (m, i);

  return _wb_bs_in_brigade (data, m, i) && on_map (u) && !(u->flags & (BS_UNIT_FIRED | BS_UNIT_CHAOS)) &&
         infantry_or_cavalry (data, m, i);
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

/* 6.1-6.3: the artillery of which hex to activate. A hex whose guns have
 * something to fire at, the first such from a place the rng picks in the
 * list (so that the order varies); none: pass. */
static JsonObject *
suggest_artillery (Plan *p, WbRng *rng)
{
  BsData *data = p->data;
  WbMatch *m = p->m;
  g_autoptr(GPtrArray) hexes = _wb_bs_artillery_hexes (data, m, m->active);
  guint start = hexes->len > 0 ? wb_rng_bounded (rng, hexes->len) : 0;

  for (guint k = 0; k < hexes->len; k++)
    {
      const char *text = g_ptr_array_index (hexes, (start + k) % hexes->len);
      WbOffset h;
      guint group[WB_BS_MAX_STACK], n_group = 0;

      if (!wb_hex_map_parse_hex (data->map, text, &h))
        continue;
      for (guint j = 0; j < data->n_units && n_group < G_N_ELEMENTS (group); j++)
        {
          const WbUnitState *u = unit_at (m, j);

          if (bs_role (data, m, j) == BS_ROLE_ARTILLERY && u->side == m->active && on_map (u) &&
              wb_offset_equal (u->where.hex, h) && !(u->flags & BS_UNIT_ARTILLERY_DONE))
            group[n_group++] = j;
        }
      if (n_group == 0)
        continue;
      for (guint e = 0; e < p->enemies->len; e++)
        {
          guint firing[WB_BS_MAX_STACK], n_firing;
          WbOffset at = g_array_index (p->enemies, WbOffset, e);

          if (wb_hex_distance (data->layout, at, h) <= 24 &&
              score_fire (p, group, n_group, at, firing, &n_firing) >= 0)
            {
              JsonObject *a = action ("artillery");

              json_object_set_string_member (a, "hex", text);
              return a;
            }
        }
    }
  return action ("end_step");
}

/* ---- Orders (8.1) and the brigade (7.3) ---- */

typedef struct {
  guint on, battered, boxed;
  int   enemy;          /* the nearest enemy to any of its units */
  int   goal;           /* the nearest objective to any of its units */
  gboolean adjacent;    /* a unit next to an enemy */
} BrigadeView;

static void
view_brigade (Plan *p, guint b, BrigadeView *out)
{
  memset (out, 0, sizeof *out);
  out->enemy = out->goal = FAR;
  for (guint i = 0; i < p->data->n_units; i++)
    {
      const WbUnitState *u = unit_at (p->m, i);

      if (p->data->unit_brigade[i] != (int) b)
        continue;
      if (on_map (u))
        {
          out->on++;
          out->enemy = MIN (out->enemy, enemy_dist (p, u->where.hex));
          out->goal = MIN (out->goal, goal_dist (p, u->where.hex));
          out->battered += battered (u);
        }
      else if (u->where.kind == WB_WHERE_BOX)
        out->boxed++;
    }
  out->adjacent = out->enemy <= 1;
}

static gboolean
has_order (BsData *data, const char *order)
{
  for (guint o = 0; o < data->n_orders; o++)
    if (g_strcmp0 (data->orders[o], order) == 0)
      return TRUE;
  return FALSE;
}

/* 8.1: Regroup a battered brigade out of the enemy's reach (13.1 rallies
 * only from rally_enemy_distance); Maneuver one far from both the enemy
 * and its objective, to march along the roads (10.5a); Defend a holding
 * brigade in place unless an enemy is next to it; Attack otherwise. */
static JsonObject *
suggest_order (Plan *p, WbRng *rng)
{
  BsData *data = p->data;
  BsState *st = bs_state (p->m);
  BrigadeView b;
  const char *want;
  JsonObject *a = action ("order");

  view_brigade (p, st->acting - 1u, &b);
  if ((b.battered * 2 > b.on || (b.on == 0 && b.boxed > 0)) && b.enemy >= data->rally_distance)
    want = "regroup";
  else if (b.battered * 2 > b.on && !p->defends)
    want = "maneuver";   /* out of the enemy's reach, to rally later */
  else if (b.enemy > 8 && (b.goal > 3 || b.goal == FAR))
    want = "maneuver";
  else if (p->defends && b.goal <= 1 && !b.adjacent)
    want = wb_rng_bounded (rng, 4) == 0 ? "attack" : "defend";
  else
    want = wb_rng_bounded (rng, 8) == 0 ? "defend" : "attack";
  if (!has_order (data, want))
    want = data->orders[wb_rng_bounded (rng, data->n_orders)];
  json_object_set_string_member (a, "order", want);
  return a;
}

/* 7.3: among the brigades that may be picked, the one with the most to
 * do: units on the map near the enemy or an objective first; the rng
 * breaks ties. */
static JsonObject *
suggest_brigade (Plan *p, WbRng *rng)
{
  BsData *data = p->data;
  JsonObject *a = action ("activate");
  int best = G_MININT;
  guint pick = 0, ties = 0;

  for (guint b = 0; b < data->n_brigades; b++)
    {
      BrigadeView v;
      int score;

      if (!_wb_bs_brigade_pickable (data, p->m, b))
        continue;
      view_brigade (p, b, &v);
      score = v.on == 0 ? (v.boxed > 0 ? -100 : -200) : -MIN (v.enemy, 40) - MIN (v.goal, 40) / 2;
      if (score > best)
        {
          best = score;
          pick = b;
          ties = 1;
        }
      else if (score == best && wb_rng_bounded (rng, ++ties) == 0)
        pick = b;
    }
  g_assert (best > G_MININT);
  json_object_set_string_member (a, "brigade", data->brigade[pick]);
  return a;
}

/* ---- Movement (10.0) ---- */

/* How good @h is for unit @i (lower is better): a battered unit wants to
 * be rally_enemy_distance from the enemy (13.1); a defender wants to be in
 * or next to an objective; an attacker wants its objective, or the enemy
 * in front of it when that is nearer. */
static int
place_score (Plan *p, guint i, WbOffset h, gboolean withdraw, gboolean fight_near)
{
  int g = goal_dist (p, h), e = enemy_dist (p, h);

  if (withdraw)
    return -4 * MIN (e, p->data->rally_distance) + MIN (g, 60) / 8;
  if (p->defends && p->has_goals)
    return 4 * MAX (g - 1, 0) + (g <= 1 ? 0 : MIN (e, 8) / 4);
  (void) i;
  if (fight_near || !p->has_goals)
    return 4 * MIN (e, 60);
  return 4 * MIN (g, 60) + MIN (e, 8) / 4;
}

static JsonObject *
suggest_move (Plan *p)
{
  BsData *data = p->data;
  WbMatch *m = p->m;
  const char *order = _wb_bs_acting_order (data, m);
  gboolean defend = g_strcmp0 (order, "defend") == 0;

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      int left, now, best_score, best_cost = G_MAXINT, best = -1, e, g;
      gboolean march, may_engage, withdraw, fight_near;
      g_autoptr(GArray) reach = NULL;

      if (!_wb_bs_in_brigade (data, m, i) || !on_map (u) || (u->flags & (BS_UNIT_MOVED | BS_UNIT_CHAOS)) ||
          !fighting (data, m, i))
        continue;
      e = enemy_dist (p, u->where.hex);
      g = goal_dist (p, u->where.hex);
      withdraw = battered (u) && e < data->rally_distance && !(p->defends && g == 0);
      /* Engaged units hold (10.6: they stay to fight; leaving draws
       * Opportunity Fire, 10.7) unless battered; so do defenders on their
       * objective and, under Defend, units near the enemy. */
      if (!withdraw && (e <= 1 || (p->defends && g <= 1 && p->has_goals) || (defend && e <= 4)))
        continue;
      if (e == FAR && !p->has_goals)
        continue;
      fight_near = !p->defends && e <= 3 && (g == FAR || g > e + 4);
      left = _wb_bs_mp_left (data, m, i, &march, &may_engage);
      if (left <= 0)
        continue;
      now = place_score (p, i, u->where.hex, withdraw, fight_near);
      best_score = now;
      reach = _wb_bs_reach (data, m, i, left, march, may_engage);
      for (guint k = 0; reach != NULL && k < reach->len; k++)
        {
          const WbDestination *d = &g_array_index (reach, WbDestination, k);
          int s;

          if (d->where.kind != WB_WHERE_HEX)
            continue;
          s = place_score (p, i, d->where.hex, withdraw, fight_near);
          if (s < best_score || (s == best_score && best >= 0 && d->cost < best_cost))
            {
              best_score = s;
              best_cost = d->cost;
              best = (int) k;
            }
        }
      if (best >= 0 && best_score < now)
        {
          JsonObject *a = action ("move");

          json_object_set_string_member (a, "unit", u->id);
          set_hex (data, a, g_array_index (reach, WbDestination, best).where.hex);
          return a;
        }
    }
  return action ("end_step");
}

/* ---- Close Combat (11.0) and the advance (12.7) ---- */

static gboolean
may_attack (BsData *data, WbMatch *m, guint k)
{
  const WbUnitState *w = unit_at (m, k);

  return _wb_bs_in_brigade (data, m, k) && on_map (w) && !(w->flags & (BS_UNIT_COMMITTED | BS_UNIT_CHAOS)) &&
         infantry_or_cavalry (data, m, k) && !battered (w);
}

/* 11.0: an attack where the net column shift (11.0c, the odds i-vi
 * among them, as the Assaulting Hex with the most SP would get) is not
 * against the attacker; on an objective the attacker goes for, up to two
 * columns against it; one column against it a third of the time. */
static JsonObject *
suggest_close (Plan *p, WbRng *rng)
{
  BsData *data = p->data;
  WbMatch *m = p->m;

  for (guint e = 0; e < p->enemies->len; e++)
    {
      WbOffset target = g_array_index (p->enemies, WbOffset, e);
      guint all[WB_BS_MAX_STACK * 2], n = 0, assault[WB_BS_MAX_STACK * 2], na = 0, flank[WB_BS_MAX_STACK * 2], nf = 0;
      WbOffset assault_hex = { 0 };
      int best_sp = -1, shift;
      BsShifts shifts;
      gboolean prize;

      for (guint k = 0; k < data->n_units && n < G_N_ELEMENTS (all); k++)
        if (may_attack (data, m, k) && wb_hex_distance (data->layout, unit_at (m, k)->where.hex, target) == 1)
          all[n++] = k;
      if (n == 0)
        continue;
      for (guint k = 0; k < n; k++)
        {
          WbOffset h = unit_at (m, all[k])->where.hex;
          int sp = 0;

          for (guint j = 0; j < n; j++)
            if (wb_offset_equal (unit_at (m, all[j])->where.hex, h))
              sp += unit_at (m, all[j])->halves;
          if (sp > best_sp)
            {
              best_sp = sp;
              assault_hex = h;
            }
        }
      for (guint k = 0; k < n; k++)
        {
          if (wb_offset_equal (unit_at (m, all[k])->where.hex, assault_hex))
            assault[na++] = all[k];
          else
            flank[nf++] = all[k];
        }
      _wb_bs_close_shifts (data, m, assault, na, flank, nf, target, FALSE, &shifts);
      shift = bs_shifts_total (&shifts);
      prize = is_goal (p, target);
      if (shift >= 0 || (prize && shift >= -2) || (shift == -1 && wb_rng_bounded (rng, 3) == 0))
        {
          JsonObject *a = with_units (m, action ("close_combat"), all, n);

          set_hex (data, a, target);
          return a;
        }
    }
  return action ("end_step");
}

/* 12.7: into the hex emptied, as many as stacking allows; a defender
 * does not leave its objectives for a hex that is not one. */
static JsonObject *
suggest_advance (Plan *p)
{
  BsData *data = p->data;
  WbMatch *m = p->m;
  BsState *st = bs_state (m);
  guint group[16], n = 0;
  int sp = _wb_bs_hex_stack (data, m, st->target, -1);
  gboolean prize = is_goal (p, st->target);

  for (guint k = 0; k < st->n_advancers && k < G_N_ELEMENTS (st->advancers); k++)
    {
      guint i = (guint) st->advancers[k];
      const WbUnitState *u = unit_at (m, i);
      int add = _wb_bs_stack_halves (data, m, i);

      if (!on_map (u) || sp + add > data->stacking_halves)
        continue;
      if (p->defends && p->has_goals && !prize && is_goal (p, u->where.hex))
        continue;
      group[n++] = i;
      sp += add;
    }
  if (n == 0)
    return action ("end_step");
  {
    JsonObject *a = with_units (m, action ("advance"), group, n);

    /* The two-hex advance: on into an objective next to the hex emptied
     * when every unit may go there. */
    if (st->advance >= 2 && !prize)
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset h = wb_hex_neighbour (data->layout, st->target, d);
          gboolean all = wb_hex_map_contains (data->map, h) && is_goal (p, h) &&
                         _wb_bs_hex_stack (data, m, h, -1) + sp - _wb_bs_hex_stack (data, m, st->target, -1) <=
                         data->stacking_halves;

          for (guint k = 0; k < n && all; k++)
            all = _wb_bs_may_step (data, m, group[k], st->target, h);
          if (all)
            {
              set_hex (data, a, h);
              break;
            }
        }
    return a;
  }
}

/* 11.3b: the attacked mounted cavalry withdraws when the odds are bad for
 * it: the attackers next to it have twice its hex's SP or more, or it
 * carries a Morale Hit; to the hex farthest from the enemy. */
static JsonObject *
suggest_cc_withdraw (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  int att = 0, def = 0;

  for (guint k = 0; k < st->cc_n && k < G_N_ELEMENTS (st->cc_units); k++)
    {
      const WbUnitState *w = unit_at (m, (guint) st->cc_units[k]);

      if (on_map (w) && wb_hex_distance (data->layout, w->where.hex, st->cc_hex) == 1)
        att += w->halves;
    }
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (on_map (u) && u->side == m->active && wb_offset_equal (u->where.hex, st->cc_hex))
        def += u->halves;
    }
  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    {
      guint i = (guint) st->wd_units[k];
      const WbUnitState *u = unit_at (m, i);
      WbOffset best = u->where.hex;
      int best_d = -1;

      if (att < 2 * def && !(u->flags & BS_UNIT_MORALE))
        continue;
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset h = wb_hex_neighbour (data->layout, u->where.hex, d);
          int e = G_MAXINT;

          if (!wb_hex_map_contains (data->map, h) || !_wb_bs_cc_may_withdraw (data, m, i, &h))
            continue;
          for (guint j = 0; j < data->n_units; j++)
            if (unit_at (m, j)->side != u->side && on_map (unit_at (m, j)))
              e = MIN (e, wb_hex_distance (data->layout, unit_at (m, j)->where.hex, h));
          if (e > best_d)
            {
              best_d = e;
              best = h;
            }
        }
      if (best_d >= 0)
        {
          JsonObject *a = action ("withdraw");

          json_object_set_string_member (a, "unit", u->id);
          set_hex (data, a, best);
          return a;
        }
    }
  return action ("end_step");
}

/* ---- Rally (13.0, 6.4) and Opportunity Fire (10.7) ---- */

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

/* 10.7: every adjacent unit that may fires at the mover, when the halved
 * fire is not ignored (9.3). */
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
  Plan p;
  JsonObject *a;

  switch (m->step)
    {
    case BS_OPFIRE:
      return suggest_opfire (data, m);
    case BS_WITHDRAW:
      if (bs_state (m)->cc_wd)
        return suggest_cc_withdraw (data, m);
      return action ("end_step");
    case BS_RALLY:
    case BS_ART_RALLY:
      return suggest_rally (data, m);
    case BS_ARTILLERY:
    case BS_BRIGADE:
    case BS_ORDERS:
    case BS_FIRE:
    case BS_MOVE:
    case BS_CLOSE:
    case BS_ADVANCE:
    case BS_ART_HEX:
      break;
    default:
      return action ("end_step");
    }
  plan_init (&p, data, m);
  switch (m->step)
    {
    case BS_ARTILLERY:
      a = suggest_artillery (&p, rng);
      break;
    case BS_BRIGADE:
      a = suggest_brigade (&p, rng);
      break;
    case BS_ORDERS:
      a = suggest_order (&p, rng);
      break;
    case BS_FIRE:
      a = suggest_fire (&p, may_fire_brigade);
      break;
    case BS_MOVE:
      a = suggest_move (&p);
      break;
    case BS_CLOSE:
      a = suggest_close (&p, rng);
      break;
    case BS_ADVANCE:
      a = suggest_advance (&p);
      break;
    case BS_ART_HEX:
    default:
      a = suggest_fire (&p, may_fire_artillery);
      break;
    }
  plan_clear (&p);
  return a;
}
