/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-record-commands"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

#include "command-checks.h"


static void
set_cost (GArray *move, const char *klass, double cost)
{
  WbMoveCost c = { g_intern_string (klass), cost };

  for (guint i = 0; i < move->len; i++)
    if (g_array_index (move, WbMoveCost, i).unit_class == c.unit_class)
      {
        g_array_index (move, WbMoveCost, i).cost = cost;
        return;
      }
  g_array_append_val (move, c);
}

static WbGame *
reload (WbGame *game)
{
  g_autofree char *text = dump (game);
  g_autoptr(GError) error = NULL;
  WbGame *copy = wb_game_load_from_data (text, -1, "reloaded.warbench", &error);

  ck_assert_msg (copy != NULL, "%s", error ? error->message : "");
  return copy;
}

START_TEST (test_ids_and_keys)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autofree char *a = wb_legend_make_terrain_id (game, "Light Woods");
  g_autofree char *b = wb_legend_make_terrain_id (game, "Forest");
  g_autofree char *c = wb_legend_make_terrain_id (game, "  ?? ");
  g_autofree char *d = wb_legend_make_feature_id (game, "Road");
  char key;

  ck_assert_str_eq (a, "light-woods");
  ck_assert_str_eq (b, "forest-2");
  ck_assert_str_eq (c, "terrain");
  ck_assert_str_eq (d, "road-2");
  key = wb_legend_pick_terrain_key (game, "Light Woods");
  ck_assert (g_ascii_isgraph (key));
  ck_assert_ptr_null (wb_game_find_terrain_by_key (game, key));
  ck_assert_ptr_nonnull (wb_legend_terrain_patterns ());
  ck_assert (g_strv_contains (wb_legend_terrain_patterns (), "trees"));
  ck_assert (g_strv_contains (wb_legend_feature_styles (), "road"));
}
END_TEST

START_TEST (test_add_terrain)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *id = wb_legend_make_terrain_id (game, "Swamp");
  WbTerrainType *t = wb_terrain_type_new (id);
  guint n = wb_game_get_terrain (game)->len;
  int changed = 0;

  g_signal_connect_swapped (game, "changed::terrain", G_CALLBACK (g_atomic_int_inc), &changed);
  t->name = g_strdup ("Swamp");
  t->key = wb_legend_pick_terrain_key (game, t->name);
  t->color = g_strdup ("#556b2f");
  t->pattern = g_strdup ("marsh");
  set_cost (t->move, "*", 3);
  set_cost (t->move, "artillery", -1);
  t->defense = 1.5;
  push_and_check_revert (game, stack, wb_command_add_terrain_new (game, t));
  ck_assert_int_eq (changed, 3);   /* apply, revert, redo */
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add terrain “Swamp”");
  ck_assert_uint_eq (wb_game_get_terrain (game)->len, n + 1);
  ck_assert_str_eq (wb_game_find_terrain (game, "swamp")->pattern, "marsh");

  /* The same id again, or its key. */
  push_fails (game, stack, wb_command_add_terrain_new (game, t), WB_COMMAND_ERROR_INVALID, "swamp");
  wb_terrain_type_free (t);
  t = wb_terrain_type_new ("swamp-2");
  t->name = g_strdup ("Swamp 2");
  t->key = wb_game_find_terrain (game, "forest")->key;
  t->pattern = g_strdup ("none");
  push_fails (game, stack, wb_command_add_terrain_new (game, t), WB_COMMAND_ERROR_INVALID, "Forest");

  /* Round trip through the file. */
  {
    g_autoptr(WbGame) copy = reload (game);
    WbTerrainType *s = wb_game_find_terrain (copy, "swamp");
    gboolean found;

    ck_assert_ptr_nonnull (s);
    ck_assert_str_eq (s->color, "#556b2f");
    ck_assert (wb_move_costs_lookup (s->move, "artillery", &found) < 0);
    ck_assert (found);
    ck_assert (s->defense == 1.5);
  }
  wb_terrain_type_free (t);
}
END_TEST

START_TEST (test_edit_terrain)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTerrainType *t = wb_terrain_type_copy (wb_game_find_terrain (game, "forest"));
  g_autofree char *original = dump (game);

  g_free (t->color);
  t->color = g_strdup ("#123456");
  g_free (t->pattern);
  t->pattern = g_strdup ("dots");
  g_free (t->name);
  t->name = g_strdup ("Woods");
  set_cost (t->move, "cavalry", 4);
  set_cost (t->move, "artillery", -1);
  t->blocks_los = !t->blocks_los;
  t->defense = 2;
  push_and_check_revert (game, stack, wb_command_edit_terrain_new (game, t, NULL));
  ck_assert_str_eq (wb_game_find_terrain (game, "forest")->color, "#123456");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit terrain “Woods”");
  {
    g_autoptr(WbGame) copy = reload (game);
    WbTerrainType *c = wb_game_find_terrain (copy, "forest");

    ck_assert_str_eq (c->name, "Woods");
    ck_assert_str_eq (c->pattern, "dots");
    ck_assert (wb_move_costs_lookup (c->move, "cavalry", NULL) == 4);
    ck_assert (wb_move_costs_lookup (c->move, "artillery", NULL) < 0);
  }
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, original);
  }
  wb_terrain_type_free (t);
}
END_TEST

START_TEST (test_edit_terrain_invalid)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  const WbTerrainType *forest = wb_game_find_terrain (game, "forest");
  WbTerrainType *t;

  t = wb_terrain_type_copy (forest);
  g_free (t->name);
  t->name = g_strdup ("  ");
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_INVALID, NULL);
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  g_free (t->color);
  t->color = g_strdup ("green");
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_INVALID, "green");
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  g_free (t->pattern);
  t->pattern = g_strdup ("stripes");
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_INVALID, "stripes");
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  set_cost (t->move, "tanks", 2);
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_NOT_FOUND, "tanks");
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  set_cost (t->move, "infantry", 5000);
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_RANGE, NULL);
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  t->defense = -1;
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_RANGE, NULL);
  wb_terrain_type_free (t);

  t = wb_terrain_type_copy (forest);
  t->key = wb_game_find_terrain (game, "clear")->key;
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_INVALID, NULL);
  wb_terrain_type_free (t);

  t = wb_terrain_type_new ("no-such-terrain");
  t->name = g_strdup ("Nothing");
  t->key = '~';
  t->pattern = g_strdup ("none");
  push_fails (game, stack, wb_command_edit_terrain_new (game, t, NULL), WB_COMMAND_ERROR_NOT_FOUND, NULL);
  wb_terrain_type_free (t);
}
END_TEST

START_TEST (test_edit_merges)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *original = dump (game);

  for (int i = 1; i <= 5; i++)
    {
      WbTerrainType *t = wb_terrain_type_copy (wb_game_find_terrain (game, "rough"));
      g_autoptr(WbCommand) cmd = NULL;

      set_cost (t->move, "infantry", i);
      cmd = wb_command_edit_terrain_new (game, t, "move:infantry");
      ck_assert (wb_undo_stack_push (stack, cmd, NULL));
      wb_terrain_type_free (t);
    }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
  ck_assert (wb_move_costs_lookup (wb_game_find_terrain (game, "rough")->move, "infantry", NULL) == 5);

  /* Another key is another step. */
  {
    WbTerrainType *t = wb_terrain_type_copy (wb_game_find_terrain (game, "rough"));
    g_autoptr(WbCommand) cmd = NULL;

    t->defense = 3;
    cmd = wb_command_edit_terrain_new (game, t, "defense");
    ck_assert (wb_undo_stack_push (stack, cmd, NULL));
    wb_terrain_type_free (t);
  }
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 2);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, original);
  }
  ck_assert (wb_undo_stack_redo (stack));
  ck_assert (wb_move_costs_lookup (wb_game_find_terrain (game, "rough")->move, "infantry", NULL) == 5);
}
END_TEST

START_TEST (test_remove_terrain)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbHexMap *map = NULL;
  WbOffset first;
  guint n = wb_legend_count_terrain (game, "forest", &map, &first);
  guint n_clear = wb_legend_count_terrain (game, "clear", NULL, NULL);
  guint index;
  int map_changed = 0;

  ck_assert_uint_gt (n, 0);
  ck_assert_ptr_nonnull (map);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, first), "forest");

  /* In use: refused, naming a hex. */
  {
    char buf[32];

    wb_hex_map_format_hex (map, first, buf, sizeof buf);
    push_fails (game, stack, wb_command_remove_terrain_new (game, "forest", NULL),
                WB_COMMAND_ERROR_INVALID, buf);
  }
  push_fails (game, stack, wb_command_remove_terrain_new (game, "forest", "forest"),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_remove_terrain_new (game, "forest", "lava"),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);
  push_fails (game, stack, wb_command_remove_terrain_new (game, "lava", NULL),
              WB_COMMAND_ERROR_NOT_FOUND, NULL);

  /* Named by the rules parameters (the Confederate's forest cost, 17.12):
   * refused, naming the parameter, since the file would not load again. */
  push_fails (game, stack, wb_command_remove_terrain_new (game, "forest", "clear"),
              WB_COMMAND_ERROR_INVALID, "rules.params.movement_profiles[0].costs.forest");
  json_object_remove_member (json_node_get_object (wb_game_get_rules (game)->params), "movement_profiles");

  /* Repainted with clear, and back. */
  ck_assert (g_ptr_array_find (wb_game_get_terrain (game), wb_game_find_terrain (game, "forest"), &index));
  g_signal_connect_swapped (map, "changed", G_CALLBACK (g_atomic_int_inc), &map_changed);
  push_and_check_revert (game, stack, wb_command_remove_terrain_new (game, "forest", "clear"));
  ck_assert_int_ge (map_changed, 3);
  ck_assert_ptr_null (wb_game_find_terrain (game, "forest"));
  ck_assert_uint_eq (wb_legend_count_terrain (game, "clear", NULL, NULL), n_clear + n);
  {
    g_autoptr(WbGame) copy = reload (game);
    ck_assert_ptr_null (wb_game_find_terrain (copy, "forest"));
  }
  ck_assert (wb_undo_stack_undo (stack));
  {
    guint again;

    ck_assert (g_ptr_array_find (wb_game_get_terrain (game), wb_game_find_terrain (game, "forest"), &again));
    ck_assert_uint_eq (again, index);
  }
  ck_assert_uint_eq (wb_legend_count_terrain (game, "forest", NULL, NULL), n);
}
END_TEST

START_TEST (test_remove_unused_terrain)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbTerrainType *t = wb_terrain_type_new ("lava");
  g_autoptr(WbCommand) add = NULL;

  t->name = g_strdup ("Lava");
  t->key = '%';
  t->pattern = g_strdup ("none");
  add = wb_command_add_terrain_new (game, t);
  ck_assert (wb_undo_stack_push (stack, add, NULL));
  push_and_check_revert (game, stack, wb_command_remove_terrain_new (game, "lava", NULL));
  ck_assert_ptr_null (wb_game_find_terrain (game, "lava"));
  wb_terrain_type_free (t);
}
END_TEST

START_TEST (test_features)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbFeatureType *f = wb_feature_type_new ("hedge", WB_FEATURE_HEXSIDE);
  guint hexsides = 0, negated = 0;
  g_autofree char *original = dump (game);

  f->name = g_strdup ("Hedge");
  f->style = g_strdup ("slope");
  f->color = g_strdup ("#226622");
  f->width = 0.1;
  f->move_mode = WB_MOVE_ADD;
  set_cost (f->move, "*", 1);
  f->blocks_los = TRUE;
  push_and_check_revert (game, stack, wb_command_add_feature_new (game, f));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add feature “Hedge”");
  push_fails (game, stack, wb_command_add_feature_new (game, f), WB_COMMAND_ERROR_INVALID, NULL);
  wb_feature_type_free (f);

  /* Edit: colour, style, width, negates; where cannot change. */
  f = wb_feature_type_copy (wb_game_find_feature (game, "hedge"));
  g_free (f->color);
  f->color = g_strdup ("#00ff00");
  f->blocks_zoc = TRUE;
  g_ptr_array_add (f->negates, (gpointer) g_intern_string ("creek"));
  push_and_check_revert (game, stack, wb_command_edit_feature_new (game, f, NULL));
  f->where = WB_FEATURE_HEX;
  push_fails (game, stack, wb_command_edit_feature_new (game, f, NULL), WB_COMMAND_ERROR_INVALID, NULL);
  f->where = WB_FEATURE_HEXSIDE;
  f->width = 2;
  push_fails (game, stack, wb_command_edit_feature_new (game, f, NULL), WB_COMMAND_ERROR_RANGE, NULL);
  f->width = 0.1;
  g_free (f->style);
  f->style = g_strdup ("spaghetti");
  push_fails (game, stack, wb_command_edit_feature_new (game, f, NULL), WB_COMMAND_ERROR_INVALID, NULL);
  g_free (f->style);
  f->style = g_strdup ("slope");
  g_ptr_array_add (f->negates, (gpointer) g_intern_string ("moat"));
  push_fails (game, stack, wb_command_edit_feature_new (game, f, NULL), WB_COMMAND_ERROR_NOT_FOUND, NULL);
  wb_feature_type_free (f);

  /* Remove a used one: it comes off every hexside and out of negates. */
  ck_assert_uint_gt (wb_legend_count_feature (game, "creek", NULL, &hexsides, NULL, NULL, &negated), 0);
  ck_assert_uint_gt (hexsides, 0);
  ck_assert_uint_ge (negated, 2);   /* ford, bridge (Wilderness) and hedge */
  push_and_check_revert (game, stack, wb_command_remove_feature_new (game, "creek"));
  ck_assert_ptr_null (wb_game_find_feature (game, "creek"));
  ck_assert_uint_eq (wb_legend_count_feature (game, "creek", NULL, NULL, NULL, NULL, NULL), 0);
  {
    g_autoptr(WbGame) copy = reload (game);
    ck_assert_ptr_null (wb_game_find_feature (copy, "creek"));
  }
  /* A hex feature. */
  ck_assert_uint_gt (wb_legend_count_feature (game, "town", NULL, NULL, NULL, NULL, NULL), 0);
  push_and_check_revert (game, stack, wb_command_remove_feature_new (game, "town"));

  while (wb_undo_stack_undo (stack))
    ;
  {
    g_autofree char *now = dump (game);
    ck_assert_str_eq (now, original);
  }
}
END_TEST

START_TEST (test_point_map_features)
{
  g_autoptr(WbGame) game = load_game ("shenandoah.warbench");
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  guint conns = 0, crossings = 0;

  /* A connection class in use cannot go. */
  wb_legend_count_feature (game, "pike", NULL, NULL, &conns, NULL, NULL);
  ck_assert_uint_gt (conns, 0);
  push_fails (game, stack, wb_command_remove_feature_new (game, "pike"), WB_COMMAND_ERROR_INVALID,
              "change");
  /* A crossing comes off the connections that cross it. */
  wb_legend_count_feature (game, "ford", NULL, NULL, NULL, &crossings, NULL);
  ck_assert_uint_gt (crossings, 0);
  push_and_check_revert (game, stack, wb_command_remove_feature_new (game, "ford"));
  ck_assert_uint_eq (wb_legend_count_feature (game, "ford", NULL, NULL, NULL, NULL, NULL), 0);
  {
    g_autoptr(WbGame) copy = reload (game);
    ck_assert_ptr_null (wb_game_find_feature (copy, "ford"));
  }
}
END_TEST

/* Roles (format 7) are set in the editor as undoable edits and checked as
 * the reader checks them: a connection class given the railroad role, a
 * unit class renamed in all but its role; refused, an unknown role (with a
 * suggestion), a role for other records and one listed twice. */
START_TEST (test_roles)
{
  g_autoptr(WbGame) game = load_game ("grants-gamble.warbench");
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbFeatureType *f = wb_feature_type_copy (wb_game_find_feature (game, "road"));
  static const char * const cavalry[] = { "cavalry", NULL };
  static const char * const typo[] = { "cavlary", NULL };
  static const char * const wrong[] = { "railroad", NULL };
  static const char * const twice[] = { "leader", "leader", NULL };

  ck_assert_uint_eq (f->roles->len, 0);
  g_ptr_array_add (f->roles, (gpointer) g_intern_string ("railroad"));
  push_and_check_revert (game, stack, wb_command_edit_feature_new (game, f, NULL));
  ck_assert (wb_roles_contain (wb_game_find_feature (game, "road")->roles, "railroad"));
  {
    g_autoptr(WbGame) copy = reload (game);
    ck_assert (wb_roles_contain (wb_game_find_feature (copy, "road")->roles, "railroad"));
  }
  g_ptr_array_add (f->roles, (gpointer) g_intern_string ("river-crossing"));
  push_fails (game, stack, wb_command_edit_feature_new (game, f, NULL), WB_COMMAND_ERROR_INVALID,
              "is for crossings, not connection classes");
  wb_feature_type_free (f);

  push_and_check_revert (game, stack, wb_command_set_class_roles_new (game, "garrison", cavalry));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Roles of “Garrison”: cavalry");
  ck_assert (wb_roles_contain (wb_game_find_unit_class (game, "garrison")->roles, "cavalry"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_roles_contain (wb_game_find_unit_class (game, "garrison")->roles, "garrison"));
  ck_assert_uint_eq (wb_game_find_unit_class (game, "garrison")->roles->len, 1);
  push_fails (game, stack, wb_command_set_class_roles_new (game, "garrison", typo), WB_COMMAND_ERROR_INVALID,
              "did you mean “cavalry”?");
  push_fails (game, stack, wb_command_set_class_roles_new (game, "garrison", wrong), WB_COMMAND_ERROR_INVALID,
              "is for connection classes, not unit classes");
  push_fails (game, stack, wb_command_set_class_roles_new (game, "garrison", twice), WB_COMMAND_ERROR_INVALID,
              "listed twice");
  push_fails (game, stack, wb_command_set_class_roles_new (game, "dragoons", cavalry), WB_COMMAND_ERROR_NOT_FOUND,
              NULL);
}
END_TEST

static guint
count_rgb (cairo_surface_t *surface, guint32 rgb)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data;
  guint n = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if ((((const guint32 *) (data + y * stride))[x] & 0xffffff) == rgb)
        n++;
  return n;
}

/* The exported map and the legend swatch both draw the record as it is now. */
START_TEST (test_render_follows_legend)
{
  g_autoptr(WbGame) game = wilderness ();
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  WbTerrainType *t = wb_terrain_type_copy (wb_game_find_terrain (game, "clear"));
  g_autofree char *dir = g_dir_make_tmp ("wb-legend-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "map.png", NULL);
  g_autoptr(WbCommand) cmd = NULL;
  WbRenderOptions options;
  cairo_surface_t *png, *swatch;
  cairo_t *cr;

  wb_render_options_init (&options);
  options.layers = WB_LAYER_TERRAIN;
  options.scale = 0.5;

  g_free (t->color);
  t->color = g_strdup ("#ff00ff");
  cmd = wb_command_edit_terrain_new (game, t, NULL);
  ck_assert (wb_undo_stack_push (stack, cmd, NULL));

  ck_assert (wb_render_map_to_file (game, map, path, WB_EXPORT_PNG, &options, NULL));
  png = cairo_image_surface_create_from_png (path);
  ck_assert_int_eq (cairo_surface_status (png), CAIRO_STATUS_SUCCESS);
  ck_assert_uint_gt (count_rgb (png, 0xff00ff), 100);
  cairo_surface_destroy (png);

  swatch = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 24);
  cr = cairo_create (swatch);
  wb_render_terrain_swatch (game, wb_game_find_terrain (game, "clear"), cr, 40, 24);
  cairo_destroy (cr);
  ck_assert_uint_gt (count_rgb (swatch, 0xff00ff), 40 * 24 / 2);
  cairo_surface_destroy (swatch);

  /* Undone: no magenta left. */
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (wb_render_map_to_file (game, map, path, WB_EXPORT_PNG, &options, NULL));
  png = cairo_image_surface_create_from_png (path);
  ck_assert_uint_eq (count_rgb (png, 0xff00ff), 0);
  cairo_surface_destroy (png);

  /* A feature swatch draws something besides the ground. */
  swatch = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 24);
  cr = cairo_create (swatch);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  wb_render_feature_swatch (game, wb_game_find_feature (game, "creek"), cr, 40, 24);
  cairo_destroy (cr);
  ck_assert_uint_eq (count_rgb (swatch, 0xff00ff), 0);
  cairo_surface_destroy (swatch);

  g_unlink (path);
  g_rmdir (dir);
  wb_terrain_type_free (t);
}
END_TEST

static Suite *
record_suite (void)
{
  Suite *s = suite_create ("record-commands");
  TCase *tc = tcase_create ("legend");

  tcase_add_test (tc, test_ids_and_keys);
  tcase_add_test (tc, test_add_terrain);
  tcase_add_test (tc, test_edit_terrain);
  tcase_add_test (tc, test_edit_terrain_invalid);
  tcase_add_test (tc, test_edit_merges);
  tcase_add_test (tc, test_remove_terrain);
  tcase_add_test (tc, test_remove_unused_terrain);
  tcase_add_test (tc, test_features);
  tcase_add_test (tc, test_point_map_features);
  tcase_add_test (tc, test_roles);
  tcase_add_test (tc, test_render_follows_legend);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (record_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
