/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col-auto"
#include "config.h"

#include <check.h>
#include <string.h>

#include "col-fixture.h"

/* The columbia-block family's automatic player (wb-col-auto.c) on the
 * bundled Shenandoah campaign: whole games from 20 seeds, every action
 * applied through the rules (wb_play_act: a refused one fails the test),
 * each game ending; no HQ ever moves into a town held by the enemy (an
 * HQ never attacks, alone or not); the attacks it makes start battles;
 * both sides score; and the same with the scenario's options. */

#define N_SEEDS 20

/* Blocks of the side other than @side at the location @id. */
static int
enemies_at (WbMatch *m, guint side, const char *id)
{
  int n = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      n += u->side != side && u->side < 2 && u->where.kind == WB_WHERE_LOCATION && g_strcmp0 (u->where.place, id) == 0;
    }
  return n;
}

typedef struct {
  int battles, attacks, scored[2];
} Tally;

/* One whole game from @seed with @options, every action the automatic
 * player suggests applied through the rules (a refused one fails), no HQ
 * attacking; the game must end. */
static void
play_game (WbGame *game, const char * const *options, int seed, Tally *t)
{
  const WbRulesFamily *family = wb_col_family ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "campaign", options, seed, &error);
  WbMatch *m;
  ColData *data;
  GPtrArray *log;
  WbRng policy;
  int n = 0;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  m = wb_play_get_state (play);
  data = family->prepare (game, m, &error);
  ck_assert_msg (data != NULL, "%s", error ? error->message : "");
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  for (;; n++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL)
        break;
      ck_assert_int_lt (n, 5000);
      m = wb_play_get_state (play);
      if (g_str_equal (json_object_get_string_member (a, "type"), "move"))
        {
          WbUnitState *u = wb_match_find_unit (m, json_object_get_string_member (a, "unit"));
          const char *to = json_object_get_string_member (json_object_get_object_member (a, "to"), "location");
          int k = _wb_col_unit_index (m, u), against = enemies_at (m, u->side, to);

          ck_assert_msg (!(data->roles[k] & COL_HQ) || against == 0,
                         "seed %d: the HQ %s attacks %s (%d enemy blocks)", seed, u->id, to, against);
          t->attacks += against > 0;
        }
      ck_assert_msg (wb_play_act (play, a, &error), "seed %d, action %d refused: %s", seed, n,
                     error ? error->message : "");
    }
  m = wb_play_get_state (play);
  ck_assert_msg (m->over, "seed %d: the game stopped at turn %d without ending", seed, m->turn);
  log = wb_play_get_log (play);
  for (guint k = 0; k < log->len; k++)
    t->battles += strstr (((WbLogEvent *) g_ptr_array_index (log, k))->text, "wins the battle of") != NULL;
  t->scored[0] += m->vp[0] > 0;
  t->scored[1] += m->vp[1] > 0;
  family->release (data);
}

START_TEST (test_auto_games)
{
  g_autoptr(WbGame) game = load ();
  Tally t = { 0, 0, { 0, 0 } };

  for (int seed = 0; seed < N_SEEDS; seed++)
    play_game (game, NULL, 500 + seed, &t);
  /* It fights: two battles a game at least on average (6.3 when written),
   * and both sides score in most games (all 20 when written). */
  ck_assert_int_ge (t.attacks, 2 * N_SEEDS);
  ck_assert_int_ge (t.battles, 2 * N_SEEDS);
  ck_assert_int_ge (t.scored[0], N_SEEDS * 3 / 4);
  ck_assert_int_ge (t.scored[1], N_SEEDS * 3 / 4);
}
END_TEST

/* The scenario's options change the set-up and the moves the player
 * makes: 9.1 Historical starts Shields off the map and the Confederates
 * where a rail move is their best way (a move it once sent without
 * saying "rail" was refused), the Detachments sidebar adds actions; whole
 * games end with every action legal. */
START_TEST (test_auto_options)
{
  static const char * const historical[] = { "historical", NULL };
  static const char * const detachments[] = { "detachments-optional", NULL };
  static const char * const both[] = { "historical", "detachments-optional", NULL };
  const char * const *sets[] = { historical, detachments, both };
  g_autoptr(WbGame) game = load ();
  Tally t = { 0, 0, { 0, 0 } };

  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    for (int seed = 1; seed <= 4; seed++)
      play_game (game, sets[k], seed, &t);
  ck_assert_int_ge (t.battles, 12);
}
END_TEST

static Suite *
col_auto_suite (void)
{
  Suite *s = suite_create ("col-auto");
  TCase *tc = tcase_create ("games");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_auto_games);
  tcase_add_test (tc, test_auto_options);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (col_auto_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
