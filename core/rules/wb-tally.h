/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * A tally of what the games of a play did with the rules (issue 19, the
 * balance lab): how often each rule check was tested and broken, and each
 * table's cells read (a roll: table, column, result). Attached to a play
 * (wb_play_set_tally), it counts the actions the play keeps, plus the
 * refusals: an action refused by an enforced check counts that check as
 * tested and refused, and nothing else of it (a refused action changes
 * nothing; its reads and the checks it passed before the refusal are not
 * the game's). One tally a play: nothing is shared between threads.
 */

typedef struct _WbTally WbTally;

/* A rule check's counts (docs/balance.md, "What the counts mean"). */
typedef struct {
  guint64 tested;    /* the family asked whether the rule held (wb_rule_check) */
  guint64 refused;   /* broken, enforced: the action was refused */
  guint64 warned;    /* broken, set to warn: played with a log line */
  guint64 ignored;   /* broken, set to off: played silently */
} WbCheckCount;

WbTally            *wb_tally_new          (void);
void                wb_tally_free         (WbTally *tally);
/* Adds every count of @from to @into. */
void                wb_tally_add          (WbTally *into, const WbTally *from);
/* The counts of check @id (NULL: never tested). */
const WbCheckCount *wb_tally_get_check    (const WbTally *tally, const char *id);
/* Adds @count to check @id (a part read back from JSON). */
void                wb_tally_add_check    (WbTally *tally, const char *id, const WbCheckCount *count);
/* The check ids the tally holds, in the order first counted. */
guint               wb_tally_get_n_checks (const WbTally *tally);
const char         *wb_tally_get_check_id (const WbTally *tally, guint i);

/* Adds @count reads of @result in column @column of table @table_id. */
void                wb_tally_add_read     (WbTally *tally, const char *table_id, guint column, const char *result,
                                           guint64 count);
typedef void (*WbTallyReadFunc) (const char *table_id, guint column, const char *result, guint64 count,
                                 gpointer user_data);
/* Every (table, column, result) read, in the order first read. */
void                wb_tally_foreach_read (const WbTally *tally, WbTallyReadFunc func, gpointer user_data);
/* Every read, all tables. */
guint64             wb_tally_get_n_reads  (const WbTally *tally);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbTally, wb_tally_free)

/* --- for the engine (wb-play.c, wb-family.c) ------------------------------------- */

/* An action starts: what it counts waits until _wb_tally_end_action. */
void                _wb_tally_begin_action (WbTally *tally);
/* Check @id was tested; @broken with the rule's @level (WbRuleLevel). */
void                _wb_tally_check        (WbTally *tally, const char *id, gboolean broken, int level);
/* The action's counts go in when @kept; refused, only its refusals. */
void                _wb_tally_end_action   (WbTally *tally, gboolean kept);

G_END_DECLS
