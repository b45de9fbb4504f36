/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-step.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_TYPE_BOARD_VIEW (wb_board_view_get_type ())
G_DECLARE_FINAL_TYPE (WbBoardView, wb_board_view, WB, BOARD_VIEW, GtkWidget)

/* A board a step is played on (rules/wb-step.h, WbBoard: a Blue & Gray
 * battle board), as the rules family fills it: its boxes in rows, a front
 * line between two rows, a column of boxes beside it, and the units in
 * the boxes as blocks in their side's colours with their name, value
 * (SP), the dice they roll in a circle, their morale in a star and their
 * marks (hits this round); the title above. A click on a unit — or Space
 * or Enter on the unit the arrow keys are on — emits "unit-activated"
 * (const char *id). The step's picks are drawn over the units. */
GtkWidget  *wb_board_view_new           (void);
/* Shows @board (transfer full; NULL clears it), its units coloured by
 * @game's sides. The picks are cleared. */
void        wb_board_view_set           (WbBoardView   *self,
                                         WbGame        *game,
                                         WbBoard       *board);
/* The view observes @play (NULL: none; a reference is kept): it shows
 * the board the play's step is played on (wb_play_board), or none, after
 * every action, undo or jump. */
void        wb_board_view_set_play      (WbBoardView   *self,
                                         WbPlay        *play);
/* Whether a board is shown. */
gboolean    wb_board_view_has_board     (WbBoardView   *self);
/* The picks of @step's list of board units drawn over them: each picked
 * unit as the list draws it (a badge "−2", or chosen), the candidates
 * not picked yet outlined. @step NULL clears them. */
void        wb_board_view_set_picks     (WbBoardView   *self,
                                         const WbStep  *step,
                                         const WbPicks *picks);
/* How many picks @unit shows (tests). */
guint       wb_board_view_get_picks     (WbBoardView   *self,
                                         const char    *unit);
/* Whether @unit is outlined as one a click may pick (tests). */
gboolean    wb_board_view_get_pickable  (WbBoardView   *self,
                                         const char    *unit);
/* The unit drawn at (@x, @y) in the widget, or NULL (tests). */
const char *wb_board_view_unit_at       (WbBoardView   *self,
                                         double         x,
                                         double         y);
/* Where @unit is drawn (FALSE when it is not). */
gboolean    wb_board_view_unit_rect     (WbBoardView   *self,
                                         const char    *unit,
                                         graphene_rect_t *rect);
/* The unit the keyboard is on (the arrows move it, Space or Enter
 * activates it), or NULL. */
const char *wb_board_view_get_focus_unit (WbBoardView  *self);
/* The heading it shows: "Battle at Snickersville · round 1 · the
 * Confederate fires" (tests). */
const char *wb_board_view_get_title     (WbBoardView   *self);
/* The board's name for the toggle that shows it (WbBoard.name), or NULL. */
const char *wb_board_view_get_name      (WbBoardView   *self);

G_END_DECLS
