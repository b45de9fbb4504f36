/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-oob-commands"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* The order-of-battle commands (core/wb-oob-commands.c) on the Wilderness
 * game: each applies, reverts to the same saved text byte for byte, redoes,
 * survives save and load, and refusals leave the model untouched. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

static WbGame *
load_wilderness (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static char *
text_of (WbGame *game)
{
  return wb_game_to_data (game, NULL);
}

/* The stack takes its own reference. */
static gboolean
push_owned (WbUndoStack  *stack,
            WbCommand    *command,
            GError      **error)
{
  g_autoptr(WbCommand) owned = command;

  return wb_undo_stack_push (stack, owned, error);
}

/* The saved text loads again and saves to the same text. */
static void
assert_reloads (WbGame *game)
{
  gsize len = 0;
  g_autofree char *data = wb_game_to_data (game, &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) copy = wb_game_load_from_data (data, (gssize) len, "reloaded", &error);
  g_autofree char *again = NULL;

  ck_assert_msg (copy != NULL, "%s", error ? error->message : "");
  again = wb_game_to_data (copy, NULL);
  ck_assert_str_eq (again, data);
}

/* Push @command, check the model with @check, undo to @before, redo. */
static void
push_undo_redo (WbGame      *game,
                WbUndoStack *stack,
                WbCommand   *command)
{
  g_autofree char *before = text_of (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbCommand) owned = command;

  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s",
                 error ? error->message : "");
  after = text_of (game);
  ck_assert_str_ne (after, before);
  assert_reloads (game);
  ck_assert (wb_undo_stack_undo (stack));
  undone = text_of (game);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_undo_stack_redo (stack));
  redone = text_of (game);
  ck_assert_str_eq (redone, after);
}

#define assert_refused(game, stack, command, code) \
  assert_refused_at (game, stack, command, code, __LINE__)

static void
assert_refused_at (WbGame      *game,
                   WbUndoStack *stack,
                   WbCommand   *command,
                   int          code,
                   int          line)
{
  g_autofree char *before = text_of (game);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  guint n = wb_undo_stack_get_n_undo (stack);
  g_autoptr(WbCommand) owned = command;

  ck_assert_msg (!wb_undo_stack_push (stack, owned, &error), "line %d: not refused", line);
  ck_assert_error (error, WB_COMMAND_ERROR, code);
  ck_assert (error->message != NULL && *error->message != '\0');
  after = text_of (game);
  ck_assert_str_eq (after, before);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n);
}

static guint
index_of_unit (WbGame     *game,
               const char *id)
{
  guint i = G_MAXUINT;

  g_ptr_array_find (wb_game_get_units (game), wb_game_find_unit (game, id), &i);
  return i;
}

static guint
index_of_formation (WbGame     *game,
                    const char *id)
{
  guint i = G_MAXUINT;

  g_ptr_array_find (wb_game_get_formations (game), wb_game_find_formation (game, id), &i);
  return i;
}

START_TEST (test_parse_strength)
{
  WbStrength s;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  ck_assert (wb_oob_parse_strength ("7", WB_STRENGTH_SINGLE, 0, &s, NULL));
  ck_assert_int_eq (s.n, 1);
  ck_assert_int_eq (s.halves[0], 14);
  ck_assert (wb_oob_parse_strength ("C", WB_STRENGTH_SINGLE, 0, &s, NULL));
  ck_assert_int_eq (s.halves[0], 1);
  ck_assert (wb_oob_parse_strength ("2½", WB_STRENGTH_SINGLE, 0, &s, NULL));
  ck_assert_int_eq (s.halves[0], 5);
  ck_assert (wb_oob_parse_strength (" 2.5 ", WB_STRENGTH_SINGLE, 0, &s, NULL));
  ck_assert_int_eq (s.halves[0], 5);
  ck_assert (wb_oob_parse_strength ("12/8/4", WB_STRENGTH_STEPS, 1, &s, NULL));
  ck_assert_int_eq (s.kind, WB_STRENGTH_STEPS);
  ck_assert_int_eq (s.n, 3);
  ck_assert_int_eq (s.current, 1);
  text = wb_strength_to_string (&s);
  ck_assert_str_eq (text, "12/8/4");
  ck_assert (wb_oob_parse_strength ("3|2", WB_STRENGTH_SIDES, 1, &s, NULL));
  ck_assert_int_eq (s.n, 2);
  ck_assert_int_eq (s.halves[1], 4);
  ck_assert_int_eq (s.current, 1);

  ck_assert (!wb_oob_parse_strength ("x", WB_STRENGTH_SINGLE, 0, &s, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (!wb_oob_parse_strength ("2.25", WB_STRENGTH_SINGLE, 0, &s, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE);
  g_clear_error (&error);
  ck_assert (!wb_oob_parse_strength ("3", WB_STRENGTH_SIDES, 0, &s, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (!wb_oob_parse_strength ("1/1/1/1/1/1/1/1/1", WB_STRENGTH_STEPS, 0, &s, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE);
  g_clear_error (&error);

  ck_assert (wb_oob_firepower_is_valid ("A2"));
  ck_assert (wb_oob_firepower_is_valid ("C10"));
  ck_assert (!wb_oob_firepower_is_valid ("2A"));
  ck_assert (!wb_oob_firepower_is_valid ("A"));
  ck_assert (!wb_oob_firepower_is_valid (""));
}
END_TEST

/* A brigade of six regiments: a formation under a division, six units in
 * it, in order; undo takes it all away exactly. */
START_TEST (test_add_brigade)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = text_of (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  WbFormation *brigade;
  g_autoptr(GError) error = NULL;

  brigade = wb_formation_new ("iron-brigade");
  brigade->name = g_strdup ("Iron Brigade");
  brigade->echelon = g_strdup ("brigade");
  brigade->side = g_intern_string ("union");
  brigade->parent = g_intern_string ("1-II");
  wb_undo_stack_begin_group (stack, "Add Iron Brigade");
  ck_assert (push_owned (stack, wb_command_add_formation_new (game, brigade), &error));
  /* After its parent's sub-formations, so still after its parent. */
  ck_assert_uint_gt (index_of_formation (game, "iron-brigade"), index_of_formation (game, "1-II"));

  for (int i = 0; i < 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("wis-%d", i + 2);
      g_autoptr(WbUnit) unit = wb_unit_new (id);
      WbAttrValue mv = { .type = WB_ATTR_INT, .i = 6 };
      WbStrength s = { WB_STRENGTH_SINGLE, 1, 0, { 4 + i } };

      wb_unit_set_side (unit, "union");
      wb_unit_set_class_id (unit, "infantry");
      wb_unit_set_formation (unit, "iron-brigade");
      wb_unit_set_size (unit, "III");
      wb_unit_set_strength (unit, &s);
      wb_unit_set_attr (unit, "movement", &mv);
      ck_assert_msg (push_owned (stack, wb_command_add_unit_new (game, unit, NULL), &error),
                     "%s", error ? error->message : "");
    }
  wb_undo_stack_end_group (stack);
  after = text_of (game);
  assert_reloads (game);
  /* In order, one after another. */
  for (int i = 1; i < 6; i++)
    {
      g_autofree char *a = g_strdup_printf ("wis-%d", i + 1);
      g_autofree char *b = g_strdup_printf ("wis-%d", i + 2);
      ck_assert_uint_eq (index_of_unit (game, b), index_of_unit (game, a) + 1);
    }
  ck_assert_str_eq (wb_unit_get_formation (wb_game_find_unit (game, "wis-5")), "iron-brigade");

  ck_assert (wb_undo_stack_undo (stack));
  undone = text_of (game);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_game_find_formation (game, "iron-brigade") == NULL);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (undone);
  undone = text_of (game);
  ck_assert_str_eq (undone, after);
}
END_TEST

START_TEST (test_edit_fields)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbUnit *unit = wb_game_find_unit (game, "stafford");
  WbUnit *pair[2] = { unit, wb_game_find_unit (game, "stonewall") };
  WbUnitEdit edit = { 0 };
  WbAttrValue mv = { .type = WB_ATTR_INT, .i = 8 };
  WbAttrValue range = { .type = WB_ATTR_INT, .i = 3 };

  edit.fields = WB_UNIT_FIELD_NAME;
  edit.name = "Stafford's Louisianans";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_str_eq (wb_unit_get_name (unit), "Stafford's Louisianans");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Change name of Stafford's Brigade");

  /* A designation unset falls back to the name, and comes back on undo. */
  edit.fields = WB_UNIT_FIELD_DESIGNATION;
  edit.designation = "";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_str_eq (wb_unit_get_designation (unit), wb_unit_get_name (unit));

  /* Every strength form, with the current step or side. */
  edit.fields = WB_UNIT_FIELD_STRENGTH;
  ck_assert (wb_oob_parse_strength ("12/8/4", WB_STRENGTH_STEPS, 2, &edit.strength, NULL));
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_int_eq (wb_unit_get_strength (unit)->current, 2);
  ck_assert (wb_oob_parse_strength ("3|C", WB_STRENGTH_SIDES, 1, &edit.strength, NULL));
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_int_eq (wb_unit_get_strength (unit)->halves[1], 1);
  ck_assert (wb_oob_parse_strength ("C", WB_STRENGTH_SINGLE, 0, &edit.strength, NULL));
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));

  /* An attribute; a class change drops what the new class lacks and undo
   * puts it back in its place. */
  edit.fields = WB_UNIT_FIELD_ATTR;
  edit.attr_id = "movement";
  edit.attr = &mv;
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_int_eq (wb_unit_get_attr (unit, "movement")->i, 8);
  edit.fields = WB_UNIT_FIELD_CLASS;
  edit.class_id = "artillery";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  edit.fields = WB_UNIT_FIELD_CLASS | WB_UNIT_FIELD_ATTR;
  edit.attr_id = "range";
  edit.attr = &range;
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert_int_eq (wb_unit_get_attr (unit, "range")->i, 3);
  edit.fields = WB_UNIT_FIELD_CLASS;
  edit.class_id = "infantry";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert (wb_unit_get_attr (unit, "range") == NULL);

  /* Changing side leaves a formation of the other side. */
  edit.fields = WB_UNIT_FIELD_SIDE;
  edit.side = "union";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit));
  ck_assert (wb_unit_get_formation (unit) == NULL);

  /* Several units, one step. */
  edit.fields = WB_UNIT_FIELD_NOTE | WB_UNIT_FIELD_SIZE;
  edit.note = "Ewell's Corps";
  edit.size = "XX";
  push_undo_redo (game, stack, wb_command_edit_units_new (game, pair, 2, &edit));
  ck_assert_str_eq (wb_unit_get_size (pair[1]), "XX");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Change 2 units");
}
END_TEST

/* Steps of a spin button merge into one undo step. */
START_TEST (test_edit_merge)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = text_of (game);
  g_autofree char *undone = NULL;
  WbUnit *unit = wb_game_find_unit (game, "stafford");
  WbUnitEdit edit = { .fields = WB_UNIT_FIELD_ATTR, .attr_id = "movement" };

  for (int i = 7; i <= 9; i++)
    {
      WbAttrValue mv = { .type = WB_ATTR_INT, .i = i };
      edit.attr = &mv;
      ck_assert (push_owned (stack, wb_command_edit_units_new (game, &unit, 1, &edit), NULL));
    }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_int_eq (wb_unit_get_attr (unit, "movement")->i, 9);
  ck_assert (wb_undo_stack_undo (stack));
  undone = text_of (game);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_int_eq (wb_unit_get_attr (unit, "movement")->i, 9);
}
END_TEST

START_TEST (test_edit_refused)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbUnit *unit = wb_game_find_unit (game, "stafford");
  WbUnit *pair[2] = { wb_game_find_unit (game, "stonewall"), unit };
  WbUnitEdit edit = { 0 };
  WbAttrValue big = { .type = WB_ATTR_INT, .i = 100 };
  WbAttrValue text = { .type = WB_ATTR_STRING, .s = (char *) "fast" };
  WbAttrValue fp = { .type = WB_ATTR_FIREPOWER, .s = (char *) "A2" };

  edit.fields = WB_UNIT_FIELD_ATTR;
  edit.attr_id = "movement";
  edit.attr = &big;
  assert_refused (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit),
                  WB_COMMAND_ERROR_RANGE);
  edit.attr = &text;
  assert_refused (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit),
                  WB_COMMAND_ERROR_INVALID);
  edit.attr_id = "firepower";
  edit.attr = &fp;
  assert_refused (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit),
                  WB_COMMAND_ERROR_NOT_FOUND);
  edit.fields = WB_UNIT_FIELD_CLASS;
  edit.class_id = "dragoons";
  assert_refused (game, stack, wb_command_edit_units_new (game, pair, 2, &edit),
                  WB_COMMAND_ERROR_NOT_FOUND);
  edit.fields = WB_UNIT_FIELD_FORMATION;
  edit.formation = "II";
  assert_refused (game, stack, wb_command_edit_units_new (game, pair, 2, &edit),
                  WB_COMMAND_ERROR_INVALID);
  edit.fields = WB_UNIT_FIELD_SIDE | WB_UNIT_FIELD_FORMATION;
  edit.side = "prussia";
  assert_refused (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit),
                  WB_COMMAND_ERROR_NOT_FOUND);
  edit.fields = WB_UNIT_FIELD_STRENGTH;
  edit.strength = (WbStrength) { WB_STRENGTH_SIDES, 1, 0, { 2 } };
  assert_refused (game, stack, wb_command_edit_units_new (game, &unit, 1, &edit),
                  WB_COMMAND_ERROR_RANGE);
}
END_TEST

START_TEST (test_units_list)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbUnit) fresh = wb_unit_new ("fresh");
  g_autoptr(WbUnit) dup = wb_unit_new ("stafford");
  g_autofree char *why = NULL;
  guint i;

  wb_unit_set_side (fresh, "confederate");
  wb_unit_set_class_id (fresh, "cavalry");
  wb_unit_set_formation (fresh, "div-johnson");
  push_undo_redo (game, stack, wb_command_add_unit_new (game, fresh, "stonewall"));
  ck_assert_uint_eq (index_of_unit (game, "fresh") + 1, index_of_unit (game, "stonewall"));

  /* An unused unit can go; one a scenario uses cannot. */
  push_undo_redo (game, stack, wb_command_delete_unit_new (game, "fresh"));
  ck_assert (wb_game_find_unit (game, "fresh") == NULL);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_oob_unit_is_used (game, "stafford", &why));
  ck_assert (strstr (why, "Stafford") != NULL);
  assert_refused (game, stack, wb_command_delete_unit_new (game, "stafford"),
                  WB_COMMAND_ERROR_INVALID);
  assert_refused (game, stack, wb_command_delete_unit_new (game, "nobody"),
                  WB_COMMAND_ERROR_NOT_FOUND);
  assert_refused (game, stack, wb_command_add_unit_new (game, dup, NULL), WB_COMMAND_ERROR_INVALID);

  /* Duplicate: a copy just after, with a new id. */
  i = index_of_unit (game, "stafford");
  push_undo_redo (game, stack, wb_command_duplicate_unit_new (game, "stafford"));
  ck_assert_uint_eq (index_of_unit (game, "stafford-2"), i + 1);
  ck_assert_str_eq (wb_unit_get_name (wb_game_find_unit (game, "stafford-2")), "Stafford's Brigade");

  /* Move down past a sibling, and into another formation. */
  i = index_of_unit (game, "stonewall");
  push_undo_redo (game, stack, wb_command_move_unit_new (game, "stafford", "div-johnson", "steuart"));
  ck_assert_uint_eq (index_of_unit (game, "stafford") + 1, index_of_unit (game, "steuart"));
  push_undo_redo (game, stack, wb_command_move_unit_new (game, "stafford", NULL, NULL));
  ck_assert (wb_unit_get_formation (wb_game_find_unit (game, "stafford")) == NULL);
  assert_refused (game, stack, wb_command_move_unit_new (game, "stafford", "II", NULL),
                  WB_COMMAND_ERROR_INVALID);
  assert_refused (game, stack, wb_command_move_unit_new (game, "stafford", "nowhere", NULL),
                  WB_COMMAND_ERROR_NOT_FOUND);
}
END_TEST

START_TEST (test_formations)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbFormation *bad;
  WbFormation *f;

  /* Rename; a bad colour is refused. */
  push_undo_redo (game, stack,
                  wb_command_edit_formation_new (game, "II", "Second Corps", "corps", "#336699"));
  ck_assert_str_eq (wb_game_find_formation (game, "II")->name, "Second Corps");
  assert_refused (game, stack, wb_command_edit_formation_new (game, "II", "X", NULL, "blue"),
                  WB_COMMAND_ERROR_INVALID);

  /* Re-parent a division to another corps: it moves after that corps'
   * divisions, and the file still loads. */
  push_undo_redo (game, stack, wb_command_reparent_formation_new (game, "1-II", "VI"));
  f = wb_game_find_formation (game, "1-II");
  ck_assert_str_eq (f->parent, "VI");
  ck_assert_uint_gt (index_of_formation (game, "1-II"), index_of_formation (game, "VI"));
  /* Re-parent a corps and its divisions under the other army's level. */
  push_undo_redo (game, stack, wb_command_reparent_formation_new (game, "VI", NULL));
  assert_refused (game, stack, wb_command_reparent_formation_new (game, "VI", "1-VI"),
                  WB_COMMAND_ERROR_INVALID);
  assert_refused (game, stack, wb_command_reparent_formation_new (game, "VI", "div-johnson"),
                  WB_COMMAND_ERROR_INVALID);
  assert_refused (game, stack, wb_command_reparent_formation_new (game, "VI", "VI"),
                  WB_COMMAND_ERROR_INVALID);

  /* Move a division up and down among its corps' divisions. */
  push_undo_redo (game, stack, wb_command_move_formation_new (game, "3-V", "V", "1-V"));
  ck_assert_uint_eq (index_of_formation (game, "3-V") + 1, index_of_formation (game, "1-V"));
  push_undo_redo (game, stack, wb_command_move_formation_new (game, "3-V", "V", NULL));
  ck_assert_uint_eq (index_of_formation (game, "4-V") + 1, index_of_formation (game, "3-V"));
  assert_refused (game, stack, wb_command_move_formation_new (game, "3-V", "V", "1-II"),
                  WB_COMMAND_ERROR_INVALID);
  assert_refused (game, stack, wb_command_move_formation_new (game, "V", "army-potomac", "1-V"),
                  WB_COMMAND_ERROR_INVALID);

  /* Deleting a division moves its units up to its corps. */
  {
    const char *corps = wb_game_find_formation (game, "div-johnson")->parent;
    push_undo_redo (game, stack, wb_command_delete_formation_new (game, "div-johnson"));
    ck_assert (wb_unit_get_formation (wb_game_find_unit (game, "stafford")) == corps);
    ck_assert (wb_undo_stack_undo (stack));
    ck_assert_str_eq (wb_unit_get_formation (wb_game_find_unit (game, "stafford")), "div-johnson");
  }
  /* Deleting a corps moves its divisions up. */
  push_undo_redo (game, stack, wb_command_delete_formation_new (game, "II"));
  ck_assert_str_eq (wb_game_find_formation (game, "2-II")->parent, "army-potomac");

  bad = wb_formation_new ("new-brigade");
  bad->side = g_intern_string ("union");
  bad->parent = g_intern_string ("div-johnson");
  assert_refused (game, stack, wb_command_add_formation_new (game, bad), WB_COMMAND_ERROR_INVALID);
  bad = wb_formation_new ("V");
  bad->side = g_intern_string ("union");
  assert_refused (game, stack, wb_command_add_formation_new (game, bad), WB_COMMAND_ERROR_INVALID);
}
END_TEST

static Suite *
oob_commands_suite (void)
{
  Suite *s = suite_create ("oob-commands");
  TCase *tc = tcase_create ("core");

  tcase_add_test (tc, test_parse_strength);
  tcase_add_test (tc, test_add_brigade);
  tcase_add_test (tc, test_edit_fields);
  tcase_add_test (tc, test_edit_merge);
  tcase_add_test (tc, test_edit_refused);
  tcase_add_test (tc, test_units_list);
  tcase_add_test (tc, test_formations);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (oob_commands_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
