/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-format-migrations"

#include <check.h>
#include <string.h>

#include "warbench-core.h"

/*
 * Every migration of the file format (docs/file-format.md, "Versions"): an
 * older file loads, means what it meant, and saves as the current version
 * — one test per step (moved out of test-format.c, which reads and writes
 * the current version).
 */

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

/* Version 7 added the numbering schemes: a version 6 map keeps its column
 * and row digits and saves as version 7 without the new members. */
START_TEST (test_migration_6_to_7_numbering)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
  WbHexMap *map;
  WbHexNumbering num;
  char buf[WB_HEX_NUMBER_MAX_LEN];

  ck_assert_int_ge (WB_FORMAT_VERSION, 7);
  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 6,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "minimal.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  wb_hex_map_get_hex_numbering (map, &num);
  ck_assert_int_eq (num.scheme, WB_HEX_NUMBERING_DIGITS);
  ck_assert (!num.oblique);
  ck_assert_int_eq (num.first_col, 1);
  ck_assert_int_eq (num.digits, 2);
  wb_hex_map_format_hex (map, (WbOffset) { 1, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "0201");
  ck_assert_str_eq (wb_hex_map_get_label (map, (WbOffset) { 1, 0 }), "Townsville");
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, current));
  ck_assert_ptr_nonnull (strstr (saved, "\"numbering\": {\"first_col\": 1, \"first_row\": 1, \"digits\": 2}"));
}
END_TEST

/* Version 8 added chits and draw cups: a version 7 file has none, loads
 * with none and is saved as version 8 without the new members, the rest
 * unchanged. */
START_TEST (test_migration_7_to_8)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) current = NULL;
  g_autofree char *saved = NULL, *saved_current = NULL;
  GPtrArray *scenarios;

  ck_assert_int_eq (WB_FORMAT_VERSION, 9);
  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 7,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v7.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_game_get_chits (game)->len, 0);
  scenarios = wb_game_get_scenarios (game);
  ck_assert_uint_gt (scenarios->len, 0);
  for (guint i = 0; i < scenarios->len; i++)
    ck_assert_ptr_null (wb_scenario_get_cup (g_ptr_array_index (scenarios, i)));
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"version\": 9,"));
  ck_assert_ptr_null (strstr (saved, "\"chits\""));
  ck_assert_ptr_null (strstr (saved, "\"cup\""));
  /* The same as the file read as the current version. */
  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 7,", "\"version\": 9,", 1), 1);
  current = wb_game_load_from_data (edit->str, -1, "v9.warbench", &error);
  ck_assert_msg (current != NULL, "%s", error ? error->message : "");
  saved_current = wb_game_to_data (current, NULL);
  ck_assert_str_eq (saved, saved_current);
}
END_TEST

/* 8 → 9: printed sizes arrived; a version 8 file states none, prints at
 * its system's sizes, and saves as version 9 without them. Version 9's
 * sizes round-trip and a bad one names its path. */
START_TEST (test_migration_8_to_9)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) sized = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *resaved = NULL;
  WbMap *map;

  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 8,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v8.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_double_eq (wb_game_get_counter (game)->size, 0);
  map = g_ptr_array_index (wb_game_get_maps (game), 0);
  ck_assert (WB_IS_HEX_MAP (map));
  ck_assert_double_eq (wb_hex_map_get_printed_hex_size (WB_HEX_MAP (map)), 0);
  ck_assert_double_eq (wb_print_map_true_scale (map), 1);
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"version\": 9,"));
  ck_assert_ptr_null (strstr (saved, "printed_hex_size"));

  wb_game_get_counter (game)->size = 45;
  wb_hex_map_set_printed_hex_size (WB_HEX_MAP (map), 16 * WB_MM);
  g_free (saved);
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"size\": \"0.625in\""));
  ck_assert_ptr_nonnull (strstr (saved, "\"printed_hex_size\": \"16mm\""));
  sized = wb_game_load_from_data (saved, -1, "v9.warbench", &error);
  ck_assert_msg (sized != NULL, "%s", error ? error->message : "");
  ck_assert_double_eq_tol (wb_game_get_counter (sized)->size, 45, 1e-9);
  resaved = wb_game_to_data (sized, NULL);
  ck_assert_str_eq (saved, resaved);

  g_clear_object (&sized);
  {
    g_autoptr(GString) bad = g_string_new (saved);

    g_string_replace (bad, "\"printed_hex_size\": \"16mm\"", "\"printed_hex_size\": \"16 parsecs\"", 1);
    sized = wb_game_load_from_data (bad->str, -1, "bad.warbench", &error);
    ck_assert_ptr_null (sized);
    ck_assert_msg (strstr (error->message, "printed_hex_size") != NULL && strstr (error->message, "16 parsecs"),
                   "%s", error->message);
  }
}
END_TEST

/* Version 1 files (every file written before map backgrounds) load and are
 * saved as the current version with the same content. */
START_TEST (test_migration_1_to_2)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) again = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;

  ck_assert_ptr_nonnull (strstr (text, "\"version\": 1,"));
  game = wb_game_load_from_data (text, -1, "minimal.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  saved = wb_game_to_data (game, NULL);
  {
    g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
    ck_assert_ptr_nonnull (strstr (saved, current));
  }
  ck_assert_ptr_null (wb_map_get_background (wb_game_find_map (game, "hexes")));
  again = wb_game_load_from_data (saved, -1, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  saved_again = wb_game_to_data (again, NULL);
  ck_assert_str_eq (saved, saved_again);
  ck_assert_uint_eq (wb_game_get_units (again)->len, 4);
}
END_TEST

/* Version 2 files (before drawn map lines) load unchanged and save as the
 * current version; lines written by version 3 survive a round trip. */
START_TEST (test_migration_2_to_3)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *v2 = NULL, *with_lines = NULL, *saved = NULL, *saved_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) again = NULL;
  g_autoptr(GString) edit = NULL;
  GPtrArray *lines;
  WbMapLine *line;

  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 2,", 1), 1);
  v2 = g_strdup (edit->str);
  game = wb_game_load_from_data (v2, -1, "v2.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_map_get_lines (wb_game_find_map (game, "hexes"))->len, 0);
  saved = wb_game_to_data (game, NULL);
  {
    g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
    ck_assert_ptr_nonnull (strstr (saved, current));
  }
  g_clear_object (&game);
  g_clear_pointer (&saved, g_free);

  ck_assert_uint_eq (g_string_replace (edit, "\"source\": \"test\",\n      \"orientation\"",
                                       "\"source\": \"test\", \"lines\": [{\"style\": \"river\", \"name\": \"Rapidan\", "
                                       "\"points\": [[0, 10.5], [40, 12], [80, 30]]}, {\"style\": \"vp-line\", \"side\": \"blue\", "
                                       "\"closed\": true, \"points\": [[5, 5], [50, 5], [50, 40]]}],\n      \"orientation\"", 1), 1);
  with_lines = g_strdup (edit->str);
  game = wb_game_load_from_data (with_lines, -1, "lines.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  lines = wb_map_get_lines (wb_game_find_map (game, "hexes"));
  ck_assert_uint_eq (lines->len, 2);
  line = g_ptr_array_index (lines, 0);
  ck_assert_str_eq (line->style, "river");
  ck_assert_str_eq (line->name, "Rapidan");
  ck_assert_uint_eq (line->points->len, 3);
  ck_assert_double_eq (g_array_index (line->points, WbMapPoint, 0).y, 10.5);
  line = g_ptr_array_index (lines, 1);
  ck_assert_str_eq (line->side, "blue");
  ck_assert (line->closed);

  saved = wb_game_to_data (game, NULL);
  again = wb_game_load_from_data (saved, -1, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  saved_again = wb_game_to_data (again, NULL);
  ck_assert_str_eq (saved, saved_again);
  ck_assert_uint_eq (wb_map_get_lines (wb_game_find_map (again, "hexes"))->len, 2);
}
END_TEST

/* Version 3 files (before scenario markers) load unchanged and save as the
 * current version; markers written by version 4 survive a round trip. */
START_TEST (test_migration_3_to_4)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *saved = NULL, *saved_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) again = NULL;
  g_autoptr(GString) edit = g_string_new (text);
  WbScenario *scenario;
  WbMarker *marker;

  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 3,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v3.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_scenario_get_markers (wb_game_find_scenario (game, "basic"))->len, 0);
  saved = wb_game_to_data (game, NULL);
  {
    g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
    ck_assert_ptr_nonnull (strstr (saved, current));
  }
  g_clear_object (&game);
  g_clear_pointer (&saved, g_free);

  ck_assert_uint_eq (g_string_replace (edit, "\"reinforcements\": [",
                                       "\"markers\": [{\"feature\": \"town\", \"hex\": \"0202\", \"note\": \"a burning village\"}, "
                                       "{\"feature\": \"town\", \"hex\": \"0301\", \"option\": \"late\"}], \"reinforcements\": [", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "markers.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  scenario = wb_game_find_scenario (game, "basic");
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 2);
  marker = g_ptr_array_index (wb_scenario_get_markers (scenario), 0);
  ck_assert_str_eq (marker->feature, "town");
  ck_assert_int_eq (g_array_index (marker->at, WbPlace, 0).kind, WB_PLACE_HEX);
  ck_assert_str_eq (g_array_index (marker->at, WbPlace, 0).ref, "0202");
  ck_assert_str_eq (marker->note, "a burning village");
  marker = g_ptr_array_index (wb_scenario_get_markers (scenario), 1);
  ck_assert_str_eq (marker->option, "late");

  saved = wb_game_to_data (game, NULL);
  again = wb_game_load_from_data (saved, -1, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  saved_again = wb_game_to_data (again, NULL);
  ck_assert_str_eq (saved, saved_again);
}
END_TEST

/* Version 6 added table rules (chart kind, unknown cells, read/pair, ends,
 * pool, modifiers, code effects): a version 5 table means the same — both
 * ends clamp, codes keep their standard meaning — and saves as version 6
 * without any of the new members. */
START_TEST (test_migration_5_to_6)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GString) edit = g_string_new (text);
  g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
  WbTable *crt;
  WbCodeEffect e;

  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 5,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v5.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  crt = wb_game_find_table (game, "crt");
  ck_assert_int_eq (wb_table_get_ends (crt)->left, WB_TABLE_END_CLAMP);
  ck_assert_int_eq (wb_table_get_ends (crt)->right, WB_TABLE_END_CLAMP);
  ck_assert_int_eq (wb_table_get_read (crt), WB_TABLE_READ_SUM);
  ck_assert_int_eq (wb_table_get_pool (crt)->sides, 0);
  ck_assert_uint_eq (wb_table_get_modifiers (crt)->len, 0);
  /* "Ar" has no effect in the file: the standard meaning. */
  ck_assert (!((WbResultCode *) g_ptr_array_index (wb_table_get_codes (crt), 0))->has_effect);
  ck_assert (wb_table_code_effect (crt, "Ar", &e));
  ck_assert (e.attacker_retreat == 1 && e.defender_retreat == 0);
  ck_assert_int_eq (wb_table_combat_column (crt, 9, 1, NULL), 1);   /* 9-1 clamps to 2-1 */
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, current));
  ck_assert_ptr_null (strstr (saved, "\"ends\""));
  ck_assert_ptr_null (strstr (saved, "\"effect\""));
  ck_assert_ptr_null (strstr (saved, "\"modifiers\""));
}
END_TEST

/* Version 7 gave records roles; a version 6 file gets the roles its ids
 * meant to its family, so it plays as it did: the SPI family's artillery
 * class bombards; the Blue & Gray Campaign family's garrison, cavalry and
 * leader classes (any other class infantry), river and mountain crossings
 * and railroad connections. Saved, the roles are written out. */
START_TEST (test_migration_6_to_7)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) edit = g_string_new (text);
  g_autoptr(WbGame) spi = NULL;
  g_autoptr(WbGame) bg = NULL;
  g_autoptr(WbGame) again = NULL;
  g_autoptr(WbGame) free_play = NULL;
  g_autofree char *saved = NULL;

  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 6,", 1), 1);
  spi = wb_game_load_from_data (edit->str, -1, "v6.warbench", &error);
  ck_assert_msg (spi != NULL, "%s", error ? error->message : "");
  ck_assert (wb_roles_contain (wb_game_find_unit_class (spi, "artillery")->roles, "artillery"));
  ck_assert_uint_eq (wb_game_find_unit_class (spi, "infantry")->roles->len, 0);
  ck_assert_uint_eq (wb_game_find_feature (spi, "river")->roles->len, 0);
  saved = wb_game_to_data (spi, NULL);
  ck_assert_ptr_nonnull (strstr (saved, current));
  ck_assert_ptr_nonnull (strstr (saved, "\"symbol\": \"artillery\", \"roles\": [\"artillery\"]"));
  again = wb_game_load_from_data (saved, -1, "v7.warbench", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert (wb_roles_contain (wb_game_find_unit_class (again, "artillery")->roles, "artillery"));
  g_clear_pointer (&saved, g_free);

  /* The Blue & Gray Campaign family: every class plays as one of its four. */
  g_string_replace (edit, "\"spi-blue-gray\"", "\"bg-campaign\"", 1);
  /* (without the SPI family's parameters, which the Blue & Gray family does not take) */
  ck_assert_uint_eq (g_string_replace (edit, ", \"params\": {\"movement_allowance\": 6, \"stacking\": 2}", "", 1), 1);
  ck_assert_uint_eq (g_string_replace (edit, "{\"id\": \"pike\", \"name\": \"Pike\"",
                                       "{\"id\": \"railroad\", \"name\": \"Railroad\"", 1), 1);
  ck_assert_uint_eq (g_string_replace (edit, "\"class\": \"pike\"", "\"class\": \"railroad\"", 0), 1);
  bg = wb_game_load_from_data (edit->str, -1, "v6.warbench", &error);
  ck_assert_msg (bg != NULL, "%s", error ? error->message : "");
  ck_assert (wb_roles_contain (wb_game_find_unit_class (bg, "infantry")->roles, "infantry"));
  ck_assert (wb_roles_contain (wb_game_find_unit_class (bg, "artillery")->roles, "infantry"));
  ck_assert_uint_eq (wb_game_find_unit_class (bg, "artillery")->roles->len, 1);
  ck_assert (wb_roles_contain (wb_game_find_feature (bg, "river")->roles, "river-crossing"));
  ck_assert (wb_roles_contain (wb_game_find_feature (bg, "railroad")->roles, "railroad"));
  ck_assert_uint_eq (wb_game_find_feature (bg, "road")->roles->len, 0);   /* a hexside road: no role */
  saved = wb_game_to_data (bg, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"where\": \"crossing\", \"style\": \"river\", \"roles\": [\"river-crossing\"]"));
  g_clear_object (&bg);

  /* Roles the file gives already are what it means: none are added. */
  {
    g_autoptr(GString) given = g_string_new (edit->str);

    ck_assert_uint_eq (g_string_replace (given, "\"symbol\": \"artillery\"}",
                                         "\"symbol\": \"artillery\", \"roles\": [\"cavalry\"]}", 1), 1);
    bg = wb_game_load_from_data (given->str, -1, "v6.warbench", &error);
    ck_assert_msg (bg != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (wb_game_find_unit_class (bg, "artillery")->roles->len, 1);
    ck_assert (wb_roles_contain (wb_game_find_unit_class (bg, "artillery")->roles, "cavalry"));
  }

  /* A family the engine does not play reads no roles: none are given. */
  g_string_replace (edit, "\"bg-campaign\"", "\"a-family-to-come\"", 1);
  free_play = wb_game_load_from_data (edit->str, -1, "v6.warbench", &error);
  ck_assert_msg (free_play != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_game_find_unit_class (free_play, "artillery")->roles->len, 0);
  ck_assert_uint_eq (wb_game_find_feature (free_play, "railroad")->roles->len, 0);
}
END_TEST

START_TEST (test_migration_4_to_5)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *saved = NULL, *saved_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) again = NULL;
  g_autoptr(GString) edit = g_string_new (text);
  WbCounterSpec *spec;

  ck_assert_uint_eq (g_string_replace (edit, "\"version\": 1,", "\"version\": 4,", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "v4.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  spec = wb_game_get_counter (game);
  ck_assert_int_eq (spec->style, WB_COUNTER_STYLE_AUTO);
  ck_assert_int_eq (wb_counter_style_for_game (game), WB_COUNTER_STYLE_SPI);
  ck_assert_str_eq (wb_counter_slot_attr (game, WB_COUNTER_SLOT_MORALE), "morale");
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_null (strstr (saved, "\"counter\""));
  {
    g_autofree char *current = g_strdup_printf ("\"version\": %d,", WB_FORMAT_VERSION);
    ck_assert_ptr_nonnull (strstr (saved, current));
  }
  g_clear_object (&game);
  g_clear_pointer (&saved, g_free);

  /* The rules family chooses the style when the file does not. */
  {
    g_autoptr(GString) bg = g_string_new (edit->str);
    g_autoptr(WbGame) bg_game = NULL;

    g_string_replace (bg, "\"spi-blue-gray\"", "\"bg-campaign\"", 1);
    /* The SPI parameters are not the Blue & Gray Campaign's: none. */
    g_string_replace (bg, ", \"params\": {\"movement_allowance\": 6, \"stacking\": 2}", "", 1);
    bg_game = wb_game_load_from_data (bg->str, -1, "bg.warbench", &error);
    ck_assert_msg (bg_game != NULL, "%s", error ? error->message : "");
    ck_assert_int_eq (wb_counter_style_for_game (bg_game), WB_COUNTER_STYLE_BG_CAMPAIGN);
  }

  ck_assert_uint_eq (g_string_replace (edit, "\"stacking\": 2}},",
                                       "\"stacking\": 2}}, \"counter\": {\"style\": \"block\", "
                                       "\"slots\": {\"dice\": \"movement\", \"morale\": \"morale\"}},", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, "counter.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  spec = wb_game_get_counter (game);
  ck_assert_int_eq (spec->style, WB_COUNTER_STYLE_BLOCK);
  ck_assert_int_eq (wb_counter_style_for_game (game), WB_COUNTER_STYLE_BLOCK);
  ck_assert_str_eq (wb_counter_slot_attr (game, WB_COUNTER_SLOT_DICE), "movement");
  ck_assert_str_eq (wb_counter_slot_attr (game, WB_COUNTER_SLOT_FIREPOWER), "firepower");
  ck_assert_ptr_null (spec->slots[WB_COUNTER_SLOT_FIREPOWER]);

  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"counter\""));
  again = wb_game_load_from_data (saved, -1, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (wb_game_get_counter (again)->style, WB_COUNTER_STYLE_BLOCK);
  ck_assert_str_eq (wb_game_get_counter (again)->slots[WB_COUNTER_SLOT_DICE], "movement");
  saved_again = wb_game_to_data (again, NULL);
  ck_assert_str_eq (saved, saved_again);
}
END_TEST

static Suite *
migrations_suite (void)
{
  Suite *s = suite_create ("format-migrations");
  TCase *tc = tcase_create ("migrations");

  tcase_add_test (tc, test_migration_1_to_2);
  tcase_add_test (tc, test_migration_2_to_3);
  tcase_add_test (tc, test_migration_3_to_4);
  tcase_add_test (tc, test_migration_4_to_5);
  tcase_add_test (tc, test_migration_5_to_6);
  tcase_add_test (tc, test_migration_6_to_7);
  tcase_add_test (tc, test_migration_6_to_7_numbering);
  tcase_add_test (tc, test_migration_7_to_8);
  tcase_add_test (tc, test_migration_8_to_9);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (migrations_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
