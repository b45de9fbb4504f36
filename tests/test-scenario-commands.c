/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-scenario-commands"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

#include "command-checks.h"

/* The scenario commands (set-up lines, reinforcements, markers, boxes, the
 * turn track, scenarios) on the bundled Wilderness game: each applies,
 * reverts to the same file text, redoes, and refuses bad references with
 * the right error code; and the stacking check for each form of the rule. */


static WbScenario *
historical (WbGame *game)
{
  WbScenario *s = wb_game_find_scenario (game, "historical");

  ck_assert_ptr_nonnull (s);
  return s;
}

static int
find_line (WbScenario *scenario, const char *unit)
{
  GPtrArray *setup = wb_scenario_get_setup (scenario);

  for (guint i = 0; i < setup->len; i++)
    if (g_strcmp0 (((WbSetup *) g_ptr_array_index (setup, i))->unit, unit) == 0)
      return (int) i;
  return -1;
}

static const char *
first_place (WbScenario *scenario, const char *unit)
{
  const WbPlace *p = wb_scenario_find_setup (scenario, unit, NULL);

  return p != NULL ? p->ref : NULL;
}

START_TEST (test_places)
{
  g_autoptr(WbGame) game = wilderness ();
  WbScenario *scenario = historical (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) places = wb_place_array_new ();
  WbPlace p = { WB_PLACE_HEX, NULL };
  g_autofree char *text = NULL;

  ck_assert (wb_scenario_parse_place (game, scenario, " 414 ", &p, &error));
  ck_assert_int_eq (p.kind, WB_PLACE_HEX);
  ck_assert_str_eq (p.ref, "0414");
  g_free (p.ref);

  ck_assert (!wb_scenario_parse_place (game, scenario, "4040", &p, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
  g_clear_error (&error);
  ck_assert (!wb_scenario_parse_place (game, scenario, "Richmond", &p, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_clear_error (&error);
  ck_assert (!wb_scenario_parse_place (game, scenario, "  ", &p, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_clear_error (&error);

  ck_assert (wb_scenario_parse_places (game, scenario, "0728, 627", places, &error));
  ck_assert_uint_eq (places->len, 2);
  text = wb_scenario_format_places (game, scenario, places);
  ck_assert_str_eq (text, "0728, 0627");

  /* Map points: the hex there, nothing off the map. */
  {
    WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "wilderness"));
    WbOffset hex;
    double x, y;

    ck_assert (wb_hex_map_parse_hex (map, "0514", &hex));
    wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex, &x, &y);
    ck_assert (wb_scenario_place_at_point (game, scenario, x + 2, y - 2, 10, &p));
    ck_assert_int_eq (p.kind, WB_PLACE_HEX);
    ck_assert_str_eq (p.ref, "0514");
    g_free (p.ref);
    ck_assert (!wb_scenario_place_at_point (game, scenario, -400, -400, 10, &p));
  }

  p.kind = WB_PLACE_LOCATION;
  p.ref = (char *) "richmond";
  ck_assert (!wb_scenario_check_place (game, scenario, &p, TRUE, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_clear_error (&error);
  p.kind = WB_PLACE_BOX;
  p.ref = (char *) "off-board";
  ck_assert (!wb_scenario_check_place (game, scenario, &p, TRUE, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
}
END_TEST

/* On a map numbered with letters, typed places take lower case and a
 * dropped zero and are stored as the map prints them; a malformed number
 * says what one looks like. */
START_TEST (test_places_lettered)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "wilderness"));
  WbHexNumbering lettered = { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 2 };
  g_autoptr(WbCommand) cmd = wb_command_set_hex_numbering_new (game, map, &lettered);
  g_autoptr(GError) error = NULL;
  WbPlace p = { WB_PLACE_HEX, NULL };

  ck_assert_str_eq (first_place (scenario, "stafford"), "0414");
  ck_assert_msg (wb_undo_stack_push (stack, cmd, &error), "%s", error ? error->message : "");
  ck_assert_str_eq (first_place (scenario, "stafford"), "D14");

  ck_assert (wb_scenario_parse_place (game, scenario, " c7 ", &p, &error));
  ck_assert_int_eq (p.kind, WB_PLACE_HEX);
  ck_assert_str_eq (p.ref, "C07");
  g_clear_pointer (&p.ref, g_free);
  ck_assert (wb_scenario_check_place (game, scenario, &(WbPlace) { WB_PLACE_HEX, (char *) "W28" }, TRUE, NULL));

  ck_assert (!wb_scenario_parse_place (game, scenario, "ab7", &p, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  ck_assert_msg (strstr (error->message, "“AB7” is not a hex number: a column is one letter, written once or more") &&
                 strstr (error->message, "nor is it a box of the scenario"), "%s", error->message);
  g_clear_error (&error);
  ck_assert (!wb_scenario_parse_place (game, scenario, "X07", &p, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
  g_clear_error (&error);
  /* The old digits are no hex of this map any more. */
  ck_assert (!wb_scenario_check_place (game, scenario, &(WbPlace) { WB_PLACE_HEX, (char *) "0414" }, TRUE, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  ck_assert_msg (strstr (error->message, "“0414” is not a hex number: expected the column’s letters then the row’s number, such as “A01”"),
                 "%s", error->message);
}
END_TEST

START_TEST (test_setup_lines)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  guint n = wb_scenario_get_setup (scenario)->len;
  WbSetup *line = wb_setup_new ("hunton");
  int i;

  /* Add a line with choices and a note, at the front. */
  wb_place_array_add (line->at, WB_PLACE_HEX, "0118");
  wb_place_array_add (line->at, WB_PLACE_HEX, "0128");
  line->note = g_strdup ("either road");
  push_and_check_revert (game, stack, wb_command_add_setup_new (game, scenario, line, 0));
  ck_assert_uint_eq (wb_scenario_get_setup (scenario)->len, n + 1);
  ck_assert_int_eq (find_line (scenario, "hunton"), 0);

  /* The same unit with the same tags again; bad references. */
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_INVALID, "already in the set-up");
  line->option = g_intern_string ("pickett");
  push_and_check_revert (game, stack, wb_command_add_setup_new (game, scenario, line, -1));
  line->option = g_intern_string ("no-such-option");
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "no-such-option");
  line->option = NULL;
  line->unit = g_intern_string ("nobody");
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "nobody");
  line->unit = g_intern_string ("corse");
  g_array_set_size (line->at, 0);
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_INVALID, NULL);
  wb_place_array_add (line->at, WB_PLACE_HEX, "2940");
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_OFF_MAP, "2940");
  g_array_set_size (line->at, 0);
  wb_place_array_add (line->at, WB_PLACE_BOX, "off-board");
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "off-board");
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, 1000),
              WB_COMMAND_ERROR_RANGE, NULL);
  /* Positions at the end of int's range are named, not overflowed (UBSan). */
  push_fails (game, stack, wb_command_add_setup_new (game, scenario, line, G_MAXINT),
              WB_COMMAND_ERROR_RANGE, "Position 2147483648 is past");
  push_fails (game, stack, wb_command_edit_setup_new (game, scenario, G_MAXINT, line),
              WB_COMMAND_ERROR_NOT_FOUND, "no entry 2147483648");
  push_fails (game, stack, wb_command_remove_setup_new (game, scenario, G_MAXUINT),
              WB_COMMAND_ERROR_NOT_FOUND, "no entry 4294967296");
  push_fails (game, stack, wb_command_move_setup_new (game, scenario, 0, G_MAXUINT),
              WB_COMMAND_ERROR_RANGE, "no entry 4294967296");

  /* Edit stafford's line: another hex and an unless tag. */
  i = find_line (scenario, "stafford");
  ck_assert_int_ge (i, 0);
  {
    WbSetup *edit = wb_setup_copy (g_ptr_array_index (wb_scenario_get_setup (scenario), i));

    g_array_set_size (edit->at, 0);
    wb_place_array_add (edit->at, WB_PLACE_HEX, "0514");
    edit->unless = g_intern_string ("lethargic");
    push_and_check_revert (game, stack, wb_command_edit_setup_new (game, scenario, (guint) i, edit));
    ck_assert_str_eq (first_place (scenario, "stafford"), "0514");
    /* Editing a line again with its own unit and tags. */
    ((WbPlace *) edit->at->data)->ref[3] = '5';
    push_and_check_revert (game, stack, wb_command_edit_setup_new (game, scenario, (guint) i, edit));
    ck_assert_str_eq (first_place (scenario, "stafford"), "0515");
    push_fails (game, stack, wb_command_edit_setup_new (game, scenario, 5000, edit),
                WB_COMMAND_ERROR_NOT_FOUND, NULL);
    wb_setup_free (edit);
  }

  /* Move and remove. */
  i = find_line (scenario, "stonewall");
  push_and_check_revert (game, stack, wb_command_move_setup_new (game, scenario, (guint) i, 0));
  ck_assert_int_eq (find_line (scenario, "stonewall"), 0);
  push_fails (game, stack, wb_command_move_setup_new (game, scenario, 0, 5000),
              WB_COMMAND_ERROR_RANGE, NULL);
  push_and_check_revert (game, stack, wb_command_remove_setup_new (game, scenario, 0));
  ck_assert_int_eq (find_line (scenario, "stonewall"), -1);
  push_fails (game, stack, wb_command_remove_setup_new (game, scenario, 5000),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);

  /* Everything undone: the game as loaded. */
  {
    g_autoptr(WbGame) fresh = wilderness ();
    g_autofree char *a = dump (fresh);
    g_autofree char *b = NULL;

    while (wb_undo_stack_undo (stack))
      ;
    b = dump (game);
    ck_assert_str_eq (a, b);
  }
  wb_setup_free (line);
}
END_TEST

START_TEST (test_place_unit)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  guint n = wb_scenario_get_setup (scenario)->len;
  WbPlace p = { WB_PLACE_HEX, (char *) "0514" };
  WbCommand *cmd;

  ck_assert_str_eq (first_place (scenario, "stafford"), "0414");
  cmd = wb_command_place_unit_new (game, scenario, "stafford", &p);
  ck_assert_str_eq (wb_command_get_label (cmd), "Place Stafford's Brigade at 0514");
  push_and_check_revert (game, stack, cmd);
  ck_assert_str_eq (first_place (scenario, "stafford"), "0514");
  ck_assert_uint_eq (wb_scenario_get_setup (scenario)->len, n);

  /* A unit not set up yet gets a new line. */
  push_and_check_revert (game, stack, wb_command_place_unit_new (game, scenario, "hunton", &p));
  ck_assert_str_eq (first_place (scenario, "hunton"), "0514");
  ck_assert_uint_eq (wb_scenario_get_setup (scenario)->len, n + 1);

  p.ref = (char *) "9999";
  push_fails (game, stack, wb_command_place_unit_new (game, scenario, "stafford", &p),
              WB_COMMAND_ERROR_OFF_MAP, NULL);
  p.ref = (char *) "0515";
  push_fails (game, stack, wb_command_place_unit_new (game, scenario, "ghost", &p),
              WB_COMMAND_ERROR_NOT_FOUND, "ghost");
}
END_TEST

START_TEST (test_reinforcements)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  GPtrArray *list = wb_scenario_get_reinforcements (scenario);
  guint n = list->len;
  WbReinforcement *r = wb_reinforcement_new (5);
  WbReinforcement *got;

  wb_place_array_add (r->at, WB_PLACE_HEX, "1010");
  g_ptr_array_add (r->units, (gpointer) g_intern_string ("corse"));
  r->condition = g_strdup ("if the Union holds 1415");
  push_and_check_revert (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1));
  ck_assert_uint_eq (list->len, n + 1);
  got = g_ptr_array_index (list, n);
  ck_assert_int_eq (got->turn, 5);
  ck_assert_str_eq (got->condition, "if the Union holds 1415");

  /* An entry area instead of a hex. */
  g_array_set_size (r->at, 0);
  r->area = g_intern_string ("orange-turnpike");
  r->turn = 6;
  push_and_check_revert (game, stack, wb_command_edit_reinforcement_new (game, scenario, n, r));
  ck_assert_str_eq (((WbReinforcement *) g_ptr_array_index (list, n))->area, "orange-turnpike");

  r->area = g_intern_string ("nowhere");
  push_fails (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "nowhere");
  r->area = NULL;
  push_fails (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1),
              WB_COMMAND_ERROR_INVALID, NULL);
  wb_place_array_add (r->at, WB_PLACE_HEX, "0118");
  r->turn = 17;
  push_fails (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1),
              WB_COMMAND_ERROR_RANGE, "17");
  r->turn = 0;
  push_fails (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1),
              WB_COMMAND_ERROR_RANGE, NULL);
  r->turn = 3;
  g_ptr_array_add (r->units, (gpointer) g_intern_string ("ghost"));
  push_fails (game, stack, wb_command_add_reinforcement_new (game, scenario, r, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "ghost");

  push_and_check_revert (game, stack, wb_command_remove_reinforcement_new (game, scenario, 0));
  ck_assert_uint_eq (list->len, n);
  push_fails (game, stack, wb_command_remove_reinforcement_new (game, scenario, 999),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  wb_reinforcement_free (r);
}
END_TEST

START_TEST (test_markers_and_boxes)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  WbMarker *m = wb_marker_new ("town");
  WbPlace p = { WB_PLACE_BOX, (char *) "reserve" };

  wb_place_array_add (m->at, WB_PLACE_HEX, "0810");
  push_and_check_revert (game, stack, wb_command_add_marker_new (game, scenario, m, -1));
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 1);
  m->feature = g_intern_string ("road");
  push_fails (game, stack, wb_command_add_marker_new (game, scenario, m, -1),
              WB_COMMAND_ERROR_INVALID, "not a hex feature");
  m->feature = g_intern_string ("fallen-timber");
  push_fails (game, stack, wb_command_add_marker_new (game, scenario, m, -1),
              WB_COMMAND_ERROR_NOT_FOUND, "fallen-timber");
  m->feature = g_intern_string ("town");
  wb_place_array_add (m->at, WB_PLACE_HEX, "0811");
  push_fails (game, stack, wb_command_add_marker_new (game, scenario, m, -1),
              WB_COMMAND_ERROR_INVALID, NULL);
  push_and_check_revert (game, stack, wb_command_remove_marker_new (game, scenario, 0));
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 0);
  wb_marker_free (m);

  /* A box; a unit in it; the box cannot go while it is used. */
  push_and_check_revert (game, stack,
                         wb_command_add_box_new (game, scenario, "reserve", "Reserve", "union"));
  push_fails (game, stack, wb_command_add_box_new (game, scenario, "reserve", "Again", NULL),
              WB_COMMAND_ERROR_INVALID, "reserve");
  push_fails (game, stack, wb_command_add_box_new (game, scenario, "bad id", NULL, NULL),
              WB_COMMAND_ERROR_INVALID, NULL);
  push_fails (game, stack, wb_command_add_box_new (game, scenario, "x", NULL, "martians"),
              WB_COMMAND_ERROR_NOT_FOUND, "martians");
  push_and_check_revert (game, stack, wb_command_place_unit_new (game, scenario, "td-6", &p));
  ck_assert_str_eq (first_place (scenario, "td-6"), "reserve");
  push_fails (game, stack, wb_command_remove_box_new (game, scenario, "reserve"),
              WB_COMMAND_ERROR_INVALID, "in use");
  ck_assert (wb_undo_stack_undo (stack));
  push_and_check_revert (game, stack, wb_command_remove_box_new (game, scenario, "reserve"));
  push_fails (game, stack, wb_command_remove_box_new (game, scenario, "reserve"),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
}
END_TEST

START_TEST (test_turns)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *scenario = historical (game);
  GArray *turns = wb_scenario_get_turns (scenario);
  g_autofree WbTurn *short_track = g_new0 (WbTurn, 8);

  ck_assert_uint_eq (turns->len, 16);
  push_and_check_revert (game, stack,
                         wb_command_set_turn_new (game, scenario, 3, "Dawn, May 5", TRUE));
  ck_assert_str_eq (g_array_index (turns, WbTurn, 2).label, "Dawn, May 5");
  ck_assert (g_array_index (turns, WbTurn, 2).night);
  /* Clearing a label. */
  push_and_check_revert (game, stack, wb_command_set_turn_new (game, scenario, 3, "", FALSE));
  ck_assert_ptr_null (g_array_index (turns, WbTurn, 2).label);
  push_fails (game, stack, wb_command_set_turn_new (game, scenario, 17, "x", FALSE),
              WB_COMMAND_ERROR_RANGE, "17");
  /* Reinforcements arrive on turn 9: the track cannot end before it. */
  push_fails (game, stack, wb_command_set_turns_new (game, scenario, short_track, 8),
              WB_COMMAND_ERROR_RANGE, "turn 9");
  push_fails (game, stack, wb_command_set_turns_new (game, scenario, short_track, 0),
              WB_COMMAND_ERROR_RANGE, NULL);
  {
    g_autofree WbTurn *longer = g_new0 (WbTurn, 20);

    memcpy (longer, turns->data, sizeof (WbTurn) * turns->len);
    push_and_check_revert (game, stack, wb_command_set_turns_new (game, scenario, longer, 20));
    ck_assert_uint_eq (wb_scenario_get_turns (scenario)->len, 20);
  }
}
END_TEST

START_TEST (test_scenarios)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *id = wb_scenario_make_id (game, "Historical");
  WbScenario *added;

  ck_assert_str_eq (id, "historical-2");
  push_and_check_revert (game, stack,
                         wb_command_add_scenario_new (game, id, "Meeting engagement", "wilderness", 8));
  added = wb_game_find_scenario (game, id);
  ck_assert_ptr_nonnull (added);
  ck_assert_uint_eq (wb_scenario_get_turns (added)->len, 8);
  ck_assert_str_eq (wb_scenario_get_map (added), "wilderness");

  push_fails (game, stack, wb_command_add_scenario_new (game, id, NULL, "wilderness", 8),
              WB_COMMAND_ERROR_INVALID, id);
  push_fails (game, stack, wb_command_add_scenario_new (game, "other", NULL, "atlantis", 8),
              WB_COMMAND_ERROR_NOT_FOUND, "atlantis");
  push_fails (game, stack, wb_command_add_scenario_new (game, "other", NULL, "wilderness", 0),
              WB_COMMAND_ERROR_RANGE, NULL);

  push_and_check_revert (game, stack, wb_command_remove_scenario_new (game, "historical"));
  ck_assert_ptr_null (wb_game_find_scenario (game, "historical"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_nonnull (wb_game_find_scenario (game, "historical"));
  ck_assert_ptr_eq (g_ptr_array_index (wb_game_get_scenarios (game), 0),
                    wb_game_find_scenario (game, "historical"));
  push_fails (game, stack, wb_command_remove_scenario_new (game, "nope"),
              WB_COMMAND_ERROR_NOT_FOUND, "nope");
}
END_TEST

static void
set_params (WbGame *game, const char *json)
{
  WbRulesRef *rules = wb_game_get_rules (game);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&rules->params, json_node_unref);
  rules->params = json_from_string (json, &error);
  ck_assert_ptr_nonnull (rules->params);
}

static void
place (WbGame *game, WbScenario *scenario, const char *unit, WbPlaceKind kind, const char *ref)
{
  g_autoptr(WbCommand) cmd = NULL;
  g_autoptr(GError) error = NULL;
  WbPlace p = { kind, (char *) ref };

  cmd = wb_command_place_unit_new (game, scenario, unit, &p);
  ck_assert_msg (wb_command_apply (cmd, &error), "%s", error ? error->message : "");
}

START_TEST (test_stacking_units)
{
  g_autoptr(WbGame) game = wilderness ();
  WbScenario *scenario = historical (game);
  g_autoptr(GPtrArray) problems = wb_scenario_check_stacking (game, scenario, NULL);
  WbStackingProblem *p;

  /* The historical set-up keeps the rule. */
  ck_assert_uint_eq (problems->len, 0);

  place (game, scenario, "stonewall", WB_PLACE_HEX, "0414");
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 0);

  place (game, scenario, "steuart", WB_PLACE_HEX, "0414");
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 1);
  p = g_ptr_array_index (problems, 0);
  ck_assert_str_eq (p->place.ref, "0414");
  ck_assert_str_eq (p->side, "confederate");
  ck_assert_double_eq (p->count, 3);
  ck_assert_double_eq (p->limit, 2);
  ck_assert_uint_eq (p->units->len, 3);
  ck_assert (!p->fortress);
  ck_assert_str_eq (p->message, "3 units in hex 0414: the stacking limit is 2");

  /* A Union unit in the same hex is another side's stack. */
  place (game, scenario, "1-1-V", WB_PLACE_HEX, "0414");
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 1);

  /* No limit. */
  set_params (game, "{\"stacking\": \"unlimited\"}");
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 0);
}
END_TEST

START_TEST (test_stacking_sp)
{
  g_autoptr(WbGame) game = wilderness ();
  WbScenario *scenario = historical (game);
  g_autoptr(GPtrArray) problems = NULL;
  double sp = wb_strength_current_halves (wb_unit_get_strength (wb_game_find_unit (game, "stafford"))) / 2.0 +
              wb_strength_current_halves (wb_unit_get_strength (wb_game_find_unit (game, "stonewall"))) / 2.0;
  g_autofree char *exact = g_strdup_printf ("{\"stacking_sp\": %g}", sp);
  g_autofree char *less = g_strdup_printf ("{\"stacking_sp\": %g}", sp - 1);

  ck_assert_double_gt (sp, 1);
  place (game, scenario, "stonewall", WB_PLACE_HEX, "0414");
  set_params (game, "{\"stacking_sp\": 1000}");
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 0);
  set_params (game, exact);
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  for (guint i = 0; i < problems->len; i++)
    ck_assert_str_ne (((WbStackingProblem *) g_ptr_array_index (problems, i))->place.ref, "0414");
  set_params (game, less);
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      WbStackingProblem *p = g_ptr_array_index (problems, i);

      if (g_strcmp0 (p->place.ref, "0414") == 0)
        {
          ck_assert_double_eq (p->count, sp);
          ck_assert_double_eq (p->limit, sp - 1);
          ck_assert (strstr (p->message, " SP in hex 0414") != NULL);
          return;
        }
    }
  ck_abort_msg ("no problem in 0414");
}
END_TEST

/* A point-to-point game with a scenario and a few units of one side. */
static WbScenario *
point_scenario (WbGame *game, guint n_units)
{
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GError) error = NULL;
  WbSide *side = g_ptr_array_index (wb_game_get_sides (game), 0);
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  WbCommand *cmd = wb_command_add_scenario_new (game, "test", "Test", wb_map_get_id (map), 10);

  ck_assert (wb_undo_stack_push (stack, cmd, &error));
  g_object_unref (cmd);
  for (guint i = 0; i < n_units; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      WbUnit *unit = wb_unit_new (id);

      wb_unit_set_side (unit, side->id);
      ck_assert (wb_game_add_unit (game, unit));
    }
  return wb_game_find_scenario (game, "test");
}

START_TEST (test_stacking_towns)
{
  g_autoptr(WbGame) game = load_game ("shenandoah.warbench");
  WbScenario *scenario = point_scenario (game, 7);
  g_autoptr(GPtrArray) problems = NULL;
  WbPlace p;
  g_autoptr(GError) error = NULL;

  /* Strasburg is on the Valley Pike: 4 + 2 blocks. */
  ck_assert (wb_scenario_parse_place (game, scenario, "Strasburg", &p, &error));
  ck_assert_int_eq (p.kind, WB_PLACE_LOCATION);
  /* A point on the location finds it too. */
  {
    WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (wb_game_find_map (game,
                                                                  wb_scenario_get_map (scenario))),
                                                  p.ref);
    WbPlace at;

    ck_assert (wb_scenario_place_at_point (game, scenario, loc->x + 3, loc->y, 10, &at));
    ck_assert_str_eq (at.ref, p.ref);
    g_free (at.ref);
  }
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);

      place (game, scenario, id, p.kind, p.ref);
    }
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 0);
  place (game, scenario, "u6", p.kind, p.ref);
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 1);
  ck_assert_double_eq (((WbStackingProblem *) g_ptr_array_index (problems, 0))->limit, 6);
  g_free (p.ref);
}
END_TEST

START_TEST (test_stacking_fortress)
{
  g_autoptr(WbGame) game = load_game ("grants-gamble.warbench");
  WbScenario *scenario = point_scenario (game, 4);
  g_autoptr(GPtrArray) problems = NULL;
  WbStackingProblem *p;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);

      place (game, scenario, id, WB_PLACE_LOCATION, "richmond");
    }
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 0);
  place (game, scenario, "u3", WB_PLACE_LOCATION, "richmond");
  g_ptr_array_unref (problems);
  problems = wb_scenario_check_stacking (game, scenario, NULL);
  ck_assert_uint_eq (problems->len, 1);
  p = g_ptr_array_index (problems, 0);
  ck_assert (p->fortress);
  ck_assert_double_eq (p->limit, 3);
  ck_assert_str_eq (p->message, "4 units in Richmond: its fortress holds 3, the others stand outside");
}
END_TEST

static Suite *
scenario_suite (void)
{
  Suite *s = suite_create ("scenario-commands");
  TCase *tc = tcase_create ("commands");
  TCase *st = tcase_create ("stacking");

  tcase_add_test (tc, test_places);
  tcase_add_test (tc, test_places_lettered);
  tcase_add_test (tc, test_setup_lines);
  tcase_add_test (tc, test_place_unit);
  tcase_add_test (tc, test_reinforcements);
  tcase_add_test (tc, test_markers_and_boxes);
  tcase_add_test (tc, test_turns);
  tcase_add_test (tc, test_scenarios);
  suite_add_tcase (s, tc);
  tcase_add_test (st, test_stacking_units);
  tcase_add_test (st, test_stacking_sp);
  tcase_add_test (st, test_stacking_towns);
  tcase_add_test (st, test_stacking_fortress);
  suite_add_tcase (s, st);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (scenario_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
