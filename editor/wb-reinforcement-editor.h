/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_REINFORCEMENT_EDITOR (wb_reinforcement_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbReinforcementEditor, wb_reinforcement_editor,
                      WB, REINFORCEMENT_EDITOR, GtkWidget)

/* The turn track: one column per turn with its label, night turns shaded,
 * and under each turn the reinforcements that arrive then (units, entry,
 * condition, option tag). A turn's heading edits its label and night flag;
 * a reinforcement's card edits it (turn, entry hexes or locations with
 * alternatives or an entry area, units, condition text, option tag, note)
 * or removes it; each column's + adds one. Every change is a command on
 * the undo stack; the view follows WbGame::changed.
 *
 * Text forms: an entry is "0118", "0728, 0627" (alternatives), a location
 * or box name, or the name or id of a marked area of the map; units are
 * ids, names or designations separated by commas. */
GtkWidget   *wb_reinforcement_editor_new        (void);
void         wb_reinforcement_editor_set_target (WbReinforcementEditor  *self,
                                                 WbGame                 *game,
                                                 WbScenario             *scenario,
                                                 WbUndoStack            *stack);
gboolean     wb_reinforcement_editor_add        (WbReinforcementEditor  *self,
                                                 int                     turn,
                                                 const char             *entry,
                                                 const char             *units,
                                                 const char             *condition,
                                                 GError                **error);
/* Replaces reinforcement @index (its tags stay unless @tag_position is
 * not -1: see wb_setup_editor_tag_model ()). */
gboolean     wb_reinforcement_editor_edit       (WbReinforcementEditor  *self,
                                                 guint                   index,
                                                 int                     turn,
                                                 const char             *entry,
                                                 const char             *units,
                                                 const char             *condition,
                                                 const char             *note,
                                                 int                     tag_position,
                                                 GError                **error);
gboolean     wb_reinforcement_editor_remove     (WbReinforcementEditor  *self,
                                                 guint                   index,
                                                 GError                **error);
gboolean     wb_reinforcement_editor_set_turn   (WbReinforcementEditor  *self,
                                                 int                     turn,
                                                 const char             *label,
                                                 gboolean                night,
                                                 GError                **error);
gboolean     wb_reinforcement_editor_set_turn_count (WbReinforcementEditor *self,
                                                     int                    count,
                                                     GError               **error);
void         wb_reinforcement_editor_refresh    (WbReinforcementEditor  *self);
/* Columns and cards shown (tests). */
guint        wb_reinforcement_editor_get_n_columns (WbReinforcementEditor *self);
guint        wb_reinforcement_editor_get_n_cards (WbReinforcementEditor *self);
const char  *wb_reinforcement_editor_get_message (WbReinforcementEditor *self);

G_END_DECLS
