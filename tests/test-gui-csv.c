/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-csv"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>

#include "wb-oob-csv-dialog.h"
#include "wb-window.h"

#include "gui-common.h"

/* The order of battle as a spreadsheet from the window: export to a file,
 * edit it as a designer would in a spreadsheet, import it through the
 * preview, and undo. */

static char *
dump (WbWindow *window)
{
  return wb_game_to_data (wb_window_get_game (window), NULL);
}

START_TEST (test_export_edit_import)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autofree char *dir = g_dir_make_tmp ("wb-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "oob.csv", NULL);
  g_autofree char *edited_path = g_build_filename (dir, "edited.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) edited = g_file_new_for_path (edited_path);
  g_autofree char *before = dump (window);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) edit = NULL;
  WbOobImportDialog *dialog;

  ck_assert_msg (wb_window_export_oob (window, file, &error), "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  ck_assert (g_str_has_prefix (text, "kind,side,formation,"));
  ck_assert_ptr_nonnull (strstr (text, ",stafford,Stafford's Brigade,"));

  /* The file as it is imports nothing. */
  dialog = WB_OOB_IMPORT_DIALOG (wb_window_import_oob (window, file, &error));
  ck_assert_ptr_nonnull (dialog);
  ck_assert (!wb_oob_import_dialog_get_can_import (dialog));
  ck_assert_uint_eq (wb_oob_import_dialog_get_n_problems (dialog), 0);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A renamed brigade: one unit changed. */
  edit = g_string_new (text);
  ck_assert_uint_eq (g_string_replace (edit, ",stafford,Stafford's Brigade,",
                                       ",stafford,Stafford's Virginians,", 1), 1);
  ck_assert (g_file_set_contents (edited_path, edit->str, -1, NULL));
  dialog = WB_OOB_IMPORT_DIALOG (wb_window_import_oob (window, edited, &error));
  ck_assert_ptr_nonnull (dialog);
  ck_assert (wb_oob_import_dialog_get_can_import (dialog));
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "oob-import.png", NULL);
      g_autoptr(GdkTexture) texture = NULL;

      spin_for (300);
      texture = render_widget (GTK_WIDGET (dialog));
      gdk_texture_save_to_png (texture, shot);
    }
  ck_assert_msg (strstr (wb_oob_import_dialog_get_summary (dialog), "Units: 0 added, 1 changed, 0 removed") != NULL,
                 "%s", wb_oob_import_dialog_get_summary (dialog));
  ck_assert (wb_oob_import_dialog_apply (dialog));
  ck_assert_str_eq (wb_unit_get_name (wb_game_find_unit (game, "stafford")), "Stafford's Virginians");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (wb_window_get_undo_stack (window)),
                    "Import order of battle");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }

  /* A bad strength: the problem is shown with its line, nothing imports. */
  ck_assert_uint_eq (g_string_replace (edit, ",stafford,Stafford's Virginians,",
                                       ",stafford,Stafford's Brigade,", 1), 1);
  {
    char *at = strstr (edit->str, ",stafford,Stafford's Brigade,");
    char *line_end = strchr (at, '\r');
    g_autofree char *row = g_strndup (at, line_end - at);
    g_autofree char *bad = NULL;
    g_auto(GStrv) cells = g_strsplit (row, ",", -1);

    /* From the matched text on: "", id, name, designation, class, size,
     * strength… */
    ck_assert_str_eq (cells[6], "5");
    g_free (cells[6]);
    cells[6] = g_strdup ("x12");
    bad = g_strjoinv (",", cells);
    g_string_replace (edit, row, bad, 1);
  }
  ck_assert (g_file_set_contents (edited_path, edit->str, -1, NULL));
  dialog = WB_OOB_IMPORT_DIALOG (wb_window_import_oob (window, edited, &error));
  ck_assert_ptr_nonnull (dialog);
  ck_assert_uint_ge (wb_oob_import_dialog_get_n_problems (dialog), 1);
  ck_assert (!wb_oob_import_dialog_get_can_import (dialog));
  ck_assert (!wb_oob_import_dialog_apply (dialog));
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "oob-import-bad.png", NULL);
      g_autoptr(GdkTexture) texture = NULL;

      spin_for (300);
      texture = render_widget (GTK_WIDGET (dialog));
      gdk_texture_save_to_png (texture, shot);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  {
    g_autofree char *now = dump (window);
    ck_assert_str_eq (now, before);
  }

  /* Not a file at all. */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/oob.csv");
    g_autoptr(GError) missing_error = NULL;

    ck_assert_ptr_null (wb_window_import_oob (window, missing, &missing_error));
    ck_assert_ptr_nonnull (missing_error);
  }

  g_unlink (path);
  g_unlink (edited_path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-csv");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("csv");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_export_edit_import);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
