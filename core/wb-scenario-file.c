/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scenario-file"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "wb-format.h"
#include "wb-format-read-private.h"
#include "wb-scenario-file.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"

/*
 * Both operations work on the game file's own JSON (wb_game_to_data ()),
 * not on the model: a record is copied whole by copying its JSON object,
 * two records are the same definition when their canonical JSON is equal,
 * and the result is loaded back through the reader, so a scenario file or
 * an import is checked by every rule a game file is checked by — a
 * reference to something left behind is refused there, not saved. Only
 * then does an import touch the caller's game, moving in the records the
 * merged game loaded (so nothing is half done).
 *
 * What a scenario needs: its map; the units of its set-up lines, its
 * reinforcements and its victory conditions, and those the rules
 * parameters name (a leader's ability, a restricted unit); the formations
 * of those units and of the chits, with the formations above them. The
 * legend (sides, unit classes, terrain, features), the tables, the chits
 * and the rules come whole: the rules family reads them by role and by
 * parameter, and a variant is played with the same system. Parameters a
 * family declares per scenario (rules/wb-params.h) keep only this
 * scenario's value: keyed by scenarios the file no longer has they would
 * not load.
 */

/* The collections of records, in the file's order, and what a designer
 * calls one of them. */
static const struct {
  const char *member;
  const char *kind;   /* N_() */
} collections[] = {
  { "sides", N_("side") },
  { "unit_classes", N_("unit class") },
  { "terrain", N_("terrain type") },
  { "features", N_("feature") },
  { "tables", N_("table") },
  { "maps", N_("map") },
  { "formations", N_("formation") },
  { "units", N_("unit") },
  { "chits", N_("chit") },
};

/* --- JSON helpers ------------------------------------------------------------ */

static JsonNode *
game_to_json (WbGame  *game,
              GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  gsize len = 0;

  text = wb_game_to_data (game, &len);
  if (!json_parser_load_from_data (parser, text, (gssize) len, error))
    return NULL;
  return json_parser_steal_root (parser);
}

static JsonArray *
get_array (JsonObject *root,
           const char *member)
{
  JsonNode *n = json_object_get_member (root, member);

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static const char *
get_string (JsonObject *o,
            const char *member)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static JsonObject *
find_by_id (JsonArray  *array,
            const char *id)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);

      if (g_strcmp0 (get_string (o, "id"), id) == 0)
        return o;
    }
  return NULL;
}

/* Keeps the records of @member whose id is in @keep, in their order; the
 * member goes when none is left (every list may be left out). */
static void
filter_records (JsonObject *root,
                const char *member,
                GHashTable *keep)
{
  JsonArray *array = get_array (root, member);
  g_autoptr(JsonArray) kept = json_array_new ();

  if (array == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *n = json_array_get_element (array, i);
      const char *id = get_string (json_node_get_object (n), "id");

      if (id != NULL && g_hash_table_contains (keep, g_intern_string (id)))
        json_array_add_element (kept, json_node_copy (n));
    }
  if (json_array_get_length (kept) == 0)
    json_object_remove_member (root, member);
  else
    json_object_set_array_member (root, member, g_steal_pointer (&kept));
}

static GHashTable *
id_set (void)
{
  return g_hash_table_new (NULL, NULL);
}

static void
add_id (GHashTable *set,
        const char *id)
{
  if (id != NULL)
    g_hash_table_add (set, (gpointer) g_intern_string (id));
}

static JsonObject *
params_object (JsonObject *root)
{
  JsonObject *rules = json_object_get_object_member (root, "rules");
  JsonNode *n = rules != NULL ? json_object_get_member (rules, "params") : NULL;

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

/* --- Rules parameters ---------------------------------------------------------- */

static const WbParam *
find_param (const WbRulesFamily *family,
            const char          *name)
{
  for (guint i = 0; family != NULL && i < family->n_params; i++)
    if (strcmp (family->params[i].name, name) == 0)
      return &family->params[i];
  return NULL;
}

/* Whether @n is a value given per scenario in @game: an object some of
 * whose members are scenario ids (how wb-params.c reads it). */
static gboolean
is_per_scenario (const WbParam *d,
                 JsonNode      *n,
                 WbGame        *game)
{
  g_autoptr(GList) keys = NULL;

  if (d == NULL || !d->per_scenario || n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
    return FALSE;
  keys = json_object_get_members (json_node_get_object (n));
  for (GList *l = keys; l != NULL; l = l->next)
    if (wb_game_find_scenario (game, l->data) != NULL)
      return TRUE;
  return FALSE;
}

/* @game's rules.params with each value given per scenario cut down to
 * @scenario's, keyed by @new_id; a value given for other scenarios only
 * goes (the scenario plays with the default). */
static JsonObject *
prune_params (WbGame              *game,
              const WbRulesFamily *family,
              JsonObject          *params,
              const char          *scenario,
              const char          *new_id)
{
  JsonObject *out = json_object_new ();
  g_autoptr(GList) names = params != NULL ? json_object_get_members (params) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *n = json_object_get_member (params, l->data);
      const WbParam *d = find_param (family, l->data);

      if (is_per_scenario (d, n, game))
        {
          JsonObject *per = json_node_get_object (n);

          if (json_object_has_member (per, scenario))
            {
              JsonObject *one = json_object_new ();

              json_object_set_member (one, new_id, json_node_copy (json_object_get_member (per, scenario)));
              json_object_set_object_member (out, l->data, one);
            }
          continue;
        }
      json_object_set_member (out, l->data, json_node_copy (n));
    }
  return out;
}

/* The ids a value names, by the declaration: sets[ref] collects those of
 * kind ref (when that set is not NULL). */
static void walk_members (const WbParam *decl, guint n_decl, JsonObject *o, const char *scenario,
                          GHashTable **sets);

static void
walk_value (const WbParam *d,
            JsonNode      *n,
            GHashTable   **sets)
{
  GHashTable *set = sets[d->ref];

  if (n == NULL)
    return;
  switch (d->type)
    {
    case WB_PARAM_ID:
      if (set != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
        add_id (set, json_node_get_string (n));
      break;
    case WB_PARAM_ID_LIST:
      for (guint i = 0; set != NULL && JSON_NODE_HOLDS_ARRAY (n) && i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *e = json_array_get_element (json_node_get_array (n), i);

          if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
            add_id (set, json_node_get_string (e));
        }
      break;
    case WB_PARAM_OBJECT:
      if (JSON_NODE_HOLDS_OBJECT (n))
        walk_members (d->members, d->n_members, json_node_get_object (n), NULL, sets);
      break;
    case WB_PARAM_LIST:
      for (guint i = 0; JSON_NODE_HOLDS_ARRAY (n) && i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *e = json_array_get_element (json_node_get_array (n), i);

          if (JSON_NODE_HOLDS_OBJECT (e))
            walk_members (d->members, d->n_members, json_node_get_object (e), NULL, sets);
        }
      break;
    case WB_PARAM_MAP:
      if (JSON_NODE_HOLDS_OBJECT (n))
        {
          JsonObject *o = json_node_get_object (n);
          g_autoptr(GList) keys = json_object_get_members (o);

          for (GList *l = keys; l != NULL; l = l->next)
            {
              if (set != NULL)
                add_id (set, l->data);
              if (d->n_members > 0)
                walk_value (&d->members[0], json_object_get_member (o, l->data), sets);
            }
        }
      break;
    case WB_PARAM_BOOL:
    case WB_PARAM_INT:
    case WB_PARAM_NUMBER:
    case WB_PARAM_STRING:
    case WB_PARAM_ENUM:
    case WB_PARAM_INT_LIST:
    case WB_PARAM_NOTE:
    default:
      break;
    }
}

/* @scenario: at the top level, the id a value given per scenario is keyed
 * by (after prune_params ()), NULL below. */
static void
walk_members (const WbParam *decl,
              guint          n_decl,
              JsonObject    *o,
              const char    *scenario,
              GHashTable   **sets)
{
  g_autoptr(GList) names = json_object_get_members (o);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *n = json_object_get_member (o, l->data);
      const WbParam *d = NULL;

      for (guint i = 0; i < n_decl && d == NULL; i++)
        if (strcmp (decl[i].name, l->data) == 0)
          d = &decl[i];
      if (d == NULL)
        continue;
      if (scenario != NULL && d->per_scenario && JSON_NODE_HOLDS_OBJECT (n) &&
          json_object_get_size (json_node_get_object (n)) == 1 &&
          json_object_has_member (json_node_get_object (n), scenario))
        n = json_object_get_member (json_node_get_object (n), scenario);
      walk_value (d, n, sets);
    }
}

/* --- Extraction ------------------------------------------------------------ */

static WbScenario *
find_scenario (WbGame      *game,
               const char  *id,
               GError     **error)
{
  WbScenario *sc = id != NULL ? wb_game_find_scenario (game, id) : NULL;
  GPtrArray *all = wb_game_get_scenarios (game);
  g_autoptr(GString) ids = g_string_new (NULL);

  if (sc != NULL)
    return sc;
  for (guint i = 0; i < all->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", wb_scenario_get_id (g_ptr_array_index (all, i)));
  if (all->len == 0)
    g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                 _("The game “%s” has no scenario “%s”: it has none"), wb_game_get_title (game), id);
  else
    g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                 _("The game “%s” has no scenario “%s” (expected one of: %s)"), wb_game_get_title (game), id,
                 ids->str);
  return NULL;
}

static void
add_unit_ids (GHashTable *set,
              GPtrArray  *ids)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    add_id (set, g_ptr_array_index (ids, i));
}

/* The JSON of the standalone game: @game's, cut down to @sc and what it
 * needs, the scenario renamed @new_id. */
static JsonNode *
extract_json (WbGame      *game,
              WbScenario  *sc,
              const char  *new_id,
              GError     **error)
{
  const WbRulesFamily *family = wb_rules_family_find (wb_game_get_rules (game)->family);
  const char *sid = wb_scenario_get_id (sc);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GHashTable) units = id_set ();
  g_autoptr(GHashTable) formations = id_set ();
  g_autoptr(GHashTable) maps = id_set ();
  g_autoptr(GHashTable) scenarios = id_set ();
  /* One set per kind of reference (WB_PARAM_REF_OPTION is the last). */
  GHashTable *sets[WB_PARAM_REF_OPTION + 1] = { NULL };
  JsonObject *root, *rules, *params, *scenario, *meta;
  GPtrArray *array;

  node = game_to_json (game, error);
  if (node == NULL)
    return NULL;
  root = json_node_get_object (node);

  /* The units it places, brings on, or counts for victory. */
  array = wb_scenario_get_setup (sc);
  for (guint i = 0; i < array->len; i++)
    add_id (units, ((WbSetup *) g_ptr_array_index (array, i))->unit);
  array = wb_scenario_get_reinforcements (sc);
  for (guint i = 0; i < array->len; i++)
    add_unit_ids (units, ((WbReinforcement *) g_ptr_array_index (array, i))->units);
  array = wb_scenario_get_victory (sc);
  for (guint i = 0; i < array->len; i++)
    add_unit_ids (units, ((WbVictory *) g_ptr_array_index (array, i))->units);

  /* The rules parameters, cut to this scenario, and what they name. */
  rules = json_object_get_object_member (root, "rules");
  params = params_object (root);
  if (params != NULL)
    {
      JsonObject *pruned = prune_params (game, family, params, sid, new_id);

      json_object_set_object_member (rules, "params", pruned);
      if (family != NULL)
        {
          sets[WB_PARAM_REF_UNIT] = units;
          sets[WB_PARAM_REF_FORMATION] = formations;
          walk_members (family->params, family->n_params, pruned, new_id, sets);
        }
    }

  /* Their formations, the chits' and the parameters', and those above. */
  array = wb_game_get_units (game);
  for (guint i = 0; i < array->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (array, i);

      if (g_hash_table_contains (units, g_intern_string (wb_unit_get_id (unit))))
        add_id (formations, wb_unit_get_formation (unit));
    }
  array = wb_game_get_chits (game);
  for (guint i = 0; i < array->len; i++)
    add_id (formations, ((WbChit *) g_ptr_array_index (array, i))->formation);
  array = wb_game_get_formations (game);
  for (guint i = array->len; i-- > 0;)
    {
      WbFormation *f = g_ptr_array_index (array, i);

      /* Parents come before their children in the file: going backwards,
       * a kept formation has marked its parent before the parent's turn. */
      if (g_hash_table_contains (formations, g_intern_string (f->id)))
        add_id (formations, f->parent);
    }

  if (wb_scenario_get_map (sc) != NULL)
    add_id (maps, wb_scenario_get_map (sc));
  else
    for (guint i = 0; i < wb_game_get_maps (game)->len; i++)
      add_id (maps, wb_map_get_id (g_ptr_array_index (wb_game_get_maps (game), i)));
  add_id (scenarios, sid);

  filter_records (root, "maps", maps);
  filter_records (root, "formations", formations);
  filter_records (root, "units", units);
  filter_records (root, "scenarios", scenarios);
  scenario = find_by_id (get_array (root, "scenarios"), sid);
  json_object_set_string_member (scenario, "id", new_id);

  /* Its title says which scenario it holds. */
  meta = json_object_get_object_member (root, "game");
  if (meta != NULL)
    {
      const char *name = wb_scenario_get_name (sc);
      g_autofree char *title = g_strdup_printf ("%s: %s", wb_game_get_title (game),
                                                name != NULL ? name : sid);

      json_object_set_string_member (meta, "title", title);
    }
  return g_steal_pointer (&node);
}

static WbGame *
load_json (JsonNode    *node,
           const char  *display_name,
           GError     **error)
{
  g_autofree char *text = json_to_string (node, FALSE);

  return wb_game_load_from_data (text, -1, display_name, error);
}

/* Whether @game's rules family prepares a match of @scenario (a game of a
 * family the engine does not play passes). */
static gboolean
family_prepares (WbGame      *game,
                 const char  *scenario,
                 GError     **error)
{
  g_autoptr(WbPlay) play = NULL;

  if (wb_rules_family_find (wb_game_get_rules (game)->family) == NULL)
    return TRUE;
  play = wb_play_new (game, NULL, scenario, NULL, 1, error);
  return play != NULL;
}

/**
 * wb_scenario_extract:
 * @game: a game
 * @scenario_id: one of its scenarios
 * @error: return location for a #GError
 *
 * Makes a standalone game of one scenario (see the header for what comes
 * along). When the game's own rules family cannot prepare the scenario in
 * @game either, the extracted game is returned as it is: the scenario
 * file is no worse than its game.
 *
 * Returns: (transfer full): the new game, or %NULL with a %WB_FORMAT_ERROR.
 */
WbGame *
wb_scenario_extract (WbGame      *game,
                     const char  *scenario_id,
                     GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(WbGame) out = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *name = NULL;
  WbScenario *sc;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (scenario_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sc = find_scenario (game, scenario_id, error);
  if (sc == NULL)
    return NULL;
  node = extract_json (game, sc, wb_scenario_get_id (sc), error);
  if (node == NULL)
    return NULL;
  name = g_strdup_printf ("%s%s", scenario_id, WB_GAME_FILE_EXTENSION);
  out = load_json (node, name, &local);
  if (out == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, local->code,
                   _("The scenario “%s” cannot stand alone: %s"), scenario_id, local->message);
      return NULL;
    }
  if (!family_prepares (out, scenario_id, &local))
    {
      g_autoptr(GError) original = NULL;

      if (family_prepares (game, scenario_id, &original))
        {
          g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                       _("The scenario “%s” cannot stand alone: its rules refuse it without the rest "
                         "of the game: %s"), scenario_id, local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&out);
}

/* --- Import ---------------------------------------------------------------- */

static void G_GNUC_PRINTF (2, 3)
clash (GPtrArray  *clashes,
       const char *format,
       ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (clashes, g_strdup_vprintf (format, args));
  va_end (args);
}

/* A value short enough to quote in a sentence, or NULL. */
static char *
quote_value (JsonNode *n)
{
  g_autofree char *text = NULL;

  g_assert (n != NULL);
  text = json_to_string (n, FALSE);
  if (g_utf8_strlen (text, -1) > 40)
    return NULL;
  return g_steal_pointer (&text);
}

/* What differs between two definitions of a record: "strength is 12 in
 * this game and 10 in the other", or "strength and formation differ". */
static char *
describe_difference (JsonObject *here,
                     JsonObject *there)
{
  g_autoptr(GPtrArray) members = g_ptr_array_new ();
  g_autoptr(GList) a = json_object_get_members (here);
  g_autoptr(GList) b = json_object_get_members (there);
  g_autoptr(GString) names = g_string_new (NULL);

  for (GList *l = a; l != NULL; l = l->next)
    if (!json_object_has_member (there, l->data) ||
        !json_node_equal (json_object_get_member (here, l->data), json_object_get_member (there, l->data)))
      g_ptr_array_add (members, l->data);
  for (GList *l = b; l != NULL; l = l->next)
    if (!json_object_has_member (here, l->data))
      g_ptr_array_add (members, l->data);

  if (members->len == 1)
    {
      const char *m = g_ptr_array_index (members, 0);
      JsonNode *n1 = json_object_get_member (here, m), *n2 = json_object_get_member (there, m);
      g_autofree char *v1 = n1 != NULL ? quote_value (n1) : NULL;
      g_autofree char *v2 = n2 != NULL ? quote_value (n2) : NULL;

      if (n1 == NULL)
        return g_strdup_printf (_("“%s” is set only in the game the scenario comes from"), m);
      if (n2 == NULL)
        return g_strdup_printf (_("“%s” is set only in this game"), m);
      if (v1 != NULL && v2 != NULL)
        /* TRANSLATORS: "strength is 12 in this game and 10 in the game the scenario comes from" */
        return g_strdup_printf (_("“%s” is %s in this game and %s in the game the scenario comes from"),
                                m, v1, v2);
    }
  for (guint i = 0; i < members->len; i++)
    g_string_append_printf (names, "%s“%s”", i == 0 ? "" : i + 1 == members->len ? _(" and ") : ", ",
                            (const char *) g_ptr_array_index (members, i));
  return g_strdup_printf (ngettext ("%s differs", "%s differ", members->len), names->str);
}

static const char *
record_name (JsonObject *o)
{
  const char *name = get_string (o, "name");

  return name != NULL ? name : get_string (o, "title") != NULL ? get_string (o, "title") : get_string (o, "id");
}

/* The records of @src's collection @c that @dst lacks (JsonNode*, borrowed
 * from @src), and a clash for each one @dst defines otherwise. */
static GPtrArray *
new_records (JsonObject *dst,
             JsonObject *src,
             guint       c,
             GPtrArray  *clashes)
{
  JsonArray *have = get_array (dst, collections[c].member);
  JsonArray *bring = get_array (src, collections[c].member);
  GPtrArray *added = g_ptr_array_new ();

  for (guint i = 0; bring != NULL && i < json_array_get_length (bring); i++)
    {
      JsonNode *n = json_array_get_element (bring, i);
      JsonObject *o = json_node_get_object (n);
      const char *id = get_string (o, "id");
      JsonObject *mine = find_by_id (have, id);

      if (mine == NULL)
        {
          g_ptr_array_add (added, n);
          continue;
        }
      {
        g_autoptr(JsonNode) a = json_node_init_object (json_node_alloc (), mine);
        g_autofree char *what = NULL;

        if (json_node_equal (a, n))
          continue;
        what = describe_difference (mine, o);
        /* TRANSLATORS: "The unit “1st Bde” (1-1-V) is not the same in both games: “strength” is 12 in this game and …" */
        clash (clashes, _("The %s “%s” (%s) is not the same in both games: %s."), _(collections[c].kind),
               record_name (mine), id, what);
      }
    }

  /* A new terrain type's key must be free: hex rows are written with it. */
  if (strcmp (collections[c].member, "terrain") == 0)
    for (guint i = 0; i < added->len; i++)
      {
        JsonObject *o = json_node_get_object (g_ptr_array_index (added, i));
        const char *key = get_string (o, "key");

        for (guint k = 0; key != NULL && have != NULL && k < json_array_get_length (have); k++)
          {
            JsonObject *t = json_array_get_object_element (have, k);

            if (g_strcmp0 (get_string (t, "key"), key) == 0)
              clash (clashes, _("The terrain type “%s” (%s) draws its hexes with the key “%s”, which this "
                                "game's “%s” (%s) uses."), record_name (o), get_string (o, "id"), key,
                     record_name (t), get_string (t, "id"));
          }
      }
  return added;
}

/* The value @src_params gives the imported scenario (keyed @new_id when
 * given per scenario), or NULL for the default. */
static JsonNode *
scenario_value (const WbParam *d,
                JsonNode      *n,
                const char    *new_id)
{
  JsonObject *o;

  if (n == NULL)
    return NULL;
  if (d != NULL && d->per_scenario && JSON_NODE_HOLDS_OBJECT (n))
    {
      o = json_node_get_object (n);
      if (json_object_get_size (o) == 1 && json_object_has_member (o, new_id))
        return json_object_get_member (o, new_id);
    }
  return n;
}

/* Merges the imported scenario's parameters (@src, keyed by @new_id) into
 * @dst (@game's, changed in place). A parameter the family takes per
 * scenario gets the scenario's value under its id, a value this game gave
 * all its scenarios becoming one per scenario; any other must be the
 * same in both games. */
static void
merge_params (WbGame              *game,
              const WbRulesFamily *family,
              JsonObject          *dst,
              JsonObject          *src,
              const char          *new_id,
              GPtrArray           *clashes)
{
  g_autoptr(GList) names = json_object_get_members (dst);
  g_autoptr(GList) more = json_object_get_members (src);
  GPtrArray *scenarios = wb_game_get_scenarios (game);

  for (GList *l = more; l != NULL; l = l->next)
    if (!json_object_has_member (dst, l->data))
      names = g_list_append (names, l->data);

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const WbParam *d = find_param (family, name);
      JsonNode *t = json_object_get_member (dst, name);
      JsonNode *s = json_object_get_member (src, name);

      if (d != NULL && d->per_scenario)
        {
          JsonNode *v = scenario_value (d, s, new_id);
          JsonObject *per;

          if (is_per_scenario (d, t, game))
            {
              if (v != NULL)
                json_object_set_member (json_node_get_object (t), new_id, json_node_copy (v));
              continue;
            }
          if (t != NULL && v != NULL && json_node_equal (t, v))
            continue;
          if (t == NULL && v == NULL)
            continue;
          /* This game's one value for all its scenarios stays theirs. */
          per = json_object_new ();
          for (guint i = 0; t != NULL && i < scenarios->len; i++)
            json_object_set_member (per, wb_scenario_get_id (g_ptr_array_index (scenarios, i)), json_node_copy (t));
          if (v != NULL)
            json_object_set_member (per, new_id, json_node_copy (v));
          if (json_object_get_size (per) == 0)
            {
              json_object_unref (per);
              json_object_remove_member (dst, name);
            }
          else
            json_object_set_object_member (dst, name, per);
          continue;
        }

      if (t != NULL && s != NULL && json_node_equal (t, s))
        continue;
      if (t == NULL && s == NULL)
        continue;
      {
        g_autofree char *v1 = t != NULL ? quote_value (t) : NULL;
        g_autofree char *v2 = s != NULL ? quote_value (s) : NULL;

        if (t == NULL)
          clash (clashes, _("The rules parameter “%s” is set in the game the scenario comes from%s%s%s and "
                            "not in this game, and the rules take one value for the whole game."),
                 name, v2 != NULL ? " (" : "", v2 != NULL ? v2 : "", v2 != NULL ? ")" : "");
        else if (s == NULL)
          clash (clashes, _("The rules parameter “%s” is set in this game%s%s%s and not in the game the "
                            "scenario comes from, and the rules take one value for the whole game."),
                 name, v1 != NULL ? " (" : "", v1 != NULL ? v1 : "", v1 != NULL ? ")" : "");
        else if (v1 != NULL && v2 != NULL)
          clash (clashes, _("The rules parameter “%s” is %s in this game and %s in the game the scenario comes "
                            "from, and the rules take one value for the whole game."), name, v1, v2);
        else
          clash (clashes, _("The rules parameter “%s” is not the same in both games, and the rules take one "
                            "value for the whole game."), name);
      }
    }
}

static void
append_records (JsonObject *root,
                const char *member,
                GPtrArray  *records)
{
  JsonArray *array = get_array (root, member);

  if (records->len == 0)
    return;
  if (array == NULL)
    {
      json_object_set_array_member (root, member, json_array_new ());
      array = get_array (root, member);
    }
  for (guint i = 0; i < records->len; i++)
    json_array_add_element (array, json_node_copy (g_ptr_array_index (records, i)));
}

/* Moves the records @merged loaded for @ids of collection @c into @game. */
static void
move_records (WbGame    *game,
              WbGame    *merged,
              guint      c,
              GPtrArray *ids)
{
  const char *member = collections[c].member;

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      gboolean added = FALSE;

      if (strcmp (member, "sides") == 0)
        {
          WbSide *from = NULL, *side;

          for (guint k = 0; k < wb_game_get_sides (merged)->len && from == NULL; k++)
            if (g_strcmp0 (((WbSide *) g_ptr_array_index (wb_game_get_sides (merged), k))->id, id) == 0)
              from = g_ptr_array_index (wb_game_get_sides (merged), k);
          g_assert (from != NULL);
          side = wb_side_new (id);
          side->name = g_strdup (from->name);
          side->color = g_strdup (from->color);
          side->text_color = g_strdup (from->text_color);
          added = wb_game_add_side (game, side);
        }
      else if (strcmp (member, "unit_classes") == 0)
        added = wb_game_add_unit_class (game, wb_unit_type_copy (wb_game_find_unit_class (merged, id)));
      else if (strcmp (member, "terrain") == 0)
        added = wb_game_add_terrain (game, wb_terrain_type_copy (wb_game_find_terrain (merged, id)));
      else if (strcmp (member, "features") == 0)
        added = wb_game_add_feature (game, wb_feature_type_copy (wb_game_find_feature (merged, id)));
      else if (strcmp (member, "tables") == 0)
        added = wb_game_add_table (game, wb_game_take_table (merged, id, NULL));
      else if (strcmp (member, "maps") == 0)
        added = wb_game_add_map (game, wb_game_take_map (merged, id, NULL));
      else if (strcmp (member, "formations") == 0)
        added = wb_game_add_formation (game, wb_game_take_formation (merged, id, NULL));
      else if (strcmp (member, "units") == 0)
        added = wb_game_add_unit (game, wb_game_take_unit (merged, id, NULL));
      else if (strcmp (member, "chits") == 0)
        added = wb_game_add_chit (game, wb_game_take_chit (merged, id, NULL));
      /* The merged game loaded with these ids free in @game. */
      g_assert (added);
    }
}

/**
 * wb_scenario_import:
 * @game: the game to add to
 * @from: the game the scenario comes from (a scenario file, or a variant)
 * @scenario_id: the scenario of @from
 * @new_id: (nullable): its id in @game; %NULL keeps @scenario_id
 * @clashes: (element-type utf8) (nullable): where the clashes are appended
 * @error: return location for a #GError
 *
 * Imports a scenario with what it needs, all or nothing (see the header).
 *
 * Returns: %TRUE when the scenario was added.
 */
static gboolean
import_scenario (WbGame      *game,
                 WbGame      *from,
                 const char  *scenario_id,
                 const char  *new_id,
                 gboolean     lock,
                 GPtrArray   *clashes,
                 GError     **error)
{
  const WbRulesFamily *family;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) src_node = NULL, dst_node = NULL;
  g_autoptr(WbGame) merged = NULL;
  g_autoptr(GError) local = NULL;
  GPtrArray *added[G_N_ELEMENTS (collections)] = { NULL };
  JsonObject *src, *dst, *scenario, *dst_params, *src_params;
  const char *src_family, *dst_family;
  WbScenario *sc, *mine;
  gboolean ok = FALSE;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_GAME (from), FALSE);
  g_return_val_if_fail (scenario_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (new_id == NULL)
    new_id = scenario_id;
  if (!wb_read_valid_id (new_id))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TYPE,
                   _("“%s” is not a scenario id (expected 1 to 64 letters, digits, “_”, “.” or “-”)"), new_id);
      return FALSE;
    }
  sc = find_scenario (from, scenario_id, error);
  if (sc == NULL)
    return FALSE;
  src_node = extract_json (from, sc, new_id, error);
  dst_node = src_node != NULL ? game_to_json (game, error) : NULL;
  if (dst_node == NULL)
    return FALSE;
  src = json_node_get_object (src_node);
  dst = json_node_get_object (dst_node);

  src_family = wb_game_get_rules (from)->family;
  dst_family = wb_game_get_rules (game)->family;
  if (g_strcmp0 (src_family, dst_family) != 0)
    clash (found, _("The scenario is played by the “%s” rules and this game by the “%s” rules."),
           src_family != NULL ? src_family : "", dst_family != NULL ? dst_family : "");
  mine = wb_game_find_scenario (game, new_id);
  if (mine != NULL)
    clash (found, _("This game already has a scenario “%s” (%s): import it under another id."), new_id,
           wb_scenario_get_name (mine) != NULL ? wb_scenario_get_name (mine) : new_id);

  for (guint c = 0; c < G_N_ELEMENTS (collections); c++)
    added[c] = new_records (dst, src, c, found);

  family = wb_rules_family_find (dst_family);
  src_params = params_object (src);
  dst_params = params_object (dst);
  if (dst_params == NULL && src_params != NULL)
    {
      json_object_set_object_member (json_object_get_object_member (dst, "rules"), "params", json_object_new ());
      dst_params = params_object (dst);
    }
  /* Parameters of other rules cannot be compared: the family's clash says it. */
  if (g_strcmp0 (src_family, dst_family) != 0)
    ;
  else if (src_params != NULL)
    merge_params (game, family, dst_params, src_params, new_id, found);
  else if (dst_params != NULL)
    {
      g_autoptr(JsonObject) none = json_object_new ();

      merge_params (game, family, dst_params, none, new_id, found);
    }

  if (found->len > 0)
    goto refused;

  for (guint c = 0; c < G_N_ELEMENTS (collections); c++)
    append_records (dst, collections[c].member, added[c]);
  /* The extracted game holds the one scenario, renamed. */
  scenario = find_by_id (get_array (src, "scenarios"), new_id);
  g_assert (scenario != NULL);
  {
    g_autoptr(GPtrArray) one = g_ptr_array_new ();

    g_ptr_array_add (one, json_array_get_element (get_array (src, "scenarios"), 0));
    append_records (dst, "scenarios", one);
  }

  merged = load_json (dst_node, wb_game_get_title (game), &local);
  if (merged == NULL)
    {
      clash (found, _("With the scenario the game would not load: %s"), local->message);
      goto refused;
    }
  if (!family_prepares (merged, new_id, &local))
    {
      g_autoptr(GError) original = NULL;

      if (family_prepares (from, scenario_id, &original))
        {
          clash (found, _("The rules refuse the scenario in this game: %s"), local->message);
          goto refused;
        }
      g_clear_error (&local);
    }

  /* Nothing can fail from here on. */
  if (lock)
    wb_game_lock_write (game);
  for (guint c = 0; c < G_N_ELEMENTS (collections); c++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();

      for (guint i = 0; i < added[c]->len; i++)
        g_ptr_array_add (ids, (gpointer) get_string (json_node_get_object (g_ptr_array_index (added[c], i)), "id"));
      move_records (game, merged, c, ids);
    }
  {
    WbRulesRef *rules = wb_game_get_rules (game);
    JsonNode *params = wb_game_get_rules (merged)->params;

    g_clear_pointer (&rules->params, json_node_unref);
    rules->params = params != NULL ? json_node_copy (params) : NULL;
  }
  wb_game_add_scenario (game, wb_game_take_scenario (merged, new_id, NULL));
  if (lock)
    wb_game_unlock_write (game);

  for (guint c = 0; c < G_N_ELEMENTS (collections); c++)
    if (added[c]->len > 0)
      wb_game_changed (game, collections[c].member);
  wb_game_changed (game, "rules");
  wb_game_changed (game, "scenarios");
  ok = TRUE;
  goto done;

refused:
  g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_DUPLICATE,
               ngettext ("The scenario “%s” cannot be imported: %u clash with this game",
                         "The scenario “%s” cannot be imported: %u clashes with this game", found->len),
               scenario_id, found->len);
  if (clashes != NULL)
    for (guint i = 0; i < found->len; i++)
      g_ptr_array_add (clashes, g_strdup (g_ptr_array_index (found, i)));

done:
  for (guint c = 0; c < G_N_ELEMENTS (collections); c++)
    g_clear_pointer (&added[c], g_ptr_array_unref);
  return ok;
}

gboolean
wb_scenario_import (WbGame      *game,
                    WbGame      *from,
                    const char  *scenario_id,
                    const char  *new_id,
                    GPtrArray   *clashes,
                    GError     **error)
{
  return import_scenario (game, from, scenario_id, new_id, TRUE, clashes, error);
}

/* The same with @game's write lock held by the caller (an undoable edit:
 * wb_edit_push () holds it around the command). */
gboolean
wb_scenario_import_locked (WbGame      *game,
                           WbGame      *from,
                           const char  *scenario_id,
                           const char  *new_id,
                           GPtrArray   *clashes,
                           GError     **error)
{
  return import_scenario (game, from, scenario_id, new_id, FALSE, clashes, error);
}
