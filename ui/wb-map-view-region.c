/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <math.h>

#include "wb-map-view-private.h"

/* The region selection drawn over the map: its outer boundary (and the
 * boundaries of any holes) as closed loops, worked out once when the
 * selection changes, so a frame strokes a few polygons whatever the number
 * of hexes. */

/* Corner points are keyed on a grid of a quarter point: corners shared by
 * neighbouring hexes compute to the same key. */
static gint64
point_key (double x,
           double y)
{
  return ((gint64) llround (x * 4) << 32) ^ (gint64) (guint32) (gint32) llround (y * 4);
}

typedef struct
{
  double x0, y0, x1, y1;
  gboolean used;
} Edge;

void
wb_map_view_set_region (WbMapView      *self,
                        const WbOffset *hexes,
                        guint           n)
{
  WbHexMap *map;
  WbHexLayout layout;
  double size;
  int cols;
  g_autofree guint8 *bits = NULL;
  g_autoptr(GArray) edges = NULL;
  g_autoptr(GHashTable) starts = NULL;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (hexes != NULL || n == 0);

  g_array_set_size (self->region_points, 0);
  g_array_set_size (self->region_loops, 0);
  self->region_dx = self->region_dy = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (n == 0 || !WB_IS_HEX_MAP (self->map))
    return;

  map = WB_HEX_MAP (self->map);
  layout = wb_hex_map_get_layout (map);
  size = wb_hex_map_get_hex_size (map);
  cols = wb_hex_map_get_cols (map);
  bits = g_new0 (guint8, ((gsize) cols * wb_hex_map_get_rows (map) + 7) / 8);
  for (guint i = 0; i < n; i++)
    if (wb_hex_map_contains (map, hexes[i]))
      {
        gsize k = (gsize) hexes[i].row * cols + hexes[i].col;

        bits[k / 8] |= (guint8) (1u << (k % 8));
      }

  /* Every edge between a selected hex and one that is not, running
   * clockwise round the selected hex (corner i to corner i + 1). */
  edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  starts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < n; i++)
    {
      double cx, cy;

      if (!wb_hex_map_contains (map, hexes[i]))
        continue;
      wb_hex_center (layout, size, hexes[i], &cx, &cy);
      for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
        {
          WbOffset o = wb_hex_neighbour (layout, hexes[i], dir);
          gsize k = (gsize) o.row * cols + o.col;
          double ax, ay, bx, by;
          Edge e;

          if (wb_hex_map_contains (map, o) && ((bits[k / 8] >> (k % 8)) & 1))
            continue;
          wb_hex_corner_offset (layout, size, dir, &ax, &ay);
          wb_hex_corner_offset (layout, size, (dir + 1) % WB_HEX_DIRECTIONS, &bx, &by);
          e = (Edge) { cx + ax, cy + ay, cx + bx, cy + by, FALSE };
          g_array_append_val (edges, e);
        }
    }
  for (guint i = 0; i < edges->len; i++)
    {
      Edge *e = &g_array_index (edges, Edge, i);
      gint64 *key = g_new (gint64, 1);

      *key = point_key (e->x0, e->y0);
      g_hash_table_insert (starts, key, GUINT_TO_POINTER (i + 1));
    }

  /* Chain them: at each corner of the boundary exactly one edge leaves. */
  for (guint i = 0; i < edges->len; i++)
    {
      Edge *e = &g_array_index (edges, Edge, i);
      guint count = 0;

      if (e->used)
        continue;
      while (e != NULL && !e->used)
        {
          gint64 key = point_key (e->x1, e->y1);
          guint next;

          e->used = TRUE;
          g_array_append_val (self->region_points, e->x0);
          g_array_append_val (self->region_points, e->y0);
          count++;
          next = GPOINTER_TO_UINT (g_hash_table_lookup (starts, &key));
          e = next > 0 ? &g_array_index (edges, Edge, next - 1) : NULL;
        }
      g_array_append_val (self->region_loops, count);
    }
}

void
wb_map_view_set_region_offset (WbMapView *self,
                               double     dx,
                               double     dy)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (dx == self->region_dx && dy == self->region_dy)
    return;
  self->region_dx = dx;
  self->region_dy = dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GdkModifierType
wb_map_view_get_drag_modifiers (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->drag_modifiers;
}

guint
wb_map_view_get_region_loops (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->region_loops->len;
}

static void
region_path (WbMapView *self,
             cairo_t   *cr,
             double     dx,
             double     dy)
{
  guint p = 0;

  cairo_new_path (cr);
  for (guint l = 0; l < self->region_loops->len; l++)
    {
      guint count = g_array_index (self->region_loops, guint, l);

      for (guint i = 0; i < count; i++, p++)
        {
          double x = g_array_index (self->region_points, double, 2 * p) + dx;
          double y = g_array_index (self->region_points, double, 2 * p + 1) + dy;

          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_close_path (cr);
    }
}

/* Dashes and widths are in widget pixels, so the outline reads the same at
 * every zoom: a white casing under an accent-blue dash. */
void
_wb_map_view_draw_region (WbMapView *self,
                          cairo_t   *cr)
{
  double px = 1.0 / self->zoom;
  double dash[2] = { 7 * px, 5 * px };
  gboolean moving = self->region_dx != 0 || self->region_dy != 0;

  if (self->region_loops->len == 0)
    return;

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);

  /* While moving, where it was stays faintly marked. */
  if (moving)
    {
      region_path (self, cr, 0, 0);
      cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.55);
      cairo_set_line_width (cr, 1.5 * px);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
    }

  region_path (self, cr, self->region_dx, self->region_dy);
  cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, moving ? 0.28 : 0.18);
  cairo_fill_preserve (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_set_line_width (cr, 4 * px);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgba (cr, 0.102, 0.373, 0.706, 1);
  cairo_set_line_width (cr, 2.5 * px);
  cairo_stroke (cr);
  cairo_restore (cr);
}
