/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-application"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-new-game-dialog.h"
#include "wb-window.h"

#define DEFAULT_GAME "battle-of-the-wilderness" WB_GAME_FILE_EXTENSION

struct _WbApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;

  /* Crash recovery: drafts waiting to be offered (WbDraftInfo), the dialog
   * offering one, and whether the start game opens once they are dealt
   * with. */
  GQueue          pending_drafts;
  GtkWindow      *recover_dialog;
  gboolean        start_after_drafts;
};

G_DEFINE_FINAL_TYPE (WbApplication, wb_application, ADW_TYPE_APPLICATION)

/* The most recently active game window (the application's list is in
 * focus order; dialogs may be on it too). */
static WbWindow *
get_active_window (WbApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (WB_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static WbWindow *
find_window_for_file (WbApplication *self,
                      GFile         *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!WB_IS_WINDOW (l->data))
        continue;
      shown = wb_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }

  return NULL;
}

static WbWindow *
new_window (WbApplication *self)
{
  WbWindow *window = wb_window_new (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The game to show at start: the one open when Warbench last quit, else
 * the bundled default. */
static GFile *
find_start_game (WbApplication *self)
{
  if (self->settings != NULL)
    {
      g_autofree char *path = g_settings_get_string (self->settings, "last-game");

      if (path != NULL && *path && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (path);
    }

  return wb_application_find_default_game ();
}

static void offer_next_draft (WbApplication *self);

static gboolean
draft_is_pending (WbApplication *self,
                  const char    *id)
{
  for (GList *l = self->pending_drafts.head; l != NULL; l = l->next)
    if (g_str_equal (((WbDraftInfo *) l->data)->id, id))
      return TRUE;
  return FALSE;
}

/* Whether a window of this session is keeping draft @id up to date. */
static gboolean
draft_is_live (WbApplication *self,
               const char    *id)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      const char *window_id;

      if (!WB_IS_WINDOW (l->data) || !wb_window_get_dirty (l->data))
        continue;
      window_id = wb_window_get_draft_id (l->data);
      if (window_id != NULL && g_str_equal (window_id, id))
        return TRUE;
    }
  return FALSE;
}

static char *
draft_display_name (WbDraftInfo *info)
{
  if (info->title != NULL && *info->title)
    return g_strdup (info->title);
  if (info->uri != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (info->uri);
      g_autofree char *name = g_file_get_basename (file);

      if (name != NULL)
        return g_filename_display_name (name);
    }
  return g_strdup (_("Untitled Game"));
}

static void
open_start_game (WbApplication *self)
{
  WbWindow *window = get_active_window (self);
  g_autoptr(GFile) file = NULL;

  if (window == NULL || wb_window_get_game (window) != NULL || wb_window_get_loading (window))
    return;
  file = find_start_game (self);
  if (file != NULL)
    wb_window_open (window, file);
}

/* Where a recovered game goes: the window showing its file when that has
 * no changes of its own, an empty window, or a new one. */
static WbWindow *
window_for_draft (WbApplication *self,
                  GFile         *file)
{
  WbWindow *window = file != NULL ? find_window_for_file (self, file) : NULL;

  if (window != NULL && !wb_window_get_dirty (window))
    return window;
  window = get_active_window (self);
  if (window != NULL && wb_window_get_game (window) == NULL && !wb_window_get_loading (window))
    return window;
  return new_window (self);
}

static void
on_draft_error_response (AdwMessageDialog *dialog,
                         const char       *response,
                         WbApplication    *self)
{
  g_clear_weak_pointer (&self->recover_dialog);
  offer_next_draft (self);
}

static void
restore_draft (WbApplication *self,
               WbDraftInfo   *info)
{
  g_autoptr(GFile) draft = g_file_new_for_path (info->path);
  g_autoptr(GFile) file = info->uri != NULL ? g_file_new_for_uri (info->uri) : NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GError) error = NULL;
  WbWindow *window;

  game = wb_game_load (draft, NULL, &error);
  if (game == NULL)
    {
      g_autofree char *name = draft_display_name (info);
      GtkWindow *parent = GTK_WINDOW (get_active_window (self));
      AdwMessageDialog *dialog;

      /* The draft stays where it is: it may still be worth something to
       * the user or to a later version. */
      g_warning ("Could not recover the draft %s: %s", info->path, error->message);
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent,
                                                           NULL, error->message));
      /* Translators: %s is the game's title */
      adw_message_dialog_format_heading (dialog, _("Could Not Recover “%s”"), name);
      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      adw_message_dialog_set_default_response (dialog, "close");
      adw_message_dialog_set_close_response (dialog, "close");
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
      g_signal_connect_object (dialog, "response", G_CALLBACK (on_draft_error_response), self, 0);
      g_set_weak_pointer (&self->recover_dialog, GTK_WINDOW (dialog));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }

  window = window_for_draft (self, file);
  wb_window_restore_draft (window, game, file, info->id);
  gtk_window_present (GTK_WINDOW (window));
  offer_next_draft (self);
}

static void
on_recover_response (AdwMessageDialog *dialog,
                     const char       *response,
                     WbApplication    *self)
{
  g_autoptr(WbDraftInfo) info = g_object_steal_data (G_OBJECT (dialog), "wb-draft");

  g_clear_weak_pointer (&self->recover_dialog);
  if (info == NULL)
    return;

  if (g_str_equal (response, "restore"))
    restore_draft (self, info);
  else
    {
      /* "later" (Escape, closing the dialog) keeps the draft for the next start. */
      if (g_str_equal (response, "discard"))
        wb_drafts_delete (info->id);
      offer_next_draft (self);
    }
}

static void
offer_next_draft (WbApplication *self)
{
  g_autoptr(WbDraftInfo) info = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *name = NULL;
  g_autofree char *when = NULL;
  GtkWindow *parent;
  AdwMessageDialog *dialog;

  if (self->recover_dialog != NULL)
    return;

  info = g_queue_pop_head (&self->pending_drafts);
  if (info == NULL)
    {
      if (self->start_after_drafts)
        {
          self->start_after_drafts = FALSE;
          open_start_game (self);
        }
      return;
    }

  parent = GTK_WINDOW (get_active_window (self));
  if (parent == NULL)
    parent = GTK_WINDOW (new_window (self));

  name = draft_display_name (info);
  local = g_date_time_to_local (info->time);
  when = g_date_time_format (local, "%c");

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Recover Unsaved Changes?"), NULL));
  /* Translators: %s are a game's title and a date and time */
  adw_message_dialog_format_body (dialog,
                                  _("Warbench did not close properly while “%s” had unsaved changes. "
                                    "They were last saved as a draft on %s."),
                                  name, when);
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");
  adw_message_dialog_set_close_response (dialog, "later");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "wb-draft", g_steal_pointer (&info),
                          (GDestroyNotify) wb_draft_info_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_recover_response), self, 0);
  g_set_weak_pointer (&self->recover_dialog, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Offers to restore the drafts a crashed session left behind. Returns
 * whether there were any. */
static gboolean
offer_drafts (WbApplication *self)
{
  g_autoptr(GPtrArray) drafts = wb_drafts_list ();
  gboolean any = FALSE;

  for (guint i = 0; i < drafts->len; i++)
    {
      WbDraftInfo *info = g_ptr_array_index (drafts, i);

      if (draft_is_live (self, info->id) || draft_is_pending (self, info->id))
        continue;
      g_queue_push_tail (&self->pending_drafts, g_steal_pointer (&drafts->pdata[i]));
      any = TRUE;
    }

  if (any || self->recover_dialog != NULL)
    {
      offer_next_draft (self);
      return TRUE;
    }
  return FALSE;
}

static void
wb_application_activate (GApplication *app)
{
  WbApplication *self = WB_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GFile) file = NULL;

  if (window != NULL)
    {
      gtk_window_present (window);
      return;
    }

  window = GTK_WINDOW (new_window (self));
  /* The start game waits until the user has answered about the drafts,
   * which may take the empty window. */
  if (offer_drafts (self))
    {
      self->start_after_drafts = TRUE;
      return;
    }
  file = find_start_game (self);
  if (file != NULL)
    wb_window_open (WB_WINDOW (window), file);
}

/* A playtest given on the command line or by the file manager: played in
 * the window that shows nothing yet, else in a new one. One that cannot be
 * opened is said in a dialog, and the window made for it goes (unless it
 * is the only one). */
static void
open_playtest (WbApplication *self,
               GFile         *file,
               const char    *name)
{
  g_autoptr(GError) error = NULL;
  WbWindow *active = get_active_window (self);
  WbWindow *window = active;
  gboolean fresh = FALSE;
  AdwMessageDialog *dialog;

  if (window == NULL || wb_window_get_game (window) != NULL || wb_window_get_loading (window))
    {
      window = new_window (self);
      fresh = TRUE;
    }
  gtk_window_present (GTK_WINDOW (window));
  if (wb_window_open_playtest (window, file, &error))
    return;
  if (fresh && active != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      window = active;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (window), NULL, error->message));
  /* Translators: %s is the playtest's file name */
  adw_message_dialog_format_heading (dialog, _("Could Not Open “%s”"), name);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
wb_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  WbApplication *self = WB_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_file_get_basename (files[i]);
      WbWindow *window;

      /* A playtest (its game carried or beside it): played in a window. */
      if (name != NULL && g_str_has_suffix (name, ".warbench-play"))
        {
          open_playtest (self, files[i], name);
          continue;
        }
      window = find_window_for_file (self, files[i]);
      if (window == NULL)
        {
          /* Reuse a window that shows nothing yet. */
          window = get_active_window (self);
          if (window == NULL || wb_window_get_game (window) != NULL ||
              wb_window_get_loading (window))
            window = new_window (self);
          wb_window_open (window, files[i]);
        }

      gtk_window_present (GTK_WINDOW (window));
    }

  offer_drafts (self);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  WbApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing goes through each window's unsaved-changes prompt; the
   * application ends when the last window has gone. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  WbApplication *self = user_data;
  WbWindow *window = get_active_window (self);

  if (window == NULL)
    window = new_window (self);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
}

/* A new game goes into the active window when that shows nothing yet,
 * else into a new one; it is untitled until saved. */
static void
on_new_game_create (WbNewGameDialog *dialog,
                    WbGame          *game,
                    WbApplication   *self)
{
  WbWindow *window = get_active_window (self);

  if (window == NULL || wb_window_get_game (window) != NULL || wb_window_get_loading (window))
    window = new_window (self);
  wb_window_set_game (window, game, NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  WbApplication *self = user_data;
  WbWindow *window = get_active_window (self);
  WbNewGameDialog *dialog;

  if (window == NULL)
    window = new_window (self);
  dialog = wb_new_game_dialog_new (GTK_WINDOW (window));
  g_signal_connect_object (dialog, "create", G_CALLBACK (on_new_game_create), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  new_window (user_data);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  WbApplication *self = user_data;
  static const char *developers[] = { "The Warbench developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "modal", TRUE,
                        "application-icon", APP_ID,
                        "application-name", _("Warbench"),
                        "developer-name", _("The Warbench developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Design and playtest board wargames: hex and point-to-point "
                                      "maps, orders of battle, combat results tables and scenarios."),
                        "website", "https://github.com/warbench/warbench",
                        "issue-url", "https://github.com/warbench/warbench/issues",
                        "developers", developers,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        "copyright", "© 2026 The Warbench developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  WbApplication *self = user_data;
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *shortcuts;

  builder = gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
  shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
  gtk_window_set_transient_for (shortcuts, gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_set_modal (shortcuts, TRUE);
  gtk_window_present (shortcuts);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "open", open_action },
  { "new-game", new_game_action },
  { "new-window", new_window_action },
  { "about", about_action },
  { "shortcuts", shortcuts_action },
};

static void
wb_application_startup (GApplication *app)
{
  WbApplication *self = WB_APPLICATION (app);
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  G_APPLICATION_CLASS (wb_application_parent_class)->startup (app);

  g_set_application_name (_("Warbench"));
  gtk_window_set_default_icon_name (APP_ID);

  /* Work without settings rather than abort when the schema is not
   * installed, as in tests and uninstalled runs. */
  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new_full (schema, NULL, NULL);
  else
    g_debug ("Settings schema %s is not installed; settings will not be kept", APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.open",
                                         (const char *[]) { "<Control>o", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-game",
                                         (const char *[]) { "<Control><Shift>n", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-window",
                                         (const char *[]) { "<Control>n", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.shortcuts",
                                         (const char *[]) { "<Control>question", NULL });
}

static void
wb_application_dispose (GObject *object)
{
  WbApplication *self = WB_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_weak_pointer (&self->recover_dialog);
  g_queue_clear_full (&self->pending_drafts, (GDestroyNotify) wb_draft_info_free);

  G_OBJECT_CLASS (wb_application_parent_class)->dispose (object);
}

static void
wb_application_class_init (WbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = wb_application_dispose;
  app_class->startup = wb_application_startup;
  app_class->activate = wb_application_activate;
  app_class->open = wb_application_open;
}

static void
wb_application_init (WbApplication *self)
{
}

WbApplication *
wb_application_new (void)
{
  return g_object_new (WB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/warbench/Warbench",
                       NULL);
}

GSettings *
wb_application_get_settings (WbApplication *self)
{
  g_return_val_if_fail (WB_IS_APPLICATION (self), NULL);
  return self->settings;
}

gboolean
wb_application_is_sample_game (GFile *file)
{
  const char *dirs[] = { g_getenv ("WARBENCH_DATADIR"), SOURCE_DATADIR, PKGDATADIR };

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autoptr(GFile) games = NULL;

      if (dirs[i] == NULL || *dirs[i] == '\0')
        continue;
      games = g_file_new_build_filename (dirs[i], "games", NULL);
      if (g_file_has_parent (file, games))
        return TRUE;
    }
  return FALSE;
}

GFile *
wb_application_find_default_game (void)
{
  const char *env = g_getenv ("WARBENCH_DATADIR");
  const char *dirs[] = { env, SOURCE_DATADIR, PKGDATADIR };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = NULL;

      if (dirs[i] == NULL || *dirs[i] == '\0')
        continue;
      path = g_build_filename (dirs[i], "games", DEFAULT_GAME, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (path);
    }

  return NULL;
}
