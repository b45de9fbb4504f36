/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_TABLE_ANALYSIS (wb_table_analysis_get_type ())
G_DECLARE_FINAL_TYPE (WbTableAnalysis, wb_table_analysis, WB, TABLE_ANALYSIS, GtkWidget)

/* The exact-analysis pane of the table editor (core/wb-table-analysis.h
 * drawn as a heat map): one row per result, one column per table column,
 * each cell the result's exact probability under the table's dice (the
 * fraction in its tooltip), shaded by it. Under the results: the throws no
 * row covers, the expected losses and the attacker's score when every
 * result is a known code; a column flagged non-monotonic has a warning in
 * its header and its reason in the line under the map. Fire tables show
 * each band's probability for the target rating chosen in a spin button.
 * "Compare with" shows, for the columns both tables share by label, this
 * table's probability, the other's and the difference (other − this),
 * against another table of the game of the same kind or the same table in
 * the file as last saved.
 *
 * The pane follows WbGame::changed::tables (and the table's id, so undo
 * and redo show at once); recomputing waits for an idle, once however
 * many changes came before it. */

/* Row keys of wb_table_analysis_get_cell_text() besides result codes and
 * band names. */
#define WB_TABLE_ANALYSIS_UNCOVERED            "@uncovered"
#define WB_TABLE_ANALYSIS_ATTACKER_ELIMINATED  "@attacker-eliminated"
#define WB_TABLE_ANALYSIS_DEFENDER_ELIMINATED  "@defender-eliminated"
#define WB_TABLE_ANALYSIS_ATTACKER_STEPS       "@attacker-steps"
#define WB_TABLE_ANALYSIS_DEFENDER_STEPS       "@defender-steps"
#define WB_TABLE_ANALYSIS_ATTACKER_RETREAT     "@attacker-retreat"
#define WB_TABLE_ANALYSIS_DEFENDER_RETREAT     "@defender-retreat"
#define WB_TABLE_ANALYSIS_ATTACKER_MORALE      "@attacker-morale"
#define WB_TABLE_ANALYSIS_DEFENDER_MORALE      "@defender-morale"
#define WB_TABLE_ANALYSIS_SCORE                "@score"
/* Dice pools: "@pool:" and the row's label (a strength), one row each
 * ("16.7 %\n1 die · 0.167 hits": the chance of at least one hit, the dice,
 * the expected hits). */
#define WB_TABLE_ANALYSIS_POOL_PREFIX          "@pool:"

GtkWidget   *wb_table_analysis_new               (void);
void         wb_table_analysis_set_game          (WbTableAnalysis *self,
                                                  WbGame          *game);
/* The table analysed: an id of the game's tables, or NULL. */
void         wb_table_analysis_set_table         (WbTableAnalysis *self,
                                                  const char      *id);
/* Where the game was last saved (NULL: never saved); "Saved version"
 * reads the table from there. */
void         wb_table_analysis_set_file          (WbTableAnalysis *self,
                                                  GFile           *file);
/* Recompute at the next idle (the file on disk changed, say). */
void         wb_table_analysis_queue_update      (WbTableAnalysis *self);
/* Recompute now if an update is pending (tests). */
void         wb_table_analysis_flush             (WbTableAnalysis *self);

/* Compare with another table of the game (its id; NULL: no comparison).
 * FALSE when that table is not offered (not in the game, another kind). */
gboolean     wb_table_analysis_compare_with      (WbTableAnalysis *self,
                                                  const char      *table_id);
/* Compare with the table as saved; FALSE when the game has no file. */
gboolean     wb_table_analysis_compare_with_saved (WbTableAnalysis *self);

/* Fire tables: the target rating (clamped to the ratings the table names). */
void         wb_table_analysis_set_rating        (WbTableAnalysis *self,
                                                  int              rating);
int          wb_table_analysis_get_rating        (WbTableAnalysis *self);

/* What a cell of the map shows, for the row @key (a result, a band or one
 * of the WB_TABLE_ANALYSIS_ keys) and the column labelled @column; lines
 * joined by "\n" (compare: "a → b" then the difference). NULL when the map
 * has no such cell. */
const char  *wb_table_analysis_get_cell_text     (WbTableAnalysis *self,
                                                  const char      *key,
                                                  const char      *column);
/* The line under the map naming the flagged columns ("" when none is). */
const char  *wb_table_analysis_get_flagged_text  (WbTableAnalysis *self);
/* The pane's message line: errors, columns in only one of two compared
 * tables ("" when there is nothing to say). */
const char  *wb_table_analysis_get_message       (WbTableAnalysis *self);
/* Parts of the pane (tests, accessibility): "map" (GtkGrid), "compare"
 * (GtkDropDown), "rating" (GtkSpinButton), "flagged", "message" (GtkLabel). */
GtkWidget   *wb_table_analysis_get_field         (WbTableAnalysis *self,
                                                  const char      *name);

G_END_DECLS
