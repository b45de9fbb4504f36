/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col-battle"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/columbia/wb-col-battle.h"

/* The Columbia block battle (Shenandoah 6.0–6.8) with forced dice: the
 * rulebook's Battle Turn (Winchester), Battle Reinforcements (Front Royal)
 * and Battle Hits sidebars and the pursuit-round example of 6.73,
 * counter-battery, retreats round by round, HQs, the Harper's Ferry
 * garrison, a missing die; and random battles checked for what must
 * always hold. */

#define USA 0
#define CSA 1

typedef struct {
  int  faces[256];
  int  n_faces;
  int  next;
  GRand *rand;            /* when set: random dice, no forced faces */
  /* What the battle reported. */
  WbColBattleRecord recs[512];
  int  n_recs;
  int  hits_applied;
  int  lost_no_retreat;   /* hits left of the blocks eliminated for want of a road */
} Fix;

static gboolean
fix_die (gpointer data, int *face, GError **error)
{
  Fix *f = data;

  if (f->rand != NULL)
    {
      *face = g_rand_int_range (f->rand, 1, 7);
      return TRUE;
    }
  if (f->next >= f->n_faces)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL, "The players roll: give die %d", f->next + 1);
      return FALSE;
    }
  *face = f->faces[f->next++];
  return TRUE;
}

static void
fix_record (gpointer data, const WbColBattle *b, const WbColBattleRecord *rec)
{
  Fix *f = data;

  if (f->n_recs < (int) G_N_ELEMENTS (f->recs))
    f->recs[f->n_recs++] = *rec;
  if (rec->kind == WB_COL_REC_FIRE)
    for (int i = 0; i < rec->n_hits; i++)
      if (rec->targets[i] >= 0)
        f->hits_applied++;
  if (rec->kind == WB_COL_REC_NO_RETREAT)
    f->lost_no_retreat += wb_col_battle_block_hits_left (b, rec->slot);
}

static WbColBattleIo
fix_io (Fix *f)
{
  return (WbColBattleIo) { .die = fix_die, .record = fix_record, .data = f };
}

static void
fix_dice (Fix *f, const int *faces, int n)
{
  ck_assert_int_le (f->n_faces + n, (int) G_N_ELEMENTS (f->faces));
  memcpy (f->faces + f->n_faces, faces, sizeof (int) * (size_t) n);
  f->n_faces += n;
}

#define DICE(f, ...) G_STMT_START { const int _d[] = { __VA_ARGS__ }; fix_dice ((f), _d, G_N_ELEMENTS (_d)); } G_STMT_END

static int
add (WbColBattle *b, int index, int side, WbColKind kind, int strength, int max, const char *fp,
     int arrival, int road, gboolean crossed)
{
  g_autoptr(GError) error = NULL;
  WbColBlockSpec spec = {
    .index = index, .side = side, .kind = kind, .strength = strength, .max_strength = max,
    .letter = fp[0], .fire = fp[1] - '0', .arrival = arrival, .road = road, .crossed = crossed,
  };
  int slot = wb_col_battle_add (b, &spec, &error);

  ck_assert_msg (slot >= 0, "add %d: %s", index, error ? error->message : "?");
  return slot;
}

static void
fire (WbColBattle *b, Fix *f, int slot)
{
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (f);

  ck_assert_msg (wb_col_battle_fire (b, slot, -1, &io, &error), "fire %d: %s", slot, error ? error->message : "?");
}

static void
retreat (WbColBattle *b, Fix *f, int slot, int road)
{
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (f);

  ck_assert_msg (wb_col_battle_retreat (b, slot, road, &io, &error), "retreat %d: %s", slot,
                 error ? error->message : "?");
}

static void
start (WbColBattle *b, Fix *f)
{
  WbColBattleIo io = fix_io (f);

  ck_assert (wb_col_battle_start (b, &io, NULL));
}

/* Battle Turn sidebar: USA defends Winchester with A2 artillery, B1 Banks,
 * C1 and C2 infantry; CSA attacks from Newtown with B3 Jackson, A2
 * artillery, B1 cavalry, C3 and C2 infantry. */
START_TEST (test_winchester_order)
{
  WbColBattle b;
  Fix f = { 0 };
  int u_art, u_banks, u_c1, u_c2, c_jackson, c_art, c_cav, c_c3, c_c2;
  int expect[9];

  wb_col_battle_init (&b, CSA);
  wb_col_battle_add_road (&b, 6, TRUE, TRUE);      /* the Valley Pike to Newtown */
  /* Slots in the CSA's listing order first, so the order is the battle's, not the slots'. */
  c_jackson = add (&b, 10, CSA, WB_COL_HQ, 3, 3, "B3", 1, 0, FALSE);
  c_art = add (&b, 11, CSA, WB_COL_ARTILLERY, 3, 3, "A2", 1, 0, FALSE);
  c_cav = add (&b, 12, CSA, WB_COL_CAVALRY, 2, 3, "B1", 1, 0, FALSE);
  c_c3 = add (&b, 13, CSA, WB_COL_INFANTRY, 4, 4, "C3", 1, 0, FALSE);
  c_c2 = add (&b, 14, CSA, WB_COL_INFANTRY, 3, 4, "C2", 1, 0, FALSE);
  u_art = add (&b, 0, USA, WB_COL_ARTILLERY, 3, 3, "A2", 1, WB_COL_NO_ROAD, FALSE);
  u_banks = add (&b, 1, USA, WB_COL_HQ, 2, 3, "B1", 1, WB_COL_NO_ROAD, FALSE);
  u_c1 = add (&b, 2, USA, WB_COL_INFANTRY, 3, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  u_c2 = add (&b, 3, USA, WB_COL_INFANTRY, 4, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  expect[0] = u_art; expect[1] = c_art; expect[2] = u_banks; expect[3] = c_jackson; expect[4] = c_cav;
  expect[5] = u_c1; expect[6] = u_c2; expect[7] = c_c3; expect[8] = c_c2;
  for (int i = 0; i < 200; i++)
    f.faces[i] = 6;                 /* every die misses */
  f.n_faces = 200;
  start (&b, &f);

  for (int round = 1; round <= 2; round++)
    {
      /* (1) The CSA artillery is A1 on the attack in round 1, A2 in round 2. */
      ck_assert_int_eq (wb_col_battle_firepower (&b, c_art), round == 1 ? 1 : 2);
      ck_assert_int_eq (wb_col_battle_firepower (&b, u_art), 2);
      for (int t = 0; t < 9; t++)
        {
          int side;
          guint32 group = wb_col_battle_turn_group (&b);

          ck_assert_int_eq (b.round, round);
          ck_assert_int_eq (wb_col_battle_stage (&b, &side), WB_COL_STAGE_TURN);
          ck_assert_int_eq (side, b.blocks[expect[t]].side);
          ck_assert_msg (group & (1u << expect[t]), "round %d turn %d: slot %d not up (group %x)",
                         round, t + 1, expect[t], group);
          /* (2) The two CSA B blocks may fire in either order, as may the infantry of a side. */
          if (t == 3)
            ck_assert_uint_eq (group, (1u << c_jackson) | (1u << c_cav));
          else if (t == 5)
            ck_assert_uint_eq (group, (1u << u_c1) | (1u << u_c2));
          else if (t == 7)
            ck_assert_uint_eq (group, (1u << c_c3) | (1u << c_c2));
          else
            ck_assert_uint_eq (group, 1u << expect[t]);
          if (round == 2 && t == 3)
            {
              /* The owner's order: the cavalry before Jackson. */
              fire (&b, &f, c_cav);
              fire (&b, &f, c_jackson);
              t++;
              continue;
            }
          fire (&b, &f, expect[t]);
        }
    }
  ck_assert_int_eq (b.round, 3);
}
END_TEST

/* Out of order is refused with the battle untouched. */
START_TEST (test_turn_refused)
{
  WbColBattle b, before;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  int art, inf;

  wb_col_battle_init (&b, CSA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  art = add (&b, 0, CSA, WB_COL_ARTILLERY, 2, 3, "A2", 1, 0, FALSE);
  inf = add (&b, 1, USA, WB_COL_INFANTRY, 2, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  start (&b, &f);
  before = b;
  ck_assert (!wb_col_battle_fire (&b, inf, -1, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  /* A missing die: nothing changes, and the same fire goes through once it is given. */
  DICE (&f, 1);                       /* two steps roll two dice: one is missing */
  ck_assert (!wb_col_battle_fire (&b, art, -1, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL);
  ck_assert (memcmp (&b, &before, sizeof b) == 0);
  g_clear_error (&error);
  f.next = 0;
  DICE (&f, 6);                       /* the second die: A1 attacking, one hit */
  fire (&b, &f, art);
  ck_assert_int_eq (b.blocks[inf].strength, 1);
}
END_TEST

/* Battle Reinforcements sidebar: CSA attacks Front Royal from Strasburg
 * with 3A2, 3B2, 3C2 and 2C2 along a road (attack limit 4); USA defends
 * with 2C1 and reinforces from Newtown over the river with 3C2 and 3A2,
 * arriving in round 2. The CSA eliminates the C1 in round 1 and defends
 * Front Royal from then on. */
START_TEST (test_front_royal)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  int c_art, c_cav, c_c3, c_c2, u_c1, u_c3, u_art, strasburg, newtown, luray, side;
  gboolean flipped = FALSE;

  wb_col_battle_init (&b, CSA);
  strasburg = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  newtown = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  luray = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  c_art = add (&b, 10, CSA, WB_COL_ARTILLERY, 3, 3, "A2", 1, strasburg, FALSE);
  c_cav = add (&b, 11, CSA, WB_COL_CAVALRY, 3, 3, "B2", 1, strasburg, FALSE);
  c_c3 = add (&b, 12, CSA, WB_COL_INFANTRY, 3, 4, "C2", 1, strasburg, FALSE);
  c_c2 = add (&b, 13, CSA, WB_COL_INFANTRY, 2, 4, "C2", 1, strasburg, FALSE);
  u_c1 = add (&b, 0, USA, WB_COL_INFANTRY, 2, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  u_c3 = add (&b, 1, USA, WB_COL_INFANTRY, 3, 4, "C2", 2, newtown, TRUE);
  u_art = add (&b, 2, USA, WB_COL_ARTILLERY, 3, 3, "A2", 2, newtown, TRUE);
  start (&b, &f);

  /* Round 1: the reinforcements are not there: no turn, no hit. */
  ck_assert (!wb_col_battle_in_town (&b, u_c3));
  ck_assert_int_eq (wb_col_battle_firepower (&b, c_art), 1);
  DICE (&f, 1, 5, 6);                 /* CSA 3A2 (A1 offense): one hit */
  fire (&b, &f, c_art);
  ck_assert_int_eq (b.blocks[u_c1].strength, 1);
  DICE (&f, 3, 4, 5);                 /* CSA 3B2: misses */
  fire (&b, &f, c_cav);
  ck_assert_int_eq (wb_col_battle_next_turn (&b), u_c1);
  DICE (&f, 6);                       /* USA 1C1: misses */
  fire (&b, &f, u_c1);
  ck_assert_uint_eq (wb_col_battle_turn_group (&b), (1u << c_c3) | (1u << c_c2));
  DICE (&f, 2, 6, 6);                 /* CSA 3C2 eliminates the C1, ending the round */
  fire (&b, &f, c_c3);
  ck_assert (b.blocks[u_c1].flags & WB_COL_BLOCK_ELIMINATED);

  /* CSA is the defender for later rounds. */
  for (int i = 0; i < f.n_recs; i++)
    if (f.recs[i].kind == WB_COL_REC_FLIP)
      {
        flipped = TRUE;
        ck_assert_int_eq (f.recs[i].side, CSA);
        ck_assert_int_eq (f.recs[i].round, 1);
      }
  ck_assert (flipped);
  ck_assert_int_eq (b.round, 2);
  ck_assert_int_eq (b.attacker, USA);
  ck_assert (!wb_col_battle_is_attacker (&b, c_art));
  ck_assert (wb_col_battle_is_attacker (&b, u_art));
  ck_assert (wb_col_battle_in_town (&b, u_art));
  ck_assert_int_eq (wb_col_battle_stage (&b, &side), WB_COL_STAGE_TURN);

  /* Round 2: CSA 3A2 (A2 defense) one hit: the two USA 3-step blocks tie, USA picks. */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), c_art);
  ck_assert_int_eq (wb_col_battle_firepower (&b, c_art), 2);
  DICE (&f, 2, 6, 6);
  fire (&b, &f, c_art);
  ck_assert_int_eq (wb_col_battle_stage (&b, &side), WB_COL_STAGE_HIT);
  ck_assert_int_eq (side, USA);
  ck_assert_uint_eq (wb_col_battle_hit_choices (&b), (1u << u_c3) | (1u << u_art));
  ck_assert (wb_col_battle_choose_hit (&b, u_c3, &io, &error));
  ck_assert_int_eq (b.blocks[u_c3].strength, 2);
  /* (1) USA 3A2: its first round, reinforcing over the river, attacking: A0, no fire. */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), u_art);
  ck_assert_int_eq (wb_col_battle_firepower (&b, u_art), 0);
  ck_assert_int_eq (wb_col_battle_fire_dice (&b, u_art), 0);
  ck_assert_int_eq (wb_col_battle_fire_dice (&b, c_cav), 3);
  {
    int used = f.next;

    fire (&b, &f, u_art);
    ck_assert_int_eq (f.next, used);  /* no die rolled */
    ck_assert_int_eq (f.recs[f.n_recs - 1].kind, WB_COL_REC_FIRE);
    ck_assert_int_eq (f.recs[f.n_recs - 1].n_dice, 0);
  }
  /* The USA artillery fired (its turn is gone): it cannot retreat this round. */
  ck_assert_uint_eq (wb_col_battle_turn_group (&b) & (1u << u_art), 0);
  DICE (&f, 1, 5, 6);                 /* CSA 3B2: one hit, on the 3-step artillery */
  fire (&b, &f, c_cav);
  ck_assert_int_eq (b.blocks[u_art].strength, 2);
  ck_assert_uint_eq (wb_col_battle_turn_group (&b), (1u << c_c3) | (1u << c_c2));
  DICE (&f, 5, 6);                    /* CSA 2C2 (the sidebar prints "2C1"; it attacked as 2C2): misses */
  fire (&b, &f, c_c2);
  DICE (&f, 4, 5, 6);                 /* CSA 3C2: misses */
  fire (&b, &f, c_c3);
  /* (2) USA 2C2 retreats — as an attacker now, only along the road it reinforced by. */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), u_c3);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, u_c3), 1u << newtown);
  retreat (&b, &f, u_c3, newtown);
  ck_assert (b.blocks[u_c3].flags & WB_COL_BLOCK_RETREATED);

  /* Round 3: the CSA defends and retreats along any road the USA did not use. */
  ck_assert_int_eq (b.round, 3);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, c_art), (1u << strasburg) | (1u << luray));
  ck_assert_int_eq (wb_col_battle_firepower (&b, u_art), 2);
}
END_TEST

/* Battle Hits sidebar: a USA 3-step block rolls two hits against a CSA
 * 2-step and a 3-step block: the first goes to the 3-step block, the CSA
 * picks for the second. */
START_TEST (test_battle_hits)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  WbColBattleChoice c;
  int usa, c2, c3, side;
  const WbColBattleRecord *rec;

  wb_col_battle_init (&b, USA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  c2 = add (&b, 10, CSA, WB_COL_INFANTRY, 2, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  c3 = add (&b, 11, CSA, WB_COL_INFANTRY, 3, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  usa = add (&b, 0, USA, WB_COL_ARTILLERY, 3, 3, "A3", 1, 0, FALSE);
  start (&b, &f);
  DICE (&f, 1, 2, 6);                 /* A3 attacking: A2 in round 1, two hits */
  fire (&b, &f, usa);
  ck_assert_int_eq (b.blocks[c3].strength, 2);
  ck_assert_int_eq (wb_col_battle_stage (&b, &side), WB_COL_STAGE_HIT);
  ck_assert_int_eq (side, CSA);
  ck_assert_uint_eq (wb_col_battle_hit_choices (&b), (1u << c2) | (1u << c3));
  /* The automatic choice gives up the weaker firepower: the C1. */
  wb_col_battle_suggest (&b, &c);
  ck_assert_int_eq (c.stage, WB_COL_STAGE_HIT);
  ck_assert_int_eq (c.slot, c3);
  /* The CSA picks the other. */
  ck_assert (wb_col_battle_choose_hit (&b, c2, &io, &error));
  ck_assert_int_eq (b.blocks[c2].strength, 1);
  ck_assert_int_eq (b.blocks[c3].strength, 2);
  rec = &f.recs[f.n_recs - 1];
  while (rec->kind != WB_COL_REC_FIRE)
    rec--;
  ck_assert_int_eq (rec->n_dice, 3);
  ck_assert_int_eq (rec->n_hits, 2);
  ck_assert_int_eq (rec->firepower, 2);
  ck_assert_int_eq (rec->targets[0], c3);
  ck_assert_int_eq (rec->targets[1], c2);
  ck_assert_int_eq (rec->killed, 0);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_TURN);
  /* No hit waits now. */
  ck_assert (!wb_col_battle_choose_hit (&b, c2, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
}
END_TEST

/* A hit may not go to a block that is not among the strongest. */
START_TEST (test_hit_refused)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  int usa, a, b2, weak;

  wb_col_battle_init (&b, USA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  a = add (&b, 10, CSA, WB_COL_INFANTRY, 3, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  b2 = add (&b, 11, CSA, WB_COL_INFANTRY, 3, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  weak = add (&b, 12, CSA, WB_COL_INFANTRY, 1, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  usa = add (&b, 0, USA, WB_COL_INFANTRY, 1, 4, "B6", 1, 0, FALSE);
  start (&b, &f);
  DICE (&f, 4);
  fire (&b, &f, usa);
  ck_assert_uint_eq (wb_col_battle_hit_choices (&b), (1u << a) | (1u << b2));
  ck_assert (!wb_col_battle_choose_hit (&b, weak, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  ck_assert_int_eq (b.blocks[weak].strength, 1);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_HIT);
}
END_TEST

/* 6.63: declared before firing, every hit on the enemy artillery, the surplus wasted. */
START_TEST (test_counter_battery)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  int u_art, u_inf, c_art, c_inf;
  const WbColBattleRecord *rec;

  wb_col_battle_init (&b, CSA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  u_art = add (&b, 0, USA, WB_COL_ARTILLERY, 3, 3, "A2", 1, WB_COL_NO_ROAD, FALSE);
  u_inf = add (&b, 1, USA, WB_COL_INFANTRY, 4, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  c_art = add (&b, 10, CSA, WB_COL_ARTILLERY, 1, 3, "A2", 1, 0, FALSE);
  c_inf = add (&b, 11, CSA, WB_COL_INFANTRY, 4, 4, "C2", 1, 0, FALSE);
  start (&b, &f);
  /* Counter-battery is for artillery, at enemy artillery only. */
  ck_assert (!wb_col_battle_fire (&b, u_art, c_inf, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (!wb_col_battle_fire (&b, u_art, u_inf, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert_int_eq (f.next, 0);
  DICE (&f, 1, 2, 1);                 /* three hits: one kills the 1-step artillery, two wasted */
  ck_assert (wb_col_battle_fire (&b, u_art, c_art, &io, &error));
  ck_assert (b.blocks[c_art].flags & WB_COL_BLOCK_ELIMINATED);
  ck_assert_int_eq (b.blocks[c_inf].strength, 4);
  rec = &f.recs[f.n_recs - 1];
  ck_assert_int_eq (rec->kind, WB_COL_REC_FIRE);
  ck_assert_int_eq (rec->counter, c_art);
  ck_assert_int_eq (rec->n_hits, 3);
  ck_assert_int_eq (rec->targets[0], c_art);
  ck_assert_int_eq (rec->targets[1], -1);
  ck_assert_int_eq (rec->targets[2], -1);
  ck_assert_int_eq (rec->killed, 1);
  /* The infantry cannot declare it. */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), u_inf);
  ck_assert (!wb_col_battle_fire (&b, u_inf, c_art, &io, &error));
}
END_TEST

/* Retreats round by round (4.23, 6.3, 6.7–6.74). */
START_TEST (test_retreats)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  int pike, trail, closed, back, a_cav, a_inf1, a_inf2, a_inf3, d_cav, d_inf, d_inf2;

  wb_col_battle_init (&b, CSA);
  pike = wb_col_battle_add_road (&b, 6, TRUE, TRUE);       /* the CSA main attack */
  trail = wb_col_battle_add_road (&b, 1, TRUE, TRUE);      /* a CSA reinforcement (limit 1) */
  closed = wb_col_battle_add_road (&b, 4, FALSE, TRUE);    /* to a town the CSA holds */
  back = wb_col_battle_add_road (&b, 4, TRUE, TRUE);       /* behind the USA */
  a_cav = add (&b, 10, CSA, WB_COL_CAVALRY, 2, 3, "B1", 1, pike, FALSE);
  a_inf1 = add (&b, 11, CSA, WB_COL_INFANTRY, 4, 4, "C1", 1, pike, FALSE);
  a_inf2 = add (&b, 12, CSA, WB_COL_INFANTRY, 4, 4, "C1", 2, trail, FALSE);
  a_inf3 = add (&b, 13, CSA, WB_COL_INFANTRY, 4, 4, "C1", 2, trail, FALSE);
  d_cav = add (&b, 0, USA, WB_COL_CAVALRY, 2, 3, "B1", 1, WB_COL_NO_ROAD, FALSE);
  d_inf = add (&b, 1, USA, WB_COL_INFANTRY, 4, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  d_inf2 = add (&b, 2, USA, WB_COL_INFANTRY, 4, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  for (int i = 0; i < 200; i++)
    f.faces[i] = 6;
  f.n_faces = 200;
  start (&b, &f);

  /* Round 1: cavalry of either side may retreat; infantry may not. */
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, d_cav), 1u << back);
  /* The trail counts as soon as the reinforcements moved along it, before they arrive. */
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_cav), (1u << pike) | (1u << trail));
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, d_inf), 0);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf1), 0);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf2), 0);  /* not there yet */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), d_cav);
  /* Not along the attacker's road. */
  ck_assert (!wb_col_battle_retreat (&b, d_cav, pike, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  retreat (&b, &f, d_cav, back);
  fire (&b, &f, a_cav);
  fire (&b, &f, d_inf);
  ck_assert (!wb_col_battle_retreat (&b, d_inf2, back, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  fire (&b, &f, d_inf2);
  fire (&b, &f, a_inf1);

  /* Round 2: the attacker along the roads its side came by, within each
   * road's limit this round, never to an enemy town; the defender along the others. */
  ck_assert_int_eq (b.round, 2);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf2), (1u << pike) | (1u << trail));
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, d_inf), 1u << back);
  fire (&b, &f, a_cav);
  fire (&b, &f, d_inf);
  fire (&b, &f, d_inf2);
  retreat (&b, &f, a_inf2, trail);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf3), 1u << pike);
  ck_assert (!wb_col_battle_retreat (&b, a_inf3, trail, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  ck_assert_ptr_nonnull (strstr (error->message, "6.71"));
  g_clear_error (&error);
  ck_assert (!wb_col_battle_retreat (&b, a_inf3, closed, &io, &error));
  g_clear_error (&error);
  fire (&b, &f, a_inf3);
  fire (&b, &f, a_inf1);

  /* Round 3: the limits are per round. */
  ck_assert_int_eq (b.round, 3);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf3), (1u << pike) | (1u << trail));
  fire (&b, &f, a_cav);
  fire (&b, &f, d_inf);
  fire (&b, &f, d_inf2);
  fire (&b, &f, a_inf3);
  fire (&b, &f, a_inf1);

  /* Round 4: attackers must retreat, may not fire; one that cannot is eliminated. */
  ck_assert_int_eq (b.round, 4);
  ck_assert (wb_col_battle_must_retreat (&b, a_cav));
  ck_assert (!wb_col_battle_must_retreat (&b, d_inf));
  ck_assert (!wb_col_battle_fire (&b, a_cav, -1, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  retreat (&b, &f, a_cav, pike);
  fire (&b, &f, d_inf);
  fire (&b, &f, d_inf2);
  /* Both attacking C1s: the trail takes one; the CSA closes the pike
   * meanwhile (another battle took the town behind): the other is lost. */
  wb_col_battle_set_road_open (&b, pike, CSA, FALSE);
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, a_inf1), 1u << trail);
  retreat (&b, &f, a_inf3, trail);
  ck_assert (b.blocks[a_inf1].flags & WB_COL_BLOCK_ELIMINATED);
  ck_assert_int_eq (f.recs[f.n_recs - 2].kind, WB_COL_REC_NO_RETREAT);
  ck_assert_int_eq (f.recs[f.n_recs - 2].slot, a_inf1);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_OVER);
  ck_assert_int_eq (b.victor, USA);
  ck_assert_int_eq (f.recs[f.n_recs - 1].kind, WB_COL_REC_OVER);
}
END_TEST

/* 6.73 example: attacker A2 artillery and C2 infantry, defender B1 cavalry
 * and C2 infantry; round 4: the artillery retreats, the cavalry fires B2,
 * the infantry C2, the attacking infantry retreats. */
START_TEST (test_pursuit)
{
  WbColBattle b;
  Fix f = { 0 };
  int a_art, a_inf, d_cav, d_inf, road;
  int order[4], n = 0;

  wb_col_battle_init (&b, USA);
  road = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  a_art = add (&b, 0, USA, WB_COL_ARTILLERY, 2, 3, "A2", 1, road, FALSE);
  a_inf = add (&b, 1, USA, WB_COL_INFANTRY, 2, 4, "C2", 1, road, FALSE);
  d_cav = add (&b, 10, CSA, WB_COL_CAVALRY, 2, 3, "B1", 1, WB_COL_NO_ROAD, FALSE);
  d_inf = add (&b, 11, CSA, WB_COL_INFANTRY, 2, 4, "C2", 1, WB_COL_NO_ROAD, FALSE);
  for (int i = 0; i < 200; i++)
    f.faces[i] = 6;
  f.n_faces = 200;
  start (&b, &f);
  while (b.round < 4)
    fire (&b, &f, wb_col_battle_next_turn (&b));
  ck_assert_int_eq (wb_col_battle_firepower (&b, d_cav), 2);
  ck_assert_int_eq (wb_col_battle_firepower (&b, d_inf), 2);
  while (wb_col_battle_stage (&b, NULL) == WB_COL_STAGE_TURN)
    {
      int slot = wb_col_battle_next_turn (&b);

      order[n++] = slot;
      if (wb_col_battle_must_retreat (&b, slot))
        retreat (&b, &f, slot, road);
      else
        fire (&b, &f, slot);
    }
  ck_assert_int_eq (n, 4);
  ck_assert_int_eq (order[0], a_art);
  ck_assert_int_eq (order[1], d_cav);
  ck_assert_int_eq (order[2], d_inf);
  ck_assert_int_eq (order[3], a_inf);
  ck_assert (b.blocks[a_art].flags & WB_COL_BLOCK_RETREATED);
  ck_assert (b.blocks[a_inf].flags & WB_COL_BLOCK_RETREATED);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_OVER);
  ck_assert_int_eq (b.victor, CSA);
  ck_assert_int_eq (b.round, 4);
}
END_TEST

/* Round 4 with the only road shut when the attacker's turn comes: it is lost (6.73). */
START_TEST (test_no_road_left)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  WbColBattleChoice c;
  int att, def, road;

  wb_col_battle_init (&b, USA);
  road = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  att = add (&b, 0, USA, WB_COL_INFANTRY, 3, 4, "C2", 1, road, FALSE);
  def = add (&b, 10, CSA, WB_COL_INFANTRY, 3, 4, "C1", 1, WB_COL_NO_ROAD, FALSE);
  for (int i = 0; i < 200; i++)
    f.faces[i] = 6;
  f.n_faces = 200;
  start (&b, &f);
  while (b.round < 4)
    fire (&b, &f, wb_col_battle_next_turn (&b));
  fire (&b, &f, def);
  ck_assert_int_eq (wb_col_battle_next_turn (&b), att);
  /* With a road open, "no road" is no way out. */
  ck_assert (!wb_col_battle_retreat (&b, att, WB_COL_NO_ROAD, &io, &error));
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  wb_col_battle_set_road_open (&b, road, USA, FALSE);
  wb_col_battle_suggest (&b, &c);
  ck_assert (c.retreat);
  ck_assert_int_eq (c.slot, att);
  ck_assert_int_eq (c.road, WB_COL_NO_ROAD);
  ck_assert (wb_col_battle_retreat (&b, att, WB_COL_NO_ROAD, &io, &error));
  ck_assert (b.blocks[att].flags & WB_COL_BLOCK_ELIMINATED);
  ck_assert_int_eq (f.recs[f.n_recs - 2].kind, WB_COL_REC_NO_RETREAT);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_OVER);
  ck_assert_int_eq (b.victor, CSA);
}
END_TEST

/* 6.62: an HQ lives at 0 and dies to one more hit. */
START_TEST (test_hq)
{
  WbColBattle b;
  Fix f = { 0 };
  int hq, inf, art;
  const WbColBattleRecord *rec;

  wb_col_battle_init (&b, CSA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  hq = add (&b, 0, USA, WB_COL_HQ, 1, 3, "B1", 1, WB_COL_NO_ROAD, FALSE);
  art = add (&b, 10, CSA, WB_COL_ARTILLERY, 1, 3, "A2", 1, 0, FALSE);
  inf = add (&b, 11, CSA, WB_COL_INFANTRY, 2, 4, "C2", 1, 0, FALSE);
  ck_assert_int_eq (wb_col_battle_block_hits_left (&b, hq), 2);
  start (&b, &f);
  DICE (&f, 1);                       /* one hit: Banks at 0, still there */
  fire (&b, &f, art);
  ck_assert_int_eq (b.blocks[hq].strength, 0);
  ck_assert (wb_col_battle_in_town (&b, hq));
  ck_assert_int_eq (wb_col_battle_block_hits_left (&b, hq), 1);
  /* At 0 it rolls no dice (4.11) but still has its turn. */
  ck_assert_int_eq (wb_col_battle_next_turn (&b), hq);
  fire (&b, &f, hq);
  DICE (&f, 2, 6);                    /* one more hit: eliminated, the battle won */
  fire (&b, &f, inf);
  ck_assert (b.blocks[hq].flags & WB_COL_BLOCK_ELIMINATED);
  rec = &f.recs[f.n_recs - 2];
  ck_assert_int_eq (rec->kind, WB_COL_REC_FIRE);
  ck_assert_int_eq (rec->targets[0], hq);
  ck_assert_int_eq (rec->killed, 1);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_OVER);
  ck_assert_int_eq (b.victor, CSA);
  ck_assert (!b.flipped);
}
END_TEST

/* 4.4: the Harper's Ferry garrison cannot retreat: it wins or is eliminated. */
START_TEST (test_garrison)
{
  WbColBattle b;
  Fix f = { 0 };
  g_autoptr(GError) error = NULL;
  WbColBattleIo io = fix_io (&f);
  WbColBattleChoice c;
  WbColBlockSpec moved = {
    .index = 5, .side = USA, .kind = WB_COL_INFANTRY, .strength = 2, .max_strength = 4,
    .letter = 'C', .fire = 1, .arrival = 1, .road = 0, .is_static = TRUE,
  };
  int gar, inf, road, back;

  wb_col_battle_init (&b, CSA);
  road = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  back = wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  ck_assert_int_eq (wb_col_battle_add (&b, &moved, &error), -1);
  g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID);
  g_clear_error (&error);
  {
    WbColBlockSpec spec = moved;

    spec.road = WB_COL_NO_ROAD;
    gar = wb_col_battle_add (&b, &spec, &error);
    ck_assert_int_ge (gar, 0);
  }
  inf = add (&b, 10, CSA, WB_COL_INFANTRY, 4, 4, "C3", 1, road, FALSE);
  for (int i = 0; i < 200; i++)
    f.faces[i] = 6;
  f.n_faces = 200;
  start (&b, &f);
  fire (&b, &f, gar);
  fire (&b, &f, inf);
  /* Round 2: outnumbered two to one, it would retreat; it may not. */
  ck_assert_uint_eq (wb_col_battle_retreat_roads (&b, gar), 0);
  ck_assert (!wb_col_battle_retreat (&b, gar, back, &io, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "4.4"));
  wb_col_battle_suggest (&b, &c);
  ck_assert (!c.retreat);
  f.next = 0;
  for (int i = 0; i < 200; i++)
    f.faces[i] = 1;
  fire (&b, &f, gar);                 /* 2 hits */
  fire (&b, &f, inf);                 /* 2 hits: the garrison (2 steps) is gone */
  ck_assert (b.blocks[gar].flags & WB_COL_BLOCK_ELIMINATED);
  ck_assert_int_eq (b.victor, CSA);
  ck_assert_int_eq (wb_col_battle_stage (&b, NULL), WB_COL_STAGE_OVER);
}
END_TEST

/* Blocks the family could not describe are refused, naming what is wrong. */
START_TEST (test_add_refused)
{
  static const struct {
    WbColBlockSpec spec;
    int code;
  } bad[] = {
    { { .side = 2, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = 9, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 0, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 5, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 7, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'D', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 7, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 4, .road = 0 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = 3 }, WB_RULES_ERROR_RANGE },
    { { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 2, .road = -1 }, WB_RULES_ERROR_INVALID },
    { { .index = 70000, .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 4, .letter = 'C', .fire = 1, .arrival = 1, .road = -1 }, WB_RULES_ERROR_RANGE },
  };
  WbColBattle b;

  wb_col_battle_init (&b, CSA);
  wb_col_battle_add_road (&b, 4, TRUE, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      ck_assert_msg (wb_col_battle_add (&b, &bad[i].spec, &error) == -1, "case %u accepted", i);
      ck_assert_msg (error != NULL && error->domain == WB_RULES_ERROR && error->code == bad[i].code,
                     "case %u: %s", i, error ? error->message : "no error");
    }
  ck_assert_int_eq (b.n_blocks, 0);
  /* An HQ (or an HQ detachment, 7.4) may be at 0. */
  {
    WbColBlockSpec hq = { .side = 0, .kind = WB_COL_HQ, .strength = 0, .max_strength = 1,
                          .letter = 'B', .fire = 1, .arrival = 1, .road = -1 };

    ck_assert_int_eq (wb_col_battle_add (&b, &hq, NULL), 0);
  }
  for (int i = 1; i < WB_COL_BATTLE_MAX_BLOCKS; i++)
    add (&b, i, 1, WB_COL_INFANTRY, 1, 1, "C1", 1, 0, FALSE);
  {
    g_autoptr(GError) error = NULL;
    WbColBlockSpec one = { .side = 0, .kind = WB_COL_INFANTRY, .strength = 1, .max_strength = 1,
                           .letter = 'C', .fire = 1, .arrival = 1, .road = -1 };

    ck_assert_int_eq (wb_col_battle_add (&b, &one, &error), -1);
    g_assert_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE);
  }
}
END_TEST

/* Random battles with the automatic choices (and now and then a random
 * retreat): they always end within four rounds, strengths stay within their
 * steps, each hit takes exactly one step (the steps lost add up to the hits
 * placed plus the blocks lost for want of a retreat road), and only the
 * victor's blocks are left in the town. */
START_TEST (test_random_battles)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);

  for (int n = 0; n < 3000; n++)
    {
      WbColBattle b;
      Fix *f = g_new0 (Fix, 1);
      WbColBattleIo io = fix_io (f);
      int attacker = g_rand_int_range (rand, 0, 2), n_roads = g_rand_int_range (rand, 1, 5);
      int before = 0, after = 0, actions = 0;
      static const WbColKind kinds[] = { WB_COL_INFANTRY, WB_COL_CAVALRY, WB_COL_ARTILLERY, WB_COL_HQ };

      f->rand = rand;
      wb_col_battle_init (&b, attacker);
      for (int r = 0; r < n_roads; r++)
        wb_col_battle_add_road (&b, g_rand_int_range (rand, 1, 7), g_rand_int_range (rand, 0, 4) != 0,
                                g_rand_int_range (rand, 0, 4) != 0);
      for (int side = 0; side < 2; side++)
        for (int i = g_rand_int_range (rand, 1, 8); i > 0; i--)
          {
            WbColKind kind = kinds[g_rand_int_range (rand, 0, 4)];
            int max = kind == WB_COL_HQ ? 3 : g_rand_int_range (rand, 1, 5);
            int arrival = g_rand_int_range (rand, 1, 4);
            int road = side == attacker || arrival > 1 ? g_rand_int_range (rand, 0, n_roads) : WB_COL_NO_ROAD;
            char fp[3] = { (char) ('A' + g_rand_int_range (rand, 0, 3)), (char) ('0' + g_rand_int_range (rand, 0, 5)), 0 };
            int slot;

            if (side == attacker && arrival == 3)
              arrival = 2;
            if (side != attacker && g_rand_int_range (rand, 0, 2) == 0)
              {
                arrival = 1;
                road = WB_COL_NO_ROAD;
              }
            slot = add (&b, i, side, kind, g_rand_int_range (rand, kind == WB_COL_HQ ? 0 : 1, max + 1), max, fp,
                        arrival, road, g_rand_int_range (rand, 0, 3) == 0);
            if (road == WB_COL_NO_ROAD && g_rand_int_range (rand, 0, 10) == 0)
              b.blocks[slot].flags |= WB_COL_BLOCK_STATIC;
          }
      for (int i = 0; i < b.n_blocks; i++)
        before += wb_col_battle_block_hits_left (&b, i);
      ck_assert (wb_col_battle_start (&b, &io, NULL));
      while (wb_col_battle_stage (&b, NULL) != WB_COL_STAGE_OVER)
        {
          WbColBattleChoice c;

          wb_col_battle_suggest (&b, &c);
          /* Now and then a random legal choice instead of the suggestion. */
          if (c.stage == WB_COL_STAGE_TURN && !wb_col_battle_must_retreat (&b, c.slot))
            {
              guint32 roads = wb_col_battle_retreat_roads (&b, c.slot);

              if (roads != 0 && g_rand_int_range (rand, 0, 4) == 0)
                {
                  c.retreat = TRUE;
                  c.road = g_bit_nth_lsf (roads, -1);
                }
            }
          if (c.stage == WB_COL_STAGE_HIT)
            ck_assert (wb_col_battle_choose_hit (&b, c.slot, &io, NULL));
          else if (c.retreat)
            ck_assert (wb_col_battle_retreat (&b, c.slot, c.road, &io, NULL));
          else
            ck_assert (wb_col_battle_fire (&b, c.slot, -1, &io, NULL));
          ck_assert_int_le (b.round, WB_COL_BATTLE_ROUNDS);
          ck_assert_int_le (++actions, 4 * WB_COL_BATTLE_MAX_BLOCKS * 8);
          for (int i = 0; i < b.n_blocks; i++)
            {
              ck_assert_int_le (b.blocks[i].strength, b.blocks[i].max_strength);
              if (b.blocks[i].flags & WB_COL_BLOCK_ELIMINATED)
                ck_assert_int_eq (b.blocks[i].strength, 0);
            }
        }
      for (int r = 0; r < f->n_recs; r++)
        ck_assert_int_le (f->recs[r].round, WB_COL_BATTLE_ROUNDS);
      for (int i = 0; i < b.n_blocks; i++)
        after += wb_col_battle_block_hits_left (&b, i);
      ck_assert_int_eq (before - after, f->hits_applied + f->lost_no_retreat);
      /* The victor holds the town; after round 4 no attacker is left in it. */
      for (int i = 0; i < b.n_blocks; i++)
        if (wb_col_battle_in_town (&b, i))
          ck_assert_int_eq (b.blocks[i].side, b.victor);
      g_free (f);
    }
}
END_TEST

static Suite *
col_battle_suite (void)
{
  Suite *s = suite_create ("col-battle");
  TCase *tc = tcase_create ("col-battle");

  tcase_add_test (tc, test_winchester_order);
  tcase_add_test (tc, test_turn_refused);
  tcase_add_test (tc, test_front_royal);
  tcase_add_test (tc, test_battle_hits);
  tcase_add_test (tc, test_hit_refused);
  tcase_add_test (tc, test_counter_battery);
  tcase_add_test (tc, test_retreats);
  tcase_add_test (tc, test_pursuit);
  tcase_add_test (tc, test_no_road_left);
  tcase_add_test (tc, test_hq);
  tcase_add_test (tc, test_garrison);
  tcase_add_test (tc, test_add_refused);
  tcase_add_test (tc, test_random_battles);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (col_battle_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
