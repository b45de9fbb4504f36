/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-scenario"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-reinforcement-editor.h"
#include "wb-setup-editor.h"
#include "wb-window-scenario.h"
#include "wb-window.h"

#include "gui-common.h"

/* The scenario pane on Wilderness: the set-up chart, units dropped on the
 * map, the turn track, markers, stacking warnings; every change undone
 * through the window back to the file text as loaded. */

/* Whether a label under @widget starts with @prefix. */
static gboolean
has_label_prefix (GtkWidget  *widget,
                  const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label_prefix (child, prefix))
      return TRUE;
  return FALSE;
}

typedef struct {
  GtkWidget  *widget;
  const char *prefix;
} LabelWait;

static gboolean
label_shown (gpointer data)
{
  LabelWait *w = data;

  return has_label_prefix (w->widget, w->prefix);
}

/* The panes rebuild on an idle after each change: wait for a label. */
static void
wait_for_label (gpointer widget, const char *prefix)
{
  LabelWait w = { GTK_WIDGET (widget), prefix };

  ck_assert_msg (spin_until (label_shown, &w, DRAW_TIMEOUT_MS), "no label “%s…” shown", prefix);
}

/* The first descendant of @widget of @type (with CSS class @css_class,
 * or button label @label, when given). */
static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *css_class,
             const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (css_class == NULL || gtk_widget_has_css_class (widget, css_class)) &&
      (label == NULL || (GTK_IS_BUTTON (widget) &&
                         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, css_class, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static char *
dump (WbWindow *window)
{
  return wb_game_to_data (wb_window_get_game (window), NULL);
}

static WbScenario *
shown_scenario (WbWindow *window)
{
  return wb_map_view_get_scenario (wb_window_get_map_view (window));
}

static int
line_of (WbScenario *scenario, const char *unit)
{
  GPtrArray *setup = wb_scenario_get_setup (scenario);

  for (guint i = 0; i < setup->len; i++)
    if (g_strcmp0 (((WbSetup *) g_ptr_array_index (setup, i))->unit, unit) == 0)
      return (int) i;
  return -1;
}

static const char *
place_of (WbScenario *scenario, const char *unit)
{
  const WbPlace *p = wb_scenario_find_setup (scenario, unit, NULL);

  return p != NULL ? p->ref : NULL;
}

/* The centre of printed hex @number, in map points. */
static void
hex_point (WbWindow *window, const char *number, double *x, double *y)
{
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbOffset hex;

  ck_assert (wb_hex_map_parse_hex (map, number, &hex));
  hex_centre (map, hex.col, hex.row, x, y);
}

/* Drops @unit on the map view's drop target at the widget pixel over map
 * point (@x, @y), as GTK does at the end of a drag. */
static gboolean
drop_on_map (WbWindow *window, const char *unit, double x, double y)
{
  WbMapView *view = wb_window_get_map_view (window);
  GtkDropTarget *target = find_drop_target (GTK_WIDGET (view));
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  double wx, wy;

  ck_assert_ptr_nonnull (target);
  ck_assert (gtk_drop_target_get_gtypes (target, NULL)[0] == G_TYPE_STRING);
  wb_map_view_map_to_widget (view, x, y, &wx, &wy);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, unit);
  g_signal_emit_by_name (target, "drop", &value, wx, wy, &accepted);
  g_value_unset (&value);
  return accepted;
}

typedef struct {
  WbMapView *view;
  guint      builds;
} BuildWait;

typedef struct {
  WbReinforcementEditor *track;
  guint                  cards;
} CardWait;

static gboolean
cards_shown (gpointer data)
{
  CardWait *w = data;

  return wb_reinforcement_editor_get_n_cards (w->track) == w->cards;
}

/* The turn track rebuilds on a low-priority idle: wait for it. */
static void
wait_for_cards (WbReinforcementEditor *track, guint cards)
{
  CardWait w = { track, cards };

  ck_assert_msg (spin_until (cards_shown, &w, DRAW_TIMEOUT_MS), "the turn track shows %u cards, not %u",
                 wb_reinforcement_editor_get_n_cards (track), cards);
}

static gboolean
rebuilt (gpointer data)
{
  BuildWait *w = data;

  return wb_map_view_get_cache_builds (w->view) > w->builds;
}

START_TEST (test_setup_and_turn_track)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbSetupEditor *setup = WB_SETUP_EDITOR (wb_window_get_setup_editor (window));
  WbReinforcementEditor *track = WB_REINFORCEMENT_EDITOR (wb_window_get_reinforcement_editor (window));
  g_autofree char *before = dump (window);
  g_autoptr(GError) error = NULL;
  WbScenario *scenario;
  BuildWait wait;
  guint n_reinforcements, n_cards;
  double x, y;
  WbReinforcement *r;
  GArray *turns;

  /* The first scenario is shown; its pane starts closed (issue 20) and
   * opens on its set-up. */
  scenario = shown_scenario (window);
  ck_assert_ptr_nonnull (scenario);
  ck_assert_str_eq (wb_scenario_get_id (scenario), "historical");
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert_str_eq (wb_window_get_scenario_page (window), "setup");
  ck_assert_ptr_eq (wb_setup_editor_get_scenario (setup), scenario);
  ck_assert_uint_eq (wb_setup_editor_get_n_warnings (setup), 0);
  ck_assert (has_label (GTK_WIDGET (setup), "Hex 0414 · Forest"));

  /* A place of the chart shown on the map: centred and outlined. */
  {
    double cx, cy;

    hex_point (window, "1010", &x, &y);
    g_signal_emit_by_name (setup, "show-place", (int) WB_PLACE_HEX, "1010");
    wb_map_view_get_center (view, &cx, &cy);
    ck_assert_double_eq_tol (cx, x, 1.0);
    ck_assert_double_eq_tol (cy, y, 1.0);
    ck_assert_int_eq (wb_map_view_get_selection_outline (view), WB_OUTLINE_POLYGON);
  }

  /* Move Stafford by the editor: the chart's place entry. */
  ck_assert (wb_setup_editor_set_line_places (setup, (guint) line_of (scenario, "stafford"), "514",
                                              &error));
  ck_assert_str_eq (place_of (scenario, "stafford"), "0514");
  wait_for_label (setup, "Hex 0514 · ");
  /* The same place again is no edit: no undo step. */
  {
    guint n = wb_undo_stack_get_n_undo (wb_window_get_undo_stack (window));

    ck_assert (wb_setup_editor_set_line_places (setup, (guint) line_of (scenario, "stafford"),
                                                "0514", &error));
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (wb_window_get_undo_stack (window)), n);
  }
  ck_assert (!has_label_prefix (GTK_WIDGET (setup), "Hex 0414 · "));

  /* Drop Steuart onto 0514 on the map: it joins Stafford, and the map
   * redraws the counters. */
  wait.view = view;
  wait.builds = wb_map_view_get_cache_builds (view);
  hex_point (window, "0514", &x, &y);
  ck_assert (drop_on_map (window, "steuart", x, y));
  ck_assert_str_eq (place_of (scenario, "steuart"), "0514");
  ck_assert_msg (spin_until (rebuilt, &wait, DRAW_TIMEOUT_MS), "the map was not redrawn");
  ck_assert_str_eq (wb_window_unit_at (window, x, y), "steuart");
  spin_for (50);
  ck_assert_uint_eq (wb_setup_editor_get_n_warnings (setup), 0);

  /* A third unit there is over the stacking limit of 2: a warning. */
  ck_assert (wb_window_drop_unit (window, "jones", x, y, &error));
  wait_for_label (setup, "3 units in hex 0514: the stacking limit is 2");
  ck_assert_uint_eq (wb_setup_editor_get_n_warnings (setup), 1);

  /* A drop off the map places nothing and says why. */
  ck_assert (!drop_on_map (window, "jones", -500, -500));
  ck_assert_str_eq (place_of (scenario, "jones"), "0514");
  /* A bad place typed in the chart is refused with a message. */
  ck_assert (!wb_setup_editor_set_line_places (setup, (guint) line_of (scenario, "jones"), "9999",
                                               NULL));
  ck_assert_ptr_nonnull (wb_setup_editor_get_message (setup));
  ck_assert (strstr (wb_setup_editor_get_message (setup), "9999") != NULL);

  /* An off-map box, a unit set up in it by typing its name. */
  ck_assert (wb_setup_editor_add_box (setup, "Reserve", &error));
  ck_assert (wb_setup_editor_set_line_places (setup, (guint) line_of (scenario, "jones"), "reserve",
                                              &error));
  ck_assert_str_eq (place_of (scenario, "jones"), "reserve");
  ck_assert_int_eq (wb_scenario_find_setup (scenario, "jones", NULL)->kind, WB_PLACE_BOX);
  wait_for_label (setup, "Box: Reserve");
  ck_assert_uint_eq (wb_setup_editor_get_n_warnings (setup), 0);

  /* A reinforcement on turn 5 at a hex, on the turn track. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  ck_assert_str_eq (wb_window_get_scenario_page (window), "turns");
  spin_for (50);
  ck_assert_uint_eq (wb_reinforcement_editor_get_n_columns (track), 16);
  n_reinforcements = wb_scenario_get_reinforcements (scenario)->len;
  n_cards = wb_reinforcement_editor_get_n_cards (track);
  ck_assert (wb_reinforcement_editor_add (track, 5, "1010", "Hunton, corse", "if Lee calls", &error));
  ck_assert_uint_eq (wb_scenario_get_reinforcements (scenario)->len, n_reinforcements + 1);
  r = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), n_reinforcements);
  ck_assert_int_eq (r->turn, 5);
  ck_assert_str_eq (g_array_index (r->at, WbPlace, 0).ref, "1010");
  ck_assert_uint_eq (r->units->len, 2);
  ck_assert_str_eq (g_ptr_array_index (r->units, 0), "hunton");
  ck_assert_str_eq (r->condition, "if Lee calls");
  wait_for_cards (track, n_cards + 1);
  ck_assert (has_label (GTK_WIDGET (track), "at 1010"));
  /* An entry area by its name; a turn past the end is refused. */
  ck_assert (wb_reinforcement_editor_edit (track, n_reinforcements, 6, "Orange Turnpike entry",
                                           "hunton", NULL, NULL, -1, &error));
  r = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), n_reinforcements);
  ck_assert_str_eq (r->area, "orange-turnpike");
  ck_assert_uint_eq (r->at->len, 0);
  ck_assert (!wb_reinforcement_editor_add (track, 17, "1010", "corse", NULL, NULL));
  ck_assert (strstr (wb_reinforcement_editor_get_message (track), "17") != NULL);

  /* The same through a card's form: a condition typed, Apply. */
  {
    GtkWidget *card = find_widget (GTK_WIDGET (track), GTK_TYPE_BUTTON, "reinforcement-card", NULL);
    GtkWidget *popover, *entry, *apply;
    guint index;
    int n_entries = 0;

    ck_assert_ptr_nonnull (card);
    index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (card), "wb-index"));
    g_signal_emit_by_name (card, "clicked");
    popover = find_widget (card, GTK_TYPE_POPOVER, NULL, NULL);
    ck_assert_ptr_nonnull (popover);
    /* Entry, units, condition, note: the third is the condition. */
    for (entry = find_widget (popover, GTK_TYPE_GRID, NULL, NULL), entry = gtk_widget_get_first_child (entry);
         entry != NULL; entry = gtk_widget_get_next_sibling (entry))
      if (GTK_IS_ENTRY (entry) && ++n_entries == 3)
        break;
    ck_assert_ptr_nonnull (entry);
    gtk_editable_set_text (GTK_EDITABLE (entry), "on a 5 or 6");
    apply = find_widget (popover, GTK_TYPE_BUTTON, NULL, "_Apply");
    ck_assert_ptr_nonnull (apply);
    g_signal_emit_by_name (apply, "clicked");
    r = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), index);
    ck_assert_str_eq (r->condition, "on a 5 or 6");
    ck_assert (!gtk_widget_get_visible (popover));
    wait_for_label (track, "on a 5 or 6");

    /* The form's fields (issue 15 item 2): Ctrl+Z puts back the text the
     * form opened with and the game is untouched; units that are no units
     * are refused, the field marked, the form open; with nothing typed
     * Ctrl+Z closes the form and is the game's undo. */
    {
      guint n = wb_undo_stack_get_n_undo (wb_window_get_undo_stack (window));
      GtkWidget *units = NULL;
      g_autofree char *shown = NULL;

      spin_for (50);   /* the closed form goes on an idle; the cards were rebuilt */
      card = find_widget (GTK_WIDGET (track), GTK_TYPE_BUTTON, "reinforcement-card", NULL);
      ck_assert_ptr_nonnull (card);
      index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (card), "wb-index"));
      g_signal_emit_by_name (card, "clicked");
      popover = find_widget (card, GTK_TYPE_POPOVER, NULL, NULL);
      ck_assert_ptr_nonnull (popover);
      n_entries = 0;
      for (units = gtk_widget_get_first_child (find_widget (popover, GTK_TYPE_GRID, NULL, NULL));
           units != NULL; units = gtk_widget_get_next_sibling (units))
        if (GTK_IS_ENTRY (units) && ++n_entries == 2)
          break;
      ck_assert_ptr_nonnull (units);
      shown = g_strdup (gtk_editable_get_text (GTK_EDITABLE (units)));
      gtk_editable_set_text (GTK_EDITABLE (units), "nobody-at-all");
      ck_assert (field_key (units, GDK_KEY_z, GDK_CONTROL_MASK));
      ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (units)), shown);
      gtk_editable_set_text (GTK_EDITABLE (units), "nobody-at-all");
      ck_assert (gtk_widget_grab_focus (units));
      g_signal_emit_by_name (units, "activate");
      ck_assert (gtk_widget_has_css_class (units, "error"));
      ck_assert (gtk_widget_get_visible (popover));
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (wb_window_get_undo_stack (window)), n);
      ck_assert (field_key (units, GDK_KEY_z, GDK_CONTROL_MASK));
      ck_assert (!gtk_widget_has_css_class (units, "error"));
      ck_assert (!field_key (units, GDK_KEY_z, GDK_CONTROL_MASK));
      ck_assert (!gtk_widget_get_visible (popover));
      /* (The key is not handled: the window's Ctrl+Z gets it.) */
      r = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), index);
      ck_assert_str_eq (r->condition, "on a 5 or 6");
    }
  }

  /* A turn's label and night flag. */
  ck_assert (wb_reinforcement_editor_set_turn (track, 3, "Noon", TRUE, &error));
  turns = wb_scenario_get_turns (scenario);
  ck_assert_str_eq (g_array_index (turns, WbTurn, 2).label, "Noon");
  ck_assert (g_array_index (turns, WbTurn, 2).night);
  wait_for_label (track, "Noon");

  /* The track's length: not before a reinforcement's turn. */
  ck_assert (!wb_reinforcement_editor_set_turn_count (track, 8, NULL));
  ck_assert (strstr (wb_reinforcement_editor_get_message (track), "turn 9") != NULL);
  ck_assert (wb_reinforcement_editor_set_turn_count (track, 18, &error));
  ck_assert_uint_eq (wb_scenario_get_turns (scenario)->len, 18);
  ck_assert_str_eq (g_array_index (wb_scenario_get_turns (scenario), WbTurn, 2).label, "Noon");
  wait_for_label (track, "18");

  /* Markers: typed, and by a click on the map. */
  ck_assert (wb_setup_editor_add_marker (setup, "town", "0810", &error));
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 1);
  g_signal_emit_by_name (setup, "pick-marker", "ferry");
  ck_assert (wb_map_view_get_picking (view));
  hex_point (window, "1212", &x, &y);
  g_signal_emit_by_name (view, "point-clicked", x, y);
  ck_assert (!wb_map_view_get_picking (view));
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 2);
  ck_assert_str_eq (g_array_index (((WbMarker *) g_ptr_array_index (wb_scenario_get_markers (scenario),
                                                                      1))->at, WbPlace, 0).ref,
                    "1212");
  /* Not a hex feature: refused. */
  ck_assert (!wb_setup_editor_add_marker (setup, "road", "0810", NULL));
  ck_assert_uint_eq (wb_scenario_get_markers (scenario)->len, 2);

  /* Undo everything: the file text as loaded. */
  while (wb_undo_stack_get_can_undo (wb_window_get_undo_stack (window)))
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  {
    g_autofree char *after = dump (window);

    ck_assert_str_eq (before, after);
  }
  wait_for_cards (track, n_cards);
  ck_assert_uint_eq (wb_setup_editor_get_n_warnings (setup), 0);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_scenario_actions)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autofree char *before = dump (window);
  WbScenario *added;

  /* The pane toggles per page. */
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  ck_assert (!wb_window_get_scenario_pane_shown (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-track", NULL));
  ck_assert (wb_window_get_scenario_pane_shown (window));
  ck_assert_str_eq (wb_window_get_scenario_page (window), "turns");

  /* A new scenario on the map is shown at once, empty. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-scenario", NULL));
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 2);
  added = shown_scenario (window);
  ck_assert_ptr_nonnull (added);
  ck_assert_str_eq (wb_scenario_get_name (added), "Scenario 2");
  ck_assert_str_eq (wb_scenario_get_map (added), "wilderness");
  spin_for (50);
  {
    WbSide *first = g_ptr_array_index (wb_game_get_sides (game), 0);
    g_autoptr(GPtrArray) units = wb_game_list_units_of_side (game, first->id);

    ck_assert_uint_eq (wb_setup_editor_get_n_unplaced (WB_SETUP_EDITOR (wb_window_get_setup_editor (window))),
                       units->len);
  }
  ck_assert_uint_eq (wb_reinforcement_editor_get_n_columns (
                       WB_REINFORCEMENT_EDITOR (wb_window_get_reinforcement_editor (window))), 10);

  /* Undoing it shows the map without it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 1);
  ck_assert_ptr_null (shown_scenario (window));
  ck_assert (!wb_window_get_scenario_pane_shown (window));

  /* Delete the historical scenario from its own page, and undo. */
  ck_assert (wb_sidebar_select (wb_window_get_sidebar (window),
                                wb_map_view_get_map (wb_window_get_map_view (window)),
                                wb_game_find_scenario (game, "historical")));
  ck_assert_ptr_nonnull (shown_scenario (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-scenario", NULL));
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 0);
  ck_assert_ptr_null (shown_scenario (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 1);
  {
    g_autofree char *after = dump (window);

    ck_assert_str_eq (before, after);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST


/* The set-up chart's place and note fields commit or revert as one
 * undoable edit (issue 15 item 2); a place that is no place is refused. */
typedef struct { WbWindow *window; const char *unit; const char *field; } SetupField;

static GtkWidget *
find_line_entry (GtkWidget *root, const char *name, guint line)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_ENTRY (w) && g_strcmp0 (gtk_widget_get_name (w), name) == 0 &&
          GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "wb-line")) == line)
        return w;
      if ((found = find_line_entry (w, name, line)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
setup_entry (gpointer data)
{
  SetupField *f = data;
  GtkWidget *entry = find_line_entry (wb_window_get_setup_editor (f->window), f->field,
                                      (guint) line_of (shown_scenario (f->window), f->unit));

  ck_assert_msg (entry != NULL, "no %s field for %s", f->field, f->unit);
  return entry;
}

static char *
setup_model (gpointer data)
{
  SetupField *f = data;
  WbScenario *scenario = shown_scenario (f->window);
  WbSetup *line = g_ptr_array_index (wb_scenario_get_setup (scenario), line_of (scenario, f->unit));

  if (g_str_equal (f->field, "note"))
    return g_strdup (line->note != NULL ? line->note : "");
  return wb_scenario_format_places (wb_window_get_game (f->window), scenario, line->at);
}

START_TEST (test_setup_text_fields)
{
  WbWindow *window = open_test_game ();
  SetupField f = { window, "stafford", "place" };
  FieldDrive d = { setup_entry, setup_model, &f, wb_window_get_undo_stack (window), GTK_WIDGET (window),
                   "win.undo", "514", "0514", "9999" };

  /* The chart's rows are built when the pane is shown, as a user sees it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  spin_for (200);
  drive_text_field (&d);
  f.field = "note";
  d.good = "From the 1863 return";
  d.good_model = NULL;
  d.bad = NULL;
  drive_text_field (&d);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-scenario");
  TCase *tc = tcase_create ("scenario");

  tcase_set_timeout (tc, 120);
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_setup_and_turn_track);
  tcase_add_test (tc, test_setup_text_fields);
  tcase_add_test (tc, test_scenario_actions);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
