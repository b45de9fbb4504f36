/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-turn-bar"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-turn-bar.h"
#include "wb-play-follow.h"

struct _WbTurnBar
{
  GtkWidget  parent_instance;

  WbPlay    *play;
  char      *message;

  GtkWidget *step;       /* the step now */
  GtkWidget *vp;         /* each side's VP */
  GtkWidget *message_label;
  GtkWidget *undo;
  GtkWidget *redo;
  GtkWidget *end_step;
};

G_DEFINE_FINAL_TYPE (WbTurnBar, wb_turn_bar, GTK_TYPE_WIDGET)

enum { SIGNAL_CHANGED, SIGNAL_NEEDS_ROLL, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_message (WbTurnBar *self, const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (GTK_LABEL (self->message_label), message != NULL ? message : "");
  gtk_widget_set_tooltip_text (self->message_label, message);
  gtk_widget_set_visible (self->message_label, message != NULL);
}

void
wb_turn_bar_refresh (WbTurnBar *self)
{
  WbJournal *journal;
  const WbJournalEntry *cursor;
  WbMatch *m;
  g_autofree char *step = NULL;
  GString *vp, *tips;
  GPtrArray *tracks;

  g_return_if_fail (WB_IS_TURN_BAR (self));

  if (self->play == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->step), _("No match"));
      gtk_label_set_text (GTK_LABEL (self->vp), "");
      gtk_widget_set_sensitive (self->undo, FALSE);
      gtk_widget_set_sensitive (self->redo, FALSE);
      gtk_widget_set_sensitive (self->end_step, FALSE);
      return;
    }
  m = wb_play_get_state (self->play);
  journal = wb_play_get_journal (self->play);
  cursor = wb_journal_get_entry (journal, wb_journal_get_cursor (journal));
  step = wb_play_describe_step (self->play);
  if (m->over)
    {
      g_autofree char *result = wb_match_result_text (m);
      /* TRANSLATORS: the turn bar at the end: the last step, then "Union wins, 47 VP to 30" */
      g_autofree char *over = g_strdup_printf (_("%s — the game is over: %s"), step, result);
      gtk_label_set_text (GTK_LABEL (self->step), over);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->step), step);

  vp = g_string_new (NULL);
  tracks = wb_play_tracks (self->play);
  tips = g_string_new (_("Each side's victory points"));
  for (guint s = 0; s < wb_match_n_sides (m) && s < WB_MATCH_MAX_SIDES; s++)
    {
      if (s > 0)
        g_string_append (vp, " · ");
      /* TRANSLATORS: a side's victory points in the turn bar: "Union 12 VP" */
      g_string_append_printf (vp, _("%s %d VP"), wb_match_side_name (m, s), m->vp[s]);
      for (guint i = 0; i < tracks->len; i++)
        {
          const WbTrack *t = g_ptr_array_index (tracks, i);

          if (t->side != (int) s)
            continue;
          /* TRANSLATORS: a side's track after its VP in the turn bar: "Union 12 VP, CAP 3" */
          g_string_append_printf (vp, _(", %s %s"), t->label, t->value);
          if (t->tooltip != NULL)
            g_string_append_printf (tips, "\n%s (%s): %s", t->label, wb_match_side_name (m, s), t->tooltip);
        }
    }
  for (guint i = 0; i < tracks->len; i++)
    {
      const WbTrack *t = g_ptr_array_index (tracks, i);

      if (t->side >= 0 && (guint) t->side < wb_match_n_sides (m))
        continue;
      /* TRANSLATORS: a track of the game in the turn bar: " · Weather: Rain" */
      g_string_append_printf (vp, _(" · %s: %s"), t->label, t->value);
      if (t->tooltip != NULL)
        g_string_append_printf (tips, "\n%s: %s", t->label, t->tooltip);
    }
  gtk_label_set_text (GTK_LABEL (self->vp), vp->str);
  gtk_widget_set_tooltip_text (self->vp, tips->str);
  g_string_free (vp, TRUE);
  g_string_free (tips, TRUE);
  g_ptr_array_unref (tracks);

  gtk_widget_set_sensitive (self->undo, cursor->id != 0);
  gtk_widget_set_sensitive (self->redo, cursor->last_child != 0);
  gtk_widget_set_sensitive (self->end_step, !m->over);
}

/* The bar follows the play: the step, the VP, Undo and Redo after every
 * action, undo or jump, whoever played it. */
static void
on_play_changed (WbTurnBar *self, guint what)
{
  wb_turn_bar_refresh (self);
}

void
wb_turn_bar_set_play (WbTurnBar *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_TURN_BAR (self));
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  if (self->play == play)
    return;
  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  set_message (self, NULL);
  wb_turn_bar_refresh (self);
}

WbPlay *
wb_turn_bar_get_play (WbTurnBar *self)
{
  g_return_val_if_fail (WB_IS_TURN_BAR (self), NULL);
  return self->play;
}

const char *
wb_turn_bar_get_step_text (WbTurnBar *self)
{
  g_return_val_if_fail (WB_IS_TURN_BAR (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->step));
}

const char *
wb_turn_bar_get_vp_text (WbTurnBar *self)
{
  g_return_val_if_fail (WB_IS_TURN_BAR (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->vp));
}

const char *
wb_turn_bar_get_message (WbTurnBar *self)
{
  g_return_val_if_fail (WB_IS_TURN_BAR (self), NULL);
  return self->message;
}

/* Shows what happened: a refusal in the bar, or the new step. */
static void
done (WbTurnBar *self, gboolean ok, GError *error)
{
  set_message (self, ok ? NULL : error->message);
  wb_turn_bar_refresh (self);
  if (ok)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
on_undo (WbTurnBar *self)
{
  g_autoptr(GError) error = NULL;

  if (self->play != NULL)
    {
      gboolean ok = wb_play_undo (self->play, &error);
      done (self, ok, error);
    }
}

static void
on_redo (WbTurnBar *self)
{
  g_autoptr(GError) error = NULL;

  if (self->play != NULL)
    {
      gboolean ok = wb_play_redo (self->play, &error);
      done (self, ok, error);
    }
}

static void
on_end_step (WbTurnBar *self)
{
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->play == NULL)
    return;
  action = json_object_new ();
  json_object_set_string_member (action, "type", "end_step");
  ok = wb_play_act (self->play, action, &error);
  done (self, ok, error);
  /* Physical dice: the players are asked for the roll the step's end makes. */
  if (!ok && wb_play_needs_roll (self->play, NULL, NULL))
    g_signal_emit (self, signals[SIGNAL_NEEDS_ROLL], 0, action);
}

static GtkWidget *
bar_button (WbTurnBar  *self,
            const char *name,
            const char *icon,
            const char *mnemonic,
            const char *tooltip,
            GCallback   callback)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name (icon));
  gtk_box_append (GTK_BOX (content), label);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), button);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_name (button, name);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  g_signal_connect_swapped (button, "clicked", callback, self);
  gtk_widget_set_parent (button, GTK_WIDGET (self));
  return button;
}

static void
wb_turn_bar_dispose (GObject *object)
{
  WbTurnBar *self = WB_TURN_BAR (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->play);
  G_OBJECT_CLASS (wb_turn_bar_parent_class)->dispose (object);
}

static void
wb_turn_bar_finalize (GObject *object)
{
  g_free (WB_TURN_BAR (object)->message);
  G_OBJECT_CLASS (wb_turn_bar_parent_class)->finalize (object);
}

static void
wb_turn_bar_class_init (WbTurnBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_turn_bar_dispose;
  object_class->finalize = wb_turn_bar_finalize;

  /**
   * WbTurnBar::changed:
   *
   * The bar undid, redid or ended a step: the match changed.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * WbTurnBar::needs-roll:
   * @action: (type Json.Object): the action refused for want of a typed roll
   *
   * Physical dice: End Step rolls, and the players type the roll
   * (wb_play_needs_roll says which die).
   */
  signals[SIGNAL_NEEDS_ROLL] =
    g_signal_new ("needs-roll", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "turnbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
}

static void
wb_turn_bar_init (WbTurnBar *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  GtkWidget *texts;

  gtk_box_layout_set_spacing (layout, 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Turn bar"), -1);

  /* The step and the VP on the left, the refusal under them. */
  texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  self->step = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->step), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->step), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->step), PANGO_WRAP_WORD);
  /* Wrapped rather than cut, but not to a column of words. */
  gtk_label_set_width_chars (GTK_LABEL (self->step), 24);
  gtk_widget_add_css_class (self->step, "heading");
  gtk_widget_set_tooltip_text (self->step, _("The turn, the side to play and the step"));
  gtk_box_append (GTK_BOX (texts), self->step);
  self->vp = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->vp), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->vp), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->vp), PANGO_WRAP_WORD);
  gtk_label_set_width_chars (GTK_LABEL (self->vp), 24);
  gtk_widget_add_css_class (self->vp, "dim-label");
  gtk_widget_set_tooltip_text (self->vp, _("Each side's victory points and what the rules count on tracks"));
  gtk_box_append (GTK_BOX (texts), self->vp);
  self->message_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->message_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->message_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->message_label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (self->message_label, "error");
  gtk_widget_set_visible (self->message_label, FALSE);
  gtk_box_append (GTK_BOX (texts), self->message_label);
  gtk_widget_set_parent (texts, GTK_WIDGET (self));

  self->undo = bar_button (self, "undo", "edit-undo-symbolic", _("_Undo"),
                           _("Take back the last action of the match"), G_CALLBACK (on_undo));
  self->redo = bar_button (self, "redo", "edit-redo-symbolic", _("_Redo"),
                           _("Play again the action taken back"), G_CALLBACK (on_redo));
  self->end_step = bar_button (self, "end-step", "go-next-symbolic", _("_End Step"),
                               _("The side to play is done with this step"),
                               G_CALLBACK (on_end_step));
  gtk_widget_add_css_class (self->end_step, "suggested-action");
  for (GtkWidget *b = self->undo; b != NULL; b = gtk_widget_get_next_sibling (b))
    gtk_widget_set_valign (b, GTK_ALIGN_CENTER);
  wb_turn_bar_refresh (self);
}

void
wb_turn_bar_add_tool (WbTurnBar *self, GtkWidget *tool)
{
  g_return_if_fail (WB_IS_TURN_BAR (self) && GTK_IS_WIDGET (tool));
  /* Its own height, whatever lines the step takes on the left. */
  gtk_widget_set_valign (tool, GTK_ALIGN_CENTER);
  gtk_widget_insert_before (tool, GTK_WIDGET (self), self->undo);
}

GtkWidget *
wb_turn_bar_new (void)
{
  return g_object_new (WB_TYPE_TURN_BAR, NULL);
}
