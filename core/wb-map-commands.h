/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-hex-map.h"
#include "wb-point-map.h"

G_BEGIN_DECLS

/* Commands that edit maps. Each keeps a reference to its map, checks its
 * arguments when applied (WB_COMMAND_ERROR, model untouched), and emits
 * WbMap::changed once per apply and per revert. */

/* Paints @hexes (duplicates count once) with @terrain, remembering each
 * hex's old terrain. @terrain_name is the display name for the label
 * ("Paint 7 hexes Forest"); NULL uses the id. Merges with a following paint
 * of the same terrain on the same map, so a drag is one step. */
WbCommand *wb_command_paint_terrain_new        (WbHexMap       *map,
                                                const WbOffset *hexes,
                                                guint           n_hexes,
                                                const char     *terrain,
                                                const char     *terrain_name);
/* Sets the level (0..9, what the file holds) of @hexes; reverting also
 * drops an elevation layer the map did not have. Merges like a paint. */
WbCommand *wb_command_set_elevation_new        (WbHexMap       *map,
                                                const WbOffset *hexes,
                                                guint           n_hexes,
                                                int             elevation);
/* Adds (@present TRUE) or removes @feature on the hexside of @hex in
 * direction @dir; the hexside's other features keep their order. Merges
 * with a following edit of the same feature, same @present, same map (a
 * road drawn by dragging). */
WbCommand *wb_command_set_hexside_feature_new  (WbHexMap       *map,
                                                WbOffset        hex,
                                                int             dir,
                                                const char     *feature,
                                                gboolean        present);
/* Sets or (NULL or "") clears the label of @hex. */
WbCommand *wb_command_set_label_new            (WbHexMap       *map,
                                                WbOffset        hex,
                                                const char     *label);
/* Resizes a hex map with its content kept (see wb_hex_map_resize ()). */
WbCommand *wb_command_resize_hex_map_new        (WbHexMap       *map,
                                                int             cols,
                                                int             rows,
                                                int             dcol,
                                                int             drow,
                                                const char     *fill);
/* Moves location @id to (@x, @y), which must lie on the map. Merges with a
 * following move of the same location, for dragging. */
WbCommand *wb_command_move_location_new        (WbPointMap     *map,
                                                const char     *id,
                                                double          x,
                                                double          y);
/* Adds a location named @name at (@x, @y) (on the map), its id made unique
 * from the name when the command is built (wb_point_map_make_location_id ()).
 * "Add location “New town”". */
WbCommand  *wb_command_add_location_new        (WbPointMap     *map,
                                                const char     *name,
                                                double          x,
                                                double          y);
/* The id the location gets. */
const char *wb_command_add_location_get_id     (WbCommand      *command);
/* Deletes location @id with its connections; revert puts both back in
 * their places. Fails with WB_COMMAND_ERROR_INVALID when a scenario of
 * @game on this map sets up, brings in or scores a unit there. */
WbCommand  *wb_command_delete_location_new     (WbGame         *game,
                                                WbPointMap     *map,
                                                const char     *id);
/* Renames location @id (the id stays: scenarios refer to it). */
WbCommand  *wb_command_rename_location_new     (WbPointMap     *map,
                                                const char     *id,
                                                const char     *name);

G_END_DECLS
