/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-render-private.h"

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

/* --- feature styles ------------------------------------------------------- */

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

static Style
style_from_string (const char *s)
{
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (style_names); i++)
    if (strcmp (s, style_names[i].name) == 0)
      return style_names[i].style;

  return STYLE_OTHER;
}

Rgb
_wb_render_style_default_color (Style s)
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

guint
_wb_render_find_feature (Render     *r,
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
      fs->color = rgb_parse (f->color, _wb_render_style_default_color (fs->style));
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

void
_wb_render_begin (Render                *r,
                  WbGame                *game,
                  cairo_t               *cr,
                  const WbRenderOptions *options)
{
  render_init (r, game, cr, options);
}

void
_wb_render_end (Render *r)
{
  render_clear (r);
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
void
_wb_render_draw_text_within (Render     *r,
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

void
_wb_render_draw_text (Render     *r,
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
  _wb_render_draw_text_within (r, font, size, s, x, y, ax, ay, ink, halo,
                               -G_MAXDOUBLE, G_MAXDOUBLE);
}

/* --- symbols shared by both kinds of map ----------------------------------- */

void
_wb_render_star_path (cairo_t *cr,
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

void
_wb_render_arrow_path (cairo_t *cr,
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
void
_wb_render_wave_path (cairo_t *cr,
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

/* --- line work shared by both kinds of map --------------------------------- */

/* Strokes the current path as a railroad: rails @width wide, crossed by
 * ties @tie thick, @gap apart and @tie_length long. */
void
_wb_render_stroke_railroad (cairo_t *cr,
                            Rgb      color,
                            double   width,
                            double   tie,
                            double   gap,
                            double   tie_length)
{
  double ties[2] = { tie, gap };

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  set_rgb (cr, color);
  cairo_set_line_width (cr, width);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, ties, 2, 0);
  cairo_set_line_width (cr, tie_length);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* Strokes the current path as a road: a darker casing @casing wide on
 * each side, then the road's own colour @width wide inside it. */
void
_wb_render_stroke_road (cairo_t *cr,
                        Rgb      color,
                        double   width,
                        double   casing)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_rgb (cr, rgb_luminance (color) > 0.5 ? rgb (0.30, 0.22, 0.15) : rgb_shade (color, 0.4));
  cairo_set_line_width (cr, width + 2 * casing);
  cairo_stroke_preserve (cr);
  set_rgb (cr, color);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
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
 * visited, and nothing is drawn outside it. @cr is left as it was found:
 * its state is restored and it has no path and no current point (a path
 * the caller had built is discarded).
 */
/* The scan is laid over the drawing at its opacity, so the designer sees
 * both and traces the print (the terrain fills are opaque: under them the
 * scan would not show). */
static void
draw_background (cairo_t *cr,
                 WbMap   *map)
{
  const WbMapBackground *bg = wb_map_get_background (map);

  if (bg == NULL || bg->hidden || bg->opacity <= 0 || wb_map_get_background_scan (map) == NULL)
    return;
  cairo_save (cr);
  cairo_translate (cr, bg->x, bg->y);
  cairo_rotate (cr, bg->rotation * G_PI / 180.0);
  cairo_scale (cr, bg->scale, bg->scale);
  /* Only the clip's part, from the pyramid level nearest the scale. */
  wb_scan_draw (bg->scan, cr, bg->opacity);
  cairo_restore (cr);
}

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

  /* The path is not part of the state cairo_save () keeps: start and end
   * with none, so the clip below is only the clip rectangle and no current
   * point (text leaves one) is left behind. */
  cairo_save (cr);
  cairo_new_path (cr);

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

  if (options->clip_width > 0 && options->clip_height > 0)
    {
      cairo_rectangle (cr, options->clip_x, options->clip_y,
                       options->clip_width, options->clip_height);
      cairo_clip (cr);
    }
  /* A quarter of a device pixel is as close as curves need to be
   * flattened: the default tenth only costs time. */
  cairo_set_tolerance (cr, 0.25);

  if (WB_IS_HEX_MAP (map))
    _wb_render_hex_map (&r, WB_HEX_MAP (map));
  else if (WB_IS_POINT_MAP (map))
    _wb_render_point_map (&r, WB_POINT_MAP (map));
  if (options->layers & WB_LAYER_BACKGROUND)
    draw_background (cr, map);

  render_clear (&r);
  cairo_new_path (cr);
  cairo_restore (cr);
}
