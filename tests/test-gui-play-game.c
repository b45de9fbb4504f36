/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-game"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"
#include "gui-play-gestures.h"

/* A whole Battle of the Wilderness played hot-seat through the play
 * window: what each player does is chosen by the automatic player, but
 * every action is made the way a person makes it — clicks on the map (a
 * unit, then its destination, retreat or advance hex), the reserve's
 * reinforcements, the prompt's picks and buttons (attackers and defenders,
 * Attack; units to lose; No Advance; the offered command roll or Artillery
 * Stays), the turn bar's End Step — and the hand-over screen is passed at
 * each change of player. Each gesture must add exactly one journal entry;
 * the game ends, and replaying its journal gives the state on screen. */

START_TEST (test_whole_game)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 17, &error);
  WbPlayPrompt *prompt;
  WbRng policy;
  guint handovers = 0, actions = 0;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  wb_rng_seed (&policy, 17, 1);
  while (!wb_play_get_state (play)->over)
    {
      g_autoptr(JsonObject) a = NULL;
      GtkWidget *ready = find_named (GTK_WIDGET (window), "handover-ready");
      guint before = wb_journal_get_n_entries (wb_play_get_journal (play));

      if (ready != NULL && gtk_widget_is_visible (ready))
        {
          g_signal_emit_by_name (ready, "clicked");
          handovers++;
        }
      a = wb_play_suggest (play, &policy);
      ck_assert_ptr_nonnull (a);
      play_gesture (window, play, prompt, a);
      ck_assert_msg (wb_journal_get_n_entries (wb_play_get_journal (play)) == before + 1,
                     "action %u (%s) was not made through the window",
                     actions, json_object_get_string_member (a, "type"));
      actions++;
      if (g_getenv ("WB_TEST_PROGRESS") != NULL && actions % 50 == 0)
        g_printerr ("%u actions, %.1f s\n", actions, g_get_monotonic_time () / 1e6);
      ck_assert_uint_lt (actions, 20000);
    }
  ck_assert_uint_gt (handovers, 16);
  /* Replaying the journal gives the state on screen. */
  {
    WbMatch *shown = (WbMatch *) wb_map_view_get_match (wb_window_get_map_view (window));
    g_autoptr(WbMatch) again = wb_play_replay (play, wb_journal_get_cursor (wb_play_get_journal (play)), NULL,
                                               &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    ck_assert (again->over && shown->over);
    for (guint s = 0; s < 2; s++)
      ck_assert_int_eq (again->vp[s], shown->vp[s]);
    for (guint i = 0; i < again->units->len; i++)
      {
        WbUnitState *x = &g_array_index (again->units, WbUnitState, i);
        WbUnitState *y = &g_array_index (shown->units, WbUnitState, i);
        ck_assert (wb_where_equal (&x->where, &y->where));
        ck_assert_int_eq (x->halves, y->halves);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-game");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("play-game");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_whole_game);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
