/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_RESERVE (wb_play_reserve_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayReserve, wb_play_reserve, WB, PLAY_RESERVE, GtkWidget)

/* The units of the side to act that are not on the map yet: the ones due
 * now first ("Cooke (7) — at 0128, now"), then the later ones with their
 * turn, dimmed; and below, the units eliminated, each side's. Activating a
 * unit due now emits "unit-activated" (its id): the window selects it and
 * shows where it may come on. */
GtkWidget   *wb_play_reserve_new         (void);
void         wb_play_reserve_set_play    (WbPlayReserve *self,
                                          WbPlay        *play);
/* After every action. */
void         wb_play_reserve_refresh     (WbPlayReserve *self);
/* The rows' texts (tests), in order. */
GPtrArray   *wb_play_reserve_get_texts   (WbPlayReserve *self);

G_END_DECLS
