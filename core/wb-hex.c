/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-hex"

#include "config.h"

#include <math.h>

#include "wb-hex.h"

/*
 * Internally everything is done in axial coordinates (q, r) with the cube
 * mapping x = q, z = r, y = -q - r (redblobgames).  Pixel axes are screen
 * axes: x grows right, y grows down.
 *
 *   flat:   pixel = size · (3/2 q,  √3/2 q + √3 r)
 *   pointy: pixel = size · (√3 q + √3/2 r,  3/2 r)
 *
 * plus an origin that puts the top-left hex of the map flush with (0, 0).
 * None of the functions below allocate: wb_hex_line () in particular is
 * called millions of times per second by line-of-sight code.
 */

#define SQRT3 1.73205080756887729353

/* Indexed by direction, clockwise, see WbHexOrientation. */
static const WbAxial flat_dirs[WB_HEX_DIRECTIONS] = {
  {  0, -1 },  /* N  */
  { +1, -1 },  /* NE */
  { +1,  0 },  /* SE */
  {  0, +1 },  /* S  */
  { -1, +1 },  /* SW */
  { -1,  0 },  /* NW */
};

static const WbAxial pointy_dirs[WB_HEX_DIRECTIONS] = {
  { +1, -1 },  /* NE */
  { +1,  0 },  /* E  */
  {  0, +1 },  /* SE */
  { -1, +1 },  /* SW */
  { -1,  0 },  /* W  */
  {  0, -1 },  /* NW */
};

/* Unit corner offsets (multiply by size), see wb_hex_corner_offset (). */
static const double flat_corners[WB_HEX_DIRECTIONS][2] = {
  { -0.5, -SQRT3 / 2 },
  { +0.5, -SQRT3 / 2 },
  { +1.0,  0.0 },
  { +0.5, +SQRT3 / 2 },
  { -0.5, +SQRT3 / 2 },
  { -1.0,  0.0 },
};

static const double pointy_corners[WB_HEX_DIRECTIONS][2] = {
  {  0.0,       -1.0 },
  { +SQRT3 / 2, -0.5 },
  { +SQRT3 / 2, +0.5 },
  {  0.0,       +1.0 },
  { -SQRT3 / 2, +0.5 },
  { -SQRT3 / 2, -0.5 },
};

static inline const WbAxial *
dirs_for (WbHexLayout layout)
{
  return layout.orientation == WB_HEX_POINTY ? pointy_dirs : flat_dirs;
}

/* Whether column (flat) or row (pointy) @index is drawn half a hex
 * down/right. (index & 1) is right for negative indices too. */
static inline gboolean
is_shifted (WbHexLayout layout, int index)
{
  return (index & 1) == (layout.parity == WB_HEX_EVEN ? 0 : 1);
}

static inline int
axial_distance (WbAxial a, WbAxial b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;
  int ds = -dq - dr;

  return (ABS (dq) + ABS (dr) + ABS (ds)) / 2;
}

/**
 * wb_hex_offset_to_axial:
 * @layout: the map layout
 * @o: zero-based offset coordinates
 *
 * Returns: the axial coordinates of @o. Offset (0, 0) is axial (0, 0) in
 *   every layout.
 */
WbAxial
wb_hex_offset_to_axial (WbHexLayout layout,
                        WbOffset    o)
{
  WbAxial a;
  int even = layout.parity == WB_HEX_EVEN;

  /* The numerators are always even, so '/' is an exact division even for
   * negative coordinates. */
  if (layout.orientation == WB_HEX_POINTY)
    {
      a.q = o.col - (even ? o.row + (o.row & 1) : o.row - (o.row & 1)) / 2;
      a.r = o.row;
    }
  else
    {
      a.q = o.col;
      a.r = o.row - (even ? o.col + (o.col & 1) : o.col - (o.col & 1)) / 2;
    }

  return a;
}

/**
 * wb_hex_axial_to_offset:
 * @layout: the map layout
 * @a: axial coordinates
 *
 * Returns: the offset coordinates of @a; inverse of
 *   wb_hex_offset_to_axial ().
 */
WbOffset
wb_hex_axial_to_offset (WbHexLayout layout,
                        WbAxial     a)
{
  WbOffset o;
  int even = layout.parity == WB_HEX_EVEN;

  if (layout.orientation == WB_HEX_POINTY)
    {
      o.col = a.q + (even ? a.r + (a.r & 1) : a.r - (a.r & 1)) / 2;
      o.row = a.r;
    }
  else
    {
      o.col = a.q;
      o.row = a.r + (even ? a.q + (a.q & 1) : a.q - (a.q & 1)) / 2;
    }

  return o;
}

/**
 * wb_hex_axial_to_cube:
 * @a: axial coordinates
 *
 * Returns: the cube coordinates (x = q, z = r, y = -q - r).
 */
WbCube
wb_hex_axial_to_cube (WbAxial a)
{
  WbCube c = { a.q, -a.q - a.r, a.r };

  return c;
}

/**
 * wb_hex_cube_to_axial:
 * @c: cube coordinates with x + y + z == 0
 *
 * Returns: the axial coordinates (q = x, r = z).
 */
WbAxial
wb_hex_cube_to_axial (WbCube c)
{
  WbAxial a = { c.x, c.z };

  return a;
}

/**
 * wb_hex_neighbour:
 * @layout: the map layout
 * @o: a hex
 * @dir: a direction, 0..5
 *
 * Returns: the hex next to @o in direction @dir (possibly off-map).
 */
WbOffset
wb_hex_neighbour (WbHexLayout layout,
                  WbOffset    o,
                  int         dir)
{
  WbAxial a;
  const WbAxial *d;

  g_return_val_if_fail (dir >= 0 && dir < WB_HEX_DIRECTIONS, o);

  a = wb_hex_offset_to_axial (layout, o);
  d = &dirs_for (layout)[dir];
  a.q += d->q;
  a.r += d->r;

  return wb_hex_axial_to_offset (layout, a);
}

/**
 * wb_hex_direction_to:
 * @layout: the map layout
 * @from: a hex
 * @to: another hex
 *
 * Returns: the direction 0..5 from @from to @to if they are adjacent,
 *   -1 otherwise (including @from == @to).
 */
int
wb_hex_direction_to (WbHexLayout layout,
                     WbOffset    from,
                     WbOffset    to)
{
  WbAxial a = wb_hex_offset_to_axial (layout, from);
  WbAxial b = wb_hex_offset_to_axial (layout, to);
  const WbAxial *d = dirs_for (layout);
  int dq = b.q - a.q;
  int dr = b.r - a.r;

  for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
    if (d[i].q == dq && d[i].r == dr)
      return i;

  return -1;
}

/**
 * wb_hex_distance:
 * @layout: the map layout
 * @a: a hex
 * @b: another hex
 *
 * Returns: the number of hex steps from @a to @b.
 */
int
wb_hex_distance (WbHexLayout layout,
                 WbOffset    a,
                 WbOffset    b)
{
  return axial_distance (wb_hex_offset_to_axial (layout, a),
                         wb_hex_offset_to_axial (layout, b));
}

/**
 * wb_hexside_canonical:
 * @layout: the map layout
 * @hex: a hex
 * @dir: a direction 0..5 from @hex
 *
 * Returns: the canonical name of the edge of @hex in direction @dir: dir
 *   0..2, owned by whichever of the two hexes sees it in those directions.
 */
WbHexside
wb_hexside_canonical (WbHexLayout layout,
                      WbOffset    hex,
                      int         dir)
{
  WbHexside side = { hex, dir };

  g_return_val_if_fail (dir >= 0 && dir < WB_HEX_DIRECTIONS, side);

  if (dir >= 3)
    {
      side.hex = wb_hex_neighbour (layout, hex, dir);
      side.dir = dir - 3;
    }

  return side;
}

/**
 * wb_hexside_equal:
 * @a: a canonical hexside
 * @b: another canonical hexside
 *
 * Compares two hexsides field by field. Both must come from
 * wb_hexside_canonical () (the comparison needs no layout that way).
 *
 * Returns: %TRUE if @a and @b name the same edge.
 */
gboolean
wb_hexside_equal (WbHexside a,
                  WbHexside b)
{
  return a.dir == b.dir && wb_offset_equal (a.hex, b.hex);
}

/**
 * wb_hexside_hexes:
 * @layout: the map layout
 * @side: a hexside, canonical or not
 * @a: (out): @side's own hex
 * @b: (out): the hex across the edge
 */
void
wb_hexside_hexes (WbHexLayout layout,
                  WbHexside   side,
                  WbOffset   *a,
                  WbOffset   *b)
{
  g_return_if_fail (a != NULL && b != NULL);
  g_return_if_fail (side.dir >= 0 && side.dir < WB_HEX_DIRECTIONS);

  *a = side.hex;
  *b = wb_hex_neighbour (layout, side.hex, side.dir);
}

/**
 * wb_hex_ring:
 * @layout: the map layout
 * @centre: the centre hex
 * @radius: the ring radius, >= 0
 * @out: (array length=out_len) (nullable): where to write the hexes
 * @out_len: room in @out
 *
 * Lists the hexes at exactly @radius from @centre. The ring starts at the
 * hex @radius steps from @centre in direction 0 and walks clockwise (on
 * screen). Radius 0 gives @centre alone.
 *
 * Returns: how many hexes the ring has (6 × @radius, or 1), whether or
 *   not they all fit in @out.
 */
gsize
wb_hex_ring (WbHexLayout layout,
             WbOffset    centre,
             int         radius,
             WbOffset   *out,
             gsize       out_len)
{
  const WbAxial *d = dirs_for (layout);
  gsize count;
  gsize n = 0;
  WbAxial a;

  g_return_val_if_fail (radius >= 0, 0);
  g_return_val_if_fail (out != NULL || out_len == 0, 0);

  count = radius == 0 ? 1 : (gsize) WB_HEX_DIRECTIONS * (gsize) radius;
  if (out_len == 0)
    return count;

  if (radius == 0)
    {
      out[0] = centre;
      return count;
    }

  a = wb_hex_offset_to_axial (layout, centre);
  a.q += d[0].q * radius;
  a.r += d[0].r * radius;

  /* From the corner in direction 0, heading in direction 2 runs clockwise
   * along the side to the corner in direction 1, and so on. */
  for (int side = 0; side < WB_HEX_DIRECTIONS; side++)
    {
      const WbAxial *step = &d[(side + 2) % WB_HEX_DIRECTIONS];

      for (int i = 0; i < radius; i++)
        {
          out[n++] = wb_hex_axial_to_offset (layout, a);
          if (n == out_len)
            return count;
          a.q += step->q;
          a.r += step->r;
        }
    }

  return count;
}

/**
 * wb_hex_range:
 * @layout: the map layout
 * @centre: the centre hex
 * @radius: the radius, >= 0
 * @out: (array length=out_len) (nullable): where to write the hexes
 * @out_len: room in @out
 *
 * Lists the hexes within @radius of @centre: ring 0 (@centre), then ring
 * 1, … up to ring @radius, each in wb_hex_ring () order.
 *
 * Returns: how many hexes there are in all (1 + 3r(r + 1)).
 */
gsize
wb_hex_range (WbHexLayout layout,
              WbOffset    centre,
              int         radius,
              WbOffset   *out,
              gsize       out_len)
{
  gsize total = 0;

  g_return_val_if_fail (radius >= 0, 0);
  g_return_val_if_fail (out != NULL || out_len == 0, 0);

  for (int k = 0; k <= radius; k++)
    {
      if (total < out_len)
        total += wb_hex_ring (layout, centre, k, out + total, out_len - total);
      else
        total += k == 0 ? 1 : (gsize) WB_HEX_DIRECTIONS * (gsize) k;
    }

  return total;
}

/* floor (v + 0.5). libm's round () is an out-of-line call on baseline
 * x86-64 and was a third of wb_hex_line ()'s time. Which way exact halves
 * go does not matter: the line nudges its points off them, and a point on
 * a hexside may go to either hex. */
static inline double
round_nearest (double v)
{
  double t = v + 0.5;
  double f = (double) (gint64) t;

  return f > t ? f - 1.0 : f;
}

/* Nearest hex to a fractional cube point: round each coordinate, then
 * recompute the one that moved most so that x + y + z == 0 again. */
static inline WbAxial
cube_round (double x,
            double y,
            double z)
{
  double rx = round_nearest (x);
  double ry = round_nearest (y);
  double rz = round_nearest (z);
  double dx = fabs (rx - x);
  double dy = fabs (ry - y);
  double dz = fabs (rz - z);
  WbAxial a;

  /* Only x and z are kept, so when y moved most there is nothing to fix. */
  if (dx > dy && dx > dz)
    rx = -ry - rz;
  else if (dy <= dz)
    rz = -rx - ry;

  a.q = (int) rx;
  a.r = (int) rz;

  return a;
}

/* The nudge that decides hexside ties; its sum is 0, so it stays in the
 * x + y + z == 0 plane, and its dot product with every direction vector is
 * non-zero, so it pushes a point lying on any hexside off it. */
#define NUDGE_X  1e-6
#define NUDGE_Y  2e-6
#define NUDGE_Z -3e-6

/**
 * wb_hex_line:
 * @layout: the map layout
 * @a: the first hex
 * @b: the last hex
 * @out: (array length=out_len) (nullable): where to write the steps
 * @out_len: room in @out
 *
 * Lists the hexes a straight line from the centre of @a to the centre of
 * @b passes through: one step per unit of distance, each step the hex
 * nearest to the matching point of the line. Where that point lies on a
 * hexside (the line runs exactly along it there), the step is a tie and
 * names both hexes: @hex is the one on the side of the (+1, +2, -3)·1e-6
 * cube nudge, @alt the one on the other. Step i lies at distance i from
 * @a; consecutive steps are adjacent, whichever of a tie's hexes is taken.
 *
 * Returns: the number of steps (distance + 1), whether or not they all fit
 *   in @out.
 */
gsize
wb_hex_line (WbHexLayout layout,
             WbOffset    a,
             WbOffset    b,
             WbLosStep  *out,
             gsize       out_len)
{
  WbAxial aa, ab;
  int n;
  double x0, y0, z0, sx, sy, sz;
  gsize count, limit;

  g_return_val_if_fail (out != NULL || out_len == 0, 0);

  aa = wb_hex_offset_to_axial (layout, a);
  ab = wb_hex_offset_to_axial (layout, b);
  n = axial_distance (aa, ab);
  count = (gsize) n + 1;
  limit = MIN (count, out_len);

  if (limit == 0)
    return count;

  out[0].hex = out[0].alt = a;
  out[0].tie = FALSE;
  if (n == 0)
    return count;

  /* Per-step increments. Multiplying rather than dividing is off by an
   * ulp or so: harmless, since the points off hexsides are at least about
   * 1/(2n) clear of them and the nudge is 1e-6. */
  x0 = aa.q;
  z0 = aa.r;
  y0 = -x0 - z0;
  sx = (double) (ab.q - aa.q) / n;
  sz = (double) (ab.r - aa.r) / n;
  sy = -sx - sz;

  for (gsize i = 1; i < limit; i++)
    {
      WbLosStep *step = &out[i];
      WbAxial h1, h2;
      double x, y, z;

      if (i == (gsize) n)
        {
          step->hex = step->alt = b;
          step->tie = FALSE;
          break;
        }

      x = x0 + sx * (double) i;
      y = y0 + sy * (double) i;
      z = z0 + sz * (double) i;

      h1 = cube_round (x + NUDGE_X, y + NUDGE_Y, z + NUDGE_Z);
      h2 = cube_round (x - NUDGE_X, y - NUDGE_Y, z - NUDGE_Z);

      step->hex = wb_hex_axial_to_offset (layout, h1);
      if (h1.q == h2.q && h1.r == h2.r)
        {
          step->alt = step->hex;
          step->tie = FALSE;
        }
      else
        {
          step->alt = wb_hex_axial_to_offset (layout, h2);
          step->tie = TRUE;
        }
    }

  return count;
}

/* Pixel centre of axial (0, 0), i.e. offset (0, 0). With EVEN parity
 * column/row 0 is a shifted one, so it sits half a hex further down
 * (flat) or right (pointy). */
static inline void
origin (WbHexLayout layout,
        double      size,
        double     *x,
        double     *y)
{
  double shift = layout.parity == WB_HEX_EVEN ? 1.0 : 0.5;

  if (layout.orientation == WB_HEX_POINTY)
    {
      *x = size * SQRT3 * shift;
      *y = size;
    }
  else
    {
      *x = size;
      *y = size * SQRT3 * shift;
    }
}

/**
 * wb_hex_center:
 * @layout: the map layout
 * @size: the centre-to-corner radius in pixels
 * @o: a hex
 * @x: (out): the centre's x
 * @y: (out): the centre's y
 *
 * Computes the pixel centre of @o. Column 0 (flat) or row 0 (pointy)
 * touches the left/top edge, and so do the unshifted columns/rows. With
 * EVEN parity column/row 0 is itself shifted, so hex (0, 0) sits half a
 * hex further down (flat) or right (pointy) than with ODD parity.
 */
void
wb_hex_center (WbHexLayout layout,
               double      size,
               WbOffset    o,
               double     *x,
               double     *y)
{
  g_return_if_fail (x != NULL && y != NULL);

  if (layout.orientation == WB_HEX_POINTY)
    {
      double shift = is_shifted (layout, o.row) ? 1.0 : 0.5;

      *x = size * SQRT3 * (o.col + shift);
      *y = size * (1.0 + 1.5 * o.row);
    }
  else
    {
      double shift = is_shifted (layout, o.col) ? 1.0 : 0.5;

      *x = size * (1.0 + 1.5 * o.col);
      *y = size * SQRT3 * (o.row + shift);
    }
}

/**
 * wb_hex_corner_offset:
 * @layout: the map layout
 * @size: the centre-to-corner radius in pixels
 * @i: the corner, 0..5
 * @dx: (out): the corner's x offset from the hex centre
 * @dy: (out): the corner's y offset from the hex centre
 *
 * Corner @i lies at angle 240° + 60°·i (flat: 0 top-left, 1 top-right,
 * 2 right, …) or 270° + 60°·i (pointy: 0 top, 1 upper right, …), in
 * screen coordinates where y grows down. Clockwise, like the directions;
 * the edge crossed going in direction i runs from corner i to corner
 * (i + 1) % 6.
 */
void
wb_hex_corner_offset (WbHexLayout layout,
                      double      size,
                      int         i,
                      double     *dx,
                      double     *dy)
{
  const double (*corners)[2];

  g_return_if_fail (dx != NULL && dy != NULL);
  g_return_if_fail (i >= 0 && i < WB_HEX_DIRECTIONS);

  corners = layout.orientation == WB_HEX_POINTY ? pointy_corners : flat_corners;
  *dx = size * corners[i][0];
  *dy = size * corners[i][1];
}

/**
 * wb_hex_from_point:
 * @layout: the map layout
 * @size: the centre-to-corner radius in pixels
 * @x: a pixel x
 * @y: a pixel y
 *
 * Finds the hex containing a point; the inverse of wb_hex_center (). Points
 * off the map give off-map (possibly negative) coordinates.
 *
 * Returns: the hex whose centre is nearest to (@x, @y).
 */
WbOffset
wb_hex_from_point (WbHexLayout layout,
                   double      size,
                   double      x,
                   double      y)
{
  double ox, oy, q, r;

  g_return_val_if_fail (size > 0, ((WbOffset) { 0, 0 }));

  origin (layout, size, &ox, &oy);
  x = (x - ox) / size;
  y = (y - oy) / size;

  if (layout.orientation == WB_HEX_POINTY)
    {
      q = SQRT3 / 3.0 * x - 1.0 / 3.0 * y;
      r = 2.0 / 3.0 * y;
    }
  else
    {
      q = 2.0 / 3.0 * x;
      r = -1.0 / 3.0 * x + SQRT3 / 3.0 * y;
    }

  return wb_hex_axial_to_offset (layout, cube_round (q, -q - r, r));
}

/**
 * wb_hex_map_extent:
 * @layout: the map layout
 * @size: the centre-to-corner radius in pixels
 * @cols: number of columns
 * @rows: number of rows
 * @width: (out): the map's width in pixels
 * @height: (out): the map's height in pixels
 *
 * Computes the size of the box from (0, 0) that holds every hex of a
 * @cols × @rows map, corners included. It includes the extra half hex of
 * the shifted columns/rows; with EVEN parity and a single column (flat) or
 * row (pointy), that half hex is at the top/left instead and left empty.
 */
void
wb_hex_map_extent (WbHexLayout layout,
                   double      size,
                   int         cols,
                   int         rows,
                   double     *width,
                   double     *height)
{
  g_return_if_fail (width != NULL && height != NULL);

  if (cols <= 0 || rows <= 0)
    {
      *width = *height = 0;
      return;
    }

  if (layout.orientation == WB_HEX_POINTY)
    {
      gboolean any_shifted = rows > 1 || is_shifted (layout, 0);

      *width = size * SQRT3 * (cols + (any_shifted ? 0.5 : 0.0));
      *height = size * (0.5 + 1.5 * rows);
    }
  else
    {
      gboolean any_shifted = cols > 1 || is_shifted (layout, 0);

      *width = size * (0.5 + 1.5 * cols);
      *height = size * SQRT3 * (rows + (any_shifted ? 0.5 : 0.0));
    }
}
