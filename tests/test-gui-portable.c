/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-portable"

#include "config.h"

#include <check.h>
#include <string.h>
#include <glib/gstdio.h>

#include "gui-common.h"

/* Open Playtest… on a portable playtest (issue 19): a playtest of the
 * window's game, edited since, asks which game to replay with — as played
 * (the copy the playtest carries, in a window of its own: the edited game
 * stays as it is) or the edited one (here); a playtest copied alone opens
 * in a window with no game, with the game it carries. */

/* A playtest of @window's game, three automatic actions, saved in a fresh
 * folder alone (returned; free the folder with its file). */
static char *
save_playtest (WbWindow *window, char **dir)
{
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  char *path;
  WbRng policy;

  play = wb_play_new (wb_window_get_game (window), "battle-of-the-wilderness.warbench", "historical", NULL, 5,
                      &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_rng_seed (&policy, 5, WB_RNG_MATCH_STREAM + 1);
  for (int i = 0; i < 3; i++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      ck_assert (a != NULL);
      ck_assert_msg (wb_play_act_as_players (play, a, &policy, &policy, &error), "%s", error ? error->message : "");
    }
  *dir = g_dir_make_tmp ("wb-gui-portable-XXXXXX", NULL);
  path = g_build_filename (*dir, "mailed.warbench-play", NULL);
  ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");
  return path;
}

/* The other toplevel WbWindow than @window, or NULL. */
static WbWindow *
other_window (WbWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (WB_IS_WINDOW (item) && WB_WINDOW (item) != window)
        return WB_WINDOW (item);
    }
  return NULL;
}

static void
close_dialog_to (AdwMessageDialog *dialog, const char *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

START_TEST (test_edited_game_asks)
{
  WbWindow *window = open_test_game ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = save_playtest (window, &dir);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *title = "Battle of the Wilderness";
  AdwMessageDialog *dialog;
  WbWindow *played;

  /* The game edited in the window since. */
  wb_game_set_title (wb_window_get_game (window), "Battle of the Wilderness, second draft");

  ck_assert_msg (wb_window_open_playtest (window, file, &error), "%s", error ? error->message : "");
  ck_assert_msg (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS), "no dialog asks which game");
  dialog = find_dialog (GTK_WINDOW (window));
  ck_assert_str_eq (adw_message_dialog_get_heading (dialog), "Replay With Which Game?");
  {
    g_autofree char *new_sha = wb_play_game_sha256 (wb_window_get_game (window));
    const char *body = adw_message_dialog_get_body (dialog);
    g_autofree char *old16 = NULL, *new16 = g_strndup (new_sha, 16);
    g_autoptr(WbJournal) j = wb_journal_open (path, NULL, NULL);

    old16 = g_strndup (wb_journal_get_header (j)->game_sha256, 16);
    ck_assert_msg (g_str_has_prefix (body, "“Battle of the Wilderness” has been edited since this playtest was played")
                   && strstr (body, old16) && strstr (body, new16), "%s", body);
  }
  ck_assert_str_eq (adw_message_dialog_get_default_response (dialog), "played");
  ck_assert (adw_message_dialog_has_response (dialog, "edited"));
  ck_assert (!wb_window_get_playing (window));
  save_shot (GTK_WIDGET (dialog), "portable-which-game.png", 400);

  /* As played: another window plays it with the game it carries; the
   * edited game stays, not playing. */
  close_dialog_to (dialog, "played");
  played = other_window (window);
  ck_assert_ptr_nonnull (played);
  ck_assert (wb_window_get_playing (played));
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (played)), title);
  ck_assert_ptr_null (wb_window_get_file (played));
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (wb_window_get_play (played))), 3);
  ck_assert (!wb_window_get_playing (window));
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (window)), "Battle of the Wilderness, second draft");
  save_shot (GTK_WIDGET (played), "portable-as-played.png", 1200);
  gtk_window_destroy (GTK_WINDOW (played));

  /* The edited one: played here, saying the game changed. */
  ck_assert (wb_window_open_playtest (window, file, &error));
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  close_dialog_to (find_dialog (GTK_WINDOW (window)), "edited");
  ck_assert (wb_window_get_playing (window));
  ck_assert (wb_play_get_game (wb_window_get_play (window)) == wb_window_get_game (window));
  ck_assert_ptr_null (other_window (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));

  /* Cancel: nothing opens. */
  ck_assert (wb_window_open_playtest (window, file, &error));
  ck_assert (spin_until (dialog_shown, window, DRAW_TIMEOUT_MS));
  close_dialog_to (find_dialog (GTK_WINDOW (window)), "cancel");
  ck_assert (!wb_window_get_playing (window));
  ck_assert_ptr_null (other_window (window));

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_copied_alone_no_game)
{
  WbWindow *window = open_test_game ();
  WbWindow *empty = wb_window_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = save_playtest (window, &dir);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (empty));
  ck_assert_ptr_null (wb_window_get_game (empty));
  ck_assert_msg (wb_window_open_playtest (empty, file, &error), "%s", error ? error->message : "");
  ck_assert (wb_window_get_playing (empty));
  ck_assert_str_eq (wb_game_get_title (wb_window_get_game (empty)), "Battle of the Wilderness");
  ck_assert_ptr_null (wb_window_get_file (empty));
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (wb_window_get_play (empty))), 3);
  save_shot (GTK_WIDGET (empty), "portable-copied-alone.png", 1200);
  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (empty));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-portable");
  TCase *tc = tcase_create ("portable");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_edited_game_asks);
  tcase_add_test (tc, test_copied_alone_no_game);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
