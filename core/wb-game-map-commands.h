/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Adding a map or a table to a game and deleting one. They emit the game's
 * changed signal with the detail "maps" or "tables". */

/* A map id not used in @game, made from @name ("Valley" → "valley",
 * "valley-2"…) (transfer full). */
char       *wb_game_make_map_id          (WbGame     *game,
                                          const char *name);
/* Adds @map (a reference is taken) at the end of @game's maps; its id must
 * be free. */
WbCommand  *wb_command_add_map_new       (WbGame     *game,
                                          WbMap      *map);
/* Deletes map @id; revert puts the same map object back at its index.
 * Refused when it is the game's only map or a scenario is played on it. */
WbCommand  *wb_command_remove_map_new    (WbGame     *game,
                                          const char *id);

/* The same for tables: an id made from a name ("Fire Table" → "fire-table"),
 * adding @table (a reference is taken; its id must be free), deleting one
 * (refused while another table's `pair` or a code's `test` names it). */
char       *wb_game_make_table_id        (WbGame     *game,
                                          const char *name);
WbCommand  *wb_command_add_table_new     (WbGame     *game,
                                          WbTable    *table);
WbCommand  *wb_command_remove_table_new  (WbGame     *game,
                                          const char *id);

G_END_DECLS
