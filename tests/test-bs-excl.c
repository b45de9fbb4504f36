/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "bs-fixture.h"
#include "rules/wb-hex-movement.h"

/* The Blind Swords rules around a move (wb-bs-exclusive.c): the Bayou
 * Entry Table and the Cohesion Checks (exclusive 2.10h-k, 17.6h), Skirmish
 * Order (exclusive 15.0), mounting, Charge, cavalry and off-map
 * withdrawals (10.8-10.10, 10.12), pioneers and the Fallen Timber
 * Reduction (exclusive 2.1a, 14.4), artillery up a Steep Slope (6.5a) —
 * on Chickasaw Bayou's map made a table-top, each test setting the
 * terrain it needs around hex 2510, with typed dice. */

#define CENTRE "2510"

static WbOffset
map_hex (WbHexMap *map, const char *text)
{
  WbOffset h;

  ck_assert (wb_hex_map_parse_hex (map, text, &h));
  return h;
}

static WbOffset
map_nb (WbHexMap *map, WbOffset h, int dir)
{
  return wb_hex_neighbour (wb_hex_map_get_layout (map), h, dir);
}

static WbRuleContext
context (Fixture *f)
{
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  ctx.physical_dice = f->physical;
  return ctx;
}

/* ---- Excl. 2.10h, j, k ---- */

static void
bayou_north (WbHexMap *map)
{
  wb_hex_map_set_terrain (map, map_nb (map, map_hex (map, CENTRE), 0), "bayou");
}

static void
cypress_north (WbHexMap *map)
{
  wb_hex_map_set_terrain (map, map_nb (map, map_hex (map, CENTRE), 0), "cypress");
}

/* The bridge over the Bayou north of the centre, a lane to it. */
static void
corduroy_north (WbHexMap *map)
{
  WbOffset c = map_hex (map, CENTRE), b = map_nb (map, c, 0);

  wb_hex_map_set_terrain (map, b, "bayou");
  wb_hex_map_add_hex_feature (map, b, "corduroy-bridge");
  wb_hex_map_add_side_feature (map, c, 0, "lane");
}

/* The table's rows: 1-2 enters, 3-4 the player's choice (stay out, or in
 * with a Cohesion Check), 5-6 prohibited this turn; 4 MP spent each time. */
START_TEST (test_bayou_entry)
{
  Fixture f;
  WbOffset c, b;
  guint i;
  g_autoptr(GError) error = NULL;

  setup_plain (&f, "17.1", bayou_north);
  c = hex (&f, CENTRE);
  b = nb (&f, c, 0);
  i = unit_index (&f, "16-oh");
  counter (&f, "16-oh", 16, 10, 4, 3);

  /* 1: enters. */
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  /* No die typed: the players are asked for it. */
  {
    g_autofree char *json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}",
                                             hex_text (&f, b));

    ck_assert_int_eq (apply (&f, json, &error), WB_APPLY_REFUSED);
    ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL));
  }
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\", \"rolls\": [1]}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, b));
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], 4 * WB_MOVE_QUARTERS);
  ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_MORALE));

  /* 5: stays out, the MP spent, and the hex is closed to it this turn. */
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\", \"rolls\": [5]}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, c));
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], 4 * WB_MOVE_QUARTERS);
  ck_assert (logged (&f, "may not enter"));
  activate (&f, "decourcy-bde", "maneuver");
  ck_assert_int_lt (_wb_bs_move_cost (f.data, f.m, i, b), 0);
  f.m->turn++;
  ck_assert_int_ge (_wb_bs_move_cost (f.data, f.m, i, b), 0);
  f.m->turn--;

  /* 3, staying out. */
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  f.m->turn++;
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\", \"bayou\": \"stay\", \"rolls\": [3]}",
       hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, c));
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], 4 * WB_MOVE_QUARTERS);
  ck_assert (logged (&f, "stays out"));

  /* 4, entering: the Cohesion Check (CR 4, unsupported: 3) fails on a 6. */
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\", \"rolls\": [4, 6]}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, b));
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_SHAKEN);
  ck_assert (logged (&f, "fails its Cohesion Check"));
  refused (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"2510\", \"bayou\": \"maybe\"}", "bayou");
  teardown (&f);
}
END_TEST

/* 2.10k: over the Corduroy Bridge by the lane, no roll; 17.6h: the
 * Union's first turn of the Grand Assault, no roll; cavalry, even
 * dismounted, never into the Bayou but by the bridge. */
START_TEST (test_bayou_no_roll)
{
  Fixture f;
  WbOffset c, b;

  setup_plain (&f, "17.1", corduroy_north);
  c = hex (&f, CENTRE);
  b = nb (&f, c, 0);
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, b));
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], WB_MOVE_QUARTERS);
  teardown (&f);

  setup_plain (&f, "17.6", bayou_north);
  ck_assert_int_eq (f.m->turn, 1);
  c = hex (&f, CENTRE);
  b = nb (&f, c, 0);
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, b));
  /* Dismounted cavalry is infantry, but not in a Bayou (2.10h). */
  put_at (&f, "3-il-cav", nb (&f, b, 2));
  unit (&f, "3-il-cav")->flags |= BS_UNIT_DISMOUNTED;
  activate (&f, "lindsey-bde", "maneuver");
  put_at (&f, "16-oh", c);
  ck_assert_int_lt (_wb_bs_move_cost (f.data, f.m, unit_index (&f, "3-il-cav"), b), 0);
  teardown (&f);
}
END_TEST

/* 2.10j: infantry entering Cypress, by movement or by a retreat, takes a
 * Cohesion Check: a die at most its modified CR passes. */
START_TEST (test_cypress_check)
{
  Fixture f;
  WbOffset c, b;

  setup_plain (&f, "17.1", cypress_north);
  c = hex (&f, CENTRE);
  b = nb (&f, c, 0);
  put_at (&f, "16-oh", c);
  counter (&f, "16-oh", 16, 10, 4, 3);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\", \"rolls\": [3]}", hex_text (&f, b));
  ck_assert (logged (&f, "passes its Cohesion Check (3 against CR 3"));
  ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_MORALE));
  /* A retreat into it: the same check, the die the action's next. */
  {
    g_autoptr(JsonParser) p = json_parser_new ();
    WbRuleContext ctx = context (&f);
    BsAct a = { .data = f.data, .m = f.m, .ctx = &ctx };
    g_autoptr(GError) error = NULL;

    ck_assert (json_parser_load_from_data (p, "{\"rolls\": [6, 1]}", -1, NULL));
    a.action = json_node_get_object (json_parser_get_root (p));
    unit (&f, "16-oh")->flags |= BS_UNIT_DISRUPTED;
    ck_assert (_wb_bs_retreat_entry (&a, unit_index (&f, "16-oh"), b, &error));
    ck_assert_uint_eq (a.die, 2);    /* the check, then the Break Test of a Disrupted unit */
    ck_assert (!_wb_bs_retreat_entry (&a, unit_index (&f, "16-oh"), b, &error) ||
               unit (&f, "16-oh")->where.kind != WB_WHERE_HEX);
  }
  teardown (&f);
}
END_TEST

/* ---- Excl. 15.0 ---- */

START_TEST (test_skirmish)
{
  Fixture f;
  WbOffset c, e, adj;
  guint i;
  int with, without;

  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  i = unit_index (&f, "16-oh");
  put_at (&f, "16-oh", c);
  put (&f, "42-oh", "2010");
  put (&f, "54-in", "3010");
  put (&f, "22-ky", "3010");
  activate (&f, "decourcy-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ok (&f, "{\"type\": \"skirmish\", \"unit\": \"16-oh\", \"on\": true}");
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_SKIRMISH);
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], 2 * WB_MOVE_QUARTERS);
  /* Never stacked (15.2), two a side at most (15.0). */
  refused (&f, "{\"type\": \"skirmish\", \"unit\": \"54-in\", \"on\": true}", "15.2");
  ok (&f, "{\"type\": \"skirmish\", \"unit\": \"42-oh\", \"on\": true}");
  put (&f, "22-ky", "3510");
  refused (&f, "{\"type\": \"skirmish\", \"unit\": \"22-ky\", \"on\": true}", "bs.skirmish");
  /* Leaving takes all the MP left. */
  ok (&f, "{\"type\": \"skirmish\", \"unit\": \"42-oh\", \"on\": false}");
  ck_assert (!(unit (&f, "42-oh")->flags & BS_UNIT_SKIRMISH));
  ck_assert_int_eq (unit (&f, "42-oh")->data[BS_DATA_SPENT],
                    _wb_bs_allowance (f.data, f.m, unit_index (&f, "42-oh"), "attack"));
  teardown (&f);

  /* 15.3: next to an enemy skirmisher a hex costs 1 MP more; the
   * skirmisher then withdraws where no enemy is next to it. */
  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  i = unit_index (&f, "16-oh");
  e = nb (&f, nb (&f, c, 0), 0);
  adj = nb (&f, c, 0);
  put_at (&f, "16-oh", c);
  put_at (&f, "46-ms-a", e);
  activate (&f, "decourcy-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  without = _wb_bs_move_cost (f.data, f.m, i, adj);
  unit (&f, "46-ms-a")->flags |= BS_UNIT_SKIRMISH;
  with = _wb_bs_move_cost (f.data, f.m, i, adj);
  ck_assert_int_eq (with, without + WB_MOVE_QUARTERS);
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, adj));
  ck_assert_int_eq (unit (&f, "46-ms-a")->where.kind, WB_WHERE_HEX);
  ck_assert (!wb_offset_equal (unit (&f, "46-ms-a")->where.hex, e));
  ck_assert (!_wb_bs_enemy_within (f.data, f.m, CSA, unit (&f, "46-ms-a")->where.hex, 1));
  ck_assert (logged (&f, "withdraws to"));
  teardown (&f);
}
END_TEST

/* ---- 10.9, 10.10, 10.12, 10.8 ---- */

START_TEST (test_mount)
{
  Fixture f;
  WbOffset c;
  guint i;

  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  i = unit_index (&f, "3-il-cav");
  put_at (&f, "3-il-cav", c);
  put (&f, "thielemann-cav", "3010");
  activate (&f, "lindsey-bde", "maneuver");
  ok (&f, "{\"type\": \"dismount\", \"unit\": \"3-il-cav\"}");
  ck_assert (unit (&f, "3-il-cav")->flags & BS_UNIT_DISMOUNTED);
  ck_assert_int_eq (bs_role (f.data, f.m, i), BS_ROLE_INFANTRY);
  ck_assert_int_eq (unit (&f, "3-il-cav")->data[BS_DATA_SPENT], 3 * WB_MOVE_QUARTERS);
  /* The allowance it began the move with (10 MP mounted), less 3. */
  {
    gboolean march, engage;

    ck_assert_int_eq (_wb_bs_mp_left (f.data, f.m, i, &march, &engage), 7 * WB_MOVE_QUARTERS);
  }
  refused (&f, "{\"type\": \"dismount\", \"unit\": \"3-il-cav\"}", "dismounted");
  ok (&f, "{\"type\": \"mount\", \"unit\": \"3-il-cav\"}");
  ck_assert (!(unit (&f, "3-il-cav")->flags & BS_UNIT_DISMOUNTED));
  ck_assert_int_eq (bs_role (f.data, f.m, i), BS_ROLE_CAVALRY);
  /* No dismounted counter: no dismounting. */
  refused (&f, "{\"type\": \"dismount\", \"unit\": \"thielemann-cav\"}", "10.9");
  teardown (&f);

  /* Next to the enemy: Opportunity Fire first (10.9, 10.7). */
  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  put_at (&f, "3-il-cav", c);
  put_at (&f, "46-ms-a", nb (&f, c, 0));
  activate (&f, "lindsey-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"dismount\", \"unit\": \"3-il-cav\"}");
  ck_assert_int_eq (f.m->step, BS_OPFIRE);
  ck_assert_int_eq (f.m->active, CSA);
  ck_assert (!(unit (&f, "3-il-cav")->flags & BS_UNIT_DISMOUNTED));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ck_assert (unit (&f, "3-il-cav")->flags & BS_UNIT_DISMOUNTED);
  teardown (&f);
}
END_TEST

static void
slope_north_north (WbHexMap *map)
{
  WbOffset e = map_nb (map, map_nb (map, map_hex (map, CENTRE), 0), 0);

  wb_hex_map_add_side_feature (map, e, 0, "slope");
}

START_TEST (test_charge)
{
  Fixture f;
  WbOffset c, end, t;
  g_autoptr(GError) error = NULL;

  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  end = nb (&f, nb (&f, c, 0), 0);
  t = nb (&f, end, 0);
  put_at (&f, "3-il-cav", c);
  put_at (&f, "46-ms-a", t);
  put_at (&f, "16-oh", nb (&f, c, 3));
  activate (&f, "lindsey-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  unit (&f, "3-il-cav")->flags |= BS_UNIT_SHAKEN;
  refusedf (&f, "10.10a", "{\"type\": \"move\", \"unit\": \"3-il-cav\", \"hex\": \"%s\", \"charge\": true}",
            hex_text (&f, end));
  unit (&f, "3-il-cav")->flags &= ~(guint32) BS_UNIT_SHAKEN;
  /* Not to a hex next to no enemy. */
  refusedf (&f, "10.10e", "{\"type\": \"move\", \"unit\": \"3-il-cav\", \"hex\": \"%s\", \"charge\": true}",
            hex_text (&f, nb (&f, c, 0)));
  okf (&f, "{\"type\": \"move\", \"unit\": \"3-il-cav\", \"hex\": \"%s\", \"charge\": true}", hex_text (&f, end));
  ck_assert (unit (&f, "3-il-cav")->flags & BS_UNIT_CHARGED);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_CLOSE);
  /* It must attack (10.10). */
  refused (&f, "{\"type\": \"end_step\"}", "10.10");
  teardown (&f);

  /* 10.10g: not at a target across a slope. */
  setup_plain (&f, "17.1", slope_north_north);
  c = hex (&f, CENTRE);
  end = nb (&f, nb (&f, c, 0), 0);
  put_at (&f, "3-il-cav", c);
  put_at (&f, "46-ms-a", nb (&f, end, 0));
  activate (&f, "lindsey-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  refusedf (&f, "10.10e-g", "{\"type\": \"move\", \"unit\": \"3-il-cav\", \"hex\": \"%s\", \"charge\": true}",
            hex_text (&f, end));
  teardown (&f);
}
END_TEST

START_TEST (test_off_map)
{
  Fixture f;
  WbOffset edge = { 0, 10 };

  setup_plain (&f, "17.1", NULL);
  put_at (&f, "16-oh", edge);
  put (&f, "42-oh", CENTRE);
  activate (&f, "decourcy-bde", "maneuver");
  refused (&f, "{\"type\": \"withdraw\", \"unit\": \"42-oh\"}", "10.12");
  ok (&f, "{\"type\": \"withdraw\", \"unit\": \"16-oh\"}");
  ck_assert_int_eq (unit (&f, "16-oh")->where.kind, WB_WHERE_WAITING);
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_OUT);
  ck_assert (logged (&f, "out of the game"));
  teardown (&f);
}
END_TEST

/* 10.8: an enemy infantry unit's move ends two hexes from mounted cavalry:
 * the cavalry's side may withdraw it one hex away, or stay. */
START_TEST (test_cavalry_withdrawal)
{
  Fixture f;
  WbOffset c, to, w, away = { -1, -1 };

  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  to = nb (&f, c, 0);
  w = nb (&f, nb (&f, to, 0), 0);
  put_at (&f, "16-oh", c);
  put_at (&f, "28-ms-cav", w);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, to));
  ck_assert_int_eq (f.m->step, BS_WITHDRAW);
  ck_assert_int_eq (f.m->active, CSA);
  /* Not toward the mover. */
  refusedf (&f, "10.8", "{\"type\": \"withdraw\", \"unit\": \"28-ms-cav\", \"hex\": \"%s\"}",
            hex_text (&f, nb (&f, w, 3)));
  for (int d = 0; d < 6; d++)
    if (wb_hex_distance (f.data->layout, nb (&f, w, d), to) == 3)
      away = nb (&f, w, d);
  okf (&f, "{\"type\": \"withdraw\", \"unit\": \"28-ms-cav\", \"hex\": \"%s\"}", hex_text (&f, away));
  ck_assert (wb_offset_equal (unit (&f, "28-ms-cav")->where.hex, away));
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ck_assert_int_eq (f.m->active, USA);
  teardown (&f);

  /* Staying: the step goes back. */
  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  to = nb (&f, c, 0);
  w = nb (&f, nb (&f, to, 0), 0);
  put_at (&f, "16-oh", c);
  put_at (&f, "28-ms-cav", w);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, to));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ck_assert (wb_offset_equal (unit (&f, "28-ms-cav")->where.hex, w));
  teardown (&f);
}
END_TEST

/* ---- Excl. 2.1a, 14.4 ---- */

START_TEST (test_pioneers)
{
  Fixture f;
  WbRuleContext ctx;
  WbOffset c, t;
  const char *full = g_intern_static_string ("fallen-timber-full");
  const char *half = g_intern_static_string ("fallen-timber-half");

  setup_plain (&f, "17.1", NULL);
  ctx = context (&f);
  c = hex (&f, CENTRE);
  t = nb (&f, c, 0);
  add_marker (&f, "fallen-timber-full", t);
  put_at (&f, "16-oh", c);
  put (&f, "42-oh", "3010");
  activate (&f, "decourcy-bde", "attack");
  /* Not from a unit that began far from the timber. */
  refusedf (&f, "2.1a", "{\"type\": \"pioneer\", \"unit\": \"42-oh\", \"hex\": \"%s\"}", hex_text (&f, t));
  okf (&f, "{\"type\": \"pioneer\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, t));
  ck_assert_int_eq (unit (&f, "pioneer-1")->where.kind, WB_WHERE_HEX);
  ck_assert (wb_offset_equal (unit (&f, "pioneer-1")->where.hex, t));
  /* Once a Full Activation. */
  refusedf (&f, "bs.pioneer", "{\"type\": \"pioneer\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, t));

  /* 14.4: turned to its Removal side; then Full to Half; then Half off
   * with the pioneer. */
  _wb_bs_fallen_timber_reduction (f.data, f.m, &ctx);
  ck_assert_int_ge (wb_match_find_marker (f.m, full, t), 0);
  ck_assert (unit (&f, "pioneer-1")->data[BS_DATA_EXCL] & BS_EX_REMOVAL);
  _wb_bs_fallen_timber_reduction (f.data, f.m, &ctx);
  ck_assert_int_lt (wb_match_find_marker (f.m, full, t), 0);
  ck_assert_int_ge (wb_match_find_marker (f.m, half, t), 0);
  _wb_bs_fallen_timber_reduction (f.data, f.m, &ctx);
  ck_assert_int_lt (wb_match_find_marker (f.m, half, t), 0);
  ck_assert_int_ne (unit (&f, "pioneer-1")->where.kind, WB_WHERE_HEX);
  teardown (&f);

  /* Removed when no friendly infantry is left in or next to its hex. */
  setup_plain (&f, "17.1", NULL);
  c = hex (&f, CENTRE);
  t = nb (&f, c, 0);
  add_marker (&f, "fallen-timber-half", t);
  put_at (&f, "16-oh", c);
  activate (&f, "decourcy-bde", "maneuver");
  okf (&f, "{\"type\": \"pioneer\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, t));
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, nb (&f, nb (&f, c, 3), 3)));
  ck_assert_int_ne (unit (&f, "pioneer-1")->where.kind, WB_WHERE_HEX);
  ck_assert (logged (&f, "no friendly infantry"));
  teardown (&f);
}
END_TEST

/* ---- 6.5a ---- */

/* A knoll north of the centre, steep on every side. */
static void
steep_north (WbHexMap *map)
{
  WbOffset up = map_nb (map, map_hex (map, CENTRE), 0);

  wb_hex_map_set_elevation (map, up, 2);
  for (int d = 0; d < 6; d++)
    wb_hex_map_add_side_feature (map, up, d, "steep-slope");
}

START_TEST (test_steep_slope)
{
  Fixture f;
  WbRuleContext ctx;
  WbOffset c, up;
  guint i;

  setup_plain (&f, "17.1", steep_north);
  ctx = context (&f);
  c = hex (&f, CENTRE);
  up = nb (&f, c, 0);
  i = unit_index (&f, "blount");
  put_at (&f, "blount", c);
  f.m->active = USA;
  _wb_bs_begin_art_hex (f.data, f.m, c, &ctx);
  ck_assert_int_eq (f.m->step, BS_ART_HEX);
  ck_assert_int_eq (_wb_bs_move_cost (f.data, f.m, i, up), _wb_bs_allowance (f.data, f.m, i, NULL));
  okf (&f, "{\"type\": \"move\", \"unit\": \"blount\", \"hex\": \"%s\"}", hex_text (&f, up));
  ck_assert (wb_offset_equal (unit (&f, "blount")->where.hex, up));
  ck_assert (unit (&f, "blount")->flags & BS_UNIT_SHAKEN);
  ck_assert (logged (&f, "6.5a"));
  teardown (&f);

  /* Not from a hex it moved into first. */
  setup_plain (&f, "17.1", steep_north);
  ctx = context (&f);
  c = hex (&f, CENTRE);
  i = unit_index (&f, "blount");
  put_at (&f, "blount", c);
  f.m->active = USA;
  _wb_bs_begin_art_hex (f.data, f.m, c, &ctx);
  unit (&f, "blount")->data[BS_DATA_SPENT] = 1;
  ck_assert_int_lt (_wb_bs_move_cost (f.data, f.m, i, nb (&f, c, 0)), 0);
  teardown (&f);
}
END_TEST

/* The play UI offers the new actions as buttons. */
START_TEST (test_step_buttons)
{
  Fixture f;
  g_autoptr(WbStep) step = wb_step_new ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  gboolean skirmish = FALSE, dismount = FALSE;

  setup_plain (&f, "17.1", NULL);
  put (&f, "3-il-cav", CENTRE);
  activate (&f, "lindsey-bde", "maneuver");
  wb_picks_add (picks, 0, "3-il-cav");
  _wb_bs_map_step (f.data, f.m, picks, step);
  for (guint k = 0; step->buttons != NULL && k < step->buttons->len; k++)
    {
      WbStepButton *b = g_ptr_array_index (step->buttons, k);
      const char *type = json_object_get_string_member (b->action, "type");

      skirmish |= g_strcmp0 (type, "skirmish") == 0;
      dismount |= g_strcmp0 (type, "dismount") == 0;
    }
  ck_assert (skirmish && dismount);
  teardown (&f);
}
END_TEST

static Suite *
bs_excl_suite (void)
{
  Suite *s = suite_create ("bs-excl");
  TCase *tc = tcase_create ("excl");

  tcase_add_test (tc, test_bayou_entry);
  tcase_add_test (tc, test_bayou_no_roll);
  tcase_add_test (tc, test_cypress_check);
  tcase_add_test (tc, test_skirmish);
  tcase_add_test (tc, test_mount);
  tcase_add_test (tc, test_charge);
  tcase_add_test (tc, test_off_map);
  tcase_add_test (tc, test_cavalry_withdrawal);
  tcase_add_test (tc, test_pioneers);
  tcase_add_test (tc, test_steep_slope);
  tcase_add_test (tc, test_step_buttons);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_excl_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
