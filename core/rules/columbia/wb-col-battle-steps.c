/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The Battle Phase (6.0–6.8) in the generic play UI (rules/wb-step.h):
 * Player 1 clicks the next battle's town; the attacker (the defender)
 * clicks the town its main attack (its first reinforcements) came from;
 * on the battle board the acting side clicks which of its blocks takes
 * its battle turn when several of the same letter may, then fires
 * (clicking an enemy artillery block first declares counter-battery) or
 * retreats to a town; the owner clicks which of its tied strongest
 * blocks takes a hit; the victor clicks a block and the town it regroups
 * to. What may be clicked is what the battle engine allows
 * (wb_col_battle_turn_group, _hit_choices, _retreat_roads): the UI
 * repeats no rule. The board (_wb_col_board) shows the battle's blocks
 * revealed, by side and firing group in the firing order (6.4), with the
 * reinforcements still on their roads and the blocks gone. */

static ColFight *
fight_of (WbMatch *m)
{
  return &col_state (m)->fight;
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

static const char *
block_id (WbMatch *m, const WbColBattle *b, int slot)
{
  return unit_at (m, b->blocks[slot].index)->id;
}

static const char *
block_name (ColData *data, WbMatch *m, const WbColBattle *b, int slot)
{
  return _wb_col_unit_name (data, unit_at (m, b->blocks[slot].index));
}

/* The slot of the block @id, or -1. */
static int
slot_of_id (WbMatch *m, const WbColBattle *b, const char *id)
{
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
  int index = u != NULL ? _wb_col_unit_index (m, u) : -1;

  for (int i = 0; index >= 0 && i < b->n_blocks; i++)
    if (b->blocks[i].index == index)
      return i;
  return -1;
}

/* A block's short name on the board: its designation ("Elzey"). */
static const char *
board_name (ColData *data, WbMatch *m, const WbColBattle *b, int slot)
{
  WbUnit *unit = wb_game_find_unit (data->game, block_id (m, b, slot));
  const char *designation = unit != NULL ? wb_unit_get_designation (unit) : NULL;

  if (designation != NULL && *designation != '\0')
    return designation;
  return block_name (data, m, b, slot);
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

static int
road_of_conn (const ColFight *f, int conn)
{
  for (int r = 0; r < f->engine.n_roads; r++)
    if (f->road_conn[r] == conn)
      return r;
  return WB_COL_NO_ROAD;
}

/* Bit per road of the blocks of @side that moved into the battle's town:
 * the roads a declaration may name (6.5, 6.51). */
static guint
roads_in (ColData *data, WbMatch *m, const ColFight *f, guint side)
{
  guint mask = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = unit_at (m, (int) i);
      int r;

      if (u->side == side && (u->flags & COL_ATTACKER) && _wb_col_loc (data, &u->where) == f->loc &&
          (r = road_of_conn (f, u->data[COL_DATA_CONN] - 1)) >= 0)
        mask |= 1u << r;
    }
  return mask;
}

static WbWhere
where_loc (ColData *data, int loc)
{
  return (WbWhere) { .kind = WB_WHERE_LOCATION, .place = loc_id (data, loc) };
}

static void
add_town (WbPickList *list, ColData *data, int loc)
{
  WbWhere w = where_loc (data, loc);

  if (wb_pick_list_find (list, loc_id (data, loc)) == NULL)
    wb_pick_list_add (list, loc_id (data, loc), &w, -1);
}

static JsonObject *
town_action (const char *type, const char *member, const char *loc)
{
  JsonObject *a = json_object_new ();
  JsonObject *w = json_object_new ();

  json_object_set_string_member (a, "type", type);
  json_object_set_string_member (w, "location", loc);
  json_object_set_object_member (a, member, w);
  return a;
}

static JsonObject *
unit_action (const char *type, const char *unit)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  json_object_set_string_member (a, "unit", unit);
  return a;
}

/* ---- The acting block, its retreats and counter-battery targets ---- */

/* TURN: the block that acts: the one picked (list 0), else the first of
 * the turn group (6.4); -1 when none. */
static int
acting_slot (WbMatch *m, const WbColBattle *b, const WbPicks *picks)
{
  int slot = picks != NULL ? slot_of_id (m, b, wb_picks_get (picks, 0, 0)) : -1;

  if (slot >= 0 && (wb_col_battle_turn_group (b) & (1u << slot)))
    return slot;
  return wb_col_battle_next_turn (b);
}

/* The road the retreat to @loc (a location id) takes for @slot, or -1. */
static int
retreat_road (ColData *data, const ColFight *f, int slot, const char *loc)
{
  guint32 roads = wb_col_battle_retreat_roads (&f->engine, slot);
  int to = loc != NULL ? _wb_col_loc_id (data, loc) : -1;

  for (int r = 0; to >= 0 && r < f->engine.n_roads; r++)
    if ((roads & (1u << r)) && f->road_to[r] == to)
      return r;
  return -1;
}

/* Enemy artillery in the town: what counter-battery may fire at, when
 * the block firing is artillery too (6.63). */
static gboolean
counter_target (const WbColBattle *b, int slot, int target)
{
  return target >= 0 && slot >= 0 && b->blocks[slot].kind == WB_COL_ARTILLERY &&
         b->blocks[target].side != b->blocks[slot].side &&
         b->blocks[target].kind == WB_COL_ARTILLERY && wb_col_battle_in_town (b, target);
}

/* The lists of a battle turn: 0 the block (of the turn group), 1 the
 * enemy artillery fired at, 2 the town retreated to. */
enum { TURN_BLOCK, TURN_TARGET, TURN_RETREAT };

static void
turn_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  ColFight *f = fight_of (m);
  const WbColBattle *b = &f->engine;
  guint32 group = wb_col_battle_turn_group (b);
  int slot = acting_slot (m, b, picks);
  int target = slot_of_id (m, b, wb_picks_get (picks, TURN_TARGET, 0));
  const char *to = wb_picks_get (picks, TURN_RETREAT, 0);
  gboolean must = slot >= 0 && wb_col_battle_must_retreat (b, slot);
  WbPickList *blocks, *targets, *towns;
  guint32 roads;

  if (slot < 0)
    return;
  blocks = wb_step_add_list (step, WB_PICK_BOARD_UNIT, WB_PICK_LEADS, 0, 1);
  targets = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, 0, 1);
  towns = wb_step_add_list (step, WB_PICK_LOCATION, 0, 0, 1);
  for (int i = 0; i < b->n_blocks; i++)
    {
      const char *id = block_id (m, b, i);

      if (group & (1u << i))
        wb_pick_list_add (blocks, id, NULL, -1);
      else if (counter_target (b, slot, i) && !must && wb_col_battle_fire_dice (b, slot) > 0)
        wb_pick_list_add (targets, id, NULL, -1);
      else if (b->blocks[i].flags & (WB_COL_BLOCK_ELIMINATED | WB_COL_BLOCK_RETREATED))
        wb_pick_list_set_reason (blocks, id, _("That block is out of the battle"));
      else if (b->blocks[i].arrival > b->round)
        wb_pick_list_set_reason (blocks, id, _("That block is still on its road: reinforcements arrive in round 2 "
                                               "or 3, neither firing nor taking hits before (6.5)"));
      else if (b->blocks[i].side != b->blocks[slot].side)
        wb_pick_list_set_reason (blocks, id, b->blocks[i].kind == WB_COL_ARTILLERY
                                 ? _("Counter-battery is fired by a block that fires this turn (6.63)")
                                 : _("It is the other side's battle turn: fire or retreat with the block "
                                     "whose turn it is"));
      else
        wb_pick_list_set_reason (blocks, id, (b->blocks[i].flags & WB_COL_BLOCK_ACTED)
                                 ? _("That block has taken its battle turn this round (6.4)")
                                 : _("Not that block's battle turn yet: A before B before C, the defender "
                                     "first (6.4)"));
    }
  roads = wb_col_battle_retreat_roads (b, slot);
  for (int r = 0; r < b->n_roads; r++)
    if (roads & (1u << r))
      {
        g_autofree char *label = g_strdup_printf (_("Retreat to %s"), _wb_col_loc_name (data, f->road_to[r]));
        g_autofree char *tip = g_strdup_printf (_("%s retreats to %s (6.7)"), block_name (data, m, b, slot),
                                                _wb_col_loc_name (data, f->road_to[r]));

        JsonObject *a = town_action ("retreat", "to", loc_id (data, f->road_to[r]));

        json_object_set_string_member (a, "unit", block_id (m, b, slot));
        add_town (towns, data, f->road_to[r]);
        wb_step_add_button (step, label, tip, a);
      }
  step->refusal = g_strdup (_("The block whose battle turn it is fires or retreats: click the towns it may "
                              "retreat to, or the battle board"));
  if (to != NULL && retreat_road (data, f, slot, to) >= 0)
    {
      step->act_label = g_strdup (_("_Retreat"));
      /* TRANSLATORS: 6.7: a block and the town it retreats to */
      step->summary = g_strdup_printf (_("Retreat: %s to %s"), block_name (data, m, b, slot),
                                       _wb_col_loc_name (data, _wb_col_loc_id (data, to)));
    }
  else if (must)
    {
      step->act_label = g_strdup (_("_Retreat"));
      step->summary = roads != 0
                      /* TRANSLATORS: 6.73: the attacker's block in the last round */
                      ? g_strdup_printf (_("%s must retreat: pick the town"), block_name (data, m, b, slot))
                      : g_strdup_printf (_("%s must retreat and has no road left: it is eliminated (6.73)"),
                                         block_name (data, m, b, slot));
    }
  else if (counter_target (b, slot, target))
    {
      step->act_label = g_strdup (_("_Counter-Battery"));
      /* TRANSLATORS: 6.63: the firing block, its firepower, then the enemy artillery */
      step->summary = g_strdup_printf (_("Counter-battery: %s (%c%d) at %s"), block_name (data, m, b, slot),
                                       'A' + b->blocks[slot].letter, wb_col_battle_firepower (b, slot),
                                       block_name (data, m, b, target));
    }
  else
    {
      int n = wb_col_battle_fire_dice (b, slot);

      step->act_label = g_strdup (_("_Fire"));
      step->summary = n > 0
                      /* TRANSLATORS: 6.6: the block, its firepower this round, its dice */
                      ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Fire: %s (%c%d), %d die",
                                                      "Fire: %s (%c%d), %d dice", n),
                                         block_name (data, m, b, slot), 'A' + b->blocks[slot].letter,
                                         wb_col_battle_firepower (b, slot), n)
                      /* TRANSLATORS: 4.24: a block whose firepower is 0 this round */
                      : g_strdup_printf (_("%s cannot fire (%c0): its turn passes"), block_name (data, m, b, slot),
                                         'A' + b->blocks[slot].letter);
    }
  step->act_tooltip = g_strdup (_("Play the battle turn: the block picked (or the first whose turn it is) fires, "
                                  "at the artillery clicked for counter-battery, or retreats to the town picked"));
}

/* ---- The step ---- */

static void
hit_step (ColData *data, WbMatch *m, WbStep *step)
{
  const WbColBattle *b = &fight_of (m)->engine;
  guint32 choices = wb_col_battle_hit_choices (b);
  WbPickList *list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, 1, 1);

  for (int i = 0; i < b->n_blocks; i++)
    if (choices & (1u << i))
      wb_pick_list_add (list, block_id (m, b, i), NULL, -1);
    else
      wb_pick_list_set_reason (list, block_id (m, b, i),
                               _("The hit falls on one of the strongest blocks of the side hit: click one of "
                                 "them (6.6)"));
  list->badge = g_strdup ("−");
  step->auto_act = TRUE;
  step->refusal = g_strdup (_("Click the block that takes the hit on the battle board (6.6)"));
  /* TRANSLATORS: 6.6: the firing block whose hits fall on equal blocks */
  step->summary = g_strdup_printf (_("A hit of %s: click the block that takes it"), block_name (data, m, b, b->cur.slot));
}

static void
regroup_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  ColFight *f = fight_of (m);
  const WbColBattle *b = &f->engine;
  WbPickList *blocks = wb_step_add_list (step, WB_PICK_BOARD_UNIT, WB_PICK_LEADS, 1, 1);
  WbPickList *towns;
  int slot = slot_of_id (m, b, wb_picks_get (picks, 0, 0));
  JsonObject *end;

  for (int i = 0; i < b->n_blocks; i++)
    {
      WbUnitState *u = unit_at (m, b->blocks[i].index);

      if (u->side == b->victor && _wb_col_loc (data, &u->where) == f->loc && !data->is_static[b->blocks[i].index])
        wb_pick_list_add (blocks, u->id, NULL, -1);
      else
        wb_pick_list_set_reason (blocks, u->id, u->side != b->victor
                                 ? _("Only the victor's blocks regroup (6.8)")
                                 : data->is_static[b->blocks[i].index] ? _("A static block never leaves its town (4.4)")
                                 : _("That block is no longer in the battle's town"));
    }
  towns = wb_step_add_list (step, WB_PICK_LOCATION, 0, 1, 1);
  if (slot >= 0 && wb_pick_list_find (blocks, wb_picks_get (picks, 0, 0)) != NULL)
    for (int r = 0; r < b->n_roads; r++)
      if (f->regrouped[r] < b->roads[r].limit && f->road_to[r] != data->off_map &&
          !enemy_at (data, m, f->road_to[r], b->victor))
        add_town (towns, data, f->road_to[r]);
  step->auto_act = TRUE;
  step->refusal = g_strdup (_("Click a victorious block on the battle board, then the town it regroups to, or "
                              "End Regroup"));
  end = json_object_new ();
  json_object_set_string_member (end, "type", "end_step");
  wb_step_add_button (step, _("_End Regroup"), _("The other blocks stay where they are; on to the next battle (6.8)"),
                      end);
  if (slot >= 0)
    /* TRANSLATORS: 6.8: the block picked to regroup */
    step->summary = g_strdup_printf (_("Regroup %s: click a town"), block_name (data, m, b, slot));
}

/* A location list of @towns (location indices + 1), played at once, with
 * a button each. */
static void
towns_step (ColData *data, WbStep *step, const char *type, const char *member, const int *towns, guint n,
            const char *refusal)
{
  WbPickList *list = wb_step_add_list (step, WB_PICK_LOCATION, 0, 1, 1);

  for (guint k = 0; k < n; k++)
    {
      const char *name = _wb_col_loc_name (data, towns[k]);
      g_autofree char *label = strcmp (type, "battle") == 0
                               /* TRANSLATORS: a button of the Battle Phase: fight the battle at a town (6.1) */
                               ? g_strdup_printf (_("Battle of %s"), name)
                               : strcmp (type, "main_road") == 0
                               /* TRANSLATORS: 6.5: the town the main attack came from */
                               ? g_strdup_printf (_("Main Attack from %s"), name)
                               /* TRANSLATORS: 6.51: the town the first reinforcements came from */
                               : g_strdup_printf (_("First Reinforcements from %s"), name);

      add_town (list, data, towns[k]);
      wb_step_add_button (step, label, NULL, town_action (type, member, loc_id (data, towns[k])));
    }
  step->auto_act = TRUE;
  step->refusal = g_strdup (refusal);
}

gboolean
_wb_col_battle_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  int towns[MAX (COL_MAX_BATTLES, WB_COL_BATTLE_MAX_ROADS)];
  guint n = 0;

  if (m->over || m->step != COL_BATTLE)
    return FALSE;
  switch (f->stage)
    {
    case COL_BP_PICK:
      for (guint k = 0; k < st->n_battles; k++)
        if (st->battles[k].loc > 0)
          towns[n++] = st->battles[k].loc - 1;
      towns_step (data, step, "battle", "location", towns, n,
                  _("Click a town where a battle is still to be fought (6.1)"));
      break;
    case COL_BP_MAIN:
    case COL_BP_RESPONSE:
      {
        guint side = f->stage == COL_BP_MAIN ? st->battles[f->battle].attacker : 1u - st->battles[f->battle].attacker;
        guint mask = roads_in (data, m, f, side);

        for (int r = 0; r < f->engine.n_roads; r++)
          if (mask & (1u << r))
            towns[n++] = f->road_to[r];
        if (f->stage == COL_BP_MAIN)
          towns_step (data, step, "main_road", "from", towns, n,
                      _("Click the town the main attack came from (6.5)"));
        else
          towns_step (data, step, "response_road", "from", towns, n,
                      _("Click the town the reinforcements arriving in round 2 came from (6.51)"));
      }
      break;
    case COL_BP_FIGHT:
      if (f->engine.stage == WB_COL_STAGE_HIT)
        hit_step (data, m, step);
      else
        turn_step (data, m, picks, step);
      break;
    case COL_BP_REGROUP:
    default:
      regroup_step (data, m, picks, step);
      break;
    }
  return TRUE;
}

JsonObject *
_wb_col_battle_step_action (ColData *data, WbMatch *m, const WbPicks *picks)
{
  ColFight *f = fight_of (m);
  const WbColBattle *b = &f->engine;
  const char *first = wb_picks_get (picks, 0, 0);

  if (m->over || m->step != COL_BATTLE)
    return NULL;
  switch (f->stage)
    {
    case COL_BP_PICK:
      return first != NULL ? town_action ("battle", "location", first) : NULL;
    case COL_BP_MAIN:
    case COL_BP_RESPONSE:
      return first != NULL ? town_action (f->stage == COL_BP_MAIN ? "main_road" : "response_road", "from", first)
                           : NULL;
    case COL_BP_FIGHT:
      if (b->stage == WB_COL_STAGE_HIT)
        return first != NULL ? unit_action ("hit", first) : NULL;
      {
        int slot = acting_slot (m, b, picks);
        int target = slot_of_id (m, b, wb_picks_get (picks, TURN_TARGET, 0));
        const char *to = wb_picks_get (picks, TURN_RETREAT, 0);
        JsonObject *a;

        if (slot < 0)
          return NULL;
        if (to != NULL && retreat_road (data, f, slot, to) >= 0)
          {
            a = town_action ("retreat", "to", to);
            json_object_set_string_member (a, "unit", block_id (m, b, slot));
            return a;
          }
        if (wb_col_battle_must_retreat (b, slot))
          return wb_col_battle_retreat_roads (b, slot) == 0 ? unit_action ("retreat", block_id (m, b, slot)) : NULL;
        a = unit_action ("fire", block_id (m, b, slot));
        if (counter_target (b, slot, target))
          {
            json_object_set_boolean_member (a, "counter_battery", TRUE);
            json_object_set_string_member (a, "target", block_id (m, b, target));
          }
        return a;
      }
    case COL_BP_REGROUP:
    default:
      {
        const char *to = wb_picks_get (picks, 1, 0);
        JsonObject *a;

        if (first == NULL || to == NULL)
          return NULL;
        a = town_action ("regroup", "to", to);
        json_object_set_string_member (a, "unit", first);
        return a;
      }
    }
}

/* ---- The board ---- */

/* The firing groups in the order they fire (6.4): A defender, A
 * attacker, B defender, … */
static const char *
ordinal (int k)
{
  static const char *const words[] = {
    N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"),
  };

  return k >= 0 && k < (int) G_N_ELEMENTS (words) ? _(words[k]) : "";
}

/* "⚀ ⚁ ⚅" */
static void
append_dice (GString *s, const guint8 *dice, int n)
{
  static const char *const faces[] = { "⚀", "⚁", "⚂", "⚃", "⚄", "⚅" };

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "", dice[i] >= 1 && dice[i] <= 6 ? faces[dice[i] - 1] : "?");
}

WbBoard *
_wb_col_board (ColData *data, WbMatch *m)
{
  ColState *st = col_state (m);
  ColFight *f = &st->fight;
  const WbColBattle *b = &f->engine;
  g_autoptr(GString) title = g_string_new (NULL);
  const char *town;
  int groups[2][3], waiting[2], gone[2];
  WbBoard *board;
  int side = -1, placed;
  WbColStage stage;

  if (m->step != COL_BATTLE || (f->stage != COL_BP_FIGHT && f->stage != COL_BP_REGROUP) || f->battle < 0 ||
      b->n_blocks == 0)
    return NULL;
  town = _wb_col_loc_name (data, f->loc);
  stage = wb_col_battle_stage (b, &side);
  if (f->stage == COL_BP_REGROUP || stage == WB_COL_STAGE_OVER)
    /* TRANSLATORS: the battle board's heading when the battle is won: the town, the round, the victor */
    g_string_printf (title, _("Battle of %s · round %d · %s won: regroup (6.8)"), town, b->round,
                     wb_match_side_name (m, b->victor));
  else if (stage == WB_COL_STAGE_HIT)
    /* TRANSLATORS: the battle board's heading: the town, the round, the side picking the block hit */
    g_string_printf (title, _("Battle of %s · round %d of %d · %s: pick the block hit (6.6)"), town, b->round,
                     WB_COL_BATTLE_ROUNDS, wb_match_side_name (m, (guint) side));
  else
    {
      int slot = wb_col_battle_next_turn (b);

      /* TRANSLATORS: the battle board's heading: the town, the round, the side to act, the block */
      g_string_printf (title, _("Battle of %s · round %d of %d · %s: %s fires or retreats"), town, b->round,
                       WB_COL_BATTLE_ROUNDS, wb_match_side_name (m, (guint) side),
                       slot >= 0 ? block_name (data, m, b, slot) : "-");
    }
  if (b->cur.kind == WB_COL_REC_FIRE && b->cur.slot >= 0 && b->cur.slot < b->n_blocks)
    {
      g_string_append (title, "\n");
      /* TRANSLATORS: the battle board: the last fire, its block and firepower, then its dice */
      g_string_append_printf (title, _("Last fire: %s %c%d"), block_name (data, m, b, b->cur.slot),
                              'A' + b->blocks[b->cur.slot].letter, b->cur.firepower);
      if (b->cur.n_dice > 0)
        {
          g_string_append (title, " · ");
          append_dice (title, b->cur.dice, b->cur.n_dice);
          g_string_append (title, " (");
          for (int d = 0; d < b->cur.n_dice; d++)
            g_string_append_printf (title, "%s%d", d > 0 ? " " : "", b->cur.dice[d]);
          g_string_append (title, ")");
          {
            /* TRANSLATORS: the battle board: the hits of the last fire */
            g_autofree char *hits = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits",
                                                                   b->cur.n_hits), b->cur.n_hits);

            g_string_append_printf (title, " · %s", hits);
          }
        }
      else
        g_string_append (title, _(" · no dice"));
    }
  board = wb_board_new (title->str);
  /* The defender above, the attacker below, the front between; each side
   * in its firing groups A, B, C with their place in the order (6.4). The
   * reinforcements on their roads beside, the blocks gone below them. */
  for (int s = 0; s < 2; s++)
    {
      gboolean att = s == 1;
      guint bside = att ? b->attacker : 1u - b->attacker;
      guint row = att ? 2 : 1;

      for (int l = 0; l < 3; l++)
        {
          g_autofree char *t = NULL;

          /* TRANSLATORS: a firing group on the battle board: the side, its letter, when it fires (6.4) */
          t = g_strdup_printf (_("%s %s · %c · fires %s"), wb_match_side_name (m, bside),
                               att ? _("attacks") : _("defends"), 'A' + l, ordinal (2 * l + (att ? 1 : 0)));
          groups[s][l] = (int) wb_board_add_box (board, t, row, 1, FALSE, TRUE);
        }
    }
  for (int s = 0; s < 2; s++)
    {
      guint bside = s == 1 ? b->attacker : 1u - b->attacker;
      g_autofree char *t1 = NULL, *t2 = NULL;

      /* TRANSLATORS: the battle board: a side's reinforcements still on their roads (6.5) */
      t1 = g_strdup_printf (_("%s on the roads"), wb_match_side_name (m, bside));
      /* TRANSLATORS: the battle board: a side's blocks eliminated or retreated */
      t2 = g_strdup_printf (_("%s out of the battle"), wb_match_side_name (m, bside));
      waiting[s] = (int) wb_board_add_box (board, t1, s == 0 ? 0 : 3, 1, FALSE, FALSE);
      gone[s] = (int) wb_board_add_box (board, t2, s == 0 ? 0 : 3, 1, FALSE, FALSE);
    }
  board->front_after = 1;
  placed = stage == WB_COL_STAGE_HIT ? b->next_hit : b->cur.n_hits;
  for (int i = 0; i < b->n_blocks; i++)
    {
      const WbColBattleBlock *k = &b->blocks[i];
      int s = k->side == b->attacker ? 1 : 0;
      WbUnitState *u = unit_at (m, k->index);
      g_autofree char *value = NULL;
      WbBoardUnit *bu;
      int box;
      int fp = wb_col_battle_firepower (b, i);

      if (k->flags & WB_COL_BLOCK_ELIMINATED)
        /* TRANSLATORS: the battle board: a block eliminated in the battle */
        value = g_strdup (_("eliminated"));
      else if (k->flags & WB_COL_BLOCK_RETREATED)
        /* TRANSLATORS: the battle board: a block that retreated (the log says where to); short */
        value = g_strdup (_("retreated"));
      else if (k->arrival > b->round)
        /* TRANSLATORS: the battle board: a reinforcement's firepower and strength, and the round it arrives */
        value = g_strdup_printf (_("%c%d · %d · rd %d"), 'A' + k->letter, k->fire, k->strength, k->arrival);
      else
        /* TRANSLATORS: the battle board: a block's firepower this round and its strength ("B1 · 3") */
        value = g_strdup_printf (_("%c%d · %d"), 'A' + k->letter, fp, k->strength);
      if (k->flags & (WB_COL_BLOCK_ELIMINATED | WB_COL_BLOCK_RETREATED))
        box = gone[s];
      else if (k->arrival > b->round)
        box = waiting[s];
      else
        box = groups[s][MIN (k->letter, 2)];
      bu = wb_board_add_unit (board, u->id, board_name (data, m, b, i), value, u->side, box);
      if (box == groups[s][MIN (k->letter, 2)] && f->stage == COL_BP_FIGHT)
        bu->dice = wb_col_battle_fire_dice (b, i);
      /* The last fire's hits placed so far (its owner may still be picking). */
      if (b->cur.kind == WB_COL_REC_FIRE)
        for (int h = 0; h < placed && h < WB_COL_BATTLE_MAX_STRENGTH; h++)
          bu->marks += b->cur.targets[h] == i;
    }
  return board;
}
