/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "wb-window.h"

G_BEGIN_DECLS

#define WB_TYPE_BACKGROUND_DIALOG (wb_background_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbBackgroundDialog, wb_background_dialog, WB, BACKGROUND_DIALOG, AdwWindow)

/* Edits the background scan of the map @window shows: the image (PNG, or
 * JPEG converted to a PNG beside it), whether it shows, its opacity and
 * placement, and a two-point calibration that picks two points on the
 * canvas (wb_window_pick_point ()). Every change is a command on
 * @window's undo stack; the dialog follows undo and redo. */
WbBackgroundDialog *wb_background_dialog_new            (WbWindow           *window);
WbMap              *wb_background_dialog_get_map        (WbBackgroundDialog *self);

/* What accepting the file chooser does: reads @file in a worker thread
 * (a JPEG is first written as a PNG beside it) and sets it as the scan;
 * a file that cannot be read is reported in a toast and changes nothing.
 * Watch notify::loading. */
void                wb_background_dialog_set_image_file (WbBackgroundDialog *self,
                                                         GFile              *file);
gboolean            wb_background_dialog_get_loading    (WbBackgroundDialog *self);
/* The last message shown in a toast (errors, calibration results), for
 * tests; NULL before the first. */
const char         *wb_background_dialog_get_message    (WbBackgroundDialog *self);

G_END_DECLS
