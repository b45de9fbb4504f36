/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-window-private.h"
#include "wb-table-editor.h"

/* The table editor in the window: a page of the main stack, like the
 * order-of-battle editor (wb-window-oob.c). A table's row in the sidebar
 * opens it for that table; choosing a map row, the editor's Back button or
 * Escape in its grid goes back to the map. */

/* After the click or key that chose the row is done with the sidebar. */
static gboolean
focus_grid (gpointer data)
{
  g_autoptr(WbTableEditor) editor = data;
  int row, col;

  /* Not mapped: another page is shown, or the window is gone. */
  if (gtk_widget_get_mapped (GTK_WIDGET (editor)))
    {
      wb_table_editor_get_cursor (editor, &row, &col);
      wb_table_editor_set_cursor (editor, row, col);
    }
  return G_SOURCE_REMOVE;
}

static void
on_table_selected (WbWindow *self,
                   WbTable  *table)
{
  WbTableEditor *editor = WB_TABLE_EDITOR (self->table_editor);

  wb_table_editor_set_table (editor, wb_table_get_id (table));
  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "table");
  wb_table_editor_set_cursor (editor, 0, 0);
  g_timeout_add (100, focus_grid, g_object_ref (editor));
}

static void
back_to_map (WbWindow *self)
{
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (map == NULL || !wb_sidebar_select (self->sidebar, map, wb_map_view_get_scenario (self->map_view)))
    gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

void
_wb_window_table_init (WbWindow *self)
{
  self->table_editor = wb_table_editor_new ();
  gtk_stack_add_named (GTK_STACK (self->main_stack), self->table_editor, "table");
  g_signal_connect_object (self->sidebar, "table-selected", G_CALLBACK (on_table_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table_editor, "close-requested", G_CALLBACK (back_to_map), self,
                           G_CONNECT_SWAPPED);
}

/* The window shows another game (or none). */
void
_wb_window_table_set_game (WbWindow *self)
{
  wb_table_editor_set_game (WB_TABLE_EDITOR (self->table_editor), self->game, self->undo_stack);
}

gboolean
wb_window_get_table_shown (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack)), "table") == 0;
}

GtkWidget *
wb_window_get_table_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->table_editor;
}
