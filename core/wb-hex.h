/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * WbHexOrientation:
 * @WB_HEX_FLAT: flat-topped hexes standing in vertical columns (SPI style);
 *   directions 0..5 are N, NE, SE, S, SW, NW.
 * @WB_HEX_POINTY: pointy-topped hexes lying in horizontal rows;
 *   directions 0..5 are NE, E, SE, SW, W, NW.
 */
typedef enum {
  WB_HEX_FLAT,
  WB_HEX_POINTY,
} WbHexOrientation;

/**
 * WbHexParity:
 * @WB_HEX_ODD: odd columns (flat) or odd rows (pointy), counted from 0, are
 *   shifted half a hex down (flat) or right (pointy) — "odd-q"/"odd-r".
 * @WB_HEX_EVEN: even columns/rows are shifted — "even-q"/"even-r".
 */
typedef enum {
  WB_HEX_ODD,
  WB_HEX_EVEN,
} WbHexParity;

typedef struct {
  WbHexOrientation orientation;
  WbHexParity      parity;
} WbHexLayout;

/* Zero-based offset coordinates: col 0 is the first printed column. */
typedef struct { int col, row; } WbOffset;
typedef struct { int q, r; } WbAxial;
typedef struct { int x, y, z; } WbCube;   /* x + y + z == 0 */

/* A hexside named by a hex and a direction 0..5. The canonical form has
 * dir 0..2 (the other hex owns directions 3..5), so both hexes sharing an
 * edge name it the same way. The hex may lie outside the map for edges
 * on the map border. */
typedef struct { WbOffset hex; int dir; } WbHexside;

/* One step of a line of sight. When the line runs exactly along a hexside,
 * @tie is TRUE and @hex and @alt are the two hexes sharing that hexside
 * (the rules decide: SPI 8.32 blocks only if both block). Otherwise @alt
 * equals @hex. */
typedef struct {
  WbOffset hex;
  WbOffset alt;
  gboolean tie;
} WbLosStep;

#define WB_HEX_DIRECTIONS 6

WbAxial   wb_hex_offset_to_axial     (WbHexLayout layout, WbOffset o);
WbOffset  wb_hex_axial_to_offset     (WbHexLayout layout, WbAxial a);
WbCube    wb_hex_axial_to_cube       (WbAxial a);
WbAxial   wb_hex_cube_to_axial       (WbCube c);

WbOffset  wb_hex_neighbour           (WbHexLayout layout, WbOffset o, int dir);
int       wb_hex_direction_to        (WbHexLayout layout, WbOffset from, WbOffset to);
int       wb_hex_distance            (WbHexLayout layout, WbOffset a, WbOffset b);
static inline gboolean
wb_offset_equal (WbOffset a, WbOffset b)
{
  return a.col == b.col && a.row == b.row;
}

WbHexside wb_hexside_canonical       (WbHexLayout layout, WbOffset hex, int dir);
/* Field-wise comparison: pass canonical hexsides. */
gboolean  wb_hexside_equal           (WbHexside a, WbHexside b);
/* The two hexes sharing the hexside (either may be off-map). */
void      wb_hexside_hexes           (WbHexLayout layout, WbHexside side,
                                      WbOffset *a, WbOffset *b);

/* Hexes at exactly @radius from @centre (6 × radius of them; 1 for radius 0),
 * written to @out up to @out_len; returns how many there are in all. The ring
 * starts @radius steps from @centre in direction 0 and runs clockwise. */
gsize     wb_hex_ring                (WbHexLayout layout, WbOffset centre, int radius,
                                      WbOffset *out, gsize out_len);
/* Hexes within @radius of @centre (1 + 3r(r+1)), same contract as ring. */
gsize     wb_hex_range               (WbHexLayout layout, WbOffset centre, int radius,
                                      WbOffset *out, gsize out_len);
/* The hexes from @a to @b inclusive (distance + 1 steps) with hexside ties
 * marked; same contract as ring. */
gsize     wb_hex_line                (WbHexLayout layout, WbOffset a, WbOffset b,
                                      WbLosStep *out, gsize out_len);

/* Pixel geometry. @size is the centre-to-corner radius; y grows down. With
 * ODD parity hex (0,0) has its centre at (size, size·√3/2) for flat and
 * (size·√3/2, size) for pointy, so the whole map starts at (0,0). With EVEN
 * parity column/row 0 is itself shifted, so (0,0) sits half a hex further
 * down (flat: (size, size·√3)) or right (pointy: (size·√3, size)); the
 * unshifted column/row 1 still touches the top/left edge. */
void      wb_hex_center              (WbHexLayout layout, double size, WbOffset o,
                                      double *x, double *y);
/* Corner @i (0..5) offset from the centre, numbered clockwise. Flat: corner
 * i at angle 240° + 60°·i (0 top-left, 1 top-right, 2 right, 3 bottom-right,
 * 4 bottom-left, 5 left). Pointy: corner i at 270° + 60°·i (0 top, 1 upper
 * right, 2 lower right, 3 bottom, 4 lower left, 5 upper left). Angles are in
 * screen coordinates (y down). In both, the edge crossed going in direction i
 * runs from corner i to corner (i+1) % 6. */
void      wb_hex_corner_offset       (WbHexLayout layout, double size, int i,
                                      double *dx, double *dy);
WbOffset  wb_hex_from_point          (WbHexLayout layout, double size, double x, double y);
/* Size in pixels of a cols × rows map. */
void      wb_hex_map_extent          (WbHexLayout layout, double size, int cols, int rows,
                                      double *width, double *height);

G_END_DECLS
