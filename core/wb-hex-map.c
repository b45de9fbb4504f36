/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-hex-map"
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "wb-hex-map.h"
#include "wb-util-private.h"

typedef struct
{
  char      *label;
  GPtrArray *features;   /* interned const char* */
} HexDetail;

struct _WbHexMap
{
  WbMap        parent_instance;

  WbHexLayout  layout;
  int          cols, rows;
  double       hex_size;
  double       printed_hex_size;
  WbHexNumbering numbering;

  const char **terrain;     /* cols × rows, interned */
  gint16      *elevation;   /* NULL until a level is set */
  GHashTable  *details;     /* index → HexDetail */
  GHashTable  *sides;       /* packed canonical hexside → GPtrArray of interned ids */
  GPtrArray   *marks;
};

G_DEFINE_FINAL_TYPE (WbHexMap, wb_hex_map, WB_TYPE_MAP)

static void
hex_detail_free (HexDetail *d)
{
  g_free (d->label);
  g_clear_pointer (&d->features, g_ptr_array_unref);
  g_free (d);
}

WbMapMark *
wb_map_mark_new (const char *id)
{
  WbMapMark *mark = g_new0 (WbMapMark, 1);
  mark->id = g_intern_string (id);
  mark->hexes = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  return mark;
}

void
wb_map_mark_free (WbMapMark *mark)
{
  if (mark == NULL)
    return;
  g_free (mark->name);
  g_free (mark->kind);
  g_array_unref (mark->hexes);
  g_free (mark->note);
  g_free (mark);
}

/* Canonical hexsides may name a hex one step outside the map (-1 or cols). */
static guint
side_key (WbHexside s)
{
  return (((guint) (s.hex.col + 1) * 2048u) + (guint) (s.hex.row + 1)) * 4u + (guint) s.dir;
}

static WbHexside
side_from_key (guint key)
{
  WbHexside s;

  s.dir = (int) (key % 4u);
  key /= 4u;
  s.hex.row = (int) (key % 2048u) - 1;
  s.hex.col = (int) (key / 2048u) - 1;
  return s;
}

static WbMapKind
wb_hex_map_get_kind_impl (WbMap *map)
{
  return WB_MAP_KIND_HEX;
}

static void
wb_hex_map_get_extent_impl (WbMap *map, double *width, double *height)
{
  WbHexMap *self = WB_HEX_MAP (map);

  wb_hex_map_extent (self->layout, self->hex_size, self->cols, self->rows, width, height);
}

static void
wb_hex_map_finalize (GObject *object)
{
  WbHexMap *self = WB_HEX_MAP (object);

  g_free (self->terrain);
  g_free (self->elevation);
  g_hash_table_unref (self->details);
  g_hash_table_unref (self->sides);
  g_ptr_array_unref (self->marks);
  G_OBJECT_CLASS (wb_hex_map_parent_class)->finalize (object);
}

static void
wb_hex_map_class_init (WbHexMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbMapClass *map_class = WB_MAP_CLASS (klass);

  object_class->finalize = wb_hex_map_finalize;
  map_class->get_kind = wb_hex_map_get_kind_impl;
  map_class->get_extent = wb_hex_map_get_extent_impl;
}

static void
wb_hex_map_init (WbHexMap *self)
{
  self->hex_size = 30.0;
  self->numbering = (WbHexNumbering) { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 };
  self->details = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) hex_detail_free);
  self->sides = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->marks = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_mark_free);
}

WbHexMap *
wb_hex_map_new (const char  *id,
                WbHexLayout  layout,
                int          cols,
                int          rows,
                const char  *default_terrain)
{
  WbHexMap *self;
  const char *terrain;
  gsize n;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (cols >= 1 && cols <= WB_HEX_MAP_MAX_DIM, NULL);
  g_return_val_if_fail (rows >= 1 && rows <= WB_HEX_MAP_MAX_DIM, NULL);
  g_return_val_if_fail (default_terrain != NULL, NULL);

  self = g_object_new (WB_TYPE_HEX_MAP, "id", id, NULL);
  self->layout = layout;
  self->cols = cols;
  self->rows = rows;
  n = (gsize) cols * (gsize) rows;
  self->terrain = g_new (const char *, n);
  terrain = g_intern_string (default_terrain);
  for (gsize i = 0; i < n; i++)
    self->terrain[i] = terrain;
  wb_hex_numbering_fit (&self->numbering, layout, cols, rows);
  return self;
}

WbHexLayout
wb_hex_map_get_layout (WbHexMap *self)
{
  WbHexLayout none = { 0 };

  g_return_val_if_fail (WB_IS_HEX_MAP (self), none);
  return self->layout;
}

int
wb_hex_map_get_cols (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), 0);
  return self->cols;
}

int
wb_hex_map_get_rows (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), 0);
  return self->rows;
}

gboolean
wb_hex_map_contains (WbHexMap *self, WbOffset hex)
{
  return hex.col >= 0 && hex.row >= 0 && hex.col < self->cols && hex.row < self->rows;
}

static inline gsize
index_of (WbHexMap *self, WbOffset hex)
{
  return (gsize) hex.row * (gsize) self->cols + (gsize) hex.col;
}

double
wb_hex_map_get_hex_size (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), 0);
  return self->hex_size;
}

void
wb_hex_map_set_hex_size (WbHexMap *self, double size)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  self->hex_size = CLAMP (size, 4.0, 500.0);
}

double
wb_hex_map_get_printed_hex_size (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), 0);

  return self->printed_hex_size;
}

void
wb_hex_map_set_printed_hex_size (WbHexMap *self, double size)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));

  self->printed_hex_size = size > 0 && isfinite (size) ? size : 0;
}

void
wb_hex_map_set_numbering (WbHexMap *self, int first_col, int first_row, int digits)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (digits >= 1 && digits <= 4);
  self->numbering.first_col = first_col;
  self->numbering.first_row = first_row;
  self->numbering.digits = digits;
}

void
wb_hex_map_get_numbering (WbHexMap *self, int *first_col, int *first_row, int *digits)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  if (first_col)
    *first_col = self->numbering.first_col;
  if (first_row)
    *first_row = self->numbering.first_row;
  if (digits)
    *digits = self->numbering.digits;
}

void
wb_hex_map_get_hex_numbering (WbHexMap *self, WbHexNumbering *numbering)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (numbering != NULL);
  *numbering = self->numbering;
}

void
wb_hex_map_set_hex_numbering (WbHexMap *self, const WbHexNumbering *numbering)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (numbering != NULL);
  g_return_if_fail (numbering->scheme <= WB_HEX_NUMBERING_MIXED);
  g_return_if_fail (numbering->digits >= 1 && numbering->digits <= 4);
  if (self->numbering.scheme == numbering->scheme && self->numbering.oblique == numbering->oblique &&
      self->numbering.first_col == numbering->first_col &&
      self->numbering.first_row == numbering->first_row && self->numbering.digits == numbering->digits)
    return;
  self->numbering = *numbering;
  wb_map_changed (WB_MAP (self));
}

void
wb_hex_map_format_hex (WbHexMap *self, WbOffset hex, char *buf, gsize len)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  wb_hex_numbering_format (&self->numbering, self->layout, hex, buf, len);
}

gboolean
wb_hex_map_parse_hex (WbHexMap *self, const char *text, WbOffset *hex)
{
  return wb_hex_map_parse_hex_number (self, text, hex, NULL);
}

gboolean
wb_hex_map_parse_hex_number (WbHexMap    *self,
                             const char  *text,
                             WbOffset    *hex,
                             GError     **error)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  return wb_hex_numbering_parse (&self->numbering, self->layout, text, hex, error);
}

gboolean
wb_hex_map_parse_typed_hex (WbHexMap    *self,
                            const char  *text,
                            WbOffset    *hex,
                            GError     **error)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  return wb_hex_numbering_parse_typed (&self->numbering, self->layout, text, hex, error);
}

const char *
wb_hex_map_get_terrain (WbHexMap *self, WbOffset hex)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  if (!wb_hex_map_contains (self, hex))
    return NULL;
  return self->terrain[index_of (self, hex)];
}

void
wb_hex_map_set_terrain (WbHexMap *self, WbOffset hex, const char *terrain)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (terrain != NULL);
  g_return_if_fail (wb_hex_map_contains (self, hex));
  self->terrain[index_of (self, hex)] = g_intern_string (terrain);
}

int
wb_hex_map_get_elevation (WbHexMap *self, WbOffset hex)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), 0);
  if (self->elevation == NULL || !wb_hex_map_contains (self, hex))
    return 0;
  return self->elevation[index_of (self, hex)];
}

void
wb_hex_map_set_elevation (WbHexMap *self, WbOffset hex, int elevation)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (wb_hex_map_contains (self, hex));
  if (self->elevation == NULL)
    {
      if (elevation == 0)
        return;
      self->elevation = g_new0 (gint16, (gsize) self->cols * (gsize) self->rows);
    }
  self->elevation[index_of (self, hex)] = (gint16) CLAMP (elevation, -9999, 9999);
}

gboolean
wb_hex_map_has_elevation (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  return self->elevation != NULL;
}

void
wb_hex_map_clear_elevation (WbHexMap *self)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_clear_pointer (&self->elevation, g_free);
}

static HexDetail *
ensure_detail (WbHexMap *self, WbOffset hex)
{
  gpointer key = GSIZE_TO_POINTER (index_of (self, hex));
  HexDetail *d = g_hash_table_lookup (self->details, key);

  if (d == NULL)
    {
      d = g_new0 (HexDetail, 1);
      g_hash_table_insert (self->details, key, d);
    }
  return d;
}

static HexDetail *
get_detail (WbHexMap *self, WbOffset hex)
{
  if (!wb_hex_map_contains (self, hex))
    return NULL;
  return g_hash_table_lookup (self->details, GSIZE_TO_POINTER (index_of (self, hex)));
}

const char *
wb_hex_map_get_label (WbHexMap *self, WbOffset hex)
{
  HexDetail *d;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  d = get_detail (self, hex);
  return d ? d->label : NULL;
}

void
wb_hex_map_set_label (WbHexMap *self, WbOffset hex, const char *label)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (wb_hex_map_contains (self, hex));
  wb_set_str (&ensure_detail (self, hex)->label, label && *label ? label : NULL);
}

GPtrArray *
wb_hex_map_get_hex_features (WbHexMap *self, WbOffset hex)
{
  HexDetail *d;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  d = get_detail (self, hex);
  return d ? d->features : NULL;
}

static gboolean
ptr_array_has (GPtrArray *a, const char *interned)
{
  if (a == NULL)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_ptr_array_index (a, i) == interned)
      return TRUE;
  return FALSE;
}

void
wb_hex_map_add_hex_feature (WbHexMap *self, WbOffset hex, const char *feature)
{
  HexDetail *d;
  const char *f;

  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (wb_hex_map_contains (self, hex));
  d = ensure_detail (self, hex);
  f = g_intern_string (feature);
  if (d->features == NULL)
    d->features = g_ptr_array_new ();
  if (!ptr_array_has (d->features, f))
    g_ptr_array_add (d->features, (gpointer) f);
}

gboolean
wb_hex_map_has_hex_feature (WbHexMap *self, WbOffset hex, const char *feature)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  GPtrArray *a = wb_hex_map_get_hex_features (self, hex);

  /* By text, not interned: g_intern_string ()'s global lock serialised
   * the threads that play games at once (the balance lab). */
  for (guint i = 0; a != NULL && feature != NULL && i < a->len; i++)
    if (strcmp (g_ptr_array_index (a, i), feature) == 0)
      return TRUE;
  return FALSE;
}

gboolean
wb_hex_map_remove_hex_feature (WbHexMap *self, WbOffset hex, const char *feature)
{
  HexDetail *d;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);
  d = get_detail (self, hex);
  if (d == NULL || d->features == NULL ||
      !g_ptr_array_remove (d->features, (gpointer) g_intern_string (feature)))
    return FALSE;
  if (d->features->len == 0)
    g_clear_pointer (&d->features, g_ptr_array_unref);
  if (d->label == NULL && d->features == NULL)
    g_hash_table_remove (self->details, GSIZE_TO_POINTER (index_of (self, hex)));
  return TRUE;
}

static int
compare_offsets (gconstpointer a, gconstpointer b)
{
  const WbOffset *x = a, *y = b;

  if (x->row != y->row)
    return x->row < y->row ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

GArray *
wb_hex_map_list_detailed_hexes (WbHexMap *self)
{
  GArray *out;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  out = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_hash_table_iter_init (&iter, self->details);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      HexDetail *d = value;
      gsize idx = GPOINTER_TO_SIZE (key);
      WbOffset o = { (int) (idx % (gsize) self->cols), (int) (idx / (gsize) self->cols) };

      if (d->label == NULL && (d->features == NULL || d->features->len == 0))
        continue;
      g_array_append_val (out, o);
    }
  g_array_sort (out, compare_offsets);
  return out;
}

GPtrArray *
wb_hex_map_get_side_features (WbHexMap *self, WbOffset hex, int dir)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  g_return_val_if_fail (dir >= 0 && dir < 6, NULL);
  if (g_hash_table_size (self->sides) == 0)
    return NULL;
  return g_hash_table_lookup (self->sides,
                              GUINT_TO_POINTER (side_key (wb_hexside_canonical (self->layout,
                                                                                hex, dir))));
}

void
wb_hex_map_add_side_feature (WbHexMap *self, WbOffset hex, int dir, const char *feature)
{
  WbHexside s;
  GPtrArray *a;
  const char *f;
  gpointer key;

  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (dir >= 0 && dir < 6);
  s = wb_hexside_canonical (self->layout, hex, dir);
  g_return_if_fail (s.hex.col >= -1 && s.hex.row >= -1 &&
                    s.hex.col <= self->cols && s.hex.row <= self->rows);
  key = GUINT_TO_POINTER (side_key (s));
  a = g_hash_table_lookup (self->sides, key);
  if (a == NULL)
    {
      a = g_ptr_array_new ();
      g_hash_table_insert (self->sides, key, a);
    }
  f = g_intern_string (feature);
  if (!ptr_array_has (a, f))
    g_ptr_array_add (a, (gpointer) f);
}

gboolean
wb_hex_map_has_side_feature (WbHexMap *self, WbOffset hex, int dir, const char *feature)
{
  return ptr_array_has (wb_hex_map_get_side_features (self, hex, dir),
                        g_intern_string (feature));
}

gboolean
wb_hex_map_remove_side_feature (WbHexMap *self, WbOffset hex, int dir, const char *feature)
{
  WbHexside s;
  gpointer key;
  GPtrArray *a;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  g_return_val_if_fail (dir >= 0 && dir < 6, FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);
  s = wb_hexside_canonical (self->layout, hex, dir);
  if (s.hex.col < -1 || s.hex.row < -1 || s.hex.col > self->cols || s.hex.row > self->rows)
    return FALSE;
  key = GUINT_TO_POINTER (side_key (s));
  a = g_hash_table_lookup (self->sides, key);
  if (a == NULL || !g_ptr_array_remove (a, (gpointer) g_intern_string (feature)))
    return FALSE;
  /* An empty entry would still count as a hexside with features. */
  if (a->len == 0)
    g_hash_table_remove (self->sides, key);
  return TRUE;
}

static int
compare_sides (gconstpointer a, gconstpointer b)
{
  const WbHexside *x = a, *y = b;
  int c = compare_offsets (&x->hex, &y->hex);

  return c ? c : (x->dir > y->dir) - (x->dir < y->dir);
}

GArray *
wb_hex_map_list_sides (WbHexMap *self)
{
  GArray *out;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  out = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  g_hash_table_iter_init (&iter, self->sides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      WbHexside s = side_from_key (GPOINTER_TO_UINT (key));
      if (((GPtrArray *) value)->len > 0)
        g_array_append_val (out, s);
    }
  g_array_sort (out, compare_sides);
  return out;
}

GPtrArray *
wb_hex_map_get_marks (WbHexMap *self)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  return self->marks;
}

void
wb_hex_map_add_mark (WbHexMap *self, WbMapMark *mark)
{
  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (mark != NULL);
  g_ptr_array_add (self->marks, mark);
}

WbMapMark *
wb_hex_map_find_mark (WbHexMap *self, const char *id)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  for (guint i = 0; i < self->marks->len; i++)
    {
      WbMapMark *m = g_ptr_array_index (self->marks, i);
      if (g_strcmp0 (m->id, id) == 0)
        return m;
    }
  return NULL;
}

WbMapMark *
wb_hex_map_remove_mark (WbHexMap *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  for (guint i = 0; i < self->marks->len; i++)
    {
      WbMapMark *m = g_ptr_array_index (self->marks, i);
      if (g_strcmp0 (m->id, id) == 0)
        {
          if (index != NULL)
            *index = i;
          return g_ptr_array_steal_index (self->marks, i);
        }
    }
  return NULL;
}

gboolean
wb_hex_map_insert_mark (WbHexMap *self, WbMapMark *mark, guint index)
{
  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  g_return_val_if_fail (mark != NULL, FALSE);
  if (wb_hex_map_find_mark (self, mark->id) != NULL)
    return FALSE;
  g_ptr_array_insert (self->marks, (int) MIN (index, self->marks->len), mark);
  return TRUE;
}

char *
wb_hex_map_make_mark_id (WbHexMap *self, const char *name)
{
  g_autofree char *base = NULL;
  char *id;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);
  base = wb_slug_from_name (name, "mark");
  id = g_strdup (base);
  for (guint n = 2; wb_hex_map_find_mark (self, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  return id;
}

gboolean
wb_map_mark_has_hex (const WbMapMark *mark, WbOffset hex)
{
  for (guint i = 0; mark->hexes != NULL && i < mark->hexes->len; i++)
    if (wb_offset_equal (g_array_index (mark->hexes, WbOffset, i), hex))
      return TRUE;
  return FALSE;
}

/* ---- whole-map edits ----------------------------------------------------- */

static HexDetail *
hex_detail_copy (const HexDetail *d)
{
  HexDetail *c = g_new0 (HexDetail, 1);

  c->label = g_strdup (d->label);
  if (d->features != NULL)
    c->features = g_ptr_array_copy (d->features, NULL, NULL);
  return c;
}

WbMapMark *
wb_map_mark_copy (const WbMapMark *m)
{
  WbMapMark *c = wb_map_mark_new (m->id);

  c->name = g_strdup (m->name);
  c->kind = g_strdup (m->kind);
  c->side = m->side;
  c->vp = m->vp;
  c->note = g_strdup (m->note);
  g_array_append_vals (c->hexes, m->hexes->data, m->hexes->len);
  return c;
}

WbHexMap *
wb_hex_map_snapshot (WbHexMap *self)
{
  WbHexMap *copy;
  GHashTableIter iter;
  gpointer key, value;
  gsize n;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), NULL);

  copy = g_object_new (WB_TYPE_HEX_MAP, "id", wb_map_get_id (WB_MAP (self)), NULL);
  copy->layout = self->layout;
  copy->cols = self->cols;
  copy->rows = self->rows;
  copy->hex_size = self->hex_size;
  copy->printed_hex_size = self->printed_hex_size;
  copy->numbering = self->numbering;
  n = (gsize) self->cols * (gsize) self->rows;
  copy->terrain = g_memdup2 (self->terrain, n * sizeof *self->terrain);
  if (self->elevation != NULL)
    copy->elevation = g_memdup2 (self->elevation, n * sizeof *self->elevation);
  g_hash_table_iter_init (&iter, self->details);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->details, key, hex_detail_copy (value));
  g_hash_table_iter_init (&iter, self->sides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->sides, key, g_ptr_array_copy (value, NULL, NULL));
  for (guint i = 0; i < self->marks->len; i++)
    g_ptr_array_add (copy->marks, wb_map_mark_copy (g_ptr_array_index (self->marks, i)));
  return copy;
}

#define SWAP(a, b) G_STMT_START { __typeof__ (a) tmp_ = (a); (a) = (b); (b) = tmp_; } G_STMT_END

void
wb_hex_map_restore (WbHexMap *self, WbHexMap *snapshot)
{
  g_autoptr(WbHexMap) copy = NULL;

  g_return_if_fail (WB_IS_HEX_MAP (self));
  g_return_if_fail (WB_IS_HEX_MAP (snapshot));

  /* Swap with a copy, so the snapshot stays usable (redo after undo). */
  copy = wb_hex_map_snapshot (snapshot);
  SWAP (self->layout, copy->layout);
  SWAP (self->cols, copy->cols);
  SWAP (self->rows, copy->rows);
  SWAP (self->hex_size, copy->hex_size);
  SWAP (self->printed_hex_size, copy->printed_hex_size);
  SWAP (self->numbering, copy->numbering);
  SWAP (self->terrain, copy->terrain);
  SWAP (self->elevation, copy->elevation);
  SWAP (self->details, copy->details);
  SWAP (self->sides, copy->sides);
  SWAP (self->marks, copy->marks);
  wb_map_changed (WB_MAP (self));
}

gboolean
wb_hex_map_resize (WbHexMap   *self,
                   int         cols,
                   int         rows,
                   int         dcol,
                   int         drow,
                   const char *fill)
{
  const char *fill_id;
  const char **terrain;
  gint16 *elevation = NULL;
  g_autoptr(GHashTable) details = NULL;
  g_autoptr(GHashTable) sides = NULL;
  WbHexLayout layout = self->layout;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (WB_IS_HEX_MAP (self), FALSE);
  g_return_val_if_fail (fill != NULL, FALSE);
  if (cols < 1 || rows < 1 || cols > WB_HEX_MAP_MAX_DIM || rows > WB_HEX_MAP_MAX_DIM)
    return FALSE;
  if (ABS (dcol) > WB_HEX_MAP_MAX_DIM || ABS (drow) > WB_HEX_MAP_MAX_DIM)
    return FALSE;

  /* Moving a staggered grid by an odd number of columns (flat) or rows
   * (pointy) keeps every hex's neighbours only if the parity flips. */
  if ((layout.orientation == WB_HEX_FLAT ? dcol : drow) % 2 != 0)
    layout.parity = layout.parity == WB_HEX_ODD ? WB_HEX_EVEN : WB_HEX_ODD;

  fill_id = g_intern_string (fill);
  terrain = g_new (const char *, (gsize) cols * rows);
  for (gsize i = 0; i < (gsize) cols * rows; i++)
    terrain[i] = fill_id;
  if (self->elevation != NULL)
    elevation = g_new0 (gint16, (gsize) cols * rows);
  for (int r = 0; r < self->rows; r++)
    for (int c = 0; c < self->cols; c++)
      {
        int nc = c + dcol, nr = r + drow;
        gsize from = (gsize) r * self->cols + c, to;

        if (nc < 0 || nr < 0 || nc >= cols || nr >= rows)
          continue;
        to = (gsize) nr * cols + nc;
        terrain[to] = self->terrain[from];
        if (elevation != NULL)
          elevation[to] = self->elevation[from];
      }

  details = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) hex_detail_free);
  g_hash_table_iter_init (&iter, self->details);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gsize idx = GPOINTER_TO_SIZE (key);
      int nc = (int) (idx % (gsize) self->cols) + dcol, nr = (int) (idx / (gsize) self->cols) + drow;

      if (nc < 0 || nr < 0 || nc >= cols || nr >= rows)
        continue;
      g_hash_table_iter_steal (&iter);
      g_hash_table_insert (details, GSIZE_TO_POINTER ((gsize) nr * cols + nc), value);
    }

  sides = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_hash_table_iter_init (&iter, self->sides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      WbHexside old = side_from_key (GPOINTER_TO_UINT (key));
      WbOffset a, b, na, nb;
      gboolean a_in, b_in;
      int dir;
      WbHexside canon;

      /* Keep a hexside if either of its hexes is still on the map. */
      wb_hexside_hexes (self->layout, old, &a, &b);
      na = (WbOffset) { a.col + dcol, a.row + drow };
      nb = (WbOffset) { b.col + dcol, b.row + drow };
      a_in = na.col >= 0 && na.row >= 0 && na.col < cols && na.row < rows;
      b_in = nb.col >= 0 && nb.row >= 0 && nb.col < cols && nb.row < rows;
      if (!a_in && !b_in)
        continue;
      dir = wb_hex_direction_to (layout, na, nb);
      g_assert (dir >= 0);
      canon = wb_hexside_canonical (layout, na, dir);
      g_hash_table_iter_steal (&iter);
      g_hash_table_insert (sides, GUINT_TO_POINTER (side_key (canon)), value);
    }

  for (guint m = 0; m < self->marks->len; m++)
    {
      WbMapMark *mark = g_ptr_array_index (self->marks, m);
      for (guint h = mark->hexes->len; h-- > 0;)
        {
          WbOffset *o = &g_array_index (mark->hexes, WbOffset, h);
          o->col += dcol;
          o->row += drow;
          if (o->col < 0 || o->row < 0 || o->col >= cols || o->row >= rows)
            g_array_remove_index (mark->hexes, h);
        }
    }

  g_free (self->terrain);
  self->terrain = terrain;
  g_free (self->elevation);
  self->elevation = elevation;
  SWAP (self->details, details);
  SWAP (self->sides, sides);
  self->layout = layout;
  self->cols = cols;
  self->rows = rows;
  /* Enough digits for the new last column and row. */
  wb_hex_numbering_fit (&self->numbering, layout, cols, rows);
  wb_map_changed (WB_MAP (self));
  return TRUE;
}
