/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-mode"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-oob-editor.h"
#include "wb-sidebar.h"
#include "wb-window.h"

#include "gui-common.h"

/* Play is its own mode (issue 20, item 1): while a playtest runs, the
 * sidebar is gone and every route to an editor — the actions and their
 * shortcuts, the sidebar's own signals — leaves the map in front, so
 * nothing shows the units of the side not at the screen; the editing
 * actions are off; End Playtest gives everything back. */

static const char * const routes[] = {
  "win.show-oob", "win.show-chits", "win.show-setup", "win.show-turn-track",
  "win.show-sidebar", "win.add-map", "win.delete-map", "win.map-background", "win.resize-map",
  "win.hex-numbering", "win.import-oob", "win.export-oob", "win.import-scenario", "win.export-scenario",
  "win.add-scenario", "win.delete-scenario", "win.new-table", "win.duplicate-table", "win.delete-table",
  "win.legend",
};

static gboolean
editor_in_front (WbWindow *window)
{
  GtkWidget *oob = find_type (GTK_WIDGET (window), WB_TYPE_OOB_EDITOR);
  GtkWidget *stack = oob != NULL ? gtk_widget_get_ancestor (oob, GTK_TYPE_STACK) : NULL;
  GtkWidget *page = stack != NULL ? gtk_stack_get_visible_child (GTK_STACK (stack)) : NULL;

  /* The page in front is the editor's (a transition may keep both mapped
   * for a moment). */
  return page != NULL && (page == oob || gtk_widget_is_ancestor (oob, page));
}

START_TEST (test_play_is_its_own_mode)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  GtkWidget *sidebar = find_type (GTK_WIDGET (window), WB_TYPE_SIDEBAR);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, "historical", NULL, 3, &error);
  WbTable *crt = wb_game_find_table (game, "crt");

  ck_assert_ptr_nonnull (sidebar);
  ck_assert (gtk_widget_get_visible (sidebar));
  /* Editing: the routes work. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-oob", NULL));
  spin_for (100);
  ck_assert (editor_in_front (window));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-oob", NULL));
  spin_for (100);

  ck_assert_msg (play != NULL, "%s", error ? error->message : "");
  wb_window_play (window, play);
  spin_for (100);
  ck_assert (!gtk_widget_get_visible (sidebar));
  for (guint i = 0; i < G_N_ELEMENTS (routes); i++)
    {
      guint tops = g_list_model_get_n_items (gtk_window_get_toplevels ());
      guint maps = wb_game_get_maps (game)->len, scenarios = wb_game_get_scenarios (game)->len;
      guint tables = wb_game_get_tables (game)->len;

      /* GTK 4.8 says "activated" of a disabled action too: what counts is
       * that nothing happens — no dialog, no change to the game. */
      gtk_widget_activate_action (GTK_WIDGET (window), routes[i], NULL);
      spin_for (20);
      ck_assert_msg (g_list_model_get_n_items (gtk_window_get_toplevels ()) == tops, "%s opened a window during play",
                     routes[i]);
      ck_assert_msg (wb_game_get_maps (game)->len == maps && wb_game_get_scenarios (game)->len == scenarios &&
                     wb_game_get_tables (game)->len == tables, "%s changed the game during play", routes[i]);
      ck_assert_msg (!editor_in_front (window), "%s showed the order of battle during play", routes[i]);
      ck_assert_msg (!gtk_widget_get_visible (sidebar), "%s showed the sidebar during play", routes[i]);
    }
  /* The sidebar's signals, as its rows would send them. */
  g_signal_emit_by_name (sidebar, "oob-selected", "confederate");
  spin_for (50);
  ck_assert (!editor_in_front (window));
  g_signal_emit_by_name (sidebar, "table-selected", crt);
  g_signal_emit_by_name (sidebar, "chits-selected");
  spin_for (50);
  ck_assert (gtk_widget_get_mapped (GTK_WIDGET (wb_window_get_map_view (window))));
  save_shot (GTK_WIDGET (window), "play-mode", 200);

  /* The inspector's toggle (Ctrl+I) shows and hides play's panes — the
   * reserve and the log, in the inspector's place — never the inspector. */
  {
    GtkWidget *panel = find_named (GTK_WIDGET (window), "play-side-panel");
    GtkWidget *inspector = wb_window_get_inspector (window);
    GtkWidget *flap = gtk_widget_get_ancestor (panel, ADW_TYPE_FLAP);
    gboolean shown;

    ck_assert_ptr_nonnull (inspector);
    ck_assert (adw_flap_get_reveal_flap (ADW_FLAP (flap)));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
    spin_for (400);
    g_object_get (window, "show-inspector", &shown, NULL);
    ck_assert (!shown);
    ck_assert (!adw_flap_get_reveal_flap (ADW_FLAP (flap)));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
    spin_for (400);
    ck_assert (adw_flap_get_reveal_flap (ADW_FLAP (flap)));
    ck_assert (gtk_widget_get_mapped (panel));
    ck_assert (!gtk_widget_get_mapped (inspector));
  }

  /* End Playtest: editing again. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-playtest", NULL));
  spin_for (100);
  ck_assert (gtk_widget_get_visible (sidebar));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-oob", NULL));
  spin_for (100);
  ck_assert (editor_in_front (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-mode");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("play-mode");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_play_is_its_own_mode);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
