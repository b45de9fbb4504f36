/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-play-reason"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "rules/wb-play-reason.h"
#include "rules/wb-rng.h"
#include "play-common.h"

/* The automatic player's reasons (core/rules/wb-play-reason.c): what an
 * action does in words and, for an attack, its odds and likeliest
 * results; the "automatic" member written to the log and kept in the
 * journal, changing nothing the rules do; a malformed one refused. */

static WbGame *
load_wilderness (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbPlay *
new_play (WbGame *game, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new (game, NULL, "historical", NULL, seed, &error);

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  return play;
}

/* Plays automatic actions until the next one is of @type; returns it. */
static JsonObject *
play_until (WbPlay *play, WbRng *policy, const char *type)
{
  for (guint n = 0; n < 5000; n++)
    {
      JsonObject *a = wb_play_suggest (play, policy);
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_nonnull (a);
      if (strcmp (json_object_get_string_member (a, "type"), type) == 0)
        return a;
      ck_assert_msg (wb_play_act (play, a, &error), "%s", error ? error->message : "");
      json_object_unref (a);
    }
  ck_abort_msg ("no %s", type);
  return NULL;
}

START_TEST (test_explain)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game, 5);
  WbRng policy;
  g_autoptr(JsonObject) enter = NULL, attack = NULL;
  g_autofree char *e = NULL, *a = NULL;

  wb_rng_seed (&policy, 5, 1);
  enter = play_until (play, &policy, "enter");
  e = wb_play_explain (play, enter);
  /* "brings Cooke (7) on at 0128" */
  ck_assert_msg (strstr (e, json_object_get_string_member (json_object_get_object_member (enter, "at"), "hex"))
                 != NULL, "%s", e);
  ck_assert_msg (g_str_has_prefix (e, "brings "), "%s", e);
  attack = play_until (play, &policy, "attack");
  a = wb_play_explain (play, attack);
  /* "attacks 0616: 7 to 2 → 3-1; DR 33 %, DE 17 %": the hex, the odds,
   * two results with their chances. */
  ck_assert_msg (g_str_has_prefix (a, "attacks "), "%s", a);
  ck_assert_msg (strstr (a, json_array_get_string_element (json_object_get_array_member (attack, "defenders"), 0))
                 != NULL, "%s", a);
  ck_assert_msg (strstr (a, " → ") != NULL && strstr (a, "; ") != NULL, "%s", a);
  ck_assert_msg (strstr (a, " %, ") != NULL && g_str_has_suffix (a, " %"), "%s", a);
}
END_TEST

/* The same game played with and without reasons: the same state; the
 * reasons in the log, one line each, before the action's own lines. */
START_TEST (test_marked_changes_nothing)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) marked = new_play (game, 9), plain = new_play (game, 9);
  WbRng p1, p2;
  guint n_marked = 0;

  wb_rng_seed (&p1, 9, 1);
  wb_rng_seed (&p2, 9, 1);
  for (guint n = 0; n < 300; n++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (marked, &p1);
      g_autoptr(JsonObject) b = wb_play_suggest (plain, &p2);
      g_autoptr(GError) error = NULL;
      g_autofree char *reason = NULL;
      GPtrArray *events;
      const char *kept = NULL;

      if (a == NULL)
        break;
      reason = wb_play_explain (marked, a);
      wb_play_mark_automatic (a, reason);
      ck_assert_msg (wb_play_act (marked, a, &error), "%s", error ? error->message : "");
      ck_assert_msg (wb_play_act (plain, b, &error), "%s", error ? error->message : "");
      events = wb_play_last_events (marked);
      ck_assert (events->len >= 1);
      ck_assert_msg (g_str_has_suffix (((WbLogEvent *) g_ptr_array_index (events, 0))->text, reason), "%s",
                     ((WbLogEvent *) g_ptr_array_index (events, 0))->text);
      ck_assert_uint_eq (events->len, wb_play_last_events (plain)->len + 1);
      ck_assert (wb_play_action_is_automatic (
        wb_journal_get_entry (wb_play_get_journal (marked), wb_journal_get_cursor (wb_play_get_journal (marked)))->action,
        &kept));
      ck_assert_str_eq (kept, reason);
      n_marked++;
    }
  ck_assert_uint_gt (n_marked, 100);
  {
    WbMatch *x = wb_play_get_state (marked), *y = wb_play_get_state (plain);
    ck_assert (x->rng.state == y->rng.state);
    ck_assert_int_eq (x->turn, y->turn);
    for (guint i = 0; i < x->units->len; i++)
      {
        ck_assert (wb_where_equal (&g_array_index (x->units, WbUnitState, i).where,
                                   &g_array_index (y->units, WbUnitState, i).where));
        ck_assert_int_eq (g_array_index (x->units, WbUnitState, i).halves,
                          g_array_index (y->units, WbUnitState, i).halves);
      }
  }
}
END_TEST

START_TEST (test_malformed_refused)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game, 3);
  g_autoptr(GError) e1 = NULL, e2 = NULL;
  g_autoptr(GString) longer = g_string_new ("{\"type\": \"end_step\", \"automatic\": {\"reason\": \"");

  e1 = play_fails (play, "{\"type\": \"end_step\", \"automatic\": \"because\"}");
  ck_assert_msg (strstr (e1->message, "automatic") != NULL, "%s", e1->message);
  for (guint i = 0; i < 2 * WB_PLAY_REASON_MAX + 1; i++)
    g_string_append_c (longer, 'x');
  g_string_append (longer, "\"}}");
  e2 = play_fails (play, longer->str);
  ck_assert_msg (strstr (e2->message, "reason") != NULL, "%s", e2->message);
  play_ok (play, "{\"type\": \"end_step\", \"automatic\": {\"reason\": \"ends the step\"}}");
  {
    GPtrArray *events = wb_play_last_events (play);
    const char *first = ((WbLogEvent *) g_ptr_array_index (events, 0))->text;
    ck_assert_msg (g_str_has_suffix (first, "automatic player: ends the step"), "%s", first);
  }
}
END_TEST

/* A long reason is cut at a character boundary. */
START_TEST (test_mark_cuts)
{
  g_autoptr(JsonObject) a = json_object_new ();
  g_autoptr(GString) s = g_string_new (NULL);
  const char *reason = NULL;

  for (guint i = 0; i < 1000; i++)
    g_string_append (s, "é");
  wb_play_mark_automatic (a, s->str);
  ck_assert (wb_play_action_is_automatic (a, &reason));
  ck_assert_uint_le (strlen (reason), WB_PLAY_REASON_MAX);
  ck_assert_uint_ge (strlen (reason), WB_PLAY_REASON_MAX - 1);
  ck_assert (g_utf8_validate (reason, -1, NULL));
  ck_assert (!wb_play_action_is_automatic (NULL, NULL));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("play-reason");
  TCase *tc = tcase_create ("reason");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_explain);
  tcase_add_test (tc, test_marked_changes_nothing);
  tcase_add_test (tc, test_malformed_refused);
  tcase_add_test (tc, test_mark_cuts);
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
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
