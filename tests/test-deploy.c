/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "play-common.h"

/* The set-up step (core/rules/wb-deploy.c): where a scenario gives units
 * a choice of places (Grant's Gamble 13: "Units may be at one or more of
 * these locations"), each side places them in turn before the first step,
 * the Union first ("The Union player sets up first"); checked against the
 * choices and the stacking rule, journalled, hidden from the other side in
 * a block game, played by the automatic player. */

static WbGame *
load_game (const char *name, const char *from, const char *to)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) s = NULL;
  WbGame *game;

  if (g_str_has_prefix (name, "minimal"))
    {
      g_free (path);
      path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), name, NULL);
    }
  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  s = g_string_new (text);
  if (from != NULL)
    ck_assert_msg (g_string_replace (s, from, to, 1) == 1, "%s not in %s", from, name);
  game = wb_game_load_from_data (s->str, (gssize) s->len, name, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static const char *
where_of (WbPlay *play, const char *unit)
{
  static char buf[64];
  WbMatch *m = wb_play_get_state (play);
  g_autofree char *text = wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);

  g_strlcpy (buf, text, sizeof buf);
  return buf;
}

static const WbLogEvent *
last_event (WbPlay *play)
{
  GPtrArray *log = wb_play_get_log (play);

  ck_assert_uint_gt (log->len, 0);
  return g_ptr_array_index (log, log->len - 1);
}

START_TEST (test_grants_gamble)
{
  g_autoptr(WbGame) game = load_game ("grants-gamble.warbench", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "campaign", NULL, 1, &error);
  g_autoptr(GArray) dest = NULL;
  g_autofree char *step = NULL;
  const WbLogEvent *e;
  GError *refused;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  /* The Union sets up first; the step and the prompt say so. */
  step = wb_play_describe_step (play);
  ck_assert_str_eq (step, "Turn 1 · Union · Set-up");
  ck_assert_str_eq (wb_play_awaiting (play), "deploy");
  ck_assert_uint_eq (wb_play_player (play), 0);
  ck_assert_ptr_nonnull (strstr (wb_play_hint (play), "choice of places"));
  /* Grant starts at the first choice; he may go to the two others. */
  ck_assert_str_eq (where_of (play, "grant"), "Culpeper CH");
  dest = wb_play_destinations (play, "grant");
  ck_assert_ptr_nonnull (dest);
  ck_assert_uint_eq (dest->len, 2);
  ck_assert_str_eq (g_array_index (dest, WbDestination, 0).where.place, "elk-tavern");
  ck_assert_str_eq (g_array_index (dest, WbDestination, 1).where.place, "falmouth");
  /* A unit without a choice, an enemy unit, a place not offered: refused. */
  ck_assert_ptr_null (wb_play_destinations (play, "union-x"));
  refused = play_fails (play, "{\"type\": \"deploy\", \"unit\": \"union-x\", \"at\": {\"location\": \"falmouth\"}}");
  ck_assert_msg (strstr (refused->message, "has no choice of places") != NULL, "%s", refused->message);
  g_error_free (refused);
  refused = play_fails (play, "{\"type\": \"deploy\", \"unit\": \"lee\", \"at\": {\"location\": \"fredericksburg\"}}");
  ck_assert_msg (strstr (refused->message, "is not a unit of Union, who deploys now") != NULL, "%s", refused->message);
  g_error_free (refused);
  refused = play_fails (play, "{\"type\": \"deploy\", \"unit\": \"grant\", \"at\": {\"location\": \"richmond\"}}");
  ck_assert_msg (strstr (refused->message, "does not give") != NULL && strstr (refused->message, "Richmond") != NULL,
                 "%s", refused->message);
  g_error_free (refused);
  /* The family's actions wait for the set-up. */
  refused = play_fails (play, "{\"type\": \"weather_roll\"}");
  ck_assert_msg (strstr (refused->message, "The set-up first: Union places") != NULL, "%s", refused->message);
  g_error_free (refused);

  /* Grant to Falmouth: the Union reads it, the Confederates read a block. */
  play_ok (play, "{\"type\": \"deploy\", \"unit\": \"grant\", \"at\": {\"location\": \"falmouth\"}}");
  ck_assert_str_eq (where_of (play, "grant"), "Falmouth");
  e = last_event (play);
  ck_assert_str_eq (wb_log_event_text_for (e, 0), "Turn 1, Union: sets up Grant (0) at Falmouth.");
  ck_assert_str_eq (wb_log_event_text_for (e, 1), "Turn 1, Union: sets up a block at Falmouth.");
  /* Placed again: the last place counts. Undo puts him back. */
  play_ok (play, "{\"type\": \"deploy\", \"unit\": \"grant\", \"at\": {\"location\": \"elk-tavern\"}}");
  ck_assert_str_eq (where_of (play, "grant"), "Elk Tavern");
  ck_assert (wb_play_undo (play, &error));
  ck_assert_str_eq (where_of (play, "grant"), "Falmouth");

  /* Then the Confederates, then the turn begins with the Union. */
  play_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_str_eq (play_last_log (play), "Turn 1, Union: ends its set-up.");
  ck_assert_uint_eq (wb_play_player (play), 1);
  ck_assert_str_eq (wb_play_awaiting (play), "deploy");
  play_ok (play, "{\"type\": \"deploy\", \"unit\": \"lee\", \"at\": {\"location\": \"orange-ch\"}}");
  play_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_str_ne (wb_play_awaiting (play), "deploy");
  g_free (step);
  step = wb_play_describe_step (play);
  ck_assert_str_eq (step, "Turn 1 · Union · Weather Roll");
  ck_assert_uint_eq (wb_play_player (play), 0);
  ck_assert_str_eq (where_of (play, "lee"), "Orange CH");
  ck_assert_str_eq (where_of (play, "grant"), "Falmouth");
  /* No more set-up once play has begun. */
  refused = play_fails (play, "{\"type\": \"deploy\", \"unit\": \"grant\", \"at\": {\"location\": \"falmouth\"}}");
  g_error_free (refused);

  /* The journal replays to the same places. */
  {
    g_autofree char *data = wb_journal_to_data (wb_play_get_journal (play));
    g_autoptr(WbJournal) again = wb_journal_load_from_data (data, strlen (data), "again", NULL, &error);
    g_autoptr(WbPlay) replay = NULL;

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    replay = wb_play_open_journal (game, again, "again", NULL, &error);
    ck_assert_msg (replay != NULL, "%s", error ? error->message : "");
    ck_assert_str_eq (where_of (replay, "grant"), "Falmouth");
    ck_assert_str_eq (where_of (replay, "lee"), "Orange CH");
  }
}
END_TEST

/* A journal played by engine version 1 had no set-up step: it replays as
 * it played, every unit at its first choice. */
START_TEST (test_engine_version_1)
{
  g_autoptr(WbGame) game = load_game ("grants-gamble.warbench", NULL, NULL);
  g_autoptr(GError) error = NULL;
  const char *text =
    "{\"format\":\"warbench-play\",\"version\":2,\"game\":{\"id\":\"grants-gamble\"},\"scenario\":\"campaign\","
    "\"seed\":\"1\",\"engine\":{\"version\":1},\"family\":{\"id\":\"bg-campaign\",\"version\":1}}\n"
    "{\"entry\":1,\"parent\":0,\"action\":{\"type\":\"weather_roll\"}}\n";
  g_autoptr(WbJournal) journal = wb_journal_load_from_data (text, strlen (text), "old", NULL, &error);
  g_autoptr(WbPlay) play = NULL;
  g_autofree char *step = NULL;

  ck_assert_msg (journal != NULL, "%s", error ? error->message : "");
  play = wb_play_open_journal (game, journal, "old", NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (where_of (play, "grant"), "Culpeper CH");
  step = wb_play_describe_step (play);
  ck_assert_str_eq (step, "Turn 1 · Union · CAP Roll");
}
END_TEST

/* The stacking rule holds in the set-up: the minimal game with a limit of
 * one unit, and b2's first choice its own hex 0103, its second b1's 0102. */
START_TEST (test_stacking)
{
  g_autoptr(WbGame) game = load_game ("minimal.warbench", "\"box\": \"reserve\"}]", "\"hex\": \"0102\"}]");
  g_autoptr(WbGame) one = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GArray) dest = NULL;
  GError *refused;

  /* Stacking 2: b2 may join b1. */
  play = wb_play_new (game, NULL, "basic", NULL, 1, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  /* Red (side 1) has no choice to make: Blue (side 0) alone sets up, though
   * Red plays first, and Red begins once Blue is done. */
  ck_assert_uint_eq (wb_play_player (play), 0);
  play_ok (play, "{\"type\": \"deploy\", \"unit\": \"b2\", \"at\": {\"hex\": \"0102\"}}");
  ck_assert_str_eq (play_last_log (play), "Turn 1 (Dawn), Blue: sets up b2 (8) at 0102.");
  play_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_uint_eq (wb_play_get_state (play)->active, 1);
  g_clear_object (&play);

  /* Stacking 1: refused, and not offered. */
  one = load_game ("minimal.warbench", "\"stacking\": 2", "\"stacking\": 1");
  {
    g_autoptr(WbGame) g = NULL;
    g_autofree char *text = wb_game_to_data (one, NULL);
    g_autoptr(GString) s = g_string_new (text);

    ck_assert_uint_eq (g_string_replace (s, "{\"box\": \"reserve\"}", "{\"hex\": \"0102\"}", 1), 1);
    g = wb_game_load_from_data (s->str, (gssize) s->len, "one", &error);
    ck_assert_msg (g != NULL, "%s", error ? error->message : "");
    play = wb_play_new (g, NULL, "basic", NULL, 1, &error);
    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    dest = wb_play_destinations (play, "b2");
    ck_assert_ptr_nonnull (dest);
    ck_assert_uint_eq (dest->len, 0);
    refused = play_fails (play, "{\"type\": \"deploy\", \"unit\": \"b2\", \"at\": {\"hex\": \"0102\"}}");
    ck_assert_msg (strstr (refused->message, "2 units in 0102: the stacking limit is 1") != NULL, "%s",
                   refused->message);
    g_error_free (refused);
  }
}
END_TEST

/* The automatic player sets up every unit with a choice once at most, at
 * a place the set-up gives, then ends; the same seed, the same places. */
START_TEST (test_automatic)
{
  g_autoptr(WbGame) game = load_game ("grants-gamble.warbench", NULL, NULL);
  static const char *const units[] = { "grant", "union-vi", "union-v", "union-ii", "union-ix", "lee" };
  char places[2][G_N_ELEMENTS (units)][64];

  for (int run = 0; run < 2; run++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WbPlay) play = wb_play_new (game, NULL, "campaign", NULL, 7, &error);
      WbRng rng;
      int deploys = 0, ends = 0;

      ck_assert_msg (play != NULL, "%s", error ? error->message : "");
      wb_rng_seed (&rng, 7, 1);
      while (g_strcmp0 (wb_play_awaiting (play), "deploy") == 0)
        {
          g_autoptr(JsonObject) a = wb_play_suggest (play, &rng);
          const char *type = json_object_get_string_member (a, "type");

          ck_assert_msg (wb_play_act (play, a, &error), "%s", error ? error->message : "");
          deploys += strcmp (type, "deploy") == 0;
          ends += strcmp (type, "end_step") == 0;
          ck_assert_int_lt (deploys + ends, 40);
        }
      /* GG 13: seven Union units and six Confederate ones have choices;
       * each is placed once at most (a draw of its first place leaves it). */
      ck_assert_int_gt (deploys, 0);
      ck_assert_int_le (deploys, 13);
      ck_assert_int_eq (ends, 2);
      for (guint i = 0; i < G_N_ELEMENTS (units); i++)
        g_strlcpy (places[run][i], where_of (play, units[i]), sizeof places[run][i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    ck_assert_str_eq (places[0][i], places[1][i]);
}
END_TEST

static Suite *
deploy_suite (void)
{
  Suite *s = suite_create ("deploy");
  TCase *tc = tcase_create ("deploy");

  tcase_add_test (tc, test_grants_gamble);
  tcase_add_test (tc, test_engine_version_1);
  tcase_add_test (tc, test_stacking);
  tcase_add_test (tc, test_automatic);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (deploy_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? 0 : 1;
}
