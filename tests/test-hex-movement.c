/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-hex-movement"
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "warbench-core.h"
#include "rules/wb-hex-movement.h"

/* Hex movement compiled from the legend (core/rules/wb-hex-movement.c) on
 * the test game's 4 × 3 flat map, every cost worked out by hand:
 *
 *      col 0   1   2   3        (odd columns half a hex lower)
 *   row 0  .   .   f   .        road 0101–0201 (the SE side of 0101)
 *   row 1  .   f   f   .        creek + ford on the N side of 0202
 *   row 2  r   .   .   .
 *
 * clear 1 MP, forest 3 (artillery may not enter), rough 3, road 1, ford +1. */

#define Q(mp) ((mp) * WB_MOVE_QUARTERS)
enum { N, NE, SE, S, SW, NW };

static WbGame *
load_minimal (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbHexMap *
hex_map (WbGame *game)
{
  return WB_HEX_MAP (wb_game_find_map (game, "hexes"));
}

START_TEST (test_step_costs)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexMap *map = hex_map (game);
  WbHexGraph *inf = wb_hex_graph_new (game, map, "infantry");
  WbHexGraph *art = wb_hex_graph_new (game, map, "artillery");
  WbHexGraph *g;

  /* Along the road into clear: 1; into forest: 3; across the ford into
   * forest: 3 + 1 (5.25's example is the same sum). */
  ck_assert_uint_eq (wb_hex_graph_step_cost (inf, (WbOffset) { 0, 0 }, SE), Q (1));
  ck_assert_uint_eq (wb_hex_graph_step_cost (inf, (WbOffset) { 1, 0 }, NE), Q (3));
  ck_assert_uint_eq (wb_hex_graph_step_cost (inf, (WbOffset) { 1, 0 }, S), Q (4));
  /* The ford works both ways. */
  ck_assert_uint_eq (wb_hex_graph_step_cost (inf, (WbOffset) { 1, 1 }, N), Q (2));
  /* Off the map; artillery into forest. */
  ck_assert_uint_eq (wb_hex_graph_step_cost (inf, (WbOffset) { 0, 0 }, N), WB_STEP_PROHIBITED);
  ck_assert_uint_eq (wb_hex_graph_step_cost (art, (WbOffset) { 0, 1 }, SE), WB_STEP_PROHIBITED);
  ck_assert_uint_eq (wb_hex_graph_step_cost (art, (WbOffset) { 0, 0 }, SE), Q (1));
  /* The ford negates the creek, for zones of control too. */
  ck_assert (wb_hex_graph_zoc_reaches (inf, (WbOffset) { 1, 0 }, S));

  /* Without the ford the creek is prohibited and stops zones of control. */
  ck_assert (wb_hex_map_remove_side_feature (map, (WbOffset) { 1, 1 }, N, "ford"));
  g = wb_hex_graph_new (game, map, "infantry");
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, S), WB_STEP_PROHIBITED);
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 1 }, N), WB_STEP_PROHIBITED);
  ck_assert (!wb_hex_graph_zoc_reaches (g, (WbOffset) { 1, 0 }, S));
  ck_assert (wb_hex_graph_zoc_reaches (g, (WbOffset) { 1, 0 }, NE));
  wb_hex_graph_free (g);
  wb_hex_graph_free (inf);
  wb_hex_graph_free (art);
}
END_TEST

START_TEST (test_reach)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexGraph *g = wb_hex_graph_new (game, hex_map (game), "infantry");
  WbOffset start = { 0, 0 };
  guint8 zoc[12] = { 0 }, occupied[12] = { 0 };
  g_autoptr(GArray) path = NULL;
  guint n;

  /* 6 MP from 0101. */
  n = wb_hex_graph_reach (g, start, Q (6), NULL, NULL, 0);
  ck_assert_uint_gt (n, 5);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 1, 0 }), Q (1));   /* road */
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 0, 1 }), Q (1));
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 2, 0 }), Q (4));
  /* 0202: through 0102 (1 + 3) beats the ford (1 + 4). */
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 1, 1 }), Q (4));
  path = wb_hex_graph_path (g, (WbOffset) { 1, 1 });
  ck_assert_uint_eq (path->len, 3);
  ck_assert_int_eq (g_array_index (path, WbOffset, 1).col, 0);
  ck_assert_int_eq (g_array_index (path, WbOffset, 1).row, 1);
  /* The list of hexes reached is every hex with a cost but the start,
   * each once (the SPI family's legal destinations are read from it). */
  {
    guint n_list, seen = 0;
    const int *list = wb_hex_graph_reached_hexes (g, &n_list);

    ck_assert_uint_eq (n_list, n);
    for (int i = 0; i < 12; i++)
      {
        WbOffset h = { i % 4, i / 4 };
        gboolean listed = FALSE;

        for (guint k = 0; k < n_list; k++)
          listed |= list[k] == i;
        ck_assert_int_eq (listed, wb_hex_graph_reached_cost (g, h) >= 0 && i != 0);
        seen += listed;
      }
    ck_assert_uint_eq (seen, n_list);
  }
  /* Within 1 MP only the two neighbours. */
  ck_assert_uint_eq (wb_hex_graph_reach (g, start, Q (1), NULL, NULL, 0), 2);
  {
    guint n_list;
    const int *list = wb_hex_graph_reached_hexes (g, &n_list);

    ck_assert_uint_eq (n_list, 2);
    ck_assert ((list[0] == 1 && list[1] == 4) || (list[0] == 4 && list[1] == 1));
  }

  /* An enemy in 0201 cannot be entered; with its zone of control on 0201's
   * neighbours stopping moves, 0301 (forest) is out of reach: the way
   * through 0201 is shut and the others cost more than 6. */
  occupied[1] = 1;
  wb_hex_graph_add_zoc (g, (WbOffset) { 1, 0 }, zoc);
  ck_assert (zoc[0] && zoc[4] && zoc[5]);
  zoc[0] = 0;   /* the start's own hex: tested below */
  wb_hex_graph_reach (g, start, Q (6), occupied, zoc, WB_REACH_ZOC_STOPS | WB_REACH_ZOC_LOCKS);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 1, 0 }), -1);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 0, 1 }), Q (1));   /* enters ZOC, stops */
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 2, 0 }), -1);
  /* Starting in an enemy zone of control: no move at all (5.13). */
  zoc[0] = 1;
  ck_assert_uint_eq (wb_hex_graph_reach (g, start, Q (6), occupied, zoc, WB_REACH_ZOC_LOCKS), 0);
  /* At night enemy-controlled hexes cannot be entered (10.2). */
  zoc[0] = 0;
  wb_hex_graph_reach (g, start, Q (6), occupied, zoc, WB_REACH_NO_ENTER_ZOC);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 0, 1 }), -1);
  wb_hex_graph_free (g);
}
END_TEST

/* Profiles: other costs, terrain entered only along a road or trail (but
 * into an enemy zone of control), only next to some terrain, only hexes
 * with a road. */
START_TEST (test_profiles)
{
  g_autoptr(WbGame) game = load_minimal ();
  WbHexMap *map = hex_map (game);
  g_autoptr(GHashTable) costs = g_hash_table_new (g_str_hash, g_str_equal);
  static double two = 2;
  const char *forest[] = { "forest", NULL };
  const char *rough[] = { "rough", NULL };
  const char *roads[] = { "road", NULL };
  WbMoveProfile p = { .unit_class = "infantry" };
  guint8 zoc[12] = { 0 };
  WbHexGraph *g;

  /* 17.12-like: forest at 2 MP. */
  g_hash_table_insert (costs, (gpointer) "forest", &two);
  p.costs = costs;
  g = wb_hex_graph_new_for (game, map, &p);
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, NE), Q (2));
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, S), Q (3));   /* + ford */
  wb_hex_graph_free (g);

  /* 17.21-like: forest only along roads and trails (none lead into it
   * here), except into an enemy zone of control. */
  p.costs = NULL;
  p.restricted = forest;
  p.enter = WB_ENTER_ROAD_ONLY;
  p.zoc_exempt = TRUE;
  g = wb_hex_graph_new_for (game, map, &p);
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, NE), WB_STEP_PROHIBITED);
  wb_hex_graph_reach (g, (WbOffset) { 0, 0 }, Q (6), NULL, zoc, WB_REACH_ZOC_STOPS);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 2, 0 }), -1);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 3, 0 }), -1);   /* 7 MP round the forest */
  zoc[2] = 1;   /* 0301 is in an enemy zone of control: it may be entered */
  wb_hex_graph_reach (g, (WbOffset) { 0, 0 }, Q (6), NULL, zoc, WB_REACH_ZOC_STOPS);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 2, 0 }), Q (4));
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 1, 1 }), -1);
  wb_hex_graph_free (g);

  /* 17.22-like: forest only next to rough: 0202 (rough 0103 beside it) yes,
   * 0301 and 0302 no. */
  p.enter = WB_ENTER_ADJACENT;
  p.zoc_exempt = FALSE;
  p.adjacent = rough;
  g = wb_hex_graph_new_for (game, map, &p);
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 0, 1 }, SE), Q (3));
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, NE), WB_STEP_PROHIBITED);
  ck_assert_uint_eq (wb_hex_graph_step_cost (g, (WbOffset) { 1, 0 }, SE), WB_STEP_PROHIBITED);
  wb_hex_graph_free (g);

  /* 17.34-like: only hexes with a road: 0101, 0201 and 0103. */
  p.restricted = NULL;
  p.enter = WB_ENTER_ANY;
  p.hexes_with = roads;
  g = wb_hex_graph_new_for (game, map, &p);
  ck_assert_uint_eq (wb_hex_graph_reach (g, (WbOffset) { 0, 0 }, Q (6), NULL, NULL, 0), 1);
  ck_assert_int_eq (wb_hex_graph_reached_cost (g, (WbOffset) { 1, 0 }), Q (1));
  wb_hex_graph_free (g);
}
END_TEST

static Suite *
movement_suite (void)
{
  Suite *s = suite_create ("hex-movement");
  TCase *tc = tcase_create ("movement");

  tcase_add_test (tc, test_step_costs);
  tcase_add_test (tc, test_reach);
  tcase_add_test (tc, test_profiles);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (movement_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
