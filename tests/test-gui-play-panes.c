/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-panes"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-map-view.h"
#include "wb-play-history.h"
#include "wb-play-log-pane.h"
#include "wb-play-prompt.h"
#include "wb-play-reserve.h"
#include "wb-play-rules.h"
#include "wb-turn-bar.h"

#include "gui-common.h"

/* Observable play (issue 14, item 5): each pane of the play window
 * observes the play's "changed" itself. Here the panes stand alone — no
 * play window to refresh them — and the actions are played straight on
 * the WbPlay: the map view's units, the turn bar, the prompt, the log, the
 * reserve, the history and the rule checks follow at once, undo too. */

static void
act (WbPlay *play, const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;

  ck_assert (json_parser_load_from_data (p, json, -1, NULL));
  ck_assert_msg (wb_play_act (play, json_node_get_object (json_parser_get_root (p)), &error), "%s: %s", json,
                 error != NULL ? error->message : "");
}

static char *
map_view_where (WbMapView *view, const char *unit)
{
  WbMatch *m = (WbMatch *) wb_map_view_get_match (view);

  ck_assert_ptr_nonnull (m);
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

static gboolean
reserve_has (WbPlayReserve *reserve, const char *text)
{
  g_autoptr(GPtrArray) texts = wb_play_reserve_get_texts (reserve);

  for (guint i = 0; i < texts->len; i++)
    if (strstr (g_ptr_array_index (texts, i), text) != NULL)
      return TRUE;
  return FALSE;
}

START_TEST (test_panes_follow_the_play)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbPlay) play = NULL;
  GtkWidget *window, *box, *side;
  WbMapView *map;
  WbTurnBar *bar;
  WbPlayPrompt *prompt;
  WbPlayLogPane *log;
  WbPlayReserve *reserve;
  WbPlayHistory *history;
  WbPlayRules *rules;
  WbMatch *m;
  g_autofree char *w = NULL, *step0 = NULL;
  guint rows0;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  m = wb_play_get_state (play);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  side = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_window_set_child (GTK_WINDOW (window), box);
  bar = WB_TURN_BAR (wb_turn_bar_new ());
  map = WB_MAP_VIEW (wb_map_view_new ());
  prompt = WB_PLAY_PROMPT (wb_play_prompt_new ());
  log = WB_PLAY_LOG_PANE (wb_play_log_pane_new ());
  reserve = WB_PLAY_RESERVE (wb_play_reserve_new ());
  history = WB_PLAY_HISTORY (wb_play_history_new ());
  gtk_widget_set_size_request (GTK_WIDGET (map), 300, 300);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (bar));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (prompt));
  gtk_box_append (GTK_BOX (box), side);
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (map));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (log));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (reserve));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (history));
  wb_map_view_set_map (map, game, m->map, m->scenario);
  wb_map_view_set_play (map, play);
  wb_turn_bar_set_play (bar, play);
  wb_play_prompt_set_play (prompt, play);
  wb_play_log_pane_set_play (log, play);
  wb_play_reserve_set_play (reserve, play);
  wb_play_history_set_play (history, play);
  rules = wb_play_rules_new (GTK_WINDOW (window), play);
  gtk_window_present (GTK_WINDOW (window));
  spin_for (200);

  step0 = g_strdup (wb_turn_bar_get_step_text (bar));
  rows0 = g_list_model_get_n_items (wb_play_log_pane_get_rows (log));
  w = map_view_where (map, "stafford");
  ck_assert_str_eq (w, "0414");
  ck_assert (reserve_has (reserve, "Cooke"));
  ck_assert_uint_eq (g_list_model_get_n_items (wb_play_history_get_branches (history)), 1);
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.zoc-stop"), "enforce");

  /* A move: the map, the log. */
  act (play, "{\"type\": \"move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0413\"}}");
  g_free (w);
  w = map_view_where (map, "stafford");
  ck_assert_str_eq (w, "0413");
  ck_assert_uint_gt (g_list_model_get_n_items (wb_play_log_pane_get_rows (log)), rows0);
  /* A reinforcement enters: the reserve. */
  act (play, "{\"type\": \"enter\", \"unit\": \"cooke\", \"at\": {\"hex\": \"0128\"}}");
  ck_assert (!reserve_has (reserve, "Cooke"));
  /* Undone: back in the reserve; another move instead: two branches. */
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (reserve_has (reserve, "Cooke"));
  ck_assert (wb_play_undo (play, NULL));
  g_free (w);
  w = map_view_where (map, "stafford");
  ck_assert_str_eq (w, "0414");
  ck_assert_uint_eq (g_list_model_get_n_items (wb_play_log_pane_get_rows (log)), rows0);
  act (play, "{\"type\": \"move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0513\"}}");
  ck_assert_uint_eq (g_list_model_get_n_items (wb_play_history_get_branches (history)), 2);
  /* The rule checks. */
  act (play, "{\"type\": \"set_rule\", \"rule\": \"spi.zoc-stop\", \"level\": \"warn\"}");
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.zoc-stop"), "warn");
  /* The step: the turn bar and the prompt. */
  act (play, "{\"type\": \"end_step\"}");
  ck_assert_str_ne (wb_turn_bar_get_step_text (bar), step0);
  ck_assert_msg (strstr (wb_turn_bar_get_step_text (bar), "Combat") != NULL, "%s", wb_turn_bar_get_step_text (bar));
  ck_assert_msg (strstr (wb_play_prompt_get_text (prompt), "Combat Phase — Click your attacking units") != NULL, "%s",
                 wb_play_prompt_get_text (prompt));
  ck_assert (wb_play_undo (play, NULL));
  ck_assert_str_eq (wb_turn_bar_get_step_text (bar), step0);
  ck_assert (strstr (wb_play_prompt_get_text (prompt), "Movement Phase — Click a unit") != NULL);

  /* Let go: the panes follow the play no more. */
  wb_map_view_set_play (map, NULL);
  wb_turn_bar_set_play (bar, NULL);
  act (play, "{\"type\": \"end_step\"}");
  ck_assert_str_eq (wb_turn_bar_get_step_text (bar), "No match");
  gtk_window_destroy (GTK_WINDOW (rules));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-panes");
  TCase *tc = tcase_create ("play-panes");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_panes_follow_the_play);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
