/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Makes a spin button of an editor pane safe for the game's data (issue
 * "no silent data change from an editor field"): text that is not a
 * number — an empty field included — is refused when the field is left or
 * Enter pressed: the field is marked (the "error" style class, and its
 * tooltip says why), the bell rings and the value stays what it was, never
 * 0. Ctrl+Z in the field reverts text not yet committed to the value it
 * shows; with nothing uncommitted it is the game's undo, as anywhere else
 * (the field's own text undo is off). */
void     wb_number_field_guard       (GtkSpinButton *spin);
/* Whether @spin holds text it refused (it is marked). */
gboolean wb_number_field_has_error   (GtkSpinButton *spin);

G_END_DECLS
