/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-controller"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-play-controller.h"

#include "gui-common.h"

/* Clicks in play, as the play window passes them on: pick a unit and one
 * of its hexes to move; a stack's units in turn; a reinforcement from the
 * reserve onto its entry hex; attackers and a defender picked, the attack
 * played; the defender's retreat by clicks; refusals as messages. */

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

static WbOffset
hex (WbPlay *play, const char *text)
{
  WbOffset h;
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (wb_play_get_state (play)->map), text, &h));
  return h;
}

static char *
where (WbPlay *play, const char *unit)
{
  WbMatch *m = wb_play_get_state (play);
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

static void
act (WbPlayController *c, const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  ck_assert (json_parser_load_from_data (p, json, -1, NULL));
  ck_assert (wb_play_controller_act (c, json_node_get_object (json_parser_get_root (p))));
}

static void
on_message (WbPlayController *c, const char *text, char **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

static void
on_changed (WbPlayController *c, int *n)
{
  (*n)++;
}

/* Forces the next d6 of the match. */
static void
force_die (WbPlay *play, int face)
{
  for (guint64 seed = 0; ; seed++)
    {
      WbRng r, probe;
      wb_rng_seed (&r, seed, WB_RNG_MATCH_STREAM);
      probe = r;
      if (wb_rng_die (&probe, 6) == face)
        {
          wb_play_get_state (play)->rng = r;
          return;
        }
    }
}

START_TEST (test_clicks)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  g_autoptr(WbPlayController) c = wb_play_controller_new (play);
  g_autofree char *message = NULL, *w = NULL;
  int changed = 0;

  g_signal_connect (c, "message", G_CALLBACK (on_message), &message);
  g_signal_connect (c, "changed", G_CALLBACK (on_changed), &changed);

  /* Move: Stafford, then 0413 (2 MP of forest for a Confederate). */
  wb_play_controller_click_hex (c, hex (play, "0414"));
  ck_assert_str_eq (wb_play_controller_get_selected (c), "stafford");
  ck_assert_ptr_nonnull (wb_play_controller_get_highlights (c));
  wb_play_controller_click_hex (c, hex (play, "0413"));
  ck_assert_int_eq (changed, 1);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0413");
  ck_assert_ptr_null (wb_play_controller_get_selected (c));
  /* Moved: a click on it selects nothing, and says so. */
  wb_play_controller_click_hex (c, hex (play, "0413"));
  ck_assert_ptr_null (wb_play_controller_get_selected (c));
  ck_assert_str_eq (message, "These units cannot move now");

  /* A reinforcement picked from the reserve, then its entry hex. */
  wb_play_controller_select_unit (c, "cooke");
  wb_play_controller_click_hex (c, hex (play, "0128"));
  ck_assert_int_eq (changed, 2);
  g_free (w);
  w = where (play, "cooke");
  ck_assert_str_eq (w, "0128");

  /* An attack: 13 against 4 at 3-1 by clicks; a 2 is Dr; the Union
   * player's retreat by clicks. */
  act (c, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0612\"}}");
  act (c, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0611\"}}");
  act (c, "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"0512\"}}");
  act (c, "{\"type\": \"end_step\"}");
  ck_assert_str_eq (wb_play_awaiting (play), "attack");
  wb_play_controller_click_hex (c, hex (play, "0611"));
  wb_play_controller_click_hex (c, hex (play, "0512"));
  wb_play_controller_click_hex (c, hex (play, "0612"));
  ck_assert_uint_eq (wb_play_controller_get_picked_units (c)->len, 2);
  ck_assert_uint_eq (wb_play_controller_get_picked_hexes (c)->len, 1);
  ck_assert_str_eq (g_ptr_array_index (wb_play_controller_get_picked_hexes (c), 0), "0612");
  /* Clicking a hex again drops it. */
  wb_play_controller_click_hex (c, hex (play, "0512"));
  ck_assert_uint_eq (wb_play_controller_get_picked_units (c)->len, 1);
  wb_play_controller_click_hex (c, hex (play, "0512"));
  force_die (play, 1);
  act (c, "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], \"defenders\": [\"0612\"]}");
  ck_assert_str_eq (wb_play_awaiting (play), "retreat");
  wb_play_controller_click_hex (c, hex (play, "0612"));
  ck_assert_str_eq (wb_play_controller_get_selected (c), "1-2-V");
  /* 0712 is in the attackers' zone of control: not offered; 0613 is. */
  wb_play_controller_click_hex (c, hex (play, "0613"));
  g_free (w);
  w = where (play, "1-2-V");
  ck_assert_str_eq (w, "0613");
  ck_assert_str_eq (wb_play_awaiting (play), "advance");
  wb_play_controller_click_hex (c, hex (play, "0611"));
  ck_assert_str_eq (wb_play_controller_get_selected (c), "gordon");
  wb_play_controller_click_hex (c, hex (play, "0612"));
  g_free (w);
  w = where (play, "gordon");
  ck_assert_str_eq (w, "0612");
  ck_assert_str_eq (wb_play_awaiting (play), "attack");
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-controller");
  TCase *tc = tcase_create ("play-controller");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_clicks);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
