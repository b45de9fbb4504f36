/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-auto.h"
#include "wb-turn-bar.h"
#include "wb-window-private.h"

/*
 * Solo play in the window (issue 19): the sides the automatic player
 * plays (WbPlayAuto), chosen in New Playtest… or in the turn bar's Solo
 * popover; a bar above the prompt says what the automatic player did and
 * why, with Pause and Step. A person alone at the screen sees their own
 * side's view all the time: no hand-over screen between turns.
 */

/* Solo play: the automatic player (while a playtest runs), its bar above
 * the prompt, the Solo popover's button, sides and pace. */
struct _WbWindowSolo
{
  WbPlayAuto           *play_auto;
  GtkWidget            *solo_bar;
  GtkWidget            *solo_label;
  GtkWidget            *solo_pause;
  GtkWidget            *solo_button;
  GtkWidget            *solo_sides;
  GtkWidget            *solo_pace;
};

static const guint paces[] = { 0, 250, 800, 2000 };

static void
update_bar (WbWindow *self)
{
  WbPlayAuto *a = self->solo->play_auto;
  gboolean solo = a != NULL && wb_play_auto_is_solo (a);
  const char *status = a != NULL ? wb_play_auto_get_status (a) : NULL;

  gtk_widget_set_visible (self->solo->solo_bar, solo);
  gtk_label_set_text (GTK_LABEL (self->solo->solo_label), status != NULL ? status : "");
  gtk_widget_set_tooltip_text (self->solo->solo_label, status);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-step", solo && wb_play_auto_to_act (a));
  if (a != NULL)
    {
      gboolean paused = wb_play_auto_get_paused (a);
      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->solo->solo_pause)) != paused)
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->solo->solo_pause), paused);
    }
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->solo->play_auto != NULL && !wb_play_auto_step (self->solo->play_auto, &error))
    gtk_label_set_text (GTK_LABEL (self->solo->solo_label), error->message);
}

static void
on_pause_toggled (WbWindow *self)
{
  if (self->solo->play_auto != NULL)
    wb_play_auto_set_paused (self->solo->play_auto,
                             gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->solo->solo_pause)));
}

static void
on_side_toggled (GtkCheckButton *check, WbWindow *self)
{
  guint side = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "wb-side"));

  if (self->solo->play_auto != NULL)
    wb_play_auto_set_side (self->solo->play_auto, side, gtk_check_button_get_active (check));
  /* The view follows: one person alone sees their side throughout. */
  _wb_window_play_refresh_viewer (self);
}

static void
on_pace_selected (WbWindow *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->solo->solo_pace));

  if (self->solo->play_auto != NULL && i < G_N_ELEMENTS (paces))
    wb_play_auto_set_pace (self->solo->play_auto, paces[i]);
}

/* The Solo popover's side switches, for the play's sides. */
static void
fill_popover (WbWindow *self)
{
  WbMatch *m = wb_play_get_state (self->play);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->solo->solo_sides)) != NULL)
    gtk_box_remove (GTK_BOX (self->solo->solo_sides), child);
  for (guint i = 0; i < wb_match_n_sides (m) && i < WB_MATCH_MAX_SIDES; i++)
    {
      /* TRANSLATORS: a switch of the Solo popover: the side */
      g_autofree char *label = g_strdup_printf (_("The automatic player plays %s"), wb_match_side_name (m, i));
      GtkWidget *check = gtk_check_button_new_with_label (label);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), wb_play_auto_get_side (self->solo->play_auto, i));
      g_object_set_data (G_OBJECT (check), "wb-side", GUINT_TO_POINTER (i));
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_side_toggled), self, 0);
      gtk_box_append (GTK_BOX (self->solo->solo_sides), check);
    }
}

void
_wb_window_solo_start (WbWindow *self, const gboolean *automatic, guint pace)
{
  guint best = 0;

  g_clear_object (&self->solo->play_auto);
  if (self->play == NULL)
    return;
  self->solo->play_auto = wb_play_auto_new (self->play);
  g_signal_connect_object (self->solo->play_auto, "changed", G_CALLBACK (update_bar), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solo->play_auto, "notify::paused", G_CALLBACK (update_bar), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (paces); i++)
    if (paces[i] == pace)
      best = i;
  wb_play_auto_set_pace (self->solo->play_auto, paces[best]);
  g_signal_handlers_block_by_func (self->solo->solo_pace, on_pace_selected, self);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->solo->solo_pace), best);
  g_signal_handlers_unblock_by_func (self->solo->solo_pace, on_pace_selected, self);
  for (guint i = 0; automatic != NULL && i < WB_MATCH_MAX_SIDES; i++)
    if (automatic[i])
      wb_play_auto_set_side (self->solo->play_auto, i, TRUE);
  gtk_widget_set_visible (self->solo->solo_button, !wb_play_is_free_play (self->play));
  fill_popover (self);
  update_bar (self);
  _wb_window_play_refresh_viewer (self);
}

void
_wb_window_solo_end (WbWindow *self)
{
  if (self->solo->play_auto != NULL)
    g_signal_handlers_disconnect_by_data (self->solo->play_auto, self);
  g_clear_object (&self->solo->play_auto);
  gtk_widget_set_visible (self->solo->solo_bar, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-step", FALSE);
}

WbPlayAuto *
wb_window_get_play_auto (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->solo->play_auto;
}

void
_wb_window_solo_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.play-step", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, 0, "win.play-step", NULL);
}

/* The bar above the prompt (@before: the prompt) and the Solo button of
 * the turn bar. */
void
_wb_window_solo_finalize (WbWindow *self)
{
  g_clear_pointer (&self->solo, g_free);
}

void
_wb_window_solo_init (WbWindow *self, GtkWidget *page_box, GtkWidget *after)
{
  GtkWidget *icon, *step, *popover, *box, *pace_label;
  g_autoptr(GtkStringList) pace_names = gtk_string_list_new (NULL);

  self->solo = g_new0 (WbWindowSolo, 1);
  self->solo->solo_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_name (self->solo->solo_bar, "solo-bar");
  gtk_widget_add_css_class (self->solo->solo_bar, "toolbar");
  icon = gtk_image_new_from_icon_name ("applications-games-symbolic");
  gtk_widget_set_tooltip_text (icon, _("Solo play: the automatic player plays a side"));
  self->solo->solo_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->solo->solo_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->solo->solo_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (self->solo->solo_label, TRUE);
  self->solo->solo_pause = gtk_toggle_button_new_with_mnemonic (_("_Pause"));
  gtk_widget_set_tooltip_text (self->solo->solo_pause, _("Stop the automatic player; Step plays one action at a time"));
  g_signal_connect_object (self->solo->solo_pause, "toggled", G_CALLBACK (on_pause_toggled), self, G_CONNECT_SWAPPED);
  step = gtk_button_new_with_mnemonic (_("_Step"));
  gtk_widget_set_name (step, "solo-step");
  gtk_widget_set_tooltip_text (step, _("The automatic player plays its next action (F6)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (step), "win.play-step");
  gtk_box_append (GTK_BOX (self->solo->solo_bar), icon);
  gtk_box_append (GTK_BOX (self->solo->solo_bar), self->solo->solo_label);
  gtk_box_append (GTK_BOX (self->solo->solo_bar), self->solo->solo_pause);
  gtk_box_append (GTK_BOX (self->solo->solo_bar), step);
  gtk_widget_set_visible (self->solo->solo_bar, FALSE);
  gtk_box_insert_child_after (GTK_BOX (page_box), self->solo->solo_bar, after);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  self->solo->solo_sides = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (box), self->solo->solo_sides);
  gtk_string_list_append (pace_names, _("Step by step (click Step)"));
  gtk_string_list_append (pace_names, _("Fast (¼ s an action)"));
  gtk_string_list_append (pace_names, _("Steady (0.8 s an action)"));
  gtk_string_list_append (pace_names, _("Slow (2 s an action)"));
  pace_label = gtk_label_new (_("Pace"));
  gtk_label_set_xalign (GTK_LABEL (pace_label), 0);
  gtk_widget_add_css_class (pace_label, "dim-label");
  self->solo->solo_pace = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (pace_names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->solo->solo_pace), 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->solo->solo_pace), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The automatic player’s pace"), -1);
  g_signal_connect_object (self->solo->solo_pace, "notify::selected", G_CALLBACK (on_pace_selected), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), pace_label);
  gtk_box_append (GTK_BOX (box), self->solo->solo_pace);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  self->solo->solo_button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->solo->solo_button), _("Solo"));
  gtk_widget_set_name (self->solo->solo_button, "solo-button");
  gtk_widget_set_tooltip_text (self->solo->solo_button, _("Which sides the automatic player plays, and how fast"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->solo->solo_button), popover);
  wb_turn_bar_add_tool (WB_TURN_BAR (_wb_window_play_get_turn_bar (self)), self->solo->solo_button);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-step", FALSE);
}
