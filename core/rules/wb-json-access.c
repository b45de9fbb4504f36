/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rules/wb-json-access.h"

/* Members of actions and rules parameters, which come from files: a member
 * of another type than asked for gives the fallback, never a critical. */

static const char *
node_string (JsonNode *n, const char *fallback)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : fallback;
}

static gint64
node_int (JsonNode *n, gint64 fallback)
{
  double d;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return fallback;
  if (json_node_get_value_type (n) == G_TYPE_INT64)
    return json_node_get_int (n);
  if (json_node_get_value_type (n) == G_TYPE_DOUBLE)
    {
      d = json_node_get_double (n);
      if (d == (double) (gint64) d && d > -9e15 && d < 9e15)
        return (gint64) d;
    }
  return fallback;
}

const char *
wb_json_string (JsonObject *o, const char *member, const char *fallback)
{
  return o != NULL ? node_string (json_object_get_member (o, member), fallback) : fallback;
}

gint64
wb_json_int (JsonObject *o, const char *member, gint64 fallback)
{
  return o != NULL ? node_int (json_object_get_member (o, member), fallback) : fallback;
}

double
wb_json_double (JsonObject *o, const char *member, double fallback)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return fallback;
  if (json_node_get_value_type (n) == G_TYPE_DOUBLE)
    return json_node_get_double (n);
  if (json_node_get_value_type (n) == G_TYPE_INT64)
    return (double) json_node_get_int (n);
  return fallback;
}

gboolean
wb_json_bool (JsonObject *o, const char *member, gboolean fallback)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN
         ? json_node_get_boolean (n) : fallback;
}

const char *
wb_json_array_string (JsonArray *a, guint i)
{
  return a != NULL && i < json_array_get_length (a) ? node_string (json_array_get_element (a, i), NULL) : NULL;
}

gint64
wb_json_array_int (JsonArray *a, guint i, gint64 fallback)
{
  return a != NULL && i < json_array_get_length (a) ? node_int (json_array_get_element (a, i), fallback) : fallback;
}
