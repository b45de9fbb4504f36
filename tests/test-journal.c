/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-journal"
#include "config.h"

#include <check.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "warbench-core.h"
#include "rules/wb-journal.h"
#include "rules/wb-play.h"
#include "wb-file-private.h"

/* The playtest journal (core/rules/wb-journal.c): a tree of actions with a
 * cursor — undo, redo along the way it came, branches, bookmarks and notes —
 * written line by line so that reopening after a crash gives back every
 * action, and bad files refused with their line number. */

static JsonObject *
action (const char *type, int n)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "type", type);
  json_object_set_int_member (o, "n", n);
  return o;
}

static WbJournal *
new_journal (void)
{
  WbPlayHeader h = { 0 };
  const char *options[] = { "lethargic-union", NULL };
  WbJournal *j;

  h.game_id = (char *) "battle-of-the-wilderness";
  h.game_title = (char *) "Battle of the Wilderness";
  h.game_sha256 = (char *) "00ff";
  h.scenario = (char *) "wilderness";
  h.options = (char **) options;
  h.seed = G_GUINT64_CONSTANT (18446744073709551615);   /* 2^64 − 1 survives */
  h.settings = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (h.settings, (gpointer) "zoc.stop", (gpointer) "warn");
  j = wb_journal_new (&h);
  g_hash_table_unref (h.settings);
  return j;
}

static void
append (WbJournal *j, const char *type, int n)
{
  g_autoptr(JsonObject) a = action (type, n);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_journal_append (j, a, NULL, &error), "%s", error ? error->message : "");
}

static int
action_n (WbJournal *j, guint32 id)
{
  return (int) json_object_get_int_member (wb_journal_get_entry (j, id)->action, "n");
}

START_TEST (test_tree)
{
  g_autoptr(WbJournal) j = new_journal ();
  g_autoptr(GArray) leaves = NULL, path = NULL, children = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert_uint_eq (wb_journal_get_cursor (j), 0);
  ck_assert (!wb_journal_undo (j, &error));
  g_clear_error (&error);
  ck_assert (!wb_journal_redo (j, &error));
  g_clear_error (&error);

  append (j, "move", 1);           /* 1 */
  append (j, "move", 2);           /* 2 */
  append (j, "attack", 3);         /* 3 */
  ck_assert_uint_eq (wb_journal_get_cursor (j), 3);
  ck_assert (wb_journal_undo (j, NULL));
  ck_assert (wb_journal_undo (j, NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (j), 1);
  /* Redo comes back the same way. */
  ck_assert (wb_journal_redo (j, NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (j), 2);
  ck_assert (wb_journal_undo (j, NULL));
  /* Another action here starts a branch. */
  append (j, "move", 4);           /* 4, child of 1 */
  ck_assert_uint_eq (wb_journal_get_entry (j, 4)->parent, 1);
  leaves = wb_journal_leaves (j);
  ck_assert_uint_eq (leaves->len, 2);
  ck_assert_uint_eq (g_array_index (leaves, guint32, 0), 3);
  ck_assert_uint_eq (g_array_index (leaves, guint32, 1), 4);
  children = wb_journal_children (j, 1);
  ck_assert_uint_eq (children->len, 2);
  /* Undo then redo goes back down the new branch… */
  ck_assert (wb_journal_undo (j, NULL));
  ck_assert (wb_journal_redo (j, NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (j), 4);
  /* …and after a jump to the other branch's end, down that one. */
  ck_assert (wb_journal_go_to (j, 3, NULL));
  ck_assert (wb_journal_undo (j, NULL));
  ck_assert (wb_journal_undo (j, NULL));
  ck_assert (wb_journal_redo (j, NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (j), 2);
  path = wb_journal_path_to (j, 3);
  ck_assert_uint_eq (path->len, 4);
  ck_assert_uint_eq (g_array_index (path, guint32, 0), 0);
  ck_assert_uint_eq (g_array_index (path, guint32, 3), 3);
  ck_assert (!wb_journal_go_to (j, 99, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "99"));
  g_clear_error (&error);

  ck_assert (wb_journal_set_bookmark (j, 3, "Before the assault", NULL));
  ck_assert (wb_journal_set_note (j, 4, "Try the ford instead", NULL));
  ck_assert_str_eq (wb_journal_get_entry (j, 3)->bookmark, "Before the assault");
  ck_assert (wb_journal_set_bookmark (j, 3, "", NULL));
  ck_assert_ptr_null (wb_journal_get_entry (j, 3)->bookmark);
}
END_TEST

START_TEST (test_save_reopen_crash)
{
  g_autoptr(WbJournal) j = new_journal ();
  g_autofree char *dir = g_dir_make_tmp ("wb-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.warbench-play", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *text = NULL;
  g_autoptr(WbJournal) back = NULL;
  const WbPlayHeader *h;
  FILE *f;

  append (j, "move", 1);
  ck_assert_msg (wb_journal_save (j, path, &error), "%s", error ? error->message : "");
  /* After the save every change goes to the file at once. */
  append (j, "move", 2);
  append (j, "move", 3);
  ck_assert (wb_journal_undo (j, NULL));
  append (j, "move", 4);
  ck_assert (wb_journal_set_note (j, 2, "a note", NULL));
  ck_assert (wb_journal_set_bookmark (j, 4, "branch B", NULL));
  ck_assert (wb_journal_undo (j, NULL));

  /* Reopened without closing (as after a crash): everything is there. */
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 5);
  ck_assert_uint_eq (wb_journal_get_cursor (back), 2);
  ck_assert_uint_eq (wb_journal_get_entry (back, 4)->parent, 2);
  ck_assert_int_eq (action_n (back, 4), 4);
  ck_assert_str_eq (wb_journal_get_entry (back, 2)->note, "a note");
  ck_assert_str_eq (wb_journal_get_entry (back, 4)->bookmark, "branch B");
  /* Redo goes where it went last: entry 4. */
  ck_assert (wb_journal_redo (back, NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (back), 4);
  h = wb_journal_get_header (back);
  ck_assert_uint_eq (h->seed, G_GUINT64_CONSTANT (18446744073709551615));
  ck_assert_str_eq (h->scenario, "wilderness");
  ck_assert_str_eq (h->options[0], "lethargic-union");
  ck_assert_str_eq (g_hash_table_lookup (h->settings, "zoc.stop"), "warn");
  g_clear_object (&back);

  /* A crash in the middle of a line: the line is left out, with a warning,
   * and the file is made whole again for the next action. */
  g_clear_object (&j);
  f = fopen (path, "a");
  ck_assert_ptr_nonnull (f);
  fputs ("{\"entry\": 5, \"parent\": 4, \"act", f);
  fclose (f);
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (warning);
  ck_assert_ptr_nonnull (strstr (warning, "cut short"));
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 5);
  append (back, "move", 5);
  g_clear_object (&back);
  g_clear_pointer (&warning, g_free);
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 6);
  ck_assert_int_eq (action_n (back, 5), 5);

  /* Save → text → load → text is stable. */
  text = wb_journal_to_data (back);
  {
    g_autoptr(WbJournal) again = wb_journal_load_from_data (text, strlen (text), "x", NULL, &error);
    g_autofree char *text2 = NULL;
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    text2 = wb_journal_to_data (again);
    ck_assert_str_eq (text, text2);
  }
  g_clear_object (&back);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static void
assert_refused (const char *text, const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbJournal) j = wb_journal_load_from_data (text, strlen (text), "m.warbench-play", NULL,
                                                      &error);

  ck_assert_msg (j == NULL, "loaded: %s", text);
  ck_assert_msg (strstr (error->message, words) != NULL, "no “%s” in: %s", words, error->message);
  ck_assert_msg (strstr (error->message, "<data>") == NULL, "json-glib's name in: %s", error->message);
}

#define HEADER "{\"format\": \"warbench-play\", \"version\": 1, \"seed\": \"7\"}\n"

/* A playtest saved through a symbolic link (kept in a shared folder) is
 * written to the file the link names, and the actions after the save are
 * appended there too; the link stays a link. */
START_TEST (test_save_through_symlink)
{
  g_autoptr(WbJournal) j = new_journal ();
  g_autoptr(WbJournal) back = NULL;
  g_autofree char *dir = g_dir_make_tmp ("wb-journal-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.warbench-play", NULL);
  g_autofree char *link = g_build_filename (dir, "match.warbench-play", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;

  ck_assert (g_file_set_contents (real, "an older playtest", -1, NULL));
  ck_assert_int_eq (symlink ("real.warbench-play", link), 0);
  append (j, "move", 1);
  ck_assert_msg (wb_journal_save (j, link, &error), "%s", error ? error->message : "");
  append (j, "move", 2);
  ck_assert (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  back = wb_journal_open (real, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), wb_journal_get_n_entries (j));
  ck_assert_int_eq (action_n (back, 2), 2);

  g_unlink (link);
  g_unlink (real);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_errors)
{
  assert_refused ("", "m.warbench-play:1: the file is empty");
  assert_refused ("{\"format\": \"warbench-game\"}\n", ":1: not a Warbench playtest");
  assert_refused ("{\"format\": \"warbench-play\", \"version\": 9, \"seed\": \"7\"}\n", "newer");
  assert_refused ("{\"format\": \"warbench-play\", \"version\": 1, \"seed\": 7}\n", ":1: “seed”");
  assert_refused ("{\"format\": \"warbench-play\", \"version\": 1, \"seed\": \"99999999999999999999\"}\n",
                  "“seed”");
  assert_refused ("{\"format\": \"warbench-play\", \"version\": 1, \"seed\": \"7\", "
                  "\"settings\": {\"zoc\": \"sometimes\"}}\n", "enforce");
  assert_refused (HEADER "{\"entry\": 2, \"parent\": 0, \"action\": {}}\n", ":2: entries must be numbered");
  assert_refused (HEADER "{\"entry\": 1, \"parent\": 5, \"action\": {}}\n", ":2: “parent” 5");
  assert_refused (HEADER "{\"entry\": 1, \"parent\": 0, \"action\": 3}\n", ":2: an entry's “action”");
  assert_refused (HEADER "{\"cursor\": 1}\n", ":2: “cursor” 1");
  assert_refused (HEADER "{\"jump\": 1}\n", ":2: expected an entry");
  assert_refused (HEADER "not json\n{\"cursor\": 0}\n", ":2:");
  /* json-glib's own "<data>:1:…" becomes the file's line and the column. */
  assert_refused (HEADER "{\"cursor\" 0}\n", "m.warbench-play:2:10: Parse error");
  {
    GString *s = g_string_new (HEADER);
    g_string_append (s, "{\"note\": 0, \"text\": \"");
    for (int i = 0; i < WB_JOURNAL_MAX_TEXT + 1; i++)
      g_string_append_c (s, 'x');
    g_string_append (s, "\"}\n");
    assert_refused (s->str, "m.warbench-play:2: “text” is longer than 32768 bytes");
    g_string_free (s, TRUE);
  }
  {
    GString *s = g_string_new (HEADER);
    g_string_append (s, "{\"note\": 0, \"text\": \"");
    for (int i = 0; i < WB_JOURNAL_MAX_LINE; i++)
      g_string_append_c (s, 'x');
    g_string_append (s, "\"}\n");
    assert_refused (s->str, ":2: the line is too long");
    g_string_free (s, TRUE);
  }
}
END_TEST

static char *
contents (const char *path)
{
  char *text = NULL;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* A full or failing disk: the line is not kept half written (the next one
 * would be glued to it and the whole file refused), the call fails naming
 * the file and what failed, nothing changes in memory, and the file
 * reopens with every whole line. */
START_TEST (test_write_faults)
{
  static const struct { WbFileFault fault; int errn; } faults[] = {
    { WB_FILE_FAULT_WRITE, ENOSPC },
    { WB_FILE_FAULT_WRITE, EDQUOT },
    { WB_FILE_FAULT_FSYNC, EIO },
  };
  g_autoptr(WbJournal) j = new_journal ();
  g_autofree char *dir = g_dir_make_tmp ("wb-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.warbench-play", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL, *before = NULL;
  g_autoptr(WbJournal) back = NULL;

  append (j, "move", 1);
  ck_assert_msg (wb_journal_save (j, path, &error), "%s", error ? error->message : "");
  append (j, "move", 2);
  ck_assert_uint_eq (wb_journal_get_entry (j, 2)->line, 4);   /* after the cursor line */
  before = contents (path);
  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      g_autoptr(JsonObject) a = action ("move", 99);
      g_autofree char *now = NULL;
      gboolean ok;

      wb_file_set_fault (faults[i].fault, faults[i].errn);
      ok = wb_journal_append (j, a, NULL, &error);
      ck_assert_msg (!ok, "fault %u: appended", i);
      ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
      ck_assert_msg (strstr (error->message, path) != NULL, "%s", error->message);
      ck_assert_msg (strstr (error->message, g_strerror (faults[i].errn)) != NULL, "%s", error->message);
      ck_assert_msg (strstr (error->message, "line 5 is not written") != NULL, "%s", error->message);
      g_clear_error (&error);
      /* A bookmark, a note and a cursor move alike. */
      ck_assert (!wb_journal_set_note (j, 1, "lost", &error));
      g_clear_error (&error);
      ck_assert (!wb_journal_undo (j, &error));
      g_clear_error (&error);
      wb_file_set_fault (WB_FILE_FAULT_NONE, 0);
      ck_assert_uint_eq (wb_journal_get_n_entries (j), 3);
      ck_assert_uint_eq (wb_journal_get_cursor (j), 2);
      ck_assert_uint_eq (wb_journal_get_entry (j, 2)->n_children, 0);
      ck_assert_ptr_null (wb_journal_get_entry (j, 1)->note);
      now = contents (path);
      ck_assert_msg (strcmp (now, before) == 0, "fault %u: the file changed:\n%s", i, now);
    }
  /* Room again: playing goes on where it was. */
  append (j, "move", 3);
  ck_assert (wb_journal_set_note (j, 3, "after the full disk", NULL));
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 4);
  ck_assert_uint_eq (wb_journal_get_cursor (back), 3);
  ck_assert_int_eq (action_n (back, 3), 3);
  ck_assert_str_eq (wb_journal_get_entry (back, 3)->note, "after the full disk");
  g_clear_object (&back);
  g_clear_object (&j);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* Reading a playtest writes nothing: a read-only one replays (its cut-short
 * last line reported, not rewritten), its cursor moves in memory, and an
 * action is refused saying why until it is saved elsewhere. */
START_TEST (test_read_only)
{
  g_autoptr(WbJournal) j = new_journal ();
  g_autofree char *dir = g_dir_make_tmp ("wb-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.warbench-play", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.warbench-play", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL, *before = NULL, *after = NULL;
  g_autoptr(WbJournal) back = NULL;
  g_autoptr(JsonObject) a = action ("move", 3);
  FILE *f;

  append (j, "move", 1);
  append (j, "move", 2);
  ck_assert_msg (wb_journal_save (j, path, &error), "%s", error ? error->message : "");
  g_clear_object (&j);
  f = fopen (path, "a");
  ck_assert_ptr_nonnull (f);
  fputs ("{\"entry\": 3, \"par", f);
  fclose (f);
  before = contents (path);
  ck_assert_int_eq (g_chmod (path, 0444), 0);
  /* Root may write to a 0444 file: the open fails as it would for others. */
  if (geteuid () == 0)
    wb_file_set_fault (WB_FILE_FAULT_OPEN, EACCES);

  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (warning);
  ck_assert_msg (strstr (warning, "match.warbench-play:5: the last line was cut short") != NULL, "%s", warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 3);
  ck_assert (wb_journal_undo (back, &error));
  ck_assert (wb_journal_redo (back, &error));
  ck_assert (!wb_journal_append (back, a, NULL, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  ck_assert_msg (strstr (error->message, path) != NULL && strstr (error->message, "copy") != NULL, "%s",
                 error->message);
  g_clear_error (&error);
  ck_assert (!wb_journal_set_bookmark (back, 1, "here", &error));
  g_clear_error (&error);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 3);
  after = contents (path);
  ck_assert_str_eq (after, before);

  /* Saved elsewhere, it plays on there. */
  ck_assert_msg (wb_journal_save (back, copy, &error), "%s", error ? error->message : "");
  wb_file_set_fault (WB_FILE_FAULT_NONE, 0);
  ck_assert_msg (wb_journal_append (back, a, NULL, &error), "%s", error ? error->message : "");
  g_clear_object (&back);
  g_clear_pointer (&warning, g_free);
  back = wb_journal_open (copy, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 4);
  g_clear_object (&back);
  g_unlink (path);
  g_unlink (copy);
  g_rmdir (dir);
}
END_TEST

/* A whole last line without its newline (the write stopped just before
 * it) is kept, and the next line does not glue onto it. */
START_TEST (test_last_line_without_newline)
{
  g_autoptr(WbJournal) j = new_journal ();
  g_autofree char *dir = g_dir_make_tmp ("wb-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.warbench-play", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *warning = NULL;
  g_autoptr(WbJournal) back = NULL;

  append (j, "move", 1);
  text = wb_journal_to_data (j);
  text[strlen (text) - 1] = '\0';
  ck_assert (g_file_set_contents (path, text, -1, NULL));
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  append (back, "move", 2);
  g_clear_object (&back);
  back = wb_journal_open (path, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_journal_get_n_entries (back), 3);
  g_clear_object (&back);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* --- portable playtests (issue 19, item 8) ------------------------------- */

/* The Wilderness (the bundled game) copied to @dir as “w.warbench”; its
 * loaded game in @game. */
static char *
copy_game (const char *dir, WbGame **game)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "w.warbench", NULL);
  gsize len = 0;

  ck_assert (g_file_get_contents (g_getenv ("WARBENCH_TEST_GAME"), &text, &len, NULL));
  ck_assert (g_file_set_contents (path, text, (gssize) len, NULL));
  if (game != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      *game = wb_game_load (file, NULL, &error);
      ck_assert_msg (*game != NULL, "%s", error ? error->message : "");
    }
  return path;
}

/* A playtest of the game at @game_path, @n automatic actions, saved as
 * @dir/p.warbench-play (returned); its transcript in @transcript. */
static char *
save_playtest (const char *dir, WbGame *game, guint n, char **transcript)
{
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "p.warbench-play", NULL);
  WbRng policy, dice;

  play = wb_play_new (game, "w.warbench", "historical", NULL, 3, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");
  wb_rng_seed (&policy, 3, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, 3, WB_RNG_MATCH_STREAM + 2);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      ck_assert (a != NULL);
      ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "%s", error ? error->message : "");
    }
  *transcript = wb_play_transcript (play, &error);
  ck_assert_msg (*transcript != NULL, "%s", error ? error->message : "");
  return path;
}

static char *
transcript_of (WbPlay *play)
{
  g_autoptr(GError) error = NULL;
  char *t = wb_play_transcript (play, &error);

  ck_assert_msg (t != NULL, "%s", error ? error->message : "");
  return t;
}

/* Saved, copied alone to a fresh folder: it replays there, to the same
 * transcript, with the game it carries — and says so. */
START_TEST (test_portable_copied_alone)
{
  g_autofree char *home = g_dir_make_tmp ("wb-portable-XXXXXX", NULL);
  g_autofree char *away = g_dir_make_tmp ("wb-mailed-XXXXXX", NULL);
  g_autoptr(WbGame) game = NULL;
  g_autofree char *game_path = copy_game (home, &game);
  g_autofree char *played = NULL, *replayed = NULL, *text = NULL, *warning = NULL;
  g_autofree char *path = save_playtest (home, game, 40, &played);
  g_autofree char *copy = g_build_filename (away, "p.warbench-play", NULL);
  g_autoptr(WbPlay) back = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  ck_assert (g_file_get_contents (path, &text, &len, NULL));
  ck_assert_ptr_nonnull (strstr (text, "{\"format\":\"warbench-play\",\"version\":3,"));
  ck_assert_ptr_nonnull (strstr (text, "\"embedded_game\":{\"encoding\":\"gzip+base64\""));
  /* Compressed: much smaller than the game. */
  ck_assert_uint_lt (strchr (text, '\n') - text, 40000);
  ck_assert (g_file_set_contents (copy, text, (gssize) len, NULL));

  back = wb_play_load (copy, WB_PLAY_GAME_AUTO, NULL, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  replayed = transcript_of (back);
  ck_assert_str_eq (replayed, played);
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (back)), 40);
  ck_assert_str_eq (wb_game_get_title (wb_play_get_game (back)), wb_game_get_title (game));
  ck_assert_msg (warning != NULL && strstr (warning, "is not there: it replays with the game the playtest carries"),
                 "%s", warning ? warning : "(no warning)");
  /* It plays on there: appended to the copy, which reopens. */
  {
    WbRng policy;
    g_autoptr(JsonObject) a = NULL;
    g_autoptr(WbPlay) again = NULL;

    wb_rng_seed (&policy, 9, WB_RNG_MATCH_STREAM + 1);
    a = wb_play_suggest (back, &policy);
    ck_assert (wb_play_act_as_players (back, a, &policy, &policy, &error));
    again = wb_play_load (copy, WB_PLAY_GAME_EMBEDDED, NULL, NULL, &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (again)), 41);
  }
  /* Beside its game, unchanged: the game file, without a word. */
  {
    g_autoptr(WbPlay) home_play = NULL;
    g_autofree char *none = NULL;

    home_play = wb_play_load (path, WB_PLAY_GAME_AUTO, NULL, &none, &error);
    ck_assert_msg (home_play != NULL, "%s", error ? error->message : "");
    ck_assert_ptr_null (none);
  }
  g_unlink (copy);
  g_unlink (path);
  g_unlink (game_path);
  g_rmdir (away);
  g_rmdir (home);
}
END_TEST

/* The game file edited since: the game as it was by default, saying which
 * (both SHA-256); the edited one when asked, and a game it does not replay
 * on refused, naming both files. */
START_TEST (test_portable_edited_game)
{
  g_autofree char *home = g_dir_make_tmp ("wb-portable-XXXXXX", NULL);
  g_autoptr(WbGame) game = NULL;
  g_autofree char *game_path = copy_game (home, &game);
  g_autofree char *played = NULL, *text = NULL, *warning = NULL, *old_sha = NULL, *new_sha = NULL;
  g_autofree char *path = save_playtest (home, game, 20, &played);
  g_autoptr(WbPlay) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (game_path);

  old_sha = wb_play_game_sha256 (game);
  wb_game_set_title (game, "The Wilderness, second draft");
  ck_assert (wb_game_save (game, file, NULL, NULL));
  new_sha = wb_play_game_sha256 (game);

  back = wb_play_load (path, WB_PLAY_GAME_AUTO, NULL, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_game_get_title (wb_play_get_game (back)), "Battle of the Wilderness");
  ck_assert_msg (warning != NULL && strstr (warning, "has been edited since this playtest was played") &&
                 strstr (warning, old_sha) && strstr (warning, new_sha), "%s", warning ? warning : "");
  g_clear_object (&back);
  g_clear_pointer (&warning, g_free);

  /* The edited one, asked for: it replays on it, and says the game changed. */
  back = wb_play_load (path, WB_PLAY_GAME_FILE, NULL, &warning, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_game_get_title (wb_play_get_game (back)), "The Wilderness, second draft");
  ck_assert_msg (warning != NULL && strstr (warning, "The game has changed"), "%s", warning ? warning : "");
  g_clear_object (&back);

  /* A game it does not replay on: refused, naming both. */
  {
    g_autofree char *other = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "river-crossing.warbench", NULL);

    back = wb_play_load (path, WB_PLAY_GAME_FILE, other, NULL, &error);
    ck_assert_ptr_null (back);
    ck_assert_msg (strstr (error->message, "does not replay with the game file") &&
                   strstr (error->message, "river-crossing.warbench") &&
                   strstr (error->message, "not of this game"), "%s", error->message);
    g_clear_error (&error);
  }
  /* An edit the playtest does not replay on: its scenario renamed. */
  {
    g_autofree char *edited = NULL;
    g_autoptr(GString) t = NULL;

    ck_assert (g_file_get_contents (game_path, &edited, NULL, NULL));
    t = g_string_new (edited);
    ck_assert_uint_eq (g_string_replace (t, "\"id\": \"historical\"", "\"id\": \"historic\"", 1), 1);
    ck_assert (g_file_set_contents (game_path, t->str, -1, NULL));
    back = wb_play_load (path, WB_PLAY_GAME_FILE, NULL, NULL, &error);
    ck_assert_ptr_null (back);
    ck_assert_msg (strstr (error->message, "does not replay with the game file") &&
                   strstr (error->message, "historical"), "%s", error->message);
    g_clear_error (&error);
    /* …and the game it carries still replays it. */
    back = wb_play_load (path, WB_PLAY_GAME_AUTO, NULL, NULL, &error);
    ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  }
  g_unlink (path);
  g_unlink (game_path);
  g_rmdir (home);
}
END_TEST

/* Older journals (format 1 and 2, in tests/data/playtests) load and replay
 * exactly as before, beside their game; re-saved, they are format 3 and
 * carry the game when it is the one they were played with. */
START_TEST (test_portable_migration)
{
  static const struct { const char *file; guint format; guint cursor; } old[] = {
    { "wilderness-format1.warbench-play", 1, 40 },
    { "river-crossing-format2.warbench-play", 2, 30 },
  };
  g_autofree char *home = g_dir_make_tmp ("wb-portable-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (old); i++)
    {
      g_autofree char *src = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "playtests", old[i].file, NULL);
      g_autoptr(WbPlay) play = wb_play_load (src, WB_PLAY_GAME_AUTO, NULL, NULL, &error);
      g_autofree char *alone = g_build_filename (home, old[i].file, NULL);
      g_autofree char *text = NULL;
      g_autoptr(WbPlay) moved = NULL;

      ck_assert_msg (play != NULL, "%s: %s", old[i].file, error ? error->message : "");
      ck_assert_uint_eq (wb_journal_get_header (wb_play_get_journal (play))->format_version, old[i].format);
      ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), old[i].cursor);
      /* Copied alone, an old journal has no game to replay with: the error
       * says which file was looked for and what was expected. */
      ck_assert (g_file_get_contents (src, &text, NULL, NULL));
      ck_assert (g_file_set_contents (alone, text, -1, NULL));
      moved = wb_play_load (alone, WB_PLAY_GAME_AUTO, NULL, NULL, &error);
      ck_assert_ptr_null (moved);
      ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING));
      ck_assert_msg (strstr (error->message, "is not there, and it does not carry its game (playtest format") &&
                     strstr (error->message, ".warbench"), "%s", error->message);
      g_clear_error (&error);
      /* Saved again: today's format. */
      ck_assert_msg (wb_play_save (play, alone, &error), "%s", error ? error->message : "");
      {
        g_autoptr(WbJournal) j = wb_journal_open (alone, NULL, &error);

        ck_assert_msg (j != NULL, "%s", error ? error->message : "");
        ck_assert_uint_eq (wb_journal_get_header (j)->format_version, WB_PLAY_FORMAT_VERSION);
      }
      g_unlink (alone);
    }

  /* A format-2 journal played with the very game beside it: saved again,
   * it carries that game and replays away from it. */
  {
    g_autoptr(WbGame) game = NULL;
    g_autofree char *game_path = copy_game (home, &game);
    g_autofree char *played = NULL, *text = NULL, *replayed = NULL;
    g_autofree char *path = save_playtest (home, game, 25, &played);
    g_autofree char *v2 = g_build_filename (home, "v2.warbench-play", NULL);
    g_autofree char *resaved = g_build_filename (home, "v3.warbench-play", NULL);
    g_autofree char *away = g_dir_make_tmp ("wb-mailed-XXXXXX", NULL);
    g_autofree char *copy = g_build_filename (away, "v3.warbench-play", NULL);
    g_autoptr(WbPlay) play = NULL, back = NULL;
    char *cut, *nl;

    /* As format 2 wrote it: no "embedded_game", version 2. */
    ck_assert (g_file_get_contents (path, &text, NULL, NULL));
    cut = strstr (text, ",\"embedded_game\":");
    nl = strchr (text, '\n');
    ck_assert (cut != NULL && cut < nl);
    memmove (cut, nl - 1, strlen (nl - 1) + 1);
    memcpy (strstr (text, "\"version\":3"), "\"version\":2", strlen ("\"version\":2"));
    ck_assert (g_file_set_contents (v2, text, -1, NULL));

    play = wb_play_load (v2, WB_PLAY_GAME_AUTO, NULL, NULL, &error);
    ck_assert_msg (play != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (wb_journal_get_header (wb_play_get_journal (play))->format_version, 2);
    ck_assert_ptr_nonnull (wb_journal_get_header (wb_play_get_journal (play))->game_text);
    ck_assert (wb_play_save (play, resaved, &error));
    g_free (text);
    ck_assert (g_file_get_contents (resaved, &text, NULL, NULL));
    ck_assert_ptr_nonnull (strstr (text, "\"version\":3,"));
    ck_assert (g_file_set_contents (copy, text, -1, NULL));
    back = wb_play_load (copy, WB_PLAY_GAME_AUTO, NULL, NULL, &error);
    ck_assert_msg (back != NULL, "%s", error ? error->message : "");
    replayed = transcript_of (back);
    ck_assert_str_eq (replayed, played);
    g_unlink (copy);
    g_rmdir (away);
    g_unlink (path);
    g_unlink (v2);
    g_unlink (resaved);
    g_unlink (game_path);
  }
  g_rmdir (home);
}
END_TEST

static char *
gzip_base64 (const void *data, gsize len)
{
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (mem, G_CONVERTER (z));

  ck_assert (g_output_stream_write_all (out, data, len, NULL, NULL, NULL));
  ck_assert (g_output_stream_close (out, NULL, NULL));
  return g_base64_encode (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)),
                          g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem)));
}

/* A header carrying @member as its "embedded_game", the game's SHA-256
 * @sha256. */
static char *
header_with (const char *sha256, const char *member)
{
  return g_strdup_printf ("{\"format\": \"warbench-play\", \"version\": 3, \"game\": {\"id\": \"g\", "
                          "\"sha256\": \"%s\"}, \"scenario\": \"s\", \"seed\": \"1\", \"engine\": "
                          "{\"version\": 2}, \"family\": {\"version\": 0}, \"embedded_game\": %s}\n",
                          sha256, member);
}

/* A damaged or oversized game in a journal: refused with the line and what
 * is wrong (the exact error code), never unpacked past its limit. */
START_TEST (test_portable_bad_embedded)
{
  const char *text = "{\"format\": \"warbench-game\"}";
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  g_autofree char *good = gzip_base64 (text, strlen (text));
  g_autofree char *other = gzip_base64 ("{\"format\": \"warbench-gamf\"}", strlen (text));
  g_autofree char *zeros = g_malloc0 (80 * 1024 * 1024);
  g_autofree char *bomb = gzip_base64 (zeros, 80 * 1024 * 1024);
  g_autofree char *truncated = g_strndup (good, strlen (good) - 8);
  struct { char *member; int code; const char *words; } cases[] = {
    { g_strdup_printf ("{\"encoding\": \"zip\", \"size\": 27, \"data\": \"%s\"}", good), WB_FORMAT_ERROR_TYPE,
      "m.warbench-play:1: the embedded game's “encoding” must be “gzip+base64”" },
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"data\": \"%s\"}", good), WB_FORMAT_ERROR_TYPE,
      ":1: the embedded game's “size” must be a whole number" },
    { g_strdup ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": 5}"), WB_FORMAT_ERROR_TYPE,
      "“data” must be a string" },
    { g_strdup ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"not base64!\"}"),
      WB_FORMAT_ERROR_SYNTAX, ":1: the embedded game's “data” is not base64" },
    { g_strdup ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"AAAAAAAAAAAAAAAA\"}"),
      WB_FORMAT_ERROR_SYNTAX, ":1: the embedded game is damaged" },
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"%s\"}", truncated),
      WB_FORMAT_ERROR_SYNTAX, ":1: the embedded game is damaged" },
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"%s\"}", other),
      WB_FORMAT_ERROR_SYNTAX, "the embedded game is damaged: its SHA-256 is" },
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 28, \"data\": \"%s\"}", good),
      WB_FORMAT_ERROR_SYNTAX, "it unpacks to 27 bytes, not its “size” (28)" },
    /* Claims less than it unpacks to: stopped at the claim. */
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 1000, \"data\": \"%s\"}", bomb),
      WB_FORMAT_ERROR_TOO_LARGE, "unpacks to more than its “size” (1000 bytes)" },
    /* Claims more than a playtest of this size may carry: not unpacked. */
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": %d, \"data\": \"%s\"}", 80 * 1024 * 1024, bomb),
      WB_FORMAT_ERROR_TOO_LARGE, "a playtest may carry" },
    { g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": %d, \"data\": \"%s\"}", WB_JOURNAL_MAX_GAME + 1,
                       good), WB_FORMAT_ERROR_TOO_LARGE, "more than the" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *line = header_with (sum, cases[i].member);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbJournal) j = wb_journal_load_from_data (line, strlen (line), "m.warbench-play", NULL, &error);

      ck_assert_msg (j == NULL, "case %u loaded", i);
      ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, cases[i].code), "case %u: code %d, %s", i,
                     error->code, error->message);
      ck_assert_msg (strstr (error->message, cases[i].words) != NULL, "case %u: no “%s” in: %s", i,
                     cases[i].words, error->message);
      g_free (cases[i].member);
    }
  /* The good one loads, carrying the text. */
  {
    g_autofree char *member = g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"%s\"}", good);
    g_autofree char *line = header_with (sum, member);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbJournal) j = wb_journal_load_from_data (line, strlen (line), "m.warbench-play", NULL, &error);

    ck_assert_msg (j != NULL, "%s", error ? error->message : "");
    ck_assert_str_eq (wb_journal_get_header (j)->game_text, text);
  }
  /* A carried game that is no game: opening says so, naming the playtest. */
  {
    g_autofree char *member = g_strdup_printf ("{\"encoding\": \"gzip+base64\", \"size\": 27, \"data\": \"%s\"}", good);
    g_autofree char *line = header_with (sum, member);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbJournal) j = wb_journal_load_from_data (line, strlen (line), "m.warbench-play", NULL, NULL);
    g_autoptr(WbGame) game = wb_play_find_game (j, "m.warbench-play", WB_PLAY_GAME_AUTO, NULL, NULL, &error);

    ck_assert_ptr_null (game);
    ck_assert_msg (strstr (error->message, "m.warbench-play (the game it carries)") != NULL, "%s", error->message);
  }
}
END_TEST

static Suite *
journal_suite (void)
{
  Suite *s = suite_create ("journal");
  TCase *tc = tcase_create ("journal");

  tcase_add_test (tc, test_tree);
  tcase_add_test (tc, test_save_reopen_crash);
  tcase_add_test (tc, test_save_through_symlink);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_write_faults);
  tcase_add_test (tc, test_read_only);
  tcase_add_test (tc, test_last_line_without_newline);
  suite_add_tcase (s, tc);
  tc = tcase_create ("portable");
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_portable_copied_alone);
  tcase_add_test (tc, test_portable_edited_game);
  tcase_add_test (tc, test_portable_migration);
  tcase_add_test (tc, test_portable_bad_embedded);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (journal_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
