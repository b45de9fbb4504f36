/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "wb-window.h"

G_BEGIN_DECLS

#define WB_TYPE_RESIZE_DIALOG (wb_resize_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbResizeDialog, wb_resize_dialog, WB, RESIZE_DIALOG, AdwWindow)

/* Resizes the hex map @window shows: columns, rows, an anchor (which of
 * the nine places the present content keeps, like an image editor's
 * canvas size) and the terrain of new hexes. It shows the size it would
 * give and how many hexes with content would be dropped; Resize pushes
 * wb_command_resize_hex_map_full_new () on @window's undo stack and
 * closes (or shows why it cannot). */
WbResizeDialog *wb_resize_dialog_new          (WbWindow       *window);
/* @col, @row: 0 left/top, 1 centre, 2 right/bottom. */
void            wb_resize_dialog_set_anchor   (WbResizeDialog *self,
                                               int             col,
                                               int             row);
void            wb_resize_dialog_get_anchor   (WbResizeDialog *self,
                                               int            *col,
                                               int            *row);
/* The shift the current choices give (the hex at (c, r) moves to
 * (c + dcol, r + drow)) and the hexes with content it drops. */
void            wb_resize_dialog_get_shift    (WbResizeDialog *self,
                                               int            *dcol,
                                               int            *drow);
int             wb_resize_dialog_count_dropped (WbResizeDialog *self);
/* The message shown when Resize failed, for tests; NULL otherwise. */
const char     *wb_resize_dialog_get_error    (WbResizeDialog *self);

G_END_DECLS
