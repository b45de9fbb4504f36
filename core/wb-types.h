/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _WbGame      WbGame;
typedef struct _WbMap       WbMap;
typedef struct _WbHexMap    WbHexMap;
typedef struct _WbPointMap  WbPointMap;
typedef struct _WbUnit      WbUnit;
typedef struct _WbScenario  WbScenario;
typedef struct _WbTable     WbTable;

typedef enum {
  WB_MAP_KIND_HEX,
  WB_MAP_KIND_POINTS,
} WbMapKind;

/* What a feature type attaches to. */
typedef enum {
  WB_FEATURE_HEX,         /* a hex: town, ferry, trench, objective marker… */
  WB_FEATURE_HEXSIDE,     /* a hexside: creek, ford, bridge, road/trail/pike crossing… */
  WB_FEATURE_CONNECTION,  /* a point-to-point connection class: pike, road, railroad… */
  WB_FEATURE_CROSSING,    /* something a connection crosses: river, mountain, gap… */
} WbFeatureWhere;

/* How a feature changes the cost of movement. */
typedef enum {
  WB_MOVE_NONE,      /* no effect on movement */
  WB_MOVE_ADD,       /* cost is added (ford: +1) */
  WB_MOVE_SET,       /* cost replaces the terrain cost when moving along it (road: 1) */
  WB_MOVE_PROHIBIT,  /* may not be entered or crossed (creek), unless negated */
} WbMoveMode;

typedef enum {
  WB_ATTR_INT,
  WB_ATTR_NUMBER,     /* may hold halves: cadre "C" = 0.5 */
  WB_ATTR_STRING,
  WB_ATTR_BOOL,
  WB_ATTR_FIREPOWER,  /* letter + number, e.g. "A2", "C1" */
} WbAttrType;

typedef enum {
  WB_STRENGTH_SINGLE,  /* one value: 7 */
  WB_STRENGTH_STEPS,   /* a step list: 12 → 8 → 4, or a block's 4 → 3 → 2 → 1 */
  WB_STRENGTH_SIDES,   /* fresh and battleworn counter sides */
} WbStrengthKind;

typedef enum {
  WB_TABLE_ODDS,          /* odds-ratio CRT: 1-5 … 6-1 */
  WB_TABLE_DIFFERENTIAL,  /* attacker minus defender */
  WB_TABLE_FIRE,          /* strength columns, 2d6 read as 11–66, coloured bands */
  WB_TABLE_DICE_POOL,     /* dice per unit, hit on a number */
  WB_TABLE_ROLL,          /* a generic die-roll table */
  WB_TABLE_CHART,         /* a reference chart without dice (format 6) */
} WbTableKind;

typedef enum {
  WB_VICTORY_VP_PER_SP,   /* vp for every enemy strength point destroyed */
  WB_VICTORY_OCCUPY,      /* vp for occupying hexes/locations at the end */
  WB_VICTORY_DESTROY,     /* vp for destroying named units (all of them) */
  WB_VICTORY_TEXT,        /* stated in words only */
} WbVictoryKind;

/* Half strength points: 1 = ½ ("C" cadre), 2 = 1 SP. */
#define WB_HALVES(sp) ((int) ((sp) * 2))

G_END_DECLS
