/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-hex"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <check.h>
#include <glib.h>

#include "wb-hex.h"

/* Loop tests run once per layout; _i indexes this table. */
static const WbHexLayout layouts[] = {
  { WB_HEX_FLAT,   WB_HEX_ODD },
  { WB_HEX_FLAT,   WB_HEX_EVEN },
  { WB_HEX_POINTY, WB_HEX_ODD },
  { WB_HEX_POINTY, WB_HEX_EVEN },
};
#define N_LAYOUTS ((int) G_N_ELEMENTS (layouts))

static const WbHexLayout flat_odd = { WB_HEX_FLAT, WB_HEX_ODD };
static const WbHexLayout flat_even = { WB_HEX_FLAT, WB_HEX_EVEN };
static const WbHexLayout pointy_odd = { WB_HEX_POINTY, WB_HEX_ODD };
static const WbHexLayout pointy_even = { WB_HEX_POINTY, WB_HEX_EVEN };

#define SIZE 10.0
#define SQRT3 1.73205080756887729353

static WbOffset
off (int col,
     int row)
{
  WbOffset o = { col, row };

  return o;
}

#define ck_assert_offset_eq(a, b)                                         \
  G_STMT_START {                                                          \
    WbOffset _a = (a), _b = (b);                                          \
    ck_assert_msg (wb_offset_equal (_a, _b), "%s = (%d,%d), %s = (%d,%d)", \
                   #a, _a.col, _a.row, #b, _b.col, _b.row);               \
  } G_STMT_END

#define ck_assert_double_near(a, b)                                       \
  ck_assert_double_eq_tol ((a), (b), 1e-9)

/* Whether {x, y} and {a, b} are the same unordered pair. */
static gboolean
same_pair (WbOffset x,
           WbOffset y,
           WbOffset a,
           WbOffset b)
{
  return (wb_offset_equal (x, a) && wb_offset_equal (y, b)) ||
         (wb_offset_equal (x, b) && wb_offset_equal (y, a));
}

/* --- coordinates ------------------------------------------------------ */

START_TEST (test_round_trip)
{
  WbHexLayout l = layouts[_i];

  for (int col = -5; col < 30; col++)
    for (int row = -5; row < 30; row++)
      {
        WbOffset o = off (col, row);
        WbAxial a = wb_hex_offset_to_axial (l, o);
        WbCube c = wb_hex_axial_to_cube (a);
        WbAxial a2 = wb_hex_cube_to_axial (c);

        ck_assert_int_eq (c.x + c.y + c.z, 0);
        ck_assert_int_eq (a2.q, a.q);
        ck_assert_int_eq (a2.r, a.r);
        ck_assert_offset_eq (wb_hex_axial_to_offset (l, a2), o);
      }

  /* And the other way round, from axial. */
  for (int q = -20; q < 30; q++)
    for (int r = -20; r < 30; r++)
      {
        WbAxial a = { q, r };
        WbAxial a2 = wb_hex_offset_to_axial (l, wb_hex_axial_to_offset (l, a));

        ck_assert_int_eq (a2.q, q);
        ck_assert_int_eq (a2.r, r);
      }
}
END_TEST

START_TEST (test_origin_is_origin)
{
  WbAxial a = wb_hex_offset_to_axial (layouts[_i], off (0, 0));

  ck_assert_int_eq (a.q, 0);
  ck_assert_int_eq (a.r, 0);
}
END_TEST

/* --- neighbours and directions ---------------------------------------- */

typedef struct {
  WbHexLayout layout;
  WbOffset    hex;
  WbOffset    nb[6];
} NeighbourCase;

/* Hand-computed from the redblobgames offset tables, in our direction
 * order (flat: N NE SE S SW NW; pointy: NE E SE SW W NW). */
static const NeighbourCase neighbour_cases[] = {
  /* odd-q: odd columns shifted down. */
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 1, 1 },
    { { 1, 0 }, { 2, 1 }, { 2, 2 }, { 1, 2 }, { 0, 2 }, { 0, 1 } } },
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 2, 2 },
    { { 2, 1 }, { 3, 1 }, { 3, 2 }, { 2, 3 }, { 1, 2 }, { 1, 1 } } },
  /* even-q: even columns shifted down. */
  { { WB_HEX_FLAT, WB_HEX_EVEN }, { 1, 1 },
    { { 1, 0 }, { 2, 0 }, { 2, 1 }, { 1, 2 }, { 0, 1 }, { 0, 0 } } },
  { { WB_HEX_FLAT, WB_HEX_EVEN }, { 2, 2 },
    { { 2, 1 }, { 3, 2 }, { 3, 3 }, { 2, 3 }, { 1, 3 }, { 1, 2 } } },
  /* odd-r: odd rows shifted right. */
  { { WB_HEX_POINTY, WB_HEX_ODD }, { 1, 1 },
    { { 2, 0 }, { 2, 1 }, { 2, 2 }, { 1, 2 }, { 0, 1 }, { 1, 0 } } },
  { { WB_HEX_POINTY, WB_HEX_ODD }, { 2, 2 },
    { { 2, 1 }, { 3, 2 }, { 2, 3 }, { 1, 3 }, { 1, 2 }, { 1, 1 } } },
  /* even-r: even rows shifted right. */
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { 1, 1 },
    { { 1, 0 }, { 2, 1 }, { 1, 2 }, { 0, 2 }, { 0, 1 }, { 0, 0 } } },
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { 2, 2 },
    { { 3, 1 }, { 3, 2 }, { 3, 3 }, { 2, 3 }, { 1, 2 }, { 2, 1 } } },
  /* Negative coordinates off the top-left of the map. */
  { { WB_HEX_FLAT, WB_HEX_ODD }, { -1, -1 },
    { { -1, -2 }, { 0, -1 }, { 0, 0 }, { -1, 0 }, { -2, 0 }, { -2, -1 } } },
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { -1, -1 },
    { { -1, -2 }, { 0, -1 }, { -1, 0 }, { -2, 0 }, { -2, -1 }, { -2, -2 } } },
};

START_TEST (test_neighbour_table)
{
  const NeighbourCase *c = &neighbour_cases[_i];

  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset n = wb_hex_neighbour (c->layout, c->hex, d);

      ck_assert_msg (wb_offset_equal (n, c->nb[d]),
                     "case %d dir %d: got (%d,%d), want (%d,%d)",
                     _i, d, n.col, n.row, c->nb[d].col, c->nb[d].row);
      ck_assert_int_eq (wb_hex_direction_to (c->layout, c->hex, c->nb[d]), d);
    }
}
END_TEST

START_TEST (test_neighbour_properties)
{
  WbHexLayout l = layouts[_i];

  for (int col = -3; col < 30; col++)
    for (int row = -3; row < 30; row++)
      {
        WbOffset h = off (col, row);

        ck_assert_int_eq (wb_hex_direction_to (l, h, h), -1);
        ck_assert_int_eq (wb_hex_distance (l, h, h), 0);

        for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
          {
            WbOffset n = wb_hex_neighbour (l, h, d);
            int opp = (d + 3) % WB_HEX_DIRECTIONS;

            ck_assert_int_eq (wb_hex_distance (l, h, n), 1);
            ck_assert_int_eq (wb_hex_direction_to (l, h, n), d);
            ck_assert_int_eq (wb_hex_direction_to (l, n, h), opp);
            ck_assert_offset_eq (wb_hex_neighbour (l, n, opp), h);

            /* Two steps away is not adjacent. */
            ck_assert_int_eq (wb_hex_direction_to (l, h, wb_hex_neighbour (l, n, d)), -1);

            for (int e = 0; e < d; e++)
              ck_assert (!wb_offset_equal (n, wb_hex_neighbour (l, h, e)));
          }
      }
}
END_TEST

/* Neighbour centres lie √3·size away in the direction's compass bearing,
 * and the edge from corner d to corner d+1 is the one between them. */
START_TEST (test_neighbour_geometry)
{
  WbHexLayout l = layouts[_i];
  double base = l.orientation == WB_HEX_FLAT ? 270.0 : 300.0;

  for (int col = 0; col < 6; col++)
    for (int row = 0; row < 6; row++)
      {
        WbOffset h = off (col, row);
        double hx, hy;

        wb_hex_center (l, SIZE, h, &hx, &hy);

        for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
          {
            double angle = (base + 60.0 * d) * G_PI / 180.0;
            double nx, ny, c0x, c0y, c1x, c1y;

            wb_hex_center (l, SIZE, wb_hex_neighbour (l, h, d), &nx, &ny);
            ck_assert_double_near (nx - hx, SQRT3 * SIZE * cos (angle));
            ck_assert_double_near (ny - hy, SQRT3 * SIZE * sin (angle));

            wb_hex_corner_offset (l, SIZE, d, &c0x, &c0y);
            wb_hex_corner_offset (l, SIZE, (d + 1) % 6, &c1x, &c1y);
            ck_assert_double_near ((c0x + c1x) / 2, (nx - hx) / 2);
            ck_assert_double_near ((c0y + c1y) / 2, (ny - hy) / 2);
          }
      }
}
END_TEST

/* --- distance --------------------------------------------------------- */

typedef struct {
  WbHexLayout layout;
  WbOffset    a, b;
  int         distance;
} DistanceCase;

static const DistanceCase distance_cases[] = {
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 0 }, { 3, 0 }, 3 },
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 0 }, { 4, 0 }, 4 },
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 0 }, { 0, 5 }, 5 },
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 0 }, { 4, 4 }, 6 },    /* SE ×4, S ×2 */
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 4 }, { 4, 2 }, 4 },    /* NE ×4 */
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 0, 4 }, { 4, 0 }, 6 },    /* NE ×4, N ×2 */
  { { WB_HEX_FLAT, WB_HEX_ODD }, { 1, 0 }, { 5, 0 }, 4 },
  { { WB_HEX_FLAT, WB_HEX_EVEN }, { 0, 0 }, { 4, 4 }, 6 },
  { { WB_HEX_FLAT, WB_HEX_EVEN }, { 0, 4 }, { 4, 0 }, 6 },   /* NE ×4, N ×2 */
  { { WB_HEX_FLAT, WB_HEX_EVEN }, { 1, 1 }, { 2, 0 }, 1 },
  { { WB_HEX_POINTY, WB_HEX_ODD }, { 0, 0 }, { 0, 4 }, 4 },  /* SE SW SE SW */
  { { WB_HEX_POINTY, WB_HEX_ODD }, { 0, 0 }, { 5, 0 }, 5 },
  { { WB_HEX_POINTY, WB_HEX_ODD }, { 0, 0 }, { 4, 4 }, 6 },
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { 0, 0 }, { 0, 4 }, 4 },
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { 4, 0 }, { 0, 4 }, 6 },
  { { WB_HEX_POINTY, WB_HEX_EVEN }, { 0, 0 }, { 10, 10 }, 15 },
};

START_TEST (test_distance_known)
{
  const DistanceCase *c = &distance_cases[_i];

  ck_assert_int_eq (wb_hex_distance (c->layout, c->a, c->b), c->distance);
  ck_assert_int_eq (wb_hex_distance (c->layout, c->b, c->a), c->distance);
}
END_TEST

START_TEST (test_distance_metric)
{
  WbHexLayout l = layouts[_i];
  g_autoptr (GRand) rand = g_rand_new_with_seed (1234 + _i);

  for (int n = 0; n < 20000; n++)
    {
      WbOffset a = off (g_rand_int_range (rand, -5, 40), g_rand_int_range (rand, -5, 40));
      WbOffset b = off (g_rand_int_range (rand, -5, 40), g_rand_int_range (rand, -5, 40));
      WbOffset c = off (g_rand_int_range (rand, -5, 40), g_rand_int_range (rand, -5, 40));
      int ab = wb_hex_distance (l, a, b);

      ck_assert_int_eq (ab, wb_hex_distance (l, b, a));
      ck_assert_int_le (ab, wb_hex_distance (l, a, c) + wb_hex_distance (l, c, b));
      ck_assert_int_eq (ab == 0, wb_offset_equal (a, b));
      /* A hex step changes the distance by at most one, and some step
       * brings b closer. */
      if (ab > 0)
        {
          gboolean closer = FALSE;

          for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
            {
              int nd = wb_hex_distance (l, wb_hex_neighbour (l, a, d), b);

              ck_assert_int_le (abs (nd - ab), 1);
              closer |= nd == ab - 1;
            }
          ck_assert (closer);
        }
    }
}
END_TEST

/* --- hexsides --------------------------------------------------------- */

START_TEST (test_hexside)
{
  WbHexLayout l = layouts[_i];

  for (int col = -2; col < 20; col++)
    for (int row = -2; row < 20; row++)
      {
        WbOffset h = off (col, row);
        WbHexside sides[6];

        for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
          {
            WbOffset n = wb_hex_neighbour (l, h, d);
            WbHexside s = wb_hexside_canonical (l, h, d);
            WbHexside t = wb_hexside_canonical (l, n, (d + 3) % 6);
            WbOffset x, y;

            ck_assert_int_ge (s.dir, 0);
            ck_assert_int_le (s.dir, 2);
            ck_assert (wb_hexside_equal (s, t));
            if (d < 3)
              {
                ck_assert_offset_eq (s.hex, h);
                ck_assert_int_eq (s.dir, d);
              }
            else
              {
                ck_assert_offset_eq (s.hex, n);
                ck_assert_int_eq (s.dir, d - 3);
              }

            wb_hexside_hexes (l, s, &x, &y);
            ck_assert_offset_eq (x, s.hex);
            ck_assert (same_pair (x, y, h, n));

            sides[d] = s;
            for (int e = 0; e < d; e++)
              ck_assert (!wb_hexside_equal (sides[e], s));
          }
      }
}
END_TEST

START_TEST (test_hexside_known)
{
  /* Flat odd-q: the SW edge of (1,1) is the NE edge of (0,2). */
  WbHexside s = wb_hexside_canonical (flat_odd, off (1, 1), 4);
  WbHexside t = wb_hexside_canonical (flat_odd, off (0, 2), 1);

  ck_assert_offset_eq (s.hex, off (0, 2));
  ck_assert_int_eq (s.dir, 1);
  ck_assert (wb_hexside_equal (s, t));
  ck_assert (!wb_hexside_equal (s, wb_hexside_canonical (flat_odd, off (1, 1), 3)));

  /* Pointy even-r: the W edge of (2,2) is the E edge of (1,2). */
  s = wb_hexside_canonical (pointy_even, off (2, 2), 4);
  ck_assert_offset_eq (s.hex, off (1, 2));
  ck_assert_int_eq (s.dir, 1);
}
END_TEST

/* --- rings and ranges ------------------------------------------------- */

START_TEST (test_ring)
{
  WbHexLayout l = layouts[_i];
  WbOffset centres[] = { { 0, 0 }, { 7, 4 }, { 8, 9 }, { -3, 5 } };
  WbOffset buf[64];

  for (guint c = 0; c < G_N_ELEMENTS (centres); c++)
    for (int r = 0; r <= 8; r++)
      {
        WbOffset centre = centres[c];
        gsize want = r == 0 ? 1 : 6 * (gsize) r;
        gsize n = wb_hex_ring (l, centre, r, buf, G_N_ELEMENTS (buf));
        double cx, cy;

        ck_assert_uint_eq (n, want);
        ck_assert_uint_eq (wb_hex_ring (l, centre, r, NULL, 0), want);

        if (r == 0)
          {
            ck_assert_offset_eq (buf[0], centre);
            continue;
          }

        /* Starts in direction 0. */
        {
          WbOffset start = centre;

          for (int i = 0; i < r; i++)
            start = wb_hex_neighbour (l, start, 0);
          ck_assert_offset_eq (buf[0], start);
        }

        wb_hex_center (l, SIZE, centre, &cx, &cy);
        for (gsize i = 0; i < n; i++)
          {
            WbOffset next = buf[(i + 1) % n];
            double ax, ay, bx, by;

            ck_assert_int_eq (wb_hex_distance (l, centre, buf[i]), r);
            ck_assert_int_eq (wb_hex_distance (l, buf[i], next), 1);
            for (gsize j = 0; j < i; j++)
              ck_assert (!wb_offset_equal (buf[i], buf[j]));

            /* Clockwise on screen (y down): positive cross product. */
            wb_hex_center (l, SIZE, buf[i], &ax, &ay);
            wb_hex_center (l, SIZE, next, &bx, &by);
            ck_assert ((ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0);
          }
      }
}
END_TEST

START_TEST (test_ring_truncated)
{
  WbHexLayout l = layouts[_i];
  WbOffset full[18], part[7];

  wb_hex_ring (l, off (5, 5), 3, full, G_N_ELEMENTS (full));

  for (gsize i = 0; i < G_N_ELEMENTS (part); i++)
    part[i] = off (-99, -99);
  ck_assert_uint_eq (wb_hex_ring (l, off (5, 5), 3, part, 5), 18);
  for (gsize i = 0; i < 5; i++)
    ck_assert_offset_eq (part[i], full[i]);
  ck_assert_offset_eq (part[5], off (-99, -99));
}
END_TEST

START_TEST (test_range)
{
  WbHexLayout l = layouts[_i];
  WbOffset buf[256];
  WbOffset centre = off (10, 11);

  for (int r = 0; r <= 8; r++)
    {
      gsize want = 1 + 3 * (gsize) r * (gsize) (r + 1);
      gsize n = wb_hex_range (l, centre, r, buf, G_N_ELEMENTS (buf));
      gsize inside = 0;

      ck_assert_uint_eq (n, want);
      ck_assert_uint_eq (wb_hex_range (l, centre, r, NULL, 0), want);
      ck_assert_offset_eq (buf[0], centre);

      for (gsize i = 0; i < n; i++)
        {
          int d = wb_hex_distance (l, centre, buf[i]);

          ck_assert_int_le (d, r);
          /* Rings in order, 0 first. */
          if (i > 0)
            ck_assert_int_ge (d, wb_hex_distance (l, centre, buf[i - 1]));
          for (gsize j = 0; j < i; j++)
            ck_assert (!wb_offset_equal (buf[i], buf[j]));
        }

      /* Nothing within reach is missing. */
      for (int col = centre.col - 2 * r - 1; col <= centre.col + 2 * r + 1; col++)
        for (int row = centre.row - 2 * r - 1; row <= centre.row + 2 * r + 1; row++)
          inside += wb_hex_distance (l, centre, off (col, row)) <= r;
      ck_assert_uint_eq (inside, want);
    }

  /* Truncation keeps the count and the prefix. */
  {
    WbOffset part[10];
    WbOffset full[37];

    wb_hex_range (l, centre, 3, full, G_N_ELEMENTS (full));
    ck_assert_uint_eq (wb_hex_range (l, centre, 3, part, G_N_ELEMENTS (part)), 37);
    for (gsize i = 0; i < G_N_ELEMENTS (part); i++)
      ck_assert_offset_eq (part[i], full[i]);
  }
}
END_TEST

/* --- lines ------------------------------------------------------------ */

static void
check_line (WbHexLayout l,
            WbOffset    a,
            WbOffset    b)
{
  WbLosStep steps[128], back[128];
  int dist = wb_hex_distance (l, a, b);
  gsize n = wb_hex_line (l, a, b, steps, G_N_ELEMENTS (steps));

  g_assert (dist < (int) G_N_ELEMENTS (steps));
  ck_assert_uint_eq (n, (gsize) dist + 1);
  ck_assert_uint_eq (wb_hex_line (l, a, b, NULL, 0), n);

  ck_assert_offset_eq (steps[0].hex, a);
  ck_assert_offset_eq (steps[0].alt, a);
  ck_assert (!steps[0].tie);
  ck_assert_offset_eq (steps[n - 1].hex, b);
  ck_assert_offset_eq (steps[n - 1].alt, b);
  ck_assert (!steps[n - 1].tie);

  for (gsize i = 0; i < n; i++)
    {
      const WbLosStep *s = &steps[i];

      if (s->tie)
        {
          /* The two hexes share the hexside the line runs along. */
          ck_assert_int_ge (wb_hex_direction_to (l, s->hex, s->alt), 0);
          /* No two ties in a row. */
          ck_assert (i + 1 < n && !steps[i + 1].tie);
        }
      else
        {
          ck_assert_offset_eq (s->alt, s->hex);
        }

      /* Step i is i from a and n-1-i from b, whichever hex of a tie. */
      ck_assert_int_eq (wb_hex_distance (l, a, s->hex), (int) i);
      ck_assert_int_eq (wb_hex_distance (l, a, s->alt), (int) i);
      ck_assert_int_eq (wb_hex_distance (l, s->hex, b), dist - (int) i);
      ck_assert_int_eq (wb_hex_distance (l, s->alt, b), dist - (int) i);

      if (i + 1 < n)
        {
          const WbLosStep *t = &steps[i + 1];

          ck_assert_int_eq (wb_hex_distance (l, s->hex, t->hex), 1);
          ck_assert_int_eq (wb_hex_distance (l, s->hex, t->alt), 1);
          ck_assert_int_eq (wb_hex_distance (l, s->alt, t->hex), 1);
          ck_assert_int_eq (wb_hex_distance (l, s->alt, t->alt), 1);
        }
    }

  /* The line back visits the same hexes and ties. */
  ck_assert_uint_eq (wb_hex_line (l, b, a, back, G_N_ELEMENTS (back)), n);
  for (gsize i = 0; i < n; i++)
    {
      const WbLosStep *s = &steps[i], *t = &back[n - 1 - i];

      ck_assert_int_eq (s->tie, t->tie);
      ck_assert (same_pair (s->hex, s->alt, t->hex, t->alt));
    }
}

START_TEST (test_line_properties)
{
  WbHexLayout l = layouts[_i];
  g_autoptr (GRand) rand = g_rand_new_with_seed (99 + _i);

  for (int col = 0; col < 12; col++)
    for (int row = 0; row < 12; row++)
      {
        check_line (l, off (5, 6), off (col, row));
        check_line (l, off (col, row), off (11 - row, col));
      }

  for (int n = 0; n < 3000; n++)
    check_line (l,
                off (g_rand_int_range (rand, -5, 50), g_rand_int_range (rand, -5, 50)),
                off (g_rand_int_range (rand, -5, 50), g_rand_int_range (rand, -5, 50)));
}
END_TEST

START_TEST (test_line_single)
{
  WbLosStep s;

  ck_assert_uint_eq (wb_hex_line (layouts[_i], off (3, 4), off (3, 4), &s, 1), 1);
  ck_assert_offset_eq (s.hex, off (3, 4));
  ck_assert_offset_eq (s.alt, off (3, 4));
  ck_assert (!s.tie);
}
END_TEST

START_TEST (test_line_straight)
{
  WbHexLayout l = layouts[_i];

  /* Along a direction the line goes hex to hex with no ties. */
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbLosStep steps[8];
      WbOffset h = off (10, 10);

      ck_assert_uint_eq (wb_hex_line (l, h, off (-1, -1), steps, 0),
                         (gsize) wb_hex_distance (l, h, off (-1, -1)) + 1);

      {
        WbOffset end = h;

        for (int i = 0; i < 7; i++)
          end = wb_hex_neighbour (l, end, d);
        ck_assert_uint_eq (wb_hex_line (l, h, end, steps, 8), 8);
      }

      for (int i = 0; i < 8; i++)
        {
          ck_assert (!steps[i].tie);
          ck_assert_offset_eq (steps[i].hex, h);
          h = wb_hex_neighbour (l, h, d);
        }
    }
}
END_TEST

/* Two steps along a "vertex" bearing, d then d+1: the line runs along the
 * hexside between the two neighbours, so the middle step is a tie. */
START_TEST (test_line_tie)
{
  WbHexLayout l = layouts[_i];

  for (int col = 0; col < 4; col++)
    for (int row = 0; row < 4; row++)
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset a = off (col, row);
          WbOffset n1 = wb_hex_neighbour (l, a, d);
          WbOffset n2 = wb_hex_neighbour (l, a, (d + 1) % 6);
          WbOffset b = wb_hex_neighbour (l, n1, (d + 1) % 6);
          WbOffset far = wb_hex_neighbour (l, wb_hex_neighbour (l, b, d), (d + 1) % 6);
          WbLosStep steps[5];

          ck_assert_offset_eq (wb_hex_neighbour (l, n2, d), b);
          ck_assert_uint_eq (wb_hex_line (l, a, b, steps, 3), 3);
          ck_assert (steps[1].tie);
          ck_assert (same_pair (steps[1].hex, steps[1].alt, n1, n2));

          /* Twice as far: ties at steps 1 and 3, b itself at step 2. */
          ck_assert_uint_eq (wb_hex_line (l, a, far, steps, 5), 5);
          ck_assert (!steps[0].tie && steps[1].tie && !steps[2].tie && steps[3].tie);
          ck_assert_offset_eq (steps[2].hex, b);
          ck_assert (same_pair (steps[1].hex, steps[1].alt, n1, n2));
        }
}
END_TEST

START_TEST (test_line_tie_known)
{
  /* Flat odd-q: (1,1) NE is (2,1), SE is (2,2); NE then SE reaches (3,1). */
  WbLosStep steps[3];

  ck_assert_uint_eq (wb_hex_line (flat_odd, off (1, 1), off (3, 1), steps, 3), 3);
  ck_assert_offset_eq (steps[0].hex, off (1, 1));
  ck_assert (steps[1].tie);
  ck_assert (same_pair (steps[1].hex, steps[1].alt, off (2, 1), off (2, 2)));
  ck_assert_offset_eq (steps[2].hex, off (3, 1));

  /* Flat even-q: (1,1) NE is (2,0), SE is (2,1); NE then SE reaches (3,1). */
  ck_assert_uint_eq (wb_hex_line (flat_even, off (1, 1), off (3, 1), steps, 3), 3);
  ck_assert (steps[1].tie);
  ck_assert (same_pair (steps[1].hex, steps[1].alt, off (2, 0), off (2, 1)));

  /* Pointy odd-r: (1,1) E is (2,1), SE is (2,2); E then SE reaches (3,2). */
  ck_assert_uint_eq (wb_hex_line (pointy_odd, off (1, 1), off (3, 2), steps, 3), 3);
  ck_assert (steps[1].tie);
  ck_assert (same_pair (steps[1].hex, steps[1].alt, off (2, 1), off (2, 2)));

  /* Flat odd-q along the top row: (0,0) to (2,0) is NE then SE too, so it
   * runs along the hexside between (1,0) and the off-map (1,-1). */
  ck_assert_uint_eq (wb_hex_line (flat_odd, off (0, 0), off (2, 0), steps, 3), 3);
  ck_assert (steps[1].tie);
  ck_assert (same_pair (steps[1].hex, steps[1].alt, off (1, -1), off (1, 0)));
}
END_TEST

START_TEST (test_line_truncated)
{
  WbHexLayout l = layouts[_i];
  WbLosStep full[16], part[4];
  gsize n = wb_hex_line (l, off (0, 0), off (9, 4), full, G_N_ELEMENTS (full));

  part[3].hex = off (-99, -99);
  ck_assert_uint_eq (wb_hex_line (l, off (0, 0), off (9, 4), part, 3), n);
  for (int i = 0; i < 3; i++)
    {
      ck_assert_offset_eq (part[i].hex, full[i].hex);
      ck_assert_offset_eq (part[i].alt, full[i].alt);
      ck_assert_int_eq (part[i].tie, full[i].tie);
    }
  ck_assert_offset_eq (part[3].hex, off (-99, -99));
}
END_TEST

/* --- pixels ----------------------------------------------------------- */

START_TEST (test_center_known)
{
  double x, y;

  wb_hex_center (flat_odd, SIZE, off (0, 0), &x, &y);
  ck_assert_double_near (x, SIZE);
  ck_assert_double_near (y, SIZE * SQRT3 / 2);
  wb_hex_center (flat_odd, SIZE, off (1, 0), &x, &y);
  ck_assert_double_near (x, 2.5 * SIZE);
  ck_assert_double_near (y, SIZE * SQRT3);

  wb_hex_center (flat_even, SIZE, off (0, 0), &x, &y);
  ck_assert_double_near (x, SIZE);
  ck_assert_double_near (y, SIZE * SQRT3);
  wb_hex_center (flat_even, SIZE, off (1, 0), &x, &y);
  ck_assert_double_near (x, 2.5 * SIZE);
  ck_assert_double_near (y, SIZE * SQRT3 / 2);

  wb_hex_center (pointy_odd, SIZE, off (0, 0), &x, &y);
  ck_assert_double_near (x, SIZE * SQRT3 / 2);
  ck_assert_double_near (y, SIZE);
  wb_hex_center (pointy_odd, SIZE, off (0, 1), &x, &y);
  ck_assert_double_near (x, SIZE * SQRT3);
  ck_assert_double_near (y, 2.5 * SIZE);

  wb_hex_center (pointy_even, SIZE, off (0, 0), &x, &y);
  ck_assert_double_near (x, SIZE * SQRT3);
  ck_assert_double_near (y, SIZE);
  wb_hex_center (pointy_even, SIZE, off (0, 1), &x, &y);
  ck_assert_double_near (x, SIZE * SQRT3 / 2);
  ck_assert_double_near (y, 2.5 * SIZE);
}
END_TEST

START_TEST (test_corner_known)
{
  double x, y;

  wb_hex_corner_offset (flat_odd, SIZE, 0, &x, &y);      /* top-left */
  ck_assert_double_near (x, -SIZE / 2);
  ck_assert_double_near (y, -SIZE * SQRT3 / 2);
  wb_hex_corner_offset (flat_odd, SIZE, 1, &x, &y);      /* top-right */
  ck_assert_double_near (x, SIZE / 2);
  ck_assert_double_near (y, -SIZE * SQRT3 / 2);
  wb_hex_corner_offset (flat_even, SIZE, 2, &x, &y);     /* right */
  ck_assert_double_near (x, SIZE);
  ck_assert_double_near (y, 0);
  wb_hex_corner_offset (flat_even, SIZE, 5, &x, &y);     /* left */
  ck_assert_double_near (x, -SIZE);
  ck_assert_double_near (y, 0);

  wb_hex_corner_offset (pointy_odd, SIZE, 0, &x, &y);    /* top */
  ck_assert_double_near (x, 0);
  ck_assert_double_near (y, -SIZE);
  wb_hex_corner_offset (pointy_odd, SIZE, 1, &x, &y);    /* upper right */
  ck_assert_double_near (x, SIZE * SQRT3 / 2);
  ck_assert_double_near (y, -SIZE / 2);
  wb_hex_corner_offset (pointy_even, SIZE, 3, &x, &y);   /* bottom */
  ck_assert_double_near (x, 0);
  ck_assert_double_near (y, SIZE);
}
END_TEST

START_TEST (test_corner_general)
{
  WbHexLayout l = layouts[_i];
  double base = l.orientation == WB_HEX_FLAT ? 240.0 : 270.0;

  for (int k = 0; k < 6; k++)
    {
      double angle = (base + 60.0 * k) * G_PI / 180.0;
      double x, y;

      wb_hex_corner_offset (l, 7.5, k, &x, &y);
      ck_assert_double_near (x, 7.5 * cos (angle));
      ck_assert_double_near (y, 7.5 * sin (angle));
    }
}
END_TEST

START_TEST (test_from_point)
{
  WbHexLayout l = layouts[_i];
  double sizes[] = { 1.0, SIZE, 37.25 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int col = 0; col < 20; col++)
      for (int row = 0; row < 20; row++)
        {
          WbOffset h = off (col, row);
          double size = sizes[s];
          double x, y;

          wb_hex_center (l, size, h, &x, &y);
          ck_assert_offset_eq (wb_hex_from_point (l, size, x, y), h);

          for (int k = 0; k < 6; k++)
            {
              double dx, dy;

              wb_hex_corner_offset (l, size, k, &dx, &dy);
              ck_assert_offset_eq (wb_hex_from_point (l, size, x + 0.99 * dx, y + 0.99 * dy), h);
              /* Just past the middle of edge k goes to the neighbour. */
              {
                double ex, ey;

                wb_hex_corner_offset (l, size, (k + 1) % 6, &ex, &ey);
                ck_assert_offset_eq (wb_hex_from_point (l, size,
                                                        x + 0.51 * (dx + ex),
                                                        y + 0.51 * (dy + ey)),
                                     wb_hex_neighbour (l, h, k));
              }
            }
        }
}
END_TEST

/* Any point maps to the hex with the nearest centre. */
START_TEST (test_from_point_nearest)
{
  WbHexLayout l = layouts[_i];
  g_autoptr (GRand) rand = g_rand_new_with_seed (7 + _i);

  for (int n = 0; n < 50000; n++)
    {
      double x = g_rand_double_range (rand, -30, 300);
      double y = g_rand_double_range (rand, -30, 300);
      WbOffset h = wb_hex_from_point (l, SIZE, x, y);
      double hx, hy, dh;

      wb_hex_center (l, SIZE, h, &hx, &hy);
      dh = hypot (x - hx, y - hy);
      ck_assert_double_le (dh, SIZE + 1e-9);

      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          double nx, ny;

          wb_hex_center (l, SIZE, wb_hex_neighbour (l, h, d), &nx, &ny);
          ck_assert_double_le (dh, hypot (x - nx, y - ny) + 1e-9);
        }
    }
}
END_TEST

START_TEST (test_extent)
{
  WbHexLayout l = layouts[_i];
  int dims[][2] = { { 1, 1 }, { 1, 5 }, { 5, 1 }, { 2, 2 }, { 3, 4 }, { 20, 20 }, { 31, 17 } };

  for (guint i = 0; i < G_N_ELEMENTS (dims); i++)
    {
      int cols = dims[i][0], rows = dims[i][1];
      double w, h;
      double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, max_y = -G_MAXDOUBLE;

      wb_hex_map_extent (l, SIZE, cols, rows, &w, &h);

      for (int col = 0; col < cols; col++)
        for (int row = 0; row < rows; row++)
          {
            double cx, cy;

            wb_hex_center (l, SIZE, off (col, row), &cx, &cy);
            ck_assert (cx > 0 && cx < w && cy > 0 && cy < h);

            for (int k = 0; k < 6; k++)
              {
                double dx, dy;

                wb_hex_corner_offset (l, SIZE, k, &dx, &dy);
                min_x = MIN (min_x, cx + dx);
                min_y = MIN (min_y, cy + dy);
                max_x = MAX (max_x, cx + dx);
                max_y = MAX (max_y, cy + dy);
              }
          }

      /* Everything inside, and no slack at the right and bottom. */
      ck_assert_double_ge (min_x, -1e-9);
      ck_assert_double_ge (min_y, -1e-9);
      ck_assert_double_near (max_x, w);
      ck_assert_double_near (max_y, h);

      /* Flush with the top/left, except the lone shifted column/row of
       * an EVEN map, which leaves its half hex of slack. */
      if (l.orientation == WB_HEX_FLAT)
        {
          ck_assert_double_near (min_x, 0);
          if (cols > 1 || l.parity == WB_HEX_ODD)
            ck_assert_double_near (min_y, 0);
        }
      else
        {
          ck_assert_double_near (min_y, 0);
          if (rows > 1 || l.parity == WB_HEX_ODD)
            ck_assert_double_near (min_x, 0);
        }
    }

  {
    double w, h;

    wb_hex_map_extent (l, SIZE, 0, 5, &w, &h);
    ck_assert_double_eq (w, 0);
    ck_assert_double_eq (h, 0);
  }
}
END_TEST

static Suite *
hex_suite (void)
{
  Suite *s = suite_create ("hex");
  TCase *tc;

  tc = tcase_create ("coordinates");
  tcase_add_loop_test (tc, test_round_trip, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_origin_is_origin, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  tc = tcase_create ("neighbours");
  tcase_add_loop_test (tc, test_neighbour_table, 0, G_N_ELEMENTS (neighbour_cases));
  tcase_add_loop_test (tc, test_neighbour_properties, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_neighbour_geometry, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  tc = tcase_create ("distance");
  tcase_add_loop_test (tc, test_distance_known, 0, G_N_ELEMENTS (distance_cases));
  tcase_add_loop_test (tc, test_distance_metric, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  tc = tcase_create ("hexsides");
  tcase_add_loop_test (tc, test_hexside, 0, N_LAYOUTS);
  tcase_add_test (tc, test_hexside_known);
  suite_add_tcase (s, tc);

  tc = tcase_create ("rings");
  tcase_add_loop_test (tc, test_ring, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_ring_truncated, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_range, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  tc = tcase_create ("lines");
  tcase_set_timeout (tc, 60);
  tcase_add_loop_test (tc, test_line_properties, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_line_single, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_line_straight, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_line_tie, 0, N_LAYOUTS);
  tcase_add_test (tc, test_line_tie_known);
  tcase_add_loop_test (tc, test_line_truncated, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  tc = tcase_create ("pixels");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_center_known);
  tcase_add_test (tc, test_corner_known);
  tcase_add_loop_test (tc, test_corner_general, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_from_point, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_from_point_nearest, 0, N_LAYOUTS);
  tcase_add_loop_test (tc, test_extent, 0, N_LAYOUTS);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (hex_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);

  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
