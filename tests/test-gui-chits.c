/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-chits"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-chit-editor.h"
#include "wb-sidebar.h"
#include "wb-window.h"
#include "warbench-core.h"

#include "gui-common.h"

/* The chit pane (issue 17 item 1) on Chickasaw Bayou: the way in from the
 * sidebar, the 33 chits by side, a chit's name and command rating edited
 * through its fields and undone and redone through the window, a chit
 * added and removed, removing one a cup names refused, a scenario's cup
 * edited (a chit, a count, Command Clarity, chits added by turn), and the
 * edits saved and read back; and the first chit of a game without any. */

static const char *source_dir;

static WbWindow *
open_copy (const char *name,
           char      **path_out)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *bundled = g_build_filename (source_dir, "data", "games", base, NULL);
  g_autofree char *dir = g_dir_make_tmp ("wb-chits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, base, NULL);
  g_autofree char *data = NULL;
  gsize len;
  WbWindow *window;

  ck_assert (g_file_get_contents (bundled, &data, &len, NULL));
  ck_assert (g_file_set_contents (path, data, (gssize) len, NULL));
  window = open_window (path);
  ck_assert_msg (wb_window_get_game (window) != NULL, "%s did not load", name);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  wait_for_draw (wb_window_get_map_view (window));
  wait_until_settled (wb_window_get_map_view (window));
  *path_out = g_steal_pointer (&path);
  return window;
}

static GtkWidget *
field (WbChitEditor *editor,
       const char   *name)
{
  GtkWidget *widget = wb_chit_editor_get_field (editor, name);

  ck_assert_msg (widget != NULL, "no field %s", name);
  return widget;
}

static guint
count_rows (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_LIST_BOX_ROW (child);
  return n;
}

static void
type_into (WbChitEditor *editor,
           const char   *name,
           const char   *text)
{
  GtkWidget *entry = field (editor, name);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static const char *
entry_text (WbChitEditor *editor,
            const char   *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (field (editor, name)));
}

static const char *
error_text (WbChitEditor *editor)
{
  GtkWidget *label = field (editor, "error");

  return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static void
act (GtkWidget  *widget,
     const char *action)
{
  ck_assert_msg (gtk_widget_activate_action (widget, action, NULL), "%s not activated", action);
}

static const char *
dropdown_text (WbChitEditor *editor,
               const char   *name)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (field (editor, name));
  GObject *item = gtk_drop_down_get_selected_item (dropdown);

  ck_assert_ptr_nonnull (item);
  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}

static void
set_dropdown_to (WbChitEditor *editor,
                 const char   *name,
                 const char   *text)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (field (editor, name));
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), text))
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  ck_abort_msg ("%s has no choice %s", name, text);
}

static WbChitEditor *
open_pane (WbWindow *window)
{
  WbChitEditor *editor = WB_CHIT_EDITOR (wb_window_get_chit_editor (window));

  ck_assert (!wb_window_get_chits_shown (window));
  ck_assert (wb_sidebar_select_chits (wb_window_get_sidebar (window)));
  ck_assert (wb_window_get_chits_shown (window));
  spin_for (100);
  return editor;
}

/* The rows' section headings, in order. */
static GString *
headings (GtkWidget *list)
{
  GString *s = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *header = GTK_IS_LIST_BOX_ROW (child) ? gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (child))
                                                      : NULL;
      if (header != NULL)
        g_string_append_printf (s, "%s|", gtk_label_get_label (GTK_LABEL (header)));
    }
  return s;
}

START_TEST (test_chit_pane)
{
  g_autofree char *path = NULL;
  WbWindow *window = open_copy ("chickasaw-bayou", &path);
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbChitEditor *editor = open_pane (window);
  GtkWidget *list = field (editor, "list");
  g_autoptr(GString) heads = headings (list);
  WbChit *morgan;
  guint undo;

  /* The 33 chits, by side, the Wild ones last. */
  ck_assert_uint_eq (count_rows (list), 33);
  ck_assert_str_eq (heads->str, "Union (USA)|Confederate (CSA)|Wild chits|");
  ck_assert_str_eq (gtk_widget_get_name (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 32))),
                    "chit:fog-of-war");

  /* Morgan's form. */
  ck_assert (wb_chit_editor_select (editor, "morgan"));
  ck_assert_str_eq (entry_text (editor, "name"), "Morgan");
  ck_assert_str_eq (entry_text (editor, "rating"), "2");   /* reconstructed */
  ck_assert_str_eq (dropdown_text (editor, "kind"), "Activation");
  ck_assert_str_eq (dropdown_text (editor, "level"), "Division");
  ck_assert_str_eq (dropdown_text (editor, "side"), "Union (USA)");
  ck_assert_str_eq (dropdown_text (editor, "formation"),
                    wb_game_find_formation (game, "morgan-div")->name);
  ck_assert_str_eq (dropdown_text (editor, "casualty-of"), "None: not a casualty chit");
  ck_assert (gtk_widget_get_mapped (field (editor, "rating")));
  ck_assert (!gtk_widget_get_mapped (field (editor, "play")));
  save_shot (GTK_WIDGET (window), "chits-pane.png", 800);

  /* Name and command rating, each one undoable edit. */
  undo = wb_undo_stack_get_n_undo (stack);
  type_into (editor, "name", "Morgan (edited)");
  morgan = wb_game_find_chit (game, "morgan");
  ck_assert_str_eq (morgan->name, "Morgan (edited)");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), undo + 1);
  /* The list's row says it too. */
  ck_assert_str_eq (gtk_label_get_label (GTK_LABEL (g_object_get_data (G_OBJECT (find_named (list, "chit:morgan")),
                                                                       "wb-title"))),
                    "Morgan (edited)");
  type_into (editor, "rating", "3");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, 3);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), undo + 2);
  ck_assert_ptr_null (error_text (editor));

  /* Not a rating: refused, the model kept. */
  type_into (editor, "rating", "9");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, 3);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), undo + 2);
  ck_assert_ptr_nonnull (error_text (editor));
  ck_assert (gtk_widget_has_css_class (field (editor, "rating"), "error"));
  type_into (editor, "rating", "3");

  /* Undo and redo through the window. */
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, 2);
  ck_assert_str_eq (entry_text (editor, "rating"), "2");
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_str_eq (wb_game_find_chit (game, "morgan")->name, "Morgan");
  ck_assert_str_eq (entry_text (editor, "name"), "Morgan");
  act (GTK_WIDGET (window), "win.redo");
  act (GTK_WIDGET (window), "win.redo");
  ck_assert_str_eq (wb_game_find_chit (game, "morgan")->name, "Morgan (edited)");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, 3);
  ck_assert_str_eq (entry_text (editor, "rating"), "3");
  ck_assert_str_eq (entry_text (editor, "name"), "Morgan (edited)");
  /* "?" where the text does not print it, empty for none. */
  type_into (editor, "rating", "?");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, WB_CHIT_RATING_UNKNOWN);
  type_into (editor, "rating", "");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, WB_CHIT_RATING_NONE);
  type_into (editor, "rating", "3");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->command_rating, 3);

  /* Cups and Morgan's casualty chit name it as an activation chit: it stays one. */
  set_dropdown_to (editor, "kind", "Event");
  ck_assert_int_eq (wb_game_find_chit (game, "morgan")->kind, WB_CHIT_ACTIVATION);
  ck_assert_ptr_nonnull (error_text (editor));
  ck_assert_str_eq (dropdown_text (editor, "kind"), "Activation");

  /* Removing a chit the cups hold is refused with the command's words. */
  act (GTK_WIDGET (editor), "chits.remove");
  ck_assert_ptr_nonnull (wb_game_find_chit (game, "morgan"));
  ck_assert_ptr_nonnull (error_text (editor));
  ck_assert_msg (strstr (error_text (editor), "take it out first") != NULL, "%s", error_text (editor));

  /* Add a chit of Morgan's side, then remove it. */
  act (GTK_WIDGET (editor), "chits.add");
  ck_assert_uint_eq (wb_game_get_chits (game)->len, 34);
  ck_assert_uint_eq (count_rows (list), 34);
  ck_assert_str_eq (wb_chit_editor_get_selected (editor), "chit");
  ck_assert_str_eq (wb_game_find_chit (game, "chit")->side, "union");
  ck_assert_str_eq (entry_text (editor, "name"), "New chit");
  ck_assert_ptr_null (error_text (editor));
  /* Another kind: the form follows, and undo brings the activation back. */
  set_dropdown_to (editor, "kind", "Event");
  ck_assert_int_eq (wb_game_find_chit (game, "chit")->kind, WB_CHIT_EVENT);
  spin_for (50);
  ck_assert (gtk_widget_get_mapped (field (editor, "play")));
  ck_assert (!gtk_widget_get_mapped (field (editor, "rating")));
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_int_eq (wb_game_find_chit (game, "chit")->kind, WB_CHIT_ACTIVATION);
  ck_assert_str_eq (dropdown_text (editor, "kind"), "Activation");
  spin_for (50);
  ck_assert (gtk_widget_get_mapped (field (editor, "rating")));
  act (GTK_WIDGET (editor), "chits.remove");
  ck_assert_ptr_null (wb_game_find_chit (game, "chit"));
  ck_assert_uint_eq (count_rows (list), 33);

  /* The cup of 17.1: Steele in, with Command Clarity; the Union draws
   * two events (it has three in the cup and one Key Chit); three would
   * be more than it has and is refused. */
  ck_assert (wb_chit_editor_show_cup (editor, "17.1"));
  spin_for (50);
  ck_assert (gtk_check_button_get_active (GTK_CHECK_BUTTON (field (editor, "cup:morgan"))));
  ck_assert (!gtk_check_button_get_active (GTK_CHECK_BUTTON (field (editor, "cup:steele"))));
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (editor, "key:confederate"))), 2);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (editor, "cup:steele")), TRUE);
  ck_assert (g_ptr_array_find (wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"))->chits,
                               g_intern_string ("steele"), NULL));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (editor, "clarity:steele")), TRUE);
  ck_assert (g_ptr_array_find (wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"))->clarity_chits,
                               g_intern_string ("steele"), NULL));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "included:union")), 2);
  ck_assert_int_eq (wb_side_counts_get (wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"))->included_events,
                                        "union"), 2);
  undo = wb_undo_stack_get_n_undo (stack);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "included:union")), 3);
  ck_assert_int_eq (wb_side_counts_get (wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"))->included_events,
                                        "union"), 2);
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (editor, "included:union"))), 2);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), undo);
  ck_assert_ptr_nonnull (error_text (editor));

  /* M. L. Smith joins on turn 5. */
  g_signal_emit_by_name (field (editor, "add-turn"), "clicked");
  ck_assert_uint_eq (wb_scenario_get_cup (wb_game_find_scenario (game, "17.1"))->add->len, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (editor, "add-turn:0")), 5);
  type_into (editor, "add-chits:0", "ml-smith");
  ck_assert_ptr_null (error_text (editor));
  save_shot (GTK_WIDGET (window), "chits-cup.png", 800);

  /* Saved and read back. */
  act (GTK_WIDGET (window), "win.save");
  ck_assert (!wb_window_get_dirty (window));
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) saved = wb_game_load (file, NULL, &error);
    WbCup *cup;
    WbCupAdd *add;

    ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
    ck_assert_str_eq (wb_game_find_chit (saved, "morgan")->name, "Morgan (edited)");
    ck_assert_int_eq (wb_game_find_chit (saved, "morgan")->command_rating, 3);
    ck_assert_uint_eq (wb_game_get_chits (saved)->len, 33);
    cup = wb_scenario_get_cup (wb_game_find_scenario (saved, "17.1"));
    ck_assert (g_ptr_array_find (cup->chits, g_intern_string ("steele"), NULL));
    ck_assert (g_ptr_array_find (cup->clarity_chits, g_intern_string ("steele"), NULL));
    ck_assert_int_eq (wb_side_counts_get (cup->included_events, "union"), 2);
    ck_assert_uint_eq (cup->add->len, 1);
    add = g_ptr_array_index (cup->add, 0);
    ck_assert_int_eq (add->turn, 5);
    ck_assert_uint_eq (add->chits->len, 1);
    ck_assert_str_eq (g_ptr_array_index (add->chits, 0), "ml-smith");
  }

  /* The dark theme, for the screenshots. */
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
      save_shot (GTK_WIDGET (window), "chits-cup-dark.png", 800);
      ck_assert (wb_chit_editor_select (editor, "sherman-casualty"));
      save_shot (GTK_WIDGET (window), "chits-pane-dark.png", 800);
      ck_assert (wb_chit_editor_select (editor, "csa-good-ground"));
      save_shot (GTK_WIDGET (window), "chits-event-dark.png", 800);
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
    }

  /* Back to the map. */
  act (GTK_WIDGET (editor), "chits.back");
  ck_assert (!wb_window_get_chits_shown (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A game without chits has no Chits row; the Game menu's item opens the
 * pane, its first chit is added there, and the row appears. */
START_TEST (test_first_chit)
{
  g_autofree char *path = NULL;
  WbWindow *window = open_copy ("battle-of-the-wilderness", &path);
  WbGame *game = wb_window_get_game (window);
  WbChitEditor *editor = WB_CHIT_EDITOR (wb_window_get_chit_editor (window));
  WbChit *chit;

  ck_assert_uint_eq (wb_game_get_chits (game)->len, 0);
  ck_assert (!wb_sidebar_select_chits (wb_window_get_sidebar (window)));
  act (GTK_WIDGET (window), "win.show-chits");
  ck_assert (wb_window_get_chits_shown (window));
  ck_assert_uint_eq (count_rows (field (editor, "list")), 0);
  act (GTK_WIDGET (editor), "chits.add");
  ck_assert_uint_eq (wb_game_get_chits (game)->len, 1);
  chit = g_ptr_array_index (wb_game_get_chits (game), 0);
  ck_assert_int_eq (chit->kind, WB_CHIT_ACTIVATION);
  ck_assert_ptr_nonnull (chit->side);
  ck_assert_uint_eq (count_rows (field (editor, "list")), 1);
  ck_assert (wb_window_get_chits_shown (window));
  ck_assert (wb_sidebar_select_chits (wb_window_get_sidebar (window)));
  save_shot (GTK_WIDGET (window), "chits-first.png", 800);

  /* Its scenario has no cup: one is given, then taken away. */
  ck_assert (wb_chit_editor_show_cup (editor, "historical"));
  ck_assert_ptr_null (wb_chit_editor_get_field (editor, "cup-list"));
  save_shot (GTK_WIDGET (window), "chits-no-cup.png", 500);
  g_signal_emit_by_name (field (editor, "new-cup"), "clicked");
  ck_assert_ptr_nonnull (wb_scenario_get_cup (wb_game_find_scenario (game, "historical")));
  ck_assert_ptr_nonnull (wb_chit_editor_get_field (editor, "cup-list"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (editor, "cup:chit")), TRUE);
  ck_assert_uint_eq (wb_scenario_get_cup (wb_game_find_scenario (game, "historical"))->chits->len, 1);
  save_shot (GTK_WIDGET (window), "chits-new-cup.png", 500);
  {
    /* What the pane made is a file that loads. */
    g_autofree char *data = wb_game_to_data (game, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) again = wb_game_load_from_data (data, -1, "chits-first", &error);

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (wb_scenario_get_cup (wb_game_find_scenario (again, "historical"))->chits->len, 1);
  }
  g_signal_emit_by_name (field (editor, "remove-cup"), "clicked");
  ck_assert_ptr_null (wb_scenario_get_cup (wb_game_find_scenario (game, "historical")));
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_ptr_nonnull (wb_scenario_get_cup (wb_game_find_scenario (game, "historical")));
  act (GTK_WIDGET (window), "win.undo");
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_ptr_null (wb_scenario_get_cup (wb_game_find_scenario (game, "historical")));
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_uint_eq (wb_game_get_chits (game)->len, 0);
  ck_assert_uint_eq (count_rows (field (editor, "list")), 0);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The form's text fields keep the house's contract (issue 15 item 2):
 * typed text reverted by Ctrl+Z and Escape, committed on leaving and on
 * Enter as one undoable edit, bad text refused with the field marked; the
 * text views are committed when the focus leaves them, one edit. */
typedef struct { WbChitEditor *editor; WbGame *game; const char *field; } ChitField;

static GtkWidget *
chit_entry (gpointer data)
{
  ChitField *f = data;

  return field (f->editor, f->field);
}

static char *
chit_model (gpointer data)
{
  ChitField *f = data;
  WbChit *chit = wb_game_find_chit (f->game, "steele");

  if (g_str_equal (f->field, "name"))
    return g_strdup (chit->name);
  if (g_str_equal (f->field, "source"))
    return g_strdup (chit->source != NULL ? chit->source : "");
  if (chit->command_rating == WB_CHIT_RATING_UNKNOWN)
    return g_strdup ("?");
  return chit->command_rating >= 0 ? g_strdup_printf ("%d", chit->command_rating) : g_strdup ("");
}

static void
leave_view (GtkWidget *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_FOCUS (c))
        g_signal_emit_by_name (c, "leave");
    }
}

START_TEST (test_text_fields)
{
  g_autofree char *path = NULL;
  WbWindow *window = open_copy ("chickasaw-bayou", &path);
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  ChitField f = { open_pane (window), game, "name" };
  FieldDrive d = { chit_entry, chit_model, &f, stack, GTK_WIDGET (window),
                   "win.undo", "Steele's Division", NULL, "   " };
  GtkTextBuffer *buffer;
  guint undo;

  ck_assert (wb_chit_editor_select (f.editor, "steele"));
  drive_text_field (&d);
  f.field = "rating";
  d.good = "4";
  d.bad = "7";
  drive_text_field (&d);
  f.field = "source";
  d.good = "reconstructed: a test";
  d.bad = NULL;
  drive_text_field (&d);

  /* The note: one edit when the focus leaves, undone through the window. */
  undo = wb_undo_stack_get_n_undo (stack);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field (f.editor, "note")));
  gtk_text_buffer_set_text (buffer, "A note of the designer's.", -1);
  ck_assert_str_ne (wb_game_find_chit (game, "steele")->note, "A note of the designer's.");
  leave_view (field (f.editor, "note"));
  ck_assert_str_eq (wb_game_find_chit (game, "steele")->note, "A note of the designer's.");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), undo + 1);
  act (GTK_WIDGET (window), "win.undo");
  ck_assert_str_ne (wb_game_find_chit (game, "steele")->note, "A note of the designer's.");
  {
    GtkTextIter start, end;
    g_autofree char *text = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    ck_assert_str_eq (text, wb_game_find_chit (game, "steele")->note);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("gui-chits");
  TCase *tc;

  source_dir = g_getenv ("WARBENCH_SOURCE_DIR");
  if (source_dir == NULL)
    {
      fprintf (stderr, "WARBENCH_SOURCE_DIR is not set: skipping the chit pane tests\n");
      return s;
    }
  tc = tcase_create ("chits");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_chit_pane);
  tcase_add_test (tc, test_first_chit);
  tcase_add_test (tc, test_text_fields);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
