/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-legend-private.h"

/* The map legend: two lists (terrain, features) and one form for the
 * selected entry. The form edits a copy of the record and pushes it as a
 * command; the window never changes the game itself. Everything on screen
 * is refreshed from the model on the game's "changed" signal, so undo and
 * redo from the main window show here too. Widgets are updated in place
 * (not rebuilt) while the set of entries stays the same, so a spin button
 * keeps its focus while its changes merge into one undo step. */

G_DEFINE_FINAL_TYPE (WbLegendEditor, wb_legend_editor, GTK_TYPE_WINDOW)

/* Records ---------------------------------------------------------------- */

WbTerrainType *
_wb_legend_selected_terrain (WbLegendEditor *self)
{
  if (self->game == NULL || self->sel_id == NULL || self->sel_feature)
    return NULL;
  return wb_game_find_terrain (self->game, self->sel_id);
}

WbFeatureType *
_wb_legend_selected_feature (WbLegendEditor *self)
{
  if (self->game == NULL || self->sel_id == NULL || !self->sel_feature)
    return NULL;
  return wb_game_find_feature (self->game, self->sel_id);
}

void
_wb_legend_set_message (WbLegendEditor *self,
                        const char     *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_label (GTK_LABEL (self->message_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->message_label, message != NULL);
}

/* Pushes @command (taking it); a refusal shows its message and puts the
 * form back as the model is. */
gboolean
_wb_legend_push (WbLegendEditor *self,
                 WbCommand      *command)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->stack == NULL)
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      _wb_legend_set_message (self, error->message);
      _wb_legend_refresh (self);
      return FALSE;
    }
  _wb_legend_set_message (self, NULL);
  return TRUE;
}

void
_wb_legend_refresh (WbLegendEditor *self)
{
  g_autoptr(GHashTable) counts = NULL;

  self->updating = TRUE;
  if (self->game == NULL)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (self->terrain_list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->terrain_list), child);
      while ((child = gtk_widget_get_first_child (self->feature_list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->feature_list), child);
      self->sel_id = NULL;
    }
  else
    {
      /* A selection that went (undo of an add) goes. */
      if (self->sel_id != NULL && _wb_legend_selected_terrain (self) == NULL &&
          _wb_legend_selected_feature (self) == NULL)
        self->sel_id = NULL;
      counts = _wb_legend_count_terrain (self->game);
      _wb_legend_sync_list (self, self->terrain_list, FALSE, wb_game_get_terrain (self->game), counts);
      _wb_legend_sync_list (self, self->feature_list, TRUE, wb_game_get_features (self->game), counts);
    }
  _wb_legend_fill_form (self);
  self->updating = FALSE;
}

static void
on_game_changed (WbLegendEditor *self,
                 const char     *what)
{
  _wb_legend_refresh (self);
}

/* Actions -------------------------------------------------------------------- */

static void
focus_name (WbLegendEditor *self)
{
  gtk_widget_grab_focus (self->name_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->name_entry), 0, -1);
}

static void
add_terrain_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  const char *name = _("New terrain");
  g_autofree char *id = NULL;
  WbTerrainType *t;
  char key;

  if (self->game == NULL)
    return;
  key = wb_legend_pick_terrain_key (self->game, name);
  if (key == 0)
    {
      _wb_legend_set_message (self, _("Every map key is taken: a game holds at most 94 terrain types"));
      return;
    }
  id = wb_legend_make_terrain_id (self->game, name);
  t = wb_terrain_type_new (id);
  t->name = g_strdup (name);
  t->key = key;
  t->color = g_strdup ("#d9d0b0");
  t->pattern = g_strdup ("none");
  g_array_append_val (t->move, ((WbMoveCost) { g_intern_static_string ("*"), 1 }));
  if (_wb_legend_push (self, wb_command_add_terrain_new (self->game, t)))
    {
      wb_legend_editor_select (self, FALSE, id);
      focus_name (self);
    }
  wb_terrain_type_free (t);
}

static void
add_feature_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  static const char *styles[] = { "marker", "creek", "road", "river" };
  const char *names[] = { _("New hex feature"), _("New hexside feature"), _("New connection"),
                          _("New crossing") };
  g_autofree char *id = NULL;
  WbFeatureWhere where;
  WbFeatureType *f;

  if (self->game == NULL ||
      !wb_feature_where_from_string (g_variant_get_string (parameter, NULL), &where))
    return;
  id = wb_legend_make_feature_id (self->game, names[where]);
  f = wb_feature_type_new (id, where);
  f->name = g_strdup (names[where]);
  f->style = g_strdup (styles[where]);
  if (_wb_legend_push (self, wb_command_add_feature_new (self->game, f)))
    {
      wb_legend_editor_select (self, TRUE, id);
      focus_name (self);
    }
  wb_feature_type_free (f);
}

static void
replace_terrain_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  WbTerrainType *t = _wb_legend_selected_terrain (self);
  WbTerrainType *by;
  guint n;

  if (t == NULL)
    return;
  by = wb_game_find_terrain (self->game, g_variant_get_string (parameter, NULL));
  n = wb_legend_count_terrain (self->game, t->id, NULL, NULL);
  if (_wb_legend_push (self, wb_command_remove_terrain_new (self->game, t->id,
                                                           g_variant_get_string (parameter, NULL))) &&
      by != NULL)
    {
      g_autofree char *done = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Repainted %u hex with “%s”",
                                                            "Repainted %u hexes with “%s”", n),
                                               n, by->name != NULL ? by->name : by->id);
      _wb_legend_set_message (self, done);
    }
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  WbTerrainType *t = _wb_legend_selected_terrain (self);
  WbFeatureType *f = _wb_legend_selected_feature (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbCommand) command = NULL;
  g_autofree char *name = NULL;
  guint uses = 0;

  if (t == NULL && f == NULL)
    return;
  if (f != NULL)
    {
      uses = wb_legend_count_feature (self->game, f->id, NULL, NULL, NULL, NULL, NULL);
      name = g_strdup (f->name != NULL ? f->name : f->id);
      command = wb_command_remove_feature_new (self->game, f->id);
    }
  else
    command = wb_command_remove_terrain_new (self->game, t->id, NULL);

  if (!wb_edit_push (self->game, self->stack, command, &error))
    {
      _wb_legend_set_message (self, error->message);
      if (t != NULL && g_error_matches (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID))
        _wb_legend_ask_replacement (self, t);
      return;
    }
  if (f != NULL && uses > 0)
    {
      g_autofree char *done = g_strdup_printf (_("Removed “%s” and took it off the map (%u places); "
                                                 "undo puts it back"), name, uses);
      _wb_legend_set_message (self, done);
    }
  else
    _wb_legend_set_message (self, NULL);
}

static void
undo_redo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent),
                                g_str_equal (action_name, "legend.undo") ? "win.undo" : "win.redo",
                                NULL);
}

/* Building ----------------------------------------------------------------- */

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  if (action != NULL)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

static void
wb_legend_editor_dispose (GObject *object)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);

  G_OBJECT_CLASS (wb_legend_editor_parent_class)->dispose (object);
}

static void
wb_legend_editor_finalize (GObject *object)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (object);

  g_array_unref (self->move_rows);
  g_ptr_array_unref (self->terrain_only);
  g_ptr_array_unref (self->feature_only);
  g_free (self->move_key);
  g_free (self->negates_key);
  g_free (self->message);

  G_OBJECT_CLASS (wb_legend_editor_parent_class)->finalize (object);
}

static void
wb_legend_editor_class_init (WbLegendEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_legend_editor_dispose;
  object_class->finalize = wb_legend_editor_finalize;

  gtk_widget_class_install_action (widget_class, "legend.add-terrain", NULL, add_terrain_action);
  gtk_widget_class_install_action (widget_class, "legend.add-feature", "s", add_feature_action);
  gtk_widget_class_install_action (widget_class, "legend.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "legend.replace-terrain", "s", replace_terrain_action);
  gtk_widget_class_install_action (widget_class, "legend.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "legend.redo", NULL, undo_redo_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "legend.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "legend.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
wb_legend_editor_init (WbLegendEditor *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *terrain_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *feature_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *add_feature = gtk_menu_button_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = gtk_label_new (_("Select a terrain or feature type to edit it"));
  g_autoptr(GMenu) where_menu = g_menu_new ();

  self->move_rows = g_array_new (FALSE, FALSE, sizeof (MoveRow));
  self->terrain_only = g_ptr_array_new ();
  self->feature_only = g_ptr_array_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Map Legend"));
  /* Within a 768-px-high screen. */
  gtk_window_set_default_size (GTK_WINDOW (self), 900, 680);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);

  gtk_box_append (GTK_BOX (terrain_buttons),
                  icon_button ("list-add-symbolic", _("Add a terrain type"), "legend.add-terrain"));
  g_menu_append (where_menu, _("Hex Feature (town, ferry…)"), "legend.add-feature::hex");
  g_menu_append (where_menu, _("Hexside Feature (creek, road…)"), "legend.add-feature::hexside");
  g_menu_append (where_menu, _("Connection Class (pike, railroad…)"), "legend.add-feature::connection");
  g_menu_append (where_menu, _("Crossing (river, gap…)"), "legend.add-feature::crossing");
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (add_feature), "list-add-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (add_feature), G_MENU_MODEL (where_menu));
  gtk_widget_set_tooltip_text (add_feature, _("Add a feature type"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (add_feature), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Add a feature type"), -1);
  gtk_widget_add_css_class (add_feature, "flat");
  gtk_box_append (GTK_BOX (feature_buttons), add_feature);

  gtk_widget_set_margin_start (left, 12);
  gtk_widget_set_margin_end (left, 6);
  gtk_widget_set_margin_top (left, 12);
  gtk_widget_set_margin_bottom (left, 12);
  gtk_box_append (GTK_BOX (left), _wb_legend_list_section (self, _("Terrain Types"), &self->terrain_list,
                                                "terrain-list", terrain_buttons));
  gtk_box_append (GTK_BOX (left), _wb_legend_list_section (self, _("Feature Types"), &self->feature_list,
                                                "feature-list", feature_buttons));
  self->remove_button = gtk_button_new_with_mnemonic (_("_Remove Selected"));
  gtk_widget_set_tooltip_text (self->remove_button,
                               _("Remove the selected type; what the map has of it can be repainted or "
                                 "taken off, and undo brings it all back"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->remove_button), "legend.remove");
  gtk_widget_set_halign (self->remove_button, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (left), self->remove_button);
  gtk_widget_set_size_request (left, 280, -1);

  self->pages = gtk_stack_new ();
  gtk_widget_add_css_class (empty, "dim-label");
  gtk_stack_add_named (GTK_STACK (self->pages), empty, "empty");
  gtk_stack_add_named (GTK_STACK (self->pages), _wb_legend_form_new (self), "form");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->pages);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (right), scrolled);

  self->message_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message_label), 0);
  gtk_widget_set_margin_start (self->message_label, 18);
  gtk_widget_set_margin_end (self->message_label, 18);
  gtk_widget_set_margin_bottom (self->message_label, 12);
  gtk_widget_set_margin_top (self->message_label, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Message"), -1);
  gtk_widget_set_visible (self->message_label, FALSE);
  gtk_box_append (GTK_BOX (right), self->message_label);

  gtk_paned_set_start_child (GTK_PANED (paned), left);
  gtk_paned_set_end_child (GTK_PANED (paned), right);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 320);
  /* The divider takes no focus: with it, Escape only put the divider back
   * instead of closing the window (issue 20); it is dragged with the
   * pointer. */
  gtk_widget_set_focusable (paned, FALSE);
  gtk_window_set_child (GTK_WINDOW (self), paned);
  /* A header bar of its own, as a GNOME dialog has (with the window's
   * title and its close button; Escape closes it too). */
  gtk_window_set_titlebar (GTK_WINDOW (self), gtk_header_bar_new ());

  _wb_legend_refresh (self);
}

GtkWidget *
wb_legend_editor_new (GtkWindow   *parent,
                      WbGame      *game,
                      WbUndoStack *stack)
{
  WbLegendEditor *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  self = g_object_new (WB_TYPE_LEGEND_EDITOR, "transient-for", parent, NULL);
  wb_legend_editor_set_target (self, game, stack);
  return GTK_WIDGET (self);
}

void
wb_legend_editor_set_target (WbLegendEditor *self,
                             WbGame         *game,
                             WbUndoStack    *stack)
{
  g_return_if_fail (WB_IS_LEGEND_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (stack == NULL || WB_IS_UNDO_STACK (stack));

  g_set_object (&self->stack, stack);
  if (game == self->game)
    {
      _wb_legend_refresh (self);
      return;
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  self->sel_id = NULL;
  _wb_legend_set_message (self, NULL);
  g_clear_pointer (&self->move_key, g_free);
  g_clear_pointer (&self->negates_key, g_free);
  _wb_legend_refresh (self);
}

WbGame *
wb_legend_editor_get_game (WbLegendEditor *self)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  return self->game;
}

gboolean
wb_legend_editor_select (WbLegendEditor *self,
                         gboolean        feature,
                         const char     *id)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), FALSE);

  if (self->game == NULL || id == NULL ||
      (feature ? (gpointer) wb_game_find_feature (self->game, id)
               : (gpointer) wb_game_find_terrain (self->game, id)) == NULL)
    return FALSE;
  self->sel_feature = feature;
  self->sel_id = g_intern_string (id);
  if (self->stack != NULL)
    wb_undo_stack_seal (self->stack);
  _wb_legend_refresh (self);
  return TRUE;
}

const char *
wb_legend_editor_get_selected (WbLegendEditor *self,
                               gboolean       *feature)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  if (feature != NULL)
    *feature = self->sel_feature;
  return self->sel_id;
}

const char *
wb_legend_editor_get_message (WbLegendEditor *self)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  return self->message;
}
