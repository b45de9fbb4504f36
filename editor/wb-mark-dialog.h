/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "wb-map-editor.h"

G_BEGIN_DECLS

#define WB_TYPE_MARK_DIALOG (wb_mark_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbMarkDialog, wb_mark_dialog, WB, MARK_DIALOG, GtkWindow)

/* A dialog that adds a mark to @editor's map (@mark_id NULL) or edits mark
 * @mark_id: name, kind, side and VP, applied through the editor's add-mark
 * or edit-mark action when the user presses the default button. */
GtkWidget *wb_mark_dialog_new      (GtkWindow   *parent,
                                    WbMapEditor *editor,
                                    const char  *mark_id);

/* For tests: the fields, and pressing the default button. */
GtkWidget *wb_mark_dialog_get_name_entry (WbMarkDialog *self);
GtkWidget *wb_mark_dialog_get_kind_dropdown (WbMarkDialog *self);
GtkWidget *wb_mark_dialog_get_side_dropdown (WbMarkDialog *self);
GtkWidget *wb_mark_dialog_get_vp_spin (WbMarkDialog *self);
void       wb_mark_dialog_apply (WbMarkDialog *self);

G_END_DECLS
