/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-map-setup"
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

/* The map set-up commands: the background scan, hex size, numbering and
 * resizing with the scan. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

static WbGame *
load_minimal (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"),
                                            "minimal.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static char *
dump (WbGame *game)
{
  return wb_game_to_data (game, NULL);
}

static void
push_ok (WbUndoStack *stack, WbCommand *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;

  ck_assert (owned != NULL);
  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s",
                 error ? error->message : "");
}

/* Pushes @cmd (taken), which must fail with @code and leave @game as it was. */
static void
push_fails (WbGame *game, WbUndoStack *stack, WbCommand *cmd, int code)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (game);
  g_autofree char *after = NULL;
  guint n = wb_undo_stack_get_n_undo (stack);

  ck_assert (!wb_undo_stack_push (stack, owned, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, code);
  ck_assert (error->message != NULL && *error->message);
  after = dump (game);
  ck_assert_str_eq (before, after);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), n);
}

static cairo_surface_t *
make_scan (int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 0.8, 0.7, 0.5);
  cairo_paint (cr);
  cairo_destroy (cr);
  return s;
}

static void
hex_center_of (WbHexMap *map, int col, int row, double *x, double *y)
{
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 (WbOffset) { col, row }, x, y);
}

static void
count_signal (int *counter)
{
  (*counter)++;
}

START_TEST (test_set_and_clear)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbMap *map = wb_game_find_map (game, "hexes");
  cairo_surface_t *image = make_scan (40, 30);
  WbScan *scan = wb_scan_new_for_surface (image);
  g_autofree char *orig = dump (game);
  g_autofree char *with = NULL;
  g_autofree char *now = NULL;
  const WbMapBackground *bg;
  int changes = 0;

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changes);
  ck_assert_ptr_null (wb_map_get_background (map));
  push_ok (stack, wb_command_set_background_new (map, "scans/map.png", scan));
  ck_assert_int_eq (changes, 1);
  bg = wb_map_get_background (map);
  ck_assert_ptr_nonnull (bg);
  ck_assert_str_eq (bg->image, "scans/map.png");
  ck_assert_ptr_eq (bg->scan, scan);
  ck_assert_double_eq (bg->opacity, 0.5);
  ck_assert_double_eq (bg->scale, 1);
  ck_assert (!bg->hidden);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set background scan");
  with = dump (game);
  ck_assert (strstr (with, "\"background\": {\"image\": \"scans/map.png\"}") != NULL);

  /* Undo is exact, redo brings the same image back. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (changes, 2);
  now = dump (game);
  ck_assert_str_eq (now, orig);
  ck_assert_ptr_null (wb_map_get_background (map));
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_ptr_eq (wb_map_get_background (map)->scan, scan);
  g_free (now);
  now = dump (game);
  ck_assert_str_eq (now, with);

  /* A new image keeps the placement. */
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_SCALE, 0.25, 0));
  push_ok (stack, wb_command_set_background_new (map, "other.png", NULL));
  bg = wb_map_get_background (map);
  ck_assert_str_eq (bg->image, "other.png");
  ck_assert_ptr_null (bg->scan);
  ck_assert_double_eq (bg->scale, 0.25);

  /* Remove, and undo puts it back exactly. */
  g_free (with);
  with = dump (game);
  push_ok (stack, wb_command_clear_background_new (map));
  ck_assert_ptr_null (wb_map_get_background (map));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Remove background scan");
  ck_assert (wb_undo_stack_undo (stack));
  g_free (now);
  now = dump (game);
  ck_assert_str_eq (now, with);

  while (wb_undo_stack_get_can_undo (stack))
    wb_undo_stack_undo (stack);
  g_free (now);
  now = dump (game);
  ck_assert_str_eq (now, orig);
  wb_scan_unref (scan);
  cairo_surface_destroy (image);
}
END_TEST

START_TEST (test_properties_merge)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbMap *map = wb_game_find_map (game, "points");
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  const WbMapBackground *bg;

  push_ok (stack, wb_command_set_background_new (map, "/abs/scan.png", NULL));
  before = dump (game);
  wb_undo_stack_seal (stack);

  /* A slider drag: one step, undone to before the first change. */
  for (int i = 1; i <= 5; i++)
    push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY,
                                                            0.5 + i * 0.1, 0));
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  ck_assert_double_eq_tol (wb_map_get_background (map)->opacity, 1.0, 1e-9);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Change background opacity");

  /* Another property is another step. */
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OFFSET, 12, -8));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OFFSET, 13, -9));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_ROTATION, 1.5, 0));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_HIDDEN, 1, 0));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Hide background scan");
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 5);
  bg = wb_map_get_background (map);
  ck_assert_double_eq (bg->x, 13);
  ck_assert_double_eq (bg->y, -9);
  ck_assert_double_eq (bg->rotation, 1.5);
  ck_assert (bg->hidden);

  /* Redo after undo re-applies the merged value. */
  for (int i = 0; i < 4; i++)
    ck_assert (wb_undo_stack_undo (stack));
  now = dump (game);
  ck_assert_str_eq (now, before);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_double_eq_tol (wb_map_get_background (map)->opacity, 1.0, 1e-9);
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert_double_eq (wb_map_get_background (map)->x, 13);

  /* Calibration places everything at once. */
  push_ok (stack, wb_command_place_background_new (map, -4, 7, 0.42, -2));
  bg = wb_map_get_background (map);
  ck_assert_double_eq (bg->x, -4);
  ck_assert_double_eq (bg->y, 7);
  ck_assert_double_eq (bg->scale, 0.42);
  ck_assert_double_eq (bg->rotation, -2);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Calibrate background scan");
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_double_eq (wb_map_get_background (map)->scale, 1);
  ck_assert_double_eq (wb_map_get_background (map)->x, 13);
}
END_TEST

START_TEST (test_invalid_refused)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbMap *map = wb_game_find_map (game, "hexes");
  WbHexMap *hex = WB_HEX_MAP (map);

  /* Nothing to change yet. */
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY, 0.3, 0),
              WB_COMMAND_ERROR_NOT_FOUND);
  push_fails (game, stack, wb_command_clear_background_new (map), WB_COMMAND_ERROR_NOT_FOUND);
  push_fails (game, stack, wb_command_place_background_new (map, 0, 0, 1, 0),
              WB_COMMAND_ERROR_NOT_FOUND);
  push_fails (game, stack, wb_command_set_background_new (map, "", NULL), WB_COMMAND_ERROR_INVALID);
  push_fails (game, stack, wb_command_set_background_new (map, NULL, NULL), WB_COMMAND_ERROR_INVALID);

  push_ok (stack, wb_command_set_background_new (map, "scan.png", NULL));
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY, 1.5, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY, -0.1, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY, NAN, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_SCALE, 0, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_SCALE, -1, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OFFSET, 0, 2e6),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OFFSET, INFINITY, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, WB_BACKGROUND_ROTATION, 400, 0),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_background_property_new (map, (WbBackgroundField) 99, 1, 0),
              WB_COMMAND_ERROR_INVALID);
  push_fails (game, stack, wb_command_place_background_new (map, 0, 0, 0, 0), WB_COMMAND_ERROR_RANGE);

  push_fails (game, stack, wb_command_set_hex_size_new (hex, 3), WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_set_hex_size_new (hex, 501), WB_COMMAND_ERROR_RANGE);
  /* 100 columns numbered from 1 do not fit in two digits. */
  push_fails (game, stack, wb_command_resize_hex_map_full_new (game, hex, 100, 3, 0, 0, "clear"),
              WB_COMMAND_ERROR_RANGE);
  push_fails (game, stack, wb_command_resize_hex_map_full_new (game, hex, 0, 3, 0, 0, "clear"),
              WB_COMMAND_ERROR_RANGE);
}
END_TEST

/* Everything the commands set survives a save and a load, and the image is
 * found again through its relative path. */
START_TEST (test_save_load)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("wb-setup-XXXXXX", &error);
  g_autofree char *scans = NULL;
  g_autofree char *png = NULL;
  g_autofree char *path = NULL;
  g_autofree char *rel = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WbGame) loaded = NULL;
  WbMap *map = wb_game_find_map (game, "hexes");
  cairo_surface_t *scan = make_scan (64, 48);
  const WbMapBackground *bg;

  ck_assert_ptr_nonnull (dir);
  scans = g_build_filename (dir, "scans", NULL);
  g_mkdir (scans, 0700);
  png = g_build_filename (scans, "map.png", NULL);
  ck_assert_int_eq (cairo_surface_write_to_png (scan, png), CAIRO_STATUS_SUCCESS);
  path = g_build_filename (dir, "game.warbench", NULL);
  file = g_file_new_for_path (path);

  rel = wb_map_background_relative_path (png, dir);
  ck_assert_str_eq (rel, "scans/map.png");
  {
    g_autoptr(WbScan) whole = wb_scan_new_for_surface (scan);

    push_ok (stack, wb_command_set_background_new (map, rel, whole));
  }
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OPACITY, 0.75, 0));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_OFFSET, -12.5, 8));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_SCALE, 0.42, 0));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_ROTATION, 0.7, 0));
  push_ok (stack, wb_command_set_background_property_new (map, WB_BACKGROUND_HIDDEN, 1, 0));
  push_ok (stack, wb_command_set_hex_size_new (WB_HEX_MAP (map), 36));
  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");

  loaded = wb_game_load (file, NULL, &error);
  ck_assert_msg (loaded != NULL, "%s", error ? error->message : "");
  map = wb_game_find_map (loaded, "hexes");
  bg = wb_map_get_background (map);
  ck_assert_ptr_nonnull (bg);
  ck_assert_str_eq (bg->image, "scans/map.png");
  ck_assert_ptr_nonnull (wb_map_get_background_scan (map));   /* decoded when asked for */
  ck_assert_int_eq (wb_scan_get_width (bg->scan), 64);
  ck_assert_double_eq_tol (bg->opacity, 0.75, 1e-12);
  /* The hex size went from 30 to 36: the scan was scaled with the grid. */
  ck_assert_double_eq_tol (bg->x, -12.5 * 1.2, 1e-9);
  ck_assert_double_eq_tol (bg->y, 8 * 1.2, 1e-9);
  ck_assert_double_eq_tol (bg->scale, 0.42 * 1.2, 1e-9);
  ck_assert_double_eq_tol (bg->rotation, 0.7, 1e-12);
  ck_assert (bg->hidden);
  ck_assert_double_eq (wb_hex_map_get_hex_size (WB_HEX_MAP (map)), 36);

  {
    g_autofree char *a = dump (game);
    g_autofree char *b = dump (loaded);

    ck_assert_str_eq (a, b);
  }

  g_remove (path);
  g_remove (png);
  g_rmdir (scans);
  g_rmdir (dir);
  cairo_surface_destroy (scan);
}
END_TEST

/* Image point of map point (mx, my) under @bg's placement. */
static void
map_to_image (const WbMapBackground *bg, double mx, double my, double *ix, double *iy)
{
  double t = bg->rotation * G_PI / 180.0;
  double dx = mx - bg->x, dy = my - bg->y;

  *ix = (cos (t) * dx + sin (t) * dy) / bg->scale;
  *iy = (-sin (t) * dx + cos (t) * dy) / bg->scale;
}

START_TEST (test_grid_keeps_scan)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  g_autofree char *orig = NULL;
  g_autofree char *now = NULL;
  WbOffset hex = { 2, 1 }, moved;
  double cx, cy, ix0, iy0, ix1, iy1;
  /* The scenario's hexes (0102, 0401…) must stay on the map. */
  int dcols[] = { 1, 2, 0, 3, 1 };
  int drows[] = { 0, 1, 1, 1, 2 };

  push_ok (stack, wb_command_set_background_new (WB_MAP (map), "scan.png", NULL));
  push_ok (stack, wb_command_place_background_new (WB_MAP (map), 5, -3, 0.8, 1.2));
  orig = dump (game);

  /* Hex size: the scan point under a hex centre stays under it. */
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex, &cx, &cy);
  map_to_image (wb_map_get_background (WB_MAP (map)), cx, cy, &ix0, &iy0);
  push_ok (stack, wb_command_set_hex_size_new (map, 45));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set hex size to 45");
  wb_hex_center (wb_hex_map_get_layout (map), 45, hex, &cx, &cy);
  map_to_image (wb_map_get_background (WB_MAP (map)), cx, cy, &ix1, &iy1);
  ck_assert_double_eq_tol (ix0, ix1, 1e-9);
  ck_assert_double_eq_tol (iy0, iy1, 1e-9);
  ck_assert (wb_undo_stack_undo (stack));
  now = dump (game);
  ck_assert_str_eq (now, orig);

  /* Resizing moves the scan with the content, odd and even shifts alike. */
  for (guint i = 0; i < G_N_ELEMENTS (dcols); i++)
    {
      g_autofree char *after_undo = NULL;
      const char *terrain = wb_hex_map_get_terrain (map, hex);

      wb_hex_center (wb_hex_map_get_layout (map), 30, hex, &cx, &cy);
      map_to_image (wb_map_get_background (WB_MAP (map)), cx, cy, &ix0, &iy0);
      push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 8, 6, dcols[i], drows[i],
                                                                "rough"));
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
      ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Resize map to 8 × 6");
      ck_assert_int_eq (wb_hex_map_get_cols (map), 8);
      ck_assert_int_eq (wb_hex_map_get_rows (map), 6);
      moved = (WbOffset) { hex.col + dcols[i], hex.row + drows[i] };
      ck_assert_str_eq (wb_hex_map_get_terrain (map, moved), terrain);
      wb_hex_center (wb_hex_map_get_layout (map), 30, moved, &cx, &cy);
      map_to_image (wb_map_get_background (WB_MAP (map)), cx, cy, &ix1, &iy1);
      ck_assert_msg (fabs (ix0 - ix1) < 1e-9 && fabs (iy0 - iy1) < 1e-9,
                     "shift %d,%d: image point %g,%g became %g,%g", dcols[i], drows[i],
                     ix0, iy0, ix1, iy1);
      ck_assert (wb_undo_stack_undo (stack));
      after_undo = dump (game);
      ck_assert_str_eq (after_undo, orig);
    }

  /* Without a scan the resize is just a resize. */
  push_ok (stack, wb_command_clear_background_new (WB_MAP (map)));
  push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 5, 4, 1, 1, "clear"));
  ck_assert_ptr_null (wb_map_get_background (WB_MAP (map)));
  ck_assert_int_eq (wb_hex_map_get_cols (map), 5);

}
END_TEST

static const char *
setup_hex (WbScenario *scenario, guint line, guint choice)
{
  WbSetup *setup = g_ptr_array_index (wb_scenario_get_setup (scenario), line);

  return g_array_index (setup->at, WbPlace, choice).ref;
}

/* A resize renumbers the scenarios' hexes with the content, and refuses to
 * drop one. */
START_TEST (test_resize_keeps_places)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  WbReinforcement *reinf = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), 0);
  WbVictory *occupy = g_ptr_array_index (wb_scenario_get_victory (scenario), 1);
  g_autofree char *orig = dump (game);
  g_autofree char *now = NULL;
  int scenario_changes = 0;

  g_signal_connect_swapped (game, "changed::scenarios", G_CALLBACK (count_signal), &scenario_changes);
  ck_assert_str_eq (setup_hex (scenario, 0, 0), "0102");
  push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 6, 5, 1, 1, "clear"));
  ck_assert_str_eq (setup_hex (scenario, 0, 0), "0203");
  ck_assert_str_eq (setup_hex (scenario, 1, 0), "0204");
  {
    WbSetup *b2 = g_ptr_array_index (wb_scenario_get_setup (scenario), 1);

    /* The box choice stays as it is. */
    ck_assert_int_eq (g_array_index (b2->at, WbPlace, 1).kind, WB_PLACE_BOX);
  }
  ck_assert_str_eq (setup_hex (scenario, 2, 0), "0502");
  ck_assert_str_eq (g_array_index (reinf->at, WbPlace, 0).ref, "0502");
  ck_assert_str_eq (g_array_index (occupy->places, WbPlace, 0).ref, "0302");
  ck_assert_int_eq (scenario_changes, 1);

  /* The saved game loads: every hex it names is on the map. */
  {
    g_autofree char *data = dump (game);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) again = wb_game_load_from_data (data, -1, "resized", &error);

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  }

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (scenario_changes, 2);
  now = dump (game);
  ck_assert_str_eq (now, orig);

  /* 0401 (column 3) would be dropped by a 3-column map. */
  push_fails (game, stack, wb_command_resize_hex_map_full_new (game, map, 3, 3, 0, 0, "clear"),
              WB_COMMAND_ERROR_OFF_MAP);
  /* 0102 (column 0) by a shift to the left. */
  push_fails (game, stack, wb_command_resize_hex_map_full_new (game, map, 4, 3, -1, 0, "clear"),
              WB_COMMAND_ERROR_OFF_MAP);
}
END_TEST

/* A new numbering rewrites the scenarios' hex numbers to name the same
 * hexes, one undo step; a numbering that cannot number the map is refused. */
START_TEST (test_set_numbering)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  WbReinforcement *reinf = g_ptr_array_index (wb_scenario_get_reinforcements (scenario), 0);
  WbVictory *occupy = g_ptr_array_index (wb_scenario_get_victory (scenario), 1);
  WbHexNumbering lettered = { WB_HEX_NUMBERING_LETTERS, TRUE, 1, 1, 2 };
  WbHexNumbering bad = { WB_HEX_NUMBERING_LETTERS, FALSE, 0, 1, 2 };
  g_autofree char *orig = dump (game);
  g_autofree char *after = NULL, *redone = NULL, *now = NULL;
  WbHexNumbering got;
  WbOffset hex;
  int scenario_changes = 0, map_changes = 0;

  g_signal_connect_swapped (game, "changed::scenarios", G_CALLBACK (count_signal), &scenario_changes);
  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &map_changes);
  push_ok (stack, wb_command_set_hex_numbering_new (game, map, &lettered));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Number Hexes from A01");
  wb_hex_map_get_hex_numbering (map, &got);
  ck_assert_int_eq (got.scheme, WB_HEX_NUMBERING_LETTERS);
  ck_assert (got.oblique);
  /* Flat, odd: column B's numbers start at 2, D's at 3. */
  ck_assert_str_eq (setup_hex (scenario, 0, 0), "A02");
  ck_assert_str_eq (setup_hex (scenario, 1, 0), "A03");
  ck_assert_str_eq (setup_hex (scenario, 2, 0), "D03");
  ck_assert_str_eq (g_array_index (reinf->at, WbPlace, 0).ref, "D03");
  ck_assert_str_eq (g_array_index (occupy->places, WbPlace, 0).ref, "B02");
  ck_assert (wb_hex_map_parse_hex (map, "B02", &hex));
  ck_assert (wb_offset_equal (hex, (WbOffset) { 1, 0 }));
  ck_assert_int_eq (scenario_changes, 1);
  ck_assert_int_eq (map_changes, 1);
  after = dump (game);
  ck_assert_ptr_nonnull (strstr (after, "{\"hex\": \"B02\", \"label\": \"Townsville\""));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) again = wb_game_load_from_data (after, -1, "renumbered", &error);

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  }

  ck_assert (wb_undo_stack_undo (stack));
  now = dump (game);
  ck_assert_str_eq (now, orig);
  ck_assert_int_eq (scenario_changes, 2);
  ck_assert (wb_undo_stack_redo (stack));
  redone = dump (game);
  ck_assert_str_eq (redone, after);

  push_fails (game, stack, wb_command_set_hex_numbering_new (game, map, &bad), WB_COMMAND_ERROR_RANGE);
}
END_TEST

/* A resize that flips the parity (one column added on the left) keeps
 * the scenarios' oblique numbers on their hexes: they are printed as the
 * resized map numbers them. */
START_TEST (test_resize_oblique)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  WbScenario *scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  WbHexNumbering oblique = { WB_HEX_NUMBERING_DIGITS, TRUE, 1, 1, 2 };
  WbOffset hex;

  push_ok (stack, wb_command_set_hex_numbering_new (game, map, &oblique));
  ck_assert_str_eq (setup_hex (scenario, 0, 0), "0102");
  ck_assert_str_eq (setup_hex (scenario, 2, 0), "0403");
  push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 6, 5, 1, 1, "clear"));
  ck_assert_int_eq (wb_hex_map_get_layout (map).parity, WB_HEX_EVEN);
  /* b1 was at (0, 1) and is at (1, 2): column 2, row 3 + 0. */
  ck_assert_str_eq (setup_hex (scenario, 0, 0), "0203");
  ck_assert (wb_hex_map_parse_hex (map, setup_hex (scenario, 0, 0), &hex));
  ck_assert (wb_offset_equal (hex, (WbOffset) { 1, 2 }));
  /* r1 was at (3, 0) and is at (4, 1): row 2 + 2. */
  ck_assert (wb_hex_map_parse_hex (map, setup_hex (scenario, 2, 0), &hex));
  ck_assert (wb_offset_equal (hex, (WbOffset) { 4, 1 }));
  ck_assert_str_eq (setup_hex (scenario, 2, 0), "0504");
}
END_TEST

static WbMapLine *
line_of (const char *style, const char *name, double x0, double y0, double x1, double y1)
{
  WbMapLine *line = wb_map_line_new (style);
  WbMapPoint a = { x0, y0 }, b = { x1, y1 };

  line->name = g_strdup (name);
  g_array_append_val (line->points, a);
  g_array_append_val (line->points, b);
  return line;
}

/* Drawn lines move with the content; one left wholly off the map goes. */
START_TEST (test_resize_moves_lines)
{
  g_autoptr(WbGame) game = wb_game_new_starter (8, 6);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "map"));
  GPtrArray *lines = wb_map_get_lines (WB_MAP (map));
  g_autofree char *orig = NULL;
  g_autofree char *now = NULL;
  double cx0, cy0, cx1, cy1, w, h;
  WbMapLine *first;

  /* A river through hex (1, 1), a ridge in the last two columns, and a
   * road sign just off the map's left edge. */
  hex_center_of (map, 1, 1, &cx0, &cy0);
  wb_map_get_extent (WB_MAP (map), &w, &h);
  wb_map_insert_line (WB_MAP (map), line_of ("river", "Big Black", cx0, cy0, cx0 + 20, cy0 + 30), 0);
  wb_map_insert_line (WB_MAP (map), line_of ("ridge", "East Ridge", w - 30, 20, w - 10, 60), 1);
  wb_map_insert_line (WB_MAP (map), line_of ("line", NULL, -20, 10, -5, 40), 2);
  orig = dump (game);

  /* A bigger hex size scales the lines with the grid. */
  push_ok (stack, wb_command_set_hex_size_new (map, 45));
  first = g_ptr_array_index (lines, 0);
  hex_center_of (map, 1, 1, &cx1, &cy1);
  ck_assert_double_eq_tol (g_array_index (first->points, WbMapPoint, 0).x, cx1, 1e-9);
  ck_assert_double_eq_tol (g_array_index (first->points, WbMapPoint, 0).y, cy1, 1e-9);
  ck_assert (wb_undo_stack_undo (stack));
  now = dump (game);
  ck_assert_str_eq (now, orig);
  g_clear_pointer (&now, g_free);

  /* Two columns added on the left: everything moves right. */
  push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 10, 6, 2, 0, "clear"));
  ck_assert_uint_eq (lines->len, 3);
  first = g_ptr_array_index (lines, 0);
  hex_center_of (map, 3, 1, &cx1, &cy1);
  ck_assert_double_eq_tol (g_array_index (first->points, WbMapPoint, 0).x, cx1, 1e-9);
  ck_assert_double_eq_tol (g_array_index (first->points, WbMapPoint, 0).y, cy1, 1e-9);
  ck_assert (wb_undo_stack_undo (stack));
  now = dump (game);
  ck_assert_str_eq (now, orig);

  /* Two columns cut on the right: the ridge goes, the rest stays. */
  push_ok (stack, wb_command_resize_hex_map_full_new (game, map, 6, 6, 0, 0, "clear"));
  ck_assert_uint_eq (lines->len, 2);
  ck_assert_str_eq (((WbMapLine *) g_ptr_array_index (lines, 0))->name, "Big Black");
  ck_assert_ptr_null (((WbMapLine *) g_ptr_array_index (lines, 1))->name);
  {
    g_autofree char *data = dump (game);
    g_autoptr(GError) error = NULL;
    g_autoptr(WbGame) again = wb_game_load_from_data (data, -1, "resized", &error);

    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  }
  ck_assert (wb_undo_stack_undo (stack));
  g_free (now);
  now = dump (game);
  ck_assert_str_eq (now, orig);

  /* A much smaller map: the river would reach far off it. */
  wb_map_insert_line (WB_MAP (map), line_of ("river", "Long", 5, 5, w - 5, h - 5), 3);
  push_fails (game, stack, wb_command_resize_hex_map_full_new (game, map, 2, 2, 0, 0, "clear"),
              WB_COMMAND_ERROR_RANGE);
}
END_TEST

/* Calibration through the command puts two image points on two hex
 * centres. */
START_TEST (test_calibrate_to_hexes)
{
  g_autoptr(WbGame) game = load_minimal ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "hexes"));
  WbMapBackground bg = { NULL, 0.5, 0, 0, 1, 0, FALSE, NULL, NULL };
  WbOffset a = { 0, 0 }, b = { 3, 2 };
  double ax, ay, bx, by, ix, iy;

  wb_hex_center (wb_hex_map_get_layout (map), 30, a, &ax, &ay);
  wb_hex_center (wb_hex_map_get_layout (map), 30, b, &bx, &by);
  ck_assert (wb_map_background_calibrate (&bg, 40, 35, ax, ay, 300, 210, bx, by));
  push_ok (stack, wb_command_set_background_new (WB_MAP (map), "scan.png", NULL));
  push_ok (stack, wb_command_place_background_new (WB_MAP (map), bg.x, bg.y, bg.scale, bg.rotation));
  map_to_image (wb_map_get_background (WB_MAP (map)), ax, ay, &ix, &iy);
  ck_assert_double_eq_tol (ix, 40, 1e-9);
  ck_assert_double_eq_tol (iy, 35, 1e-9);
  map_to_image (wb_map_get_background (WB_MAP (map)), bx, by, &ix, &iy);
  ck_assert_double_eq_tol (ix, 300, 1e-9);
  ck_assert_double_eq_tol (iy, 210, 1e-9);
}
END_TEST

START_TEST (test_relative_path)
{
  static const struct { const char *path, *base, *expected; } cases[] = {
    { "/maps/a/game/scan.png",       "/maps/a/game",  "scan.png" },
    { "/maps/a/game/scans/s.png",    "/maps/a/game",  "scans/s.png" },
    { "/maps/a/scans/s.png",         "/maps/a/game",  "../scans/s.png" },
    { "/maps/a/game/./x/../s.png",   "/maps/a/game/", "s.png" },
    { "/srv/scans/s.png",            "/maps/a/game",  "/srv/scans/s.png" },
    { "/maps/a/game/s.png",          NULL,            "/maps/a/game/s.png" },
    { "/s.png",                      "/",             "/s.png" },
    { "relative/s.png",              "/maps/a",       "relative/s.png" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = wb_map_background_relative_path (cases[i].path, cases[i].base);

      ck_assert_msg (g_strcmp0 (got, cases[i].expected) == 0, "%s from %s: got %s, expected %s",
                     cases[i].path, cases[i].base, got, cases[i].expected);
    }
}
END_TEST

static Suite *
map_setup_suite (void)
{
  Suite *s = suite_create ("map-setup-commands");
  TCase *tc = tcase_create ("commands");

  tcase_add_test (tc, test_set_and_clear);
  tcase_add_test (tc, test_properties_merge);
  tcase_add_test (tc, test_invalid_refused);
  tcase_add_test (tc, test_save_load);
  tcase_add_test (tc, test_grid_keeps_scan);
  tcase_add_test (tc, test_resize_keeps_places);
  tcase_add_test (tc, test_set_numbering);
  tcase_add_test (tc, test_resize_oblique);
  tcase_add_test (tc, test_resize_moves_lines);
  tcase_add_test (tc, test_calibrate_to_hexes);
  tcase_add_test (tc, test_relative_path);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (map_setup_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
