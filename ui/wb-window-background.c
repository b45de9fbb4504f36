/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-background-dialog.h"
#include "wb-numbering-dialog.h"
#include "wb-resize-dialog.h"
#include "wb-window-background.h"
#include "wb-window-private.h"

/* Map set-up from the window: the pick mode and the two set-up dialogs. */

struct _WbWindowSetup
{
  GtkLabel       *hint_label;
  GtkLabel       *note_label;   /* a scan that could not be read */
  guint           note_source;
  gboolean        picking;
  WbMap          *pick_map;     /* the map the pick is for */
  WbPickFunc      func;
  gpointer        user_data;
  GDestroyNotify  destroy;
  GtkWidget      *background_dialog;   /* weak */
  GtkWidget      *resize_dialog;       /* weak */
  GtkWidget      *numbering_dialog;    /* weak */
};

/* Ends the pick and calls its function (which may start another pick). */
static void
finish_pick (WbWindow *self,
             gboolean  picked,
             double    x,
             double    y)
{
  WbWindowSetup *setup = self->setup;
  WbPickFunc func = setup->func;
  gpointer user_data = setup->user_data;
  GDestroyNotify destroy = setup->destroy;

  if (!setup->picking)
    return;
  setup->picking = FALSE;
  setup->func = NULL;
  setup->user_data = NULL;
  setup->destroy = NULL;
  g_clear_object (&setup->pick_map);
  wb_map_view_set_picking (self->map_view, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (setup->hint_label), FALSE);

  if (func != NULL)
    func (self, picked, x, y, user_data);
  if (destroy != NULL)
    destroy (user_data);
}

void
wb_window_pick_point (WbWindow       *self,
                      const char     *hint,
                      WbPickFunc      func,
                      gpointer        user_data,
                      GDestroyNotify  destroy)
{
  WbMap *map;

  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (func != NULL);

  wb_window_cancel_pick (self);
  map = wb_map_view_get_map (self->map_view);
  if (map == NULL)
    {
      func (self, FALSE, 0, 0, user_data);
      if (destroy != NULL)
        destroy (user_data);
      return;
    }

  self->setup->picking = TRUE;
  self->setup->pick_map = g_object_ref (map);
  self->setup->func = func;
  self->setup->user_data = user_data;
  self->setup->destroy = destroy;
  wb_map_view_set_picking (self->map_view, TRUE);
  gtk_label_set_label (self->setup->hint_label, hint != NULL ? hint : "");
  gtk_widget_set_visible (GTK_WIDGET (self->setup->hint_label), hint != NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

void
wb_window_cancel_pick (WbWindow *self)
{
  g_return_if_fail (WB_IS_WINDOW (self));
  finish_pick (self, FALSE, 0, 0);
}

gboolean
wb_window_get_picking (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return self->setup->picking;
}

/* The view's point-clicked, before the map editor sees it. */
gboolean
_wb_window_take_pick (WbWindow *self,
                      double    x,
                      double    y)
{
  if (self->setup == NULL || !self->setup->picking)
    return FALSE;
  /* The sidebar showed another map meanwhile: the point means nothing. */
  if (wb_map_view_get_map (self->map_view) != self->setup->pick_map)
    finish_pick (self, FALSE, 0, 0);
  else
    finish_pick (self, TRUE, x, y);
  return TRUE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                WbWindow              *self)
{
  if (keyval != GDK_KEY_Escape || !self->setup->picking)
    return FALSE;
  wb_window_cancel_pick (self);
  return TRUE;
}

/* A map whose scan is missing or unreadable still shows (the path is kept
 * for saving); the status bar says why the scan does not. */

static gboolean
hide_note (gpointer data)
{
  WbWindow *self = data;

  self->setup->note_source = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->setup->note_label), FALSE);
  return G_SOURCE_REMOVE;
}

void
_wb_window_setup_map_shown (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);
  const WbMapBackground *bg = map != NULL ? wb_map_get_background (map) : NULL;
  g_autofree char *text = NULL;

  if (self->setup == NULL)
    return;
  g_clear_handle_id (&self->setup->note_source, g_source_remove);
  gtk_widget_set_visible (GTK_WIDGET (self->setup->note_label), FALSE);
  if (self->setup->picking && map != self->setup->pick_map)
    wb_window_cancel_pick (self);
  if (bg == NULL || wb_map_get_background_scan (map) != NULL)
    return;

  /* Translators: %s is the scan's path as the game file holds it */
  text = g_strdup_printf (_("The background scan “%s” is missing or is not a readable PNG"),
                          bg->image);
  gtk_label_set_label (self->setup->note_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->setup->note_label), text);
  gtk_widget_set_visible (GTK_WIDGET (self->setup->note_label), TRUE);
  self->setup->note_source = g_timeout_add_seconds (10, hide_note, self);
}

/* The dialogs. */

void
_wb_window_map_background_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbWindowSetup *setup = self->setup;
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (map == NULL)
    return;
  /* One dialog per window, for the map shown when it opened. */
  if (setup->background_dialog != NULL &&
      wb_background_dialog_get_map (WB_BACKGROUND_DIALOG (setup->background_dialog)) != map)
    gtk_window_destroy (GTK_WINDOW (setup->background_dialog));
  if (setup->background_dialog == NULL)
    {
      setup->background_dialog = GTK_WIDGET (wb_background_dialog_new (self));
      g_object_add_weak_pointer (G_OBJECT (setup->background_dialog),
                                 (gpointer *) &setup->background_dialog);
    }
  gtk_window_present (GTK_WINDOW (setup->background_dialog));
}

void
_wb_window_resize_map_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbWindowSetup *setup = self->setup;
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (!WB_IS_HEX_MAP (map))
    return;
  if (setup->resize_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (setup->resize_dialog));
  setup->resize_dialog = GTK_WIDGET (wb_resize_dialog_new (self));
  g_object_add_weak_pointer (G_OBJECT (setup->resize_dialog), (gpointer *) &setup->resize_dialog);
  gtk_window_present (GTK_WINDOW (setup->resize_dialog));
}

void
_wb_window_hex_numbering_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbWindowSetup *setup = self->setup;
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (!WB_IS_HEX_MAP (map))
    return;
  if (setup->numbering_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (setup->numbering_dialog));
  setup->numbering_dialog = GTK_WIDGET (wb_numbering_dialog_new (self));
  g_object_add_weak_pointer (G_OBJECT (setup->numbering_dialog), (gpointer *) &setup->numbering_dialog);
  gtk_window_present (GTK_WINDOW (setup->numbering_dialog));
}

GtkWidget *
wb_window_get_numbering_dialog (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->setup->numbering_dialog;
}

const char *
wb_window_get_scan_note (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->setup->note_label))
         ? gtk_label_get_label (self->setup->note_label) : NULL;
}

GtkWidget *
wb_window_get_background_dialog (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->setup->background_dialog;
}

GtkWidget *
wb_window_get_resize_dialog (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->setup->resize_dialog;
}

void
_wb_window_setup_init (WbWindow *self)
{
  GtkEventController *controller;
  GtkWidget *status_bar = gtk_widget_get_parent (GTK_WIDGET (self->editor_label));

  self->setup = g_new0 (WbWindowSetup, 1);

  /* The hint sits first in the status bar, before the editor's status. */
  self->setup->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->setup->hint_label, 0);
  gtk_label_set_ellipsize (self->setup->hint_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->setup->hint_label), "accent");
  gtk_widget_add_css_class (GTK_WIDGET (self->setup->hint_label), "heading");
  gtk_widget_set_visible (GTK_WIDGET (self->setup->hint_label), FALSE);
  gtk_box_prepend (GTK_BOX (status_bar), GTK_WIDGET (self->setup->hint_label));
  self->setup->note_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->setup->note_label, 0);
  gtk_label_set_ellipsize (self->setup->note_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->setup->note_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->setup->note_label), FALSE);
  gtk_widget_insert_after (GTK_WIDGET (self->setup->note_label), status_bar,
                           GTK_WIDGET (self->setup->hint_label));

  /* Escape cancels a pick wherever the focus is; otherwise it is left to
   * the editor (Select tool). */
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
_wb_window_setup_dispose (WbWindow *self)
{
  WbWindowSetup *setup = self->setup;

  if (setup == NULL)
    return;
  finish_pick (self, FALSE, 0, 0);
  g_clear_handle_id (&setup->note_source, g_source_remove);
  if (setup->background_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (setup->background_dialog),
                                    (gpointer *) &setup->background_dialog);
      gtk_window_destroy (GTK_WINDOW (setup->background_dialog));
      setup->background_dialog = NULL;
    }
  if (setup->resize_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (setup->resize_dialog),
                                    (gpointer *) &setup->resize_dialog);
      gtk_window_destroy (GTK_WINDOW (setup->resize_dialog));
      setup->resize_dialog = NULL;
    }
  if (setup->numbering_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (setup->numbering_dialog),
                                    (gpointer *) &setup->numbering_dialog);
      gtk_window_destroy (GTK_WINDOW (setup->numbering_dialog));
      setup->numbering_dialog = NULL;
    }
  g_clear_pointer (&self->setup, g_free);
}
