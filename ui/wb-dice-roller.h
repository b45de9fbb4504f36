/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_DICE_ROLLER (wb_dice_roller_get_type ())
G_DECLARE_FINAL_TYPE (WbDiceRoller, wb_dice_roller, WB, DICE_ROLLER, GtkWidget)

/* The dice of a playtest in free play (a game whose rules the engine does
 * not play): a "Roll Dice" button of the turn bar opening a popover —
 * the dice to roll (typed, "2d6", or one of the buttons: a d6, 2d6, and
 * the dice of the game's tables), what the roll is for, Roll. Roll emits
 * "roll" (JsonObject *action: the engine's {"type": "roll", "dice": …,
 * "why": …}, a journal entry like any other); the window plays it and
 * shows the result with wb_dice_roller_set_result. */
GtkWidget  *wb_dice_roller_new          (void);
/* The dice buttons: d6, 2d6 and those of @game's tables. */
void        wb_dice_roller_set_game     (WbDiceRoller *self,
                                         WbGame       *game);
/* The dice typed (a button fills it). */
void        wb_dice_roller_set_dice     (WbDiceRoller *self,
                                         const char   *dice);
const char *wb_dice_roller_get_dice     (WbDiceRoller *self);
/* The last roll's words (the log line: "rolled 2d6: 4 3 → 7"), or an
 * error in red; NULL clears it. */
void        wb_dice_roller_set_result   (WbDiceRoller *self,
                                         const char   *text,
                                         gboolean      error);
const char *wb_dice_roller_get_result   (WbDiceRoller *self);
/* Roll as the button does (tests). */
void        wb_dice_roller_roll         (WbDiceRoller *self);
/* The popover's button (tests, the turn bar's mnemonic). */
GtkWidget  *wb_dice_roller_get_button   (WbDiceRoller *self);

G_END_DECLS
