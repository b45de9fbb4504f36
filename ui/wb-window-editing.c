/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-edit.h"
#include "wb-inspector.h"
#include "wb-map-editor.h"
#include "wb-text-field.h"
#include "wb-tool-palette.h"
#include "wb-window-private.h"

/* The map editor's wiring: the view's edit signals, the editor's status,
 * undo and redo, and the tool shortcuts. */

/* The Label tool's popover and the hex it names; the Line tool's popover
 * and the line it edits (-1: none). */
struct _WbWindowTools
{
  GtkWidget            *label_popover;
  GtkWidget            *label_heading;
  GtkWidget            *label_entry;
  WbOffset              label_hex;
  gboolean              labelling;
  GtkWidget            *line_popover;
  GtkWidget            *line_entry;
  GtkWidget            *line_style_dropdown;
  int                   line_index;
};

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

  /* In play the map is played, not edited. */
  wb_map_view_set_editing (self->map_view, self->play == NULL && wb_map_editor_get_editing (self->editor));
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
  wb_map_editor_set_region_mode (self->editor, _wb_window_region_mode (self));
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
  if (_wb_window_take_pick (self, x, y) || _wb_window_scenario_take_pick (self, x, y) ||
      _wb_window_play_take_click (self, x, y))
    return;
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
  /* A moved location takes its outline along. */
  _wb_window_update_selection_outline (self);
}

/* Editing. */

void
_wb_window_undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (_wb_window_play_undo (self, FALSE))
    return;
  if (self->game != NULL && self->undo_stack != NULL)
    wb_edit_undo (self->game, self->undo_stack);
  _wb_window_update_selection_outline (self);
}

void
_wb_window_redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (_wb_window_play_undo (self, TRUE))
    return;
  if (self->game != NULL && self->undo_stack != NULL)
    wb_edit_redo (self->game, self->undo_stack);
  _wb_window_update_selection_outline (self);
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
  /* Escape first drops a line being drawn, then goes back to Select. */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Escape"),
                      gtk_named_action_new ("editor.cancel-line")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Escape"),
                      gtk_named_action_new ("editor.clear-selection")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Return|KP_Enter"),
                      gtk_named_action_new ("editor.finish-line")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("BackSpace"),
                      gtk_named_action_new ("editor.remove-line-point")));
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
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->tools->label_entry));
  GActionGroup *actions = wb_map_editor_get_actions (self->editor);

  if (self->tools->labelling && g_action_group_get_action_enabled (actions, "set-label"))
    g_action_group_activate_action (actions, "set-label",
                                    g_variant_new ("(iis)", self->tools->label_hex.col,
                                                   self->tools->label_hex.row, text));
  self->tools->labelling = FALSE;
  gtk_popover_popdown (GTK_POPOVER (self->tools->label_popover));
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
  self->tools->label_hex = (WbOffset) { col, row };
  self->tools->labelling = TRUE;
  wb_hex_map_format_hex (WB_HEX_MAP (map), self->tools->label_hex, number, sizeof number);
  /* Translators: heading of the Label tool's entry; %s is a hex number */
  heading = g_strdup_printf (_("Label of Hex %s"), number);
  gtk_label_set_label (GTK_LABEL (self->tools->label_heading), heading);
  wb_text_field_set_text (GTK_ENTRY (self->tools->label_entry), label);

  wb_map_view_map_to_widget (self->map_view, x, y, &wx, &wy);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->tools->label_popover),
                               &(GdkRectangle) { (int) wx - 4, (int) wy - 4, 8, 8 });
  gtk_popover_popup (GTK_POPOVER (self->tools->label_popover));
  gtk_widget_grab_focus (self->tools->label_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->tools->label_entry), 0, -1);
}

void
_wb_window_setup_annotations (WbWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *hint = gtk_label_new (_("Enter applies; an empty label removes it"));

  self->tools->label_popover = gtk_popover_new ();
  self->tools->label_heading = gtk_label_new (NULL);
  self->tools->label_entry = gtk_entry_new ();
  gtk_widget_add_css_class (self->tools->label_heading, "heading");
  gtk_widget_set_halign (self->tools->label_heading, GTK_ALIGN_START);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_add_css_class (hint, "caption");
  gtk_widget_set_halign (hint, GTK_ALIGN_START);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->tools->label_entry), 28);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->tools->label_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hex Label"), -1);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), self->tools->label_heading);
  gtk_box_append (GTK_BOX (box), self->tools->label_entry);
  gtk_box_append (GTK_BOX (box), hint);
  gtk_popover_set_child (GTK_POPOVER (self->tools->label_popover), box);
  gtk_popover_set_position (GTK_POPOVER (self->tools->label_popover), GTK_POS_BOTTOM);
  gtk_widget_set_parent (self->tools->label_popover, GTK_WIDGET (self->map_view));
  g_signal_connect_swapped (self->tools->label_entry, "activate", G_CALLBACK (label_activate), self);
  wb_text_field_guard_in_form (GTK_ENTRY (self->tools->label_entry), GTK_POPOVER (self->tools->label_popover));
  g_signal_connect_object (self->editor, "label-requested", G_CALLBACK (on_label_requested),
                           self, G_CONNECT_SWAPPED);
}

/* The Line tool: the line being drawn over the map, and a popover to name,
 * restyle or delete a line it clicked. */
static void
on_sketch_changed (WbWindow *self)
{
  guint n;
  const WbMapPoint *points = wb_map_editor_get_sketch (self->editor, &n);

  wb_map_view_set_sketch (self->map_view, points, n);
}

static const char *
line_style_label (const char *style)
{
  if (g_str_equal (style, "river"))
    return _("River");
  if (g_str_equal (style, "ridge"))
    return _("Ridge");
  if (g_str_equal (style, "boundary"))
    return _("Boundary");
  if (g_str_equal (style, "vp-line"))
    return _("VP Line");
  return _("Line");
}

static void
line_apply (WbWindow *self)
{
  GActionGroup *actions = wb_map_editor_get_actions (self->editor);
  const char * const *styles = wb_map_line_styles ();
  guint style = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->tools->line_style_dropdown));

  if (self->tools->line_index >= 0 && style < g_strv_length ((char **) styles))
    g_action_group_activate_action (actions, "edit-line",
                                    g_variant_new ("(uss)", (guint) self->tools->line_index,
                                                   gtk_editable_get_text (GTK_EDITABLE (self->tools->line_entry)),
                                                   styles[style]));
  self->tools->line_index = -1;
  gtk_popover_popdown (GTK_POPOVER (self->tools->line_popover));
}

static void
line_delete (WbWindow *self)
{
  if (self->tools->line_index >= 0)
    g_action_group_activate_action (wb_map_editor_get_actions (self->editor), "delete-line",
                                    g_variant_new_uint32 ((guint) self->tools->line_index));
  self->tools->line_index = -1;
  gtk_popover_popdown (GTK_POPOVER (self->tools->line_popover));
}

static void
on_line_requested (WbWindow   *self,
                   guint       index,
                   const char *name,
                   const char *style,
                   double      x,
                   double      y)
{
  const char * const *styles = wb_map_line_styles ();
  double wx, wy;

  self->tools->line_index = (int) index;
  wb_text_field_set_text (GTK_ENTRY (self->tools->line_entry), name);
  for (guint i = 0; styles[i] != NULL; i++)
    if (g_str_equal (styles[i], style))
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->tools->line_style_dropdown), i);
  wb_map_view_map_to_widget (self->map_view, x, y, &wx, &wy);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->tools->line_popover),
                               &(GdkRectangle) { (int) wx - 4, (int) wy - 4, 8, 8 });
  gtk_popover_popup (GTK_POPOVER (self->tools->line_popover));
  gtk_widget_grab_focus (self->tools->line_entry);
}

void
_wb_window_setup_lines (WbWindow *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *heading = gtk_label_new (_("Map Line"));
  GtkWidget *name_label = gtk_label_new_with_mnemonic (_("_Name"));
  GtkWidget *style_label = gtk_label_new_with_mnemonic (_("_Style"));
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *delete = gtk_button_new_with_mnemonic (_("_Delete"));
  GtkWidget *apply = gtk_button_new_with_mnemonic (_("_Apply"));
  GtkStringList *names = gtk_string_list_new (NULL);
  const char * const *styles = wb_map_line_styles ();

  for (guint i = 0; styles[i] != NULL; i++)
    gtk_string_list_append (names, line_style_label (styles[i]));

  self->tools->line_index = -1;
  self->tools->line_popover = gtk_popover_new ();
  self->tools->line_entry = gtk_entry_new ();
  self->tools->line_style_dropdown = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->tools->line_entry), 24);
  gtk_label_set_mnemonic_widget (GTK_LABEL (name_label), self->tools->line_entry);
  gtk_label_set_mnemonic_widget (GTK_LABEL (style_label), self->tools->line_style_dropdown);
  gtk_label_set_xalign (GTK_LABEL (name_label), 1);
  gtk_label_set_xalign (GTK_LABEL (style_label), 1);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_halign (heading, GTK_ALIGN_START);
  gtk_widget_add_css_class (delete, "destructive-action");
  gtk_widget_add_css_class (apply, "suggested-action");
  gtk_widget_set_hexpand (delete, TRUE);
  gtk_widget_set_halign (delete, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (buttons), delete);
  gtk_box_append (GTK_BOX (buttons), apply);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_grid_attach (GTK_GRID (grid), heading, 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), name_label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->tools->line_entry, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), style_label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->tools->line_style_dropdown, 1, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), buttons, 0, 3, 2, 1);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  gtk_popover_set_child (GTK_POPOVER (self->tools->line_popover), grid);
  gtk_popover_set_position (GTK_POPOVER (self->tools->line_popover), GTK_POS_BOTTOM);
  gtk_widget_set_parent (self->tools->line_popover, GTK_WIDGET (self->map_view));

  g_signal_connect_swapped (self->tools->line_entry, "activate", G_CALLBACK (line_apply), self);
  wb_text_field_guard_in_form (GTK_ENTRY (self->tools->line_entry), GTK_POPOVER (self->tools->line_popover));
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (line_apply), self);
  g_signal_connect_swapped (delete, "clicked", G_CALLBACK (line_delete), self);
  g_signal_connect_object (self->editor, "sketch-changed", G_CALLBACK (on_sketch_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "line-requested", G_CALLBACK (on_line_requested),
                           self, G_CONNECT_SWAPPED);
}

/* The inspector. */

/* The selection's outline on the canvas, from the editor's selection. */
void
_wb_window_update_selection_outline (WbWindow *self)
{
  const WbSelection *s = wb_map_editor_get_selection (self->editor);
  WbMap *map = wb_map_editor_get_map (self->editor);
  double points[2 * WB_HEX_DIRECTIONS];

  switch (s->kind)
    {
    case WB_SELECTION_HEX:
    case WB_SELECTION_HEXSIDE:
      {
        WbHexLayout layout = wb_hex_map_get_layout (WB_HEX_MAP (map));
        double size = wb_hex_map_get_hex_size (WB_HEX_MAP (map));
        double cx, cy;

        wb_hex_center (layout, size, s->hex, &cx, &cy);
        for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
          {
            wb_hex_corner_offset (layout, size, i, &points[2 * i], &points[2 * i + 1]);
            points[2 * i] += cx;
            points[2 * i + 1] += cy;
          }
        if (s->kind == WB_SELECTION_HEX)
          wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_POLYGON, points,
                                             WB_HEX_DIRECTIONS, 0);
        else
          {
            /* The edge towards neighbour @dir: of the corners, the two
             * nearest the neighbour's centre. */
            WbOffset n = wb_hex_neighbour (layout, s->hex, s->dir);
            double nx, ny, seg[4];
            int best = 0, second = 1;
            double d[WB_HEX_DIRECTIONS];

            wb_hex_center (layout, size, n, &nx, &ny);
            for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
              d[i] = hypot (points[2 * i] - nx, points[2 * i + 1] - ny);
            for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
              if (d[i] < d[best])
                best = i;
            second = best == 0 ? 1 : 0;
            for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
              if (i != best && d[i] < d[second])
                second = i;
            seg[0] = points[2 * best];
            seg[1] = points[2 * best + 1];
            seg[2] = points[2 * second];
            seg[3] = points[2 * second + 1];
            wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_SEGMENT, seg, 2, 0);
          }
        break;
      }
    case WB_SELECTION_LOCATION:
      {
        WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (map), s->location);
        double at[2] = { loc->x, loc->y };

        wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_CIRCLE, at, 1,
                                           loc->major ? 16 : 12);
        break;
      }
    case WB_SELECTION_CONNECTION:
      {
        WbLocation *a = wb_point_map_find_location (WB_POINT_MAP (map), s->a);
        WbLocation *b = wb_point_map_find_location (WB_POINT_MAP (map), s->b);
        double seg[4] = { a->x, a->y, b->x, b->y };

        wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_SEGMENT, seg, 2, 0);
        break;
      }
    case WB_SELECTION_NONE:
    default:
      wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_NONE, NULL, 0, 0);
      break;
    }
}

/* The inspector has something to show while a map is edited; whether it
 * is shown is the inspector flap's (win.show-inspector, Ctrl+I, the header
 * bar's toggle; wb-window-layout.c). */
void
_wb_window_update_inspector_visible (WbWindow *self)
{
  gboolean has_map = wb_map_editor_get_map (self->editor) != NULL;

  gtk_widget_set_visible (self->inspector_button, has_map);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->inspector_revealer), has_map);
}

/* The rename popover points at the location on the canvas. */
static GtkWidget *
anchor_on_canvas (double        x,
                  double        y,
                  GdkRectangle *rect,
                  gpointer      data)
{
  WbWindow *self = data;
  double wx, wy;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self->map_view)))
    return NULL;
  wb_map_view_map_to_widget (self->map_view, x, y, &wx, &wy);
  *rect = (GdkRectangle) { (int) wx - 6, (int) wy - 6, 12, 12 };
  return GTK_WIDGET (self->map_view);
}

static void
on_view_zoom (WbWindow *self)
{
  wb_map_editor_set_view_zoom (self->editor, wb_map_view_get_zoom (self->map_view));
}

void
_wb_window_add_inspector (WbWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  self->inspector = wb_inspector_new (self->editor);
  gtk_widget_set_size_request (self->inspector, 300, -1);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (box), self->inspector);

  gtk_widget_add_css_class (box, "background");
  gtk_revealer_set_child (GTK_REVEALER (self->inspector_revealer), box);

  g_signal_connect_object (self->editor, "selection-changed",
                           G_CALLBACK (_wb_window_update_selection_outline), self,
                           G_CONNECT_SWAPPED);
  wb_tool_palette_set_anchor_func (WB_TOOL_PALETTE (self->palette), anchor_on_canvas, self);
  g_signal_connect_object (self->map_view, "notify::zoom", G_CALLBACK (on_view_zoom), self,
                           G_CONNECT_SWAPPED);
  on_view_zoom (self);
  _wb_window_update_inspector_visible (self);
}

GtkWidget *
wb_window_get_inspector (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->inspector;
}

void
_wb_window_tools_init (WbWindow *self)
{
  self->tools = g_new0 (WbWindowTools, 1);
  self->tools->line_index = -1;
}

/* The popovers hang on the map view: let go before the view goes. */
void
_wb_window_tools_dispose (WbWindow *self)
{
  if (self->tools == NULL)
    return;
  g_clear_pointer (&self->tools->label_popover, gtk_widget_unparent);
  g_clear_pointer (&self->tools->line_popover, gtk_widget_unparent);
}

void
_wb_window_tools_finalize (WbWindow *self)
{
  g_clear_pointer (&self->tools, g_free);
}
