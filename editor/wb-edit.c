/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-edit"

#include "config.h"

#include "wb-edit.h"

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
