/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-table-commands.h"

#define MAX_BOUND  1e6
#define MAX_ROLL   100000
#define MAX_CODES  1000
#define MAX_MODIFIERS 500
#define MAX_ID_LEN 64
#define MAX_POOL_DICE 100

gboolean
wb_table_dice_is_valid (const char *s)
{
  guint64 n, m;
  char *end = NULL;

  if (s == NULL)
    return FALSE;
  if (strcmp (s, "d66") == 0)
    return TRUE;
  if (!g_ascii_isdigit (*s))
    return FALSE;
  n = g_ascii_strtoull (s, &end, 10);
  if (end == s || *end != 'd')
    return FALSE;
  s = end + 1;
  if (!g_ascii_isdigit (*s))
    return FALSE;
  m = g_ascii_strtoull (s, &end, 10);
  return end != s && *end == '\0' && n >= 1 && n <= 100 && m >= 2 && m <= 1000;
}

char *
wb_table_cells_to_tsv (WbTable *table,
                       guint    row0,
                       guint    col0,
                       guint    row1,
                       guint    col1)
{
  GPtrArray *rows;
  GString *s;

  g_return_val_if_fail (WB_IS_TABLE (table), NULL);
  rows = wb_table_get_rows (table);
  s = g_string_new (NULL);
  for (guint r = row0; r <= row1 && r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);
      for (guint c = col0; c <= col1 && c < row->cells->len; c++)
        {
          const char *cell = g_ptr_array_index (row->cells, c);
          if (c > col0)
            g_string_append_c (s, '\t');
          if (strpbrk (cell, "\t\n\r\"") != NULL)
            {
              g_string_append_c (s, '"');
              for (const char *p = cell; *p; p++)
                {
                  if (*p == '"')
                    g_string_append_c (s, '"');
                  g_string_append_c (s, *p);
                }
              g_string_append_c (s, '"');
            }
          else
            g_string_append (s, cell);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* Rows of cells (GPtrArray of GPtrArray of char*). Blank trailing lines
 * are dropped. */
static GPtrArray *
parse_tsv (const char *tsv)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *line = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  const char *p = tsv;

  while (*p != '\0')
    {
      if (*p == '"' && cell->len == 0)
        {
          p++;
          while (*p != '\0')
            {
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (cell, '"');
                  p += 2;
                }
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (cell, *p++);
            }
          continue;
        }
      if (*p == '\t')
        {
          g_ptr_array_add (line, g_strdup (cell->str));
          g_string_truncate (cell, 0);
          p++;
        }
      else if (*p == '\r' || *p == '\n')
        {
          g_ptr_array_add (line, g_strdup (cell->str));
          g_string_truncate (cell, 0);
          g_ptr_array_add (lines, line);
          line = g_ptr_array_new_with_free_func (g_free);
          p += (*p == '\r' && p[1] == '\n') ? 2 : 1;
        }
      else
        g_string_append_c (cell, *p++);
    }
  if (cell->len > 0 || line->len > 0)
    {
      g_ptr_array_add (line, g_strdup (cell->str));
      g_ptr_array_add (lines, line);
    }
  else
    g_ptr_array_unref (line);
  g_string_free (cell, TRUE);
  /* A trailing line holding one empty cell is the last newline. */
  while (lines->len > 0)
    {
      GPtrArray *last = g_ptr_array_index (lines, lines->len - 1);
      if (last->len == 1 && *(char *) g_ptr_array_index (last, 0) == '\0')
        g_ptr_array_remove_index (lines, lines->len - 1);
      else
        break;
    }
  return lines;
}

/* --- a table's whole content, as a value ---------------------------------- */

typedef struct {
  char        *name, *dice, *source, *note;
  GPtrArray   *columns;   /* WbTableColumn* */
  GPtrArray   *rows;      /* WbTableRow* */
  GPtrArray   *codes;     /* WbResultCode* (with their effects) */
  WbTableRead  read;
  char        *pair;
  WbTableEnds  ends;
  WbTablePool  pool;
  GPtrArray   *modifiers; /* WbTableModifier* */
} State;

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


static WbTableColumn *
column_new (const char *label, double lo, double hi)
{
  WbTableColumn *c = g_new0 (WbTableColumn, 1);
  c->label = g_strdup (label != NULL ? label : "");
  c->lo = lo;
  c->hi = hi;
  return c;
}

/* What a new cell holds: nothing, or no dice in a dice pool (where an
 * empty cell would not be read back). */
static const char *
blank_cell (const State *s)
{
  return s->pool.sides > 0 ? "-" : "";
}

static WbTableRow *
row_new (const char *label, int lo, int hi, guint n_cells, const char *blank)
{
  WbTableRow *r = g_new0 (WbTableRow, 1);
  r->label = g_strdup (label != NULL ? label : "");
  r->lo = lo;
  r->hi = hi;
  r->cells = g_ptr_array_new_full (n_cells, g_free);
  for (guint i = 0; i < n_cells; i++)
    g_ptr_array_add (r->cells, g_strdup (blank));
  return r;
}

static char *
copy_cell (gconstpointer src, gpointer data)
{
  return g_strdup (src);
}

/* Appends deep copies of the records of @columns, @rows and @codes to
 * @dcolumns, @drows and @dcodes. */
static void
copy_records (GPtrArray *columns, GPtrArray *rows, GPtrArray *codes,
              GPtrArray *dcolumns, GPtrArray *drows, GPtrArray *dcodes)
{
  for (guint i = 0; i < columns->len; i++)
    {
      WbTableColumn *c = g_ptr_array_index (columns, i);
      g_ptr_array_add (dcolumns, column_new (c->label, c->lo, c->hi));
    }
  for (guint i = 0; i < rows->len; i++)
    {
      WbTableRow *r = g_ptr_array_index (rows, i);
      WbTableRow *n = g_new0 (WbTableRow, 1);
      n->label = g_strdup (r->label);
      n->lo = r->lo;
      n->hi = r->hi;
      n->cells = g_ptr_array_copy (r->cells, (GCopyFunc) copy_cell, NULL);
      g_ptr_array_set_free_func (n->cells, g_free);
      g_ptr_array_add (drows, n);
    }
  for (guint i = 0; i < codes->len; i++)
    {
      g_ptr_array_add (dcodes, wb_result_code_copy (g_ptr_array_index (codes, i)));
    }
}

static State *
state_new (WbTable *t)
{
  State *s = g_new0 (State, 1);

  s->name = g_strdup (wb_table_get_name (t));
  s->dice = g_strdup (wb_table_get_dice (t));
  s->source = g_strdup (wb_table_get_source (t));
  s->note = g_strdup (wb_table_get_note (t));
  s->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  s->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  s->codes = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_result_code_free);
  copy_records (wb_table_get_columns (t), wb_table_get_rows (t), wb_table_get_codes (t),
                s->columns, s->rows, s->codes);
  s->read = wb_table_get_read (t);
  s->pair = g_strdup (wb_table_get_pair (t));
  s->ends = *wb_table_get_ends (t);
  s->pool = *wb_table_get_pool (t);
  s->modifiers = g_ptr_array_copy (wb_table_get_modifiers (t),
                                   (GCopyFunc) wb_table_modifier_copy, NULL);
  g_ptr_array_set_free_func (s->modifiers, (GDestroyNotify) wb_table_modifier_free);
  return s;
}

static void
state_free (State *s)
{
  if (s == NULL)
    return;
  g_free (s->name);
  g_free (s->dice);
  g_free (s->source);
  g_free (s->note);
  g_ptr_array_unref (s->columns);
  g_ptr_array_unref (s->rows);
  g_ptr_array_unref (s->codes);
  g_free (s->pair);
  g_ptr_array_unref (s->modifiers);
  g_free (s);
}

/* Puts a copy of @s into @t. The table's arrays free their records as
 * column_free(), row_free() and code_free() do. */
static void
state_restore (const State *s, WbTable *t)
{
  GPtrArray *columns = wb_table_get_columns (t);
  GPtrArray *rows = wb_table_get_rows (t);
  GPtrArray *codes = wb_table_get_codes (t);

  g_ptr_array_set_size (columns, 0);
  g_ptr_array_set_size (rows, 0);
  g_ptr_array_set_size (codes, 0);
  copy_records (s->columns, s->rows, s->codes, columns, rows, codes);
  wb_table_set_name (t, s->name);
  wb_table_set_dice (t, s->dice);
  wb_table_set_source (t, s->source);
  wb_table_set_note (t, s->note);
  wb_table_set_read (t, s->read);
  wb_table_set_pair (t, s->pair);
  wb_table_set_ends (t, &s->ends);
  wb_table_set_pool (t, &s->pool);
  g_ptr_array_set_size (wb_table_get_modifiers (t), 0);
  for (guint i = 0; i < s->modifiers->len; i++)
    wb_table_add_modifier (t, wb_table_modifier_copy (g_ptr_array_index (s->modifiers, i)));
}

/* --- the command ---------------------------------------------------------- */

typedef enum {
  OP_SET_CELL,
  OP_SET_ROW,
  OP_SET_COLUMN,
  OP_INSERT_ROW,
  OP_INSERT_COLUMN,
  OP_REMOVE_ROW,
  OP_REMOVE_COLUMN,
  OP_MOVE_ROW,
  OP_MOVE_COLUMN,
  OP_PASTE,
  OP_ADD_CODE,
  OP_EDIT_CODE,
  OP_REMOVE_CODE,
  OP_SET_INFO,
  OP_SET_MODIFIER,
  OP_REMOVE_MODIFIER,
  OP_MOVE_MODIFIER,
  OP_SET_READ,
  OP_SET_ENDS,
  OP_SET_POOL,
  OP_SET_EFFECT,
} Op;

/* Another table whose pair a read command changed, and its pair before. */
typedef struct {
  WbTable *table;
  char    *pair;
} PairBefore;

static void
pair_before_free (PairBefore *p)
{
  g_object_unref (p->table);
  g_free (p->pair);
  g_free (p);
}

#define WB_TYPE_TABLE_COMMAND (wb_table_command_get_type ())
G_DECLARE_FINAL_TYPE (WbTableCommand, wb_table_command, WB, TABLE_COMMAND, WbCommand)

struct _WbTableCommand
{
  WbCommand  parent_instance;

  WbGame    *game;
  WbTable   *table;
  Op         op;
  guint      a, b;          /* row/column/index, from/to */
  int        lo, hi;        /* roll range */
  double     dlo, dhi;      /* column bounds */
  char      *s1, *s2, *s3, *s4;
  gboolean   append;        /* OP_SET_MODIFIER at the end */
  WbTableModifier *modifier;
  WbResultCode    *effect;  /* OP_SET_EFFECT: has_effect, effect, test, test_column */
  WbTableRead read;
  WbTableEnds ends;
  WbTablePool pool;
  State     *before;        /* set by apply */
  GPtrArray *others;        /* PairBefore*, set by apply of OP_SET_READ */
};

G_DEFINE_FINAL_TYPE (WbTableCommand, wb_table_command, WB_TYPE_COMMAND)

static gboolean
refuse (GError **error, WbCommandError code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (GError **error, WbCommandError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_set_error_literal (error, WB_COMMAND_ERROR, code, "");
  if (error != NULL && *error != NULL)
    {
      g_free ((*error)->message);
      (*error)->message = g_strdup_vprintf (format, args);
    }
  va_end (args);
  return FALSE;
}

static gboolean
check_row (State *s, guint row, gboolean append_ok, GError **error)
{
  if (row < s->rows->len || (append_ok && row == s->rows->len))
    return TRUE;
  return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                 _("The table has no row %u (it has %u)"), row + 1, s->rows->len);
}

static gboolean
check_column (State *s, guint column, gboolean append_ok, GError **error)
{
  if (column < s->columns->len || (append_ok && column == s->columns->len))
    return TRUE;
  return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                 _("The table has no column %u (it has %u)"), column + 1, s->columns->len);
}

static gboolean
check_roll (int lo, int hi, GError **error)
{
  if (lo < -MAX_ROLL || hi > MAX_ROLL || lo > MAX_ROLL || hi < -MAX_ROLL)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Rolls must lie between %d and %d"), -MAX_ROLL, MAX_ROLL);
  if (hi < lo)
    return refuse (error, WB_COMMAND_ERROR_RANGE, _("The roll range %d–%d is empty"), lo, hi);
  return TRUE;
}

static gboolean
check_bounds (double lo, double hi, GError **error)
{
  if (!isfinite (lo) || !isfinite (hi) || fabs (lo) > MAX_BOUND || fabs (hi) > MAX_BOUND)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Column bounds must lie between −1000000 and 1000000"));
  return TRUE;
}

static gboolean
check_code (State *s, const char *code, int except, GError **error)
{
  if (code == NULL || *code == '\0')
    return refuse (error, WB_COMMAND_ERROR_INVALID, _("A result code cannot be empty"));
  for (guint i = 0; i < s->codes->len; i++)
    {
      WbResultCode *c = g_ptr_array_index (s->codes, i);
      if ((int) i != except && g_strcmp0 (c->code, code) == 0)
        return refuse (error, WB_COMMAND_ERROR_INVALID,
                       _("The table already has a result code “%s”"), code);
    }
  return TRUE;
}

static const char *
nonempty (const char *s)
{
  return s != NULL && *s != '\0' ? s : NULL;
}

static void
move_index (GPtrArray *a, guint from, guint to)
{
  gpointer item;

  if (from == to)
    return;
  item = a->pdata[from];
  if (from < to)
    memmove (&a->pdata[from], &a->pdata[from + 1], (to - from) * sizeof (gpointer));
  else
    memmove (&a->pdata[to + 1], &a->pdata[to], (from - to) * sizeof (gpointer));
  a->pdata[to] = item;
}


/* --- the rules (format 6) -------------------------------------------------- */

/* As the file format's ids. */
static gboolean
valid_id (const char *s)
{
  gsize n = s != NULL ? strlen (s) : 0;

  if (n == 0 || n > MAX_ID_LEN)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
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

/* What the reader requires of a table as a whole, checked after every
 * change so that no command makes a file that cannot be read back. */
static gboolean
check_state (State *s, GError **error)
{
  if (s->read != WB_TABLE_READ_SUM && g_strcmp0 (s->dice, "1d6") != 0)
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("A table that reads one die of a throw has the dice “1d6”, not “%s”"),
                   s->dice != NULL ? s->dice : "");
  if (s->pool.sides > 0)
    for (guint r = 0; r < s->rows->len; r++)
      {
        WbTableRow *row = g_ptr_array_index (s->rows, r);
        for (guint c = 0; c < row->cells->len; c++)
          if (!valid_pool_cell (g_ptr_array_index (row->cells, c)))
            return refuse (error, WB_COMMAND_ERROR_INVALID,
                           _("“%s” (row %s) is not a number of dice: the cells of a dice pool "
                             "are 0–%d, “-” or “?”"),
                           (const char *) g_ptr_array_index (row->cells, c), row->label,
                           MAX_POOL_DICE);
      }
  return TRUE;
}

static gboolean
check_modifier (State *s, const WbTableModifier *m, int except, GError **error)
{
  if (!valid_id (m->id))
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a valid modifier id (expected 1–64 characters from A–Z a–z "
                     "0–9 _ - .)"), m->id != NULL ? m->id : "");
  for (guint i = 0; i < s->modifiers->len; i++)
    {
      WbTableModifier *o = g_ptr_array_index (s->modifiers, i);
      if ((int) i != except && strcmp (o->id, m->id) == 0)
        return refuse (error, WB_COMMAND_ERROR_INVALID,
                       _("The table already has a modifier “%s”"), m->id);
    }
  if (ABS (m->columns) > WB_TABLE_MAX_COLUMNS)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("A column shift lies between −%d and +%d"), WB_TABLE_MAX_COLUMNS,
                   WB_TABLE_MAX_COLUMNS);
  if (ABS (m->dice) > MAX_POOL_DICE)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Dice added to a pool lie between −%d and +%d"), MAX_POOL_DICE,
                   MAX_POOL_DICE);
  if (ABS (m->target) > 1000 || ABS (m->roll) > 1000)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Hit-number and die-roll modifiers lie between −1000 and +1000"));
  return TRUE;
}

/* A copy of @m with empty strings left out. */
static WbTableModifier *
modifier_normalized (const WbTableModifier *m)
{
  WbTableModifier *n = g_new0 (WbTableModifier, 1);

  *n = *m;
  n->id = g_strdup (m->id);
  n->text = g_strdup (nonempty (m->text));
  n->group = g_strdup (nonempty (m->group));
  n->applies = g_strdup (nonempty (m->applies));
  n->source = g_strdup (nonempty (m->source));
  return n;
}

static gboolean
check_read (WbTableCommand *self, State *s, GError **error)
{
  WbTable *other;

  if ((guint) self->read > WB_TABLE_READ_WHITE)
    return refuse (error, WB_COMMAND_ERROR_INVALID, _("Unknown way to read the dice"));
  if (self->read != WB_TABLE_READ_SUM && g_strcmp0 (s->dice, "1d6") != 0)
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("Only a table with the dice “1d6” reads one die of a throw: set its dice "
                     "to 1d6 first"));
  if (self->s1 == NULL)
    return TRUE;
  if (self->read == WB_TABLE_READ_SUM)
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("Only a table that reads the colored or the white die has a pair"));
  if (strcmp (self->s1, wb_table_get_id (self->table)) == 0)
    return refuse (error, WB_COMMAND_ERROR_INVALID, _("A table cannot be its own pair"));
  other = wb_game_find_table (self->game, self->s1);
  if (other == NULL)
    return refuse (error, WB_COMMAND_ERROR_NOT_FOUND, _("The game has no table “%s”"), self->s1);
  if (self->read == WB_TABLE_READ_COLORED && wb_table_get_read (other) != WB_TABLE_READ_WHITE)
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("“%s” does not read the white die, so it cannot be the pair of a table "
                     "reading the colored die"), self->s1);
  if (self->read == WB_TABLE_READ_WHITE && wb_table_get_read (other) != WB_TABLE_READ_COLORED)
    return refuse (error, WB_COMMAND_ERROR_INVALID,
                   _("“%s” does not read the colored die, so it cannot be the pair of a table "
                     "reading the white die"), self->s1);
  return TRUE;
}

/* After a read command: the new pair names this table, and tables that
 * named this table or the new pair before name nothing. */
static void
set_pairs (WbTableCommand *self)
{
  const char *id = wb_table_get_id (self->table);
  GPtrArray *tables = wb_game_get_tables (self->game);
  WbTable *partner = self->s1 != NULL ? wb_game_find_table (self->game, self->s1) : NULL;

  g_clear_pointer (&self->others, g_ptr_array_unref);
  self->others = g_ptr_array_new_with_free_func ((GDestroyNotify) pair_before_free);
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      const char *pair = wb_table_get_pair (t);
      const char *want = NULL;
      PairBefore *p;

      if (t == self->table)
        continue;
      if (t == partner)
        want = id;
      else if (g_strcmp0 (pair, id) != 0 && (partner == NULL || g_strcmp0 (pair, self->s1) != 0))
        continue;
      if (g_strcmp0 (pair, want) == 0)
        continue;
      p = g_new0 (PairBefore, 1);
      p->table = g_object_ref (t);
      p->pair = g_strdup (pair);
      g_ptr_array_add (self->others, p);
      wb_table_set_pair (t, want);
    }
}

static gboolean
check_effect (WbTableCommand *self, State *s, GError **error)
{
  const WbResultCode *a = self->effect;
  const WbCodeEffect *e = &a->effect;
  const double shares[] = { e->attacker_eliminated, e->defender_eliminated };
  const double counts[] = { e->attacker_steps, e->defender_steps, e->attacker_retreat,
                            e->defender_retreat, e->attacker_morale, e->defender_morale };
  GPtrArray *columns;
  WbTable *test;

  if (!a->has_effect)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    if (!(shares[i] >= 0 && shares[i] <= 1))
      return refuse (error, WB_COMMAND_ERROR_RANGE,
                     _("An elimination is a share of the force, between 0 and 1"));
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    if (!(counts[i] >= 0 && counts[i] <= 100))
      return refuse (error, WB_COMMAND_ERROR_RANGE,
                     _("Steps, retreats and morale hits lie between 0 and 100"));
  if (a->test == NULL)
    {
      if (a->test_column != NULL)
        return refuse (error, WB_COMMAND_ERROR_INVALID,
                       _("A column to read needs a table to read it on"));
      return TRUE;
    }
  test = wb_game_find_table (self->game, a->test);
  if (test == NULL)
    return refuse (error, WB_COMMAND_ERROR_NOT_FOUND, _("The game has no table “%s”"), a->test);
  if (a->test_column == NULL)
    return TRUE;
  columns = test == self->table ? s->columns : wb_table_get_columns (test);
  for (guint i = 0; i < columns->len; i++)
    if (g_strcmp0 (((WbTableColumn *) g_ptr_array_index (columns, i))->label, a->test_column) == 0)
      return TRUE;
  return refuse (error, WB_COMMAND_ERROR_NOT_FOUND, _("The table “%s” has no column “%s”"),
                 a->test, a->test_column);
}

static gboolean
paste (WbTableCommand *self, State *s, GError **error)
{
  g_autoptr(GPtrArray) lines = parse_tsv (self->s1);
  guint width = 0;

  if (lines->len == 0)
    return refuse (error, WB_COMMAND_ERROR_INVALID, _("There is nothing to paste"));
  for (guint i = 0; i < lines->len; i++)
    width = MAX (width, ((GPtrArray *) g_ptr_array_index (lines, i))->len);
  if (!check_row (s, self->a, TRUE, error) || !check_column (s, self->b, TRUE, error))
    return FALSE;
  if ((guint64) self->a + lines->len > WB_TABLE_MAX_ROWS)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Pasting %u rows here would make more than %d rows"),
                   lines->len, WB_TABLE_MAX_ROWS);
  if ((guint64) self->b + width > WB_TABLE_MAX_COLUMNS)
    return refuse (error, WB_COMMAND_ERROR_RANGE,
                   _("Pasting %u columns here would make more than %d columns"),
                   width, WB_TABLE_MAX_COLUMNS);
  while (s->columns->len < self->b + width)
    {
      g_ptr_array_add (s->columns, column_new ("", 0, 0));
      for (guint r = 0; r < s->rows->len; r++)
        g_ptr_array_add (((WbTableRow *) g_ptr_array_index (s->rows, r))->cells,
                         g_strdup (blank_cell (s)));
    }
  while (s->rows->len < self->a + lines->len)
    {
      int roll = 1;
      g_autofree char *label = NULL;

      if (s->rows->len > 0)
        {
          WbTableRow *last = g_ptr_array_index (s->rows, s->rows->len - 1);
          roll = last->hi < MAX_ROLL ? last->hi + 1 : MAX_ROLL;
        }
      label = g_strdup_printf ("%d", roll);
      g_ptr_array_add (s->rows, row_new (label, roll, roll, s->columns->len, blank_cell (s)));
    }
  for (guint i = 0; i < lines->len; i++)
    {
      GPtrArray *line = g_ptr_array_index (lines, i);
      WbTableRow *row = g_ptr_array_index (s->rows, self->a + i);
      for (guint j = 0; j < line->len; j++)
        {
          char **cell = (char **) &row->cells->pdata[self->b + j];
          g_free (*cell);
          *cell = g_strstrip (g_strdup (g_ptr_array_index (line, j)));
        }
    }
  return TRUE;
}

/* Changes @s as the command says, or refuses. */
static gboolean
change (WbTableCommand *self, State *s, GError **error)
{
  switch (self->op)
    {
    case OP_SET_CELL:
      {
        WbTableRow *row;
        char **cell;
        if (!check_row (s, self->a, FALSE, error) || !check_column (s, self->b, FALSE, error))
          return FALSE;
        row = g_ptr_array_index (s->rows, self->a);
        cell = (char **) &row->cells->pdata[self->b];
        g_free (*cell);
        *cell = g_strdup (self->s1);
        return TRUE;
      }
    case OP_SET_ROW:
    case OP_INSERT_ROW:
      {
        WbTableRow *row;
        if (!check_row (s, self->a, self->op == OP_INSERT_ROW, error) ||
            !check_roll (self->lo, self->hi, error))
          return FALSE;
        if (self->op == OP_INSERT_ROW)
          {
            if (s->rows->len >= WB_TABLE_MAX_ROWS)
              return refuse (error, WB_COMMAND_ERROR_RANGE,
                             _("A table has at most %d rows"), WB_TABLE_MAX_ROWS);
            g_ptr_array_insert (s->rows, self->a,
                                row_new (self->s1, self->lo, self->hi, s->columns->len,
                                         blank_cell (s)));
            return TRUE;
          }
        row = g_ptr_array_index (s->rows, self->a);
        g_free (row->label);
        row->label = g_strdup (self->s1);
        row->lo = self->lo;
        row->hi = self->hi;
        return TRUE;
      }
    case OP_SET_COLUMN:
    case OP_INSERT_COLUMN:
      {
        WbTableColumn *col;
        if (!check_column (s, self->a, self->op == OP_INSERT_COLUMN, error) ||
            !check_bounds (self->dlo, self->dhi, error))
          return FALSE;
        if (self->op == OP_INSERT_COLUMN)
          {
            if (s->columns->len >= WB_TABLE_MAX_COLUMNS)
              return refuse (error, WB_COMMAND_ERROR_RANGE,
                             _("A table has at most %d columns"), WB_TABLE_MAX_COLUMNS);
            g_ptr_array_insert (s->columns, self->a, column_new (self->s1, self->dlo, self->dhi));
            for (guint r = 0; r < s->rows->len; r++)
              g_ptr_array_insert (((WbTableRow *) g_ptr_array_index (s->rows, r))->cells,
                                  self->a, g_strdup (blank_cell (s)));
            return TRUE;
          }
        col = g_ptr_array_index (s->columns, self->a);
        g_free (col->label);
        col->label = g_strdup (self->s1);
        col->lo = self->dlo;
        col->hi = self->dhi;
        return TRUE;
      }
    case OP_REMOVE_ROW:
      if (!check_row (s, self->a, FALSE, error))
        return FALSE;
      if (s->rows->len == 1)
        return refuse (error, WB_COMMAND_ERROR_INVALID, _("A table needs at least one row"));
      g_ptr_array_remove_index (s->rows, self->a);
      return TRUE;
    case OP_REMOVE_COLUMN:
      if (!check_column (s, self->a, FALSE, error))
        return FALSE;
      if (s->columns->len == 1)
        return refuse (error, WB_COMMAND_ERROR_INVALID, _("A table needs at least one column"));
      g_ptr_array_remove_index (s->columns, self->a);
      for (guint r = 0; r < s->rows->len; r++)
        g_ptr_array_remove_index (((WbTableRow *) g_ptr_array_index (s->rows, r))->cells, self->a);
      return TRUE;
    case OP_MOVE_ROW:
      if (!check_row (s, self->a, FALSE, error) || !check_row (s, self->b, FALSE, error))
        return FALSE;
      move_index (s->rows, self->a, self->b);
      return TRUE;
    case OP_MOVE_COLUMN:
      if (!check_column (s, self->a, FALSE, error) || !check_column (s, self->b, FALSE, error))
        return FALSE;
      move_index (s->columns, self->a, self->b);
      for (guint r = 0; r < s->rows->len; r++)
        move_index (((WbTableRow *) g_ptr_array_index (s->rows, r))->cells, self->a, self->b);
      return TRUE;
    case OP_PASTE:
      return paste (self, s, error);
    case OP_ADD_CODE:
    case OP_EDIT_CODE:
      {
        WbResultCode *c;
        if (self->op == OP_EDIT_CODE && self->a >= s->codes->len)
          return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                         _("The table has no result code %u"), self->a + 1);
        if (!check_code (s, self->s1, self->op == OP_EDIT_CODE ? (int) self->a : -1, error))
          return FALSE;
        if (self->op == OP_ADD_CODE)
          {
            if (s->codes->len >= MAX_CODES)
              return refuse (error, WB_COMMAND_ERROR_RANGE,
                             _("A table has at most %d result codes"), MAX_CODES);
            c = g_new0 (WbResultCode, 1);
            g_ptr_array_add (s->codes, c);
          }
        else
          c = g_ptr_array_index (s->codes, self->a);
        c->code = g_intern_string (self->s1);
        g_free (c->name);
        g_free (c->text);
        c->name = g_strdup (nonempty (self->s2));
        c->text = g_strdup (nonempty (self->s3));
        return TRUE;
      }
    case OP_REMOVE_CODE:
      if (self->a >= s->codes->len)
        return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The table has no result code %u"), self->a + 1);
      g_ptr_array_remove_index (s->codes, self->a);
      return TRUE;
    case OP_SET_INFO:
      /* A chart (no dice) keeps none. */
      if (s->dice == NULL && self->s2 != NULL && self->s2[0] != '\0')
        return refuse (error, WB_COMMAND_ERROR_INVALID, _("A chart has no dice"));
      if (s->dice != NULL && !wb_table_dice_is_valid (self->s2))
        return refuse (error, WB_COMMAND_ERROR_INVALID,
                       _("“%s” is not a dice expression (expected NdM such as 1d6, or d66)"),
                       self->s2 != NULL ? self->s2 : "");
      g_free (s->name);
      g_free (s->dice);
      g_free (s->source);
      g_free (s->note);
      s->name = g_strdup (nonempty (self->s1));
      s->dice = g_strdup (nonempty (self->s2));
      s->source = g_strdup (nonempty (self->s3));
      s->note = g_strdup (nonempty (self->s4));
      return TRUE;
    case OP_SET_MODIFIER:
      if (!self->append && self->a >= s->modifiers->len)
        return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The table has no modifier %u (it has %u)"), self->a + 1,
                       s->modifiers->len);
      if (!check_modifier (s, self->modifier, self->append ? -1 : (int) self->a, error))
        return FALSE;
      if (self->append)
        {
          if (s->modifiers->len >= MAX_MODIFIERS)
            return refuse (error, WB_COMMAND_ERROR_RANGE,
                           _("A table has at most %d modifiers"), MAX_MODIFIERS);
          g_ptr_array_add (s->modifiers, modifier_normalized (self->modifier));
        }
      else
        {
          wb_table_modifier_free (s->modifiers->pdata[self->a]);
          s->modifiers->pdata[self->a] = modifier_normalized (self->modifier);
        }
      return TRUE;
    case OP_REMOVE_MODIFIER:
      if (self->a >= s->modifiers->len)
        return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The table has no modifier %u (it has %u)"), self->a + 1,
                       s->modifiers->len);
      g_ptr_array_remove_index (s->modifiers, self->a);
      return TRUE;
    case OP_MOVE_MODIFIER:
      if (self->a >= s->modifiers->len || self->b >= s->modifiers->len)
        return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The table has no modifier %u (it has %u)"),
                       MAX (self->a, self->b) + 1, s->modifiers->len);
      move_index (s->modifiers, self->a, self->b);
      return TRUE;
    case OP_SET_READ:
      if (!check_read (self, s, error))
        return FALSE;
      s->read = self->read;
      g_free (s->pair);
      s->pair = g_strdup (self->s1);
      return TRUE;
    case OP_SET_ENDS:
      {
        const WbTableEnd ends[] = { self->ends.left, self->ends.right, self->ends.defensive_left,
                                    self->ends.defensive_right };
        for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
          if (ends[i] != WB_TABLE_END_CLAMP && ends[i] != WB_TABLE_END_REFUSE)
            return refuse (error, WB_COMMAND_ERROR_INVALID,
                           _("An end of a table either clamps or refuses"));
        s->ends = self->ends;
        return TRUE;
      }
    case OP_SET_POOL:
      if (self->pool.sides == 0)
        {
          memset (&s->pool, 0, sizeof s->pool);
          return TRUE;
        }
      if (wb_table_get_kind (self->table) != WB_TABLE_DICE_POOL)
        return refuse (error, WB_COMMAND_ERROR_INVALID, _("Only a dice-pool table has a pool"));
      if (self->pool.sides < 2 || self->pool.sides > 1000)
        return refuse (error, WB_COMMAND_ERROR_RANGE,
                       _("The dice of a pool have 2 to 1000 sides, not %d"), self->pool.sides);
      if (!self->pool.per_column && (self->pool.value < 1 || self->pool.value > self->pool.sides))
        return refuse (error, WB_COMMAND_ERROR_RANGE,
                       _("The hit number %d is not on a die of %d sides"), self->pool.value,
                       self->pool.sides);
      s->pool = self->pool;
      if (s->pool.per_column)
        s->pool.value = 0;
      return TRUE;
    case OP_SET_EFFECT:
      {
        WbResultCode *c;
        if (self->a >= s->codes->len)
          return refuse (error, WB_COMMAND_ERROR_NOT_FOUND,
                         _("The table has no result code %u"), self->a + 1);
        if (!check_effect (self, s, error))
          return FALSE;
        c = g_ptr_array_index (s->codes, self->a);
        c->has_effect = self->effect->has_effect;
        g_clear_pointer (&c->test, g_free);
        g_clear_pointer (&c->test_column, g_free);
        memset (&c->effect, 0, sizeof c->effect);
        if (c->has_effect)
          {
            c->effect = self->effect->effect;
            c->test = g_strdup (self->effect->test);
            c->test_column = g_strdup (self->effect->test_column);
          }
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

static gboolean
wb_table_command_apply (WbCommand  *command,
                        GError    **error)
{
  WbTableCommand *self = WB_TABLE_COMMAND (command);
  State *before = state_new (self->table);
  State *after = state_new (self->table);

  if (!change (self, after, error) || !check_state (after, error))
    {
      state_free (before);
      state_free (after);
      return FALSE;
    }
  state_restore (after, self->table);
  state_free (after);
  state_free (self->before);
  self->before = before;
  if (self->op == OP_SET_READ)
    set_pairs (self);
  wb_game_changed (self->game, "tables");
  return TRUE;
}

static void
wb_table_command_revert (WbCommand *command)
{
  WbTableCommand *self = WB_TABLE_COMMAND (command);

  g_return_if_fail (self->before != NULL);
  if (self->others != NULL)
    {
      for (guint i = self->others->len; i-- > 0;)
        {
          PairBefore *p = g_ptr_array_index (self->others, i);
          wb_table_set_pair (p->table, p->pair);
        }
      g_clear_pointer (&self->others, g_ptr_array_unref);
    }
  state_restore (self->before, self->table);
  state_free (g_steal_pointer (&self->before));
  wb_game_changed (self->game, "tables");
}

static void
wb_table_command_finalize (GObject *object)
{
  WbTableCommand *self = WB_TABLE_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->table);
  g_free (self->s1);
  g_free (self->s2);
  g_free (self->s3);
  g_free (self->s4);
  state_free (self->before);
  g_clear_pointer (&self->others, g_ptr_array_unref);
  g_clear_pointer (&self->modifier, wb_table_modifier_free);
  g_clear_pointer (&self->effect, wb_result_code_free);
  G_OBJECT_CLASS (wb_table_command_parent_class)->finalize (object);
}

static void
wb_table_command_class_init (WbTableCommandClass *klass)
{
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = wb_table_command_finalize;
  command_class->apply = wb_table_command_apply;
  command_class->revert = wb_table_command_revert;
}

static void
wb_table_command_init (WbTableCommand *self)
{
}

static WbTableCommand *
table_command_new (WbGame *game, WbTable *table, Op op, char *label)
{
  WbTableCommand *self = g_object_new (WB_TYPE_TABLE_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->table = g_object_ref (table);
  self->op = op;
  wb_command_set_label (WB_COMMAND (self), label);
  g_free (label);
  return self;
}

/* The table as named in undo labels and messages. */
static const char *
table_title (WbTable *table)
{
  const char *name = wb_table_get_name (table);
  return name != NULL && *name != '\0' ? name : wb_table_get_id (table);
}

#define CHECK_ARGS(game, table)                               \
  g_return_val_if_fail (WB_IS_GAME (game), NULL);             \
  g_return_val_if_fail (WB_IS_TABLE (table), NULL)

WbCommand *
wb_command_set_table_cell_new (WbGame *game, WbTable *table, guint row, guint column,
                               const char *text)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_SET_CELL,
                            g_strdup_printf (_("Set cell “%s”"), text != NULL ? text : ""));
  self->a = row;
  self->b = column;
  self->s1 = g_strdup (text != NULL ? text : "");
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_row_new (WbGame *game, WbTable *table, guint row, const char *label,
                              int lo, int hi)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_SET_ROW,
                            g_strdup_printf (_("Set row “%s”"), label != NULL ? label : ""));
  self->a = row;
  self->s1 = g_strdup (label != NULL ? label : "");
  self->lo = lo;
  self->hi = hi;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_column_new (WbGame *game, WbTable *table, guint column,
                                 const char *label, double lo, double hi)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_SET_COLUMN,
                            g_strdup_printf (_("Set column “%s”"), label != NULL ? label : ""));
  self->a = column;
  self->s1 = g_strdup (label != NULL ? label : "");
  self->dlo = lo;
  self->dhi = hi;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_insert_table_row_new (WbGame *game, WbTable *table, guint position,
                                 const char *label, int lo, int hi)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_INSERT_ROW, g_strdup (_("Insert row")));
  self->a = position;
  self->s1 = g_strdup (label != NULL ? label : "");
  self->lo = lo;
  self->hi = hi;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_insert_table_column_new (WbGame *game, WbTable *table, guint position,
                                    const char *label, double lo, double hi)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_INSERT_COLUMN, g_strdup (_("Insert column")));
  self->a = position;
  self->s1 = g_strdup (label != NULL ? label : "");
  self->dlo = lo;
  self->dhi = hi;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_table_row_new (WbGame *game, WbTable *table, guint row)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_REMOVE_ROW, g_strdup (_("Remove row")));
  self->a = row;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_table_column_new (WbGame *game, WbTable *table, guint column)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_REMOVE_COLUMN, g_strdup (_("Remove column")));
  self->a = column;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_move_table_row_new (WbGame *game, WbTable *table, guint from, guint to)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_MOVE_ROW, g_strdup (_("Move row")));
  self->a = from;
  self->b = to;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_move_table_column_new (WbGame *game, WbTable *table, guint from, guint to)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_MOVE_COLUMN, g_strdup (_("Move column")));
  self->a = from;
  self->b = to;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_paste_table_cells_new (WbGame *game, WbTable *table, guint row, guint column,
                                  const char *tsv)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_PASTE, g_strdup (_("Paste cells")));
  self->a = row;
  self->b = column;
  self->s1 = g_strdup (tsv != NULL ? tsv : "");
  return WB_COMMAND (self);
}

static WbCommand *
code_command_new (WbGame *game, WbTable *table, Op op, guint index, const char *code,
                  const char *name, const char *text, char *label)
{
  WbTableCommand *self = table_command_new (game, table, op, label);

  self->a = index;
  self->s1 = g_strdup (code);
  self->s2 = g_strdup (name);
  self->s3 = g_strdup (text);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_add_table_code_new (WbGame *game, WbTable *table, const char *code,
                               const char *name, const char *text)
{
  CHECK_ARGS (game, table);
  return code_command_new (game, table, OP_ADD_CODE, 0, code, name, text,
                           g_strdup_printf (_("Add result code “%s”"), code != NULL ? code : ""));
}

WbCommand *
wb_command_edit_table_code_new (WbGame *game, WbTable *table, guint index, const char *code,
                                const char *name, const char *text)
{
  CHECK_ARGS (game, table);
  return code_command_new (game, table, OP_EDIT_CODE, index, code, name, text,
                           g_strdup_printf (_("Edit result code “%s”"), code != NULL ? code : ""));
}

WbCommand *
wb_command_remove_table_code_new (WbGame *game, WbTable *table, guint index)
{
  CHECK_ARGS (game, table);
  return code_command_new (game, table, OP_REMOVE_CODE, index, NULL, NULL, NULL,
                           g_strdup (_("Remove result code")));
}

WbCommand *
wb_command_set_table_info_new (WbGame *game, WbTable *table, const char *name,
                               const char *dice, const char *source, const char *note)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_SET_INFO,
                            g_strdup_printf (_("Edit table “%s”"), wb_table_get_name (table)));
  self->s1 = g_strdup (name);
  self->s2 = g_strdup (dice);
  self->s3 = g_strdup (source);
  self->s4 = g_strdup (note);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_modifier_new (WbGame *game, WbTable *table, int index,
                                   const WbTableModifier *modifier)
{
  WbTableCommand *self;
  const char *id;

  CHECK_ARGS (game, table);
  g_return_val_if_fail (modifier != NULL, NULL);
  id = modifier->id != NULL ? modifier->id : "";
  self = table_command_new (game, table, OP_SET_MODIFIER,
                            index < 0 ? g_strdup_printf (_("Add modifier “%s”"), id)
                                      : g_strdup_printf (_("Edit modifier “%s”"), id));
  self->append = index < 0;
  self->a = index < 0 ? 0 : (guint) index;
  self->modifier = wb_table_modifier_copy (modifier);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_table_modifier_new (WbGame *game, WbTable *table, guint index)
{
  WbTableCommand *self;
  GPtrArray *modifiers;

  CHECK_ARGS (game, table);
  modifiers = wb_table_get_modifiers (table);
  self = table_command_new (game, table, OP_REMOVE_MODIFIER,
                            index < modifiers->len
                            ? g_strdup_printf (_("Remove modifier “%s”"),
                                               ((WbTableModifier *) g_ptr_array_index (modifiers, index))->id)
                            : g_strdup (_("Remove modifier")));
  self->a = index;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_move_table_modifier_new (WbGame *game, WbTable *table, guint from, guint to)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_MOVE_MODIFIER, g_strdup (_("Move modifier")));
  self->a = from;
  self->b = to;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_read_new (WbGame *game, WbTable *table, WbTableRead read, const char *pair)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  self = table_command_new (game, table, OP_SET_READ,
                            g_strdup_printf (_("Set the dice read on “%s”"),
                                             table_title (table)));
  self->read = read;
  self->s1 = g_strdup (nonempty (pair));
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_ends_new (WbGame *game, WbTable *table, const WbTableEnds *ends)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  g_return_val_if_fail (ends != NULL, NULL);
  self = table_command_new (game, table, OP_SET_ENDS,
                            g_strdup_printf (_("Set the ends of “%s”"), table_title (table)));
  self->ends = *ends;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_pool_new (WbGame *game, WbTable *table, const WbTablePool *pool)
{
  WbTableCommand *self;

  CHECK_ARGS (game, table);
  g_return_val_if_fail (pool != NULL, NULL);
  self = table_command_new (game, table, OP_SET_POOL,
                            g_strdup_printf (_("Set the dice pool of “%s”"),
                                             table_title (table)));
  self->pool = *pool;
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_table_code_effect_new (WbGame *game, WbTable *table, guint index,
                                      gboolean has_effect, const WbCodeEffect *effect,
                                      const char *test, const char *test_column)
{
  WbTableCommand *self;
  GPtrArray *codes;

  CHECK_ARGS (game, table);
  g_return_val_if_fail (effect != NULL || !has_effect, NULL);
  codes = wb_table_get_codes (table);
  self = table_command_new (game, table, OP_SET_EFFECT,
                            g_strdup_printf (_("Set the effect of “%s”"),
                                             index < codes->len
                                             ? ((WbResultCode *) g_ptr_array_index (codes, index))->code
                                             : ""));
  self->a = index;
  self->effect = g_new0 (WbResultCode, 1);
  self->effect->has_effect = has_effect;
  if (has_effect)
    {
      self->effect->effect = *effect;
      self->effect->test = g_strdup (nonempty (test));
      self->effect->test_column = g_strdup (nonempty (test_column));
    }
  return WB_COMMAND (self);
}
