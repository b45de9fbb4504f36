/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "warbench-core.h"
#include "rules/wb-play.h"

/* Playing actions in the tests as the play window does, from JSON text
 * (test-play, test-play-log, test-spi, test-bg). */

/* @json parsed as an action object (transfer full); fails the test when it
 * is not one. */
JsonObject  *parse_action  (const char *json);
/* Plays @json: NULL when it was played, else why not (transfer full). */
GError      *play_act      (WbPlay *play, const char *json);
/* Plays @json; fails the test with the refusal when it is refused. */
void         play_ok       (WbPlay *play, const char *json);
/* Plays @json, which must be refused without a journal entry: the error
 * (transfer full). */
GError      *play_fails    (WbPlay *play, const char *json);
/* Ends the set-up step of every side that has one (the scenario's
 * choices stay at their first place): play from the family's first step. */
void         play_finish_setup (WbPlay *play);
/* The last line of the log to the cursor; fails the test when it is empty. */
const char  *play_last_log (WbPlay *play);
