/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-new-table-dialog.h"
#include "wb-window-private.h"
#include "wb-table-editor.h"
#include "wb-table-analysis-view.h"

/* The table editor in the window: a page of the main stack, like the
 * order-of-battle editor (wb-window-oob.c). A table's row in the sidebar
 * opens it for that table; choosing a map row, the editor's Back button or
 * Escape in its grid goes back to the map. New Table…, Duplicate Table and
 * Delete Table add and remove tables, each one undoable step. */

static void back_to_map (WbWindow *self);
static void on_file_or_dirty (WbWindow *self, GParamSpec *pspec, gpointer data);

/* The editor is built the first time a table is opened: a window opens
 * without paying for it. */
static WbTableEditor *
table_editor (WbWindow *self)
{
  if (self->table_editor == NULL)
    {
      self->table_editor = wb_table_editor_new ();
      gtk_stack_add_named (GTK_STACK (self->main_stack), self->table_editor, "table");
      g_signal_connect_object (self->table_editor, "close-requested", G_CALLBACK (back_to_map), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect (self, "notify::file", G_CALLBACK (on_file_or_dirty), NULL);
      g_signal_connect (self, "notify::dirty", G_CALLBACK (on_file_or_dirty), NULL);
      _wb_window_table_set_game (self);
    }
  return WB_TABLE_EDITOR (self->table_editor);
}

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
  WbTableEditor *editor = table_editor (self);

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

static WbTableAnalysis *
analysis (WbWindow *self)
{
  return WB_TABLE_ANALYSIS (wb_table_editor_get_field (WB_TABLE_EDITOR (self->table_editor),
                                                       "analysis"));
}

/* The analysis pane compares with the file as saved: tell it where that
 * is, and to look again after a save. */
static void
on_file_or_dirty (WbWindow   *self,
                  GParamSpec *pspec,
                  gpointer    data)
{
  wb_table_analysis_set_file (analysis (self), self->file);
  wb_table_analysis_queue_update (analysis (self));
}

void
_wb_window_table_init (WbWindow *self)
{
  g_signal_connect_object (self->sidebar, "table-selected", G_CALLBACK (on_table_selected), self,
                           G_CONNECT_SWAPPED);
}

/* The window shows another game (or none). */
void
_wb_window_table_set_game (WbWindow *self)
{
  if (self->table_editor == NULL)
    return;
  wb_table_editor_set_game (WB_TABLE_EDITOR (self->table_editor), self->game, self->undo_stack);
  wb_table_analysis_set_file (analysis (self), self->file);
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
  return GTK_WIDGET (table_editor (self));
}

void
_wb_window_open_table (WbWindow *self,
                       WbTable  *table)
{
  if (!wb_sidebar_select_table (self->sidebar, table))
    on_table_selected (self, table);
}

void
_wb_window_check_shown_table (WbWindow *self)
{
  WbTable *table;

  if (self->game == NULL || self->table_editor == NULL)
    return;
  table = wb_table_editor_get_table (WB_TABLE_EDITOR (self->table_editor));
  if (table != NULL && g_ptr_array_find (wb_game_get_tables (self->game), table, NULL))
    return;
  wb_table_editor_set_table (WB_TABLE_EDITOR (self->table_editor), NULL);
  if (wb_window_get_table_shown (self))
    back_to_map (self);
}

/* The table the table actions work on: the one in the editor, else the
 * one selected in the sidebar. */
static WbTable *
current_table (WbWindow *self)
{
  WbTable *table = NULL;

  if (self->game == NULL)
    return NULL;
  if (wb_window_get_table_shown (self))
    table = wb_table_editor_get_table (WB_TABLE_EDITOR (self->table_editor));
  return table != NULL ? table : wb_sidebar_get_selected_table (self->sidebar);
}

static void
new_table_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);

  if (self->game == NULL)
    return;
  gtk_window_present (GTK_WINDOW (wb_new_table_dialog_new (self)));
}

static void
duplicate_table_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbTable *table = current_table (self);
  g_autoptr(WbTable) copy = NULL;
  g_autofree char *name = NULL, *id = NULL;
  g_autoptr(GError) error = NULL;

  if (table == NULL || self->undo_stack == NULL)
    return;
  /* TRANSLATORS: the name of a table's copy, to try a variant beside it */
  name = g_strdup_printf (_("%s (copy)"), wb_table_get_name (table));
  id = wb_game_make_table_id (self->game, name);
  copy = wb_table_copy (table, id);
  wb_table_set_name (copy, name);
  if (!wb_edit_push (self->game, self->undo_stack, wb_command_add_table_new (self->game, copy), &error))
    {
      _wb_window_show_message (self, error->message);
      return;
    }
  _wb_window_open_table (self, copy);
}

static void
delete_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbTable *table = current_table (self);
  g_autoptr(GError) error = NULL;

  if (table == NULL || self->undo_stack == NULL)
    return;
  if (!wb_edit_push (self->game, self->undo_stack,
                     wb_command_remove_table_new (self->game, wb_table_get_id (table)), &error))
    _wb_window_show_message (self, error->message);
}

void
_wb_window_table_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-table", NULL, new_table_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate-table", NULL, duplicate_table_action);
  gtk_widget_class_install_action (widget_class, "win.delete-table", NULL, delete_table_action);
}
