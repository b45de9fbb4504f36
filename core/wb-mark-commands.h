/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-hex-map.h"

G_BEGIN_DECLS

/* Commands that edit a hex map's marks: the named sets of special hexes
 * (objectives with VP, entry hexes, supply sources, set-up areas, trench
 * hexes, named places). Each keeps a reference to its map, checks its
 * arguments when applied (WB_COMMAND_ERROR, model untouched) and emits
 * WbMap::changed once per apply and per revert. */

/* The kinds a mark may have, NULL-terminated ("objective", "entry"…). */
const char * const *wb_map_mark_kinds (void);
/* The translated name of a mark kind ("Objective"), or @kind itself. */
const char *wb_map_mark_kind_name     (const char *kind);

/* Adds an empty mark named @name of @kind for @side (NULL: both) worth
 * @vp, its id made unique from the name when the command is built. The
 * side must be one of @game's. */
WbCommand  *wb_command_add_mark_new      (WbGame     *game,
                                          WbHexMap   *map,
                                          const char *name,
                                          const char *kind,
                                          const char *side,
                                          int         vp);
/* The id the added mark gets. */
const char *wb_command_add_mark_get_id   (WbCommand  *command);
/* Changes mark @id's name, kind, side (NULL: both) and VP; its hexes and
 * note stay. */
WbCommand  *wb_command_edit_mark_new     (WbGame     *game,
                                          WbHexMap   *map,
                                          const char *id,
                                          const char *name,
                                          const char *kind,
                                          const char *side,
                                          int         vp);
/* Deletes mark @id. Fails with WB_COMMAND_ERROR_INVALID when a scenario of
 * @game on this map brings reinforcements in through it. */
WbCommand  *wb_command_remove_mark_new   (WbGame     *game,
                                          WbHexMap   *map,
                                          const char *id);
/* Adds (@present TRUE) or removes @hexes to or from mark @id; hexes already
 * in (or out) are left alone. Merges with a following edit of the same mark
 * with the same @present, so a drag is one step. */
WbCommand  *wb_command_mark_hexes_new    (WbHexMap       *map,
                                          const char     *id,
                                          const WbOffset *hexes,
                                          guint           n_hexes,
                                          gboolean        present);

G_END_DECLS
