/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "command-checks.h"

WbGame *
load_game (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

WbGame *
wilderness (void)
{
  return load_game ("battle-of-the-wilderness.warbench");
}

char *
dump (WbGame *game)
{
  return wb_game_to_data (game, NULL);
}

void
push_and_check_revert (WbGame      *game,
                       WbUndoStack *stack,
                       WbCommand   *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s", error ? error->message : "");
  after = dump (game);
  ck_assert_str_ne (before, after);
  ck_assert (wb_undo_stack_undo (stack));
  undone = dump (game);
  ck_assert_str_eq (before, undone);
  ck_assert (wb_undo_stack_redo (stack));
  redone = dump (game);
  ck_assert_str_eq (after, redone);
}

void
push_fails (WbGame      *game,
            WbUndoStack *stack,
            WbCommand   *cmd,
            int          code,
            const char  *in_message)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  guint n = wb_undo_stack_get_n_undo (stack);

  ck_assert (!wb_undo_stack_push (stack, owned, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, code);
  if (in_message != NULL)
    ck_assert_msg (strstr (error->message, in_message) != NULL, "“%s” not in “%s”", in_message,
                   error->message);
  after = dump (game);
  ck_assert_str_eq (before, after);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n);
}
