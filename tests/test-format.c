/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "warbench-core.h"
#include "wb-file-private.h"
#include "wb-json-locate-private.h"

static char *
read_test_file (const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), name, NULL);
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, len, &error))
    ck_abort_msg ("cannot read %s: %s", path, error->message);
  return contents;
}

static WbGame *
load_minimal (void)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load_from_data (text, -1, "minimal.warbench", &error);

  ck_assert_msg (game != NULL, "minimal game failed to load: %s", error ? error->message : "?");
  return game;
}

START_TEST (test_load_minimal)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexMap *hexes;
  WbPointMap *points;
  WbUnit *unit;
  WbTable *crt;
  WbScenario *scenario;
  WbFeatureType *ford;
  WbTerrainType *forest;
  const WbAttrValue *v;
  const WbStrength *s;
  WbOffset hex;
  WbLocation *loc;

  ck_assert_str_eq (wb_game_get_title (game), "Minimal Test Game");
  ck_assert_str_eq (wb_game_get_rules (game)->family, "spi-blue-gray");
  ck_assert_uint_eq (wb_game_get_sides (game)->len, 2);
  ck_assert_uint_eq (wb_game_get_units (game)->len, 4);

  forest = wb_game_find_terrain (game, "forest");
  ck_assert_ptr_nonnull (forest);
  ck_assert (forest->blocks_los);
  ck_assert_double_eq (wb_move_costs_lookup (forest->move, "infantry", NULL), 3);
  ck_assert_double_lt (wb_move_costs_lookup (forest->move, "artillery", NULL), 0);
  ck_assert_double_eq (wb_game_find_terrain (game, "rough")->defense, 2);

  ford = wb_game_find_feature (game, "ford");
  ck_assert_int_eq (ford->move_mode, WB_MOVE_ADD);
  ck_assert_str_eq (g_ptr_array_index (ford->negates, 0), "creek");

  crt = wb_game_find_table (game, "crt");
  ck_assert_str_eq (wb_table_lookup (crt, 1, 1), "De");
  ck_assert_str_eq (wb_table_lookup (crt, 4, 0), "Ar");
  ck_assert_ptr_null (wb_table_lookup (crt, 7, 0));

  hexes = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  ck_assert_int_eq (wb_hex_map_get_cols (hexes), 4);
  ck_assert (wb_hex_map_parse_hex (hexes, "0302", &hex));
  ck_assert_str_eq (wb_hex_map_get_terrain (hexes, hex), "forest");
  ck_assert_int_eq (wb_hex_map_get_elevation (hexes, hex), 1);
  ck_assert (wb_hex_map_parse_hex (hexes, "0201", &hex));
  ck_assert_str_eq (wb_hex_map_get_label (hexes, hex), "Townsville");
  ck_assert (wb_hex_map_has_hex_feature (hexes, hex, "town"));
  /* The creek on 0202's north side is 0201's south side. */
  ck_assert (wb_hex_map_has_side_feature (hexes, hex, 3, "creek"));
  ck_assert (wb_hex_map_has_side_feature (hexes, hex, 3, "ford"));
  ck_assert_int_eq (wb_hex_map_find_mark (hexes, "north-edge")->hexes->len, 4);

  points = WB_POINT_MAP (wb_game_find_map (game, "points"));
  loc = wb_point_map_find_location (points, "a");
  ck_assert (loc->port && loc->major);
  ck_assert_int_eq (loc->fortress, 2);
  ck_assert_str_eq (g_ptr_array_index (loc->supply, 0), "blue");
  ck_assert_ptr_eq (wb_point_map_location_at (points, 395, 305, 12),
                    wb_point_map_find_location (points, "b"));

  unit = wb_game_find_unit (game, "b1");
  ck_assert_str_eq (wb_unit_get_designation (unit), "1/I");
  v = wb_unit_get_attr (unit, "movement");
  ck_assert_int_eq (v->i, 6);
  ck_assert_str_eq (wb_unit_get_attr (unit, "firepower")->s, "C2");
  ck_assert_double_eq (wb_unit_get_attr (unit, "morale")->d, 3.5);
  s = wb_unit_get_strength (wb_game_find_unit (game, "b2"));
  ck_assert_int_eq (s->kind, WB_STRENGTH_STEPS);
  ck_assert_int_eq (wb_strength_current_halves (s), 16);
  s = wb_unit_get_strength (wb_game_find_unit (game, "r1"));
  ck_assert_int_eq (s->kind, WB_STRENGTH_SIDES);
  ck_assert_int_eq (wb_strength_current_halves (s), 1);

  scenario = wb_game_find_scenario (game, "basic");
  ck_assert_uint_eq (wb_scenario_get_turns (scenario)->len, 4);
  ck_assert (g_array_index (wb_scenario_get_turns (scenario), WbTurn, 3).night);
  ck_assert_str_eq (g_array_index (wb_scenario_get_turns (scenario), WbTurn, 0).label, "Dawn");
  ck_assert_str_eq (wb_scenario_find_setup (scenario, "r1", NULL)->ref, "0401");
  {
    const char *late[] = { "late", NULL };
    ck_assert_ptr_null (wb_scenario_find_setup (scenario, "r1", late));
  }
  ck_assert_uint_eq (((WbSetup *) g_ptr_array_index (wb_scenario_get_setup (scenario), 1))->at->len, 2);
}
END_TEST

/* save → load → save gives the same bytes, and the model survives. */
START_TEST (test_round_trip)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL;
  gsize len1, len2;

  first = wb_game_to_data (game, &len1);
  again = wb_game_load_from_data (first, (gssize) len1, "first", &error);
  ck_assert_msg (again != NULL, "reload failed: %s\n%s", error ? error->message : "", first);
  second = wb_game_to_data (again, &len2);
  ck_assert_str_eq (first, second);
  ck_assert_uint_eq (len1, len2);
  /* Spot checks that nothing was dropped on the way. */
  ck_assert_ptr_nonnull (strstr (first, "\"negates\": [\"creek\"]"));
  ck_assert_ptr_nonnull (strstr (first, "\"strength\": {\"steps\": [12, 8, 4], \"current\": 1}"));
  ck_assert_ptr_nonnull (strstr (first, "\"strength\": {\"fresh\": 3, \"worn\": 0.5, \"current\": \"worn\"}"));
  ck_assert_ptr_nonnull (strstr (first, "\"artillery\": null"));
  ck_assert_ptr_nonnull (strstr (first, "\"unless\": \"late\""));
  ck_assert_ptr_nonnull (strstr (first, "\"condition\": \"on activation only\""));
  ck_assert_ptr_nonnull (strstr (first, "\"night\": [4]"));
  /* A road leaving the map's southern edge is named by its on-map hex. */
  ck_assert_ptr_nonnull (strstr (first, "{\"hex\": \"0103\", \"dir\": \"s\", \"features\": [\"road\"]}"));
  ck_assert_ptr_nonnull (strstr (first, "\"params\": {\"movement_allowance\": 6, \"stacking\": 2}"));
  /* One entity per line. */
  ck_assert_ptr_nonnull (strstr (first, "\n    {\"id\": \"b2\", \"side\": \"blue\""));
  ck_assert_ptr_nonnull (strstr (first, "\n        \"..f.\",\n"));
}
END_TEST

/* Every bundled game is valid and already in canonical form, so a save
 * from the editor never produces a noisy diff. */
START_TEST (test_bundled_games_canonical)
{
  g_autofree char *dir = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint count = 0;

  ck_assert_ptr_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = NULL, *text = NULL, *out = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = NULL;
      gsize len;

      if (!g_str_has_suffix (name, WB_GAME_FILE_EXTENSION))
        continue;
      path = g_build_filename (dir, name, NULL);
      ck_assert (g_file_get_contents (path, &text, &len, NULL));
      game = wb_game_load_from_data (text, (gssize) len, name, &error);
      ck_assert_msg (game != NULL, "%s", error ? error->message : "");
      out = wb_game_to_data (game, NULL);
      ck_assert_msg (strcmp (out, text) == 0,
                     "%s is not in canonical form: run warbench-cli format on it", name);
      count++;
    }
  ck_assert_uint_ge (count, 1);
}
END_TEST

/* Chickasaw Bayou is whole (issue 17 item 3): every combat unit has SP on
 * both sides, a Weapon Type and a Cohesion Rating on both sides, the
 * reconstructed CRT and cohesion tables have no unknown cell and print the
 * worked examples' cells, and each has its rulebook-only twin with "?"
 * cells, played by the option every scenario offers. */
START_TEST (test_bundled_bayou_whole)
{
  static const char * const reconstructed[] = {
    "crt", "fire-depletion", "fire-skedaddle", "close-depletion", "close-skedaddle", NULL
  };
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  GPtrArray *units, *scenarios;
  guint combat = 0;
  WbTable *crt;
  const WbTableRow *row = NULL;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  units = wb_game_get_units (game);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      const char *klass = wb_unit_get_class_id (u);
      const WbStrength *st = wb_unit_get_strength (u);
      const WbAttrValue *cr, *cr_worn, *weapon;

      if (strcmp (klass, "infantry") != 0 && strcmp (klass, "cavalry") != 0 &&
          strcmp (klass, "artillery") != 0)
        continue;
      combat++;
      ck_assert_msg (st->kind == WB_STRENGTH_SIDES && st->halves[0] > 0 && st->halves[1] > 0 &&
                     st->halves[1] <= st->halves[0], "%s has no SP", wb_unit_get_id (u));
      cr = wb_unit_get_attr (u, "cr");
      cr_worn = wb_unit_get_attr (u, "cr_worn");
      weapon = wb_unit_get_attr (u, "weapon");
      ck_assert_msg (cr && cr_worn && weapon && weapon->s[0] != '\0', "%s: no CR or weapon",
                     wb_unit_get_id (u));
      ck_assert_msg (cr_worn->i >= 0 && cr_worn->i <= cr->i && cr->i <= 6, "%s: CR %d/%d",
                     wb_unit_get_id (u), (int) cr->i, (int) cr_worn->i);
    }
  ck_assert_uint_eq (combat, 95);

  for (guint t = 0; reconstructed[t]; t++)
    {
      g_autofree char *twin_id = g_strconcat (reconstructed[t], "-rulebook", NULL);
      WbTable *table = wb_game_find_table (game, reconstructed[t]);
      WbTable *twin = wb_game_find_table (game, twin_id);
      GPtrArray *rows;
      gboolean unknown = FALSE;

      ck_assert_msg (table && twin, "%s or its twin is missing", reconstructed[t]);
      rows = wb_table_get_rows (table);
      for (guint r = 0; r < rows->len; r++)
        for (guint c = 0; c < ((WbTableRow *) rows->pdata[r])->cells->len; c++)
          ck_assert_str_ne (((WbTableRow *) rows->pdata[r])->cells->pdata[c], "?");
      rows = wb_table_get_rows (twin);
      for (guint r = 0; r < rows->len; r++)
        for (guint c = 0; c < ((WbTableRow *) rows->pdata[r])->cells->len; c++)
          unknown |= strcmp (((WbTableRow *) rows->pdata[r])->cells->pdata[c], "?") == 0;
      ck_assert_msg (unknown, "%s has no unknown cell", twin_id);
    }
  /* 9.3's example: column 1, the 61-62 row, "- | 0-1 | 2-4". */
  crt = wb_game_find_table (game, "crt");
  for (guint r = 0; r < wb_table_get_rows (crt)->len; r++)
    {
      const WbTableRow *x = g_ptr_array_index (wb_table_get_rows (crt), r);
      if (x->lo <= 62 && 62 <= x->hi)
        row = x;
    }
  ck_assert_ptr_nonnull (row);
  ck_assert_int_eq (row->lo, 61);
  ck_assert_int_eq (row->hi, 62);
  ck_assert_str_eq (row->cells->pdata[1], "yellow:0-1 green:2-4");

  scenarios = wb_game_get_scenarios (game);
  ck_assert_uint_eq (scenarios->len, 6);
  for (guint i = 0; i < scenarios->len; i++)
    {
      GPtrArray *options = wb_scenario_get_options (g_ptr_array_index (scenarios, i));
      gboolean found = FALSE;

      for (guint o = 0; options && o < options->len; o++)
        found |= strcmp (((WbOption *) options->pdata[o])->id, "rulebook-tables") == 0;
      ck_assert (found);
    }
}
END_TEST

/* An id of the longest length the format allows (64 characters). */
#define ID_64 "a-very-long-unit-id.of-exactly-sixty-four-characters_0123456789a"

typedef struct
{
  const char *name;
  const char *find;
  const char *replace;
  int         code;
  const char *expect;   /* substring of the message */
} Invalid;

static const Invalid invalid_cases[] = {
  { "syntax", "\"version\": 1,", "\"version\": 1", WB_FORMAT_ERROR_SYNTAX, "minimal.warbench:4:3: expected ',' or '}' after an object member" },
  { "not-a-game", "\"warbench-game\"", "\"tiled-map\"", WB_FORMAT_ERROR_NOT_A_GAME, "$.format" },
  { "too-new", "\"version\": 1,", "\"version\": 99,", WB_FORMAT_ERROR_TOO_NEW, "minimal.warbench:3:14: $.version" },
  { "no-version", "\"version\": 1,", "", WB_FORMAT_ERROR_MISSING, "“version”" },
  { "version-type", "\"version\": 1,", "\"version\": \"1\",", WB_FORMAT_ERROR_TYPE, "$.version" },
  { "unknown-member", "\"publisher\": \"Test\"", "\"publisher\": \"Test\", \"publsher\": \"x\"",
    WB_FORMAT_ERROR_TYPE, "$.game.publsher: unknown member" },
  { "missing-title", "\"title\": \"Minimal Test Game\", ", "", WB_FORMAT_ERROR_MISSING, "$.game: missing member “title”" },
  { "bad-id", "{\"id\": \"red\"", "{\"id\": \"red side\"", WB_FORMAT_ERROR_TYPE, "$.sides[1].id" },
  /* Every id namespace refuses a second use of an id, naming it where the
   * second one stands: an editor that kept either would silently lose the
   * other's data. */
  { "duplicate-side", "{\"id\": \"red\"", "{\"id\": \"blue\"", WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:8:12: $.sides[1].id: the side id “blue” is used twice" },
  { "duplicate-class", "{\"id\": \"artillery\", \"name\": \"Artillery\"", "{\"id\": \"infantry\", \"name\": \"Artillery\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:12:12: $.unit_classes[1].id: the unit class id “infantry” is used twice" },
  { "duplicate-attribute", "{\"id\": \"morale\", \"type\"", "{\"id\": \"movement\", \"type\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:11:201: $.unit_classes[0].attrs[2].id: the attribute id “movement” is used twice" },
  { "duplicate-terrain", "{\"id\": \"rough\"", "{\"id\": \"forest\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:17:12: $.terrain[2].id: the terrain id “forest” is used twice" },
  { "duplicate-terrain-key", "\"key\": \"r\"", "\"key\": \"f\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:17:45: $.terrain[2].key: the map key “f” is used by another terrain type" },
  { "duplicate-hexside-feature", "{\"id\": \"ford\"", "{\"id\": \"creek\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:22:12: $.features[2].id: the feature id “creek” is used twice" },
  { "duplicate-hex-feature", "{\"id\": \"town\"", "{\"id\": \"road\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:23:12: $.features[3].id: the feature id “road” is used twice" },
  { "duplicate-connection-class", "{\"id\": \"river\"", "{\"id\": \"pike\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:25:12: $.features[5].id: the feature id “pike” is used twice" },
  { "duplicate-table", "\n  ],\n  \"maps\"", ",\n    {\"id\": \"crt\", \"kind\": \"chart\", \"columns\": [], \"rows\": []}\n  ],\n  \"maps\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:46:12: $.tables[1].id: the table id “crt” is used twice" },
  { "duplicate-map", "\"id\": \"points\"", "\"id\": \"hexes\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:84:13: $.maps[1].id: the map id “hexes” is used twice" },
  { "duplicate-mark", "{\"id\": \"north-edge\"", "{\"id\": \"objective\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:80:16: $.maps[0].marks[1].id: the mark id “objective” is used twice" },
  { "duplicate-location", "{\"id\": \"b\", \"name\": \"Beta\"", "{\"id\": \"a\", \"name\": \"Beta\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:91:16: $.maps[1].locations[1].id: the location id “a” is used twice" },
  { "duplicate-connection", "\"crossings\": [\"river\"]}", "\"crossings\": [\"river\"]}, {\"a\": \"b\", \"b\": \"a\", \"class\": \"pike\"}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:94:72: $.maps[1].connections[1]: the pike connection between “b” and “a” is listed twice" },
  { "duplicate-formation", "{\"id\": \"corps\"", "{\"id\": \"army\"",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:100:12: $.formations[1].id: the formation id “army” is used twice" },
  { "duplicate-box", "{\"id\": \"reserve\", \"name\": \"Reserve\", \"side\": \"blue\"}",
    "{\"id\": \"reserve\", \"name\": \"Reserve\", \"side\": \"blue\"}, {\"id\": \"reserve\", \"name\": \"Depot\"}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:117:70: $.scenarios[0].boxes[1].id: the box id “reserve” is used twice" },
  { "duplicate-option", "{\"id\": \"late\", \"name\": \"Late arrival\", \"text\": \"Red arrives later.\"}",
    "{\"id\": \"late\", \"name\": \"Late arrival\", \"text\": \"Red arrives later.\"}, {\"id\": \"late\", \"name\": \"Later\"}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:120:86: $.scenarios[0].options[1].id: the option id “late” is used twice" },
  { "duplicate-special-rule", "{\"id\": \"mud\", \"title\": \"Mud\", \"text\": \"Roads cost 2.\"}",
    "{\"id\": \"mud\", \"title\": \"Mud\", \"text\": \"Roads cost 2.\"}, {\"id\": \"mud\", \"title\": \"Deep mud\"}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:139:72: $.scenarios[0].special_rules[1].id: the special rule id “mud” is used twice" },
  { "duplicate-scenario", "\n  ]\n}", ",\n    {\"id\": \"basic\", \"map\": \"hexes\", \"turns\": {\"count\": 1}}\n  ]\n}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:142:12: $.scenarios[1].id: the scenario id “basic” is used twice" },
  { "duplicate-hex", "{\"hex\": \"0201\", \"label\": \"Townsville\", \"features\": [\"town\"]}",
    "{\"hex\": \"0201\", \"label\": \"Townsville\", \"features\": [\"town\"]}, {\"hex\": \"0201\", \"label\": \"Twice\"}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:71:79: $.maps[0].hexes[1].hex: hex 0201 is listed twice" },
  /* 0201 s is the side 0202 n names. */
  { "duplicate-hexside", "{\"hex\": \"0103\", \"dir\": \"s\", \"features\": [\"road\"]}",
    "{\"hex\": \"0103\", \"dir\": \"s\", \"features\": [\"road\"]}, {\"hex\": \"0201\", \"dir\": \"s\", \"features\": [\"road\"]}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:76:60: $.maps[0].hexsides[3]: the hexside 0201 s is listed twice" },
  /* An object naming its id twice: the JSON reader refuses it. */
  { "duplicate-member", "{\"id\": \"blue\", \"name\": \"Blue\"", "{\"id\": \"blue\", \"id\": \"navy\", \"name\": \"Blue\"",
    WB_FORMAT_ERROR_SYNTAX, "minimal.warbench:7:20: expected each member name once in an object, but “id” was already used at 7:6" },
  { "bad-color", "\"#b33a3a\"", "\"crimson\"", WB_FORMAT_ERROR_TYPE, "$.sides[1].color: “crimson” is not a colour" },
  { "unknown-side", "\"id\": \"r1\", \"side\": \"red\"", "\"id\": \"r1\", \"side\": \"green\"",
    WB_FORMAT_ERROR_REFERENCE, "$.units[2].side: unknown side “green” (expected one of: blue, red)" },
  { "unknown-class", "\"class\": \"artillery\", \"strength\": 0.5", "\"class\": \"tank\", \"strength\": 0.5",
    WB_FORMAT_ERROR_REFERENCE, "$.units[3].class" },
  { "unknown-attr", "\"morale\": 3.5", "\"moral\": 3.5", WB_FORMAT_ERROR_REFERENCE, "$.units[0].attrs.moral" },
  { "attr-range", "\"movement\": 6,", "\"movement\": 60,", WB_FORMAT_ERROR_RANGE, "$.units[0].attrs.movement" },
  { "attr-type", "\"movement\": 6,", "\"movement\": \"six\",", WB_FORMAT_ERROR_TYPE, "$.units[0].attrs.movement" },
  { "firepower", "\"firepower\": \"C2\"", "\"firepower\": \"22\"", WB_FORMAT_ERROR_TYPE, "$.units[0].attrs.firepower" },
  { "strength-half", "\"strength\": 7,", "\"strength\": 7.25,", WB_FORMAT_ERROR_RANGE, "$.units[0].strength" },
  { "strength-negative", "\"strength\": 7,", "\"strength\": -1,", WB_FORMAT_ERROR_RANGE, "$.units[0].strength" },
  { "steps-current", "\"current\": 1}", "\"current\": 3}", WB_FORMAT_ERROR_RANGE, "$.units[1].strength.current" },
  { "duplicate-unit", "{\"id\": \"b2\"", "{\"id\": \"b1\"", WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:104:12: $.units[1].id: the unit id “b1” is used twice" },
  { "formation-parent", "\"parent\": \"army\"", "\"parent\": \"navy\"", WB_FORMAT_ERROR_REFERENCE, "$.formations[1].parent" },
  { "formation-side", "\"formation\": \"corps\"", "\"formation\": \"corps\", \"x\": 1", WB_FORMAT_ERROR_TYPE, "$.units[0].x" },
  { "map-key", "\"..f.\"", "\"..w.\"", WB_FORMAT_ERROR_REFERENCE, "minimal.warbench:61:12: $.maps[0].terrain[0]: no terrain type has the key “w” (column 3)" },
  { "map-row-length", "\"..f.\"", "\"..f\"", WB_FORMAT_ERROR_RANGE, "$.maps[0].terrain[0]" },
  { "map-rows", "\"r...\"\n", "\"r...\", \"....\"\n", WB_FORMAT_ERROR_RANGE, "$.maps[0].terrain: 4 rows, expected 3" },
  { "map-too-large", "\"cols\": 4,", "\"cols\": 100000,", WB_FORMAT_ERROR_TOO_LARGE, "$.maps[0].cols" },
  { "map-zero", "\"rows\": 3,", "\"rows\": 0,", WB_FORMAT_ERROR_RANGE, "$.maps[0].rows" },
  { "elevation", "\"0012\"", "\"00x2\"", WB_FORMAT_ERROR_TYPE, "$.maps[0].elevation[1]" },
  { "hex-off-map", "{\"hex\": \"0201\", \"label\"", "{\"hex\": \"0909\", \"label\"", WB_FORMAT_ERROR_OFF_MAP,
    "$.maps[0].hexes[0].hex: hex 0909 is outside the map (expected 0101 to 0403)" },
  { "hex-malformed", "{\"hex\": \"0201\", \"label\"", "{\"hex\": \"2-1\", \"label\"", WB_FORMAT_ERROR_TYPE,
    "$.maps[0].hexes[0].hex" },
  { "hexside-dir", "\"dir\": \"se\"", "\"dir\": \"e\"", WB_FORMAT_ERROR_TYPE, "$.maps[0].hexsides[0].dir" },
  { "hexside-feature-kind", "\"features\": [\"road\"]", "\"features\": [\"town\"]", WB_FORMAT_ERROR_REFERENCE,
    "$.maps[0].hexsides[0].features[0]: feature “town” is a hex feature, expected a hexside one" },
  { "negates", "\"negates\": [\"creek\"]", "\"negates\": [\"brook\"]", WB_FORMAT_ERROR_REFERENCE, "$.features[2].negates[0]" },
  { "mark-hex", "\"0301\", \"0401\"]", "\"0301\", \"0501\"]", WB_FORMAT_ERROR_OFF_MAP, "$.maps[0].marks[1].hexes[3]" },
  { "line-style", "\"source\": \"test\",\n      \"orientation\"", "\"source\": \"test\", \"lines\": [{\"style\": \"canal\", \"points\": [[0, 0], [10, 10]]}],\n      \"orientation\"",
    WB_FORMAT_ERROR_TYPE, "$.maps[0].lines[0].style: unknown line style “canal”" },
  { "line-short", "\"source\": \"test\",\n      \"orientation\"", "\"source\": \"test\", \"lines\": [{\"style\": \"river\", \"points\": [[0, 0]]}],\n      \"orientation\"",
    WB_FORMAT_ERROR_TYPE, "$.maps[0].lines[0].points: a line needs at least 2 points" },
  { "line-point", "\"source\": \"test\",\n      \"orientation\"", "\"source\": \"test\", \"lines\": [{\"style\": \"river\", \"points\": [[0, 0], [1]]}],\n      \"orientation\"",
    WB_FORMAT_ERROR_TYPE, "$.maps[0].lines[0].points[1]: expected a point [x, y]" },
  { "line-far", "\"source\": \"test\",\n      \"orientation\"", "\"source\": \"test\", \"lines\": [{\"style\": \"river\", \"points\": [[0, 0], [99999, 0]]}],\n      \"orientation\"",
    WB_FORMAT_ERROR_RANGE, "$.maps[0].lines[0].points[1]: point (99999, 0) is far outside the map" },
  { "line-side", "\"source\": \"test\",\n      \"orientation\"", "\"source\": \"test\", \"lines\": [{\"style\": \"vp-line\", \"side\": \"green\", \"points\": [[0, 0], [9, 9]]}],\n      \"orientation\"",
    WB_FORMAT_ERROR_REFERENCE, "$.maps[0].lines[0].side" },
  { "marker-feature", "\"reinforcements\": [", "\"markers\": [{\"feature\": \"road\", \"hex\": \"0102\"}], \"reinforcements\": [",
    WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].markers[0].feature: feature “road” is not a hex feature" },
  { "marker-hex", "\"reinforcements\": [", "\"markers\": [{\"feature\": \"town\", \"hex\": \"0199\"}], \"reinforcements\": [",
    WB_FORMAT_ERROR_OFF_MAP, "$.scenarios[0].markers[0].hex" },
  { "marker-place", "\"reinforcements\": [", "\"markers\": [{\"feature\": \"town\"}], \"reinforcements\": [",
    WB_FORMAT_ERROR_MISSING, "$.scenarios[0].markers[0]" },
  { "location-ref", "{\"a\": \"a\", \"b\": \"b\"", "{\"a\": \"a\", \"b\": \"c\"", WB_FORMAT_ERROR_REFERENCE, "$.maps[1].connections[0].b" },
  { "location-out", "\"x\": 400", "\"x\": 4000", WB_FORMAT_ERROR_RANGE, "$.maps[1].locations[1].x" },
  { "crossing-kind", "\"crossings\": [\"river\"]", "\"crossings\": [\"pike\"]", WB_FORMAT_ERROR_REFERENCE, "$.maps[1].connections[0].crossings[0]" },
  { "cells", "\"cells\": [\"Dr\", \"De\"]", "\"cells\": [\"Dr\"]", WB_FORMAT_ERROR_RANGE, "$.tables[0].rows[0].cells: 1 cells, expected one per column (2)" },
  { "table-kind", "\"kind\": \"odds\"", "\"kind\": \"ratio\"", WB_FORMAT_ERROR_TYPE, "$.tables[0].kind" },
  { "dice", "\"dice\": \"1d6\"", "\"dice\": \"six\"", WB_FORMAT_ERROR_TYPE, "$.tables[0].dice" },
  { "scenario-map", "\"map\": \"hexes\"", "\"map\": \"hexen\"", WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].map" },
  { "setup-hex", "{\"unit\": \"b1\", \"hex\": \"0102\"}", "{\"unit\": \"b1\", \"hex\": \"0199\"}", WB_FORMAT_ERROR_OFF_MAP,
    "$.scenarios[0].setup[0].hex" },
  { "setup-unit", "{\"unit\": \"b1\", \"hex\": \"0102\"}", "{\"unit\": \"b9\", \"hex\": \"0102\"}", WB_FORMAT_ERROR_REFERENCE,
    "$.scenarios[0].setup[0].unit: unknown unit “b9”" },
  { "setup-location-on-hex-map", "{\"unit\": \"b1\", \"hex\": \"0102\"}", "{\"unit\": \"b1\", \"location\": \"a\"}",
    WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].setup[0].location" },
  { "setup-box", "{\"box\": \"reserve\"}", "{\"box\": \"depot\"}", WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].setup[1].choices[1].box" },
  { "setup-option", "\"unless\": \"late\"", "\"unless\": \"early\"", WB_FORMAT_ERROR_REFERENCE, "$.scenarios[0].setup[2].unless" },
  { "reinforcement-turn", "{\"turn\": 2,", "{\"turn\": 9,", WB_FORMAT_ERROR_RANGE, "$.scenarios[0].reinforcements[0].turn" },
  { "reinforcement-area", "\"area\": \"north-edge\"", "\"area\": \"south-edge\"", WB_FORMAT_ERROR_REFERENCE,
    "$.scenarios[0].reinforcements[1].area" },
  { "night", "\"night\": [4]", "\"night\": [5]", WB_FORMAT_ERROR_RANGE, "$.scenarios[0].turns.night[0]" },
  { "victory-kind", "\"kind\": \"vp_per_sp\"", "\"kind\": \"vp_per_hit\"", WB_FORMAT_ERROR_TYPE, "$.scenarios[0].victory[0].kind" },
  { "victory-places", "\"places\": [{\"hex\": \"0201\"}]", "\"places\": [{\"hex\": \"0209\"}]", WB_FORMAT_ERROR_OFF_MAP,
    "$.scenarios[0].victory[1].places[0].hex" },
  { "counter-style", "\"stacking\": 2}},", "\"stacking\": 2}}, \"counter\": {\"style\": \"hexagonal\"},",
    WB_FORMAT_ERROR_TYPE, "minimal.warbench:5:114: $.counter.style: unknown counter style “hexagonal”" },
  { "counter-slot", "\"stacking\": 2}},", "\"stacking\": 2}}, \"counter\": {\"slots\": {\"speed\": \"movement\"}},",
    WB_FORMAT_ERROR_TYPE, "$.counter.slots.speed: unknown counter slot “speed”" },
  { "counter-slot-attr", "\"stacking\": 2}},", "\"stacking\": 2}}, \"counter\": {\"slots\": {\"morale\": \"elan\"}},",
    WB_FORMAT_ERROR_REFERENCE, "$.counter.slots.morale: the counter slot “morale” names the attribute “elan”, which no unit class has" },
  { "counter-member", "\"stacking\": 2}},", "\"stacking\": 2}}, \"counter\": {\"style\": \"spi\", \"colour\": \"red\"},",
    WB_FORMAT_ERROR_TYPE, "$.counter.colour: unknown member" },
  /* The limits, one past each (test_limits_accepted loads each limit
   * itself): an id of 65 characters, an attribute whose min is above its
   * max, a column numbered 100 with 2 digits, a connection from a location
   * to itself. */
  { "id-too-long", "{\"id\": \"r2\"", "{\"id\": \"" ID_64 "x\"", WB_FORMAT_ERROR_TYPE,
    "minimal.warbench:106:12: $.units[3].id: “" ID_64 "x” is not a valid id (expected 1–64 characters" },
  { "attr-min-above-max", "\"min\": 0, \"max\": 10}", "\"min\": 10.5, \"max\": 10}", WB_FORMAT_ERROR_RANGE,
    "minimal.warbench:11:194: $.unit_classes[0].attrs[2]: min 10.5 is greater than max 10" },
  { "numbering-digits", "\"first_col\": 1,", "\"first_col\": 97,", WB_FORMAT_ERROR_RANGE,
    "minimal.warbench:57:20: $.maps[0].numbering: 2 digits cannot number 4 columns and 3 rows from 97, 1" },
  /* Hex numbering schemes (version 7): an unknown scheme, a flag that is
   * not a boolean, letters from before A, a hex written in the old digits
   * on a lettered map, mixed numbers whose rows overflow their digits. */
  { "numbering-scheme", "\"numbering\": {\"first_col\"", "\"numbering\": {\"scheme\": \"roman\", \"first_col\"",
    WB_FORMAT_ERROR_TYPE, "minimal.warbench:57:31: $.maps[0].numbering.scheme: unknown numbering scheme “roman” "
    "(expected digits, letters or mixed)" },
  { "numbering-oblique", "\"numbering\": {\"first_col\"", "\"numbering\": {\"oblique\": \"yes\", \"first_col\"",
    WB_FORMAT_ERROR_TYPE, "$.maps[0].numbering.oblique: expected true or false" },
  { "numbering-letters-a", "\"numbering\": {\"first_col\": 1", "\"numbering\": {\"scheme\": \"letters\", \"first_col\": 0",
    WB_FORMAT_ERROR_RANGE, "$.maps[0].numbering: letter columns start at 1, column A, not 0" },
  { "numbering-letters-ref", "\"numbering\": {\"first_col\"", "\"numbering\": {\"scheme\": \"letters\", \"first_col\"",
    WB_FORMAT_ERROR_TYPE, "$.maps[0].hexes[0].hex: “0201” is not a hex number: expected the column’s letters then "
    "the row’s number, such as “A01”" },
  { "numbering-mixed-rows", "\"first_col\": 1, \"first_row\": 1,", "\"scheme\": \"mixed\", \"first_col\": 1, \"first_row\": 98,",
    WB_FORMAT_ERROR_RANGE, "$.maps[0].numbering: the row numbers run to 100, more than 2 digits hold: "
    "a number such as “1100” could name two hexes" },
  { "connection-self", "{\"a\": \"a\", \"b\": \"b\"", "{\"a\": \"a\", \"b\": \"a\"", WB_FORMAT_ERROR_REFERENCE,
    "minimal.warbench:94:9: $.maps[1].connections[0]: a connection must join two different locations" },
  { "root-array", "{\n  \"format\"", "[{\n  \"format\"", WB_FORMAT_ERROR_SYNTAX, "minimal.warbench:" },
  /* Roles (version 7): what the family plays a record as. An unknown one
   * is refused where it stands, with the nearest the family knows. */
  { "role-unknown", "\"symbol\": \"artillery\"}", "\"symbol\": \"artillery\", \"roles\": [\"artilery\"]}",
    WB_FORMAT_ERROR_REFERENCE, "minimal.warbench:12:79: $.unit_classes[1].roles[0]: the “spi-blue-gray” rules know "
    "no role “artilery” (did you mean “artillery”? roles of unit classes: artillery)" },
  { "role-duplicate", "\"symbol\": \"artillery\"}", "\"symbol\": \"artillery\", \"roles\": [\"artillery\", \"artillery\"]}",
    WB_FORMAT_ERROR_DUPLICATE, "minimal.warbench:12:92: $.unit_classes[1].roles[1]: the role “artillery” is listed twice" },
  { "role-invalid-id", "\"symbol\": \"artillery\"}", "\"symbol\": \"artillery\", \"roles\": [\"big guns\"]}",
    WB_FORMAT_ERROR_TYPE, "$.unit_classes[1].roles[0]: “big guns” is not a valid role id" },
  { "role-not-array", "\"symbol\": \"artillery\"}", "\"symbol\": \"artillery\", \"roles\": \"artillery\"}",
    WB_FORMAT_ERROR_TYPE, "$.unit_classes[1].roles" },
  { "role-wrong-record", "\"where\": \"crossing\", \"style\": \"river\"}",
    "\"where\": \"crossing\", \"style\": \"river\", \"roles\": [\"artillery\"]}", WB_FORMAT_ERROR_REFERENCE,
    "$.features[5].roles[0]: the role “artillery” of the “spi-blue-gray” rules is for unit classes, not crossings" },
  { "role-none-for-kind", "\"where\": \"connection\", \"style\": \"pike\"}",
    "\"where\": \"connection\", \"style\": \"pike\", \"roles\": [\"railroad\"]}", WB_FORMAT_ERROR_REFERENCE,
    "$.features[4].roles[0]: the “spi-blue-gray” rules know no role “railroad”, and none for connection classes" },
};

START_TEST (test_invalid)
{
  const Invalid *c = &invalid_cases[_i];
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  char *at;

  at = strstr (text, c->find);
  ck_assert_msg (at != NULL, "%s: “%s” not in the fixture", c->name, c->find);
  *at = '\0';
  broken = g_strconcat (text, c->replace, at + strlen (c->find), NULL);
  if (strcmp (c->name, "root-array") == 0)
    {
      g_autofree char *fixed = g_strconcat (broken, "]", NULL);
      g_free (broken);
      broken = g_steal_pointer (&fixed);
      /* A top-level array parses; the reader must still refuse it. */
      game = wb_game_load_from_data (broken, -1, "minimal.warbench", &error);
      ck_assert_ptr_null (game);
      ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TYPE),
                     "%s: %s", c->name, error->message);
      ck_assert_msg (strstr (error->message, "minimal.warbench:1:1: $: expected an object") != NULL,
                     "%s: message was: %s", c->name, error->message);
      return;
    }
  game = wb_game_load_from_data (broken, -1, "minimal.warbench", &error);
  ck_assert_msg (game == NULL, "%s: the broken file loaded", c->name);
  ck_assert_msg (error != NULL && error->domain == WB_FORMAT_ERROR,
                 "%s: no WB_FORMAT_ERROR", c->name);
  ck_assert_msg (error->code == c->code, "%s: code %d, expected %d (%s)", c->name, error->code,
                 c->code, error->message);
  ck_assert_msg (strstr (error->message, c->expect) != NULL,
                 "%s: message “%s” lacks “%s”", c->name, error->message, c->expect);
  /* Every message names the file and a line:column. */
  ck_assert_msg (g_regex_match_simple ("^minimal\\.warbench:[0-9]+:[0-9]+: ", error->message, 0, 0),
                 "%s: message “%s” lacks file:line:col", c->name, error->message);
}
END_TEST

/* The minimal game with each @find replaced by @replace (all of them),
 * loaded: it must load. */
static WbGame *
load_edited (const char *find, const char *replace)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(GError) error = NULL;
  WbGame *game;

  ck_assert_msg (g_string_replace (edit, find, replace, 0) > 0, "“%s” not in the fixture", find);
  game = wb_game_load_from_data (edit->str, (gssize) edit->len, "minimal.warbench", &error);
  ck_assert_msg (game != NULL, "%s → %s: %s", find, replace, error ? error->message : "");
  return game;
}

/* Each limit the invalid table refuses one past is itself accepted, and
 * survives a save: an id of exactly 64 characters, an attribute whose min
 * is its max (a fixed value), the highest column and row numbers the
 * map's digits can write. */
START_TEST (test_limits_accepted)
{
  /* A unit id of 64 characters, in the order of battle and in the
   * scenario's reinforcements. */
  {
    g_autoptr(WbGame) game = load_edited ("\"r2\"", "\"" ID_64 "\"");
    g_autofree char *saved = wb_game_to_data (game, NULL);
    g_autoptr(WbGame) again = wb_game_load_from_data (saved, -1, "saved", NULL);
    WbReinforcement *r;

    ck_assert_uint_eq (strlen (ID_64), 64);
    ck_assert_ptr_nonnull (wb_game_find_unit (game, ID_64));
    r = g_ptr_array_index (wb_scenario_get_reinforcements (wb_game_find_scenario (game, "basic")), 0);
    ck_assert_str_eq (g_ptr_array_index (r->units, 0), ID_64);
    ck_assert_ptr_nonnull (again);
    ck_assert_ptr_nonnull (wb_game_find_unit (again, ID_64));
  }
  /* Morale fixed at 3.5: b1's 3.5 is in range. */
  {
    g_autoptr(WbGame) game = load_edited ("\"min\": 0, \"max\": 10}", "\"min\": 3.5, \"max\": 3.5}");
    g_autofree char *saved = wb_game_to_data (game, NULL);
    g_autoptr(WbGame) again = wb_game_load_from_data (saved, -1, "saved", NULL);
    WbAttrDef *morale = wb_unit_type_find_attr (wb_game_find_unit_class (game, "infantry"), "morale");

    ck_assert_double_eq (morale->min, 3.5);
    ck_assert_double_eq (morale->max, 3.5);
    ck_assert_double_eq (wb_unit_get_attr (wb_game_find_unit (game, "b1"), "morale")->d, 3.5);
    ck_assert_ptr_nonnull (again);
  }
  /* Two digits write 4 columns from 96 and 3 rows from 97: the last
   * column is 99, the last row 99 (the invalid table refuses columns from
   * 97, whose last would be 100). The minimal map's own hexes are named
   * from 1, so the starter map stands in. */
  {
    g_autoptr(WbGame) starter = wb_game_new_starter (4, 3);
    g_autofree char *data = wb_game_to_data (starter, NULL);
    g_autoptr(GString) edit = g_string_new (data);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) game = NULL;
    WbHexMap *map;
    WbOffset hex;
    char name[8];

    ck_assert_uint_eq (g_string_replace (edit, "{\"first_col\": 1, \"first_row\": 1, \"digits\": 2}",
                                         "{\"first_col\": 96, \"first_row\": 97, \"digits\": 2}", 1), 1);
    game = wb_game_load_from_data (edit->str, -1, "numbered.warbench", &error);
    ck_assert_msg (game != NULL, "%s", error ? error->message : "");
    map = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
    wb_hex_map_format_hex (map, (WbOffset) { 3, 2 }, name, sizeof name);
    ck_assert_str_eq (name, "9999");
    ck_assert (wb_hex_map_parse_hex (map, "9697", &hex));
    ck_assert (hex.col == 0 && hex.row == 0);
    /* One more column needs a third digit: refused. */
    g_string_replace (edit, "\"first_col\": 96,", "\"first_col\": 97,", 1);
    g_clear_object (&game);
    game = wb_game_load_from_data (edit->str, -1, "numbered.warbench", &error);
    ck_assert_ptr_null (game);
    ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_RANGE));
    ck_assert_msg (strstr (error->message, "2 digits cannot number 4 columns and 3 rows from 97, 97") != NULL,
                   "%s", error->message);
  }
}
END_TEST

/* A file of every format version up to this Warbench's loads; a file of
 * the next version is refused as too new, naming both versions, before
 * anything in it is read: an older Warbench must never half-read a newer
 * file and save it back without what it did not understand. */
START_TEST (test_versions_read)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *next = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION + 1);
  g_autofree char *expect = g_strdup_printf ("minimal.warbench:3:14: $.version: written by a newer Warbench "
                                             "(format version %d; this one reads up to %d)",
                                             WB_FORMAT_VERSION + 1, WB_FORMAT_VERSION);
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;

  for (int v = 1; v <= WB_FORMAT_VERSION; v++)
    {
      g_autofree char *version = g_strdup_printf ("\"version\": %d,", v);
      g_autoptr(GString) e = g_string_new (text);
      g_autoptr(WbGame) g = NULL;

      ck_assert_uint_eq (g_string_replace (e, "\"version\": 1,", version, 1), 1);
      g = wb_game_load_from_data (e->str, -1, "minimal.warbench", &error);
      ck_assert_msg (g != NULL, "version %d: %s", v, error ? error->message : "");
    }
  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", next, 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "minimal.warbench", &error);
  ck_assert_ptr_null (game);
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_NEW), "%s", error->message);
  ck_assert_str_eq (error->message, expect);
}
END_TEST

START_TEST (test_empty_and_garbage)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  const char *inputs[] = { "", "   ", "null", "42", "\"text\"", "{}", "{\"format\": \"warbench-game\"}" };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_clear_error (&error);
      game = wb_game_load_from_data (inputs[i], -1, "x.warbench", &error);
      ck_assert_msg (game == NULL, "“%s” loaded", inputs[i]);
      ck_assert_msg (error != NULL && error->domain == WB_FORMAT_ERROR, "“%s”: no error", inputs[i]);
      ck_assert_msg (g_str_has_prefix (error->message, "x.warbench"), "%s", error->message);
    }
}
END_TEST

/* Deeply nested input must not crash the parser or the locator. */
START_TEST (test_deep_nesting)
{
  g_autoptr(GString) s = g_string_new ("{\"format\": \"warbench-game\", \"version\": 1, \"game\": ");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;

  for (int i = 0; i < 5000; i++)
    g_string_append (s, "[");
  for (int i = 0; i < 5000; i++)
    g_string_append (s, "]");
  g_string_append (s, "}");
  game = wb_game_load_from_data (s->str, (gssize) s->len, "deep.warbench", &error);
  ck_assert_ptr_null (game);
  ck_assert_ptr_nonnull (error);
}
END_TEST

START_TEST (test_locate)
{
  const char *text = "{\n  \"a\": [1, {\"b\": \"x\"}],\n  \"c\": {\"d\": true}\n}";
  int line, col;

  ck_assert (wb_json_locate (text, strlen (text), "$.a[1].b", &line, &col));
  ck_assert_int_eq (line, 2);
  ck_assert_int_eq (col, 18);
  ck_assert (wb_json_locate (text, strlen (text), "$.c.d", &line, &col));
  ck_assert_int_eq (line, 3);
  ck_assert_int_eq (col, 14);
  /* A missing member points at the object that lacks it. */
  ck_assert (wb_json_locate (text, strlen (text), "$.c.e", &line, &col));
  ck_assert_int_eq (line, 3);
  ck_assert_int_eq (col, 8);
  /* Columns count characters, not bytes. */
  text = "{\"é\": 1, \"b\": 2}";
  ck_assert (wb_json_locate (text, strlen (text), "$.b", &line, &col));
  ck_assert_int_eq (col, 15);
}
END_TEST

/* Random damage to a valid file never crashes the loader: it either loads
 * or fails with a located WB_FORMAT_ERROR. Deterministic (fixed seed). */
START_TEST (test_mutations)
{
  gsize len;
  g_autofree char *text = read_test_file ("minimal.warbench", &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);
  static const char alphabet[] = "{}[]\",:0123456789.-eE tfn\\x\n";
  guint loaded = 0;

  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *copy = g_memdup2 (text, len + 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = NULL;
      gsize n = len;
      guint edits = g_rand_int_range (rand, 1, 4);

      for (guint e = 0; e < edits; e++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) n);
          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0:   /* replace a byte */
              copy[at] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
              break;
            case 1:   /* truncate */
              n = at;
              copy[n] = '\0';
              break;
            default:  /* delete a byte */
              memmove (copy + at, copy + at + 1, n - at);
              n--;
              break;
            }
          if (n == 0)
            break;
        }
      game = wb_game_load_from_data (copy, (gssize) n, "fuzz.warbench", &error);
      if (game != NULL)
        {
          g_autofree char *out = wb_game_to_data (game, NULL);
          g_autoptr(WbGame) again = wb_game_load_from_data (out, -1, "again", NULL);
          ck_assert_msg (again != NULL, "a loaded mutant did not survive a save (iteration %u)", i);
          loaded++;
          continue;
        }
      ck_assert_msg (error != NULL && error->domain == WB_FORMAT_ERROR, "iteration %u", i);
      ck_assert_msg (g_str_has_prefix (error->message, "fuzz.warbench"), "%s", error->message);
    }
  /* Some mutations are harmless (inside a string); most are not. */
  ck_assert_uint_lt (loaded, 3000);
}
END_TEST

/* The minimal game's hex numbers as a lettered, oblique numbering writes
 * them (flat, odd: the row number grows by one every two columns along the
 * top: A01, B02, C02, D03). */
static const char * const lettered_refs[][2] = {
  { "\"0101\"", "\"A01\"" }, { "\"0102\"", "\"A02\"" }, { "\"0103\"", "\"A03\"" },
  { "\"0201\"", "\"B02\"" }, { "\"0202\"", "\"B03\"" }, { "\"0301\"", "\"C02\"" },
  { "\"0401\"", "\"D03\"" },
};

/* A map numbered with letters along oblique rows loads, names the same
 * hexes as the digits did (labels, hexsides, marks, the scenario's places)
 * and saves byte for byte as it loaded. */
START_TEST (test_numbering_round_trip)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL, again = NULL, digits = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;
  WbHexMap *map, *digits_map;
  WbHexNumbering num;
  WbSetup *setup;
  WbOffset hex;
  g_autoptr(GArray) sides = NULL, digit_sides = NULL;

  digits = wb_game_load_from_data (text, -1, "minimal.warbench", &error);
  ck_assert_msg (digits != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (g_string_replace (edit, "\"numbering\": {\"first_col\"",
                                       "\"numbering\": {\"scheme\": \"letters\", \"oblique\": true, \"first_col\"", 1), 1);
  for (guint i = 0; i < G_N_ELEMENTS (lettered_refs); i++)
    ck_assert_uint_ge (g_string_replace (edit, lettered_refs[i][0], lettered_refs[i][1], 0), 1);
  game = wb_game_load_from_data (edit->str, -1, "lettered.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");

  map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  digits_map = WB_HEX_MAP (wb_game_find_map (digits, "hexes"));
  wb_hex_map_get_hex_numbering (map, &num);
  ck_assert_int_eq (num.scheme, WB_HEX_NUMBERING_LETTERS);
  ck_assert (num.oblique);
  ck_assert_str_eq (wb_hex_map_get_label (map, (WbOffset) { 1, 0 }), "Townsville");
  ck_assert (wb_hex_map_has_elevation (map));
  sides = wb_hex_map_list_sides (map);
  digit_sides = wb_hex_map_list_sides (digits_map);
  ck_assert_uint_eq (sides->len, digit_sides->len);
  for (guint i = 0; i < sides->len; i++)
    ck_assert (wb_hexside_equal (g_array_index (sides, WbHexside, i), g_array_index (digit_sides, WbHexside, i)));
  {
    WbMapMark *edge = wb_hex_map_find_mark (map, "north-edge");
    ck_assert_uint_eq (edge->hexes->len, 4);
    for (guint i = 0; i < 4; i++)
      ck_assert (wb_offset_equal (g_array_index (edge->hexes, WbOffset, i), (WbOffset) { (int) i, 0 }));
  }
  setup = g_ptr_array_index (wb_scenario_get_setup (wb_game_find_scenario (game, "basic")), 0);
  ck_assert_str_eq (g_array_index (setup->at, WbPlace, 0).ref, "A02");
  ck_assert (wb_hex_map_parse_hex (map, g_array_index (setup->at, WbPlace, 0).ref, &hex));
  ck_assert (wb_offset_equal (hex, (WbOffset) { 0, 1 }));

  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"numbering\": {\"scheme\": \"letters\", \"oblique\": true, "
                                        "\"first_col\": 1, \"first_row\": 1, \"digits\": 2}"));
  ck_assert_ptr_nonnull (strstr (saved, "{\"hex\": \"B02\", \"label\": \"Townsville\""));
  ck_assert_ptr_nonnull (strstr (saved, "\"hexes\": [\"A01\", \"B02\", \"C02\", \"D03\"]"));
  again = wb_game_load_from_data (saved, -1, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  saved_again = wb_game_to_data (again, NULL);
  ck_assert_str_eq (saved, saved_again);
}
END_TEST

/* Version 5 added the counter description; a version 4 file loads with the
 * style inferred from its rules family and is saved as the current version;
 * a stated style and slots survive a save. */

/* Roles are checked against the game's family only when the engine plays
 * it: a game of a family still to come may name any valid role. */
START_TEST (test_roles_free_play)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(WbGame) game = NULL;

  g_string_replace (edit, "\"version\": 1,", "\"version\": 7,", 1);
  g_string_replace (edit, "\"spi-blue-gray\"", "\"a-family-to-come\"", 1);
  ck_assert_uint_eq (g_string_replace (edit, "\"symbol\": \"artillery\"}",
                                       "\"symbol\": \"artillery\", \"roles\": [\"battery\", \"big-guns\"]}", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v7.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_game_find_unit_class (game, "artillery")->roles->len, 2);
}
END_TEST

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("wb-test-XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  return dir;
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d))
    n++;
  return n;
}

/* The minimal game with a background on its hex map, at @dir/game.warbench. */
START_TEST (test_save_atomic)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) loaded = NULL;
  g_autofree char *saved = NULL, *expected = NULL;
  struct stat st;

  /* A fresh save, then a save over an existing file keeps its mode. */
  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  ck_assert_int_eq (g_chmod (path, 0600), 0);
  wb_game_set_title (game, "Renamed");
  ck_assert (wb_game_save (game, file, NULL, &error));
  ck_assert_int_eq (g_stat (path, &st), 0);
  ck_assert_int_eq (st.st_mode & 0777, 0600);
  ck_assert_uint_eq (count_entries (dir), 1);   /* no temporary file left behind */
  loaded = wb_game_load (file, NULL, &error);
  ck_assert_msg (loaded != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (wb_game_get_title (loaded), "Renamed");
  ck_assert (g_file_get_contents (path, &saved, NULL, NULL));
  expected = wb_game_to_data (game, NULL);
  ck_assert_str_eq (saved, expected);

  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_save_failure_keeps_original)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *sub = g_build_filename (dir, "target.warbench", NULL);
  g_autofree char *inner = g_build_filename (sub, "keep", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "dir.warbench", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (sub);
  g_autoptr(GFile) nowhere = g_file_new_for_path (missing);
  g_autoptr(GError) error = NULL;

  /* The target is a directory with content: the rename fails, nothing is lost. */
  ck_assert_int_eq (g_mkdir (sub, 0755), 0);
  ck_assert (g_file_set_contents (inner, "precious", -1, NULL));
  ck_assert (!wb_game_save (game, target, NULL, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  ck_assert_ptr_nonnull (strstr (error->message, "target.warbench"));
  ck_assert (g_file_test (inner, G_FILE_TEST_IS_REGULAR));
  ck_assert_uint_eq (count_entries (dir), 1);   /* the temporary file was removed */
  g_clear_error (&error);

  ck_assert (!wb_game_save (game, nowhere, NULL, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));

  g_unlink (inner);
  g_rmdir (sub);
  g_rmdir (dir);
}
END_TEST

/* A save the disk fails part way — a short write when it fills up, an
 * fsync or a rename it refuses — returns FALSE with an error naming the file
 * and the cause; the file keeps its old content byte for byte and no
 * temporary .NAME.XXXXXX is left beside it. Once the disk works again the
 * same save goes through. */
START_TEST (test_save_faults)
{
  static const struct { WbFileFault fault; int errn; } faults[] = {
    { WB_FILE_FAULT_WRITE, ENOSPC },
    { WB_FILE_FAULT_FSYNC, EIO },
    { WB_FILE_FAULT_FSYNC, ENOSPC },
    { WB_FILE_FAULT_RENAME, EIO },
  };
  g_autoptr(WbGame) game = load_minimal ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL, *expected = NULL, *saved = NULL;
  gsize old_len = 0;

  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &old, &old_len, NULL));
  wb_game_set_title (game, "Renamed");
  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      g_autofree char *now = NULL;
      gsize now_len = 0;
      gboolean saved_ok;

      wb_file_set_fault (faults[i].fault, faults[i].errn);
      saved_ok = wb_game_save (game, file, NULL, &error);
      wb_file_set_fault (WB_FILE_FAULT_NONE, 0);
      ck_assert_msg (!saved_ok, "fault %u: saved", i);
      ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
      ck_assert_msg (strstr (error->message, path) != NULL, "fault %u: %s", i, error->message);
      ck_assert_msg (strstr (error->message, g_strerror (faults[i].errn)) != NULL, "fault %u: %s", i,
                     error->message);
      g_clear_error (&error);
      ck_assert (g_file_get_contents (path, &now, &now_len, NULL));
      ck_assert_msg (now_len == old_len && memcmp (now, old, old_len) == 0, "fault %u: the file changed", i);
      ck_assert_msg (count_entries (dir) == 1, "fault %u: a temporary file was left", i);
    }
  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &saved, NULL, NULL));
  expected = wb_game_to_data (game, NULL);
  ck_assert_str_eq (saved, expected);
  ck_assert_uint_eq (count_entries (dir), 1);

  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* Saving through a symbolic link (a game kept in a shared folder, linked
 * from a working copy) writes the file the link names and leaves the link
 * a link; through a chain of links and a relative one too. */
START_TEST (test_save_through_symlink)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *real = g_build_filename (dir, "real.warbench", NULL);
  g_autofree char *link1 = g_build_filename (dir, "link.warbench", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.warbench", NULL);
  g_autoptr(GFile) via = g_file_new_for_path (link2);
  g_autoptr(GFile) direct = g_file_new_for_path (real);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL, *expected = NULL, *target = NULL;
  struct stat st;

  ck_assert_msg (wb_game_save (game, direct, NULL, &error), "%s",
                 error ? error->message : "");
  ck_assert_int_eq (symlink ("real.warbench", link1), 0);   /* relative */
  ck_assert_int_eq (symlink (link1, link2), 0);             /* absolute, to a link */
  wb_game_set_title (game, "Through the link");
  ck_assert_msg (wb_game_save (game, via, NULL, &error), "%s", error ? error->message : "");

  ck_assert_int_eq (lstat (link2, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
  ck_assert_int_eq (lstat (link1, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
  target = g_file_read_link (link1, NULL);
  ck_assert_str_eq (target, "real.warbench");
  ck_assert (g_file_get_contents (real, &saved, NULL, NULL));
  expected = wb_game_to_data (game, NULL);
  ck_assert_str_eq (saved, expected);
  ck_assert_uint_eq (count_entries (dir), 3);   /* no temporary file beside them */

  /* A link to a file not made yet makes it; a loop of links is an error. */
  g_unlink (real);
  ck_assert_msg (wb_game_save (game, via, NULL, &error), "%s", error ? error->message : "");
  ck_assert (g_file_test (real, G_FILE_TEST_IS_REGULAR));
  g_unlink (real);
  ck_assert_int_eq (symlink ("link2.warbench", real), 0);
  ck_assert (!wb_game_save (game, via, NULL, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  ck_assert_ptr_nonnull (strstr (error->message, link2));
  ck_assert_ptr_nonnull (strstr (error->message, g_strerror (ELOOP)));

  g_unlink (real);
  g_unlink (link1);
  g_unlink (link2);
  g_rmdir (dir);
}
END_TEST

/* The hidden .NAME.XXXXXX copy a save killed before its rename leaves is
 * removed by the next save of that file; the copies of other files, and a
 * copy a live save holds, stay. */
START_TEST (test_save_removes_stale_temps)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.warbench", NULL);
  g_autofree char *stale1 = g_build_filename (dir, ".game.warbench.a1B2c3", NULL);
  g_autofree char *stale2 = g_build_filename (dir, ".game.warbench.ZZZZZZ", NULL);
  g_autofree char *other = g_build_filename (dir, ".other.warbench.a1B2c3", NULL);
  g_autofree char *live = g_build_filename (dir, ".game.warbench.live00", NULL);
  g_autofree char *not_temp = g_build_filename (dir, ".game.warbench.notes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  int fd;

  ck_assert (g_file_set_contents (stale1, "half a ga", -1, NULL));
  ck_assert (g_file_set_contents (stale2, "", -1, NULL));
  ck_assert (g_file_set_contents (other, "another game's", -1, NULL));
  ck_assert (g_file_set_contents (not_temp, "designer's notes", -1, NULL));
  ck_assert (g_file_set_contents (live, "being written", -1, NULL));
  fd = open (live, O_RDONLY);
  ck_assert_int_ge (fd, 0);
  ck_assert_int_eq (flock (fd, LOCK_EX), 0);   /* as a save in another process holds it */

  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  ck_assert (!g_file_test (stale1, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (stale2, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (other, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (not_temp, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (live, G_FILE_TEST_EXISTS));
  close (fd);
  ck_assert_uint_eq (count_entries (dir), 4);

  g_unlink (path);
  g_unlink (other);
  g_unlink (not_temp);
  g_unlink (live);
  g_rmdir (dir);
}
END_TEST

/* kill -9 at random points of saves: a child process saves a big game over
 * and over, alternating two versions, and is killed after a random delay.
 * Each time the file is the one version or the other, complete, byte for
 * byte; and after the next save no temporary copy is left. */
START_TEST (test_save_killed)
{
  g_autofree char *src = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                           "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) src_file = g_file_new_for_path (src);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (src_file, NULL, &error);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  char *version[2] = { NULL, NULL };   /* (g_autofree on an array frees its first element only) */
  gsize version_len[2] = { 0, 0 };
  guint seen[2] = { 0, 0 }, temps_left = 0, current = 0;
  gint64 start, one_save;
  GRand *rand = g_rand_new_with_seed (15);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  for (int v = 0; v < 2; v++)
    {
      wb_game_set_title (game, v == 0 ? "Old" : "New");
      version[v] = wb_game_to_data (game, &version_len[v]);
    }
  /* How long a save takes here: the slowest of three (fsync can be slow on
   * a loaded machine, and a kill must sometimes fall after the first save). */
  one_save = 200;
  for (int k = 0; k < 3; k++)
    {
      wb_game_set_title (game, "Old");
      start = g_get_monotonic_time ();
      ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
      one_save = MAX (g_get_monotonic_time () - start, one_save);
    }

  for (int i = 0; i < 200; i++)
    {
      g_autofree char *now = NULL;
      gsize now_len = 0;
      int status;
      pid_t pid = fork ();

      ck_assert_int_ge (pid, 0);
      if (pid == 0)
        {
          /* First the version the file does not hold, then the other… */
          for (guint n = 1 - current;; n++)
            {
              wb_game_set_title (game, n % 2 ? "New" : "Old");
              if (!wb_game_save (game, file, NULL, NULL))
                _exit (2);
            }
        }
      /* Mostly within the first save, from its start; some after it. */
      g_usleep ((gulong) g_rand_int_range (rand, 0, (gint32) MIN (one_save * 3 / 2, 1000000)));
      ck_assert_int_eq (kill (pid, SIGKILL), 0);
      ck_assert_int_eq (waitpid (pid, &status, 0), pid);
      ck_assert_msg (WIFSIGNALED (status), "iteration %d: the saving child failed", i);
      ck_assert (g_file_get_contents (path, &now, &now_len, NULL));
      if (now_len == version_len[0] && memcmp (now, version[0], now_len) == 0)
        current = 0;
      else if (now_len == version_len[1] && memcmp (now, version[1], now_len) == 0)
        current = 1;
      else
        ck_abort_msg ("iteration %d: the file is neither version (%zu bytes)", i, now_len);
      seen[current]++;
      /* At most the killed save's own copy: each save removes those before it. */
      ck_assert_msg (count_entries (dir) <= 2, "iteration %d: %u files", i, count_entries (dir));
      if (count_entries (dir) > 1)
        temps_left++;
    }
  /* The kills fell in different places, some mid-save. */
  ck_assert_uint_gt (seen[0], 0);
  ck_assert_uint_gt (seen[1], 0);
  ck_assert_uint_gt (temps_left, 0);
  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  ck_assert_uint_eq (count_entries (dir), 1);

  g_rand_free (rand);
  g_free (version[0]);
  g_free (version[1]);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_load_file_errors)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "absent.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  WbGame *game;

  game = wb_game_load (file, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  ck_assert_ptr_nonnull (strstr (error->message, "absent.warbench"));
  g_clear_error (&error);
  game = wb_game_load (folder, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO));
  g_rmdir (dir);
}
END_TEST

START_TEST (test_starter_games_valid)
{
  int sizes[][2] = { { 10, 8 }, { 0, 0 }, { 1000, 1000 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(WbGame) game = wb_game_new_starter (sizes[i][0], sizes[i][1]);
      g_autoptr(GError) error = NULL;
      g_autofree char *data = wb_game_to_data (game, NULL);
      g_autoptr(WbGame) again = wb_game_load_from_data (data, -1, "starter", &error);

      ck_assert_msg (again != NULL, "starter %d×%d: %s", sizes[i][0], sizes[i][1],
                     error ? error->message : "");
      ck_assert_uint_eq (wb_game_get_maps (again)->len, 1);
      /* Its classes and crossings carry the roles its family plays them as
       * (format 7): SPI artillery bombards; on a map of locations every
       * class is one of the Blue & Gray four, the river a river crossing. */
      ck_assert (wb_roles_contain (wb_game_find_unit_class (again, "artillery")->roles,
                                   sizes[i][0] > 0 ? "artillery" : "infantry"));
      if (sizes[i][0] == 0)
        {
          ck_assert (wb_roles_contain (wb_game_find_unit_class (again, "cavalry")->roles, "cavalry"));
          ck_assert (wb_roles_contain (wb_game_find_feature (again, "river")->roles, "river-crossing"));
        }
    }
}
END_TEST

static Suite *
format_suite (void)
{
  Suite *s = suite_create ("format");
  TCase *tc = tcase_create ("format");

  tcase_add_test (tc, test_load_minimal);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_bundled_games_canonical);
  tcase_add_test (tc, test_bundled_bayou_whole);
  tcase_add_loop_test (tc, test_invalid, 0, G_N_ELEMENTS (invalid_cases));
  tcase_add_test (tc, test_limits_accepted);
  tcase_add_test (tc, test_versions_read);
  tcase_add_test (tc, test_empty_and_garbage);
  tcase_add_test (tc, test_deep_nesting);
  tcase_add_test (tc, test_mutations);
  tcase_add_test (tc, test_locate);
  tcase_add_test (tc, test_save_atomic);
  tcase_add_test (tc, test_save_failure_keeps_original);
  tcase_add_test (tc, test_save_faults);
  tcase_add_test (tc, test_save_through_symlink);
  tcase_add_test (tc, test_save_removes_stale_temps);
  tcase_add_test (tc, test_save_killed);
  tcase_add_test (tc, test_load_file_errors);
  tcase_add_test (tc, test_starter_games_valid);
  tcase_add_test (tc, test_numbering_round_trip);
  tcase_add_test (tc, test_roles_free_play);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (format_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
