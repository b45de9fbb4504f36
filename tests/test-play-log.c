/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-play-log"
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "rules/wb-play-log.h"
#include "rules/wb-family.h"
#include "play-common.h"

/* The battle log exported (core/rules/wb-play-log.c): a few actions on the
 * bundled Wilderness with the players' own dice (so the rolls are known), and
 * each format asserted exactly, with and without a filter. */

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

/* Five entries: a move, a roll whose reason needs escaping, the end of the
 * Confederate Movement and Combat Phases, then a Union action. */
static WbPlay *
new_play (WbGame *game)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new_full (game, NULL, "historical", NULL, 7, TRUE, NULL, &error);

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"why\": \"<b> & c\", \"rolls\": [3, 4]}");
  play_ok (play, "{\"type\": \"end_step\"}");
  play_ok (play, "{\"type\": \"end_step\"}");
  play_ok (play, "{\"type\": \"override_strength\", \"unit\": \"stafford\", \"halves\": 6}");
  return play;
}

#define L1 "Turn 1 (May 5, 1), Confederate: Stafrd (5) moved from 0414 to 0515 (designer override)"
#define L2 "Turn 1 (May 5, 1), Confederate: rolled 2d6 for <b> & c: 3 4 → 7"
#define L3 "Turn 1 (May 5, 1), Confederate: ends the Movement Phase."
#define L4 "Turn 1 (May 5, 1), Confederate: ends the Combat Phase."
#define L5 "Turn 1 (May 5, 1), Union: Stafrd (5) is now Stafrd (3) (designer override)"

START_TEST (test_text)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  g_autofree char *all = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, NULL);
  WbLogFilter union_only = { 0, 0, 0, NULL, -1 };
  WbLogFilter stafford = { 1, 1, -1, "sTaFrD", -1 };
  WbLogFilter turn2 = { 2, 0, -1, NULL, -1 };
  WbLogFilter nobody = WB_LOG_FILTER_INIT;
  g_autofree char *u = NULL, *s = NULL, *t2 = NULL, *n = NULL;

  ck_assert_str_eq (all, L1 "\n" L2 "\n" L3 "\n" L4 "\n" L5 "\n");
  /* Side 0 is the Union in this game's sides. */
  ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), 0), "Union");
  u = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &union_only);
  ck_assert_str_eq (u, L5 "\n");
  s = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &stafford);
  ck_assert_str_eq (s, L1 "\n" L5 "\n");
  t2 = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &turn2);
  ck_assert_str_eq (t2, "");
  nobody.unit = "hancock's";
  n = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &nobody);
  ck_assert_str_eq (n, "");

  /* Undo takes the last event out of the log and the export. */
  ck_assert (wb_play_undo (play, NULL));
  g_free (u);
  u = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, NULL);
  ck_assert_str_eq (u, L1 "\n" L2 "\n" L3 "\n" L4 "\n");
}
END_TEST

START_TEST (test_body)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  GPtrArray *log = wb_play_get_log (play);
  g_autofree char *b1 = wb_play_log_event_body (play, g_ptr_array_index (log, 0));
  g_autofree char *b5 = wb_play_log_event_body (play, g_ptr_array_index (log, 4));
  WbLogEvent odd = { 1, 1, 0, (char *) "something else" };
  g_autofree char *bo = wb_play_log_event_body (play, &odd);

  ck_assert_str_eq (b1, "Stafrd (5) moved from 0414 to 0515 (designer override)");
  ck_assert_str_eq (b5, "Stafrd (5) is now Stafrd (3) (designer override)");
  /* A text without the usual start is kept whole. */
  ck_assert_str_eq (bo, "something else");
  ck_assert_str_eq (wb_log_format_extension (WB_LOG_FORMAT_HTML), "html");
}
END_TEST

START_TEST (test_html)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  WbLogFilter filter = { 0, 0, -1, "2D6", -1 };
  g_autofree char *html = wb_play_log_export (play, WB_LOG_FORMAT_HTML, &filter);

  ck_assert_str_eq (html,
    "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
    "<title>Battle of the Wilderness — battle log</title>\n<style>\n"
    "body { font-family: sans-serif; margin: 2em; color: #222; }\n"
    "h1 { font-size: 1.5em; margin-bottom: 0.2em; }\n"
    "p.scenario { color: #555; margin-top: 0; }\n"
    "table { border-collapse: collapse; width: 100%; }\n"
    "th, td { text-align: left; vertical-align: top; padding: 0.3em 0.6em; border-bottom: 1px solid #ddd; }\n"
    "th { background: #eee; }\n"
    "td.turn, td.side { white-space: nowrap; }\n"
    "</style>\n</head>\n<body>\n<h1>Battle of the Wilderness</h1>\n"
    "<p class=\"scenario\">The Battle of the Wilderness, May 5-6, 1864</p>\n<table>\n"
    "<thead><tr><th>Turn</th><th>Side</th><th>Event</th></tr></thead>\n<tbody>\n"
    "<tr id=\"entry-2\"><td class=\"turn\">Turn 1 (May 5, 1)</td><td class=\"side\">Confederate</td>"
    "<td>rolled 2d6 for &lt;b&gt; &amp; c: 3 4 → 7</td></tr>\n"
    "</tbody>\n</table>\n</body>\n</html>\n");
}
END_TEST

START_TEST (test_json)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  g_autofree char *json = wb_play_log_export (play, WB_LOG_FORMAT_JSON, NULL);
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *e;
  JsonArray *events;
  const char *texts[] = { L1, L2, L3, L4, L5 };

  ck_assert_msg (json_parser_load_from_data (p, json, -1, &error), "%s", error ? error->message : "");
  root = json_node_get_object (json_parser_get_root (p));
  ck_assert_uint_eq (json_object_get_size (root), 4);
  ck_assert_str_eq (json_object_get_string_member (root, "game"), "Battle of the Wilderness");
  ck_assert_str_eq (json_object_get_string_member (root, "scenario"),
                    "The Battle of the Wilderness, May 5-6, 1864");
  ck_assert_str_eq (json_object_get_string_member (root, "seed"), "7");
  events = json_object_get_array_member (root, "events");
  ck_assert_uint_eq (json_array_get_length (events), 5);
  for (guint i = 0; i < 5; i++)
    {
      e = json_array_get_object_element (events, i);
      ck_assert_uint_eq (json_object_get_size (e), 4);
      ck_assert_int_eq (json_object_get_int_member (e, "entry"), i + 1);
      ck_assert_int_eq (json_object_get_int_member (e, "turn"), 1);
      ck_assert_str_eq (json_object_get_string_member (e, "side"), i < 4 ? "Confederate" : "Union");
      ck_assert_str_eq (json_object_get_string_member (e, "text"), texts[i]);
    }
  /* The exact text of one event as written. */
  ck_assert_ptr_nonnull (strstr (json,
    "    {\n      \"entry\" : 5,\n      \"turn\" : 1,\n      \"side\" : \"Union\",\n"
    "      \"text\" : \"" L5 "\"\n    }\n  ]\n}\n"));
}
END_TEST

START_TEST (test_save)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  g_autofree char *dir = g_dir_make_tmp ("wb-play-log-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "log.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "log.json", NULL);
  g_autofree char *want = wb_play_log_export (play, WB_LOG_FORMAT_JSON, NULL);
  g_autofree char *got = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;

  ck_assert_msg (wb_play_log_save (play, path, WB_LOG_FORMAT_JSON, NULL, &error),
                 "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &got, NULL, NULL));
  ck_assert_str_eq (got, want);
  /* Nothing left beside it (the temporary file was renamed). */
  d = g_dir_open (dir, 0, NULL);
  ck_assert_str_eq (g_dir_read_name (d), "log.json");
  ck_assert_ptr_null (g_dir_read_name (d));

  ck_assert (!wb_play_log_save (play, bad, WB_LOG_FORMAT_TEXT, NULL, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* Hidden information: a line written for one side only is read in full by
 * that side (and the designer), as its public text by the other, and a
 * secret line without public text is not shown to the other at all — in
 * the filter, the unit search and the export. */
START_TEST (test_secret_lines)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = new_play (game);
  WbMatch *m = wb_play_get_state (play);
  GPtrArray *log = wb_play_get_log (play);
  WbRuleContext ctx = { NULL, log, NULL, 0, FALSE, m, NULL };
  /* The side the lines are for, and the other. */
  guint confederate = m->active, union_side = 1 - m->active;
  WbLogFilter mine = WB_LOG_FILTER_INIT, theirs = WB_LOG_FILTER_INIT, all = WB_LOG_FILTER_INIT;
  WbLogEvent *moved, *hidden;
  g_autofree char *text_mine = NULL, *text_theirs = NULL, *text_all = NULL;

  /* The play's own log gets the two lines, as a family would write them. */
  wb_rule_say_secret (&ctx, m, confederate, "a Confederate block moves from 0414 to 0413",
                      "%s moves from 0414 to 0413", "Stafrd (5)");
  wb_rule_say_secret (&ctx, m, confederate, NULL, "%s looks at its orders", "Stafrd (5)");
  moved = g_ptr_array_index (log, log->len - 2);
  hidden = g_ptr_array_index (log, log->len - 1);
  {
    g_autofree char *turn = wb_match_turn_text (m, m->turn);
    g_autofree char *full = g_strdup_printf ("%s, %s: Stafrd (5) moves from 0414 to 0413", turn,
                                             wb_match_side_name (m, m->active));
    g_autofree char *seen = g_strdup_printf ("%s, %s: a Confederate block moves from 0414 to 0413", turn,
                                             wb_match_side_name (m, m->active));
    ck_assert_str_eq (wb_log_event_text_for (moved, (int) confederate), full);
    ck_assert_str_eq (wb_log_event_text_for (moved, (int) union_side), seen);
  }
  ck_assert_str_eq (wb_log_event_text_for (moved, -1), moved->text);
  ck_assert_ptr_null (wb_log_event_text_for (hidden, (int) union_side));

  mine.viewer = (int) confederate;
  theirs.viewer = (int) union_side;
  ck_assert (wb_log_filter_matches (&mine, hidden));
  ck_assert (!wb_log_filter_matches (&theirs, hidden));
  ck_assert (wb_log_filter_matches (&all, hidden));
  /* The unit search reads what the viewer reads: no name to find. */
  theirs.unit = "stafrd (5) moves";
  ck_assert (!wb_log_filter_matches (&theirs, moved));
  theirs.unit = NULL;

  text_mine = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &mine);
  text_theirs = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, &theirs);
  text_all = wb_play_log_export (play, WB_LOG_FORMAT_TEXT, NULL);
  ck_assert_ptr_nonnull (strstr (text_mine, "Stafrd (5) looks at its orders"));
  ck_assert_ptr_null (strstr (text_theirs, "Stafrd (5) moves from 0414 to 0413"));
  ck_assert_ptr_nonnull (strstr (text_theirs, "a Confederate block moves from 0414 to 0413"));
  ck_assert_ptr_null (strstr (text_theirs, "looks at its orders"));
  ck_assert_ptr_nonnull (strstr (text_all, "Stafrd (5) moves from 0414 to 0413"));
  {
    g_autofree char *body = wb_play_log_event_body_for (play, moved, (int) union_side);
    ck_assert_str_eq (body, "a Confederate block moves from 0414 to 0413");
    ck_assert_ptr_null (wb_play_log_event_body_for (play, hidden, (int) union_side));
  }
  /* The play's log is a view on the events its entries own: the two lines
   * written into it here are this test's own to free (ASan's leak check). */
  wb_log_event_free (g_ptr_array_steal_index (log, log->len - 1));
  wb_log_event_free (g_ptr_array_steal_index (log, log->len - 1));
}
END_TEST

static Suite *
play_log_suite (void)
{
  Suite *s = suite_create ("play-log");
  TCase *tc = tcase_create ("play-log");

  tcase_add_test (tc, test_text);
  tcase_add_test (tc, test_body);
  tcase_add_test (tc, test_html);
  tcase_add_test (tc, test_json);
  tcase_add_test (tc, test_save);
  tcase_add_test (tc, test_secret_lines);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (play_log_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
