/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-dice-roller.h"

struct _WbDiceRoller
{
  GtkWidget  parent_instance;

  GtkWidget *button;     /* GtkMenuButton */
  GtkWidget *dice;       /* GtkEntry: "2d6" */
  GtkWidget *why;        /* GtkEntry: what it is for */
  GtkWidget *presets;    /* GtkFlowBox of dice buttons */
  GtkWidget *result;     /* GtkLabel */
};

G_DEFINE_FINAL_TYPE (WbDiceRoller, wb_dice_roller, GTK_TYPE_WIDGET)

enum { ROLL, N_SIGNALS };
static guint signals[N_SIGNALS];

void
wb_dice_roller_roll (WbDiceRoller *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  const char *dice, *why;

  g_return_if_fail (WB_IS_DICE_ROLLER (self));
  dice = gtk_editable_get_text (GTK_EDITABLE (self->dice));
  why = gtk_editable_get_text (GTK_EDITABLE (self->why));
  json_object_set_string_member (action, "type", "roll");
  json_object_set_string_member (action, "dice", *dice != '\0' ? dice : "1d6");
  if (*why != '\0')
    json_object_set_string_member (action, "why", why);
  g_signal_emit (self, signals[ROLL], 0, action);
}

static void
on_preset (GtkButton    *button,
           WbDiceRoller *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->dice), gtk_button_get_label (button));
  wb_dice_roller_roll (self);
}

static void
add_preset (WbDiceRoller *self,
            GHashTable   *seen,
            const char   *dice)
{
  GtkWidget *button;

  if (dice == NULL || *dice == '\0' || g_hash_table_contains (seen, dice))
    return;
  g_hash_table_add (seen, g_strdup (dice));
  button = gtk_button_new_with_label (dice);
  gtk_widget_set_tooltip_text (button, _("Roll these dice"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_preset), self);
  gtk_flow_box_append (GTK_FLOW_BOX (self->presets), button);
}

void
wb_dice_roller_set_game (WbDiceRoller *self,
                         WbGame       *game)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkWidget *child;

  g_return_if_fail (WB_IS_DICE_ROLLER (self));
  while ((child = gtk_widget_get_first_child (self->presets)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->presets), child);
  add_preset (self, seen, "1d6");
  add_preset (self, seen, "2d6");
  for (guint i = 0; game != NULL && i < wb_game_get_tables (game)->len; i++)
    add_preset (self, seen, wb_table_get_dice (g_ptr_array_index (wb_game_get_tables (game), i)));
}

void
wb_dice_roller_set_dice (WbDiceRoller *self,
                         const char   *dice)
{
  g_return_if_fail (WB_IS_DICE_ROLLER (self));
  gtk_editable_set_text (GTK_EDITABLE (self->dice), dice != NULL ? dice : "");
}

const char *
wb_dice_roller_get_dice (WbDiceRoller *self)
{
  g_return_val_if_fail (WB_IS_DICE_ROLLER (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->dice));
}

void
wb_dice_roller_set_result (WbDiceRoller *self,
                           const char   *text,
                           gboolean      error)
{
  g_return_if_fail (WB_IS_DICE_ROLLER (self));
  gtk_label_set_text (GTK_LABEL (self->result), text != NULL ? text : "");
  gtk_widget_set_visible (self->result, text != NULL);
  if (error)
    gtk_widget_add_css_class (self->result, "error");
  else
    gtk_widget_remove_css_class (self->result, "error");
}

const char *
wb_dice_roller_get_result (WbDiceRoller *self)
{
  g_return_val_if_fail (WB_IS_DICE_ROLLER (self), NULL);
  return gtk_widget_get_visible (self->result) ? gtk_label_get_text (GTK_LABEL (self->result)) : NULL;
}

GtkWidget *
wb_dice_roller_get_button (WbDiceRoller *self)
{
  g_return_val_if_fail (WB_IS_DICE_ROLLER (self), NULL);
  return self->button;
}

static void
wb_dice_roller_dispose (GObject *object)
{
  WbDiceRoller *self = WB_DICE_ROLLER (object);

  g_clear_pointer (&self->button, gtk_widget_unparent);
  G_OBJECT_CLASS (wb_dice_roller_parent_class)->dispose (object);
}

static void
wb_dice_roller_class_init (WbDiceRollerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_dice_roller_dispose;

  /**
   * WbDiceRoller::roll:
   * @action: (type Json.Object): the roll to play
   *
   * The players rolled: the engine's roll action.
   */
  signals[ROLL] =
    g_signal_new ("roll", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
wb_dice_roller_init (WbDiceRoller *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label, *roll;

  self->button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->button), _("_Dice"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (self->button), TRUE);
  gtk_widget_set_tooltip_text (self->button, _("Roll dice: free play has no rules to roll them"));
  gtk_widget_set_name (self->button, "play-dice");
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  self->presets = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->presets), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->presets), 6);
  gtk_grid_attach (GTK_GRID (grid), self->presets, 0, 0, 2, 1);

  label = gtk_label_new_with_mnemonic (_("D_ice"));
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  self->dice = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (self->dice), "2d6");
  gtk_editable_set_width_chars (GTK_EDITABLE (self->dice), 8);
  gtk_widget_set_tooltip_text (self->dice, _("NdM: N dice of M faces (2d6, 1d10), or d66"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->dice);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->dice, 1, 1, 1, 1);

  label = gtk_label_new_with_mnemonic (_("_For"));
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  self->why = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->why), _("Morale check, weather…"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->why);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->why, 1, 2, 1, 1);

  roll = gtk_button_new_with_mnemonic (_("_Roll"));
  gtk_widget_add_css_class (roll, "suggested-action");
  gtk_widget_set_tooltip_text (roll, _("Roll them: the result goes into the battle log and the journal"));
  g_signal_connect_swapped (roll, "clicked", G_CALLBACK (wb_dice_roller_roll), self);
  g_signal_connect_swapped (self->dice, "activate", G_CALLBACK (wb_dice_roller_roll), self);
  g_signal_connect_swapped (self->why, "activate", G_CALLBACK (wb_dice_roller_roll), self);
  gtk_grid_attach (GTK_GRID (grid), roll, 0, 3, 2, 1);

  self->result = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->result), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->result), 32);
  gtk_label_set_selectable (GTK_LABEL (self->result), TRUE);
  gtk_widget_add_css_class (self->result, "title-4");
  gtk_widget_set_visible (self->result, FALSE);
  gtk_grid_attach (GTK_GRID (grid), self->result, 0, 4, 2, 1);

  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->button), popover);
  wb_dice_roller_set_game (self, NULL);
}

GtkWidget *
wb_dice_roller_new (void)
{
  return g_object_new (WB_TYPE_DICE_ROLLER, NULL);
}
