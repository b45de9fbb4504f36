/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-balance"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rules/wb-balance-private.h"
#include "wb-table-analysis.h"

/*
 * What the balance lab's games did with the rules: the rule checks (how
 * often tested and broken) and the tables (which column, which result),
 * against the exact probabilities of each table's dice. A part keeps the
 * totals and each read table's exact outcomes as whole numbers of throws,
 * so merged parts report exactly what one run does, without the game.
 */

typedef struct {
  char *id, *title, *rule;   /* title: the family's N_() text, translated when printed */
} CheckInfo;

typedef struct {
  char   *result;
  guint64 count;             /* throws out of TableInfo.throws */
} Exact;

typedef struct {
  char   *label;
  GArray *exact;             /* Exact, in the table's order; empty: no exact outcomes */
} ColumnInfo;

typedef struct {
  char      *id, *name, *dice;
  guint      index;          /* its place among the game's tables */
  guint64    throws;         /* equally likely throws of the dice; 0: not known */
  GPtrArray *columns;        /* ColumnInfo* */
} TableInfo;

struct _WbBalanceCounts {
  GPtrArray *checks;         /* CheckInfo*, the family's order */
  GPtrArray *tables;         /* TableInfo*, the game's order */
  WbTally   *tally;
};

static void
check_info_free (gpointer data)
{
  CheckInfo *i = data;

  g_free (i->id);
  g_free (i->title);
  g_free (i->rule);
  g_free (i);
}

static void
exact_clear (gpointer data)
{
  g_free (((Exact *) data)->result);
}

static ColumnInfo *
column_info_new (const char *label)
{
  ColumnInfo *c = g_new0 (ColumnInfo, 1);

  c->label = g_strdup (label);
  c->exact = g_array_new (FALSE, TRUE, sizeof (Exact));
  g_array_set_clear_func (c->exact, exact_clear);
  return c;
}

static void
column_info_free (gpointer data)
{
  ColumnInfo *c = data;

  g_free (c->label);
  g_array_unref (c->exact);
  g_free (c);
}

static TableInfo *
table_info_new (const char *id,
                const char *name,
                const char *dice)
{
  TableInfo *t = g_new0 (TableInfo, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (name != NULL ? name : id);
  t->dice = g_strdup (dice != NULL ? dice : "");
  t->columns = g_ptr_array_new_with_free_func (column_info_free);
  return t;
}

static void
table_info_free (gpointer data)
{
  TableInfo *t = data;

  g_free (t->id);
  g_free (t->name);
  g_free (t->dice);
  g_ptr_array_unref (t->columns);
  g_free (t);
}

static WbBalanceCounts *
counts_new (void)
{
  WbBalanceCounts *c = g_new0 (WbBalanceCounts, 1);

  c->checks = g_ptr_array_new_with_free_func (check_info_free);
  c->tables = g_ptr_array_new_with_free_func (table_info_free);
  c->tally = wb_tally_new ();
  return c;
}

WbBalanceCounts *
_wb_balance_counts_new (const WbRuleCheck *checks,
                        guint              n_checks)
{
  WbBalanceCounts *c = counts_new ();

  for (guint i = 0; i < n_checks; i++)
    {
      CheckInfo *info = g_new0 (CheckInfo, 1);

      info->id = g_strdup (checks[i].id);
      info->title = g_strdup (checks[i].title != NULL ? checks[i].title : "");
      info->rule = g_strdup (checks[i].rule != NULL ? checks[i].rule : "");
      g_ptr_array_add (c->checks, info);
    }
  return c;
}

void
_wb_balance_counts_free (WbBalanceCounts *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->checks);
  g_ptr_array_unref (c->tables);
  wb_tally_free (c->tally);
  g_free (c);
}

WbTally *
_wb_balance_counts_get_tally (WbBalanceCounts *c)
{
  return c->tally;
}

void
_wb_balance_counts_add_game (WbBalanceCounts *c,
                             const WbTally   *tally)
{
  wb_tally_add (c->tally, tally);
}

static TableInfo *
find_table (WbBalanceCounts *c,
            const char      *id)
{
  for (guint i = 0; i < c->tables->len; i++)
    if (strcmp (((TableInfo *) g_ptr_array_index (c->tables, i))->id, id) == 0)
      return g_ptr_array_index (c->tables, i);
  return NULL;
}

static void
mark_read (const char *table,
           guint       column,
           const char *result,
           guint64     count,
           gpointer    user_data)
{
  g_hash_table_add (user_data, (gpointer) table);
}

void
_wb_balance_counts_set_tables (WbBalanceCounts *c,
                               WbGame          *game)
{
  g_autoptr(GHashTable) read = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *tables = wb_game_get_tables (game);

  wb_tally_foreach_read (c->tally, mark_read, read);
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *table = g_ptr_array_index (tables, i);
      g_autoptr(WbTableStats) stats = NULL;
      GPtrArray *columns = wb_table_get_columns (table);
      TableInfo *t;

      if (!g_hash_table_contains (read, wb_table_get_id (table)) || find_table (c, wb_table_get_id (table)) != NULL)
        continue;
      t = table_info_new (wb_table_get_id (table), wb_table_get_name (table), wb_table_get_dice (table));
      t->index = i;
      g_ptr_array_add (c->tables, t);
      /* Exact outcomes are cells a roll lands on: not a fire table's bands
       * nor a dice pool's hits. */
      if (wb_table_get_kind (table) != WB_TABLE_FIRE && wb_table_get_kind (table) != WB_TABLE_DICE_POOL &&
          wb_table_get_pool (table)->sides <= 0)
        stats = wb_table_stats_new (table, NULL);
      if (stats != NULL)
        t->throws = stats->dice->total;
      for (guint k = 0; k < columns->len; k++)
        {
          ColumnInfo *col = column_info_new (((WbTableColumn *) g_ptr_array_index (columns, k))->label);

          g_ptr_array_add (t->columns, col);
          if (stats == NULL || k >= stats->columns->len)
            continue;
          for (guint j = 0; j < ((WbColumnStats *) g_ptr_array_index (stats->columns, k))->outcomes->len; j++)
            {
              const WbTableOutcome *o = &g_array_index (((WbColumnStats *) g_ptr_array_index (stats->columns, k))->outcomes,
                                                        WbTableOutcome, j);
              Exact e = { g_strdup (o->result), o->count };

              g_array_append_val (col->exact, e);
            }
        }
    }
}

/* --- a part's counts --------------------------------------------------------------- */

static void
add_read_json (const char *table,
               guint       column,
               const char *result,
               guint64     count,
               gpointer    user_data)
{
  JsonBuilder *jb = user_data;

  json_builder_begin_array (jb);
  json_builder_add_string_value (jb, table);
  json_builder_add_int_value (jb, column);
  json_builder_add_string_value (jb, result);
  json_builder_add_int_value (jb, (gint64) count);
  json_builder_end_array (jb);
}

typedef struct {
  const char *table;
  guint       column;
  const char *result;
  guint64     count;
} Read;

static void
collect_sorted (const char *table,
                guint       column,
                const char *result,
                guint64     count,
                gpointer    user_data)
{
  Read r = { table, column, result, count };

  g_array_append_val (user_data, r);
}

static int
cmp_read (gconstpointer a,
          gconstpointer b)
{
  const Read *x = a, *y = b;
  int d = strcmp (x->table, y->table);

  if (d != 0)
    return d;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  return strcmp (x->result, y->result);
}

JsonNode *
_wb_balance_counts_to_json (WbBalanceCounts *c)
{
  g_autoptr(JsonBuilder) jb = json_builder_new ();

  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "checks");
  json_builder_begin_array (jb);
  for (guint i = 0; i < c->checks->len; i++)
    {
      CheckInfo *info = g_ptr_array_index (c->checks, i);
      const WbCheckCount *n = wb_tally_get_check (c->tally, info->id);
      WbCheckCount zero = { 0, };

      n = n != NULL ? n : &zero;
      json_builder_begin_array (jb);
      json_builder_add_string_value (jb, info->id);
      json_builder_add_string_value (jb, info->title);
      json_builder_add_string_value (jb, info->rule);
      json_builder_add_int_value (jb, (gint64) n->tested);
      json_builder_add_int_value (jb, (gint64) n->refused);
      json_builder_add_int_value (jb, (gint64) n->warned);
      json_builder_add_int_value (jb, (gint64) n->ignored);
      json_builder_end_array (jb);
    }
  /* A check the family does not list (none should). */
  for (guint i = 0; i < wb_tally_get_n_checks (c->tally); i++)
    {
      const char *id = wb_tally_get_check_id (c->tally, i);
      const WbCheckCount *n = wb_tally_get_check (c->tally, id);
      gboolean listed = FALSE;

      for (guint k = 0; k < c->checks->len && !listed; k++)
        listed = strcmp (((CheckInfo *) g_ptr_array_index (c->checks, k))->id, id) == 0;
      if (listed)
        continue;
      json_builder_begin_array (jb);
      json_builder_add_string_value (jb, id);
      json_builder_add_string_value (jb, "");
      json_builder_add_string_value (jb, "");
      json_builder_add_int_value (jb, (gint64) n->tested);
      json_builder_add_int_value (jb, (gint64) n->refused);
      json_builder_add_int_value (jb, (gint64) n->warned);
      json_builder_add_int_value (jb, (gint64) n->ignored);
      json_builder_end_array (jb);
    }
  json_builder_end_array (jb);
  json_builder_set_member_name (jb, "tables");
  json_builder_begin_array (jb);
  for (guint i = 0; i < c->tables->len; i++)
    {
      TableInfo *t = g_ptr_array_index (c->tables, i);

      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "id");
      json_builder_add_string_value (jb, t->id);
      json_builder_set_member_name (jb, "name");
      json_builder_add_string_value (jb, t->name);
      json_builder_set_member_name (jb, "dice");
      json_builder_add_string_value (jb, t->dice);
      json_builder_set_member_name (jb, "index");
      json_builder_add_int_value (jb, t->index);
      json_builder_set_member_name (jb, "throws");
      json_builder_add_int_value (jb, (gint64) t->throws);
      json_builder_set_member_name (jb, "columns");
      json_builder_begin_array (jb);
      for (guint k = 0; k < t->columns->len; k++)
        {
          ColumnInfo *col = g_ptr_array_index (t->columns, k);

          json_builder_begin_object (jb);
          json_builder_set_member_name (jb, "label");
          json_builder_add_string_value (jb, col->label);
          json_builder_set_member_name (jb, "exact");
          json_builder_begin_array (jb);
          for (guint j = 0; j < col->exact->len; j++)
            {
              json_builder_begin_array (jb);
              json_builder_add_string_value (jb, g_array_index (col->exact, Exact, j).result);
              json_builder_add_int_value (jb, (gint64) g_array_index (col->exact, Exact, j).count);
              json_builder_end_array (jb);
            }
          json_builder_end_array (jb);
          json_builder_end_object (jb);
        }
      json_builder_end_array (jb);
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  /* In one order whatever the order the games or parts came in. */
  json_builder_set_member_name (jb, "reads");
  json_builder_begin_array (jb);
  {
    g_autoptr(GArray) reads = g_array_new (FALSE, FALSE, sizeof (Read));

    wb_tally_foreach_read (c->tally, collect_sorted, reads);
    g_array_sort (reads, cmp_read);
    for (guint i = 0; i < reads->len; i++)
      {
        Read *r = &g_array_index (reads, Read, i);

        add_read_json (r->table, r->column, r->result, r->count, jb);
      }
  }
  json_builder_end_array (jb);
  json_builder_end_object (jb);
  return json_builder_get_root (jb);
}

/* A member that may be absent, or not an array: NULL. */
static JsonArray *
optional_array (JsonObject *o,
                const char *name)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, name) : NULL;

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static JsonArray *
array_element (JsonArray *a,
               guint      i)
{
  JsonNode *n = json_array_get_element (a, i);

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static JsonObject *
object_element (JsonArray *a,
                guint      i)
{
  JsonNode *n = json_array_get_element (a, i);

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

/* A string element, or NULL when it is none. */
static const char *
string_element (JsonArray *a,
                guint      i)
{
  JsonNode *n = json_array_get_element (a, i);

  return n != NULL && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
}

static gboolean
bad (GError    **error,
     const char *name,
     const char *what)
{
  g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID, _("%s: not a balance run (“counts”: %s)"), name,
               what);
  return FALSE;
}

static gboolean
count_element (JsonArray *a,
               guint      i,
               guint64   *out)
{
  JsonNode *n = json_array_get_element (a, i);

  if (n == NULL || json_node_get_value_type (n) != G_TYPE_INT64 || json_node_get_int (n) < 0)
    return FALSE;
  *out = (guint64) json_node_get_int (n);
  return TRUE;
}

WbBalanceCounts *
_wb_balance_counts_from_json (JsonNode   *node,
                              const char *name,
                              GError    **error)
{
  WbBalanceCounts *c = counts_new ();
  JsonObject *o = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonArray *checks = optional_array (o, "checks");
  JsonArray *tables = optional_array (o, "tables");
  JsonArray *reads = optional_array (o, "reads");

  if (checks == NULL || tables == NULL || reads == NULL)
    return bad (error, name, _("“checks”, “tables” and “reads” expected")), _wb_balance_counts_free (c), NULL;
  for (guint i = 0; i < json_array_get_length (checks); i++)
    {
      JsonArray *r = array_element (checks, i);
      WbCheckCount n;
      CheckInfo *info;

      if (r == NULL || json_array_get_length (r) != 7 || string_element (r, 0) == NULL ||
          string_element (r, 1) == NULL || string_element (r, 2) == NULL ||
          !count_element (r, 3, &n.tested) || !count_element (r, 4, &n.refused) ||
          !count_element (r, 5, &n.warned) || !count_element (r, 6, &n.ignored))
        {
          g_autofree char *what = g_strdup_printf (_("check %u"), i + 1);

          return bad (error, name, what), _wb_balance_counts_free (c), NULL;
        }
      info = g_new0 (CheckInfo, 1);
      info->id = g_strdup (string_element (r, 0));
      info->title = g_strdup (string_element (r, 1));
      info->rule = g_strdup (string_element (r, 2));
      g_ptr_array_add (c->checks, info);
      wb_tally_add_check (c->tally, info->id, &n);
    }
  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *t = object_element (tables, i);
      JsonArray *cols = optional_array (t, "columns");
      TableInfo *info;

      if (cols == NULL || !json_object_has_member (t, "id"))
        {
          g_autofree char *what = g_strdup_printf (_("table %u"), i + 1);

          return bad (error, name, what), _wb_balance_counts_free (c), NULL;
        }
      info = table_info_new (json_object_get_string_member_with_default (t, "id", ""),
                             json_object_get_string_member_with_default (t, "name", ""),
                             json_object_get_string_member_with_default (t, "dice", ""));
      info->throws = (guint64) MAX (json_object_get_int_member_with_default (t, "throws", 0), 0);
      info->index = (guint) CLAMP (json_object_get_int_member_with_default (t, "index", 0), 0, G_MAXINT);
      g_ptr_array_add (c->tables, info);
      for (guint k = 0; k < json_array_get_length (cols); k++)
        {
          JsonObject *col = object_element (cols, k);
          JsonArray *exact = optional_array (col, "exact");
          ColumnInfo *ci = column_info_new (col != NULL ? json_object_get_string_member_with_default (col, "label", "")
                                                        : "");

          g_ptr_array_add (info->columns, ci);
          for (guint j = 0; exact != NULL && j < json_array_get_length (exact); j++)
            {
              JsonArray *e = array_element (exact, j);
              Exact x = { 0, };

              if (e == NULL || json_array_get_length (e) != 2 || string_element (e, 0) == NULL ||
                  !count_element (e, 1, &x.count))
                {
                  g_autofree char *what = g_strdup_printf (_("table %u, column %u"), i + 1, k + 1);

                  return bad (error, name, what), _wb_balance_counts_free (c), NULL;
                }
              x.result = g_strdup (string_element (e, 0));
              g_array_append_val (ci->exact, x);
            }
        }
    }
  for (guint i = 0; i < json_array_get_length (reads); i++)
    {
      JsonArray *r = array_element (reads, i);
      guint64 column, count;

      if (r == NULL || json_array_get_length (r) != 4 || string_element (r, 0) == NULL ||
          string_element (r, 2) == NULL || !count_element (r, 1, &column) || column > G_MAXUINT ||
          !count_element (r, 3, &count))
        {
          g_autofree char *what = g_strdup_printf (_("read %u"), i + 1);

          return bad (error, name, what), _wb_balance_counts_free (c), NULL;
        }
      wb_tally_add_read (c->tally, string_element (r, 0), (guint) column,
                         string_element (r, 2), count);
    }
  return c;
}

static int
cmp_table (gconstpointer a,
           gconstpointer b)
{
  const TableInfo *x = *(TableInfo * const *) a, *y = *(TableInfo * const *) b;

  return x->index < y->index ? -1 : x->index > y->index ? 1 : strcmp (x->id, y->id);
}

void
_wb_balance_counts_merge (WbBalanceCounts *c,
                          WbBalanceCounts *part)
{
  wb_tally_add (c->tally, part->tally);
  /* A part that read a table the others did not brings its outcomes. */
  for (guint i = 0; i < part->tables->len; i++)
    {
      TableInfo *t = g_ptr_array_index (part->tables, i);

      if (find_table (c, t->id) == NULL)
        {
          g_ptr_array_add (c->tables, t);
          g_ptr_array_index (part->tables, i) = NULL;
        }
    }
  g_ptr_array_remove_range (part->tables, 0, part->tables->len);
  /* The game's order, whatever part read a table first. */
  g_ptr_array_sort (c->tables, cmp_table);
  if (c->checks->len == 0)
    {
      g_ptr_array_extend_and_steal (c->checks, g_steal_pointer (&part->checks));
      part->checks = g_ptr_array_new_with_free_func (check_info_free);
    }
}

/* --- statistics ---------------------------------------------------------------- */

/* The regularized upper incomplete gamma Q(a, x): a series below a + 1, a
 * continued fraction above (Numerical Recipes, 6.2). */
static double
gamma_q (double a,
         double x)
{
  double gln = lgamma (a);

  if (x <= 0)
    return 1;
  if (x < a + 1)
    {
      double ap = a, sum = 1 / a, del = sum;

      for (int n = 0; n < 1000; n++)
        {
          ap += 1;
          del *= x / ap;
          sum += del;
          if (fabs (del) < fabs (sum) * 1e-15)
            break;
        }
      return 1 - sum * exp (-x + a * log (x) - gln);
    }
  else
    {
      double b = x + 1 - a, cc = 1 / 1e-300, d = 1 / b, h = d;

      for (int i = 1; i < 1000; i++)
        {
          double an = -i * (i - a), del;

          b += 2;
          d = an * d + b;
          if (fabs (d) < 1e-300)
            d = 1e-300;
          cc = b + an / cc;
          if (fabs (cc) < 1e-300)
            cc = 1e-300;
          d = 1 / d;
          del = d * cc;
          h *= del;
          if (fabs (del - 1) < 1e-15)
            break;
        }
      return exp (-x + a * log (x) - gln) * h;
    }
}

double
_wb_chi_square_p (double x,
                  guint  df)
{
  if (df == 0)
    return 1;
  if (isinf (x))
    return 0;
  return CLAMP (gamma_q (df / 2.0, x / 2.0), 0, 1);
}

static double
round_to (double x,
          double unit)
{
  return round (x / unit) * unit;
}

typedef struct {
  const char *table;
  GHashTable *counts;   /* "column\tresult" → guint64* */
  guint       n_columns;
} TableReads;

static void
collect_read (const char *table,
              guint       column,
              const char *result,
              guint64     count,
              gpointer    user_data)
{
  TableReads *r = user_data;

  if (strcmp (table, r->table) != 0)
    return;
  g_hash_table_insert (r->counts, g_strdup_printf ("%u\t%s", column, result), g_memdup2 (&count, sizeof count));
  r->n_columns = MAX (r->n_columns, column + 1);
}

static guint64
read_count (TableReads *r,
            guint       column,
            const char *result)
{
  g_autofree char *key = g_strdup_printf ("%u\t%s", column, result);
  guint64 *n = g_hash_table_lookup (r->counts, key);

  return n != NULL ? *n : 0;
}

static int
cmp_str (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* One column: the results (exact ones in the table's order, then any
 * other seen, by name), observed against exact, and the chi-square test. */
static void
add_column (JsonBuilder *jb,
            TableInfo   *t,
            TableReads  *r,
            guint        k,
            guint64      table_rolls)
{
  ColumnInfo *col = k < t->columns->len ? g_ptr_array_index (t->columns, k) : NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *prefix = g_strdup_printf ("%u\t", k);
  guint64 rolls = 0, covered = 0;
  double chi2 = 0;
  gboolean too_few = FALSE, impossible = FALSE, exact_known = col != NULL && col->exact->len > 0 && t->throws > 0;
  guint df = 0;
  GHashTableIter it;
  gpointer key, value;

  g_hash_table_iter_init (&it, r->counts);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (g_str_has_prefix (key, prefix))
      {
        const char *result = (const char *) key + strlen (prefix);
        gboolean known = FALSE;

        rolls += *(guint64 *) value;
        for (guint j = 0; col != NULL && j < col->exact->len && !known; j++)
          known = strcmp (g_array_index (col->exact, Exact, j).result, result) == 0;
        if (!known)
          g_ptr_array_add (others, g_strdup (result));
      }
  g_ptr_array_sort (others, cmp_str);
  for (guint j = 0; col != NULL && j < col->exact->len; j++)
    covered += g_array_index (col->exact, Exact, j).count;

  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "label");
  if (col != NULL)
    json_builder_add_string_value (jb, col->label);
  else
    {
      g_autofree char *label = g_strdup_printf ("%u", k + 1);

      json_builder_add_string_value (jb, label);
    }
  json_builder_set_member_name (jb, "rolls");
  json_builder_add_int_value (jb, (gint64) rolls);
  json_builder_set_member_name (jb, "usage");
  json_builder_add_double_value (jb, table_rolls > 0 ? round_to ((double) rolls / table_rolls, 1e-4) : 0);
  json_builder_set_member_name (jb, "results");
  json_builder_begin_array (jb);
  for (guint j = 0; j < (col != NULL ? col->exact->len : 0) + others->len; j++)
    {
      gboolean is_exact = col != NULL && j < col->exact->len;
      const char *result = is_exact ? g_array_index (col->exact, Exact, j).result
                                    : g_ptr_array_index (others, j - (col != NULL ? col->exact->len : 0));
      guint64 observed = read_count (r, k, result);
      double p = is_exact && covered > 0 ? (double) g_array_index (col->exact, Exact, j).count / covered : 0;

      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "result");
      json_builder_add_string_value (jb, result);
      json_builder_set_member_name (jb, "observed");
      json_builder_add_int_value (jb, (gint64) observed);
      json_builder_set_member_name (jb, "frequency");
      json_builder_add_double_value (jb, rolls > 0 ? round_to ((double) observed / rolls, 1e-4) : 0);
      if (exact_known)
        {
          json_builder_set_member_name (jb, "exact");
          json_builder_add_double_value (jb, round_to (p, 1e-4));
          if (p > 0)
            {
              double e = p * rolls;

              too_few = too_few || e < 5;
              chi2 += (observed - e) * (observed - e) / e;
              df++;
            }
          else if (observed > 0)
            impossible = TRUE;
        }
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  if (exact_known && rolls > 0)
    {
      json_builder_set_member_name (jb, "chi_square");
      json_builder_begin_object (jb);
      if (df <= 1 && !impossible)
        {
          /* One result possible: nothing to test. */
          json_builder_set_member_name (jb, "one_result");
          json_builder_add_boolean_value (jb, TRUE);
        }
      else if (impossible)
        {
          /* A result the dice cannot give: the roll was modified, or the
           * family read another table's cells. */
          json_builder_set_member_name (jb, "impossible_result");
          json_builder_add_boolean_value (jb, TRUE);
          json_builder_set_member_name (jb, "p");
          json_builder_add_double_value (jb, 0);
        }
      else if (too_few)
        {
          json_builder_set_member_name (jb, "too_few");
          json_builder_add_boolean_value (jb, TRUE);
        }
      else
        {
          json_builder_set_member_name (jb, "statistic");
          json_builder_add_double_value (jb, round_to (chi2, 1e-3));
          json_builder_set_member_name (jb, "df");
          json_builder_add_int_value (jb, df > 0 ? df - 1 : 0);
          json_builder_set_member_name (jb, "p");
          json_builder_add_double_value (jb, round_to (_wb_chi_square_p (chi2, df > 0 ? df - 1 : 0), 1e-4));
        }
      json_builder_end_object (jb);
    }
  json_builder_end_object (jb);
}

static void
add_table (JsonBuilder     *jb,
           WbBalanceCounts *c,
           TableInfo       *t)
{
  TableReads r = { t->id, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free), 0 };
  guint64 rolls = 0;
  GHashTableIter it;
  gpointer value;

  wb_tally_foreach_read (c->tally, collect_read, &r);
  g_hash_table_iter_init (&it, r.counts);
  while (g_hash_table_iter_next (&it, NULL, &value))
    rolls += *(guint64 *) value;
  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "id");
  json_builder_add_string_value (jb, t->id);
  json_builder_set_member_name (jb, "name");
  json_builder_add_string_value (jb, t->name);
  json_builder_set_member_name (jb, "dice");
  json_builder_add_string_value (jb, t->dice);
  json_builder_set_member_name (jb, "rolls");
  json_builder_add_int_value (jb, (gint64) rolls);
  json_builder_set_member_name (jb, "columns");
  json_builder_begin_array (jb);
  for (guint k = 0; k < MAX (t->columns->len, r.n_columns); k++)
    add_column (jb, t, &r, k, rolls);
  json_builder_end_array (jb);
  json_builder_end_object (jb);
  g_hash_table_unref (r.counts);
}

void
_wb_balance_counts_summary (WbBalanceCounts *c,
                            guint            n_games,
                            JsonBuilder     *jb)
{
  if (c == NULL)
    {
      json_builder_set_member_name (jb, "counts");
      json_builder_add_string_value (jb, "not recorded");
      return;
    }
  json_builder_set_member_name (jb, "rule_checks");
  json_builder_begin_array (jb);
  for (guint i = 0; i < c->checks->len; i++)
    {
      CheckInfo *info = g_ptr_array_index (c->checks, i);
      const WbCheckCount *n = wb_tally_get_check (c->tally, info->id);
      WbCheckCount zero = { 0, };

      n = n != NULL ? n : &zero;
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "id");
      json_builder_add_string_value (jb, info->id);
      json_builder_set_member_name (jb, "title");
      json_builder_add_string_value (jb, info->title);
      json_builder_set_member_name (jb, "rule");
      json_builder_add_string_value (jb, info->rule);
      json_builder_set_member_name (jb, "tested");
      json_builder_add_int_value (jb, (gint64) n->tested);
      json_builder_set_member_name (jb, "refused");
      json_builder_add_int_value (jb, (gint64) n->refused);
      json_builder_set_member_name (jb, "warned");
      json_builder_add_int_value (jb, (gint64) n->warned);
      json_builder_set_member_name (jb, "off");
      json_builder_add_int_value (jb, (gint64) n->ignored);
      json_builder_set_member_name (jb, "tested_per_game");
      json_builder_add_double_value (jb, n_games > 0 ? round_to ((double) n->tested / n_games, 1e-3) : 0);
      json_builder_set_member_name (jb, "broken_per_game");
      json_builder_add_double_value (jb, n_games > 0 ? round_to ((double) (n->refused + n->warned + n->ignored)
                                                                 / n_games, 1e-3) : 0);
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);

  json_builder_set_member_name (jb, "tables");
  json_builder_begin_array (jb);
  for (guint i = 0; i < c->tables->len; i++)
    add_table (jb, c, g_ptr_array_index (c->tables, i));
  json_builder_end_array (jb);
}

/* --- as a designer reads it ----------------------------------------------------- */

void
_wb_balance_counts_text (JsonObject *sum,
                         GString    *s)
{
  JsonArray *checks = optional_array (sum, "rule_checks");
  JsonArray *tables = optional_array (sum, "tables");

  if (checks == NULL || tables == NULL)
    {
      g_string_append (s, _("Rule checks and tables: not recorded (a part of version 1 was merged)\n"));
      return;
    }
  g_string_append (s, _("Rule checks (times tested; broken: refused, warned, off; a game on average):\n"));
  for (guint i = 0; i < json_array_get_length (checks); i++)
    {
      JsonObject *o = json_array_get_object_element (checks, i);
      const char *title = json_object_get_string_member (o, "title");
      const char *rule = json_object_get_string_member (o, "rule");

      g_string_append_printf (s, _("  %-24s tested %lld (%.1f a game); refused %lld"
                                   ", warned %lld, off %lld (%.2f a game)"),
                              json_object_get_string_member (o, "id"), (long long) json_object_get_int_member (o, "tested"),
                              json_object_get_double_member (o, "tested_per_game"),
                              (long long) json_object_get_int_member (o, "refused"), (long long) json_object_get_int_member (o, "warned"),
                              (long long) json_object_get_int_member (o, "off"),
                              json_object_get_double_member (o, "broken_per_game"));
      if (*title != '\0')
        g_string_append_printf (s, " — %s", _(title));
      if (*rule != '\0')
        g_string_append_printf (s, _(" (rule %s)"), rule);
      g_string_append_c (s, '\n');
    }
  if (json_array_get_length (tables) == 0)
    g_string_append (s, _("Tables: the games read none\n"));
  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *t = json_array_get_object_element (tables, i);
      JsonArray *cols = json_object_get_array_member (t, "columns");

      g_string_append_printf (s, _("Table %s (%s, %s): %lld rolls; per column its share of the rolls, "
                                   "each result observed against exact, the chi-square test of the dice:\n"),
                              json_object_get_string_member (t, "name"), json_object_get_string_member (t, "id"),
                              json_object_get_string_member (t, "dice"), (long long) json_object_get_int_member (t, "rolls"));
      for (guint k = 0; k < json_array_get_length (cols); k++)
        {
          JsonObject *c = json_array_get_object_element (cols, k);
          JsonArray *results = json_object_get_array_member (c, "results");
          JsonObject *chi = json_object_has_member (c, "chi_square") ? json_object_get_object_member (c, "chi_square")
                                                                      : NULL;

          g_string_append_printf (s, _("  %-8s %5.1f %% (%lld)"), json_object_get_string_member (c, "label"),
                                  json_object_get_double_member (c, "usage") * 100, (long long) json_object_get_int_member (c, "rolls"));
          if (json_object_get_int_member (c, "rolls") == 0)
            {
              g_string_append (s, _(": not used\n"));
              continue;
            }
          g_string_append_c (s, ':');
          for (guint j = 0; j < json_array_get_length (results); j++)
            {
              JsonObject *r = json_array_get_object_element (results, j);

              if (json_object_has_member (r, "exact"))
                g_string_append_printf (s, _(" %s %.1f/%.1f %%"), json_object_get_string_member (r, "result"),
                                        json_object_get_double_member (r, "frequency") * 100,
                                        json_object_get_double_member (r, "exact") * 100);
              else
                g_string_append_printf (s, _(" %s %.1f %%"), json_object_get_string_member (r, "result"),
                                        json_object_get_double_member (r, "frequency") * 100);
            }
          if (chi == NULL)
            g_string_append (s, _("; no exact outcomes to test"));
          else if (json_object_has_member (chi, "one_result"))
            g_string_append (s, _("; one possible result"));
          else if (json_object_has_member (chi, "impossible_result"))
            g_string_append (s, _("; a result the dice cannot give (p = 0)"));
          else if (json_object_has_member (chi, "too_few"))
            g_string_append (s, _("; too few rolls for a test"));
          else
            g_string_append_printf (s, _("; χ² = %.2f, %lld df, p = %.4f%s"),
                                    json_object_get_double_member (chi, "statistic"),
                                    (long long) json_object_get_int_member (chi, "df"), json_object_get_double_member (chi, "p"),
                                    json_object_get_double_member (chi, "p") < 0.001 ? _(" — unlikely with fair dice") : "");
          g_string_append_c (s, '\n');
        }
    }
}

/* A CSV field, quoted when it must be. */
static void
csv_field (GString    *s,
           const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (s, text);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

char *
_wb_balance_counts_csv (JsonObject *sum)
{
  GString *s = g_string_new ("kind,id,column,item,count,per_game,observed_frequency,exact_probability\r\n");
  JsonArray *checks = optional_array (sum, "rule_checks");
  JsonArray *tables = optional_array (sum, "tables");
  static const char *const items[] = { "tested", "refused", "warned", "off" };
  gint64 games = json_object_get_int_member_with_default (sum, "games", 0);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; checks != NULL && i < json_array_get_length (checks); i++)
    {
      JsonObject *o = json_array_get_object_element (checks, i);

      for (guint k = 0; k < G_N_ELEMENTS (items); k++)
        {
          gint64 n = json_object_get_int_member (o, items[k]);

          g_string_append (s, "check,");
          csv_field (s, json_object_get_string_member (o, "id"));
          g_string_append_printf (s, ",,%s,%" G_GINT64_FORMAT ",%s,,\r\n", items[k], n,
                                  g_ascii_formatd (buf, sizeof buf, "%.3f", games > 0 ? (double) n / games : 0));
        }
    }
  for (guint i = 0; tables != NULL && i < json_array_get_length (tables); i++)
    {
      JsonObject *t = json_array_get_object_element (tables, i);
      JsonArray *cols = json_object_get_array_member (t, "columns");

      for (guint k = 0; k < json_array_get_length (cols); k++)
        {
          JsonObject *c = json_array_get_object_element (cols, k);
          JsonArray *results = json_object_get_array_member (c, "results");

          for (guint j = 0; j < json_array_get_length (results); j++)
            {
              JsonObject *r = json_array_get_object_element (results, j);
              gint64 n = json_object_get_int_member (r, "observed");

              g_string_append (s, "table,");
              csv_field (s, json_object_get_string_member (t, "id"));
              g_string_append_c (s, ',');
              csv_field (s, json_object_get_string_member (c, "label"));
              g_string_append_c (s, ',');
              csv_field (s, json_object_get_string_member (r, "result"));
              g_string_append_printf (s, ",%" G_GINT64_FORMAT ",%s,", n,
                                      g_ascii_formatd (buf, sizeof buf, "%.3f", games > 0 ? (double) n / games : 0));
              g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.4f",
                                                   json_object_get_double_member (r, "frequency")));
              g_string_append_c (s, ',');
              if (json_object_has_member (r, "exact"))
                g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.4f",
                                                     json_object_get_double_member (r, "exact")));
              g_string_append (s, "\r\n");
            }
        }
    }
  return g_string_free (s, FALSE);
}
