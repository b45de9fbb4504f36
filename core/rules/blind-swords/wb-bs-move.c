/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* Movement for the Blind Swords family (series 3.0, 10.0, 12.3): terrain
 * costs and roads, stacking, engagement and retreats. */

struct _BsMove
{
  int unused;
};

gboolean
_wb_bs_move_compile (BsData *data, const WbParams *params, GError **error)
{
  (void) params;
  (void) error;
  data->move = g_new0 (BsMove, 1);
  return TRUE;
}

void
_wb_bs_move_free (BsMove *move)
{
  g_free (move);
}
