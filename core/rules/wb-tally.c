/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-tally"

#include "config.h"

#include <string.h>

#include "rules/wb-family.h"
#include "rules/wb-tally.h"
#include "wb-table-analysis.h"

/*
 * An action's counts wait in @pending until the engine knows whether the
 * action is kept. The entries remember the pointers they were last found
 * by (a family's static check id, a table and its cell's own string), so
 * a game's thousands of counts compare pointers, not text; text is
 * compared only the first time a key is seen.
 */

typedef struct {
  char        *id;
  const char  *key;      /* the pointer last counted under, or NULL */
  WbCheckCount count;
} CheckEntry;

typedef struct {
  char       *table;
  guint       column;
  char       *result;
  guint64     count;
  gconstpointer table_key;
  const char *result_key;
} ReadEntry;

typedef enum {
  OP_CHECK,
  OP_READ,
} OpKind;

typedef struct {
  OpKind      kind;
  gboolean    broken;
  int         level;
  const char *id;        /* a check's id; a read's cell */
  WbTable    *table;
  guint       column;
} Op;

struct _WbTally {
  GArray *checks;    /* CheckEntry */
  GArray *reads;     /* ReadEntry */
  GArray *pending;   /* Op, the action being played */
};

static void
check_entry_clear (gpointer data)
{
  g_free (((CheckEntry *) data)->id);
}

static void
read_entry_clear (gpointer data)
{
  ReadEntry *e = data;

  g_free (e->table);
  g_free (e->result);
}

WbTally *
wb_tally_new (void)
{
  WbTally *t = g_new0 (WbTally, 1);

  t->checks = g_array_new (FALSE, TRUE, sizeof (CheckEntry));
  g_array_set_clear_func (t->checks, check_entry_clear);
  t->reads = g_array_new (FALSE, TRUE, sizeof (ReadEntry));
  g_array_set_clear_func (t->reads, read_entry_clear);
  t->pending = g_array_new (FALSE, TRUE, sizeof (Op));
  return t;
}

void
wb_tally_free (WbTally *t)
{
  if (t == NULL)
    return;
  g_array_unref (t->checks);
  g_array_unref (t->reads);
  g_array_unref (t->pending);
  g_free (t);
}

static CheckEntry *
find_check (WbTally    *t,
            const char *id,
            gboolean    create)
{
  CheckEntry e = { 0, };

  for (guint i = 0; i < t->checks->len; i++)
    if (g_array_index (t->checks, CheckEntry, i).key == id)
      return &g_array_index (t->checks, CheckEntry, i);
  for (guint i = 0; i < t->checks->len; i++)
    {
      CheckEntry *x = &g_array_index (t->checks, CheckEntry, i);

      if (strcmp (x->id, id) == 0)
        {
          x->key = id;
          return x;
        }
    }
  if (!create)
    return NULL;
  e.id = g_strdup (id);
  e.key = id;
  g_array_append_val (t->checks, e);
  return &g_array_index (t->checks, CheckEntry, t->checks->len - 1);
}

static ReadEntry *
find_read (WbTally      *t,
           gconstpointer table_key,
           const char   *table_id,
           guint         column,
           const char   *result_key,
           const char   *result)
{
  ReadEntry e = { 0, };

  if (table_key != NULL)
    for (guint i = 0; i < t->reads->len; i++)
      {
        ReadEntry *x = &g_array_index (t->reads, ReadEntry, i);

        if (x->table_key == table_key && x->result_key == result_key && x->column == column)
          return x;
      }
  for (guint i = 0; i < t->reads->len; i++)
    {
      ReadEntry *x = &g_array_index (t->reads, ReadEntry, i);

      if (x->column == column && strcmp (x->table, table_id) == 0 && strcmp (x->result, result) == 0)
        {
          x->table_key = table_key;
          x->result_key = result_key;
          return x;
        }
    }
  e.table = g_strdup (table_id);
  e.column = column;
  e.result = g_strdup (result);
  e.table_key = table_key;
  e.result_key = result_key;
  g_array_append_val (t->reads, e);
  return &g_array_index (t->reads, ReadEntry, t->reads->len - 1);
}

void
wb_tally_add_check (WbTally            *t,
                    const char         *id,
                    const WbCheckCount *count)
{
  CheckEntry *e;

  g_return_if_fail (t != NULL && id != NULL && count != NULL);
  /* Not found by a pointer another caller might reuse for other text. */
  e = find_check (t, id, TRUE);
  e->key = NULL;
  e->count.tested += count->tested;
  e->count.refused += count->refused;
  e->count.warned += count->warned;
  e->count.ignored += count->ignored;
}

const WbCheckCount *
wb_tally_get_check (const WbTally *t,
                    const char    *id)
{
  g_return_val_if_fail (t != NULL && id != NULL, NULL);
  for (guint i = 0; i < t->checks->len; i++)
    if (strcmp (g_array_index (t->checks, CheckEntry, i).id, id) == 0)
      return &g_array_index (t->checks, CheckEntry, i).count;
  return NULL;
}

guint
wb_tally_get_n_checks (const WbTally *t)
{
  return t->checks->len;
}

const char *
wb_tally_get_check_id (const WbTally *t,
                       guint          i)
{
  g_return_val_if_fail (i < t->checks->len, NULL);
  return g_array_index (t->checks, CheckEntry, i).id;
}

void
wb_tally_add_read (WbTally    *t,
                   const char *table_id,
                   guint       column,
                   const char *result,
                   guint64     count)
{
  ReadEntry *e;

  g_return_if_fail (t != NULL && table_id != NULL && result != NULL);
  e = find_read (t, NULL, table_id, column, NULL, result);
  e->count += count;
}

void
wb_tally_foreach_read (const WbTally  *t,
                       WbTallyReadFunc func,
                       gpointer        user_data)
{
  for (guint i = 0; i < t->reads->len; i++)
    {
      const ReadEntry *e = &g_array_index (t->reads, ReadEntry, i);

      func (e->table, e->column, e->result, e->count, user_data);
    }
}

guint64
wb_tally_get_n_reads (const WbTally *t)
{
  guint64 n = 0;

  for (guint i = 0; i < t->reads->len; i++)
    n += g_array_index (t->reads, ReadEntry, i).count;
  return n;
}

void
wb_tally_add (WbTally       *into,
              const WbTally *from)
{
  g_return_if_fail (into != NULL && from != NULL);
  for (guint i = 0; i < from->checks->len; i++)
    {
      const CheckEntry *e = &g_array_index (from->checks, CheckEntry, i);

      wb_tally_add_check (into, e->id, &e->count);
    }
  for (guint i = 0; i < from->reads->len; i++)
    {
      const ReadEntry *e = &g_array_index (from->reads, ReadEntry, i);

      wb_tally_add_read (into, e->table, e->column, e->result, e->count);
    }
}

/* --- counting an action ------------------------------------------------------------ */

static void
on_read (gpointer    data,
         WbTable    *table,
         guint       column,
         int         roll,
         const char *cell)
{
  WbTally *t = data;
  Op op = { OP_READ, FALSE, 0, cell, table, column };

  g_array_append_val (t->pending, op);
}

void
_wb_tally_begin_action (WbTally *t)
{
  g_array_set_size (t->pending, 0);
  _wb_table_set_read_func (on_read, t);
}

void
_wb_tally_check (WbTally    *t,
                 const char *id,
                 gboolean    broken,
                 int         level)
{
  Op op = { OP_CHECK, broken, level, id, NULL, 0 };

  g_array_append_val (t->pending, op);
}

void
_wb_tally_end_action (WbTally *t,
                      gboolean kept)
{
  _wb_table_set_read_func (NULL, NULL);
  for (guint i = 0; i < t->pending->len; i++)
    {
      const Op *op = &g_array_index (t->pending, Op, i);
      gboolean refusal = op->kind == OP_CHECK && op->broken && op->level == WB_RULE_ENFORCE;

      if (!kept && !refusal)
        continue;
      if (op->kind == OP_CHECK)
        {
          CheckEntry *e = find_check (t, op->id, TRUE);

          e->count.tested++;
          if (op->broken)
            switch ((WbRuleLevel) op->level)
              {
              case WB_RULE_ENFORCE:
                e->count.refused++;
                break;
              case WB_RULE_WARN:
                e->count.warned++;
                break;
              case WB_RULE_OFF:
              default:
                e->count.ignored++;
                break;
              }
        }
      else
        find_read (t, op->table, wb_table_get_id (op->table), op->column, op->id, op->id)->count++;
    }
  g_array_set_size (t->pending, 0);
}
