/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col-battle"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "rules/columbia/wb-col-battle.h"

/* The Columbia block battle as a state machine over plain data. Every
 * action checks its arguments, draws all its dice (a block rolls as many
 * as its strength, known before any is read), and only then changes the
 * battle: a missing typed roll stops it with the battle untouched. After
 * each change settle () moves the battle on to the next decision: rounds
 * end, reinforcements arrive, the battlefield flips, attackers that must
 * retreat and cannot are eliminated, the battle ends. */

static inline gboolean
is_attacker (const WbColBattle *b,
             const WbColBattleBlock *k)
{
  return k->side == b->attacker;
}

static inline int
lowest_bit (guint32 mask)
{
#if defined(__GNUC__)
  return __builtin_ctz (mask);
#else
  return g_bit_nth_lsf (mask, -1);
#endif
}

/* The blocks in the town: arrived, neither eliminated nor retreated. */
static inline guint32
town (const WbColBattle *b)
{
  return b->present & ~b->gone;
}

static inline gboolean
in_town (const WbColBattle *b,
         const WbColBattleBlock *k)
{
  return (town (b) >> (k - b->blocks)) & 1;
}

static inline gboolean
valid_slot (const WbColBattle *b,
            int slot)
{
  return slot >= 0 && slot < b->n_blocks;
}

void
wb_col_battle_init (WbColBattle *b,
                    int attacker_side)
{
  g_return_if_fail (b != NULL);
  g_return_if_fail (attacker_side == 0 || attacker_side == 1);

  memset (b, 0, sizeof *b);
  b->attacker = (guint8) attacker_side;
  b->stage = WB_COL_STAGE_SETUP;
}

int
wb_col_battle_add_road (WbColBattle *b,
                        int limit,
                        gboolean open_side0,
                        gboolean open_side1)
{
  g_return_val_if_fail (b != NULL, -1);

  if (b->stage != WB_COL_STAGE_SETUP || b->n_roads >= WB_COL_BATTLE_MAX_ROADS || limit < 0 || limit > 255)
    return -1;
  b->roads[b->n_roads] = (WbColBattleRoad) {
    .limit = (guint8) limit,
    .open = (guint8) ((open_side0 ? 1 : 0) | (open_side1 ? 2 : 0)),
  };
  return b->n_roads++;
}

void
wb_col_battle_set_road_open (WbColBattle *b,
                             int road,
                             int side,
                             gboolean open)
{
  g_return_if_fail (b != NULL);
  g_return_if_fail (road >= 0 && road < b->n_roads);
  g_return_if_fail (side == 0 || side == 1);

  if (open)
    b->roads[road].open |= (guint8) (1u << side);
  else
    b->roads[road].open &= (guint8) ~(1u << side);
}

int
wb_col_battle_add (WbColBattle *b,
                   const WbColBlockSpec *spec,
                   GError **error)
{
  WbColBattleBlock *k;
  int lowest;

  g_return_val_if_fail (b != NULL, -1);
  g_return_val_if_fail (spec != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (b->stage != WB_COL_STAGE_SETUP)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("The battle has already started"));
      return -1;
    }
  if (b->n_blocks >= WB_COL_BATTLE_MAX_BLOCKS)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("A battle holds at most %d blocks"), WB_COL_BATTLE_MAX_BLOCKS);
      return -1;
    }
  if (spec->side != 0 && spec->side != 1)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: side %d, expected 0 or 1"), spec->index, spec->side);
      return -1;
    }
  if ((int) spec->kind < WB_COL_INFANTRY || spec->kind > WB_COL_HQ)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: unknown block type %d"), spec->index, (int) spec->kind);
      return -1;
    }
  if (spec->index < G_MININT16 || spec->index > G_MAXINT16)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: the unit index is out of range"), spec->index);
      return -1;
    }
  if (spec->max_strength < 1 || spec->max_strength > WB_COL_BATTLE_MAX_STRENGTH)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: maximum strength %d, expected 1 to %d"),
                   spec->index, spec->max_strength, WB_COL_BATTLE_MAX_STRENGTH);
      return -1;
    }
  /* An HQ lives at strength 0 (4.12, 6.62); other blocks die at 0. */
  lowest = spec->kind == WB_COL_HQ ? 0 : 1;
  if (spec->strength < lowest || spec->strength > spec->max_strength)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: strength %d, expected %d to %d"),
                   spec->index, spec->strength, lowest, spec->max_strength);
      return -1;
    }
  if (spec->letter < 'A' || spec->letter > 'C' || spec->fire < 0 || spec->fire > 6)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: firepower %c%d, expected A, B or C and 0 to 6"),
                   spec->index, g_ascii_isprint (spec->letter) ? spec->letter : '?', spec->fire);
      return -1;
    }
  if (spec->arrival < 1 || spec->arrival > 3)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: arrives in round %d, expected 1 to 3"), spec->index, spec->arrival);
      return -1;
    }
  if (spec->road != WB_COL_NO_ROAD && (spec->road < 0 || spec->road >= b->n_roads))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Block %d: road %d, expected one of the battle's %d roads"),
                   spec->index, spec->road, b->n_roads);
      return -1;
    }
  if (spec->arrival > 1 && spec->road == WB_COL_NO_ROAD)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d: a reinforcement must come by a road"), spec->index);
      return -1;
    }
  if (spec->is_static && spec->road != WB_COL_NO_ROAD)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d: a static block cannot have moved into the battle"), spec->index);
      return -1;
    }

  k = &b->blocks[b->n_blocks];
  *k = (WbColBattleBlock) {
    .index = (gint16) spec->index,
    .side = (guint8) spec->side,
    .kind = (guint8) spec->kind,
    .strength = (guint8) spec->strength,
    .max_strength = (guint8) spec->max_strength,
    .letter = (guint8) (spec->letter - 'A'),
    .fire = (guint8) spec->fire,
    .arrival = (guint8) spec->arrival,
    .road = (gint8) spec->road,
    .flags = (guint8) ((spec->crossed ? WB_COL_BLOCK_CROSSED : 0) |
                       (spec->is_static ? WB_COL_BLOCK_STATIC : 0)),
  };
  return b->n_blocks++;
}

/* Records: built only when someone listens. */
static void
emit (const WbColBattle *b,
      const WbColBattleIo *io,
      WbColRecordKind kind,
      int slot,
      int side,
      int road)
{
  WbColBattleRecord rec;

  if (io == NULL || io->record == NULL)
    return;
  memset (&rec, 0, sizeof rec);
  rec.kind = (guint8) kind;
  rec.round = b->round;
  rec.slot = (gint8) slot;
  rec.side = (guint8) side;
  rec.road = (gint8) road;
  rec.counter = -1;
  io->record (io->data, b, &rec);
}

static inline guint32
roads_used_by (const WbColBattle *b,
               int side)
{
  return b->roads_used[side];
}

gboolean
wb_col_battle_is_attacker (const WbColBattle *b,
                           int slot)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (valid_slot (b, slot), FALSE);

  return is_attacker (b, &b->blocks[slot]);
}

gboolean
wb_col_battle_in_town (const WbColBattle *b,
                       int slot)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (valid_slot (b, slot), FALSE);

  return b->stage != WB_COL_STAGE_SETUP && in_town (b, &b->blocks[slot]);
}

int
wb_col_battle_block_hits_left (const WbColBattle *b,
                               int slot)
{
  const WbColBattleBlock *k;

  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (valid_slot (b, slot), 0);

  k = &b->blocks[slot];
  if (k->flags & WB_COL_BLOCK_ELIMINATED)
    return 0;
  return k->strength + (k->kind == WB_COL_HQ ? 1 : 0);
}

/* Firing order (6.4): A before B before C; on the same letter the defender first. */
static inline int
turn_key (const WbColBattle *b,
          const WbColBattleBlock *k)
{
  return k->letter * 2 + (is_attacker (b, k) ? 1 : 0);
}

/* The blocks by firing order, again when the battlefield flips. */
static void
sort_order (WbColBattle *b)
{
  memset (b->order, 0, sizeof b->order);
  for (int i = 0; i < b->n_blocks; i++)
    b->order[turn_key (b, &b->blocks[i])] |= 1u << i;
}

static int
next_turn (const WbColBattle *b,
           guint32 *group)
{
  guint32 avail = town (b) & ~b->acted;

  for (guint k = 0; k < G_N_ELEMENTS (b->order); k++)
    {
      guint32 m = avail & b->order[k];

      if (m != 0)
        {
          if (group != NULL)
            *group = m;
          return lowest_bit (m);
        }
    }
  if (group != NULL)
    *group = 0;
  return -1;
}

int
wb_col_battle_next_turn (const WbColBattle *b)
{
  g_return_val_if_fail (b != NULL, -1);

  if (b->stage != WB_COL_STAGE_TURN)
    return -1;
  return next_turn (b, NULL);
}

guint32
wb_col_battle_turn_group (const WbColBattle *b)
{
  guint32 group = 0;

  g_return_val_if_fail (b != NULL, 0);

  if (b->stage != WB_COL_STAGE_TURN)
    return 0;
  next_turn (b, &group);
  return group;
}

static int
firepower (const WbColBattle *b,
           const WbColBattleBlock *k)
{
  int fp = k->fire;
  gboolean first = (k->flags & WB_COL_BLOCK_FOUGHT) == 0;

  /* Over a bridge, ford or ferry: −1 on the first combat round (3.5, 3.6). */
  if (first && (k->flags & WB_COL_BLOCK_CROSSED))
    fp--;
  /* Attacking artillery: −1 on its first combat round (4.24, 6.5); both stack (A2 = A0). */
  if (first && k->kind == WB_COL_ARTILLERY && is_attacker (b, k))
    fp--;
  /* The pursuit round: defending cavalry +1 (6.73). */
  if (b->round == WB_COL_BATTLE_ROUNDS && k->kind == WB_COL_CAVALRY && !is_attacker (b, k))
    fp++;
  return CLAMP (fp, 0, 6);
}

int
wb_col_battle_firepower (const WbColBattle *b,
                         int slot)
{
  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (valid_slot (b, slot), 0);

  return firepower (b, &b->blocks[slot]);
}

int
wb_col_battle_fire_dice (const WbColBattle *b,
                         int slot)
{
  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (valid_slot (b, slot), 0);

  return firepower (b, &b->blocks[slot]) > 0 ? b->blocks[slot].strength : 0;
}

static gboolean
must_retreat (const WbColBattle *b,
              const WbColBattleBlock *k)
{
  return b->round == WB_COL_BATTLE_ROUNDS && is_attacker (b, k) && in_town (b, k);
}

gboolean
wb_col_battle_must_retreat (const WbColBattle *b,
                            int slot)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (valid_slot (b, slot), FALSE);

  return b->stage != WB_COL_STAGE_SETUP && must_retreat (b, &b->blocks[slot]);
}

static guint32
retreat_roads (const WbColBattle *b,
               const WbColBattleBlock *k)
{
  guint32 allowed, mask = 0;

  if (!in_town (b, k) || (k->flags & WB_COL_BLOCK_STATIC))
    return 0;
  /* No retreat in round 1, except cavalry (4.23, 6.3, 6.7). */
  if (b->round == 1 && k->kind != WB_COL_CAVALRY)
    return 0;
  /* The attacker only along roads its side attacked or reinforced by (6.72);
   * the defender along any road the attacker did not use (6.74). */
  if (is_attacker (b, k))
    allowed = roads_used_by (b, k->side);
  else
    allowed = ~roads_used_by (b, 1 - k->side);
  for (int r = 0; r < b->n_roads; r++)
    {
      const WbColBattleRoad *road = &b->roads[r];

      if ((allowed & (1u << r)) && (road->open & (1u << k->side)) && road->used < road->limit)
        mask |= 1u << r;
    }
  return mask;
}

guint32
wb_col_battle_retreat_roads (const WbColBattle *b,
                             int slot)
{
  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (valid_slot (b, slot), 0);

  if (b->stage == WB_COL_STAGE_SETUP || b->stage == WB_COL_STAGE_OVER)
    return 0;
  return retreat_roads (b, &b->blocks[slot]);
}

static void
begin_round (WbColBattle *b,
             int round,
             const WbColBattleIo *io)
{
  b->round = (guint8) round;
  for (int r = 0; r < b->n_roads; r++)
    b->roads[r].used = 0;
  b->acted = 0;
  for (int i = 0; i < b->n_blocks; i++)
    {
      b->blocks[i].flags &= (guint8) ~WB_COL_BLOCK_ACTED;
      if (b->blocks[i].arrival <= round)
        b->present |= 1u << i;
    }
  emit (b, io, WB_COL_REC_ROUND, -1, b->attacker, -1);
  if (io != NULL && io->record != NULL)
    for (int i = 0; i < b->n_blocks; i++)
      {
        const WbColBattleBlock *k = &b->blocks[i];

        if (k->arrival == round && round > 1 && !(k->flags & (WB_COL_BLOCK_ELIMINATED | WB_COL_BLOCK_RETREATED)))
          emit (b, io, WB_COL_REC_ARRIVE, i, k->side, k->road);
      }
}

static void
finish (WbColBattle *b,
        int victor,
        const WbColBattleIo *io)
{
  b->stage = WB_COL_STAGE_OVER;
  b->victor = (guint8) victor;
  emit (b, io, WB_COL_REC_OVER, -1, victor, -1);
}

static void
eliminate (WbColBattle *b,
           int slot)
{
  b->blocks[slot].strength = 0;
  b->blocks[slot].flags |= WB_COL_BLOCK_ELIMINATED;
  b->gone |= 1u << slot;
}

/* Moves the battle on to the next decision. */
static void
settle (WbColBattle *b,
        const WbColBattleIo *io)
{
  for (;;)
    {
      guint32 here = town (b), count[2], pending[2];
      int next;
      guint32 group;
      gboolean removed = FALSE, next_round = FALSE;

      for (int s = 0; s < 2; s++)
        {
          count[s] = here & b->side_mask[s];
          pending[s] = b->side_mask[s] & ~b->gone & ~b->present;
        }
      /* A side with no block left in the town: the battle is won, unless
       * its reinforcements are still to come — then the round ends there,
       * and if it was the defender the attacker holds the town and defends
       * it from now on (6.51; we read "in round 1" as the case the rule
       * names, and flip the same way when the round-2 defenders fall before
       * the round-3 ones arrive). */
      for (int s = 0; s < 2 && !next_round; s++)
        {
          if (count[s] > 0)
            continue;
          if (pending[s] == 0 || b->round >= WB_COL_BATTLE_ROUNDS)
            {
              finish (b, count[1 - s] > 0 || pending[1 - s] > 0 ? 1 - s : 1 - b->attacker, io);
              return;
            }
          if (s != b->attacker)
            {
              b->attacker = (guint8) s;
              b->flipped = TRUE;
              sort_order (b);
              emit (b, io, WB_COL_REC_FLIP, -1, 1 - s, -1);
            }
          next_round = TRUE;
        }
      if (next_round)
        {
          begin_round (b, b->round + 1, io);
          continue;
        }

      next = next_turn (b, &group);
      if (next < 0)
        {
          if (b->round >= WB_COL_BATTLE_ROUNDS)
            {
              /* Every attacker has retreated or died in round 4 (6.73). */
              finish (b, 1 - b->attacker, io);
              return;
            }
          begin_round (b, b->round + 1, io);
          continue;
        }
      /* An attacker that must retreat and has no road left this round is
       * eliminated (6.73); roads only fill up as the round goes on, so the
       * owner's order within the group cannot save it. */
      if (b->round == WB_COL_BATTLE_ROUNDS)
        for (guint32 m = group; m != 0; m &= m - 1)
          {
            int i = lowest_bit (m);

            if (!must_retreat (b, &b->blocks[i]) || retreat_roads (b, &b->blocks[i]) != 0)
              continue;
            /* Reported while the block still stands, so the record shows what is lost. */
            emit (b, io, WB_COL_REC_NO_RETREAT, i, b->blocks[i].side, -1);
            eliminate (b, i);
            b->blocks[i].flags |= WB_COL_BLOCK_ACTED | WB_COL_BLOCK_FOUGHT;
            b->acted |= 1u << i;
            removed = TRUE;
          }
      if (removed)
        continue;
      b->stage = WB_COL_STAGE_TURN;
      return;
    }
}

gboolean
wb_col_battle_start (WbColBattle *b,
                     const WbColBattleIo *io,
                     GError **error)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (b->stage != WB_COL_STAGE_SETUP)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("The battle has already started"));
      return FALSE;
    }
  for (int i = 0; i < b->n_blocks; i++)
    {
      const WbColBattleBlock *k = &b->blocks[i];

      b->side_mask[k->side] |= 1u << i;
      if (k->road >= 0)
        b->roads_used[k->side] |= (guint8) (1u << k->road);
    }
  sort_order (b);
  b->stage = WB_COL_STAGE_TURN;
  begin_round (b, 1, io);
  settle (b, io);
  return TRUE;
}

WbColStage
wb_col_battle_stage (const WbColBattle *b,
                     int *side)
{
  int s = -1;

  g_return_val_if_fail (b != NULL, WB_COL_STAGE_OVER);

  if (b->stage == WB_COL_STAGE_TURN)
    {
      int next = next_turn (b, NULL);

      s = next >= 0 ? b->blocks[next].side : -1;
    }
  else if (b->stage == WB_COL_STAGE_HIT)
    s = 1 - b->blocks[b->cur.slot].side;
  else if (b->stage == WB_COL_STAGE_OVER)
    s = b->victor;
  if (side != NULL)
    *side = s;
  return (WbColStage) b->stage;
}

/* The enemy blocks in the town sharing the highest strength (6.6). */
static guint32
strongest (const WbColBattle *b,
           int side)
{
  int best = -1;
  guint32 mask = 0;

  for (guint32 m = town (b) & b->side_mask[side]; m != 0; m &= m - 1)
    {
      int i = lowest_bit (m);
      const WbColBattleBlock *k = &b->blocks[i];

      if (k->strength > best)
        {
          best = k->strength;
          mask = 1u << i;
        }
      else if (k->strength == best)
        mask |= 1u << i;
    }
  return mask;
}

guint32
wb_col_battle_hit_choices (const WbColBattle *b)
{
  g_return_val_if_fail (b != NULL, 0);

  if (b->stage != WB_COL_STAGE_HIT)
    return 0;
  return strongest (b, 1 - b->blocks[b->cur.slot].side);
}

/* One hit: a step off, or eliminated at its lowest strength (6.6, 6.62). */
static void
hit (WbColBattle *b,
     int slot)
{
  WbColBattleBlock *k = &b->blocks[slot];
  int i = b->next_hit++;

  b->cur.targets[i] = (gint8) slot;
  if (k->strength > (k->kind == WB_COL_HQ ? 0 : 1))
    k->strength--;
  else
    {
      eliminate (b, slot);
      b->cur.killed |= (guint8) (1u << i);
    }
  b->pending_hits--;
}

static void
waste (WbColBattle *b)
{
  while (b->pending_hits > 0)
    {
      b->cur.targets[b->next_hit++] = -1;
      b->pending_hits--;
    }
}

/* Places the firing block's hits until they are all placed or the owner
 * must choose (STAGE_HIT), then moves the battle on. */
static void
place_hits (WbColBattle *b,
            const WbColBattleIo *io)
{
  int enemy = 1 - b->blocks[b->cur.slot].side;

  while (b->pending_hits > 0)
    {
      guint32 choices;

      if (b->cur.counter >= 0)
        {
          /* Counter-battery: all on the declared artillery; surplus wasted (6.63). */
          if (in_town (b, &b->blocks[b->cur.counter]))
            hit (b, b->cur.counter);
          else
            waste (b);
          continue;
        }
      choices = strongest (b, enemy);
      if (choices == 0)
        waste (b);
      else if ((choices & (choices - 1)) == 0)
        hit (b, lowest_bit (choices));
      else
        {
          b->stage = WB_COL_STAGE_HIT;
          return;
        }
    }
  b->stage = WB_COL_STAGE_TURN;
  if (io != NULL && io->record != NULL)
    io->record (io->data, b, &b->cur);
  settle (b, io);
}

static gboolean
check_turn (const WbColBattle *b,
            int slot,
            GError **error)
{
  guint32 group = 0;

  if (b->stage != WB_COL_STAGE_TURN)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   b->stage == WB_COL_STAGE_HIT ? _("The battle waits for a hit to be placed")
                   : b->stage == WB_COL_STAGE_OVER ? _("The battle is over")
                   : _("The battle has not started"));
      return FALSE;
    }
  next_turn (b, &group);
  if (!valid_slot (b, slot) || !(group & (1u << slot)))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d does not have the battle turn in round %d (firepower letter order, defender first)"),
                   valid_slot (b, slot) ? b->blocks[slot].index : slot, b->round);
      return FALSE;
    }
  return TRUE;
}

gboolean
wb_col_battle_fire (WbColBattle *b,
                    int slot,
                    int counter,
                    const WbColBattleIo *io,
                    GError **error)
{
  WbColBattleBlock *k;
  int fp, n, dice[WB_COL_BATTLE_MAX_STRENGTH], hits = 0;

  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (io != NULL && io->die != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_turn (b, slot, error))
    return FALSE;
  k = &b->blocks[slot];
  if (must_retreat (b, k))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d attacks in round 4: it must retreat, not fire (6.73)"), k->index);
      return FALSE;
    }
  if (counter >= 0)
    {
      const WbColBattleBlock *t = valid_slot (b, counter) ? &b->blocks[counter] : NULL;

      if (k->kind != WB_COL_ARTILLERY || t == NULL || t->side == k->side ||
          t->kind != WB_COL_ARTILLERY || !in_town (b, t))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("Counter-battery is artillery firing at enemy artillery in the battle (6.63)"));
          return FALSE;
        }
    }
  else if (counter != -1)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("Counter-battery target %d, expected a block or -1"), counter);
      return FALSE;
    }

  /* A block that cannot hit (A0) rolls nothing but has had its turn. */
  fp = firepower (b, k);
  n = wb_col_battle_fire_dice (b, slot);
  for (int i = 0; i < n; i++)
    if (!io->die (io->data, &dice[i], error))
      return FALSE;

  memset (&b->cur, 0, sizeof b->cur);
  b->cur.kind = WB_COL_REC_FIRE;
  b->cur.round = b->round;
  b->cur.slot = (gint8) slot;
  b->cur.side = k->side;
  b->cur.firepower = (gint8) fp;
  b->cur.counter = (gint8) counter;
  b->cur.road = -1;
  b->cur.n_dice = (guint8) n;
  for (int i = 0; i < n; i++)
    {
      b->cur.dice[i] = (guint8) dice[i];
      if (dice[i] <= fp)
        hits++;
    }
  b->cur.n_hits = (guint8) hits;
  b->pending_hits = (guint8) hits;
  b->next_hit = 0;
  k->flags |= WB_COL_BLOCK_ACTED | WB_COL_BLOCK_FOUGHT;
  b->acted |= 1u << slot;
  place_hits (b, io);
  return TRUE;
}

gboolean
wb_col_battle_choose_hit (WbColBattle *b,
                          int slot,
                          const WbColBattleIo *io,
                          GError **error)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (b->stage != WB_COL_STAGE_HIT)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("No hit waits to be placed"));
      return FALSE;
    }
  if (!valid_slot (b, slot) || !(wb_col_battle_hit_choices (b) & (1u << slot)))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d cannot take the hit: it goes to a strongest block (6.6)"),
                   valid_slot (b, slot) ? b->blocks[slot].index : slot);
      return FALSE;
    }
  hit (b, slot);
  place_hits (b, io);
  return TRUE;
}

gboolean
wb_col_battle_retreat (WbColBattle *b,
                       int slot,
                       int road,
                       const WbColBattleIo *io,
                       GError **error)
{
  WbColBattleBlock *k;

  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_turn (b, slot, error))
    return FALSE;
  k = &b->blocks[slot];
  /* Round 4 with every road shut since the turn came up (the caller closed
   * one, wb_col_battle_set_road_open): the block is lost (6.73). */
  if (road == WB_COL_NO_ROAD && must_retreat (b, k) && retreat_roads (b, k) == 0)
    {
      emit (b, io, WB_COL_REC_NO_RETREAT, slot, k->side, -1);
      eliminate (b, slot);
      k->flags |= WB_COL_BLOCK_ACTED | WB_COL_BLOCK_FOUGHT;
      b->acted |= 1u << slot;
      settle (b, io);
      return TRUE;
    }
  if (road < 0 || road >= b->n_roads || !(retreat_roads (b, k) & (1u << road)))
    {
      const char *why;

      if (k->flags & WB_COL_BLOCK_STATIC)
        why = _("it is static (4.4)");
      else if (b->round == 1 && k->kind != WB_COL_CAVALRY)
        why = _("only cavalry retreat in round 1 (4.23, 6.7)");
      else if (road < 0 || road >= b->n_roads)
        why = _("there is no such road");
      else if (b->roads[road].used >= b->roads[road].limit)
        why = _("the road's limit for this round is used up (6.71)");
      else if (!(b->roads[road].open & (1u << k->side)))
        why = _("the road leads to an enemy or contested town or off the map (6.71)");
      else if (is_attacker (b, k))
        why = _("an attacker retreats only along roads its side attacked or reinforced by (6.72)");
      else
        why = _("a defender does not retreat along roads the attacker used (6.74)");
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Block %d cannot retreat along road %d in round %d: %s"), k->index, road, b->round, why);
      return FALSE;
    }
  k->flags |= WB_COL_BLOCK_RETREATED | WB_COL_BLOCK_ACTED | WB_COL_BLOCK_FOUGHT;
  b->gone |= 1u << slot;
  b->acted |= 1u << slot;
  b->roads[road].used++;
  emit (b, io, WB_COL_REC_RETREAT, slot, k->side, road);
  settle (b, io);
  return TRUE;
}

/* Which of the tied blocks the automatic player gives up: not an HQ, then
 * the weakest firepower (C before B before A, lower number first). */
static int
hit_value (const WbColBattleBlock *k)
{
  return (k->kind == WB_COL_HQ ? 100 : 0) + (2 - k->letter) * 10 + k->fire;
}

static int
side_strength (const WbColBattle *b,
               int side)
{
  int sum = 0;

  for (guint32 m = town (b) & b->side_mask[side]; m != 0; m &= m - 1)
    sum += b->blocks[lowest_bit (m)].strength;
  return sum;
}

void
wb_col_battle_suggest (const WbColBattle *b,
                       WbColBattleChoice *choice)
{
  g_return_if_fail (b != NULL);
  g_return_if_fail (choice != NULL);

  *choice = (WbColBattleChoice) { .stage = (WbColStage) b->stage, .slot = -1, .road = -1, .counter = -1 };
  if (b->stage == WB_COL_STAGE_HIT)
    {
      guint32 choices = wb_col_battle_hit_choices (b);
      int best = G_MAXINT;

      for (int i = 0; i < b->n_blocks; i++)
        if ((choices & (1u << i)) && hit_value (&b->blocks[i]) < best)
          {
            best = hit_value (&b->blocks[i]);
            choice->slot = i;
          }
    }
  else if (b->stage == WB_COL_STAGE_TURN)
    {
      int slot = next_turn (b, NULL);
      const WbColBattleBlock *k = &b->blocks[slot];
      guint32 roads = retreat_roads (b, k);

      choice->slot = slot;
      if (must_retreat (b, k) && roads == 0)
        {
          choice->retreat = TRUE;
          return;
        }
      /* Retreat when it must, to save an HQ at 0 (a hit kills it), or when
       * its side is outnumbered two to one. */
      if (roads != 0 &&
          (must_retreat (b, k) || (k->kind == WB_COL_HQ && k->strength == 0) ||
           side_strength (b, k->side) * 2 < side_strength (b, 1 - k->side)))
        {
          choice->retreat = TRUE;
          choice->road = g_bit_nth_lsf (roads, -1);
        }
    }
}

gboolean
wb_col_battle_play_auto (WbColBattle *b,
                         const WbColBattleIo *io,
                         GError **error)
{
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (b->stage == WB_COL_STAGE_SETUP && !wb_col_battle_start (b, io, error))
    return FALSE;
  while (b->stage != WB_COL_STAGE_OVER)
    {
      WbColBattleChoice c;
      gboolean ok;

      wb_col_battle_suggest (b, &c);
      if (c.stage == WB_COL_STAGE_HIT)
        ok = wb_col_battle_choose_hit (b, c.slot, io, error);
      else if (c.retreat)
        ok = wb_col_battle_retreat (b, c.slot, c.road, io, error);
      else
        ok = wb_col_battle_fire (b, c.slot, c.counter, io, error);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}
