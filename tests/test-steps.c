/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-steps"

#include "config.h"

#include <check.h>
#include <string.h>

#include "bg-fixture.h"
#include "play-common.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/bg/wb-bg-fight.h"

/* The steps the families describe for the play UI (rules/wb-step.h): at
 * given states, the things the player may pick — the legal candidates,
 * the family's own — and the action the picks make, which must be what
 * the play window built before the families described their steps (the
 * same JSON, member for member); the Blue & Gray battle board as a
 * generic board. */

static char *
text_of (JsonObject *action)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  ck_assert_ptr_nonnull (action);
  json_node_set_object (node, action);
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

static WbPickList *
list (WbStep *step, guint l)
{
  ck_assert_uint_lt (l, step->lists->len);
  return g_ptr_array_index (step->lists, l);
}

static gboolean
has (WbStep *step, guint l, const char *value)
{
  return wb_pick_list_find (list (step, l), value) != NULL;
}

/* The action @picks make in @play's step, as JSON text (NULL: none). */
static char *
play_action (WbPlay *play, WbPicks *picks)
{
  g_autoptr(JsonObject) a = wb_play_step_action (play, picks);

  return a != NULL ? text_of (a) : NULL;
}

static WbPlay *
wilderness (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  WbPlay *play;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  return play;
}

/* Forces the next d6 of the match. */
static void
force_die (WbPlay *play, int face)
{
  for (guint64 seed = 0; ; seed++)
    {
      WbRng r, probe;
      wb_rng_seed (&r, seed, WB_RNG_MATCH_STREAM);
      probe = r;
      if (wb_rng_die (&probe, 6) == face)
        {
          wb_play_get_state (play)->rng = r;
          return;
        }
    }
}

/* SPI movement: a unit of the side to act with somewhere to go, then one
 * of its hexes (with the costs the highlights show); a waiting
 * reinforcement enters at its hex; a unit that moved is no candidate. */
START_TEST (test_spi_move)
{
  g_autoptr(WbPlay) play = wilderness ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = wb_play_step (play, picks);
  g_autoptr(GArray) dest = NULL;
  g_autofree char *a = NULL;
  WbMatch *m = wb_play_get_state (play);

  ck_assert_uint_eq (step->lists->len, 2);
  ck_assert_int_eq (list (step, 0)->kind, WB_PICK_UNIT);
  ck_assert (list (step, 0)->flags & WB_PICK_LEADS);
  ck_assert_uint_eq (list (step, 0)->max, 1);
  ck_assert_int_eq (list (step, 1)->kind, WB_PICK_HEX);
  ck_assert (step->auto_act);
  ck_assert (strstr (step->hint, "Click a unit") != NULL);
  ck_assert (has (step, 0, "stafford"));
  ck_assert (has (step, 0, "cooke"));            /* a reinforcement due now */
  ck_assert (!has (step, 0, "1-2-V"));           /* the enemy's */
  ck_assert_uint_eq (list (step, 1)->candidates->len, 0);
  ck_assert_ptr_null (wb_play_step_action (play, picks));

  /* Stafford picked: its destinations, as the family gives them. */
  wb_picks_add (picks, 0, "stafford");
  g_clear_pointer (&step, wb_step_free);
  step = wb_play_step (play, picks);
  dest = wb_play_destinations (play, "stafford");
  ck_assert_uint_eq (list (step, 1)->candidates->len, dest->len);
  ck_assert (has (step, 1, "0413"));
  for (guint i = 0; i < dest->len; i++)
    {
      const WbDestination *d = &g_array_index (dest, WbDestination, i);
      g_autofree char *hex = wb_step_place_value (m, &d->where, NULL);

      ck_assert_int_eq (wb_pick_list_find (list (step, 1), hex)->cost, d->cost);
    }
  ck_assert_ptr_null (wb_play_step_action (play, picks));
  wb_picks_add (picks, 1, "0413");
  a = play_action (play, picks);
  ck_assert_str_eq (a, "{\"type\":\"move\",\"unit\":\"stafford\",\"to\":{\"hex\":\"0413\"}}");
  play_ok (play, a);
  g_clear_pointer (&step, wb_step_free);
  step = wb_play_step (play, NULL);
  ck_assert (!has (step, 0, "stafford"));
  ck_assert_str_eq (list (step, 0)->refusal, "These units cannot move now");

  /* A reinforcement: enter, at. */
  wb_picks_clear (picks);
  wb_picks_add (picks, 0, "cooke");
  wb_picks_add (picks, 1, "0128");
  g_free (a);
  a = play_action (play, picks);
  ck_assert_str_eq (a, "{\"type\":\"enter\",\"unit\":\"cooke\",\"at\":{\"hex\":\"0128\"}}");
  ck_assert_uint_eq (wb_match_find_unit (wb_play_get_state (play), "cooke")->where.kind, WB_WHERE_WAITING);
}
END_TEST

/* SPI combat: attackers (a hex's units together) and the hexes of the
 * enemy, played with the main button after the odds; the defender's
 * retreat (a unit, then a hex out of the enemy's zone of control); the
 * advance, or No Advance. */
START_TEST (test_spi_combat)
{
  g_autoptr(WbPlay) play = wilderness ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autofree char *a = NULL;

  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0612\"}}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0611\"}}");
  play_ok (play, "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"0512\"}}");
  play_ok (play, "{\"type\": \"end_step\"}");
  step = wb_play_step (play, picks);
  ck_assert_uint_eq (step->lists->len, 2);
  ck_assert (list (step, 0)->flags & WB_PICK_GROUP);
  ck_assert (has (step, 0, "gordon"));
  ck_assert (has (step, 0, "csa-0218"));
  ck_assert (!has (step, 0, "1-2-V"));
  ck_assert (has (step, 1, "0612"));
  ck_assert (!has (step, 1, "0611"));
  ck_assert (!step->auto_act);
  ck_assert (step->preview);
  ck_assert_str_eq (step->act_label, "_Attack");
  wb_picks_add (picks, 0, "gordon");
  wb_picks_add (picks, 0, "csa-0218");
  ck_assert_ptr_null (wb_play_step_action (play, picks));
  wb_picks_add (picks, 1, "0612");
  a = play_action (play, picks);
  ck_assert_str_eq (a, "{\"type\":\"attack\",\"attackers\":[\"gordon\",\"csa-0218\"],\"defenders\":[\"0612\"]}");
  force_die (play, 1);
  play_ok (play, a);

  /* The Union's retreat: 1-2-V, to 0613 (0712 is in the attackers' zone). */
  g_clear_pointer (&step, wb_step_free);
  wb_picks_clear (picks);
  step = wb_play_step (play, picks);
  ck_assert_uint_eq (list (step, 0)->candidates->len, 1);
  ck_assert (has (step, 0, "1-2-V"));
  ck_assert_str_eq (list (step, 0)->refusal, "None of these units can do that now");
  wb_picks_add (picks, 0, "1-2-V");
  g_clear_pointer (&step, wb_step_free);
  step = wb_play_step (play, picks);
  ck_assert (has (step, 1, "0613"));
  ck_assert (!has (step, 1, "0712"));
  wb_picks_add (picks, 1, "0613");
  g_free (a);
  a = play_action (play, picks);
  ck_assert_str_eq (a, "{\"type\":\"retreat\",\"unit\":\"1-2-V\",\"to\":{\"hex\":\"0613\"}}");
  play_ok (play, a);

  /* The advance: Gordon into 0612, or No Advance. */
  g_clear_pointer (&step, wb_step_free);
  wb_picks_clear (picks);
  step = wb_play_step (play, picks);
  ck_assert (has (step, 0, "gordon"));
  ck_assert_uint_eq (step->buttons->len, 1);
  ck_assert_str_eq (((WbStepButton *) g_ptr_array_index (step->buttons, 0))->label, "_No Advance");
  g_free (a);
  a = text_of (((WbStepButton *) g_ptr_array_index (step->buttons, 0))->action);
  ck_assert_str_eq (a, "{\"type\":\"no_advance\"}");
  wb_picks_add (picks, 0, "gordon");
  wb_picks_add (picks, 1, "0612");
  g_free (a);
  a = play_action (play, picks);
  ck_assert_str_eq (a, "{\"type\":\"advance\",\"unit\":\"gordon\",\"to\":{\"hex\":\"0612\"}}");
}
END_TEST

/* 7.8: the only way back is into a full friendly hex: the retreat the
 * picks make displaces the unit there the rules would displace (the play
 * window tried each until the rules took one), and the rules take it. */
START_TEST (test_spi_displacement)
{
  g_autoptr(WbPlay) play = wilderness ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autoptr(JsonObject) action = NULL;
  WbHexMap *map = WB_HEX_MAP (wb_play_get_state (play)->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  WbOffset h, n;
  char hx[32], nx[32], nex[32], nwx[32], sx[32];
  const struct { const char *unit; const char *hex; } setup[] = {
    { "1-2-V", hx }, { "gordon", sx }, { "2-2-V", nx }, { "1-3-V", nx },
    { "3-3-V", nex }, { "2-1-V", nex }, { "3-1-V", nwx }, { "1-1-V", nwx },
  };
  WbPreview preview;
  g_autoptr(GError) error = NULL;

  ck_assert (wb_hex_map_parse_hex (map, "1621", &h));
  wb_hex_map_format_hex (map, h, hx, sizeof hx);
  n = wb_hex_neighbour (layout, h, 0);
  wb_hex_map_format_hex (map, n, nx, sizeof nx);
  wb_hex_map_format_hex (map, wb_hex_neighbour (layout, h, 1), nex, sizeof nex);
  wb_hex_map_format_hex (map, wb_hex_neighbour (layout, h, 5), nwx, sizeof nwx);
  wb_hex_map_format_hex (map, wb_hex_neighbour (layout, h, 3), sx, sizeof sx);
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"type\": \"override_move\", \"unit\": \"%s\", "
                                               "\"to\": {\"hex\": \"%s\"}}", setup[i].unit, setup[i].hex);
      play_ok (play, json);
    }
  play_ok (play, "{\"type\": \"end_step\"}");
  force_die (play, 1);
  {
    g_autofree char *json = g_strdup_printf ("{\"type\": \"attack\", \"attackers\": [\"gordon\"], "
                                             "\"defenders\": [\"%s\"]}", hx);
    play_ok (play, json);
  }
  wb_picks_add (picks, 0, "1-2-V");
  step = wb_play_step (play, picks);
  ck_assert (has (step, 0, "1-2-V"));
  ck_assert (has (step, 1, nx));
  wb_picks_add (picks, 1, nx);
  action = wb_play_step_action (play, picks);
  ck_assert_ptr_nonnull (action);
  ck_assert_str_eq (json_object_get_string_member (action, "type"), "retreat");
  ck_assert (json_object_has_member (action, "displace"));
  ck_assert_msg (wb_play_preview (play, action, &preview, &error), "%s", error != NULL ? error->message : "");
  g_free (preview.text);
  /* Without the displacement the rules refuse it. */
  json_object_remove_member (action, "displace");
  ck_assert (!wb_play_preview (play, action, &preview, NULL));
}
END_TEST

/* Over, and what a click on the map says then. */
START_TEST (test_over)
{
  g_autoptr(WbPlay) play = wilderness ();
  g_autoptr(WbStep) step = NULL;

  wb_play_get_state (play)->over = TRUE;
  step = wb_play_step (play, NULL);
  ck_assert_uint_eq (step->lists->len, 0);
  ck_assert_str_eq (step->refusal, "The game is over");
  ck_assert_ptr_null (wb_play_board (play));
}
END_TEST

/* ---- Blue & Gray ---- */

static WbStep *
bg_step (Fixture *f, WbPicks *picks)
{
  WbStep *step = wb_step_new ();

  f->family->step (f->data, f->m, picks, step);
  return step;
}

static char *
bg_action (Fixture *f, WbPicks *picks)
{
  g_autoptr(JsonObject) a = f->family->step_action (f->data, f->m, picks);

  return a != NULL ? text_of (a) : NULL;
}

/* The box @id stands in on @board, or "". */
static const char *
box_of (WbBoard *board, const char *id)
{
  int i = wb_board_find_unit (board, id);
  int box;

  if (i < 0)
    return "";
  box = g_array_index (board->units, WbBoardUnit, i).box;
  return box >= 0 ? g_array_index (board->boxes, WbBoardBox, box).title : "";
}

/* Base 13, the rulebook's example: VI across the mountain and the river,
 * VIII through Salem, XIX to Salem; the battle at Snickersville. */
START_TEST (test_bg_battle_board)
{
  Fixture f;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autoptr(WbBoard) board = NULL;
  g_autofree char *a = NULL;

  setup (&f, "jackson-sheridan", "1864");
  f.physical = TRUE;
  clear_map (&f, "vi", "viii", "xix", "eaa", NULL);
  put (&f, "vi", "winchester");
  put (&f, "viii", "front-royal");
  put (&f, "xix", "harrisonburg");
  put (&f, "eaa", "snickersville");
  unit (&f, "viii")->halves = 8;
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"to\": \"snickersville\"}");
  ok (&f, "{\"type\": \"move\", \"unit\": \"viii\", \"to\": \"snickersville\"}");
  ok (&f, "{\"type\": \"move\", \"unit\": \"xix\", \"to\": \"salem\"}");
  ok (&f, "{\"type\": \"end_step\"}");

  /* The battles step: any location, played at once. */
  step = bg_step (&f, picks);
  ck_assert_uint_eq (step->lists->len, 1);
  ck_assert_int_eq (list (step, 0)->kind, WB_PICK_LOCATION);
  ck_assert (list (step, 0)->flags & WB_PICK_ANY);
  ck_assert (step->auto_act);
  wb_picks_add (picks, 0, "snickersville");
  a = bg_action (&f, picks);
  ck_assert_str_eq (a, "{\"type\":\"battle\",\"location\":\"snickersville\"}");
  ok (&f, a);

  /* The board: the defender above, VI in the river line, XIX beside. */
  board = f.family->board (f.data, f.m);
  ck_assert_ptr_nonnull (board);
  ck_assert_str_eq (board->title, "Battle at Snickersville · round 1 · Confederate: Battle fire");
  ck_assert_str_eq (box_of (board, "eaa"), "Defender Line");
  ck_assert_str_eq (box_of (board, "viii"), "Attacker Line");
  ck_assert_str_eq (box_of (board, "vi"), "River / Mountain Line (−1 die)");
  ck_assert_str_eq (box_of (board, "xix"), "May reinforce");
  ck_assert_int_eq (board->front_after, 1);
  {
    const WbBoardUnit *viii = &g_array_index (board->units, WbBoardUnit, wb_board_find_unit (board, "viii"));
    ck_assert_str_eq (viii->label, "VIII");
    ck_assert_str_eq (viii->value, "4 SP");
    ck_assert_int_eq (viii->dice, 3);
  }
  /* A roll: no picks; a click on the board says so. */
  g_clear_pointer (&step, wb_step_free);
  wb_picks_clear (picks);
  step = bg_step (&f, picks);
  ck_assert_uint_eq (step->lists->len, 0);
  ck_assert_str_eq (step->board_refusal, "The battle waits for a roll: the prompt's Roll button");
  ck_assert (strstr (step->refusal, "battle board") != NULL);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 6, 1, 2]}");

  /* Two hits for the Union: its line units, a hit a click, up to two. */
  g_clear_pointer (&step, wb_step_free);
  step = bg_step (&f, picks);
  ck_assert_uint_eq (step->lists->len, 1);
  ck_assert_int_eq (list (step, 0)->kind, WB_PICK_BOARD_UNIT);
  ck_assert (list (step, 0)->flags & WB_PICK_REPEAT);
  ck_assert_uint_eq (list (step, 0)->max, 2);
  ck_assert_str_eq (list (step, 0)->badge, "−");
  ck_assert (has (step, 0, "viii"));
  ck_assert (has (step, 0, "vi"));
  ck_assert (!has (step, 0, "eaa"));
  ck_assert_str_eq (g_hash_table_lookup (list (step, 0)->reasons, "eaa"), "The hits fall on the other side's units");
  ck_assert_str_eq (step->act_label, "_Apply Hits");
  ck_assert_str_eq (step->summary, "Hits: none yet (0 of 2)");
  ck_assert_ptr_null (bg_action (&f, picks));
  wb_picks_add (picks, 0, "viii");
  g_clear_pointer (&step, wb_step_free);
  step = bg_step (&f, picks);
  ck_assert_str_eq (step->summary, "Hits: VIII Corps (1 of 2)");
  wb_picks_add (picks, 0, "viii");
  g_clear_pointer (&step, wb_step_free);
  step = bg_step (&f, picks);
  ck_assert_str_eq (step->summary, "Hits: VIII Corps ×2 (2 of 2)");
  ck_assert (!has (step, 0, "vi"));
  ck_assert_str_eq (g_hash_table_lookup (list (step, 0)->reasons, "vi"),
                    "All 2 hits are assigned: Apply Hits, or Clear to choose again");
  g_free (a);
  a = bg_action (&f, picks);
  ck_assert_str_eq (a, "{\"type\":\"battle_allocate\",\"units\":[\"viii\",\"viii\"]}");
  ok (&f, a);
  g_clear_pointer (&board, wb_board_free);
  board = f.family->board (f.data, f.m);
  ck_assert_str_eq (board->title, "Battle at Snickersville · round 1 · Union: Battle fire");
  teardown (&f);
}
END_TEST

/* Base 2, 11.1: Petersburg's fortified city line holds two of the three
 * defending line units; the defender picks them, or none. */
START_TEST (test_bg_fortify)
{
  Fixture f;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autofree char *a = NULL;

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "csa-g-petersburg", "csa-i-a", "csa-iii", NULL);
  put (&f, "union-vi", "petersburg");
  put (&f, "csa-g-petersburg", "petersburg");
  put (&f, "csa-i-a", "petersburg");
  put (&f, "csa-iii", "petersburg");
  f.m->step = f.m->first_side == UNION ? BG_FIRST_BATTLES : BG_SECOND_BATTLES;
  f.m->active = UNION;
  unit (&f, "union-vi")->data[BG_DATA_FROM] = _wb_bg_loc_id (f.data, "city-point") + 1;
  ok (&f, "{\"type\": \"battle\", \"location\": \"petersburg\"}");

  step = bg_step (&f, picks);
  ck_assert_uint_eq (list (step, 0)->min, 0);
  ck_assert_uint_eq (list (step, 0)->max, 2);
  ck_assert (has (step, 0, "csa-i-a"));
  ck_assert (has (step, 0, "csa-iii"));
  ck_assert (has (step, 0, "csa-g-petersburg"));
  ck_assert (!has (step, 0, "union-vi"));
  ck_assert_str_eq (step->act_label, "_Fortify");
  /* None picked is an answer too. */
  a = bg_action (&f, picks);
  ck_assert_str_eq (a, "{\"type\":\"battle_fortify\",\"units\":[]}");
  wb_picks_add (picks, 0, "csa-i-a");
  wb_picks_add (picks, 0, "csa-iii");
  g_clear_pointer (&step, wb_step_free);
  step = bg_step (&f, picks);
  ck_assert (has (step, 0, "csa-i-a"));        /* to unpick it */
  ck_assert (!has (step, 0, "csa-g-petersburg"));
  ck_assert_str_eq (g_hash_table_lookup (list (step, 0)->reasons, "csa-g-petersburg"),
                    "The fortified city line holds 2 units");
  ck_assert (g_str_has_prefix (step->summary, "Fortified city line: "));
  ck_assert (g_str_has_suffix (step->summary, "(2 of 2)"));
  g_free (a);
  a = bg_action (&f, picks);
  ck_assert_str_eq (a, "{\"type\":\"battle_fortify\",\"units\":[\"csa-i-a\",\"csa-iii\"]}");
  ok (&f, a);
  teardown (&f);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-steps");
  TCase *tc = tcase_create ("steps");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_spi_move);
  tcase_add_test (tc, test_spi_combat);
  tcase_add_test (tc, test_spi_displacement);
  tcase_add_test (tc, test_over);
  tcase_add_test (tc, test_bg_battle_board);
  tcase_add_test (tc, test_bg_fortify);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (make_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? 0 : 1;
}
