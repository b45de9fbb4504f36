/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fuzz-common.h"

/* The game loader on any bytes: a game or an error, never a crash, a leak
 * or an unbounded allocation; a game it reads is saved and read again. */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load_from_data ((const char *) data, (gssize) size, "fuzz.warbench", &error);

  if (game != NULL)
    {
      g_autofree char *text = wb_game_to_data (game, NULL);
      g_autoptr(WbGame) again = wb_game_load_from_data (text, -1, "again.warbench", NULL);

      if (again == NULL)
        abort ();   /* what Warbench writes it must read */
    }
  return 0;
}
