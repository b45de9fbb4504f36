/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-bs-combat"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/blind-swords/wb-bs-combat.h"

/* The Blind Swords fire and cohesion engine on Chickasaw Bayou's tables,
 * with the rulebook's worked examples and forced dice: the Fire Combat
 * Example (9.3, where the test follows the rule, not the example), the
 * Panic Example (12.1), the Close Combat and Cohesion Test Example (12.8),
 * the Universal Rounding Rule (2.8), every end of the CRT's columns, Morale
 * Hits and Break Tests (12.5, 12.6), BD*'s triple odds (12.2a), the Rebuild
 * example (13.2b), and the rulebook-only tables' "?" cells. */

static WbGame *game;
static WbBsTables *tables;      /* the reconstructed tables */
static WbBsTables *rulebook;    /* the option rulebook-tables */

/* Forced dice: each call takes the next face; none left is the typed roll
 * missing. */
typedef struct {
  int faces[16];
  int n, next;
} Dice;

static gboolean
forced_die (gpointer data, int *face, GError **error)
{
  Dice *d = data;

  if (d->next >= d->n)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL, "no die left");
      return FALSE;
    }
  *face = d->faces[d->next++];
  return TRUE;
}

static void
load (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  static const char * const twins[] = { "rulebook-tables", NULL };

  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  tables = wb_bs_tables_compile (game, "17.1", NULL, &error);
  ck_assert_msg (tables != NULL, "%s", error ? error->message : "");
  rulebook = wb_bs_tables_compile (game, "17.1", twins, &error);
  ck_assert_msg (rulebook != NULL, "%s", error ? error->message : "");
}

static void
unload (void)
{
  g_clear_pointer (&tables, wb_bs_tables_free);
  g_clear_pointer (&rulebook, wb_bs_tables_free);
  g_clear_object (&game);
}

static const char *
column_label (const WbBsTables *t, int column)
{
  GPtrArray *columns = wb_table_get_columns (t->crt);

  ck_assert_int_ge (column, 0);
  ck_assert_int_lt (column, (int) columns->len);
  return ((WbTableColumn *) g_ptr_array_index (columns, column))->label;
}

static WbBsUnit
unit (int index, int fresh_sp2, int worn_sp2, int fresh_cr, int worn_cr, gboolean worn)
{
  WbBsUnit u = { 0 };

  u.index = (gint16) index;
  u.sp[0] = (guint8) fresh_sp2;
  u.sp[1] = (guint8) worn_sp2;
  u.cr[0] = (guint8) fresh_cr;
  u.cr[1] = (guint8) worn_cr;
  u.flags = worn ? WB_BS_UNIT_WORN : 0;
  return u;
}

/* 9.3 Fire Combat Example: 3 SP, two columns left for the Woods (the
 * Obscured LOS shift of the exclusive rules), the "1" column; coloured 6,
 * white 2 read "62", the 61-62 row, "- | 0-1 | 2-4". The example says a
 * CR 4 Lead Unit is unaffected, but 4 is in the 2-4 box and 9.3b tests a
 * Lead Unit whose modified CR is in a coloured box: the rule is followed
 * (docs/games/chickasaw-bayou.md, Erratum), so CR 4 takes a Routine test,
 * as the Shaken CR 3 of the example does. */
START_TEST (test_fire_example)
{
  WbBsFirer mo2 = { .sp = 6, .range = WB_BS_RANGE_EFFECTIVE };
  static const char * const woods[] = { "fire-heavy-woods", NULL };
  g_autoptr(GError) error = NULL;
  int strength, shift = 0, column;
  gboolean clamped = TRUE;

  strength = wb_bs_fire_strength (tables, &mo2, 1);
  ck_assert_int_eq (strength, 6);
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, strength, 0, FALSE, NULL)), "3");
  ck_assert_msg (wb_bs_shift_total (tables, WB_BS_FIRE, woods, &shift, &error), "%s", error ? error->message : "");
  ck_assert_int_eq (shift, -2);
  column = wb_bs_column (tables, strength, shift, FALSE, &clamped);
  ck_assert_str_eq (column_label (tables, column), "1");
  ck_assert (!clamped);

  ck_assert_int_eq (wb_bs_crt_read (tables, column, 6, 2, 4, WB_BS_FIRE), WB_BS_TEST_ROUTINE);
  /* "If the AK Infantry was Shaken, its CR would be modified to 3". */
  ck_assert_int_eq (wb_bs_modified_cr (tables, 4, 1, 0), 3);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 6, 2, 3, WB_BS_FIRE), WB_BS_TEST_ROUTINE);
  /* The yellow box 0-1, above the boxes nothing; the same throw read
   * white first (26) is another row. */
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 6, 2, 1, WB_BS_FIRE), WB_BS_TEST_TOUGH);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 6, 2, 5, WB_BS_FIRE), WB_BS_TEST_NONE);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 2, 6, 1, WB_BS_FIRE), WB_BS_TEST_ROUTINE);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 2, 6, 2, WB_BS_FIRE), WB_BS_TEST_NONE);
  /* The same cell in Close Combat: no box is a Close Fight (11.0). */
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 6, 2, 5, WB_BS_CLOSE), WB_BS_TEST_CLOSE_FIGHT);
  /* A modified CR is held to 0 … 6 (2.1): unsupported and Disrupted CR 1 is 0. */
  ck_assert_int_eq (wb_bs_modified_cr (tables, 1, 2, -1), 0);
  ck_assert_int_eq (wb_bs_modified_cr (tables, 5, 0, 2), 6);
}
END_TEST

/* 2.8 Universal Rounding Rule, with 9.1c's ranges, 10.7's Opportunity
 * Fire, 11.3a's Supporting Defensive Fire and 12.5's Morale Hits: the
 * fractions are kept through the calculation, then dropped, except ½ SP,
 * which fires on C; under ½ SP a unit cannot fire (9.3). */
START_TEST (test_rounding)
{
  static const struct {
    WbBsFirer firers[3];
    guint n;
    int strength;   /* half SPs */
    const char *why;
  } cases[] = {
    { { { 6, 0, WB_BS_RANGE_LONG, 0 } }, 1, 2, "3 SP at Long Range: 1.5, dropped to 1" },
    { { { 2, 0, WB_BS_RANGE_LONG, 0 } }, 1, 1, "1 SP at Long Range: ½, fires on C" },
    { { { 2, 0, WB_BS_RANGE_EXTREME, 0 } }, 1, 0, "1 SP at Extreme Range: ¼ cannot fire" },
    { { { 1, 0, WB_BS_RANGE_EFFECTIVE, 0 } }, 1, 1, "a C unit fires with ½" },
    { { { 1, 0, WB_BS_RANGE_LONG, 0 } }, 1, 0, "a C unit at Long Range: ¼" },
    { { { 6, 0, WB_BS_RANGE_EXTREME, 0 } }, 1, 1, "3 SP at Extreme Range: ¾ is ½ or more but not 1: C" },
    { { { 2, 0, WB_BS_RANGE_LONG, 0 }, { 2, 0, WB_BS_RANGE_LONG, 0 } }, 2, 2,
      "two 1 SP at Long Range: ½ + ½, kept to the end, 1" },
    { { { 6, 0, WB_BS_RANGE_LONG, 0 }, { 6, 0, WB_BS_RANGE_LONG, 0 } }, 2, 6,
      "two 3 SP at Long Range: 1.5 + 1.5 = 3, not 1 + 1" },
    { { { 2, 0, WB_BS_RANGE_CANISTER, 0 } }, 1, 2, "1 SP of guns at Canister: 1.5, dropped to 1" },
    { { { 4, 0, WB_BS_RANGE_CANISTER, 0 } }, 1, 6, "2 SP of guns at Canister: 3" },
    { { { 10, 0, WB_BS_RANGE_EFFECTIVE, WB_BS_FIRER_OPPORTUNITY } }, 1, 4, "5 SP of Opportunity Fire: 2.5, 2" },
    { { { 6, 1, WB_BS_RANGE_LONG, 0 } }, 1, 2, "Shaken 3 SP at Long Range: (3 − 1) / 2 = 1" },
    { { { 4, 2, WB_BS_RANGE_EFFECTIVE, 0 } }, 1, 0, "Disrupted 2 SP: 0, never below (2.1)" },
    { { { 4, 0, WB_BS_RANGE_EFFECTIVE, WB_BS_FIRER_SUPPORTING },
        { 4, 0, WB_BS_RANGE_EFFECTIVE, 0 } }, 2, 6, "Defensive Fire 2 with Supporting 2 halved: 3" },
    { { { 2, 0, WB_BS_RANGE_LONG, WB_BS_FIRER_OPPORTUNITY } }, 1, 0, "1 SP, Long Range, Opportunity: ¼" },
    { { { 0, 0, 0, 0 } }, 0, 0, "nobody fires" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    ck_assert_msg (wb_bs_fire_strength (tables, cases[i].firers, cases[i].n) == cases[i].strength,
                   "%s: %d half SPs, expected %d", cases[i].why,
                   wb_bs_fire_strength (tables, cases[i].firers, cases[i].n), cases[i].strength);
  /* The ½ SP is the C column. */
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 1, 0, FALSE, NULL)), "C");
}
END_TEST

/* 9.3 CRT Column Shifts: beyond the left of C the fire is ignored, except
 * Defensive Fire, resolved on C; beyond the right of 23+, 23+. */
START_TEST (test_column_ends)
{
  gboolean clamped;
  int last = tables->n_columns - 1;

  ck_assert_str_eq (column_label (tables, last), "23+");
  /* Column by SPs, the ranges of the wide columns. */
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 2 * 7, 0, FALSE, NULL)), "6-7");
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 2 * 22, 0, FALSE, NULL)), "17-22");
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 2 * 23, 0, FALSE, NULL)), "23+");
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 2 * 60, 0, FALSE, NULL)), "23+");
  /* Exactly onto C is C; one more is ignored; Defensive Fire stays on C. */
  ck_assert_int_eq (wb_bs_column (tables, 2 * 3, -3, FALSE, &clamped), 0);
  ck_assert (!clamped);
  ck_assert_int_eq (wb_bs_column (tables, 2 * 3, -4, FALSE, &clamped), -1);
  ck_assert_int_eq (wb_bs_column (tables, 1, -1, FALSE, &clamped), -1);
  ck_assert_int_eq (wb_bs_column (tables, 2 * 3, -4, TRUE, &clamped), 0);
  ck_assert (clamped);
  ck_assert_int_eq (wb_bs_column (tables, 1, -9, TRUE, &clamped), 0);
  /* Right: 23+ however far. */
  ck_assert_int_eq (wb_bs_column (tables, 2 * 10, 5, FALSE, &clamped), last);
  ck_assert (clamped);
  ck_assert_int_eq (wb_bs_column (tables, 2 * 23, 1, FALSE, &clamped), last);
  ck_assert (clamped);
  ck_assert_int_eq (wb_bs_column (tables, 2 * 17, 1, FALSE, &clamped), last);
  ck_assert (!clamped);
  /* Nothing under ½ SP fires. */
  ck_assert_int_eq (wb_bs_column (tables, 0, 0, TRUE, &clamped), -1);
  ck_assert_int_eq (wb_bs_column (tables, 0, 3, FALSE, &clamped), -1);
}
END_TEST

/* The shifts are the CRT's own (the exclusive 9.3 and 11.0c lists), each
 * for its kind of combat; of the odds one counts. */
START_TEST (test_shifts)
{
  static const char * const close_ids[] = { "close-slope", "close-worse-cr", NULL };
  static const char * const mixed[] = { "close-slope", "fire-heavy-woods", NULL };
  static const char * const unknown[] = { "fire-nonsense", NULL };
  static const char * const fire_ids[] = { "fire-flanking", "fire-s-canister", "fire-firer-skirmish", NULL };
  g_autoptr(GError) error = NULL;
  int shift = 99;

  ck_assert (wb_bs_shift_total (tables, WB_BS_CLOSE, close_ids, &shift, &error));
  ck_assert_int_eq (shift, -3);
  ck_assert (wb_bs_shift_total (tables, WB_BS_FIRE, fire_ids, &shift, &error));
  ck_assert_int_eq (shift, 1);
  ck_assert (!wb_bs_shift_total (tables, WB_BS_CLOSE, mixed, &shift, &error));
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
  g_clear_error (&error);
  ck_assert (!wb_bs_shift_total (tables, WB_BS_FIRE, unknown, &shift, &error));
  ck_assert (error != NULL);
}
END_TEST

/* 12.1 Panic Example: a stack of 4, 3 and 1 SP, all printed CR 3, takes a
 * Tough test; coloured 5 (D2), white 5 (MH RA2 (P1)). The Lead Unit and
 * the next largest flip to BW (1 SP CR 2; C SP CR 2); the Lead Unit is
 * Shaken and retreats two hexes (in Fire Combat only the Lead Unit moves,
 * 12.1b); one Panic: the C SP unit, Shaken, retreats two; the adjacent
 * Shaken 6 SP CR 4 unit (CR 3) is not low enough. No Break Test: no die. */
START_TEST (test_panic_example)
{
  WbBsCohesion c = { 0 };
  WbBsDepletion dep;
  WbBsSkedaddle sked;
  WbTable *unknown = (WbTable *) 1;
  Dice none = { .n = 0 };
  g_autoptr(GError) error = NULL;
  WbBsUnit adjacent = unit (9, 12, 8, 4, 3, FALSE);

  c.defenders[0] = unit (0, 8, 2, 3, 2, FALSE);   /* 4 SP, BW 1 SP */
  c.defenders[1] = unit (1, 6, 1, 3, 2, FALSE);   /* 3 SP, BW C */
  c.defenders[2] = unit (2, 2, 1, 3, 2, FALSE);   /* 1 SP */
  c.n_defenders = 3;
  c.lead = (guint8) wb_bs_largest (c.defenders, 3, -1);
  ck_assert_int_eq (c.lead, 0);

  ck_assert (wb_bs_cohesion_lookup (tables, WB_BS_FIRE, WB_BS_TEST_TOUGH, 5, 5, &dep, &sked, &unknown, NULL));
  ck_assert (unknown == NULL);
  ck_assert_int_eq (dep, WB_BS_DEPLETE_D2);
  ck_assert_int_eq (sked.morale, 1);
  ck_assert_int_eq (sked.retreat_all, 2);
  ck_assert_int_eq (sked.panic, 1);
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_FIRE, dep, &sked, forced_die, &none, &error));

  ck_assert (c.defenders[0].flags & WB_BS_UNIT_WORN);
  ck_assert (c.defenders[1].flags & WB_BS_UNIT_WORN);
  ck_assert (!(c.defenders[2].flags & WB_BS_UNIT_WORN));
  ck_assert_int_eq (wb_bs_unit_sp (&c.defenders[0]), 2);
  ck_assert_int_eq (wb_bs_unit_sp (&c.defenders[1]), 1);
  ck_assert_int_eq (c.defenders[0].morale, 1);
  ck_assert_int_eq (c.defenders[0].retreat, 2);
  ck_assert_int_eq (c.defenders[1].morale, 0);
  ck_assert_int_eq (c.defenders[1].retreat, 0);
  ck_assert_int_eq (c.defenders[2].retreat, 0);
  ck_assert_int_eq (c.defenders[2].morale, 0);
  /* Who may panic: the C SP unit's CR is 2, the Shaken neighbour's 3. */
  ck_assert_int_eq (wb_bs_unit_cr (tables, &c.defenders[1]), 2);
  adjacent.morale = 1;
  ck_assert_int_eq (wb_bs_unit_cr (tables, &adjacent), 3);
  ck_assert (wb_bs_panic_apply (tables, &c.skedaddle, &c.defenders[1], forced_die, &none, &error));
  ck_assert_int_eq (c.defenders[1].morale, 1);
  ck_assert_int_eq (c.defenders[1].retreat, 2);
  ck_assert_int_eq (none.next, 0);
}
END_TEST

/* 12.8 Close Combat and Cohesion Test Example. USA 1st WV (3-2 FR) and
 * 4th WV (4-1 BW) attack 36th VA (5-4 BW) and 69th NC (2-3 BW), after
 * Defensive Fire with no result: 6 SP on "6-7", two left for the Slope and
 * one for the better defending CR: "3"; coloured 5, white 2 ("52", the
 * 51-53 row, "- | 0 | 1-3"), the Lead Unit's CR 4 (supported): a Close
 * Fight. The test rolls coloured 5 (BD*), white 3 (AM). The 4th WV is
 * depleted on its BW side: Break Test, 1 against CR 1: Shaken. The 36th VA
 * likewise; the example rolls 4 and puts it in Broken Box 1 "as the die
 * roll was one above its CR", but its CR is 4 (as the example says
 * before), and 12.6 makes 4 against CR 4 Shaken: the rule is followed
 * (the erratum in docs/games/chickasaw-bayou.md); a CR 3 36th VA would be
 * in Box 1. Then AM: the 4th WV (largest printed SP) goes Disrupted. */
START_TEST (test_close_example)
{
  WbBsFirer wv[2] = { { .sp = 6 }, { .sp = 8 } };
  static const char * const shifts[] = { "close-slope", "close-worse-cr", NULL };
  WbBsCohesion c = { 0 }, again;
  WbBsDepletion dep;
  WbBsSkedaddle sked;
  Dice dice = { .faces = { 1, 4 }, .n = 2 };
  g_autoptr(GError) error = NULL;
  int shift, column;

  /* The attack's SPs: 3 + 4 = 7 in the example's count ("6 SPs" but the
   * "6-7" column either way). */
  ck_assert_str_eq (column_label (tables, wb_bs_column (tables, 2 * 6, 0, FALSE, NULL)), "6-7");
  ck_assert_int_eq (wb_bs_fire_strength (tables, wv, 2), 14);
  ck_assert (wb_bs_shift_total (tables, WB_BS_CLOSE, shifts, &shift, &error));
  column = wb_bs_column (tables, wb_bs_fire_strength (tables, wv, 2), shift, FALSE, NULL);
  ck_assert_str_eq (column_label (tables, column), "3");
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 5, 2, 4, WB_BS_CLOSE), WB_BS_TEST_CLOSE_FIGHT);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 5, 2, 3, WB_BS_CLOSE), WB_BS_TEST_ROUTINE);
  ck_assert_int_eq (wb_bs_crt_read (tables, column, 5, 2, 0, WB_BS_CLOSE), WB_BS_TEST_TOUGH);

  c.attackers[0] = unit (1, 6, 4, 2, 1, FALSE);   /* 1st WV, 3-2 FR */
  c.attackers[1] = unit (2, 12, 8, 2, 1, TRUE);   /* 4th WV, 4-1 BW */
  c.n_attackers = 2;
  c.attacker_lead = (guint8) wb_bs_largest (c.attackers, 2, -1);
  ck_assert_int_eq (c.attacker_lead, 1);
  c.defenders[0] = unit (3, 14, 10, 5, 4, TRUE);  /* 36th VA, 5-4 BW */
  c.defenders[1] = unit (4, 6, 4, 4, 3, TRUE);    /* 69th NC, 2-3 BW */
  c.n_defenders = 2;
  c.lead = 0;
  ck_assert_int_eq (wb_bs_unit_cr (tables, &c.defenders[0]), 4);
  again = c;

  ck_assert (wb_bs_cohesion_lookup (tables, WB_BS_CLOSE, WB_BS_TEST_CLOSE_FIGHT, 5, 3, &dep, &sked, NULL, NULL));
  ck_assert_int_eq (dep, WB_BS_DEPLETE_BD);
  ck_assert_int_eq (sked.attacker_morale, 1);
  ck_assert_int_eq (sked.morale + sked.retreat + sked.retreat_all + sked.panic + sked.break_test, 0);
  ck_assert_msg (wb_bs_cohesion_apply (tables, &c, WB_BS_CLOSE, dep, &sked, forced_die, &dice, &error),
                 "%s", error ? error->message : "");
  ck_assert_int_eq (c.only, 0);
  ck_assert_int_eq (dice.next, 2);
  /* 4th WV: Break Test 1 against 1, Shaken; then AM: Disrupted. */
  ck_assert_int_eq (c.attackers[1].n_break_tests, 1);
  ck_assert_int_eq (c.attackers[1].break_dice[0], 1);
  ck_assert_int_eq (c.attackers[1].broken, 0);
  ck_assert_int_eq (c.attackers[1].morale, 2);
  ck_assert_int_eq (c.attackers[0].morale, 0);
  ck_assert (!(c.attackers[0].flags & WB_BS_UNIT_WORN));
  /* 36th VA: 4 against CR 4, Shaken by the rule. */
  ck_assert_int_eq (c.defenders[0].n_break_tests, 1);
  ck_assert_int_eq (c.defenders[0].break_dice[0], 4);
  ck_assert_int_eq (c.defenders[0].broken, 0);
  ck_assert_int_eq (c.defenders[0].morale, 1);
  ck_assert_int_eq (c.defenders[1].morale, 0);

  /* The example's reading: a CR 3 36th VA (unsupported) goes to Box 1. */
  again.defenders[0].cr_adjust = -1;
  dice.next = 0;
  ck_assert (wb_bs_cohesion_apply (tables, &again, WB_BS_CLOSE, dep, &sked, forced_die, &dice, &error));
  ck_assert_int_eq (again.defenders[0].broken, 1);
  ck_assert_int_eq (again.defenders[0].morale, 0);
}
END_TEST

/* 12.2a BD* Exception: triple odds either way deplete one side only, on
 * total modified SPs (a Shaken unit counts one less). */
START_TEST (test_triple_odds)
{
  WbBsCohesion c = { 0 }, d;
  WbBsSkedaddle none = { 0 };
  Dice dice = { .n = 0 };
  g_autoptr(GError) error = NULL;

  c.attackers[0] = unit (0, 12, 8, 3, 2, FALSE);   /* 6 SP */
  c.n_attackers = 1;
  c.defenders[0] = unit (1, 4, 2, 3, 2, FALSE);    /* 2 SP */
  c.n_defenders = 1;
  d = c;
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_CLOSE, WB_BS_DEPLETE_BD, &none, forced_die, &dice, &error));
  ck_assert_int_eq (c.only, WB_BS_DEPLETE_D);
  ck_assert (c.defenders[0].depleted && !c.attackers[0].depleted);

  /* The attacker Shaken: 5 against 2, under triple: both deplete. */
  d.attackers[0].morale = 1;
  c = d;
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_CLOSE, WB_BS_DEPLETE_BD, &none, forced_die, &dice, &error));
  ck_assert_int_eq (c.only, 0);
  ck_assert (c.defenders[0].depleted && c.attackers[0].depleted);

  /* Flanking Hexes count: 5 + 1 = 6 against 2. */
  c = d;
  c.more_attacking_sp = 2;
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_CLOSE, WB_BS_DEPLETE_BD, &none, forced_die, &dice, &error));
  ck_assert_int_eq (c.only, WB_BS_DEPLETE_D);

  /* The defenders at triple: only AD. */
  c = d;
  c.attackers[0] = unit (0, 2, 1, 3, 2, FALSE);   /* 1 SP */
  c.defenders[0] = unit (1, 6, 4, 3, 2, FALSE);   /* 3 SP */
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_CLOSE, WB_BS_DEPLETE_BD, &none, forced_die, &dice, &error));
  ck_assert_int_eq (c.only, WB_BS_DEPLETE_AD);
  ck_assert (!c.defenders[0].depleted && c.attackers[0].depleted);
  ck_assert_int_eq (dice.next, 0);
}
END_TEST

/* 12.5 Morale Hits and 12.6 Break Tests: a Disrupted unit's two hits are
 * two Break Tests; a Break stops the rest and clears the markers; artillery
 * and Fragile units are eliminated instead of Broken; a Fragile unit's
 * Deplete is a Break Test at once; D all depletes every unit. */
START_TEST (test_morale_and_break)
{
  WbBsUnit u = unit (0, 8, 6, 3, 2, FALSE);
  Dice dice = { .faces = { 3, 2, 6 }, .n = 3 };
  g_autoptr(GError) error = NULL;
  WbBsCohesion c = { 0 };
  WbBsSkedaddle sked = { 0 };

  /* Fresh, two hits: Disrupted, no test. */
  ck_assert (wb_bs_morale_hits (tables, &u, 2, forced_die, &dice, &error));
  ck_assert_int_eq (u.morale, 2);
  ck_assert_int_eq (dice.next, 0);
  /* Disrupted CR 3 − 2 = 1: two hits, two tests: 3 (B2) stops there. */
  ck_assert_int_eq (wb_bs_unit_cr (tables, &u), 1);
  ck_assert (wb_bs_morale_hits (tables, &u, 2, forced_die, &dice, &error));
  ck_assert_int_eq (dice.next, 1);
  ck_assert_int_eq (u.broken, 2);
  ck_assert_int_eq (u.morale, 0);
  ck_assert (u.flags & WB_BS_UNIT_WORN);

  /* Shaken and two hits: Disrupted, then a Break Test (2 against CR 3 − 2 = 1: B1). */
  u = unit (0, 8, 6, 3, 2, FALSE);
  u.morale = 1;
  ck_assert (wb_bs_morale_hits (tables, &u, 2, forced_die, &dice, &error));
  ck_assert_int_eq (u.broken, 1);
  ck_assert_int_eq (dice.next, 2);

  /* Artillery broken: eliminated. */
  u = unit (0, 4, 2, 2, 1, TRUE);
  u.flags |= WB_BS_UNIT_ARTILLERY;
  ck_assert (wb_bs_break_test (tables, &u, forced_die, &dice, &error));
  ck_assert_int_eq (u.broken, WB_BS_ELIMINATED);

  /* A missing die refuses. */
  ck_assert (!wb_bs_break_test (tables, &u, forced_die, &dice, &error) || u.broken != 0);
  u = unit (0, 4, 2, 2, 1, TRUE);
  ck_assert (!wb_bs_break_test (tables, &u, forced_die, &dice, &error));
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL));
  g_clear_error (&error);

  /* D all: every unit; a Fragile one tests at once (1 against CR 2: Shaken). */
  c.defenders[0] = unit (0, 8, 6, 3, 2, FALSE);
  /* A Fragile unit has only its BW side, flagged or not. */
  c.defenders[1] = unit (1, 4, 4, 2, 2, FALSE);
  c.defenders[1].flags |= WB_BS_UNIT_FRAGILE;
  c.defenders[2] = unit (2, 2, 1, 3, 2, FALSE);
  c.n_defenders = 3;
  dice = (Dice) { .faces = { 1 }, .n = 1 };
  ck_assert (wb_bs_cohesion_apply (tables, &c, WB_BS_FIRE, WB_BS_DEPLETE_ALL, &sked, forced_die, &dice, &error));
  ck_assert (c.defenders[0].depleted && c.defenders[2].depleted);
  ck_assert (!c.defenders[1].depleted);
  ck_assert_int_eq (c.defenders[1].morale, 1);
  ck_assert_int_eq (dice.next, 1);
}
END_TEST

/* 13.2b example: a roll of 1 against the 7th IN-b's CR 2 rebuilds it. */
START_TEST (test_rebuild)
{
  ck_assert_int_eq (wb_bs_rebuild (tables, 2, 1), 1);
  ck_assert_int_eq (wb_bs_rebuild (tables, 2, 2), 1);
  ck_assert_int_eq (wb_bs_rebuild (tables, 2, 3), 0);
  ck_assert_int_eq (wb_bs_rebuild (tables, 0, 1), 0);
  ck_assert_int_eq (wb_bs_rebuild (tables, 6, 6), 1);
}
END_TEST

/* The rulebook-only tables (option rulebook-tables): a "?" cell is
 * unknown and names its table; the players' codes carry on; the cells the
 * examples print are known there too. */
START_TEST (test_unknown_cells)
{
  WbBsDepletion dep;
  WbBsSkedaddle sked;
  WbTable *unknown = NULL;
  int column = -1;
  Dice none = { .n = 0 };
  WbBsCohesion c = { 0 };
  g_autoptr(GError) error = NULL;

  ck_assert_str_eq (wb_table_get_id (rulebook->crt), "crt-rulebook");
  ck_assert_str_eq (wb_table_get_id (rulebook->depletion[WB_BS_FIRE]), "fire-depletion-rulebook");
  ck_assert_int_eq (wb_bs_crt_read (rulebook, 1, 6, 2, 4, WB_BS_FIRE), WB_BS_TEST_UNKNOWN);
  ck_assert_int_eq (wb_bs_crt_read (rulebook, 1, 6, 2, 4, WB_BS_CLOSE), WB_BS_TEST_UNKNOWN);
  ck_assert_int_eq (wb_bs_test_from_code (rulebook, "yellow", WB_BS_FIRE), WB_BS_TEST_TOUGH);
  ck_assert_int_eq (wb_bs_test_from_code (rulebook, "-", WB_BS_CLOSE), WB_BS_TEST_CLOSE_FIGHT);
  ck_assert_int_eq (wb_bs_test_from_code (rulebook, "-", WB_BS_FIRE), WB_BS_TEST_NONE);
  ck_assert_int_eq (wb_bs_test_from_code (rulebook, "purple", WB_BS_FIRE), WB_BS_TEST_UNKNOWN);

  /* The Panic Example's cells are printed: known. */
  ck_assert (wb_bs_cohesion_lookup (rulebook, WB_BS_FIRE, WB_BS_TEST_TOUGH, 5, 5, &dep, &sked, &unknown, &column));
  ck_assert_int_eq (dep, WB_BS_DEPLETE_D2);
  /* Others are not: the table and its column for the players' prompt. */
  ck_assert (!wb_bs_cohesion_lookup (rulebook, WB_BS_FIRE, WB_BS_TEST_ROUTINE, 1, 1, &dep, &sked, &unknown, &column));
  ck_assert (unknown == rulebook->depletion[WB_BS_FIRE]);
  ck_assert_int_eq (column, 0);
  ck_assert (!wb_bs_cohesion_lookup (rulebook, WB_BS_FIRE, WB_BS_TEST_TOUGH, 5, 1, &dep, &sked, &unknown, &column));
  ck_assert (unknown == rulebook->skedaddle[WB_BS_FIRE]);
  ck_assert_int_eq (column, 1);
  /* Applying an unknown result is refused; the players' codes apply. */
  c.defenders[0] = unit (0, 8, 6, 3, 2, FALSE);
  c.n_defenders = 1;
  ck_assert (!wb_bs_cohesion_apply (rulebook, &c, WB_BS_FIRE, dep, &sked, forced_die, &none, &error));
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_RESULT));
  g_clear_error (&error);
  ck_assert (wb_bs_skedaddle_parse ("2MH R2 (P1)", &sked));
  ck_assert_int_eq (sked.morale, 2);
  ck_assert_int_eq (sked.retreat, 2);
  ck_assert_int_eq (sked.panic, 1);
  ck_assert (!wb_bs_skedaddle_parse ("MH X3", &sked));
  ck_assert (wb_bs_cohesion_apply (rulebook, &c, WB_BS_FIRE, wb_bs_depletion_from_code ("D"),
                                   (wb_bs_skedaddle_parse ("MH R1", &sked), &sked), forced_die, &none, &error));
  ck_assert (c.defenders[0].depleted);
  ck_assert_int_eq (c.defenders[0].morale, 1);
  ck_assert_int_eq (c.defenders[0].retreat, 1);

  /* The reconstructed tables have no unknown cell. */
  for (int col = 0; col < tables->n_columns; col++)
    for (int i = 0; i < WB_BS_THROWS; i++)
      for (int cr = 0; cr <= 6; cr++)
        ck_assert_int_ne (tables->crt_test[i][col][cr], WB_BS_TEST_UNKNOWN);
}
END_TEST

/* Compiling fails with the table and what is wrong. */
START_TEST (test_compile_errors)
{
  g_autoptr(WbGame) empty = wb_game_new ();
  g_autoptr(WbBsTables) t = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbTable) crt = NULL;

  t = wb_bs_tables_compile (empty, NULL, NULL, &error);
  ck_assert (t == NULL);
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND));
  ck_assert_msg (strstr (error->message, "crt_table") != NULL, "%s", error->message);
  g_clear_error (&error);

  /* A CRT cell whose box colour is no code of the table. */
  crt = wb_table_copy (tables->crt, "crt");
  g_free (g_ptr_array_index (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (crt), 2))->cells, 3));
  g_ptr_array_index (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (crt), 2))->cells, 3) =
    g_strdup ("blue:0-2");
  for (guint i = 0; i < wb_game_get_tables (game)->len; i++)
    {
      WbTable *other = g_ptr_array_index (wb_game_get_tables (game), i);

      if (g_strcmp0 (wb_table_get_id (other), "crt") != 0)
        {
          WbTable *copy = wb_table_copy (other, wb_table_get_id (other));

          /* A copy has no pair: the halves name each other again. */
          wb_table_set_pair (copy, wb_table_get_pair (other));
          wb_game_add_table (empty, copy);
        }
    }
  wb_game_add_table (empty, g_object_ref (crt));
  t = wb_bs_tables_compile (empty, NULL, NULL, &error);
  ck_assert (t == NULL);
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
  ck_assert_msg (strstr (error->message, "blue") != NULL, "%s", error->message);
}
END_TEST

/* A copy of the bundled game's tables into @into, @rename'd ("crt" →
 * "crt-b"), pairs kept. */
static void
copy_tables (WbGame *into, const char * const *rename)
{
  GPtrArray *all = wb_game_get_tables (game);

  for (guint i = 0; i < all->len; i++)
    {
      WbTable *other = g_ptr_array_index (all, i);
      const char *id = wb_table_get_id (other);
      WbTable *copy;

      for (guint k = 0; rename != NULL && rename[k] != NULL; k += 2)
        if (strcmp (rename[k], id) == 0)
          id = rename[k + 1];
      copy = wb_table_copy (other, id);
      wb_table_set_pair (copy, wb_table_get_pair (other));
      wb_game_add_table (into, copy);
    }
}

/* The tables are found through rules.params, not by the engine's own ids;
 * the twins through rulebook_tables when its option is chosen. */
START_TEST (test_params_name_tables)
{
  static const char * const rename[] = { "crt", "crt-b", "break-test", "bt2", NULL };
  static const char * const chosen[] = { "rb", NULL };
  g_autoptr(WbGame) other = wb_game_new ();
  g_autoptr(WbBsTables) t = NULL;
  g_autoptr(GError) error = NULL;
  WbRulesRef *rules = wb_game_get_rules (other);
  WbTable *crt;

  copy_tables (other, rename);
  t = wb_bs_tables_compile (other, NULL, NULL, &error);
  ck_assert (t == NULL);
  ck_assert_msg (strstr (error->message, "crt_table") && strstr (error->message, "“crt”"), "%s", error->message);
  g_clear_error (&error);

  /* The 61-62 row's "1" cell made red for CR 4 in the renamed CRT. */
  crt = wb_game_find_table (other, "crt-b");
  ck_assert (crt != NULL);
  for (guint r = 0; r < wb_table_get_rows (crt)->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (wb_table_get_rows (crt), r);

      if (row->lo == 61)
        {
          g_free (g_ptr_array_index (row->cells, 1));
          g_ptr_array_index (row->cells, 1) = g_strdup ("red:4");
        }
    }
  rules->params = json_from_string ("{\"crt_table\": \"crt-b\", \"break_test_table\": \"bt2\", "
                                    "\"rulebook_tables\": {\"crt-b\": \"crt-rulebook\"}, "
                                    "\"rulebook_tables_option\": \"rb\"}", NULL);
  t = wb_bs_tables_compile (other, NULL, NULL, &error);
  ck_assert_msg (t != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_table_get_id (t->crt), "crt-b");
  ck_assert_str_eq (wb_table_get_id (t->break_test), "bt2");
  ck_assert_int_eq (wb_bs_crt_read (t, 1, 6, 2, 4, WB_BS_FIRE), WB_BS_TEST_SEVERE);
  ck_assert_int_eq (wb_bs_crt_read (t, 1, 6, 2, 3, WB_BS_FIRE), WB_BS_TEST_NONE);
  g_clear_pointer (&t, wb_bs_tables_free);
  /* With the option, the twin named for crt-b. */
  t = wb_bs_tables_compile (other, NULL, chosen, &error);
  ck_assert_msg (t != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_table_get_id (t->crt), "crt-rulebook");
  ck_assert_str_eq (wb_table_get_id (t->depletion[WB_BS_FIRE]), "fire-depletion");
}
END_TEST

/* Random combats on the reconstructed tables: what must always hold. */
START_TEST (test_random_invariants)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1862);

  for (int k = 0; k < 20000; k++)
    {
      WbBsFirer firers[4];
      guint n = (guint) g_rand_int_range (rand, 1, 5);
      WbBsCombatKind kind = g_rand_boolean (rand) ? WB_BS_CLOSE : WB_BS_FIRE;
      gboolean defensive = g_rand_int_range (rand, 0, 4) == 0;
      int shift = g_rand_int_range (rand, -6, 6), strength, column, fewer;
      WbBsTest test;
      WbBsDepletion dep;
      WbBsSkedaddle sked;
      WbBsCohesion c = { 0 }, before;
      Dice dice = { .n = 16 };
      g_autoptr(GError) error = NULL;
      int tests = 0;

      for (guint f = 0; f < n; f++)
        firers[f] = (WbBsFirer) { (guint8) g_rand_int_range (rand, 1, 13), (guint8) g_rand_int_range (rand, 0, 3),
                                  (guint8) g_rand_int_range (rand, 0, 4), (guint8) g_rand_int_range (rand, 0, 8) };
      strength = wb_bs_fire_strength (tables, firers, n);
      fewer = wb_bs_fire_strength (tables, firers, n - 1);
      ck_assert_int_ge (strength, fewer);                 /* one more firer never weakens the fire */
      ck_assert (strength <= 1 || strength % 2 == 0);     /* whole SPs, or C */
      column = wb_bs_column (tables, strength, shift, defensive, NULL);
      if (strength == 0)
        ck_assert_int_eq (column, -1);
      else if (defensive)
        ck_assert_int_ge (column, 0);                     /* Defensive Fire always on a column */
      if (column < 0)
        continue;
      ck_assert_int_lt (column, tables->n_columns);
      test = wb_bs_crt_read (tables, column, g_rand_int_range (rand, 1, 7), g_rand_int_range (rand, 1, 7),
                             g_rand_int_range (rand, 0, 7), kind);
      ck_assert_int_ne (test, WB_BS_TEST_UNKNOWN);
      ck_assert (kind == WB_BS_CLOSE ? test != WB_BS_TEST_NONE : test != WB_BS_TEST_CLOSE_FIGHT);
      ck_assert (wb_bs_cohesion_lookup (tables, kind, test, g_rand_int_range (rand, 1, 7),
                                        g_rand_int_range (rand, 1, 7), &dep, &sked, NULL, NULL));
      if (test == WB_BS_TEST_NONE)
        continue;
      c.n_defenders = (guint8) g_rand_int_range (rand, 1, 4);
      c.n_attackers = 2;
      for (int i = 0; i < 3; i++)
        {
          c.defenders[i] = unit (i, g_rand_int_range (rand, 2, 13), 1, g_rand_int_range (rand, 1, 6), 1,
                                 g_rand_boolean (rand));
          c.defenders[i].morale = (guint8) g_rand_int_range (rand, 0, 3);
          c.attackers[i] = unit (10 + i, 6, 2, 3, 2, g_rand_boolean (rand));
        }
      c.lead = (guint8) wb_bs_largest (c.defenders, c.n_defenders, -1);
      c.attacker_lead = (guint8) wb_bs_largest (c.attackers, 2, -1);
      for (int i = 0; i < 16; i++)
        dice.faces[i] = g_rand_int_range (rand, 1, 7);
      before = c;
      ck_assert_msg (wb_bs_cohesion_apply (tables, &c, kind, dep, &sked, forced_die, &dice, &error),
                     "%s", error ? error->message : "");
      for (int i = 0; i < c.n_defenders + c.n_attackers; i++)
        {
          const WbBsUnit *u = i < c.n_defenders ? &c.defenders[i] : &c.attackers[i - c.n_defenders];

          tests += u->n_break_tests;
          if (u->broken)
            ck_assert (u->morale == 0 && u->retreat == 0 && (u->flags & WB_BS_UNIT_WORN));
          ck_assert_int_le (u->retreat, 3);
          if (kind == WB_BS_FIRE && i != c.lead)
            ck_assert_int_eq (u->retreat, 0);           /* 12.1b: the Lead Unit alone */
        }
      ck_assert_int_eq (tests, dice.next);               /* a die for each Break Test, no other */
      if (kind == WB_BS_FIRE)
        ck_assert (memcmp (c.attackers, before.attackers, sizeof c.attackers) == 0);
    }
}
END_TEST

static Suite *
bs_combat_suite (void)
{
  Suite *s = suite_create ("bs-combat");
  TCase *tc = tcase_create ("examples");

  tcase_add_unchecked_fixture (tc, load, unload);
  tcase_add_test (tc, test_fire_example);
  tcase_add_test (tc, test_rounding);
  tcase_add_test (tc, test_column_ends);
  tcase_add_test (tc, test_shifts);
  tcase_add_test (tc, test_panic_example);
  tcase_add_test (tc, test_close_example);
  tcase_add_test (tc, test_triple_odds);
  tcase_add_test (tc, test_morale_and_break);
  tcase_add_test (tc, test_rebuild);
  tcase_add_test (tc, test_unknown_cells);
  tcase_add_test (tc, test_compile_errors);
  tcase_add_test (tc, test_params_name_tables);
  tcase_add_test (tc, test_random_invariants);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_combat_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
