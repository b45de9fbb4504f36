/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-balance-window.h"
#include "wb-window-private.h"

/* Playtest ▸ Balance Lab…: the balance lab's window for the game in this
 * window (one at a time; presented again when open). */
static void
balance_lab_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  g_autofree char *path = NULL;
  WbBalanceWindow *lab;

  if (self->game == NULL)
    return;
  if (self->balance_lab != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->balance_lab));
      return;
    }
  path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  lab = wb_balance_window_new (GTK_WINDOW (self), self->game, path);
  self->balance_lab = GTK_WIDGET (lab);
  g_object_add_weak_pointer (G_OBJECT (lab), (gpointer *) &self->balance_lab);
  gtk_window_present (GTK_WINDOW (lab));
}

WbBalanceWindow *
wb_window_get_balance_lab (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->balance_lab != NULL ? WB_BALANCE_WINDOW (self->balance_lab) : NULL;
}

void
_wb_window_balance_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.balance-lab", NULL, balance_lab_action);
}
