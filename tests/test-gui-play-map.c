/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-map"

#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "wb-dice-roller.h"
#include "wb-play-handover.h"
#include "wb-play-prompt.h"
#include "wb-stack-popover.h"
#include "wb-window.h"

#include "gui-common.h"

/* What the map says during play: the attack being chosen is marked on
 * the map (its units, its target, its odds) and the marks go when it is
 * played, cleared or undone; the overlays of a step (a retreat's hexes)
 * do not outlive an undo; the map does not move when the prompt below it
 * changes height. */

static void
click (WbWindow *window, const char *text)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbOffset h;
  double x, y;

  ck_assert (wb_hex_map_parse_hex (map, text, &h));
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), h, &x, &y);
  g_signal_emit_by_name (view, "point-clicked", x, y);
}

/* The Wilderness in the Combat Phase with an attack to make: Gordon
 * (0515) and csa-0218 (0615) beside 1/2/V (0516), 13 to 4. */
static WbPlay *
start_combat (WbWindow *window, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new (wb_window_get_game (window), NULL, "historical", NULL, seed, &error);

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0516\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0515\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"0615\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"doles\", \"to\": {\"hex\": \"0716\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stonewall\", \"to\": {\"hex\": \"0212\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"0213\"}}");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_str_eq (wb_play_awaiting (play), "attack");
  return play;
}

/* Jackson & Sheridan's 1864 campaign played in a window (seed 11). */
static WbPlay *
start_valley (WbWindow **window, WbMapView **view)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  g_autoptr(GError) error = NULL;
  WbPlay *play;

  *window = open_window (path);
  *view = wb_window_get_map_view (*window);
  play = wb_play_new (wb_window_get_game (*window), NULL, "1864", NULL, 11, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (*window, play);
  return play;
}

/* Red pixels of the attack's marks in the map view as drawn now. */
static guint
red_pixels (WbMapView *view)
{
  g_autoptr(GdkTexture) texture = NULL;

  wait_until_settled (view);
  spin_for (100);
  texture = render_widget (GTK_WIDGET (view));
  return count_color (texture, "#e01b24");
}

START_TEST (test_attack_marked)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(WbPlay) play = start_combat (window, 2);
  WbPlayPrompt *prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  guint none, marked;

  wb_map_view_set_zoom (view, 1.5);
  {
    WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
    WbOffset h;
    double x, y;

    ck_assert (wb_hex_map_parse_hex (map, "0516", &h));
    wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), h, &x, &y);
    wb_map_view_set_center (view, x, y);
  }
  none = red_pixels (view);
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 0);

  /* The attackers first: ringed, no target yet, no odds. */
  click (window, "0515");
  click (window, "0615");
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 2);
  ck_assert_ptr_null (wb_map_view_get_mark_label (view));
  /* The target: ringed in red, an arrow from each attacker, the odds. */
  click (window, "0516");
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 3);
  ck_assert_str_eq (wb_map_view_get_mark_label (view), "3-1");
  ck_assert_ptr_nonnull (strstr (wb_play_prompt_get_odds (prompt), "13 to 4 → 3-1"));
  marked = red_pixels (view);
  ck_assert_msg (marked > none + 200, "the target and arrows are not drawn: %u red pixels, %u before", marked, none);
  save_shot (GTK_WIDGET (window), "play-attack-marked.png", 300);

  /* Clear drops the picks and the marks. */
  g_signal_emit_by_name (find_named (GTK_WIDGET (prompt), "play-clear"), "clicked");
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 0);
  ck_assert_ptr_null (wb_map_view_get_mark_label (view));
  ck_assert_uint_le (red_pixels (view), none + 20);

  /* Chosen again and played: the marks go with the picks. */
  click (window, "0515");
  click (window, "0615");
  click (window, "0516");
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 3);
  ck_assert (wb_play_prompt_activate (prompt));
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 0);

  /* Whatever the result asks for next (a retreat's hexes, an advance),
   * an undo goes back to the attack with nothing of it left on the map. */
  {
    guint n = wb_journal_get_n_entries (wb_play_get_journal (play));

    if (strcmp (wb_play_awaiting (play), "retreat") == 0 || strcmp (wb_play_awaiting (play), "advance") == 0)
      {
        const WbStep *step = wb_play_controller_get_step (wb_window_get_play_controller (window));
        WbPickList *units = g_ptr_array_index (step->lists, 0);
        const WbPickCandidate *c = &g_array_index (units->candidates, WbPickCandidate, 0);
        g_autofree char *hex = wb_match_where_text (wb_play_get_state (play), &c->where);

        click (window, hex);
        ck_assert_uint_gt (wb_map_view_get_n_highlights (view), 0);
      }
    while (wb_journal_get_n_entries (wb_play_get_journal (play)) > 0 &&
           strcmp (wb_play_awaiting (play), "attack") != 0)
      ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    ck_assert_uint_lt (wb_journal_get_cursor (wb_play_get_journal (play)), n);
  }
  ck_assert_uint_eq (wb_map_view_get_n_highlights (view), 0);
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 0);
  ck_assert (!wb_map_view_get_selected_hex (view, NULL));
  ck_assert_uint_le (red_pixels (view), none + 20);

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
  ck_assert_uint_eq (wb_map_view_get_n_marks (view), 0);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The map does not move on the window when the prompt under it grows
 * (an odds line, a roll to type) or shrinks back. */
START_TEST (test_map_stays)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(WbPlay) play = start_combat (window, 2);
  GtkWidget *prompt = find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT);
  graphene_point_t at, local;
  double mx0, my0, mx1, my1;
  int height = gtk_widget_get_height (prompt);

  wait_until_settled (view);
  spin_for (200);
  /* A point of the window over the map, and the map point under it. */
  ck_assert (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                       &GRAPHENE_POINT_INIT (gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                                                             gtk_widget_get_height (GTK_WIDGET (view)) / 2.0), &at));
  wb_map_view_widget_to_map (view, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                             gtk_widget_get_height (GTK_WIDGET (view)) / 2.0, &mx0, &my0);
  gtk_widget_set_size_request (prompt, -1, height + 90);
  spin_for (400);
  ck_assert_int_ge (gtk_widget_get_height (prompt), height + 80);
  ck_assert (gtk_widget_compute_point (GTK_WIDGET (window), GTK_WIDGET (view), &at, &local));
  wb_map_view_widget_to_map (view, local.x, local.y, &mx1, &my1);
  ck_assert_msg (fabs (mx1 - mx0) < 1.5 && fabs (my1 - my0) < 1.5, "the map moved: (%.1f, %.1f) → (%.1f, %.1f)",
                 mx0, my0, mx1, my1);
  /* And back. */
  gtk_widget_set_size_request (prompt, -1, -1);
  spin_for (400);
  ck_assert (gtk_widget_compute_point (GTK_WIDGET (window), GTK_WIDGET (view), &at, &local));
  wb_map_view_widget_to_map (view, local.x, local.y, &mx1, &my1);
  ck_assert (fabs (mx1 - mx0) < 1.5 && fabs (my1 - my0) < 1.5);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* On a map of locations a block is clicked where it is drawn, beside the
 * location's small mark: the click goes to its location. */
START_TEST (test_click_block)
{
  WbWindow *window;
  WbMapView *view;
  g_autoptr(WbPlay) play = start_valley (&window, &view);
  WbPlayController *ctl;
  WbPointMap *map;
  WbLocation *loc;
  double box[4], x, y;
  guint n = 0, guard = 0;

  ctl = wb_window_get_play_controller (window);
  /* The rolls before the Union's movement. */
  while (g_strcmp0 (wb_play_awaiting (play), "move") != 0)
    {
      g_autoptr(GPtrArray) offers = wb_play_offers (play);

      ck_assert_uint_gt (offers->len, 0);
      ck_assert (wb_play_act (play, ((WbOffer *) g_ptr_array_index (offers, 0))->action, NULL));
      ck_assert_uint_lt (++guard, 20);
    }
  map = WB_POINT_MAP (wb_map_view_get_map (view));
  loc = wb_point_map_find_location (map, "harpers-ferry");
  ck_assert_ptr_nonnull (loc);
  for (guint i = 0; i < wb_play_get_state (play)->units->len; i++)
    {
      WbUnitState *u = &g_array_index (wb_play_get_state (play)->units, WbUnitState, i);
      n += u->where.kind == WB_WHERE_LOCATION && u->where.place == g_intern_string ("harpers-ferry");
    }
  ck_assert_uint_ge (n, 2);
  /* The stack in sight. */
  wb_map_view_set_center (view, loc->x, loc->y);
  wait_until_settled (view);
  wb_render_location_stack_box (loc, n, box);
  /* The middle of the top block: nowhere near the location's mark. */
  x = box[2] - (box[3] - loc->y);
  y = (box[1] + box[3]) / 2;
  ck_assert_ptr_null (wb_point_map_location_at (map, x, y, MAX (10.0, 12.0 / wb_map_view_get_zoom (view))));
  ck_assert_ptr_eq (wb_map_view_location_at (view, x, y), loc);
  ck_assert_ptr_null (wb_play_controller_get_selected (ctl));
  g_signal_emit_by_name (view, "point-clicked", x, y);
  ck_assert_ptr_nonnull (wb_play_controller_get_selected (ctl));
  ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), wb_play_controller_get_selected (ctl))->where.place,
                    "harpers-ferry");
  ck_assert_uint_gt (wb_map_view_get_n_highlights (view), 0);
  /* Beyond the stack: nothing. */
  ck_assert_ptr_null (wb_map_view_location_at (view, box[2] + 30, y));

  /* The stack opened beside it: every unit there listed, any of them
   * picked with one click; a move closes it. */
  {
    WbStackPopover *stack = WB_STACK_POPOVER (find_named (GTK_WIDGET (view), "play-stack"));
    const char *first = wb_play_controller_get_selected (ctl);
    const char *other = NULL;

    ck_assert_ptr_nonnull (stack);
    ck_assert (gtk_widget_get_visible (GTK_WIDGET (stack)));
    ck_assert_uint_eq (wb_stack_popover_get_n_units (stack), n);
    save_shot (GTK_WIDGET (window), "play-stack.png", 400);
    save_shot (GTK_WIDGET (stack), "play-stack-popover.png", 0);
    for (guint i = 0; i < wb_play_get_state (play)->units->len && other == NULL; i++)
      {
        WbUnitState *u = &g_array_index (wb_play_get_state (play)->units, WbUnitState, i);

        if (u->where.kind == WB_WHERE_LOCATION && u->where.place == g_intern_string ("harpers-ferry") &&
            strcmp (u->id, first) != 0 && wb_stack_popover_click_unit (stack, u->id))
          other = u->id;
      }
    ck_assert_ptr_nonnull (other);
    ck_assert_str_eq (wb_play_controller_get_selected (ctl), other);
    ck_assert (gtk_widget_get_visible (GTK_WIDGET (stack)));
    click_location (window, "winchester");
    ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), other)->where.place, "winchester");
    ck_assert (!gtk_widget_get_visible (GTK_WIDGET (stack)));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Hot-seat hand-overs only when the other player must decide: the rolls
 * that open a Blue & Gray turn (the Union's weather, each side's CAP) are
 * rolled at the screen as it is, and the Union, who rolled the weather
 * and moves first in 1864, keeps the screen to its movement; ending it
 * hands the screen to the Confederates, who see their blocks, not the
 * Union's. */
START_TEST (test_handover_policy)
{
  WbWindow *window;
  WbMapView *view;
  g_autoptr(WbPlay) play = start_valley (&window, &view);
  WbPlayPrompt *prompt;
  GtkWidget *handover;
  guint guard = 0, rolls = 0;

  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  handover = find_type (GTK_WIDGET (window), g_type_from_name ("WbPlayHandover"));
  ck_assert_ptr_nonnull (handover);
  ck_assert_str_eq (wb_map_view_get_viewer (view), "union");
  while (g_strcmp0 (wb_play_awaiting (play), "move") != 0)
    {
      ck_assert_str_eq (wb_play_awaiting (play), "roll");
      ck_assert (wb_play_prompt_take_offer (prompt, 0));
      /* No hand-over for a roll, and the Union's view kept. */
      ck_assert (!gtk_widget_get_visible (handover));
      ck_assert_str_eq (wb_map_view_get_viewer (view), "union");
      rolls++;
      ck_assert_uint_lt (++guard, 20);
    }
  /* The weather and both sides' CAP. */
  ck_assert_uint_ge (rolls, 3);
  ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), wb_play_get_state (play)->active), "Union");
  ck_assert (!gtk_widget_get_visible (handover));
  /* The Union is done: the Confederates decide now. */
  g_signal_emit_by_name (find_named (GTK_WIDGET (window), "end-step"), "clicked");
  while (g_strcmp0 (wb_play_awaiting (play), "battle") == 0 && !gtk_widget_get_visible (handover) && guard++ < 40)
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "end-step"), "clicked");
  ck_assert_msg (gtk_widget_get_visible (handover), "no hand-over before %s (%s)", wb_play_describe_step (play),
                 wb_play_awaiting (play));
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (view)));
  wb_play_handover_activate (WB_PLAY_HANDOVER (handover));
  ck_assert_str_eq (wb_map_view_get_viewer (view), "confederate");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Free play (a game whose rules the engine does not play) has dice on the
 * turn bar: a roll is a journal entry, logged, undone like any other; a
 * game the engine plays rolls its own and shows none. */
START_TEST (test_free_play_dice)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbRulesRef *rules = wb_game_get_rules (game);
  const char *family = rules->family;
  g_autoptr(WbPlay) ruled = wb_play_new (game, NULL, "historical", NULL, 3, NULL);
  g_autoptr(WbPlay) free_play = NULL;
  WbDiceRoller *dice = WB_DICE_ROLLER (find_type (GTK_WIDGET (window), WB_TYPE_DICE_ROLLER));
  WbJournal *journal;
  guint32 before;

  ck_assert_ptr_nonnull (dice);
  wb_window_play (window, ruled);
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (dice)));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));

  rules->family = NULL;
  free_play = wb_play_new (game, NULL, "historical", NULL, 3, NULL);
  rules->family = family;
  ck_assert (wb_play_is_free_play (free_play));
  wb_window_play (window, free_play);
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (dice)));
  journal = wb_play_get_journal (free_play);
  before = wb_journal_get_cursor (journal);
  wb_dice_roller_set_dice (dice, "3d6");
  wb_dice_roller_roll (dice);
  ck_assert_uint_ne (wb_journal_get_cursor (journal), before);
  ck_assert_ptr_nonnull (wb_dice_roller_get_result (dice));
  ck_assert_msg (strstr (wb_dice_roller_get_result (dice), "rolled 3d6: ") != NULL, "%s",
                 wb_dice_roller_get_result (dice));
  gtk_menu_button_popup (GTK_MENU_BUTTON (wb_dice_roller_get_button (dice)));
  save_shot (GTK_WIDGET (window), "play-dice.png", 400);
  save_shot (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (wb_dice_roller_get_button (dice)))),
             "play-dice-popover.png", 0);
  /* Not dice: said, nothing played. */
  before = wb_journal_get_cursor (journal);
  wb_dice_roller_set_dice (dice, "many");
  wb_dice_roller_roll (dice);
  ck_assert_uint_eq (wb_journal_get_cursor (journal), before);
  ck_assert_ptr_nonnull (strstr (wb_dice_roller_get_result (dice), "is not dice to roll"));
  /* Undone like any action. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_uint_eq (wb_journal_get_cursor (journal), 0);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Go to Hex or Place (Ctrl+G): typed in a popover over the map, a hex's
 * number or a place's name brings it to the middle of the view, in play
 * too; a name the map lacks is said and nothing moves. */
START_TEST (test_go_to)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(WbPlay) play = start_combat (window, 2);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  GtkWidget *popover, *entry;
  WbOffset h;
  double x, y, cx, cy;

  wait_until_settled (view);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to", NULL));
  popover = find_named (GTK_WIDGET (view), "go-to");
  entry = find_named (GTK_WIDGET (view), "go-to-entry");
  ck_assert (popover != NULL && entry != NULL);
  ck_assert (gtk_widget_get_visible (popover));
  gtk_editable_set_text (GTK_EDITABLE (entry), "1415");
  g_signal_emit_by_name (entry, "activate");
  ck_assert (!gtk_widget_get_visible (popover));
  ck_assert (wb_hex_map_parse_hex (map, "1415", &h));
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), h, &cx, &cy);
  wb_map_view_get_center (view, &x, &y);
  ck_assert_msg (x == cx && y == cy, "(%g, %g) is not 1415's centre (%g, %g)", x, y, cx, cy);
  ck_assert (wb_map_view_get_zoom (view) >= 0.75);

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to", NULL));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Atlantis");
  g_signal_emit_by_name (entry, "activate");
  ck_assert (gtk_widget_get_visible (popover));
  ck_assert (gtk_widget_has_css_class (entry, "error"));
  ck_assert_ptr_nonnull (strstr (gtk_widget_get_tooltip_text (entry), "No hex or place “Atlantis”"));
  wb_map_view_get_center (view, &x, &y);
  ck_assert (x == cx && y == cy);
  gtk_editable_set_text (GTK_EDITABLE (entry), "saunders field");
  g_signal_emit_by_name (entry, "activate");
  ck_assert (!gtk_widget_get_visible (popover));
  ck_assert (!gtk_widget_has_css_class (entry, "error"));
  wb_map_view_get_center (view, &x, &y);
  ck_assert_str_eq (wb_hex_map_get_label (map, wb_hex_from_point (wb_hex_map_get_layout (map),
                                                                   wb_hex_map_get_hex_size (map), x, y)),
                    "Saunders Field");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Play opens on the player's units where counters read (100 % at least),
 * with the map filling the view — no empty margin beside the map's edge —
 * and so does a playtest opened in a window that has no size yet. */
static void
assert_framed (WbMapView  *view,
               const char *where)
{
  double ew, eh, x0, y0, x1, y1;

  wait_until_settled (view);
  /* Placed again once play's panes have come and the size holds still. */
  spin_for (300);
  wait_until_settled (view);
  wb_map_get_extent (wb_map_view_get_map (view), &ew, &eh);
  ck_assert_msg (wb_map_view_get_zoom (view) >= 1.0, "play opened %s at %.0f %%", where,
                 wb_map_view_get_zoom (view) * 100);
  wb_map_view_widget_to_map (view, 0, 0, &x0, &y0);
  wb_map_view_widget_to_map (view, gtk_widget_get_width (GTK_WIDGET (view)),
                             gtk_widget_get_height (GTK_WIDGET (view)), &x1, &y1);
  ck_assert_msg (x0 >= -1 && y0 >= -1 && x1 <= ew + 1 && y1 <= eh + 1,
                 "%s the view shows %.0f,%.0f–%.0f,%.0f of a %.0f × %.0f map", where, x0, y0, x1, y1, ew, eh);
}

START_TEST (test_play_framed)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "historical", NULL, 3, &error);
  WbWindow *fresh;
  g_autoptr(WbPlay) again = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_map_view_zoom_to_fit (view);
  wb_window_play (window, play);
  assert_framed (view, "in the game's window");

  /* A new window, given a playtest before it is shown. */
  fresh = wb_window_new (NULL);
  again = wb_play_new (wb_window_get_game (window), NULL, "historical", NULL, 3, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  wb_window_set_game (fresh, wb_window_get_game (window), NULL);
  wb_window_play (fresh, again);
  gtk_window_present (GTK_WINDOW (fresh));
  assert_framed (wb_window_get_map_view (fresh), "in a new window");
  gtk_window_destroy (GTK_WINDOW (fresh));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("play-map");
  TCase *tc = tcase_create ("map");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_attack_marked);
  tcase_add_test (tc, test_map_stays);
  tcase_add_test (tc, test_click_block);
  tcase_add_test (tc, test_handover_policy);
  tcase_add_test (tc, test_free_play_dice);
  tcase_add_test (tc, test_go_to);
  tcase_add_test (tc, test_play_framed);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
