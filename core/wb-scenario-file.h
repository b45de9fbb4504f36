/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"

G_BEGIN_DECLS

/* Scenario files (docs/file-format.md, "Scenario files"): one scenario of a
 * game as a standalone game file, and a scenario of another game imported
 * into this one (a variant). */

/* A new game holding the scenario @scenario_id of @game and what it needs:
 * the map it is played on (only that one), the units its set-up,
 * reinforcements and victory conditions name and those the rules
 * parameters name, their formations (and the formations above them), and
 * the game's whole legend, tables, chits and rules, with the parameters
 * given per scenario cut down to this one's. The result has been loaded
 * back, so it validates, and its rules family prepares a match of it.
 * NULL with a WB_FORMAT_ERROR when the game has no such scenario or the
 * scenario cannot stand alone. */
WbGame   *wb_scenario_extract (WbGame      *game,
                               const char  *scenario_id,
                               GError     **error);

/* Adds the scenario @scenario_id of @from to @game, as @new_id (NULL keeps
 * its id), with what it needs that @game lacks (as wb_scenario_extract ()
 * takes it): whatever @game has already under the same id must be defined
 * the same way. Each clash — a record of the same id defined otherwise, a
 * scenario id already used, another rules family, a rules parameter that
 * differs and cannot be given per scenario — is appended to @clashes (may
 * be NULL; char*, transfer full) in words a designer reads, and then
 * nothing is changed: FALSE with a WB_FORMAT_ERROR_DUPLICATE error. On
 * success @game emits WbGame::changed for each collection that grew. */
gboolean  wb_scenario_import  (WbGame      *game,
                               WbGame      *from,
                               const char  *scenario_id,
                               const char  *new_id,
                               GPtrArray   *clashes,
                               GError     **error);
/* The same, the caller holding @game's write lock (wb-import-command.c). */
gboolean  wb_scenario_import_locked (WbGame      *game,
                                     WbGame      *from,
                                     const char  *scenario_id,
                                     const char  *new_id,
                                     GPtrArray   *clashes,
                                     GError     **error);

G_END_DECLS
