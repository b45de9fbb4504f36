/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-bs"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-board-view.h"
#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"

/* Chickasaw Bayou's first turn (17.1) played hot-seat through the play
 * window with the Blind Swords family's steps (issue 17, item 2): the
 * Key Chit buttons show only the side's own Events, the hand-over comes
 * between the sides, the chit board (cup, drawn, held, discards) takes
 * the map's place in the draw steps, and every choice — Key Chits,
 * passes, draws, Events played or held, Command Rolls, brigades, orders,
 * the Fog of War result the players give — is a click on a button of the
 * prompt, the one the automatic player chose, each adding one journal
 * entry. WARBENCH_SHOT_DIR: bs-key-chits.png (the USA's Key Chits),
 * bs-chits.png (the chit board at the first draw), bs-chits-later.png
 * (at the turn's last draw: held chits, the discards). */

static guint
entries (WbPlay *play)
{
  return wb_journal_get_n_entries (wb_play_get_journal (play));
}

static gboolean
pass_handover (WbWindow *window)
{
  GtkWidget *ready = find_named (GTK_WIDGET (window), "handover-ready");

  if (ready != NULL && gtk_widget_is_visible (ready))
    {
      g_signal_emit_by_name (ready, "clicked");
      return TRUE;
    }
  return FALSE;
}

/* The prompt's buttons whose label starts with @prefix (mnemonics
 * dropped), appended to @out. */
static void
buttons_with (GtkWidget *root, const char *prefix, GPtrArray *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_BUTTON (c) && gtk_widget_is_visible (c) && gtk_button_get_label (GTK_BUTTON (c)) != NULL)
        {
          g_autofree char *label = g_strdup (gtk_button_get_label (GTK_BUTTON (c)));
          char *u;

          while ((u = strchr (label, '_')) != NULL)
            memmove (u, u + 1, strlen (u));
          if (g_str_has_prefix (label, prefix))
            g_ptr_array_add (out, c);
        }
      buttons_with (c, prefix, out);
    }
}

static GtkWidget *
button (WbPlayPrompt *prompt, const char *label)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  buttons_with (GTK_WIDGET (prompt), label, found);
  ck_assert_msg (found->len > 0, "no button “%s” (prompt: %s)", label, wb_play_prompt_get_text (prompt));
  return g_ptr_array_index (found, 0);
}

static WbOffset
hex_of (WbPlay *play, const char *text)
{
  WbWhere where;

  ck_assert (wb_step_place (wb_play_get_state (play), WB_PICK_HEX, text, &where));
  return where.hex;
}

/* A map action the automatic player chose, played as the players do: the
 * units picked (clicks on units, a unit list), the hex clicked, and for a
 * fire or a Close Combat the prompt's main button after its preview (the
 * column and the chances before the roll). FALSE: not a map action. */
static gboolean
map_action (WbWindow *window, WbPlay *play, WbPlayPrompt *prompt, JsonObject *want)
{
  WbPlayController *c = wb_window_get_play_controller (window);
  const char *type = json_object_get_string_member (want, "type");
  JsonArray *units = json_object_has_member (want, "units") ? json_object_get_array_member (want, "units") : NULL;
  static gboolean fire_shot;

  if (strcmp (type, "chaos") == 0)
    {
      /* 7.3b: a click on the hex the Fog of War chit goes to. */
      wb_play_controller_clear (c);
      wb_play_controller_click_hex (c, hex_of (play, json_object_get_string_member (want, "hex")));
      return TRUE;
    }
  if (strcmp (type, "move") == 0 || strcmp (type, "rally") == 0 || strcmp (type, "wayward") == 0)
    {
      wb_play_controller_clear (c);
      wb_play_controller_select_unit (c, json_object_get_string_member (want, "unit"));
      if (strcmp (type, "move") == 0 || strcmp (type, "wayward") == 0)
        wb_play_controller_click_hex (c, hex_of (play, json_object_get_string_member (want, "hex")));
      return TRUE;
    }
  if (strcmp (type, "fire") != 0 && strcmp (type, "close_combat") != 0 && strcmp (type, "advance") != 0)
    return FALSE;
  wb_play_controller_clear (c);
  for (guint k = 0; units != NULL && k < json_array_get_length (units); k++)
    wb_play_controller_select_unit (c, json_array_get_string_element (units, k));
  if (json_object_has_member (want, "hex"))
    wb_play_controller_click_hex (c, hex_of (play, json_object_get_string_member (want, "hex")));
  if (strcmp (type, "advance") != 0)
    {
      /* 9.3: the column, its shifts and the chances before the roll. */
      ck_assert_msg (strstr (wb_play_prompt_get_odds (prompt), "column") != NULL, "no preview: %s",
                     wb_play_prompt_get_odds (prompt));
      if (!fire_shot)
        {
          save_shot (GTK_WIDGET (window), "bs-fire.png", 200);
          fire_shot = TRUE;
        }
    }
  g_signal_emit_by_name (button (prompt, strcmp (type, "fire") == 0 ? "Fire"
                                         : strcmp (type, "advance") == 0 ? "Advance" : "Attack"), "clicked");
  return TRUE;
}

/* The label of the button that makes @want, as the family words it. */
static char *
label_for (WbPlay *play, JsonObject *want)
{
  WbMatch *m = wb_play_get_state (play);
  const char *type = json_object_get_string_member (want, "type");
  WbGame *game = m->game;

  if (strcmp (type, "end_step") == 0)
    {
      const char *awaiting = wb_play_awaiting (play);

      if (g_strcmp0 (awaiting, "artillery") == 0)
        return g_strdup ("Pass");
      if (g_strcmp0 (awaiting, "held-chits") == 0)
        return g_strdup ("Play None");
      if (g_strcmp0 (awaiting, "fire") == 0)
        return g_strdup ("End Fire Combat");
      if (g_strcmp0 (awaiting, "move") == 0)
        return g_strdup ("End Movement");
      if (g_strcmp0 (awaiting, "close-combat") == 0)
        return g_strdup ("End Close Combat");
      if (g_strcmp0 (awaiting, "rally") == 0)
        return g_strdup ("End the Rally Step");
      if (g_strcmp0 (awaiting, "opportunity-fire") == 0)
        return g_strdup ("No Opportunity Fire");
      if (g_strcmp0 (awaiting, "advance") == 0)
        return g_strdup ("No Advance");
      if (g_strcmp0 (awaiting, "artillery-fire-or-move") == 0)
        return g_strdup ("End the Artillery Step");
      return g_strdup ("Pass");
    }
  if (strcmp (type, "artillery") == 0)
    return g_strdup ("Pass");   /* the hex is a click on the map: pass instead */
  if (strcmp (type, "key_chit") == 0)
    return g_strdup_printf ("Key Chit: %s",
                            wb_game_find_chit (game, json_object_get_string_member (want, "chit"))->name);
  if (strcmp (type, "play_chit") == 0)
    return g_strdup_printf ("Play %s",
                            wb_game_find_chit (game, json_object_get_string_member (want, "chit"))->name);
  if (strcmp (type, "draw") == 0)
    return g_strdup ("Draw a Chit");
  if (strcmp (type, "hold") == 0)
    return g_strdup ("Hold It");
  if (strcmp (type, "fog_of_war") == 0)
    return g_strdup ("Roll for the Fog of War");
  if (strcmp (type, "command_roll") == 0)
    return g_strdup (json_object_has_member (want, "clarity") ? "Command Clarity" : "Roll for");
  if (strcmp (type, "activate") == 0)
    return g_strdup_printf ("Activate %s",
                            wb_game_find_formation (game, json_object_get_string_member (want, "brigade"))->name);
  if (strcmp (type, "order") == 0)
    {
      g_autofree char *o = g_strdup (json_object_get_string_member (want, "order"));

      o[0] = g_ascii_toupper (o[0]);
      return g_steal_pointer (&o);
    }
  ck_abort_msg ("no button for %s", type);
  return NULL;
}

START_TEST (test_first_turn)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "17.1", NULL, 2, &error);
  WbPlayPrompt *prompt;
  WbBoardView *board;
  WbRng policy;
  guint handovers = 0, clicks = 0, results = 0, map_actions = 0;
  gboolean shot = FALSE;
  g_autofree char *usa_key = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  pass_handover (window);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  board = WB_BOARD_VIEW (find_type (GTK_WIDGET (window), WB_TYPE_BOARD_VIEW));
  ck_assert_ptr_nonnull (prompt);
  ck_assert_ptr_nonnull (board);

  /* 5.1: the USA's own three Events, none of the Confederates'. */
  {
    g_autoptr(GPtrArray) keys = g_ptr_array_new ();

    buttons_with (GTK_WIDGET (prompt), "Key Chit: ", keys);
    ck_assert_uint_eq (keys->len, 3);
    for (guint k = 0; k < keys->len; k++)
      ck_assert (strstr (gtk_button_get_label (g_ptr_array_index (keys, k)), "Good Ground") == NULL);
    save_shot (GTK_WIDGET (window), "bs-key-chits.png", 200);
  }

  wb_rng_seed (&policy, 5, 1);
  for (int stop_after = 1;;)
    {
      int turn = wb_play_get_state (play)->turn;

      if (turn > stop_after)
        {
          if (map_actions > 0 || turn > 4)
            break;
          stop_after = turn;
        }
      g_autoptr(JsonObject) want = wb_play_suggest (play, &policy);
      g_autofree char *label = NULL;
      guint before = entries (play);

      ck_assert_ptr_nonnull (want);
      if (shot && g_strcmp0 (wb_play_awaiting (play), "draw") == 0)
        save_shot (GTK_WIDGET (window), "bs-chits-later.png", 100);   /* the turn's last draw stays */
      if (!shot && g_strcmp0 (wb_play_awaiting (play), "draw") == 0)
        {
          /* 7.3: the chit board in the map's place, with the cup's count. */
          ck_assert (wb_board_view_has_board (board));
          ck_assert_str_eq (wb_board_view_get_name (board), "_Chits");
          ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
          ck_assert (!gtk_widget_is_visible (GTK_WIDGET (wb_window_get_map_view (window))));
          /* 5.1: the Confederate at the screen reads that the Union chose a
           * Key Chit, not which. */
          ck_assert_uint_eq (wb_play_player (play), 1);
          {
            g_autofree char *line = g_strdup_printf ("chooses %s as a Key Chit (5.1).", usa_key);

            ck_assert (!has_label (GTK_WIDGET (window), line));
            ck_assert (has_label (GTK_WIDGET (window), "chooses a Key Chit (5.1)."));
          }
          save_shot (GTK_WIDGET (window), "bs-chits.png", 200);
          shot = TRUE;
        }
      if (map_action (window, play, prompt, want))
        {
          ck_assert_msg (entries (play) == before + 1, "a map action added %u entries", entries (play) - before);
          map_actions++;
          if (pass_handover (window))
            handovers++;
          continue;
        }
      label = label_for (play, want);
      if (usa_key == NULL && g_str_has_prefix (label, "Key Chit: "))
        usa_key = g_strdup (label + strlen ("Key Chit: "));
      g_signal_emit_by_name (button (prompt, label), "clicked");
      clicks++;
      if (entries (play) == before && json_object_has_member (want, "result"))
        {
          /* 7.3b: the Fog of War table's "?" cell: the players give it. */
          ck_assert (wb_play_prompt_enter_result (prompt, json_object_get_string_member (want, "result")));
          results++;
        }
      ck_assert_msg (entries (play) == before + 1, "“%s” added %u entries", label, entries (play) - before);
      if (pass_handover (window))
        handovers++;
      ck_assert_uint_lt (clicks + map_actions, 2000);
    }
  ck_assert (shot);
  ck_assert_uint_gt (map_actions, 0);
  ck_assert_uint_gt (handovers, 3);
  ck_assert_str_eq (wb_play_awaiting (play), "key-chit");
  (void) results;
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Excl. 17.6g in the window: before the first turn the Union clicks one
 * of the Bayou hexes offered for its Pontoon Bridge, then the Confederate
 * rolls on Patterson Gets Lost with the prompt's button; the Command
 * Decision Phase follows. WARBENCH_SHOT_DIR: bs-pontoon.png. */
START_TEST (test_pontoon)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  WbWindow *window = open_window (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "17.6", NULL, 2, &error);
  WbPlayController *c;
  WbPlayPrompt *prompt;
  const WbStep *step;
  const WbPickList *list;
  guint before;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  pass_handover (window);
  c = wb_window_get_play_controller (window);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  /* The engine's deployment of the set-up's choices first (its own tests
   * play it by clicks), as the automatic player would. */
  {
    WbRng policy;
    guint n = 0;

    wb_rng_seed (&policy, 3, 1);
    while (g_strcmp0 (wb_play_awaiting (play), "deploy") == 0 && n++ < 200)
      {
        g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);
        g_autoptr(GError) e = NULL;

        ck_assert_msg (wb_play_act (play, a, &e), "%s", e ? e->message : "");
        pass_handover (window);
      }
  }
  ck_assert_str_eq (wb_play_awaiting (play), "pontoon-place");
  step = wb_play_controller_get_step (c);
  ck_assert_uint_ge (step->lists->len, 1);
  list = g_ptr_array_index (step->lists, 0);
  ck_assert_uint_gt (list->candidates->len, 0);
  save_shot (GTK_WIDGET (window), "bs-pontoon.png", 200);
  before = entries (play);
  wb_play_controller_click_hex (c, g_array_index (list->candidates, WbPickCandidate, 0).where.hex);
  ck_assert_uint_eq (entries (play), before + 1);
  pass_handover (window);
  ck_assert_uint_eq (wb_play_player (play), 1);
  g_signal_emit_by_name (button (prompt, "Roll"), "clicked");
  ck_assert_uint_eq (entries (play), before + 2);
  pass_handover (window);
  /* A 3-4: the Confederate moves it to another Bayou hex, by a click. */
  if (g_strcmp0 (wb_play_awaiting (play), "pontoon-move") == 0)
    {
      step = wb_play_controller_get_step (c);
      list = g_ptr_array_index (step->lists, 0);
      ck_assert_uint_gt (list->candidates->len, 0);
      wb_play_controller_click_hex (c, g_array_index (list->candidates, WbPickCandidate, 0).where.hex);
      ck_assert_uint_eq (entries (play), before + 3);
      pass_handover (window);
    }
  ck_assert_str_eq (wb_play_awaiting (play), "key-chit");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
play_bs_suite (void)
{
  Suite *s = suite_create ("gui-play-bs");
  TCase *tc = tcase_create ("first-turn");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_first_turn);
  tcase_add_test (tc, test_pontoon);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (play_bs_suite);
}
