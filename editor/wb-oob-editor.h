/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_OOB_EDITOR (wb_oob_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbOobEditor, wb_oob_editor, WB, OOB_EDITOR, GtkWidget)

/* The order-of-battle editor: one side's formations and units as a tree
 * (army → corps → division → brigade → unit, in file order), a search
 * entry, and an inspector for the selected unit(s) or formation with the
 * unit's counter drawn by the core renderer. Every change is a command
 * (core/wb-oob-commands.h) pushed with wb_edit_push() on @stack; the
 * editor follows WbGame::changed, so undo and redo show at once.
 *
 * Actions (prefix "oob."): add-unit (Insert, Ctrl+Alt+U), add-formation
 * (Ctrl+Alt+F), duplicate (Ctrl+D),
 * delete (Delete), move-up (Alt+Up), move-down (Alt+Down), move-to (s: a
 * formation id, "" for none: moves the selected units into it, or makes it
 * the selected formation's parent), search (Ctrl+F), back (emits
 * close-requested; Escape in the tree). */
GtkWidget   *wb_oob_editor_new               (void);
void         wb_oob_editor_set_game          (WbOobEditor        *self,
                                              WbGame             *game,
                                              WbUndoStack        *stack);
WbGame      *wb_oob_editor_get_game          (WbOobEditor        *self);
/* The side shown (an id of the game's sides). */
void         wb_oob_editor_set_side          (WbOobEditor        *self,
                                              const char         *side);
const char  *wb_oob_editor_get_side          (WbOobEditor        *self);
/* Selects the rows of these unit or formation ids (NULL-terminated); the
 * first is scrolled to. Returns how many were found. */
guint        wb_oob_editor_select            (WbOobEditor        *self,
                                              const char * const *ids);
/* The selected units, in tree order (a new array of borrowed pointers),
 * and the selected formation when only one formation is selected. */
GPtrArray   *wb_oob_editor_get_selected_units (WbOobEditor       *self);
WbFormation *wb_oob_editor_get_selected_formation (WbOobEditor   *self);
/* How many rows the tree shows (after the search filter). */
guint        wb_oob_editor_get_n_rows        (WbOobEditor        *self);
/* The ids the tree shows, in order (formations and units; transfer
 * container). */
GPtrArray   *wb_oob_editor_list_rows         (WbOobEditor        *self);
/* Expands or collapses the row of formation @id (kept across edits);
 * FALSE if the tree shows no such row. */
gboolean     wb_oob_editor_set_expanded      (WbOobEditor        *self,
                                              const char         *id,
                                              gboolean            expanded);
/* The widget of a part of the editor (tests, accessibility): "search"
 * (GtkSearchEntry), "tree" (GtkListView), "error" (GtkLabel), "preview"
 * (GtkDrawingArea: the counter), and the inspector's fields: "name",
 * "designation", "size", "note" (GtkEntry; "note" is a GtkTextView),
 * "side", "class", "formation" (GtkDropDown), "strength-form" (GtkDropDown:
 * single, steps, sides), "strength" (GtkSpinButton, single),
 * "strength-half" (GtkCheckButton), "steps" (GtkEntry "12/8/4"),
 * "current-step" (GtkSpinButton), "fresh", "worn" (GtkSpinButton),
 * "worn-up" (GtkCheckButton), "attr:ID" (by the attribute's type: a
 * GtkSpinButton, GtkEntry or GtkCheckButton); for a formation "name",
 * "echelon", "color" (GtkEntry) and "parent" (GtkDropDown). */
GtkWidget   *wb_oob_editor_get_field         (WbOobEditor        *self,
                                              const char         *field);
/* How many times the counter preview has been drawn (tests). */
guint        wb_oob_editor_get_preview_draws (WbOobEditor        *self);

G_END_DECLS
