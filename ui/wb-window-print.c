/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-print-dialog.h"
#include "wb-window-private.h"

/* File ▸ Print… and Export Print-and-Play Kit…: the Print and Export
 * dialog (wb-print-dialog.c) over the window's game, opened on the map
 * or on the whole kit. */

#define DIALOG_KEY "wb-print-dialog"

WbPrintDialog *
wb_window_open_print_dialog (WbWindow    *self,
                             WbPrintWhat  what)
{
  WbPrintDialog *dialog;

  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);

  if (self->game == NULL)
    return NULL;
  dialog = g_object_get_data (G_OBJECT (self), DIALOG_KEY);
  if (dialog != NULL)
    {
      wb_print_dialog_set_what (dialog, what);
      gtk_window_present (GTK_WINDOW (dialog));
      return dialog;
    }
  dialog = wb_print_dialog_new (GTK_WINDOW (self), self->game, what);
  /* One dialog a window; forgotten when it closes (on_dialog_destroy). */
  g_object_set_data (G_OBJECT (self), DIALOG_KEY, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_dialog_destroy (GtkWidget *dialog,
                   WbWindow  *self)
{
  if (g_object_get_data (G_OBJECT (self), DIALOG_KEY) == dialog)
    g_object_set_data (G_OBJECT (self), DIALOG_KEY, NULL);
}

static void
open_dialog (WbWindow    *self,
             WbPrintWhat  what)
{
  WbPrintDialog *dialog = wb_window_open_print_dialog (self, what);

  if (dialog != NULL)
    g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroy), self, 0);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  open_dialog (WB_WINDOW (widget), WB_PRINT_WHAT_MAP);
}

static void
export_kit_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  open_dialog (WB_WINDOW (widget), WB_PRINT_WHAT_KIT);
}

/* --- exports to other tools --------------------------------------------- */

/* One export to another tool's format: written from a copy of the game in
 * a worker thread (a VASSAL module draws every face and board: a second
 * or two), then a message says what was written and what the format
 * could not hold. */
typedef gboolean (*ExportFunc) (WbGame     *game,
                                const char *what,
                                const char *path,
                                GPtrArray  *warnings,
                                GError    **error);

typedef struct {
  ExportFunc  run;
  char       *what;     /* the map or scenario id */
  char       *data;
  char       *path;
  GPtrArray  *warnings;
} ExportJob;

static gboolean
run_vassal (WbGame     *game,
            const char *what,
            const char *path,
            GPtrArray  *warnings,
            GError    **error)
{
  return wb_vassal_export (game, path, warnings, error);
}

static gboolean
run_tmx (WbGame     *game,
         const char *what,
         const char *path,
         GPtrArray  *warnings,
         GError    **error)
{
  WbMap *map = wb_game_find_map (game, what);

  if (map == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The game has no map “%s”"), what);
      return FALSE;
    }
  return wb_tiled_export (game, map, path, 0, error);
}

static gboolean
run_scenario (WbGame     *game,
              const char *what,
              const char *path,
              GPtrArray  *warnings,
              GError    **error)
{
  g_autoptr(WbGame) one = wb_scenario_extract (game, what, error);
  g_autoptr(GFile) file = NULL;

  if (one == NULL)
    return FALSE;
  file = g_file_new_for_path (path);
  return wb_game_save (one, file, NULL, error);
}

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_free (job->what);
  g_free (job->data);
  g_free (job->path);
  g_ptr_array_unref (job->warnings);
  g_free (job);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) copy = wb_game_load_from_data (job->data, -1, "game.warbench", &error);

  if (copy == NULL || !job->run (copy, job->what, job->path, job->warnings, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
on_export_done (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  WbWindow *self = WB_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (!g_task_propagate_boolean (G_TASK (res), &error))
    g_string_assign (text, error->message);
  else
    {
      g_autofree char *base = g_path_get_basename (job->path);

      g_string_printf (text, _("Exported %s."), base);
      for (guint i = 0; i < job->warnings->len; i++)
        g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (job->warnings, i));
    }
  g_object_set_data (G_OBJECT (self), "wb-export-busy", NULL);
  _wb_window_show_message (self, text->str);
}

static gboolean
start_export (WbWindow   *self,
              ExportFunc  run,
              const char *what,
              GFile      *file)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ExportJob *job;

  if (self->game == NULL || g_object_get_data (G_OBJECT (self), "wb-export-busy") != NULL)
    return FALSE;
  job = g_new0 (ExportJob, 1);
  job->run = run;
  job->what = g_strdup (what);
  job->warnings = g_ptr_array_new_with_free_func (g_free);
  job->path = g_file_get_path (file);
  wb_game_lock_read (self->game);
  job->data = wb_game_to_data (self->game, NULL);
  wb_game_unlock_read (self->game);
  if (job->data == NULL || job->path == NULL)
    {
      _wb_window_show_message (self, error != NULL ? error->message : _("Only a local file can be written"));
      export_job_free (job);
      return FALSE;
    }
  g_object_set_data (G_OBJECT (self), "wb-export-busy", GINT_TO_POINTER (1));
  task = g_task_new (self, NULL, on_export_done, NULL);
  g_task_set_task_data (task, job, export_job_free);
  g_task_run_in_thread (task, export_thread);
  return TRUE;
}

gboolean
wb_window_export_vassal (WbWindow *self,
                         GFile    *file)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return start_export (self, run_vassal, NULL, file);
}

gboolean
wb_window_export_tmx (WbWindow *self,
                      GFile    *file)
{
  WbMap *map;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  map = wb_map_view_get_map (self->map_view);
  return map != NULL && start_export (self, run_tmx, wb_map_get_id (map), file);
}

gboolean
wb_window_export_scenario (WbWindow *self,
                           GFile    *file)
{
  WbScenario *scenario;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  scenario = wb_map_view_get_scenario (self->map_view);
  if (scenario == NULL && self->game != NULL && wb_game_get_scenarios (self->game)->len > 0)
    scenario = g_ptr_array_index (wb_game_get_scenarios (self->game), 0);
  return scenario != NULL && start_export (self, run_scenario, wb_scenario_get_id (scenario), file);
}

#define CHOOSER_KEY "wb-export-chooser"

typedef gboolean (*StartFunc) (WbWindow *self, GFile *file);

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     WbWindow        *self)
{
  StartFunc start = (StartFunc) g_object_get_data (G_OBJECT (chooser), "wb-start");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        start (self, file);
    }
  g_object_set_data (G_OBJECT (self), CHOOSER_KEY, NULL);
}

/* A save chooser for one export: its title, a filter, a name. */
static void
choose_file (WbWindow   *self,
             const char *title,
             const char *filter_name,
             const char *suffix,
             const char *base,
             StartFunc   start)
{
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter;
  g_autofree char *name = NULL;

  if (self->game == NULL || g_object_get_data (G_OBJECT (self), CHOOSER_KEY) != NULL)
    return;
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_suffix (filter, suffix);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  name = g_strdup_printf ("%s.%s", base != NULL ? base : "game", suffix);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data (G_OBJECT (chooser), "wb-start", (gpointer) start);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  g_object_set_data_full (G_OBJECT (self), CHOOSER_KEY, chooser, g_object_unref);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_vassal_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game != NULL)
    choose_file (self, _("Export VASSAL Module"), _("VASSAL modules"), "vmod", wb_game_get_id (self->game),
                 wb_window_export_vassal);
}

static void
export_tmx_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (self->game != NULL && map != NULL)
    choose_file (self, _("Export Map for Tiled"), _("Tiled maps"), "tmx", wb_map_get_id (map), wb_window_export_tmx);
}

static void
export_scenario_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbScenario *scenario = wb_map_view_get_scenario (self->map_view);

  if (self->game == NULL)
    return;
  if (scenario == NULL && wb_game_get_scenarios (self->game)->len > 0)
    scenario = g_ptr_array_index (wb_game_get_scenarios (self->game), 0);
  if (scenario != NULL)
    choose_file (self, _("Export Scenario"), _("Warbench games"), "warbench", wb_scenario_get_id (scenario),
                 wb_window_export_scenario);
}

void
_wb_window_print_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.export-kit", NULL, export_kit_action);
  gtk_widget_class_install_action (widget_class, "win.export-vassal", NULL, export_vassal_action);
  gtk_widget_class_install_action (widget_class, "win.export-tmx", NULL, export_tmx_action);
  gtk_widget_class_install_action (widget_class, "win.export-scenario", NULL, export_scenario_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
}
