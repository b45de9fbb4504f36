/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-table-analysis.h"

G_BEGIN_DECLS

/* Engine-facing resolution of the format 6 table rules: the ends, column
 * shifts and modifiers, which dice a table reads, dice pools. None of these
 * allocate, so an engine may call them in its inner loop. */

/* The column for @attack against @defense on an odds or differential table,
 * with the table's own `ends` (refuse → -1). -1 for other kinds. */
int          wb_table_combat_column      (WbTable       *table,
                                          int            attack,
                                          int            defense,
                                          WbColumnClamp *clamp);

/* The column @shift columns right (negative: left) of @column, with the
 * table's `ends` for normal or @defensive fire: beyond an end the end
 * column, or -1 where that end refuses. */
int          wb_table_shift_column       (WbTable       *table,
                                          int            column,
                                          int            shift,
                                          gboolean       defensive,
                                          WbColumnClamp *clamp);

/* The sum of the modifiers of @table named by @ids (NULL-terminated) that
 * apply: of those sharing a group only the one of largest size counts
 * (ties: the first listed in the table). */
typedef struct {
  int columns, dice, target, roll;
} WbModifierTotal;

gboolean     wb_table_modifiers_total    (WbTable            *table,
                                          const char * const *ids,
                                          WbModifierTotal    *total,
                                          GError            **error);
/* The modifier with @id, or NULL. */
const WbTableModifier *wb_table_find_modifier (WbTable *table, const char *id);

/* The number a throw gives on @table: @dice are the dice thrown, the
 * coloured one first. d66 reads 10 × coloured + white, a `read` colored or
 * white table that die, every other table the sum. */
int          wb_table_throw_value        (WbTable   *table,
                                          const int *dice,
                                          guint      n_dice);

/* Dice pools: the dice @table gives for @value (a strength: the row whose
 * lo…hi holds it) in @column, plus @dice_modifier, at least 0; -1 when no
 * row holds it, the cell is unknown or the table has no pool. A "-" cell
 * rolls no dice. */
int          wb_table_pool_dice          (WbTable *table,
                                          int      value,
                                          guint    column,
                                          int      dice_modifier);
/* The faces of one die that hit in @column (the pool's rule, the hit
 * number moved by @target_modifier: hitting on ≥N, +1 makes it ≥N−1; on
 * ≤N, +1 makes it ≤N+1 — a modifier is in the firer's favour when
 * positive). FALSE when nothing hits. */
gboolean     wb_table_pool_hit_faces     (WbTable *table,
                                          guint    column,
                                          int      target_modifier,
                                          int     *lo,
                                          int     *hi);
/* Hits scored by @rolls (each die's face) in @column. */
int          wb_table_pool_hits          (WbTable   *table,
                                          guint      column,
                                          int        target_modifier,
                                          const int *rolls,
                                          guint      n_rolls);
/* The exact distribution of hits of @n_dice dice each hitting with
 * probability @hit_faces / @sides: @out[k] = P(k hits), k = 0 … n_dice. */
void         wb_pool_hit_distribution    (int     n_dice,
                                          int     hit_faces,
                                          int     sides,
                                          double *out);

G_END_DECLS
