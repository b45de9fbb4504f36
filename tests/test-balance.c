/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-balance"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-balance-private.h"
#include "rules/wb-play.h"
#include "rules/wb-rng.h"

/*
 * The balance lab's core (core/rules/wb-balance.c): the same numbers
 * whatever the number of threads, shards that add up to the whole run,
 * a stop that keeps what was finished, the JSON read back, and the
 * confidence interval against worked values; the rule-check and table
 * counts (wb-tally.c, wb-balance-tally.c) against the games' own logs.
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

/* Plays seed @seed as the balance lab does, with @tally attached; returns
 * the number of log lines that rolled dice. */
static guint
play_counted (WbGame  *game,
              guint64  seed,
              WbTally *tally)
{
  g_autoptr(GError) error = NULL;
  WbScenario *first = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  g_autoptr(WbPlay) play = wb_play_new_full (game, "game.warbench", wb_scenario_get_id (first), NULL, seed, FALSE,
                                             NULL, &error);
  WbRng policy, dice;
  GPtrArray *log;
  guint rolled = 0;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_play_set_tally (play, tally);
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, seed, WB_RNG_MATCH_STREAM + 2);
  for (;;)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL || !wb_play_act_as_players (play, a, &dice, &policy, NULL))
        break;
    }
  log = wb_play_get_log (play);
  for (guint i = 0; i < log->len; i++)
    rolled += ((WbLogEvent *) g_ptr_array_index (log, i))->n_dice > 0;
  return rolled;
}

static JsonObject *
find_by_id (JsonArray  *a,
            const char *id)
{
  for (guint i = 0; a != NULL && i < json_array_get_length (a); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (a, i), "id"), id) == 0)
      return json_array_get_object_element (a, i);
  return NULL;
}

/* 20 Wilderness games: the movement checks are tested on every move and
 * never refuse the automatic player; the CRT's reads are the games' rolls
 * (each roll is one log line with its die); one or two threads and three
 * shards merged give the same counts; the counts survive the JSON. */
START_TEST (test_counts)
{
  g_autoptr(WbGame) game = load ("battle-of-the-wilderness");
  g_autoptr(WbBalance) one = NULL, two = NULL, merged = NULL, back = NULL;
  g_autoptr(WbTally) alone = wb_tally_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) sum = NULL, json = NULL;
  g_autofree char *s1 = NULL, *s2 = NULL, *sm = NULL, *sb = NULL, *text = NULL, *csv = NULL;
  const WbCheckCount *moves, *phase;
  JsonObject *crt, *check;
  JsonArray *cols;
  guint64 column_rolls = 0, rolled = 0;
  double usage = 0;
  WbBalanceOptions o;

  wb_balance_options_init (&o);
  o.games = 20;
  o.first_seed = 40;
  o.jobs = 1;
  one = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_msg (one != NULL, "%s", error ? error->message : "");
  o.jobs = 2;
  two = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
  ck_assert_ptr_nonnull (two);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(WbBalance) part = NULL;

      o.shard_index = i;
      o.shard_count = 3;
      part = wb_balance_run (game, &o, NULL, NULL, NULL, &error);
      ck_assert_ptr_nonnull (part);
      if (merged == NULL)
        merged = g_steal_pointer (&part);
      else
        ck_assert_msg (wb_balance_merge (merged, part, &error), "%s", error->message);
    }
  s1 = summary_text (one);
  s2 = summary_text (two);
  sm = summary_text (merged);
  ck_assert_str_eq (s1, s2);
  ck_assert_str_eq (s1, sm);
  json = wb_balance_to_json (one);
  back = wb_balance_from_json (json, "counts.json", &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  sb = summary_text (back);
  ck_assert_str_eq (s1, sb);

  /* Every move asks spi.moved-once; the automatic player plays legal moves. */
  moves = wb_tally_get_check (wb_balance_get_tally (one), "spi.moved-once");
  ck_assert_ptr_nonnull (moves);
  ck_assert_uint_gt (moves->tested, 20 * 100);
  ck_assert_uint_eq (moves->refused + moves->warned + moves->ignored, 0);

  /* The same games played alone, counted: the same tally, and every die
   * rolled (each a log line's) is one read of the CRT. */
  for (guint64 seed = 40; seed < 60; seed++)
    rolled += play_counted (game, seed, alone);
  ck_assert_uint_eq (wb_tally_get_n_reads (alone), wb_tally_get_n_reads (wb_balance_get_tally (one)));
  ck_assert_uint_eq (wb_tally_get_n_reads (alone), rolled);
  ck_assert_uint_eq (wb_tally_get_check (alone, "spi.moved-once")->tested, moves->tested);
  /* One attack, one CRT roll. */
  phase = wb_tally_get_check (alone, "spi.combat-phase");
  ck_assert_uint_eq (phase->tested, rolled);

  sum = wb_balance_summary_json (one);
  check = find_by_id (json_object_get_array_member (json_node_get_object (sum), "rule_checks"), "spi.moved-once");
  ck_assert_ptr_nonnull (check);
  ck_assert_str_eq (json_object_get_string_member (check, "rule"), "5.17");
  ck_assert_double_eq_tol (json_object_get_double_member (check, "tested_per_game"), moves->tested / 20.0, 1e-3);
  crt = find_by_id (json_object_get_array_member (json_node_get_object (sum), "tables"), "crt");
  ck_assert_ptr_nonnull (crt);
  ck_assert_uint_eq (json_object_get_int_member (crt, "rolls"), rolled);
  cols = json_object_get_array_member (crt, "columns");
  ck_assert_uint_eq (json_array_get_length (cols), 10);
  for (guint k = 0; k < json_array_get_length (cols); k++)
    {
      JsonObject *c = json_array_get_object_element (cols, k);
      JsonArray *results = json_object_get_array_member (c, "results");
      guint64 observed = 0;
      double exact = 0;

      column_rolls += json_object_get_int_member (c, "rolls");
      usage += json_object_get_double_member (c, "usage");
      for (guint j = 0; j < json_array_get_length (results); j++)
        {
          observed += json_object_get_int_member (json_array_get_object_element (results, j), "observed");
          exact += json_object_get_double_member (json_array_get_object_element (results, j), "exact");
        }
      ck_assert_uint_eq (observed, json_object_get_int_member (c, "rolls"));
      /* The CRT's 1d6: each column's exact results add up to one. */
      ck_assert_double_eq_tol (exact, 1, 2e-3);
      /* 1-1 on the Wilderness's CRT: Dr on 1–3, Ar on 4–6. */
      if (strcmp (json_object_get_string_member (c, "label"), "1-1") == 0)
        {
          ck_assert_str_eq (json_object_get_string_member (json_array_get_object_element (results, 0), "result"), "Dr");
          ck_assert_double_eq_tol (json_object_get_double_member (json_array_get_object_element (results, 0), "exact"),
                                   0.5, 1e-4);
        }
    }
  ck_assert_uint_eq (column_rolls, rolled);
  ck_assert_double_eq_tol (usage, 1, 2e-3);

  text = wb_balance_to_text (one);
  ck_assert_ptr_nonnull (strstr (text, "spi.moved-once"));
  ck_assert_ptr_nonnull (strstr (text, "Table Combat Results Table (crt, 1d6)"));
  csv = wb_balance_counts_to_csv (one);
  ck_assert (g_str_has_prefix (csv, "kind,id,column,item,count,per_game,observed_frequency,exact_probability\r\n"));
  ck_assert_ptr_nonnull (strstr (csv, "\r\ntable,crt,1-1,Dr,"));
}
END_TEST

/* The chi-square upper tail against table values: the 5 % critical
 * values for 1, 2 and 10 degrees of freedom, and the median for 2. */
START_TEST (test_chi_square)
{
  ck_assert_double_eq_tol (_wb_chi_square_p (3.841459, 1), 0.05, 1e-6);
  ck_assert_double_eq_tol (_wb_chi_square_p (5.991465, 2), 0.05, 1e-6);
  ck_assert_double_eq_tol (_wb_chi_square_p (18.307038, 10), 0.05, 1e-6);
  ck_assert_double_eq_tol (_wb_chi_square_p (2 * G_LN2, 2), 0.5, 1e-9);
  ck_assert_double_eq_tol (_wb_chi_square_p (0.0158, 1), 0.9, 1e-3);
  ck_assert_double_eq (_wb_chi_square_p (0, 3), 1);
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

/* A version-1 part (no counts) reads and merges, its counts reported as
 * not recorded, never as zero. */
START_TEST (test_version_1)
{
  g_autoptr(WbBalance) a = synthetic (10, 8, 10);
  g_autoptr(JsonNode) sum = wb_balance_summary_json (a);
  g_autoptr(JsonNode) json = wb_balance_to_json (a);
  g_autofree char *text = wb_balance_to_text (a);
  g_autofree char *csv = wb_balance_counts_to_csv (a);

  ck_assert_ptr_null (wb_balance_get_tally (a));
  ck_assert_str_eq (json_object_get_string_member (json_node_get_object (sum), "counts"), "not recorded");
  ck_assert (!json_object_has_member (json_node_get_object (sum), "rule_checks"));
  ck_assert_ptr_nonnull (strstr (text, "not recorded"));
  ck_assert_str_eq (csv, "kind,id,column,item,count,per_game,observed_frequency,exact_probability\r\n");
  /* Version 2's counts are checked as they are read. */
  {
    const char *bad_part = "{\"format\": \"warbench-balance\", \"version\": 2, \"first_seed\": \"1\", "
                           "\"shard\": [0, 1], \"side_names\": [\"A\", \"B\"], \"records\": [], "
                           "\"counts\": {\"checks\": [[\"spi.phasing\", \"\", \"\", -1, 0, 0, 0]], "
                           "\"tables\": [], \"reads\": []}}";
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;

    ck_assert (json_parser_load_from_data (parser, bad_part, -1, NULL));
    ck_assert_ptr_null (wb_balance_from_json (json_parser_get_root (parser), "bad.json", &error));
    ck_assert (g_error_matches (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID));
    ck_assert_ptr_nonnull (strstr (error->message, "bad.json"));
    ck_assert_ptr_nonnull (strstr (error->message, "check 1"));
  }
  /* Written again, it is version 2 without counts. */
  ck_assert_int_eq (json_object_get_int_member (json_node_get_object (json), "version"), 2);
  ck_assert (!json_object_has_member (json_node_get_object (json), "counts"));
}
END_TEST

/* --vs-table: the CRT replaced by a copy whose every cell is "De" is read
 * instead (every roll a De), the game itself untouched; a table of another
 * shape is refused, saying both shapes. */
START_TEST (test_vs_table)
{
  g_autoptr(WbGame) game = load ("battle-of-the-wilderness");
  g_autoptr(WbGame) variant = NULL;
  g_autoptr(WbBalance) b = NULL;
  g_autoptr(GError) error = NULL;
  WbTable *de = wb_table_copy (wb_game_find_table (game, "crt"), "crt-all-de");
  GPtrArray *rows = wb_table_get_rows (de);
  const WbCheckCount *phase;
  guint64 de_reads = 0;
  WbBalanceOptions o;

  for (guint i = 0; i < rows->len; i++)
    {
      GPtrArray *cells = ((WbTableRow *) g_ptr_array_index (rows, i))->cells;

      for (guint k = 0; k < cells->len; k++)
        {
          g_free (cells->pdata[k]);
          cells->pdata[k] = g_strdup ("De");
        }
    }
  ck_assert (wb_game_add_table (game, de));
  variant = wb_balance_game_with_table (game, "crt", "crt-all-de", &error);
  ck_assert_msg (variant != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_table_lookup (wb_game_find_table (game, "crt"), 1, 4), "Dr");
  ck_assert_str_eq (wb_table_lookup (wb_game_find_table (variant, "crt"), 1, 4), "De");

  wb_balance_options_init (&o);
  o.games = 3;
  o.jobs = 2;
  b = wb_balance_run (variant, &o, NULL, NULL, NULL, &error);
  ck_assert_ptr_nonnull (b);
  phase = wb_tally_get_check (wb_balance_get_tally (b), "spi.combat-phase");
  ck_assert_uint_gt (phase->tested, 0);
  {
    g_autoptr(JsonNode) sum = wb_balance_summary_json (b);
    JsonObject *crt = find_by_id (json_object_get_array_member (json_node_get_object (sum), "tables"), "crt");
    JsonArray *cols = json_object_get_array_member (crt, "columns");

    for (guint k = 0; k < json_array_get_length (cols); k++)
      {
        JsonArray *results = json_object_get_array_member (json_array_get_object_element (cols, k), "results");

        for (guint j = 0; j < json_array_get_length (results); j++)
          {
            JsonObject *r = json_array_get_object_element (results, j);

            if (strcmp (json_object_get_string_member (r, "result"), "De") == 0)
              de_reads += json_object_get_int_member (r, "observed");
            else
              ck_assert_int_eq (json_object_get_int_member (r, "observed"), 0);
          }
      }
    ck_assert_uint_eq (de_reads, json_object_get_int_member (crt, "rolls"));
    ck_assert_uint_eq (de_reads, wb_tally_get_n_reads (wb_balance_get_tally (b)));
    ck_assert_uint_gt (de_reads, 0);
  }

  ck_assert_ptr_null (wb_balance_game_with_table (game, "crt", "terrain-effects", &error));
  ck_assert (g_error_matches (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID));
  ck_assert_ptr_nonnull (strstr (error->message, "10 columns, 6 rows"));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_balance_game_with_table (game, "crt", "nope", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "“nope”"));
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
  tcase_add_test (tc, test_counts);
  tcase_add_test (tc, test_chi_square);
  tcase_add_test (tc, test_version_1);
  tcase_add_test (tc, test_vs_table);
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
