/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>

#include "wb-render-private.h"

/* --- hex maps: hexsides and roads ------------------------------------------ */

/* The unit vector from @a's centre to the hex across @dir, and the middle
 * of the hexside. */
static void
side_geometry (HexRender *hr,
               SideItem  *item,
               double    *mx,
               double    *my,
               double    *ux,
               double    *uy,
               double    *ex,
               double    *ey)
{
  double cx, cy, ax, ay, bx, by, len;

  hex_centre (hr, item->hex, &cx, &cy);
  hex_edge (hr, cx, cy, item->dir, &ax, &ay, &bx, &by);
  *mx = (ax + bx) / 2;
  *my = (ay + by) / 2;
  len = hypot (*mx - cx, *my - cy);
  *ux = (*mx - cx) / len;
  *uy = (*my - cy) / len;
  /* Along the edge. */
  *ex = -*uy;
  *ey = *ux;
}

static void
side_feature_path (HexRender    *hr,
                   SideItem     *item,
                   FeatureStyle *fs)
{
  cairo_t *cr = hr->r->cr;
  double s = hr->size;
  double cx, cy, ax, ay, bx, by, mx, my, ux, uy, ex, ey;

  hex_centre (hr, item->hex, &cx, &cy);
  hex_edge (hr, cx, cy, item->dir, &ax, &ay, &bx, &by);
  side_geometry (hr, item, &mx, &my, &ux, &uy, &ex, &ey);

  switch (fs->style)
    {
    case STYLE_CREEK:
      _wb_render_wave_path (cr, ax, ay, bx, by, 2, s * 0.07, TRUE);
      break;

    case STYLE_SLOPE:
    case STYLE_LEVEE:
      {
        /* Hachures on the downhill side (into this hex unless the other
         * one is lower); a levee has them on both sides. */
        WbOffset n = wb_hex_neighbour (hr->layout, item->hex, item->dir);
        double sign = 1.0;

        if (wb_hex_map_contains (hr->map, n) &&
            wb_hex_map_get_elevation (hr->map, n) < wb_hex_map_get_elevation (hr->map, item->hex))
          sign = 1.0;
        else
          sign = -1.0;

        cairo_move_to (cr, ax, ay);
        cairo_line_to (cr, bx, by);
        for (int k = 1; k <= 4; k++)
          {
            double t = k / 5.0;
            double px = ax + (bx - ax) * t, py = ay + (by - ay) * t;
            double len = s * 0.13;

            cairo_move_to (cr, px, py);
            cairo_line_to (cr, px + ux * sign * len, py + uy * sign * len);
            if (fs->style == STYLE_LEVEE)
              {
                cairo_move_to (cr, px, py);
                cairo_line_to (cr, px - ux * sign * len, py - uy * sign * len);
              }
          }
        break;
      }

    case STYLE_FORD:
    case STYLE_FERRY:
      cairo_move_to (cr, mx - ux * s * 0.3, my - uy * s * 0.3);
      cairo_line_to (cr, mx + ux * s * 0.3, my + uy * s * 0.3);
      break;

    case STYLE_BRIDGE:
      for (int k = -1; k <= 1; k += 2)
        {
          double ox = mx + ex * k * s * 0.11, oy = my + ey * k * s * 0.11;
          double l = s * 0.2, f = s * 0.07;

          /* A bar along the road with flared ends: ) ( seen from above. */
          cairo_move_to (cr, ox - ux * l + ex * k * f, oy - uy * l + ey * k * f);
          cairo_line_to (cr, ox - ux * l * 0.7, oy - uy * l * 0.7);
          cairo_line_to (cr, ox + ux * l * 0.7, oy + uy * l * 0.7);
          cairo_line_to (cr, ox + ux * l + ex * k * f, oy + uy * l + ey * k * f);
        }
      break;

    case STYLE_MOUNTAIN:
      for (int k = 1; k <= 3; k++)
        {
          double t = k / 4.0;
          double px = ax + (bx - ax) * t, py = ay + (by - ay) * t;
          double h = s * 0.1;

          cairo_move_to (cr, px - ex * h, py - ey * h);
          cairo_line_to (cr, px - ux * h, py - uy * h);
          cairo_line_to (cr, px + ex * h, py + ey * h);
        }
      break;

    case STYLE_GAP:
      for (int k = -1; k <= 1; k += 2)
        {
          double ox = mx + ex * k * s * 0.16, oy = my + ey * k * s * 0.16;

          cairo_move_to (cr, ox - ux * s * 0.15, oy - uy * s * 0.15);
          cairo_curve_to (cr, ox - ux * s * 0.05 - ex * k * s * 0.08, oy - uy * s * 0.05 - ey * k * s * 0.08,
                          ox + ux * s * 0.05 - ex * k * s * 0.08, oy + uy * s * 0.05 - ey * k * s * 0.08,
                          ox + ux * s * 0.15, oy + uy * s * 0.15);
        }
      break;

    case STYLE_RIVER:
    case STYLE_TOWN:
    case STYLE_MARKER:
    case STYLE_OTHER:
    case STYLE_TRAIL:
    case STYLE_ROAD:
    case STYLE_PIKE:
    case STYLE_RAILROAD:
    default:
      cairo_move_to (cr, ax, ay);
      cairo_line_to (cr, bx, by);
      break;
    }
}

static void
stroke_side_feature (HexRender    *hr,
                     FeatureStyle *fs)
{
  cairo_t *cr = hr->r->cr;
  double s = hr->size;
  double w = MAX (fs->width * s, hr->r->px * 0.75);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_dash (cr, NULL, 0, 0);

  switch (fs->style)
    {
    case STYLE_RIVER:
      /* A darker bank line under the water. */
      set_rgb (cr, rgb_shade (fs->color, 0.6));
      cairo_set_line_width (cr, w + MAX (s * 0.04, hr->r->px));
      cairo_stroke_preserve (cr);
      set_rgb (cr, fs->color);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;

    case STYLE_FORD:
    case STYLE_FERRY:
      {
        double dash[2] = { s * 0.075, s * 0.055 };

        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, dash, 2, 0);
        set_rgb (cr, fs->style == STYLE_FORD ? rgb_shade (WATER_BLUE, 0.55) : INK);
        cairo_set_line_width (cr, w + MAX (s * 0.05, hr->r->px));
        cairo_stroke_preserve (cr);
        /* A ford is light: the shallow water. */
        set_rgb (cr, fs->style != STYLE_FORD ? WHITE
                     : rgb_luminance (fs->color) > 0.75 ? fs->color
                     : rgb_mix (fs->color, WHITE, 0.8));
        cairo_set_line_width (cr, w);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        break;
      }

    case STYLE_BRIDGE:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      set_rgba (cr, WHITE, 0.85);
      cairo_set_line_width (cr, w * 2.4);
      cairo_stroke_preserve (cr);
      set_rgb (cr, fs->color);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;

    case STYLE_CREEK:
    case STYLE_SLOPE:
    case STYLE_LEVEE:
    case STYLE_MOUNTAIN:
    case STYLE_GAP:
    case STYLE_TOWN:
    case STYLE_MARKER:
    case STYLE_OTHER:
    case STYLE_TRAIL:
    case STYLE_ROAD:
    case STYLE_PIKE:
    case STYLE_RAILROAD:
    default:
      set_rgb (cr, fs->color);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      break;
    }
}

/* Hexside features in four passes: water, then slopes, then crossings
 * drawn over the water, then anything else. */
static int
side_pass (Style s)
{
  switch (s)
    {
    case STYLE_CREEK:
    case STYLE_RIVER:    return 0;
    case STYLE_SLOPE:
    case STYLE_LEVEE:
    case STYLE_MOUNTAIN:
    case STYLE_GAP:      return 1;
    case STYLE_FORD:
    case STYLE_FERRY:
    case STYLE_BRIDGE:   return 2;
    case STYLE_TOWN:
    case STYLE_MARKER:
    case STYLE_OTHER:    return 3;
    case STYLE_TRAIL:
    case STYLE_ROAD:
    case STYLE_PIKE:
    case STYLE_RAILROAD:
    default:             return -1;
    }
}

void
_wb_render_draw_hexsides (HexRender *hr)
{
  Render *r = hr->r;

  if (hr->sides->len == 0)
    return;

  for (int pass = 0; pass < 4; pass++)
    for (guint f = 0; f < r->n_features; f++)
      {
        FeatureStyle *fs = &r->features[f];
        gboolean any = FALSE;

        if (side_pass (fs->style) != pass)
          continue;
        /* Small marks vanish when zoomed out; rivers and creeks stay. */
        if (pass > 0 && hr->hex_px < LOD_DETAILS)
          continue;

        for (guint i = 0; i < hr->sides->len; i++)
          {
            SideItem *item = &g_array_index (hr->sides, SideItem, i);

            if (item->feature == f)
              {
                side_feature_path (hr, item, fs);
                any = TRUE;
              }
          }
        if (any)
          stroke_side_feature (hr, fs);
      }
}

/* Roads are paths through hex centres. They are traced as long chains:
 * in a hex the road just passes through (two hexsides) the path is one
 * smooth curve from hexside to hexside, leaving each along the
 * centre-to-centre line so neighbouring hexes join without a kink; at a
 * junction or an end every branch runs straight to the centre. Long
 * chains, rather than a piece per hex, stroke faster and show no seams. */
typedef struct {
  HexRender    *hr;
  const guint8 *mask;
  guint8       *done;
} RoadTrace;

static inline int
popcount6 (guint8 m)
{
  int n = 0;

  for (int d = 0; d < 6; d++)
    n += (m >> d) & 1;
  return n;
}

static void
side_middle (HexRender *hr,
             double     cx,
             double     cy,
             int        dir,
             double    *mx,
             double    *my)
{
  double ax, ay, bx, by;

  hex_edge (hr, cx, cy, dir, &ax, &ay, &bx, &by);
  *mx = (ax + bx) / 2;
  *my = (ay + by) / 2;
}

/* The path is at the middle of hexside @din of @o: carry on through
 * pass-through hexes until the road ends, branches or leaves the range. */
static void
road_walk (RoadTrace *t,
           WbOffset   o,
           int        din)
{
  HexRender *hr = t->hr;
  cairo_t *cr = hr->r->cr;

  for (;;)
    {
      int i = hex_index (hr, o.col, o.row);
      guint8 m = t->mask[i];
      double cx, cy;

      t->done[i] |= 1 << din;
      hex_centre (hr, o, &cx, &cy);

      if (popcount6 (m) == 2)
        {
          int dout = 0;
          double mx, my, ix, iy;
          WbOffset n;

          while (dout == din || !(m & (1 << dout)))
            dout++;
          t->done[i] |= 1 << dout;
          side_middle (hr, cx, cy, din, &ix, &iy);
          side_middle (hr, cx, cy, dout, &mx, &my);
          /* Both handles at the centre: the curve passes close to it. */
          cairo_curve_to (cr, cx, cy, cx, cy, mx, my);
          (void) ix;
          (void) iy;

          n = wb_hex_neighbour (hr->layout, o, dout);
          din = (dout + 3) % 6;
          if (!hex_in_range (hr, n) ||
              !(t->mask[hex_index (hr, n.col, n.row)] & (1 << din)) ||
              (t->done[hex_index (hr, n.col, n.row)] & (1 << din)))
            return;
          o = n;
        }
      else
        {
          cairo_line_to (cr, cx, cy);
          return;
        }
    }
}

static void
road_trace (HexRender    *hr,
            const guint8 *mask)
{
  cairo_t *cr = hr->r->cr;
  gsize n_hex = (gsize) hr->stride * (hr->r1 - hr->r0 + 1);
  g_autofree guint8 *done = g_new0 (guint8, n_hex);
  RoadTrace t = { hr, mask, done };

  /* First from ends and junctions, then whatever is left: loops, and
   * chains cut by the edge of the visited range. */
  for (int pass = 0; pass < 2; pass++)
    for (int row = hr->r0; row <= hr->r1; row++)
      for (int col = hr->c0; col <= hr->c1; col++)
        {
          WbOffset o = { col, row };
          int i = hex_index (hr, col, row);
          guint8 m = mask[i];
          int degree = popcount6 (m);
          double cx, cy;

          if (m == 0 || (pass == 0 && degree == 2) || (done[i] & m) == m)
            continue;

          hex_centre (hr, o, &cx, &cy);
          for (int d = 0; d < 6; d++)
            {
              WbOffset n;
              double mx, my;

              if (!(m & (1 << d)) || (done[i] & (1 << d)))
                continue;

              side_middle (hr, cx, cy, d, &mx, &my);
              if (degree == 2)
                {
                  /* Into the middle of a chain: go on from this hexside. */
                  cairo_move_to (cr, mx, my);
                  road_walk (&t, o, d);
                  continue;
                }

              cairo_move_to (cr, cx, cy);
              cairo_line_to (cr, mx, my);
              done[i] |= 1 << d;
              n = wb_hex_neighbour (hr->layout, o, d);
              if (hex_in_range (hr, n) &&
                  (mask[hex_index (hr, n.col, n.row)] & (1 << ((d + 3) % 6))) &&
                  !(done[hex_index (hr, n.col, n.row)] & (1 << ((d + 3) % 6))))
                road_walk (&t, n, (d + 3) % 6);
            }
        }
}

void
_wb_render_draw_roads (HexRender *hr)
{
  Render *r = hr->r;
  cairo_t *cr = r->cr;
  gsize n_hex = (gsize) hr->stride * (hr->r1 - hr->r0 + 1);
  double s = hr->size;

  if (hr->sides->len == 0)
    return;

  for (int rank = 0; rank <= 3; rank++)
    for (guint f = 0; f < r->n_features; f++)
      {
        FeatureStyle *fs = &r->features[f];
        g_autofree guint8 *mask = NULL;
        gboolean any = FALSE;
        double w;

        if (road_rank (fs->style) != rank)
          continue;

        mask = g_new0 (guint8, n_hex);
        for (guint i = 0; i < hr->sides->len; i++)
          {
            SideItem *item = &g_array_index (hr->sides, SideItem, i);
            WbOffset n;

            if (item->feature != f)
              continue;

            mask[hex_index (hr, item->hex.col, item->hex.row)] |= 1 << item->dir;
            n = wb_hex_neighbour (hr->layout, item->hex, item->dir);
            if (hex_in_range (hr, n))
              mask[hex_index (hr, n.col, n.row)] |= 1 << ((item->dir + 3) % 6);
            any = TRUE;
          }
        if (!any)
          continue;

        road_trace (hr, mask);

        w = MAX (fs->width * s, r->px);
        /* The chains are smooth curves: bevel joins between their
         * flattened pieces look the same as round ones and cost less. */
        cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
        switch (fs->style)
          {
          case STYLE_TRAIL:
            {
              double dash[2] = { s * 0.14, s * 0.09 };

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
              set_rgba (cr, WHITE, 0.5);
              cairo_set_line_width (cr, w * 2.2);
              cairo_stroke_preserve (cr);
              cairo_set_dash (cr, dash, 2, 0);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
              break;
            }

          case STYLE_RAILROAD:
            _wb_render_stroke_railroad (cr, fs->color, w, MAX (s * 0.025, r->px), s * 0.12,
                                        w * 3.2);
            break;

          case STYLE_ROAD:
          case STYLE_PIKE:
          default:
            _wb_render_stroke_road (cr, fs->color, w,
                                    MAX (s * (fs->style == STYLE_PIKE ? 0.035 : 0.028),
                                         r->px * 0.75));
            break;
          }
      }
}

