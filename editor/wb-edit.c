/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-edit"

#include "config.h"

#include "wb-edit.h"
#include "wb-editor-resources.h"

gboolean
wb_edit_push (WbGame       *game,
              WbUndoStack  *stack,
              WbCommand    *command,
              GError      **error)
{
  gboolean ok;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_UNDO_STACK (stack), FALSE);
  g_return_val_if_fail (WB_IS_COMMAND (command), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  wb_game_lock_write (game);
  ok = wb_undo_stack_push (stack, command, error);
  wb_game_unlock_write (game);

  return ok;
}

gboolean
wb_edit_undo (WbGame      *game,
              WbUndoStack *stack)
{
  gboolean ok;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_UNDO_STACK (stack), FALSE);

  wb_game_lock_write (game);
  ok = wb_undo_stack_undo (stack);
  wb_game_unlock_write (game);

  return ok;
}

gboolean
wb_edit_redo (WbGame      *game,
              WbUndoStack *stack)
{
  gboolean ok;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_UNDO_STACK (stack), FALSE);

  wb_game_lock_write (game);
  ok = wb_undo_stack_redo (stack);
  wb_game_unlock_write (game);

  return ok;
}

void
wb_edit_ensure_resources (void)
{
  static gsize registered = 0;

  /* g_static_resource_init () twice before the first look-up chains the
   * resource to itself, and after it registers a second copy: once,
   * whichever pane's class comes first (as GTK's gsk_ensure_resources). */
  if (g_once_init_enter (&registered))
    {
      wb_editor_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}
