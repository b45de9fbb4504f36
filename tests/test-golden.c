/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-golden"
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden-recipe.h"

/* The golden playtests (tests/golden/playtests/, docs/testing.md): a
 * designer's archive of playtests is data, and must keep replaying to the
 * same result with every new build. Each saved journal is replayed and its
 * transcript (the log, every branch's end, the cursor's step) compared
 * line by line with the one saved when it was played; each automatic game
 * is played again from its recipe, and the automatic player must choose
 * the same actions. A change that alters one is a bug, or an intended
 * rules change that rewrites the transcript (build/tests/make-golden) in
 * the same commit, saying why. */

static GKeyFile *manifest;
static char **groups;
static char *dir;

static void
load_manifest (void)
{
  const char *src = g_getenv ("WARBENCH_SOURCE_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (src == NULL)
    g_error ("WARBENCH_SOURCE_DIR is not set");
  dir = g_build_filename (src, "tests", "golden", "playtests", NULL);
  path = g_build_filename (dir, "manifest.ini", NULL);
  manifest = g_key_file_new ();
  if (!g_key_file_load_from_file (manifest, path, G_KEY_FILE_NONE, &error))
    g_error ("%s: %s", path, error->message);
  groups = g_key_file_get_groups (manifest, NULL);
}

/* The first line where @actual differs from @expected, or 0. */
static guint
first_difference (const char *expected, const char *actual, char **exp_line, char **act_line)
{
  g_auto(GStrv) a = g_strsplit (expected, "\n", -1);
  g_auto(GStrv) b = g_strsplit (actual, "\n", -1);

  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++)
    if (a[i] == NULL || b[i] == NULL || strcmp (a[i], b[i]) != 0)
      {
        *exp_line = g_strdup (a[i] != NULL ? a[i] : "(the end)");
        *act_line = g_strdup (b[i] != NULL ? b[i] : "(the end)");
        return i + 1;
      }
  return 0;
}

START_TEST (test_manifest)
{
  guint n_journals = 0;
  gboolean formats[WB_PLAY_FORMAT_VERSION + 1] = { FALSE };
  g_autoptr(GHashTable) games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Every playtest the manifest names is here, and the bundled games that
   * the engine plays each have golden playtests of every kind. */
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_autofree char *name = g_strconcat (groups[i], ".warbench-play", NULL);
      g_autofree char *journal = g_build_filename (dir, name, NULL);
      g_autofree char *tname = g_strconcat (groups[i], ".transcript", NULL);
      g_autofree char *transcript = g_build_filename (dir, tname, NULL);
      g_autofree char *game = g_key_file_get_string (manifest, groups[i], "game", NULL);
      g_autofree char *scenario = g_key_file_get_string (manifest, groups[i], "scenario", NULL);
      g_autofree char *kind = g_key_file_get_string (manifest, groups[i], "play", NULL);

      ck_assert_msg (g_file_test (journal, G_FILE_TEST_IS_REGULAR), "%s is missing", journal);
      ck_assert_msg (g_file_test (transcript, G_FILE_TEST_IS_REGULAR), "%s is missing", transcript);
      ck_assert_msg (game != NULL && scenario != NULL && kind != NULL, "[%s] lacks game, scenario or play",
                     groups[i]);
      /* The format it was written in, as its manifest says. */
      {
        g_autofree char *text = NULL;
        g_autoptr(WbJournal) j = NULL;
        gsize len = 0;
        gint64 format = g_key_file_get_int64 (manifest, groups[i], "format", NULL);

        ck_assert (g_file_get_contents (journal, &text, &len, NULL));
        j = wb_journal_load_from_data (text, len, journal, NULL, NULL);
        ck_assert_msg (j != NULL, "%s does not load", journal);
        ck_assert_msg (format >= 1 && format <= WB_PLAY_FORMAT_VERSION, "[%s] format=%" G_GINT64_FORMAT,
                       groups[i], format);
        ck_assert_msg (wb_journal_get_header (j)->format_version == format,
                       "[%s]: the journal is in format %u, the manifest says %" G_GINT64_FORMAT, groups[i],
                       wb_journal_get_header (j)->format_version, format);
        formats[format] = TRUE;
      }
      g_hash_table_add (games, g_strdup_printf ("%s %s %s", game, scenario, kind));
      n_journals++;
    }
  {
    static const char *const playable[][2] = {
      { "battle-of-the-wilderness", "historical" },
      { "jackson-sheridan", "1862" },
      { "jackson-sheridan", "1864" },
      { "grants-gamble", "campaign" },
      { "shenandoah", "campaign" },
      { "chickasaw-bayou", "17.1" },
    };
    static const char *const kinds[] = { "auto", "physical", "branches" };

    for (guint g = 0; g < G_N_ELEMENTS (playable); g++)
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autofree char *key = g_strdup_printf ("../../../data/games/%s.warbench %s %s", playable[g][0],
                                                  playable[g][1], kinds[k]);
          ck_assert_msg (g_hash_table_contains (games, key), "no golden playtest: %s", key);
        }
  }
  ck_assert_uint_ge (n_journals, 12);
  /* Golden journals of every format version stay in the tests. */
  for (guint f = 1; f <= WB_PLAY_FORMAT_VERSION; f++)
    ck_assert_msg (formats[f], "no golden playtest in journal format %u", f);
}
END_TEST

/* Each saved journal replays to the transcript saved with it. */
START_TEST (test_replay)
{
  const char *group = groups[_i];
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = golden_load_game (manifest, dir, group, &error);
  g_autoptr(WbPlay) play = NULL;
  g_autofree char *actual = NULL, *expected = NULL, *tname = NULL, *tpath = NULL;
  g_autofree char *exp_line = NULL, *act_line = NULL;
  guint line;

  ck_assert_msg (game != NULL, "[%s]: %s", group, error ? error->message : "");
  play = golden_open (dir, group, game, &error);
  ck_assert_msg (play != NULL, "[%s] does not open: %s", group, error ? error->message : "");
  actual = wb_play_transcript (play, &error);
  ck_assert_msg (actual != NULL, "[%s] does not replay: %s", group, error ? error->message : "");
  tname = g_strconcat (group, ".transcript", NULL);
  tpath = g_build_filename (dir, tname, NULL);
  ck_assert_msg (g_file_get_contents (tpath, &expected, NULL, &error), "%s", error ? error->message : "");
  line = first_difference (expected, actual, &exp_line, &act_line);
  if (line != 0)
    {
      /* The whole transcript beside the build, to diff with the saved one. */
      g_autofree char *out = g_build_filename (g_get_tmp_dir (), tname, NULL);

      (void) g_file_set_contents (out, actual, -1, NULL);
      ck_abort_msg ("%s differs at line %u (the whole transcript is in %s):\n  expected: %s\n  now:      %s",
                    tpath, line, out, exp_line, act_line);
    }
}
END_TEST

static gboolean
same_entry (const WbJournalEntry *a, const WbJournalEntry *b)
{
  g_autoptr(JsonNode) na = json_node_init_object (json_node_alloc (), a->action);
  g_autoptr(JsonNode) nb = json_node_init_object (json_node_alloc (), b->action);

  return a->parent == b->parent && json_node_equal (na, nb) && g_strcmp0 (a->bookmark, b->bookmark) == 0 &&
         g_strcmp0 (a->note, b->note) == 0;
}

/* Each recipe played again gives the same journal: the automatic player
 * (its choices, the answers to prompts, the dice it types) and the
 * scripted sessions are unchanged. */
START_TEST (test_recipe)
{
  const char *group = groups[_i];
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = golden_load_game (manifest, dir, group, &error);
  g_autoptr(WbPlay) saved = NULL, again = NULL;
  WbJournal *a, *b;

  ck_assert_msg (game != NULL, "[%s]: %s", group, error ? error->message : "");
  saved = golden_open (dir, group, game, &error);
  ck_assert_msg (saved != NULL, "[%s]: %s", group, error ? error->message : "");
  /* A journal kept from an older engine ("engine=N" in the manifest) pins
   * how old journals replay; today's automatic player plays otherwise (a
   * set-up step since engine version 2), so its recipe is not played again. */
  if (g_key_file_has_key (manifest, group, "engine", NULL))
    {
      guint64 engine = g_key_file_get_uint64 (manifest, group, "engine", NULL);

      ck_assert_msg (engine < WB_ENGINE_VERSION, "[%s]: engine=%" G_GUINT64_FORMAT " is today's engine: play "
                     "its recipe again", group, engine);
      ck_assert_uint_eq (wb_journal_get_header (wb_play_get_journal (saved))->engine_version, engine);
      return;
    }
  again = golden_play (manifest, dir, group, game, NULL, &error);
  ck_assert_msg (again != NULL, "[%s] does not play again: %s", group, error ? error->message : "");
  a = wb_play_get_journal (saved);
  b = wb_play_get_journal (again);
  for (guint32 id = 1; id < MIN (wb_journal_get_n_entries (a), wb_journal_get_n_entries (b)); id++)
    if (!same_entry (wb_journal_get_entry (a, id), wb_journal_get_entry (b, id)))
      {
        g_autoptr(JsonNode) na = json_node_init_object (json_node_alloc (), wb_journal_get_entry (a, id)->action);
        g_autoptr(JsonNode) nb = json_node_init_object (json_node_alloc (), wb_journal_get_entry (b, id)->action);
        g_autofree char *ta = json_to_string (na, FALSE), *tb = json_to_string (nb, FALSE);

        ck_abort_msg ("[%s] entry %u: the journal has %s, played again %s", group, id, ta, tb);
      }
  ck_assert_msg (wb_journal_get_n_entries (a) == wb_journal_get_n_entries (b),
                 "[%s]: %u entries saved, %u played again", group, wb_journal_get_n_entries (a) - 1,
                 wb_journal_get_n_entries (b) - 1);
  ck_assert_uint_eq (wb_journal_get_cursor (a), wb_journal_get_cursor (b));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("golden");
  TCase *tc = tcase_create ("playtests");
  guint n = 0;

  load_manifest ();
  n = g_strv_length (groups);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_manifest);
  tcase_add_loop_test (tc, test_replay, 0, (int) n);
  tcase_add_loop_test (tc, test_recipe, 0, (int) n);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (make_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
