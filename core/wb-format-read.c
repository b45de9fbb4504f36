/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "wb-format-read-private.h"
#include "wb-print.h"
#include "wb-json-locate-private.h"
#include "wb-util-private.h"
#include "rules/wb-family.h"
#include "rules/wb-roles.h"

/* The reader walks the parsed JSON once, building the model and checking
 * every value as it goes. Collections are read in dependency order (sides
 * and classes before units, terrain before maps, maps before scenarios), so
 * a reference can be checked the moment it is read. The JSON path of the
 * value being read is kept in @path; on error it is turned into a
 * line:column by walking the text again (errors are rare, loads are not). */

#define MAX_ID_LEN 64

gboolean
wb_read_fail_at (Reader *r, int code, int column_offset, const char *format, ...)
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


/* Path handling: push returns the old length for wb_read_pop. Every value
 * read pushes and pops, so these avoid printf. */
gsize
wb_read_push_member (Reader *r, const char *member)
{
  gsize old = r->path->len;
  g_string_append_c (r->path, '.');
  g_string_append (r->path, member);
  return old;
}

gsize
wb_read_push_index (Reader *r, guint index)
{
  char buf[16], *p = buf + sizeof buf;
  gsize old = r->path->len;

  *--p = ']';
  do
    *--p = (char) ('0' + index % 10);
  while ((index /= 10) != 0);
  *--p = '[';
  g_string_append_len (r->path, p, buf + sizeof buf - p);
  return old;
}

void
wb_read_pop (Reader *r, gsize old)
{
  g_string_truncate (r->path, old);
}

const char *
wb_read_node_type_name (WbJsonNode *node)
{
  if (node == NULL)
    return "null";
  switch ((WbJsonType) node->type)
    {
    case WB_JSON_OBJECT: return "an object";
    case WB_JSON_ARRAY: return "an array";
    case WB_JSON_NULL: return "null";
    case WB_JSON_STRING: return "a string";
    case WB_JSON_BOOL: return "a boolean";
    case WB_JSON_INT:
    case WB_JSON_DOUBLE: return "a number";
    default:
      return "something else";
    }
}

gboolean
wb_read_is_string (WbJsonNode *node)
{
  return wb_json_is (node, WB_JSON_STRING);
}

gboolean
wb_read_is_number (WbJsonNode *node)
{
  return wb_json_is_number (node);
}

double
wb_read_number_of (WbJsonNode *node)
{
  return wb_json_get_number (node);
}

/* Unknown members are errors, so a typo never silently drops data. */
gboolean
wb_read_check_members (Reader *r, WbJsonNode *obj, const char * const *allowed)
{
  for (guint i = 0; i < wb_json_object_get_size (obj); i++)
    {
      const char *m = wb_json_object_get_member (obj, i)->key;
      const char * const *a;

      for (a = allowed; *a; a++)
        if ((*a)[0] == m[0] && strcmp (*a, m) == 0)
          break;
      if (*a == NULL)
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);
          gsize old = wb_read_push_member (r, m);
          fail (r, WB_FORMAT_ERROR_TYPE, _("unknown member “%s” (expected one of: %s)"), m, list);
          wb_read_pop (r, old);
          return FALSE;
        }
    }
  return TRUE;
}

WbJsonNode *
wb_read_expect_object (Reader *r, WbJsonNode *node)
{
  if (!wb_json_is (node, WB_JSON_OBJECT))
    {
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected an object, found %s"), wb_read_node_type_name (node));
      return NULL;
    }
  return node;
}

/* Gets an optional array member, bounded by @max elements. */
gboolean
wb_read_get_array (Reader *r, WbJsonNode *obj, const char *member, guint max, gboolean required,
           WbJsonNode **out)
{
  WbJsonNode *node = wb_json_object_get (obj, member);

  *out = NULL;
  if (node == NULL)
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (an array)"), member);
      return TRUE;
    }
  if (!wb_json_is (node, WB_JSON_ARRAY) || wb_json_array_get_length (node) > max)
    {
      gsize old = wb_read_push_member (r, member);
      if (!wb_json_is (node, WB_JSON_ARRAY))
        fail (r, WB_FORMAT_ERROR_TYPE, _("expected an array, found %s"), wb_read_node_type_name (node));
      else
        fail (r, WB_FORMAT_ERROR_TOO_LARGE, _("%u elements, more than the limit of %u"),
              wb_json_array_get_length (node), max);
      wb_read_pop (r, old);
      return FALSE;
    }
  *out = node;
  return TRUE;
}

gboolean
wb_read_get_string (Reader *r, WbJsonNode *obj, const char *member, gboolean required, const char **out)
{
  WbJsonNode *node = wb_json_object_get (obj, member);
  gsize old;

  *out = NULL;
  if (node == NULL || (!required && node->type == WB_JSON_NULL))
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (a string)"), member);
      return TRUE;
    }
  if (!wb_read_is_string (node))
    {
      old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), wb_read_node_type_name (node));
      wb_read_pop (r, old);
      return FALSE;
    }
  *out = wb_json_get_string (node);
  return TRUE;
}

/* Copies an optional string into @field. */
gboolean
wb_read_get_text (Reader *r, WbJsonNode *obj, const char *member, char **field)
{
  const char *s;

  if (!wb_read_get_string (r, obj, member, FALSE, &s))
    return FALSE;
  if (s)
    wb_set_str (field, s);
  return TRUE;
}

gboolean
wb_read_valid_id (const char *s)
{
  gsize n = strlen (s);

  if (n == 0 || n > MAX_ID_LEN)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

gboolean
wb_read_get_id (Reader *r, WbJsonNode *obj, const char *member, gboolean required, const char **out)
{
  const char *s;

  if (!wb_read_get_string (r, obj, member, required, &s))
    return FALSE;
  if (s && !wb_read_valid_id (s))
    {
      gsize old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"), s);
      wb_read_pop (r, old);
      return FALSE;
    }
  *out = s ? g_intern_string (s) : NULL;
  return TRUE;
}

gboolean
wb_read_get_number (Reader *r, WbJsonNode *obj, const char *member, gboolean required,
            double min, double max, double *out)
{
  WbJsonNode *node = wb_json_object_get (obj, member);
  gboolean ok = TRUE;
  gsize old;
  double v;

  if (node == NULL)
    {
      if (required)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “%s” (a number)"), member);
      return TRUE;
    }
  old = wb_read_push_member (r, member);
  if (!wb_read_is_number (node))
    ok = fail (r, WB_FORMAT_ERROR_TYPE, _("expected a number, found %s"), wb_read_node_type_name (node));
  else if (v = wb_read_number_of (node), !isfinite (v) || v < min || v > max)
    ok = fail (r, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected %g to %g)"), v, min, max);
  else
    *out = v;
  wb_read_pop (r, old);
  return ok;
}

gboolean
wb_read_get_int (Reader *r, WbJsonNode *obj, const char *member, gboolean required,
         int min, int max, int *out)
{
  double v = *out;   /* stays whole when the member is absent */

  if (!wb_read_get_number (r, obj, member, required, min, max, &v))
    return FALSE;
  if (v != floor (v))
    {
      gsize old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected a whole number, found %g"), v);
      wb_read_pop (r, old);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

gboolean
wb_read_get_bool (Reader *r, WbJsonNode *obj, const char *member, gboolean *out)
{
  WbJsonNode *node = wb_json_object_get (obj, member);

  if (node == NULL)
    return TRUE;
  if (node->type != WB_JSON_BOOL)
    {
      gsize old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("expected true or false, found %s"), wb_read_node_type_name (node));
      wb_read_pop (r, old);
      return FALSE;
    }
  *out = wb_json_get_bool (node);
  return TRUE;
}

gboolean
wb_read_get_color (Reader *r, WbJsonNode *obj, const char *member, char **field)
{
  const char *s;

  if (!wb_read_get_string (r, obj, member, FALSE, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!wb_color_parse (s, NULL, NULL, NULL))
    {
      gsize old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a colour (expected #rrggbb)"), s);
      wb_read_pop (r, old);
      return FALSE;
    }
  wb_set_str (field, s);
  return TRUE;
}


/* An optional array of ids, each checked by @check (may be NULL). */
gboolean
wb_read_get_id_list (Reader *r, WbJsonNode *obj, const char *member, guint max, RefCheck check,
             GPtrArray *out)
{
  WbJsonNode *array;
  gsize old;

  if (!wb_read_get_array (r, obj, member, max, FALSE, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = wb_read_push_member (r, member);
  if (!wb_read_charge (r, (guint64) wb_json_array_get_length (array) * WB_READ_ELEMENT_COST))
    return FALSE;
  for (guint i = 0; i < wb_json_array_get_length (array); i++)
    {
      WbJsonNode *node = wb_json_array_get (array, i);
      gsize o2 = wb_read_push_index (r, i);
      const char *s;

      if (!wb_read_is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     wb_read_node_type_name (node));
      s = wb_json_get_string (node);
      if (!wb_read_valid_id (s))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a valid id"), s);
      if (check && !check (r, s))
        return FALSE;
      g_ptr_array_add (out, (gpointer) g_intern_string (s));
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

/* Reference checks. Each sets the error at the current path. */
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

gboolean
wb_read_check_side (Reader *r, const char *id)
{
  g_autofree char *list = NULL;

  if (wb_game_find_side (r->game, id))
    return TRUE;
  list = list_ids (wb_game_get_sides (r->game), G_STRUCT_OFFSET (WbSide, id));
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown side “%s”%s"), id, list);
}

gboolean
wb_read_check_class (Reader *r, const char *id)
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
  return strcmp (id, "*") == 0 || wb_read_check_class (r, id);
}

gboolean
wb_read_check_feature (Reader *r, const char *id)
{
  if (wb_game_find_feature (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown feature “%s”"), id);
}

gboolean
wb_read_check_formation (Reader *r, const char *id)
{
  if (wb_game_find_formation (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE,
               _("unknown formation “%s” (a parent must be listed before its children)"), id);
}

gboolean
wb_read_check_unit (Reader *r, const char *id)
{
  if (wb_game_find_unit (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown unit “%s”"), id);
}

gboolean
wb_read_get_ref (Reader *r, WbJsonNode *obj, const char *member, gboolean required, RefCheck check,
         const char **out)
{
  gsize old;
  gboolean ok;

  if (!wb_read_get_id (r, obj, member, required, out))
    return FALSE;
  if (*out == NULL)
    return TRUE;
  old = wb_read_push_member (r, member);
  ok = check (r, *out);
  wb_read_pop (r, old);
  return ok;
}

/* Iterates an array member: for each element, pushes the path and calls
 * @each. */

gboolean
wb_read_for_each (Reader *r, WbJsonNode *obj, const char *member, guint max, gboolean required,
          EachFunc each, gpointer data)
{
  WbJsonNode *array;
  gsize old;

  if (!wb_read_get_array (r, obj, member, max, required, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = wb_read_push_member (r, member);
  if (!wb_read_charge (r, (guint64) wb_json_array_get_length (array) * WB_READ_ELEMENT_COST))
    return FALSE;
  for (guint i = 0; i < wb_json_array_get_length (array); i++)
    {
      gsize o2 = wb_read_push_index (r, i);
      if (!each (r, wb_json_array_get (array, i), i, data))
        return FALSE;
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

guint64
wb_format_memory_budget (gsize file_size)
{
  guint64 budget = (guint64) file_size * WB_FORMAT_MEMORY_FACTOR + WB_FORMAT_MEMORY_ALLOWANCE;

  return MIN (budget, WB_FORMAT_MEMORY_MAX);
}

gboolean
wb_read_charge (Reader *r, guint64 bytes)
{
  g_autofree char *budget = NULL;
  g_autofree char *size = NULL;
  g_autofree char *allowance = NULL;
  g_autofree char *most = NULL;

  if (bytes <= r->budget && r->charged <= r->budget - bytes)
    {
      r->charged += bytes;
      return TRUE;
    }
  budget = g_format_size_full (r->budget, G_FORMAT_SIZE_IEC_UNITS);
  size = g_format_size_full (r->len, G_FORMAT_SIZE_IEC_UNITS);
  allowance = g_format_size_full (WB_FORMAT_MEMORY_ALLOWANCE, G_FORMAT_SIZE_IEC_UNITS);
  most = g_format_size_full (WB_FORMAT_MEMORY_MAX, G_FORMAT_SIZE_IEC_UNITS);
  return fail (r, WB_FORMAT_ERROR_TOO_LARGE,
               _("the game would take more than %s of memory to load, the limit for a file of %s "
                 "(%d times its size plus %s, at most %s)"),
               budget, size, WB_FORMAT_MEMORY_FACTOR, allowance, most);
}

gboolean
wb_read_duplicate (Reader *r, const char *what, const char *id)
{
  gsize old = wb_read_push_member (r, "id");
  fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the %s id “%s” is used twice"), what, id);
  wb_read_pop (r, old);
  return FALSE;
}
/* ---- game, rules ---------------------------------------------------- */

static gboolean
read_game_meta (Reader *r, WbJsonNode *root)
{
  static const char * const allowed[] = {
    "id", "title", "publisher", "designer", "year", "scale", "version", "source", "notes", NULL
  };
  WbJsonNode *node = wb_json_object_get (root, "game");
  WbJsonNode *obj;
  const char *id, *title, *s;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “game” (the game's metadata)"));
  old = wb_read_push_member (r, "game");
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "title", TRUE, &title))
    return FALSE;
  wb_game_set_id (r->game, id);
  wb_game_set_title (r->game, title);
#define META(member, setter)                                  \
  if (!wb_read_get_string (r, obj, member, FALSE, &s))                \
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
  wb_read_pop (r, old);
  return TRUE;
}

/* The model keeps rules.params as json-glib (WbRulesRef.params); the
 * subtree is small, and nesting is bounded by the parser. */
JsonNode *
_wb_read_to_json_glib (WbJsonNode *node)
{
  switch ((WbJsonType) node->type)
    {
    case WB_JSON_NULL:
      return json_node_new (JSON_NODE_NULL);
    case WB_JSON_BOOL:
      return json_node_init_boolean (json_node_alloc (), node->u.b);
    case WB_JSON_INT:
      return json_node_init_int (json_node_alloc (), node->u.i);
    case WB_JSON_DOUBLE:
      return json_node_init_double (json_node_alloc (), node->u.d);
    case WB_JSON_STRING:
      return json_node_init_string (json_node_alloc (), node->u.s);
    case WB_JSON_ARRAY:
      {
        JsonArray *array = json_array_sized_new (node->len);
        JsonNode *result = json_node_new (JSON_NODE_ARRAY);

        for (guint i = 0; i < node->len; i++)
          json_array_add_element (array, _wb_read_to_json_glib (wb_json_array_get (node, i)));
        json_node_take_array (result, array);
        return result;
      }
    case WB_JSON_OBJECT:
      {
        JsonObject *object = json_object_new ();
        JsonNode *result = json_node_new (JSON_NODE_OBJECT);

        for (guint i = 0; i < node->len; i++)
          {
            WbJsonMember *m = wb_json_object_get_member (node, i);
            json_object_set_member (object, m->key, _wb_read_to_json_glib (&m->value));
          }
        json_node_take_object (result, object);
        return result;
      }
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_rules (Reader *r, WbJsonNode *root)
{
  static const char * const allowed[] = { "family", "params", NULL };
  WbJsonNode *node = wb_json_object_get (root, "rules");
  WbRulesRef *rules = wb_game_get_rules (r->game);
  WbJsonNode *obj;
  const char *family;
  WbJsonNode *params;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “rules” (the rules family)"));
  old = wb_read_push_member (r, "rules");
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "family", TRUE, &family))
    return FALSE;
  rules->family = family;
  params = wb_json_object_get (obj, "params");
  if (params != NULL)
    {
      gsize o2 = wb_read_push_member (r, "params");
      if (!wb_read_expect_object (r, params))
        return FALSE;
      wb_read_pop (r, o2);
      rules->params = _wb_read_to_json_glib (params);
    }
  wb_read_pop (r, old);
  return TRUE;
}

/* ---- sides, classes, terrain, features -------------------------------- */

/* "roles": ["cavalry"] (version 7) on a unit class or a feature: each a
 * valid id, listed once, and one the game's rules family knows for that
 * kind of record (read after "rules"). */
static gboolean
read_roles (Reader *r, WbJsonNode *obj, WbRoleOn on, GPtrArray *out)
{
  const char *family = wb_game_get_rules (r->game)->family;
  WbJsonNode *array;
  gsize old;

  if (!wb_read_get_array (r, obj, "roles", 64, FALSE, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = wb_read_push_member (r, "roles");
  for (guint i = 0; i < wb_json_array_get_length (array); i++)
    {
      WbJsonNode *node = wb_json_array_get (array, i);
      gsize o2 = wb_read_push_index (r, i);
      g_autofree char *refusal = NULL;
      const char *s;

      if (!wb_read_is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a role id, found %s"),
                     wb_read_node_type_name (node));
      s = wb_json_get_string (node);
      if (!wb_read_valid_id (s))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a valid role id"), s);
      if (wb_roles_contain (out, s))
        return fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the role “%s” is listed twice"), s);
      if ((refusal = wb_roles_refusal (family, s, on)) != NULL)
        return fail (r, WB_FORMAT_ERROR_REFERENCE, "%s", refusal);
      g_ptr_array_add (out, (gpointer) g_intern_string (s));
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

static WbRoleOn
role_on_feature (WbFeatureWhere where)
{
  switch (where)
    {
    case WB_FEATURE_HEX:
      return WB_ROLE_ON_HEX;
    case WB_FEATURE_HEXSIDE:
      return WB_ROLE_ON_HEXSIDE;
    case WB_FEATURE_CONNECTION:
      return WB_ROLE_ON_CONNECTION;
    case WB_FEATURE_CROSSING:
      return WB_ROLE_ON_CROSSING;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_side (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "color", "text_color", NULL };
  WbJsonNode *obj;
  const char *id, *name;
  WbSide *side;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "name", TRUE, &name))
    return FALSE;
  side = wb_side_new (id);
  side->name = g_strdup (name);
  if (!wb_read_get_color (r, obj, "color", &side->color) ||
      !wb_read_get_color (r, obj, "text_color", &side->text_color))
    {
      wb_side_free (side);
      return FALSE;
    }
  if (!wb_game_add_side (r->game, side))
    {
      wb_side_free (side);
      return wb_read_duplicate (r, "side", id);
    }
  return TRUE;
}

static gboolean
read_attr_def (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "type", "min", "max", NULL };
  WbUnitType *klass = data;
  WbJsonNode *obj;
  const char *id, *type_name;
  WbAttrType type;
  WbAttrDef *def;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "type", TRUE, &type_name))
    return FALSE;
  if (!wb_attr_type_from_string (type_name, &type))
    {
      gsize old = wb_read_push_member (r, "type");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown attribute type “%s” (expected int, number, string, bool or firepower)"),
            type_name);
      wb_read_pop (r, old);
      return FALSE;
    }
  if (wb_unit_type_find_attr (klass, id))
    return wb_read_duplicate (r, "attribute", id);
  def = wb_attr_def_new (id, type);
  g_ptr_array_add (klass->attrs, def);
  if (!wb_read_get_text (r, obj, "name", &def->name) ||
      !wb_read_get_number (r, obj, "min", FALSE, -1e9, 1e9, &def->min) ||
      !wb_read_get_number (r, obj, "max", FALSE, -1e9, 1e9, &def->max))
    return FALSE;
  if (def->min > def->max)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("min %g is greater than max %g"), def->min, def->max);
  return TRUE;
}

static gboolean
read_unit_class (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "symbol", "roles", "attrs", NULL };
  static const char * const symbols[] = {
    "infantry", "cavalry", "artillery", "hq", "leader", "garrison", "pioneer", "supply",
    "train", "generic", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_unit_type_free);
  WbJsonNode *obj;
  const char *id, *symbol;
  WbUnitType *klass;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  klass = wb_unit_type_new (id);
  g_ptr_array_add (keep, klass);
  if (!wb_read_get_text (r, obj, "name", &klass->name) || !wb_read_get_string (r, obj, "symbol", FALSE, &symbol))
    return FALSE;
  if (symbol && !g_strv_contains (symbols, symbol))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) symbols);
      gsize old = wb_read_push_member (r, "symbol");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown symbol “%s” (expected one of: %s)"), symbol, list);
      wb_read_pop (r, old);
      return FALSE;
    }
  klass->symbol = g_strdup (symbol ? symbol : "generic");
  if (!read_roles (r, obj, WB_ROLE_ON_UNIT_CLASS, klass->roles))
    return FALSE;
  if (!wb_read_for_each (r, obj, "attrs", 256, FALSE, read_attr_def, klass))
    return FALSE;
  if (!wb_game_add_unit_class (r->game, klass))
    return wb_read_duplicate (r, "unit class", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
read_move_costs (Reader *r, WbJsonNode *obj, GArray *move)
{
  WbJsonNode *node = wb_json_object_get (obj, "move");
  WbJsonNode *costs;
  gsize old;

  if (node == NULL)
    return TRUE;
  old = wb_read_push_member (r, "move");
  if (!(costs = wb_read_expect_object (r, node)))
    return FALSE;
  for (guint i = 0; i < wb_json_object_get_size (costs); i++)
    {
      const char *klass = wb_json_object_get_member (costs, i)->key;
      WbJsonNode *v = &wb_json_object_get_member (costs, i)->value;
      gsize o2 = wb_read_push_member (r, klass);
      WbMoveCost c = { g_intern_string (klass), -1.0 };

      if (!check_move_class (r, klass))
        return FALSE;
      if (v->type != WB_JSON_NULL)
        {
          if (!wb_read_is_number (v))
            return fail (r, WB_FORMAT_ERROR_TYPE,
                         _("expected movement points or null (prohibited), found %s"),
                         wb_read_node_type_name (v));
          c.cost = wb_read_number_of (v);
          if (!(c.cost >= 0 && c.cost <= 1000))
            return fail (r, WB_FORMAT_ERROR_RANGE, _("%g is out of range (expected 0 to 1000)"),
                         c.cost);
        }
      g_array_append_val (move, c);
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

static gboolean
read_terrain (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "key", "color", "pattern", "move", "defense", "blocks_los", "note", NULL
  };
  static const char * const patterns[] = {
    "none", "trees", "rough", "marsh", "water", "town", "dots", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_terrain_type_free);
  WbJsonNode *obj;
  const char *id, *key, *pattern;
  WbTerrainType *t;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "key", TRUE, &key))
    return FALSE;
  t = wb_terrain_type_new (id);
  g_ptr_array_add (keep, t);
  if (strlen (key) != 1 || !g_ascii_isgraph (key[0]))
    {
      gsize old = wb_read_push_member (r, "key");
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a map key (expected one printable ASCII character)"), key);
      wb_read_pop (r, old);
      return FALSE;
    }
  if (wb_game_find_terrain_by_key (r->game, key[0]))
    {
      gsize old = wb_read_push_member (r, "key");
      fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the map key “%s” is used by another terrain type"), key);
      wb_read_pop (r, old);
      return FALSE;
    }
  t->key = key[0];
  if (!wb_read_get_text (r, obj, "name", &t->name) || !wb_read_get_color (r, obj, "color", &t->color) ||
      !wb_read_get_string (r, obj, "pattern", FALSE, &pattern) ||
      !read_move_costs (r, obj, t->move) ||
      !wb_read_get_number (r, obj, "defense", FALSE, 0, 100, &t->defense) ||
      !wb_read_get_bool (r, obj, "blocks_los", &t->blocks_los) || !wb_read_get_text (r, obj, "note", &t->note))
    return FALSE;
  if (pattern && !g_strv_contains (patterns, pattern))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) patterns);
      gsize old = wb_read_push_member (r, "pattern");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown pattern “%s” (expected one of: %s)"), pattern, list);
      wb_read_pop (r, old);
      return FALSE;
    }
  t->pattern = g_strdup (pattern ? pattern : "none");
  if (!wb_game_add_terrain (r->game, t))
    return wb_read_duplicate (r, "terrain", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
read_feature (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "where", "style", "color", "width", "move_mode", "move", "defense",
    "blocks_los", "blocks_zoc", "negates", "roles", "note", NULL
  };
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_feature_type_free);
  WbJsonNode *obj;
  const char *id, *where_name, *mode_name, *style;
  WbFeatureWhere where;
  WbFeatureType *f;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "where", TRUE, &where_name))
    return FALSE;
  if (!wb_feature_where_from_string (where_name, &where))
    {
      gsize old = wb_read_push_member (r, "where");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown place “%s” (expected hex, hexside, connection or crossing)"), where_name);
      wb_read_pop (r, old);
      return FALSE;
    }
  f = wb_feature_type_new (id, where);
  g_ptr_array_add (keep, f);
  if (!wb_read_get_text (r, obj, "name", &f->name) || !wb_read_get_string (r, obj, "style", FALSE, &style) ||
      !wb_read_get_color (r, obj, "color", &f->color) ||
      !wb_read_get_number (r, obj, "width", FALSE, 0, 1, &f->width) ||
      !wb_read_get_string (r, obj, "move_mode", FALSE, &mode_name) ||
      !read_move_costs (r, obj, f->move) ||
      !wb_read_get_number (r, obj, "defense", FALSE, 0, 100, &f->defense) ||
      !wb_read_get_bool (r, obj, "blocks_los", &f->blocks_los) ||
      !wb_read_get_bool (r, obj, "blocks_zoc", &f->blocks_zoc) ||
      !wb_read_get_text (r, obj, "note", &f->note))
    return FALSE;
  f->style = g_strdup (style ? style : "marker");
  if (mode_name && !wb_move_mode_from_string (mode_name, &f->move_mode))
    {
      gsize old = wb_read_push_member (r, "move_mode");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown movement mode “%s” (expected none, add, set or prohibit)"), mode_name);
      wb_read_pop (r, old);
      return FALSE;
    }
  /* Negated features may come later in the list: checked after all are read. */
  if (!wb_read_get_id_list (r, obj, "negates", 64, NULL, f->negates) ||
      !read_roles (r, obj, role_on_feature (where), f->roles))
    return FALSE;
  if (!wb_game_add_feature (r->game, f))
    return wb_read_duplicate (r, "feature", id);
  g_ptr_array_steal_index (keep, 0);
  return TRUE;
}

static gboolean
check_negates (Reader *r, WbJsonNode *root)
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
            wb_read_pop (r, old);
            return FALSE;
          }
    }
  return TRUE;
}

/* ---- the document ---------------------------------------------------------- */

/* ---- counter --------------------------------------------------------- */

static gboolean
class_defines_attr (WbGame *game, const char *id)
{
  GPtrArray *classes = wb_game_get_unit_classes (game);

  for (guint i = 0; i < classes->len; i++)
    if (wb_unit_type_find_attr (g_ptr_array_index (classes, i), id) != NULL)
      return TRUE;
  return FALSE;
}

/* "counter": {"style": "blind-swords", "slots": {"cohesion": "cr"}}. Read
 * after the unit classes: every slot names an attribute one of them has. */
static gboolean
read_counter (Reader *r, WbJsonNode *root)
{
  static const char * const allowed[] = { "style", "slots", "size", "source", NULL };
  WbJsonNode *node = wb_json_object_get (root, "counter");
  WbCounterSpec *spec = wb_game_get_counter (r->game);
  WbJsonNode *obj, *slots;
  const char *style;
  gsize old;

  if (node == NULL)
    return TRUE;
  old = wb_read_push_member (r, "counter");
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "style", FALSE, &style) ||
      !read_printed_size (r, obj, "size", 3 * WB_MM, 3 * WB_INCH, &spec->size) ||
      !wb_read_get_text (r, obj, "source", &spec->source))
    return FALSE;
  if (style != NULL && !wb_counter_style_from_string (style, &spec->style))
    {
      wb_read_push_member (r, "style");
      return fail (r, WB_FORMAT_ERROR_TYPE,
                   _("unknown counter style “%s” (expected spi, blind-swords, block or bg-campaign)"),
                   style);
    }
  slots = wb_json_object_get (obj, "slots");
  if (slots != NULL)
    {
      gsize o2 = wb_read_push_member (r, "slots");

      if (!wb_read_expect_object (r, slots))
        return FALSE;
      for (guint i = 0; i < slots->len; i++)
        {
          WbJsonMember *m = wb_json_object_get_member (slots, i);
          WbCounterSlot slot;
          const char *attr;

          if (!wb_counter_slot_from_string (m->key, &slot))
            {
              wb_read_push_member (r, m->key);
              return fail (r, WB_FORMAT_ERROR_TYPE,
                           _("unknown counter slot “%s” (expected movement, weapon, cohesion, "
                             "cohesion_worn, firepower, morale, dice or screen)"), m->key);
            }
          if (!wb_read_get_id (r, slots, m->key, TRUE, &attr))
            return FALSE;
          if (!class_defines_attr (r->game, attr))
            {
              wb_read_push_member (r, m->key);
              return fail (r, WB_FORMAT_ERROR_REFERENCE,
                           _("the counter slot “%s” names the attribute “%s”, which no unit class has"),
                           m->key, attr);
            }
          spec->slots[slot] = attr;
        }
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

/* Migrations from older versions, applied in place to the parsed document
 * before it is read. Version 1 is the first; each later version adds a
 * function here and a test in tests/test-format.c. (The tree's nodes can be
 * edited in place; WbJsonDoc has no allocator for new ones yet, as no
 * migration has needed one.) */
typedef gboolean (*Migration) (WbJsonNode *root, GError **error);

/* 1 → 2: version 2 added map backgrounds (an optional member); nothing in a
 * version 1 file changes meaning, so there is nothing to rewrite. */
static gboolean
migrate_1_to_2 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* 2 → 3: version 3 added drawn map lines (rivers, ridges, boundaries, VP
 * lines: an optional member); nothing to rewrite either. */
static gboolean
migrate_2_to_3 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* 3 → 4: version 4 added scenario markers (Fallen Timber, pontoon bridges,
 * trench markers: an optional member); nothing to rewrite. */
static gboolean
migrate_3_to_4 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* 4 → 5: version 5 added the game's counter description (style and
 * slots: an optional member, inferred from the rules family when absent);
 * nothing to rewrite. */
static gboolean
migrate_4_to_5 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* Version 6 added table members (chart kind, unknown cells, read/pair,
 * ends, pool, modifiers, code effects); a version 5 table means the same:
 * both ends clamp and codes keep their standard meaning. */
static gboolean
migrate_5_to_6 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* Version 7 added hex numbering schemes (numbering.scheme: letters "C07",
 * mixed "707"; numbering.oblique); a version 6 map has neither and keeps
 * its column and row digits, the default.
 * 6 → 7: version 7 gave unit classes and features roles; before it, the
 * families recognised them by their ids. Nothing in the document is
 * rewritten (WbJsonDoc has no allocator for the new arrays): the roles the
 * ids implied are given to the records once they are read (imply_roles). */
static gboolean
migrate_6_to_7 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* 7 → 8: version 8 added chits (the game's "chits", a scenario's "cup"):
 * a version 7 file has none; nothing to rewrite. */
static gboolean
migrate_7_to_8 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* 8 → 9: version 9 added printed sizes (the counter's "size", a hex map's
 * "printed_hex_size") for printing at true scale; a version 8 file states
 * none and prints at its system's usual sizes; nothing to rewrite. */
static gboolean
migrate_8_to_9 (WbJsonNode *root, GError **error)
{
  return TRUE;
}

/* What the ids of a version 6 game meant to its family — what the
 * families read by name before version 7: the SPI family's `artillery`
 * class bombards (8.0); the Blue & Gray Campaign family's `garrison`,
 * `cavalry` and `leader` classes (every other class played as infantry),
 * its `river` and `mountain` crossings and its `railroad` connection class
 * (Base 2, 3, 10, 11). */
typedef struct {
  const char    *family;
  gboolean       on_class;      /* a unit class, else a feature */
  WbFeatureWhere where;
  const char    *id;            /* NULL: every class no other line names */
  const char    *role;
} ImpliedRole;

static const ImpliedRole implied_roles[] = {
  { "spi-blue-gray", TRUE,  0,                     "artillery", "artillery" },
  { "bg-campaign",   TRUE,  0,                     "garrison",  "garrison" },
  { "bg-campaign",   TRUE,  0,                     "cavalry",   "cavalry" },
  { "bg-campaign",   TRUE,  0,                     "leader",    "leader" },
  { "bg-campaign",   TRUE,  0,                     NULL,        "infantry" },
  { "bg-campaign",   FALSE, WB_FEATURE_CROSSING,   "river",     "river-crossing" },
  { "bg-campaign",   FALSE, WB_FEATURE_CROSSING,   "mountain",  "mountain-crossing" },
  { "bg-campaign",   FALSE, WB_FEATURE_CONNECTION, "railroad",  "railroad" },
};

static void
imply_roles (WbGame *game)
{
  const char *family = wb_game_get_rules (game)->family;
  GPtrArray *classes = wb_game_get_unit_classes (game);
  GPtrArray *features = wb_game_get_features (game);

  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *k = g_ptr_array_index (classes, i);
      const char *role = NULL;

      if (k->roles->len > 0)
        continue;   /* roles given (a version 7 member): the file says */
      for (guint j = 0; j < G_N_ELEMENTS (implied_roles) && role == NULL; j++)
        if (implied_roles[j].on_class && g_strcmp0 (implied_roles[j].family, family) == 0 &&
            (implied_roles[j].id == NULL || strcmp (implied_roles[j].id, k->id) == 0))
          role = implied_roles[j].role;
      if (role != NULL && !wb_roles_contain (k->roles, role))
        g_ptr_array_add (k->roles, (gpointer) g_intern_string (role));
    }
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      for (guint j = 0; f->roles->len == 0 && j < G_N_ELEMENTS (implied_roles); j++)
        if (!implied_roles[j].on_class && g_strcmp0 (implied_roles[j].family, family) == 0 &&
            implied_roles[j].where == f->where && strcmp (implied_roles[j].id, f->id) == 0 &&
            !wb_roles_contain (f->roles, implied_roles[j].role))
          g_ptr_array_add (f->roles, (gpointer) g_intern_string (implied_roles[j].role));
    }
}

/* migrations[v] turns a version v document into version v + 1. */
static const Migration migrations[WB_FORMAT_VERSION + 1] = {
  [1] = migrate_1_to_2,
  [2] = migrate_2_to_3,
  [3] = migrate_3_to_4,
  [4] = migrate_4_to_5,
  [5] = migrate_5_to_6,
  [6] = migrate_6_to_7,
  [7] = migrate_7_to_8,
  [8] = migrate_8_to_9,
};

/* rules.params against the declaration of the game's family, once the
 * whole document is read (a parameter names sides, classes, tables,
 * locations, scenarios). A family the engine does not play yet declares
 * nothing: its parameters are kept unchecked (docs/rules-params.md). */
static gboolean
check_params (Reader *r)
{
  WbRulesRef *rules = wb_game_get_rules (r->game);
  const WbRulesFamily *family = wb_rules_family_find (rules->family);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;

  if (family == NULL || family->params == NULL)
    return TRUE;
  if (wb_params_validate (family->params, family->n_params, r->game, rules->params, &path, &local_error))
    return TRUE;
  g_string_assign (r->path, path);
  return fail (r, local_error->code, "%s", local_error->message);
}

/* Charges @per_element more for each element of the array @member of @obj
 * (when it is an array; wb_read_for_each checks it). */
static gboolean
charge_array (Reader *r, WbJsonNode *obj, const char *member, guint64 per_element)
{
  WbJsonNode *array = wb_json_object_get (obj, member);
  gboolean ok;
  gsize old;

  if (!wb_json_is (array, WB_JSON_ARRAY))
    return TRUE;
  old = wb_read_push_member (r, member);
  ok = wb_read_charge (r, (guint64) wb_json_array_get_length (array) * per_element);
  wb_read_pop (r, old);
  return ok;
}

static gboolean
read_document (Reader *r, WbJsonNode *root_node)
{
  static const char * const allowed[] = {
    "format", "version", "game", "rules", "counter", "sides", "unit_classes", "terrain", "features",
    "tables", "maps", "formations", "units", "chits", "scenarios", NULL
  };
  WbJsonNode *root;
  const char *format;
  int version = 0;

  g_string_assign (r->path, "$");
  if (!(root = wb_read_expect_object (r, root_node)))
    return FALSE;
  if (!wb_read_get_string (r, root, "format", FALSE, &format))
    return FALSE;
  if (g_strcmp0 (format, WB_FORMAT_NAME) != 0)
    {
      if (format)
        wb_read_push_member (r, "format");
      return fail (r, WB_FORMAT_ERROR_NOT_A_GAME,
                   _("not a Warbench game (expected \"format\": \"%s\")"), WB_FORMAT_NAME);
    }
  if (!wb_json_object_get (root, "version"))
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “version” (a whole number)"));
  if (!wb_read_get_int (r, root, "version", TRUE, 1, G_MAXINT, &version))
    return FALSE;
  if (version > WB_FORMAT_VERSION)
    {
      wb_read_push_member (r, "version");
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
  if (!wb_read_check_members (r, root, allowed) || !read_game_meta (r, root) || !read_rules (r, root) ||
      !wb_read_for_each (r, root, "sides", WB_GAME_MAX_ENTITIES, TRUE, read_side, NULL) ||
      !wb_read_for_each (r, root, "unit_classes", WB_GAME_MAX_ENTITIES, FALSE, read_unit_class, NULL) ||
      !read_counter (r, root) ||
      !wb_read_for_each (r, root, "terrain", 94, FALSE, read_terrain, NULL) ||
      !wb_read_for_each (r, root, "features", WB_GAME_MAX_ENTITIES, FALSE, read_feature, NULL) ||
      !check_negates (r, root) ||
      !wb_read_for_each (r, root, "tables", WB_GAME_MAX_ENTITIES, FALSE, _wb_read_table, NULL) ||
      !_wb_read_check_table_pairs (r) ||
      !wb_read_for_each (r, root, "maps", WB_GAME_MAX_ENTITIES, FALSE, _wb_read_map, NULL) ||
      !charge_array (r, root, "formations", WB_READ_FORMATION_COST - WB_READ_ELEMENT_COST) ||
      !wb_read_for_each (r, root, "formations", WB_GAME_MAX_UNITS, FALSE, _wb_read_formation, NULL) ||
      !charge_array (r, root, "units", WB_READ_UNIT_COST - WB_READ_ELEMENT_COST) ||
      !wb_read_for_each (r, root, "units", WB_GAME_MAX_UNITS, FALSE, _wb_read_unit, NULL) ||
      !wb_read_for_each (r, root, "chits", WB_GAME_MAX_ENTITIES, FALSE, _wb_read_chit, NULL) ||
      !wb_read_for_each (r, root, "scenarios", WB_GAME_MAX_ENTITIES, FALSE, _wb_read_scenario, NULL))
    return FALSE;
  if (wb_game_get_sides (r->game)->len == 0)
    {
      wb_read_push_member (r, "sides");
      return fail (r, WB_FORMAT_ERROR_MISSING, _("a game needs at least one side"));
    }
  if (version < 7)
    imply_roles (r->game);
  return check_params (r);
}

static WbGame *
load_data (const char *data, gssize len, const char *display_name, const char *base_dir,
           GError **error);


WbGame *
wb_game_load_from_data (const char *data, gssize len, const char *display_name, GError **error)
{
  return load_data (data, len, display_name, NULL, error);
}

/* @base_dir: the folder relative paths in the file (background images) start from. */
static WbGame *
load_data (const char *data, gssize len, const char *display_name, const char *base_dir,
           GError **error)
{
  g_autoptr(WbJsonDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) path = g_string_new ("$");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(WbGame) game = NULL;
  Reader r = { 0 };
  gsize start = 0;

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
  while (start < (gsize) len && (data[start] == ' ' || data[start] == '\t' ||
                                 data[start] == '\r' || data[start] == '\n'))
    start++;
  if (start == (gsize) len)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX,
                   _("%s: the file is empty (expected a JSON object)"), display_name);
      return NULL;
    }
  doc = wb_json_parse (data, (gsize) len, &local_error);
  if (doc == NULL)
    {
      /* The parser's message starts with "LINE:COL:"; name the file before it. */
      g_set_error (error, WB_FORMAT_ERROR, local_error->code,
                   _("%s:%s (expected valid JSON)"), display_name, local_error->message);
      return NULL;
    }

  game = wb_game_new ();
  r.text = data;
  r.len = (gsize) len;
  r.name = display_name;
  r.path = path;
  r.error = error;
  r.base_dir = base_dir;
  r.game = game;
  r.ids = ids;
  /* The text and its parsed tree first: the rest is charged as it is read. */
  r.budget = wb_format_memory_budget ((gsize) len);
  if (!wb_read_charge (&r, (guint64) len + wb_json_doc_get_arena_size (doc)) ||
      !read_document (&r, wb_json_doc_get_root (doc)))
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
  {
    g_autoptr(GFile) parent = g_file_get_parent (file);
    g_autofree char *base_dir = parent != NULL ? g_file_get_path (parent) : NULL;

    return load_data (contents, (gssize) length, name, base_dir, error);
  }
}
