/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-spi-general"
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"
#include "rules/spi/wb-spi-private.h"
#include "play-common.h"

/* The SPI hex family beyond the Wilderness, each behaviour chosen by the
 * game's data, played through wb_play_act as the play window plays it:
 * the CRT's own dice (2d6 rolls 2 to 12), odds and differential tables
 * and their rounding, separate attack and defence strengths, a unit's own
 * Movement Allowance, a bridge cancelling a river's cost, the four kinds
 * of zones of control, voluntary combat, retreats of two hexes, more than
 * eight objectives, and the Wilderness's other parameters switched off.
 * Most of it on tests/data/river-crossing.warbench, a designer's game
 * written from the docs (pointy-topped hexes numbered letter-number, C07,
 * a river between rows 04 and 05 bridged at C04/D05 and H04/H05, units
 * printed attack-defence-movement), whose whole automatic games are
 * played and replayed. */

static WbGame *
load (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbGame *
river_crossing (void)
{
  return load ("tests/data", "river-crossing.warbench");
}

static WbGame *
wilderness (void)
{
  return load ("data/games", "battle-of-the-wilderness.warbench");
}

/* Sets rules.params.@member to the JSON value @json. */
static void
set_param (WbGame *game, const char *member, const char *json)
{
  JsonObject *params = json_node_get_object (wb_game_get_rules (game)->params);
  g_autoptr(GError) error = NULL;
  JsonNode *value = json_from_string (json, &error);

  ck_assert_msg (value != NULL, "%s", error ? error->message : "");
  json_object_set_member (params, member, value);
}

static WbPlay *
new_play (WbGame *game, const char *scenario, const char * const *options, gboolean physical)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new_full (game, NULL, scenario, options, 1, physical, NULL, &error);

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  return play;
}

static void
put (WbPlay *play, const char *unit, const char *hex)
{
  g_autofree char *json = g_strdup_printf ("{\"type\": \"override_move\", \"unit\": \"%s\", "
                                           "\"to\": {\"hex\": \"%s\"}}", unit, hex);
  play_ok (play, json);
}

/* Every unit on the map but those of @keep goes off it (a designer's
 * override: no loss counted), so that a test sees only its own units. */
static void
clear_map (WbPlay *play, const char * const *keep)
{
  WbMatch *m = wb_play_get_state (play);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->where.kind == WB_WHERE_HEX && !g_strv_contains (keep, u->id))
        g_ptr_array_add (ids, (gpointer) u->id);
    }
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"type\": \"override_move\", \"unit\": \"%s\", "
                                               "\"to\": {\"eliminated\": true}}",
                                               (const char *) g_ptr_array_index (ids, i));
      play_ok (play, json);
    }
}

static gboolean
log_has (WbPlay *play, const char *text)
{
  GPtrArray *log = wb_play_get_log (play);

  for (guint i = 0; i < log->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

static char *
where (WbPlay *play, const char *unit)
{
  WbMatch *m = wb_play_get_state (play);
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

static int
distance (WbPlay *play, const char *a, const char *b)
{
  WbHexMap *map = WB_HEX_MAP (wb_play_get_state (play)->map);
  WbOffset ha, hb;

  ck_assert (wb_hex_map_parse_hex (map, a, &ha) && wb_hex_map_parse_hex (map, b, &hb));
  return wb_hex_distance (wb_hex_map_get_layout (map), ha, hb);
}

/* Refused, naming @words (a rule id or what the message says). */
static void
refused (WbPlay *play, const char *json, const char *words)
{
  g_autoptr(GError) e = play_fails (play, json);

  ck_assert_msg (strstr (e->message, words) != NULL, "%s: no “%s” in: %s", json, words, e->message);
}

#define END "{\"type\": \"end_step\"}"
#define MOVE(unit, hex) "{\"type\": \"move\", \"unit\": \"" unit "\", \"to\": {\"hex\": \"" hex "\"}}"

/* --- the CRT's dice ------------------------------------------------------------ */

/* A 2d6 odds CRT is thrown with two dice and read on its row for their
 * sum: the players' 6 and 6 read row 12, 3 and 4 row 7, 1 and 1 row 2 (a
 * die shows 1 to 6 — before, the family rolled one die and refused a
 * 1 on a table starting at 2). 1 Bde and 2 Bde (attack 4 each) against
 * Line (defence 3) in the open are 8 to 3, 2-1. */
START_TEST (test_crt_2d6_physical)
{
  static const struct { int a, b; const char *logged; } throws[] = {
    { 6, 6, "1 Bde (3) and 2 Bde (3) attack Line (3) in C07: 8 to 3 → 2-1, dice 6 + 6 = 12 → DE" },
    { 3, 4, "8 to 3 → 2-1, dice 3 + 4 = 7 → DR2" },
    { 1, 1, "8 to 3 → 2-1, dice 1 + 1 = 2 → AR" },
  };
  static const char * const keep[] = { "a-1", "a-2", "i-3", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, TRUE);
  const char *attack = "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-2\"], \"defenders\": [\"C07\"]";

  clear_map (play, keep);
  put (play, "i-3", "C07");
  put (play, "a-1", "B07");
  put (play, "a-2", "B07");
  ck_assert_int_eq (distance (play, "B07", "C07"), 1);
  play_ok (play, END);
  {
    g_autofree char *one_die = g_strdup_printf ("%s, \"rolls\": [4]}", attack);
    g_autofree char *seven = g_strdup_printf ("%s, \"rolls\": [4, 7]}", attack);
    g_autoptr(GError) e = play_fails (play, one_die);
    guint index;
    int sides;

    /* The second die is asked for, of six faces. */
    ck_assert (g_error_matches (e, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL));
    ck_assert (wb_play_needs_roll (play, &index, &sides));
    ck_assert_uint_eq (index, 1);
    ck_assert_int_eq (sides, 6);
    refused (play, seven, "1 to 6, not 7");
  }
  for (guint i = 0; i < G_N_ELEMENTS (throws); i++)
    {
      g_autofree char *json = g_strdup_printf ("%s, \"rolls\": [%d, %d]}", attack, throws[i].a, throws[i].b);

      play_ok (play, json);
      ck_assert_msg (log_has (play, throws[i].logged), "%s", play_last_log (play));
      ck_assert (wb_play_undo (play, NULL));
    }
}
END_TEST

/* With the match's own dice, every attack throws two: the log gives both
 * and their sum, which is the row read; over many attacks sums above 6
 * come up (a one-die family never read rows 7-12). */
START_TEST (test_crt_2d6_rolled)
{
  static const char * const keep[] = { "a-1", "a-2", "i-3", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);
  WbTable *crt = wb_game_find_table (game, "crt");
  gboolean high = FALSE;

  clear_map (play, keep);
  put (play, "i-3", "C07");
  put (play, "a-1", "B07");
  put (play, "a-2", "B07");
  play_ok (play, END);
  for (int i = 0; i < 40; i++)
    {
      const char *line;
      const char *at;
      int a, b, sum;
      char code[8];

      play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-2\"], \"defenders\": [\"C07\"]}");
      line = NULL;
      for (guint k = 0; k < wb_play_get_log (play)->len; k++)
        {
          const char *t = ((WbLogEvent *) g_ptr_array_index (wb_play_get_log (play), k))->text;
          if (strstr (t, " attack ") != NULL)
            line = t;
        }
      ck_assert_ptr_nonnull (line);
      at = strstr (line, "dice ");
      ck_assert_msg (at != NULL && sscanf (at, "dice %d + %d = %d → %7s", &a, &b, &sum, code) == 4, "%s", line);
      ck_assert (a >= 1 && a <= 6 && b >= 1 && b <= 6 && sum == a + b);
      /* The cell of row @sum in column 2-1. */
      ck_assert_str_eq (code, wb_table_resolve (crt, 2, sum));
      high |= sum >= 7;
      /* Another throw: a fresh attack from the same state with other dice. */
      ck_assert (wb_play_undo (play, NULL));
      play_ok (play, "{\"type\": \"roll\", \"dice\": \"1d6\"}");
    }
  ck_assert (high);
}
END_TEST

/* A d66 CRT (written "D66"): two dice read as a two-digit number, the
 * first the tens — the players' 4 and 1 are 41, on the row 41-66 (DE),
 * and 1 and 4 are 14, on 11-36 (NE). */
START_TEST (test_crt_d66)
{
  static const char * const keep[] = { "a-1", "i-3", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = NULL;
  WbTable *t = wb_table_new ("crt-d66", WB_TABLE_ODDS);
  GPtrArray *low = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *high = g_ptr_array_new_with_free_func (g_free);

  wb_table_set_name (t, "d66 CRT");
  wb_table_set_dice (t, "D66");   /* read as wb_dice_new reads it, in either case */
  wb_table_add_column (t, "1-1", 1, 1);
  g_ptr_array_add (low, g_strdup ("NE"));
  g_ptr_array_add (high, g_strdup ("DE"));
  wb_table_add_row (t, "11-36", 11, 36, low);
  wb_table_add_row (t, "41-66", 41, 66, high);
  ck_assert (wb_game_add_table (game, t));
  set_param (game, "crt", "\"crt-d66\"");
  play = new_play (game, "crossing", NULL, TRUE);
  clear_map (play, keep);
  put (play, "i-3", "C07");
  put (play, "a-1", "B07");
  play_ok (play, END);
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\"], \"defenders\": [\"C07\"], \"rolls\": [1, 4]}");
  ck_assert_msg (log_has (play, "4 to 3 → 1-1, dice 1, 4 (14) → NE"), "%s", play_last_log (play));
  ck_assert (wb_play_undo (play, NULL));
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\"], \"defenders\": [\"C07\"], \"rolls\": [4, 1]}");
  ck_assert_msg (log_has (play, "4 to 3 → 1-1, dice 4, 1 (41) → DE"), "%s", play_last_log (play));
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "i-3")->where.kind, WB_WHERE_ELIMINATED);
}
END_TEST

/* --- strengths, columns and rounding ------------------------------------------------ */

/* Units whose class has attack and defence attributes attack with the one
 * and defend with the other: 1 Bde (attack 4, defence 3, strength 3)
 * against Gren (attack 3, defence 4, strength 4) is 4 to 4; the other way
 * 3 to 3. An exchange costs the attacker its printed attack for the
 * defender's printed defence. (Units without them, the Wilderness's,
 * attack and defend with their strength: test-spi.) */
START_TEST (test_attack_and_defence)
{
  static const char * const keep[] = { "a-1", "a-3", "i-1", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, TRUE);

  clear_map (play, keep);
  put (play, "i-1", "C07");
  put (play, "a-1", "B07");
  play_ok (play, END);
  /* 1-1, 10: EX. Gren's defence 4 is owed: 1 Bde's attack 4 pays it. */
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\"], \"defenders\": [\"C07\"], \"rolls\": [5, 5]}");
  ck_assert_msg (log_has (play, "1 Bde (3) attack Gren (4) in C07: 4 to 4 → 1-1, dice 5 + 5 = 10 → EX"), "%s",
                 play_last_log (play));
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "a-1")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "i-1")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert (wb_play_undo (play, NULL));
  /* The Imperials' turn: Gren attacks 1 Bde with its attack, 3, against
   * 1 Bde's defence, 3. */
  play_ok (play, END);
  play_ok (play, END);
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"i-1\"], \"defenders\": [\"B07\"], \"rolls\": [1, 1]}");
  ck_assert_msg (log_has (play, "Gren (4) attack 1 Bde (3) in B07: 3 to 3 → 1-1, dice 1 + 1 = 2 → AE"), "%s",
                 play_last_log (play));
}
END_TEST

/* A table whose columns are attack minus defence, on one die (rows 1-6,
 * each cell "NE": the column is what the test reads). */
static WbTable *
differential_crt (void)
{
  WbTable *t = wb_table_new ("crt-diff", WB_TABLE_DIFFERENTIAL);
  static const int diffs[] = { -1, 0, 1, 2, 3, 4 };

  wb_table_set_name (t, "Differential CRT");
  wb_table_set_dice (t, "1d6");
  for (guint c = 0; c < G_N_ELEMENTS (diffs); c++)
    {
      g_autofree char *label = g_strdup_printf ("%+d", diffs[c]);
      wb_table_add_column (t, label, diffs[c], diffs[c]);
    }
  for (int r = 1; r <= 6; r++)
    {
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *label = g_strdup_printf ("%d", r);

      for (guint c = 0; c < G_N_ELEMENTS (diffs); c++)
        g_ptr_array_add (cells, g_strdup ("NE"));
      wb_table_add_row (t, label, r, r, cells);
    }
  return t;
}

/* A differential CRT: attack minus defence picks the column — 1 Bde and
 * 3 Bde (4 + 3) against Line (3) are +4; 1 Bde alone +1. With Line at 2½
 * (a designer's override of its strength: defence 3 × 5/6), 1 Bde is 4 to
 * 2.5: +1 rounded for the defender, +2 with odds_rounding "attacker"; on
 * the odds CRT 1-1 and 2-1. */
START_TEST (test_differential_and_rounding)
{
  static const char * const keep[] = { "a-1", "a-3", "i-3", NULL };
  static const struct { const char *crt, *rounding, *logged; } cases[] = {
    { "crt-diff", NULL, "1 Bde (3) attack Line (2.5) in C07: 4 to 2.5 → +1, die " },
    { "crt-diff", "attacker", "1 Bde (3) attack Line (2.5) in C07: 4 to 2.5 → +2, die " },
    { "crt", "defender", "1 Bde (3) attack Line (2.5) in C07: 4 to 2.5 → 1-1, dice " },
    { "crt", "attacker", "1 Bde (3) attack Line (2.5) in C07: 4 to 2.5 → 2-1, dice " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(WbPlay) play = NULL;
      g_autofree char *crt = g_strdup_printf ("\"%s\"", cases[i].crt);

      ck_assert (wb_game_add_table (game, differential_crt ()));
      set_param (game, "crt", crt);
      if (cases[i].rounding != NULL)
        {
          g_autofree char *r = g_strdup_printf ("\"%s\"", cases[i].rounding);
          set_param (game, "odds_rounding", r);
        }
      play = new_play (game, "crossing", NULL, FALSE);
      clear_map (play, keep);
      put (play, "i-3", "C07");
      put (play, "a-1", "B07");
      put (play, "a-3", "D07");
      play_ok (play, END);
      if (i == 0)
        {
          play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-3\"], \"defenders\": [\"C07\"]}");
          ck_assert_msg (log_has (play, "1 Bde (3) and 3 Bde (3) attack Line (3) in C07: 7 to 3 → +4, die "),
                         "%s", play_last_log (play));
          ck_assert (wb_play_undo (play, NULL));
          /* 1 Bde alone: 3 Bde, beside Line too, would have to join (7.12). */
          put (play, "a-3", "F07");
          play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\"], \"defenders\": [\"C07\"]}");
          ck_assert_msg (log_has (play, "1 Bde (3) attack Line (3) in C07: 4 to 3 → +1, die "), "%s",
                         play_last_log (play));
          ck_assert (wb_play_undo (play, NULL));
        }
      if (i != 0)
        put (play, "a-3", "F07");
      play_ok (play, "{\"type\": \"override_strength\", \"unit\": \"i-3\", \"halves\": 5}");
      play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\"], \"defenders\": [\"C07\"]}");
      ck_assert_msg (log_has (play, cases[i].logged), "%s: %s", cases[i].logged, play_last_log (play));
    }
}
END_TEST

/* --- movement ---------------------------------------------------------------------- */

/* A unit's own Movement Allowance (its class's movement attribute): Cav
 * (6) goes six clear hexes, 1 Bde (4) four and not five; the Landwehr,
 * whose class has no movement attribute, the game's movement_allowance
 * (4, then 2). */
START_TEST (test_unit_movement)
{
  static const char * const keep[] = { "a-cav", "a-1", NULL };
  static const char * const militia[] = { "i-mil", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);

  clear_map (play, keep);
  put (play, "a-cav", "A09");
  put (play, "a-1", "B09");
  ck_assert_int_eq (distance (play, "A09", "G09"), 6);
  play_ok (play, MOVE ("a-cav", "G09"));
  ck_assert_msg (log_has (play, "Cav (2) moves A09 → G09 (6 MP)"), "%s", play_last_log (play));
  refused (play, MOVE ("a-1", "G09"), "spi.allowance");
  play_ok (play, MOVE ("a-1", "F09"));
  ck_assert_msg (log_has (play, "1 Bde (3) moves B09 → F09 (4 MP)"), "%s", play_last_log (play));

  for (int allowance = 4; allowance >= 2; allowance -= 2)
    {
      g_autoptr(WbGame) other = river_crossing ();
      g_autoptr(WbPlay) p2 = NULL;
      g_autofree char *value = g_strdup_printf ("%d", allowance);
      g_autofree char *far = g_strdup_printf (MOVE ("i-mil", "%c09"), 'A' + 1 + allowance);
      g_autofree char *near = g_strdup_printf (MOVE ("i-mil", "%c09"), 'A' + allowance);

      set_param (other, "movement_allowance", value);
      p2 = new_play (other, "crossing", NULL, FALSE);
      clear_map (p2, militia);
      put (p2, "i-mil", "A09");
      play_ok (p2, END);
      play_ok (p2, END);
      refused (p2, far, "spi.allowance");
      play_ok (p2, near);
    }
}
END_TEST

/* A bridge cancels the river's cost: 1 Bde from D05 over the bridge to
 * C04 pays the clear hex, 1 MP; from E05 across the river to D04 1 + 2
 * MP. */
START_TEST (test_bridge_cancels_cost)
{
  static const char * const keep[] = { "a-1", "a-2", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);

  clear_map (play, keep);
  put (play, "a-1", "D05");
  put (play, "a-2", "E05");
  ck_assert_int_eq (distance (play, "D05", "C04"), 1);
  ck_assert_int_eq (distance (play, "E05", "D04"), 1);
  play_ok (play, MOVE ("a-1", "C04"));
  ck_assert_msg (log_has (play, "1 Bde (3) moves D05 → C04 (1 MP)"), "%s", play_last_log (play));
  play_ok (play, MOVE ("a-2", "D04"));
  ck_assert_msg (log_has (play, "2 Bde (3) moves E05 → D04 (3 MP)"), "%s", play_last_log (play));
}
END_TEST

/* --- zones of control --------------------------------------------------------------- */

/* The four kinds of zones of control (docs/rules-engine.md), an Imperial
 * Line (movement 3) moving around 4 Bde in E07, whose zone holds D06,
 * E06 and D07:
 *   leave   D07 → C07, out of the zone: locking and rigid refuse it;
 *   across  D06 → E06, from the zone straight into it again;
 *   through C06 → F06 by D06 and E06 (3 MP; around is 4): only
 *           without zones of control;
 *   enter   C06 → D06, stopping there: every kind allows it. */
START_TEST (test_zoc_kinds)
{
  static const char * const keep[] = { "a-4", "i-3", NULL };
  static const struct { const char *zoc; const char *leave, *across, *through; } kinds[] = {
    { "none", NULL, NULL, NULL },
    { "sticky", NULL, NULL, "spi.zoc-stop" },
    { "locking", "spi.zoc-exit", "spi.zoc-exit", "spi.zoc-stop" },
    { "rigid", "spi.zoc-exit", "spi.zoc-exit", "spi.zoc-stop" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      static const struct { const char *from, *to; } moves[] = {
        { "D07", "C07" }, { "D06", "E06" }, { "C06", "F06" }, { "C06", "D06" },
      };
      g_autoptr(WbGame) game = river_crossing ();
      g_autofree char *zoc = g_strdup_printf ("\"%s\"", kinds[k].zoc);

      set_param (game, "zoc", zoc);
      for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
        {
          g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);
          const char *expect = i == 0 ? kinds[k].leave : i == 1 ? kinds[k].across
                             : i == 2 ? kinds[k].through : NULL;
          g_autofree char *json = g_strdup_printf (MOVE ("i-3", "%s"), moves[i].to);

          clear_map (play, keep);
          put (play, "a-4", "E07");
          put (play, "i-3", moves[i].from);
          play_ok (play, END);
          play_ok (play, END);
          if (expect != NULL)
            refused (play, json, expect);
          else
            {
              g_autofree char *at = NULL;

              play_ok (play, json);
              at = where (play, "i-3");
              ck_assert_msg (strcmp (at, moves[i].to) == 0, "%s: %s", kinds[k].zoc, at);
            }
        }
    }
  /* The map as the cases need it. */
  {
    g_autoptr(WbGame) game = river_crossing ();
    g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);

    ck_assert_int_eq (distance (play, "E07", "D06"), 1);
    ck_assert_int_eq (distance (play, "E07", "E06"), 1);
    ck_assert_int_eq (distance (play, "E07", "D07"), 1);
    ck_assert_int_eq (distance (play, "E07", "C07"), 2);
    ck_assert_int_eq (distance (play, "E07", "C06"), 2);
    ck_assert_int_eq (distance (play, "E07", "F06"), 2);
  }
}
END_TEST

/* --- combat ------------------------------------------------------------------------- */

/* Voluntary combat (river-crossing): a unit next to the enemy may end the
 * Combat Phase without attacking; with combat "mandatory" the phase does
 * not end until it has (7.11, 7.12). */
START_TEST (test_voluntary_combat)
{
  static const char * const keep[] = { "a-1", "i-3", NULL };

  for (int mandatory = 0; mandatory < 2; mandatory++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(WbPlay) play = NULL;

      if (mandatory)
        set_param (game, "combat", "\"mandatory\"");
      play = new_play (game, "crossing", NULL, FALSE);
      clear_map (play, keep);
      put (play, "i-3", "C07");
      put (play, "a-1", "B07");
      play_ok (play, END);
      ck_assert_int_eq (wb_play_get_state (play)->step, 1);
      if (mandatory)
        refused (play, END, "spi.mandatory");
      else
        {
          play_ok (play, END);
          ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), wb_play_get_state (play)->active),
                            "Imperial");
        }
    }
}
END_TEST

/* A DR2 retreats the defender two hexes, one action per hex, each further
 * from where it stood: Line in C07, attacked from B07 at 2-1 and thrown
 * 3 + 4 = 7, goes to C06, may not go on to D07 (next to C07 again) and
 * goes to C05; then 1 Bde may advance into C07. */
START_TEST (test_two_hex_retreat)
{
  static const char * const keep[] = { "a-1", "a-2", "i-3", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, TRUE);
  const char *first = "{\"type\": \"retreat\", \"unit\": \"i-3\", \"to\": {\"hex\": \"C06\"}}";

  clear_map (play, keep);
  put (play, "i-3", "C07");
  put (play, "a-1", "B07");
  put (play, "a-2", "B07");
  play_ok (play, END);
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-2\"], \"defenders\": [\"C07\"], \"rolls\": [3, 4]}");
  ck_assert_msg (log_has (play, "8 to 3 → 2-1, dice 3 + 4 = 7 → DR2"), "%s", play_last_log (play));
  ck_assert_str_eq (wb_play_awaiting (play), "retreat");
  play_ok (play, first);
  /* Still owed: the second hex. */
  ck_assert_str_eq (wb_play_awaiting (play), "retreat");
  ck_assert_int_eq (distance (play, "C06", "D07"), 1);
  ck_assert_int_eq (distance (play, "C07", "D07"), 1);
  refused (play, "{\"type\": \"retreat\", \"unit\": \"i-3\", \"to\": {\"hex\": \"D07\"}}", "spi.retreat");
  {
    g_autoptr(GArray) offered = wb_play_destinations (play, "i-3");

    ck_assert_ptr_nonnull (offered);
    for (guint i = 0; i < offered->len; i++)
      {
        g_autofree char *h = wb_match_where_text (wb_play_get_state (play),
                                                  &g_array_index (offered, WbDestination, i).where);
        ck_assert_msg (distance (play, "C07", h) == 2, "offered %s", h);
      }
    ck_assert_uint_gt (offered->len, 0);
  }
  play_ok (play, "{\"type\": \"retreat\", \"unit\": \"i-3\", \"to\": {\"hex\": \"C05\"}}");
  ck_assert_msg (log_has (play, "Line (3) retreats C06 → C05"), "%s", play_last_log (play));
  ck_assert_str_eq (wb_play_awaiting (play), "advance");
  play_ok (play, "{\"type\": \"advance\", \"unit\": \"a-1\", \"to\": {\"hex\": \"C07\"}}");

  /* A one-hex retreat result (DR, 2-1 on a 5) is one action. */
  ck_assert (wb_play_go_to (play, 0, NULL));
}
END_TEST

/* A retreat result whose code gives no length retreats rules.params.
 * retreat_hexes hexes: DR stripped of its effect, with retreat_hexes 2. */
START_TEST (test_retreat_hexes_param)
{
  static const char * const keep[] = { "a-1", "a-2", "i-3", NULL };

  for (int hexes = 1; hexes <= 2; hexes++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(WbPlay) play = NULL;
      GPtrArray *codes = wb_table_get_codes (wb_game_find_table (game, "crt"));
      g_autofree char *value = g_strdup_printf ("%d", hexes);

      for (guint i = 0; i < codes->len; i++)
        if (strcmp (((WbResultCode *) g_ptr_array_index (codes, i))->code, "DR") == 0)
          ((WbResultCode *) g_ptr_array_index (codes, i))->has_effect = FALSE;
      set_param (game, "retreat_hexes", value);
      play = new_play (game, "crossing", NULL, TRUE);
      clear_map (play, keep);
      put (play, "i-3", "C07");
      put (play, "a-1", "B07");
      put (play, "a-2", "B07");
      play_ok (play, END);
      /* 2-1, 5: DR. */
      play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-2\"], \"defenders\": [\"C07\"], \"rolls\": [1, 4]}");
      ck_assert_msg (log_has (play, "→ 2-1, dice 1 + 4 = 5 → DR"), "%s", play_last_log (play));
      play_ok (play, "{\"type\": \"retreat\", \"unit\": \"i-3\", \"to\": {\"hex\": \"C06\"}}");
      ck_assert_str_eq (wb_play_awaiting (play), hexes == 1 ? "advance" : "retreat");
    }
}
END_TEST

/* advance_after_combat 0: a victor never advances; 1 (river-crossing):
 * after a DR the attacker is asked. */
START_TEST (test_no_advance)
{
  static const char * const keep[] = { "a-1", "a-2", "i-3", NULL };

  for (int advance = 0; advance <= 1; advance++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(WbPlay) play = NULL;

      if (advance == 0)
        set_param (game, "advance_after_combat", "0");
      play = new_play (game, "crossing", NULL, TRUE);
      clear_map (play, keep);
      put (play, "i-3", "C07");
      put (play, "a-1", "B07");
      put (play, "a-2", "B07");
      play_ok (play, END);
      play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"a-1\", \"a-2\"], \"defenders\": [\"C07\"], \"rolls\": [1, 4]}");
      play_ok (play, "{\"type\": \"retreat\", \"unit\": \"i-3\", \"to\": {\"hex\": \"C06\"}}");
      ck_assert_str_eq (wb_play_awaiting (play), advance ? "advance" : "attack");
    }
}
END_TEST

/* --- victory ------------------------------------------------------------------------- */

/* More than eight objectives: Kronstadt, the ninth (10 VP), taken by the
 * Allied cavalry scores 10 and only 10 — before, its control shared the
 * first objective's bits, so that B01 (3 VP, Imperial) turned Allied too
 * once the score was counted again. The eight others stay Imperial
 * (rules.params.objectives_held_by), which holds none with VP. */
START_TEST (test_ninth_objective)
{
  static const char * const keep[] = { "a-cav", NULL };
  g_autoptr(WbGame) game = river_crossing ();
  g_autoptr(WbPlay) play = new_play (game, "crossing", NULL, FALSE);
  GPtrArray *victory = wb_scenario_get_victory (wb_play_get_state (play)->scenario);
  guint n = 0;

  for (guint v = 0; v < victory->len; v++)
    {
      WbVictory *vc = g_ptr_array_index (victory, v);
      if (vc->kind == WB_VICTORY_OCCUPY)
        n += vc->places->len;
    }
  ck_assert_uint_eq (n, 9);
  clear_map (play, keep);
  play_ok (play, END);
  ck_assert_int_eq (wb_play_get_state (play)->vp[0], 0);
  /* The score is counted after each of the family's actions. */
  put (play, "a-cav", "E02");
  play_ok (play, END);
  ck_assert_int_eq (wb_play_get_state (play)->vp[0], 10);
  play_ok (play, END);
  play_ok (play, END);
  ck_assert_int_eq (wb_play_get_state (play)->vp[0], 10);
  /* Kronstadt stays Allied when the cavalry goes on (18.13: the last side
   * there holds it), to the second objective, which adds its own 3. */
  put (play, "a-cav", "D01");
  play_ok (play, END);
  ck_assert_int_eq (wb_play_get_state (play)->vp[0], 13);
}
END_TEST

/* --- reinforcements ------------------------------------------------------------------ */

/* reinforcement_entry "free" (river-crossing): the Guard arrives on turn 3
 * at E09 with its whole allowance, and goes on four hexes; "column"
 * (15.15, the Wilderness's): the first unit at the entry hex has spent
 * 1 MP arriving, and three are left. */
START_TEST (test_reinforcement_entry)
{
  static const char * const none[] = { NULL };

  for (int column = 0; column < 2; column++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(WbPlay) play = NULL;

      if (column)
        set_param (game, "reinforcement_entry", "\"column\"");
      play = new_play (game, "crossing", NULL, FALSE);
      clear_map (play, none);
      while (wb_play_get_state (play)->turn < 3)
        play_ok (play, END);
      refused (play, "{\"type\": \"enter\", \"unit\": \"i-5\", \"at\": {\"hex\": \"E01\"}}",
               "may enter only in its side's Movement Phase");
      play_ok (play, "{\"type\": \"enter\", \"unit\": \"a-5\", \"at\": {\"hex\": \"E09\"}}");
      ck_assert_str_eq (play_last_log (play), column ? "Turn 3, Allied: Guard (4) enters at E09 (1 MP spent arriving in column)"
                                                     : "Turn 3, Allied: Guard (4) enters at E09");
      if (column)
        {
          refused (play, MOVE ("a-5", "I09"), "spi.allowance");
          play_ok (play, MOVE ("a-5", "H09"));
        }
      else
        play_ok (play, MOVE ("a-5", "I09"));
    }
}
END_TEST

/* --- the Wilderness's own parameters, switched off --------------------------------- */

/* Turn 8 of the Wilderness is a night turn: no entering an enemy zone of
 * control (10.2) and no Combat Phase (10.0) — unless night_no_enter_zoc
 * and night_turns_no_combat say otherwise. Gordon, two hexes from 1/2/V,
 * steps next to it. */
START_TEST (test_night_params)
{
  for (int day_rules = 0; day_rules < 2; day_rules++)
    {
      g_autoptr(WbGame) game = wilderness ();
      g_autoptr(WbPlay) play = NULL;
      const char *step = MOVE ("gordon", "0516");

      if (day_rules)
        {
          set_param (game, "night_turns_no_combat", "false");
          set_param (game, "night_no_enter_zoc", "false");
        }
      play = new_play (game, "historical", NULL, FALSE);
      while (wb_play_get_state (play)->turn < 8)
        play_ok (play, END);
      ck_assert (wb_match_turn_is_night (wb_play_get_state (play), 8));
      put (play, "1-2-V", "0517");
      put (play, "gordon", "0515");
      ck_assert_int_eq (distance (play, "0515", "0517"), 2);
      if (day_rules)
        play_ok (play, step);
      else
        refused (play, step, "spi.night-zoc");
      play_ok (play, END);
      /* The Union's Movement Phase at night; the Confederates' Combat
       * Phase when night turns have one. */
      ck_assert_int_eq (wb_play_get_state (play)->step, day_rules ? 1 : 2);
    }
}
END_TEST

/* attack_effectiveness_optional: with the scenario option chosen, Gordon
 * attacking from 1/2/V's zone of control and thrown back (1-1, a 4: Ar)
 * loses its Attack Effectiveness (11.1); with the parameter false the
 * option does nothing. */
START_TEST (test_attack_effectiveness_param)
{
  static const char * const options[] = { "attack-effectiveness", NULL };

  for (int optional = 1; optional >= 0; optional--)
    {
      g_autoptr(WbGame) game = wilderness ();
      g_autoptr(WbPlay) play = NULL;

      if (!optional)
        set_param (game, "attack_effectiveness_optional", "false");
      play = new_play (game, "historical", options, TRUE);
      put (play, "1-2-V", "0516");
      put (play, "gordon", "0515");
      put (play, "stonewall", "0212");   /* beside 0516, he would have to join (7.12), */
      put (play, "steuart", "0213");     /* and Steuart too */
      play_ok (play, END);
      play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"gordon\"], \"defenders\": [\"0516\"], \"rolls\": [4]}");
      ck_assert_msg (log_has (play, "7 to 4 → 1-1, die 4 → Ar"), "%s", play_last_log (play));
      ck_assert_int_eq (!!(wb_match_find_unit (wb_play_get_state (play), "gordon")->flags & SPI_INEFFECTIVE),
                        optional);
    }
}
END_TEST

/* los_hexside: a line of sight along a hexside between a hex that blocks
 * (0611, forest) and one that does not (0612) is open when both must block
 * (8.32, the Wilderness) and blocked with "either_blocks": artillery in
 * 0512 bombarding 1/2/V in 0712. */
START_TEST (test_los_hexside_param)
{
  const char *bombard = "{\"type\": \"attack\", \"attackers\": [\"csa-art-3\"], \"defenders\": [\"0712\"], \"rolls\": [1]}";

  for (int either = 0; either < 2; either++)
    {
      g_autoptr(WbGame) game = wilderness ();
      g_autoptr(WbPlay) play = NULL;

      if (either)
        set_param (game, "los_hexside", "\"either_blocks\"");
      play = new_play (game, "historical", NULL, TRUE);
      put (play, "1-2-V", "0712");
      put (play, "csa-art-3", "0512");
      play_ok (play, END);
      if (either)
        refused (play, bombard, "spi.bombard-range");
      else
        play_ok (play, bombard);
    }
}
END_TEST

/* A misspelt value of a parameter that chooses a rule is refused when the
 * play starts, naming the parameter and the values it takes. */
START_TEST (test_bad_choices)
{
  static const struct { const char *member, *value, *words; } bad[] = {
    { "zoc", "\"lockin\"", "rules.params.zoc: “lockin” is not one of none, sticky, locking, rigid" },
    { "combat", "\"optional\"", "rules.params.combat: “optional” is not one of mandatory, voluntary" },
    { "odds_rounding", "\"nearest\"", "rules.params.odds_rounding: “nearest” is not one of defender, attacker" },
    { "los_hexside", "true", "rules.params.los_hexside: “” is not one of both_block, either_blocks" },
    { "reinforcement_entry", "\"road\"", "rules.params.reinforcement_entry: “road” is not one of column, free" },
    { "retreat_hexes", "0", "rules.params.retreat_hexes: 0 (expected 1 to 10 hexes)" },
    { "advance_after_combat", "2", "rules.params.advance_after_combat: 2 (expected 0 or 1 hex)" },
    { "attack_attribute", "\"assault\"", "rules.params.attack_attribute: no unit class has an attribute “assault”" },
    { "movement_attribute", "\"mp\"", "rules.params.movement_attribute: no unit class has an attribute “mp”" },
    /* Numbers past their declared range (issue 15: 2^29 MP overflowed in
     * quarters of a MP); the range's ends are played (below). */
    { "movement_allowance", "536870912", "rules.params.movement_allowance: 5.36871e+08 (expected a number from 0 to 1000 MP)" },
    { "movement_allowance", "-0.25", "rules.params.movement_allowance: -0.25 (expected a number from 0 to 1000 MP)" },
    { "retreat_hexes", "4294967297", "rules.params.retreat_hexes: 4.29497e+09 (expected 1 to 10 hexes)" },
    { "stacking", "1e300", "rules.params.stacking: 1e+300 (expected 1 to 100 units)" },
    { "artillery_range", "2.5", "rules.params.artillery_range: 2.5 (expected 1 to 100 hexes)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(WbGame) game = river_crossing ();
      g_autoptr(GError) error = NULL;
      g_autoptr(WbPlay) play = NULL;

      set_param (game, bad[i].member, bad[i].value);
      play = wb_play_new (game, NULL, "crossing", NULL, 1, &error);
      ck_assert_ptr_null (play);
      ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID));
      ck_assert_msg (strstr (error->message, bad[i].words) != NULL, "%s", error->message);
    }
  /* The ends of the ranges are played. */
  {
    static const char * const ends[][2] = {
      { "movement_allowance", "1000" }, { "movement_allowance", "0" }, { "stacking", "100" },
      { "artillery_range", "1" }, { "retreat_hexes", "10" }, { "advance_after_combat", "0" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
      {
        g_autoptr(WbGame) game = river_crossing ();
        g_autoptr(GError) error = NULL;
        g_autoptr(WbPlay) play = NULL;

        set_param (game, ends[i][0], ends[i][1]);
        play = wb_play_new (game, NULL, "crossing", NULL, 1, &error);
        ck_assert_msg (play != NULL, "%s %s: %s", ends[i][0], ends[i][1], error ? error->message : "");
      }
  }
  /* A CRT of another kind, or without dice the rules can roll. */
  {
    g_autoptr(WbGame) game = river_crossing ();
    g_autoptr(GError) error = NULL;
    g_autoptr(WbPlay) play = NULL;

    wb_table_set_dice (wb_game_find_table (game, "crt"), "2d");
    play = wb_play_new (game, NULL, "crossing", NULL, 1, &error);
    ck_assert_ptr_null (play);
    ck_assert_msg (strstr (error->message, "has no dice the rules can roll") != NULL, "%s", error->message);
  }
}
END_TEST

/* --- the designer's game, played and replayed ------------------------------------- */

/* River Crossing played to the end by the automatic player, with the
 * match's dice and with the players' typed dice (as warbench-cli play
 * --auto [--physical-dice] plays it), for several seeds: every action
 * accepted, the last turn (8) over with a result, attacks made on two
 * dice; saved and reopened, the journal replays to the same transcript. */
START_TEST (test_designer_game_auto)
{
  g_autoptr(WbGame) game = river_crossing ();
  g_autofree char *dir = g_dir_make_tmp ("wb-river-XXXXXX", NULL);
  gboolean two_dice = FALSE, retreated_twice = FALSE;

  for (guint seed = 1; seed <= 6; seed++)
    {
      gboolean physical = seed > 4;
      g_autoptr(GError) error = NULL;
      g_autoptr(WbPlay) play = wb_play_new_full (game, "river-crossing.warbench", "crossing", NULL, seed,
                                                 physical, NULL, &error);
      g_autoptr(WbPlay) back = NULL;
      g_autofree char *path = g_strdup_printf ("%s/rc-%u.warbench-play", dir, seed);
      g_autofree char *transcript = NULL, *replayed = NULL, *warning = NULL;
      WbRng policy, dice;
      GPtrArray *log;
      guint n = 0;

      ck_assert_msg (play != NULL, "%s", error ? error->message : "");
      ck_assert (!wb_play_is_free_play (play));
      wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
      wb_rng_seed (&dice, seed, WB_RNG_MATCH_STREAM + 2);
      for (;;)
        {
          g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

          if (a == NULL)
            break;
          ck_assert_uint_lt (n++, 5000);
          ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "seed %u: %s", seed,
                         error ? error->message : "");
        }
      ck_assert (wb_play_get_state (play)->over);
      ck_assert_int_eq (wb_play_get_state (play)->turn, 8);
      ck_assert_msg (g_str_has_prefix (play_last_log (play), "Turn 8, Imperial: The last Game-Turn is over: Allied "),
                     "%s", play_last_log (play));
      log = wb_play_get_log (play);
      for (guint i = 0; i < log->len; i++)
        {
          const char *t = ((WbLogEvent *) g_ptr_array_index (log, i))->text;
          two_dice |= strstr (t, ", dice ") != NULL;
          retreated_twice |= strstr (t, "→ DR2") != NULL;
        }
      transcript = wb_play_transcript (play, &error);
      ck_assert_msg (transcript != NULL, "%s", error ? error->message : "");
      ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");
      back = wb_play_open (game, path, &warning, &error);
      ck_assert_msg (back != NULL, "%s", error ? error->message : "");
      replayed = wb_play_transcript (back, &error);
      ck_assert_msg (replayed != NULL, "%s", error ? error->message : "");
      ck_assert_str_eq (replayed, transcript);
      g_unlink (path);
    }
  ck_assert (two_dice);
  ck_assert (retreated_twice);
  g_rmdir (dir);
}
END_TEST

/* River Crossing draws: its pointy-topped map at its set-up, by the
 * renderer the canvas, exports and warbench-cli render share — the centre
 * of an empty clear hex (A05, C04) in the clear colour, of a woods hex
 * (C01) not, and of a hex with a unit (Gren on the hills of C03, 1 Bde
 * on the clear C05) in neither its terrain's colour: its counter. */
START_TEST (test_designer_game_renders)
{
  static const struct { const char *hex; const char *color; gboolean same; } probes[] = {
    { "A05", "#e9e2c0", TRUE }, { "C04", "#e9e2c0", TRUE }, { "C01", "#e9e2c0", FALSE },
    { "C03", "#c9b48a", FALSE }, { "C03", "#e9e2c0", FALSE }, { "C05", "#e9e2c0", FALSE },
  };
  g_autoptr(WbGame) game = river_crossing ();
  WbMap *map = wb_game_find_map (game, "valley");
  WbHexMap *hex_map = WB_HEX_MAP (map);
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;

  ck_assert_int_eq (wb_hex_map_get_layout (hex_map).orientation, WB_HEX_POINTY);
  wb_map_get_extent (map, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) w + 1, (int) h + 1);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  wb_render_options_init (&options);
  options.layers = WB_LAYER_ALL & ~WB_LAYER_NUMBERS;
  options.scale = 1;
  options.scenario = wb_game_find_scenario (game, "crossing");
  wb_render_map (game, map, cr, &options);
  ck_assert_int_eq (cairo_status (cr), CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      WbOffset o;
      double x, y, r, g, b;
      const guint8 *px;
      guint32 argb;
      gboolean same;

      ck_assert (wb_hex_map_parse_hex (hex_map, probes[i].hex, &o));
      wb_hex_center (wb_hex_map_get_layout (hex_map), wb_hex_map_get_hex_size (hex_map), o, &x, &y);
      px = cairo_image_surface_get_data (surface) + (int) y * cairo_image_surface_get_stride (surface) + (int) x * 4;
      memcpy (&argb, px, 4);
      ck_assert (wb_color_parse (probes[i].color, &r, &g, &b));
      same = ABS ((int) ((argb >> 16) & 0xff) - (int) (r * 255 + 0.5)) <= 2 &&
             ABS ((int) ((argb >> 8) & 0xff) - (int) (g * 255 + 0.5)) <= 2 &&
             ABS ((int) (argb & 0xff) - (int) (b * 255 + 0.5)) <= 2;
      ck_assert_msg (same == probes[i].same, "%s: #%06x against %s", probes[i].hex, argb & 0xffffff,
                     probes[i].color);
    }
  cairo_surface_destroy (surface);
}
END_TEST

static Suite *
spi_general_suite (void)
{
  Suite *s = suite_create ("spi-general");
  TCase *tc = tcase_create ("spi-general");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_crt_2d6_physical);
  tcase_add_test (tc, test_crt_2d6_rolled);
  tcase_add_test (tc, test_crt_d66);
  tcase_add_test (tc, test_attack_and_defence);
  tcase_add_test (tc, test_differential_and_rounding);
  tcase_add_test (tc, test_unit_movement);
  tcase_add_test (tc, test_bridge_cancels_cost);
  tcase_add_test (tc, test_zoc_kinds);
  tcase_add_test (tc, test_voluntary_combat);
  tcase_add_test (tc, test_two_hex_retreat);
  tcase_add_test (tc, test_retreat_hexes_param);
  tcase_add_test (tc, test_no_advance);
  tcase_add_test (tc, test_ninth_objective);
  tcase_add_test (tc, test_reinforcement_entry);
  tcase_add_test (tc, test_night_params);
  tcase_add_test (tc, test_attack_effectiveness_param);
  tcase_add_test (tc, test_los_hexside_param);
  tcase_add_test (tc, test_bad_choices);
  tcase_add_test (tc, test_designer_game_auto);
  tcase_add_test (tc, test_designer_game_renders);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (spi_general_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
