/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "wb-hex-map.h"
#include "wb-map-find.h"
#include "wb-point-map.h"

/* @a and @b alike without regard to case (UTF-8). */
static gboolean
same_name (const char *a,
           const char *b)
{
  g_autofree char *fa = NULL, *fb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  fa = g_utf8_casefold (a, -1);
  fb = g_utf8_casefold (b, -1);
  return strcmp (fa, fb) == 0;
}

static gboolean
find_hex (WbHexMap   *map,
          const char *text,
          double     *x,
          double     *y)
{
  WbOffset hex;
  gboolean found = wb_hex_map_parse_hex (map, text, &hex) && wb_hex_map_contains (map, hex);

  /* A labelled hex by its label. */
  for (int row = 0; !found && row < wb_hex_map_get_rows (map); row++)
    for (int col = 0; !found && col < wb_hex_map_get_cols (map); col++)
      {
        WbOffset o = { col, row };

        if (same_name (wb_hex_map_get_label (map, o), text))
          hex = o, found = TRUE;
      }
  if (found)
    wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex, x, y);
  return found;
}

gboolean
wb_map_find_place (WbMap      *map,
                   const char *text,
                   double     *x,
                   double     *y)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (WB_IS_MAP (map), FALSE);
  if (text == NULL)
    return FALSE;
  name = g_strstrip (g_strdup (text));
  if (*name == '\0')
    return FALSE;
  if (WB_IS_HEX_MAP (map))
    return find_hex (WB_HEX_MAP (map), name, x, y);
  if (WB_IS_POINT_MAP (map))
    {
      GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (map));

      for (guint i = 0; i < locations->len; i++)
        {
          WbLocation *loc = g_ptr_array_index (locations, i);

          if (same_name (loc->id, name) || same_name (loc->name, name))
            {
              *x = loc->x;
              *y = loc->y;
              return TRUE;
            }
        }
    }
  return FALSE;
}
