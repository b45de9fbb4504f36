/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "wb-game.h"
#include "rules/wb-match.h"
#include "rules/wb-tally.h"

G_BEGIN_DECLS

/*
 * The balance lab (issue 19): many automatic games of a scenario, each
 * exactly `warbench-cli play --auto --seed S` (game i has seed first_seed
 * + i), played on worker threads and summarised in seed order, so the
 * numbers are the same whatever the number of jobs, and a shard of the
 * seeds merged with the others equals one run.
 */

#define WB_BALANCE_ERROR (wb_balance_error_quark ())

typedef enum {
  WB_BALANCE_ERROR_INVALID,     /* options or a part that makes no sense */
  WB_BALANCE_ERROR_MISMATCH,    /* parts of different runs merged */
  WB_BALANCE_ERROR_NOT_PLAYED,  /* the game's rules family plays no automatic game */
} WbBalanceError;

GQuark wb_balance_error_quark (void);

typedef struct {
  const char         *scenario;     /* NULL: the first */
  const char * const *options;
  guint64             first_seed;
  guint               games;        /* seeds first_seed … first_seed + games - 1 */
  guint               jobs;         /* worker threads; 0: one per core */
  guint               shard_index;  /* play the seeds i with i % shard_count == shard_index */
  guint               shard_count;  /* 0 or 1: every seed */
  guint               max_actions;  /* a game stops unfinished after these; 0: 100,000 */
} WbBalanceOptions;

void wb_balance_options_init (WbBalanceOptions *options);

/* One game's record. */
typedef struct {
  guint64 seed;
  int     winner;     /* the side that won; -1 a draw; -2 unfinished (stopped) */
  int     decided;    /* side + 1 that won outright (an automatic victory); 0: by VP */
  int     turns;      /* the turn it ended on */
  guint   actions;
  int     vp[WB_MATCH_MAX_SIDES];
  GArray *turn_vp;    /* int: the VP of every side at the end of each turn, turn after turn */
} WbBalanceGame;

typedef struct _WbBalance WbBalance;

/* Called on the calling thread about five times a second; return FALSE to
 * stop (the games finished so far are kept). */
typedef gboolean (*WbBalanceProgress) (guint done, guint total, gpointer user_data);

/* Plays the games; NULL with @error when the scenario, an option or the
 * family cannot play. Cancelled, it returns what was finished
 * (wb_balance_is_complete () FALSE). */
WbBalance     *wb_balance_run          (WbGame                 *game,
                                        const WbBalanceOptions *options,
                                        WbBalanceProgress       progress,
                                        gpointer                user_data,
                                        GCancellable           *cancellable,
                                        GError                **error);
void           wb_balance_free         (WbBalance *balance);
gboolean       wb_balance_is_complete  (WbBalance *balance);
guint          wb_balance_get_n_games  (WbBalance *balance);
const WbBalanceGame *wb_balance_get_game (WbBalance *balance, guint i);
guint          wb_balance_get_n_sides  (WbBalance *balance);
const char    *wb_balance_get_side     (WbBalance *balance, guint side);

/* Every game's record, the summary and the counts' totals (format
 * "warbench-balance", version 2); read back by wb_balance_from_json (),
 * which also reads version 1 (no counts: reported as not recorded). */
JsonNode      *wb_balance_to_json      (WbBalance *balance);
WbBalance     *wb_balance_from_json    (JsonNode *node, const char *name, GError **error);
/* The summary alone: what two runs of the same seeds must share. */
JsonNode      *wb_balance_summary_json (WbBalance *balance);
/* Adds the games of @part (another shard of the same run): refused when
 * the runs differ (game, scenario, options, seeds) or a seed is in both. */
gboolean       wb_balance_merge        (WbBalance *balance, WbBalance *part, GError **error);
/* The summary as a designer reads it, and one CSV row a game. */
char          *wb_balance_to_text      (WbBalance *balance);
char          *wb_balance_to_csv       (WbBalance *balance);
/* The rule-check and table counts' totals as CSV, one row a count
 * (kind,id,column,item,count,per_game,observed_frequency,exact_probability;
 * docs/balance.md); only the header when not recorded. */
char          *wb_balance_counts_to_csv (WbBalance *balance);
/* Every game's rule checks and table reads added up, or NULL when not
 * recorded (a merged part of version 1). */
const WbTally *wb_balance_get_tally    (WbBalance *balance);

/* Two runs of the same seeds compared (a variant): per side the win rates
 * with a pooled two-proportion z-test, and the VP margin's means with
 * Welch's test (normal approximation); two-sided, significant below
 * p = 0.05. NULL when the runs have different numbers of sides. */
JsonNode      *wb_balance_compare_json (WbBalance *a, WbBalance *b);
/* A copy of @game where table @id has table @other_id's cells (row by row,
 * column by column; its id, dice, columns and links stay): the variant
 * "table @id replaced". NULL with @error when either is missing, or the
 * two differ in kind or number of columns or rows. */
WbGame        *wb_balance_game_with_table (WbGame *game, const char *id, const char *other_id, GError **error);
char          *wb_balance_compare_text (WbBalance *a, WbBalance *b);

/* A 95 % Wilson score interval for @k successes in @n trials. */
void           wb_balance_wilson       (guint k, guint n, double *low, double *high);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbBalance, wb_balance_free)

G_END_DECLS
