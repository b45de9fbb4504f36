/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-application"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-application.h"
#include "wb-window.h"

#define DEFAULT_GAME "battle-of-the-wilderness" WB_GAME_FILE_EXTENSION

struct _WbApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (WbApplication, wb_application, ADW_TYPE_APPLICATION)

static WbWindow *
get_active_window (WbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return WB_IS_WINDOW (window) ? WB_WINDOW (window) : NULL;
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
  file = find_start_game (self);
  if (file != NULL)
    wb_window_open (WB_WINDOW (window), file);
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
      WbWindow *window = find_window_for_file (self, files[i]);

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
