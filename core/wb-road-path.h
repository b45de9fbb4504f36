/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "wb-hex.h"

G_BEGIN_DECLS

/*
 * Where a road, trail, pike or railroad runs inside a hex, as printed maps
 * draw them (core/wb-render-hex-sides.c strokes it; tests/test-road-path.c
 * pins it). A road is stored as the hexsides it crosses; its path:
 *
 * - crosses every one of them at its middle, and crosses it (at 30° to it
 *   at least, never along it), so the hexes a road joins are the hexes it
 *   is seen to join;
 * - in a hex it passes through runs from the middle of one hexside to the
 *   middle of the other without visiting the centre, so a road along a
 *   zig-zag row of hexes is a straight line through the middles of the
 *   hexsides it crosses, not a zig-zag through the centres;
 * - is one cubic Bézier per hex (and branch), smooth from hex to hex: the
 *   direction in which it crosses a hexside is the same from both hexes.
 *   That direction is the road's own in a hex on a straight run, so
 *   straight runs stay straight and the turn is made in the hex that
 *   turns; between two hexes that both turn it is halfway between their
 *   chords (the lines from where the road enters each to where it
 *   leaves), so a long bend has no wiggle;
 * - stays inside its hex: a Bézier lies within its handles, and they are
 *   kept inside the hex, which is convex;
 * - where roads of a class meet, pairs them off as printed maps do (a road
 *   crossing another, the top of a T: wb_road_through ()), ends the
 *   branches left over on the first road paired (the stem of a T), or at
 *   the centre when none is (three roads meeting at equal angles, and a
 *   road's end), and there a branch heads straight for its hexside.
 *
 * A piece depends on the road hexsides of its hex and of the hexes up to
 * two away, so a map drawn in bands or tiles joins without seams when the
 * masks are known that far around what is drawn.
 */

/* The end of a piece where a road ends or branches off. */
#define WB_ROAD_HUB (-1)

typedef struct {
  double x, y;
} WbRoadPoint;

/* A cubic Bézier from p[0] to p[3] with handles p[1] and p[2]. */
typedef struct {
  WbRoadPoint p[4];
} WbRoadPiece;

/* The road hexsides of @hex, bit d for direction d; 0 for a hex off the
 * map or not known. */
typedef guint8 (*WbRoadMaskFunc) (WbOffset hex,
                                  gpointer user_data);

/* One road class on a map: its geometry and where it runs. */
typedef struct {
  WbHexLayout    layout;
  double         size;
  double         apothem;        /* centre to the middle of a hexside */
  double         normal[6][2];   /* unit vector from the centre to the middle of hexside d */
  WbRoadMaskFunc mask;
  gpointer       user_data;
} WbRoadNet;

void  wb_road_net_init  (WbRoadNet       *net,
                         WbHexLayout      layout,
                         double           size,
                         WbRoadMaskFunc   mask,
                         gpointer         user_data);

/* The hexside by which a road that comes into a hex by @dir goes on, or
 * WB_ROAD_HUB when it ends or branches off there. @mask is the hex's. */
int   wb_road_through   (guint8           mask,
                         int              dir);

/* The piece of the road in @hex from @from to @to: hexsides of its mask,
 * or WB_ROAD_HUB where wb_road_through () says so. */
void  wb_road_piece     (const WbRoadNet *net,
                         WbOffset         hex,
                         int              from,
                         int              to,
                         WbRoadPiece     *piece);

/* The unit direction in which the road crosses hexside @dir of @hex,
 * outwards: a bridge or a ford is laid along it. */
void  wb_road_crossing  (const WbRoadNet *net,
                         WbOffset         hex,
                         int              dir,
                         double          *ux,
                         double          *uy);

G_END_DECLS
