/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-map-view-private.h"

/* The map canvas. View state (zoom and the map point at the centre of the
 * widget) lives here; input handlers (wb-map-view-input.c) only change
 * that state and queue a draw. A frame never renders the map: it paints
 * the images kept by the view cache (wb-map-view-cache.c), with the hover
 * highlight drawn live on top. */

#define FIT_PADDING      24.0

G_DEFINE_FINAL_TYPE (WbMapView, wb_map_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_MAP,
  PROP_SCENARIO,
  PROP_ZOOM,
  PROP_SHOW_NUMBERS,
  PROP_SHOW_GRID,
  PROP_HOVER_TEXT,
  PROP_EDITING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The steps zoom in/out walk through. */
static const double zoom_steps[] = {
  0.1, 0.125, 1.0 / 6.0, 0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.8,
  1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0,
};

void
_wb_map_view_get_extent (WbMapView *self,
                         double    *width,
                         double    *height)
{
  *width = *height = 0;
  if (self->map != NULL)
    wb_map_get_extent (self->map, width, height);
}
/* The map point drawn at widget pixel (0, 0), snapped so that it falls on a
 * device pixel: the cached surface is then painted without resampling. */
static void
get_origin (WbMapView *self,
            double    *ox,
            double    *oy)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double px = self->zoom * gtk_widget_get_scale_factor (GTK_WIDGET (self));

  *ox = round ((self->center_x - width / (2 * self->zoom)) * px) / px;
  *oy = round ((self->center_y - height / (2 * self->zoom)) * px) / px;
}

static void
clamp_center (WbMapView *self)
{
  double width, height;

  _wb_map_view_get_extent (self, &width, &height);
  self->center_x = CLAMP (self->center_x, 0, width);
  self->center_y = CLAMP (self->center_y, 0, height);
}

/* What is at widget pixel (x, y): a hex of a hex map (@hex) or a location
 * of a point map (@loc). */
static gboolean
hit_test (WbMapView   *self,
          double       x,
          double       y,
          WbOffset    *hex,
          WbLocation **loc)
{
  double mx, my;

  if (self->map == NULL)
    return FALSE;

  wb_map_view_widget_to_map (self, x, y, &mx, &my);

  if (WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (self->map);

      *hex = wb_hex_from_point (wb_hex_map_get_layout (hex_map),
                                wb_hex_map_get_hex_size (hex_map), mx, my);
      return wb_hex_map_contains (hex_map, *hex);
    }

  if (WB_IS_POINT_MAP (self->map))
    {
      *loc = wb_map_view_location_at (self, mx, my);
      return *loc != NULL;
    }

  return FALSE;
}

WbLocation *
wb_map_view_location_at (WbMapView *self,
                         double     mx,
                         double     my)
{
  WbPointMap *map;
  WbLocation *loc;
  g_autoptr(GHashTable) counts = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  if (!WB_IS_POINT_MAP (self->map))
    return NULL;
  map = WB_POINT_MAP (self->map);
  loc = wb_point_map_location_at (map, mx, my, MAX (10.0, 12.0 / self->zoom));
  if (loc != NULL || self->match == NULL)
    return loc;

  /* The blocks beside a location are its: the stacks of the match. */
  counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < self->match->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (self->match->units, WbUnitState, i);

      if (u->where.kind == WB_WHERE_LOCATION && u->where.place != NULL && (u->flags & WB_UNIT_IN_SCENARIO))
        g_hash_table_insert (counts, (gpointer) u->where.place,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, u->where.place)) + 1));
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      WbLocation *at = wb_point_map_find_location (map, key);
      double box[4];

      if (at == NULL)
        continue;
      wb_render_location_stack_box (at, GPOINTER_TO_UINT (value), box);
      if (mx >= box[0] && mx <= box[2] && my >= box[1] && my <= box[3])
        return at;
    }
  return NULL;
}

void
_wb_map_view_update_hover (WbMapView *self)
{
  g_autofree char *text = NULL;
  WbOffset hex = { -1, -1 };
  WbLocation *loc = NULL;
  const char *location = NULL;
  gboolean has_hex = FALSE;

  if (self->pointer_inside &&
      hit_test (self, self->pointer_x, self->pointer_y, &hex, &loc))
    {
      text = wb_map_view_lookup (self, self->pointer_x, self->pointer_y, NULL);
      has_hex = loc == NULL;
      location = loc != NULL ? loc->id : NULL;
    }

  if (has_hex != self->hover_has_hex ||
      (has_hex && !wb_offset_equal (hex, self->hover_hex)) ||
      location != self->hover_location)
    {
      self->hover_has_hex = has_hex;
      self->hover_hex = hex;
      self->hover_location = location;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (g_strcmp0 (text, self->hover_text) != 0)
    {
      g_free (self->hover_text);
      self->hover_text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_TEXT]);
    }
}

static void
on_model_changed (WbMapView *self)
{
  double mx = self->center_x;
  double my = self->center_y;
  _wb_map_view_content_changed (self);
  clamp_center (self);
  if (mx != self->center_x || my != self->center_y)
    _wb_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_game_changed (WbMapView  *self,
                 const char *what,
                 WbGame     *game)
{
  on_model_changed (self);
}
static void
draw_hover (WbMapView *self,
            cairo_t   *cr)
{
  cairo_save (cr);
  /* The renderer may leave a current point behind. */
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 2.5 / self->zoom);

  if (self->hover_has_hex && WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (self->map);
      WbHexLayout layout = wb_hex_map_get_layout (hex_map);
      double size = wb_hex_map_get_hex_size (hex_map);
      double cx, cy;

      gsize n = wb_hex_range (layout, self->hover_hex, self->hover_radius, NULL, 0);
      g_autofree WbOffset *hexes = g_new (WbOffset, n);

      /* The brush's footprint: each hex outlined. */
      wb_hex_range (layout, self->hover_hex, self->hover_radius, hexes, n);
      for (gsize h = 0; h < n; h++)
        {
          if (!wb_hex_map_contains (hex_map, hexes[h]))
            continue;
          wb_hex_center (layout, size, hexes[h], &cx, &cy);
          cairo_new_sub_path (cr);
          for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
            {
              double dx, dy;

              wb_hex_corner_offset (layout, size, i, &dx, &dy);
              cairo_line_to (cr, cx + dx, cy + dy);
            }
          cairo_close_path (cr);
        }
    }
  else if (self->hover_location != NULL && WB_IS_POINT_MAP (self->map))
    {
      WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (self->map),
                                                    self->hover_location);

      if (loc != NULL)
        cairo_arc (cr, loc->x, loc->y, MAX (10.0, 12.0 / self->zoom), 0, 2 * G_PI);
    }

  /* GNOME's accent blue, over a light wash so the hex reads as picked. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.95);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The selection: a dark halo under an accent line, so it reads on any
 * terrain. */
static void
draw_selection_outline (WbMapView *self,
                        cairo_t   *cr)
{
  const double *p = (const double *) self->outline->data;
  guint n = self->outline->len / 2;

  cairo_save (cr);
  cairo_new_path (cr);
  switch (self->outline_shape)
    {
    case WB_OUTLINE_POLYGON:
      for (guint i = 0; i < n; i++)
        cairo_line_to (cr, p[2 * i], p[2 * i + 1]);
      cairo_close_path (cr);
      break;
    case WB_OUTLINE_SEGMENT:
      if (n >= 2)
        {
          cairo_move_to (cr, p[0], p[1]);
          cairo_line_to (cr, p[2], p[3]);
        }
      break;
    case WB_OUTLINE_CIRCLE:
      if (n >= 1)
        cairo_arc (cr, p[0], p[1], MAX (self->outline_radius, 8.0 / self->zoom), 0, 2 * G_PI);
      break;
    case WB_OUTLINE_NONE:
    default:
      break;
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 6.0 / self->zoom);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 3.0 / self->zoom);
  cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
wb_map_view_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  WbMapView *self = WB_MAP_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double ox, oy, ew, eh;
  Rect paper, drawn;
  cairo_t *cr;

  self->frame_count++;
  /* The centre set has been seen: from now on a new allocation keeps the
   * map where it is on the window. */
  self->centre_fresh = FALSE;

  if (self->map == NULL || self->game == NULL || width <= 0 || height <= 0)
    return;

  _wb_map_view_get_extent (self, &ew, &eh);
  get_origin (self, &ox, &oy);
  paper = (Rect) { -ox * self->zoom, -oy * self->zoom, ew * self->zoom, eh * self->zoom };

  /* The map lies on the desk like a sheet of paper. */
  gtk_snapshot_append_outset_shadow (snapshot,
                                     &GSK_ROUNDED_RECT_INIT ((float) paper.x, (float) paper.y,
                                                             (float) paper.w, (float) paper.h),
                                     &(GdkRGBA) { 0, 0, 0, 0.28f },
                                     0, 2, 0, 10);

  /* Everything drawn lies on the map (plus the bleed of border strokes):
   * a smaller cairo node is less to upload on GL renderers. */
  paper.x -= EXTENT_BLEED * self->zoom;
  paper.y -= EXTENT_BLEED * self->zoom;
  paper.w += 2 * EXTENT_BLEED * self->zoom;
  paper.h += 2 * EXTENT_BLEED * self->zoom;
  if (!_wb_map_view_rect_intersect (&paper, &(Rect) { 0, 0, width, height }, &drawn))
    return;
  drawn.w = ceil (drawn.x + drawn.w) - floor (drawn.x);
  drawn.h = ceil (drawn.y + drawn.h) - floor (drawn.y);
  drawn.x = floor (drawn.x);
  drawn.y = floor (drawn.y);

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT ((float) drawn.x, (float) drawn.y,
                                                       (float) drawn.w, (float) drawn.h));

  _wb_map_view_draw_map (self, cr, ox, oy);

  cairo_scale (cr, self->zoom, self->zoom);
  cairo_translate (cr, -ox, -oy);

  _wb_map_view_draw_region (self, cr);
  /* Play's overlays, under the hover outline. */
  _wb_map_view_draw_play (self, cr);
  if (self->hover_has_hex || self->hover_location != NULL)
    draw_hover (self, cr);

  if (self->sketch != NULL && self->sketch->len >= 2)
    {
      /* A line being drawn: the accent colour over a white casing, with
       * its vertices. */
      cairo_new_path (cr);
      for (guint i = 0; i < self->sketch->len; i++)
        {
          WbMapPoint p = g_array_index (self->sketch, WbMapPoint, i);

          cairo_line_to (cr, p.x, p.y);
        }
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_width (cr, 5.0 / self->zoom);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 2.5 / self->zoom);
      cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.95);
      cairo_stroke (cr);
      for (guint i = 0; i < self->sketch->len; i++)
        {
          WbMapPoint p = g_array_index (self->sketch, WbMapPoint, i);

          cairo_arc (cr, p.x, p.y, 3.5 / self->zoom, 0, 2 * G_PI);
          cairo_close_path (cr);
        }
      cairo_fill (cr);
    }
  if (self->outline_shape != WB_OUTLINE_NONE)
    draw_selection_outline (self, cr);

  if (self->has_rubber_band)
    {
      /* A connection being drawn: a dashed accent line. */
      double dash = 6.0 / self->zoom;

      cairo_new_path (cr);
      cairo_move_to (cr, self->rubber_band[0], self->rubber_band[1]);
      cairo_line_to (cr, self->rubber_band[2], self->rubber_band[3]);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 3.0 / self->zoom);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.95);
      cairo_stroke (cr);
    }

  cairo_destroy (cr);
}

static void
wb_map_view_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  *minimum = 64;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 480;
}

static void
wb_map_view_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  WbMapView *self = WB_MAP_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  graphene_point_t at = GRAPHENE_POINT_INIT (0, 0);

  if (root != NULL && !gtk_widget_compute_point (widget, GTK_WIDGET (root), &GRAPHENE_POINT_INIT (0, 0), &at))
    at = GRAPHENE_POINT_INIT (0, 0);
  if (self->needs_fit && width > 0 && height > 0)
    wb_map_view_zoom_to_fit (self);
  else if (self->alloc_known && !self->centre_fresh && self->zoom > 0 &&
           (at.x != self->alloc_x || at.y != self->alloc_y || width != self->alloc_w || height != self->alloc_h))
    {
      /* The map stays where it was on the window: the map point at the
       * widget's old top-left corner moves with the corner. */
      double ox = self->center_x - self->alloc_w / (2 * self->zoom) + (at.x - self->alloc_x) / self->zoom;
      double oy = self->center_y - self->alloc_h / (2 * self->zoom) + (at.y - self->alloc_y) / self->zoom;

      self->center_x = ox + width / (2 * self->zoom);
      self->center_y = oy + height / (2 * self->zoom);
      clamp_center (self);
    }
  /* Popovers on the map (a stack opened in play) follow it. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));
  if (width > 0 && height > 0)
    {
      self->alloc_known = TRUE;
      self->alloc_x = at.x, self->alloc_y = at.y;
      self->alloc_w = width, self->alloc_h = height;
    }

  _wb_map_view_update_hover (self);

  /* Start rendering now rather than at the first frame. */
  _wb_map_view_request_render (self);
}

void
_wb_map_view_request_render (WbMapView *self)
{
  double ox, oy;

  if (self->map == NULL || self->game == NULL ||
      gtk_widget_get_width (GTK_WIDGET (self)) <= 0 ||
      gtk_widget_get_height (GTK_WIDGET (self)) <= 0)
    return;

  get_origin (self, &ox, &oy);
  _wb_map_view_draw_map (self, NULL, ox, oy);
}

static void
wb_map_view_dispose (GObject *object)
{
  WbMapView *self = WB_MAP_VIEW (object);
  GtkWidget *child;

  /* What others put on the map (a popover). */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->match, wb_match_free);
  _wb_map_view_invalidate_cache (self);

  G_OBJECT_CLASS (wb_map_view_parent_class)->dispose (object);
}

static void
wb_map_view_finalize (GObject *object)
{
  WbMapView *self = WB_MAP_VIEW (object);

  g_free (self->hover_text);
  g_clear_pointer (&self->sketch, g_array_unref);
  g_array_unref (self->outline);
  g_array_unref (self->region_points);
  g_array_unref (self->region_loops);
  _wb_map_view_play_finalize (self);

  G_OBJECT_CLASS (wb_map_view_parent_class)->finalize (object);
}

static void
wb_map_view_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  WbMapView *self = WB_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_MAP:
      g_value_set_object (value, self->map);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_SHOW_NUMBERS:
      g_value_set_boolean (value, self->show_numbers);
      break;
    case PROP_SHOW_GRID:
      g_value_set_boolean (value, self->show_grid);
      break;
    case PROP_HOVER_TEXT:
      g_value_set_string (value, self->hover_text);
      break;
    case PROP_EDITING:
      g_value_set_boolean (value, self->editing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_view_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  WbMapView *self = WB_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      wb_map_view_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_SHOW_NUMBERS:
      wb_map_view_set_show_numbers (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_GRID:
      wb_map_view_set_show_grid (self, g_value_get_boolean (value));
      break;
    case PROP_EDITING:
      wb_map_view_set_editing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_view_class_init (WbMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_map_view_dispose;
  object_class->finalize = wb_map_view_finalize;
  object_class->get_property = wb_map_view_get_property;
  object_class->set_property = wb_map_view_set_property;

  widget_class->snapshot = wb_map_view_snapshot;
  widget_class->measure = wb_map_view_measure;
  widget_class->size_allocate = wb_map_view_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, WB_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MAP] =
    g_param_spec_object ("map", NULL, NULL, WB_TYPE_MAP,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, WB_TYPE_SCENARIO,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         WB_MAP_VIEW_MIN_ZOOM, WB_MAP_VIEW_MAX_ZOOM, 1.0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_NUMBERS] =
    g_param_spec_boolean ("show-numbers", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HOVER_TEXT] =
    g_param_spec_string ("hover-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * WbMapView:editing:
   *
   * Whether a primary-button drag edits (emits the edit-* signals) rather
   * than pans. Panning then takes the middle button, space + drag or the
   * scroll wheel.
   */
  properties[PROP_EDITING] =
    g_param_spec_boolean ("editing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _wb_map_view_class_input_init (klass);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
wb_map_view_init (WbMapView *self)
{
  self->zoom = 1.0;
  self->region_points = g_array_new (FALSE, FALSE, sizeof (double));
  self->region_loops = g_array_new (FALSE, FALSE, sizeof (guint));
  self->show_numbers = TRUE;
  self->show_grid = TRUE;
  self->outline = g_array_new (FALSE, FALSE, sizeof (double));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  _wb_map_view_input_init (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  -1);
}

GtkWidget *
wb_map_view_new (void)
{
  return g_object_new (WB_TYPE_MAP_VIEW, NULL);
}

void
wb_map_view_set_map (WbMapView  *self,
                     WbGame     *game,
                     WbMap      *map,
                     WbScenario *scenario)
{
  gboolean game_changed, map_changed, scenario_changed;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (map == NULL || WB_IS_MAP (map));
  g_return_if_fail (map == NULL || game != NULL);
  g_return_if_fail (scenario == NULL || WB_IS_SCENARIO (scenario));

  game_changed = game != self->game;
  map_changed = map != self->map;
  scenario_changed = scenario != self->scenario;

  if (!game_changed && !map_changed && !scenario_changed)
    return;

  if (game_changed)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                                 G_CONNECT_SWAPPED);
    }

  if (map_changed)
    {
      if (self->map != NULL)
        g_signal_handlers_disconnect_by_data (self->map, self);
      g_set_object (&self->map, map);
      if (map != NULL)
        g_signal_connect_object (map, "changed", G_CALLBACK (on_model_changed), self,
                                 G_CONNECT_SWAPPED);

      /* A different map starts fitted into the view. */
      self->needs_fit = map != NULL;
      if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
        wb_map_view_zoom_to_fit (self);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      map != NULL ? wb_map_get_name (map) : _("Map"),
                                      -1);
    }

  g_set_object (&self->scenario, scenario);

  /* Another map: nothing drawn so far applies. Another scenario on the same
   * map: the images stand in until their rebuilds arrive. */
  if (game_changed || map_changed)
    _wb_map_view_invalidate_cache (self);
  else
    _wb_map_view_content_changed (self);
  self->hover_has_hex = FALSE;
  self->hover_location = NULL;
  _wb_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (game_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  if (map_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP]);
  if (scenario_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

WbGame *
wb_map_view_get_game (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->game;
}

WbMap *
wb_map_view_get_map (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->map;
}

WbScenario *
wb_map_view_get_scenario (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->scenario;
}

double
wb_map_view_get_zoom (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 1.0);
  return self->zoom;
}

void
wb_map_view_set_zoom (WbMapView *self,
                      double     zoom)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  wb_map_view_zoom_at (self, zoom,
                       gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                       gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
wb_map_view_zoom_at (WbMapView *self,
                     double     zoom,
                     double     x,
                     double     y)
{
  double mx, my;

  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (isnan (zoom))
    return;
  zoom = CLAMP (zoom, WB_MAP_VIEW_MIN_ZOOM, WB_MAP_VIEW_MAX_ZOOM);
  /* Explicit zooming overrides the pending fit. */
  self->needs_fit = FALSE;
  self->centre_fresh = TRUE;
  self->fitted = FALSE;
  if (zoom == self->zoom)
    return;

  wb_map_view_widget_to_map (self, x, y, &mx, &my);
  self->zoom = zoom;
  self->center_x = mx - (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / zoom;
  self->center_y = my - (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / zoom;
  clamp_center (self);

  _wb_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

gboolean
wb_map_view_can_zoom_in (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->map != NULL && self->zoom < WB_MAP_VIEW_MAX_ZOOM;
}

gboolean
wb_map_view_can_zoom_out (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->map != NULL && self->zoom > WB_MAP_VIEW_MIN_ZOOM;
}

void
wb_map_view_zoom_in (WbMapView *self)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (zoom_steps); i++)
    if (zoom_steps[i] > self->zoom * 1.001)
      {
        wb_map_view_set_zoom (self, zoom_steps[i]);
        return;
      }
}

void
wb_map_view_zoom_out (WbMapView *self)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  for (guint i = G_N_ELEMENTS (zoom_steps); i > 0; i--)
    if (zoom_steps[i - 1] < self->zoom / 1.001)
      {
        wb_map_view_set_zoom (self, zoom_steps[i - 1]);
        return;
      }
}

void
wb_map_view_zoom_to_fit (WbMapView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double ew, eh, zoom;

  g_return_if_fail (WB_IS_MAP_VIEW (self));

  _wb_map_view_get_extent (self, &ew, &eh);
  if (width <= 0 || height <= 0 || ew <= 0 || eh <= 0)
    {
      /* Done on the first allocation. */
      self->needs_fit = self->map != NULL;
      return;
    }

  zoom = MIN ((width - 2 * FIT_PADDING) / ew, (height - 2 * FIT_PADDING) / eh);
  zoom = CLAMP (zoom, WB_MAP_VIEW_MIN_ZOOM, 1.0);

  self->needs_fit = FALSE;
  self->centre_fresh = TRUE;
  self->fitted = TRUE;
  self->center_x = ew / 2;
  self->center_y = eh / 2;
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }

  _wb_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
wb_map_view_get_fitted (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->fitted;
}

void
wb_map_view_get_center (WbMapView *self,
                        double    *x,
                        double    *y)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (x != NULL)
    *x = self->center_x;
  if (y != NULL)
    *y = self->center_y;
}

void
wb_map_view_set_center (WbMapView *self,
                        double     x,
                        double     y)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (isnan (x) || isnan (y))
    return;

  self->needs_fit = FALSE;
  self->centre_fresh = TRUE;
  self->fitted = FALSE;
  self->center_x = x;
  self->center_y = y;
  clamp_center (self);

  _wb_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_center_filled (WbMapView *self,
                               double     x,
                               double     y)
{
  double ew, eh, hw, hh;

  g_return_if_fail (WB_IS_MAP_VIEW (self));

  _wb_map_view_get_extent (self, &ew, &eh);
  hw = gtk_widget_get_width (GTK_WIDGET (self)) / (2 * self->zoom);
  hh = gtk_widget_get_height (GTK_WIDGET (self)) / (2 * self->zoom);
  if (hw > 0 && hh > 0 && ew > 0 && eh > 0)
    {
      x = ew > 2 * hw ? CLAMP (x, hw, ew - hw) : ew / 2;
      y = eh > 2 * hh ? CLAMP (y, hh, eh - hh) : eh / 2;
    }
  wb_map_view_set_center (self, x, y);
}

void
wb_map_view_widget_to_map (WbMapView *self,
                           double     wx,
                           double     wy,
                           double    *mx,
                           double    *my)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  *mx = self->center_x + (wx - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / self->zoom;
  *my = self->center_y + (wy - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / self->zoom;
}

void
wb_map_view_map_to_widget (WbMapView *self,
                           double     mx,
                           double     my,
                           double    *wx,
                           double    *wy)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  *wx = (mx - self->center_x) * self->zoom + gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  *wy = (my - self->center_y) * self->zoom + gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
}

gboolean
wb_map_view_get_show_numbers (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->show_numbers;
}

void
wb_map_view_set_show_numbers (WbMapView *self,
                              gboolean   show)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  show = !!show;
  if (show == self->show_numbers)
    return;

  self->show_numbers = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_NUMBERS]);
}

gboolean
wb_map_view_get_show_grid (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->show_grid;
}

void
wb_map_view_set_show_grid (WbMapView *self,
                           gboolean   show)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  show = !!show;
  if (show == self->show_grid)
    return;

  self->show_grid = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_GRID]);
}

char *
wb_map_view_lookup (WbMapView *self,
                    double     x,
                    double     y,
                    WbOffset  *hex)
{
  WbOffset at = { -1, -1 };
  WbLocation *loc = NULL;

  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);

  if (!hit_test (self, x, y, &at, &loc))
    return NULL;

  if (loc != NULL)
    return g_strdup (loc->name != NULL && *loc->name ? loc->name : loc->id);

  if (hex != NULL)
    *hex = at;
  {
    char buf[16];

    wb_hex_map_format_hex (WB_HEX_MAP (self->map), at, buf, sizeof buf);
    return g_strdup (buf);
  }
}

const char *
wb_map_view_get_hover_text (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->hover_text;
}

gboolean
wb_map_view_get_hover_hex (WbMapView *self,
                           WbOffset  *hex)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);

  if (self->hover_has_hex && hex != NULL)
    *hex = self->hover_hex;
  return self->hover_has_hex;
}

const char *
wb_map_view_get_hover_location (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->hover_location;
}

guint
wb_map_view_get_frame_count (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->frame_count;
}
gboolean
wb_map_view_get_editing (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->editing;
}

void
wb_map_view_set_editing (WbMapView *self,
                         gboolean   editing)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  editing = !!editing;
  if (editing == self->editing)
    return;

  self->editing = editing;
  if (!editing)
    self->space_down = FALSE;
  if (!self->drag_pans)
    _wb_map_view_reset_cursor (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
}

gboolean
wb_map_view_get_picking (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->picking;
}

void
wb_map_view_set_picking (WbMapView *self,
                         gboolean   picking)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  self->picking = !!picking;
  if (!self->drag_pans)
    _wb_map_view_reset_cursor (self);
}
void
wb_map_view_set_hover_radius (WbMapView *self,
                              int        radius)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  radius = CLAMP (radius, 0, 8);
  if (radius == self->hover_radius)
    return;

  self->hover_radius = radius;
  if (self->hover_has_hex)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_sketch (WbMapView        *self,
                        const WbMapPoint *points,
                        guint             n_points)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (n_points < 2 && self->sketch == NULL)
    return;
  g_clear_pointer (&self->sketch, g_array_unref);
  if (n_points >= 2)
    {
      self->sketch = g_array_sized_new (FALSE, FALSE, sizeof (WbMapPoint), n_points);
      g_array_append_vals (self->sketch, points, n_points);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_rubber_band (WbMapView *self,
                             gboolean   show,
                             double     x0,
                             double     y0,
                             double     x1,
                             double     y1)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (!show && !self->has_rubber_band)
    return;

  self->has_rubber_band = show;
  self->rubber_band[0] = x0;
  self->rubber_band[1] = y0;
  self->rubber_band[2] = x1;
  self->rubber_band[3] = y1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_selection_outline (WbMapView      *self,
                                   WbOutlineShape  shape,
                                   const double   *points,
                                   guint           n_points,
                                   double          radius)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (points != NULL || n_points == 0);

  if (shape == WB_OUTLINE_NONE && self->outline_shape == WB_OUTLINE_NONE)
    return;
  self->outline_shape = shape;
  self->outline_radius = radius;
  g_array_set_size (self->outline, 0);
  if (shape != WB_OUTLINE_NONE)
    g_array_append_vals (self->outline, points, 2 * n_points);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

WbOutlineShape
wb_map_view_get_selection_outline (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), WB_OUTLINE_NONE);
  return self->outline_shape;
}
