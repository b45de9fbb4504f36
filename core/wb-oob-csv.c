/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-oob-csv"
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-format.h"
#include "wb-oob-csv-private.h"
#include "wb-util-private.h"

G_DEFINE_QUARK (wb-oob-csv-error-quark, wb_oob_csv_error)

/* ---- splitting CSV into records ------------------------------------------ */

typedef struct {
  char     *text;
  guint     line;
  gboolean  quoted;
} Cell;

typedef struct {
  guint   line;
  GArray *cells;   /* Cell */
} Record;

static void
record_free (gpointer data)
{
  Record *r = data;

  g_array_unref (r->cells);
  g_free (r);
}

static gboolean
record_is_blank (Record *r)
{
  for (guint i = 0; i < r->cells->len; i++)
    {
      Cell *c = &g_array_index (r->cells, Cell, i);
      if (c->quoted || c->text[0] != '\0')
        return FALSE;
    }
  return TRUE;
}

static gboolean
syntax_error (GError **error,
              int      code,
              guint    line,
              const char *message)
{
  g_set_error (error, WB_OOB_CSV_ERROR, code, _("line %u: %s"), line, message);
  return FALSE;
}

/* What a row costs beyond its cells (the record, and the unit or formation
 * it becomes, with its change to import): an import takes at most
 * wb_format_memory_budget() of the CSV's size. */
#define CSV_ROW_COST 512

/* RFC 4180, read strictly: cells separated by commas, records by CRLF or
 * LF; a quoted cell may hold commas, line breaks (kept as they are) and
 * doubled quotes. Blank records are skipped. */
static gboolean
split_records (const char   *p,
               gsize         len,
               GPtrArray    *records,
               GStringChunk *texts,
               GError      **error)
{
  /* One scratch buffer for every cell, and the cells' texts packed in
   * @texts (a string of its own each would cost its allocation's overhead,
   * and a GString 64 bytes or more). */
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 budget = wb_format_memory_budget (len), charged = len;
  guint width = 16;
  gsize i = 0;
  guint line = 1;

  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    i = 3;   /* the byte-order mark spreadsheets put in front */

  while (i < len)
    {
      Record *rec = g_new0 (Record, 1);
      gboolean end_of_record = FALSE;

      rec->line = line;
      charged += CSV_ROW_COST;
      rec->cells = g_array_sized_new (FALSE, FALSE, sizeof (Cell), width);
      g_ptr_array_add (records, rec);
      if (records->len > WB_OOB_CSV_MAX_ROWS + 1)
        {
          g_set_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE,
                       _("line %u: more than %u rows"), line, (guint) WB_OOB_CSV_MAX_ROWS);
          return FALSE;
        }

      while (!end_of_record)
        {
          Cell cell = { NULL, line, FALSE };

          g_string_truncate (text, 0);
          if (i < len && p[i] == '"')
            {
              guint open_line = line;

              cell.quoted = TRUE;
              i++;
              for (;;)
                {
                  if (i >= len)
                    return syntax_error (error, WB_OOB_CSV_ERROR_SYNTAX, open_line,
                                         _("a quoted cell that starts here is never closed"));
                  if (p[i] == '"')
                    {
                      if (i + 1 < len && p[i + 1] == '"')
                        {
                          g_string_append_c (text, '"');
                          i += 2;
                          continue;
                        }
                      i++;
                      break;
                    }
                  /* Line breaks are kept as they are: a note's CRLF survives. */
                  if (p[i] == '\n')
                    line++;
                  g_string_append_c (text, p[i]);
                  i++;
                  if (text->len > WB_OOB_CSV_MAX_CELL)
                    return syntax_error (error, WB_OOB_CSV_ERROR_TOO_LARGE, open_line,
                                         _("a cell longer than 65536 bytes"));
                }
              if (i < len && p[i] != ',' && p[i] != '\n' && p[i] != '\r')
                return syntax_error (error, WB_OOB_CSV_ERROR_SYNTAX, line,
                                     _("text after a cell’s closing quote (inside a quoted "
                                       "cell, write a quote as \"\")"));
            }
          else
            {
              while (i < len && p[i] != ',' && p[i] != '\n' && p[i] != '\r')
                {
                  if (p[i] == '"')
                    return syntax_error (error, WB_OOB_CSV_ERROR_SYNTAX, line,
                                         _("a quote inside an unquoted cell (put the whole "
                                           "cell in quotes and double the quote)"));
                  g_string_append_c (text, p[i]);
                  i++;
                  if (text->len > WB_OOB_CSV_MAX_CELL)
                    return syntax_error (error, WB_OOB_CSV_ERROR_TOO_LARGE, line,
                                         _("a cell longer than 65536 bytes"));
                }
            }

          charged += sizeof (Cell) + text->len + 1;
          if (charged > budget)
            {
              g_autofree char *limit = g_format_size_full (budget, G_FORMAT_SIZE_IEC_UNITS);
              g_autofree char *size = g_format_size_full (len, G_FORMAT_SIZE_IEC_UNITS);
              g_autofree char *m = g_strdup_printf (_("the import would take more than %s of "
                                                      "memory, the limit for a CSV of %s"),
                                                    limit, size);
              return syntax_error (error, WB_OOB_CSV_ERROR_TOO_LARGE, line, m);
            }
          cell.text = g_string_chunk_insert_len (texts, text->str, (gssize) text->len);
          g_array_append_val (rec->cells, cell);
          if (rec->cells->len > WB_OOB_CSV_MAX_COLUMNS)
            return syntax_error (error, WB_OOB_CSV_ERROR_TOO_LARGE, rec->line,
                                 _("more than 1024 columns"));

          if (i >= len)
            end_of_record = TRUE;
          else if (p[i] == ',')
            i++;
          else if (p[i] == '\n')
            {
              i++;
              line++;
              end_of_record = TRUE;
            }
          else if (p[i] == '\r' && i + 1 < len && p[i + 1] == '\n')
            {
              i += 2;
              line++;
              end_of_record = TRUE;
            }
          else
            return syntax_error (error, WB_OOB_CSV_ERROR_SYNTAX, line,
                                 _("a carriage return that does not end a line"));
        }

      if (record_is_blank (rec))
        g_ptr_array_remove_index (records, records->len - 1);
      else
        width = rec->cells->len;
    }
  return TRUE;
}

/* ---- the import result --------------------------------------------------- */

struct _WbOobCsvImport
{
  GObject          parent_instance;

  GArray          *issues;               /* WbOobCsvIssue */
  guint            n_unlisted;
  GArray          *rows;                 /* WbOobCsvRow */
  GPtrArray       *formations;           /* WbFormation* */
  GPtrArray       *units;                /* WbUnit* */
  GPtrArray       *removed_formations;   /* interned ids */
  GPtrArray       *removed_units;
  WbOobCsvSummary  summary;
};

G_DEFINE_FINAL_TYPE (WbOobCsvImport, wb_oob_csv_import, G_TYPE_OBJECT)

static void
issue_clear (gpointer data)
{
  g_free (((WbOobCsvIssue *) data)->message);
  g_free ((char *) ((WbOobCsvIssue *) data)->column);
}

static void
wb_oob_csv_import_finalize (GObject *object)
{
  WbOobCsvImport *self = WB_OOB_CSV_IMPORT (object);

  g_array_unref (self->issues);
  g_array_unref (self->rows);
  g_ptr_array_unref (self->formations);
  g_ptr_array_unref (self->units);
  g_ptr_array_unref (self->removed_formations);
  g_ptr_array_unref (self->removed_units);
  G_OBJECT_CLASS (wb_oob_csv_import_parent_class)->finalize (object);
}

static void
wb_oob_csv_import_class_init (WbOobCsvImportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_oob_csv_import_finalize;
}

static void
wb_oob_csv_import_init (WbOobCsvImport *self)
{
  self->issues = g_array_new (FALSE, FALSE, sizeof (WbOobCsvIssue));
  g_array_set_clear_func (self->issues, issue_clear);
  self->rows = g_array_new (FALSE, FALSE, sizeof (WbOobCsvRow));
  self->formations = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_formation_free);
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
  self->removed_formations = g_ptr_array_new ();
  self->removed_units = g_ptr_array_new ();
}

/**
 * wb_oob_csv_issue_to_string:
 * @issue: a problem
 *
 * Returns: (transfer full): "line 14, column strength: expected …", "line 3:
 *   …" without a column, or the message alone for a whole-file problem
 */
char *
wb_oob_csv_issue_to_string (const WbOobCsvIssue *issue)
{
  g_return_val_if_fail (issue != NULL, NULL);

  if (issue->line == 0)
    return g_strdup (issue->message);
  if (issue->column == NULL)
    return g_strdup_printf (_("line %u: %s"), issue->line, issue->message);
  return g_strdup_printf (_("line %u, column %s: %s"), issue->line, issue->column, issue->message);
}

G_GNUC_PRINTF (5, 6)
static void
add_issue (WbOobCsvImport *self,
           guint           line,
           const char     *column,
           int             code,
           const char     *format,
           ...)
{
  WbOobCsvIssue issue;
  va_list args;

  if (self->issues->len >= WB_OOB_CSV_MAX_ISSUES)
    {
      self->n_unlisted++;
      return;
    }
  issue.line = line;
  /* Owned, not interned: a column's name comes from the file, and an
   * interned string is never freed. */
  issue.column = g_strdup (column);
  issue.code = code;
  va_start (args, format);
  issue.message = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (self->issues, issue);
}

static int
compare_issues (gconstpointer a,
                gconstpointer b)
{
  const WbOobCsvIssue *x = a, *y = b;
  /* Whole-file problems after the rows. */
  guint lx = x->line ? x->line : G_MAXUINT, ly = y->line ? y->line : G_MAXUINT;

  /* g_array_sort () is stable: problems on one line keep the order they
   * were found in (left to right). */
  if (lx != ly)
    return lx < ly ? -1 : 1;
  return 0;
}

/* ---- parsing the rows ---------------------------------------------------- */

typedef struct {
  const char *name;      /* interned, as written in the header */
  int         fixed;     /* COL_*, or -1 for an attribute */
  const char *attr_id;   /* interned */
} Column;

typedef struct {
  WbOobCsvImport *self;
  WbGame         *game;
  GArray         *columns;       /* Column, one per header cell (NULL name: ignored) */
  int             fixed_at[N_FIXED];   /* header index of each fixed column, or -1 */
  Record         *row;
  gboolean        row_ok;
  GHashTable     *formation_line;   /* interned id → line (first row with it) */
  GHashTable     *formation_side;   /* interned id → interned side or NULL */
  GHashTable     *unit_line;
  GHashTable     *unit_ids;         /* interned ids in the CSV */
  GHashTable     *formation_ids;
  GArray         *unit_refs;        /* UnitRef: formations units name, checked at the end */
} Parser;

typedef struct {
  guint       line;
  const char *unit_side;
  const char *formation;
  gsize       unit_index;   /* in self->units, or G_MAXSIZE if the unit was dropped */
} UnitRef;

G_GNUC_PRINTF (4, 5)
static void
row_issue (Parser     *ps,
           int         col,
           int         code,
           const char *format,
           ...)
{
  g_autofree char *message = NULL;
  const Cell *cell = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (col >= 0 && ps->fixed_at[col] >= 0)
    cell = &g_array_index (ps->row->cells, Cell, ps->fixed_at[col]);
  add_issue (ps->self, cell ? cell->line : ps->row->line,
             col >= 0 ? fixed_columns[col] : NULL, code, "%s", message);
  ps->row_ok = FALSE;
}

/* A fixed cell's text: NULL when the column is absent or the cell is empty
 * and unquoted; "" for a quoted empty cell. */
static const char *
fixed_text (Parser *ps,
            int     col)
{
  const Cell *cell;

  if (ps->fixed_at[col] < 0)
    return NULL;
  cell = &g_array_index (ps->row->cells, Cell, ps->fixed_at[col]);
  if (!cell->quoted && cell->text[0] == '\0')
    return NULL;
  return cell->text;
}

static char *
list_ids (GPtrArray  *items,
          const char *(*id_of) (gpointer))
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < items->len && i < 20; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, id_of (g_ptr_array_index (items, i)));
    }
  if (items->len > 20)
    g_string_append (s, ", …");
  return g_string_free (s, FALSE);
}

static const char *
side_id_of (gpointer item)
{
  return ((WbSide *) item)->id;
}

static const char *
class_id_of (gpointer item)
{
  return ((WbUnitType *) item)->id;
}

/* The id cell; NULL (with an issue) when it is missing or malformed. */
static const char *
parse_id (Parser   *ps,
          gboolean  formation)
{
  const char *text = fixed_text (ps, COL_ID);

  if (text == NULL || text[0] == '\0')
    {
      row_issue (ps, COL_ID, WB_OOB_CSV_ERROR_MISSING, "%s",
                 formation ? _("expected the formation’s id") : _("expected the unit’s id"));
      return NULL;
    }
  if (!valid_id (text))
    {
      row_issue (ps, COL_ID, WB_OOB_CSV_ERROR_VALUE,
                 _("“%s” is not an id (expected 1 to 64 letters, digits, “_”, “.” or “-”)"),
                 text);
      return NULL;
    }
  return g_intern_string (text);
}

static const char *
parse_side (Parser *ps)
{
  const char *text = fixed_text (ps, COL_SIDE);
  g_autofree char *list = list_ids (wb_game_get_sides (ps->game), side_id_of);

  if (text == NULL || text[0] == '\0')
    {
      row_issue (ps, COL_SIDE, WB_OOB_CSV_ERROR_MISSING, _("expected a side (one of: %s)"), list);
      return NULL;
    }
  if (wb_game_find_side (ps->game, text) == NULL)
    {
      row_issue (ps, COL_SIDE, WB_OOB_CSV_ERROR_REFERENCE,
                 _("unknown side “%s” (expected one of: %s)"), text, list);
      return NULL;
    }
  return g_intern_string (text);
}

/* A cell this kind of row does not use must be empty. */
static void
expect_empty (Parser     *ps,
              int         col,
              const char *message)
{
  if (fixed_text (ps, col) != NULL)
    row_issue (ps, col, WB_OOB_CSV_ERROR_VALUE, "%s", message);
}

static void
parse_formation_row (Parser *ps)
{
  WbOobCsvImport *self = ps->self;
  const char *id, *side, *parent, *color;
  WbFormation *f;
  gpointer first;

  expect_empty (ps, COL_DESIGNATION, _("a formation has no designation: leave the cell empty"));
  expect_empty (ps, COL_CLASS, _("a formation has no class: leave the cell empty"));
  expect_empty (ps, COL_SIZE, _("a formation has no size: leave the cell empty"));
  expect_empty (ps, COL_STRENGTH, _("a formation has no strength: leave the cell empty"));
  expect_empty (ps, COL_CURRENT, _("a formation has no current step: leave the cell empty"));
  expect_empty (ps, COL_NOTE, _("a formation has no note: leave the cell empty"));
  for (guint i = 0; i < ps->columns->len; i++)
    {
      Column *c = &g_array_index (ps->columns, Column, i);
      Cell *cell = &g_array_index (ps->row->cells, Cell, i);

      if (c->attr_id != NULL && (cell->quoted || cell->text[0] != '\0'))
        {
          add_issue (self, cell->line, c->name, WB_OOB_CSV_ERROR_VALUE,
                     _("a formation has no attributes: leave the cell empty"));
          ps->row_ok = FALSE;
        }
    }

  id = parse_id (ps, TRUE);
  side = parse_side (ps);
  if (id != NULL)
    {
      if (g_hash_table_lookup_extended (ps->formation_line, id, NULL, &first))
        row_issue (ps, COL_ID, WB_OOB_CSV_ERROR_DUPLICATE,
                   _("formation “%s” is already on line %u"), id, GPOINTER_TO_UINT (first));
      else
        {
          g_hash_table_insert (ps->formation_line, (gpointer) id, GUINT_TO_POINTER (ps->row->line));
          g_hash_table_insert (ps->formation_side, (gpointer) id, (gpointer) side);
        }
    }

  parent = fixed_text (ps, COL_FORMATION);
  if (parent != NULL)
    {
      gpointer parent_side;

      parent = g_intern_string (parent);
      if (!g_hash_table_lookup_extended (ps->formation_side, parent, NULL, &parent_side) ||
          parent == id)
        row_issue (ps, COL_FORMATION, WB_OOB_CSV_ERROR_REFERENCE,
                   _("no formation “%s” on an earlier line (a formation’s parent comes before it)"),
                   parent);
      else if (side != NULL && parent_side != NULL && parent_side != side)
        row_issue (ps, COL_FORMATION, WB_OOB_CSV_ERROR_REFERENCE,
                   _("formation “%s” belongs to side “%s”, not “%s”"),
                   parent, (const char *) parent_side, side);
    }

  color = fixed_text (ps, COL_COLOR);
  if (color != NULL && !wb_color_parse (color, NULL, NULL, NULL))
    row_issue (ps, COL_COLOR, WB_OOB_CSV_ERROR_VALUE, _("“%s” is not a colour (expected #rrggbb)"),
               color);

  if (!ps->row_ok)
    return;
  f = wb_formation_new (id);
  f->side = side;
  f->parent = parent;
  f->name = g_strdup (fixed_text (ps, COL_NAME));
  f->echelon = g_strdup (fixed_text (ps, COL_ECHELON));
  f->color = g_strdup (color);
  g_ptr_array_add (self->formations, f);
}

/* One strength value in half points: "7", "3½", "3.5", "C" (½). */
static gboolean
parse_halves (const char *token,
              gint16     *out)
{
  g_autofree char *t = g_strstrip (g_strdup (token));
  gsize n = strlen (t);
  double v;
  char *end;

  if (strcmp (t, "C") == 0)
    {
      *out = 1;
      return TRUE;
    }
  if (n >= 2 && strcmp (t + n - 2, "½") == 0)
    {
      gint64 whole = 0;

      t[n - 2] = '\0';
      if (t[0] != '\0' &&
          (strspn (t, "0123456789") != strlen (t) || strlen (t) > 5 ||
           !g_ascii_string_to_signed (t, 10, 0, MAX_HALVES / 2, &whole, NULL)))
        return FALSE;
      if (whole * 2 + 1 > MAX_HALVES)
        return FALSE;
      *out = (gint16) (whole * 2 + 1);
      return TRUE;
    }
  if (n == 0 || strspn (t, "0123456789.") != n)
    return FALSE;
  v = g_ascii_strtod (t, &end);
  if (*end != '\0' || !(v >= 0 && v * 2 <= MAX_HALVES) || v * 2 != floor (v * 2))
    return FALSE;
  *out = (gint16) (v * 2);
  return TRUE;
}

static gboolean
parse_strength (const char *text,
                WbStrength *s)
{
  g_auto(GStrv) parts = NULL;
  guint n;

  memset (s, 0, sizeof *s);
  if (strchr (text, '|') != NULL)
    {
      parts = g_strsplit (text, "|", -1);
      if (g_strv_length (parts) != 2)
        return FALSE;
      s->kind = WB_STRENGTH_SIDES;
    }
  else if (strchr (text, '/') != NULL)
    {
      parts = g_strsplit (text, "/", -1);
      s->kind = WB_STRENGTH_STEPS;
    }
  else
    {
      parts = g_new0 (char *, 2);
      parts[0] = g_strdup (text);
      s->kind = WB_STRENGTH_SINGLE;
    }
  n = g_strv_length (parts);
  if (n > WB_STRENGTH_MAX_STEPS)
    return FALSE;
  s->n = (guint8) n;
  for (guint i = 0; i < n; i++)
    if (!parse_halves (parts[i], &s->halves[i]))
      return FALSE;
  return TRUE;
}

static gboolean
parse_bool (const char *text,
            gboolean   *out)
{
  static const char * const yes[] = { "true", "yes", "1", NULL };
  static const char * const no[] = { "false", "no", "0", NULL };

  for (guint i = 0; yes[i] != NULL; i++)
    if (g_ascii_strcasecmp (text, yes[i]) == 0)
      {
        *out = TRUE;
        return TRUE;
      }
  for (guint i = 0; no[i] != NULL; i++)
    if (g_ascii_strcasecmp (text, no[i]) == 0)
      {
        *out = FALSE;
        return TRUE;
      }
  return FALSE;
}

static gboolean
valid_firepower (const char *s)
{
  return g_ascii_isalpha (s[0]) && s[1] != '\0' && strlen (s) <= 4 &&
         strspn (s + 1, "0123456789") == strlen (s + 1);
}

/* Reads an attribute cell; FALSE (with an issue) if it does not fit @def. */
static gboolean
parse_attr (Parser     *ps,
            const Cell *cell,
            const char *column,
            WbAttrDef  *def,
            WbAttrValue *v)
{
  const char *text = cell->text;
  char *end;
  double d;

  v->type = def->type;
  switch (def->type)
    {
    case WB_ATTR_INT:
    case WB_ATTR_NUMBER:
      /* Decimal only: strtod would also take "0x1A", "inf" and " 6". */
      d = g_ascii_strtod (text, &end);
      if (text[0] == '\0' || strspn (text, "0123456789+-.eE") != strlen (text) || *end != '\0' ||
          !isfinite (d) ||
          (def->type == WB_ATTR_INT && d != floor (d)))
        {
          add_issue (ps->self, cell->line, column, WB_OOB_CSV_ERROR_VALUE,
                     def->type == WB_ATTR_INT ? _("expected a whole number from %g to %g, found “%s”")
                                              : _("expected a number from %g to %g, found “%s”"),
                     def->min, def->max, text);
          return FALSE;
        }
      if (!(d >= def->min && d <= def->max))
        {
          add_issue (ps->self, cell->line, column, WB_OOB_CSV_ERROR_VALUE,
                     _("%s is out of range (expected %g to %g)"), text, def->min, def->max);
          return FALSE;
        }
      if (def->type == WB_ATTR_INT)
        v->i = (gint64) d;
      else
        v->d = d;
      return TRUE;
    case WB_ATTR_BOOL:
      if (!parse_bool (text, &v->b))
        {
          add_issue (ps->self, cell->line, column, WB_OOB_CSV_ERROR_VALUE,
                     _("expected true or false (or yes or no), found “%s”"), text);
          return FALSE;
        }
      return TRUE;
    case WB_ATTR_STRING:
      v->s = (char *) text;
      return TRUE;
    case WB_ATTR_FIREPOWER:
      if (!valid_firepower (text))
        {
          add_issue (ps->self, cell->line, column, WB_OOB_CSV_ERROR_VALUE,
                     _("expected a firepower rating such as “A2” (a letter and a number), "
                       "found “%s”"), text);
          return FALSE;
        }
      v->s = (char *) text;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static void
parse_unit_row (Parser *ps)
{
  WbOobCsvImport *self = ps->self;
  g_autoptr(WbUnit) unit = NULL;
  g_autoptr(GHashTable) values = g_hash_table_new (NULL, NULL);   /* attr id → Cell index */
  const char *id, *side, *klass_id, *text, *formation;
  WbUnitType *klass = NULL;
  WbStrength strength = { 0 };
  gboolean strength_ok = FALSE;
  UnitRef ref;
  gpointer first;

  expect_empty (ps, COL_ECHELON, _("a unit has no echelon: leave the cell empty"));
  expect_empty (ps, COL_COLOR, _("a unit has no colour (its formation has): leave the cell empty"));

  id = parse_id (ps, FALSE);
  side = parse_side (ps);
  if (id != NULL)
    {
      if (g_hash_table_lookup_extended (ps->unit_line, id, NULL, &first))
        row_issue (ps, COL_ID, WB_OOB_CSV_ERROR_DUPLICATE,
                   _("unit “%s” is already on line %u"), id, GPOINTER_TO_UINT (first));
      else
        g_hash_table_insert (ps->unit_line, (gpointer) id, GUINT_TO_POINTER (ps->row->line));
    }

  klass_id = fixed_text (ps, COL_CLASS);
  if (klass_id == NULL || klass_id[0] == '\0')
    {
      g_autofree char *list = list_ids (wb_game_get_unit_classes (ps->game), class_id_of);
      row_issue (ps, COL_CLASS, WB_OOB_CSV_ERROR_MISSING, _("expected a unit class (one of: %s)"), list);
    }
  else if ((klass = wb_game_find_unit_class (ps->game, klass_id)) == NULL)
    {
      g_autofree char *list = list_ids (wb_game_get_unit_classes (ps->game), class_id_of);
      row_issue (ps, COL_CLASS, WB_OOB_CSV_ERROR_REFERENCE,
                 _("unknown unit class “%s” (expected one of: %s)"), klass_id, list);
    }

  text = fixed_text (ps, COL_STRENGTH);
  if (text == NULL || text[0] == '\0')
    row_issue (ps, COL_STRENGTH, WB_OOB_CSV_ERROR_MISSING,
               _("expected strength points: a number such as 7 or 3½ (C for ½), steps like "
                 "12/8/4, or fresh|worn like 3|2"));
  else if (!parse_strength (text, &strength))
    row_issue (ps, COL_STRENGTH, WB_OOB_CSV_ERROR_VALUE,
               _("expected a number from 0 to 10000 such as 7 or 3½ (C for ½), steps like "
                 "12/8/4 (at most 8), or fresh|worn like 3|2; found “%s”"), text);
  else
    strength_ok = TRUE;

  text = fixed_text (ps, COL_CURRENT);
  if (strength_ok && text != NULL)
    {
      g_autofree char *t = g_strstrip (g_strdup (text));
      gint64 step;

      switch (strength.kind)
        {
        case WB_STRENGTH_SINGLE:
          /* "1" with current 1 is a list of one step. */
          if (strcmp (t, "1") == 0)
            strength.kind = WB_STRENGTH_STEPS;
          else
            row_issue (ps, COL_CURRENT, WB_OOB_CSV_ERROR_VALUE,
                       _("a single value has no other step: expected 1 (a list of one step) "
                         "or nothing, found “%s”"), text);
          break;
        case WB_STRENGTH_STEPS:
          if (!g_ascii_string_to_signed (t, 10, 1, strength.n, &step, NULL))
            row_issue (ps, COL_CURRENT, WB_OOB_CSV_ERROR_VALUE,
                       _("expected the step in force, 1 (the strongest) to %u, found “%s”"),
                       strength.n, text);
          else
            strength.current = (guint8) (step - 1);
          break;
        case WB_STRENGTH_SIDES:
          if (g_ascii_strcasecmp (t, "fresh") == 0)
            strength.current = 0;
          else if (g_ascii_strcasecmp (t, "worn") == 0)
            strength.current = 1;
          else
            row_issue (ps, COL_CURRENT, WB_OOB_CSV_ERROR_VALUE,
                       _("expected fresh or worn, found “%s”"), text);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* Attributes: each filled cell must be in the class's schema. */
  for (guint i = 0; i < ps->columns->len; i++)
    {
      Column *c = &g_array_index (ps->columns, Column, i);
      Cell *cell = &g_array_index (ps->row->cells, Cell, i);

      if (c->attr_id == NULL || (!cell->quoted && cell->text[0] == '\0'))
        continue;
      if (klass != NULL && wb_unit_type_find_attr (klass, c->attr_id) == NULL)
        {
          add_issue (self, cell->line, c->name, WB_OOB_CSV_ERROR_REFERENCE,
                     _("unit class “%s” has no attribute “%s”: leave the cell empty"),
                     klass->id, c->attr_id);
          ps->row_ok = FALSE;
        }
      else
        g_hash_table_insert (values, (gpointer) c->attr_id, GUINT_TO_POINTER (i));
    }

  if (id != NULL)
    unit = wb_unit_new (id);
  if (klass != NULL)
    for (guint j = 0; j < klass->attrs->len; j++)
      {
        WbAttrDef *def = g_ptr_array_index (klass->attrs, j);
        gpointer index;
        WbAttrValue v;

        if (!g_hash_table_lookup_extended (values, def->id, NULL, &index))
          continue;
        if (!parse_attr (ps, &g_array_index (ps->row->cells, Cell, GPOINTER_TO_UINT (index)),
                         g_array_index (ps->columns, Column, GPOINTER_TO_UINT (index)).name,
                         def, &v))
          ps->row_ok = FALSE;
        else if (unit != NULL)
          wb_unit_set_attr (unit, def->id, &v);
      }

  formation = fixed_text (ps, COL_FORMATION);
  ref.line = ps->fixed_at[COL_FORMATION] >= 0
               ? g_array_index (ps->row->cells, Cell, ps->fixed_at[COL_FORMATION]).line
               : ps->row->line;
  ref.unit_side = side;
  ref.formation = formation ? g_intern_string (formation) : NULL;
  ref.unit_index = G_MAXSIZE;

  if (ps->row_ok)
    {
      const char *name = fixed_text (ps, COL_NAME);
      const char *designation = fixed_text (ps, COL_DESIGNATION);

      wb_unit_set_side (unit, side);
      wb_unit_set_class_id (unit, klass->id);
      wb_unit_set_formation (unit, ref.formation);
      wb_unit_set_strength (unit, &strength);
      /* As the game file reads: a name equal to the id and a designation
       * equal to the name are defaults. */
      if (name != NULL && strcmp (name, id) != 0)
        wb_unit_set_name (unit, name);
      if (designation != NULL && strcmp (designation, wb_unit_get_name (unit)) != 0)
        wb_unit_set_designation (unit, designation);
      wb_unit_set_size (unit, fixed_text (ps, COL_SIZE));
      wb_unit_set_note (unit, fixed_text (ps, COL_NOTE));
      ref.unit_index = self->units->len;
      g_ptr_array_add (self->units, g_steal_pointer (&unit));
    }
  if (ref.formation != NULL)
    g_array_append_val (ps->unit_refs, ref);
}

static gboolean
parse_header (Parser *ps,
              Record *header)
{
  WbOobCsvImport *self = ps->self;
  static const int required[] = { COL_KIND, COL_SIDE, COL_ID, COL_CLASS, COL_STRENGTH };
  g_autoptr(GPtrArray) attr_ids = collect_attr_ids (ps->game);
  gboolean ok = TRUE;

  for (int c = 0; c < N_FIXED; c++)
    ps->fixed_at[c] = -1;
  if (header->cells->len == 1 && strpbrk (g_array_index (header->cells, Cell, 0).text, ";\t"))
    {
      add_issue (self, header->line, NULL, WB_OOB_CSV_ERROR_HEADER,
                 _("the header is a single cell: the file seems to be separated by semicolons or "
                   "tabs (save it from the spreadsheet with commas)"));
      return FALSE;
    }
  for (guint i = 0; i < header->cells->len; i++)
    {
      Cell *cell = &g_array_index (header->cells, Cell, i);
      Column column = { NULL, -1, NULL };
      const char *attr = NULL;
      int fixed;

      if (cell->text[0] == '\0')
        {
          add_issue (self, cell->line, NULL, WB_OOB_CSV_ERROR_HEADER,
                     _("column %u has no name"), i + 1);
          ok = FALSE;
          g_array_append_val (ps->columns, column);
          continue;
        }
      fixed = fixed_column_of (cell->text);
      if (fixed < 0)
        {
          const char *name = g_str_has_prefix (cell->text, ATTR_PREFIX) ? cell->text + strlen (ATTR_PREFIX)
                                                                         : cell->text;
          guint at;

          /* Only a name the game knows is interned (interned strings are
           * never freed, and this one comes from the file). */
          attr = g_ptr_array_find_with_equal_func (attr_ids, name, g_str_equal, &at)
                   ? g_ptr_array_index (attr_ids, at) : NULL;
          if (attr == NULL)
            {
              g_autoptr(GString) known = g_string_new (NULL);

              for (int c = 0; c < N_FIXED; c++)
                g_string_append_printf (known, "%s%s", c ? ", " : "", fixed_columns[c]);
              for (guint a = 0; a < attr_ids->len; a++)
                g_string_append_printf (known, ", %s", (const char *) g_ptr_array_index (attr_ids, a));
              add_issue (self, cell->line, cell->text, WB_OOB_CSV_ERROR_HEADER,
                         _("unknown column (expected one of: %s)"), known->str);
              ok = FALSE;
              g_array_append_val (ps->columns, column);
              continue;
            }
        }
      for (guint j = 0; j < ps->columns->len; j++)
        {
          Column *other = &g_array_index (ps->columns, Column, j);
          if (other->name != NULL && ((fixed >= 0 && other->fixed == fixed) ||
                                      (attr != NULL && other->attr_id == attr)))
            {
              add_issue (self, cell->line, cell->text, WB_OOB_CSV_ERROR_HEADER,
                         _("the column is already column %u"), j + 1);
              ok = FALSE;
              fixed = -1;
              attr = NULL;
              break;
            }
        }
      if (fixed < 0 && attr == NULL)
        {
          g_array_append_val (ps->columns, column);
          continue;
        }
      column.name = g_intern_string (cell->text);
      column.fixed = fixed;
      column.attr_id = attr;
      if (fixed >= 0)
        ps->fixed_at[fixed] = (int) i;
      g_array_append_val (ps->columns, column);
    }

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    if (ps->fixed_at[required[i]] < 0)
      {
        add_issue (self, header->line, NULL, WB_OOB_CSV_ERROR_HEADER,
                   _("the header has no column “%s”"), fixed_columns[required[i]]);
        ok = FALSE;
      }
  return ok;
}

static gboolean
formations_equal (const WbFormation *a,
                  const WbFormation *b)
{
  return a->side == b->side && a->parent == b->parent && g_strcmp0 (a->name, b->name) == 0 &&
         g_strcmp0 (a->echelon, b->echelon) == 0 && g_strcmp0 (a->color, b->color) == 0;
}

/* Equal as the game file would write them (attributes in any order). */
static gboolean
units_equal (WbUnit *a,
             WbUnit *b)
{
  GPtrArray *ids = wb_unit_get_attr_ids (a);

  if (g_strcmp0 (wb_unit_get_name (a), wb_unit_get_name (b)) != 0 ||
      g_strcmp0 (wb_unit_get_designation (a), wb_unit_get_designation (b)) != 0 ||
      wb_unit_get_side (a) != wb_unit_get_side (b) ||
      wb_unit_get_class_id (a) != wb_unit_get_class_id (b) ||
      wb_unit_get_formation (a) != wb_unit_get_formation (b) ||
      g_strcmp0 (wb_unit_get_size (a), wb_unit_get_size (b)) != 0 ||
      g_strcmp0 (wb_unit_get_note (a), wb_unit_get_note (b)) != 0 ||
      !wb_strength_equal (wb_unit_get_strength (a), wb_unit_get_strength (b)) ||
      ids->len != wb_unit_get_attr_ids (b)->len)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const WbAttrValue *vb = wb_unit_get_attr (b, id);
      if (vb == NULL || !wb_attr_value_equal (wb_unit_get_attr (a, id), vb))
        return FALSE;
    }
  return TRUE;
}

/* Where scenarios use @unit_id, in words, or NULL. */
static char *
unit_use (WbGame     *game,
          const char *unit_id)
{
  GPtrArray *scenarios = wb_game_get_scenarios (game);

  unit_id = g_intern_string (unit_id);
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *sc = g_ptr_array_index (scenarios, i);
      GPtrArray *setup = wb_scenario_get_setup (sc);
      GPtrArray *reinforcements = wb_scenario_get_reinforcements (sc);
      GPtrArray *victory = wb_scenario_get_victory (sc);

      for (guint j = 0; j < setup->len; j++)
        if (((WbSetup *) g_ptr_array_index (setup, j))->unit == unit_id)
          return g_strdup_printf (_("scenario “%s” sets it up"), wb_scenario_get_id (sc));
      for (guint j = 0; j < reinforcements->len; j++)
        {
          WbReinforcement *r = g_ptr_array_index (reinforcements, j);
          for (guint k = 0; r->units != NULL && k < r->units->len; k++)
            if (g_strcmp0 (g_ptr_array_index (r->units, k), unit_id) == 0)
              return g_strdup_printf (_("scenario “%s” brings it in on turn %d"),
                                      wb_scenario_get_id (sc), r->turn);
        }
      for (guint j = 0; j < victory->len; j++)
        {
          WbVictory *v = g_ptr_array_index (victory, j);
          for (guint k = 0; v->units != NULL && k < v->units->len; k++)
            if (g_strcmp0 (g_ptr_array_index (v->units, k), unit_id) == 0)
              return g_strdup_printf (_("scenario “%s” scores for destroying it"),
                                      wb_scenario_get_id (sc));
        }
    }
  return NULL;
}

/* The ids both lists have, in the order of each, differ. */
static gboolean
order_differs (GPtrArray  *old_items,
               GPtrArray  *new_items,
               GHashTable *new_ids,
               GHashTable *old_ids,
               const char *(*id_of) (gpointer))
{
  guint i = 0, j = 0;

  for (;;)
    {
      while (i < old_items->len && !g_hash_table_contains (new_ids, id_of (g_ptr_array_index (old_items, i))))
        i++;
      while (j < new_items->len && !g_hash_table_contains (old_ids, id_of (g_ptr_array_index (new_items, j))))
        j++;
      if (i >= old_items->len || j >= new_items->len)
        return (i < old_items->len) != (j < new_items->len);
      if (id_of (g_ptr_array_index (old_items, i)) != id_of (g_ptr_array_index (new_items, j)))
        return TRUE;
      i++;
      j++;
    }
}

static const char *
formation_id_of (gpointer item)
{
  return ((WbFormation *) item)->id;
}

static const char *
unit_id_of (gpointer item)
{
  return wb_unit_get_id (item);
}

/* Compares the new set with @game: rows' changes, removals, the summary. */
static void
compare_with_game (Parser *ps)
{
  WbOobCsvImport *self = ps->self;
  WbGame *game = ps->game;
  GPtrArray *old_formations = wb_game_get_formations (game);
  GPtrArray *old_units = wb_game_get_units (game);
  g_autoptr(GHashTable) old_formation_ids = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) old_unit_ids = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) new_formations = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) new_units = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < old_formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (old_formations, i);
      g_hash_table_add (old_formation_ids, (gpointer) f->id);
      if (!g_hash_table_contains (ps->formation_line, f->id))
        {
          g_ptr_array_add (self->removed_formations, (gpointer) f->id);
          self->summary.formations_removed++;
        }
    }
  for (guint i = 0; i < old_units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (old_units, i);
      const char *id = wb_unit_get_id (u);

      g_hash_table_add (old_unit_ids, (gpointer) id);
      if (!g_hash_table_contains (ps->unit_line, id))
        {
          g_autofree char *use = unit_use (game, id);

          g_ptr_array_add (self->removed_units, (gpointer) id);
          self->summary.units_removed++;
          if (use != NULL)
            add_issue (self, 0, NULL, WB_OOB_CSV_ERROR_IN_USE,
                       _("unit “%s” is not in the CSV, but %s: keep its row, or take it out of "
                         "the scenario first"), id, use);
        }
    }

  for (guint i = 0; i < self->formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (self->formations, i);
      g_hash_table_insert (new_formations, (gpointer) f->id, f);
    }
  for (guint i = 0; i < self->units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (self->units, i);
      g_hash_table_insert (new_units, (gpointer) wb_unit_get_id (u), u);
    }
  for (guint r = 0; r < self->rows->len; r++)
    {
      WbOobCsvRow *row = &g_array_index (self->rows, WbOobCsvRow, r);

      if (row->id == NULL)
        continue;
      if (row->kind == WB_OOB_CSV_FORMATION)
        {
          WbFormation *old = wb_game_find_formation (game, row->id);
          WbFormation *now = g_hash_table_lookup (new_formations, row->id);

          if (old == NULL)
            row->change = WB_OOB_CSV_ADDED;
          else if (now != NULL && !formations_equal (old, now))
            row->change = WB_OOB_CSV_CHANGED;
        }
      else
        {
          WbUnit *old = wb_game_find_unit (game, row->id);
          WbUnit *now = g_hash_table_lookup (new_units, row->id);

          if (old == NULL)
            row->change = WB_OOB_CSV_ADDED;
          else if (now != NULL && !units_equal (old, now))
            row->change = WB_OOB_CSV_CHANGED;
        }
    }
  for (guint r = 0; r < self->rows->len; r++)
    {
      WbOobCsvRow *row = &g_array_index (self->rows, WbOobCsvRow, r);
      gboolean formation = row->kind == WB_OOB_CSV_FORMATION;

      if (row->change == WB_OOB_CSV_ADDED)
        (*(formation ? &self->summary.formations_added : &self->summary.units_added))++;
      else if (row->change == WB_OOB_CSV_CHANGED)
        (*(formation ? &self->summary.formations_changed : &self->summary.units_changed))++;
    }
  self->summary.reordered =
    order_differs (old_formations, self->formations, ps->formation_line, old_formation_ids,
                   formation_id_of) ||
    order_differs (old_units, self->units, ps->unit_line, old_unit_ids, unit_id_of);
}

/**
 * wb_oob_csv_parse:
 * @game: the game whose OOB the CSV replaces (its sides, classes and
 *   scenarios are what rows are checked against)
 * @text: the CSV text
 * @len: its length in bytes, or -1 if NUL-terminated
 * @error: return location for an error
 *
 * Reads an OOB CSV. See wb-oob-csv.h.
 *
 * Returns: (transfer full): the result, or %NULL with @error set when the
 *   text is too large, not UTF-8 or not CSV at all
 */
WbOobCsvImport *
wb_oob_csv_parse (WbGame      *game,
                  const char  *text,
                  gssize       len,
                  GError     **error)
{
  g_autoptr(WbOobCsvImport) self = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GStringChunk) texts = NULL;
  const char *bad;
  Parser ps = { 0 };
  gsize n;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL)
    text = "";
  n = len < 0 ? strlen (text) : (gsize) len;
  if (n > WB_OOB_CSV_MAX_SIZE)
    {
      g_set_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE,
                   _("The CSV is %zu bytes; at most %d are read"),
                   n, WB_OOB_CSV_MAX_SIZE);
      return NULL;
    }
  if (!g_utf8_validate (text, n, &bad))
    {
      guint line = 1;
      for (const char *p = text; p < bad; p++)
        line += *p == '\n';
      g_set_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_ENCODING,
                   _("line %u: the text is not UTF-8 (save the CSV as UTF-8)"), line);
      return NULL;
    }
  records = g_ptr_array_new_with_free_func (record_free);
  texts = g_string_chunk_new (64 * 1024);
  if (!split_records (text, n, records, texts, error))
    return NULL;
  if (records->len == 0)
    {
      g_set_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_SYNTAX,
                   _("The CSV is empty: expected a header row and a row per formation and unit"));
      return NULL;
    }

  self = g_object_new (WB_TYPE_OOB_CSV_IMPORT, NULL);
  ps.self = self;
  ps.game = game;
  ps.columns = g_array_new (FALSE, TRUE, sizeof (Column));
  ps.formation_line = g_hash_table_new (NULL, NULL);
  ps.formation_side = g_hash_table_new (NULL, NULL);
  ps.unit_line = g_hash_table_new (NULL, NULL);
  ps.unit_refs = g_array_new (FALSE, FALSE, sizeof (UnitRef));

  if (parse_header (&ps, g_ptr_array_index (records, 0)) ||
      (ps.fixed_at[COL_KIND] >= 0 && ps.fixed_at[COL_ID] >= 0 && ps.fixed_at[COL_SIDE] >= 0 &&
       ps.fixed_at[COL_CLASS] >= 0 && ps.fixed_at[COL_STRENGTH] >= 0))
    {
      g_autoptr(GHashTable) dropped = g_hash_table_new (NULL, NULL);   /* unit indexes */
      guint n_units = 0, n_formations = 0;

      for (guint r = 1; r < records->len; r++)
        {
          Record *rec = g_ptr_array_index (records, r);
          WbOobCsvRow row = { rec->line, WB_OOB_CSV_UNIT, NULL, WB_OOB_CSV_UNCHANGED };
          const char *kind;

          ps.row = rec;
          ps.row_ok = TRUE;
          if (rec->cells->len != ps.columns->len)
            {
              add_issue (self, rec->line, NULL, WB_OOB_CSV_ERROR_SYNTAX,
                         _("%u cells, expected %u (one per column of the header)"),
                         rec->cells->len, ps.columns->len);
              continue;
            }
          kind = fixed_text (&ps, COL_KIND);
          if (kind == NULL || kind[0] == '\0')
            {
              row_issue (&ps, COL_KIND, WB_OOB_CSV_ERROR_MISSING, _("expected unit or formation"));
              continue;
            }
          if (g_ascii_strcasecmp (kind, "formation") == 0)
            {
              row.kind = WB_OOB_CSV_FORMATION;
              if (++n_formations > WB_GAME_MAX_UNITS)
                {
                  row_issue (&ps, COL_KIND, WB_OOB_CSV_ERROR_TOO_LARGE,
                             _("more than %d formations"), WB_GAME_MAX_UNITS);
                  break;
                }
              parse_formation_row (&ps);
            }
          else if (g_ascii_strcasecmp (kind, "unit") == 0)
            {
              if (++n_units > WB_GAME_MAX_UNITS)
                {
                  row_issue (&ps, COL_KIND, WB_OOB_CSV_ERROR_TOO_LARGE,
                             _("more than %d units"), WB_GAME_MAX_UNITS);
                  break;
                }
              parse_unit_row (&ps);
            }
          else
            {
              row_issue (&ps, COL_KIND, WB_OOB_CSV_ERROR_VALUE,
                         _("expected unit or formation, found “%s”"), kind);
              continue;
            }
          {
            const char *id = fixed_text (&ps, COL_ID);
            row.id = id != NULL && valid_id (id) ? g_intern_string (id) : NULL;
          }
          g_array_append_val (self->rows, row);
        }

      /* Units may name formations on any line. */
      for (guint i = 0; i < ps.unit_refs->len; i++)
        {
          UnitRef *ref = &g_array_index (ps.unit_refs, UnitRef, i);
          gpointer side;

          if (!g_hash_table_lookup_extended (ps.formation_side, ref->formation, NULL, &side))
            add_issue (self, ref->line, fixed_columns[COL_FORMATION], WB_OOB_CSV_ERROR_REFERENCE,
                       _("no formation “%s” in the CSV"), ref->formation);
          else if (ref->unit_side != NULL && side != NULL && side != ref->unit_side)
            add_issue (self, ref->line, fixed_columns[COL_FORMATION], WB_OOB_CSV_ERROR_REFERENCE,
                       _("formation “%s” belongs to side “%s”, not “%s”"),
                       ref->formation, (const char *) side, ref->unit_side);
          else
            continue;
          if (ref->unit_index != G_MAXSIZE)
            g_hash_table_add (dropped, GSIZE_TO_POINTER (ref->unit_index));
        }
      for (guint i = self->units->len; i-- > 0;)
        if (g_hash_table_contains (dropped, GSIZE_TO_POINTER ((gsize) i)))
          g_ptr_array_remove_index (self->units, i);

      compare_with_game (&ps);
    }

  g_array_sort (self->issues, compare_issues);
  if (self->n_unlisted > 0)
    {
      WbOobCsvIssue more = { 0, NULL, WB_OOB_CSV_ERROR_TOO_LARGE, NULL };
      more.code = g_array_index (self->issues, WbOobCsvIssue, 0).code;
      more.message = g_strdup_printf (_("… and %u more problems"), self->n_unlisted);
      g_array_append_val (self->issues, more);
    }

  g_array_unref (ps.columns);
  g_hash_table_unref (ps.formation_line);
  g_hash_table_unref (ps.formation_side);
  g_hash_table_unref (ps.unit_line);
  g_array_unref (ps.unit_refs);
  return g_steal_pointer (&self);
}

guint
wb_oob_csv_import_get_n_issues (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), 0);
  return self->issues->len;
}

const WbOobCsvIssue *
wb_oob_csv_import_get_issue (WbOobCsvImport *self,
                             guint           index)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  g_return_val_if_fail (index < self->issues->len, NULL);
  return &g_array_index (self->issues, WbOobCsvIssue, index);
}

/**
 * wb_oob_csv_import_check:
 * @self: a parse result
 * @error: return location for the problems
 *
 * Returns: %TRUE when the CSV has no problem; otherwise %FALSE with a
 *   WB_OOB_CSV_ERROR whose code is the first problem's and whose message
 *   lists every problem, one per line
 */
gboolean
wb_oob_csv_import_check (WbOobCsvImport  *self,
                         GError         **error)
{
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), FALSE);

  if (self->issues->len == 0)
    return TRUE;
  text = g_string_new (NULL);
  for (guint i = 0; i < self->issues->len; i++)
    {
      g_autofree char *line = wb_oob_csv_issue_to_string (&g_array_index (self->issues, WbOobCsvIssue, i));
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, line);
    }
  g_set_error_literal (error, WB_OOB_CSV_ERROR, g_array_index (self->issues, WbOobCsvIssue, 0).code,
                       text->str);
  return FALSE;
}

guint
wb_oob_csv_import_get_n_rows (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), 0);
  return self->rows->len;
}

const WbOobCsvRow *
wb_oob_csv_import_get_row (WbOobCsvImport *self,
                           guint           index)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);
  return &g_array_index (self->rows, WbOobCsvRow, index);
}

GPtrArray *
wb_oob_csv_import_get_removed_formations (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  return self->removed_formations;
}

GPtrArray *
wb_oob_csv_import_get_removed_units (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  return self->removed_units;
}

void
wb_oob_csv_import_get_summary (WbOobCsvImport  *self,
                               WbOobCsvSummary *summary)
{
  g_return_if_fail (WB_IS_OOB_CSV_IMPORT (self));
  g_return_if_fail (summary != NULL);
  *summary = self->summary;
}

gboolean
wb_oob_csv_import_is_noop (WbOobCsvImport *self)
{
  const WbOobCsvSummary *s;

  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), FALSE);
  s = &self->summary;
  return self->issues->len == 0 && !s->reordered && s->formations_added == 0 &&
         s->formations_changed == 0 && s->formations_removed == 0 && s->units_added == 0 &&
         s->units_changed == 0 && s->units_removed == 0;
}

GPtrArray *
wb_oob_csv_import_get_formations (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  return self->formations;
}

GPtrArray *
wb_oob_csv_import_get_units (WbOobCsvImport *self)
{
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (self), NULL);
  return self->units;
}

/* ---- the import command -------------------------------------------------- */

/* Copies everything but the id from @src to @dst, the way the game file
 * would carry it (default name and designation as NULL, attributes in
 * @src's order). */
static void
unit_copy_into (WbUnit *dst,
                WbUnit *src)
{
  const char *name = wb_unit_get_name (src);
  const char *designation = wb_unit_get_designation (src);
  g_autoptr(GPtrArray) old_ids = g_ptr_array_copy (wb_unit_get_attr_ids (dst), NULL, NULL);
  GPtrArray *ids = wb_unit_get_attr_ids (src);

  wb_unit_set_name (dst, g_strcmp0 (name, wb_unit_get_id (src)) != 0 ? name : NULL);
  wb_unit_set_designation (dst, g_strcmp0 (designation, name) != 0 ? designation : NULL);
  wb_unit_set_side (dst, wb_unit_get_side (src));
  wb_unit_set_class_id (dst, wb_unit_get_class_id (src));
  wb_unit_set_formation (dst, wb_unit_get_formation (src));
  wb_unit_set_size (dst, wb_unit_get_size (src));
  wb_unit_set_note (dst, wb_unit_get_note (src));
  wb_unit_set_strength (dst, wb_unit_get_strength (src));
  for (guint i = 0; i < old_ids->len; i++)
    wb_unit_set_attr (dst, g_ptr_array_index (old_ids, i), NULL);
  for (guint i = 0; i < ids->len; i++)
    wb_unit_set_attr (dst, g_ptr_array_index (ids, i), wb_unit_get_attr (src, g_ptr_array_index (ids, i)));
}

static WbUnit *
unit_clone (WbUnit *src)
{
  WbUnit *u = wb_unit_new (wb_unit_get_id (src));

  unit_copy_into (u, src);
  return u;
}

static WbFormation *
formation_copy (const WbFormation *src)
{
  WbFormation *f = wb_formation_new (src->id);

  f->name = g_strdup (src->name);
  f->echelon = g_strdup (src->echelon);
  f->side = src->side;
  f->parent = src->parent;
  f->color = g_strdup (src->color);
  return f;
}

typedef struct {
  WbUnit *live;     /* the game's unit, updated in place */
  WbUnit *before;
  WbUnit *after;
} UnitChange;

static void
unit_change_clear (gpointer data)
{
  UnitChange *c = data;

  g_object_unref (c->live);
  g_object_unref (c->before);
  g_object_unref (c->after);
}

#define WB_TYPE_IMPORT_OOB_COMMAND (wb_import_oob_command_get_type ())
G_DECLARE_FINAL_TYPE (WbImportOobCommand, wb_import_oob_command, WB, IMPORT_OOB_COMMAND, WbCommand)

struct _WbImportOobCommand
{
  WbCommand       parent_instance;

  WbGame         *game;
  WbOobCsvImport *import;
  gboolean        built;
  /* The OOB that is not in the game: the new one before apply, the old one
   * after (wb_game_swap_oob () exchanges them). */
  GPtrArray      *formations;
  GPtrArray      *units;
  GArray         *changes;   /* UnitChange */
};

G_DEFINE_FINAL_TYPE (WbImportOobCommand, wb_import_oob_command, WB_TYPE_COMMAND)

/* Checks that the game still fits the import: what parsing checked
 * against may have changed since. */
static gboolean
check_game (WbImportOobCommand  *self,
            GError             **error)
{
  WbOobCsvImport *import = self->import;
  GPtrArray *units = wb_oob_csv_import_get_units (import);
  GPtrArray *formations = wb_oob_csv_import_get_formations (import);
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  GPtrArray *game_units = wb_game_get_units (self->game);

  if (import->issues->len > 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   ngettext ("The order of battle to import has %u problem",
                             "The order of battle to import has %u problems", import->issues->len),
                   import->issues->len);
      return FALSE;
    }
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      if (wb_game_find_side (self->game, f->side) == NULL)
        goto changed;
    }
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      WbUnitType *klass = wb_game_find_unit_class (self->game, wb_unit_get_class_id (u));
      GPtrArray *ids = wb_unit_get_attr_ids (u);

      g_hash_table_add (kept, (gpointer) wb_unit_get_id (u));
      if (klass == NULL || wb_game_find_side (self->game, wb_unit_get_side (u)) == NULL)
        goto changed;
      for (guint j = 0; j < ids->len; j++)
        {
          WbAttrDef *def = wb_unit_type_find_attr (klass, g_ptr_array_index (ids, j));
          if (def == NULL || def->type != wb_unit_get_attr (u, def->id)->type)
            goto changed;
        }
    }
  for (guint i = 0; i < game_units->len; i++)
    {
      const char *id = wb_unit_get_id (g_ptr_array_index (game_units, i));
      g_autofree char *use = NULL;

      if (g_hash_table_contains (kept, id) || (use = unit_use (self->game, id)) == NULL)
        continue;
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unit “%s” would be removed, but %s"), id, use);
      return FALSE;
    }
  return TRUE;

changed:
  g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("The game’s sides or unit classes changed since the CSV was read: "
                         "read it again"));
  return FALSE;
}

static void
build (WbImportOobCommand *self)
{
  GPtrArray *formations = wb_oob_csv_import_get_formations (self->import);
  GPtrArray *units = wb_oob_csv_import_get_units (self->import);

  for (guint i = 0; i < formations->len; i++)
    g_ptr_array_add (self->formations, formation_copy (g_ptr_array_index (formations, i)));
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *now = g_ptr_array_index (units, i);
      WbUnit *live = wb_game_find_unit (self->game, wb_unit_get_id (now));

      if (live == NULL)
        {
          g_ptr_array_add (self->units, unit_clone (now));
          continue;
        }
      g_ptr_array_add (self->units, g_object_ref (live));
      if (!units_equal (live, now))
        {
          UnitChange change = { g_object_ref (live), unit_clone (live), unit_clone (now) };
          g_array_append_val (self->changes, change);
        }
    }
  self->built = TRUE;
}

static void
notify_game (WbImportOobCommand *self)
{
  wb_game_changed (self->game, "formations");
  wb_game_changed (self->game, "units");
}

static gboolean
wb_import_oob_command_apply (WbCommand  *command,
                             GError    **error)
{
  WbImportOobCommand *self = WB_IMPORT_OOB_COMMAND (command);

  if (!check_game (self, error))
    return FALSE;
  if (!self->built)
    build (self);
  wb_game_swap_oob (self->game, &self->formations, &self->units);
  for (guint i = 0; i < self->changes->len; i++)
    {
      UnitChange *c = &g_array_index (self->changes, UnitChange, i);
      unit_copy_into (c->live, c->after);
    }
  notify_game (self);
  return TRUE;
}

static void
wb_import_oob_command_revert (WbCommand *command)
{
  WbImportOobCommand *self = WB_IMPORT_OOB_COMMAND (command);

  for (guint i = self->changes->len; i-- > 0;)
    {
      UnitChange *c = &g_array_index (self->changes, UnitChange, i);
      unit_copy_into (c->live, c->before);
    }
  wb_game_swap_oob (self->game, &self->formations, &self->units);
  notify_game (self);
}

static void
wb_import_oob_command_finalize (GObject *object)
{
  WbImportOobCommand *self = WB_IMPORT_OOB_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->import);
  g_ptr_array_unref (self->formations);
  g_ptr_array_unref (self->units);
  g_array_unref (self->changes);
  G_OBJECT_CLASS (wb_import_oob_command_parent_class)->finalize (object);
}

static void
wb_import_oob_command_class_init (WbImportOobCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_import_oob_command_finalize;
  command_class->apply = wb_import_oob_command_apply;
  command_class->revert = wb_import_oob_command_revert;
}

static void
wb_import_oob_command_init (WbImportOobCommand *self)
{
  self->formations = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_formation_free);
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
  self->changes = g_array_new (FALSE, FALSE, sizeof (UnitChange));
  g_array_set_clear_func (self->changes, unit_change_clear);
}

/**
 * wb_command_import_oob_new:
 * @game: the game
 * @import: a parse result for @game without problems
 *
 * Returns: (transfer full): a command that replaces @game's order of battle
 *   with @import's; see wb-oob-csv.h
 */
WbCommand *
wb_command_import_oob_new (WbGame         *game,
                           WbOobCsvImport *import)
{
  WbImportOobCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_OOB_CSV_IMPORT (import), NULL);

  self = g_object_new (WB_TYPE_IMPORT_OOB_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->import = g_object_ref (import);
  wb_command_set_label (WB_COMMAND (self), _("Import order of battle"));
  return WB_COMMAND (self);
}
