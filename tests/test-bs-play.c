/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "bs-fixture.h"

/* The Blind Swords family on the map (issue 17, items 2 and 6): the
 * activation's steps as each order allows them, Fire Combat through the
 * rulebook's worked examples (9.3, the Panic Example of 12.1, the
 * rounding of 2.8) with the dice typed, Opportunity Fire, Close Combat
 * and the advance, Rally and Rebuild, the Artillery Step — on Chickasaw
 * Bayou's map made a table-top (plain_map) so that each test sets the
 * terrain it needs. */

/* What the action would do (the play window's preview), or NULL. */
static char *
preview (Fixture *f, const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };
  WbPreview pv = { 0 };
  g_autoptr(WbMatch) copy = wb_match_copy (f->m);
  g_autoptr(GError) error = NULL;

  ck_assert (json_parser_load_from_data (p, json, -1, NULL));
  ctx.preview = &pv;
  ck_assert_msg (f->family->apply (f->data, copy, json_node_get_object (json_parser_get_root (p)), &ctx, &error) ==
                 WB_APPLY_DONE, "%s", error ? error->message : "");
  return pv.text;
}

/* 9.3's Fire Combat Example: 3 SP (3-3) fire from Clear at a 4-4 Lead
 * Unit two columns left (the example's Woods: here an Epaulement, 2 left,
 * so that the target keeps its Unit Support): the 1 column, 62 reads
 * "- | 0-1 | 2-4", a Routine test for CR 4 (the rule, not the example's
 * words: erratum in docs/games/chickasaw-bayou.md) and for the Shaken CR 3
 * the example names. */
START_TEST (test_fire_example)
{
  Fixture f;
  WbOffset t, from;
  g_autofree char *json = NULL;
  g_autofree char *pv = NULL;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  from = nb (&f, t, 0);
  put_at (&f, "16-oh", from);
  counter (&f, "16-oh", 6, 4, 3, 2);
  put_at (&f, "46-ms-a", t);
  counter (&f, "46-ms-a", 8, 5, 4, 3);
  put_at (&f, "46-ms-b", nb (&f, t, 3));   /* Unit Support, same brigade */
  add_marker (&f, "epaulement", t);
  activate (&f, "decourcy-bde", "attack");
  ck_assert_int_eq (f.m->step, BS_FIRE);
  json = g_strdup_printf ("{\"type\": \"fire\", \"units\": [\"16-oh\"], \"hex\": \"%s\", \"rolls\": [6, 2, 1, 1]}",
                          hex_text (&f, t));
  pv = preview (&f, json);
  ck_assert_msg (strstr (pv, "3 SP") != NULL && strstr (pv, "column 1") != NULL && strstr (pv, "-2") != NULL &&
                 strstr (pv, "CR 4") != NULL, "%s", pv);
  ok (&f, json);
  ck_assert_msg (logged (&f, "on column 1") && logged (&f, "62 against") && logged (&f, "Routine"),
                 "the fire example's reading is logged");
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_FIRED);
  /* A unit fires once a step (9.1). */
  refused (&f, json, "9.0");
  teardown (&f);
}
END_TEST

/* 12.1's Panic Example: a stack of 4, 3 and 1 SP (CR 3, no markers),
 * next to a friendly Shaken 6 SP CR 4 unit, takes a Tough test; coloured
 * 5, white 5: D2 flips the 4 and the 3, "MH RA2 (P1)" makes the Lead Unit
 * Shaken and retreats it two hexes, then Panic: only the C SP unit
 * qualifies (CR 2, the Lead Unit's); it becomes Shaken and retreats two
 * hexes. */
START_TEST (test_panic_example)
{
  Fixture f;
  WbOffset t, from;
  int column = -1, c = 0, w = 0;
  gboolean clamped;
  g_autofree char *json = NULL;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  from = nb (&f, t, 0);
  put_at (&f, "16-oh", from);
  counter (&f, "16-oh", 16, 10, 3, 2);
  put_at (&f, "46-ms-a", t);
  counter (&f, "46-ms-a", 8, 2, 3, 2);
  put_at (&f, "46-ms-b", t);
  counter (&f, "46-ms-b", 6, 1, 3, 2);
  put_at (&f, "26-la-a", t);
  counter (&f, "26-la-a", 2, 1, 3, 2);
  put_at (&f, "26-la-b", nb (&f, t, 3));
  counter (&f, "26-la-b", 12, 8, 4, 3);
  unit (&f, "26-la-b")->flags |= BS_UNIT_SHAKEN;
  activate (&f, "decourcy-bde", "attack");
  /* A throw that calls for a Tough test against CR 3 on 8 SP's column. */
  column = wb_bs_column (f.data->tables, 16, 0, FALSE, &clamped);
  for (int cc = 1; cc <= 6 && c == 0; cc++)
    for (int ww = 1; ww <= 6 && c == 0; ww++)
      if (wb_bs_crt_read (f.data->tables, column, cc, ww, 3, WB_BS_FIRE) == WB_BS_TEST_TOUGH)
        {
          c = cc;
          w = ww;
        }
  ck_assert_msg (c > 0, "the CRT has a Tough test for CR 3 on the 8 column");
  json = g_strdup_printf ("{\"type\": \"fire\", \"units\": [\"16-oh\"], \"hex\": \"%s\", \"rolls\": [%d, %d, 5, 5]}",
                          hex_text (&f, t), c, w);
  ok (&f, json);
  ck_assert (logged (&f, "Tough"));
  /* The Lead Unit: flipped (1 SP), Shaken, two hexes away. */
  ck_assert (unit (&f, "46-ms-a")->flags & BS_UNIT_WORN);
  ck_assert_int_eq (unit (&f, "46-ms-a")->halves, 2);
  ck_assert (unit (&f, "46-ms-a")->flags & BS_UNIT_SHAKEN);
  ck_assert_int_eq (unit (&f, "46-ms-a")->where.kind, WB_WHERE_HEX);
  ck_assert_int_eq (wb_hex_distance (f.data->layout, unit (&f, "46-ms-a")->where.hex, t), 2);
  /* The 3 SP unit: flipped to C, then Panic: Shaken, two hexes away. */
  ck_assert (unit (&f, "46-ms-b")->flags & BS_UNIT_WORN);
  ck_assert_int_eq (unit (&f, "46-ms-b")->halves, 1);
  ck_assert (unit (&f, "46-ms-b")->flags & BS_UNIT_SHAKEN);
  ck_assert_int_eq (wb_hex_distance (f.data->layout, unit (&f, "46-ms-b")->where.hex, t), 2);
  ck_assert (logged (&f, "panics"));
  /* The 1 SP unit (CR 3) and the Shaken neighbour (CR 3) do not qualify. */
  ck_assert (!(unit (&f, "26-la-a")->flags & (BS_UNIT_WORN | BS_UNIT_MORALE)));
  ck_assert (wb_offset_equal (unit (&f, "26-la-a")->where.hex, t));
  ck_assert (!(unit (&f, "26-la-b")->flags & (BS_UNIT_WORN | BS_UNIT_DISRUPTED)));
  teardown (&f);
}
END_TEST

/* 2.8: fractions are kept to the end: 3 SP and 1 SP at Long range (halved)
 * fire 1½ + ½ = 2 SP; a lone 1 SP at Extreme range (a quarter) has under
 * ½ SP and cannot fire (9.3). */
START_TEST (test_rounding)
{
  Fixture f;
  WbOffset t, a, b;
  g_autofree char *json = NULL;
  g_autofree char *pv = NULL;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  a = nb (&f, nb (&f, nb (&f, t, 0), 0), 0);   /* three hexes: RM's Long range */
  b = nb (&f, nb (&f, nb (&f, t, 1), 1), 1);
  put_at (&f, "16-oh", a);
  counter (&f, "16-oh", 6, 4, 3, 2);
  put_at (&f, "54-in", b);
  counter (&f, "54-in", 2, 1, 3, 2);
  put_at (&f, "46-ms-a", t);
  activate (&f, "decourcy-bde", "attack");
  json = g_strdup_printf ("{\"type\": \"fire\", \"units\": [\"16-oh\", \"54-in\"], \"hex\": \"%s\"}", hex_text (&f, t));
  pv = preview (&f, json);
  ck_assert_msg (g_str_has_prefix (pv, "2 SP"), "%s", pv);
  /* Extreme range, alone: ¼ SP. */
  put_at (&f, "54-in", nb (&f, nb (&f, nb (&f, nb (&f, nb (&f, t, 1), 1), 1), 1), 1));
  g_free (json);
  json = g_strdup_printf ("{\"type\": \"fire\", \"units\": [\"54-in\"], \"hex\": \"%s\"}", hex_text (&f, t));
  refused (&f, json, "cannot fire");
  teardown (&f);
}
END_TEST

/* 8.4, 8.5, 7.3: the steps each order allows. */
START_TEST (test_orders_steps)
{
  Fixture f;

  setup_plain (&f, "17.1", NULL);
  put (&f, "16-oh", "2510");
  put (&f, "46-ms-a", "3010");
  activate (&f, "decourcy-bde", "maneuver");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  refused (&f, "{\"type\": \"fire\", \"units\": [\"16-oh\"], \"hex\": \"3010\"}", "No unit fires");
  activate (&f, "decourcy-bde", "regroup");
  ck_assert_int_eq (f.m->step, BS_RALLY);
  activate (&f, "decourcy-bde", "attack");
  ck_assert_int_eq (f.m->step, BS_FIRE);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_CLOSE);
  activate (&f, "decourcy-bde", "defend");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_RALLY);
  /* A Limited Activation is a Fire Combat Step only (7.3). */
  activate (&f, "decourcy-bde", NULL);
  ck_assert_int_eq (f.m->step, BS_FIRE);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_lt (f.m->step, BS_ORDERS);
  teardown (&f);
}
END_TEST

/* 10.7: a unit moving out of a hex next to the enemy is fired at first;
 * the enemy may decline, and the move goes on. */
START_TEST (test_opportunity_fire)
{
  Fixture f;
  WbOffset t, from, away;
  g_autofree char *json = NULL;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  from = nb (&f, t, 0);
  away = nb (&f, from, 0);
  put_at (&f, "16-oh", from);
  put_at (&f, "46-ms-a", t);
  activate (&f, "decourcy-bde", "defend");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  json = g_strdup_printf ("{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, away));
  ok (&f, json);
  ck_assert_int_eq (f.m->step, BS_OPFIRE);
  ck_assert_int_eq (f.m->active, CSA);
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, from));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  ck_assert_int_eq (f.m->active, USA);
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, away));
  ck_assert (logged (&f, "gives no Opportunity Fire"));
  teardown (&f);
}
END_TEST

/* 11.0, 12.7: a Close Combat commits its attackers (once a step); when
 * the defenders leave the hex, the attackers may advance into it. */
START_TEST (test_close_combat)
{
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      Fixture f;
      WbOffset t;
      g_autofree char *json = NULL;
      g_autoptr(GError) error = NULL;

      setup_plain (&f, "17.1", NULL);
      f.physical = FALSE;
      wb_rng_seed (&f.m->rng, seed, 1);
      t = hex (&f, "2510");
      put_at (&f, "16-oh", nb (&f, t, 0));
      put_at (&f, "42-oh", nb (&f, t, 1));
      put_at (&f, "46-ms-a", t);
      counter (&f, "46-ms-a", 2, 1, 1, 0);
      activate (&f, "decourcy-bde", "attack");
      ok (&f, "{\"type\": \"end_step\"}");
      ok (&f, "{\"type\": \"end_step\"}");
      ck_assert_int_eq (f.m->step, BS_CLOSE);
      json = g_strdup_printf ("{\"type\": \"close_combat\", \"units\": [\"16-oh\", \"42-oh\"], \"hex\": \"%s\"}",
                              hex_text (&f, t));
      ok (&f, json);
      ck_assert (logged (&f, "Close Combat:") || logged (&f, "No attacker is left"));
      if (f.m->step == BS_ADVANCE)
        {
          g_autofree char *adv = NULL;

          ck_assert (unit (&f, "46-ms-a")->where.kind != WB_WHERE_HEX ||
                     !wb_offset_equal (unit (&f, "46-ms-a")->where.hex, t));
          adv = g_strdup_printf ("{\"type\": \"advance\", \"units\": [\"%s\"]}",
                                 unit (&f, "16-oh")->where.kind == WB_WHERE_HEX ? "16-oh" : "42-oh");
          if (apply (&f, adv, &error) == WB_APPLY_DONE)
            ck_assert (logged (&f, "advances into"));
          g_clear_error (&error);
        }
      else
        {
          ck_assert_int_eq (f.m->step, BS_CLOSE);
          if (unit (&f, "16-oh")->where.kind == WB_WHERE_HEX && unit (&f, "46-ms-a")->where.kind == WB_WHERE_HEX &&
              wb_hex_distance (f.data->layout, unit (&f, "16-oh")->where.hex, unit (&f, "46-ms-a")->where.hex) == 1)
            {
              g_autofree char *again = g_strdup_printf ("{\"type\": \"close_combat\", \"units\": [\"16-oh\"], "
                                                        "\"hex\": \"%s\"}",
                                                        hex_text (&f, unit (&f, "46-ms-a")->where.hex));
              refused (&f, again, "11.2");
            }
        }
      teardown (&f);
    }
}
END_TEST

/* 13.1, 13.2: Recovery under Regroup takes every Morale Hit off, under
 * Defend one; too close to the enemy no unit rallies; a Rebuild from the
 * Available box comes back on the map within three hexes of the brigade. */
START_TEST (test_rally)
{
  Fixture f;

  setup_plain (&f, "17.1", NULL);
  put (&f, "16-oh", "2510");
  put (&f, "42-oh", "3010");
  put (&f, "46-ms-a", "2520");
  unit (&f, "16-oh")->flags |= BS_UNIT_DISRUPTED;
  unit (&f, "42-oh")->flags |= BS_UNIT_SHAKEN;
  activate (&f, "decourcy-bde", "defend");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_RALLY);
  ok (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\"}");
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_SHAKEN);
  ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_DISRUPTED));
  /* Next to the enemy: no Rally. */
  put (&f, "46-ms-a", hex_text (&f, nb (&f, hex (&f, "3010"), 0)));
  refused (&f, "{\"type\": \"rally\", \"unit\": \"42-oh\"}", "13.1");
  /* Regroup: all hits off, and a Rebuild from the Available box. */
  put (&f, "46-ms-a", "2520");
  activate (&f, "decourcy-bde", "regroup");
  ok (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\"}");
  ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_MORALE));
  unit (&f, "54-in")->where.kind = WB_WHERE_BOX;
  unit (&f, "54-in")->where.place = f.data->broken[f.data->n_broken - 1];
  unit (&f, "54-in")->flags |= BS_UNIT_WORN | WB_UNIT_IN_SCENARIO;
  ok (&f, "{\"type\": \"rally\", \"unit\": \"54-in\", \"rolls\": [1]}");
  ck_assert_int_eq (unit (&f, "54-in")->where.kind, WB_WHERE_HEX);
  ck_assert_int_le (wb_hex_distance (f.data->layout, unit (&f, "54-in")->where.hex, hex (&f, "2510")), 3);
  ck_assert (logged (&f, "is rebuilt"));
  teardown (&f);
}
END_TEST

/* Excl. 17.1e: the three units at 2709 and 2710 neither move nor fire
 * until a Union unit comes within five hexes of 2709. */
START_TEST (test_restricted)
{
  Fixture f;

  setup (&f, "17.1");
  activate (&f, "withers-bde", "attack");
  ck_assert (_wb_bs_restricted (f.data, f.m, unit_index (&f, "17-la-a"), FALSE));
  ck_assert (_wb_bs_restricted (f.data, f.m, unit_index (&f, "weems"), TRUE));
  ck_assert (!_wb_bs_restricted (f.data, f.m, unit_index (&f, "46-ms-a"), FALSE));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  refused (&f, "{\"type\": \"move\", \"unit\": \"17-la-a\", \"hex\": \"2708\"}", "17.1e");
  /* A Union unit six hexes away: still restricted; five: freed. */
  put (&f, "16-oh", hex_text (&f, (WbOffset) { hex (&f, "2709").col + 6, hex (&f, "2709").row }));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (_wb_bs_restricted (f.data, f.m, unit_index (&f, "17-la-a"), FALSE));
  activate (&f, "withers-bde", "attack");
  put (&f, "16-oh", hex_text (&f, (WbOffset) { hex (&f, "2709").col + 5, hex (&f, "2709").row }));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (logged (&f, "frees the restricted units"));
  ck_assert (!_wb_bs_restricted (f.data, f.m, unit_index (&f, "17-la-a"), FALSE));
  teardown (&f);
}
END_TEST

/* Excl. 17.4g: the Victory Level from the trench hexes the Union holds at
 * the end (the Confederates hold them all at the start); 17.1f: from the
 * VP difference, with the broken units' VP. */
START_TEST (test_victory_levels)
{
  Fixture f;
  WbRuleContext ctx;
  GArray *trenches = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  setup (&f, "17.4");
  ctx = (WbRuleContext) { f.settings, f.events, f.family->checks, f.family->n_checks };
  ck_assert_int_eq (_wb_bs_controls (f.data, f.m, USA), 0);
  ck_assert_int_gt (_wb_bs_controls (f.data, f.m, CSA), 2);
  for (int r = 0; r < f.data->rows; r++)
    for (int c = 0; c < f.data->cols; c++)
      {
        WbOffset h = { c, r };

        if (wb_hex_map_has_hex_feature (f.data->map, h, "trench"))
          g_array_append_val (trenches, h);
      }
  clear_map (&f);
  put (&f, "16-oh", hex_text (&f, g_array_index (trenches, WbOffset, 0)));
  _wb_bs_update_control (f.data, f.m, FALSE);
  ck_assert_int_eq (_wb_bs_controls (f.data, f.m, USA), 1);
  _wb_bs_final_victory (f.data, f.m, &ctx);
  ck_assert (logged (&f, "Victory Level: Marginal Union Victory"));
  ck_assert_int_eq (f.m->decided, USA + 1);
  put (&f, "54-in", hex_text (&f, g_array_index (trenches, WbOffset, 1)));
  _wb_bs_update_control (f.data, f.m, FALSE);
  /* The first left: still the Union's, last there alone (14.2). */
  put (&f, "16-oh", NULL);
  _wb_bs_update_control (f.data, f.m, FALSE);
  ck_assert_int_eq (_wb_bs_controls (f.data, f.m, USA), 2);
  _wb_bs_final_victory (f.data, f.m, &ctx);
  ck_assert (logged (&f, "Victory Level: Decisive Union Victory"));
  teardown (&f);
  g_array_unref (trenches);

  setup (&f, "17.1");
  ctx = (WbRuleContext) { f.settings, f.events, f.family->checks, f.family->n_checks };
  f.m->vp[USA] = 0;
  f.m->vp[CSA] = 2;   /* both places still the Confederates' */
  unit (&f, "46-ms-a")->where.kind = WB_WHERE_ELIMINATED;
  unit (&f, "26-la-a")->where.kind = WB_WHERE_BOX;
  unit (&f, "26-la-a")->where.place = f.data->broken[0];
  _wb_bs_final_victory (f.data, f.m, &ctx);
  ck_assert (logged (&f, "Union (USA) receives 2 VP"));
  ck_assert (logged (&f, "Victory Level: Draw"));
  teardown (&f);
}
END_TEST

/* 11.0c xiv: Huzzah! played goes with the Union's next Close Combat of the
 * turn: two columns right, once. */
START_TEST (test_huzzah)
{
  Fixture f;
  WbOffset t;
  BsShifts sh = { 0 };
  guint attacker;
  g_autofree char *json = NULL;
  int huzzah = -1;

  setup_plain (&f, "17.5", NULL);
  f.physical = FALSE;
  t = hex (&f, "2510");
  put_at (&f, "16-oh", nb (&f, t, 0));
  put_at (&f, "46-ms-a", t);
  attacker = unit_index (&f, "16-oh");
  for (guint c = 0; c < f.data->n_chits; c++)
    if (g_strcmp0 (f.data->chit[c]->id, "usa-huzzah-1") == 0)
      huzzah = (int) c;
  ck_assert_int_ge (huzzah, 0);
  st (&f)->pending_close[USA] = (guint8) (huzzah + 1);
  _wb_bs_close_shifts (f.data, f.m, &attacker, 1, NULL, 0, t, FALSE, &sh);
  {
    gboolean found = FALSE;

    for (guint k = 0; k < sh.n; k++)
      found |= sh.s[k].shift == 2 && strstr (sh.s[k].what, "Huzzah") != NULL;
    ck_assert (found);
  }
  activate (&f, "decourcy-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  json = g_strdup_printf ("{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
  ok (&f, json);
  ck_assert_int_eq (st (&f)->pending_close[USA], 0);
  teardown (&f);
}
END_TEST

/* Excl. 17.6j Snyder's Bluff: a Union unit between the two rows of
 * trenches draws one of S. D. Lee's four units (three turns ahead, at
 * 5718); one within three hexes of the pike to Snyder's Bluff draws all
 * the rest; each trigger once. */
START_TEST (test_snyders_bluff)
{
  Fixture f;
  guint waiting = 0, coming = 0;
  static const char * const lee[] = { "3-ms-bttn", "3-ms", "4-ms", "hill-cav" };

  setup (&f, "17.6");
  activate (&f, "decourcy-bde", "attack");
  for (guint k = 0; k < G_N_ELEMENTS (lee); k++)
    ck_assert_int_eq (unit (&f, lee[k])->where.kind, WB_WHERE_BOX);
  /* 3521: between the first row (3520) and the second (3522) in its column. */
  put (&f, "16-oh", "3521");
  ok (&f, "{\"type\": \"end_step\"}");
  for (guint k = 0; k < G_N_ELEMENTS (lee); k++)
    {
      WbUnitState *u = unit (&f, lee[k]);

      waiting += u->where.kind == WB_WHERE_BOX;
      coming += u->where.kind == WB_WHERE_WAITING && u->arrives == f.m->turn + 3;
    }
  ck_assert_uint_eq (coming, 1);
  ck_assert_uint_eq (waiting, 3);
  ck_assert (logged (&f, "is drawn: it will arrive at 5718"));
  /* The same trigger again draws nobody. */
  ok (&f, "{\"type\": \"end_step\"}");
  waiting = 0;
  for (guint k = 0; k < G_N_ELEMENTS (lee); k++)
    waiting += unit (&f, lee[k])->where.kind == WB_WHERE_BOX;
  ck_assert_uint_eq (waiting, 3);
  /* Near the pike: all the rest. */
  put (&f, "42-oh", "5321");
  ok (&f, "{\"type\": \"end_step\"}");
  for (guint k = 0; k < G_N_ELEMENTS (lee); k++)
    ck_assert_int_eq (unit (&f, lee[k])->where.kind, WB_WHERE_WAITING);
  teardown (&f);
}
END_TEST

/* Excl. 17.3a: only hex rows 4300 to 5700 are in play: no move leaves
 * them. 17.6l: the 61st TN is of Vaughn's Brigade (reconstructed), so that
 * its brigade's Full Activation brings it in (10.11). */
START_TEST (test_area_of_play)
{
  Fixture f;
  g_autoptr(GArray) reach = NULL;
  gboolean inside_only = TRUE, some = FALSE;
  WbOffset edge;

  setup (&f, "17.3");
  put (&f, "17-mo", "4310");
  activate (&f, "hovey-bde", "maneuver");
  ck_assert_int_eq (f.m->step, BS_MOVE);
  reach = _wb_bs_destinations (f.data, f.m, "17-mo");
  ck_assert_ptr_nonnull (reach);
  edge = hex (&f, "4310");
  for (guint k = 0; k < reach->len; k++)
    {
      const WbDestination *d = &g_array_index (reach, WbDestination, k);

      some = TRUE;
      inside_only &= d->where.hex.col >= edge.col;
    }
  ck_assert (some);
  ck_assert (inside_only);
  refused (&f, "{\"type\": \"move\", \"unit\": \"17-mo\", \"hex\": \"4210\"}", "10.1");
  teardown (&f);

  setup (&f, "17.6");
  ck_assert_int_eq (f.data->unit_brigade[unit_index (&f, "61-tn")], _wb_bs_brigade_index (f.data, "vaughn-bde"));
  teardown (&f);
}
END_TEST

/* The automatic player now fights: every scenario to its end, with fire
 * and movement on the map. */
START_TEST (test_auto_fights)
{
  g_autoptr(WbGame) game = load ();

  for (guint64 seed = 1; seed <= 2; seed++)
    {
      Fixture f;
      WbRng rng;
      guint n = 0, fires = 0, moves = 0;

      setup_game (&f, g_object_ref (game), "17.6", seed);
      f.physical = FALSE;
      wb_rng_seed (&rng, seed, 3);
      while (!f.m->over)
        {
          g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
          g_autoptr(GError) error = NULL;
          const char *type;

          ck_assert_ptr_nonnull (a);
          type = json_object_get_string_member (a, "type");
          fires += g_strcmp0 (type, "fire") == 0 || g_strcmp0 (type, "close_combat") == 0;
          moves += g_strcmp0 (type, "move") == 0;
          g_autofree char *text = action_text (a);

          ck_assert_msg (act (&f, a, &error) == WB_APPLY_DONE, "seed %" G_GUINT64_FORMAT ": %s: %s", seed, text,
                         error ? error->message : "");
          ck_assert_uint_lt (++n, 200000);
        }
      ck_assert_uint_gt (fires, 0);
      ck_assert_uint_gt (moves, 0);
      teardown (&f);
    }
}
END_TEST

static Suite *
bs_play_suite (void)
{
  Suite *s = suite_create ("bs-play");
  TCase *tc = tcase_create ("map");

  tcase_add_test (tc, test_fire_example);
  tcase_add_test (tc, test_panic_example);
  tcase_add_test (tc, test_rounding);
  tcase_add_test (tc, test_orders_steps);
  tcase_add_test (tc, test_opportunity_fire);
  tcase_add_test (tc, test_close_combat);
  tcase_add_test (tc, test_rally);
  tcase_add_test (tc, test_huzzah);
  tcase_add_test (tc, test_area_of_play);
  tcase_add_test (tc, test_restricted);
  tcase_add_test (tc, test_snyders_bluff);
  tcase_add_test (tc, test_victory_levels);
  tcase_add_test (tc, test_auto_fights);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_play_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
