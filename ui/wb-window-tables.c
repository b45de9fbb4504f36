/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-window-private.h"

/* Printable charts of the table selected in the sidebar: Print Table…
 * (GtkPrintOperation, with GTK's preview) and Export Table… (PDF, SVG or
 * PNG through wb_render_table_to_file ()), both drawn by the core's chart
 * renderer (core/wb-render-table.c). */

#define CHOOSER_KEY "wb-table-chooser"
#define TABLE_KEY   "wb-chart-table"

static void
update_table_actions (WbWindow *self)
{
  gboolean has_table = self->game != NULL &&
                       wb_sidebar_get_selected_table (self->sidebar) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-table", has_table);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-table", has_table);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-table", self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.duplicate-table", has_table);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-table", has_table);
}

gboolean
wb_window_export_table (WbWindow  *self,
                        WbTable   *table,
                        GFile     *file,
                        GError   **error)
{
  g_autofree char *path = NULL;
  WbExportFormat format;
  gboolean ok;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Tables can only be exported to a local file"));
      return FALSE;
    }
  if (!wb_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("Cannot export “%s”: choose a name ending in .pdf, .svg or .png"), path);
      return FALSE;
    }
  if (self->game != NULL)
    wb_game_lock_read (self->game);
  ok = wb_render_table_to_file (self->game, table, path, format, format == WB_EXPORT_PNG ? 2.0 : 1.0,
                                error);
  if (self->game != NULL)
    wb_game_unlock_read (self->game);
  return ok;
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    WbWindow        *self)
{
  WbTable *table = g_object_get_data (G_OBJECT (chooser), TABLE_KEY);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (file != NULL && !wb_window_export_table (self, table, file, &error))
        _wb_window_show_message (self, error->message);
    }
  g_object_set_data (G_OBJECT (self), CHOOSER_KEY, NULL);
}

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *mime_type,
            const char     *suffix)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_suffix (filter, suffix);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

static void
export_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbTable *table = wb_sidebar_get_selected_table (self->sidebar);
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;

  if (self->game == NULL || table == NULL ||
      g_object_get_data (G_OBJECT (self), CHOOSER_KEY) != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Table"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_filter (GTK_FILE_CHOOSER (chooser), _("PDF documents"), "application/pdf", "pdf");
  add_filter (GTK_FILE_CHOOSER (chooser), _("SVG images"), "image/svg+xml", "svg");
  add_filter (GTK_FILE_CHOOSER (chooser), _("PNG images"), "image/png", "png");
  /* Translators: the default file name of an exported table chart */
  name = g_strdup_printf (_("%s.pdf"), wb_table_get_id (table));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), TABLE_KEY, g_object_ref (table), g_object_unref);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response), self);
  g_object_set_data_full (G_OBJECT (self), CHOOSER_KEY, chooser, g_object_unref);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* --- printing ---------------------------------------------------------------- */

typedef struct {
  WbGame  *game;
  WbTable *table;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_object (&job->game);
  g_clear_object (&job->table);
  g_free (job);
}

/* The chart on one page, shrunk to fit the printable area if it must. */
static void
on_draw_page (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double pw = gtk_print_context_get_width (context);
  double ph = gtk_print_context_get_height (context);
  double w, h, scale;

  if (job->game != NULL)
    wb_game_lock_read (job->game);
  wb_render_table_get_size (job->table, WB_TABLE_CHART_DEFAULT, &w, &h);
  scale = MIN (1.0, MIN (pw / w, ph / h));
  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  wb_render_table (job->table, cr, WB_TABLE_CHART_DEFAULT);
  cairo_restore (cr);
  if (job->game != NULL)
    wb_game_unlock_read (job->game);
}

static void
on_print_done (GtkPrintOperation       *op,
               GtkPrintOperationResult  result,
               WbWindow                *self)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (op, &error);
      if (error != NULL)
        _wb_window_show_message (self, error->message);
    }
}

gboolean
wb_window_print_table (WbWindow    *self,
                       WbTable     *table,
                       const char  *export_pdf,
                       GError     **error)
{
  g_autoptr(GtkPrintOperation) op = NULL;
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  PrintJob *job;
  GtkPrintOperationResult result;
  double w, h;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);

  job = g_new0 (PrintJob, 1);
  job->game = self->game != NULL ? g_object_ref (self->game) : NULL;
  job->table = g_object_ref (table);

  op = gtk_print_operation_new ();
  gtk_print_operation_set_job_name (op, wb_table_get_name (table) != NULL ? wb_table_get_name (table)
                                                                             : wb_table_get_id (table));
  gtk_print_operation_set_n_pages (op, 1);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (op, TRUE);
  /* A chart wider than it is tall prints across the page. */
  wb_render_table_get_size (table, WB_TABLE_CHART_DEFAULT, &w, &h);
  gtk_page_setup_set_orientation (setup, w > h ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                               : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (op, setup);
  g_signal_connect_data (op, "draw-page", G_CALLBACK (on_draw_page), job,
                         (GClosureNotify) (void (*) (void)) print_job_free, 0);
  g_signal_connect_object (op, "done", G_CALLBACK (on_print_done), self, 0);

  if (export_pdf != NULL)
    {
      gtk_print_operation_set_export_filename (op, export_pdf);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, GTK_WINDOW (self),
                                        error);
    }
  else
    {
      gtk_print_operation_set_allow_async (op, TRUE);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                        GTK_WINDOW (self), error);
    }

  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

static void
print_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbTable *table = wb_sidebar_get_selected_table (self->sidebar);
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || table == NULL)
    return;
  if (!wb_window_print_table (self, table, NULL, &error))
    _wb_window_show_message (self, error->message);
}

void
_wb_window_tables_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.print-table", NULL, print_table_action);
  gtk_widget_class_install_action (widget_class, "win.export-table", NULL, export_table_action);
}

void
_wb_window_tables_init (WbWindow *self)
{
  g_signal_connect_object (wb_sidebar_get_list_box (self->sidebar), "selected-rows-changed",
                           G_CALLBACK (update_table_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::game", G_CALLBACK (update_table_actions),
                           self, G_CONNECT_SWAPPED);
  update_table_actions (self);
}
