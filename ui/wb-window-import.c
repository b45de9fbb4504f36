/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-window-private.h"

/* File ▸ Import Scenario…: a scenario of another game file (a variant, a
 * scenario exported on its own) added to this game as one undoable edit
 * (wb_command_import_scenario_new ()), with what it needs that the game
 * lacks; a clash — a unit or table defined otherwise, other rules — is
 * shown, every one, and nothing changes. */

#define CHOOSER_KEY "wb-import-chooser"

/* @id, or @id-2, @id-3… the first free in @game. */
static char *
free_scenario_id (WbGame     *game,
                  const char *id)
{
  char *candidate = g_strdup (id);

  for (guint n = 2; wb_game_find_scenario (game, candidate) != NULL && n < 10000; n++)
    {
      g_free (candidate);
      candidate = g_strdup_printf ("%s-%u", id, n);
    }
  return candidate;
}

gboolean
wb_window_import_scenario (WbWindow    *self,
                           GFile       *file,
                           const char  *scenario_id,
                           GError     **error)
{
  g_autoptr(WbGame) from = NULL;
  g_autofree char *new_id = NULL;
  GPtrArray *scenarios;
  WbScenario *scenario;

  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL || self->undo_stack == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No game is open"));
      return FALSE;
    }
  from = wb_game_load (file, NULL, error);
  if (from == NULL)
    return FALSE;
  scenarios = wb_game_get_scenarios (from);
  scenario = scenario_id != NULL ? wb_game_find_scenario (from, scenario_id)
             : scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL;
  if (scenario == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   scenario_id != NULL ? _("%s has no scenario “%s”") : _("%s has no scenario"), name, scenario_id);
      return FALSE;
    }
  /* A scenario of this very game (or one imported before) comes in
   * beside it under a new id rather than clashing. */
  new_id = free_scenario_id (self->game, wb_scenario_get_id (scenario));
  return wb_edit_push (self->game, self->undo_stack,
                       wb_command_import_scenario_new (self->game, from, wb_scenario_get_id (scenario), new_id),
                       error);
}

static void
show_error (WbWindow   *self,
            const char *message)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                              _("The scenario was not imported"));

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
import_file (WbWindow   *self,
             GFile      *file,
             const char *scenario_id)
{
  g_autoptr(GError) error = NULL;

  if (!wb_window_import_scenario (self, file, scenario_id, &error))
    show_error (self, error->message);
  else
    _wb_window_show_message (self, _("Scenario imported (Undo takes it out again)."));
}

/* Several scenarios in the file: which one. */
static void
on_pick_response (GtkDialog *dialog,
                  int        response,
                  WbWindow  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      GFile *file = g_object_get_data (G_OBJECT (dialog), "wb-file");
      GtkDropDown *drop = g_object_get_data (G_OBJECT (dialog), "wb-drop");
      GStrv ids = g_object_get_data (G_OBJECT (dialog), "wb-ids");
      guint i = gtk_drop_down_get_selected (drop);

      if (ids != NULL && i < g_strv_length (ids))
        import_file (self, file, ids[i]);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
pick_scenario (WbWindow *self,
               GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) from = wb_game_load (file, NULL, &error);
  g_autoptr(GtkStringList) names = NULL;
  g_autoptr(GStrvBuilder) ids = NULL;
  GtkWidget *dialog, *drop, *area;
  GPtrArray *scenarios;

  if (from == NULL)
    {
      show_error (self, error->message);
      return;
    }
  scenarios = wb_game_get_scenarios (from);
  if (scenarios->len <= 1)
    {
      import_file (self, file, NULL);
      return;
    }
  names = gtk_string_list_new (NULL);
  ids = g_strv_builder_new ();
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);

      gtk_string_list_append (names, wb_scenario_get_name (s) != NULL ? wb_scenario_get_name (s)
                                                                      : wb_scenario_get_id (s));
      g_strv_builder_add (ids, wb_scenario_get_id (s));
    }
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", _("Import which scenario?"));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Import"),
                          GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  gtk_box_append (GTK_BOX (area), drop);
  g_object_set_data_full (G_OBJECT (dialog), "wb-file", g_object_ref (file), g_object_unref);
  g_object_set_data (G_OBJECT (dialog), "wb-drop", drop);
  g_object_set_data_full (G_OBJECT (dialog), "wb-ids", g_strv_builder_end (ids), (GDestroyNotify) g_strfreev);
  g_signal_connect (dialog, "response", G_CALLBACK (on_pick_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     WbWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        pick_scenario (self, file);
    }
  g_object_set_data (G_OBJECT (self), CHOOSER_KEY, NULL);
}

static void
import_scenario_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter;

  if (self->game == NULL || g_object_get_data (G_OBJECT (self), CHOOSER_KEY) != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import Scenario"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Warbench games"));
  gtk_file_filter_add_suffix (filter, "warbench");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  g_object_set_data_full (G_OBJECT (self), CHOOSER_KEY, chooser, g_object_unref);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
_wb_window_import_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-scenario", NULL, import_scenario_action);
}
