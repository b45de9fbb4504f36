/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-window.h"

G_BEGIN_DECLS

/* Map set-up from the window: the pick mode that takes the next click on
 * the map as a map point (the background dialog's calibration uses it) and
 * the Background Scan and Resize Map dialogs (win.map-background,
 * win.resize-map). */

/* @picked is FALSE when the pick was cancelled (Escape, another pick, the
 * map changed, the window went away); (@x, @y) is the map point. */
typedef void (*WbPickFunc) (WbWindow *window,
                            gboolean  picked,
                            double    x,
                            double    y,
                            gpointer  user_data);

/* Takes the next primary click on the map view as a map point: the view
 * shows a crosshair (drags still pan), @hint is shown in the status bar
 * and Escape cancels. A pick already running is cancelled first. @func is
 * called once; then @destroy frees @user_data. */
void       wb_window_pick_point             (WbWindow       *self,
                                             const char     *hint,
                                             WbPickFunc      func,
                                             gpointer        user_data,
                                             GDestroyNotify  destroy);
void       wb_window_cancel_pick            (WbWindow       *self);
gboolean   wb_window_get_picking            (WbWindow       *self);

/* The status bar's note that the shown map's scan could not be read
 * (missing, not a PNG, too large), or NULL. */
const char *wb_window_get_scan_note         (WbWindow       *self);

/* The dialogs the actions opened, while they are open (NULL otherwise). */
GtkWidget *wb_window_get_background_dialog  (WbWindow       *self);
GtkWidget *wb_window_get_resize_dialog      (WbWindow       *self);
GtkWidget *wb_window_get_numbering_dialog   (WbWindow       *self);

G_END_DECLS
