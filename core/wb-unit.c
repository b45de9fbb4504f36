/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-unit"
#include "config.h"

#include "wb-unit.h"
#include "wb-util-private.h"

struct _WbUnit
{
  GObject      parent_instance;

  const char  *id;
  char        *name;
  char        *designation;
  const char  *side;
  const char  *class_id;
  const char  *formation;
  char        *size;
  char        *note;
  WbStrength   strength;
  GPtrArray   *attr_ids;     /* interned, in order */
  GHashTable  *attrs;        /* id (interned; hashed by its text) → WbAttrValue*; NULL until one is set */
};

G_DEFINE_FINAL_TYPE (WbUnit, wb_unit, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_DESIGNATION,
  PROP_SIDE,
  PROP_CLASS_ID,
  PROP_FORMATION,
  PROP_SIZE,
  PROP_NOTE,
  PROP_STRENGTH_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
wb_strength_equal (const WbStrength *a, const WbStrength *b)
{
  if (a->kind != b->kind || a->n != b->n || a->current != b->current)
    return FALSE;
  for (guint i = 0; i < a->n; i++)
    if (a->halves[i] != b->halves[i])
      return FALSE;
  return TRUE;
}

static void
append_halves (GString *s, int halves)
{
  if (halves == 1)
    g_string_append_c (s, 'C');
  else if (halves % 2 == 0)
    g_string_append_printf (s, "%d", halves / 2);
  else
    g_string_append_printf (s, "%d½", halves / 2);
}

char *
wb_strength_to_string (const WbStrength *s)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < s->n; i++)
    {
      if (i > 0)
        g_string_append_c (out, s->kind == WB_STRENGTH_SIDES ? '|' : '/');
      append_halves (out, s->halves[i]);
    }
  return g_string_free (out, FALSE);
}

void
wb_attr_value_free (WbAttrValue *v)
{
  if (v == NULL)
    return;
  if (v->type == WB_ATTR_STRING || v->type == WB_ATTR_FIREPOWER)
    g_free (v->s);
  g_free (v);
}

gboolean
wb_attr_value_equal (const WbAttrValue *a, const WbAttrValue *b)
{
  if (a->type != b->type)
    return FALSE;
  switch (a->type)
    {
    case WB_ATTR_INT:
      return a->i == b->i;
    case WB_ATTR_NUMBER:
      return a->d == b->d;
    case WB_ATTR_BOOL:
      return !a->b == !b->b;
    case WB_ATTR_STRING:
    case WB_ATTR_FIREPOWER:
      return g_strcmp0 (a->s, b->s) == 0;
    default:
      g_assert_not_reached ();
    }
}

static WbAttrValue *
attr_value_copy (const WbAttrValue *v)
{
  WbAttrValue *copy = g_new (WbAttrValue, 1);

  *copy = *v;
  if (v->type == WB_ATTR_STRING || v->type == WB_ATTR_FIREPOWER)
    copy->s = g_strdup (v->s);
  return copy;
}

static void
wb_unit_finalize (GObject *object)
{
  WbUnit *self = WB_UNIT (object);

  g_free (self->name);
  g_free (self->designation);
  g_free (self->size);
  g_free (self->note);
  g_ptr_array_unref (self->attr_ids);
  g_clear_pointer (&self->attrs, g_hash_table_unref);
  G_OBJECT_CLASS (wb_unit_parent_class)->finalize (object);
}

static void
wb_unit_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbUnit *self = WB_UNIT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, wb_unit_get_name (self));
      break;
    case PROP_DESIGNATION:
      g_value_set_string (value, wb_unit_get_designation (self));
      break;
    case PROP_SIDE:
      g_value_set_string (value, self->side);
      break;
    case PROP_CLASS_ID:
      g_value_set_string (value, self->class_id);
      break;
    case PROP_FORMATION:
      g_value_set_string (value, self->formation);
      break;
    case PROP_SIZE:
      g_value_set_string (value, self->size);
      break;
    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;
    case PROP_STRENGTH_TEXT:
      g_value_take_string (value, wb_strength_to_string (&self->strength));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_unit_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbUnit *self = WB_UNIT (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_intern_string (g_value_get_string (value));
      break;
    case PROP_NAME:
      wb_unit_set_name (self, g_value_get_string (value));
      break;
    case PROP_DESIGNATION:
      wb_unit_set_designation (self, g_value_get_string (value));
      break;
    case PROP_SIDE:
      wb_unit_set_side (self, g_value_get_string (value));
      break;
    case PROP_CLASS_ID:
      wb_unit_set_class_id (self, g_value_get_string (value));
      break;
    case PROP_FORMATION:
      wb_unit_set_formation (self, g_value_get_string (value));
      break;
    case PROP_SIZE:
      wb_unit_set_size (self, g_value_get_string (value));
      break;
    case PROP_NOTE:
      wb_unit_set_note (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_unit_class_init (WbUnitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = wb_unit_finalize;
  object_class->get_property = wb_unit_get_property;
  object_class->set_property = wb_unit_set_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_DESIGNATION] = g_param_spec_string ("designation", NULL, NULL, NULL, rw);
  properties[PROP_SIDE] = g_param_spec_string ("side", NULL, NULL, NULL, rw);
  properties[PROP_CLASS_ID] = g_param_spec_string ("class-id", NULL, NULL, NULL, rw);
  properties[PROP_FORMATION] = g_param_spec_string ("formation", NULL, NULL, NULL, rw);
  properties[PROP_SIZE] = g_param_spec_string ("size", NULL, NULL, NULL, rw);
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, rw);
  properties[PROP_STRENGTH_TEXT] =
    g_param_spec_string ("strength-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_unit_init (WbUnit *self)
{
  self->strength.kind = WB_STRENGTH_SINGLE;
  self->strength.n = 1;
  self->attr_ids = g_ptr_array_new ();
}

WbUnit *
wb_unit_new (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  return g_object_new (WB_TYPE_UNIT, "id", id, NULL);
}

const char *
wb_unit_get_id (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->id;
}

#define STRING_ACCESSORS(field, PROP)                                       \
  void                                                                      \
  wb_unit_set_##field (WbUnit *self, const char *value)                     \
  {                                                                         \
    g_return_if_fail (WB_IS_UNIT (self));                                   \
    if (wb_set_str (&self->field, value))                                   \
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);         \
  }

#define INTERNED_ACCESSORS(field, PROP)                                     \
  const char *                                                              \
  wb_unit_get_##field (WbUnit *self)                                        \
  {                                                                         \
    g_return_val_if_fail (WB_IS_UNIT (self), NULL);                         \
    return self->field;                                                     \
  }                                                                         \
  void                                                                      \
  wb_unit_set_##field (WbUnit *self, const char *value)                     \
  {                                                                         \
    const char *v = wb_intern0 (value);                                     \
    g_return_if_fail (WB_IS_UNIT (self));                                   \
    if (self->field == v)                                                   \
      return;                                                               \
    self->field = v;                                                        \
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);           \
  }

STRING_ACCESSORS (name, PROP_NAME)
STRING_ACCESSORS (designation, PROP_DESIGNATION)
STRING_ACCESSORS (size, PROP_SIZE)
STRING_ACCESSORS (note, PROP_NOTE)
INTERNED_ACCESSORS (side, PROP_SIDE)
INTERNED_ACCESSORS (class_id, PROP_CLASS_ID)
INTERNED_ACCESSORS (formation, PROP_FORMATION)

const char *
wb_unit_get_name (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->name ? self->name : self->id;
}

/* The raw designation (NULL when it defaults to the name) is what the file stores. */
const char *
wb_unit_get_designation (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->designation ? self->designation : wb_unit_get_name (self);
}

const char *
wb_unit_get_size (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->size;
}

const char *
wb_unit_get_note (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->note;
}

const WbStrength *
wb_unit_get_strength (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return &self->strength;
}

void
wb_unit_set_strength (WbUnit *self, const WbStrength *strength)
{
  g_return_if_fail (WB_IS_UNIT (self));
  g_return_if_fail (strength != NULL);
  g_return_if_fail (strength->n >= 1 && strength->n <= WB_STRENGTH_MAX_STEPS);
  g_return_if_fail (strength->current < strength->n);
  if (wb_strength_equal (&self->strength, strength))
    return;
  self->strength = *strength;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRENGTH_TEXT]);
}

const WbAttrValue *
wb_unit_get_attr (WbUnit *self, const char *id)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  /* Looked up by text: no g_quark_try_string (), whose global lock
   * serialised the balance lab's threads, and nothing interned. */
  if (self->attrs == NULL)
    return NULL;
  return g_hash_table_lookup (self->attrs, id);
}

void
wb_unit_set_attr (WbUnit *self, const char *id, const WbAttrValue *value)
{
  const char *key;

  g_return_if_fail (WB_IS_UNIT (self));
  g_return_if_fail (id != NULL);
  key = g_intern_string (id);
  if (value == NULL)
    {
      if (self->attrs != NULL && g_hash_table_remove (self->attrs, key))
        g_ptr_array_remove (self->attr_ids, (gpointer) key);
      return;
    }
  if (self->attrs == NULL)
    self->attrs = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) wb_attr_value_free);
  if (!g_hash_table_contains (self->attrs, key))
    g_ptr_array_add (self->attr_ids, (gpointer) key);
  g_hash_table_insert (self->attrs, (gpointer) key, attr_value_copy (value));
}

GPtrArray *
wb_unit_get_attr_ids (WbUnit *self)
{
  g_return_val_if_fail (WB_IS_UNIT (self), NULL);
  return self->attr_ids;
}
