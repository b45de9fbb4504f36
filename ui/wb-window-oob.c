/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-window-private.h"
#include "wb-oob-editor.h"

/* The order-of-battle editor in the window: it takes the place of the map
 * (the map, its palette, inspector and status bar are one page of a stack,
 * the OOB editor the other), so a designer has the whole width for the
 * tree and the unit's form. A side's row in the sidebar opens it for that
 * side; choosing a map row, the editor's Back button, Escape in its tree
 * or win.show-oob (Ctrl+Shift+O) goes back to the map. */

static gboolean
oob_shown (WbWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack)), "oob") == 0;
}

static void
show_page (WbWindow   *self,
           const char *name)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), name);
}

static void
on_oob_selected (WbWindow   *self,
                 const char *side)
{
  wb_oob_editor_set_side (WB_OOB_EDITOR (self->oob_editor), side);
  show_page (self, "oob");
  gtk_widget_grab_focus (wb_oob_editor_get_field (WB_OOB_EDITOR (self->oob_editor), "tree"));
}

static void
back_to_map (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);

  /* Selecting the map's row again makes the sidebar show what is shown. */
  if (map == NULL || !wb_sidebar_select (self->sidebar, map, wb_map_view_get_scenario (self->map_view)))
    show_page (self, "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
show_oob_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  const char *side;

  if (self->game == NULL)
    return;
  if (oob_shown (self))
    {
      back_to_map (self);
      return;
    }
  side = wb_oob_editor_get_side (WB_OOB_EDITOR (self->oob_editor));
  if (side == NULL && wb_game_get_sides (self->game)->len > 0)
    side = ((WbSide *) g_ptr_array_index (wb_game_get_sides (self->game), 0))->id;
  if (side == NULL || !wb_sidebar_select_side (self->sidebar, side))
    _wb_window_show_message (self, _("The game has no sides yet"));
}

void
_wb_window_oob_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-oob", NULL, show_oob_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-oob", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_O, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-oob", NULL);
}

void
_wb_window_oob_init (WbWindow *self)
{
  self->oob_editor = wb_oob_editor_new ();
  gtk_stack_add_named (GTK_STACK (self->main_stack), self->oob_editor, "oob");
  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "map");

  g_signal_connect_object (self->sidebar, "oob-selected", G_CALLBACK (on_oob_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->oob_editor, "close-requested", G_CALLBACK (back_to_map), self,
                           G_CONNECT_SWAPPED);
}

/* The window shows another game (or none). */
void
_wb_window_oob_set_game (WbWindow *self)
{
  wb_oob_editor_set_game (WB_OOB_EDITOR (self->oob_editor), self->game, self->undo_stack);
  show_page (self, "map");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-oob", self->game != NULL);
}

/* A map row was chosen: the map comes back. */
void
_wb_window_oob_map_shown (WbWindow *self)
{
  show_page (self, "map");
}

gboolean
wb_window_get_oob_shown (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return oob_shown (self);
}

GtkWidget *
wb_window_get_oob_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->oob_editor;
}
