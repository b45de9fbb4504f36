/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-window.h"

G_BEGIN_DECLS

/* The scenario pane under the map (wb-window-scenario.c): the set-up
 * editor and the turn track of the scenario the sidebar shows.
 *
 * Actions: win.show-setup (Ctrl+E) and win.show-turn-track (Ctrl+Shift+E)
 * show the pane on that page, or hide it when it already shows it;
 * win.add-scenario adds a scenario on the shown map and shows it;
 * win.delete-scenario deletes the shown one (undoable). */

/* The pane's editors (a WbSetupEditor, a WbReinforcementEditor). */
GtkWidget  *wb_window_get_setup_editor         (WbWindow    *self);
GtkWidget  *wb_window_get_reinforcement_editor (WbWindow    *self);
/* Whether the pane is shown, and which page ("setup", "turns"). */
gboolean    wb_window_get_scenario_pane_shown  (WbWindow    *self);
const char *wb_window_get_scenario_page        (WbWindow    *self);
/* What dropping unit @unit at map point (@x, @y) on the map view does:
 * puts it there in the shown scenario's set-up. */
gboolean    wb_window_drop_unit                (WbWindow    *self,
                                                const char  *unit,
                                                double       x,
                                                double       y,
                                                GError     **error);
/* The set-up unit a drag from map point (@x, @y) would pick up (the one
 * drawn on top there), or NULL. */
const char *wb_window_unit_at                  (WbWindow    *self,
                                                double       x,
                                                double       y);

G_END_DECLS
