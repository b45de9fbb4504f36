/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_LEGEND_EDITOR (wb_legend_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbLegendEditor, wb_legend_editor, WB, LEGEND_EDITOR, GtkWindow)

/* The "Map Legend" window: the game's terrain and feature types, each with
 * a swatch drawn as the map draws it, and a form for the selected one.
 * Every change is a command pushed on @stack (wb_edit_push ()), so the main
 * window's undo takes it back; the window follows the game's "changed"
 * signal, so it shows undo and redo as they happen. Its own Ctrl+Z and
 * Ctrl+Shift+Z activate win.undo / win.redo on its transient parent.
 *
 * Actions (prefix "legend."): add-terrain, add-feature (s: hex, hexside,
 * connection or crossing), remove (the selected type; when hexes use a
 * terrain type it asks for one to repaint them with), replace-terrain (s:
 * the replacement: removes the selected terrain type, repainting its
 * hexes). */
GtkWidget   *wb_legend_editor_new          (GtkWindow      *parent,
                                            WbGame         *game,
                                            WbUndoStack    *stack);
/* Shows another game (or none); the selection goes. */
void         wb_legend_editor_set_target   (WbLegendEditor *self,
                                            WbGame         *game,
                                            WbUndoStack    *stack);
WbGame      *wb_legend_editor_get_game     (WbLegendEditor *self);
/* Selects terrain type @id (@feature FALSE) or feature type @id; FALSE if
 * there is none. */
gboolean     wb_legend_editor_select       (WbLegendEditor *self,
                                            gboolean        feature,
                                            const char     *id);
/* The selected type's id, or NULL; @feature tells which list. */
const char  *wb_legend_editor_get_selected (WbLegendEditor *self,
                                            gboolean       *feature);
/* The last message the window showed (a refused removal, a failed edit),
 * or NULL. */
const char  *wb_legend_editor_get_message  (WbLegendEditor *self);

G_END_DECLS
