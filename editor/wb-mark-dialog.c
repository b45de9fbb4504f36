/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-mark-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-number-field.h"
#include "wb-mark-dialog.h"

/* Adding or editing a map mark: a small modal window with its name, kind,
 * side and VP. It changes nothing itself: the default button activates
 * the editor's add-mark or edit-mark action, so the edit is one undo step
 * like every other. */

struct _WbMarkDialog
{
  GtkWindow    parent_instance;

  WbMapEditor *editor;
  char        *mark_id;      /* NULL: a new mark */
  GPtrArray   *side_ids;     /* parallel to the side dropdown; "" for both */
  GtkWidget   *name_entry;
  GtkWidget   *kind_dropdown;
  GtkWidget   *side_dropdown;
  GtkWidget   *vp_spin;
  GtkWidget   *apply_button;
};

G_DEFINE_FINAL_TYPE (WbMarkDialog, wb_mark_dialog, GTK_TYPE_WINDOW)

static void
update_sensitivity (WbMarkDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));

  gtk_widget_set_sensitive (self->apply_button, *name != '\0');
}

void
wb_mark_dialog_apply (WbMarkDialog *self)
{
  GActionGroup *actions = wb_map_editor_get_actions (self->editor);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  const char * const *kinds = wb_map_mark_kinds ();
  guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown));
  guint side = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->side_dropdown));
  const char *side_id = side < self->side_ids->len ? g_ptr_array_index (self->side_ids, side) : "";
  int vp = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->vp_spin));

  g_return_if_fail (WB_IS_MARK_DIALOG (self));

  if (*name == '\0' || kind >= g_strv_length ((char **) kinds))
    return;
  if (self->mark_id == NULL)
    g_action_group_activate_action (actions, "add-mark",
                                    g_variant_new ("(sssi)", name, kinds[kind], side_id, vp));
  else
    g_action_group_activate_action (actions, "edit-mark",
                                    g_variant_new ("(ssssi)", self->mark_id, name, kinds[kind],
                                                   side_id, vp));
  gtk_window_destroy (GTK_WINDOW (self));
}

static GtkWidget *
row_label (const char *text,
           GtkWidget  *mnemonic_widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), mnemonic_widget);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

GtkWidget *
wb_mark_dialog_new (GtkWindow   *parent,
                    WbMapEditor *editor,
                    const char  *mark_id)
{
  WbMarkDialog *self;
  WbMap *map = wb_map_editor_get_map (editor);
  WbGame *game = wb_map_editor_get_game (editor);
  WbMapMark *mark = NULL;
  GtkStringList *kind_names = gtk_string_list_new (NULL);   /* the dropdowns take these */
  GtkStringList *side_names = gtk_string_list_new (NULL);
  const char * const *kinds = wb_map_mark_kinds ();
  GtkWidget *grid, *box, *buttons, *cancel;
  GPtrArray *sides;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (editor), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  if (mark_id != NULL)
    {
      mark = wb_hex_map_find_mark (WB_HEX_MAP (map), mark_id);
      g_return_val_if_fail (mark != NULL, NULL);
    }

  self = g_object_new (WB_TYPE_MARK_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "resizable", FALSE,
                       "title", mark != NULL ? _("Edit Mark") : _("New Mark"),
                       NULL);
  self->editor = g_object_ref (editor);
  self->mark_id = g_strdup (mark_id);

  for (guint i = 0; kinds[i] != NULL; i++)
    gtk_string_list_append (kind_names, wb_map_mark_kind_name (kinds[i]));
  self->side_ids = g_ptr_array_new ();
  gtk_string_list_append (side_names, _("Both sides"));
  g_ptr_array_add (self->side_ids, (gpointer) "");
  sides = game != NULL ? wb_game_get_sides (game) : NULL;
  for (guint i = 0; sides != NULL && i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);

      gtk_string_list_append (side_names, side->name != NULL ? side->name : side->id);
      g_ptr_array_add (self->side_ids, (gpointer) side->id);
    }

  self->name_entry = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (self->name_entry), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->name_entry), 28);
  self->kind_dropdown = gtk_drop_down_new (G_LIST_MODEL (kind_names), NULL);
  self->side_dropdown = gtk_drop_down_new (G_LIST_MODEL (side_names), NULL);
  self->vp_spin = gtk_spin_button_new_with_range (-999, 999, 1);
  wb_number_field_guard (GTK_SPIN_BUTTON (self->vp_spin));
  gtk_widget_set_halign (self->vp_spin, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (self->vp_spin, _("Victory points for holding these hexes (0: none)"));

  if (mark != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->name_entry), mark->name != NULL ? mark->name : mark->id);
      for (guint i = 0; kinds[i] != NULL; i++)
        if (g_strcmp0 (kinds[i], mark->kind) == 0)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->kind_dropdown), i);
      for (guint i = 1; i < self->side_ids->len; i++)
        if (g_strcmp0 (g_ptr_array_index (self->side_ids, i), mark->side) == 0)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), i);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->vp_spin), mark->vp);
    }

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_attach (GTK_GRID (grid), row_label (_("_Name"), self->name_entry), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->name_entry, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), row_label (_("_Kind"), self->kind_dropdown), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->kind_dropdown, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), row_label (_("_Side"), self->side_dropdown), 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->side_dropdown, 1, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), row_label (_("_VP"), self->vp_spin), 0, 3, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->vp_spin, 1, 3, 1, 1);

  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  self->apply_button = gtk_button_new_with_mnemonic (mark != NULL ? _("_Save") : _("_Add"));
  gtk_widget_add_css_class (self->apply_button, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (wb_mark_dialog_apply), self);
  g_signal_connect_swapped (self->name_entry, "changed", G_CALLBACK (update_sensitivity), self);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), self->apply_button);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->apply_button);
  update_sensitivity (self);

  return GTK_WIDGET (self);
}

GtkWidget *
wb_mark_dialog_get_name_entry (WbMarkDialog *self)
{
  return self->name_entry;
}

GtkWidget *
wb_mark_dialog_get_kind_dropdown (WbMarkDialog *self)
{
  return self->kind_dropdown;
}

GtkWidget *
wb_mark_dialog_get_side_dropdown (WbMarkDialog *self)
{
  return self->side_dropdown;
}

GtkWidget *
wb_mark_dialog_get_vp_spin (WbMarkDialog *self)
{
  return self->vp_spin;
}

static gboolean
on_key (WbMarkDialog          *self,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Escape)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return TRUE;
    }
  return FALSE;
}

static void
wb_mark_dialog_dispose (GObject *object)
{
  WbMarkDialog *self = WB_MARK_DIALOG (object);

  g_clear_object (&self->editor);
  g_clear_pointer (&self->mark_id, g_free);
  g_clear_pointer (&self->side_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_mark_dialog_parent_class)->dispose (object);
}

static void
wb_mark_dialog_class_init (WbMarkDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = wb_mark_dialog_dispose;
}

static void
wb_mark_dialog_init (WbMarkDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
