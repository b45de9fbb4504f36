/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-oob-import"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-oob-csv-dialog.h"

/* Importing an order of battle from a spreadsheet: the CSV is parsed
 * against the game first (core/wb-oob-csv.c), and this window shows what
 * the import would do — counts of formations and units added, changed and
 * removed, and the rows that change — or every problem, each with its line
 * and column, in which case nothing can be imported. */

struct _WbOobImportDialog
{
  AdwWindow       parent_instance;

  WbGame         *game;
  WbUndoStack    *stack;
  WbOobCsvImport *import;      /* NULL when the text is not a CSV at all */
  GtkWidget      *summary;
  GtkWidget      *list;
  GtkWidget      *import_button;
  GtkWidget      *status;
  char           *summary_text;
  guint           n_problems;
};

G_DEFINE_FINAL_TYPE (WbOobImportDialog, wb_oob_import_dialog, ADW_TYPE_WINDOW)

static void
add_line (WbOobImportDialog *self,
          const char        *text,
          gboolean           problem)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  if (problem)
    gtk_widget_add_css_class (label, "error");
  gtk_list_box_append (GTK_LIST_BOX (self->list), label);
}

static const char *
row_name (WbOobImportDialog *self,
          const WbOobCsvRow *row)
{
  if (row->kind == WB_OOB_CSV_UNIT)
    {
      GPtrArray *units = wb_oob_csv_import_get_units (self->import);

      for (guint i = 0; units != NULL && i < units->len; i++)
        if (g_strcmp0 (wb_unit_get_id (g_ptr_array_index (units, i)), row->id) == 0)
          return wb_unit_get_name (g_ptr_array_index (units, i));
    }
  return row->id;
}

static void
fill (WbOobImportDialog *self,
      const GError      *parse_error)
{
  WbOobCsvSummary sum;

  if (self->import == NULL)
    {
      self->summary_text = g_strdup (_("This file cannot be read as an order of battle"));
      self->n_problems = 1;
      add_line (self, parse_error != NULL ? parse_error->message : "", TRUE);
    }
  else if ((self->n_problems = wb_oob_csv_import_get_n_issues (self->import)) > 0)
    {
      self->summary_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u problem: fix the file and import it again",
                                                         "%u problems: fix the file and import it again",
                                                         self->n_problems),
                                            self->n_problems);
      for (guint i = 0; i < self->n_problems; i++)
        {
          g_autofree char *text = wb_oob_csv_issue_to_string (wb_oob_csv_import_get_issue (self->import, i));

          add_line (self, text, TRUE);
        }
    }
  else if (wb_oob_csv_import_is_noop (self->import))
    self->summary_text = g_strdup (_("The file holds the order of battle as it is: nothing to import"));
  else
    {
      GPtrArray *removed = wb_oob_csv_import_get_removed_units (self->import);

      wb_oob_csv_import_get_summary (self->import, &sum);
      /* Translators: the counts an import would change */
      self->summary_text = g_strdup_printf (_("Units: %u added, %u changed, %u removed · "
                                              "Formations: %u added, %u changed, %u removed%s"),
                                            sum.units_added, sum.units_changed, sum.units_removed,
                                            sum.formations_added, sum.formations_changed,
                                            sum.formations_removed,
                                            sum.reordered ? _(" · order changed") : "");
      for (guint i = 0; i < wb_oob_csv_import_get_n_rows (self->import); i++)
        {
          const WbOobCsvRow *row = wb_oob_csv_import_get_row (self->import, i);
          g_autofree char *text = NULL;

          if (row->change == WB_OOB_CSV_UNCHANGED)
            continue;
          /* Translators: a CSV line and what it does: "Line 12: added 2nd Wisconsin" */
          text = g_strdup_printf (row->change == WB_OOB_CSV_ADDED ? _("Line %u: adds %s")
                                                                  : _("Line %u: changes %s"),
                                  row->line, row_name (self, row));
          add_line (self, text, FALSE);
        }
      for (guint i = 0; removed != NULL && i < removed->len; i++)
        {
          g_autofree char *text = g_strdup_printf (_("Removes unit %s"),
                                                   (const char *) g_ptr_array_index (removed, i));

          add_line (self, text, FALSE);
        }
    }
  gtk_label_set_label (GTK_LABEL (self->summary), self->summary_text);
  gtk_widget_set_sensitive (self->import_button, wb_oob_import_dialog_get_can_import (self));
}

gboolean
wb_oob_import_dialog_get_can_import (WbOobImportDialog *self)
{
  g_return_val_if_fail (WB_IS_OOB_IMPORT_DIALOG (self), FALSE);
  return self->import != NULL && self->n_problems == 0 && !wb_oob_csv_import_is_noop (self->import);
}

const char *
wb_oob_import_dialog_get_summary (WbOobImportDialog *self)
{
  g_return_val_if_fail (WB_IS_OOB_IMPORT_DIALOG (self), NULL);
  return self->summary_text;
}

guint
wb_oob_import_dialog_get_n_problems (WbOobImportDialog *self)
{
  g_return_val_if_fail (WB_IS_OOB_IMPORT_DIALOG (self), 0);
  return self->n_problems;
}

gboolean
wb_oob_import_dialog_apply (WbOobImportDialog *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (WB_IS_OOB_IMPORT_DIALOG (self), FALSE);

  if (!wb_oob_import_dialog_get_can_import (self))
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, wb_command_import_oob_new (self->game, self->import),
                     &error))
    {
      gtk_label_set_label (GTK_LABEL (self->status), error->message);
      gtk_widget_set_visible (self->status, TRUE);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
wb_oob_import_dialog_dispose (GObject *object)
{
  WbOobImportDialog *self = WB_OOB_IMPORT_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  g_clear_object (&self->import);
  g_clear_pointer (&self->summary_text, g_free);
  G_OBJECT_CLASS (wb_oob_import_dialog_parent_class)->dispose (object);
}

static void
wb_oob_import_dialog_class_init (WbOobImportDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = wb_oob_import_dialog_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_oob_import_dialog_init (WbOobImportDialog *self)
{
}

WbOobImportDialog *
wb_oob_import_dialog_new (GtkWindow   *parent,
                          WbGame      *game,
                          WbUndoStack *stack,
                          const char  *name,
                          const char  *text,
                          gssize       len)
{
  WbOobImportDialog *self;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  GtkWidget *box, *header, *cancel, *scroller;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_UNDO_STACK (stack), NULL);

  /* Translators: the import window's title; %s is a file name */
  title = g_strdup_printf (_("Import Order of Battle from %s"), name != NULL ? name : "CSV");
  self = g_object_new (WB_TYPE_OOB_IMPORT_DIALOG, "transient-for", parent, "modal", TRUE,
                       "title", title, "default-width", 640, "default-height", 480, NULL);
  self->game = g_object_ref (game);
  self->stack = g_object_ref (stack);
  self->import = wb_oob_csv_parse (game, text, len, &error);

  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  self->import_button = gtk_button_new_with_mnemonic (_("_Import"));
  gtk_widget_add_css_class (self->import_button, "suggested-action");
  g_signal_connect_swapped (self->import_button, "clicked",
                            G_CALLBACK (wb_oob_import_dialog_apply), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->import_button);

  self->summary = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->summary), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0);
  gtk_widget_add_css_class (self->summary, "heading");
  gtk_widget_set_margin_start (self->summary, 12);
  gtk_widget_set_margin_end (self->summary, 12);
  gtk_widget_set_margin_top (self->summary, 12);
  self->status = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->status, "error");
  gtk_widget_set_visible (self->status, FALSE);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_margin_start (scroller, 12);
  gtk_widget_set_margin_end (scroller, 12);
  gtk_widget_set_margin_bottom (scroller, 12);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), self->summary);
  gtk_box_append (GTK_BOX (box), self->status);
  gtk_box_append (GTK_BOX (box), scroller);
  adw_window_set_content (ADW_WINDOW (self), box);

  fill (self, error);
  return self;
}
