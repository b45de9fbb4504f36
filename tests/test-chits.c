/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Chits and draw cups (format 8): reading, writing, the reader's errors,
 * the memory charged, the bundled Chickasaw Bayou's chits and cups, and the
 * undoable commands that edit them. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "command-checks.h"

static char *
read_fixture (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "chits.warbench", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, &error))
    ck_abort_msg ("cannot read %s: %s", path, error->message);
  return text;
}

static WbGame *
load_fixture (void)
{
  g_autofree char *text = read_fixture ();
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load_from_data (text, -1, "chits.warbench", &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

START_TEST (test_read)
{
  g_autoptr(WbGame) game = load_fixture ();
  WbChit *c;
  WbCup *cup;
  WbCupAdd *add;
  JsonObject *effect;

  ck_assert_uint_eq (wb_game_get_chits (game)->len, 13);
  c = wb_game_find_chit (game, "sherman");
  ck_assert_int_eq (c->kind, WB_CHIT_ACTIVATION);
  ck_assert_int_eq (c->level, WB_CHIT_LEVEL_CIC);
  ck_assert_str_eq (c->formation, "usa");
  ck_assert_int_eq (c->command_rating, 4);
  ck_assert (!c->automatic);
  c = wb_game_find_chit (game, "van-dorn");
  ck_assert (c->automatic);
  ck_assert_ptr_null (c->formation);
  ck_assert_int_eq (c->command_rating, WB_CHIT_RATING_NONE);
  c = wb_game_find_chit (game, "morgan");
  ck_assert_int_eq (c->command_rating, WB_CHIT_RATING_UNKNOWN);
  ck_assert_str_eq (c->note, "rating on the chit");
  c = wb_game_find_chit (game, "morgan-casualty");
  ck_assert_ptr_eq (c->casualty_of, g_intern_string ("morgan"));
  ck_assert_str_eq (c->source, "reconstructed");
  ck_assert_int_eq (wb_game_find_chit (game, "decourcy")->level, WB_CHIT_LEVEL_BRIGADE);
  ck_assert_int_eq (wb_game_find_chit (game, "decourcy")->command_rating, 0);
  c = wb_game_find_chit (game, "usa-huzzah");
  ck_assert_int_eq (c->kind, WB_CHIT_EVENT);
  ck_assert_int_eq (c->play, WB_CHIT_PLAY_HOLD);
  ck_assert_str_eq (c->side, "union");
  effect = json_node_get_object (c->effect);
  ck_assert_str_eq (json_object_get_string_member (effect, "type"), "crt-modifiers");
  ck_assert_str_eq (c->text, "Shift two columns to the right.");
  ck_assert_int_eq (wb_game_find_chit (game, "usa-rally")->play, WB_CHIT_PLAY_UNKNOWN);
  ck_assert_int_eq (wb_game_find_chit (game, "csa-good-ground")->play, WB_CHIT_PLAY_IMMEDIATE_OR_HOLD);
  ck_assert_int_eq (wb_game_find_chit (game, "csa-rally")->play, WB_CHIT_PLAY_IMMEDIATE);
  c = wb_game_find_chit (game, "fog-of-war");
  ck_assert_int_eq (c->kind, WB_CHIT_WILD);
  ck_assert_int_eq (c->wild, WB_CHIT_WILD_FOG_OF_WAR);
  ck_assert_ptr_null (c->side);

  cup = wb_scenario_get_cup (wb_game_find_scenario (game, "s1"));
  ck_assert_ptr_nonnull (cup);
  ck_assert_uint_eq (cup->chits->len, 10);
  ck_assert_str_eq (g_ptr_array_index (cup->chits, 0), "morgan");
  ck_assert_int_eq (wb_side_counts_get (cup->key_chits, "union"), 1);
  ck_assert_int_eq (wb_side_counts_get (cup->key_chits, "confederate"), 2);
  ck_assert_int_eq (wb_side_counts_get (cup->included_events, "confederate"), 1);
  ck_assert_int_eq (wb_side_counts_get (cup->excluded_events, "union"), 0);
  ck_assert_int_eq (wb_side_counts_get (cup->excluded_events, "nobody"), -1);
  ck_assert_uint_eq (cup->clarity_chits->len, 2);
  ck_assert (cup->clarity_per_division);
  ck_assert_uint_eq (cup->add->len, 2);
  add = g_ptr_array_index (cup->add, 0);
  ck_assert_int_eq (add->turn, 3);
  ck_assert_str_eq (g_ptr_array_index (add->chits, 0), "sherman");
  ck_assert_str_eq (add->note, "12:00 pm – Sherman CiC");
  ck_assert_str_eq (cup->note, "a test cup");
  ck_assert (wb_cup_uses_chit (cup, "van-dorn"));
  ck_assert (!wb_cup_uses_chit (cup, "morgan-casualty"));
  ck_assert_ptr_null (wb_scenario_get_cup (wb_game_find_scenario (game, "s2")));
}
END_TEST

/* The fixture is in the canonical layout: load → save gives it back byte
 * for byte, and a copy of every chit and cup equals the original. */
START_TEST (test_round_trip)
{
  g_autofree char *text = read_fixture ();
  g_autoptr(WbGame) game = load_fixture ();
  g_autofree char *saved = wb_game_to_data (game, NULL);
  GPtrArray *chits = wb_game_get_chits (game);
  WbCup *cup = wb_scenario_get_cup (wb_game_find_scenario (game, "s1"));
  WbCup *copy;

  ck_assert_str_eq (saved, text);
  for (guint i = 0; i < chits->len; i++)
    {
      WbChit *c = wb_chit_copy (g_ptr_array_index (chits, i));
      ck_assert (wb_chit_equal (c, g_ptr_array_index (chits, i)));
      g_free (c->name);
      c->name = g_strdup ("other");
      ck_assert (!wb_chit_equal (c, g_ptr_array_index (chits, i)));
      wb_chit_free (c);
    }
  copy = wb_cup_copy (cup);
  wb_cup_free (wb_scenario_replace_cup (wb_game_find_scenario (game, "s1"), copy));
  g_free (saved);
  saved = wb_game_to_data (game, NULL);
  ck_assert_str_eq (saved, text);
}
END_TEST

/* Side counts are written in the game's side order, whatever order they
 * were set in; a game without chits writes no "chits" member. */
START_TEST (test_write_order)
{
  g_autoptr(WbGame) game = load_fixture ();
  WbCup *cup = wb_scenario_get_cup (wb_game_find_scenario (game, "s1"));
  g_autofree char *saved = NULL;
  g_autoptr(WbGame) plain = wb_game_new_starter (3, 3);
  g_autofree char *plain_text = wb_game_to_data (plain, NULL);

  g_array_set_size (cup->key_chits, 0);
  wb_side_counts_set (cup->key_chits, "confederate", 2);
  wb_side_counts_set (cup->key_chits, "union", 1);
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"key_chits\": {\"union\": 1, \"confederate\": 2}"));
  ck_assert_ptr_null (strstr (plain_text, "\"chits\""));
  ck_assert_ptr_null (strstr (plain_text, "\"cup\""));
}
END_TEST

typedef struct {
  const char *name;
  const char *find;
  const char *replace;
  int         code;
  const char *message;   /* a part of the message */
} Invalid;

static const Invalid invalid_cases[] = {
  { "unknown-kind", "\"kind\": \"wild\", \"wild\": \"fortunes-of-war\"", "\"kind\": \"joker\"",
    WB_FORMAT_ERROR_TYPE, "chits.warbench:58:66: $.chits[11].kind: unknown kind “joker” (expected one of: "
    "activation, event, wild)" },
  { "missing-kind", "\"kind\": \"wild\", \"wild\": \"fortunes-of-war\"", "\"wild\": \"fortunes-of-war\"",
    WB_FORMAT_ERROR_MISSING, "$.chits[11]: missing member “kind”" },
  { "unknown-wild", "\"wild\": \"fortunes-of-war\"", "\"wild\": \"luck\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[11].wild: unknown wild “luck”" },
  { "unknown-play", "\"play\": \"hold\", \"effect\"", "\"play\": \"later\", \"effect\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[6].play: unknown play “later” (expected one of: immediate, "
    "immediate-or-hold, hold, ?)" },
  { "unknown-level", "\"level\": \"brigade\"", "\"level\": \"corps\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[4].level: unknown level “corps”" },
  { "member-of-other-kind", "\"kind\": \"wild\", \"wild\": \"fog-of-war\"",
    "\"kind\": \"wild\", \"wild\": \"fog-of-war\", \"play\": \"hold\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[12].play: “play” is for event chits, not wild chits" },
  { "unknown-member", "\"note\": \"7.3b\"", "\"notes\": \"7.3b\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[12].notes: unknown member" },
  { "duplicate-id", "{\"id\": \"csa-rally\"", "{\"id\": \"usa-rally\"",
    WB_FORMAT_ERROR_DUPLICATE, "$.chits[9].id: the chit id “usa-rally” is used twice" },
  { "unknown-side", "\"side\": \"confederate\", \"kind\": \"event\", \"play\": \"hold\"",
    "\"side\": \"csa\", \"kind\": \"event\", \"play\": \"hold\"",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[10].side: unknown side “csa”" },
  { "side-required", "\"name\": \"Rally\", \"side\": \"union\", ", "\"name\": \"Rally\", ",
    WB_FORMAT_ERROR_MISSING, "$.chits[7]: missing member “side”" },
  { "formation-not-one", "\"formation\": \"morgan-div\", \"command_rating\": \"?\"",
    "\"formation\": \"16-oh\", \"command_rating\": \"?\"",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[2].formation: unknown formation “16-oh”" },
  { "formation-other-side", "\"formation\": \"lee-div\"", "\"formation\": \"morgan-div\"",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[5].formation: the formation “morgan-div” is not of side “confederate”" },
  { "formation-required", "\"formation\": \"decourcy-bde\", \"command_rating\": 0", "\"command_rating\": 0",
    WB_FORMAT_ERROR_MISSING, "$.chits[4]: missing member “formation”" },
  { "rating-too-high", "\"command_rating\": 5", "\"command_rating\": 7",
    WB_FORMAT_ERROR_RANGE, "$.chits[5].command_rating" },
  { "rating-word", "\"command_rating\": 5", "\"command_rating\": \"good\"",
    WB_FORMAT_ERROR_TYPE, "$.chits[5].command_rating: “good” is not a command rating (expected a whole "
    "number 0 to 6, or \"?\")" },
  { "rating-fraction", "\"command_rating\": 5", "\"command_rating\": 2.5",
    WB_FORMAT_ERROR_TYPE, "$.chits[5].command_rating: expected a whole number" },
  { "automatic-division", "\"command_rating\": 5", "\"automatic\": true",
    WB_FORMAT_ERROR_TYPE, "$.chits[5].automatic: only a CIC chit activates without a roll" },
  { "casualty-of-event", "\"casualty_of\": \"morgan\"", "\"casualty_of\": \"usa-rally\"",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[3].casualty_of: unknown chit “usa-rally” (the chit a casualty chit "
    "replaces is listed before it)" },
  { "casualty-of-wrong-kind", "\"command_rating\": 0}", "\"command_rating\": 0, \"casualty_of\": \"van-dorn\"}",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[4].casualty_of: “van-dorn” is not an activation chit of side “union”" },
  { "casualty-of-self", "\"command_rating\": 0}", "\"command_rating\": 0, \"casualty_of\": \"decourcy\"}",
    WB_FORMAT_ERROR_REFERENCE, "$.chits[4].casualty_of: a chit cannot replace itself" },
  { "effect-not-object", "\"effect\": {\"type\": \"crt-modifiers\", \"modifiers\": [\"close-huzzah\"]}",
    "\"effect\": \"huzzah\"", WB_FORMAT_ERROR_TYPE, "$.chits[6].effect: expected an object" },
  { "effect-no-type", "{\"type\": \"crt-modifiers\", ", "{",
    WB_FORMAT_ERROR_MISSING, "$.chits[6].effect: missing member “type”" },
  { "effect-bad-type", "{\"type\": \"crt-modifiers\", ", "{\"type\": \"crt modifiers\", ",
    WB_FORMAT_ERROR_TYPE, "$.chits[6].effect.type: “crt modifiers” is not a valid effect type" },
  { "cup-unknown-chit", "\"cup\": {\"chits\": [\"morgan\"", "\"cup\": {\"chits\": [\"morgon\"",
    WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].cup.chits[0]: unknown chit “morgon”" },
  { "cup-twice", "\"cup\": {\"chits\": [\"morgan\", \"decourcy\"", "\"cup\": {\"chits\": [\"morgan\", \"morgan\"",
    WB_FORMAT_ERROR_DUPLICATE, "$.scenarios[0].cup.chits[1]: the chit “morgan” is listed twice" },
  { "cup-unknown-member", "\"note\": \"a test cup\"", "\"notes\": \"a test cup\"",
    WB_FORMAT_ERROR_TYPE, "$.scenarios[0].cup.notes: unknown member" },
  { "cup-count-side", "\"key_chits\": {\"union\": 1", "\"key_chits\": {\"usa\": 1",
    WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].cup.key_chits: unknown side “usa”" },
  { "cup-count-negative", "\"excluded_events\": {\"union\": 0", "\"excluded_events\": {\"union\": -1",
    WB_FORMAT_ERROR_RANGE, "$.scenarios[0].cup.excluded_events.union" },
  { "cup-too-many-keys", "\"key_chits\": {\"union\": 1", "\"key_chits\": {\"union\": 2",
    WB_FORMAT_ERROR_RANGE, "$.scenarios[0].cup.key_chits: side “union” selects 2 Key Chits and draws 1 more "
    "events, but has 2 Event chits in the cup" },
  { "cup-clarity-not-division", "\"chits\": [\"morgan\", \"sd-lee\"]", "\"chits\": [\"morgan\", \"decourcy\"]",
    WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].cup.command_clarity.chits[1]: “decourcy” is not a Division "
    "Activation chit" },
  { "cup-clarity-per", "\"per\": \"division\"", "\"per\": \"turn\"",
    WB_FORMAT_ERROR_TYPE, "$.scenarios[0].cup.command_clarity.per: unknown per “turn”" },
  { "cup-add-in-cup", "\"chits\": [\"sherman\"]", "\"chits\": [\"morgan\"]",
    WB_FORMAT_ERROR_DUPLICATE, "$.scenarios[0].cup.add[0].chits[0]: the chit “morgan” is in the cup from the start" },
  { "cup-add-turn", "{\"turn\": 5, \"chits\": [\"van-dorn\"]}", "{\"turn\": 6, \"chits\": [\"van-dorn\"]}",
    WB_FORMAT_ERROR_RANGE, "$.scenarios[0].cup.add[1].turn: turn 6 is past the scenario's last (5)" },
  { "cup-add-no-chits", "{\"turn\": 5, \"chits\": [\"van-dorn\"]}", "{\"turn\": 5}",
    WB_FORMAT_ERROR_MISSING, "$.scenarios[0].cup.add[1]: missing member “chits”" },
};

START_TEST (test_invalid)
{
  const Invalid *c = &invalid_cases[_i];
  g_autofree char *text = read_fixture ();
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  char *at = strstr (text, c->find);

  ck_assert_msg (at != NULL, "%s: “%s” not in the fixture", c->name, c->find);
  *at = '\0';
  broken = g_strconcat (text, c->replace, at + strlen (c->find), NULL);
  game = wb_game_load_from_data (broken, -1, "chits.warbench", &error);
  ck_assert_msg (game == NULL, "%s: the broken file loaded", c->name);
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, c->code), "%s: code %d, message %s", c->name,
                 error->code, error->message);
  ck_assert_msg (strstr (error->message, c->message) != NULL, "%s: message was: %s", c->name,
                 error->message);
}
END_TEST

/* An effect is kept as json-glib, about 170 bytes a value: a load charges
 * 192 bytes a value of it, so a file of a million small values (2 MB) is
 * refused before it takes 190 MB. */
START_TEST (test_effect_charged)
{
  g_autofree char *text = read_fixture ();
  g_autoptr(GString) big = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *broken = NULL;
  const char *find = "\"modifiers\": [\"close-huzzah\"]";
  char *at = strstr (text, find);

  ck_assert_ptr_nonnull (at);
  g_string_append (big, "\"modifiers\": [0");
  for (guint i = 0; i < 1000000; i++)
    g_string_append (big, ",0");
  g_string_append_c (big, ']');
  *at = '\0';
  broken = g_strconcat (text, big->str, at + strlen (find), NULL);
  game = wb_game_load_from_data (broken, -1, "chits.warbench", &error);
  ck_assert_ptr_null (game);
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE), "%s",
                 error ? error->message : "loaded");
  ck_assert_ptr_nonnull (strstr (error->message, "$.chits[6].effect"));
}
END_TEST

/* The bundled Chickasaw Bayou: its leaders are chits, not units; every
 * scenario has its cup from rules b and c. */
START_TEST (test_chickasaw_bayou)
{
  g_autoptr(WbGame) game = load_game ("chickasaw-bayou.warbench");
  WbCup *cup;
  WbChit *c;
  WbCupAdd *add;

  ck_assert_ptr_null (wb_game_find_unit (game, "sherman"));
  ck_assert_ptr_null (wb_game_find_unit_class (game, "cic"));
  ck_assert_ptr_null (wb_game_find_unit_class (game, "division-leader"));
  c = wb_game_find_chit (game, "sherman");
  ck_assert_int_eq (c->level, WB_CHIT_LEVEL_CIC);
  /* The ratings printed on the chits are reconstructed (the generator's
   * RATINGS), a casualty chit's one less. */
  ck_assert_int_eq (c->command_rating, 4);
  ck_assert (g_str_has_prefix (c->source, "reconstructed"));
  ck_assert_int_eq (wb_game_find_chit (game, "ml-smith-casualty")->command_rating, 3);
  c = wb_game_find_chit (game, "ml-smith-casualty");
  ck_assert_str_eq (c->casualty_of, "ml-smith");
  ck_assert_str_eq (wb_game_find_chit (game, "csa-good-ground")->side, "confederate");
  ck_assert_ptr_null (wb_game_find_chit (game, "fog-of-war")->side);

  cup = wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"));
  ck_assert_uint_eq (cup->chits->len, 12);   /* 2 divisions, 3 + 5 events, 2 Wild */
  ck_assert_int_eq (wb_side_counts_get (cup->key_chits, "confederate"), 2);
  ck_assert_str_eq (g_ptr_array_index (cup->clarity_chits, 0), "morgan");
  ck_assert (!cup->clarity_per_division);
  ck_assert_ptr_nonnull (cup->note);   /* 17.1c's excluded CSA count does not add up */

  cup = wb_scenario_get_cup (wb_game_find_scenario (game, "17.4"));
  ck_assert_uint_eq (cup->add->len, 2);
  add = g_ptr_array_index (cup->add, 0);
  ck_assert_int_eq (add->turn, 11);   /* 12:00 pm, the 11th turn from 7:00 am */
  ck_assert_str_eq (g_ptr_array_index (add->chits, 0), "sherman");
  ck_assert (!wb_cup_uses_chit (cup, "steele"));

  cup = wb_scenario_get_cup (wb_game_find_scenario (game, "17.6"));
  ck_assert (cup->clarity_per_division);
  ck_assert (wb_cup_uses_chit (cup, "ml-smith-casualty"));
  ck_assert (!g_ptr_array_find (cup->chits, g_intern_string ("ml-smith"), NULL));
  ck_assert (g_ptr_array_find (cup->chits, g_intern_string ("usa-huzzah-2"), NULL));
  ck_assert_int_eq (wb_side_counts_get (cup->included_events, "union"), 2);
  ck_assert_ptr_null (cup->note);   /* 17.6c adds up */
  for (guint i = 0; i < wb_game_get_scenarios (game)->len; i++)
    {
      WbScenario *s = g_ptr_array_index (wb_game_get_scenarios (game), i);
      cup = wb_scenario_get_cup (s);
      ck_assert_ptr_nonnull (cup);
      ck_assert (g_ptr_array_find (cup->chits, g_intern_string ("fog-of-war"), NULL));
      ck_assert (g_ptr_array_find (cup->chits, g_intern_string ("fortunes-of-war"), NULL));
    }
}
END_TEST

/* ---- commands ---------------------------------------------------------- */

START_TEST (test_add_edit_remove_chit)
{
  g_autoptr(WbGame) game = load_fixture ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbChit *chit = wb_chit_new ("steele", WB_CHIT_ACTIVATION);
  WbChit *edit;

  chit->name = g_strdup ("Steele");
  chit->side = g_intern_string ("union");
  chit->level = WB_CHIT_LEVEL_DIVISION;
  chit->formation = g_intern_string ("morgan-div");
  chit->command_rating = 3;
  push_and_check_revert (game, stack, wb_command_add_chit_new (game, chit));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add chit “Steele”");
  ck_assert_int_eq (wb_game_find_chit (game, "steele")->command_rating, 3);
  ck_assert_uint_eq (wb_game_get_chits (game)->len, 14);
  /* The id is taken now. */
  push_fails (game, stack, wb_command_add_chit_new (game, chit), WB_COMMAND_ERROR_INVALID, "already used");

  edit = wb_chit_copy (chit);
  edit->command_rating = WB_CHIT_RATING_UNKNOWN;
  push_and_check_revert (game, stack, wb_command_edit_chit_new (game, edit, NULL));
  ck_assert_int_eq (wb_game_find_chit (game, "steele")->command_rating, WB_CHIT_RATING_UNKNOWN);
  /* What the reader refuses, the commands refuse. */
  edit->command_rating = 7;
  push_fails (game, stack, wb_command_edit_chit_new (game, edit, NULL), WB_COMMAND_ERROR_RANGE, NULL);
  edit->command_rating = 2;
  edit->formation = g_intern_string ("lee-div");
  push_fails (game, stack, wb_command_edit_chit_new (game, edit, NULL), WB_COMMAND_ERROR_INVALID,
              "not of side");
  edit->formation = g_intern_string ("morgan-div");
  edit->automatic = TRUE;
  push_fails (game, stack, wb_command_edit_chit_new (game, edit, NULL), WB_COMMAND_ERROR_INVALID,
              "CIC");
  edit->automatic = FALSE;
  edit->casualty_of = g_intern_string ("usa-rally");
  push_fails (game, stack, wb_command_edit_chit_new (game, edit, NULL), WB_COMMAND_ERROR_INVALID,
              "usa-rally");
  edit->casualty_of = NULL;
  edit->side = NULL;
  push_fails (game, stack, wb_command_edit_chit_new (game, edit, NULL), WB_COMMAND_ERROR_INVALID,
              "Wild");

  push_and_check_revert (game, stack, wb_command_remove_chit_new (game, "steele"));
  ck_assert_ptr_null (wb_game_find_chit (game, "steele"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_eq (g_ptr_array_index (wb_game_get_chits (game), 13), wb_game_find_chit (game, "steele"));

  /* A chit a cup holds, or a casualty chit replaces, stays. */
  push_fails (game, stack, wb_command_remove_chit_new (game, "sherman"), WB_COMMAND_ERROR_INVALID,
              "cup of “Scenario”");
  push_fails (game, stack, wb_command_remove_chit_new (game, "morgan"), WB_COMMAND_ERROR_INVALID, NULL);
  push_fails (game, stack, wb_command_remove_chit_new (game, "nobody"), WB_COMMAND_ERROR_NOT_FOUND, NULL);
  /* Nor can the formation a chit activates go (the file would not load). */
  push_fails (game, stack, wb_command_delete_formation_new (game, "morgan-div"), WB_COMMAND_ERROR_INVALID,
              "activates");
  push_and_check_revert (game, stack, wb_command_delete_formation_new (game, "csa"));
  wb_chit_free (chit);
  wb_chit_free (edit);
}
END_TEST

/* Edits of one chit with a merge key are one undo step. */
START_TEST (test_edit_merges)
{
  g_autoptr(WbGame) game = load_fixture ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbChit *edit = wb_chit_copy (wb_game_find_chit (game, "csa-rally"));

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_free (edit->text);
      edit->text = g_strndup ("abc", i + 1);
      ck_assert (wb_undo_stack_push (stack, wb_command_edit_chit_new (game, edit, "text"), &error));
    }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_game_find_chit (game, "csa-rally")->text, "abc");
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_ptr_null (wb_game_find_chit (game, "csa-rally")->text);
  wb_chit_free (edit);
}
END_TEST

START_TEST (test_set_cup)
{
  g_autoptr(WbGame) game = load_fixture ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbScenario *s1 = wb_game_find_scenario (game, "s1");
  WbCup *cup = wb_cup_copy (wb_scenario_get_cup (s1));
  WbCupAdd *add;

  /* Take a chit out, change a count, a clarity rule and an addition. */
  g_ptr_array_remove (cup->chits, (gpointer) g_intern_string ("decourcy"));
  wb_side_counts_set (cup->excluded_events, "union", 1);
  cup->clarity_per_division = FALSE;
  add = wb_cup_add_new (2);
  g_ptr_array_add (add->chits, (gpointer) g_intern_string ("morgan-casualty"));
  g_ptr_array_add (cup->add, add);
  push_and_check_revert (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit the cup of “Scenario”");
  ck_assert (!wb_cup_uses_chit (wb_scenario_get_cup (s1), "decourcy"));
  ck_assert_int_eq (wb_side_counts_get (wb_scenario_get_cup (s1)->excluded_events, "union"), 1);

  /* A scenario gets a cup, and loses it. */
  {
    WbCup *small = wb_cup_new ();
    g_ptr_array_add (small->chits, (gpointer) g_intern_string ("fog-of-war"));
    push_and_check_revert (game, stack, wb_command_set_cup_new (game, "s2", small, NULL));
    ck_assert_uint_eq (wb_scenario_get_cup (wb_game_find_scenario (game, "s2"))->chits->len, 1);
    wb_cup_free (small);
  }
  push_and_check_revert (game, stack, wb_command_set_cup_new (game, "s2", NULL, NULL));
  ck_assert_ptr_null (wb_scenario_get_cup (wb_game_find_scenario (game, "s2")));

  /* What the reader refuses, the command refuses, leaving the cup. */
  add->turn = 6;
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_RANGE, NULL);
  add->turn = 2;
  g_ptr_array_add (add->chits, (gpointer) g_intern_string ("morgan"));
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_INVALID,
              "from the start");
  g_ptr_array_remove (add->chits, (gpointer) g_intern_string ("morgan"));
  g_ptr_array_add (cup->chits, (gpointer) g_intern_string ("morgan"));
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_INVALID, "twice");
  g_ptr_array_remove_index (cup->chits, cup->chits->len - 1);
  wb_side_counts_set (cup->key_chits, "union", 3);
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_INVALID,
              "Event chits");
  wb_side_counts_set (cup->key_chits, "union", 1);
  g_ptr_array_add (cup->clarity_chits, (gpointer) g_intern_string ("sherman"));
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_INVALID,
              "Division Activation");
  g_ptr_array_remove (cup->clarity_chits, (gpointer) g_intern_string ("sherman"));
  g_ptr_array_add (cup->chits, (gpointer) g_intern_string ("ghost"));
  push_fails (game, stack, wb_command_set_cup_new (game, "s1", cup, NULL), WB_COMMAND_ERROR_INVALID, "ghost");
  push_fails (game, stack, wb_command_set_cup_new (game, "s9", NULL, NULL), WB_COMMAND_ERROR_NOT_FOUND, NULL);
  wb_cup_free (cup);
}
END_TEST

static Suite *
chits_suite (void)
{
  Suite *s = suite_create ("chits");
  TCase *tc = tcase_create ("format");

  tcase_add_test (tc, test_read);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_write_order);
  tcase_add_loop_test (tc, test_invalid, 0, G_N_ELEMENTS (invalid_cases));
  tcase_add_test (tc, test_effect_charged);
  tcase_add_test (tc, test_chickasaw_bayou);
  suite_add_tcase (s, tc);
  tc = tcase_create ("commands");
  tcase_add_test (tc, test_add_edit_remove_chit);
  tcase_add_test (tc, test_edit_merges);
  tcase_add_test (tc, test_set_cup);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (chits_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
