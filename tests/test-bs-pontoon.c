/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "bs-fixture.h"
#include "rules/wb-hex-movement.h"

/* The Pontoon Bridges (wb-bs-pontoon.c; exclusive 2.1b, 17.6g): the
 * Grand Assault's placement before the game, the Patterson Gets Lost
 * roll, movement onto and across a bridge, the Confederate artillery's
 * fire at it, the repair roll, the automatic player's answers; with typed
 * dice. */

/* The hexes the step offers to click (list 0), as "0414" texts. */
static GPtrArray *
offered (Fixture *f)
{
  g_autoptr(WbStep) step = wb_step_new ();
  g_autoptr(WbPicks) picks = wb_picks_new ();
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  WbPickList *list;

  f->family->step (f->data, f->m, picks, step);
  ck_assert_uint_ge (step->lists->len, 1);
  list = g_ptr_array_index (step->lists, 0);
  for (guint k = 0; k < list->candidates->len; k++)
    g_ptr_array_add (out, g_strdup (g_array_index (list->candidates, WbPickCandidate, k).value));
  return out;
}

static gboolean
is_bayou (Fixture *f, const char *text)
{
  return g_strcmp0 (wb_hex_map_get_terrain (f->data->map, hex (f, text)), "bayou") == 0;
}

/* Whether a Union infantry unit is within one hex of @text. */
static gboolean
near_union_infantry (Fixture *f, const char *text)
{
  for (guint i = 0; i < f->data->n_units; i++)
    {
      const WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      if (u->side == USA && u->where.kind == WB_WHERE_HEX && f->data->counter[i].role == BS_ROLE_INFANTRY &&
          wb_hex_distance (f->data->layout, u->where.hex, hex (f, text)) <= 1)
        return TRUE;
    }
  return FALSE;
}

/* 17.6g: before the game the Union places the bridge on a Bayou hex within
 * one hex of its infantry; the Confederates roll Patterson Gets Lost: 1-2
 * it stays, 3-4 they move it to another Bayou hex next to it, 5-6 it is
 * destroyed; the Command Decision Phase then begins. */
START_TEST (test_placement)
{
  Fixture f;
  g_autoptr(GPtrArray) hexes = NULL;
  g_autoptr(GPtrArray) moves = NULL;
  g_autofree char *first = NULL;
  const char *far = NULL;

  setup (&f, "17.6");
  ck_assert_int_eq (f.m->step, BS_PONTOON);
  ck_assert_int_eq (st (&f)->pt_phase, BS_PT_PLACE);
  ck_assert_uint_eq (f.m->active, USA);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "pontoon-place");
  ck_assert_int_eq (unit (&f, "pontoon-bridge-1")->where.kind, WB_WHERE_BOX);
  /* The second bridge is in the game only with the option. */
  ck_assert_uint_eq (st (&f)->pt_n, 1);
  hexes = offered (&f);
  ck_assert_uint_gt (hexes->len, 0);
  for (guint k = 0; k < hexes->len; k++)
    {
      ck_assert (is_bayou (&f, g_ptr_array_index (hexes, k)));
      ck_assert (near_union_infantry (&f, g_ptr_array_index (hexes, k)));
    }
  /* A Bayou hex far from the Union infantry, and a hex of theirs that is
   * no Bayou, are refused. */
  for (int c = 0; c < f.data->cols && far == NULL; c++)
    for (int r = 0; r < f.data->rows && far == NULL; r++)
      {
        const char *t = hex_text (&f, (WbOffset) { c, r });

        if (is_bayou (&f, t) && !near_union_infantry (&f, t))
          far = g_intern_string (t);
      }
  ck_assert_ptr_nonnull (far);
  refusedf (&f, "17.6g", "{\"type\": \"place\", \"hex\": \"%s\"}", far);
  refusedf (&f, "17.6g", "{\"type\": \"place\", \"hex\": \"%s\"}",
            hex_text (&f, unit (&f, "7-ky")->where.hex));
  refused (&f, "{\"type\": \"roll\", \"rolls\": [1]}", "place");
  first = g_strdup (g_ptr_array_index (hexes, 0));
  okf (&f, "{\"type\": \"place\", \"hex\": \"%s\"}", first);
  ck_assert (wb_offset_equal (unit (&f, "pontoon-bridge-1")->where.hex, hex (&f, first)));
  ck_assert_int_eq (st (&f)->pt_phase, BS_PT_ROLL);
  ck_assert_uint_eq (f.m->active, CSA);

  /* 3-4: the Confederates move it to another Bayou hex next to it. */
  {
    Fixture g;

    setup (&g, "17.6");
    okf (&g, "{\"type\": \"place\", \"hex\": \"%s\"}", first);
    ok (&g, "{\"type\": \"roll\", \"rolls\": [3]}");
    if (g.m->step == BS_PONTOON)
      {
        ck_assert_int_eq (st (&g)->pt_phase, BS_PT_MOVE);
        ck_assert_uint_eq (g.m->active, CSA);
        moves = offered (&g);
        ck_assert_uint_gt (moves->len, 0);
        for (guint k = 0; k < moves->len; k++)
          {
            ck_assert (is_bayou (&g, g_ptr_array_index (moves, k)));
            ck_assert_int_eq (wb_hex_distance (g.data->layout, hex (&g, g_ptr_array_index (moves, k)),
                                               hex (&g, first)), 1);
          }
        refusedf (&g, "17.6g", "{\"type\": \"place\", \"hex\": \"%s\"}", first);
        okf (&g, "{\"type\": \"place\", \"hex\": \"%s\"}", (const char *) g_ptr_array_index (moves, 0));
        ck_assert (wb_offset_equal (unit (&g, "pontoon-bridge-1")->where.hex,
                                    hex (&g, g_ptr_array_index (moves, 0))));
        ck_assert (logged (&g, "Patterson Gets Lost, 17.6g"));
      }
    else
      ck_assert (logged (&g, "No other Bayou hex is within reach"));
    ck_assert_int_eq (g.m->step, BS_COMMAND);
    ck_assert_uint_eq (g.m->active, USA);
    teardown (&g);
  }

  /* 5-6: destroyed. */
  {
    Fixture g;

    setup (&g, "17.6");
    okf (&g, "{\"type\": \"place\", \"hex\": \"%s\"}", first);
    ok (&g, "{\"type\": \"roll\", \"rolls\": [6]}");
    ck_assert_int_eq (unit (&g, "pontoon-bridge-1")->where.kind, WB_WHERE_ELIMINATED);
    ck_assert_int_eq (g.m->step, BS_COMMAND);
    teardown (&g);
  }

  /* 1-2: it stays; the Command Decision Phase begins. */
  ok (&f, "{\"type\": \"roll\", \"rolls\": [2]}");
  ck_assert (logged (&f, "Patterson Gets Lost: 2 for"));
  ck_assert (wb_offset_equal (unit (&f, "pontoon-bridge-1")->where.hex, hex (&f, first)));
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  ck_assert_uint_eq (f.m->active, USA);
  teardown (&f);

  /* Other scenarios have no bridge to place. */
  setup (&f, "17.5");
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  ck_assert_uint_eq (st (&f)->pt_n, 0);
  teardown (&f);
}
END_TEST

/* The option second-pontoon (17.6g's note): both bridges are placed and
 * rolled for, one after the other. */
START_TEST (test_second_pontoon)
{
  static const char * const second[] = { "second-pontoon", NULL };
  Fixture f;

  setup_options (&f, load (), "17.6", second, 7);
  ck_assert_uint_eq (st (&f)->pt_n, 2);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GPtrArray) hexes = offered (&f);

      ck_assert_int_eq (st (&f)->pt_k, k);
      okf (&f, "{\"type\": \"place\", \"hex\": \"%s\"}", (const char *) g_ptr_array_index (hexes, 0));
      ok (&f, "{\"type\": \"roll\", \"rolls\": [1]}");
    }
  ck_assert_int_eq (unit (&f, "pontoon-bridge-1")->where.kind, WB_WHERE_HEX);
  ck_assert_int_eq (unit (&f, "pontoon-bridge-2")->where.kind, WB_WHERE_HEX);
  ck_assert (!wb_offset_equal (unit (&f, "pontoon-bridge-1")->where.hex, unit (&f, "pontoon-bridge-2")->where.hex));
  ck_assert_int_eq (f.m->step, BS_COMMAND);
  teardown (&f);
}
END_TEST

/* 2.1b on a table-top with a Bayou row: infantry enters an undamaged
 * bridge for 1 MP with no Bayou Entry roll; a damaged one is a Bayou hex
 * (4 MP, the table); artillery and cavalry cross it, never stop on it;
 * cavalry retreating with only the bridge to end on is eliminated. */
START_TEST (test_movement)
{
  Fixture f;
  WbGame *game = load ();
  WbHexMap *map = plain_map (game);
  WbOffset c, b, beyond;
  g_autoptr(GArray) reach = NULL;
  gboolean crosses = FALSE, stops = FALSE;

  ck_assert (wb_hex_map_parse_hex (map, "2510", &c));
  b = wb_hex_neighbour (wb_hex_map_get_layout (map), c, 0);
  beyond = wb_hex_neighbour (wb_hex_map_get_layout (map), b, 0);
  /* A row of Bayou across the map through b. */
  for (int col = 0; col < wb_hex_map_get_cols (map); col++)
    wb_hex_map_set_terrain (map, (WbOffset) { col, b.row }, "bayou");
  setup_game (&f, game, "17.6", 7);
  clear_map (&f);
  f.m->turn = 2;   /* 17.6h's first-turn exemption over */
  put (&f, "16-oh", hex_text (&f, c));
  ck_assert_ptr_nonnull (_wb_bs_hex_entry_table (f.data, f.m, b));
  put (&f, "pontoon-bridge-1", hex_text (&f, b));
  ck_assert (_wb_bs_pontoon_open (f.data, f.m, b));
  ck_assert_ptr_null (_wb_bs_hex_entry_table (f.data, f.m, b));
  activate (&f, "decourcy-bde", "maneuver");
  ck_assert_int_eq (_wb_bs_move_cost (f.data, f.m, unit_index (&f, "16-oh"), b), WB_MOVE_QUARTERS);
  okf (&f, "{\"type\": \"move\", \"unit\": \"16-oh\", \"hex\": \"%s\"}", hex_text (&f, b));
  ck_assert (wb_offset_equal (unit (&f, "16-oh")->where.hex, b));
  ck_assert (!logged (&f, "Bayou Entry"));
  ck_assert_int_eq (unit (&f, "16-oh")->data[BS_DATA_SPENT], WB_MOVE_QUARTERS);

  /* Damaged: a Bayou hex for all purposes. */
  put (&f, "16-oh", hex_text (&f, c));
  unit (&f, "pontoon-bridge-1")->flags |= BS_UNIT_WORN;
  ck_assert (!_wb_bs_pontoon_open (f.data, f.m, b));
  ck_assert_ptr_nonnull (_wb_bs_hex_entry_table (f.data, f.m, b));
  activate (&f, "decourcy-bde", "maneuver");
  ck_assert_int_eq (_wb_bs_move_cost (f.data, f.m, unit_index (&f, "16-oh"), b), 4 * WB_MOVE_QUARTERS);
  unit (&f, "pontoon-bridge-1")->flags &= ~(guint32) BS_UNIT_WORN;

  /* Cavalry crosses the bridge, never stops on it. */
  put (&f, "16-oh", NULL);
  put (&f, "3-il-cav", hex_text (&f, c));
  reach = _wb_bs_reach (f.data, f.m, unit_index (&f, "3-il-cav"), 12 * WB_MOVE_QUARTERS, FALSE, TRUE);
  ck_assert_ptr_nonnull (reach);
  for (guint k = 0; k < reach->len; k++)
    {
      const WbDestination *d = &g_array_index (reach, WbDestination, k);

      crosses |= wb_offset_equal (d->where.hex, beyond);
      stops |= wb_offset_equal (d->where.hex, b);
    }
  ck_assert (crosses);
  ck_assert (!stops);
  /* Without the bridge it does not cross the Bayou at all. */
  put (&f, "pontoon-bridge-1", NULL);
  g_clear_pointer (&reach, g_array_unref);
  reach = _wb_bs_reach (f.data, f.m, unit_index (&f, "3-il-cav"), 12 * WB_MOVE_QUARTERS, FALSE, TRUE);
  for (guint k = 0; reach != NULL && k < reach->len; k++)
    ck_assert (!wb_offset_equal (g_array_index (reach, WbDestination, k).where.hex, beyond));
  teardown (&f);
}
END_TEST

/* 2.1b, 12.3: cavalry whose only retreat ends on the bridge is eliminated. */
START_TEST (test_retreat)
{
  Fixture f;
  WbGame *game = load ();
  WbHexMap *map = plain_map (game);
  WbOffset c;
  BsRetreat out;
  guint causer;

  ck_assert (wb_hex_map_parse_hex (map, "2510", &c));
  /* Every hex but the cavalry's own is Bayou. */
  for (int col = 0; col < wb_hex_map_get_cols (map); col++)
    for (int row = 0; row < wb_hex_map_get_rows (map); row++)
      if (col != c.col || row != c.row)
        wb_hex_map_set_terrain (map, (WbOffset) { col, row }, "bayou");
  setup_game (&f, game, "17.6", 7);
  clear_map (&f);
  put (&f, "3-il-cav", hex_text (&f, c));
  put (&f, "62-tn", hex_text (&f, wb_hex_neighbour (f.data->layout, c, 0)));
  causer = unit_index (&f, "62-tn");
  _wb_bs_retreat (f.data, f.m, unit_index (&f, "3-il-cav"), 1, &causer, 1, &out);
  ck_assert_int_eq (out.end, BS_RETREAT_BROKEN3);
  put (&f, "pontoon-bridge-1", hex_text (&f, wb_hex_neighbour (f.data->layout, c, 3)));
  _wb_bs_retreat (f.data, f.m, unit_index (&f, "3-il-cav"), 1, &causer, 1, &out);
  ck_assert_int_eq (out.end, BS_RETREAT_ELIMINATED);
  /* Infantry may end its retreat there (or in the Bayou). */
  put (&f, "16-oh", hex_text (&f, c));
  put (&f, "3-il-cav", NULL);
  _wb_bs_retreat (f.data, f.m, unit_index (&f, "16-oh"), 1, &causer, 1, &out);
  ck_assert_int_eq (out.end, BS_RETREAT_DONE);
  teardown (&f);
}
END_TEST

/* The first distance from @from along direction 1 at which @u's weapon
 * is at its Effective range without Canister. */
static WbOffset
effective_hex (Fixture *f, const char *id, WbOffset from)
{
  WbOffset h = from;

  for (int d = 1; d < 12; d++)
    {
      h = wb_hex_neighbour (f->data->layout, h, 1);
      if (_wb_bs_range (f->data, f->data->counter[unit_index (f, id)].weapon, d, TRUE, FALSE) ==
          WB_BS_RANGE_EFFECTIVE)
        return h;
    }
  ck_abort_msg ("no Effective range");
  return h;
}

/* 17.6g: Confederate artillery of the hex activated fires at the bridge:
 * "-" no effect; any other result damages it, and once damaged in the
 * Artillery Phase no more artillery fires at it then; a damaged bridge
 * hit again is destroyed. The repair roll at the start of the next
 * Artillery Phase. */
START_TEST (test_fire)
{
  Fixture f;
  WbGame *game = load ();
  WbOffset at, gun;
  const char *target;

  plain_map (game);
  setup_game (&f, game, "17.6", 7);
  clear_map (&f);
  ck_assert (wb_hex_map_parse_hex (f.data->map, "2510", &at));
  target = g_intern_string (hex_text (&f, at));
  put (&f, "pontoon-bridge-1", target);
  gun = effective_hex (&f, "stowers", at);
  put (&f, "stowers", hex_text (&f, gun));
  put (&f, "tarleton", hex_text (&f, gun));
  counter (&f, "stowers", 1, 1, 3, 2);   /* ½ SP: the C column */
  counter (&f, "tarleton", 1, 1, 3, 2);
  f.m->step = BS_ARTILLERY;
  f.m->active = CSA;
  /* Not outside an Artillery Step. */
  refusedf (&f, "17.6g", "{\"type\": \"fire_pontoon\", \"units\": [\"stowers\"], \"hex\": \"%s\", \"rolls\": [6, 6]}",
            target);
  {
    g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);

    ck_assert_str_eq (json_object_get_string_member (a, "type"), "artillery");
    ck_assert_str_eq (json_object_get_string_member (a, "hex"), hex_text (&f, gun));
  }
  okf (&f, "{\"type\": \"artillery\", \"hex\": \"%s\"}", hex_text (&f, gun));
  ck_assert_int_eq (f.m->step, BS_ART_HEX);
  {
    g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
    g_autoptr(WbStep) step = wb_step_new ();
    g_autoptr(WbPicks) picks = wb_picks_new ();
    gboolean button = FALSE;

    ck_assert_str_eq (json_object_get_string_member (a, "type"), "fire_pontoon");
    f.family->step (f.data, f.m, picks, step);
    for (guint k = 0; k < step->buttons->len; k++)
      button |= g_strcmp0 (json_object_get_string_member (((WbStepButton *) g_ptr_array_index (step->buttons, k))->action,
                                                          "type"), "fire_pontoon") == 0;
    ck_assert (button);
  }
  /* 11 on C: "-", no effect. */
  okf (&f, "{\"type\": \"fire_pontoon\", \"units\": [\"stowers\"], \"hex\": \"%s\", \"rolls\": [1, 1]}", target);
  ck_assert (logged (&f, "on column C: 11, no effect (17.6g)"));
  ck_assert (!(unit (&f, "pontoon-bridge-1")->flags & BS_UNIT_WORN));
  ck_assert (unit (&f, "stowers")->flags & BS_UNIT_ARTILLERY_DONE);
  refusedf (&f, "6.1", "{\"type\": \"fire_pontoon\", \"units\": [\"stowers\"], \"hex\": \"%s\", \"rolls\": [6, 6]}",
            target);
  /* 66: damaged. */
  okf (&f, "{\"type\": \"fire_pontoon\", \"units\": [\"tarleton\"], \"hex\": \"%s\", \"rolls\": [6, 6]}", target);
  ck_assert (unit (&f, "pontoon-bridge-1")->flags & BS_UNIT_WORN);
  ck_assert (logged (&f, "66, damaged (17.6g)"));
  /* No more fire at it this Artillery Phase. */
  unit (&f, "stowers")->flags &= ~(guint32) (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED);
  refusedf (&f, "17.6g", "{\"type\": \"fire_pontoon\", \"units\": [\"stowers\"], \"hex\": \"%s\", \"rolls\": [6, 6]}",
            target);
  {
    g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);

    ck_assert (a == NULL || g_strcmp0 (json_object_get_string_member (a, "type"), "fire_pontoon") != 0);
  }

  /* The next Artillery Phase: the Union may roll to repair it; a 3 does
   * not. */
  for (guint i = 0; i < f.m->units->len; i++)
    g_array_index (f.m->units, WbUnitState, i).flags &= ~(guint32) (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED);
  ck_assert (_wb_bs_pontoon_artillery (f.data, f.m, NULL));
  ck_assert_int_eq (f.m->step, BS_PONTOON);
  ck_assert_int_eq (st (&f)->pt_phase, BS_PT_REPAIR);
  ck_assert_uint_eq (f.m->active, USA);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "pontoon-repair");
  ok (&f, "{\"type\": \"repair\", \"rolls\": [3]}");
  ck_assert (unit (&f, "pontoon-bridge-1")->flags & BS_UNIT_WORN);
  /* The Union has no artillery on the map: it passes (6.3). */
  ck_assert_int_eq (f.m->step, BS_ARTILLERY);
  ck_assert_uint_eq (f.m->active, CSA);
  /* Fired upon again in this phase and hit: destroyed. */
  okf (&f, "{\"type\": \"artillery\", \"hex\": \"%s\"}", hex_text (&f, gun));
  okf (&f, "{\"type\": \"fire_pontoon\", \"units\": [\"stowers\", \"tarleton\"], \"hex\": \"%s\", \"rolls\": [6, 5]}",
       target);
  ck_assert (logged (&f, "65, destroyed (17.6g)"));
  ck_assert_int_eq (unit (&f, "pontoon-bridge-1")->where.kind, WB_WHERE_ELIMINATED);
  teardown (&f);
}
END_TEST

/* The repair roll: 1-2 repairs it; "end_step" declines it. */
START_TEST (test_repair)
{
  Fixture f;
  WbGame *game = load ();

  plain_map (game);
  setup_game (&f, game, "17.6", 7);
  clear_map (&f);
  put (&f, "pontoon-bridge-1", "2510");
  unit (&f, "pontoon-bridge-1")->flags |= BS_UNIT_WORN;
  ck_assert (_wb_bs_pontoon_artillery (f.data, f.m, NULL));
  refused (&f, "{\"type\": \"roll\", \"rolls\": [1]}", "repair");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (logged (&f, "does not roll to repair"));
  ck_assert (unit (&f, "pontoon-bridge-1")->flags & BS_UNIT_WORN);
  ck_assert_int_ne (f.m->step, BS_PONTOON);
  ck_assert (_wb_bs_pontoon_artillery (f.data, f.m, NULL));
  ok (&f, "{\"type\": \"repair\", \"rolls\": [2]}");
  ck_assert (!(unit (&f, "pontoon-bridge-1")->flags & BS_UNIT_WORN));
  ck_assert (logged (&f, "Pontoon Bridge Repair: 2 for"));
  /* Undamaged: no roll. */
  ck_assert (!_wb_bs_pontoon_artillery (f.data, f.m, NULL));
  teardown (&f);
}
END_TEST

/* The automatic player places the bridge next to its infantry on the
 * Bayou hex nearest the Confederates, and both sides go on from there,
 * the same from the same seed. */
START_TEST (test_auto)
{
  char *where[2] = { NULL, NULL };

  for (guint run = 0; run < 2; run++)
    {
      Fixture f;
      g_autoptr(JsonObject) a = NULL;
      g_autoptr(GPtrArray) hexes = NULL;
      WbRng rng;

      setup (&f, "17.6");
      f.physical = FALSE;
      wb_rng_seed (&rng, 5, 3);
      hexes = offered (&f);
      a = f.family->suggest (f.data, f.m, &rng);
      ck_assert_str_eq (json_object_get_string_member (a, "type"), "place");
      ck_assert (g_ptr_array_find_with_equal_func (hexes, json_object_get_string_member (a, "hex"), g_str_equal,
                                                   NULL));
      while (f.m->step == BS_PONTOON)
        {
          g_autoptr(JsonObject) b = f.family->suggest (f.data, f.m, &rng);
          g_autoptr(GError) error = NULL;

          ck_assert (act (&f, b, &error) == WB_APPLY_DONE);
        }
      ck_assert_int_eq (f.m->step, BS_COMMAND);
      where[run] = g_strdup (unit (&f, "pontoon-bridge-1")->where.kind == WB_WHERE_HEX
                             ? hex_text (&f, unit (&f, "pontoon-bridge-1")->where.hex) : "gone");
      teardown (&f);
    }
  ck_assert_str_eq (where[0], where[1]);
  g_free (where[0]);
  g_free (where[1]);
}
END_TEST

static Suite *
bs_pontoon_suite (void)
{
  Suite *s = suite_create ("bs-pontoon");
  TCase *tc = tcase_create ("pontoon");

  tcase_add_test (tc, test_placement);
  tcase_add_test (tc, test_second_pontoon);
  tcase_add_test (tc, test_movement);
  tcase_add_test (tc, test_retreat);
  tcase_add_test (tc, test_fire);
  tcase_add_test (tc, test_repair);
  tcase_add_test (tc, test_auto);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_pontoon_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
