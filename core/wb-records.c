/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-records"
#include "config.h"

#include <string.h>

#include "wb-records.h"

WbSide *
wb_side_new (const char *id)
{
  WbSide *side = g_new0 (WbSide, 1);
  side->id = g_intern_string (id);
  return side;
}

void
wb_side_free (WbSide *side)
{
  if (side == NULL)
    return;
  g_free (side->name);
  g_free (side->color);
  g_free (side->text_color);
  g_free (side);
}

WbAttrDef *
wb_attr_def_new (const char *id, WbAttrType type)
{
  WbAttrDef *def = g_new0 (WbAttrDef, 1);
  def->id = g_intern_string (id);
  def->type = type;
  def->min = -G_MAXINT;
  def->max = G_MAXINT;
  return def;
}

void
wb_attr_def_free (WbAttrDef *def)
{
  if (def == NULL)
    return;
  g_free (def->name);
  g_free (def);
}

WbUnitType *
wb_unit_type_new (const char *id)
{
  WbUnitType *klass = g_new0 (WbUnitType, 1);
  klass->id = g_intern_string (id);
  klass->attrs = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_attr_def_free);
  klass->roles = g_ptr_array_new ();
  return klass;
}

void
wb_unit_type_free (WbUnitType *klass)
{
  if (klass == NULL)
    return;
  g_free (klass->name);
  g_free (klass->symbol);
  g_ptr_array_unref (klass->attrs);
  g_ptr_array_unref (klass->roles);
  g_free (klass);
}

WbUnitType *
wb_unit_type_copy (const WbUnitType *klass)
{
  WbUnitType *copy;

  g_return_val_if_fail (klass != NULL, NULL);
  copy = wb_unit_type_new (klass->id);
  copy->name = g_strdup (klass->name);
  copy->symbol = g_strdup (klass->symbol);
  for (guint i = 0; i < klass->attrs->len; i++)
    {
      const WbAttrDef *d = g_ptr_array_index (klass->attrs, i);
      WbAttrDef *c = wb_attr_def_new (d->id, d->type);

      c->name = g_strdup (d->name);
      c->min = d->min;
      c->max = d->max;
      g_ptr_array_add (copy->attrs, c);
    }
  for (guint i = 0; i < klass->roles->len; i++)
    g_ptr_array_add (copy->roles, g_ptr_array_index (klass->roles, i));
  return copy;
}

gboolean
wb_roles_contain (GPtrArray *roles, const char *role)
{
  const char *interned;

  if (roles == NULL || role == NULL)
    return FALSE;
  interned = g_intern_string (role);
  for (guint i = 0; i < roles->len; i++)
    if (g_ptr_array_index (roles, i) == interned)
      return TRUE;
  return FALSE;
}

WbAttrDef *
wb_unit_type_find_attr (WbUnitType *klass, const char *id)
{
  g_return_val_if_fail (klass != NULL, NULL);
  for (guint i = 0; i < klass->attrs->len; i++)
    {
      WbAttrDef *def = g_ptr_array_index (klass->attrs, i);
      if (g_strcmp0 (def->id, id) == 0)
        return def;
    }
  return NULL;
}

WbTerrainType *
wb_terrain_type_new (const char *id)
{
  WbTerrainType *t = g_new0 (WbTerrainType, 1);
  t->id = g_intern_string (id);
  t->move = g_array_new (FALSE, FALSE, sizeof (WbMoveCost));
  t->defense = 1.0;
  return t;
}

void
wb_terrain_type_free (WbTerrainType *t)
{
  if (t == NULL)
    return;
  g_free (t->name);
  g_free (t->color);
  g_free (t->pattern);
  g_array_unref (t->move);
  g_free (t->note);
  g_free (t);
}

WbTerrainType *
wb_terrain_type_copy (const WbTerrainType *t)
{
  WbTerrainType *copy;

  g_return_val_if_fail (t != NULL, NULL);
  copy = wb_terrain_type_new (t->id);
  copy->name = g_strdup (t->name);
  copy->key = t->key;
  copy->color = g_strdup (t->color);
  copy->pattern = g_strdup (t->pattern);
  g_array_append_vals (copy->move, t->move->data, t->move->len);
  copy->defense = t->defense;
  copy->blocks_los = t->blocks_los;
  copy->note = g_strdup (t->note);
  return copy;
}

WbFeatureType *
wb_feature_type_new (const char *id, WbFeatureWhere where)
{
  WbFeatureType *f = g_new0 (WbFeatureType, 1);
  f->id = g_intern_string (id);
  f->where = where;
  f->move = g_array_new (FALSE, FALSE, sizeof (WbMoveCost));
  f->negates = g_ptr_array_new ();
  f->roles = g_ptr_array_new ();
  f->defense = 1.0;
  return f;
}

void
wb_feature_type_free (WbFeatureType *f)
{
  if (f == NULL)
    return;
  g_free (f->name);
  g_free (f->style);
  g_free (f->color);
  g_array_unref (f->move);
  g_ptr_array_unref (f->negates);
  g_ptr_array_unref (f->roles);
  g_free (f->note);
  g_free (f);
}

WbFeatureType *
wb_feature_type_copy (const WbFeatureType *f)
{
  WbFeatureType *copy;

  g_return_val_if_fail (f != NULL, NULL);
  copy = wb_feature_type_new (f->id, f->where);
  copy->name = g_strdup (f->name);
  copy->style = g_strdup (f->style);
  copy->color = g_strdup (f->color);
  copy->width = f->width;
  copy->move_mode = f->move_mode;
  g_array_append_vals (copy->move, f->move->data, f->move->len);
  copy->defense = f->defense;
  copy->blocks_los = f->blocks_los;
  copy->blocks_zoc = f->blocks_zoc;
  for (guint i = 0; i < f->negates->len; i++)
    g_ptr_array_add (copy->negates, g_ptr_array_index (f->negates, i));
  for (guint i = 0; i < f->roles->len; i++)
    g_ptr_array_add (copy->roles, g_ptr_array_index (f->roles, i));
  copy->note = g_strdup (f->note);
  return copy;
}

WbFormation *
wb_formation_new (const char *id)
{
  WbFormation *f = g_new0 (WbFormation, 1);
  f->id = g_intern_string (id);
  return f;
}

void
wb_formation_free (WbFormation *f)
{
  if (f == NULL)
    return;
  g_free (f->name);
  g_free (f->echelon);
  g_free (f->color);
  g_free (f);
}

double
wb_move_costs_lookup (GArray *move, const char *unit_class, gboolean *found)
{
  const WbMoveCost *fallback = NULL;

  for (guint i = 0; i < move->len; i++)
    {
      const WbMoveCost *c = &g_array_index (move, WbMoveCost, i);
      if (g_strcmp0 (c->unit_class, unit_class) == 0)
        {
          if (found)
            *found = TRUE;
          return c->cost;
        }
      if (strcmp (c->unit_class, "*") == 0)
        fallback = c;
    }
  if (found)
    *found = fallback != NULL;
  return fallback ? fallback->cost : 0.0;
}

static const char *attr_type_names[] = { "int", "number", "string", "bool", "firepower" };
static const char *where_names[] = { "hex", "hexside", "connection", "crossing" };
static const char *move_mode_names[] = { "none", "add", "set", "prohibit" };

static gboolean
lookup_name (const char **names, guint n, const char *s, int *out)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], s) == 0)
      {
        *out = (int) i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_attr_type_to_string (WbAttrType t)
{
  g_return_val_if_fail ((guint) t < G_N_ELEMENTS (attr_type_names), NULL);
  return attr_type_names[t];
}

gboolean
wb_attr_type_from_string (const char *s, WbAttrType *t)
{
  int v;
  if (!lookup_name (attr_type_names, G_N_ELEMENTS (attr_type_names), s, &v))
    return FALSE;
  *t = (WbAttrType) v;
  return TRUE;
}

const char *
wb_feature_where_to_string (WbFeatureWhere w)
{
  g_return_val_if_fail ((guint) w < G_N_ELEMENTS (where_names), NULL);
  return where_names[w];
}

gboolean
wb_feature_where_from_string (const char *s, WbFeatureWhere *w)
{
  int v;
  if (!lookup_name (where_names, G_N_ELEMENTS (where_names), s, &v))
    return FALSE;
  *w = (WbFeatureWhere) v;
  return TRUE;
}

const char *
wb_move_mode_to_string (WbMoveMode m)
{
  g_return_val_if_fail ((guint) m < G_N_ELEMENTS (move_mode_names), NULL);
  return move_mode_names[m];
}

gboolean
wb_move_mode_from_string (const char *s, WbMoveMode *m)
{
  int v;
  if (!lookup_name (move_mode_names, G_N_ELEMENTS (move_mode_names), s, &v))
    return FALSE;
  *m = (WbMoveMode) v;
  return TRUE;
}

gboolean
wb_color_parse (const char *s, double *r, double *g, double *b)
{
  guint v = 0;

  if (s == NULL || s[0] != '#' || strlen (s) != 7)
    return FALSE;
  for (int i = 1; i < 7; i++)
    {
      int d = g_ascii_xdigit_value (s[i]);
      if (d < 0)
        return FALSE;
      v = (v << 4) | (guint) d;
    }
  if (r)
    *r = ((v >> 16) & 0xff) / 255.0;
  if (g)
    *g = ((v >> 8) & 0xff) / 255.0;
  if (b)
    *b = (v & 0xff) / 255.0;
  return TRUE;
}
