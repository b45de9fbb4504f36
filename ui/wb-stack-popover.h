/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-match.h"

G_BEGIN_DECLS

#define WB_TYPE_STACK_POPOVER (wb_stack_popover_get_type ())
G_DECLARE_FINAL_TYPE (WbStackPopover, wb_stack_popover, WB, STACK_POPOVER, GtkPopover)

/* A stack opened during play: the units at one place, top of the stack
 * first, each a button with its name and strength (an enemy block the
 * player may not see: its side only). The units the step may pick now are
 * sensitive; the one selected is checked. A button clicked emits
 * "unit-activated" (const char *id). It does not hide on clicks elsewhere
 * (the next click on the map goes to the map): the play window closes it. */
GtkWidget  *wb_stack_popover_new          (void);
/* Fills it with @units (WbUnitState* of @m, all at one place): @pickable
 * (ids, interned) the sensitive ones, @selected checked, and the units of
 * sides other than @viewer hidden when @hides (blocks). */
void        wb_stack_popover_set_units    (WbStackPopover *self,
                                           WbMatch        *m,
                                           GPtrArray      *units,
                                           GHashTable     *pickable,
                                           const char     *selected,
                                           const char     *viewer,
                                           gboolean        hides);
guint       wb_stack_popover_get_n_units  (WbStackPopover *self);
/* The button of @unit as a click would (tests): FALSE when it has none
 * or it is not sensitive. */
gboolean    wb_stack_popover_click_unit   (WbStackPopover *self,
                                           const char     *unit);

G_END_DECLS
