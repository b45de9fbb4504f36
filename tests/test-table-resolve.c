/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-table-resolve"
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* The table rules of file format 6 (core/wb-format-read-table.c,
 * core/wb-table-resolve.c): reading and writing them, clear errors with
 * their JSON path, and the engine-facing resolution of each — ends, column
 * shifts with groups, the colored/white die, dice pools, unknown cells,
 * code effects — against cases computed by hand from the rulebooks. */

#define ck_assert_close(got, want) \
  ck_assert_msg (fabs ((got) - (want)) < 1e-12, "expected %.15g, got %.15g", (double) (want), (double) (got))

/* The minimal test game with its tables replaced by @tables (a JSON array). */
static char *
game_with_tables (const char *tables)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  g_autofree char *text = NULL;
  const char *start, *end;
  GString *out;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  start = strstr (text, "\"tables\": [");
  ck_assert_ptr_nonnull (start);
  end = strstr (start, "\n  ],\n");
  ck_assert_ptr_nonnull (end);
  out = g_string_new_len (text, start - text);
  g_string_append (out, "\"tables\": ");
  g_string_append (out, tables);
  g_string_append (out, end + strlen ("\n  ]"));
  return g_string_free (out, FALSE);
}

static WbGame *
load_tables (const char *tables, GError **error)
{
  g_autofree char *text = game_with_tables (tables);
  return wb_game_load_from_data (text, -1, "tables.warbench", error);
}

/* Loading @tables fails with a message holding @path and @words. */
static void
assert_refused (const char *tables, const char *path, const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (tables, &error);

  ck_assert_msg (game == NULL, "loaded: %s", tables);
  ck_assert_msg (strstr (error->message, path) != NULL, "no path %s in: %s", path, error->message);
  ck_assert_msg (strstr (error->message, words) != NULL, "no “%s” in: %s", words, error->message);
}

/* Blind Swords style: a fire table read as d66 with named shifts, normal
 * fire refused beyond the left end, defensive fire clamped (9.3). */
static const char *fire_tables =
  "[{\"id\": \"crt\", \"name\": \"CRT\", \"kind\": \"fire\", \"dice\": \"d66\","
  " \"ends\": {\"left\": \"refuse\", \"right\": \"clamp\", \"defensive_left\": \"clamp\"},"
  " \"modifiers\": ["
  "  {\"id\": \"light-woods\", \"text\": \"Target in Light Woods\", \"columns\": -1, \"applies\": \"fire\"},"
  "  {\"id\": \"heavy-woods\", \"text\": \"Target in Heavy Woods\", \"columns\": -2, \"applies\": \"fire\"},"
  "  {\"id\": \"flanking\", \"text\": \"Flanking Fire\", \"columns\": 1, \"applies\": \"fire\"},"
  "  {\"id\": \"odds-3-1\", \"text\": \"3:1\", \"columns\": 3, \"group\": \"odds\", \"applies\": \"close\"},"
  "  {\"id\": \"odds-2-1\", \"text\": \"2:1\", \"columns\": 2, \"group\": \"odds\", \"applies\": \"close\"},"
  "  {\"id\": \"odds-1-2\", \"text\": \"1:2\", \"columns\": -2, \"group\": \"odds\", \"applies\": \"close\"}],"
  " \"columns\": [{\"label\": \"C\", \"lo\": 0.5, \"hi\": 0.5}, {\"label\": \"1\", \"lo\": 1, \"hi\": 1},"
  "  {\"label\": \"2\", \"lo\": 2, \"hi\": 2}, {\"label\": \"3\", \"lo\": 3, \"hi\": 3}],"
  " \"rows\": [{\"label\": \"11-56\", \"lo\": 11, \"hi\": 56, \"cells\": [\"-\", \"-\", \"?\", \"?\"]},"
  "  {\"label\": \"61-62\", \"lo\": 61, \"hi\": 62, \"cells\": [\"-\", \"green:0-1 yellow:2-4\", \"?\", \"?\"]},"
  "  {\"label\": \"63-66\", \"lo\": 63, \"hi\": 66, \"cells\": [\"green:0\", \"?\", \"?\", \"?\"]}],"
  " \"codes\": [{\"code\": \"green\", \"name\": \"Routine\", \"effect\": {\"test\": \"depletion\", \"column\": \"Routine\"}}]},"
  " {\"id\": \"depletion\", \"name\": \"Depletion\", \"kind\": \"roll\", \"dice\": \"1d6\", \"read\": \"colored\", \"pair\": \"skedaddle\","
  "  \"columns\": [{\"label\": \"Routine\"}], \"rows\": [{\"label\": \"1-5\", \"lo\": 1, \"hi\": 5, \"cells\": [\"-\"]},"
  "  {\"label\": \"6\", \"lo\": 6, \"cells\": [\"D\"]}],"
  "  \"codes\": [{\"code\": \"D\", \"name\": \"Deplete\", \"effect\": {\"defender_steps\": 1}}]},"
  " {\"id\": \"skedaddle\", \"name\": \"Skedaddle\", \"kind\": \"roll\", \"dice\": \"1d6\", \"read\": \"white\", \"pair\": \"depletion\","
  "  \"columns\": [{\"label\": \"Routine\"}], \"rows\": [{\"label\": \"1-4\", \"lo\": 1, \"hi\": 4, \"cells\": [\"-\"]},"
  "  {\"label\": \"5-6\", \"lo\": 5, \"hi\": 6, \"cells\": [\"MH R2\"]}],"
  "  \"codes\": [{\"code\": \"MH R2\", \"name\": \"Morale Hit, retreat 2\", \"effect\": {\"defender_morale\": 1, \"defender_retreat\": 2}}]}]";

START_TEST (test_fire_shifts_and_ends)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (fire_tables, &error);
  WbTable *crt, *dep, *sked;
  WbColumnClamp clamp;
  WbModifierTotal total;
  const char *fire_ids[] = { "light-woods", "flanking", NULL };
  const char *odds_ids[] = { "odds-2-1", "odds-3-1", NULL };
  const char *bad_ids[] = { "no-such", NULL };
  int throw_62[] = { 6, 2 };

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  crt = wb_game_find_table (game, "crt");
  dep = wb_game_find_table (game, "depletion");
  sked = wb_game_find_table (game, "skedaddle");

  /* 9.3's example: 3 SP shifted two columns left for an obscured LOS is
   * the "1" column; colored 6 and white 2 read "62" in the 61-62 row. */
  ck_assert_int_eq (wb_table_shift_column (crt, 3, -2, FALSE, &clamp), 1);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_int_eq (wb_table_throw_value (crt, throw_62, 2), 62);
  ck_assert_str_eq (wb_table_resolve (crt, 1, 62), "green:0-1 yellow:2-4");
  /* A lead unit's CR in no band: no effect; in a band, that band's test.
   * (The rulebook's example values are "for example purposes only" and do
   * not agree with each other: only the mechanism is tested.) */
  ck_assert_ptr_null (wb_fire_cell_band (wb_table_resolve (crt, 1, 62), 5));
  ck_assert_str_eq (wb_fire_cell_band (wb_table_resolve (crt, 1, 62), 3), "yellow");

  /* Beyond the left of C: normal fire is ignored, defensive fire is on C;
   * beyond the right end the last column. */
  ck_assert_int_eq (wb_table_shift_column (crt, 1, -2, FALSE, &clamp), -1);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_shift_column (crt, 1, -2, TRUE, &clamp), 0);
  ck_assert_int_eq (wb_table_shift_column (crt, 2, 5, FALSE, &clamp), 3);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);

  /* Shifts add up; of a group only the largest counts (only one odds
   * shift applies in a close combat). */
  ck_assert (wb_table_modifiers_total (crt, fire_ids, &total, NULL));
  ck_assert_int_eq (total.columns, 0);
  ck_assert (wb_table_modifiers_total (crt, odds_ids, &total, NULL));
  ck_assert_int_eq (total.columns, 3);
  ck_assert (!wb_table_modifiers_total (crt, bad_ids, &total, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "no-such"));
  g_clear_error (&error);

  /* A cohesion test reads the colored die on one table and the white die
   * on its pair, from one throw. */
  {
    int throw_65[] = { 6, 5 };
    ck_assert_str_eq (wb_table_resolve (dep, 0, wb_table_throw_value (dep, throw_65, 2)), "D");
    ck_assert_str_eq (wb_table_resolve (sked, 0, wb_table_throw_value (sked, throw_65, 2)), "MH R2");
    ck_assert_str_eq (wb_table_get_pair (dep), "skedaddle");
  }

  /* Unknown cells: the engine sees "?"; the analysis counts them apart. */
  ck_assert (wb_table_cell_is_unknown (wb_table_resolve (crt, 2, 11)));
  ck_assert (!wb_table_cell_is_unknown ("-"));
  {
    g_autoptr(WbTableStats) stats = wb_table_stats_new (crt, &error);
    const WbColumnStats *c1 = g_ptr_array_index (stats->columns, 1);
    const WbColumnStats *c2 = g_ptr_array_index (stats->columns, 2);

    ck_assert_ptr_nonnull (stats);
    ck_assert_uint_eq (stats->dice->total, 36);
    /* "1": 61-66 unknown except 61-62 → 4 of 36 throws unknown. */
    ck_assert_uint_eq (c1->unknown, 4);
    ck_assert_uint_eq (wb_column_stats_count (c1, "green:0-1 yellow:2-4"), 2);
    ck_assert_uint_eq (c2->unknown, 36);
  }

  /* Code effects come from the table: "MH R2" is a morale hit and a
   * two-hex retreat; the analysis counts it. */
  {
    g_autoptr(WbTableStats) stats = wb_table_stats_new (sked, &error);
    const WbColumnStats *c = g_ptr_array_index (stats->columns, 0);
    ck_assert (c->effects_known);
    ck_assert_close (c->expected.defender_morale, 2.0 / 6.0);
    ck_assert_close (c->expected.defender_retreat, 4.0 / 6.0);
    /* Per throw: a retreat of any length ½, a morale hit ⅛. */
    ck_assert_close (c->score, 2.0 / 6.0 * (0.5 + 0.125));
  }
}
END_TEST

/* The ends of a table are exact columns: a shift that lands on the first
 * or last column reads that column, and only a shift one column further is
 * clamped (or refused, where that end refuses). A player relies on a 2-1
 * shifted one right reading 3-1, and shifted two right still reading 3-1,
 * never a column the table does not have. */
START_TEST (test_shift_one_past_the_ends)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (
    "[{\"id\": \"crt\", \"kind\": \"odds\", \"dice\": \"1d6\", \"ends\": {\"left\": \"clamp\", \"right\": \"clamp\"},"
    " \"columns\": [{\"label\": \"1-2\", \"lo\": 1, \"hi\": 2}, {\"label\": \"1-1\", \"lo\": 1, \"hi\": 1},"
    "  {\"label\": \"2-1\", \"lo\": 2, \"hi\": 1}, {\"label\": \"3-1\", \"lo\": 3, \"hi\": 1}],"
    " \"rows\": [{\"label\": \"1-6\", \"lo\": 1, \"hi\": 6, \"cells\": [\"Ae\", \"Ar\", \"Dr\", \"De\"]}]}]",
    &error);
  g_autoptr(WbGame) fire_game = load_tables (fire_tables, NULL);
  WbTable *crt, *fire;
  WbColumnClamp clamp;
  int column;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  crt = wb_game_find_table (game, "crt");
  fire = wb_game_find_table (fire_game, "crt");

  /* 8 to 4 is 2-1: one right is the last column, exactly. */
  column = wb_table_combat_column (crt, 8, 4, &clamp);
  ck_assert_int_eq (column, 2);
  ck_assert_int_eq (wb_table_shift_column (crt, column, 1, FALSE, &clamp), 3);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_str_eq (wb_table_resolve (crt, 3, 4), "De");
  /* One column past the end: clamped to the last column, the same result. */
  column = wb_table_shift_column (crt, column, 2, FALSE, &clamp);
  ck_assert_int_eq (column, 3);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
  ck_assert_str_eq (wb_table_resolve (crt, (guint) column, 4), "De");
  ck_assert_int_eq (wb_table_shift_column (crt, 3, 1, FALSE, &clamp), 3);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);

  /* 4 to 4 is 1-1: one left is the first column, exactly; one column
   * before it is clamped to the first. */
  column = wb_table_combat_column (crt, 4, 4, &clamp);
  ck_assert_int_eq (column, 1);
  ck_assert_int_eq (wb_table_shift_column (crt, column, -1, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  column = wb_table_shift_column (crt, column, -2, FALSE, &clamp);
  ck_assert_int_eq (column, 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_str_eq (wb_table_resolve (crt, (guint) column, 4), "Ae");
  ck_assert_int_eq (wb_table_shift_column (crt, 0, -1, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);

  /* Where the left end refuses (Blind Swords' normal fire), landing on
   * the first column is still a fire on it; one column before is refused,
   * or clamped to it for defensive fire. */
  ck_assert_int_eq (wb_table_shift_column (fire, 1, -1, FALSE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_str_eq (wb_table_resolve (fire, 0, 63), "green:0");
  ck_assert_int_eq (wb_table_shift_column (fire, 0, -1, FALSE, &clamp), -1);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_shift_column (fire, 0, -1, TRUE, &clamp), 0);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  /* Its right end clamps: exactly the last column, then one past it. */
  ck_assert_int_eq (wb_table_shift_column (fire, 2, 1, FALSE, &clamp), 3);
  ck_assert_int_eq (clamp, WB_COLUMN_EXACT);
  ck_assert_int_eq (wb_table_shift_column (fire, 2, 2, FALSE, &clamp), 3);
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
}
END_TEST

/* A fire table whose target's cover is one group of modifiers: of those
 * in force only one counts, the largest; two of the same size are a tie
 * the table's order settles — the first listed applies, whatever order
 * the player names them in. @first and @second are the two cover
 * modifiers of size 1 in the order listed; a fort (size 2) comes last. */
static char *
cover_tables (const char *first, const char *second)
{
  return g_strconcat ("[{\"id\": \"fire\", \"name\": \"Fire\", \"kind\": \"fire\", \"dice\": \"1d6\","
                      " \"modifiers\": [", first, ", ", second, ","
                      "  {\"id\": \"fort\", \"text\": \"Target in a fort\", \"columns\": -2, \"group\": \"cover\"},"
                      "  {\"id\": \"flank\", \"text\": \"Flanking fire\", \"columns\": 1}],"
                      " \"columns\": [{\"label\": \"1\", \"lo\": 1, \"hi\": 1}, {\"label\": \"2\", \"lo\": 2, \"hi\": 2},"
                      "  {\"label\": \"3\", \"lo\": 3, \"hi\": 3}],"
                      " \"rows\": [{\"label\": \"1-4\", \"lo\": 1, \"hi\": 4, \"cells\": [\"-\", \"-\", \"D\"]},"
                      "  {\"label\": \"5-6\", \"lo\": 5, \"hi\": 6, \"cells\": [\"D\", \"DD\", \"DDD\"]}]}]", NULL);
}

START_TEST (test_modifier_group_tie)
{
  static const char *wall = "{\"id\": \"wall\", \"text\": \"Behind a stone wall\", \"columns\": -1, \"group\": \"cover\"}";
  static const char *woods = "{\"id\": \"woods\", \"text\": \"Target in woods\", \"roll\": -1, \"group\": \"cover\"}";
  const char *wall_woods[] = { "wall", "woods", NULL };
  const char *woods_wall[] = { "woods", "wall", NULL };
  const char *all[] = { "woods", "flank", "wall", "fort", NULL };
  g_autofree char *wall_first = cover_tables (wall, woods);
  g_autofree char *woods_first = cover_tables (woods, wall);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) a = load_tables (wall_first, &error);
  g_autoptr(WbGame) b = NULL;
  WbModifierTotal total;
  WbTable *fire;

  ck_assert_msg (a != NULL, "%s", error ? error->message : "");
  b = load_tables (woods_first, &error);
  ck_assert_msg (b != NULL, "%s", error ? error->message : "");

  /* The wall listed first: a target behind a wall in woods is shifted a
   * column left, the roll unchanged — in either order named. Fired on in
   * column 2 with a 5: column 1, "D". */
  fire = wb_game_find_table (a, "fire");
  ck_assert (wb_table_modifiers_total (fire, wall_woods, &total, NULL));
  ck_assert_int_eq (total.columns, -1);
  ck_assert_int_eq (total.roll, 0);
  ck_assert (wb_table_modifiers_total (fire, woods_wall, &total, NULL));
  ck_assert_int_eq (total.columns, -1);
  ck_assert_int_eq (total.roll, 0);
  ck_assert_str_eq (wb_table_resolve (fire, (guint) wb_table_shift_column (fire, 1, total.columns, FALSE, NULL),
                                      5 + total.roll), "D");

  /* The woods listed first: the roll is one less, the column unchanged:
   * column 2 with a 4, no effect. */
  fire = wb_game_find_table (b, "fire");
  ck_assert (wb_table_modifiers_total (fire, wall_woods, &total, NULL));
  ck_assert_int_eq (total.columns, 0);
  ck_assert_int_eq (total.roll, -1);
  ck_assert (wb_table_modifiers_total (fire, woods_wall, &total, NULL));
  ck_assert_int_eq (total.columns, 0);
  ck_assert_int_eq (total.roll, -1);
  ck_assert_str_eq (wb_table_resolve (fire, (guint) wb_table_shift_column (fire, 1, total.columns, FALSE, NULL),
                                      5 + total.roll), "-");

  /* A larger cover wins over both, though listed last; a modifier of no
   * group adds to it. */
  ck_assert (wb_table_modifiers_total (fire, all, &total, NULL));
  ck_assert_int_eq (total.columns, -2 + 1);
  ck_assert_int_eq (total.roll, 0);
}
END_TEST

START_TEST (test_round_trip)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (fire_tables, &error);
  g_autofree char *saved = NULL, *again = NULL;
  g_autoptr(WbGame) reloaded = NULL;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (saved);
  ck_assert_ptr_nonnull (strstr (saved, "\"ends\": {\"left\": \"refuse\", \"right\": \"clamp\", \"defensive_left\": \"clamp\"}"));
  ck_assert_ptr_nonnull (strstr (saved, "\"read\": \"colored\""));
  ck_assert_ptr_nonnull (strstr (saved, "{\"id\": \"odds-3-1\", \"text\": \"3:1\", \"columns\": 3, \"group\": \"odds\", \"applies\": \"close\"}"));
  ck_assert_ptr_nonnull (strstr (saved, "\"effect\": {\"defender_retreat\": 2, \"defender_morale\": 1}"));
  reloaded = wb_game_load_from_data (saved, -1, "saved.warbench", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  again = wb_game_to_data (reloaded, NULL);
  ck_assert_str_eq (saved, again);
}
END_TEST

/* Blue & Gray Campaign Series: dice per unit, a hit on each 6, +2 dice in
 * a fortified city line, −1 die across a river in the first round. */
static const char *bg_pool =
  "[{\"id\": \"battle\", \"name\": \"Battle Dice\", \"kind\": \"dice_pool\","
  " \"pool\": {\"sides\": 6, \"hit\": \">=6\"},"
  " \"modifiers\": [{\"id\": \"fortress\", \"text\": \"Fortified City Line\", \"dice\": 2},"
  "  {\"id\": \"river\", \"text\": \"River or mountain, first round\", \"dice\": -1, \"applies\": \"first_round\"}],"
  " \"columns\": [{\"label\": \"Dice\"}],"
  " \"rows\": [{\"label\": \"1-2\", \"lo\": 1, \"hi\": 2, \"cells\": [\"1\"]},"
  "  {\"label\": \"3-4\", \"lo\": 3, \"hi\": 4, \"cells\": [\"2\"]},"
  "  {\"label\": \"5-6\", \"lo\": 5, \"hi\": 6, \"cells\": [\"4\"]},"
  "  {\"label\": \"7+\", \"lo\": 7, \"hi\": 20, \"cells\": [\"?\"]}]},"
  /* Columbia: a block rolls its strength in dice, hitting on a roll at
   * most its firepower (C2: 1-2); C2=C1 across a ford. */
  " {\"id\": \"firepower\", \"name\": \"Firepower\", \"kind\": \"dice_pool\","
  " \"pool\": {\"sides\": 6, \"hit\": \"<=column\"},"
  " \"modifiers\": [{\"id\": \"ford\", \"text\": \"Across a ford, first round\", \"target\": -1}],"
  " \"columns\": [{\"label\": \"1\", \"lo\": 1, \"hi\": 1}, {\"label\": \"2\", \"lo\": 2, \"hi\": 2}, {\"label\": \"3\", \"lo\": 3, \"hi\": 3}],"
  " \"rows\": [{\"label\": \"1\", \"lo\": 1, \"cells\": [\"1\", \"1\", \"1\"]},"
  "  {\"label\": \"2\", \"lo\": 2, \"cells\": [\"2\", \"2\", \"2\"]},"
  "  {\"label\": \"3\", \"lo\": 3, \"cells\": [\"3\", \"3\", \"3\"]},"
  "  {\"label\": \"4\", \"lo\": 4, \"cells\": [\"4\", \"4\", \"4\"]}]}]";

START_TEST (test_dice_pools)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (bg_pool, &error);
  WbTable *battle, *fp;
  WbModifierTotal total;
  const char *fortress[] = { "fortress", NULL };
  const char *river[] = { "river", NULL };
  const char *ford[] = { "ford", NULL };
  int rolls[] = { 6, 3, 6, 1, 2, 5 };
  int lo, hi;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  battle = wb_game_find_table (game, "battle");
  fp = wb_game_find_table (game, "firepower");

  /* "A 6 SP unit would roll 4 dice"; across a river 3 in the first round. */
  ck_assert_int_eq (wb_table_pool_dice (battle, 6, 0, 0), 4);
  ck_assert (wb_table_modifiers_total (battle, river, &total, NULL));
  ck_assert_int_eq (wb_table_pool_dice (battle, 6, 0, total.dice), 3);
  ck_assert (wb_table_modifiers_total (battle, fortress, &total, NULL));
  ck_assert_int_eq (wb_table_pool_dice (battle, 6, 0, total.dice), 6);
  ck_assert_int_eq (wb_table_pool_dice (battle, 1, 0, -5), 0);
  ck_assert_int_eq (wb_table_pool_dice (battle, 9, 0, 0), -1);    /* "?" */
  ck_assert_int_eq (wb_table_pool_dice (battle, 30, 0, 0), -1);   /* no row */
  /* Hits on each 6: 6, 3, 6, 1 → 2. */
  ck_assert_int_eq (wb_table_pool_hits (battle, 0, 0, rolls, 4), 2);
  ck_assert (wb_table_pool_hit_faces (battle, 0, 0, &lo, &hi));
  ck_assert_int_eq (lo, 6);
  ck_assert_int_eq (hi, 6);

  /* Columbia: a 3-step C2 block rolls 3 dice, hitting on 1-2: 6, 3, 6 → 0,
   * then 1, 2, 5 → 2; across a ford C2=C1 → 1. */
  ck_assert_int_eq (wb_table_pool_dice (fp, 3, 1, 0), 3);
  ck_assert_int_eq (wb_table_pool_hits (fp, 1, 0, rolls, 3), 0);
  ck_assert_int_eq (wb_table_pool_hits (fp, 1, 0, rolls + 3, 3), 2);
  ck_assert (wb_table_modifiers_total (fp, ford, &total, NULL));
  ck_assert_int_eq (wb_table_pool_hits (fp, 1, total.target, rolls + 3, 3), 1);
  /* A1 across a ford hits on nothing. */
  ck_assert (!wb_table_pool_hit_faces (fp, 0, total.target, &lo, &hi));

  /* Exact analysis: 4 dice hitting on 6 → 4/6 hits expected, at least one
   * hit 1 − (5/6)^4 = 671/1296. */
  {
    g_autoptr(WbTableStats) stats = wb_table_stats_new (battle, &error);
    const WbColumnStats *c = g_ptr_array_index (stats->columns, 0);
    double dist[5];

    ck_assert_ptr_nonnull (stats);
    ck_assert_int_eq (c->pool_dice[2], 4);
    ck_assert_close (c->pool_expected_hits[2], 4.0 / 6.0);
    ck_assert_close (c->pool_any_hit[2], 671.0 / 1296.0);
    ck_assert_int_eq (c->pool_dice[3], -1);
    wb_pool_hit_distribution (4, 1, 6, dist);
    ck_assert_close (dist[0], 625.0 / 1296.0);
    ck_assert_close (dist[1], 500.0 / 1296.0);
    ck_assert_close (dist[2], 150.0 / 1296.0);
    ck_assert_close (dist[3], 20.0 / 1296.0);
    ck_assert_close (dist[4], 1.0 / 1296.0);
  }
  {
    g_autoptr(WbTableStats) stats = wb_table_stats_new (fp, &error);
    const WbColumnStats *c3 = g_ptr_array_index (stats->columns, 2);
    /* B3 with 4 steps: 4 × 3/6 = 2 hits expected. */
    ck_assert_close (c3->pool_expected_hits[3], 2.0);
  }
}
END_TEST

/* SPI: odds below 1-5 are refused, above 6-1 treated as 6-1 (in the file's
 * `ends`); codes with their effects from the file. */
START_TEST (test_odds_ends_and_effects)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_tables (
    "[{\"id\": \"crt\", \"kind\": \"odds\", \"dice\": \"1d6\", \"ends\": {\"left\": \"refuse\", \"right\": \"clamp\"},"
    " \"columns\": [{\"label\": \"1-5\", \"lo\": 1, \"hi\": 5}, {\"label\": \"1-1\", \"lo\": 1, \"hi\": 1},"
    "  {\"label\": \"6-1\", \"lo\": 6, \"hi\": 1}],"
    " \"rows\": [{\"label\": \"1-3\", \"lo\": 1, \"hi\": 3, \"cells\": [\"Ae\", \"Ex\", \"De\"]},"
    "  {\"label\": \"4-6\", \"lo\": 4, \"hi\": 6, \"cells\": [\"Ar\", \"Dr\", \"De\"]}],"
    " \"codes\": [{\"code\": \"Dr\", \"name\": \"Defender Retreats\", \"effect\": {\"defender_retreat\": 1}},"
    "  {\"code\": \"Ex\", \"name\": \"Exchange\", \"effect\": {\"exchange\": true}}]},"
    " {\"id\": \"tec\", \"name\": \"Terrain Effects\", \"kind\": \"chart\","
    " \"columns\": [{\"label\": \"Movement\"}, {\"label\": \"Combat\"}],"
    " \"rows\": [{\"label\": \"Clear\", \"cells\": [\"1\", \"-\"]}, {\"label\": \"Forest\", \"cells\": [\"2\", \"x2\"]}]}]",
    &error);
  WbTable *crt, *tec;
  WbColumnClamp clamp;
  WbCodeEffect e;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  crt = wb_game_find_table (game, "crt");
  tec = wb_game_find_table (game, "tec");
  ck_assert_int_eq (wb_table_combat_column (crt, 1, 6, &clamp), -1);   /* 1-6 */
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_LOW);
  ck_assert_int_eq (wb_table_combat_column (crt, 2, 10, &clamp), 0);   /* 1-5 */
  ck_assert_int_eq (wb_table_combat_column (crt, 5, 4, &clamp), 1);    /* 1.25 → 1-1 */
  ck_assert_int_eq (wb_table_combat_column (crt, 40, 3, &clamp), 2);   /* 13-1 → 6-1 */
  ck_assert_int_eq (clamp, WB_COLUMN_CLAMPED_HIGH);
  /* "exchange": true alone counts as the standard exchange. */
  ck_assert (wb_table_code_effect (crt, "Ex", &e));
  ck_assert (e.exchange);
  ck_assert_close (e.defender_eliminated, 1.0);
  ck_assert_close (e.attacker_eliminated, 0.5);

  /* A chart has no dice and no analysis, but round-trips. */
  ck_assert_ptr_null (wb_table_get_dice (tec));
  ck_assert_str_eq (wb_table_lookup (tec, 0, 1), "-");
  ck_assert_ptr_null (wb_table_stats_new (tec, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "chart"));
  g_clear_error (&error);
  {
    g_autofree char *saved = wb_game_to_data (game, NULL);
    ck_assert_ptr_nonnull (strstr (saved, "{\"label\": \"Forest\", \"cells\": [\"2\", \"x2\"]}"));
    ck_assert_ptr_nonnull (strstr (saved, "\"kind\": \"chart\",\n"));
    ck_assert_ptr_null (strstr (saved, "\"kind\": \"chart\",\n      \"dice\""));
  }
}
END_TEST

START_TEST (test_errors)
{
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"ends\": {\"left\": \"wrap\"}, \"columns\": [], \"rows\": []}]",
                  "$.tables[0].ends.left", "clamp or refuse");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"pool\": {\"sides\": 6, \"hit\": \">=6\"}, \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pool", "dice_pool");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"dice_pool\", \"pool\": {\"sides\": 6, \"hit\": \"6\"}, \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pool.hit", ">=N");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"dice_pool\", \"pool\": {\"sides\": 6, \"hit\": \">=7\"}, \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pool.hit", "d6");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"dice_pool\", \"pool\": {\"sides\": 6, \"hit\": \">=6\"},"
                  " \"columns\": [{\"label\": \"D\"}], \"rows\": [{\"label\": \"1\", \"lo\": 1, \"cells\": [\"four\"]}]}]",
                  "$.tables[0].rows[0].cells[0]", "number of dice");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"chart\", \"dice\": \"1d6\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].dice", "chart");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"read\": \"red\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].read", "colored or white");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"dice\": \"2d6\", \"read\": \"white\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].read", "1d6");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"pair\": \"u\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pair", "colored or the white");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"read\": \"white\", \"pair\": \"u\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pair", "no table");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"read\": \"white\", \"pair\": \"u\", \"columns\": [], \"rows\": []},"
                  " {\"id\": \"u\", \"kind\": \"roll\", \"read\": \"white\", \"pair\": \"t\", \"columns\": [], \"rows\": []}]",
                  "$.tables[0].pair", "other die");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"modifiers\": [{\"id\": \"a\", \"columns\": 1}, {\"id\": \"a\"}],"
                  " \"columns\": [], \"rows\": []}]",
                  "$.tables[0].modifiers[1].id", "another modifier");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"modifiers\": [{\"id\": \"a\", \"columns\": 1000}],"
                  " \"columns\": [], \"rows\": []}]",
                  "$.tables[0].modifiers[0].columns", "");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [], \"rows\": [],"
                  " \"codes\": [{\"code\": \"D\", \"effect\": {\"defender_eliminated\": 2}}]}]",
                  "$.tables[0].codes[0].effect.defender_eliminated", "");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [], \"rows\": [],"
                  " \"codes\": [{\"code\": \"D\", \"effect\": {\"kills\": 1}}]}]",
                  "$.tables[0].codes[0].effect", "kills");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [], \"rows\": [],"
                  " \"codes\": [{\"code\": \"D\"}, {\"code\": \"D\"}]}]",
                  "$.tables[0].codes[1].code", "twice");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [{\"label\": \"x\"}], \"rows\": [{\"label\": \"a\", \"cells\": [\"1\"]}]}]",
                  "$.tables[0].rows[0]", "lo");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [], \"rows\": [],"
                  " \"codes\": [{\"code\": \"D\", \"effect\": {\"test\": \"nope\"}}]}]",
                  "$.tables[0].codes[0].effect.test", "no table");
  assert_refused ("[{\"id\": \"t\", \"kind\": \"roll\", \"columns\": [{\"label\": \"Routine\"}], \"rows\": [],"
                  " \"codes\": [{\"code\": \"D\", \"effect\": {\"test\": \"t\", \"column\": \"Severe\"}}]}]",
                  "$.tables[0].codes[0].effect.column", "no column");
}
END_TEST

/* The fixture with every table member of format 6 loads, saves byte for
 * byte as it is, and means what it says. */
START_TEST (test_fixture)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "tables.warbench", NULL);
  g_autofree char *text = NULL, *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  WbTable *fire, *firepower;
  const WbResultCode *green;
  const char *ids[] = { "ford", "cap", NULL };
  WbModifierTotal total;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  game = wb_game_load_from_data (text, -1, "tables.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  saved = wb_game_to_data (game, NULL);
  ck_assert_str_eq (saved, text);
  fire = wb_game_find_table (game, "fire");
  green = wb_table_find_code (fire, "green");
  ck_assert_str_eq (green->test, "depletion");
  ck_assert_str_eq (green->test_column, "Routine");
  firepower = wb_game_find_table (game, "firepower");
  ck_assert (wb_table_modifiers_total (firepower, ids, &total, NULL));
  ck_assert_int_eq (total.target, -1);
  ck_assert_int_eq (total.roll, 1);
  ck_assert_int_eq (wb_table_pool_dice (firepower, 2, 1, 0), 0);   /* "-" */
  ck_assert_int_eq (wb_table_get_kind (wb_game_find_table (game, "tec")), WB_TABLE_CHART);
}
END_TEST

static Suite *
table_resolve_suite (void)
{
  Suite *s = suite_create ("table-resolve");
  TCase *tc = tcase_create ("core");

  tcase_add_test (tc, test_fire_shifts_and_ends);
  tcase_add_test (tc, test_shift_one_past_the_ends);
  tcase_add_test (tc, test_modifier_group_tie);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_dice_pools);
  tcase_add_test (tc, test_odds_ends_and_effects);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_fixture);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (table_resolve_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
