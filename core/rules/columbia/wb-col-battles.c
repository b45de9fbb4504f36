/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The Battle Phase (6.0–6.8), the family's side of it: Player 1 picks
 * the battles one by one (6.1), the attacker declares its main attack's
 * road and the defender its reinforcements' road (6.5, 6.51), the blocks
 * of the town and those that came are handed to the battle engine
 * (wb-col-battle.c) with the roads out of the town — open to a side when
 * the town at the other end holds no enemy block and is on the map (5.7,
 * 6.71) — and each battle turn is a journalled action: "fire", "retreat",
 * "hit". The engine's records become the log lines and the match's steps,
 * eliminations and retreats; the victor regroups (6.8). */

typedef struct {
  ColData       *data;
  WbMatch       *m;
  WbRuleContext *ctx;
  JsonObject    *action;
  guint          n_dice;
  gboolean       announced;   /* the fire's line is written: a record of its hits follows */
} Io;

static ColFight *
fight_of (WbMatch *m)
{
  return &col_state (m)->fight;
}

static guint
player_side (WbMatch *m, int player)
{
  return player == 1 ? m->first_side : 1 - m->first_side;
}

static WbUnitState *
unit_at (WbMatch *m, int index)
{
  return &g_array_index (m->units, WbUnitState, index);
}

static const char *
loc_id (ColData *data, int loc)
{
  return ((WbLocation *) g_ptr_array_index (data->locs, loc))->id;
}

static gboolean
enemy_at (ColData *data, WbMatch *m, int loc, guint side)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = unit_at (m, (int) i);

      if (o->side != side && o->side < 2 && _wb_col_loc (data, &o->where) == loc)
        return TRUE;
    }
  return FALSE;
}

static const char *
block_name (ColData *data, WbMatch *m, const WbColBattle *b, int slot)
{
  return _wb_col_unit_name (data, unit_at (m, b->blocks[slot].index));
}

static int
slot_of (const WbColBattle *b, int index)
{
  for (int i = 0; i < b->n_blocks; i++)
    if (b->blocks[i].index == index)
      return i;
  return -1;
}

/* The slot of the action's "unit" (member @member), or -1. */
static int
action_slot (WbMatch *m, const WbColBattle *b, JsonObject *action, const char *member)
{
  const char *id = wb_json_string (action, member, NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

  return u != NULL ? slot_of (b, _wb_col_unit_index (m, u)) : -1;
}

/* A town named by "member": {"location": id} or a plain id. */
static int
action_town (ColData *data, JsonObject *action, const char *member)
{
  JsonNode *n = json_object_get_member (action, member);

  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    return _wb_col_loc_id (data, wb_json_string (json_node_get_object (n), "location", NULL));
  return _wb_col_loc_id (data, wb_json_string (action, member, NULL));
}

/* ---- The roads out of the battle's town ---- */

/* 6.71, 5.7: a side retreats only to towns on the map holding no enemy
 * block (enemy-occupied or contested); vacant towns are open, even major
 * towns. Kept up to date as retreats change the towns around. */
static void
update_roads (ColData *data, WbMatch *m, ColFight *f)
{
  for (int r = 0; r < f->engine.n_roads; r++)
    for (guint s = 0; s < 2; s++)
      {
        int to = f->road_to[r];

        wb_col_battle_set_road_open (&f->engine, r, (int) s, to != data->off_map && !enemy_at (data, m, to, s));
      }
}

static int
road_of_conn (const ColFight *f, int conn)
{
  for (int r = 0; r < f->engine.n_roads; r++)
    if (f->road_conn[r] == conn)
      return r;
  return WB_COL_NO_ROAD;
}

/* Whether a connection crosses a river (a bridge or ford) or is a ferry:
 * −1 firepower in the first round over it (3.5, 3.6). */
static gboolean
crossed (ColData *data, int conn)
{
  GPtrArray *conns = wb_point_map_get_connections (data->map);
  WbConnection *cn;
  WbFeatureType *klass;

  if (conn < 0 || (guint) conn >= conns->len)
    return FALSE;
  cn = g_ptr_array_index (conns, conn);
  klass = wb_game_find_feature (data->game, cn->klass);
  if (klass != NULL && wb_roles_contain (klass->roles, "ferry"))
    return TRUE;
  for (guint i = 0; cn->crossings != NULL && i < cn->crossings->len; i++)
    {
      WbFeatureType *x = wb_game_find_feature (data->game, g_ptr_array_index (cn->crossings, i));

      if (x != NULL && wb_roles_contain (x->roles, "river-crossing"))
        return TRUE;
    }
  return FALSE;
}

/* ---- Records: the log lines and the match's side of each turn ---- */

static void
say_fire (Io *io, const WbColBattle *b, const WbColBattleRecord *rec, gboolean with_hits)
{
  ColData *data = io->data;
  const WbColBattleBlock *k = &b->blocks[rec->slot];
  g_autoptr(GString) hits = g_string_new (NULL);
  const char *name = block_name (data, io->m, b, rec->slot);
  g_autofree char *dice = NULL;
  g_autofree char *count = NULL;

  for (int h = 0; with_hits && h < rec->n_hits; h++)
    {
      if (h > 0)
        g_string_append (hits, ", ");
      g_string_append (hits, rec->targets[h] >= 0 ? block_name (data, io->m, b, rec->targets[h]) : _("wasted"));
    }
  /* TRANSLATORS: 6.6: how many dice a block rolled */
  dice = g_strdup_printf (ngettext ("%d die", "%d dice", rec->n_dice), rec->n_dice);
  /* TRANSLATORS: 6.6: how many of them hit */
  count = g_strdup_printf (ngettext ("%d hit", "%d hits", rec->n_hits), rec->n_hits);
  if (rec->n_dice == 0)
    /* TRANSLATORS: 4.24: a block whose firepower is 0 this round, e.g. "A0" */
    wb_rule_say (io->ctx, io->m, _("%s cannot fire (%c%d): its battle turn passes."), name, 'A' + k->letter,
                 rec->firepower);
  else if (rec->counter >= 0)
    /* TRANSLATORS: 6.63: firer, firepower letter and number, dice, target, hits, the hits' blocks */
    wb_rule_say (io->ctx, io->m, _("%s fires %c%d, %s, counter-battery on %s: %s%s%s."), name,
                 'A' + k->letter, rec->firepower, dice, block_name (data, io->m, b, rec->counter),
                 count, hits->len > 0 ? ": " : "", hits->str);
  else if (with_hits)
    /* TRANSLATORS: 6.6: firer, firepower letter and number, dice, hits, the blocks hit */
    wb_rule_say (io->ctx, io->m, _("%s fires %c%d, %s: %s%s%s."), name, 'A' + k->letter,
                 rec->firepower, dice, count, hits->len > 0 ? ": " : "", hits->str);
  else
    /* TRANSLATORS: 6.6: the hits fall on blocks of equal strength: their owner picks */
    wb_rule_say (io->ctx, io->m, _("%s fires %c%d, %s: %s; %s picks among its strongest blocks (6.6)."),
                 name, 'A' + k->letter, rec->firepower, dice, count, wb_match_side_name (io->m, 1 - k->side));
}

static void
on_record (gpointer p, const WbColBattle *b, const WbColBattleRecord *rec)
{
  Io *io = p;
  ColData *data = io->data;
  WbMatch *m = io->m;
  ColFight *f = fight_of (m);
  const char *town = _wb_col_loc_name (data, f->loc);

  switch ((WbColRecordKind) rec->kind)
    {
    case WB_COL_REC_ROUND:
      wb_rule_say (io->ctx, m, _("Battle of %s, round %d (6.3)."), town, rec->round);
      break;
    case WB_COL_REC_ARRIVE:
      wb_rule_say (io->ctx, m, _("%s arrives from %s (6.5)."), block_name (data, m, b, rec->slot),
                   _wb_col_loc_name (data, f->road_to[rec->road]));
      break;
    case WB_COL_REC_FIRE:
      if (io->announced)
        {
          g_autoptr(GString) hits = g_string_new (NULL);

          for (int h = 0; h < rec->n_hits; h++)
            g_string_append_printf (hits, "%s%s", h > 0 ? ", " : "",
                                    rec->targets[h] >= 0 ? block_name (data, m, b, rec->targets[h]) : _("wasted"));
          wb_rule_say (io->ctx, m, _("The hits of %s fall on %s."), block_name (data, m, b, rec->slot), hits->str);
        }
      else
        say_fire (io, b, rec, TRUE);
      io->announced = FALSE;
      for (int h = 0; h < rec->n_hits; h++)
        if (rec->targets[h] >= 0)
          _wb_col_reduce (data, m, unit_at (m, b->blocks[rec->targets[h]].index), io->ctx);
      break;
    case WB_COL_REC_RETREAT:
      {
        WbUnitState *u = unit_at (m, b->blocks[rec->slot].index);

        u->where.place = loc_id (data, f->road_to[rec->road]);
        u->flags &= ~(guint32) (COL_ATTACKER | COL_REINFORCE | COL_PINNED);
        wb_rule_say (io->ctx, m, _("%s retreats to %s (6.7)."), _wb_col_unit_name (data, u),
                     _wb_col_loc_name (data, f->road_to[rec->road]));
        update_roads (data, m, f);
      }
      break;
    case WB_COL_REC_NO_RETREAT:
      {
        WbUnitState *u = unit_at (m, b->blocks[rec->slot].index);

        wb_rule_say (io->ctx, m, _("%s must retreat and has no road left: it is eliminated (6.73)."),
                     _wb_col_unit_name (data, u));
        while (u->where.kind != WB_WHERE_ELIMINATED && _wb_col_reduce (data, m, u, io->ctx))
          ;
      }
      break;
    case WB_COL_REC_FLIP:
      wb_rule_say (io->ctx, m, _("%s holds %s before the reinforcements arrive and defends it from now on (6.51)."),
                   wb_match_side_name (m, rec->side), town);
      break;
    case WB_COL_REC_OVER:
      wb_rule_say (io->ctx, m, _("%s wins the battle of %s."), wb_match_side_name (m, rec->side), town);
      break;
    default:
      break;
    }
}

static gboolean
on_die (gpointer p, int *face, GError **error)
{
  Io *io = p;

  return wb_rule_die (io->ctx, io->m, io->action, io->n_dice++, 6, face, error);
}

static void
io_init (Io *io, WbColBattleIo *bio, ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action)
{
  *io = (Io) { .data = data, .m = m, .ctx = ctx, .action = action };
  *bio = (WbColBattleIo) { .die = on_die, .record = on_record, .data = io };
}

/* ---- Starting a battle ---- */

static gboolean
contested (ColData *data, WbMatch *m, int loc)
{
  gboolean c = FALSE;

  _wb_col_control (data, m, loc, &c);
  return c;
}

/* Bit per road of the blocks of @side that moved into the town (COL_ATTACKER). */
static guint
roads_in (ColData *data, WbMatch *m, const ColFight *f, guint side)
{
  guint mask = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = unit_at (m, (int) i);
      int r;

      if (u->side != side || !(u->flags & COL_ATTACKER) || _wb_col_loc (data, &u->where) != f->loc)
        continue;
      r = road_of_conn (f, u->data[COL_DATA_CONN] - 1);
      if (r >= 0)
        mask |= 1u << r;
    }
  return mask;
}

static void
parse_firepower (WbUnit *unit, char *letter, int *fire)
{
  const WbAttrValue *v = unit != NULL ? wb_unit_get_attr (unit, "firepower") : NULL;
  const char *s = v != NULL && (v->type == WB_ATTR_STRING || v->type == WB_ATTR_FIREPOWER) ? v->s : NULL;

  *letter = 'C';
  *fire = 0;
  if (s == NULL)
    return;
  if (s[0] >= 'A' && s[0] <= 'C')
    *letter = s[0];
  if (s[0] != '\0' && s[1] >= '0' && s[1] <= '6')
    *fire = s[1] - '0';
}

/* The blocks go to the engine; the battle is revealed (6.1). */
static void
begin_fight (ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  ColBattle *bt = &st->battles[f->battle];
  guint attacker = bt->attacker;
  int main_road = road_of_conn (f, bt->main_conn - 1);
  int response = road_of_conn (f, bt->response_conn - 1);
  g_autoptr(GString) side0 = g_string_new (NULL);
  g_autoptr(GString) side1 = g_string_new (NULL);
  GString *sides[2] = { side0, side1 };
  Io io;
  WbColBattleIo bio;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = unit_at (m, (int) i);
      WbUnit *unit = wb_game_find_unit (data->game, u->id);
      const WbStrength *s = unit != NULL ? wb_unit_get_strength (unit) : NULL;
      guint r = data->roles[i];
      WbColBlockSpec spec = { 0 };
      int road = WB_COL_NO_ROAD;

      if (u->side > 1 || _wb_col_loc (data, &u->where) != f->loc)
        continue;
      if (u->flags & COL_ATTACKER)
        road = road_of_conn (f, u->data[COL_DATA_CONN] - 1);
      spec.index = (int) i;
      spec.side = (int) u->side;
      spec.kind = (r & COL_HQ) && s != NULL && s->n > 0 && s->halves[s->n - 1] == 0 ? WB_COL_HQ
                  : (r & COL_CAVALRY) ? WB_COL_CAVALRY : (r & COL_ARTILLERY) ? WB_COL_ARTILLERY : WB_COL_INFANTRY;
      spec.max_strength = CLAMP (s != NULL && s->n > 0 ? s->halves[0] / 2 : _wb_col_strength (u), 1,
                                 WB_COL_BATTLE_MAX_STRENGTH);
      spec.strength = CLAMP (_wb_col_strength (u), spec.kind == WB_COL_HQ ? 0 : 1, spec.max_strength);
      parse_firepower (unit, &spec.letter, &spec.fire);
      spec.road = road;
      spec.is_static = data->is_static[i] && road == WB_COL_NO_ROAD;
      /* 6.5, 6.51: the main attack and the town's blocks in round 1, the
       * attacker's other roads in round 2; the defender's declared road in
       * round 2, its other roads in round 3. */
      if (road == WB_COL_NO_ROAD)
        spec.arrival = 1;
      else if (u->side == attacker)
        spec.arrival = road == main_road ? 1 : 2;
      else
        spec.arrival = road == response ? 2 : 3;
      spec.crossed = road != WB_COL_NO_ROAD && crossed (data, f->road_conn[road]);
      if (wb_col_battle_add (&f->engine, &spec, NULL) < 0)
        continue;   /* more than a battle holds: the block looks on */
      u->flags |= WB_UNIT_REVEALED;
      g_string_append_printf (sides[u->side], "%s%s %c%d (%d)%s", sides[u->side]->len > 0 ? ", " : "",
                              _wb_col_unit_name (data, u), spec.letter, spec.fire, spec.strength,
                              spec.arrival > 1 ? (spec.arrival == 2 ? _(", round 2") : _(", round 3")) : "");
    }
  /* TRANSLATORS: 6.1: the battle's town, then each side's blocks, revealed */
  wb_rule_say (ctx, m, _("Battle of %s: %s attacks with %s; %s defends with %s (6.1)."),
               _wb_col_loc_name (data, f->loc), wb_match_side_name (m, attacker), sides[attacker]->str,
               wb_match_side_name (m, 1 - attacker), sides[1 - attacker]->len > 0 ? sides[1 - attacker]->str : "-");
  update_roads (data, m, f);
  f->stage = COL_BP_FIGHT;
  io_init (&io, &bio, data, m, ctx, action);
  wb_col_battle_start (&f->engine, &bio, NULL);
}

static void after_turn (ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action);

/* What the battle waits for next: a declaration or the fight. */
static void
prepare_fight (ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  ColBattle *bt = &st->battles[f->battle];
  guint att = roads_in (data, m, f, bt->attacker), def = roads_in (data, m, f, 1 - bt->attacker);

  /* 6.5: one road is the main attack; with several the attacker says which. */
  if (road_of_conn (f, bt->main_conn - 1) < 0 || !(att & (1u << road_of_conn (f, bt->main_conn - 1))))
    {
      if (att != 0 && (att & (att - 1)) == 0)
        bt->main_conn = (gint16) (f->road_conn[g_bit_nth_lsf (att, -1)] + 1);
      else if (att != 0)
        {
          f->stage = COL_BP_MAIN;
          m->active = bt->attacker;
          return;
        }
    }
  /* 6.51: the defender's reinforcements by one declared road arrive in round 2. */
  if (def != 0 && (road_of_conn (f, bt->response_conn - 1) < 0 ||
                   !(def & (1u << road_of_conn (f, bt->response_conn - 1)))))
    {
      if ((def & (def - 1)) == 0)
        bt->response_conn = (gint16) (f->road_conn[g_bit_nth_lsf (def, -1)] + 1);
      else
        {
          f->stage = COL_BP_RESPONSE;
          m->active = 1 - bt->attacker;
          return;
        }
    }
  begin_fight (data, m, ctx, action);
  after_turn (data, m, ctx, action);
}

static void
open_battle (ColData *data, WbMatch *m, int index, WbRuleContext *ctx, JsonObject *action)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  ColBattle *bt = &st->battles[index];

  memset (f, 0, sizeof *f);
  f->battle = (gint8) index;
  f->loc = (gint16) (bt->loc - 1);
  wb_col_battle_init (&f->engine, bt->attacker);
  for (guint e = 0; e < data->adj[f->loc]->len; e++)
    {
      const ColEdge *edge = &g_array_index (data->adj[f->loc], ColEdge, e);
      int r;

      if (edge->rail)
        continue;
      r = wb_col_battle_add_road (&f->engine, CLAMP (edge->attack, 0, G_MAXUINT8), FALSE, FALSE);
      if (r < 0)
        break;
      f->road_conn[r] = (gint16) edge->conn;
      f->road_to[r] = (gint16) edge->to;
    }
  prepare_fight (data, m, ctx, action);
}

gboolean
_wb_col_next_battle (ColData *data, WbMatch *m, WbRuleContext *ctx)
{
  ColState *st = col_state (m);
  int left = 0, last = -1;

  /* A battle whose town is no longer contested is over before it began:
   * the defenders left, or retreats and regroups changed it (6.1). */
  for (guint b = 0; b < st->n_battles; b++)
    {
      int loc = st->battles[b].loc - 1;

      if (loc < 0)
        continue;
      if (!contested (data, m, loc))
        {
          st->battles[b].loc = 0;
          continue;
        }
      left++;
      last = (int) b;
    }
  st->fight.battle = -1;
  if (left == 0)
    {
      st->n_battles = 0;
      memset (&st->fight, 0, sizeof st->fight);
      st->fight.battle = -1;
      return TRUE;
    }
  m->active = player_side (m, 1);
  if (left == 1)
    open_battle (data, m, last, ctx, NULL);
  else
    {
      memset (&st->fight, 0, sizeof st->fight);
      st->fight.battle = -1;
      st->fight.stage = COL_BP_PICK;
    }
  return FALSE;
}

/* ---- After each turn ---- */

static void
finish_battle (ColData *data, WbMatch *m, WbRuleContext *ctx)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  gboolean regroup = FALSE;

  /* 6.1: the blocks stand upright again; the battle's flags are spent. */
  for (int i = 0; i < f->engine.n_blocks; i++)
    {
      WbUnitState *u = unit_at (m, f->engine.blocks[i].index);

      if (!(u->flags & COL_ACTIVE))
        u->flags &= ~(guint32) WB_UNIT_REVEALED;
      u->flags &= ~(guint32) (COL_ATTACKER | COL_REINFORCE | COL_PINNED);
      if (_wb_col_loc (data, &u->where) == f->loc && u->side == f->engine.victor && !data->is_static[f->engine.blocks[i].index])
        regroup = TRUE;
    }
  st->battles[f->battle].loc = 0;
  if (regroup)
    {
      f->stage = COL_BP_REGROUP;
      m->active = f->engine.victor;
      return;
    }
  if (_wb_col_next_battle (data, m, ctx))
    _wb_col_end_battle_phase (data, m, ctx);
}

static void
after_turn (ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action)
{
  ColFight *f = fight_of (m);
  int side = -1;

  (void) action;
  if (f->stage != COL_BP_FIGHT)
    return;
  if (wb_col_battle_stage (&f->engine, &side) == WB_COL_STAGE_OVER)
    {
      finish_battle (data, m, ctx);
      return;
    }
  m->active = (guint) side;
}

/* ---- The actions ---- */

static WbApplyResult
refuse (WbRuleContext *ctx, WbMatch *m, const char *check, GError **error, const char *message)
{
  /* The engine cannot play a battle against these rules: a rule set to
   * warn or off still refuses, saying so. */
  if (wb_rule_check (ctx, m, check, FALSE, error, "%s", message))
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("%s: the battle cannot be played otherwise"), message);
  return WB_APPLY_REFUSED;
}

static WbApplyResult
pick_battle (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColState *st = col_state (m);
  int loc = action_town (data, action, "location");

  if (st->fight.stage != COL_BP_PICK)
    return refuse (ctx, m, "col.battle-order", error, _("A battle is being fought: finish it first (6.1)"));
  for (guint b = 0; loc >= 0 && b < st->n_battles; b++)
    if (st->battles[b].loc == loc + 1)
      {
        /* TRANSLATORS: 6.1: Player 1 picks the next battle */
        wb_rule_say (ctx, m, _("picks the battle of %s next (6.1)."), _wb_col_loc_name (data, loc));
        open_battle (data, m, (int) b, ctx, action);
        return WB_APPLY_DONE;
      }
  return refuse (ctx, m, "col.battle-order", error,
                 _("\"location\" names no town where a battle is still to be fought (6.1)"));
}

static WbApplyResult
declare_road (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error, gboolean main)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  ColBattle *bt;
  int from = action_town (data, action, "from");
  guint mask, side;

  if (f->stage != (main ? COL_BP_MAIN : COL_BP_RESPONSE))
    return refuse (ctx, m, "col.battle-roads", error,
                   main ? _("No main attack waits to be declared (6.5)")
                        : _("No reinforcement road waits to be declared (6.51)"));
  bt = &st->battles[f->battle];
  side = main ? bt->attacker : 1u - bt->attacker;
  mask = roads_in (data, m, f, side);
  for (int r = 0; r < f->engine.n_roads; r++)
    if ((mask & (1u << r)) && f->road_to[r] == from)
      {
        if (main)
          bt->main_conn = (gint16) (f->road_conn[r] + 1);
        else
          bt->response_conn = (gint16) (f->road_conn[r] + 1);
        wb_rule_say (ctx, m, main ? _("declares the attack from %s on %s the main attack (6.5).")
                                  : _("declares the reinforcements from %s to %s the first to arrive (6.51)."),
                     _wb_col_loc_name (data, from), _wb_col_loc_name (data, f->loc));
        prepare_fight (data, m, ctx, action);
        return WB_APPLY_DONE;
      }
  return refuse (ctx, m, "col.battle-roads", error,
                 main ? _("\"from\" must name a town the attack came from along a road into the battle (6.5)")
                      : _("\"from\" must name a town the reinforcements came from along a road into the battle (6.51)"));
}

static WbApplyResult
engine_result (ColData *data, WbMatch *m, WbRuleContext *ctx, JsonObject *action, gboolean ok,
               const char *check, GError *engine_error, GError **error)
{
  if (!ok)
    {
      /* A missing typed die: the engine left the battle as it was. */
      if (ctx->needed_sides > 0 || engine_error == NULL)
        {
          if (engine_error != NULL)
            g_propagate_error (error, engine_error);
          return WB_APPLY_REFUSED;
        }
      {
        /* The engine names blocks and roads by number: the names instead. */
        ColFight *f = fight_of (m);
        g_autoptr(GString) msg = g_string_new (engine_error->message);
        int slot = action_slot (m, &f->engine, action, "unit");

        g_error_free (engine_error);
        if (slot >= 0)
          {
            g_autofree char *num = g_strdup_printf ("Block %d", f->engine.blocks[slot].index);

            g_string_replace (msg, num, block_name (data, m, &f->engine, slot), 1);
          }
        for (int r = 0; r < f->engine.n_roads; r++)
          {
            g_autofree char *num = g_strdup_printf ("along road %d ", r);
            g_autofree char *name = g_strdup_printf (_("along the road to %s "), _wb_col_loc_name (data, f->road_to[r]));

            g_string_replace (msg, num, name, 1);
          }
        return refuse (ctx, m, check, error, msg->str);
      }
    }
  after_turn (data, m, ctx, action);
  return WB_APPLY_DONE;
}

static WbApplyResult
fire (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColFight *f = fight_of (m);
  WbColBattle *b = &f->engine;
  int slot = action_slot (m, b, action, "unit"), counter = -1;
  GError *local = NULL;
  gboolean ok;
  Io io;
  WbColBattleIo bio;

  if (slot < 0 || !(wb_col_battle_turn_group (b) & (1u << slot)))
    return refuse (ctx, m, "col.battle-turn", error,
                   _("\"unit\" must name a block whose battle turn it is: A before B before C, the defender first (6.4)"));
  if (wb_json_bool (action, "counter_battery", FALSE))
    {
      const char *target = wb_json_string (action, "target", NULL);

      if (target != NULL)
        counter = action_slot (m, b, action, "target");
      else
        for (int i = 0; i < b->n_blocks; i++)
          if (b->blocks[i].side != b->blocks[slot].side && b->blocks[i].kind == WB_COL_ARTILLERY &&
              wb_col_battle_in_town (b, i))
            {
              if (counter >= 0)
                return refuse (ctx, m, "col.counter-battery", error,
                               _("Several enemy artillery blocks are in the battle: name the one fired at "
                                 "with \"target\" (6.63)"));
              counter = i;
            }
      if (counter < 0)
        return refuse (ctx, m, "col.counter-battery", error,
                       _("Counter-battery needs an enemy artillery block in the battle (6.63)"));
    }
  io_init (&io, &bio, data, m, ctx, action);
  ok = wb_col_battle_fire (b, slot, counter, &bio, &local);
  if (ok && b->stage == WB_COL_STAGE_HIT)
    {
      say_fire (&io, b, &b->cur, FALSE);
    }
  return engine_result (data, m, ctx, action, ok, counter >= 0 ? "col.counter-battery" : "col.battle-turn", local, error);
}

static WbApplyResult
choose_hit (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColFight *f = fight_of (m);
  WbColBattle *b = &f->engine;
  int slot = action_slot (m, b, action, "unit");
  GError *local = NULL;
  gboolean ok;
  Io io;
  WbColBattleIo bio;

  if (b->stage != WB_COL_STAGE_HIT || slot < 0 || !(wb_col_battle_hit_choices (b) & (1u << slot)))
    return refuse (ctx, m, "col.hits", error,
                   _("\"unit\" must name one of the strongest blocks hit, while their owner picks (6.6)"));
  io_init (&io, &bio, data, m, ctx, action);
  io.announced = TRUE;
  ok = wb_col_battle_choose_hit (b, slot, &bio, &local);
  return engine_result (data, m, ctx, action, ok, "col.hits", local, error);
}

static WbApplyResult
retreat (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColFight *f = fight_of (m);
  WbColBattle *b = &f->engine;
  int slot = action_slot (m, b, action, "unit"), to, road = WB_COL_NO_ROAD;
  GError *local = NULL;
  gboolean ok;
  Io io;
  WbColBattleIo bio;
  guint32 roads;

  if (slot < 0 || !(wb_col_battle_turn_group (b) & (1u << slot)))
    return refuse (ctx, m, "col.battle-turn", error,
                   _("\"unit\" must name a block whose battle turn it is: A before B before C, the defender first (6.4)"));
  roads = wb_col_battle_retreat_roads (b, slot);
  to = action_town (data, action, "to");
  if (to >= 0)
    {
      for (int r = 0; r < b->n_roads && road < 0; r++)
        if (f->road_to[r] == to && (roads & (1u << r)))
          road = r;
      for (int r = 0; r < b->n_roads && road < 0; r++)
        if (f->road_to[r] == to)
          road = r;   /* refused by the engine, with its reason */
      if (road < 0)
        return refuse (ctx, m, "col.retreat", error, _("No road leads from the battle's town to \"to\" (6.7)"));
    }
  else if (roads != 0 || !wb_col_battle_must_retreat (b, slot))
    return refuse (ctx, m, "col.retreat", error, _("A retreat needs \"to\": an adjacent town a road leads to (6.7)"));
  io_init (&io, &bio, data, m, ctx, action);
  ok = wb_col_battle_retreat (b, slot, road, &bio, &local);
  return engine_result (data, m, ctx, action, ok, "col.retreat", local, error);
}

/* 6.8: the victor's blocks go to adjacent friendly or vacant towns, within
 * the attack limits of the roads. */
static WbApplyResult
regroup (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  ColFight *f = fight_of (m);
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  int to = action_town (data, action, "to"), road = -1, ui;

  if (f->stage != COL_BP_REGROUP)
    return refuse (ctx, m, "col.regroup", error, _("Blocks regroup when their battle is won (6.8)"));
  if (u == NULL || (ui = _wb_col_unit_index (m, u), slot_of (&f->engine, ui) < 0) || u->side != f->engine.victor ||
      _wb_col_loc (data, &u->where) != f->loc)
    return _wb_col_fail (error, _("\"unit\" must name a block of the victor still in the battle's town (6.8)")),
           WB_APPLY_REFUSED;
  for (int r = 0; r < f->engine.n_roads && road < 0; r++)
    if (f->road_to[r] == to && f->regrouped[r] < f->engine.roads[r].limit)
      road = r;
  for (int r = 0; r < f->engine.n_roads && road < 0; r++)
    if (f->road_to[r] == to)
      road = r;
  if (!wb_rule_check (ctx, m, "col.regroup",
                      road >= 0 && !data->is_static[ui] && to != data->off_map && !enemy_at (data, m, to, u->side) &&
                      f->regrouped[road] < f->engine.roads[road].limit, error,
                      _("%s cannot regroup to %s: a block regroups along a road to an adjacent friendly or vacant "
                        "town on the map, within the road's attack limit, and never when static (6.8, 4.4)"),
                      _wb_col_unit_name (data, u), to >= 0 ? _wb_col_loc_name (data, to) : "-"))
    return WB_APPLY_REFUSED;
  if (road < 0)
    return _wb_col_fail (error, _("No road leads from the battle's town to \"to\" (6.8)")), WB_APPLY_REFUSED;
  if (f->regrouped[road] < G_MAXUINT8)
    f->regrouped[road]++;
  u->where.place = loc_id (data, to);
  wb_rule_say_secret (ctx, m, u->side, _("A block regroups."), _("%s regroups to %s (6.8)."),
                      _wb_col_unit_name (data, u), _wb_col_loc_name (data, to));
  return WB_APPLY_DONE;
}

static WbApplyResult
end_regroup (ColData *data, WbMatch *m, WbRuleContext *ctx, GError **error)
{
  ColFight *f = fight_of (m);

  if (f->stage != COL_BP_REGROUP)
    return refuse (ctx, m, "col.battle-order", error,
                   f->stage == COL_BP_PICK ? _("Pick the next battle: every battle is fought before the Battle Phase ends (6.1)")
                                           : _("Finish the battle first (6.1)"));
  wb_rule_say (ctx, m, _("ends the regroup at %s (6.8)."), _wb_col_loc_name (data, f->loc));
  if (_wb_col_next_battle (data, m, ctx))
    _wb_col_end_battle_phase (data, m, ctx);
  return WB_APPLY_DONE;
}

WbApplyResult
_wb_col_battle_apply (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");
  ColFight *f = fight_of (m);

  if (strcmp (type, "end_step") == 0)
    return end_regroup (data, m, ctx, error);
  if (strcmp (type, "battle") == 0)
    return pick_battle (data, m, action, ctx, error);
  if (strcmp (type, "main_road") == 0)
    return declare_road (data, m, action, ctx, error, TRUE);
  if (strcmp (type, "response_road") == 0)
    return declare_road (data, m, action, ctx, error, FALSE);
  if (strcmp (type, "regroup") == 0)
    return regroup (data, m, action, ctx, error);
  if (strcmp (type, "fire") != 0 && strcmp (type, "retreat") != 0 && strcmp (type, "hit") != 0)
    return WB_APPLY_NOT_MINE;
  if (f->stage != COL_BP_FIGHT)
    return refuse (ctx, m, "col.battle-turn", error,
                   f->stage == COL_BP_PICK ? _("Pick the battle to fight first (6.1)")
                   : f->stage == COL_BP_REGROUP ? _("The battle is over: regroup or end the regroup (6.8)")
                   : _("The battle's roads are to be declared first (6.5, 6.51)"));
  if (strcmp (type, "fire") == 0)
    return fire (data, m, action, ctx, error);
  if (strcmp (type, "hit") == 0)
    return choose_hit (data, m, action, ctx, error);
  return retreat (data, m, action, ctx, error);
}

const char *
_wb_col_battle_awaiting (WbMatch *m)
{
  ColFight *f = fight_of (m);

  switch (f->stage)
    {
    case COL_BP_PICK:
      return "battle";
    case COL_BP_MAIN:
    case COL_BP_RESPONSE:
      return "declare";
    case COL_BP_REGROUP:
      return "regroup";
    default:
      return f->engine.stage == WB_COL_STAGE_HIT ? "hit" : "fire";
    }
}

const char *
_wb_col_battle_hint (WbMatch *m)
{
  ColFight *f = fight_of (m);

  switch (f->stage)
    {
    case COL_BP_PICK:
      return _("Pick the next battle (6.1).");
    case COL_BP_MAIN:
      return _("Declare the road of the main attack: the blocks by other roads arrive in round 2 (6.5).");
    case COL_BP_RESPONSE:
      return _("Declare the road whose reinforcements arrive in round 2; the others arrive in round 3 (6.51).");
    case COL_BP_REGROUP:
      return _("Regroup the victorious blocks to adjacent friendly or vacant towns, then end the regroup (6.8).");
    default:
      return f->engine.stage == WB_COL_STAGE_HIT
             ? _("Pick which of your strongest blocks takes the hit (6.6).")
             : _("The block whose battle turn it is fires or retreats (6.4, 6.7).");
    }
}

/* ---- The automatic player ---- */

static JsonObject *
unit_action (const char *type, const char *unit)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  json_object_set_string_member (a, "unit", unit);
  return a;
}

static JsonObject *
with_town (JsonObject *a, const char *member, const char *loc)
{
  JsonObject *w = json_object_new ();

  json_object_set_string_member (w, "location", loc);
  json_object_set_object_member (a, member, w);
  return a;
}

/* The road most of @side's blocks came by. */
static int
busiest_road (ColData *data, WbMatch *m, const ColFight *f, guint side)
{
  int count[WB_COL_BATTLE_MAX_ROADS] = { 0 }, best = -1;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = unit_at (m, (int) i);
      int r;

      if (u->side == side && (u->flags & COL_ATTACKER) && _wb_col_loc (data, &u->where) == f->loc &&
          (r = road_of_conn (f, u->data[COL_DATA_CONN] - 1)) >= 0)
        count[r]++;
    }
  for (int r = 0; r < f->engine.n_roads; r++)
    if (count[r] > 0 && (best < 0 || count[r] > count[best]))
      best = r;
  return best;
}

JsonObject *
_wb_col_battle_suggest (ColData *data, WbMatch *m, WbRng *rng)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;

  switch (f->stage)
    {
    case COL_BP_PICK:
      {
        guint left = 0, k;

        for (guint b = 0; b < st->n_battles; b++)
          left += st->battles[b].loc > 0;
        k = left > 0 ? wb_rng_bounded (rng, left) : 0;
        for (guint b = 0; b < st->n_battles; b++)
          if (st->battles[b].loc > 0 && k-- == 0)
            {
              JsonObject *a = json_object_new ();

              json_object_set_string_member (a, "type", "battle");
              return with_town (a, "location", loc_id (data, st->battles[b].loc - 1));
            }
        return NULL;
      }
    case COL_BP_MAIN:
    case COL_BP_RESPONSE:
      {
        guint side = f->stage == COL_BP_MAIN ? st->battles[f->battle].attacker : 1u - st->battles[f->battle].attacker;
        int r = busiest_road (data, m, f, side);
        JsonObject *a = json_object_new ();

        json_object_set_string_member (a, "type", f->stage == COL_BP_MAIN ? "main_road" : "response_road");
        return r >= 0 ? with_town (a, "from", loc_id (data, f->road_to[r])) : a;
      }
    case COL_BP_FIGHT:
      {
        WbColBattleChoice c;
        const char *unit;

        wb_col_battle_suggest (&f->engine, &c);
        if (c.slot < 0)
          return NULL;
        unit = unit_at (m, f->engine.blocks[c.slot].index)->id;
        if (c.stage == WB_COL_STAGE_HIT)
          return unit_action ("hit", unit);
        if (c.retreat)
          return c.road >= 0 ? with_town (unit_action ("retreat", unit), "to", loc_id (data, f->road_to[c.road]))
                             : unit_action ("retreat", unit);
        return unit_action ("fire", unit);
      }
    case COL_BP_REGROUP:
    default:
      return NULL;   /* the victor stays: end the regroup */
    }
}
