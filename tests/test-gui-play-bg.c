/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-bg"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-prompt.h"
#include "wb-window.h"
#include "rules/bg/wb-bg-private.h"

#include "wb-turn-bar.h"

#include "gui-common.h"

/* The play window on a map of locations, with the Blue & Gray Campaign
 * family: the
 * rolls before movement are the prompt's buttons; a click on a location
 * picks the side's unit there (again: the next of the stack), its
 * destinations are shown, a click on one moves it (a command action point
 * spent); the enemy's blocks are face down for the player at the screen. */

START_TEST (test_bg_moves_by_clicks)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  WbWindow *window;
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayPrompt *prompt;
  WbPlayController *ctl;
  WbMatch *m;
  GtkWidget *ready;
  guint guard = 0;

  /* Registering a built-in family again changes nothing (a family being
   * built is registered so in its tests). */
  wb_rules_family_register (wb_bg_family ());
  ck_assert_ptr_eq (wb_rules_family_find ("bg-campaign"), wb_bg_family ());
  window = open_window (path);
  view = wb_window_get_map_view (window);
  play = wb_play_new (wb_window_get_game (window), NULL, "1864", NULL, 11, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  wb_window_play (window, play);
  wait_until_settled (view);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  ctl = wb_window_get_play_controller (window);

  /* Weather, replacements, CAP rolls: the prompt's buttons, until the
   * Union (first in 1864) moves. */
  while (g_strcmp0 (wb_play_awaiting (play), "move") != 0)
    {
      ready = find_named (GTK_WIDGET (window), "handover-ready");
      if (ready != NULL && gtk_widget_is_visible (ready))
        g_signal_emit_by_name (ready, "clicked");
      ck_assert_uint_gt (wb_play_prompt_n_offers (prompt), 0);
      ck_assert (wb_play_prompt_take_offer (prompt, 0));
      ck_assert_uint_lt (++guard, 20);
    }
  ready = find_named (GTK_WIDGET (window), "handover-ready");
  if (ready != NULL && gtk_widget_is_visible (ready))
    g_signal_emit_by_name (ready, "clicked");
  m = wb_play_get_state (play);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Union");
  /* The Union player at the screen: the Confederate blocks face down. */
  ck_assert_str_eq (wb_map_view_get_viewer (view), "union");

  /* Harpers Ferry holds the Union army: clicks go through the stack to VI. */
  for (int i = 0; i < 8 && g_strcmp0 (wb_play_controller_get_selected (ctl), "vi") != 0; i++)
    click_location (window, "harpers-ferry");
  ck_assert_str_eq (wb_play_controller_get_selected (ctl), "vi");
  ck_assert_uint_gt (wb_map_view_get_n_highlights (view), 0);
  {
    int cap = bg_state (m)->cap[m->active];
    WbTurnBar *bar = WB_TURN_BAR (find_type (GTK_WIDGET (window), WB_TYPE_TURN_BAR));
    g_autofree char *before = g_strdup_printf ("Union %d VP, CAP %d", m->vp[m->active], cap);
    g_autofree char *after = g_strdup_printf ("Union %d VP, CAP %d", m->vp[m->active], cap - 1);

    /* The CAP left are on the turn bar, not only in the log. */
    ck_assert_msg (strstr (wb_turn_bar_get_vp_text (bar), before) != NULL, "%s", wb_turn_bar_get_vp_text (bar));
    ck_assert_msg (strstr (wb_turn_bar_get_vp_text (bar), " · Weather: ") != NULL, "%s",
                   wb_turn_bar_get_vp_text (bar));
    click_location (window, "winchester");
    m = wb_play_get_state (play);
    ck_assert_str_eq (wb_match_find_unit (m, "vi")->where.place, "winchester");
    ck_assert_int_eq (bg_state (m)->cap[m->active], cap - 1);
    ck_assert_msg (strstr (wb_turn_bar_get_vp_text (bar), after) != NULL, "%s", wb_turn_bar_get_vp_text (bar));
  }
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-bg.png", NULL);
      for (int i = 0; i < 8 && g_strcmp0 (wb_play_controller_get_selected (ctl), "viii") != 0; i++)
        click_location (window, "harpers-ferry");
      wait_until_settled (view);
      spin_for (500);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, shot);
    }
  /* Undo takes the move back, the CAP too. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), "vi")->where.place, "harpers-ferry");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The set-up step through the window (GG 13): the Union at the screen,
 * Grant clicked at Culpeper CH shows his two other places, a click on
 * Falmouth sets him up there; End Step hands over to the Confederates. */
START_TEST (test_setup_by_clicks)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", "grants-gamble.warbench",
                                            NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbWindow *window;
  WbMapView *view;
  WbPlayController *ctl;
  GtkWidget *ready, *end;

  window = open_window (path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  view = wb_window_get_map_view (window);
  play = wb_play_new (wb_window_get_game (window), NULL, "campaign", NULL, 3, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (view);
  ctl = wb_window_get_play_controller (window);
  ready = find_named (GTK_WIDGET (window), "handover-ready");
  if (ready != NULL && gtk_widget_is_visible (ready))
    g_signal_emit_by_name (ready, "clicked");
  ck_assert_str_eq (wb_play_awaiting (play), "deploy");
  ck_assert_str_eq (wb_map_view_get_viewer (view), "union");
  for (int i = 0; i < 12 && g_strcmp0 (wb_play_controller_get_selected (ctl), "grant") != 0; i++)
    click_location (window, "culpeper-ch");
  ck_assert_str_eq (wb_play_controller_get_selected (ctl), "grant");
  ck_assert_uint_eq (wb_map_view_get_n_highlights (view), 2);
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-setup.png", NULL);

      wait_until_settled (view);
      spin_for (500);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, shot);
    }
  click_location (window, "falmouth");
  ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), "grant")->where.place, "falmouth");
  end = find_named (GTK_WIDGET (window), "end-step");
  ck_assert (end != NULL && gtk_widget_is_sensitive (end));
  g_signal_emit_by_name (end, "clicked");
  ck_assert_str_eq (wb_play_awaiting (play), "deploy");
  ck_assert_uint_eq (wb_play_player (play), 1);
  ready = find_named (GTK_WIDGET (window), "handover-ready");
  ck_assert (ready != NULL && gtk_widget_is_visible (ready));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-bg");
  TCase *tc = tcase_create ("play-bg");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_bg_moves_by_clicks);
  tcase_add_test (tc, test_setup_by_clicks);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
