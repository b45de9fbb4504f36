/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-table-analysis"

#include "config.h"

#include <check.h>
#include <string.h>
#include <glib/gstdio.h>

#include "wb-sidebar.h"
#include "wb-table-analysis-view.h"
#include "wb-table-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The table editor's exact-analysis pane: the Wilderness CRT's numbers
 * against hand-computed ones (1d6: each roll 1/6), a column made
 * non-monotonic by an edit and back by undo, the show-analysis toggle, a
 * comparison with another CRT and with the saved file (before and after a
 * save), and a d66 fire table's bands for two target ratings. */

static WbTableEditor *
open_table (WbWindow *window, const char *id)
{
  WbTableEditor *editor = WB_TABLE_EDITOR (wb_window_get_table_editor (window));

  ck_assert (wb_sidebar_select_table (wb_window_get_sidebar (window),
                                      wb_game_find_table (wb_window_get_game (window), id)));
  spin_for (250);   /* the window focuses the grid after 100 ms */
  ck_assert (wb_window_get_table_shown (window));
  ck_assert_str_eq (wb_table_get_id (wb_table_editor_get_table (editor)), id);
  return editor;
}

static WbTableAnalysis *
analysis_of (WbTableEditor *editor)
{
  GtkWidget *w = wb_table_editor_get_field (editor, "analysis");

  ck_assert (WB_IS_TABLE_ANALYSIS (w));
  return WB_TABLE_ANALYSIS (w);
}

static void
maybe_shoot (WbWindow *window, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  /* Room for the grid and the pane side by side. */
  g_object_set (window, "show-sidebar", FALSE, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 860);
  spin_for (1500);
  texture = render_widget (GTK_WIDGET (window));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
assert_cell (WbTableAnalysis *view, const char *key, const char *column, const char *expected)
{
  const char *text = wb_table_analysis_get_cell_text (view, key, column);

  ck_assert_msg (text != NULL, "no cell %s/%s", key, column);
  ck_assert_msg (g_str_equal (text, expected), "cell %s/%s: “%s”, expected “%s”", key, column,
                 text, expected);
}

typedef struct { WbTableAnalysis *view; const char *key, *column, *text; } CellWait;

static gboolean
cell_is (gpointer data)
{
  CellWait *w = data;
  return g_strcmp0 (wb_table_analysis_get_cell_text (w->view, w->key, w->column), w->text) == 0;
}

/* The pane recomputes at an idle: wait for it to show @expected. */
static void
wait_cell (WbTableAnalysis *view, const char *key, const char *column, const char *expected)
{
  CellWait w = { view, key, column, expected };

  spin_until (cell_is, &w, 3000);
  assert_cell (view, key, column, expected);
}

typedef struct { WbTableAnalysis *view; const char *prefix; } MessageWait;

static gboolean
message_starts (gpointer data)
{
  MessageWait *w = data;
  return g_str_has_prefix (wb_table_analysis_get_message (w->view), w->prefix);
}

typedef struct { WbTableAnalysis *view; gboolean flagged; } FlagWait;

static gboolean
flag_is (gpointer data)
{
  FlagWait *w = data;
  return (*wb_table_analysis_get_flagged_text (w->view) != '\0') == w->flagged;
}

START_TEST (test_analysis_wilderness)
{
  WbWindow *window = open_test_game ();
  WbTableEditor *editor = open_table (window, "crt");
  WbTableAnalysis *view = analysis_of (editor);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autoptr(GError) error = NULL;
  FlagWait wait = { view, TRUE };

  ck_assert (gtk_widget_get_visible (GTK_WIDGET (view)));
  ck_assert (gtk_widget_get_mapped (wb_table_analysis_get_field (view, "map")));

  /* 1-5: Ar on 1-3, Ae on 4-6; 1-3: Dr on 1; 6-1: De on 1-3, Dr on 4-5, Ex on 6. */
  wait_cell (view, "Ar", "1-5", "50.0 %");
  assert_cell (view, "Ae", "1-5", "50.0 %");
  assert_cell (view, "Dr", "1-5", "–");
  assert_cell (view, "Dr", "1-3", "16.7 %");
  assert_cell (view, "Ar", "1-3", "66.7 %");
  assert_cell (view, "De", "6-1", "50.0 %");
  assert_cell (view, "Dr", "6-1", "33.3 %");
  assert_cell (view, "Ex", "6-1", "16.7 %");
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, WB_TABLE_ANALYSIS_UNCOVERED, "1-5"));
  /* 3-1: De 1/6, Dr 4/6, Ex 1/6: the defender loses 1/6 + ½·4/6 (+ 1/6 for
   * Ex), the attacker ½·1/6: 7/12 = 0.583. */
  assert_cell (view, WB_TABLE_ANALYSIS_DEFENDER_ELIMINATED, "3-1", "0.333");
  assert_cell (view, WB_TABLE_ANALYSIS_ATTACKER_ELIMINATED, "3-1", "0.083");
  assert_cell (view, WB_TABLE_ANALYSIS_SCORE, "3-1", "+0.583");
  assert_cell (view, WB_TABLE_ANALYSIS_SCORE, "1-5", "-0.750");
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, WB_TABLE_ANALYSIS_ATTACKER_STEPS, "1-5"));
  ck_assert_str_eq (wb_table_analysis_get_flagged_text (view), "");
  ck_assert (gtk_widget_get_visible (wb_table_analysis_get_field (view, "flagged")));
  maybe_shoot (window, "analysis-wilderness.png");

  /* The keyboard: cells take the focus, the arrow keys move it. */
  {
    GtkWidget *map = wb_table_analysis_get_field (view, "map");
    GtkWidget *first = gtk_grid_get_child_at (GTK_GRID (map), 1, 1);
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (map);
    gboolean handled = FALSE;
    int x, y;

    ck_assert (gtk_widget_grab_focus (first));
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          g_signal_emit_by_name (c, "key-pressed", GDK_KEY_Right, 0, 0, &handled);
      }
    ck_assert (handled);
    gtk_grid_query_child (GTK_GRID (map), gtk_root_get_focus (GTK_ROOT (window)), &x, &y, NULL, NULL);
    ck_assert_int_eq (x, 2);
    ck_assert_int_eq (y, 1);
  }

  /* The toggle hides and shows the pane. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (editor), "table.show-analysis", NULL));
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (view)));
  {
    gboolean shown;
    g_object_get (editor, "show-analysis", &shown, NULL);
    ck_assert (!shown);
  }

  /* 2-1's roll 1 from Dr to Ae: its score drops to 1/6 − 1/12 − 1/6 =
   * −1/12, under 1-1's 0: flagged, once the pane shows again (hidden, it
   * does not compute). */
  ck_assert (wb_table_editor_commit_text (editor, 0, 5, "Ae", &error));
  spin_for (100);
  ck_assert_str_eq (wb_table_analysis_get_flagged_text (view), "");
  assert_cell (view, "Dr", "2-1", "66.7 %");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (editor), "table.show-analysis", NULL));
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (view)));
  ck_assert_msg (spin_until (flag_is, &wait, 2000), "the edit did not flag 2-1");
  ck_assert_msg (g_str_has_prefix (wb_table_analysis_get_flagged_text (view), "1 column flagged: 2-1 — "),
                 "%s", wb_table_analysis_get_flagged_text (view));
  assert_cell (view, "Ae", "2-1", "16.7 %");
  assert_cell (view, "Dr", "2-1", "50.0 %");
  assert_cell (view, WB_TABLE_ANALYSIS_SCORE, "2-1", "-0.083");
  maybe_shoot (window, "analysis-flagged.png");

  /* Undo (the pane shown): the flag goes at once. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait.flagged = FALSE;
  ck_assert_msg (spin_until (flag_is, &wait, 2000), "undo left the flag");
  assert_cell (view, "Ae", "2-1", "–");
  ck_assert (!wb_undo_stack_get_can_undo (stack));

  /* Redo while a cell of the map has the focus: the map is rebuilt and the
   * focus stays at the same place. */
  {
    GtkWidget *map = wb_table_analysis_get_field (view, "map");
    GtkWidget *focus;
    int x, y;

    ck_assert (gtk_widget_grab_focus (gtk_grid_get_child_at (GTK_GRID (map), 3, 2)));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    wait.flagged = TRUE;
    ck_assert_msg (spin_until (flag_is, &wait, 2000), "redo did not flag 2-1");
    focus = gtk_root_get_focus (GTK_ROOT (window));
    ck_assert_ptr_nonnull (focus);
    ck_assert_ptr_eq (gtk_widget_get_parent (focus), map);
    gtk_grid_query_child (GTK_GRID (map), focus, &x, &y, NULL, NULL);
    ck_assert_int_eq (x, 3);
    ck_assert_int_eq (y, 2);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The Wilderness game with a variant CRT (1-1's roll 1 De instead of Dr,
 * 7-1 instead of 6-1) and a d66 fire table, saved to a temporary file. */
static char *
write_variant_game (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) source = g_file_new_for_path (test_game);
  g_autoptr(WbGame) game = wb_game_load (source, NULL, &error);
  g_autofree char *path = g_build_filename (dir, "variant.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WbTable *crt, *variant, *fire;
  GPtrArray *columns, *rows, *cells;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  crt = wb_game_find_table (game, "crt");
  variant = wb_table_new ("crt-variant", WB_TABLE_ODDS);
  wb_table_set_name (variant, "Variant CRT");
  wb_table_set_dice (variant, "1d6");
  columns = wb_table_get_columns (crt);
  rows = wb_table_get_rows (crt);
  for (guint c = 0; c + 1 < columns->len; c++)
    {
      WbTableColumn *col = columns->pdata[c];
      wb_table_add_column (variant, col->label, col->lo, col->hi);
    }
  wb_table_add_column (variant, "7-1", 7, 1);
  for (guint r = 0; r < rows->len; r++)
    {
      WbTableRow *row = rows->pdata[r];

      cells = g_ptr_array_new_with_free_func (g_free);
      for (guint c = 0; c + 1 < columns->len; c++)
        g_ptr_array_add (cells, g_strdup (r == 0 && c == 4 ? "De" : row->cells->pdata[c]));
      g_ptr_array_add (cells, g_strdup ("De"));
      wb_table_add_row (variant, row->label, row->lo, row->hi, cells);
    }
  ck_assert (wb_game_add_table (game, variant));

  fire = wb_table_new ("fire", WB_TABLE_FIRE);
  wb_table_set_name (fire, "Fire Table");
  wb_table_set_dice (fire, "d66");
  wb_table_add_column (fire, "1-3", 1, 3);
  wb_table_add_column (fire, "4-6", 4, 6);
  cells = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cells, g_strdup ("green:0-1 yellow:2-3"));
  g_ptr_array_add (cells, g_strdup ("green:0-2 yellow:3-4 red:5+"));
  wb_table_add_row (fire, "11-26", 11, 26, cells);
  cells = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cells, g_strdup ("-"));
  g_ptr_array_add (cells, g_strdup ("green:0"));
  wb_table_add_row (fire, "31-66", 31, 66, cells);
  ck_assert (wb_game_add_table (game, fire));

  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  return g_steal_pointer (&path);
}

START_TEST (test_analysis_compare)
{
  g_autofree char *dir = g_dir_make_tmp ("wb-analysis-XXXXXX", NULL);
  g_autofree char *path = write_variant_game (dir);
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "crt");
  WbTableAnalysis *view = analysis_of (editor);
  GtkDropDown *compare = GTK_DROP_DOWN (wb_table_analysis_get_field (view, "compare"));
  GListModel *items;
  g_autoptr(GError) error = NULL;

  wb_table_analysis_flush (view);
  /* Nothing, the other odds table (not the fire table), the saved version. */
  items = gtk_drop_down_get_model (compare);
  ck_assert_uint_eq (g_list_model_get_n_items (items), 3);
  ck_assert_str_eq (gtk_string_list_get_string (GTK_STRING_LIST (items), 1), "Variant CRT");
  ck_assert (!wb_table_analysis_compare_with (view, "fire"));
  ck_assert (!wb_table_analysis_compare_with (view, "crt"));

  /* Chosen in the drop-down: 1-1 has Dr on 1-3 here, on 2-3 in the variant. */
  gtk_drop_down_set_selected (compare, 1);
  wb_table_analysis_flush (view);
  assert_cell (view, "Dr", "1-1", "50.0 → 33.3 %\n-16.7");
  assert_cell (view, "De", "1-1", "– → 16.7 %\n+16.7");
  assert_cell (view, "Ar", "1-1", "50.0 → 50.0 %\n±0");
  assert_cell (view, WB_TABLE_ANALYSIS_SCORE, "1-1", "+0.000 → +0.083\n+0.083");
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, "Dr", "6-1"));
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, "Dr", "7-1"));
  ck_assert_msg (strstr (wb_table_analysis_get_message (view), "Only in this table: 6-1.") != NULL &&
                 strstr (wb_table_analysis_get_message (view), "Only in “Variant CRT”: 7-1.") != NULL,
                 "%s", wb_table_analysis_get_message (view));
  maybe_shoot (window, "analysis-compare.png");

  /* The saved version: edit 1-5's roll 1 (Ar to Dr) without saving. */
  ck_assert (wb_table_analysis_compare_with_saved (view));
  ck_assert (wb_table_editor_commit_text (editor, 0, 0, "Dr", &error));
  wait_cell (view, "Ar", "1-5", "33.3 → 50.0 %\n+16.7");
  ck_assert_uint_eq (gtk_drop_down_get_selected (compare), 2);
  assert_cell (view, "Dr", "1-5", "16.7 % → –\n-16.7");
  assert_cell (view, "Ar", "6-1", "–");
  ck_assert_str_eq (wb_table_analysis_get_message (view), "");

  /* Saved: the saved version is read again and matches. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ck_assert (!wb_window_get_dirty (window));
  wait_cell (view, "Ar", "1-5", "33.3 → 33.3 %\n±0");

  /* The file gone: the map without the comparison, and why. */
  ck_assert_int_eq (g_unlink (path), 0);
  wb_table_analysis_queue_update (view);
  {
    MessageWait w = { view, "No comparison: " };
    ck_assert_msg (spin_until (message_starts, &w, 3000), "%s", wb_table_analysis_get_message (view));
  }
  assert_cell (view, "Ar", "1-5", "33.3 %");

  /* Back to no comparison through the drop-down. */
  gtk_drop_down_set_selected (compare, 0);
  wb_table_analysis_flush (view);
  assert_cell (view, "Ar", "1-5", "33.3 %");

  /* Without a file there is no saved version to compare with. */
  wb_table_analysis_set_file (view, NULL);
  ck_assert (!wb_table_analysis_compare_with_saved (view));
  wb_table_analysis_flush (view);
  gtk_drop_down_set_selected (compare, 2);
  wb_table_analysis_flush (view);
  ck_assert_uint_eq (gtk_drop_down_get_selected (compare), 0);
  assert_cell (view, "Ar", "1-5", "33.3 %");
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      /* The list open: "Saved version" greyed out. */
      GtkWidget *child;

      g_signal_emit_by_name (compare, "activate");
      spin_for (500);
      for (child = gtk_widget_get_first_child (GTK_WIDGET (compare)); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_POPOVER (child))
          {
            g_autoptr(GdkTexture) texture = render_widget (child);
            g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"),
                                                      "analysis-compare-list.png", NULL);
            gdk_texture_save_to_png (texture, shot);
            gtk_popover_popdown (GTK_POPOVER (child));
          }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autofree char *copy = g_build_filename (dir, "variant.warbench", NULL);
    g_unlink (copy);
    g_rmdir (dir);
  }
}
END_TEST

START_TEST (test_analysis_fire)
{
  g_autofree char *dir = g_dir_make_tmp ("wb-analysis-XXXXXX", NULL);
  g_autofree char *path = write_variant_game (dir);
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "fire");
  WbTableAnalysis *view = analysis_of (editor);
  GtkWidget *rating = wb_table_analysis_get_field (view, "rating");

  wb_table_analysis_flush (view);
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (rating)));
  ck_assert_int_eq (wb_table_analysis_get_rating (view), 0);
  /* d66: 11-26 is 12 of 36 throws, 31-66 the other 24. */
  assert_cell (view, "green", "1-3", "33.3 %");
  assert_cell (view, WB_TABLE_ANALYSIS_UNCOVERED, "1-3", "66.7 %");
  assert_cell (view, "green", "4-6", "100.0 %");
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, WB_TABLE_ANALYSIS_SCORE, "1-3"));
  ck_assert_str_eq (wb_table_analysis_get_flagged_text (view), "");

  /* Rating 3 through the spin button: yellow in both, 1/3. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (rating), 3);
  wb_table_analysis_flush (view);
  ck_assert_int_eq (wb_table_analysis_get_rating (view), 3);
  assert_cell (view, "yellow", "1-3", "33.3 %");
  assert_cell (view, "yellow", "4-6", "33.3 %");
  assert_cell (view, WB_TABLE_ANALYSIS_UNCOVERED, "4-6", "66.7 %");
  /* Every band keeps its row, in order of the ratings it starts at. */
  assert_cell (view, "green", "4-6", "–");
  assert_cell (view, "red", "1-3", "–");
  /* Ratings are clamped to the ones the table names (0 … 5). */
  wb_table_analysis_set_rating (view, 99);
  wb_table_analysis_flush (view);
  ck_assert_int_eq (wb_table_analysis_get_rating (view), 5);
  assert_cell (view, "red", "4-6", "33.3 %");
  wb_table_analysis_set_rating (view, 3);
  maybe_shoot (window, "analysis-fire.png");

  /* Compared with the saved version after an edit: 4-6's 31-66 from
   * green:0 to yellow:3, so at rating 3 yellow goes from 1/3 to all. */
  ck_assert (wb_table_editor_commit_text (editor, 1, 1, "yellow:3", NULL));
  ck_assert (wb_table_analysis_compare_with_saved (view));
  wait_cell (view, "yellow", "4-6", "100.0 → 33.3 %\n-66.7");
  assert_cell (view, WB_TABLE_ANALYSIS_UNCOVERED, "4-6", "– → 66.7 %\n+66.7");
  assert_cell (view, "yellow", "1-3", "33.3 → 33.3 %\n±0");

  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autofree char *copy = g_build_filename (dir, "variant.warbench", NULL);
    g_unlink (copy);
    g_rmdir (dir);
  }
}
END_TEST

/* Format 6 tables (tests/data/tables.warbench): dice pools, unknown cells,
 * a chart without dice. */
START_TEST (test_analysis_formats)
{
  g_autofree char *path = g_build_filename (test_data, "tables.warbench", NULL);
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "firepower");
  WbTableAnalysis *view = analysis_of (editor);

  /* Hits on ≤ the column's number with a d6: column 1, one die 1/6, two
   * dice 1 − (5/6)² = 11/36; column 2, one die 1/3; a "-" cell rolls none. */
  wait_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "1", "1", "16.7 %\n1 die · 0.167 hits");
  assert_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "2", "1", "30.6 %\n2 dice · 0.333 hits");
  assert_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "1", "2", "33.3 %\n1 die · 0.333 hits");
  assert_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "2", "2", "–\n0 dice · 0.000 hits");
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, "1", "1"));
  ck_assert_ptr_null (wb_table_analysis_get_cell_text (view, WB_TABLE_ANALYSIS_UNCOVERED, "1"));
  ck_assert_msg (g_str_has_prefix (wb_table_analysis_get_message (view),
                                   "Dice pool: d6, a die hits on <=column."),
                 "%s", wb_table_analysis_get_message (view));
  maybe_shoot (window, "analysis-pool.png");

  open_table (window, "battle");
  wait_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "3+", "Dice", "?");
  assert_cell (view, WB_TABLE_ANALYSIS_POOL_PREFIX "1-2", "Dice", "16.7 %\n1 die · 0.167 hits");

  /* d66 fire table: 11-56 is 30 of 36 throws, "-" in C and unknown in 1. */
  open_table (window, "fire");
  wait_cell (view, "?", "1", "83.3 %");
  assert_cell (view, "green", "C", "16.7 %");
  assert_cell (view, "green", "1", "16.7 %");
  assert_cell (view, WB_TABLE_ANALYSIS_UNCOVERED, "C", "83.3 %");

  open_table (window, "tec");
  wb_table_analysis_flush (view);
  ck_assert_msg (strstr (wb_table_analysis_get_message (view), "is a chart") != NULL,
                 "%s", wb_table_analysis_get_message (view));
  ck_assert_ptr_null (gtk_widget_get_first_child (wb_table_analysis_get_field (view, "map")));

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Chickasaw Bayou's tables as shipped: the rulebook-only CRT's cells are
 * all unknown ("?") until the rulebook's are typed in (the reconstructed
 * "crt" plays by default); the Break Test Table's codes carry their own
 * effects, morale hits among them. */
START_TEST (test_analysis_bayou)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "crt-rulebook");
  WbTableAnalysis *view = analysis_of (editor);

  wait_cell (view, "?", "C", "100.0 %");
  assert_cell (view, "?", "23+", "100.0 %");
  ck_assert (!gtk_widget_get_visible (gtk_widget_get_parent (wb_table_analysis_get_field (view, "rating"))));
  ck_assert_msg (g_str_has_prefix (wb_table_analysis_get_message (view), "No cell names a band"),
                 "%s", wb_table_analysis_get_message (view));

  /* Break test, 1d6: B3 on 4-6 at CR 0, 4 and 5 at CR 1 … */
  open_table (window, "break-test");
  wait_cell (view, "B3", "CR 0", "66.7 %");
  assert_cell (view, "B3", "CR 1", "50.0 %");
  assert_cell (view, "S", "CR 6", "100.0 %");
  assert_cell (view, WB_TABLE_ANALYSIS_DEFENDER_MORALE, "CR 1", "0.167");
  assert_cell (view, WB_TABLE_ANALYSIS_SCORE, "CR 1", "+0.854");
  ck_assert_str_eq (wb_table_analysis_get_message (view), "");
  maybe_shoot (window, "analysis-break-test.png");

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-table-analysis");
  TCase *tc;

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }
  tc = tcase_create ("analysis");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_analysis_wilderness);
  tcase_add_test (tc, test_analysis_compare);
  tcase_add_test (tc, test_analysis_fire);
  tcase_add_test (tc, test_analysis_formats);
  tcase_add_test (tc, test_analysis_bayou);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
