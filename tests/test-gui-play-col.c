/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-col"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"

/* Shenandoah's campaign played hot-seat through the play window with the
 * Columbia block family's steps: the prompt's Activate button, a block
 * clicked and a town two away clicked (the move goes through the town
 * between), the road counts in the prompt, a town reached only by rail,
 * End Step and the hand-over to the USA. Each gesture adds one journal
 * entry. WARBENCH_SHOT_DIR: col-move.png, the move step with a block
 * picked and its towns shown. */

static guint
entries (WbPlay *play)
{
  return wb_journal_get_n_entries (wb_play_get_journal (play));
}

static const char *
place_of (WbPlay *play, const char *unit)
{
  return wb_match_find_unit (wb_play_get_state (play), unit)->where.place;
}

static void
pass_handover (WbWindow *window)
{
  GtkWidget *ready = find_named (GTK_WIDGET (window), "handover-ready");

  if (ready != NULL && gtk_widget_is_visible (ready))
    g_signal_emit_by_name (ready, "clicked");
}

START_TEST (test_campaign_steps)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "campaign", NULL, 1, &error);
  WbPlayPrompt *prompt;
  GtkWidget *activate, *end;
  guint before;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  pass_handover (window);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  ck_assert_ptr_nonnull (prompt);

  /* 5.1: the first Activate button is Jackson's. */
  activate = find_named (GTK_WIDGET (prompt), "activate");
  ck_assert_ptr_nonnull (activate);
  ck_assert (gtk_widget_is_visible (activate));
  ck_assert_str_eq (gtk_button_get_label (GTK_BUTTON (activate)), "Activate Jackson HQ (Staunton)");
  before = entries (play);
  g_signal_emit_by_name (activate, "clicked");
  ck_assert_uint_eq (entries (play), before + 1);

  /* Winder, commanded, two towns to Harrisonburg through Mt Sidney. */
  select_unit (window, play, "winder");
  ck_assert_msg (strstr (wb_play_prompt_get_odds (prompt), "to Mt Sidney 0/12") != NULL, "%s",
                 wb_play_prompt_get_odds (prompt));
  before = entries (play);
  click_location (window, "harrisonburg");
  ck_assert_uint_eq (entries (play), before + 1);
  ck_assert_str_eq (place_of (play, "winder"), "harrisonburg");

  /* Campbell picked: the prompt counts Winder on the pike. */
  select_unit (window, play, "campbell");
  ck_assert_msg (strstr (wb_play_prompt_get_odds (prompt), "to Mt Sidney 1/12") != NULL, "%s",
                 wb_play_prompt_get_odds (prompt));
  /* The map notes each road out of Staunton, and Winder's second road. */
  ck_assert_uint_eq (wb_map_view_get_n_notes (wb_window_get_map_view (window)), 6);
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "col-move.png", NULL);
      g_autoptr(GdkTexture) texture = NULL;

      g_autofree char *zoomed = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "col-move-roads.png", NULL);
      WbMapView *view = wb_window_get_map_view (window);
      WbLocation *staunton = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (view)), "staunton");

      wait_for_draw (view);
      spin_for (300);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, shot);
      /* Zoomed on Staunton: the roads' counts. */
      wb_map_view_set_zoom (view, 1.0);
      wb_map_view_set_center (view, staunton->x, staunton->y - 60);
      wait_for_draw (view);
      spin_for (300);
      g_clear_object (&texture);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, zoomed);
    }
  before = entries (play);
  click_location (window, "waynesboro");
  ck_assert_uint_eq (entries (play), before + 1);
  ck_assert_str_eq (place_of (play, "campbell"), "waynesboro");

  /* End Step: the USA's turn, behind the hand-over. */
  end = find_named (GTK_WIDGET (window), "end-step");
  ck_assert_ptr_nonnull (end);
  before = entries (play);
  g_signal_emit_by_name (end, "clicked");
  ck_assert_uint_eq (entries (play), before + 1);
  ck_assert_uint_eq (wb_play_get_state (play)->active, 0);
  ck_assert (gtk_widget_is_visible (find_named (GTK_WIDGET (window), "handover-ready")));
  pass_handover (window);
  /* The USA's roads start again at 0: no road notes before it moves. */
  ck_assert_uint_eq (wb_map_view_get_n_notes (wb_window_get_map_view (window)), 0);
  activate = find_named (GTK_WIDGET (prompt), "activate");
  ck_assert_ptr_nonnull (activate);
  ck_assert_msg (g_str_has_prefix (gtk_button_get_label (GTK_BUTTON (activate)), "Activate Banks"), "%s",
                 gtk_button_get_label (GTK_BUTTON (activate)));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-col");
  TCase *tc = tcase_create ("campaign");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_campaign_steps);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
