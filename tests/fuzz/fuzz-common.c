/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "fuzz-common.h"

WbGame *
fuzz_bundled_game (const char *name)
{
  const char *root = g_getenv ("WARBENCH_SOURCE_DIR");
  g_autofree char *path = g_build_filename (root != NULL ? root : FUZZ_SOURCE_DIR, "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  if (game == NULL)
    {
      g_printerr ("fuzz: cannot load %s: %s\n", path, error->message);
      abort ();
    }
  return game;
}
