/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_PROMPT (wb_play_prompt_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayPrompt, wb_play_prompt, WB, PLAY_PROMPT, GtkWidget)

/* The bar under the play view that says what the game waits for and holds
 * the action being put together, for any rules family: the step's hint
 * (wb_play_step), the picks in words (the family's summary), what the
 * action would do before it is played when the step asks for a preview
 * (an attack's odds and the column with the exact chance of each result),
 * the main button that plays the action the picks make
 * (wb_play_step_action: Attack, Lose These Units, Apply Hits…), the
 * step's own buttons (No Advance), Clear, and the step's offers (a command
 * roll). It shows the dice the last action rolled, and in physical-dice
 * mode asks the players for their roll. It observes the play: after every
 * action, undo or jump (WbPlay::changed) the picks are dropped and the
 * text follows the state. Signals: "act" (JsonObject *action) when a
 * button plays something; "cleared" when the picks are dropped. */
GtkWidget   *wb_play_prompt_new          (void);
void         wb_play_prompt_set_play     (WbPlayPrompt *self,
                                          WbPlay       *play);
/* The picks and the roll asked for dropped, the text and the buttons
 * following the state (the prompt does it itself when the play changes). */
void         wb_play_prompt_refresh      (WbPlayPrompt *self);
/* Picks or unpicks a unit in the step's first list of units (an
 * attacker; in an exchange a unit to lose; a unit of the board); TRUE when
 * it is picked now. */
gboolean     wb_play_prompt_toggle_unit  (WbPlayPrompt *self,
                                          const char   *unit);
/* Sets the picks (the controller's, list by list of the step; a unit may
 * be there more than once: the hits on a board). */
void         wb_play_prompt_set_picks    (WbPlayPrompt  *self,
                                          const WbPicks *picks);
/* Picks or unpicks a hex in the step's first list of hexes ("0414"). */
gboolean     wb_play_prompt_toggle_hex   (WbPlayPrompt *self,
                                          const char   *hex);
/* The action the picks make now (transfer full), or NULL. */
JsonObject  *wb_play_prompt_get_action   (WbPlayPrompt *self);
/* The action's odds as the map marks them at its target: the table column
 * it will be read in ("3-1"), else the preview's words; NULL when the
 * step has no preview or the rules refuse the action. */
const char  *wb_play_prompt_get_map_label (WbPlayPrompt *self);
/* What the bar shows (tests): the prompt line and the odds line. */
const char  *wb_play_prompt_get_text     (WbPlayPrompt *self);
const char  *wb_play_prompt_get_odds     (WbPlayPrompt *self);
/* Plays what is put together (what the main button does): emits "act". */
gboolean     wb_play_prompt_activate     (WbPlayPrompt *self);
/* Physical dice: @action lacks the @index-th die of @sides faces; the bar
 * asks for it (a spin button and Enter Roll) and plays @action again with
 * the roll added to its "rolls". */
void         wb_play_prompt_ask_roll     (WbPlayPrompt *self,
                                          JsonObject   *action,
                                          guint         index,
                                          int           sides);
/* Plays the action asked for with @face as its die (FALSE when no roll
 * is asked for). */
gboolean     wb_play_prompt_enter_roll   (WbPlayPrompt *self,
                                          int           face);
/* The same with @n_faces dice from the one asked for on (a battle's
 * round typed at once); the action asks again if it needs more. */
gboolean     wb_play_prompt_enter_rolls  (WbPlayPrompt *self,
                                          const int    *faces,
                                          guint         n_faces);
/* What Enter Roll does with the text typed: one die or several
 * separated by spaces or commas ("6 3 1"); a text that is not dice of
 * the faces asked for is refused with a message in the bar, nothing
 * played (FALSE). */
gboolean     wb_play_prompt_enter_roll_text (WbPlayPrompt *self,
                                             const char   *text);
/* A cell of @table the rulebook does not give came up (roll @roll on
 * @column): the bar offers the table's codes and plays @action again
 * with "result": the code chosen. */
void         wb_play_prompt_ask_result   (WbPlayPrompt *self,
                                          JsonObject   *action,
                                          WbTable      *table,
                                          int           column,
                                          int           roll);
/* What Enter Result does with @code (FALSE when none is asked for). */
gboolean     wb_play_prompt_enter_result (WbPlayPrompt *self,
                                          const char   *code);
/* The offered actions' buttons ("Roll for General Burnside"), in order
 * (tests: the labels; activating one emits "act"). */
guint        wb_play_prompt_n_offers     (WbPlayPrompt *self);
gboolean     wb_play_prompt_take_offer   (WbPlayPrompt *self,
                                          guint         index);
/* The last action's dice as shown ("⚃ 4"), or "" (tests). */
const char  *wb_play_prompt_get_dice     (WbPlayPrompt *self);

G_END_DECLS
