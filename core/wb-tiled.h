/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"

G_BEGIN_DECLS

/* The map as a Tiled map (.tmx, Tiled 1.8's format; docs/tiled-export.md).
 * A hex map becomes a hexagonal map (stagger axis and index from the
 * map's orientation and parity) with a terrain tile layer drawn from a
 * generated tile set, an elevation layer when the map has levels, and
 * object layers for hex features and labels, hexside features and the
 * drawn lines. A point-to-point map becomes an orthogonal map: the map
 * rendered as an image layer, with the locations as point objects and the
 * connections as polylines. */

/* Tiled pixels per map point: the default, and the range allowed. */
#define WB_TILED_DEFAULT_SCALE 1.0
#define WB_TILED_MIN_SCALE     0.1
#define WB_TILED_MAX_SCALE     20.0

/* The images the map refers to, written next to @tmx_path: "STEM-terrain.png"
 * and "STEM-elevation.png" (hex maps), "STEM-map.png" (point maps), STEM
 * being its name without ".tmx" (transfer full). */
char     *wb_tiled_image_path (const char *tmx_path,
                               const char *what);

/* Writes @map of @game to @tmx_path and its images next to it, each file
 * atomically, the images first. @scale: Tiled pixels per map point (0 for
 * the default), within WB_TILED_MIN_SCALE..WB_TILED_MAX_SCALE. */
gboolean  wb_tiled_export     (WbGame      *game,
                               WbMap       *map,
                               const char  *tmx_path,
                               double       scale,
                               GError     **error);

G_END_DECLS
