/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table-analysis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "wb-table-analysis.h"
#include "wb-table-resolve.h"

/* --- engine-facing resolution ------------------------------------------------ */

/* Is lo:hi <= attack:defense? Cross-multiplied, exact for whole numbers. */
static inline gboolean
ratio_le (const WbTableColumn *c,
          double               attack,
          double               defense)
{
  return c->lo * defense <= attack * c->hi;
}

int
wb_table_odds_column (WbTable       *table,
                      int            attack,
                      int            defense,
                      gboolean       refuse_outside,
                      WbColumnClamp *clamp)
{
  GPtrArray *columns = wb_table_get_columns (table);
  WbTableColumn **c = (WbTableColumn **) columns->pdata;
  int n = (int) columns->len;
  int best = -1;

  if (clamp)
    *clamp = WB_COLUMN_EXACT;
  if (n == 0 || attack < 0 || defense < 0)
    return -1;

  if (defense == 0 || attack == 0)
    best = defense == 0 && attack > 0 ? n - 1 : -1;
  else
    for (int i = n - 1; i >= 0; i--)
      if (ratio_le (c[i], attack, defense))
        {
          best = i;
          break;
        }

  if (best < 0)
    {
      if (clamp)
        *clamp = WB_COLUMN_CLAMPED_LOW;
      return refuse_outside ? -1 : 0;
    }

  if (best == n - 1)
    {
      /* Beyond the last column once the odds, rounded down to the next whole
       * step (N-1 or 1-N), exceed it: 6.5-1 is still 6-1, 7-1 is not. */
      const WbTableColumn *last = c[n - 1];
      gboolean beyond;

      if (defense == 0)
        beyond = TRUE;
      else if (attack >= defense)
        beyond = (double) (attack / defense) * last->hi > last->lo;
      else
        beyond = last->lo * ((defense + attack - 1) / attack) < last->hi;
      if (beyond)
        {
          if (clamp)
            *clamp = WB_COLUMN_CLAMPED_HIGH;
          return refuse_outside ? -1 : best;
        }
    }
  return best;
}

int
wb_table_differential_column (WbTable       *table,
                              int            attack,
                              int            defense,
                              gboolean       refuse_outside,
                              WbColumnClamp *clamp)
{
  GPtrArray *columns = wb_table_get_columns (table);
  WbTableColumn **c = (WbTableColumn **) columns->pdata;
  int n = (int) columns->len;
  double diff = (double) attack - (double) defense;

  if (clamp)
    *clamp = WB_COLUMN_EXACT;
  if (n == 0)
    return -1;
  for (int i = 0; i < n; i++)
    if (diff >= MIN (c[i]->lo, c[i]->hi) && diff <= MAX (c[i]->lo, c[i]->hi))
      return i;
  if (diff < MIN (c[0]->lo, c[0]->hi))
    {
      if (clamp)
        *clamp = WB_COLUMN_CLAMPED_LOW;
      return refuse_outside ? -1 : 0;
    }
  if (diff > MAX (c[n - 1]->lo, c[n - 1]->hi))
    {
      if (clamp)
        *clamp = WB_COLUMN_CLAMPED_HIGH;
      return refuse_outside ? -1 : n - 1;
    }
  return -1;   /* a gap between columns */
}

/* The balance lab counts the tables the games read (rules/wb-tally.h).
 * The families read a cell here with no context, so the counter of the
 * action being played on this thread is set for the length of that action
 * (wb_play_act): per thread, hence one per play, no lock; unset, a read
 * costs one test. */
static _Thread_local WbTableReadFunc read_func;
static _Thread_local gpointer        read_data;

void
_wb_table_set_read_func (WbTableReadFunc func,
                         gpointer        data)
{
  read_func = func;
  read_data = data;
}

const char *
wb_table_resolve (WbTable *table,
                  guint    column,
                  int      roll)
{
  const char *cell = _wb_table_cell (table, column, roll);

  if (G_UNLIKELY (read_func != NULL) && cell != NULL)
    read_func (read_data, table, column, roll, cell);
  return cell;
}

const char *
_wb_table_cell (WbTable *table,
                guint    column,
                int      roll)
{
  GPtrArray *rows = wb_table_get_rows (table);
  const WbTableRow *r;
  guint guess;

  if (rows->len == 0)
    return NULL;
  /* Most tables have a row per roll, in order: try that row first. */
  guess = (guint) (roll - ((const WbTableRow *) rows->pdata[0])->lo);
  if (guess < rows->len)
    {
      r = rows->pdata[guess];
      if (r->lo == roll && r->hi <= roll)
        return column < r->cells->len ? r->cells->pdata[column] : NULL;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      int hi;

      r = rows->pdata[i];
      hi = r->hi < r->lo ? r->lo : r->hi;
      if (roll >= r->lo && roll <= hi)
        return column < r->cells->len ? r->cells->pdata[column] : NULL;
    }
  return NULL;
}

/* --- result codes as effects -------------------------------------------------- */

/* The codes the analysis understands, matched without regard to case. An
 * exchange eliminates the defender and costs the attacker at least as much
 * strength, counted as half its force. "D2" is two defender steps, "A1" one
 * attacker step (any number), "Dr2" a defender retreat of two hexes ("AR3":
 * the attacker, three); codes joined by "/" ("A1/D2") add up. */
static const struct {
  const char   *code;
  WbCodeEffect  effect;
} code_effects[] = {
  { "Ae", { .attacker_eliminated = 1 } },
  { "Ar", { .attacker_retreat = 1 } },
  { "De", { .defender_eliminated = 1 } },
  { "Dr", { .defender_retreat = 1 } },
  { "Ex", { .defender_eliminated = 1, .attacker_eliminated = 0.5 } },
  { "Ab", { .attacker_retreat = 1 } },        /* attacker back */
  { "Db", { .defender_retreat = 1 } },        /* defender back */
  { "NE", { 0 } },
  { "-", { 0 } },
  { "—", { 0 } },
  { "–", { 0 } },
  { "", { 0 } },
};

static gboolean
single_code_effect (const char   *code,
                    WbCodeEffect *e)
{
  for (guint i = 0; i < G_N_ELEMENTS (code_effects); i++)
    if (g_ascii_strcasecmp (code, code_effects[i].code) == 0)
      {
        *e = code_effects[i].effect;
        return TRUE;
      }
  /* "Dr2", "AR3": a retreat of that many hexes. */
  if ((code[0] == 'A' || code[0] == 'D' || code[0] == 'a' || code[0] == 'd') &&
      (code[1] == 'r' || code[1] == 'R') && g_ascii_isdigit (code[2]))
    {
      char *end;
      long hexes = strtol (code + 2, &end, 10);

      if (*end != '\0' || hexes > 100)
        return FALSE;
      memset (e, 0, sizeof *e);
      if (g_ascii_toupper (code[0]) == 'A')
        e->attacker_retreat = hexes;
      else
        e->defender_retreat = hexes;
      return TRUE;
    }
  if ((code[0] == 'A' || code[0] == 'D' || code[0] == 'a' || code[0] == 'd'))
    {
      const char *p = code + 1;
      long steps = 1;

      if (*p != '\0')
        {
          char *end;

          if (!g_ascii_isdigit (*p))
            return FALSE;
          steps = strtol (p, &end, 10);
          if (*end != '\0' || steps > 100)
            return FALSE;
        }
      memset (e, 0, sizeof *e);
      if (g_ascii_toupper (code[0]) == 'A')
        e->attacker_steps = steps;
      else
        e->defender_steps = steps;
      return TRUE;
    }
  return FALSE;
}

static void
effect_add (WbCodeEffect *sum, const WbCodeEffect *e)
{
  sum->attacker_eliminated += e->attacker_eliminated;
  sum->defender_eliminated += e->defender_eliminated;
  sum->attacker_steps += e->attacker_steps;
  sum->defender_steps += e->defender_steps;
  sum->attacker_retreat += e->attacker_retreat;
  sum->defender_retreat += e->defender_retreat;
  sum->attacker_morale += e->attacker_morale;
  sum->defender_morale += e->defender_morale;
  sum->exchange = sum->exchange || e->exchange;
}

/* One code of @table (not joined by "/"). */
static gboolean
table_single_effect (WbTable *table, const char *code, WbCodeEffect *e)
{
  const WbResultCode *c = table != NULL ? wb_table_find_code (table, code) : NULL;

  if (c == NULL || !c->has_effect)
    return single_code_effect (code, e);
  *e = c->effect;
  if (e->exchange && e->attacker_eliminated == 0 && e->defender_eliminated == 0 &&
      e->attacker_steps == 0 && e->defender_steps == 0)
    single_code_effect ("Ex", e), e->exchange = TRUE;
  return TRUE;
}

gboolean
wb_table_code_effect (WbTable *table, const char *code, WbCodeEffect *effect)
{
  g_auto(GStrv) parts = NULL;
  WbCodeEffect sum = { 0 };
  g_autofree char *copy = NULL;

  g_return_val_if_fail (code != NULL, FALSE);
  if (wb_table_cell_is_unknown (code))
    return FALSE;
  copy = g_strstrip (g_strdup (code));
  /* The whole cell first: a table may define a code holding a "/". */
  if (table != NULL && table_single_effect (table, copy, &sum) &&
      wb_table_find_code (table, copy) != NULL)
    {
      if (effect)
        *effect = sum;
      return TRUE;
    }
  memset (&sum, 0, sizeof sum);
  parts = g_strsplit (copy, "/", -1);
  for (guint i = 0; parts[i]; i++)
    {
      WbCodeEffect e;

      g_strstrip (parts[i]);
      if (parts[1] != NULL && parts[i][0] == '\0')
        return FALSE;
      if (!table_single_effect (table, parts[i], &e))
        return FALSE;
      effect_add (&sum, &e);
    }
  if (effect)
    *effect = sum;
  return TRUE;
}

gboolean
wb_code_effect (const char   *code,
                WbCodeEffect *effect)
{
  return wb_table_code_effect (NULL, code, effect);
}

double
wb_code_effect_score (const WbCodeEffect *e)
{
  return (e->defender_eliminated - e->attacker_eliminated) +
         0.5 * (MIN (e->defender_retreat, 1.0) - MIN (e->attacker_retreat, 1.0)) +
         0.25 * (e->defender_steps - e->attacker_steps) +
         0.125 * (e->defender_morale - e->attacker_morale);
}

/* --- per-column probabilities ---------------------------------------------------- */

static void
add_outcome (GArray     *outcomes,
             const char *result,
             guint64     count)
{
  for (guint i = 0; i < outcomes->len; i++)
    {
      WbTableOutcome *o = &g_array_index (outcomes, WbTableOutcome, i);

      if (o->result == result)
        {
          o->count += count;
          return;
        }
    }
  g_array_append_val (outcomes, ((WbTableOutcome) { result, count }));
}

/* A dice-pool column: per row (a strength) its dice and their hits. */
static void
pool_stats (WbTable *table, WbColumnStats *cs)
{
  GPtrArray *rows = wb_table_get_rows (table);
  int sides = wb_table_get_pool (table)->sides;
  int lo = 0, hi = -1;

  cs->pool_dice = g_new0 (int, rows->len);
  cs->pool_expected_hits = g_new0 (double, rows->len);
  cs->pool_any_hit = g_new0 (double, rows->len);
  if (!wb_table_pool_hit_faces (table, cs->column, 0, &lo, &hi))
    lo = 1, hi = 0;
  for (guint r = 0; r < rows->len; r++)
    {
      const WbTableRow *row = g_ptr_array_index (rows, r);
      const char *cell = g_ptr_array_index (row->cells, cs->column);
      int n = wb_table_cell_is_unknown (cell) ? -1 : wb_table_pool_dice (table, row->lo, cs->column, 0);
      double p = (double) (hi - lo + 1) / sides;
      double none = 1.0;

      /* wb_table_pool_dice reads the first row holding row->lo: this row. */
      cs->pool_dice[r] = n;
      if (n < 0)
        continue;
      cs->pool_expected_hits[r] = n * p;
      for (int k = 0; k < n; k++)
        none *= 1.0 - p;
      cs->pool_any_hit[r] = 1.0 - none;
    }
}

static void
column_stats_free (WbColumnStats *cs)
{
  g_free (cs->pool_dice);
  g_free (cs->pool_expected_hits);
  g_free (cs->pool_any_hit);
  g_array_unref (cs->outcomes);
  g_free (cs->reason);
  g_free (cs);
}

guint64
wb_column_stats_count (const WbColumnStats *column,
                       const char          *result)
{
  const char *r = g_intern_string (result);

  for (guint i = 0; i < column->outcomes->len; i++)
    if (g_array_index (column->outcomes, WbTableOutcome, i).result == r)
      return g_array_index (column->outcomes, WbTableOutcome, i).count;
  return 0;
}

WbTableStats *
wb_table_stats_new (WbTable  *table,
                    GError  **error)
{
  WbTableStats *stats;
  WbDice *dice;
  guint n_columns;
  WbTableKind kind;

  g_return_val_if_fail (WB_IS_TABLE (table), NULL);

  if (wb_table_get_kind (table) == WB_TABLE_CHART || wb_table_get_dice (table) == NULL)
    {
      g_set_error (error, WB_DICE_ERROR, WB_DICE_ERROR_SYNTAX,
                   _("“%s” is a chart: it has no dice to analyse"), wb_table_get_name (table));
      return NULL;
    }
  dice = wb_dice_new (wb_table_get_dice (table), error);
  if (dice == NULL)
    return NULL;

  stats = g_new0 (WbTableStats, 1);
  stats->table = g_object_ref (table);
  stats->dice = dice;
  stats->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_stats_free);
  n_columns = wb_table_get_columns (table)->len;
  kind = wb_table_get_kind (table);

  for (guint c = 0; c < n_columns; c++)
    {
      WbColumnStats *cs = g_new0 (WbColumnStats, 1);
      const WbTableColumn *col = g_ptr_array_index (wb_table_get_columns (table), c);

      cs->column = c;
      cs->label = col->label;
      cs->outcomes = g_array_new (FALSE, FALSE, sizeof (WbTableOutcome));
      for (guint i = 0; i < dice->n_outcomes; i++)
        {
          const char *cell = _wb_table_cell (table, c, dice->outcomes[i].value);

          if (cell == NULL)
            cs->uncovered += dice->outcomes[i].count;
          else if (wb_table_cell_is_unknown (cell))
            {
              cs->unknown += dice->outcomes[i].count;
              add_outcome (cs->outcomes, g_intern_string (cell), dice->outcomes[i].count);
            }
          else
            add_outcome (cs->outcomes, g_intern_string (cell), dice->outcomes[i].count);
        }

      cs->effects_known = kind != WB_TABLE_FIRE && cs->outcomes->len > 0 && cs->unknown == 0;
      for (guint i = 0; i < cs->outcomes->len && cs->effects_known; i++)
        {
          const WbTableOutcome *o = &g_array_index (cs->outcomes, WbTableOutcome, i);
          WbCodeEffect e;
          double p = (double) o->count / (double) dice->total;

          if (!wb_table_code_effect (table, o->result, &e))
            {
              cs->effects_known = FALSE;
              break;
            }
          cs->expected.attacker_eliminated += p * e.attacker_eliminated;
          cs->expected.defender_eliminated += p * e.defender_eliminated;
          cs->expected.attacker_steps += p * e.attacker_steps;
          cs->expected.defender_steps += p * e.defender_steps;
          cs->expected.attacker_retreat += p * e.attacker_retreat;
          cs->expected.defender_retreat += p * e.defender_retreat;
          cs->expected.attacker_morale += p * e.attacker_morale;
          cs->expected.defender_morale += p * e.defender_morale;
          cs->score += p * wb_code_effect_score (&e);
        }
      if (!cs->effects_known)
        {
          memset (&cs->expected, 0, sizeof cs->expected);
          cs->score = 0;
        }
      if (kind == WB_TABLE_DICE_POOL && wb_table_get_pool (table)->sides > 0)
        pool_stats (table, cs);
      g_ptr_array_add (stats->columns, cs);
    }

  /* Monotonicity: moving right on an odds or differential table must not
   * make the attacker's expected result worse. */
  if (kind == WB_TABLE_ODDS || kind == WB_TABLE_DIFFERENTIAL)
    for (guint c = 1; c < n_columns; c++)
      {
        WbColumnStats *prev = stats->columns->pdata[c - 1];
        WbColumnStats *cs = stats->columns->pdata[c];

        if (!prev->effects_known || !cs->effects_known)
          continue;
        if (cs->score < prev->score - 1e-9)
          {
            cs->non_monotonic = TRUE;
            cs->reason = g_strdup_printf (_("Worse for the attacker than %s: expected score "
                                            "%.3f against %.3f (defender losses %.3f → %.3f, "
                                            "attacker losses %.3f → %.3f)"),
                                          prev->label, cs->score, prev->score,
                                          prev->expected.defender_eliminated,
                                          cs->expected.defender_eliminated,
                                          prev->expected.attacker_eliminated,
                                          cs->expected.attacker_eliminated);
            stats->n_flagged++;
          }
      }
  return stats;
}

void
wb_table_stats_free (WbTableStats *stats)
{
  if (stats == NULL)
    return;
  g_object_unref (stats->table);
  wb_dice_free (stats->dice);
  g_ptr_array_unref (stats->columns);
  g_free (stats);
}

/* --- fire-table bands -------------------------------------------------------------- */

/* Parses one "name:lo-hi", "name:n" or "name:n+" band; FALSE if malformed. */
static gboolean
parse_band (const char  *token,
            char       **name,
            int         *lo,
            int         *hi)
{
  const char *colon = strchr (token, ':');
  const char *p;
  char *end;
  long a, b;

  if (colon == NULL || colon == token)
    return FALSE;
  p = colon + 1;
  a = strtol (p, &end, 10);
  if (end == p)
    return FALSE;
  if (*end == '+' && end[1] == '\0')
    b = G_MAXINT / 2;
  else if (*end == '-')
    {
      p = end + 1;
      b = strtol (p, &end, 10);
      if (end == p || *end != '\0')
        return FALSE;
    }
  else if (*end == '\0')
    b = a;
  else
    return FALSE;
  *name = g_strndup (token, colon - token);
  *lo = (int) a;
  *hi = (int) b;
  return TRUE;
}

const char *
wb_fire_cell_band (const char *cell,
                   int         rating)
{
  g_auto(GStrv) tokens = NULL;

  if (cell == NULL)
    return NULL;
  tokens = g_strsplit_set (cell, " \t", -1);
  for (guint i = 0; tokens[i]; i++)
    {
      g_autofree char *name = NULL;
      int lo, hi;

      if (tokens[i][0] == '\0' || !parse_band (tokens[i], &name, &lo, &hi))
        continue;
      if (rating >= lo && rating <= hi)
        return g_intern_string (name);
    }
  return NULL;
}

gboolean
wb_fire_table_ratings (WbTable *table,
                       int     *min,
                       int     *max)
{
  GPtrArray *rows = wb_table_get_rows (table);
  gboolean any = FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      const WbTableRow *r = rows->pdata[i];

      for (guint c = 0; c < r->cells->len; c++)
        {
          g_auto(GStrv) tokens = g_strsplit_set (r->cells->pdata[c], " \t", -1);

          for (guint t = 0; tokens[t]; t++)
            {
              g_autofree char *name = NULL;
              int lo, hi;

              if (!parse_band (tokens[t], &name, &lo, &hi))
                continue;
              if (hi == G_MAXINT / 2)
                hi = lo;
              if (!any || lo < *min)
                *min = lo;
              if (!any || hi > *max)
                *max = hi;
              any = TRUE;
            }
        }
    }
  return any;
}

GArray *
wb_fire_band_stats (WbTable      *table,
                    const WbDice *dice,
                    guint         column,
                    int           rating,
                    guint64      *none)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbTableOutcome));

  *none = 0;
  for (guint i = 0; i < dice->n_outcomes; i++)
    {
      const char *cell = _wb_table_cell (table, column, dice->outcomes[i].value);
      const char *band = wb_table_cell_is_unknown (cell) ? g_intern_static_string ("?")
                                                         : wb_fire_cell_band (cell, rating);
      if (band == NULL)
        *none += dice->outcomes[i].count;
      else
        add_outcome (out, band, dice->outcomes[i].count);
    }
  return out;
}

/* --- comparing two tables ---------------------------------------------------------- */

static void
column_diff_free (WbColumnDiff *d)
{
  g_array_unref (d->diffs);
  g_free (d);
}

static void
add_diff (GArray     *diffs,
          const char *result,
          double      a,
          double      b)
{
  for (guint i = 0; i < diffs->len; i++)
    {
      WbResultDiff *d = &g_array_index (diffs, WbResultDiff, i);

      if (d->result == result)
        {
          d->a += a;
          d->b += b;
          return;
        }
    }
  g_array_append_val (diffs, ((WbResultDiff) { result, a, b }));
}

GPtrArray *
wb_table_stats_compare (const WbTableStats *a,
                        const WbTableStats *b)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) column_diff_free);

  for (guint i = 0; i < a->columns->len; i++)
    {
      const WbColumnStats *ca = a->columns->pdata[i];

      for (guint j = 0; j < b->columns->len; j++)
        {
          const WbColumnStats *cb = b->columns->pdata[j];
          WbColumnDiff *d;

          if (g_strcmp0 (ca->label, cb->label) != 0)
            continue;
          d = g_new0 (WbColumnDiff, 1);
          d->label = ca->label;
          d->column_a = i;
          d->column_b = j;
          d->diffs = g_array_new (FALSE, FALSE, sizeof (WbResultDiff));
          for (guint k = 0; k < ca->outcomes->len; k++)
            {
              const WbTableOutcome *o = &g_array_index (ca->outcomes, WbTableOutcome, k);
              add_diff (d->diffs, o->result, (double) o->count / a->dice->total, 0);
            }
          for (guint k = 0; k < cb->outcomes->len; k++)
            {
              const WbTableOutcome *o = &g_array_index (cb->outcomes, WbTableOutcome, k);
              add_diff (d->diffs, o->result, 0, (double) o->count / b->dice->total);
            }
          g_ptr_array_add (out, d);
          break;
        }
    }
  return out;
}
