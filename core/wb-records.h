/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Plain records owned by a WbGame. They have public fields: the game file
 * reader fills them, editors change them through the game (which emits
 * "changed"), and views read them. Every string id is interned
 * (g_intern_string) so ids compare by pointer. */

#include <json-glib/json-glib.h>

#include "wb-types.h"

G_BEGIN_DECLS

typedef struct {
  const char *id;
  char       *name;
  char       *color;        /* "#rrggbb": counter background */
  char       *text_color;   /* "#rrggbb": counter print */
} WbSide;

typedef struct {
  const char *id;
  char       *name;
  WbAttrType  type;
  double      min, max;      /* for INT and NUMBER */
} WbAttrDef;

typedef struct {
  const char *id;
  char       *name;
  char       *symbol;        /* NATO symbol: infantry, cavalry, artillery, hq, leader, garrison… */
  GPtrArray  *attrs;         /* WbAttrDef*: the attribute schema its counters carry */
  GPtrArray  *roles;         /* const char* interned role ids (format 7): what the rules
                                family treats it as ("cavalry"), whatever its id */
} WbUnitType;

/* A cost per unit class; class "*" is the default. cost < 0: prohibited. */
typedef struct {
  const char *unit_class;
  double      cost;
} WbMoveCost;

typedef struct {
  const char *id;
  char       *name;
  char        key;           /* one printable ASCII character used in map rows */
  char       *color;
  char       *pattern;       /* "none", "trees", "rough", "marsh", "water", "town", "dots" */
  GArray     *move;          /* WbMoveCost */
  double      defense;       /* defender strength multiplier (1 = no effect) */
  gboolean    blocks_los;
  char       *note;          /* combat effects and anything else, as printed */
} WbTerrainType;

typedef struct {
  const char     *id;
  char           *name;
  WbFeatureWhere  where;
  char           *style;     /* how it is drawn: "road", "trail", "pike", "railroad", "creek",
                                "river", "ford", "bridge", "ferry", "town", "slope", "levee",
                                "mountain", "gap", "marker" */
  char           *color;
  double          width;     /* line width in hex-size units (0..1) */
  WbMoveMode      move_mode;
  GArray         *move;      /* WbMoveCost */
  double          defense;   /* defender multiplier when attacked across/in it (1 = none) */
  gboolean        blocks_los;
  gboolean        blocks_zoc;
  GPtrArray      *negates;   /* const char* feature ids it cancels (bridge negates creek) */
  GPtrArray      *roles;     /* const char* interned role ids (format 7): "river-crossing",
                                "railroad"… — what the rules family treats it as */
  char           *note;
} WbFeatureType;

typedef struct {
  const char *id;
  char       *name;
  char       *echelon;       /* army, corps, division, brigade… */
  const char *side;
  const char *parent;        /* formation id or NULL */
  char       *color;         /* brigade colour band, or NULL */
} WbFormation;

/* A per-game rules family and its parameters (kept as JSON: the family
 * reads them). */
typedef struct {
  const char *family;        /* "spi-blue-gray", "bg-campaign", "columbia-block", "blind-swords" */
  JsonNode   *params;        /* object or NULL */
} WbRulesRef;

WbSide        *wb_side_new            (const char *id);
void           wb_side_free           (WbSide *side);
WbAttrDef     *wb_attr_def_new        (const char *id, WbAttrType type);
void           wb_attr_def_free       (WbAttrDef *def);
WbUnitType   *wb_unit_type_new      (const char *id);
void           wb_unit_type_free     (WbUnitType *klass);
WbAttrDef     *wb_unit_type_find_attr (WbUnitType *klass, const char *id);
/* A deep copy (the unit class editor's commands keep whole records). */
WbUnitType    *wb_unit_type_copy      (const WbUnitType *klass);
/* Whether @roles (interned role ids, or NULL) holds @role (any string). */
gboolean       wb_roles_contain       (GPtrArray *roles, const char *role);
WbTerrainType *wb_terrain_type_new    (const char *id);
void           wb_terrain_type_free   (WbTerrainType *t);
/* A deep copy (the legend editor's commands keep whole records). */
WbTerrainType *wb_terrain_type_copy   (const WbTerrainType *t);
WbFeatureType *wb_feature_type_new    (const char *id, WbFeatureWhere where);
void           wb_feature_type_free   (WbFeatureType *f);
WbFeatureType *wb_feature_type_copy   (const WbFeatureType *f);
WbFormation   *wb_formation_new       (const char *id);
void           wb_formation_free      (WbFormation *f);

/* The cost for @unit_class, falling back to "*"; @found is FALSE if neither is set. */
double         wb_move_costs_lookup   (GArray *move, const char *unit_class, gboolean *found);

const char    *wb_attr_type_to_string     (WbAttrType t);
gboolean       wb_attr_type_from_string   (const char *s, WbAttrType *t);
const char    *wb_feature_where_to_string (WbFeatureWhere w);
gboolean       wb_feature_where_from_string (const char *s, WbFeatureWhere *w);
const char    *wb_move_mode_to_string     (WbMoveMode m);
gboolean       wb_move_mode_from_string   (const char *s, WbMoveMode *m);

/* "#rrggbb" → components in 0..1; FALSE if malformed. */
gboolean       wb_color_parse         (const char *s, double *r, double *g, double *b);

G_END_DECLS
