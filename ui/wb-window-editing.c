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
  const char *tool = wb_map_editor_get_tool (self->editor);
  gboolean brush = g_str_equal (tool, WB_TOOL_BRUSH) || g_str_equal (tool, WB_TOOL_ELEVATION);

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
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Page_Up"),
                      gtk_named_action_new ("editor.elevation-up")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Page_Down"),
                      gtk_named_action_new ("editor.elevation-down")));
  gtk_widget_add_controller (GTK_WIDGET (self->canvas_box), controller);
}

/* The Label tool: an entry in a popover pointing at the hex; Enter applies
 * the text through the editor's set-label action, Escape leaves the label
 * as it was. */
static void
label_activate (WbWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->label_entry));
  GActionGroup *actions = wb_map_editor_get_actions (self->editor);

  if (self->labelling && g_action_group_get_action_enabled (actions, "set-label"))
    g_action_group_activate_action (actions, "set-label",
                                    g_variant_new ("(iis)", self->label_hex.col,
                                                   self->label_hex.row, text));
  self->labelling = FALSE;
  gtk_popover_popdown (GTK_POPOVER (self->label_popover));
}

static void
on_label_requested (WbWindow   *self,
                    int         col,
                    int         row,
                    const char *label,
                    double      x,
                    double      y)
{
  WbMap *map = wb_map_editor_get_map (self->editor);
  g_autofree char *heading = NULL;
  char number[32];
  double wx, wy;

  if (!WB_IS_HEX_MAP (map))
    return;
  self->label_hex = (WbOffset) { col, row };
  self->labelling = TRUE;
  wb_hex_map_format_hex (WB_HEX_MAP (map), self->label_hex, number, sizeof number);
  /* Translators: heading of the Label tool's entry; %s is a hex number */
  heading = g_strdup_printf (_("Label of Hex %s"), number);
  gtk_label_set_label (GTK_LABEL (self->label_heading), heading);
  gtk_editable_set_text (GTK_EDITABLE (self->label_entry), label != NULL ? label : "");

  wb_map_view_map_to_widget (self->map_view, x, y, &wx, &wy);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->label_popover),
                               &(GdkRectangle) { (int) wx - 4, (int) wy - 4, 8, 8 });
  gtk_popover_popup (GTK_POPOVER (self->label_popover));
  gtk_widget_grab_focus (self->label_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->label_entry), 0, -1);
}

void
_wb_window_setup_annotations (WbWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *hint = gtk_label_new (_("Enter applies; an empty label removes it"));

  self->label_popover = gtk_popover_new ();
  self->label_heading = gtk_label_new (NULL);
  self->label_entry = gtk_entry_new ();
  gtk_widget_add_css_class (self->label_heading, "heading");
  gtk_widget_set_halign (self->label_heading, GTK_ALIGN_START);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_add_css_class (hint, "caption");
  gtk_widget_set_halign (hint, GTK_ALIGN_START);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->label_entry), 28);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->label_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hex Label"), -1);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), self->label_heading);
  gtk_box_append (GTK_BOX (box), self->label_entry);
  gtk_box_append (GTK_BOX (box), hint);
  gtk_popover_set_child (GTK_POPOVER (self->label_popover), box);
  gtk_popover_set_position (GTK_POPOVER (self->label_popover), GTK_POS_BOTTOM);
  gtk_widget_set_parent (self->label_popover, GTK_WIDGET (self->map_view));
  g_signal_connect_swapped (self->label_entry, "activate", G_CALLBACK (label_activate), self);
  g_signal_connect_object (self->editor, "label-requested", G_CALLBACK (on_label_requested),
                           self, G_CONNECT_SWAPPED);
}
