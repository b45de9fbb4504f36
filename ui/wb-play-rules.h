/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_RULES (wb_play_rules_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayRules, wb_play_rules, WB, PLAY_RULES, AdwWindow)

/* Rule Checks: every check of the game's rules family (its title, where
 * the rulebook says it, its id in the tooltip) with its level in this
 * match now — enforce, warn or off. Changing one plays the engine's
 * set_rule action ({"type": "set_rule", "rule": ID, "level": LEVEL})
 * through wb_play_act: one journal entry, undone by Ctrl+Z like any other;
 * then "changed" is emitted (the window refreshes the match). A refusal is
 * shown in the dialog and the row goes back. Not modal: the rows follow
 * the match when the dialog is activated, or on wb_play_rules_refresh. */
WbPlayRules *wb_play_rules_new       (GtkWindow   *parent,
                                      WbPlay      *play);
void         wb_play_rules_refresh   (WbPlayRules *self);
/* Sets @rule's row to @level ("enforce", "warn", "off") as a user would;
 * FALSE when there is no such row or level, or the change was refused. */
gboolean     wb_play_rules_set_level (WbPlayRules *self,
                                      const char  *rule,
                                      const char  *level);
/* The level @rule's row shows, or NULL. */
const char  *wb_play_rules_get_level (WbPlayRules *self,
                                      const char  *rule);
/* The message of the last refusal shown, or NULL. */
const char  *wb_play_rules_get_message (WbPlayRules *self);

G_END_DECLS
