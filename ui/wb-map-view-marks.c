/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <math.h>

#include "wb-map-view-private.h"

/* The action being chosen, on the map: the players see which units attack
 * which hex and at what odds before they press Attack, as they would see
 * the counters pushed together on a table. Places the units picked are in
 * are ringed in green, the places picked (the target) in red, an arrow
 * crosses from each chosen place towards the nearest target and the odds
 * sit in a label on the target's top edge, clear of its counters and name. Sized in
 * widget pixels like the other play overlays; each colour has a dark
 * casing so it reads on any terrain. */

/* GNOME's palette: green 4 for the units chosen, red 3 for the target. */
#define CHOSEN_R 0.180
#define CHOSEN_G 0.761
#define CHOSEN_B 0.494
#define TARGET_R 0.878
#define TARGET_G 0.106
#define TARGET_B 0.141
/* A location's ring, in widget pixels (a block is drawn about 40 wide). */
#define LOCATION_RING_PX 26.0
#define LABEL_FONT_PX 12.0

typedef struct {
  WbWhere  where;
  gboolean target;
  double   x, y;     /* its map point */
} MapMark;

static void
add_marks (WbMapView *self,
           GArray    *places,
           gboolean   target)
{
  for (guint i = 0; places != NULL && i < places->len; i++)
    {
      MapMark mark = { g_array_index (places, WbWhere, i), target, 0, 0 };

      if (!_wb_map_view_place_point (self, &mark.where, &mark.x, &mark.y))
        continue;
      if (self->marks == NULL)
        self->marks = g_array_new (FALSE, FALSE, sizeof (MapMark));
      g_array_append_val (self->marks, mark);
    }
}

void
wb_map_view_set_marks (WbMapView  *self,
                       GArray     *chosen,
                       GArray     *targets,
                       const char *label)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (chosen == NULL || g_array_get_element_size (chosen) == sizeof (WbWhere));
  g_return_if_fail (targets == NULL || g_array_get_element_size (targets) == sizeof (WbWhere));

  if (self->marks == NULL && self->mark_label == NULL &&
      (chosen == NULL || chosen->len == 0) && (targets == NULL || targets->len == 0))
    return;
  g_clear_pointer (&self->marks, g_array_unref);
  g_clear_pointer (&self->mark_label, g_free);
  add_marks (self, chosen, FALSE);
  add_marks (self, targets, TRUE);
  if (label != NULL && *label != '\0' && self->marks != NULL)
    self->mark_label = g_strdup (label);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
wb_map_view_get_n_marks (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->marks != NULL ? self->marks->len : 0;
}

const char *
wb_map_view_get_mark_label (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->mark_label;
}

/* How far a place's ring reaches from its point, in map points. */
static double
ring_radius (WbMapView *self)
{
  if (WB_IS_HEX_MAP (self->map))
    return wb_hex_map_get_hex_size (WB_HEX_MAP (self->map)) * 0.87;
  return LOCATION_RING_PX / self->zoom;
}

static void
ring_path (WbMapView     *self,
           cairo_t       *cr,
           const MapMark *mark)
{
  cairo_new_path (cr);
  if (mark->where.kind == WB_WHERE_HEX && WB_IS_HEX_MAP (self->map))
    _wb_map_view_hex_path (cr, WB_HEX_MAP (self->map), mark->where.hex, 2.5 / self->zoom);
  else
    cairo_arc (cr, mark->x, mark->y, ring_radius (self), 0, 2 * G_PI);
}

static void
draw_ring (WbMapView     *self,
           cairo_t       *cr,
           const MapMark *mark)
{
  double width = mark->target ? 4.0 : 3.0;

  ring_path (self, cr, mark);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, (width + 3.5) / self->zoom);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, width / self->zoom);
  if (mark->target)
    cairo_set_source_rgb (cr, TARGET_R, TARGET_G, TARGET_B);
  else
    cairo_set_source_rgb (cr, CHOSEN_R, CHOSEN_G, CHOSEN_B);
  cairo_stroke (cr);
}

/* The target nearest @from, or NULL. */
static const MapMark *
nearest_target (WbMapView     *self,
                const MapMark *from)
{
  const MapMark *best = NULL;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < self->marks->len; i++)
    {
      const MapMark *m = &g_array_index (self->marks, MapMark, i);
      double d = hypot (m->x - from->x, m->y - from->y);

      if (m->target && d > 0 && d < best_d)
        best = m, best_d = d;
    }
  return best;
}

/* A short red arrow across the way from @a to @b (its middle part, so the
 * counters at both ends stay visible), with a white casing. */
static void
draw_arrow (WbMapView     *self,
            cairo_t       *cr,
            const MapMark *a,
            const MapMark *b)
{
  double len = hypot (b->x - a->x, b->y - a->y);
  double ux, uy, x0, y0, x1, y1, head, k = 1 / self->zoom;

  if (len <= 0)
    return;
  ux = (b->x - a->x) / len, uy = (b->y - a->y) / len;
  /* From the chosen place's edge to the target's, or the middle half of a
   * way too short for that. */
  {
    double reach = MIN (ring_radius (self) * 0.55, len * 0.25);

    x0 = a->x + ux * reach, y0 = a->y + uy * reach;
    x1 = b->x - ux * reach, y1 = b->y - uy * reach;
  }
  head = MIN (13 * k, hypot (x1 - x0, y1 - y0) * 0.6);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1 - ux * head * 0.8, y1 - uy * head * 0.8);
      cairo_set_line_width (cr, (pass == 0 ? 7.5 : 4.0) * k);
      if (pass == 0)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      else
        cairo_set_source_rgb (cr, TARGET_R, TARGET_G, TARGET_B);
      cairo_stroke (cr);
      _wb_map_view_arrowhead (cr, x1, y1, ux, uy, head, pass == 0 ? 3 * k : 0);
    }
  cairo_restore (cr);
}

/* Draws the marks into @cr, which is in map points, over the units. */
void
_wb_map_view_draw_marks (WbMapView *self,
                         cairo_t   *cr)
{
  const MapMark *first_target = NULL;

  cairo_save (cr);
  for (guint i = 0; i < self->marks->len; i++)
    draw_ring (self, cr, &g_array_index (self->marks, MapMark, i));
  for (guint i = 0; i < self->marks->len; i++)
    {
      const MapMark *m = &g_array_index (self->marks, MapMark, i);
      const MapMark *t;

      if (m->target)
        {
          if (first_target == NULL)
            first_target = m;
          continue;
        }
      if ((t = nearest_target (self, m)) != NULL)
        draw_arrow (self, cr, m, t);
    }
  if (self->mark_label != NULL)
    {
      /* Over the target's top edge (or the first chosen place's without
       * one): clear of its counters and of its name, under them. */
      const MapMark *at = first_target != NULL ? first_target : &g_array_index (self->marks, MapMark, 0);
      PangoFontDescription *font = pango_font_description_new ();

      pango_font_description_set_family (font, "Sans");
      pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
      pango_font_description_set_absolute_size (font, LABEL_FONT_PX * PANGO_SCALE);
      _wb_map_view_draw_label (self, cr, font, at->x, at->y - ring_radius (self) * 0.8, self->mark_label);
      pango_font_description_free (font);
    }
  cairo_restore (cr);
}
