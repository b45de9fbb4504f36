/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-handover.h"

struct _WbPlayHandover
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkLabel  *title;
  GtkLabel  *subtitle;
  GtkButton *button;
};

G_DEFINE_FINAL_TYPE (WbPlayHandover, wb_play_handover, GTK_TYPE_WIDGET)

enum { READY, N_SIGNALS };
static guint signals[N_SIGNALS];

gboolean
wb_play_needs_handover (WbPlay *play, guint before)
{
  WbMatch *m;

  g_return_val_if_fail (WB_IS_PLAY (play), FALSE);
  m = wb_play_get_state (play);
  /* Between the players' turns, not for a prompt of the other side. */
  return !m->over && wb_play_screen_holder (play, before) != before;
}

void
wb_play_handover_set_play (WbPlayHandover *self, WbPlay *play)
{
  WbMatch *m;
  const char *side;
  g_autofree char *title = NULL, *step = NULL, *sub = NULL, *button = NULL;

  g_return_if_fail (WB_IS_PLAY_HANDOVER (self) && WB_IS_PLAY (play));
  m = wb_play_get_state (play);
  side = wb_match_side_name (m, wb_play_player (play));
  step = wb_play_describe_step (play);
  /* TRANSLATORS: the hot-seat hand-over screen's title: "Union to play" */
  title = g_strdup_printf (_("%s to play"), side);
  /* TRANSLATORS: the hand-over screen: the turn and step, then what to do */
  sub = g_strdup_printf (_("%s\nHand the screen over: the map stays hidden until the %s player is ready."),
                         step, side);
  /* TRANSLATORS: the hand-over button: "I Am the Union Player" */
  button = g_strdup_printf (_("I Am the %s Player"), side);
  gtk_label_set_text (self->title, title);
  gtk_label_set_text (self->subtitle, sub);
  gtk_button_set_label (self->button, button);
}

const char *
wb_play_handover_get_title (WbPlayHandover *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HANDOVER (self), NULL);
  return gtk_label_get_text (self->title);
}

void
wb_play_handover_activate (WbPlayHandover *self)
{
  g_return_if_fail (WB_IS_PLAY_HANDOVER (self));
  g_signal_emit (self, signals[READY], 0);
}

static void
wb_play_handover_dispose (GObject *object)
{
  WbPlayHandover *self = WB_PLAY_HANDOVER (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (wb_play_handover_parent_class)->dispose (object);
}

static void
wb_play_handover_class_init (WbPlayHandoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_handover_dispose;
  signals[READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                 NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-play-handover");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_play_handover_init (WbPlayHandover *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_halign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "title-1");
  self->subtitle = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_justify (self->subtitle, GTK_JUSTIFY_CENTER);
  gtk_label_set_wrap (self->subtitle, TRUE);
  gtk_label_set_max_width_chars (self->subtitle, 50);
  self->button = GTK_BUTTON (gtk_button_new_with_label (""));
  gtk_widget_add_css_class (GTK_WIDGET (self->button), "suggested-action");
  gtk_widget_add_css_class (GTK_WIDGET (self->button), "pill");
  gtk_widget_set_halign (GTK_WIDGET (self->button), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), _("Show the map to the player to act"));
  gtk_widget_set_name (GTK_WIDGET (self->button), "handover-ready");
  g_signal_connect_swapped (self->button, "clicked", G_CALLBACK (wb_play_handover_activate), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->title));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->subtitle));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->button));
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Hand-over between the players"), -1);
}

GtkWidget *
wb_play_handover_new (void)
{
  return g_object_new (WB_TYPE_PLAY_HANDOVER, NULL);
}
