/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-legend"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-legend-editor.h"
#include "wb-map-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The Map Legend window: opened from the main window, edited through its
 * widgets, undone through the main window's undo. With WARBENCH_SHOT_DIR
 * set, test_legend_roles saves the window as legend-feature.png (a refused
 * role on Creek) and legend-terrain.png (Clear). */

static GtkWidget *
named (WbLegendEditor *legend,
       const char     *name)
{
  GtkWidget *widget = find_named (GTK_WIDGET (legend), name);

  ck_assert_msg (widget != NULL, "no widget named %s", name);
  return widget;
}

/* The legend window the main window opened. */
static WbLegendEditor *
open_legend (WbWindow *window)
{
  GListModel *toplevels;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.legend", NULL));
  spin_for (100);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (WB_IS_LEGEND_EDITOR (item))
        {
          ck_assert_ptr_eq (gtk_window_get_transient_for (item), GTK_WINDOW (window));
          ck_assert (!gtk_window_get_modal (item));
          ck_assert (gtk_widget_get_visible (GTK_WIDGET (item)));
          return WB_LEGEND_EDITOR (item);
        }
    }
  ck_abort_msg ("win.legend opened no legend window");
  return NULL;
}

static void
undo (WbWindow *window)
{
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
}

START_TEST (test_legend_edits_and_undo)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbLegendEditor *legend = open_legend (window);
  g_autofree char *original = wb_game_to_data (game, NULL);
  GdkRGBA magenta = { 1, 0, 1, 1 };
  GtkWidget *color, *spin, *own;
  g_autoptr(GdkTexture) shot = NULL;
  gboolean found;

  ck_assert_str_eq (gtk_window_get_title (GTK_WINDOW (legend)), "Map Legend");
  /* A proper dialog: a header bar of its own (issue 20). */
  ck_assert (GTK_IS_HEADER_BAR (gtk_window_get_titlebar (GTK_WINDOW (legend))));
  ck_assert_ptr_eq (wb_legend_editor_get_game (legend), game);

  /* Both lists show every type. */
  {
    GtkWidget *list = named (legend, "terrain-list");
    guint rows = 0;

    for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL; c = gtk_widget_get_next_sibling (c))
      rows++;
    ck_assert_uint_eq (rows, wb_game_get_terrain (game)->len);
  }

  /* The colour of Clear, through the colour button. */
  ck_assert (wb_legend_editor_select (legend, FALSE, "clear"));
  color = named (legend, "color-button");
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (color), &magenta);
  g_signal_emit_by_name (color, "color-set");
  ck_assert_str_eq (wb_game_find_terrain (game, "clear")->color, "#ff00ff");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit terrain “Clear”");

  /* The canvas follows: Clear hexes come out magenta. */
  wait_for_draw (view);
  wait_until_settled (view);
  shot = render_widget (GTK_WIDGET (view));
  ck_assert_uint_gt (count_color (shot, "#ff00ff"), 50);

  /* A movement cost: Forest gets its own for cavalry, then three steps of
   * the spin button, merged into one undo step. */
  ck_assert (wb_legend_editor_select (legend, FALSE, "forest"));
  own = named (legend, "move-own-cavalry");
  spin = named (legend, "move-spin-cavalry");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (own), TRUE);
  ck_assert (gtk_widget_get_sensitive (spin));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 6);
  ck_assert (wb_move_costs_lookup (wb_game_find_terrain (game, "forest")->move, "cavalry", &found) == 6);
  ck_assert (found);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);

  /* Prohibited. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (legend, "move-prohibited-cavalry")), TRUE);
  ck_assert (wb_move_costs_lookup (wb_game_find_terrain (game, "forest")->move, "cavalry", NULL) < 0);
  ck_assert (!gtk_widget_get_sensitive (spin));

  /* The window's undo takes it all back, and the form follows. */
  undo (window);
  ck_assert (wb_move_costs_lookup (wb_game_find_terrain (game, "forest")->move, "cavalry", NULL) == 6);
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (named (legend, "move-prohibited-cavalry"))));
  undo (window);
  ck_assert (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) != 6);
  undo (window);
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (own)));
  undo (window);
  ck_assert_str_ne (wb_game_find_terrain (game, "clear")->color, "#ff00ff");
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, original);
  }

  /* The legend's own Ctrl+Z reaches the main window's undo. */
  ck_assert (wb_legend_editor_select (legend, FALSE, "rough"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (legend, "defense-spin")), 3);
  ck_assert (wb_game_find_terrain (game, "rough")->defense == 3);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.undo", NULL));
  ck_assert (wb_game_find_terrain (game, "rough")->defense != 3);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_legend_add_remove)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbLegendEditor *legend = open_legend (window);
  g_autofree char *original = wb_game_to_data (game, NULL);
  guint n_terrain = wb_game_get_terrain (game)->len;
  guint n_features = wb_game_get_features (game)->len;
  GtkWidget *name;
  const char *id;
  gboolean feature;

  /* Add a terrain type and name it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.add-terrain", NULL));
  ck_assert_uint_eq (wb_game_get_terrain (game)->len, n_terrain + 1);
  id = wb_legend_editor_get_selected (legend, &feature);
  ck_assert (!feature);
  ck_assert_ptr_nonnull (wb_game_find_terrain (game, id));
  name = named (legend, "name-entry");
  gtk_editable_set_text (GTK_EDITABLE (name), "Swamp");
  g_signal_emit_by_name (name, "activate");
  ck_assert_str_eq (wb_game_find_terrain (game, id)->name, "Swamp");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (named (legend, "pattern-dropdown")), 3);
  ck_assert_str_eq (wb_game_find_terrain (game, id)->pattern, "marsh");

  /* And remove it: nothing uses it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.remove", NULL));
  ck_assert_uint_eq (wb_game_get_terrain (game)->len, n_terrain);
  ck_assert_ptr_null (wb_legend_editor_get_selected (legend, NULL));

  /* A feature type. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.add-feature", "s", "hexside"));
  ck_assert_uint_eq (wb_game_get_features (game)->len, n_features + 1);
  id = wb_legend_editor_get_selected (legend, &feature);
  ck_assert (feature);
  ck_assert_int_eq (wb_game_find_feature (game, id)->where, WB_FEATURE_HEXSIDE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (legend, "zoc-check")), TRUE);
  ck_assert (wb_game_find_feature (game, id)->blocks_zoc);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.remove", NULL));
  ck_assert_uint_eq (wb_game_get_features (game)->len, n_features);

  /* Removing Rough, which hexes use, is refused and changes nothing. */
  {
    guint steps = wb_undo_stack_get_n_undo (stack);
    g_autofree char *before = wb_game_to_data (game, NULL);
    g_autofree char *after = NULL;

    ck_assert (wb_legend_editor_select (legend, FALSE, "rough"));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.remove", NULL));
    after = wb_game_to_data (game, NULL);
    ck_assert_str_eq (before, after);
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), steps);
    ck_assert_ptr_nonnull (wb_legend_editor_get_message (legend));
    ck_assert_msg (strstr (wb_legend_editor_get_message (legend), "Rough") != NULL, "%s",
                   wb_legend_editor_get_message (legend));

    /* The offered repaint: Rough becomes Clear, and undo brings it back.
     * The brush held Rough: it falls back to a type that is left. */
    wb_map_editor_set_terrain (wb_window_get_map_editor (window), "rough");
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.replace-terrain", "s", "clear"));
    ck_assert_ptr_null (wb_game_find_terrain (game, "rough"));
    ck_assert_ptr_nonnull (wb_game_find_terrain (game, wb_map_editor_get_terrain (wb_window_get_map_editor (window))));
    ck_assert_uint_eq (wb_legend_count_terrain (game, "rough", NULL, NULL), 0);
    undo (window);
    ck_assert_ptr_nonnull (wb_game_find_terrain (game, "rough"));
    ck_assert_uint_gt (wb_legend_count_terrain (game, "rough", NULL, NULL), 0);
    after = (g_free (after), wb_game_to_data (game, NULL));
    ck_assert_str_eq (before, after);
  }

  /* Forest is named by the rules parameters (the Confederate's forest
   * cost, 17.12): the repaint is refused too, saying where, and changes
   * nothing — the file would not load again. */
  {
    g_autofree char *before = wb_game_to_data (game, NULL);
    g_autofree char *after = NULL;

    ck_assert (wb_legend_editor_select (legend, FALSE, "forest"));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (legend), "legend.replace-terrain", "s", "clear"));
    ck_assert_ptr_nonnull (wb_game_find_terrain (game, "forest"));
    after = wb_game_to_data (game, NULL);
    ck_assert_str_eq (before, after);
    ck_assert_ptr_nonnull (wb_legend_editor_get_message (legend));
    ck_assert_msg (strstr (wb_legend_editor_get_message (legend), "rules.params.movement_profiles[0].costs.forest") != NULL,
                   "%s", wb_legend_editor_get_message (legend));
  }

  while (wb_undo_stack_get_can_undo (stack))
    undo (window);
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, original);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Issue 14 item 2: a feature's roles field, refused with the reader's
 * message when the game's rules know no such role for that kind of
 * feature, the model and the undo stack untouched. */
START_TEST (test_legend_roles)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbLegendEditor *legend = open_legend (window);
  GtkWidget *roles;
  guint before = wb_undo_stack_get_n_undo (stack);

  ck_assert (wb_legend_editor_select (legend, TRUE, "creek"));
  roles = named (legend, "roles-entry");
  ck_assert (gtk_widget_get_visible (roles));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (roles)), "");
  gtk_editable_set_text (GTK_EDITABLE (roles), "river-crossing");
  g_signal_emit_by_name (roles, "activate");
  ck_assert_uint_eq (wb_game_find_feature (game, "creek")->roles->len, 0);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), before);
  ck_assert_msg (strstr (wb_legend_editor_get_message (legend), "and none for hexside features") != NULL, "%s",
                 wb_legend_editor_get_message (legend));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (roles)), "");
  save_shot (GTK_WIDGET (legend), "legend-feature.png", 300);
  /* A terrain type has no roles field. */
  ck_assert (wb_legend_editor_select (legend, FALSE, "clear"));
  ck_assert (!gtk_widget_get_visible (roles));
  save_shot (GTK_WIDGET (legend), "legend-terrain.png", 300);
}
END_TEST


/* The legend's text fields commit or revert as one undoable edit (issue
 * 15 item 2): a name (never empty), a note, a feature's roles. */
typedef struct { WbLegendEditor *legend; WbGame *game; const char *field; } LegendField;

static GtkWidget *
legend_entry (gpointer data)
{
  LegendField *f = data;
  g_autofree char *name = g_strconcat (f->field, "-entry", NULL);

  return named (f->legend, name);
}

static char *
legend_model (gpointer data)
{
  LegendField *f = data;
  WbFeatureType *creek = wb_game_find_feature (f->game, "creek");
  g_autoptr(GString) roles = g_string_new (NULL);

  if (g_str_equal (f->field, "name"))
    return g_strdup (creek->name);
  if (g_str_equal (f->field, "note"))
    return g_strdup (creek->note != NULL ? creek->note : "");
  for (guint i = 0; i < creek->roles->len; i++)
    g_string_append_printf (roles, "%s%s", i > 0 ? ", " : "", (char *) g_ptr_array_index (creek->roles, i));
  return g_string_free (g_steal_pointer (&roles), FALSE);
}

START_TEST (test_legend_text_fields)
{
  WbWindow *window = open_test_game ();
  LegendField f = { open_legend (window), wb_window_get_game (window), "name" };
  FieldDrive d = { legend_entry, legend_model, &f, wb_window_get_undo_stack (window), NULL,
                   "legend.undo", "Run", NULL, "  " };

  d.undo_widget = GTK_WIDGET (f.legend);
  ck_assert (wb_legend_editor_select (f.legend, TRUE, "creek"));
  drive_text_field (&d);
  f.field = "note";
  d.good = "Fordable everywhere";
  d.bad = NULL;
  drive_text_field (&d);
  /* The roles: this game's rules know none for a hexside feature, so a
   * role is refused, marked, and Ctrl+Z puts the field back. */
  f.field = "roles";
  {
    GtkWidget *roles = legend_entry (&f);
    guint n = wb_undo_stack_get_n_undo (d.stack);

    ck_assert (gtk_widget_grab_focus (roles));
    gtk_editable_set_text (GTK_EDITABLE (roles), "river-crossing");
    g_signal_emit_by_name (roles, "activate");
    ck_assert (gtk_widget_has_css_class (roles, "error"));
    ck_assert_uint_eq (wb_game_find_feature (f.game, "creek")->roles->len, 0);
    ck_assert_uint_eq (wb_undo_stack_get_n_undo (d.stack), n);
    gtk_editable_set_text (GTK_EDITABLE (roles), "river-crossing");
    ck_assert (!gtk_widget_has_css_class (roles, "error"));
    ck_assert (field_key (roles, GDK_KEY_z, GDK_CONTROL_MASK));
    ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (roles)), "");
    ck_assert (!field_key (roles, GDK_KEY_z, GDK_CONTROL_MASK));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-legend");
  TCase *tc;

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }
  tc = tcase_create ("legend");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_legend_edits_and_undo);
  tcase_add_test (tc, test_legend_add_remove);
  tcase_add_test (tc, test_legend_roles);
  tcase_add_test (tc, test_legend_text_fields);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
