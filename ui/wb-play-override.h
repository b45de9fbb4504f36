/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "wb-play-controller.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_OVERRIDE (wb_play_override_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayOverride, wb_play_override, WB, PLAY_OVERRIDE, GtkWidget)

/* The designer override panel, shown while the controller is in override
 * mode: the unit selected (a searchable list of every unit of the
 * scenario, kept in step with the controller's selection), its side and
 * place, its strength in SP (half SP steps; override_strength), Eliminate
 * (override_move to {"eliminated": true}), each side's VP (override_vp)
 * and markers: a hex feature of the legend chosen, and a toggle that has
 * the controller's clicks put it down or take it off (override_marker;
 * wb_play_controller_set_marker). Every change is one action played through the
 * controller (one journal entry, Ctrl+Z takes it back; a refusal is the
 * controller's "message"); then "changed" is emitted. It follows the
 * controller's "changed" and "selection-changed" by itself; call
 * wb_play_override_refresh after the state changed otherwise (going to an
 * entry of the journal). */
GtkWidget     *wb_play_override_new              (WbPlayController *controller);
void           wb_play_override_refresh          (WbPlayOverride   *self);
/* The widgets (tests drive them as a user would). */
GtkSpinButton *wb_play_override_get_strength_spin (WbPlayOverride  *self);
GtkSpinButton *wb_play_override_get_vp_spin      (WbPlayOverride   *self,
                                                  guint             side);
GtkButton     *wb_play_override_get_eliminate_button (WbPlayOverride *self);
GtkDropDown   *wb_play_override_get_unit_dropdown (WbPlayOverride  *self);
GtkDropDown   *wb_play_override_get_marker_dropdown (WbPlayOverride *self);
GtkToggleButton *wb_play_override_get_marker_toggle (WbPlayOverride *self);
/* What the panel says of the selected unit: "Confederate · 0414". */
const char    *wb_play_override_get_place_text   (WbPlayOverride   *self);

G_END_DECLS
