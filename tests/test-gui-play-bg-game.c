/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-bg-game"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"

/* Whole Blue & Gray games played hot-seat through the play window —
 * Jackson & Sheridan 1862 and 1864, Grant's Gamble: what each player does
 * is chosen by the automatic player, but every action is made the way a
 * person makes it — a click on the unit's location (again: the next unit
 * of the stack) and one on its destination for a move; the prompt's
 * buttons for the rolls (weather, CAP), replacements, Lee's reaction, the
 * battles to fight and every decision of the battle board; the turn bar's
 * End Step — and the hand-over screen is passed whenever it shows. Each
 * gesture must add exactly one journal entry; the game ends (the last
 * turn or an automatic victory), and replaying its journal gives the state
 * on screen. */

/* Makes @a through the window as a player would; its kind in @kinds. */
static void
gesture (WbWindow *window, WbPlay *play, WbPlayPrompt *prompt, JsonObject *a, GHashTable *kinds)
{
  const char *type = json_object_get_string_member (a, "type");

  g_hash_table_add (kinds, g_strdup (type));
  if (strcmp (type, "move") == 0)
    {
      select_unit (window, play, json_object_get_string_member (a, "unit"));
      click_location (window, json_object_get_string_member (a, "to"));
      return;
    }
  if (strcmp (type, "deploy") == 0)
    {
      select_unit (window, play, json_object_get_string_member (a, "unit"));
      click_location (window, json_object_get_string_member (json_object_get_object_member (a, "at"), "location"));
      return;
    }
  if (strcmp (type, "end_step") == 0)
    {
      GtkWidget *end = find_named (GTK_WIDGET (window), "end-step");
      /* End Step, or the offer that ends it ("No Replacement"). */
      if (end != NULL && gtk_widget_is_sensitive (end) && gtk_widget_is_visible (end))
        {
          g_signal_emit_by_name (end, "clicked");
          return;
        }
    }
  {
    g_autoptr(GPtrArray) offers = wb_play_offers (play);

    ck_assert_uint_eq (offers->len, wb_play_prompt_n_offers (prompt));
    for (guint i = 0; i < offers->len; i++)
      if (same_action (((WbOffer *) g_ptr_array_index (offers, i))->action, a))
        {
          ck_assert (wb_play_prompt_take_offer (prompt, i));
          return;
        }
  }
  {
    g_autofree char *json = json_to_string (json_node_init_object (json_node_alloc (), a), FALSE);
    ck_abort_msg ("no gesture for %s (awaiting %s)", json, wb_play_awaiting (play));
  }
}

static void
whole_game (const char *file, const char *scenario, guint64 seed)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", file, NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, scenario, NULL, seed, &error);
  g_autoptr(GHashTable) kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  WbPlayPrompt *prompt;
  WbRng policy;
  guint actions = 0, handovers = 0;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  ck_assert_ptr_nonnull (prompt);
  wb_rng_seed (&policy, seed, 1);
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
      gesture (window, play, prompt, a, kinds);
      ck_assert_msg (wb_journal_get_n_entries (wb_play_get_journal (play)) == before + 1,
                     "%s %s: action %u (%s) was not made through the window", file, scenario, actions,
                     json_object_get_string_member (a, "type"));
      actions++;
      ck_assert_uint_lt (actions, 5000);
    }
  /* What a game has: moves, battles fought on the board, the rolls. */
  ck_assert (g_hash_table_contains (kinds, "move"));
  ck_assert (g_hash_table_contains (kinds, "cap_roll"));
  ck_assert (g_hash_table_contains (kinds, "weather_roll"));
  ck_assert (g_hash_table_contains (kinds, "battle"));
  ck_assert (g_hash_table_contains (kinds, "battle_roll"));
  ck_assert (g_hash_table_contains (kinds, "battle_allocate"));
  assert_replay_matches (play);
  {
    g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (kinds), (GCompareFunc) strcmp);
    g_autoptr(GString) names = g_string_new (NULL);
    g_autofree char *result = wb_match_result_text (wb_play_get_state (play));

    for (GList *l = keys; l != NULL; l = l->next)
      g_string_append_printf (names, " %s", (char *) l->data);
    g_debug ("%s %s seed %" G_GUINT64_FORMAT ": %u actions through the window, %u hand-overs, turn %d, %s; "
             "actions:%s", file, scenario, seed, actions, handovers, wb_play_get_state (play)->turn,
             result, names->str);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

START_TEST (test_jackson_1862)
{
  whole_game ("jackson-sheridan.warbench", "1862", 3);
}
END_TEST

START_TEST (test_sheridan_1864)
{
  whole_game ("jackson-sheridan.warbench", "1864", 5);
}
END_TEST

START_TEST (test_grants_gamble)
{
  whole_game ("grants-gamble.warbench", "campaign", 7);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-bg-game");
  TCase *tc = tcase_create ("games");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_jackson_1862);
  tcase_add_test (tc, test_sheridan_1864);
  tcase_add_test (tc, test_grants_gamble);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
