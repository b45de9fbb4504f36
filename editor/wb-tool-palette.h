/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "wb-map-editor.h"

G_BEGIN_DECLS

#define WB_TYPE_TOOL_PALETTE (wb_tool_palette_get_type ())
G_DECLARE_FINAL_TYPE (WbToolPalette, wb_tool_palette, WB, TOOL_PALETTE, GtkWidget)

/* A vertical toolbar for @editor: a toggle button per tool the current map
 * can use (the "editor.tool" action, so the window must insert the editor's
 * actions as "editor"), then the terrain legend and brush size, and the
 * hexside and road features, each in a popover. */
GtkWidget    *wb_tool_palette_new        (WbMapEditor   *editor);
WbMapEditor  *wb_tool_palette_get_editor (WbToolPalette *self);
/* The button of tool @id (tests), or NULL. */
GtkWidget    *wb_tool_palette_get_button (WbToolPalette *self,
                                          const char    *id);

/* Where the rename popover points: @func turns a location's map point
 * (@x, @y) into a rectangle of @widget (returned; NULL: point at the
 * tool's button instead). The window gives the canvas. */
typedef GtkWidget *(*WbPaletteAnchorFunc) (double        x,
                                           double        y,
                                           GdkRectangle *rect,
                                           gpointer      data);
void          wb_tool_palette_set_anchor_func (WbToolPalette       *self,
                                               WbPaletteAnchorFunc  func,
                                               gpointer             data);

G_END_DECLS
