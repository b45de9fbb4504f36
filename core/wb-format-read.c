/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "wb-format.h"
#include "wb-json-locate-private.h"
#include "wb-util-private.h"

/* The reader walks the parsed JSON once, building the model and checking
 * every value as it goes. Collections are read in dependency order (sides
 * and classes before units, terrain before maps, maps before scenarios), so
 * a reference can be checked the moment it is read. The JSON path of the
 * value being read is kept in @path; on error it is turned into a
 * line:column by walking the text again (errors are rare, loads are not). */

typedef struct
{
  const char *text;
  gsize       len;
  const char *name;
  GString    *path;
  GError    **error;
  WbGame     *game;
  gboolean    failed;
} Reader;

#define MAX_ID_LEN 64

static gboolean G_GNUC_PRINTF (4, 5)
fail_at (Reader *r, int code, int column_offset, const char *format, ...)
{
  g_autofree char *what = NULL;
  int line = 0, column = 0;
  va_list args;

  if (r->failed)
    return FALSE;
  r->failed = TRUE;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  if (r->text && wb_json_locate (r->text, r->len, r->path->str, &line, &column))
    g_set_error (r->error, WB_FORMAT_ERROR, code, "%s:%d:%d: %s: %s",
                 r->name, line, column + column_offset, r->path->str, what);
  else
    g_set_error (r->error, WB_FORMAT_ERROR, code, "%s: %s: %s", r->name, r->path->str, what);
  return FALSE;
}

#define fail(r, code, ...) fail_at ((r), (code), 0, __VA_ARGS__)

/* Path handling: push returns the old length for pop. */
static gsize
push_member (Reader *r, const char *member)
{
  gsize old = r->path->len;
  g_string_append_printf (r->path, ".%s", member);
  return old;
}

static gsize
push_index (Reader *r, guint index)
{
  gsize old = r->path->len;
  g_string_append_printf (r->path, "[%u]", index);
  return old;
}

static void
pop (Reader *r, gsize old)
{
  g_string_truncate (r->path, old);
}

static const char *
node_type_name (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return "null";
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT: return "an object";
    case JSON_NODE_ARRAY: return "an array";
    case JSON_NODE_NULL: return "null";
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING: return "a string";
        case G_TYPE_BOOLEAN: return "a boolean";
        default: return "a number";
        }
    default:
      return "something else";
    }
}

static gboolean
is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_number (JsonNode *node)
{
  GType t;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  t = json_node_get_value_type (node);
  return t == G_TYPE_INT64 || t == G_TYPE_DOUBLE;
}

static double
number_of (JsonNode *node)
{
  return json_node_get_value_type (node) == G_TYPE_INT64
         ? (double) json_node_get_int (node) : json_node_get_double (node);
}

/* Unknown members are errors, so a typo never silently drops data. */
static gboolean
check_members (Reader *r, JsonObject *obj, const char * const *allowed)
{
  g_autoptr(GList) members = json_object_get_members (obj);

  for (GList *l = members; l; l = l->next)
    {
      const char *m = l->data;
      if (!g_strv_contains (allowed, m))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);
          gsize old = push_member (r, m);
          fail (r, WB_FORMAT_ERROR_TYPE, _("unknown member “%s” (expected one of: %s)"), m, list);
          pop (r, old);
          return FALSE;
        }
    }
  return TRUE;
}

static JsonObject *
expect_object (Reader *r, JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected an object, found %s"), node_type_name (node));
      return NULL;
    }
  return json_node_get_object (node);
}

/* Gets an optional array member, bounded by @max elements. */
static gboolean
get_array (Reader *r, JsonObject *obj, const char *member, guint max, gboolean required,
           JsonArray **out)
{
  JsonNode *node = json_object_get_member (obj, member);
  gsize old;

  *out = NULL;
  if (node == NULL)
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (an array)"), member);
      return TRUE;
    }
  old = push_member (r, member);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected an array, found %s"), node_type_name (node));
      pop (r, old);
      return FALSE;
    }
  *out = json_node_get_array (node);
  if (json_array_get_length (*out) > max)
    {
      fail (r, WB_FORMAT_ERROR_TOO_LARGE, _("%u elements, more than the limit of %u"),
            json_array_get_length (*out), max);
      pop (r, old);
      return FALSE;
    }
  pop (r, old);
  return TRUE;
}

static gboolean
get_string (Reader *r, JsonObject *obj, const char *member, gboolean required, const char **out)
{
  JsonNode *node = json_object_get_member (obj, member);
  gsize old;

  *out = NULL;
  if (node == NULL || (!required && JSON_NODE_HOLDS_NULL (node)))
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (a string)"), member);
      return TRUE;
    }
  if (!is_string (node))
    {
      old = push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), node_type_name (node));
      pop (r, old);
      return FALSE;
    }
  *out = json_node_get_string (node);
  return TRUE;
}

/* Copies an optional string into @field. */
static gboolean
get_text (Reader *r, JsonObject *obj, const char *member, char **field)
{
  const char *s;

  if (!get_string (r, obj, member, FALSE, &s))
    return FALSE;
  if (s)
    wb_set_str (field, s);
  return TRUE;
}

static gboolean
valid_id (const char *s)
{
  gsize n = strlen (s);

  if (n == 0 || n > MAX_ID_LEN)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

static gboolean
get_id (Reader *r, JsonObject *obj, const char *member, gboolean required, const char **out)
{
  const char *s;

  if (!get_string (r, obj, member, required, &s))
    return FALSE;
  if (s && !valid_id (s))
    {
      gsize old = push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"), s);
      pop (r, old);
      return FALSE;
    }
  *out = s ? g_intern_string (s) : NULL;
  return TRUE;
}

static gboolean
get_number (Reader *r, JsonObject *obj, const char *member, gboolean required,
            double min, double max, double *out)
{
  JsonNode *node = json_object_get_member (obj, member);
  gboolean ok = TRUE;
  gsize old;
  double v;

  if (node == NULL)
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (a number)"), member);
      return TRUE;
    }
  old = push_member (r, member);
  if (!is_number (node))
    ok = fail (r, WB_FORMAT_ERROR_TYPE, _("expected a number, found %s"), node_type_name (node));
  else if (v = number_of (node), !isfinite (v) || v < min || v > max)
    ok = fail (r, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected %g to %g)"), v, min, max);
  else
    *out = v;
  pop (r, old);
  return ok;
}

static gboolean
get_int (Reader *r, JsonObject *obj, const char *member, gboolean required,
         int min, int max, int *out)
{
  double v = *out;
  JsonNode *node = json_object_get_member (obj, member);

  if (!get_number (r, obj, member, required, min, max, &v))
    return FALSE;
  if (node != NULL && v != floor (v))
    {
      gsize old = push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected a whole number, found %g"), v);
      pop (r, old);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
get_bool (Reader *r, JsonObject *obj, const char *member, gboolean *out)
{
  JsonNode *node = json_object_get_member (obj, member);

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      gsize old = push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected true or false, found %s"), node_type_name (node));
      pop (r, old);
      return FALSE;
    }
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
get_color (Reader *r, JsonObject *obj, const char *member, char **field)
{
  const char *s;

  if (!get_string (r, obj, member, FALSE, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!wb_color_parse (s, NULL, NULL, NULL))
    {
      gsize old = push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a colour (expected #rrggbb)"), s);
      pop (r, old);
      return FALSE;
    }
  wb_set_str (field, s);
  return TRUE;
}

typedef gboolean (*RefCheck) (Reader *r, const char *id);

/* An optional array of ids, each checked by @check (may be NULL). */
static gboolean
get_id_list (Reader *r, JsonObject *obj, const char *member, guint max, RefCheck check,
             GPtrArray *out)
{
  JsonArray *array;
  gsize old;

  if (!get_array (r, obj, member, max, FALSE, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = push_member (r, member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gsize o2 = push_index (r, i);
      const char *s;

      if (!is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     node_type_name (node));
      s = json_node_get_string (node);
      if (!valid_id (s))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a valid id"), s);
      if (check && !check (r, s))
        return FALSE;
      g_ptr_array_add (out, (gpointer) g_intern_string (s));
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

/* Reference checks. Each sets the error at the current path. */
#define REF_CHECK(name, finder, what, list_expr)                                   \
  static gboolean                                                                  \
  name (Reader *r, const char *id)                                                 \
  {                                                                                \
    if (finder (r->game, id) != NULL)                                              \
      return TRUE;                                                                 \
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown " what " “%s”%s"), id, list_expr); \
  }

static char *
list_ids (GPtrArray *items, gsize id_offset)
{
  g_autoptr(GString) s = g_string_new (NULL);

  if (items->len == 0 || items->len > 12)
    return g_strdup ("");
  g_string_append (s, _(" (expected one of: "));
  for (guint i = 0; i < items->len; i++)
    {
      const char *id = *(const char **) ((char *) g_ptr_array_index (items, i) + id_offset);
      g_string_append_printf (s, "%s%s", i ? ", " : "", id);
    }
  g_string_append_c (s, ')');
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
check_side (Reader *r, const char *id)
{
  g_autofree char *list = NULL;

  if (wb_game_find_side (r->game, id))
    return TRUE;
  list = list_ids (wb_game_get_sides (r->game), G_STRUCT_OFFSET (WbSide, id));
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown side “%s”%s"), id, list);
}

static gboolean
check_class (Reader *r, const char *id)
{
  g_autofree char *list = NULL;

  if (wb_game_find_unit_class (r->game, id))
    return TRUE;
  list = list_ids (wb_game_get_unit_classes (r->game), G_STRUCT_OFFSET (WbUnitType, id));
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown unit class “%s”%s"), id, list);
}

static gboolean
check_move_class (Reader *r, const char *id)
{
  return strcmp (id, "*") == 0 || check_class (r, id);
}

static gboolean
check_feature (Reader *r, const char *id)
{
  if (wb_game_find_feature (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown feature “%s”"), id);
}

static gboolean
check_formation (Reader *r, const char *id)
{
  if (wb_game_find_formation (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE,
               _("unknown formation “%s” (a parent must be listed before its children)"), id);
}

static gboolean
check_unit (Reader *r, const char *id)
{
  if (wb_game_find_unit (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown unit “%s”"), id);
}

static gboolean
get_ref (Reader *r, JsonObject *obj, const char *member, gboolean required, RefCheck check,
         const char **out)
{
  gsize old;
  gboolean ok;

  if (!get_id (r, obj, member, required, out))
    return FALSE;
  if (*out == NULL)
    return TRUE;
  old = push_member (r, member);
  ok = check (r, *out);
  pop (r, old);
  return ok;
}

/* Iterates an array member: for each element, pushes the path and calls
 * @each. */
typedef gboolean (*EachFunc) (Reader *r, JsonNode *node, guint index, gpointer data);

static gboolean
for_each (Reader *r, JsonObject *obj, const char *member, guint max, gboolean required,
          EachFunc each, gpointer data)
{
  JsonArray *array;
  gsize old;

  if (!get_array (r, obj, member, max, required, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = push_member (r, member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      gsize o2 = push_index (r, i);
      if (!each (r, json_array_get_element (array, i), i, data))
        return FALSE;
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

static gboolean
duplicate (Reader *r, const char *what, const char *id)
{
  gsize old = push_member (r, "id");
  fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the %s id “%s” is used twice"), what, id);
  pop (r, old);
  return FALSE;
}

/* ---- game, rules ---------------------------------------------------- */

static gboolean
read_game_meta (Reader *r, JsonObject *root)
{
  static const char * const allowed[] = {
    "id", "title", "publisher", "designer", "year", "scale", "version", "source", "notes", NULL
  };
  JsonNode *node = json_object_get_member (root, "game");
  JsonObject *obj;
  const char *id, *title, *s;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “game” (the game's metadata)"));
  old = push_member (r, "game");
  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "title", TRUE, &title))
    return FALSE;
  wb_game_set_id (r->game, id);
  wb_game_set_title (r->game, title);
#define META(member, setter)                                  \
  if (!get_string (r, obj, member, FALSE, &s))                \
    return FALSE;                                             \
  if (s)                                                      \
    setter (r->game, s);
  META ("publisher", wb_game_set_publisher)
  META ("designer", wb_game_set_designer)
  META ("year", wb_game_set_year)
  META ("scale", wb_game_set_scale)
  META ("version", wb_game_set_game_version)
  META ("source", wb_game_set_source)
  META ("notes", wb_game_set_notes)
#undef META
  pop (r, old);
  return TRUE;
}

static gboolean
read_rules (Reader *r, JsonObject *root)
{
  static const char * const allowed[] = { "family", "params", NULL };
  JsonNode *node = json_object_get_member (root, "rules");
  WbRulesRef *rules = wb_game_get_rules (r->game);
  JsonObject *obj;
  const char *family;
  JsonNode *params;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “rules” (the rules family)"));
  old = push_member (r, "rules");
  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "family", TRUE, &family))
    return FALSE;
  rules->family = family;
  params = json_object_get_member (obj, "params");
  if (params != NULL)
    {
      gsize o2 = push_member (r, "params");
      if (!expect_object (r, params))
        return FALSE;
      pop (r, o2);
      rules->params = json_node_copy (params);
    }
  pop (r, old);
  return TRUE;
}

/* ---- sides, classes, terrain, features -------------------------------- */

static gboolean
read_side (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "color", "text_color", NULL };
  JsonObject *obj;
  const char *id, *name;
  WbSide *side;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "name", TRUE, &name))
    return FALSE;
  side = wb_side_new (id);
  side->name = g_strdup (name);
  if (!get_color (r, obj, "color", &side->color) ||
      !get_color (r, obj, "text_color", &side->text_color))
    {
      wb_side_free (side);
      return FALSE;
    }
  if (!wb_game_add_side (r->game, side))
    {
      wb_side_free (side);
      return duplicate (r, "side", id);
    }
  return TRUE;
}

static gboolean
read_attr_def (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "type", "min", "max", NULL };
  WbUnitType *klass = data;
  JsonObject *obj;
  const char *id, *type_name;
  WbAttrType type;
  WbAttrDef *def;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "type", TRUE, &type_name))
    return FALSE;
  if (!wb_attr_type_from_string (type_name, &type))
    {
      gsize old = push_member (r, "type");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown attribute type “%s” (expected int, number, string, bool or firepower)"),
            type_name);
      pop (r, old);
      return FALSE;
    }
  if (wb_unit_type_find_attr (klass, id))
    return duplicate (r, "attribute", id);
  def = wb_attr_def_new (id, type);
  g_ptr_array_add (klass->attrs, def);
  if (!get_text (r, obj, "name", &def->name) ||
      !get_number (r, obj, "min", FALSE, -1e9, 1e9, &def->min) ||
      !get_number (r, obj, "max", FALSE, -1e9, 1e9, &def->max))
    return FALSE;
  if (def->min > def->max)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("min %g is greater than max %g"), def->min, def->max);
  return TRUE;
}

static gboolean
read_unit_class (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "symbol", "attrs", NULL };
  static const char * const symbols[] = {
    "infantry", "cavalry", "artillery", "hq", "leader", "garrison", "pioneer", "supply",
    "train", "generic", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_unit_type_free);
  JsonObject *obj;
  const char *id, *symbol;
  WbUnitType *klass;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  klass = wb_unit_type_new (id);
  g_ptr_array_add (keep, klass);
  if (!get_text (r, obj, "name", &klass->name) || !get_string (r, obj, "symbol", FALSE, &symbol))
    return FALSE;
  if (symbol && !g_strv_contains (symbols, symbol))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) symbols);
      gsize old = push_member (r, "symbol");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown symbol “%s” (expected one of: %s)"), symbol, list);
      pop (r, old);
      return FALSE;
    }
  klass->symbol = g_strdup (symbol ? symbol : "generic");
  if (!for_each (r, obj, "attrs", 256, FALSE, read_attr_def, klass))
    return FALSE;
  if (!wb_game_add_unit_class (r->game, klass))
    return duplicate (r, "unit class", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
read_move_costs (Reader *r, JsonObject *obj, GArray *move)
{
  JsonNode *node = json_object_get_member (obj, "move");
  JsonObject *costs;
  g_autoptr(GList) members = NULL;
  gsize old;

  if (node == NULL)
    return TRUE;
  old = push_member (r, "move");
  if (!(costs = expect_object (r, node)))
    return FALSE;
  members = json_object_get_members (costs);
  for (GList *l = members; l; l = l->next)
    {
      const char *klass = l->data;
      JsonNode *v = json_object_get_member (costs, klass);
      gsize o2 = push_member (r, klass);
      WbMoveCost c = { g_intern_string (klass), -1.0 };

      if (!check_move_class (r, klass))
        return FALSE;
      if (!JSON_NODE_HOLDS_NULL (v))
        {
          if (!is_number (v))
            return fail (r, WB_FORMAT_ERROR_TYPE,
                         _("expected movement points or null (prohibited), found %s"),
                         node_type_name (v));
          c.cost = number_of (v);
          if (!(c.cost >= 0 && c.cost <= 1000))
            return fail (r, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected 0 to 1000)"),
                         c.cost);
        }
      g_array_append_val (move, c);
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

static gboolean
read_terrain (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "key", "color", "pattern", "move", "defense", "blocks_los", "note", NULL
  };
  static const char * const patterns[] = {
    "none", "trees", "rough", "marsh", "water", "town", "dots", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_terrain_type_free);
  JsonObject *obj;
  const char *id, *key, *pattern;
  WbTerrainType *t;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "key", TRUE, &key))
    return FALSE;
  t = wb_terrain_type_new (id);
  g_ptr_array_add (keep, t);
  if (strlen (key) != 1 || !g_ascii_isgraph (key[0]))
    {
      gsize old = push_member (r, "key");
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a map key (expected one printable ASCII character)"), key);
      pop (r, old);
      return FALSE;
    }
  if (wb_game_find_terrain_by_key (r->game, key[0]))
    {
      gsize old = push_member (r, "key");
      fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the map key “%s” is used by another terrain type"), key);
      pop (r, old);
      return FALSE;
    }
  t->key = key[0];
  if (!get_text (r, obj, "name", &t->name) || !get_color (r, obj, "color", &t->color) ||
      !get_string (r, obj, "pattern", FALSE, &pattern) ||
      !read_move_costs (r, obj, t->move) ||
      !get_number (r, obj, "defense", FALSE, 0, 100, &t->defense) ||
      !get_bool (r, obj, "blocks_los", &t->blocks_los) || !get_text (r, obj, "note", &t->note))
    return FALSE;
  if (pattern && !g_strv_contains (patterns, pattern))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) patterns);
      gsize old = push_member (r, "pattern");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown pattern “%s” (expected one of: %s)"), pattern, list);
      pop (r, old);
      return FALSE;
    }
  t->pattern = g_strdup (pattern ? pattern : "none");
  if (!wb_game_add_terrain (r->game, t))
    return duplicate (r, "terrain", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
read_feature (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "where", "style", "color", "width", "move_mode", "move", "defense",
    "blocks_los", "blocks_zoc", "negates", "note", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_feature_type_free);
  JsonObject *obj;
  const char *id, *where_name, *mode_name, *style;
  WbFeatureWhere where;
  WbFeatureType *f;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "where", TRUE, &where_name))
    return FALSE;
  if (!wb_feature_where_from_string (where_name, &where))
    {
      gsize old = push_member (r, "where");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown place “%s” (expected hex, hexside, connection or crossing)"), where_name);
      pop (r, old);
      return FALSE;
    }
  f = wb_feature_type_new (id, where);
  g_ptr_array_add (keep, f);
  if (!get_text (r, obj, "name", &f->name) || !get_string (r, obj, "style", FALSE, &style) ||
      !get_color (r, obj, "color", &f->color) ||
      !get_number (r, obj, "width", FALSE, 0, 1, &f->width) ||
      !get_string (r, obj, "move_mode", FALSE, &mode_name) ||
      !read_move_costs (r, obj, f->move) ||
      !get_number (r, obj, "defense", FALSE, 0, 100, &f->defense) ||
      !get_bool (r, obj, "blocks_los", &f->blocks_los) ||
      !get_bool (r, obj, "blocks_zoc", &f->blocks_zoc) ||
      !get_text (r, obj, "note", &f->note))
    return FALSE;
  f->style = g_strdup (style ? style : "marker");
  if (mode_name && !wb_move_mode_from_string (mode_name, &f->move_mode))
    {
      gsize old = push_member (r, "move_mode");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown movement mode “%s” (expected none, add, set or prohibit)"), mode_name);
      pop (r, old);
      return FALSE;
    }
  /* Negated features may come later in the list: checked after all are read. */
  if (!get_id_list (r, obj, "negates", 64, NULL, f->negates))
    return FALSE;
  if (!wb_game_add_feature (r->game, f))
    return duplicate (r, "feature", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
check_negates (Reader *r, JsonObject *root)
{
  GPtrArray *features = wb_game_get_features (r->game);

  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      for (guint j = 0; j < f->negates->len; j++)
        if (!wb_game_find_feature (r->game, g_ptr_array_index (f->negates, j)))
          {
            gsize old = r->path->len;
            g_string_append_printf (r->path, ".features[%u].negates[%u]", i, j);
            fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown feature “%s”"),
                  (const char *) g_ptr_array_index (f->negates, j));
            pop (r, old);
            return FALSE;
          }
    }
  return TRUE;
}

/* ---- tables ----------------------------------------------------------- */

static gboolean
valid_dice (const char *s)
{
  guint64 n = 0, m = 0;
  char *end = NULL;

  if (strcmp (s, "d66") == 0)
    return TRUE;
  n = g_ascii_strtoull (s, &end, 10);
  if (end == s || *end != 'd')
    return FALSE;
  s = end + 1;
  m = g_ascii_strtoull (s, &end, 10);
  return end != s && *end == '\0' && n >= 1 && n <= 100 && m >= 2 && m <= 1000;
}

static gboolean
read_table_column (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "label", "lo", "hi", NULL };
  WbTable *table = data;
  JsonObject *obj;
  const char *label;
  double lo = 0, hi = 0;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_string (r, obj, "label", TRUE, &label) ||
      !get_number (r, obj, "lo", FALSE, -1e6, 1e6, &lo) ||
      !get_number (r, obj, "hi", FALSE, -1e6, 1e6, &hi))
    return FALSE;
  wb_table_add_column (table, label, lo, hi);
  return TRUE;
}

static gboolean
read_table_row (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "label", "lo", "hi", "cells", NULL };
  WbTable *table = data;
  guint ncols = wb_table_get_columns (table)->len;
  g_autoptr(GPtrArray) cells = NULL;
  JsonObject *obj;
  JsonArray *array;
  const char *label;
  int lo = 0, hi;
  gsize old;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_string (r, obj, "label", TRUE, &label) ||
      !get_int (r, obj, "lo", TRUE, -100000, 100000, &lo))
    return FALSE;
  hi = lo;
  if (!get_int (r, obj, "hi", FALSE, -100000, 100000, &hi))
    return FALSE;
  if (hi < lo)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("the roll range %d–%d is empty"), lo, hi);
  if (!get_array (r, obj, "cells", WB_TABLE_MAX_COLUMNS, TRUE, &array))
    return FALSE;
  old = push_member (r, "cells");
  if (json_array_get_length (array) != ncols)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("%u cells, expected one per column (%u)"),
                 json_array_get_length (array), ncols);
  cells = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < ncols; i++)
    {
      JsonNode *cell = json_array_get_element (array, i);
      gsize o2 = push_index (r, i);
      if (!is_string (cell))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     node_type_name (cell));
      g_ptr_array_add (cells, g_strdup (json_node_get_string (cell)));
      pop (r, o2);
    }
  pop (r, old);
  wb_table_add_row (table, label, lo, hi, g_steal_pointer (&cells));
  return TRUE;
}

static gboolean
read_result_code (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "code", "name", "text", NULL };
  WbTable *table = data;
  JsonObject *obj;
  const char *code, *name, *text;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_string (r, obj, "code", TRUE, &code) ||
      !get_string (r, obj, "name", FALSE, &name) || !get_string (r, obj, "text", FALSE, &text))
    return FALSE;
  wb_table_add_code (table, code, name, text);
  return TRUE;
}

static gboolean
read_table (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "dice", "source", "note", "columns", "rows", "codes", NULL
  };
  g_autoptr(WbTable) table = NULL;
  JsonObject *obj;
  const char *id, *kind_name, *s;
  WbTableKind kind;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed))
    return FALSE;
  if (!get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "kind", TRUE, &kind_name))
    return FALSE;
  if (!wb_table_kind_from_string (kind_name, &kind))
    {
      gsize old = push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown table kind “%s” (expected odds, differential, fire, dice_pool or roll)"),
            kind_name);
      pop (r, old);
      return FALSE;
    }
  table = wb_table_new (id, kind);
  if (!get_string (r, obj, "name", FALSE, &s))
    return FALSE;
  wb_table_set_name (table, s);
  if (!get_string (r, obj, "dice", FALSE, &s))
    return FALSE;
  if (s && !valid_dice (s))
    {
      gsize old = push_member (r, "dice");
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a dice expression (expected NdM such as 1d6, or d66)"), s);
      pop (r, old);
      return FALSE;
    }
  if (s)
    wb_table_set_dice (table, s);
  if (!get_string (r, obj, "source", FALSE, &s))
    return FALSE;
  wb_table_set_source (table, s);
  if (!get_string (r, obj, "note", FALSE, &s))
    return FALSE;
  wb_table_set_note (table, s);
  if (!for_each (r, obj, "columns", WB_TABLE_MAX_COLUMNS, TRUE, read_table_column, table) ||
      !for_each (r, obj, "rows", WB_TABLE_MAX_ROWS, TRUE, read_table_row, table) ||
      !for_each (r, obj, "codes", 1000, FALSE, read_result_code, table))
    return FALSE;
  if (!wb_game_add_table (r->game, table))
    return duplicate (r, "table", id);
  g_steal_pointer (&table);
  return TRUE;
}

/* ---- maps --------------------------------------------------------------- */

static const char *flat_dirs[] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *pointy_dirs[] = { "ne", "e", "se", "sw", "w", "nw" };

static gboolean
read_hex_ref (Reader *r, WbHexMap *map, const char *member, JsonObject *obj, WbOffset *out)
{
  const char *s;
  gsize old;
  char buf[16];

  if (!get_string (r, obj, member, TRUE, &s))
    return FALSE;
  old = push_member (r, member);
  if (!wb_hex_map_parse_hex (map, s, out))
    {
      int digits;
      wb_hex_map_get_numbering (map, NULL, NULL, &digits);
      wb_hex_map_format_hex (map, (WbOffset) { 0, 0 }, buf, sizeof buf);
      return fail (r, WB_FORMAT_ERROR_TYPE,
                   _("“%s” is not a hex number (expected %d digits such as “%s”)"),
                   s, digits * 2, buf);
    }
  if (!wb_hex_map_contains (map, *out))
    {
      char last[16];
      wb_hex_map_format_hex (map, (WbOffset) { wb_hex_map_get_cols (map) - 1,
                                               wb_hex_map_get_rows (map) - 1 }, last, sizeof last);
      wb_hex_map_format_hex (map, (WbOffset) { 0, 0 }, buf, sizeof buf);
      return fail (r, WB_FORMAT_ERROR_OFF_MAP,
                   _("hex %s is outside the map (expected %s to %s)"), s, buf, last);
    }
  pop (r, old);
  return TRUE;
}

static gboolean
read_map_rows (Reader *r, JsonObject *obj, WbHexMap *map, gboolean elevation)
{
  const char *member = elevation ? "elevation" : "terrain";
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  JsonArray *array;
  gsize old;

  if (!get_array (r, obj, member, WB_HEX_MAP_MAX_DIM, FALSE, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = push_member (r, member);
  if (json_array_get_length (array) != (guint) rows)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("%u rows, expected %d (the map's rows)"),
                 json_array_get_length (array), rows);
  for (int y = 0; y < rows; y++)
    {
      JsonNode *node = json_array_get_element (array, (guint) y);
      gsize o2 = push_index (r, (guint) y);
      const char *s;

      if (!is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     node_type_name (node));
      s = json_node_get_string (node);
      if (strlen (s) != (gsize) cols)
        return fail (r, WB_FORMAT_ERROR_RANGE,
                     _("a row of %zu characters, expected %d (one per column)"), strlen (s), cols);
      for (int x = 0; x < cols; x++)
        {
          WbOffset hex = { x, y };
          if (elevation)
            {
              if (!g_ascii_isdigit (s[x]))
                return fail_at (r, WB_FORMAT_ERROR_TYPE, x + 1,
                                _("“%c” in column %d is not an elevation level (expected 0–9)"),
                                s[x], x + 1);
              wb_hex_map_set_elevation (map, hex, s[x] - '0');
            }
          else
            {
              WbTerrainType *t = wb_game_find_terrain_by_key (r->game, s[x]);
              if (t == NULL)
                return fail_at (r, WB_FORMAT_ERROR_REFERENCE, x + 1,
                                _("no terrain type has the key “%c” (column %d)"), s[x], x + 1);
              wb_hex_map_set_terrain (map, hex, t->id);
            }
        }
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

typedef struct
{
  WbHexMap      *map;
  WbFeatureWhere where;
} FeatureCtx;

static gboolean
check_feature_where (Reader *r, const char *id, WbFeatureWhere where)
{
  WbFeatureType *f = wb_game_find_feature (r->game, id);

  if (f == NULL)
    return check_feature (r, id);
  if (f->where != where)
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("feature “%s” is a %s feature, expected a %s one"),
                 id, wb_feature_where_to_string (f->where), wb_feature_where_to_string (where));
  return TRUE;
}

static gboolean
check_hex_feature (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_HEX);
}

static gboolean
check_hexside_feature (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_HEXSIDE);
}

static gboolean
check_connection_class (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_CONNECTION);
}

static gboolean
check_crossing (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_CROSSING);
}

static gboolean
read_hex_entry (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "label", "features", NULL };
  WbHexMap *map = data;
  g_autoptr(GPtrArray) features = g_ptr_array_new ();
  JsonObject *obj;
  const char *label;
  WbOffset hex;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !read_hex_ref (r, map, "hex", obj, &hex) ||
      !get_string (r, obj, "label", FALSE, &label) ||
      !get_id_list (r, obj, "features", 64, check_hex_feature, features))
    return FALSE;
  if (label)
    wb_hex_map_set_label (map, hex, label);
  for (guint i = 0; i < features->len; i++)
    wb_hex_map_add_hex_feature (map, hex, g_ptr_array_index (features, i));
  return TRUE;
}

static gboolean
read_hexside_entry (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "dir", "features", NULL };
  WbHexMap *map = data;
  const char **dirs = wb_hex_map_get_layout (map).orientation == WB_HEX_FLAT
                      ? flat_dirs : pointy_dirs;
  g_autoptr(GPtrArray) features = g_ptr_array_new ();
  JsonObject *obj;
  const char *dir_name;
  WbOffset hex;
  int dir = -1;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !read_hex_ref (r, map, "hex", obj, &hex) ||
      !get_string (r, obj, "dir", TRUE, &dir_name))
    return FALSE;
  for (int d = 0; d < 6; d++)
    if (strcmp (dirs[d], dir_name) == 0)
      dir = d;
  if (dir < 0)
    {
      gsize old = push_member (r, "dir");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown direction “%s” (expected %s, %s, %s, %s, %s or %s)"),
            dir_name, dirs[0], dirs[1], dirs[2], dirs[3], dirs[4], dirs[5]);
      pop (r, old);
      return FALSE;
    }
  if (!get_id_list (r, obj, "features", 64, check_hexside_feature, features))
    return FALSE;
  for (guint i = 0; i < features->len; i++)
    wb_hex_map_add_side_feature (map, hex, dir, g_ptr_array_index (features, i));
  return TRUE;
}

static gboolean
read_mark (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "kind", "side", "vp", "hexes", "note", NULL };
  static const char * const kinds[] = {
    "objective", "entry", "supply", "setup", "trench", "place", NULL
  };
  WbHexMap *map = data;
  JsonObject *obj;
  const char *id, *kind;
  JsonArray *hexes;
  WbMapMark *mark;
  gsize old;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id) || !get_string (r, obj, "kind", TRUE, &kind))
    return FALSE;
  if (!g_strv_contains (kinds, kind))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) kinds);
      old = push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown mark kind “%s” (expected one of: %s)"), kind, list);
      pop (r, old);
      return FALSE;
    }
  if (wb_hex_map_find_mark (map, id))
    return duplicate (r, "mark", id);
  mark = wb_map_mark_new (id);
  mark->kind = g_strdup (kind);
  wb_hex_map_add_mark (map, mark);
  if (!get_text (r, obj, "name", &mark->name) ||
      !get_ref (r, obj, "side", FALSE, check_side, &mark->side) ||
      !get_int (r, obj, "vp", FALSE, -100000, 100000, &mark->vp) ||
      !get_text (r, obj, "note", &mark->note) ||
      !get_array (r, obj, "hexes", (guint) (WB_HEX_MAP_MAX_DIM * WB_HEX_MAP_MAX_DIM), TRUE, &hexes))
    return FALSE;
  old = push_member (r, "hexes");
  for (guint i = 0; i < json_array_get_length (hexes); i++)
    {
      JsonNode *h = json_array_get_element (hexes, i);
      g_autoptr(JsonObject) wrapper = json_object_new ();
      gsize o2 = push_index (r, i);
      WbOffset hex;

      /* read_hex_ref reads a member; give it one, then report at the element. */
      json_object_set_member (wrapper, "hex", json_node_copy (h));
      if (!is_string (h))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a hex number, found %s"),
                     node_type_name (h));
      {
        gsize len = r->path->len;
        gboolean ok;
        /* The element itself is the hex: report there, not at a ".hex" member. */
        ok = wb_hex_map_parse_hex (map, json_node_get_string (h), &hex) &&
             wb_hex_map_contains (map, hex);
        if (!ok)
          {
            g_string_append (r->path, ".hex");
            (void) read_hex_ref (r, map, "hex", wrapper, &hex);
            g_string_truncate (r->path, len);
            return FALSE;
          }
      }
      g_array_append_val (mark->hexes, hex);
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

static gboolean
read_hex_map (Reader *r, JsonObject *obj, const char *id, WbMap **out)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "source", "orientation", "parity", "cols", "rows", "numbering",
    "hex_size", "default_terrain", "terrain", "elevation", "hexes", "hexsides", "marks", NULL
  };
  g_autoptr(WbHexMap) map = NULL;
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  const char *s, *default_terrain;
  int cols = 0, rows = 0, first_col = 1, first_row = 1, digits = 2;
  double hex_size = 30;
  JsonNode *numbering;

  if (!check_members (r, obj, allowed))
    return FALSE;
  if (!get_string (r, obj, "orientation", FALSE, &s))
    return FALSE;
  if (s && strcmp (s, "flat") != 0 && strcmp (s, "pointy") != 0)
    {
      gsize old = push_member (r, "orientation");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown orientation “%s” (expected flat or pointy)"), s);
      pop (r, old);
      return FALSE;
    }
  layout.orientation = s && strcmp (s, "pointy") == 0 ? WB_HEX_POINTY : WB_HEX_FLAT;
  if (!get_string (r, obj, "parity", FALSE, &s))
    return FALSE;
  if (s && strcmp (s, "odd") != 0 && strcmp (s, "even") != 0)
    {
      gsize old = push_member (r, "parity");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown parity “%s” (expected odd or even)"), s);
      pop (r, old);
      return FALSE;
    }
  layout.parity = s && strcmp (s, "even") == 0 ? WB_HEX_EVEN : WB_HEX_ODD;
  /* Dimensions are checked before anything is allocated for them. */
  for (guint i = 0; i < 2; i++)
    {
      const char *member = i ? "rows" : "cols";
      JsonNode *n = json_object_get_member (obj, member);
      if (n && is_number (n) && number_of (n) > WB_HEX_MAP_MAX_DIM)
        {
          gsize old = push_member (r, member);
          fail (r, WB_FORMAT_ERROR_TOO_LARGE, _("%g %s, more than the limit of %d"),
                number_of (n), member, WB_HEX_MAP_MAX_DIM);
          pop (r, old);
          return FALSE;
        }
    }
  if (!get_int (r, obj, "cols", TRUE, 1, WB_HEX_MAP_MAX_DIM, &cols) ||
      !get_int (r, obj, "rows", TRUE, 1, WB_HEX_MAP_MAX_DIM, &rows) ||
      !get_number (r, obj, "hex_size", FALSE, 4, 500, &hex_size))
    return FALSE;
  numbering = json_object_get_member (obj, "numbering");
  if (numbering)
    {
      static const char * const nallowed[] = { "first_col", "first_row", "digits", NULL };
      gsize old = push_member (r, "numbering");
      JsonObject *n = expect_object (r, numbering);
      if (!n || !check_members (r, n, nallowed) ||
          !get_int (r, n, "first_col", FALSE, 0, 9999, &first_col) ||
          !get_int (r, n, "first_row", FALSE, 0, 9999, &first_row) ||
          !get_int (r, n, "digits", FALSE, 1, 4, &digits))
        return FALSE;
      {
        int limit = 1;
        for (int i = 0; i < digits; i++)
          limit *= 10;
        if (first_col + cols - 1 >= limit || first_row + rows - 1 >= limit)
          return fail (r, WB_FORMAT_ERROR_RANGE,
                       _("%d digits cannot number %d columns and %d rows from %d, %d"),
                       digits, cols, rows, first_col, first_row);
      }
      pop (r, old);
    }
  else if (cols + first_col - 1 >= 100 || rows + first_row - 1 >= 100)
    digits = (cols + first_col - 1 >= 1000 || rows + first_row - 1 >= 1000) ? 4 : 3;
  if (!get_string (r, obj, "default_terrain", !json_object_has_member (obj, "terrain"),
                   &default_terrain))
    return FALSE;
  if (default_terrain)
    {
      gsize old = push_member (r, "default_terrain");
      if (!wb_game_find_terrain (r->game, default_terrain))
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown terrain “%s”"), default_terrain);
      pop (r, old);
    }
  else
    {
      GPtrArray *terrain = wb_game_get_terrain (r->game);
      if (terrain->len == 0)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("a hex map needs at least one terrain type"));
      default_terrain = ((WbTerrainType *) g_ptr_array_index (terrain, 0))->id;
    }
  map = wb_hex_map_new (id, layout, cols, rows, default_terrain);
  wb_hex_map_set_numbering (map, first_col, first_row, digits);
  wb_hex_map_set_hex_size (map, hex_size);
  if (!read_map_rows (r, obj, map, FALSE) || !read_map_rows (r, obj, map, TRUE) ||
      !for_each (r, obj, "hexes", (guint) cols * (guint) rows, FALSE, read_hex_entry, map) ||
      !for_each (r, obj, "hexsides", (guint) cols * (guint) rows * 3 + 4000, FALSE,
                 read_hexside_entry, map) ||
      !for_each (r, obj, "marks", WB_GAME_MAX_ENTITIES, FALSE, read_mark, map))
    return FALSE;
  *out = WB_MAP (g_steal_pointer (&map));
  return TRUE;
}

static gboolean
read_string_ids (Reader *r, JsonObject *obj, const char *member, RefCheck check, GPtrArray *out)
{
  return get_id_list (r, obj, member, 64, check, out);
}

static gboolean
read_location (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "x", "y", "label_dx", "label_dy", "major", "port", "fortress", "vp",
    "supply", "replacement", "tags", "note", NULL
  };
  WbPointMap *map = data;
  double w, h;
  JsonObject *obj;
  const char *id;
  WbLocation *loc;

  wb_map_get_extent (WB_MAP (map), &w, &h);
  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  loc = wb_location_new (id);
  if (!wb_point_map_add_location (map, loc))
    {
      wb_location_free (loc);
      return duplicate (r, "location", id);
    }
  return get_text (r, obj, "name", &loc->name) &&
         get_number (r, obj, "x", TRUE, 0, w, &loc->x) &&
         get_number (r, obj, "y", TRUE, 0, h, &loc->y) &&
         get_number (r, obj, "label_dx", FALSE, -1000, 1000, &loc->label_dx) &&
         get_number (r, obj, "label_dy", FALSE, -1000, 1000, &loc->label_dy) &&
         get_bool (r, obj, "major", &loc->major) &&
         get_bool (r, obj, "port", &loc->port) &&
         get_int (r, obj, "fortress", FALSE, 0, 1000, &loc->fortress) &&
         get_int (r, obj, "vp", FALSE, -100000, 100000, &loc->vp) &&
         read_string_ids (r, obj, "supply", check_side, loc->supply) &&
         read_string_ids (r, obj, "replacement", check_side, loc->replacement) &&
         read_string_ids (r, obj, "tags", NULL, loc->tags) &&
         get_text (r, obj, "note", &loc->note);
}

static WbPointMap *current_point_map;

static gboolean
check_location_in_current (Reader *r, const char *id)
{
  if (wb_point_map_find_location (current_point_map, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown location “%s”"), id);
}

static gboolean
read_connection (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "a", "b", "class", "crossings", "note", NULL };
  WbPointMap *map = data;
  JsonObject *obj;
  const char *a, *b, *klass;
  WbConnection *c;

  current_point_map = map;
  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_ref (r, obj, "a", TRUE, check_location_in_current, &a) ||
      !get_ref (r, obj, "b", TRUE, check_location_in_current, &b) ||
      !get_ref (r, obj, "class", TRUE, check_connection_class, &klass))
    return FALSE;
  if (a == b)
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("a connection must join two different locations"));
  c = wb_connection_new (a, b, klass);
  wb_point_map_add_connection (map, c);
  return read_string_ids (r, obj, "crossings", check_crossing, c->crossings) &&
         get_text (r, obj, "note", &c->note);
}

static gboolean
read_point_map (Reader *r, JsonObject *obj, const char *id, WbMap **out)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "source", "width", "height", "locations", "connections", NULL
  };
  g_autoptr(WbPointMap) map = NULL;
  double w = 0, h = 0;

  if (!check_members (r, obj, allowed) ||
      !get_number (r, obj, "width", TRUE, 1, WB_POINT_MAP_MAX_EXTENT, &w) ||
      !get_number (r, obj, "height", TRUE, 1, WB_POINT_MAP_MAX_EXTENT, &h))
    return FALSE;
  map = wb_point_map_new (id, w, h);
  if (!for_each (r, obj, "locations", WB_POINT_MAP_MAX_LOCATIONS, FALSE, read_location, map) ||
      !for_each (r, obj, "connections", WB_POINT_MAP_MAX_LOCATIONS * 8, FALSE, read_connection, map))
    return FALSE;
  *out = WB_MAP (g_steal_pointer (&map));
  return TRUE;
}

static gboolean
read_map (Reader *r, JsonNode *node, guint index, gpointer data)
{
  JsonObject *obj;
  const char *id, *kind, *name, *source;
  WbMap *map = NULL;

  if (!(obj = expect_object (r, node)) || !get_id (r, obj, "id", TRUE, &id) ||
      !get_string (r, obj, "kind", TRUE, &kind) || !get_string (r, obj, "name", FALSE, &name) ||
      !get_string (r, obj, "source", FALSE, &source))
    return FALSE;
  if (wb_game_find_map (r->game, id))
    return duplicate (r, "map", id);
  if (strcmp (kind, "hex") == 0)
    {
      if (!read_hex_map (r, obj, id, &map))
        return FALSE;
    }
  else if (strcmp (kind, "points") == 0)
    {
      if (!read_point_map (r, obj, id, &map))
        return FALSE;
    }
  else
    {
      gsize old = push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown map kind “%s” (expected hex or points)"), kind);
      pop (r, old);
      return FALSE;
    }
  wb_map_set_name (map, name);
  wb_map_set_source (map, source);
  wb_game_add_map (r->game, map);
  return TRUE;
}

/* ---- formations, units ------------------------------------------------- */

static gboolean
read_formation (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "echelon", "side", "parent", "color", NULL };
  JsonObject *obj;
  const char *id;
  WbFormation *f;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  f = wb_formation_new (id);
  if (!wb_game_add_formation (r->game, f))
    {
      wb_formation_free (f);
      return duplicate (r, "formation", id);
    }
  return get_text (r, obj, "name", &f->name) && get_text (r, obj, "echelon", &f->echelon) &&
         get_ref (r, obj, "side", TRUE, check_side, &f->side) &&
         get_ref (r, obj, "parent", FALSE, check_formation, &f->parent) &&
         get_color (r, obj, "color", &f->color);
}

static gboolean
halves_of (Reader *r, JsonNode *node, gint16 *out)
{
  double v;

  if (is_string (node) && strcmp (json_node_get_string (node), "C") == 0)
    {
      *out = 1;
      return TRUE;
    }
  if (!is_number (node))
    return fail (r, WB_FORMAT_ERROR_TYPE, _("expected strength points (a number or “C”), found %s"),
                 node_type_name (node));
  v = number_of (node);
  if (!(v >= 0 && v <= 10000) || v * 2 != floor (v * 2))
    return fail (r, WB_FORMAT_ERROR_RANGE,
                 _("%g is not a strength (expected 0 to 10000 in steps of ½)"), v);
  *out = (gint16) (v * 2);
  return TRUE;
}

static gboolean
read_strength (Reader *r, JsonObject *obj, WbStrength *s)
{
  JsonNode *node = json_object_get_member (obj, "strength");
  gsize old;

  memset (s, 0, sizeof *s);
  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “strength”"));
  old = push_member (r, "strength");
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      if (json_object_has_member (o, "steps"))
        {
          static const char * const allowed[] = { "steps", "current", NULL };
          JsonArray *steps;
          int current = 0;

          if (!check_members (r, o, allowed) ||
              !get_array (r, o, "steps", WB_STRENGTH_MAX_STEPS, TRUE, &steps))
            return FALSE;
          s->kind = WB_STRENGTH_STEPS;
          s->n = (guint8) json_array_get_length (steps);
          if (s->n == 0)
            return fail (r, WB_FORMAT_ERROR_RANGE, _("a step list needs at least one step"));
          for (guint i = 0; i < s->n; i++)
            {
              gsize o2 = push_member (r, "steps");
              push_index (r, i);
              if (!halves_of (r, json_array_get_element (steps, i), &s->halves[i]))
                return FALSE;
              pop (r, o2);
            }
          if (!get_int (r, o, "current", FALSE, 0, s->n - 1, &current))
            return FALSE;
          s->current = (guint8) current;
        }
      else
        {
          static const char * const allowed[] = { "fresh", "worn", "current", NULL };
          const char *current = NULL;
          JsonNode *fresh, *worn;

          if (!check_members (r, o, allowed))
            return FALSE;
          fresh = json_object_get_member (o, "fresh");
          worn = json_object_get_member (o, "worn");
          if (fresh == NULL || worn == NULL)
            return fail (r, WB_FORMAT_ERROR_MISSING,
                         _("expected {\"steps\": […]} or {\"fresh\": n, \"worn\": n}"));
          s->kind = WB_STRENGTH_SIDES;
          s->n = 2;
          {
            gsize o2 = push_member (r, "fresh");
            if (!halves_of (r, fresh, &s->halves[0]))
              return FALSE;
            pop (r, o2);
            o2 = push_member (r, "worn");
            if (!halves_of (r, worn, &s->halves[1]))
              return FALSE;
            pop (r, o2);
          }
          if (!get_string (r, o, "current", FALSE, &current))
            return FALSE;
          if (current && strcmp (current, "fresh") != 0 && strcmp (current, "worn") != 0)
            {
              gsize o2 = push_member (r, "current");
              fail (r, WB_FORMAT_ERROR_TYPE, _("expected “fresh” or “worn”, found “%s”"), current);
              pop (r, o2);
              return FALSE;
            }
          s->current = current && strcmp (current, "worn") == 0 ? 1 : 0;
        }
    }
  else
    {
      s->kind = WB_STRENGTH_SINGLE;
      s->n = 1;
      if (!halves_of (r, node, &s->halves[0]))
        return FALSE;
    }
  pop (r, old);
  return TRUE;
}

static gboolean
read_attr_value (Reader *r, WbAttrDef *def, JsonNode *node, WbAttrValue *v)
{
  v->type = def->type;
  switch (def->type)
    {
    case WB_ATTR_INT:
    case WB_ATTR_NUMBER:
      {
        double d;
        if (!is_number (node))
          return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a number, found %s"),
                       node_type_name (node));
        d = number_of (node);
        if (def->type == WB_ATTR_INT && d != floor (d))
          return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a whole number, found %g"), d);
        if (!(d >= def->min && d <= def->max))
          return fail (r, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected %g to %g)"),
                       d, def->min, def->max);
        if (def->type == WB_ATTR_INT)
          v->i = (gint64) d;
        else
          v->d = d;
        return TRUE;
      }
    case WB_ATTR_BOOL:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected true or false, found %s"),
                     node_type_name (node));
      v->b = json_node_get_boolean (node);
      return TRUE;
    case WB_ATTR_STRING:
      if (!is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     node_type_name (node));
      v->s = (char *) json_node_get_string (node);
      return TRUE;
    case WB_ATTR_FIREPOWER:
      {
        const char *s = is_string (node) ? json_node_get_string (node) : NULL;
        if (s == NULL || !g_ascii_isalpha (s[0]) || s[1] == '\0' ||
            strspn (s + 1, "0123456789") != strlen (s + 1) || strlen (s) > 4)
          return fail (r, WB_FORMAT_ERROR_TYPE,
                       _("expected a firepower rating such as “A2” (a letter and a number)"));
        v->s = (char *) s;
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_unit (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "designation", "side", "class", "formation", "size", "strength", "attrs",
    "note", NULL
  };
  g_autoptr(WbUnit) unit = NULL;
  JsonObject *obj;
  const char *id, *side, *klass_id, *formation, *s;
  WbUnitType *klass;
  WbStrength strength;
  JsonNode *attrs;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  unit = wb_unit_new (id);
  if (!get_ref (r, obj, "side", TRUE, check_side, &side) ||
      !get_ref (r, obj, "class", TRUE, check_class, &klass_id) ||
      !get_ref (r, obj, "formation", FALSE, check_formation, &formation) ||
      !read_strength (r, obj, &strength))
    return FALSE;
  wb_unit_set_side (unit, side);
  wb_unit_set_class_id (unit, klass_id);
  wb_unit_set_formation (unit, formation);
  wb_unit_set_strength (unit, &strength);
#define TEXT(member, setter)                         \
  if (!get_string (r, obj, member, FALSE, &s))       \
    return FALSE;                                    \
  if (s)                                             \
    setter (unit, s);
  TEXT ("name", wb_unit_set_name)
  TEXT ("designation", wb_unit_set_designation)
  TEXT ("size", wb_unit_set_size)
  TEXT ("note", wb_unit_set_note)
#undef TEXT
  if (formation)
    {
      WbFormation *f = wb_game_find_formation (r->game, formation);
      if (f->side != side)
        {
          gsize old = push_member (r, "formation");
          fail (r, WB_FORMAT_ERROR_REFERENCE,
                _("formation “%s” belongs to side “%s”, not “%s”"), formation, f->side, side);
          pop (r, old);
          return FALSE;
        }
    }
  klass = wb_game_find_unit_class (r->game, klass_id);
  attrs = json_object_get_member (obj, "attrs");
  if (attrs)
    {
      g_autoptr(GList) members = NULL;
      gsize old = push_member (r, "attrs");
      JsonObject *a = expect_object (r, attrs);

      if (a == NULL)
        return FALSE;
      members = json_object_get_members (a);
      for (GList *l = members; l; l = l->next)
        {
          const char *attr_id = l->data;
          WbAttrDef *def = wb_unit_type_find_attr (klass, attr_id);
          gsize o2 = push_member (r, attr_id);
          WbAttrValue v;

          if (def == NULL)
            return fail (r, WB_FORMAT_ERROR_REFERENCE,
                         _("unit class “%s” has no attribute “%s”"), klass_id, attr_id);
          if (!read_attr_value (r, def, json_object_get_member (a, attr_id), &v))
            return FALSE;
          wb_unit_set_attr (unit, attr_id, &v);
          pop (r, o2);
        }
      pop (r, old);
    }
  if (!wb_game_add_unit (r->game, unit))
    return duplicate (r, "unit", id);
  g_steal_pointer (&unit);
  return TRUE;
}

/* ---- scenarios ---------------------------------------------------------- */

typedef struct
{
  WbScenario *scenario;
  WbMap      *map;
  GHashTable *option_ids;
} ScenarioCtx;

static gboolean
check_place (Reader *r, ScenarioCtx *ctx, WbPlaceKind kind, const char *ref)
{
  WbOffset hex;

  switch (kind)
    {
    case WB_PLACE_HEX:
      if (!WB_IS_HEX_MAP (ctx->map))
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("a hex on map “%s”, which is not a hex map"), wb_map_get_id (ctx->map));
      if (!wb_hex_map_parse_hex (WB_HEX_MAP (ctx->map), ref, &hex))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a hex number"), ref);
      if (!wb_hex_map_contains (WB_HEX_MAP (ctx->map), hex))
        return fail (r, WB_FORMAT_ERROR_OFF_MAP, _("hex %s is outside map “%s”"), ref,
                     wb_map_get_id (ctx->map));
      return TRUE;
    case WB_PLACE_LOCATION:
      if (!WB_IS_POINT_MAP (ctx->map))
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("a location on map “%s”, which is not a point-to-point map"),
                     wb_map_get_id (ctx->map));
      if (!wb_point_map_find_location (WB_POINT_MAP (ctx->map), ref))
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown location “%s” on map “%s”"), ref,
                     wb_map_get_id (ctx->map));
      return TRUE;
    case WB_PLACE_BOX:
      {
        GPtrArray *boxes = wb_scenario_get_boxes (ctx->scenario);
        for (guint i = 0; i < boxes->len; i++)
          if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, i))->id, ref) == 0)
            return TRUE;
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown box “%s”"), ref);
      }
    default:
      g_assert_not_reached ();
    }
}

/* Reads one place given inline ({"hex": …}) from @obj into @places; returns
 * FALSE with an error, or TRUE with @found telling whether one was there. */
static gboolean
read_inline_place (Reader *r, ScenarioCtx *ctx, JsonObject *obj, GArray *places, gboolean *found)
{
  static const char *members[] = { "hex", "location", "box" };
  int count = 0;

  *found = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (members); k++)
    {
      const char *ref;
      gsize old;

      if (!json_object_has_member (obj, members[k]))
        continue;
      if (++count > 1)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("give only one of “hex”, “location” and “box”"));
      if (!get_string (r, obj, members[k], TRUE, &ref))
        return FALSE;
      old = push_member (r, members[k]);
      if (!check_place (r, ctx, (WbPlaceKind) k, ref))
        return FALSE;
      pop (r, old);
      wb_place_array_add (places, (WbPlaceKind) k, ref);
      *found = TRUE;
    }
  return TRUE;
}

static gboolean
read_choice (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "location", "box", NULL };
  gpointer *pair = data;
  ScenarioCtx *ctx = pair[0];
  GArray *places = pair[1];
  JsonObject *obj;
  gboolean found;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !read_inline_place (r, ctx, obj, places, &found))
    return FALSE;
  if (!found)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("expected a place: “hex”, “location” or “box”"));
  return TRUE;
}

static gboolean
read_places (Reader *r, ScenarioCtx *ctx, JsonObject *obj, GArray *places, gboolean required)
{
  gboolean found;
  gpointer pair[2] = { ctx, places };

  if (!read_inline_place (r, ctx, obj, places, &found))
    return FALSE;
  if (json_object_has_member (obj, "choices"))
    {
      if (found)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("give either one place or “choices”, not both"));
      if (!for_each (r, obj, "choices", 1000, TRUE, read_choice, pair))
        return FALSE;
      found = places->len > 0;
    }
  if (!found && required)
    return fail (r, WB_FORMAT_ERROR_MISSING,
                 _("expected a place: “hex”, “location”, “box” or “choices”"));
  return TRUE;
}

static ScenarioCtx *current_scenario;

static gboolean
check_option (Reader *r, const char *id)
{
  if (g_hash_table_contains (current_scenario->option_ids, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown option “%s” (options are listed in “options”)"), id);
}

static gboolean
read_option_tags (Reader *r, ScenarioCtx *ctx, JsonObject *obj, const char **option,
                  const char **unless)
{
  current_scenario = ctx;
  return get_ref (r, obj, "option", FALSE, check_option, option) &&
         get_ref (r, obj, "unless", FALSE, check_option, unless);
}

static gboolean
read_setup (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "unit", "hex", "location", "box", "choices", "option", "unless", "note", NULL
  };
  ScenarioCtx *ctx = data;
  JsonObject *obj;
  const char *unit;
  WbSetup *s;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_ref (r, obj, "unit", TRUE, check_unit, &unit))
    return FALSE;
  s = wb_setup_new (unit);
  g_ptr_array_add (wb_scenario_get_setup (ctx->scenario), s);
  return read_places (r, ctx, obj, s->at, TRUE) &&
         read_option_tags (r, ctx, obj, &s->option, &s->unless) &&
         get_text (r, obj, "note", &s->note);
}

static gboolean
check_mark_in_current (Reader *r, const char *id)
{
  if (WB_IS_HEX_MAP (current_scenario->map) &&
      wb_hex_map_find_mark (WB_HEX_MAP (current_scenario->map), id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown map mark “%s”"), id);
}

static gboolean
read_reinforcement (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "turn", "hex", "location", "box", "choices", "area", "units", "option", "unless",
    "condition", "note", NULL
  };
  ScenarioCtx *ctx = data;
  int turns = (int) wb_scenario_get_turns (ctx->scenario)->len;
  JsonObject *obj;
  WbReinforcement *re;
  int turn = 0;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_int (r, obj, "turn", TRUE, 1, MAX (turns, 1), &turn))
    return FALSE;
  re = wb_reinforcement_new (turn);
  g_ptr_array_add (wb_scenario_get_reinforcements (ctx->scenario), re);
  current_scenario = ctx;
  if (!read_places (r, ctx, obj, re->at, FALSE) ||
      !get_ref (r, obj, "area", FALSE, check_mark_in_current, &re->area))
    return FALSE;
  if (re->at->len == 0 && re->area == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING,
                 _("expected where the units enter: “hex”, “location”, “box”, “choices” or “area”"));
  if (!json_object_has_member (obj, "units"))
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “units” (an array)"));
  return get_id_list (r, obj, "units", WB_GAME_MAX_UNITS, check_unit, re->units) &&
         read_option_tags (r, ctx, obj, &re->option, &re->unless) &&
         get_text (r, obj, "condition", &re->condition) &&
         get_text (r, obj, "note", &re->note);
}

static gboolean
read_victory (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "kind", "side", "vp", "places", "units", "text", NULL };
  ScenarioCtx *ctx = data;
  JsonObject *obj;
  const char *kind_name;
  WbVictoryKind kind;
  WbVictory *v;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_string (r, obj, "kind", TRUE, &kind_name))
    return FALSE;
  if (!wb_victory_kind_from_string (kind_name, &kind))
    {
      gsize old = push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown victory condition “%s” (expected vp_per_sp, occupy, destroy or text)"),
            kind_name);
      pop (r, old);
      return FALSE;
    }
  v = wb_victory_new (kind);
  g_ptr_array_add (wb_scenario_get_victory (ctx->scenario), v);
  if (!get_ref (r, obj, "side", kind != WB_VICTORY_TEXT, check_side, &v->side) ||
      !get_int (r, obj, "vp", FALSE, -100000, 100000, &v->vp) ||
      !get_text (r, obj, "text", &v->text))
    return FALSE;
  if (json_object_has_member (obj, "places"))
    {
      gpointer pair[2] = { ctx, v->places };
      if (!for_each (r, obj, "places", 100000, TRUE, read_choice, pair))
        return FALSE;
    }
  if (!get_id_list (r, obj, "units", WB_GAME_MAX_UNITS, check_unit, v->units))
    return FALSE;
  if (kind == WB_VICTORY_OCCUPY && v->places->len == 0)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("an occupy condition needs “places”"));
  if (kind == WB_VICTORY_DESTROY && v->units->len == 0)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("a destroy condition needs “units”"));
  if (kind == WB_VICTORY_TEXT && v->text == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("a text condition needs “text”"));
  return TRUE;
}

static gboolean
read_box (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "side", NULL };
  ScenarioCtx *ctx = data;
  GPtrArray *boxes = wb_scenario_get_boxes (ctx->scenario);
  JsonObject *obj;
  const char *id;
  WbBox *box;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  for (guint i = 0; i < boxes->len; i++)
    if (((WbBox *) g_ptr_array_index (boxes, i))->id == id)
      return duplicate (r, "box", id);
  box = g_new0 (WbBox, 1);
  box->id = id;
  g_ptr_array_add (boxes, box);
  return get_text (r, obj, "name", &box->name) &&
         get_ref (r, obj, "side", FALSE, check_side, &box->side);
}

static gboolean
read_option (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "text", NULL };
  ScenarioCtx *ctx = data;
  JsonObject *obj;
  const char *id;
  WbOption *o;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  if (g_hash_table_contains (ctx->option_ids, id))
    return duplicate (r, "option", id);
  g_hash_table_add (ctx->option_ids, (gpointer) id);
  o = g_new0 (WbOption, 1);
  o->id = id;
  g_ptr_array_add (wb_scenario_get_options (ctx->scenario), o);
  return get_text (r, obj, "name", &o->name) && get_text (r, obj, "text", &o->text);
}

static gboolean
read_special_rule (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "title", "text", NULL };
  ScenarioCtx *ctx = data;
  JsonObject *obj;
  const char *id;
  WbSpecialRule *rule;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  rule = g_new0 (WbSpecialRule, 1);
  rule->id = id;
  g_ptr_array_add (wb_scenario_get_special_rules (ctx->scenario), rule);
  return get_text (r, obj, "title", &rule->title) && get_text (r, obj, "text", &rule->text);
}

static gboolean
read_turns (Reader *r, JsonObject *obj, WbScenario *scenario)
{
  static const char * const allowed[] = { "count", "labels", "night", NULL };
  JsonNode *node = json_object_get_member (obj, "turns");
  GArray *turns;
  JsonObject *t;
  JsonArray *labels, *night;
  int count = 0;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “turns”"));
  old = push_member (r, "turns");
  if (!(t = expect_object (r, node)) || !check_members (r, t, allowed) ||
      !get_int (r, t, "count", TRUE, 1, WB_SCENARIO_MAX_TURNS, &count) ||
      !get_array (r, t, "labels", (guint) count, FALSE, &labels) ||
      !get_array (r, t, "night", (guint) count, FALSE, &night))
    return FALSE;
  wb_scenario_set_turn_count (scenario, count);
  turns = wb_scenario_get_turns (scenario);
  for (guint i = 0; labels && i < json_array_get_length (labels); i++)
    {
      JsonNode *l = json_array_get_element (labels, i);
      gsize o2 = push_member (r, "labels");
      push_index (r, i);
      if (!is_string (l))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), node_type_name (l));
      g_array_index (turns, WbTurn, i).label = g_strdup (json_node_get_string (l));
      pop (r, o2);
    }
  for (guint i = 0; night && i < json_array_get_length (night); i++)
    {
      JsonNode *n = json_array_get_element (night, i);
      gsize o2 = push_member (r, "night");
      double v;
      push_index (r, i);
      if (!is_number (n) || (v = number_of (n)) < 1 || v > count || v != floor (v))
        return fail (r, WB_FORMAT_ERROR_RANGE, _("expected a turn number from 1 to %d"), count);
      g_array_index (turns, WbTurn, (guint) v - 1).night = TRUE;
      pop (r, o2);
    }
  pop (r, old);
  return TRUE;
}

static gboolean
check_map (Reader *r, const char *id)
{
  if (wb_game_find_map (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown map “%s”"), id);
}

static gboolean
read_scenario (Reader *r, JsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "description", "map", "first_side", "turns", "boxes", "options", "setup",
    "reinforcements", "victory", "victory_text", "special_rules", NULL
  };
  g_autoptr(WbScenario) scenario = NULL;
  g_autoptr(GHashTable) option_ids = g_hash_table_new (NULL, NULL);
  ScenarioCtx ctx;
  JsonObject *obj;
  const char *id, *map, *first, *s;

  if (!(obj = expect_object (r, node)) || !check_members (r, obj, allowed) ||
      !get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  if (wb_game_find_scenario (r->game, id))
    return duplicate (r, "scenario", id);
  scenario = wb_scenario_new (id);
  if (!get_ref (r, obj, "map", TRUE, check_map, &map) ||
      !get_ref (r, obj, "first_side", FALSE, check_side, &first))
    return FALSE;
  wb_scenario_set_map (scenario, map);
  wb_scenario_set_first_side (scenario, first);
#define TEXT(member, setter)                         \
  if (!get_string (r, obj, member, FALSE, &s))       \
    return FALSE;                                    \
  setter (scenario, s);
  TEXT ("name", wb_scenario_set_name)
  TEXT ("description", wb_scenario_set_description)
  TEXT ("victory_text", wb_scenario_set_victory_text)
#undef TEXT
  ctx.scenario = scenario;
  ctx.map = wb_game_find_map (r->game, map);
  ctx.option_ids = option_ids;
  if (!read_turns (r, obj, scenario) ||
      !for_each (r, obj, "boxes", WB_GAME_MAX_ENTITIES, FALSE, read_box, &ctx) ||
      !for_each (r, obj, "options", WB_GAME_MAX_ENTITIES, FALSE, read_option, &ctx) ||
      !for_each (r, obj, "setup", WB_GAME_MAX_UNITS, FALSE, read_setup, &ctx) ||
      !for_each (r, obj, "reinforcements", WB_GAME_MAX_UNITS, FALSE, read_reinforcement, &ctx) ||
      !for_each (r, obj, "victory", WB_GAME_MAX_ENTITIES, FALSE, read_victory, &ctx) ||
      !for_each (r, obj, "special_rules", WB_GAME_MAX_ENTITIES, FALSE, read_special_rule, &ctx))
    return FALSE;
  wb_game_add_scenario (r->game, g_steal_pointer (&scenario));
  return TRUE;
}

/* ---- the document ---------------------------------------------------------- */

/* Migrations from older versions, applied in place to the parsed document
 * before it is read. Version 1 is the first; each later version adds a
 * function here and a test in tests/test-format.c. */
typedef gboolean (*Migration) (JsonObject *root, GError **error);
static const Migration migrations[WB_FORMAT_VERSION + 1] = { NULL };

static gboolean
read_document (Reader *r, JsonNode *root_node)
{
  static const char * const allowed[] = {
    "format", "version", "game", "rules", "sides", "unit_classes", "terrain", "features",
    "tables", "maps", "formations", "units", "scenarios", NULL
  };
  JsonObject *root;
  const char *format;
  int version = 0;

  g_string_assign (r->path, "$");
  if (!(root = expect_object (r, root_node)))
    return FALSE;
  if (!get_string (r, root, "format", FALSE, &format))
    return FALSE;
  if (g_strcmp0 (format, WB_FORMAT_NAME) != 0)
    {
      if (format)
        push_member (r, "format");
      return fail (r, WB_FORMAT_ERROR_NOT_A_GAME,
                   _("not a Warbench game (expected \"format\": \"%s\")"), WB_FORMAT_NAME);
    }
  if (!json_object_has_member (root, "version"))
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “version” (a whole number)"));
  if (!get_int (r, root, "version", TRUE, 1, G_MAXINT, &version))
    return FALSE;
  if (version > WB_FORMAT_VERSION)
    {
      push_member (r, "version");
      return fail (r, WB_FORMAT_ERROR_TOO_NEW,
                   _("written by a newer Warbench (format version %d; this one reads up to %d)"),
                   version, WB_FORMAT_VERSION);
    }
  for (int v = version; v < WB_FORMAT_VERSION; v++)
    if (migrations[v] && !migrations[v] (root, r->error))
      {
        r->failed = TRUE;
        return FALSE;
      }
  if (!check_members (r, root, allowed) || !read_game_meta (r, root) || !read_rules (r, root) ||
      !for_each (r, root, "sides", WB_GAME_MAX_ENTITIES, TRUE, read_side, NULL) ||
      !for_each (r, root, "unit_classes", WB_GAME_MAX_ENTITIES, FALSE, read_unit_class, NULL) ||
      !for_each (r, root, "terrain", 94, FALSE, read_terrain, NULL) ||
      !for_each (r, root, "features", WB_GAME_MAX_ENTITIES, FALSE, read_feature, NULL) ||
      !check_negates (r, root) ||
      !for_each (r, root, "tables", WB_GAME_MAX_ENTITIES, FALSE, read_table, NULL) ||
      !for_each (r, root, "maps", WB_GAME_MAX_ENTITIES, FALSE, read_map, NULL) ||
      !for_each (r, root, "formations", WB_GAME_MAX_UNITS, FALSE, read_formation, NULL) ||
      !for_each (r, root, "units", WB_GAME_MAX_UNITS, FALSE, read_unit, NULL) ||
      !for_each (r, root, "scenarios", WB_GAME_MAX_ENTITIES, FALSE, read_scenario, NULL))
    return FALSE;
  if (wb_game_get_sides (r->game)->len == 0)
    {
      push_member (r, "sides");
      return fail (r, WB_FORMAT_ERROR_MISSING, _("a game needs at least one side"));
    }
  return TRUE;
}

WbGame *
wb_game_load_from_data (const char *data, gssize len, const char *display_name, GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) path = g_string_new ("$");
  g_autoptr(WbGame) game = NULL;
  Reader r = { 0 };

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (display_name == NULL)
    display_name = "<data>";
  if (len < 0)
    len = (gssize) strlen (data);
  if ((gsize) len > WB_FORMAT_MAX_FILE_SIZE)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE,
                   _("%s: %lld bytes, more than the limit of %d"),
                   display_name, (long long) len, WB_FORMAT_MAX_FILE_SIZE);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, len, &local_error))
    {
      /* json-glib's message starts with "<data>:line:col:"; name the file instead. */
      const char *msg = local_error->message;
      if (g_str_has_prefix (msg, "<data>:"))
        msg += strlen ("<data>:");
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX,
                   _("%s:%s (expected valid JSON)"), display_name, msg);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX,
                   _("%s: the file is empty (expected a JSON object)"), display_name);
      return NULL;
    }

  game = wb_game_new ();
  r.text = data;
  r.len = (gsize) len;
  r.name = display_name;
  r.path = path;
  r.error = error;
  r.game = game;
  if (!read_document (&r, json_parser_get_root (parser)))
    {
      g_assert (error == NULL || *error != NULL);
      return NULL;
    }
  return g_steal_pointer (&game);
}

WbGame *
wb_game_load (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_parse_name (file);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO,
                   _("%s: not a regular file"), name);
      return NULL;
    }
  /* Refuse oversized files before reading them into memory. */
  if (g_file_info_get_size (info) > WB_FORMAT_MAX_FILE_SIZE)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE,
                   _("%s: %lld bytes, more than the limit of %d"),
                   name, (long long) g_file_info_get_size (info), WB_FORMAT_MAX_FILE_SIZE);
      return NULL;
    }
  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, &local_error))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return NULL;
    }
  return wb_game_load_from_data (contents, (gssize) length, name, error);
}
