/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(int *) data)++;
}

/* Connected swapped: the counter comes first. */
static void
count_signal (int *counter)
{
  (*counter)++;
}

START_TEST (test_game_collections)
{
  g_autoptr(WbGame) game = wb_game_new ();
  WbSide *blue = wb_side_new ("blue"), *again = wb_side_new ("blue");
  g_autoptr(WbUnit) unit = wb_unit_new ("u1");
  g_autoptr(GPtrArray) of_blue = NULL;

  ck_assert (wb_game_add_side (game, blue));
  /* A duplicate id is refused and ownership stays with the caller. */
  ck_assert (!wb_game_add_side (game, again));
  wb_side_free (again);
  ck_assert_ptr_eq (wb_game_find_side (game, "blue"), blue);
  ck_assert_ptr_null (wb_game_find_side (game, "red"));
  /* Lookups work with non-interned strings too. */
  {
    char key[] = "blue";
    ck_assert_ptr_eq (wb_game_find_side (game, key), blue);
  }
  wb_unit_set_side (unit, "blue");
  ck_assert (wb_game_add_unit (game, g_object_ref (unit)));
  ck_assert (!wb_game_add_unit (game, unit));
  of_blue = wb_game_list_units_of_side (game, "blue");
  ck_assert_uint_eq (of_blue->len, 1);
}
END_TEST

START_TEST (test_game_notify_and_changed)
{
  g_autoptr(WbGame) game = wb_game_new ();
  int notified = 0, changed = 0;

  g_signal_connect (game, "notify::title", G_CALLBACK (count_notify), &notified);
  g_signal_connect_swapped (game, "changed::terrain", G_CALLBACK (count_signal), &changed);
  wb_game_set_title (game, "A");
  wb_game_set_title (game, "A");   /* unchanged: no notify */
  wb_game_set_title (game, "B");
  ck_assert_int_eq (notified, 2);
  ck_assert_str_eq (wb_game_get_title (game), "B");
  wb_game_changed (game, "units");
  wb_game_changed (game, "terrain");
  ck_assert_int_eq (changed, 1);
}
END_TEST

START_TEST (test_unit_properties)
{
  g_autoptr(WbUnit) unit = wb_unit_new ("stafford");
  WbStrength s = { WB_STRENGTH_STEPS, 3, 0, { 24, 16, 8 } };
  WbAttrValue mv = { .type = WB_ATTR_INT, .i = 6 };
  WbAttrValue fp = { .type = WB_ATTR_FIREPOWER, .s = (char *) "A2" };
  int notified = 0;
  g_autofree char *text = NULL;

  g_signal_connect (unit, "notify", G_CALLBACK (count_notify), &notified);
  ck_assert_str_eq (wb_unit_get_name (unit), "stafford");          /* defaults to the id */
  wb_unit_set_name (unit, "Stafford's Brigade");
  ck_assert_str_eq (wb_unit_get_designation (unit), "Stafford's Brigade");
  wb_unit_set_designation (unit, "Stafrd");
  ck_assert_str_eq (wb_unit_get_designation (unit), "Stafrd");
  wb_unit_set_side (unit, "confederate");
  wb_unit_set_side (unit, "confederate");
  wb_unit_set_strength (unit, &s);
  wb_unit_set_strength (unit, &s);
  ck_assert_int_eq (notified, 4);
  text = wb_strength_to_string (wb_unit_get_strength (unit));
  ck_assert_str_eq (text, "12/8/4");
  wb_unit_set_attr (unit, "movement", &mv);
  wb_unit_set_attr (unit, "firepower", &fp);
  ck_assert_int_eq (wb_unit_get_attr (unit, "movement")->i, 6);
  ck_assert_str_eq (wb_unit_get_attr (unit, "firepower")->s, "A2");
  ck_assert_uint_eq (wb_unit_get_attr_ids (unit)->len, 2);
  wb_unit_set_attr (unit, "movement", NULL);
  ck_assert_ptr_null (wb_unit_get_attr (unit, "movement"));
  ck_assert_uint_eq (wb_unit_get_attr_ids (unit)->len, 1);
}
END_TEST

START_TEST (test_strength_strings)
{
  WbStrength single = { WB_STRENGTH_SINGLE, 1, 0, { 14 } };
  WbStrength cadre = { WB_STRENGTH_SINGLE, 1, 0, { 1 } };
  WbStrength sides = { WB_STRENGTH_SIDES, 2, 1, { 6, 3 } };
  g_autofree char *a = wb_strength_to_string (&single);
  g_autofree char *b = wb_strength_to_string (&cadre);
  g_autofree char *c = wb_strength_to_string (&sides);

  ck_assert_str_eq (a, "7");
  ck_assert_str_eq (b, "C");
  ck_assert_str_eq (c, "3|1½");
  ck_assert_int_eq (wb_strength_current_halves (&sides), 3);
}
END_TEST

START_TEST (test_hex_map_numbering)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 23, 28, "clear");
  g_autoptr(WbHexMap) big = wb_hex_map_new ("b", layout, 150, 20, "clear");
  WbOffset hex;
  char buf[16];

  wb_hex_map_format_hex (map, (WbOffset) { 7, 9 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "0810");
  ck_assert (wb_hex_map_parse_hex (map, "2326", &hex));
  ck_assert_int_eq (hex.col, 22);
  ck_assert_int_eq (hex.row, 25);
  ck_assert (!wb_hex_map_parse_hex (map, "232", &hex));
  ck_assert (!wb_hex_map_parse_hex (map, "23a6", &hex));
  /* Parsing succeeds off the map; containment is a separate question. */
  ck_assert (wb_hex_map_parse_hex (map, "9999", &hex));
  ck_assert (!wb_hex_map_contains (map, hex));
  wb_hex_map_set_numbering (map, 0, 0, 2);
  wb_hex_map_format_hex (map, (WbOffset) { 0, 1 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "0001");
  /* Big maps get enough digits. */
  wb_hex_map_format_hex (big, (WbOffset) { 149, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "150001");
}
END_TEST

START_TEST (test_hex_map_content)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 5, 5, "clear");
  WbOffset h = { 2, 2 };
  WbOffset north = wb_hex_neighbour (layout, h, 0);
  g_autoptr(GArray) sides = NULL;
  g_autoptr(GArray) detailed = NULL;
  int changed = 0;

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changed);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, h), "clear");
  wb_hex_map_set_terrain (map, h, "forest");
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, h), g_intern_string ("forest"));
  ck_assert_ptr_null (wb_hex_map_get_terrain (map, (WbOffset) { 5, 0 }));
  ck_assert (!wb_hex_map_has_elevation (map));
  wb_hex_map_set_elevation (map, h, 2);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, h), 2);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, north), 0);

  /* A hexside named from either hex is the same hexside. */
  wb_hex_map_add_side_feature (map, h, 0, "creek");
  wb_hex_map_add_side_feature (map, north, 3, "creek");
  wb_hex_map_add_side_feature (map, north, 3, "ford");
  ck_assert (wb_hex_map_has_side_feature (map, h, 0, "ford"));
  ck_assert_uint_eq (wb_hex_map_get_side_features (map, h, 0)->len, 2);
  ck_assert (!wb_hex_map_has_side_feature (map, h, 1, "creek"));
  /* Border hexsides are allowed. */
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, 0, "river");
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 0, 0 }, 0, "river"));
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 2);

  wb_hex_map_set_label (map, h, "Spottswood");
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "town");
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "town");
  ck_assert_uint_eq (wb_hex_map_get_hex_features (map, (WbOffset) { 1, 0 })->len, 1);
  detailed = wb_hex_map_list_detailed_hexes (map);
  ck_assert_uint_eq (detailed->len, 2);
  ck_assert_int_eq (g_array_index (detailed, WbOffset, 0).row, 0);   /* row-major order */
  wb_map_changed (WB_MAP (map));
  ck_assert_int_eq (changed, 1);
  ck_assert_int_eq (wb_map_get_kind (WB_MAP (map)), WB_MAP_KIND_HEX);
}
END_TEST

START_TEST (test_hex_map_extent_matches_geometry)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 10, 10, "clear");
  double w, h, x, y;

  wb_hex_map_set_hex_size (map, 20);
  wb_map_get_extent (WB_MAP (map), &w, &h);
  wb_hex_center (layout, 20, (WbOffset) { 9, 9 }, &x, &y);
  ck_assert (x < w && y < h);
  ck_assert (w > 0 && h > 0);
}
END_TEST

START_TEST (test_point_map)
{
  g_autoptr(WbPointMap) map = wb_point_map_new ("valley", 1000, 800);
  WbLocation *a = wb_location_new ("strasburg");
  WbLocation *dup = wb_location_new ("strasburg");

  a->x = 100;
  a->y = 200;
  ck_assert (wb_point_map_add_location (map, a));
  ck_assert (!wb_point_map_add_location (map, dup));
  wb_location_free (dup);
  ck_assert_ptr_eq (wb_point_map_find_location (map, "strasburg"), a);
  ck_assert_ptr_eq (wb_point_map_location_at (map, 105, 195, 10), a);
  ck_assert_ptr_null (wb_point_map_location_at (map, 150, 200, 10));
  ck_assert_int_eq (wb_map_get_kind (WB_MAP (map)), WB_MAP_KIND_POINTS);
}
END_TEST

START_TEST (test_scenario_options)
{
  g_autoptr(WbScenario) s = wb_scenario_new ("historical");
  const char *lethargic[] = { "lethargic", NULL };
  const char *pickett[] = { "pickett", NULL };
  WbSetup *plain = wb_setup_new ("a"), *unless = wb_setup_new ("b"), *only = wb_setup_new ("c");

  wb_place_array_add (plain->at, WB_PLACE_HEX, "0101");
  wb_place_array_add (unless->at, WB_PLACE_HEX, "0616");
  unless->unless = g_intern_string ("lethargic");
  wb_place_array_add (only->at, WB_PLACE_HEX, "0118");
  only->option = g_intern_string ("pickett");
  g_ptr_array_add (wb_scenario_get_setup (s), plain);
  g_ptr_array_add (wb_scenario_get_setup (s), unless);
  g_ptr_array_add (wb_scenario_get_setup (s), only);

  ck_assert_ptr_nonnull (wb_scenario_find_setup (s, "b", NULL));
  ck_assert_ptr_null (wb_scenario_find_setup (s, "b", lethargic));
  ck_assert_ptr_null (wb_scenario_find_setup (s, "c", NULL));
  ck_assert_str_eq (wb_scenario_find_setup (s, "c", pickett)->ref, "0118");
  ck_assert (wb_scenario_applies (NULL, NULL, NULL));

  wb_scenario_set_turn_count (s, 16);
  ck_assert_uint_eq (wb_scenario_get_turns (s)->len, 16);
  wb_scenario_set_turn_count (s, 100000);
  ck_assert_uint_eq (wb_scenario_get_turns (s)->len, WB_SCENARIO_MAX_TURNS);
}
END_TEST

START_TEST (test_table)
{
  g_autoptr(WbTable) t = wb_table_new ("weather", WB_TABLE_ROLL);
  GPtrArray *clear = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *rain = g_ptr_array_new_with_free_func (g_free);

  wb_table_add_column (t, "Weather", 0, 0);
  g_ptr_array_add (clear, g_strdup ("Clear"));
  g_ptr_array_add (rain, g_strdup ("Rain"));
  wb_table_add_row (t, "1-5", 1, 5, clear);
  wb_table_add_row (t, "6", 6, 6, rain);
  ck_assert_str_eq (wb_table_lookup (t, 3, 0), "Clear");
  ck_assert_str_eq (wb_table_lookup (t, 6, 0), "Rain");
  ck_assert_ptr_null (wb_table_lookup (t, 0, 0));
  ck_assert_ptr_null (wb_table_lookup (t, 3, 1));
  ck_assert_str_eq (wb_table_get_dice (t), "1d6");
  ck_assert_str_eq (wb_table_kind_to_string (WB_TABLE_DICE_POOL), "dice_pool");
}
END_TEST

START_TEST (test_records)
{
  GArray *move = g_array_new (FALSE, FALSE, sizeof (WbMoveCost));
  WbMoveCost any = { g_intern_string ("*"), 3 }, cav = { g_intern_string ("cavalry"), -1 };
  gboolean found;
  double r, g, b;

  ck_assert_double_eq (wb_move_costs_lookup (move, "infantry", &found), 0);
  ck_assert (!found);
  g_array_append_val (move, any);
  g_array_append_val (move, cav);
  ck_assert_double_eq (wb_move_costs_lookup (move, "infantry", &found), 3);
  ck_assert (found);
  ck_assert_double_lt (wb_move_costs_lookup (move, "cavalry", NULL), 0);
  g_array_unref (move);

  ck_assert (wb_color_parse ("#ff8000", &r, &g, &b));
  ck_assert_double_eq_tol (g, 128 / 255.0, 1e-9);
  ck_assert (!wb_color_parse ("ff8000", NULL, NULL, NULL));
  ck_assert (!wb_color_parse ("#ff80zz", NULL, NULL, NULL));
  ck_assert (!wb_color_parse (NULL, NULL, NULL, NULL));
}
END_TEST

START_TEST (test_map_analysis)
{
  g_autoptr(WbGame) game = wb_game_new_starter (3, 1);
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "map"));
  WbHexLayout layout = wb_hex_map_get_layout (map);
  WbTerrainType *river = wb_terrain_type_new ("river");
  WbFeatureType *ferry = wb_feature_type_new ("ferry", WB_FEATURE_HEX);
  WbMoveCost closed = { g_intern_string ("*"), -1 }, one = { g_intern_string ("*"), 1 };
  int dir = wb_hex_direction_to (layout, (WbOffset) { 0, 0 }, (WbOffset) { 1, 0 });
  g_autoptr(GArray) counts = NULL;
  GArray *cut;
  guint regions;

  river->key = '~';
  g_array_append_val (river->move, closed);
  wb_game_add_terrain (game, river);
  ferry->move_mode = WB_MOVE_SET;
  g_array_append_val (ferry->move, one);
  wb_game_add_feature (game, ferry);

  wb_hex_map_set_terrain (map, (WbOffset) { 2, 0 }, "forest");
  counts = wb_hex_map_count_terrain (game, map);
  ck_assert_uint_eq (counts->len, 2);
  ck_assert_uint_eq (g_array_index (counts, WbTerrainCount, 0).count, 2);   /* clear */

  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  ck_assert_uint_eq (regions, 1);
  g_array_unref (cut);

  /* A creek between the first two hexes cuts the first one off… */
  ck_assert_int_ge (dir, 0);
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, dir, "creek");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 1);
  ck_assert_int_eq (g_array_index (cut, WbOffset, 0).col, 0);
  ck_assert_uint_eq (regions, 2);
  g_array_unref (cut);
  /* …a ford negates it. */
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, dir, "ford");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  g_array_unref (cut);

  /* A river hex in the middle splits the map; a ferry on it joins it again. */
  wb_hex_map_set_terrain (map, (WbOffset) { 1, 0 }, "river");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 1);
  ck_assert_uint_eq (regions, 2);
  g_array_unref (cut);
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "ferry");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  g_array_unref (cut);
}
END_TEST

START_TEST (test_point_map_isolated)
{
  g_autoptr(WbGame) game = wb_game_new_starter (0, 0);
  WbPointMap *map = WB_POINT_MAP (wb_game_find_map (game, "map"));
  WbLocation *lonely = wb_location_new ("lonely");
  g_autoptr(GPtrArray) isolated = NULL;
  GPtrArray *none;
  guint groups;

  none = wb_point_map_find_isolated (map, &groups);
  ck_assert_uint_eq (none->len, 0);
  ck_assert_uint_eq (groups, 1);
  g_ptr_array_unref (none);
  wb_point_map_add_location (map, lonely);
  isolated = wb_point_map_find_isolated (map, &groups);
  ck_assert_uint_eq (isolated->len, 1);
  ck_assert_ptr_eq (g_ptr_array_index (isolated, 0), lonely);
  ck_assert_uint_eq (groups, 2);
}
END_TEST

/* A starter game around a map of the caller's making keeps that map as it is. */
START_TEST (test_new_with_map)
{
  WbHexLayout layout = { WB_HEX_POINTY, WB_HEX_EVEN };
  WbHexMap *hex = wb_hex_map_new ("map", layout, 12, 7, "clear");
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) points = NULL;
  WbHexMap *found;
  WbMap *point_map;
  char buf[16];
  double w, h;

  wb_hex_map_set_numbering (hex, 0, 1, 3);
  wb_hex_map_set_hex_size (hex, 30);
  game = wb_game_new_with_map (WB_MAP (hex));
  found = WB_HEX_MAP (wb_game_find_map (game, "map"));
  ck_assert_ptr_eq (found, hex);
  ck_assert_int_eq (wb_hex_map_get_cols (found), 12);
  ck_assert_int_eq (wb_hex_map_get_layout (found).orientation, WB_HEX_POINTY);
  wb_hex_map_format_hex (found, (WbOffset) { 0, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "000001");
  ck_assert_double_eq (wb_hex_map_get_hex_size (found), 30);
  ck_assert_ptr_nonnull (wb_game_find_terrain (game, "clear"));
  ck_assert_uint_eq (wb_game_get_sides (game)->len, 2);
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 1);

  points = wb_game_new_with_map (WB_MAP (wb_point_map_new ("map", 640, 480)));
  point_map = wb_game_find_map (points, "map");
  ck_assert (WB_IS_POINT_MAP (point_map));
  ck_assert_uint_eq (wb_point_map_get_locations (WB_POINT_MAP (point_map))->len, 0);
  wb_map_get_extent (point_map, &w, &h);
  ck_assert_double_eq (w, 640);
  ck_assert_double_eq (h, 480);
  ck_assert_ptr_null (wb_game_find_terrain (points, "clear"));

  /* Both are valid games: they read back as written. */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      g_autofree char *data = wb_game_to_data (i == 0 ? game : points, &len);
      g_autoptr(WbGame) again = wb_game_load_from_data (data, (gssize) len, "new", &error);
      g_autofree char *data2 = NULL;

      ck_assert_msg (again != NULL, "%s", error ? error->message : "");
      data2 = wb_game_to_data (again, NULL);
      ck_assert_str_eq (data, data2);
    }
}
END_TEST

/* Enum GTypes exist for bindings and GObject properties. */
START_TEST (test_enum_types)
{
  g_autoptr(GEnumClass) kinds = g_type_class_ref (WB_TYPE_MAP_KIND);
  g_autoptr(GFlagsClass) layers = g_type_class_ref (WB_TYPE_LAYERS);

  ck_assert_str_eq (g_enum_get_value (kinds, WB_MAP_KIND_POINTS)->value_nick, "points");
  ck_assert_str_eq (g_flags_get_first_value (layers, WB_LAYER_ROADS)->value_nick, "roads");
  ck_assert (G_TYPE_IS_ENUM (WB_TYPE_FORMAT_ERROR));
}
END_TEST

static Suite *
model_suite (void)
{
  Suite *s = suite_create ("model");
  TCase *tc = tcase_create ("model");

  tcase_add_test (tc, test_game_collections);
  tcase_add_test (tc, test_game_notify_and_changed);
  tcase_add_test (tc, test_unit_properties);
  tcase_add_test (tc, test_strength_strings);
  tcase_add_test (tc, test_hex_map_numbering);
  tcase_add_test (tc, test_hex_map_content);
  tcase_add_test (tc, test_hex_map_extent_matches_geometry);
  tcase_add_test (tc, test_point_map);
  tcase_add_test (tc, test_scenario_options);
  tcase_add_test (tc, test_table);
  tcase_add_test (tc, test_records);
  tcase_add_test (tc, test_enum_types);
  tcase_add_test (tc, test_map_analysis);
  tcase_add_test (tc, test_point_map_isolated);
  tcase_add_test (tc, test_new_with_map);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (model_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
