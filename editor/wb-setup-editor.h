/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_SETUP_EDITOR_UNIT_MIME "application/x-warbench-unit"

#define WB_TYPE_SETUP_EDITOR (wb_setup_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbSetupEditor, wb_setup_editor, WB, SETUP_EDITOR, GtkWidget)

/* A scenario's set-up as the rulebooks' deployment charts print it: one
 * group per place (hex, location, box) with the units that start there,
 * each editable (its place or choices typed as "0414" or "Elk Tavern,
 * Falmouth", its option tag, its note) with a stacking warning on places
 * over the game's limit; the side's units not placed yet, which drag onto
 * the map (a string: the unit id); and the scenario's markers.
 *
 * Every change is a command pushed on the undo stack (wb_edit_push ()); the
 * editor follows WbGame::changed, so undo and redo show. A refused change
 * shows its message above the table.
 *
 * Signals: pick-marker (s: feature id) asks the window for a click on the
 * map, to be handed to wb_setup_editor_add_marker_at_point (); show-place
 * (i: WbPlaceKind, s: hex number or location id) asks it to show a place
 * of the chart on the map. */
GtkWidget   *wb_setup_editor_new              (void);
void         wb_setup_editor_set_target       (WbSetupEditor  *self,
                                               WbGame         *game,
                                               WbScenario     *scenario,
                                               WbUndoStack    *stack);
WbScenario  *wb_setup_editor_get_scenario     (WbSetupEditor  *self);

/* Pushes @command (taken); on failure shows the message and sets @error. */
gboolean     wb_setup_editor_push             (WbSetupEditor  *self,
                                               WbCommand      *command,
                                               GError        **error);
/* Puts @unit at the place under map point (@x, @y) (within @radius points
 * of a location): what a drop on the map does. */
gboolean     wb_setup_editor_place_at_point   (WbSetupEditor  *self,
                                               const char     *unit,
                                               double          x,
                                               double          y,
                                               double          radius,
                                               GError        **error);
/* Sets the places of set-up line @index from typed text (choices separated
 * by commas). */
gboolean     wb_setup_editor_set_line_places  (WbSetupEditor  *self,
                                               guint           index,
                                               const char     *text,
                                               GError        **error);
/* Adds a set-up line for @unit at the typed place(s). */
gboolean     wb_setup_editor_add_line         (WbSetupEditor  *self,
                                               const char     *unit,
                                               const char     *text,
                                               GError        **error);
/* Adds a marker of hex feature @feature at the typed place or map point. */
gboolean     wb_setup_editor_add_marker       (WbSetupEditor  *self,
                                               const char     *feature,
                                               const char     *text,
                                               GError        **error);
gboolean     wb_setup_editor_add_marker_at_point (WbSetupEditor *self,
                                                  const char    *feature,
                                                  double         x,
                                                  double         y,
                                                  double         radius,
                                                  GError       **error);
/* Adds an off-map box named @name (its id made from the name). */
gboolean     wb_setup_editor_add_box          (WbSetupEditor  *self,
                                               const char     *name,
                                               GError        **error);
/* Rebuilds the lists now (they follow the game on the next idle). */
void         wb_setup_editor_refresh          (WbSetupEditor  *self);
/* The stacking problems shown (tests). */
guint        wb_setup_editor_get_n_warnings   (WbSetupEditor  *self);
/* Units of the chosen side not placed yet (tests). */
guint        wb_setup_editor_get_n_unplaced   (WbSetupEditor  *self);
/* The message shown, or NULL. */
const char  *wb_setup_editor_get_message      (WbSetupEditor  *self);

/* A unit id or name/designation typed by the designer (any case), or NULL. */
WbUnit      *wb_setup_editor_find_unit        (WbGame         *game,
                                               const char     *text);
/* A drag icon for unit @id: its counter as the map draws it
 * (wb_render_counter ()), 48 px (transfer full). */
GdkPaintable *wb_setup_editor_unit_icon       (WbGame         *game,
                                               const char     *id);
/* A small square in @side's colour (NULL: grey). */
GtkWidget   *wb_setup_editor_side_swatch      (WbGame         *game,
                                               const char     *side);
/* Option tags as a dropdown shows them: "Always", then "With “X”" and
 * "Without “X”" for each of the scenario's options (transfer full), and the
 * position of a tag pair in that list and back. */
GtkStringList *wb_setup_editor_tag_model       (WbScenario   *scenario);
guint        wb_setup_editor_tag_position     (WbScenario     *scenario,
                                               const char     *option,
                                               const char     *unless);
void         wb_setup_editor_tag_from_position (WbScenario    *scenario,
                                                guint          position,
                                                const char   **option,
                                                const char   **unless);

G_END_DECLS
