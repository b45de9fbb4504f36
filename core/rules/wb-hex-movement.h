/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"
#include "wb-hex-map.h"

G_BEGIN_DECLS

/* Movement on a hex map, compiled from the game's legend for one unit
 * class (docs/rules-engine.md): the cost of every step from a hex through
 * one of its six hexsides, in quarter MP — the terrain entered (per class,
 * "*" by default; a hex feature with a `set` cost replaces it, an `add`
 * cost adds), roads and trails along the hexside crossed (`set`: the lower
 * of the terrain's cost and theirs — SPI 5.22, 5.23), fords and rivers
 * (`add`), creeks (`prohibit`) — an `add` or `prohibit` hexside feature
 * counting only when no feature on the same hexside negates it (a bridge
 * or ford). Which hexsides stop zones of control (a `blocks_zoc` hexside
 * feature not negated) and which hexes receive none (a `blocks_zoc` hex
 * feature: a river ferry, 6.6). Reachability is a Dijkstra search bounded
 * by the allowance, reusing its scratch (no allocation per search). */

#define WB_MOVE_QUARTERS 4          /* costs are kept in quarter MP */
#define WB_STEP_PROHIBITED G_MAXUINT16

typedef struct _WbHexGraph WbHexGraph;

WbHexGraph  *wb_hex_graph_new        (WbGame *game, WbHexMap *map, const char *unit_class);

/* How some units move differently (a rules family reads these from its
 * parameters): other costs for some terrain or features (SPI Wilderness
 * 17.11-17.12: Confederates pay 1 MP on trails, 2 in forest), terrain
 * that may only be entered through a road or trail hexside (`set`
 * features; 17.21), a hex in an enemy zone of control excepted when
 * @zoc_exempt, terrain that may only be entered when a neighbouring hex is
 * of @adjacent terrain or has one of its features (17.22), and units that
 * may only enter hexes with one of @hexes_with on a hexside (train
 * defense, 17.34). */
typedef enum {
  WB_ENTER_ANY,
  WB_ENTER_ROAD_ONLY,
  WB_ENTER_ADJACENT,
} WbEnterRule;

typedef struct {
  const char         *unit_class;
  GHashTable         *costs;          /* terrain or feature id → double* MP, or NULL */
  const char * const *restricted;     /* terrain ids the enter rule applies to */
  WbEnterRule         enter;
  gboolean            zoc_exempt;
  const char * const *adjacent;       /* terrain or feature ids, for WB_ENTER_ADJACENT */
  const char * const *hexes_with;     /* hexside feature ids, or NULL */
} WbMoveProfile;

WbHexGraph  *wb_hex_graph_new_for    (WbGame *game, WbHexMap *map, const WbMoveProfile *profile);
void         wb_hex_graph_free       (WbHexGraph *graph);
int          wb_hex_graph_cols       (const WbHexGraph *graph);
int          wb_hex_graph_rows       (const WbHexGraph *graph);
WbHexLayout  wb_hex_graph_layout     (const WbHexGraph *graph);
/* The cost in quarter MP of moving from @hex in direction @dir, or
 * WB_STEP_PROHIBITED (a step allowed only into an enemy zone of control,
 * @zoc_exempt, reads as prohibited here). */
guint16      wb_hex_graph_step_cost  (const WbHexGraph *graph, WbOffset hex, int dir);
/* Whether a unit in @hex exerts a zone of control into the neighbour in
 * direction @dir. */
gboolean     wb_hex_graph_zoc_reaches (const WbHexGraph *graph, WbOffset hex, int dir);
/* Marks in @zoc (cols × rows bytes, row-major) every hex a unit in @hex
 * controls. */
void         wb_hex_graph_add_zoc    (const WbHexGraph *graph, WbOffset hex, guint8 *zoc);

typedef enum {
  WB_REACH_ZOC_STOPS = 1 << 0,   /* entering an enemy-controlled hex ends the move */
  WB_REACH_ZOC_LOCKS = 1 << 1,   /* a unit starting in one cannot leave it */
  WB_REACH_NO_ENTER_ZOC = 1 << 2,/* enemy-controlled hexes cannot be entered (SPI night, 10.2) */
} WbReachFlags;

/* The hexes reachable from @start with @allowance quarter MP: @occupied
 * (bytes, non-zero: an enemy is there; may be NULL) cannot be entered,
 * @zoc (may be NULL) as @flags say. Afterwards wb_hex_graph_reached_cost
 * and _path answer for any hex until the next search. Returns how many
 * hexes (besides the start) were reached. */
guint        wb_hex_graph_reach      (WbHexGraph    *graph,
                                      WbOffset       start,
                                      int            allowance,
                                      const guint8  *occupied,
                                      const guint8  *zoc,
                                      WbReachFlags   flags);
/* The cost in quarter MP to reach @hex in the last search, or -1. */
int          wb_hex_graph_reached_cost (const WbHexGraph *graph, WbOffset hex);
/* The hexes the last search reached besides the start, as indices
 * row × cols + col in the order first reached; @n is set to their number.
 * Owned by @graph, valid until its next search. */
const int   *wb_hex_graph_reached_hexes (const WbHexGraph *graph, guint *n);
/* The hexes from the start to @hex (both included) in the last search
 * (transfer full; empty if unreached). */
GArray      *wb_hex_graph_path       (const WbHexGraph *graph, WbOffset hex);

G_END_DECLS
