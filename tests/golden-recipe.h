/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "warbench-core.h"
#include "rules/wb-play.h"

/* The golden playtests (tests/golden/playtests/, docs/testing.md): saved
 * journals of the bundled games with the transcript each must replay to.
 * Their manifest (manifest.ini, a GKeyFile) has a group per playtest —
 * NAME.warbench-play and NAME.transcript beside it — with the recipe that
 * played it:
 *   game=PATH          the game file, relative to the folder
 *   scenario=ID
 *   options=A;B;       optional rules in force
 *   seed=N             the match's seed, and the automatic player's
 *   play=auto | physical | branches
 *   settings=ID=LEVEL; rule settings of the journal's header
 *   actions=N          stop after N actions (auto, physical)
 *   format=N           the journal format version it was written in
 *   why=TEXT           what it pins
 * "auto" is `warbench-cli play --auto --seed N`, "physical" the same with
 * --physical-dice, "branches" a scripted session: the automatic player,
 * undo, a second branch, bookmarks, notes, a rule changed in play, a roll
 * and a designer's override, and the cursor left mid-way. */

/* The game of @group (transfer full). */
WbGame *golden_load_game (GKeyFile *manifest, const char *dir, const char *group, GError **error);

/* Plays @group's recipe afresh (saving the journal to @save_path when not
 * NULL): the same recipe gives the same journal while the automatic
 * player chooses as it did. */
WbPlay *golden_play      (GKeyFile *manifest, const char *dir, const char *group, WbGame *game,
                          const char *save_path, GError **error);

/* Opens @group's saved journal without a file to append to. */
WbPlay *golden_open      (const char *dir, const char *group, WbGame *game, GError **error);
