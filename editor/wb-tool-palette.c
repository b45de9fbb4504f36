/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-tool-palette"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-mark-dialog.h"
#include "wb-text-field.h"
#include "wb-tool-palette.h"
#include "wb-edit.h"

/* The map editor's tools, as a column of flat toggle buttons beside the
 * canvas (the way GNOME's drawing apps do it). Everything acts through the
 * editor's actions, so the buttons, the keyboard shortcuts and the tests
 * share one path; the palette only rebuilds its lists when the map or the
 * game changes. The widgets are wb-tool-palette.ui's; this file adds a
 * toggle per tool and fills the popovers' lists from the game and the map. */

struct _WbToolPalette
{
  GtkWidget    parent_instance;

  WbMapEditor *editor;
  GHashTable  *buttons;          /* tool id → GtkToggleButton */

  /* Template children. */
  GtkWidget   *scroller;         /* the palette scrolls on short screens */
  GtkWidget   *box;
  GtkWidget   *tools_end;        /* the tools' toggles go before it */
  GtkWidget   *terrain_button;
  GtkWidget   *terrain_swatch;
  GtkWidget   *terrain_rows;
  GtkWidget   *elevation_levels;
  GtkWidget   *feature_button;
  GtkWidget   *hexside_section, *hexside_none, *hexside_rows;
  GtkWidget   *road_section, *road_none, *road_rows;
  GtkWidget   *connection_section, *connection_none, *connection_rows;
  GtkWidget   *hex_feature_section, *hex_feature_rows;
  GtkWidget   *line_styles;
  GtkWidget   *line_side_rows;
  GtkWidget   *mark_button;
  GtkWidget   *mark_none;
  GtkWidget   *mark_rows;
  GtkWidget   *edit_mark_button;
  GtkWidget   *delete_mark_button;
  char        *listed_marks;     /* what the mark list shows, to skip rebuilds */
  WbMap       *watched_map;
  gulong       map_changed_id;
  WbGame      *listed_game;     /* a reference: its legend is followed */
  GtkWidget   *rename_popover;
  WbPaletteAnchorFunc anchor_func;
  gpointer     anchor_data;
  GtkWidget   *rename_entry;
  char        *renaming;         /* location id */
};

G_DEFINE_FINAL_TYPE (WbToolPalette, wb_tool_palette, GTK_TYPE_WIDGET)

/* wb-tool-palette.ui has a Brush Size toggle per radius. */
G_STATIC_ASSERT (WB_MAP_EDITOR_MAX_RADIUS == 2);

enum {
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A small square of a terrain's colour, as in a map legend. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const char *color = g_object_get_data (G_OBJECT (area), "color");
  GdkRGBA rgba;

  if (color == NULL || !gdk_rgba_parse (&rgba, color))
    return;

  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static GtkWidget *
swatch_new (const char *color,
            int         size)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (area), "color", g_strdup (color), g_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, NULL, NULL);
  return area;
}

/* A radio item for a stateful string action. */
static GtkWidget *
radio_new (const char *action,
           const char *target,
           GtkWidget  *child)
{
  GtkWidget *check = gtk_check_button_new ();

  gtk_actionable_set_action_name (GTK_ACTIONABLE (check), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (check), "s", target);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), child);
  return check;
}

static void
update_terrain_swatch (WbToolPalette *self)
{
  WbGame *game = wb_map_editor_get_game (self->editor);
  const char *id = wb_map_editor_get_terrain (self->editor);
  WbTerrainType *t = game != NULL && id != NULL ? wb_game_find_terrain (game, id) : NULL;
  g_autofree char *tooltip = NULL;

  g_object_set_data_full (G_OBJECT (self->terrain_swatch), "color",
                          g_strdup (t != NULL ? t->color : NULL), g_free);
  gtk_widget_queue_draw (self->terrain_swatch);

  /* Translators: tooltip of the terrain button; %s is a terrain name */
  tooltip = g_strdup_printf (_("Terrain: %s"), t != NULL && t->name != NULL ? t->name : id != NULL ? id : "—");
  gtk_widget_set_tooltip_text (self->terrain_button, tooltip);
}

/* Takes @box's rows out. */
static void
clear_rows (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static void
fill_terrain_popover (WbToolPalette *self,
                      WbGame        *game)
{
  GPtrArray *terrain;

  clear_rows (self->terrain_rows);
  terrain = game != NULL ? wb_game_get_terrain (game) : NULL;
  for (guint i = 0; terrain != NULL && i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *name = gtk_label_new (t->name != NULL ? t->name : t->id);
      GtkWidget *radio;

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_box_append (GTK_BOX (row), swatch_new (t->color, 18));
      gtk_box_append (GTK_BOX (row), name);
      radio = radio_new ("editor.terrain", t->id, row);
      gtk_accessible_update_property (GTK_ACCESSIBLE (radio), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      t->name != NULL ? t->name : t->id, -1);
      gtk_box_append (GTK_BOX (self->terrain_rows), radio);
    }
  gtk_widget_set_visible (self->terrain_rows, terrain != NULL && terrain->len > 0);
}

/* Map marks: the one the Mark tool edits, and adding, editing and
 * deleting them. */
static void
new_mark_clicked (WbToolPalette *self)
{
  GtkWidget *dialog;

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->mark_button));
  dialog = wb_mark_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                               self->editor, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_mark_clicked (WbToolPalette *self)
{
  const char *id = wb_map_editor_get_mark (self->editor);
  GtkWidget *dialog;

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->mark_button));
  if (id == NULL)
    return;
  dialog = wb_mark_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                               self->editor, id);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
fill_mark_popover (WbToolPalette *self)
{
  WbMap *map = wb_map_editor_get_map (self->editor);
  GPtrArray *marks = WB_IS_HEX_MAP (map) ? wb_hex_map_get_marks (WB_HEX_MAP (map)) : NULL;
  g_autoptr(GString) listed = g_string_new (NULL);

  for (guint i = 0; marks != NULL && i < marks->len; i++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, i);

      g_string_append_printf (listed, "%s\x1f%s\x1f%s\x1f%u\x1e", mark->id,
                              mark->name != NULL ? mark->name : "", mark->kind,
                              mark->hexes->len);
    }
  if (self->listed_marks != NULL && g_str_equal (listed->str, self->listed_marks))
    return;
  g_free (self->listed_marks);
  self->listed_marks = g_strdup (listed->str);

  clear_rows (self->mark_rows);
  gtk_widget_set_visible (self->mark_none, marks == NULL || marks->len == 0);
  gtk_widget_set_visible (self->mark_rows, marks != NULL && marks->len > 0);
  for (guint i = 0; marks != NULL && i < marks->len; i++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, i);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *name = gtk_label_new (mark->name != NULL ? mark->name : mark->id);
      g_autofree char *about = NULL;
      GtkWidget *detail;
      GtkWidget *radio;

      /* Translators: a mark's kind and size, "Objective · 2 hexes" */
      about = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u hex", "%s · %u hexes",
                                            mark->hexes->len),
                               wb_map_mark_kind_name (mark->kind), mark->hexes->len);
      if (mark->vp != 0)
        {
          char *with_vp = g_strdup_printf (_("%s · %d VP"), about, mark->vp);

          g_free (about);
          about = with_vp;
        }
      detail = gtk_label_new (about);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (detail), 0);
      gtk_widget_add_css_class (detail, "dim-label");
      gtk_widget_add_css_class (detail, "caption");
      gtk_box_append (GTK_BOX (row), name);
      gtk_box_append (GTK_BOX (row), detail);
      radio = radio_new ("editor.mark", mark->id, row);
      gtk_accessible_update_property (GTK_ACCESSIBLE (radio), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      mark->name != NULL ? mark->name : mark->id, -1);
      gtk_box_append (GTK_BOX (self->mark_rows), radio);
    }

  /* Edit and Delete act on the current mark. */
  gtk_widget_set_sensitive (self->edit_mark_button, wb_map_editor_get_mark (self->editor) != NULL);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->delete_mark_button), "s",
                                    wb_map_editor_get_mark (self->editor) != NULL ?
                                    wb_map_editor_get_mark (self->editor) : "");
}

static void
on_mark_changed (WbToolPalette *self)
{
  /* The Edit and Delete buttons follow the current mark. */
  g_clear_pointer (&self->listed_marks, g_free);
  fill_mark_popover (self);
}

static void
watch_map (WbToolPalette *self,
           WbMap         *map)
{
  if (map == self->watched_map)
    return;
  if (self->watched_map != NULL)
    {
      g_clear_signal_handler (&self->map_changed_id, self->watched_map);
      g_clear_object (&self->watched_map);
    }
  if (map != NULL)
    {
      self->watched_map = g_object_ref (map);
      self->map_changed_id = g_signal_connect_swapped (map, "changed",
                                                       G_CALLBACK (fill_mark_popover), self);
    }
}

/* Hex maps: hexside features and roads; point-to-point maps: connection
 * classes. */
static void
fill_feature_popover (WbToolPalette *self,
                      gboolean       hex)
{
  g_autoptr(GPtrArray) sides = wb_map_editor_list_hexside_features (self->editor);
  g_autoptr(GPtrArray) roads = wb_map_editor_list_road_features (self->editor);
  g_autoptr(GPtrArray) classes = wb_map_editor_list_connection_classes (self->editor);
  const char *actions[] = { "editor.hexside-feature", "editor.road-feature",
                            "editor.connection-class" };
  GPtrArray *lists[] = { sides, roads, classes };
  GtkWidget *sections[] = { self->hexside_section, self->road_section, self->connection_section };
  GtkWidget *nones[] = { self->hexside_none, self->road_none, self->connection_none };
  GtkWidget *boxes[] = { self->hexside_rows, self->road_rows, self->connection_rows };
  WbGame *game = wb_map_editor_get_game (self->editor);

  for (int pass = 0; pass < 3; pass++)
    {
      GPtrArray *list = lists[pass];
      gboolean shown = hex ? pass < 2 : pass == 2;

      clear_rows (boxes[pass]);
      gtk_widget_set_visible (sections[pass], shown);
      if (!shown)
        continue;
      gtk_widget_set_visible (nones[pass], list->len == 0);
      gtk_widget_set_visible (boxes[pass], list->len > 0);
      for (guint i = 0; i < list->len; i++)
        {
          WbFeatureType *f = g_ptr_array_index (list, i);
          GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
          GtkWidget *name = gtk_label_new (f->name != NULL ? f->name : f->id);
          GtkWidget *radio;

          gtk_label_set_xalign (GTK_LABEL (name), 0);
          gtk_box_append (GTK_BOX (row), swatch_new (f->color, 14));
          gtk_box_append (GTK_BOX (row), name);
          radio = radio_new (actions[pass], f->id, row);
          gtk_accessible_update_property (GTK_ACCESSIBLE (radio), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          f->name != NULL ? f->name : f->id, -1);
          gtk_box_append (GTK_BOX (boxes[pass]), radio);
        }
    }

  /* The Hex Feature tool's feature. */
  clear_rows (self->hex_feature_rows);
  gtk_widget_set_visible (self->hex_feature_section, hex);
  if (hex)
    {
      GPtrArray *features = game != NULL ? wb_game_get_features (game) : NULL;
      guint n = 0;

      for (guint i = 0; features != NULL && i < features->len; i++)
        {
          WbFeatureType *f = g_ptr_array_index (features, i);
          GtkWidget *row, *name;

          if (f->where != WB_FEATURE_HEX)
            continue;
          row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
          name = gtk_label_new (f->name != NULL ? f->name : f->id);
          gtk_label_set_xalign (GTK_LABEL (name), 0);
          gtk_box_append (GTK_BOX (row), swatch_new (f->color, 14));
          gtk_box_append (GTK_BOX (row), name);
          gtk_box_append (GTK_BOX (self->hex_feature_rows), radio_new ("editor.hex-feature", f->id, row));
          n++;
        }
      gtk_widget_set_visible (self->hex_feature_rows, n > 0);
    }

  /* The side a VP line belongs to. */
  {
    GPtrArray *game_sides = game != NULL ? wb_game_get_sides (game) : NULL;

    clear_rows (self->line_side_rows);
    for (guint i = 0; game_sides != NULL && i < game_sides->len; i++)
      {
        WbSide *side = g_ptr_array_index (game_sides, i);
        GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
        GtkWidget *label = gtk_label_new (side->name != NULL ? side->name : side->id);

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_box_append (GTK_BOX (row), swatch_new (side->color, 14));
        gtk_box_append (GTK_BOX (row), label);
        gtk_box_append (GTK_BOX (self->line_side_rows), radio_new ("editor.line-side", side->id, row));
      }
    gtk_widget_set_visible (self->line_side_rows, game_sides != NULL && game_sides->len > 0);
  }
}

/* The legend editor changed a terrain or feature type: the popovers list
 * them anew. */
static void
on_legend_changed (WbToolPalette *self,
                   const char    *what)
{
  WbMap *map = wb_map_editor_get_map (self->editor);

  if (g_strcmp0 (what, "terrain") == 0)
    fill_terrain_popover (self, self->listed_game);
  else if (g_strcmp0 (what, "features") == 0 && map != NULL)
    fill_feature_popover (self, WB_IS_HEX_MAP (map));
  else
    return;
  update_terrain_swatch (self);
}

/* Shows the tools the map can use and, when the game changed, its terrain
 * and features. */
static void
on_map_changed (WbToolPalette *self)
{
  WbMap *map = wb_map_editor_get_map (self->editor);
  WbGame *game = wb_map_editor_get_game (self->editor);
  const WbToolInfo *tools;
  guint n_tools;
  gboolean hex = WB_IS_HEX_MAP (map);

  tools = wb_map_editor_get_tools (&n_tools);
  for (guint i = 0; i < n_tools; i++)
    {
      GtkWidget *button = g_hash_table_lookup (self->buttons, tools[i].id);

      gtk_widget_set_visible (button, map != NULL && (hex ? tools[i].hex_map : tools[i].point_map));
    }
  gtk_widget_set_visible (self->terrain_button, hex);
  gtk_widget_set_visible (self->mark_button, hex);
  watch_map (self, map);
  g_clear_pointer (&self->listed_marks, g_free);
  fill_mark_popover (self);
  gtk_widget_set_visible (self->feature_button, map != NULL);
  gtk_widget_set_tooltip_text (self->feature_button,
                               hex ? _("Hexside and Road Features") : _("Connection Class"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feature_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  hex ? _("Hexside and Road Features") : _("Connection Class"),
                                  -1);

  if (game != self->listed_game)
    {
      if (self->listed_game != NULL)
        g_signal_handlers_disconnect_by_func (self->listed_game, on_legend_changed, self);
      g_set_object (&self->listed_game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_legend_changed), self,
                                 G_CONNECT_SWAPPED);
      fill_terrain_popover (self, game);
    }
  if (map != NULL)
    fill_feature_popover (self, hex);
  update_terrain_swatch (self);
}

static GtkWidget *
tool_button_new (const WbToolInfo *tool)
{
  GtkWidget *button = gtk_toggle_button_new ();
  guint key;
  GdkModifierType mods;
  g_autofree char *accel = NULL;
  g_autofree char *tooltip = NULL;

  gtk_button_set_icon_name (GTK_BUTTON (button), tool->icon_name);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tool->id);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_focus_on_click (button, FALSE);

  gtk_accelerator_parse (tool->accel, &key, &mods);
  accel = gtk_accelerator_get_label (key, mods);
  tooltip = g_strdup_printf ("%s (%s)\n<small>%s</small>", tool->name, accel, tool->description);
  gtk_widget_set_tooltip_markup (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tool->name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tool->description,
                                  GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, tool->accel,
                                  -1);
  return button;
}

/* Renaming a location: a popover beside the palette with the name in an
 * entry; Enter applies it through the editor's rename-location action,
 * Escape (or a click elsewhere) leaves the name as it is. A refused name
 * (an empty one) is marked and the popover stays. */
static void
rename_activate (WbToolPalette *self)
{
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)));
  GActionGroup *actions = wb_map_editor_get_actions (self->editor);
  WbMap *map = wb_map_editor_get_map (self->editor);

  if (self->renaming != NULL && g_action_group_get_action_enabled (actions, "rename-location"))
    {
      WbLocation *loc;

      g_action_group_activate_action (actions, "rename-location",
                                      g_variant_new ("(ss)", self->renaming, name));
      loc = WB_IS_POINT_MAP (map) ? wb_point_map_find_location (WB_POINT_MAP (map), self->renaming) : NULL;
      if (loc != NULL && g_strcmp0 (loc->name != NULL ? loc->name : loc->id, name) != 0)
        {
          const char *why = wb_map_editor_get_status (self->editor);

          wb_text_field_refuse (GTK_ENTRY (self->rename_entry),
                                why != NULL && *why != '\0' ? why : _("The name was refused"));
          return;
        }
    }
  g_clear_pointer (&self->renaming, g_free);
  gtk_popover_popdown (GTK_POPOVER (self->rename_popover));
}

static void
on_rename_requested (WbToolPalette *self,
                     const char    *id,
                     double         x,
                     double         y)
{
  WbMap *map = wb_map_editor_get_map (self->editor);
  WbLocation *loc;
  GtkWidget *anchor, *canvas;
  graphene_rect_t bounds;
  GdkRectangle rect = { 0, 0, 1, 1 };
  double px, py;

  if (!WB_IS_POINT_MAP (map) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  loc = wb_point_map_find_location (WB_POINT_MAP (map), id);
  if (loc == NULL)
    return;

  g_free (self->renaming);
  self->renaming = g_strdup (id);
  wb_text_field_set_text (GTK_ENTRY (self->rename_entry), loc->name != NULL ? loc->name : id);

  /* Point at the location on the canvas, or else at the tool that asked. */
  canvas = self->anchor_func != NULL ? self->anchor_func (x, y, &rect, self->anchor_data) : NULL;
  if (canvas != NULL &&
      gtk_widget_translate_coordinates (canvas, GTK_WIDGET (self), rect.x, rect.y, &px, &py))
    {
      rect.x = (int) px;
      rect.y = (int) py;
      gtk_popover_set_position (GTK_POPOVER (self->rename_popover), GTK_POS_BOTTOM);
    }
  else
    {
      anchor = g_hash_table_lookup (self->buttons, wb_map_editor_get_tool (self->editor));
      rect = (GdkRectangle) { 0, 0, 1, 1 };
      if (anchor != NULL && gtk_widget_compute_bounds (anchor, GTK_WIDGET (self), &bounds))
        rect = (GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                MAX (1, (int) bounds.size.width), MAX (1, (int) bounds.size.height) };
      gtk_popover_set_position (GTK_POPOVER (self->rename_popover), GTK_POS_RIGHT);
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->rename_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->rename_popover));
  gtk_widget_grab_focus (self->rename_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->rename_entry), 0, -1);
}

static void
wb_tool_palette_constructed (GObject *object)
{
  WbToolPalette *self = WB_TOOL_PALETTE (object);
  const WbToolInfo *tools;
  guint n_tools;

  G_OBJECT_CLASS (wb_tool_palette_parent_class)->constructed (object);

  g_assert (self->editor != NULL);

  tools = wb_map_editor_get_tools (&n_tools);
  for (guint i = 0; i < n_tools; i++)
    {
      GtkWidget *button = tool_button_new (&tools[i]);

      g_hash_table_insert (self->buttons, (gpointer) tools[i].id, button);
      gtk_box_insert_child_after (GTK_BOX (self->box), button, gtk_widget_get_prev_sibling (self->tools_end));
    }

  g_signal_connect_object (wb_map_editor_get_actions (self->editor), "action-state-changed::mark",
                           G_CALLBACK (on_mark_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::map", G_CALLBACK (on_map_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::terrain", G_CALLBACK (update_terrain_swatch),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "rename-requested", G_CALLBACK (on_rename_requested),
                           self, G_CONNECT_SWAPPED);
  on_map_changed (self);
}

static void
wb_tool_palette_dispose (GObject *object)
{
  WbToolPalette *self = WB_TOOL_PALETTE (object);

  watch_map (self, NULL);
  g_clear_pointer (&self->listed_marks, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_TOOL_PALETTE);
  g_clear_pointer (&self->renaming, g_free);
  g_clear_pointer (&self->buttons, g_hash_table_unref);
  if (self->listed_game != NULL)
    g_signal_handlers_disconnect_by_func (self->listed_game, on_legend_changed, self);
  g_clear_object (&self->listed_game);
  g_clear_object (&self->editor);

  G_OBJECT_CLASS (wb_tool_palette_parent_class)->dispose (object);
}

static void
wb_tool_palette_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  WbToolPalette *self = WB_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_tool_palette_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  WbToolPalette *self = WB_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      self->editor = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_tool_palette_class_init (WbToolPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = wb_tool_palette_constructed;
  object_class->dispose = wb_tool_palette_dispose;
  object_class->get_property = wb_tool_palette_get_property;
  object_class->set_property = wb_tool_palette_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, WB_TYPE_MAP_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-tool-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, scroller);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, box);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, tools_end);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, terrain_button);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, terrain_swatch);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, terrain_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, elevation_levels);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, feature_button);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, hexside_section);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, hexside_none);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, hexside_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, road_section);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, road_none);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, road_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, connection_section);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, connection_none);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, connection_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, hex_feature_section);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, hex_feature_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, line_styles);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, line_side_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, mark_button);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, mark_none);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, mark_rows);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, edit_mark_button);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, delete_mark_button);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, rename_popover);
  gtk_widget_class_bind_template_child (widget_class, WbToolPalette, rename_entry);
  gtk_widget_class_bind_template_callback (widget_class, new_mark_clicked);
  gtk_widget_class_bind_template_callback (widget_class, edit_mark_clicked);
  gtk_widget_class_bind_template_callback (widget_class, rename_activate);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "toolpalette");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
}

static void
wb_tool_palette_init (WbToolPalette *self)
{
  /* The Line tool's styles, core's, in its order. */
  static const char *style_names[] = {
    N_("River"), N_("Ridge"), N_("Boundary"), N_("VP Line"), N_("Line")
  };
  const char * const *styles = wb_map_line_styles ();
  guint level = 0;

  self->buttons = g_hash_table_new (g_str_hash, g_str_equal);
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->terrain_swatch), draw_swatch, NULL, NULL);
  /* The levels' words. */
  for (GtkWidget *button = gtk_widget_get_first_child (self->elevation_levels); button != NULL;
       button = gtk_widget_get_next_sibling (button), level++)
    {
      g_autofree char *tooltip = g_strdup_printf (_("Level %d"), level);

      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tooltip, -1);
    }
  for (guint i = 0; styles[i] != NULL && i < G_N_ELEMENTS (style_names); i++)
    {
      GtkWidget *label = gtk_label_new (_(style_names[i]));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (self->line_styles), radio_new ("editor.line-style", styles[i], label));
    }
  wb_text_field_guard_in_form (GTK_ENTRY (self->rename_entry), GTK_POPOVER (self->rename_popover));
}

GtkWidget *
wb_tool_palette_new (WbMapEditor *editor)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (editor), NULL);
  return g_object_new (WB_TYPE_TOOL_PALETTE, "editor", editor, NULL);
}

WbMapEditor *
wb_tool_palette_get_editor (WbToolPalette *self)
{
  g_return_val_if_fail (WB_IS_TOOL_PALETTE (self), NULL);
  return self->editor;
}

GtkWidget *
wb_tool_palette_get_button (WbToolPalette *self,
                            const char    *id)
{
  g_return_val_if_fail (WB_IS_TOOL_PALETTE (self), NULL);
  return g_hash_table_lookup (self->buttons, id);
}

void
wb_tool_palette_set_anchor_func (WbToolPalette       *self,
                                 WbPaletteAnchorFunc  func,
                                 gpointer             data)
{
  g_return_if_fail (WB_IS_TOOL_PALETTE (self));

  self->anchor_func = func;
  self->anchor_data = data;
}
