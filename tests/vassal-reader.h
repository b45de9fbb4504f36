/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* test-vassal's reader of a VASSAL module, written from VASSAL's own source
 * (not shared with the exporter): SequenceEncoder's decoder, a little DOM of
 * buildFile.xml, and the hex grid and numbering VASSAL computes
 * (vassal-reader.c). */

#include <glib.h>

/* VASSAL keeps the grid's origin and every point in whole pixels and casts
 * (truncates) as it computes a hex's centre: up to two pixels from the
 * exact centre (on hexes 69 pixels and more across). */
#define PIXEL_SLACK 2.0

typedef struct {
  char *val;          /* what is left; NULL when done */
  char  delim;
} Decoder;

typedef struct _Node Node;
struct _Node {
  char       *name;
  GHashTable *attrs;
  GPtrArray  *children;
  GString    *text;
  Node       *parent;
};

typedef struct {
  gboolean sideways, stagger, numbered;
  double   dx, dy;
  int      x0, y0;
  char     first, h_type, v_type;
  int      h_leading, v_leading, h_off, v_off;
  const char *sep;
} VGrid;

void dec_init (Decoder *d, const char *value, char delim);
void dec_clear (Decoder *d);
gboolean dec_more (Decoder *d);
char *dec_next (Decoder *d);
GPtrArray *dec_split (const char *value, char delim);
GPtrArray *dec_traits (const char *value);
void node_free (Node *n);
Node *node_new (const char *name);
void dom_start (GMarkupParseContext *context, const char *element, const char **names, const char **values, gpointer user_data, GError **error);
void dom_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error);
void dom_text (GMarkupParseContext *context, const char *text, gsize len, gpointer user_data, GError **error);
Node *dom_parse (const char *xml, gsize len);
void dom_find_all (Node *n, const char *name, GPtrArray *out);
Node *dom_find (Node *n, const char *name);
const char *attr (Node *n, const char *name);
int attr_int (Node *n, const char *name);
void vgrid_read (Node *grid, VGrid *g);
int jround (double v);
void vgrid_center (const VGrid *g, int col, int row, int *x, int *y);
void vgrid_snap (const VGrid *g, int x, int y, int *sx, int *sy);
int vgrid_raw_column (const VGrid *g, int x, int y);
int vgrid_raw_row (const VGrid *g, int x, int y);
char *vname (int v, char type, int leading);
char *vgrid_location_name (const VGrid *g, int x, int y);
gboolean vmatch (const char *s, gsize len, char type, int leading);
int vparse (const char *s, gsize len, char type);
gboolean vgrid_get_location (const VGrid *g, const char *name, int *x, int *y);
