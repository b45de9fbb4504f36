/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fuzz-common.h"

/* The order-of-battle CSV importer on any bytes, against the Wilderness. */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static WbGame *game;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbOobCsvImport) import = NULL;

  if (game == NULL)
    game = fuzz_bundled_game ("battle-of-the-wilderness.warbench");
  import = wb_oob_csv_parse (game, (const char *) data, (gssize) size, &error);
  if (import != NULL)
    {
      g_autoptr(GError) check = NULL;
      WbOobCsvSummary summary;

      wb_oob_csv_import_check (import, &check);
      wb_oob_csv_import_get_summary (import, &summary);
    }
  return 0;
}
