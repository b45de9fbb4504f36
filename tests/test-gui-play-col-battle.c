/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-col-battle"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-board-view.h"
#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"

/* A Shenandoah battle fought in the play window with the players' dice
 * typed in the prompt (the Battle Hits sidebar at Charlottesville): the
 * CSA's Ewell activates and Elzey and Trimble (C2, 3 steps each) attack
 * Tyler's USA brigade (C2, set to 3 steps) from Standardsville; the
 * Battle Phase opens the battle by itself and the board takes the map's
 * place, both sides' blocks revealed in their firing groups. Tyler fires
 * first (the defender, 6.4) with the prompt's Fire: one hit on two equal
 * blocks, so the CSA clicks the one hit on the board (a USA block is
 * refused); the CSA clicks which of its two C blocks fires first; in
 * round 2 Tyler retreats with the prompt's "Retreat to Brown's Cove"; the
 * CSA regroups Elzey back to Standardsville by clicks (board, then map)
 * and ends the regroup: the Supply Phase's stacking losses are picked on
 * a board of the town's blocks. */

/* The prompt's step button labelled @label, or NULL. */
static GtkWidget *
step_button (GtkWidget *root, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0 &&
          gtk_widget_get_mapped (c))
        return c;
      if ((found = step_button (c, label)) != NULL)
        return found;
    }
  return NULL;
}

/* A click on @id's block on the board, where the view draws it. */
static void
click_unit (WbBoardView *view, const char *id)
{
  graphene_rect_t r;

  ck_assert_msg (wb_board_view_unit_rect (view, id, &r), "%s is not drawn", id);
  ck_assert_str_eq (wb_board_view_unit_at (view, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2), id);
  g_signal_emit_by_name (view, "unit-activated", id);
}

/* The main button plays the battle turn; the dice are typed at once. */
static void
fire (WbPlayPrompt *prompt, WbPlay *play, const char *dice)
{
  guint32 cursor = wb_journal_get_cursor (wb_play_get_journal (play));

  ck_assert (wb_play_prompt_activate (prompt));
  if (dice != NULL)
    {
      ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
      ck_assert (wb_play_prompt_enter_roll_text (prompt, dice));
    }
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor + 1);
}

static void
shoot (WbWindow *window, const char *name)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL, *path = NULL;

  if (g_getenv ("WARBENCH_SHOT_DIR") == NULL)
    return;
  file = g_strdup_printf ("%s.png", name);
  path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), file, NULL);
  spin_for (400);
  texture = render_widget (GTK_WIDGET (window));
  gdk_texture_save_to_png (texture, path);
}

static int
halves (WbPlay *play, const char *id)
{
  return wb_match_find_unit (wb_play_get_state (play), id)->halves;
}

static const char *
side_to_act (WbPlay *play)
{
  WbMatch *m = wb_play_get_state (play);

  return wb_match_side_name (m, m->active);
}

START_TEST (test_battle_in_window)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  WbWindow *window;
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayPrompt *prompt;
  WbBoardView *board;
  WbPlayController *ctl;
  GtkWidget *button;
  int guard = 0;

  window = open_window (path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  view = wb_window_get_map_view (window);
  play = wb_play_new_full (wb_window_get_game (window), NULL, "campaign", NULL, 3, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (view);
  /* Turn 1: the CSA is Player 1 (9.0) and moves first. */
  ck_assert_str_eq (wb_play_awaiting (play), "move");
  ck_assert_str_eq (side_to_act (play), "CSA");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"tyler\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"override_strength\", \"unit\": \"tyler\", \"halves\": 6}");
  /* Ewell's other blocks at Charlottesville go to Staunton: the battle is the sidebar's. */
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"taylor\", \"to\": {\"location\": \"staunton\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"location\": \"staunton\"}}");
  play_act_ok (play, "{\"type\": \"activate\", \"unit\": \"ewell\"}");
  play_act_ok (play, "{\"type\": \"move\", \"unit\": \"elzey\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"move\", \"unit\": \"trimble\", \"to\": {\"location\": \"charlottesville\"}}");
  while (g_strcmp0 (wb_play_awaiting (play), "move") == 0)
    {
      play_act_ok (play, "{\"type\": \"end_step\"}");
      ck_assert_int_lt (++guard, 4);
    }
  /* The only battle opens by itself: one road in, no reinforcements. */
  ck_assert_str_eq (wb_play_awaiting (play), "fire");

  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  board = WB_BOARD_VIEW (find_named (GTK_WIDGET (window), "play-battle-view"));
  ctl = wb_window_get_play_controller (window);
  ck_assert_ptr_nonnull (board);
  if (gtk_widget_is_visible (find_named (GTK_WIDGET (window), "handover-ready")))
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "handover-ready"), "clicked");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert_msg (strstr (wb_board_view_get_title (board), "Battle of Charlottesville · round 1 of 4 · USA: "
                         "Tyler's brigade fires or retreats") != NULL, "%s", wb_board_view_get_title (board));
  /* Both sides revealed, in their firing groups: C, the defender 5th, the attacker 6th. */
  {
    graphene_rect_t r;

    ck_assert (wb_board_view_unit_rect (board, "tyler", &r));
    ck_assert (wb_board_view_unit_rect (board, "elzey", &r));
    ck_assert (wb_board_view_unit_rect (board, "trimble", &r));
    ck_assert (!wb_board_view_unit_rect (board, "ewell", &r));
  }
  ck_assert_str_eq (side_to_act (play), "USA");
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Fire: Tyler's brigade (C2), 3 dice");
  /* Not the CSA's turn: a click on Elzey picks nothing. */
  click_unit (board, "elzey");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (ctl)->len, 0);
  shoot (window, "play-col-battle-board");

  /* Tyler fires C2: one hit, on Elzey or Trimble (both 3): the CSA picks. */
  fire (prompt, play, "1 6 6");
  ck_assert_str_eq (wb_play_awaiting (play), "hit");
  ck_assert_str_eq (side_to_act (play), "CSA");
  ck_assert_msg (strstr (wb_board_view_get_title (board), "CSA: pick the block hit") != NULL, "%s",
                 wb_board_view_get_title (board));
  ck_assert_msg (strstr (wb_board_view_get_title (board), "Last fire: Tyler's brigade C2 · ⚀ ⚅ ⚅ (1 6 6) · 1 hit") != NULL,
                 "%s", wb_board_view_get_title (board));
  shoot (window, "play-col-battle-hit");
  {
    guint32 cursor = wb_journal_get_cursor (wb_play_get_journal (play));

    click_unit (board, "tyler");   /* not the CSA's block: refused */
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
    click_unit (board, "trimble");   /* played at once */
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor + 1);
  }
  ck_assert_int_eq (halves (play, "trimble"), 4);
  ck_assert_int_eq (halves (play, "elzey"), 6);

  /* The CSA's two C blocks in the order clicked: Trimble first. */
  ck_assert_str_eq (wb_play_awaiting (play), "fire");
  ck_assert_str_eq (side_to_act (play), "CSA");
  click_unit (board, "trimble");
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Fire: Trimble's brigade (C2), 2 dice");
  fire (prompt, play, "6 6");
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Fire: Elzey's brigade (C2), 3 dice");
  fire (prompt, play, "6 6 6");
  ck_assert_int_eq (halves (play, "tyler"), 6);

  /* Round 2: Tyler retreats, not back along the CSA's road: Browns Cove. */
  ck_assert_str_eq (side_to_act (play), "USA");
  ck_assert (strstr (wb_board_view_get_title (board), "round 2 of 4") != NULL);
  ck_assert_ptr_null (step_button (GTK_WIDGET (prompt), "Retreat to Standardsville"));
  shoot (window, "play-col-battle-retreat");
  button = step_button (GTK_WIDGET (prompt), "Retreat to Brown's Cove");
  ck_assert_ptr_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), "tyler")->where.place, "browns-cove");

  /* The CSA won: the board stays for the regroup; Elzey back to Standardsville. */
  ck_assert_str_eq (wb_play_awaiting (play), "regroup");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert_msg (strstr (wb_board_view_get_title (board), "CSA won: regroup") != NULL, "%s",
                 wb_board_view_get_title (board));
  click_unit (board, "tyler");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (ctl)->len, 0);
  click_unit (board, "elzey");
  ck_assert_uint_eq (wb_board_view_get_picks (board, "elzey"), 1);
  shoot (window, "play-col-battle-regroup");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (GTK_WIDGET (window), "play-battle-toggle")), FALSE);
  click_location (window, "standardsville");
  ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), "elzey")->where.place, "standardsville");
  button = step_button (GTK_WIDGET (prompt), "_End Regroup");
  ck_assert_ptr_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  /* The Battle Phase is over: the Supply Phase, on the map — first the
   * owner's stacking losses (3.3: a town of the set-up holds more than it may). */
  ck_assert_str_eq (wb_play_awaiting (play), "stack-loss");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (view)));
  /* Picked on a board of the town's blocks: the Battle Board toggle stays
   * (the player had turned to the map), the board the town's. */
  ck_assert (gtk_widget_is_visible (find_named (GTK_WIDGET (window), "play-battle-toggle")));
  ck_assert_msg (strstr (wb_board_view_get_title (board), "Stacking at ") != NULL, "%s",
                 wb_board_view_get_title (board));
  /* The toggle names the board it shows now. */
  ck_assert_str_eq (gtk_button_get_label (GTK_BUTTON (find_named (GTK_WIDGET (window), "play-battle-toggle"))),
                    "_Pick Blocks");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Counter-battery clicked on the board (6.63): Banks' artillery defends
 * Charlottesville with Tyler; Ewell's artillery attacks with Elzey and
 * Trimble. The USA artillery fires first (A, the defender): a click on
 * the CSA artillery on the board makes its fire counter-battery — the
 * board's second list of blocks, the enemy fired at — and its hit falls
 * on that artillery. */
START_TEST (test_counter_battery_click)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayPrompt *prompt;
  WbBoardView *board;
  WbJournal *journal;
  const WbJournalEntry *made;
  int guard = 0, before;

  play = wb_play_new_full (wb_window_get_game (window), NULL, "campaign", NULL, 3, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"tyler\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"banks-artillery\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"taylor\", \"to\": {\"location\": \"staunton\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"location\": \"staunton\"}}");
  play_act_ok (play, "{\"type\": \"activate\", \"unit\": \"ewell\"}");
  play_act_ok (play, "{\"type\": \"move\", \"unit\": \"elzey\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"move\", \"unit\": \"trimble\", \"to\": {\"location\": \"charlottesville\"}}");
  play_act_ok (play, "{\"type\": \"move\", \"unit\": \"ewell-artillery\", \"to\": {\"location\": \"charlottesville\"}}");
  while (g_strcmp0 (wb_play_awaiting (play), "move") == 0)
    {
      play_act_ok (play, "{\"type\": \"end_step\"}");
      ck_assert_int_lt (++guard, 4);
    }
  ck_assert_str_eq (wb_play_awaiting (play), "fire");
  if (gtk_widget_is_visible (find_named (GTK_WIDGET (window), "handover-ready")))
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "handover-ready"), "clicked");
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  board = WB_BOARD_VIEW (find_named (GTK_WIDGET (window), "play-battle-view"));
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert_msg (g_str_has_prefix (wb_play_prompt_get_odds (prompt), "Fire: Banks' artillery"), "%s",
                 wb_play_prompt_get_odds (prompt));
  click_unit (board, "ewell-artillery");
  ck_assert_msg (g_str_has_prefix (wb_play_prompt_get_odds (prompt), "Counter-battery: Banks' artillery"), "%s",
                 wb_play_prompt_get_odds (prompt));
  before = halves (play, "ewell-artillery");
  fire (prompt, play, "1 6 6");
  journal = wb_play_get_journal (play);
  made = wb_journal_get_entry (journal, wb_journal_get_cursor (journal));
  ck_assert (json_object_get_boolean_member_with_default (made->action, "counter_battery", FALSE));
  ck_assert_str_eq (json_object_get_string_member (made->action, "target"), "ewell-artillery");
  ck_assert_int_eq (halves (play, "ewell-artillery"), before - 2);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-col-battle");
  TCase *tc = tcase_create ("play-col-battle");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_battle_in_window);
  tcase_add_test (tc, test_counter_battery_click);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
