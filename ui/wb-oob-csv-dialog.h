/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_OOB_IMPORT_DIALOG (wb_oob_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbOobImportDialog, wb_oob_import_dialog, WB, OOB_IMPORT_DIALOG, AdwWindow)

/* The preview of importing @text (a CSV order of battle, see
 * docs/file-format.md) into @game: what would be added, changed and
 * removed, or every problem with its line and column. Import pushes one
 * undoable command on @stack (under the game's lock) and closes; it is
 * disabled while there are problems. @name is the file's name, shown in
 * the title. */
WbOobImportDialog *wb_oob_import_dialog_new      (GtkWindow         *parent,
                                                  WbGame            *game,
                                                  WbUndoStack       *stack,
                                                  const char        *name,
                                                  const char        *text,
                                                  gssize             len);
/* Whether Import is possible (the CSV parsed without problems and changes
 * something). */
gboolean           wb_oob_import_dialog_get_can_import (WbOobImportDialog *self);
/* The summary line and the problems as shown (tests). */
const char        *wb_oob_import_dialog_get_summary    (WbOobImportDialog *self);
guint              wb_oob_import_dialog_get_n_problems (WbOobImportDialog *self);
/* Imports, as the Import button does; FALSE (and the reason shown) if it
 * was refused. */
gboolean           wb_oob_import_dialog_apply          (WbOobImportDialog *self);

G_END_DECLS
