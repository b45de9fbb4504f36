/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-bg"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "bg-fixture.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/wb-play.h"
#include "rules/wb-hex-movement.h"
#include "play-common.h"

/* The Blue & Gray Campaign family on the bundled Jackson & Sheridan (1862,
 * 1864) and Grant's Gamble: parameters per scenario year, the sequence of
 * play with physical dice (weather, rain twice, CAP, replacements), the
 * movement of the base rules' Movement & Battle Example, supply, screening,
 * cavalry alone, free movement, leaders, rail and amphibious limits, the
 * battle step and each victory rule, and automatic games to the end. */

static const char *
last_event (Fixture *f)
{
  ck_assert_uint_gt (f->events->len, 0);
  return ((WbLogEvent *) g_ptr_array_index (f->events, f->events->len - 1))->text;
}

static gboolean
can_reach (Fixture *f, const char *id, const char *loc, int *cost)
{
  g_autoptr(GArray) d = f->family->destinations (f->data, f->m, id);

  for (guint i = 0; d != NULL && i < d->len; i++)
    if (g_strcmp0 (g_array_index (d, WbDestination, i).where.place, loc) == 0)
      {
        if (cost != NULL)
          *cost = g_array_index (d, WbDestination, i).cost / WB_MOVE_QUARTERS;
        return TRUE;
      }
  return FALSE;
}

START_TEST (test_params)
{
  Fixture f;
  g_autoptr(GError) error = NULL;
  WbGame *game;
  WbMatch *m;
  JsonObject *params;

  setup (&f, "jackson-sheridan", "1862");
  ck_assert_int_eq (f.data->rating[UNION], 9);
  ck_assert_int_eq (f.data->rating[CSA], 7);
  ck_assert_int_eq (f.data->cap_per_turn[UNION], 2);
  ck_assert_int_eq (f.data->allowance[BG_GARRISON], 2);
  ck_assert_int_eq (f.data->leader_moves->len, 1);
  ck_assert_int_eq (f.m->step, BG_WEATHER);
  ck_assert_uint_eq (f.m->active, UNION);
  teardown (&f);
  setup (&f, "jackson-sheridan", "1864");
  ck_assert_int_eq (f.data->rating[UNION], 8);
  ck_assert (f.data->replace_even[CSA] && !f.data->replace_even[UNION]);
  ck_assert_int_eq (f.data->leader_moves->len, 2);
  teardown (&f);
  setup (&f, "grants-gamble", "campaign");
  ck_assert_int_eq (f.data->cap_per_turn[CSA], 3);
  ck_assert_int_eq (f.data->rating[UNION], 7);
  ck_assert (f.data->supply[UNION][_wb_bg_loc_id (f.data, "sperryville")]);
  ck_assert (f.data->supply[CSA][_wb_bg_loc_id (f.data, "hicksford")]);
  ck_assert (f.data->replace_at[CSA][_wb_bg_loc_id (f.data, "richmond")]);
  ck_assert (f.data->supply_ports[UNION]);
  ck_assert_ptr_eq (f.data->lee, g_intern_string ("lee"));
  teardown (&f);

  /* A missing game parameter is a clear error. */
  game = load ("grants-gamble");
  params = json_node_get_object (wb_game_get_rules (game)->params);
  json_object_remove_member (params, "cap_per_turn");
  m = wb_match_new (game, "campaign", NULL, 1, &error);
  ck_assert_ptr_nonnull (m);
  ck_assert_ptr_null (wb_bg_family ()->prepare (game, m, &error));
  ck_assert_msg (strstr (error->message, "cap_per_turn") != NULL, "%s", error->message);
  g_clear_error (&error);
  json_object_set_string_member (params, "cap_per_turn", "three");
  ck_assert_ptr_null (wb_bg_family ()->prepare (game, m, &error));
  ck_assert_msg (strstr (error->message, "cap_per_turn") != NULL, "%s", error->message);
  g_clear_error (&error);
  /* A rating past the declared 0..13, changed in memory: refused, named. */
  {
    g_autoptr(JsonParser) p = json_parser_new ();

    ck_assert (json_parser_load_from_data (p, "{\"union\": 3, \"confederate\": 3}", -1, NULL));
    json_object_set_member (params, "cap_per_turn", json_node_copy (json_parser_get_root (p)));
    ck_assert (json_parser_load_from_data (p, "{\"union\": 7, \"confederate\": 2147483648}", -1, NULL));
    json_object_set_member (params, "army_commander_rating", json_node_copy (json_parser_get_root (p)));
  }
  ck_assert_ptr_null (wb_bg_family ()->prepare (game, m, &error));
  ck_assert_str_eq (error->message, "rules.params.army_commander_rating.confederate: 2.14748e+09 is not a whole "
                    "number from 0 to 13 (scenario campaign)");
  wb_match_free (m);
  g_object_unref (game);
}
END_TEST

/* Base 6, 7, 9: the weather, rain twice, the CAP roll, with typed dice. */
START_TEST (test_weather_and_cap)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1862");
  f.physical = TRUE;
  refused (&f, "{\"type\": \"cap_roll\", \"rolls\": [6, 6]}", "bg.sequence");
  refused (&f, "{\"type\": \"end_step\"}", "bg.sequence");
  ok (&f, "{\"type\": \"weather_roll\", \"rolls\": [6]}");
  ck_assert_int_eq (bg_state (f.m)->weather, BG_RAIN);
  /* Nothing to replace on turn 1: straight to the CAP roll, first player first. */
  ck_assert_int_eq (f.m->step, BG_CAP_ROLL);
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"cap_roll\", \"rolls\": [3, 4]}");   /* 7 >= Jackson's 7 */
  ck_assert_int_eq (bg_state (f.m)->cap[CSA], 3);
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"cap_roll\", \"rolls\": [4, 4]}");   /* 8 < Lincoln's 9 */
  ck_assert_int_eq (bg_state (f.m)->cap[UNION], 2);
  ck_assert_msg (strstr (last_event (&f), "no extra CAP") != NULL, "%s", last_event (&f));
  ck_assert_int_eq (f.m->step, BG_FIRST_MOVEMENT);
  ck_assert_uint_eq (f.m->active, CSA);
  /* Rain: infantry 3 − 1. */
  ck_assert_int_eq (_wb_bg_allowance (f.data, f.m, unit (&f, "b")), 2);
  /* The turn goes round: no battles, the victory checks, the next weather. */
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BG_SECOND_MOVEMENT);
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->turn, 2);
  ck_assert_int_eq (f.m->step, BG_WEATHER);
  ok (&f, "{\"type\": \"weather_roll\", \"rolls\": [6]}");
  ck_assert_int_eq (bg_state (f.m)->weather, BG_RAIN_TWICE);
  ck_assert_int_eq (_wb_bg_allowance (f.data, f.m, unit (&f, "b")), 1);
  ck_assert_int_eq (_wb_bg_allowance (f.data, f.m, unit (&f, "union-g-romney-1862")), 0);
  /* Replacements (each side has a point, nobody reduced): the CAP roll again, reset to 2. */
  ck_assert_int_eq (f.m->step, BG_CAP_ROLL);
  ck_assert_int_eq (bg_state (f.m)->cap[CSA], 2);
  teardown (&f);
}
END_TEST

/* Base 9: "If the total rolled on the 2 dice is equal to or greater than
 * the Army Commander Rating for that side then the player receives one
 * extra CAP." Played as the players do, with their own dice: Jackson's
 * rating is 7 and 2 + 5 is 7, one more CAP; Lincoln's is 9, 4 + 5 gives
 * one more and 3 + 5 none. */
START_TEST (test_cap_roll_equal_to_rating)
{
  g_autoptr(WbGame) game = load ("jackson-sheridan");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new_full (game, NULL, "1862", NULL, 7, TRUE, NULL, &error);
  WbMatch *m;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_ok (play, "{\"type\": \"weather_roll\", \"rolls\": [1]}");
  m = wb_play_get_state (play);
  ck_assert_int_eq (m->step, BG_CAP_ROLL);
  ck_assert_uint_eq (m->active, CSA);
  ck_assert_int_eq (bg_state (m)->cap[CSA], 2);
  play_ok (play, "{\"type\": \"cap_roll\", \"rolls\": [2, 5]}");
  m = wb_play_get_state (play);
  ck_assert_int_eq (bg_state (m)->cap[CSA], 3);
  ck_assert_msg (strstr (play_last_log (play),
                         "rolls 2 + 5 = 7 for CAP against a rating of 7: one more CAP, 3 this turn (Base 9).") != NULL,
                 "%s", play_last_log (play));
  /* The Union's 9: equal gives one more, one below none. */
  play_ok (play, "{\"type\": \"cap_roll\", \"rolls\": [4, 5]}");
  m = wb_play_get_state (play);
  ck_assert_int_eq (bg_state (m)->cap[UNION], 3);
  ck_assert_int_eq (m->step, BG_FIRST_MOVEMENT);
  ck_assert (wb_play_undo (play, NULL));
  play_ok (play, "{\"type\": \"cap_roll\", \"rolls\": [3, 5]}");
  m = wb_play_get_state (play);
  ck_assert_int_eq (bg_state (m)->cap[UNION], 2);
  ck_assert_msg (strstr (play_last_log (play), "8 for CAP against a rating of 9: no extra CAP") != NULL,
                 "%s", play_last_log (play));
  /* The turn bar's tracks: the weather rolled, each side's CAP left. */
  {
    g_autoptr(GPtrArray) tracks = wb_play_tracks (play);
    gboolean weather = FALSE, csa = FALSE, usa = FALSE;

    for (guint i = 0; i < tracks->len; i++)
      {
        const WbTrack *t = g_ptr_array_index (tracks, i);

        if (t->side == -1 && strcmp (t->label, "Weather") == 0)
          weather = strcmp (t->value, "Clear") == 0;
        else if (t->side == (int) CSA && strcmp (t->label, "CAP") == 0)
          csa = strcmp (t->value, "3") == 0;
        else if (t->side == (int) UNION && strcmp (t->label, "CAP") == 0)
          usa = strcmp (t->value, "2") == 0;
        ck_assert_ptr_nonnull (t->tooltip);
      }
    ck_assert (weather && csa && usa);
  }
}
END_TEST

/* Base 11.5: "If the die roll is equal to or greater than the current
 * Army Commander Rating then the unit enters the battle location." The
 * Movement & Battle Example (1864) played to its reinforcement with typed
 * dice: XIX in Salem rolls against Sheridan's 8 — 3 + 4 stays out, 2 + 6
 * enters. */
START_TEST (test_battle_reinforcement_equal_to_rating)
{
  Fixture f;
  WbMatch *before;

  setup (&f, "jackson-sheridan", "1864");
  f.physical = TRUE;
  ck_assert_int_eq (f.data->rating[UNION], 8);
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
  ok (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
  /* Round 1 as in the example, neither side retreating. */
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 6, 1, 2]}");
  ok (&f, "{\"type\": \"battle_allocate\", \"units\": [\"viii\", \"viii\"]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 2, 5, 1, 3, 4]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [5, 2]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [3]}");
  ok (&f, "{\"type\": \"battle_retreat\", \"retreat\": false}");
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "battle-reinforce");
  before = wb_match_copy (f.m);
  /* One below the rating: XIX stays in Salem. */
  ok (&f, "{\"type\": \"battle_reinforce\", \"units\": [\"xix\"], \"rolls\": [3, 4]}");
  ck_assert (logged (&f, "XIX tries to reinforce: 3 + 4 = 7, below the commander rating 8"));
  ck_assert_str_eq (where (&f, "xix"), "salem");
  /* Equal to the rating: XIX enters the battle. */
  wb_match_free (f.m);
  f.m = before;
  ok (&f, "{\"type\": \"battle_reinforce\", \"units\": [\"xix\"], \"rolls\": [2, 6]}");
  ck_assert_str_eq (where (&f, "xix"), "snickersville");
  ck_assert (logged (&f, "XIX reinforces: 2 + 6 = 8 ≥ commander rating 8"));
  teardown (&f);
}
END_TEST

/* Base 8, J&S 8. */
START_TEST (test_replacements)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1862");
  f.physical = TRUE;
  unit (&f, "ja")->halves = 10;            /* 5 of 8 SP */
  put (&f, "jo", NULL);       /* eliminated */
  unit (&f, "b")->halves = 20;
  ok (&f, "{\"type\": \"weather_roll\", \"rolls\": [2]}");
  ck_assert_int_eq (f.m->step, BG_REPLACEMENTS);
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"replace\", \"unit\": \"ew\"}", "bg.replacement");   /* at full strength */
  refused (&f, "{\"type\": \"replace\", \"unit\": \"b\"}", "bg.replacement");    /* not his */
  ok (&f, "{\"type\": \"replace\", \"unit\": \"jo\"}");
  ck_assert_str_eq (where (&f, "jo"), "staunton");
  ck_assert_int_eq (unit (&f, "jo")->halves, 2);
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"replace\", \"unit\": \"b\"}");
  ck_assert_int_eq (unit (&f, "b")->halves, 22);
  ck_assert_int_eq (f.m->step, BG_CAP_ROLL);
  teardown (&f);

  /* The enemy at the replacement location; out of supply; 1864: the
   * Confederates only on even turns. */
  setup (&f, "jackson-sheridan", "1862");
  put (&f, "jo", NULL);
  put (&f, "f", "staunton");
  ck_assert_uint_eq (_wb_bg_replaceable (f.data, f.m, CSA)->len, 0);
  unit (&f, "m")->halves = 8;
  put (&f, "m", "snickersville");   /* out of the Valley: no supply (J&S 5) */
  ck_assert (!_wb_bg_in_supply (f.data, f.m, unit (&f, "m")));
  ck_assert_uint_eq (_wb_bg_replaceable (f.data, f.m, UNION)->len, 0);
  teardown (&f);
  setup (&f, "jackson-sheridan", "1864");
  ck_assert_int_eq (_wb_bg_replacement_sp (f.data, f.m, CSA), 0);
  ck_assert_int_eq (_wb_bg_replacement_sp (f.data, f.m, UNION), 1);
  f.m->turn = 2;
  ck_assert_int_eq (_wb_bg_replacement_sp (f.data, f.m, CSA), 1);
  teardown (&f);
}
END_TEST

/* Base 13, Movement & Battle Example (1864): VI from Winchester across a
 * mountain and a river into Snickersville, VIII from Front Royal through
 * Salem, XIX unable to reach Snickersville. */
START_TEST (test_movement_example)
{
  Fixture f;
  g_autoptr(GPtrArray) path = NULL;
  int cost = 0;

  setup (&f, "jackson-sheridan", "1864");
  clear_map (&f, "vi", "viii", "xix", "eaa", NULL);
  put (&f, "vi", "winchester");
  put (&f, "viii", "front-royal");
  put (&f, "xix", "harrisonburg");
  put (&f, "eaa", "snickersville");
  movement (&f, UNION, 3);
  ck_assert (can_reach (&f, "vi", "snickersville", &cost));
  ck_assert_int_eq (cost, 1);
  ck_assert (can_reach (&f, "viii", "snickersville", &cost));
  ck_assert_int_eq (cost, 2);
  path = _wb_bg_path (f.data, f.m, "viii", "snickersville");
  ck_assert_uint_eq (path->len, 3);
  ck_assert_str_eq (g_ptr_array_index (path, 1), "salem");
  /* The same as places, for the play window's path preview. */
  {
    WbWhere to = { WB_WHERE_LOCATION, { 0, 0 }, g_intern_string ("snickersville") };
    g_autoptr(GArray) route = f.family->route (f.data, f.m, "viii", &to);

    ck_assert_uint_eq (route->len, 3);
    ck_assert_str_eq (g_array_index (route, WbWhere, 0).place, "front-royal");
    ck_assert_str_eq (g_array_index (route, WbWhere, 1).place, "salem");
    ck_assert (wb_where_equal (&g_array_index (route, WbWhere, 2), &to));
  }
  ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"snickersville\"]}");
  ok (&f, "{\"type\": \"move\", \"unit\": \"viii\", \"to\": \"snickersville\"}");
  ck_assert_str_eq (where (&f, "viii"), "snickersville");
  /* Where each came from into the battle: VI straight from Winchester,
   * VIII through Salem (the road that decides the crossing, Base 2). */
  ck_assert_int_eq (wb_match_find_unit (f.m, "vi")->data[BG_DATA_FROM] - 1, _wb_bg_loc_id (f.data, "winchester"));
  ck_assert_int_eq (wb_match_find_unit (f.m, "viii")->data[BG_DATA_FROM] - 1, _wb_bg_loc_id (f.data, "salem"));
  ck_assert (can_reach (&f, "xix", "salem", &cost));
  ck_assert_int_eq (cost, 3);
  ck_assert (!can_reach (&f, "xix", "snickersville", NULL));
  refused (&f, "{\"type\": \"move\", \"unit\": \"xix\", \"path\": [\"conrads-store\", \"front-royal\", \"salem\", \"snickersville\"]}",
           "bg.allowance");
  /* The place as the play window writes it. */
  ok (&f, "{\"type\": \"move\", \"unit\": \"xix\", \"to\": {\"location\": \"salem\"}}");
  ck_assert_int_eq (bg_state (f.m)->cap[UNION], 0);
  /* Once each, and no CAP left. */
  refused (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"winchester\"]}", "bg.activate-once");
  /* The battle step: the attacker picks the battle; the battle board takes
   * over (tests/test-bg-fight.c plays it). */
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BG_FIRST_BATTLES);
  refused (&f, "{\"type\": \"end_step\"}", "bg.battles");
  ck_assert_uint_eq (_wb_bg_battles (f.data, f.m)->len, 1);
  ok (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
  ck_assert_int_eq (bg_state (f.m)->battle - 1, _wb_bg_loc_id (f.data, "snickersville"));
  refused (&f, "{\"type\": \"end_step\"}", "Finish the battle first");
  refused (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}", "Finish the battle first");
  teardown (&f);
}
END_TEST

/* Base 10: entering the enemy stops; adjacency; allowance out of supply. */
START_TEST (test_stops_and_supply)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1864");
  clear_map (&f, "vi", "eaa", "union-g-hf-1864", NULL);
  put (&f, "vi", "winchester");
  put (&f, "eaa", "strasburg");
  movement (&f, UNION, 3);
  refused (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"new-market\"]}", "bg.adjacent");
  refused (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"strasburg\", \"new-market\"]}", "bg.enemy-stop");
  ck_assert (_wb_bg_in_supply (f.data, f.m, unit (&f, "vi")));
  ck_assert_int_eq (_wb_bg_allowance (f.data, f.m, unit (&f, "vi")), 3);
  /* Confederate infantry at Harpers Ferry cuts the Union supply (Base 5). */
  put (&f, "eaa", "harpers-ferry");
  ck_assert (!_wb_bg_in_supply (f.data, f.m, unit (&f, "vi")));
  ck_assert_int_eq (_wb_bg_allowance (f.data, f.m, unit (&f, "vi")), 2);
  ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"strasburg\"]}");
  ck_assert_msg (strstr (last_event (&f), "out of supply") != NULL, "%s", last_event (&f));
  ck_assert (unit (&f, "vi")->flags & BG_OUT_OF_SUPPLY);
  /* A garrison blocks too, cavalry does not (1862). */
  teardown (&f);
  setup (&f, "jackson-sheridan", "1862");
  clear_map (&f, "b", "csa-cav-1862", "csa-g1-1862", NULL);
  put (&f, "b", "strasburg");
  put (&f, "csa-cav-1862", "winchester");
  ck_assert (_wb_bg_in_supply (f.data, f.m, unit (&f, "b")));    /* cavalry does not block */
  put (&f, "csa-g1-1862", "winchester");   /* the one way to Harpers Ferry */
  ck_assert (!_wb_bg_in_supply (f.data, f.m, unit (&f, "b")));
  teardown (&f);
}
END_TEST

/* Base 10 cavalry screening, both ways (GG: screens 3 and 2). */
START_TEST (test_screening)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "union-v", "union-ii", "csa-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-v", "culpeper-ch");
  put (&f, "union-ii", "culpeper-ch");
  put (&f, "csa-cav-3", "orange-ch");
  put (&f, "csa-ii", "hanover-junction");
  movement (&f, UNION, 3);
  /* A 3 against screen 3: screened, the move ends at Orange CH; the cavalry retreats 1. */
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\", \"gordonsville\"], \"rolls\": [3]}");
  ck_assert_str_eq (where (&f, "union-vi"), "orange-ch");
  ck_assert_str_ne (where (&f, "csa-cav-3"), "orange-ch");
  ck_assert (!(unit (&f, "csa-cav-3")->flags & BG_NO_SCREEN));
  /* Others may enter the screened location but not move through it. */
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-v\", \"path\": [\"orange-ch\", \"gordonsville\"]}", "bg.screened");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-v\", \"path\": [\"orange-ch\"]}");
  teardown (&f);

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "csa-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "csa-cav-3", "orange-ch");
  put (&f, "csa-ii", "hanover-junction");
  movement (&f, UNION, 3);
  /* A 4: the screen fails; the cavalry retreats 3 and screens no more; the move goes on. */
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\", \"gordonsville\"], \"rolls\": [4]}");
  ck_assert_str_eq (where (&f, "union-vi"), "gordonsville");
  ck_assert (unit (&f, "csa-cav-3")->flags & BG_NO_SCREEN);
  ck_assert_str_ne (where (&f, "csa-cav-3"), "orange-ch");
  teardown (&f);

  /* A move that ends on the cavalry with MP left screens too; with no MP
   * left it stops there for a battle. */
  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "union-ix", "csa-cav-2", "csa-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-ix", "madison-ch");
  put (&f, "csa-cav-2", "orange-ch");
  put (&f, "csa-cav-3", "gordonsville");
  put (&f, "csa-ii", "hanover-junction");
  movement (&f, UNION, 3);
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\"]}", "die 1");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\"], \"rolls\": [2]}");
  ck_assert_str_ne (where (&f, "csa-cav-2"), "orange-ch");
  bg_state (f.m)->weather = BG_RAIN_TWICE;   /* 1 MP: no screen at Gordonsville */
  put (&f, "union-ix", "orange-ch");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-ix\", \"path\": [\"gordonsville\"]}");
  ck_assert_str_eq (where (&f, "csa-cav-3"), "gordonsville");
  ck_assert_uint_eq (_wb_bg_battles (f.data, f.m)->len, 1);
  teardown (&f);

  /* J&S 3: the 1864 cavalry fights unless its owner says it screens. */
  setup (&f, "jackson-sheridan", "1864");
  f.physical = TRUE;
  clear_map (&f, "vi", "csa-cav-1864", "eaa", NULL);
  put (&f, "vi", "winchester");
  put (&f, "csa-cav-1864", "strasburg");
  put (&f, "eaa", "staunton");
  movement (&f, UNION, 3);
  refused (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"strasburg\", \"new-market\"]}", "bg.enemy-stop");
  refused (&f, "{\"type\": \"screen\", \"unit\": \"csa-cav-1864\"}", "bg.screen-choice");   /* not his turn */
  movement (&f, CSA, 2);
  refused (&f, "{\"type\": \"screen\", \"unit\": \"eaa\"}", "bg.screen-choice");
  ok (&f, "{\"type\": \"screen\", \"unit\": \"csa-cav-1864\", \"screen\": true}");
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"path\": [\"strasburg\", \"new-market\"], \"rolls\": [3]}");
  ck_assert_str_eq (where (&f, "vi"), "strasburg");   /* 3 <= its 3 SP */
  teardown (&f);
}
END_TEST

/* Base 3, 10: cavalry and leaders alone; leaders end with friends; free
 * movement with activated infantry. */
START_TEST (test_cavalry_and_leaders)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  clear_map (&f, "union-vi", "union-cav-3", "grant", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-cav-3", "elk-tavern");
  put (&f, "grant", "falmouth");
  put (&f, "csa-ii", "orange-ch");
  movement (&f, UNION, 3);
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-cav-3\", \"path\": [\"culpeper-ch\", \"orange-ch\"]}",
           "bg.cavalry-alone");
  ck_assert (!can_reach (&f, "union-cav-3", "orange-ch", NULL));
  refused (&f, "{\"type\": \"move\", \"unit\": \"grant\", \"path\": [\"fredericksburg\"]}", "bg.leader-end");
  /* The infantry goes in first; then the cavalry from next door may follow, without CAP. */
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\"]}");
  ck_assert_int_eq (bg_state (f.m)->cap[UNION], 2);
  ck_assert (unit (&f, "union-cav-3")->flags & BG_FREE);
  ck_assert (!(unit (&f, "grant")->flags & BG_FREE));   /* Falmouth is not next to Culpeper */
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-cav-3\", \"path\": [\"culpeper-ch\", \"orange-ch\"]}");
  ck_assert_int_eq (bg_state (f.m)->cap[UNION], 2);
  ck_assert_msg (strstr (last_event (&f), "without CAP") != NULL, "%s", last_event (&f));
  /* A rule set to warn is played and logged. */
  g_hash_table_insert (f.settings, (gpointer) "bg.leader-end", (gpointer) "warn");
  ok (&f, "{\"type\": \"move\", \"unit\": \"grant\", \"path\": [\"fredericksburg\"]}");
  ck_assert_str_eq (where (&f, "grant"), "fredericksburg");
  {
    WbLogEvent *warned = g_ptr_array_index (f.events, f.events->len - 2);
    const char *theirs = wb_log_event_text_for (warned, CSA);

    ck_assert_msg (strstr (warned->text, "bg.leader-end") != NULL, "%s", warned->text);
    ck_assert_msg (strstr (wb_log_event_text_for (warned, UNION), "Grant") != NULL, "%s", warned->text);
    /* The enemy reads that a rule was broken, not by which block. */
    ck_assert (theirs != NULL && strstr (theirs, "bg.leader-end") != NULL);
    ck_assert_msg (strstr (theirs, "Grant") == NULL, "%s", theirs);
  }
  teardown (&f);
}
END_TEST

/* J&S 10: Jackson moves with up to two units, 1 CAP each. */
START_TEST (test_leader_move)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1862");
  clear_map (&f, "jackson", "ja", "ew", "jo", NULL);
  put (&f, "jackson", "harrisonburg");
  put (&f, "ja", "harrisonburg");
  put (&f, "ew", "harrisonburg");
  put (&f, "jo", "harrisonburg");
  movement (&f, CSA, 3);
  refused (&f, "{\"type\": \"move\", \"unit\": \"jackson\", \"with\": [\"ja\", \"ew\", \"jo\"], \"path\": [\"new-market\"]}",
           "bg.leader-move");
  ok (&f, "{\"type\": \"move\", \"unit\": \"jackson\", \"with\": [\"ja\", \"ew\"], "
          "\"path\": [\"new-market\", \"strasburg\", \"winchester\", \"martinsburg\"]}");
  ck_assert_str_eq (where (&f, "ja"), "martinsburg");
  ck_assert_str_eq (where (&f, "ew"), "martinsburg");
  ck_assert_str_eq (where (&f, "jackson"), "martinsburg");
  ck_assert_int_eq (bg_state (f.m)->cap[CSA], 1);
  refused (&f, "{\"type\": \"move\", \"unit\": \"ja\", \"path\": [\"winchester\"]}", "bg.activate-once");
  teardown (&f);
}
END_TEST

/* Base 10 rail movement (GG 10: the Confederates south of the Rappahannock). */
START_TEST (test_rail)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  clear_map (&f, "csa-ii", "csa-iii", "csa-i-a", "union-cav-3", "union-ii", NULL);
  put (&f, "csa-ii", "gordonsville");
  put (&f, "csa-iii", "richmond");
  put (&f, "csa-i-a", "petersburg");
  put (&f, "union-ii", "yorktown");
  put (&f, "union-cav-3", "hanover-junction");
  movement (&f, CSA, 4);
  /* Enemy cavalry at Hanover Junction blocks the way through it. */
  refused (&f, "{\"type\": \"move\", \"unit\": \"csa-ii\", \"rail\": true, "
               "\"path\": [\"louisa-ch\", \"hanover-junction\", \"richmond\"]}", "bg.rail");
  /* A road is no railroad. */
  refused (&f, "{\"type\": \"move\", \"unit\": \"csa-iii\", \"rail\": true, \"path\": [\"cold-harbor\"]}", "bg.rail");
  ok (&f, "{\"type\": \"move\", \"unit\": \"csa-iii\", \"rail\": true, "
          "\"path\": [\"chesterfield-ch\", \"petersburg\", \"stony-creek\", \"hicksford\"]}");
  ck_assert_str_eq (where (&f, "csa-iii"), "hicksford");
  ck_assert_int_eq (bg_state (f.m)->cap[CSA], 2);
  ok (&f, "{\"type\": \"move\", \"unit\": \"csa-ii\", \"rail\": true, \"path\": [\"louisa-ch\"]}");
  ck_assert_int_eq (bg_state (f.m)->cap[CSA], 0);
  bg_state (f.m)->cap[CSA] = 4;
  refused (&f, "{\"type\": \"move\", \"unit\": \"csa-i-a\", \"rail\": true, \"path\": [\"stony-creek\"]}", "bg.rail");
  /* The Union does not move by rail; north of the Rappahannock is not controlled. */
  movement (&f, UNION, 4);
  put (&f, "union-ii", "falmouth");
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-ii\", \"rail\": true, \"path\": [\"fredericksburg\"]}", "bg.rail");
  teardown (&f);
}
END_TEST

/* Issue 14 item 2, roles not names: a unit class the game calls "horse"
 * with the cavalry role screens as cavalry does (the screening test's first
 * case); without a role of the family's four, the game is refused rather
 * than played with the class as infantry. */
START_TEST (test_role_cavalry)
{
  Fixture f;
  g_autoptr(GError) error = NULL;
  WbGame *game;
  WbMatch *m;

  setup_game (&f, load_edited ("grants-gamble",
                               "\"id\": \"cavalry\", \"name\": \"Cavalry\"", "\"id\": \"horse\", \"name\": \"Horse\"",
                               "\"class\": \"cavalry\"", "\"class\": \"horse\"", NULL), "campaign");
  ck_assert_str_eq (wb_unit_get_class_id (wb_game_find_unit (f.game, "csa-cav-3")), "horse");
  ck_assert_int_eq (_wb_bg_kind (f.data, unit (&f, "csa-cav-3")), BG_CAVALRY);
  f.physical = TRUE;
  clear_map (&f, "union-vi", "csa-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "csa-cav-3", "orange-ch");
  put (&f, "csa-ii", "hanover-junction");
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\", \"gordonsville\"], \"rolls\": [3]}");
  ck_assert_str_eq (where (&f, "union-vi"), "orange-ch");
  ck_assert_str_ne (where (&f, "csa-cav-3"), "orange-ch");
  ck_assert (logged (&f, "screened, the move ends at Orange CH"));
  teardown (&f);

  game = load_edited ("grants-gamble",
                      "\"id\": \"cavalry\", \"name\": \"Cavalry\"", "\"id\": \"horse\", \"name\": \"Horse\"",
                      "\"class\": \"cavalry\"", "\"class\": \"horse\"",
                      "\"symbol\": \"cavalry\", \"roles\": [\"cavalry\"], ", "\"symbol\": \"cavalry\", ", NULL);
  m = wb_match_new (game, "campaign", NULL, 1, &error);
  ck_assert_ptr_nonnull (m);
  ck_assert_ptr_null (wb_bg_family ()->prepare (game, m, &error));
  ck_assert_msg (strstr (error->message, "“horse” has none of the roles") != NULL, "%s", error->message);
  wb_match_free (m);
  g_object_unref (game);
}
END_TEST

/* A connection class the game calls "rail" carries rail movement when it
 * has the railroad role, and not without it (Base 10, GG 10). */
START_TEST (test_role_railroad)
{
  static const char *move = "{\"type\": \"move\", \"unit\": \"csa-iii\", \"rail\": true, "
                            "\"path\": [\"chesterfield-ch\", \"petersburg\", \"stony-creek\", \"hicksford\"]}";
  Fixture f;

  for (int with_role = 1; with_role >= 0; with_role--)
    {
      setup_game (&f, load_edited ("grants-gamble",
                                   "\"id\": \"railroad\", \"name\": \"Railroad\"", "\"id\": \"rail\", \"name\": \"Rail line\"",
                                   "\"class\": \"railroad\"", "\"class\": \"rail\"",
                                   "\"roles\": [\"railroad\"]", with_role ? "\"roles\": [\"railroad\"]" : "\"roles\": []",
                                   NULL), "campaign");
      clear_map (&f, "csa-iii", "union-ii", NULL);
      put (&f, "csa-iii", "richmond");
      put (&f, "union-ii", "yorktown");
      movement (&f, CSA, 4);
      if (with_role)
        {
          ok (&f, move);
          ck_assert_str_eq (where (&f, "csa-iii"), "hicksford");
          ck_assert_int_eq (bg_state (f.m)->cap[CSA], 2);
        }
      else
        refused (&f, move, "bg.rail");
      teardown (&f);
    }
}
END_TEST

/* Base 10 on a map of locations: a connection class's cost is the
 * legend's, per unit class — a trail costing 2 (1 for cavalry) is what a
 * move along it pays, in the play view's destinations and in the move. */
START_TEST (test_connection_cost)
{
  Fixture f;
  int cost = 0;

  setup_game (&f, load_edited ("grants-gamble",
                               "    {\"id\": \"railroad\", \"name\": \"Railroad\"",
                               "    {\"id\": \"trail\", \"name\": \"Trail\", \"where\": \"connection\", \"style\": \"trail\", "
                               "\"move_mode\": \"set\", \"move\": {\"*\": 2, \"cavalry\": 1}},\n"
                               "    {\"id\": \"railroad\", \"name\": \"Railroad\"",
                               "{\"a\": \"sperryville\", \"b\": \"culpeper-ch\", \"class\": \"road\"}",
                               "{\"a\": \"sperryville\", \"b\": \"culpeper-ch\", \"class\": \"trail\"}", NULL), "campaign");
  clear_map (&f, "union-vi", "union-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-cav-3", "culpeper-ch");
  put (&f, "csa-ii", "hanover-junction");
  movement (&f, UNION, 3);
  ck_assert (can_reach (&f, "union-vi", "sperryville", &cost));
  ck_assert_int_eq (cost, 2);
  ck_assert (can_reach (&f, "union-cav-3", "sperryville", &cost));
  ck_assert_int_eq (cost, 1);
  /* 2 + 1 + 1 is more than infantry's 3. */
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"sperryville\", \"madison-ch\", "
               "\"stannardsville\"]}", "bg.allowance");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"sperryville\", \"madison-ch\"]}");
  ck_assert_str_eq (where (&f, "union-vi"), "madison-ch");
  teardown (&f);
}
END_TEST

/* Base 10 amphibious movement. */
START_TEST (test_amphibious)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  clear_map (&f, "union-x", "union-xviii", "csa-i-b", NULL);
  put (&f, "union-x", "yorktown");
  put (&f, "union-xviii", "ft-monroe");
  put (&f, "csa-i-b", "white-house");
  movement (&f, UNION, 4);
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"amphibious\": true, \"path\": [\"white-house\"]}",
           "bg.amphibious");
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"amphibious\": true, \"path\": [\"petersburg\"]}",
           "bg.amphibious");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"amphibious\": true, \"path\": [\"city-point\"]}");
  ck_assert_str_eq (where (&f, "union-x"), "city-point");
  ck_assert_int_eq (bg_state (f.m)->cap[UNION], 2);
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-xviii\", \"amphibious\": true, \"path\": [\"aquia-landing\"]}",
           "bg.amphibious");
  /* The Confederates do not. */
  movement (&f, CSA, 4);
  refused (&f, "{\"type\": \"move\", \"unit\": \"csa-i-b\", \"amphibious\": true, \"path\": [\"yorktown\"]}",
           "bg.amphibious");
  teardown (&f);
}
END_TEST

/* GG 3 trenches, GG 2 the Charles City crossing, GG 5 ports. */
START_TEST (test_gg_specials)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  /* Enough infantry on both sides to stay above GG 12's thresholds. */
  clear_map (&f, "union-x", "union-xviii", "union-v", "union-ii", "csa-g-richmond-4", "csa-ii", "csa-iii", NULL);
  put (&f, "union-x", "charles-city");
  put (&f, "union-xviii", "city-point");
  put (&f, "csa-g-richmond-4", "richmond");
  put (&f, "csa-ii", "amelia-ch");
  movement (&f, UNION, 4);
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"path\": [\"city-point\"]}", "bg.crossing");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-xviii\", \"trench\": true}");
  ck_assert (unit (&f, "union-xviii")->flags & BG_TRENCH);
  ck_assert_int_eq (unit (&f, "union-xviii")->data[BG_DATA_MP], 1);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (bg_state (f.m)->crossing_open, 2);
  f.m->turn = 2;
  movement (&f, UNION, 4);
  unit (&f, "union-x")->flags &= ~(guint32) WB_UNIT_MOVED;
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"path\": [\"city-point\"]}");
  /* No trench in a fortress. */
  put (&f, "union-x", "petersburg");
  unit (&f, "union-x")->flags &= ~(guint32) WB_UNIT_MOVED;
  refused (&f, "{\"type\": \"move\", \"unit\": \"union-x\", \"trench\": true}", "bg.trench");
  /* GG 5: an occupied port supplies the Union. Williamsburg's ways
   * inland are held: only Yorktown and Fort Monroe are left. */
  put (&f, "union-x", "williamsburg");
  put (&f, "csa-ii", "new-kent-ch");
  put (&f, "csa-g-richmond-4", "charles-city");
  put (&f, "union-xviii", "petersburg");
  ck_assert (!_wb_bg_in_supply (f.data, f.m, unit (&f, "union-x")));
  put (&f, "union-xviii", "yorktown");
  ck_assert (_wb_bg_in_supply (f.data, f.m, unit (&f, "union-x")));
  teardown (&f);
}
END_TEST

/* GG 10: Lee's reaction. */
START_TEST (test_reaction)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  clear_map (&f, "lee", "csa-ii", "csa-iii", "csa-i-a", "union-vi", "union-v", "union-ii", NULL);
  put (&f, "union-ii", "culpeper-ch");
  put (&f, "lee", "chancellorsville");
  put (&f, "csa-ii", "chancellorsville");
  put (&f, "csa-iii", "chancellorsville");
  put (&f, "csa-i-a", "fredericksburg");
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-v", "culpeper-ch");
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\"]}");
  ck_assert_uint_eq (f.m->active, CSA);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "react");
  refused (&f, "{\"type\": \"react\", \"units\": [\"csa-i-a\"]}", "bg.reaction");
  ok (&f, "{\"type\": \"react\", \"units\": [\"csa-ii\"]}");
  ck_assert_str_eq (where (&f, "csa-ii"), "orange-ch");
  /* The log names the block as the map shows it, never by its id; the
   * Union reads only how many. */
  {
    WbLogEvent *e = g_ptr_array_index (f.events, f.events->len - 1);

    ck_assert_msg (strstr (e->text, "reacts with II (") != NULL && strstr (e->text, "csa-") == NULL, "%s", e->text);
    ck_assert_msg (strstr (e->public_text, "reacts with 1 block into") != NULL, "%s", e->public_text);
  }
  ck_assert_uint_eq (f.m->active, UNION);
  ck_assert (unit (&f, "csa-ii")->flags & BG_REACTED);
  /* Each unit with Lee reacts once per Union turn: III is left. */
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-v\", \"path\": [\"orange-ch\"]}");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"react\", \"units\": [\"csa-iii\"]}");
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-ii\", \"path\": [\"orange-ch\"]}");
  ck_assert_uint_eq (f.m->active, UNION);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "move");
  teardown (&f);
}
END_TEST

static void
victory_check (Fixture *f, guint side)
{
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  f->m->step = side == f->m->first_side ? BG_FIRST_VICTORY : BG_SECOND_VICTORY;
  _wb_bg_victory_check (f->data, f->m, side, &ctx);
}

/* J&S 12. */
START_TEST (test_js_victory)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1862");
  clear_map (&f, "ja", "ew", "s", "jackson", "b", NULL);
  put (&f, "ja", "winchester");       /* north of the gray line, supplied by Strasburg-New Market-… */
  put (&f, "ew", "harpers-ferry");
  put (&f, "jackson", "winchester");
  put (&f, "s", "manassas");
  put (&f, "b", "moorefield");
  f.m->turn = 4;
  victory_check (&f, UNION);
  /* 2 in-supply infantry past the line, 3 for Harpers Ferry once. */
  ck_assert_int_eq (f.m->vp[CSA], 5);
  victory_check (&f, UNION);
  ck_assert_int_eq (f.m->vp[CSA], 7);
  /* Shields away from Manassas from turn 4; a Union unit outside the Valley. */
  put (&f, "s", "new-market");
  put (&f, "b", "salem");
  f.m->vp[CSA] = 0;
  victory_check (&f, UNION);
  ck_assert_int_eq (f.m->vp[CSA], 2 + 1 + 1);
  /* Jackson outside the Valley: 1 (any unit) + 2. */
  put (&f, "b", "moorefield");
  put (&f, "jackson", "snickersville");
  f.m->vp[UNION] = 0;
  victory_check (&f, CSA);
  ck_assert_int_eq (f.m->vp[UNION], 3);
  /* Out of supply infantry scores nothing: the Union cuts Winchester's line. */
  put (&f, "jackson", "winchester");
  put (&f, "b", "strasburg");
  put (&f, "f", "front-royal");
  put (&f, "m", "romney");
  put (&f, "s", "manassas");
  f.m->vp[CSA] = 0;
  victory_check (&f, UNION);
  ck_assert_int_eq (f.m->vp[CSA], 0);
  /* Jackson eliminated: automatic Union victory. */
  put (&f, "jackson", NULL);
  victory_check (&f, CSA);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, UNION + 1);
  /* Whatever the VP: the engine's result is the automatic victory. */
  f.m->vp[CSA] = 10;
  ck_assert_int_eq (wb_match_winner (f.m), UNION);
  {
    g_autofree char *result = wb_match_result_text (f.m);
    ck_assert_str_eq (result, "Union wins by automatic victory");
  }
  teardown (&f);

  setup (&f, "jackson-sheridan", "1864");
  clear_map (&f, "vi", "viii", "eaa", "csa-cav-1864", NULL);
  /* J&S 3: the 1864 cavalry counts as infantry past the VP line. */
  put (&f, "csa-cav-1864", "martinsburg");
  put (&f, "vi", "new-market");
  put (&f, "viii", "port-republic");
  put (&f, "eaa", "winchester");
  victory_check (&f, UNION);
  ck_assert_int_eq (f.m->vp[CSA], 2);
  put (&f, "csa-cav-1864", "strasburg");
  put (&f, "vi", "staunton");
  put (&f, "viii", "lynchburg");
  victory_check (&f, CSA);
  ck_assert (!f.m->over);
  put (&f, "eaa", "new-market");
  victory_check (&f, CSA);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, UNION + 1);
  teardown (&f);
}
END_TEST

/* GG 12. */
START_TEST (test_gg_victory)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  /* Both rail lines cut: Amelia CH and Stony Creek held by Union infantry. */
  ck_assert (!_wb_bg_rail_cut (f.data, f.m, "cumberland"));
  put (&f, "union-ix", "amelia-ch");
  ck_assert (_wb_bg_rail_cut (f.data, f.m, "cumberland"));
  ck_assert (!_wb_bg_rail_cut (f.data, f.m, "hicksford"));
  put (&f, "union-x", "stony-creek");
  victory_check (&f, CSA);
  ck_assert_int_eq (f.m->vp[UNION], 2);
  ck_assert_int_eq (bg_state (f.m)->rail_cut, 2);
  /* The cities at the end of the game. */
  f.m->turn = wb_match_n_turns (f.m);
  f.m->vp[UNION] = 0;
  victory_check (&f, CSA);
  ck_assert_int_eq (f.m->vp[CSA], 15);
  ck_assert_int_eq (f.m->vp[UNION], 2);
  teardown (&f);

  setup (&f, "grants-gamble", "campaign");
  clear_map (&f, "union-v", "union-ii", "csa-ii", NULL);
  put (&f, "union-v", "richmond");
  put (&f, "union-ii", "petersburg");
  put (&f, "csa-ii", "gordonsville");
  victory_check (&f, CSA);   /* Union infantry 24 SP < 28 */
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, CSA + 1);
  teardown (&f);

  setup (&f, "grants-gamble", "campaign");
  put (&f, "union-v", "richmond");
  put (&f, "union-ii", "petersburg");
  put (&f, "csa-g-richmond-4", NULL);
  put (&f, "csa-g-richmond-2", NULL);
  put (&f, "csa-g-petersburg", NULL);
  victory_check (&f, UNION);   /* the first player's check: not the end of the turn */
  ck_assert (!f.m->over);
  victory_check (&f, CSA);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, UNION + 1);
  teardown (&f);

  setup (&f, "grants-gamble", "campaign");
  put (&f, "csa-ii", NULL);
  put (&f, "csa-iii", NULL);   /* 8 + 4 infantry SP left */
  victory_check (&f, UNION);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, UNION + 1);
  teardown (&f);
}
END_TEST

/* Replaces rules.params.victory of @game with @json (the whole member,
 * parsed), as a designer editing the game's rules would. */
static void
set_victory (WbGame *game, const char *json)
{
  JsonObject *params = json_node_get_object (wb_game_get_rules (game)->params);
  g_autoptr(JsonParser) p = json_parser_new ();

  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  json_object_set_member (params, "victory", json_node_copy (json_parser_get_root (p)));
}

/* The family prepared for @game's @scenario after set_victory (@json):
 * the error message, or NULL when it prepares. */
static char *
victory_error (const char *game_id, const char *scenario, const char *json)
{
  g_autoptr(WbGame) game = load (game_id);
  g_autoptr(GError) error = NULL;
  WbMatch *m;
  gpointer data;

  set_victory (game, json);
  m = wb_match_new (game, scenario, NULL, 7, &error);
  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  data = wb_bg_family ()->prepare (game, m, &error);
  wb_match_free (m);
  if (data != NULL)
    {
      wb_bg_family ()->release (data);
      return NULL;
    }
  return g_strdup (error->message);
}

/* A setup() whose game has @json as its rules.params.victory. */
static void
setup_victory (Fixture *f, const char *game, const char *scenario, const char *json)
{
  g_autoptr(GError) error = NULL;

  setup (f, game, scenario);
  f->family->release (f->data);
  set_victory (f->game, json);
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
}

/* Issue 7 item 5: the victory rules are data; the family plays whatever
 * conditions the game gives, citing the rule the data names. */
START_TEST (test_victory_from_data)
{
  Fixture f;

  /* The bundled J&S 1862 position of test_js_victory scores 2 VP for the
   * line; the same with the line worth 2 VP a unit, and a house rule of
   * an automatic victory for holding Winchester at the end of a turn. */
  setup_victory (&f, "jackson-sheridan", "1862",
                 "{\"1862\": [{\"type\": \"vp_line\", \"side\": \"confederate\", \"tag\": \"north-of-gray-line\", "
                 "\"vp\": 2, \"rule\": \"House 1\"}, {\"type\": \"hold_all\", \"side\": \"confederate\", "
                 "\"locations\": [\"winchester\"], \"at\": \"own_turn\", \"rule\": \"House 2\"}]}");
  clear_map (&f, "ja", "ew", "s", "jackson", "b", NULL);
  put (&f, "ja", "winchester");
  put (&f, "ew", "harpers-ferry");
  put (&f, "jackson", "winchester");
  put (&f, "s", "manassas");
  put (&f, "b", "moorefield");
  f.m->turn = 4;
  victory_check (&f, UNION);
  /* 2 units × 2 VP; no Harpers Ferry bonus, no Shields rule: not in the data. */
  ck_assert_int_eq (f.m->vp[CSA], 4);
  ck_assert (logged (&f, "2 in-supply Confederate infantry past the VP line: 4 VP to the Confederate (House 1)."));
  ck_assert (!f.m->over);   /* not the Confederate turn: hold_all is checked at its end */
  put (&f, "b", "salem");   /* a Union unit outside the Valley scores nothing either */
  victory_check (&f, CSA);
  ck_assert_int_eq (f.m->vp[CSA], 4);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, CSA + 1);
  ck_assert (logged (&f, "Automatic victory for the Confederate: the Confederate holds Winchester at the end of a turn (House 2)."));
  teardown (&f);

  /* The same position with the bundled data: no automatic victory. */
  setup (&f, "jackson-sheridan", "1862");
  clear_map (&f, "ja", "ew", "s", "jackson", "b", NULL);
  put (&f, "ja", "winchester");
  put (&f, "ew", "harpers-ferry");
  put (&f, "jackson", "winchester");
  put (&f, "s", "manassas");
  put (&f, "b", "moorefield");
  victory_check (&f, CSA);
  ck_assert (!f.m->over);
  teardown (&f);

  /* GG: a lower threshold of the Union infantry moves the result; a
   * condition checked at any time decides after a battle too. */
  setup_victory (&f, "grants-gamble", "campaign",
                 "[{\"type\": \"infantry_below\", \"side\": \"confederate\", \"sp\": 20, \"rule\": \"Variant 1\"}]");
  clear_map (&f, "union-v", "union-ii", "csa-ii", NULL);
  put (&f, "union-v", "richmond");
  put (&f, "union-ii", "petersburg");
  put (&f, "csa-ii", "gordonsville");
  victory_check (&f, CSA);   /* Union infantry 24 SP: not below 20 */
  ck_assert (!f.m->over);
  unit (&f, "union-ii")->halves = 2;
  {
    WbRuleContext ctx = { f.settings, f.events, f.family->checks, f.family->n_checks };
    _wb_bg_auto_victory (f.data, f.m, &ctx);
  }
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, CSA + 1);
  ck_assert (logged (&f, "the Union infantry is below 20 SP (Variant 1)"));
  teardown (&f);

  /* A once-in-the-game location scores once, whichever condition it is. */
  setup_victory (&f, "grants-gamble", "campaign",
                 "[{\"type\": \"once_location\", \"side\": \"union\", \"location\": \"orange-ch\", \"vp\": 4, "
                 "\"at\": \"own_turn\", \"rule\": \"Variant 2\"}]");
  put (&f, "union-v", "orange-ch");
  victory_check (&f, UNION);
  victory_check (&f, UNION);
  ck_assert_int_eq (f.m->vp[UNION], 4);
  ck_assert (logged (&f, "Union infantry in supply holds Orange CH: 4 VP, once in the game (Variant 2)."));
  teardown (&f);
}
END_TEST

/* A malformed condition: prepare names the JSON path. */
START_TEST (test_victory_params)
{
  static const struct {
    const char *game, *scenario, *json, *message;
  } cases[] = {
    { "grants-gamble", "campaign",
      "[{\"type\": \"hold_all\", \"side\": \"union\", \"locations\": [\"richmond\"]}, "
      "{\"type\": \"scenario_occupy\"}, "
      "{\"type\": \"once_location\", \"side\": \"union\", \"location\": \"x\"}]",
      "rules.params.victory[2].location: unknown location “x”" },
    { "grants-gamble", "campaign", "[{\"type\": \"hold_all\", \"side\": \"union\", \"locations\": [\"richmond\", \"y\"]}]",
      "rules.params.victory[0].locations[1]: unknown location “y”" },
    { "jackson-sheridan", "1864",
      "{\"1862\": [], \"1864\": [{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\"}, "
      "{\"type\": \"win_by_magic\", \"side\": \"union\"}]}",
      "rules.params.victory.1864[1].type: unknown condition “win_by_magic”" },
    { "jackson-sheridan", "1862", "[{\"type\": \"vp_line\", \"side\": \"rebels\", \"tag\": \"t\"}]",
      "rules.params.victory[0].side: unknown side “rebels”" },
    { "jackson-sheridan", "1862", "[{\"type\": \"vp_line\", \"side\": \"union\"}]",
      "rules.params.victory[0].tag: expected a string" },
    { "jackson-sheridan", "1862", "[{\"type\": \"outside_tag\", \"side\": \"union\", \"tag\": \"in-vally\"}]",
      "rules.params.victory[0].tag: no location of the map has the tag “in-vally”" },
    { "jackson-sheridan", "1862",
      "[{\"type\": \"unit_eliminated\", \"side\": \"confederate\", \"unit\": \"jackson\"}]",
      "rules.params.victory[0].unit: “jackson” is not the enemy's" },
    { "jackson-sheridan", "1862",
      "[{\"type\": \"unit_eliminated\", \"side\": \"union\", \"unit\": \"lee\"}]",
      "rules.params.victory[0].unit: unknown unit “lee”" },
    { "jackson-sheridan", "1862",
      "[{\"type\": \"outside_tag\", \"side\": \"union\", \"tag\": \"in-valley\", \"exempt\": [\"zz\"]}]",
      "rules.params.victory[0].exempt[0]: unknown unit “zz”" },
    { "grants-gamble", "campaign", "[{\"type\": \"infantry_below\", \"side\": \"union\", \"sp\": \"many\"}]",
      "rules.params.victory[0].sp: expected a number" },
    { "grants-gamble", "campaign", "[{\"type\": \"hold_all\", \"side\": \"union\", \"locations\": [\"richmond\"], \"at\": \"dawn\"}]",
      "rules.params.victory[0].at: unknown time “dawn”" },
    { "grants-gamble", "campaign", "{\"type\": \"hold_all\"}",
      "rules.params.victory: expected a list of victory conditions" },
    /* Numbers out of the declared range (issue 15: a vp of 1e9 times the
     * infantry counted overflowed into "Confederate 705032723 VP"). */
    { "jackson-sheridan", "1862", "[{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\", \"vp\": 1e9}]",
      "rules.params.victory[0].vp: 1e+09 is not a whole number from -1000 to 1000" },
    { "jackson-sheridan", "1862", "[{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\", \"vp\": 1001}]",
      "rules.params.victory[0].vp: 1001 is not a whole number from -1000 to 1000" },
    { "jackson-sheridan", "1862", "[{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\", \"vp\": 2.5}]",
      "rules.params.victory[0].vp: 2.5 is not a whole number" },
    { "grants-gamble", "campaign", "[{\"type\": \"infantry_below\", \"side\": \"union\", \"sp\": 4294967296}]",
      "rules.params.victory[0].sp: 4.29497e+09 is not a whole number from 0 to 10000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = victory_error (cases[i].game, cases[i].scenario, cases[i].json);

      ck_assert_msg (message != NULL, "prepared: %s", cases[i].json);
      ck_assert_msg (g_str_has_prefix (message, cases[i].message), "%s: %s", cases[i].json, message);
    }
  /* An empty list: no victory condition but the VP at the end. */
  ck_assert_ptr_null (victory_error ("grants-gamble", "campaign", "[]"));
  /* The ends of the range are played. */
  ck_assert_ptr_null (victory_error ("jackson-sheridan", "1862",
                                     "[{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\", \"vp\": -1000}, "
                                     "{\"type\": \"vp_line\", \"side\": \"union\", \"tag\": \"in-valley\", \"vp\": 1000}]"));
}
END_TEST

/* The owner of a block reads its log lines in full; the enemy, who sees
 * only the block's back, reads them without its name (issue 7 item 4). */
static WbLogEvent *
last_log_event (Fixture *f)
{
  ck_assert_uint_gt (f->events->len, 0);
  return g_ptr_array_index (f->events, f->events->len - 1);
}

static void
assert_hidden (WbLogEvent *e, guint owner, const char *name, const char *hidden)
{
  const char *mine = wb_log_event_text_for (e, (int) owner), *theirs = wb_log_event_text_for (e, (int) (1 - owner));

  ck_assert_msg (strstr (mine, name) != NULL, "the owner does not read %s in: %s", name, mine);
  ck_assert_msg (theirs != NULL, "the enemy reads nothing of: %s", mine);
  ck_assert_msg (strstr (theirs, name) == NULL, "the enemy reads %s in: %s", name, theirs);
  ck_assert_msg (strstr (theirs, hidden) != NULL, "no “%s” in: %s", hidden, theirs);
  /* No viewer (the replay, the designer): everything. */
  ck_assert_str_eq (wb_log_event_text_for (e, -1), e->text);
}

START_TEST (test_hidden_log)
{
  Fixture f;
  g_autofree char *vi = NULL, *cav = NULL, *jo = NULL, *b = NULL;

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "union-v", "csa-cav-3", "csa-ii", NULL);
  put (&f, "union-vi", "culpeper-ch");
  put (&f, "union-v", "culpeper-ch");
  put (&f, "csa-cav-3", "orange-ch");
  put (&f, "csa-ii", "hanover-junction");
  vi = wb_match_unit_text (f.m, unit (&f, "union-vi"));
  cav = wb_match_unit_text (f.m, unit (&f, "csa-cav-3"));
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"union-vi\", \"path\": [\"orange-ch\", \"gordonsville\"], \"rolls\": [3]}");
  /* The screen, the cavalry's retreat, then the move. */
  ck_assert_uint_ge (f.events->len, 3);
  {
    WbLogEvent *screen = g_ptr_array_index (f.events, f.events->len - 3);
    WbLogEvent *retreat = g_ptr_array_index (f.events, f.events->len - 2);
    WbLogEvent *move = last_log_event (&f);

    assert_hidden (screen, CSA, cav, "rolls 3 against a cavalry screen of 3: screened, the move ends at Orange CH");
    assert_hidden (retreat, CSA, cav, "A Confederate block retreats to");
    assert_hidden (move, UNION, vi, "moves a block: Culpeper CH → Orange CH (2 CAP left).");
    ck_assert_str_eq (wb_log_event_text_for (move, CSA),
                      "Turn 1, Union: moves a block: Culpeper CH → Orange CH (2 CAP left).");
    /* Both read the dice. */
    ck_assert_int_eq (screen->n_dice, 1);
  }
  teardown (&f);

  /* Replacements: the enemy learns that a block was reinforced or came back, not which. */
  setup (&f, "jackson-sheridan", "1862");
  f.physical = TRUE;
  put (&f, "jo", NULL);
  unit (&f, "b")->halves = 20;
  ok (&f, "{\"type\": \"weather_roll\", \"rolls\": [2]}");
  ok (&f, "{\"type\": \"replace\", \"unit\": \"jo\"}");
  jo = wb_match_unit_text (f.m, unit (&f, "jo"));
  assert_hidden (last_log_event (&f), CSA, jo, "brings a block back at Staunton (Base 8).");
  ok (&f, "{\"type\": \"replace\", \"unit\": \"b\"}");
  b = wb_match_unit_text (f.m, unit (&f, "b"));
  assert_hidden (last_log_event (&f), UNION, b, "adds 1 replacement SP to a block (Base 8).");
  teardown (&f);

  /* J&S 3: the owner's choice to screen is his alone. */
  setup (&f, "jackson-sheridan", "1864");
  movement (&f, UNION, 2);
  ok (&f, "{\"type\": \"screen\", \"unit\": \"union-cav-1864\", \"screen\": true}");
  ck_assert_ptr_nonnull (wb_log_event_text_for (last_log_event (&f), UNION));
  ck_assert_ptr_null (wb_log_event_text_for (last_log_event (&f), CSA));
  teardown (&f);
}
END_TEST

/* Offers, and whole games by the automatic player that end legally. */
static guint n_auto_moves, n_auto_battles;

static void
auto_game (const char *game, const char *scenario, guint64 seed)
{
  Fixture f;
  g_autoptr(GPtrArray) offers = g_ptr_array_new ();
  WbRng rng;
  int n = 0;

  setup (&f, game, scenario);
  wb_rng_seed (&rng, seed, 1);
  f.family->offers (f.data, f.m, offers);
  ck_assert_uint_eq (offers->len, 1);
  ck_assert_str_eq (((WbOffer *) g_ptr_array_index (offers, 0))->label, "Roll for Weather");
  for (guint i = 0; i < offers->len; i++)
    {
      g_free (((WbOffer *) g_ptr_array_index (offers, i))->label);
      json_object_unref (((WbOffer *) g_ptr_array_index (offers, i))->action);
      g_free (g_ptr_array_index (offers, i));
    }
  while (!f.m->over && n < 20000)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      WbRuleContext ctx = { f.settings, f.events, f.family->checks, f.family->n_checks };

      ck_assert_ptr_nonnull (a);
      node = json_node_init_object (json_node_alloc (), a);
      text = json_to_string (node, FALSE);
      ck_assert_msg (f.family->apply (f.data, f.m, a, &ctx, &error) == WB_APPLY_DONE, "%s %s seed %" G_GUINT64_FORMAT
                     " turn %d: %s: %s", game, scenario, seed, f.m->turn, text, error ? error->message : "");
      n++;
      n_auto_moves += g_strcmp0 (json_object_get_string_member (a, "type"), "move") == 0;
      n_auto_battles += g_strcmp0 (json_object_get_string_member (a, "type"), "battle") == 0;
    }
  ck_assert_msg (f.m->over, "%s did not end", game);
  teardown (&f);
}

START_TEST (test_auto_games)
{
  for (guint64 seed = 1; seed <= 3; seed++)
    {
      auto_game ("jackson-sheridan", "1862", seed);
      auto_game ("jackson-sheridan", "1864", seed);
      auto_game ("grants-gamble", "campaign", seed);
    }
  /* The automatic player does play: it moves and fights. */
  ck_assert_uint_gt (n_auto_moves, 100);
  ck_assert_uint_gt (n_auto_battles, 0);
}
END_TEST

static Suite *
bg_suite (void)
{
  Suite *s = suite_create ("bg");
  TCase *tc = tcase_create ("core");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_params);
  tcase_add_test (tc, test_weather_and_cap);
  tcase_add_test (tc, test_cap_roll_equal_to_rating);
  tcase_add_test (tc, test_battle_reinforcement_equal_to_rating);
  tcase_add_test (tc, test_replacements);
  tcase_add_test (tc, test_movement_example);
  tcase_add_test (tc, test_stops_and_supply);
  tcase_add_test (tc, test_screening);
  tcase_add_test (tc, test_cavalry_and_leaders);
  tcase_add_test (tc, test_leader_move);
  tcase_add_test (tc, test_rail);
  tcase_add_test (tc, test_amphibious);
  tcase_add_test (tc, test_role_cavalry);
  tcase_add_test (tc, test_role_railroad);
  tcase_add_test (tc, test_connection_cost);
  tcase_add_test (tc, test_gg_specials);
  tcase_add_test (tc, test_reaction);
  tcase_add_test (tc, test_js_victory);
  tcase_add_test (tc, test_gg_victory);
  tcase_add_test (tc, test_victory_from_data);
  tcase_add_test (tc, test_victory_params);
  tcase_add_test (tc, test_hidden_log);
  tcase_add_test (tc, test_auto_games);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bg_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
