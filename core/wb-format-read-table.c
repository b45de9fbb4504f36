/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <string.h>

#include "wb-format-read-private.h"

/* Reading the tables: columns, rows, result codes and their effects, and the
 * resolution rules of format 6 (read/pair, ends, pool, modifiers). */

#define MAX_CODES     1000
#define MAX_MODIFIERS 500
#define MAX_POOL_DICE 100

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

/* Fails at @member of the object being read. */
static gboolean
fail_member (Reader *r, const char *member, int code, const char *message)
{
  gsize old = wb_read_push_member (r, member);
  fail (r, code, "%s", message);
  wb_read_pop (r, old);
  return FALSE;
}

static gboolean
read_table_column (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "label", "lo", "hi", NULL };
  WbTable *table = data;
  WbJsonNode *obj;
  const char *label;
  double lo = 0, hi = 0;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "label", TRUE, &label) ||
      !wb_read_get_number (r, obj, "lo", FALSE, -1e6, 1e6, &lo) ||
      !wb_read_get_number (r, obj, "hi", FALSE, -1e6, 1e6, &hi))
    return FALSE;
  wb_table_add_column (table, label, lo, hi);
  return TRUE;
}

/* A dice-pool cell: a number of dice, "-" (none) or "?" (unknown). */
static gboolean
valid_pool_cell (const char *cell)
{
  char *end = NULL;
  guint64 n;

  if (strcmp (cell, "-") == 0 || wb_table_cell_is_unknown (cell))
    return TRUE;
  if (!g_ascii_isdigit (*cell))
    return FALSE;
  n = g_ascii_strtoull (cell, &end, 10);
  return *end == '\0' && n <= MAX_POOL_DICE;
}

static gboolean
read_table_row (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "label", "lo", "hi", "cells", NULL };
  WbTable *table = data;
  gboolean chart = wb_table_get_kind (table) == WB_TABLE_CHART;
  gboolean pool = wb_table_get_pool (table)->sides > 0;
  guint ncols = wb_table_get_columns (table)->len;
  g_autoptr(GPtrArray) cells = NULL;
  WbJsonNode *obj;
  WbJsonNode *array;
  const char *label;
  int lo = 0, hi;
  gsize old;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "label", TRUE, &label) ||
      !wb_read_get_int (r, obj, "lo", !chart, -100000, 100000, &lo))
    return FALSE;
  hi = lo;
  if (!wb_read_get_int (r, obj, "hi", FALSE, -100000, 100000, &hi))
    return FALSE;
  if (hi < lo)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("the roll range %d–%d is empty"), lo, hi);
  if (!wb_read_get_array (r, obj, "cells", WB_TABLE_MAX_COLUMNS, TRUE, &array))
    return FALSE;
  old = wb_read_push_member (r, "cells");
  if (wb_json_array_get_length (array) != ncols)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("%u cells, expected one per column (%u)"),
                 wb_json_array_get_length (array), ncols);
  if (!wb_read_charge (r, (guint64) wb_json_array_get_length (array) * WB_READ_CELL_COST))
    return FALSE;
  cells = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < ncols; i++)
    {
      WbJsonNode *cell = wb_json_array_get (array, i);
      gsize o2 = wb_read_push_index (r, i);
      if (!wb_read_is_string (cell))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     wb_read_node_type_name (cell));
      if (pool && !valid_pool_cell (wb_json_get_string (cell)))
        return fail (r, WB_FORMAT_ERROR_TYPE,
                     _("“%s” is not a number of dice (expected 0–%d, “-” or “?”)"),
                     wb_json_get_string (cell), MAX_POOL_DICE);
      g_ptr_array_add (cells, g_strdup (wb_json_get_string (cell)));
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  wb_table_add_row (table, label, lo, hi, g_steal_pointer (&cells));
  return TRUE;
}

static gboolean
read_code_effect (Reader *r, WbJsonNode *obj, WbResultCode *c)
{
  static const char * const allowed[] = {
    "attacker_eliminated", "defender_eliminated", "attacker_steps", "defender_steps",
    "attacker_retreat", "defender_retreat", "attacker_morale", "defender_morale", "exchange",
    "test", "column", NULL
  };
  WbCodeEffect *e = &c->effect;

  return wb_read_check_members (r, obj, allowed) &&
         wb_read_get_number (r, obj, "attacker_eliminated", FALSE, 0, 1, &e->attacker_eliminated) &&
         wb_read_get_number (r, obj, "defender_eliminated", FALSE, 0, 1, &e->defender_eliminated) &&
         wb_read_get_number (r, obj, "attacker_steps", FALSE, 0, 100, &e->attacker_steps) &&
         wb_read_get_number (r, obj, "defender_steps", FALSE, 0, 100, &e->defender_steps) &&
         wb_read_get_number (r, obj, "attacker_retreat", FALSE, 0, 100, &e->attacker_retreat) &&
         wb_read_get_number (r, obj, "defender_retreat", FALSE, 0, 100, &e->defender_retreat) &&
         wb_read_get_number (r, obj, "attacker_morale", FALSE, 0, 100, &e->attacker_morale) &&
         wb_read_get_number (r, obj, "defender_morale", FALSE, 0, 100, &e->defender_morale) &&
         wb_read_get_bool (r, obj, "exchange", &e->exchange) &&
         wb_read_get_text (r, obj, "test", &c->test) &&
         wb_read_get_text (r, obj, "column", &c->test_column);
}

static gboolean
read_result_code (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "code", "name", "text", "effect", NULL };
  WbTable *table = data;
  WbJsonNode *obj, *effect;
  const char *code, *name, *text;
  WbResultCode *c;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "code", TRUE, &code) ||
      !wb_read_get_string (r, obj, "name", FALSE, &name) || !wb_read_get_string (r, obj, "text", FALSE, &text))
    return FALSE;
  if (*code == '\0')
    return fail_member (r, "code", WB_FORMAT_ERROR_RANGE, _("a result code cannot be empty"));
  if (wb_table_find_code (table, code) != NULL)
    return fail_member (r, "code", WB_FORMAT_ERROR_DUPLICATE,
                        _("this result code is listed twice in the table"));
  wb_table_add_code (table, code, name, text);
  c = g_ptr_array_index (wb_table_get_codes (table), wb_table_get_codes (table)->len - 1);
  if ((effect = wb_json_object_get (obj, "effect")) != NULL)
    {
      gsize old = wb_read_push_member (r, "effect");
      if (!wb_read_expect_object (r, effect) || !read_code_effect (r, effect, c))
        return FALSE;
      wb_read_pop (r, old);
      c->has_effect = TRUE;
    }
  return TRUE;
}

static gboolean
read_modifier (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "text", "columns", "dice", "target", "roll", "group", "applies", "source", NULL
  };
  WbTable *table = data;
  WbTableModifier *m;
  WbJsonNode *obj;
  const char *id;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  for (guint i = 0; i < wb_table_get_modifiers (table)->len; i++)
    if (strcmp (((WbTableModifier *) g_ptr_array_index (wb_table_get_modifiers (table), i))->id, id) == 0)
      return fail_member (r, "id", WB_FORMAT_ERROR_DUPLICATE,
                          _("another modifier of this table has this id"));
  m = g_new0 (WbTableModifier, 1);
  m->id = g_strdup (id);
  wb_table_add_modifier (table, m);
  if (!wb_read_get_text (r, obj, "text", &m->text) ||
      !wb_read_get_int (r, obj, "columns", FALSE, -WB_TABLE_MAX_COLUMNS, WB_TABLE_MAX_COLUMNS, &m->columns) ||
      !wb_read_get_int (r, obj, "dice", FALSE, -MAX_POOL_DICE, MAX_POOL_DICE, &m->dice) ||
      !wb_read_get_int (r, obj, "target", FALSE, -1000, 1000, &m->target) ||
      !wb_read_get_int (r, obj, "roll", FALSE, -1000, 1000, &m->roll) ||
      !wb_read_get_text (r, obj, "group", &m->group) ||
      !wb_read_get_text (r, obj, "applies", &m->applies) ||
      !wb_read_get_text (r, obj, "source", &m->source))
    return FALSE;
  return TRUE;
}

static gboolean
read_end (Reader *r, WbJsonNode *obj, const char *member, WbTableEnd *end)
{
  const char *s;

  if (!wb_read_get_string (r, obj, member, FALSE, &s))
    return FALSE;
  if (s != NULL && !wb_table_end_from_string (s, end))
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not an end rule (expected clamp or refuse)"), s);
      return fail_member (r, member, WB_FORMAT_ERROR_TYPE, msg);
    }
  return TRUE;
}

static gboolean
read_ends (Reader *r, WbJsonNode *table_obj, WbTable *table)
{
  static const char * const allowed[] = {
    "left", "right", "defensive_left", "defensive_right", NULL
  };
  WbJsonNode *obj = wb_json_object_get (table_obj, "ends");
  WbTableEnds ends = { WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP, WB_TABLE_END_CLAMP };
  gsize old;

  if (obj == NULL)
    return TRUE;
  old = wb_read_push_member (r, "ends");
  if (!wb_read_expect_object (r, obj) || !wb_read_check_members (r, obj, allowed) ||
      !read_end (r, obj, "left", &ends.left) || !read_end (r, obj, "right", &ends.right))
    return FALSE;
  ends.defensive_left = ends.left;
  ends.defensive_right = ends.right;
  if (!read_end (r, obj, "defensive_left", &ends.defensive_left) ||
      !read_end (r, obj, "defensive_right", &ends.defensive_right))
    return FALSE;
  wb_read_pop (r, old);
  wb_table_set_ends (table, &ends);
  return TRUE;
}

static gboolean
read_pool (Reader *r, WbJsonNode *table_obj, WbTable *table)
{
  static const char * const allowed[] = { "sides", "hit", NULL };
  WbJsonNode *obj = wb_json_object_get (table_obj, "pool");
  WbTablePool pool = { 0 };
  const char *hit;
  gsize old;

  if (obj == NULL)
    return TRUE;
  if (wb_table_get_kind (table) != WB_TABLE_DICE_POOL)
    return fail_member (r, "pool", WB_FORMAT_ERROR_RANGE,
                        _("only a dice_pool table has a pool"));
  old = wb_read_push_member (r, "pool");
  if (!wb_read_expect_object (r, obj) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_int (r, obj, "sides", TRUE, 2, 1000, &pool.sides) ||
      !wb_read_get_string (r, obj, "hit", TRUE, &hit))
    return FALSE;
  if (!wb_table_pool_hit_parse (hit, &pool) || (!pool.per_column && pool.value > pool.sides))
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a hit rule for a d%d (expected >=N or <=N with N at most "
                           "the sides, or <=column)"), hit, pool.sides);
      return fail_member (r, "hit", WB_FORMAT_ERROR_TYPE, msg);
    }
  wb_read_pop (r, old);
  wb_table_set_pool (table, &pool);
  return TRUE;
}

gboolean
_wb_read_table (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "dice", "source", "note", "read", "pair", "ends", "pool", "modifiers",
    "columns", "rows", "codes", NULL
  };
  g_autoptr(WbTable) table = NULL;
  WbJsonNode *obj;
  const char *id, *kind_name, *s;
  WbTableKind kind;
  WbTableRead read = WB_TABLE_READ_SUM;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "kind", TRUE, &kind_name))
    return FALSE;
  if (!wb_table_kind_from_string (kind_name, &kind))
    {
      g_autofree char *msg =
        g_strdup_printf (_("unknown table kind “%s” (expected odds, differential, fire, dice_pool, "
                           "roll or chart)"), kind_name);
      return fail_member (r, "kind", WB_FORMAT_ERROR_TYPE, msg);
    }
  table = wb_table_new (id, kind);
  if (!wb_read_get_string (r, obj, "name", FALSE, &s))
    return FALSE;
  wb_table_set_name (table, s);
  if (!wb_read_get_string (r, obj, "dice", FALSE, &s))
    return FALSE;
  if (s && kind == WB_TABLE_CHART)
    return fail_member (r, "dice", WB_FORMAT_ERROR_RANGE, _("a chart has no dice"));
  if (s && !valid_dice (s))
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a dice expression (expected NdM such as 1d6, or d66)"), s);
      return fail_member (r, "dice", WB_FORMAT_ERROR_TYPE, msg);
    }
  if (s)
    wb_table_set_dice (table, s);
  if (!wb_read_get_string (r, obj, "source", FALSE, &s))
    return FALSE;
  wb_table_set_source (table, s);
  if (!wb_read_get_string (r, obj, "note", FALSE, &s))
    return FALSE;
  wb_table_set_note (table, s);
  if (!wb_read_get_string (r, obj, "read", FALSE, &s))
    return FALSE;
  if (s && !wb_table_read_from_string (s, &read))
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a way to read the dice (expected sum, colored or white)"), s);
      return fail_member (r, "read", WB_FORMAT_ERROR_TYPE, msg);
    }
  if (read != WB_TABLE_READ_SUM && g_strcmp0 (wb_table_get_dice (table), "1d6") != 0)
    return fail_member (r, "read", WB_FORMAT_ERROR_RANGE,
                        _("a table that reads one die of a throw has the dice “1d6”"));
  wb_table_set_read (table, read);
  if (!wb_read_get_id (r, obj, "pair", FALSE, &s))
    return FALSE;
  if (s && read == WB_TABLE_READ_SUM)
    return fail_member (r, "pair", WB_FORMAT_ERROR_RANGE,
                        _("only a table that reads the colored or the white die has a pair"));
  wb_table_set_pair (table, s);
  if (!read_ends (r, obj, table) || !read_pool (r, obj, table) ||
      !wb_read_for_each (r, obj, "modifiers", MAX_MODIFIERS, FALSE, read_modifier, table) ||
      !wb_read_for_each (r, obj, "columns", WB_TABLE_MAX_COLUMNS, TRUE, read_table_column, table) ||
      !wb_read_for_each (r, obj, "rows", WB_TABLE_MAX_ROWS, TRUE, read_table_row, table) ||
      !wb_read_for_each (r, obj, "codes", MAX_CODES, FALSE, read_result_code, table))
    return FALSE;
  if (!wb_game_add_table (r->game, table))
    return wb_read_duplicate (r, "table", id);
  g_steal_pointer (&table);
  return TRUE;
}

static gboolean
has_column (WbTable *table, const char *label)
{
  GPtrArray *columns = wb_table_get_columns (table);

  for (guint i = 0; i < columns->len; i++)
    if (g_strcmp0 (((WbTableColumn *) g_ptr_array_index (columns, i))->label, label) == 0)
      return TRUE;
  return FALSE;
}

/* Each code's `test` names a table of the game and `column` one of its columns. */
static gboolean
check_code_tests (Reader *r, guint index, WbTable *t)
{
  GPtrArray *codes = wb_table_get_codes (t);

  for (guint j = 0; j < codes->len; j++)
    {
      const WbResultCode *c = g_ptr_array_index (codes, j);
      WbTable *test = c->test != NULL ? wb_game_find_table (r->game, c->test) : NULL;
      gsize old;

      if (c->test == NULL ? c->test_column == NULL : test != NULL && (c->test_column == NULL ||
                                                                      has_column (test, c->test_column)))
        continue;
      old = wb_read_push_member (r, "tables");
      wb_read_push_index (r, index);
      wb_read_push_member (r, "codes");
      wb_read_push_index (r, j);
      wb_read_push_member (r, "effect");
      if (c->test == NULL)
        {
          wb_read_push_member (r, "column");
          fail (r, WB_FORMAT_ERROR_MISSING, _("a column without a test table"));
        }
      else if (test == NULL)
        {
          wb_read_push_member (r, "test");
          fail (r, WB_FORMAT_ERROR_REFERENCE, _("no table “%s”"), c->test);
        }
      else
        {
          wb_read_push_member (r, "column");
          fail (r, WB_FORMAT_ERROR_REFERENCE, _("the table “%s” has no column “%s”"), c->test,
                c->test_column);
        }
      wb_read_pop (r, old);
      return FALSE;
    }
  return TRUE;
}

gboolean
_wb_read_check_table_pairs (Reader *r)
{
  GPtrArray *tables = wb_game_get_tables (r->game);

  for (guint i = 0; i < tables->len; i++)
    if (!check_code_tests (r, i, g_ptr_array_index (tables, i)))
      return FALSE;
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      const char *pair = wb_table_get_pair (t);
      WbTable *other;
      gsize old;

      if (pair == NULL)
        continue;
      other = wb_game_find_table (r->game, pair);
      if (other != NULL && g_strcmp0 (wb_table_get_pair (other), wb_table_get_id (t)) == 0 &&
          wb_table_get_read (other) != wb_table_get_read (t))
        continue;
      old = wb_read_push_member (r, "tables");
      wb_read_push_index (r, i);
      wb_read_push_member (r, "pair");
      if (other == NULL)
        fail (r, WB_FORMAT_ERROR_REFERENCE, _("no table “%s”"), pair);
      else
        fail (r, WB_FORMAT_ERROR_REFERENCE,
              _("the table “%s” must name this one as its pair and read the other die"), pair);
      wb_read_pop (r, old);
      return FALSE;
    }
  return TRUE;
}
