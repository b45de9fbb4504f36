/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>

#include "wb-render-private.h"

/* --- point-to-point maps --------------------------------------------------- */

static double
location_radius (const WbLocation *loc)
{
  return POINT_UNIT * (loc->major ? 0.48 : 0.3);
}

/* A counter beside a location, in POINT_UNITs: the stack stands to the
 * right of the location's mark, centred on its height. */
#define LOCATION_COUNTER 1.3
/* A stack fans out by its first units this deep, the rest on the top one. */
#define LOCATION_FAN 6

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

/* Connections joining the same two locations (a road and a railroad, say)
 * are drawn side by side rather than on top of each other: each gets a
 * perpendicular offset by its rank among them. Returns an array of
 * offsets in points, one per connection. */
static double *
parallel_offsets (WbPointMap *map)
{
  GPtrArray *connections = wb_point_map_get_connections (map);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  double *offsets = g_new0 (double, connections->len + 1);
  char **keys = g_new0 (char *, connections->len + 1);

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      /* Ids are interned: order the pair by pointer so a–b and b–a match. */
      const char *lo = c->a < c->b ? c->a : c->b, *hi = c->a < c->b ? c->b : c->a;

      keys[i] = g_strdup_printf ("%p|%p", (void *) lo, (void *) hi);
      g_hash_table_insert (counts, g_strdup (keys[i]),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, keys[i])) + 1));
    }
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, keys[i]));
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (seen, keys[i]));
      double off;

      g_hash_table_insert (seen, g_strdup (keys[i]), GUINT_TO_POINTER (k + 1));
      off = (k - (n - 1) / 2.0) * POINT_UNIT * 0.42;
      /* Measured across the direction from the lower to the higher pointer,
       * so every member of the pair shares one frame of reference. */
      offsets[i] = c->a < c->b ? off : -off;
      g_free (keys[i]);
    }
  g_free (keys);
  return offsets;
}

/* The ends of connection @c moved sideways by @offset points. */
static void
offset_ends (const WbLocation *a,
             const WbLocation *b,
             double            offset,
             double           *ax,
             double           *ay,
             double           *bx,
             double           *by)
{
  double len = hypot (b->x - a->x, b->y - a->y);
  double nx = 0, ny = 0;

  if (len > 0 && offset != 0)
    {
      nx = -(b->y - a->y) / len * offset;
      ny = (b->x - a->x) / len * offset;
    }
  *ax = a->x + nx;
  *ay = a->y + ny;
  *bx = b->x + nx;
  *by = b->y + ny;
}

static void
draw_connections (Render     *r,
                  WbPointMap *map)
{
  g_autofree double *offsets = parallel_offsets (map);
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
            guint cf = _wb_render_find_feature (r, c->klass);

            if (a == NULL || b == NULL)
              continue;
            if (cf != G_MAXUINT && r->features[cf].type->where != WB_FEATURE_CONNECTION)
              cf = G_MAXUINT;
            if (cf == G_MAXUINT ? f != r->n_features : cf != f)
              continue;
            if (!segment_visible (r, a->x, a->y, b->x, b->y, u))
              continue;

            {
              double ax, ay, bx, by;

              offset_ends (a, b, offsets[i], &ax, &ay, &bx, &by);
              cairo_move_to (cr, ax, ay);
              cairo_line_to (cr, bx, by);
            }
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
            _wb_render_stroke_railroad (cr, fs->color, w, MAX (u * 0.05, r->px), u * 0.3,
                                        w * 3.5);
            break;

          case STYLE_ROAD:
          case STYLE_PIKE:
          default:
            _wb_render_stroke_road (cr, fs->color, w,
                                    MAX (u * (fs->style == STYLE_PIKE ? 0.05 : 0.035),
                                         r->px * 0.75));
            break;
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
  Rgb color = fs != NULL ? fs->color : _wb_render_style_default_color (STYLE_OTHER);

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
      _wb_render_wave_path (cr, x - ex * u * 0.55, y - ey * u * 0.55,
                            x + ex * u * 0.55, y + ey * u * 0.55, 3, u * 0.07, TRUE);
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
      {
        /* A ridge astride the road: its feet along the road, its peak to
         * the side that points up the page, so it never reads as an arrow. */
        double px = ex, py = ey;

        if (py > 0 || (py == 0 && px > 0))
          px = -px, py = -py;
        cairo_move_to (cr, x - ux * u * 0.32 - px * u * 0.16, y - uy * u * 0.32 - py * u * 0.16);
        cairo_line_to (cr, x + px * u * 0.24, y + py * u * 0.24);
        cairo_line_to (cr, x + ux * u * 0.32 - px * u * 0.16, y + uy * u * 0.32 - py * u * 0.16);
      }
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
  g_autofree double *offsets = parallel_offsets (map);
  GPtrArray *connections = wb_point_map_get_connections (map);
  const double u = POINT_UNIT;

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      WbLocation *a = wb_point_map_find_location (map, c->a);
      WbLocation *b = wb_point_map_find_location (map, c->b);
      double len, ux, uy, spacing, ax, ay, bx, by;
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
      offset_ends (a, b, offsets[i], &ax, &ay, &bx, &by);
      n = c->crossings->len;
      spacing = MIN (u * 0.9, len / (n + 1));

      for (guint k = 0; k < n; k++)
        {
          guint f = _wb_render_find_feature (r, g_ptr_array_index (c->crossings, k));
          double t = len / 2 + (k - (n - 1) / 2.0) * spacing;

          crossing_symbol (r, f != G_MAXUINT ? &r->features[f] : NULL,
                           ax + ux * t, ay + uy * t, ux, uy);
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
          _wb_render_draw_text (r, FONT_MARK, u * 0.45, cap, loc->x + f, loc->y + f, 0.5, 0.5,
                                WHITE, NULL);
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
          /* A dark edge keeps pale side colours (Confederate gray) visible on paper. */
          set_rgb (cr, INK);
          cairo_set_line_width (cr, u * 0.15);
          cairo_stroke_preserve (cr);
          set_rgb (cr, rgb_parse (side != NULL ? side->color : NULL, INK));
          cairo_set_line_width (cr, u * 0.1);
          cairo_stroke (cr);
        }

      if (loc->vp != 0)
        {
          char vp[16];
          double sx = loc->x + rad + u * 0.3, sy = loc->y - rad - u * 0.25;

          _wb_render_star_path (cr, sx, sy, u * 0.32);
          set_rgb (cr, rgb (0.80, 0.15, 0.12));
          cairo_fill_preserve (cr);
          set_rgb (cr, WHITE);
          cairo_set_line_width (cr, u * 0.04);
          cairo_stroke (cr);
          g_snprintf (vp, sizeof vp, "%d", loc->vp);
          _wb_render_draw_text (r, FONT_MARK, u * 0.4, vp, sx + u * 0.32, sy, 0.0, 0.5,
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
        _wb_render_draw_text (r, FONT_LABEL, size, loc->name,
                              loc->x + loc->label_dx, loc->y + loc->label_dy, 0.5, 0.5,
                              INK, &WHITE);
      else
        /* Under the mark, and under the counters beside it: a name half
         * hidden by the stack there ("…ricksburg") is no name. */
        _wb_render_draw_text (r, FONT_LABEL, size, loc->name, loc->x,
                              loc->y + MAX (rad + u * (loc->fortress > 0 ? 0.55 : 0.2),
                                            u * (LOCATION_COUNTER / 2 + 0.08)), 0.5, 0.0,
                              INK, &WHITE);
    }
}

static void
draw_location_units (Render     *r,
                     WbPointMap *map)
{
  g_autoptr(GArray) placed = _wb_render_placed_units (r, WB_MAP (map));
  g_autoptr(GHashTable) stacks = NULL;
  const double u = POINT_UNIT;
  double c = u * LOCATION_COUNTER;
  gboolean text = c * r->scale >= LOD_COUNTER_TEXT * 1.6;

  if (placed->len == 0)
    return;

  stacks = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < placed->len; i++)
    {
      WbRenderPlaced *p = &g_array_index (placed, WbRenderPlaced, i);
      WbLocation *loc;
      WbUnit *unit;
      guint depth;
      double x, y;

      if (p->kind != WB_PLACE_LOCATION)
        continue;
      loc = wb_point_map_find_location (map, p->ref);
      unit = wb_game_find_unit (r->game, p->unit);
      if (loc == NULL || unit == NULL || !point_visible (r, loc->x, loc->y, 6 * u))
        continue;

      depth = GPOINTER_TO_UINT (g_hash_table_lookup (stacks, loc));
      g_hash_table_insert (stacks, loc, GUINT_TO_POINTER (depth + 1));

      /* Beside the location, to the right; a stack fans up and right. */
      x = loc->x + location_radius (loc) + u * 0.25 + c / 2 + MIN (depth, LOCATION_FAN) * c * 0.14;
      y = loc->y - MIN (depth, LOCATION_FAN) * c * 0.14;
      _wb_render_draw_counter (r, unit, x, y, c, text);
    }
}

void
wb_render_location_stack_box (const WbLocation *loc,
                              guint             n,
                              double            box[4])
{
  const double u = POINT_UNIT, c = u * LOCATION_COUNTER;
  guint top = MIN (n > 0 ? n - 1 : 0, LOCATION_FAN);

  g_return_if_fail (loc != NULL);
  box[0] = loc->x + location_radius (loc) + u * 0.25;
  box[1] = loc->y - c / 2 - top * c * 0.14;
  box[2] = box[0] + c + top * c * 0.14;
  box[3] = loc->y + c / 2;
}

void
_wb_render_point_map (Render     *r,
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
      _wb_render_draw_map_lines (r, WB_MAP (map), POINT_UNIT);
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
    {
      _wb_render_draw_map_line_names (r, WB_MAP (map), POINT_UNIT);
      draw_location_labels (r, map);
    }
  if (layers & WB_LAYER_UNITS)
    draw_location_units (r, map);
}
