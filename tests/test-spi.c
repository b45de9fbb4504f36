/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-spi"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/spi/wb-spi-private.h"
#include "rules/wb-play.h"
#include "play-common.h"

/* The SPI Blue & Gray family on the bundled Battle of the Wilderness:
 * the sequence of play (4.1, 10.0), movement with zones of control,
 * stacking, the exclusive rules' movement (17.1-17.3) and reinforcements
 * (15.0), each refusal naming its rule, warned rules played and logged.
 * Hexes from the reconstructed map: 0414-0417 Confederates in forest,
 * 1/1/V in 0616 with a road to 0716, 0516 and 0517 clear. */

typedef struct {
  WbGame        *game;
  const WbRulesFamily *family;
  gpointer       data;
  WbMatch       *m;
  GHashTable    *settings;
  GPtrArray     *events;
} Fixture;

static void
setup (Fixture *f)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  f->game = wb_game_load (file, NULL, &error);
  ck_assert_msg (f->game != NULL, "%s", error ? error->message : "");
  f->m = wb_match_new (f->game, "historical", NULL, 1, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_spi_family ();
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  f->family->start (f->data, f->m);
  f->settings = g_hash_table_new (g_str_hash, g_str_equal);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
}

static void
teardown (Fixture *f)
{
  f->family->release (f->data);
  wb_match_free (f->m);
  g_object_unref (f->game);
  g_hash_table_unref (f->settings);
  g_ptr_array_unref (f->events);
}

static WbApplyResult
apply (Fixture *f, const char *json, GError **error)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  ck_assert (json_parser_load_from_data (p, json, -1, NULL));
  return f->family->apply (f->data, f->m, json_node_get_object (json_parser_get_root (p)), &ctx, error);
}

static void
ok (Fixture *f, const char *json)
{
  g_autoptr(GError) error = NULL;
  ck_assert_msg (apply (f, json, &error) == WB_APPLY_DONE, "%s: %s", json, error ? error->message : "");
}

/* Refused, with the rule's id in the message. */
static void
refused (Fixture *f, const char *json, const char *rule)
{
  g_autoptr(GError) error = NULL;
  ck_assert_msg (apply (f, json, &error) == WB_APPLY_REFUSED, "played: %s", json);
  ck_assert_msg (strstr (error->message, rule) != NULL, "%s: no %s in: %s", json, rule, error->message);
}

static char *
hex_of (Fixture *f, const char *unit)
{
  return wb_match_where_text (f->m, &wb_match_find_unit (f->m, unit)->where);
}

static const char *
last_event (Fixture *f)
{
  ck_assert_uint_gt (f->events->len, 0);
  return ((WbLogEvent *) g_ptr_array_index (f->events, f->events->len - 1))->text;
}

static WbOffset
hex_of_text (Fixture *f, const char *text)
{
  WbOffset h;
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (f->m->map), text, &h));
  return h;
}

/* A hex @unit could reach were it not for an enemy zone of control
 * stopping it on the way (the searches of wb-hex-movement.c with and
 * without WB_REACH_ZOC_STOPS). */
static void
beyond_zoc (Fixture *f, const char *unit, char target[8])
{
  SpiData *data = f->data;
  WbUnitState *u = wb_match_find_unit (f->m, unit);
  WbHexGraph *g = _wb_spi_graph (data, f->m, u, f->m->turn);
  g_autoptr(GArray) legal = f->family->destinations (f->data, f->m, unit);

  *target = '\0';
  ck_assert_ptr_nonnull (legal);
  _wb_spi_mark_enemies (data, f->m, u->side);
  wb_hex_graph_reach (g, u->where.hex, 6 * WB_MOVE_QUARTERS, data->enemy, data->zoc, 0);
  for (int r = 0; r < data->rows && !*target; r++)
    for (int c = 0; c < data->cols && !*target; c++)
      {
        gboolean in_legal = FALSE;

        if (wb_hex_graph_reached_cost (g, (WbOffset) { c, r }) <= 0 || data->zoc[r * data->cols + c])
          continue;
        for (guint i = 0; i < legal->len; i++)
          in_legal |= g_array_index (legal, WbDestination, i).where.hex.col == c &&
                      g_array_index (legal, WbDestination, i).where.hex.row == r;
        if (!in_legal)
          wb_hex_map_format_hex (data->map, (WbOffset) { c, r }, target, 8);
      }
  ck_assert_msg (*target, "no hex beyond a zone of control for %s", unit);
}

#define MOVE(unit, hex) "{\"type\": \"move\", \"unit\": \"" unit "\", \"to\": {\"hex\": \"" hex "\"}}"
#define ENTER(unit, hex) "{\"type\": \"enter\", \"unit\": \"" unit "\", \"at\": {\"hex\": \"" hex "\"}}"
#define END "{\"type\": \"end_step\"}"

START_TEST (test_sequence)
{
  Fixture f = { 0 };
  g_autofree char *step = NULL;

  setup (&f);
  /* 14.31: the Confederates first. */
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Confederate");
  step = f.family->describe_step (f.data, f.m);
  ck_assert_str_eq (step, "Movement Phase");
  ok (&f, END);
  ck_assert_int_eq (f.m->step, SPI_FIRST_COMBAT);
  ok (&f, END);
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Union");
  ck_assert_int_eq (f.m->step, SPI_SECOND_MOVEMENT);
  ok (&f, END);
  ok (&f, END);
  ck_assert_int_eq (f.m->turn, 2);
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Confederate");
  /* 10.0: turn 8 is a night turn: no Combat Phase. */
  while (f.m->turn < 8)
    ok (&f, END);
  ck_assert_int_eq (f.m->step, SPI_FIRST_MOVEMENT);
  ok (&f, END);
  ck_assert_int_eq (f.m->step, SPI_SECOND_MOVEMENT);
  ok (&f, END);
  ck_assert_int_eq (f.m->turn, 9);
  ck_assert_int_eq (f.m->step, SPI_FIRST_MOVEMENT);
  /* After the sixteenth turn the game is over. */
  while (!f.m->over)
    ok (&f, END);
  ck_assert_int_eq (f.m->turn, 16);
  /* 18.13: the objectives stay Confederate (held at the start): 3 × 15 VP. */
  ck_assert_str_eq (last_event (&f),
                    "Turn 16 (May 6, 8), Union: The last Game-Turn is over: Union 0 VP, Confederate 45 VP. Confederate wins, 45 VP to 0 (18.0).");
  ck_assert_int_eq (wb_match_winner (f.m), 1);
  /* 18.0: the higher total wins; equal totals are a draw. */
  f.m->vp[0] = 45;
  ck_assert_int_eq (wb_match_winner (f.m), -1);
  {
    g_autofree char *draw = wb_match_result_text (f.m);
    ck_assert_str_eq (draw, "A draw at 45 VP");
  }
  f.m->vp[0] = 50;
  ck_assert_int_eq (wb_match_winner (f.m), 0);
  teardown (&f);
}
END_TEST

START_TEST (test_movement)
{
  Fixture f = { 0 };
  g_autofree char *h = NULL;
  g_autoptr(GArray) dest = NULL;
  gboolean found = FALSE;

  setup (&f);
  /* 17.12: Confederates move through forest at 2 MP. */
  dest = f.family->destinations (f.data, f.m, "stafford");
  ck_assert_ptr_nonnull (dest);
  for (guint i = 0; i < dest->len; i++)
    {
      WbDestination *d = &g_array_index (dest, WbDestination, i);
      g_autofree char *t = wb_match_where_text (f.m, &d->where);
      if (strcmp (t, "0413") == 0)
        {
          ck_assert_int_eq (d->cost, 2 * WB_MOVE_QUARTERS);
          found = TRUE;
        }
      ck_assert_str_ne (t, "0616");   /* the enemy's hex */
    }
  ck_assert (found);
  ok (&f, MOVE ("stafford", "0413"));
  ck_assert_str_eq (last_event (&f), "Turn 1 (May 5, 1), Confederate: Stafrd (5) moves 0414 → 0413 (2 MP)");
  /* 5.17: once. */
  refused (&f, MOVE ("stafford", "0414"), "spi.moved-once");
  /* 5.12: never into an enemy hex. */
  refused (&f, MOVE ("stonewall", "0616"), "spi.enemy-hex");
  /* 6.0: a hex Steuart could reach if 1/1/V's zone of control (0517,
   * 0516, …) did not stop him is refused for that reason. */
  {
    SpiData *data = f.data;
    g_autofree char *json = NULL;
    char target[8];

    _wb_spi_mark_enemies (data, f.m, 1);
    ck_assert (data->zoc[15 * data->cols + 4] && data->zoc[16 * data->cols + 4]);   /* 0516, 0517 */
    beyond_zoc (&f, "steuart", target);
    json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"%s\"}}", target);
    refused (&f, json, "spi.zoc-stop");
  }
  /* 5.15: six Movement Points: 0420 is 12 MP of forest away. */
  refused (&f, MOVE ("steuart", "0420"), "spi.allowance");
  ok (&f, MOVE ("steuart", "0517"));
  /* 5.32: two units a hex. */
  ok (&f, MOVE ("stonewall", "0413"));
  ok (&f, MOVE ("doles", "0419"));
  refused (&f, MOVE ("battle", "0419"), "spi.stacking");
  /* 5.11: not the other side's units. */
  refused (&f, MOVE ("1-1-V", "0716"), "spi.phasing");
  h = hex_of (&f, "stafford");
  ck_assert_str_eq (h, "0413");

  /* 5.24: the ferry at 0203 is entered and left only along its road (from
   * 0202 and 0204), never from the bank beside it (0304). */
  {
    WbUnitState *u = wb_match_find_unit (f.m, "battle");
    WbHexGraph *g = _wb_spi_graph (f.data, f.m, u, 1);
    WbOffset ferry = hex_of_text (&f, "0203");

    ck_assert_uint_eq (wb_hex_graph_step_cost (g, hex_of_text (&f, "0202"),
                                               _wb_spi_direction (f.data, hex_of_text (&f, "0202"), ferry)),
                       1 * WB_MOVE_QUARTERS);
    ck_assert_uint_eq (wb_hex_graph_step_cost (g, hex_of_text (&f, "0304"),
                                               _wb_spi_direction (f.data, hex_of_text (&f, "0304"), ferry)),
                       WB_STEP_PROHIBITED);
    ck_assert_uint_eq (wb_hex_graph_step_cost (g, ferry, _wb_spi_direction (f.data, ferry, hex_of_text (&f, "0204"))),
                       1 * WB_MOVE_QUARTERS);
    ck_assert_uint_eq (wb_hex_graph_step_cost (g, ferry, _wb_spi_direction (f.data, ferry, hex_of_text (&f, "0304"))),
                       WB_STEP_PROHIBITED);
  }

  /* A rule set to warn: the move is played, the log says what it broke. */
  g_hash_table_insert (f.settings, (gpointer) "spi.zoc-stop", (gpointer) "warn");
  {
    char target[8];
    g_autofree char *json = NULL, *h2 = NULL;

    beyond_zoc (&f, "jones", target);
    json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"jones\", \"to\": {\"hex\": \"%s\"}}", target);
    ok (&f, json);
    ck_assert_ptr_nonnull (strstr (((WbLogEvent *) g_ptr_array_index (f.events, f.events->len - 2))->text,
                                   "rule broken (warned): "));
    ck_assert_ptr_nonnull (strstr (last_event (&f), "Jones"));
    h2 = hex_of (&f, "jones");
    ck_assert_str_eq (h2, target);
  }
  teardown (&f);
}
END_TEST

/* The family keeps what it works out (each unit's class and profiles, the
 * enemies' zones of control by their hexes, the hexsides, the movement
 * graphs): every unit's legal destinations in @a, which has played and
 * undone, are those of @b, prepared afresh and given the same actions. */
static void
assert_same_destinations (WbPlay *a, WbPlay *b, guint at)
{
  WbMatch *m = wb_play_get_state (a);

  for (guint i = 0; i < m->units->len; i++)
    {
      const char *id = g_array_index (m->units, WbUnitState, i).id;
      g_autoptr(GArray) da = wb_play_destinations (a, id);
      g_autoptr(GArray) db = wb_play_destinations (b, id);

      ck_assert_msg ((da == NULL) == (db == NULL), "%s after %u actions", id, at);
      if (da == NULL)
        continue;
      ck_assert_msg (da->len == db->len, "%s after %u actions: %u destinations, afresh %u", id, at, da->len,
                     db->len);
      for (guint k = 0; k < da->len; k++)
        {
          const WbDestination *x = &g_array_index (da, WbDestination, k);
          const WbDestination *y = &g_array_index (db, WbDestination, k);

          ck_assert_msg (wb_where_equal (&x->where, &y->where) && x->cost == y->cost,
                         "%s after %u actions: destination %u differs", id, at, k);
        }
    }
}

START_TEST (test_caches_follow_the_state)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GPtrArray) played = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  WbRng policy;
  guint checks = 0, acted = 0;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  play = wb_play_new (game, NULL, "historical", NULL, 11, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_rng_seed (&policy, 11, WB_RNG_MATCH_STREAM + 1);
  /* Three turns of automatic play: moves, reinforcements, combats and
   * retreats; every 97 actions the last three are undone and the play
   * compared with one that never played them. */
  while (played->len < 700)
    {
      JsonObject *a = wb_play_suggest (play, &policy);

      if (a == NULL)
        break;
      ck_assert_msg (wb_play_act (play, a, &error), "%s", error ? error->message : "");
      g_ptr_array_add (played, a);
      if (++acted % 97 == 0)
        {
          g_autoptr(WbPlay) fresh = wb_play_new (game, NULL, "historical", NULL, 11, &error);

          for (int k = 0; k < 3; k++)
            {
              ck_assert (wb_play_undo (play, NULL));
              g_ptr_array_remove_index (played, played->len - 1);
            }
          for (guint k = 0; k < played->len; k++)
            ck_assert_msg (wb_play_act (fresh, g_ptr_array_index (played, k), &error), "%s",
                           error ? error->message : "");
          assert_same_destinations (play, fresh, played->len);
          checks++;
        }
    }
  ck_assert_uint_ge (checks, 5);
}
END_TEST

/* 5.13, 6.3: a unit that starts its move in an enemy zone of control may
 * not leave it by moving: Stafford put beside 1/1/V (0616) in 0516 is
 * refused the way back to 0414, naming the rule. Set to warn, the move is
 * played and the log says which rule it broke; set to off, it is played
 * without a word. */
START_TEST (test_zoc_exit)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbPlay) play = NULL;
  const char *back = MOVE ("stafford", "0414");
  guint32 before;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0516\"}}");
  before = wb_journal_get_n_entries (wb_play_get_journal (play));
  {
    g_autoptr(GError) e = play_act (play, back);
    g_autofree char *w = NULL;

    ck_assert_ptr_nonnull (e);
    ck_assert_msg (strstr (e->message, "spi.zoc-exit") != NULL, "%s", e->message);
    ck_assert_msg (strstr (e->message, "enemy zone of control") != NULL, "%s", e->message);
    ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), before);
    w = wb_match_where_text (wb_play_get_state (play),
                             &wb_match_find_unit (wb_play_get_state (play), "stafford")->where);
    ck_assert_str_eq (w, "0516");
  }
  /* Warned: played, and the log names the rule. */
  play_ok (play, "{\"type\": \"set_rule\", \"rule\": \"spi.zoc-exit\", \"level\": \"warn\"}");
  play_ok (play, back);
  {
    GPtrArray *log = wb_play_get_log (play);
    const char *warned = ((WbLogEvent *) g_ptr_array_index (log, log->len - 2))->text;

    ck_assert_msg (strstr (warned, "rule broken (warned): ") != NULL && strstr (warned, "[spi.zoc-exit]") != NULL,
                   "%s", warned);
    ck_assert_msg (strstr (play_last_log (play), "0516 → 0414") != NULL, "%s", play_last_log (play));
  }
  /* Off: played, nothing said of the rule. */
  ck_assert (wb_play_undo (play, NULL));
  ck_assert (wb_play_undo (play, NULL));
  play_ok (play, "{\"type\": \"set_rule\", \"rule\": \"spi.zoc-exit\", \"level\": \"off\"}");
  play_ok (play, back);
  ck_assert_msg (strstr (play_last_log (play), "0516 → 0414") != NULL, "%s", play_last_log (play));
  {
    GPtrArray *log = wb_play_get_log (play);
    for (guint i = 0; i < log->len; i++)
      ck_assert_ptr_null (strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, "rule broken"));
  }
}
END_TEST

START_TEST (test_union_first_day)
{
  Fixture f = { 0 };

  setup (&f);
  ok (&f, END);
  ok (&f, END);
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Union");
  /* 17.21: on the first day, no forest except along roads and trails:
   * 0615 is forest with no road from 0616; 0716 is along the road. */
  refused (&f, MOVE ("1-1-V", "0615"), "spi.profile");
  ok (&f, MOVE ("1-1-V", "0716"));
  ck_assert_str_eq (last_event (&f), "Turn 1 (May 5, 1), Union: 1/1/V (12) moves 0616 → 0716 (1 MP)");
  /* 5.13: 2/1/V (0717) is not in a zone of control; the Confederates in
   * 0417 are too far. A Union unit the Confederates reach is locked. */
  teardown (&f);
}
END_TEST

START_TEST (test_reinforcements)
{
  Fixture f = { 0 };

  setup (&f);
  /* 16.1: Cooke and Kirkland arrive on turn 1 at 0128, in column; the play
   * view shows where they may come on. */
  {
    g_autoptr(GArray) at = f.family->destinations (f.data, f.m, "cooke");
    g_autofree char *t = NULL;
    ck_assert_ptr_nonnull (at);
    ck_assert_uint_eq (at->len, 1);
    t = wb_match_where_text (f.m, &g_array_index (at, WbDestination, 0).where);
    ck_assert_str_eq (t, "0128");
    ck_assert_ptr_null (f.family->destinations (f.data, f.m, "johnston"));   /* turn 5 */
  }
  ok (&f, ENTER ("cooke", "0128"));
  ck_assert_str_eq (last_event (&f),
                    "Turn 1 (May 5, 1), Confederate: Cooke (7) enters at 0128 (1 MP spent arriving in column)");
  /* 15.13: the entry hex is occupied: the nearest unoccupied hex. */
  refused (&f, ENTER ("kirkland", "0128"), "spi.reinforcement-hex");
  refused (&f, ENTER ("kirkland", "0120"), "spi.reinforcement-hex");
  ok (&f, ENTER ("kirkland", "0127"));
  ck_assert_ptr_nonnull (strstr (last_event (&f), "(2 MP spent arriving in column)"));
  /* The second in the column has 4 MP left. */
  ck_assert_int_eq (wb_match_find_unit (f.m, "kirkland")->data[SPI_DATA_SPENT], 2 * WB_MOVE_QUARTERS);
  /* Not yet: Johnston arrives on turn 5; the Union's II Corps on turn 4
   * and in its own phase. */
  refused (&f, ENTER ("johnston", "0118"), "spi.reinforcement-turn");
  refused (&f, ENTER ("2-3-II", "2326"), "spi.phasing");
  refused (&f, ENTER ("stafford", "0128"), "not a reinforcement");
  teardown (&f);
}
END_TEST

/* How many units are in @h. */
static guint
units_in (WbMatch *m, WbOffset h)
{
  guint n = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      n += u->where.kind == WB_WHERE_HEX && u->where.hex.col == h.col && u->where.hex.row == h.row;
    }
  return n;
}

/* 15.15: a reinforcement moves on with what arriving in column left it:
 * Kirkland, second in the column at 0128, has spent 2 of its 6 Movement
 * Points entering at 0127 and has 4 left: the play view offers hexes up to
 * 4 MP away, it moves to one of them, and a hex 5 MP away is refused for
 * the allowance (5.15). */
START_TEST (test_reinforcement_moves_on)
{
  Fixture f = { 0 };
  SpiData *data;
  WbUnitState *u;
  WbHexGraph *g;
  g_autoptr(GArray) dest = NULL;
  g_autofree char *json = NULL, *h = NULL;
  char four[8] = "", five[8] = "";
  int most = 0;

  setup (&f);
  data = f.data;
  ok (&f, ENTER ("cooke", "0128"));
  ok (&f, ENTER ("kirkland", "0127"));
  dest = f.family->destinations (f.data, f.m, "kirkland");
  ck_assert_ptr_nonnull (dest);
  for (guint i = 0; i < dest->len; i++)
    {
      const WbDestination *d = &g_array_index (dest, WbDestination, i);

      most = MAX (most, d->cost);
      if (d->cost == 4 * WB_MOVE_QUARTERS && !*four)
        wb_hex_map_format_hex (data->map, d->where.hex, four, sizeof four);
    }
  ck_assert_int_eq (most, 4 * WB_MOVE_QUARTERS);
  ck_assert (*four);
  /* A hex the whole 6 MP would reach at 5, with nobody in it. */
  u = wb_match_find_unit (f.m, "kirkland");
  g = _wb_spi_graph (data, f.m, u, f.m->turn);
  _wb_spi_mark_enemies (data, f.m, u->side);
  wb_hex_graph_reach (g, u->where.hex, 6 * WB_MOVE_QUARTERS, data->enemy, data->zoc, WB_REACH_ZOC_STOPS);
  for (int r = 0; r < data->rows && !*five; r++)
    for (int c = 0; c < data->cols && !*five; c++)
      if (wb_hex_graph_reached_cost (g, (WbOffset) { c, r }) == 5 * WB_MOVE_QUARTERS &&
          units_in (f.m, (WbOffset) { c, r }) == 0)
        wb_hex_map_format_hex (data->map, (WbOffset) { c, r }, five, sizeof five);
  ck_assert_msg (*five, "no hex 5 MP from Kirkland");
  json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"kirkland\", \"to\": {\"hex\": \"%s\"}}", five);
  refused (&f, json, "spi.allowance");
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"kirkland\", \"to\": {\"hex\": \"%s\"}}", four);
  ok (&f, json);
  ck_assert_msg (strstr (last_event (&f), "(4 MP)") != NULL, "%s", last_event (&f));
  h = hex_of (&f, "kirkland");
  ck_assert_str_eq (h, four);
  teardown (&f);
}
END_TEST

/* --- combat ------------------------------------------------------------------ */

static WbOffset
hex_at (Fixture *f, const char *text)
{
  WbOffset h;
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (f->m->map), text, &h));
  return h;
}

static void
hex_name (Fixture *f, WbOffset h, char buf[8])
{
  wb_hex_map_format_hex (WB_HEX_MAP (f->m->map), h, buf, 8);
}

/* Puts @unit in @hex (the test's set-up, not a move). */
static void
place (Fixture *f, const char *unit, const char *hex)
{
  WbUnitState *u = wb_match_find_unit (f->m, unit);

  ck_assert_ptr_nonnull (u);
  u->where.kind = WB_WHERE_HEX;
  u->where.hex = hex_at (f, hex);
  u->flags |= WB_UNIT_IN_SCENARIO;
}

/* The dice state whose next d6 is @face. */
static void
force_die (Fixture *f, int face)
{
  for (guint64 seed = 0; ; seed++)
    {
      WbRng r, probe;

      wb_rng_seed (&r, seed, WB_RNG_MATCH_STREAM);
      probe = r;
      if (wb_rng_die (&probe, 6) == face)
        {
          f->m->rng = r;
          return;
        }
    }
}

static gboolean
log_has (Fixture *f, const char *text)
{
  for (guint i = 0; i < f->events->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (f->events, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

/* The attacks on 1/2/V in 0516 by the units put around it, legal: 7.23,
 * an attacker beside 1/1/V (0616) that attacks another hex must attack
 * 1/1/V too unless another unit can — Doles in 0716 can; 7.12, Stonewall
 * and Steuart (0415, 0416, beside 0516) would have to join: they go to 0212 and 0213. */
static void
engage_0616 (Fixture *f)
{
  place (f, "doles", "0716");
  place (f, "stonewall", "0212");
  place (f, "steuart", "0213");
}

#define ATTACK2(a, b, hex) "{\"type\": \"attack\", \"attackers\": [\"" a "\", \"" b "\"], \"defenders\": [\"" hex "\"]}"

/* 7.0: 13 Strength Points against 4 are 3-1 (the rulebook's example); a
 * 2 is Dr; 1/2/V has nowhere to go — enemies, their zones of control and a
 * friendly hex in one — and is eliminated (7.72); a victor advances. */
START_TEST (test_attack_odds_and_blocked_retreat)
{
  Fixture f = { 0 };
  g_autofree char *h = NULL, *step = NULL;

  setup (&f);
  place (&f, "1-2-V", "0516");
  place (&f, "gordon", "0515");
  place (&f, "csa-0218", "0615");
  engage_0616 (&f);
  ok (&f, END);
  force_die (&f, 2);
  refused (&f, ATTACK2 ("gordon", "1-2-V", "0516"), "spi.phasing");
  ok (&f, ATTACK2 ("gordon", "csa-0218", "0516"));
  ck_assert_msg (log_has (&f, " attack 1/2/V (4) in 0516: 13 to 4 → 3-1, die 2 → Dr"), "%s", last_event (&f));
  /* The die goes with the attack's line. */
  for (guint i = 0; i < f.events->len; i++)
    {
      WbLogEvent *e = g_ptr_array_index (f.events, i);
      gboolean attack = strstr (e->text, "die 2 → Dr") != NULL;

      ck_assert_uint_eq (e->n_dice, attack ? 1 : 0);
      if (attack)
        ck_assert (e->dice[0] == 2 && e->dice_sides[0] == 6);
    }
  ck_assert (log_has (&f, "1/2/V (4) is eliminated"));
  ck_assert_int_eq (wb_match_find_unit (f.m, "1-2-V")->where.kind, WB_WHERE_ELIMINATED);
  /* 18.11: 3 VP a Union Strength Point, and the three objectives. */
  ck_assert_int_eq (f.m->vp[1], 45 + 3 * 4);
  /* 7.75: the Confederates may advance one unit into 0516. */
  step = f.family->describe_step (f.data, f.m);
  ck_assert_str_eq (step, "Combat Phase: advance after combat");
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Confederate");
  refused (&f, END, "Finish the combat");
  refused (&f, "{\"type\": \"advance\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0516\"}}", "7.75");
  ok (&f, "{\"type\": \"advance\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0516\"}}");
  h = hex_of (&f, "gordon");
  ck_assert_str_eq (h, "0516");
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_NONE);
  /* 7.14: once a Combat Phase. */
  refused (&f, ATTACK2 ("gordon", "csa-0218", "0616"), "spi.attack-once");
  teardown (&f);
}
END_TEST

/* 7.4, 9.0: rough doubles the defender: 13 against 4 in 0612 is 13 to 8,
 * 1-1; a 1 is Dr; the retreat may not enter a zone of control (7.72). */
START_TEST (test_rough_and_retreat)
{
  Fixture f = { 0 };
  g_autofree char *h = NULL;

  setup (&f);
  place (&f, "3-2-V", "0612");
  place (&f, "gordon", "0611");
  place (&f, "csa-0218", "0512");
  ok (&f, END);
  force_die (&f, 1);
  ok (&f, ATTACK2 ("gordon", "csa-0218", "0612"));
  ck_assert_msg (log_has (&f, " in 0612: 13 to 8 → 1-1, die 1 → Dr"), "%s", last_event (&f));
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Union");
  /* The Union answers the retreat, but it is still the Confederate player's
   * turn: no hot-seat hand-over for it. */
  ck_assert_str_eq (wb_match_side_name (f.m, f.family->player (f.data, f.m)), "Confederate");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"3-2-V\", \"to\": {\"hex\": \"0712\"}}", "spi.retreat");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"3-2-V\", \"to\": {\"hex\": \"0614\"}}", "spi.retreat");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"3-2-V\", \"to\": {\"hex\": \"0613\"}}");
  h = hex_of (&f, "3-2-V");
  ck_assert_str_eq (h, "0613");
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Confederate");
  ok (&f, "{\"type\": \"no_advance\"}");
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_NONE);
  teardown (&f);
}
END_TEST

/* 7.8: the only way back is into a full friendly hex: the retreating unit
 * displaces one there, which retreats in turn. */
START_TEST (test_displacement)
{
  Fixture f = { 0 };
  WbHexLayout layout;
  WbOffset h, n;
  char hx[8], nx[8], nex[8], nwx[8], sx[8], sex[8], nnx[8];
  g_autofree char *json = NULL;
  g_autofree char *where = NULL;

  setup (&f);
  layout = wb_hex_map_get_layout (WB_HEX_MAP (f.m->map));
  h = hex_at (&f, "1621");
  hex_name (&f, h, hx);
  n = wb_hex_neighbour (layout, h, 0);
  hex_name (&f, n, nx);
  hex_name (&f, wb_hex_neighbour (layout, n, 0), nnx);
  hex_name (&f, wb_hex_neighbour (layout, h, 1), nex);
  hex_name (&f, wb_hex_neighbour (layout, h, 5), nwx);
  hex_name (&f, wb_hex_neighbour (layout, h, 3), sx);
  hex_name (&f, wb_hex_neighbour (layout, h, 2), sex);
  place (&f, "1-2-V", hx);
  place (&f, "gordon", sx);
  place (&f, "2-2-V", nx);
  place (&f, "1-3-V", nx);
  place (&f, "3-3-V", nex);
  place (&f, "2-1-V", nex);
  place (&f, "3-1-V", nwx);
  place (&f, "1-1-V", nwx);
  ok (&f, END);
  /* 7 to 4 is 1-1; a 1 is Dr. */
  force_die (&f, 1);
  json = g_strdup_printf ("{\"type\": \"attack\", \"attackers\": [\"gordon\"], \"defenders\": [\"%s\"]}", hx);
  ok (&f, json);
  ck_assert_msg (log_has (&f, ": 7 to 4 → 1-1, die 1 → Dr"), "%s", last_event (&f));
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"retreat\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"%s\"}}", sex);
  refused (&f, json, "spi.retreat");
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"retreat\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"%s\"}}", nx);
  refused (&f, json, "displacing");
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"retreat\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"%s\"}, "
                          "\"displace\": \"2-2-V\"}", nx);
  ok (&f, json);
  ck_assert (log_has (&f, ", displacing 2/2/V (6)"));
  /* The displaced unit retreats now, from the hex the other took. */
  ck_assert_str_eq (wb_match_side_name (f.m, f.m->active), "Union");
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"retreat\", \"unit\": \"2-2-V\", \"to\": {\"hex\": \"%s\"}}", nnx);
  ok (&f, json);
  where = hex_of (&f, "2-2-V");
  ck_assert_str_eq (where, nnx);
  g_free (where);
  where = hex_of (&f, "1-2-V");
  ck_assert_str_eq (where, nx);
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_ADVANCE);
  teardown (&f);
}
END_TEST

/* 7.23: csa-0218 in 0615 is in the zones of control of 1/2/V (0516) and
 * 1/1/V (0616); attacking 0516 without 1/1/V, which no other unit can
 * attack, would leave 7.11 unfulfilled for the rest of the phase: refused.
 * Gordon alone is played; so is csa-0218 on 1/1/V alone, not on both
 * hexes, which would leave Gordon nobody to attack (7.12). */
START_TEST (test_attack_leaves_no_enemy_unengaged)
{
  Fixture f = { 0 };

  setup (&f);
  place (&f, "1-2-V", "0516");
  place (&f, "gordon", "0515");
  place (&f, "csa-0218", "0615");
  place (&f, "stonewall", "0212");
  place (&f, "steuart", "0213");
  ok (&f, END);
  refused (&f, ATTACK2 ("gordon", "csa-0218", "0516"), "7.23");
  /* Gordon alone (not beside 1/1/V) may attack 0516. */
  ok (&f, "{\"type\": \"attack\", \"attackers\": [\"gordon\"], \"defenders\": [\"0516\"]}");
  teardown (&f);

  setup (&f);
  place (&f, "1-2-V", "0516");
  place (&f, "gordon", "0515");
  place (&f, "csa-0218", "0615");
  place (&f, "stonewall", "0212");
  place (&f, "steuart", "0213");
  ok (&f, END);
  /* csa-0218 on both hexes would leave Gordon, held by 1/2/V alone, with
   * nobody to attack (7.12); on 1/1/V alone, Gordon still has 1/2/V. */
  refused (&f, "{\"type\": \"attack\", \"attackers\": [\"csa-0218\"], \"defenders\": [\"0516\", \"0616\"]}",
           "7.12");
  ok (&f, "{\"type\": \"attack\", \"attackers\": [\"csa-0218\"], \"defenders\": [\"0616\"]}");
  teardown (&f);
}
END_TEST

/* 7.6 Ex: the defender goes; the attacker loses units of at least as many
 * printed Strength Points, his choice. */
START_TEST (test_exchange)
{
  Fixture f = { 0 };

  setup (&f);
  place (&f, "1-2-V", "0516");
  place (&f, "gordon", "0515");
  place (&f, "csa-0218", "0615");
  engage_0616 (&f);
  ok (&f, END);
  force_die (&f, 6);
  ok (&f, ATTACK2 ("gordon", "csa-0218", "0516"));
  ck_assert (log_has (&f, "die 6 → Ex"));
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_EXCHANGE);
  refused (&f, "{\"type\": \"eliminate\", \"units\": []}", "at least 4");
  refused (&f, "{\"type\": \"eliminate\", \"units\": [\"stafford\"]}", "did not attack");
  ok (&f, "{\"type\": \"eliminate\", \"units\": [\"csa-0218\"]}");
  ck_assert_int_eq (wb_match_find_unit (f.m, "csa-0218")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_eq (wb_match_find_unit (f.m, "gordon")->where.kind, WB_WHERE_HEX);
  /* 18.1: 4 Union SP to the Confederates, 6 Confederate SP to the Union. */
  ck_assert_int_eq (f.m->vp[1], 45 + 12);
  ck_assert_int_eq (f.m->vp[0], 2 * 6);
  ok (&f, "{\"type\": \"no_advance\"}");
  teardown (&f);
}
END_TEST

/* 7.6 Ex: units of exactly the owed printed strength settle the exchange;
 * units of less are refused. Gordon (7) with Wright (4) and Perry (3)
 * attack 1/2/V (4): 14 to 4 is 3-1, a 6 is Ex and 4 SP are owed. */
START_TEST (test_exchange_exact)
{
  Fixture f = { 0 };

  setup (&f);
  place (&f, "1-2-V", "0516");
  place (&f, "gordon", "0515");
  place (&f, "wright", "0615");
  place (&f, "perry", "0615");
  engage_0616 (&f);
  ok (&f, END);
  force_die (&f, 6);
  ok (&f, "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"wright\", \"perry\"], \"defenders\": [\"0516\"]}");
  ck_assert_msg (log_has (&f, ": 14 to 4 → 3-1, die 6 → Ex"), "%s", last_event (&f));
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_EXCHANGE);
  ck_assert_int_eq (spi_state (f.m)->ex_needed, 2 * 4);
  /* Perry's 3 are less than the 4 owed. */
  refused (&f, "{\"type\": \"eliminate\", \"units\": [\"perry\"]}", "at least 4");
  ck_assert_int_eq (wb_match_find_unit (f.m, "perry")->where.kind, WB_WHERE_HEX);
  /* Wright's 4 are exactly the 4 owed. */
  ok (&f, "{\"type\": \"eliminate\", \"units\": [\"wright\"]}");
  ck_assert_int_eq (wb_match_find_unit (f.m, "wright")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_eq (wb_match_find_unit (f.m, "perry")->where.kind, WB_WHERE_HEX);
  ck_assert_int_eq (wb_match_find_unit (f.m, "gordon")->where.kind, WB_WHERE_HEX);
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_ADVANCE);
  /* 18.1: 2 VP a Confederate Strength Point lost. */
  ck_assert_int_eq (f.m->vp[0], 2 * 4);
  teardown (&f);
}
END_TEST

/* 7.6 Ex when the adjacent attackers are worth exactly what is owed: they
 * all go at once, nobody is asked to choose. 1/2/V (4) and the V and VI
 * Corps artillery (6 + 6) bombarding from 0703 attack Wright (4) in 0701:
 * 16 to 4 is 4-1, a 6 is Ex; bombarding artillery suffers nothing (8.15). */
START_TEST (test_exchange_all_owed)
{
  Fixture f = { 0 };

  setup (&f);
  ok (&f, END);
  ok (&f, END);
  ok (&f, END);
  ck_assert_int_eq (f.m->step, SPI_SECOND_COMBAT);
  place (&f, "wright", "0701");
  place (&f, "1-2-V", "0702");
  place (&f, "art-V", "0703");
  place (&f, "art-VI", "0703");
  force_die (&f, 6);
  ok (&f, "{\"type\": \"attack\", \"attackers\": [\"1-2-V\", \"art-V\", \"art-VI\"], \"defenders\": [\"0701\"]}");
  ck_assert_msg (log_has (&f, ": 16 to 4 → 4-1, die 6 → Ex"), "%s", last_event (&f));
  ck_assert_int_eq (wb_match_find_unit (f.m, "wright")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_eq (wb_match_find_unit (f.m, "1-2-V")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_ne (spi_state (f.m)->pending, SPI_PENDING_EXCHANGE);
  ck_assert_int_eq (wb_match_find_unit (f.m, "art-V")->where.kind, WB_WHERE_HEX);
  ck_assert_int_eq (wb_match_find_unit (f.m, "art-VI")->where.kind, WB_WHERE_HEX);
  teardown (&f);
}
END_TEST

/* 9.0: no attack across a creek but at a bridge or ford; 7.11/7.12: the
 * Combat Phase cannot end while adjacent units have not fought. */
START_TEST (test_creek_and_mandatory)
{
  Fixture f = { 0 };
  WbHexLayout layout;
  WbOffset across;
  char ax[8];
  g_autofree char *json = NULL;

  setup (&f);
  layout = wb_hex_map_get_layout (WB_HEX_MAP (f.m->map));
  across = wb_hex_neighbour (layout, hex_at (&f, "0210"), 2);   /* the creek is on 0210's SE side */
  hex_name (&f, across, ax);
  place (&f, "1-2-V", "0210");
  place (&f, "gordon", ax);
  ok (&f, MOVE ("stonewall", "0516"));   /* into 1/1/V's zone of control */
  ok (&f, END);
  json = g_strdup_printf ("{\"type\": \"attack\", \"attackers\": [\"gordon\"], \"defenders\": [\"0210\"]}");
  refused (&f, json, "spi.creek");
  refused (&f, END, "spi.mandatory");
  ck_assert_int_eq (f.m->step, SPI_FIRST_COMBAT);
  teardown (&f);
}
END_TEST

/* 8.0: artillery bombards from two or three hexes with a line of sight
 * (0515 → 0517 over clear 0516), suffers no result itself (8.15); forest
 * between blocks (8.33: 0514 → 0517 over forest 0515). */
START_TEST (test_bombardment)
{
  Fixture f = { 0 };
  const char *bombard = "{\"type\": \"attack\", \"attackers\": [\"csa-art-3\"], \"defenders\": [\"0517\"]}";
  g_autofree char *h = NULL;

  setup (&f);
  place (&f, "1-2-V", "0517");
  place (&f, "csa-art-3", "0514");
  ok (&f, END);
  refused (&f, bombard, "spi.bombard-range");   /* three hexes, over forest: no line of sight */
  place (&f, "csa-art-3", "0515");
  /* 2 to 4 is 1-2; a 4 is Ar: the bombarding battery suffers nothing
   * (8.15) but may elect to retreat (8.16). */
  force_die (&f, 4);
  ok (&f, bombard);
  ck_assert_msg (log_has (&f, "3 (2) attack 1/2/V (4) in 0517: 2 to 4 → 1-2, die 4 → Ar"), "%s", last_event (&f));
  h = hex_of (&f, "csa-art-3");
  ck_assert_str_eq (h, "0515");
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_RETREAT);
  ck_assert (_wb_spi_may_retreat (f.m));
  {
    g_autoptr(GPtrArray) offers = g_ptr_array_new ();
    ck_assert_str_eq (f.family->awaiting (f.data, f.m), "retreat");
    f.family->offers (f.data, f.m, offers);
    ck_assert_uint_eq (offers->len, 1);
    ck_assert_str_eq (((WbOffer *) g_ptr_array_index (offers, 0))->label, "Artillery Stays");
    g_free (((WbOffer *) g_ptr_array_index (offers, 0))->label);
    json_object_unref (((WbOffer *) g_ptr_array_index (offers, 0))->action);
    g_free (g_ptr_array_index (offers, 0));
  }
  refused (&f, END, "Finish the combat");
  /* It stays … */
  {
    g_autoptr(WbMatch) keep = wb_match_copy (f.m);
    ok (&f, "{\"type\": \"no_retreat\"}");
    ck_assert (log_has (&f, "3 (2) stays in place (8.16)"));
    ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_NONE);
    refused (&f, "{\"type\": \"no_retreat\"}", "No combat waits");
    wb_match_free (f.m);
    f.m = g_steal_pointer (&keep);
  }
  /* … or elects the retreat, by the retreat rules (not into the Union's
   * zone of control at 0516's neighbours). */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"csa-art-3\", \"to\": {\"hex\": \"0516\"}}", "spi.retreat");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"csa-art-3\", \"to\": {\"hex\": \"0514\"}}");
  g_free (h);
  h = hex_of (&f, "csa-art-3");
  ck_assert_str_eq (h, "0514");
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_NONE);
  teardown (&f);
}
END_TEST

/* Issue 14 item 2: what bombards is the class with the artillery role,
 * whatever its id: the Wilderness artillery without it may only attack
 * adjacent hexes (7.1), an infantry class given it bombards. */
START_TEST (test_artillery_role)
{
  Fixture f = { 0 };
  WbUnitType *artillery, *infantry;

  setup (&f);
  artillery = wb_game_find_unit_class (f.game, "artillery");
  infantry = wb_game_find_unit_class (f.game, "infantry");
  ck_assert (wb_roles_contain (artillery->roles, "artillery"));
  place (&f, "1-2-V", "0517");
  place (&f, "csa-art-3", "0515");
  ok (&f, END);
  g_ptr_array_set_size (artillery->roles, 0);
  refused (&f, "{\"type\": \"attack\", \"attackers\": [\"csa-art-3\"], \"defenders\": [\"0517\"]}", "spi.adjacent");
  place (&f, "csa-art-3", "0414");
  place (&f, "stafford", "0515");
  refused (&f, "{\"type\": \"attack\", \"attackers\": [\"stafford\"], \"defenders\": [\"0517\"]}", "spi.adjacent");
  g_ptr_array_add (infantry->roles, (gpointer) g_intern_string ("artillery"));
  force_die (&f, 4);
  ok (&f, "{\"type\": \"attack\", \"attackers\": [\"stafford\"], \"defenders\": [\"0517\"]}");
  ck_assert_msg (log_has (&f, "attack 1/2/V (4) in 0517"), "%s", last_event (&f));
  teardown (&f);
}
END_TEST

/* 8.32: a Line of Sight that runs exactly along a hexside is blocked only
 * when both hexes beside it block. 0512 → 0712 runs between 0611 (forest,
 * blocking) and 0612 (rough, which alone does not block, 8.33): the
 * battery bombards. 0610 → 0712 runs between 0611 and 0711, both forest:
 * refused. */
START_TEST (test_bombardment_along_a_hexside)
{
  Fixture f = { 0 };
  const char *bombard = "{\"type\": \"attack\", \"attackers\": [\"csa-art-3\"], \"defenders\": [\"0712\"]}";
  const struct { const char *hex; gboolean blocks; } beside[] = {
    { "0611", TRUE }, { "0612", FALSE }, { "0711", TRUE },
  };
  WbHexMap *map;

  setup (&f);
  map = WB_HEX_MAP (f.m->map);
  /* The map as the rule needs it: which hexes beside the lines block. */
  for (guint i = 0; i < G_N_ELEMENTS (beside); i++)
    {
      WbTerrainType *t = wb_game_find_terrain (f.game, wb_hex_map_get_terrain (map, hex_at (&f, beside[i].hex)));
      ck_assert_msg (t->blocks_los == beside[i].blocks, "%s: %s", beside[i].hex, t->id);
    }
  /* Both lines are two hexes long and run along a hexside: their middle
   * step is a tie between the two hexes named above. */
  {
    WbLosStep steps[3];
    WbHexLayout layout = wb_hex_map_get_layout (map);

    ck_assert_uint_eq (wb_hex_line (layout, hex_at (&f, "0512"), hex_at (&f, "0712"), steps, 3), 3);
    ck_assert (steps[1].tie);
    ck_assert_uint_eq (wb_hex_line (layout, hex_at (&f, "0610"), hex_at (&f, "0712"), steps, 3), 3);
    ck_assert (steps[1].tie);
  }
  place (&f, "1-2-V", "0712");
  place (&f, "csa-art-3", "0610");
  ok (&f, END);
  refused (&f, bombard, "spi.bombard-range");
  place (&f, "csa-art-3", "0512");
  /* 2 to 4 in forest (no effect on combat) is 1-2; a 1 is Dr. */
  force_die (&f, 1);
  ok (&f, bombard);
  ck_assert_msg (log_has (&f, "3 (2) attack 1/2/V (4) in 0712: 2 to 4 → 1-2, die 1 → Dr"), "%s", last_event (&f));
  ck_assert_int_eq (spi_state (f.m)->pending, SPI_PENDING_RETREAT);
  teardown (&f);
}
END_TEST

/* The Wilderness played as the play window plays it, from seed 1; with
 * @physical dice the players type their rolls. */
static WbPlay *
wilderness_play_full (WbGame **game, gboolean physical)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbPlay *play;

  *game = wb_game_load (file, NULL, &error);
  ck_assert_msg (*game != NULL, "%s", error ? error->message : "");
  play = wb_play_new_full (*game, NULL, "historical", NULL, 1, physical, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  return play;
}

static WbPlay *
wilderness_play (WbGame **game)
{
  return wilderness_play_full (game, FALSE);
}

static gboolean
play_log_has (WbPlay *play, const char *text)
{
  GPtrArray *log = wb_play_get_log (play);

  for (guint i = 0; i < log->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

#define OVERRIDE(unit, hex) "{\"type\": \"override_move\", \"unit\": \"" unit "\", \"to\": {\"hex\": \"" hex "\"}}"

/* 8.1: artillery bombards from as far as its range, three hexes in the
 * Wilderness (rules.params.artillery_range), and no further. Along the
 * straight line 1201 → 1302 → 1402 → 1503 → 1603, all clear (no hex
 * blocks the Line of Sight, 8.33), far from every other unit: the Third
 * Corps Artillery four hexes from 1/2/V is refused naming the rule; three
 * hexes away it bombards, 2 to 4 at 1-2. */
START_TEST (test_bombardment_range)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = wilderness_play (&game);
  const char *bombard = "{\"type\": \"attack\", \"attackers\": [\"csa-art-3\"], \"defenders\": [\"1201\"]}";
  const char *line[] = { "1201", "1302", "1402", "1503", "1603" };
  WbMatch *m = wb_play_get_state (play);
  WbHexMap *map = WB_HEX_MAP (m->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  WbOffset hexes[G_N_ELEMENTS (line)];
  guint32 before;

  /* The map as the test needs it. */
  for (guint i = 0; i < G_N_ELEMENTS (line); i++)
    {
      ck_assert (wb_hex_map_parse_hex (map, line[i], &hexes[i]));
      ck_assert_int_eq (wb_hex_distance (layout, hexes[0], hexes[i]), (int) i);
      ck_assert_msg (!wb_game_find_terrain (game, wb_hex_map_get_terrain (map, hexes[i]))->blocks_los, "%s", line[i]);
    }
  play_ok (play, OVERRIDE ("1-2-V", "1201"));
  play_ok (play, OVERRIDE ("csa-art-3", "1603"));
  play_ok (play, END);
  ck_assert_int_eq (wb_play_get_state (play)->step, SPI_FIRST_COMBAT);
  before = wb_journal_get_n_entries (wb_play_get_journal (play));
  {
    g_autoptr(GError) e = play_act (play, bombard);

    ck_assert_ptr_nonnull (e);
    ck_assert_msg (strstr (e->message, "no line of sight within 3 hexes") != NULL &&
                   strstr (e->message, "spi.bombard-range") != NULL, "%s", e->message);
    ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), before);
  }
  play_ok (play, OVERRIDE ("csa-art-3", "1503"));
  play_ok (play, bombard);
  ck_assert_msg (play_log_has (play, "3 (2) attack 1/2/V (4) in 1201: 2 to 4 → 1-2, die "), "%s",
                 play_last_log (play));
}
END_TEST

/* 7.9: the attacker may name lower odds than the attack's before the roll,
 * or the attack's own: Gordon (7) and the 2nd North Carolina (6) against
 * 1/2/V (4) are 13 to 4, 3-1. Naming 3-1 attacks at 3-1, naming 1-1 at
 * 1-1; 4-1 is higher, refused, and so is a column the table lacks. */
START_TEST (test_attack_names_lower_odds)
{
  static const struct { const char *odds; const char *column; } named[] = {
    { NULL, "3-1" }, { "3-1", "3-1" }, { "2-1", "2-1" }, { "1-1", "1-1" }, { "1-5", "1-5" },
  };
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = wilderness_play (&game);

  play_ok (play, OVERRIDE ("1-2-V", "0516"));
  play_ok (play, OVERRIDE ("gordon", "0515"));
  play_ok (play, OVERRIDE ("csa-0218", "0615"));
  play_ok (play, OVERRIDE ("doles", "0716"));   /* 7.23: 1/1/V is not left to csa-0218 alone */
  play_ok (play, OVERRIDE ("stonewall", "0212"));   /* 7.12: he would have to join */
  play_ok (play, OVERRIDE ("steuart", "0213"));     /* and Steuart (0416) too */
  play_ok (play, END);
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      g_autofree char *json = NULL, *logged = NULL;

      json = named[i].odds == NULL
        ? g_strdup (ATTACK2 ("gordon", "csa-0218", "0516"))
        : g_strdup_printf ("{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                           "\"defenders\": [\"0516\"], \"odds\": \"%s\"}", named[i].odds);
      logged = g_strdup_printf (" in 0516: 13 to 4 → %s, die ", named[i].column);
      play_ok (play, json);
      ck_assert_msg (play_log_has (play, logged), "%s: %s", json, play_last_log (play));
      ck_assert (wb_play_undo (play, NULL));
      ck_assert (!play_log_has (play, logged));
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *odds = i == 0 ? "4-1" : "7-1";
      g_autofree char *json = g_strdup_printf ("{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                                               "\"defenders\": [\"0516\"], \"odds\": \"%s\"}", odds);
      guint32 before = wb_journal_get_n_entries (wb_play_get_journal (play));
      g_autoptr(GError) e = play_act (play, json);

      ck_assert_msg (e != NULL, "played at %s", odds);
      ck_assert_msg (strstr (e->message, "may be lowered, not raised") != NULL, "%s", e->message);
      ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), before);
    }
}
END_TEST

/* 7.75, 5.32: an advance after combat never overstacks. In play by the
 * rules the hex a combat vacated is empty, but a designer may put units
 * in it before the advance (override_move): once it holds two, no third
 * may advance into it — the play view offers no advance and the action is
 * refused. Gordon and the 2nd North Carolina roll a 1 at 3-1 against 1/2/V
 * in 0516: De. */
START_TEST (test_advance_into_a_full_hex)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = wilderness_play_full (&game, TRUE);

  play_ok (play, OVERRIDE ("1-2-V", "0516"));
  play_ok (play, OVERRIDE ("gordon", "0515"));
  play_ok (play, OVERRIDE ("csa-0218", "0615"));
  play_ok (play, OVERRIDE ("doles", "0716"));   /* 7.23: 1/1/V is not left to csa-0218 alone */
  play_ok (play, OVERRIDE ("stonewall", "0212"));   /* 7.12: he would have to join */
  play_ok (play, OVERRIDE ("steuart", "0213"));     /* and Steuart (0416) too */
  play_ok (play, END);
  play_ok (play, "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], \"defenders\": [\"0516\"], "
                 "\"rolls\": [1]}");
  ck_assert_msg (play_log_has (play, " in 0516: 13 to 4 → 3-1, die 1 → De"), "%s", play_last_log (play));
  ck_assert_str_eq (wb_play_awaiting (play), "advance");
  /* One unit there: there is room for Gordon. */
  play_ok (play, OVERRIDE ("stafford", "0516"));
  {
    g_autoptr(GArray) dest = wb_play_destinations (play, "gordon");
    g_autofree char *t = NULL;

    ck_assert_ptr_nonnull (dest);
    ck_assert_uint_eq (dest->len, 1);
    t = wb_match_where_text (wb_play_get_state (play), &g_array_index (dest, WbDestination, 0).where);
    ck_assert_str_eq (t, "0516");
  }
  /* Two: full. */
  play_ok (play, OVERRIDE ("stonewall", "0516"));
  {
    g_autoptr(GArray) dest = wb_play_destinations (play, "gordon");
    g_autoptr(GError) e = play_act (play, "{\"type\": \"advance\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0516\"}}");
    g_autofree char *w = NULL;

    ck_assert (dest == NULL || dest->len == 0);
    ck_assert_ptr_nonnull (e);
    ck_assert_msg (strstr (e->message, "may not advance into 0516") != NULL, "%s", e->message);
    w = wb_match_where_text (wb_play_get_state (play), &wb_match_find_unit (wb_play_get_state (play), "gordon")->where);
    ck_assert_str_eq (w, "0515");
  }
  play_ok (play, "{\"type\": \"no_advance\"}");
}
END_TEST

static gboolean
road_or_trail (Fixture *f, WbOffset h)
{
  WbHexMap *map = WB_HEX_MAP (f->m->map);

  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      GPtrArray *fs = wb_hex_map_get_side_features (map, h, d);
      for (guint k = 0; fs != NULL && k < fs->len; k++)
        if (g_strcmp0 (g_ptr_array_index (fs, k), "road") == 0 || g_strcmp0 (g_ptr_array_index (fs, k), "trail") == 0)
          return TRUE;
    }
  return FALSE;
}

/* 17.35: a Train Defense unit may be displaced (7.8), but only where it
 * may be: a road or trail hex (17.34), alone (17.33), out of enemy zones
 * of control. Searched on the map: a road hex with the train unit, a
 * Union unit next to it that must retreat into it, displacing the train
 * unit — whose retreats are then all road or trail hexes with nobody in
 * them, though it has a free neighbour without road or trail. */
START_TEST (test_td_displacement)
{
  Fixture f = { 0 };
  SpiData *data;
  WbHexLayout layout;
  gboolean found = FALSE;

  setup (&f);
  data = f.data;
  layout = wb_hex_map_get_layout (WB_HEX_MAP (f.m->map));
  for (int row = 0; row < data->rows && !found; row++)
    for (int col = 0; col < data->cols && !found; col++)
      {
        WbOffset r = { col, row };

        if (!road_or_trail (&f, r) || units_in (f.m, r) > 0)
          continue;
        for (int d = 0; d < WB_HEX_DIRECTIONS && !found; d++)
          {
            WbOffset h = wb_hex_neighbour (layout, r, d);
            g_autoptr(WbMatch) base = NULL;
            g_autoptr(GPtrArray) displace = g_ptr_array_new ();
            g_autoptr(GArray) hexes = NULL;
            g_autofree char *json = NULL;
            char r_text[16];
            WbUnitState *u, *td;
            gboolean listed = FALSE, off_road_free = FALSE;

            if (!wb_hex_map_contains (WB_HEX_MAP (f.m->map), h) || units_in (f.m, h) > 0)
              continue;
            base = wb_match_copy (f.m);
            td = wb_match_find_unit (f.m, "td-6");
            u = wb_match_find_unit (f.m, "1-2-V");
            td->where.kind = WB_WHERE_HEX;
            td->where.hex = r;
            td->flags |= WB_UNIT_IN_SCENARIO;
            u->where.kind = WB_WHERE_HEX;
            u->where.hex = h;
            u->flags |= SPI_MUST_RETREAT;
            f.m->step = SPI_FIRST_COMBAT;
            spi_state (f.m)->pending = SPI_PENDING_RETREAT;
            f.m->active = u->side;
            hexes = _wb_spi_retreats (data, f.m, u, displace);
            for (guint i = 0; i < hexes->len; i++)
              if (g_array_index (hexes, WbOffset, i).col == r.col && g_array_index (hexes, WbOffset, i).row == r.row)
                listed = g_ptr_array_index (displace, i) == td;
            /* Only when the unit has no other retreat (7.81). */
            if (!listed || hexes->len != 1)
              {
                wb_match_free (f.m);
                f.m = g_steal_pointer (&base);
                continue;
              }
            wb_hex_map_format_hex (WB_HEX_MAP (f.m->map), r, r_text, sizeof r_text);
            json = g_strdup_printf ("{\"type\": \"retreat\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"%s\"}, "
                                    "\"displace\": \"td-6\"}", r_text);
            ok (&f, json);
            td = wb_match_find_unit (f.m, "td-6");
            ck_assert (td->flags & SPI_MUST_RETREAT);
            g_clear_pointer (&hexes, g_array_unref);
            hexes = _wb_spi_retreats (data, f.m, td, NULL);
            _wb_spi_mark_enemies (data, f.m, td->side);
            for (guint i = 0; i < hexes->len; i++)
              {
                WbOffset t = g_array_index (hexes, WbOffset, i);
                ck_assert (road_or_trail (&f, t));
                ck_assert_uint_eq (units_in (f.m, t), 0);
              }
            for (int k = 0; k < WB_HEX_DIRECTIONS; k++)
              {
                WbOffset n = wb_hex_neighbour (layout, r, k);
                if (wb_hex_map_contains (WB_HEX_MAP (f.m->map), n) && !road_or_trail (&f, n) &&
                    units_in (f.m, n) == 0 && !data->zoc[n.row * data->cols + n.col] &&
                    g_strcmp0 (wb_hex_map_get_terrain (WB_HEX_MAP (f.m->map), n), "river") != 0 &&
                    wb_hex_map_get_side_features (WB_HEX_MAP (f.m->map), r, k) == NULL)
                  off_road_free = TRUE;
              }
            if (!off_road_free)
              {
                wb_match_free (f.m);
                f.m = g_steal_pointer (&base);
                continue;
              }
            found = TRUE;
          }
      }
  ck_assert_msg (found, "no road hex on the map to test 17.35 with");
  teardown (&f);
}
END_TEST

/* Physical dice: the players type their roll; a cell the rulebook does
 * not give: the players give the result. */
START_TEST (test_physical_dice_and_unknown_cells)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  WbTable *crt;
  WbTableRow *row;

  setup (&f);
  place (&f, "1-2-V", "0612");
  place (&f, "gordon", "0611");
  place (&f, "csa-0218", "0512");
  ok (&f, END);
  /* 1-1, row 3 is Dr in the printed table; make it unknown. */
  crt = wb_game_find_table (f.game, "crt");
  row = g_ptr_array_index (wb_table_get_rows (crt), 2);
  g_free (row->cells->pdata[4]);
  row->cells->pdata[4] = g_strdup ("?");
  {
    g_autoptr(JsonParser) p = json_parser_new ();
    WbRuleContext ctx = { f.settings, f.events, f.family->checks, f.family->n_checks, TRUE };
    const char *no_dice = ATTACK2 ("gordon", "csa-0218", "0612");
    const char *bad_die = "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                          "\"defenders\": [\"0612\"], \"rolls\": [7]}";
    const char *unknown = "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                          "\"defenders\": [\"0612\"], \"rolls\": [3]}";
    const char *given = "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                        "\"defenders\": [\"0612\"], \"rolls\": [3], \"result\": \"De\"}";
    const char *cases[] = { no_dice, bad_die, unknown };
    const char *words[] = { "The players roll", "1 to 6, not 7", "the players give it" };
    const WbRulesError codes[] = { WB_RULES_ERROR_NEEDS_ROLL, WB_RULES_ERROR_RANGE, WB_RULES_ERROR_NEEDS_RESULT };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(WbMatch) copy = wb_match_copy (f.m);
        g_clear_error (&error);
        ck_assert (json_parser_load_from_data (p, cases[i], -1, NULL));
        ck_assert_int_eq (f.family->apply (f.data, copy, json_node_get_object (json_parser_get_root (p)),
                                           &ctx, &error), WB_APPLY_REFUSED);
        ck_assert_msg (strstr (error->message, words[i]) != NULL, "%s", error->message);
        ck_assert (g_error_matches (error, WB_RULES_ERROR, codes[i]));
      }
    /* The play window asks the players for the cell: which one it is. */
    ck_assert_ptr_eq (ctx.needed_table, crt);
    ck_assert_int_eq (ctx.needed_column, 4);
    ck_assert_int_eq (ctx.needed_roll, 3);
    ck_assert (json_parser_load_from_data (p, given, -1, NULL));
    ck_assert_int_eq (f.family->apply (f.data, f.m, json_node_get_object (json_parser_get_root (p)),
                                       &ctx, &error), WB_APPLY_DONE);
    /* 13 to 8 in rough, 1-1; the typed 3 and the players' De. */
    ck_assert_msg (log_has (&f, ": 13 to 8 → 1-1, die 3 → De"), "%s", last_event (&f));
    ck_assert_int_eq (wb_match_find_unit (f.m, "1-2-V")->where.kind, WB_WHERE_ELIMINATED);
  }
  teardown (&f);
}
END_TEST

static Suite *
spi_suite (void)
{
  Suite *s = suite_create ("spi");
  TCase *tc = tcase_create ("spi");

  tcase_add_test (tc, test_sequence);
  tcase_add_test (tc, test_movement);
  tcase_add_test (tc, test_zoc_exit);
  tcase_add_test (tc, test_caches_follow_the_state);
  tcase_add_test (tc, test_union_first_day);
  tcase_add_test (tc, test_reinforcements);
  tcase_add_test (tc, test_reinforcement_moves_on);
  tcase_add_test (tc, test_attack_odds_and_blocked_retreat);
  tcase_add_test (tc, test_rough_and_retreat);
  tcase_add_test (tc, test_displacement);
  tcase_add_test (tc, test_exchange);
  tcase_add_test (tc, test_attack_leaves_no_enemy_unengaged);
  tcase_add_test (tc, test_exchange_exact);
  tcase_add_test (tc, test_exchange_all_owed);
  tcase_add_test (tc, test_creek_and_mandatory);
  tcase_add_test (tc, test_physical_dice_and_unknown_cells);
  tcase_add_test (tc, test_td_displacement);
  tcase_add_test (tc, test_bombardment);
  tcase_add_test (tc, test_artillery_role);
  tcase_add_test (tc, test_bombardment_along_a_hexside);
  tcase_add_test (tc, test_bombardment_range);
  tcase_add_test (tc, test_attack_names_lower_odds);
  tcase_add_test (tc, test_advance_into_a_full_hex);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (spi_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
