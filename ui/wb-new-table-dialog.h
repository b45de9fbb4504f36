/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "wb-window.h"

G_BEGIN_DECLS

#define WB_TYPE_NEW_TABLE_DIALOG (wb_new_table_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbNewTableDialog, wb_new_table_dialog, WB, NEW_TABLE_DIALOG, AdwWindow)

/* New Table…: a name, a kind (odds or differential CRT, fire table, dice
 * pool, die-roll table, chart), the dice and the number of columns. Create
 * adds the table (wb_table_new_preset: columns labelled as the kind
 * usually is, one row per result of the dice, every cell "-") as one
 * undoable step on @window's stack and opens it in the table editor. */
WbNewTableDialog *wb_new_table_dialog_new     (WbWindow         *window);
/* What the fields hold (tests): @dice "1d6", "2d6", "d66"… */
void              wb_new_table_dialog_set     (WbNewTableDialog *self,
                                               const char       *name,
                                               WbTableKind       kind,
                                               const char       *dice,
                                               guint             n_columns);
/* What Create does: the table added, or NULL and the message shown. */
WbTable          *wb_new_table_dialog_create  (WbNewTableDialog *self,
                                               GError          **error);

G_END_DECLS
