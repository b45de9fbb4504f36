/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"

G_BEGIN_DECLS

/* Map checks a designer runs while drawing: what terrain a map holds and
 * which parts of it units cannot reach. */

typedef struct {
  const char *terrain;   /* interned id */
  guint       count;
} WbTerrainCount;

/* Hexes per terrain type, in the game's terrain order (types with no hexes
 * left out). Free with g_array_unref. */
GArray    *wb_hex_map_count_terrain     (WbGame *game, WbHexMap *map);

/* A hex is passable if some unit class may enter its terrain, or a hex
 * feature with a movement cost (a ferry) is on it. Two passable hexes are
 * linked unless their hexside carries a prohibiting feature (a creek) that
 * no other feature on it negates (a ford). Returns the passable hexes
 * outside the largest linked region (WbOffset, row-major), and the number
 * of regions in @n_regions. */
GArray    *wb_hex_map_find_unreachable  (WbGame *game, WbHexMap *map, guint *n_regions);

/* Locations outside the largest group of connected locations (WbLocation*,
 * in map order), and the number of groups in @n_groups. */
GPtrArray *wb_point_map_find_isolated   (WbPointMap *map, guint *n_groups);

G_END_DECLS
