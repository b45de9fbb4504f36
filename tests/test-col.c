/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-col"
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "col-fixture.h"

/* The columbia-block family's campaign rules on the bundled Shenandoah
 * (campaign scenario), section by section of the rulebook: initiative
 * (2.1), command (5.1–5.13), road limits (5.21, 6.2 and the Port Republic
 * sidebar), movement rates (5.3), pinning (5.4), the rail move (5.6),
 * Shields off the map (5.7, 8.1), the static garrison (4.4), stacking
 * (3.3), supply and detachments (7.1–7.4) and victory (8.0). Each check is
 * also played at warn and off (tests/col-fixture.h). */

static int
strength (Fixture *f, const char *id)
{
  return _wb_col_strength (unit (f, id));
}

static void
set_strength (Fixture *f, const char *id, int s)
{
  unit (f, id)->halves = s * 2;
}

/* Everyone off the map (waiting) but @keep (NULL-terminated). */
static void
clear_map (Fixture *f, ...)
{
  va_list args;
  g_autoptr(GPtrArray) keep = g_ptr_array_new ();
  const char *id;

  va_start (args, f);
  while ((id = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (keep, (gpointer) g_intern_string (id));
  va_end (args);
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);
      if (u->where.kind == WB_WHERE_LOCATION && !g_ptr_array_find (keep, u->id, NULL))
        {
          u->where.kind = WB_WHERE_WAITING;
          u->where.place = NULL;
        }
    }
}

static void
level (Fixture *f, const char *rule, const char *value)
{
  g_hash_table_insert (f->settings, (gpointer) rule, (gpointer) value);
}

static gboolean
has_candidate (WbStep *step, guint list, const char *value)
{
  return list < step->lists->len &&
         wb_pick_list_find (g_ptr_array_index (step->lists, list), value) != NULL;
}

static const char *
move_json (const char *id, const char *to)
{
  static char buf[256];

  g_snprintf (buf, sizeof buf, "{\"type\": \"move\", \"unit\": \"%s\", \"to\": {\"location\": \"%s\"}}", id, to);
  return buf;
}

static const char *
move_via_json (const char *id, const char *via, const char *to)
{
  static char buf[320];

  g_snprintf (buf, sizeof buf, "{\"type\": \"move\", \"unit\": \"%s\", \"via\": {\"location\": \"%s\"}, "
              "\"to\": {\"location\": \"%s\"}}", id, via, to);
  return buf;
}

static void
activate (Fixture *f, const char *id)
{
  g_autofree char *j = g_strdup_printf ("{\"type\": \"activate\", \"unit\": \"%s\"}", id);
  ok (f, j);
}

/* The match at @side's Movement Phase as Player @player. */
static void
movement (Fixture *f, guint side, int player)
{
  f->m->first_side = player == 1 ? side : 1 - side;
  f->m->step = player == 1 ? COL_MOVE_1 : COL_MOVE_2;
  f->m->active = side;
  _wb_col_start_movement (f->data, f->m);
}

/* The match at @side's Supply Phase as Player 1, with its Supply Points. */
static void
supply (Fixture *f, guint side)
{
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  f->m->first_side = side;
  f->m->step = COL_SUPPLY_1;
  f->m->active = side;
  _wb_col_begin_supply (f->data, f->m, &ctx);
}

/* 2.1: no roll on turn 1 (CSA Player 1); from turn 2 each side rolls 2d6,
 * the higher is Player 1, the CSA on a tie; typed rolls with physical dice. */
START_TEST (test_initiative)
{
  Fixture f;

  setup (&f);
  ck_assert_int_eq (f.m->turn, 1);
  ck_assert_int_eq (f.m->step, COL_MOVE_1);
  ck_assert_uint_eq (f.m->active, CSA);
  ck_assert_uint_eq (f.m->first_side, CSA);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "move");
  refused (&f, "{\"type\": \"initiative\"}", "(rule col.sequence, 2.0)");
  f.physical = TRUE;
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, COL_MOVE_2);
  ck_assert_uint_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"end_step\"}");
  /* The Battle Phase (nothing to fight) runs through to Supply, Player 1. */
  ck_assert_int_eq (f.m->step, COL_SUPPLY_1);
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_uint_eq (f.m->active, USA);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->turn, 2);
  ck_assert_int_eq (f.m->step, COL_INITIATIVE);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "roll");
  refused (&f, "{\"type\": \"end_step\"}", "Roll for the initiative first");
  refused (&f, "{\"type\": \"initiative\", \"rolls\": [6, 6, 1]}", "give die 4 of 6 faces");
  ck_assert_int_eq (f.needed_sides, 6);
  /* USA (side 0: the first two dice) 9, CSA 8: USA is Player 1. */
  ok (&f, "{\"type\": \"initiative\", \"rolls\": [4, 5, 6, 2]}");
  ck_assert_uint_eq (f.m->first_side, USA);
  ck_assert_int_eq (f.m->step, COL_MOVE_1);
  ck_assert_uint_eq (f.m->active, USA);
  ck_assert (logged (&f, "USA 9, CSA 8: USA is Player 1"));
  /* The turn bar's tracks: each side's roll, no Supply Points outside the
   * Supply Phase. */
  {
    g_autoptr(GPtrArray) tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_track_free);

    f.family->tracks (f.data, f.m, tracks);
    ck_assert_uint_eq (tracks->len, 2);
    ck_assert_int_eq (((WbTrack *) g_ptr_array_index (tracks, USA))->side, USA);
    ck_assert_str_eq (((WbTrack *) g_ptr_array_index (tracks, USA))->value, "9");
    ck_assert_str_eq (((WbTrack *) g_ptr_array_index (tracks, CSA))->value, "8");
    ck_assert_str_eq (((WbTrack *) g_ptr_array_index (tracks, CSA))->label, "Initiative");
  }
  teardown (&f);

  /* A tie goes to the CSA. */
  setup (&f);
  f.physical = TRUE;
  f.m->turn = 2;
  f.m->step = COL_INITIATIVE;
  ok (&f, "{\"type\": \"initiative\", \"rolls\": [3, 4, 5, 2]}");
  ck_assert_uint_eq (f.m->first_side, CSA);
  ck_assert_uint_eq (f.m->active, CSA);
  teardown (&f);
}
END_TEST

/* 5.1: only HQs activate, once; the step is lost after movement; an HQ at
 * 0 and a pinned HQ cannot; a non-active HQ only straggles. */
START_TEST (test_activation)
{
  Fixture f;

  setup (&f);
  refused (&f, "{\"type\": \"activate\", \"unit\": \"winder\"}", "is not an HQ");
  refused (&f, "{\"type\": \"activate\", \"unit\": \"banks\"}", "not a block of the moving player");
  activate (&f, "jackson");
  ck_assert (unit (&f, "jackson")->flags & WB_UNIT_REVEALED);
  refused (&f, "{\"type\": \"activate\", \"unit\": \"jackson\"}", "already active");
  /* The active HQ commands, then moves itself; it loses its step after. */
  ok (&f, move_via_json ("winder", "mt-sidney", "harrisonburg"));
  ok (&f, move_json ("jackson", "mt-sidney"));
  ck_assert_int_eq (strength (&f, "jackson"), 3);
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (strength (&f, "jackson"), 2);
  ck_assert (logged (&f, "commanded and is now at strength 2 (5.1)"));
  teardown (&f);

  setup (&f);
  set_strength (&f, "ewell", 0);
  refused (&f, "{\"type\": \"activate\", \"unit\": \"ewell\"}", "zero strength");
  /* An HQ at 0 may still straggle one town (5.1, 5.13). */
  ok (&f, move_json ("ewell", "charlottesville"));
  ck_assert (unit (&f, "ewell")->flags & COL_STRAGGLER);
  unit (&f, "johnson")->flags |= COL_PINNED;
  refused (&f, "{\"type\": \"activate\", \"unit\": \"johnson\"}", "pinned");
  refused (&f, move_json ("johnson", "staunton"), "pinned");
  /* warn: played, the log says so; off: played silently. */
  level (&f, "col.activate", "warn");
  ok (&f, "{\"type\": \"activate\", \"unit\": \"johnson\"}");
  ck_assert (logged (&f, "pinned"));
  level (&f, "col.activate", "off");
  set_strength (&f, "jackson", 0);
  g_ptr_array_set_size (f.events, 0);
  activate (&f, "jackson");
  ck_assert (!logged (&f, "zero strength"));
  teardown (&f);
}
END_TEST

/* 5.11, 5.12 and the Jackson's Command sidebar: Jackson at Staunton
 * commands any CSA block there and in its five neighbours; Ewell's
 * division at Standardsville needs its own activation; the Command
 * Seniority sidebar: with Jackson fallen, Ewell commands any CSA block. */
START_TEST (test_command)
{
  Fixture f;
  static const char * const neighbours[] = { "buffalo-gap", "churchville", "mt-sidney", "heritage", "waynesboro" };

  setup (&f);
  ck_assert_uint_eq (f.data->adj[_wb_col_loc_id (f.data, "staunton")]->len, 7);  /* 5 roads, 2 rail lines */
  activate (&f, "jackson");
  for (guint k = 0; k < G_N_ELEMENTS (neighbours); k++)
    {
      put (&f, "conner", neighbours[k]);
      ck_assert_msg (_wb_col_commanded (f.data, f.m, unit (&f, "conner")), "%s", neighbours[k]);
    }
  put (&f, "conner", "churchville");
  /* Johnson's brigade, commanded by Jackson: two towns through Staunton. */
  ok (&f, move_via_json ("conner", "staunton", "mt-sidney"));
  ck_assert (!(unit (&f, "conner")->flags & COL_STRAGGLER));
  /* Harrisonburg is two towns from Staunton: Ashby straggles. */
  ck_assert (!_wb_col_commanded (f.data, f.m, unit (&f, "ashby")));
  /* Ewell's division is outside Jackson's range. */
  refused (&f, move_via_json ("elzey", "charlottesville", "waynesboro"), "has no command");
  ok (&f, move_json ("elzey", "charlottesville"));
  ck_assert (unit (&f, "elzey")->flags & COL_STRAGGLER);
  activate (&f, "ewell");
  /* Ewell commands his own division only (5.12), Jackson being there. */
  ck_assert (_wb_col_commanded (f.data, f.m, unit (&f, "trimble")));
  put (&f, "scott", "charlottesville");
  ck_assert (!_wb_col_commanded (f.data, f.m, unit (&f, "scott")));
  /* Command Seniority: Jackson falls, Ewell commands any CSA block. */
  put (&f, "jackson", NULL);
  ck_assert (_wb_col_commanded (f.data, f.m, unit (&f, "scott")));
  ok (&f, move_via_json ("scott", "waynesboro", "staunton"));
  teardown (&f);

  /* The USA has no central commander: Banks commands his division only. */
  setup (&f);
  movement (&f, USA, 2);
  activate (&f, "banks");
  ck_assert (_wb_col_commanded (f.data, f.m, unit (&f, "gordon")));
  put (&f, "kimball", "strasburg");
  ck_assert (!_wb_col_commanded (f.data, f.m, unit (&f, "kimball")));
  teardown (&f);

  /* Jackson and Ewell fallen: Johnson. */
  setup (&f);
  put (&f, "jackson", NULL);
  put (&f, "ewell", NULL);
  activate (&f, "johnson");
  put (&f, "winder", "staunton");
  ck_assert (_wb_col_commanded (f.data, f.m, unit (&f, "winder")));
  /* At warn, a block with no command moves two towns, logged. */
  level (&f, "col.command", "warn");
  ok (&f, move_via_json ("taylor", "waynesboro", "staunton"));
  ck_assert (logged (&f, "has no command"));
  level (&f, "col.command", "off");
  ok (&f, move_via_json ("steuart", "browns-cove", "port-republic"));
  teardown (&f);
}
END_TEST

/* 5.13: one town without command, a die for each after all friendly
 * movement: 1–3 loses a step (elimination possible), 4–6 none. With
 * physical dice a missing roll is asked for, never read as a 6. */
START_TEST (test_stragglers)
{
  Fixture f;
  g_autoptr(GError) error = NULL;

  setup (&f);
  f.physical = TRUE;
  ok (&f, move_json ("taylor", "browns-cove"));
  ok (&f, move_json ("steuart", "waynesboro"));
  refused (&f, move_via_json ("munford", "port-republic", "waynesboro"), "may only straggle 1 town");
  ck_assert_int_eq (apply (&f, "{\"type\": \"end_step\"}", &error), WB_APPLY_REFUSED);
  ck_assert (g_error_matches (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL));
  ck_assert_int_eq (f.needed_sides, 6);
  ck_assert_int_eq (f.m->step, COL_MOVE_1);
  g_clear_error (&error);
  refused (&f, "{\"type\": \"end_step\", \"rolls\": [3]}", "give die 2 of 6 faces");
  refused (&f, "{\"type\": \"end_step\", \"rolls\": [3, 7]}", "shows 1 to 6");
  /* Taylor comes first in the roster: 3 loses a step, Steuart's 4 none. */
  ok (&f, "{\"type\": \"end_step\", \"rolls\": [3, 4]}");
  ck_assert_int_eq (strength (&f, "taylor"), 3);
  ck_assert_int_eq (strength (&f, "steuart"), 2);
  ck_assert (logged (&f, "straggles: rolls 3, loses a step"));
  ck_assert (logged (&f, "straggles: rolls 4, no loss"));
  teardown (&f);

  /* A straggler at its last step is eliminated: 1 VP to the enemy (8.0). */
  setup (&f);
  f.physical = TRUE;
  set_strength (&f, "steuart", 1);
  ok (&f, move_json ("steuart", "waynesboro"));
  ok (&f, "{\"type\": \"end_step\", \"rolls\": [1]}");
  ck_assert_str_eq (where (&f, "steuart"), "(eliminated)");
  ck_assert_int_eq (f.m->vp[USA], 1);
  /* A straggling HQ at 0 (5.1) is eliminated on a loss: 2 VP. */
  movement (&f, CSA, 1);
  set_strength (&f, "ewell", 0);
  ok (&f, move_json ("ewell", "charlottesville"));
  ok (&f, "{\"type\": \"end_step\", \"rolls\": [2]}");
  ck_assert_str_eq (where (&f, "ewell"), "(eliminated)");
  ck_assert_int_eq (f.m->vp[USA], 3);
  teardown (&f);
}
END_TEST

/* 5.21, 6.2, 3.7, the Road Junctions sidebar: limits per road section per
 * player turn, attack limits half, gaps 4/2, both players get the maximum;
 * Port Republic: four attack from Conrad's Store, two from Brown's Cove. */
START_TEST (test_road_limits)
{
  Fixture f;
  static const char * const csa[] = { "winder", "campbell", "taliaferro", "conner", "scott", "elzey", "trimble" };

  setup (&f);
  clear_map (&f, "shields-cavalry", NULL);
  put (&f, "shields-cavalry", "port-republic");
  for (guint k = 0; k < 5; k++)
    put (&f, csa[k], "conrads-store");
  for (guint k = 5; k < 7; k++)
    put (&f, csa[k], "browns-cove");
  put (&f, "munford", "browns-cove");
  level (&f, "col.command", "off");
  for (guint k = 0; k < 4; k++)
    ok (&f, move_json (csa[k], "port-republic"));
  refused (&f, move_json (csa[4], "port-republic"), "has carried its 4 attacking blocks");
  ok (&f, move_json (csa[5], "port-republic"));
  ok (&f, move_json (csa[6], "port-republic"));
  /* The trail over a gap: attack 2. */
  refused (&f, move_json ("munford", "port-republic"), "has carried its 2 attacking blocks");
  ck_assert_uint_eq (col_state (f.m)->n_battles, 1);
  ck_assert (unit (&f, "winder")->flags & COL_ATTACKER);
  /* warn: a fifth attacker from Conrad's Store plays, logged. */
  level (&f, "col.road-limits", "warn");
  ok (&f, move_json (csa[4], "port-republic"));
  ck_assert (logged (&f, "[col.road-limits]"));
  teardown (&f);

  /* Moving: a trail carries 4 a player turn, counted on each section of a
   * two-town move; the next player gets the full 4 again. */
  setup (&f);
  clear_map (&f, NULL);
  level (&f, "col.command", "off");
  for (guint k = 0; k < 5; k++)
    put (&f, csa[k], "standardsville");
  for (guint k = 0; k < 4; k++)
    ok (&f, move_json (csa[k], "conrads-store"));
  refused (&f, move_json (csa[4], "conrads-store"), "has carried its 4 blocks");
  level (&f, "col.road-limits", "off");
  ok (&f, move_json (csa[4], "conrads-store"));
  level (&f, "col.road-limits", "enforce");
  ck_assert_int_eq (col_state (f.m)->moved[_wb_col_edge (f.data, _wb_col_loc_id (f.data, "standardsville"),
                                                          _wb_col_loc_id (f.data, "conrads-store"))->conn], 5);
  /* The USA, Player 2, gets the trail's full 4 again. */
  movement (&f, USA, 2);
  clear_map (&f, NULL);
  {
    static const char * const usa[] = { "kimball", "ferry", "tyler", "carroll", "gordon" };

    for (guint k = 0; k < 5; k++)
      put (&f, usa[k], "standardsville");
    for (guint k = 0; k < 4; k++)
      ok (&f, move_json (usa[k], "conrads-store"));
    refused (&f, move_json (usa[4], "conrads-store"), "has carried its 4 blocks");
  }
  /* A two-town move counts on both sections: Charlottesville →
   * Standardsville (a road, 8) then the full trail. */
  put (&f, "gordon", "charlottesville");
  refused (&f, move_via_json ("gordon", "standardsville", "conrads-store"), "has carried its 4 blocks");
  ok (&f, move_json ("gordon", "standardsville"));
  teardown (&f);
}
END_TEST

/* The note the step puts on the road between @a and @b, or NULL. */
static const char *
road_note (WbStep *step, const char *a, const char *b)
{
  for (guint i = 0; i < step->notes->len; i++)
    {
      const WbStepNote *n = g_ptr_array_index (step->notes, i);

      if ((g_strcmp0 (n->from.place, a) == 0 && g_strcmp0 (n->to.place, b) == 0) ||
          (g_strcmp0 (n->from.place, b) == 0 && g_strcmp0 (n->to.place, a) == 0))
        return n->text;
    }
  return NULL;
}

/* 5.21, 6.2 on the map while moving: the roads out of the picked block's
 * town with what they carried of their limits, the attack limit where the
 * road leads into an enemy town; every road that carried blocks this player
 * turn; none for the next player until they move. */
START_TEST (test_road_notes)
{
  Fixture f;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  WbStep *step;

  setup (&f);
  level (&f, "col.command", "off");
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->notes->len, 0);
  wb_step_free (step);
  ok (&f, move_via_json ("winder", "mt-sidney", "harrisonburg"));
  put (&f, "kenly", "buffalo-gap");
  wb_picks_add (picks, 0, "campbell");
  step = step_of (&f, picks);
  ck_assert_str_eq (road_note (step, "staunton", "mt-sidney"), "1/12");
  ck_assert_str_eq (road_note (step, "mt-sidney", "harrisonburg"), "1/12");
  ck_assert_str_eq (road_note (step, "staunton", "buffalo-gap"), "0/8 · attack 0/4");
  ck_assert_str_eq (road_note (step, "staunton", "waynesboro"), "0/8");
  ck_assert_ptr_null (road_note (step, "harrisonburg", "new-market"));
  ck_assert_uint_eq (step->notes->len, 6);   /* Staunton's five roads, and Mt Sidney to Harrisonburg */
  wb_step_free (step);
  /* Nothing picked: only the roads that carried blocks. */
  wb_picks_clear (picks);
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->notes->len, 2);
  wb_step_free (step);
  movement (&f, USA, 2);
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->notes->len, 0);
  wb_step_free (step);
  teardown (&f);
}
END_TEST

/* 5.3: two towns moving, one attacking or reinforcing, never through an
 * enemy or contested town; 5.2 once a player turn; 3.1 along roads. */
START_TEST (test_move_rate)
{
  Fixture f;

  setup (&f);
  activate (&f, "jackson");
  /* Two towns without "via": the town between is found. */
  ok (&f, move_json ("winder", "harrisonburg"));
  refused (&f, move_json ("winder", "mt-sidney"), "has moved this player turn");
  refused (&f, move_json ("campbell", "new-market"), "No road joins");
  /* Through Harrisonburg (friendly) to New Market (Shields): an attack of two towns. */
  put (&f, "campbell", "mt-sidney");
  refused (&f, move_via_json ("campbell", "harrisonburg", "new-market"), "only 1 town when attacking");
  put (&f, "taliaferro", "harrisonburg");
  ok (&f, move_json ("taliaferro", "new-market"));
  /* New Market is contested now: no block moves through it. */
  put (&f, "campbell", "harrisonburg");
  refused (&f, move_via_json ("campbell", "new-market", "woodstock"), "an enemy or contested town");
  level (&f, "col.move-rate", "off");
  level (&f, "col.command", "off");
  ok (&f, move_via_json ("campbell", "new-market", "woodstock"));
  teardown (&f);
}
END_TEST

/* The automatic player (wb-col-auto.c) attacks when its odds are good:
 * Johnson's HQ at Luray, worth activating for its Conner and Scott there,
 * takes Front Royal's lone block with them; Winder and Campbell, worn to
 * 1 at Woodstock, leave Strasburg's five blocks alone; the HQs never
 * attack. Every suggestion is played. */
START_TEST (test_auto_odds)
{
  Fixture f;
  gboolean front_royal = FALSE;

  setup (&f);
  clear_map (&f, "banks", "donnelly", "gordon", "hatch", "banks-artillery", "jackson", "winder", "campbell",
             "johnson", "kenly", "conner", "scott", NULL);
  put (&f, "winder", "woodstock");
  put (&f, "campbell", "woodstock");
  put (&f, "jackson", "woodstock");
  put (&f, "johnson", "luray");
  put (&f, "scott", "luray");
  put (&f, "conner", "luray");
  set_strength (&f, "winder", 1);
  set_strength (&f, "campbell", 1);
  activate (&f, "jackson");
  for (int n = 0; n < 40; n++)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &f.m->rng);
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autofree char *text = NULL;
      const char *type = json_object_get_string_member (a, "type");

      if (g_str_equal (type, "end_step"))
        break;
      if (g_str_equal (type, "move"))
        {
          const char *who = json_object_get_string_member (a, "unit");
          const char *to = json_object_get_string_member (json_object_get_object_member (a, "to"), "location");

          ck_assert_msg (!g_str_equal (to, "strasburg"), "%s attacks Strasburg at bad odds", who);
          ck_assert_msg (!g_str_equal (to, "front-royal") || (!g_str_equal (who, "jackson") && !g_str_equal (who, "johnson")),
                         "%s attacks", who);
          front_royal |= g_str_equal (to, "front-royal");
        }
      json_node_set_object (node, a);
      json_generator_set_root (gen, node);
      text = json_generator_to_data (gen, NULL);
      ok (&f, text);
    }
  ck_assert_msg (front_royal, "nobody attacked Kenly alone at Front Royal");
  ck_assert (unit (&f, "johnson")->flags & COL_ACTIVE);
  ck_assert (unit (&f, "conner")->flags & COL_ATTACKER);
  ck_assert (unit (&f, "scott")->flags & COL_ATTACKER);
  teardown (&f);
}
END_TEST

/* 5.4: Player 1's attackers pin as many of Player 2's defenders,
 * reinforcements aside: all of them when no more, else Player 2 chooses
 * (a journalled "pin"); pinned blocks may not leave, pinned HQs not
 * activate nor straggle; unpinned blocks leave. */
START_TEST (test_pinning)
{
  Fixture f;
  g_autoptr(JsonObject) suggested = NULL;
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  setup (&f);
  /* Strasburg: Banks, Donnelly, Gordon, Hatch, the artillery; two CSA
   * attack from Woodstock, one by the Front Royal road; Conner attacks
   * Kenly, alone at Front Royal, from Luray. */
  clear_map (&f, "banks", "donnelly", "gordon", "hatch", "banks-artillery", "jackson", "winder", "campbell",
             "taliaferro", "kenly", "conner", NULL);
  put (&f, "taliaferro", "newtown");
  put (&f, "winder", "woodstock");
  put (&f, "campbell", "woodstock");
  put (&f, "jackson", "woodstock");
  put (&f, "conner", "luray");
  activate (&f, "jackson");
  ok (&f, move_json ("winder", "strasburg"));
  ok (&f, move_json ("campbell", "strasburg"));
  /* By another road: a reinforcement (6.5), which pins nothing. */
  ok (&f, move_json ("taliaferro", "strasburg"));
  ck_assert (!(unit (&f, "campbell")->flags & COL_REINFORCE));
  ck_assert (unit (&f, "taliaferro")->flags & COL_REINFORCE);
  ok (&f, move_json ("conner", "front-royal"));
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, COL_MOVE_2);
  ck_assert_uint_eq (f.m->active, USA);
  /* One attacker, one defender: pinned without a choice. */
  ck_assert (unit (&f, "kenly")->flags & COL_PINNED);
  /* Two attackers, five defenders: the USA chooses two. */
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "pin");
  refused (&f, "{\"type\": \"activate\", \"unit\": \"banks\"}", "first chooses the 2 blocks pinned at Strasburg");
  refused (&f, "{\"type\": \"end_step\"}", "(rule col.sequence, 2.0)");
  refused (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"front-royal\"}, \"units\": [\"kenly\"]}",
           "chooses the blocks pinned at Strasburg first");
  refused (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"strasburg\"}, \"units\": [\"hatch\"]}",
           "give 2 blocks at Strasburg");
  refused (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"strasburg\"}, \"units\": [\"hatch\", \"winder\"]}",
           "is not a block of the player at Strasburg");
  refused (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"strasburg\"}, \"units\": [\"hatch\", \"hatch\"]}",
           "is given twice");
  /* The automatic player pins the strongest brigades, keeping Banks free. */
  suggested = f.family->suggest (f.data, f.m, &f.m->rng);
  json_node_set_object (node, suggested);
  json_generator_set_root (gen, node);
  text = json_generator_to_data (gen, NULL);
  ck_assert_str_eq (text, "{\"type\":\"pin\",\"location\":{\"location\":\"strasburg\"},\"units\":[\"gordon\",\"donnelly\"]}");
  /* The play UI's step: the five defenders, two to pick, then Pin. */
  {
    g_autoptr(WbPicks) picks = wb_picks_new ();
    g_autoptr(WbStep) step = step_of (&f, picks);
    g_autofree char *json = NULL;

    g_autoptr(WbBoard) board = f.family->board (f.data, f.m);

    ck_assert_uint_eq (step->lists->len, 1);
    ck_assert_uint_eq (((WbPickList *) g_ptr_array_index (step->lists, 0))->candidates->len, 5);
    /* Picked one by one on a board of the five (a click on the town could
     * only take them in the order they stand). */
    ck_assert_int_eq (((WbPickList *) g_ptr_array_index (step->lists, 0))->kind, WB_PICK_BOARD_UNIT);
    ck_assert_ptr_nonnull (board);
    ck_assert_uint_eq (board->units->len, 5);
    ck_assert_int_ge (wb_board_find_unit (board, "gordon"), 0);
    ck_assert_int_lt (wb_board_find_unit (board, "kenly"), 0);
    ck_assert_msg (strstr (board->title, "pick the 2 blocks pinned") != NULL, "%s", board->title);
    ck_assert (has_candidate (step, 0, "banks") && !has_candidate (step, 0, "kenly"));
    ck_assert_str_eq (step->act_label, "_Pin");
    wb_picks_add (picks, 0, "banks");
    ck_assert_ptr_null (action_text (&f, picks));
    wb_picks_add (picks, 0, "hatch");
    json = action_text (&f, picks);
    ck_assert_str_eq (json, "{\"type\":\"pin\",\"location\":{\"location\":\"strasburg\"},\"units\":[\"banks\",\"hatch\"]}");
  }
  /* The player pins Banks and Hatch. */
  ok (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"strasburg\"}, \"units\": [\"banks\", \"hatch\"]}");
  ck_assert (logged (&f, "pins at Strasburg"));
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "move");
  refused (&f, "{\"type\": \"pin\", \"location\": {\"location\": \"strasburg\"}, \"units\": [\"gordon\"]}",
           "No battle waits");
  refused (&f, "{\"type\": \"activate\", \"unit\": \"banks\"}", "pinned and cannot activate");
  refused (&f, move_json ("banks", "newtown"), "cannot activate or straggle");
  refused (&f, move_json ("hatch", "newtown"), "pinned in the battle at Strasburg");
  refused (&f, move_json ("kenly", "luray"), "pinned in the battle at Front Royal");
  /* Gordon is free: it straggles out. */
  ok (&f, move_json ("gordon", "newtown"));
  level (&f, "col.pinned", "warn");
  ok (&f, move_json ("hatch", "newtown"));
  ck_assert (logged (&f, "[col.pinned]"));
  teardown (&f);
}
END_TEST

/* 5.6: the CSA moves by rail on the Virginia Central only, commanded, no
 * attack nor reinforcement nor leaving a battle; the USA never. */
START_TEST (test_rail)
{
  Fixture f;

  setup (&f);
  refused (&f, "{\"type\": \"move\", \"unit\": \"taylor\", \"to\": {\"location\": \"buffalo-gap\"}, \"rail\": true}",
           "cannot move by rail");
  activate (&f, "ewell");
  ok (&f, "{\"type\": \"move\", \"unit\": \"taylor\", \"to\": {\"location\": \"buffalo-gap\"}, \"rail\": true}");
  ck_assert_str_eq (where (&f, "taylor"), "buffalo-gap");
  ck_assert (unit (&f, "taylor")->flags & COL_RAIL);
  /* Into an enemy town: no. */
  put (&f, "kenly", "staunton");
  refused (&f, "{\"type\": \"move\", \"unit\": \"steuart\", \"to\": {\"location\": \"staunton\"}, \"rail\": true}",
           "(rule col.rail, 5.6)");
  level (&f, "col.rail", "off");
  ok (&f, "{\"type\": \"move\", \"unit\": \"steuart\", \"to\": {\"location\": \"waynesboro\"}, \"rail\": true}");
  teardown (&f);

  /* The USA may not; nor anyone along the Manassas Gap railway. */
  setup (&f);
  movement (&f, USA, 2);
  put (&f, "kenly", "charlottesville");
  put (&f, "banks", "charlottesville");
  activate (&f, "banks");
  refused (&f, "{\"type\": \"move\", \"unit\": \"kenly\", \"to\": {\"location\": \"waynesboro\"}, \"rail\": true}",
           "cannot move by rail");
  ck_assert_ptr_nonnull (_wb_col_edge (f.data, _wb_col_loc_id (f.data, "front-royal"), _wb_col_loc_id (f.data, "salem")));
  ck_assert (!_wb_col_edge (f.data, _wb_col_loc_id (f.data, "front-royal"), _wb_col_loc_id (f.data, "salem"))->rail);
  teardown (&f);
}
END_TEST

/* A move that names neither "via" nor "rail" goes the way the rules
 * allow (version 3): by rail where no road joins; a journal of version 2
 * keeps its reading, looking for a town in common only. */
START_TEST (test_way_inferred)
{
  Fixture f;
  const char *move = "{\"type\": \"move\", \"unit\": \"taylor\", \"to\": {\"location\": \"buffalo-gap\"}}";

  setup (&f);
  activate (&f, "ewell");
  f.family_version = 2;
  refused (&f, move, "(rule col.adjacent, 3.1)");
  f.family_version = 3;
  ok (&f, move);
  ck_assert_str_eq (where (&f, "taylor"), "buffalo-gap");
  ck_assert (unit (&f, "taylor")->flags & COL_RAIL);
  teardown (&f);
}
END_TEST

/* 5.7, 8.1: only Shields' division leaves the map, at Salem, commanded,
 * before turn 7; it comes back after turn 6 into Salem, without command. */
START_TEST (test_off_board)
{
  Fixture f;

  setup (&f);
  movement (&f, USA, 2);
  put (&f, "kimball", "salem");
  put (&f, "shields", "salem");
  put (&f, "gordon", "salem");
  put (&f, "banks", "salem");
  refused (&f, move_json ("kimball", "off-board-east"), "(rule col.off-board, 5.7, 8.1)");
  activate (&f, "shields");
  activate (&f, "banks");
  refused (&f, move_json ("gordon", "off-board-east"), "except the off-board division");
  ok (&f, move_json ("kimball", "off-board-east"));
  ck_assert_str_eq (where (&f, "kimball"), "off-board-east");
  refused (&f, "{\"type\": \"move\", \"unit\": \"tyler\", \"to\": {\"box\": \"shields-off-board\"}}",
           "cannot move off the map");
  /* Turn 7: too late to leave; coming back is allowed, into Salem only. */
  f.m->turn = 7;
  movement (&f, USA, 2);
  activate (&f, "shields");
  refused (&f, move_json ("shields", "off-board-east"), "before turn 7");
  put (&f, "tyler", "off-board-east");
  f.m->turn = 6;
  refused (&f, move_json ("kimball", "salem"), "after turn 6");
  f.m->turn = 7;
  ok (&f, move_json ("kimball", "salem"));
  ck_assert (unit (&f, "kimball")->flags & COL_OFF_BOARD_ONCE);
  /* Without command, it stopped at Salem. */
  refused (&f, move_json ("kimball", "upperville"), "has moved");
  teardown (&f);
}
END_TEST

/* 4.4: the Harper's Ferry Garrison never moves. */
START_TEST (test_static)
{
  Fixture f;

  setup (&f);
  movement (&f, USA, 2);
  ck_assert (f.data->is_static[_wb_col_unit_index (f.m, unit (&f, "harpers-ferry-garrison"))]);
  refused (&f, move_json ("harpers-ferry-garrison", "winchester"), "never moves");
  ck_assert_ptr_null (f.family->destinations (f.data, f.m, "harpers-ferry-garrison"));
  level (&f, "col.static", "warn");
  ok (&f, move_json ("harpers-ferry-garrison", "winchester"));
  ck_assert (logged (&f, "[col.static]"));
  teardown (&f);
}
END_TEST

/* 3.3: over the limit (4, 6 on a pike or railway) in the Supply Phase,
 * one step each from as many blocks, the owner's choice (a journalled
 * "stack_loss"); the 3.3 example: eight CSA blocks at Harrisonburg, two
 * reduced. */
/* 9.1 Historical: Shields' seven blocks start off the map near Salem —
 * the place 8.1's moves use —, so they count 1 VP each while there, take
 * no stacking loss there (off the map is no town), no detachment deploys
 * there, and they may come back after turn 6. */
START_TEST (test_historical)
{
  Fixture f;
  static const char * const historical[] = { "historical", NULL };
  static const char * const shields[] = { "shields", "kimball", "ferry", "tyler", "carroll",
                                          "shields-cavalry", "shields-artillery" };

  setup_with (&f, historical, 7);
  for (guint k = 0; k < G_N_ELEMENTS (shields); k++)
    ck_assert_str_eq (where (&f, shields[k]), "off-board-east");
  supply (&f, USA);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "supply");
  /* The Supply Points left, on the turn bar during the Supply Phase. */
  {
    g_autoptr(GPtrArray) tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_track_free);
    g_autofree char *sp = g_strdup_printf ("%d", col_state (f.m)->sp[USA]);
    const WbTrack *last;

    f.family->tracks (f.data, f.m, tracks);
    ck_assert_uint_ge (tracks->len, 1);
    last = g_ptr_array_index (tracks, tracks->len - 1);
    ck_assert_str_eq (last->label, "SP");
    ck_assert_int_eq (last->side, USA);
    ck_assert_str_eq (last->value, sp);
  }
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"shields-detachment\", \"to\": {\"location\": \"off-board-east\"}}",
           "not off it");
  /* Back onto the map after turn 6, at Salem, without command (8.1). */
  f.m->turn = 7;
  movement (&f, USA, 2);
  ok (&f, move_json ("kimball", "salem"));
  ck_assert_str_eq (where (&f, "kimball"), "salem");
  teardown (&f);
}
END_TEST

START_TEST (test_stacking)
{
  Fixture f;
  static const char * const csa[] = { "jackson", "winder", "campbell", "taliaferro", "jackson-artillery",
                                      "conner", "scott", "ashby" };
  g_autoptr(JsonObject) suggested = NULL;

  setup (&f);
  for (guint k = 0; k < G_N_ELEMENTS (csa); k++)
    put (&f, csa[k], "harrisonburg");
  set_strength (&f, "scott", 1);
  supply (&f, CSA);
  ck_assert (logged (&f, "has 8 blocks at Harrisonburg, 2 over the limit of 6"));
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "stack-loss");
  refused (&f, "{\"type\": \"end_step\"}", "First choose the 2 blocks that lose a step to stacking at Harrisonburg");
  refused (&f, "{\"type\": \"supply\", \"unit\": \"scott\"}", "(rule col.sequence, 2.0)");
  refused (&f, "{\"type\": \"stack_loss\", \"location\": \"harrisonburg\", \"units\": [\"winder\"]}",
           "give 2 blocks at Harrisonburg");
  refused (&f, "{\"type\": \"stack_loss\", \"location\": \"staunton\", \"units\": [\"winder\", \"scott\"]}",
           "at Harrisonburg lose their steps first");
  /* The CSA's choice: Winder (4 → 3) and Scott, eliminated at 1. */
  ok (&f, "{\"type\": \"stack_loss\", \"location\": {\"location\": \"harrisonburg\"}, "
          "\"units\": [\"winder\", \"scott\"]}");
  ck_assert_int_eq (strength (&f, "winder"), 3);
  ck_assert_str_eq (where (&f, "scott"), "(eliminated)");
  ck_assert_int_eq (f.m->vp[USA], 1);
  ck_assert_int_eq (strength (&f, "campbell"), 3);
  ck_assert_str_eq (f.family->awaiting (f.data, f.m), "supply");
  refused (&f, "{\"type\": \"stack_loss\", \"location\": \"harrisonburg\", \"units\": [\"winder\"]}",
           "No town is over its stacking limit");
  ok (&f, "{\"type\": \"supply\", \"unit\": \"winder\"}");
  teardown (&f);

  /* A minor town off the pike stacks four: Churchville with Johnson's four
   * and five more; the automatic player gives up the weakest, HQs last. */
  setup (&f);
  {
    static const char * const more[] = { "winder", "campbell", "taliaferro", "jackson-artillery", "ashby" };

    for (guint k = 0; k < G_N_ELEMENTS (more); k++)
      put (&f, more[k], "churchville");
  }
  supply (&f, CSA);
  ck_assert (logged (&f, "has 9 blocks at Churchville, 5 over the limit of 4"));
  suggested = f.family->suggest (f.data, f.m, &f.m->rng);
  ck_assert_str_eq (json_object_get_string_member (suggested, "type"), "stack_loss");
  ck_assert_uint_eq (json_array_get_length (json_object_get_array_member (suggested, "units")), 5);
  ck_assert_str_eq (json_array_get_string_element (json_object_get_array_member (suggested, "units"), 0),
                    "johnson-artillery");
  ok (&f, "{\"type\": \"stack_loss\", \"location\": \"churchville\", \"units\": "
          "[\"johnson\", \"conner\", \"scott\", \"winder\", \"ashby\"]}");
  ck_assert_int_eq (strength (&f, "johnson"), 1);
  ck_assert_int_eq (strength (&f, "winder"), 3);
  ck_assert_int_eq (strength (&f, "campbell"), 3);
  /* Off: the choice is not waited for. */
  teardown (&f);
  setup (&f);
  for (guint k = 0; k < G_N_ELEMENTS (csa); k++)
    put (&f, csa[k], "harrisonburg");
  supply (&f, CSA);
  level (&f, "col.sequence", "off");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f.m->step, COL_SUPPLY_2);
  teardown (&f);
}
END_TEST

/* 7.1–7.3: SP per side, one step a block at 1 SP in good supply, 2 in
 * bad (through a gap), none without a line; lines through friendly or
 * vacant towns, never a vacant enemy major town; Manassas Gap good for
 * the USA, Rockfish Gap for the CSA. */
START_TEST (test_supply)
{
  Fixture f;

  setup (&f);
  supply (&f, USA);
  ck_assert_int_eq (col_state (f.m)->sp[USA], 3);
  refused (&f, "{\"type\": \"supply\", \"unit\": \"kenly\"}", "is at full strength");
  set_strength (&f, "gordon", 2);
  set_strength (&f, "donnelly", 1);
  ok (&f, "{\"type\": \"supply\", \"unit\": \"gordon\"}");
  ck_assert_int_eq (strength (&f, "gordon"), 3);
  ck_assert_int_eq (col_state (f.m)->sp[USA], 2);
  refused (&f, "{\"type\": \"supply\", \"unit\": \"gordon\"}", "has had its step");
  /* A vacant enemy major town cuts the line: Fremont's block at Buffalo Gap
   * traces only through Staunton. */
  clear_map (&f, "milroy", "gordon", "donnelly", NULL);
  put (&f, "milroy", "buffalo-gap");
  set_strength (&f, "milroy", 1);
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "milroy")), 0);
  refused (&f, "{\"type\": \"supply\", \"unit\": \"milroy\"}", "cannot trace a supply line");
  put (&f, "schenck", "staunton");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "milroy")), 2);
  ok (&f, "{\"type\": \"supply\", \"unit\": \"milroy\"}");
  /* Vacant major towns are friendly to their side (3.21: the tags
   * friendly-usa, friendly-csa), minor ones neutral; Newtown, between
   * Winchester, Strasburg and Front Royal, is cut off for the CSA. */
  clear_map (&f, NULL);
  ck_assert_int_eq (_wb_col_control (f.data, f.m, _wb_col_loc_id (f.data, "winchester"), NULL), USA);
  ck_assert_int_eq (_wb_col_control (f.data, f.m, _wb_col_loc_id (f.data, "harrisonburg"), NULL), CSA);
  ck_assert_int_eq (_wb_col_control (f.data, f.m, _wb_col_loc_id (f.data, "newtown"), NULL), -1);
  put (&f, "winder", "newtown");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "winder")), 0);
  put (&f, "campbell", "strasburg");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "winder")), 2);
  teardown (&f);

  /* Bad supply through a gap: Ewell's brigade at Conrad's Store with the
   * USA at Waynesboro traces only over Swift Run or Brown's Gap. */
  setup (&f);
  put (&f, "kenly", "waynesboro");
  put (&f, "elzey", "conrads-store");
  set_strength (&f, "elzey", 1);
  put (&f, "trimble", "conrads-store");
  set_strength (&f, "trimble", 1);
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "elzey")), 1);
  supply (&f, CSA);
  ck_assert_int_eq (col_state (f.m)->sp[CSA], 2);
  ok (&f, "{\"type\": \"supply\", \"unit\": \"elzey\"}");
  ck_assert_int_eq (col_state (f.m)->sp[CSA], 0);
  ck_assert (logged (&f, "for 2 SP (bad supply)"));
  refused (&f, "{\"type\": \"supply\", \"unit\": \"trimble\"}", "costs 2 SP in bad supply; 0 are left");
  refused (&f, "{\"type\": \"supply\", \"unit\": \"trimble\"}", "(rule col.supply, 7.1, 7.3, 7.31, 7.32)");
  level (&f, "col.supply", "warn");
  ok (&f, "{\"type\": \"supply\", \"unit\": \"trimble\"}");
  ck_assert_int_eq (strength (&f, "trimble"), 2);
  /* Rockfish Gap is good supply for the CSA: Waynesboro to Charlottesville. */
  put (&f, "kenly", "port-republic");
  put (&f, "taylor", "waynesboro");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "taylor")), 2);
  teardown (&f);

  /* Manassas Gap is good supply for the USA: Front Royal to Salem; the
   * gap of the Winchester ferries is not. */
  setup (&f);
  clear_map (&f, "kimball", "taylor", NULL);
  put (&f, "kimball", "front-royal");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "kimball")), 2);
  put (&f, "taylor", "front-royal");
  put (&f, "kimball", "winchester");
  ck_assert_int_eq (_wb_col_supply_of (f.data, f.m, unit (&f, "kimball")), 1);
  teardown (&f);
}
END_TEST

/* 7.4: one detachment a Supply Phase from the pool, with a block of its
 * division in good supply, within stacking; an HQ detachment at 0. */
START_TEST (test_detachments)
{
  Fixture f;

  setup (&f);
  supply (&f, CSA);
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"winder\", \"to\": {\"location\": \"staunton\"}}",
           "is not a detachment in the supplying player's pool");
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-inf-det-1\", \"to\": {\"location\": \"staunton\"}}",
           "with a block of its division in good supply");
  /* Standardsville: four of Ewell's blocks already, the limit of a minor town. */
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-inf-det-1\", \"to\": {\"location\": \"standardsville\"}}",
           "at its stacking limit of 4");
  ok (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-detachment\", \"to\": {\"location\": \"charlottesville\"}}");
  ck_assert_str_eq (where (&f, "ewell-detachment"), "charlottesville");
  ck_assert_int_eq (strength (&f, "ewell-detachment"), 0);
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-inf-det-1\", \"to\": {\"location\": \"charlottesville\"}}",
           "1 detachment a Supply Phase");
  level (&f, "col.detachment", "off");
  ok (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-inf-det-1\", \"to\": {\"location\": \"charlottesville\"}}");
  teardown (&f);

  /* Not with a block in bad supply (7.32). */
  setup (&f);
  put (&f, "kenly", "waynesboro");
  put (&f, "elzey", "conrads-store");
  supply (&f, CSA);
  refused (&f, "{\"type\": \"deploy\", \"unit\": \"ewell-inf-det-2\", \"to\": {\"location\": \"conrads-store\"}}",
           "in good supply");
  teardown (&f);
}
END_TEST

/* The Detachments sidebar, the scenario option "detachments-optional": in
 * the Supply Phase a brigade above its last step makes a detachment of its
 * division and type from the pool in its town, within stacking; a
 * detachment merges into such a brigade below full strength in its town,
 * going back to the pool. Refused without the option, whatever the level. */
START_TEST (test_detachment_sidebar)
{
  static const char * const option[] = { "detachments-optional", NULL };
  static const char create[] = "{\"type\": \"create_detachment\", \"unit\": \"taylor\", "
                               "\"detachment\": \"ewell-inf-det-1\"}";
  Fixture f;
  g_autoptr(GError) error = NULL;
  WbAttrValue engineers = { .type = WB_ATTR_STRING, .s = (char *) "engineers" };
  gpointer bad;

  setup (&f);
  supply (&f, CSA);
  refused (&f, create, "scenario option “detachments-optional”");
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"taylor\"}",
           "scenario option “detachments-optional”");
  level (&f, "col.detachment-optional", "off");
  refused (&f, create, "scenario option");
  teardown (&f);

  setup_with (&f, option, 7);
  refused (&f, create, "in the Supply Phase");
  supply (&f, CSA);
  /* Taylor (4-3-2-1) and Steuart (2-1) of Ewell's division at Charlottesville. */
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"taylor\", \"detachment\": \"banks-inf-det-1\"}",
           "is not a detachment of the supplying player");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"winder\", \"detachment\": \"ewell-inf-det-1\"}",
           "not of the same division");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"taylor\", \"detachment\": \"ewell-cav-det\"}",
           "not of the same type");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"taylor\", \"detachment\": \"ewell-detachment\"}",
           "not of the same type");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"taylor\", \"detachment\": \"steuart\"}",
           "non-detachment blocks cannot merge");
  put (&f, "ewell-inf-det-2", "charlottesville");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"ewell-inf-det-2\", \"detachment\": \"ewell-inf-det-1\"}",
           "only a brigade makes or takes in detachments");
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"taylor\", \"detachment\": \"ewell-inf-det-2\"}",
           "is not in the pool");
  set_strength (&f, "steuart", 1);
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"steuart\", \"detachment\": \"ewell-inf-det-1\"}",
           "at its last step");
  /* Standardsville: four of Ewell's blocks, the limit of a minor town. */
  refused (&f, "{\"type\": \"create_detachment\", \"unit\": \"elzey\", \"detachment\": \"ewell-inf-det-1\"}",
           "at its stacking limit of 4");
  ok (&f, create);
  ck_assert_int_eq (strength (&f, "taylor"), 3);
  ck_assert_str_eq (where (&f, "ewell-inf-det-1"), "charlottesville");
  ck_assert (logged (&f, "Louisiana Brigade (Taylor) loses a step to make Ewell's infantry detachment 1 at Charlottesville"));

  /* Merging: the same division, type and town, the brigade below full strength. */
  refused (&f, "{\"type\": \"merge\", \"unit\": \"steuart\", \"into\": \"taylor\"}",
           "non-detachment blocks cannot merge");
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"ewell-inf-det-2\"}",
           "only a brigade makes or takes in detachments");
  put (&f, "ewell-cav-det", "charlottesville");
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-cav-det\", \"into\": \"taylor\"}", "not of the same type");
  put (&f, "winder", "charlottesville");
  set_strength (&f, "winder", 3);
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"winder\"}",
           "not of the same division");
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-3\", \"into\": \"taylor\"}", "is not in");
  put (&f, "ewell-inf-det-2", "staunton");
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-2\", \"into\": \"taylor\"}", "is not in");
  set_strength (&f, "steuart", 2);
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"steuart\"}", "at full strength");
  set_strength (&f, "steuart", 1);
  ok (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"steuart\"}");
  ck_assert_int_eq (strength (&f, "steuart"), 2);
  ck_assert_int_eq (unit (&f, "ewell-inf-det-1")->where.kind, WB_WHERE_BOX);
  ck_assert_str_eq (unit (&f, "ewell-inf-det-1")->where.place, "csa-detachments");
  ck_assert (logged (&f, "Ewell's infantry detachment 1 merges into Maryland Line (Steuart) at Charlottesville"));
  /* Back in the pool, it can be made again (the same or another brigade). */
  ok (&f, create);
  ck_assert_int_eq (strength (&f, "taylor"), 2);
  /* The conditions are a rule check: off, a cavalry detachment merges. */
  level (&f, "col.detachment-optional", "off");
  ok (&f, "{\"type\": \"merge\", \"unit\": \"ewell-cav-det\", \"into\": \"taylor\"}");
  ck_assert_int_eq (strength (&f, "taylor"), 3);
  /* Not in the Movement Phase. */
  f.m->step = COL_MOVE_1;
  refused (&f, "{\"type\": \"merge\", \"unit\": \"ewell-inf-det-1\", \"into\": \"taylor\"}", "in the Supply Phase");

  /* A detachment's type is infantry, cavalry or artillery. */
  wb_unit_set_attr (wb_game_find_unit (f.game, "ewell-inf-det-1"), "type", &engineers);
  bad = f.family->prepare (f.game, f.m, &error);
  ck_assert (bad == NULL);
  ck_assert_msg (strstr (error->message, "ewell-inf-det-1 has the type “engineers”") != NULL, "%s", error->message);
  teardown (&f);

  /* The Supply Phase's buttons at a town: deployments (7.4), then, with
   * the option only, a detachment made from each brigade that may (the
   * first of its division and type in the pool) and each merge. */
  for (int with = 0; with <= 1; with++)
    {
      g_autoptr(WbPicks) picks = wb_picks_new ();
      g_autoptr(WbStep) step = NULL;

      setup_with (&f, with ? option : NULL, 7);
      supply (&f, CSA);
      wb_picks_add (picks, 0, "charlottesville");
      step = step_of (&f, picks);
      ck_assert (has_button (step, "Deploy Ewell's infantry detachment 1 at Charlottesville"));
      ck_assert (has_button (step, "Make Ewell's infantry detachment 1 from Louisiana Brigade (Taylor)") == with);
      ck_assert (has_button (step, "Make Ewell's infantry detachment 1 from Maryland Line (Steuart)") == with);
      ck_assert_uint_eq (step->buttons->len, with ? 7 : 5);
      if (with)
        {
          ok (&f, create);
          g_clear_pointer (&step, wb_step_free);
          step = step_of (&f, picks);
          ck_assert (has_button (step, "Merge Ewell's infantry detachment 1 into Louisiana Brigade (Taylor)"));
          ck_assert (!has_button (step, "Merge Ewell's infantry detachment 1 into Maryland Line (Steuart)"));
          ck_assert (has_button (step, "Make Ewell's infantry detachment 2 from Louisiana Brigade (Taylor)"));
          /* Only merges at Standardsville, at its stacking limit. */
          put (&f, "ewell-inf-det-1", "standardsville");
          put (&f, "taylor", "standardsville");
          put (&f, "ewell-artillery", "charlottesville");
          put (&f, "ewell", "charlottesville");
          /* No SP left: Taylor (below full strength) has no step to buy,
           * the town is picked for the sidebar alone. */
          col_state (f.m)->sp[f.m->active] = 0;
          wb_picks_clear (picks);
          g_clear_pointer (&step, wb_step_free);
          step = step_of (&f, picks);
          ck_assert (has_candidate (step, 0, "standardsville"));
          wb_picks_add (picks, 0, "standardsville");
          g_clear_pointer (&step, wb_step_free);
          step = step_of (&f, picks);
          ck_assert (has_button (step, "Merge Ewell's infantry detachment 1 into Louisiana Brigade (Taylor)"));
          ck_assert_uint_eq (step->buttons->len, 1);
        }
      teardown (&f);
    }
}
END_TEST

/* 8.0: eliminations score as they happen (1, HQ 2, detachment ½, HQ
 * detachment 1); at the end of turn 16 each side adds the enemy major
 * towns it occupies and the USA 1 VP per Shields block off the map. */
START_TEST (test_victory)
{
  Fixture f;
  WbRuleContext ctx = { NULL, NULL, NULL, 0 };

  setup (&f);
  ctx.settings = f.settings;
  ctx.events = f.events;
  set_strength (&f, "ewell-inf-det-1", 1);
  put (&f, "ewell-inf-det-1", "charlottesville");
  ck_assert (!_wb_col_reduce (f.data, f.m, unit (&f, "ewell-inf-det-1"), &ctx));
  ck_assert_int_eq (f.m->vp[USA], 0);        /* ½ VP, kept in halves */
  put (&f, "ewell-inf-det-2", "charlottesville");
  ck_assert (!_wb_col_reduce (f.data, f.m, unit (&f, "ewell-inf-det-2"), &ctx));
  ck_assert_int_eq (f.m->vp[USA], 1);
  set_strength (&f, "johnson", 0);
  ck_assert (!_wb_col_reduce (f.data, f.m, unit (&f, "johnson"), &ctx));
  ck_assert_int_eq (f.m->vp[USA], 3);
  ck_assert (_wb_col_reduce (f.data, f.m, unit (&f, "gordon"), &ctx));
  ck_assert_int_eq (strength (&f, "gordon"), 3);
  /* The last turn: the CSA holds Winchester (3) and Strasburg (1); the USA
   * Harrisonburg (2) and two of Shields' blocks off the map (2). */
  f.m->turn = 16;
  f.m->step = COL_SUPPLY_2;
  f.m->active = USA;
  clear_map (&f, "winder", "campbell", "kimball", "tyler", "kenly", NULL);
  put (&f, "winder", "winchester");
  put (&f, "campbell", "strasburg");
  put (&f, "kenly", "harrisonburg");
  put (&f, "kimball", "off-board-east");
  put (&f, "tyler", "off-board-east");
  ok (&f, "{\"type\": \"end_step\"}");
  ck_assert (f.m->over);
  ck_assert_int_eq (f.m->vp[CSA], 4);
  ck_assert_int_eq (f.m->vp[USA], 3 + 2 + 2);
  ck_assert (logged (&f, "occupies Winchester: 3 VP"));
  ck_assert (logged (&f, "has 2 blocks off the map"));
  teardown (&f);
}
END_TEST

/* The play UI's steps (rules/wb-step.h): the initiative button, an
 * activation button per HQ, a block then any town it reaches this turn
 * (two towns when commanded, through the town the route shows, by rail),
 * the road counts in the prompt; the pin choice; the Supply Phase's
 * blocks and detachment towns with their buttons. */
/* The action of @step's button labelled @label (the test fails without one). */
static JsonObject *
button_action (const WbStep *step, const char *label)
{
  for (guint i = 0; i < step->buttons->len; i++)
    {
      WbStepButton *b = g_ptr_array_index (step->buttons, i);

      if (g_strcmp0 (b->label, label) == 0)
        return b->action;
    }
  ck_abort_msg ("no button %s", label);
  return NULL;
}

START_TEST (test_steps)
{
  Fixture f;
  g_autoptr(WbPicks) picks = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GArray) route = NULL;
  WbWhere to = { WB_WHERE_LOCATION, { 0, 0 }, NULL };

  setup (&f);
  step = step_of (&f, picks);
  ck_assert (has_button (step, "Activate Jackson HQ (Staunton)"));
  ck_assert (has_button (step, "Activate Ewell HQ (Standardsville)"));
  ck_assert_uint_eq (step->buttons->len, 3);
  ck_assert (!has_candidate (step, 0, "banks"));
  ck_assert (has_candidate (step, 0, "winder"));
  ck_assert (!has_candidate (step, 0, "jackson-inf-det-1"));
  /* Without command: one town. */
  wb_picks_add (picks, 0, "winder");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert (has_candidate (step, 1, "mt-sidney"));
  ck_assert (!has_candidate (step, 1, "harrisonburg"));
  ck_assert (!has_candidate (step, 1, "charlottesville"));
  ck_assert_msg (strstr (step->summary, "no command") != NULL && strstr (step->summary, "to Mt Sidney 0/12, attacking 0/6"),
                 "%s", step->summary);
  /* Jackson active: two towns, and by rail to Charlottesville. */
  activate (&f, "jackson");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert (has_candidate (step, 1, "harrisonburg"));
  ck_assert (has_candidate (step, 1, "charlottesville"));
  ck_assert (!has_candidate (step, 1, "new-market"));       /* three towns */
  ck_assert (!has_button (step, "Activate Jackson HQ (Staunton)"));
  to.place = g_intern_string ("charlottesville");
  route = f.family->route (f.data, f.m, "winder", &to);
  ck_assert_uint_eq (route->len, 3);
  ck_assert_str_eq (g_array_index (route, WbWhere, 1).place, "waynesboro");
  g_clear_pointer (&route, g_array_unref);
  to.place = g_intern_string ("harrisonburg");
  route = f.family->route (f.data, f.m, "winder", &to);
  ck_assert_uint_eq (route->len, 3);
  ck_assert_str_eq (g_array_index (route, WbWhere, 1).place, "mt-sidney");
  wb_picks_add (picks, 1, "harrisonburg");
  json = action_text (&f, picks);
  ck_assert_str_eq (json, "{\"type\":\"move\",\"unit\":\"winder\",\"via\":{\"location\":\"mt-sidney\"},"
                          "\"to\":{\"location\":\"harrisonburg\"}}");
  ok (&f, json);
  g_clear_pointer (&json, g_free);
  wb_picks_clear (picks);
  /* Three towns away only by rail: Taylor, commanded by Ewell, from
   * Charlottesville to Buffalo Gap. */
  activate (&f, "ewell");
  to.place = g_intern_string ("buffalo-gap");
  g_clear_pointer (&route, g_array_unref);
  route = f.family->route (f.data, f.m, "taylor", &to);
  ck_assert_uint_eq (route->len, 4);
  ck_assert_str_eq (g_array_index (route, WbWhere, 2).place, "staunton");
  wb_picks_add (picks, 0, "taylor");
  wb_picks_add (picks, 1, "buffalo-gap");
  json = action_text (&f, picks);
  ck_assert_str_eq (json, "{\"type\":\"move\",\"unit\":\"taylor\",\"to\":{\"location\":\"buffalo-gap\"},"
                          "\"rail\":true}");
  ok (&f, json);
  g_clear_pointer (&json, g_free);
  /* The counts in the prompt: one block along the pike to Mt Sidney. */
  wb_picks_clear (picks);
  wb_picks_add (picks, 0, "taliaferro");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_msg (strstr (step->summary, "commanded") != NULL && strstr (step->summary, "to Mt Sidney 1/12"),
                 "%s", step->summary);
  /* A road section full: no more destinations along it. */
  col_state (f.m)->moved[_wb_col_edge (f.data, _wb_col_loc_id (f.data, "staunton"),
                                       _wb_col_loc_id (f.data, "churchville"))->conn] = 8;
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert (!has_candidate (step, 1, "churchville"));
  ck_assert (has_candidate (step, 1, "heritage"));
  teardown (&f);

  /* The initiative: a button. */
  setup (&f);
  f.m->turn = 2;
  f.m->step = COL_INITIATIVE;
  wb_picks_clear (picks);
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert (has_button (step, "_Roll for the Initiative"));
  ck_assert_uint_eq (step->lists->len, 0);
  teardown (&f);

  /* The Supply Phase: a town, then a button per block a step may be
   * bought for and per detachment of the pool that may deploy there —
   * each block of a town its own button, whichever comes first. */
  setup (&f);
  set_strength (&f, "winder", 3);
  set_strength (&f, "campbell", 1);
  supply (&f, CSA);
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert_uint_eq (step->lists->len, 1);
  ck_assert (has_candidate (step, 0, "staunton"));
  ck_assert (!has_candidate (step, 0, "standardsville"));  /* four blocks at full strength */
  ck_assert_str_eq (step->summary, "2 SP left; detachments deployed 0 of 1");
  ck_assert_uint_eq (step->buttons->len, 0);
  ck_assert_ptr_null (action_text (&f, picks));
  wb_picks_add (picks, 0, "staunton");
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  /* Jackson's division is at Staunton: its six detachments of the pool. */
  ck_assert (has_button (step, "Deploy Jackson's infantry detachment 1 at Staunton"));
  ck_assert (has_button (step, "Deploy Jackson HQ detachment at Staunton"));
  ck_assert_msg (has_button (step, "Buy a Step for Stonewall Brigade (Winder) (1 SP)"), "%s",
                 ((WbStepButton *) g_ptr_array_index (step->buttons, 0))->label);
  ck_assert (has_button (step, "Buy a Step for 2nd Brigade (Campbell) (1 SP)"));
  ck_assert_uint_eq (step->buttons->len, 8);
  ck_assert_ptr_null (action_text (&f, picks));
  ok_action (&f, button_action (step, "Buy a Step for 2nd Brigade (Campbell) (1 SP)"));
  ck_assert_int_eq (strength (&f, "campbell"), 2);
  ck_assert_int_eq (strength (&f, "winder"), 3);
  /* Campbell given its step: Winder's button only, and the deployments. */
  g_clear_pointer (&step, wb_step_free);
  step = step_of (&f, picks);
  ck_assert (!has_button (step, "Buy a Step for 2nd Brigade (Campbell) (1 SP)"));
  ck_assert_uint_eq (step->buttons->len, 7);
  {
    g_autoptr(JsonNode) winder = json_node_init_object (json_node_alloc (),
                                                        button_action (step, "Buy a Step for Stonewall Brigade "
                                                                             "(Winder) (1 SP)"));

    json = json_to_string (winder, FALSE);
  }
  ck_assert_str_eq (json, "{\"type\":\"supply\",\"unit\":\"winder\"}");
  teardown (&f);
}
END_TEST

static Suite *
col_suite (void)
{
  Suite *s = suite_create ("columbia-block");
  TCase *tc = tcase_create ("campaign");

  tcase_add_test (tc, test_initiative);
  tcase_add_test (tc, test_activation);
  tcase_add_test (tc, test_command);
  tcase_add_test (tc, test_stragglers);
  tcase_add_test (tc, test_road_limits);
  tcase_add_test (tc, test_road_notes);
  tcase_add_test (tc, test_move_rate);
  tcase_add_test (tc, test_pinning);
  tcase_add_test (tc, test_rail);
  tcase_add_test (tc, test_way_inferred);
  tcase_add_test (tc, test_off_board);
  tcase_add_test (tc, test_static);
  tcase_add_test (tc, test_historical);
  tcase_add_test (tc, test_stacking);
  tcase_add_test (tc, test_supply);
  tcase_add_test (tc, test_detachments);
  tcase_add_test (tc, test_detachment_sidebar);
  tcase_add_test (tc, test_victory);
  tcase_add_test (tc, test_steps);
  tcase_add_test (tc, test_auto_odds);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (col_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
