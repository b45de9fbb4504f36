/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Commands that edit the game's legend: its terrain and feature types.
 * Each keeps a reference to the game, checks the records it is given when
 * applied (WB_COMMAND_ERROR, model untouched: the same rules the game file
 * reader applies), and emits WbGame::changed with "terrain" or "features"
 * once per apply and per revert (and WbMap::changed for every map whose
 * content it changed). */

/* The patterns the renderer draws for terrain, and the styles it draws
 * features in (NULL-terminated, untranslated: they are file values). */
const char * const *wb_legend_terrain_patterns  (void);
const char * const *wb_legend_feature_styles    (void);

/* A terrain/feature id not in use in @game, made from @name: "Light
 * woods" gives "light-woods", then "light-woods-2"… (transfer full). */
char       *wb_legend_make_terrain_id   (WbGame         *game,
                                         const char     *name);
char       *wb_legend_make_feature_id   (WbGame         *game,
                                         const char     *name);
/* A map key no terrain type of @game uses, preferring the first letter of
 * @name; 0 when all 94 are taken. */
char        wb_legend_pick_terrain_key  (WbGame         *game,
                                         const char     *name);

/* How many hexes of all the game's hex maps have terrain @id; the first
 * one (row-major, maps in order) in @map and @hex when there is one. */
guint       wb_legend_count_terrain     (WbGame         *game,
                                         const char     *id,
                                         WbHexMap      **map,
                                         WbOffset       *hex);
/* Where feature @id is used: on hexes, hexsides, as the class of a
 * point-to-point connection, as a connection's crossing, and in other
 * feature types' negates lists. Any may be NULL. Returns the sum. */
guint       wb_legend_count_feature     (WbGame         *game,
                                         const char     *id,
                                         guint          *hexes,
                                         guint          *hexsides,
                                         guint          *connections,
                                         guint          *crossings,
                                         guint          *negated_by);

/* Adds a copy of @terrain at the end of the legend. Its id must be valid
 * and unused, its key unused. "Add terrain “Swamp”". */
WbCommand  *wb_command_add_terrain_new    (WbGame              *game,
                                           const WbTerrainType *terrain);
/* Replaces the terrain type with @terrain's id by a copy of @terrain (the
 * id stays; everything else may change). Reverting puts the old record
 * back exactly. When @merge_key is not NULL the command merges with a
 * following edit of the same type with the same key, so a run of spin
 * button steps or keystrokes is one undo step. */
WbCommand  *wb_command_edit_terrain_new   (WbGame              *game,
                                           const WbTerrainType *terrain,
                                           const char          *merge_key);
/* Removes terrain type @id. While hexes use it the command fails
 * (WB_COMMAND_ERROR_INVALID, naming the first hex) unless @replacement
 * names another terrain type: then those hexes are repainted with it, and
 * reverting paints them back. */
WbCommand  *wb_command_remove_terrain_new (WbGame              *game,
                                           const char          *id,
                                           const char          *replacement);

/* The same for feature types. Editing cannot change where a feature
 * applies (hexes, hexsides… hold it by id). Removing one also takes it off
 * every hex, hexside and connection crossing that has it and out of other
 * types' negates lists, all put back on revert; it fails while a
 * point-to-point connection is of that class. */
WbCommand  *wb_command_add_feature_new    (WbGame              *game,
                                           const WbFeatureType *feature);
WbCommand  *wb_command_edit_feature_new   (WbGame              *game,
                                           const WbFeatureType *feature,
                                           const char          *merge_key);
WbCommand  *wb_command_remove_feature_new (WbGame              *game,
                                           const char          *id);

G_END_DECLS
