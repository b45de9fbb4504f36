/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-scenario-file"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "rules/wb-rng.h"

/*
 * A scenario file is the same game as the scenario in its game: every
 * bundled scenario is extracted, written, read back and played by the
 * automatic player with the same seed (and with each of its options) as
 * in the whole game, and the two logs must be the same line for line. An
 * import brings a scenario back (under a new id) or into a file that lacks
 * what it needs, and the imported scenario plays the same game again; an
 * import that clashes names the clash and leaves the game as it was.
 */

typedef struct {
  const char *file;
  const char *scenario;
} Case;

static const Case cases[] = {
  { "battle-of-the-wilderness.warbench", "historical" },
  { "chickasaw-bayou.warbench", "17.1" },
  { "chickasaw-bayou.warbench", "17.2" },
  { "chickasaw-bayou.warbench", "17.3" },
  { "chickasaw-bayou.warbench", "17.4" },
  { "chickasaw-bayou.warbench", "17.5" },
  { "chickasaw-bayou.warbench", "17.6" },
  { "grants-gamble.warbench", "campaign" },
  { "jackson-sheridan.warbench", "1862" },
  { "jackson-sheridan.warbench", "1864" },
  { "shenandoah.warbench", "campaign" },
};

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", path, error ? error->message : "");
  return game;
}

/* Writes @game to a file and reads it back, as a designer's scenario file
 * would be: what the reader accepts, nothing kept in memory only. */
static WbGame *
save_and_reload (WbGame     *game,
                 const char *dir,
                 const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *back;

  ck_assert_msg (wb_game_save (game, file, NULL, &error), "%s", error ? error->message : "");
  back = wb_game_load (file, NULL, &error);
  ck_assert_msg (back != NULL, "%s does not load back: %s", path, error ? error->message : "");
  return back;
}

/* A whole game of @scenario by the automatic player on both sides, as
 * `warbench-cli play --auto` plays it: its log (transfer full). Fails the
 * test when an action is refused or the game does not end. */
static char *
auto_game (WbGame      *game,
           const char  *scenario,
           const char  *option,
           guint64      seed)
{
  const char *options[] = { option, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new (game, NULL, scenario, option != NULL ? options : NULL, seed, &error);
  GString *log = g_string_new (NULL);
  WbRng policy, dice;
  GPtrArray *events;
  int n = 0;

  ck_assert_msg (play != NULL, "%s: %s", scenario, error ? error->message : "");
  ck_assert (!wb_play_is_free_play (play));
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, seed, WB_RNG_MATCH_STREAM + 2);
  for (;;)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL)
        break;
      ck_assert_msg (n++ < 100000, "%s: the game does not end", scenario);
      ck_assert_msg (wb_play_act_as_players (play, a, &dice, &policy, &error), "%s: an action was refused: %s",
                     scenario, error ? error->message : "");
    }
  ck_assert_msg (wb_play_get_state (play)->over, "%s: the automatic player stopped before the end", scenario);
  events = wb_play_get_log (play);
  for (guint i = 0; i < events->len; i++)
    g_string_append_printf (log, "%s\n", ((WbLogEvent *) g_ptr_array_index (events, i))->text);
  return g_string_free (log, FALSE);
}

/* The same game, line for line (the first difference named). */
static void
assert_same_log (const char *a,
                 const char *b,
                 const char *what)
{
  g_auto(GStrv) la = g_strsplit (a, "\n", -1);
  g_auto(GStrv) lb = g_strsplit (b, "\n", -1);

  for (guint i = 0; la[i] != NULL || lb[i] != NULL; i++)
    ck_assert_msg (la[i] != NULL && lb[i] != NULL && strcmp (la[i], lb[i]) == 0,
                   "%s: the logs part at line %u: “%s” and “%s”", what, i + 1, la[i] ? la[i] : "(end)",
                   lb[i] ? lb[i] : "(end)");
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("wb-scenario-file-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static gboolean
names_unit (WbScenario *sc,
            const char *unit)
{
  GPtrArray *a = wb_scenario_get_setup (sc);

  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (((WbSetup *) g_ptr_array_index (a, i))->unit, unit) == 0)
      return TRUE;
  a = wb_scenario_get_reinforcements (sc);
  for (guint i = 0; i < a->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (a, i);

      for (guint k = 0; k < r->units->len; k++)
        if (g_strcmp0 (g_ptr_array_index (r->units, k), unit) == 0)
          return TRUE;
    }
  return FALSE;
}

/* --- Extraction ------------------------------------------------------------- */

START_TEST (test_extract_plays_the_same_game)
{
  const Case *c = &cases[_i];
  g_autoptr(WbGame) game = load_bundled (c->file);
  g_autoptr(WbGame) extracted = NULL, back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = temp_dir ();
  WbScenario *sc, *orig = wb_game_find_scenario (game, c->scenario);
  GPtrArray *options;
  guint n_in_scenario = 0;

  extracted = wb_scenario_extract (game, c->scenario, &error);
  ck_assert_msg (extracted != NULL, "%s %s: %s", c->file, c->scenario, error ? error->message : "");
  back = save_and_reload (extracted, dir, "scenario.warbench");

  /* The one scenario, on its one map; only the units it uses, all of them. */
  ck_assert_uint_eq (wb_game_get_scenarios (back)->len, 1);
  sc = wb_game_find_scenario (back, c->scenario);
  ck_assert_ptr_nonnull (sc);
  ck_assert_uint_eq (wb_game_get_maps (back)->len, 1);
  ck_assert_str_eq (wb_map_get_id (g_ptr_array_index (wb_game_get_maps (back), 0)), wb_scenario_get_map (orig));
  for (guint i = 0; i < wb_game_get_units (game)->len; i++)
    {
      const char *id = wb_unit_get_id (g_ptr_array_index (wb_game_get_units (game), i));

      if (names_unit (orig, id))
        {
          n_in_scenario++;
          ck_assert_msg (wb_game_find_unit (back, id) != NULL, "%s: the unit %s is missing", c->scenario, id);
        }
    }
  ck_assert_uint_ge (wb_game_get_units (back)->len, n_in_scenario);
  ck_assert_uint_le (wb_game_get_units (back)->len, wb_game_get_units (game)->len);
  ck_assert_uint_eq (wb_game_get_tables (back)->len, wb_game_get_tables (game)->len);
  ck_assert_uint_eq (wb_game_get_chits (back)->len, wb_game_get_chits (game)->len);

  /* The same games, without options and with each. */
  {
    g_autofree char *a = auto_game (game, c->scenario, NULL, 7);
    g_autofree char *b = auto_game (back, c->scenario, NULL, 7);
    g_autofree char *what = g_strdup_printf ("%s %s", c->file, c->scenario);

    assert_same_log (a, b, what);
  }
  options = wb_scenario_get_options (orig);
  for (guint i = 0; i < options->len; i++)
    {
      const char *option = ((WbOption *) g_ptr_array_index (options, i))->id;
      g_autofree char *a = auto_game (game, c->scenario, option, 3);
      g_autofree char *b = auto_game (back, c->scenario, option, 3);
      g_autofree char *what = g_strdup_printf ("%s %s with %s", c->file, c->scenario, option);

      assert_same_log (a, b, what);
    }
  remove_dir (dir);
}
END_TEST

/* Values given per scenario keep only the extracted scenario's; those
 * given for other scenarios only are left out. */
START_TEST (test_extract_prunes_params)
{
  g_autoptr(WbGame) game = load_bundled ("jackson-sheridan.warbench");
  g_autoptr(WbGame) cb = load_bundled ("chickasaw-bayou.warbench");
  g_autoptr(WbGame) js = NULL, bs = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *params, *per;

  js = wb_scenario_extract (game, "1864", &error);
  ck_assert_ptr_nonnull (js);
  params = json_node_get_object (wb_game_get_rules (js)->params);
  per = json_object_get_object_member (params, "cap_per_turn");
  ck_assert_uint_eq (json_object_get_size (per), 1);
  ck_assert (json_object_has_member (per, "1864"));
  /* A value for the whole game stays as it is. */
  ck_assert_int_eq (json_object_get_int_member (params, "battle_hit_on"), 6);

  bs = wb_scenario_extract (cb, "17.1", &error);
  ck_assert_ptr_nonnull (bs);
  params = json_node_get_object (wb_game_get_rules (bs)->params);
  /* 17.6's command rating bonus and pontoon bridges are not 17.1's. */
  ck_assert (!json_object_has_member (params, "command_rating_bonus"));
  ck_assert (!json_object_has_member (params, "pontoon_bridges"));
  per = json_object_get_object_member (params, "victory");
  ck_assert_uint_eq (json_object_get_size (per), 1);
  ck_assert (json_object_has_member (per, "17.1"));
}
END_TEST

/* Units named only by the rules parameters or a victory condition come
 * along too: without them the file would not load. */
START_TEST (test_extract_keeps_what_rules_name)
{
  g_autoptr(WbGame) bundled = load_bundled ("jackson-sheridan.warbench");
  g_autofree char *text = wb_game_to_data (bundled, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = json_from_string (text, &error);
  g_autoptr(WbGame) game = NULL, one = NULL;
  g_autofree char *changed = NULL;
  JsonObject *params, *leaders, *victory;
  JsonArray *scenarios, *units;

  ck_assert_ptr_nonnull (root);
  /* Early (an 1864 leader) given an ability in 1862, and the VI Corps (an
   * 1864 unit) to destroy for victory in 1862. */
  params = json_object_get_object_member (json_object_get_object_member (json_node_get_object (root), "rules"),
                                          "params");
  leaders = json_object_get_object_member (json_object_get_object_member (params, "leader_abilities"), "1862");
  json_object_set_member (leaders, "early", json_node_copy (json_object_get_member (leaders, "jackson")));
  scenarios = json_object_get_array_member (json_node_get_object (root), "scenarios");
  victory = json_object_new ();
  json_object_set_string_member (victory, "kind", "destroy");
  json_object_set_string_member (victory, "side", "confederate");
  json_object_set_int_member (victory, "vp", 1);
  units = json_array_new ();
  json_array_add_string_element (units, "vi");
  json_object_set_array_member (victory, "units", units);
  json_array_add_object_element (json_object_get_array_member (json_array_get_object_element (scenarios, 0), "victory"),
                                 victory);
  changed = json_to_string (root, FALSE);
  game = wb_game_load_from_data (changed, -1, "changed.warbench", &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert (!names_unit (wb_game_find_scenario (game, "1862"), "early"));
  ck_assert (!names_unit (wb_game_find_scenario (game, "1862"), "vi"));

  one = wb_scenario_extract (game, "1862", &error);
  ck_assert_msg (one != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (wb_game_find_unit (one, "early"));
  ck_assert_ptr_nonnull (wb_game_find_unit (one, "vi"));
  ck_assert_ptr_null (wb_game_find_unit (one, "sheridan"));
}
END_TEST

START_TEST (test_extract_unknown_scenario)
{
  g_autoptr(WbGame) game = load_bundled ("battle-of-the-wilderness.warbench");
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) none = wb_scenario_extract (game, "no-such", &error);

  ck_assert_ptr_null (none);
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE));
  ck_assert_msg (strstr (error->message, "historical") != NULL, "%s", error->message);
}
END_TEST

/* --- Import ------------------------------------------------------------------ */

/* The exported scenario comes back into its game under a new id: nothing
 * else is added, the game loads, and the new scenario plays the old one's
 * game. */
START_TEST (test_import_back)
{
  const Case *c = &cases[_i];
  g_autoptr(WbGame) game = load_bundled (c->file);
  g_autoptr(WbGame) extracted = NULL, file = NULL, back = NULL;
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = temp_dir ();
  g_autofree char *copy = g_strdup_printf ("%s-copy", c->scenario);
  guint n_units = wb_game_get_units (game)->len, n_scenarios = wb_game_get_scenarios (game)->len;
  guint n_formations = wb_game_get_formations (game)->len;

  extracted = wb_scenario_extract (game, c->scenario, &error);
  ck_assert_ptr_nonnull (extracted);
  file = save_and_reload (extracted, dir, "scenario.warbench");
  ck_assert_msg (wb_scenario_import (game, file, c->scenario, copy, clashes, &error), "%s: %s%s%s", c->scenario,
                 error ? error->message : "", clashes->len > 0 ? ": " : "",
                 clashes->len > 0 ? (char *) g_ptr_array_index (clashes, 0) : "");
  ck_assert_uint_eq (clashes->len, 0);
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, n_scenarios + 1);
  ck_assert_uint_eq (wb_game_get_units (game)->len, n_units);
  ck_assert_uint_eq (wb_game_get_formations (game)->len, n_formations);

  back = save_and_reload (game, dir, "game.warbench");
  {
    g_autofree char *a = auto_game (back, c->scenario, NULL, 11);
    g_autofree char *b = auto_game (back, copy, NULL, 11);
    g_autofree char *what = g_strdup_printf ("%s %s imported as %s", c->file, c->scenario, copy);

    assert_same_log (a, b, what);
  }
  remove_dir (dir);
}
END_TEST

static JsonObject *
extracted_json (WbGame     *game,
                const char *scenario)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) one = wb_scenario_extract (game, scenario, &error);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;

  ck_assert_msg (one != NULL, "%s: %s", scenario, error ? error->message : "");
  text = wb_game_to_data (one, NULL);
  node = json_from_string (text, &error);
  ck_assert_ptr_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

/* @scenario of @a and of @b, each with what it needs, is the same: the
 * same records (in any order) and the same rules. */
static void
assert_same_scenario (WbGame     *a,
                      WbGame     *b,
                      const char *scenario)
{
  static const char * const members[] = {
    "rules", "counter", "sides", "unit_classes", "terrain", "features", "tables", "maps", "formations", "units",
    "chits", "scenarios",
  };
  g_autoptr(JsonObject) ja = extracted_json (a, scenario);
  g_autoptr(JsonObject) jb = extracted_json (b, scenario);

  for (guint m = 0; m < G_N_ELEMENTS (members); m++)
    {
      JsonNode *na = json_object_get_member (ja, members[m]), *nb = json_object_get_member (jb, members[m]);
      JsonArray *aa, *ab;

      ck_assert_msg ((na == NULL) == (nb == NULL), "%s: %s", scenario, members[m]);
      if (na == NULL || !JSON_NODE_HOLDS_ARRAY (na))
        {
          ck_assert_msg (na == NULL || json_node_equal (na, nb), "%s: %s differ", scenario, members[m]);
          continue;
        }
      aa = json_node_get_array (na);
      ab = json_node_get_array (nb);
      ck_assert_uint_eq (json_array_get_length (aa), json_array_get_length (ab));
      for (guint i = 0; i < json_array_get_length (aa); i++)
        {
          JsonNode *x = json_array_get_element (aa, i);
          const char *id = json_object_get_string_member (json_node_get_object (x), "id");
          gboolean found = FALSE;

          for (guint k = 0; k < json_array_get_length (ab) && !found; k++)
            {
              JsonNode *y = json_array_get_element (ab, k);

              if (g_strcmp0 (json_object_get_string_member (json_node_get_object (y), "id"), id) == 0)
                {
                  ck_assert_msg (json_node_equal (x, y), "%s: %s %s differs", scenario, members[m], id);
                  found = TRUE;
                }
            }
          ck_assert_msg (found, "%s: %s %s is missing", scenario, members[m], id);
        }
    }
}

/* A scenario imported into a file that lacks its units, formations and
 * parameters (another scenario's file of the same game): they come along,
 * the parameters the file gave its own scenario stay its own, and both
 * scenarios are what they were in their game. */
START_TEST (test_import_brings_what_it_needs)
{
  static const struct { const char *file, *base, *imported; } v[] = {
    { "jackson-sheridan.warbench", "1862", "1864" },
    { "chickasaw-bayou.warbench", "17.1", "17.6" },
    { "chickasaw-bayou.warbench", "17.3", "17.5" },
  };
  g_autoptr(WbGame) game = load_bundled (v[_i].file);
  g_autoptr(WbGame) base = NULL, back = NULL;
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = temp_dir ();
  guint n_units;

  base = wb_scenario_extract (game, v[_i].base, &error);
  ck_assert_ptr_nonnull (base);
  n_units = wb_game_get_units (base)->len;
  ck_assert_msg (wb_scenario_import (base, game, v[_i].imported, NULL, clashes, &error), "%s: %s%s%s",
                 v[_i].imported, error ? error->message : "", clashes->len > 0 ? ": " : "",
                 clashes->len > 0 ? (char *) g_ptr_array_index (clashes, 0) : "");
  ck_assert_uint_gt (wb_game_get_units (base)->len, n_units);
  ck_assert_uint_eq (wb_game_get_scenarios (base)->len, 2);

  back = save_and_reload (base, dir, "variant.warbench");
  /* The scenario as it was, with the same records and parameters; its
   * units come after the file's own, so the automatic player, which goes
   * through them in order, plays another game of it, to its end. */
  assert_same_scenario (game, back, v[_i].imported);
  g_free (auto_game (back, v[_i].imported, NULL, 5));
  /* The file's own scenario is as it was. */
  {
    g_autofree char *a = auto_game (game, v[_i].base, NULL, 5);
    g_autofree char *b = auto_game (back, v[_i].base, NULL, 5);
    g_autofree char *what = g_strdup_printf ("%s beside the imported %s", v[_i].base, v[_i].imported);

    assert_same_log (a, b, what);
  }
  remove_dir (dir);
}
END_TEST

/* The import as an undoable edit (the app's Import Scenario…): undo gives
 * the game back byte for byte, redo the imported game again; a clash fails
 * with every clash in the message and leaves the game as it was. */
START_TEST (test_import_command_undo_redo)
{
  static const struct { const char *file, *base, *imported; } v[] = {
    { "jackson-sheridan.warbench", "1862", "1864" },
    { "chickasaw-bayou.warbench", "17.1", "17.6" },
  };
  g_autoptr(WbGame) game = load_bundled (v[_i].file);
  g_autoptr(WbGame) base = NULL;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *imported = NULL, *undone = NULL, *redone = NULL;

  base = wb_scenario_extract (game, v[_i].base, &error);
  ck_assert_ptr_nonnull (base);
  before = wb_game_to_data (base, NULL);
  command = wb_command_import_scenario_new (base, game, v[_i].imported, NULL);
  ck_assert_msg (wb_undo_stack_push (stack, command, &error), "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (wb_game_find_scenario (base, v[_i].imported));
  imported = wb_game_to_data (base, NULL);
  ck_assert_str_ne (before, imported);
  ck_assert (wb_undo_stack_undo (stack));
  undone = wb_game_to_data (base, NULL);
  ck_assert_str_eq (before, undone);
  ck_assert (wb_undo_stack_redo (stack));
  redone = wb_game_to_data (base, NULL);
  ck_assert_str_eq (imported, redone);

  /* Again: the scenario's id is now used. */
  g_clear_object (&command);
  command = wb_command_import_scenario_new (base, game, v[_i].imported, NULL);
  ck_assert (!wb_undo_stack_push (stack, command, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_DUPLICATE));
  ck_assert_ptr_nonnull (strstr (error->message, "\n• "));
  g_free (redone);
  redone = wb_game_to_data (base, NULL);
  ck_assert_str_eq (imported, redone);
}
END_TEST

/* A unit defined otherwise in the scenario's file: the clash names it and
 * what differs, and the game is left exactly as it was. */
START_TEST (test_import_clash_changes_nothing)
{
  g_autoptr(WbGame) game = load_bundled ("battle-of-the-wilderness.warbench");
  g_autoptr(WbGame) extracted = NULL;
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  WbSetup *line;
  WbUnit *unit;
  WbStrength strength;
  gboolean named = FALSE;

  extracted = wb_scenario_extract (game, "historical", &error);
  ck_assert_ptr_nonnull (extracted);
  line = g_ptr_array_index (wb_scenario_get_setup (wb_game_find_scenario (extracted, "historical")), 0);
  unit = wb_game_find_unit (extracted, line->unit);
  strength = *wb_unit_get_strength (unit);
  strength.halves[0] += 2;
  wb_unit_set_strength (unit, &strength);

  ck_assert (!wb_scenario_import (game, extracted, "historical", "variant", clashes, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_DUPLICATE));
  ck_assert_uint_eq (clashes->len, 1);
  for (guint i = 0; i < clashes->len; i++)
    named = named || (strstr (g_ptr_array_index (clashes, i), line->unit) != NULL &&
                      strstr (g_ptr_array_index (clashes, i), "strength") != NULL &&
                      strstr (g_ptr_array_index (clashes, i), "unit") != NULL);
  ck_assert_msg (named, "the clash does not name the unit %s and its strength: %s", line->unit,
                 (char *) g_ptr_array_index (clashes, 0));
  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (before, after);
  ck_assert_ptr_null (wb_game_find_scenario (game, "variant"));
}
END_TEST

/* The scenario's id already used, and a game of other rules: refused,
 * each said, nothing changed. */
START_TEST (test_import_other_clashes)
{
  g_autoptr(WbGame) game = load_bundled ("jackson-sheridan.warbench");
  g_autoptr(WbGame) other = load_bundled ("chickasaw-bayou.warbench");
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;
  gboolean family = FALSE;

  ck_assert (!wb_scenario_import (game, game, "1862", NULL, clashes, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_DUPLICATE));
  ck_assert_uint_eq (clashes->len, 1);
  ck_assert (strstr (g_ptr_array_index (clashes, 0), "1862") != NULL);
  g_clear_error (&error);
  g_ptr_array_set_size (clashes, 0);

  ck_assert (!wb_scenario_import (game, other, "17.1", NULL, clashes, &error));
  for (guint i = 0; i < clashes->len; i++)
    family = family || (strstr (g_ptr_array_index (clashes, i), "blind-swords") != NULL &&
                        strstr (g_ptr_array_index (clashes, i), "bg-campaign") != NULL);
  ck_assert (family);
  g_clear_error (&error);

  ck_assert (!wb_scenario_import (game, game, "1862", "not an id", clashes, &error));
  ck_assert (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TYPE));

  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (before, after);
}
END_TEST

/* --- The command line ---------------------------------------------------------- */

static int
run_cli (const char  *cli,
         char       **out,
         char       **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int status = 0;
  va_list args;

  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  ck_assert_msg (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status,
                               &error), "%s", error ? error->message : "");
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
forget (char **out,
        char **err)
{
  g_clear_pointer (out, g_free);
  g_clear_pointer (err, g_free);
}

/* warbench-cli scenario export, validate, play --auto, scenario import. */
START_TEST (test_cli)
{
  const char *cli = g_getenv ("WARBENCH_CLI");
  g_autofree char *dir = NULL, *game = NULL, *scenario = NULL, *merged = NULL;
  char *out = NULL, *err = NULL;

  if (cli == NULL)
    {
      fprintf (stderr, "SKIP test_cli: WARBENCH_CLI is not set\n");
      return;
    }
  dir = temp_dir ();
  game = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", "jackson-sheridan.warbench", NULL);
  scenario = g_build_filename (dir, "1864.warbench", NULL);
  merged = g_build_filename (dir, "merged.warbench", NULL);

  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "export", game, "1864", "-o", scenario, NULL), 0);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "validate", scenario, NULL), 0);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "play", scenario, "--auto", "-q", NULL), 0);
  ck_assert_msg (strstr (out, "Result:") != NULL, "%s", out);
  forget (&out, &err);

  /* Under its own id it clashes, and nothing is written. */
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "import", game, scenario, "-o", merged, NULL), 1);
  ck_assert_msg (strstr (err, "1864") != NULL && strstr (err, "nothing was changed") != NULL, "%s", err);
  ck_assert (!g_file_test (merged, G_FILE_TEST_EXISTS));
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "import", game, scenario, "--as", "1864b", "-o", merged,
                             NULL), 0);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "play", merged, "--scenario", "1864b", "--auto", "-q", NULL), 0);
  forget (&out, &err);

  /* Usage errors: exit 2. */
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "export", game, "1864", NULL), 2);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "export", game, "1864", "-o", game, NULL), 2);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "frobnicate", NULL), 2);
  forget (&out, &err);
  ck_assert_int_eq (run_cli (cli, &out, &err, "scenario", "export", game, "1999", "-o", scenario, NULL), 1);
  ck_assert_msg (strstr (err, "1862") != NULL, "the scenarios are not listed: %s", err);
  forget (&out, &err);
  remove_dir (dir);
}
END_TEST

static Suite *
scenario_file_suite (void)
{
  Suite *s = suite_create ("scenario-file");
  TCase *tc = tcase_create ("extract");

  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_extract_plays_the_same_game, 0, G_N_ELEMENTS (cases));
  tcase_add_test (tc, test_extract_prunes_params);
  tcase_add_test (tc, test_extract_keeps_what_rules_name);
  tcase_add_test (tc, test_extract_unknown_scenario);
  suite_add_tcase (s, tc);

  tc = tcase_create ("import");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_import_back, 0, G_N_ELEMENTS (cases));
  tcase_add_loop_test (tc, test_import_brings_what_it_needs, 0, 3);
  tcase_add_test (tc, test_import_clash_changes_nothing);
  tcase_add_loop_test (tc, test_import_command_undo_redo, 0, 2);
  tcase_add_test (tc, test_import_other_clashes);
  tcase_add_test (tc, test_cli);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (scenario_file_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
