/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "bs-fixture.h"

/* The Blind Swords family's sequence of play and chit draw (issue 17,
 * item 2) on the bundled Chickasaw Bayou: each rule check at enforce and
 * at warn or off, with the dice typed (physical) where a roll matters and
 * the chits drawn named, as the players drawing from a real cup do. */

static BsChitAt
at (Fixture *f, const char *chit)
{
  int c = _wb_bs_chit_index (f->data, chit);

  ck_assert_int_ge (c, 0);
  return st (f)->at[c];
}

static guint
count (Fixture *f, BsChitAt where, int side)
{
  guint n = 0;

  for (guint c = 0; c < f->data->n_chits; c++)
    if (st (f)->at[c] == where && (side < 0 || f->data->owner[c] == side))
      n++;
  return n;
}

static int
brigade (Fixture *f, const char *id)
{
  for (guint b = 0; b < f->data->n_brigades; b++)
    if (strcmp (f->data->brigade[b], id) == 0)
      return (int) b;
  ck_abort_msg ("no brigade %s", id);
  return -1;
}

/* 17.1 through its Command Decision Phase (Confident; Good Ground and
 * Rally) and its Artillery Phase (both pass): the first draw. */
static void
to_draw (Fixture *f)
{
  ok (f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  ok (f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ok (f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  while (f->m->step == BS_ARTILLERY)
    ok (f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f->m->step, BS_DRAW);
}

/* 5.1-5.3: the Key Chits, secret; the included events at random; the
 * activation and Wild chits. */
START_TEST (test_command_decision)
{
  Fixture f;

  setup (&f, "17.1");
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  ck_assert_uint_eq (f.m->active, USA);
  ck_assert_uint_eq (count (&f, BS_AT_POOL, USA), 3);
  ck_assert_uint_eq (count (&f, BS_AT_POOL, CSA), 5);
  refused (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}", "(5.1)");
  refused (&f, "{\"type\": \"key_chit\", \"chit\": \"morgan\"}", "not an eligible Event chit");
  refused (&f, "{\"type\": \"draw\"}", "bs.sequence");
  refused (&f, "{\"type\": \"end_step\"}", "Key Chits");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  /* One Key Chit for the USA: the CSA chooses its two. */
  ck_assert_uint_eq (f.m->active, CSA);
  ck_assert_int_eq (at (&f, "usa-confident"), BS_AT_CUP);
  ck_assert_ptr_nonnull (logged_for (&f, "chooses Confident as a Key Chit", USA));
  ck_assert_ptr_null (logged_for (&f, "Confident", CSA));
  ck_assert_ptr_nonnull (logged_for (&f, "chooses a Key Chit (5.1)", CSA));
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  /* 5.2: one more USA event and two CSA ones at random, the rest out. */
  ck_assert_uint_eq (count (&f, BS_AT_POOL, -1), 0);
  ck_assert_uint_eq (count (&f, BS_AT_EXCLUDED, USA), 1);
  ck_assert_uint_eq (count (&f, BS_AT_EXCLUDED, CSA), 1);
  ck_assert (logged (&f, "draws 2 Event chits at random into the cup and excludes 1 (5.2)"));
  /* 5.3: Morgan, S. D. Lee and both Wild chits join 2 + 4 events. */
  ck_assert_int_eq (at (&f, "morgan"), BS_AT_CUP);
  ck_assert_int_eq (at (&f, "sd-lee"), BS_AT_CUP);
  ck_assert_int_eq (at (&f, "fortunes-of-war"), BS_AT_CUP);
  ck_assert_int_eq (at (&f, "fog-of-war"), BS_AT_CUP);
  ck_assert_int_eq (at (&f, "sherman"), BS_AT_OUT);
  ck_assert_uint_eq (count (&f, BS_AT_CUP, -1), 10);
  ck_assert (logged (&f, "The draw cup holds 10 chits (5.3)"));
  ck_assert_int_eq (f.m->step, BS_ARTILLERY);
  teardown (&f);
}
END_TEST

/* The Key Chit check at warn: a chit of the other side is played, the log
 * says the rule was broken; off: silently. */
START_TEST (test_key_chits_warn)
{
  Fixture f;

  setup (&f, "17.1");
  set_rule (&f, "bs.key-chits", "warn");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ck_assert (logged (&f, "rule broken (warned)"));
  ck_assert_int_eq (at (&f, "csa-good-ground"), BS_AT_CUP);
  teardown (&f);
  setup (&f, "17.1");
  set_rule (&f, "bs.key-chits", "off");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  ck_assert (!logged (&f, "rule broken"));
  teardown (&f);
}
END_TEST

/* 6.1-6.4: alternating Artillery Steps, USA first; a hex of the side's
 * artillery not yet activated; two passes in a row end them; a side with
 * none left passes; the Artillery Rally Step only when a unit may rally. */
START_TEST (test_artillery)
{
  Fixture f;

  setup (&f, "17.1");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  ck_assert_int_eq (f.m->step, BS_ARTILLERY);
  ck_assert_uint_eq (f.m->active, USA);
  refused (&f, "{\"type\": \"artillery\", \"hex\": \"3204\"}", "(6.1)");
  refused (&f, "{\"type\": \"artillery\", \"hex\": \"3902\"}", "(6.1)");
  ok (&f, "{\"type\": \"artillery\", \"hex\": \"4002\"}");
  ck_assert (logged (&f, "activates 1 artillery unit at 4002: it fires or moves (6.1)"));
  ck_assert_int_eq (f.m->step, BS_ART_HEX);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (wb_match_find_unit (f.m, "foster")->flags & BS_UNIT_ARTILLERY_DONE);
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"artillery\", \"hex\": \"3204\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  /* The USA has no artillery left: it passes, and the CSA acts again. */
  ck_assert (logged (&f, "has no artillery left to activate and passes (6.3)"));
  ck_assert_int_eq (f.m->step, BS_ARTILLERY);
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"artillery\", \"hex\": \"3204\"}", "(6.1)");
  ck_assert (!logged (&f, "Both players have passed"));
  /* The CSA passes with Weems' battery at 2709 still to activate: both
   * have passed in a row (6.3), it is not activated this turn. */
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (logged (&f, "Both players have passed"));
  /* 6.4: no artillery has a Morale Hit or its BW side up: no Rally Step. */
  ck_assert_int_eq (f.m->step, BS_DRAW);
  ck_assert_int_eq (f.m->step, BS_DRAW);
  teardown (&f);

  /* At off, artillery already activated activates again. */
  setup (&f, "17.1");
  set_rule (&f, "bs.artillery", "off");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  ok (&f, "{\"type\": \"artillery\", \"hex\": \"3902\"}");
  ck_assert (logged (&f, "activates 0 artillery units at 3902"));
  teardown (&f);
}
END_TEST

/* 7.2, 7.3: the CSA pulls on odd turns; a Division chit rolls against its
 * rating (Morgan 2): at most it a Full Activation, the brigade's order;
 * the chit is discarded when its division has no brigade left. */
START_TEST (test_division_activation)
{
  Fixture f;

  setup (&f, "17.1");
  to_draw (&f);
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"draw\", \"chit\": \"sherman\"}", "(7.3)");
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ck_assert_int_eq (f.m->step, BS_ROLL);
  ck_assert_uint_eq (f.m->active, USA);
  refused (&f, "{\"type\": \"hold\"}", "Only a CIC chit may be held");
  refused (&f, "{\"type\": \"command_roll\", \"rolls\": [7]}", "die");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [2]}");
  ck_assert (logged (&f, "rolls 2 for Morgan (Command Rating 2): a Full Activation (7.3)"));
  ck_assert_int_eq (f.m->step, BS_BRIGADE);
  refused (&f, "{\"type\": \"activate\", \"brigade\": \"withers-bde\"}", "(7.3)");
  refused (&f, "{\"type\": \"activate\", \"brigade\": \"lindsey-bde\"}", "(7.3)");   /* no units in 17.1 */
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"decourcy-bde\"}");
  ck_assert (st (&f)->brigade[brigade (&f, "decourcy-bde")] & BS_BDE_ACTIVATED);
  ck_assert_int_eq (f.m->step, BS_ORDERS);
  refused (&f, "{\"type\": \"order\", \"order\": \"charge\"}", "(8.1)");
  refused (&f, "{\"type\": \"end_step\"}", "order");
  ok (&f, "{\"type\": \"order\", \"order\": \"attack\"}");
  ck_assert (logged (&f, "gives DeCourcy's Brigade the Attack order (8.1)"));
  ck_assert_int_eq (f.m->step, BS_FIRE);
  ok (&f, "{\"type\": \"end_step\"}");   /* Fire Combat */
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ok (&f, "{\"type\": \"end_step\"}");   /* Movement */
  ck_assert_int_eq (f.m->step, BS_CLOSE);
  ok (&f, "{\"type\": \"end_step\"}");   /* Close Combat: the activation ends */
  /* Morgan has no unactivated brigade left in 17.1: discarded. */
  ck_assert_int_eq (at (&f, "morgan"), BS_AT_DISCARD);
  ck_assert_int_eq (f.m->step, BS_DRAW);
  teardown (&f);
}
END_TEST

/* 7.3: above the rating a Limited Activation: no order, a Fire Combat
 * Step only. At warn, a brigade of another division is activated. */
START_TEST (test_limited_activation)
{
  Fixture f;

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"sd-lee\"}");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [6]}");
  ck_assert (logged (&f, "rolls 6 for S. D. Lee (Command Rating 5): a Limited Activation (7.3)"));
  set_rule (&f, "bs.brigade", "warn");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"thomas-bde\"}");
  ck_assert (logged (&f, "rule broken (warned)"));
  ck_assert_int_eq (f.m->step, BS_FIRE);
  ck_assert (logged (&f, "a Limited Activation, a Fire Combat Step only"));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_lt (f.m->step, BS_ORDERS);
  teardown (&f);
}
END_TEST

/* Command Clarity (17.1d): Morgan's, once per game; another chit's is
 * refused. */
START_TEST (test_command_clarity)
{
  Fixture f;

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"sd-lee\"}");
  refused (&f, "{\"type\": \"command_roll\", \"clarity\": true}", "Command Clarity is not available");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [1]}");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"withers-bde\"}");
  ok (&f, "{\"type\": \"order\", \"order\": \"defend\"}");
  end_activation (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ok (&f, "{\"type\": \"command_roll\", \"clarity\": true}");
  ck_assert (logged (&f, "declares Command Clarity for Morgan: a Full Activation"));
  ck_assert_int_eq (f.m->step, BS_BRIGADE);
  ck_assert (st (&f)->clarity_used[_wb_bs_chit_index (f.data, "morgan")]);
  ck_assert (!_wb_bs_clarity_available (f.data, f.m, (guint) _wb_bs_chit_index (f.data, "morgan")));
  teardown (&f);
}
END_TEST

/* 7.3a: Fortunes of War negates the next chit: an Event discarded, a
 * Division chit's brigade marked activated doing nothing. */
START_TEST (test_fortunes_of_war)
{
  Fixture f;

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"fortunes-of-war\"}");
  ck_assert (logged (&f, "the next chit drawn is negated (7.3a)"));
  ck_assert_int_eq (f.m->step, BS_DRAW);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"sd-lee\"}");
  ck_assert_int_eq (f.m->step, BS_BRIGADE);
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"withers-bde\"}");
  ck_assert (logged (&f, "marks Withers' Brigade activated, doing nothing"));
  ck_assert (st (&f)->brigade[brigade (&f, "withers-bde")] & BS_BDE_ACTIVATED);
  ck_assert_int_eq (at (&f, "sd-lee"), BS_AT_DISCARD);
  ck_assert_int_eq (f.m->step, BS_DRAW);
  ck_assert (!st (&f)->negate);
  teardown (&f);

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"fortunes-of-war\"}");
  ok (&f, "{\"type\": \"draw\", \"chit\": \"usa-confident\"}");
  ck_assert (logged (&f, "Fortunes of War: Confident is discarded with no effect (7.3a)"));
  ck_assert_int_eq (at (&f, "usa-confident"), BS_AT_DISCARD);
  teardown (&f);
}
END_TEST

/* 7.3b: the Fog of War table's cells are "?": the players give the
 * result; the non-puller rolls; the opposing player applies a Wayward Move
 * or Battlefield Chaos. */
START_TEST (test_fog_of_war)
{
  Fixture f;
  g_autoptr(GError) error = NULL;

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"fog-of-war\"}");
  ck_assert_int_eq (f.m->step, BS_FOG);
  ck_assert_uint_eq (f.m->active, USA);
  ck_assert (apply (&f, "{\"type\": \"fog_of_war\", \"rolls\": [3]}", &error) == WB_APPLY_REFUSED);
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_RESULT));
  ck_assert_ptr_nonnull (f.needed_table);
  ck_assert_str_eq (wb_table_get_id (f.needed_table), "fog-of-war");
  /* A Wayward CSA Move: the Union (the opposing player) moves a
   * Confederate unit one hex. */
  ok (&f, "{\"type\": \"fog_of_war\", \"rolls\": [3], \"result\": \"Wayward CSA Move\"}");
  ck_assert (logged (&f, "Fog of War: 3, Wayward Confederate Move"));
  ck_assert_int_eq (at (&f, "fog-of-war"), BS_AT_DISCARD);
  ck_assert_int_eq (f.m->step, BS_WAYWARD);
  ck_assert_uint_eq (f.m->active, USA);
  refused (&f, "{\"type\": \"wayward\", \"unit\": \"16-oh\", \"hex\": \"3802\"}", "7.3b");
  refused (&f, "{\"type\": \"wayward\", \"unit\": \"46-ms-a\", \"hex\": \"3206\"}", "7.3b");   /* two hexes */
  ok (&f, "{\"type\": \"wayward\", \"unit\": \"46-ms-a\", \"hex\": \"3205\"}");
  ck_assert_str_eq (hex_text (&f, unit (&f, "46-ms-a")->where.hex), "3205");
  ck_assert (logged (&f, "a Wayward Move (7.3b)"));
  ck_assert_int_eq (f.m->step, BS_DRAW);
  teardown (&f);

  /* USA Battlefield Chaos: the Confederates mark the hex of DeCourcy's
   * 16 OH; its units may not move or fire until the end of the turn. */
  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"fog-of-war\"}");
  ok (&f, "{\"type\": \"fog_of_war\", \"rolls\": [1], \"result\": \"USA Battlefield Chaos\"}");
  ck_assert_int_eq (f.m->step, BS_CHAOS);
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"chaos\", \"hex\": \"3204\"}", "7.3b");
  ok (&f, "{\"type\": \"chaos\", \"hex\": \"3902\"}");
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_CHAOS);
  ck_assert (!_wb_bs_supported (f.data, f.m, unit_index (&f, "16-oh")));
  ck_assert_int_eq (f.m->step, BS_DRAW);
  teardown (&f);
}
END_TEST

/* 7.3, 7.1: an Event drawn is handed to its owner, secretly, held face
 * down, then played before a later draw; only a held chit is played. */
START_TEST (test_events_held)
{
  Fixture f;

  setup (&f, "17.1");
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"usa-confident\"}");
  ck_assert_ptr_nonnull (logged_for (&f, "draws an Event chit of Union (USA)", CSA));
  ck_assert_ptr_null (logged_for (&f, "Confident", CSA));
  ck_assert_int_eq (f.m->step, BS_EVENT);
  ck_assert_uint_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"hold\"}");
  ck_assert_int_eq (at (&f, "usa-confident"), BS_AT_HELD);
  /* 7.1: the USA is offered its held chit first. */
  ck_assert_int_eq (f.m->step, BS_HELD);
  ck_assert_uint_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"end_step\"}");
  /* The CSA holds nothing: the draw. */
  ck_assert_int_eq (f.m->step, BS_DRAW);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"csa-good-ground\"}");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"play_chit\", \"chit\": \"csa-good-ground\"}");
  ck_assert (logged (&f, "plays the Event Good Ground"));
  /* Good Ground goes on a hex of Confederate units, not a Trench hex
   * (excl. 9.3 xvi), until the end of the turn: fire at it shifts two
   * columns left. */
  ck_assert_int_eq (f.m->step, BS_EVENT_HEX);
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"place\", \"hex\": \"3902\"}", "Good Ground");
  ok (&f, "{\"type\": \"place\", \"hex\": \"3204\"}");
  ck_assert (logged (&f, "places Good Ground at 3204 until the end of the turn"));
  {
    BsShifts sh = { 0 };

    _wb_bs_event_shifts (f.data, f.m, WB_BS_FIRE, hex (&f, "3204"), -1, &sh);
    ck_assert_uint_eq (sh.n, 1);
    ck_assert_int_eq (sh.s[0].shift, -2);
  }
  ck_assert_int_eq (f.m->step, BS_HELD);
  refused (&f, "{\"type\": \"play_chit\", \"chit\": \"csa-rally\"}", "(7.1)");
  ok (&f, "{\"type\": \"play_chit\", \"chit\": \"usa-confident\"}");
  ck_assert_int_eq (at (&f, "usa-confident"), BS_AT_DISCARD);
  /* Then the CSA's turn to play one: it has none, the USA none left. */
  ck_assert_int_eq (f.m->step, BS_DRAW);
  teardown (&f);
}
END_TEST

/* 7.3: a CIC chit may be held and played before a later draw; its roll
 * (Sherman 4) fails with no Limited Activation; a success activates any
 * brigade of the side, even one already activated, without flipping it. */
START_TEST (test_cic)
{
  Fixture f;
  int stuart;

  setup (&f, "17.5");
  while (f.m->step == BS_COMMAND)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"draw\", \"chit\": \"sherman\"}");
  ck_assert_uint_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"hold\"}");
  ck_assert_int_eq (at (&f, "sherman"), BS_AT_HELD);
  ck_assert_int_eq (f.m->step, BS_HELD);
  ok (&f, "{\"type\": \"play_chit\", \"chit\": \"sherman\"}");
  ck_assert_int_eq (f.m->step, BS_ROLL);
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [5]}");
  ck_assert (logged (&f, "rolls 5 for Sherman CiC (Command Rating 4): no activation (7.3)"));
  ck_assert_int_eq (at (&f, "sherman"), BS_AT_DISCARD);
  teardown (&f);

  setup (&f, "17.5");
  while (f.m->step == BS_COMMAND)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  stuart = brigade (&f, "stuart-bde");
  st (&f)->brigade[stuart] |= BS_BDE_ACTIVATED;
  ok (&f, "{\"type\": \"draw\", \"chit\": \"sherman\"}");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [4]}");
  refused (&f, "{\"type\": \"activate\", \"brigade\": \"barton-bde\"}", "(7.3)");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"stuart-bde\"}");
  ok (&f, "{\"type\": \"order\", \"order\": \"maneuver\"}");
  end_activation (&f);
  ck_assert_int_eq (at (&f, "sherman"), BS_AT_DISCARD);
  ck_assert (st (&f)->brigade[stuart] & BS_BDE_ACTIVATED);
  ck_assert (!(st (&f)->brigade[brigade (&f, "burbridge-bde")] & BS_BDE_ACTIVATED));
  teardown (&f);
}
END_TEST

/* 10.11: artillery reinforcements are placed at the start of the
 * Artillery Phase (17.6l's Cooley and Putnam at 1007), a brigade's with
 * its Full Activation (17.4's Lindsey at 3900 from 8:00 AM). */
START_TEST (test_reinforcements)
{
  static const char * const race_course[] = { "race-course", NULL };
  Fixture f;

  setup_options (&f, load (), "17.6", race_course, 7);
  ck_assert_int_eq (wb_match_find_unit (f.m, "cooley")->where.kind, WB_WHERE_WAITING);
  /* Excl. 17.6g: the Pontoon Bridge first (a 1: it stays). */
  ok (&f, "{\"type\": \"place\", \"hex\": \"3018\"}");
  ok (&f, "{\"type\": \"roll\", \"rolls\": [1]}");
  while (f.m->step == BS_COMMAND || f.m->deploying)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  ck_assert_int_eq (f.m->step, BS_ARTILLERY);
  ck_assert_int_eq (wb_match_find_unit (f.m, "cooley")->where.kind, WB_WHERE_HEX);
  ck_assert (logged (&f, "enters at 1007 (10.11)"));
  teardown (&f);

  setup (&f, "17.4");
  ck_assert_int_eq (wb_match_find_unit (f.m, "49-in")->where.kind, WB_WHERE_WAITING);
  f.m->turn = 3;
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  while (f.m->step == BS_COMMAND)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  f.m->active = CSA;
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [1]}");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"lindsey-bde\"}");
  ck_assert_int_eq (wb_match_find_unit (f.m, "49-in")->where.kind, WB_WHERE_HEX);
  ck_assert (logged (&f, "49 IN (6) enters at 3900 (10.11)"));
  teardown (&f);
}
END_TEST

/* 10.11: an enemy next to the arrival hex delays the reinforcements to
 * the next turn; still there then, they enter at the closest hex clear of
 * the enemy. */
START_TEST (test_reinforcements_delayed)
{
  Fixture f;
  WbUnitState *enemy;
  WbHexLayout layout;

  setup (&f, "17.4");
  layout = wb_hex_map_get_layout (WB_HEX_MAP (f.m->map));
  enemy = wb_match_find_unit (f.m, "46-ms-a");
  ck_assert (wb_step_place (f.m, WB_PICK_HEX, "3901", &enemy->where));
  f.m->turn = 3;
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  while (f.m->step == BS_COMMAND)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  f.m->active = CSA;
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [1]}");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"lindsey-bde\"}");
  ck_assert_int_eq (wb_match_find_unit (f.m, "49-in")->where.kind, WB_WHERE_WAITING);
  ck_assert (logged (&f, "49 IN (6) cannot enter at 3900, an enemy unit is there or next to it: delayed"));
  /* The next turn, the enemy still there: the closest clear hex. */
  ok (&f, "{\"type\": \"order\", \"order\": \"attack\"}");
  end_activation (&f);
  f.m->turn = 4;
  memset (st (&f)->brigade, 0, sizeof st (&f)->brigade);
  st (&f)->at[_wb_bs_chit_index (f.data, "morgan")] = BS_AT_CUP;
  f.m->step = BS_DRAW;
  f.m->active = USA;
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [1]}");
  ok (&f, "{\"type\": \"activate\", \"brigade\": \"lindsey-bde\"}");
  {
    WbUnitState *u = wb_match_find_unit (f.m, "49-in");
    WbWhere planned;

    /* Each action played replaces the match: the enemy found again. */
    enemy = wb_match_find_unit (f.m, "46-ms-a");
    ck_assert_int_eq (u->where.kind, WB_WHERE_HEX);
    ck_assert (wb_step_place (f.m, WB_PICK_HEX, "3900", &planned));
    ck_assert_int_gt (wb_hex_distance (layout, u->where.hex, enemy->where.hex), 1);
    ck_assert_int_le (wb_hex_distance (layout, u->where.hex, planned.hex), 2);
  }
  ck_assert (logged (&f, "the closest hex to 3900 clear of the enemy (10.11)"));
  teardown (&f);
}
END_TEST

/* 17.6i: the Union's Division and CIC chits roll against their rating
 * +3, +2, +1 on the first three turns (rules.params.command_rating_bonus),
 * the Confederates' as printed; other scenarios have none. */
START_TEST (test_command_coordination)
{
  Fixture f;
  guint morgan, sherman, lee;

  setup (&f, "17.6");
  /* Excl. 17.6g: the Pontoon Bridge first (a 1: it stays). */
  ok (&f, "{\"type\": \"place\", \"hex\": \"3018\"}");
  ok (&f, "{\"type\": \"roll\", \"rolls\": [1]}");
  morgan = (guint) _wb_bs_chit_index (f.data, "morgan");
  sherman = (guint) _wb_bs_chit_index (f.data, "sherman");
  lee = (guint) _wb_bs_chit_index (f.data, "sd-lee");
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, morgan), 5);
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, sherman), 7);
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, lee), 5);
  while (f.m->step == BS_COMMAND)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(GError) error = NULL;

      ck_assert (act (&f, a, &error) == WB_APPLY_DONE);
    }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ok (&f, "{\"type\": \"command_roll\", \"rolls\": [5]}");
  ck_assert (logged (&f, "Morgan's Command Rating is 5 this turn (+3, the scenario's bonus)"));
  ck_assert (logged (&f, "rolls 5 for Morgan (Command Rating 5): a Full Activation"));
  f.m->turn = 3;
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, morgan), 3);
  f.m->turn = 4;
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, morgan), 2);
  teardown (&f);

  setup (&f, "17.5");
  ck_assert_int_eq (_wb_bs_rating (f.data, f.m, (guint) _wb_bs_chit_index (f.data, "morgan")), 2);
  teardown (&f);
}
END_TEST

/* A Command Rating the file leaves "?" is the players' to give: the roll
 * is refused without it, the step offers a button per rating. */
START_TEST (test_unknown_rating)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = wb_step_new ();
  WbGame *game;
  Fixture f;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, "\"formation\": \"morgan-div\", \"command_rating\": 2,",
                                       "\"formation\": \"morgan-div\", \"command_rating\": \"?\",", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, path, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  setup_game (&f, game, "17.1", 7);
  to_draw (&f);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  refused (&f, "{\"type\": \"command_roll\", \"rolls\": [3]}", "give it as “rating”");
  f.family->step (f.data, f.m, picks, step);
  ck_assert_uint_eq (step->buttons->len, 6 + 1);   /* and Command Clarity */
  ck_assert_str_eq (((WbStepButton *) g_ptr_array_index (step->buttons, 2))->label,
                    "Roll for Morgan at Command Rating 3");
  ok (&f, "{\"type\": \"command_roll\", \"rating\": 3, \"rolls\": [3]}");
  ck_assert (logged (&f, "rolls 3 for Morgan (Command Rating 3): a Full Activation"));
  teardown (&f);
}
END_TEST

/* Draws the cup empty with the automatic player's choices; the End Turn
 * Phase then runs. */
static void
auto_until_turn (Fixture *f, int turn)
{
  WbRng rng;

  wb_rng_seed (&rng, 11, 0);
  while (!f->m->over && f->m->turn < turn)
    {
      g_autoptr(JsonObject) a = f->family->suggest (f->data, f->m, &rng);
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_nonnull (a);
      ck_assert_msg (act (f, a, &error) == WB_APPLY_DONE, "%s", error ? error->message : "");
    }
}

/* 14.2-14.5: the VP of the occupy places (held by the Confederates at the
 * start, 17.1f), the brigades reset, the Broken Track one box down (a
 * forced state), the next turn; at the end the broken units' VP and the
 * Victory Level. */
START_TEST (test_end_turn)
{
  Fixture f;
  WbUnitState *u;
  const char *box3, *box2, *box1, *available;

  setup (&f, "17.1");
  f.physical = FALSE;
  box3 = f.data->broken[0];
  box2 = f.data->broken[1];
  box1 = f.data->broken[2];
  available = f.data->broken[3];
  ck_assert_str_eq (box3, "broken-3");
  ck_assert_str_eq (available, "broken-available");
  u = wb_match_find_unit (f.m, "16-oh");
  u->where.kind = WB_WHERE_BOX;
  u->where.place = box3;
  u = wb_match_find_unit (f.m, "54-in");
  u->where.kind = WB_WHERE_BOX;
  u->where.place = box1;
  u = wb_match_find_unit (f.m, "42-oh");
  u->where.kind = WB_WHERE_BOX;
  u->where.place = available;
  /* The Union takes 3206 alone; the Confederates are off the map (so that
   * nothing the automatic players do takes it back). */
  u = wb_match_find_unit (f.m, "22-ky");
  ck_assert (wb_step_place (f.m, WB_PICK_HEX, "3206", &u->where));
  for (guint i = 0; i < f.m->units->len; i++)
    {
      WbUnitState *v = &g_array_index (f.m->units, WbUnitState, i);

      if (v->side == CSA)
        {
          v->where.kind = WB_WHERE_WAITING;
          v->arrives = 0;
        }
    }
  auto_until_turn (&f, 2);
  ck_assert_int_eq (f.m->turn, 2);
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  ck_assert_str_eq (wb_match_find_unit (f.m, "16-oh")->where.place, box2);
  ck_assert_str_eq (wb_match_find_unit (f.m, "54-in")->where.place, available);
  ck_assert_str_eq (wb_match_find_unit (f.m, "42-oh")->where.place, available);
  ck_assert (logged (&f, "1 unit moves from Broken Track: 3 to Broken Track: 2 (14.4)"));
  ck_assert (logged (&f, "1 unit moves from Broken Track: 1 to Broken Track: Available (14.4)"));
  /* 3206 is the Union's (2 VP), 3010 still the Confederates' (1 VP). */
  ck_assert_int_eq (f.m->vp[USA], 2);
  ck_assert_int_eq (f.m->vp[CSA], 1);
  for (guint b = 0; b < f.data->n_brigades; b++)
    ck_assert (!(st (&f)->brigade[b] & BS_BDE_ACTIVATED));
  auto_until_turn (&f, 99);
  ck_assert (f.m->over);
  ck_assert_int_eq (f.m->turn, 5);
  /* 17.1f: the Confederates score the three Union units broken (at least),
   * then the Victory Level is judged from the VP difference. */
  ck_assert (logged (&f, "Confederate (CSA) receives"));
  ck_assert (logged (&f, "Victory Level: "));
  ck_assert (logged (&f, "The last turn is over"));
  ck_assert (!logged (&f, "The players judge: Both players receive 1 VP per enemy unit"));
  teardown (&f);
}
END_TEST

/* The automatic player finishes every scenario, each action it suggests
 * played at enforce, for several seeds; the same seed plays the same
 * game. */
START_TEST (test_auto_all_scenarios)
{
  static const char * const scenarios[] = { "17.1", "17.2", "17.3", "17.4", "17.5", "17.6" };
  g_autoptr(WbGame) game = load ();

  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    for (guint64 seed = 1; seed <= 4; seed++)
      {
        Fixture f;
        WbRng rng;
        guint n = 0, draws = 0;

        setup_game (&f, g_object_ref (game), scenarios[s], seed);
        f.physical = FALSE;
        wb_rng_seed (&rng, seed, 3);
        while (!f.m->over)
          {
            g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
            g_autoptr(GError) error = NULL;

            ck_assert_ptr_nonnull (a);
            draws += g_strcmp0 (json_object_get_string_member (a, "type"), "draw") == 0;
            g_autofree char *text = action_text (a);

            ck_assert_msg (act (&f, a, &error) == WB_APPLY_DONE, "%s seed %" G_GUINT64_FORMAT ": %s: %s",
                           scenarios[s], seed, text, error ? error->message : "");
            ck_assert_uint_lt (++n, 100000);
          }
        ck_assert_int_eq (f.m->turn, wb_match_n_turns (f.m));
        ck_assert_ptr_null (f.family->suggest (f.data, f.m, &rng));
        ck_assert_uint_ge (draws, (guint) wb_match_n_turns (f.m) * 4);
        teardown (&f);
      }
}
END_TEST

/* The play window's step: the side's own Key Chits as buttons only, the
 * artillery hexes to click, the board hiding the other side's held
 * Event. */
START_TEST (test_steps_and_board)
{
  Fixture f;
  g_autoptr(WbPicks) picks = wb_picks_new ();

  setup (&f, "17.1");
  {
    g_autoptr(WbStep) step = wb_step_new ();

    f.family->step (f.data, f.m, picks, step);
    ck_assert_uint_eq (step->buttons->len, 3);
    for (guint b = 0; b < step->buttons->len; b++)
      ck_assert (g_str_has_prefix (json_object_get_string_member (
                   ((WbStepButton *) g_ptr_array_index (step->buttons, b))->action, "chit"), "usa-"));
  }
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"usa-confident\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-good-ground\"}");
  ok (&f, "{\"type\": \"key_chit\", \"chit\": \"csa-rally\"}");
  {
    g_autoptr(WbStep) step = wb_step_new ();
    g_autoptr(JsonObject) a = NULL;
    g_autoptr(JsonNode) node = NULL;
    g_autofree char *text = NULL;

    f.family->step (f.data, f.m, picks, step);
    ck_assert_uint_eq (step->lists->len, 1);
    ck_assert_uint_eq (((WbPickList *) g_ptr_array_index (step->lists, 0))->candidates->len, 1);
    ck_assert_ptr_nonnull (wb_pick_list_find (g_ptr_array_index (step->lists, 0), "4002"));
    wb_picks_add (picks, 0, "4002");
    a = f.family->step_action (f.data, f.m, picks);
    node = json_node_init_object (json_node_alloc (), a);
    text = json_to_string (node, FALSE);
    ck_assert_str_eq (text, "{\"type\":\"artillery\",\"hex\":\"4002\"}");
    wb_picks_clear (picks);
  }
  while (f.m->step == BS_ARTILLERY)
    ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"draw\", \"chit\": \"csa-good-ground\"}");
  ok (&f, "{\"type\": \"hold\"}");
  ok (&f, "{\"type\": \"end_step\"}");   /* the CSA plays no held chit */
  ck_assert_int_eq (f.m->step, BS_DRAW);
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"draw\", \"chit\": \"morgan\"}");
  ck_assert_uint_eq (f.m->active, USA);
  {
    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);
    gboolean hidden = FALSE;

    ck_assert_ptr_nonnull (board);
    for (guint k = 0; k < board->units->len; k++)
      {
        WbBoardUnit *bu = &g_array_index (board->units, WbBoardUnit, k);

        ck_assert_str_ne (bu->label, "Good Ground");
        hidden |= g_strcmp0 (bu->label, "Event") == 0 && bu->side == CSA;
      }
    ck_assert (hidden);
  }
  teardown (&f);
}
END_TEST

static Suite *
bs_suite (void)
{
  Suite *s = suite_create ("bs");
  TCase *tc = tcase_create ("sequence");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_command_decision);
  tcase_add_test (tc, test_key_chits_warn);
  tcase_add_test (tc, test_artillery);
  tcase_add_test (tc, test_division_activation);
  tcase_add_test (tc, test_limited_activation);
  tcase_add_test (tc, test_command_clarity);
  tcase_add_test (tc, test_fortunes_of_war);
  tcase_add_test (tc, test_fog_of_war);
  tcase_add_test (tc, test_events_held);
  tcase_add_test (tc, test_cic);
  tcase_add_test (tc, test_end_turn);
  tcase_add_test (tc, test_reinforcements);
  tcase_add_test (tc, test_reinforcements_delayed);
  tcase_add_test (tc, test_command_coordination);
  tcase_add_test (tc, test_unknown_rating);
  tcase_add_test (tc, test_auto_all_scenarios);
  tcase_add_test (tc, test_steps_and_board);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
