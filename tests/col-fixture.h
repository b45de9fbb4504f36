/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <check.h>

#include "warbench-core.h"
#include "rules/columbia/wb-col-private.h"
#include "rules/wb-play.h"
#include "rules/wb-step.h"

/* The columbia-block family tested directly on the bundled Shenandoah's
 * campaign scenario (tests/test-col.c, tests/test-col-battles.c,
 * tests/test-col-battle-steps.c, tests/test-col-auto.c): the game, the
 * family prepared and started on its match, the rule levels, the log.
 * Actions are applied as the engine does: on a copy kept only when
 * played, with typed dice when @physical. */
typedef struct {
  WbGame        *game;
  const WbRulesFamily *family;
  ColData       *data;
  WbMatch       *m;
  GHashTable    *settings;
  GPtrArray     *events;
  gboolean       physical;
  int            needed_sides;   /* the last refused action's missing die */
  guint          family_version; /* the journal's family version; 0: the current */
} Fixture;

enum { USA = 0, CSA = 1 };

/* The bundled Shenandoah game, loaded (the test fails if it does not). */
WbGame        *load (void);
/* The campaign with no option, seed 7. */
void           setup (Fixture *f);
/* The campaign with @options (NULL-terminated, or NULL) and @seed. */
void           setup_with (Fixture *f, const char * const *options, guint64 seed);
/* The campaign for a battle set up by hand: every block off the map
 * (waiting) for the test to place, typed dice. */
void           setup_battle (Fixture *f);
/* The rulebook's Battle Turn sidebar at the start of the Battle Phase:
 * the USA defends Winchester with A2 artillery, B1 Banks, C1 and C2
 * infantry; the CSA, Player 1, attacks from Newtown with Jackson B3, A2
 * artillery, B1 cavalry, C3 and C2 infantry (test-col-battles,
 * test-col-battle-steps). */
void           setup_winchester (Fixture *f);
/* Frees what setup made. */
void           teardown (Fixture *f);
/* Applies @action (the engine's way); records the die a refusal asks for. */
WbApplyResult  act (Fixture *f, JsonObject *action, GError **error);
/* Applies the action written as JSON text. */
WbApplyResult  apply (Fixture *f, const char *json, GError **error);
/* Fails the test unless @action is played. */
void           ok_action (Fixture *f, JsonObject *action);
/* Fails the test unless the action in JSON text is played. */
void           ok (Fixture *f, const char *json);
/* Fails the test unless the action is refused with @rule in the message. */
void           refused (Fixture *f, const char *json, const char *rule);
/* Whether a log line the fixture's actions wrote holds @text. */
gboolean       logged (Fixture *f, const char *text);
/* The unit @id (the test fails if there is none). */
WbUnitState   *unit (Fixture *f, const char *id);
/* @id's location, or "(eliminated)" or "(off map)". */
const char    *where (Fixture *f, const char *id);
/* Puts @id at @loc (NULL: eliminated). */
void           put (Fixture *f, const char *id, const char *loc);
/* Puts @id at @loc at strength @strength. */
void           place (Fixture *f, const char *id, const char *loc, int strength);
/* @id moved from @from into @to, an enemy or contested town (6.0, 6.5),
 * with @strength: it attacks, or reinforces the battle already there. */
void           attack (Fixture *f, const char *id, const char *from, const char *to, int strength);
/* The side of the unit @player1 made Player 1, Player 2 pins as 5.4
 * asks and ends the Movement Phase: the Battle Phase begins. */
void           to_battles (Fixture *f, const char *player1);
/* What the family awaits now. */
const char    *awaiting (Fixture *f);
/* The family's play step for @picks (free with wb_step_free). */
WbStep        *step_of (Fixture *f, const WbPicks *picks);
/* Whether @step has a button labelled @label. */
gboolean       has_button (const WbStep *step, const char *label);
/* The action @picks make now as JSON text, or NULL if none. */
char          *action_text (Fixture *f, const WbPicks *picks);
