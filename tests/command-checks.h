/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the core command test programs (test-*-commands.c): loading a
 * bundled game, and pushing a command with the checks every command test
 * makes (applies, undoes to the same file text, redoes; or fails with a
 * code and leaves game and stack as they were). */

#include <check.h>

#include "warbench-core.h"

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

/* data/games/@name of the source tree (WARBENCH_SOURCE_DIR). */
WbGame *load_game   (const char *name);
/* The bundled Battle of the Wilderness. */
WbGame *wilderness  (void);
/* The game file's text. */
char   *dump        (WbGame *game);
/* Pushes @cmd (taking it), asserts success and a changed file, undoes
 * (file text as before), redoes (as after). Leaves it applied. */
void    push_and_check_revert (WbGame      *game,
                               WbUndoStack *stack,
                               WbCommand   *cmd);
/* Pushes @cmd (taking it) and asserts it fails with WB_COMMAND_ERROR @code
 * (and @in_message in the message, unless NULL), leaving the file text and
 * the stack as they were. */
void    push_fails  (WbGame      *game,
                     WbUndoStack *stack,
                     WbCommand   *cmd,
                     int          code,
                     const char  *in_message);
