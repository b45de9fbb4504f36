/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-chit-commands.h"

/* Checks ----------------------------------------------------------------- */

static gboolean
invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, message);
  return FALSE;
}

gboolean
wb_chit_check (WbGame        *game,
               const WbChit  *chit,
               GError       **error)
{
  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (chit != NULL && chit->id != NULL, FALSE);

  if (chit->side != NULL && wb_game_find_side (game, chit->side) == NULL)
    return invalid (error, _("There is no side “%s”"), chit->side);
  if (chit->side == NULL && chit->kind != WB_CHIT_WILD)
    return invalid (error, _("Only a Wild chit belongs to both sides"));
  if (chit->kind == WB_CHIT_ACTIVATION)
    {
      WbFormation *f = chit->formation ? wb_game_find_formation (game, chit->formation) : NULL;

      if (chit->formation == NULL && chit->level != WB_CHIT_LEVEL_CIC)
        return invalid (error, _("A division or brigade chit activates a formation"));
      if (chit->formation != NULL && f == NULL)
        return invalid (error, _("There is no formation “%s”"), chit->formation);
      if (f != NULL && f->side != chit->side)
        return invalid (error, _("The formation “%s” is not of side “%s”"), f->id, chit->side);
      if (chit->command_rating > WB_CHIT_RATING_MAX || chit->command_rating < WB_CHIT_RATING_NONE)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("A command rating is 0 to %d"), WB_CHIT_RATING_MAX);
          return FALSE;
        }
      if (chit->automatic && chit->level != WB_CHIT_LEVEL_CIC)
        return invalid (error, _("Only a CIC chit activates without a roll"));
      if (chit->casualty_of != NULL)
        {
          WbChit *of = wb_game_find_chit (game, chit->casualty_of);

          if (of == NULL || of->kind != WB_CHIT_ACTIVATION || of->side != chit->side ||
              of->id == chit->id)
            return invalid (error, _("“%s” is not another activation chit of side “%s”"),
                            chit->casualty_of, chit->side);
        }
    }
  if (chit->kind == WB_CHIT_EVENT && chit->effect != NULL)
    {
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (chit->effect) ? json_node_get_object (chit->effect) : NULL;

      if (o == NULL || !json_object_has_member (o, "type") ||
          json_node_get_value_type (json_object_get_member (o, "type")) != G_TYPE_STRING)
        return invalid (error, _("An event's effect is an object with a “type”"));
    }
  return TRUE;
}

gboolean
wb_cup_check (WbGame       *game,
              WbScenario   *scenario,
              const WbCup  *cup,
              GError      **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GArray *counts[] = { cup->key_chits, cup->included_events, cup->excluded_events };
  GPtrArray *sides;
  guint turns;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (cup != NULL, FALSE);

  for (guint i = 0; i < cup->chits->len; i++)
    {
      const char *id = g_ptr_array_index (cup->chits, i);

      if (wb_game_find_chit (game, id) == NULL)
        return invalid (error, _("There is no chit “%s”"), id);
      if (!g_hash_table_add (seen, (gpointer) id))
        return invalid (error, _("The chit “%s” is in the cup twice"), id);
    }
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    for (guint i = 0; i < counts[k]->len; i++)
      {
        WbSideCount *c = &g_array_index (counts[k], WbSideCount, i);

        if (wb_game_find_side (game, c->side) == NULL)
          return invalid (error, _("There is no side “%s”"), c->side);
      }
  sides = wb_game_get_sides (game);
  for (guint i = 0; i < sides->len; i++)
    {
      const char *side = ((WbSide *) g_ptr_array_index (sides, i))->id;
      int wanted = MAX (wb_side_counts_get (cup->key_chits, side), 0) +
                   MAX (wb_side_counts_get (cup->included_events, side), 0);
      int events = 0;

      for (guint j = 0; j < cup->chits->len; j++)
        {
          WbChit *c = wb_game_find_chit (game, g_ptr_array_index (cup->chits, j));
          events += c->kind == WB_CHIT_EVENT && c->side == side;
        }
      if (wanted > events)
        return invalid (error, _("Side “%s” would put %d Event chits in the cup and has %d"),
                        side, wanted, events);
    }
  for (guint i = 0; i < cup->clarity_chits->len; i++)
    {
      WbChit *c = wb_game_find_chit (game, g_ptr_array_index (cup->clarity_chits, i));

      if (c == NULL || c->kind != WB_CHIT_ACTIVATION || c->level != WB_CHIT_LEVEL_DIVISION)
        return invalid (error, _("“%s” is not a Division Activation chit"),
                        (const char *) g_ptr_array_index (cup->clarity_chits, i));
    }
  turns = wb_scenario_get_turns (scenario)->len;
  for (guint i = 0; i < cup->add->len; i++)
    {
      WbCupAdd *add = g_ptr_array_index (cup->add, i);

      if (add->turn < 1 || (turns > 0 && (guint) add->turn > turns))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("Turn %d is not a turn of the scenario"), add->turn);
          return FALSE;
        }
      for (guint j = 0; j < add->chits->len; j++)
        {
          const char *id = g_ptr_array_index (add->chits, j);

          if (wb_game_find_chit (game, id) == NULL)
            return invalid (error, _("There is no chit “%s”"), id);
          if (g_ptr_array_find (cup->chits, id, NULL))
            return invalid (error, _("The chit “%s” is in the cup from the start"), id);
        }
    }
  return TRUE;
}

/* The command ------------------------------------------------------------ */

typedef enum {
  OP_ADD,
  OP_EDIT,
  OP_REMOVE,
  OP_CUP,
} ChitOp;

#define WB_TYPE_CHIT_COMMAND (wb_chit_command_get_type ())
G_DECLARE_FINAL_TYPE (WbChitCommand, wb_chit_command, WB, CHIT_COMMAND, WbCommand)

struct _WbChitCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  ChitOp      op;
  const char *id;          /* the chit's, or the scenario's (OP_CUP); interned */
  char       *merge_key;
  WbChit     *chit;        /* the chit to put in (add, edit) */
  WbChit     *old;         /* the chit taken out (edit, remove) while it is out */
  guint       index;
  WbCup      *cup;         /* OP_CUP: the cup to set (NULL: none) */
  WbCup      *old_cup;     /* OP_CUP: the cup taken out */
  gboolean    had_cup;
};

G_DEFINE_FINAL_TYPE (WbChitCommand, wb_chit_command, WB_TYPE_COMMAND)

static void
update_label (WbChitCommand *self)
{
  g_autofree char *label = NULL;
  const char *name = self->id;

  if (self->op == OP_CUP)
    {
      WbScenario *s = wb_game_find_scenario (self->game, self->id);

      label = g_strdup_printf (_("Edit the cup of “%s”"), s ? wb_scenario_get_name (s) : self->id);
      wb_command_set_label (WB_COMMAND (self), label);
      return;
    }
  if (self->chit != NULL && self->chit->name != NULL && self->chit->name[0] != '\0')
    name = self->chit->name;
  else if (self->op == OP_REMOVE)
    {
      WbChit *c = wb_game_find_chit (self->game, self->id);
      if (c != NULL && c->name != NULL && c->name[0] != '\0')
        name = c->name;
    }
  switch (self->op)
    {
    case OP_ADD:
      label = g_strdup_printf (_("Add chit “%s”"), name);
      break;
    case OP_EDIT:
      label = g_strdup_printf (_("Edit chit “%s”"), name);
      break;
    case OP_REMOVE:
      label = g_strdup_printf (_("Remove chit “%s”"), name);
      break;
    case OP_CUP:
    default:
      g_assert_not_reached ();
    }
  wb_command_set_label (WB_COMMAND (self), label);
}

static gboolean
not_found (WbChitCommand *self, GError **error)
{
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               self->op == OP_CUP ? _("There is no scenario “%s”") : _("There is no chit “%s”"),
               self->id);
  return FALSE;
}

/* Who names chit @id: a scenario's cup or another chit's casualty_of. */
static gboolean
check_unused (WbChitCommand *self, GError **error)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  GPtrArray *chits = wb_game_get_chits (self->game);

  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);
      WbCup *cup = wb_scenario_get_cup (s);

      if (cup != NULL && wb_cup_uses_chit (cup, self->id))
        return invalid (error, _("The cup of “%s” holds “%s”: take it out first"),
                        wb_scenario_get_name (s), self->id);
    }
  for (guint i = 0; i < chits->len; i++)
    {
      WbChit *c = g_ptr_array_index (chits, i);

      if (c->casualty_of == self->id)
        return invalid (error, _("The casualty chit “%s” replaces “%s”: remove it first"),
                        c->id, self->id);
    }
  return TRUE;
}

static gboolean
wb_chit_command_apply (WbCommand *command, GError **error)
{
  WbChitCommand *self = WB_CHIT_COMMAND (command);
  WbChit *current = self->op != OP_CUP ? wb_game_find_chit (self->game, self->id) : NULL;

  switch (self->op)
    {
    case OP_ADD:
      if (current != NULL)
        return invalid (error, _("The id “%s” is already used"), self->id);
      if (wb_game_get_chits (self->game)->len >= WB_GAME_MAX_ENTITIES)
        {
          g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                               _("The game has as many chits as it can hold"));
          return FALSE;
        }
      if (!wb_chit_check (self->game, self->chit, error))
        return FALSE;
      wb_game_insert_chit (self->game, wb_chit_copy (self->chit), G_MAXUINT);
      break;
    case OP_EDIT:
      if (current == NULL)
        return not_found (self, error);
      if (!wb_chit_check (self->game, self->chit, error))
        return FALSE;
      /* Turning an activation chit into another kind would leave its
       * casualty chits pointing at nothing an activation. */
      if (self->chit->kind != WB_CHIT_ACTIVATION && current->kind == WB_CHIT_ACTIVATION &&
          !check_unused (self, error))
        return FALSE;
      wb_chit_free (self->old);
      self->old = wb_game_replace_chit (self->game, wb_chit_copy (self->chit));
      break;
    case OP_REMOVE:
      if (current == NULL)
        return not_found (self, error);
      if (!check_unused (self, error))
        return FALSE;
      wb_chit_free (self->old);
      self->old = wb_game_take_chit (self->game, self->id, &self->index);
      break;
    case OP_CUP:
      {
        WbScenario *s = wb_game_find_scenario (self->game, self->id);

        if (s == NULL)
          return not_found (self, error);
        if (self->cup != NULL && !wb_cup_check (self->game, s, self->cup, error))
          return FALSE;
        wb_cup_free (self->old_cup);
        self->old_cup = wb_scenario_replace_cup (s, self->cup ? wb_cup_copy (self->cup) : NULL);
        wb_game_changed (self->game, "scenarios");
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "chits");
  return TRUE;
}

static void
wb_chit_command_revert (WbCommand *command)
{
  WbChitCommand *self = WB_CHIT_COMMAND (command);
  WbChit *taken;
  guint index;

  switch (self->op)
    {
    case OP_ADD:
      wb_chit_free (wb_game_take_chit (self->game, self->id, &index));
      break;
    case OP_EDIT:
      taken = wb_game_replace_chit (self->game, g_steal_pointer (&self->old));
      wb_chit_free (taken);
      break;
    case OP_REMOVE:
      wb_game_insert_chit (self->game, g_steal_pointer (&self->old), self->index);
      break;
    case OP_CUP:
      wb_cup_free (wb_scenario_replace_cup (wb_game_find_scenario (self->game, self->id),
                                            g_steal_pointer (&self->old_cup)));
      wb_game_changed (self->game, "scenarios");
      return;
    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "chits");
}

static gboolean
wb_chit_command_merge (WbCommand *command, WbCommand *next_command)
{
  WbChitCommand *self = WB_CHIT_COMMAND (command);
  WbChitCommand *next;

  if (!WB_IS_CHIT_COMMAND (next_command))
    return FALSE;
  next = WB_CHIT_COMMAND (next_command);
  if (self->op != next->op || (self->op != OP_EDIT && self->op != OP_CUP) ||
      self->game != next->game || self->id != next->id ||
      self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0)
    return FALSE;
  /* Keep the oldest old value; take the newest new one. */
  if (self->op == OP_EDIT)
    {
      wb_chit_free (self->chit);
      self->chit = wb_chit_copy (next->chit);
    }
  else
    {
      wb_cup_free (self->cup);
      self->cup = next->cup ? wb_cup_copy (next->cup) : NULL;
    }
  update_label (self);
  return TRUE;
}

static void
wb_chit_command_finalize (GObject *object)
{
  WbChitCommand *self = WB_CHIT_COMMAND (object);

  wb_chit_free (self->chit);
  wb_chit_free (self->old);
  wb_cup_free (self->cup);
  wb_cup_free (self->old_cup);
  g_free (self->merge_key);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_chit_command_parent_class)->finalize (object);
}

static void
wb_chit_command_class_init (WbChitCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_chit_command_finalize;
  command_class->apply = wb_chit_command_apply;
  command_class->revert = wb_chit_command_revert;
  command_class->merge = wb_chit_command_merge;
}

static void
wb_chit_command_init (WbChitCommand *self)
{
}

static WbChitCommand *
chit_command_new (WbGame *game, ChitOp op, const char *id, const char *merge_key)
{
  WbChitCommand *self = g_object_new (WB_TYPE_CHIT_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->op = op;
  self->id = g_intern_string (id);
  self->merge_key = g_strdup (merge_key);
  return self;
}

WbCommand *
wb_command_add_chit_new (WbGame *game, const WbChit *chit)
{
  WbChitCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (chit != NULL && chit->id != NULL, NULL);
  self = chit_command_new (game, OP_ADD, chit->id, NULL);
  self->chit = wb_chit_copy (chit);
  update_label (self);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_edit_chit_new (WbGame *game, const WbChit *chit, const char *merge_key)
{
  WbChitCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (chit != NULL && chit->id != NULL, NULL);
  self = chit_command_new (game, OP_EDIT, chit->id, merge_key);
  self->chit = wb_chit_copy (chit);
  update_label (self);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_chit_new (WbGame *game, const char *id)
{
  WbChitCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  self = chit_command_new (game, OP_REMOVE, id, NULL);
  update_label (self);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_cup_new (WbGame *game, const char *scenario_id, const WbCup *cup,
                        const char *merge_key)
{
  WbChitCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (scenario_id != NULL, NULL);
  self = chit_command_new (game, OP_CUP, scenario_id, merge_key);
  self->cup = cup ? wb_cup_copy (cup) : NULL;
  update_label (self);
  return WB_COMMAND (self);
}
