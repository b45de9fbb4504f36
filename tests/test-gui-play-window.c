/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-window"

#include "config.h"

#include <check.h>
#include <string.h>

#include <glib/gstdio.h>

#include "wb-play-history.h"
#include "wb-play-prompt.h"
#include "wb-play-rules.h"
#include "wb-window.h"

#include "gui-common.h"

/* Play mode in the window: a playtest of the Wilderness on the canvas —
 * the editing chrome gives way to the turn bar, prompt, reserve and log;
 * a unit clicked shows where it may go and a hex clicked moves it; Ctrl+Z
 * takes it back; the hand-over hides the map between the players' turns;
 * End Playtest goes back to editing. */

static WbOffset
hex_of (WbWindow *window, const char *text)
{
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbOffset h;

  ck_assert (wb_hex_map_parse_hex (map, text, &h));
  return h;
}

/* A click on @text's centre, as the canvas reports it. */
static void
click (WbWindow *window, const char *text)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  double x, y;

  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex_of (window, text), &x, &y);
  g_signal_emit_by_name (view, "point-clicked", x, y);
}

/* The pointer moves over @text's centre. */
static void
hover (WbWindow *window, const char *text)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  double x, y, wx, wy;

  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex_of (window, text), &x, &y);
  wb_map_view_map_to_widget (view, x, y, &wx, &wy);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        g_signal_emit_by_name (c, "motion", wx, wy);
    }
}

static char *
where (WbWindow *window, const char *unit)
{
  WbMatch *m = wb_play_get_state (wb_window_get_play (window));
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

static gboolean
find_visible_type (GtkWidget *root, GType type)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (w))
        return TRUE;
      if (find_visible_type (w, type))
        return TRUE;
    }
  return FALSE;
}

START_TEST (test_play_mode)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  g_autofree char *w = NULL, *w2 = NULL;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (gtk_actionable_get_action_name (GTK_ACTIONABLE (find_named (GTK_WIDGET (window), "play-button"))),
                    "win.new-playtest");
  wb_window_play (window, play);
  ck_assert (wb_window_get_playing (window));
  /* The header bar's button ends it now. */
  ck_assert_str_eq (gtk_actionable_get_action_name (GTK_ACTIONABLE (find_named (GTK_WIDGET (window), "play-button"))),
                    "win.end-playtest");
  ck_assert_ptr_nonnull (wb_map_view_get_match (view));
  ck_assert (find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbTurnBar")));
  ck_assert (find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbPlayLogPane")));
  ck_assert (!find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbToolPalette")));
  wait_until_settled (view);

  /* Stafford: where it may go is shown, and the way to the hex under the
   * pointer; 0413 moves it there. */
  click (window, "0414");
  ck_assert_uint_gt (wb_map_view_get_n_highlights (view), 0);
  hover (window, "0412");
  ck_assert_uint_ge (wb_map_view_get_path_length (view), 2);
  click (window, "0413");
  w = where (window, "stafford");
  ck_assert_str_eq (w, "0413");
  ck_assert_uint_eq (wb_map_view_get_n_highlights (view), 0);
  {
    WbMatch *shown = (WbMatch *) wb_map_view_get_match (view);
    WbUnitState *u = wb_match_find_unit (shown, "stafford");
    ck_assert (u->where.hex.col == hex_of (window, "0413").col && u->where.hex.row == hex_of (window, "0413").row);
  }
  /* The window observes the play: an action played on it from anywhere
   * (here straight on the WbPlay) shows at once: the map draws the new
   * state (its dice moved on with the roll), and again after the undo. */
  {
    g_autoptr(JsonParser) p = json_parser_new ();
    g_autoptr(GError) act_error = NULL;

    ck_assert (json_parser_load_from_data (p, "{\"type\": \"roll\", \"dice\": \"2d6\"}", -1, NULL));
    ck_assert_msg (wb_play_act (play, json_node_get_object (json_parser_get_root (p)), &act_error), "%s",
                   act_error ? act_error->message : "");
    ck_assert (wb_map_view_get_match (view)->rng.state == wb_play_get_state (play)->rng.state);
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    ck_assert (wb_map_view_get_match (view)->rng.state == wb_play_get_state (play)->rng.state);
    w2 = where (window, "stafford");
    ck_assert_str_eq (w2, "0413");
  }
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-window.png", NULL);
      click (window, "0415");
      wait_until_settled (view);
      spin_for (800);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, path);
      click (window, "0415");
    }

  /* Ctrl+Z in play undoes the move, not an edit. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_free (w);
  w = where (window, "stafford");
  ck_assert_str_eq (w, "0414");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_free (w);
  w = where (window, "stafford");
  ck_assert_str_eq (w, "0413");

  /* End Step from the turn bar until the Confederate turn ends: the
   * hand-over hides the map from the Union player's predecessor. */
  {
    GtkWidget *end_step = find_named (GTK_WIDGET (window), "end-step");
    guint side = wb_play_get_state (play)->active;

    ck_assert_ptr_nonnull (end_step);
    for (int i = 0; i < 10 && wb_play_get_state (play)->active == side; i++)
      g_signal_emit_by_name (end_step, "clicked");
    ck_assert_uint_ne (wb_play_get_state (play)->active, side);
  }
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (view)));
  ck_assert (find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbPlayHandover")));
  /* Going back is no hand-over: the map is shown again at once. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert (!find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbPlayHandover")));
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (view)));

  /* Saved, ended, opened again: the match resumes where it was. */
  {
    g_autofree char *dir = g_dir_make_tmp ("wb-play-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "wilderness.warbench-play", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    guint n = wb_journal_get_n_entries (wb_play_get_journal (play));
    WbPlay *again;

    ck_assert (wb_play_save (play, path, NULL));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
    ck_assert (!wb_window_get_playing (window));
    ck_assert (gtk_widget_get_visible (GTK_WIDGET (view)));
    ck_assert_ptr_null (wb_map_view_get_match (view));
    ck_assert (find_visible_type (GTK_WIDGET (window), g_type_from_name ("WbToolPalette")));

    ck_assert_msg (wb_window_open_playtest (window, file, &error), "%s", error ? error->message : "");
    again = wb_window_get_play (window);
    ck_assert (again != play);
    ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (again)), n);
    g_free (w);
    w = where (window, "stafford");
    ck_assert_str_eq (w, "0413");
    ck_assert_ptr_nonnull (wb_map_view_get_match (view));
    /* A playtest played by a newer version of the rules is refused with a
     * message that says so; the playtest open stays. */
    {
      g_autofree char *text = NULL;
      g_autofree char *newer = g_build_filename (dir, "newer.warbench-play", NULL);
      g_autoptr(GFile) newer_file = g_file_new_for_path (newer);
      g_autoptr(GString) s = NULL;

      ck_assert (g_file_get_contents (path, &text, NULL, NULL));
      s = g_string_new (text);
      ck_assert_uint_eq (g_string_replace (s, "\"family\":{\"id\":\"spi-blue-gray\",\"version\":1}",
                                           "\"family\":{\"id\":\"spi-blue-gray\",\"version\":99}", 1), 1);
      ck_assert (g_file_set_contents (newer, s->str, -1, NULL));
      ck_assert (!wb_window_open_playtest (window, newer_file, &error));
      ck_assert_msg (strstr (error->message, "played by a newer Warbench (spi-blue-gray version 99") != NULL, "%s",
                     error->message);
      g_clear_error (&error);
      ck_assert (wb_window_get_play (window) == again);
      g_unlink (newer);
    }
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
    g_unlink (path);
    g_rmdir (dir);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Physical dice with General Burnside (19.2): the Union's Movement Phase
 * offers the command roll as a button; the players' roll is asked for in
 * the prompt and the action is played with it; the die is shown. */
START_TEST (test_physical_dice_and_offers)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autoptr(GError) error = NULL;
  const char *options[] = { "burnside", NULL };
  g_autoptr(WbPlay) play = wb_play_new_full (game, NULL, "historical", options, 2, TRUE, NULL, &error);
  WbPlayPrompt *prompt;
  GPtrArray *log;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  ck_assert_ptr_nonnull (prompt);
  ck_assert_uint_eq (wb_play_prompt_n_offers (prompt), 0);
  {
    GtkWidget *end_step = find_named (GTK_WIDGET (window), "end-step");
    g_signal_emit_by_name (end_step, "clicked");
    g_signal_emit_by_name (end_step, "clicked");
  }
  ck_assert_uint_eq (wb_play_prompt_n_offers (prompt), 1);
  ck_assert_str_eq (wb_play_prompt_get_dice (prompt), "");
  /* No roll typed yet: the prompt asks for it, nothing is played. */
  ck_assert (wb_play_prompt_take_offer (prompt, 0));
  ck_assert_uint_eq (wb_play_prompt_n_offers (prompt), 1);
  log = wb_play_get_log (play);
  ck_assert (log->len == 0 || strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text,
                                      "General Burnside") == NULL);
  ck_assert (wb_play_prompt_enter_roll (prompt, 6));
  log = wb_play_get_log (play);
  ck_assert_msg (strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text,
                         "General Burnside: die 6 → IX may not move this phase") != NULL,
                 "%s", ((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text);
  ck_assert_str_eq (wb_play_prompt_get_dice (prompt), "⚅");
  ck_assert_uint_eq (wb_play_prompt_n_offers (prompt), 0);
  ck_assert (!wb_play_prompt_enter_roll (prompt, 3));
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-dice.png", NULL);
      GtkWidget *ready = find_named (GTK_WIDGET (window), "handover-ready");
      if (ready != NULL)
        g_signal_emit_by_name (ready, "clicked");
      wait_until_settled (wb_window_get_map_view (window));
      spin_for (500);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, path);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A cell the rulebook does not give ("?"): the attack asks the players
 * for the roll (physical dice), then for the result, offering the CRT's
 * codes; the result chosen is played and logged. */
START_TEST (test_unknown_cell_asks_result)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbTable *crt = wb_game_find_table (game, "crt");
  WbPlayPrompt *prompt;
  GPtrArray *log;
  const char *text;

  ck_assert_ptr_nonnull (crt);
  for (guint r = 0; r < wb_table_get_rows (crt)->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (wb_table_get_rows (crt), r);
      for (guint c = 0; c < row->cells->len; c++)
        {
          g_free (row->cells->pdata[c]);
          row->cells->pdata[c] = g_strdup ("?");
        }
    }
  play = wb_play_new_full (game, NULL, "historical", NULL, 3, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"0516\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"0515\"}}");
  /* 7.12: Stonewall and Steuart (0415, 0416, beside 0516) would have to join Gordon. */
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stonewall\", \"to\": {\"hex\": \"0212\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"0213\"}}");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  wb_window_play (window, play);
  wait_until_settled (wb_window_get_map_view (window));
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  ck_assert_ptr_nonnull (prompt);
  ck_assert (!wb_play_prompt_enter_result (prompt, "De"));
  ck_assert (wb_play_prompt_toggle_unit (prompt, "gordon"));
  ck_assert (wb_play_prompt_toggle_hex (prompt, "0516"));
  ck_assert (wb_play_prompt_activate (prompt));
  /* First the die, then the cell's result. */
  ck_assert (!wb_play_prompt_enter_result (prompt, "De"));
  ck_assert (wb_play_prompt_enter_roll (prompt, 4));
  log = wb_play_get_log (play);
  ck_assert (log->len == 0 || strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text, "die 4") == NULL);
  {
    GtkWidget *drop = find_type (GTK_WIDGET (prompt), GTK_TYPE_DROP_DOWN);
    GListModel *model;
    gboolean has_de = FALSE;

    ck_assert (drop != NULL && gtk_widget_is_visible (drop));
    model = gtk_drop_down_get_model (GTK_DROP_DOWN (drop));
    ck_assert_uint_gt (g_list_model_get_n_items (model), 3);
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      has_de |= g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "De");
    ck_assert (has_de);
    if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
      {
        g_autoptr(GdkTexture) texture = NULL;
        g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-result.png", NULL);
        spin_for (300);
        texture = render_widget (GTK_WIDGET (window));
        gdk_texture_save_to_png (texture, path);
      }
  }
  ck_assert (wb_play_prompt_enter_result (prompt, "De"));
  log = wb_play_get_log (play);
  text = ((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text;
  for (guint i = 0; i < log->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, "die 4 → De") != NULL)
      text = NULL;
  ck_assert_msg (text == NULL, "no “die 4 → De” in the log; last: %s", text);
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "1-2-V")->where.kind, WB_WHERE_ELIMINATED);
  ck_assert (!wb_play_prompt_enter_result (prompt, "De"));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The designer's tools in the window: Override puts an enemy unit where
 * the rules would not (Ctrl+Z takes it back); Rule Checks… opens the
 * dialog for this playtest; the History tab lists the branches an undo
 * and a different move make, and going to one shows its state. */
START_TEST (test_override_rules_history)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbMapView *view = wb_window_get_map_view (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  g_autofree char *w = NULL;
  GtkWidget *override_panel, *tabs;
  WbPlayHistory *history;
  GtkWidget *rules;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  wait_until_settled (view);

  /* Override: 1/1/V (Union, not the side to play) to 0420. */
  override_panel = find_type (GTK_WIDGET (window), g_type_from_name ("WbPlayOverride"));
  ck_assert (override_panel != NULL && !gtk_widget_is_visible (override_panel));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-override", NULL));
  ck_assert (gtk_widget_is_visible (override_panel));
  ck_assert (wb_play_controller_get_override (wb_window_get_play_controller (window)));
  w = where (window, "1-1-V");
  click (window, w);
  click (window, "0420");
  g_free (w);
  w = where (window, "1-1-V");
  ck_assert_str_eq (w, "0420");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_free (w);
  w = where (window, "1-1-V");
  ck_assert_str_ne (w, "0420");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-override", NULL));
  ck_assert (!gtk_widget_is_visible (override_panel));
  ck_assert (!wb_play_controller_get_override (wb_window_get_play_controller (window)));

  /* Rule Checks…: the dialog for this playtest. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-rules", NULL));
  rules = NULL;
  {
    GListModel *tops = gtk_window_get_toplevels ();   /* transfer none */
    for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
      {
        g_autoptr(GObject) t = g_list_model_get_item (tops, i);
        if (WB_IS_PLAY_RULES (t))
          rules = GTK_WIDGET (t);
      }
  }
  ck_assert_ptr_nonnull (rules);
  ck_assert_str_eq (wb_play_rules_get_level (WB_PLAY_RULES (rules), "spi.zoc-stop"), "enforce");
  gtk_window_destroy (GTK_WINDOW (rules));

  /* More branches: Stafford to 0413, back, Stafford to 0513. */
  click (window, "0414");
  click (window, "0413");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  click (window, "0414");
  click (window, "0513");
  g_free (w);
  w = where (window, "stafford");
  ck_assert_str_eq (w, "0513");
  tabs = find_type (GTK_WIDGET (window), GTK_TYPE_STACK_SWITCHER);
  ck_assert_ptr_nonnull (tabs);
  history = WB_PLAY_HISTORY (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_HISTORY));
  gtk_stack_set_visible_child_name (gtk_stack_switcher_get_stack (GTK_STACK_SWITCHER (tabs)), "history");
  /* The override move taken back is a branch too, the oldest. */
  ck_assert_uint_eq (wb_play_history_n_branches (history), 3);
  ck_assert_int_eq (wb_play_history_get_current_branch (history), 2);
  ck_assert (wb_play_history_activate_branch (history, 1));
  ck_assert_int_eq (wb_play_history_get_current_branch (history), 1);
  g_free (w);
  w = where (window, "stafford");
  ck_assert_str_eq (w, "0413");
  {
    WbMatch *shown = (WbMatch *) wb_map_view_get_match (view);
    WbUnitState *u = wb_match_find_unit (shown, "stafford");
    ck_assert (u->where.hex.col == hex_of (window, "0413").col && u->where.hex.row == hex_of (window, "0413").row);
  }
  /* A bookmark on it is listed. */
  ck_assert (wb_play_history_bookmark (history, "Stafford north"));
  ck_assert_uint_eq (wb_play_history_n_marks (history), 1);
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-history.png", NULL);
      ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-override", NULL));
      click (window, "0415");
      wait_until_settled (view);
      spin_for (500);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, path);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Fog of war where the game has it: in Shenandoah (blocks) the side at
 * the screen sees the enemy's blocks face down, and after the hand-over
 * the other side does; the Wilderness (open counters) hides nothing. */
START_TEST (test_fog_of_war)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) shenandoah = NULL;
  g_autoptr(WbPlay) open_play = wb_play_new (wb_window_get_game (window), NULL, "historical", NULL, 1, &error);
  g_autoptr(WbPlay) play = NULL;
  WbMatch *m;
  GPtrArray *sides;
  const char *first;

  ck_assert_msg (open_play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, open_play);
  ck_assert_ptr_null (wb_map_view_get_viewer (view));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_window (path);
  view = wb_window_get_map_view (window);
  shenandoah = g_object_ref (wb_window_get_game (window));
  play = wb_play_new (shenandoah, NULL, "campaign", NULL, 1, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  m = wb_play_get_state (play);
  sides = wb_game_get_sides (shenandoah);
  first = ((WbSide *) g_ptr_array_index (sides, m->active))->id;
  ck_assert_str_eq (wb_map_view_get_viewer (view), first);
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "play-fog.png", NULL);
      wait_until_settled (view);
      spin_for (500);
      texture = render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (texture, shot);
    }
  /* A point map in override mode: a click on a unit's location picks it,
   * a click on another location puts it there. */
  {
    WbPointMap *pm = WB_POINT_MAP (wb_map_view_get_map (view));
    WbMatch *now = wb_play_get_state (play);
    WbUnitState *u = NULL;
    WbLocation *from, *to = NULL;
    GPtrArray *locs = wb_point_map_get_locations (pm);
    g_autofree char *unit = NULL;

    for (guint i = 0; i < now->units->len && u == NULL; i++)
      if (g_array_index (now->units, WbUnitState, i).where.kind == WB_WHERE_LOCATION)
        u = &g_array_index (now->units, WbUnitState, i);
    ck_assert_ptr_nonnull (u);
    unit = g_strdup (u->id);
    from = wb_point_map_find_location (pm, u->where.place);
    for (guint i = 0; i < locs->len && to == NULL; i++)
      {
        WbLocation *l = g_ptr_array_index (locs, i);
        WbWhere w = { WB_WHERE_LOCATION, { 0, 0 }, g_intern_string (l->id) };
        g_autoptr(GPtrArray) there = wb_match_units_at (now, &w);
        if (l != from && there->len == 0)
          to = l;
      }
    ck_assert_ptr_nonnull (to);
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-override", NULL));
    g_signal_emit_by_name (view, "point-clicked", from->x, from->y);
    ck_assert_str_eq (wb_play_controller_get_selected (wb_window_get_play_controller (window)), unit);
    g_signal_emit_by_name (view, "point-clicked", to->x, to->y);
    now = wb_play_get_state (play);
    ck_assert_str_eq (wb_match_find_unit (now, unit)->where.place, to->id);
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    ck_assert_str_eq (wb_match_find_unit (wb_play_get_state (play), unit)->where.place, from->id);
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-override", NULL));
    m = wb_play_get_state (play);
  }
  /* The other side's turn: hidden until the hand-over, then theirs. */
  {
    GtkWidget *end_step = find_named (GTK_WIDGET (window), "end-step");
    GtkWidget *ready;

    guint before = m->active;

    g_signal_emit_by_name (end_step, "clicked");
    ck_assert_uint_ne (wb_play_get_state (play)->active, before);
    ready = find_named (GTK_WIDGET (window), "handover-ready");
    ck_assert (gtk_widget_is_visible (ready));
    g_signal_emit_by_name (ready, "clicked");
    ck_assert_str_ne (wb_map_view_get_viewer (view), first);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-window");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("play-window");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_play_mode);
  tcase_add_test (tc, test_physical_dice_and_offers);
  tcase_add_test (tc, test_unknown_cell_asks_result);
  tcase_add_test (tc, test_override_rules_history);
  tcase_add_test (tc, test_fog_of_war);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
