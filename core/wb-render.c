/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#ifdef HAVE_LIBPNG
#include <png.h>
#include <setjmp.h>
#endif

#include "wb-render.h"

/*
 * The one renderer: the canvas, `warbench-cli render`, printing and the
 * exporters all call wb_render_map (), so what the designer sees is what is
 * printed. Everything is drawn in map points; @options->scale only chooses
 * the level of detail (patterns, grid and text are dropped when they would
 * be too small to see) and keeps hairlines at least half a device pixel wide.
 *
 * Speed: only the hexes around the clip rectangle are visited, and each
 * layer is drawn as a few large paths (one fill per terrain type, one stroke
 * per feature type) instead of one cairo call per hex.
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

static const struct {
  const char *name;
  Style       style;
} style_names[] = {
  { "trail", STYLE_TRAIL },
  { "road", STYLE_ROAD },
  { "pike", STYLE_PIKE },
  { "railroad", STYLE_RAILROAD },
  { "creek", STYLE_CREEK },
  { "river", STYLE_RIVER },
  { "ford", STYLE_FORD },
  { "bridge", STYLE_BRIDGE },
  { "ferry", STYLE_FERRY },
  { "town", STYLE_TOWN },
  { "slope", STYLE_SLOPE },
  { "levee", STYLE_LEVEE },
  { "mountain", STYLE_MOUNTAIN },
  { "gap", STYLE_GAP },
  { "marker", STYLE_MARKER },
};

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

static Rgb
rgb (double r,
     double g,
     double b)
{
  Rgb c = { r, g, b };

  return c;
}

static Rgb
rgb_parse (const char *s,
           Rgb         fallback)
{
  Rgb c;

  if (s != NULL && wb_color_parse (s, &c.r, &c.g, &c.b))
    return c;

  return fallback;
}

static Rgb
rgb_mix (Rgb    a,
         Rgb    b,
         double t)
{
  return rgb (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t);
}

static Rgb
rgb_shade (Rgb    a,
           double f)
{
  return rgb (a.r * f, a.g * f, a.b * f);
}

static double
rgb_luminance (Rgb c)
{
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
}

static void
set_rgb (cairo_t *cr,
         Rgb      c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

static void
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

static Pattern
pattern_from_string (const char *s)
{
  static const char *names[] = { "none", "trees", "rough", "marsh", "water", "town", "dots" };

  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (names); i++)
    if (strcmp (s, names[i]) == 0)
      return (Pattern) i;

  return PATTERN_NONE;
}

static Style
style_from_string (const char *s)
{
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (style_names); i++)
    if (strcmp (s, style_names[i].name) == 0)
      return style_names[i].style;

  return STYLE_OTHER;
}

static Rgb
style_default_color (Style s)
{
  switch (s)
    {
    case STYLE_TRAIL:    return rgb (0.40, 0.28, 0.16);
    case STYLE_ROAD:     return rgb (0.96, 0.90, 0.74);
    case STYLE_PIKE:     return rgb (0.85, 0.36, 0.22);
    case STYLE_RAILROAD: return INK;
    case STYLE_CREEK:
    case STYLE_RIVER:
    case STYLE_FERRY:    return WATER_BLUE;
    case STYLE_FORD:     return rgb (0.86, 0.94, 0.99);
    case STYLE_BRIDGE:   return INK;
    case STYLE_TOWN:     return rgb (0.22, 0.18, 0.17);
    case STYLE_SLOPE:
    case STYLE_LEVEE:    return CONTOUR_BROWN;
    case STYLE_MOUNTAIN:
    case STYLE_GAP:      return rgb (0.45, 0.30, 0.15);
    case STYLE_MARKER:
    case STYLE_OTHER:
    default:             return rgb (0.35, 0.35, 0.35);
    }
}

static double
style_default_width (Style s)
{
  switch (s)
    {
    case STYLE_TRAIL:    return 0.055;
    case STYLE_ROAD:     return 0.085;
    case STYLE_PIKE:     return 0.13;
    case STYLE_RAILROAD: return 0.05;
    case STYLE_CREEK:    return 0.09;
    case STYLE_RIVER:    return 0.22;
    case STYLE_FORD:     return 0.09;
    case STYLE_BRIDGE:   return 0.045;
    case STYLE_SLOPE:
    case STYLE_LEVEE:    return 0.045;
    case STYLE_FERRY:
    case STYLE_TOWN:
    case STYLE_MOUNTAIN:
    case STYLE_GAP:
    case STYLE_MARKER:
    case STYLE_OTHER:
    default:             return 0.06;
    }
}

/* Drawing order of road classes: lesser roads first, so pikes and
 * railroads run over them at junctions. */
static int
road_rank (Style s)
{
  return s == STYLE_TRAIL ? 0 : s == STYLE_ROAD ? 1 : s == STYLE_PIKE ? 2
       : s == STYLE_RAILROAD ? 3 : -1;
}

static guint
find_feature (Render     *r,
              const char *id)
{
  for (guint i = 0; i < r->n_features; i++)
    if (r->features[i].id == id)
      return i;

  /* Ids are interned, but be lenient with callers that are not. */
  for (guint i = 0; id != NULL && i < r->n_features; i++)
    if (g_strcmp0 (r->features[i].id, id) == 0)
      return i;

  return G_MAXUINT;
}

/* --- text ---------------------------------------------------------------- */

static void
render_init (Render                *r,
             WbGame                *game,
             cairo_t               *cr,
             const WbRenderOptions *options)
{
  GPtrArray *features = wb_game_get_features (game);
  double ux = 1.0, uy = 0.0;

  memset (r, 0, sizeof *r);
  r->game = game;
  r->cr = cr;
  r->options = options;

  /* options->scale chooses the level of detail; without it, the matrix
   * tells how big a map point is on the device. */
  cairo_user_to_device_distance (cr, &ux, &uy);
  r->scale = options->scale > 0 ? options->scale : hypot (ux, uy);
  if (!(r->scale > 0) || !isfinite (r->scale))
    r->scale = 1.0;
  r->px = 1.0 / r->scale;

  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      r->raster = FALSE;
      break;
    default:
      r->raster = TRUE;
      break;
    }

  r->n_features = features != NULL ? features->len : 0;
  r->features = g_new0 (FeatureStyle, MAX (r->n_features, 1));
  for (guint i = 0; i < r->n_features; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      FeatureStyle *fs = &r->features[i];

      fs->id = f->id;
      fs->type = f;
      fs->style = style_from_string (f->style);
      fs->color = rgb_parse (f->color, style_default_color (fs->style));
      fs->width = f->width > 0 && f->width <= 1 ? f->width : style_default_width (fs->style);
    }
}

static void
render_clear (Render *r)
{
  for (guint i = 0; i < N_FONTS; i++)
    {
      g_clear_object (&r->text[i].layout);
      g_clear_pointer (&r->text[i].desc, pango_font_description_free);
    }
  g_clear_object (&r->pango);
  g_clear_pointer (&r->features, g_free);
}

static PangoLayout *
render_text (Render *r,
             Font    font,
             double  size)
{
  Text *t = &r->text[font];

  if (r->pango == NULL)
    {
      cairo_font_options_t *fo = cairo_font_options_create ();

      r->pango = pango_cairo_create_context (r->cr);
      /* On pages, unhinted: text keeps its proportions at any size. On
       * pixels, hinted metrics give even spacing to small hex numbers. */
      cairo_font_options_set_hint_metrics (fo, r->raster ? CAIRO_HINT_METRICS_ON
                                                         : CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (fo, r->raster ? CAIRO_HINT_STYLE_SLIGHT
                                                       : CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (r->pango, fo);
      pango_context_set_round_glyph_positions (r->pango, r->raster);
      cairo_font_options_destroy (fo);
    }

  if (t->layout == NULL)
    {
      static const char *descs[N_FONTS] = {
        [FONT_NUMBER] = "Sans",
        [FONT_LABEL] = "Serif Bold Italic",
        [FONT_COUNTER] = "Sans Condensed",
        [FONT_COUNTER_BOLD] = "Sans Condensed Bold",
        [FONT_MARK] = "Sans Bold",
      };

      t->layout = pango_layout_new (r->pango);
      t->desc = pango_font_description_from_string (descs[font]);
      t->size = -1;
    }

  if (t->size != size)
    {
      pango_font_description_set_absolute_size (t->desc, size * PANGO_SCALE);
      pango_layout_set_font_description (t->layout, t->desc);
      t->size = size;
    }

  return t->layout;
}

/* Draws @s with its logical box anchored at (@x, @y): @ax, @ay are 0 for
 * left/top, 0.5 for the centre, 1 for right/bottom; the box is then moved
 * inside [@lo, @hi] horizontally where it fits. A halo (a wide stroke of
 * the glyph outlines underneath) keeps it readable over any terrain. */
static void
draw_text_within (Render     *r,
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
                  double      hi)
{
  cairo_t *cr = r->cr;
  PangoLayout *layout;
  PangoRectangle logical;
  double lx, ly, w;

  if (s == NULL || *s == '\0')
    return;

  layout = render_text (r, font, size);
  pango_layout_set_text (layout, s, -1);
  pango_layout_get_extents (layout, NULL, &logical);

  w = logical.width / (double) PANGO_SCALE;
  lx = x - ax * w;
  if (w <= hi - lo)
    lx = CLAMP (lx, lo, hi - w);
  lx -= logical.x / (double) PANGO_SCALE;
  ly = y - ay * logical.height / (double) PANGO_SCALE - logical.y / (double) PANGO_SCALE;

  if (r->raster)
    {
      /* cairo 1.16 puts glyphs on whole pixels; start on one so every
       * label has the same spacing, not one that depends on where it
       * falls. */
      cairo_user_to_device (cr, &lx, &ly);
      lx = round (lx);
      ly = round (ly);
      cairo_device_to_user (cr, &lx, &ly);
    }

  if (halo != NULL)
    {
      cairo_move_to (cr, lx, ly);
      pango_cairo_layout_path (cr, layout);
      set_rgba (cr, *halo, 0.9);
      cairo_set_line_width (cr, MAX (size * 0.28, r->px * 2));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
    }

  cairo_move_to (cr, lx, ly);
  set_rgb (cr, ink);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_text (Render     *r,
           Font        font,
           double      size,
           const char *s,
           double      x,
           double      y,
           double      ax,
           double      ay,
           Rgb         ink,
           const Rgb  *halo)
{
  draw_text_within (r, font, size, s, x, y, ax, ay, ink, halo, -G_MAXDOUBLE, G_MAXDOUBLE);
}

/* --- symbols shared by both kinds of map ----------------------------------- */

static void
star_path (cairo_t *cr,
           double   cx,
           double   cy,
           double   radius)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = (i % 2 == 0) ? radius : radius * 0.42;

      if (i == 0)
        cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      else
        cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
}

static void
arrow_path (cairo_t *cr,
            double   x,
            double   y,
            double   dx,
            double   dy,
            double   length,
            double   width)
{
  /* An arrow whose tip is at (x, y), pointing along (dx, dy). */
  double nx = -dy, ny = dx;
  double bx = x - dx * length, by = y - dy * length;
  double hx = x - dx * length * 0.45, hy = y - dy * length * 0.45;

  cairo_move_to (cr, x, y);
  cairo_line_to (cr, hx + nx * width, hy + ny * width);
  cairo_line_to (cr, hx + nx * width * 0.4, hy + ny * width * 0.4);
  cairo_line_to (cr, bx + nx * width * 0.4, by + ny * width * 0.4);
  cairo_line_to (cr, bx - nx * width * 0.4, by - ny * width * 0.4);
  cairo_line_to (cr, hx - nx * width * 0.4, hy - ny * width * 0.4);
  cairo_line_to (cr, hx - nx * width, hy - ny * width);
  cairo_close_path (cr);
}

/* A wavy line from (ax, ay) to (bx, by): @n half-waves of amplitude @amp,
 * starting and ending on the straight line so neighbouring pieces join. */
static void
wave_path (cairo_t *cr,
           double   ax,
           double   ay,
           double   bx,
           double   by,
           int      n,
           double   amp,
           gboolean move)
{
  double dx = (bx - ax) / n, dy = (by - ay) / n;
  double len = hypot (dx, dy);
  double nx, ny;

  if (len <= 0)
    return;

  nx = -dy / len;
  ny = dx / len;

  if (move)
    cairo_move_to (cr, ax, ay);
  for (int i = 0; i < n; i++)
    {
      double sx = ax + dx * i, sy = ay + dy * i;
      double h = (i % 2 == 0 ? 1 : -1) * amp * 4.0 / 3.0;

      cairo_curve_to (cr,
                      sx + dx / 3 + nx * h, sy + dy / 3 + ny * h,
                      sx + 2 * dx / 3 + nx * h, sy + 2 * dy / 3 + ny * h,
                      sx + dx, sy + dy);
    }
}

/* The NATO symbol box and its contents, centred on (cx, cy). */
static void
draw_nato_symbol (cairo_t    *cr,
                  const char *symbol,
                  double      cx,
                  double      cy,
                  double      w,
                  double      h,
                  double      line,
                  Rgb         ink)
{
  double x = cx - w / 2, y = cy - h / 2;

  set_rgb (cr, ink);
  cairo_set_line_width (cr, line);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  if (g_strcmp0 (symbol, "leader") == 0)
    {
      star_path (cr, cx, cy, h * 0.6);
      cairo_fill (cr);
      return;
    }

  cairo_rectangle (cr, x, y, w, h);

  if (g_strcmp0 (symbol, "infantry") == 0)
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x, y + h);
    }
  else if (g_strcmp0 (symbol, "cavalry") == 0)
    {
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
    }
  else if (g_strcmp0 (symbol, "artillery") == 0)
    {
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy, h * 0.2, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }
  else if (g_strcmp0 (symbol, "hq") == 0)
    {
      /* The headquarters staff. */
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x, y + h * 1.6);
    }
  else if (g_strcmp0 (symbol, "garrison") == 0)
    {
      cairo_move_to (cr, x, y + h * 0.72);
      cairo_line_to (cr, x + w, y + h * 0.72);
    }
  else if (g_strcmp0 (symbol, "pioneer") == 0)
    {
      /* The engineers' bridge. */
      cairo_move_to (cr, cx - w * 0.25, cy + h * 0.2);
      cairo_line_to (cr, cx - w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy + h * 0.2);
      cairo_move_to (cr, cx, cy - h * 0.2);
      cairo_line_to (cr, cx, cy + h * 0.2);
    }
  else if (g_strcmp0 (symbol, "supply") == 0 || g_strcmp0 (symbol, "train") == 0)
    {
      cairo_move_to (cr, x, y + h * 0.7);
      cairo_line_to (cr, x + w, y + h * 0.7);
    }

  cairo_stroke (cr);
}

/* A square counter of side @c centred on (cx, cy). */
static void
draw_counter (Render     *r,
              WbUnit     *unit,
              double      cx,
              double      cy,
              double      c,
              gboolean    text)
{
  cairo_t *cr = r->cr;
  WbSide *side = wb_game_find_side (r->game, wb_unit_get_side (unit));
  WbUnitType *klass = wb_game_find_unit_class (r->game, wb_unit_get_class_id (unit));
  Rgb bg = rgb_parse (side != NULL ? side->color : NULL, rgb (0.8, 0.8, 0.8));
  Rgb fg = rgb_parse (side != NULL ? side->text_color : NULL,
                      rgb_luminance (bg) < 0.5 ? WHITE : INK);
  double x = cx - c / 2, y = cy - c / 2;
  g_autofree char *strength = NULL;
  const char *size;

  /* Shadow, body, edge. */
  cairo_rectangle (cr, x + c * 0.06, y + c * 0.06, c, c);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  cairo_rectangle (cr, x, y, c, c);
  set_rgb (cr, bg);
  cairo_fill_preserve (cr);
  set_rgb (cr, rgb_shade (bg, 0.45));
  cairo_set_line_width (cr, MAX (c * 0.025, r->px * 0.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke (cr);

  if (!text)
    {
      draw_nato_symbol (cr, klass != NULL ? klass->symbol : NULL,
                        cx, cy, c * 0.5, c * 0.32, MAX (c * 0.05, r->px * 0.5), fg);
      return;
    }

  draw_nato_symbol (cr, klass != NULL ? klass->symbol : NULL,
                    cx, y + c * 0.48, c * 0.48, c * 0.28, c * 0.035, fg);

  size = wb_unit_get_size (unit);
  if (size != NULL && *size != '\0')
    draw_text (r, FONT_COUNTER_BOLD, c * 0.11, size, cx, y + c * 0.335, 0.5, 1.0, fg, NULL);

  draw_text (r, FONT_COUNTER, c * 0.15, wb_unit_get_designation (unit),
             cx, y + c * 0.03, 0.5, 0.0, fg, NULL);

  strength = wb_strength_to_string (wb_unit_get_strength (unit));
  draw_text (r, FONT_COUNTER_BOLD, c * 0.26, strength, cx, y + c * 0.99, 0.5, 1.0, fg, NULL);
}

/* --- hex maps ------------------------------------------------------------ */

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

static void
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

static void
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

static void
hex_range_from_clip (HexRender *hr,
                     int        margin,
                     int       *c0,
                     int       *c1,
                     int       *r0,
                     int       *r1)
{
  Render *r = hr->r;
  double xs[2] = { r->x0, r->x1 }, ys[2] = { r->y0, r->y1 };
  int cmin = G_MAXINT, cmax = G_MININT, rmin = G_MAXINT, rmax = G_MININT;

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        WbOffset o = wb_hex_from_point (hr->layout, hr->size, xs[i], ys[j]);

        cmin = MIN (cmin, o.col);
        cmax = MAX (cmax, o.col);
        rmin = MIN (rmin, o.row);
        rmax = MAX (rmax, o.row);
      }

  *c0 = CLAMP (cmin - margin, 0, hr->cols - 1);
  *c1 = CLAMP (cmax + margin, 0, hr->cols - 1);
  *r0 = CLAMP (rmin - margin, 0, hr->rows - 1);
  *r1 = CLAMP (rmax + margin, 0, hr->rows - 1);
}

static guint16
terrain_lookup (HexRender  *hr,
                const char *id,
                guint16    *last)
{
  if (*last != G_MAXUINT16 && hr->terrain[*last].id == id)
    return *last;

  for (guint i = 0; i < hr->n_terrain; i++)
    if (hr->terrain[i].id == id)
      return *last = (guint16) i;

  for (guint i = 0; id != NULL && i < hr->n_terrain; i++)
    if (g_strcmp0 (hr->terrain[i].id, id) == 0)
      return *last = (guint16) i;

  return G_MAXUINT16;
}

static void
hex_prepare (HexRender *hr)
{
  GPtrArray *terrain = wb_game_get_terrain (hr->r->game);
  guint16 last = G_MAXUINT16;

  hr->n_terrain = MIN (terrain->len, G_MAXUINT16 - 1);
  hr->terrain = g_new0 (TerrainStyle, MAX (hr->n_terrain, 1));
  for (guint i = 0; i < hr->n_terrain; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      TerrainStyle *ts = &hr->terrain[i];

      ts->id = t->id;
      ts->fill = rgb_parse (t->color, rgb (0.92, 0.90, 0.80));
      ts->pattern = pattern_from_string (t->pattern);
      ts->ink = rgb_luminance (ts->fill) < 0.35 ? rgb_mix (ts->fill, WHITE, 0.35)
                                                : rgb_shade (ts->fill, 0.55);
    }

  hr->tindex = g_new (guint16, (gsize) hr->stride * (hr->r1 - hr->r0 + 1));
  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };

        hr->tindex[hex_index (hr, col, row)] =
          terrain_lookup (hr, wb_hex_map_get_terrain (hr->map, o), &last);
      }
}

static void
add_side_items (HexRender *hr,
                WbOffset   hex,
                int        dir)
{
  GPtrArray *features = wb_hex_map_get_side_features (hr->map, hex, dir);

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      SideItem item = { hex, dir, find_feature (hr->r, g_ptr_array_index (features, i)) };

      if (item.feature != G_MAXUINT)
        g_array_append_val (hr->sides, item);
    }
}

/* Collects the hexside features around the visited hexes. Every hexside is
 * asked for once, through a hex inside the map: its canonical hex (dir 0..2)
 * or, for the outer edges of border hexes, the border hex itself. */
static void
hex_collect_sides (HexRender *hr)
{
  hr->sides = g_array_new (FALSE, FALSE, sizeof (SideItem));

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        gboolean border = col == 0 || row == 0 || col == hr->cols - 1 || row == hr->rows - 1;

        for (int dir = 0; dir < 3; dir++)
          add_side_items (hr, o, dir);

        if (border)
          for (int dir = 3; dir < 6; dir++)
            if (!wb_hex_map_contains (hr->map, wb_hex_neighbour (hr->layout, o, dir)))
              add_side_items (hr, o, dir);
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

/* Terrain: one fill per terrain type and level. With the elevation layer
 * on, each level's tint is mixed into the fill colour, so shading costs
 * nothing more. */
static void
draw_terrain (HexRender *hr,
              gboolean   shade_levels)
{
  cairo_t *cr = hr->r->cr;
  gboolean fast = hr->hex_px < LOD_FAST_TERRAIN;
  guint n_keys = (hr->n_terrain + 1) * N_LEVELS;
  guint *counts = g_new0 (guint, n_keys);
  guint16 *keys = g_new (guint16, (gsize) hr->stride * (hr->r1 - hr->r0 + 1));
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

      wave_path (hr->r->cr, cx - half, y, cx + half, y, 4, s * 0.035, TRUE);
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

static void
draw_patterns (HexRender *hr)
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
static void
draw_elevation (HexRender *hr,
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
      wave_path (cr, ax, ay, bx, by, 2, s * 0.07, TRUE);
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

static void
draw_hexsides (HexRender *hr)
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

static void
draw_roads (HexRender *hr)
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
            {
              double ties[2] = { MAX (s * 0.025, r->px), s * 0.12 };

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w);
              cairo_stroke_preserve (cr);
              cairo_set_dash (cr, ties, 2, 0);
              cairo_set_line_width (cr, w * 3.2);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
              break;
            }

          case STYLE_ROAD:
          case STYLE_PIKE:
          default:
            {
              /* Casing, then the road's own colour inside it. */
              double casing = MAX (s * (fs->style == STYLE_PIKE ? 0.035 : 0.028), r->px * 0.75);

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              set_rgb (cr, rgb_luminance (fs->color) > 0.5 ? rgb (0.30, 0.22, 0.15)
                                                            : rgb_shade (fs->color, 0.4));
              cairo_set_line_width (cr, w + 2 * casing);
              cairo_stroke_preserve (cr);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w);
              cairo_stroke (cr);
              break;
            }
          }
      }
}

static void
draw_grid (HexRender *hr)
{
  cairo_t *cr = hr->r->cr;
  double alpha;

  if (hr->hex_px < LOD_GRID)
    return;

  alpha = 0.75 * CLAMP ((hr->hex_px - LOD_GRID) / (LOD_GRID_FULL - LOD_GRID), 0.2, 1.0);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.12, alpha);
  cairo_set_line_width (cr, MAX (hr->size * 0.02, hr->r->px * 0.6));
  /* Butt caps and mitres: far cheaper to stroke than round ones, and the
   * same at this width. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  for (int row = hr->r0; row <= hr->r1; row++)
    {
      for (int col = hr->c0; col <= hr->c1; col++)
        {
          WbOffset o = { col, row };
          gboolean border = col == 0 || row == 0 || col == hr->cols - 1 || row == hr->rows - 1;
          double cx, cy;

          hex_centre (hr, o, &cx, &cy);
          /* Each edge once: the canonical three, plus the outer edges of
           * border hexes. Running them as one polyline per hex keeps the
           * joins clean. */
          cairo_move_to (cr, cx + hr->corner[0][0], cy + hr->corner[0][1]);
          for (int d = 0; d < 3; d++)
            cairo_line_to (cr, cx + hr->corner[d + 1][0], cy + hr->corner[d + 1][1]);
          if (border)
            for (int d = 3; d < 6; d++)
              {
                double ex = cx + hr->corner[(d + 1) % 6][0], ey = cy + hr->corner[(d + 1) % 6][1];

                if (!wb_hex_map_contains (hr->map, wb_hex_neighbour (hr->layout, o, d)))
                  cairo_line_to (cr, ex, ey);
                else
                  cairo_move_to (cr, ex, ey);
              }
        }

      /* A few rows at a time keeps the path, and the memory cairo needs
       * to stroke it, small. */
      if ((row - hr->r0) % 8 == 7 || row == hr->r1)
        cairo_stroke (cr);
    }
}

static void
draw_numbers (HexRender *hr)
{
  double s = hr->size;
  double top = hr->layout.orientation == WB_HEX_POINTY ? s * 0.62 : s * SQRT3 / 2 - s * 0.05;
  Rgb ink = rgb (0.25, 0.24, 0.22);
  /* Never below six device pixels: a number too small to read is noise. */
  double size = MAX (s * 0.19, 6.0 * hr->r->px);

  if (hr->hex_px < LOD_NUMBERS)
    return;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        char buf[32];
        double cx, cy;

        hex_centre (hr, o, &cx, &cy);
        wb_hex_map_format_hex (hr->map, o, buf, sizeof buf);
        draw_text (hr->r, FONT_NUMBER, size, buf, cx, cy - top, 0.5, 0.0, ink, NULL);
      }
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
                guint f = find_feature (hr->r, g_ptr_array_index (sf, i));

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
        arrow_path (cr, cx + ux * half, cy + uy * half, ux, uy, s * 0.3, s * 0.13);
        arrow_path (cr, cx - ux * half, cy - uy * half, -ux, -uy, s * 0.3, s * 0.13);
        set_rgb (cr, rgb_shade (fs->color, 0.45));
        cairo_set_line_width (cr, MAX (s * 0.03, hr->r->px * 0.5));
        cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
        cairo_stroke_preserve (cr);
        set_rgb (cr, fs->color);
        cairo_fill (cr);
        break;
      }

    case STYLE_BRIDGE:
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

static void
draw_hex_features (HexRender *hr)
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
            guint f = find_feature (hr->r, g_ptr_array_index (features, i));

            if (f != G_MAXUINT)
              hex_feature_symbol (hr, o, &hr->r->features[f], cx, cy);
          }
      }
}

static void
draw_labels (HexRender *hr)
{
  double s = hr->size;
  double size;

  if (hr->hex_px < LOD_DETAILS)
    return;

  /* At least MIN_LABEL_PX on the device, however far out. */
  size = MAX (s * 0.32, MIN_LABEL_PX * hr->r->px);

  for (int row = hr->wr0; row <= hr->wr1; row++)
    for (int col = hr->wc0; col <= hr->wc1; col++)
      {
        WbOffset o = { col, row };
        const char *label = wb_hex_map_get_label (hr->map, o);
        double cx, cy;

        if (label == NULL || *label == '\0')
          continue;

        hex_centre (hr, o, &cx, &cy);
        /* Names of edge hexes stay on the map. */
        draw_text_within (hr->r, FONT_LABEL, size, label, cx, cy + s * 0.36, 0.5, 0.0, INK, &WHITE,
                          s * 0.1, hr->width - s * 0.1);
      }
}

static gboolean
hex_in_wide_range (HexRender *hr,
                   WbOffset   o)
{
  return o.col >= hr->wc0 && o.col <= hr->wc1 && o.row >= hr->wr0 && o.row <= hr->wr1;
}

static void
draw_marks (HexRender *hr)
{
  Render *r = hr->r;
  cairo_t *cr = r->cr;
  GPtrArray *marks = wb_hex_map_get_marks (hr->map);
  double s = hr->size;

  if (marks == NULL || hr->hex_px < LOD_GRID)
    return;

  for (guint m = 0; m < marks->len; m++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, m);
      WbSide *side = mark->side != NULL ? wb_game_find_side (r->game, mark->side) : NULL;
      Rgb side_color = rgb_parse (side != NULL ? side->color : NULL, INK);

      for (guint h = 0; mark->hexes != NULL && h < mark->hexes->len; h++)
        {
          WbOffset o = g_array_index (mark->hexes, WbOffset, h);
          double cx, cy;

          if (!hex_in_wide_range (hr, o))
            continue;

          hex_centre (hr, o, &cx, &cy);

          if (g_strcmp0 (mark->kind, "objective") == 0)
            {
              double sx = cx - s * 0.45, sy = cy - s * 0.4;

              star_path (cr, sx, sy, s * 0.2);
              set_rgb (cr, side != NULL ? side_color : rgb (0.80, 0.15, 0.12));
              cairo_fill_preserve (cr);
              set_rgb (cr, WHITE);
              cairo_set_line_width (cr, MAX (s * 0.025, r->px * 0.5));
              cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
              cairo_stroke (cr);
              if (mark->vp != 0 && hr->hex_px >= LOD_DETAILS)
                {
                  char vp[16];

                  g_snprintf (vp, sizeof vp, "%d", mark->vp);
                  draw_text (r, FONT_MARK, s * 0.2, vp, sx + s * 0.2, sy + s * 0.02, 0.0, 0.5,
                             rgb (0.70, 0.10, 0.08), &WHITE);
                }
            }
          else if (g_strcmp0 (mark->kind, "entry") == 0)
            {
              /* Point into the map from the nearest map edge. */
              double dx = 0, dy = 1;

              if (o.col == 0)
                dx = 1, dy = 0;
              else if (o.col == hr->cols - 1)
                dx = -1, dy = 0;
              else if (o.row == 0)
                dx = 0, dy = 1;
              else if (o.row == hr->rows - 1)
                dx = 0, dy = -1;

              arrow_path (cr, cx + dx * s * 0.05, cy + dy * s * 0.05, dx, dy, s * 0.62, s * 0.22);
              set_rgb (cr, side_color);
              cairo_fill_preserve (cr);
              set_rgb (cr, WHITE);
              cairo_set_line_width (cr, MAX (s * 0.025, r->px * 0.5));
              cairo_stroke (cr);
            }
          else if (g_strcmp0 (mark->kind, "supply") == 0)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, cx, cy, s * 0.62, 0, 2 * G_PI);
              set_rgba (cr, side_color, 0.85);
              cairo_set_line_width (cr, s * 0.07);
              cairo_stroke (cr);
              draw_text (r, FONT_MARK, s * 0.2, "S", cx + s * 0.55, cy - s * 0.45, 0.5, 0.5,
                         side_color, &WHITE);
            }
          else if (g_strcmp0 (mark->kind, "setup") == 0)
            {
              double dash[2] = { s * 0.1, s * 0.07 };

              hex_polygon (hr, cx, cy, 0.84);
              cairo_set_dash (cr, dash, 2, 0);
              set_rgba (cr, side_color, 0.9);
              cairo_set_line_width (cr, s * 0.055);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
          else if (g_strcmp0 (mark->kind, "trench") == 0)
            {
              cairo_move_to (cr, cx - s * 0.5, cy + s * 0.5);
              for (int k = 0; k < 8; k++)
                cairo_line_to (cr, cx - s * 0.5 + (k + 1) * s / 8,
                               cy + s * (k % 2 == 0 ? 0.4 : 0.5));
              set_rgb (cr, rgb (0.35, 0.25, 0.15));
              cairo_set_line_width (cr, s * 0.05);
              cairo_stroke (cr);
            }
          else
            {
              cairo_move_to (cr, cx, cy - s * 0.18);
              cairo_line_to (cr, cx + s * 0.12, cy);
              cairo_line_to (cr, cx, cy + s * 0.18);
              cairo_line_to (cr, cx - s * 0.12, cy);
              cairo_close_path (cr);
              set_rgb (cr, side_color);
              cairo_fill (cr);
            }
        }
    }
}

static gboolean
scenario_is_for_map (WbScenario *scenario,
                     WbMap      *map)
{
  const char *map_id = wb_scenario_get_map (scenario);

  return map_id == NULL || g_strcmp0 (map_id, wb_map_get_id (map)) == 0;
}

static void
draw_hex_units (HexRender *hr)
{
  Render *r = hr->r;
  WbScenario *scenario = r->options->scenario;
  GPtrArray *setup;
  g_autoptr(GHashTable) stacks = NULL;
  double s = hr->size;
  double c = s * 0.95;
  gboolean text = hr->hex_px >= LOD_COUNTER_TEXT;

  if (scenario == NULL || !scenario_is_for_map (scenario, WB_MAP (hr->map)))
    return;

  setup = wb_scenario_get_setup (scenario);
  stacks = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; setup != NULL && i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);
      WbPlace *place;
      WbUnit *unit;
      WbOffset o;
      gpointer key;
      guint depth;
      double cx, cy, off;

      if (line->at == NULL || line->at->len == 0 ||
          !wb_scenario_applies (line->option, line->unless, NULL))
        continue;
      place = &g_array_index (line->at, WbPlace, 0);
      if (place->kind != WB_PLACE_HEX || place->ref == NULL ||
          !wb_hex_map_parse_hex (hr->map, place->ref, &o) || !wb_hex_map_contains (hr->map, o))
        continue;
      if (!hex_in_wide_range (hr, o))
        continue;
      unit = wb_game_find_unit (r->game, line->unit);
      if (unit == NULL)
        continue;

      key = GINT_TO_POINTER ((o.row << 10 | o.col) + 1);
      depth = GPOINTER_TO_UINT (g_hash_table_lookup (stacks, key));
      g_hash_table_insert (stacks, key, GUINT_TO_POINTER (depth + 1));

      hex_centre (hr, o, &cx, &cy);
      off = MIN (depth, 4) * s * 0.1;
      draw_counter (r, unit, cx + off, cy - off, c, text);
    }
}

static void
render_hex_map (Render   *r,
                WbHexMap *map)
{
  const WbRenderOptions *o = r->options;
  HexRender hr = { 0, };
  WbLayers layers = o->layers;

  hr.r = r;
  hr.map = map;
  hr.layout = wb_hex_map_get_layout (map);
  hr.size = wb_hex_map_get_hex_size (map);
  hr.cols = wb_hex_map_get_cols (map);
  hr.rows = wb_hex_map_get_rows (map);
  if (!(hr.size > 0) || hr.cols <= 0 || hr.rows <= 0)
    return;
  hr.hex_px = hr.size * r->scale;
  wb_map_get_extent (WB_MAP (map), &hr.width, &hr.height);
  for (int i = 0; i < 6; i++)
    wb_hex_corner_offset (hr.layout, hr.size, i, &hr.corner[i][0], &hr.corner[i][1]);

  hex_range_from_clip (&hr, 2, &hr.c0, &hr.c1, &hr.r0, &hr.r1);
  hex_range_from_clip (&hr, 4, &hr.wc0, &hr.wc1, &hr.wr0, &hr.wr1);
  hr.stride = hr.c1 - hr.c0 + 1;

  hex_prepare (&hr);
  if (layers & (WB_LAYER_HEXSIDES | WB_LAYER_ROADS))
    hex_collect_sides (&hr);
  else
    hr.sides = g_array_new (FALSE, FALSE, sizeof (SideItem));

  if (layers & WB_LAYER_TERRAIN)
    {
      draw_terrain (&hr, (layers & WB_LAYER_ELEVATION) != 0);
      draw_patterns (&hr);
    }
  if (layers & WB_LAYER_ELEVATION)
    draw_elevation (&hr, (layers & WB_LAYER_TERRAIN) != 0);
  if (layers & WB_LAYER_HEXSIDES)
    draw_hexsides (&hr);
  if (layers & WB_LAYER_ROADS)
    draw_roads (&hr);
  if (layers & WB_LAYER_GRID)
    draw_grid (&hr);
  if (layers & WB_LAYER_NUMBERS)
    draw_numbers (&hr);
  /* Hex features (towns, ferries) are part of the terrain artwork. */
  if (layers & WB_LAYER_TERRAIN)
    draw_hex_features (&hr);
  if (layers & WB_LAYER_LABELS)
    draw_labels (&hr);
  if (layers & WB_LAYER_MARKS)
    draw_marks (&hr);
  if (layers & WB_LAYER_UNITS)
    draw_hex_units (&hr);

  g_free (hr.terrain);
  g_free (hr.tindex);
  g_array_unref (hr.sides);
}

/* --- point-to-point maps --------------------------------------------------- */

static double
location_radius (const WbLocation *loc)
{
  return POINT_UNIT * (loc->major ? 0.48 : 0.3);
}

static gboolean
point_visible (Render *r,
               double  x,
               double  y,
               double  margin)
{
  return x + margin >= r->x0 && x - margin <= r->x1 && y + margin >= r->y0 && y - margin <= r->y1;
}

static gboolean
segment_visible (Render *r,
                 double  ax,
                 double  ay,
                 double  bx,
                 double  by,
                 double  margin)
{
  return MAX (ax, bx) + margin >= r->x0 && MIN (ax, bx) - margin <= r->x1 &&
         MAX (ay, by) + margin >= r->y0 && MIN (ay, by) - margin <= r->y1;
}

static void
draw_connections (Render     *r,
                  WbPointMap *map)
{
  cairo_t *cr = r->cr;
  GPtrArray *connections = wb_point_map_get_connections (map);
  const double u = POINT_UNIT;

  /* Unknown classes first, then the lesser roads, so pikes and railroads
   * run over them where they meet. Index n_features stands for a
   * connection whose class is not a connection feature. */
  for (int rank = -2; rank <= 3; rank++)
    for (guint f = 0; f <= r->n_features; f++)
      {
        FeatureStyle fallback = { NULL, NULL, STYLE_OTHER, rgb (0.45, 0.45, 0.45), 0.08 };
        FeatureStyle *fs = f < r->n_features ? &r->features[f] : &fallback;
        gboolean any = FALSE;
        double w;

        if (f == r->n_features)
          {
            if (rank != -2)
              continue;
          }
        else if (fs->type->where != WB_FEATURE_CONNECTION || road_rank (fs->style) != rank)
          {
            continue;
          }

        for (guint i = 0; i < connections->len; i++)
          {
            WbConnection *c = g_ptr_array_index (connections, i);
            WbLocation *a = wb_point_map_find_location (map, c->a);
            WbLocation *b = wb_point_map_find_location (map, c->b);
            guint cf = find_feature (r, c->klass);

            if (a == NULL || b == NULL)
              continue;
            if (cf != G_MAXUINT && r->features[cf].type->where != WB_FEATURE_CONNECTION)
              cf = G_MAXUINT;
            if (cf == G_MAXUINT ? f != r->n_features : cf != f)
              continue;
            if (!segment_visible (r, a->x, a->y, b->x, b->y, u))
              continue;

            cairo_move_to (cr, a->x, a->y);
            cairo_line_to (cr, b->x, b->y);
            any = TRUE;
          }
        if (!any)
          continue;

        w = MAX (fs->width * u, r->px);
        cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_dash (cr, NULL, 0, 0);
        switch (fs->style)
          {
          case STYLE_TRAIL:
          case STYLE_FERRY:
            {
              double dash[2] = { u * 0.3, u * 0.18 };

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
              cairo_set_dash (cr, dash, 2, 0);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w * 1.2);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
              break;
            }

          case STYLE_RAILROAD:
            {
              double ties[2] = { MAX (u * 0.05, r->px), u * 0.3 };

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w);
              cairo_stroke_preserve (cr);
              cairo_set_dash (cr, ties, 2, 0);
              cairo_set_line_width (cr, w * 3.5);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
              break;
            }

          case STYLE_ROAD:
          case STYLE_PIKE:
          default:
            {
              double casing = MAX (u * (fs->style == STYLE_PIKE ? 0.05 : 0.035), r->px * 0.75);

              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              set_rgb (cr, rgb_luminance (fs->color) > 0.5 ? rgb (0.30, 0.22, 0.15)
                                                            : rgb_shade (fs->color, 0.4));
              cairo_set_line_width (cr, w + 2 * casing);
              cairo_stroke_preserve (cr);
              set_rgb (cr, fs->color);
              cairo_set_line_width (cr, w);
              cairo_stroke (cr);
              break;
            }
          }
      }
}

static void
crossing_symbol (Render       *r,
                 FeatureStyle *fs,
                 double        x,
                 double        y,
                 double        ux,
                 double        uy)
{
  cairo_t *cr = r->cr;
  const double u = POINT_UNIT;
  double ex = -uy, ey = ux;   /* across the connection */
  Style style = fs != NULL ? fs->style : STYLE_OTHER;
  Rgb color = fs != NULL ? fs->color : style_default_color (STYLE_OTHER);

  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  switch (style)
    {
    case STYLE_RIVER:
    case STYLE_CREEK:
    case STYLE_FORD:
    case STYLE_BRIDGE:
      /* The water, across the road. */
      wave_path (cr, x - ex * u * 0.55, y - ey * u * 0.55, x + ex * u * 0.55, y + ey * u * 0.55,
                 3, u * 0.07, TRUE);
      set_rgb (cr, WHITE);
      cairo_set_line_width (cr, u * 0.2);
      cairo_stroke_preserve (cr);
      set_rgb (cr, style == STYLE_FORD || style == STYLE_BRIDGE ? WATER_BLUE : color);
      cairo_set_line_width (cr, u * 0.1);
      cairo_stroke (cr);

      if (style == STYLE_FORD)
        {
          double dash[2] = { u * 0.08, u * 0.06 };

          cairo_move_to (cr, x - ux * u * 0.3, y - uy * u * 0.3);
          cairo_line_to (cr, x + ux * u * 0.3, y + uy * u * 0.3);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          set_rgb (cr, color);
          cairo_set_line_width (cr, u * 0.12);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      else if (style == STYLE_BRIDGE)
        {
          for (int k = -1; k <= 1; k += 2)
            {
              double ox = x + ex * k * u * 0.16, oy = y + ey * k * u * 0.16;

              cairo_move_to (cr, ox - ux * u * 0.28 + ex * k * u * 0.08,
                             oy - uy * u * 0.28 + ey * k * u * 0.08);
              cairo_line_to (cr, ox - ux * u * 0.2, oy - uy * u * 0.2);
              cairo_line_to (cr, ox + ux * u * 0.2, oy + uy * u * 0.2);
              cairo_line_to (cr, ox + ux * u * 0.28 + ex * k * u * 0.08,
                             oy + uy * u * 0.28 + ey * k * u * 0.08);
            }
          set_rgb (cr, INK);
          cairo_set_line_width (cr, u * 0.06);
          cairo_stroke (cr);
        }
      break;

    case STYLE_MOUNTAIN:
      cairo_move_to (cr, x - u * 0.32, y + u * 0.16);
      cairo_line_to (cr, x, y - u * 0.24);
      cairo_line_to (cr, x + u * 0.32, y + u * 0.16);
      set_rgb (cr, WHITE);
      cairo_set_line_width (cr, u * 0.22);
      cairo_stroke_preserve (cr);
      set_rgb (cr, color);
      cairo_set_line_width (cr, u * 0.1);
      cairo_stroke (cr);
      break;

    case STYLE_GAP:
      for (int k = -1; k <= 1; k += 2)
        {
          double ox = x + ex * k * u * 0.28, oy = y + ey * k * u * 0.28;

          cairo_move_to (cr, ox - ux * u * 0.3, oy - uy * u * 0.3);
          cairo_curve_to (cr, ox - ux * u * 0.1 - ex * k * u * 0.15, oy - uy * u * 0.1 - ey * k * u * 0.15,
                          ox + ux * u * 0.1 - ex * k * u * 0.15, oy + uy * u * 0.1 - ey * k * u * 0.15,
                          ox + ux * u * 0.3, oy + uy * u * 0.3);
        }
      set_rgb (cr, color);
      cairo_set_line_width (cr, u * 0.1);
      cairo_stroke (cr);
      break;

    case STYLE_FERRY:
    case STYLE_TRAIL:
    case STYLE_ROAD:
    case STYLE_PIKE:
    case STYLE_RAILROAD:
    case STYLE_TOWN:
    case STYLE_SLOPE:
    case STYLE_LEVEE:
    case STYLE_MARKER:
    case STYLE_OTHER:
    default:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, u * 0.16, 0, 2 * G_PI);
      set_rgb (cr, color);
      cairo_fill_preserve (cr);
      set_rgb (cr, WHITE);
      cairo_set_line_width (cr, u * 0.05);
      cairo_stroke (cr);
      break;
    }
}

static void
draw_crossings (Render     *r,
                WbPointMap *map)
{
  GPtrArray *connections = wb_point_map_get_connections (map);
  const double u = POINT_UNIT;

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      WbLocation *a = wb_point_map_find_location (map, c->a);
      WbLocation *b = wb_point_map_find_location (map, c->b);
      double len, ux, uy, spacing;
      guint n;

      if (a == NULL || b == NULL || c->crossings == NULL || c->crossings->len == 0)
        continue;
      if (!segment_visible (r, a->x, a->y, b->x, b->y, u))
        continue;

      len = hypot (b->x - a->x, b->y - a->y);
      if (len <= 0)
        continue;
      ux = (b->x - a->x) / len;
      uy = (b->y - a->y) / len;
      n = c->crossings->len;
      spacing = MIN (u * 0.9, len / (n + 1));

      for (guint k = 0; k < n; k++)
        {
          guint f = find_feature (r, g_ptr_array_index (c->crossings, k));
          double t = len / 2 + (k - (n - 1) / 2.0) * spacing;

          crossing_symbol (r, f != G_MAXUINT ? &r->features[f] : NULL,
                           a->x + ux * t, a->y + uy * t, ux, uy);
        }
    }
}

static void
draw_locations (Render     *r,
                WbPointMap *map)
{
  cairo_t *cr = r->cr;
  GPtrArray *locations = wb_point_map_get_locations (map);
  const double u = POINT_UNIT;

  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);
      double rad = location_radius (loc);

      if (!point_visible (r, loc->x, loc->y, rad + u))
        continue;

      if (loc->fortress > 0)
        {
          double f = rad + u * 0.22;

          cairo_rectangle (cr, loc->x - f, loc->y - f, 2 * f, 2 * f);
          set_rgb (cr, WHITE);
          cairo_fill_preserve (cr);
          set_rgb (cr, INK);
          cairo_set_line_width (cr, u * 0.1);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
          cairo_stroke (cr);
        }

      cairo_new_sub_path (cr);
      cairo_arc (cr, loc->x, loc->y, rad, 0, 2 * G_PI);
      set_rgb (cr, WHITE);
      cairo_fill_preserve (cr);
      set_rgb (cr, INK);
      cairo_set_line_width (cr, u * (loc->major ? 0.11 : 0.08));
      cairo_stroke (cr);
      if (loc->major)
        {
          cairo_arc (cr, loc->x, loc->y, rad * 0.42, 0, 2 * G_PI);
          cairo_fill (cr);
        }

      if (loc->fortress > 0)
        {
          char cap[16];
          double f = rad + u * 0.22;

          g_snprintf (cap, sizeof cap, "%d", loc->fortress);
          cairo_rectangle (cr, loc->x + f - u * 0.3, loc->y + f - u * 0.3, u * 0.6, u * 0.6);
          set_rgb (cr, INK);
          cairo_fill (cr);
          draw_text (r, FONT_MARK, u * 0.45, cap, loc->x + f, loc->y + f, 0.5, 0.5, WHITE, NULL);
        }

      if (loc->port)
        {
          /* An anchor, upper left. */
          double ax = loc->x - rad - u * 0.35, ay = loc->y - rad - u * 0.2, a = u * 0.3;

          cairo_new_sub_path (cr);
          cairo_arc (cr, ax, ay - a * 0.85, a * 0.18, 0, 2 * G_PI);
          cairo_move_to (cr, ax, ay - a * 0.67);
          cairo_line_to (cr, ax, ay + a * 0.6);
          cairo_move_to (cr, ax - a * 0.35, ay - a * 0.35);
          cairo_line_to (cr, ax + a * 0.35, ay - a * 0.35);
          cairo_move_to (cr, ax - a * 0.6, ay);
          cairo_arc_negative (cr, ax, ay, a * 0.6, G_PI, 0);
          set_rgb (cr, WHITE);
          cairo_set_line_width (cr, u * 0.14);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_stroke_preserve (cr);
          set_rgb (cr, rgb (0.10, 0.25, 0.50));
          cairo_set_line_width (cr, u * 0.06);
          cairo_stroke (cr);
        }
    }
}

static void
draw_location_marks (Render     *r,
                     WbPointMap *map)
{
  cairo_t *cr = r->cr;
  GPtrArray *locations = wb_point_map_get_locations (map);
  const double u = POINT_UNIT;

  for (guint i = 0; i < locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);
      double rad = location_radius (loc);

      if (!point_visible (r, loc->x, loc->y, rad + 2 * u))
        continue;

      for (guint k = 0; loc->supply != NULL && k < loc->supply->len; k++)
        {
          WbSide *side = wb_game_find_side (r->game, g_ptr_array_index (loc->supply, k));

          cairo_new_sub_path (cr);
          cairo_arc (cr, loc->x, loc->y, rad + u * (0.18 + 0.14 * k), 0, 2 * G_PI);
          set_rgb (cr, rgb_parse (side != NULL ? side->color : NULL, INK));
          cairo_set_line_width (cr, u * 0.1);
          cairo_stroke (cr);
        }

      if (loc->vp != 0)
        {
          char vp[16];
          double sx = loc->x + rad + u * 0.3, sy = loc->y - rad - u * 0.25;

          star_path (cr, sx, sy, u * 0.32);
          set_rgb (cr, rgb (0.80, 0.15, 0.12));
          cairo_fill_preserve (cr);
          set_rgb (cr, WHITE);
          cairo_set_line_width (cr, u * 0.04);
          cairo_stroke (cr);
          g_snprintf (vp, sizeof vp, "%d", loc->vp);
          draw_text (r, FONT_MARK, u * 0.4, vp, sx + u * 0.32, sy, 0.0, 0.5,
                     rgb (0.70, 0.10, 0.08), &WHITE);
        }
    }
}

static void
draw_location_labels (Render     *r,
                      WbPointMap *map)
{
  GPtrArray *locations = wb_point_map_get_locations (map);
  const double u = POINT_UNIT;
  double base = MAX (u * 0.55, MIN_LABEL_PX * r->px);

  for (guint i = 0; i < locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);
      double rad = location_radius (loc);
      double size = loc->major ? base * 1.2 : base;

      if (!point_visible (r, loc->x, loc->y, 8 * u))
        continue;

      if (loc->label_dx != 0 || loc->label_dy != 0)
        draw_text (r, FONT_LABEL, size, loc->name, loc->x + loc->label_dx, loc->y + loc->label_dy,
                   0.5, 0.5, INK, &WHITE);
      else
        draw_text (r, FONT_LABEL, size, loc->name, loc->x,
                   loc->y + rad + u * (loc->fortress > 0 ? 0.55 : 0.2), 0.5, 0.0, INK, &WHITE);
    }
}

static void
draw_location_units (Render     *r,
                     WbPointMap *map)
{
  WbScenario *scenario = r->options->scenario;
  GPtrArray *setup;
  g_autoptr(GHashTable) stacks = NULL;
  const double u = POINT_UNIT;
  double c = u * 1.3;
  gboolean text = c * r->scale >= LOD_COUNTER_TEXT * 1.6;

  if (scenario == NULL || !scenario_is_for_map (scenario, WB_MAP (map)))
    return;

  setup = wb_scenario_get_setup (scenario);
  stacks = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; setup != NULL && i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);
      WbPlace *place;
      WbLocation *loc;
      WbUnit *unit;
      guint depth;
      double x, y;

      if (line->at == NULL || line->at->len == 0 ||
          !wb_scenario_applies (line->option, line->unless, NULL))
        continue;
      place = &g_array_index (line->at, WbPlace, 0);
      if (place->kind != WB_PLACE_LOCATION || place->ref == NULL)
        continue;
      loc = wb_point_map_find_location (map, place->ref);
      unit = wb_game_find_unit (r->game, line->unit);
      if (loc == NULL || unit == NULL || !point_visible (r, loc->x, loc->y, 6 * u))
        continue;

      depth = GPOINTER_TO_UINT (g_hash_table_lookup (stacks, loc));
      g_hash_table_insert (stacks, loc, GUINT_TO_POINTER (depth + 1));

      /* Beside the location, to the right; a stack fans up and right. */
      x = loc->x + location_radius (loc) + u * 0.25 + c / 2 + MIN (depth, 6) * c * 0.14;
      y = loc->y - MIN (depth, 6) * c * 0.14;
      draw_counter (r, unit, x, y, c, text);
    }
}

static void
render_point_map (Render     *r,
                  WbPointMap *map)
{
  WbLayers layers = r->options->layers;

  if (layers & WB_LAYER_TERRAIN)
    {
      double w, h;

      wb_map_get_extent (WB_MAP (map), &w, &h);
      cairo_rectangle (r->cr, 0, 0, w, h);
      set_rgb (r->cr, PAPER);
      cairo_fill (r->cr);
    }
  if (layers & WB_LAYER_ROADS)
    draw_connections (r, map);
  if (layers & WB_LAYER_HEXSIDES)
    draw_crossings (r, map);
  if (layers & WB_LAYER_TERRAIN)
    draw_locations (r, map);
  if (layers & WB_LAYER_MARKS)
    draw_location_marks (r, map);
  if (layers & WB_LAYER_LABELS)
    draw_location_labels (r, map);
  if (layers & WB_LAYER_UNITS)
    draw_location_units (r, map);
}

/* --- public API ------------------------------------------------------------ */

/**
 * wb_render_options_init:
 * @options: the options to reset
 *
 * Sets every layer, scale 1, the whole map and no scenario.
 */
void
wb_render_options_init (WbRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->layers = WB_LAYER_ALL;
  options->scale = 1.0;
}

/**
 * wb_render_map:
 * @game: the game the map belongs to (terrain, features, units)
 * @map: a hex or point-to-point map
 * @cr: the target, its matrix mapping map points to the device
 * @options: layers, scale, clip and scenario
 *
 * Draws @map in map points. Only what intersects the clip rectangle is
 * visited, and nothing is drawn outside it. The cairo state is restored.
 */
void
wb_render_map (WbGame                *game,
               WbMap                 *map,
               cairo_t               *cr,
               const WbRenderOptions *options)
{
  WbRenderOptions defaults;
  Render r;
  double w, h;

  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (WB_IS_MAP (map));
  g_return_if_fail (cr != NULL);

  if (options == NULL)
    {
      wb_render_options_init (&defaults);
      options = &defaults;
    }

  wb_map_get_extent (map, &w, &h);
  render_init (&r, game, cr, options);
  if (options->clip_width > 0 && options->clip_height > 0)
    {
      r.x0 = options->clip_x;
      r.y0 = options->clip_y;
      r.x1 = options->clip_x + options->clip_width;
      r.y1 = options->clip_y + options->clip_height;
    }
  else
    {
      r.x0 = 0;
      r.y0 = 0;
      r.x1 = w;
      r.y1 = h;
    }

  cairo_save (cr);
  if (options->clip_width > 0 && options->clip_height > 0)
    {
      cairo_rectangle (cr, options->clip_x, options->clip_y,
                       options->clip_width, options->clip_height);
      cairo_clip (cr);
    }
  cairo_new_path (cr);
  /* A quarter of a device pixel is as close as curves need to be
   * flattened: the default tenth only costs time. */
  cairo_set_tolerance (cr, 0.25);

  if (WB_IS_HEX_MAP (map))
    render_hex_map (&r, WB_HEX_MAP (map));
  else if (WB_IS_POINT_MAP (map))
    render_point_map (&r, WB_POINT_MAP (map));

  cairo_restore (cr);
  render_clear (&r);
}

/**
 * wb_export_format_from_path:
 * @path: a file name
 * @format: (out): the format its extension names
 *
 * Returns: %TRUE if @path ends in .png, .svg or .pdf (any case).
 */
gboolean
wb_export_format_from_path (const char     *path,
                            WbExportFormat *format)
{
  static const struct {
    const char     *ext;
    WbExportFormat  format;
  } exts[] = {
    { ".png", WB_EXPORT_PNG },
    { ".svg", WB_EXPORT_SVG },
    { ".pdf", WB_EXPORT_PDF },
  };
  gsize len;

  g_return_val_if_fail (path != NULL, FALSE);

  len = strlen (path);
  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      gsize el = strlen (exts[i].ext);

      if (len > el && g_ascii_strcasecmp (path + len - el, exts[i].ext) == 0)
        {
          if (format != NULL)
            *format = exts[i].format;
          return TRUE;
        }
    }

  return FALSE;
}

typedef struct {
  GOutputStream *stream;
  GError        *error;
} WriteClosure;

static cairo_status_t
write_to_stream (void                *user_data,
                 const unsigned char *data,
                 unsigned int         length)
{
  WriteClosure *wc = user_data;

  if (wc->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (wc->stream, data, length, NULL, NULL, &wc->error))
    return CAIRO_STATUS_WRITE_ERROR;

  return CAIRO_STATUS_SUCCESS;
}

/* Closing a g_file_replace () stream with a cancelled cancellable drops
 * what was written and leaves an existing target as it was. */
static void
abort_output (GOutputStream *out)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_output_stream_close (out, cancellable, NULL);
}

#ifdef HAVE_LIBPNG
/* PNG export in bands: the map is drawn a band of rows at a time into one
 * small image and each band is compressed as soon as it is drawn, so the
 * memory needed does not grow with the map (a 100 × 100 map at scale 1
 * would otherwise need a 30-100 MB image). zlib's fastest level: it is
 * several times faster than cairo's default and the files are only about
 * a tenth bigger. */

typedef struct {
  WriteClosure *wc;
  char          message[256];
} PngState;

static void
png_write_cb (png_structp png,
              png_bytep   data,
              png_size_t  length)
{
  PngState *ps = png_get_io_ptr (png);

  if (write_to_stream (ps->wc, data, (unsigned int) length) != CAIRO_STATUS_SUCCESS)
    png_error (png, "write error");
}

static void
png_flush_cb (png_structp png)
{
}

static void
png_error_cb (png_structp     png,
              png_const_charp message)
{
  PngState *ps = png_get_error_ptr (png);

  g_strlcpy (ps->message, message, sizeof ps->message);
  png_longjmp (png, 1);
}

static void
png_warning_cb (png_structp     png,
                png_const_charp message)
{
}

static gboolean
write_png_banded (WbGame                *game,
                  WbMap                 *map,
                  const WbRenderOptions *options,
                  double                 margin,
                  int                    width,
                  int                    height,
                  WriteClosure          *wc,
                  const char            *path,
                  GError               **error)
{
  /* About 6 MB of pixels per band. */
  const int band = CLAMP (6 * 1024 * 1024 / (width * 4), 64, 1024);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, band);
  guint8 *row = g_malloc ((gsize) width * 3);
  PngState ps = { wc, "" };
  png_structp png;
  png_infop info;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: %s"), path,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      g_free (row);
      return FALSE;
    }

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &ps, png_error_cb, png_warning_cb);
  info = png != NULL ? png_create_info_struct (png) : NULL;
  if (png == NULL || info == NULL || setjmp (png_jmpbuf (png)))
    {
      if (wc->error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: %s"), path,
                     ps.message[0] != '\0' ? ps.message : "libpng");
      png_destroy_write_struct (&png, &info);
      cairo_surface_destroy (surface);
      g_free (row);
      return FALSE;
    }

  png_set_write_fn (png, &ps, png_write_cb, png_flush_cb);
  png_set_compression_level (png, 1);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8, PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info (png, info);

  for (int y0 = 0; y0 < height; y0 += band)
    {
      int rows = MIN (band, height - y0);
      WbRenderOptions opts = *options;
      double scale = opts.scale;
      cairo_t *cr = cairo_create (surface);
      const guint8 *data;
      int stride;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, 0, -y0);
      cairo_scale (cr, scale, scale);
      cairo_translate (cr, margin, margin);
      opts.clip_x = -margin;
      opts.clip_y = y0 / scale - margin;
      opts.clip_width = width / scale;
      opts.clip_height = rows / scale;
      wb_render_map (game, map, cr, &opts);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (int y = 0; y < rows; y++)
        {
          const guint32 *px = (const guint32 *) (data + (gsize) y * stride);

          for (int x = 0; x < width; x++)
            {
              row[3 * x] = (px[x] >> 16) & 0xff;
              row[3 * x + 1] = (px[x] >> 8) & 0xff;
              row[3 * x + 2] = px[x] & 0xff;
            }
          png_write_row (png, row);
        }
    }

  png_write_end (png, NULL);
  png_destroy_write_struct (&png, &info);
  cairo_surface_destroy (surface);
  g_free (row);

  return TRUE;
}
#endif

/* The largest image surface cairo can make. */
#define MAX_IMAGE_SIDE 32767

/**
 * wb_render_map_to_file:
 * @game: the game
 * @map: the map to draw
 * @path: the file to write (replaced atomically)
 * @format: PNG, SVG or PDF
 * @options: layers, scale (default 1) and scenario; the clip is ignored
 * @error: return location for a #GError
 *
 * Renders the whole map with a small white margin: PNG at @options->scale
 * pixels per point, SVG and PDF as one page of the map's size times the
 * scale, in points.
 *
 * Returns: %TRUE on success; on failure a %G_IO_ERROR naming @path.
 */
gboolean
wb_render_map_to_file (WbGame                *game,
                       WbMap                 *map,
                       const char            *path,
                       WbExportFormat         format,
                       const WbRenderOptions *options,
                       GError               **error)
{
  const double margin = 12.0;
  WbRenderOptions opts;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  WriteClosure wc = { NULL, NULL };
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double w, h, scale, page_w, page_h;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_MAP (map), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options != NULL)
    opts = *options;
  else
    wb_render_options_init (&opts);
  if (!(opts.scale > 0) || !isfinite (opts.scale))
    opts.scale = 1.0;
  opts.clip_x = opts.clip_y = opts.clip_width = opts.clip_height = 0;
  scale = opts.scale;

  wb_map_get_extent (map, &w, &h);
  page_w = (w + 2 * margin) * scale;
  page_h = (h + 2 * margin) * scale;

  if (format == WB_EXPORT_PNG && (ceil (page_w) > MAX_IMAGE_SIDE || ceil (page_h) > MAX_IMAGE_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export “%s”: the image would be %.0f × %.0f pixels, more than "
                     "the largest possible (%d × %d); lower the scale"),
                   path, ceil (page_w), ceil (page_h), MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
      return FALSE;
    }

  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    {
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  wc.stream = G_OUTPUT_STREAM (out);

#ifdef HAVE_LIBPNG
  if (format == WB_EXPORT_PNG)
    {
      if (!write_png_banded (game, map, &opts, margin, (int) ceil (page_w), (int) ceil (page_h),
                             &wc, path, error))
        {
          abort_output (G_OUTPUT_STREAM (out));
          if (wc.error != NULL)
            g_propagate_prefixed_error (error, wc.error, _("Cannot export “%s”: "), path);
          return FALSE;
        }
      if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
        {
          g_prefix_error (error, _("Cannot export “%s”: "), path);
          return FALSE;
        }
      return TRUE;
    }
#endif

  switch (format)
    {
    case WB_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                            (int) ceil (page_w), (int) ceil (page_h));
      break;
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          const char *title = wb_map_get_name (map);

          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                          title != NULL ? title : wb_map_get_id (map));
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Warbench");
        }
      break;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Cannot export “%s”: unknown format"), path);
      abort_output (G_OUTPUT_STREAM (out));
      return FALSE;
    }

  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_clear_error (&wc.error);
      abort_output (G_OUTPUT_STREAM (out));
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, margin, margin);
  wb_render_map (game, map, cr, &opts);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (format == WB_EXPORT_PNG)
        status = cairo_surface_write_to_png_stream (surface, write_to_stream, &wc);
      else
        cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (wc.error != NULL || status != CAIRO_STATUS_SUCCESS)
    abort_output (G_OUTPUT_STREAM (out));
  if (wc.error != NULL)
    {
      g_propagate_prefixed_error (error, wc.error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  /* The rename over @path happens on close: check it. */
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }

  return TRUE;
}
