/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-new-table-dialog.h"
#include "wb-window-private.h"

struct _WbNewTableDialog
{
  AdwWindow    parent_instance;

  WbWindow    *window;       /* weak: the window owns us (transient-for) */
  AdwEntryRow *name_row;
  AdwComboRow *kind_row;
  AdwComboRow *dice_row;
  GtkSpinButton *columns_spin;
  GtkLabel    *error_label;
};

G_DEFINE_FINAL_TYPE (WbNewTableDialog, wb_new_table_dialog, ADW_TYPE_WINDOW)

/* In the order of the kind drop-down. */
static const struct {
  WbTableKind  kind;
  const char  *label;
  const char  *dice;
  guint        columns;
} kinds[] = {
  { WB_TABLE_ODDS, N_("Odds CRT (1-5 … 6-1)"), "1d6", 10 },
  { WB_TABLE_DIFFERENTIAL, N_("Differential CRT (-3 … +6)"), "1d6", 10 },
  { WB_TABLE_FIRE, N_("Fire table (d66, coloured bands)"), "d66", 12 },
  { WB_TABLE_DICE_POOL, N_("Dice pool (hits on a number)"), "1d6", 1 },
  { WB_TABLE_ROLL, N_("Die-roll table (weather, morale…)"), "1d6", 1 },
  { WB_TABLE_CHART, N_("Chart (no dice)"), NULL, 2 },
};

static const char *dice_choices[] = { "1d6", "2d6", "d66", "3d6", "1d10", "2d10", "1d20" };

static guint
kind_index (WbTableKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].kind == kind)
      return i;
  return 0;
}

static void
on_kind_changed (WbNewTableDialog *self)
{
  guint k = adw_combo_row_get_selected (self->kind_row);

  if (k >= G_N_ELEMENTS (kinds))
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->dice_row),
                            kinds[k].dice != NULL && kinds[k].kind != WB_TABLE_DICE_POOL);
  for (guint i = 0; kinds[k].dice != NULL && i < G_N_ELEMENTS (dice_choices); i++)
    if (g_strcmp0 (dice_choices[i], kinds[k].dice) == 0)
      adw_combo_row_set_selected (self->dice_row, i);
  gtk_spin_button_set_value (self->columns_spin, kinds[k].columns);
}

void
wb_new_table_dialog_set (WbNewTableDialog *self,
                         const char       *name,
                         WbTableKind       kind,
                         const char       *dice,
                         guint             n_columns)
{
  g_return_if_fail (WB_IS_NEW_TABLE_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  adw_combo_row_set_selected (self->kind_row, kind_index (kind));
  on_kind_changed (self);
  for (guint i = 0; dice != NULL && i < G_N_ELEMENTS (dice_choices); i++)
    if (g_strcmp0 (dice_choices[i], dice) == 0)
      adw_combo_row_set_selected (self->dice_row, i);
  gtk_spin_button_set_value (self->columns_spin, n_columns);
}

WbTable *
wb_new_table_dialog_create (WbNewTableDialog  *self,
                            GError           **error)
{
  WbGame *game;
  WbUndoStack *stack;
  g_autofree char *name = NULL, *id = NULL;
  g_autoptr(WbTable) table = NULL;
  guint k, d;

  g_return_val_if_fail (WB_IS_NEW_TABLE_DIALOG (self), NULL);
  game = self->window != NULL ? wb_window_get_game (self->window) : NULL;
  stack = self->window != NULL ? wb_window_get_undo_stack (self->window) : NULL;
  if (game == NULL || stack == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("No game is open"));
      return NULL;
    }
  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  if (name[0] == '\0')
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("Give the table a name"));
      return NULL;
    }
  k = MIN (adw_combo_row_get_selected (self->kind_row), G_N_ELEMENTS (kinds) - 1);
  d = MIN (adw_combo_row_get_selected (self->dice_row), G_N_ELEMENTS (dice_choices) - 1);
  id = wb_game_make_table_id (game, name);
  table = wb_table_new_preset (id, name, kinds[k].kind,
                               kinds[k].kind == WB_TABLE_DICE_POOL ? "1d6" : dice_choices[d],
                               (guint) gtk_spin_button_get_value_as_int (self->columns_spin));
  if (kinds[k].kind == WB_TABLE_DICE_POOL)
    {
      /* Hits on a 6 until the designer says otherwise. */
      WbTablePool pool = { .sides = 6, .at_least = TRUE, .value = 6 };
      wb_table_set_pool (table, &pool);
    }
  if (!wb_edit_push (game, stack, wb_command_add_table_new (game, table), error))
    return NULL;
  return table;
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbNewTableDialog *self = WB_NEW_TABLE_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  WbTable *table = wb_new_table_dialog_create (self, &error);

  if (table == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  _wb_window_open_table (self->window, table);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
wb_new_table_dialog_class_init (WbNewTableDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "new-table.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_new_table_dialog_init (WbNewTableDialog *self)
{
  GtkWidget *box, *header, *cancel, *create, *page, *group, *columns_row;
  g_autoptr(GtkStringList) kind_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) dice_names = gtk_string_list_new (dice_choices);

  gtk_window_set_title (GTK_WINDOW (self), _("New Table"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 520, -1);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  create = gtk_button_new_with_mnemonic (_("C_reate"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (create), "new-table.create");
  gtk_widget_add_css_class (create, "suggested-action");
  gtk_widget_set_tooltip_text (create, _("Add the table to the game and open it in the editor"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), create);
  gtk_box_append (GTK_BOX (box), header);

  page = adw_preferences_page_new ();
  group = adw_preferences_group_new ();
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("The table starts with every cell “-”: type the results "
                                           "in the grid, or paste them from a spreadsheet."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  self->name_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_row), _("_Name"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->name_row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), _("Combat Results Table"));
  adw_entry_row_set_activates_default (self->name_row, TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->name_row));

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    gtk_string_list_append (kind_names, _(kinds[i].label));
  self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("_Kind"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->kind_row), TRUE);
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kind_names));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind_row),
                               _("How the engine reads the table: its columns and its dice"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->kind_row));

  self->dice_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->dice_row), _("_Dice"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->dice_row), TRUE);
  adw_combo_row_set_model (self->dice_row, G_LIST_MODEL (dice_names));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dice_row),
                               _("The dice thrown: one row per result (d66: a row per decade)"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->dice_row));

  columns_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (columns_row), _("C_olumns"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (columns_row), TRUE);
  self->columns_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, WB_TABLE_MAX_COLUMNS, 1));
  gtk_widget_set_valign (GTK_WIDGET (self->columns_spin), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->columns_spin),
                               _("How many columns the table starts with"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->columns_spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Columns"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (columns_row), GTK_WIDGET (self->columns_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (columns_row), GTK_WIDGET (self->columns_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), columns_row);

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 8);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->error_label));

  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), create);

  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (on_kind_changed), self);
  on_kind_changed (self);
}

WbNewTableDialog *
wb_new_table_dialog_new (WbWindow *window)
{
  WbNewTableDialog *self;

  g_return_val_if_fail (WB_IS_WINDOW (window), NULL);
  self = g_object_new (WB_TYPE_NEW_TABLE_DIALOG, "transient-for", window, NULL);
  self->window = window;
  return self;
}
