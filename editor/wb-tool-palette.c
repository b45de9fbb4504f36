/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-tool-palette"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-mark-dialog.h"
#include "wb-text-field.h"
#include "wb-tool-palette.h"

/* The map editor's tools, as a column of flat toggle buttons beside the
 * canvas (the way GNOME's drawing apps do it). Everything acts through the
 * editor's actions, so the buttons, the keyboard shortcuts and the tests
 * share one path; the palette only rebuilds its lists when the map or the
 * game changes. */

struct _WbToolPalette
{
  GtkWidget    parent_instance;

  WbMapEditor *editor;
  GtkWidget   *scroller;         /* the palette scrolls on short screens */
  GtkWidget   *box;
  GHashTable  *buttons;          /* tool id → GtkToggleButton */
  GtkWidget   *terrain_button;
  GtkWidget   *terrain_swatch;
  GtkWidget   *terrain_list;
  GtkWidget   *feature_button;
  GtkWidget   *feature_list;
  GtkWidget   *mark_button;
  GtkWidget   *mark_list;
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

static GtkWidget *
heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
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

static void
fill_terrain_popover (WbToolPalette *self,
                      WbGame        *game)
{
  GtkWidget *box = self->terrain_list;
  GtkWidget *child, *sizes, *button;
  GPtrArray *terrain;
  static const char *size_names[] = { N_("1 Hex"), N_("Radius 1"), N_("Radius 2") };

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);

  gtk_box_append (GTK_BOX (box), heading_new (_("Terrain")));
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
      gtk_box_append (GTK_BOX (box), radio);
    }

  gtk_box_append (GTK_BOX (box), heading_new (_("Brush Size")));
  sizes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_set_homogeneous (GTK_BOX (sizes), TRUE);
  gtk_widget_add_css_class (sizes, "linked");
  for (int r = 0; r <= WB_MAP_EDITOR_MAX_RADIUS; r++)
    {
      button = gtk_toggle_button_new_with_label (_(size_names[r]));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.brush-radius");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", r);
      gtk_widget_set_hexpand (button, TRUE);
      gtk_box_append (GTK_BOX (sizes), button);
    }
  gtk_box_append (GTK_BOX (box), sizes);

  /* The Elevation brush's level: Page Up and Page Down step it too. */
  gtk_box_append (GTK_BOX (box), heading_new (_("Elevation Level")));
  sizes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_set_homogeneous (GTK_BOX (sizes), TRUE);
  gtk_widget_add_css_class (sizes, "linked");
  for (int level = 0; level <= 9; level++)
    {
      g_autofree char *text = g_strdup_printf ("%d", level);
      g_autofree char *tooltip = g_strdup_printf (_("Level %d"), level);

      button = gtk_toggle_button_new_with_label (text);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.elevation");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", level);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tooltip, -1);
      gtk_box_append (GTK_BOX (sizes), button);
    }
  gtk_box_append (GTK_BOX (box), sizes);
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
  GtkWidget *box = self->mark_list;
  GtkWidget *child, *buttons, *button;

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

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);

  gtk_box_append (GTK_BOX (box), heading_new (_("Map Marks")));
  if (marks == NULL || marks->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No marks yet: add objectives, entry hexes, supply sources, set-up areas or trenches"));

      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (none), 30);
      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (box), none);
    }
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
      gtk_box_append (GTK_BOX (box), radio);
    }

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  button = gtk_button_new_with_mnemonic (_("_New…"));
  gtk_widget_set_tooltip_text (button, _("Add a mark to this map"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (new_mark_clicked), self);
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_mnemonic (_("_Edit…"));
  gtk_widget_set_tooltip_text (button, _("Change the current mark’s name, kind, side or VP"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (edit_mark_clicked), self);
  gtk_widget_set_sensitive (button, wb_map_editor_get_mark (self->editor) != NULL);
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_mnemonic (_("_Delete"));
  gtk_widget_set_tooltip_text (button, _("Delete the current mark (its hexes keep their terrain)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.delete-mark");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s",
                                    wb_map_editor_get_mark (self->editor) != NULL ?
                                    wb_map_editor_get_mark (self->editor) : "");
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (box), buttons);
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
  GtkWidget *box = self->feature_list;
  GtkWidget *child;
  g_autoptr(GPtrArray) sides = wb_map_editor_list_hexside_features (self->editor);
  g_autoptr(GPtrArray) roads = wb_map_editor_list_road_features (self->editor);
  g_autoptr(GPtrArray) classes = wb_map_editor_list_connection_classes (self->editor);
  const char *headings[] = { _("Hexside Feature"), _("Road"), _("Connection") };
  const char *actions[] = { "editor.hexside-feature", "editor.road-feature",
                            "editor.connection-class" };
  GPtrArray *lists[] = { sides, roads, classes };

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);

  for (int pass = hex ? 0 : 2; pass < (hex ? 2 : 3); pass++)
    {
      GPtrArray *list = lists[pass];

      gtk_box_append (GTK_BOX (box), heading_new (headings[pass]));
      if (list->len == 0)
        {
          GtkWidget *none = gtk_label_new (_("None in this game"));

          gtk_label_set_xalign (GTK_LABEL (none), 0);
          gtk_widget_add_css_class (none, "dim-label");
          gtk_box_append (GTK_BOX (box), none);
        }
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
          gtk_box_append (GTK_BOX (box), radio);
        }
    }

  /* The Hex Feature tool's feature. */
  if (hex)
    {
      WbGame *game = wb_map_editor_get_game (self->editor);
      GPtrArray *features = game != NULL ? wb_game_get_features (game) : NULL;

      gtk_box_append (GTK_BOX (box), heading_new (_("Hex Feature")));
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
          gtk_box_append (GTK_BOX (box), radio_new ("editor.hex-feature", f->id, row));
        }
    }

  /* The Line tool's style, and the side a VP line belongs to. */
  {
    static const char *style_names[] = {
      N_("River"), N_("Ridge"), N_("Boundary"), N_("VP Line"), N_("Line")
    };
    const char * const *styles = wb_map_line_styles ();
    WbGame *game = wb_map_editor_get_game (self->editor);
    GPtrArray *game_sides = game != NULL ? wb_game_get_sides (game) : NULL;
    GtkWidget *label;

    gtk_box_append (GTK_BOX (box), heading_new (_("Map Line")));
    for (guint i = 0; styles[i] != NULL && i < G_N_ELEMENTS (style_names); i++)
      {
        label = gtk_label_new (_(style_names[i]));
        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_box_append (GTK_BOX (box), radio_new ("editor.line-style", styles[i], label));
      }
    gtk_box_append (GTK_BOX (box), heading_new (_("VP Line Side")));
    label = gtk_label_new (_("None"));
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_box_append (GTK_BOX (box), radio_new ("editor.line-side", "", label));
    for (guint i = 0; game_sides != NULL && i < game_sides->len; i++)
      {
        WbSide *side = g_ptr_array_index (game_sides, i);
        GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

        label = gtk_label_new (side->name != NULL ? side->name : side->id);
        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_box_append (GTK_BOX (row), swatch_new (side->color, 14));
        gtk_box_append (GTK_BOX (row), label);
        gtk_box_append (GTK_BOX (box), radio_new ("editor.line-side", side->id, row));
      }
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

static GtkWidget *
popover_button_new (GtkWidget  *child,
                    GtkWidget **list,
                    const char *label)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();

  *list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (*list, 6);
  gtk_widget_set_margin_end (*list, 6);
  gtk_widget_set_margin_bottom (*list, 6);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 480);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), *list);
  gtk_popover_set_child (GTK_POPOVER (popover), scroller);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_set_size_request (*list, 240, -1);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  /* Beside the palette, not over the canvas's edge. */
  gtk_menu_button_set_direction (GTK_MENU_BUTTON (button), GTK_ARROW_RIGHT);
  gtk_menu_button_set_child (GTK_MENU_BUTTON (button), child);
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
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
rename_popover_new (WbToolPalette *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (_("Location Name"));

  self->rename_popover = gtk_popover_new ();
  self->rename_entry = gtk_entry_new ();
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_halign (label, GTK_ALIGN_START);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->rename_entry), 24);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rename_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Location Name"), -1);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), self->rename_entry);
  gtk_popover_set_child (GTK_POPOVER (self->rename_popover), box);
  gtk_popover_set_position (GTK_POPOVER (self->rename_popover), GTK_POS_RIGHT);
  gtk_widget_set_parent (self->rename_popover, GTK_WIDGET (self));
  g_signal_connect_swapped (self->rename_entry, "activate", G_CALLBACK (rename_activate), self);
  wb_text_field_guard_in_form (GTK_ENTRY (self->rename_entry), GTK_POPOVER (self->rename_popover));
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
      gtk_box_append (GTK_BOX (self->box), button);
    }

  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  self->terrain_swatch = swatch_new (NULL, 18);
  gtk_widget_set_halign (self->terrain_swatch, GTK_ALIGN_CENTER);
  self->terrain_button = popover_button_new (self->terrain_swatch, &self->terrain_list,
                                             _("Terrain and Brush Size"));
  gtk_box_append (GTK_BOX (self->box), self->terrain_button);

  self->feature_button = popover_button_new (gtk_image_new_from_icon_name ("wb-tool-features-symbolic"),
                                             &self->feature_list,
                                             _("Hexside and Road Features"));
  gtk_box_append (GTK_BOX (self->box), self->feature_button);

  self->mark_button = popover_button_new (gtk_image_new_from_icon_name ("wb-tool-mark-symbolic"),
                                          &self->mark_list, _("Map Marks"));
  gtk_box_append (GTK_BOX (self->box), self->mark_button);
  g_signal_connect_object (wb_map_editor_get_actions (self->editor), "action-state-changed::mark",
                           G_CALLBACK (on_mark_changed), self, G_CONNECT_SWAPPED);

  {
    /* The legend editor, for the types the two popovers list. */
    GtkWidget *legend = gtk_button_new_from_icon_name ("view-list-symbolic");

    gtk_widget_add_css_class (legend, "flat");
    gtk_actionable_set_action_name (GTK_ACTIONABLE (legend), "win.legend");
    gtk_widget_set_tooltip_text (legend, _("Map Legend (Ctrl+L)"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (legend), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Map Legend"), -1);
    gtk_box_append (GTK_BOX (self->box), legend);
  }

  g_signal_connect_object (self->editor, "notify::map", G_CALLBACK (on_map_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::terrain", G_CALLBACK (update_terrain_swatch),
                           self, G_CONNECT_SWAPPED);
  rename_popover_new (self);
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
  self->box = NULL;
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->rename_popover, gtk_widget_unparent);
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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "toolpalette");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
}

static void
wb_tool_palette_init (WbToolPalette *self)
{
  self->buttons = g_hash_table_new (g_str_hash, g_str_equal);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "toolbar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Map Tools"), -1);
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
