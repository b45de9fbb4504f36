/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "wb-render.h"

G_BEGIN_DECLS

/*
 * What the parts of the renderer share. wb-render.c holds the entry point,
 * feature styles, text and the symbols both kinds of map use;
 * wb-render-hex.c a hex map's set-up and overlays (grid, numbers, labels,
 * marks, units), wb-render-hex-terrain.c its artwork (terrain, patterns,
 * elevation, hex features), wb-render-hex-sides.c its hexsides and roads;
 * wb-render-points.c point-to-point maps; wb-render-counters.c unit
 * counters and the set-up lines that place them. File export
 * (wb-render-export.c) needs only the public API.
 */

#define SQRT3 1.73205080756887729353

/* Point-to-point maps have no hex size: widths given "in hex-size units"
 * are multiplied by this many points. */
#define POINT_UNIT 20.0

/* Level-of-detail thresholds, in device pixels of hex radius. */
#define LOD_FAST_TERRAIN   3.5   /* below: hexes filled as rectangles */
#define LOD_CONTOURS       3.0
#define LOD_GRID           4.0
#define LOD_GRID_FULL     10.0
#define LOD_PATTERNS       9.0
#define LOD_DETAILS        5.0   /* hex features, labels, marks */
#define LOD_NUMBERS       18.0   /* 0.6 of a 30-point hex at scale 1 */
#define LOD_COUNTER_TEXT  14.0

/* Smallest readable text on the device, in pixels. */
#define MIN_LABEL_PX       8.0

typedef struct {
  double r, g, b;
} Rgb;

static const Rgb INK = { 0.13, 0.12, 0.11 };
static const Rgb WHITE = { 1.0, 1.0, 1.0 };
static const Rgb PAPER = { 0.96, 0.94, 0.87 };
static const Rgb WATER_BLUE = { 0.23, 0.50, 0.77 };
static const Rgb CONTOUR_BROWN = { 0.55, 0.36, 0.17 };

typedef enum {
  PATTERN_NONE,
  PATTERN_TREES,
  PATTERN_ROUGH,
  PATTERN_MARSH,
  PATTERN_WATER,
  PATTERN_TOWN,
  PATTERN_DOTS,
} Pattern;

typedef enum {
  STYLE_OTHER,
  STYLE_TRAIL,
  STYLE_ROAD,
  STYLE_PIKE,
  STYLE_RAILROAD,
  STYLE_CREEK,
  STYLE_RIVER,
  STYLE_FORD,
  STYLE_BRIDGE,
  STYLE_FERRY,
  STYLE_TOWN,
  STYLE_SLOPE,
  STYLE_LEVEE,
  STYLE_MOUNTAIN,
  STYLE_GAP,
  STYLE_MARKER,
} Style;

typedef struct {
  const char *id;       /* interned */
  Rgb         fill;
  Rgb         ink;      /* pattern colour */
  Pattern     pattern;
} TerrainStyle;

typedef struct {
  const char    *id;    /* interned */
  WbFeatureType *type;
  Style          style;
  Rgb            color;
  double         width; /* in hex-size units */
} FeatureStyle;

/* One feature on one hexside, named by a hex inside the map. */
typedef struct {
  WbOffset hex;
  int      dir;
  guint    feature;     /* index into the feature styles */
} SideItem;

typedef struct {
  PangoLayout          *layout;
  PangoFontDescription *desc;
  double                size;
} Text;

typedef enum {
  FONT_NUMBER,
  FONT_LABEL,
  FONT_COUNTER,
  FONT_COUNTER_BOLD,
  FONT_MARK,
  N_FONTS,
} Font;

typedef struct {
  WbGame                *game;
  cairo_t               *cr;
  const WbRenderOptions *options;
  double                 scale;    /* device units per map point */
  double                 px;       /* one device pixel, in map points */
  gboolean               raster;   /* pixels, not a PDF/SVG/PostScript page */
  /* Clip rectangle in map points. */
  double                 x0, y0, x1, y1;
  FeatureStyle          *features;
  guint                  n_features;
  PangoContext          *pango;
  Text                   text[N_FONTS];
} Render;

typedef struct {
  Render       *r;
  WbHexMap     *map;
  WbHexLayout   layout;
  double        size;
  double        hex_px;   /* hex radius on the device */
  int           cols, rows;
  /* The hexes visited (inclusive, inside the map); the wide range adds room
   * for what overhangs its hex: labels, stacked counters. */
  int           c0, c1, r0, r1;
  int           wc0, wc1, wr0, wr1;
  int           stride;
  TerrainStyle *terrain;
  guint         n_terrain;
  guint16      *tindex;    /* per hex in range; G_MAXUINT16: unknown */
  GArray       *sides;     /* SideItem */
  double        corner[6][2];
  double        width, height;   /* the map's extent */
} HexRender;

/* --- small helpers ----------------------------------------------------- */

static inline Rgb
rgb (double r,
     double g,
     double b)
{
  Rgb c = { r, g, b };

  return c;
}

static inline Rgb
rgb_parse (const char *s,
           Rgb         fallback)
{
  Rgb c;

  if (s != NULL && wb_color_parse (s, &c.r, &c.g, &c.b))
    return c;

  return fallback;
}

static inline Rgb
rgb_mix (Rgb    a,
         Rgb    b,
         double t)
{
  return rgb (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t);
}

static inline Rgb
rgb_shade (Rgb    a,
           double f)
{
  return rgb (a.r * f, a.g * f, a.b * f);
}

static inline double
rgb_luminance (Rgb c)
{
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
}

static inline void
set_rgb (cairo_t *cr,
         Rgb      c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

static inline void
set_rgba (cairo_t *cr,
          Rgb      c,
          double   a)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, a);
}

/* A stable pseudo-random number in [0, 1) for a hex, so patterns do not
 * shimmer between frames or differ between the screen and the printout. */
static inline double
hex_rand (int   col,
          int   row,
          guint salt)
{
  guint32 h = (guint32) col * 73856093u ^ (guint32) row * 19349663u ^ salt * 83492791u;

  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  h *= 0x27d4eb2du;
  h ^= h >> 16;

  return (h & 0xffffff) / 16777216.0;
}

/* Drawing order of road classes: lesser roads first, so pikes and
 * railroads run over them at junctions. */
static inline int
road_rank (Style s)
{
  return s == STYLE_TRAIL ? 0 : s == STYLE_ROAD ? 1 : s == STYLE_PIKE ? 2
       : s == STYLE_RAILROAD ? 3 : -1;
}

/* --- hex geometry --------------------------------------------------------- */

static inline int
hex_index (HexRender *hr,
           int        col,
           int        row)
{
  return (row - hr->r0) * hr->stride + (col - hr->c0);
}

static inline gboolean
hex_in_range (HexRender *hr,
              WbOffset   o)
{
  return o.col >= hr->c0 && o.col <= hr->c1 && o.row >= hr->r0 && o.row <= hr->r1;
}

static inline void
hex_centre (HexRender *hr,
            WbOffset   o,
            double    *x,
            double    *y)
{
  wb_hex_center (hr->layout, hr->size, o, x, y);
}

static inline void
hex_polygon (HexRender *hr,
             double     cx,
             double     cy,
             double     f)
{
  cairo_t *cr = hr->r->cr;

  cairo_move_to (cr, cx + hr->corner[0][0] * f, cy + hr->corner[0][1] * f);
  for (int i = 1; i < 6; i++)
    cairo_line_to (cr, cx + hr->corner[i][0] * f, cy + hr->corner[i][1] * f);
  cairo_close_path (cr);
}

static inline void
hex_edge (HexRender *hr,
          double     cx,
          double     cy,
          int        dir,
          double    *ax,
          double    *ay,
          double    *bx,
          double    *by)
{
  *ax = cx + hr->corner[dir][0];
  *ay = cy + hr->corner[dir][1];
  *bx = cx + hr->corner[(dir + 1) % 6][0];
  *by = cy + hr->corner[(dir + 1) % 6][1];
}

/* --- shared by the parts of the renderer ---------------------------------- */

/* wb-render.c */
/* Sets up @r for drawing on @cr without a map (a counter preview). */
void       _wb_render_begin               (Render                *r,
                                           WbGame                *game,
                                           cairo_t               *cr,
                                           const WbRenderOptions *options);
void       _wb_render_end                 (Render                *r);
Rgb        _wb_render_style_default_color (Style       s);
guint      _wb_render_find_feature        (Render     *r,
                                           const char *id);
void       _wb_render_draw_text_within    (Render     *r,
                                           Font        font,
                                           double      size,
                                           const char *s,
                                           double      x,
                                           double      y,
                                           double      ax,
                                           double      ay,
                                           Rgb         ink,
                                           const Rgb  *halo,
                                           double      lo,
                                           double      hi);
void       _wb_render_draw_text           (Render     *r,
                                           Font        font,
                                           double      size,
                                           const char *s,
                                           double      x,
                                           double      y,
                                           double      ax,
                                           double      ay,
                                           Rgb         ink,
                                           const Rgb  *halo);
void       _wb_render_star_path           (cairo_t    *cr,
                                           double      cx,
                                           double      cy,
                                           double      radius);
void       _wb_render_arrow_path          (cairo_t    *cr,
                                           double      x,
                                           double      y,
                                           double      dx,
                                           double      dy,
                                           double      length,
                                           double      width);
void       _wb_render_wave_path           (cairo_t    *cr,
                                           double      ax,
                                           double      ay,
                                           double      bx,
                                           double      by,
                                           int         n,
                                           double      amp,
                                           gboolean    move);
void       _wb_render_stroke_railroad     (cairo_t    *cr,
                                           Rgb         color,
                                           double      width,
                                           double      tie,
                                           double      gap,
                                           double      tie_length);
void       _wb_render_stroke_road         (cairo_t    *cr,
                                           Rgb         color,
                                           double      width,
                                           double      casing);

/* wb-render-counters.c */
void       _wb_render_draw_counter        (Render     *r,
                                           WbUnit     *unit,
                                           double      cx,
                                           double      cy,
                                           double      c,
                                           gboolean    text);
/* A unit to draw and where: its set-up place, or where the match has it. */
typedef struct {
  const char  *unit;
  WbPlaceKind  kind;
  char         ref[64];
} WbRenderPlaced;

/* The units to draw on @map (WbRenderPlaced, transfer full; empty when
 * there is no scenario or match for it). */
GArray    *_wb_render_placed_units       (Render     *r,
                                          WbMap      *map);
GPtrArray *_wb_render_setup_for_map       (Render     *r,
                                           WbMap      *map);
WbPlace   *_wb_render_setup_place         (WbSetup    *line);

/* wb-render-hex.c */
void       _wb_render_hex_map             (Render     *r,
                                           WbHexMap   *map);
/* Adds to @items (SideItem) the features of the hexsides @o names: its own
 * (directions 0..2) and, on the border, the map's outer edges. */
void       _wb_render_collect_hex_sides   (HexRender  *hr,
                                           GArray     *items,
                                           WbOffset    o);

/* wb-render-hex-terrain.c */
void       _wb_render_draw_terrain        (HexRender  *hr,
                                           gboolean    shade_levels);
void       _wb_render_draw_patterns       (HexRender  *hr);
void       _wb_render_draw_elevation      (HexRender  *hr,
                                           gboolean    shaded);
void       _wb_render_draw_hex_features   (HexRender  *hr);
void       _wb_render_draw_scenario_markers (HexRender *hr);

/* wb-render-hex-sides.c */
void       _wb_render_draw_hexsides       (HexRender  *hr);
void       _wb_render_draw_roads          (HexRender  *hr);

/* wb-render-points.c */
/* wb-render-lines.c: @unit is the map's size unit in points (hex size, or
 * POINT_UNIT). */
void       _wb_render_draw_map_lines      (Render     *r,
                                           WbMap      *map,
                                           double      unit);
void       _wb_render_draw_map_line_names (Render     *r,
                                           WbMap      *map,
                                           double      unit);
void       _wb_render_point_map           (Render     *r,
                                           WbPointMap *map);

/* wb-render-export.c: cairo writing into a g_file_replace () stream (map
 * exports, wb-print.c's PDFs); the first error is kept in @error. */
typedef struct {
  GOutputStream *stream;
  GError        *error;
} WbWriteClosure;

cairo_status_t _wb_write_to_stream (void                *user_data,
                                    const unsigned char *data,
                                    unsigned int         length);
/* Closes a g_file_replace () stream with a cancelled cancellable: what was
 * written is dropped and an existing target is left as it was. */
void       _wb_abort_output       (GOutputStream       *out);

G_END_DECLS
