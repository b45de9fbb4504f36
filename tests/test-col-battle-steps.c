/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col-battle-steps"
#include "config.h"

#include <check.h>
#include <string.h>

#include "col-fixture.h"

/* The Columbia Battle Phase as the play UI sees it (wb-col-battle-steps.c):
 * the step's lists and buttons at each stage, the actions the picks make
 * (played by the family), and the battle board. Blocks are put in place
 * as movement leaves them, as in tests/test-col-battles.c (the fixture:
 * tests/col-fixture.h). */

static int
by_text (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The candidates of list @l, sorted, joined by spaces. */
static char *
candidates (const WbStep *step, guint l)
{
  const WbPickList *list;
  g_autoptr(GPtrArray) v = g_ptr_array_new ();

  ck_assert_uint_lt (l, step->lists->len);
  list = g_ptr_array_index (step->lists, l);
  for (guint i = 0; i < list->candidates->len; i++)
    g_ptr_array_add (v, g_array_index (list->candidates, WbPickCandidate, i).value);
  g_ptr_array_sort (v, by_text);
  g_ptr_array_add (v, NULL);
  return g_strjoinv (" ", (char **) v->pdata);
}

static void
play_picks (Fixture *f, const WbPicks *picks, const char *rolls)
{
  g_autoptr(JsonObject) a = f->family->step_action (f->data, f->m, picks);

  ck_assert_ptr_nonnull (a);
  if (rolls != NULL)
    {
      g_autoptr(JsonParser) p = json_parser_new ();

      ck_assert (json_parser_load_from_data (p, rolls, -1, NULL));
      json_object_set_member (a, "rolls", json_node_copy (json_parser_get_root (p)));
    }
  ok_action (f, a);
}

static const WbBoardUnit *
board_unit (const WbBoard *board, const char *id)
{
  int i = wb_board_find_unit (board, id);

  ck_assert_msg (i >= 0, "%s not on the board", id);
  return &g_array_index (board->units, WbBoardUnit, i);
}

static const char *
box_title (const WbBoard *board, const char *id)
{
  return g_array_index (board->boxes, WbBoardBox, board_unit (board, id)->box).title;
}

/* Two battles: the step picks one by a click on its town or a button;
 * no board before a battle is picked; a battle attacked by two roads
 * asks the attacker for its main attack by a click on a town it came
 * from. */
START_TEST (test_pick_and_declare)
{
  Fixture f;
  g_autoptr(WbStep) step = NULL;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autofree char *c = NULL, *a = NULL;

  setup_battle (&f);
  place (&f, "donnelly", "strasburg", 3);
  attack (&f, "winder", "woodstock", "strasburg", 4);
  attack (&f, "campbell", "front-royal", "strasburg", 3);
  place (&f, "kenly", "luray", 2);
  attack (&f, "steuart", "front-royal", "luray", 2);
  /* No first road recorded: the attacker declares (6.5). */
  col_state (f.m)->battles[0].main_conn = 0;
  to_battles (&f, "winder");
  ck_assert_str_eq (awaiting (&f), "battle");
  ck_assert_ptr_null (f.family->board (f.data, f.m));
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->lists->len, 1);
  c = candidates (step, 0);
  ck_assert_str_eq (c, "luray strasburg");
  ck_assert (step->auto_act);
  ck_assert (has_button (step, "Battle of Strasburg"));
  ck_assert (has_button (step, "Battle of Luray"));
  ck_assert_ptr_null ((a = action_text (&f, picks)));
  g_free (a);
  wb_picks_add (picks, 0, "strasburg");
  ck_assert_str_eq ((a = action_text (&f, picks)), "{\"type\":\"battle\",\"location\":{\"location\":\"strasburg\"}}");
  play_picks (&f, picks, NULL);
  /* Two roads in: the CSA declares the main attack (6.5). */
  ck_assert_str_eq (awaiting (&f), "declare");
  ck_assert_ptr_null (f.family->board (f.data, f.m));
  g_clear_pointer (&step, wb_step_free);
  g_clear_pointer (&c, g_free);
  wb_picks_clear (picks);
  step = step_of (&f, picks);
  c = candidates (step, 0);
  ck_assert_str_eq (c, "front-royal woodstock");
  ck_assert (has_button (step, "Main Attack from Woodstock"));
  wb_picks_add (picks, 0, "front-royal");
  play_picks (&f, picks, NULL);
  ck_assert_str_eq (awaiting (&f), "fire");
  /* Campbell, by the other road, arrives in round 2: on its road on the board. */
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert_ptr_nonnull (board);
    ck_assert_str_eq (box_title (board, "winder"), "CSA on the roads");
    ck_assert_str_eq (board_unit (board, "winder")->value, "C3 · 4 · rd 2");
    ck_assert_str_eq (box_title (board, "campbell"), "CSA attacks · C · fires 6th");
    ck_assert_str_eq (box_title (board, "donnelly"), "USA defends · C · fires 5th");
  }
  teardown (&f);
}
END_TEST

/* The Battle Turn sidebar at Winchester: the USA artillery acts first; a
 * click on the CSA artillery makes its fire counter-battery (6.63); the
 * board shows the attacking artillery at A1 in its first round (4.24),
 * the last fire's dice and hits; the two CSA B blocks: the one clicked
 * fires, else the first, neither offered counter-battery (not artillery). */
START_TEST (test_fire_and_counter_battery)
{
  Fixture f;
  g_autoptr(WbStep) step = NULL;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autofree char *c = NULL, *a = NULL;

  setup_winchester (&f);
  ck_assert_str_eq (awaiting (&f), "fire");
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->lists->len, 3);
  ck_assert_str_eq ((c = candidates (step, 0)), "banks-artillery");
  g_free (c);
  ck_assert_str_eq ((c = candidates (step, 1)), "jackson-artillery");
  g_free (c);
  /* Round 1: artillery does not retreat. */
  ck_assert_str_eq ((c = candidates (step, 2)), "");
  g_free (c);
  ck_assert (!step->auto_act);
  ck_assert_str_eq (step->act_label, "_Fire");
  ck_assert_str_eq (step->summary, "Fire: Banks' artillery (Best) (A2), 3 dice");
  /* A CSA block clicked: why not. */
  {
    const WbPickList *l0 = g_ptr_array_index (step->lists, 0);

    ck_assert_str_eq (g_hash_table_lookup (l0->reasons, "jackson"),
                      "It is the other side's battle turn: fire or retreat with the block whose turn it is");
    ck_assert_str_eq (g_hash_table_lookup (l0->reasons, "banks"),
                      "Not that block's battle turn yet: A before B before C, the defender first (6.4)");
  }
  ck_assert_str_eq ((a = action_text (&f, picks)), "{\"type\":\"fire\",\"unit\":\"banks-artillery\"}");
  g_free (a);
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert_str_eq (board->title, "Battle of Winchester · round 1 of 4 · USA: Banks' artillery (Best) fires or "
                                    "retreats");
    ck_assert_str_eq (board_unit (board, "jackson-artillery")->value, "A1 · 4");
    ck_assert_int_eq (board_unit (board, "jackson-artillery")->dice, 4);
    ck_assert_str_eq (box_title (board, "jackson-artillery"), "CSA attacks · A · fires 2nd");
    ck_assert_str_eq (box_title (board, "banks-artillery"), "USA defends · A · fires 1st");
    ck_assert_int_eq (board->front_after, 1);
  }
  /* Counter-battery: the CSA artillery clicked. */
  wb_picks_add (picks, 1, "jackson-artillery");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_str_eq (step->act_label, "_Counter-Battery");
  ck_assert_str_eq ((a = action_text (&f, picks)),
                    "{\"type\":\"fire\",\"unit\":\"banks-artillery\",\"counter_battery\":true,"
                    "\"target\":\"jackson-artillery\"}");
  g_free (a);
  play_picks (&f, picks, "[1, 6, 6]");
  ck_assert_int_eq (unit (&f, "jackson-artillery")->halves, 6);
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert (strstr (board->title, "Last fire: Banks' artillery (Best) A2 · ⚀ ⚅ ⚅ (1 6 6) · 1 hit") != NULL);
    ck_assert_int_eq (board_unit (board, "jackson-artillery")->marks, 1);
    ck_assert_int_eq (board_unit (board, "jackson")->marks, 0);
  }
  wb_picks_clear (picks);
  play_picks (&f, picks, "[6, 6, 6]");   /* the CSA artillery */
  play_picks (&f, picks, "[6, 6, 6]");   /* Banks */
  /* The CSA B blocks: Munford clicked fires, not Jackson, the first. */
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_str_eq ((c = candidates (step, 0)), "jackson munford");
  g_free (c);
  /* Not artillery: no counter-battery at Banks' artillery (6.63). */
  ck_assert_str_eq ((c = candidates (step, 1)), "");
  g_free (c);
  ck_assert_str_eq ((a = action_text (&f, picks)), "{\"type\":\"fire\",\"unit\":\"jackson\"}");
  g_free (a);
  wb_picks_add (picks, 0, "munford");
  ck_assert_str_eq ((a = action_text (&f, picks)), "{\"type\":\"fire\",\"unit\":\"munford\"}");
  /* Cavalry may retreat in round 1 (4.23): its towns and buttons. */
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_str_eq ((c = candidates (step, 2)), "newtown");
  ck_assert (has_button (step, "Retreat to Newtown"));
  wb_picks_add (picks, 2, "newtown");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_str_eq (step->act_label, "_Retreat");
  g_free (a);
  ck_assert_str_eq ((a = action_text (&f, picks)),
                    "{\"type\":\"retreat\",\"to\":{\"location\":\"newtown\"},\"unit\":\"munford\"}");
  play_picks (&f, picks, NULL);
  ck_assert_str_eq (unit (&f, "munford")->where.place, "newtown");
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert_str_eq (box_title (board, "munford"), "CSA out of the battle");
    ck_assert_str_eq (board_unit (board, "munford")->value, "retreated");
  }
  teardown (&f);
}
END_TEST

/* The Battle Hits sidebar: the CSA picks the second hit among its equal
 * blocks by a click (played at once); the USA block cannot be picked;
 * then the victor regroups by a block and a town, or ends the regroup. */
START_TEST (test_hit_and_regroup)
{
  Fixture f;
  g_autoptr(WbStep) step = NULL;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autofree char *c = NULL, *a = NULL;

  setup_battle (&f);
  place (&f, "tyler", "luray", 3);
  attack (&f, "elzey", "front-royal", "luray", 2);
  attack (&f, "trimble", "front-royal", "luray", 3);
  to_battles (&f, "elzey");
  play_picks (&f, picks, "[1, 2, 6]");   /* Tyler: 2 hits */
  ck_assert_str_eq (awaiting (&f), "hit");
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->lists->len, 1);
  ck_assert_str_eq ((c = candidates (step, 0)), "elzey trimble");
  ck_assert (step->auto_act);
  ck_assert_ptr_nonnull (g_hash_table_lookup (((WbPickList *) g_ptr_array_index (step->lists, 0))->reasons, "tyler"));
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert (strstr (board->title, "CSA: pick the block hit (6.6)") != NULL);
    /* The first hit is placed (on Trimble, the strongest); the second not yet. */
    ck_assert_int_eq (board_unit (board, "trimble")->marks, 1);
    ck_assert_int_eq (board_unit (board, "elzey")->marks, 0);
    ck_assert_int_eq (board_unit (board, "tyler")->marks, 0);
  }
  wb_picks_add (picks, 0, "elzey");
  ck_assert_str_eq ((a = action_text (&f, picks)), "{\"type\":\"hit\",\"unit\":\"elzey\"}");
  play_picks (&f, picks, NULL);
  ck_assert_int_eq (unit (&f, "elzey")->halves, 2);
  wb_picks_clear (picks);
  play_picks (&f, picks, "[6]");      /* Elzey */
  play_picks (&f, picks, "[1, 2]");   /* Trimble */
  play_picks (&f, picks, "[6]");      /* Tyler */
  play_picks (&f, picks, "[6]");      /* Elzey */
  play_picks (&f, picks, "[1, 6]");   /* Trimble: Tyler eliminated */
  ck_assert_str_eq (awaiting (&f), "regroup");
  g_clear_pointer (&step, wb_step_free);
  g_clear_pointer (&c, g_free);
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->lists->len, 2);
  ck_assert_str_eq ((c = candidates (step, 0)), "elzey trimble");
  g_free (c);
  ck_assert_str_eq ((c = candidates (step, 1)), "");
  ck_assert (has_button (step, "_End Regroup"));
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert (strstr (board->title, "CSA won: regroup (6.8)") != NULL);
    ck_assert_str_eq (board_unit (board, "tyler")->value, "eliminated");
  }
  wb_picks_add (picks, 0, "elzey");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  g_free (c);
  c = candidates (step, 1);
  ck_assert_msg (strstr (c, "front-royal") != NULL, "%s", c);
  wb_picks_add (picks, 1, "front-royal");
  g_free (a);
  ck_assert_str_eq ((a = action_text (&f, picks)),
                    "{\"type\":\"regroup\",\"to\":{\"location\":\"front-royal\"},\"unit\":\"elzey\"}");
  play_picks (&f, picks, NULL);
  ck_assert_str_eq (unit (&f, "elzey")->where.place, "front-royal");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_ptr_null (f.family->board (f.data, f.m));
  /* Out of the Battle Phase: the campaign's steps take over (the Supply
   * Phase's, wb-col-steps.c), not the battle's. */
  ck_assert_int_ne (f.m->step, COL_BATTLE);
  {
    g_autoptr(WbStep) after = wb_step_new ();

    ck_assert (!_wb_col_battle_step (f.data, f.m, picks, after));
  }
  teardown (&f);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("col-battle-steps");
  TCase *tc = tcase_create ("steps");

  tcase_add_test (tc, test_pick_and_declare);
  tcase_add_test (tc, test_fire_and_counter_battery);
  tcase_add_test (tc, test_hit_and_regroup);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (make_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
