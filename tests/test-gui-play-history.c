/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-history"

#include "config.h"

#include <check.h>
#include <string.h>
#include <glib/gstdio.h>

#include "wb-play-history.h"

#include "gui-common.h"

/* The history pane of the play window, in a small window of its own over a
 * saved playtest of the bundled Wilderness: two moves, an undo and another
 * move make two branches, listed with their actions, their ends and their
 * VP; activating the first goes to its end; Bookmark…, Note… and Remove
 * write through the journal, so a fresh wb_play_open of the file sees them;
 * a note the journal refuses shows its error in the pane. */

/* The columns the test reads (as the pane orders them). */
enum { BRANCH_TITLE, BRANCH_ACTIONS, BRANCH_ENDS, BRANCH_VP0, BRANCH_VP1, BRANCH_RESULT };
enum { MARK_TURN, MARK_SIDE, MARK_BOOKMARK, MARK_NOTE };

static WbGame *
load_wilderness (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (test_game);
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static char *
where (WbPlay *play, const char *unit)
{
  WbMatch *m = wb_play_get_state (play);
  return wb_match_where_text (m, &wb_match_find_unit (m, unit)->where);
}

/* The popover of the pane's menu button named @name. */
static GtkWidget *
popover_of (GtkWidget *pane, const char *name)
{
  return GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (find_named (pane, name))));
}

static const char *
cell (GListModel *rows, guint index, guint column)
{
  g_autoptr(WbPlayHistoryRow) row = g_list_model_get_item (rows, index);

  ck_assert_ptr_nonnull (row);
  /* The rows are the pane's: the text outlives this reference. */
  return wb_play_history_row_get_cell (row, column);
}

static guint32
row_entry (GListModel *rows, guint index)
{
  g_autoptr(WbPlayHistoryRow) row = g_list_model_get_item (rows, index);

  ck_assert_ptr_nonnull (row);
  return wb_play_history_row_get_entry (row);
}

static void
count_changed (WbPlayHistory *pane, guint *n)
{
  (*n)++;
}

static void
screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (500);
  texture = render_widget (widget);
  path = g_build_filename (dir, name, NULL);
  ck_assert (gdk_texture_save_to_png (texture, path));
}

/* The journal as a fresh open of the file reads it. */
static WbPlay *
reopen (WbGame *game, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  WbPlay *back = wb_play_open (game, path, &warning, &error);

  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (warning);
  return back;
}

START_TEST (test_history_pane)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = NULL, *w = NULL;
  GtkWidget *window, *pane_w, *status;
  WbPlayHistory *pane;
  GListModel *branches, *marks;
  WbJournal *journal;
  guint changed = 0;

  ck_assert_ptr_nonnull (test_game);
  game = load_wilderness ();
  play = wb_play_new (game, NULL, "historical", NULL, 7, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  journal = wb_play_get_journal (play);
  dir = g_dir_make_tmp ("wb-gui-history-XXXXXX", NULL);
  path = g_build_filename (dir, "wilderness.warbench-play", NULL);
  ck_assert_msg (wb_play_save (play, path, &error), "%s", error ? error->message : "");

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 760, 480);
  pane_w = wb_play_history_new ();
  gtk_window_set_child (GTK_WINDOW (window), pane_w);
  pane = WB_PLAY_HISTORY (pane_w);
  branches = wb_play_history_get_branches (pane);
  marks = wb_play_history_get_marks (pane);
  status = find_named (pane_w, "history-status");

  /* Nothing without a match: no rows, the buttons off, no write. */
  ck_assert_uint_eq (wb_play_history_n_branches (pane), 0);
  ck_assert_uint_eq (wb_play_history_n_marks (pane), 0);
  ck_assert (!gtk_widget_get_sensitive (find_named (pane_w, "bookmark")));
  ck_assert (!wb_play_history_bookmark (pane, "nowhere"));
  ck_assert (!wb_play_history_activate_branch (pane, 0));

  wb_play_history_set_play (pane, play);
  g_signal_connect (pane, "changed", G_CALLBACK (count_changed), &changed);
  gtk_window_present (GTK_WINDOW (window));
  spin_for (200);

  /* A new match: one branch, the start, current. */
  ck_assert_uint_eq (wb_play_history_n_branches (pane), 1);
  ck_assert_int_eq (wb_play_history_get_current_branch (pane), 0);
  ck_assert_str_eq (cell (branches, 0, BRANCH_ACTIONS), "0");
  /* No marks: a hint instead of an empty list. */
  ck_assert (gtk_widget_get_visible (find_named (pane_w, "marks-empty")));
  ck_assert (!gtk_widget_get_visible (gtk_widget_get_ancestor (find_named (pane_w, "mark-view"),
                                                               GTK_TYPE_SCROLLED_WINDOW)));

  /* Two moves, one undone, another move: two branches of two actions. */
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0615\"}}");
  ck_assert (wb_play_undo (play, NULL));
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0413\"}}");
  wb_play_history_refresh (pane);
  ck_assert_uint_eq (wb_play_history_n_branches (pane), 2);
  ck_assert_uint_eq (wb_play_history_n_marks (pane), 0);
  ck_assert_uint_eq (row_entry (branches, 0), 2);
  ck_assert_uint_eq (row_entry (branches, 1), 3);
  ck_assert_str_eq (cell (branches, 0, BRANCH_TITLE), "Branch 1");
  ck_assert_str_eq (cell (branches, 1, BRANCH_TITLE), "Branch 2");
  ck_assert_str_eq (cell (branches, 0, BRANCH_ACTIONS), "2");
  ck_assert_str_eq (cell (branches, 1, BRANCH_ACTIONS), "2");
  ck_assert_str_eq (cell (branches, 0, BRANCH_ENDS), "Turn 1 (May 5, 1) · Confederate · Movement Phase");
  ck_assert_str_eq (cell (branches, 0, BRANCH_VP0), "0");
  ck_assert_str_eq (cell (branches, 0, BRANCH_VP1), "45");
  ck_assert_str_eq (cell (branches, 0, BRANCH_RESULT), "Confederate leads by 45");
  /* The second branch is the cursor's. */
  ck_assert_int_eq (wb_play_history_get_current_branch (pane), 1);
  {
    g_autoptr(WbPlayHistoryRow) row = g_list_model_get_item (branches, 1);
    ck_assert_str_eq (wb_play_history_row_get_text (row),
                      "Branch 2 (current): 2 actions, ends at Turn 1 (May 5, 1) · Confederate · "
                      "Movement Phase; Union 0 VP; Confederate 45 VP; Confederate leads by 45");
  }
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (status)), "2 branches · 0 marked positions");

  /* Activating the first branch: its end's state, and "changed" once. */
  ck_assert (wb_play_history_activate_branch (pane, 0));
  ck_assert_uint_eq (changed, 1);
  ck_assert_uint_eq (wb_journal_get_cursor (journal), 2);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0615");
  ck_assert_int_eq (wb_play_history_get_current_branch (pane), 0);
  /* The same through the list, as Enter or a double-click does. */
  g_signal_emit_by_name (find_named (pane_w, "branch-view"), "activate", 1);
  ck_assert_uint_eq (changed, 2);
  g_free (w);
  w = where (play, "stafford");
  ck_assert_str_eq (w, "0413");
  ck_assert (!wb_play_history_activate_branch (pane, 2));
  ck_assert_uint_eq (changed, 2);
  ck_assert (wb_play_history_activate_branch (pane, 0));

  /* A bookmark and a note on the current entry: one row, on disk at once. */
  ck_assert (wb_play_history_bookmark (pane, "  Stafford forward "));
  ck_assert (wb_play_history_note (pane, "Check the zone of control\nnext turn.\n"));
  ck_assert_uint_eq (wb_play_history_n_marks (pane), 1);
  ck_assert_uint_eq (row_entry (marks, 0), 2);
  ck_assert (!gtk_widget_get_visible (find_named (pane_w, "marks-empty")));
  ck_assert (gtk_widget_get_visible (gtk_widget_get_ancestor (find_named (pane_w, "mark-view"),
                                                              GTK_TYPE_SCROLLED_WINDOW)));
  ck_assert_str_eq (cell (marks, 0, MARK_TURN), "Turn 1 (May 5, 1)");
  ck_assert_str_eq (cell (marks, 0, MARK_SIDE), "Confederate");
  ck_assert_str_eq (cell (marks, 0, MARK_BOOKMARK), "Stafford forward");
  ck_assert_str_eq (cell (marks, 0, MARK_NOTE), "Check the zone of control\nnext turn.");
  /* The bookmark names its branch now. */
  ck_assert_str_eq (cell (branches, 0, BRANCH_TITLE), "Stafford forward");
  ck_assert_str_eq (cell (branches, 1, BRANCH_TITLE), "Branch 2");
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (status)), "2 branches · 1 marked position");
  {
    g_autoptr(WbPlay) back = reopen (game, path);
    const WbJournalEntry *e = wb_journal_get_entry (wb_play_get_journal (back), 2);
    ck_assert_str_eq (e->bookmark, "Stafford forward");
    ck_assert_str_eq (e->note, "Check the zone of control\nnext turn.");
  }

  /* Bookmark… and Note… through their popovers, on the other branch's end:
   * each opens on what the entry has, Enter / Save Note confirm. */
  ck_assert (wb_play_history_activate_branch (pane, 1));
  ck_assert_uint_eq (changed, 4);
  {
    GtkWidget *entry = find_named (popover_of (pane_w, "bookmark"), "bookmark-name");
    GtkWidget *note = find_named (popover_of (pane_w, "note"), "note-text");
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (note));

    gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (pane_w, "bookmark")));
    spin_for (100);
    ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
    ck_assert (gtk_widget_get_focus_child (entry) != NULL);   /* its GtkText has the focus */
    gtk_editable_set_text (GTK_EDITABLE (entry), "By the ford");
    screenshot (popover_of (pane_w, "bookmark"), "play-history-bookmark.png");
    g_signal_emit_by_name (entry, "activate");
    spin_for (100);
    ck_assert (!gtk_widget_get_visible (popover_of (pane_w, "bookmark")));
    ck_assert_str_eq (wb_journal_get_entry (journal, 3)->bookmark, "By the ford");

    gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (pane_w, "note")));
    spin_for (100);
    gtk_text_buffer_set_text (buffer, "Slower, but safe.", -1);
    screenshot (popover_of (pane_w, "note"), "play-history-note.png");
    g_signal_emit_by_name (find_named (popover_of (pane_w, "note"), "note-save"), "clicked");
    spin_for (100);
    ck_assert_str_eq (wb_journal_get_entry (journal, 3)->note, "Slower, but safe.");
    /* Opened again, it shows the note there is. */
    gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (pane_w, "note")));
    spin_for (100);
    {
      GtkTextIter s, e;
      g_autofree char *t = NULL;
      gtk_text_buffer_get_bounds (buffer, &s, &e);
      t = gtk_text_buffer_get_text (buffer, &s, &e, FALSE);
      ck_assert_str_eq (t, "Slower, but safe.");
    }
    gtk_menu_button_popdown (GTK_MENU_BUTTON (find_named (pane_w, "note")));
  }
  ck_assert_uint_eq (wb_play_history_n_marks (pane), 2);
  ck_assert_str_eq (cell (branches, 1, BRANCH_TITLE), "By the ford");
  ck_assert_str_eq (cell (marks, 1, MARK_BOOKMARK), "By the ford");
  ck_assert_str_eq (cell (marks, 1, MARK_NOTE), "Slower, but safe.");
  screenshot (window, "play-history.png");

  /* Activating a mark goes there. */
  ck_assert (wb_play_history_activate_mark (pane, 0));
  ck_assert_uint_eq (changed, 5);
  ck_assert_uint_eq (wb_journal_get_cursor (journal), 2);
  g_signal_emit_by_name (find_named (pane_w, "mark-view"), "activate", 1);
  ck_assert_uint_eq (changed, 6);
  ck_assert_uint_eq (wb_journal_get_cursor (journal), 3);

  /* A note too long for the journal: refused, the error in the pane,
   * nothing written. */
  {
    /* Short lines, so the text view lays it out quickly. */
    GString *lines = g_string_new (NULL);
    g_autofree char *big = NULL;

    while (lines->len <= WB_JOURNAL_MAX_LINE / 2)
      g_string_append (lines, "A long line of the note, again and again and again.\n");
    big = g_string_free (lines, FALSE);
    ck_assert (!wb_play_history_note (pane, big));
    ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (status)), "The text is too long");
    ck_assert (gtk_widget_has_css_class (status, "error"));
    ck_assert_str_eq (wb_journal_get_entry (journal, 3)->note, "Slower, but safe.");
    /* Through Note…, the popover stays open and says why. */
    {
      GtkWidget *popover = popover_of (pane_w, "note");
      GtkWidget *error_label = find_named (popover, "popover-error");

      gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (pane_w, "note")));
      spin_for (100);
      ck_assert (!gtk_widget_get_visible (error_label));
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (find_named (popover, "note-text"))),
                                big, -1);
      g_signal_emit_by_name (find_named (popover, "note-save"), "clicked");
      spin_for (100);
      ck_assert (gtk_widget_get_visible (popover));
      ck_assert (gtk_widget_get_visible (error_label));
      ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (error_label)), "The text is too long");
      ck_assert_str_eq (wb_journal_get_entry (journal, 3)->note, "Slower, but safe.");
      gtk_menu_button_popdown (GTK_MENU_BUTTON (find_named (pane_w, "note")));
      spin_for (100);
      /* Opened again: the note there is, no error. */
      gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (pane_w, "note")));
      spin_for (100);
      ck_assert (!gtk_widget_get_visible (error_label));
      gtk_menu_button_popdown (GTK_MENU_BUTTON (find_named (pane_w, "note")));
    }
  }

  /* Remove: only with a row selected; clears the row's bookmark and note. */
  {
    GtkWidget *remove = find_named (pane_w, "remove");
    GtkSelectionModel *selection = gtk_column_view_get_model (GTK_COLUMN_VIEW (find_named (pane_w, "mark-view")));

    ck_assert (!gtk_widget_get_sensitive (remove));
    gtk_selection_model_select_item (selection, 0, TRUE);
    ck_assert (gtk_widget_get_sensitive (remove));
    g_signal_emit_by_name (remove, "clicked");
    ck_assert_uint_eq (wb_play_history_n_marks (pane), 1);
    ck_assert_uint_eq (row_entry (marks, 0), 3);
    ck_assert_str_eq (cell (branches, 0, BRANCH_TITLE), "Branch 1");
    ck_assert (!gtk_widget_has_css_class (status, "error"));
    ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (status)), "2 branches · 1 marked position");
    ck_assert_uint_eq (changed, 6);
    ck_assert (!gtk_widget_get_sensitive (remove));
  }
  {
    g_autoptr(WbPlay) back = reopen (game, path);
    WbJournal *bj = wb_play_get_journal (back);
    g_autoptr(GArray) leaves = wb_journal_leaves (bj);

    ck_assert_uint_eq (leaves->len, 2);
    ck_assert_ptr_null (wb_journal_get_entry (bj, 2)->bookmark);
    ck_assert_ptr_null (wb_journal_get_entry (bj, 2)->note);
    ck_assert_str_eq (wb_journal_get_entry (bj, 3)->bookmark, "By the ford");
    ck_assert_str_eq (wb_journal_get_entry (bj, 3)->note, "Slower, but safe.");
    ck_assert_uint_eq (wb_journal_get_cursor (bj), 3);
  }

  /* Narrow: the columns wrap or scroll. */
  gtk_window_set_default_size (GTK_WINDOW (window), 340, 480);
  screenshot (window, "play-history-narrow.png");

  /* No match again: empty. */
  wb_play_history_set_play (pane, NULL);
  ck_assert_uint_eq (wb_play_history_n_branches (pane), 0);
  ck_assert_uint_eq (wb_play_history_n_marks (pane), 0);
  ck_assert_int_eq (wb_play_history_get_current_branch (pane), -1);
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (status)), "No match");

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static void
end_steps (WbPlay *play, guint n)
{
  for (guint i = 0; i < n; i++)
    play_act_ok (play, "{\"type\": \"end_step\"}");
}

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

/* The result column: who leads, and at the end who won or a draw, on
 * Chickasaw Bayou in free play (five turns, one step per side). */
START_TEST (test_history_results)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = load_free_play_bayou ();
  g_autoptr(WbPlay) play = NULL;
  GtkWidget *window, *pane_w;
  WbPlayHistory *pane;
  GListModel *branches;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  play = wb_play_new (game, NULL, "17.1", NULL, 3, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  ck_assert (wb_play_is_free_play (play));
  play_act_ok (play, "{\"type\": \"override_vp\", \"side\": 0, \"vp\": 12}");
  play_act_ok (play, "{\"type\": \"override_vp\", \"side\": 1, \"vp\": 5}");
  end_steps (play, 10);
  ck_assert (wb_play_get_state (play)->over);
  /* A second branch: the Confederates ahead, not over yet. */
  ck_assert (wb_play_go_to (play, 1, NULL));
  play_act_ok (play, "{\"type\": \"override_vp\", \"side\": 1, \"vp\": 20}");
  end_steps (play, 3);
  /* A third: even, then to the end. */
  ck_assert (wb_play_go_to (play, 1, NULL));
  play_act_ok (play, "{\"type\": \"override_vp\", \"side\": 1, \"vp\": 12}");
  ck_assert_uint_eq (wb_journal_get_cursor (wb_play_get_journal (play)), 17);
  ck_assert_int_eq (wb_play_get_state (play)->vp[1], 12);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 360);
  pane_w = wb_play_history_new ();
  gtk_window_set_child (GTK_WINDOW (window), pane_w);
  pane = WB_PLAY_HISTORY (pane_w);
  wb_play_history_set_play (pane, play);
  branches = wb_play_history_get_branches (pane);
  gtk_window_present (GTK_WINDOW (window));

  ck_assert_uint_eq (wb_play_history_n_branches (pane), 3);
  ck_assert_int_eq (wb_play_history_get_current_branch (pane), 2);
  ck_assert_str_eq (cell (branches, 0, BRANCH_ACTIONS), "12");
  ck_assert_str_eq (cell (branches, 0, BRANCH_VP0), "12");
  ck_assert_str_eq (cell (branches, 0, BRANCH_VP1), "5");
  ck_assert_str_eq (cell (branches, 0, BRANCH_RESULT), "Game over — Union (USA) wins");
  ck_assert_ptr_nonnull (strstr (cell (branches, 0, BRANCH_ENDS), "game over"));
  ck_assert_str_eq (cell (branches, 1, BRANCH_ACTIONS), "5");
  ck_assert_str_eq (cell (branches, 1, BRANCH_RESULT), "Confederate (CSA) leads by 8");
  ck_assert_str_eq (cell (branches, 2, BRANCH_RESULT), "Even");
  /* The even branch played to the end: a draw. */
  end_steps (play, 10);
  wb_play_history_refresh (pane);
  ck_assert_uint_eq (wb_play_history_n_branches (pane), 3);
  ck_assert_str_eq (cell (branches, 2, BRANCH_ACTIONS), "12");
  ck_assert_str_eq (cell (branches, 2, BRANCH_RESULT), "Game over — draw");
  screenshot (window, "play-history-results.png");

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-history");
  TCase *tc = tcase_create ("play-history");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_history_pane);
  tcase_add_test (tc, test_history_results);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
