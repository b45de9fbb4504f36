/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-table-analysis"
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* Exact dice distributions (core/wb-dice.c) and table analysis
 * (core/wb-table-analysis.c), every number computed by hand: dice sums,
 * d66, per-column probabilities, fire bands, expected losses, the
 * monotonicity flag, comparison, odds and differential columns and
 * resolution; and the Wilderness CRT's 3-1 column. */

#define ck_assert_prob(got, num, den) \
  ck_assert_msg (fabs ((got) - (double) (num) / (double) (den)) < 1e-12, \
                 "expected %d/%d, got %g", (int) (num), (int) (den), (double) (got))

/* A table with @n_cols columns labelled and bounded from @cols ("1-2" → 1, 2)
 * and one row per string of @rows: "lo hi cell cell …". */
static WbTable *
make_table (WbTableKind kind, const char *dice, const char * const *cols, const char * const *rows)
{
  WbTable *t = wb_table_new ("t", kind);

  wb_table_set_dice (t, dice);
  for (guint i = 0; cols[i]; i++)
    {
      int lo = 0, hi = 0;

      if (kind == WB_TABLE_ODDS)
        ck_assert_int_eq (sscanf (cols[i], "%d-%d", &lo, &hi), 2);
      else
        {
          ck_assert_int_eq (sscanf (cols[i], "%d", &lo), 1);
          hi = lo;
        }
      wb_table_add_column (t, cols[i], lo, hi);
    }
  for (guint i = 0; rows[i]; i++)
    {
      g_auto(GStrv) parts = g_strsplit (rows[i], " ", -1);
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

      for (guint k = 2; parts[k]; k++)
        g_ptr_array_add (cells, g_strdup (parts[k]));
      wb_table_add_row (t, parts[0], atoi (parts[0]), atoi (parts[1]), cells);
    }
  return t;
}

START_TEST (test_dice)
{
  g_autoptr(WbDice) d6 = wb_dice_new ("1d6", NULL);
  g_autoptr(WbDice) two = wb_dice_new (" 2D6 ", NULL);
  g_autoptr(WbDice) d66 = wb_dice_new ("d66", NULL);
  g_autoptr(WbDice) three = wb_dice_new ("3d6", NULL);
  g_autoptr(WbDice) d10 = wb_dice_new ("d10", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *f1 = wb_fraction_format (12, 36);
  g_autofree char *f2 = wb_fraction_format (0, 36);
  g_autofree char *f3 = wb_fraction_format (36, 36);
  g_autofree char *f4 = wb_fraction_format (5, 36);

  ck_assert_int_eq (d6->total, 6);
  ck_assert_int_eq (d6->n_outcomes, 6);
  ck_assert_prob (wb_dice_probability (d6, 3), 1, 6);
  ck_assert_prob (wb_dice_probability (d6, 7), 0, 6);

  ck_assert_int_eq (two->total, 36);
  ck_assert_int_eq (two->min, 2);
  ck_assert_int_eq (two->max, 12);
  ck_assert_int_eq (two->n_outcomes, 11);
  ck_assert_int_eq (wb_dice_count_range (two, 7, 7), 6);
  ck_assert_int_eq (wb_dice_count_range (two, 2, 3), 3);
  ck_assert_int_eq (wb_dice_count_range (two, 11, 12), 3);
  ck_assert_int_eq (wb_dice_count_range (two, 2, 12), 36);

  ck_assert_int_eq (d66->total, 36);
  ck_assert_int_eq (d66->n_outcomes, 36);
  ck_assert_int_eq (d66->min, 11);
  ck_assert_int_eq (d66->max, 66);
  ck_assert_prob (wb_dice_probability (d66, 17), 0, 36);
  ck_assert_prob (wb_dice_probability (d66, 20), 0, 36);
  ck_assert_prob (wb_dice_probability (d66, 35), 1, 36);
  ck_assert_int_eq (wb_dice_count_range (d66, 11, 16), 6);
  ck_assert_int_eq (wb_dice_count_range (d66, 21, 36), 12);

  /* 3d6: 10 comes 27 ways of 216, 3 one way. */
  ck_assert_int_eq (three->total, 216);
  ck_assert_int_eq (wb_dice_count_range (three, 10, 10), 27);
  ck_assert_int_eq (wb_dice_count_range (three, 3, 3), 1);
  ck_assert_int_eq (d10->total, 10);
  ck_assert_int_eq (d10->max, 10);

  ck_assert_str_eq (f1, "1/3");
  ck_assert_str_eq (f2, "0");
  ck_assert_str_eq (f3, "1");
  ck_assert_str_eq (f4, "5/36");

  ck_assert_ptr_null (wb_dice_new ("2d", &error));
  ck_assert (g_error_matches (error, WB_DICE_ERROR, WB_DICE_ERROR_SYNTAX));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("0d6", &error));
  ck_assert (g_error_matches (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("1d1", &error));
  ck_assert (g_error_matches (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("20d100", &error));   /* 100^20 throws */
  ck_assert (g_error_matches (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("21d6", &error));
  ck_assert (g_error_matches (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("2d6+1", &error));
  g_clear_error (&error);
  ck_assert_ptr_null (wb_dice_new ("", &error));
  ck_assert_ptr_nonnull (error);
}
END_TEST

START_TEST (test_column_probabilities)
{
  static const char * const cols[] = { "1-1", "2-1", NULL };
  /* Row 6 is missing: uncovered. */
  static const char * const rows[] = { "1 2 Ae Dr", "3 4 Ar De", "5 5 Foo NE", NULL };
  g_autoptr(WbTable) t = make_table (WB_TABLE_ODDS, "1d6", cols, rows);
  g_autoptr(WbTableStats) stats = wb_table_stats_new (t, NULL);
  WbColumnStats *c0, *c1;

  ck_assert_ptr_nonnull (stats);
  ck_assert_int_eq (stats->columns->len, 2);
  c0 = stats->columns->pdata[0];
  c1 = stats->columns->pdata[1];
  ck_assert_int_eq (wb_column_stats_count (c0, "Ae"), 2);   /* 1/3 */
  ck_assert_int_eq (wb_column_stats_count (c0, "Ar"), 2);
  ck_assert_int_eq (wb_column_stats_count (c0, "Foo"), 1);
  ck_assert_int_eq (wb_column_stats_count (c0, "De"), 0);
  ck_assert_int_eq (c0->uncovered, 1);
  ck_assert_int_eq (c0->outcomes->len, 3);
  ck_assert_str_eq (g_array_index (c0->outcomes, WbTableOutcome, 0).result, "Ae");
  /* "Foo" is no known code: no expected losses for column 0. */
  ck_assert (!c0->effects_known);
  ck_assert (c1->effects_known);
  ck_assert_prob (c1->expected.defender_retreat, 1, 3);
  ck_assert_prob (c1->expected.defender_eliminated, 1, 3);
  ck_assert_prob (c1->expected.attacker_eliminated, 0, 1);
  ck_assert_prob (c1->score, 1.0 / 3 + 0.5 / 3, 1);
  ck_assert_int_eq (stats->n_flagged, 0);

  /* 2d6 over ranges: 2-4 is 6/36, 5-9 24/36, 10-12 6/36. */
  {
    static const char * const cols2[] = { "0", NULL };
    static const char * const rows2[] = { "2 4 A1", "5 9 -", "10 12 D2", NULL };
    g_autoptr(WbTable) t2 = make_table (WB_TABLE_DIFFERENTIAL, "2d6", cols2, rows2);
    g_autoptr(WbTableStats) s2 = wb_table_stats_new (t2, NULL);
    WbColumnStats *c = s2->columns->pdata[0];

    ck_assert_int_eq (wb_column_stats_count (c, "A1"), 6);
    ck_assert_int_eq (wb_column_stats_count (c, "-"), 24);
    ck_assert_int_eq (wb_column_stats_count (c, "D2"), 6);
    ck_assert_int_eq (c->uncovered, 0);
    ck_assert (c->effects_known);
    ck_assert_prob (c->expected.attacker_steps, 1, 6);
    ck_assert_prob (c->expected.defender_steps, 2, 6);
  }

  /* Bad dice. */
  {
    g_autoptr(GError) error = NULL;
    wb_table_set_dice (t, "2x6");
    ck_assert_ptr_null (wb_table_stats_new (t, &error));
    ck_assert_ptr_nonnull (error);
  }
}
END_TEST

START_TEST (test_codes)
{
  WbCodeEffect e;

  ck_assert (wb_code_effect ("Ex", &e));
  ck_assert_prob (e.defender_eliminated, 1, 1);
  ck_assert_prob (e.attacker_eliminated, 1, 2);
  ck_assert (wb_code_effect ("DR", &e));
  ck_assert_prob (e.defender_retreat, 1, 1);
  ck_assert (wb_code_effect ("D", &e));
  ck_assert_prob (e.defender_steps, 1, 1);
  ck_assert (wb_code_effect ("A1/D2", &e));
  ck_assert_prob (e.attacker_steps, 1, 1);
  ck_assert_prob (e.defender_steps, 2, 1);
  ck_assert_prob (wb_code_effect_score (&e), 1, 4);
  ck_assert (wb_code_effect ("NE", &e));
  ck_assert_prob (wb_code_effect_score (&e), 0, 1);
  /* A retreat of n hexes: "Dr2", "AR3" (a retreat of any length scores ½). */
  ck_assert (wb_code_effect ("Dr2", &e));
  ck_assert_prob (e.defender_retreat, 2, 1);
  ck_assert_prob (e.defender_steps, 0, 1);
  ck_assert_prob (wb_code_effect_score (&e), 1, 2);
  ck_assert (wb_code_effect ("AR3", &e));
  ck_assert_prob (e.attacker_retreat, 3, 1);
  ck_assert (!wb_code_effect ("Dr2x", &e));
  ck_assert (!wb_code_effect ("Dx", &e));
  ck_assert (!wb_code_effect ("Q", &e));
  ck_assert (!wb_code_effect ("A1/", &e));
}
END_TEST

START_TEST (test_fire_bands)
{
  static const char * const cols[] = { "1", "4", NULL };
  static const char * const rows[] = {
    "11 16 green:0-1_yellow:2-4_red:5+ red:0-9",
    "21 36 green:0-1 green:0-3",
    "41 66 - -",
    NULL };
  g_autoptr(WbTable) t = NULL;
  g_autoptr(WbDice) dice = wb_dice_new ("d66", NULL);
  g_autoptr(GArray) bands = NULL;
  guint64 none;
  int min = 0, max = 0;

  /* make_table splits cells on blanks: put them back. */
  t = make_table (WB_TABLE_FIRE, "d66", cols, rows);
  for (guint i = 0; i < wb_table_get_rows (t)->len; i++)
    {
      WbTableRow *r = g_ptr_array_index (wb_table_get_rows (t), i);
      for (guint c = 0; c < r->cells->len; c++)
        g_strdelimit (r->cells->pdata[c], "_", ' ');
    }

  ck_assert_str_eq (wb_fire_cell_band ("green:0-1 yellow:2-4 red:5-9", 3), "yellow");
  ck_assert_str_eq (wb_fire_cell_band ("green:0-1 yellow:2-4 red:5+", 12), "red");
  ck_assert_str_eq (wb_fire_cell_band ("green:0 red:1", 0), "green");
  ck_assert_ptr_null (wb_fire_cell_band ("green:0-1", 2));
  ck_assert_ptr_null (wb_fire_cell_band ("-", 0));
  ck_assert (wb_fire_table_ratings (t, &min, &max));
  ck_assert_int_eq (min, 0);
  ck_assert_int_eq (max, 9);

  /* Column 1, rating 3: 11-16 yellow (6/36), 21-36 nothing (rating 3 is
   * not green 0-1), 41-66 nothing. */
  bands = wb_fire_band_stats (t, dice, 0, 3, &none);
  ck_assert_int_eq (bands->len, 1);
  ck_assert_str_eq (g_array_index (bands, WbTableOutcome, 0).result, "yellow");
  ck_assert_int_eq (g_array_index (bands, WbTableOutcome, 0).count, 6);
  ck_assert_int_eq (none, 30);
  g_clear_pointer (&bands, g_array_unref);

  /* Column 4, rating 2: red on 11-16 (6), green on 21-36 (12), none 18. */
  bands = wb_fire_band_stats (t, dice, 1, 2, &none);
  ck_assert_int_eq (bands->len, 2);
  ck_assert_str_eq (g_array_index (bands, WbTableOutcome, 0).result, "red");
  ck_assert_int_eq (g_array_index (bands, WbTableOutcome, 0).count, 6);
  ck_assert_str_eq (g_array_index (bands, WbTableOutcome, 1).result, "green");
  ck_assert_int_eq (g_array_index (bands, WbTableOutcome, 1).count, 12);
  ck_assert_int_eq (none, 18);
}
END_TEST

START_TEST (test_monotonicity)
{
  /* The 2-1 column gives Ae on 1 where 1-1 gave Dr: worse for the attacker. */
  static const char * const cols[] = { "1-1", "2-1", "3-1", NULL };
  static const char * const rows[] = {
    "1 1 Dr Ae De", "2 3 Ar Dr De", "4 6 Ar Dr Dr", NULL };
  g_autoptr(WbTable) t = make_table (WB_TABLE_ODDS, "1d6", cols, rows);
  g_autoptr(WbTableStats) stats = wb_table_stats_new (t, NULL);
  WbColumnStats *c0 = stats->columns->pdata[0];
  WbColumnStats *c1 = stats->columns->pdata[1];
  WbColumnStats *c2 = stats->columns->pdata[2];

  /* Scores: 1-1 = ½·⅙ − ½·⅚ = −⅓; 2-1 = −⅙ + ½·⅚ = ¼; 3-1 = ½ + ½·½ = ¾. */
  ck_assert_prob (c0->score, -1, 3);
  ck_assert_prob (c1->score, 1, 4);
  ck_assert_prob (c2->score, 3, 4);
  ck_assert_int_eq (stats->n_flagged, 0);

  /* Now make 3-1 worse than 2-1: Ae on 4-6 (½ − ½ = 0 < ¼). */
  {
    WbTableRow *r = g_ptr_array_index (wb_table_get_rows (t), 2);
    g_autoptr(WbTableStats) s2 = NULL;

    g_free (r->cells->pdata[2]);
    r->cells->pdata[2] = g_strdup ("Ae");
    s2 = wb_table_stats_new (t, NULL);
    ck_assert_int_eq (s2->n_flagged, 1);
    c2 = s2->columns->pdata[2];
    ck_assert (c2->non_monotonic);
    ck_assert_ptr_nonnull (c2->reason);
    ck_assert_ptr_nonnull (strstr (c2->reason, "2-1"));
    ck_assert (!((WbColumnStats *) s2->columns->pdata[1])->non_monotonic);
  }
}
END_TEST

START_TEST (test_compare)
{
  static const char * const cols_a[] = { "1-1", "2-1", NULL };
  static const char * const rows_a[] = { "1 3 Ar Dr", "4 6 Dr De", NULL };
  static const char * const cols_b[] = { "2-1", "3-1", NULL };
  static const char * const rows_b[] = { "1 1 Ae Dr", "2 6 De De", NULL };
  g_autoptr(WbTable) a = make_table (WB_TABLE_ODDS, "1d6", cols_a, rows_a);
  g_autoptr(WbTable) b = make_table (WB_TABLE_ODDS, "1d6", cols_b, rows_b);
  g_autoptr(WbTableStats) sa = wb_table_stats_new (a, NULL);
  g_autoptr(WbTableStats) sb = wb_table_stats_new (b, NULL);
  g_autoptr(GPtrArray) diff = wb_table_stats_compare (sa, sb);
  WbColumnDiff *d;

  ck_assert_int_eq (diff->len, 1);   /* only 2-1 is in both */
  d = diff->pdata[0];
  ck_assert_str_eq (d->label, "2-1");
  ck_assert_int_eq (d->column_a, 1);
  ck_assert_int_eq (d->column_b, 0);
  ck_assert_int_eq (d->diffs->len, 3);   /* Dr, De from a; Ae from b */
  ck_assert_str_eq (g_array_index (d->diffs, WbResultDiff, 0).result, "Dr");
  ck_assert_prob (g_array_index (d->diffs, WbResultDiff, 0).a, 1, 2);
  ck_assert_prob (g_array_index (d->diffs, WbResultDiff, 0).b, 0, 1);
  ck_assert_str_eq (g_array_index (d->diffs, WbResultDiff, 1).result, "De");
  ck_assert_prob (g_array_index (d->diffs, WbResultDiff, 1).a, 1, 2);
  ck_assert_prob (g_array_index (d->diffs, WbResultDiff, 1).b, 5, 6);
  ck_assert_str_eq (g_array_index (d->diffs, WbResultDiff, 2).result, "Ae");
  ck_assert_prob (g_array_index (d->diffs, WbResultDiff, 2).b, 1, 6);
}
END_TEST

START_TEST (test_odds_column)
{
  static const char * const cols[] = { "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1",
                                       "4-1", "5-1", "6-1", NULL };
  static const char * const rows[] = { "1 6 - - - - - - - - - -", NULL };
  g_autoptr(WbTable) t = make_table (WB_TABLE_ODDS, "1d6", cols, rows);
  WbColumnClamp clamp;

  ck_assert_int_eq (wb_table_odds_column (t, 7, 3, FALSE, &clamp), 5);   /* 2-1 */
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_int_eq (wb_table_odds_column (t, 6, 3, FALSE, &clamp), 5);
  ck_assert_int_eq (wb_table_odds_column (t, 5, 3, FALSE, &clamp), 4);   /* 1-1 */
  ck_assert_int_eq (wb_table_odds_column (t, 3, 7, FALSE, &clamp), 2);   /* 1-3 */
  ck_assert_int_eq (wb_table_odds_column (t, 2, 4, FALSE, &clamp), 3);   /* 1-2 */
  ck_assert_int_eq (wb_table_odds_column (t, 2, 5, FALSE, &clamp), 2);   /* 1-3 */
  ck_assert_int_eq (wb_table_odds_column (t, 13, 2, FALSE, &clamp), 9);  /* 6½-1: 6-1 */
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_int_eq (wb_table_odds_column (t, 1, 5, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);

  ck_assert_int_eq (wb_table_odds_column (t, 1, 7, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_odds_column (t, 1, 7, TRUE, &clamp), -1);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_odds_column (t, 14, 2, FALSE, &clamp), 9);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
  ck_assert_int_eq (wb_table_odds_column (t, 14, 2, TRUE, &clamp), -1);
  ck_assert_int_eq (wb_table_odds_column (t, 5, 0, FALSE, &clamp), 9);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
  ck_assert_int_eq (wb_table_odds_column (t, 0, 5, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_odds_column (t, -1, 5, FALSE, &clamp), -1);

  /* A table that stops at 1-2: 1-1 odds are beyond it. */
  {
    static const char * const cols2[] = { "1-3", "1-2", NULL };
    static const char * const rows2[] = { "1 6 - -", NULL };
    g_autoptr(WbTable) t2 = make_table (WB_TABLE_ODDS, "1d6", cols2, rows2);

    ck_assert_int_eq (wb_table_odds_column (t2, 3, 3, FALSE, &clamp), 1);
    ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
    ck_assert_int_eq (wb_table_odds_column (t2, 4, 9, FALSE, &clamp), 0);   /* 1-2¼ → 1-3 */
    ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  }
}
END_TEST

START_TEST (test_differential_column)
{
  static const char * const cols[] = { "-2", "-1", "0", "1", "2", "3", NULL };
  static const char * const rows[] = { "1 3 A1 Ar - Dr D1 D2", "4 6 Ar - Dr D1 D2 De", NULL };
  g_autoptr(WbTable) t = make_table (WB_TABLE_DIFFERENTIAL, "1d6", cols, rows);
  WbColumnClamp clamp;

  ck_assert_int_eq (wb_table_differential_column (t, 5, 5, FALSE, &clamp), 2);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_int_eq (wb_table_differential_column (t, 7, 4, FALSE, &clamp), 5);
  ck_assert_int_eq (wb_table_differential_column (t, 9, 4, FALSE, &clamp), 5);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
  ck_assert_int_eq (wb_table_differential_column (t, 9, 4, TRUE, &clamp), -1);
  ck_assert_int_eq (wb_table_differential_column (t, 1, 6, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_str_eq (wb_table_resolve (t, 3, 2), "Dr");
  ck_assert_str_eq (wb_table_resolve (t, 3, 5), "D1");
  ck_assert_ptr_null (wb_table_resolve (t, 3, 7));
  ck_assert_ptr_null (wb_table_resolve (t, 6, 1));
}
END_TEST

/* The bundled Wilderness CRT (1d6, rows 1-6), 3-1 column read by hand:
 * 1 De, 2 Dr, 3 Dr, 4 Dr, 5 Dr, 6 Ex → De 1/6, Dr 4/6, Ex 1/6. */
START_TEST (test_wilderness_crt)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("WARBENCH_TEST_GAME"));
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbTableStats) stats = NULL;
  WbTable *crt = NULL;
  WbColumnStats *c;
  int col;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < wb_game_get_tables (game)->len; i++)
    if (g_strcmp0 (wb_table_get_id (g_ptr_array_index (wb_game_get_tables (game), i)), "crt") == 0)
      crt = g_ptr_array_index (wb_game_get_tables (game), i);
  ck_assert_ptr_nonnull (crt);

  col = wb_table_odds_column (crt, 10, 3, FALSE, NULL);
  ck_assert_str_eq (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (crt), col))->label,
                    "3-1");
  stats = wb_table_stats_new (crt, &error);
  ck_assert_ptr_nonnull (stats);
  c = stats->columns->pdata[col];
  ck_assert_int_eq (stats->dice->total, 6);
  ck_assert_int_eq (wb_column_stats_count (c, "De"), 1);
  ck_assert_int_eq (wb_column_stats_count (c, "Dr"), 4);
  ck_assert_int_eq (wb_column_stats_count (c, "Ex"), 1);
  ck_assert_int_eq (c->outcomes->len, 3);
  ck_assert_int_eq (c->uncovered, 0);
  ck_assert (c->effects_known);
  ck_assert_prob (c->expected.defender_eliminated, 2, 6);
  ck_assert_prob (c->expected.attacker_eliminated, 1, 12);
  ck_assert_prob (c->expected.defender_retreat, 4, 6);
  /* The published table is monotonic under the scoring. */
  ck_assert_int_eq (stats->n_flagged, 0);
  ck_assert_str_eq (wb_table_resolve (crt, col, 6), "Ex");
}
END_TEST

static Suite *
table_analysis_suite (void)
{
  Suite *s = suite_create ("table-analysis");
  TCase *tc = tcase_create ("core");

  tcase_add_test (tc, test_dice);
  tcase_add_test (tc, test_column_probabilities);
  tcase_add_test (tc, test_codes);
  tcase_add_test (tc, test_fire_bands);
  tcase_add_test (tc, test_monotonicity);
  tcase_add_test (tc, test_compare);
  tcase_add_test (tc, test_odds_column);
  tcase_add_test (tc, test_differential_column);
  tcase_add_test (tc, test_wilderness_crt);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (table_analysis_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
