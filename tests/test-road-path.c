/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-road-path"

#include "config.h"

#include <math.h>
#include <string.h>

#include <check.h>

#include "warbench-core.h"
#include "wb-road-path.h"

/* Where roads run inside hexes (core/wb-road-path.c), as printed maps draw
 * them: across the middle of every hexside they cross, straight along a
 * zig-zag row of hexes, smooth from hex to hex, inside the hexes they
 * join, to the centre where they end or branch. */

#define SIZE 30.0
#define EPS (1e-9 * SIZE)

static const WbHexLayout layouts[] = {
  { WB_HEX_FLAT, WB_HEX_ODD },
  { WB_HEX_FLAT, WB_HEX_EVEN },
  { WB_HEX_POINTY, WB_HEX_ODD },
  { WB_HEX_POINTY, WB_HEX_EVEN },
};

#define COLS 16
#define ROWS 16

/* Roads on a small map: each hex's mask of road hexsides. */
typedef struct {
  WbHexLayout layout;
  WbRoadNet   net;
  guint8      mask[ROWS][COLS];
} Net;

static gboolean
on_map (WbOffset o)
{
  return o.col >= 0 && o.col < COLS && o.row >= 0 && o.row < ROWS;
}

static guint8
net_mask (WbOffset o,
          gpointer user_data)
{
  Net *net = user_data;

  return on_map (o) ? net->mask[o.row][o.col] : 0;
}

static void
net_init (Net        *net,
          WbHexLayout layout)
{
  memset (net, 0, sizeof *net);
  net->layout = layout;
  wb_road_net_init (&net->net, layout, SIZE, net_mask, net);
}

/* A road through @hexes in turn, each the neighbour of the one before. */
static void
net_road (Net            *net,
          const WbOffset *hexes,
          guint           n)
{
  for (guint i = 0; i + 1 < n; i++)
    {
      int d = wb_hex_direction_to (net->layout, hexes[i], hexes[i + 1]);

      ck_assert_msg (d >= 0, "(%d,%d) and (%d,%d) are not neighbours", hexes[i].col, hexes[i].row,
                     hexes[i + 1].col, hexes[i + 1].row);
      net->mask[hexes[i].row][hexes[i].col] |= 1 << d;
      net->mask[hexes[i + 1].row][hexes[i + 1].col] |= 1 << ((d + 3) % 6);
    }
}

/* The hexes from @start taking the directions @dirs in turn. */
static guint
net_walk (Net        *net,
          WbOffset    start,
          const int  *dirs,
          guint       n_dirs,
          WbOffset   *hexes)
{
  hexes[0] = start;
  for (guint i = 0; i < n_dirs; i++)
    {
      hexes[i + 1] = wb_hex_neighbour (net->layout, hexes[i], dirs[i]);
      ck_assert (on_map (hexes[i + 1]));
      for (guint j = 0; j <= i; j++)
        ck_assert (!wb_offset_equal (hexes[j], hexes[i + 1]));
    }
  net_road (net, hexes, n_dirs + 1);
  return n_dirs + 1;
}

static void
net_piece (Net         *net,
           WbOffset     o,
           int          from,
           int          to,
           WbRoadPiece *piece)
{
  wb_road_piece (&net->net, o, from, to, piece);
}

static WbRoadPoint
bezier (const WbRoadPiece *p,
        double             t)
{
  double u = 1 - t;
  double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;

  return (WbRoadPoint) {
    a * p->p[0].x + b * p->p[1].x + c * p->p[2].x + d * p->p[3].x,
    a * p->p[0].y + b * p->p[1].y + c * p->p[2].y + d * p->p[3].y,
  };
}

static WbRoadPoint
unit (double x,
      double y)
{
  double len = hypot (x, y);

  ck_assert (len > 0);
  return (WbRoadPoint) { x / len, y / len };
}

/* The road's direction leaving p[0] and arriving at p[3]. */
static WbRoadPoint
start_direction (const WbRoadPiece *p)
{
  return unit (p->p[1].x - p->p[0].x, p->p[1].y - p->p[0].y);
}

static WbRoadPoint
end_direction (const WbRoadPiece *p)
{
  return unit (p->p[3].x - p->p[2].x, p->p[3].y - p->p[2].y);
}

/* The middle of the hexside between two neighbours: halfway between their
 * centres. */
static WbRoadPoint
between (WbHexLayout layout,
         WbOffset    a,
         WbOffset    b)
{
  double ax, ay, bx, by;

  wb_hex_center (layout, SIZE, a, &ax, &ay);
  wb_hex_center (layout, SIZE, b, &bx, &by);
  return (WbRoadPoint) { (ax + bx) / 2, (ay + by) / 2 };
}

static double
distance_to_line (WbRoadPoint p,
                  WbRoadPoint a,
                  WbRoadPoint b)
{
  WbRoadPoint u = unit (b.x - a.x, b.y - a.y);

  return fabs ((p.x - a.x) * u.y - (p.y - a.y) * u.x);
}

static void
assert_point (WbRoadPoint got,
              WbRoadPoint want,
              const char *what)
{
  /* Not ck_assert (): in loops of thousands, each passing assertion
   * costs check a write to its pipe. */
  if (!(hypot (got.x - want.x, got.y - want.y) < EPS))
    ck_abort_msg ("%s: (%g, %g), expected (%g, %g)", what, got.x, got.y, want.x, want.y);
}

/* Whether @p is inside the hex centred at (@cx, @cy): within the apothem
 * of the centre along each of the three hexside normals. */
static gboolean
inside_hex (const WbRoadNet *g,
            double           cx,
            double           cy,
            WbRoadPoint      p)
{
  for (int k = 0; k < 3; k++)
    if (fabs (g->normal[k][0] * (p.x - cx) + g->normal[k][1] * (p.y - cy)) > g->apothem + EPS)
      return FALSE;
  return TRUE;
}

/* Whether the piece bends one way only (no S): the cross product of its
 * first and second derivatives keeps its sign. */
static gboolean
bends_one_way (const WbRoadPiece *p)
{
  int sign = 0;

  for (int k = 0; k <= 32; k++)
    {
      double t = k / 32.0, u = 1 - t;
      double dx = 3 * (u * u * (p->p[1].x - p->p[0].x) + 2 * u * t * (p->p[2].x - p->p[1].x) + t * t * (p->p[3].x - p->p[2].x));
      double dy = 3 * (u * u * (p->p[1].y - p->p[0].y) + 2 * u * t * (p->p[2].y - p->p[1].y) + t * t * (p->p[3].y - p->p[2].y));
      double ex = 6 * (u * (p->p[2].x - 2 * p->p[1].x + p->p[0].x) + t * (p->p[3].x - 2 * p->p[2].x + p->p[1].x));
      double ey = 6 * (u * (p->p[2].y - 2 * p->p[1].y + p->p[0].y) + t * (p->p[3].y - 2 * p->p[2].y + p->p[1].y));
      double cross = dx * ey - dy * ex;

      if (fabs (cross) < 1e-6 * SIZE * SIZE)
        continue;
      if (sign != 0 && (cross > 0) != (sign > 0))
        return FALSE;
      sign = cross > 0 ? 1 : -1;
    }
  return TRUE;
}

/* The piece of @o's road that reaches hexside @dir, oriented to leave by
 * it: from the hexside the road goes on to, or from the hub. */
static void
piece_out (Net         *net,
           WbOffset     o,
           int          dir,
           WbRoadPiece *piece)
{
  net_piece (net, o, wb_road_through (net->mask[o.row][o.col], dir), dir, piece);
}

/* And oriented to come in by @dir. */
static void
piece_in (Net         *net,
          WbOffset     o,
          int          dir,
          WbRoadPiece *piece)
{
  net_piece (net, o, dir, wb_road_through (net->mask[o.row][o.col], dir), piece);
}

/* The road pieces of a road along @hexes (ends at the first and last
 * hex's centre): [0] from the first centre, then one per hex passed
 * through, then to the last centre. */
static void
road_pieces (Net            *net,
             const WbOffset *hexes,
             guint           n,
             WbRoadPiece    *pieces)
{
  for (guint i = 0; i < n; i++)
    {
      int from = i == 0 ? WB_ROAD_HUB : wb_hex_direction_to (net->layout, hexes[i], hexes[i - 1]);
      int to = i + 1 == n ? WB_ROAD_HUB : wb_hex_direction_to (net->layout, hexes[i], hexes[i + 1]);

      net_piece (net, hexes[i], from, to, &pieces[i]);
    }
}

/* A road along a row of flat hexes (a column of pointy ones) zig-zags from
 * centre to centre by half a hexside's length each way; drawn through the
 * middles of the hexsides it crosses it is straight. The old drawing,
 * through the centres, was 0.43 of a hex size off that line in every hex. */
START_TEST (test_row_is_straight)
{
  WbHexLayout layout = layouts[_i];
  gboolean flat = layout.orientation == WB_HEX_FLAT;
  WbOffset hexes[10];
  WbRoadPiece pieces[10];
  WbRoadPoint a, b;
  Net net;

  net_init (&net, layout);
  for (int i = 0; i < 10; i++)
    hexes[i] = flat ? (WbOffset) { i + 2, 5 } : (WbOffset) { 5, i + 2 };
  net_road (&net, hexes, 10);
  road_pieces (&net, hexes, 10, pieces);

  a = between (layout, hexes[0], hexes[1]);
  b = between (layout, hexes[8], hexes[9]);
  /* Hexes 1 and 8 ease the road from the end hexes' centres into the
   * line; from 2 to 7 it is on it. */
  for (int i = 2; i < 8; i++)
    {
      double cx, cy;

      /* Through hexes only: no bend towards the centre. */
      ck_assert_int_ge (wb_road_through (net.mask[hexes[i].row][hexes[i].col],
                                         wb_hex_direction_to (layout, hexes[i], hexes[i - 1])), 0);
      for (int k = 0; k <= 32; k++)
        {
          WbRoadPoint p = bezier (&pieces[i], k / 32.0);

          ck_assert_msg (distance_to_line (p, a, b) < EPS,
                         "hex %d of the row: %g off the straight line", i, distance_to_line (p, a, b));
        }
      wb_hex_center (layout, SIZE, hexes[i], &cx, &cy);
      ck_assert_double_eq_tol (distance_to_line ((WbRoadPoint) { cx, cy }, a, b),
                               SIZE * sqrt (3.0) / 4, EPS);
    }
  /* The ends run from the end hexes' centres into that line, smoothly. */
  {
    double cx, cy;

    wb_hex_center (layout, SIZE, hexes[0], &cx, &cy);
    assert_point (pieces[0].p[0], (WbRoadPoint) { cx, cy }, "the road's start");
    assert_point (pieces[0].p[3], a, "the first hexside crossed");
    assert_point (end_direction (&pieces[0]), start_direction (&pieces[1]), "the direction at the first hexside");
    wb_hex_center (layout, SIZE, hexes[9], &cx, &cy);
    assert_point (pieces[9].p[3], (WbRoadPoint) { cx, cy }, "the road's end");
  }
}
END_TEST

/* A road across opposite hexsides runs straight through the centres, as
 * before. */
START_TEST (test_straight_through_centres)
{
  WbHexLayout layout = layouts[_i];
  WbOffset hexes[8];
  WbRoadPiece pieces[8];
  WbRoadPoint a, b;
  Net net;

  net_init (&net, layout);
  hexes[0] = (WbOffset) { 3, 3 };
  for (int i = 1; i < 8; i++)
    /* Straight on, south (flat) or east (pointy): in by one hexside, out
     * by the opposite one. */
    hexes[i] = wb_hex_neighbour (layout, hexes[i - 1], layout.orientation == WB_HEX_FLAT ? 3 : 1);
  net_road (&net, hexes, 8);
  road_pieces (&net, hexes, 8, pieces);

  wb_hex_center (layout, SIZE, hexes[0], &a.x, &a.y);
  wb_hex_center (layout, SIZE, hexes[7], &b.x, &b.y);
  for (int i = 0; i < 8; i++)
    {
      double cx, cy;

      for (int k = 0; k <= 32; k++)
        ck_assert (distance_to_line (bezier (&pieces[i], k / 32.0), a, b) < EPS);
      wb_hex_center (layout, SIZE, hexes[i], &cx, &cy);
      if (i > 0 && i < 7)
        assert_point (bezier (&pieces[i], 0.5), (WbRoadPoint) { cx, cy }, "the middle of a straight piece");
    }
}
END_TEST

/* A winding road, with every kind of bend (straight on, a gentle bend, a
 * sharp one): at each hexside it crosses, the pieces on both sides meet at
 * its middle, leave and arrive in the same direction, and cross it (at 30°
 * to it at least, never along it). */
START_TEST (test_smooth_across_hexsides)
{
  WbHexLayout layout = layouts[_i];
  /* Directions to take from (4, 8): straight on, turns of 60° either way
   * and a sharp one of 120° (0 then 2: in and out by neighbouring
   * hexsides). */
  static const int steps[] = { 1, 1, 2, 2, 1, 0, 0, 2, 2, 3, 3, 4, 3, 2, 2 };
  WbOffset hexes[G_N_ELEMENTS (steps) + 1];
  WbRoadPiece pieces[G_N_ELEMENTS (steps) + 1];
  guint n = G_N_ELEMENTS (hexes);
  Net net;

  net_init (&net, layout);
  net_walk (&net, (WbOffset) { 4, 8 }, steps, G_N_ELEMENTS (steps), hexes);
  road_pieces (&net, hexes, n, pieces);

  for (guint i = 0; i + 1 < n; i++)
    {
      WbRoadPoint m = between (layout, hexes[i], hexes[i + 1]);
      WbRoadPoint out = end_direction (&pieces[i]), in = start_direction (&pieces[i + 1]);
      double ax, ay, bx, by;
      WbRoadPoint across;

      assert_point (pieces[i].p[3], m, "a piece's end");
      assert_point (pieces[i + 1].p[0], m, "the next piece's start");
      assert_point (out, in, "the direction across a hexside");
      wb_hex_center (layout, SIZE, hexes[i], &ax, &ay);
      wb_hex_center (layout, SIZE, hexes[i + 1], &bx, &by);
      across = unit (bx - ax, by - ay);
      ck_assert_msg (out.x * across.x + out.y * across.y >= 0.5 - 1e-9,
                     "step %u crosses its hexside at %g°", i,
                     90 - acos (out.x * across.x + out.y * across.y) * 180 / G_PI);
    }
}
END_TEST

/* Random networks of every road class's shape: hexsides picked at random
 * (roads that wind, branch, cross, loop and leave the map), and masks
 * picked at random hex by hex (hexsides one hex says the road crosses and
 * the other does not, as at the edge of what is known). Every piece stays
 * inside its hex and crosses its hexsides at 30° to them or more; where
 * both hexes have the road, the pieces meet smoothly. */
START_TEST (test_random_networks)
{
  WbHexLayout layout = layouts[_i];
  g_autoptr(GRand) rand = g_rand_new_with_seed (20 + _i);
  guint pieces = 0, joins = 0;

  for (int round = 0; round < 60; round++)
    {
      gboolean consistent = round % 2 == 0;
      double p = 0.15 + 0.1 * (round % 5);
      Net net;

      net_init (&net, layout);
      for (int row = 0; row < ROWS; row++)
        for (int col = 0; col < COLS; col++)
          for (int d = 0; d < 6; d++)
            {
              WbOffset o = { col, row }, n = wb_hex_neighbour (layout, o, d);

              if (g_rand_double (rand) >= p)
                continue;
              net.mask[row][col] |= 1 << d;
              if (consistent && on_map (n))
                net.mask[n.row][n.col] |= 1 << ((d + 3) % 6);
            }

      for (int row = 0; row < ROWS; row++)
        for (int col = 0; col < COLS; col++)
          for (int d = 0; d < 6; d++)
            {
              WbOffset o = { col, row }, n = wb_hex_neighbour (layout, o, d);
              guint8 m = net.mask[row][col];
              WbRoadPiece out, in;
              WbRoadPoint u, mid;
              double cx, cy;

              if (!(m & (1 << d)))
                continue;
              wb_hex_center (layout, SIZE, o, &cx, &cy);
              piece_out (&net, o, d, &out);
              mid = (WbRoadPoint) { cx + net.net.apothem * net.net.normal[d][0],
                                    cy + net.net.apothem * net.net.normal[d][1] };
              assert_point (out.p[3], mid, "where a piece crosses its hexside");
              for (int k = 0; k <= 48; k++)
                if (!inside_hex (&net.net, cx, cy, bezier (&out, k / 48.0)))
                  ck_abort_msg ("hex (%d,%d) mask 0x%02x: the piece to hexside %d leaves the hex at t = %g",
                                col, row, m, d, k / 48.0);
              u = end_direction (&out);
              if (u.x * net.net.normal[d][0] + u.y * net.net.normal[d][1] < 0.5 - 1e-9)
                ck_abort_msg ("hex (%d,%d) mask 0x%02x: hexside %d crossed at %g°", col, row, m, d,
                              90 - acos (u.x * net.net.normal[d][0] + u.y * net.net.normal[d][1]) * 180 / G_PI);
              pieces++;

              if (!on_map (n) || !(net.mask[n.row][n.col] & (1 << ((d + 3) % 6))))
                continue;
              piece_in (&net, n, (d + 3) % 6, &in);
              assert_point (in.p[0], mid, "where the next piece starts");
              assert_point (start_direction (&in), u, "the direction across a hexside");
              joins++;
            }
    }
  ck_assert_uint_gt (pieces, 10000);
  ck_assert_uint_gt (joins, 5000);
}
END_TEST

/* A straight run stays straight up to the hex where the road turns, which
 * makes the whole turn, bending one way: no swing out before it. */
START_TEST (test_straight_until_the_turn)
{
  WbHexLayout layout = layouts[_i];
  gboolean flat = layout.orientation == WB_HEX_FLAT;
  /* Five hexes straight on (S, or E), then a turn onto a diagonal. */
  const int dirs[] = { 3, 3, 3, 3, 2, 2, 2 };
  const int pointy_dirs[] = { 1, 1, 1, 1, 2, 2, 2 };
  WbOffset hexes[8];
  WbRoadPiece piece;
  WbRoadPoint a, b;
  Net net;

  net_init (&net, layout);
  net_walk (&net, (WbOffset) { 3, 2 }, flat ? dirs : pointy_dirs, G_N_ELEMENTS (dirs), hexes);
  wb_hex_center (layout, SIZE, hexes[0], &a.x, &a.y);
  wb_hex_center (layout, SIZE, hexes[4], &b.x, &b.y);
  for (int i = 1; i <= 3; i++)
    {
      piece_out (&net, hexes[i], wb_hex_direction_to (layout, hexes[i], hexes[i + 1]), &piece);
      for (int k = 0; k <= 32; k++)
        ck_assert_msg (distance_to_line (bezier (&piece, k / 32.0), a, b) < EPS,
                       "hex %d before the turn: %g off the straight", i,
                       distance_to_line (bezier (&piece, k / 32.0), a, b));
    }
  /* Hex 4 turns, from the run's direction to the diagonal's. */
  piece_out (&net, hexes[4], wb_hex_direction_to (layout, hexes[4], hexes[5]), &piece);
  ck_assert (bends_one_way (&piece));
  assert_point (start_direction (&piece), unit (b.x - a.x, b.y - a.y), "the turn's start");
  {
    double cx5, cy5, cx6, cy6;

    wb_hex_center (layout, SIZE, hexes[5], &cx5, &cy5);
    wb_hex_center (layout, SIZE, hexes[6], &cx6, &cy6);
    assert_point (end_direction (&piece), unit (cx6 - cx5, cy6 - cy5), "the turn's end");
  }
}
END_TEST

/* Where roads meet. A T: the road along the top goes straight through and
 * the stem ends on it. A crossing: both go straight through. Three roads
 * at equal angles, and a road's end: at the centre. */
START_TEST (test_junctions)
{
  WbHexLayout layout = layouts[_i];
  gboolean flat = layout.orientation == WB_HEX_FLAT;
  WbOffset row[10], stem[4], cross[5];
  WbOffset t_hex = { 4, 6 }, x_hex = { 8, 6 };
  WbRoadPiece piece;
  WbRoadPoint a, b;
  Net net;

  net_init (&net, layout);
  /* The top of the T along a zig-zag row (a column of pointy hexes). */
  for (int i = 0; i < 10; i++)
    row[i] = flat ? (WbOffset) { i, 6 } : (WbOffset) { 6, i };
  net_road (&net, row, 10);
  if (!flat)
    {
      t_hex = (WbOffset) { 6, 4 };
      x_hex = (WbOffset) { 6, 8 };
    }
  /* The stem comes in by the hexside between the row's two there (the
   * side the row bulges to) and goes straight on away from it. */
  {
    guint8 m = net.mask[t_hex.row][t_hex.col];
    int stem_dir = 0;

    while (!((m >> ((stem_dir + 5) % 6)) & 1) || !((m >> ((stem_dir + 1) % 6)) & 1))
      stem_dir++;
    stem[0] = t_hex;
    for (int i = 1; i < 4; i++)
      stem[i] = wb_hex_neighbour (layout, stem[i - 1], stem_dir);
  }
  net_road (&net, stem, 4);
  /* A road crossing the row straight (N–S, or W–E). */
  cross[2] = x_hex;
  cross[1] = wb_hex_neighbour (layout, x_hex, flat ? 0 : 4);
  cross[0] = wb_hex_neighbour (layout, cross[1], flat ? 0 : 4);
  cross[3] = wb_hex_neighbour (layout, x_hex, flat ? 3 : 1);
  cross[4] = wb_hex_neighbour (layout, cross[3], flat ? 3 : 1);
  net_road (&net, cross, 5);

  a = between (layout, row[0], row[1]);
  b = between (layout, row[8], row[9]);
  /* The T: the row goes through, straight. */
  {
    guint8 m = net.mask[t_hex.row][t_hex.col];
    int stem_dir = wb_hex_direction_to (layout, t_hex, stem[1]);
    int d = 0;

    ck_assert_int_eq (wb_road_through (m, stem_dir), WB_ROAD_HUB);
    while (!(m & (1 << d)) || d == stem_dir)
      d++;
    ck_assert_int_ne (wb_road_through (m, d), WB_ROAD_HUB);
    piece_out (&net, t_hex, d, &piece);
    for (int k = 0; k <= 32; k++)
      ck_assert (distance_to_line (bezier (&piece, k / 32.0), a, b) < EPS);
    /* The stem ends on the row, a quarter of a hex from the centre. */
    piece_in (&net, t_hex, stem_dir, &piece);
    ck_assert (distance_to_line (piece.p[3], a, b) < EPS);
    ck_assert_double_eq_tol (distance_to_line (piece.p[0], a, b), SIZE * sqrt (3.0) / 4, EPS);
  }
  /* The crossing: the row straight, and the other road straight through
   * the centre. */
  {
    int d = wb_hex_direction_to (layout, x_hex, cross[1]);
    double cx, cy;

    ck_assert_int_eq (wb_road_through (net.mask[x_hex.row][x_hex.col], d), (d + 3) % 6);
    piece_in (&net, x_hex, d, &piece);
    wb_hex_center (layout, SIZE, x_hex, &cx, &cy);
    assert_point (bezier (&piece, 0.5), (WbRoadPoint) { cx, cy }, "the crossing road at the centre");
    for (int k = 0; k <= 32; k++)
      ck_assert (distance_to_line (bezier (&piece, k / 32.0), piece.p[0], piece.p[3]) < EPS);
    d = wb_hex_direction_to (layout, x_hex, flat ? (WbOffset) { x_hex.col + 1, x_hex.row }
                                                 : (WbOffset) { x_hex.col, x_hex.row + 1 });
    piece_out (&net, x_hex, d, &piece);
    for (int k = 0; k <= 32; k++)
      ck_assert (distance_to_line (bezier (&piece, k / 32.0), a, b) < EPS);
  }
  /* Three roads at equal angles meet at the centre; so does a road's end. */
  {
    Net y;
    WbOffset c = { 7, 7 };
    double cx, cy;

    net_init (&y, layout);
    wb_hex_center (layout, SIZE, c, &cx, &cy);
    for (int d = 0; d < 6; d += 2)
      {
        WbOffset leg[3] = { c, wb_hex_neighbour (layout, c, d) };

        leg[2] = wb_hex_neighbour (layout, leg[1], d);
        net_road (&y, leg, 3);
      }
    for (int d = 0; d < 6; d += 2)
      {
        WbOffset end = wb_hex_neighbour (layout, wb_hex_neighbour (layout, c, d), d);
        double ex, ey;

        ck_assert_int_eq (wb_road_through (y.mask[c.row][c.col], d), WB_ROAD_HUB);
        piece_in (&y, c, d, &piece);
        assert_point (piece.p[3], (WbRoadPoint) { cx, cy }, "a branch's end");
        wb_hex_center (layout, SIZE, end, &ex, &ey);
        piece_in (&y, end, (d + 3) % 6, &piece);
        assert_point (piece.p[3], (WbRoadPoint) { ex, ey }, "a road's end");
      }
  }
}
END_TEST

/* A road leaving the map crosses the edge hexside at its middle, as
 * before, going straight on when it came straight. */
START_TEST (test_map_edge)
{
  WbHexLayout layout = layouts[_i];
  WbOffset hexes[5];
  int out_dir = layout.orientation == WB_HEX_FLAT ? 0 : 4;   /* N, or W */
  WbRoadPiece piece;
  double cx, cy;
  Net net;

  net_init (&net, layout);
  hexes[0] = layout.orientation == WB_HEX_FLAT ? (WbOffset) { 3, 0 } : (WbOffset) { 0, 3 };
  for (int i = 1; i < 5; i++)
    hexes[i] = wb_hex_neighbour (layout, hexes[i - 1], (out_dir + 3) % 6);
  net_road (&net, hexes, 5);
  net.mask[hexes[0].row][hexes[0].col] |= 1 << out_dir;
  ck_assert (!on_map (wb_hex_neighbour (layout, hexes[0], out_dir)));

  piece_out (&net, hexes[0], out_dir, &piece);
  wb_hex_center (layout, SIZE, hexes[0], &cx, &cy);
  assert_point (piece.p[3], (WbRoadPoint) { cx + net.net.apothem * net.net.normal[out_dir][0],
                                            cy + net.net.apothem * net.net.normal[out_dir][1] },
                "where the road leaves the map");
  for (int k = 0; k <= 32; k++)
    ck_assert (distance_to_line (bezier (&piece, k / 32.0), (WbRoadPoint) { cx, cy }, piece.p[3]) < EPS);
}
END_TEST

static Suite *
road_path_suite (void)
{
  Suite *s = suite_create ("road-path");
  TCase *tc = tcase_create ("geometry");

  tcase_add_loop_test (tc, test_row_is_straight, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_straight_through_centres, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_smooth_across_hexsides, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_straight_until_the_turn, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_junctions, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_map_edge, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_random_networks, 0, G_N_ELEMENTS (layouts));
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (road_path_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? 0 : 1;
}
