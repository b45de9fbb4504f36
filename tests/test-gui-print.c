/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-print"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>

#include "wb-window.h"

#include "gui-common.h"

/* File ▸ Print… and Export Print-and-Play Kit… from the window: the Print
 * and Export dialog counts the pages of each choice, prints through
 * GtkPrintOperation (here its export to PDF: what the printer gets), and
 * exports the kit in the background with progress and Cancel; Export
 * VASSAL Module… writes a module. */

static gboolean
file_starts_with (const char *path,
                  const char *magic)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  return g_file_get_contents (path, &contents, &len, NULL) && len > strlen (magic) &&
         memcmp (contents, magic, strlen (magic)) == 0;
}

static gboolean
export_ended (gpointer data)
{
  return !wb_print_dialog_is_busy (data);
}

/* pdfinfo's page count of @pdf, or -1 without pdfinfo. */
static int
pdf_pages (const char *pdf)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  const char *argv[] = { pdfinfo, pdf, NULL };
  const char *line;
  int status;

  if (pdfinfo == NULL)
    {
      g_printerr ("test-gui-print: pdfinfo is not installed; page counts are not checked (./dev installs poppler-utils)\n");
      return -1;
    }
  ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL));
  ck_assert_int_eq (status, 0);
  line = strstr (out, "Pages:");
  ck_assert_ptr_nonnull (line);
  return atoi (line + strlen ("Pages:"));
}

/* Whether @action is an item of @model or of one of its sections. */
static gboolean
menu_has (GMenuModel *model,
          const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *a = NULL;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &a) && g_strcmp0 (a, action) == 0)
        return TRUE;
      /* Its sections, and its submenus (Export, Import). */
      for (guint k = 0; k < 2; k++)
        {
          link = g_menu_model_get_item_link (model, i, k == 0 ? G_MENU_LINK_SECTION : G_MENU_LINK_SUBMENU);
          if (link != NULL && menu_has (link, action))
            {
              g_object_unref (link);
              return TRUE;
            }
          g_clear_object (&link);
        }
    }
  return FALSE;
}

/* The window's main menu button (the one with the File items). */
static GtkWidget *
find_main_menu (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL &&
      menu_has (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), "win.save"))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_main_menu (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

START_TEST (test_print_dialog)
{
  WbWindow *window = open_test_game ();
  g_autofree char *dir = g_dir_make_tmp ("wb-print-XXXXXX", NULL);
  g_autofree char *printed = g_build_filename (dir, "printed.pdf", NULL);
  g_autofree char *kit = g_build_filename (dir, "kit.pdf", NULL);
  g_autofree char *vmod = g_build_filename (dir, "game.vmod", NULL);
  g_autoptr(GFile) kit_file = g_file_new_for_path (kit);
  g_autoptr(GFile) vmod_file = g_file_new_for_path (vmod);
  g_autofree char *tmx = g_build_filename (dir, "map.tmx", NULL);
  g_autoptr(GFile) tmx_file = g_file_new_for_path (tmx);
  g_autofree char *one_path = g_build_filename (dir, "one.warbench", NULL);
  g_autoptr(GFile) scenario_file = g_file_new_for_path (one_path);
  g_autoptr(GError) error = NULL;
  WbPrintDialog *dialog;
  guint counters, kit_pages;
  int pages;

  {
    GtkWidget *button = find_main_menu (GTK_WIDGET (window));
    GMenuModel *model;
    const char *const actions[] = { "win.print", "win.export-kit", "win.export-vassal", "win.export-tmx",
                                    "win.export-scenario", "win.import-scenario" };

    ck_assert_ptr_nonnull (button);
    model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
    for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
      ck_assert_msg (menu_has (model, actions[i]), "%s is not in the main menu", actions[i]);
    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    save_shot (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), "main-menu.png", 300);
    gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.print", NULL);
  dialog = wb_window_open_print_dialog (window, WB_PRINT_WHAT_COUNTERS);
  ck_assert_ptr_nonnull (dialog);
  wb_print_dialog_set_paper (dialog, "letter");
  counters = wb_print_dialog_get_n_pages (dialog);
  ck_assert_uint_ge (counters, 2);
  ck_assert_uint_eq (counters % 2, 0);   /* fronts and backs */
  save_shot (GTK_WIDGET (dialog), "print-dialog.png", 200);

  /* What the printer gets: every page of the layout. */
  ck_assert_msg (wb_print_dialog_print (dialog, printed, &error), "%s", error ? error->message : "");
  ck_assert (file_starts_with (printed, "%PDF"));
  pages = pdf_pages (printed);
  if (pages >= 0)
    ck_assert_int_eq (pages, (int) counters);

  /* The kit, in the background. */
  wb_print_dialog_set_what (dialog, WB_PRINT_WHAT_KIT);
  kit_pages = wb_print_dialog_get_n_pages (dialog);
  ck_assert_uint_gt (kit_pages, counters);
  wb_print_dialog_export (dialog, kit_file);
  ck_assert (wb_print_dialog_is_busy (dialog));
  ck_assert (spin_until (export_ended, dialog, 60000));
  ck_assert_str_eq (wb_print_dialog_get_result (dialog), "");
  ck_assert (file_starts_with (kit, "%PDF"));
  pages = pdf_pages (kit);
  if (pages >= 0)
    ck_assert_int_eq (pages, (int) kit_pages);

  /* Cancelled at once: an error that says so, and the earlier kit is
   * left as it was. */
  {
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_file_get_contents (kit, &before, NULL, NULL);
    wb_print_dialog_export (dialog, kit_file);
    wb_print_dialog_cancel (dialog);
    ck_assert (spin_until (export_ended, dialog, 60000));
    ck_assert_ptr_nonnull (strstr (wb_print_dialog_get_result (dialog), "cancelled"));
    g_file_get_contents (kit, &after, NULL, NULL);
    ck_assert_str_eq (before, after);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A VASSAL module, written in the background. */
  ck_assert (wb_window_export_vassal (window, vmod_file));
  for (guint i = 0; i < 600 && g_object_get_data (G_OBJECT (window), "wb-export-busy") != NULL; i++)
    spin_for (100);
  ck_assert (file_starts_with (vmod, "PK"));

  /* The shown map for Tiled, and the shown scenario as a game of its own
   * that loads. */
  ck_assert (wb_window_export_tmx (window, tmx_file));
  for (guint i = 0; i < 600 && g_object_get_data (G_OBJECT (window), "wb-export-busy") != NULL; i++)
    spin_for (100);
  ck_assert (file_starts_with (tmx, "<?xml"));
  ck_assert (wb_window_export_scenario (window, scenario_file));
  for (guint i = 0; i < 600 && g_object_get_data (G_OBJECT (window), "wb-export-busy") != NULL; i++)
    spin_for (100);
  {
    g_autoptr(WbGame) one = wb_game_load (scenario_file, NULL, &error);

    ck_assert_msg (one != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (wb_game_get_scenarios (one)->len, 1);
  }

  /* …imported back as a variant under a free id, one undoable edit. */
  {
    WbGame *game = wb_window_get_game (window);
    guint n = wb_game_get_scenarios (game)->len;
    g_autofree char *before = wb_game_to_data (game, NULL);
    g_autofree char *after = NULL;

    ck_assert_msg (wb_window_import_scenario (window, scenario_file, NULL, &error), "%s",
                   error ? error->message : "");
    ck_assert_uint_eq (wb_game_get_scenarios (game)->len, n + 1);
    ck_assert_ptr_nonnull (wb_game_find_scenario (game, "historical-2"));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
    ck_assert_uint_eq (wb_game_get_scenarios (game)->len, n);
    after = wb_game_to_data (game, NULL);
    ck_assert_str_eq (before, after);
  }

  g_unlink (printed);
  g_unlink (kit);
  g_unlink (vmod);
  g_unlink (one_path);
  {
    /* The .tmx and the tile set images beside it. */
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
      }
  }
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-print");
  TCase *tc = tcase_create ("print");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 180);
  tcase_add_test (tc, test_print_dialog);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
