/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-override"

#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "wb-play-controller.h"
#include "wb-play-override.h"
#include "wb-play-rules.h"

#include "gui-common.h"

/* Designer override during play: override mode moves an enemy unit to a
 * hex the rules would never let it reach, Ctrl+Z (wb_play_undo) puts it
 * back; the panel's strength and VP spins and Eliminate play overrides,
 * one journal entry each; the Rule Checks dialog turns the zone of control
 * rule off so a refused move is played, and undoing that makes it refused
 * again. */

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

static guint32
cursor (WbPlay *play)
{
  return wb_journal_get_cursor (wb_play_get_journal (play));
}

static JsonObject *
parse (const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();

  ck_assert (json_parser_load_from_data (p, json, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (p)));
}

static void
on_count (gpointer instance, int *n)
{
  (*n)++;
}

static void
on_notify (GObject *object, GParamSpec *pspec, int *n)
{
  (*n)++;
}

/* With WARBENCH_SHOT_DIR set, a PNG of @widget there (to look at). */
static void
shot (GtkWidget *widget, const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (g_getenv ("WARBENCH_SHOT_DIR") == NULL)
    return;
  path = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), name, NULL);
  spin_for (300);
  texture = render_widget (widget);
  gdk_texture_save_to_png (texture, path);
}

static void
undo (WbPlay *play)
{
  g_autoptr(GError) error = NULL;
  ck_assert_msg (wb_play_undo (play, &error), "%s", error ? error->message : "");
}

START_TEST (test_override_move)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  g_autoptr(WbPlayController) c = wb_play_controller_new (play);
  g_autoptr(GArray) legal = NULL;
  g_autofree char *w = NULL;
  int changed = 0, notified = 0;

  g_signal_connect (c, "changed", G_CALLBACK (on_count), &changed);
  g_signal_connect (c, "notify::override", G_CALLBACK (on_notify), &notified);
  ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), wb_play_get_state (play)->active),
                    "Confederate");

  /* Outside override mode a click on the enemy's 1/1/V selects nothing. */
  wb_play_controller_click_hex (c, hex (play, "0616"));
  ck_assert_ptr_null (wb_play_controller_get_selected (c));

  /* A normal selection is dropped on entering the mode. */
  wb_play_controller_click_hex (c, hex (play, "0414"));
  ck_assert_str_eq (wb_play_controller_get_selected (c), "stafford");
  wb_play_controller_set_override (c, TRUE);
  ck_assert (wb_play_controller_get_override (c));
  ck_assert_int_eq (notified, 1);
  wb_play_controller_set_override (c, TRUE);
  ck_assert_int_eq (notified, 1);
  ck_assert_ptr_null (wb_play_controller_get_selected (c));

  /* The enemy's unit, then a hex its rules would never give it (it is not
   * the Union's turn: it has no legal destination at all; and 0420 is
   * forest far behind the Confederate line). */
  legal = wb_play_destinations (play, "1-1-V");
  for (guint i = 0; legal != NULL && i < legal->len; i++)
    {
      g_autofree char *t = wb_match_where_text (wb_play_get_state (play),
                                                &g_array_index (legal, WbDestination, i).where);
      ck_assert_str_ne (t, "0420");
    }
  wb_play_controller_click_hex (c, hex (play, "0616"));
  ck_assert_str_eq (wb_play_controller_get_selected (c), "1-1-V");
  ck_assert_ptr_null (wb_play_controller_get_highlights (c));
  wb_play_controller_click_hex (c, hex (play, "0420"));
  ck_assert_int_eq (changed, 1);
  ck_assert_uint_eq (cursor (play), 1);
  w = where (play, "1-1-V");
  ck_assert_str_eq (w, "0420");
  /* It stays selected: a second click puts it elsewhere. */
  ck_assert_str_eq (wb_play_controller_get_selected (c), "1-1-V");
  /* A click on its own hex lets it go (it is alone there). */
  wb_play_controller_click_hex (c, hex (play, "0420"));
  ck_assert_ptr_null (wb_play_controller_get_selected (c));

  /* Ctrl+Z: back where it was. */
  undo (play);
  g_free (w);
  w = where (play, "1-1-V");
  ck_assert_str_eq (w, "0616");
  ck_assert_uint_eq (cursor (play), 0);

  /* A stack: clicks go through its units, then let go. Stafford is put
   * on Stonewall's hex first. */
  {
    g_autofree char *sw = where (play, "stonewall");
    WbWhere at = wb_match_find_unit (wb_play_get_state (play), "stonewall")->where;
    g_autoptr(GPtrArray) here = NULL;

    wb_play_controller_select_unit (c, "stafford");
    wb_play_controller_click_hex (c, hex (play, sw));
    g_free (w);
    w = where (play, "stafford");
    ck_assert_str_eq (w, sw);
    wb_play_controller_clear (c);
    here = wb_match_units_at (wb_play_get_state (play), &at);
    ck_assert_uint_eq (here->len, 2);
    wb_play_controller_click_hex (c, hex (play, sw));
    ck_assert_str_eq (wb_play_controller_get_selected (c), ((WbUnitState *) g_ptr_array_index (here, 0))->id);
    wb_play_controller_click_hex (c, hex (play, sw));
    ck_assert_str_eq (wb_play_controller_get_selected (c), ((WbUnitState *) g_ptr_array_index (here, 1))->id);
    wb_play_controller_click_hex (c, hex (play, sw));
    ck_assert_ptr_null (wb_play_controller_get_selected (c));
  }

  /* A reinforcement not arrived yet, from the reserve, put on the map. */
  wb_play_controller_select_unit (c, "cooke");
  ck_assert_ptr_null (wb_play_controller_get_highlights (c));
  wb_play_controller_click_hex (c, hex (play, "0920"));
  g_free (w);
  w = where (play, "cooke");
  ck_assert_str_eq (w, "0920");

  /* Leaving the mode clears the selection; clicks play by the rules again. */
  wb_play_controller_set_override (c, FALSE);
  ck_assert_ptr_null (wb_play_controller_get_selected (c));
  wb_play_controller_click_hex (c, hex (play, "0616"));
  ck_assert_ptr_null (wb_play_controller_get_selected (c));
}
END_TEST

START_TEST (test_panel)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  g_autoptr(WbPlayController) c = wb_play_controller_new (play);
  GtkWidget *window = gtk_window_new ();
  WbPlayOverride *panel;
  GtkDropDown *units;
  WbUnitState *u;
  g_autofree char *w = NULL;
  int changed = 0, vp0, vp1;

  wb_play_controller_set_override (c, TRUE);
  vp0 = wb_play_get_state (play)->vp[0];
  vp1 = wb_play_get_state (play)->vp[1];
  panel = WB_PLAY_OVERRIDE (wb_play_override_new (c));
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (panel, "changed", G_CALLBACK (on_count), &changed);
  ck_assert (!gtk_widget_get_sensitive (GTK_WIDGET (wb_play_override_get_strength_spin (panel))));

  /* The panel follows the controller's selection. */
  wb_play_controller_click_hex (c, hex (play, "0616"));
  ck_assert_str_eq (wb_play_override_get_place_text (panel), "Union · 0616");
  units = wb_play_override_get_unit_dropdown (panel);
  ck_assert_uint_ne (gtk_drop_down_get_selected (units), GTK_INVALID_LIST_POSITION);
  ck_assert_double_eq (gtk_spin_button_get_value (wb_play_override_get_strength_spin (panel)), 12);

  /* Strength: 12 SP to 9.5 (19 half SP), one journal entry. */
  gtk_spin_button_set_value (wb_play_override_get_strength_spin (panel), 9.5);
  u = wb_match_find_unit (wb_play_get_state (play), "1-1-V");
  ck_assert_int_eq (u->halves, 19);
  ck_assert_int_eq (changed, 1);
  ck_assert_uint_eq (cursor (play), 1);
  ck_assert_str_eq (wb_play_controller_get_selected (c), "1-1-V");

  /* VP: each side's spin. */
  ck_assert_ptr_null (wb_play_override_get_vp_spin (panel, 2));
  gtk_spin_button_set_value (wb_play_override_get_vp_spin (panel, 1), 30);
  ck_assert_str_eq (wb_match_side_name (wb_play_get_state (play), 1), "Confederate");
  ck_assert_int_eq (wb_play_get_state (play)->vp[1], 30);
  ck_assert_int_eq (wb_play_get_state (play)->vp[0], vp0);
  ck_assert_uint_eq (cursor (play), 2);

  /* Eliminate. */
  g_signal_emit_by_name (wb_play_override_get_eliminate_button (panel), "clicked");
  w = where (play, "1-1-V");
  ck_assert_str_eq (w, "eliminated");
  ck_assert_str_eq (wb_play_override_get_place_text (panel), "Union · eliminated");
  ck_assert (!gtk_widget_get_sensitive (GTK_WIDGET (wb_play_override_get_eliminate_button (panel))));
  ck_assert_int_eq (changed, 3);
  shot (window, "override-panel.png");

  /* Each undone in turn; the panel shows the state again after each. */
  undo (play);
  wb_play_override_refresh (panel);
  g_free (w);
  w = where (play, "1-1-V");
  ck_assert_str_eq (w, "0616");
  undo (play);
  wb_play_override_refresh (panel);
  ck_assert_double_eq (gtk_spin_button_get_value (wb_play_override_get_vp_spin (panel, 1)), vp1);
  ck_assert_int_eq (wb_play_get_state (play)->vp[1], vp1);
  undo (play);
  wb_play_override_refresh (panel);
  ck_assert_int_eq (wb_match_find_unit (wb_play_get_state (play), "1-1-V")->halves, 24);
  ck_assert_double_eq (gtk_spin_button_get_value (wb_play_override_get_strength_spin (panel)), 12);
  ck_assert_uint_eq (cursor (play), 0);

  /* Picking a unit in the panel's list selects it in the controller. */
  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (units)); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (units), i);
      if (g_str_has_prefix (gtk_string_object_get_string (item), "Stafrd"))
        gtk_drop_down_set_selected (units, i);
    }
  ck_assert_str_eq (wb_play_controller_get_selected (c), "stafford");
  ck_assert_str_eq (wb_play_override_get_place_text (panel), "Confederate · 0414");

  /* Markers: the legend's hex features (River Ferry, Town); with the
   * toggle on, clicks put one down and take it off. */
  {
    GtkDropDown *kinds = wb_play_override_get_marker_dropdown (panel);
    GtkToggleButton *toggle = wb_play_override_get_marker_toggle (panel);
    WbOffset h = hex (play, "0515");
    guint town = GTK_INVALID_LIST_POSITION;

    ck_assert_uint_eq (g_list_model_get_n_items (gtk_drop_down_get_model (kinds)), 2);
    for (guint i = 0; i < 2; i++)
      {
        g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (kinds), i);
        if (g_strcmp0 (gtk_string_object_get_string (item), "Town") == 0)
          town = i;
      }
    ck_assert_uint_ne (town, GTK_INVALID_LIST_POSITION);
    gtk_drop_down_set_selected (kinds, town);
    ck_assert_ptr_null (wb_play_controller_get_marker (c));
    gtk_toggle_button_set_active (toggle, TRUE);
    ck_assert_str_eq (wb_play_controller_get_marker (c), "town");
    ck_assert_ptr_null (wb_play_controller_get_selected (c));
    wb_play_controller_click_hex (c, h);
    ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), 0);
    shot (window, "override-panel-markers.png");
    wb_play_controller_click_hex (c, h);
    ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), -1);
    undo (play);
    ck_assert_int_eq (wb_match_find_marker (wb_play_get_state (play), "town", h), 0);
    /* Picking a unit ends it; so does leaving override mode. */
    wb_play_controller_select_unit (c, "stafford");
    ck_assert_ptr_null (wb_play_controller_get_marker (c));
    ck_assert (!gtk_toggle_button_get_active (toggle));
    gtk_toggle_button_set_active (toggle, TRUE);
    ck_assert_str_eq (wb_play_controller_get_marker (c), "town");
    wb_play_controller_set_override (c, FALSE);
    ck_assert_ptr_null (wb_play_controller_get_marker (c));
    ck_assert (!gtk_toggle_button_get_active (toggle));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Stuart (steuart, 0416) to 0718 goes through 0517, in 1/1/V's zone of control
 * (test-spi.c's case of rule 6.0). */
#define ZOC_TARGET "0718"
#define ZOC_MOVE "{\"type\": \"move\", \"unit\": \"steuart\", \"to\": {\"hex\": \"" ZOC_TARGET "\"}}"

static gboolean
refused_by (WbPlay *play, const char *json, const char *rule)
{
  g_autoptr(JsonObject) a = parse (json);
  g_autoptr(GError) error = NULL;
  WbPreview preview = { 0 };

  if (wb_play_preview (play, a, &preview, &error))
    {
      g_free (preview.text);
      return FALSE;
    }
  ck_assert_msg (strstr (error->message, rule) != NULL, "%s", error->message);
  return TRUE;
}

START_TEST (test_rules_dialog)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  WbPlayRules *rules = wb_play_rules_new (NULL, play);
  g_autoptr(JsonObject) move = parse (ZOC_MOVE);
  g_autoptr(GError) error = NULL;
  g_autofree char *w = NULL;
  GPtrArray *log;
  int changed = 0;

  g_signal_connect (rules, "changed", G_CALLBACK (on_count), &changed);
  gtk_window_present (GTK_WINDOW (rules));
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.zoc-stop"), "enforce");
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.stacking"), "enforce");
  ck_assert_ptr_null (wb_play_rules_get_level (rules, "spi.nothing"));
  ck_assert (!wb_play_rules_set_level (rules, "spi.nothing", "off"));
  ck_assert (!wb_play_rules_set_level (rules, "spi.zoc-stop", "sometimes"));
  ck_assert_uint_eq (cursor (play), 0);

  ck_assert (refused_by (play, ZOC_MOVE, "spi.zoc-stop"));
  ck_assert (wb_play_rules_set_level (rules, "spi.zoc-stop", "off"));
  ck_assert_int_eq (changed, 1);
  ck_assert_uint_eq (cursor (play), 1);
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.zoc-stop"), "off");
  log = wb_play_get_log (play);
  ck_assert_ptr_nonnull (strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text,
                                 "rule spi.zoc-stop"));
  /* Setting what it is already plays nothing. */
  ck_assert (wb_play_rules_set_level (rules, "spi.zoc-stop", "off"));
  ck_assert_uint_eq (cursor (play), 1);

  /* The refused move is legal now, and played. */
  ck_assert (!refused_by (play, ZOC_MOVE, "spi.zoc-stop"));
  ck_assert_msg (wb_play_act (play, move, &error), "%s", error ? error->message : "");
  w = where (play, "steuart");
  ck_assert_str_eq (w, ZOC_TARGET);

  /* Undo the move and the rule: refused again, and the dialog says
   * enforce once it is refreshed. */
  undo (play);
  undo (play);
  wb_play_rules_refresh (rules);
  ck_assert_str_eq (wb_play_rules_get_level (rules, "spi.zoc-stop"), "enforce");
  ck_assert (refused_by (play, ZOC_MOVE, "spi.zoc-stop"));

  /* Warn: played, and the log names the rule broken. */
  ck_assert (wb_play_rules_set_level (rules, "spi.zoc-stop", "warn"));
  ck_assert_msg (wb_play_act (play, move, &error), "%s", error ? error->message : "");
  log = wb_play_get_log (play);
  ck_assert_ptr_nonnull (strstr (((WbLogEvent *) g_ptr_array_index (log, log->len - 2))->text,
                                 "rule broken (warned)"));
  ck_assert_ptr_null (wb_play_rules_get_message (rules));
  shot (GTK_WIDGET (rules), "rule-checks.png");
  gtk_window_destroy (GTK_WINDOW (rules));
}
END_TEST

/* Chickasaw Bayou given a rules family the engine does not play: free
 * play, one step per side (its own family plays the chit draw). */
static WbGame *
load_free_play_bayou (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  WbGame *game;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, "\"blind-swords\"", "\"a-family-to-come\"", 1), 1);
  game = wb_game_load_from_data (edit->str, -1, path, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

START_TEST (test_rules_free_play)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbPlayRules *rules;

  game = load_free_play_bayou ();
  ck_assert_ptr_nonnull (game);
  play = wb_play_new (game, NULL, wb_scenario_get_id (g_ptr_array_index (wb_game_get_scenarios (game), 0)),
                      NULL, 1, NULL);
  ck_assert_ptr_nonnull (play);
  ck_assert (wb_play_is_free_play (play));
  rules = wb_play_rules_new (NULL, play);
  ck_assert_ptr_null (wb_play_rules_get_level (rules, "spi.zoc-stop"));
  ck_assert (!wb_play_rules_set_level (rules, "spi.zoc-stop", "off"));
  gtk_window_destroy (GTK_WINDOW (rules));
}
END_TEST

/* The view's pixels once they stop changing (the background renders may
 * still be refining the image when the view first looks settled). */
static guint32 *
stable_pixels (WbMapView *view, int *width, int *height)
{
  guint32 *last = NULL;

  for (int tries = 0; tries < 40; tries++)
    {
      g_autoptr(GdkTexture) t = NULL;
      guint32 *now;

      wait_until_settled (view);
      spin_for (50);
      t = render_widget (GTK_WIDGET (view));
      *width = gdk_texture_get_width (t);
      *height = gdk_texture_get_height (t);
      now = g_new (guint32, (gsize) *width * *height);
      gdk_texture_download (t, (guchar *) now, (gsize) *width * 4);
      if (last != NULL && memcmp (last, now, (gsize) *width * *height * 4) == 0)
        {
          g_free (last);
          return now;
        }
      g_free (last);
      last = now;
    }
  return last;
}

/* A marker put down by a click shows on the canvas at its hex (the view
 * draws its copy of the match in its worker threads), and goes on undo. */
START_TEST (test_marker_on_canvas)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbGame *game = wb_window_get_game (window);
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(WbPlayController) c = NULL;
  WbHexMap *map;
  WbOffset h;
  double mx, my, wx, wy;
  guint32 *before, *after, *undone;
  guint n_after = 0, n_undone = 0, n_far = 0;
  int width, height, w2, h2;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  wb_map_view_set_map (view, game, wb_map_view_get_map (view), wb_game_find_scenario (game, "historical"));
  wb_map_view_set_zoom (view, 1.0);
  map = WB_HEX_MAP (wb_map_view_get_map (view));
  ck_assert (wb_hex_map_parse_hex (map, "0515", &h));
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), h, &mx, &my);
  wb_map_view_set_center (view, mx, my);
  play = wb_play_new (game, NULL, "historical", NULL, 1, NULL);
  c = wb_play_controller_new (play);
  wb_map_view_set_match (view, wb_play_get_state (play));
  wait_until_settled (view);
  wb_map_view_map_to_widget (view, mx, my, &wx, &wy);
  /* The pointer of the X server may sit over the view: its hover outline
   * would come and go between the images. */
  {
    GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) ctl = g_list_model_get_item (controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION (ctl))
          g_signal_emit_by_name (ctl, "leave");
      }
    g_object_unref (controllers);
    wait_until_settled (view);
  }

  before = stable_pixels (view, &width, &height);
  wb_play_controller_set_override (c, TRUE);
  wb_play_controller_set_marker (c, "ferry");
  wb_play_controller_click_hex (c, h);
  wb_map_view_set_match (view, wb_play_get_state (play));
  wait_until_settled (view);
  after = stable_pixels (view, &w2, &h2);
  ck_assert (w2 == width && h2 == height);
  shot (GTK_WIDGET (view), "override-marker-canvas.png");
  undo (play);
  wb_map_view_set_match (view, wb_play_get_state (play));
  wait_until_settled (view);
  undone = stable_pixels (view, &w2, &h2);
  ck_assert (w2 == width && h2 == height);
  /* Changed pixels: near the hex's centre only, and none once undone. */
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        gboolean near = fabs (x - wx) < 25 && fabs (y - wy) < 25;

        if (after[y * width + x] != before[y * width + x])
          {
            n_after += near;
            n_far += !near;
          }
        n_undone += undone[y * width + x] != before[y * width + x];
      }
  ck_assert_uint_gt (n_after, 100);
  ck_assert_uint_eq (n_far, 0);
  ck_assert_uint_eq (n_undone, 0);
  g_free (before);
  g_free (after);
  g_free (undone);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-override");
  TCase *tc = tcase_create ("play-override");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_override_move);
  tcase_add_test (tc, test_panel);
  tcase_add_test (tc, test_rules_dialog);
  tcase_add_test (tc, test_rules_free_play);
  tcase_add_test (tc, test_marker_on_canvas);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
