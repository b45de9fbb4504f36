/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "wb-map-editor.h"

G_BEGIN_DECLS

#define WB_TYPE_INSPECTOR (wb_inspector_get_type ())
G_DECLARE_FINAL_TYPE (WbInspector, wb_inspector, WB, INSPECTOR, GtkWidget)

/* A pane showing what @editor has selected (a hex, a hexside, a location,
 * a connection) with the game's attributes for it, each editable: every
 * change is a command pushed through wb_map_editor_push (), so it can be
 * undone, and the pane follows the model (undo, redo, other editors). */
GtkWidget   *wb_inspector_new        (WbMapEditor *editor);
WbMapEditor *wb_inspector_get_editor (WbInspector *self);

/* The widget editing @field (tests and accessibility checks), or NULL when
 * the selection has none. Fields: "title", "hint", "error", "terrain"
 * (GtkDropDown), "elevation" (GtkSpinButton), "label" (GtkEntry), "marks"
 * (GtkLabel), "name" (GtkEntry), "major", "port" (GtkCheckButton),
 * "fortress", "vp", "label-dx", "label-dy" (GtkSpinButton), "tags" (GtkEntry), "note"
 * (GtkTextView), "class" (GtkDropDown), "feature:ID" (GtkCheckButton: a
 * hex or hexside feature, or a crossing), "supply:SIDE",
 * "replacement:SIDE" (GtkCheckButton). */
GtkWidget   *wb_inspector_get_field  (WbInspector *self,
                                      const char  *field);

G_END_DECLS
