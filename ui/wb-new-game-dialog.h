/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_NEW_GAME_DIALOG (wb_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbNewGameDialog, wb_new_game_dialog, WB, NEW_GAME_DIALOG, AdwWindow)

/* Asks for a new game's title and map (kind, size, hex layout and
 * numbering). Create emits ::create with the built game (a starter game
 * around the chosen map, titled as typed, with no file yet: its first Save
 * offers a name made from the title) and closes the dialog. Enter in the
 * title moves on to the map's kind; only Create creates. */
WbNewGameDialog *wb_new_game_dialog_new        (GtkWindow       *parent);

/* The same dialog adding a map to @game: the title is the map's name, and
 * Add emits ::add-map with the built map (its id unique in @game, a hex map
 * filled with the game's first terrain) and closes the dialog. */
WbNewGameDialog *wb_new_game_dialog_new_for_map (GtkWindow     *parent,
                                                 WbGame        *game);
/* The map the current choices describe (transfer full), or NULL with a
 * reason in @why; only in a dialog made by wb_new_game_dialog_new_for_map(). */
WbMap           *wb_new_game_dialog_build_map  (WbNewGameDialog *self,
                                                char           **why);

/* The game the current choices describe (transfer full), or NULL with a
 * reason in @why (transfer full) when they are not valid. */
WbGame          *wb_new_game_dialog_build_game (WbNewGameDialog *self,
                                                char           **why);

G_END_DECLS
