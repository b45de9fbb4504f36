/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/bg/wb-bg-fight.h"
#include "wb-game.h"
#include "wb-table.h"
#include "wb-unit.h"

/* The family's side of the battle board (Base 11, 2): the battle chosen
 * by the attacker is set up on a WbBgBattle kept in the match state (BgState.fight), each
 * decision of the board is an action ("battle_roll", "battle_allocate",
 * "battle_fortify", "battle_reroll", "battle_retreat", "battle_reinforce"),
 * the board's SP go back to the map after each, and the retreat ends it
 * ("battle_retreat_to"). */

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, text);
  g_free (text);
  return FALSE;
}

/* ---- Parameters ---- */

void
_wb_bg_fight_read_params (BgData *data, const WbParams *o)
{
  WbTable *t;

  data->hit_on = (int) CLAMP (wb_params_int (o, "battle_hit_on"), 1, 7);
  data->crossing_dice = (int) CLAMP (wb_params_int (o, "crossing_first_round_dice"), -6, 6);
  data->fortress_dice = (int) CLAMP (wb_params_int (o, "fortress_extra_dice"), -6, 6);
  data->trench_dice = (int) CLAMP (wb_params_int (o, "trench_extra_dice"), -6, 6);
  /* The leader of the morale re-roll (data->grant) is read with the
   * leader abilities (`morale_reroll`, wb-bg.c). */
  /* Dice by SP: the battle-dice table's first column, row by SP; above
   * the last row its value; 0 where the table has none (the board's own
   * defaults then). */
  memset (data->dice_by_sp, 0, sizeof data->dice_by_sp);
  t = wb_game_find_table (data->game, "battle-dice");
  if (t != NULL)
    {
      GPtrArray *rows = wb_table_get_rows (t);
      int last = 0;

      for (int sp = 1; sp <= WB_BG_BATTLE_MAX_SP; sp++)
        {
          int v = 0;

          for (guint r = 0; r < rows->len; r++)
            {
              WbTableRow *row = g_ptr_array_index (rows, r);
              int hi = row->hi >= row->lo ? row->hi : row->lo;

              if (sp >= row->lo && sp <= hi && row->cells->len > 0)
                v = (int) g_ascii_strtoll (g_ptr_array_index (row->cells, 0), NULL, 10);
            }
          if (v <= 0)
            v = last;
          data->dice_by_sp[sp] = (guint8) CLAMP (v, 0, 20);
          last = v;
        }
    }
}

/* ---- The battle in the state ---- */

static BgFight *
fight_of (WbMatch *m)
{
  return &bg_state (m)->fight;
}

static guint
match_side (BgFight *f, WbBgSide side)
{
  return side == WB_BG_ATTACKER ? f->attacker : 1u - f->attacker;
}

typedef struct {
  BgData        *data;
  WbMatch       *m;
  BgFight       *f;
  WbRuleContext *ctx;
  JsonObject    *action;
  guint          index;
  GPtrArray     *names;
} Io;

static gboolean
io_die (gpointer p, int sides, int *face, GError **error)
{
  Io *io = p;
  return wb_rule_die (io->ctx, io->m, io->action, io->index++, sides, face, error);
}

static void
io_say (gpointer p, const char *text)
{
  Io *io = p;
  wb_rule_say (io->ctx, io->m, "%s.", text);
}

static void
io_say_dice (gpointer p, const char *text, int n_dice)
{
  Io *io = p;
  wb_rule_say_dice (io->ctx, io->m, (guint) MAX (n_dice, 0), "%s.", text);
}

static const char *
io_name (gpointer p, int index)
{
  Io *io = p;
  WbUnitState *u;
  WbUnit *unit;
  char *s;

  if (index < 0 || (guint) index >= io->m->units->len)
    return "?";
  u = &g_array_index (io->m->units, WbUnitState, index);
  unit = wb_game_find_unit (io->data->game, u->id);
  s = g_strdup_printf ("%s %s", wb_match_side_name (io->m, u->side),
                       unit != NULL ? wb_unit_get_designation (unit) : u->id);
  g_ptr_array_add (io->names, s);
  return s;
}

static const char *
io_side_name (gpointer p, WbBgSide side)
{
  Io *io = p;
  return wb_match_side_name (io->m, match_side (io->f, side));
}

static void
io_init (Io *io, WbBgBattleIo *bio, BgData *data, WbMatch *m, BgFight *f, WbRuleContext *ctx, JsonObject *action)
{
  io->data = data;
  io->m = m;
  io->f = f;
  io->ctx = ctx;
  io->action = action;
  io->index = 0;
  io->names = g_ptr_array_new_with_free_func (g_free);
  bio->die = io_die;
  bio->say = io_say;
  bio->say_dice = io_say_dice;
  bio->name = io_name;
  bio->side_name = io_side_name;
  bio->data = io;
}

static void
io_clear (Io *io)
{
  g_ptr_array_unref (io->names);
}

const WbBgBattle *
wb_bg_match_battle (WbMatch *match, guint *attacker, int *location)
{
  BgFight *f;

  WbRulesRef *rules;

  g_return_val_if_fail (match != NULL, NULL);
  /* Only a match of this family: another's state means other things. */
  rules = match->game != NULL ? wb_game_get_rules (match->game) : NULL;
  if (rules == NULL || g_strcmp0 (rules->family, "bg-campaign") != 0)
    return NULL;
  if (match->fstate_size < sizeof (BgState) || bg_state (match)->battle <= 0)
    return NULL;
  f = fight_of (match);
  if (attacker != NULL)
    *attacker = f->attacker;
  if (location != NULL)
    *location = f->loc;
  return &f->board;
}

/* ---- Where a side may retreat (Base 11.4) ---- */

static gboolean
has_side (BgData *data, WbMatch *m, int loc, guint side)
{
  int all = 0;
  _wb_bg_count (data, m, loc, side, &all, NULL, NULL);
  return all > 0;
}

/* Whether an attacking unit of the battle (still there or eliminated in
 * it, or a reinforcement that entered) came from @loc. */
static gboolean
attacked_from (BgData *data, WbMatch *m, BgFight *f, int loc)
{
  for (int s = 0; s < f->board.n_units; s++)
    {
      WbBgBattleUnit *bu = &f->board.units[s];
      WbUnitState *u = &g_array_index (m->units, WbUnitState, bu->index);

      if (bu->side == WB_BG_ATTACKER && bu->box != WB_BG_BOX_OFF && !(bu->flags & WB_BG_UNIT_DROPPED) &&
          u->data[BG_DATA_FROM] == loc + 1)
        return TRUE;
    }
  return FALSE;
}

/* The first step of a retreat of @side (WbBgSide); @fallback set for the
 * defender's adjacent battle locations (taken only when nothing else). */
static void
first_steps (BgData *data, WbMatch *m, BgFight *f, WbBgSide side, GArray *out, gboolean *fallback)
{
  guint ms = match_side (f, side), enemy = 1 - ms;
  GArray *adj = data->adj[f->loc];

  *fallback = FALSE;
  for (guint k = 0; k < adj->len; k++)
    {
      int to = g_array_index (adj, BgEdge, k).to;
      gboolean ok;

      if (to == f->loc)
        continue;
      if (side == WB_BG_ATTACKER)
        ok = attacked_from (data, m, f, to);
      else
        ok = !has_side (data, m, to, enemy) && !attacked_from (data, m, f, to);
      if (ok)
        {
          guint j;
          for (j = 0; j < out->len && g_array_index (out, int, j) != to; j++)
            ;
          if (j == out->len)
            g_array_append_val (out, to);
        }
    }
  if (out->len == 0 && side == WB_BG_DEFENDER)
    for (guint k = 0; k < adj->len; k++)
      {
        int to = g_array_index (adj, BgEdge, k).to;

        if (to != f->loc && has_side (data, m, to, enemy) && has_side (data, m, to, ms))
          {
            g_array_append_val (out, to);
            *fallback = TRUE;
          }
      }
}

/* The locations @side may end its retreat in: one location voluntary; two
 * forced (the second step to a location without the enemy, not back into
 * the battle; a first step with no second step ends there). */
static GArray *
retreat_destinations (BgData *data, WbMatch *m, BgFight *f, WbBgSide side, int locations)
{
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (int));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  guint enemy = 1 - match_side (f, side);
  gboolean fallback;

  first_steps (data, m, f, side, first, &fallback);
  if (locations < 2 || fallback)
    {
      g_array_append_vals (out, first->data, first->len);
      return out;
    }
  for (guint i = 0; i < first->len; i++)
    {
      int a = g_array_index (first, int, i);
      GArray *adj = data->adj[a];
      gboolean onward = FALSE;

      for (guint k = 0; k < adj->len; k++)
        {
          int to = g_array_index (adj, BgEdge, k).to;
          guint j;

          if (to == f->loc || to == a || has_side (data, m, to, enemy))
            continue;
          onward = TRUE;
          for (j = 0; j < out->len && g_array_index (out, int, j) != to; j++)
            ;
          if (j == out->len)
            g_array_append_val (out, to);
        }
      if (!onward)
        {
          guint j;
          for (j = 0; j < out->len && g_array_index (out, int, j) != a; j++)
            ;
          if (j == out->len)
            g_array_append_val (out, a);
        }
    }
  return out;
}

static void
update_no_retreat (BgData *data, WbMatch *m, BgFight *f)
{
  for (int s = 0; s < 2; s++)
    {
      g_autoptr(GArray) d = retreat_destinations (data, m, f, (WbBgSide) s, 1);
      f->board.no_retreat[s] = d->len == 0;
    }
}

/* ---- Begin ---- */

static WbBgClass
board_class (BgData *data, const WbUnitState *u)
{
  switch (_wb_bg_kind (data, u))
    {
    case BG_GARRISON:
      return WB_BG_CLASS_GARRISON;
    case BG_CAVALRY:
      /* J&S 3: the 1864 cavalry fights as infantry unless its owner has
       * it screen (BG_SCREENS): then it stands in reserve as cavalry. */
      return _wb_bg_is_foot (data, u) && !(u->flags & BG_SCREENS) ? WB_BG_CLASS_FIGHTING_CAVALRY
                                                                   : WB_BG_CLASS_CAVALRY;
    case BG_LEADER:
      return WB_BG_CLASS_LEADER;
    case BG_INFANTRY:
    default:
      return WB_BG_CLASS_INFANTRY;
    }
}

static int
unit_int_attr (BgData *data, const WbUnitState *u, const char *id, int fallback)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const WbAttrValue *v = unit != NULL ? wb_unit_get_attr (unit, id) : NULL;

  if (v == NULL)
    return fallback;
  switch (v->type)
    {
    case WB_ATTR_INT:
      return (int) v->i;
    case WB_ATTR_NUMBER:
      return (int) v->d;
    case WB_ATTR_STRING:
      return v->s != NULL ? (int) g_ascii_strtoll (v->s, NULL, 10) : fallback;
    default:
      return fallback;
    }
}

/* The crossings of the road from @from to @to (Base 2: only that road). */
static guint
crossing_flags (BgData *data, int from, int to)
{
  GPtrArray *conns = wb_point_map_get_connections (data->map);
  GArray *adj;
  guint flags = 0;

  if (from < 0 || (guint) from >= data->n_loc)
    return 0;
  adj = data->adj[from];
  for (guint k = 0; k < adj->len; k++)
    {
      BgEdge *e = &g_array_index (adj, BgEdge, k);
      WbConnection *c;

      if (e->to != to)
        continue;
      c = g_ptr_array_index (conns, e->conn);
      for (guint i = 0; c->crossings != NULL && i < c->crossings->len; i++)
        {
          /* Base 2: the crossing's role, whatever the game calls it. */
          WbFeatureType *x = wb_game_find_feature (data->game, g_ptr_array_index (c->crossings, i));
          if (x != NULL && wb_roles_contain (x->roles, "river-crossing"))
            flags |= WB_BG_UNIT_RIVER;
          if (x != NULL && wb_roles_contain (x->roles, "mountain-crossing"))
            flags |= WB_BG_UNIT_MOUNTAIN;
        }
      break;   /* the first road between them */
    }
  return flags;
}

static int
add_unit (BgData *data, BgFight *f, WbMatch *m, guint i, guint flags, gboolean candidate)
{
  WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  WbBgSide side = u->side == f->attacker ? WB_BG_ATTACKER : WB_BG_DEFENDER;
  WbBgClass klass = board_class (data, u);
  int sp = klass == WB_BG_CLASS_LEADER ? 0 : CLAMP (u->halves / 2, 0, WB_BG_BATTLE_MAX_SP);
  /* Morale and dice are printed on the labels only: the unit's "morale"
   * attribute, else 3 (the example's VIII corps); its "dice" attribute,
   * else the battle-dice table by SP. */
  int morale = unit_int_attr (data, u, "morale", 3);
  int dice = unit_int_attr (data, u, "dice", 0);
  int slot;

  if (sp == 0 && (klass == WB_BG_CLASS_INFANTRY || klass == WB_BG_CLASS_GARRISON ||
                  klass == WB_BG_CLASS_FIGHTING_CAVALRY))
    return -1;
  if (klass == WB_BG_CLASS_LEADER && data->grant != NULL && u->id == data->grant)
    flags |= WB_BG_UNIT_GRANT;
  slot = wb_bg_battle_add (&f->board, (int) i, side, klass, sp, CLAMP (morale, 0, 6), CLAMP (dice, 0, 20), flags,
                           candidate);
  if (slot >= 0 && unit != NULL && wb_unit_get_strength (unit)->kind == WB_STRENGTH_STEPS)
    {
      const WbStrength *s = wb_unit_get_strength (unit);
      int steps[WB_BG_BATTLE_MAX_STEPS];
      int n = 0;

      for (guint k = 0; k < s->n && n < WB_BG_BATTLE_MAX_STEPS; k++)
        if (s->halves[k] >= 2)
          steps[n++] = s->halves[k] / 2;
      if (n > 1)
        wb_bg_battle_set_steps (&f->board, slot, steps, n);
    }
  if (slot >= 0 && !candidate && !(u->flags & WB_UNIT_REVEALED))
    {
      f->revealed |= 1u << slot;
      u->flags |= WB_UNIT_REVEALED;
    }
  return slot;
}

static void sync_units (BgData *data, WbMatch *m, BgFight *f);
static void after_action (BgData *data, WbMatch *m, BgFight *f, WbRuleContext *ctx);

gboolean
_wb_bg_fight_begin (BgData *data, WbMatch *m, int loc, WbRuleContext *ctx, GError **error)
{
  WbLocation *l = g_ptr_array_index (data->locs, loc);
  BgFight *f = fight_of (m);
  guint attacker = m->active;
  WbBgBattleIo bio;
  Io io;
  gboolean ok, cut = FALSE;

  memset (f, 0, sizeof *f);
  wb_bg_battle_init (&f->board);
  f->loc = (gint16) loc;
  f->attacker = (guint8) attacker;
  f->board.hit_on = (guint8) data->hit_on;
  f->board.crossing_dice = (gint8) data->crossing_dice;
  f->board.fortress_dice = (gint8) data->fortress_dice;
  f->board.trench_dice = (gint8) data->trench_dice;
  f->board.rating[WB_BG_ATTACKER] = (guint8) CLAMP (data->rating[attacker], 0, 255);
  f->board.rating[WB_BG_DEFENDER] = (guint8) CLAMP (data->rating[1 - attacker], 0, 255);
  for (int sp = 1; sp <= WB_BG_BATTLE_MAX_SP; sp++)
    if (data->dice_by_sp[sp] > 0)
      f->board.dice_by_sp[sp] = data->dice_by_sp[sp];
  /* The units in the location. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      guint flags = 0;

      if (u->side > 1 || _wb_bg_loc (data, &u->where) != loc)
        continue;
      if (u->side == attacker)
        flags |= crossing_flags (data, u->data[BG_DATA_FROM] - 1, loc);
      else if (u->flags & BG_TRENCH)
        flags |= WB_BG_UNIT_TRENCH;
      if (add_unit (data, f, m, i, flags, FALSE) < 0 && f->board.n_units >= WB_BG_BATTLE_MAX_UNITS)
        return fail (error, _("Too many units for the battle board at %s"), l->name);
    }
  /* Base 11.5: the units in connected adjacent locations that have not
   * been in a battle this player turn, and are not in a battle of their
   * own (a location the enemy is in) may reinforce. */
  for (guint k = 0; k < data->adj[loc]->len; k++)
    {
      int to = g_array_index (data->adj[loc], BgEdge, k).to;

      if (to == loc || (has_side (data, m, to, 0) && has_side (data, m, to, 1)))
        continue;
      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (u->side > 1 || _wb_bg_loc (data, &u->where) != to || (u->flags & BG_FOUGHT) ||
              wb_bg_battle_find (&f->board, (int) i) >= 0)
            continue;
          /* GG 12: both rail lines cut last turn: no reinforcements. */
          if (bg_state (m)->rail_cut == m->turn && bg_state (m)->rail_cut_side == (int) u->side + 1)
            {
              cut = TRUE;
              continue;
            }
          add_unit (data, f, m, i, 0, TRUE);
        }
    }
  bg_state (m)->battle = loc + 1;
  /* TRANSLATORS: the attacker begins a battle (Base 11) */
  wb_rule_say (ctx, m, _("attacks at %s."), l->name);
  if (cut)
    /* TRANSLATORS: GG 12: the side whose rail lines were cut last turn */
    wb_rule_say (ctx, m, _("The %s rail lines were cut last turn: no reinforcements from the adjacent "
                           "locations in this battle."),
                 wb_match_side_name (m, (guint) bg_state (m)->rail_cut_side - 1));
  update_no_retreat (data, m, f);
  io_init (&io, &bio, data, m, f, ctx, NULL);
  ok = wb_bg_battle_start (&f->board, l->fortress > 0 ? l->fortress : 0, &bio, error);
  io_clear (&io);
  if (!ok)
    return FALSE;
  /* Units that retreated into this battle stand in the failed morale box
   * (Base 11.4). */
  for (int s = 0; s < f->board.n_units; s++)
    {
      WbBgBattleUnit *bu = &f->board.units[s];
      WbUnitState *u = &g_array_index (m->units, WbUnitState, bu->index);

      if ((u->flags & BG_RETREATED_IN) && bu->box != WB_BG_BOX_OFF && bu->box != WB_BG_BOX_GONE &&
          bu->side == WB_BG_DEFENDER && wb_bg_battle_line_count (&f->board, WB_BG_DEFENDER) > 1)
        bu->box = WB_BG_BOX_FAILED;
    }
  after_action (data, m, f, ctx);
  return TRUE;
}

/* ---- After each action ---- */

static void
sync_units (BgData *data, WbMatch *m, BgFight *f)
{
  const char *place = ((WbLocation *) g_ptr_array_index (data->locs, f->loc))->id;

  for (int s = 0; s < f->board.n_units; s++)
    {
      WbBgBattleUnit *bu = &f->board.units[s];
      WbUnitState *u = &g_array_index (m->units, WbUnitState, bu->index);

      if (bu->klass != WB_BG_CLASS_LEADER)
        u->halves = (gint16) (bu->sp * 2);
      if (bu->flags & WB_BG_UNIT_ELIMINATED)
        {
          u->where.kind = WB_WHERE_ELIMINATED;
          u->where.place = NULL;
          u->halves = 0;
        }
      else if ((bu->flags & WB_BG_UNIT_ENTERED) && _wb_bg_loc (data, &u->where) != f->loc)
        {
          u->data[BG_DATA_FROM] = _wb_bg_loc (data, &u->where) + 1;
          u->where.kind = WB_WHERE_LOCATION;
          u->where.place = g_intern_string (place);
          u->flags |= BG_FOUGHT;
          if (!(u->flags & WB_UNIT_REVEALED))
            {
              f->revealed |= 1u << s;
              u->flags |= WB_UNIT_REVEALED;
            }
        }
    }
}

/* Leaders and cavalry left without infantry or garrisons of their side in
 * the battle location go to the nearest location with a friendly unit
 * (Base 11.4); none: eliminated. */
static void
lone_units (BgData *data, WbMatch *m, BgFight *f, WbRuleContext *ctx)
{
  for (guint side = 0; side < 2; side++)
    {
      int all = 0, foot = 0, enemy = 0;
      int dest = -1;

      _wb_bg_count (data, m, f->loc, side, &all, &foot, NULL);
      _wb_bg_count (data, m, f->loc, 1 - side, &enemy, NULL, NULL);
      if (all == 0 || foot > 0 || enemy == 0)
        continue;
      /* Breadth first along the connections, avoiding the enemy. */
      {
        g_autofree int *dist = g_new (int, data->n_loc);
        g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

        for (guint l = 0; l < data->n_loc; l++)
          dist[l] = -1;
        int start = f->loc;

        dist[start] = 0;
        g_array_append_val (queue, start);
        for (guint q = 0; q < queue->len && dest < 0; q++)
          {
            int at = g_array_index (queue, int, q);

            for (guint k = 0; k < data->adj[at]->len && dest < 0; k++)
              {
                int to = g_array_index (data->adj[at], BgEdge, k).to;
                int e = 0;

                if (dist[to] >= 0)
                  continue;
                dist[to] = dist[at] + 1;
                _wb_bg_count (data, m, to, 1 - side, &e, NULL, NULL);
                if (e > 0)
                  continue;
                if (has_side (data, m, to, side))
                  dest = to;
                else
                  g_array_append_val (queue, to);
              }
          }
      }
      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          g_autofree char *name = NULL;

          if (u->side != side || _wb_bg_loc (data, &u->where) != f->loc)
            continue;
          name = wb_match_unit_text (m, u);
          if (dest >= 0)
            {
              WbLocation *l = g_ptr_array_index (data->locs, dest);

              u->where.place = g_intern_string (l->id);
              u->flags |= BG_FOUGHT;
              /* TRANSLATORS: Base 11.4: a leader or cavalry left alone goes to the nearest friendly unit */
              wb_rule_say (ctx, m, _("%s is left without infantry: it goes to %s, the nearest friendly unit (Base 11.4)."),
                           name, l->name);
            }
          else
            {
              u->where.kind = WB_WHERE_ELIMINATED;
              u->where.place = NULL;
              wb_rule_say (ctx, m, _("%s is left without infantry and has nowhere to go: eliminated (Base 11.4)."), name);
            }
        }
    }
}

static void
finish (BgData *data, WbMatch *m, BgFight *f, WbRuleContext *ctx)
{
  WbLocation *l = g_ptr_array_index (data->locs, f->loc);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (_wb_bg_loc (data, &u->where) == f->loc)
        u->flags = (u->flags | BG_FOUGHT) & ~(guint32) BG_RETREATED_IN;
    }
  lone_units (data, m, f, ctx);
  for (int s = 0; s < f->board.n_units; s++)
    if (f->revealed & (1u << s))
      g_array_index (m->units, WbUnitState, f->board.units[s].index).flags &= ~(guint32) WB_UNIT_REVEALED;
  /* TRANSLATORS: the end of a battle (Base 11) */
  wb_rule_say (ctx, m, _("The battle at %s is over."), l->name);
  bg_state (m)->battle = 0;
  f->retreat_pending = 0;
  m->active = f->attacker;
  _wb_bg_auto_victory (data, m, ctx);
}

static void
after_action (BgData *data, WbMatch *m, BgFight *f, WbRuleContext *ctx)
{
  WbBgSide side;
  WbBgStage stage;

  sync_units (data, m, f);
  stage = wb_bg_battle_stage (&f->board, &side);
  if (stage != WB_BG_STAGE_OVER)
    {
      update_no_retreat (data, m, f);
      m->active = match_side (f, side);
      return;
    }
  {
    WbBgBattleResult r;

    wb_bg_battle_result (&f->board, &r);
    if (r.retreat_side >= 0 && !r.retreat_blocked)
      {
        g_autoptr(GArray) d = retreat_destinations (data, m, f, (WbBgSide) r.retreat_side, r.retreat_locations);
        int left = 0;

        for (int s = 0; s < f->board.n_units; s++)
          {
            WbBgBattleUnit *bu = &f->board.units[s];
            WbUnitState *u = &g_array_index (m->units, WbUnitState, bu->index);
            left += u->side == match_side (f, (WbBgSide) r.retreat_side) && _wb_bg_loc (data, &u->where) == f->loc;
          }
        if (d->len > 0 && left > 0)
          {
            f->retreat_pending = 1;
            m->active = match_side (f, (WbBgSide) r.retreat_side);
            return;
          }
        if (left > 0)
          {
            /* The map changed under the board (it should not): all eliminated. */
            for (guint i = 0; i < m->units->len; i++)
              {
                WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
                if (u->side == match_side (f, (WbBgSide) r.retreat_side) && _wb_bg_loc (data, &u->where) == f->loc)
                  {
                    u->where.kind = WB_WHERE_ELIMINATED;
                    u->where.place = NULL;
                  }
              }
            wb_rule_say (ctx, m, _("No location to retreat to: the retreating units are eliminated (Base 11.4)."));
          }
      }
  }
  finish (data, m, f, ctx);
}

/* ---- Actions ---- */

static BgFight *
running (BgData *data, WbMatch *m, GError **error)
{
  BgFight *f;

  if (bg_state (m)->battle <= 0)
    {
      fail (error, _("No battle is being fought"));
      return NULL;
    }
  f = fight_of (m);
  if (f->loc < 0 || (guint) f->loc >= data->n_loc)
    {
      fail (error, _("No battle is being fought"));
      return NULL;
    }
  return f;
}

/* "units": an array of unit ids of the battle; the board slots in @slots
 * (up to @max). -1 with @error on a bad member. */
static int
read_slots (BgFight *f, WbMatch *m, JsonObject *action, int *slots, int max, GError **error)
{
  JsonNode *n = json_object_get_member (action, "units");
  JsonArray *a;
  int count = 0;

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    {
      fail (error, _("The action needs a list of units"));
      return -1;
    }
  a = json_node_get_array (n);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      const char *id = wb_json_array_string (a, i);
      WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
      int slot = u != NULL ? wb_bg_battle_find (&f->board, (int) (u - &g_array_index (m->units, WbUnitState, 0))) : -1;

      if (slot < 0)
        {
          fail (error, _("“%s” is not a unit of this battle"), id != NULL ? id : "");
          return -1;
        }
      if (count >= max)
        {
          fail (error, _("Too many units in the list"));
          return -1;
        }
      slots[count++] = slot;
    }
  return count;
}

static guint32
mask_of (const int *slots, int n)
{
  guint32 mask = 0;
  for (int i = 0; i < n; i++)
    mask |= 1u << slots[i];
  return mask;
}

static WbApplyResult
retreat_to (BgData *data, WbMatch *m, BgFight *f, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "to", NULL);
  int to = _wb_bg_loc_id (data, id);
  WbBgBattleResult r;
  g_autoptr(GArray) d = NULL;
  gboolean ok = FALSE, into_battle;
  guint side;
  WbLocation *l;

  if (!f->retreat_pending)
    {
      fail (error, _("No side is retreating now"));
      return WB_APPLY_REFUSED;
    }
  wb_bg_battle_result (&f->board, &r);
  d = retreat_destinations (data, m, f, (WbBgSide) r.retreat_side, r.retreat_locations);
  for (guint i = 0; i < d->len; i++)
    ok |= g_array_index (d, int, i) == to;
  if (to < 0 || !ok)
    {
      fail (error, _("The units cannot retreat to “%s” (Base 11.4: %d location(s), not where the enemy is or came from)"),
            id != NULL ? id : "", r.retreat_locations);
      return WB_APPLY_REFUSED;
    }
  side = match_side (f, (WbBgSide) r.retreat_side);
  l = g_ptr_array_index (data->locs, to);
  into_battle = has_side (data, m, to, 1 - side);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side != side || _wb_bg_loc (data, &u->where) != f->loc)
        continue;
      u->where.place = g_intern_string (l->id);
      u->flags |= BG_FOUGHT;
      if (into_battle)
        u->flags |= BG_RETREATED_IN;
    }
  /* TRANSLATORS: Base 11.4: where the retreating side's units go */
  wb_rule_say (ctx, m, into_battle ? _("retreats to %s, into the battle there: failed morale (Base 11.4).")
                                   : _("retreats to %s (Base 11.4)."), l->name);
  finish (data, m, f, ctx);
  return WB_APPLY_DONE;
}

WbApplyResult
_wb_bg_fight_apply (BgData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                    GError **error)
{
  BgFight *f;
  WbBgBattleIo bio;
  Io io;
  gboolean ok = FALSE;
  int slots[64];
  int n;

  if (!g_str_has_prefix (type, "battle_"))
    return WB_APPLY_NOT_MINE;
  if (strcmp (type, "battle_roll") != 0 && strcmp (type, "battle_allocate") != 0 &&
      strcmp (type, "battle_fortify") != 0 && strcmp (type, "battle_reroll") != 0 &&
      strcmp (type, "battle_retreat") != 0 && strcmp (type, "battle_reinforce") != 0 &&
      strcmp (type, "battle_retreat_to") != 0)
    return WB_APPLY_NOT_MINE;
  if ((f = running (data, m, error)) == NULL)
    return WB_APPLY_REFUSED;
  if (strcmp (type, "battle_retreat_to") == 0)
    return retreat_to (data, m, f, action, ctx, error);
  if (f->retreat_pending)
    {
      fail (error, _("Choose where the retreating units go first"));
      return WB_APPLY_REFUSED;
    }
  io_init (&io, &bio, data, m, f, ctx, action);
  if (strcmp (type, "battle_roll") == 0)
    {
      if (!wb_bg_battle_stage_rolls (wb_bg_battle_stage (&f->board, NULL)))
        fail (error, _("The battle does not wait for a roll now"));
      else
        ok = wb_bg_battle_roll (&f->board, &bio, error);
    }
  else if (strcmp (type, "battle_allocate") == 0)
    {
      if ((n = read_slots (f, m, action, slots, G_N_ELEMENTS (slots), error)) >= 0)
        ok = wb_bg_battle_allocate (&f->board, slots, n, &bio, error);
    }
  else if (strcmp (type, "battle_fortify") == 0)
    {
      if ((n = read_slots (f, m, action, slots, G_N_ELEMENTS (slots), error)) >= 0)
        ok = wb_bg_battle_fortify (&f->board, mask_of (slots, n), &bio, error);
    }
  else if (strcmp (type, "battle_reinforce") == 0)
    {
      if ((n = read_slots (f, m, action, slots, G_N_ELEMENTS (slots), error)) >= 0)
        ok = wb_bg_battle_reinforce (&f->board, mask_of (slots, n), &bio, error);
    }
  else if (strcmp (type, "battle_reroll") == 0)
    {
      JsonNode *u = json_object_get_member (action, "unit");
      int slot = -1;

      if (u != NULL && !JSON_NODE_HOLDS_NULL (u))
        {
          const char *id = wb_json_string (action, "unit", NULL);
          WbUnitState *us = id != NULL ? wb_match_find_unit (m, id) : NULL;

          slot = us != NULL ? wb_bg_battle_find (&f->board, (int) (us - &g_array_index (m->units, WbUnitState, 0))) : -1;
          if (slot < 0)
            fail (error, _("“%s” is not a unit of this battle"), id != NULL ? id : "");
        }
      if (u == NULL || JSON_NODE_HOLDS_NULL (u) || slot >= 0)
        ok = wb_bg_battle_reroll (&f->board, slot, &bio, error);
    }
  else /* battle_retreat */
    {
      JsonNode *r = json_object_get_member (action, "retreat");

      if (r == NULL || !JSON_NODE_HOLDS_VALUE (r) || json_node_get_value_type (r) != G_TYPE_BOOLEAN)
        fail (error, _("The action needs \"retreat\": true or false"));
      else
        ok = wb_bg_battle_decide (&f->board, json_node_get_boolean (r), &bio, error);
    }
  io_clear (&io);
  if (!ok)
    return WB_APPLY_REFUSED;
  after_action (data, m, f, ctx);
  return WB_APPLY_DONE;
}

/* ---- What the battle waits for ---- */

const char *
_wb_bg_fight_awaiting (BgData *data, WbMatch *m)
{
  BgFight *f;

  if (bg_state (m)->battle <= 0)
    return NULL;
  f = fight_of (m);
  if (f->retreat_pending)
    return "battle-retreat-to";
  switch (wb_bg_battle_stage (&f->board, NULL))
    {
    case WB_BG_STAGE_DEPLOY:
      return "battle-deploy";
    case WB_BG_STAGE_FIRE:
      return "battle-fire";
    case WB_BG_STAGE_ALLOCATE:
      return "battle-allocate";
    case WB_BG_STAGE_MORALE:
      return "battle-morale";
    case WB_BG_STAGE_REROLL:
      return "battle-reroll";
    case WB_BG_STAGE_RETREAT_FIRE:
      return "battle-retreat-fire";
    case WB_BG_STAGE_RETREAT:
      return "battle-decide";
    case WB_BG_STAGE_REINFORCE:
      return "battle-reinforce";
    default:
      return "battle";
    }
}

char *
_wb_bg_fight_describe (BgData *data, WbMatch *m)
{
  BgFight *f;
  WbLocation *l;

  if (bg_state (m)->battle <= 0)
    return NULL;
  f = fight_of (m);
  if (f->loc < 0 || (guint) f->loc >= data->n_loc)
    return NULL;
  l = g_ptr_array_index (data->locs, f->loc);
  if (f->retreat_pending)
    /* TRANSLATORS: the turn bar during a battle: the location, then what it waits for */
    return g_strdup_printf (_("Battle at %s: Retreat"), l->name);
  if (wb_bg_battle_dice_needed (&f->board) > 0)
    /* TRANSLATORS: the turn bar during a battle: the location, the round, the stage, the dice to roll */
    return g_strdup_printf (_("Battle at %s, Round %d: %s (%d dice)"), l->name, f->board.round,
                            wb_bg_battle_stage_name (wb_bg_battle_stage (&f->board, NULL)),
                            wb_bg_battle_dice_needed (&f->board));
  /* TRANSLATORS: the turn bar during a battle: the location, the round, the stage */
  return g_strdup_printf (_("Battle at %s, Round %d: %s"), l->name, f->board.round,
                          wb_bg_battle_stage_name (wb_bg_battle_stage (&f->board, NULL)));
}

const char *
_wb_bg_fight_hint (BgData *data, WbMatch *m)
{
  const char *what = _wb_bg_fight_awaiting (data, m);

  if (what == NULL)
    return NULL;
  if (strcmp (what, "battle-retreat-to") == 0)
    return _("Retreat: choose the location all the retreating units go to (Base 11.4).");
  if (strcmp (what, "battle-deploy") == 0)
    return _("Choose the defending units that take the fortified city line (Base 11.1).");
  if (strcmp (what, "battle-allocate") == 0)
    return _("Apply the hits: click a unit of the line for each hit (Base 11.2).");
  if (strcmp (what, "battle-reroll") == 0)
    return _("The leader may re-roll one failed morale check this round, or keep the results.");
  if (strcmp (what, "battle-decide") == 0)
    return _("Retreat from the battle, or stay for another round (Base 11.3).");
  if (strcmp (what, "battle-reinforce") == 0)
    return _("Choose the units in adjacent locations that try to reinforce (Base 11.5).");
  return _("Roll the dice for this stage of the battle (Base 11.2).");
}

/* A JSON array of the unit ids of @slots. */
static JsonArray *
ids_of (WbMatch *m, BgFight *f, const int *slots, int n)
{
  JsonArray *a = json_array_new ();

  for (int i = 0; i < n; i++)
    json_array_add_string_element (a, g_array_index (m->units, WbUnitState, f->board.units[slots[i]].index).id);
  return a;
}

static JsonObject *
action_of (const char *type)
{
  JsonObject *a = json_object_new ();
  json_object_set_string_member (a, "type", type);
  return a;
}

static void
offer (GPtrArray *offers, const char *label, JsonObject *a)
{
  WbOffer *o = g_new0 (WbOffer, 1);

  o->label = g_strdup (label);
  o->action = a;
  g_ptr_array_add (offers, o);
}

/* The side's candidates (or line units for @fortify), as slots. */
static int
side_slots (BgFight *f, WbBgSide side, WbBgBox box, int *slots, int max)
{
  int n = 0;

  for (int s = 0; s < f->board.n_units && n < max; s++)
    if (f->board.units[s].side == side && f->board.units[s].box == box &&
        !(f->board.units[s].flags & WB_BG_UNIT_ELIMINATED))
      slots[n++] = s;
  return n;
}

void
_wb_bg_fight_offers (BgData *data, WbMatch *m, GPtrArray *offers)
{
  const char *what = _wb_bg_fight_awaiting (data, m);
  BgFight *f;
  WbBgSide side;
  int slots[WB_BG_BATTLE_MAX_UNITS];
  int n;

  if (what == NULL)
    return;
  f = fight_of (m);
  wb_bg_battle_stage (&f->board, &side);
  if (strcmp (what, "battle-retreat-to") == 0)
    {
      WbBgBattleResult r;
      g_autoptr(GArray) d = NULL;

      wb_bg_battle_result (&f->board, &r);
      d = retreat_destinations (data, m, f, (WbBgSide) r.retreat_side, r.retreat_locations);
      for (guint i = 0; i < d->len; i++)
        {
          WbLocation *l = g_ptr_array_index (data->locs, g_array_index (d, int, i));
          JsonObject *a = action_of ("battle_retreat_to");
          g_autofree char *label = NULL;

          json_object_set_string_member (a, "to", l->id);
          /* TRANSLATORS: a button: the retreating units go to this location */
          label = g_strdup_printf (_("Retreat to %s"), l->name);
          offer (offers, label, a);
        }
    }
  else if (strcmp (what, "battle-deploy") == 0)
    {
      JsonObject *a = action_of ("battle_fortify");

      n = side_slots (f, WB_BG_DEFENDER, WB_BG_BOX_LINE, slots, MIN (f->board.fortress_capacity, WB_BG_BATTLE_MAX_UNITS));
      json_object_set_array_member (a, "units", ids_of (m, f, slots, n));
      /* TRANSLATORS: a button: the first units that fit take the fortified city line */
      offer (offers, _("Fortify the First Units"), a);
    }
  else if (strcmp (what, "battle-allocate") == 0)
    {
      JsonObject *a = action_of ("battle_allocate");

      n = wb_bg_battle_suggest_allocation (&f->board, slots, G_N_ELEMENTS (slots));
      json_object_set_array_member (a, "units", ids_of (m, f, slots, n));
      /* TRANSLATORS: a button: each hit on the strongest line unit */
      offer (offers, _("Hits on the Strongest"), a);
    }
  else if (strcmp (what, "battle-reroll") == 0)
    {
      for (int s = 0; s < f->board.n_units; s++)
        if (f->board.units[s].side == side && (f->board.units[s].flags & WB_BG_UNIT_FAILED_NOW))
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, f->board.units[s].index);
            g_autofree char *name = wb_match_unit_text (m, u);
            g_autofree char *label = g_strdup_printf (_("Re-roll %s"), name);
            JsonObject *a = action_of ("battle_reroll");

            json_object_set_string_member (a, "unit", u->id);
            offer (offers, label, a);
          }
      {
        JsonObject *a = action_of ("battle_reroll");
        json_object_set_null_member (a, "unit");
        /* TRANSLATORS: a button: no morale re-roll this round (GG 11) */
        offer (offers, _("Keep the Results"), a);
      }
    }
  else if (strcmp (what, "battle-decide") == 0)
    {
      JsonObject *a = action_of ("battle_retreat");

      if (!f->board.no_retreat[side])
        {
          json_object_set_boolean_member (a, "retreat", TRUE);
          /* TRANSLATORS: a button: the side retreats from the battle (Base 11.3) */
          offer (offers, _("Retreat"), a);
          a = action_of ("battle_retreat");
        }
      json_object_set_boolean_member (a, "retreat", FALSE);
      /* TRANSLATORS: a button: the side stays for another battle round */
      offer (offers, _("Stay"), a);
    }
  else if (strcmp (what, "battle-reinforce") == 0)
    {
      JsonObject *a = action_of ("battle_reinforce");

      n = side_slots (f, side, WB_BG_BOX_OFF, slots, G_N_ELEMENTS (slots));
      json_object_set_array_member (a, "units", ids_of (m, f, slots, n));
      /* TRANSLATORS: a button: every candidate tries to reinforce (Base 11.5) */
      offer (offers, _("Reinforce with All"), a);
      a = action_of ("battle_reinforce");
      json_object_set_array_member (a, "units", json_array_new ());
      /* TRANSLATORS: a button: no unit tries to reinforce this round */
      offer (offers, _("No Reinforcement"), a);
    }
  else
    /* TRANSLATORS: a button: roll the dice of this battle stage */
    offer (offers, _("Roll"), action_of ("battle_roll"));
}

JsonObject *
_wb_bg_fight_suggest (BgData *data, WbMatch *m, WbRng *rng)
{
  const char *what = _wb_bg_fight_awaiting (data, m);
  g_autoptr(GPtrArray) offers = NULL;
  JsonObject *a = NULL;
  guint pick = 0;

  if (what == NULL)
    return NULL;
  offers = g_ptr_array_new ();
  _wb_bg_fight_offers (data, m, offers);
  if (offers->len == 0)
    return NULL;
  if (strcmp (what, "battle-retreat-to") == 0)
    pick = wb_rng_bounded (rng, offers->len);
  else if (strcmp (what, "battle-decide") == 0)
    /* Retreat now and then (the first offer, when there is one). */
    pick = offers->len > 1 && wb_rng_bounded (rng, 4) == 0 ? 0 : offers->len - 1;
  else if (strcmp (what, "battle-reroll") == 0)
    pick = 0;
  for (guint i = 0; i < offers->len; i++)
    {
      WbOffer *o = g_ptr_array_index (offers, i);

      if (i == pick)
        a = o->action;
      else
        json_object_unref (o->action);
      g_free (o->label);
      g_free (o);
    }
  return a;
}
