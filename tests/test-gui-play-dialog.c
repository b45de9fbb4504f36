/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-dialog"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-dialog.h"

#include "gui-common.h"

/* New Playtest…: the scenario, its optional rules, the seed, the dice and
 * each rule's level go into the playtest's journal, saved at once in the
 * playtests folder; a game whose rules the engine does not play says it is
 * free play. */

static void
maybe_shoot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (1000);
  texture = render_widget (widget);
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* Chickasaw Bayou given a rules family the engine does not play: free
 * play, one step per side (its own family plays the chit draw). */
static WbGame *
load_free_play_bayou (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  WbGame *game;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, "\"blind-swords\"", "\"a-family-to-come\"", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, path, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static void
on_started (WbPlayDialog *dialog, WbPlay *play, WbPlay **out)
{
  *out = g_object_ref (play);
}

START_TEST (test_start_wilderness)
{
  g_autoptr(WbGame) game = load_bundled ("battle-of-the-wilderness.warbench");
  WbPlayDialog *dialog = wb_play_dialog_new (NULL, game, "/games/battle-of-the-wilderness.warbench");
  const char *options[] = { "pickett", NULL };
  g_autoptr(WbPlay) play = NULL;
  const WbPlayHeader *h;
  const char *path;

  g_object_ref_sink (dialog);
  g_signal_connect (dialog, "started", G_CALLBACK (on_started), &play);
  gtk_window_present (GTK_WINDOW (dialog));
  wb_play_dialog_set (dialog, "historical", options, 42, FALSE);
  ck_assert (wb_play_dialog_set_rule (dialog, "spi.zoc-stop", "warn"));
  ck_assert (wb_play_dialog_set_rule (dialog, "spi.stacking", "off"));
  ck_assert (!wb_play_dialog_set_rule (dialog, "spi.nothing", "off"));
  maybe_shoot (GTK_WIDGET (dialog), "play-dialog.png");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "play.start", NULL));
  ck_assert_ptr_nonnull (play);
  h = wb_journal_get_header (wb_play_get_journal (play));
  ck_assert_str_eq (h->scenario, "historical");
  ck_assert (h->seed == 42);
  ck_assert_str_eq (h->options[0], "pickett");
  ck_assert_ptr_null (h->options[1]);
  ck_assert (!h->physical_dice);
  ck_assert_str_eq (g_hash_table_lookup (h->settings, "spi.zoc-stop"), "warn");
  ck_assert_str_eq (g_hash_table_lookup (h->settings, "spi.stacking"), "off");
  ck_assert_ptr_null (g_hash_table_lookup (h->settings, "spi.phasing"));
  ck_assert_str_eq (h->game_path, "/games/battle-of-the-wilderness.warbench");
  /* Saved at once, in the playtests folder, and written to as it goes. */
  path = wb_journal_get_path (wb_play_get_journal (play));
  ck_assert_ptr_nonnull (path);
  ck_assert_ptr_nonnull (strstr (path, "/warbench/playtests/battle-of-the-wilderness-historical-"));
  ck_assert (g_file_test (path, G_FILE_TEST_EXISTS));
  ck_assert (!wb_play_is_free_play (play));
  g_object_unref (dialog);
}
END_TEST

START_TEST (test_free_play_and_physical_dice)
{
  g_autoptr(WbGame) game = load_free_play_bayou ();
  WbPlayDialog *dialog = wb_play_dialog_new (NULL, game, NULL);
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;

  g_object_ref_sink (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  ck_assert (!wb_play_dialog_set_rule (dialog, "spi.zoc-stop", "warn"));
  wb_play_dialog_set (dialog, NULL, NULL, 7, TRUE);
  maybe_shoot (GTK_WIDGET (dialog), "play-dialog-free.png");
  play = wb_play_dialog_start (dialog, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (wb_play_is_free_play (play));
  ck_assert (wb_journal_get_header (wb_play_get_journal (play))->physical_dice);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-dialog");
  TCase *tc = tcase_create ("play-dialog");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_start_wilderness);
  tcase_add_test (tc, test_free_play_and_physical_dice);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
