/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_CHIT_EDITOR (wb_chit_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbChitEditor, wb_chit_editor, WB, CHIT_EDITOR, GtkWidget)

/* The chit pane (format 8, Blind Swords series 2.4 and 5.0): the game's
 * chits listed by side (the Wild chits apart), each row with the chit's
 * face drawn small; a form for the selected chit with every member of its
 * kind; and, on the "Draw Cup" page, the cup of a chosen scenario: its
 * eligible chits as a checklist with their Command Clarity, the Key Chits,
 * included and excluded Event counts per side and the chits added by turn.
 * Every change is a command (core/wb-chit-commands.h) pushed with
 * wb_edit_push() on the stack; the pane follows WbGame::changed, so undo
 * and redo show at once. A refused edit leaves the model as it was and
 * says why in the pane's message line (and on the field).
 *
 * Actions (prefix "chits."): add (Insert: a new activation chit of the
 * selected chit's side), remove (Delete in the list; refused with the
 * command's message while a cup or a casualty chit names the chit), back
 * (emits close-requested; Escape in the list). */
GtkWidget   *wb_chit_editor_new          (void);
void         wb_chit_editor_set_game     (WbChitEditor *self,
                                          WbGame       *game,
                                          WbUndoStack  *stack);
/* Selects the chit @id (NULL: none); FALSE if the game has no such chit. */
gboolean     wb_chit_editor_select       (WbChitEditor *self,
                                          const char   *id);
/* The selected chit's id, or NULL. */
const char  *wb_chit_editor_get_selected (WbChitEditor *self);
/* Shows the cup of scenario @id on the "Draw Cup" page (and that page). */
gboolean     wb_chit_editor_show_cup     (WbChitEditor *self,
                                          const char   *scenario_id);
/* The widget of a part of the pane (tests, accessibility):
 * "list" (GtkListBox of the chits; rows named "chit:ID"), "pages"
 * (GtkStack: "chit", "cup"), "error" (GtkLabel), "add", "remove" (GtkButton);
 * the chit form: "id" (GtkLabel), "name", "rating", "source" (GtkEntry),
 * "side", "kind", "level", "formation", "casualty-of", "play", "wild"
 * (GtkDropDown), "automatic" (GtkCheckButton), "text", "note"
 * (GtkTextView), "effect" (GtkLabel); the cup: "scenario" (GtkDropDown),
 * "cup-list" (GtkListBox), "cup:ID" and "clarity:ID" (GtkCheckButton),
 * "key:SIDE", "included:SIDE", "excluded:SIDE" (GtkSpinButton),
 * "per-division" (GtkCheckButton), "new-cup", "remove-cup", "add-turn"
 * (GtkButton), "add-turn:N", "add-chits:N", "add-note:N" (the Nth added
 * entry's GtkSpinButton and GtkEntry fields), "remove-add:N" (GtkButton). */
GtkWidget   *wb_chit_editor_get_field    (WbChitEditor *self,
                                          const char   *name);

G_END_DECLS
