/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <check.h>

#include "warbench-core.h"
#include "rules/blind-swords/wb-bs-private.h"
#include "rules/wb-play.h"
#include "rules/wb-step.h"

/* The Blind Swords family tested directly (tests/test-bs.c,
 * tests/test-bs-play.c): the bundled Chickasaw Bayou's match, the family
 * prepared and started on it, the rule levels, the log; actions applied as
 * the engine does (on a copy kept only when played), with typed dice when
 * @physical. */
typedef struct {
  WbGame              *game;
  const WbRulesFamily *family;
  BsData              *data;
  WbMatch             *m;
  GHashTable          *settings;
  GPtrArray           *events;
  gboolean             physical;
  WbTable             *needed_table;
} Fixture;

enum { USA = 0, CSA = 1 };

WbGame        *load (void);
void           setup_options (Fixture *f, WbGame *game, const char *scenario, const char * const *options,
                              guint64 seed);
/* @game is taken. */
void           setup_game (Fixture *f, WbGame *game, const char *scenario, guint64 seed);
void           setup (Fixture *f, const char *scenario);
void           teardown (Fixture *f);
WbApplyResult  act (Fixture *f, JsonObject *action, GError **error);
WbApplyResult  apply (Fixture *f, const char *json, GError **error);
void           ok (Fixture *f, const char *json);
void           refused (Fixture *f, const char *json, const char *rule);
void           set_rule (Fixture *f, const char *id, const char *level);
/* The log line holding @text, as @viewer reads it (-1: all). */
const char    *logged_for (Fixture *f, const char *text, int viewer);
gboolean       logged (Fixture *f, const char *text);
BsState       *st (Fixture *f);

/* The map: unit @id's index and state; a unit put at hex @hex ("0414") or
 * off the map (NULL: not arrived); every unit taken off the map. */
guint          unit_index (Fixture *f, const char *id);
WbUnitState   *unit (Fixture *f, const char *id);
void           put (Fixture *f, const char *id, const char *hex);
void           clear_map (Fixture *f);
WbOffset       hex (Fixture *f, const char *text);
/* "0414" (static buffer, for one use). */
const char    *hex_text (Fixture *f, WbOffset h);
/* Brigade @brigade of @side activated with @order (NULL: a Limited
 * Activation), at the step its order starts with. */
void           activate (Fixture *f, const char *brigade, const char *order);

/* @game's map made a table-top: every hex Clear at level 1, no hex or
 * hexside features (a test then sets the terrain it needs before the
 * match is set up); returns the map. */
WbHexMap      *plain_map (WbGame *game);
/* Unit @id's printed values overwritten: SP in halves (FR, BW), CR (FR,
 * BW); the side up as now, its strength set. */
void           counter (Fixture *f, const char *id, int sp_fr, int sp_bw, int cr_fr, int cr_bw);
/* @a as JSON text (transfer full), for messages. */
char          *action_text (JsonObject *a);
/* Ends every step of the activation under way (its units do nothing). */
void           end_activation (Fixture *f);

/* The neighbour of @h in direction @dir. */
WbOffset       nb (Fixture *f, WbOffset h, int dir);
/* A match of @scenario on the table-top map (plain_map, then @terrain
 * sets what the test needs; may be NULL), every unit off the map. */
void           setup_plain (Fixture *f, const char *scenario, void (*terrain) (WbHexMap *));
void           put_at (Fixture *f, const char *id, WbOffset h);
/* A marker placed during play (an Epaulement) at @h. */
void           add_marker (Fixture *f, const char *feature, WbOffset h);
/* ok () and refused () of an action written with a format. */
void           okf (Fixture *f, const char *format, ...) G_GNUC_PRINTF (2, 3);
void           refusedf (Fixture *f, const char *rule, const char *format, ...) G_GNUC_PRINTF (3, 4);
