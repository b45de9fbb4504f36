/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "bs-fixture.h"

/* The Blind Swords series rules played on the map by the bs-series work:
 * Advance After Close Combat in full (12.7: two hexes, the defenders'
 * advance), Opportunity Fire along a retreat (10.7, second paragraph),
 * cavalry withdrawal instead of Defensive Fire (11.3b), the displacement
 * of a unit rebuilt on an over-stacked hex (13.2b), 6.4's artillery that
 * retreated or flipped, and the Rebuild Option (13.2) — on Chickasaw
 * Bayou's map made a table-top. */

static int
dist (Fixture *f, WbOffset a, WbOffset b)
{
  return wb_hex_distance (f->data->layout, a, b);
}

/* The first unit of @side with @role (the counters' role), not @skip. */
static const char *
find_unit (Fixture *f, guint side, BsRole role, const char *skip)
{
  for (guint i = 0; i < f->data->n_units; i++)
    {
      const WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      if (u->side == side && f->data->counter[i].role == role && g_strcmp0 (u->id, skip) != 0)
        return u->id;
    }
  ck_abort_msg ("no unit of that role");
  return NULL;
}

/* ---- 12.7 ---- */

/* A Close Combat whose defender retreats two hexes or breaks lets the
 * attackers advance two hexes; one hex when it retreats one (over seeds,
 * the automatic dice). */
START_TEST (test_advance_two_hexes)
{
  gboolean saw_two = FALSE, saw_one = FALSE;

  for (guint64 seed = 1; seed <= 60 && !(saw_two && saw_one); seed++)
    {
      Fixture f;
      WbOffset t;

      setup_plain (&f, "17.1", NULL);
      f.physical = FALSE;
      wb_rng_seed (&f.m->rng, seed, 1);
      t = hex (&f, "2510");
      put_at (&f, "16-oh", nb (&f, t, 0));
      counter (&f, "16-oh", 16, 10, 5, 4);
      put_at (&f, "46-ms-a", t);
      counter (&f, "46-ms-a", 2, 1, 1, 0);
      activate (&f, "decourcy-bde", "attack");
      ok (&f, "{\"type\": \"end_step\"}");
      ok (&f, "{\"type\": \"end_step\"}");
      okf (&f, "{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
      if (f.m->step == BS_ADVANCE && f.m->active == USA)
        {
          const WbUnitState *d = unit (&f, "46-ms-a");
          gboolean far = d->where.kind != WB_WHERE_HEX || dist (&f, d->where.hex, t) >= 2;

          ck_assert_int_eq (st (&f)->advance, far ? 2 : 1);
          if (far)
            {
              WbOffset second = nb (&f, t, 3);

              saw_two = TRUE;
              /* Not two hexes from the emptied one; then on into its neighbour. */
              refusedf (&f, "12.7", "{\"type\": \"advance\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}",
                        hex_text (&f, nb (&f, second, 3)));
              okf (&f, "{\"type\": \"advance\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, second));
              ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, second));
              ck_assert (logged (&f, "and on into"));
              ck_assert_int_eq (f.m->step, BS_CLOSE);
            }
          else
            {
              saw_one = TRUE;
              refusedf (&f, "two or more hexes", "{\"type\": \"advance\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}",
                        hex_text (&f, nb (&f, t, 3)));
              ok (&f, "{\"type\": \"advance\", \"units\": [\"16-oh\"]}");
              ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, t));
            }
        }
      teardown (&f);
    }
  ck_assert_msg (saw_two, "no seed broke the defender or retreated it two hexes");
}
END_TEST

/* The advance step itself: the second hex's stacking and the enemy. */
START_TEST (test_advance_second_hex)
{
  Fixture f;
  WbOffset t, from, second, enemy;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  from = nb (&f, t, 0);
  second = nb (&f, t, 2);
  enemy = nb (&f, t, 4);
  put_at (&f, "16-oh", from);
  put_at (&f, "42-oh", from);
  counter (&f, "16-oh", 12, 8, 4, 3);
  counter (&f, "42-oh", 10, 8, 4, 3);
  put_at (&f, "54-in", second);
  counter (&f, "54-in", 12, 8, 4, 3);
  put_at (&f, "46-ms-b", enemy);
  activate (&f, "decourcy-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  /* As the Close Combat leaves it: the hex emptied, a two-hex advance. */
  st (&f)->target = t;
  st (&f)->advance = 2;
  st (&f)->n_advancers = 2;
  st (&f)->advancers[0] = (gint16) unit_index (&f, "16-oh");
  st (&f)->advancers[1] = (gint16) unit_index (&f, "42-oh");
  st (&f)->resume = BS_CLOSE;
  st (&f)->resume_active = USA;
  f.m->step = BS_ADVANCE;
  refusedf (&f, "over-stack", "{\"type\": \"advance\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, second));
  refusedf (&f, "into the enemy", "{\"type\": \"advance\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}",
            hex_text (&f, enemy));
  /* One stops in the emptied hex, the other may still go on. */
  ok (&f, "{\"type\": \"advance\", \"units\": [\"16-oh\"]}");
  ck_assert_int_eq (f.m->step, BS_ADVANCE);
  ck_assert_int_eq (st (&f)->n_advancers, 1);
  okf (&f, "{\"type\": \"advance\", \"units\": [\"42-oh\"], \"hex\": \"%s\"}", hex_text (&f, nb (&f, t, 5)));
  ck_assert (wb_offset_equal (unit (&f, "42-oh")->where.hex, nb (&f, t, 5)));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, t));
  ck_assert_int_eq (f.m->step, BS_CLOSE);
  ck_assert_int_eq (f.m->active, USA);
  teardown (&f);
}
END_TEST

/* The defenders advance into the Assaulting Hex when its attackers all
 * retreated or broke by the Close Combat's test (over seeds). */
START_TEST (test_defenders_advance)
{
  gboolean saw = FALSE;

  for (guint64 seed = 1; seed <= 300 && !saw; seed++)
    {
      Fixture f;
      WbOffset t, from;

      setup_plain (&f, "17.1", NULL);
      f.physical = FALSE;
      wb_rng_seed (&f.m->rng, seed, 1);
      t = hex (&f, "2510");
      from = nb (&f, t, 0);
      put_at (&f, "16-oh", from);
      counter (&f, "16-oh", 2, 1, 1, 0);
      put_at (&f, "46-ms-a", t);
      counter (&f, "46-ms-a", 12, 8, 6, 5);
      activate (&f, "decourcy-bde", "attack");
      ok (&f, "{\"type\": \"end_step\"}");
      ok (&f, "{\"type\": \"end_step\"}");
      okf (&f, "{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
      if (f.m->step == BS_ADVANCE)
        {
          const WbUnitState *a = unit (&f, "16-oh");

          ck_assert_int_eq (f.m->active, CSA);
          ck_assert (wb_offset_equal (st (&f)->target, from));
          ck_assert_int_eq (st (&f)->advance,
                            a->where.kind != WB_WHERE_HEX || dist (&f, a->where.hex, from) >= 2 ? 2 : 1);
          ok (&f, "{\"type\": \"advance\", \"units\": [\"46-ms-a\"]}");
          ck_assert (wb_offset_equal (unit (&f, "46-ms-a")->where.hex, from));
          ck_assert_int_eq (f.m->step, BS_CLOSE);
          ck_assert_int_eq (f.m->active, USA);
          saw = TRUE;
        }
      teardown (&f);
    }
  ck_assert_msg (saw, "no seed drove the attacker off");
}
END_TEST

/* ---- 10.7 ---- */

/* 12.1's Panic Example (test-bs-play.c) with a Union unit next to the
 * Lead Unit's first retreat hex, not next to its start: it fires as the
 * unit leaves that hex; the firer next to the start does not. */
START_TEST (test_retreat_gauntlet)
{
  Fixture f;
  WbOffset t, from;
  int column = -1, c = 0, w = 0;
  gboolean clamped;
  g_autofree char *json = NULL;
  guint lead, firer;

  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  from = nb (&f, t, 0);
  put_at (&f, "16-oh", from);
  counter (&f, "16-oh", 16, 10, 3, 2);
  put_at (&f, "46-ms-a", t);
  counter (&f, "46-ms-a", 8, 2, 3, 2);
  put_at (&f, "46-ms-b", t);
  counter (&f, "46-ms-b", 6, 1, 3, 2);
  activate (&f, "decourcy-bde", "attack");
  lead = unit_index (&f, "46-ms-a");
  firer = unit_index (&f, "16-oh");
  /* Union units two hexes beyond the target: every hex the retreat may
   * take first (away from 16-oh) is next to one of them. */
  put_at (&f, "42-oh", nb (&f, nb (&f, t, 2), 3));
  put_at (&f, "54-in", nb (&f, nb (&f, t, 3), 4));
  {
    BsRetreat rt;

    _wb_bs_retreat (f.data, f.m, lead, 2, &firer, 1, &rt);
    ck_assert (rt.end == BS_RETREAT_DONE && rt.n == 2);
    ck_assert (dist (&f, rt.hex[0], unit (&f, "42-oh")->where.hex) == 1 ||
               dist (&f, rt.hex[0], unit (&f, "54-in")->where.hex) == 1);
  }
  counter (&f, "42-oh", 12, 8, 4, 3);
  column = wb_bs_column (f.data->tables, 16, 0, FALSE, &clamped);
  for (int cc = 1; cc <= 6 && c == 0; cc++)
    for (int ww = 1; ww <= 6 && c == 0; ww++)
      if (wb_bs_crt_read (f.data->tables, column, cc, ww, 3, WB_BS_FIRE) == WB_BS_TEST_TOUGH)
        {
          c = cc;
          w = ww;
        }
  json = g_strdup_printf ("{\"type\": \"fire\", \"units\": [\"16-oh\"], \"hex\": \"%s\", "
                          "\"rolls\": [%d, %d, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                          "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}",
                          hex_text (&f, t), c, w);
  ok (&f, json);
  ck_assert (logged (&f, "past the enemy: Opportunity Fire (10.7)"));
  ck_assert (logged (&f, "Opportunity Fire: "));
  teardown (&f);

  /* Without the unit on the way, no fire during the retreat. */
  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  put_at (&f, "16-oh", nb (&f, t, 0));
  counter (&f, "16-oh", 16, 10, 3, 2);
  put_at (&f, "46-ms-a", t);
  counter (&f, "46-ms-a", 8, 2, 3, 2);
  put_at (&f, "46-ms-b", t);
  counter (&f, "46-ms-b", 6, 1, 3, 2);
  activate (&f, "decourcy-bde", "attack");
  ok (&f, json);
  ck_assert (!logged (&f, "past the enemy"));
  teardown (&f);
}
END_TEST

/* ---- 11.3b ---- */

static void
cavalry_attacked (Fixture *f, WbOffset *t, WbOffset *from)
{
  setup_plain (f, "17.1", NULL);
  *t = hex (f, "2510");
  *from = nb (f, *t, 0);
  put_at (f, "16-oh", *from);
  put_at (f, "28-ms-cav", *t);
  activate (f, "decourcy-bde", "attack");
  ok (f, "{\"type\": \"end_step\"}");
  ok (f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f->m->step, BS_CLOSE);
}

START_TEST (test_cc_withdrawal)
{
  Fixture f;
  WbOffset t, from, away = { -1, -1 };
  g_autoptr(WbStep) step = wb_step_new ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  gboolean stay = FALSE;

  cavalry_attacked (&f, &t, &from);
  okf (&f, "{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
  ck_assert_int_eq (f.m->step, BS_WITHDRAW);
  ck_assert_int_eq (f.m->active, CSA);
  ck_assert (unit (&f, "16-oh")->flags & BS_UNIT_COMMITTED);
  ck_assert (!logged (&f, "Close Combat:"));
  /* The play window: the cavalry, its hexes, a button to stay. */
  _wb_bs_map_step (f.data, f.m, picks, step);
  for (guint k = 0; step->buttons != NULL && k < step->buttons->len; k++)
    stay |= strstr (((WbStepButton *) g_ptr_array_index (step->buttons, k))->label, "Stay") != NULL;
  ck_assert (stay);
  /* Not into a hex still next to the attacking infantry. */
  refusedf (&f, "11.3b", "{\"type\": \"withdraw\", \"unit\": \"28-ms-cav\", \"hex\": \"%s\"}",
            hex_text (&f, nb (&f, t, 1)));
  for (int d = 0; d < 6; d++)
    if (dist (&f, nb (&f, t, d), from) == 2)
      away = nb (&f, t, d);
  okf (&f, "{\"type\": \"withdraw\", \"unit\": \"28-ms-cav\", \"hex\": \"%s\"}", hex_text (&f, away));
  ck_assert (wb_offset_equal (unit (&f, "28-ms-cav")->where.hex, away));
  ck_assert (logged (&f, "instead of giving Defensive Fire"));
  /* The hex emptied: no Close Combat, the attacker may advance. */
  ck_assert (!logged (&f, "Close Combat:"));
  ck_assert_int_eq (f.m->step, BS_ADVANCE);
  ck_assert_int_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"advance\", \"units\": [\"16-oh\"]}");
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, t));
  ck_assert_int_eq (f.m->step, BS_CLOSE);
  ck_assert_int_eq (unit (&f, "28-ms-cav")->data[BS_DATA_SERIES] & BS_SR_WITHDREW, 0);
  teardown (&f);

  /* Staying: the Close Combat goes on with the end_step's dice. */
  cavalry_attacked (&f, &t, &from);
  f.physical = FALSE;
  okf (&f, "{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
  ck_assert_int_eq (f.m->step, BS_WITHDRAW);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (logged (&f, "Close Combat:") || logged (&f, "No attacker is left"));
  ck_assert (f.m->step == BS_CLOSE || f.m->step == BS_ADVANCE);
  teardown (&f);

  /* Attacked by cavalry only: no withdrawal step (infantry only). */
  setup_plain (&f, "17.1", NULL);
  t = hex (&f, "2510");
  put_at (&f, "3-il-cav", nb (&f, t, 0));
  put_at (&f, "28-ms-cav", t);
  f.physical = FALSE;
  activate (&f, "lindsey-bde", "attack");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  okf (&f, "{\"type\": \"close_combat\", \"units\": [\"3-il-cav\"], \"hex\": \"%s\"}", hex_text (&f, t));
  ck_assert_int_ne (f.m->step, BS_WITHDRAW);
  teardown (&f);
}
END_TEST

/* The automatic player withdraws the cavalry from bad odds only. */
START_TEST (test_cc_withdrawal_auto)
{
  for (int bad = 0; bad <= 1; bad++)
    {
      Fixture f;
      WbOffset t, from;
      WbRng rng;
      g_autoptr(JsonObject) a = NULL;

      cavalry_attacked (&f, &t, &from);
      counter (&f, "16-oh", bad ? 12 : 4, 4, 3, 2);
      counter (&f, "28-ms-cav", 4, 2, 3, 2);
      okf (&f, "{\"type\": \"close_combat\", \"units\": [\"16-oh\"], \"hex\": \"%s\"}", hex_text (&f, t));
      ck_assert_int_eq (f.m->step, BS_WITHDRAW);
      wb_rng_seed (&rng, 1, 1);
      a = f.family->suggest (f.data, f.m, &rng);
      ck_assert_str_eq (json_object_get_string_member (a, "type"), bad ? "withdraw" : "end_step");
      f.physical = FALSE;
      ck_assert_int_eq (act (&f, a, NULL), WB_APPLY_DONE);
      ck_assert_int_ne (f.m->step, BS_WITHDRAW);
      teardown (&f);
    }
}
END_TEST

/* ---- 13.2b, 13.2 Rebuild Option ---- */

START_TEST (test_displacement)
{
  Fixture f;
  WbOffset at, enemy;
  int before;

  setup_plain (&f, "17.1", NULL);
  at = hex (&f, "2510");
  enemy = (WbOffset) { at.col + 6, at.row };
  put_at (&f, "16-oh", at);
  put_at (&f, "42-oh", at);
  put_at (&f, "46-ms-a", enemy);
  counter (&f, "16-oh", 12, 4, 4, 3);
  counter (&f, "42-oh", 12, 8, 4, 3);
  unit (&f, "16-oh")->flags |= BS_UNIT_WORN;
  unit (&f, "16-oh")->halves = 4;
  before = dist (&f, at, enemy);
  activate (&f, "decourcy-bde", "regroup");
  ck_assert_int_eq (f.m->step, BS_RALLY);
  ok (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\", \"rolls\": [1]}");
  ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_WORN));
  ck_assert (logged (&f, "displaces to"));
  ck_assert_int_eq (dist (&f, unit (&f, "16-oh")->where.hex, at), 1);
  ck_assert_int_gt (dist (&f, unit (&f, "16-oh")->where.hex, enemy), before);
  ck_assert (wb_offset_equal (unit (&f, "42-oh")->where.hex, at));
  teardown (&f);

  /* Within the limit: it stays. */
  setup_plain (&f, "17.1", NULL);
  at = hex (&f, "2510");
  put_at (&f, "16-oh", at);
  put_at (&f, "46-ms-a", (WbOffset) { at.col + 6, at.row });
  counter (&f, "16-oh", 12, 4, 4, 3);
  unit (&f, "16-oh")->flags |= BS_UNIT_WORN;
  unit (&f, "16-oh")->halves = 4;
  activate (&f, "decourcy-bde", "regroup");
  ok (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\", \"rolls\": [1]}");
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, at));
  ck_assert (!logged (&f, "displaces"));
  teardown (&f);
}
END_TEST

START_TEST (test_rebuild_option)
{
  for (int option = 0; option <= 1; option++)
    {
      Fixture f;
      gboolean recover, rebuild;
      const char *why = NULL;

      setup_plain (&f, "17.1", NULL);
      if (option)
        {
          g_strfreev (f.m->options);
          f.m->options = g_strsplit ("rebuild-option", ",", -1);
        }
      put (&f, "16-oh", "2510");
      put (&f, "46-ms-a", "3010");
      unit (&f, "16-oh")->flags |= BS_UNIT_WORN | BS_UNIT_RETURNED;
      activate (&f, "decourcy-bde", "regroup");
      ck_assert_int_eq (_wb_bs_may_rally (f.data, f.m, unit_index (&f, "16-oh"), &recover, &rebuild, &why), !option);
      if (option)
        {
          ck_assert_ptr_nonnull (why);
          ck_assert (strstr (why, "Rebuild Option") != NULL);
          refused (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\", \"rolls\": [1]}", "Rebuild Option");
          /* A unit never broken still rebuilds. */
          unit (&f, "16-oh")->flags &= ~(guint32) BS_UNIT_RETURNED;
          ok (&f, "{\"type\": \"rally\", \"unit\": \"16-oh\", \"rolls\": [1]}");
          ck_assert (!(unit (&f, "16-oh")->flags & BS_UNIT_WORN));
        }
      teardown (&f);
    }
}
END_TEST

/* ---- 6.4 ---- */

/* Artillery flipped or retreated by an Artillery Step's fire does not
 * rally in this turn's Artillery Rally Step (over seeds). */
START_TEST (test_artillery_rally_hit)
{
  gboolean saw = FALSE;

  for (guint64 seed = 1; seed <= 60 && !saw; seed++)
    {
      Fixture f;
      WbOffset t, from;
      const char *gun, *enemy_gun, *friend;
      const WbUnitState *e;
      gboolean recover, rebuild;
      const char *why = NULL;

      setup_plain (&f, "17.1", NULL);
      f.physical = FALSE;
      wb_rng_seed (&f.m->rng, seed, 1);
      gun = find_unit (&f, USA, BS_ROLE_ARTILLERY, NULL);
      enemy_gun = find_unit (&f, CSA, BS_ROLE_ARTILLERY, NULL);
      friend = find_unit (&f, CSA, BS_ROLE_INFANTRY, NULL);
      t = hex (&f, "2510");
      from = nb (&f, nb (&f, t, 0), 0);
      put_at (&f, gun, from);
      counter (&f, gun, 16, 12, 4, 3);
      put_at (&f, enemy_gun, t);
      counter (&f, enemy_gun, 8, 4, 1, 0);
      put_at (&f, friend, nb (&f, t, 3));
      f.m->active = USA;
      f.m->step = BS_ART_HEX;
      st (&f)->target = from;
      okf (&f, "{\"type\": \"fire\", \"units\": [\"%s\"], \"hex\": \"%s\"}", gun, hex_text (&f, t));
      e = unit (&f, enemy_gun);
      if (e->where.kind != WB_WHERE_HEX || !((e->flags & BS_UNIT_WORN) || !wb_offset_equal (e->where.hex, t)))
        {
          teardown (&f);
          continue;
        }
      e = unit (&f, enemy_gun);
      ck_assert_int_eq ((guint32) e->data[BS_DATA_SERIES] >> BS_SR_TURN_SHIFT, (guint32) f.m->turn);
      /* Next to its infantry, it would rally: not now (6.4). */
      put (&f, friend, hex_text (&f, e->where.hex));
      unit (&f, enemy_gun)->flags |= BS_UNIT_SHAKEN;
      f.m->step = BS_ART_RALLY;
      f.m->active = CSA;
      ck_assert (!_wb_bs_may_rally (f.data, f.m, unit_index (&f, enemy_gun), &recover, &rebuild, &why));
      ck_assert (why != NULL && strstr (why, "6.4") != NULL);
      /* Next turn it may. */
      f.m->turn++;
      ck_assert (_wb_bs_may_rally (f.data, f.m, unit_index (&f, enemy_gun), &recover, &rebuild, &why));
      saw = TRUE;
      teardown (&f);
    }
  ck_assert_msg (saw, "no seed flipped or retreated the enemy artillery");
}
END_TEST

static Suite *
bs_series_suite (void)
{
  Suite *s = suite_create ("bs-series");
  TCase *tc = tcase_create ("series");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_advance_two_hexes);
  tcase_add_test (tc, test_advance_second_hex);
  tcase_add_test (tc, test_defenders_advance);
  tcase_add_test (tc, test_retreat_gauntlet);
  tcase_add_test (tc, test_cc_withdrawal);
  tcase_add_test (tc, test_cc_withdrawal_auto);
  tcase_add_test (tc, test_displacement);
  tcase_add_test (tc, test_rebuild_option);
  tcase_add_test (tc, test_artillery_rally_hit);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_series_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
