/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-format-read-private.h"

/* Reading the order of battle: formations and units. */
/* ---- formations, units ------------------------------------------------- */

gboolean
_wb_read_formation (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "echelon", "side", "parent", "color", NULL };
  WbJsonNode *obj;
  const char *id;
  WbFormation *f;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  f = wb_formation_new (id);
  if (!wb_game_add_formation (r->game, f))
    {
      wb_formation_free (f);
      return wb_read_duplicate (r, "formation", id);
    }
  return wb_read_get_text (r, obj, "name", &f->name) && wb_read_get_text (r, obj, "echelon", &f->echelon) &&
         wb_read_get_ref (r, obj, "side", TRUE, wb_read_check_side, &f->side) &&
         wb_read_get_ref (r, obj, "parent", FALSE, wb_read_check_formation, &f->parent) &&
         wb_read_get_color (r, obj, "color", &f->color);
}

static gboolean
halves_of (Reader *r, WbJsonNode *node, gint16 *out)
{
  double v;

  if (wb_read_is_string (node) && strcmp (wb_json_get_string (node), "C") == 0)
    {
      *out = 1;
      return TRUE;
    }
  if (!wb_read_is_number (node))
    return fail (r, WB_FORMAT_ERROR_TYPE, _("expected strength points (a number or “C”), found %s"),
                 wb_read_node_type_name (node));
  v = wb_read_number_of (node);
  if (!(v >= 0 && v <= 10000) || v * 2 != floor (v * 2))
    return fail (r, WB_FORMAT_ERROR_RANGE,
                 _("%g is not a strength (expected 0 to 10000 in steps of ½)"), v);
  *out = (gint16) (v * 2);
  return TRUE;
}

static gboolean
read_strength (Reader *r, WbJsonNode *obj, WbStrength *s)
{
  WbJsonNode *node = wb_json_object_get (obj, "strength");
  gsize old;

  memset (s, 0, sizeof *s);
  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “strength”"));
  old = wb_read_push_member (r, "strength");
  if (wb_json_is (node, WB_JSON_OBJECT))
    {
      WbJsonNode *o = node;
      if (wb_json_object_get (o, "steps"))
        {
          static const char * const allowed[] = { "steps", "current", NULL };
          WbJsonNode *steps;
          int current = 0;

          if (!wb_read_check_members (r, o, allowed) ||
              !wb_read_get_array (r, o, "steps", WB_STRENGTH_MAX_STEPS, TRUE, &steps))
            return FALSE;
          s->kind = WB_STRENGTH_STEPS;
          s->n = (guint8) wb_json_array_get_length (steps);
          if (s->n == 0)
            return fail (r, WB_FORMAT_ERROR_RANGE, _("a step list needs at least one step"));
          for (guint i = 0; i < s->n; i++)
            {
              gsize o2 = wb_read_push_member (r, "steps");
              wb_read_push_index (r, i);
              if (!halves_of (r, wb_json_array_get (steps, i), &s->halves[i]))
                return FALSE;
              wb_read_pop (r, o2);
            }
          if (!wb_read_get_int (r, o, "current", FALSE, 0, s->n - 1, &current))
            return FALSE;
          s->current = (guint8) current;
        }
      else
        {
          static const char * const allowed[] = { "fresh", "worn", "current", NULL };
          const char *current = NULL;
          WbJsonNode *fresh, *worn;

          if (!wb_read_check_members (r, o, allowed))
            return FALSE;
          fresh = wb_json_object_get (o, "fresh");
          worn = wb_json_object_get (o, "worn");
          if (fresh == NULL || worn == NULL)
            return fail (r, WB_FORMAT_ERROR_MISSING,
                         _("expected {\"steps\": […]} or {\"fresh\": n, \"worn\": n}"));
          s->kind = WB_STRENGTH_SIDES;
          s->n = 2;
          {
            gsize o2 = wb_read_push_member (r, "fresh");
            if (!halves_of (r, fresh, &s->halves[0]))
              return FALSE;
            wb_read_pop (r, o2);
            o2 = wb_read_push_member (r, "worn");
            if (!halves_of (r, worn, &s->halves[1]))
              return FALSE;
            wb_read_pop (r, o2);
          }
          if (!wb_read_get_string (r, o, "current", FALSE, &current))
            return FALSE;
          if (current && strcmp (current, "fresh") != 0 && strcmp (current, "worn") != 0)
            {
              gsize o2 = wb_read_push_member (r, "current");
              fail (r, WB_FORMAT_ERROR_TYPE, _("expected “fresh” or “worn”, found “%s”"), current);
              wb_read_pop (r, o2);
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
  wb_read_pop (r, old);
  return TRUE;
}

static gboolean
read_attr_value (Reader *r, WbAttrDef *def, WbJsonNode *node, WbAttrValue *v)
{
  v->type = def->type;
  switch (def->type)
    {
    case WB_ATTR_INT:
    case WB_ATTR_NUMBER:
      {
        double d;
        if (!wb_read_is_number (node))
          return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a number, found %s"),
                       wb_read_node_type_name (node));
        d = wb_read_number_of (node);
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
      if (node->type != WB_JSON_BOOL)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected true or false, found %s"),
                     wb_read_node_type_name (node));
      v->b = wb_json_get_bool (node);
      return TRUE;
    case WB_ATTR_STRING:
      if (!wb_read_is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     wb_read_node_type_name (node));
      v->s = (char *) wb_json_get_string (node);
      return TRUE;
    case WB_ATTR_FIREPOWER:
      {
        const char *s = wb_read_is_string (node) ? wb_json_get_string (node) : NULL;
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

gboolean
_wb_read_unit (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "designation", "side", "class", "formation", "size", "strength", "attrs",
    "note", NULL
  };
  g_autoptr(WbUnit) unit = NULL;
  WbJsonNode *obj;
  const char *id, *side, *klass_id, *formation, *s;
  WbUnitType *klass;
  WbStrength strength;
  WbJsonNode *attrs;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  unit = wb_unit_new (id);
  if (!wb_read_get_ref (r, obj, "side", TRUE, wb_read_check_side, &side) ||
      !wb_read_get_ref (r, obj, "class", TRUE, wb_read_check_class, &klass_id) ||
      !wb_read_get_ref (r, obj, "formation", FALSE, wb_read_check_formation, &formation) ||
      !read_strength (r, obj, &strength))
    return FALSE;
  wb_unit_set_side (unit, side);
  wb_unit_set_class_id (unit, klass_id);
  wb_unit_set_formation (unit, formation);
  wb_unit_set_strength (unit, &strength);
#define TEXT(member, setter)                         \
  if (!wb_read_get_string (r, obj, member, FALSE, &s))       \
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
          gsize old = wb_read_push_member (r, "formation");
          fail (r, WB_FORMAT_ERROR_REFERENCE,
                _("formation “%s” belongs to side “%s”, not “%s”"), formation, f->side, side);
          wb_read_pop (r, old);
          return FALSE;
        }
    }
  klass = wb_game_find_unit_class (r->game, klass_id);
  attrs = wb_json_object_get (obj, "attrs");
  if (attrs)
    {
      gsize old = wb_read_push_member (r, "attrs");
      WbJsonNode *a = wb_read_expect_object (r, attrs);

      if (a == NULL)
        return FALSE;
      for (guint i = 0; i < wb_json_object_get_size (a); i++)
        {
          WbJsonMember *m = wb_json_object_get_member (a, i);
          const char *attr_id = m->key;
          WbAttrDef *def = wb_unit_type_find_attr (klass, attr_id);
          gsize o2 = wb_read_push_member (r, attr_id);
          WbAttrValue v;

          if (def == NULL)
            return fail (r, WB_FORMAT_ERROR_REFERENCE,
                         _("unit class “%s” has no attribute “%s”"), klass_id, attr_id);
          if (!read_attr_value (r, def, &m->value, &v))
            return FALSE;
          wb_unit_set_attr (unit, attr_id, &v);
          wb_read_pop (r, o2);
        }
      wb_read_pop (r, old);
    }
  if (!wb_game_add_unit (r->game, unit))
    return wb_read_duplicate (r, "unit", id);
  g_steal_pointer (&unit);
  return TRUE;
}

