/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>

#include "wb-render-private.h"
#include "rules/wb-match.h"

/* --- hex maps: the terrain artwork ----------------------------------------- */

/* A hex (or, when too small to tell, the rectangle it tiles). */
static void
hex_cell (HexRender *hr,
          double     cx,
          double     cy,
          gboolean   fast)
{
  if (fast)
    {
      double w, h;

      if (hr->layout.orientation == WB_HEX_POINTY)
        w = hr->size * SQRT3, h = hr->size * 1.5;
      else
        w = hr->size * 1.5, h = hr->size * SQRT3;
      cairo_rectangle (hr->r->cr, cx - w / 2, cy - h / 2, w, h);
    }
  else
    {
      hex_polygon (hr, cx, cy, 1.0);
    }
}

/* Terrain: one fill per terrain type, then its pattern. */
#define N_LEVELS 10

/* The tint of an elevation level over its terrain. */
static Rgb
level_shade (Rgb fill,
             int level)
{
  return rgb_mix (fill, rgb (0.42, 0.27, 0.10), MIN (0.075 * level, 0.5));
}

static inline gboolean
in_region (HexRender     *hr,
           const guint16 *keys,
           guint16        k,
           WbOffset       o)
{
  return hex_in_range (hr, o) && keys[hex_index (hr, o.col, o.row)] == k;
}

/* Adds the outlines of the hexes keyed @k to the path: one loop around
 * each area of them (and one the other way round each hole) instead of a
 * hexagon per hex. The area is the same, but the edges between two hexes
 * of a colour, most of them, are never scan-converted. A boundary edge is
 * followed clockwise by the next edge of its hex, or, when the hex across
 * that one is in the area too, by that hex's edge at the same corner. */
static void
terrain_outlines (HexRender     *hr,
                  const guint16 *keys,
                  guint16        k,
                  guint8        *done)
{
  cairo_t *cr = hr->r->cr;
  gsize limit = (gsize) hr->stride * (hr->r1 - hr->r0 + 1) * 6;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        int i = hex_index (hr, col, row);

        if (keys[i] != k)
          continue;

        for (int d = 0; d < 6; d++)
          {
            WbOffset h = o;
            int e = d;
            double cx, cy;

            if ((done[i] & (1 << d)) || in_region (hr, keys, k, wb_hex_neighbour (hr->layout, o, d)))
              continue;

            hex_centre (hr, h, &cx, &cy);
            cairo_move_to (cr, cx + hr->corner[e][0], cy + hr->corner[e][1]);
            for (gsize steps = 0; steps < limit; steps++)
              {
                WbOffset n;

                done[hex_index (hr, h.col, h.row)] |= 1 << e;
                cairo_line_to (cr, cx + hr->corner[(e + 1) % 6][0], cy + hr->corner[(e + 1) % 6][1]);
                n = wb_hex_neighbour (hr->layout, h, (e + 1) % 6);
                if (in_region (hr, keys, k, n))
                  {
                    h = n;
                    e = (e + 5) % 6;
                    hex_centre (hr, h, &cx, &cy);
                  }
                else
                  {
                    e = (e + 1) % 6;
                  }
                if (h.col == o.col && h.row == o.row && e == d)
                  break;
              }
            cairo_close_path (cr);
          }
      }
}

/* Terrain: one fill per terrain type and level. With the elevation layer
 * on, each level's tint is mixed into the fill colour, so shading costs
 * nothing more. */
void
_wb_render_draw_terrain (HexRender *hr,
                         gboolean   shade_levels)
{
  cairo_t *cr = hr->r->cr;
  gboolean fast = hr->hex_px < LOD_FAST_TERRAIN;
  guint n_keys = (hr->n_terrain + 1) * N_LEVELS;
  guint *counts = g_new0 (guint, n_keys);
  gsize n_hex = (gsize) hr->stride * (hr->r1 - hr->r0 + 1);
  guint16 *keys = g_new (guint16, n_hex);
  guint8 *done = NULL;
  guint common = 0;
  double inset_x, inset_y;

  if (!wb_hex_map_has_elevation (hr->map))
    shade_levels = FALSE;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        int i = hex_index (hr, col, row);
        guint16 t = hr->tindex[i];
        int level = 0;

        if (shade_levels)
          level = CLAMP (wb_hex_map_get_elevation (hr->map, (WbOffset) { col, row }), 0, N_LEVELS - 1);
        keys[i] = (guint16) ((t == G_MAXUINT16 ? hr->n_terrain : t) * N_LEVELS + level);
        counts[keys[i]]++;
      }
  for (guint k = 0; k < n_keys; k++)
    if (counts[k] > counts[common])
      common = k;

  /* The commonest fill is painted as one rectangle under everything,
   * inset so the notches along the map edge stay blank: it is the one fill
   * that needs no path, and neighbouring fills blend onto it without
   * hairline seams. Its hexes on the map edge are still drawn as hexes. */
  if (hr->layout.orientation == WB_HEX_POINTY)
    inset_x = hr->size * SQRT3 / 2, inset_y = hr->size / 2;
  else
    inset_x = hr->size / 2, inset_y = hr->size * SQRT3 / 2;

  for (guint n = 0; n < n_keys; n++)
    {
      /* The common fill first: the others go over its rectangle. */
      guint k = n == 0 ? common : n <= common ? n - 1 : n;
      guint t = k / N_LEVELS;
      gboolean edges_only = k == common && hr->cols > 1 && hr->rows > 1;
      Rgb fill = t < hr->n_terrain ? hr->terrain[t].fill : rgb (0.85, 0.85, 0.85);

      if (counts[k] == 0)
        continue;
      fill = level_shade (fill, k % N_LEVELS);

      if (edges_only)
        {
          cairo_rectangle (cr, inset_x, inset_y, hr->width - 2 * inset_x, hr->height - 2 * inset_y);
          set_rgb (cr, fill);
          cairo_fill (cr);
        }

      if (!fast && !edges_only)
        {
          if (done == NULL)
            done = g_new0 (guint8, n_hex);
          terrain_outlines (hr, keys, (guint16) k, done);
        }
      else
        for (int row = hr->r0; row <= hr->r1; row++)
          for (int col = hr->c0; col <= hr->c1; col++)
            if (keys[hex_index (hr, col, row)] == k)
              {
                WbOffset o = { col, row };
                double cx, cy;

                if (edges_only && col > 0 && row > 0 && col < hr->cols - 1 && row < hr->rows - 1)
                  continue;
                hex_centre (hr, o, &cx, &cy);
                hex_cell (hr, cx, cy, fast);
              }

      set_rgb (cr, fill);
      cairo_fill (cr);
    }

  g_free (done);
  g_free (keys);
  g_free (counts);
}

static void
pattern_trees (HexRender *hr,
               WbOffset   o,
               double     cx,
               double     cy,
               gboolean   trunks)
{
  static const double slots[5][2] = {
    { -0.40, -0.28 }, { 0.32, -0.40 }, { -0.02, 0.02 }, { -0.36, 0.40 }, { 0.40, 0.30 },
  };
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      double x = cx + s * (slots[i][0] + (hex_rand (o.col, o.row, i * 2) - 0.5) * 0.16);
      double y = cy + s * (slots[i][1] + (hex_rand (o.col, o.row, i * 2 + 1) - 0.5) * 0.14);
      double rad = s * (0.13 + 0.04 * hex_rand (o.col, o.row, 20 + i));

      if (trunks)
        {
          cairo_move_to (cr, x, y + rad * 0.6);
          cairo_line_to (cr, x, y + rad * 1.55);
        }
      else
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, rad, 0, 2 * G_PI);
          cairo_close_path (cr);
        }
    }
}

static void
pattern_rough (HexRender *hr,
               WbOffset   o,
               double     cx,
               double     cy)
{
  static const double slots[4][2] = {
    { -0.38, -0.30 }, { 0.30, -0.34 }, { -0.30, 0.32 }, { 0.36, 0.28 },
  };
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      double x = cx + s * (slots[i][0] + (hex_rand (o.col, o.row, i) - 0.5) * 0.14);
      double y = cy + s * (slots[i][1] + (hex_rand (o.col, o.row, i + 7) - 0.5) * 0.12);

      /* Three short hatch strokes, like an engraver's rocks. */
      for (int k = -1; k <= 1; k++)
        {
          double ox = x + k * s * 0.07, oy = y + k * s * 0.02;

          cairo_move_to (cr, ox - s * 0.06, oy + s * 0.08);
          cairo_line_to (cr, ox + s * 0.06, oy - s * 0.08);
        }
    }
}

static void
pattern_marsh (HexRender *hr,
               WbOffset   o,
               double     cx,
               double     cy)
{
  static const double slots[5][2] = {
    { -0.42, -0.30 }, { 0.28, -0.42 }, { 0.0, 0.08 }, { -0.35, 0.42 }, { 0.40, 0.34 },
  };
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      double x = cx + s * (slots[i][0] + (hex_rand (o.col, o.row, i) - 0.5) * 0.12);
      double y = cy + s * (slots[i][1] + (hex_rand (o.col, o.row, i + 9) - 0.5) * 0.10);

      /* A water line with a tuft of reeds. */
      cairo_move_to (cr, x - s * 0.16, y);
      cairo_line_to (cr, x + s * 0.16, y);
      cairo_move_to (cr, x, y - s * 0.02);
      cairo_line_to (cr, x, y - s * 0.14);
      cairo_move_to (cr, x - s * 0.04, y - s * 0.02);
      cairo_line_to (cr, x - s * 0.09, y - s * 0.11);
      cairo_move_to (cr, x + s * 0.04, y - s * 0.02);
      cairo_line_to (cr, x + s * 0.09, y - s * 0.11);
    }
}

static void
pattern_water (HexRender *hr,
               double     cx,
               double     cy)
{
  double s = hr->size;

  for (int k = -1; k <= 1; k++)
    {
      double y = cy + k * s * 0.42;
      double half = s * (k == 0 ? 0.45 : 0.3);

      _wb_render_wave_path (hr->r->cr, cx - half, y, cx + half, y, 4, s * 0.035, TRUE);
    }
}

static void
pattern_town (HexRender *hr,
              WbOffset   o,
              double     cx,
              double     cy,
              double     scale)
{
  static const double slots[6][2] = {
    { -0.30, -0.28 }, { 0.05, -0.36 }, { 0.34, -0.12 }, { -0.36, 0.12 }, { 0.0, 0.30 },
    { 0.32, 0.28 },
  };
  cairo_t *cr = hr->r->cr;
  double s = hr->size * scale;

  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      double w = s * (0.13 + 0.07 * hex_rand (o.col, o.row, i));
      double h = s * (0.10 + 0.06 * hex_rand (o.col, o.row, i + 11));
      double x = cx + s * slots[i][0];
      double y = cy + s * slots[i][1];

      cairo_rectangle (cr, x - w / 2, y - h / 2, w, h);
    }
}

static void
pattern_dots (HexRender *hr,
              WbOffset   o,
              double     cx,
              double     cy)
{
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  for (guint i = 0; i < 11; i++)
    {
      double a = hex_rand (o.col, o.row, i) * 2 * G_PI;
      double d = sqrt (hex_rand (o.col, o.row, i + 31)) * 0.62 * s;

      cairo_new_sub_path (cr);
      cairo_arc (cr, cx + d * cos (a), cy + d * sin (a) * 0.95, s * 0.028, 0, 2 * G_PI);
    }
}

static int
pattern_passes (Pattern p)
{
  return p == PATTERN_TREES ? 2 : 1;
}

/* Adds the pattern glyphs of one hex to the current path. */
static void
pattern_path (HexRender    *hr,
              TerrainStyle *ts,
              int           pass,
              WbOffset      o,
              double        cx,
              double        cy)
{
  switch (ts->pattern)
    {
    case PATTERN_TREES: pattern_trees (hr, o, cx, cy, pass == 0); break;
    case PATTERN_ROUGH: pattern_rough (hr, o, cx, cy); break;
    case PATTERN_MARSH: pattern_marsh (hr, o, cx, cy); break;
    case PATTERN_WATER: pattern_water (hr, cx, cy); break;
    case PATTERN_TOWN:  pattern_town (hr, o, cx, cy, 1.0); break;
    case PATTERN_DOTS:  pattern_dots (hr, o, cx, cy); break;
    case PATTERN_NONE:
    default:
      break;
    }
}

/* Strokes or fills the path built by pattern_path (). */
static void
pattern_paint (HexRender    *hr,
               TerrainStyle *ts,
               int           pass)
{
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  switch (ts->pattern)
    {
    case PATTERN_TREES:
      if (pass == 0)
        {
          set_rgb (cr, rgb_shade (ts->ink, 0.8));
          cairo_set_line_width (cr, s * 0.035);
          cairo_stroke (cr);
        }
      else
        {
          set_rgb (cr, rgb_mix (ts->fill, ts->ink, 0.55));
          cairo_fill_preserve (cr);
          set_rgb (cr, rgb_shade (ts->ink, 0.8));
          cairo_set_line_width (cr, MAX (s * 0.022, hr->r->px * 0.5));
          cairo_stroke (cr);
        }
      break;
    case PATTERN_ROUGH:
    case PATTERN_MARSH:
      set_rgb (cr, ts->ink);
      cairo_set_line_width (cr, MAX (s * 0.028, hr->r->px * 0.5));
      cairo_stroke (cr);
      break;
    case PATTERN_WATER:
      set_rgb (cr, rgb_mix (ts->fill, WHITE, 0.45));
      cairo_set_line_width (cr, MAX (s * 0.03, hr->r->px * 0.5));
      cairo_stroke (cr);
      break;
    case PATTERN_TOWN:
    case PATTERN_DOTS:
      set_rgb (cr, ts->ink);
      cairo_fill (cr);
      break;
    case PATTERN_NONE:
    default:
      cairo_new_path (cr);
      break;
    }
}

/* Pattern variants per terrain type when drawn as stamps. */
#define N_STAMPS 8

typedef struct {
  cairo_pattern_t *pattern[N_STAMPS];
  int              w, h;     /* device pixels */
  int              ox, oy;   /* the hex centre inside the stamp */
} Stamps;

/* On pixels, each pattern is drawn once per variant into a small image at
 * the device resolution and stamped onto every hex: the same glyphs, at a
 * fraction of the cost of rasterising thousands of little paths (and
 * without the memory of one huge path). Pages (PDF, SVG) get the vector
 * glyphs. Returns FALSE when stamps cannot be used: a page, a rotated or
 * skewed matrix. */
static gboolean
stamps_create (HexRender    *hr,
               TerrainStyle *ts,
               Stamps       *st)
{
  Render *r = hr->r;
  cairo_t *cr = r->cr;
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_matrix_t m;
  double dsx = 1, dsy = 1, k;

  if (!r->raster)
    return FALSE;
  cairo_get_matrix (cr, &m);
  if (m.xy != 0 || m.yx != 0 || m.xx <= 0 || fabs (m.xx - m.yy) > 1e-9 * m.xx)
    return FALSE;
  cairo_surface_get_device_scale (target, &dsx, &dsy);
  if (dsx != dsy || dsx <= 0)
    return FALSE;

  /* Map points to real pixels. */
  k = m.xx * dsx;
  st->w = st->h = (int) ceil (2.2 * hr->size * k) + 2;
  st->ox = st->w / 2;
  st->oy = st->h / 2;

  for (int v = 0; v < N_STAMPS; v++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, st->w, st->h);
      cairo_t *sc = cairo_create (surface);
      /* A made-up hex far from the map picks each variant's jitter. */
      WbOffset o = { -1000 - v, -1000 - 7 * v };
      cairo_matrix_t pm;

      cairo_translate (sc, st->ox, st->oy);
      cairo_scale (sc, k, k);
      r->cr = sc;
      for (int pass = 0; pass < pattern_passes (ts->pattern); pass++)
        {
          pattern_path (hr, ts, pass, o, 0, 0);
          pattern_paint (hr, ts, pass);
        }
      r->cr = cr;
      cairo_destroy (sc);

      cairo_surface_set_device_scale (surface, dsx, dsy);
      st->pattern[v] = cairo_pattern_create_for_surface (surface);
      cairo_pattern_set_filter (st->pattern[v], CAIRO_FILTER_NEAREST);
      cairo_matrix_init_identity (&pm);
      cairo_pattern_set_matrix (st->pattern[v], &pm);
      cairo_surface_destroy (surface);
    }

  return TRUE;
}

static void
stamps_clear (Stamps *st)
{
  for (int v = 0; v < N_STAMPS; v++)
    g_clear_pointer (&st->pattern[v], cairo_pattern_destroy);
}

void
_wb_render_draw_patterns (HexRender *hr)
{
  cairo_t *cr = hr->r->cr;

  if (hr->hex_px < LOD_PATTERNS)
    return;

  for (guint t = 0; t < hr->n_terrain; t++)
    {
      TerrainStyle *ts = &hr->terrain[t];
      Stamps st = { { NULL, }, 0, 0, 0, 0 };
      gboolean any = FALSE;

      if (ts->pattern == PATTERN_NONE)
        continue;

      for (int row = hr->r0; row <= hr->r1 && !any; row++)
        for (int col = hr->c0; col <= hr->c1 && !any; col++)
          any = hr->tindex[hex_index (hr, col, row)] == t;
      if (!any)
        continue;

      if (stamps_create (hr, ts, &st))
        {
          double dsx = 1, dsy = 1;
          cairo_matrix_t ctm;

          cairo_surface_get_device_scale (cairo_get_target (cr), &dsx, &dsy);
          cairo_get_matrix (cr, &ctm);
          cairo_save (cr);
          cairo_identity_matrix (cr);
          for (int row = hr->r0; row <= hr->r1; row++)
            for (int col = hr->c0; col <= hr->c1; col++)
              {
                WbOffset o = { col, row };
                cairo_matrix_t m;
                double cx, cy, x, y;
                guint v;

                if (hr->tindex[hex_index (hr, col, row)] != t)
                  continue;

                hex_centre (hr, o, &cx, &cy);
                cairo_matrix_transform_point (&ctm, &cx, &cy);
                /* Whole pixels: no resampling. */
                x = (round (cx * dsx) - st.ox) / dsx;
                y = (round (cy * dsy) - st.oy) / dsy;
                v = (guint) (hex_rand (col, row, 99) * N_STAMPS) % N_STAMPS;

                cairo_matrix_init_translate (&m, -x, -y);
                cairo_pattern_set_matrix (st.pattern[v], &m);
                cairo_set_source (cr, st.pattern[v]);
                cairo_rectangle (cr, x, y, st.w / dsx, st.h / dsy);
                cairo_fill (cr);
              }
          cairo_restore (cr);
          stamps_clear (&st);
          continue;
        }

      /* Vector glyphs, in batches so no path grows huge. */
      for (int pass = 0; pass < pattern_passes (ts->pattern); pass++)
        {
          int batch = 0;

          for (int row = hr->r0; row <= hr->r1; row++)
            for (int col = hr->c0; col <= hr->c1; col++)
              {
                WbOffset o = { col, row };
                double cx, cy;

                if (hr->tindex[hex_index (hr, col, row)] != t)
                  continue;

                hex_centre (hr, o, &cx, &cy);
                pattern_path (hr, ts, pass, o, cx, cy);
                if (++batch == 512)
                  {
                    pattern_paint (hr, ts, pass);
                    batch = 0;
                  }
              }
          if (batch > 0)
            pattern_paint (hr, ts, pass);
        }
    }
}

/* Elevation: each level a little darker, and a contour wherever the level
 * changes from one hex to the next. */
void
_wb_render_draw_elevation (HexRender *hr,
                           gboolean   shaded)
{
  cairo_t *cr = hr->r->cr;
  gboolean fast = hr->hex_px < LOD_FAST_TERRAIN;
  int max_level = 0;

  if (!wb_hex_map_has_elevation (hr->map))
    return;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };

        max_level = MAX (max_level, wb_hex_map_get_elevation (hr->map, o));
      }

  for (int level = 1; level <= max_level && !shaded; level++)
    {
      gboolean any = FALSE;

      for (int row = hr->r0; row <= hr->r1; row++)
        for (int col = hr->c0; col <= hr->c1; col++)
          {
            WbOffset o = { col, row };
            double cx, cy;

            if (wb_hex_map_get_elevation (hr->map, o) != level)
              continue;
            hex_centre (hr, o, &cx, &cy);
            hex_cell (hr, cx, cy, fast);
            any = TRUE;
          }
      if (any)
        {
          cairo_set_source_rgba (cr, 0.42, 0.27, 0.10, MIN (0.075 * level, 0.5));
          cairo_fill (cr);
        }
    }

  if (hr->hex_px < LOD_CONTOURS)
    return;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        int level = wb_hex_map_get_elevation (hr->map, o);
        double cx, cy;

        hex_centre (hr, o, &cx, &cy);
        for (int dir = 0; dir < 3; dir++)
          {
            WbOffset n = wb_hex_neighbour (hr->layout, o, dir);
            double ax, ay, bx, by;

            if (!wb_hex_map_contains (hr->map, n) || wb_hex_map_get_elevation (hr->map, n) == level)
              continue;
            hex_edge (hr, cx, cy, dir, &ax, &ay, &bx, &by);
            cairo_move_to (cr, ax, ay);
            cairo_line_to (cr, bx, by);
          }
      }
  set_rgb (cr, CONTOUR_BROWN);
  cairo_set_line_width (cr, MAX (hr->size * 0.045, hr->r->px * 0.75));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

static void
hex_feature_symbol (HexRender    *hr,
                    WbOffset      o,
                    FeatureStyle *fs,
                    double        cx,
                    double        cy)
{
  cairo_t *cr = hr->r->cr;
  double s = hr->size;

  cairo_set_dash (cr, NULL, 0, 0);
  switch (fs->style)
    {
    case STYLE_TOWN:
      /* A cluster of building blocks with a paper margin. */
      pattern_town (hr, o, cx, cy, 0.85);
      set_rgba (cr, WHITE, 0.8);
      cairo_set_line_width (cr, s * 0.05);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      cairo_stroke_preserve (cr);
      set_rgb (cr, fs->color);
      cairo_fill (cr);
      break;

    case STYLE_FERRY:
      {
        /* The ferry's arrows point where units may enter and leave: the
         * hexsides its road or trail crosses (SPI 5.24), else across. */
        double dash[2] = { s * 0.07, s * 0.05 };
        double ux = 1, uy = 0, half = s * 0.55;
        int dirs[2], n = 0;

        for (int d = 0; d < 6 && n < 2; d++)
          {
            GPtrArray *sf = wb_hex_map_get_side_features (hr->map, o, d);

            for (guint i = 0; sf != NULL && i < sf->len; i++)
              {
                guint f = _wb_render_find_feature (hr->r, g_ptr_array_index (sf, i));

                if (f != G_MAXUINT && road_rank (hr->r->features[f].style) >= 0)
                  {
                    dirs[n++] = d;
                    break;
                  }
              }
          }
        if (n >= 1)
          {
            double ax, ay, bx, by, len;

            hex_edge (hr, cx, cy, dirs[0], &ax, &ay, &bx, &by);
            ux = (ax + bx) / 2 - cx;
            uy = (ay + by) / 2 - cy;
            if (n == 2)
              {
                hex_edge (hr, cx, cy, dirs[1], &ax, &ay, &bx, &by);
                ux -= (ax + bx) / 2 - cx;
                uy -= (ay + by) / 2 - cy;
              }
            len = hypot (ux, uy);
            if (len > 0)
              ux /= len, uy /= len;
            else
              ux = 1, uy = 0;
          }

        cairo_move_to (cr, cx - ux * half * 0.7, cy - uy * half * 0.7);
        cairo_line_to (cr, cx + ux * half * 0.7, cy + uy * half * 0.7);
        cairo_set_dash (cr, dash, 2, 0);
        set_rgb (cr, fs->color);
        cairo_set_line_width (cr, s * 0.06);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        _wb_render_arrow_path (cr, cx + ux * half, cy + uy * half, ux, uy, s * 0.3, s * 0.13);
        _wb_render_arrow_path (cr, cx - ux * half, cy - uy * half, -ux, -uy, s * 0.3, s * 0.13);
        set_rgb (cr, rgb_shade (fs->color, 0.45));
        cairo_set_line_width (cr, MAX (s * 0.03, hr->r->px * 0.5));
        cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
        cairo_stroke_preserve (cr);
        set_rgb (cr, fs->color);
        cairo_fill (cr);
        break;
      }

    case STYLE_BRIDGE:
      {
        /* A bridge standing in a hex (a corduroy road of logs across a
         * bayou): a deck of planks with a rail on each side. */
        double w = s * 0.72, h = s * 0.26;

        cairo_rectangle (cr, cx - w / 2, cy - h / 2, w, h);
        set_rgb (cr, fs->color);
        cairo_fill (cr);
        for (int k = 1; k < 6; k++)
          {
            double x = cx - w / 2 + k * w / 6;
            cairo_move_to (cr, x, cy - h / 2);
            cairo_line_to (cr, x, cy + h / 2);
          }
        set_rgb (cr, WHITE);
        cairo_set_line_width (cr, MAX (s * 0.02, hr->r->px * 0.5));
        cairo_stroke (cr);
        for (int k = -1; k <= 1; k += 2)
          {
            cairo_move_to (cr, cx - w / 2 - s * 0.06, cy + k * (h / 2 + s * 0.07));
            cairo_line_to (cr, cx - w / 2, cy + k * h / 2);
            cairo_line_to (cr, cx + w / 2, cy + k * h / 2);
            cairo_line_to (cr, cx + w / 2 + s * 0.06, cy + k * (h / 2 + s * 0.07));
          }
        set_rgb (cr, INK);
        cairo_set_line_width (cr, MAX (s * 0.035, hr->r->px * 0.75));
        cairo_stroke (cr);
        break;
      }

    case STYLE_FORD:
    case STYLE_MOUNTAIN:
    case STYLE_GAP:
    case STYLE_MARKER:
    case STYLE_OTHER:
    case STYLE_CREEK:
    case STYLE_RIVER:
    case STYLE_SLOPE:
    case STYLE_LEVEE:
    case STYLE_TRAIL:
    case STYLE_ROAD:
    case STYLE_PIKE:
    case STYLE_RAILROAD:
    default:
      if (g_strcmp0 (fs->type->style, "trench") == 0 || g_strcmp0 (fs->id, "trench") == 0)
        {
          cairo_move_to (cr, cx - s * 0.5, cy + s * 0.3);
          for (int k = 0; k < 6; k++)
            cairo_line_to (cr, cx - s * 0.5 + (k + 1) * s / 6, cy + s * (k % 2 == 0 ? 0.2 : 0.3));
          set_rgb (cr, fs->color);
          cairo_set_line_width (cr, s * 0.05);
          cairo_stroke (cr);
        }
      else
        {
          cairo_arc (cr, cx + s * 0.45, cy + s * 0.38, s * 0.09, 0, 2 * G_PI);
          set_rgb (cr, fs->color);
          cairo_fill_preserve (cr);
          set_rgb (cr, INK);
          cairo_set_line_width (cr, s * 0.02);
          cairo_stroke (cr);
        }
      break;
    }
}

/* A marker on the map: the feature's symbol on a ring in the feature's
 * colour, so it reads as placed on the map rather than printed on it. */
static void
draw_marker (HexRender *hr, WbOffset o, guint f)
{
  cairo_t *cr = hr->r->cr;
  double cx, cy;

  hex_centre (hr, o, &cx, &cy);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, hr->size * 0.62, 0, 2 * G_PI);
  set_rgba (cr, WHITE, 0.55);
  cairo_fill_preserve (cr);
  set_rgb (cr, hr->r->features[f].color);
  cairo_set_line_width (cr, MAX (hr->size * 0.08, hr->r->px));
  cairo_stroke (cr);
  hex_feature_symbol (hr, o, &hr->r->features[f], cx, cy);
}

/* The markers the shown scenario places (Fallen Timber, pontoon bridges),
 * and those a designer put down during the match shown. */
void
_wb_render_draw_scenario_markers (HexRender *hr)
{
  WbScenario *scenario = hr->r->options->scenario;
  const WbMatch *match = hr->r->options->match;
  GPtrArray *markers;

  if (hr->hex_px < LOD_DETAILS)
    return;

  if (scenario != NULL && g_strcmp0 (wb_scenario_get_map (scenario), wb_map_get_id (WB_MAP (hr->map))) == 0)
    {
      markers = wb_scenario_get_markers (scenario);
      for (guint i = 0; i < markers->len; i++)
        {
          WbMarker *m = g_ptr_array_index (markers, i);
          WbPlace *place = m->at->len > 0 ? &g_array_index (m->at, WbPlace, 0) : NULL;
          guint f = _wb_render_find_feature (hr->r, m->feature);
          WbOffset o;

          if (place == NULL || place->kind != WB_PLACE_HEX || f == G_MAXUINT ||
              !wb_scenario_applies (m->option, m->unless, NULL) ||
              !wb_hex_map_parse_hex (hr->map, place->ref, &o) || !hex_in_range (hr, o))
            continue;
          draw_marker (hr, o, f);
        }
    }

  if (match != NULL && match->markers != NULL && match->map == WB_MAP (hr->map))
    for (guint i = 0; i < match->markers->len; i++)
      {
        const WbMatchMarker *k = &g_array_index (match->markers, WbMatchMarker, i);
        guint f = _wb_render_find_feature (hr->r, k->feature);

        if (f != G_MAXUINT && hex_in_range (hr, k->hex))
          draw_marker (hr, k->hex, f);
      }
}

void
_wb_render_draw_hex_features (HexRender *hr)
{
  if (hr->hex_px < LOD_DETAILS)
    return;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        GPtrArray *features = wb_hex_map_get_hex_features (hr->map, o);
        double cx, cy;

        if (features == NULL || features->len == 0)
          continue;

        hex_centre (hr, o, &cx, &cy);
        for (guint i = 0; i < features->len; i++)
          {
            guint f = _wb_render_find_feature (hr->r, g_ptr_array_index (features, i));

            if (f != G_MAXUINT)
              hex_feature_symbol (hr, o, &hr->r->features[f], cx, cy);
          }
      }
}

