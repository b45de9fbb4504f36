/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bs-fixture.h"

/* The Blind Swords automatic player on the map (wb-bs-auto-map.c): it
 * finishes every scenario fighting, plays the same game from the same
 * seed, and goes for the scenario's objectives. */

typedef struct {
  guint actions, fires, moves, closes, advances, rallies;
} Counts;

/* Plays the match with the automatic player on both sides until it is
 * over or @turn begins; every action it suggests is played at enforce. */
static void
play_until (Fixture *f, WbRng *rng, int turn, Counts *c, const char *what)
{
  while (!f->m->over && f->m->turn < turn)
    {
      g_autoptr(JsonObject) a = f->family->suggest (f->data, f->m, rng);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      const char *type;

      ck_assert_ptr_nonnull (a);
      type = json_object_get_string_member (a, "type");
      c->fires += strcmp (type, "fire") == 0;
      c->moves += strcmp (type, "move") == 0;
      c->closes += strcmp (type, "close_combat") == 0;
      c->advances += strcmp (type, "advance") == 0;
      c->rallies += strcmp (type, "rally") == 0;
      text = action_text (a);
      ck_assert_msg (act (f, a, &error) == WB_APPLY_DONE, "%s: %s: %s", what, text, error ? error->message : "");
      ck_assert_msg (++c->actions < 100000, "%s: the automatic player does not finish", what);
    }
}

#ifndef N_SEEDS
#define N_SEEDS 4
#endif

/* Every scenario to its end for several seeds, with fire, movement and
 * Close Combat on the map. */
START_TEST (test_all_scenarios_fight)
{
  static const char * const scenarios[] = { "17.1", "17.2", "17.3", "17.4", "17.5", "17.6" };
  g_autoptr(WbGame) game = load ();

  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    {
      Counts all = { 0 };

      for (guint64 seed = 1; seed <= N_SEEDS; seed++)
        {
          Fixture f;
          WbRng rng;
          Counts c = { 0 };
          g_autofree char *what = g_strdup_printf ("%s seed %" G_GUINT64_FORMAT, scenarios[s], seed);

          setup_game (&f, g_object_ref (game), scenarios[s], seed);
          f.physical = FALSE;
          wb_rng_seed (&rng, seed, 3);
          play_until (&f, &rng, G_MAXINT, &c, what);
          ck_assert (f.m->over);
          ck_assert_int_eq (f.m->turn, wb_match_n_turns (f.m));
          ck_assert_ptr_null (f.family->suggest (f.data, f.m, &rng));
          all.fires += c.fires;
          all.moves += c.moves;
          all.closes += c.closes;
          teardown (&f);
        }
      ck_assert_msg (all.fires > 0 && all.moves > 0 && all.closes > 0, "%s: %u fires, %u moves, %u Close Combats in %d games",
                     scenarios[s], all.fires, all.moves, all.closes, N_SEEDS);
    }
}
END_TEST

static char *
play_log (WbGame *game, const char *scenario, guint64 seed)
{
  Fixture f;
  WbRng rng;
  Counts c = { 0 };
  GString *log = g_string_new (NULL);

  setup_game (&f, g_object_ref (game), scenario, seed);
  f.physical = FALSE;
  wb_rng_seed (&rng, seed, 3);
  play_until (&f, &rng, G_MAXINT, &c, scenario);
  for (guint k = 0; k < f.events->len; k++)
    {
      const char *line = wb_log_event_text_for (g_ptr_array_index (f.events, k), -1);

      g_string_append_printf (log, "%s\n", line != NULL ? line : "");
    }
  teardown (&f);
  return g_string_free (log, FALSE);
}

/* The same seed plays the same game, log line for log line; another seed
 * another game. */
START_TEST (test_deterministic)
{
  g_autoptr(WbGame) game = load ();
  g_autofree char *a = play_log (game, "17.5", 5);
  g_autofree char *b = play_log (game, "17.5", 5);
  g_autofree char *c = play_log (game, "17.5", 6);

  ck_assert_uint_gt (strlen (a), 1000);
  ck_assert_str_eq (a, b);
  ck_assert_str_ne (a, c);
}
END_TEST

/* The mean distance of @side's units on the map to the nearest hex with
 * @feature. */
static double
mean_distance (Fixture *f, guint side, const char *feature)
{
  g_autoptr(GArray) hexes = wb_hex_map_list_detailed_hexes (f->data->map);
  double sum = 0;
  guint n = 0;

  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);
      int best = G_MAXINT;

      if (u->side != side || u->where.kind != WB_WHERE_HEX || f->data->counter[i].role == BS_ROLE_MARKER)
        continue;
      for (guint k = 0; k < hexes->len; k++)
        {
          WbOffset h = g_array_index (hexes, WbOffset, k);

          if (wb_hex_map_has_hex_feature (f->data->map, h, feature))
            best = MIN (best, wb_hex_distance (f->data->layout, u->where.hex, h));
        }
      ck_assert_int_lt (best, G_MAXINT);
      sum += best;
      n++;
    }
  ck_assert_uint_gt (n, 0);
  return sum / n;
}

/* 17.4 (rules.params.victory: control of the trenches): after five turns
 * the Union's units are nearer the trench hexes, on average, by more than
 * a hex; the Confederates' (who hold them, objectives_held_by) no
 * farther. */
START_TEST (test_goes_for_trenches)
{
  g_autoptr(WbGame) game = load ();

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      Fixture f;
      WbRng rng;
      Counts c = { 0 };
      double usa0, usa1, csa0, csa1;

      setup_game (&f, g_object_ref (game), "17.4", seed);
      f.physical = FALSE;
      wb_rng_seed (&rng, seed, 3);
      usa0 = mean_distance (&f, USA, "trench");
      csa0 = mean_distance (&f, CSA, "trench");
      play_until (&f, &rng, 6, &c, "17.4");
      usa1 = mean_distance (&f, USA, "trench");
      csa1 = mean_distance (&f, CSA, "trench");
      ck_assert_msg (usa1 < usa0 - 1.0, "seed %" G_GUINT64_FORMAT ": Union from %.2f to %.2f hexes of a trench",
                     seed, usa0, usa1);
      ck_assert_msg (csa1 <= csa0, "seed %" G_GUINT64_FORMAT ": Confederates from %.2f to %.2f hexes of a trench",
                     seed, csa0, csa1);
      teardown (&f);
    }
}
END_TEST

static Suite *
bs_auto_suite (void)
{
  Suite *s = suite_create ("bs-auto");
  TCase *tc = tcase_create ("auto");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_all_scenarios_fight);
  tcase_add_test (tc, test_deterministic);
  tcase_add_test (tc, test_goes_for_trenches);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (bs_auto_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
