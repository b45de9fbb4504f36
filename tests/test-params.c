/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-family.h"
#include "rules/wb-params.h"

/* The rules parameters a family declares (core/rules/wb-params.h,
 * docs/rules-params.md): a bundled game with one parameter made wrong is
 * refused when it loads, with the exact error code, the JSON path and the
 * line:column of the wrong value, found in the edited text. */

static char *
bundled_text (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", file, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, &error))
    ck_abort_msg ("cannot read %s: %s", path, error->message);
  return text;
}

/* Line and column (in characters) of @at in @text, from 1. */
static void
position (const char *text, const char *at, int *line, int *column)
{
  *line = 1;
  *column = 1;
  for (const char *p = text; p < at; p++)
    if (*p == '\n')
      {
        (*line)++;
        *column = 1;
      }
    else if (((guchar) *p & 0xC0) != 0x80)
      (*column)++;
}

typedef struct {
  const char *game;
  const char *from, *to;     /* the edit: the first @from becomes @to */
  const char *marker;        /* where the error points: the first @marker from the edit on */
  int         code;
  const char *path;          /* the JSON path the message names */
  const char *fragment;      /* what it says */
} Case;

static const Case cases[] = {
  /* The examples. */
  { "battle-of-the-wilderness", "\"side\": \"union\", \"formation\": \"IX\"",
    "\"side\": \"bogus\", \"formation\": \"IX\"", "\"bogus\"", WB_FORMAT_ERROR_REFERENCE,
    "$.rules.params.command_rolls[0].side", "unknown side “bogus” (expected one of: union, confederate)" },
  { "battle-of-the-wilderness", "\"artillery_range\": 3", "\"artilery_range\": 3", "3",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.artilery_range",
    "unknown parameter “artilery_range” (did you mean “artillery_range”?)" },
  { "jackson-sheridan", "\"tag\": \"north-of-gray-line\"", "\"tag\": \"north-of-grey-line\"",
    "\"north-of-grey-line\"", WB_FORMAT_ERROR_REFERENCE, "$.rules.params.victory.1862[0].tag",
    "unknown location tag “north-of-grey-line” (did you mean “north-of-gray-line”?)" },
  { "battle-of-the-wilderness", "\"crt\": \"crt\"", "\"crt\": \"terrain-effects\"", "\"terrain-effects\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.crt",
    "the table “terrain-effects” is of kind “chart”: the rules family plays a table of kind “odds” or “differential” here" },
  { "grants-gamble", "\"replacement_return_sp\": {\"infantry\": 1, \"garrison\": 1}",
    "\"replacement_return_sp\": {\"infantry\": 1, \"horse\": 2}", "2}", WB_FORMAT_ERROR_REFERENCE,
    "$.rules.params.replacement_return_sp.horse", "unknown unit class “horse”" },
  /* Every kind of parameter. */
  { "battle-of-the-wilderness", "\"zoc_exempt\": true", "\"zoc_exmpt\": true", "true",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.movement_profiles[1].zoc_exmpt",
    "unknown parameter “zoc_exmpt” (did you mean “zoc_exempt”?)" },
  { "battle-of-the-wilderness", "\"night_no_enter_zoc\": true", "\"night_no_enter_zoc\": \"yes\"", "\"yes\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.night_no_enter_zoc", "expected true or false, found a string" },
  { "battle-of-the-wilderness", "\"artillery_range\": 3", "\"artillery_range\": 0", "0",
    WB_FORMAT_ERROR_RANGE, "$.rules.params.artillery_range", "0 is out of range (expected 1 to 100)" },
  { "battle-of-the-wilderness", "\"retreat_hexes\": 1", "\"retreat_hexes\": 11", "11",
    WB_FORMAT_ERROR_RANGE, "$.rules.params.retreat_hexes", "11 is out of range (expected 1 to 10)" },
  { "battle-of-the-wilderness", "\"stacking\": 2", "\"stacking\": 2.5", "2.5",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.stacking", "expected a whole number, found 2.5" },
  { "battle-of-the-wilderness", "\"movement_allowance\": 6", "\"movement_allowance\": \"six\"", "\"six\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.movement_allowance", "expected a number, found a string" },
  { "grants-gamble", "\"activation_cap\": 1", "\"activation_cap\": 2", "2",
    WB_FORMAT_ERROR_RANGE, "$.rules.params.activation_cap", "2 is not played: the rules family plays only 1" },
  { "battle-of-the-wilderness", "\"zoc\": \"rigid\"", "\"zoc\": \"lockin\"", "\"lockin\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.zoc", "“lockin” is not played (did you mean “locking”?)" },
  { "battle-of-the-wilderness", "\"enter\": \"road_only\"", "\"enter\": \"road-only\"", "\"road-only\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.movement_profiles[1].enter",
    "“road-only” is not played (did you mean “road_only”?)" },
  { "battle-of-the-wilderness", "\"crt\": \"crt\"", "\"crt\": \"crtt\"", "\"crtt\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.crt", "unknown table “crtt” (did you mean “crt”?)" },
  { "battle-of-the-wilderness", "\"no_end_features\": [\"ferry\"]", "\"no_end_features\": [\"ferry\", \"road\"]",
    "\"road\"", WB_FORMAT_ERROR_REFERENCE, "$.rules.params.no_end_features[1]",
    "unknown hex feature “road” (expected one of: ferry, town)" },
  { "battle-of-the-wilderness", "\"no_end_features\": [\"ferry\"]", "\"no_end_features\": \"ferry\"",
    "\"ferry\"", WB_FORMAT_ERROR_TYPE, "$.rules.params.no_end_features",
    "expected a list of hex feature ids, found a string" },
  { "battle-of-the-wilderness", "\"held_on\": [6]", "\"held_on\": [7]", "7",
    WB_FORMAT_ERROR_RANGE, "$.rules.params.command_rolls[0].held_on[0]", "7 is out of range (expected 1 to 6)" },
  { "battle-of-the-wilderness", "\"turns\": [1, 7]", "\"turns\": [1]", "[1]",
    WB_FORMAT_ERROR_RANGE, "$.rules.params.movement_profiles[1].turns", "expected 2 numbers, found 1" },
  { "battle-of-the-wilderness", "\"costs\": {\"trail\": 1, \"forest\": 2}",
    "\"costs\": {\"trail\": 1, \"forrest\": 2}", "2}", WB_FORMAT_ERROR_REFERENCE,
    "$.rules.params.movement_profiles[0].costs.forrest",
    "unknown terrain or feature “forrest” (did you mean “forest”?)" },
  { "battle-of-the-wilderness", "\"option\": \"burnside\"", "\"option\": \"burnsides\"", "\"burnsides\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.command_rolls[0].option",
    "unknown scenario option “burnsides” (did you mean “burnside”?)" },
  { "battle-of-the-wilderness", "\"formation\": \"IX\"", "\"formation\": \"XXIX\"", "\"XXIX\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.command_rolls[0].formation", "unknown formation “XXIX”" },
  { "battle-of-the-wilderness", "\"class\": \"train\", \"hexes_with\"", "\"class\": \"wagon\", \"hexes_with\"",
    "\"wagon\"", WB_FORMAT_ERROR_REFERENCE, "$.rules.params.movement_profiles[3].class",
    "unknown unit class “wagon” (expected one of: infantry, cavalry, artillery, train)" },
  { "battle-of-the-wilderness", "{\"option\": \"burnside\", \"side\": \"union\", ",
    "{\"option\": \"burnside\", ", "{\"option\"", WB_FORMAT_ERROR_MISSING, "$.rules.params.command_rolls[0]",
    "missing member “side” (the side whose formation rolls)" },
  { "battle-of-the-wilderness", "\"movement_profiles\": [{", "\"movement_profiles\": [4, {", "4",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.movement_profiles[0]", "expected an object, found a number" },
  { "grants-gamble", "\"army_commander_rating\": {\"union\": 7, \"confederate\": 7}",
    "\"army_commander_rating\": {\"union\": 7, \"rebels\": 7}", "7}", WB_FORMAT_ERROR_REFERENCE,
    "$.rules.params.army_commander_rating.rebels", "unknown side “rebels”" },
  { "grants-gamble", "\"army_commander_rating\": {\"union\": 7, \"confederate\": 7}",
    "\"army_commander_rating\": {\"union\": 7, \"confederate\": 17}", "17", WB_FORMAT_ERROR_RANGE,
    "$.rules.params.army_commander_rating.confederate", "17 is out of range (expected 0 to 13)" },
  { "grants-gamble", "\"leader_abilities\": {\"lee\"", "\"leader_abilities\": {\"robert-e-lee\"", "{\"side\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.leader_abilities.robert-e-lee", "unknown unit “robert-e-lee”" },
  { "grants-gamble", "\"weather_table\": \"weather\"", "\"weather_table\": \"commanders\"", "\"commanders\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.weather_table",
    "the table “commanders” is of kind “chart”: the rules family plays a table of kind “roll” here" },
  { "grants-gamble", "\"every\": \"even turn\"", "\"every\": \"odd turn\"", "\"odd turn\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.replacements.confederate.every", "“odd turn” is not played" },
  { "grants-gamble", "\"locations\": [\"petersburg\"", "\"locations\": [\"petersberg\"", "\"petersberg\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.victory[2].locations[0]",
    "unknown location “petersberg” (did you mean “petersburg”?)" },
  { "grants-gamble", "\"type\": \"hold_all\"", "\"type\": \"hold_everything\"", "\"hold_everything\"",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.victory[2].type", "“hold_everything” is not played" },
  { "battle-of-the-wilderness", "\"rule\": \"19.2\"", "\"rule\": 19.2", "19.2",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.command_rolls[0].rule", "expected a string, found a number" },
  { "grants-gamble", "\"closed_crossing\": {\"locations\"", "\"closed_crossing\": [], \"x\": {\"locations\"", "[]",
    WB_FORMAT_ERROR_TYPE, "$.rules.params.closed_crossing", "expected an object, found an array" },
  { "grants-gamble", "\"locations\": [\"charles-city\", \"city-point\"]",
    "\"locations\": [\"charles-city\"]", "[\"charles-city\"]", WB_FORMAT_ERROR_RANGE,
    "$.rules.params.closed_crossing.locations", "expected 2 ids, found 1" },
  { "jackson-sheridan", "\"cap_per_turn\": {\"1862\"", "\"cap_per_turn\": {\"1863\"", "{\"union\"",
    WB_FORMAT_ERROR_REFERENCE, "$.rules.params.cap_per_turn.1863", "unknown scenario “1863”" },
  { "jackson-sheridan", "\"cap_per_turn\": {\"1862\": {\"union\": 2, \"confederate\": 2}, ",
    "\"cap_per_turn\": {", "{\"1864\"", WB_FORMAT_ERROR_MISSING, "$.rules.params.cap_per_turn",
    "no value for the scenario “1862”" },
  { "jackson-sheridan", "\"cap_per_turn\"", "\"caps_per_turn\"", "{\"1862\"", WB_FORMAT_ERROR_TYPE,
    "$.rules.params.caps_per_turn", "unknown parameter “caps_per_turn” (did you mean “cap_per_turn”?)" },
};

START_TEST (test_refused)
{
  const Case *c = &cases[_i];
  g_autofree char *text = bundled_text (c->game);
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *name = g_strconcat (c->game, ".warbench", NULL);
  g_autofree char *where = NULL;
  const char *from = strstr (text, c->from), *marker;
  int line, column;

  ck_assert_msg (from != NULL, "%s has no %s", c->game, c->from);
  g_string_erase (edited, from - text, (gssize) strlen (c->from));
  g_string_insert (edited, from - text, c->to);
  marker = strstr (edited->str + (from - text), c->marker);
  ck_assert_msg (marker != NULL, "no %s after the edit", c->marker);
  position (edited->str, marker, &line, &column);

  game = wb_game_load_from_data (edited->str, -1, name, &error);
  ck_assert_msg (game == NULL, "loaded with %s", c->to);
  ck_assert_msg (error->domain == WB_FORMAT_ERROR && error->code == c->code, "code %d, expected %d: %s",
                 error->code, c->code, error->message);
  where = g_strdup_printf ("%s:%d:%d: %s: ", name, line, column, c->path);
  ck_assert_msg (g_str_has_prefix (error->message, where), "“%s” does not start with “%s”", error->message, where);
  ck_assert_msg (strstr (error->message, c->fragment) != NULL, "no “%s” in “%s”", c->fragment, error->message);
}
END_TEST

/* Every bundled game and every test game loads as it is. */
START_TEST (test_bundled_load)
{
  static const char * const games[] = {
    "battle-of-the-wilderness", "grants-gamble", "jackson-sheridan", "shenandoah", "chickasaw-bayou",
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *text = bundled_text (games[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = wb_game_load_from_data (text, -1, games[i], &error);

      ck_assert_msg (game != NULL, "%s: %s", games[i], error ? error->message : "");
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "minimal.warbench" : "tables.warbench";
      g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);

      ck_assert_msg (game != NULL, "%s: %s", name, error ? error->message : "");
    }
}
END_TEST

/* A family the engine does not play yet declares nothing: its parameters
 * are kept unchecked, whatever they are; a game without parameters loads
 * (the family asks for the ones it requires at play). */
START_TEST (test_unchecked)
{
  g_autofree char *text = bundled_text ("battle-of-the-wilderness");
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) bare = NULL;
  g_autofree char *gg = bundled_text ("grants-gamble");

  ck_assert_uint_eq (g_string_replace (edited, "\"family\": \"spi-blue-gray\"", "\"family\": \"a-family-to-come\"", 1), 1);
  ck_assert_uint_eq (g_string_replace (edited, "\"artillery_range\": 3", "\"artilery_range\": \"far\"", 1), 1);
  game = wb_game_load_from_data (edited->str, -1, "columbia.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (wb_rules_family_find ("a-family-to-come"));

  g_string_assign (edited, gg);
  {
    const char *start = strstr (edited->str, ", \"params\": {");
    const char *end = strstr (edited->str, "\n  \"sides\"");

    ck_assert_ptr_nonnull (start);
    ck_assert_ptr_nonnull (end);
    /* "rules": {"family": "bg-campaign", "params": {…}}, → without params */
    g_string_erase (edited, start - edited->str, end - start);
    g_string_insert (edited, start - edited->str, "},");
  }
  bare = wb_game_load_from_data (edited->str, -1, "bare.warbench", &error);
  ck_assert_msg (bare != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (wb_game_get_rules (bare)->params);
}
END_TEST

static const char * const test_values[] = { "a", "b", NULL };
static const WbParam item_members[] = {
  { .name = "count", .type = WB_PARAM_INT, .def_number = 2, .doc = "a count" },
};
static const WbParam map_value[] = {
  { .name = "value", .type = WB_PARAM_INT, .def_number = 5, .doc = "a number" },
};
static const WbParam test_decl[] = {
  { .name = "flag", .type = WB_PARAM_BOOL, .def_number = 1, .doc = "a flag" },
  { .name = "n", .type = WB_PARAM_INT, .def_number = 3, .per_scenario = TRUE, .doc = "a number" },
  { .name = "x", .type = WB_PARAM_NUMBER, .def_number = 0.5, .doc = "a number" },
  { .name = "pick", .type = WB_PARAM_ENUM, .values = test_values, .def_string = "a", .doc = "a pick" },
  { .name = "sides", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_SIDE, .doc = "sides" },
  { .name = "items", .type = WB_PARAM_LIST, .members = item_members, .n_members = 1, .doc = "items" },
  { .name = "by_side", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_SIDE, .members = map_value, .n_members = 1,
    .doc = "by side" },
  { .name = "words", .type = WB_PARAM_NOTE, .doc = "a note" },
};

static WbGame *
game_with_params (const char *json)
{
  g_autofree char *text = bundled_text ("battle-of-the-wilderness");
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load_from_data (text, -1, "w", &error);
  g_autoptr(JsonParser) parser = json_parser_new ();
  WbRulesRef *rules;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert (json_parser_load_from_data (parser, json, -1, NULL));
  rules = wb_game_get_rules (game);
  g_clear_pointer (&rules->params, json_node_unref);
  rules->params = json_node_copy (json_parser_get_root (parser));
  return game;
}

/* The getters: the value, the value for the scenario, the default when
 * absent or of another type (a game changed in memory). */
START_TEST (test_getters)
{
  g_autoptr(WbGame) game = game_with_params (
    "{\"flag\": false, \"n\": {\"historical\": 9}, \"x\": \"half\", \"sides\": [\"union\", 4], "
    "\"items\": [{\"count\": 7}, 3, {}], \"by_side\": {\"union\": 1}}");
  WbParams p, item, entry;
  g_auto(GStrv) sides = NULL;
  g_autoptr(GList) keys = NULL;

  wb_params_init (&p, test_decl, G_N_ELEMENTS (test_decl), "test", game, "historical");
  ck_assert (!wb_params_bool (&p, "flag"));
  ck_assert_int_eq (wb_params_int (&p, "n"), 9);
  ck_assert (wb_params_per_scenario (&p, "n"));
  ck_assert (!wb_params_per_scenario (&p, "flag"));
  ck_assert_double_eq (wb_params_number (&p, "x"), 0.5);    /* a string: the default */
  ck_assert_str_eq (wb_params_string (&p, "pick"), "a");    /* absent: the default */
  sides = wb_params_strv (&p, "sides");
  ck_assert_uint_eq (g_strv_length (sides), 1);
  ck_assert_str_eq (sides[0], "union");
  ck_assert_uint_eq (wb_params_length (&p, "items"), 3);
  ck_assert (wb_params_item (&p, "items", 0, &item));
  ck_assert_int_eq (wb_params_int (&item, "count"), 7);
  ck_assert (!wb_params_item (&p, "items", 1, &item));       /* not an object */
  ck_assert (wb_params_item (&p, "items", 2, &item));
  ck_assert_int_eq (wb_params_int (&item, "count"), 2);
  keys = wb_params_keys (&p, "by_side");
  ck_assert_uint_eq (g_list_length (keys), 1);
  ck_assert (wb_params_entry (&p, "by_side", "union", &entry));
  ck_assert_int_eq (wb_params_int (&entry, "value"), 1);
  ck_assert (!wb_params_entry (&p, "by_side", "confederate", &entry));
  ck_assert_int_eq (wb_params_int (&entry, "value"), 5);

  /* Another scenario: the per-scenario value is not its; the default. */
  wb_params_init (&p, test_decl, G_N_ELEMENTS (test_decl), "test", game, "other");
  ck_assert_int_eq (wb_params_int (&p, "n"), 3);
}
END_TEST

static const WbParam range_decl[] = {
  { .name = "ma", .type = WB_PARAM_NUMBER, .def_number = 6, .min = 0, .max = 1000, .doc = "an allowance" },
  { .name = "vp", .type = WB_PARAM_INT, .def_number = 1, .min = -1000, .max = 1000, .doc = "VP" },
  { .name = "held", .type = WB_PARAM_INT_LIST, .min = 1, .max = 6, .doc = "rolls" },
  { .name = "any", .type = WB_PARAM_INT, .def_number = 2, .doc = "any whole number" },
};

/* A game changed in memory is not validated: the getters never hand a
 * family a value outside its declared range (issue 15: a movement
 * allowance of 2^29 MP overflowed in quarters; a vp of 1e9 times the
 * units counted overflowed the VP). */
START_TEST (test_getters_range)
{
  g_autoptr(WbGame) game = game_with_params (
    "{\"ma\": 536870912, \"vp\": 1e9, \"held\": [0, 3, 7, 6, 1e300, -4], \"any\": 1e300}");
  g_autoptr(WbGame) edge = game_with_params ("{\"ma\": 1000, \"vp\": -1000, \"held\": [1, 6], \"any\": -7}");
  g_autofree gint64 *held = NULL;
  g_autofree gint64 *edge_held = NULL;
  WbParams p;
  guint n;

  wb_params_init (&p, range_decl, G_N_ELEMENTS (range_decl), "test", game, "historical");
  ck_assert_double_eq (wb_params_number (&p, "ma"), 6);
  ck_assert_int_eq (wb_params_int (&p, "vp"), 1);
  ck_assert_int_eq (wb_params_int (&p, "any"), 2);
  held = wb_params_ints (&p, "held", &n);
  ck_assert_uint_eq (n, 2);
  ck_assert_int_eq (held[0], 3);
  ck_assert_int_eq (held[1], 6);

  /* The ends of the range are values like any other. */
  wb_params_init (&p, range_decl, G_N_ELEMENTS (range_decl), "test", edge, "historical");
  ck_assert_double_eq (wb_params_number (&p, "ma"), 1000);
  ck_assert_int_eq (wb_params_int (&p, "vp"), -1000);
  ck_assert_int_eq (wb_params_int (&p, "any"), -7);
  edge_held = wb_params_ints (&p, "held", &n);
  ck_assert_uint_eq (n, 2);
  ck_assert_int_eq (edge_held[0], 1);
  ck_assert_int_eq (edge_held[1], 6);
}
END_TEST

static guint criticals;

static GLogWriterOutput
count_criticals (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  if (level & G_LOG_LEVEL_CRITICAL)
    criticals++;
  return G_LOG_WRITER_HANDLED;
}

/* Reading a parameter the family does not declare, or one it declares as
 * a note, is a programming error: a critical, and nothing read. */
START_TEST (test_undeclared)
{
  g_autoptr(WbGame) game = game_with_params ("{\"flag\": false, \"words\": \"text\", \"other\": 4}");
  WbParams p;

  /* Forked: the writer and the fatal mask are this test's alone. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_writer_func (count_criticals, NULL, NULL);
  wb_params_init (&p, test_decl, G_N_ELEMENTS (test_decl), "test", game, NULL);
  criticals = 0;
  ck_assert_int_eq (wb_params_int (&p, "other"), 0);
  ck_assert_uint_eq (criticals, 1);
  ck_assert_ptr_null (wb_params_string (&p, "words"));
  ck_assert_uint_eq (criticals, 2);
  ck_assert (!wb_params_bool (&p, "flag"));
  ck_assert_uint_eq (criticals, 2);
}
END_TEST

/* An editor asks which parameter names an id before removing it. */
START_TEST (test_reference)
{
  g_autofree char *text = bundled_text ("battle-of-the-wilderness");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load_from_data (text, -1, "w", &error);
  g_autofree char *forest = wb_params_reference (game, WB_PARAM_REFS_TERRAIN, "forest");
  g_autofree char *ferry = wb_params_reference (game, WB_PARAM_REFS_FEATURE, "ferry");
  g_autofree char *town = wb_params_reference (game, WB_PARAM_REFS_FEATURE, "town");
  g_autofree char *ix = wb_params_reference (game, 1u << WB_PARAM_REF_FORMATION, "IX");

  ck_assert_str_eq (forest, "rules.params.movement_profiles[0].costs.forest");
  ck_assert_str_eq (ferry, "rules.params.no_end_features[0]");
  ck_assert_ptr_null (town);
  ck_assert_str_eq (ix, "rules.params.command_rolls[0].formation");
}
END_TEST

/* Removing what a parameter names is refused, naming the parameter: the
 * file would not load again. */
static void
assert_refused (WbGame *game, WbCommand *command, const char *fragment)
{
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  ck_assert (!wb_undo_stack_push (stack, owned, &error));
  ck_assert_msg (error != NULL && error->domain == WB_COMMAND_ERROR && error->code == WB_COMMAND_ERROR_INVALID,
                 "%s", error ? error->message : "no error");
  ck_assert_msg (strstr (error->message, fragment) != NULL, "no “%s” in “%s”", fragment, error->message);
}

START_TEST (test_removal_refused)
{
  g_autofree char *wild_text = bundled_text ("battle-of-the-wilderness");
  g_autofree char *gg_text = bundled_text ("grants-gamble");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) wild = wb_game_load_from_data (wild_text, -1, "w", &error);
  g_autoptr(WbGame) gg = wb_game_load_from_data (gg_text, -1, "gg", &error);
  WbPointMap *map = WB_POINT_MAP (wb_game_find_map (gg, "virginia"));

  assert_refused (wild, wb_command_remove_table_new (wild, "crt"), "(rules.params.crt)");
  assert_refused (wild, wb_command_remove_feature_new (wild, "ferry"), "(rules.params.no_end_features[0])");
  assert_refused (gg, wb_command_delete_location_new (gg, map, "cumberland"),
                  "(rules.params.victory[3].to[0])");
  /* Lee out of the set-up, still named by his ability (GG 10). */
  {
    GPtrArray *scenarios = wb_game_get_scenarios (gg);
    g_autofree char *why = NULL;

    for (guint i = 0; i < scenarios->len; i++)
      {
        GPtrArray *setup = wb_scenario_get_setup (g_ptr_array_index (scenarios, i));

        for (guint k = setup->len; k-- > 0;)
          if (g_strcmp0 (((WbSetup *) g_ptr_array_index (setup, k))->unit, "lee") == 0)
            g_ptr_array_remove_index (setup, k);
      }
    ck_assert (wb_oob_unit_is_used (gg, "lee", &why));
    ck_assert_msg (strstr (why, "(rules.params.leader_abilities.lee)") != NULL, "%s", why);
    ck_assert (!wb_oob_unit_is_used (wild, "no-such-unit", NULL));
  }
  /* Named nowhere: removed. */
  {
    g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
    g_autoptr(WbCommand) remove = wb_command_remove_table_new (wild, "parts-inventory");

    ck_assert_msg (wb_undo_stack_push (stack, remove, &error),
                   "%s", error ? error->message : "");
    ck_assert_ptr_null (wb_game_find_table (wild, "parts-inventory"));
  }
}
END_TEST

/* Each family's declaration: names unique, a document line each, an enum
 * with values, a map with its value, defaults among the allowed values. */
static void
check_decl (const char *family, const WbParam *decl, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      const WbParam *d = &decl[i];

      for (guint k = i + 1; k < n; k++)
        ck_assert_msg (strcmp (d->name, decl[k].name) != 0, "%s: %s declared twice", family, d->name);
      ck_assert_msg (d->doc != NULL || strcmp (d->name, "value") == 0, "%s: %s has no documentation", family,
                     d->name);
      if (d->type == WB_PARAM_ENUM)
        {
          ck_assert_msg (d->values != NULL, "%s: %s has no values", family, d->name);
          ck_assert_msg (d->def_string == NULL || g_strv_contains (d->values, d->def_string),
                         "%s: %s's default is not allowed", family, d->name);
        }
      if ((d->type == WB_PARAM_INT || d->type == WB_PARAM_NUMBER) && d->min < d->max)
        ck_assert_msg (d->required || (d->def_number >= d->min && d->def_number <= d->max),
                       "%s: %s's default is out of its range", family, d->name);
      if (d->type == WB_PARAM_MAP)
        ck_assert_msg (d->n_members == 1 && strcmp (d->members[0].name, "value") == 0,
                       "%s: map %s has no value", family, d->name);
      if (d->type == WB_PARAM_OBJECT || d->type == WB_PARAM_LIST || d->type == WB_PARAM_MAP)
        check_decl (family, d->members, d->n_members);
    }
}

START_TEST (test_declarations)
{
  g_autoptr(GPtrArray) families = wb_rules_family_list ();

  ck_assert_uint_ge (families->len, 2);
  for (guint i = 0; i < families->len; i++)
    {
      const WbRulesFamily *f = g_ptr_array_index (families, i);

      ck_assert_msg (f->n_params > 0, "%s declares no parameters", f->id);
      check_decl (f->id, f->params, f->n_params);
    }
  ck_assert_uint_eq (wb_params_distance ("artilery_range", "artillery_range"), 1);
  ck_assert_uint_eq (wb_params_distance ("", "abc"), 3);
  ck_assert_uint_eq (wb_params_distance ("kitten", "sitting"), 3);
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("params");
  TCase *tc = tcase_create ("params");

  tcase_add_loop_test (tc, test_refused, 0, G_N_ELEMENTS (cases));
  tcase_add_test (tc, test_bundled_load);
  tcase_add_test (tc, test_unchecked);
  tcase_add_test (tc, test_getters);
  tcase_add_test (tc, test_getters_range);
  tcase_add_test (tc, test_undeclared);
  tcase_add_test (tc, test_reference);
  tcase_add_test (tc, test_removal_refused);
  tcase_add_test (tc, test_declarations);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (make_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
