/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-edit.h"
#include "wb-map-editor.h"
#include "wb-tool-palette.h"
#include "wb-window-private.h"

/* The map editor's wiring: the view's edit signals, the editor's status,
 * undo and redo, and the tool shortcuts. */

void
_wb_window_update_editor_status (WbWindow *self)
{
  const char *status = wb_map_editor_get_status (self->editor);

  gtk_label_set_label (self->editor_label, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->editor_label), status != NULL);
}

/* The map editor's tools take the primary button's drags from the view. */
void
_wb_window_on_editing_changed (WbWindow *self)
{
  gboolean brush = g_str_equal (wb_map_editor_get_tool (self->editor), WB_TOOL_BRUSH);

  wb_map_view_set_editing (self->map_view, wb_map_editor_get_editing (self->editor));
  wb_map_view_set_hover_radius (self->map_view,
                                brush ? wb_map_editor_get_brush_radius (self->editor) : 0);
}

/* Connect shows the connection being dragged out. */
static void
update_rubber_band (WbWindow *self,
                    double    x,
                    double    y)
{
  double sx = 0, sy = 0;
  gboolean show = wb_map_editor_get_connect_source (self->editor, &sx, &sy);

  wb_map_view_set_rubber_band (self->map_view, show, sx, sy, x, y);
}

void
_wb_window_on_edit_begin (WbWindow *self,
               double    x,
               double    y)
{
  wb_map_editor_begin (self->editor, x, y);
  update_rubber_band (self, x, y);
}

void
_wb_window_on_edit_update (WbWindow *self,
                double    x,
                double    y)
{
  wb_map_editor_update (self->editor, x, y);
  update_rubber_band (self, x, y);
}

void
_wb_window_on_edit_end (WbWindow *self,
             double    x,
             double    y)
{
  wb_map_editor_end (self->editor, x, y);
  update_rubber_band (self, x, y);
}

void
_wb_window_on_point_clicked (WbWindow *self,
                  double    x,
                  double    y)
{
  wb_map_editor_click (self->editor, x, y);
}

/* An editor's edit, bracketed so the view shows it in the next frame. */
void
_wb_window_on_before_edit (WbWindow *self)
{
  wb_map_view_begin_edit (self->map_view);
}

void
_wb_window_on_area_changed (WbWindow *self,
                 double    x,
                 double    y,
                 double    width,
                 double    height)
{
  wb_map_view_end_edit (self->map_view, x, y, width, height);
}

/* Editing. */

void
_wb_window_undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game != NULL && self->undo_stack != NULL)
    wb_edit_undo (self->game, self->undo_stack);
}

void
_wb_window_redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game != NULL && self->undo_stack != NULL)
    wb_edit_redo (self->game, self->undo_stack);
}

void
_wb_window_add_tool_shortcuts (WbWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  const WbToolInfo *tools;
  guint n_tools;

  tools = wb_map_editor_get_tools (&n_tools);
  for (guint i = 0; i < n_tools; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new_with_arguments (gtk_shortcut_trigger_parse_string (tools[i].accel),
                                       gtk_named_action_new ("editor.tool"),
                                       "s", tools[i].id));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new_with_arguments (gtk_shortcut_trigger_parse_string ("Escape"),
                                     gtk_named_action_new ("editor.tool"), "s", WB_TOOL_SELECT));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("bracketright"),
                      gtk_named_action_new ("editor.brush-grow")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("bracketleft"),
                      gtk_named_action_new ("editor.brush-shrink")));
  gtk_widget_add_controller (GTK_WIDGET (self->canvas_box), controller);
}
