/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-unit.h"

G_BEGIN_DECLS

/* Sets one of @unit's string properties ("name", "designation", "side",
 * "class-id", "formation", "size", "note") to @value (a G_TYPE_STRING value,
 * copied). The unit emits notify::PROPERTY on apply and revert. Applying
 * fails with WB_COMMAND_ERROR_INVALID for an unknown, read-only or
 * non-string property. Label: "Change name of 1st Brigade". */
WbCommand *wb_command_set_unit_property_new (WbUnit       *unit,
                                             const char   *property,
                                             const GValue *value);

G_END_DECLS
