/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-window-private.h"

/* Go to Hex or Place (Ctrl+G): the designer types "0516", "Saunders
 * Field" or "Harpers Ferry" in a popover over the map, and the map shows
 * it at its centre (at a zoom where it reads) — in editing and in play
 * alike. A name the map does not have is said in the popover. */

/* Below this zoom a place gone to is brought up to it. */
#define GOTO_MIN_ZOOM 0.75

static void
on_goto_activate (GtkEntry *entry,
                  WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  double x, y;

  if (map == NULL || !wb_map_find_place (map, text, &x, &y))
    {
      g_autofree char *message = g_strdup_printf (_("No hex or place “%s” on this map"), g_strstrip (g_strdup (text)));

      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), message);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (entry), NULL);
  if (wb_map_view_get_zoom (self->map_view) < GOTO_MIN_ZOOM)
    wb_map_view_set_zoom (self->map_view, 1.0);
  wb_map_view_set_center (self->map_view, x, y);
  gtk_popover_popdown (GTK_POPOVER (self->goto_popover));
}

static void
go_to_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkWidget *entry;
  int width;

  if (wb_map_view_get_map (self->map_view) == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self->map_view)))
    return;
  if (self->goto_popover == NULL)
    {
      self->goto_popover = gtk_popover_new ();
      gtk_widget_set_name (self->goto_popover, "go-to");
      entry = gtk_entry_new ();
      gtk_widget_set_name (entry, "go-to-entry");
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Hex number or place name"));
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 26);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Go to hex or place"), -1);
      g_signal_connect (entry, "activate", G_CALLBACK (on_goto_activate), self);
      gtk_popover_set_child (GTK_POPOVER (self->goto_popover), entry);
      gtk_popover_set_position (GTK_POPOVER (self->goto_popover), GTK_POS_BOTTOM);
      /* On the map view, which presents its popovers and lets them go. */
      gtk_widget_set_parent (self->goto_popover, GTK_WIDGET (self->map_view));
    }
  entry = gtk_popover_get_child (GTK_POPOVER (self->goto_popover));
  width = gtk_widget_get_width (GTK_WIDGET (self->map_view));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->goto_popover), &(GdkRectangle) { width / 2, 0, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->goto_popover));
  gtk_widget_grab_focus (entry);
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
}

void
_wb_window_goto_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.go-to", NULL, go_to_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK, "win.go-to", NULL);
}
