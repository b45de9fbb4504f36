/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-stack-popover.h"

struct _WbStackPopover
{
  GtkPopover  parent_instance;

  GtkWidget  *list;      /* GtkBox of buttons, one per unit */
};

G_DEFINE_FINAL_TYPE (WbStackPopover, wb_stack_popover, GTK_TYPE_POPOVER)

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
on_clicked (GtkButton      *button,
            WbStackPopover *self)
{
  const char *unit = g_object_get_data (G_OBJECT (button), "wb-unit");

  g_signal_emit (self, signals[UNIT_ACTIVATED], 0, unit);
}

void
wb_stack_popover_set_units (WbStackPopover *self,
                            WbMatch        *m,
                            GPtrArray      *units,
                            GHashTable     *pickable,
                            const char     *selected,
                            const char     *viewer,
                            gboolean        hides)
{
  GtkWidget *child;

  g_return_if_fail (WB_IS_STACK_POPOVER (self));

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_box_remove (GTK_BOX (self->list), child);
  /* The top of the stack (drawn last) first, as it lies on the map. */
  for (guint k = units->len; k > 0; k--)
    {
      const WbUnitState *u = g_ptr_array_index (units, k - 1);
      WbSide *side = g_ptr_array_index (wb_game_get_sides (m->game), u->side);
      gboolean hidden = hides && viewer != NULL && g_strcmp0 (side->id, viewer) != 0;
      g_autofree char *text = NULL;
      GtkWidget *button, *box, *label, *check;

      if (hidden)
        /* TRANSLATORS: an enemy block in a stack opened on the map: its side only */
        text = g_strdup_printf (_("%s block"), wb_match_side_name (m, u->side));
      else
        text = wb_match_unit_text (m, u);
      button = gtk_button_new ();
      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_widget_set_hexpand (label, TRUE);
      check = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_set_opacity (check, g_strcmp0 (u->id, selected) == 0 ? 1.0 : 0.0);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), check);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "flat");
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      g_object_set_data (G_OBJECT (button), "wb-unit", (gpointer) u->id);
      gtk_widget_set_sensitive (button, !hidden && g_hash_table_contains (pickable, u->id));
      if (!gtk_widget_get_sensitive (button))
        gtk_widget_set_tooltip_text (button, hidden ? NULL : _("Cannot be picked in this step"));
      g_signal_connect (button, "clicked", G_CALLBACK (on_clicked), self);
      gtk_box_append (GTK_BOX (self->list), button);
    }
}

guint
wb_stack_popover_get_n_units (WbStackPopover *self)
{
  guint n = 0;

  g_return_val_if_fail (WB_IS_STACK_POPOVER (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (self->list); c != NULL; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

gboolean
wb_stack_popover_click_unit (WbStackPopover *self,
                             const char     *unit)
{
  g_return_val_if_fail (WB_IS_STACK_POPOVER (self), FALSE);
  for (GtkWidget *c = gtk_widget_get_first_child (self->list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (c), "wb-unit"), unit) == 0 && gtk_widget_get_sensitive (c))
      {
        g_signal_emit_by_name (c, "clicked");
        return TRUE;
      }
  return FALSE;
}

static void
wb_stack_popover_class_init (WbStackPopoverClass *klass)
{
  /**
   * WbStackPopover::unit-activated:
   * @unit: the unit's id
   *
   * A unit of the stack was clicked.
   */
  signals[UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
wb_stack_popover_init (WbStackPopover *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title = gtk_label_new (_("Units here"));
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_set_margin_start (title, 6);
  self->list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_popover_set_child (GTK_POPOVER (self), box);
  gtk_popover_set_autohide (GTK_POPOVER (self), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self), GTK_POS_RIGHT);
  gtk_widget_set_name (GTK_WIDGET (self), "play-stack");
}

GtkWidget *
wb_stack_popover_new (void)
{
  return g_object_new (WB_TYPE_STACK_POPOVER, NULL);
}
