/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col-battles"
#include "config.h"

#include <check.h>
#include <string.h>

#include "col-fixture.h"

/* The Columbia block family's Battle Phase (Shenandoah 6.0–6.8) played
 * through its actions with typed dice: the rulebook's Battle Turn
 * (Winchester), Battle Reinforcements (Front Royal) and Battle Hits
 * sidebars, retreats and regroups, the choice of battle, declared roads,
 * and whole automatic games with battles. The blocks are put in place as
 * movement leaves them (in the town, flagged as attackers, with the road
 * they came by), then Player 2 ends the Movement Phase. */

#define FIRE(f, id, rolls) ok (f, "{\"type\": \"fire\", \"unit\": \"" id "\", \"rolls\": " rolls "}")

/* The Battle Turn sidebar: USA defends Winchester with A2 artillery, B1
 * Banks, C1 and C2 infantry; the CSA attacks from Newtown with Jackson B3,
 * A2 artillery, B1 cavalry, C3 and C2 infantry. Every die misses. */
START_TEST (test_winchester_order)
{
  Fixture f;

  setup_winchester (&f);
  ck_assert_str_eq (awaiting (&f), "fire");
  ck_assert (logged (&f, "Battle of Winchester: CSA attacks with"));
  ck_assert (unit (&f, "banks")->flags & WB_UNIT_REVEALED);
  /* A before B before C, the defender first on equal letters (6.4). */
  ck_assert_int_eq (f.m->active, unit (&f, "banks")->side);
  refused (&f, "{\"type\": \"fire\", \"unit\": \"jackson-artillery\", \"rolls\": [6, 6, 6, 6]}", "6.4");
  refused (&f, "{\"type\": \"fire\", \"unit\": \"banks\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "banks-artillery", "[6, 6, 6]");
  /* (1) the attacking artillery is A1 in its first round. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"jackson\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "jackson-artillery", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "fires A1, 4 dice"));
  FIRE (&f, "banks", "[6, 6, 6]");
  /* (2) the two CSA B blocks in either order: the cavalry first here. */
  ck_assert_int_eq (f.m->active, unit (&f, "jackson")->side);
  FIRE (&f, "munford", "[6, 6]");
  FIRE (&f, "jackson", "[6, 6, 6]");
  refused (&f, "{\"type\": \"fire\", \"unit\": \"winder\", \"rolls\": [6, 6, 6, 6]}", "6.4");
  FIRE (&f, "gordon", "[6, 6, 6, 6]");
  FIRE (&f, "donnelly", "[6, 6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  /* A missing die refuses the turn and leaves the battle as it was. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"winder\", \"rolls\": [6, 6]}", "");
  FIRE (&f, "winder", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "Battle of Winchester, round 2"));
  /* Round 2: the CSA artillery fires A2. */
  FIRE (&f, "banks-artillery", "[6, 6, 6]");
  FIRE (&f, "jackson-artillery", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "fires A2, 4 dice"));
  teardown (&f);
}
END_TEST

/* The Battle Reinforcements sidebar: the CSA attacks Front Royal from
 * Strasburg with 3A2 artillery, 3B2 cavalry, 3C2 and 2C2 infantry; the USA
 * 2C1 defends, reinforced from Newtown over the bridge by 3C2 infantry and
 * 3A2 artillery, which arrive in round 2. The CSA eliminate the C1 in round
 * 1 and defend Front Royal from then on (6.51). */
START_TEST (test_front_royal)
{
  Fixture f;

  setup_battle (&f);
  place (&f, "kenly", "front-royal", 2);
  attack (&f, "ewell-artillery", "strasburg", "front-royal", 3);
  attack (&f, "ashby", "strasburg", "front-royal", 3);
  attack (&f, "campbell", "strasburg", "front-royal", 3);
  attack (&f, "steuart", "strasburg", "front-royal", 2);
  f.m->first_side = unit (&f, "ashby")->side;
  attack (&f, "gordon", "newtown", "front-royal", 3);
  attack (&f, "banks-artillery", "newtown", "front-royal", 3);
  to_battles (&f, "ashby");
  ck_assert (logged (&f, "Gordon's brigade C2 (3), round 2"));
  /* Round 1: the reinforcements neither fire nor take hits. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"banks-artillery\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "ewell-artillery", "[1, 6, 6]");       /* A1 offense: one hit */
  ck_assert_int_eq (unit (&f, "kenly")->halves, 2);
  FIRE (&f, "ashby", "[6, 6, 6]");                 /* misses */
  FIRE (&f, "kenly", "[6]");                       /* misses */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"campbell\", \"to\": {\"location\": \"strasburg\"}}",
           "(Campbell) cannot retreat along the road to Strasburg in round 1: only cavalry");
  FIRE (&f, "campbell", "[1, 6, 6]");              /* eliminates the C1 */
  ck_assert_str_eq (where (&f, "kenly"), "(eliminated)");
  ck_assert (logged (&f, "defends it from now on (6.51)"));
  ck_assert (logged (&f, "Banks' artillery (Best) arrives from Newtown (6.5)"));
  /* Round 2: the CSA artillery defends as A2; the USA artillery, reinforcing
   * over a river, is A0 and rolls nothing. */
  FIRE (&f, "ewell-artillery", "[2, 6, 6]");
  ck_assert (logged (&f, "fires A2, 3 dice: 1 hit"));
  /* The hit falls on Gordon or the artillery, both at 3: the USA pick. */
  ck_assert_str_eq (awaiting (&f), "hit");
  ck_assert_int_eq (f.m->active, unit (&f, "gordon")->side);
  refused (&f, "{\"type\": \"hit\", \"unit\": \"ashby\"}", "6.6");
  ok (&f, "{\"type\": \"hit\", \"unit\": \"gordon\"}");
  ck_assert_int_eq (unit (&f, "gordon")->halves, 4);
  ok (&f, "{\"type\": \"fire\", \"unit\": \"banks-artillery\"}");
  ck_assert (logged (&f, "cannot fire (A0)"));
  /* The USA artillery fired: it cannot retreat this round. */
  FIRE (&f, "ashby", "[1, 6, 6]");   /* one hit: on the artillery, the strongest (3 vs 2) */
  ck_assert_int_eq (unit (&f, "banks-artillery")->halves, 4);
  FIRE (&f, "steuart", "[6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  /* Attackers now, the USA retreat only by the road they came by (6.72). */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"gordon\", \"to\": {\"location\": \"strasburg\"}}", "6.7");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"gordon\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert_str_eq (where (&f, "gordon"), "newtown");
  ck_assert (!(unit (&f, "gordon")->flags & COL_ATTACKER));
  teardown (&f);
}
END_TEST

/* The Battle Hits sidebar: a USA 3-step block rolls two hits against a
 * CSA 2-step and a 3-step block: the first goes to the 3-step one, the CSA
 * player places the second on either. */
START_TEST (test_battle_hits)
{
  Fixture f;
  int vp;

  setup_battle (&f);
  place (&f, "tyler", "luray", 3);
  attack (&f, "elzey", "front-royal", "luray", 2);
  attack (&f, "trimble", "front-royal", "luray", 3);
  to_battles (&f, "elzey");
  /* C on both sides: the defender first. */
  FIRE (&f, "tyler", "[1, 2, 6]");
  ck_assert_int_eq (unit (&f, "trimble")->halves, 6);   /* not placed yet: the CSA choose */
  ck_assert_str_eq (awaiting (&f), "hit");
  ck_assert_int_eq (f.m->active, unit (&f, "elzey")->side);
  refused (&f, "{\"type\": \"hit\", \"unit\": \"tyler\"}", "6.6");
  ok (&f, "{\"type\": \"hit\", \"unit\": \"elzey\"}");
  ck_assert_int_eq (unit (&f, "trimble")->halves, 4);
  ck_assert_int_eq (unit (&f, "elzey")->halves, 2);
  ck_assert (logged (&f, "The hits of Tyler's brigade fall on Trimble's brigade, Elzey's brigade"));
  /* Elzey fires and kills nothing; Trimble's hits take the Union block to its
   * last step, then the next round ends it: 1 VP (8.0). */
  FIRE (&f, "elzey", "[6]");
  FIRE (&f, "trimble", "[1, 2]");
  ck_assert_int_eq (unit (&f, "tyler")->halves, 2);
  vp = f.m->vp[unit (&f, "elzey")->side];
  FIRE (&f, "tyler", "[6]");
  FIRE (&f, "elzey", "[6]");
  FIRE (&f, "trimble", "[1, 6]");
  ck_assert_str_eq (where (&f, "tyler"), "(eliminated)");
  ck_assert_int_eq (f.m->vp[unit (&f, "elzey")->side], vp + 1);
  ck_assert (logged (&f, "CSA wins the battle of Luray"));
  ck_assert_str_eq (awaiting (&f), "regroup");
  teardown (&f);
}
END_TEST

/* Retreats and regroups (6.7–6.74, 6.8): Player 1 picks between two
 * battles; the defender retreats in round 2 but not along the attacker's
 * road, and not into the other battle's town; the victor regroups to a
 * vacant town within the road's attack limit, not to an enemy town. */
START_TEST (test_retreat_regroup)
{
  Fixture f;

  setup_battle (&f);
  /* Strasburg: two USA blocks, attacked from Woodstock by the CSA. */
  place (&f, "donnelly", "strasburg", 3);
  place (&f, "hatch", "strasburg", 3);
  attack (&f, "winder", "woodstock", "strasburg", 4);
  attack (&f, "campbell", "woodstock", "strasburg", 3);
  attack (&f, "taliaferro", "woodstock", "strasburg", 3);
  /* Front Royal: a second battle. */
  place (&f, "kenly", "front-royal", 2);
  attack (&f, "steuart", "luray", "front-royal", 2);
  place (&f, "ashby", "wardensville", 3);   /* Wardensville is enemy-occupied for the USA */
  to_battles (&f, "winder");
  ck_assert_str_eq (awaiting (&f), "battle");
  ck_assert_int_eq (f.m->active, unit (&f, "winder")->side);
  refused (&f, "{\"type\": \"fire\", \"unit\": \"donnelly\", \"rolls\": [6, 6, 6]}", "6.1");
  refused (&f, "{\"type\": \"end_step\"}", "6.1");
  refused (&f, "{\"type\": \"battle\", \"location\": {\"location\": \"winchester\"}}", "6.1");
  ok (&f, "{\"type\": \"battle\", \"location\": {\"location\": \"strasburg\"}}");
  ck_assert (logged (&f, "picks the battle of Strasburg"));
  /* Round 1: the USA cavalry may retreat, the infantry may not. */
  ck_assert_int_eq (f.m->active, unit (&f, "donnelly")->side);
  FIRE (&f, "hatch", "[6, 6, 6]");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"donnelly\", \"to\": {\"location\": \"newtown\"}}", "round 1");
  FIRE (&f, "donnelly", "[6, 6, 6]");
  FIRE (&f, "winder", "[6, 6, 6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  FIRE (&f, "taliaferro", "[6, 6, 6]");
  /* Round 2: not along the attacker's road (6.74), not into Front Royal,
   * contested (6.71), nor Wardensville, enemy-occupied. */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"woodstock\"}}", "6.74");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"front-royal\"}}", "6.71");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"wardensville\"}}", "6.71");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"staunton\"}}", "6.7");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert_str_eq (where (&f, "hatch"), "newtown");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"donnelly\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert (logged (&f, "CSA wins the battle of Strasburg"));
  /* 6.8: regroups to friendly or vacant towns, within the attack limit. */
  ck_assert_str_eq (awaiting (&f), "regroup");
  refused (&f, "{\"type\": \"regroup\", \"unit\": \"winder\", \"to\": {\"location\": \"newtown\"}}", "6.8");
  refused (&f, "{\"type\": \"regroup\", \"unit\": \"steuart\", \"to\": {\"location\": \"woodstock\"}}", "6.8");
  ok (&f, "{\"type\": \"regroup\", \"unit\": \"winder\", \"to\": {\"location\": \"woodstock\"}}");
  ck_assert_str_eq (where (&f, "winder"), "woodstock");
  ok (&f, "{\"type\": \"end_step\"}");
  /* The last battle starts by itself. */
  ck_assert_str_eq (awaiting (&f), "fire");
  ck_assert (logged (&f, "Battle of Front Royal: CSA attacks"));
  ck_assert (!(unit (&f, "winder")->flags & WB_UNIT_REVEALED));
  teardown (&f);
}
END_TEST

/* Whole automatic games fight battles and end (the suggestions are legal). */
START_TEST (test_auto_games)
{
  int battles = 0;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      Fixture f;
      WbRng rng;
      int n = 0;

      setup_with (&f, NULL, seed);
      wb_rng_seed (&rng, seed, 3);
      while (!f.m->over && n++ < 20000)
        {
          g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
          g_autoptr(JsonNode) node = NULL;
          g_autofree char *text = NULL;
          g_autoptr(GError) error = NULL;

          ck_assert (a != NULL);
          node = json_node_init_object (json_node_alloc (), a);
          text = json_to_string (node, FALSE);
          ck_assert_msg (act (&f, a, &error) == WB_APPLY_DONE, "seed %" G_GUINT64_FORMAT ": %s refused: %s", seed,
                         text, error ? error->message : "");
        }
      ck_assert_msg (f.m->over, "seed %" G_GUINT64_FORMAT ": the game did not end", seed);
      for (guint i = 0; i < f.events->len; i++)
        battles += strstr (((WbLogEvent *) g_ptr_array_index (f.events, i))->text, "wins the battle of") != NULL;
      teardown (&f);
    }
  ck_assert_int_gt (battles, 12);
}
END_TEST

static Suite *
col_battles_suite (void)
{
  Suite *s = suite_create ("col-battles");
  TCase *tc = tcase_create ("battles");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_winchester_order);
  tcase_add_test (tc, test_front_royal);
  tcase_add_test (tc, test_battle_hits);
  tcase_add_test (tc, test_retreat_regroup);
  tcase_add_test (tc, test_auto_games);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (col_battles_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
