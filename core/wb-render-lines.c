/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"
#include "config.h"

#include <math.h>

#include "wb-render-private.h"

/* The lines drawn on a map as geography (WbMapLine): rivers, mountain
 * ridges, boundaries, VP lines and plain lines, open or closed (areas,
 * lightly filled). Both kinds of map draw them above the terrain and below
 * roads and connections; their names go with the labels. Widths are in
 * map points, with a floor of a device pixel or two so they survive
 * zooming out. */

static const Rgb RIDGE_BROWN = { 0.45, 0.33, 0.20 };
static const Rgb BOUNDARY_INK = { 0.30, 0.28, 0.26 };

static Rgb
line_color (Render          *r,
            const WbMapLine *line)
{
  if (line->side != NULL)
    {
      WbSide *side = wb_game_find_side (r->game, line->side);

      if (side != NULL)
        return rgb_parse (side->color, INK);
    }
  if (line->style == g_intern_static_string ("river"))
    return WATER_BLUE;
  if (line->style == g_intern_static_string ("ridge"))
    return RIDGE_BROWN;
  if (line->style == g_intern_static_string ("boundary"))
    return BOUNDARY_INK;
  return INK;
}

static gboolean
line_visible (Render          *r,
              const WbMapLine *line,
              double           margin)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  for (guint i = 0; i < line->points->len; i++)
    {
      WbMapPoint p = g_array_index (line->points, WbMapPoint, i);

      x0 = MIN (x0, p.x);
      y0 = MIN (y0, p.y);
      x1 = MAX (x1, p.x);
      y1 = MAX (y1, p.y);
    }
  return x1 + margin >= r->x0 && x0 - margin <= r->x1 &&
         y1 + margin >= r->y0 && y0 - margin <= r->y1;
}

/* A smooth path through the points (Catmull-Rom turned into Béziers), so a
 * river drawn with a dozen clicks does not look like a polyline. */
static void
smooth_path (cairo_t         *cr,
             const WbMapLine *line)
{
  guint n = line->points->len;
  const WbMapPoint *p = (const WbMapPoint *) line->points->data;

  cairo_move_to (cr, p[0].x, p[0].y);
  for (guint i = 0; i + 1 < n || (line->closed && i < n); i++)
    {
      WbMapPoint p0 = p[i == 0 ? (line->closed ? n - 1 : 0) : i - 1];
      WbMapPoint p1 = p[i];
      WbMapPoint p2 = p[(i + 1) % n];
      WbMapPoint p3 = p[line->closed ? (i + 2) % n : MIN (i + 2, n - 1)];

      cairo_curve_to (cr,
                      p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6,
                      p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6,
                      p2.x, p2.y);
    }
  if (line->closed)
    cairo_close_path (cr);
}

static void
straight_path (cairo_t         *cr,
               const WbMapLine *line)
{
  for (guint i = 0; i < line->points->len; i++)
    {
      WbMapPoint p = g_array_index (line->points, WbMapPoint, i);

      if (i == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  if (line->closed)
    cairo_close_path (cr);
}

/* Small ticks down one side of a ridge, like hachures on a printed map. */
static void
ridge_ticks (Render          *r,
             const WbMapLine *line,
             double           unit)
{
  cairo_t *cr = r->cr;
  double step = unit * 0.9, carry = 0;

  for (guint i = 1; i < line->points->len + (line->closed ? 1 : 0); i++)
    {
      WbMapPoint a = g_array_index (line->points, WbMapPoint, i - 1);
      WbMapPoint b = g_array_index (line->points, WbMapPoint, i % line->points->len);
      double len = hypot (b.x - a.x, b.y - a.y);
      double nx, ny;

      if (len <= 0)
        continue;
      nx = -(b.y - a.y) / len;
      ny = (b.x - a.x) / len;
      for (double t = carry; t < len; t += step)
        {
          double x = a.x + (b.x - a.x) * t / len, y = a.y + (b.y - a.y) * t / len;

          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + nx * unit * 0.45, y + ny * unit * 0.45);
        }
      carry = fmod (carry - len, step);
      if (carry < 0)
        carry += step;
    }
  cairo_stroke (cr);
}

void
_wb_render_draw_map_lines (Render *r,
                           WbMap  *map,
                           double  unit)
{
  GPtrArray *lines = wb_map_get_lines (map);
  cairo_t *cr = r->cr;

  for (guint i = 0; i < lines->len; i++)
    {
      WbMapLine *line = g_ptr_array_index (lines, i);
      Rgb color = line_color (r, line);
      const char *style = line->style;

      if (line->points->len < 2 || !line_visible (r, line, unit * 2))
        continue;

      cairo_save (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      if (line->closed)
        {
          straight_path (cr, line);
          set_rgba (cr, color, 0.12);
          cairo_fill (cr);
        }

      if (g_str_equal (style, "river"))
        {
          smooth_path (cr, line);
          set_rgb (cr, color);
          cairo_set_line_width (cr, MAX (unit * 0.22, 1.5 * r->px));
          cairo_stroke (cr);
        }
      else if (g_str_equal (style, "ridge"))
        {
          smooth_path (cr, line);
          set_rgb (cr, color);
          cairo_set_line_width (cr, MAX (unit * 0.14, 1.2 * r->px));
          cairo_stroke (cr);
          if (unit / r->px >= 6)
            {
              cairo_set_line_width (cr, MAX (unit * 0.07, r->px));
              ridge_ticks (r, line, unit);
            }
        }
      else if (g_str_equal (style, "boundary"))
        {
          double dash[] = { unit * 0.9, unit * 0.3, unit * 0.15, unit * 0.3 };

          straight_path (cr, line);
          set_rgba (cr, color, 0.8);
          cairo_set_line_width (cr, MAX (unit * 0.1, r->px));
          cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
          cairo_stroke (cr);
        }
      else if (g_str_equal (style, "vp-line"))
        {
          double dash[] = { unit * 0.7, unit * 0.35 };

          straight_path (cr, line);
          set_rgba (cr, WHITE, 0.8);
          cairo_set_line_width (cr, MAX (unit * 0.3, 3 * r->px));
          cairo_stroke_preserve (cr);
          set_rgb (cr, color);
          cairo_set_line_width (cr, MAX (unit * 0.18, 2 * r->px));
          cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
          cairo_stroke (cr);
        }
      else
        {
          straight_path (cr, line);
          set_rgb (cr, color);
          cairo_set_line_width (cr, MAX (unit * 0.08, r->px));
          cairo_stroke (cr);
        }
      cairo_restore (cr);
    }
}

/* Text turned along a line. The renderer's shared layouts are hinted and
 * round glyph positions for the unrotated device grid, which scatters the
 * letters of turned text; this one is laid out for the current matrix,
 * unhinted. */
static void
draw_turned_text (Render     *r,
                  double      size,
                  const char *text,
                  double      y,
                  Rgb         ink)
{
  cairo_t *cr = r->cr;
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoContext *context = pango_layout_get_context (layout);
  PangoFontDescription *desc = pango_font_description_from_string ("Serif Bold Italic");
  cairo_font_options_t *fo = cairo_font_options_create ();
  PangoRectangle logical;

  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, fo);
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (fo);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_context_changed (layout);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);

  cairo_move_to (cr, -logical.width / 2.0 / PANGO_SCALE - logical.x / (double) PANGO_SCALE,
                 y - logical.height / (double) PANGO_SCALE - logical.y / (double) PANGO_SCALE);
  pango_cairo_layout_path (cr, layout);
  set_rgba (cr, WHITE, 0.9);
  cairo_set_line_width (cr, MAX (size * 0.28, r->px * 2));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_move_to (cr, -logical.width / 2.0 / PANGO_SCALE - logical.x / (double) PANGO_SCALE,
                 y - logical.height / (double) PANGO_SCALE - logical.y / (double) PANGO_SCALE);
  set_rgb (cr, ink);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* A line's name, along its longest segment, in the line's colour. */
void
_wb_render_draw_map_line_names (Render *r,
                                WbMap  *map,
                                double  unit)
{
  GPtrArray *lines = wb_map_get_lines (map);
  cairo_t *cr = r->cr;

  for (guint i = 0; i < lines->len; i++)
    {
      WbMapLine *line = g_ptr_array_index (lines, i);
      WbMapPoint a = { 0, 0 }, b = { 0, 0 };
      double best = 0, angle;
      double size = MAX (unit * 0.6, MIN_LABEL_PX * r->px);

      if (line->name == NULL || line->points->len < 2 || !line_visible (r, line, unit * 8))
        continue;
      for (guint j = 1; j < line->points->len; j++)
        {
          WbMapPoint p = g_array_index (line->points, WbMapPoint, j - 1);
          WbMapPoint q = g_array_index (line->points, WbMapPoint, j);

          if (hypot (q.x - p.x, q.y - p.y) > best)
            {
              best = hypot (q.x - p.x, q.y - p.y);
              a = p;
              b = q;
            }
        }
      angle = atan2 (b.y - a.y, b.x - a.x);
      /* Never upside down. */
      if (angle > G_PI / 2)
        angle -= G_PI;
      else if (angle < -G_PI / 2)
        angle += G_PI;

      cairo_save (cr);
      cairo_translate (cr, (a.x + b.x) / 2, (a.y + b.y) / 2);
      cairo_rotate (cr, angle);
      draw_turned_text (r, size, line->name, -unit * 0.2, rgb_shade (line_color (r, line), 0.8));
      cairo_restore (cr);
    }
}
