/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <check.h>

#include "warbench-core.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/wb-play.h"

/* The Blue & Gray Campaign family tested directly (tests/test-bg.c,
 * tests/test-bg-fight.c): a bundled game's match, the family prepared and
 * started on it, the rule levels, the log; actions applied as the engine
 * does (on a copy kept only when played), with typed dice when @physical. */
typedef struct {
  WbGame        *game;
  const WbRulesFamily *family;
  BgData        *data;
  WbMatch       *m;
  GHashTable    *settings;
  GPtrArray     *events;
  gboolean       physical;
} Fixture;

WbGame        *load (const char *name);
/* A bundled game with its text edited: pairs of a text to find (at least
 * once) and its replacement, NULL-terminated. */
WbGame        *load_edited (const char *name, ...) G_GNUC_NULL_TERMINATED;
void           setup (Fixture *f, const char *game, const char *scenario);
/* The same on @game (taken). */
void           setup_game (Fixture *f, WbGame *game, const char *scenario);
void           teardown (Fixture *f);
WbApplyResult  apply (Fixture *f, const char *json, GError **error);
void           ok (Fixture *f, const char *json);
void           refused (Fixture *f, const char *json, const char *rule);
WbUnitState   *unit (Fixture *f, const char *id);
const char    *where (Fixture *f, const char *id);
void           put (Fixture *f, const char *id, const char *loc);
void           clear_map (Fixture *f, ...);
void           movement (Fixture *f, guint side, int cap);
/* Whether a log line the fixture's actions wrote holds @text. */
gboolean       logged (Fixture *f, const char *text);

enum { UNION = 0, CSA = 1 };
