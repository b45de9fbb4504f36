/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "wb-table-resolve.h"

/* Table resolution on any numbers: every table of the bundled games read
 * at columns, shifts, throws and pools the input gives. */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static GPtrArray *tables;
  int v[8] = { 0 };
  WbTable *t;
  WbColumnClamp clamp;
  int column;

  if (tables == NULL)
    {
      static const char *const names[] = {
        "battle-of-the-wilderness.warbench", "grants-gamble.warbench", "jackson-sheridan.warbench",
        "shenandoah.warbench", "chickasaw-bayou.warbench",
      };
      tables = g_ptr_array_new ();
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          WbGame *game = fuzz_bundled_game (names[i]);
          GPtrArray *list = wb_game_get_tables (game);
          for (guint k = 0; k < list->len; k++)
            g_ptr_array_add (tables, g_ptr_array_index (list, k));
        }
    }
  if (size < 1 || tables->len == 0)
    return 0;
  t = g_ptr_array_index (tables, data[0] % tables->len);
  memcpy (v, data + 1, MIN (size - 1, sizeof v));
  /* The numbers the engine passes: strengths and modifiers within what the
   * file format allows (|n| <= 100,000), dice faces 1 to 100. */
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] %= 100001;
  for (guint i = 4; i <= 6; i++)
    v[i] = 1 + ABS (v[i]) % 100;
  column = wb_table_combat_column (t, v[0], v[1], &clamp);
  wb_table_shift_column (t, column, v[2] % 64, v[3] & 1, &clamp);
  {
    int dice[3] = { v[4], v[5], v[6] };
    int value = wb_table_throw_value (t, dice, (guint) (v[7] & 3));
    (void) wb_table_lookup (t, value, (guint) (v[2] & 0xff));
    (void) wb_table_pool_dice (t, v[0], (guint) (v[1] & 0xff), v[3] % 16);
  }
  return 0;
}
