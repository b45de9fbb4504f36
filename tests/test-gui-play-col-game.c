/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-col-game"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-board-view.h"
#include "wb-play-controller.h"
#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"

/* Whole games of Shenandoah's campaign (the columbia-block family) played
 * hot-seat through the play window: what each player does is chosen by
 * the automatic player, but every action is made the way a person makes
 * it — the step's own buttons (Roll for the Initiative, Activate, Battle
 * of…, Main Attack from…, Retreat to…, End Regroup) and End Step; a click
 * on a block's town (again: the next block of the town) and one on its
 * destination for a move; in the Supply Phase a click on the town, then
 * its button (Buy a Step for…, Deploy…, Make…, Merge…); clicks on the
 * blocks pinned or losing a step on the board of the town's blocks,
 * then the prompt's main button; on the battle board a click on the block
 * that takes its battle turn or a hit, and the prompt's Fire — and the
 * hand-over screen is passed whenever it shows. Each gesture must add
 * exactly one journal entry, the action the automatic player chose (a
 * move may name the town it goes through); the game ends, and replaying
 * its journal gives the state on screen. One game plays the scenario
 * options historical (9.1) and detachments-optional. */

/* Whether @made is @want, give or take what the window adds: every member
 * of @want is in @made, equal (arrays of names as sets: the order blocks
 * were clicked in is no part of a pin); @made may say more (a move's
 * "via"). */
static gboolean
made_as_wanted (JsonObject *made, JsonObject *want)
{
  g_autoptr(GList) members = json_object_get_members (want);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *w = json_object_get_member (want, l->data);
      JsonNode *m = json_object_get_member (made, l->data);

      if (m == NULL)
        return FALSE;
      if (JSON_NODE_HOLDS_ARRAY (w) && JSON_NODE_HOLDS_ARRAY (m))
        {
          JsonArray *wa = json_node_get_array (w), *ma = json_node_get_array (m);

          if (json_array_get_length (wa) != json_array_get_length (ma))
            return FALSE;
          for (guint i = 0; i < json_array_get_length (wa); i++)
            {
              gboolean found = FALSE;

              for (guint j = 0; j < json_array_get_length (ma) && !found; j++)
                found = json_node_equal (json_array_get_element (wa, i), json_array_get_element (ma, j));
              if (!found)
                return FALSE;
            }
          continue;
        }
      if (!json_node_equal (w, m))
        return FALSE;
    }
  return TRUE;
}

static char *
action_text (JsonObject *a)
{
  g_autoptr(JsonNode) n = json_node_init_object (json_node_alloc (), a);

  return json_to_string (n, FALSE);
}

/* The mapped button labelled @label below @root, or NULL. */
static GtkWidget *
button_labelled (GtkWidget *root, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0 &&
          gtk_widget_get_mapped (c) && gtk_widget_is_sensitive (c))
        return c;
      if ((found = button_labelled (c, label)) != NULL)
        return found;
    }
  return NULL;
}

/* The step's own button that plays @a, clicked; FALSE when none does. */
static gboolean
click_step_button (WbWindow *window, WbPlayPrompt *prompt, JsonObject *a)
{
  const WbStep *step = wb_play_controller_get_step (wb_window_get_play_controller (window));

  for (guint i = 0; step != NULL && i < step->buttons->len; i++)
    {
      WbStepButton *b = g_ptr_array_index (step->buttons, i);
      GtkWidget *widget;

      if (!same_action (b->action, a))
        continue;
      widget = button_labelled (GTK_WIDGET (prompt), b->label);
      ck_assert_msg (widget != NULL, "the step's button %s is not shown", b->label);
      g_signal_emit_by_name (widget, "clicked");
      return TRUE;
    }
  return FALSE;
}

static const char *
location_of (JsonObject *a, const char *member)
{
  JsonObject *w = json_object_has_member (a, member) ? json_object_get_object_member (a, member) : NULL;

  return w != NULL && json_object_has_member (w, "location") ? json_object_get_string_member (w, "location") : NULL;
}

/* A click on @id's block on the battle board, where the view draws it. */
static void
click_block (WbWindow *window, const char *id)
{
  WbBoardView *board = WB_BOARD_VIEW (find_named (GTK_WIDGET (window), "play-battle-view"));
  graphene_rect_t r;

  ck_assert_ptr_nonnull (board);
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert_msg (wb_board_view_unit_rect (board, id, &r), "%s is not drawn on the board", id);
  ck_assert_str_eq (wb_board_view_unit_at (board, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2), id);
  g_signal_emit_by_name (board, "unit-activated", id);
}

/* Makes @a through the window as a player would; its kind in @kinds. */
static void
gesture (WbWindow *window, WbPlay *play, WbPlayPrompt *prompt, JsonObject *a, GHashTable *kinds)
{
  const char *type = json_object_get_string_member (a, "type");
  const char *unit = json_object_has_member (a, "unit") ? json_object_get_string_member (a, "unit") : NULL;

  g_hash_table_add (kinds, g_strdup (type));
  if (strcmp (type, "end_step") == 0)
    {
      GtkWidget *end = find_named (GTK_WIDGET (window), "end-step");

      if (end != NULL && gtk_widget_is_sensitive (end) && gtk_widget_is_visible (end))
        {
          g_signal_emit_by_name (end, "clicked");
          return;
        }
    }
  /* A button of the step (Activate, Battle of…, Retreat to…, End Regroup). */
  if (click_step_button (window, prompt, a))
    return;
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
  if (strcmp (type, "move") == 0 && unit != NULL && location_of (a, "to") != NULL)
    {
      select_unit (window, play, unit);
      click_location (window, location_of (a, "to"));
      return;
    }
  if ((strcmp (type, "deploy") == 0 && location_of (a, "to") != NULL) ||
      ((strcmp (type, "supply") == 0 || strcmp (type, "create_detachment") == 0 || strcmp (type, "merge") == 0) &&
       unit != NULL))
    {
      /* The town, then its button. */
      const char *town = location_of (a, "to") != NULL ? location_of (a, "to")
                                                       : wb_match_find_unit (wb_play_get_state (play), unit)->where.place;

      click_location (window, town);
      if (click_step_button (window, prompt, a))
        return;
    }
  if ((strcmp (type, "pin") == 0 || strcmp (type, "stack_loss") == 0) && location_of (a, "location") != NULL)
    {
      JsonArray *units = json_object_get_array_member (a, "units");

      /* The blocks of the town on the board, a click each, then the main button. */
      for (guint i = 0; i < json_array_get_length (units); i++)
        click_block (window, json_array_get_string_element (units, i));
      ck_assert (wb_play_prompt_activate (prompt));
      return;
    }
  if (strcmp (type, "hit") == 0 && unit != NULL)
    {
      click_block (window, unit);
      return;
    }
  if ((strcmp (type, "fire") == 0 || (strcmp (type, "retreat") == 0 && !json_object_has_member (a, "to"))) &&
      unit != NULL)
    {
      /* The block whose battle turn it is: clicked unless it is the one the
       * prompt offers first; then the main button. */
      g_autoptr(JsonObject) first = wb_play_prompt_get_action (prompt);

      if (first == NULL || g_strcmp0 (json_object_get_string_member (first, "unit"), unit) != 0)
        click_block (window, unit);
      ck_assert (wb_play_prompt_activate (prompt));
      return;
    }
  {
    g_autofree char *json = action_text (a);

    ck_abort_msg ("no gesture for %s (awaiting %s)", json, wb_play_awaiting (play));
  }
}

static void
whole_game (const char *const *options, guint64 seed)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "campaign", options, seed, &error);
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
      WbJournal *journal = wb_play_get_journal (play);
      guint before = wb_journal_get_n_entries (journal);
      const WbJournalEntry *made;

      if (ready != NULL && gtk_widget_is_visible (ready))
        {
          g_signal_emit_by_name (ready, "clicked");
          handovers++;
        }
      a = wb_play_suggest (play, &policy);
      ck_assert_ptr_nonnull (a);
      gesture (window, play, prompt, a, kinds);
      ck_assert_msg (wb_journal_get_n_entries (journal) == before + 1,
                     "seed %" G_GUINT64_FORMAT ": action %u (%s, awaiting %s) was not made through the window",
                     seed, actions, json_object_get_string_member (a, "type"), wb_play_awaiting (play));
      made = wb_journal_get_entry (journal, wb_journal_get_cursor (journal));
      if (!made_as_wanted (made->action, a))
        {
          g_autofree char *want = action_text (a), *got = action_text (made->action);

          ck_abort_msg ("seed %" G_GUINT64_FORMAT ": action %u: the window made %s for %s", seed, actions, got, want);
        }
      actions++;
      ck_assert_uint_lt (actions, 5000);
    }
  /* What a game has: activations and moves, battles fought on the board
   * (fire, a hit picked or a retreat; a lone battle by one road opens by
   * itself), supply. */
  ck_assert (g_hash_table_contains (kinds, "initiative"));
  ck_assert (g_hash_table_contains (kinds, "activate"));
  ck_assert (g_hash_table_contains (kinds, "move"));
  ck_assert (g_hash_table_contains (kinds, "fire"));
  ck_assert (g_hash_table_contains (kinds, "hit") || g_hash_table_contains (kinds, "retreat"));
  ck_assert (g_hash_table_contains (kinds, "supply"));
  ck_assert_uint_gt (handovers, 0);
  assert_replay_matches (play);
  {
    g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (kinds), (GCompareFunc) strcmp);
    g_autoptr(GString) names = g_string_new (NULL);
    g_autofree char *result = wb_match_result_text (wb_play_get_state (play));

    for (GList *l = keys; l != NULL; l = l->next)
      g_string_append_printf (names, " %s", (char *) l->data);
    g_debug ("seed %" G_GUINT64_FORMAT ": %u actions through the window, %u hand-overs, turn %d, %s; actions:%s",
             seed, actions, handovers, wb_play_get_state (play)->turn, result, names->str);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

START_TEST (test_campaign)
{
  whole_game (NULL, 2);
}
END_TEST

START_TEST (test_historical_detachments)
{
  static const char *const options[] = { "historical", "detachments-optional", NULL };

  whole_game (options, 4);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-col-game");
  TCase *tc = tcase_create ("games");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_campaign);
  tcase_add_test (tc, test_historical_detachments);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
