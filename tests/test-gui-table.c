/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-table"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-new-table-dialog.h"
#include "wb-sidebar.h"
#include "wb-table-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The table editor on the Wilderness CRT, driven through its actions and
 * API: the way in from the sidebar and back, a 10×6 table's worth of cells
 * typed in place, a block pasted from a spreadsheet, rows and columns
 * inserted, moved and removed, the legend and header fields, and
 * everything undone through the window to the identical file text. */

static WbTableEditor *
open_table (WbWindow *window, const char *id)
{
  WbTableEditor *editor = WB_TABLE_EDITOR (wb_window_get_table_editor (window));

  ck_assert (!wb_window_get_table_shown (window));
  ck_assert (wb_sidebar_select_table (wb_window_get_sidebar (window),
                                      wb_game_find_table (wb_window_get_game (window), id)));
  spin_for (250);   /* the window focuses the grid after 100 ms */
  ck_assert (wb_window_get_table_shown (window));
  ck_assert_ptr_nonnull (wb_table_editor_get_table (editor));
  ck_assert_str_eq (wb_table_get_id (wb_table_editor_get_table (editor)), id);
  return editor;
}

static const char *
cell (WbTable *t, guint row, guint column)
{
  WbTableRow *r = g_ptr_array_index (wb_table_get_rows (t), row);
  return g_ptr_array_index (r->cells, column);
}

/* Cell (2, 2) of the table reads "left" (the focus left the edit). */
static gboolean
left_kept (gpointer data)
{
  return g_strcmp0 (cell (data, 2, 2), "left") == 0;
}

static void
act (WbTableEditor *editor, const char *action)
{
  ck_assert_msg (gtk_widget_activate_action (GTK_WIDGET (editor), action, NULL), "%s", action);
}

/* Sends a key press to the grid's key controller, as a focused cell would. */
static void
press (WbTableEditor *editor, guint keyval, GdkModifierType state)
{
  GtkWidget *grid = wb_table_editor_get_field (editor, "grid");
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (grid);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
    }
  ck_assert_msg (handled, "key %s not handled", gdk_keyval_name (keyval));
}

static void
maybe_shoot_widget (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (1000);
  texture = render_widget (widget);
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
maybe_shoot (WbWindow *window, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (1500);
  texture = render_widget (GTK_WIDGET (window));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static struct {
  WbTable    *table;
  guint       index;
  const char *name;
} code_named;

static gboolean
code_has_name (gpointer data)
{
  GPtrArray *codes = wb_table_get_codes (code_named.table);

  return code_named.index < codes->len &&
         g_strcmp0 (((WbResultCode *) g_ptr_array_index (codes, code_named.index))->name, code_named.name) == 0;
}

START_TEST (test_table_editor)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *original = wb_game_to_data (game, NULL);
  WbTableEditor *editor;
  WbTable *t;
  GtkWidget *entry;
  g_autoptr(GError) error = NULL;
  g_autofree char *copied = NULL;
  int row, col;

  editor = open_table (window, "crt");
  t = wb_table_editor_get_table (editor);
  ck_assert_uint_eq (wb_table_get_columns (t)->len, 10);
  ck_assert_uint_eq (wb_table_get_rows (t)->len, 6);
  ck_assert_ptr_nonnull (wb_table_editor_get_field (editor, "cell:5:9"));
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (wb_table_editor_get_field (editor, "cell:0:0"))),
                    "Ar");
  maybe_shoot (window, "table-wilderness.png");

  /* Type every cell in place: Enter keeps the text and moves down. */
  for (int c = 0; c < 10; c++)
    {
      wb_table_editor_set_cursor (editor, 0, c);
      for (int r = 0; r < 6; r++)
        {
          g_autofree char *text = g_strdup_printf ("%c%d", 'A' + c, r + 1);
          entry = wb_table_editor_start_edit (editor);
          ck_assert_ptr_nonnull (entry);
          gtk_editable_set_text (GTK_EDITABLE (entry), text);
          g_signal_emit_by_name (entry, "activate");
          wb_table_editor_get_cursor (editor, &row, &col);
          ck_assert_int_eq (row, MIN (r + 1, 5));
          ck_assert_int_eq (col, c);
        }
    }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 60);
  ck_assert_str_eq (cell (t, 0, 0), "A1");
  ck_assert_str_eq (cell (t, 5, 9), "J6");
  ck_assert_str_eq (wb_table_lookup (t, 4, 2), "C4");
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (wb_table_editor_get_field (editor, "cell:5:9"))),
                    "J6");

  /* The keyboard: arrows, Tab, Shift+arrows; typing starts an edit that
   * Enter keeps. */
  wb_table_editor_set_cursor (editor, 0, 0);
  press (editor, GDK_KEY_Right, 0);
  press (editor, GDK_KEY_Down, 0);
  press (editor, GDK_KEY_Tab, 0);
  wb_table_editor_get_cursor (editor, &row, &col);
  ck_assert_int_eq (row, 1);
  ck_assert_int_eq (col, 2);
  press (editor, GDK_KEY_Up, 0);
  press (editor, GDK_KEY_Up, 0);
  press (editor, GDK_KEY_Up, 0);
  wb_table_editor_get_cursor (editor, &row, &col);
  ck_assert_int_eq (row, -1);
  press (editor, GDK_KEY_Down, 0);
  press (editor, GDK_KEY_Right, GDK_SHIFT_MASK);
  press (editor, GDK_KEY_Down, GDK_SHIFT_MASK);
  copied = wb_table_editor_copy_text (editor);
  ck_assert_str_eq (copied, "C1\tD1\nC2\tD2\n");
  g_clear_pointer (&copied, g_free);
  press (editor, GDK_KEY_Q, GDK_SHIFT_MASK);
  entry = wb_table_editor_start_edit (editor);   /* the edit in progress */
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "Q");
  g_signal_emit_by_name (entry, "activate");
  ck_assert_str_eq (cell (t, 1, 3), "Q");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_str_eq (cell (t, 1, 3), "D2");

  /* Moving the cursor away finishes an edit in progress. */
  wb_table_editor_set_cursor (editor, 1, 1);
  entry = wb_table_editor_start_edit (editor);
  gtk_editable_set_text (GTK_EDITABLE (entry), "nothing");
  ck_assert (gtk_widget_get_visible (entry));
  wb_table_editor_set_cursor (editor, 1, 1);   /* finishes the edit: "nothing" */
  ck_assert_str_eq (cell (t, 1, 1), "nothing");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));

  /* Clicking elsewhere (the focus leaves the cell) keeps the text and
   * leaves the focus where it went. */
  wb_table_editor_set_cursor (editor, 2, 2);
  entry = wb_table_editor_start_edit (editor);
  gtk_editable_set_text (GTK_EDITABLE (entry), "left");
  gtk_widget_grab_focus (wb_table_editor_get_field (editor, "note"));
  /* The focus-out is handled on the main loop (slowly on a loaded machine). */
  spin_until (left_kept, t, 3000);
  ck_assert_str_eq (cell (t, 2, 2), "left");
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
    ck_assert_msg (focus != NULL && (focus == wb_table_editor_get_field (editor, "note") ||
                                     gtk_widget_is_ancestor (focus, wb_table_editor_get_field (editor, "note"))),
                   "focus on %s", focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  }
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_str_eq (cell (t, 2, 2), "C3");

  /* A row label and a column header set the rolls and the bounds. */
  ck_assert (wb_table_editor_commit_text (editor, 5, -1, "6-7", &error));
  ck_assert_int_eq (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (t), 5))->hi, 7);
  ck_assert (wb_table_editor_commit_text (editor, -1, 9, "7-1", &error));
  ck_assert (((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (t), 9))->lo == 7);
  ck_assert (!wb_table_editor_commit_text (editor, 0, -1, "5-2", &error));
  ck_assert (strstr (error->message, "empty") != NULL);
  ck_assert (gtk_widget_get_visible (wb_table_editor_get_field (editor, "error")));
  g_clear_error (&error);
  ck_assert_str_eq (cell (t, 1, 1), "B2");

  /* Copy a block, paste it from a spreadsheet past the corner: the table
   * grows in one step. */
  wb_table_editor_set_cursor (editor, 0, 0);
  wb_table_editor_select_to (editor, 1, 2);
  copied = wb_table_editor_copy_text (editor);
  ck_assert_str_eq (copied, "A1\tB1\tC1\nA2\tB2\tC2\n");
  wb_table_editor_set_cursor (editor, 5, 8);
  ck_assert (wb_table_editor_paste_text (editor, "Ar\tDr\tDe\r\nEx\tAe\tDe\r\n", &error));
  ck_assert_uint_eq (wb_table_get_columns (t)->len, 11);
  ck_assert_uint_eq (wb_table_get_rows (t)->len, 7);
  ck_assert_str_eq (cell (t, 6, 10), "De");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paste cells");

  /* Rows and columns: insert below/right of the cursor, move, remove. */
  wb_table_editor_set_cursor (editor, 2, 3);
  act (editor, "table.insert-row");
  ck_assert_uint_eq (wb_table_get_rows (t)->len, 8);
  ck_assert_str_eq (cell (t, 3, 0), "");
  act (editor, "table.move-row-up");
  wb_table_editor_get_cursor (editor, &row, &col);
  ck_assert_int_eq (row, 2);
  ck_assert_str_eq (cell (t, 2, 0), "");
  ck_assert_str_eq (cell (t, 3, 0), "A3");
  act (editor, "table.remove-row");
  ck_assert_uint_eq (wb_table_get_rows (t)->len, 7);
  act (editor, "table.insert-column");
  ck_assert_uint_eq (wb_table_get_columns (t)->len, 12);
  ck_assert_str_eq (cell (t, 0, 4), "");
  ck_assert_str_eq (cell (t, 0, 5), "E1");
  act (editor, "table.move-column-right");
  ck_assert_str_eq (cell (t, 0, 4), "E1");
  act (editor, "table.remove-column");
  ck_assert_uint_eq (wb_table_get_columns (t)->len, 11);

  /* The legend and the header fields. */
  {
    guint n = wb_table_get_codes (t)->len;
    GtkListBoxRow *lrow;
    GtkWidget *dice = wb_table_editor_get_field (editor, "dice");

    act (editor, "table.add-code");
    ck_assert_uint_eq (wb_table_get_codes (t)->len, n + 1);
    lrow = gtk_list_box_get_row_at_index (GTK_LIST_BOX (wb_table_editor_get_field (editor, "legend")), n);
    ck_assert_ptr_nonnull (lrow);
    entry = g_object_get_data (G_OBJECT (lrow), "wb-code");
    gtk_editable_set_text (GTK_EDITABLE (entry), "NE");
    g_signal_emit_by_name (entry, "activate");
    ck_assert_str_eq (((WbResultCode *) g_ptr_array_index (wb_table_get_codes (t), n))->code, "NE");
    lrow = gtk_list_box_get_row_at_index (GTK_LIST_BOX (wb_table_editor_get_field (editor, "legend")), n);
    entry = g_object_get_data (G_OBJECT (lrow), "wb-name");
    gtk_widget_grab_focus (entry);
    gtk_editable_set_text (GTK_EDITABLE (entry), "No Effect");
    gtk_widget_grab_focus (dice);
    /* Leaving the field commits from an idle (the commit rebuilds the row):
     * under the sanitizers a frame can take longer than any fixed wait. */
    code_named.table = t;
    code_named.index = n;
    code_named.name = "No Effect";
    ck_assert (spin_until (code_has_name, &code_named, 10000));
    ck_assert_str_eq (((WbResultCode *) g_ptr_array_index (wb_table_get_codes (t), n))->name,
                      "No Effect");

    gtk_editable_set_text (GTK_EDITABLE (dice), "2x6");
    g_signal_emit_by_name (dice, "activate");
    ck_assert_str_eq (wb_table_get_dice (t), "1d6");
    gtk_editable_set_text (GTK_EDITABLE (dice), "2d6");
    g_signal_emit_by_name (dice, "activate");
    ck_assert_str_eq (wb_table_get_dice (t), "2d6");
  }
  maybe_shoot (window, "table-wilderness-edited.png");

  /* Everything undone through the window: the file is what it was, and the
   * editor shows it. */
  while (wb_undo_stack_get_can_undo (stack))
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, original);
  }
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (wb_table_editor_get_field (editor, "cell:0:0"))),
                    "Ar");
  ck_assert_ptr_null (wb_table_editor_get_field (editor, "cell:0:10"));

  /* Back to the map. */
  act (editor, "table.back");
  spin_for (50);
  ck_assert (!wb_window_get_table_shown (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_table_bayou)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "bayou-entry");
  WbTable *t = wb_table_editor_get_table (editor);

  ck_assert_ptr_nonnull (wb_table_editor_get_field (editor, "cell:0:0"));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (wb_table_editor_get_field (editor, "name"))),
                    wb_table_get_name (t));
  maybe_shoot (window, "table-bayou.png");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* New Table… makes a 10×6 odds CRT to type into and opens it; Duplicate
 * makes an independent copy to try a variant; Delete removes it; undo
 * brings each back and the editor leaves a table that is gone. */
START_TEST (test_new_duplicate_delete)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *original = wb_game_to_data (game, NULL);
  WbTableEditor *editor = WB_TABLE_EDITOR (wb_window_get_table_editor (window));
  WbNewTableDialog *dialog;
  WbTable *t, *copy;
  g_autoptr(GError) error = NULL;
  guint n = wb_game_get_tables (game)->len;

  dialog = wb_new_table_dialog_new (window);
  gtk_window_present (GTK_WINDOW (dialog));
  spin_for (100);
  /* No name: refused, nothing added. */
  wb_new_table_dialog_set (dialog, "  ", WB_TABLE_ODDS, "1d6", 10);
  ck_assert_ptr_null (wb_new_table_dialog_create (dialog, &error));
  ck_assert_uint_eq (wb_game_get_tables (game)->len, n);
  g_clear_error (&error);
  wb_new_table_dialog_set (dialog, "My CRT", WB_TABLE_ODDS, "1d6", 10);
  maybe_shoot_widget (GTK_WIDGET (dialog), "table-new-dialog.png");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-table.create", NULL));
  spin_for (250);
  t = wb_game_find_table (game, "my-crt");
  ck_assert_ptr_nonnull (t);
  ck_assert_uint_eq (wb_table_get_columns (t)->len, 10);
  ck_assert_uint_eq (wb_table_get_rows (t)->len, 6);
  ck_assert (wb_window_get_table_shown (window));
  ck_assert_ptr_eq (wb_table_editor_get_table (editor), t);
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (wb_table_editor_get_field (editor, "cell:0:0"))), "-");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add table “My CRT”");
  maybe_shoot (window, "table-new.png");

  /* Duplicate the table shown: the copy opens, separate from the original. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.duplicate-table", NULL));
  spin_for (250);
  copy = wb_game_find_table (game, "my-crt-copy");
  ck_assert_ptr_nonnull (copy);
  ck_assert_str_eq (wb_table_get_name (copy), "My CRT (copy)");
  ck_assert_ptr_eq (wb_table_editor_get_table (editor), copy);
  ck_assert (wb_table_editor_commit_text (editor, 0, 0, "Ae", &error));
  ck_assert_str_eq (cell (copy, 0, 0), "Ae");
  ck_assert_str_eq (cell (t, 0, 0), "-");

  /* Delete the copy: the editor goes back to the map; undo restores it. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-table", NULL));
  spin_for (100);
  ck_assert_ptr_null (wb_game_find_table (game, "my-crt-copy"));
  ck_assert (!wb_window_get_table_shown (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_ptr_eq (wb_game_find_table (game, "my-crt-copy"), copy);
  ck_assert_str_eq (cell (copy, 0, 0), "Ae");

  /* Undo everything: the file is as it was. */
  while (wb_undo_stack_get_can_undo (stack))
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  {
    g_autofree char *now = wb_game_to_data (game, NULL);
    ck_assert_str_eq (now, original);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST


/* The table's text fields commit or revert as one undoable edit (issue 15
 * item 2): the dice (bad dice refused), a result code (a code the table
 * already has refused); the cell being edited keeps Ctrl+Z for its text. */
typedef struct { WbTableEditor *editor; const char *field; guint code; } TableField;

static GtkWidget *
table_entry (gpointer data)
{
  TableField *f = data;
  GtkListBoxRow *row;

  if (!g_str_has_prefix (f->field, "wb-"))
    return wb_table_editor_get_field (f->editor, f->field);
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (wb_table_editor_get_field (f->editor, "legend")),
                                       (int) f->code);
  ck_assert_ptr_nonnull (row);
  return g_object_get_data (G_OBJECT (row), f->field);
}

static char *
table_model (gpointer data)
{
  TableField *f = data;
  WbTable *t = wb_table_editor_get_table (f->editor);

  if (g_str_equal (f->field, "dice"))
    return g_strdup (wb_table_get_dice (t));
  return g_strdup (((WbResultCode *) g_ptr_array_index (wb_table_get_codes (t), f->code))->code);
}

START_TEST (test_table_text_fields)
{
  WbWindow *window = open_test_game ();
  TableField f = { open_table (window, "crt"), "dice", 0 };
  FieldDrive d = { table_entry, table_model, &f, wb_window_get_undo_stack (window), GTK_WIDGET (window),
                   "win.undo", "2d6", NULL, "2x6" };
  WbTable *t = wb_table_editor_get_table (f.editor);
  g_autofree char *second = g_strdup (((WbResultCode *) g_ptr_array_index (wb_table_get_codes (t), 1))->code);
  g_autofree char *before = g_strdup (cell (t, 0, 0));
  GtkWidget *edit;
  guint n;

  drive_text_field (&d);
  f.field = "wb-code";
  d.good = "QQ";
  d.bad = second;
  drive_text_field (&d);

  /* The cell being edited: Ctrl+Z puts its text back, then is the game's. */
  n = wb_undo_stack_get_n_undo (d.stack);
  wb_table_editor_set_cursor (f.editor, 0, 0);
  edit = wb_table_editor_start_edit (f.editor);
  ck_assert_ptr_nonnull (edit);
  gtk_editable_set_text (GTK_EDITABLE (edit), "XYZ");
  ck_assert (field_key (edit, GDK_KEY_z, GDK_CONTROL_MASK));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (edit)), before);
  ck_assert (!field_key (edit, GDK_KEY_z, GDK_CONTROL_MASK));
  ck_assert_str_eq (cell (t, 0, 0), before);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (d.stack), n);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-table");
  TCase *tc;

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }
  tc = tcase_create ("table");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_table_editor);
  tcase_add_test (tc, test_table_bayou);
  tcase_add_test (tc, test_new_duplicate_delete);
  tcase_add_test (tc, test_table_text_fields);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
