/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "golden-recipe.h"

WbGame *
golden_load_game (GKeyFile *manifest, const char *dir, const char *group, GError **error)
{
  g_autofree char *rel = g_key_file_get_string (manifest, group, "game", error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  if (rel == NULL)
    return NULL;
  path = g_build_filename (dir, rel, NULL);
  file = g_file_new_for_path (path);
  return wb_game_load (file, NULL, error);
}

WbPlay *
golden_open (const char *dir, const char *group, WbGame *game, GError **error)
{
  g_autofree char *name = g_strconcat (group, ".warbench-play", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *data = NULL;
  g_autoptr(WbJournal) journal = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, error) ||
      (journal = wb_journal_load_from_data (data, len, path, NULL, error)) == NULL)
    return NULL;
  return wb_play_open_journal (game, journal, path, NULL, error);
}

/* @n actions of the automatic player; FALSE when one is refused. Stops
 * early at the end of the game. */
static gboolean
auto_actions (WbPlay *play, WbRng *policy, WbRng *dice, int n, GError **error)
{
  for (int i = 0; i < n; i++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, policy);

      if (a == NULL)
        return TRUE;
      if (!wb_play_act_as_players (play, a, dice, policy, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
act_json (WbPlay *play, const char *text, GError **error)
{
  g_autoptr(JsonNode) node = json_from_string (text, error);
  g_autoptr(JsonObject) a = NULL;

  if (node == NULL)
    return FALSE;
  a = json_node_dup_object (node);
  return wb_play_act (play, a, error);
}

/* The scripted session of "branches". */
static gboolean
play_branches (WbPlay *play, WbRng *policy, WbRng *dice, guint64 seed, GError **error)
{
  WbJournal *j = wb_play_get_journal (play);
  const WbRuleCheck *checks;
  guint n_checks = 0;
  WbRng other;
  guint32 fork, end;

  wb_rng_seed (&other, seed, WB_RNG_MATCH_STREAM + 3);
  if (!auto_actions (play, policy, dice, 30, error))
    return FALSE;
  if (!wb_journal_set_note (j, 10, "A designer's note on entry 10", error) ||
      !act_json (play, "{\"type\": \"roll\", \"dice\": \"2d6\", \"why\": \"a designer's check\"}", error))
    return FALSE;
  checks = wb_play_get_checks (play, &n_checks);
  if (n_checks > 1)
    {
      g_autofree char *set = g_strdup_printf ("{\"type\": \"set_rule\", \"rule\": \"%s\", \"level\": \"off\"}",
                                              checks[1].id);
      if (!act_json (play, set, error))
        return FALSE;
    }
  if (!auto_actions (play, policy, dice, 20, error))
    return FALSE;
  fork = wb_journal_get_cursor (j);
  if (!wb_journal_set_bookmark (j, fork, "End of the first line", error))
    return FALSE;
  for (int i = 0; i < 12; i++)
    if (!wb_play_undo (play, error))
      return FALSE;
  if (!wb_journal_set_bookmark (j, wb_journal_get_cursor (j), "Where the branches part", error) ||
      !act_json (play, "{\"type\": \"override_vp\", \"side\": 0, \"vp\": 3}", error) ||
      !auto_actions (play, &other, dice, 25, error))
    return FALSE;
  end = wb_journal_get_cursor (j);
  if (!wb_journal_set_note (j, end, "The second branch ends here", error) ||
      !wb_play_go_to (play, fork, error) || !auto_actions (play, policy, dice, 15, error))
    return FALSE;
  /* Undo and redo come back the same way; the cursor is left mid-way. */
  if (!wb_play_undo (play, error) || !wb_play_undo (play, error) || !wb_play_redo (play, error) ||
      !wb_play_go_to (play, fork > 5 ? fork - 5 : 0, error))
    return FALSE;
  return TRUE;
}

WbPlay *
golden_play (GKeyFile *manifest, const char *dir, const char *group, WbGame *game,
             const char *save_path, GError **error)
{
  g_autofree char *scenario = g_key_file_get_string (manifest, group, "scenario", error);
  g_autofree char *kind = NULL, *rel = NULL;
  g_auto(GStrv) options = g_key_file_get_string_list (manifest, group, "options", NULL, NULL);
  g_auto(GStrv) settings = g_key_file_get_string_list (manifest, group, "settings", NULL, NULL);
  g_autoptr(GHashTable) levels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(WbPlay) play = NULL;
  guint64 seed;
  gint64 actions;
  WbRng policy, dice;
  gboolean ok;

  if (scenario == NULL || (kind = g_key_file_get_string (manifest, group, "play", error)) == NULL)
    return NULL;
  seed = g_key_file_get_uint64 (manifest, group, "seed", NULL);
  actions = g_key_file_get_int64 (manifest, group, "actions", NULL);
  rel = g_key_file_get_string (manifest, group, "game", NULL);
  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      char *eq = strchr (settings[i], '=');
      if (eq != NULL)
        g_hash_table_insert (levels, g_strndup (settings[i], (gsize) (eq - settings[i])), g_strdup (eq + 1));
    }
  play = wb_play_new_full (game, rel, scenario, (const char * const *) options, seed,
                           strcmp (kind, "physical") == 0, levels, error);
  if (play == NULL || (save_path != NULL && !wb_play_save (play, save_path, error)))
    return NULL;
  /* As warbench-cli play --auto: the automatic player's choices and the
   * players' typed dice apart from the match's. */
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&dice, seed, WB_RNG_MATCH_STREAM + 2);
  if (strcmp (kind, "branches") == 0)
    ok = play_branches (play, &policy, &dice, seed, error);
  else if (strcmp (kind, "auto") == 0 || strcmp (kind, "physical") == 0)
    ok = auto_actions (play, &policy, &dice, actions > 0 ? (int) actions : 100000, error);
  else
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "[%s] play=%s: expected auto, physical or branches", group, kind);
      ok = FALSE;
    }
  if (!ok)
    {
      g_prefix_error (error, "[%s]: ", group);
      return NULL;
    }
  return g_steal_pointer (&play);
}
