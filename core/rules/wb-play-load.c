/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-format.h"
#include "rules/wb-play.h"

/* Opening a saved playtest with its game (issue 19, portable playtests):
 * the game file it names, if it is still the game it was played with, or
 * else the copy the journal carries (format 3) — so a playtest mailed to a
 * co-designer, or moved away from its game, replays. When the game file
 * has been edited since, the copy is the default and the caller says so;
 * the user may still try the edited game (WB_PLAY_GAME_FILE). */

/* How the playtest is named in messages. */
static const char *
display_name (const char *journal_path)
{
  return journal_path != NULL ? journal_path : _("The playtest");
}

char *
wb_play_named_game_path (WbJournal *journal, const char *journal_path)
{
  const char *named;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (WB_IS_JOURNAL (journal), NULL);
  named = wb_journal_get_header (journal)->game_path;
  if (named == NULL || *named == '\0')
    return NULL;
  if (g_path_is_absolute (named) || journal_path == NULL)
    return g_strdup (named);
  dir = g_path_get_dirname (journal_path);
  /* "game.warbench", not "./game.warbench", for a playtest named bare. */
  return strcmp (dir, ".") == 0 ? g_strdup (named) : g_build_filename (dir, named, NULL);
}

WbGame *
wb_play_load_carried_game (WbJournal *journal, const char *journal_path, GError **error)
{
  const WbPlayHeader *h;
  g_autofree char *name = NULL;
  WbGame *game;

  g_return_val_if_fail (WB_IS_JOURNAL (journal), NULL);
  h = wb_journal_get_header (journal);
  if (h->game_text == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                   /* TRANSLATORS: the playtest, its format version */
                   _("%s does not carry its game (it was saved in playtest format %u; from format 3 a "
                     "playtest carries the game it was played with)"),
                   display_name (journal_path), h->format_version);
      return NULL;
    }
  /* TRANSLATORS: names the game a playtest carries in the errors reading it */
  name = g_strdup_printf (_("%s (the game it carries)"), display_name (journal_path));
  game = wb_game_load_from_data (h->game_text, -1, name, error);
  return game;
}

/* The game file @path, or NULL with @error saying it is not there. */
static WbGame *
load_file (const char *path, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (!g_file_query_exists (file, NULL))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("The game file %s is not there"), path);
      return NULL;
    }
  return wb_game_load (file, NULL, error);
}

WbGame *
wb_play_find_game (WbJournal         *journal,
                   const char        *journal_path,
                   WbPlayGameChoice   choice,
                   const char        *game_file,
                   char             **note,
                   GError           **error)
{
  const WbPlayHeader *h;
  g_autofree char *named = NULL, *sha = NULL;
  g_autoptr(GError) file_error = NULL;
  g_autoptr(WbGame) game = NULL;
  const char *path;

  g_return_val_if_fail (WB_IS_JOURNAL (journal), NULL);
  if (note)
    *note = NULL;
  h = wb_journal_get_header (journal);
  named = wb_play_named_game_path (journal, journal_path);
  if (choice == WB_PLAY_GAME_EMBEDDED)
    return wb_play_load_carried_game (journal, journal_path, error);
  if (choice == WB_PLAY_GAME_FILE)
    {
      path = game_file != NULL ? game_file : named;
      if (path == NULL)
        {
          g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                       _("%s:1: names no game file (“game”: {“path”: …}): give the game file"),
                       display_name (journal_path));
          return NULL;
        }
      return load_file (path, error);
    }

  /* WB_PLAY_GAME_AUTO: the file if it is the game that was played. */
  if (named != NULL)
    game = load_file (named, &file_error);
  if (game != NULL)
    {
      sha = wb_play_game_sha256 (game);
      /* Unchanged, or no copy to fall back on: the file (with the
       * warning wb_play_open_journal gives when it changed). */
      if (h->game_text == NULL || h->game_sha256 == NULL || g_ascii_strcasecmp (sha, h->game_sha256) == 0)
        return g_steal_pointer (&game);
      if (note)
        /* TRANSLATORS: the game file, the SHA-256 of the game the playtest was played with, the
         * file's now */
        *note = g_strdup_printf (_("%s has been edited since this playtest was played: it replays with the "
                                   "game as it was then, which the playtest carries (SHA-256 %s; the file "
                                   "now: %s)"),
                                 named, h->game_sha256, sha);
      return wb_play_load_carried_game (journal, journal_path, error);
    }
  if (h->game_text != NULL)
    {
      if (note && named != NULL)
        /* TRANSLATORS: the game file's error (it names the file) */
        *note = g_strdup_printf (_("%s: it replays with the game the playtest carries"), file_error->message);
      return wb_play_load_carried_game (journal, journal_path, error);
    }
  /* Neither: say what was looked for and where. */
  if (named == NULL)
    g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                 _("%s names no game file and does not carry its game (playtest format %u): give the game "
                   "file of “%s”"), display_name (journal_path), h->format_version,
                 h->game_title != NULL ? h->game_title : h->game_id != NULL ? h->game_id : "");
  else if (g_error_matches (file_error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO) &&
           !g_file_test (named, G_FILE_TEST_EXISTS))
    g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                 /* TRANSLATORS: the playtest, the game's title, the file looked for, the format */
                 _("%s is a playtest of “%s”, whose game file %s is not there, and it does not carry its game "
                   "(playtest format %u): put the game file there, or give it"),
                 display_name (journal_path), h->game_title != NULL ? h->game_title : h->game_id, named,
                 h->format_version);
  else
    g_propagate_error (error, g_steal_pointer (&file_error));
  return NULL;
}

WbPlay *
wb_play_load (const char        *path,
              WbPlayGameChoice   choice,
              const char        *game_file,
              char             **warning,
              GError           **error)
{
  g_autoptr(WbJournal) journal = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autofree char *crash = NULL, *note = NULL, *open_warning = NULL;
  WbPlay *play;

  g_return_val_if_fail (path != NULL, NULL);
  if (warning)
    *warning = NULL;
  journal = wb_journal_open (path, &crash, error);
  if (journal == NULL)
    return NULL;
  game = wb_play_find_game (journal, path, choice, game_file, &note, error);
  if (game == NULL)
    return NULL;
  play = wb_play_open_journal (game, journal, path, &open_warning, error);
  if (play == NULL)
    {
      /* A game the user chose that the playtest does not replay on. */
      if (choice == WB_PLAY_GAME_FILE)
        g_prefix_error (error, _("%s does not replay with the game file %s: "), path,
                        game_file != NULL ? game_file : wb_journal_get_header (journal)->game_path);
      return NULL;
    }
  {
    const char *parts[] = { crash, note, open_warning };

    for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
      if (parts[i] != NULL)
        g_string_append_printf (notes, "%s%s", notes->len > 0 ? "\n" : "", parts[i]);
  }
  if (warning && notes->len > 0)
    *warning = g_strdup (notes->str);
  return play;
}
