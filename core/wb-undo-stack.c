/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-undo"
#include "config.h"

#include "wb-undo-stack.h"
#include "wb-util-private.h"

/**
 * WbUndoStack:
 *
 * The edits of one open game, as a list of applied commands (the undo side)
 * followed by undone ones (the redo side).
 *
 * Merge rule: wb_undo_stack_push() offers the new command to the newest
 * command's merge() only while the merge window is open. A successful push
 * opens it; undo, redo, wb_undo_stack_seal(), wb_undo_stack_set_clean(),
 * begin/end/cancel of a group and wb_undo_stack_clear() close it. Inside a
 * group the newest command is the group's last child, so the first push in
 * a group never merges with anything before the group, and a closed group
 * never absorbs what follows. Because saving closes the window, a merge never
 * changes the step the clean marker points after.
 *
 * Clean marker: @clean is the number of applied steps at the last save, or
 * -1 when that state can no longer be reached (its step was dropped by the
 * depth limit or by a push that discarded the redo branch). The stack is
 * clean when @index equals @clean and no open group holds applied commands.
 */
struct _WbUndoStack
{
  GObject     parent_instance;

  GPtrArray  *steps;        /* WbCommand*: [0, index) applied, [index, len) undone */
  guint       index;
  int         clean;
  guint       limit;
  GPtrArray  *groups;       /* open WbCommandGroup*, innermost last */
  gboolean    mergeable;

  /* What observers were last told. */
  gboolean    can_undo;
  gboolean    can_redo;
  gboolean    is_clean;
  char       *undo_label;
  char       *redo_label;
};

G_DEFINE_FINAL_TYPE (WbUndoStack, wb_undo_stack, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_IS_CLEAN,
  PROP_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
has_pending_group (WbUndoStack *self)
{
  for (guint i = 0; i < self->groups->len; i++)
    if (wb_command_group_get_n_children (g_ptr_array_index (self->groups, i)) > 0)
      return TRUE;
  return FALSE;
}

/* The one place that recomputes the observable state and notifies what
 * changed. */
static void
update_state (WbUndoStack *self)
{
  GObject *object = G_OBJECT (self);
  gboolean idle = self->groups->len == 0;
  gboolean can_undo = idle && self->index > 0;
  gboolean can_redo = idle && self->index < self->steps->len;
  gboolean is_clean = self->clean >= 0 && (guint) self->clean == self->index &&
                      !has_pending_group (self);
  const char *undo_label = can_undo
    ? wb_command_get_label (g_ptr_array_index (self->steps, self->index - 1)) : NULL;
  const char *redo_label = can_redo
    ? wb_command_get_label (g_ptr_array_index (self->steps, self->index)) : NULL;

  g_object_freeze_notify (object);
  if (self->can_undo != can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (object, properties[PROP_CAN_UNDO]);
    }
  if (self->can_redo != can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (object, properties[PROP_CAN_REDO]);
    }
  if (self->is_clean != is_clean)
    {
      self->is_clean = is_clean;
      g_object_notify_by_pspec (object, properties[PROP_IS_CLEAN]);
    }
  if (wb_set_str (&self->undo_label, undo_label))
    g_object_notify_by_pspec (object, properties[PROP_UNDO_LABEL]);
  if (wb_set_str (&self->redo_label, redo_label))
    g_object_notify_by_pspec (object, properties[PROP_REDO_LABEL]);
  g_object_thaw_notify (object);
}

static void
discard_redo (WbUndoStack *self)
{
  if (self->index >= self->steps->len)
    return;
  if (self->clean > (int) self->index)
    self->clean = -1;
  g_ptr_array_remove_range (self->steps, self->index, self->steps->len - self->index);
}

static void
trim_to_limit (WbUndoStack *self)
{
  guint excess;

  if (self->steps->len <= self->limit)
    return;

  /* Oldest first; the redo side only shrinks (from its far end) when the
   * limit is lowered below the number of redo steps. */
  excess = MIN (self->steps->len - self->limit, self->index);
  if (excess > 0)
    {
      g_ptr_array_remove_range (self->steps, 0, excess);
      self->index -= excess;
      if (self->clean >= 0)
        self->clean = self->clean < (int) excess ? -1 : self->clean - (int) excess;
    }
  if (self->steps->len > self->limit)
    {
      g_ptr_array_set_size (self->steps, self->limit);
      if (self->clean > (int) self->steps->len)
        self->clean = -1;
    }
}

static void
record (WbUndoStack *self,
        WbCommand   *command)
{
  discard_redo (self);
  g_ptr_array_add (self->steps, g_object_ref (command));
  self->index++;
  trim_to_limit (self);
}

static void
wb_undo_stack_finalize (GObject *object)
{
  WbUndoStack *self = WB_UNDO_STACK (object);

  g_ptr_array_unref (self->steps);
  g_ptr_array_unref (self->groups);
  g_free (self->undo_label);
  g_free (self->redo_label);
  G_OBJECT_CLASS (wb_undo_stack_parent_class)->finalize (object);
}

static void
wb_undo_stack_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WbUndoStack *self = WB_UNDO_STACK (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, self->undo_label);
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, self->redo_label);
      break;
    case PROP_IS_CLEAN:
      g_value_set_boolean (value, self->is_clean);
      break;
    case PROP_LIMIT:
      g_value_set_uint (value, self->limit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_undo_stack_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  WbUndoStack *self = WB_UNDO_STACK (object);

  switch (prop_id)
    {
    case PROP_LIMIT:
      wb_undo_stack_set_limit (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_undo_stack_class_init (WbUndoStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = wb_undo_stack_finalize;
  object_class->get_property = wb_undo_stack_get_property;
  object_class->set_property = wb_undo_stack_set_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  /**
   * WbUndoStack:undo-label:
   *
   * The label of the command undo would take back ("Paint 7 hexes
   * Forest"), or %NULL. The UI adds "Undo".
   */
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, ro);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, ro);
  /**
   * WbUndoStack:is-clean:
   *
   * Whether the game is as it was at the last wb_undo_stack_set_clean():
   * the window's unsaved-changes flag is its negation.
   */
  properties[PROP_IS_CLEAN] = g_param_spec_boolean ("is-clean", NULL, NULL, TRUE, ro);
  properties[PROP_LIMIT] =
    g_param_spec_uint ("limit", NULL, NULL, 1, G_MAXUINT, WB_UNDO_STACK_DEFAULT_LIMIT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_undo_stack_init (WbUndoStack *self)
{
  self->steps = g_ptr_array_new_with_free_func (g_object_unref);
  self->groups = g_ptr_array_new_with_free_func (g_object_unref);
  self->limit = WB_UNDO_STACK_DEFAULT_LIMIT;
  self->is_clean = TRUE;
}

/**
 * wb_undo_stack_new:
 *
 * Returns: (transfer full): an empty, clean stack
 */
WbUndoStack *
wb_undo_stack_new (void)
{
  return g_object_new (WB_TYPE_UNDO_STACK, NULL);
}

/**
 * wb_undo_stack_push:
 * @self: a stack
 * @command: a command not yet applied; the stack takes a reference
 * @error: return location for the command's error
 *
 * Applies @command and records it: merged into the newest command when the
 * merge window is open and that command accepts it (see #WbUndoStack), else
 * appended to the open group or as a new step, which discards the redo
 * branch (if the clean point was in it, the stack stays dirty until the next
 * save) and drops the oldest step past the limit.
 *
 * Returns: %TRUE on success; on failure the model and the stack are unchanged
 */
gboolean
wb_undo_stack_push (WbUndoStack  *self,
                    WbCommand    *command,
                    GError      **error)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);
  g_return_val_if_fail (WB_IS_COMMAND (command), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!wb_command_apply (command, error))
    return FALSE;

  if (self->groups->len > 0)
    {
      WbCommandGroup *group = g_ptr_array_index (self->groups, self->groups->len - 1);
      guint n = wb_command_group_get_n_children (group);

      if (!(self->mergeable && n > 0 &&
            wb_command_merge (wb_command_group_get_child (group, n - 1), command)))
        wb_command_group_add (group, command);
    }
  else
    {
      /* An open window implies nothing was undone since the newest step
       * was pushed, so there is no redo branch to discard. */
      if (!(self->mergeable && self->index > 0 &&
            wb_command_merge (g_ptr_array_index (self->steps, self->index - 1), command)))
        record (self, command);
    }
  self->mergeable = TRUE;
  update_state (self);
  return TRUE;
}

/**
 * wb_undo_stack_undo:
 * @self: a stack
 *
 * Reverts the newest applied step.
 *
 * Returns: %TRUE if a step was undone
 */
gboolean
wb_undo_stack_undo (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);

  if (self->groups->len > 0 || self->index == 0)
    return FALSE;
  wb_command_revert (g_ptr_array_index (self->steps, self->index - 1));
  self->index--;
  self->mergeable = FALSE;
  update_state (self);
  return TRUE;
}

/**
 * wb_undo_stack_redo:
 * @self: a stack
 *
 * Applies the oldest undone step again.
 *
 * Returns: %TRUE if a step was redone
 */
gboolean
wb_undo_stack_redo (WbUndoStack *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);

  if (self->groups->len > 0 || self->index >= self->steps->len)
    return FALSE;
  self->mergeable = FALSE;
  if (!wb_command_apply (g_ptr_array_index (self->steps, self->index), &error))
    {
      /* Commands redo on the state they were made on, so this is a bug in
       * a command; what cannot be redone is dropped rather than retried. */
      g_warning ("Could not redo “%s”: %s",
                 wb_command_get_label (g_ptr_array_index (self->steps, self->index)),
                 error->message);
      discard_redo (self);
      update_state (self);
      return FALSE;
    }
  self->index++;
  update_state (self);
  return TRUE;
}

gboolean
wb_undo_stack_get_can_undo (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);
  return self->can_undo;
}

gboolean
wb_undo_stack_get_can_redo (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);
  return self->can_redo;
}

const char *
wb_undo_stack_get_undo_label (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), NULL);
  return self->undo_label;
}

const char *
wb_undo_stack_get_redo_label (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), NULL);
  return self->redo_label;
}

/**
 * wb_undo_stack_seal:
 * @self: a stack
 *
 * Closes the merge window, so the next push is a step of its own. Editors
 * call it when a gesture ends (a paint drag is released).
 */
void
wb_undo_stack_seal (WbUndoStack *self)
{
  g_return_if_fail (WB_IS_UNDO_STACK (self));
  self->mergeable = FALSE;
}

/**
 * wb_undo_stack_begin_group:
 * @self: a stack
 * @label: the label of the whole step
 *
 * Until the matching wb_undo_stack_end_group(), pushes are applied at once
 * and collected into one step. Undo and redo are refused meanwhile.
 */
void
wb_undo_stack_begin_group (WbUndoStack *self,
                           const char  *label)
{
  g_return_if_fail (WB_IS_UNDO_STACK (self));
  g_return_if_fail (label != NULL);

  g_ptr_array_add (self->groups, wb_command_group_new (label));
  self->mergeable = FALSE;
  update_state (self);
}

static WbCommandGroup *
pop_group (WbUndoStack *self)
{
  return g_ptr_array_steal_index (self->groups, self->groups->len - 1);
}

/**
 * wb_undo_stack_end_group:
 * @self: a stack with an open group
 *
 * Closes the innermost group. A non-empty group becomes one step (or one
 * child of the enclosing group); an empty one is dropped.
 */
void
wb_undo_stack_end_group (WbUndoStack *self)
{
  g_autoptr(WbCommandGroup) group = NULL;

  g_return_if_fail (WB_IS_UNDO_STACK (self));
  g_return_if_fail (self->groups->len > 0);

  group = pop_group (self);
  self->mergeable = FALSE;
  if (wb_command_group_get_n_children (group) > 0)
    {
      if (self->groups->len > 0)
        wb_command_group_add (g_ptr_array_index (self->groups, self->groups->len - 1),
                              WB_COMMAND (group));
      else
        record (self, WB_COMMAND (group));
    }
  update_state (self);
}

/**
 * wb_undo_stack_cancel_group:
 * @self: a stack with an open group
 *
 * Reverts the commands pushed into the innermost group, in reverse order,
 * and closes it without recording anything.
 */
void
wb_undo_stack_cancel_group (WbUndoStack *self)
{
  g_autoptr(WbCommandGroup) group = NULL;

  g_return_if_fail (WB_IS_UNDO_STACK (self));
  g_return_if_fail (self->groups->len > 0);

  group = pop_group (self);
  wb_command_revert (WB_COMMAND (group));
  self->mergeable = FALSE;
  update_state (self);
}

gboolean
wb_undo_stack_in_group (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);
  return self->groups->len > 0;
}

/**
 * wb_undo_stack_set_clean:
 * @self: a stack with no open group
 *
 * Records that the game was saved in its current state: #WbUndoStack:is-clean
 * becomes %TRUE, and becomes %TRUE again whenever undo or redo return here.
 */
void
wb_undo_stack_set_clean (WbUndoStack *self)
{
  g_return_if_fail (WB_IS_UNDO_STACK (self));
  g_return_if_fail (self->groups->len == 0);

  self->clean = (int) self->index;
  self->mergeable = FALSE;
  update_state (self);
}

gboolean
wb_undo_stack_get_is_clean (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), FALSE);
  return self->is_clean;
}

guint
wb_undo_stack_get_limit (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), 0);
  return self->limit;
}

void
wb_undo_stack_set_limit (WbUndoStack *self,
                         guint        limit)
{
  g_return_if_fail (WB_IS_UNDO_STACK (self));

  limit = MAX (limit, 1);
  if (self->limit == limit)
    return;
  self->limit = limit;
  trim_to_limit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIMIT]);
  update_state (self);
}

guint
wb_undo_stack_get_n_undo (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), 0);
  return self->index;
}

guint
wb_undo_stack_get_n_redo (WbUndoStack *self)
{
  g_return_val_if_fail (WB_IS_UNDO_STACK (self), 0);
  return self->steps->len - self->index;
}

void
wb_undo_stack_clear (WbUndoStack *self)
{
  g_return_if_fail (WB_IS_UNDO_STACK (self));
  g_return_if_fail (self->groups->len == 0);

  self->clean = self->is_clean ? 0 : -1;
  g_ptr_array_set_size (self->steps, 0);
  self->index = 0;
  self->mergeable = FALSE;
  update_state (self);
}
