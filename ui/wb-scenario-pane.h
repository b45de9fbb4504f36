/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WB_TYPE_SCENARIO_PANE (wb_scenario_pane_get_type ())
G_DECLARE_FINAL_TYPE (WbScenarioPane, wb_scenario_pane, WB, SCENARIO_PANE, GtkWidget)

/* The scenario pane under the map: a Set-up page (a WbSetupEditor) and a
 * Turn Track page (a WbReinforcementEditor) for one scenario, a switcher
 * between them, the scenario's name, the pane's menu (add, delete, export
 * and import scenarios: win.* actions) and a close button. It owns its
 * widgets and its page; the window (wb-window-scenario.c) gives the editors
 * their scenario and decides when the pane shows.
 *
 * Properties: "page" ("setup" or "turns"), "title" (the scenario's name).
 * Signals: "close-requested" (the close button). */
GtkWidget  *wb_scenario_pane_new                    (void);
GtkWidget  *wb_scenario_pane_get_setup_editor        (WbScenarioPane *self);
GtkWidget  *wb_scenario_pane_get_reinforcement_editor (WbScenarioPane *self);
const char *wb_scenario_pane_get_page               (WbScenarioPane *self);
void        wb_scenario_pane_set_page               (WbScenarioPane *self,
                                                     const char     *page);
void        wb_scenario_pane_set_title              (WbScenarioPane *self,
                                                     const char     *title);

G_END_DECLS
