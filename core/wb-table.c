/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table"
#include "config.h"

#include "wb-table.h"
#include "wb-util-private.h"

struct _WbTable
{
  GObject      parent_instance;

  const char  *id;
  char        *name;
  WbTableKind  kind;
  char        *dice;
  char        *source;
  char        *note;
  GPtrArray   *columns;
  GPtrArray   *rows;
  GPtrArray   *codes;
};

G_DEFINE_FINAL_TYPE (WbTable, wb_table, G_TYPE_OBJECT)

enum { PROP_0, PROP_ID, PROP_NAME, PROP_DICE, PROP_SOURCE, PROP_NOTE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static const char *kind_names[] = { "odds", "differential", "fire", "dice_pool", "roll" };

const char *
wb_table_kind_to_string (WbTableKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_names), NULL);
  return kind_names[kind];
}

gboolean
wb_table_kind_from_string (const char *s, WbTableKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (s, kind_names[i]) == 0)
      {
        *kind = (WbTableKind) i;
        return TRUE;
      }
  return FALSE;
}

static void
column_free (WbTableColumn *c)
{
  g_free (c->label);
  g_free (c);
}

static void
row_free (WbTableRow *r)
{
  g_free (r->label);
  g_ptr_array_unref (r->cells);
  g_free (r);
}

static void
code_free (WbResultCode *c)
{
  g_free (c->name);
  g_free (c->text);
  g_free (c);
}

static void
wb_table_finalize (GObject *object)
{
  WbTable *self = WB_TABLE (object);

  g_free (self->name);
  g_free (self->dice);
  g_free (self->source);
  g_free (self->note);
  g_ptr_array_unref (self->columns);
  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->codes);
  G_OBJECT_CLASS (wb_table_parent_class)->finalize (object);
}

static void
wb_table_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbTable *self = WB_TABLE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, wb_table_get_name (self));
      break;
    case PROP_DICE:
      g_value_set_string (value, self->dice);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_table_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbTable *self = WB_TABLE (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_intern_string (g_value_get_string (value));
      break;
    case PROP_NAME:
      wb_table_set_name (self, g_value_get_string (value));
      break;
    case PROP_DICE:
      wb_table_set_dice (self, g_value_get_string (value));
      break;
    case PROP_SOURCE:
      wb_table_set_source (self, g_value_get_string (value));
      break;
    case PROP_NOTE:
      wb_table_set_note (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_table_class_init (WbTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = wb_table_finalize;
  object_class->get_property = wb_table_get_property;
  object_class->set_property = wb_table_set_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_DICE] = g_param_spec_string ("dice", NULL, NULL, NULL, rw);
  properties[PROP_SOURCE] = g_param_spec_string ("source", NULL, NULL, NULL, rw);
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_table_init (WbTable *self)
{
  self->dice = g_strdup ("1d6");
  self->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  self->codes = g_ptr_array_new_with_free_func ((GDestroyNotify) code_free);
}

WbTable *
wb_table_new (const char *id, WbTableKind kind)
{
  WbTable *self;

  g_return_val_if_fail (id != NULL, NULL);
  self = g_object_new (WB_TYPE_TABLE, "id", id, NULL);
  self->kind = kind;
  return self;
}

const char *
wb_table_get_id (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->id;
}

const char *
wb_table_get_name (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->name ? self->name : self->id;
}

WbTableKind
wb_table_get_kind (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), WB_TABLE_ROLL);
  return self->kind;
}

#define TEXT_PROPERTY(field, PROP)                                      \
  const char *                                                          \
  wb_table_get_##field (WbTable *self)                                  \
  {                                                                     \
    g_return_val_if_fail (WB_IS_TABLE (self), NULL);                    \
    return self->field;                                                 \
  }                                                                     \
  void                                                                  \
  wb_table_set_##field (WbTable *self, const char *value)               \
  {                                                                     \
    g_return_if_fail (WB_IS_TABLE (self));                              \
    if (wb_set_str (&self->field, value))                               \
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);     \
  }

TEXT_PROPERTY (dice, PROP_DICE)
TEXT_PROPERTY (source, PROP_SOURCE)
TEXT_PROPERTY (note, PROP_NOTE)

void
wb_table_set_name (WbTable *self, const char *name)
{
  g_return_if_fail (WB_IS_TABLE (self));
  if (wb_set_str (&self->name, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

GPtrArray *
wb_table_get_columns (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->columns;
}

GPtrArray *
wb_table_get_rows (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->rows;
}

GPtrArray *
wb_table_get_codes (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->codes;
}

void
wb_table_add_column (WbTable *self, const char *label, double lo, double hi)
{
  WbTableColumn *c;

  g_return_if_fail (WB_IS_TABLE (self));
  c = g_new0 (WbTableColumn, 1);
  c->label = g_strdup (label);
  c->lo = lo;
  c->hi = hi;
  g_ptr_array_add (self->columns, c);
}

void
wb_table_add_row (WbTable *self, const char *label, int lo, int hi, GPtrArray *cells)
{
  WbTableRow *r;

  g_return_if_fail (WB_IS_TABLE (self));
  g_return_if_fail (cells != NULL);
  g_return_if_fail (cells->len == self->columns->len);
  r = g_new0 (WbTableRow, 1);
  r->label = g_strdup (label);
  r->lo = lo;
  r->hi = hi;
  r->cells = cells;
  g_ptr_array_add (self->rows, r);
}

void
wb_table_add_code (WbTable *self, const char *code, const char *name, const char *text)
{
  WbResultCode *c;

  g_return_if_fail (WB_IS_TABLE (self));
  c = g_new0 (WbResultCode, 1);
  c->code = g_intern_string (code);
  c->name = g_strdup (name);
  c->text = g_strdup (text);
  g_ptr_array_add (self->codes, c);
}

const char *
wb_table_lookup (WbTable *self, int roll, guint column)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  if (column >= self->columns->len)
    return NULL;
  for (guint i = 0; i < self->rows->len; i++)
    {
      WbTableRow *r = g_ptr_array_index (self->rows, i);
      if (roll >= r->lo && roll <= r->hi)
        return g_ptr_array_index (r->cells, column);
    }
  return NULL;
}
