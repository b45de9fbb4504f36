/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "wb-window.h"

G_BEGIN_DECLS

#define WB_TYPE_NUMBERING_DIALOG (wb_numbering_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbNumberingDialog, wb_numbering_dialog, WB, NUMBERING_DIALOG, AdwWindow)

/* Changes how the hex map @window shows numbers its hexes: the scheme
 * (digits, column letters, mixed width), oblique or not, the first column
 * and row and the digits, with the first and last hex as they would print.
 * Apply pushes wb_command_set_hex_numbering_new () on @window's undo stack
 * (the scenarios' hex numbers follow) and closes, or shows why it cannot;
 * a numbering that cannot number the map disables it. */
WbNumberingDialog *wb_numbering_dialog_new       (WbWindow          *window);
/* The message shown when Apply failed, for tests; NULL otherwise. */
const char        *wb_numbering_dialog_get_error (WbNumberingDialog *self);

G_END_DECLS
