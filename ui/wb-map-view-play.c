/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <math.h>

#include "wb-play-follow.h"
#include "rules/wb-family.h"
#include "rules/wb-hex-movement.h"
#include "rules/wb-step.h"
#include "wb-map-view-private.h"

/* What play adds to the map canvas: the match shown (its units are drawn
 * from a layer of their own, see wb-map-view-cache.c) and the overlays a
 * frame draws live over the map — the hexes a unit may move to, tinted and
 * marked with their cost, a path preview, the step's notes (a road's count)
 * and the selected hex. The overlays
 * are sized in widget pixels, not map points, so they read the same at
 * every zoom; their colours sit on the map's paper, which is the same in
 * the light and the dark theme, and each carries a contrasting casing so it
 * reads on light and dark terrain alike. */

/* GNOME's palette: blue 3 for where a unit may go, orange 3 for the path,
 * yellow 3 for the selection. */
#define HIGHLIGHT_R 0.208
#define HIGHLIGHT_G 0.518
#define HIGHLIGHT_B 0.894
/* The tint's opacity over the terrain (the test checks the blend). */
#define HIGHLIGHT_ALPHA 0.35
/* The cost is written when a hex is at least this many widget pixels
 * across, at a size that grows with the hex between these (pixels). */
#define COST_MIN_HEX_PX  28.0
#define COST_MIN_FONT_PX 9.0
#define COST_MAX_FONT_PX 14.0
/* A step's note (a road's count) at this size in widget pixels. */
#define NOTE_FONT_PX 11.0
/* A note on a way is drawn when the way is this much longer than the
 * note on screen (widget pixels), so that the places at its ends show. */
#define NOTE_MARGIN_PX 28.0

void
wb_map_view_set_match (WbMapView     *self,
                       const WbMatch *match)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (match == NULL || match->game == self->game);

  if (match == NULL && self->match == NULL)
    return;

  g_clear_pointer (&self->match, wb_match_free);
  if (match != NULL)
    self->match = wb_match_copy (match);
  else
    {
      /* Back to the set-up, cached with the static layers again. */
      g_clear_pointer (&self->units.surface, cairo_surface_destroy);
    }

  _wb_map_view_units_changed (self);
  _wb_map_view_request_render (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_viewer (WbMapView  *self,
                        const char *side)
{
  const char *interned;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  interned = side != NULL ? g_intern_string (side) : NULL;
  if (interned == self->viewer)
    return;
  self->viewer = interned;
  if (self->match != NULL)
    _wb_map_view_units_changed (self);
  else
    _wb_map_view_content_changed (self);
  _wb_map_view_request_render (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
wb_map_view_get_viewer (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->viewer;
}

const WbMatch *
wb_map_view_get_match (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->match;
}

void
wb_map_view_set_highlights (WbMapView *self,
                            GArray    *destinations)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (destinations == NULL ||
                    g_array_get_element_size (destinations) == sizeof (WbDestination));

  if (self->highlights == NULL && (destinations == NULL || destinations->len == 0))
    return;

  g_clear_pointer (&self->highlights, g_array_unref);
  if (destinations != NULL && destinations->len > 0)
    self->highlights = g_array_copy (destinations);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
wb_map_view_get_n_highlights (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->highlights != NULL ? self->highlights->len : 0;
}

/* Keeps @points (x, y pairs; at least two points) as the path shown. */
static void
take_path (WbMapView *self, GArray *points)
{
  if (self->path == NULL && points == NULL)
    return;
  g_clear_pointer (&self->path, g_array_unref);
  self->path = points;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_path (WbMapView *self,
                      GArray    *hexes)
{
  GArray *points = NULL;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (hexes == NULL || g_array_get_element_size (hexes) == sizeof (WbOffset));

  if (hexes != NULL && hexes->len >= 2 && WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *map = WB_HEX_MAP (self->map);

      points = g_array_sized_new (FALSE, FALSE, sizeof (double), 2 * hexes->len);
      for (guint i = 0; i < hexes->len; i++)
        {
          double xy[2];

          wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                         g_array_index (hexes, WbOffset, i), &xy[0], &xy[1]);
          g_array_append_vals (points, xy, 2);
        }
    }
  take_path (self, points);
}

/* The map point of @w: a hex's centre, a location's point; FALSE for a
 * place this map does not have. */
gboolean
_wb_map_view_place_point (WbMapView     *self,
                          const WbWhere *w,
                          double        *x,
                          double        *y)
{
  WbLocation *loc;

  if (w->kind == WB_WHERE_HEX && WB_IS_HEX_MAP (self->map) && wb_hex_map_contains (WB_HEX_MAP (self->map), w->hex))
    {
      wb_hex_center (wb_hex_map_get_layout (WB_HEX_MAP (self->map)),
                     wb_hex_map_get_hex_size (WB_HEX_MAP (self->map)), w->hex, x, y);
      return TRUE;
    }
  if (w->kind == WB_WHERE_LOCATION && WB_IS_POINT_MAP (self->map) && w->place != NULL &&
      (loc = wb_point_map_find_location (WB_POINT_MAP (self->map), w->place)) != NULL)
    {
      *x = loc->x;
      *y = loc->y;
      return TRUE;
    }
  return FALSE;
}

void
wb_map_view_set_route (WbMapView *self,
                       GArray    *places)
{
  GArray *points = NULL;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (places == NULL || g_array_get_element_size (places) == sizeof (WbWhere));

  if (places != NULL && places->len >= 2)
    {
      points = g_array_sized_new (FALSE, FALSE, sizeof (double), 2 * places->len);
      for (guint i = 0; i < places->len; i++)
        {
          double xy[2];

          if (!_wb_map_view_place_point (self, &g_array_index (places, WbWhere, i), &xy[0], &xy[1]))
            {
              /* A place this map does not have: no path. */
              g_clear_pointer (&points, g_array_unref);
              break;
            }
          g_array_append_vals (points, xy, 2);
        }
    }
  take_path (self, points);
}

typedef struct {
  double  x, y;
  double  length;   /* the way's length in map points; 0 at a place */
  char   *text;
} MapNote;

static void
map_note_clear (MapNote *n)
{
  g_free (n->text);
}

void
wb_map_view_set_notes (WbMapView *self,
                       GPtrArray *notes)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (self->notes == NULL && (notes == NULL || notes->len == 0))
    return;
  g_clear_pointer (&self->notes, g_array_unref);
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    {
      const WbStepNote *n = g_ptr_array_index (notes, i);
      MapNote note = { 0, 0, 0, NULL };
      double bx, by;

      if (!_wb_map_view_place_point (self, &n->from, &note.x, &note.y))
        continue;
      if (n->to.kind != WB_WHERE_ELIMINATED)
        {
          if (!_wb_map_view_place_point (self, &n->to, &bx, &by))
            continue;
          note.length = hypot (bx - note.x, by - note.y);
          note.x = (note.x + bx) / 2;
          note.y = (note.y + by) / 2;
        }
      note.text = g_strdup (n->text);
      if (self->notes == NULL)
        {
          self->notes = g_array_new (FALSE, FALSE, sizeof (MapNote));
          g_array_set_clear_func (self->notes, (GDestroyNotify) map_note_clear);
        }
      g_array_append_val (self->notes, note);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
wb_map_view_get_n_notes (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->notes != NULL ? self->notes->len : 0;
}

guint
wb_map_view_get_path_length (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->path != NULL ? self->path->len / 2 : 0;
}

void
wb_map_view_set_selected_hex (WbMapView      *self,
                              const WbOffset *hex)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (hex == NULL ? !self->has_selected_hex
                  : self->has_selected_hex && wb_offset_equal (*hex, self->selected_hex))
    return;

  self->has_selected_hex = hex != NULL;
  if (hex != NULL)
    self->selected_hex = *hex;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
wb_map_view_get_selected_hex (WbMapView *self,
                              WbOffset  *hex)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);

  if (self->has_selected_hex && hex != NULL)
    *hex = self->selected_hex;
  return self->has_selected_hex;
}

static void
on_play_changed (WbMapView *self, guint what)
{
  if (what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR))
    wb_map_view_set_match (self, wb_play_get_state (self->play));
}

void
wb_map_view_set_play (WbMapView *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  if (self->play == play)
    return;
  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  if (play != NULL)
    wb_map_view_set_match (self, wb_play_get_state (play));
}

void
_wb_map_view_play_finalize (WbMapView *self)
{
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_func (self->play, on_play_changed, self);
  g_clear_object (&self->play);
  g_clear_pointer (&self->match, wb_match_free);
  g_clear_pointer (&self->highlights, g_array_unref);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->notes, g_array_unref);
  g_clear_pointer (&self->marks, g_array_unref);
  g_clear_pointer (&self->mark_label, g_free);
}

/* "2", "1½", "¾": a cost in quarter MP as a counter would print it. */
static char *
format_cost (int quarters)
{
  static const char *const fractions[] = { "", "¼", "½", "¾" };
  int whole = quarters / WB_MOVE_QUARTERS;
  int rest = quarters % WB_MOVE_QUARTERS;

  if (quarters < 0)
    return g_strdup ("?");
  if (rest == 0)
    return g_strdup_printf ("%d", whole);
  if (whole == 0)
    return g_strdup (fractions[rest]);
  return g_strdup_printf ("%d%s", whole, fractions[rest]);
}

void
_wb_map_view_hex_path (cairo_t  *cr,
                       WbHexMap *map,
                       WbOffset  hex,
                       double    inset)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  double size = wb_hex_map_get_hex_size (map) - inset;
  double cx, cy;

  wb_hex_center (layout, wb_hex_map_get_hex_size (map), hex, &cx, &cy);
  cairo_new_sub_path (cr);
  for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
    {
      double dx, dy;

      wb_hex_corner_offset (layout, size, i, &dx, &dy);
      cairo_line_to (cr, cx + dx, cy + dy);
    }
  cairo_close_path (cr);
}

/* @text in a dark rounded label centred on @x, @y; sized in widget
 * pixels. */
void
_wb_map_view_draw_label (WbMapView            *self,
                         cairo_t              *cr,
                         PangoFontDescription *font,
                         double                x,
                         double                y,
                         const char           *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoRectangle ink, logical;
  double pad = 2.5, w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  w = logical.width + 2 * pad + 2;
  h = logical.height + 1;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, 1 / self->zoom, 1 / self->zoom);
  cairo_new_path (cr);
  {
    double r = h / 2, x0 = -w / 2, y0 = -h / 2;

    cairo_arc (cr, x0 + r, y0 + r, r, G_PI / 2, 3 * G_PI / 2);
    cairo_arc (cr, x0 + w - r, y0 + r, r, 3 * G_PI / 2, G_PI / 2);
    cairo_close_path (cr);
  }
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, 0.88);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.7);
  cairo_stroke (cr);
  cairo_move_to (cr, -logical.width / 2.0 - logical.x, -logical.height / 2.0 - logical.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

/* The tint and edges of the reachable hexes. */
static void
draw_highlights (WbMapView *self,
                 cairo_t   *cr)
{
  WbHexMap *hex_map = WB_IS_HEX_MAP (self->map) ? WB_HEX_MAP (self->map) : NULL;
  WbPointMap *point_map = WB_IS_POINT_MAP (self->map) ? WB_POINT_MAP (self->map) : NULL;
  double size = hex_map != NULL ? wb_hex_map_get_hex_size (hex_map) : 0;
  double hex_px = 2 * size * self->zoom;

  /* The tint, then each hex's edge a little inside it so that neighbours'
   * edges stay apart and the reachable area reads as a set of hexes. */
  cairo_save (cr);
  cairo_new_path (cr);
  for (guint i = 0; i < self->highlights->len; i++)
    {
      const WbDestination *d = &g_array_index (self->highlights, WbDestination, i);

      if (hex_map != NULL && d->where.kind == WB_WHERE_HEX &&
          wb_hex_map_contains (hex_map, d->where.hex))
        _wb_map_view_hex_path (cr, hex_map, d->where.hex, 0);
      else if (point_map != NULL && d->where.kind == WB_WHERE_LOCATION && d->where.place != NULL)
        {
          WbLocation *loc = wb_point_map_find_location (point_map, d->where.place);

          if (loc != NULL)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, loc->x, loc->y, MAX (12.0, 14.0 / self->zoom), 0, 2 * G_PI);
            }
        }
    }
  cairo_set_source_rgba (cr, HIGHLIGHT_R, HIGHLIGHT_G, HIGHLIGHT_B, HIGHLIGHT_ALPHA);
  cairo_fill_preserve (cr);
  if (point_map != NULL)
    {
      cairo_set_line_width (cr, 2.0 / self->zoom);
      cairo_set_source_rgba (cr, HIGHLIGHT_R, HIGHLIGHT_G, HIGHLIGHT_B, 0.95);
      cairo_stroke (cr);
    }
  cairo_new_path (cr);

  if (hex_map != NULL && hex_px >= 12)
    {
      double inset = 1.5 / self->zoom;

      for (guint i = 0; i < self->highlights->len; i++)
        {
          const WbDestination *d = &g_array_index (self->highlights, WbDestination, i);

          if (d->where.kind == WB_WHERE_HEX && wb_hex_map_contains (hex_map, d->where.hex))
            _wb_map_view_hex_path (cr, hex_map, d->where.hex, inset);
        }
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_width (cr, 1.5 / self->zoom);
      cairo_set_source_rgba (cr, HIGHLIGHT_R, HIGHLIGHT_G, HIGHLIGHT_B, 0.95);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* Each reachable hex's cost, when the hexes are large enough on screen to
 * hold it; over the units. */
static void
draw_costs (WbMapView *self,
            cairo_t   *cr)
{
  WbHexMap *hex_map = WB_IS_HEX_MAP (self->map) ? WB_HEX_MAP (self->map) : NULL;
  g_autoptr(PangoFontDescription) font = NULL;
  double size = hex_map != NULL ? wb_hex_map_get_hex_size (hex_map) : 0;
  double hex_px = 2 * size * self->zoom;

  if (hex_map != NULL && hex_px >= COST_MIN_HEX_PX)
    {
      WbHexLayout layout = wb_hex_map_get_layout (hex_map);

      font = pango_font_description_from_string ("Sans Bold");
      pango_font_description_set_absolute_size (font,
                                                CLAMP (hex_px * 0.2, COST_MIN_FONT_PX,
                                                       COST_MAX_FONT_PX) * PANGO_SCALE);
      for (guint i = 0; i < self->highlights->len; i++)
        {
          const WbDestination *d = &g_array_index (self->highlights, WbDestination, i);
          double cx, cy;

          if (d->where.kind != WB_WHERE_HEX || !wb_hex_map_contains (hex_map, d->where.hex))
            continue;
          wb_hex_center (layout, size, d->where.hex, &cx, &cy);
          g_autofree char *text = format_cost (d->cost);

          /* Low in the hex: a counter standing there keeps its face. */
          _wb_map_view_draw_label (self, cr, font, cx, cy + size * 0.62, text);
        }
    }
}

/* The step's notes, over the roads and the path; a note on a way too
 * short on screen to hold it beside its ends waits for the zoom. */
static void
draw_notes (WbMapView *self,
            cairo_t   *cr)
{
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans Bold");
  PangoLayout *measure = pango_cairo_create_layout (cr);

  pango_font_description_set_absolute_size (font, NOTE_FONT_PX * PANGO_SCALE);
  pango_layout_set_font_description (measure, font);
  for (guint i = 0; i < self->notes->len; i++)
    {
      const MapNote *n = &g_array_index (self->notes, MapNote, i);
      int width;

      pango_layout_set_text (measure, n->text, -1);
      pango_layout_get_pixel_size (measure, &width, NULL);
      if (n->length > 0 && n->length * self->zoom < width + NOTE_MARGIN_PX)
        continue;
      _wb_map_view_draw_label (self, cr, font, n->x, n->y, n->text);
    }
  g_object_unref (measure);
}

void
_wb_map_view_arrowhead (cairo_t *cr,
                        double   x,
                        double   y,
                        double   ux,
                        double   uy,
                        double   head,
                        double   casing)
{
  cairo_new_path (cr);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - ux * head - uy * head * 0.55, y - uy * head + ux * head * 0.55);
  cairo_line_to (cr, x - ux * head + uy * head * 0.55, y - uy * head - ux * head * 0.55);
  cairo_close_path (cr);
  if (casing > 0)
    {
      cairo_set_line_width (cr, casing);
      cairo_stroke_preserve (cr);
    }
  cairo_fill (cr);
}

/* The path preview: an orange line with a white casing through the hexes'
 * centres, a dot at each step and an arrowhead at the end. */
static void
draw_path (WbMapView *self,
           cairo_t   *cr)
{
  guint n = self->path->len / 2;
  const double *xy = (const double *) self->path->data;
  /* Widget pixels, a little thinner where hexes are small on screen (a
   * map of locations: as for hexes 50 pixels wide). */
  double hex_px = WB_IS_HEX_MAP (self->map) ? 2 * wb_hex_map_get_hex_size (WB_HEX_MAP (self->map)) * self->zoom : 50;
  double k = CLAMP (hex_px / 50, 0.6, 1.0) / self->zoom;
  double ax, ay, bx, by, len, ux, uy, head = 14 * k;

  /* The line stops short of the last centre, where the arrow's tip is. */
  ax = xy[2 * n - 4], ay = xy[2 * n - 3];
  bx = xy[2 * n - 2], by = xy[2 * n - 1];
  len = hypot (bx - ax, by - ay);
  if (len <= 0)
    return;
  ux = (bx - ax) / len, uy = (by - ay) / len;
  head = MIN (head, len * 0.6);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      for (guint i = 0; i + 1 < n; i++)
        cairo_line_to (cr, xy[2 * i], xy[2 * i + 1]);
      cairo_line_to (cr, bx - ux * head * 0.8, by - uy * head * 0.8);
      if (pass == 0)
        {
          cairo_set_line_width (cr, 8 * k);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
        }
      else
        {
          cairo_set_line_width (cr, 4 * k);
          cairo_set_source_rgb (cr, 0.902, 0.380, 0.0);
        }
      cairo_stroke (cr);

      /* The steps between the ends. */
      for (guint i = 0; i + 1 < n; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, xy[2 * i], xy[2 * i + 1], (pass == 0 ? 6.5 : 4.5) * k, 0, 2 * G_PI);
        }
      cairo_fill (cr);

      _wb_map_view_arrowhead (cr, bx, by, ux, uy, head, pass == 0 ? 3 * k : 0);
    }
  cairo_restore (cr);
}

/* The selected hex: a yellow outline over a dark halo, so it reads on any
 * terrain and apart from the blue highlights and hover. */
static void
draw_selected_hex (WbMapView *self,
                   cairo_t   *cr)
{
  WbHexMap *map = WB_HEX_MAP (self->map);

  if (!wb_hex_map_contains (map, self->selected_hex))
    return;

  cairo_save (cr);
  cairo_new_path (cr);
  _wb_map_view_hex_path (cr, map, self->selected_hex, 2.0 / self->zoom);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 7.0 / self->zoom);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 3.5 / self->zoom);
  cairo_set_source_rgb (cr, 0.965, 0.827, 0.176);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* With a match shown, the highlights' tint goes between the static layers
 * and the units (called by the cache's frame code, @cr in widget pixels
 * with the map's origin at @ox, @oy): the counters in a reachable hex stay
 * as crisp as elsewhere. The set-up's units are cached with the map, so
 * without a match the tint goes over everything (_wb_map_view_draw_play). */
void
_wb_map_view_draw_play_under_units (WbMapView *self,
                                    cairo_t   *cr,
                                    double     ox,
                                    double     oy)
{
  if (self->highlights == NULL || self->match == NULL)
    return;

  cairo_save (cr);
  cairo_scale (cr, self->zoom, self->zoom);
  cairo_translate (cr, -ox, -oy);
  cairo_new_path (cr);
  draw_highlights (self, cr);
  cairo_restore (cr);
}

/* Draws the overlays into @cr, which is in map points. */
void
_wb_map_view_draw_play (WbMapView *self,
                        cairo_t   *cr)
{
  /* The renderer may leave a current point behind. */
  cairo_new_path (cr);
  if (self->highlights != NULL && self->match == NULL)
    draw_highlights (self, cr);
  if (self->path != NULL && self->path->len >= 4)
    draw_path (self, cr);
  /* The costs over the path, which would hide their digits. */
  if (self->highlights != NULL)
    draw_costs (self, cr);
  if (self->notes != NULL)
    draw_notes (self, cr);
  if (self->has_selected_hex && WB_IS_HEX_MAP (self->map))
    draw_selected_hex (self, cr);
  if (self->marks != NULL)
    _wb_map_view_draw_marks (self, cr);
}
