/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"

G_BEGIN_DECLS

#define WB_UNDO_STACK_DEFAULT_LIMIT 1000

#define WB_TYPE_UNDO_STACK (wb_undo_stack_get_type ())
G_DECLARE_FINAL_TYPE (WbUndoStack, wb_undo_stack, WB, UNDO_STACK, GObject)

WbUndoStack *wb_undo_stack_new            (void);

/* Applies @command (the stack takes its own reference) and records it as
 * the newest step, discarding the redo branch. On failure the model and the
 * stack are unchanged and @error is set. */
gboolean     wb_undo_stack_push           (WbUndoStack  *self,
                                           WbCommand    *command,
                                           GError      **error);
/* Each returns FALSE when there is nothing to undo/redo, or while a group
 * is open. */
gboolean     wb_undo_stack_undo           (WbUndoStack  *self);
gboolean     wb_undo_stack_redo           (WbUndoStack  *self);

gboolean     wb_undo_stack_get_can_undo   (WbUndoStack  *self);
gboolean     wb_undo_stack_get_can_redo   (WbUndoStack  *self);
/* The label of the step undo/redo would take back/do again, or NULL. */
const char  *wb_undo_stack_get_undo_label (WbUndoStack  *self);
const char  *wb_undo_stack_get_redo_label (WbUndoStack  *self);

/* Ends the merge window: the next push starts a new step even if the
 * newest command could absorb it (call it when a drag ends). */
void         wb_undo_stack_seal           (WbUndoStack  *self);

/* Bundles the pushes until the matching end_group() into one step labelled
 * @label. Groups nest; an inner group becomes one child of the outer one.
 * An empty group records nothing. */
void         wb_undo_stack_begin_group    (WbUndoStack  *self,
                                           const char   *label);
void         wb_undo_stack_end_group      (WbUndoStack  *self);
/* Reverts what was pushed since the innermost begin_group() and closes it
 * without recording anything. */
void         wb_undo_stack_cancel_group   (WbUndoStack  *self);
gboolean     wb_undo_stack_in_group       (WbUndoStack  *self);

/* Marks the current state as saved. */
void         wb_undo_stack_set_clean      (WbUndoStack  *self);
gboolean     wb_undo_stack_get_is_clean   (WbUndoStack  *self);

/* Number of steps kept (undo plus redo). The oldest steps are dropped past
 * it. At least 1; default WB_UNDO_STACK_DEFAULT_LIMIT. */
guint        wb_undo_stack_get_limit      (WbUndoStack  *self);
void         wb_undo_stack_set_limit      (WbUndoStack  *self,
                                           guint         limit);
/* Steps that can be undone / redone. */
guint        wb_undo_stack_get_n_undo     (WbUndoStack  *self);
guint        wb_undo_stack_get_n_redo     (WbUndoStack  *self);
/* Forgets every step (the model is left as it is); the current state is
 * clean if it was. */
void         wb_undo_stack_clear          (WbUndoStack  *self);

G_END_DECLS
