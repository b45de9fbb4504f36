/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-oob-csv-dialog.h"
#include "wb-window-private.h"

/* The order of battle as a spreadsheet: Export writes the game's
 * formations and units as CSV (replaced atomically), Import reads a CSV
 * and shows what it would change before anything happens
 * (WbOobImportDialog). */

#define CHOOSER_KEY "wb-csv-chooser"

static void
add_csv_filter (GtkFileChooser *chooser)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Spreadsheets (CSV)"));
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_filter_add_suffix (filter, "csv");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

gboolean
wb_window_export_oob (WbWindow  *self,
                      GFile     *file,
                      GError   **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No game is open"));
      return FALSE;
    }
  /* g_file_replace writes a temporary file and renames it over the old one
   * when closed, so a failed export leaves the old file as it was. */
  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (stream == NULL)
    return FALSE;
  wb_game_lock_read (self->game);
  if (!wb_oob_csv_write (self->game, G_OUTPUT_STREAM (stream), NULL, error))
    {
      wb_game_unlock_read (self->game);
      g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, NULL);
      return FALSE;
    }
  wb_game_unlock_read (self->game);
  return g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error);
}

GtkWindow *
wb_window_import_oob (WbWindow  *self,
                      GFile     *file,
                      GError   **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  gsize len = 0;
  WbOobImportDialog *dialog;

  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (self->game == NULL || self->undo_stack == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No game is open"));
      return NULL;
    }
  /* Refuse a huge file before reading it. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_size (info) > WB_OOB_CSV_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The file is larger than %d MiB"), WB_OOB_CSV_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!g_file_load_contents (file, NULL, &text, &len, NULL, error))
    return NULL;
  name = g_file_get_basename (file);
  dialog = wb_oob_import_dialog_new (GTK_WINDOW (self), self->game, self->undo_stack, name,
                                     text, (gssize) len);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    WbWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (file != NULL && !wb_window_export_oob (self, file, &error))
        _wb_window_show_message (self, error->message);
    }
  g_object_set_data (G_OBJECT (self), CHOOSER_KEY, NULL);
}

static void
on_import_response (GtkNativeDialog *chooser,
                    int              response,
                    WbWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (file != NULL && wb_window_import_oob (self, file, &error) == NULL)
        _wb_window_show_message (self, error->message);
    }
  g_object_set_data (G_OBJECT (self), CHOOSER_KEY, NULL);
}

void
_wb_window_export_oob_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkFileChooserNative *chooser;
  const char *id;
  g_autofree char *name = NULL;

  if (self->game == NULL || g_object_get_data (G_OBJECT (self), CHOOSER_KEY) != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Order of Battle"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_csv_filter (GTK_FILE_CHOOSER (chooser));
  id = wb_game_get_id (self->game);
  /* Translators: the default file name of an exported order of battle */
  name = g_strdup_printf (_("%s-order-of-battle.csv"), id != NULL && *id ? id : "game");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response), self);
  g_object_set_data_full (G_OBJECT (self), CHOOSER_KEY, chooser, g_object_unref);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
_wb_window_import_oob_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (self->game == NULL || g_object_get_data (G_OBJECT (self), CHOOSER_KEY) != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import Order of Battle"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_csv_filter (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_import_response), self);
  g_object_set_data_full (G_OBJECT (self), CHOOSER_KEY, chooser, g_object_unref);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
