/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-balance"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-balance.h"

/*
 * The balance lab's core (core/rules/wb-balance.c): the same numbers
 * whatever the number of threads, shards that add up to the whole run,
 * a stop that keeps what was finished, the JSON read back, and the
 * confidence interval against worked values.
 */

static WbGame *
load (const char *name)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", base, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static char *
summary_text (WbBalance *b)
{
  g_autoptr(JsonNode) node = wb_balance_summary_json (b);

  return json_to_string (node, FALSE);
}

static char *
records_text (WbBalance *b)
{
  g_autoptr(JsonNode) node = wb_balance_to_json (b);

  return json_to_string (json_object_get_member (json_node_get_object (node), "records"), FALSE);
}

START_TEST (test_wilson)
{
  double lo, hi;

  /* Wilson's interval for 5 of 10 at 95 %: 0.2366 to 0.7634. */
  wb_balance_wilson (5, 10, &lo, &hi);
  ck_assert_double_eq_tol (lo, 0.2366, 1e-4);
  ck_assert_double_eq_tol (hi, 0.7634, 1e-4);
  /* 0 of 20: from 0 to 0.1611. */
  wb_balance_wilson (0, 20, &lo, &hi);
  ck_assert_double_eq_tol (lo, 0, 1e-9);
  ck_assert_double_eq_tol (hi, 0.1611, 1e-4);
  wb_balance_wilson (0, 0, &lo, &hi);
  ck_assert_double_eq (lo, 0);
  ck_assert_double_eq (hi, 1);
}
END_TEST

/* One thread, three threads, three shards merged: the same records and
 * the same summary; each record is `play --auto --seed S`'s game. */
START_TEST (test_jobs_and_shards)
{
  g_autoptr(WbGame) game = load ("shenandoah");
  g_autoptr(WbBalance) one = NULL, three = NULL, merged = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *s1 = NULL, *s3 = NULL, *sm = NULL, *r1 = NULL, *r3 = NULL, *rm = NULL;
  WbBalanceOptions o;

  wb_balance_options_init (&o);
  o.games = 9;
  o.first_seed = 1000;
  o.jobs = 1;
  one = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_msg (one != NULL, "%s", error ? error->message : "");
  ck_assert (wb_balance_is_complete (one));
  ck_assert_uint_eq (wb_balance_get_n_games (one), 9);
  o.jobs = 3;
  three = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_ptr_nonnull (three);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(WbBalance) part = NULL;

      o.jobs = 2;
      o.shard_index = i;
      o.shard_count = 3;
      part = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
      ck_assert_ptr_nonnull (part);
      ck_assert_uint_eq (wb_balance_get_n_games (part), 3);
      if (merged == NULL)
        merged = g_steal_pointer (&part);
      else
        ck_assert_msg (wb_balance_merge (merged, part, &error), "%s", error->message);
    }
  ck_assert (wb_balance_is_complete (merged));
  s1 = summary_text (one);
  s3 = summary_text (three);
  sm = summary_text (merged);
  r1 = records_text (one);
  r3 = records_text (three);
  rm = records_text (merged);
  ck_assert_str_eq (s1, s3);
  ck_assert_str_eq (s1, sm);
  ck_assert_str_eq (r1, r3);
  ck_assert_str_eq (r1, rm);
  ck_assert_uint_eq (wb_balance_get_game (one, 0)->seed, 1000);
  ck_assert_uint_eq (wb_balance_get_game (one, 8)->seed, 1008);
  ck_assert_uint_eq (wb_balance_get_n_sides (one), 2);
  /* A part merged twice is refused. */
  ck_assert (!wb_balance_merge (merged, three, &error));
  ck_assert (g_error_matches (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_MISMATCH));
}
END_TEST

static gboolean
stop_at_once (guint done, guint total, gpointer data)
{
  return FALSE;
}

/* Stopped, the run keeps only finished games and says it is not whole;
 * its JSON reads back to the same summary. */
START_TEST (test_stop_and_json)
{
  g_autoptr(WbGame) game = load ("grants-gamble");
  g_autoptr(WbBalance) b = NULL, back = NULL, stopped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *a = NULL, *c = NULL;
  WbBalanceOptions o;

  wb_balance_options_init (&o);
  o.games = 4;
  o.jobs = 2;
  b = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_ptr_nonnull (b);
  node = wb_balance_to_json (b);
  back = wb_balance_from_json (node, "test.json", &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  a = summary_text (b);
  c = summary_text (back);
  ck_assert_str_eq (a, c);

  o.games = 400;
  stopped = wb_balance_run (game, &o, stop_at_once, NULL, NULL, &error);
  ck_assert_ptr_nonnull (stopped);
  ck_assert (!wb_balance_is_complete (stopped));
  ck_assert_uint_lt (wb_balance_get_n_games (stopped), 400);

  o.games = 4;
  o.scenario = "no-such-scenario";
  ck_assert_ptr_null (wb_balance_run (game, &o, NULL, NULL, NULL, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "no-such-scenario"));
}
END_TEST

/* A run of @n games of which the first @wins the first side won (the
 * rest the second), each with margin @margin_a for a win, -@margin_a else. */
static WbBalance *
synthetic (guint n,
           guint wins,
           int   margin)
{
  g_autoptr(GString) json = g_string_new ("{\"format\": \"warbench-balance\", \"version\": 1, \"game\": \"g\", "
                                          "\"game_sha256\": \"x\", \"scenario\": \"s\", \"options\": [], "
                                          "\"first_seed\": \"1\", \"games_total\": 10, \"shard\": [0, 1], "
                                          "\"complete\": true, \"side_names\": [\"A\", \"B\"], \"records\": [");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  WbBalance *b;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s[\"%u\", %d, 0, 16, 100, [%d, 0]]", i ? ", " : "", i + 1, i < wins ? 0 : 1,
                            i < wins ? margin : 0);
  g_string_append (json, "]}");
  ck_assert (json_parser_load_from_data (parser, json->str, -1, &error));
  b = wb_balance_from_json (json_parser_get_root (parser), "synthetic", &error);
  ck_assert_msg (b != NULL, "%s", error ? error->message : "");
  return b;
}

/* Variants compared: the pooled two-proportion z-test against a worked
 * value (8 of 10 against 2 of 10: z = -2.683, p = 0.0073, significant),
 * and a run against itself: no difference at all. */
START_TEST (test_compare)
{
  g_autoptr(WbBalance) a = synthetic (10, 8, 10);
  g_autoptr(WbBalance) b = synthetic (10, 2, 10);
  g_autoptr(JsonNode) node = wb_balance_compare_json (a, b);
  g_autoptr(JsonNode) same = wb_balance_compare_json (a, a);
  JsonObject *side = json_array_get_object_element (json_object_get_array_member (json_node_get_object (node), "sides"), 0);
  JsonObject *self = json_array_get_object_element (json_object_get_array_member (json_node_get_object (same), "sides"), 0);
  g_autofree char *text = wb_balance_compare_text (a, b);

  ck_assert_double_eq_tol (json_object_get_double_member (side, "z"), -2.683, 1e-3);
  ck_assert_double_eq_tol (json_object_get_double_member (side, "p"), 0.0073, 1e-4);
  ck_assert (json_object_get_boolean_member (side, "significant"));
  ck_assert_double_eq (json_object_get_double_member (self, "p"), 1);
  ck_assert (!json_object_get_boolean_member (self, "significant"));
  ck_assert (json_object_get_boolean_member (json_object_get_object_member (json_node_get_object (node), "vp_margin"),
                                             "significant"));
  ck_assert_ptr_nonnull (strstr (text, "a significant difference"));
}
END_TEST

static Suite *
balance_suite (void)
{
  Suite *s = suite_create ("balance");
  TCase *tc = tcase_create ("balance");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_wilson);
  tcase_add_test (tc, test_jobs_and_shards);
  tcase_add_test (tc, test_stop_and_json);
  tcase_add_test (tc, test_compare);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (balance_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
