/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-help"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>

#include "wb-application.h"
#include "wb-balance-window.h"
#include "wb-legend-editor.h"
#include "wb-new-game-dialog.h"
#include "wb-oob-editor.h"
#include "wb-play-controller.h"
#include "wb-play-dialog.h"
#include "wb-print-dialog.h"
#include "wb-table-editor.h"
#include "wb-window.h"
#include "wb-window-scenario.h"

#include "gui-common.h"

/* The user guide (the Mallard pages in help/C, issue 21 item 2).
 *
 * - Help: app.help asks the desktop to show help:warbench; F1 is its
 *   accelerator, the primary menu's Help item shows F1 and activates it,
 *   the shortcuts window lists F1. The test registers a stand-in help
 *   viewer (a desktop file for x-scheme-handler/help, the default in its
 *   own mimeapps.list) that writes the URI it was given, so the whole way
 *   from the action to the launch is checked and no Yelp starts.
 * - The figures: each one the pages show is rendered here from the
 *   windows it shows. With WB_UPDATE_HELP_FIGURES=1 they are written to
 *   help/C/figures/; otherwise every figure must exist there with the size
 *   (within FIGURE_SLACK px) that rendering gives now, so a window that
 *   changed shape makes the figure fail rather than go stale. The pages
 *   show exactly the figures this test renders.
 * - The shortcuts page (help/C/shortcuts.page) has every key of the
 *   Keyboard Shortcuts window.
 *
 * Regenerate after a deliberate change to a window the guide shows:
 *   WB_UPDATE_HELP_FIGURES=1 xvfb-run -a -s '-screen 0 1280x1024x24' \
 *     dbus-run-session -- meson test -C build test-gui-help
 * then look at the PNGs (git diff --stat help/C/figures) and commit them. */

/* Figures wider than this are scaled down (the guide's page is about
 * 800 px wide; yelp would scale them anyway, less well). */
#define FIGURE_MAX_WIDTH 840
/* Text and widgets may come out a pixel or two different with another
 * font or theme version. */
#define FIGURE_SLACK 6

static char *viewer_log;    /* what the stand-in help viewer was given */

/* --- the URI and the action ----------------------------------------------------------- */

START_TEST (test_help_uri)
{
  g_autofree char *index = wb_application_help_uri (NULL);
  g_autofree char *page = wb_application_help_uri ("playtest");

  ck_assert_str_eq (index, "help:warbench");
  ck_assert_str_eq (page, "help:warbench/playtest");
  ck_assert (wb_application_help_page_is_valid ("balance-lab"));
  ck_assert (wb_application_help_page_is_valid ("crt"));
  ck_assert (!wb_application_help_page_is_valid (""));
  ck_assert (!wb_application_help_page_is_valid ("-x"));
  ck_assert (!wb_application_help_page_is_valid ("a/b"));
  ck_assert (!wb_application_help_page_is_valid ("a?b"));
  ck_assert (!wb_application_help_page_is_valid ("a#b"));
  ck_assert (!wb_application_help_page_is_valid ("a b"));
}
END_TEST

static gboolean
viewer_was_run (gpointer data)
{
  return g_file_test (viewer_log, G_FILE_TEST_EXISTS);
}

/* The last URI the stand-in viewer was given (newly allocated). */
static char *
viewer_uri (void)
{
  g_autofree char *text = NULL;

  ck_assert_msg (spin_until (viewer_was_run, NULL, LOAD_TIMEOUT_MS), "no help viewer was started");
  /* It writes its one line in one go; wait for the newline. */
  for (int i = 0; i < 500; i++)
    {
      g_clear_pointer (&text, g_free);
      if (g_file_get_contents (viewer_log, &text, NULL, NULL) && strchr (text, '\n') != NULL)
        break;
      spin_for (10);
    }
  ck_assert_ptr_nonnull (text);
  g_strchomp (text);
  g_unlink (viewer_log);
  return g_steal_pointer (&text);
}

static gboolean
menu_has_item (GMenuModel *menu,
               const char *action,
               const char *label,
               const char *accel)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *a = NULL, *l = NULL, *k = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);

      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &a);
      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &l);
      g_menu_model_get_item_attribute (menu, i, "accel", "s", &k);
      if (g_strcmp0 (a, action) == 0 && g_strcmp0 (l, label) == 0 && g_strcmp0 (k, accel) == 0)
        return TRUE;
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          if (menu_has_item (link, action, label, accel))
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether the shortcuts window lists @accel (exactly, as one of a row's). */
static gboolean
shortcuts_window_lists (const char *accel)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
  GSList *objects = gtk_builder_get_objects (builder);
  gboolean found = FALSE;

  for (GSList *l = objects; l != NULL && !found; l = l->next)
    {
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) accels = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "accelerator", &accelerator, NULL);
      accels = g_strsplit (accelerator != NULL ? accelerator : "", " ", -1);
      found = g_strv_contains ((const char * const *) accels, accel);
    }
  g_slist_free (objects);
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window")));
  return found;
}

START_TEST (test_help_action)
{
  g_autoptr(GError) error = NULL;
  WbApplication *app = wb_application_new ();
  WbWindow *window;
  GtkWidget *button;
  g_auto(GStrv) accels = NULL;
  g_auto(GStrv) actions = NULL;
  g_autofree char *uri = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert_msg (g_application_register (G_APPLICATION (app), NULL, &error), "%s",
                 error != NULL ? error->message : "");
  window = wb_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));

  /* The action, and F1 bound to it alone. */
  ck_assert (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  ck_assert (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "help"));
  ck_assert_ptr_null (g_action_group_get_action_parameter_type (G_ACTION_GROUP (app), "help"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  ck_assert_uint_eq (g_strv_length (accels), 1);
  ck_assert_str_eq (accels[0], "F1");
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F1");
  ck_assert_uint_eq (g_strv_length (actions), 1);
  ck_assert_str_eq (actions[0], "app.help");

  /* The primary menu's Help item, and the shortcuts window. */
  button = find_named (GTK_WIDGET (window), "primary-menu");
  ck_assert_ptr_nonnull (button);
  ck_assert (menu_has_item (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)),
                            "app.help", "_Help", "F1"));
  ck_assert (shortcuts_window_lists ("F1"));

  /* Activated as the menu item and F1 do, it launches the desktop's help
   * viewer on the guide's index. */
  g_unlink (viewer_log);
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  uri = viewer_uri ();
  ck_assert_str_eq (uri, "help:warbench");

  /* And the same way for a page of it. */
  g_clear_pointer (&uri, g_free);
  wb_application_show_help (app, "crt");
  uri = viewer_uri ();
  ck_assert_str_eq (uri, "help:warbench/crt");

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
}
END_TEST

static char *
help_dir (void)
{
  const char *source = g_getenv ("WARBENCH_SOURCE_DIR");

  ck_assert_msg (source != NULL, "WARBENCH_SOURCE_DIR is not set");
  return g_build_filename (source, "help", "C", NULL);
}

/* --- the shortcuts page ---------------------------------------------------------------- */

/* How the guide writes a key (GNOME's help style): Ctrl, Shift, Alt,
 * capital letters, arrows, Esc, Enter. */
static const char *
page_key_name (guint keyval)
{
  static const struct { guint keyval; const char *name; } names[] = {
    { GDK_KEY_plus, "+" }, { GDK_KEY_minus, "-" }, { GDK_KEY_equal, "=" },
    { GDK_KEY_question, "?" }, { GDK_KEY_bracketleft, "[" }, { GDK_KEY_bracketright, "]" },
    { GDK_KEY_Page_Up, "Page Up" }, { GDK_KEY_Page_Down, "Page Down" },
    { GDK_KEY_Return, "Enter" }, { GDK_KEY_KP_Enter, "Enter" }, { GDK_KEY_Escape, "Esc" },
    { GDK_KEY_BackSpace, "Backspace" }, { GDK_KEY_space, "Space" },
    { GDK_KEY_Left, "←" }, { GDK_KEY_Right, "→" }, { GDK_KEY_Up, "↑" }, { GDK_KEY_Down, "↓" },
  };
  static char letter[2];

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i].keyval == keyval)
      return names[i].name;
  if (keyval < 0x80 && g_ascii_isalnum (keyval))
    {
      letter[0] = g_ascii_toupper (keyval);
      return letter;
    }
  return gdk_keyval_name (keyval);   /* F1, Delete, Insert, Home… */
}

/* @accel as the guide's Mallard: <key>F5</key>, or
 * <keyseq><key>Ctrl</key><key>Shift</key><key>E</key></keyseq>. */
static char *
page_keyseq (const char *accel)
{
  guint keyval = 0;
  GdkModifierType mods = 0;
  g_autoptr(GString) text = g_string_new (NULL);

  ck_assert_msg (gtk_accelerator_parse (accel, &keyval, &mods), "%s", accel);
  if (mods & GDK_CONTROL_MASK)
    g_string_append (text, "<key>Ctrl</key>");
  if (mods & GDK_ALT_MASK)
    g_string_append (text, "<key>Alt</key>");
  if (mods & GDK_SHIFT_MASK)
    g_string_append (text, "<key>Shift</key>");
  g_string_append_printf (text, "<key>%s</key>", page_key_name (gdk_keyval_to_lower (keyval)));
  if (mods != 0)
    {
      g_string_prepend (text, "<keyseq>");
      g_string_append (text, "</keyseq>");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Every key the Keyboard Shortcuts window lists is on the guide's
 * shortcuts page too (the keypad's copies aside), so a new shortcut cannot
 * be left out of the guide. */
START_TEST (test_shortcuts_page)
{
  g_autofree char *dir = help_dir ();
  g_autofree char *path = g_build_filename (dir, "shortcuts.page", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/warbench/Warbench/wb-shortcuts-window.ui");
  GSList *objects = gtk_builder_get_objects (builder);
  g_autoptr(GString) missing = g_string_new (NULL);
  guint checked = 0;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) accels = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "accelerator", &accelerator, NULL);
      accels = g_strsplit (accelerator != NULL ? accelerator : "", " ", -1);
      for (guint i = 0; accels[i] != NULL; i++)
        {
          g_autofree char *keyseq = NULL;

          if (*accels[i] == '\0' || strstr (accels[i], "KP_") != NULL)
            continue;
          keyseq = page_keyseq (accels[i]);
          checked++;
          if (strstr (text, keyseq) == NULL)
            g_string_append_printf (missing, "\n  %s (%s)", keyseq, accels[i]);
        }
    }
  g_slist_free (objects);
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window")));
  ck_assert_uint_gt (checked, 60);
  ck_assert_msg (missing->len == 0, "help/C/shortcuts.page lacks:%s", missing->str);
}
END_TEST

/* --- the figures ---------------------------------------------------------------------- */

/* What a figure shows, set up by its function: the widget to render and
 * the windows to close afterwards. */
typedef struct
{
  GtkWidget     *shown;
  GPtrArray     *windows;
  WbApplication *app;      /* its style sheet and icons, as the app has them */
} Scene;

typedef void (*SceneFunc) (Scene *scene);

static void
scene_keep (Scene     *scene,
            GtkWindow *window)
{
  g_ptr_array_add (scene->windows, window);
}

/* Until the panes have stopped sliding and the map's fit has followed
 * them, and the map is drawn whole at its zoom. */
static void
settle (WbMapView *view)
{
  wait_layout_still (view);
  wait_until_settled (view);
}

/* A light window of @width × @height showing @path (the Wilderness when
 * NULL), loaded and drawn. */
static WbWindow *
game_window (Scene      *scene,
             const char *path,
             int         width,
             int         height)
{
  g_autoptr(GFile) file = g_file_new_for_path (path != NULL ? path : test_game);
  WbWindow *window = wb_window_new (GTK_APPLICATION (scene->app));

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  scene_keep (scene, GTK_WINDOW (window));
  wb_window_open (window, file);
  ck_assert_msg (spin_until (load_finished, window, LOAD_TIMEOUT_MS), "loading did not finish");
  ck_assert_ptr_nonnull (wb_window_get_game (window));
  settle (wb_window_get_map_view (window));
  return window;
}

/* The toplevel shown over @window last (a dialog it opened). */
static GtkWindow *
newest_dialog (WbWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (item != GTK_WINDOW (window) && gtk_window_get_transient_for (item) == GTK_WINDOW (window) &&
          gtk_widget_get_visible (GTK_WIDGET (item)))
        found = item;
    }
  return found;
}

/* New Game…, with a title typed. */
static void
scene_new_game (Scene *scene)
{
  WbWindow *window = wb_window_new (GTK_APPLICATION (scene->app));
  WbNewGameDialog *dialog;
  GtkWidget *title;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_present (GTK_WINDOW (window));
  scene_keep (scene, GTK_WINDOW (window));
  dialog = wb_new_game_dialog_new (GTK_WINDOW (window));
  title = find_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);
  ck_assert_ptr_nonnull (title);
  gtk_editable_set_text (GTK_EDITABLE (title), "River Crossing");
  gtk_window_present (GTK_WINDOW (dialog));
  scene_keep (scene, GTK_WINDOW (dialog));
  scene->shown = GTK_WIDGET (dialog);
}

/* The map editor: the Wilderness with the terrain brush chosen and a hex
 * selected in the inspector. */
static void
scene_map_editor (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1180, 720);
  WbMapEditor *editor = wb_window_get_map_editor (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  double x, y;

  /* Select a hex (Wilderness Tavern, 1415: a town on the road), then
   * take the terrain brush. */
  hex_centre (map, 13, 14, &x, &y);
  wb_map_editor_set_tool (editor, "select");
  wb_map_editor_click (editor, x, y);
  wb_map_view_set_zoom (view, 0.9);
  wb_map_view_set_center (view, x, y);
  g_action_group_activate_action (wb_map_editor_get_actions (editor), "tool", g_variant_new_string ("brush"));
  spin_for (300);
  settle (view);
  scene->shown = GTK_WIDGET (window);
}

/* The Map Legend on the Wilderness's woods. */
static void
scene_map_legend (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1000, 700);
  GtkWindow *legend;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.legend", NULL));
  spin_for (300);
  legend = newest_dialog (window);
  ck_assert (WB_IS_LEGEND_EDITOR (legend));
  ck_assert (wb_legend_editor_select (WB_LEGEND_EDITOR (legend), FALSE, "forest"));
  spin_for (300);
  /* (The window takes its legend with it.) */
  scene->shown = GTK_WIDGET (legend);
}

/* The Union order of battle with a brigade selected. */
static void
scene_oob (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1080, 700);
  WbOobEditor *oob = WB_OOB_EDITOR (wb_window_get_oob_editor (window));
  g_autoptr(GPtrArray) rows = NULL;
  const char *unit = NULL;

  g_signal_emit_by_name (wb_window_get_sidebar (window), "oob-selected", "union");
  ck_assert (wb_window_get_oob_shown (window));
  rows = wb_oob_editor_list_rows (oob);
  for (guint i = 0; i < rows->len && unit == NULL; i++)
    if (wb_game_find_unit (wb_window_get_game (window), g_ptr_array_index (rows, i)) != NULL)
      unit = g_ptr_array_index (rows, i);
  ck_assert_ptr_nonnull (unit);
  ck_assert_uint_eq (wb_oob_editor_select (oob, (const char *[]) { unit, NULL }), 1);
  spin_for (400);
  scene->shown = GTK_WIDGET (window);
}

static gboolean
table_laid_out (gpointer data)
{
  GtkWidget *table = wb_window_get_table_editor (data);

  return gtk_widget_get_mapped (table) &&
         gtk_widget_get_width (wb_table_editor_get_field (WB_TABLE_EDITOR (table), "grid")) > 0;
}

/* The Wilderness's CRT with its exact analysis beside it. */
static void
scene_crt (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1180, 720);
  WbGame *game = wb_window_get_game (window);

  g_signal_emit_by_name (wb_window_get_sidebar (window), "table-selected", wb_game_find_table (game, "crt"));
  ck_assert (wb_window_get_table_shown (window));
  ck_assert (spin_until (table_laid_out, window, DRAW_TIMEOUT_MS));
  wb_table_editor_set_cursor (WB_TABLE_EDITOR (wb_window_get_table_editor (window)), 2, 3);
  spin_for (400);
  scene->shown = GTK_WIDGET (window);
}

/* A scenario's set-up in the pane under the map. */
static void
scene_scenario (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1180, 760);

  /* The map has the inspector's room. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-setup", NULL));
  spin_for (600);
  ck_assert (wb_window_get_scenario_pane_shown (window));
  settle (wb_window_get_map_view (window));
  scene->shown = GTK_WIDGET (window);
}

/* New Playtest…, as it opens on the Wilderness. */
static void
scene_play_dialog (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1000, 700);
  GtkWindow *dialog;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-playtest", NULL));
  spin_for (300);
  dialog = newest_dialog (window);
  ck_assert (WB_IS_PLAY_DIALOG (dialog));
  wb_play_dialog_set (WB_PLAY_DIALOG (dialog), "historical", NULL, 1864, FALSE);
  scene_keep (scene, dialog);
  scene->shown = GTK_WIDGET (dialog);
}

/* A playtest of the Wilderness with a unit selected: where it may go. */
static WbWindow *
playing_window (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1180, 740);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (wb_window_get_game (window), NULL, "historical", NULL, 1864, &error);

  ck_assert_msg (play != NULL, "%s", error != NULL ? error->message : "");
  wb_window_play (window, play);
  spin_for (500);
  settle (wb_window_get_map_view (window));
  return window;
}

/* The playtest with one of the side to play's units on the map selected:
 * the hexes it may reach are shown with their cost. */
static void
scene_playtest (Scene *scene)
{
  WbWindow *window = playing_window (scene);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbMatch *m = wb_play_get_state (wb_window_get_play (window));
  WbPlayController *ctl = wb_window_get_play_controller (window);
  const WbUnitState *unit = NULL;
  double x, y;

  /* The one furthest east, so that the map is all around it. */
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == m->active && u->where.kind == WB_WHERE_HEX &&
          (unit == NULL || u->where.hex.col > unit->where.hex.col))
        unit = u;
    }
  ck_assert_ptr_nonnull (unit);
  hex_centre (map, unit->where.hex.col, unit->where.hex.row, &x, &y);
  /* The Confederates start near the map's west edge: the unit left of the
   * middle keeps the whole view on the map. */
  wb_map_view_set_center (view,
                          MAX (x, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0 / wb_map_view_get_zoom (view)),
                          y);
  g_signal_emit_by_name (view, "point-clicked", x, y);
  ck_assert_str_eq (wb_play_controller_get_selected (ctl), unit->id);
  spin_for (300);
  settle (view);
  scene->shown = GTK_WIDGET (window);
}

/* The hand-over screen after the first player's End Step. */
static void
scene_handover (Scene *scene)
{
  WbWindow *window = playing_window (scene);
  GtkWidget *ready = NULL;

  for (int i = 0; i < 6; i++)
    {
      GtkWidget *end_step = find_named (GTK_WIDGET (window), "end-step");

      ready = find_named (GTK_WIDGET (window), "handover-ready");
      if (ready != NULL && gtk_widget_is_visible (ready))
        break;
      ck_assert_ptr_nonnull (end_step);
      g_signal_emit_by_name (end_step, "clicked");
      spin_for (300);
    }
  ck_assert_msg (ready != NULL && gtk_widget_is_visible (ready), "no hand-over");
  scene->shown = GTK_WIDGET (window);
}

static gboolean
lab_done (gpointer data)
{
  return !wb_balance_window_is_running (data);
}

/* The Balance Lab after 24 games of the Wilderness. */
static void
scene_balance_lab (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1000, 700);
  WbBalanceWindow *lab;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.balance-lab", NULL));
  lab = wb_window_get_balance_lab (window);
  ck_assert_ptr_nonnull (lab);
  scene_keep (scene, GTK_WINDOW (lab));
  wb_balance_window_set_run (lab, "historical", NULL, 24, 1);
  wb_balance_window_run (lab);
  ck_assert_msg (spin_until (lab_done, lab, 240000), "the balance run did not end");
  spin_for (300);
  scene->shown = GTK_WIDGET (lab);
}

/* Print and Export on the print-and-play kit. */
static void
scene_print (Scene *scene)
{
  WbWindow *window = game_window (scene, NULL, 1000, 700);
  WbPrintDialog *dialog = wb_window_open_print_dialog (window, WB_PRINT_WHAT_KIT);

  ck_assert_ptr_nonnull (dialog);
  scene_keep (scene, GTK_WINDOW (dialog));
  scene->shown = GTK_WIDGET (dialog);
}

typedef struct
{
  const char *name;      /* help/C/figures/NAME.png */
  SceneFunc   scene;
} Figure;

static const Figure figures[] = {
  { "new-game", scene_new_game },
  { "map-editor", scene_map_editor },
  { "map-legend", scene_map_legend },
  { "oob", scene_oob },
  { "crt", scene_crt },
  { "scenario", scene_scenario },
  { "play-dialog", scene_play_dialog },
  { "playtest", scene_playtest },
  { "handover", scene_handover },
  { "balance-lab", scene_balance_lab },
  { "print", scene_print },
};

/* @texture as a cairo surface, scaled down to FIGURE_MAX_WIDTH when wider;
 * opaque pictures as RGB (a smaller PNG). */
static cairo_surface_t *
figure_surface (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  cairo_surface_t *full = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_surface_t *out;
  gboolean opaque = TRUE;
  double scale = width > FIGURE_MAX_WIDTH ? (double) FIGURE_MAX_WIDTH / width : 1.0;
  int out_width = (int) (width * scale + 0.5), out_height = (int) (height * scale + 0.5);
  cairo_t *cr;

  cairo_surface_flush (full);
  gdk_texture_download (texture, cairo_image_surface_get_data (full), cairo_image_surface_get_stride (full));
  for (int y = 0; y < height && opaque; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (full) + (gsize) y * cairo_image_surface_get_stride (full));

      for (int x = 0; x < width; x++)
        if ((row[x] >> 24) != 0xff)
          {
            opaque = FALSE;
            break;
          }
    }
  cairo_surface_mark_dirty (full);

  out = cairo_image_surface_create (opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, out_width, out_height);
  cr = cairo_create (out);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, full, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (full);
  return out;
}

START_TEST (test_figure)
{
  const Figure *figure = &figures[_i];
  Scene scene = { NULL, g_ptr_array_new (), wb_application_new () };
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *dir = help_dir ();
  g_autofree char *path = NULL;
  g_autofree char *file_name = g_strconcat (figure->name, ".png", NULL);
  cairo_surface_t *surface;
  int width, height;

  /* Registered, the application has started: its style sheet and its
   * icons are loaded as when Warbench runs. */
  g_application_set_flags (G_APPLICATION (scene.app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  ck_assert (g_application_register (G_APPLICATION (scene.app), NULL, NULL));
  figure->scene (&scene);
  ck_assert_ptr_nonnull (scene.shown);
  /* Layout, drawing and the map's background renders catch up. */
  spin_for (400);
  texture = render_widget (scene.shown);
  surface = figure_surface (texture);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  save_shot (scene.shown, file_name, 0);

  path = g_build_filename (dir, "figures", file_name, NULL);
  if (g_strcmp0 (g_getenv ("WB_UPDATE_HELP_FIGURES"), "1") == 0)
    {
      g_autofree char *figures_dir = g_path_get_dirname (path);

      ck_assert (g_mkdir_with_parents (figures_dir, 0755) == 0);
      ck_assert_int_eq (cairo_surface_write_to_png (surface, path), CAIRO_STATUS_SUCCESS);
      g_message ("wrote %s (%d × %d)", path, width, height);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GdkTexture) saved = gdk_texture_new_from_filename (path, &error);

      ck_assert_msg (saved != NULL,
                     "help/C/figures/%s: %s — render it with WB_UPDATE_HELP_FIGURES=1 (see tests/test-gui-help.c)",
                     file_name, error != NULL ? error->message : "");
      ck_assert_msg (ABS (gdk_texture_get_width (saved) - width) <= FIGURE_SLACK &&
                     ABS (gdk_texture_get_height (saved) - height) <= FIGURE_SLACK,
                     "help/C/figures/%s is %d × %d but the window now renders %d × %d: "
                     "run WB_UPDATE_HELP_FIGURES=1 meson test test-gui-help and look at it",
                     file_name, gdk_texture_get_width (saved), gdk_texture_get_height (saved), width, height);
    }
  cairo_surface_destroy (surface);

  for (guint i = scene.windows->len; i > 0; i--)
    gtk_window_destroy (g_ptr_array_index (scene.windows, i - 1));
  g_ptr_array_unref (scene.windows);
  g_object_unref (scene.app);
}
END_TEST

/* The pages show the figures rendered here, and nothing else. */
START_TEST (test_figures_referenced)
{
  g_autofree char *dir = help_dir ();
  g_autoptr(GDir) pages = g_dir_open (dir, 0, NULL);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GRegex) media = g_regex_new ("<media[^>]*\\ssrc=\"figures/([a-z0-9-]+)\\.png\"", 0, 0, NULL);
  const char *name;
  guint n_pages = 0;

  ck_assert_ptr_nonnull (pages);
  while ((name = g_dir_read_name (pages)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GMatchInfo) match = NULL;

      if (!g_str_has_suffix (name, ".page"))
        continue;
      n_pages++;
      ck_assert (g_file_get_contents (path, &text, NULL, NULL));
      ck_assert_msg (strstr (text, "src=\"figures/") == NULL || strstr (text, ".png\"") != NULL,
                     "%s shows a figure that is not a PNG", name);
      for (g_regex_match (media, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          char *figure = g_match_info_fetch (match, 1);
          gboolean known = FALSE;

          for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
            known = known || g_str_equal (figures[i].name, figure);
          ck_assert_msg (known, "%s shows figures/%s.png, which test-gui-help does not render", name, figure);
          g_hash_table_add (shown, figure);
        }
    }
  ck_assert_uint_ge (n_pages, 10);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    ck_assert_msg (g_hash_table_contains (shown, figures[i].name),
                   "no page shows figures/%s.png", figures[i].name);
}
END_TEST

static Suite *
help_suite (void)
{
  Suite *s = suite_create ("help");
  TCase *tc = tcase_create ("help");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_help_uri);
  tcase_add_test (tc, test_help_action);
  tcase_add_test (tc, test_shortcuts_page);
  tcase_add_test (tc, test_figures_referenced);
  tcase_add_loop_test (tc, test_figure, 0, G_N_ELEMENTS (figures));
  suite_add_tcase (s, tc);
  return s;
}

/* A help viewer that writes the URI it is given to @log: a script, its
 * desktop file for x-scheme-handler/help, and a mimeapps.list making it
 * the default — in folders of the test's own, found first through
 * XDG_DATA_DIRS and XDG_CONFIG_HOME (set before GTK or GIO reads them). */
static void
stand_in_viewer (const char *root)
{
  g_autofree char *apps = g_build_filename (root, "share", "applications", NULL);
  g_autofree char *config = g_build_filename (root, "config", NULL);
  g_autofree char *script = g_build_filename (root, "viewer", NULL);
  g_autofree char *script_text = NULL;
  g_autofree char *desktop = g_build_filename (apps, "warbench-test-help.desktop", NULL);
  g_autofree char *desktop_text = NULL;
  g_autofree char *mimeapps = g_build_filename (config, "mimeapps.list", NULL);
  g_autofree char *share = g_build_filename (root, "share", NULL);
  const char *dirs = g_getenv ("XDG_DATA_DIRS");
  g_autofree char *data_dirs = NULL;

  g_mkdir_with_parents (apps, 0700);
  g_mkdir_with_parents (config, 0700);
  viewer_log = g_build_filename (root, "uri", NULL);
  script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                                 viewer_log, viewer_log, viewer_log);
  g_file_set_contents (script, script_text, -1, NULL);
  g_chmod (script, 0700);
  desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Warbench Test Help Viewer\n"
                                  "Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n",
                                  script);
  g_file_set_contents (desktop, desktop_text, -1, NULL);
  g_file_set_contents (mimeapps, "[Default Applications]\nx-scheme-handler/help=warbench-test-help.desktop\n",
                       -1, NULL);

  data_dirs = g_strconcat (share, ":", dirs != NULL && *dirs ? dirs : "/usr/local/share:/usr/share", NULL);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);
  /* Also keeps the developer's own GTK settings (fonts, theme) out of
   * the figures. */
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (void)
{
  g_autofree char *root = g_dir_make_tmp ("warbench-help-XXXXXX", NULL);
  int status;

  g_assert (root != NULL);
  stand_in_viewer (root);
  status = gui_main (help_suite);
  remove_tree (root);
  g_free (viewer_log);
  return status;
}
