/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-numbering-dialog"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-numbering-dialog.h"

/* The Hex Numbering dialog: how an existing hex map numbers its hexes. */

struct _WbNumberingDialog
{
  AdwWindow        parent_instance;

  /* Template children. */
  AdwWindowTitle  *window_title;
  AdwComboRow     *scheme_row;
  GtkSwitch       *oblique_switch;
  AdwActionRow    *first_col_row;
  GtkSpinButton   *first_col_spin;
  GtkSpinButton   *first_row_spin;
  GtkSpinButton   *digits_spin;
  GtkLabel        *example_label;
  GtkLabel        *warning_label;
  GtkWidget       *apply_button;

  char            *error;
  WbGame          *game;
  WbHexMap        *map;
  WbUndoStack     *stack;
};

G_DEFINE_FINAL_TYPE (WbNumberingDialog, wb_numbering_dialog, ADW_TYPE_WINDOW)

/* The scheme row lists the schemes in their enum's order. */
static WbHexNumbering
chosen_numbering (WbNumberingDialog *self)
{
  return (WbHexNumbering) {
    (WbHexNumberingScheme) MIN (adw_combo_row_get_selected (self->scheme_row), WB_HEX_NUMBERING_MIXED),
    gtk_switch_get_active (self->oblique_switch),
    gtk_spin_button_get_value_as_int (self->first_col_spin),
    gtk_spin_button_get_value_as_int (self->first_row_spin),
    gtk_spin_button_get_value_as_int (self->digits_spin),
  };
}

static void
update (WbNumberingDialog *self)
{
  WbHexNumbering num = chosen_numbering (self);
  WbHexLayout layout;
  int cols, rows;
  char first[WB_HEX_NUMBER_MAX_LEN], last[WB_HEX_NUMBER_MAX_LEN];
  g_autofree char *example = NULL;
  g_autoptr(GError) error = NULL;
  gboolean valid;

  if (self->map == NULL)
    return;
  layout = wb_hex_map_get_layout (self->map);
  cols = wb_hex_map_get_cols (self->map);
  rows = wb_hex_map_get_rows (self->map);
  valid = wb_hex_numbering_check (&num, layout, cols, rows, &error);
  wb_hex_numbering_format (&num, layout, (WbOffset) { 0, 0 }, first, sizeof first);
  wb_hex_numbering_format (&num, layout, (WbOffset) { cols - 1, rows - 1 }, last, sizeof last);
  /* Translators: the first and last hex numbers of the map */
  example = g_strdup_printf (_("first hex: %s, last: %s"), first, last);
  gtk_label_set_text (self->example_label, example);
  adw_action_row_set_subtitle (self->first_col_row,
                               num.scheme == WB_HEX_NUMBERING_LETTERS ? _("1 is column A") : "");
  g_clear_pointer (&self->error, g_free);
  if (!valid)
    {
      /* Translators: %s says why, e.g. "letters name 104 columns at most
       * (A to ZZZZ); this numbering needs 120" */
      g_autofree char *why = g_strdup_printf (_("These hex numbers cannot number the map: %s."),
                                              error->message);
      gtk_label_set_text (self->warning_label, why);
    }
  else
    gtk_label_set_text (self->warning_label,
                        _("The scenarios’ hex numbers change with the map’s; saved playtests "
                          "name hexes as they were numbered."));
  gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "error");
  if (!valid)
    gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "error");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "numbering.apply", valid);
}

const char *
wb_numbering_dialog_get_error (WbNumberingDialog *self)
{
  g_return_val_if_fail (WB_IS_NUMBERING_DIALOG (self), NULL);
  return self->error;
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  WbNumberingDialog *self = WB_NUMBERING_DIALOG (widget);
  WbHexNumbering num = chosen_numbering (self);
  g_autoptr(WbCommand) command = wb_command_set_hex_numbering_new (self->game, self->map, &num);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->error, g_free);
  if (!wb_edit_push (self->game, self->stack, command, &error))
    {
      self->error = g_strdup (error->message);
      gtk_label_set_label (self->warning_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "error");
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

WbNumberingDialog *
wb_numbering_dialog_new (WbWindow *window)
{
  WbNumberingDialog *self;
  WbHexNumbering num;
  WbMap *map;

  g_return_val_if_fail (WB_IS_WINDOW (window), NULL);
  map = wb_map_view_get_map (wb_window_get_map_view (window));
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  self = g_object_new (WB_TYPE_NUMBERING_DIALOG, "transient-for", window, NULL);
  self->game = g_object_ref (wb_window_get_game (window));
  self->stack = g_object_ref (wb_window_get_undo_stack (window));
  adw_window_title_set_subtitle (self->window_title, wb_map_get_name (map));

  wb_hex_map_get_hex_numbering (WB_HEX_MAP (map), &num);
  adw_combo_row_set_selected (self->scheme_row, num.scheme);
  gtk_switch_set_active (self->oblique_switch, num.oblique);
  gtk_spin_button_set_value (self->first_col_spin, num.first_col);
  gtk_spin_button_set_value (self->first_row_spin, num.first_row);
  gtk_spin_button_set_value (self->digits_spin, num.digits);
  /* Set last: the setters above run update () before there is a map. */
  self->map = g_object_ref (WB_HEX_MAP (map));
  update (self);
  return self;
}

static void
wb_numbering_dialog_dispose (GObject *object)
{
  WbNumberingDialog *self = WB_NUMBERING_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_NUMBERING_DIALOG);
  g_clear_object (&self->stack);
  g_clear_object (&self->map);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_numbering_dialog_parent_class)->dispose (object);
}

static void
wb_numbering_dialog_finalize (GObject *object)
{
  g_free (WB_NUMBERING_DIALOG (object)->error);
  G_OBJECT_CLASS (wb_numbering_dialog_parent_class)->finalize (object);
}

static void
wb_numbering_dialog_class_init (WbNumberingDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_numbering_dialog_dispose;
  object_class->finalize = wb_numbering_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-numbering-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, scheme_row);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, oblique_switch);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, first_col_row);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, first_col_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, first_row_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, digits_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, example_label);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, WbNumberingDialog, apply_button);
  gtk_widget_class_bind_template_callback (widget_class, update);

  gtk_widget_class_install_action (widget_class, "numbering.apply", NULL, apply_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_numbering_dialog_init (WbNumberingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
