/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-render-private.h"
#include "wb-road-path.h"

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

/* The road hexsides of a hex for one road feature, read from the map. */
typedef struct {
  WbHexMap   *map;
  const char *road;   /* interned */
} MapRoad;

static guint8
map_road_mask (WbOffset o,
               gpointer user_data)
{
  MapRoad *mr = user_data;
  guint8 mask = 0;

  if (!wb_hex_map_contains (mr->map, o))
    return 0;
  for (int d = 0; d < 6; d++)
    {
      GPtrArray *features = wb_hex_map_get_side_features (mr->map, o, d);

      for (guint i = 0; features != NULL && i < features->len; i++)
        if (g_ptr_array_index (features, i) == mr->road)
          mask |= 1 << d;
    }
  return mask;
}

/* A bridge or a ford is laid along the road that crosses its hexside (the
 * greatest, if several do), which crosses it as it runs on, not always
 * along the line between the centres: the unit direction it crosses in,
 * outwards, and the direction across it. FALSE if no road crosses there. */
static gboolean
road_crossing (HexRender *hr,
               SideItem  *item,
               double    *ux,
               double    *uy,
               double    *ex,
               double    *ey)
{
  GPtrArray *features = wb_hex_map_get_side_features (hr->map, item->hex, item->dir);
  MapRoad mr = { hr->map, NULL };
  int best = -1;
  WbRoadNet net;

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      guint f = _wb_render_find_feature (hr->r, g_ptr_array_index (features, i));
      int rank = f != G_MAXUINT ? road_rank (hr->r->features[f].style) : -1;

      if (rank > best)
        {
          best = rank;
          mr.road = hr->r->features[f].id;
        }
    }
  if (mr.road == NULL)
    return FALSE;

  wb_road_net_init (&net, hr->layout, hr->size, map_road_mask, &mr);
  wb_road_crossing (&net, item->hex, item->dir, ux, uy);
  *ex = -*uy;
  *ey = *ux;
  return TRUE;
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
  if (fs->style == STYLE_FORD || fs->style == STYLE_FERRY || fs->style == STYLE_BRIDGE)
    road_crossing (hr, item, &ux, &uy, &ex, &ey);

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

/* Roads run as core/wb-road-path.c lays them out: across the middle of
 * every hexside they cross, from hexside to hexside in a hex they pass
 * through (straight along a zig-zag row of hexes), to the centre or the
 * road they join where they end or branch, one Bézier per hex, smooth from
 * hex to hex. They are traced as long chains that stop only where a road
 * ends or branches off: long chains, rather than a piece per hex, stroke
 * faster, show no seams and keep a trail's dashes running on.
 *
 * A piece depends on the road hexsides up to two hexes around it, so the
 * masks cover the visited range and two hexes more (RoadGrid): every hex
 * that may show is then drawn as it would be on the whole map, and a map
 * drawn in bands or tiles joins up. */
typedef struct {
  int     c0, c1, r0, r1;   /* the range and two hexes more, on the map */
  int     stride;
  guint8 *mask;             /* one road feature's hexsides per hex */
} RoadGrid;

static inline gboolean
grid_contains (RoadGrid *g,
               WbOffset  o)
{
  return o.col >= g->c0 && o.col <= g->c1 && o.row >= g->r0 && o.row <= g->r1;
}

static inline guint8 *
grid_at (RoadGrid *g,
         WbOffset  o)
{
  return &g->mask[(o.row - g->r0) * g->stride + (o.col - g->c0)];
}

static guint8
grid_mask (WbOffset o,
           gpointer user_data)
{
  RoadGrid *g = user_data;

  return grid_contains (g, o) ? *grid_at (g, o) : 0;
}

/* The hexsides around the visited range that the hexsides collected lack:
 * those the two rings of hexes beyond it name, as hex_collect_sides ()
 * does inside the range. */
static GArray *
grid_outer_sides (HexRender *hr,
                  RoadGrid  *g)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (SideItem));

  for (int row = g->r0; row <= g->r1; row++)
    for (int col = g->c0; col <= g->c1; col++)
      {
        WbOffset o = { col, row };

        if (hex_in_range (hr, o))
          {
            /* Skip to the end of the range's row. */
            col = hr->c1;
            continue;
          }
        _wb_render_collect_hex_sides (hr, items, o);
      }
  return items;
}

/* Sets in the grid the hexsides of feature @f that @items give, on both
 * hexes sharing each; whether any is in the visited range. */
static gboolean
grid_add_feature (HexRender *hr,
                  RoadGrid  *g,
                  GArray    *items,
                  guint      f)
{
  gboolean any = FALSE;

  for (guint i = 0; i < items->len; i++)
    {
      SideItem *item = &g_array_index (items, SideItem, i);
      WbOffset n;

      if (item->feature != f)
        continue;

      *grid_at (g, item->hex) |= 1 << item->dir;
      n = wb_hex_neighbour (hr->layout, item->hex, item->dir);
      if (grid_contains (g, n))
        *grid_at (g, n) |= 1 << ((item->dir + 3) % 6);
      any = any || hex_in_range (hr, item->hex) || hex_in_range (hr, n);
    }
  return any;
}

typedef struct {
  HexRender *hr;
  RoadGrid  *grid;
  WbRoadNet  net;
  guint8    *done;   /* per hex in range: the hexsides drawn */
} RoadTrace;

/* Adds the road's piece in @o from @from to @to (hexsides or
 * WB_ROAD_HUB), moving to its start first when @move. */
static void
road_piece (RoadTrace *t,
            WbOffset   o,
            int        from,
            int        to,
            gboolean   move)
{
  cairo_t *cr = t->hr->r->cr;
  WbRoadPiece p;

  wb_road_piece (&t->net, o, from, to, &p);
  if (move)
    cairo_move_to (cr, p.p[0].x, p.p[0].y);
  cairo_curve_to (cr, p.p[1].x, p.p[1].y, p.p[2].x, p.p[2].y, p.p[3].x, p.p[3].y);
}

/* The road comes into @o by hexside @din (the path is at its middle, or
 * moves there when @move): carry on through the hexes it goes through
 * until it ends, branches off or leaves the range. */
static void
road_walk (RoadTrace *t,
           WbOffset   o,
           int        din,
           gboolean   move)
{
  HexRender *hr = t->hr;

  for (;;)
    {
      int i = hex_index (hr, o.col, o.row);
      int dout = wb_road_through (*grid_at (t->grid, o), din);
      WbOffset n;

      t->done[i] |= 1 << din;
      road_piece (t, o, din, dout, move);
      move = FALSE;
      if (dout == WB_ROAD_HUB)
        return;

      t->done[i] |= 1 << dout;
      n = wb_hex_neighbour (hr->layout, o, dout);
      din = (dout + 3) % 6;
      if (!hex_in_range (hr, n) ||
          !(*grid_at (t->grid, n) & (1 << din)) ||
          (t->done[hex_index (hr, n.col, n.row)] & (1 << din)))
        return;
      o = n;
    }
}

static void
road_trace (HexRender *hr,
            RoadGrid  *grid)
{
  gsize n_hex = (gsize) hr->stride * (hr->r1 - hr->r0 + 1);
  g_autofree guint8 *done = g_new0 (guint8, n_hex);
  RoadTrace t = { .hr = hr, .grid = grid, .done = done };

  wb_road_net_init (&t.net, hr->layout, hr->size, grid_mask, grid);

  /* First from where roads end or branch off, then whatever is left:
   * loops, and chains cut by the edge of the visited range. */
  for (int pass = 0; pass < 2; pass++)
    for (int row = hr->r0; row <= hr->r1; row++)
      for (int col = hr->c0; col <= hr->c1; col++)
        {
          WbOffset o = { col, row };
          int i = hex_index (hr, col, row);
          guint8 m = *grid_at (grid, o);

          if (m == 0 || (done[i] & m) == m)
            continue;

          for (int d = 0; d < 6; d++)
            {
              WbOffset n;
              int back = (d + 3) % 6;

              if (!(m & (1 << d)) || (done[i] & (1 << d)))
                continue;

              if (wb_road_through (m, d) != WB_ROAD_HUB)
                {
                  /* Into the middle of a chain: go on from this hexside. */
                  if (pass == 1)
                    road_walk (&t, o, d, TRUE);
                  continue;
                }

              road_piece (&t, o, WB_ROAD_HUB, d, TRUE);
              done[i] |= 1 << d;
              n = wb_hex_neighbour (hr->layout, o, d);
              if (hex_in_range (hr, n) && (*grid_at (grid, n) & (1 << back)) &&
                  !(done[hex_index (hr, n.col, n.row)] & (1 << back)))
                road_walk (&t, n, back, FALSE);
            }
        }
}

void
_wb_render_draw_roads (HexRender *hr)
{
  Render *r = hr->r;
  cairo_t *cr = r->cr;
  double s = hr->size;
  g_autoptr(GArray) outer = NULL;
  g_autofree guint8 *masks = NULL;
  RoadGrid grid;

  if (hr->sides->len == 0)
    return;

  grid.c0 = MAX (hr->c0 - 2, 0);
  grid.c1 = MIN (hr->c1 + 2, hr->cols - 1);
  grid.r0 = MAX (hr->r0 - 2, 0);
  grid.r1 = MIN (hr->r1 + 2, hr->rows - 1);
  grid.stride = grid.c1 - grid.c0 + 1;
  masks = g_new (guint8, (gsize) grid.stride * (grid.r1 - grid.r0 + 1));
  grid.mask = masks;
  outer = grid_outer_sides (hr, &grid);

  for (int rank = 0; rank <= 3; rank++)
    for (guint f = 0; f < r->n_features; f++)
      {
        FeatureStyle *fs = &r->features[f];
        double w;

        if (road_rank (fs->style) != rank)
          continue;

        memset (masks, 0, (gsize) grid.stride * (grid.r1 - grid.r0 + 1));
        /* Only a road in range is drawn; the hexsides around it bend it. */
        if (!grid_add_feature (hr, &grid, hr->sides, f))
          continue;
        grid_add_feature (hr, &grid, outer, f);

        road_trace (hr, &grid);

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

