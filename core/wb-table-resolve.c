/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-table-resolve.h"
#include "wb-command.h"

static WbTableEnd
end_rule (WbTable *table, gboolean right, gboolean defensive)
{
  const WbTableEnds *e = wb_table_get_ends (table);

  if (defensive)
    return right ? e->defensive_right : e->defensive_left;
  return right ? e->right : e->left;
}

int
wb_table_combat_column (WbTable       *table,
                        int            attack,
                        int            defense,
                        WbColumnClamp *clamp)
{
  WbColumnClamp c = WB_COLUMN_EXACT;
  int column;

  g_return_val_if_fail (WB_IS_TABLE (table), -1);
  switch (wb_table_get_kind (table))
    {
    case WB_TABLE_ODDS:
      column = wb_table_odds_column (table, attack, defense, FALSE, &c);
      break;
    case WB_TABLE_DIFFERENTIAL:
      column = wb_table_differential_column (table, attack, defense, FALSE, &c);
      break;
    default:
      column = -1;
      break;
    }
  if ((c == WB_COLUMN_CLAMPED_LOW && end_rule (table, FALSE, FALSE) == WB_TABLE_END_REFUSE) ||
      (c == WB_COLUMN_CLAMPED_HIGH && end_rule (table, TRUE, FALSE) == WB_TABLE_END_REFUSE))
    column = -1;
  if (clamp)
    *clamp = c;
  return column;
}

int
wb_table_shift_column (WbTable       *table,
                       int            column,
                       int            shift,
                       gboolean       defensive,
                       WbColumnClamp *clamp)
{
  int n, to;

  g_return_val_if_fail (WB_IS_TABLE (table), -1);
  n = (int) wb_table_get_columns (table)->len;
  if (clamp)
    *clamp = WB_COLUMN_EXACT;
  if (column < 0 || column >= n)
    return -1;
  /* Shifts are bounded by the format (±200 columns): no overflow. */
  to = column + CLAMP (shift, -WB_TABLE_MAX_COLUMNS, WB_TABLE_MAX_COLUMNS);
  if (to < 0)
    {
      if (clamp)
        *clamp = WB_COLUMN_CLAMPED_LOW;
      return end_rule (table, FALSE, defensive) == WB_TABLE_END_REFUSE ? -1 : 0;
    }
  if (to >= n)
    {
      if (clamp)
        *clamp = WB_COLUMN_CLAMPED_HIGH;
      return end_rule (table, TRUE, defensive) == WB_TABLE_END_REFUSE ? -1 : n - 1;
    }
  return to;
}

const WbTableModifier *
wb_table_find_modifier (WbTable    *table,
                        const char *id)
{
  GPtrArray *mods;

  g_return_val_if_fail (WB_IS_TABLE (table), NULL);
  mods = wb_table_get_modifiers (table);
  for (guint i = 0; id != NULL && i < mods->len; i++)
    {
      const WbTableModifier *m = g_ptr_array_index (mods, i);
      if (strcmp (m->id, id) == 0)
        return m;
    }
  return NULL;
}

static int
modifier_size (const WbTableModifier *m)
{
  return ABS (m->columns) + ABS (m->dice) + ABS (m->target) + ABS (m->roll);
}

gboolean
wb_table_modifiers_total (WbTable            *table,
                          const char * const *ids,
                          WbModifierTotal    *total,
                          GError            **error)
{
  GPtrArray *mods;
  guint n_ids;

  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);
  g_return_val_if_fail (total != NULL, FALSE);
  memset (total, 0, sizeof *total);
  mods = wb_table_get_modifiers (table);
  n_ids = ids != NULL ? g_strv_length ((char **) ids) : 0;

  for (guint i = 0; i < n_ids; i++)
    if (wb_table_find_modifier (table, ids[i]) == NULL)
      {
        g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                     _("The table “%s” has no modifier “%s”"), wb_table_get_name (table), ids[i]);
        return FALSE;
      }

  /* In table order, so a tie within a group goes to the first listed. */
  for (guint i = 0; i < mods->len; i++)
    {
      const WbTableModifier *m = g_ptr_array_index (mods, i);
      gboolean best = TRUE;

      if (!g_strv_contains (ids, m->id))
        continue;
      if (m->group != NULL)
        for (guint j = 0; j < mods->len && best; j++)
          {
            const WbTableModifier *o = g_ptr_array_index (mods, j);

            if (o == m || g_strcmp0 (o->group, m->group) != 0 || !g_strv_contains (ids, o->id))
              continue;
            if (modifier_size (o) > modifier_size (m) ||
                (modifier_size (o) == modifier_size (m) && j < i))
              best = FALSE;
          }
      if (!best)
        continue;
      total->columns += m->columns;
      total->dice += m->dice;
      total->target += m->target;
      total->roll += m->roll;
    }
  return TRUE;
}

int
wb_table_throw_value (WbTable   *table,
                      const int *dice,
                      guint      n_dice)
{
  gint64 sum = 0;

  g_return_val_if_fail (WB_IS_TABLE (table), 0);
  if (n_dice == 0)
    return 0;
  switch (wb_table_get_read (table))
    {
    case WB_TABLE_READ_COLORED:
      return dice[0];
    case WB_TABLE_READ_WHITE:
      return n_dice > 1 ? dice[1] : dice[0];
    case WB_TABLE_READ_SUM:
    default:
      break;
    }
  /* "d66" as wb_dice_new reads it, in either case. */
  if (wb_table_get_dice (table) != NULL && g_ascii_strcasecmp (wb_table_get_dice (table), "d66") == 0 &&
      n_dice >= 2)
    sum = (gint64) dice[0] * 10 + dice[1];
  else
    /* Faces are small; whatever a caller passes, no overflow (fuzz-table). */
    for (guint i = 0; i < n_dice; i++)
      sum += dice[i];
  return (int) CLAMP (sum, G_MININT, G_MAXINT);
}

int
wb_table_pool_dice (WbTable *table,
                    int      value,
                    guint    column,
                    int      dice_modifier)
{
  const char *cell;
  guint64 n;
  char *end = NULL;

  g_return_val_if_fail (WB_IS_TABLE (table), -1);
  if (wb_table_get_pool (table)->sides <= 0)
    return -1;
  cell = _wb_table_cell (table, column, value);
  if (cell == NULL || wb_table_cell_is_unknown (cell))
    return -1;
  if (strcmp (cell, "-") == 0)
    return 0;
  n = g_ascii_strtoull (cell, &end, 10);
  if (end == cell || *end != '\0')
    return -1;
  return MAX (0, (int) n + CLAMP (dice_modifier, -1000, 1000));
}

gboolean
wb_table_pool_hit_faces (WbTable *table,
                         guint    column,
                         int      target_modifier,
                         int     *lo,
                         int     *hi)
{
  const WbTablePool *pool;
  int value, a, b;

  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);
  pool = wb_table_get_pool (table);
  if (pool->sides <= 0)
    return FALSE;
  if (pool->per_column)
    {
      const WbTableColumn *c;
      if (column >= wb_table_get_columns (table)->len)
        return FALSE;
      c = g_ptr_array_index (wb_table_get_columns (table), column);
      value = (int) c->lo;
    }
  else
    value = pool->value;
  target_modifier = CLAMP (target_modifier, -1000, 1000);
  if (pool->at_least)
    a = value - target_modifier, b = pool->sides;
  else
    a = 1, b = value + target_modifier;
  a = MAX (a, 1);
  b = MIN (b, pool->sides);
  if (lo)
    *lo = a;
  if (hi)
    *hi = b;
  return a <= b;
}

int
wb_table_pool_hits (WbTable   *table,
                    guint      column,
                    int        target_modifier,
                    const int *rolls,
                    guint      n_rolls)
{
  int lo, hi, hits = 0;

  if (!wb_table_pool_hit_faces (table, column, target_modifier, &lo, &hi))
    return 0;
  for (guint i = 0; i < n_rolls; i++)
    if (rolls[i] >= lo && rolls[i] <= hi)
      hits++;
  return hits;
}

void
wb_pool_hit_distribution (int     n_dice,
                          int     hit_faces,
                          int     sides,
                          double *out)
{
  double p, q;

  g_return_if_fail (n_dice >= 0 && sides > 0 && out != NULL);
  p = CLAMP ((double) hit_faces / sides, 0.0, 1.0);
  q = 1.0 - p;
  /* Build the binomial row by row: exact enough for the 100 dice the
   * format allows, without factorials. */
  out[0] = 1.0;
  for (int n = 1; n <= n_dice; n++)
    {
      out[n] = out[n - 1] * p;
      for (int k = n - 1; k >= 1; k--)
        out[k] = out[k] * q + out[k - 1] * p;
      out[0] *= q;
    }
}
