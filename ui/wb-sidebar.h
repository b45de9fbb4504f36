/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_SIDEBAR (wb_sidebar_get_type ())
G_DECLARE_FINAL_TYPE (WbSidebar, wb_sidebar, WB, SIDEBAR, GtkWidget)

GtkWidget *wb_sidebar_new            (void);
WbGame    *wb_sidebar_get_game       (WbSidebar  *self);
void       wb_sidebar_set_game       (WbSidebar  *self,
                                      WbGame     *game);
/* Selects the row of @map (with @scenario NULL) or of @scenario; emits
 * WbSidebar::map-selected. FALSE if there is no such row. */
gboolean   wb_sidebar_select         (WbSidebar  *self,
                                      WbMap      *map,
                                      WbScenario *scenario);
/* Selects the Order of Battle row of @side; emits WbSidebar::oob-selected.
 * FALSE if there is no such row. */
gboolean   wb_sidebar_select_side    (WbSidebar  *self,
                                      const char *side);
/* Selects @table's row; emits WbSidebar::table-selected. FALSE if there is
 * no such row. */
gboolean   wb_sidebar_select_table   (WbSidebar  *self,
                                      WbTable    *table);
/* The table whose row is selected, or NULL. */
WbTable   *wb_sidebar_get_selected_table (WbSidebar *self);
/* Selects the Chits row (shown when the game has chits) and emits
 * chits-selected; FALSE without that row. */
gboolean   wb_sidebar_select_chits   (WbSidebar  *self);
/* The list the sidebar shows (for tests and accessibility tools). */
GtkListBox *wb_sidebar_get_list_box  (WbSidebar  *self);

G_END_DECLS
