/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-road-path"

#include "config.h"

#include <math.h>

#include "wb-road-path.h"

/* A handle may reach this share of the way to the hex's edge: the curve
 * keeps a little clear of the corners. */
#define HANDLE_ROOM 0.9

void
wb_road_net_init (WbRoadNet      *net,
                  WbHexLayout     layout,
                  double          size,
                  WbRoadMaskFunc  mask,
                  gpointer        user_data)
{
  double corner[6][2];

  g_return_if_fail (net != NULL);
  g_return_if_fail (size > 0);
  g_return_if_fail (mask != NULL);

  net->layout = layout;
  net->size = size;
  net->mask = mask;
  net->user_data = user_data;
  for (int i = 0; i < 6; i++)
    wb_hex_corner_offset (layout, size, i, &corner[i][0], &corner[i][1]);
  net->apothem = size * sqrt (3.0) / 2;
  /* The hexside crossed going in direction d runs from corner d to d + 1. */
  for (int d = 0; d < 6; d++)
    {
      net->normal[d][0] = (corner[d][0] + corner[(d + 1) % 6][0]) / 2 / net->apothem;
      net->normal[d][1] = (corner[d][1] + corner[(d + 1) % 6][1]) / 2 / net->apothem;
    }
}

static inline int
degree (guint8 mask)
{
  int n = 0;

  for (int d = 0; d < 6; d++)
    n += (mask >> d) & 1;
  return n;
}

/* Where roads meet in a hex, those that go on through it are paired off
 * as printed maps draw them: straight across (opposite hexsides) first;
 * then two hexsides a third of a turn apart, the way a road along a
 * zig-zag row goes, when they are all that is left, or when they flank a
 * third road (the stem of a T). The hexsides left over are branches, which
 * end on the first road paired, or at the centre when none is (three
 * roads meeting at equal angles). */
int
wb_road_through (guint8 mask,
                 int    dir)
{
  guint8 rest = 0;

  g_return_val_if_fail (dir >= 0 && dir < 6, WB_ROAD_HUB);

  mask &= 0x3f;
  if (!(mask & (1 << dir)) || degree (mask) < 2)
    return WB_ROAD_HUB;
  if (degree (mask) == 2)
    {
      for (int e = 0; e < 6; e++)
        if (e != dir && (mask & (1 << e)))
          return e;
      g_assert_not_reached ();
    }

  if (mask & (1 << ((dir + 3) % 6)))
    return (dir + 3) % 6;
  for (int d = 0; d < 6; d++)
    if ((mask & (1 << d)) && !(mask & (1 << ((d + 3) % 6))))
      rest |= 1 << d;
  for (int k = -2; k <= 2; k += 4)
    {
      int e = (dir + k + 6) % 6, mid = (dir + k / 2 + 6) % 6;

      if (!(rest & (1 << e)))
        continue;
      /* The two are all that is left, or a T's stem lies between them. */
      if (degree (rest) == 2 || (degree (rest) == 3 && (rest & (1 << mid))))
        return e;
    }
  return WB_ROAD_HUB;
}

static inline guint8
mask_of (const WbRoadNet *net,
         WbOffset         o)
{
  return net->mask (o, net->user_data) & 0x3f;
}

static inline WbRoadPoint
centre_of (const WbRoadNet *net,
           WbOffset         o)
{
  WbRoadPoint c;

  wb_hex_center (net->layout, net->size, o, &c.x, &c.y);
  return c;
}

static inline WbRoadPoint
side_middle (const WbRoadNet *net,
             WbRoadPoint      c,
             int              dir)
{
  return (WbRoadPoint) { c.x + net->apothem * net->normal[dir][0], c.y + net->apothem * net->normal[dir][1] };
}

static inline WbRoadPoint
unit (double x,
      double y)
{
  double len = hypot (x, y);

  /* Never zero: the points compared are on different hexsides, or a
   * hexside and the centre. */
  g_assert (len > 0);
  return (WbRoadPoint) { x / len, y / len };
}

static inline gboolean
parallel (WbRoadPoint a,
          WbRoadPoint b)
{
  return fabs (a.x * b.y - a.y * b.x) < 1e-9 && a.x * b.x + a.y * b.y > 0;
}

/* The direction of the road in @o (mask @mask) running out by hexside
 * @dir: from the middle of the hexside it comes in by (the centre, where
 * it ends or branches) to the middle of @dir. */
static WbRoadPoint
chord_out (const WbRoadNet *net,
           WbOffset         o,
           guint8           mask,
           int              dir)
{
  WbRoadPoint c = centre_of (net, o);
  WbRoadPoint m = side_middle (net, c, dir);
  int e = wb_road_through (mask, dir);
  WbRoadPoint k = e == WB_ROAD_HUB ? c : side_middle (net, c, e);

  return unit (m.x - k.x, m.y - k.y);
}

/* Whether the road runs out of @o by @dir on a straight run: in the hex
 * before, it ran the same way. Not when it comes from off the map: the
 * hex that leaves the map takes a turn, not the hex inside. */
static gboolean
straight_run (const WbRoadNet *net,
              WbOffset         o,
              guint8           mask,
              int              dir)
{
  int e = wb_road_through (mask, dir);
  WbOffset before;
  guint8 before_mask;

  if (e == WB_ROAD_HUB)
    return FALSE;
  before = wb_hex_neighbour (net->layout, o, e);
  before_mask = mask_of (net, before);
  if (!(before_mask & (1 << ((e + 3) % 6))))
    return FALSE;
  return parallel (chord_out (net, before, before_mask, (e + 3) % 6), chord_out (net, o, mask, dir));
}

/* @u mirrored across the line along the unit vector @c: a road that came
 * in turning by some angle from its chord leaves turning as much the
 * other way, like a circle's arc, with no wiggle. */
static inline WbRoadPoint
mirror (WbRoadPoint u,
        WbRoadPoint c)
{
  double k = 2 * (u.x * c.x + u.y * c.y);

  return (WbRoadPoint) { k * c.x - u.x, k * c.y - u.y };
}

static WbRoadPoint side_tangent (const WbRoadNet *net, WbOffset o, guint8 mask, int dir, gboolean nested);

/* How the road leaves the map by hexside @dir of @o: as it came in, the
 * turn in this hex mirrored, while that crosses the hexside clearly (at
 * 30° to it or more); else along its chord. */
static WbRoadPoint
off_map_tangent (const WbRoadNet *net,
                 WbOffset         o,
                 guint8           mask,
                 int              dir,
                 gboolean         nested)
{
  WbRoadPoint chord = chord_out (net, o, mask, dir), in, out;
  int e = wb_road_through (mask, dir);

  if (nested || e == WB_ROAD_HUB)
    return chord;
  in = side_tangent (net, o, mask, e, TRUE);
  out = mirror ((WbRoadPoint) { -in.x, -in.y }, chord);
  if (out.x * net->normal[dir][0] + out.y * net->normal[dir][1] < 0.5)
    return chord;
  return out;
}

/* The unit direction in which the road crosses hexside @dir of @o,
 * outwards. Named from the hex across, it is the same line the other way,
 * so the path is smooth across the hexside. (@nested: asked for how the
 * road leaves the map by the hex's other hexside; then a road leaving the
 * map by both goes along its chord.) */
static WbRoadPoint
side_tangent (const WbRoadNet *net,
              WbOffset         o,
              guint8           mask,
              int              dir,
              gboolean         nested)
{
  WbRoadPoint here = chord_out (net, o, mask, dir), there;
  WbOffset n = wb_hex_neighbour (net->layout, o, dir);
  guint8 n_mask = mask_of (net, n);
  int back = (dir + 3) % 6;
  gboolean straight_here, straight_there;

  if (!(n_mask & (1 << back)))
    return off_map_tangent (net, o, mask, dir, nested);
  there = chord_out (net, n, n_mask, back);
  there.x = -there.x;
  there.y = -there.y;
  if (parallel (here, there))
    return here;
  /* A straight run stays straight: the hex that turns takes the turn. */
  straight_here = straight_run (net, o, mask, dir);
  straight_there = straight_run (net, n, n_mask, back);
  if (straight_here && !straight_there)
    return here;
  if (straight_there && !straight_here)
    return there;
  return unit (here.x + there.x, here.y + there.y);
}

/* How far from @p (inside the hex centred at @c or on its edge) the hex
 * goes on in the unit direction @u. The hex is the three slabs
 * |n_k · (q − c)| ≤ apothem. */
static double
room_ahead (const WbRoadNet *net,
            WbRoadPoint      c,
            WbRoadPoint      p,
            WbRoadPoint      u)
{
  double best = G_MAXDOUBLE;

  for (int k = 0; k < 3; k++)
    {
      double s = net->normal[k][0] * (p.x - c.x) + net->normal[k][1] * (p.y - c.y);
      double v = net->normal[k][0] * u.x + net->normal[k][1] * u.y;

      if (v > 1e-12)
        best = MIN (best, (net->apothem - s) / v);
      else if (v < -1e-12)
        best = MIN (best, (-net->apothem - s) / v);
    }
  return MAX (best, 0);
}

/* The piece from @from to @to (hexsides, or WB_ROAD_HUB for @hub). */
static void
piece_between (const WbRoadNet *net,
               WbOffset         o,
               guint8           mask,
               int              from,
               int              to,
               WbRoadPoint      hub,
               WbRoadPiece     *piece)
{
  WbRoadPoint c = centre_of (net, o);
  WbRoadPoint p0, p3, u0, u3;
  double chord, cos_turn, quarter, h, h0, h3;

  /* The ends and the directions the road runs in there. Where roads meet
   * a branch heads straight for its hexside, so at the centre opposite
   * branches are in line; a road's end is a circle's arc into the
   * centre. */
  if (from == WB_ROAD_HUB)
    {
      WbRoadPoint t = side_tangent (net, o, mask, to, FALSE);

      p0 = hub;
      p3 = side_middle (net, c, to);
      u3 = t;
      u0 = degree (mask) == 1 ? mirror (u3, unit (p3.x - p0.x, p3.y - p0.y))
                              : (WbRoadPoint) { net->normal[to][0], net->normal[to][1] };
    }
  else if (to == WB_ROAD_HUB)
    {
      WbRoadPoint t = side_tangent (net, o, mask, from, FALSE);

      p0 = side_middle (net, c, from);
      p3 = hub;
      u0 = (WbRoadPoint) { -t.x, -t.y };
      u3 = degree (mask) == 1 ? mirror (u0, unit (p3.x - p0.x, p3.y - p0.y))
                              : (WbRoadPoint) { -net->normal[from][0], -net->normal[from][1] };
    }
  else
    {
      WbRoadPoint t = side_tangent (net, o, mask, from, FALSE);

      p0 = side_middle (net, c, from);
      u0 = (WbRoadPoint) { -t.x, -t.y };
      p3 = side_middle (net, c, to);
      u3 = side_tangent (net, o, mask, to, FALSE);
    }

  /* Handles of a circular arc turning as much (a third of the chord when
   * straight), then kept inside the hex so the curve is. */
  chord = hypot (p3.x - p0.x, p3.y - p0.y);
  cos_turn = CLAMP (u0.x * u3.x + u0.y * u3.y, -1.0, 1.0);
  quarter = cos (acos (cos_turn) / 4);
  h = chord / (3 * quarter * quarter);
  h0 = MIN (h, HANDLE_ROOM * room_ahead (net, c, p0, u0));
  h3 = MIN (h, HANDLE_ROOM * room_ahead (net, c, p3, (WbRoadPoint) { -u3.x, -u3.y }));

  piece->p[0] = p0;
  piece->p[1] = (WbRoadPoint) { p0.x + u0.x * h0, p0.y + u0.y * h0 };
  piece->p[2] = (WbRoadPoint) { p3.x - u3.x * h3, p3.y - u3.y * h3 };
  piece->p[3] = p3;
}

/* Where a hex's branches end: halfway along its first road that goes
 * through, or the centre. */
static WbRoadPoint
hub_point (const WbRoadNet *net,
           WbOffset         o,
           guint8           mask)
{
  WbRoadPoint centre = centre_of (net, o);

  if (degree (mask) < 3)
    return centre;
  for (int d = 0; d < 6; d++)
    {
      int e = (mask & (1 << d)) ? wb_road_through (mask, d) : WB_ROAD_HUB;

      if (e != WB_ROAD_HUB)
        {
          WbRoadPiece through;

          piece_between (net, o, mask, d, e, centre, &through);
          /* The Bézier at t = ½. */
          return (WbRoadPoint) {
            (through.p[0].x + 3 * through.p[1].x + 3 * through.p[2].x + through.p[3].x) / 8,
            (through.p[0].y + 3 * through.p[1].y + 3 * through.p[2].y + through.p[3].y) / 8,
          };
        }
    }
  return centre;
}

void
wb_road_piece (const WbRoadNet *net,
               WbOffset         hex,
               int              from,
               int              to,
               WbRoadPiece     *piece)
{
  guint8 mask;
  WbRoadPoint hub;

  g_return_if_fail (net != NULL && piece != NULL);
  g_return_if_fail (from >= WB_ROAD_HUB && from < 6 && to >= WB_ROAD_HUB && to < 6);
  g_return_if_fail (from != to);

  mask = mask_of (net, hex);
  if (from == WB_ROAD_HUB || to == WB_ROAD_HUB)
    hub = hub_point (net, hex, mask);
  else
    hub = centre_of (net, hex);
  piece_between (net, hex, mask, from, to, hub, piece);
}

void
wb_road_crossing (const WbRoadNet *net,
                  WbOffset         hex,
                  int              dir,
                  double          *ux,
                  double          *uy)
{
  WbRoadPoint t;

  g_return_if_fail (net != NULL && ux != NULL && uy != NULL);
  g_return_if_fail (dir >= 0 && dir < 6);

  t = side_tangent (net, hex, mask_of (net, hex), dir, FALSE);
  *ux = t.x;
  *uy = t.y;
}
