/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_PLAY_DIALOG (wb_play_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbPlayDialog, wb_play_dialog, WB, PLAY_DIALOG, AdwWindow)

/* New Playtest…: the scenario, its optional rules, the seed (or a random
 * one), who rolls the dice (Warbench, or the players typing their rolls)
 * and each rule check's level (enforce, warn, off) when the engine plays
 * the game's rules family (else a note that the match is free play).
 * Start creates the WbPlay, saves its journal at once in the playtests
 * folder (the user data folder's warbench/playtests, so a crash loses
 * nothing from the first action on) and emits WbPlayDialog::started with
 * it, then closes. */
WbPlayDialog *wb_play_dialog_new        (GtkWindow          *parent,
                                         WbGame             *game,
                                         const char         *game_path);
/* What the fields hold (tests): the scenario id, the options on, the seed,
 * the dice; a rule's level ("enforce", "warn", "off"). */
void          wb_play_dialog_set        (WbPlayDialog       *self,
                                         const char         *scenario,
                                         const char * const *options,
                                         guint64             seed,
                                         gboolean            physical_dice);
gboolean      wb_play_dialog_set_rule   (WbPlayDialog       *self,
                                         const char         *rule,
                                         const char         *level);
/* Who plays @side: a person (FALSE) or the automatic player (TRUE); and
 * the automatic player's pace in milliseconds (0: one action per Step). */
void          wb_play_dialog_set_automatic (WbPlayDialog *self, guint side, gboolean automatic);
gboolean      wb_play_dialog_get_automatic (WbPlayDialog *self, guint side);
void          wb_play_dialog_set_pace   (WbPlayDialog       *self,
                                         guint               ms);
guint         wb_play_dialog_get_pace   (WbPlayDialog       *self);
/* What Start does: the playtest (transfer full), or NULL and a message. */
WbPlay       *wb_play_dialog_start      (WbPlayDialog       *self,
                                         GError            **error);
/* Where a new playtest of @game's @scenario is saved (transfer full). */
char         *wb_play_dialog_journal_path (WbGame *game, const char *scenario);

G_END_DECLS
