/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col-battles"
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/columbia/wb-col-private.h"
#include "rules/wb-play.h"

/* The Columbia block family's Battle Phase (Shenandoah 6.0–6.8) played
 * through its actions with typed dice: the rulebook's Battle Turn
 * (Winchester), Battle Reinforcements (Front Royal) and Battle Hits
 * sidebars, retreats and regroups, the choice of battle, declared roads,
 * and whole automatic games with battles. The blocks are put in place as
 * movement leaves them (in the town, flagged as attackers, with the road
 * they came by), then Player 2 ends the Movement Phase. */

typedef struct {
  WbGame        *game;
  const WbRulesFamily *family;
  ColData       *data;
  WbMatch       *m;
  GHashTable    *settings;
  GPtrArray     *events;
} Fix;

static void
fix_setup (Fix *f)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = wb_game_load (file, NULL, &error);
  ck_assert_msg (f->game != NULL, "%s", error ? error->message : "");
  f->m = wb_match_new (f->game, "campaign", NULL, 7, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_col_family ();
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  f->family->start (f->data, f->m);
  f->settings = g_hash_table_new (g_str_hash, g_str_equal);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
  /* Everyone off the map: each test places its blocks. */
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      u->where.kind = WB_WHERE_WAITING;
      u->where.place = NULL;
    }
}

static void
fix_teardown (Fix *f)
{
  f->family->release (f->data);
  wb_match_free (f->m);
  g_object_unref (f->game);
  g_hash_table_unref (f->settings);
  g_ptr_array_unref (f->events);
}

static WbApplyResult
apply (Fix *f, const char *json, GError **error)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };
  WbMatch *copy = wb_match_copy (f->m);
  WbApplyResult r;

  ctx.physical_dice = TRUE;
  ctx.hidden_units = TRUE;
  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  r = f->family->apply (f->data, copy, json_node_get_object (json_parser_get_root (p)), &ctx, error);
  if (r == WB_APPLY_DONE)
    {
      wb_match_free (f->m);
      f->m = copy;
    }
  else
    wb_match_free (copy);
  return r;
}

static void
ok (Fix *f, const char *json)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (apply (f, json, &error) == WB_APPLY_DONE, "%s: %s", json, error ? error->message : "");
}

static void
refused (Fix *f, const char *json, const char *what)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (apply (f, json, &error) == WB_APPLY_REFUSED, "played: %s", json);
  ck_assert_msg (strstr (error->message, what) != NULL, "%s: no “%s” in: %s", json, what, error->message);
}

static gboolean
logged (Fix *f, const char *text)
{
  for (guint i = 0; i < f->events->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (f->events, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

static WbUnitState *
unit (Fix *f, const char *id)
{
  WbUnitState *u = wb_match_find_unit (f->m, id);

  ck_assert_msg (u != NULL, "no unit %s", id);
  return u;
}

static const char *
where (Fix *f, const char *id)
{
  WbUnitState *u = unit (f, id);

  return u->where.kind == WB_WHERE_LOCATION ? u->where.place
         : u->where.kind == WB_WHERE_ELIMINATED ? "(eliminated)" : "(off map)";
}

static void
place (Fix *f, const char *id, const char *loc, int strength)
{
  WbUnitState *u = unit (f, id);

  ck_assert (_wb_col_loc_id (f->data, loc) >= 0);
  u->where.kind = WB_WHERE_LOCATION;
  u->where.place = g_intern_string (loc);
  u->halves = strength * 2;
}

/* @id moved from @from into @to, an enemy or contested town (6.0, 6.5). */
static void
attack (Fix *f, const char *id, const char *from, const char *to, int strength)
{
  WbUnitState *u = unit (f, id);
  ColState *st = col_state (f->m);
  int a = _wb_col_loc_id (f->data, from), b = _wb_col_loc_id (f->data, to);
  const ColEdge *e = _wb_col_edge (f->data, a, b);
  guint k;

  ck_assert (e != NULL);
  place (f, id, to, strength);
  u->flags |= COL_ATTACKER | WB_UNIT_MOVED;
  u->data[COL_DATA_FROM] = a + 1;
  u->data[COL_DATA_CONN] = e->conn + 1;
  for (k = 0; k < st->n_battles && st->battles[k].loc != b + 1; k++)
    ;
  if (k == st->n_battles)
    {
      st->battles[k] = (ColBattle) { .loc = (gint16) (b + 1), .attacker = (guint8) u->side,
                                     .by_player = u->side == f->m->first_side ? 1 : 2,
                                     .main_conn = (gint16) (e->conn + 1) };
      st->n_battles++;
    }
  else
    u->flags |= COL_REINFORCE;
}

/* Player 2 ends the Movement Phase: the Battle Phase begins. */
static void
to_battles (Fix *f, const char *player1)
{
  f->m->first_side = unit (f, player1)->side;
  f->m->step = COL_MOVE_2;
  f->m->active = 1 - f->m->first_side;
  /* Player 2 first pins as many of its blocks as attack it (5.4): its
   * first blocks in the town, which fight all the same. */
  for (int n = 0, loc; (loc = _wb_col_pin_due (f->data, f->m, &n)) >= 0;)
    {
      WbLocation *l = g_ptr_array_index (f->data->locs, loc);
      g_autoptr(GString) json = g_string_new (NULL);
      int k = 0;

      g_string_printf (json, "{\"type\": \"pin\", \"location\": \"%s\", \"units\": [", l->id);
      for (guint i = 0; i < f->m->units->len && k < n; i++)
        {
          WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

          if (u->side == f->m->active && u->where.kind == WB_WHERE_LOCATION &&
              g_strcmp0 (u->where.place, l->id) == 0)
            g_string_append_printf (json, "%s\"%s\"", k++ ? ", " : "", u->id);
        }
      g_string_append (json, "]}");
      ok (f, json->str);
    }
  ok (f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f->m->step, COL_BATTLE);
}

static const char *
awaiting (Fix *f)
{
  return f->family->awaiting (f->data, f->m);
}

#define FIRE(f, id, rolls) ok (f, "{\"type\": \"fire\", \"unit\": \"" id "\", \"rolls\": " rolls "}")

/* The Battle Turn sidebar: USA defends Winchester with A2 artillery, B1
 * Banks, C1 and C2 infantry; the CSA attacks from Newtown with Jackson B3,
 * A2 artillery, B1 cavalry, C3 and C2 infantry. Every die misses. */
START_TEST (test_winchester_order)
{
  Fix f;

  fix_setup (&f);
  place (&f, "banks-artillery", "winchester", 3);
  place (&f, "banks", "winchester", 3);
  place (&f, "donnelly", "winchester", 3);
  place (&f, "gordon", "winchester", 4);
  attack (&f, "jackson", "newtown", "winchester", 3);
  attack (&f, "jackson-artillery", "newtown", "winchester", 4);
  attack (&f, "munford", "newtown", "winchester", 2);
  attack (&f, "winder", "newtown", "winchester", 4);
  attack (&f, "campbell", "newtown", "winchester", 3);
  to_battles (&f, "jackson");
  ck_assert_str_eq (awaiting (&f), "fire");
  ck_assert (logged (&f, "Battle of Winchester: CSA attacks with"));
  ck_assert (unit (&f, "banks")->flags & WB_UNIT_REVEALED);
  /* A before B before C, the defender first on equal letters (6.4). */
  ck_assert_int_eq (f.m->active, unit (&f, "banks")->side);
  refused (&f, "{\"type\": \"fire\", \"unit\": \"jackson-artillery\", \"rolls\": [6, 6, 6, 6]}", "6.4");
  refused (&f, "{\"type\": \"fire\", \"unit\": \"banks\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "banks-artillery", "[6, 6, 6]");
  /* (1) the attacking artillery is A1 in its first round. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"jackson\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "jackson-artillery", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "fires A1, 4 dice"));
  FIRE (&f, "banks", "[6, 6, 6]");
  /* (2) the two CSA B blocks in either order: the cavalry first here. */
  ck_assert_int_eq (f.m->active, unit (&f, "jackson")->side);
  FIRE (&f, "munford", "[6, 6]");
  FIRE (&f, "jackson", "[6, 6, 6]");
  refused (&f, "{\"type\": \"fire\", \"unit\": \"winder\", \"rolls\": [6, 6, 6, 6]}", "6.4");
  FIRE (&f, "gordon", "[6, 6, 6, 6]");
  FIRE (&f, "donnelly", "[6, 6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  /* A missing die refuses the turn and leaves the battle as it was. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"winder\", \"rolls\": [6, 6]}", "");
  FIRE (&f, "winder", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "Battle of Winchester, round 2"));
  /* Round 2: the CSA artillery fires A2. */
  FIRE (&f, "banks-artillery", "[6, 6, 6]");
  FIRE (&f, "jackson-artillery", "[6, 6, 6, 6]");
  ck_assert (logged (&f, "fires A2, 4 dice"));
  fix_teardown (&f);
}
END_TEST

/* The Battle Reinforcements sidebar: the CSA attacks Front Royal from
 * Strasburg with 3A2 artillery, 3B2 cavalry, 3C2 and 2C2 infantry; the USA
 * 2C1 defends, reinforced from Newtown over the bridge by 3C2 infantry and
 * 3A2 artillery, which arrive in round 2. The CSA eliminate the C1 in round
 * 1 and defend Front Royal from then on (6.51). */
START_TEST (test_front_royal)
{
  Fix f;

  fix_setup (&f);
  place (&f, "kenly", "front-royal", 2);
  attack (&f, "ewell-artillery", "strasburg", "front-royal", 3);
  attack (&f, "ashby", "strasburg", "front-royal", 3);
  attack (&f, "campbell", "strasburg", "front-royal", 3);
  attack (&f, "steuart", "strasburg", "front-royal", 2);
  f.m->first_side = unit (&f, "ashby")->side;
  attack (&f, "gordon", "newtown", "front-royal", 3);
  attack (&f, "banks-artillery", "newtown", "front-royal", 3);
  to_battles (&f, "ashby");
  ck_assert (logged (&f, "Gordon's brigade C2 (3), round 2"));
  /* Round 1: the reinforcements neither fire nor take hits. */
  refused (&f, "{\"type\": \"fire\", \"unit\": \"banks-artillery\", \"rolls\": [6, 6, 6]}", "6.4");
  FIRE (&f, "ewell-artillery", "[1, 6, 6]");       /* A1 offense: one hit */
  ck_assert_int_eq (unit (&f, "kenly")->halves, 2);
  FIRE (&f, "ashby", "[6, 6, 6]");                 /* misses */
  FIRE (&f, "kenly", "[6]");                       /* misses */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"campbell\", \"to\": {\"location\": \"strasburg\"}}",
           "(Campbell) cannot retreat along the road to Strasburg in round 1: only cavalry");
  FIRE (&f, "campbell", "[1, 6, 6]");              /* eliminates the C1 */
  ck_assert_str_eq (where (&f, "kenly"), "(eliminated)");
  ck_assert (logged (&f, "defends it from now on (6.51)"));
  ck_assert (logged (&f, "Banks' artillery (Best) arrives from Newtown (6.5)"));
  /* Round 2: the CSA artillery defends as A2; the USA artillery, reinforcing
   * over a river, is A0 and rolls nothing. */
  FIRE (&f, "ewell-artillery", "[2, 6, 6]");
  ck_assert (logged (&f, "fires A2, 3 dice: 1 hit"));
  /* The hit falls on Gordon or the artillery, both at 3: the USA pick. */
  ck_assert_str_eq (awaiting (&f), "hit");
  ck_assert_int_eq (f.m->active, unit (&f, "gordon")->side);
  refused (&f, "{\"type\": \"hit\", \"unit\": \"ashby\"}", "6.6");
  ok (&f, "{\"type\": \"hit\", \"unit\": \"gordon\"}");
  ck_assert_int_eq (unit (&f, "gordon")->halves, 4);
  ok (&f, "{\"type\": \"fire\", \"unit\": \"banks-artillery\"}");
  ck_assert (logged (&f, "cannot fire (A0)"));
  /* The USA artillery fired: it cannot retreat this round. */
  FIRE (&f, "ashby", "[1, 6, 6]");   /* one hit: on the artillery, the strongest (3 vs 2) */
  ck_assert_int_eq (unit (&f, "banks-artillery")->halves, 4);
  FIRE (&f, "steuart", "[6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  /* Attackers now, the USA retreat only by the road they came by (6.72). */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"gordon\", \"to\": {\"location\": \"strasburg\"}}", "6.7");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"gordon\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert_str_eq (where (&f, "gordon"), "newtown");
  ck_assert (!(unit (&f, "gordon")->flags & COL_ATTACKER));
  fix_teardown (&f);
}
END_TEST

/* The Battle Hits sidebar: a USA 3-step block rolls two hits against a
 * CSA 2-step and a 3-step block: the first goes to the 3-step one, the CSA
 * player places the second on either. */
START_TEST (test_battle_hits)
{
  Fix f;
  int vp;

  fix_setup (&f);
  place (&f, "tyler", "luray", 3);
  attack (&f, "elzey", "front-royal", "luray", 2);
  attack (&f, "trimble", "front-royal", "luray", 3);
  to_battles (&f, "elzey");
  /* C on both sides: the defender first. */
  FIRE (&f, "tyler", "[1, 2, 6]");
  ck_assert_int_eq (unit (&f, "trimble")->halves, 6);   /* not placed yet: the CSA choose */
  ck_assert_str_eq (awaiting (&f), "hit");
  ck_assert_int_eq (f.m->active, unit (&f, "elzey")->side);
  refused (&f, "{\"type\": \"hit\", \"unit\": \"tyler\"}", "6.6");
  ok (&f, "{\"type\": \"hit\", \"unit\": \"elzey\"}");
  ck_assert_int_eq (unit (&f, "trimble")->halves, 4);
  ck_assert_int_eq (unit (&f, "elzey")->halves, 2);
  ck_assert (logged (&f, "The hits of Tyler's brigade fall on Trimble's brigade, Elzey's brigade"));
  /* Elzey fires and kills nothing; Trimble's hits take the Union block to its
   * last step, then the next round ends it: 1 VP (8.0). */
  FIRE (&f, "elzey", "[6]");
  FIRE (&f, "trimble", "[1, 2]");
  ck_assert_int_eq (unit (&f, "tyler")->halves, 2);
  vp = f.m->vp[unit (&f, "elzey")->side];
  FIRE (&f, "tyler", "[6]");
  FIRE (&f, "elzey", "[6]");
  FIRE (&f, "trimble", "[1, 6]");
  ck_assert_str_eq (where (&f, "tyler"), "(eliminated)");
  ck_assert_int_eq (f.m->vp[unit (&f, "elzey")->side], vp + 1);
  ck_assert (logged (&f, "CSA wins the battle of Luray"));
  ck_assert_str_eq (awaiting (&f), "regroup");
  fix_teardown (&f);
}
END_TEST

/* Retreats and regroups (6.7–6.74, 6.8): Player 1 picks between two
 * battles; the defender retreats in round 2 but not along the attacker's
 * road, and not into the other battle's town; the victor regroups to a
 * vacant town within the road's attack limit, not to an enemy town. */
START_TEST (test_retreat_regroup)
{
  Fix f;

  fix_setup (&f);
  /* Strasburg: two USA blocks, attacked from Woodstock by the CSA. */
  place (&f, "donnelly", "strasburg", 3);
  place (&f, "hatch", "strasburg", 3);
  attack (&f, "winder", "woodstock", "strasburg", 4);
  attack (&f, "campbell", "woodstock", "strasburg", 3);
  attack (&f, "taliaferro", "woodstock", "strasburg", 3);
  /* Front Royal: a second battle. */
  place (&f, "kenly", "front-royal", 2);
  attack (&f, "steuart", "luray", "front-royal", 2);
  place (&f, "ashby", "wardensville", 3);   /* Wardensville is enemy-occupied for the USA */
  to_battles (&f, "winder");
  ck_assert_str_eq (awaiting (&f), "battle");
  ck_assert_int_eq (f.m->active, unit (&f, "winder")->side);
  refused (&f, "{\"type\": \"fire\", \"unit\": \"donnelly\", \"rolls\": [6, 6, 6]}", "6.1");
  refused (&f, "{\"type\": \"end_step\"}", "6.1");
  refused (&f, "{\"type\": \"battle\", \"location\": {\"location\": \"winchester\"}}", "6.1");
  ok (&f, "{\"type\": \"battle\", \"location\": {\"location\": \"strasburg\"}}");
  ck_assert (logged (&f, "picks the battle of Strasburg"));
  /* Round 1: the USA cavalry may retreat, the infantry may not. */
  ck_assert_int_eq (f.m->active, unit (&f, "donnelly")->side);
  FIRE (&f, "hatch", "[6, 6, 6]");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"donnelly\", \"to\": {\"location\": \"newtown\"}}", "round 1");
  FIRE (&f, "donnelly", "[6, 6, 6]");
  FIRE (&f, "winder", "[6, 6, 6, 6]");
  FIRE (&f, "campbell", "[6, 6, 6]");
  FIRE (&f, "taliaferro", "[6, 6, 6]");
  /* Round 2: not along the attacker's road (6.74), not into Front Royal,
   * contested (6.71), nor Wardensville, enemy-occupied. */
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"woodstock\"}}", "6.74");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"front-royal\"}}", "6.71");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"wardensville\"}}", "6.71");
  refused (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"staunton\"}}", "6.7");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"hatch\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert_str_eq (where (&f, "hatch"), "newtown");
  ok (&f, "{\"type\": \"retreat\", \"unit\": \"donnelly\", \"to\": {\"location\": \"newtown\"}}");
  ck_assert (logged (&f, "CSA wins the battle of Strasburg"));
  /* 6.8: regroups to friendly or vacant towns, within the attack limit. */
  ck_assert_str_eq (awaiting (&f), "regroup");
  refused (&f, "{\"type\": \"regroup\", \"unit\": \"winder\", \"to\": {\"location\": \"newtown\"}}", "6.8");
  refused (&f, "{\"type\": \"regroup\", \"unit\": \"steuart\", \"to\": {\"location\": \"woodstock\"}}", "6.8");
  ok (&f, "{\"type\": \"regroup\", \"unit\": \"winder\", \"to\": {\"location\": \"woodstock\"}}");
  ck_assert_str_eq (where (&f, "winder"), "woodstock");
  ok (&f, "{\"type\": \"end_step\"}");
  /* The last battle starts by itself. */
  ck_assert_str_eq (awaiting (&f), "fire");
  ck_assert (logged (&f, "Battle of Front Royal: CSA attacks"));
  ck_assert (!(unit (&f, "winder")->flags & WB_UNIT_REVEALED));
  fix_teardown (&f);
}
END_TEST

/* Whole automatic games fight battles and end (the suggestions are legal). */
START_TEST (test_auto_games)
{
  int battles = 0;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      Fix f;
      WbRng rng;
      int n = 0;

      fix_setup (&f);
      wb_match_free (f.m);
      f.family->release (f.data);
      f.m = wb_match_new (f.game, "campaign", NULL, seed, NULL);
      f.data = f.family->prepare (f.game, f.m, NULL);
      f.family->start (f.data, f.m);
      wb_rng_seed (&rng, seed, 3);
      while (!f.m->over && n++ < 20000)
        {
          g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
          g_autoptr(JsonGenerator) gen = json_generator_new ();
          g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), a);
          g_autofree char *text = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonParser) p = json_parser_new ();
          WbRuleContext ctx = { f.settings, f.events, f.family->checks, f.family->n_checks };
          WbMatch *copy = wb_match_copy (f.m);

          ck_assert (a != NULL);
          json_generator_set_root (gen, node);
          text = json_generator_to_data (gen, NULL);
          ctx.hidden_units = TRUE;
          ck_assert_msg (f.family->apply (f.data, copy, a, &ctx, &error) == WB_APPLY_DONE, "seed %" G_GUINT64_FORMAT
                         ": %s refused: %s", seed, text, error ? error->message : "");
          wb_match_free (f.m);
          f.m = copy;
        }
      ck_assert_msg (f.m->over, "seed %" G_GUINT64_FORMAT ": the game did not end", seed);
      for (guint i = 0; i < f.events->len; i++)
        battles += strstr (((WbLogEvent *) g_ptr_array_index (f.events, i))->text, "wins the battle of") != NULL;
      fix_teardown (&f);
    }
  ck_assert_int_gt (battles, 12);
}
END_TEST

static Suite *
col_battles_suite (void)
{
  Suite *s = suite_create ("col-battles");
  TCase *tc = tcase_create ("battles");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_winchester_order);
  tcase_add_test (tc, test_front_royal);
  tcase_add_test (tc, test_battle_hits);
  tcase_add_test (tc, test_retreat_regroup);
  tcase_add_test (tc, test_auto_games);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (col_battles_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
