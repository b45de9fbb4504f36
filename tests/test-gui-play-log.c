/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-log"

#include "config.h"

#include "rules/wb-family.h"

#include <check.h>
#include <glib/gstdio.h>

#include "rules/wb-play-log.h"
#include "wb-play-log-pane.h"
#include "wb-turn-bar.h"

#include "gui-common.h"

/* The battle log pane and the turn bar of the play window, in a small
 * window of their own over a playtest of the bundled Wilderness: the pane
 * lists the events and its filters narrow them, activating a row names its
 * journal entry, End Step and Undo in the bar move the match, a refused End
 * Step shows why, and Export writes what the core writes. */

static WbGame *
load_wilderness (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (test_game);
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static guint
n_rows (WbPlayLogPane *pane)
{
  return g_list_model_get_n_items (wb_play_log_pane_get_rows (pane));
}

typedef struct { WbPlayLogPane *pane; guint want; } RowsWait;

static gboolean
rows_are (gpointer data)
{
  RowsWait *w = data;
  return n_rows (w->pane) == w->want;
}

static void
on_entry (WbPlayLogPane *pane, guint entry, guint *got)
{
  *got = entry;
}

static void
on_changed (WbTurnBar *bar, WbPlayLogPane *pane)
{
  wb_play_log_pane_refresh (pane);
}

static void
count_changed (WbTurnBar *bar, guint *n)
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

static const char *
label_text (GtkWidget *bar, guint index)
{
  /* The bar's first child holds the step, the VP and the message. */
  GtkWidget *l = gtk_widget_get_first_child (gtk_widget_get_first_child (bar));

  for (guint i = 0; i < index; i++)
    l = gtk_widget_get_next_sibling (l);
  return gtk_label_get_text (GTK_LABEL (l));
}

START_TEST (test_log_pane_and_turn_bar)
{
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *box, *pane_w, *bar_w, *view, *search, *end_step, *undo, *redo;
  WbPlayLogPane *pane;
  WbTurnBar *bar;
  WbLogFilter filter = WB_LOG_FILTER_INIT;
  RowsWait wait;
  guint entry = 0, changed = 0;
  g_autofree char *dir = NULL, *path = NULL, *got = NULL, *want = NULL;

  ck_assert_ptr_nonnull (test_game);
  game = load_wilderness ();
  play = wb_play_new_full (game, NULL, "historical", NULL, 7, TRUE, NULL, &error);
  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0515\"}}");
  play_act_ok (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"why\": \"<b> & c\", \"rolls\": [3, 4]}");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  play_act_ok (play, "{\"type\": \"override_strength\", \"unit\": \"stafford\", \"halves\": 6}");

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 720, 420);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  bar_w = wb_turn_bar_new ();
  pane_w = wb_play_log_pane_new ();
  gtk_widget_set_vexpand (pane_w, TRUE);
  gtk_box_append (GTK_BOX (box), bar_w);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), pane_w);
  gtk_window_set_child (GTK_WINDOW (window), box);
  pane = WB_PLAY_LOG_PANE (pane_w);
  bar = WB_TURN_BAR (bar_w);

  /* Nothing to show without a match. */
  ck_assert_uint_eq (n_rows (pane), 0);
  ck_assert (!gtk_widget_get_sensitive (find_named (bar_w, "end-step")));

  wb_play_log_pane_set_play (pane, play);
  wb_turn_bar_set_play (bar, play);
  g_signal_connect (pane, "entry-activated", G_CALLBACK (on_entry), &entry);
  g_signal_connect (bar, "changed", G_CALLBACK (on_changed), pane);
  g_signal_connect (bar, "changed", G_CALLBACK (count_changed), &changed);
  gtk_window_present (GTK_WINDOW (window));
  spin_for (300);

  /* Every event, in order. */
  ck_assert_uint_eq (n_rows (pane), 5);
  {
    g_autoptr(WbPlayLogRow) last = g_list_model_get_item (wb_play_log_pane_get_rows (pane), 4);
    ck_assert_uint_eq (wb_play_log_row_get_entry (last), 5);
    ck_assert_str_eq (wb_play_log_row_get_text (last),
                      "Turn 1 (May 5, 1), Union: Stafrd (5) is now Stafrd (3) (designer override)");
  }
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 1 (May 5, 1) · Union · Movement Phase");
  ck_assert_str_eq (label_text (bar_w, 1), "Union 0 VP · Confederate 45 VP");
  screenshot (window, "play-log.png");

  /* The filters: one side, one turn, a unit; the row counts exactly. */
  filter.side = 0;
  wb_play_log_pane_set_filter (pane, &filter);
  ck_assert_uint_eq (n_rows (pane), 1);
  filter.side = 1;
  wb_play_log_pane_set_filter (pane, &filter);
  ck_assert_uint_eq (n_rows (pane), 4);
  filter.turn_min = filter.turn_max = 2;
  wb_play_log_pane_set_filter (pane, &filter);
  ck_assert_uint_eq (n_rows (pane), 0);
  filter = (WbLogFilter) WB_LOG_FILTER_INIT;
  wb_play_log_pane_set_filter (pane, &filter);
  ck_assert_uint_eq (n_rows (pane), 5);
  /* The drop-downs themselves. */
  {
    GtkWidget *dd = find_named (pane_w, "turn-filter");
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), 1);
    ck_assert_uint_eq (n_rows (pane), 5);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), 2);
    ck_assert_uint_eq (n_rows (pane), 0);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), 0);
    dd = find_named (pane_w, "side-filter");
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), 1);
    ck_assert_uint_eq (n_rows (pane), 1);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), 0);
  }
  /* The search entry as typed, case ignored. */
  search = find_named (pane_w, "unit-filter");
  gtk_editable_set_text (GTK_EDITABLE (search), "STAFRD");
  wait = (RowsWait) { pane, 2 };
  ck_assert (spin_until (rows_are, &wait, 2000));
  wb_play_log_pane_get_filter (pane, &filter);
  ck_assert_str_eq (filter.unit, "STAFRD");
  ck_assert_int_eq (filter.side, -1);
  /* The filter read back sets the same (the unit is the entry's own text). */
  wb_play_log_pane_set_filter (pane, &filter);
  ck_assert_uint_eq (n_rows (pane), 2);
  wb_play_log_pane_get_filter (pane, &filter);
  screenshot (window, "play-log-filtered.png");

  /* Activating the second row shown names the entry that wrote it. */
  view = find_named (pane_w, "log-view");
  g_signal_emit_by_name (view, "activate", 1);
  ck_assert_uint_eq (entry, 5);

  /* Export writes the rows shown as the core writes them. */
  dir = g_dir_make_tmp ("wb-gui-log-XXXXXX", NULL);
  path = g_build_filename (dir, "log.html", NULL);
  ck_assert_msg (wb_play_log_pane_export (pane, path, WB_LOG_FORMAT_HTML, &error),
                 "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &got, NULL, NULL));
  want = wb_play_log_export (play, WB_LOG_FORMAT_HTML, &filter);
  ck_assert_str_eq (got, want);
  ck_assert_ptr_nonnull (strstr (got, "<tr id=\"entry-5\">"));
  ck_assert_ptr_null (strstr (got, "<tr id=\"entry-2\">"));
  g_unlink (path);
  /* Export… opens a file chooser with the game's name and the three
   * formats; cancelled, it writes nothing. (Choosing a file in GTK's own
   * chooser dialog is asynchronous and is not driven here.) */
  {
    GtkNativeDialog *chooser;
    g_autoptr(GListModel) filters = NULL;
    g_autoptr(GtkFileFilter) json = NULL;
    g_autoptr(GDir) d = NULL;
    g_autofree char *name = NULL;   /* GTK 4 gives the name (transfer full) */

    g_signal_emit_by_name (find_named (pane_w, "export"), "clicked");
    chooser = g_object_get_data (G_OBJECT (pane), "wb-play-log-chooser");
    ck_assert_ptr_nonnull (chooser);
    name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
    ck_assert_str_eq (name, "battle-of-the-wilderness-log.txt");
    filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (chooser));
    ck_assert_uint_eq (g_list_model_get_n_items (filters), 3);
    json = g_list_model_get_item (filters, 2);
    ck_assert_str_eq (gtk_file_filter_get_name (json), "JSON");
    /* A second click while it is open opens no other. */
    g_signal_emit_by_name (find_named (pane_w, "export"), "clicked");
    ck_assert_ptr_eq (g_object_get_data (G_OBJECT (pane), "wb-play-log-chooser"), chooser);
    gtk_native_dialog_hide (chooser);
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
    ck_assert_ptr_null (g_object_get_data (G_OBJECT (pane), "wb-play-log-chooser"));
    d = g_dir_open (dir, 0, NULL);
    ck_assert_ptr_null (g_dir_read_name (d));
  }
  g_rmdir (dir);
  gtk_editable_set_text (GTK_EDITABLE (search), "");
  wait.want = 5;
  ck_assert (spin_until (rows_are, &wait, 2000));

  /* End Step: the Union's Combat Phase, one more event; Undo takes it back,
   * Redo plays it again. */
  end_step = find_named (bar_w, "end-step");
  undo = find_named (bar_w, "undo");
  redo = find_named (bar_w, "redo");
  ck_assert (!gtk_widget_get_sensitive (redo));
  g_signal_emit_by_name (end_step, "clicked");
  ck_assert_uint_eq (changed, 1);
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 1 (May 5, 1) · Union · Combat Phase");
  ck_assert_uint_eq (n_rows (pane), 6);
  ck_assert_ptr_null (wb_turn_bar_get_message (bar));
  g_signal_emit_by_name (undo, "clicked");
  ck_assert_uint_eq (changed, 2);
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 1 (May 5, 1) · Union · Movement Phase");
  ck_assert_uint_eq (n_rows (pane), 5);
  ck_assert (gtk_widget_get_sensitive (redo));
  g_signal_emit_by_name (redo, "clicked");
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 1 (May 5, 1) · Union · Combat Phase");
  ck_assert_uint_eq (n_rows (pane), 6);

  /* A refused End Step: a Confederate unit left in a Union zone of control
   * without attacking (7.11). The bar says why and nothing changes. */
  g_signal_emit_by_name (end_step, "clicked");
  play_act_ok (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0615\"}}");
  g_signal_emit_by_name (end_step, "clicked");
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 2 (May 5, 2) · Confederate · Combat Phase");
  changed = 0;
  g_signal_emit_by_name (end_step, "clicked");
  ck_assert_uint_eq (changed, 0);
  ck_assert_ptr_nonnull (wb_turn_bar_get_message (bar));
  ck_assert_ptr_nonnull (strstr (wb_turn_bar_get_message (bar), "spi.mandatory"));
  ck_assert_str_eq (label_text (bar_w, 0), "Turn 2 (May 5, 2) · Confederate · Combat Phase");
  ck_assert (gtk_widget_get_visible (gtk_widget_get_last_child (gtk_widget_get_first_child (bar_w))));
  screenshot (window, "play-log-refused.png");
  /* Undo clears the message. */
  g_signal_emit_by_name (undo, "clicked");
  ck_assert_ptr_null (wb_turn_bar_get_message (bar));
  /* Narrow: the events wrap. */
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 420);
  screenshot (window, "play-log-narrow.png");

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Whether a mapped label in @root shows a text with @part. */
static gboolean
shows_label (GtkWidget *root, const char *part)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) && strstr (gtk_label_get_text (GTK_LABEL (w)), part) != NULL)
        return TRUE;
      if (shows_label (w, part))
        return TRUE;
    }
  return FALSE;
}

/* Hidden information in the pane: set to the side at the screen, it shows
 * a secret line of the other side as that side's public text, and leaves
 * out one without; back to the designer's view (-1) it shows all. */
START_TEST (test_log_pane_viewer)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 7, &error);
  WbMatch *m;
  GtkWidget *window, *pane_w;
  WbPlayLogPane *pane;
  guint owner, other, before;

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  play_act_ok (play, "{\"type\": \"end_step\"}");
  m = wb_play_get_state (play);
  owner = m->active;
  other = 1 - owner;
  {
    WbRuleContext ctx = { NULL, wb_play_get_log (play), NULL, 0, FALSE, m, NULL };
    wb_rule_say_secret (&ctx, m, owner, "a block moves", "%s moves", "Stafrd (5)");
    wb_rule_say_secret (&ctx, m, owner, NULL, "%s is held back", "Stafrd (5)");
    wb_rule_say (&ctx, m, "%s", "the step goes on");
  }
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  pane_w = wb_play_log_pane_new ();
  gtk_window_set_child (GTK_WINDOW (window), pane_w);
  pane = WB_PLAY_LOG_PANE (pane_w);
  wb_play_log_pane_set_play (pane, play);
  gtk_window_present (GTK_WINDOW (window));
  before = n_rows (pane);
  ck_assert_uint_ge (before, 4);
  spin_for (500);
  {
    g_autoptr(WbPlayLogRow) held = g_list_model_get_item (wb_play_log_pane_get_rows (pane), before - 2);
    ck_assert_ptr_nonnull (strstr (wb_play_log_row_get_text (held), "Stafrd (5) is held back"));
  }
  ck_assert (shows_label (pane_w, "Stafrd (5) moves"));
  wb_play_log_pane_set_viewer (pane, (int) other);
  ck_assert_uint_eq (n_rows (pane), before - 1);
  {
    g_autoptr(WbPlayLogRow) moves = g_list_model_get_item (wb_play_log_pane_get_rows (pane), before - 3);
    g_autoptr(WbPlayLogRow) last = g_list_model_get_item (wb_play_log_pane_get_rows (pane), before - 2);
    ck_assert_ptr_nonnull (strstr (wb_play_log_row_get_text (moves), ": a block moves"));
    ck_assert_ptr_nonnull (strstr (wb_play_log_row_get_text (last), "the step goes on"));
  }
  /* What the pane shows follows: the other side reads the public text. */
  spin_for (100);
  ck_assert (shows_label (pane_w, "a block moves"));
  ck_assert (!shows_label (pane_w, "Stafrd (5)"));
  wb_play_log_pane_set_viewer (pane, (int) owner);
  ck_assert_uint_eq (n_rows (pane), before);
  spin_for (100);
  ck_assert (shows_label (pane_w, "Stafrd (5) moves"));
  ck_assert (shows_label (pane_w, "Stafrd (5) is held back"));
  ck_assert (!shows_label (pane_w, "a block moves"));
  wb_play_log_pane_set_viewer (pane, -1);
  ck_assert_uint_eq (n_rows (pane), before);
  gtk_window_destroy (GTK_WINDOW (window));
  /* The play's log is a view on the events its entries own: the three lines
   * written into it here are this test's own to free (ASan's leak check). */
  {
    GPtrArray *log = wb_play_get_log (play);

    for (int i = 0; i < 3; i++)
      wb_log_event_free (g_ptr_array_steal_index (log, log->len - 1));
  }
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-log");
  TCase *tc = tcase_create ("play-log");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_log_pane_and_turn_bar);
  tcase_add_test (tc, test_log_pane_viewer);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
