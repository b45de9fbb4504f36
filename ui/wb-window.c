/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-edit.h"
#include "wb-legend-editor.h"
#include "wb-map-editor.h"
#include "wb-scenario-pane.h"
#include "wb-tool-palette.h"
#include "wb-window-private.h"

/* One open game: the sidebar of its contents, the map canvas with the map
 * editor's tool palette, and a status bar. The window owns the game's file,
 * its undo stack (one per open game; the dirty flag is the stack's
 * !is-clean), the map editor and the Open/Save flows; the game itself is the
 * model that the sidebar and the map view observe. */


G_DEFINE_FINAL_TYPE (WbWindow, wb_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FILE,
  PROP_DIRTY,
  PROP_LOADING,
  PROP_SHOW_SIDEBAR,
  PROP_SHOW_NUMBERS,
  PROP_SHOW_GRID,
  PROP_SHOW_INSPECTOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void save_as         (WbWindow *self);
static void close_confirmed (WbWindow *self);


/* State → UI. */

/* The one place that decides which actions are available. */
static void
update_actions (WbWindow *self)
{
  gboolean has_game = self->game != NULL;
  gboolean has_map = wb_map_view_get_map (self->map_view) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-sidebar", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-in",
                                 has_map && wb_map_view_can_zoom_in (self->map_view));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-out",
                                 has_map && wb_map_view_can_zoom_out (self->map_view));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-reset", has_map);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-fit", has_map);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.legend", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-map", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-oob", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-kit", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-vassal", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-tmx", has_map);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-scenario", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-scenario",
                                 has_game && wb_game_get_scenarios (self->game)->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-oob", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-map",
                                 has_map && wb_game_get_maps (self->game)->len > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.map-background", has_map);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resize-map",
                                 WB_IS_HEX_MAP (wb_map_view_get_map (self->map_view)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hex-numbering",
                                 WB_IS_HEX_MAP (wb_map_view_get_map (self->map_view)));
  if (!_wb_window_play_update_undo (self))
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                     self->undo_stack != NULL &&
                                     wb_undo_stack_get_can_undo (self->undo_stack));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                     self->undo_stack != NULL &&
                                     wb_undo_stack_get_can_redo (self->undo_stack));
    }
  /* Set here too, so that the end of a playtest gives them back. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-oob", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-chits", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-table", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.duplicate-table",
                                 has_game && wb_sidebar_get_selected_table (self->sidebar) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-table",
                                 has_game && wb_sidebar_get_selected_table (self->sidebar) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-inspector", TRUE);
  /* The Playtest menu's items of a running playtest. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-override", self->play != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-rules", self->play != NULL);
  _wb_window_scenario_update_actions (self);
  _wb_window_play_lock_actions (self);
}

void
_wb_window_update_actions (WbWindow *self)
{
  update_actions (self);
}

/* A command label inside a menu label: its underscores are not mnemonics. */
static char *
escape_mnemonic (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

/* The Undo/Redo menu items and button tooltips say what they would do. */
static void
update_undo (WbWindow *self)
{
  const char *undo = self->undo_stack != NULL ? wb_undo_stack_get_undo_label (self->undo_stack) : NULL;
  const char *redo = self->undo_stack != NULL ? wb_undo_stack_get_redo_label (self->undo_stack) : NULL;
  g_autofree char *undo_item = NULL;
  g_autofree char *redo_item = NULL;
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;

  if (undo != NULL)
    {
      g_autofree char *escaped = escape_mnemonic (undo);

      /* Translators: a menu item; %s says what, "Paint 7 hexes Forest" */
      undo_item = g_strdup_printf (_("_Undo %s"), escaped);
      /* Translators: a tooltip; %s says what, "Paint 7 hexes Forest" */
      undo_tip = g_strdup_printf (_("Undo %s"), undo);
    }
  if (redo != NULL)
    {
      g_autofree char *escaped = escape_mnemonic (redo);

      /* Translators: a menu item; %s says what, "Paint 7 hexes Forest" */
      redo_item = g_strdup_printf (_("_Redo %s"), escaped);
      /* Translators: a tooltip; %s says what, "Paint 7 hexes Forest" */
      redo_tip = g_strdup_printf (_("Redo %s"), redo);
    }

  g_menu_remove_all (self->edit_section);
  g_menu_append (self->edit_section, undo_item != NULL ? undo_item : _("_Undo"), "win.undo");
  g_menu_append (self->edit_section, redo_item != NULL ? redo_item : _("_Redo"), "win.redo");
  gtk_widget_set_tooltip_text (self->undo_button, undo_tip != NULL ? undo_tip : _("Undo"));
  gtk_widget_set_tooltip_text (self->redo_button, redo_tip != NULL ? redo_tip : _("Redo"));
  update_actions (self);
}

static void
on_clean_changed (WbWindow *self)
{
  gboolean clean = wb_undo_stack_get_is_clean (self->undo_stack) && !self->from_draft;

  if (clean)
    _wb_window_delete_draft (self);
  wb_window_set_dirty (self, !clean);
}

static void
update_title (WbWindow *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->game != NULL)
    {
      const char *game_title = wb_game_get_title (self->game);

      if (game_title == NULL || *game_title == '\0')
        game_title = _("Untitled Game");
      /* The bullet marks unsaved changes, as in GNOME Text Editor's tabs. */
      title = self->dirty ? g_strdup_printf ("• %s", game_title) : g_strdup (game_title);
    }
  else
    title = g_strdup (_("Warbench"));

  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);

      subtitle = g_filename_display_name (name);
    }
  else if (self->game != NULL)
    subtitle = g_strdup (_("Not saved"));

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
  gtk_window_set_title (GTK_WINDOW (self), title);
}

void
_wb_window_update_status (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);
  const char *hover = wb_map_view_get_hover_text (self->map_view);
  WbOffset hex;
  g_autoptr(GString) text = g_string_new (NULL);

  if (map == NULL)
    ;
  else if (hover != NULL && WB_IS_HEX_MAP (map) &&
           wb_map_view_get_hover_hex (self->map_view, &hex))
    {
      WbHexMap *hex_map = WB_HEX_MAP (map);
      WbTerrainType *terrain = wb_game_find_terrain (self->game,
                                                     wb_hex_map_get_terrain (hex_map, hex));
      const char *label = wb_hex_map_get_label (hex_map, hex);

      g_string_append (text, hover);
      if (terrain != NULL)
        g_string_append_printf (text, " · %s", terrain->name != NULL ? terrain->name : terrain->id);
      if (wb_hex_map_has_elevation (hex_map))
        {
          g_string_append (text, " · ");
          /* Translators: the elevation level of a hex */
          g_string_append_printf (text, _("level %d"), wb_hex_map_get_elevation (hex_map, hex));
        }
      if (label != NULL && *label)
        g_string_append_printf (text, " · %s", label);
    }
  else if (hover != NULL)
    g_string_append (text, hover);
  else
    {
      WbScenario *scenario = wb_map_view_get_scenario (self->map_view);

      g_string_append (text, wb_map_get_name (map));
      if (scenario != NULL)
        g_string_append_printf (text, " · %s", wb_scenario_get_name (scenario));
    }

  gtk_label_set_label (self->hover_label, text->str);
}


static void
on_zoom_changed (WbWindow *self)
{
  g_autofree char *text = NULL;

  /* Translators: the map zoom as a percentage */
  text = g_strdup_printf (_("%.0f%%"), wb_map_view_get_zoom (self->map_view) * 100);
  gtk_label_set_label (self->zoom_label, text);
  update_actions (self);
}

static void
show_page (WbWindow *self)
{
  const char *page = "empty";

  if (self->game != NULL)
    page = "game";
  else if (self->load_cancellable != NULL)
    page = "loading";

  gtk_spinner_set_spinning (self->spinner, g_str_equal (page, "loading"));
  gtk_stack_set_visible_child_name (self->stack, page);
}

static void
show_error (WbWindow   *self,
            const char *heading,
            const char *message)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Recent files. */

static void
add_to_recent (WbWindow *self)
{
  g_autofree char *uri = NULL;
  g_autofree char *exec = NULL;
  GtkRecentData data = { 0 };

  if (self->file == NULL)
    return;

  uri = g_file_get_uri (self->file);
  exec = g_strdup_printf ("%s %%u", g_get_prgname () != NULL ? g_get_prgname () : "warbench");
  data.mime_type = (char *) GAME_MIME_TYPE;
  data.app_name = (char *) (g_get_application_name () != NULL ? g_get_application_name () : "Warbench");
  data.app_exec = exec;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *ma = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *mb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return -g_date_time_compare (ma, mb);
}

static void
update_recent_menu (WbWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (g_str_has_suffix (gtk_recent_info_get_uri (info), WB_GAME_FILE_EXTENSION) &&
          (!gtk_recent_info_is_local (info) || gtk_recent_info_exists (info)))
        g_ptr_array_add (games, gtk_recent_info_ref (info));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (games, compare_recent);

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; i < games->len && i < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (games, i);
      g_autoptr(GMenuItem) item = NULL;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
    }

  /* An item without an action shows greyed out. */
  if (games->len == 0)
    g_menu_append (self->recent_menu, _("No Recent Games"), NULL);
}

/* The game. */

static void
on_game_changed (WbWindow   *self,
                 const char *what)
{
  wb_window_set_dirty (self, TRUE);
  _wb_window_schedule_autosave (self);
  if (g_strcmp0 (what, "maps") == 0)
    _wb_window_check_shown_map (self);
  if (g_strcmp0 (what, "tables") == 0)
    _wb_window_check_shown_table (self);
  _wb_window_scenario_game_changed (self, what);
  update_actions (self);
}

static void
set_file (WbWindow *self,
          GFile    *file)
{
  if (g_set_object (&self->file, file))
    {
      /* The draft is named after the file. */
      g_clear_pointer (&self->draft_id, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
}

static void
on_sidebar_map_selected (WbWindow   *self,
                         WbMap      *map,
                         WbScenario *scenario)
{
  gboolean another_map = map != wb_map_view_get_map (self->map_view);

  wb_map_view_set_map (self->map_view, self->game, map, scenario);
  if (another_map)
    _wb_window_layout_map_shown (self);
  wb_map_editor_set_target (self->editor, self->game, map, self->undo_stack);
  gtk_widget_set_visible (self->palette, map != NULL);
  _wb_window_update_inspector_visible (self);
  _wb_window_setup_map_shown (self);
  _wb_window_oob_map_shown (self);
  _wb_window_scenario_shown (self);
  update_actions (self);
  _wb_window_update_status (self);
}

void
wb_window_set_game (WbWindow *self,
                    WbGame   *game,
                    GFile    *file)
{
  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);

  /* A draft of the game shown before stays on disk: only saving or
   * discarding its changes removes it. */
  _wb_window_cancel_autosave (self);
  g_clear_pointer (&self->draft_id, g_free);
  self->from_draft = FALSE;

  /* A playtest belongs to the game it plays. */
  _wb_window_end_play (self);
  if (self->undo_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->undo_stack, self);
  g_clear_object (&self->undo_stack);
  wb_map_editor_set_target (self->editor, NULL, NULL, NULL);

  if (g_set_object (&self->game, game))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  set_file (self, file);

  /* One undo stack per open game. */
  if (game != NULL)
    {
      self->undo_stack = wb_undo_stack_new ();
      g_signal_connect_object (self->undo_stack, "notify::undo-label", G_CALLBACK (update_undo),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->undo_stack, "notify::redo-label", G_CALLBACK (update_undo),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->undo_stack, "notify::can-undo", G_CALLBACK (update_undo),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->undo_stack, "notify::can-redo", G_CALLBACK (update_undo),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->undo_stack, "notify::is-clean", G_CALLBACK (on_clean_changed),
                               self, G_CONNECT_SWAPPED);
    }
  update_undo (self);
  if (self->legend != NULL)
    wb_legend_editor_set_target (WB_LEGEND_EDITOR (self->legend), game, self->undo_stack);

  if (game != NULL)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::title", G_CALLBACK (update_title), self,
                               G_CONNECT_SWAPPED);
    }

  wb_map_view_set_map (self->map_view, NULL, NULL, NULL);
  _wb_window_oob_set_game (self);
  _wb_window_table_set_game (self);
  _wb_window_chits_set_game (self);
  _wb_window_scenario_shown (self);
  wb_sidebar_set_game (self->sidebar, game);

  /* Start on the first scenario's set-up when there is one, else on the
   * first map. */
  if (game != NULL)
    {
      GPtrArray *scenarios = wb_game_get_scenarios (game);
      GPtrArray *maps = wb_game_get_maps (game);
      gboolean shown = FALSE;

      for (guint i = 0; i < scenarios->len && !shown; i++)
        {
          WbScenario *scenario = g_ptr_array_index (scenarios, i);
          WbMap *map = wb_game_find_map (game, wb_scenario_get_map (scenario));

          shown = map != NULL && wb_sidebar_select (self->sidebar, map, scenario);
        }
      if (!shown && maps->len > 0)
        wb_sidebar_select (self->sidebar, g_ptr_array_index (maps, 0), NULL);
    }

  self->close_confirmed = FALSE;
  wb_window_set_dirty (self, FALSE);
  add_to_recent (self);
  show_page (self);
  update_title (self);
  _wb_window_update_status (self);
  update_actions (self);

  /* So that the arrow keys pan the map straight away. */
  if (game != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *file = task_data;
  GError *error = NULL;
  WbGame *game;

  game = wb_game_load (file, cancellable, &error);
  if (game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, game, g_object_unref);
}

static void
load_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  WbWindow *self = WB_WINDOW (object);
  GTask *task = G_TASK (result);
  GFile *file = g_task_get_task_data (task);
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GError) error = NULL;

  /* A newer load replaced this one, or the window went away. */
  if (g_task_get_cancellable (task) != self->load_cancellable)
    return;

  game = g_task_propagate_pointer (task, &error);
  g_clear_object (&self->load_cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);

  if (game == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = NULL;

      /* Translators: %s is a file name */
      heading = g_strdup_printf (_("Could Not Open “%s”"), name);
      show_error (self, heading, error->message);
      show_page (self);
      return;
    }

  wb_window_set_game (self, game, file);
}

void
wb_window_open (WbWindow *self,
                GFile    *file)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  task = g_task_new (self, self->load_cancellable, load_done, NULL);
  g_task_set_source_tag (task, wb_window_open);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  show_page (self);
}

/* Opens a file the user picked: here, unless that would drop unsaved
 * changes, in which case in a new window. */
static void
open_from_user (WbWindow *self,
                GFile    *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (self->game == NULL || !self->dirty)
    wb_window_open (self, file);
  else if (app != NULL)
    g_application_open (G_APPLICATION (app), &file, 1, "");
  else
    {
      WbWindow *window = wb_window_new (NULL);

      gtk_window_present (GTK_WINDOW (window));
      wb_window_open (window, file);
    }
}

static gboolean
save_to (WbWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  g_assert (self->game != NULL);

  if (!wb_game_save (self->game, file, NULL, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = NULL;

      /* Translators: %s is a file name */
      heading = g_strdup_printf (_("Could Not Save “%s”"), name);
      show_error (self, heading, error->message);
      return FALSE;
    }

  /* The draft goes under its old name, before a Save As renames it. */
  _wb_window_delete_draft (self);
  self->from_draft = FALSE;
  set_file (self, file);
  if (self->undo_stack != NULL)
    wb_undo_stack_set_clean (self->undo_stack);
  wb_window_set_dirty (self, FALSE);
  add_to_recent (self);
  update_title (self);
  return TRUE;
}

/* File choosers. */

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (games, _("Warbench Games"));
  gtk_file_filter_add_pattern (games, "*" WB_GAME_FILE_EXTENSION);
  gtk_file_filter_add_mime_type (games, GAME_MIME_TYPE);
  gtk_file_chooser_add_filter (chooser, games);

  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);

  gtk_file_chooser_set_filter (chooser, games);
}

static void
on_open_response (GtkNativeDialog *chooser,
                  int              response,
                  WbWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        open_from_user (self, file);
    }

  g_clear_object (&self->chooser);
}

static void
on_save_response (GtkNativeDialog *chooser,
                  int              response,
                  WbWindow        *self)
{
  gboolean close_after = self->close_after_save;

  self->close_after_save = FALSE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;

      /* Add the extension the user left out, so the file opens in Warbench. */
      if (name != NULL && !g_str_has_suffix (name, WB_GAME_FILE_EXTENSION))
        {
          g_autofree char *fixed = g_strconcat (name, WB_GAME_FILE_EXTENSION, NULL);
          g_autoptr(GFile) parent = g_file_get_parent (file);

          g_clear_object (&file);
          file = g_file_get_child (parent, fixed);
        }

      if (file != NULL && save_to (self, file) && close_after)
        close_confirmed (self);
    }

  g_clear_object (&self->chooser);
}

static void
save_as (WbWindow *self)
{
  GtkFileChooserNative *chooser;

  if (self->game == NULL || self->chooser != NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (chooser));

  if (self->file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (self->file);
      g_autofree char *name = g_file_get_basename (self->file);

      /* A bundled sample is saved as the user's own copy, in their documents. */
      if (wb_application_is_sample_game (self->file))
        {
          const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
          g_clear_object (&parent);
          parent = g_file_new_for_path (docs != NULL ? docs : g_get_home_dir ());
        }
      if (parent != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), parent, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else
    {
      /* A new game is offered under its title ("Battle of Gettysburg" →
       * battle-of-gettysburg.warbench), not "untitled". */
      g_autofree char *name = wb_game_suggest_file_name (self->game);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }

  g_signal_connect (chooser, "response", G_CALLBACK (on_save_response), self);
  self->chooser = chooser;
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Actions. */

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (chooser));
  if (self->file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (self->file);

      if (parent != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), parent, NULL);
    }

  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  self->chooser = chooser;
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  open_from_user (WB_WINDOW (widget), file);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game == NULL)
    return;
  /* The bundled samples are never overwritten: saving one asks where to keep a copy. */
  if (self->file != NULL && !wb_application_is_sample_game (self->file))
    save_to (self, self->file);
  else
    save_as (self);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save_as (WB_WINDOW (widget));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* The legend window: one per main window, hidden when closed. */
static void
legend_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (self->legend == NULL)
    self->legend = wb_legend_editor_new (GTK_WINDOW (self), self->game, self->undo_stack);
  gtk_window_present (GTK_WINDOW (self->legend));
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (g_str_equal (action_name, "win.zoom-in"))
    wb_map_view_zoom_in (self->map_view);
  else if (g_str_equal (action_name, "win.zoom-out"))
    wb_map_view_zoom_out (self->map_view);
  else if (g_str_equal (action_name, "win.zoom-reset"))
    wb_map_view_set_zoom (self->map_view, 1.0);
  else if (g_str_equal (action_name, "win.zoom-fit"))
    _wb_window_layout_fit_map (self);
  else
    g_assert_not_reached ();
}

/* Drag and drop. */

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         WbWindow      *self)
{
  GFile *file = NULL;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = g_value_get_boxed (value);

      file = files != NULL ? files->data : NULL;
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    file = g_value_get_object (value);

  if (file == NULL)
    return FALSE;

  open_from_user (self, file);
  return TRUE;
}

/* Closing. */

static gboolean
close_cb (gpointer data)
{
  gtk_window_close (data);
  return G_SOURCE_REMOVE;
}

/* Closes once the dialog that asked has gone: closing from inside its
 * response handler would free the window under the dialog (GTK 4.8 then
 * touches the dead parent when the dialog is disposed). */
static void
close_confirmed (WbWindow *self)
{
  self->close_confirmed = TRUE;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_cb, g_object_ref (self), g_object_unref);
}

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   WbWindow         *self)
{
  self->close_dialog = NULL;

  if (g_str_equal (response, "discard"))
    {
      _wb_window_delete_draft (self);
      close_confirmed (self);
    }
  else if (g_str_equal (response, "save"))
    {
      if (self->file == NULL)
        {
          self->close_after_save = TRUE;
          save_as (self);
        }
      else if (save_to (self, self->file))
        close_confirmed (self);
    }
}

static void
ask_to_close (WbWindow *self)
{
  AdwMessageDialog *dialog;
  g_autofree char *name = NULL;

  if (self->close_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->close_dialog));
      return;
    }

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Save Changes?"), NULL));
  name = self->file != NULL ? g_file_get_basename (self->file) : NULL;
  if (name != NULL)
    /* Translators: %s is a file name */
    adw_message_dialog_format_body (dialog,
                                    _("“%s” has unsaved changes. Changes which are not saved will be permanently lost."),
                                    name);
  else
    adw_message_dialog_set_body (dialog,
                                 _("The game has unsaved changes. Changes which are not saved will be permanently lost."));

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self, 0);

  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_window_state (WbWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  if (self->file != NULL && g_file_is_native (self->file))
    {
      g_autofree char *path = g_file_get_path (self->file);

      g_settings_set_string (self->settings, "last-game", path);
    }
  g_settings_apply (self->settings);
}

static gboolean
wb_window_close_request (GtkWindow *window)
{
  WbWindow *self = WB_WINDOW (window);

  if (self->dirty && !self->close_confirmed)
    {
      ask_to_close (self);
      return TRUE;
    }

  save_window_state (self);
  return GTK_WINDOW_CLASS (wb_window_parent_class)->close_request (window);
}


/* Object. */

/* The application's settings, once the window has its application:
 * "application" is not a construct property, so GObject sets it after
 * constructed() (the window used to look for them there, find no
 * application, and keep nothing). */
static void
on_application (WbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (self->settings != NULL || !WB_IS_APPLICATION (app) ||
      wb_application_get_settings (WB_APPLICATION (app)) == NULL)
    return;
  self->settings = g_object_ref (wb_application_get_settings (WB_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_settings_bind (self->settings, "show-hex-numbers", self, "show-numbers", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-grid", self, "show-grid", G_SETTINGS_BIND_DEFAULT);
  _wb_window_layout_load_settings (self);
  _wb_window_scenario_load_settings (self);
}

static void
wb_window_dispose (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

  _wb_window_setup_dispose (self);
  _wb_window_scenario_dispose (self);
  _wb_window_layout_dispose (self);
  g_clear_object (&self->play_controller);
  g_clear_object (&self->play);
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  /* A draft left behind here is what recovery offers next time. */
  _wb_window_cancel_autosave (self);
  g_clear_pointer (&self->draft_id, g_free);
  _wb_window_tools_dispose (self);
  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->undo_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->undo_stack, self);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);

  if (self->legend != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (self->legend));
      self->legend = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_WINDOW);

  g_clear_object (&self->undo_stack);
  g_clear_object (&self->editor);

  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (wb_window_parent_class)->dispose (object);
}

/* The panes' own state goes last: a widget going away in dispose may
 * still call into them. */
static void
wb_window_finalize (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

  _wb_window_play_finalize (self);
  _wb_window_solo_finalize (self);
  _wb_window_tools_finalize (self);
  G_OBJECT_CLASS (wb_window_parent_class)->finalize (object);
}

static void
wb_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  WbWindow *self = WB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->load_cancellable != NULL);
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, self->show_sidebar);
      break;
    case PROP_SHOW_NUMBERS:
      g_value_set_boolean (value, self->show_numbers);
      break;
    case PROP_SHOW_GRID:
      g_value_set_boolean (value, self->show_grid);
      break;
    case PROP_SHOW_INSPECTOR:
      g_value_set_boolean (value, self->show_inspector);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  WbWindow *self = WB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DIRTY:
      wb_window_set_dirty (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_SIDEBAR:
      if (self->show_sidebar != g_value_get_boolean (value))
        {
          self->show_sidebar = g_value_get_boolean (value);
          _wb_window_layout_set_show_sidebar (self, self->show_sidebar);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_NUMBERS:
      if (self->show_numbers != g_value_get_boolean (value))
        {
          self->show_numbers = g_value_get_boolean (value);
          wb_map_view_set_show_numbers (self->map_view, self->show_numbers);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_GRID:
      if (self->show_grid != g_value_get_boolean (value))
        {
          self->show_grid = g_value_get_boolean (value);
          wb_map_view_set_show_grid (self->map_view, self->show_grid);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_INSPECTOR:
      if (self->show_inspector != g_value_get_boolean (value))
        {
          self->show_inspector = g_value_get_boolean (value);
          _wb_window_layout_set_show_inspector (self, self->show_inspector);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_window_class_init (WbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = wb_window_dispose;
  object_class->finalize = wb_window_finalize;
  object_class->get_property = wb_window_get_property;
  object_class->set_property = wb_window_set_property;
  window_class->close_request = wb_window_close_request;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, WB_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_NUMBERS] =
    g_param_spec_boolean ("show-numbers", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_INSPECTOR] =
    g_param_spec_boolean ("show-inspector", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (WB_TYPE_MAP_VIEW);
  g_type_ensure (WB_TYPE_SIDEBAR);
  g_type_ensure (WB_TYPE_SCENARIO_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, WbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, sidebar_flap);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, inspector_flap);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, inspector_revealer);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, hover_label);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_map_selected);
  gtk_widget_class_bind_template_callback_full (widget_class, "update_status", G_CALLBACK (_wb_window_update_status));
  gtk_widget_class_bind_template_child (widget_class, WbWindow, editor_label);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, inspector_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, canvas_box);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, scenario_paned);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, scenario_pane);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, play_button_content);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, edit_section);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, _wb_window_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, _wb_window_redo_action);
  gtk_widget_class_install_action (widget_class, "win.legend", NULL, legend_action);
  gtk_widget_class_install_action (widget_class, "win.add-map", NULL, _wb_window_add_map_action);
  gtk_widget_class_install_action (widget_class, "win.export-oob", NULL, _wb_window_export_oob_action);
  gtk_widget_class_install_action (widget_class, "win.import-oob", NULL, _wb_window_import_oob_action);
  gtk_widget_class_install_action (widget_class, "win.delete-map", NULL, _wb_window_delete_map_action);
  gtk_widget_class_install_action (widget_class, "win.map-background", NULL,
                                   _wb_window_map_background_action);
  gtk_widget_class_install_action (widget_class, "win.resize-map", NULL,
                                   _wb_window_resize_map_action);
  gtk_widget_class_install_action (widget_class, "win.hex-numbering", NULL,
                                   _wb_window_hex_numbering_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "show-sidebar");
  gtk_widget_class_install_property_action (widget_class, "win.show-numbers", "show-numbers");
  gtk_widget_class_install_property_action (widget_class, "win.show-grid", "show-grid");
  gtk_widget_class_install_property_action (widget_class, "win.show-inspector", "show-inspector");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.legend", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.new-playtest", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, GDK_SHIFT_MASK, "win.end-playtest", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "win.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK,
                                       "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK,
                                       "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "win.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK,
                                       "win.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0,
                                       "win.show-sidebar", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "win.show-inspector", NULL);
  _wb_window_oob_class_init (widget_class);
  _wb_window_chits_class_init (widget_class);
  _wb_window_scenario_class_init (widget_class);
  _wb_window_tables_class_init (widget_class);
  _wb_window_print_class_init (widget_class);
  _wb_window_import_class_init (widget_class);
  _wb_window_table_class_init (widget_class);
  _wb_window_play_class_init (widget_class);
  _wb_window_balance_class_init (widget_class);
  _wb_window_goto_class_init (widget_class);
  _wb_window_layout_class_init (widget_class);
}

static void
wb_window_init (WbWindow *self)
{
  GtkDropTarget *target;

  /* The window's view toggles are what the stateful win.show-* actions and
   * the settings bind to; the map view follows them. */
  self->show_sidebar = TRUE;
  self->show_numbers = TRUE;
  self->show_grid = TRUE;
  self->show_inspector = TRUE;

  gtk_widget_init_template (GTK_WIDGET (self));
  _wb_window_tools_init (self);
  _wb_window_layout_init (self);

  /* The map editor: its palette beside the canvas, its actions as
   * "editor.*", its tools on single keys while the focus is in the canvas
   * area (so they never take keys from the sidebar). */
  self->editor = wb_map_editor_new ();
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor",
                                  wb_map_editor_get_actions (self->editor));
  self->palette = wb_tool_palette_new (self->editor);
  gtk_widget_set_visible (self->palette, FALSE);
  gtk_box_prepend (self->canvas_box, self->palette);
  g_signal_connect_object (self->editor, "notify::editing", G_CALLBACK (_wb_window_on_editing_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::tool", G_CALLBACK (_wb_window_on_editing_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::brush-radius", G_CALLBACK (_wb_window_on_editing_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::status", G_CALLBACK (_wb_window_update_editor_status),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "before-edit", G_CALLBACK (_wb_window_on_before_edit),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "area-changed", G_CALLBACK (_wb_window_on_area_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "edit-begin", G_CALLBACK (_wb_window_on_edit_begin),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "edit-update", G_CALLBACK (_wb_window_on_edit_update),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "edit-end", G_CALLBACK (_wb_window_on_edit_end),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "point-clicked", G_CALLBACK (_wb_window_on_point_clicked),
                           self, G_CONNECT_SWAPPED);
  _wb_window_add_tool_shortcuts (self);
  _wb_window_setup_annotations (self);
  _wb_window_setup_lines (self);
  _wb_window_add_inspector (self);
  _wb_window_clipboard_init (self);
  _wb_window_setup_init (self);
  _wb_window_oob_init (self);
  _wb_window_table_init (self);
  _wb_window_chits_init (self);
  _wb_window_play_init (self);
  _wb_window_scenario_init (self);
  _wb_window_tables_init (self);
  _wb_window_update_editor_status (self);
  update_undo (self);

  g_signal_connect (self, "notify::application", G_CALLBACK (on_application), NULL);

  target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (target, (GType[2]) { GDK_TYPE_FILE_LIST, G_TYPE_FILE }, 2);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self->stack), GTK_EVENT_CONTROLLER (target));

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);

  on_zoom_changed (self);
  update_title (self);
  _wb_window_update_status (self);
  show_page (self);
}

WbWindow *
wb_window_new (GtkApplication *application)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  return g_object_new (WB_TYPE_WINDOW, "application", application, NULL);
}

gboolean
wb_window_get_loading (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return self->load_cancellable != NULL;
}

WbGame *
wb_window_get_game (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->game;
}

GFile *
wb_window_get_file (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->file;
}

gboolean
wb_window_get_dirty (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return self->dirty;
}

void
wb_window_set_dirty (WbWindow *self,
                     gboolean  dirty)
{
  g_return_if_fail (WB_IS_WINDOW (self));

  dirty = !!dirty;
  if (dirty == self->dirty)
    return;

  self->dirty = dirty;
  if (!dirty)
    {
      self->close_confirmed = FALSE;
      _wb_window_cancel_autosave (self);
    }
  else
    _wb_window_schedule_autosave (self);
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

WbMapView *
wb_window_get_map_view (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->map_view;
}

WbSidebar *
wb_window_get_sidebar (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->sidebar;
}

WbUndoStack *
wb_window_get_undo_stack (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->undo_stack;
}

WbMapEditor *
wb_window_get_map_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->editor;
}

GtkWidget *
wb_window_get_tool_palette (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->palette;
}

void
wb_window_restore_draft (WbWindow   *self,
                         WbGame     *game,
                         GFile      *file,
                         const char *draft_id)
{
  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  g_return_if_fail (draft_id != NULL && *draft_id);

  /* The draft wins over a load still running in this window. */
  if (self->load_cancellable != NULL)
    {
      g_cancellable_cancel (self->load_cancellable);
      g_clear_object (&self->load_cancellable);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
    }

  wb_window_set_game (self, game, file);
  g_free (self->draft_id);
  self->draft_id = g_strdup (draft_id);
  self->from_draft = TRUE;
  wb_window_set_dirty (self, TRUE);
}

const char *
wb_window_get_draft_id (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->game != NULL ? _wb_window_get_draft_id (self) : NULL;
}
