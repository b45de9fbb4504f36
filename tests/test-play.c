/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-play"
#include "config.h"

#include <check.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"
#include "play-common.h"
#include "wb-file-private.h"

/* A playtest (core/rules/wb-play.c) on the bundled Wilderness: the set-up
 * from the scenario, the engine's own actions (end of step, designer
 * overrides, rolls) in the journal and the log, undo and redo by replay,
 * branches, the same state and log from a fresh replay, and saving and
 * resuming. */

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

static char *
where (WbPlay *play, const char *unit)
{
  WbMatch *m = wb_play_get_state (play);
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

static void
assert_same_state (WbMatch *a, WbMatch *b)
{
  ck_assert_int_eq (a->turn, b->turn);
  ck_assert_int_eq (a->step, b->step);
  ck_assert_uint_eq (a->active, b->active);
  ck_assert_uint_eq (a->units->len, b->units->len);
  ck_assert (a->rng.state == b->rng.state);
  for (guint i = 0; i < a->units->len; i++)
    {
      WbUnitState *x = &g_array_index (a->units, WbUnitState, i);
      WbUnitState *y = &g_array_index (b->units, WbUnitState, i);
      ck_assert (x->id == y->id && wb_where_equal (&x->where, &y->where));
      ck_assert_int_eq (x->halves, y->halves);
      ck_assert_uint_eq (x->flags, y->flags);
    }
}

START_TEST (test_setup_and_actions)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1864, &error);
  WbMatch *m;
  WbUnitState *cooke;
  g_autofree char *step = NULL, *w = NULL;
  GError *e;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  m = wb_play_get_state (play);
  /* 14.1: Stafford in 0414 with 5 SP; the Confederates move first (14.31). */
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0414");
  ck_assert_int_eq (wb_match_find_unit (m, "stafford")->halves, 10);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Confederate");
  step = wb_play_describe_step (play);
  ck_assert_str_eq (step, "Turn 1 (May 5, 1) · Confederate · Movement Phase");
  /* Cooke arrives on turn 1 at 0128: not on the map yet. */
  cooke = wb_match_find_unit (m, "cooke");
  ck_assert_int_eq (cooke->where.kind, WB_WHERE_WAITING);
  ck_assert_int_eq (cooke->arrives, 1);

  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  g_free (w);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0515");
  ck_assert_str_eq (play_last_log (play),
                    "Turn 1 (May 5, 1), Confederate: Stafrd (5) moved from 0414 to 0515 (designer override)");
  play_ok (play, "{\"type\": \"override_strength\", \"unit\": \"stafford\", \"halves\": 6}");
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "stafford")->halves, 6);
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"why\": \"a test\"}");
  ck_assert_ptr_nonnull (strstr (play_last_log (play), "rolled 2d6 for a test: "));
  /* The SPI family's steps: the Confederate Movement and Combat Phases,
   * then the Union's (wb-spi.c has the whole sequence). */
  play_ok (play, "{\"type\": \"end_step\"}");
  play_ok (play, "{\"type\": \"end_step\"}");
  m = wb_play_get_state (play);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Union");
  play_ok (play, "{\"type\": \"end_step\"}");
  play_ok (play, "{\"type\": \"end_step\"}");
  m = wb_play_get_state (play);
  ck_assert_int_eq (m->turn, 2);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Confederate");

  /* Refused actions change nothing and are not journalled. */
  e = play_fails (play, "{\"type\": \"fly\"}");
  ck_assert_ptr_nonnull (strstr (e->message, "fly"));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_move\", \"unit\": \"nobody\", \"to\": {\"hex\": \"0515\"}}");
  ck_assert_ptr_nonnull (strstr (e->message, "nobody"));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"9999\"}}");
  ck_assert_ptr_nonnull (strstr (e->message, "9999"));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_strength\", \"unit\": \"stafford\", \"halves\": -1}");
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"roll\", \"dice\": \"0d6\"}");
  g_error_free (e);
  ck_assert_int_eq (wb_play_get_state (play)->turn, 2);
}
END_TEST

START_TEST (test_undo_branch_replay)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 42, &error);
  WbJournal *j = wb_play_get_journal (play);
  g_autofree char *w = NULL;
  g_autofree char *first_roll = NULL;
  g_autoptr(GArray) leaves = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"1d6\"}");
  first_roll = g_strdup (play_last_log (play));
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (wb_play_undo (play, NULL));
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0414");
  ck_assert_uint_eq (wb_play_get_log (play)->len, 0);
  ck_assert (wb_play_redo (play, NULL));
  ck_assert (wb_play_redo (play, NULL));
  /* The same roll after undo and redo: the dice follow the seed. */
  ck_assert_str_eq (play_last_log (play), first_roll);

  /* Back two and another move: a branch. */
  ck_assert (wb_play_go_to (play, 0, NULL));
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0413\"}}");
  leaves = wb_journal_leaves (j);
  ck_assert_uint_eq (leaves->len, 2);
  g_free (w);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0413");
  ck_assert (wb_play_go_to (play, 2, NULL));
  g_free (w);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0515");

  /* The branches, each replayed to its end, with the bookmark on its way. */
  ck_assert (wb_journal_set_bookmark (j, 1, "the first move", NULL));
  {
    g_autoptr(GArray) branches = wb_play_branches (play, &error);
    ck_assert_msg (branches != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (branches->len, 2);
    ck_assert_uint_eq (g_array_index (branches, WbBranch, 0).leaf, 2);
    ck_assert_uint_eq (g_array_index (branches, WbBranch, 0).depth, 2);
    ck_assert_str_eq (g_array_index (branches, WbBranch, 0).bookmark, "the first move");
    ck_assert_ptr_null (g_array_index (branches, WbBranch, 1).bookmark);
    ck_assert_int_eq (g_array_index (branches, WbBranch, 1).turn, 1);
    ck_assert_str_eq (g_array_index (branches, WbBranch, 0).step,
                      "Turn 1 (May 5, 1) · Confederate · Movement Phase");
    /* The state is still the cursor's, and so is the log. */
    g_free (w);
    w = where (play, "stafford");
    ck_assert_str_eq (w, "0515");
    ck_assert_uint_eq (wb_play_get_log (play)->len, 2);
  }
  /* The state at another entry, without going there. */
  {
    g_autoptr(WbMatch) other = wb_play_state_at (play, 3, &error);
    g_autoptr(WbMatch) fresh = wb_play_replay (play, 3, NULL, NULL);
    g_autofree char *step = NULL;
    WbUnitState *u;

    ck_assert_msg (other != NULL, "%s", error ? error->message : "");
    u = wb_match_find_unit (other, "stafford");
    ck_assert_uint_eq (u->where.kind, WB_WHERE_HEX);
    ck_assert_int_eq (u->where.hex.col, wb_match_find_unit (fresh, "stafford")->where.hex.col);
    ck_assert_int_eq (u->where.hex.row, wb_match_find_unit (fresh, "stafford")->where.hex.row);
    step = wb_play_describe_state (play, other);
    ck_assert_str_eq (step, "Turn 1 (May 5, 1) · Confederate · Movement Phase");
    ck_assert_uint_eq (wb_journal_get_cursor (j), 2);
    ck_assert_uint_eq (wb_play_get_log (play)->len, 2);
    g_free (w);
    w = where (play, "stafford");
    ck_assert_str_eq (w, "0515");
    ck_assert_ptr_null (wb_play_state_at (play, 99, &error));
    ck_assert_ptr_nonnull (strstr (error->message, "99"));
    g_clear_error (&error);
  }

  /* Many actions: snapshots on the way give the same state as a replay
   * from the start. */
  for (int i = 0; i < 300; i++)
    {
      g_autofree char *a = g_strdup_printf ("{\"type\": \"roll\", \"dice\": \"%dd6\"}", 1 + i % 3);
      play_ok (play, a);
      if (i % 25 == 0)
        play_ok (play, "{\"type\": \"end_step\"}");
    }
  {
    guint32 end = wb_journal_get_cursor (j);
    g_autoptr(GPtrArray) log = NULL;
    g_autoptr(WbMatch) fresh = NULL;

    ck_assert (wb_play_go_to (play, 100, NULL));
    ck_assert (wb_play_go_to (play, end, NULL));
    fresh = wb_play_replay (play, end, &log, &error);
    ck_assert_msg (fresh != NULL, "%s", error ? error->message : "");
    assert_same_state (fresh, wb_play_get_state (play));
    ck_assert_uint_eq (log->len, wb_play_get_log (play)->len);
    for (guint i = 0; i < log->len; i++)
      ck_assert_str_eq (((WbLogEvent *) g_ptr_array_index (log, i))->text,
                        ((WbLogEvent *) g_ptr_array_index (wb_play_get_log (play), i))->text);
  }
}
END_TEST

START_TEST (test_save_resume)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, "battle-of-the-wilderness.warbench", "historical",
                                        NULL, 7, &error);
  g_autofree char *dir = g_dir_make_tmp ("wb-play-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "m.warbench-play", NULL);
  g_autofree char *warning = NULL;
  g_autoptr(WbPlay) back = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"d66\"}");
  ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");
  /* After the save each action is on disk at once. */
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"eliminated\": true}}");
  play_ok (play, "{\"type\": \"end_step\"}");
  /* Bookmarks and notes too, and their removal. */
  ck_assert (wb_journal_set_bookmark (wb_play_get_journal (play), 2, "Stafford gone", NULL));
  ck_assert (wb_journal_set_note (wb_play_get_journal (play), 2, "Too early?\nTry 0515.", NULL));
  ck_assert (wb_journal_set_bookmark (wb_play_get_journal (play), 1, "the roll", NULL));
  ck_assert (wb_journal_set_note (wb_play_get_journal (play), 3, "gone", NULL));
  ck_assert (wb_journal_set_bookmark (wb_play_get_journal (play), 1, NULL, NULL));
  ck_assert (wb_journal_set_note (wb_play_get_journal (play), 3, "", NULL));
  back = wb_play_open (game, path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  assert_same_state (wb_play_get_state (back), wb_play_get_state (play));
  {
    WbJournal *bj = wb_play_get_journal (back);

    ck_assert_str_eq (wb_journal_get_entry (bj, 2)->bookmark, "Stafford gone");
    ck_assert_str_eq (wb_journal_get_entry (bj, 2)->note, "Too early?\nTry 0515.");
    ck_assert_ptr_null (wb_journal_get_entry (bj, 1)->bookmark);
    ck_assert_ptr_null (wb_journal_get_entry (bj, 3)->note);
    ck_assert_uint_eq (wb_journal_get_cursor (bj), 3);
  }
  ck_assert_str_eq (play_last_log (back), play_last_log (play));
  g_clear_object (&back);

  /* The game changed: a warning, the replay still runs. */
  wb_game_set_title (game, "Battle of the Wilderness, revised");
  back = wb_play_open (game, path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (warning);
  ck_assert_ptr_nonnull (strstr (warning, "changed"));
  g_clear_object (&back);
  g_clear_pointer (&warning, g_free);

  /* Another game: refused. */
  {
    g_autofree char *other_path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                                    "shenandoah.warbench", NULL);
    g_autoptr(GFile) f = g_file_new_for_path (other_path);
    g_autoptr(WbGame) other = wb_game_load (f, NULL, NULL);

    back = wb_play_open (other, path, &warning, &error);
    ck_assert_ptr_null (back);
    ck_assert_ptr_nonnull (strstr (error->message, "not of this game"));
    g_clear_error (&error);
  }
  g_clear_object (&play);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* A rule check as the families make them: enforced it refuses with the
 * rule's id and reference, warned it plays and says so, off it is silent. */
START_TEST (test_rule_levels)
{
  static const WbRuleCheck checks[] = {
    { "spi.zoc-exit", "Units may not leave an enemy zone of control by movement", "5.13" },
  };
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbMatch) m = wb_match_new (game, "historical", NULL, 1, NULL);
  g_autoptr(GHashTable) settings = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) events = g_ptr_array_new ();
  WbRuleContext ctx = { settings, events, checks, G_N_ELEMENTS (checks) };
  g_autoptr(GError) error = NULL;

  ck_assert_ptr_nonnull (m);
  ck_assert (wb_rule_check (&ctx, m, "spi.zoc-exit", TRUE, &error, "fine"));
  ck_assert (!wb_rule_check (&ctx, m, "spi.zoc-exit", FALSE, &error, "%s may not leave", "Stafrd"));
  ck_assert_str_eq (error->message, "Stafrd may not leave (rule spi.zoc-exit, 5.13)");
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_BROKEN));
  g_clear_error (&error);
  ck_assert_uint_eq (events->len, 0);
  g_hash_table_insert (settings, (gpointer) "spi.zoc-exit", (gpointer) "warn");
  ck_assert (wb_rule_check (&ctx, m, "spi.zoc-exit", FALSE, &error, "%s may not leave", "Stafrd"));
  ck_assert_uint_eq (events->len, 1);
  ck_assert_str_eq (((WbLogEvent *) g_ptr_array_index (events, 0))->text,
                    "Turn 1 (May 5, 1), Confederate: rule broken (warned): Stafrd may not leave [spi.zoc-exit]");
  g_hash_table_insert (settings, (gpointer) "spi.zoc-exit", (gpointer) "off");
  ck_assert (wb_rule_check (&ctx, m, "spi.zoc-exit", FALSE, &error, "quiet"));
  ck_assert_uint_eq (events->len, 1);
  g_free (((WbLogEvent *) g_ptr_array_index (events, 0))->text);
  g_free (g_ptr_array_index (events, 0));
  /* The SPI family plays the Wilderness; a game of a family the engine
   * does not play (Chickasaw Bayou given a family still to come) is free
   * play, one step per side. */
  {
    g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
    g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                              "chickasaw-bayou.warbench", NULL);
    g_autofree char *text = NULL;
    g_autoptr(GString) edit = NULL;
    g_autoptr(WbGame) shen = NULL;
    g_autoptr(WbPlay) free_play = NULL;
    g_autoptr(JsonObject) end = parse_action ("{\"type\": \"end_step\"}");
    WbMatch *sm;

    ck_assert (!wb_play_is_free_play (play));
    ck_assert (g_file_get_contents (path, &text, NULL, NULL));
    edit = g_string_new (text);
    ck_assert_uint_eq (g_string_replace (edit, "\"blind-swords\"", "\"a-family-to-come\"", 1), 1);
    shen = wb_game_load_from_data (edit->str, -1, "to-come.warbench", &error);
    ck_assert_msg (shen != NULL, "%s", error ? error->message : "");
    free_play = wb_play_new (shen, NULL, wb_scenario_get_id (g_ptr_array_index (wb_game_get_scenarios (shen), 0)),
                             NULL, 1, &error);
    ck_assert_msg (free_play != NULL, "%s", error ? error->message : "");
    ck_assert (wb_play_is_free_play (free_play));
    sm = wb_play_get_state (free_play);
    {
      guint first = sm->active;
      ck_assert (wb_play_act (free_play, end, NULL));
      ck_assert_uint_ne (wb_play_get_state (free_play)->active, first);
    }
  }
}
END_TEST

/* Physical dice: every roll is typed by the players and journalled with
 * the action, so the replay has them. */
START_TEST (test_physical_dice)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new_full (game, NULL, "historical", NULL, 1, TRUE, NULL, &error);
  GError *e;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  e = play_fails (play, "{\"type\": \"roll\", \"dice\": \"2d6\"}");
  ck_assert_ptr_nonnull (strstr (e->message, "The players roll"));
  ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL));
  g_error_free (e);
  /* The window asks for what is missing: the first die, of 6 faces … */
  {
    guint index = 9;
    int sides = 0;

    ck_assert (wb_play_needs_roll (play, &index, &sides));
    ck_assert_uint_eq (index, 0);
    ck_assert_int_eq (sides, 6);
    e = play_fails (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"rolls\": [3]}");
    g_error_free (e);
    /* … then the second. */
    ck_assert (wb_play_needs_roll (play, &index, &sides));
    ck_assert_uint_eq (index, 1);
    e = play_fails (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"rolls\": [3, 9]}");
    ck_assert (!wb_play_needs_roll (play, NULL, NULL));
    ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_RANGE));
    g_error_free (e);
  }
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"rolls\": [3, 4]}");
  ck_assert (!wb_play_needs_roll (play, NULL, NULL));
  ck_assert_ptr_nonnull (strstr (play_last_log (play), ": 3 4 → 7"));
  /* The dice rolled go with the line, for the play window to show. */
  {
    GPtrArray *last = wb_play_last_events (play);
    WbLogEvent *ev;

    ck_assert_ptr_nonnull (last);
    ck_assert_uint_eq (last->len, 1);
    ev = g_ptr_array_index (last, 0);
    ck_assert_uint_eq (ev->n_dice, 2);
    ck_assert_int_eq (ev->dice[0], 3);
    ck_assert_int_eq (ev->dice[1], 4);
    ck_assert_int_eq (ev->dice_sides[1], 6);
  }
  ck_assert (wb_journal_get_header (wb_play_get_journal (play))->physical_dice);
  {
    g_autoptr(GPtrArray) log = NULL;
    g_autoptr(WbMatch) again = wb_play_replay (play, 1, &log, &error);
    ck_assert_ptr_nonnull (again);
    ck_assert_str_eq (((WbLogEvent *) g_ptr_array_index (log, 0))->text, play_last_log (play));
  }
}
END_TEST

/* 19.2 (optional): the Union's Burnside roll is offered as a button at
 * the start of its Movement Phase, and no more once rolled. */
START_TEST (test_offers)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  const char *options[] = { "burnside", NULL };
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", options, 3, &error);
  g_autoptr(GPtrArray) none = NULL, offers = NULL, after = NULL;
  WbOffer *o;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  none = wb_play_offers (play);
  ck_assert_uint_eq (none->len, 0);   /* the Confederates move first */
  play_ok (play, "{\"type\": \"end_step\"}");
  play_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), wb_play_get_state (play)->active), "Union");
  offers = wb_play_offers (play);
  ck_assert_uint_eq (offers->len, 1);
  o = g_ptr_array_index (offers, 0);
  ck_assert_str_eq (o->label, "Roll for General Burnside");
  ck_assert (wb_play_act (play, o->action, &error));
  ck_assert_ptr_nonnull (strstr (play_last_log (play), "General Burnside: die "));
  after = wb_play_offers (play);
  ck_assert_uint_eq (after->len, 0);
}
END_TEST

/* A family's state goes with copies of the match (undo, branches), apart;
 * growing it keeps what it held. */
START_TEST (test_family_state)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbMatch) m = wb_match_new (game, "historical", NULL, 1, &error);
  g_autoptr(WbMatch) copy = NULL;
  guint8 *b, *c;

  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (m->fstate);
  ck_assert_uint_eq (m->fstate_size, 0);
  b = wb_match_family_state (m, 16);
  ck_assert (b[0] == 0 && b[15] == 0);
  b[3] = 7;
  copy = wb_match_copy (m);
  c = copy->fstate;
  ck_assert_ptr_ne (c, b);
  ck_assert_uint_eq (copy->fstate_size, 16);
  ck_assert_uint_eq (c[3], 7);
  c[3] = 9;
  ck_assert_uint_eq (b[3], 7);
  ck_assert_ptr_eq (wb_match_family_state (copy, 16), c);
  ck_assert_ptr_eq (wb_match_family_state (copy, 8), c);
  ck_assert_uint_eq (copy->fstate_size, 16);
  c = wb_match_family_state (copy, 4096);
  ck_assert_uint_eq (copy->fstate_size, 4096);
  ck_assert_uint_eq (c[3], 9);
  ck_assert (c[16] == 0 && c[4095] == 0);
  ck_assert_uint_eq (b[3], 7);
}
END_TEST

/* A rule's level changed during play is an action: journalled, undone,
 * replayed. */
START_TEST (test_set_rule)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  const char *union_move = "{\"type\": \"move\", \"unit\": \"1-1-V\", \"to\": {\"hex\": \"0716\"}}";
  GError *e;
  g_autofree char *w = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  /* The Confederates' Movement Phase: a Union move is refused (5.11). */
  e = play_fails (play, union_move);
  ck_assert_ptr_nonnull (strstr (e->message, "spi.phasing"));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"set_rule\", \"rule\": \"spi.nothing\", \"level\": \"off\"}");
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"set_rule\", \"rule\": \"spi.phasing\", \"level\": \"sometimes\"}");
  g_error_free (e);
  play_ok (play, "{\"type\": \"set_rule\", \"rule\": \"spi.phasing\", \"level\": \"off\"}");
  ck_assert_ptr_nonnull (strstr (play_last_log (play), "rule spi.phasing"));
  play_ok (play, union_move);
  w = where (play, "1-1-V");
  ck_assert_str_eq (w, "0716");
  /* Undone, the rule is enforced again. */
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (wb_play_undo (play, NULL));
  e = play_fails (play, union_move);
  ck_assert_ptr_nonnull (strstr (e->message, "spi.phasing"));
  g_error_free (e);
}
END_TEST

/* What the play window shows before acting: the way a move goes, an
 * attack's odds and column before the roll — nothing journalled. */
START_TEST (test_preview_and_path)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  g_autoptr(GArray) path = NULL;
  g_autoptr(JsonObject) attack = NULL;
  WbPreview preview;
  WbOffset to;
  guint n;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (wb_play_get_state (play)->map), "0413", &to));
  path = wb_play_path (play, "stafford", to);
  ck_assert_ptr_nonnull (path);
  ck_assert_uint_eq (path->len, 2);
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0516\"}}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0515\"}}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"0615\"}}");
  /* 7.23: 1/1/V (0616) is not left to csa-0218 alone. */
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"doles\", \"to\": {\"hex\": \"0716\"}}");
  /* 7.12: Stonewall and Steuart (0415, 0416, beside 0516) would have to join the attack. */
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stonewall\", \"to\": {\"hex\": \"0212\"}}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"0213\"}}");
  play_ok (play, "{\"type\": \"end_step\"}");
  n = wb_journal_get_n_entries (wb_play_get_journal (play));
  attack = parse_action ("{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                         "\"defenders\": [\"0516\"]}");
  ck_assert_msg (wb_play_preview (play, attack, &preview, &error), "%s", error ? error->message : "");
  ck_assert_str_eq (preview.text, "13 to 4 → 3-1");
  ck_assert_int_eq (preview.column, 6);
  ck_assert_ptr_eq (preview.table, wb_game_find_table (game, "crt"));
  g_free (preview.text);
  ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), n);
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "1-2-V")->where.kind, WB_WHERE_HEX);
  /* A refused attack previews as refused. */
  {
    g_autoptr(JsonObject) bad = parse_action ("{\"type\": \"attack\", \"attackers\": [\"stafford\"], "
                                              "\"defenders\": [\"0516\"]}");
    ck_assert (!wb_play_preview (play, bad, &preview, &error));
    ck_assert_ptr_nonnull (strstr (error->message, "spi.adjacent"));
  }
}
END_TEST

/* The units layer of @m's map at 1 point a pixel. */
static cairo_surface_t *
render_units (WbGame *game, WbMatch *m)
{
  WbRenderOptions o;
  WbHexMap *map = WB_HEX_MAP (m->map);
  double size = wb_hex_map_get_hex_size (map);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (size * 2 * 40),
                                                   (int) (size * 2 * 40));
  cairo_t *cr = cairo_create (s);

  wb_render_options_init (&o);
  o.layers = WB_LAYER_UNITS;
  o.scale = 1;
  o.match = m;
  wb_render_map (game, m->map, cr, &o);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

static guint
pixels_differing (cairo_surface_t *a, cairo_surface_t *b)
{
  guint n = 0;
  int h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < stride / 4; x++)
      n += ((guint32 *) (cairo_image_surface_get_data (a) + y * stride))[x] !=
           ((guint32 *) (cairo_image_surface_get_data (b) + y * stride))[x];
  return n;
}

/* A designer's markers: a hex feature put on a hex and taken off, in the
 * state and its copies, the log, undo and a fresh replay, and drawn. */
START_TEST (test_markers)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  g_autoptr(WbMatch) copy = NULL, replayed = NULL;
  cairo_surface_t *before, *after, *undone;
  WbOffset h;
  GError *e;

  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (wb_play_get_state (play)->map), "0515", &h));
  ck_assert_uint_eq (wb_play_get_state (play)->markers->len, 0);
  before = render_units (game, wb_play_get_state (play));

  play_ok (play, "{\"type\": \"override_marker\", \"feature\": \"town\", \"hex\": \"0515\"}");
  ck_assert_uint_eq (wb_play_get_state (play)->markers->len, 1);
  ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), 0);
  ck_assert_str_eq (play_last_log (play), "Turn 1 (May 5, 1), Confederate: Town marker put at 0515 (designer override)");
  copy = wb_match_copy (wb_play_get_state (play));
  ck_assert_int_eq (wb_match_find_marker (copy, "town", h), 0);
  ck_assert_ptr_ne (copy->markers, wb_play_get_state (play)->markers);
  after = render_units (game, wb_play_get_state (play));
  ck_assert_uint_gt (pixels_differing (before, after), 50);

  /* Refused: the same marker twice, a hexside feature, an unknown one, a
   * hex off the map, taking off one that is not there. */
  e = play_fails (play, "{\"type\": \"override_marker\", \"feature\": \"town\", \"hex\": \"0515\"}");
  ck_assert_str_eq (e->message, "There is a Town marker at 0515 already");
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_marker\", \"feature\": \"creek\", \"hex\": \"0515\"}");
  ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_marker\", \"feature\": \"moat\", \"hex\": \"0515\"}");
  ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_marker\", \"feature\": \"town\", \"hex\": \"9999\"}");
  ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
  g_error_free (e);
  e = play_fails (play, "{\"type\": \"override_marker\", \"feature\": \"ferry\", \"hex\": \"0515\", \"remove\": true}");
  ck_assert_str_eq (e->message, "There is no River Ferry marker at 0515");
  g_error_free (e);

  /* A second, then the first taken off: the second stays. */
  play_ok (play, "{\"type\": \"override_marker\", \"feature\": \"ferry\", \"hex\": \"0516\"}");
  play_ok (play, "{\"type\": \"override_marker\", \"feature\": \"town\", \"hex\": \"0515\", \"remove\": true}");
  ck_assert_uint_eq (wb_play_get_state (play)->markers->len, 1);
  ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), -1);
  ck_assert_str_eq (play_last_log (play), "Turn 1 (May 5, 1), Confederate: Town marker taken off 0515 (designer override)");
  replayed = wb_play_replay (play, wb_journal_get_cursor (wb_play_get_journal (play)), NULL, NULL);
  ck_assert_ptr_nonnull (replayed);
  ck_assert_uint_eq (replayed->markers->len, 1);
  ck_assert_str_eq (g_array_index (replayed->markers, WbMatchMarker, 0).feature, "ferry");

  /* Undone to the start: none, and drawn as before. */
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (wb_play_undo (play, NULL));
  ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), 0);
  ck_assert (wb_play_undo (play, NULL));
  ck_assert_uint_eq (wb_play_get_state (play)->markers->len, 0);
  undone = render_units (game, wb_play_get_state (play));
  ck_assert_uint_eq (pixels_differing (before, undone), 0);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  cairo_surface_destroy (undone);
}
END_TEST

/* Every view observes the play: WbPlay::changed once per action, undo,
 * redo or jump, saying what changed; nothing for a refused action or an
 * undo at the start. */
static void
on_changed (WbPlay *play, guint what, gpointer data)
{
  GArray *seen = data;

  g_array_append_val (seen, what);
}

START_TEST (test_changed_signal)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 7, &error);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint));
  const guint moved = WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG;
  GError *e;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  g_signal_connect (play, "changed", G_CALLBACK (on_changed), seen);
  ck_assert (!wb_play_undo (play, NULL));
  ck_assert_uint_eq (seen->len, 0);
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"2d6\"}");
  ck_assert_uint_eq (seen->len, 1);
  ck_assert_uint_eq (g_array_index (seen, guint, 0), moved | WB_PLAY_CHANGED_BRANCHES);
  e = play_fails (play, "{\"type\": \"roll\", \"dice\": \"0d6\"}");
  g_error_free (e);
  ck_assert_uint_eq (seen->len, 1);
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (wb_play_redo (play, NULL));
  ck_assert (wb_play_go_to (play, 0, NULL));
  ck_assert (!wb_play_go_to (play, 99, NULL));
  ck_assert_uint_eq (seen->len, 4);
  for (guint i = 1; i < seen->len; i++)
    ck_assert_uint_eq (g_array_index (seen, guint, i), moved);
  g_signal_handlers_disconnect_by_data (play, seen);
}
END_TEST

/* --- versions and old playtests (docs/rules-engine.md) ------------------- */

/* A family at version 3 that changed twice: version 2 made a mark cost a
 * die, and old journals cannot replay; version 3 reads a mark anew, and
 * keeps the old reading for journals played before. */
static const WbRulesChange version_changes[] = {
  { 2, FALSE, "a mark costs a die" },
  { 3, TRUE, "a mark is read anew" },
};

static gpointer
versions_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  return GINT_TO_POINTER (1);
}

static WbApplyResult
versions_apply (gpointer data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  if (g_strcmp0 (wb_json_string (action, "type", ""), "mark") != 0)
    return WB_APPLY_NOT_MINE;
  wb_rule_say (ctx, m, "mark read the %s way (version %u)", ctx->family_version >= 3 ? "new" : "old",
               ctx->family_version);
  return WB_APPLY_DONE;
}

static const WbRulesFamily versions_family = {
  .id = "test-versions",
  .name = "Versions",
  .prepare = versions_prepare,
  .apply = versions_apply,
  .version = 3,
  .changes = version_changes,
  .n_changes = G_N_ELEMENTS (version_changes),
};

static WbGame *
load_minimal (const char *family)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(GError) error = NULL;
  WbGame *game;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  s = g_string_new (text);
  g_string_replace (s, "\"family\": \"spi-blue-gray\"", family, 1);
  game = wb_game_load_from_data (s->str, (gssize) s->len, "minimal.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* Opens a journal of the given header members and actions. */
static char *open_warning;

static WbPlay *
open_text (WbGame *game, const char *header_members, const char *lines, GError **error)
{
  g_autofree char *text = g_strdup_printf ("{\"format\": \"warbench-play\", \"game\": {\"id\": \"%s\"}, "
                                           "\"scenario\": \"basic\", \"seed\": \"5\", %s}\n%s",
                                           wb_game_get_id (game), header_members, lines);
  g_autoptr(WbJournal) j = wb_journal_load_from_data (text, strlen (text), "old.warbench-play", NULL, error);

  g_clear_pointer (&open_warning, g_free);
  return j != NULL ? wb_play_open_journal (game, j, "old.warbench-play", &open_warning, error) : NULL;
}

#define V2(engine, family, version)                                                  \
  "\"version\": 2, \"engine\": {\"version\": " engine ", \"warbench\": \"0.1.0\"}, " \
  "\"family\": {\"id\": \"" family "\", \"version\": " version "}"

START_TEST (test_versions)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GError) error = NULL;
  const char *mark = "{\"entry\": 1, \"parent\": 0, \"action\": {\"type\": \"mark\"}}\n";

  wb_rules_family_register (&versions_family);
  game = load_minimal ("\"family\": \"test-versions\"");

  /* A new playtest records what plays it. */
  {
    g_autoptr(WbPlay) play = wb_play_new (game, NULL, "basic", NULL, 5, &error);
    const WbPlayHeader *h;
    g_autofree char *data = NULL;

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    h = wb_journal_get_header (wb_play_get_journal (play));
    ck_assert_uint_eq (h->engine_version, WB_ENGINE_VERSION);
    ck_assert_str_eq (h->family_id, "test-versions");
    ck_assert_uint_eq (h->family_version, 3);
    play_finish_setup (play);
    play_ok (play, "{\"type\": \"mark\"}");
    ck_assert_str_eq (play_last_log (play), "Turn 1 (Dawn), Red: mark read the new way (version 3)");
    data = wb_journal_to_data (wb_play_get_journal (play));
    {
      /* Saved again in today's format. */
      g_autofree char *today = g_strdup_printf ("{\"format\":\"warbench-play\",\"version\":%d,",
                                                WB_PLAY_FORMAT_VERSION);

      ck_assert_ptr_nonnull (strstr (data, today));
    }
    ck_assert_ptr_nonnull (strstr (data, "\"engine\":{\"version\":2,\"warbench\":\"" PACKAGE_VERSION "\"}"));
    ck_assert_ptr_nonnull (strstr (data, "\"family\":{\"id\":\"test-versions\",\"version\":3}"));
  }

  /* Played by version 2: the change of version 3 keeps the old reading. */
  {
    g_autoptr(WbPlay) play = open_text (game, V2 ("1", "test-versions", "2"), mark, &error);

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    ck_assert_str_eq (play_last_log (play), "Turn 1 (Dawn), Red: mark read the old way (version 2)");
    ck_assert_msg (open_warning != NULL && strstr (open_warning, "Played by test-versions version 2: it replays "
                                                   "and goes on as that version played, without the change "
                                                   "of version 3 (a mark is read anew)") != NULL,
                   "%s", open_warning ? open_warning : "no warning");
    /* What it plays next is read the old way too: the match is version 2's. */
    play_ok (play, "{\"type\": \"mark\"}");
    ck_assert_str_eq (play_last_log (play), "Turn 1 (Dawn), Red: mark read the old way (version 2)");
  }

  /* Played by version 1: version 2's change cannot replay it; the message
   * names the versions and the change. */
  {
    g_autoptr(WbPlay) play = open_text (game, V2 ("1", "test-versions", "1"), mark, &error);

    ck_assert_ptr_null (play);
    ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_OLD));
    ck_assert_msg (strstr (error->message, "test-versions version 1") != NULL &&
                   strstr (error->message, "version 2 changed how the game plays: a mark costs a die") != NULL,
                   "%s", error->message);
    g_clear_error (&error);
  }

  /* Played by a newer Warbench: the family's or the engine's version. */
  {
    g_autoptr(WbPlay) play = open_text (game, V2 ("1", "test-versions", "4"), mark, &error);

    ck_assert_ptr_null (play);
    ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_NEW));
    ck_assert_msg (strstr (error->message, "test-versions version 4; this one plays up to version 3") != NULL,
                   "%s", error->message);
    g_clear_error (&error);
    play = open_text (game, V2 ("3", "test-versions", "3"), mark, &error);
    ck_assert_ptr_null (play);
    ck_assert_msg (strstr (error->message, "the engine version 3; this one plays up to version 2") != NULL,
                   "%s", error->message);
    g_clear_error (&error);
  }

  /* Played with other rules than the game names now: refused. */
  {
    g_autoptr(WbPlay) play = open_text (game, V2 ("1", "spi-blue-gray", "1"), mark, &error);

    ck_assert_ptr_null (play);
    ck_assert_msg (strstr (error->message, "played with the “spi-blue-gray” rules") != NULL, "%s",
                   error->message);
    g_clear_error (&error);
  }

  /* A header without versions in format 2: refused, naming the member. */
  {
    g_autoptr(WbPlay) play = open_text (game, "\"version\": 2, \"family\": {\"id\": \"x\", \"version\": 1}",
                                        mark, &error);

    ck_assert_ptr_null (play);
    ck_assert_msg (strstr (error->message, "old.warbench-play:1: “engine.version” must be a whole number") != NULL,
                   "%s", error->message);
    g_clear_error (&error);
    play = open_text (game, "\"version\": 2, \"engine\": {\"version\": 1}, \"family\": {\"version\": -1}", mark,
                      &error);
    ck_assert_ptr_null (play);
    ck_assert_msg (strstr (error->message, "“family.version” must be a whole number from 0") != NULL, "%s",
                   error->message);
    g_clear_error (&error);
  }
}
END_TEST

/* Journals of format 1 did not record versions: one of the families the
 * engine played then (spi-blue-gray, bg-campaign) was version 1, any
 * other family was free play — and it replays in free play still, when
 * the family has landed since. Saved again, it says so. */
START_TEST (test_format1_migration)
{
  g_autoptr(GError) error = NULL;
  const char *step = "{\"entry\": 1, \"parent\": 0, \"action\": {\"type\": \"end_step\"}}\n";

  wb_rules_family_register (&versions_family);
  {
    g_autoptr(WbGame) game = load_minimal ("\"family\": \"test-versions\"");
    g_autoptr(WbPlay) play = open_text (game, "\"version\": 1", step, &error);
    g_autofree char *data = NULL;
    g_autoptr(WbJournal) again = NULL;
    const WbPlayHeader *h;

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    ck_assert (wb_play_is_free_play (play));
    ck_assert_str_eq (play_last_log (play), "Turn 1 (Dawn), Red: Red ends the step.");
    h = wb_journal_get_header (wb_play_get_journal (play));
    ck_assert_uint_eq (h->format_version, 1);
    ck_assert_uint_eq (h->engine_version, 1);
    ck_assert_str_eq (h->family_id, "test-versions");
    ck_assert_uint_eq (h->family_version, 0);
    data = wb_journal_to_data (wb_play_get_journal (play));
    {
      /* Saved again in today's format. */
      g_autofree char *today = g_strdup_printf ("{\"format\":\"warbench-play\",\"version\":%d,",
                                                WB_PLAY_FORMAT_VERSION);

      ck_assert_ptr_nonnull (strstr (data, today));
    }
    ck_assert_ptr_nonnull (strstr (data, "\"family\":{\"id\":\"test-versions\",\"version\":0}"));
    again = wb_journal_load_from_data (data, strlen (data), "again", NULL, &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    g_clear_object (&play);
    play = wb_play_open_journal (game, again, "again", NULL, &error);
    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    ck_assert (wb_play_is_free_play (play));
  }
  {
    g_autoptr(WbGame) game = load_minimal ("\"family\": \"spi-blue-gray\"");
    g_autoptr(WbPlay) play = open_text (game, "\"version\": 1", "", &error);

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    ck_assert (!wb_play_is_free_play (play));
    ck_assert_uint_eq (wb_journal_get_header (wb_play_get_journal (play))->family_version, 1);
  }
}
END_TEST

/* Free play (a family the engine does not play yet) takes one step per
 * side a turn, and ends after the last turn's last step, not before: the
 * minimal game's 4 turns, Red first, are 8 steps. Each step says its turn
 * (the last, "Night", a night turn) and side; then the game is over, the
 * log says so and nothing more is played but the designer's overrides. */
START_TEST (test_free_play_to_the_last_turn)
{
  static const char *sides[] = { "Red", "Blue" };
  static const char *labels[] = { "Dawn", "Noon", "Dusk", "Night" };
  g_autoptr(WbGame) game = load_minimal ("\"family\": \"not-played-yet\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "basic", NULL, 1, &error);
  g_autofree char *over = NULL;
  GError *e;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (wb_play_is_free_play (play));
  play_finish_setup (play);
  for (int turn = 1; turn <= 4; turn++)
    for (guint side = 0; side < 2; side++)
      {
        g_autofree char *step = wb_play_describe_step (play);
        g_autofree char *expect = g_strdup_printf ("Turn %d (%s) · %s%s", turn, labels[turn - 1], sides[side],
                                                   turn == 4 ? " · night" : "");

        ck_assert_str_eq (step, expect);
        ck_assert (!wb_play_get_state (play)->over);
        ck_assert_str_eq (wb_play_awaiting (play), "any");
        play_ok (play, "{\"type\": \"end_step\"}");
      }
  ck_assert (wb_play_get_state (play)->over);
  ck_assert_int_eq (wb_play_get_state (play)->turn, 4);
  ck_assert_str_eq (wb_play_awaiting (play), "over");
  over = wb_play_describe_step (play);
  ck_assert_str_eq (over, "Turn 4 (Night) · game over");
  ck_assert_str_eq (play_last_log (play), "Turn 4 (Night), Blue: The last turn is over.");
  e = play_fails (play, "{\"type\": \"end_step\"}");
  g_error_free (e);
}
END_TEST

/* The last turn may be a night turn: the minimal game's fourth and last
 * ("night": [4]). Played by the SPI family, that turn has no Combat Phase
 * (10.0): its two Movement Phases and the game is over; the turns before
 * it have all four phases. */
START_TEST (test_night_last_turn)
{
  g_autoptr(WbGame) game = load_minimal ("\"family\": \"spi-blue-gray\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "basic", NULL, 1, &error);
  WbMatch *m;
  guint steps[5] = { 0 };

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  m = wb_play_get_state (play);
  ck_assert (!wb_match_turn_is_night (m, 3));
  ck_assert (wb_match_turn_is_night (m, 4));
  ck_assert (!wb_match_turn_is_night (m, 5));
  play_finish_setup (play);
  while (!wb_play_get_state (play)->over)
    {
      g_autofree char *step = wb_play_describe_step (play);

      m = wb_play_get_state (play);
      ck_assert_int_le (m->turn, 4);
      ck_assert_msg (m->turn < 4 || strstr (step, "Combat") == NULL, "%s", step);
      steps[m->turn]++;
      play_ok (play, "{\"type\": \"end_step\"}");
    }
  ck_assert_uint_eq (steps[1], 4);
  ck_assert_uint_eq (steps[3], 4);
  ck_assert_uint_eq (steps[4], 2);
}
END_TEST

/* A unit the set-up places on the map is not also a reinforcement, though
 * a reinforcement of the scenario lists it: here r1 is set up in 0401
 * unless "late" is chosen, and listed to arrive on turn 3 whatever is
 * chosen. Without "late" it starts in 0401 with nothing to wait for; with
 * "late" it waits to arrive on turn 3. */
START_TEST (test_setup_not_reinforcement)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  const char *late[] = { "late", NULL };

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  s = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (s, "\"units\": [\"r1\"], \"option\": \"late\"", "\"units\": [\"r1\"]", 1), 1);
  game = wb_game_load_from_data (s->str, (gssize) s->len, "minimal.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  {
    g_autoptr(WbPlay) play = wb_play_new (game, NULL, "basic", NULL, 1, &error);
    g_autofree char *w = NULL, *transcript = NULL;
    WbUnitState *r1;

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    r1 = wb_match_find_unit (wb_play_get_state (play), "r1");
    w = where (play, "r1");
    ck_assert_str_eq (w, "0401");
    ck_assert_int_eq (r1->arrives, 0);
    transcript = wb_play_transcript (play, &error);
    ck_assert_msg (transcript != NULL, "%s", error ? error->message : "");
    ck_assert_msg (strstr (transcript, "unit r1 (Red): hex 0401, 1 half SP\n") != NULL, "%s", transcript);
  }
  {
    g_autoptr(WbPlay) play = wb_play_new (game, NULL, "basic", late, 1, &error);
    g_autofree char *transcript = NULL;
    WbUnitState *r1;

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    r1 = wb_match_find_unit (wb_play_get_state (play), "r1");
    ck_assert_int_eq (r1->where.kind, WB_WHERE_WAITING);
    ck_assert_int_eq (r1->arrives, 3);
    transcript = wb_play_transcript (play, &error);
    ck_assert_msg (transcript != NULL, "%s", error ? error->message : "");
    ck_assert_msg (strstr (transcript, "unit r1 (Red): waiting, 1 half SP, arrives turn 3\n") != NULL, "%s", transcript);
  }
}
END_TEST

/* An automatic game that goes the distance ends after its scenario's last
 * turn, on that turn, whatever the family: the log's last line says the
 * last turn is over and no line is of a turn after it. Seeds whose games
 * are not won early (as warbench-cli play --auto plays them). */
/* The automatic Wilderness, seed 1, played to the end on @game: the play
 * (transfer full). */
static WbPlay *
play_auto_to_end (WbGame *game)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  WbRng policy, dice;
  guint n = 0;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_rng_seed (&policy, 1, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, 1, WB_RNG_MATCH_STREAM + 2);
  for (;;)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL)
        break;
      ck_assert_uint_lt (n++, 20000);
      ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "%s", error ? error->message : "");
    }
  return play;
}

/* Hex numbers are only names: the Wilderness renumbered with oblique
 * column letters (0414 is D16) plays the same automatic game, seed 1, to
 * the same end, its actions and log naming hexes the new way, and its
 * journal replays. */
START_TEST (test_auto_game_renumbered)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbGame) lettered = load_wilderness ();
  g_autoptr(WbPlay) play = play_auto_to_end (game);
  g_autoptr(WbPlay) relettered = NULL;
  g_autoptr(WbCommand) cmd = NULL;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GError) error = NULL;
  WbHexNumbering num = { WB_HEX_NUMBERING_LETTERS, TRUE, 1, 1, 2 };
  GPtrArray *log, *log2;
  gboolean named_lettered = FALSE;
  g_autofree char *at = NULL;

  cmd = wb_command_set_hex_numbering_new (lettered, WB_HEX_MAP (wb_game_find_map (lettered, "wilderness")), &num);
  ck_assert_msg (wb_undo_stack_push (stack, cmd, &error), "%s", error ? error->message : "");
  relettered = play_auto_to_end (lettered);
  assert_same_state (wb_play_get_state (play), wb_play_get_state (relettered));
  ck_assert (wb_play_get_state (relettered)->over);
  log = wb_play_get_log (play);
  log2 = wb_play_get_log (relettered);
  ck_assert_uint_eq (log->len, log2->len);
  for (guint i = 0; i < log2->len; i++)
    named_lettered = named_lettered ||
                     g_regex_match_simple ("\\b[A-W]\\d\\d\\b", ((WbLogEvent *) g_ptr_array_index (log2, i))->text, 0, 0);
  ck_assert (named_lettered);
  at = where (relettered, "stafford");
  ck_assert_msg (!g_ascii_isdigit (at[0]), "%s", at);
  {
    g_autoptr(WbMatch) fresh = wb_play_replay (relettered, wb_journal_get_cursor (wb_play_get_journal (relettered)),
                                               NULL, &error);

    ck_assert_msg (fresh != NULL, "%s", error ? error->message : "");
    assert_same_state (wb_play_get_state (relettered), fresh);
  }
}
END_TEST

START_TEST (test_auto_games_end_on_the_last_turn)
{
  static const struct { const char *file, *scenario, *over; } games[] = {
    { "jackson-sheridan.warbench", "1862", "Turn 16, Union: The last turn is over: " },
    { "battle-of-the-wilderness.warbench", "historical", "Turn 16 (May 6, 8), Union: The last Game-Turn is over: " },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", games[g].file, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
      g_autoptr(WbPlay) play = NULL;
      g_autofree char *step = NULL;
      WbRng policy, dice;
      GPtrArray *log;
      guint n = 0;

      ck_assert_msg (game != NULL, "%s", error ? error->message : "");
      play = wb_play_new (game, NULL, games[g].scenario, NULL, 1, &error);
      ck_assert_msg (play != NULL, "%s", error ? error->message : "");
      wb_rng_seed (&policy, 1, WB_RNG_MATCH_STREAM + 1);
      wb_rng_seed (&dice, 1, WB_RNG_MATCH_STREAM + 2);
      for (;;)
        {
          g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

          if (a == NULL)
            break;
          ck_assert_uint_lt (n++, 20000);
          ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "%s: %s", games[g].file,
                         error ? error->message : "");
        }
      ck_assert (wb_play_get_state (play)->over);
      ck_assert_int_eq (wb_play_get_state (play)->turn, 16);
      ck_assert_int_eq (wb_match_n_turns (wb_play_get_state (play)), 16);
      step = wb_play_describe_step (play);
      ck_assert_msg (g_str_has_prefix (step, "Turn 16") && g_str_has_suffix (step, " · game over"), "%s", step);
      ck_assert_msg (g_str_has_prefix (play_last_log (play), games[g].over), "%s: %s", games[g].file, play_last_log (play));
      log = wb_play_get_log (play);
      for (guint i = 0; i < log->len; i++)
        ck_assert_msg (!g_str_has_prefix (((WbLogEvent *) g_ptr_array_index (log, i))->text, "Turn 17"), "%s: %s",
                       games[g].file, ((WbLogEvent *) g_ptr_array_index (log, i))->text);
    }
}
END_TEST

/* Issue 14 items 2 and 8: a designer's own point-to-point game on the Blue
 * & Gray Campaign family (tests/data/cedar-run.warbench, authored from the
 * docs), whose classes ("foot", "horse", "militia", "general"), crossings
 * ("cedar-run", "ridge", "marsh") and connection classes ("turnpike",
 * "trail", "rail") carry their own names, roles and costs: it loads,
 * renders, plays automatically to the end for several seeds, and each game
 * replays from its saved journal to the same transcript. */
START_TEST (test_designer_point_game)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "cedar-run.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  guint moves = 0, battles = 0, trail_moves = 0;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  {
    /* Rendered: the map of locations with its set-up drawn over it. */
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 450, 300);
    cairo_t *cr = cairo_create (surface);
    WbRenderOptions options;
    const guint32 *px;
    guint inked = 0;

    wb_render_options_init (&options);
    options.scale = 0.5;
    options.scenario = wb_game_find_scenario (game, "campaign");
    cairo_scale (cr, 0.5, 0.5);
    wb_render_map (game, wb_game_find_map (game, "valley"), cr, &options);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    px = (const guint32 *) cairo_image_surface_get_data (surface);
    for (int i = 0; i < 450 * 300; i++)
      inked += (px[i] >> 24) != 0;
    ck_assert_uint_gt (inked, 450 * 300 / 2);
    cairo_surface_destroy (surface);
  }
  /* The legend's costs, per class: from Harlan, Foot pays 2 along the trail
   * to Mill Ford and 1 across the Marsh (3 MP, its whole allowance), 1
   * along the turnpike to Thornton Gap and 1 more on to Millbrook across
   * the Blue Ridge (no movement cost: a mountain crossing costs dice).
   * Seed 2: the first weather is clear. */
  {
    g_autoptr(WbPlay) play = wb_play_new (game, path, "campaign", NULL, 2, &error);
    WbRng policy;
    int costs[3] = { -1, -1, -1 };
    static const char *places[3] = { "mill-ford", "gap", "millbrook" };

    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    wb_rng_seed (&policy, 2, WB_RNG_MATCH_STREAM + 1);
    for (guint n = 0; g_strcmp0 (wb_play_awaiting (play), "move") != 0; n++)
      {
        g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

        ck_assert_uint_lt (n, 10);
        ck_assert_msg (wb_play_act (play, a, &error), "%s", error ? error->message : "");
      }
    ck_assert_uint_eq (wb_play_get_state (play)->active, 0);   /* North moves first */
    {
      g_autoptr(GArray) d = wb_play_destinations (play, "n-1");

      ck_assert_ptr_nonnull (d);
      for (guint i = 0; i < d->len; i++)
        for (guint k = 0; k < G_N_ELEMENTS (places); k++)
          if (g_strcmp0 (g_array_index (d, WbDestination, i).where.place, places[k]) == 0)
            costs[k] = g_array_index (d, WbDestination, i).cost;
    }
    ck_assert_int_eq (costs[0], 3 * 4);
    ck_assert_int_eq (costs[1], 1 * 4);
    ck_assert_int_eq (costs[2], 2 * 4);
  }
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      g_autofree char *dir = g_dir_make_tmp ("wb-cedar-run-XXXXXX", NULL);
      g_autofree char *journal = g_build_filename (dir, "cedar-run.warbench-play", NULL);
      g_autoptr(WbPlay) play = wb_play_new (game, path, "campaign", NULL, seed, &error);
      g_autoptr(WbPlay) again = NULL;
      g_autofree char *played = NULL, *replayed = NULL, *warning = NULL;
      WbRng policy, dice;
      guint n = 0;

      ck_assert_msg (play != NULL, "%s", error ? error->message : "");
      ck_assert (!wb_play_is_free_play (play));
      wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
      wb_rng_seed (&dice, seed, WB_RNG_MATCH_STREAM + 2);
      for (;;)
        {
          g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);
          const char *type;

          if (a == NULL)
            break;
          ck_assert_uint_lt (n++, 20000);
          type = json_object_get_string_member (a, "type");
          moves += g_strcmp0 (type, "move") == 0;
          battles += g_strcmp0 (type, "battle") == 0;
          ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "seed %" G_GUINT64_FORMAT ": %s",
                         seed, error ? error->message : "");
        }
      ck_assert (wb_play_get_state (play)->over);
      {
        GPtrArray *log = wb_play_get_log (play);

        for (guint i = 0; i < log->len; i++)
          trail_moves += strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, "Mill Ford") != NULL;
      }
      played = wb_play_transcript (play, &error);
      ck_assert_msg (played != NULL, "%s", error ? error->message : "");
      ck_assert_msg (wb_play_save (play, journal, &error), "%s", error ? error->message : "");
      again = wb_play_open (game, journal, &warning, &error);
      ck_assert_msg (again != NULL, "%s", error ? error->message : "");
      replayed = wb_play_transcript (again, &error);
      ck_assert_msg (replayed != NULL, "%s", error ? error->message : "");
      ck_assert_str_eq (replayed, played);
      g_clear_object (&again);
      g_clear_object (&play);
      g_unlink (journal);
      g_rmdir (dir);
    }
  /* The automatic player plays it: it moves, along the trails too, and fights. */
  ck_assert_uint_gt (moves, 20);
  ck_assert_uint_gt (trail_moves, 0);
  ck_assert_uint_gt (battles, 0);
}
END_TEST

/* A full disk in the middle of a playtest: the action is refused with the
 * file and what failed, the match stays at the last journalled entry, the
 * file keeps its whole lines, and the playtest reopens and plays on. */
START_TEST (test_full_disk)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, "battle-of-the-wilderness.warbench", "historical",
                                        NULL, 7, &error);
  g_autofree char *dir = g_dir_make_tmp ("wb-play-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "m.warbench-play", NULL);
  g_autofree char *warning = NULL, *before = NULL, *after = NULL;
  g_autoptr(WbPlay) back = NULL;
  g_autoptr(WbMatch) was = NULL;
  guint log_len;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"d66\"}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  was = wb_match_copy (wb_play_get_state (play));
  log_len = wb_play_get_log (play)->len;
  ck_assert (g_file_get_contents (path, &before, NULL, NULL));

  wb_file_set_fault (WB_FILE_FAULT_WRITE, ENOSPC);
  error = play_act (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"eliminated\": true}}");
  wb_file_set_fault (WB_FILE_FAULT_NONE, 0);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, path) != NULL && strstr (error->message, g_strerror (ENOSPC)) != NULL,
                 "%s", error->message);
  g_clear_error (&error);
  assert_same_state (wb_play_get_state (play), was);
  ck_assert_uint_eq (wb_play_get_log (play)->len, log_len);
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), 2);
  ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), 3);
  ck_assert (g_file_get_contents (path, &after, NULL, NULL));
  ck_assert_str_eq (after, before);

  back = wb_play_open (game, path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  assert_same_state (wb_play_get_state (back), was);
  g_clear_object (&back);
  /* Room again: the same action plays, and the file has it. */
  play_ok (play, "{\"type\": \"end_step\"}");
  back = wb_play_open (game, path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  assert_same_state (wb_play_get_state (back), wb_play_get_state (play));
  g_clear_object (&back);
  g_clear_object (&play);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static char *
replace_once (const char *text, const char *from, const char *to)
{
  const char *at = strstr (text, from);

  ck_assert_msg (at != NULL, "no %s in %s", from, text);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* @text as the playtest @path, opened: NULL, and the error's message. */
static char *
open_refused (WbGame *game, const char *path, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) back = NULL;

  ck_assert (g_file_set_contents (path, text, -1, NULL));
  back = wb_play_open (game, path, NULL, &error);
  ck_assert_msg (back == NULL, "opened: %s", text);
  ck_assert_msg (strlen (error->message) < 600, "a long message: %zu bytes", strlen (error->message));
  ck_assert_msg (strstr (error->message, "(null)") == NULL, "%s", error->message);
  return g_strdup (error->message);
}

/* Journal errors say which file and line, and what was expected, in the
 * words of the game's rules (not free play's), with long values cut. */
START_TEST (test_journal_errors)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, "battle-of-the-wilderness.warbench", "historical",
                                        NULL, 7, &error);
  g_autofree char *dir = g_dir_make_tmp ("wb-play-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "m.warbench-play", NULL);
  g_autofree char *text = NULL, *long_id = g_strnfill (60000, 'x');
  g_autofree char *unit_json = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"roll\", \"dice\": \"d66\"}");
  text = wb_journal_to_data (wb_play_get_journal (play));

  /* The game's rules, not free play. */
  error = play_fails (play, "{\"type\": \"fly\"}");
  ck_assert_msg (strstr (error->message, "“fly”") != NULL && strstr (error->message, "spi-blue-gray") != NULL &&
                 strstr (error->message, "free play") == NULL, "%s", error->message);
  g_clear_error (&error);
  /* A 60 KB id, cut. */
  unit_json = g_strdup_printf ("{\"type\": \"override_move\", \"unit\": \"%s\", \"to\": {\"hex\": \"0515\"}}",
                               long_id);
  error = play_fails (play, unit_json);
  ck_assert_msg (strlen (error->message) < 200 && strstr (error->message, "xxx…”") != NULL, "%.300s",
                 error->message);
  g_clear_error (&error);

  {
    g_autofree char *bad = replace_once (text, "{\"type\":\"roll\",\"dice\":\"d66\"}", unit_json);
    g_autofree char *m = open_refused (game, path, bad);
    g_autofree char *want = g_strdup_printf ("%s:2: entry 1 does not replay: No unit “xxx", path);
    ck_assert_msg (g_str_has_prefix (m, want), "%s", m);
  }
  {
    g_autofree char *bad = replace_once (text, "\"id\":\"battle-of-the-wilderness\",", "");
    g_autofree char *m = open_refused (game, path, bad);
    g_autofree char *want = g_strdup_printf ("%s:1: names no game", path);
    ck_assert_msg (g_str_has_prefix (m, want), "%s", m);
  }
  {
    g_autofree char *other = g_strdup_printf ("\"id\":\"%s\",", long_id);
    g_autofree char *no_title = replace_once (text, "\"title\":\"Battle of the Wilderness\",", "");
    g_autofree char *bad = replace_once (no_title, "\"id\":\"battle-of-the-wilderness\",", other);
    g_autofree char *m = open_refused (game, path, bad);
    g_autofree char *want = g_strdup_printf ("%s:1: a playtest of “xxx", path);
    ck_assert_msg (g_str_has_prefix (m, want) && strstr (m, "…”, not of this game") != NULL, "%s", m);
  }
  {
    g_autofree char *bad = replace_once (text, "\"scenario\":\"historical\",", "");
    g_autofree char *m = open_refused (game, path, bad);
    g_autofree char *want = g_strdup_printf ("%s:1: names no scenario", path);
    ck_assert_msg (g_str_has_prefix (m, want), "%s", m);
  }
  {
    g_autofree char *bad = replace_once (text, "\"scenario\":\"historical\"", "\"scenario\":\"1865\"");
    g_autofree char *m = open_refused (game, path, bad);
    g_autofree char *want = g_strdup_printf ("%s:1: The game has no scenario “1865”", path);
    ck_assert_msg (g_str_has_prefix (m, want), "%s", m);
  }
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static Suite *
play_suite (void)
{
  Suite *s = suite_create ("play");
  TCase *tc = tcase_create ("play");

  tcase_add_test (tc, test_setup_and_actions);
  tcase_add_test (tc, test_undo_branch_replay);
  tcase_add_test (tc, test_save_resume);
  tcase_add_test (tc, test_rule_levels);
  tcase_add_test (tc, test_physical_dice);
  tcase_add_test (tc, test_offers);
  tcase_add_test (tc, test_family_state);
  tcase_add_test (tc, test_set_rule);
  tcase_add_test (tc, test_preview_and_path);
  tcase_add_test (tc, test_markers);
  tcase_add_test (tc, test_changed_signal);
  tcase_add_test (tc, test_versions);
  tcase_add_test (tc, test_format1_migration);
  tcase_add_test (tc, test_free_play_to_the_last_turn);
  tcase_add_test (tc, test_night_last_turn);
  tcase_add_test (tc, test_setup_not_reinforcement);
  tcase_add_test (tc, test_auto_games_end_on_the_last_turn);
  tcase_add_test (tc, test_auto_game_renumbered);
  tcase_add_test (tc, test_designer_point_game);
  tcase_add_test (tc, test_full_disk);
  tcase_add_test (tc, test_journal_errors);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (play_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
