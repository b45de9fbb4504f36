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
