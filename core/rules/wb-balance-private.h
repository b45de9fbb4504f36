/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-balance.h"
#include "rules/wb-family.h"
#include "rules/wb-tally.h"

G_BEGIN_DECLS

/* The balance lab's rule-check and table counts (wb-balance-tally.c): the
 * run's total tally, the family's checks and, for each table read, its
 * exact per-column outcomes, so that a part read back (or merged) reports
 * them without the game. */
typedef struct _WbBalanceCounts WbBalanceCounts;

WbBalanceCounts *_wb_balance_counts_new        (const WbRuleCheck *checks, guint n_checks);
void             _wb_balance_counts_free       (WbBalanceCounts *c);
WbTally         *_wb_balance_counts_get_tally  (WbBalanceCounts *c);
/* Adds one game's tally. */
void             _wb_balance_counts_add_game   (WbBalanceCounts *c, const WbTally *tally);
/* Reads the exact outcomes of every table of @game the games read. */
void             _wb_balance_counts_set_tables (WbBalanceCounts *c, WbGame *game);
/* The counts as a part keeps them (version 2's "counts"), and back. */
JsonNode        *_wb_balance_counts_to_json    (WbBalanceCounts *c);
WbBalanceCounts *_wb_balance_counts_from_json  (JsonNode *node, const char *name, GError **error);
/* Adds @part's counts (another shard of the same run). */
void             _wb_balance_counts_merge      (WbBalanceCounts *c, WbBalanceCounts *part);
/* Adds "rule_checks" and "tables" to the summary being built, for
 * @n_games games (@c NULL: "counts": "not recorded"). */
void             _wb_balance_counts_summary    (WbBalanceCounts *c, guint n_games, JsonBuilder *jb);
/* The same as a designer reads it, from the summary. */
void             _wb_balance_counts_text       (JsonObject *summary, GString *s);
char            *_wb_balance_counts_csv        (JsonObject *summary);
/* The upper tail of the chi-square distribution with @df degrees of
 * freedom at @x: the goodness-of-fit p. */
double           _wb_chi_square_p              (double x, guint df);

G_END_DECLS
