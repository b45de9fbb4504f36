/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-chit-editor.h"
#include "wb-window-private.h"

/* The chit pane in the window: a page of the main stack, like the
 * order-of-battle and table editors. The sidebar's Chits row (shown when
 * the game has chits) opens it; so does the Game menu's Chits and Draw
 * Cups item (win.show-chits), which is how a game without chits gets its
 * first. Choosing a map row, the pane's Back button or Escape in its list
 * goes back to the map. */

static void back_to_map (WbWindow *self);

/* The pane is built the first time it is needed: a window opens without
 * paying for it. */
static WbChitEditor *
chit_editor (WbWindow *self)
{
  if (self->chit_editor == NULL)
    {
      self->chit_editor = wb_chit_editor_new ();
      gtk_stack_add_named (GTK_STACK (self->main_stack), self->chit_editor, "chits");
      g_signal_connect_object (self->chit_editor, "close-requested", G_CALLBACK (back_to_map), self,
                               G_CONNECT_SWAPPED);
      wb_chit_editor_set_game (WB_CHIT_EDITOR (self->chit_editor), self->game, self->undo_stack);
    }
  return WB_CHIT_EDITOR (self->chit_editor);
}

static gboolean
chits_shown (WbWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack)), "chits") == 0;
}

static void
on_chits_selected (WbWindow *self)
{
  WbChitEditor *editor = chit_editor (self);

  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "chits");
  gtk_widget_grab_focus (wb_chit_editor_get_field (editor, "list"));
}

static void
back_to_map (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (map == NULL || !wb_sidebar_select (self->sidebar, map, wb_map_view_get_scenario (self->map_view)))
    gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
show_chits_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (chits_shown (self))
    {
      back_to_map (self);
      return;
    }
  /* Without chits the sidebar has no row for them: the pane opens all the same. */
  if (!wb_sidebar_select_chits (self->sidebar))
    {
      gtk_list_box_unselect_all (wb_sidebar_get_list_box (self->sidebar));
      on_chits_selected (self);
    }
}

void
_wb_window_chits_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-chits", NULL, show_chits_action);
}

void
_wb_window_chits_init (WbWindow *self)
{
  g_signal_connect_object (self->sidebar, "chits-selected", G_CALLBACK (on_chits_selected), self,
                           G_CONNECT_SWAPPED);
}

/* The window shows another game (or none). */
void
_wb_window_chits_set_game (WbWindow *self)
{
  if (self->chit_editor != NULL)
    wb_chit_editor_set_game (WB_CHIT_EDITOR (self->chit_editor), self->game, self->undo_stack);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-chits", self->game != NULL);
}

gboolean
wb_window_get_chits_shown (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return chits_shown (self);
}

GtkWidget *
wb_window_get_chit_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return GTK_WIDGET (chit_editor (self));
}
