/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Commands that edit a scenario: its set-up lines, reinforcements, boxes,
 * markers and turn track, and the game's list of scenarios. Each keeps
 * references to the game and the scenario, copies what it is given, checks
 * it on apply against the same rules the game file reader applies
 * (WB_COMMAND_ERROR, model untouched), reverts exactly, and emits
 * WbGame::changed with "scenarios" once per apply and per revert.
 *
 * Indexes are positions in the scenario's arrays
 * (wb_scenario_get_setup() …); -1 as an insertion index means the end. */

/* Whether @place is a place of @scenario: a hex on its (hex) map, a
 * location of its (point) map or, when @allow_box, one of its boxes. */
gboolean   wb_scenario_check_place       (WbGame          *game,
                                          WbScenario      *scenario,
                                          const WbPlace   *place,
                                          gboolean         allow_box,
                                          GError         **error);
/* Reads a place as a designer types it: a printed hex number on a hex map,
 * a location id or name (any case) on a point map, or a box id or name.
 * Fills @place (free @place->ref with g_free()). */
gboolean   wb_scenario_parse_place       (WbGame          *game,
                                          WbScenario      *scenario,
                                          const char      *text,
                                          WbPlace         *place,
                                          GError         **error);
/* The place at map point (@x, @y) of the scenario's map: the hex there,
 * or the location within @radius points. FALSE when there is none. */
gboolean   wb_scenario_place_at_point    (WbGame          *game,
                                          WbScenario      *scenario,
                                          double           x,
                                          double           y,
                                          double           radius,
                                          WbPlace         *place);
/* Reads "0414, 0415" or "Culpepper CH, Elk Tavern": one place or choices
 * separated by commas, into @places (a wb_place_array_new()). */
gboolean   wb_scenario_parse_places      (WbGame          *game,
                                          WbScenario      *scenario,
                                          const char      *text,
                                          GArray          *places,
                                          GError         **error);
/* A place as the designer reads it: "0414", the location's name, the
 * box's name (transfer full). */
char      *wb_scenario_format_place      (WbGame          *game,
                                          WbScenario      *scenario,
                                          const WbPlace   *place);
/* Places joined with ", " (transfer full). */
char      *wb_scenario_format_places     (WbGame          *game,
                                          WbScenario      *scenario,
                                          GArray          *places);

WbSetup         *wb_setup_copy           (const WbSetup         *line);
WbReinforcement *wb_reinforcement_copy   (const WbReinforcement *r);
WbMarker        *wb_marker_copy          (const WbMarker        *m);

/* Set-up lines. A line needs a unit of the game, at least one place
 * (choices allowed, boxes too), and option tags naming the scenario's
 * options; no other line may set up the same unit with the same tags.
 * "Set up 1/1/V", "Change set-up of 1/1/V", "Remove set-up of 1/1/V",
 * "Move set-up of 1/1/V". */
WbCommand *wb_command_add_setup_new      (WbGame          *game,
                                          WbScenario      *scenario,
                                          const WbSetup   *line,
                                          int              index);
WbCommand *wb_command_edit_setup_new     (WbGame          *game,
                                          WbScenario      *scenario,
                                          guint            index,
                                          const WbSetup   *line);
WbCommand *wb_command_remove_setup_new   (WbGame          *game,
                                          WbScenario      *scenario,
                                          guint            index);
WbCommand *wb_command_move_setup_new     (WbGame          *game,
                                          WbScenario      *scenario,
                                          guint            index,
                                          guint            new_index);
/* Puts @unit at @place: its first set-up line that applies without
 * options gets @place as its first choice (other choices stay); a unit
 * without such a line gets a new one. What a drop on the map does. */
WbCommand *wb_command_place_unit_new     (WbGame          *game,
                                          WbScenario      *scenario,
                                          const char      *unit,
                                          const WbPlace   *place);

/* Reinforcements. One needs a turn of the turn track, an entry (places,
 * no boxes needed but allowed, or an entry area: a mark of the scenario's
 * hex map), and units of the game. "Add reinforcement on turn 5"… */
WbCommand *wb_command_add_reinforcement_new    (WbGame                *game,
                                                WbScenario            *scenario,
                                                const WbReinforcement *r,
                                                int                    index);
WbCommand *wb_command_edit_reinforcement_new   (WbGame                *game,
                                                WbScenario            *scenario,
                                                guint                  index,
                                                const WbReinforcement *r);
WbCommand *wb_command_remove_reinforcement_new (WbGame                *game,
                                                WbScenario            *scenario,
                                                guint                  index);

/* Markers (Fallen Timber, pontoon bridges): a hex feature of the game at
 * one hex or location. */
WbCommand *wb_command_add_marker_new     (WbGame          *game,
                                          WbScenario      *scenario,
                                          const WbMarker  *marker,
                                          int              index);
WbCommand *wb_command_remove_marker_new  (WbGame          *game,
                                          WbScenario      *scenario,
                                          guint            index);

/* Off-map boxes. The id must be a valid, unused box id, the side (may be
 * NULL) a side of the game. A box cannot be removed while a set-up line or
 * a reinforcement names it. */
WbCommand *wb_command_add_box_new        (WbGame          *game,
                                          WbScenario      *scenario,
                                          const char      *id,
                                          const char      *name,
                                          const char      *side);
WbCommand *wb_command_remove_box_new     (WbGame          *game,
                                          WbScenario      *scenario,
                                          const char      *id);

/* The turn track: @n_turns turns (1..WB_SCENARIO_MAX_TURNS) with their
 * labels (NULL: the number) and night flags, copied. Fails while a
 * reinforcement arrives on a turn past the new end. */
WbCommand *wb_command_set_turns_new      (WbGame          *game,
                                          WbScenario      *scenario,
                                          const WbTurn    *turns,
                                          guint            n_turns);
/* One turn's label (NULL or "" clears it) and night flag (1-based turn). */
WbCommand *wb_command_set_turn_new       (WbGame          *game,
                                          WbScenario      *scenario,
                                          int              turn,
                                          const char      *label,
                                          gboolean         night);

/* Scenarios. Adding makes an empty scenario @id on map @map_id with
 * @n_turns turns at the end of the list (the id must be valid and
 * unused); removing keeps it whole for undo. */
WbCommand *wb_command_add_scenario_new   (WbGame          *game,
                                          const char      *id,
                                          const char      *name,
                                          const char      *map_id,
                                          int              n_turns);
WbCommand *wb_command_remove_scenario_new (WbGame         *game,
                                           const char     *id);
/* A scenario id not in use in @game, made from @name (transfer full). */
char      *wb_scenario_make_id           (WbGame          *game,
                                          const char      *name);

G_END_DECLS
