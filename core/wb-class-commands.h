/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Sets the roles of unit class @class_id (format 7: what the rules family
 * plays it as, whatever its id) to @roles (NULL-terminated; NULL or empty:
 * none). Applying checks them as the game file reader does — valid ids,
 * each once, roles of unit classes the game's rules family knows — and
 * fails with WB_COMMAND_ERROR_INVALID (NOT_FOUND for an unknown class),
 * the model untouched; reverting puts the old roles back. Emits
 * WbGame::changed "unit_classes" once per apply and revert. "Roles of
 * “Horse”: cavalry". */
WbCommand *wb_command_set_class_roles_new (WbGame             *game,
                                           const char         *class_id,
                                           const char * const *roles);

G_END_DECLS
