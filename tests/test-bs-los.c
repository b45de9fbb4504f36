/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Blind Swords family's lines of sight, ranges, Unit Support and
 * column shifts (wb-bs-los.c) on the bundled Chickasaw Bayou: exclusive
 * 9.1a's three elevation cases, levees, overhead fire (9.1b), the Weapon
 * Ranges Table (9.1c), Unit Support (12.4, excl. 12.4a), the Fire Combat
 * Example (9.3) and the Close Combat Example (12.8) as the family adds up
 * their shifts. Each test clears the map of units, flattens a patch of it
 * (clear, level 1, no hexside features) before the family compiles it,
 * then sets the terrain, levels and units it needs. */

enum { USA = 0, CSA = 1 };

typedef struct {
  WbGame              *game;
  WbMatch             *m;
  const WbRulesFamily *family;
  BsData              *data;
  WbHexMap            *map;
} Fixture;

static void
begin_options (Fixture *f, const char * const *options)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = wb_game_load (file, NULL, &error);
  ck_assert_msg (f->game != NULL, "%s", error ? error->message : "");
  f->m = wb_match_new (f->game, "17.6", options, 7, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->map = WB_HEX_MAP (f->m->map);
  f->family = wb_rules_family_find ("blind-swords");
  ck_assert_ptr_nonnull (f->family);
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      u->where.kind = WB_WHERE_WAITING;
      u->flags = WB_UNIT_IN_SCENARIO;
    }
  if (f->m->markers != NULL)
    g_array_set_size (f->m->markers, 0);
}

static WbOffset
hx (Fixture *f, const char *text)
{
  WbOffset o;

  ck_assert_msg (wb_hex_map_parse_hex (f->map, text, &o), "no hex %s", text);
  return o;
}

/* Columns 27-33, rows 03-11: clear, level 1, no hex or hexside features. */
static void
flatten (Fixture *f)
{
  for (int c = 27; c <= 33; c++)
    for (int r = 3; r <= 11; r++)
      {
        g_autofree char *t = g_strdup_printf ("%02d%02d", c, r);
        WbOffset h = hx (f, t);
        GPtrArray *features;

        wb_hex_map_set_terrain (f->map, h, "clear");
        wb_hex_map_set_elevation (f->map, h, 1);
        while ((features = wb_hex_map_get_hex_features (f->map, h)) != NULL && features->len > 0)
          wb_hex_map_remove_hex_feature (f->map, h, g_ptr_array_index (features, 0));
        for (int d = 0; d < 6; d++)
          while ((features = wb_hex_map_get_side_features (f->map, h, d)) != NULL && features->len > 0)
            wb_hex_map_remove_side_feature (f->map, h, d, g_ptr_array_index (features, 0));
      }
}

static void
begin (Fixture *f)
{
  begin_options (f, NULL);
  flatten (f);
}

static void
prepare (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
}

static void
finish (Fixture *f)
{
  if (f->data != NULL)
    f->family->release (f->data);
  wb_match_free (f->m);
  g_object_unref (f->game);
}

static void
terrain (Fixture *f, const char *hex, const char *id)
{
  wb_hex_map_set_terrain (f->map, hx (f, hex), id);
}

static void
level (Fixture *f, const char *hex, int elevation)
{
  wb_hex_map_set_elevation (f->map, hx (f, hex), elevation);
}

static WbUnitState *
unit_state (Fixture *f, guint u)
{
  return &g_array_index (f->m->units, WbUnitState, u);
}

static void
place (Fixture *f, guint u, const char *hex)
{
  WbUnitState *s = unit_state (f, u);

  s->where.kind = WB_WHERE_HEX;
  s->where.hex = hx (f, hex);
  s->where.place = NULL;
}

static gboolean
used (const guint *not, guint n_not, guint u)
{
  for (guint i = 0; i < n_not; i++)
    if (not[i] == u)
      return TRUE;
  return FALSE;
}

/* A unit of @side and @role (and @brigade, -1: any) not in @not. */
static guint
pick (Fixture *f, guint side, BsRole role, int brigade, const guint *not, guint n_not)
{
  for (guint i = 0; i < f->data->n_units; i++)
    if (unit_state (f, i)->side == side && f->data->counter[i].role == role &&
        (brigade < 0 || f->data->unit_brigade[i] == brigade) && !used (not, n_not, i))
      return i;
  ck_abort_msg ("no unit of side %u role %d brigade %d", side, role, brigade);
  return 0;
}

/* Two infantry units of one brigade of @side. */
static void
pick_pair (Fixture *f, guint side, guint *a, guint *b)
{
  for (guint i = 0; i < f->data->n_units; i++)
    for (guint j = i + 1; j < f->data->n_units; j++)
      if (unit_state (f, i)->side == side && unit_state (f, j)->side == side &&
          f->data->counter[i].role == BS_ROLE_INFANTRY && f->data->counter[j].role == BS_ROLE_INFANTRY &&
          f->data->unit_brigade[i] >= 0 && f->data->unit_brigade[i] == f->data->unit_brigade[j])
        {
          *a = i;
          *b = j;
          return;
        }
  ck_abort_msg ("no two infantry units of one brigade");
}

static void
counter (Fixture *f, guint u, int sp_fresh, int sp_worn, int cr_fresh, int cr_worn, const char *weapon)
{
  BsCounter *c = &f->data->counter[u];

  c->sp[0] = (guint8) (2 * sp_fresh);
  c->sp[1] = (guint8) (2 * sp_worn);
  c->cr[0] = (guint8) cr_fresh;
  c->cr[1] = (guint8) cr_worn;
  c->fragile = FALSE;
  c->weapon = g_intern_string (weapon);
}

static BsLos
los (Fixture *f, const char *from, const char *to, guint side)
{
  BsLos l;

  _wb_bs_los (f->data, f->m, hx (f, from), hx (f, to), side, &l);
  return l;
}

static int
shift_of (const BsShifts *s, const char *what)
{
  for (guint i = 0; i < s->n; i++)
    if (strcmp (s->s[i].what, what) == 0)
      return s->s[i].shift;
  return 0;
}

static void
assert_shift (const BsShifts *s, const char *what, int shift)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < s->n; i++)
    g_string_append_printf (all, " [%s %+d]", s->s[i].what, s->s[i].shift);
  ck_assert_msg (shift_of (s, what) == shift, "“%s” %+d expected; shifts:%s", what, shift, all->str);
  g_string_free (all, TRUE);
}

static const char *
column_label (Fixture *f, int column)
{
  GPtrArray *columns = wb_table_get_columns (f->data->tables->crt);

  ck_assert_int_ge (column, 0);
  return ((WbTableColumn *) g_ptr_array_index (columns, column))->label;
}

/* excl. 2.10a: the rulebook's example hexes of each level, on the map. */
START_TEST (test_levels)
{
  Fixture f;
  static const char * const hexes[] = { "2520", "4121", "4022", "3824", "4123", "4326", "4525" };

  begin_options (&f, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
    ck_assert_int_eq (wb_hex_map_get_elevation (f.map, hx (&f, hexes[i])), (int) i + 1);
  finish (&f);
}
END_TEST

/* 9.1a ii, same level: one Light Woods obscures, two block; Heavy Woods
 * and units block; adjacent hexes always see; the own hexes never count. */
START_TEST (test_same_level)
{
  Fixture f;
  BsLos l;
  guint a, b;

  begin (&f);
  terrain (&f, "3007", "light-woods");
  terrain (&f, "3105", "light-woods");
  terrain (&f, "3106", "light-woods");
  terrain (&f, "2907", "heavy-woods");
  terrain (&f, "2905", "heavy-woods");   /* the firer's own hex */
  prepare (&f);

  l = los (&f, "3005", "3009", USA);
  ck_assert_int_eq (l.kind, BS_LOS_OBSCURED);
  ck_assert_int_eq (l.obscuring, 1);
  ck_assert_int_eq (l.over_units, 0);
  l = los (&f, "3105", "3109", USA);     /* 3106, 3107: one Light Woods */
  ck_assert_int_eq (l.kind, BS_LOS_OBSCURED);
  l = los (&f, "3104", "3108", USA);     /* 3105, 3106: two */
  ck_assert_int_eq (l.kind, BS_LOS_BLOCKED);
  l = los (&f, "2905", "2909", USA);     /* 2907 Heavy Woods */
  ck_assert_int_eq (l.kind, BS_LOS_BLOCKED);
  l = los (&f, "2904", "2905", USA);     /* adjacent */
  ck_assert_int_eq (l.kind, BS_LOS_CLEAR);
  l = los (&f, "2905", "2903", USA);     /* out of Heavy Woods: 2904 clear */
  ck_assert_int_eq (l.kind, BS_LOS_CLEAR);
  l = los (&f, "3204", "3208", USA);
  ck_assert_int_eq (l.kind, BS_LOS_CLEAR);

  /* A unit, either side, in an intervening hex at the same level blocks;
   * a pioneer does not (excl. 2.1a). */
  a = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  place (&f, a, "3206");
  ck_assert_int_eq (los (&f, "3204", "3208", USA).kind, BS_LOS_BLOCKED);
  ck_assert_int_eq (los (&f, "3204", "3208", CSA).kind, BS_LOS_BLOCKED);
  unit_state (&f, a)->where.kind = WB_WHERE_WAITING;
  b = pick (&f, USA, BS_ROLE_PIONEER, -1, NULL, 0);
  place (&f, b, "3206");
  ck_assert_int_eq (los (&f, "3204", "3208", USA).kind, BS_LOS_CLEAR);

  /* Fallen Timber placed during play obscures like Light Woods (it is a
   * marker: looked up when asked). */
  {
    WbMatchMarker mk = { g_intern_string ("fallen-timber-full"), hx (&f, "3206") };

    g_array_append_val (f.m->markers, mk);
    ck_assert_int_eq (los (&f, "3204", "3208", USA).kind, BS_LOS_OBSCURED);
    mk.hex = hx (&f, "3207");
    g_array_append_val (f.m->markers, mk);
    ck_assert_int_eq (los (&f, "3204", "3208", USA).kind, BS_LOS_BLOCKED);
  }
  finish (&f);
}
END_TEST

/* 9.1a's other cases: the firer lower (a hex at the target's level or
 * higher blocks) and higher (a hex at the firer's level or higher
 * blocks); units in lower intervening hexes obscure (the 9.1a example:
 * B on level 1 between C and A on level 2). */
START_TEST (test_elevations)
{
  Fixture f;
  BsLos l;
  guint b;

  begin (&f);
  /* Column 30: firer 3005 level 1, target 3009 level 2. */
  level (&f, "3009", 2);
  /* Column 31: 3107 at the target's level. */
  level (&f, "3109", 2);
  level (&f, "3107", 2);
  /* Column 32: the firer on 3, the target on 1, 3206 on 2, 3207 on 3. */
  level (&f, "3204", 3);
  level (&f, "3205", 2);
  level (&f, "3206", 2);
  level (&f, "3207", 3);
  /* Column 33: both on 2, the hexes between on 1. */
  level (&f, "3305", 2);
  level (&f, "3309", 2);
  /* Column 29: both on 1, a hill of 2 between; Heavy Woods on a lower
   * hex do not count when the firer is higher. */
  level (&f, "2907", 2);
  level (&f, "2804", 3);
  terrain (&f, "2806", "heavy-woods");
  prepare (&f);

  ck_assert_int_eq (los (&f, "3005", "3009", USA).kind, BS_LOS_CLEAR);
  ck_assert_int_eq (los (&f, "3009", "3005", USA).kind, BS_LOS_CLEAR);
  ck_assert_int_eq (los (&f, "3105", "3109", USA).kind, BS_LOS_BLOCKED);
  ck_assert_int_eq (los (&f, "3109", "3105", USA).kind, BS_LOS_BLOCKED); /* firer higher: 3107 at its level */
  ck_assert_int_eq (los (&f, "3204", "3206", USA).kind, BS_LOS_CLEAR);   /* 3205 on 2, below the firer */
  ck_assert_int_eq (los (&f, "3204", "3209", USA).kind, BS_LOS_BLOCKED); /* 3207 on the firer's level */
  ck_assert_int_eq (los (&f, "2905", "2909", USA).kind, BS_LOS_BLOCKED); /* higher than both */
  ck_assert_int_eq (los (&f, "2804", "2808", USA).kind, BS_LOS_CLEAR);

  b = pick (&f, USA, BS_ROLE_CAVALRY, -1, NULL, 0);
  place (&f, b, "3307");
  l = los (&f, "3305", "3309", CSA);
  ck_assert_int_eq (l.kind, BS_LOS_OBSCURED);
  ck_assert_int_eq (l.over_units, 1);
  ck_assert_int_eq (l.over_friendly, 0);
  l = los (&f, "3305", "3309", USA);
  ck_assert_int_eq (l.over_friendly, 1);
  ck_assert (!l.friendly_by_target);
  place (&f, b, "3308");
  l = los (&f, "3305", "3309", USA);
  ck_assert (l.friendly_by_target);
  finish (&f);
}
END_TEST

/* Exclusive 2.10l, 9.1a iii: a levee hexside between two intervening
 * hexes at the level of both units blocks, unless the firer or the
 * target is next to it; never when either unit is higher. */
START_TEST (test_levee)
{
  Fixture f;
  guint t, u;
  BsShifts s;
  int range;
  BsLos l;
  const char *why;

  begin (&f);
  wb_hex_map_add_side_feature (f.map, hx (&f, "3007"), 0, "levee");   /* between 3006 and 3007 */
  wb_hex_map_add_side_feature (f.map, hx (&f, "3207"), 0, "levee");
  level (&f, "3204", 2);
  prepare (&f);

  ck_assert_int_eq (los (&f, "3005", "3009", USA).kind, BS_LOS_BLOCKED);
  ck_assert_int_eq (los (&f, "3006", "3009", USA).kind, BS_LOS_CLEAR);   /* the firer next to it */
  ck_assert_int_eq (los (&f, "3004", "3007", USA).kind, BS_LOS_CLEAR);   /* the target next to it */
  ck_assert_int_eq (los (&f, "3204", "3209", USA).kind, BS_LOS_CLEAR);   /* the firer higher */

  /* 9.3 iii: a target next to a levee hexside, one column left. */
  t = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  u = pick (&f, USA, BS_ROLE_INFANTRY, -1, NULL, 0);
  counter (&f, u, 3, 2, 3, 2, "RM");
  place (&f, t, "3007");
  place (&f, u, "3009");
  ck_assert (_wb_bs_can_fire (f.data, f.m, u, hx (&f, "3007"), FALSE, &range, &l, &why));
  _wb_bs_fire_shifts (f.data, f.m, &u, 1, (guint8[]) { (guint8) range }, hx (&f, "3007"), &l, FALSE, &s);
  assert_shift (&s, "target next to a Levee hexside", -1);
  ck_assert_int_eq (bs_shifts_total (&s), -1);
  finish (&f);
}
END_TEST

/* 9.1c: the Weapon Ranges Table (RM 1-2, 3-4, 5-6; CC Defensive Fire
 * only; artillery's Canister). */
START_TEST (test_ranges)
{
  Fixture f;
  static const int rm[] = { -1, WB_BS_RANGE_EFFECTIVE, WB_BS_RANGE_EFFECTIVE, WB_BS_RANGE_LONG,
                            WB_BS_RANGE_LONG, WB_BS_RANGE_EXTREME, WB_BS_RANGE_EXTREME, -1 };

  begin (&f);
  prepare (&f);
  for (int d = 0; d <= 7; d++)
    {
      ck_assert_int_eq (_wb_bs_range (f.data, "RM", d, FALSE, FALSE), rm[d]);
      ck_assert_int_eq (_wb_bs_range (f.data, "RM", d, TRUE, TRUE), rm[d]);
    }
  ck_assert (_wb_bs_close_only (f.data, "CC"));
  ck_assert (!_wb_bs_close_only (f.data, "RM"));
  ck_assert (!_wb_bs_close_only (f.data, "nothing"));
  ck_assert_int_eq (_wb_bs_range (f.data, "CC", 1, FALSE, FALSE), -1);
  ck_assert_int_eq (_wb_bs_range (f.data, "CC", 1, FALSE, TRUE), WB_BS_RANGE_EFFECTIVE);
  ck_assert_int_eq (_wb_bs_range (f.data, "CC", 2, FALSE, TRUE), -1);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 2, TRUE, FALSE), WB_BS_RANGE_CANISTER);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 2, FALSE, FALSE), WB_BS_RANGE_EFFECTIVE);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 3, TRUE, FALSE), WB_BS_RANGE_EFFECTIVE);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 9, TRUE, FALSE), WB_BS_RANGE_LONG);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 20, TRUE, FALSE), WB_BS_RANGE_EXTREME);
  ck_assert_int_eq (_wb_bs_range (f.data, "R", 21, TRUE, FALSE), -1);
  ck_assert_int_eq (_wb_bs_range (f.data, "XX", 1, FALSE, FALSE), -1);
  finish (&f);
}
END_TEST

/* 9.1, 9.1b, 9.1c: who may fire where. */
START_TEST (test_can_fire)
{
  Fixture f;
  guint inf, art, cc, pio, enemy, friend, not[5];
  int range;
  BsLos l;
  const char *why;

  begin (&f);
  /* Both ends on 2, the hexes between on 1: units there are passed over. */
  for (int r = 3; r <= 11; r++)
    {
      g_autofree char *h = g_strdup_printf ("30%02d", r);

      level (&f, h, 2);
    }
  level (&f, "3006", 1);
  level (&f, "3007", 1);
  level (&f, "3008", 1);
  prepare (&f);

  enemy = not[0] = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  inf = not[1] = pick (&f, USA, BS_ROLE_INFANTRY, -1, not, 1);
  friend = not[2] = pick (&f, USA, BS_ROLE_INFANTRY, -1, not, 2);
  art = not[3] = pick (&f, USA, BS_ROLE_ARTILLERY, -1, not, 3);
  pio = not[4] = pick (&f, USA, BS_ROLE_PIONEER, -1, not, 4);
  cc = pick (&f, USA, BS_ROLE_CAVALRY, -1, not, 5);
  counter (&f, inf, 3, 2, 3, 2, "RM");
  counter (&f, art, 2, 1, 3, 2, "R");
  counter (&f, cc, 2, 1, 3, 2, "CC");
  place (&f, enemy, "3009");
  place (&f, inf, "3005");
  place (&f, art, "3005");

  ck_assert (_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_int_eq (range, WB_BS_RANGE_LONG);
  ck_assert_int_eq (l.kind, BS_LOS_CLEAR);
  ck_assert (!_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3008"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "no enemy unit is there (9.1)");

  /* A Shaken or Disrupted unit still fires. */
  unit_state (&f, inf)->flags |= BS_UNIT_DISRUPTED;
  ck_assert (_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3009"), FALSE, &range, &l, &why));

  /* Over a friendly unit two hexes from the target: artillery may,
   * infantry may not (9.1b). */
  place (&f, friend, "3007");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "infantry and cavalry never fire over friendly units (9.1b)");
  ck_assert (_wb_bs_can_fire (f.data, f.m, art, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_int_eq (range, WB_BS_RANGE_EFFECTIVE);
  ck_assert_int_eq (l.kind, BS_LOS_OBSCURED);
  ck_assert_int_eq (l.over_units, 1);
  /* Next to the target: artillery may not either. */
  place (&f, friend, "3008");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, art, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "artillery fires over friendly units only when none is next to the target (9.1b)");
  /* Not with Canister: an S battery (Canister 1-3) three hexes away over
   * a friendly unit fires at its Effective range instead. */
  f.data->counter[art].weapon = g_intern_string ("S");
  place (&f, art, "3006");
  place (&f, friend, "3007");
  ck_assert (_wb_bs_can_fire (f.data, f.m, art, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_int_eq (range, WB_BS_RANGE_EFFECTIVE);
  unit_state (&f, friend)->where.kind = WB_WHERE_WAITING;
  ck_assert (_wb_bs_can_fire (f.data, f.m, art, hx (&f, "3009"), FALSE, &range, &l, &why));
  ck_assert_int_eq (range, WB_BS_RANGE_CANISTER);

  /* Beyond range; a pioneer; CC only as Defensive Fire, and never
   * mounted (11.3a). */
  place (&f, inf, "3003");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3011"), FALSE, &range, &l, &why));
  place (&f, enemy, "3010");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, inf, hx (&f, "3010"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "the target is beyond its Extreme range (9.1c)");
  place (&f, pio, "3009");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, pio, hx (&f, "3010"), FALSE, &range, &l, &why));
  place (&f, cc, "3009");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, cc, hx (&f, "3010"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "CC weapons fire only as Defensive Fire (9.1c)");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, cc, hx (&f, "3010"), TRUE, &range, &l, &why));
  f.data->counter[cc].role = BS_ROLE_INFANTRY;   /* dismounted: infantry (10.9) */
  ck_assert (_wb_bs_can_fire (f.data, f.m, cc, hx (&f, "3010"), TRUE, &range, &l, &why));
  ck_assert_int_eq (range, WB_BS_RANGE_EFFECTIVE);
  finish (&f);
}
END_TEST

/* 12.4, excl. 12.4a: Unit Support and the CR adjustments. */
START_TEST (test_support)
{
  Fixture f;
  guint a, b, other, art, not[3];
  int ta, tb;

  begin (&f);
  terrain (&f, "3107", "light-woods");
  wb_hex_map_add_hex_feature (f.map, hx (&f, "2907"), "trench");
  wb_hex_map_add_hex_feature (f.map, hx (&f, "2908"), "trench");
  prepare (&f);

  pick_pair (&f, CSA, &a, &b);
  not[0] = a;
  not[1] = b;
  ta = f.data->unit_brigade[a];
  other = G_MAXUINT;
  for (guint i = 0; i < f.data->n_units && other == G_MAXUINT; i++)
    if (unit_state (&f, i)->side == CSA && f.data->counter[i].role == BS_ROLE_INFANTRY &&
        f.data->unit_brigade[i] >= 0 && f.data->unit_brigade[i] != ta)
      other = i;
  ck_assert_uint_ne (other, G_MAXUINT);
  not[2] = other;
  tb = f.data->unit_brigade[other];
  ck_assert_int_ne (ta, tb);
  art = pick (&f, CSA, BS_ROLE_ARTILLERY, -1, not, 3);

  place (&f, a, "3005");
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  ck_assert_int_eq (_wb_bs_cr_adjust (f.data, f.m, a, FALSE), -1);
  place (&f, b, "3006");                       /* same brigade, adjacent */
  ck_assert (_wb_bs_supported (f.data, f.m, a));
  ck_assert_int_eq (_wb_bs_cr_adjust (f.data, f.m, a, FALSE), 0);
  unit_state (&f, b)->flags |= BS_UNIT_WORN;   /* a Battleworn one supports */
  ck_assert (_wb_bs_supported (f.data, f.m, a));
  unit_state (&f, b)->flags |= BS_UNIT_SHAKEN; /* a Shaken one does not */
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  unit_state (&f, b)->flags &= ~BS_UNIT_SHAKEN;
  place (&f, b, "3007");                       /* two hexes away */
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  place (&f, b, "3005");                       /* stacked */
  ck_assert (_wb_bs_supported (f.data, f.m, a));
  place (&f, other, "3006");                   /* another brigade only */
  place (&f, b, "3008");
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  /* Artillery: any infantry. */
  place (&f, art, "3007");
  ck_assert (_wb_bs_supported (f.data, f.m, art));
  unit_state (&f, other)->flags |= BS_UNIT_DISRUPTED;
  unit_state (&f, b)->flags |= BS_UNIT_SHAKEN;
  ck_assert (!_wb_bs_supported (f.data, f.m, art));

  /* Woods: neither gives nor receives (excl. 12.4a iv). */
  place (&f, a, "3106");
  place (&f, b, "3107");
  unit_state (&f, b)->flags &= ~BS_UNIT_SHAKEN;
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  ck_assert (!_wb_bs_supported (f.data, f.m, b));
  /* Skirmish Order and Battlefield Chaos: neither (excl. 15.3, 7.3b). */
  place (&f, b, "3105");
  ck_assert (_wb_bs_supported (f.data, f.m, a));
  unit_state (&f, b)->flags |= BS_UNIT_SKIRMISH;
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  unit_state (&f, b)->flags &= ~BS_UNIT_SKIRMISH;
  unit_state (&f, a)->flags |= BS_UNIT_CHAOS;
  ck_assert (!_wb_bs_supported (f.data, f.m, a));
  unit_state (&f, a)->flags &= ~BS_UNIT_CHAOS;

  /* excl. 2.10d: Confederates in a trench +2, not when they attack in
   * Close Combat; Union units none. */
  place (&f, a, "2907");
  place (&f, b, "2908");
  ck_assert_int_eq (_wb_bs_cr_adjust (f.data, f.m, a, FALSE), 2);
  ck_assert_int_eq (_wb_bs_cr_adjust (f.data, f.m, a, TRUE), 0);
  {
    guint usa = pick (&f, USA, BS_ROLE_INFANTRY, -1, NULL, 0);
    WbBsUnit e;

    place (&f, usa, "2907");
    unit_state (&f, a)->where.kind = WB_WHERE_WAITING;
    unit_state (&f, b)->where.kind = WB_WHERE_WAITING;
    ck_assert_int_eq (_wb_bs_cr_adjust (f.data, f.m, usa, FALSE), -1);
    unit_state (&f, usa)->flags |= BS_UNIT_WORN | BS_UNIT_SHAKEN;
    _wb_bs_engine_unit (f.data, f.m, usa, FALSE, &e);
    ck_assert_int_eq (e.index, (int) usa);
    ck_assert_int_eq (e.cr_adjust, -1);
    ck_assert_int_eq (e.morale, 1);
    ck_assert (e.flags & WB_BS_UNIT_WORN);
    ck_assert (!(e.flags & WB_BS_UNIT_ARTILLERY));
    ck_assert_int_eq (e.sp[0], f.data->counter[usa].sp[0]);
  }
  /* Pioneers: always unsupported. */
  {
    guint p = pick (&f, USA, BS_ROLE_PIONEER, -1, NULL, 0), usa = pick (&f, USA, BS_ROLE_INFANTRY, -1, NULL, 0);

    unit_state (&f, usa)->flags = WB_UNIT_IN_SCENARIO;
    place (&f, p, "2907");
    ck_assert (!_wb_bs_supported (f.data, f.m, p));
  }
  finish (&f);
}
END_TEST

/* 9.3 Fire Combat Example: 3 SP adjacent to a target in Woods (Heavy
 * Woods: two columns left) fire on the "1" column; excl. 9.3 ix, 2.2a: a
 * firer in a Swamp with Fallen Timber, two left. */
START_TEST (test_fire_shifts)
{
  Fixture f;
  guint mo2, ar3;
  BsShifts s;
  BsLos l;
  int range, strength;
  const char *why;
  WbBsFirer firer = { .sp = 6, .range = WB_BS_RANGE_EFFECTIVE };

  begin (&f);
  terrain (&f, "3006", "heavy-woods");
  terrain (&f, "3105", "swamp");
  prepare (&f);
  mo2 = pick (&f, USA, BS_ROLE_INFANTRY, -1, NULL, 0);
  ar3 = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  counter (&f, mo2, 3, 2, 3, 2, "RM");
  counter (&f, ar3, 4, 3, 4, 3, "RM");
  place (&f, mo2, "3005");
  place (&f, ar3, "3006");

  ck_assert (_wb_bs_can_fire (f.data, f.m, mo2, hx (&f, "3006"), FALSE, &range, &l, &why));
  _wb_bs_fire_shifts (f.data, f.m, &mo2, 1, (guint8[]) { (guint8) range }, hx (&f, "3006"), &l, FALSE, &s);
  assert_shift (&s, "target in Heavy Woods", -2);
  ck_assert_int_eq (bs_shifts_total (&s), -2);
  strength = wb_bs_fire_strength (f.data->tables, &firer, 1);
  ck_assert_str_eq (column_label (&f, wb_bs_column (f.data->tables, strength, 0, FALSE, NULL)), "3");
  ck_assert_str_eq (column_label (&f, wb_bs_column (f.data->tables, strength, bs_shifts_total (&s), FALSE, NULL)),
                    "1");

  /* From a Swamp (ix), then with a Fallen Timber marker there too (x):
   * "a shift 2 columns to the left" (excl. 2.2a). */
  place (&f, mo2, "3105");
  ck_assert (_wb_bs_can_fire (f.data, f.m, mo2, hx (&f, "3006"), FALSE, &range, &l, &why));
  _wb_bs_fire_shifts (f.data, f.m, &mo2, 1, (guint8[]) { (guint8) range }, hx (&f, "3006"), &l, TRUE, &s);
  assert_shift (&s, "firing from Swamp", -1);
  assert_shift (&s, "Flanking Fire", 1);
  ck_assert_int_eq (bs_shifts_total (&s), -2);
  {
    WbMatchMarker mk = { g_intern_string ("fallen-timber-half"), hx (&f, "3105") };

    g_array_append_val (f.m->markers, mk);
    _wb_bs_fire_shifts (f.data, f.m, &mo2, 1, (guint8[]) { (guint8) range }, hx (&f, "3006"), &l, FALSE, &s);
    assert_shift (&s, "firing from Swamp", -1);
    ck_assert_int_eq (bs_shifts_total (&s), -2 - 2);
  }

  /* vii, viii, xi, xii: through Light Woods, over units, Skirmish Order. */
  g_array_set_size (f.m->markers, 0);
  {
    WbMatchMarker mk = { g_intern_string ("fallen-timber-full"), hx (&f, "3007") };
    g_array_append_val (f.m->markers, mk);
    place (&f, mo2, "3205");
    place (&f, ar3, "3208");
    mk.hex = hx (&f, "3206");
    g_array_append_val (f.m->markers, mk);
    ck_assert (_wb_bs_can_fire (f.data, f.m, mo2, hx (&f, "3208"), FALSE, &range, &l, &why));
    ck_assert_int_eq (l.kind, BS_LOS_OBSCURED);
    unit_state (&f, mo2)->flags |= BS_UNIT_SKIRMISH;
    unit_state (&f, ar3)->flags |= BS_UNIT_SKIRMISH;
    _wb_bs_fire_shifts (f.data, f.m, &mo2, 1, (guint8[]) { (guint8) range }, hx (&f, "3208"), &l, FALSE, &s);
    assert_shift (&s, "firing through an obscuring hex", -1);
    assert_shift (&s, "firer in Skirmish Order", -1);
    assert_shift (&s, "target in Skirmish Order", -2);
    ck_assert_int_eq (bs_shifts_total (&s), -4);
  }
  finish (&f);
}
END_TEST

/* excl. 9.3 xiii-xiv: Mx at Long/Extreme range, S at Canister, half or
 * more of the firing artillery SPs. */
START_TEST (test_artillery_shifts)
{
  Fixture f;
  guint art[2], target;
  BsShifts s;

  begin (&f);
  prepare (&f);
  art[0] = pick (&f, USA, BS_ROLE_ARTILLERY, -1, NULL, 0);
  art[1] = pick (&f, USA, BS_ROLE_ARTILLERY, -1, art, 1);
  target = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  counter (&f, art[0], 2, 1, 3, 2, "Mx");
  counter (&f, art[1], 2, 1, 3, 2, "S");
  place (&f, art[0], "3003");
  place (&f, art[1], "3103");
  place (&f, target, "3011");
  _wb_bs_fire_shifts (f.data, f.m, art, 2, (guint8[]) { WB_BS_RANGE_LONG, WB_BS_RANGE_CANISTER },
                      hx (&f, "3011"), NULL, FALSE, &s);
  assert_shift (&s, "“Mx” artillery at Long or Extreme range", -1);
  assert_shift (&s, "“S” artillery at Canister range", 1);
  counter (&f, art[1], 3, 1, 3, 2, "S");   /* Mx now under half */
  _wb_bs_fire_shifts (f.data, f.m, art, 2, (guint8[]) { WB_BS_RANGE_EXTREME, WB_BS_RANGE_CANISTER },
                      hx (&f, "3011"), NULL, FALSE, &s);
  assert_shift (&s, "“Mx” artillery at Long or Extreme range", 0);
  ck_assert_int_eq (bs_shifts_total (&s), 1);
  finish (&f);
}
END_TEST

/* 12.8 Close Combat and Cohesion Test Example: 6 SP attack from Level-4
 * Clear to Level-5 Clear across a Slope hexside (two left), the
 * defenders' Lead Unit (the 36th VA, CR 4, supported by the 69th NC of
 * its brigade) better than the best attacker (CR 2: one left): from the
 * "6-7" column to "3". */
START_TEST (test_close_example)
{
  Fixture f;
  guint wv1, wv4, va36, nc69, assault[2];
  BsShifts s;
  int column;

  begin (&f);
  level (&f, "3006", 4);
  level (&f, "3005", 5);
  wb_hex_map_add_side_feature (f.map, hx (&f, "3006"), 0, "slope");   /* north of 3006: 3005 */
  prepare (&f);
  pick_pair (&f, USA, &wv1, &wv4);
  pick_pair (&f, CSA, &va36, &nc69);
  counter (&f, wv1, 3, 2, 2, 1, "RM");
  counter (&f, wv4, 4, 3, 2, 1, "RM");
  counter (&f, va36, 6, 5, 5, 4, "RM");
  counter (&f, nc69, 3, 2, 4, 3, "RM");
  unit_state (&f, wv4)->flags |= BS_UNIT_WORN;
  unit_state (&f, va36)->flags |= BS_UNIT_WORN;
  unit_state (&f, nc69)->flags |= BS_UNIT_WORN;
  place (&f, wv1, "3006");
  place (&f, wv4, "3006");
  place (&f, va36, "3005");
  place (&f, nc69, "3005");
  assault[0] = wv1;
  assault[1] = wv4;

  _wb_bs_close_shifts (f.data, f.m, assault, 2, NULL, 0, hx (&f, "3005"), FALSE, &s);
  assert_shift (&s, "defender uphill across a Slope hexside", -2);
  assert_shift (&s, "better defending CR", -1);
  ck_assert_int_eq (bs_shifts_total (&s), -3);   /* 6 SP against 7: no odds shift */
  column = wb_bs_column (f.data->tables, 12, 0, FALSE, NULL);
  ck_assert_str_eq (column_label (&f, column), "6-7");
  column = wb_bs_column (f.data->tables, 12, bs_shifts_total (&s), FALSE, NULL);
  ck_assert_str_eq (column_label (&f, column), "3");

  /* Downhill: no slope shift. */
  place (&f, wv1, "3005");
  place (&f, wv4, "3005");
  place (&f, va36, "3006");
  place (&f, nc69, "3006");
  _wb_bs_close_shifts (f.data, f.m, assault, 2, NULL, 0, hx (&f, "3006"), FALSE, &s);
  ck_assert_int_eq (bs_shifts_total (&s), -1);
  finish (&f);
}
END_TEST

/* 11.0c i-xxii: odds (the first that holds), artillery, Smoothbore,
 * flanking, cavalry, a charge, the defender's and attacker's terrain. */
START_TEST (test_close_shifts)
{
  Fixture f;
  guint att[3], def, art, cav, not[6];
  BsShifts s;

  begin (&f);
  wb_hex_map_add_hex_feature (f.map, hx (&f, "3006"), "trench");
  terrain (&f, "3007", "swamp");
  wb_hex_map_add_side_feature (f.map, hx (&f, "3007"), 0, "creek");
  prepare (&f);
  att[0] = not[0] = pick (&f, USA, BS_ROLE_INFANTRY, -1, NULL, 0);
  att[1] = not[1] = pick (&f, USA, BS_ROLE_INFANTRY, -1, not, 1);
  att[2] = not[2] = pick (&f, USA, BS_ROLE_INFANTRY, -1, not, 2);
  def = not[3] = pick (&f, CSA, BS_ROLE_INFANTRY, -1, not, 3);
  art = not[4] = pick (&f, CSA, BS_ROLE_ARTILLERY, -1, not, 4);
  cav = pick (&f, CSA, BS_ROLE_CAVALRY, -1, not, 5);
  for (guint i = 0; i < 3; i++)
    counter (&f, att[i], 3, 2, 3, 2, "RM");
  counter (&f, def, 3, 2, 3, 2, "RM");

  /* Equal: nothing. */
  place (&f, att[0], "3104");
  place (&f, def, "3105");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3105"), FALSE, &s);
  ck_assert_int_eq (s.n, 0);
  /* 3:1 with two Flanking Hexes; 3:2 with one far; 1:3. */
  place (&f, att[1], "3004");
  place (&f, att[2], "3204");
  _wb_bs_close_shifts (f.data, f.m, att, 1, att + 1, 2, hx (&f, "3105"), FALSE, &s);
  assert_shift (&s, "3:1 odds", 3);
  assert_shift (&s, "Flanking Attack", 2);
  counter (&f, att[1], 3, 2, 3, 2, "RM");
  counter (&f, def, 4, 3, 3, 2, "RM");
  place (&f, att[1], "3205");   /* two hexes from 3104, next to 3105 */
  _wb_bs_close_shifts (f.data, f.m, att, 1, att + 1, 1, hx (&f, "3105"), FALSE, &s);
  assert_shift (&s, "3:2 odds", 1);
  assert_shift (&s, "Flanking Attack", 2);
  place (&f, att[1], "3004");   /* next to the Assaulting Hex: no flank */
  _wb_bs_close_shifts (f.data, f.m, att, 1, att + 1, 1, hx (&f, "3105"), FALSE, &s);
  assert_shift (&s, "Flanking Attack", 0);
  counter (&f, def, 9, 3, 3, 2, "RM");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3105"), FALSE, &s);
  assert_shift (&s, "1:3 odds", -3);

  /* Smoothbore attackers (xii) and defenders (xiii); mounted cavalry
   * defending (xvi); artillery defending (vii); a charge (xvii). */
  counter (&f, def, 3, 2, 3, 2, "SB");
  counter (&f, att[0], 3, 2, 3, 2, "SB");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3105"), TRUE, &s);
  assert_shift (&s, "attackers armed with “SB”", 1);
  assert_shift (&s, "defenders armed with “SB”", -1);
  assert_shift (&s, "Charging Cavalry", 2);
  counter (&f, cav, 4, 3, 3, 2, "CB");
  place (&f, cav, "3105");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3105"), TRUE, &s);
  assert_shift (&s, "defender is mounted cavalry", -3);
  assert_shift (&s, "Charging Cavalry", 0);
  unit_state (&f, cav)->where.kind = WB_WHERE_WAITING;
  counter (&f, art, 3, 2, 3, 2, "R");
  place (&f, art, "3105");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3105"), FALSE, &s);
  assert_shift (&s, "artillery defending", 4);
  unit_state (&f, art)->where.kind = WB_WHERE_WAITING;

  /* Terrain: the defender in a trench (xix) behind a creek (xxi), the
   * attacker in a swamp (xx). */
  counter (&f, def, 3, 2, 3, 2, "RM");
  counter (&f, att[0], 3, 2, 3, 2, "RM");
  place (&f, def, "3006");
  place (&f, att[0], "3007");
  _wb_bs_close_shifts (f.data, f.m, att, 1, NULL, 0, hx (&f, "3006"), FALSE, &s);
  assert_shift (&s, "defender in Trench", -2);
  assert_shift (&s, "defender behind a Creek hexside", -1);
  assert_shift (&s, "attacking from Swamp", -1);
  finish (&f);
}
END_TEST

/* A weapon range cell that is not "lo-hi", and a table missing: the
 * family's prepare fails naming the table and what it expects. */
START_TEST (test_bad_ranges)
{
  Fixture f;
  g_autoptr(GError) error = NULL;
  WbTable *table;
  WbTableRow *row;

  begin_options (&f, NULL);
  table = wb_game_find_table (f.game, "weapon-ranges");
  ck_assert_ptr_nonnull (table);
  row = g_ptr_array_index (wb_table_get_rows (table), 0);
  g_free (g_ptr_array_index (row->cells, 1));
  g_ptr_array_index (row->cells, 1) = g_strdup ("3 to 4");
  f.data = f.family->prepare (f.game, f.m, &error);
  ck_assert_ptr_null (f.data);
  ck_assert_msg (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID), "%s", error->message);
  ck_assert_msg (strstr (error->message, "weapon-ranges") != NULL && strstr (error->message, "“3 to 4”") != NULL &&
                 strstr (error->message, "lo-hi") != NULL, "%s", error->message);
  g_clear_error (&error);
  g_free (g_ptr_array_index (row->cells, 1));
  g_ptr_array_index (row->cells, 1) = g_strdup ("4-3");
  f.data = f.family->prepare (f.game, f.m, &error);
  ck_assert_ptr_null (f.data);
  ck_assert_msg (strstr (error->message, "“4-3”") != NULL, "%s", error->message);
  g_clear_error (&error);
  g_free (g_ptr_array_index (row->cells, 1));
  g_ptr_array_index (row->cells, 1) = g_strdup ("3-4");
  prepare (&f);
  f.family->release (f.data);
  f.data = NULL;
  g_object_unref (wb_game_take_table (f.game, "weapon-ranges", NULL));
  f.data = f.family->prepare (f.game, f.m, &error);
  ck_assert_ptr_null (f.data);
  ck_assert_msg (strstr (error->message, "weapon_ranges_table") != NULL, "%s", error->message);
  finish (&f);
}
END_TEST

/* The rulebook-only tables: the twin Weapon Ranges Table's "?" cells
 * give no range; CC is still Defensive Fire only. */
START_TEST (test_rulebook_ranges)
{
  Fixture f;
  static const char * const twins[] = { "rulebook-tables", NULL };
  guint art, enemy;
  int range;
  BsLos l;
  const char *why;

  begin_options (&f, twins);
  flatten (&f);
  prepare (&f);
  ck_assert (_wb_bs_close_only (f.data, "CC"));
  ck_assert (!_wb_bs_close_only (f.data, "Mx"));
  ck_assert_int_eq (_wb_bs_range (f.data, "Mx", 2, TRUE, FALSE), -1);
  ck_assert_int_eq (_wb_bs_range (f.data, "RM", 2, FALSE, FALSE), -1);
  art = pick (&f, USA, BS_ROLE_ARTILLERY, -1, NULL, 0);
  enemy = pick (&f, CSA, BS_ROLE_INFANTRY, -1, NULL, 0);
  f.data->counter[art].weapon = g_intern_string ("Mx");
  place (&f, art, "3005");
  place (&f, enemy, "3007");
  ck_assert (!_wb_bs_can_fire (f.data, f.m, art, hx (&f, "3007"), FALSE, &range, &l, &why));
  ck_assert_str_eq (why, "the rulebook does not give its Weapon Ranges (9.1c)");
  finish (&f);
}
END_TEST

/* Lines of sight allocate nothing and are quick: every pair of hexes of
 * a 7 × 9 patch, both ways, with units on it. */
START_TEST (test_los_many)
{
  Fixture f;
  guint n = 0, blocked = 0;

  begin_options (&f, NULL);
  prepare (&f);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *h = g_strdup_printf ("%02d%02d", 28 + i, 4 + i);

      place (&f, i * 7, h);
    }
  for (int c0 = 27; c0 <= 33; c0++)
    for (int r0 = 3; r0 <= 11; r0++)
      for (int c1 = 27; c1 <= 33; c1++)
        for (int r1 = 3; r1 <= 11; r1++)
          {
            WbOffset a = { c0 - 10, r0 }, b = { c1 - 10, r1 };
            BsLos l, back;

            _wb_bs_los (f.data, f.m, a, b, USA, &l);
            _wb_bs_los (f.data, f.m, b, a, USA, &back);
            n++;
            blocked += l.kind == BS_LOS_BLOCKED;
            if (wb_hex_distance (f.data->layout, a, b) <= 1)
              ck_assert_int_eq (l.kind, BS_LOS_CLEAR);
          }
  ck_assert_uint_eq (n, 63 * 63);
  ck_assert_uint_gt (blocked, 0);
  finish (&f);
}
END_TEST

static Suite *
bs_los_suite (void)
{
  Suite *s = suite_create ("bs-los");
  TCase *tc = tcase_create ("los");

  tcase_add_test (tc, test_levels);
  tcase_add_test (tc, test_same_level);
  tcase_add_test (tc, test_elevations);
  tcase_add_test (tc, test_levee);
  tcase_add_test (tc, test_ranges);
  tcase_add_test (tc, test_can_fire);
  tcase_add_test (tc, test_support);
  tcase_add_test (tc, test_fire_shifts);
  tcase_add_test (tc, test_artillery_shifts);
  tcase_add_test (tc, test_close_example);
  tcase_add_test (tc, test_close_shifts);
  tcase_add_test (tc, test_bad_ranges);
  tcase_add_test (tc, test_rulebook_ranges);
  tcase_add_test (tc, test_los_many);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_los_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
