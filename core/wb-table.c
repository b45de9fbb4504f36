/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table"
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

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
  GPtrArray   *modifiers;
  WbTableRead  read;
  char        *pair;
  WbTableEnds  ends;
  WbTablePool  pool;
};

G_DEFINE_FINAL_TYPE (WbTable, wb_table, G_TYPE_OBJECT)

enum { PROP_0, PROP_ID, PROP_NAME, PROP_DICE, PROP_SOURCE, PROP_NOTE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static const char *kind_names[] = { "odds", "differential", "fire", "dice_pool", "roll", "chart" };
static const char *read_names[] = { "sum", "colored", "white" };
static const char *end_names[] = { "clamp", "refuse" };

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

const char *
wb_table_read_to_string (WbTableRead read)
{
  g_return_val_if_fail ((guint) read < G_N_ELEMENTS (read_names), NULL);
  return read_names[read];
}

gboolean
wb_table_read_from_string (const char *s, WbTableRead *read)
{
  for (guint i = 0; i < G_N_ELEMENTS (read_names); i++)
    if (g_strcmp0 (s, read_names[i]) == 0)
      {
        *read = (WbTableRead) i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_table_end_to_string (WbTableEnd end)
{
  g_return_val_if_fail ((guint) end < G_N_ELEMENTS (end_names), NULL);
  return end_names[end];
}

gboolean
wb_table_end_from_string (const char *s, WbTableEnd *end)
{
  for (guint i = 0; i < G_N_ELEMENTS (end_names); i++)
    if (g_strcmp0 (s, end_names[i]) == 0)
      {
        *end = (WbTableEnd) i;
        return TRUE;
      }
  return FALSE;
}

char *
wb_table_pool_hit_to_string (const WbTablePool *pool)
{
  g_return_val_if_fail (pool != NULL, NULL);
  if (pool->per_column)
    return g_strdup (pool->at_least ? ">=column" : "<=column");
  return g_strdup_printf ("%s%d", pool->at_least ? ">=" : "<=", pool->value);
}

gboolean
wb_table_pool_hit_parse (const char *s, WbTablePool *pool)
{
  gboolean at_least;
  char *end = NULL;
  gint64 v;

  g_return_val_if_fail (pool != NULL, FALSE);
  if (s == NULL)
    return FALSE;
  if (g_str_has_prefix (s, ">="))
    at_least = TRUE;
  else if (g_str_has_prefix (s, "<="))
    at_least = FALSE;
  else
    return FALSE;
  s += 2;
  if (strcmp (s, "column") == 0)
    {
      pool->at_least = at_least;
      pool->per_column = TRUE;
      pool->value = 0;
      return TRUE;
    }
  if (!g_ascii_isdigit (*s))
    return FALSE;
  v = g_ascii_strtoll (s, &end, 10);
  if (*end != '\0' || v < 1 || v > 1000)
    return FALSE;
  pool->at_least = at_least;
  pool->per_column = FALSE;
  pool->value = (int) v;
  return TRUE;
}

gboolean
wb_table_cell_is_unknown (const char *cell)
{
  return cell != NULL && cell[0] == '?' && cell[1] == '\0';
}

WbResultCode *
wb_result_code_copy (const WbResultCode *c)
{
  WbResultCode *n = g_new0 (WbResultCode, 1);

  *n = *c;
  n->name = g_strdup (c->name);
  n->text = g_strdup (c->text);
  n->test = g_strdup (c->test);
  n->test_column = g_strdup (c->test_column);
  return n;
}

void
wb_result_code_free (WbResultCode *c)
{
  if (c == NULL)
    return;
  g_free (c->name);
  g_free (c->text);
  g_free (c->test);
  g_free (c->test_column);
  g_free (c);
}

WbTableModifier *
wb_table_modifier_copy (const WbTableModifier *m)
{
  WbTableModifier *n = g_new0 (WbTableModifier, 1);

  *n = *m;
  n->id = g_strdup (m->id);
  n->text = g_strdup (m->text);
  n->group = g_strdup (m->group);
  n->applies = g_strdup (m->applies);
  n->source = g_strdup (m->source);
  return n;
}

void
wb_table_modifier_free (WbTableModifier *m)
{
  if (m == NULL)
    return;
  g_free (m->id);
  g_free (m->text);
  g_free (m->group);
  g_free (m->applies);
  g_free (m->source);
  g_free (m);
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
  g_ptr_array_unref (self->modifiers);
  g_free (self->pair);
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
  self->codes = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_result_code_free);
  self->modifiers = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_table_modifier_free);
}

WbTable *
wb_table_new (const char *id, WbTableKind kind)
{
  WbTable *self;

  g_return_val_if_fail (id != NULL, NULL);
  self = g_object_new (WB_TYPE_TABLE, "id", id, NULL);
  self->kind = kind;
  if (kind == WB_TABLE_CHART)
    g_clear_pointer (&self->dice, g_free);
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

const WbResultCode *
wb_table_find_code (WbTable *self, const char *code)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  for (guint i = 0; code != NULL && i < self->codes->len; i++)
    {
      const WbResultCode *c = g_ptr_array_index (self->codes, i);
      if (strcmp (c->code, code) == 0)
        return c;
    }
  return NULL;
}

WbTableRead
wb_table_get_read (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), WB_TABLE_READ_SUM);
  return self->read;
}

void
wb_table_set_read (WbTable *self, WbTableRead read)
{
  g_return_if_fail (WB_IS_TABLE (self));
  self->read = read;
}

const char *
wb_table_get_pair (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->pair;
}

void
wb_table_set_pair (WbTable *self, const char *pair)
{
  g_return_if_fail (WB_IS_TABLE (self));
  wb_set_str (&self->pair, pair);
}

const WbTableEnds *
wb_table_get_ends (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return &self->ends;
}

void
wb_table_set_ends (WbTable *self, const WbTableEnds *ends)
{
  g_return_if_fail (WB_IS_TABLE (self) && ends != NULL);
  self->ends = *ends;
}

const WbTablePool *
wb_table_get_pool (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return &self->pool;
}

void
wb_table_set_pool (WbTable *self, const WbTablePool *pool)
{
  g_return_if_fail (WB_IS_TABLE (self) && pool != NULL);
  self->pool = *pool;
}

GPtrArray *
wb_table_get_modifiers (WbTable *self)
{
  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  return self->modifiers;
}

void
wb_table_add_modifier (WbTable *self, WbTableModifier *modifier)
{
  g_return_if_fail (WB_IS_TABLE (self) && modifier != NULL);
  g_ptr_array_add (self->modifiers, modifier);
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

WbTable *
wb_table_copy (WbTable *self, const char *id)
{
  WbTable *copy;

  g_return_val_if_fail (WB_IS_TABLE (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  copy = wb_table_new (id, self->kind);
  wb_table_set_name (copy, self->name);
  g_clear_pointer (&copy->dice, g_free);
  copy->dice = g_strdup (self->dice);
  wb_table_set_source (copy, self->source);
  wb_table_set_note (copy, self->note);
  copy->read = self->read;
  copy->pair = NULL;   /* a pair names one table back: the copy has none */
  copy->ends = self->ends;
  copy->pool = self->pool;
  for (guint i = 0; i < self->columns->len; i++)
    {
      WbTableColumn *c = g_ptr_array_index (self->columns, i);
      wb_table_add_column (copy, c->label, c->lo, c->hi);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      WbTableRow *r = g_ptr_array_index (self->rows, i);
      GPtrArray *cells = g_ptr_array_new_full (r->cells->len, g_free);

      for (guint j = 0; j < r->cells->len; j++)
        g_ptr_array_add (cells, g_strdup (g_ptr_array_index (r->cells, j)));
      wb_table_add_row (copy, r->label, r->lo, r->hi, cells);
    }
  for (guint i = 0; i < self->codes->len; i++)
    g_ptr_array_add (copy->codes, wb_result_code_copy (g_ptr_array_index (self->codes, i)));
  for (guint i = 0; i < self->modifiers->len; i++)
    g_ptr_array_add (copy->modifiers, wb_table_modifier_copy (g_ptr_array_index (self->modifiers, i)));
  return copy;
}

static void
preset_column (WbTable *t, guint i, guint n)
{
  g_autofree char *label = NULL;

  switch (t->kind)
    {
    case WB_TABLE_ODDS:
      {
        /* 1-1 sits left of the middle: 10 columns are 1-5 … 1-1 … 6-1. */
        int k = (int) i - (int) ((n - 1) / 2);
        int lo = k >= 0 ? k + 1 : 1, hi = k >= 0 ? 1 : 1 - k;

        label = g_strdup_printf ("%d-%d", lo, hi);
        wb_table_add_column (t, label, lo, hi);
        return;
      }
    case WB_TABLE_DIFFERENTIAL:
      {
        int d = (int) i - 3;
        label = d > 0 ? g_strdup_printf ("+%d", d) : g_strdup_printf ("%d", d);
        wb_table_add_column (t, label, d, d);
        return;
      }
    case WB_TABLE_FIRE:
      if (i == 0)
        wb_table_add_column (t, "C", 0.5, 0.5);
      else
        {
          label = g_strdup_printf ("%u", i);
          wb_table_add_column (t, label, i, i);
        }
      return;
    case WB_TABLE_DICE_POOL:
      label = n == 1 ? g_strdup (_("Dice")) : g_strdup_printf ("%u", i + 1);
      wb_table_add_column (t, label, n == 1 ? 0 : i + 1, n == 1 ? 0 : i + 1);
      return;
    case WB_TABLE_CHART:
      label = n == 1 ? g_strdup (_("Value")) : g_strdup_printf (_("Value %u"), i + 1);
      wb_table_add_column (t, label, 0, 0);
      return;
    case WB_TABLE_ROLL:
    default:
      label = n == 1 ? g_strdup (_("Result")) : g_strdup_printf (_("Result %u"), i + 1);
      wb_table_add_column (t, label, 0, 0);
      return;
    }
}

static void
preset_row (WbTable *t, const char *label, int lo, int hi)
{
  GPtrArray *cells = g_ptr_array_new_full (t->columns->len, g_free);

  for (guint j = 0; j < t->columns->len; j++)
    g_ptr_array_add (cells, g_strdup ("-"));
  wb_table_add_row (t, label, lo, hi, cells);
}

WbTable *
wb_table_new_preset (const char *id, const char *name, WbTableKind kind,
                     const char *dice, guint n_columns)
{
  WbTable *t;
  guint n = 0, m = 0;

  g_return_val_if_fail (id != NULL, NULL);
  t = wb_table_new (id, kind);
  wb_table_set_name (t, name);
  n_columns = CLAMP (n_columns, 1, WB_TABLE_MAX_COLUMNS);
  for (guint i = 0; i < n_columns; i++)
    preset_column (t, i, n_columns);

  if (kind == WB_TABLE_CHART || kind == WB_TABLE_DICE_POOL)
    {
      for (int r = 1; r <= 6; r++)
        {
          g_autofree char *label = g_strdup_printf ("%d", r);
          preset_row (t, label, r, r);
        }
      return t;
    }
  if (dice != NULL)
    wb_table_set_dice (t, dice);
  if (g_strcmp0 (t->dice, "d66") == 0)
    {
      for (int d = 1; d <= 6; d++)
        {
          g_autofree char *label = g_strdup_printf ("%d1-%d6", d, d);
          preset_row (t, label, d * 10 + 1, d * 10 + 6);
        }
      return t;
    }
  if (sscanf (t->dice, "%ud%u", &n, &m) == 2 && n >= 1 && m >= 2 && (guint64) n * m <= WB_TABLE_MAX_ROWS)
    for (guint r = n; r <= n * m; r++)
      {
        g_autofree char *label = g_strdup_printf ("%u", r);
        preset_row (t, label, (int) r, (int) r);
      }
  return t;
}
