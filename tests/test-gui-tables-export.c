/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-tables-export"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>

#include "wb-window.h"

#include "gui-common.h"

/* Printable table charts from the window: the table chosen in the sidebar
 * enables Print Table… and Export Table…, exports write each format, and
 * printing goes through GtkPrintOperation (here its export to PDF, the
 * same drawing as the printer gets). */

/* Activates win.export-table and says whether its file chooser opened
 * (then closes it): only with a table selected. */
static gboolean
export_chooser_opens (WbWindow *window)
{
  GtkNativeDialog *chooser;
  g_autofree char *name = NULL;   /* GTK 4 gives the name (transfer full) */

  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-table", NULL);
  chooser = g_object_get_data (G_OBJECT (window), "wb-table-chooser");
  if (chooser == NULL)
    return FALSE;
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  ck_assert_str_eq (name, "crt.pdf");
  gtk_native_dialog_hide (chooser);
  g_object_set_data (G_OBJECT (window), "wb-table-chooser", NULL);
  return TRUE;
}

static gboolean
file_starts_with (const char *path,
                  const char *magic)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  return g_file_get_contents (path, &contents, &len, NULL) && len > strlen (magic) &&
         memcmp (contents, magic, strlen (magic)) == 0;
}

START_TEST (test_table_chart_export_print)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbSidebar *sidebar = wb_window_get_sidebar (window);
  WbTable *table = wb_game_find_table (game, "crt");
  g_autofree char *dir = g_dir_make_tmp ("wb-chart-XXXXXX", NULL);
  const char *names[] = { "crt.pdf", "crt.svg", "crt.png" };
  const char *magic[] = { "%PDF", "<?xml", "\x89PNG" };
  g_autofree char *printed = g_build_filename (dir, "printed.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "crt.jpeg", NULL);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GError) error = NULL;

  ck_assert_ptr_nonnull (table);
  ck_assert_ptr_null (wb_sidebar_get_selected_table (sidebar));
  ck_assert (!export_chooser_opens (window));

  ck_assert (wb_sidebar_select_table (sidebar, table));
  ck_assert_ptr_eq (wb_sidebar_get_selected_table (sidebar), table);
  ck_assert (export_chooser_opens (window));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      ck_assert_msg (wb_window_export_table (window, table, file, &error), "%s",
                     error != NULL ? error->message : "");
      ck_assert (file_starts_with (path, magic[i]));
      g_unlink (path);
    }

  /* An unknown extension is refused with a message naming the file. */
  ck_assert (!wb_window_export_table (window, table, bad_file, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "crt.jpeg"));
  ck_assert (!g_file_test (bad, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  ck_assert_msg (wb_window_print_table (window, table, printed, &error), "%s",
                 error != NULL ? error->message : "");
  ck_assert (file_starts_with (printed, "%PDF"));
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autofree char *keep = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "printed-table.pdf",
                                                NULL);

      ck_assert (g_rename (printed, keep) == 0);
    }
  g_unlink (printed);

  /* The selection survives the game's changed signal (the sidebar rebuilds). */
  g_signal_emit_by_name (game, "changed", "tables");
  ck_assert_ptr_eq (wb_sidebar_get_selected_table (sidebar), table);

  /* A map row again: nothing to print. */
  ck_assert (wb_sidebar_select (sidebar, g_ptr_array_index (wb_game_get_maps (game), 0), NULL));
  ck_assert_ptr_null (wb_sidebar_get_selected_table (sidebar));
  ck_assert (!export_chooser_opens (window));

  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-tables-export");
  TCase *tc;

  tc = tcase_create ("tables-export");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_table_chart_export_print);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
