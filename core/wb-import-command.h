/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

#define WB_TYPE_IMPORT_COMMAND (wb_import_command_get_type ())
G_DECLARE_FINAL_TYPE (WbImportCommand, wb_import_command, WB, IMPORT_COMMAND, WbCommand)

/* Importing a scenario of another game file as an undoable edit
 * (core/wb-import-command.c). */
WbCommand *wb_command_import_scenario_new (WbGame     *game,
                                           WbGame     *from,
                                           const char *scenario_id,
                                           const char *new_id);

G_END_DECLS
