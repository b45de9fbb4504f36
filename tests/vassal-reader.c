/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-vassal"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "vassal-reader.h"

/* --- VASSAL's SequenceEncoder.Decoder -------------------------------------- */


void
dec_init (Decoder    *d,
          const char *value,
          char        delim)
{
  d->val = value != NULL ? g_strdup (value) : NULL;
  d->delim = delim;
}

void
dec_clear (Decoder *d)
{
  g_clear_pointer (&d->val, g_free);
}

gboolean
dec_more (Decoder *d)
{
  return d->val != NULL;
}

/* SequenceEncoder.Decoder.nextToken (), as the Java reads: a delimiter
 * after a backslash belongs to the token (the backslash is dropped), and a
 * token in single quotes loses them. */
char *
dec_next (Decoder *d)
{
  GString *buf;
  char *value;
  const char *val;
  const char *i;

  g_assert (d->val != NULL);
  val = d->val;
  i = strchr (val, d->delim);
  if (i == NULL)
    {
      value = d->val;
      d->val = NULL;
    }
  else
    {
      gssize begin = 0, end = i - val;
      gssize len = (gssize) strlen (val);
      char *rest;

      buf = g_string_new (NULL);
      while (begin < end)
        {
          if (val[end - 1] == '\\')
            {
              const char *next;

              g_string_append_len (buf, val + begin, end - 1 - begin);
              begin = end;
              next = strchr (val + end + 1, d->delim);
              end = next != NULL ? next - val : -1;
            }
          else
            break;
        }
      if (end < 0)
        {
          g_string_append (buf, val + begin);
          rest = NULL;
        }
      else
        {
          g_string_append_len (buf, val + begin, end - begin);
          rest = end >= len - 1 ? g_strdup ("") : g_strdup (val + end + 1);
        }
      g_free (d->val);
      d->val = rest;
      value = g_string_free (buf, FALSE);
    }
  if (value[0] == '\'' && strlen (value) > 1 && value[strlen (value) - 1] == '\'')
    {
      char *unquoted = g_strndup (value + 1, strlen (value) - 2);

      g_free (value);
      value = unquoted;
    }
  return value;
}

/* All the tokens of @value. */
GPtrArray *
dec_split (const char *value,
           char        delim)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  Decoder d;

  dec_init (&d, value, delim);
  while (dec_more (&d))
    g_ptr_array_add (out, dec_next (&d));
  dec_clear (&d);
  return out;
}

/* A Decorator chain's type or state: each trait's own part, outermost
 * first, then the BasicPiece's. */
GPtrArray *
dec_traits (const char *value)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  char *rest = g_strdup (value);

  while (rest != NULL)
    {
      Decoder d;

      dec_init (&d, rest, '\t');
      g_free (rest);
      g_ptr_array_add (out, dec_next (&d));
      rest = dec_more (&d) ? dec_next (&d) : NULL;
      dec_clear (&d);
    }
  return out;
}

/* --- a little DOM of buildFile.xml ----------------------------------------- */


void
node_free (Node *n)
{
  g_free (n->name);
  g_hash_table_unref (n->attrs);
  g_ptr_array_unref (n->children);
  g_string_free (n->text, TRUE);
  g_free (n);
}

Node *
node_new (const char *name)
{
  Node *n = g_new0 (Node, 1);

  n->name = g_strdup (name);
  n->attrs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  n->children = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  n->text = g_string_new (NULL);
  return n;
}

void
dom_start (GMarkupParseContext  *context,
           const char           *element,
           const char          **names,
           const char          **values,
           gpointer              user_data,
           GError              **error)
{
  Node **cur = user_data;
  Node *n = node_new (element);

  for (int i = 0; names[i] != NULL; i++)
    g_hash_table_insert (n->attrs, g_strdup (names[i]), g_strdup (values[i]));
  n->parent = *cur;
  g_ptr_array_add ((*cur)->children, n);
  *cur = n;
}

void
dom_end (GMarkupParseContext  *context,
         const char           *element,
         gpointer              user_data,
         GError              **error)
{
  Node **cur = user_data;

  *cur = (*cur)->parent;
}

void
dom_text (GMarkupParseContext  *context,
          const char           *text,
          gsize                 len,
          gpointer              user_data,
          GError              **error)
{
  Node **cur = user_data;

  g_string_append_len ((*cur)->text, text, (gssize) len);
}

Node *
dom_parse (const char *xml,
           gsize       len)
{
  static const GMarkupParser parser = { dom_start, dom_end, dom_text, NULL, NULL };
  Node *root = node_new ("#document");
  Node *cur = root;
  g_autoptr(GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &cur, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_markup_parse_context_parse (ctx, xml, (gssize) len, &error) ||
      !g_markup_parse_context_end_parse (ctx, &error))
    ck_abort_msg ("buildFile.xml does not parse: %s", error->message);
  return root;
}

void
dom_find_all (Node       *n,
              const char *name,
              GPtrArray  *out)
{
  for (guint i = 0; i < n->children->len; i++)
    {
      Node *c = g_ptr_array_index (n->children, i);

      if (strcmp (c->name, name) == 0)
        g_ptr_array_add (out, c);
      dom_find_all (c, name, out);
    }
}

Node *
dom_find (Node       *n,
          const char *name)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  dom_find_all (n, name, all);
  return all->len > 0 ? g_ptr_array_index (all, 0) : NULL;
}

const char *
attr (Node       *n,
      const char *name)
{
  return g_hash_table_lookup (n->attrs, name);
}

int
attr_int (Node       *n,
          const char *name)
{
  const char *v = attr (n, name);

  return v != NULL ? atoi (v) : 0;
}

/* --- VASSAL's hex grid and numbering (HexGrid, HexGridNumbering,
 * RegularGridNumbering), from the module's attributes -------------------- */


void
vgrid_read (Node  *grid,
            VGrid *g)
{
  Node *num = dom_find (grid, "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering");

  memset (g, 0, sizeof *g);
  g->sideways = g_strcmp0 (attr (grid, "sideways"), "true") == 0;
  g->dx = g_ascii_strtod (attr (grid, "dx"), NULL);
  g->dy = g_ascii_strtod (attr (grid, "dy"), NULL);
  g->x0 = attr_int (grid, "x0");
  g->y0 = attr_int (grid, "y0");
  g->numbered = num != NULL;
  if (num == NULL)
    return;
  g->stagger = g_strcmp0 (attr (num, "stagger"), "true") == 0;
  g->first = attr (num, "first")[0];
  g->h_type = attr (num, "hType")[0];
  g->v_type = attr (num, "vType")[0];
  g->h_leading = attr_int (num, "hLeading");
  g->v_leading = attr_int (num, "vLeading");
  g->h_off = attr_int (num, "hOff");
  g->v_off = attr_int (num, "vOff");
  g->sep = attr (num, "sep");
}

/* Java's Math.round (double). */
int
jround (double v)
{
  return (int) floor (v + 0.5);
}

void
vgrid_center (const VGrid *g,
              int          col,
              int          row,
              int         *x,
              int         *y)
{
  int px, py;

  if (g->stagger && col % 2 != 0)
    row--;
  px = (int) (col * g->dx) + g->x0;
  py = col % 2 == 0 ? (int) (row * g->dy) : (int) (row * g->dy + g->dy / 2);
  py += g->y0;
  *x = g->sideways ? py : px;
  *y = g->sideways ? px : py;
}

/* HexGrid.snapToHex () (snapScale 0): the lattice point nearest (@x, @y),
 * whatever the numbering. */
void
vgrid_snap (const VGrid *g,
            int          x,
            int          y,
            int         *sx,
            int         *sy)
{
  int px = g->sideways ? y : x, py = g->sideways ? x : y;
  int nx = (int) floor ((px - g->x0 + g->dx / 2) / g->dx);
  int hx = (int) (g->dx * nx + g->x0);
  int hy = nx % 2 == 0 ? (int) (g->dy * (int) floor ((py - g->y0 + g->dy / 2) / g->dy) + g->y0)
                       : (int) (g->dy * (int) floor ((py - g->y0) / g->dy) + (int) (g->dy / 2) + g->y0);

  *sx = g->sideways ? hy : hx;
  *sy = g->sideways ? hx : hy;
}

int
vgrid_raw_column (const VGrid *g,
                  int          x,
                  int          y)
{
  int px = g->sideways ? y : x;

  return (int) floor ((px - g->x0) / g->dx + 0.5);
}

int
vgrid_raw_row (const VGrid *g,
               int          x,
               int          y)
{
  int px = g->sideways ? y : x, py = g->sideways ? x : y;
  int nx = jround ((px - g->x0) / g->dx);

  return nx % 2 == 0 ? jround ((py - g->y0) / g->dy) : jround ((py - g->y0 - g->dy / 2) / g->dy);
}

char *
vname (int  v,
       char type,
       int  leading)
{
  GString *s = g_string_new (v < 0 ? "-" : "");

  v = abs (v);
  if (type == 'A')
    {
      do
        {
          g_string_append_c (s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v % 26]);
          v -= 26;
        }
      while (v >= 0);
      return g_string_free (s, FALSE);
    }
  while (leading > 0 && v < pow (10.0, leading--))
    g_string_append_c (s, '0');
  g_string_append_printf (s, "%d", v);
  return g_string_free (s, FALSE);
}

char *
vgrid_location_name (const VGrid *g,
                     int          x,
                     int          y)
{
  int col = vgrid_raw_column (g, x, y);
  int row = vgrid_raw_row (g, x, y);
  g_autofree char *rn = NULL, *cn = NULL;

  if (g->stagger && col % 2 != 0)
    row++;
  rn = vname (row + g->v_off, g->v_type, g->v_leading);
  cn = vname (col + g->h_off, g->h_type, g->h_leading);
  return g->first == 'H' ? g_strconcat (cn, g->sep, rn, NULL) : g_strconcat (rn, g->sep, cn, NULL);
}

/* getMatchingPattern (): "-?(A+|B+|…)" or "-?[0-9]{leading+1,}". */
gboolean
vmatch (const char *s,
        gsize       len,
        char        type,
        int         leading)
{
  gsize i = 0;

  if (i < len && s[i] == '-')
    i++;
  if (i >= len)
    return FALSE;
  if (type == 'A')
    {
      if (!g_ascii_isupper (s[i]))
        return FALSE;
      for (gsize k = i; k < len; k++)
        if (s[k] != s[i])
          return FALSE;
      return TRUE;
    }
  if (len - i < (gsize) leading + 1)
    return FALSE;
  for (gsize k = i; k < len; k++)
    if (!g_ascii_isdigit (s[k]))
      return FALSE;
  return TRUE;
}

int
vparse (const char *s,
        gsize       len,
        char        type)
{
  int value = 0;
  gsize i = 0;
  gboolean negative = FALSE;

  if (type != 'A')
    {
      g_autofree char *t = g_strndup (s, len);

      return atoi (t);
    }
  if (len > 0 && s[0] == '-')
    {
      negative = TRUE;
      i++;
    }
  for (; i < len && g_ascii_isupper (s[i]); i++)
    value += i < len - 1 ? 26 : s[i] - 'A';
  return negative ? -value : value;
}

/* RegularGridNumbering.getLocation () with the format $gridLocation$: the
 * two groups matched greedily (the first as long as the second still
 * matches), then getCenterPoint (). */
gboolean
vgrid_get_location (const VGrid *g,
                    const char  *name,
                    int         *x,
                    int         *y)
{
  gsize len = strlen (name), sep = strlen (g->sep);
  char t1 = g->first == 'H' ? g->h_type : g->v_type, t2 = g->first == 'H' ? g->v_type : g->h_type;
  int l1 = g->first == 'H' ? g->h_leading : g->v_leading, l2 = g->first == 'H' ? g->v_leading : g->h_leading;

  for (gsize n = len; n > 0; n--)
    {
      int a, b, col, row;

      if (n + sep > len || strncmp (name + n, g->sep, sep) != 0)
        continue;
      if (!vmatch (name, n, t1, l1) || !vmatch (name + n + sep, len - n - sep, t2, l2))
        continue;
      a = vparse (name, n, t1);
      b = vparse (name + n + sep, len - n - sep, t2);
      col = g->first == 'H' ? a : b;
      row = g->first == 'H' ? b : a;
      vgrid_center (g, col - g->h_off, row - g->v_off, x, y);
      return TRUE;
    }
  return FALSE;
}
