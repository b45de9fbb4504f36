/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-legend-private.h"

/* The question a refused removal of a terrain type asks: its hexes need
 * another type; the one picked is applied by legend.replace-terrain. */

static void
on_replace_response (GtkDialog      *dialog,
                     int             response,
                     WbLegendEditor *self)
{
  GtkWidget *dropdown = g_object_get_data (G_OBJECT (dialog), "dropdown");
  GPtrArray *others = g_object_get_data (G_OBJECT (dialog), "others");

  if (response == GTK_RESPONSE_ACCEPT && dropdown != NULL)
    {
      guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

      if (i < others->len)
        gtk_widget_activate_action (GTK_WIDGET (self), "legend.replace-terrain", "s",
                                    (const char *) g_ptr_array_index (others, i));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A terrain type hexes use: say so, and offer to repaint them. */
void
_wb_legend_ask_replacement (WbLegendEditor *self,
                            WbTerrainType  *t)
{
  GtkWidget *dialog, *area;
  GPtrArray *all = wb_game_get_terrain (self->game);
  GPtrArray *others = g_ptr_array_new ();
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  WbHexMap *first_map = NULL;
  WbOffset first = { 0, 0 };
  guint n = wb_legend_count_terrain (self->game, t->id, &first_map, &first);
  g_autofree char *title = NULL;
  g_autofree char *where = NULL;
  char hex[32] = "";

  for (guint i = 0; i < all->len; i++)
    {
      WbTerrainType *o = g_ptr_array_index (all, i);

      if (o == t)
        continue;
      g_ptr_array_add (others, (gpointer) o->id);
      gtk_string_list_append (names, o->name != NULL ? o->name : o->id);
    }

  if (first_map != NULL)
    wb_hex_map_format_hex (first_map, first, hex, sizeof hex);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "“%s” is used by %u hex",
                                        "“%s” is used by %u hexes", n),
                           t->name != NULL ? t->name : t->id, n);
  /* Translators: a hex number and a map name */
  where = g_strdup_printf (_("The first is %s on “%s”."), hex,
                           first_map != NULL ? wb_map_get_name (WB_MAP (first_map)) : "");
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", title);
  g_object_set_data_full (G_OBJECT (dialog), "others", others, (GDestroyNotify) g_ptr_array_unref);
  if (others->len == 0)
    {
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s %s", where,
                                                _("It is the only terrain type, so it stays."));
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Close"), GTK_RESPONSE_CANCEL);
    }
  else
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *label = gtk_label_new_with_mnemonic (_("_Repaint them with"));
      GtkWidget *dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
      GtkWidget *button;

      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s %s", where,
                                                _("To remove it, its hexes need another terrain type. "
                                                  "Undo paints them back."));
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
      gtk_widget_set_name (dropdown, "replacement-dropdown");
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
      area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
      gtk_box_append (GTK_BOX (area), row);
      g_object_set_data (G_OBJECT (dialog), "dropdown", dropdown);
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Keep It"), GTK_RESPONSE_CANCEL);
      button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("Repaint and _Remove"), GTK_RESPONSE_ACCEPT);
      gtk_widget_add_css_class (button, "destructive-action");
    }
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_replace_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}
