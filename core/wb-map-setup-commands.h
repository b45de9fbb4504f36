/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-hex-map.h"
#include "wb-map.h"

G_BEGIN_DECLS

/* Commands that set a map up rather than draw on it: its background scan
 * (see WbMapBackground), its hex size, a resize that keeps
 * the scan on its hexes. Like the map commands they check their values on
 * apply (WB_COMMAND_ERROR, model untouched; the limits are the file
 * format's), restore the map exactly on revert and emit WbMap::changed. */

/**
 * WbBackgroundField:
 * @WB_BACKGROUND_OPACITY: the opacity, 0..1
 * @WB_BACKGROUND_OFFSET: where the image's pixel (0, 0) lands (x, y)
 * @WB_BACKGROUND_SCALE: map points per image pixel
 * @WB_BACKGROUND_ROTATION: degrees clockwise, -360..360
 * @WB_BACKGROUND_HIDDEN: whether the scan is hidden (kept but not drawn)
 *
 * One property of a map's background scan, for
 * wb_command_set_background_property_new().
 */
typedef enum {
  WB_BACKGROUND_OPACITY,
  WB_BACKGROUND_OFFSET,
  WB_BACKGROUND_SCALE,
  WB_BACKGROUND_ROTATION,
  WB_BACKGROUND_HIDDEN,
} WbBackgroundField;

/* Sets the scan of @map: @image is the path as the file holds it
 * (relative to the game file, see wb_map_background_relative_path ()),
 * @surface the decoded image or NULL (then the path is kept and nothing is
 * drawn, as for a missing file on load). A map that had a scan keeps its
 * placement and opacity; one that had none gets the defaults (opacity
 * 0.5, at 0, 0, scale 1) and is shown. */
WbCommand *wb_command_set_background_new          (WbMap           *map,
                                                   const char      *image,
                                                   cairo_surface_t *surface);
/* Removes the scan; undo puts it back as it was. */
WbCommand *wb_command_clear_background_new        (WbMap           *map);
/* Changes one property of the scan (the map must have one). @a is the
 * value (for OFFSET the x, for HIDDEN non-zero hides), @b the y of OFFSET
 * and ignored otherwise. Merges with a following change of the same
 * property of the same map, so a slider drag is one step. */
WbCommand *wb_command_set_background_property_new (WbMap            *map,
                                                   WbBackgroundField field,
                                                   double            a,
                                                   double            b);
/* Places the scan at once (offset, scale, rotation: what a two-point
 * calibration computes, wb_map_background_calibrate ()). */
WbCommand *wb_command_place_background_new        (WbMap           *map,
                                                   double           x,
                                                   double           y,
                                                   double           scale,
                                                   double           rotation);

/* Sets the hex size (centre to corner, 4..500 points). A scan is scaled
 * with the grid so it stays on its hexes. */
WbCommand *wb_command_set_hex_size_new            (WbHexMap        *map,
                                                   double           size);
/* wb_command_resize_hex_map_new () that also moves the scan (when there is
 * one) by as much as the content moves, so a calibrated scan stays on its
 * hexes. One undo step. */
WbCommand *wb_command_resize_hex_map_with_scan_new (WbHexMap       *map,
                                                   int              cols,
                                                   int              rows,
                                                   int              dcol,
                                                   int              drow,
                                                   const char      *fill);

/* The path to store for image @path in a game file in folder @base_dir
 * (NULL for a game never saved): relative ("scans/map.png",
 * "../scans/map.png") when both lie under a common folder other than the
 * file system's root, else @path itself. Both must be absolute. */
char      *wb_map_background_relative_path        (const char      *path,
                                                   const char      *base_dir);

G_END_DECLS
