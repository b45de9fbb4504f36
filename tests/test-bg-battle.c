/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-bg-battle"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/wb-family.h"

/* The Blue & Gray battle board (base rules 11) with forced dice: the
 * rulebook's Movement & Battle Example step by step, forced and voluntary
 * retreats and their fire, hit allocation, fortresses, trenches, Grant's
 * re-roll, and a missing typed roll. */

typedef struct {
  int        faces[64];
  int        n_faces;
  int        next;
  GPtrArray *lines;
  const char *names[8];
} Dice;

static gboolean
dice_die (gpointer data, int sides, int *face, GError **error)
{
  Dice *d = data;

  if (d->next >= d->n_faces)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, "The players roll: give die %d of %d faces",
                   d->next + 1, sides);
      return FALSE;
    }
  *face = d->faces[d->next++];
  return TRUE;
}

static void
dice_say (gpointer data, const char *text)
{
  Dice *d = data;

  g_ptr_array_add (d->lines, g_strdup (text));
}

static const char *
dice_name (gpointer data, int index)
{
  Dice *d = data;

  return index >= 0 && index < 8 ? d->names[index] : NULL;
}

static const char *
dice_side (gpointer data, WbBgSide side)
{
  (void) data;
  return side == WB_BG_ATTACKER ? "Union" : "Confederate";
}

static void
dice_init (Dice *d, WbBgBattleIo *io)
{
  memset (d, 0, sizeof *d);
  d->lines = g_ptr_array_new_with_free_func (g_free);
  io->die = dice_die;
  io->say = dice_say;
  io->name = dice_name;
  io->side_name = dice_side;
  io->say_dice = NULL;
  io->data = d;
}

static void
dice_push (Dice *d, int n, const int *faces)
{
  d->n_faces = d->next = 0;
  for (int i = 0; i < n; i++)
    d->faces[d->n_faces++] = faces[i];
}

#define PUSH(d, ...) do { const int f_[] = { __VA_ARGS__ }; dice_push ((d), G_N_ELEMENTS (f_), f_); } while (0)

static gboolean
has_line (Dice *d, const char *text)
{
  for (guint i = 0; i < d->lines->len; i++)
    if (strstr (g_ptr_array_index (d->lines, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static void
assert_stage (const WbBgBattle *b, WbBgStage stage, WbBgSide side)
{
  WbBgSide s;

  ck_assert_msg (wb_bg_battle_stage (b, &s) == stage, "stage %s, expected %s",
                 wb_bg_battle_stage_name (b->stage), wb_bg_battle_stage_name (stage));
  ck_assert_int_eq (s, side);
}

static void
roll_ok (WbBgBattle *b, const WbBgBattleIo *io)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_bg_battle_roll (b, io, &error), "%s", error ? error->message : "");
}

static void
allocate_ok (WbBgBattle *b, const WbBgBattleIo *io, int n, const int *slots)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_bg_battle_allocate (b, slots, n, io, &error), "%s", error ? error->message : "");
}

#define ALLOCATE(b, io, ...) do { const int s_[] = { __VA_ARGS__ }; allocate_ok ((b), (io), G_N_ELEMENTS (s_), s_); } while (0)

/* Base rules, Movement & Battle Example: Union VI (across a river and a
 * mountain) and VIII attack EA at Snickersville; XIX waits in Salem. */
START_TEST (test_example)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  g_autoptr(GError) error = NULL;
  int ea, vi, viii, xix;

  dice_init (&d, &io);
  d.names[0] = "Confederate EA";
  d.names[1] = "Union VI";
  d.names[2] = "Union VIII";
  d.names[3] = "Union XIX";
  wb_bg_battle_init (&b);
  b.rating[WB_BG_ATTACKER] = 8;   /* Sheridan */
  /* EA's morale is not in the text: 3, so its roll of 3 is the boundary (not higher: passes). */
  ea = wb_bg_battle_add (&b, 0, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 3, 4, 0, FALSE);
  vi = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 4, 4, WB_BG_UNIT_CROSSED, FALSE);
  viii = wb_bg_battle_add (&b, 2, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 4, 3, 3, 0, FALSE);
  xix = wb_bg_battle_add (&b, 3, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 4, 4, 0, TRUE);
  ck_assert_int_eq (xix, 3);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  ck_assert_int_eq (b.units[ea].box, WB_BG_BOX_LINE);
  ck_assert_int_eq (b.units[vi].box, WB_BG_BOX_CROSSING);
  ck_assert (has_line (&d, "Union VI stands in the river/mountain line (−1 die in the first round)"));
  ck_assert_int_eq (b.units[viii].box, WB_BG_BOX_LINE);
  ck_assert_int_eq (b.units[xix].box, WB_BG_BOX_OFF);
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_DEFENDER);

  /* EA rolls 4 dice: two hits. */
  ck_assert_int_eq (wb_bg_battle_dice_needed (&b), 4);
  PUSH (&d, 6, 6, 1, 2);
  roll_ok (&b, &io);
  ck_assert (has_line (&d, "Confederate EA rolls 4 dice: 6 6 1 2 → 2 hits"));
  assert_stage (&b, WB_BG_STAGE_ALLOCATE, WB_BG_ATTACKER);
  ck_assert_int_eq (b.pending_hits, 2);
  /* The Union takes both on VIII, 4 → 2 SP. */
  ALLOCATE (&b, &io, viii, viii);
  ck_assert_int_eq (b.units[viii].sp, 2);
  ck_assert (has_line (&d, "Union VIII takes 2 hits: 4 → 2 SP"));
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_ATTACKER);

  /* VI rolls 3 dice, not 4 (−1 in the first round); VIII 3: six dice, one hit. */
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, vi), 3);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, viii), 3);
  ck_assert_int_eq (wb_bg_battle_dice_needed (&b), 6);
  PUSH (&d, 6, 2, 5, 1, 3, 4);
  roll_ok (&b, &io);
  ck_assert_msg (has_line (&d, "Union VI rolls 3 dice (−1, across a river and a mountain): 6 2 5 → 1 hit"),
                 "%s", (char *) g_ptr_array_index (d.lines, d.lines->len - 2));
  ck_assert (has_line (&d, "Union VIII rolls 3 dice: 1 3 4 → 0 hits"));
  /* EA alone can take it: no choice to ask for. */
  ck_assert_int_eq (b.units[ea].sp, 7);
  ck_assert (has_line (&d, "Confederate EA takes 1 hit: 8 → 7 SP"));

  /* Morale: the attacker first, VIII rolls 5 and 2 against 3 and fails. */
  assert_stage (&b, WB_BG_STAGE_MORALE, WB_BG_ATTACKER);
  ck_assert_int_eq (wb_bg_battle_dice_needed (&b), 2);
  PUSH (&d, 5, 2);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[viii].box, WB_BG_BOX_FAILED);
  ck_assert (has_line (&d, "Union VIII checks morale 3: 5 2 → fails"));
  /* EA rolls a 3 and passes. */
  assert_stage (&b, WB_BG_STAGE_MORALE, WB_BG_DEFENDER);
  PUSH (&d, 3);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[ea].box, WB_BG_BOX_LINE);

  /* Neither retreats. */
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_ATTACKER);
  ck_assert_int_eq (wb_bg_battle_dice_needed (&b), 0);
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_DEFENDER);
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));
  /* The defender has nobody to bring: the attacker's XIX tries, 4 + 5 ≥ 8. */
  assert_stage (&b, WB_BG_STAGE_REINFORCE, WB_BG_ATTACKER);
  PUSH (&d, 4, 5);
  ck_assert (wb_bg_battle_reinforce (&b, 1u << xix, &io, &error));
  ck_assert_int_eq (b.units[xix].box, WB_BG_BOX_LINE);
  ck_assert (b.units[xix].flags & WB_BG_UNIT_ENTERED);

  /* Round two: VI moves to the line and rolls 4. */
  ck_assert_int_eq (b.round, 2);
  ck_assert_int_eq (b.units[vi].box, WB_BG_BOX_LINE);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, vi), 4);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, viii), 0);   /* failed morale: no fire */
  ck_assert_int_eq (b.units[viii].hits, 0);
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_DEFENDER);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* The defender's line is destroyed: forced retreat, two locations; every
 * attacking infantry and garrison unit (in failed morale too) rolls a
 * normal battle fire; leaders do not. */
START_TEST (test_forced_retreat)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  WbBgBattleResult r;
  g_autoptr(GError) error = NULL;
  int a1, a2, lead, d1, cav;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 6, 4, 3, 0, FALSE);
  a2 = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_GARRISON, 3, 2, 2, 0, FALSE);
  lead = wb_bg_battle_add (&b, 2, WB_BG_ATTACKER, WB_BG_CLASS_LEADER, 0, 0, 0, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 3, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 2, 4, 2, 0, FALSE);
  cav = wb_bg_battle_add (&b, 4, WB_BG_DEFENDER, WB_BG_CLASS_CAVALRY, 3, 4, 0, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  ck_assert_int_eq (b.units[lead].box, WB_BG_BOX_RESERVE);
  ck_assert_int_eq (b.units[cav].box, WB_BG_BOX_RESERVE);

  /* Round 1: D1 hits the garrison, which fails its morale. */
  PUSH (&d, 6, 1);
  roll_ok (&b, &io);
  ALLOCATE (&b, &io, a2);
  PUSH (&d, 1, 1, 1, 1, 1);
  roll_ok (&b, &io);
  assert_stage (&b, WB_BG_STAGE_MORALE, WB_BG_ATTACKER);
  PUSH (&d, 4);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[a2].box, WB_BG_BOX_FAILED);
  /* Nobody on the defender's side was hit: no check, straight to retreat. */
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_ATTACKER);
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));

  /* Round 2: A1 alone fires (3 dice), two hits destroy D1's 2 SP. */
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_DEFENDER);
  PUSH (&d, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 6, 6, 2);
  roll_ok (&b, &io);
  /* D1 is the only line unit: both hits on it, no choice to ask for. */
  ck_assert (b.units[d1].flags & WB_BG_UNIT_ELIMINATED);
  ck_assert (has_line (&d, "Confederate's line is empty: forced retreat of two locations"));
  /* Retreat fire from A1 (3 dice) and A2 in failed morale (its 2 dice). */
  assert_stage (&b, WB_BG_STAGE_RETREAT_FIRE, WB_BG_ATTACKER);
  PUSH (&d, 1, 2, 3, 6, 1);
  roll_ok (&b, &io);
  ck_assert_int_eq (d.next, 5);
  /* The cavalry, all that is left, takes the hit. */
  ck_assert_int_eq (b.units[cav].sp, 2);
  assert_stage (&b, WB_BG_STAGE_OVER, WB_BG_ATTACKER);
  wb_bg_battle_result (&b, &r);
  ck_assert (r.over);
  ck_assert_int_eq (r.retreat_side, WB_BG_DEFENDER);
  ck_assert_int_eq (r.retreat, WB_BG_RETREAT_FORCED);
  ck_assert_int_eq (r.retreat_locations, 2);
  ck_assert_int_eq (r.holder, WB_BG_ATTACKER);
  ck_assert_int_eq (r.eliminated[WB_BG_DEFENDER], 1);
  ck_assert_int_eq (r.eliminated[WB_BG_ATTACKER], 0);
  ck_assert_int_eq (b.units[a1].sp, 6);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* The attacker's line fails its morale: forced retreat before the
 * defender checks; with no retreat location every unit is eliminated. */
START_TEST (test_forced_retreat_blocked)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  WbBgBattleResult r;
  g_autoptr(GError) error = NULL;
  int a1, d1;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  b.no_retreat[WB_BG_ATTACKER] = 1;
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 6, 2, 2, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 2, 2, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 6, 1);
  roll_ok (&b, &io);
  PUSH (&d, 6, 1);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[a1].sp, 5);
  ck_assert_int_eq (b.units[d1].sp, 5);
  /* A1 fails (6 > 2): the defender, also hit, does not check. */
  PUSH (&d, 6);
  roll_ok (&b, &io);
  ck_assert_int_eq (d.next, 1);
  assert_stage (&b, WB_BG_STAGE_OVER, WB_BG_DEFENDER);
  ck_assert (b.units[a1].flags & WB_BG_UNIT_ELIMINATED);
  wb_bg_battle_result (&b, &r);
  ck_assert (r.retreat_blocked);
  ck_assert_int_eq (r.holder, WB_BG_DEFENDER);
  ck_assert_int_eq (r.eliminated[WB_BG_ATTACKER], 1);
  ck_assert_int_eq (b.units[d1].box, WB_BG_BOX_LINE);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* A voluntary retreat: one die per opposing infantry and garrison unit
 * (not cavalry in reserve), hits on any retreating unit, and the side that
 * stayed brings its candidates in without a roll. */
START_TEST (test_voluntary_retreat)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  WbBgBattleResult r;
  g_autoptr(GError) error = NULL;
  int a1, acav, d1, d2, dcav, dcand;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, FALSE);
  acav = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_CAVALRY, 2, 4, 0, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, FALSE);
  d2 = wb_bg_battle_add (&b, 3, WB_BG_DEFENDER, WB_BG_CLASS_GARRISON, 2, 4, 1, 0, FALSE);
  dcav = wb_bg_battle_add (&b, 4, WB_BG_DEFENDER, WB_BG_CLASS_CAVALRY, 3, 4, 0, 0, FALSE);
  dcand = wb_bg_battle_add (&b, 5, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, TRUE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 1, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 1, 1);
  roll_ok (&b, &io);
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_ATTACKER);
  ck_assert (wb_bg_battle_decide (&b, TRUE, &io, &error));
  ck_assert (has_line (&d, "Union retreats voluntarily, one location"));
  /* D1 and D2 roll one die each; the cavalry does not. */
  assert_stage (&b, WB_BG_STAGE_RETREAT_FIRE, WB_BG_DEFENDER);
  PUSH (&d, 6, 6, 6);
  roll_ok (&b, &io);
  ck_assert_int_eq (d.next, 2);
  ck_assert (has_line (&d, "rolls 1 die (retreat fire): 6 → 1 hit"));
  /* Retreat fire may fall on the cavalry while A1 is in the line. */
  assert_stage (&b, WB_BG_STAGE_ALLOCATE, WB_BG_ATTACKER);
  ALLOCATE (&b, &io, acav, a1);
  ck_assert_int_eq (b.units[acav].sp, 1);
  ck_assert_int_eq (b.units[a1].sp, 5);
  /* The defender's candidate enters without a roll. */
  assert_stage (&b, WB_BG_STAGE_REINFORCE, WB_BG_DEFENDER);
  PUSH (&d, 0);
  d.n_faces = 0;
  ck_assert (wb_bg_battle_reinforce (&b, 1u << dcand, &io, &error));
  ck_assert_int_eq (b.units[dcand].box, WB_BG_BOX_LINE);
  assert_stage (&b, WB_BG_STAGE_OVER, WB_BG_DEFENDER);
  wb_bg_battle_result (&b, &r);
  ck_assert_int_eq (r.retreat, WB_BG_RETREAT_VOLUNTARY);
  ck_assert_int_eq (r.retreat_locations, 1);
  ck_assert_int_eq (r.retreat_side, WB_BG_ATTACKER);
  ck_assert_int_eq (r.holder, WB_BG_DEFENDER);
  ck_assert_int_eq (b.units[d2].sp, 2);
  ck_assert_int_eq (b.units[dcav].sp, 3);
  ck_assert_int_eq (b.units[d1].sp, 6);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* 11.2: reserve and failed morale units take hits only when no line unit
 * is left; a refused allocation changes nothing. Steps: a block's next
 * lower step per hit. */
START_TEST (test_allocation)
{
  WbBgBattle b, before;
  WbBgBattleIo io;
  Dice d;
  g_autoptr(GError) error = NULL;
  int a1, acav, d1, a2;
  const int steps[] = { 12, 10, 8, 6 };
  int slots[4];

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 4, 4, 0, FALSE);
  acav = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_CAVALRY, 2, 4, 0, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 4, 0, FALSE);
  a2 = wb_bg_battle_add (&b, 3, WB_BG_ATTACKER, WB_BG_CLASS_GARRISON, 2, 4, 0, 0, FALSE);
  wb_bg_battle_set_steps (&b, a1, steps, G_N_ELEMENTS (steps));
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 6, 6, 6, 1);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.pending_hits, 3);
  ck_assert (!wb_bg_battle_can_take_hit (&b, acav));
  ck_assert (wb_bg_battle_can_take_hit (&b, a1));
  ck_assert (wb_bg_battle_can_take_hit (&b, a2));
  ck_assert (!wb_bg_battle_can_take_hit (&b, d1));
  memcpy (&before, &b, sizeof b);
  {
    const int s[] = { a1, acav, a1 };

    ck_assert (!wb_bg_battle_allocate (&b, s, 3, &io, &error));
    ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
    ck_assert (strstr (error->message, "11.2") != NULL);
    g_clear_error (&error);
  }
  {
    const int s[] = { a1, a1 };

    ck_assert (!wb_bg_battle_allocate (&b, s, 2, &io, &error));   /* one short */
    g_clear_error (&error);
  }
  ck_assert (memcmp (&before, &b, sizeof b) == 0);
  ck_assert_int_eq (wb_bg_battle_suggest_allocation (&b, slots, 4), 3);
  ck_assert_int_eq (slots[0], a1);
  ck_assert_int_eq (slots[2], a1);
  /* 12 → 10 → 8 → 6 by its blocks. */
  ALLOCATE (&b, &io, a1, a1, a1);
  ck_assert_int_eq (b.units[a1].sp, 6);
  ck_assert_int_eq (b.units[acav].sp, 2);
  ck_assert (has_line (&d, "unit 0 takes 3 hits: 12 → 6 SP"));
  g_ptr_array_unref (d.lines);

  /* Two hits on a 2-SP garrison alone in the line, a cavalry unit in
   * reserve: the first must go to the garrison, which is then gone, and
   * the second to the cavalry — no choice, so the side is not asked. */
  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a2 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_GARRISON, 1, 4, 1, 0, FALSE);
  acav = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_CAVALRY, 2, 4, 0, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 6, 6);
  roll_ok (&b, &io);
  ck_assert (b.units[a2].flags & WB_BG_UNIT_ELIMINATED);
  ck_assert_int_eq (b.units[acav].sp, 1);
  ck_assert (has_line (&d, "unit 0 takes 1 hit: 1 SP → eliminated"));
  /* The attacker's line is empty: forced retreat; D1 fires. */
  assert_stage (&b, WB_BG_STAGE_RETREAT_FIRE, WB_BG_DEFENDER);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* Fortified city line: capacity 2 of 3 defenders, chosen by the
 * defender, +2 dice each; trench +1. */
START_TEST (test_fortress_and_trench)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  g_autoptr(GError) error = NULL;
  int a1, d1, d2, d3;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 0, 0, FALSE);
  d2 = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_GARRISON, 2, 4, 1, 0, FALSE);
  d3 = wb_bg_battle_add (&b, 3, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 2, &io, &error));
  assert_stage (&b, WB_BG_STAGE_DEPLOY, WB_BG_DEFENDER);
  ck_assert (!wb_bg_battle_fortify (&b, (1u << d1) | (1u << d2) | (1u << d3), &io, &error));
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE));
  g_clear_error (&error);
  ck_assert (!wb_bg_battle_fortify (&b, 1u << a1, &io, &error));
  g_clear_error (&error);
  ck_assert (wb_bg_battle_fortify (&b, (1u << d1) | (1u << d3), &io, &error));
  ck_assert_int_eq (b.units[d1].box, WB_BG_BOX_FORTIFIED);
  ck_assert_int_eq (b.units[d2].box, WB_BG_BOX_LINE);
  /* d1: 6 SP by the board's table (4 dice, "a 6 SP unit would roll 4") + 2. */
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, d1), 6);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, d2), 1);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, d3), 6);
  PUSH (&d, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6);
  roll_ok (&b, &io);
  ck_assert_int_eq (d.next, 13);
  ck_assert (has_line (&d, "unit 1 rolls 6 dice (+2, fortified city)"));
  g_ptr_array_unref (d.lines);

  /* Capacity enough for all: no choice to make. Trench: +1 die. */
  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  a1 = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 3, WB_BG_UNIT_TRENCH, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_DEFENDER);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, d1), 4);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, a1), 4);
  PUSH (&d, 2, 2, 2, 2);
  roll_ok (&b, &io);
  ck_assert (has_line (&d, "unit 1 rolls 4 dice (+1, trench): 2 2 2 2 → 0 hits"));
  g_ptr_array_unref (d.lines);

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 3, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 3, &io, &error));
  ck_assert_int_eq (b.units[d1].box, WB_BG_BOX_FORTIFIED);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, d1), 5);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* Grant's Gamble 11: Grant in reserve, one failed check re-rolled a round. */
START_TEST (test_grant_reroll)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  g_autoptr(GError) error = NULL;
  int v, vi, grant, d1;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  v = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 3, 4, 0, FALSE);
  vi = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 4, 0, FALSE);
  grant = wb_bg_battle_add (&b, 2, WB_BG_ATTACKER, WB_BG_CLASS_LEADER, 0, 0, 0, WB_BG_UNIT_GRANT, FALSE);
  d1 = wb_bg_battle_add (&b, 3, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 3, 4, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  ck_assert_int_eq (b.units[grant].box, WB_BG_BOX_RESERVE);
  PUSH (&d, 6, 6, 1, 1);
  roll_ok (&b, &io);
  ALLOCATE (&b, &io, v, vi);
  PUSH (&d, 6, 1, 1, 1, 1, 1, 1, 1);
  roll_ok (&b, &io);
  /* Both Union units fail (4 > 3): Grant may re-roll one. */
  PUSH (&d, 4, 6);
  roll_ok (&b, &io);
  assert_stage (&b, WB_BG_STAGE_REROLL, WB_BG_ATTACKER);
  ck_assert (!wb_bg_battle_reroll (&b, d1, &io, &error));
  g_clear_error (&error);
  PUSH (&d, 2);
  ck_assert (wb_bg_battle_reroll (&b, vi, &io, &error));
  ck_assert_int_eq (b.units[vi].box, WB_BG_BOX_LINE);
  ck_assert_int_eq (b.units[v].box, WB_BG_BOX_FAILED);
  ck_assert (has_line (&d, "unit 1 re-rolls its morale check (morale 3): 2 → passes: back in its position"));
  /* The defender (no Grant) fails and has no re-roll. */
  assert_stage (&b, WB_BG_STAGE_MORALE, WB_BG_DEFENDER);
  PUSH (&d, 6);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[d1].box, WB_BG_BOX_FAILED);
  /* The defender's line is empty: forced retreat, not a re-roll. */
  assert_stage (&b, WB_BG_STAGE_RETREAT_FIRE, WB_BG_ATTACKER);
  g_ptr_array_unref (d.lines);

  /* Grant in failed morale or absent: no re-roll. */
  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  v = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 3, 4, 0, FALSE);
  vi = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 4, 0, FALSE);
  d1 = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 3, 4, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 6, 1, 1, 1);
  roll_ok (&b, &io);
  ALLOCATE (&b, &io, v);
  PUSH (&d, 1, 1, 1, 1, 1, 1, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 6);
  roll_ok (&b, &io);
  ck_assert_int_eq (b.units[v].box, WB_BG_BOX_FAILED);
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_ATTACKER);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* A missing typed roll stops the stage and leaves the board as it was;
 * the same action with the roll then goes through. */
START_TEST (test_missing_die)
{
  WbBgBattle b, before;
  WbBgBattleIo io;
  Dice d;
  g_autoptr(GError) error = NULL;
  int cand;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  memcpy (&before, &b, sizeof b);
  g_ptr_array_set_size (d.lines, 0);
  PUSH (&d, 6, 6, 6);
  ck_assert (!wb_bg_battle_roll (&b, &io, &error));
  ck_assert (strstr (error->message, "die 4") != NULL);
  g_clear_error (&error);
  ck_assert (memcmp (&before, &b, sizeof b) == 0);
  ck_assert_int_eq (d.lines->len, 0);
  PUSH (&d, 6, 6, 6, 1);
  roll_ok (&b, &io);
  /* The attacker's only unit takes the three hits. */
  ck_assert_int_eq (b.units[0].sp, 5);
  ck_assert_int_eq (d.lines->len, 2);
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_ATTACKER);
  /* Wrong stage. */
  ck_assert (!wb_bg_battle_decide (&b, TRUE, &io, &error));
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
  g_clear_error (&error);
  g_ptr_array_unref (d.lines);

  /* A reinforcement roll missing its second die. */
  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  wb_bg_battle_add (&b, 1, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, FALSE);
  cand = wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 4, 0, TRUE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 1, 1, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 1, 1, 1, 1);
  roll_ok (&b, &io);
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));
  ck_assert (wb_bg_battle_decide (&b, FALSE, &io, &error));
  assert_stage (&b, WB_BG_STAGE_REINFORCE, WB_BG_DEFENDER);
  memcpy (&before, &b, sizeof b);
  PUSH (&d, 6);
  ck_assert (!wb_bg_battle_reinforce (&b, 1u << cand, &io, &error));
  g_clear_error (&error);
  ck_assert (memcmp (&before, &b, sizeof b) == 0);
  PUSH (&d, 3, 3);   /* 6 < 7: stays out, may try next round */
  ck_assert (wb_bg_battle_reinforce (&b, 1u << cand, &io, &error));
  ck_assert_int_eq (b.units[cand].box, WB_BG_BOX_OFF);
  /* The attacker has no candidates: round 2 begins. */
  ck_assert_int_eq (b.round, 2);
  assert_stage (&b, WB_BG_STAGE_FIRE, WB_BG_DEFENDER);
  g_ptr_array_unref (d.lines);
}
END_TEST

/* Jackson & Sheridan 1864 (Part 1, 3): cavalry that fights stands in the
 * line and fires; cavalry that does not stands in reserve. A dropped
 * candidate cannot reinforce; a side wiped out leaves the other holding
 * the location, whose candidates enter without a roll. */
START_TEST (test_cavalry_drop_and_wipe_out)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  WbBgBattleResult r;
  g_autoptr(GError) error = NULL;
  int fcav, cav, d1, cand, gone;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  fcav = wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_FIGHTING_CAVALRY, 3, 4, 0, 0, FALSE);
  cav = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_CAVALRY, 3, 4, 0, 0, FALSE);
  cand = wb_bg_battle_add (&b, 2, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 0, 0, TRUE);
  gone = wb_bg_battle_add (&b, 3, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 8, 4, 0, 0, TRUE);
  d1 = wb_bg_battle_add (&b, 4, WB_BG_DEFENDER, WB_BG_CLASS_GARRISON, 1, 4, 0, 0, FALSE);
  ck_assert_int_eq (wb_bg_battle_find (&b, 4), d1);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  ck_assert_int_eq (b.units[fcav].box, WB_BG_BOX_LINE);
  ck_assert_int_eq (b.units[cav].box, WB_BG_BOX_RESERVE);
  /* 3 SP: 3 dice by the series' table; the reserve cavalry none. */
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, fcav), 3);
  ck_assert_int_eq (wb_bg_battle_unit_dice (&b, cav), 0);
  wb_bg_battle_drop (&b, gone);
  ck_assert_int_eq (b.units[gone].box, WB_BG_BOX_GONE);
  PUSH (&d, 1, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 6, 1, 1);
  roll_ok (&b, &io);
  /* The garrison is gone: no retreat fire, the attacker's candidates
   * enter without a roll (not the dropped one). */
  ck_assert (has_line (&d, "Confederate has no unit left in the battle"));
  assert_stage (&b, WB_BG_STAGE_REINFORCE, WB_BG_ATTACKER);
  ck_assert (!wb_bg_battle_reinforce (&b, 1u << gone, &io, &error));
  g_clear_error (&error);
  d.n_faces = d.next = 0;
  ck_assert (wb_bg_battle_reinforce (&b, 1u << cand, &io, &error));
  ck_assert (b.units[cand].flags & WB_BG_UNIT_ENTERED);
  assert_stage (&b, WB_BG_STAGE_OVER, WB_BG_ATTACKER);
  wb_bg_battle_result (&b, &r);
  ck_assert_int_eq (r.holder, WB_BG_ATTACKER);
  ck_assert_int_eq (r.retreat, WB_BG_RETREAT_NONE);
  ck_assert_int_eq (r.retreat_side, -1);
  ck_assert_int_eq (r.retreat_locations, 0);
  ck_assert_int_eq (r.eliminated[WB_BG_DEFENDER], 1);
  ck_assert_int_eq (r.eliminated[WB_BG_ATTACKER], 0);
  ck_assert (has_line (&d, "The battle is over: Union holds the location"));
  g_ptr_array_unref (d.lines);
}
END_TEST

/* How the family wires the board: its dice through wb_rule_die (the
 * match's seeded dice, or the players' "rolls" of the action, counted
  * from 0 for each action), the board in the match's family state (BgState). */
typedef struct {
  WbRuleContext *ctx;
  WbMatch       *m;
  JsonObject    *action;
  guint          index;
} FamilyDice;

static gboolean
family_die (gpointer data, int sides, int *face, GError **error)
{
  FamilyDice *fd = data;

  return wb_rule_die (fd->ctx, fd->m, fd->action, fd->index++, sides, face, error);
}

static void
example_board (WbBgBattle *b)
{
  wb_bg_battle_init (b);
  wb_bg_battle_add (b, 0, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 0, 0, FALSE);
  wb_bg_battle_add (b, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 3, 0, WB_BG_UNIT_RIVER, FALSE);
  wb_bg_battle_add (b, 2, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 0, 0, FALSE);
}

START_TEST (test_family_dice_and_state)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  WbMatch *m, *copy;
  WbRuleContext ctx = { 0 };
  FamilyDice fd = { 0 };
  WbBgBattleIo io = { family_die, NULL, NULL, NULL, &fd };
  WbBgBattle *b, *b2, before;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *action;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  m = wb_match_new (game, "1864", NULL, 7, &error);
  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  b = &bg_state (m)->fight.board;
  example_board (b);
  ck_assert (wb_bg_battle_start (b, 0, &io, &error));

  /* Seeded dice: a copy of the match (undo, a branch, a replay) plays the
   * same roll. */
  copy = wb_match_copy (m);
  b2 = &bg_state (copy)->fight.board;
  ck_assert (memcmp (b, b2, sizeof *b) == 0);
  fd.ctx = &ctx;
  fd.m = m;
  fd.index = 0;
  ck_assert (wb_bg_battle_roll (b, &io, &error));
  fd.m = copy;
  fd.index = 0;
  ck_assert (wb_bg_battle_roll (b2, &io, &error));
  ck_assert (memcmp (b, b2, sizeof *b) == 0);
  ck_assert_int_eq (b->stage, b2->stage);
  wb_match_free (copy);

  /* Typed rolls: the action's "rolls" are read in order; one short and
   * the board stays as it was, with wb_rule_die naming the missing die. */
  while (b->stage == WB_BG_STAGE_ALLOCATE)
    {
      int slots[16];
      int n = wb_bg_battle_suggest_allocation (b, slots, 16);

      ck_assert (wb_bg_battle_allocate (b, slots, n, &io, &error));
    }
  ck_assert_int_eq (b->stage, WB_BG_STAGE_FIRE);
  ck_assert_int_eq (b->side, WB_BG_ATTACKER);
  ck_assert (json_parser_load_from_data (parser, "{\"rolls\": [6, 6, 1, 1, 1, 1]}", -1, NULL));
  action = json_node_get_object (json_parser_get_root (parser));
  ctx.physical_dice = TRUE;
  fd.action = action;
  fd.index = 0;
  memcpy (&before, b, sizeof before);
  /* VI rolls 3 (4, −1 across the river), VIII 4: seven dice, six given. */
  ck_assert (!wb_bg_battle_roll (b, &io, &error));
  g_clear_error (&error);
  ck_assert (memcmp (&before, b, sizeof before) == 0);
  ck_assert_int_eq (ctx.needed_index, 6);
  ck_assert_int_eq (ctx.needed_sides, 6);
  ck_assert (json_parser_load_from_data (parser, "{\"rolls\": [6, 6, 1, 1, 1, 1, 1]}", -1, NULL));
  fd.action = json_node_get_object (json_parser_get_root (parser));
  fd.index = 0;
  ck_assert_msg (wb_bg_battle_roll (b, &io, &error), "%s", error ? error->message : "");
  ck_assert_int_eq (b->units[0].sp, 6);   /* EA, alone, takes both */
  wb_match_free (m);
}
END_TEST

/* 11.4: a side with no location to retreat to is not asked (the battle
 * goes on) and may not retreat; the defender retreats, the attacker's
 * candidate enters without a roll. */
START_TEST (test_no_retreat_location)
{
  WbBgBattle b;
  WbBgBattleIo io;
  Dice d;
  WbBgBattleResult r;
  g_autoptr(GError) error = NULL;
  int cand;

  dice_init (&d, &io);
  wb_bg_battle_init (&b);
  b.no_retreat[WB_BG_ATTACKER] = 1;
  wb_bg_battle_add (&b, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, FALSE);
  cand = wb_bg_battle_add (&b, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, TRUE);
  wb_bg_battle_add (&b, 2, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 6, 4, 2, 0, FALSE);
  ck_assert (wb_bg_battle_start (&b, 0, &io, &error));
  PUSH (&d, 1, 1);
  roll_ok (&b, &io);
  PUSH (&d, 1, 1);
  roll_ok (&b, &io);
  /* The attacker cannot retreat: the defender decides. */
  ck_assert (has_line (&d, "Union has no location to retreat to: the battle goes on"));
  assert_stage (&b, WB_BG_STAGE_RETREAT, WB_BG_DEFENDER);
  b.no_retreat[WB_BG_DEFENDER] = 1;
  ck_assert (!wb_bg_battle_decide (&b, TRUE, &io, &error));
  ck_assert (strstr (error->message, "11.4") != NULL);
  g_clear_error (&error);
  b.no_retreat[WB_BG_DEFENDER] = 0;
  ck_assert (wb_bg_battle_decide (&b, TRUE, &io, &error));
  /* Retreat fire: the attacker's one unit, one die; no hit. */
  assert_stage (&b, WB_BG_STAGE_RETREAT_FIRE, WB_BG_ATTACKER);
  PUSH (&d, 5);
  roll_ok (&b, &io);
  assert_stage (&b, WB_BG_STAGE_REINFORCE, WB_BG_ATTACKER);
  d.n_faces = d.next = 0;
  ck_assert (wb_bg_battle_reinforce (&b, 1u << cand, &io, &error));
  ck_assert_int_eq (b.units[cand].box, WB_BG_BOX_LINE);
  wb_bg_battle_result (&b, &r);
  ck_assert (r.over);
  ck_assert_int_eq (r.retreat_side, WB_BG_DEFENDER);
  ck_assert_int_eq (r.retreat, WB_BG_RETREAT_VOLUNTARY);
  ck_assert_int_eq (r.retreat_locations, 1);
  ck_assert (!r.retreat_blocked);
  ck_assert_int_eq (r.holder, WB_BG_ATTACKER);
  g_ptr_array_unref (d.lines);
}
END_TEST

static Suite *
bg_battle_suite (void)
{
  Suite *s = suite_create ("bg-battle");
  TCase *tc = tcase_create ("bg-battle");

  tcase_add_test (tc, test_example);
  tcase_add_test (tc, test_forced_retreat);
  tcase_add_test (tc, test_forced_retreat_blocked);
  tcase_add_test (tc, test_voluntary_retreat);
  tcase_add_test (tc, test_allocation);
  tcase_add_test (tc, test_fortress_and_trench);
  tcase_add_test (tc, test_grant_reroll);
  tcase_add_test (tc, test_missing_die);
  tcase_add_test (tc, test_cavalry_drop_and_wipe_out);
  tcase_add_test (tc, test_family_dice_and_state);
  tcase_add_test (tc, test_no_retreat_location);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bg_battle_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
