/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The SPI Blue & Gray family (Napoleon at Waterloo system): shared between
 * its files. docs/rules-engine.md says how a family is built; the rules
 * are quoted by number from the Battle of the Wilderness rulebook. */

#include "wb-hex-map.h"
#include "rules/wb-family.h"
#include "rules/wb-hex-movement.h"

G_BEGIN_DECLS

/* The steps of a game turn: each player's movement then combat phase. */
enum {
  SPI_FIRST_MOVEMENT,
  SPI_FIRST_COMBAT,
  SPI_SECOND_MOVEMENT,
  SPI_SECOND_COMBAT,
  SPI_N_STEPS,
};

/* Unit flags of the family (WbUnitState.flags). */
enum {
  SPI_ENTERED = WB_UNIT_FAMILY_FLAG << 0,   /* came on the map this phase */
};

/* Unit data (WbUnitState.data). */
enum {
  SPI_DATA_SPENT,     /* quarter MP spent this phase (a reinforcement's column) */
  SPI_DATA_ENTRY,     /* the hex it entered at this phase: row * 1000 + col + 1 */
};

/* A movement profile read from rules.params.movement_profiles. */
typedef struct {
  const char   *side;        /* interned, or NULL: every side */
  const char   *klass;       /* interned, or NULL: every class */
  int           first_turn, last_turn;   /* 0: every turn */
  GHashTable   *costs;       /* id → double* */
  char        **terrain;
  WbEnterRule   enter;
  gboolean      zoc_exempt;
  char        **adjacent;
  char        **hexes_with;
  gboolean      no_enter_zoc, no_stack, no_attack;
  char         *rule;
} SpiProfile;

typedef struct {
  WbGame      *game;
  WbHexMap    *map;
  int          cols, rows;
  int          allowance;       /* quarter MP */
  int          stacking;
  char       **no_end;          /* hex features a move may not end on (river ferry) */
  GPtrArray   *profiles;        /* SpiProfile* */
  GHashTable  *graphs;          /* "class|profile bits" → WbHexGraph* */
  guint8      *enemy;           /* scratch: cols × rows */
  guint8      *zoc;             /* scratch */
} SpiData;

/* The profiles that apply to @unit's side and class on @turn, as a bit set
 * of indices into data->profiles. */
guint32      _wb_spi_profiles_for   (SpiData *data, WbMatch *m, const WbUnitState *unit, int turn);
/* The movement graph for @unit on @turn (owned by @data). */
WbHexGraph  *_wb_spi_graph          (SpiData *data, WbMatch *m, const WbUnitState *unit, int turn);
/* Marks in data->enemy the hexes of @side's enemies and in data->zoc their
 * zones of control. */
void         _wb_spi_mark_enemies   (SpiData *data, WbMatch *m, guint side);
const char  *_wb_spi_unit_class     (SpiData *data, const WbUnitState *unit);

WbApplyResult _wb_spi_move          (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
WbApplyResult _wb_spi_enter         (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
GArray       *_wb_spi_destinations  (SpiData *data, WbMatch *m, const char *unit);

/* The family's table (registered in wb-family.c once every phase plays). */
const WbRulesFamily *wb_spi_family  (void);

G_END_DECLS
