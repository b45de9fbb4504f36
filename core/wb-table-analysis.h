/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-dice.h"
#include "wb-table.h"

G_BEGIN_DECLS

/* --- engine-facing resolution ------------------------------------------------ */

/* What a column lookup did at the ends of the table. */
typedef enum {
  WB_COLUMN_EXACT,          /* the odds or difference fell inside the table */
  WB_COLUMN_CLAMPED_LOW,    /* below the first column: the first one is used */
  WB_COLUMN_CLAMPED_HIGH,   /* beyond the last column: the last one is used */
} WbColumnClamp;

/* The odds column for @attack against @defense strength: the ratio is
 * rounded in the defender's favour (7 vs 3 is 2-1, 3 vs 7 is 1-3), i.e. the
 * rightmost column whose lo-hi ratio does not exceed attack:defense. Beyond
 * either end the first or last column is used and @clamp says so; with
 * @refuse_outside -1 is returned instead. Columns must be sorted by rising
 * ratio, as printed. Returns -1 for a table without columns or a negative
 * strength. Does not allocate. */
int          wb_table_odds_column         (WbTable *table, int attack, int defense,
                                           gboolean refuse_outside, WbColumnClamp *clamp);
/* The differential column for attack − defense: the column whose lo … hi
 * holds the difference; below the first column's lo or above the last
 * column's hi the ends are used (or -1 with @refuse_outside). */
int          wb_table_differential_column (WbTable *table, int attack, int defense,
                                           gboolean refuse_outside, WbColumnClamp *clamp);
/* The cell for @roll in @column (first matching row), or NULL. The string
 * is the table's own, valid until the table is edited; nothing is
 * allocated, so this is safe in an engine's inner loop. */
const char  *wb_table_resolve             (WbTable *table, guint column, int roll);
/* The same read, not counted: the analysis's own reads, a dice pool's
 * strength row (not a roll). */
const char  *_wb_table_cell               (WbTable *table, guint column, int roll);
/* Called by wb_table_resolve on this thread for every cell read (a roll
 * on the table), until set to NULL: the balance lab's tally of the action
 * being played (rules/wb-tally.h). */
typedef void (*WbTableReadFunc) (gpointer data, WbTable *table, guint column, int roll, const char *cell);
void         _wb_table_set_read_func      (WbTableReadFunc func, gpointer data);

/* --- result codes as effects -------------------------------------------------- */

/* The effect of @code (codes joined by "/" add up) on @table: the table's
 * own code record when it gives an effect, else the standard meaning. An
 * exchange given only as "exchange": true counts as the standard Ex. */
gboolean     wb_table_code_effect         (WbTable *table, const char *code, WbCodeEffect *effect);
/* The effect of a printed code (see the mapping in wb-table-analysis.c and
 * docs/architecture.md): FALSE for a code the analysis does not know. */
gboolean     wb_code_effect               (const char *code, WbCodeEffect *effect);
/* The attacker's score of an effect: what the defender loses minus what the
 * attacker loses, an elimination weighing 1, a retreat (of any length) ½,
 * a step ¼, a morale hit ⅛. */
double       wb_code_effect_score         (const WbCodeEffect *effect);

/* --- per-column probabilities ---------------------------------------------------- */

typedef struct {
  const char *result;   /* interned cell text, or a band name */
  guint64     count;    /* throws out of WbTableStats.dice->total */
} WbTableOutcome;

typedef struct {
  guint        column;
  const char  *label;        /* the table's */
  GArray      *outcomes;     /* WbTableOutcome, in order of first appearance */
  guint64      uncovered;    /* throws no row covers */
  guint64      unknown;      /* throws landing on an unknown cell ("?") */
  /* Dice-pool tables: per row, the dice a unit rolls, the expected hits and
   * the chance of at least one hit (-1 dice: "?" or not a number). */
  int         *pool_dice;
  double      *pool_expected_hits;
  double      *pool_any_hit;
  gboolean     effects_known;/* every result is a known code: losses are set */
  WbCodeEffect expected;     /* expected losses (valid if effects_known) */
  double       score;        /* expected attacker score (valid if effects_known) */
  gboolean     non_monotonic;
  char        *reason;       /* why it is flagged, translated, or NULL */
} WbColumnStats;

typedef struct {
  WbTable   *table;
  WbDice    *dice;
  GPtrArray *columns;        /* WbColumnStats* */
  guint      n_flagged;
} WbTableStats;

/* Exact per-column outcome probabilities of @table under its dice (a
 * dice-pool table: per row the hits its dice score), expected
 * losses where every result is a known code, and the monotonicity check
 * (odds and differential tables: a column where the attacker's expected
 * score is lower than the column to its left is flagged). NULL with @error
 * when the table's dice are not understood. */
WbTableStats *wb_table_stats_new          (WbTable *table, GError **error);
void          wb_table_stats_free         (WbTableStats *stats);
/* The count of @result in @column's stats (0 if it never happens). */
guint64       wb_column_stats_count       (const WbColumnStats *column, const char *result);

/* Fire tables: the band a rating falls in, in a cell such as
 * "green:0-1 yellow:2-4 red:5+" (a bare number is one rating, "N+" is N and
 * above); NULL when no band holds it. Returns an interned band name. */
const char   *wb_fire_cell_band           (const char *cell, int rating);
/* The lowest and highest ratings any band of @table names; FALSE if none. */
gboolean      wb_fire_table_ratings       (WbTable *table, int *min, int *max);
/* For one column and a target rating, the probability of each band
 * (WbTableOutcome, band names; "?" for unknown cells) and in @none the
 * throws giving no band. */
GArray       *wb_fire_band_stats          (WbTable *table, const WbDice *dice, guint column,
                                           int rating, guint64 *none);

/* --- comparing two tables ---------------------------------------------------------- */

typedef struct {
  const char *result;
  double      a, b;          /* probabilities in the first and second table */
} WbResultDiff;

typedef struct {
  const char *label;         /* the column label both tables share */
  guint       column_a, column_b;
  GArray     *diffs;         /* WbResultDiff: every result of either, a's first */
} WbColumnDiff;

/* Per column label found in both tables, the difference of each result's
 * probability (b − a). Columns in only one table are left out. */
GPtrArray    *wb_table_stats_compare      (const WbTableStats *a, const WbTableStats *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbTableStats, wb_table_stats_free)

G_END_DECLS
