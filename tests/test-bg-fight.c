/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-bg-fight"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"
#include "bg-fixture.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/bg/wb-bg-fight.h"
#include "rules/wb-play.h"
#include "rules/wb-hex-movement.h"

/* The Blue & Gray Campaign family's battles on the map (Base 11, 2; GG 3,
 * 11): the rulebook's Movement & Battle Example played through the
 * family's actions with typed dice, voluntary and forced retreats with
 * their destinations, a blocked forced retreat, Grant's re-roll, the
 * fortress capacity, and automatic games fought to the end and replayed
 * from their actions. */


static WbBgBattle *
board (Fixture *f)
{
  const WbBgBattle *b;
  guint attacker = 9;
  int loc = -1;

  ck_assert_int_gt (bg_state (f->m)->battle, 0);
  b = wb_bg_match_battle (f->m, &attacker, &loc);
  ck_assert_ptr_nonnull (b);
  ck_assert_int_eq (loc, bg_state (f->m)->battle - 1);
  ck_assert_uint_lt (attacker, 2);
  return (WbBgBattle *) b;
}

static WbBgBattleUnit *
slot_of (Fixture *f, const char *id)
{
  WbBgBattle *b = board (f);
  WbUnitState *u = unit (f, id);
  int slot = wb_bg_battle_find (b, (int) (u - &g_array_index (f->m->units, WbUnitState, 0)));

  ck_assert_msg (slot >= 0, "%s is not in the battle", id);
  return &b->units[slot];
}

static const char *
awaiting (Fixture *f)
{
  return f->family->awaiting (f->data, f->m);
}

/* Base 13: the example's moves (VI from Winchester across the mountain and
 * river, VIII through Salem, XIX to Salem), then the battle step. VIII is
 * the example's 4 SP block. */
static void
example_setup_full (Fixture *f, gboolean full)
{
  setup (f, "jackson-sheridan", "1864");
  f->physical = TRUE;
  clear_map (f, "vi", "viii", "xix", "eaa", NULL);
  put (f, "vi", "winchester");
  put (f, "viii", "front-royal");
  put (f, "xix", "harrisonburg");
  put (f, "eaa", "snickersville");
  unit (f, "viii")->halves = 8;
  movement (f, UNION, 3);
  ok (f, "{\"type\": \"move\", \"unit\": \"vi\", \"to\": \"snickersville\"}");
  if (full)
    {
      ok (f, "{\"type\": \"move\", \"unit\": \"viii\", \"to\": \"snickersville\"}");
      ok (f, "{\"type\": \"move\", \"unit\": \"xix\", \"to\": \"salem\"}");
    }
  ok (f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f->m->step, BG_FIRST_BATTLES);
  ok (f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
}

static void
example_setup (Fixture *f)
{
  example_setup_full (f, TRUE);
}

/* The last log line with @text carries exactly the dice @faces ("6 2 5"). */
static void
assert_line_dice (Fixture *f, const char *text, const char *faces)
{
  for (guint i = f->events->len; i-- > 0;)
    {
      WbLogEvent *e = g_ptr_array_index (f->events, i);
      g_autoptr(GString) got = g_string_new (NULL);

      if (strstr (e->text, text) == NULL)
        continue;
      for (guint k = 0; k < e->n_dice; k++)
        g_string_append_printf (got, k > 0 ? " %d" : "%d", e->dice[k]);
      ck_assert_msg (strcmp (got->str, faces) == 0, "%s: dice “%s”, not “%s”", e->text, got->str, faces);
      return;
    }
  ck_abort_msg ("no log line with “%s”", text);
}

START_TEST (test_example)
{
  Fixture f;
  g_autoptr(GPtrArray) offers = g_ptr_array_new ();

  example_setup (&f);
  ck_assert_int_eq (bg_state (f.m)->battle - 1, _wb_bg_loc_id (f.data, "snickersville"));
  /* VI in the river/mountain line, VIII in the line, EA defends, XIX may reinforce from Salem. */
  ck_assert_int_eq (slot_of (&f, "vi")->box, WB_BG_BOX_CROSSING);
  ck_assert (slot_of (&f, "vi")->flags & WB_BG_UNIT_RIVER);
  ck_assert (slot_of (&f, "vi")->flags & WB_BG_UNIT_MOUNTAIN);
  ck_assert_int_eq (slot_of (&f, "viii")->box, WB_BG_BOX_LINE);
  ck_assert_int_eq (slot_of (&f, "viii")->flags & WB_BG_UNIT_CROSSED, 0);   /* Salem-Snickersville: no crossing */
  ck_assert_int_eq (slot_of (&f, "eaa")->box, WB_BG_BOX_LINE);
  ck_assert_int_eq (slot_of (&f, "xix")->box, WB_BG_BOX_OFF);
  ck_assert (unit (&f, "eaa")->flags & WB_UNIT_REVEALED);
  /* Only a match of this family has a board: another family's state
   * means other things. */
  {
    WbRulesRef *rules = wb_game_get_rules (f.game);
    const char *family = rules->family;

    rules->family = "spi-blue-gray";
    ck_assert_ptr_null (wb_bg_match_battle (f.m, NULL, NULL));
    rules->family = family;
    ck_assert_ptr_nonnull (wb_bg_match_battle (f.m, NULL, NULL));
  }
  /* Nothing else while the battle runs. */
  refused (&f, "{\"type\": \"end_step\"}", "Finish the battle first");
  refused (&f, "{\"type\": \"battle_reinforce\", \"units\": []}", "");
  /* EA fires first: the defender is active, the button says Roll. */
  ck_assert_str_eq (awaiting (&f), "battle-fire");
  ck_assert_uint_eq (f.m->active, CSA);
  {
    g_autofree char *step = f.family->describe_step (f.data, f.m);
    ck_assert_str_eq (step, "Battle at Snickersville, Round 1: Battle fire (4 dice)");
  }
  f.family->offers (f.data, f.m, offers);
  ck_assert_uint_eq (offers->len, 1);
  ck_assert_str_eq (((WbOffer *) g_ptr_array_index (offers, 0))->label, "Roll");
  refused (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 6]}", "");   /* four dice to type */
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 6, 1, 2]}");
  ck_assert (logged (&f, "rolls 4 dice: 6 6 1 2"));
  ck_assert_str_eq (awaiting (&f), "battle-allocate");
  ck_assert_uint_eq (f.m->active, UNION);
  refused (&f, "{\"type\": \"battle_allocate\", \"units\": \"viii\"}", "list of units");
  refused (&f, "{\"type\": \"battle_allocate\", \"units\": [\"nobody\", 3]}", "not a unit of this battle");
  {
    g_autofree char *step = f.family->describe_step (f.data, f.m);
    ck_assert_str_eq (step, "Battle at Snickersville, Round 1: Apply hits");
  }
  ok (&f, "{\"type\": \"battle_allocate\", \"units\": [\"viii\", \"viii\"]}");
  ck_assert_int_eq (unit (&f, "viii")->halves, 4);   /* 4 → 2 SP on the map */
  /* VIII 3 dice, VI 3 (−1): one hit, on EA alone: 8 → 7. */
  ck_assert_str_eq (awaiting (&f), "battle-fire");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 2, 5, 1, 3, 4]}");
  ck_assert_int_eq (unit (&f, "eaa")->halves, 14);
  /* Each unit's line carries its own dice (the play window shows them). */
  assert_line_dice (&f, "Union VIII rolls 3 dice: 1 3 4", "1 3 4");
  assert_line_dice (&f, "Union VI rolls 3 dice (−1, across a river and a mountain): 6 2 5", "6 2 5");
  /* Morale: VIII rolls 5 and 2 against 3 and fails; EA rolls 3 and passes. */
  ck_assert_str_eq (awaiting (&f), "battle-morale");
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [5, 2]}");
  ck_assert_int_eq (slot_of (&f, "viii")->box, WB_BG_BOX_FAILED);
  assert_line_dice (&f, "Union VIII checks morale", "5 2");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [3]}");
  ck_assert_int_eq (slot_of (&f, "eaa")->box, WB_BG_BOX_LINE);
  /* Neither retreats: the Union stays; EA could not (Winchester and Salem
   * are where the Union came from, Base 11.4) and is not asked. */
  ck_assert_str_eq (awaiting (&f), "battle-decide");
  ck_assert (board (&f)->no_retreat[WB_BG_DEFENDER]);
  refused (&f, "{\"type\": \"battle_retreat\"}", "true or false");
  ok (&f, "{\"type\": \"battle_retreat\", \"retreat\": false}");
  /* XIX reinforces from Salem: 4 + 5 ≥ Sheridan's 8; it is in Snickersville now. */
  ck_assert_str_eq (awaiting (&f), "battle-reinforce");
  ck_assert_uint_eq (f.m->active, UNION);
  refused (&f, "{\"type\": \"battle_reinforce\", \"units\": [\"eaa\"]}", "");
  ok (&f, "{\"type\": \"battle_reinforce\", \"units\": [\"xix\"], \"rolls\": [4, 5]}");
  assert_line_dice (&f, "Union XIX reinforces", "4 5");
  ck_assert_str_eq (where (&f, "xix"), "snickersville");
  ck_assert (unit (&f, "xix")->flags & BG_FOUGHT);
  ck_assert_int_eq (slot_of (&f, "xix")->box, WB_BG_BOX_LINE);
  /* Round two: VI moves to the line. */
  ck_assert_int_eq (board (&f)->round, 2);
  ck_assert_int_eq (slot_of (&f, "vi")->box, WB_BG_BOX_LINE);
  ck_assert_int_eq (wb_bg_battle_unit_dice (board (&f), slot_of (&f, "vi") - board (&f)->units), 4);
  ck_assert_str_eq (awaiting (&f), "battle-fire");
  ck_assert_uint_eq (f.m->active, CSA);
  for (guint i = 0; i < offers->len; i++)
    {
      g_free (((WbOffer *) g_ptr_array_index (offers, i))->label);
      json_object_unref (((WbOffer *) g_ptr_array_index (offers, i))->action);
      g_free (g_ptr_array_index (offers, i));
    }
  teardown (&f);
}
END_TEST

/* Base 11.3, 11.4: the attacker retreats voluntarily after round one: the
 * defender's retreat fire (one die per infantry unit), then the attacker
 * goes back only to a location it attacked from. */
/* Issue 14 item 2, roles not names: the example's crossings renamed, a
 * "creek" with the river-crossing role and a "ridge" with the
 * mountain-crossing role cost VI the die the river and the mountain did;
 * without the roles they are only names and cost nothing. */
START_TEST (test_crossing_roles)
{
  for (int with_roles = 1; with_roles >= 0; with_roles--)
    {
      Fixture f;
      WbGame *game = load_edited ("jackson-sheridan",
                                  "{\"id\": \"mountain\", \"name\": \"Mountain\"", "{\"id\": \"ridge\", \"name\": \"Ridge\"",
                                  "{\"id\": \"river\", \"name\": \"River\"", "{\"id\": \"creek\", \"name\": \"Creek\"",
                                  "[\"mountain\"", "[\"ridge\"", "[\"river\"", "[\"creek\"", "\"river\"]", "\"creek\"]",
                                  "\"roles\": [\"river-crossing\"]",
                                  with_roles ? "\"roles\": [\"river-crossing\"]" : "\"roles\": []",
                                  "\"roles\": [\"mountain-crossing\"]",
                                  with_roles ? "\"roles\": [\"mountain-crossing\"]" : "\"roles\": []", NULL);

      ck_assert_ptr_null (wb_game_find_feature (game, "river"));
      setup_game (&f, game, "1864");
      f.physical = TRUE;
      clear_map (&f, "vi", "viii", "xix", "eaa", NULL);
      put (&f, "vi", "winchester");
      put (&f, "eaa", "snickersville");
      movement (&f, UNION, 3);
      ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"to\": \"snickersville\"}");
      ok (&f, "{\"type\": \"end_step\"}");
      ok (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
      if (with_roles)
        {
          ck_assert_int_eq (slot_of (&f, "vi")->box, WB_BG_BOX_CROSSING);
          ck_assert (slot_of (&f, "vi")->flags & WB_BG_UNIT_RIVER);
          ck_assert (slot_of (&f, "vi")->flags & WB_BG_UNIT_MOUNTAIN);
        }
      else
        {
          ck_assert_int_eq (slot_of (&f, "vi")->box, WB_BG_BOX_LINE);
          ck_assert_int_eq (slot_of (&f, "vi")->flags & WB_BG_UNIT_CROSSED, 0);
        }
      teardown (&f);
    }
}
END_TEST

START_TEST (test_voluntary_retreat)
{
  Fixture f;

  example_setup (&f);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 2]}");        /* EA: no hit */
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 2, 3, 1, 3, 4]}");  /* no hit */
  ck_assert_str_eq (awaiting (&f), "battle-decide");
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"battle_retreat\", \"retreat\": true}");
  /* EA's retreat fire: one die, a 6: one hit for the Union to allocate. */
  ck_assert_str_eq (awaiting (&f), "battle-retreat-fire");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6]}");
  ck_assert_str_eq (awaiting (&f), "battle-allocate");
  ok (&f, "{\"type\": \"battle_allocate\", \"units\": [\"vi\"]}");
  ck_assert_int_eq (unit (&f, "vi")->halves, 22);
  /* Where to: Winchester or Salem (attacked from), not Manassas. */
  ck_assert_str_eq (awaiting (&f), "battle-retreat-to");
  ck_assert_uint_eq (f.m->active, UNION);
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"manassas\"}", "cannot retreat");
  refused (&f, "{\"type\": \"battle_roll\"}", "retreating units go first");
  ok (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"salem\"}");
  ck_assert_str_eq (where (&f, "vi"), "salem");
  ck_assert_str_eq (where (&f, "viii"), "salem");
  ck_assert_str_eq (where (&f, "eaa"), "snickersville");
  ck_assert (unit (&f, "vi")->flags & BG_FOUGHT);
  ck_assert (unit (&f, "eaa")->flags & BG_FOUGHT);
  ck_assert_int_eq (unit (&f, "eaa")->flags & WB_UNIT_REVEALED, 0);
  ck_assert_int_eq (bg_state (f.m)->battle, 0);
  ck_assert_ptr_null (wb_bg_match_battle (f.m, NULL, NULL));
  ck_assert_str_eq (awaiting (&f), "battle");
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"end_step\"}");
  teardown (&f);
}
END_TEST

/* Base 11.3, 11.4: EA alone fails morale: a forced retreat; the Union's
 * retreat fire; XIX enters without a roll; EA retreats two locations,
 * not where the enemy came from. */
START_TEST (test_forced_retreat)
{
  Fixture f;
  int n;

  /* VI attacks alone from Winchester; VIII stays in Front Royal. */
  example_setup_full (&f, FALSE);
  ck_assert (!board (&f)->no_retreat[WB_BG_DEFENDER]);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 2]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 2, 3]}");   /* one hit on EA */
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6]}");         /* EA fails (morale 4) */
  /* Forced retreat: the Union fires a normal battle fire. */
  ck_assert_str_eq (awaiting (&f), "battle-retreat-fire");
  ck_assert_uint_eq (f.m->active, UNION);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 1, 1, 1]}");
  ck_assert_int_eq (unit (&f, "eaa")->halves, 12);
  ck_assert_str_eq (awaiting (&f), "battle-retreat-to");
  ck_assert_uint_eq (f.m->active, CSA);
  /* Two locations: through Salem to Manassas; not Front Royal (VIII is
   * there), not Salem (one location), not Winchester (the attacker came
   * from there). */
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"salem\"}", "cannot retreat");
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"winchester\"}", "cannot retreat");
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"front-royal\"}", "cannot retreat");
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": 7}", "cannot retreat");
  ok (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"manassas\"}");
  ck_assert_str_eq (where (&f, "eaa"), "manassas");
  ck_assert_str_eq (where (&f, "vi"), "snickersville");
  ck_assert_int_eq (bg_state (f.m)->battle, 0);
  (void) n;
  teardown (&f);

  /* Snickersville's only other road leads to Salem, where XIX is: EA has
   * nowhere to go and a forced retreat eliminates it. */
  example_setup (&f);
  n = 0;
  ck_assert (board (&f)->no_retreat[WB_BG_DEFENDER]);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 2]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 2, 3, 1, 3, 4]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6]}");
  for (; n < 4 && bg_state (f.m)->battle > 0; n++)
    {
      ok (&f, g_str_has_prefix (awaiting (&f), "battle-reinforce") ? "{\"type\": \"battle_reinforce\", \"units\": []}"
                                                                  : "{\"type\": \"battle_roll\", \"rolls\": [1,1,1,1,1,1,1,1]}");
    }
  ck_assert_int_eq (bg_state (f.m)->battle, 0);
  ck_assert_int_eq (unit (&f, "eaa")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert (logged (&f, "all its units are eliminated"));
  teardown (&f);
}
END_TEST

/* Plays the battle on with typed 1s (no hits, morale passed) and no
 * reinforcement until it ends; the Union retreats when @union_retreats,
 * to the first location offered. */
static void
play_out_retreat (Fixture *f, gboolean union_retreats)
{
  for (int n = 0; n < 20 && bg_state (f->m)->battle > 0; n++)
    {
      const char *what = awaiting (f);

      if (strcmp (what, "battle-retreat-to") == 0)
        {
          g_autoptr(GPtrArray) offers = g_ptr_array_new ();
          g_autofree char *json = NULL;
          WbOffer *o;

          f->family->offers (f->data, f->m, offers);
          ck_assert_uint_gt (offers->len, 0);
          o = g_ptr_array_index (offers, 0);
          json = g_strdup_printf ("{\"type\": \"battle_retreat_to\", \"to\": \"%s\"}",
                                  json_object_get_string_member (o->action, "to"));
          for (guint i = 0; i < offers->len; i++)
            {
              o = g_ptr_array_index (offers, i);
              g_free (o->label);
              json_object_unref (o->action);
              g_free (o);
            }
          ok (f, json);
        }
      else if (strcmp (what, "battle-decide") == 0)
        ok (f, union_retreats && f->m->active == UNION ? "{\"type\": \"battle_retreat\", \"retreat\": true}"
                                                      : "{\"type\": \"battle_retreat\", \"retreat\": false}");
      else
        ok (f, strcmp (what, "battle-reinforce") == 0 ? "{\"type\": \"battle_reinforce\", \"units\": []}"
               : "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}");
    }
  ck_assert_int_eq (bg_state (f->m)->battle, 0);
}

static void
play_out (Fixture *f)
{
  play_out_retreat (f, FALSE);
}

/* J&S 1862: Jackson's last infantry falls, his line is empty and every
 * road out is held or was the attacker's: all eliminated, and the Jackson
 * leader's elimination is the Union's automatic victory (J&S 12), checked
 * at once after the battle. */
START_TEST (test_jackson_eliminated)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1862");
  f.physical = TRUE;
  clear_map (&f, "f", "b", "ja", "jackson", NULL);
  put (&f, "f", "snickersville");
  put (&f, "b", "salem");
  put (&f, "ja", "snickersville");
  put (&f, "jackson", "snickersville");
  unit (&f, "ja")->halves = 2;
  f.m->step = f.m->first_side == UNION ? BG_FIRST_BATTLES : BG_SECOND_BATTLES;
  f.m->active = UNION;
  unit (&f, "f")->data[BG_DATA_FROM] = _wb_bg_loc_id (f.data, "winchester") + 1;
  ok (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
  ck_assert_int_eq (slot_of (&f, "jackson")->box, WB_BG_BOX_RESERVE);
  ck_assert_int_eq (slot_of (&f, "b")->box, WB_BG_BOX_OFF);   /* may reinforce from Salem */
  ck_assert (board (&f)->no_retreat[WB_BG_DEFENDER]);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 1, 1]}");   /* ja: 1 SP, eliminated */
  play_out (&f);
  ck_assert_int_eq (unit (&f, "ja")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert_int_eq (unit (&f, "jackson")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert (f.m->over);
  ck_assert_int_eq (bg_state (f.m)->winner, UNION + 1);
  teardown (&f);
}
END_TEST

/* Base 11.4: with no other way out the defender may retreat into an
 * adjacent battle location, where it stands in the failed morale box. */
START_TEST (test_retreat_into_battle)
{
  Fixture f;

  setup (&f, "jackson-sheridan", "1864");
  f.physical = TRUE;
  clear_map (&f, "vi", "viii", "eaa", "eab", NULL);
  put (&f, "vi", "winchester");
  put (&f, "viii", "front-royal");
  put (&f, "eaa", "snickersville");
  put (&f, "eab", "salem");
  movement (&f, UNION, 3);
  ok (&f, "{\"type\": \"move\", \"unit\": \"vi\", \"to\": \"snickersville\"}");
  ok (&f, "{\"type\": \"move\", \"unit\": \"viii\", \"to\": \"salem\"}");
  ok (&f, "{\"type\": \"end_step\"}");
  ok (&f, "{\"type\": \"battle\", \"location\": \"snickersville\"}");
  /* VIII is in a battle of its own at Salem: not a candidate here. */
  ck_assert_int_eq (wb_bg_battle_find (board (&f), (int) (unit (&f, "viii") - &g_array_index (f.m->units, WbUnitState, 0))), -1);
  ck_assert (!board (&f)->no_retreat[WB_BG_DEFENDER]);
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 1]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1]}");
  ck_assert_str_eq (awaiting (&f), "battle-decide");
  ok (&f, "{\"type\": \"battle_retreat\", \"retreat\": false}");
  ck_assert_uint_eq (f.m->active, CSA);
  ok (&f, "{\"type\": \"battle_retreat\", \"retreat\": true}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1]}");   /* VI: one die */
  ck_assert_str_eq (awaiting (&f), "battle-retreat-to");
  refused (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"winchester\"}", "cannot retreat");
  ok (&f, "{\"type\": \"battle_retreat_to\", \"to\": \"salem\"}");
  ck_assert_str_eq (where (&f, "eaa"), "salem");
  ck_assert (logged (&f, "into the battle there"));
  /* The battle at Salem: EA in the failed morale box, EB in the line. */
  ok (&f, "{\"type\": \"battle\", \"location\": \"salem\"}");
  ck_assert_int_eq (slot_of (&f, "eaa")->box, WB_BG_BOX_FAILED);
  ck_assert_int_eq (slot_of (&f, "eab")->box, WB_BG_BOX_LINE);
  ck_assert_int_eq (slot_of (&f, "viii")->box, WB_BG_BOX_CROSSING);   /* over the mountain from Front Royal */
  play_out_retreat (&f, TRUE);
  ck_assert_str_eq (where (&f, "viii"), "front-royal");
  ck_assert_int_eq (unit (&f, "eaa")->flags & BG_RETREATED_IN, 0);
  teardown (&f);
}
END_TEST

/* Units put straight into a battle in Grant's Gamble: the Union attacks
 * @loc, coming from @from. */
static void
gg_battle (Fixture *f, const char *loc, const char *from)
{
  f->m->step = f->m->first_side == UNION ? BG_FIRST_BATTLES : BG_SECOND_BATTLES;
  f->m->active = UNION;
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);
      if (u->side == UNION && u->where.kind == WB_WHERE_LOCATION && g_strcmp0 (u->where.place, loc) == 0)
        u->data[BG_DATA_FROM] = _wb_bg_loc_id (f->data, from) + 1;
    }
  {
    g_autofree char *json = g_strdup_printf ("{\"type\": \"battle\", \"location\": \"%s\"}", loc);
    ok (f, json);
  }
}

/* GG 11: Grant in reserve re-rolls one failed morale check a round. */
START_TEST (test_grant_reroll)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "grant", "union-vi", "union-ix", "csa-g-disputania", NULL);
  put (&f, "grant", "disputania");
  put (&f, "union-vi", "disputania");
  put (&f, "union-ix", "disputania");
  put (&f, "csa-g-disputania", "disputania");
  gg_battle (&f, "disputania", "city-point");
  ck_assert (slot_of (&f, "grant")->flags & WB_BG_UNIT_GRANT);
  ck_assert_int_eq (slot_of (&f, "grant")->box, WB_BG_BOX_RESERVE);
  ck_assert_str_eq (awaiting (&f), "battle-fire");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6, 1, 1]}");          /* the garrison: one hit */
  ck_assert_str_eq (awaiting (&f), "battle-allocate");
  ok (&f, "{\"type\": \"battle_allocate\", \"units\": [\"union-vi\"]}");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [1, 1, 1, 1, 1, 1, 1, 1]}");   /* no hit */
  ck_assert_str_eq (awaiting (&f), "battle-morale");
  ok (&f, "{\"type\": \"battle_roll\", \"rolls\": [6]}");                /* VI fails */
  ck_assert_str_eq (awaiting (&f), "battle-reroll");
  ck_assert_uint_eq (f.m->active, UNION);
  refused (&f, "{\"type\": \"battle_reroll\", \"unit\": \"csa-g-disputania\"}", "");
  refused (&f, "{\"type\": \"battle_reroll\", \"unit\": 5}", "not a unit of this battle");
  ok (&f, "{\"type\": \"battle_reroll\", \"unit\": \"union-vi\", \"rolls\": [2]}");
  ck_assert_int_eq (slot_of (&f, "union-vi")->box, WB_BG_BOX_LINE);
  ck_assert_str_ne (awaiting (&f), "battle-reroll");
  teardown (&f);
}
END_TEST

/* Base 2, 11.1: Petersburg holds two defending units in its fortified
 * city line; with more the defender chooses. */
START_TEST (test_fortress)
{
  Fixture f;

  setup (&f, "grants-gamble", "campaign");
  f.physical = TRUE;
  clear_map (&f, "union-vi", "csa-g-petersburg", "csa-i-a", "csa-iii", NULL);
  put (&f, "union-vi", "petersburg");
  put (&f, "csa-g-petersburg", "petersburg");
  put (&f, "csa-i-a", "petersburg");
  put (&f, "csa-iii", "petersburg");
  gg_battle (&f, "petersburg", "city-point");
  ck_assert_int_eq (board (&f)->fortress_capacity, 2);
  ck_assert_str_eq (awaiting (&f), "battle-deploy");
  ck_assert_uint_eq (f.m->active, CSA);
  refused (&f, "{\"type\": \"battle_fortify\", \"units\": [\"csa-g-petersburg\", \"csa-i-a\", \"csa-iii\"]}", "holds 2");
  refused (&f, "{\"type\": \"battle_fortify\", \"units\": [\"union-vi\"]}", "");
  ok (&f, "{\"type\": \"battle_fortify\", \"units\": [\"csa-i-a\", \"csa-iii\"]}");
  ck_assert_int_eq (slot_of (&f, "csa-i-a")->box, WB_BG_BOX_FORTIFIED);
  ck_assert_int_eq (slot_of (&f, "csa-iii")->box, WB_BG_BOX_FORTIFIED);
  ck_assert_int_eq (slot_of (&f, "csa-g-petersburg")->box, WB_BG_BOX_LINE);
  ck_assert_str_eq (awaiting (&f), "battle-fire");
  teardown (&f);
}
END_TEST

/* GG 12: both Confederate rail lines cut at the end of the last turn: no
 * Confederate unit reinforces a battle this turn; the next turn they may
 * again. */
START_TEST (test_rail_cut_no_reinforcements)
{
  for (int cut = 0; cut <= 1; cut++)
    {
      Fixture f;

      setup (&f, "grants-gamble", "campaign");
      f.physical = TRUE;
      clear_map (&f, "union-vi", "csa-g-petersburg", "csa-iii", NULL);
      put (&f, "union-vi", "petersburg");
      put (&f, "csa-g-petersburg", "petersburg");
      put (&f, "csa-iii", "chesterfield-ch");
      if (cut)
        {
          bg_state (f.m)->rail_cut = f.m->turn;
          bg_state (f.m)->rail_cut_side = CSA + 1;
        }
      gg_battle (&f, "petersburg", "city-point");
      if (cut)
        {
          ck_assert_int_lt (wb_bg_battle_find (board (&f), (int) (unit (&f, "csa-iii") -
                                                               &g_array_index (f.m->units, WbUnitState, 0))), 0);
          ck_assert (logged (&f, "rail lines were cut last turn: no reinforcements"));
        }
      else
        {
          ck_assert_ptr_nonnull (slot_of (&f, "csa-iii"));
          ck_assert_int_eq (slot_of (&f, "csa-iii")->box, WB_BG_BOX_OFF);
          ck_assert (!logged (&f, "rail lines were cut"));
        }
      teardown (&f);
    }
}
END_TEST

/* Automatic games of the three scenarios fight their battles to the end;
 * each is replayed by applying its actions to a fresh match, straight
 * through the family (the engine's replay is tested by the auto-games
 * test and test-gui-play-bg-game), which must end in the same state. */
static guint n_battle_actions, n_retreats;

static void
assert_same (WbMatch *a, WbMatch *b)
{
  ck_assert_int_eq (a->turn, b->turn);
  ck_assert_int_eq (a->step, b->step);
  ck_assert_uint_eq (a->active, b->active);
  ck_assert_int_eq (a->over, b->over);
  ck_assert_int_eq (a->vp[0], b->vp[0]);
  ck_assert_int_eq (a->vp[1], b->vp[1]);
  ck_assert_uint_eq (a->fstate_size, b->fstate_size);
  ck_assert (a->fstate_size == 0 || memcmp (a->fstate, b->fstate, a->fstate_size) == 0);
  for (guint i = 0; i < a->units->len; i++)
    {
      WbUnitState *x = &g_array_index (a->units, WbUnitState, i), *y = &g_array_index (b->units, WbUnitState, i);

      ck_assert_msg (wb_where_equal (&x->where, &y->where), "%s", x->id);
      ck_assert_int_eq (x->halves, y->halves);
      ck_assert_uint_eq (x->flags, y->flags);
      ck_assert (memcmp (x->data, y->data, sizeof x->data) == 0);
    }
}

static void
auto_game (const char *game, const char *scenario, guint64 seed)
{
  Fixture f, r;
  g_autoptr(GPtrArray) played = g_ptr_array_new_with_free_func (g_free);
  WbRng rng;
  int n = 0;

  setup (&f, game, scenario);
  wb_rng_seed (&rng, seed, 1);
  wb_rng_seed (&f.m->rng, seed, 2);
  while (!f.m->over && n < 30000)
    {
      g_autoptr(JsonObject) a = f.family->suggest (f.data, f.m, &rng);
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(GError) error = NULL;
      WbRuleContext ctx = { f.settings, f.events, f.family->checks, f.family->n_checks };
      char *text;
      const char *type;

      ck_assert_ptr_nonnull (a);
      node = json_node_init_object (json_node_alloc (), a);
      text = json_to_string (node, FALSE);
      ck_assert_msg (f.family->apply (f.data, f.m, a, &ctx, &error) == WB_APPLY_DONE,
                     "%s %s seed %" G_GUINT64_FORMAT " turn %d: %s: %s", game, scenario, seed, f.m->turn, text,
                     error ? error->message : "");
      g_ptr_array_add (played, text);
      type = json_object_get_string_member (a, "type");
      n_battle_actions += g_str_has_prefix (type, "battle_");
      n_retreats += g_strcmp0 (type, "battle_retreat_to") == 0;
      n++;
    }
  ck_assert_msg (f.m->over, "%s %s seed %" G_GUINT64_FORMAT " did not end", game, scenario, seed);
  ck_assert_int_eq (bg_state (f.m)->battle, 0);
  /* The replay. */
  setup (&r, game, scenario);
  wb_rng_seed (&r.m->rng, seed, 2);
  for (guint i = 0; i < played->len; i++)
    ok (&r, g_ptr_array_index (played, i));
  assert_same (f.m, r.m);
  teardown (&r);
  teardown (&f);
}

START_TEST (test_auto_games)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      auto_game ("jackson-sheridan", "1862", seed);
      auto_game ("jackson-sheridan", "1864", seed);
      auto_game ("grants-gamble", "campaign", seed);
    }
  ck_assert_uint_gt (n_battle_actions, 100);
  ck_assert_uint_gt (n_retreats, 0);
}
END_TEST

static Suite *
bg_fight_suite (void)
{
  Suite *s = suite_create ("bg-fight");
  TCase *tc = tcase_create ("core");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_example);
  tcase_add_test (tc, test_crossing_roles);
  tcase_add_test (tc, test_voluntary_retreat);
  tcase_add_test (tc, test_forced_retreat);
  tcase_add_test (tc, test_jackson_eliminated);
  tcase_add_test (tc, test_retreat_into_battle);
  tcase_add_test (tc, test_grant_reroll);
  tcase_add_test (tc, test_fortress);
  tcase_add_test (tc, test_rail_cut_no_reinforcements);
  tcase_add_test (tc, test_auto_games);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bg_fight_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
