/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WB_DICE_ERROR (wb_dice_error_quark ())

/**
 * WbDiceError:
 * @WB_DICE_ERROR_SYNTAX: the expression is not NdM or d66
 * @WB_DICE_ERROR_RANGE: too few or too many dice or faces, or too many throws to count
 */
typedef enum {
  WB_DICE_ERROR_SYNTAX,
  WB_DICE_ERROR_RANGE,
} WbDiceError;

GQuark   wb_dice_error_quark (void);

/* The most dice and faces a dice expression may name. */
#define WB_DICE_MAX_COUNT 20
#define WB_DICE_MAX_FACES 100

/* One value a roll can give and how many of the equally likely ways to
 * throw the dice give it: its probability is count / WbDice.total. */
typedef struct {
  int     value;
  guint64 count;
} WbDiceOutcome;

/* The exact distribution of a dice expression: "1d6", "2d6", "NdM" (sum of
 * N dice of M faces, "d6" = "1d6") or "d66" (two six-sided dice read as a
 * two-digit number, first die the tens: 11, 12 … 16, 21 … 66, each 1/36).
 * Outcomes are sorted by value, every count > 0, and their counts add up to
 * total (the number of equally likely throws, M^N). */
typedef struct {
  char          *spec;
  WbDiceOutcome *outcomes;
  guint          n_outcomes;
  guint64        total;
  int            min, max;
} WbDice;

/* Parses @spec (surrounding blanks ignored, case-insensitive); NULL with
 * @error (WB_DICE_ERROR) naming the problem otherwise. */
WbDice  *wb_dice_new         (const char *spec, GError **error);
void     wb_dice_free        (WbDice *dice);
/* Throws giving a value in [@lo, @hi]. */
guint64  wb_dice_count_range (const WbDice *dice, int lo, int hi);
double   wb_dice_probability (const WbDice *dice, int value);

/* "1/3" for count 12 of 36: the fraction reduced, newly allocated. */
char    *wb_fraction_format  (guint64 count, guint64 total);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbDice, wb_dice_free)

G_END_DECLS
