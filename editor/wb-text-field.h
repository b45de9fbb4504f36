/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Makes a text entry of an editor pane commit or revert as one undoable
 * edit (issue 15, "no silent data change from an editor field"), as
 * wb_number_field_guard does for spin buttons.
 *
 * The text last set from the model (wb_text_field_set_text, or what the
 * entry held when guarded, or what it holds after an accepted commit) is
 * the field's committed text; anything else is uncommitted.
 * - Enter, or the focus leaving the field, with uncommitted text calls
 *   @apply (@data, @entry) once: the pane's own apply function, which
 *   pushes ONE command (or nothing when the text says what the model
 *   has). Text set in the entry while @apply runs is the model's.
 * - @apply refuses the text with wb_text_field_refuse (): the field is
 *   marked (the "error" style class, its tooltip says why), the bell
 *   rings and the model is left as it was; the mark goes when the text
 *   changes. Nothing is ever saved in place of refused text.
 * - Escape and Ctrl+Z with uncommitted text put the committed text back
 *   (and are consumed). With nothing uncommitted they go on: Ctrl+Z is
 *   the game's undo, as anywhere else, and the field then shows what the
 *   model says (the entry's own text undo is off).
 * - Ctrl+Shift+Z and Ctrl+Y with uncommitted text are refused with the
 *   bell: the game's redo would overwrite what is typed; without, they
 *   are the game's redo.
 *
 * A field of a popover form (Apply, or Enter, applies the whole form as
 * one edit; Escape or a click elsewhere closes it and drops what it holds)
 * is guarded with wb_text_field_guard_in_form (): leaving it commits
 * nothing, Ctrl+Z with uncommitted text puts back the text it opened
 * with, and with none closes the form before the game's undo runs (the
 * form would edit what the undo took away); the form's own apply marks
 * a refused field with wb_text_field_refuse ().
 *
 * Entries that are not bound to a model value — a search, or an entry
 * whose Enter adds something new — are not guarded: their text is never
 * saved on leaving. They still must not keep Ctrl+Z for their own text
 * undo when the user expects the game's: wb_text_field_pass_undo () turns
 * the entry's text undo off so Ctrl+Z and Ctrl+Shift+Z reach the game. */
void     wb_text_field_guard     (GtkEntry   *entry,
                                  GCallback   apply,
                                  gpointer    data);
/* @entry is a field of the popover form @form (see above). */
void     wb_text_field_guard_in_form (GtkEntry   *entry,
                                      GtkPopover *form);
/* Shows @text (NULL: empty) as the model's value: the committed text. */
void     wb_text_field_set_text  (GtkEntry   *entry,
                                  const char *text);
/* Shows @text (NULL: empty) as the model's value and takes off a refusal
 * mark: for a field a pane shows again for another target, as if new. */
void     wb_text_field_reset     (GtkEntry   *entry,
                                  const char *text);
/* From @apply: refuses the text with @message (what and why). Outside a
 * commit it marks the field at once. */
void     wb_text_field_refuse    (GtkEntry   *entry,
                                  const char *message);
/* Whether the field is marked as refused. */
gboolean wb_text_field_has_error (GtkEntry   *entry);
/* Whether the field holds text not committed. */
gboolean wb_text_field_is_dirty  (GtkEntry   *entry);
/* The committed text. */
const char *wb_text_field_get_committed (GtkEntry *entry);
/* Leaving the field commits it from an idle, once the focus change is
 * over: for a pane whose commit rebuilds the rows holding the entry. */
void     wb_text_field_commit_later (GtkEntry *entry);
/* For entries that are not fields (see above). */
void     wb_text_field_pass_undo (GtkEntry   *entry);

G_END_DECLS
