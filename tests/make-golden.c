/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden-recipe.h"

/* Writes the golden playtests (docs/testing.md):
 *   make-golden DIR [NAME…]           the transcripts of the saved journals,
 *                                     after an intended change of behaviour
 *   make-golden DIR --create [NAME…]  plays the recipes of the manifest whose
 *                                     journal does not exist yet (a new golden
 *                                     playtest), then their transcripts
 *   make-golden DIR --recreate NAME…  plays those recipes again over their
 *                                     journals (the automatic player changed
 *                                     on purpose)
 * A saved journal is a designer's playtest: it is never rewritten unless
 * named with --recreate. */

static gboolean
write_transcript (const char *dir, const char *group, WbGame *game, GError **error)
{
  g_autoptr(WbPlay) play = golden_open (dir, group, game, error);
  g_autofree char *text = NULL, *name = NULL, *path = NULL;

  if (play == NULL || (text = wb_play_transcript (play, error)) == NULL)
    return FALSE;
  name = g_strconcat (group, ".transcript", NULL);
  path = g_build_filename (dir, name, NULL);
  return g_file_set_contents (path, text, -1, error);
}

int
main (int argc, char **argv)
{
  g_autoptr(GKeyFile) manifest = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) groups = NULL;
  g_autofree char *manifest_path = NULL;
  gboolean create = FALSE, recreate = FALSE;
  const char *dir;
  int first = 2, status = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s DIR [--create | --recreate] [NAME…]\n", argv[0]);
      return 2;
    }
  dir = argv[1];
  if (argc > 2 && strcmp (argv[2], "--create") == 0)
    create = TRUE, first = 3;
  else if (argc > 2 && strcmp (argv[2], "--recreate") == 0)
    recreate = TRUE, first = 3;
  if (recreate && first >= argc)
    {
      fprintf (stderr, "%s: --recreate rewrites the journals it names: name them\n", argv[0]);
      return 2;
    }
  manifest_path = g_build_filename (dir, "manifest.ini", NULL);
  if (!g_key_file_load_from_file (manifest, manifest_path, G_KEY_FILE_KEEP_COMMENTS, &error))
    {
      fprintf (stderr, "%s: %s\n", manifest_path, error->message);
      return 1;
    }
  groups = first < argc ? g_strdupv (argv + first) : g_key_file_get_groups (manifest, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      const char *group = groups[i];
      g_autofree char *name = g_strconcat (group, ".warbench-play", NULL);
      g_autofree char *journal = g_build_filename (dir, name, NULL);
      g_autoptr(WbGame) game = NULL;
      g_autoptr(GError) local = NULL;

      if (!g_key_file_has_group (manifest, group))
        {
          fprintf (stderr, "%s: no [%s] in the manifest\n", manifest_path, group);
          status = 1;
          continue;
        }
      if ((game = golden_load_game (manifest, dir, group, &local)) == NULL)
        goto fail;
      if ((create && !g_file_test (journal, G_FILE_TEST_EXISTS)) || recreate)
        {
          g_autoptr(WbPlay) play = NULL;

          if (recreate)
            (void) g_unlink (journal);
          if ((play = golden_play (manifest, dir, group, game, journal, &local)) == NULL)
            goto fail;
          printf ("played %s\n", journal);
        }
      if (!write_transcript (dir, group, game, &local))
        goto fail;
      printf ("wrote %s/%s.transcript\n", dir, group);
      continue;
fail:
      fprintf (stderr, "[%s]: %s\n", group, local->message);
      status = 1;
    }
  return status;
}
