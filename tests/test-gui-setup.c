/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-setup"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sys/stat.h>

#include "wb-background-dialog.h"
#include "wb-numbering-dialog.h"
#include "wb-resize-dialog.h"
#include "wb-window-background.h"
#include "wb-window.h"

#include "gui-common.h"

/* Map set-up in the window: the Background Scan dialog with its two-point
 * calibration through the pick mode, and the Resize Map dialog. Each test
 * works on a copy of a bundled game in a temporary folder. */

typedef struct {
  char *dir;
  char *game;
} Copy;

static void
copy_free (Copy *copy)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) dir = g_file_new_for_path (copy->dir);
  g_autoptr(GFileEnumerator) e = NULL;

  /* The folder holds the game, its scans and nothing deeper. */
  for (int pass = 0; pass < 2; pass++)
    {
      g_autofree char *scans = g_build_filename (copy->dir, "scans", NULL);
      const char *folder = pass == 0 ? scans : copy->dir;
      GDir *d = g_dir_open (folder, 0, NULL);
      const char *name;

      if (d == NULL)
        continue;
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = g_build_filename (folder, name, NULL);

          if (!g_file_test (path, G_FILE_TEST_IS_DIR))
            g_unlink (path);
        }
      g_dir_close (d);
      g_rmdir (folder);
    }
  g_free (copy->dir);
  g_free (copy->game);
  g_free (copy);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Copy, copy_free)

static Copy *
copy_game (const char *name)
{
  Copy *copy = g_new0 (Copy, 1);
  g_autofree char *src = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                           name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *scans = NULL;
  gsize len;

  copy->dir = g_dir_make_tmp ("wb-gui-setup-XXXXXX", NULL);
  ck_assert_ptr_nonnull (copy->dir);
  scans = g_build_filename (copy->dir, "scans", NULL);
  ck_assert_int_eq (g_mkdir (scans, 0700), 0);
  ck_assert (g_file_get_contents (src, &contents, &len, NULL));
  copy->game = g_build_filename (copy->dir, name, NULL);
  ck_assert (g_file_set_contents (copy->game, contents, len, NULL));
  return copy;
}

/* A "scan": a 400 × 300 picture with a few marks. */
static char *
make_scan (Copy *copy, const char *name)
{
  char *path = g_build_filename (copy->dir, "scans", name, NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 0.93, 0.88, 0.76);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.3, 0.2, 0.1);
  cairo_arc (cr, 50, 40, 6, 0, 2 * G_PI);
  cairo_arc (cr, 350, 260, 6, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_destroy (cr);
  ck_assert_int_eq (cairo_surface_write_to_png (s, path), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return path;
}

static gpointer
child (gpointer dialog, const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                   G_TYPE_FROM_INSTANCE (dialog), name);

  ck_assert_msg (object != NULL, "no template child %s", name);
  return object;
}

static gboolean
not_loading (gpointer data)
{
  return !wb_background_dialog_get_loading (data);
}

/* Sets @path as the scan the way the file chooser does, and waits. */
static void
choose_scan (WbBackgroundDialog *dialog, const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  wb_background_dialog_set_image_file (dialog, file);
  ck_assert (wb_background_dialog_get_loading (dialog));
  ck_assert_msg (spin_until (not_loading, dialog, LOAD_TIMEOUT_MS), "the scan did not load");
}

/* The scan's pixel under map point (mx, my). */
static void
map_to_image (const WbMapBackground *bg, double mx, double my, double *ix, double *iy)
{
  double t = bg->rotation * G_PI / 180.0;
  double dx = mx - bg->x, dy = my - bg->y;

  *ix = (cos (t) * dx + sin (t) * dy) / bg->scale;
  *iy = (-sin (t) * dx + cos (t) * dy) / bg->scale;
}

/* The map point where the scan's pixel (ix, iy) is shown. */
static void
image_to_map (const WbMapBackground *bg, double ix, double iy, double *mx, double *my)
{
  double t = bg->rotation * G_PI / 180.0;

  *mx = bg->x + bg->scale * (cos (t) * ix - sin (t) * iy);
  *my = bg->y + bg->scale * (sin (t) * ix + cos (t) * iy);
}

static gboolean
dialog_visible (gpointer data)
{
  return gtk_widget_get_visible (data);
}

/* Runs a calibration: Calibrate, then a click on the scan's pixels
 * (ix1, iy1) and (ix2, iy2) — where the test's scan has the two places. */
static void
calibrate (WbWindow *window, WbBackgroundDialog *dialog,
           double ix1, double iy1, double ix2, double iy2)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbMap *map = wb_background_dialog_get_map (dialog);
  double mx, my;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL));
  ck_assert_msg (wb_window_get_picking (window), "no pick: %s",
                 wb_background_dialog_get_message (dialog));
  ck_assert (wb_map_view_get_picking (view));
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (dialog)));

  image_to_map (wb_map_get_background (map), ix1, iy1, &mx, &my);
  g_signal_emit_by_name (view, "point-clicked", mx, my);
  ck_assert (wb_window_get_picking (window));
  image_to_map (wb_map_get_background (map), ix2, iy2, &mx, &my);
  g_signal_emit_by_name (view, "point-clicked", mx, my);
  ck_assert (!wb_window_get_picking (window));
  ck_assert (!wb_map_view_get_picking (view));
  ck_assert (spin_until (dialog_visible, dialog, DRAW_TIMEOUT_MS));
}

START_TEST (test_background_dialog)
{
  g_autoptr(Copy) copy = copy_game ("chickasaw-bayou.warbench");
  g_autofree char *scan = make_scan (copy, "scan.png");
  WbWindow *window = open_window (copy->game);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  g_autofree char *before = wb_game_to_data (wb_window_get_game (window), NULL);
  g_autofree char *text = NULL;
  WbBackgroundDialog *dialog;
  const WbMapBackground *bg;
  guint steps;
  double cx, cy, ix, iy;

  ck_assert_ptr_nonnull (map);
  ck_assert_ptr_null (wb_map_get_background (WB_MAP (map)));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.map-background", NULL));
  dialog = WB_BACKGROUND_DIALOG (wb_window_get_background_dialog (window));
  ck_assert_ptr_nonnull (dialog);
  ck_assert_ptr_eq (wb_background_dialog_get_map (dialog), map);
  /* Nothing to adjust yet. */
  ck_assert (!gtk_widget_get_sensitive (child (dialog, "placement_group")));

  /* A missing file and a file that is no image are reported, not fatal. */
  {
    g_autofree char *missing = g_build_filename (copy->dir, "scans", "nowhere.png", NULL);
    g_autofree char *junk = g_build_filename (copy->dir, "scans", "notes.png", NULL);
    g_autofree char *fifo = g_build_filename (copy->dir, "scans", "pipe.png", NULL);

    choose_scan (dialog, missing);
    ck_assert_ptr_nonnull (wb_background_dialog_get_message (dialog));
    ck_assert_msg (strstr (wb_background_dialog_get_message (dialog), "nowhere.png") != NULL,
                   "%s", wb_background_dialog_get_message (dialog));
    ck_assert (g_file_set_contents (junk, "not a picture", -1, NULL));
    choose_scan (dialog, junk);
    ck_assert (strstr (wb_background_dialog_get_message (dialog), "not a PNG or JPEG") != NULL);
    /* A FIFO is refused at once, not waited on (issue 15). */
    ck_assert_int_eq (mkfifo (fifo, 0600), 0);
    choose_scan (dialog, fifo);
    ck_assert_msg (strstr (wb_background_dialog_get_message (dialog), "not a regular file") != NULL,
                   "%s", wb_background_dialog_get_message (dialog));
    g_unlink (fifo);
    ck_assert_ptr_null (wb_map_get_background (WB_MAP (map)));
    ck_assert (!wb_undo_stack_get_can_undo (stack));
  }

  /* The scan, stored relative to the game file. */
  choose_scan (dialog, scan);
  bg = wb_map_get_background (WB_MAP (map));
  ck_assert_ptr_nonnull (bg);
  ck_assert_str_eq (bg->image, "scans/scan.png");
  ck_assert_ptr_nonnull (bg->scan);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set background scan");
  ck_assert (gtk_widget_get_sensitive (child (dialog, "placement_group")));
  ck_assert (wb_window_get_dirty (window));

  /* An opacity slider drag is one step. */
  steps = wb_undo_stack_get_n_undo (stack);
  for (int v = 55; v <= 80; v += 5)
    gtk_range_set_value (child (dialog, "opacity_scale"), v);
  ck_assert_double_eq_tol (wb_map_get_background (WB_MAP (map))->opacity, 0.8, 1e-9);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), steps + 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Change background opacity");

  /* Show Background. */
  gtk_switch_set_active (child (dialog, "show_switch"), FALSE);
  ck_assert (wb_map_get_background (WB_MAP (map))->hidden);
  ck_assert (!gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL) ||
             !wb_window_get_picking (window));
  gtk_switch_set_active (child (dialog, "show_switch"), TRUE);
  ck_assert (!wb_map_get_background (WB_MAP (map))->hidden);

  /* A rough placement by hand. */
  gtk_spin_button_set_value (child (dialog, "scale_spin"), 2);
  gtk_spin_button_set_value (child (dialog, "x_spin"), 15);
  gtk_spin_button_set_value (child (dialog, "y_spin"), -5);
  bg = wb_map_get_background (WB_MAP (map));
  ck_assert_double_eq (bg->scale, 2);
  ck_assert_double_eq (bg->x, 15);
  ck_assert_double_eq (bg->y, -5);
  /* Undo shows in the dialog. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_double_eq (gtk_spin_button_get_value (child (dialog, "y_spin")), 0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ck_assert_double_eq (gtk_spin_button_get_value (child (dialog, "y_spin")), -5);

  /* A bad hex number is refused before any pick. */
  gtk_editable_set_text (child (dialog, "first_hex_row"), "9999");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL));
  ck_assert (!wb_window_get_picking (window));
  ck_assert (strstr (wb_background_dialog_get_message (dialog), "9999") != NULL);

  /* Calibration: the first hex (column 0, row 0) is at the scan's
   * (50, 40), the hex at column 39, row 19 at (350, 260). */
  {
    char buf[16];

    wb_hex_map_format_hex (map, (WbOffset) { 0, 0 }, buf, sizeof buf);
    gtk_editable_set_text (child (dialog, "first_hex_row"), buf);
    wb_hex_map_format_hex (map, (WbOffset) { 39, 19 }, buf, sizeof buf);
    gtk_editable_set_text (child (dialog, "second_hex_row"), buf);
  }
  steps = wb_undo_stack_get_n_undo (stack);
  calibrate (window, dialog, 50, 40, 350, 260);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), steps + 1);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Calibrate background scan");
  bg = wb_map_get_background (WB_MAP (map));
  hex_centre (map, 0, 0, &cx, &cy);
  map_to_image (bg, cx, cy, &ix, &iy);
  ck_assert_double_eq_tol (ix, 50, 1e-6);
  ck_assert_double_eq_tol (iy, 40, 1e-6);
  hex_centre (map, 39, 19, &cx, &cy);
  map_to_image (bg, cx, cy, &ix, &iy);
  ck_assert_double_eq_tol (ix, 350, 1e-6);
  ck_assert_double_eq_tol (iy, 260, 1e-6);
  ck_assert (strstr (wb_background_dialog_get_message (dialog), "Calibrated") != NULL);
  /* The spin buttons show it, and their rounding does not move it. */
  ck_assert_double_eq_tol (gtk_spin_button_get_value (child (dialog, "scale_spin")), bg->scale, 1e-9);
  gtk_spin_button_update (child (dialog, "scale_spin"));
  gtk_spin_button_update (child (dialog, "x_spin"));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), steps + 1);

  /* Undo puts the hand placement back. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg = wb_map_get_background (WB_MAP (map));
  ck_assert_double_eq (bg->scale, 2);
  ck_assert_double_eq (bg->x, 15);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));

  /* Escape (the cancel it calls) leaves everything as it was. */
  text = wb_game_to_data (wb_window_get_game (window), NULL);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL));
  ck_assert (wb_window_get_picking (window));
  wb_window_cancel_pick (window);
  ck_assert (!wb_window_get_picking (window));
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  {
    g_autofree char *now = wb_game_to_data (wb_window_get_game (window), NULL);

    ck_assert_str_eq (now, text);
  }

  /* Saved and loaded again: the same scan, in the same place. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ck_assert (!wb_window_get_dirty (window));
  {
    g_autoptr(GFile) file = g_file_new_for_path (copy->game);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) loaded = wb_game_load (file, NULL, &error);
    const WbMapBackground *lbg;

    ck_assert_msg (loaded != NULL, "%s", error ? error->message : "");
    lbg = wb_map_get_background (wb_game_find_map (loaded, wb_map_get_id (WB_MAP (map))));
    ck_assert_ptr_nonnull (lbg);
    ck_assert_str_eq (lbg->image, "scans/scan.png");
    ck_assert_ptr_nonnull (wb_map_get_background_scan (wb_game_find_map (loaded, wb_map_get_id (WB_MAP (map)))));
    ck_assert_double_eq_tol (lbg->scale, wb_map_get_background (WB_MAP (map))->scale, 1e-12);
    ck_assert_double_eq_tol (lbg->opacity, 0.8, 1e-12);
  }

  /* Remove, then undo everything: the game is as it was. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "background.remove", NULL));
  ck_assert_ptr_null (wb_map_get_background (WB_MAP (map)));
  ck_assert (!gtk_widget_get_sensitive (child (dialog, "placement_group")));
  while (wb_undo_stack_get_can_undo (stack))
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  {
    g_autofree char *now = wb_game_to_data (wb_window_get_game (window), NULL);

    ck_assert_str_eq (now, before);
  }

  /* The view draws with the scan's changes (no crash, frames complete). */
  wait_until_settled (view);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A JPEG is written as a PNG beside it (the file format holds PNGs). */
START_TEST (test_background_jpeg)
{
  g_autoptr(Copy) copy = copy_game ("chickasaw-bayou.warbench");
  g_autofree char *jpeg = g_build_filename (copy->dir, "scans", "photo.jpg", NULL);
  g_autofree char *png = g_build_filename (copy->dir, "scans", "photo.png", NULL);
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 120, 80);
  WbWindow *window = open_window (copy->game);
  WbMap *map = wb_map_view_get_map (wb_window_get_map_view (window));
  WbBackgroundDialog *dialog;
  const WbMapBackground *bg;

  gdk_pixbuf_fill (pixbuf, 0xc8b48aff);
  ck_assert (gdk_pixbuf_save (pixbuf, jpeg, "jpeg", NULL, NULL));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.map-background", NULL));
  dialog = WB_BACKGROUND_DIALOG (wb_window_get_background_dialog (window));
  choose_scan (dialog, jpeg);
  bg = wb_map_get_background (map);
  ck_assert_msg (bg != NULL, "%s", wb_background_dialog_get_message (dialog));
  ck_assert_str_eq (bg->image, "scans/photo.png");
  ck_assert (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  ck_assert_int_eq (wb_scan_get_width (bg->scan), 120);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* On a point-to-point map the calibration names two locations. */
START_TEST (test_background_points)
{
  g_autoptr(Copy) copy = copy_game ("shenandoah.warbench");
  g_autofree char *scan = make_scan (copy, "valley.png");
  WbWindow *window = open_window (copy->game);
  WbPointMap *map = WB_POINT_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  GPtrArray *locations = wb_point_map_get_locations (map);
  WbLocation *a = g_ptr_array_index (locations, 2);
  WbLocation *b = g_ptr_array_index (locations, 9);
  WbBackgroundDialog *dialog;
  double ix, iy;

  /* Resizing is for hex maps. */
  ck_assert (!gtk_widget_activate_action (GTK_WIDGET (window), "win.resize-map", NULL) ||
             wb_window_get_resize_dialog (window) == NULL);
  ck_assert_ptr_null (wb_window_get_resize_dialog (window));

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.map-background", NULL));
  dialog = WB_BACKGROUND_DIALOG (wb_window_get_background_dialog (window));
  ck_assert (!gtk_widget_get_visible (child (dialog, "first_hex_row")));
  ck_assert (gtk_widget_get_visible (child (dialog, "first_location_row")));
  choose_scan (dialog, scan);
  adw_combo_row_set_selected (child (dialog, "first_location_row"), 2);
  adw_combo_row_set_selected (child (dialog, "second_location_row"), 9);
  calibrate (window, dialog, 50, 40, 350, 260);
  map_to_image (wb_map_get_background (WB_MAP (map)), a->x, a->y, &ix, &iy);
  ck_assert_double_eq_tol (ix, 50, 1e-6);
  ck_assert_double_eq_tol (iy, 40, 1e-6);
  map_to_image (wb_map_get_background (WB_MAP (map)), b->x, b->y, &ix, &iy);
  ck_assert_double_eq_tol (ix, 350, 1e-6);
  ck_assert_double_eq_tol (iy, 260, 1e-6);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A scan that is not there: the map shows, the status bar says why the
 * scan does not, the dialog too, and saving keeps the path. */
START_TEST (test_missing_scan)
{
  g_autoptr(Copy) copy = copy_game ("chickasaw-bayou.warbench");
  g_autofree char *contents = NULL;
  g_autofree char *edited = NULL;
  g_auto(GStrv) parts = NULL;
  WbWindow *window;
  WbMap *map;
  WbBackgroundDialog *dialog;

  ck_assert (g_file_get_contents (copy->game, &contents, NULL, NULL));
  parts = g_strsplit (contents, "\"kind\": \"hex\"", 2);
  ck_assert_uint_eq (g_strv_length (parts), 2);
  edited = g_strconcat (parts[0], "\"kind\": \"hex\", \"background\": {\"image\": \"scans/gone.png\"}",
                        parts[1], NULL);
  ck_assert (g_file_set_contents (copy->game, edited, -1, NULL));

  window = open_window (copy->game);
  map = wb_map_view_get_map (wb_window_get_map_view (window));
  ck_assert_ptr_nonnull (map);
  ck_assert_ptr_nonnull (wb_map_get_background (map));
  ck_assert_ptr_null (wb_map_get_background (map)->scan);
  ck_assert_ptr_nonnull (wb_window_get_scan_note (window));
  ck_assert (strstr (wb_window_get_scan_note (window), "scans/gone.png") != NULL);
  wait_until_settled (wb_window_get_map_view (window));

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.map-background", NULL));
  dialog = WB_BACKGROUND_DIALOG (wb_window_get_background_dialog (window));
  ck_assert (strstr (adw_action_row_get_subtitle (child (dialog, "image_row")), "not found") != NULL);
  /* Nothing to click on. */
  ck_assert (!gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL) ||
             !wb_window_get_picking (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Another game shown in the middle of a calibration: the pick ends, the
 * dialog (of a map no longer shown) goes, nothing is changed. */
START_TEST (test_pick_cancelled_by_new_game)
{
  g_autoptr(Copy) copy = copy_game ("chickasaw-bayou.warbench");
  g_autofree char *scan = make_scan (copy, "scan.png");
  WbWindow *window = open_window (copy->game);
  g_autoptr(WbGame) game = g_object_ref (wb_window_get_game (window));
  g_autoptr(WbGame) other = wb_game_new_starter (10, 8);
  WbBackgroundDialog *dialog;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.map-background", NULL));
  dialog = WB_BACKGROUND_DIALOG (wb_window_get_background_dialog (window));
  choose_scan (dialog, scan);
  before = wb_game_to_data (game, NULL);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "background.calibrate", NULL));
  ck_assert (wb_window_get_picking (window));

  wb_window_set_game (window, other, NULL);
  ck_assert (!wb_window_get_picking (window));
  ck_assert (!wb_map_view_get_picking (wb_window_get_map_view (window)));
  ck_assert_ptr_null (wb_window_get_background_dialog (window));
  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (after, before);

  /* A click on the new map is the editor's again. */
  g_signal_emit_by_name (wb_window_get_map_view (window), "point-clicked", 40.0, 40.0);
  ck_assert (!wb_window_get_picking (window));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static gboolean
resize_dialog_gone (gpointer data)
{
  return wb_window_get_resize_dialog (data) == NULL;
}

START_TEST (test_resize_dialog)
{
  g_autoptr(Copy) copy = copy_game ("chickasaw-bayou.warbench");
  WbWindow *window = open_window (copy->game);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbGame *game = wb_window_get_game (window);
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree const char **old = NULL;
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  WbResizeDialog *dialog;
  GPtrArray *terrain = wb_game_get_terrain (game);
  WbTerrainType *fill = g_ptr_array_index (terrain, terrain->len - 1);
  int dcol, drow;

  old = g_new (const char *, cols * rows);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      old[r * cols + c] = wb_hex_map_get_terrain (map, (WbOffset) { c, r });

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.resize-map", NULL));
  dialog = WB_RESIZE_DIALOG (wb_window_get_resize_dialog (window));
  ck_assert_ptr_nonnull (dialog);
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (child (dialog, "cols_spin")), cols);
  ck_assert_int_eq (gtk_spin_button_get_value_as_int (child (dialog, "rows_spin")), rows);

  /* Shrinking from the right drops content, and says so. */
  wb_resize_dialog_set_anchor (dialog, 0, 0);
  gtk_spin_button_set_value (child (dialog, "cols_spin"), cols - 10);
  ck_assert_int_gt (wb_resize_dialog_count_dropped (dialog), 0);
  ck_assert (strstr (gtk_label_get_label (child (dialog, "warning_label")), "dropped") != NULL);

  /* Growing towards the top left: the anchor is the bottom right. */
  gtk_spin_button_set_value (child (dialog, "cols_spin"), cols + 3);
  gtk_spin_button_set_value (child (dialog, "rows_spin"), rows + 2);
  wb_resize_dialog_set_anchor (dialog, 2, 2);
  wb_resize_dialog_get_shift (dialog, &dcol, &drow);
  ck_assert_int_eq (dcol, 3);
  ck_assert_int_eq (drow, 2);
  ck_assert_int_eq (wb_resize_dialog_count_dropped (dialog), 0);
  /* The anchor buttons are a toggle group. */
  ck_assert (gtk_toggle_button_get_active (
    GTK_TOGGLE_BUTTON (gtk_grid_get_child_at (child (dialog, "anchor_grid"), 2, 2))));
  ck_assert (!gtk_toggle_button_get_active (
    GTK_TOGGLE_BUTTON (gtk_grid_get_child_at (child (dialog, "anchor_grid"), 1, 1))));
  /* Clicking one moves the anchor. */
  g_signal_emit_by_name (gtk_grid_get_child_at (child (dialog, "anchor_grid"), 1, 2), "clicked");
  {
    int ac, ar;

    wb_resize_dialog_get_anchor (dialog, &ac, &ar);
    ck_assert_int_eq (ac, 1);
    ck_assert_int_eq (ar, 2);
  }
  wb_resize_dialog_set_anchor (dialog, 2, 2);
  adw_combo_row_set_selected (child (dialog, "fill_row"), terrain->len - 1);

  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "resize.apply", NULL));
  ck_assert (spin_until (resize_dialog_gone, window, DRAW_TIMEOUT_MS));
  ck_assert_int_eq (wb_hex_map_get_cols (map), cols + 3);
  ck_assert_int_eq (wb_hex_map_get_rows (map), rows + 2);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      ck_assert_ptr_eq (wb_hex_map_get_terrain (map, (WbOffset) { c + 3, r + 2 }), old[r * cols + c]);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, (WbOffset) { 0, 0 }), fill->id);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Resize map to 51 × 29");

  /* Undo restores the map exactly. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ck_assert_int_eq (wb_hex_map_get_cols (map), cols);
  {
    g_autofree char *now = wb_game_to_data (game, NULL);

    ck_assert_str_eq (now, before);
  }

  /* The view shows the map at its new size after redo. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  wait_until_settled (wb_window_get_map_view (window));

  /* A size whose numbers would not print is not offered: with 2 digits
   * from column 10, 90 columns at most. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.resize-map", NULL));
  dialog = WB_RESIZE_DIALOG (wb_window_get_resize_dialog (window));
  {
    int first_col, digits;

    wb_hex_map_get_numbering (map, &first_col, NULL, &digits);
    ck_assert_int_eq (digits, 2);
    gtk_spin_button_set_value (child (dialog, "cols_spin"), 500);
    ck_assert_int_eq (gtk_spin_button_get_value_as_int (child (dialog, "cols_spin")),
                      100 - first_col);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* A resize that would drop a hex a scenario uses is refused in the dialog,
 * which says why and stays open; the game is unchanged. */
START_TEST (test_resize_refused)
{
  g_autoptr(Copy) copy = copy_game ("battle-of-the-wilderness.warbench");
  WbWindow *window = open_window (copy->game);
  WbGame *game = wb_window_get_game (window);
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbResizeDialog *dialog;

  ck_assert_uint_gt (wb_game_get_scenarios (game)->len, 0);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.resize-map", NULL));
  dialog = WB_RESIZE_DIALOG (wb_window_get_resize_dialog (window));
  /* Keep only the top-left corner: the set-up hexes go. */
  wb_resize_dialog_set_anchor (dialog, 0, 0);
  gtk_spin_button_set_value (child (dialog, "cols_spin"), 3);
  gtk_spin_button_set_value (child (dialog, "rows_spin"), 3);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "resize.apply", NULL));
  ck_assert_ptr_nonnull (wb_resize_dialog_get_error (dialog));
  ck_assert_msg (strstr (wb_resize_dialog_get_error (dialog), "Scenario") != NULL, "%s",
                 wb_resize_dialog_get_error (dialog));
  ck_assert_str_eq (gtk_label_get_label (child (dialog, "warning_label")),
                    wb_resize_dialog_get_error (dialog));
  ck_assert_ptr_eq (wb_window_get_resize_dialog (window), dialog);
  ck_assert_int_gt (wb_hex_map_get_cols (map), 3);
  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (after, before);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* Hex Numbering on an existing map: the dialog starts from the map's
 * numbering, shows the first and last hex as a choice would print them and
 * refuses one that cannot number the map; Apply renumbers the map and the
 * scenarios' hexes with it, one undo step. */
START_TEST (test_numbering_dialog)
{
  g_autoptr(Copy) copy = copy_game ("battle-of-the-wilderness.warbench");
  WbWindow *window = open_window (copy->game);
  WbGame *game = wb_window_get_game (window);
  WbScenario *scenario = wb_game_find_scenario (game, "historical");
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL, *undone = NULL;
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (wb_window_get_map_view (window)));
  WbNumberingDialog *dialog;
  WbHexNumbering num;
  GtkLabel *example;

  ck_assert_str_eq (wb_scenario_find_setup (scenario, "stafford", NULL)->ref, "0414");
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.hex-numbering", NULL));
  dialog = WB_NUMBERING_DIALOG (wb_window_get_numbering_dialog (window));
  ck_assert_ptr_nonnull (dialog);
  example = child (dialog, "example_label");
  ck_assert_str_eq (gtk_label_get_text (example), "first hex: 0101, last: 2328");

  adw_combo_row_set_selected (child (dialog, "scheme_row"), WB_HEX_NUMBERING_LETTERS);
  ck_assert_str_eq (gtk_label_get_text (example), "first hex: A01, last: W28");
  gtk_spin_button_set_value (child (dialog, "first_col_spin"), 0);
  ck_assert (!gtk_widget_is_sensitive (child (dialog, "apply_button")));
  ck_assert_msg (strstr (gtk_label_get_text (child (dialog, "warning_label")), "letter columns start at 1") != NULL,
                 "%s", gtk_label_get_text (child (dialog, "warning_label")));
  gtk_spin_button_set_value (child (dialog, "first_col_spin"), 1);
  /* Oblique rows on the flat, odd Wilderness map: column W starts 11 lower. */
  gtk_switch_set_active (child (dialog, "oblique_switch"), TRUE);
  ck_assert_str_eq (gtk_label_get_text (example), "first hex: A01, last: W39");
  ck_assert (gtk_widget_is_sensitive (child (dialog, "apply_button")));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "numbering.apply", NULL));
  ck_assert_ptr_null (wb_window_get_numbering_dialog (window));

  wb_hex_map_get_hex_numbering (map, &num);
  ck_assert_int_eq (num.scheme, WB_HEX_NUMBERING_LETTERS);
  ck_assert (num.oblique);
  /* Stafford at column 4, row 14: D, 14 + 2. */
  ck_assert_str_eq (wb_scenario_find_setup (scenario, "stafford", NULL)->ref, "D16");
  after = wb_game_to_data (game, NULL);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) again = wb_game_load_from_data (after, -1, "renumbered", &error);

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  }
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ck_assert_str_eq (wb_scenario_find_setup (scenario, "stafford", NULL)->ref, "D16");
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
setup_suite (void)
{
  Suite *s = suite_create ("gui-setup");
  TCase *tc = tcase_create ("setup");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_background_dialog);
  tcase_add_test (tc, test_background_jpeg);
  tcase_add_test (tc, test_background_points);
  tcase_add_test (tc, test_missing_scan);
  tcase_add_test (tc, test_pick_cancelled_by_new_game);
  tcase_add_test (tc, test_resize_dialog);
  tcase_add_test (tc, test_resize_refused);
  tcase_add_test (tc, test_numbering_dialog);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (setup_suite);
}
