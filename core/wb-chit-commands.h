/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Commands that edit a game's chits and its scenarios' draw cups (format
 * 8), for the chit pane. Each keeps a reference to the game, checks what it
 * is given when applied (WB_COMMAND_ERROR, model untouched: the rules the
 * game file reader applies) and emits WbGame::changed with "chits" (a chit)
 * or "scenarios" (a cup) once per apply and per revert. */

/* Whether @chit may stand in @game as it is (its id aside): side, kind
 * members, formation of its side, rating 0..6, automatic only for a CIC,
 * casualty_of another activation chit of its side. */
gboolean    wb_chit_check               (WbGame        *game,
                                         const WbChit  *chit,
                                         GError       **error);
/* Whether @cup may be the cup of @scenario: known chits, none twice, side
 * counts of known sides, no more Key Chits and included events than the
 * side's Event chits in the cup, Command Clarity for Division Activation
 * chits, added chits not already in the cup and turns within the
 * scenario's. */
gboolean    wb_cup_check                (WbGame        *game,
                                         WbScenario    *scenario,
                                         const WbCup   *cup,
                                         GError       **error);

/* Adds a copy of @chit at the end of the game's chits. "Add chit “Rally”". */
WbCommand  *wb_command_add_chit_new     (WbGame        *game,
                                         const WbChit  *chit);
/* Replaces the chit with @chit's id by a copy of @chit. With @merge_key,
 * merges with a following edit of the same chit and key (one undo step for
 * a run of keystrokes). */
WbCommand  *wb_command_edit_chit_new    (WbGame        *game,
                                         const WbChit  *chit,
                                         const char    *merge_key);
/* Removes chit @id; fails (WB_COMMAND_ERROR_INVALID) while a scenario's cup
 * or another chit's casualty_of names it. Reverting puts it back in its
 * place. */
WbCommand  *wb_command_remove_chit_new  (WbGame        *game,
                                         const char    *id);
/* Sets the cup of scenario @scenario_id to a copy of @cup (NULL: no cup).
 * "Edit the cup of “17.1 …”"; @merge_key as for chits. */
WbCommand  *wb_command_set_cup_new      (WbGame        *game,
                                         const char    *scenario_id,
                                         const WbCup   *cup,
                                         const char    *merge_key);

G_END_DECLS
