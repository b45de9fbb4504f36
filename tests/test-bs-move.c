/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-bs-move"
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Blind Swords family's movement on the bundled Chickasaw Bayou
 * (series 3.1, 10.1-10.6, 12.3, 13.2b; exclusive 2.2a, 2.10, 3.1a, 6.0,
 * 12.3): a match of 17.1 with the map emptied and units placed by hand,
 * then the reach (terrain, the pike and March Column, stacking along the
 * road and at the end, prohibited terrain, engagement, artillery), the
 * retreats and the stacking values. */

typedef struct {
  WbGame              *game;
  const WbRulesFamily *family;
  BsData              *data;
  WbMatch             *m;
} Fixture;

static void
setup_with (Fixture *f, const char * const *options)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = wb_game_load (file, NULL, &error);
  ck_assert_msg (f->game != NULL, "%s", error ? error->message : "");
  f->m = wb_match_new (f->game, "17.1", options, 7, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_rules_family_find ("blind-swords");
  ck_assert_ptr_nonnull (f->family);
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  /* An empty map: each test places its own units. */
  for (guint i = 0; i < f->m->units->len; i++)
    g_array_index (f->m->units, WbUnitState, i).where.kind = WB_WHERE_WAITING;
}

static void
setup (Fixture *f)
{
  setup_with (f, NULL);
}

static void
teardown (Fixture *f)
{
  f->family->release (f->data);
  wb_match_free (f->m);
  g_object_unref (f->game);
}

static WbOffset
hex (Fixture *f, const char *text)
{
  WbOffset h;

  ck_assert_msg (wb_hex_map_parse_hex (f->data->map, text, &h), "no hex %s", text);
  return h;
}

static WbOffset
step (Fixture *f, WbOffset from, int dir)
{
  return wb_hex_neighbour (f->data->layout, from, dir);
}

static guint
unit (Fixture *f, const char *id)
{
  WbUnitState *u = wb_match_find_unit (f->m, id);

  ck_assert_msg (u != NULL, "no unit %s", id);
  return (guint) (u - (WbUnitState *) f->m->units->data);
}

static guint
place_at (Fixture *f, const char *id, WbOffset at)
{
  guint u = unit (f, id);
  WbUnitState *s = &g_array_index (f->m->units, WbUnitState, u);

  s->where.kind = WB_WHERE_HEX;
  s->where.hex = at;
  s->where.place = NULL;
  return u;
}

static guint
place (Fixture *f, const char *id, const char *at)
{
  return place_at (f, id, hex (f, at));
}

static void
remove_unit (Fixture *f, const char *id)
{
  g_array_index (f->m->units, WbUnitState, unit (f, id)).where.kind = WB_WHERE_WAITING;
}

/* The cost of @to in @dests, -1 when it is not one. */
static int
cost_to (GArray *dests, WbOffset to)
{
  for (guint i = 0; dests != NULL && i < dests->len; i++)
    {
      WbDestination *d = &g_array_index (dests, WbDestination, i);

      if (d->where.kind == WB_WHERE_HEX && wb_offset_equal (d->where.hex, to))
        return d->cost;
    }
  return -1;
}

static int
distance (Fixture *f, WbOffset a, WbOffset b)
{
  return wb_hex_distance (f->data->layout, a, b);
}

static double
centre_y (Fixture *f, WbOffset h)
{
  double x, y;

  wb_hex_center (f->data->layout, 1.0, h, &x, &y);
  return y;
}

/* ---- terrain and orders ---------------------------------------------------- */

/* 10.2, 8.2-8.5: the allowances of rules.params, in quarter MP. */
START_TEST (test_allowance)
{
  Fixture f;

  setup (&f);
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "16-oh"), "attack"), 16);
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "16-oh"), "maneuver"), 24);
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "16-oh"), "regroup"), 0);
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "3-il-cav"), "maneuver"), 40);
  /* Exclusive 6.0: artillery moves 6 MP whatever the order. */
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "blount"), NULL), 24);
  ck_assert_int_eq (_wb_bs_allowance (f.data, f.m, unit (&f, "pioneer-1"), "attack"), 0);
  teardown (&f);
}
END_TEST

/* 10.3: clear 1 MP, light woods 2, heavy woods 3 for infantry (the
 * legend); 2808 is clear with clear, light and heavy woods around and no
 * hexside feature. */
START_TEST (test_terrain)
{
  Fixture f;
  WbOffset start;
  guint u;
  g_autoptr(GArray) dests = NULL;

  setup (&f);
  start = hex (&f, "2808");
  u = place_at (&f, "16-oh", start);
  dests = _wb_bs_reach (f.data, f.m, u, _wb_bs_allowance (f.data, f.m, u, "attack"), FALSE, TRUE);
  ck_assert_ptr_nonnull (dests);
  ck_assert_int_eq (cost_to (dests, hex (&f, "2807")), 8);    /* n: light woods */
  ck_assert_int_eq (cost_to (dests, step (&f, start, 2)), 4); /* se: clear */
  ck_assert_int_eq (cost_to (dests, hex (&f, "2809")), 12);   /* s: heavy woods */
  ck_assert_int_eq (cost_to (dests, start), -1);
  /* Nothing beyond the allowance. */
  for (guint i = 0; i < dests->len; i++)
    ck_assert_int_le (g_array_index (dests, WbDestination, i).cost, 16);
  /* The path of the last search. */
  {
    g_autoptr(GArray) path = _wb_bs_reach_path (f.data, f.m, u, hex (&f, "2807"));

    ck_assert_ptr_nonnull (path);
    ck_assert_uint_eq (path->len, 1);
    ck_assert (wb_offset_equal (g_array_index (path, WbOffset, 0), hex (&f, "2807")));
    ck_assert_ptr_null (_wb_bs_reach_path (f.data, f.m, unit (&f, "54-in"), hex (&f, "2807")));
  }
  teardown (&f);
}
END_TEST

/* 10.5, 10.5a, 10.5b: along the pike 1 MP a hex, ½ MP in March Column;
 * the creek the pike crosses at 3820-3921 costs nothing more; a friendly
 * stack that the unit would over-stack takes the road rate away. */
START_TEST (test_pike)
{
  Fixture f;
  guint u;
  static const char * const pike[] = { "4920", "4819", "4719", "4619", "4520", "4420", "4320", "4220",
                                       "4120", "4020", "3921", "3820", "3721" };

  setup (&f);
  u = place (&f, "16-oh", pike[0]);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, hex (&f, pike[5])), 20);
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[6])), 24);
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[7])), -1);
  }
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, TRUE, TRUE);
    g_autoptr(GArray) path = NULL;

    ck_assert_int_eq (cost_to (dests, hex (&f, pike[6])), 12);
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[11])), 22);   /* over the creek */
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[12])), 24);
    path = _wb_bs_reach_path (f.data, f.m, u, hex (&f, pike[12]));
    ck_assert_uint_eq (path->len, 12);
    for (guint i = 0; i < path->len; i++)
      ck_assert (wb_offset_equal (g_array_index (path, WbOffset, i), hex (&f, pike[i + 1])));
  }
  /* 8 SP of 16 OH cannot pass 7 SP of 54 IN at the road rate (excl. 3.1a):
   * 4619's light woods cost 2 MP. */
  place (&f, "54-in", pike[3]);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, hex (&f, pike[3])), -1);   /* over-stacked at the end */
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[4])), 20);
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[5])), 24);
  }
  /* 4 SP of guns count 3: with 54 IN's 7, 10 SP, within the limit; any
   * artillery moves at the March Column rate (10.5a). */
  remove_unit (&f, "16-oh");
  u = place (&f, "hart", pike[0]);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, TRUE, FALSE);

    ck_assert_int_eq (cost_to (dests, hex (&f, pike[3])), 6);
    ck_assert_int_eq (cost_to (dests, hex (&f, pike[12])), 24);
  }
  teardown (&f);
}
END_TEST

/* Exclusive 2.10g-j: no unit enters a lake; cavalry and artillery no
 * bayou nor cypress; infantry a bayou for 4 MP. 4608 has cypress (s),
 * bayou (sw) and lake (nw) around it. */
START_TEST (test_prohibited)
{
  Fixture f;
  WbOffset start;
  guint inf, cav, art;

  setup (&f);
  start = hex (&f, "4608");
  inf = place_at (&f, "16-oh", start);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, inf, 16, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, step (&f, start, 3)), 12);   /* cypress */
    ck_assert_int_eq (cost_to (dests, step (&f, start, 4)), 16);   /* bayou */
    ck_assert_int_eq (cost_to (dests, step (&f, start, 5)), -1);   /* lake */
  }
  remove_unit (&f, "16-oh");
  cav = place_at (&f, "3-il-cav", start);
  art = unit (&f, "blount");
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, cav, 40, FALSE, TRUE);

    ck_assert_ptr_nonnull (dests);
    for (int d = 3; d <= 5; d++)
      ck_assert_int_eq (cost_to (dests, step (&f, start, d)), -1);
  }
  remove_unit (&f, "3-il-cav");
  place_at (&f, "blount", start);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, art, 24, FALSE, FALSE);

    ck_assert_ptr_nonnull (dests);
    for (int d = 3; d <= 5; d++)
      ck_assert_int_eq (cost_to (dests, step (&f, start, d)), -1);
  }
  teardown (&f);
}
END_TEST

/* 10.3: one hex always, for all the MP, if neither prohibited nor
 * over-stacking; exclusive 2.2a: Fallen Timber markers. */
START_TEST (test_one_hex_and_timber)
{
  Fixture f;
  WbOffset start, woods, clear;
  guint u;

  setup (&f);
  start = hex (&f, "2808");
  woods = hex (&f, "2809");   /* heavy woods, 3 MP */
  clear = step (&f, start, 2);
  u = place_at (&f, "16-oh", start);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 4, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, woods), 4);
    ck_assert_int_eq (cost_to (dests, clear), 4);
  }
  /* Having moved, no more. */
  g_array_index (f.m->units, WbUnitState, u).data[BS_DATA_SPENT] = 4;
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 4, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, woods), -1);
    ck_assert_int_eq (cost_to (dests, clear), 4);
  }
  g_array_index (f.m->units, WbUnitState, u).data[BS_DATA_SPENT] = 0;

  /* Full Fallen Timber: no Union unit enters. */
  {
    WbMatchMarker mk = { g_intern_static_string ("fallen-timber-full"), clear };
    g_autoptr(GArray) dests = NULL;

    g_array_append_val (f.m->markers, mk);
    dests = _wb_bs_reach (f.data, f.m, u, 16, FALSE, TRUE);
    ck_assert_int_eq (cost_to (dests, clear), -1);
    g_array_set_size (f.m->markers, 0);
  }
  /* Half: Union infantry for all its MP (the move ends there), not cavalry. */
  {
    WbMatchMarker mk = { g_intern_static_string ("fallen-timber-half"), clear };
    g_autoptr(GArray) dests = NULL;
    g_autoptr(GArray) cav_dests = NULL;
    guint cav;

    g_array_append_val (f.m->markers, mk);
    dests = _wb_bs_reach (f.data, f.m, u, 16, FALSE, TRUE);
    ck_assert_int_eq (cost_to (dests, clear), 16);
    for (guint i = 0; i < dests->len; i++)
      {
        g_autoptr(GArray) path = _wb_bs_reach_path (f.data, f.m, u, g_array_index (dests, WbDestination, i).where.hex);

        for (guint k = 0; k + 1 < path->len; k++)
          ck_assert (!wb_offset_equal (g_array_index (path, WbOffset, k), clear));
      }
    remove_unit (&f, "16-oh");
    cav = place_at (&f, "3-il-cav", start);
    cav_dests = _wb_bs_reach (f.data, f.m, cav, 24, FALSE, TRUE);
    ck_assert_int_eq (cost_to (cav_dests, clear), -1);
  }
  teardown (&f);
}
END_TEST

/* 3.1, 3.1b: no ending over the 10 SP, nor cavalry with infantry. */
START_TEST (test_stacking_end)
{
  Fixture f;
  WbOffset start, clear;
  guint u, cav;

  setup (&f);
  start = hex (&f, "2808");
  clear = step (&f, start, 2);
  u = place_at (&f, "16-oh", start);
  place_at (&f, "54-in", clear);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 16, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, clear), -1);
    /* Passing through is allowed off the roads (3.1). */
    ck_assert_int_ge (cost_to (dests, step (&f, clear, 2)), 0);
  }
  remove_unit (&f, "54-in");
  place_at (&f, "blount", clear);   /* 6 SP of guns count 4.5: 12.5 > 10 */
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 16, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, clear), -1);
  }
  remove_unit (&f, "blount");
  place_at (&f, "hart", clear);     /* Union, 4 SP of guns count 3: 11 */
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 16, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, clear), -1);
  }
  remove_unit (&f, "hart");
  place_at (&f, "22-ky", clear);
  remove_unit (&f, "16-oh");
  cav = place_at (&f, "10-mo-cav", start);
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, cav, 24, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, clear), -1);   /* 3.1b */
    ck_assert_int_eq (cost_to (dests, step (&f, start, 5)), 4);
  }
  teardown (&f);
}
END_TEST

/* 10.6: entering a hex next to an enemy ends the move; under Maneuver
 * (no Engaging) no such hex; no enemy hex ever. */
START_TEST (test_engagement)
{
  Fixture f;
  WbOffset start, enemy;
  guint u;
  gboolean some = FALSE;

  setup (&f);
  start = hex (&f, "2808");
  enemy = hex (&f, "2805");
  u = place_at (&f, "16-oh", start);
  place_at (&f, "46-ms-a", enemy);
  ck_assert (!_wb_bs_engaged (f.data, f.m, u));
  ck_assert (_wb_bs_enemy_within (f.data, f.m, 0, start, 3));
  ck_assert (!_wb_bs_enemy_within (f.data, f.m, 0, start, 2));
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);

    ck_assert_int_eq (cost_to (dests, enemy), -1);
    for (guint i = 0; i < dests->len; i++)
      {
        WbOffset to = g_array_index (dests, WbDestination, i).where.hex;
        g_autoptr(GArray) path = _wb_bs_reach_path (f.data, f.m, u, to);

        some |= distance (&f, to, enemy) == 1;
        for (guint k = 0; k + 1 < path->len; k++)
          ck_assert_int_gt (distance (&f, g_array_index (path, WbOffset, k), enemy), 1);
      }
    ck_assert (some);
  }
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, FALSE);

    for (guint i = 0; i < dests->len; i++)
      ck_assert_int_gt (distance (&f, g_array_index (dests, WbDestination, i).where.hex, enemy), 1);
  }
  /* Engaged: it may still leave (the lead fires Opportunity Fire). */
  place_at (&f, "46-ms-a", hex (&f, "2807"));
  ck_assert (_wb_bs_engaged (f.data, f.m, u));
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, FALSE);

    ck_assert_ptr_nonnull (dests);
  }
  /* Pioneers neither stop nor Engage the enemy (excl. 2.1a). */
  remove_unit (&f, "46-ms-a");
  place_at (&f, "pioneer-1", hex (&f, "2807"));
  ck_assert (!_wb_bs_enemy_at (f.data, f.m, 1, hex (&f, "2807")));
  teardown (&f);
}
END_TEST

/* 10.6, 6.5a: artillery never moves within two hexes of the enemy;
 * Engaged, only away from it. */
START_TEST (test_artillery)
{
  Fixture f;
  WbOffset start, enemy;
  guint u;

  setup (&f);
  start = hex (&f, "2808");
  enemy = hex (&f, "2804");
  u = place_at (&f, "blount", start);
  place_at (&f, "46-ms-a", enemy);
  ck_assert (!_wb_bs_engaged (f.data, f.m, u));
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);

    ck_assert_ptr_nonnull (dests);
    for (guint i = 0; i < dests->len; i++)
      {
        WbOffset to = g_array_index (dests, WbDestination, i).where.hex;
        g_autoptr(GArray) path = _wb_bs_reach_path (f.data, f.m, u, to);

        for (guint k = 0; k < path->len; k++)
          ck_assert_int_gt (distance (&f, g_array_index (path, WbOffset, k), enemy), 2);
      }
  }
  /* Next to the enemy: away only. */
  place_at (&f, "46-ms-a", hex (&f, "2807"));
  ck_assert (_wb_bs_engaged (f.data, f.m, u));
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);
    gboolean at_two = FALSE;

    ck_assert_ptr_nonnull (dests);
    for (guint i = 0; i < dests->len; i++)
      {
        WbOffset to = g_array_index (dests, WbDestination, i).where.hex;
        g_autoptr(GArray) path = _wb_bs_reach_path (f.data, f.m, u, to);

        at_two |= distance (&f, to, hex (&f, "2807")) == 2;
        for (guint k = 0; k < path->len; k++)
          ck_assert_int_ge (distance (&f, g_array_index (path, WbOffset, k), hex (&f, "2807")), 2);
      }
    ck_assert (at_two);
  }
  /* Two hexes away: only beyond two. */
  place_at (&f, "46-ms-a", hex (&f, "2806"));
  ck_assert (_wb_bs_engaged (f.data, f.m, u));
  {
    g_autoptr(GArray) dests = _wb_bs_reach (f.data, f.m, u, 24, FALSE, TRUE);

    for (guint i = 0; i < dests->len; i++)
      ck_assert_int_gt (distance (&f, g_array_index (dests, WbDestination, i).where.hex, hex (&f, "2806")), 2);
  }
  teardown (&f);
}
END_TEST

/* ---- stacking values ------------------------------------------------------- */

/* 3.1a: 6 SP of guns count 4.5 (the table); pioneers nothing. */
START_TEST (test_stack_values)
{
  Fixture f;
  WbOffset at;

  setup (&f);
  at = hex (&f, "2808");
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "blount")), 9);
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "hart")), 6);
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "16-oh")), 16);
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "pioneer-1")), 0);
  g_array_index (f.m->units, WbUnitState, unit (&f, "16-oh")).flags |= BS_UNIT_WORN;
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "16-oh")), 10);
  place_at (&f, "blount", at);
  place_at (&f, "16-oh", at);
  place_at (&f, "pioneer-1", at);
  ck_assert_int_eq (_wb_bs_hex_stack (f.data, f.m, at, -1), 19);
  ck_assert_int_eq (_wb_bs_hex_stack (f.data, f.m, at, (int) unit (&f, "blount")), 10);
  teardown (&f);
}
END_TEST

/* The rulebook-only table prints only the 6 SP row: other batteries count
 * their printed SP. */
START_TEST (test_stack_rulebook)
{
  Fixture f;
  static const char * const twins[] = { "rulebook-tables", NULL };

  setup_with (&f, twins);
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "blount")), 9);
  ck_assert_int_eq (_wb_bs_stack_halves (f.data, f.m, unit (&f, "hart")), 8);
  teardown (&f);
}
END_TEST

/* ---- retreats -------------------------------------------------------------- */

/* Exclusive 12.3: the Union toward row 00, the Confederates toward 26,
 * straight back or at a diagonal. */
START_TEST (test_retreat_direction)
{
  Fixture f;
  WbOffset start;
  BsRetreat r;
  guint u;

  setup (&f);
  start = hex (&f, "2808");
  u = place_at (&f, "16-oh", start);
  _wb_bs_retreat (f.data, f.m, u, 2, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_DONE);
  ck_assert_int_eq (r.n, 2);
  ck_assert_int_eq (distance (&f, start, r.hex[1]), 2);
  ck_assert (centre_y (&f, r.hex[0]) < centre_y (&f, start));
  ck_assert (centre_y (&f, r.hex[1]) < centre_y (&f, r.hex[0]));
  remove_unit (&f, "16-oh");
  u = place_at (&f, "46-ms-a", start);
  _wb_bs_retreat (f.data, f.m, u, 2, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_DONE);
  ck_assert_int_eq (r.n, 2);
  ck_assert (centre_y (&f, r.hex[0]) > centre_y (&f, start));
  ck_assert (centre_y (&f, r.hex[1]) > centre_y (&f, r.hex[0]));
  teardown (&f);
}
END_TEST

/* 12.3: away from the units that caused it first, then from the other
 * enemies, the direction last. */
START_TEST (test_retreat_avoids)
{
  Fixture f;
  WbOffset start, causer, other;
  BsRetreat r;
  guint u, c;

  setup (&f);
  start = hex (&f, "2808");
  causer = step (&f, start, 1);                 /* ne */
  u = place_at (&f, "16-oh", start);
  c = place_at (&f, "46-ms-a", causer);
  _wb_bs_retreat (f.data, f.m, u, 1, &c, 1, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_DONE);
  ck_assert_int_eq (r.n, 1);
  ck_assert (wb_offset_equal (r.hex[0], step (&f, start, 5)));   /* nw: forward, not next to it */
  /* Another enemy next to nw: both avoided, off the direction. */
  other = step (&f, step (&f, start, 5), 5);
  place_at (&f, "46-ms-b", other);
  _wb_bs_retreat (f.data, f.m, u, 1, &c, 1, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_DONE);
  ck_assert_int_eq (distance (&f, start, r.hex[r.n - 1]), 1);
  for (guint i = 0; i < r.n; i++)
    {
      ck_assert_int_gt (distance (&f, r.hex[i], causer), 1);
      ck_assert_int_gt (distance (&f, r.hex[i], other), 1);
    }
  teardown (&f);
}
END_TEST

/* 12.3: no way back: Broken Box 3, artillery and Fragile units
 * eliminated; off the map edge: Broken Box 1. */
START_TEST (test_retreat_blocked)
{
  Fixture f;
  WbOffset start, top;
  BsRetreat r;
  static const char * const csa[] = { "46-ms-a", "46-ms-b", "26-la-a", "26-la-b", "17-la-a", "17-la-b" };
  guint u;

  setup (&f);
  start = hex (&f, "2808");
  for (int d = 0; d < 6; d++)
    place_at (&f, csa[d], step (&f, start, d));
  u = place_at (&f, "16-oh", start);
  _wb_bs_retreat (f.data, f.m, u, 2, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_BROKEN3);
  remove_unit (&f, "16-oh");
  u = place_at (&f, "blount", start);
  _wb_bs_retreat (f.data, f.m, u, 2, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_ELIMINATED);
  remove_unit (&f, "blount");
  u = place_at (&f, "thielemann-cav", start);
  _wb_bs_retreat (f.data, f.m, u, 1, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_ELIMINATED);
  remove_unit (&f, "thielemann-cav");

  /* 2900: on the top edge, its on-map neighbours held by the enemy. */
  top = hex (&f, "2900");
  u = place_at (&f, "16-oh", top);
  for (int d = 0, k = 0; d < 6; d++)
    if (wb_hex_map_contains (f.data->map, step (&f, top, d)))
      place_at (&f, csa[k++], step (&f, top, d));
  _wb_bs_retreat (f.data, f.m, u, 2, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_OFF_MAP);
  teardown (&f);
}
END_TEST

/* 12.3: it may not end over-stacked: it retreats further. */
START_TEST (test_retreat_stacking)
{
  Fixture f;
  WbOffset start;
  BsRetreat r;
  guint u;

  setup (&f);
  start = hex (&f, "2808");
  u = place_at (&f, "16-oh", start);
  /* Every hex one away holds 7 SP of friends: none takes 16 OH's 8. */
  for (int d = 0; d < 6; d++)
    {
      static const char * const usa[] = { "54-in", "114-oh", "120-oh", "42-oh", "7-ky", "49-in" };

      place_at (&f, usa[d], step (&f, start, d));
    }
  _wb_bs_retreat (f.data, f.m, u, 1, NULL, 0, &r);
  ck_assert_int_eq (r.end, BS_RETREAT_DONE);
  ck_assert_int_eq (r.n, 2);
  ck_assert_int_eq (distance (&f, start, r.hex[1]), 2);
  teardown (&f);
}
END_TEST

/* ---- rebuilding (13.2b) ---------------------------------------------------- */

START_TEST (test_rebuild_hexes)
{
  Fixture f;
  WbOffset friend_at, enemy;
  g_autoptr(GArray) hexes = NULL;
  guint u;

  setup (&f);
  friend_at = hex (&f, "2808");
  enemy = hex (&f, "2812");
  place_at (&f, "54-in", friend_at);
  place_at (&f, "46-ms-a", enemy);
  u = unit (&f, "16-oh");
  hexes = _wb_bs_rebuild_hexes (f.data, f.m, u);
  ck_assert_ptr_nonnull (hexes);
  for (guint i = 0; i < hexes->len; i++)
    {
      WbOffset h = g_array_index (hexes, WbOffset, i);

      ck_assert_int_le (distance (&f, h, friend_at), 3);
      ck_assert_int_ge (distance (&f, h, enemy), 3);
      if (i > 0)
        {
          WbOffset p = g_array_index (hexes, WbOffset, i - 1);
          ck_assert (p.col < h.col || (p.col == h.col && p.row < h.row));
        }
    }
  /* 54 IN's hex takes 16 OH's BW 5 SP (7 + 5 > 10: not). */
  for (guint i = 0; i < hexes->len; i++)
    ck_assert (!wb_offset_equal (g_array_index (hexes, WbOffset, i), friend_at));
  teardown (&f);
}
END_TEST

/* The automatic player calls the reach a lot: a thousand reaches of a
 * cavalry unit across the whole map stay well within a second. */
START_TEST (test_reach_speed)
{
  Fixture f;
  guint u;
  gint64 t0;

  setup (&f);
  u = place (&f, "3-il-cav", "2808");
  place (&f, "46-ms-a", "3412");
  t0 = g_get_monotonic_time ();
  for (int i = 0; i < 1000; i++)
    {
      GArray *dests = _wb_bs_reach (f.data, f.m, u, 40, FALSE, TRUE);

      ck_assert_ptr_nonnull (dests);
      g_array_unref (dests);
    }
  ck_assert_int_lt (g_get_monotonic_time () - t0, 5 * G_USEC_PER_SEC);
  teardown (&f);
}
END_TEST

static Suite *
bs_move_suite (void)
{
  Suite *s = suite_create ("bs-move");
  TCase *tc = tcase_create ("move");

  tcase_add_test (tc, test_allowance);
  tcase_add_test (tc, test_terrain);
  tcase_add_test (tc, test_pike);
  tcase_add_test (tc, test_prohibited);
  tcase_add_test (tc, test_one_hex_and_timber);
  tcase_add_test (tc, test_stacking_end);
  tcase_add_test (tc, test_engagement);
  tcase_add_test (tc, test_artillery);
  tcase_add_test (tc, test_stack_values);
  tcase_add_test (tc, test_stack_rulebook);
  tcase_add_test (tc, test_retreat_direction);
  tcase_add_test (tc, test_retreat_avoids);
  tcase_add_test (tc, test_retreat_blocked);
  tcase_add_test (tc, test_retreat_stacking);
  tcase_add_test (tc, test_rebuild_hexes);
  tcase_add_test (tc, test_reach_speed);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_move_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
