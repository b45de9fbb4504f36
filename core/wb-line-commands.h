/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-map.h"

G_BEGIN_DECLS

/* Commands that edit the lines drawn on a map (rivers, ridges, boundaries,
 * VP lines). Each checks its arguments when applied (WB_COMMAND_ERROR,
 * model untouched) and emits WbMap::changed once per apply and revert. */

/* Adds a copy of @line at the end of @map's lines. Its style must be one of
 * wb_map_line_styles (), its side (if any) one of @game's, and it needs 2
 * to WB_MAP_LINE_MAX_POINTS points. */
WbCommand *wb_command_add_map_line_new    (WbGame          *game,
                                           WbMap           *map,
                                           const WbMapLine *line);
/* Replaces line @index with a copy of @line (checked as above). */
WbCommand *wb_command_edit_map_line_new   (WbGame          *game,
                                           WbMap           *map,
                                           guint            index,
                                           const WbMapLine *line);
/* Deletes line @index. */
WbCommand *wb_command_remove_map_line_new (WbMap           *map,
                                           guint            index);

G_END_DECLS
