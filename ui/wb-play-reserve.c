/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-reserve.h"
#include "wb-play-follow.h"

struct _WbPlayReserve
{
  GtkWidget   parent_instance;

  WbPlay     *play;
  GtkWidget  *scroller;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (WbPlayReserve, wb_play_reserve, GTK_TYPE_WIDGET)

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The entry hexes a reinforcement's schedule gives, as text. */
static char *
entry_text (WbMatch *m, const WbUnitState *u)
{
  GPtrArray *reinf = wb_scenario_get_reinforcements (m->scenario);

  for (guint i = 0; i < reinf->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinf, i);
      GString *s;

      if (!wb_scenario_applies (r->option, r->unless, (const char * const *) m->options) ||
          !g_ptr_array_find_with_equal_func (r->units, u->id, g_str_equal, NULL))
        continue;
      s = g_string_new (NULL);
      for (guint k = 0; r->at != NULL && k < r->at->len; k++)
        /* TRANSLATORS: between entry hexes: "0728 or 0627" */
        g_string_append_printf (s, "%s%s", k ? _(" or ") : "", g_array_index (r->at, WbPlace, k).ref);
      return g_string_free (s, FALSE);
    }
  return g_strdup ("");
}

static void
add_row (WbPlayReserve *self, const char *text, const char *unit, gboolean active)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), active);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), active);
  if (!active)
    gtk_widget_add_css_class (label, "dim-label");
  if (unit != NULL)
    g_object_set_data_full (G_OBJECT (row), "wb-unit", g_strdup (unit), g_free);
  g_object_set_data_full (G_OBJECT (row), "wb-text", g_strdup (text), g_free);
  gtk_list_box_append (self->list, row);
}

static void
add_heading (WbPlayReserve *self, const char *text)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_start (label, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data_full (G_OBJECT (row), "wb-text", g_strdup (text), g_free);
  gtk_list_box_append (self->list, row);
}

void
wb_play_reserve_refresh (WbPlayReserve *self)
{
  GtkWidget *child;
  WbMatch *m;
  guint player, shown = 0;

  g_return_if_fail (WB_IS_PLAY_RESERVE (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (self->play == NULL)
    return;
  m = wb_play_get_state (self->play);
  /* The phasing player's (the one at the screen), also while the other
   * side answers a prompt in its turn. */
  player = wb_play_player (self->play);
  {
    g_autofree char *heading = g_strdup_printf (_("%s reinforcements"), wb_match_side_name (m, player));
    add_heading (self, heading);
  }
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < m->units->len; i++)
      {
        const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        g_autofree char *name = NULL, *at = NULL, *text = NULL;
        gboolean due;

        if (u->side != player || u->where.kind != WB_WHERE_WAITING || u->arrives <= 0 ||
            !(u->flags & WB_UNIT_IN_SCENARIO))
          continue;
        due = u->arrives <= m->turn;
        if (due != (pass == 0))
          continue;
        name = wb_match_unit_text (m, u);
        at = entry_text (m, u);
        /* TRANSLATORS: a reinforcement: unit, entry hexes, and now or its turn */
        text = due ? g_strdup_printf (_("%s — at %s, now"), name, at)
                   : g_strdup_printf (_("%s — at %s, turn %d"), name, at, u->arrives);
        add_row (self, text, u->id, due);
        shown++;
      }
  if (shown == 0)
    /* TRANSLATORS: the reserve's list of reinforcements or of the eliminated, when empty */
    add_row (self, C_("reserve", "None"), NULL, FALSE);
  shown = 0;
  add_heading (self, _("Eliminated"));
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      g_autofree char *name = NULL, *text = NULL;

      if (u->where.kind != WB_WHERE_ELIMINATED)
        continue;
      name = wb_match_unit_text (m, u);
      text = g_strdup_printf ("%s · %s", wb_match_side_name (m, u->side), name);
      add_row (self, text, NULL, FALSE);
      shown++;
    }
  if (shown == 0)
    add_row (self, C_("reserve", "None"), NULL, FALSE);
}

/* Who waits and who was eliminated follows every action, undo or jump. */
static void
on_play_changed (WbPlayReserve *self, guint what)
{
  if (what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR))
    wb_play_reserve_refresh (self);
}

void
wb_play_reserve_set_play (WbPlayReserve *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_PLAY_RESERVE (self));
  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  wb_play_reserve_refresh (self);
}

GPtrArray *
wb_play_reserve_get_texts (WbPlayReserve *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (WB_IS_PLAY_RESERVE (self), out);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    g_ptr_array_add (out, g_strdup (g_object_get_data (G_OBJECT (row), "wb-text")));
  return out;
}

static void
on_row_activated (WbPlayReserve *self, GtkListBoxRow *row)
{
  const char *unit = g_object_get_data (G_OBJECT (row), "wb-unit");

  if (unit != NULL)
    g_signal_emit (self, signals[UNIT_ACTIVATED], 0, unit);
}

static void
wb_play_reserve_dispose (GObject *object)
{
  WbPlayReserve *self = WB_PLAY_RESERVE (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->play);
  G_OBJECT_CLASS (wb_play_reserve_parent_class)->dispose (object);
}

static void
wb_play_reserve_class_init (WbPlayReserveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_reserve_dispose;
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-play-reserve");
}

static void
wb_play_reserve_init (WbPlayReserve *self)
{
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Units not on the map"), -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->list),
                               _("Reinforcements of the side to act, and the units eliminated; activate one "
                                 "due now to bring it on"));
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
wb_play_reserve_new (void)
{
  return g_object_new (WB_TYPE_PLAY_RESERVE, NULL);
}
