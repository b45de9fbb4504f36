/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-hex-map.h"
#include "wb-map.h"

G_BEGIN_DECLS

/* Commands that set a map up rather than draw on it: its background scan
 * (see WbMapBackground), its hex size, a resize that keeps what lies on
 * the hexes on them. Like the map commands they check their values on
 * apply (WB_COMMAND_ERROR, model untouched; the limits are the file
 * format's), restore the model exactly on revert and emit WbMap::changed. */

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
 * @scan the decoded image or NULL (then the path is kept and nothing is
 * drawn, as for a missing file on load). A map that had a scan keeps its
 * placement and opacity; one that had none gets the defaults (opacity
 * 0.5, at 0, 0, scale 1) and is shown. */
WbCommand *wb_command_set_background_new          (WbMap           *map,
                                                   const char      *image,
                                                   WbScan          *scan);
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

/* Sets the hex size (centre to corner, 4..500 points). The scan and the
 * drawn lines are scaled with the grid so they stay on their hexes. */
WbCommand *wb_command_set_hex_size_new            (WbHexMap        *map,
                                                   double           size);
/* wb_command_resize_hex_map_new () with what is tied to the hexes moved
 * as much as the content moves: the scan (a calibrated scan stays on its
 * hexes), the drawn lines (a line wholly off the resized map is dropped)
 * and the hex numbers in @game's scenarios on @map. Refused (model
 * untouched) when the numbering would not fit, when a scenario uses a hex
 * the resize drops, or when a line would reach farther off the map than
 * the file allows. One undo step. */
WbCommand *wb_command_resize_hex_map_full_new     (WbGame          *game,
                                                   WbHexMap        *map,
                                                   int              cols,
                                                   int              rows,
                                                   int              dcol,
                                                   int              drow,
                                                   const char      *fill);

/* Numbers @map's hexes with @numbering (scheme, oblique or not, first
 * column and row, digits) and rewrites the hex numbers of @game's
 * scenarios on @map to match, as the file writes them in the map's
 * numbering. Refused (WB_COMMAND_ERROR_RANGE, model untouched) when the
 * numbering cannot number every hex of the map (wb_hex_numbering_check ()).
 * One undo step. */
WbCommand *wb_command_set_hex_numbering_new       (WbGame               *game,
                                                   WbHexMap             *map,
                                                   const WbHexNumbering *numbering);

/* The path to store for image @path in a game file in folder @base_dir
 * (NULL for a game never saved): relative ("scans/map.png",
 * "../scans/map.png") when both lie under a common folder other than the
 * file system's root, else @path itself. Both must be absolute. */
char      *wb_map_background_relative_path        (const char      *path,
                                                   const char      *base_dir);

G_END_DECLS
