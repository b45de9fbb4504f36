/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-new-game-dialog.h"
#include "wb-window-private.h"

/* A game's maps: adding one (the New Game dialog in "Add Map" mode) and
 * deleting the one shown, each one undoable step. */

/* A refusal, where the editor's status goes. */
void
_wb_window_show_message (WbWindow   *self,
                         const char *message)
{
  gtk_label_set_label (self->editor_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->editor_label), TRUE);
}

static void
on_add_map (WbWindow *self,
            WbMap    *map)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->undo_stack == NULL)
    return;
  if (!wb_edit_push (self->game, self->undo_stack,
                     wb_command_add_map_new (self->game, map), &error))
    {
      _wb_window_show_message (self, error->message);
      return;
    }
  wb_sidebar_select (self->sidebar, map, NULL);
}

void
_wb_window_add_map_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbNewGameDialog *dialog;

  if (self->game == NULL)
    return;
  dialog = wb_new_game_dialog_new_for_map (GTK_WINDOW (self), self->game);
  g_signal_connect_object (dialog, "add-map", G_CALLBACK (on_add_map), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_wb_window_delete_map_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbMap *map = wb_map_view_get_map (self->map_view);
  g_autoptr(GError) error = NULL;
  GPtrArray *maps;

  if (self->game == NULL || self->undo_stack == NULL || map == NULL)
    return;
  if (!wb_edit_push (self->game, self->undo_stack,
                     wb_command_remove_map_new (self->game, wb_map_get_id (map)), &error))
    {
      _wb_window_show_message (self, error->message);
      return;
    }
  maps = wb_game_get_maps (self->game);
  if (maps->len > 0)
    wb_sidebar_select (self->sidebar, g_ptr_array_index (maps, 0), NULL);
}

/* After an undo or redo: a map the view shows that left the game gives way
 * to the first one. */
void
_wb_window_check_shown_map (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);
  GPtrArray *maps;

  if (self->game == NULL || map == NULL)
    return;
  maps = wb_game_get_maps (self->game);
  if (!g_ptr_array_find (maps, map, NULL) && maps->len > 0)
    wb_sidebar_select (self->sidebar, g_ptr_array_index (maps, 0), NULL);
}
