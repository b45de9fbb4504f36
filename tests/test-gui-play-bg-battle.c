/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-bg-battle"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-board-view.h"
#include "wb-play-prompt.h"
#include "wb-play-reserve.h"
#include "wb-window.h"
#include "rules/bg/wb-bg-fight.h"

#include "gui-common.h"

/* A Blue & Gray battle fought in the play window (Jackson & Sheridan
 * 1864, the rulebook's Movement & Battle Example at Snickersville, with
 * the players' dice typed in the prompt): a click on the location starts
 * it and the battle board takes the map's place; the prompt's Roll asks
 * for each die; the Union's hits are clicked on the board (the other
 * side's unit and a hit too many are refused), Apply Hits plays them on
 * the units clicked; the hand-over does not come between the battle's
 * steps; the Battle Board toggle shows the map and back; a reinforcement
 * is clicked beside the board; the battle is fought to its end (a
 * retreat, by a click on the map) and the map comes back; Ctrl+Z brings
 * the board back. */

static JsonObject *
parse (const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();

  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  return json_object_ref (json_node_get_object (json_parser_get_root (p)));
}

/* Plays @action on @play (before the window), typing @face for every die
 * it asks for. */
static void
act_rolling (WbPlay *play, JsonObject *action, int face)
{
  for (int guard = 0; guard < 40; guard++)
    {
      g_autoptr(GError) error = NULL;
      guint index;
      int sides;
      JsonNode *n;

      if (wb_play_act (play, action, &error))
        return;
      ck_assert_msg (wb_play_needs_roll (play, &index, &sides), "%s", error->message);
      n = json_object_get_member (action, "rolls");
      if (n == NULL)
        {
          json_object_set_array_member (action, "rolls", json_array_new ());
          n = json_object_get_member (action, "rolls");
        }
      while (json_array_get_length (json_node_get_array (n)) < index)
        json_array_add_int_element (json_node_get_array (n), face);
      json_array_add_int_element (json_node_get_array (n), MIN (face, sides));
    }
  ck_abort_msg ("too many dice");
}

static void
act_json (WbPlay *play, const char *json)
{
  g_autoptr(JsonObject) a = parse (json);
  act_rolling (play, a, 6);
}

static int
slot_of (WbPlay *play, const char *id)
{
  WbMatch *m = wb_play_get_state (play);
  const WbBgBattle *b = wb_bg_match_battle (m, NULL, NULL);
  WbUnitState *u = wb_match_find_unit (m, id);

  ck_assert_ptr_nonnull (b);
  ck_assert_ptr_nonnull (u);
  return wb_bg_battle_find (b, (int) (u - &g_array_index (m->units, WbUnitState, 0)));
}

/* A click on @id's block on the board, where the view draws it. */
static void
click_unit (WbBoardView *view, WbPlay *play, const char *id)
{
  graphene_rect_t r;

  ck_assert_msg (wb_board_view_unit_rect (view, id, &r), "%s is not drawn", id);
  ck_assert_str_eq (wb_board_view_unit_at (view, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2), id);
  g_signal_emit_by_name (view, "unit-activated", id);
}

static WbPlay *prompt_play;   /* the play roll () takes Roll in */

/* The prompt's offer labelled @label (its index), or -1. */
static int
offer_index (WbPlay *play, const char *label)
{
  g_autoptr(GPtrArray) offers = wb_play_offers (play);

  for (guint i = 0; offers != NULL && i < offers->len; i++)
    if (g_strcmp0 (((WbOffer *) g_ptr_array_index (offers, i))->label, label) == 0)
      return (int) i;
  return -1;
}

/* @start (the prompt's Roll, its main button) plays an action; each die
 * it asks for is typed (Enter Roll) until it is played. */
static void
type_dice (WbPlayPrompt *prompt, WbPlay *play, gboolean (*start) (WbPlayPrompt *), const int *faces, int n)
{
  guint32 cursor = wb_journal_get_cursor (wb_play_get_journal (play));

  ck_assert (start (prompt));
  for (int k = 0; k < n && wb_journal_get_cursor (wb_play_get_journal (play)) == cursor; k++)
    ck_assert (wb_play_prompt_enter_roll (prompt, faces[k]));
  ck_assert_uint_ne (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
}

/* The prompt's Roll button. */
static gboolean
take_roll (WbPlayPrompt *prompt)
{
  int i = offer_index (prompt_play, "Roll");

  return i >= 0 && wb_play_prompt_take_offer (prompt, (guint) i);
}

/* The prompt's Roll, then each die typed (Enter Roll) until it is played. */
static void
roll (WbPlayPrompt *prompt, WbPlay *play, const int *faces, int n)
{
  prompt_play = play;
  type_dice (prompt, play, take_roll, faces, n);
}

static void
shoot (WbWindow *window, const char *name)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL, *path = NULL;

  if (g_getenv ("WARBENCH_SHOT_DIR") == NULL)
    return;
  file = g_strdup_printf ("%s.png", name);
  path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), file, NULL);
  spin_for (400);
  texture = render_widget (GTK_WIDGET (window));
  gdk_texture_save_to_png (texture, path);
}

static gboolean
visible (WbWindow *window, const char *name)
{
  GtkWidget *w = find_named (GTK_WIDGET (window), name);

  ck_assert_msg (w != NULL, "no %s", name);
  return gtk_widget_is_visible (w);
}

START_TEST (test_battle_in_window)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  WbWindow *window;
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayPrompt *prompt;
  WbBoardView *board;
  GtkWidget *toggle;
  WbMatch *m;
  int viii_halves, vi_halves, guard = 0;

  window = open_window (path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  view = wb_window_get_map_view (window);
  play = wb_play_new_full (wb_window_get_game (window), NULL, "1864", NULL, 11, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));

  /* Before movement: the step's offers with 6s typed. */
  while (g_strcmp0 (wb_play_awaiting (play), "move") != 0)
    {
      g_autoptr(GPtrArray) offers = wb_play_offers (play);
      g_autoptr(JsonObject) a = NULL;

      ck_assert_msg (offers != NULL && offers->len > 0, "awaiting %s", wb_play_awaiting (play));
      a = json_object_ref (((WbOffer *) g_ptr_array_index (offers, 0))->action);
      /* The offer's own object: a copy to add rolls to. */
      {
        g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
        g_autoptr(JsonNode) copy = NULL;

        json_node_set_object (node, a);
        copy = json_node_copy (node);
        json_object_unref (a);
        a = json_object_ref (json_node_get_object (copy));
      }
      act_rolling (play, a, 6);
      ck_assert_int_lt (++guard, 20);
    }
  m = wb_play_get_state (play);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Union");
  /* The example's positions (designer override), then the moves into
   * Snickersville: VI across the river and the mountain from Winchester,
   * VIII from Salem; XIX in Salem may reinforce. */
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"eaa\", \"to\": {\"location\": \"snickersville\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"vi\", \"to\": {\"location\": \"winchester\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"viii\", \"to\": {\"location\": \"salem\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"xix\", \"to\": {\"location\": \"salem\"}}");
  act_json (play, "{\"type\": \"move\", \"unit\": \"vi\", \"to\": {\"location\": \"snickersville\"}}");
  act_json (play, "{\"type\": \"move\", \"unit\": \"viii\", \"to\": {\"location\": \"snickersville\"}}");
  guard = 0;
  while (g_strcmp0 (wb_play_awaiting (play), "battle") != 0)
    {
      act_json (play, "{\"type\": \"end_step\"}");
      ck_assert_int_lt (++guard, 5);
    }

  wb_window_play (window, play);
  wait_until_settled (view);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  board = WB_BOARD_VIEW (find_named (GTK_WIDGET (window), "play-battle-view"));
  toggle = find_named (GTK_WIDGET (window), "play-battle-toggle");
  ck_assert_ptr_nonnull (board);
  ck_assert_ptr_nonnull (toggle);
  if (visible (window, "handover-ready"))
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "handover-ready"), "clicked");
  /* No battle yet: the map, no board, no toggle. */
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (toggle));

  /* A click on Snickersville fights the battle there: the board comes. */
  {
    WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (view)), "snickersville");
    g_signal_emit_by_name (view, "point-clicked", loc->x, loc->y);
  }
  ck_assert_ptr_nonnull (wb_bg_match_battle (wb_play_get_state (play), NULL, NULL));
  ck_assert_str_eq (wb_play_awaiting (play), "battle-fire");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert (gtk_widget_is_visible (toggle));
  ck_assert (strstr (wb_board_view_get_title (board), "Snickersville") != NULL);
  /* The Confederate fires first: both players at the board, no hand-over. */
  m = wb_play_get_state (play);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Confederate");
  ck_assert (!visible (window, "handover-ready"));
  /* The map keeps the Union player's view (the battle reveals only its blocks, on the board). */
  ck_assert_str_eq (wb_map_view_get_viewer (view), "union");
  /* So does the reserve: the phasing player's reinforcements. */
  {
    GtkWidget *reserve = find_type (GTK_WIDGET (window), WB_TYPE_PLAY_RESERVE);
    g_autoptr(GPtrArray) texts = NULL;

    ck_assert_ptr_nonnull (reserve);
    texts = wb_play_reserve_get_texts (WB_PLAY_RESERVE (reserve));
    ck_assert_str_eq (g_ptr_array_index (texts, 0), "Union reinforcements");
    ck_assert_str_eq (g_ptr_array_index (texts, 1), "None");   /* the game has no schedule */
  }
  {
    int faces[] = { 6, 6, 1, 2 };
    roll (prompt, play, faces, 4);
  }
  ck_assert_str_eq (wb_play_prompt_get_dice (prompt), "⚅ ⚅ ⚀ ⚁");
  ck_assert_str_eq (wb_play_awaiting (play), "battle-allocate");
  ck_assert (!visible (window, "handover-ready"));
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));

  /* Two hits on the Union: clicked on VIII twice. EAA is not the Union's. */
  m = wb_play_get_state (play);
  viii_halves = wb_match_find_unit (m, "viii")->halves;
  vi_halves = wb_match_find_unit (m, "vi")->halves;
  click_unit (board, play, "eaa");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (wb_window_get_play_controller (window))->len, 0);
  click_unit (board, play, "viii");
  ck_assert_uint_eq (wb_board_view_get_picks (board, "viii"), 1);
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Hits: VIII Corps (1 of 2)");
  click_unit (board, play, "viii");
  ck_assert_uint_eq (wb_board_view_get_picks (board, "viii"), 2);
  ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Hits: VIII Corps ×2 (2 of 2)");
  /* A third is refused. */
  click_unit (board, play, "vi");
  ck_assert_uint_eq (wb_board_view_get_picks (board, "vi"), 0);
  ck_assert_uint_eq (wb_play_controller_get_picked_units (wb_window_get_play_controller (window))->len, 2);
  shoot (window, "play-bg-battle-allocate");
  /* Apply Hits: VIII takes both, VI none. */
  ck_assert (wb_play_prompt_activate (prompt));
  m = wb_play_get_state (play);
  ck_assert_int_lt (wb_match_find_unit (m, "viii")->halves, viii_halves);
  ck_assert_int_eq (wb_match_find_unit (m, "vi")->halves, vi_halves);
  {
    const WbBgBattle *b = wb_bg_match_battle (m, NULL, NULL);
    int s = slot_of (play, "viii");

    ck_assert_int_eq (b->units[s].hits, 2);
    ck_assert_int_eq (wb_match_find_unit (m, "viii")->halves, 2 * b->units[s].sp);
  }
  ck_assert_str_eq (wb_play_awaiting (play), "battle-fire");
  ck_assert_uint_eq (wb_board_view_get_picks (board, "viii"), 0);

  /* The map during the battle, and back. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-battle-board", NULL));
  ck_assert (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (view)));

  /* The Union fires (VIII 2 SP, VI across the river one die less): misses,
   * the dice typed at once in the prompt's entry; a typo is refused first
   * with nothing played. */
  {
    guint32 cursor = wb_journal_get_cursor (wb_play_get_journal (play));
    GPtrArray *log;

    prompt_play = play;
    ck_assert (take_roll (prompt));
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
    ck_assert (!wb_play_prompt_enter_roll_text (prompt, "1 1 7"));
    shoot (window, "play-bg-battle-dice");
    ck_assert (!wb_play_prompt_enter_roll_text (prompt, "1 x"));
    ck_assert (!wb_play_prompt_enter_roll_text (prompt, "  "));
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
    ck_assert (wb_play_prompt_enter_roll_text (prompt, "1 1 1, 1 1 1 1"));
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor + 1);
    log = wb_play_get_log (play);
    ck_assert_msg (strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text, "1 1 1") != NULL ||
                   strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 2))->text, "1 1 1") != NULL,
                   "%s", ((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text);
  }
  shoot (window, "play-bg-battle-board");
  /* Fought on with the offers: both sides stay for a second round; XIX,
   * clicked beside the board, reinforces the Union (2 dice against the
   * commander's rating); in the next decision the Union retreats. */
  guard = 0;
  for (gboolean reinforced = FALSE;;)
    {
      const char *what = wb_play_awaiting (play);
      gboolean union_acts;

      m = wb_play_get_state (play);
      union_acts = g_strcmp0 (wb_match_side_name (m, m->active), "Union") == 0;
      ck_assert_msg (g_str_has_prefix (what, "battle-"), "awaiting %s", what);
      ck_assert (!visible (window, "handover-ready"));
      ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
      if (g_strcmp0 (what, "battle-decide") == 0)
        {
          if (union_acts && reinforced)
            break;
          ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "Stay")));
        }
      else if (g_strcmp0 (what, "battle-allocate") == 0)
        ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "Hits on the Strongest")));
      else if (g_strcmp0 (what, "battle-reinforce") == 0 && union_acts && !reinforced)
        {
          int faces[] = { 6, 6 };
          g_autoptr(JsonObject) a = NULL;

          /* EAA is no candidate of the Union's; XIX is. */
          click_unit (board, play, "eaa");
          ck_assert_uint_eq (wb_play_controller_get_picked_units (wb_window_get_play_controller (window))->len, 0);
          click_unit (board, play, "xix");
          ck_assert_uint_eq (wb_board_view_get_picks (board, "xix"), 1);
          ck_assert_str_eq (wb_play_prompt_get_odds (prompt), "Reinforcements: XIX Corps");
          a = wb_play_prompt_get_action (prompt);
          ck_assert_str_eq (json_object_get_string_member (a, "type"), "battle_reinforce");
          shoot (window, "play-bg-battle-reinforce");
          type_dice (prompt, play, wb_play_prompt_activate, faces, 2);
          ck_assert_int_eq (wb_bg_match_battle (wb_play_get_state (play), NULL, NULL)->units[slot_of (play, "xix")].box,
                            WB_BG_BOX_LINE);
          reinforced = TRUE;
        }
      else if (g_strcmp0 (what, "battle-reinforce") == 0)
        ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "No Reinforcement")));
      else
        {
          int faces[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
          roll (prompt, play, faces, 12);
        }
      ck_assert_int_lt (++guard, 30);
    }
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert_int_ge (offer_index (play, "Retreat"), 0);
  shoot (window, "play-bg-battle-decide");
  ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "Retreat")));
  /* The defender's retreat fire, its hits, then where the Union goes. */
  guard = 0;
  while (g_strcmp0 (wb_play_awaiting (play), "battle-retreat-to") != 0)
    {
      const char *what = wb_play_awaiting (play);

      ck_assert_msg (g_str_has_prefix (what, "battle-"), "awaiting %s", what);
      if (g_strcmp0 (what, "battle-allocate") == 0)
        ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "Hits on the Strongest")));
      else if (g_strcmp0 (what, "battle-reinforce") == 0)
        ck_assert (wb_play_prompt_take_offer (prompt, (guint) offer_index (play, "No Reinforcement")));
      else
        {
          int faces[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
          roll (prompt, play, faces, 12);
        }
      ck_assert_int_lt (++guard, 12);
    }
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  shoot (window, "play-bg-battle-retreat");
  /* A click on the map: Salem (where VIII came from). */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  {
    WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (view)), "salem");
    g_signal_emit_by_name (view, "point-clicked", loc->x, loc->y);
  }
  /* Over: the map comes back, no board, no toggle. */
  m = wb_play_get_state (play);
  ck_assert_ptr_null (wb_bg_match_battle (m, NULL, NULL));
  ck_assert_str_eq (wb_match_find_unit (m, "viii")->where.place, "salem");
  ck_assert_str_eq (wb_play_awaiting (play), "battle");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (toggle));

  /* Ctrl+Z: back into the battle, on its board. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_ptr_nonnull (wb_bg_match_battle (wb_play_get_state (play), NULL, NULL));
  ck_assert_str_eq (wb_play_awaiting (play), "battle-retreat-to");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (view)));
  ck_assert (gtk_widget_is_visible (toggle));
  /* Redo ends it again. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ck_assert (!gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (view)));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Grant's Gamble: Petersburg holds two units in its fortified city line
 * and three defend it: the Confederate clicks the two that take it (a
 * third, and a Union unit, are refused) and Fortify plays them; VI fails
 * its morale check with Grant in reserve: a click on VI re-rolls it, the
 * die typed in the prompt. */
START_TEST (test_fortress_and_reroll)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "grants-gamble.warbench", NULL);
  WbWindow *window;
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayPrompt *prompt;
  WbBoardView *board;
  WbPlayController *ctl;
  WbMatch *m;
  int guard = 0;

  window = open_window (path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  view = wb_window_get_map_view (window);
  play = wb_play_new_full (wb_window_get_game (window), NULL, "campaign", NULL, 5, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  /* Each side's set-up (GG 13), every unit at its first place. */
  while (g_strcmp0 (wb_play_awaiting (play), "deploy") == 0)
    act_rolling (play, parse ("{\"type\": \"end_step\"}"), 6);
  while (g_strcmp0 (wb_play_awaiting (play), "move") != 0)
    {
      g_autoptr(GPtrArray) offers = wb_play_offers (play);
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autoptr(JsonNode) copy = NULL;

      ck_assert_msg (offers != NULL && offers->len > 0, "awaiting %s", wb_play_awaiting (play));
      json_node_set_object (node, ((WbOffer *) g_ptr_array_index (offers, 0))->action);
      copy = json_node_copy (node);
      act_rolling (play, json_node_get_object (copy), 6);
      ck_assert_int_lt (++guard, 20);
    }
  m = wb_play_get_state (play);
  ck_assert_str_eq (wb_match_side_name (m, m->active), "Union");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"union-vi\", \"to\": {\"location\": \"city-point\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"grant\", \"to\": {\"location\": \"petersburg\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"csa-i-a\", \"to\": {\"location\": \"petersburg\"}}");
  act_json (play, "{\"type\": \"override_move\", \"unit\": \"csa-iii\", \"to\": {\"location\": \"petersburg\"}}");
  act_json (play, "{\"type\": \"move\", \"unit\": \"union-vi\", \"to\": {\"location\": \"petersburg\"}}");
  guard = 0;
  while (g_strcmp0 (wb_play_awaiting (play), "battle") != 0)
    {
      act_json (play, "{\"type\": \"end_step\"}");
      ck_assert_int_lt (++guard, 5);
    }
  wb_window_play (window, play);
  wait_until_settled (view);
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  board = WB_BOARD_VIEW (find_named (GTK_WIDGET (window), "play-battle-view"));
  ctl = wb_window_get_play_controller (window);
  if (visible (window, "handover-ready"))
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "handover-ready"), "clicked");
  {
    WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (view)), "petersburg");
    g_signal_emit_by_name (view, "point-clicked", loc->x, loc->y);
  }
  ck_assert_str_eq (wb_play_awaiting (play), "battle-deploy");
  ck_assert (gtk_widget_is_visible (GTK_WIDGET (board)));
  ck_assert (!visible (window, "handover-ready"));

  /* The fortified city line: two of the three, by clicks. */
  click_unit (board, play, "union-vi");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (ctl)->len, 0);
  click_unit (board, play, "csa-i-a");
  click_unit (board, play, "csa-iii");
  click_unit (board, play, "csa-g-petersburg");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (ctl)->len, 2);
  ck_assert_uint_eq (wb_board_view_get_picks (board, "csa-i-a"), 1);
  ck_assert_uint_eq (wb_board_view_get_picks (board, "csa-g-petersburg"), 0);
  ck_assert (g_str_has_prefix (wb_play_prompt_get_odds (prompt), "Fortified city line: "));
  ck_assert (g_str_has_suffix (wb_play_prompt_get_odds (prompt), "(2 of 2)"));
  /* Again on one: dropped, and back. */
  click_unit (board, play, "csa-iii");
  ck_assert_uint_eq (wb_play_controller_get_picked_units (ctl)->len, 1);
  click_unit (board, play, "csa-iii");
  shoot (window, "play-bg-battle-fortify");
  ck_assert (wb_play_prompt_activate (prompt));
  {
    const WbBgBattle *b = wb_bg_match_battle (wb_play_get_state (play), NULL, NULL);

    ck_assert_int_eq (b->units[slot_of (play, "csa-i-a")].box, WB_BG_BOX_FORTIFIED);
    ck_assert_int_eq (b->units[slot_of (play, "csa-iii")].box, WB_BG_BOX_FORTIFIED);
    ck_assert_int_eq (b->units[slot_of (play, "csa-g-petersburg")].box, WB_BG_BOX_LINE);
  }

  /* One hit on VI (the only Union unit that can take it), no hit back,
   * VI fails its morale check: Grant may re-roll it. */
  {
    int fire[] = { 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
    int miss[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
    int fail[] = { 6 };

    roll (prompt, play, fire, G_N_ELEMENTS (fire));
    ck_assert_str_eq (wb_play_awaiting (play), "battle-fire");
    roll (prompt, play, miss, G_N_ELEMENTS (miss));
    ck_assert_str_eq (wb_play_awaiting (play), "battle-morale");
    roll (prompt, play, fail, 1);
  }
  ck_assert_str_eq (wb_play_awaiting (play), "battle-reroll");
  ck_assert_int_eq (wb_bg_match_battle (wb_play_get_state (play), NULL, NULL)->units[slot_of (play, "union-vi")].box,
                    WB_BG_BOX_FAILED);
  /* The Confederate's garrison did not fail: refused; VI: the die asked for. */
  click_unit (board, play, "csa-g-petersburg");
  ck_assert_str_eq (wb_play_awaiting (play), "battle-reroll");
  {
    guint32 cursor = wb_journal_get_cursor (wb_play_get_journal (play));

    click_unit (board, play, "union-vi");
    ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
    shoot (window, "play-bg-battle-reroll");
    ck_assert (wb_play_prompt_enter_roll (prompt, 2));
    ck_assert_uint_ne (wb_journal_get_cursor (wb_play_get_journal (play)), cursor);
  }
  ck_assert_str_ne (wb_play_awaiting (play), "battle-reroll");
  ck_assert_int_eq (wb_bg_match_battle (wb_play_get_state (play), NULL, NULL)->units[slot_of (play, "union-vi")].box,
                    WB_BG_BOX_LINE);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-bg-battle");
  TCase *tc = tcase_create ("play-bg-battle");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_battle_in_window);
  tcase_add_test (tc, test_fortress_and_reroll);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
