/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-attribute-commands"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* The inspector's commands (core/wb-attribute-commands.c): a location's
 * attributes, a connection's class, crossings and note, a hex's features.
 * Apply and revert are exact (the saved text is byte for byte what it
 * was), bad input is refused with the model untouched, and the values
 * survive saving and loading. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *base = g_strconcat (name, ".warbench", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            base, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* The game as saved, then loaded again. */
static WbGame *
reload (WbGame *game)
{
  gsize len = 0;
  g_autofree char *data = wb_game_to_data (game, &len);
  g_autoptr(GError) error = NULL;
  WbGame *copy = wb_game_load_from_data (data, (gssize) len, "reloaded", &error);

  ck_assert_msg (copy != NULL, "%s", error ? error->message : "");
  return copy;
}

static WbMap *
first_map (WbGame *game)
{
  return g_ptr_array_index (wb_game_get_maps (game), 0);
}

static gboolean
has_id (GPtrArray  *ids,
        const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return TRUE;
  return FALSE;
}

static void
push_ok (WbUndoStack *stack,
         WbCommand   *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s", error ? error->message : "");
}

START_TEST (test_location_round_trip)
{
  g_autoptr(WbGame) game = load_bundled ("grants-gamble");
  WbPointMap *map = WB_POINT_MAP (first_map (game));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(WbLocationAttrs) attrs = NULL;
  g_autoptr(WbGame) copy = NULL;
  WbLocation *loc = wb_point_map_find_location (map, "sperryville");
  WbLocationField all = WB_LOCATION_FIELD_MAJOR | WB_LOCATION_FIELD_PORT |
                        WB_LOCATION_FIELD_FORTRESS | WB_LOCATION_FIELD_VP |
                        WB_LOCATION_FIELD_SUPPLY | WB_LOCATION_FIELD_REPLACEMENT |
                        WB_LOCATION_FIELD_TAGS | WB_LOCATION_FIELD_NOTE |
                        WB_LOCATION_FIELD_LABEL_OFFSET;

  ck_assert_ptr_nonnull (loc);
  attrs = wb_location_attrs_new_from (loc);
  attrs->major = !loc->major;
  attrs->port = !loc->port;
  attrs->fortress = 3;
  attrs->vp = 2;
  g_ptr_array_set_size (attrs->supply, 0);
  g_ptr_array_add (attrs->supply, g_strdup ("confederate"));
  g_ptr_array_add (attrs->replacement, g_strdup ("union"));
  g_ptr_array_add (attrs->tags, g_strdup ("valley"));
  g_ptr_array_add (attrs->tags, g_strdup ("north-of-rappahannock"));
  g_free (attrs->note);
  attrs->note = g_strdup ("A note");
  attrs->label_dx = 12.5;
  attrs->label_dy = -30;

  push_ok (stack, wb_command_set_location_new (game, map, "sperryville", all, attrs));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit location “Sperryville”");
  ck_assert_int_eq (loc->fortress, 3);
  ck_assert_int_eq (loc->vp, 2);
  ck_assert (has_id (loc->supply, "confederate") && !has_id (loc->supply, "union"));
  ck_assert (has_id (loc->replacement, "union"));
  ck_assert_uint_eq (loc->tags->len, 2);
  ck_assert_str_eq (loc->note, "A note");
  ck_assert (loc->label_dx == 12.5 && loc->label_dy == -30);
  after = wb_game_to_data (game, NULL);
  ck_assert_str_ne (after, before);

  ck_assert (wb_undo_stack_undo (stack));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (undone);
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, after);

  /* Saved and loaded, the values are kept. */
  copy = reload (game);
  loc = wb_point_map_find_location (WB_POINT_MAP (first_map (copy)), "sperryville");
  ck_assert_int_eq (loc->fortress, 3);
  ck_assert_int_eq (loc->vp, 2);
  ck_assert (loc->major == attrs->major && loc->port == attrs->port);
  ck_assert (has_id (loc->supply, "confederate") && has_id (loc->replacement, "union"));
  ck_assert (has_id (loc->tags, "valley") && has_id (loc->tags, "north-of-rappahannock"));
  ck_assert_str_eq (loc->note, "A note");
  ck_assert (loc->label_dx == 12.5 && loc->label_dy == -30);
}
END_TEST

START_TEST (test_location_merge)
{
  g_autoptr(WbGame) game = load_bundled ("grants-gamble");
  WbPointMap *map = WB_POINT_MAP (first_map (game));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *undone = NULL;
  g_autoptr(WbLocationAttrs) attrs = wb_location_attrs_new ();
  WbLocation *loc = wb_point_map_find_location (map, "washington-dc");
  int fortress = loc->fortress, vp = loc->vp;
  gboolean port = loc->port;

  /* A spin button stepping 5, 6, 7 is one step. */
  for (int i = 5; i <= 7; i++)
    {
      attrs->fortress = i;
      push_ok (stack, wb_command_set_location_new (game, map, loc->id,
                                                   WB_LOCATION_FIELD_FORTRESS, attrs));
    }
  ck_assert_int_eq (loc->fortress, 7);
  /* Another field is another step. */
  attrs->vp = 4;
  push_ok (stack, wb_command_set_location_new (game, map, loc->id, WB_LOCATION_FIELD_VP, attrs));
  /* Toggles are never merged. */
  attrs->port = !port;
  push_ok (stack, wb_command_set_location_new (game, map, loc->id, WB_LOCATION_FIELD_PORT, attrs));
  attrs->port = port;
  push_ok (stack, wb_command_set_location_new (game, map, loc->id, WB_LOCATION_FIELD_PORT, attrs));

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (loc->port == !port);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert (loc->port == port);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (loc->vp, vp);
  ck_assert_int_eq (loc->fortress, 7);
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_int_eq (loc->fortress, fortress);
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
}
END_TEST

typedef struct {
  const char     *name;
  const char     *location;
  WbLocationField field;
  int             fortress, vp;
  const char     *side;
  const char     *tag;
  double          label_dx;
  int             code;
} BadLocation;

static const BadLocation bad_locations[] = {
  { "missing location", "nowhere", WB_LOCATION_FIELD_VP, 0, 1, NULL, NULL, 0, WB_COMMAND_ERROR_NOT_FOUND },
  { "negative fortress", "sperryville", WB_LOCATION_FIELD_FORTRESS, -1, 0, NULL, NULL, 0, WB_COMMAND_ERROR_RANGE },
  { "huge fortress", "sperryville", WB_LOCATION_FIELD_FORTRESS, 1001, 0, NULL, NULL, 0, WB_COMMAND_ERROR_RANGE },
  { "huge vp", "sperryville", WB_LOCATION_FIELD_VP, 0, 100001, NULL, NULL, 0, WB_COMMAND_ERROR_RANGE },
  { "unknown supply side", "sperryville", WB_LOCATION_FIELD_SUPPLY, 0, 0, "prussia", NULL, 0, WB_COMMAND_ERROR_NOT_FOUND },
  { "unknown replacement side", "sperryville", WB_LOCATION_FIELD_REPLACEMENT, 0, 0, "prussia", NULL, 0, WB_COMMAND_ERROR_NOT_FOUND },
  { "tag with a space", "sperryville", WB_LOCATION_FIELD_TAGS, 0, 0, NULL, "north of", 0, WB_COMMAND_ERROR_INVALID },
  { "empty tag", "sperryville", WB_LOCATION_FIELD_TAGS, 0, 0, NULL, "", 0, WB_COMMAND_ERROR_INVALID },
  { "label far away", "sperryville", WB_LOCATION_FIELD_LABEL_OFFSET, 0, 0, NULL, NULL, 5000, WB_COMMAND_ERROR_RANGE },
};

START_TEST (test_location_invalid)
{
  const BadLocation *bad = &bad_locations[_i];
  g_autoptr(WbGame) game = load_bundled ("grants-gamble");
  WbPointMap *map = WB_POINT_MAP (first_map (game));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  g_autoptr(WbLocationAttrs) attrs = wb_location_attrs_new ();
  g_autoptr(WbCommand) cmd = NULL;
  g_autoptr(GError) error = NULL;

  attrs->fortress = bad->fortress;
  attrs->vp = bad->vp;
  attrs->label_dx = bad->label_dx;
  if (bad->side != NULL)
    {
      g_ptr_array_add (attrs->supply, g_strdup ("union"));
      g_ptr_array_add (attrs->supply, g_strdup (bad->side));
      g_ptr_array_add (attrs->replacement, g_strdup (bad->side));
    }
  if (bad->tag != NULL)
    {
      g_ptr_array_add (attrs->tags, g_strdup ("valley"));
      g_ptr_array_add (attrs->tags, g_strdup (bad->tag));
    }
  cmd = wb_command_set_location_new (game, map, bad->location, bad->field, attrs);
  ck_assert_msg (!wb_undo_stack_push (stack, cmd, &error), "%s accepted", bad->name);
  ck_assert_error (error, WB_COMMAND_ERROR, bad->code);
  ck_assert (!wb_undo_stack_get_can_undo (stack));
  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (after, before);
}
END_TEST

START_TEST (test_connection)
{
  g_autoptr(WbGame) game = load_bundled ("grants-gamble");
  WbPointMap *map = WB_POINT_MAP (first_map (game));
  GPtrArray *connections = wb_point_map_get_connections (map);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(WbGame) copy = NULL;
  const char *both[] = { "river", "mountain", NULL };
  WbConnection *c = NULL;
  guint index = 0;

  /* A road with no crossings. */
  for (guint i = 0; i < connections->len && c == NULL; i++)
    {
      WbConnection *k = g_ptr_array_index (connections, i);

      if (g_str_equal (k->klass, "road") && k->crossings->len == 0)
        {
          c = k;
          index = i;
        }
    }
  ck_assert_ptr_nonnull (c);
  before = wb_game_to_data (game, NULL);

  push_ok (stack, wb_command_set_connection_new (game, map, index, c->b, c->a, "railroad",
                                                 both, "Over the pass"));
  ck_assert_str_eq (c->klass, "railroad");
  ck_assert_uint_eq (c->crossings->len, 2);
  ck_assert_str_eq (g_ptr_array_index (c->crossings, 1), "mountain");
  ck_assert_str_eq (c->note, "Over the pass");
  after = wb_game_to_data (game, NULL);
  ck_assert (wb_undo_stack_undo (stack));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (undone);
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, after);

  /* Typing the note on: one step. */
  push_ok (stack, wb_command_set_connection_new (game, map, index, c->a, c->b, "railroad",
                                                 both, "Over the pass, twice"));
  push_ok (stack, wb_command_set_connection_new (game, map, index, c->a, c->b, "railroad",
                                                 both, "Over the pass, thrice"));
  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_str_eq (c->note, "Over the pass");

  copy = reload (game);
  c = g_ptr_array_index (wb_point_map_get_connections (WB_POINT_MAP (first_map (copy))), index);
  ck_assert_str_eq (c->klass, "railroad");
  ck_assert_uint_eq (c->crossings->len, 2);
  ck_assert_str_eq (c->note, "Over the pass");
}
END_TEST

START_TEST (test_connection_invalid)
{
  g_autoptr(WbGame) game = load_bundled ("grants-gamble");
  WbPointMap *map = WB_POINT_MAP (first_map (game));
  GPtrArray *connections = wb_point_map_get_connections (map);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  WbConnection *c = g_ptr_array_index (connections, 0);
  WbConnection *twin;
  g_autofree char *before = NULL;
  const char *road[] = { "road", NULL };
  const char *twice[] = { "river", "river", NULL };
  struct {
    guint index;
    const char *a, *klass;
    const char * const *crossings;
    int code;
  } cases[] = {
    { 0, c->a, "river", NULL, WB_COMMAND_ERROR_NOT_FOUND },      /* a crossing as class */
    { 0, c->a, "canal", NULL, WB_COMMAND_ERROR_NOT_FOUND },
    { 0, c->a, c->klass, road, WB_COMMAND_ERROR_NOT_FOUND },     /* a class as crossing */
    { 0, c->a, c->klass, twice, WB_COMMAND_ERROR_INVALID },
    { 0, "nowhere", c->klass, NULL, WB_COMMAND_ERROR_NOT_FOUND }, /* wrong ends */
    { 100000, c->a, c->klass, NULL, WB_COMMAND_ERROR_NOT_FOUND },
    { 0, c->a, "railroad", NULL, WB_COMMAND_ERROR_INVALID },     /* the twin's class */
  };

  /* A railroad beside the first connection, so giving it that class
   * duplicates one. */
  twin = wb_connection_new (c->a, c->b, g_str_equal (c->klass, "railroad") ? "road" : "railroad");
  wb_point_map_add_connection (map, twin);
  if (g_str_equal (c->klass, "railroad"))
    cases[6].klass = "road";
  before = wb_game_to_data (game, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(WbCommand) cmd =
        wb_command_set_connection_new (game, map, cases[i].index, cases[i].a, c->b,
                                       cases[i].klass, cases[i].crossings, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      ck_assert_msg (!wb_undo_stack_push (stack, cmd, &error), "case %u accepted", i);
      ck_assert_error (error, WB_COMMAND_ERROR, cases[i].code);
      after = wb_game_to_data (game, NULL);
      ck_assert_str_eq (after, before);
    }
  ck_assert (!wb_undo_stack_get_can_undo (stack));
}
END_TEST

START_TEST (test_hex_feature)
{
  g_autoptr(WbGame) game = load_bundled ("chickasaw-bayou");
  WbHexMap *map = WB_HEX_MAP (first_map (game));
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GArray) detailed = wb_hex_map_list_detailed_hexes (map);
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  g_autoptr(WbGame) copy = NULL;
  WbOffset trench = { -1, -1 }, plain = { 0, 0 };
  GPtrArray *features;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbCommand) bad = NULL;
  WbOffset off_map = { 1000, 0 };

  for (guint i = 0; i < detailed->len; i++)
    {
      WbOffset hex = g_array_index (detailed, WbOffset, i);

      if (wb_hex_map_has_hex_feature (map, hex, "trench"))
        {
          trench = hex;
          break;
        }
    }
  ck_assert_int_ge (trench.col, 0);
  while (wb_hex_map_get_hex_features (map, plain) != NULL &&
         wb_hex_map_get_hex_features (map, plain)->len > 0)
    plain.col++;

  /* Added after the trench, taken off again, exactly. */
  push_ok (stack, wb_command_set_hex_feature_new (game, map, trench, "rail-fence", TRUE));
  features = wb_hex_map_get_hex_features (map, trench);
  ck_assert_str_eq (g_ptr_array_index (features, features->len - 1), "rail-fence");
  ck_assert (g_str_has_prefix (wb_undo_stack_get_undo_label (stack), "Add Rail Fence to hex "));
  push_ok (stack, wb_command_set_hex_feature_new (game, map, trench, "trench", FALSE));
  ck_assert (!wb_hex_map_has_hex_feature (map, trench, "trench"));
  push_ok (stack, wb_command_set_hex_feature_new (game, map, plain, "epaulement", TRUE));
  ck_assert (wb_hex_map_has_hex_feature (map, plain, "epaulement"));
  after = wb_game_to_data (game, NULL);

  copy = reload (game);
  ck_assert (wb_hex_map_has_hex_feature (WB_HEX_MAP (first_map (copy)), plain, "epaulement"));
  ck_assert (wb_hex_map_has_hex_feature (WB_HEX_MAP (first_map (copy)), trench, "rail-fence"));
  ck_assert (!wb_hex_map_has_hex_feature (WB_HEX_MAP (first_map (copy)), trench, "trench"));

  for (int i = 0; i < 3; i++)
    ck_assert (wb_undo_stack_undo (stack));
  {
    g_autofree char *undone = wb_game_to_data (game, NULL);

    ck_assert_str_eq (undone, before);
  }

  /* A hexside feature is not a hex feature; off the map is off the map. */
  bad = wb_command_set_hex_feature_new (game, map, plain, "creek", TRUE);
  ck_assert (!wb_undo_stack_push (stack, bad, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_object (&bad);
  bad = wb_command_set_hex_feature_new (game, map, off_map, "trench", TRUE);
  ck_assert (!wb_undo_stack_push (stack, bad, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
  {
    g_autofree char *untouched = wb_game_to_data (game, NULL);

    ck_assert_str_eq (untouched, before);
  }
}
END_TEST

static Suite *
attribute_commands_suite (void)
{
  Suite *s = suite_create ("attribute-commands");
  TCase *tc = tcase_create ("core");

  tcase_add_test (tc, test_location_round_trip);
  tcase_add_test (tc, test_location_merge);
  tcase_add_loop_test (tc, test_location_invalid, 0, G_N_ELEMENTS (bad_locations));
  tcase_add_test (tc, test_connection);
  tcase_add_test (tc, test_connection_invalid);
  tcase_add_test (tc, test_hex_feature);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (attribute_commands_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
