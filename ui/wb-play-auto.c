/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-auto.h"
#include "rules/wb-play-reason.h"
#include "rules/wb-rng.h"

struct _WbPlayAuto
{
  GObject   parent_instance;

  WbPlay   *play;
  gboolean  automatic[WB_MATCH_MAX_SIDES];
  guint     pace;
  gboolean  paused;
  guint     timeout;
  gboolean  acting;       /* inside wb_play_auto_step: no rescheduling on "changed" */
  char     *status;
  char     *last;         /* the automatic player's last reason, or NULL */
};

G_DEFINE_FINAL_TYPE (WbPlayAuto, wb_play_auto, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_status (WbPlayAuto *self, char *status)
{
  if (g_strcmp0 (status, self->status) == 0)
    {
      g_free (status);
      return;
    }
  g_free (self->status);
  self->status = status;
  g_signal_emit (self, signals[CHANGED], 0);
}

static guint
n_sides (WbPlayAuto *self)
{
  return MIN (wb_match_n_sides (wb_play_get_state (self->play)), WB_MATCH_MAX_SIDES);
}

gboolean
wb_play_auto_to_act (WbPlayAuto *self)
{
  WbMatch *m;

  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  m = wb_play_get_state (self->play);
  return !m->over && !wb_play_is_free_play (self->play) && m->active < n_sides (self) &&
         self->automatic[m->active];
}

/* At the end of a branch: nothing to redo from the cursor. */
static gboolean
at_leaf (WbPlayAuto *self)
{
  WbJournal *journal = wb_play_get_journal (self->play);
  const WbJournalEntry *e = wb_journal_get_entry (journal, wb_journal_get_cursor (journal));

  return e != NULL && e->n_children == 0;
}

static void
update_status (WbPlayAuto *self)
{
  WbMatch *m = wb_play_get_state (self->play);

  if (!wb_play_auto_is_solo (self))
    set_status (self, NULL);
  else if (m->over)
    set_status (self, g_strdup (_("The game is over.")));
  else if (!wb_play_auto_to_act (self) && self->last != NULL)
    /* TRANSLATORS: solo play, a person's turn: the side, what the automatic player did last */
    set_status (self, g_strdup_printf (_("%s to play — the automatic player’s last action: %s"),
                                       wb_match_side_name (m, m->active), self->last));
  else if (!wb_play_auto_to_act (self))
    /* TRANSLATORS: solo play, a person's turn: the side */
    set_status (self, g_strdup_printf (_("%s to play"), wb_match_side_name (m, m->active)));
  else if (self->pace == 0 || self->paused || !at_leaf (self))
    /* TRANSLATORS: solo play: the automatic player's side waits for a click of Step */
    set_status (self, g_strdup_printf (_("Automatic player (%s): Step plays its next action"),
                                       wb_match_side_name (m, m->active)));
}

static gboolean tick (gpointer data);

static void
schedule (WbPlayAuto *self)
{
  g_clear_handle_id (&self->timeout, g_source_remove);
  update_status (self);
  if (self->acting || self->pace == 0 || self->paused || !wb_play_auto_to_act (self) || !at_leaf (self))
    return;
  self->timeout = g_timeout_add (self->pace, tick, self);
}

static gboolean
tick (gpointer data)
{
  WbPlayAuto *self = data;
  g_autoptr(GError) error = NULL;

  self->timeout = 0;
  if (!wb_play_auto_step (self, &error))
    {
      /* Stop rather than retry the same refused action for ever. */
      self->paused = TRUE;
      set_status (self, g_strdup_printf (_("Automatic player stopped: %s"), error->message));
      g_object_notify (G_OBJECT (self), "paused");
    }
  return G_SOURCE_REMOVE;
}

gboolean
wb_play_auto_step (WbPlayAuto *self, GError **error)
{
  const WbPlayHeader *h;
  guint32 cursor;
  WbRng policy, dice;
  g_autoptr(JsonObject) action = NULL;
  g_autofree char *reason = NULL;
  WbMatch *m;
  gboolean ok;

  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  if (!wb_play_auto_to_act (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No automatic side is to play now"));
      return FALSE;
    }
  m = wb_play_get_state (self->play);
  h = wb_journal_get_header (wb_play_get_journal (self->play));
  cursor = wb_journal_get_cursor (wb_play_get_journal (self->play));
  /* Its choices from the seed and the position: replaying a solo game's
   * journal needs none of this (the actions are in it), but the same
   * position gives the same choice, which makes a solo session repeatable. */
  wb_rng_seed (&policy, h->seed ^ ((guint64) cursor * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)),
               WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, h->seed ^ ((guint64) cursor * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)),
               WB_RNG_MATCH_STREAM + 2);
  action = wb_play_suggest (self->play, &policy);
  if (action == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The automatic player finds no action"));
      return FALSE;
    }
  reason = wb_play_explain (self->play, action);
  wb_play_mark_automatic (action, reason);
  {
    /* TRANSLATORS: solo play: the side, what its automatic player did */
    g_autofree char *status = g_strdup_printf (_("Automatic player (%s): %s"), wb_match_side_name (m, m->active),
                                               reason);
    self->acting = TRUE;
    ok = wb_play_act_as_players (self->play, action, &dice, &policy, error);
    self->acting = FALSE;
    if (ok)
      {
        g_free (self->last);
        self->last = g_strdup (reason);
        set_status (self, g_steal_pointer (&status));
      }
  }
  if (!ok || !wb_play_auto_to_act (self))
    schedule (self);
  else
    {
      /* Keep the status naming what it just did until the next action. */
      g_clear_handle_id (&self->timeout, g_source_remove);
      if (self->pace > 0 && !self->paused && at_leaf (self))
        self->timeout = g_timeout_add (self->pace, tick, self);
    }
  return ok;
}

gboolean
wb_play_auto_undo (WbPlayAuto *self, GError **error)
{
  WbJournal *journal;
  guint32 start;

  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  journal = wb_play_get_journal (self->play);
  start = wb_journal_get_cursor (journal);
  if (start == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Nothing to undo"));
      return FALSE;
    }
  /* One jump, not an undo per entry: the panes follow one change. */
  for (guint32 id = start; id != 0;)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, id);

      id = e->parent;
      if (!wb_play_action_is_automatic (e->action, NULL))
        return wb_play_go_to (self->play, id, error);
      if (id == 0)
        return wb_play_go_to (self->play, 0, error);
    }
  return wb_play_go_to (self->play, 0, error);
}

static void
on_changed (WbPlayAuto *self)
{
  if (!self->acting)
    schedule (self);
}

WbPlayAuto *
wb_play_auto_new (WbPlay *play)
{
  WbPlayAuto *self;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  self = g_object_new (WB_TYPE_PLAY_AUTO, NULL);
  self->play = g_object_ref (play);
  g_signal_connect_object (play, "changed", G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
  return self;
}

WbPlay *
wb_play_auto_get_play (WbPlayAuto *self)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), NULL);
  return self->play;
}

void
wb_play_auto_set_side (WbPlayAuto *self, guint side, gboolean automatic)
{
  g_return_if_fail (WB_IS_PLAY_AUTO (self));
  if (side >= WB_MATCH_MAX_SIDES || self->automatic[side] == !!automatic)
    return;
  self->automatic[side] = !!automatic;
  schedule (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
wb_play_auto_get_side (WbPlayAuto *self, guint side)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  return side < WB_MATCH_MAX_SIDES && self->automatic[side];
}

gboolean
wb_play_auto_is_solo (WbPlayAuto *self)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  for (guint i = 0; i < n_sides (self); i++)
    if (self->automatic[i])
      return TRUE;
  return FALSE;
}

int
wb_play_auto_person (WbPlayAuto *self)
{
  int person = -1;

  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), -1);
  if (!wb_play_auto_is_solo (self))
    return -1;
  for (guint i = 0; i < n_sides (self); i++)
    if (!self->automatic[i])
      {
        if (person >= 0)
          return -1;
        person = (int) i;
      }
  return person;
}

void
wb_play_auto_set_pace (WbPlayAuto *self, guint ms)
{
  g_return_if_fail (WB_IS_PLAY_AUTO (self));
  self->pace = ms;
  schedule (self);
}

guint
wb_play_auto_get_pace (WbPlayAuto *self)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), 0);
  return self->pace;
}

void
wb_play_auto_set_paused (WbPlayAuto *self, gboolean paused)
{
  g_return_if_fail (WB_IS_PLAY_AUTO (self));
  if (self->paused == !!paused)
    return;
  self->paused = !!paused;
  schedule (self);
  g_object_notify (G_OBJECT (self), "paused");
}

gboolean
wb_play_auto_get_paused (WbPlayAuto *self)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), FALSE);
  return self->paused;
}

const char *
wb_play_auto_get_status (WbPlayAuto *self)
{
  g_return_val_if_fail (WB_IS_PLAY_AUTO (self), NULL);
  return self->status;
}

enum { PROP_0, PROP_PAUSED, N_PROPS };

static void
wb_play_auto_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  WbPlayAuto *self = WB_PLAY_AUTO (object);

  switch (id)
    {
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
wb_play_auto_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  WbPlayAuto *self = WB_PLAY_AUTO (object);

  switch (id)
    {
    case PROP_PAUSED:
      wb_play_auto_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
wb_play_auto_dispose (GObject *object)
{
  WbPlayAuto *self = WB_PLAY_AUTO (object);

  g_clear_handle_id (&self->timeout, g_source_remove);
  g_clear_object (&self->play);
  G_OBJECT_CLASS (wb_play_auto_parent_class)->dispose (object);
}

static void
wb_play_auto_finalize (GObject *object)
{
  g_free (WB_PLAY_AUTO (object)->status);
  g_free (WB_PLAY_AUTO (object)->last);
  G_OBJECT_CLASS (wb_play_auto_parent_class)->finalize (object);
}

static void
wb_play_auto_class_init (WbPlayAutoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = wb_play_auto_get_property;
  object_class->set_property = wb_play_auto_set_property;
  object_class->dispose = wb_play_auto_dispose;
  object_class->finalize = wb_play_auto_finalize;
  g_object_class_install_property (object_class, PROP_PAUSED,
                                   g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                                                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                         G_PARAM_STATIC_STRINGS));
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 0);
}

static void
wb_play_auto_init (WbPlayAuto *self)
{
  self->pace = 800;
}
