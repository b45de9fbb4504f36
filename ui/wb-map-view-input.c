/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <math.h>

#include "wb-map-view-private.h"

/* The map canvas's input: scrolling, dragging, pinching, keys and the
 * pointer. Handlers change view state only; drawing follows from it. */

#define WHEEL_PAN_STEP   48.0
#define KEY_PAN_STEP     64.0

enum {
  SIGNAL_EDIT_BEGIN,
  SIGNAL_EDIT_UPDATE,
  SIGNAL_EDIT_END,
  SIGNAL_POINT_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           WbMapView                *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (self->map == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_inside ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      double y = self->pointer_inside ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
      double factor = wheel ? pow (1.2, -dy) : exp (-dy * 0.01);

      wb_map_view_zoom_at (self, self->zoom * factor, x, y);
      return TRUE;
    }

  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }

  if (wheel)
    {
      dx *= WHEEL_PAN_STEP;
      dy *= WHEEL_PAN_STEP;
    }

  wb_map_view_set_center (self,
                          self->center_x + dx / self->zoom,
                          self->center_y + dy / self->zoom);
  return TRUE;
}

/* The pointer's shape when no drag runs: a hand while space is held, a
 * crosshair for the editing tools. */
void
_wb_map_view_reset_cursor (WbMapView *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   self->space_down ? "grab" :
                                   self->editing || self->picking ? "crosshair" : NULL);
}

/* A primary-button drag edits when editing is on and space is not held;
 * the middle button, space + drag, or any drag when not editing, pans. */
static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               WbMapView      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  self->drag_x = x;
  self->drag_y = y;
  self->drag_start_x = self->center_x;
  self->drag_start_y = self->center_y;
  self->drag_modifiers = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  self->drag_edits = self->editing && !self->picking && button == GDK_BUTTON_PRIMARY &&
                     !self->space_down && self->map != NULL;
  self->drag_pans = !self->drag_edits &&
                    (button == GDK_BUTTON_PRIMARY || button == GDK_BUTTON_MIDDLE);

  if (self->drag_edits)
    {
      wb_map_view_widget_to_map (self, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_BEGIN], 0, mx, my);
    }
  else if (self->drag_pans)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                WbMapView      *self)
{
  double mx, my;

  if (self->drag_edits)
    {
      wb_map_view_widget_to_map (self, self->drag_x + offset_x, self->drag_y + offset_y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_UPDATE], 0, mx, my);
    }
  else if (self->drag_pans)
    wb_map_view_set_center (self,
                            self->drag_start_x - offset_x / self->zoom,
                            self->drag_start_y - offset_y / self->zoom);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             WbMapView      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  wb_map_view_widget_to_map (self, self->drag_x + offset_x, self->drag_y + offset_y, &mx, &my);
  if (self->drag_edits)
    g_signal_emit (self, signals[SIGNAL_EDIT_END], 0, mx, my);
  else if (self->drag_pans && button == GDK_BUTTON_PRIMARY && !self->space_down &&
           hypot (offset_x, offset_y) < 4 && self->map != NULL)
    g_signal_emit (self, signals[SIGNAL_POINT_CLICKED], 0, mx, my);

  self->drag_edits = self->drag_pans = FALSE;
  _wb_map_view_reset_cursor (self);
  /* The next frame asks for what the drag put off. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                WbMapView             *self)
{
  if (keyval != GDK_KEY_space || !self->editing)
    return FALSE;

  if (!self->space_down)
    {
      self->space_down = TRUE;
      if (!self->drag_edits && !self->drag_pans)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
    }
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 WbMapView             *self)
{
  if (keyval != GDK_KEY_space || !self->space_down)
    return;

  self->space_down = FALSE;
  if (!self->drag_pans)
    _wb_map_view_reset_cursor (self);
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               WbMapView        *self)
{
  self->pinch_start_zoom = self->zoom;
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       WbMapView      *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }

  wb_map_view_zoom_at (self, self->pinch_start_zoom * scale, x, y);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           WbMapView                *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  _wb_map_view_update_hover (self);
}

static void
on_leave (GtkEventControllerMotion *controller,
          WbMapView                *self)
{
  self->pointer_inside = FALSE;
  _wb_map_view_update_hover (self);
}

static gboolean
pan_by_key (GtkWidget *widget,
            GVariant  *args,
            gpointer   user_data)
{
  WbMapView *self = WB_MAP_VIEW (widget);
  int dx, dy;

  if (self->map == NULL)
    return FALSE;

  g_variant_get (args, "(ii)", &dx, &dy);
  wb_map_view_set_center (self,
                          self->center_x + dx * KEY_PAN_STEP / self->zoom,
                          self->center_y + dy * KEY_PAN_STEP / self->zoom);
  return TRUE;
}

void
_wb_map_view_class_input_init (WbMapViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The edit-* signals carry map points; edit-end always follows an
   * edit-begin. point-clicked: a primary click (no drag) while not editing. */
  signals[SIGNAL_EDIT_BEGIN] =
    g_signal_new ("edit-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_UPDATE] =
    g_signal_new ("edit-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_END] =
    g_signal_new ("edit-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_POINT_CLICKED] =
    g_signal_new ("point-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, pan_by_key, "(ii)", -1, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, pan_by_key, "(ii)", 1, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Up, 0, pan_by_key, "(ii)", 0, -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Down, 0, pan_by_key, "(ii)", 0, 1);
}

void
_wb_map_view_input_init (WbMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
