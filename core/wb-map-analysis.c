/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-analysis"
#include "config.h"

#include "wb-map-analysis.h"

GArray *
wb_hex_map_count_terrain (WbGame *game, WbHexMap *map)
{
  int cols, rows;
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  GPtrArray *terrain;
  GArray *out;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  cols = wb_hex_map_get_cols (map);
  rows = wb_hex_map_get_rows (map);
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      {
        const char *t = wb_hex_map_get_terrain (map, (WbOffset) { x, y });
        g_hash_table_insert (counts, (gpointer) t,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, t)) + 1));
      }
  out = g_array_new (FALSE, FALSE, sizeof (WbTerrainCount));
  terrain = wb_game_get_terrain (game);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      WbTerrainCount c = { t->id, GPOINTER_TO_UINT (g_hash_table_lookup (counts, t->id)) };
      if (c.count > 0)
        g_array_append_val (out, c);
    }
  return out;
}

static gboolean
terrain_passable (WbTerrainType *t)
{
  if (t == NULL || t->move->len == 0)
    return TRUE;   /* no costs given: nothing says it is closed */
  for (guint i = 0; i < t->move->len; i++)
    if (g_array_index (t->move, WbMoveCost, i).cost >= 0)
      return TRUE;
  return FALSE;
}

static gboolean
hex_passable (WbGame *game, WbHexMap *map, WbOffset hex)
{
  GPtrArray *features;

  if (terrain_passable (wb_game_find_terrain (game, wb_hex_map_get_terrain (map, hex))))
    return TRUE;
  features = wb_hex_map_get_hex_features (map, hex);
  for (guint i = 0; features && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (game, g_ptr_array_index (features, i));
      if (f && (f->move_mode == WB_MOVE_SET || f->move_mode == WB_MOVE_ADD))
        return TRUE;
    }
  return FALSE;
}

static gboolean
side_blocked (WbGame *game, WbHexMap *map, WbOffset hex, int dir)
{
  GPtrArray *features = wb_hex_map_get_side_features (map, hex, dir);

  if (features == NULL)
    return FALSE;
  for (guint i = 0; i < features->len; i++)
    {
      const char *id = g_ptr_array_index (features, i);
      WbFeatureType *f = wb_game_find_feature (game, id);
      gboolean negated = FALSE;

      if (f == NULL || f->move_mode != WB_MOVE_PROHIBIT)
        continue;
      for (guint j = 0; j < features->len && !negated; j++)
        {
          WbFeatureType *g = wb_game_find_feature (game, g_ptr_array_index (features, j));
          for (guint k = 0; g && k < g->negates->len; k++)
            if (g_ptr_array_index (g->negates, k) == id)
              negated = TRUE;
        }
      if (!negated)
        return TRUE;
    }
  return FALSE;
}

GArray *
wb_hex_map_find_unreachable (WbGame *game, WbHexMap *map, guint *n_regions)
{
  WbHexLayout layout;
  int cols, rows;
  gsize n;
  g_autofree int *region = NULL;
  g_autofree WbOffset *queue = NULL;
  g_autoptr(GArray) sizes = g_array_new (FALSE, TRUE, sizeof (guint));
  int largest = -1;
  GArray *out;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  layout = wb_hex_map_get_layout (map);
  cols = wb_hex_map_get_cols (map);
  rows = wb_hex_map_get_rows (map);
  n = (gsize) cols * (gsize) rows;
  region = g_new (int, n);
  queue = g_new (WbOffset, n);
  for (gsize i = 0; i < n; i++)
    region[i] = -1;

  /* Flood fill every passable region; -2 marks impassable hexes. */
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      {
        WbOffset start = { x, y };
        gsize head = 0, tail = 0;
        guint size = 0;
        int id = (int) sizes->len;

        if (region[(gsize) y * cols + x] != -1)
          continue;
        if (!hex_passable (game, map, start))
          {
            region[(gsize) y * cols + x] = -2;
            continue;
          }
        region[(gsize) y * cols + x] = id;
        queue[tail++] = start;
        while (head < tail)
          {
            WbOffset h = queue[head++];
            size++;
            for (int d = 0; d < 6; d++)
              {
                WbOffset nb = wb_hex_neighbour (layout, h, d);
                gsize k;

                if (!wb_hex_map_contains (map, nb))
                  continue;
                k = (gsize) nb.row * cols + nb.col;
                if (region[k] != -1 || side_blocked (game, map, h, d))
                  continue;
                if (!hex_passable (game, map, nb))
                  continue;   /* left -1: it is marked when the scan reaches it */
                region[k] = id;
                queue[tail++] = nb;
              }
          }
        g_array_append_val (sizes, size);
        if (largest < 0 || size > g_array_index (sizes, guint, largest))
          largest = id;
      }

  out = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      {
        int r = region[(gsize) y * cols + x];
        if (r >= 0 && r != largest)
          g_array_append_val (out, ((WbOffset) { x, y }));
      }
  if (n_regions)
    *n_regions = sizes->len;
  return out;
}

GPtrArray *
wb_point_map_find_isolated (WbPointMap *map, guint *n_groups)
{
  GPtrArray *locations, *connections, *out;
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autofree guint *parent = NULL;
  g_autofree guint *size = NULL;
  guint groups = 0, best = 0;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);

  locations = wb_point_map_get_locations (map);
  connections = wb_point_map_get_connections (map);
  parent = g_new (guint, locations->len + 1);
  size = g_new0 (guint, locations->len + 1);
  for (guint i = 0; i < locations->len; i++)
    {
      parent[i] = i;
      g_hash_table_insert (index, (gpointer) ((WbLocation *) g_ptr_array_index (locations, i))->id,
                           GUINT_TO_POINTER (i + 1));
    }
  /* Union-find over the connections. */
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      guint a = GPOINTER_TO_UINT (g_hash_table_lookup (index, c->a));
      guint b = GPOINTER_TO_UINT (g_hash_table_lookup (index, c->b));

      if (a == 0 || b == 0)
        continue;
      a--, b--;
      while (parent[a] != a)
        a = parent[a] = parent[parent[a]];
      while (parent[b] != b)
        b = parent[b] = parent[parent[b]];
      if (a != b)
        parent[a] = b;
    }
  for (guint i = 0; i < locations->len; i++)
    {
      guint r = i;
      while (parent[r] != r)
        r = parent[r];
      parent[i] = r;
      if (size[r]++ == 0)
        groups++;
      if (size[r] > size[best])
        best = r;
    }
  out = g_ptr_array_new ();
  for (guint i = 0; i < locations->len; i++)
    if (parent[i] != best)
      g_ptr_array_add (out, g_ptr_array_index (locations, i));
  if (n_groups)
    *n_groups = groups;
  return out;
}
