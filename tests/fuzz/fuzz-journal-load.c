/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fuzz-common.h"
#include "rules/wb-journal.h"
#include "rules/wb-play.h"

/* The playtest loader on any bytes; a journal it reads is written out and
 * replayed on the Wilderness when it names it. */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static WbGame *wilderness;
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr(WbJournal) journal = NULL;

  if (wilderness == NULL)
    wilderness = fuzz_bundled_game ("battle-of-the-wilderness.warbench");
  journal = wb_journal_load_from_data ((const char *) data, size, "fuzz.warbench-play", &warning, &error);
  if (journal != NULL)
    {
      g_autofree char *text = wb_journal_to_data (journal);
      g_autofree char *warning2 = NULL;
      g_autoptr(WbPlay) play = wb_play_open_journal (wilderness, journal, "fuzz", &warning2, NULL);

      (void) text;
    }
  return 0;
}
