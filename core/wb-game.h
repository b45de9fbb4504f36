/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"
#include "wb-records.h"
#include "wb-map.h"
#include "wb-hex-map.h"
#include "wb-point-map.h"
#include "wb-unit.h"
#include "wb-table.h"
#include "wb-scenario.h"
#include "wb-counter.h"
#include "wb-chits.h"

G_BEGIN_DECLS

#define WB_GAME_MAX_UNITS     100000
#define WB_GAME_MAX_ENTITIES  10000   /* sides, classes, terrain, features, tables, maps, scenarios */

#define WB_TYPE_GAME (wb_game_get_type ())
G_DECLARE_FINAL_TYPE (WbGame, wb_game, WB, GAME, GObject)

WbGame        *wb_game_new               (void);

/* Metadata (properties with notify). */
const char    *wb_game_get_id            (WbGame *self);
void           wb_game_set_id            (WbGame *self, const char *id);
const char    *wb_game_get_title         (WbGame *self);
void           wb_game_set_title         (WbGame *self, const char *title);
/* The name a new file of the game is offered under: its title made a file
 * name ("Battle of Gettysburg" → "battle-of-gettysburg.warbench"), else
 * its id, else "game" (transfer full). */
char          *wb_game_suggest_file_name (WbGame *self);
const char    *wb_game_get_publisher     (WbGame *self);
void           wb_game_set_publisher     (WbGame *self, const char *publisher);
const char    *wb_game_get_designer      (WbGame *self);
void           wb_game_set_designer      (WbGame *self, const char *designer);
const char    *wb_game_get_year          (WbGame *self);
void           wb_game_set_year          (WbGame *self, const char *year);
const char    *wb_game_get_scale         (WbGame *self);
void           wb_game_set_scale         (WbGame *self, const char *scale);
const char    *wb_game_get_game_version  (WbGame *self);
void           wb_game_set_game_version  (WbGame *self, const char *version);
const char    *wb_game_get_source        (WbGame *self);
void           wb_game_set_source        (WbGame *self, const char *source);
const char    *wb_game_get_notes         (WbGame *self);
void           wb_game_set_notes         (WbGame *self, const char *notes);

WbRulesRef    *wb_game_get_rules         (WbGame *self);
/* How its counters are drawn (format 5); the reader fills it, style AUTO
 * and no slots when the file does not say. */
WbCounterSpec *wb_game_get_counter       (WbGame *self);

/* Collections, in file order. The game owns every element. */
GPtrArray     *wb_game_get_sides         (WbGame *self);   /* WbSide* */
GPtrArray     *wb_game_get_unit_classes  (WbGame *self);   /* WbUnitType* */
GPtrArray     *wb_game_get_terrain       (WbGame *self);   /* WbTerrainType* */
GPtrArray     *wb_game_get_features      (WbGame *self);   /* WbFeatureType* */
GPtrArray     *wb_game_get_tables        (WbGame *self);   /* WbTable* */
GPtrArray     *wb_game_get_maps          (WbGame *self);   /* WbMap* */
GPtrArray     *wb_game_get_formations    (WbGame *self);   /* WbFormation* */
GPtrArray     *wb_game_get_units         (WbGame *self);   /* WbUnit* */
GPtrArray     *wb_game_get_chits         (WbGame *self);   /* WbChit* (format 8) */
GPtrArray     *wb_game_get_scenarios     (WbGame *self);   /* WbScenario* */

/* Adding takes ownership (a reference for objects). Each returns FALSE and
 * takes nothing if the id is already used in that collection. */
gboolean       wb_game_add_side          (WbGame *self, WbSide *side);
gboolean       wb_game_add_unit_class    (WbGame *self, WbUnitType *klass);
gboolean       wb_game_add_terrain       (WbGame *self, WbTerrainType *terrain);
gboolean       wb_game_add_feature       (WbGame *self, WbFeatureType *feature);
gboolean       wb_game_add_table         (WbGame *self, WbTable *table);
gboolean       wb_game_add_map           (WbGame *self, WbMap *map);
gboolean       wb_game_add_formation     (WbGame *self, WbFormation *formation);
gboolean       wb_game_add_unit          (WbGame *self, WbUnit *unit);
gboolean       wb_game_add_chit          (WbGame *self, WbChit *chit);
gboolean       wb_game_add_scenario      (WbGame *self, WbScenario *scenario);

/* Editing the legend (see wb-record-commands.h). None emits changed: the
 * caller does, once. take: removes record @id and returns it (transfer
 * full; NULL if there is none) with its place in @index. insert: puts a
 * record (taken) at @index (clamped); FALSE, taking nothing, if its id is
 * used. replace: puts a record (taken) where the one with its id is and
 * returns that one (transfer full); NULL, taking nothing, if there is none. */
WbTerrainType *wb_game_take_terrain      (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_terrain    (WbGame *self, WbTerrainType *terrain, guint index);
WbTerrainType *wb_game_replace_terrain   (WbGame *self, WbTerrainType *terrain);
WbFeatureType *wb_game_take_feature      (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_feature    (WbGame *self, WbFeatureType *feature, guint index);
WbFeatureType *wb_game_replace_feature   (WbGame *self, WbFeatureType *feature);
/* The same for chits (wb-chit-commands.h). */
WbChit        *wb_game_take_chit         (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_chit       (WbGame *self, WbChit *chit, guint index);
WbChit        *wb_game_replace_chit      (WbGame *self, WbChit *chit);
/* The same for maps (the game holds one reference to each). */
WbMap         *wb_game_take_map          (WbGame *self, const char *id, guint *index);
WbTable       *wb_game_take_table        (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_table      (WbGame *self, WbTable *table, guint index);
gboolean       wb_game_insert_map        (WbGame *self, WbMap *map, guint index);
/* Sides and unit classes taken back out (undoing a scenario import,
 * wb-scenario-file.h); transfer full, NULL if there is none. */
WbSide        *wb_game_take_side         (WbGame *self, const char *id, guint *index);
WbUnitType    *wb_game_take_unit_class   (WbGame *self, const char *id, guint *index);
/* The same for scenarios (see wb-scenario-commands.h). */
WbScenario    *wb_game_take_scenario     (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_scenario   (WbGame *self, WbScenario *scenario, guint index);

/* Exchanges the game's whole order of battle with @formations (WbFormation*,
 * freed with wb_formation_free()) and @units (WbUnit*, one reference each),
 * rebuilding the id indexes: the caller gets the game's arrays back in
 * their place (an OOB import swaps in and, on undo, swaps back). Ids must be
 * unique within each array. Does not emit changed: the caller does. */
void           wb_game_swap_oob          (WbGame     *self,
                                          GPtrArray **formations,
                                          GPtrArray **units);

/* The same for the order of battle (wb-oob-commands.h). Units keep one
 * reference in the game. */
WbFormation   *wb_game_take_formation    (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_formation  (WbGame *self, WbFormation *formation, guint index);
WbUnit        *wb_game_take_unit         (WbGame *self, const char *id, guint *index);
gboolean       wb_game_insert_unit       (WbGame *self, WbUnit *unit, guint index);

/* Lookups by id (any string; interned or not). */
WbSide        *wb_game_find_side         (WbGame *self, const char *id);
WbUnitType   *wb_game_find_unit_class   (WbGame *self, const char *id);
WbTerrainType *wb_game_find_terrain      (WbGame *self, const char *id);
WbTerrainType *wb_game_find_terrain_by_key (WbGame *self, char key);
WbFeatureType *wb_game_find_feature      (WbGame *self, const char *id);
WbTable       *wb_game_find_table        (WbGame *self, const char *id);
WbMap         *wb_game_find_map          (WbGame *self, const char *id);
WbFormation   *wb_game_find_formation    (WbGame *self, const char *id);
WbUnit        *wb_game_find_unit         (WbGame *self, const char *id);
WbChit        *wb_game_find_chit         (WbGame *self, const char *id);
WbScenario    *wb_game_find_scenario     (WbGame *self, const char *id);

/* Units of @side, in file order (a new array of borrowed pointers). */
GPtrArray     *wb_game_list_units_of_side (WbGame *self, const char *side);

/* Emits WbGame::changed with @what ("sides", "terrain", "units", …). */
void           wb_game_changed           (WbGame *self, const char *what);

/* The model lock: render threads hold it for reading while they read the
 * game (its maps, records and units); edits hold it for writing. See the
 * gtk-doc comments in wb-game.c. */
void           wb_game_lock_read         (WbGame *self);
void           wb_game_unlock_read       (WbGame *self);
void           wb_game_lock_write        (WbGame *self);
void           wb_game_unlock_write      (WbGame *self);

/* A valid starter game: two sides, infantry/cavalry/artillery, clear/forest/
 * rough terrain, road/creek features, one map (hex @cols × @rows, or a
 * point-to-point map when @cols is 0), and one scenario. */
WbGame        *wb_game_new_starter       (int cols, int rows);
/* The same records and scenario around @map (taken), which must have the id
 * "map"; a hex map's hexes should be "clear". Its content is kept as it is:
 * an empty point map stays empty. */
WbGame        *wb_game_new_with_map      (WbMap *map);

G_END_DECLS
