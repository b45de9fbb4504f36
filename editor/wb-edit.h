/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "warbench-core.h"

G_BEGIN_DECLS

/* The only way editors change a game: each holds the game's write lock
 * (wb_game_lock_write()) around the stack operation, so a render thread
 * never reads the model while it changes. */
gboolean wb_edit_push (WbGame       *game,
                       WbUndoStack  *stack,
                       WbCommand    *command,
                       GError      **error);
gboolean wb_edit_undo (WbGame       *game,
                       WbUndoStack  *stack);
gboolean wb_edit_redo (WbGame       *game,
                       WbUndoStack  *stack);

/* Registers the panes' templates (editor/wb-editor.gresource.xml), once;
 * each pane built from a template calls it from its class_init (the
 * library is static: a constructor registering them would be dropped). */
void     wb_edit_ensure_resources (void);

G_END_DECLS
