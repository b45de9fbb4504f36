/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-prompt"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-handover.h"
#include "wb-play-prompt.h"
#include "wb-play-reserve.h"

#include "gui-common.h"

/* The play prompt: what the step waits for, an attack put together by
 * picking units and hexes with its odds and the column's exact chances
 * shown before the roll, a refused pick explained, and the action played
 * through the "act" signal. */

static WbGame *
load_wilderness (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static void
on_act (WbPlayPrompt *prompt, JsonObject *action, char **out)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), action);
  *out = json_to_string (node, FALSE);
}

START_TEST (test_attack_prompt)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  GtkWidget *window = gtk_window_new ();
  WbPlayPrompt *prompt = WB_PLAY_PROMPT (wb_play_prompt_new ());
  g_autofree char *played = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 120);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (prompt));
  gtk_window_present (GTK_WINDOW (window));
  wb_play_prompt_set_play (prompt, play);
  ck_assert_ptr_nonnull (strstr (wb_play_prompt_get_text (prompt), "Movement Phase — Click a unit"));

  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0516\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0515\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"0615\"}}");
  /* 7.23: 1/1/V (0616) is not left to csa-0218 alone. */
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"doles\", \"to\": {\"hex\": \"0716\"}}");
  /* 7.12: Stonewall and Steuart (0415, 0416, beside 0516) would have to join the attack. */
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stonewall\", \"to\": {\"hex\": \"0212\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"0213\"}}");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  wb_play_prompt_refresh (prompt);
  ck_assert_str_eq (wb_play_awaiting (play), "attack");
  ck_assert_ptr_nonnull (strstr (wb_play_prompt_get_text (prompt), "Combat Phase — Click your attacking units"));

  /* 13 against 4: 3-1, on which a d6 gives De 1, Dr 2-5, Ex 6. */
  ck_assert (wb_play_prompt_toggle_unit (prompt, "gordon"));
  ck_assert (wb_play_prompt_toggle_unit (prompt, "csa-0218"));
  ck_assert_ptr_null (wb_play_prompt_get_action (prompt));
  ck_assert (wb_play_prompt_toggle_hex (prompt, "0516"));
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "13 to 4 → 3-1: De 16.7 % · Dr 66.7 % · Ex 16.7 %");
  /* A unit that cannot take part: the rules say why, before anything is rolled. */
  ck_assert (wb_play_prompt_toggle_unit (prompt, "stafford"));
  ck_assert_ptr_nonnull (strstr (wb_play_prompt_get_odds (prompt), "spi.adjacent"));
  ck_assert (!wb_play_prompt_toggle_unit (prompt, "stafford"));
  ck_assert_ptr_nonnull (strstr (wb_play_prompt_get_odds (prompt), "3-1"));

  {
    const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
    if (dir != NULL)
      {
        g_autoptr(GdkTexture) texture = NULL;
        g_autofree char *path = g_build_filename (dir, "play-prompt.png", NULL);
        spin_for (800);
        texture = render_widget (window);
        gdk_texture_save_to_png (texture, path);
      }
  }

  g_signal_connect (prompt, "act", G_CALLBACK (on_act), &played);
  ck_assert (wb_play_prompt_activate (prompt));
  ck_assert_str_eq (played, "{\"type\":\"attack\",\"attackers\":[\"gordon\",\"csa-0218\"],\"defenders\":[\"0516\"]}");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static void
on_ready (WbPlayHandover *handover, int *count)
{
  (*count)++;
}

/* Hot-seat: after the Confederate player's turn the screen is handed over
 * to the Union player, and says so; within a player's turn it is not. */
START_TEST (test_handover)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  GtkWidget *window = gtk_window_new ();
  WbPlayHandover *handover = WB_PLAY_HANDOVER (wb_play_handover_new ());
  guint before = wb_play_get_state (play)->active;
  int ready = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (handover));
  gtk_window_present (GTK_WINDOW (window));
  play_act_ok (play, "{\"type\": \"end_step\"}");
  ck_assert (!wb_play_needs_handover (play, before));   /* Movement → Combat: the same player */
  play_act_ok (play, "{\"type\": \"end_step\"}");
  ck_assert (wb_play_needs_handover (play, before));
  wb_play_handover_set_play (handover, play);
  ck_assert_str_eq (wb_play_handover_get_title (handover), "Union to play");
  g_signal_connect (handover, "ready", G_CALLBACK (on_ready), &ready);
  wb_play_handover_activate (handover);
  ck_assert_int_eq (ready, 1);
  {
    const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
    if (dir != NULL)
      {
        g_autoptr(GdkTexture) texture = NULL;
        g_autofree char *path = g_build_filename (dir, "play-handover.png", NULL);
        spin_for (800);
        texture = render_widget (window);
        gdk_texture_save_to_png (texture, path);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static void
on_unit (WbPlayReserve *reserve, const char *unit, char **out)
{
  g_free (*out);
  *out = g_strdup (unit);
}

/* The units not on the map: the Confederate reinforcements due on turn 1
 * (16.1: nine at 0128), the later ones with their turn, the eliminated. */
START_TEST (test_reserve)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  GtkWidget *window = gtk_window_new ();
  WbPlayReserve *reserve = WB_PLAY_RESERVE (wb_play_reserve_new ());
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *activated = NULL;
  guint now = 0, later = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 600);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (reserve));
  gtk_window_present (GTK_WINDOW (window));
  wb_play_reserve_set_play (reserve, play);
  texts = wb_play_reserve_get_texts (reserve);
  ck_assert_str_eq (g_ptr_array_index (texts, 0), "Confederate reinforcements");
  ck_assert_str_eq (g_ptr_array_index (texts, 1), "Cooke (7) — at 0128, now");
  for (guint i = 0; i < texts->len; i++)
    {
      now += g_str_has_suffix (g_ptr_array_index (texts, i), ", now");
      later += strstr (g_ptr_array_index (texts, i), ", turn ") != NULL;
    }
  ck_assert_uint_eq (now, 9);
  ck_assert_uint_eq (later, 2 + 15);   /* turn 5 at 0118, turn 9 at 0728 or 0627 */
  /* Nobody eliminated yet: the heading says so. */
  ck_assert_str_eq (g_ptr_array_index (texts, texts->len - 2), "Eliminated");
  ck_assert_str_eq (g_ptr_array_index (texts, texts->len - 1), "None");

  g_signal_connect (reserve, "unit-activated", G_CALLBACK (on_unit), &activated);
  {
    GtkListBox *list = NULL;
    for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (reserve)); w != NULL && list == NULL;
         w = gtk_widget_get_first_child (w))
      if (GTK_IS_LIST_BOX (w))
        list = GTK_LIST_BOX (w);
    ck_assert_ptr_nonnull (list);
    g_signal_emit_by_name (gtk_list_box_get_row_at_index (list, 1), "activate");
  }
  ck_assert_str_eq (activated, "cooke");

  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"eliminated\": true}}");
  wb_play_reserve_refresh (reserve);
  g_ptr_array_unref (texts);
  texts = wb_play_reserve_get_texts (reserve);
  ck_assert_str_eq (g_ptr_array_index (texts, texts->len - 1), "Confederate · Stafrd (5)");
  ck_assert_str_eq (g_ptr_array_index (texts, texts->len - 2), "Eliminated");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-prompt");
  TCase *tc = tcase_create ("play-prompt");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_attack_prompt);
  tcase_add_test (tc, test_handover);
  tcase_add_test (tc, test_reserve);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
