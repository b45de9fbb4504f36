/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-params"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-point-map.h"
#include "wb-scenario.h"
#include "wb-table.h"
#include "rules/wb-family.h"
#include "rules/wb-params.h"

/* Declared parameters (wb-params.h): the reading view, the validation of a
 * game file against a declaration, and the reference printed from it. */

static const WbParam *
find_decl (const WbParam *decl, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (decl[i].name, name) == 0)
      return &decl[i];
  return NULL;
}

void
wb_params_init (WbParams *params, const WbParam *decl, guint n_decl, const char *family_id,
                WbGame *game, const char *scenario)
{
  WbRulesRef *rules;

  g_return_if_fail (params != NULL);
  g_return_if_fail (WB_IS_GAME (game));

  rules = wb_game_get_rules (game);
  memset (params, 0, sizeof *params);
  params->decl = decl;
  params->n_decl = n_decl;
  params->game = game;
  params->scenario = scenario != NULL ? g_intern_string (scenario) : NULL;
  params->where = family_id;
  if (rules->params != NULL && JSON_NODE_HOLDS_OBJECT (rules->params))
    params->values = json_node_get_object (rules->params);
}

static gboolean
is_scenario (WbGame *game, const char *id)
{
  return game != NULL && wb_game_find_scenario (game, id) != NULL;
}

/* The value of @name, per scenario resolved, or NULL; @d its declaration
 * (NULL with a critical when it has none). */
static JsonNode *
lookup (const WbParams *p, const char *name, const WbParam **d)
{
  JsonNode *n;

  *d = find_decl (p->decl, p->n_decl, name);
  if (*d == NULL)
    {
      g_critical ("%s reads the parameter “%s”, which it does not declare",
                  p->where != NULL ? p->where : "a rules family", name);
      return NULL;
    }
  if ((*d)->type == WB_PARAM_NOTE)
    {
      g_critical ("%s reads the parameter “%s”, which it declares as documentation only",
                  p->where != NULL ? p->where : "a rules family", name);
      return NULL;
    }
  if (p->single != NULL)
    return p->single;
  n = p->values != NULL ? json_object_get_member (p->values, name) : NULL;
  if (n != NULL && (*d)->per_scenario && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *o = json_node_get_object (n);
      g_autoptr(GList) keys = NULL;

      if (p->scenario != NULL && json_object_has_member (o, p->scenario))
        return json_object_get_member (o, p->scenario);
      /* Given for other scenarios only: the default here. */
      keys = json_object_get_members (o);
      for (GList *l = keys; l != NULL; l = l->next)
        if (is_scenario (p->game, l->data))
          return NULL;
    }
  if (n != NULL && JSON_NODE_HOLDS_NULL (n))
    return NULL;
  return n;
}

static gboolean
node_is_number (JsonNode *n)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) &&
         (json_node_get_value_type (n) == G_TYPE_INT64 || json_node_get_value_type (n) == G_TYPE_DOUBLE);
}

static gboolean
node_is_string (JsonNode *n)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING;
}

static gboolean
node_is_bool (JsonNode *n)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN;
}

gboolean
wb_params_has (const WbParams *params, const char *name)
{
  const WbParam *d;

  g_return_val_if_fail (params != NULL && name != NULL, FALSE);
  return lookup (params, name, &d) != NULL;
}

JsonNode *
wb_params_node (const WbParams *params, const char *name)
{
  const WbParam *d;

  g_return_val_if_fail (params != NULL && name != NULL, NULL);
  return lookup (params, name, &d);
}

gboolean
wb_params_per_scenario (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, FALSE);
  n = lookup (params, name, &d);
  return n != NULL && params->single == NULL && params->values != NULL &&
         n != json_object_get_member (params->values, name);
}

gboolean
wb_params_bool (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, FALSE);
  n = lookup (params, name, &d);
  if (d == NULL)
    return FALSE;
  return node_is_bool (n) ? json_node_get_boolean (n) : d->def_number != 0;
}

/* Whether @v is within @d's declared range (or @d declares none). The
 * loader refuses a value outside it; a game changed in memory is not
 * checked, so the getters check again: a family multiplies and adds what
 * they return (a movement allowance of 2^29 MP in quarters, VP times units)
 * and must never be handed a value that overflows. */
static gboolean
in_range (const WbParam *d, double v)
{
  if (!isfinite (v))
    return FALSE;
  if (d->min > d->max || (d->min == 0 && d->max == 0))
    return fabs (v) <= 1e15;
  return v >= d->min && v <= d->max;
}

double
wb_params_number (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, 0);
  n = lookup (params, name, &d);
  if (d == NULL)
    return 0;
  if (!node_is_number (n) || !in_range (d, json_node_get_double (n)))
    return d->def_number;
  return json_node_get_double (n);
}

gint64
wb_params_int (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;
  double v;

  g_return_val_if_fail (params != NULL && name != NULL, 0);
  n = lookup (params, name, &d);
  if (d == NULL)
    return 0;
  if (!node_is_number (n))
    return (gint64) d->def_number;
  if (json_node_get_value_type (n) == G_TYPE_INT64)
    return in_range (d, (double) json_node_get_int (n)) ? json_node_get_int (n) : (gint64) d->def_number;
  v = json_node_get_double (n);
  if (!in_range (d, v) || v != floor (v))
    return (gint64) d->def_number;
  return (gint64) v;
}

const char *
wb_params_string (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, NULL);
  n = lookup (params, name, &d);
  if (d == NULL)
    return NULL;
  return node_is_string (n) ? json_node_get_string (n) : d->def_string;
}

char **
wb_params_strv (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;
  GPtrArray *out;
  JsonArray *a;

  g_return_val_if_fail (params != NULL && name != NULL, NULL);
  n = lookup (params, name, &d);
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return NULL;
  a = json_node_get_array (n);
  out = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (a) && i < WB_PARAM_MAX_LIST; i++)
    if (node_is_string (json_array_get_element (a, i)))
      g_ptr_array_add (out, g_strdup (json_array_get_string_element (a, i)));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

gint64 *
wb_params_ints (const WbParams *params, const char *name, guint *n)
{
  const WbParam *d;
  JsonNode *node;
  JsonArray *a;
  GArray *out;

  g_return_val_if_fail (params != NULL && name != NULL && n != NULL, NULL);
  *n = 0;
  node = lookup (params, name, &d);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  a = json_node_get_array (node);
  out = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < json_array_get_length (a) && i < WB_PARAM_MAX_LIST; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      gint64 v;

      if (!node_is_number (e) || !in_range (d, json_node_get_double (e)))
        continue;
      v = json_node_get_value_type (e) == G_TYPE_INT64 ? json_node_get_int (e)
                                                       : (gint64) json_node_get_double (e);
      g_array_append_val (out, v);
    }
  *n = out->len;
  return (gint64 *) g_array_free (out, FALSE);
}

static void
view_on (const WbParams *params, const WbParam *d, JsonObject *values, WbParams *out)
{
  memset (out, 0, sizeof *out);
  out->decl = d->members;
  out->n_decl = d->n_members;
  out->values = values;
  out->game = params->game;
  out->where = d->name;
}

gboolean
wb_params_object (const WbParams *params, const char *name, WbParams *out)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL && out != NULL, FALSE);
  n = lookup (params, name, &d);
  memset (out, 0, sizeof *out);
  if (d == NULL)
    return FALSE;
  view_on (params, d, n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL, out);
  return out->values != NULL;
}

guint
wb_params_length (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, 0);
  n = lookup (params, name, &d);
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return 0;
  return MIN (json_array_get_length (json_node_get_array (n)), WB_PARAM_MAX_LIST);
}

gboolean
wb_params_item (const WbParams *params, const char *name, guint index, WbParams *out)
{
  const WbParam *d;
  JsonNode *n, *e;

  g_return_val_if_fail (params != NULL && name != NULL && out != NULL, FALSE);
  n = lookup (params, name, &d);
  memset (out, 0, sizeof *out);
  if (d == NULL)
    return FALSE;
  view_on (params, d, NULL, out);
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n) || index >= json_array_get_length (json_node_get_array (n)))
    return FALSE;
  e = json_array_get_element (json_node_get_array (n), index);
  if (!JSON_NODE_HOLDS_OBJECT (e))
    return FALSE;
  out->values = json_node_get_object (e);
  return TRUE;
}

GList *
wb_params_keys (const WbParams *params, const char *name)
{
  const WbParam *d;
  JsonNode *n;

  g_return_val_if_fail (params != NULL && name != NULL, NULL);
  n = lookup (params, name, &d);
  if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
    return NULL;
  return json_object_get_members (json_node_get_object (n));
}

gboolean
wb_params_entry (const WbParams *params, const char *name, const char *key, WbParams *out)
{
  const WbParam *d;
  JsonNode *n, *v;

  g_return_val_if_fail (params != NULL && name != NULL && key != NULL && out != NULL, FALSE);
  n = lookup (params, name, &d);
  memset (out, 0, sizeof *out);
  if (d == NULL)
    return FALSE;
  g_assert (d->n_members == 1);
  v = n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_object_get_member (json_node_get_object (n), key) : NULL;
  if (d->members[0].type == WB_PARAM_OBJECT || d->members[0].type == WB_PARAM_LIST)
    {
      /* The entry is itself an object: a view on its members. */
      view_on (params, &d->members[0], v != NULL && JSON_NODE_HOLDS_OBJECT (v) ? json_node_get_object (v) : NULL, out);
      return out->values != NULL;
    }
  out->decl = d->members;
  out->n_decl = 1;
  out->game = params->game;
  out->where = d->name;
  out->single = v;
  return v != NULL;
}

/* ---- Validation ---- */

#define N_REFS (WB_PARAM_REF_OPTION + 1)

typedef struct {
  WbGame  *game;
  GString *path;
  GError **error;
  GPtrArray *scratch;   /* ids for messages */
  GHashTable *sets[N_REFS];   /* the game's ids of each kind, built when first needed */
} Check;

guint
wb_params_distance (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = NULL;

  if (la > 64 || lb > 64)
    return (guint) MAX (la, lb);
  row = g_new (guint, lb + 1);
  for (gsize j = 0; j <= lb; j++)
    row[j] = (guint) j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diag = row[0];

      row[0] = (guint) i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint up = row[j];
          guint best = MIN (row[j] + 1, row[j - 1] + 1);

          row[j] = MIN (best, diag + (a[i - 1] == b[j - 1] ? 0 : 1));
          diag = up;
        }
    }
  return row[lb];
}

const char *
wb_params_suggest (const char *word, const char * const *names, guint n)
{
  const char *best = NULL;
  guint best_d = G_MAXUINT;

  for (guint i = 0; i < n; i++)
    {
      guint d = wb_params_distance (word, names[i]);
      if (d < best_d)
        {
          best_d = d;
          best = names[i];
        }
    }
  if (best != NULL && best_d <= MAX (2u, (guint) strlen (word) / 3))
    return best;
  return NULL;
}

static gboolean
check_fail (Check *c, int code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
check_fail (Check *c, int code, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (c->error, WB_FORMAT_ERROR, code, what);
  return FALSE;
}

static const char *
ref_name (WbParamRef ref)
{
  switch (ref)
    {
    case WB_PARAM_REF_SIDE: return _("side");
    case WB_PARAM_REF_UNIT: return _("unit");
    case WB_PARAM_REF_CLASS: return _("unit class");
    case WB_PARAM_REF_FORMATION: return _("formation");
    case WB_PARAM_REF_LOCATION: return _("location");
    case WB_PARAM_REF_TAG: return _("location tag");
    case WB_PARAM_REF_TABLE: return _("table");
    case WB_PARAM_REF_FEATURE: return _("feature");
    case WB_PARAM_REF_HEX_FEATURE: return _("hex feature");
    case WB_PARAM_REF_HEXSIDE_FEATURE: return _("hexside feature");
    case WB_PARAM_REF_TERRAIN: return _("terrain");
    case WB_PARAM_REF_TERRAIN_OR_FEATURE: return _("terrain or feature");
    case WB_PARAM_REF_CONNECTION_CLASS: return _("connection class");
    case WB_PARAM_REF_OPTION: return _("scenario option");
    case WB_PARAM_REF_NONE:
    default:
      return _("id");
    }
}

static void
add_feature_ids (WbGame *game, GPtrArray *out, int where)
{
  GPtrArray *features = wb_game_get_features (game);

  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      if (where < 0 || (int) f->where == where)
        g_ptr_array_add (out, (gpointer) f->id);
    }
}

/* Every id of kind @ref the game has (borrowed, interned), into @out. */
static void
ids_of (WbGame *game, WbParamRef ref, GPtrArray *out)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *a;

  g_ptr_array_set_size (out, 0);
  switch (ref)
    {
    case WB_PARAM_REF_SIDE:
      a = wb_game_get_sides (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) ((WbSide *) g_ptr_array_index (a, i))->id);
      break;
    case WB_PARAM_REF_UNIT:
      a = wb_game_get_units (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) wb_unit_get_id (g_ptr_array_index (a, i)));
      break;
    case WB_PARAM_REF_CLASS:
      a = wb_game_get_unit_classes (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) ((WbUnitType *) g_ptr_array_index (a, i))->id);
      break;
    case WB_PARAM_REF_FORMATION:
      a = wb_game_get_formations (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) ((WbFormation *) g_ptr_array_index (a, i))->id);
      break;
    case WB_PARAM_REF_LOCATION:
    case WB_PARAM_REF_TAG:
      a = wb_game_get_maps (game);
      for (guint i = 0; i < a->len; i++)
        {
          GPtrArray *locs;

          if (!WB_IS_POINT_MAP (g_ptr_array_index (a, i)))
            continue;
          locs = wb_point_map_get_locations (g_ptr_array_index (a, i));
          for (guint l = 0; l < locs->len; l++)
            {
              WbLocation *loc = g_ptr_array_index (locs, l);

              if (ref == WB_PARAM_REF_LOCATION)
                g_ptr_array_add (out, (gpointer) loc->id);
              else
                for (guint t = 0; loc->tags != NULL && t < loc->tags->len; t++)
                  if (g_hash_table_add (seen, g_ptr_array_index (loc->tags, t)))
                    g_ptr_array_add (out, g_ptr_array_index (loc->tags, t));
            }
        }
      break;
    case WB_PARAM_REF_TABLE:
      a = wb_game_get_tables (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) wb_table_get_id (g_ptr_array_index (a, i)));
      break;
    case WB_PARAM_REF_TERRAIN_OR_FEATURE:
    case WB_PARAM_REF_TERRAIN:
      a = wb_game_get_terrain (game);
      for (guint i = 0; i < a->len; i++)
        g_ptr_array_add (out, (gpointer) ((WbTerrainType *) g_ptr_array_index (a, i))->id);
      if (ref == WB_PARAM_REF_TERRAIN_OR_FEATURE)
        add_feature_ids (game, out, -1);
      break;
    case WB_PARAM_REF_FEATURE:
      add_feature_ids (game, out, -1);
      break;
    case WB_PARAM_REF_HEX_FEATURE:
      add_feature_ids (game, out, WB_FEATURE_HEX);
      break;
    case WB_PARAM_REF_HEXSIDE_FEATURE:
      add_feature_ids (game, out, WB_FEATURE_HEXSIDE);
      break;
    case WB_PARAM_REF_CONNECTION_CLASS:
      add_feature_ids (game, out, WB_FEATURE_CONNECTION);
      break;
    case WB_PARAM_REF_OPTION:
      a = wb_game_get_scenarios (game);
      for (guint i = 0; i < a->len; i++)
        {
          GPtrArray *opts = wb_scenario_get_options (g_ptr_array_index (a, i));
          for (guint k = 0; k < opts->len; k++)
            if (g_hash_table_add (seen, (gpointer) ((WbOption *) g_ptr_array_index (opts, k))->id))
              g_ptr_array_add (out, (gpointer) ((WbOption *) g_ptr_array_index (opts, k))->id);
        }
      break;
    case WB_PARAM_REF_NONE:
    default:
      break;
    }
}

static char *table_kinds_text (guint kinds);

static gboolean
check_ref (Check *c, const WbParam *d, WbParamRef ref, const char *id)
{
  const char *near;

  /* An id of no kind the reader knows (a scenario's box, one of the
   * family's own words): the family checks it when it plays. */
  if (ref == WB_PARAM_REF_NONE)
    return TRUE;
  if (c->sets[ref] == NULL)
    {
      c->sets[ref] = g_hash_table_new (g_str_hash, g_str_equal);
      ids_of (c->game, ref, c->scratch);
      for (guint i = 0; i < c->scratch->len; i++)
        g_hash_table_add (c->sets[ref], g_ptr_array_index (c->scratch, i));
    }
  if (g_hash_table_contains (c->sets[ref], id))
    {
      static const char * const names[] = { "odds", "differential", "fire", "dice_pool", "roll", "chart" };
      g_autofree char *kinds = NULL;
      WbTable *t;
      guint kind;

      if (ref != WB_PARAM_REF_TABLE || d->table_kinds == 0)
        return TRUE;
      t = wb_game_find_table (c->game, id);
      kind = wb_table_get_kind (t);
      if ((d->table_kinds & (1u << kind)) != 0)
        return TRUE;
      kinds = table_kinds_text (d->table_kinds);
      return check_fail (c, WB_FORMAT_ERROR_TYPE,
                         _("the table “%s” is of kind “%s”: the rules family plays a table of kind %s here"), id,
                         kind < G_N_ELEMENTS (names) ? names[kind] : "?", kinds);
    }
  ids_of (c->game, ref, c->scratch);
  near = wb_params_suggest (id, (const char * const *) c->scratch->pdata, c->scratch->len);
  if (near != NULL)
    return check_fail (c, WB_FORMAT_ERROR_REFERENCE, _("unknown %s “%s” (did you mean “%s”?)"),
                       ref_name (ref), id, near);
  if (c->scratch->len == 0)
    return check_fail (c, WB_FORMAT_ERROR_REFERENCE, _("unknown %s “%s” (the game has none)"),
                       ref_name (ref), id);
  if (c->scratch->len <= 12)
    {
      g_ptr_array_add (c->scratch, NULL);
      g_autofree char *list = g_strjoinv (", ", (char **) c->scratch->pdata);
      return check_fail (c, WB_FORMAT_ERROR_REFERENCE, _("unknown %s “%s” (expected one of: %s)"),
                         ref_name (ref), id, list);
    }
  return check_fail (c, WB_FORMAT_ERROR_REFERENCE, _("unknown %s “%s”"), ref_name (ref), id);
}

/* The table kinds of @kinds, as the file names them: "odds or roll". */
static char *
table_kinds_text (guint kinds)
{
  static const char * const names[] = { "odds", "differential", "fire", "dice_pool", "roll", "chart" };
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    if (kinds & (1u << k))
      g_string_append_printf (out, "%s“%s”", out->len > 0 ? _(" or ") : "", names[k]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const char *
node_kind (JsonNode *n)
{
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return _("null");
  if (JSON_NODE_HOLDS_OBJECT (n))
    return _("an object");
  if (JSON_NODE_HOLDS_ARRAY (n))
    return _("an array");
  if (node_is_string (n))
    return _("a string");
  if (node_is_bool (n))
    return _("a boolean");
  return _("a number");
}

static gsize
push (Check *c, const char *member)
{
  gsize old = c->path->len;
  g_string_append_c (c->path, '.');
  g_string_append (c->path, member);
  return old;
}

static gsize
push_index (Check *c, guint i)
{
  gsize old = c->path->len;
  g_string_append_printf (c->path, "[%u]", i);
  return old;
}

static gboolean check_value (Check *c, const WbParam *d, JsonNode *n);

static gboolean
check_members (Check *c, const WbParam *decl, guint n_decl, JsonObject *o)
{
  g_autoptr(GList) keys = json_object_get_members (o);

  for (GList *l = keys; l != NULL; l = l->next)
    {
      const WbParam *d = find_decl (decl, n_decl, l->data);
      gsize old = push (c, l->data);

      if (d == NULL)
        {
          g_autofree const char **names = g_new (const char *, n_decl + 1);
          const char *near;

          for (guint i = 0; i < n_decl; i++)
            names[i] = decl[i].name;
          names[n_decl] = NULL;
          near = wb_params_suggest (l->data, names, n_decl);
          if (near != NULL)
            return check_fail (c, WB_FORMAT_ERROR_TYPE, _("unknown parameter “%s” (did you mean “%s”?)"),
                               (const char *) l->data, near);
          {
            g_autofree char *list = g_strjoinv (", ", (char **) names);
            return check_fail (c, WB_FORMAT_ERROR_TYPE, _("unknown parameter “%s” (expected one of: %s)"),
                               (const char *) l->data, list);
          }
        }
      if (!check_value (c, d, json_object_get_member (o, l->data)))
        return FALSE;
      g_string_truncate (c->path, old);
    }
  for (guint i = 0; i < n_decl; i++)
    if (decl[i].required && !decl[i].per_scenario && !json_object_has_member (o, decl[i].name))
      return check_fail (c, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (%s)"), decl[i].name,
                         _(decl[i].doc));
  return TRUE;
}

static gboolean
check_range (Check *c, const WbParam *d, double v)
{
  if (d->min > d->max || (d->min == 0 && d->max == 0))
    return TRUE;
  if (v >= d->min && v <= d->max)
    return TRUE;
  if (d->min == d->max)
    return check_fail (c, WB_FORMAT_ERROR_RANGE,
                       _("%g is not played: the rules family plays only %g"), v, d->min);
  return check_fail (c, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected %g to %g)"), v, d->min, d->max);
}

static gboolean
check_plain (Check *c, const WbParam *d, JsonNode *n)
{
  switch (d->type)
    {
    case WB_PARAM_BOOL:
      if (!node_is_bool (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected true or false, found %s"), node_kind (n));
      if (d->values != NULL && !g_strv_contains (d->values, json_node_get_boolean (n) ? "true" : "false"))
        return check_fail (c, WB_FORMAT_ERROR_RANGE, _("%s is not played: the rules family plays only %s"),
                           json_node_get_boolean (n) ? "true" : "false", d->values[0]);
      return TRUE;
    case WB_PARAM_INT:
    case WB_PARAM_NUMBER:
      if (!node_is_number (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a number, found %s"), node_kind (n));
      if (d->type == WB_PARAM_INT && json_node_get_value_type (n) == G_TYPE_DOUBLE &&
          json_node_get_double (n) != floor (json_node_get_double (n)))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a whole number, found %g"),
                           json_node_get_double (n));
      return check_range (c, d, json_node_get_double (n));
    case WB_PARAM_STRING:
      if (!node_is_string (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), node_kind (n));
      return TRUE;
    case WB_PARAM_ENUM:
      if (!node_is_string (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), node_kind (n));
      if (!g_strv_contains (d->values, json_node_get_string (n)))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) d->values);
          const char *near = wb_params_suggest (json_node_get_string (n), d->values, g_strv_length ((char **) d->values));

          if (near != NULL)
            return check_fail (c, WB_FORMAT_ERROR_TYPE, _("“%s” is not played (did you mean “%s”?)"),
                               json_node_get_string (n), near);
          return check_fail (c, WB_FORMAT_ERROR_TYPE, _("“%s” is not played (expected %s)"),
                             json_node_get_string (n), list);
        }
      return TRUE;
    case WB_PARAM_ID:
      if (!node_is_string (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected the id of a %s, found %s"), ref_name (d->ref),
                           node_kind (n));
      return check_ref (c, d, d->ref, json_node_get_string (n));
    case WB_PARAM_NOTE:
      return TRUE;
    case WB_PARAM_ID_LIST:
    case WB_PARAM_INT_LIST:
    case WB_PARAM_OBJECT:
    case WB_PARAM_LIST:
    case WB_PARAM_MAP:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
check_one (Check *c, const WbParam *d, JsonNode *n)
{
  switch (d->type)
    {
    case WB_PARAM_ID_LIST:
      {
        JsonArray *a;

        if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
          return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a list of %s ids, found %s"),
                             ref_name (d->ref), node_kind (n));
        a = json_node_get_array (n);
        if (json_array_get_length (a) > WB_PARAM_MAX_LIST)
          return check_fail (c, WB_FORMAT_ERROR_TOO_LARGE, _("%u ids, more than the limit of %d"),
                             json_array_get_length (a), WB_PARAM_MAX_LIST);
        for (guint i = 0; i < json_array_get_length (a); i++)
          {
            gsize old = push_index (c, i);
            JsonNode *e = json_array_get_element (a, i);

            if (!node_is_string (e))
              return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected the id of a %s, found %s"),
                                 ref_name (d->ref), node_kind (e));
            if (!check_ref (c, d, d->ref, json_node_get_string (e)))
              return FALSE;
            g_string_truncate (c->path, old);
          }
        if (d->min <= d->max && !(d->min == 0 && d->max == 0) &&
            (json_array_get_length (a) < d->min || json_array_get_length (a) > d->max))
          {
            if (d->min == d->max)
              return check_fail (c, WB_FORMAT_ERROR_RANGE, _("expected %g ids, found %u"), d->min,
                                 json_array_get_length (a));
            return check_fail (c, WB_FORMAT_ERROR_RANGE, _("expected %g to %g ids, found %u"), d->min, d->max,
                               json_array_get_length (a));
          }
        return TRUE;
      }
    case WB_PARAM_INT_LIST:
      {
        JsonArray *a;
        WbParam each = *d;

        if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
          return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a list of whole numbers, found %s"),
                             node_kind (n));
        a = json_node_get_array (n);
        if (d->length != 0 && json_array_get_length (a) != d->length)
          return check_fail (c, WB_FORMAT_ERROR_RANGE, _("expected %u numbers, found %u"), d->length,
                             json_array_get_length (a));
        if (json_array_get_length (a) > WB_PARAM_MAX_LIST)
          return check_fail (c, WB_FORMAT_ERROR_TOO_LARGE, _("%u numbers, more than the limit of %d"),
                             json_array_get_length (a), WB_PARAM_MAX_LIST);
        each.type = WB_PARAM_INT;
        for (guint i = 0; i < json_array_get_length (a); i++)
          {
            gsize old = push_index (c, i);

            if (!check_plain (c, &each, json_array_get_element (a, i)))
              return FALSE;
            g_string_truncate (c->path, old);
          }
        return TRUE;
      }
    case WB_PARAM_OBJECT:
      if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
        return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected an object, found %s"), node_kind (n));
      return check_members (c, d->members, d->n_members, json_node_get_object (n));
    case WB_PARAM_LIST:
      {
        JsonArray *a;

        if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
          return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected a list of objects, found %s"), node_kind (n));
        a = json_node_get_array (n);
        if (json_array_get_length (a) > WB_PARAM_MAX_LIST)
          return check_fail (c, WB_FORMAT_ERROR_TOO_LARGE, _("%u entries, more than the limit of %d"),
                             json_array_get_length (a), WB_PARAM_MAX_LIST);
        for (guint i = 0; i < json_array_get_length (a); i++)
          {
            gsize old = push_index (c, i);
            JsonNode *e = json_array_get_element (a, i);

            if (!JSON_NODE_HOLDS_OBJECT (e))
              return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected an object, found %s"), node_kind (e));
            if (!check_members (c, d->members, d->n_members, json_node_get_object (e)))
              return FALSE;
            g_string_truncate (c->path, old);
          }
        return TRUE;
      }
    case WB_PARAM_MAP:
      {
        g_autoptr(GList) keys = NULL;

        if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
          return check_fail (c, WB_FORMAT_ERROR_TYPE, _("expected an object keyed by %s ids, found %s"),
                             ref_name (d->ref), node_kind (n));
        keys = json_object_get_members (json_node_get_object (n));
        for (GList *l = keys; l != NULL; l = l->next)
          {
            gsize old = push (c, l->data);

            if (!check_ref (c, d, d->ref, l->data) ||
                !check_value (c, &d->members[0], json_object_get_member (json_node_get_object (n), l->data)))
              return FALSE;
            g_string_truncate (c->path, old);
          }
        return TRUE;
      }
    case WB_PARAM_BOOL:
    case WB_PARAM_INT:
    case WB_PARAM_NUMBER:
    case WB_PARAM_STRING:
    case WB_PARAM_ENUM:
    case WB_PARAM_ID:
    case WB_PARAM_NOTE:
    default:
      return check_plain (c, d, n);
    }
}

/* A value per scenario is an object whose members are scenario ids. */
static gboolean
check_value (Check *c, const WbParam *d, JsonNode *n)
{
  if (d->per_scenario && n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *o = json_node_get_object (n);
      g_autoptr(GList) keys = json_object_get_members (o);
      gboolean per = FALSE;

      for (GList *l = keys; l != NULL && !per; l = l->next)
        per = is_scenario (c->game, l->data);
      if (per)
        {
          GPtrArray *scenarios = wb_game_get_scenarios (c->game);

          for (GList *l = keys; l != NULL; l = l->next)
            {
              gsize old = push (c, l->data);

              if (!is_scenario (c->game, l->data))
                return check_fail (c, WB_FORMAT_ERROR_REFERENCE,
                                   _("unknown scenario “%s” (a value given per scenario is keyed by "
                                     "scenario ids)"), (const char *) l->data);
              if (!check_one (c, d, json_object_get_member (o, l->data)))
                return FALSE;
              g_string_truncate (c->path, old);
            }
          for (guint i = 0; d->required && i < scenarios->len; i++)
            {
              const char *id = wb_scenario_get_id (g_ptr_array_index (scenarios, i));

              if (!json_object_has_member (o, id))
                return check_fail (c, WB_FORMAT_ERROR_MISSING, _("no value for the scenario “%s” (%s)"), id,
                                   _(d->doc));
            }
          return TRUE;
        }
    }
  return check_one (c, d, n);
}

gboolean
wb_params_validate (const WbParam *decl, guint n_decl, WbGame *game, JsonNode *node, char **path,
                    GError **error)
{
  g_autoptr(GString) p = g_string_new ("$.rules.params");
  g_autoptr(GPtrArray) scratch = g_ptr_array_new ();
  Check c = { game, p, error, scratch, { NULL } };
  JsonObject *o;
  gboolean ok;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL && *path == NULL, FALSE);

  /* A game without parameters loads (a new game being written); the
   * family asks for those it requires when the game is played. */
  if (node == NULL)
    return TRUE;
  o = json_node_get_object (node);
  ok = check_members (&c, decl, n_decl, o);
  for (guint i = 0; ok && i < n_decl; i++)
    if (decl[i].required && decl[i].per_scenario && !json_object_has_member (o, decl[i].name))
      ok = check_fail (&c, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (%s)"), decl[i].name,
                       _(decl[i].doc));
  for (guint i = 0; i < N_REFS; i++)
    g_clear_pointer (&c.sets[i], g_hash_table_unref);
  if (!ok)
    *path = g_strdup (p->str);
  return ok;
}

/* ---- References, for editors ---- */

static gboolean find_ref (const WbParam *d, JsonNode *n, WbGame *game, guint refs, const char *id,
                          GString *path);

static gboolean
find_in_members (const WbParam *decl, guint n_decl, JsonObject *o, WbGame *game, guint refs, const char *id,
                 GString *path)
{
  g_autoptr(GList) keys = json_object_get_members (o);

  for (GList *l = keys; l != NULL; l = l->next)
    {
      const WbParam *d = find_decl (decl, n_decl, l->data);
      gsize old = path->len;

      g_string_append_printf (path, ".%s", (const char *) l->data);
      if (d != NULL && find_ref (d, json_object_get_member (o, l->data), game, refs, id, path))
        return TRUE;
      g_string_truncate (path, old);
    }
  return FALSE;
}

static gboolean
find_one (const WbParam *d, JsonNode *n, WbGame *game, guint refs, const char *id, GString *path)
{
  gboolean mine = (refs & (1u << d->ref)) != 0;

  switch (d->type)
    {
    case WB_PARAM_ID:
      return mine && node_is_string (n) && strcmp (json_node_get_string (n), id) == 0;
    case WB_PARAM_ID_LIST:
      for (guint i = 0; mine && JSON_NODE_HOLDS_ARRAY (n) && i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *e = json_array_get_element (json_node_get_array (n), i);

          if (node_is_string (e) && strcmp (json_node_get_string (e), id) == 0)
            {
              g_string_append_printf (path, "[%u]", i);
              return TRUE;
            }
        }
      return FALSE;
    case WB_PARAM_OBJECT:
      return JSON_NODE_HOLDS_OBJECT (n) &&
             find_in_members (d->members, d->n_members, json_node_get_object (n), game, refs, id, path);
    case WB_PARAM_LIST:
      for (guint i = 0; JSON_NODE_HOLDS_ARRAY (n) && i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *e = json_array_get_element (json_node_get_array (n), i);
          gsize old = path->len;

          g_string_append_printf (path, "[%u]", i);
          if (JSON_NODE_HOLDS_OBJECT (e) &&
              find_in_members (d->members, d->n_members, json_node_get_object (e), game, refs, id, path))
            return TRUE;
          g_string_truncate (path, old);
        }
      return FALSE;
    case WB_PARAM_MAP:
      if (JSON_NODE_HOLDS_OBJECT (n))
        {
          JsonObject *o = json_node_get_object (n);
          g_autoptr(GList) keys = json_object_get_members (o);

          for (GList *l = keys; l != NULL; l = l->next)
            {
              gsize old = path->len;

              g_string_append_printf (path, ".%s", (const char *) l->data);
              if ((mine && strcmp (l->data, id) == 0) ||
                  find_ref (&d->members[0], json_object_get_member (o, l->data), game, refs, id, path))
                return TRUE;
              g_string_truncate (path, old);
            }
        }
      return FALSE;
    case WB_PARAM_BOOL:
    case WB_PARAM_INT:
    case WB_PARAM_NUMBER:
    case WB_PARAM_STRING:
    case WB_PARAM_ENUM:
    case WB_PARAM_INT_LIST:
    case WB_PARAM_NOTE:
    default:
      return FALSE;
    }
}

static gboolean
find_ref (const WbParam *d, JsonNode *n, WbGame *game, guint refs, const char *id, GString *path)
{
  if (n == NULL)
    return FALSE;
  if (d->per_scenario && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *o = json_node_get_object (n);
      g_autoptr(GList) keys = json_object_get_members (o);
      gboolean per = FALSE;

      for (GList *l = keys; l != NULL && !per; l = l->next)
        per = is_scenario (game, l->data);
      for (GList *l = keys; per && l != NULL; l = l->next)
        {
          gsize old = path->len;

          g_string_append_printf (path, ".%s", (const char *) l->data);
          if (find_one (d, json_object_get_member (o, l->data), game, refs, id, path))
            return TRUE;
          g_string_truncate (path, old);
        }
      if (per)
        return FALSE;
    }
  return find_one (d, n, game, refs, id, path);
}

char *
wb_params_reference (WbGame *game, guint refs, const char *id)
{
  WbRulesRef *rules;
  const WbRulesFamily *family;
  g_autoptr(GString) path = g_string_new ("rules.params");

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  rules = wb_game_get_rules (game);
  family = rules->family != NULL ? wb_rules_family_find (rules->family) : NULL;
  if (family == NULL || family->params == NULL || rules->params == NULL || !JSON_NODE_HOLDS_OBJECT (rules->params))
    return NULL;
  if (find_in_members (family->params, family->n_params, json_node_get_object (rules->params), game, refs, id, path))
    return g_string_free (g_steal_pointer (&path), FALSE);
  return NULL;
}

/* ---- The reference ---- */

static const char *
type_name (const WbParam *d)
{
  switch (d->type)
    {
    case WB_PARAM_BOOL: return _("true or false");
    case WB_PARAM_INT: return _("whole number");
    case WB_PARAM_NUMBER: return _("number");
    case WB_PARAM_STRING: return _("text");
    case WB_PARAM_ENUM: return _("one of");
    case WB_PARAM_ID: return ref_name (d->ref);
    case WB_PARAM_ID_LIST: return _("list of ids");
    case WB_PARAM_INT_LIST: return _("list of whole numbers");
    case WB_PARAM_OBJECT: return _("object");
    case WB_PARAM_LIST: return _("list of objects");
    case WB_PARAM_MAP: return _("object keyed by ids");
    case WB_PARAM_NOTE: return _("note (documentation only, not played)");
    default: return "";
    }
}

static void
describe_type (const WbParam *d, GString *out)
{
  g_string_append (out, type_name (d));
  if (d->type == WB_PARAM_ENUM && d->values != NULL)
    {
      for (guint i = 0; d->values[i] != NULL; i++)
        g_string_append_printf (out, "%s“%s”", i == 0 ? " " : ", ", d->values[i]);
    }
  else if (d->type == WB_PARAM_ID_LIST || d->type == WB_PARAM_MAP)
    g_string_append_printf (out, " (%s)", ref_name (d->ref));
  if (d->ref == WB_PARAM_REF_TABLE && d->table_kinds != 0)
    {
      g_autofree char *kinds = table_kinds_text (d->table_kinds);
      g_string_append_printf (out, _(" (%s)"), kinds);
    }
  if (d->type == WB_PARAM_INT_LIST && d->length != 0)
    g_string_append_printf (out, _(", %u of them"), d->length);
  if ((d->type == WB_PARAM_INT || d->type == WB_PARAM_NUMBER || d->type == WB_PARAM_INT_LIST) && d->min <= d->max && !(d->min == 0 && d->max == 0))
    {
      if (d->min == d->max)
        g_string_append_printf (out, _(", only %g"), d->min);
      else
        g_string_append_printf (out, _(", %g to %g"), d->min, d->max);
    }
  if (d->type == WB_PARAM_BOOL && d->values != NULL)
    g_string_append_printf (out, _(", only %s"), d->values[0]);
  if (d->unit != NULL)
    g_string_append_printf (out, " %s", _(d->unit));
  if (d->type == WB_PARAM_MAP)
    {
      g_string_append (out, " → ");
      describe_type (&d->members[0], out);
    }
  if (d->per_scenario)
    g_string_append (out, _(", may be given per scenario"));
}

static void
describe_default (const WbParam *d, GString *out)
{
  if (d->required)
    g_string_append (out, _("required"));
  else if (d->def_text != NULL)
    g_string_append (out, _(d->def_text));
  else
    switch (d->type)
      {
      case WB_PARAM_BOOL:
        g_string_append (out, d->def_number != 0 ? "true" : "false");
        break;
      case WB_PARAM_INT:
      case WB_PARAM_NUMBER:
        g_string_append_printf (out, "%g", d->def_number);
        break;
      case WB_PARAM_STRING:
      case WB_PARAM_ENUM:
      case WB_PARAM_ID:
        if (d->def_string != NULL)
          g_string_append_printf (out, "“%s”", d->def_string);
        else
          g_string_append (out, _("none"));
        break;
      case WB_PARAM_NOTE:
        g_string_append (out, "—");
        break;
      case WB_PARAM_ID_LIST:
      case WB_PARAM_INT_LIST:
      case WB_PARAM_OBJECT:
      case WB_PARAM_LIST:
      case WB_PARAM_MAP:
      default:
        g_string_append (out, _("none"));
        break;
      }
}

static void
describe (const WbParam *decl, guint n_decl, gboolean markdown, const char *prefix, GString *out)
{
  for (guint i = 0; i < n_decl; i++)
    {
      const WbParam *d = &decl[i];
      g_autoptr(GString) type = g_string_new (NULL);
      g_autoptr(GString) def = g_string_new (NULL);
      g_autofree char *name = g_strconcat (prefix, d->name, NULL);

      describe_type (d, type);
      describe_default (d, def);
      if (markdown)
        g_string_append_printf (out, "| `%s` | %s | %s | %s | %s |\n", name, type->str, def->str,
                                _(d->doc), d->rule != NULL ? d->rule : "");
      else
        g_string_append_printf (out, "    %s: %s; %s %s%s%s%s\n        %s\n", name, type->str, _("default"),
                                def->str, d->rule != NULL ? " (" : "", d->rule != NULL ? d->rule : "",
                                d->rule != NULL ? ")" : "", _(d->doc));
      if (d->type == WB_PARAM_OBJECT || d->type == WB_PARAM_LIST)
        {
          g_autofree char *sub = g_strconcat (name, d->type == WB_PARAM_LIST ? "[]." : ".", NULL);
          describe (d->members, d->n_members, markdown, sub, out);
        }
      else if (d->type == WB_PARAM_MAP &&
               (d->members[0].type == WB_PARAM_OBJECT || d->members[0].type == WB_PARAM_LIST))
        {
          g_autofree char *sub = g_strconcat (name, ".ID.", NULL);
          describe (d->members[0].members, d->members[0].n_members, markdown, sub, out);
        }
    }
}

void
wb_params_describe (const WbParam *decl, guint n_decl, gboolean markdown, GString *out)
{
  g_return_if_fail (out != NULL);

  if (markdown)
    {
      g_string_append_printf (out, "| %s | %s | %s | %s | %s |\n|---|---|---|---|---|\n", _("parameter"),
                              _("type"), _("default"), _("what it says"), _("rule"));
    }
  describe (decl, n_decl, markdown, "", out);
}
