/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-tiled"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "wb-file-private.h"
#include "wb-format.h"
#include "wb-render.h"
#include "wb-tiled.h"

/*
 * Tiled's hexagonal maps (libtiled's HexagonalRenderer) are made of tiles
 * of whole pixels: a tile of tilewidth × tileheight, the hexagon's side
 * along the stagger axis hexsidelength long, and the renderer drops the
 * lowest bit of the tile's width and height and halves (W - L) in whole
 * pixels. So the tile is sized from the hex: flat hexes (stagger axis x)
 * are 2L wide and H high where L is the side (the hex size, centre to
 * corner, is the side) and H the height, each rounded to an even number;
 * pointy hexes the other way round. The
 * columns of a flat map then step (W + L) / 2 = 1.5 L across and the rows
 * H down, the staggered ones H / 2 lower: Warbench's geometry, within the
 * rounding of √3. Objects (hexsides, lines) are placed in that geometry:
 * hex corners exactly, free points by the affine map that takes hex
 * centres to hex centres.
 */

#define SQRT3 1.7320508075688772

/* The margin wb_render_map_to_file () draws around a map, in map points. */
#define RENDER_MARGIN 12.0

/* Tiles a row in a generated tile set image. */
#define TILESET_COLUMNS 8

/* A point-to-point map's (invisible) grid: the map size in tiles of this. */
#define POINT_MAP_TILE 16

typedef struct {
  WbHexLayout layout;
  int         cols, rows;
  double      size;           /* the hex size in map points */
  int         tile_w, tile_h; /* Tiled's tilewidth, tileheight */
  int         side;           /* hexsidelength */
  int         side_off_x, side_off_y;
  int         column_w, row_h;
} Geometry;

static int
round_even (double v)
{
  return 2 * (int) lround (v / 2);
}

static void
geometry_init (Geometry *g,
               WbHexMap *map,
               double    scale)
{
  double s = wb_hex_map_get_hex_size (map) * scale;

  g->layout = wb_hex_map_get_layout (map);
  g->cols = wb_hex_map_get_cols (map);
  g->rows = wb_hex_map_get_rows (map);
  g->size = wb_hex_map_get_hex_size (map);
  /* libtiled steps a column (W - L) / 2 + L in whole pixels, with W even:
   * L must be even too, or the columns drift half a pixel each. */
  g->side = MAX (round_even (s), 2);
  if (g->layout.orientation == WB_HEX_FLAT)
    {
      g->tile_w = 2 * g->side;
      g->tile_h = MAX (round_even (s * SQRT3), 2);
      g->side_off_x = (g->tile_w - g->side) / 2;
      g->side_off_y = g->tile_h / 2;
      g->column_w = g->side_off_x + g->side;
      g->row_h = g->side_off_y;
    }
  else
    {
      g->tile_w = MAX (round_even (s * SQRT3), 2);
      g->tile_h = 2 * g->side;
      g->side_off_x = g->tile_w / 2;
      g->side_off_y = (g->tile_h - g->side) / 2;
      g->column_w = g->side_off_x;
      g->row_h = g->side_off_y + g->side;
    }
}

/* Whether Tiled shifts column (flat) or row (pointy) @k: "odd" shifts the
 * odd ones, as Warbench's odd parity does. */
static gboolean
staggered (const Geometry *g,
           int             k)
{
  return ((k & 1) != 0) != (g->layout.parity == WB_HEX_EVEN);
}

/* The top-left corner of @hex's tile (libtiled's tileToScreenCoords). */
static void
tile_origin (const Geometry *g,
             WbOffset        hex,
             int            *x,
             int            *y)
{
  if (g->layout.orientation == WB_HEX_FLAT)
    {
      *x = hex.col * g->column_w;
      *y = hex.row * g->tile_h + (staggered (g, hex.col) ? g->row_h : 0);
    }
  else
    {
      *x = hex.col * g->tile_w + (staggered (g, hex.row) ? g->column_w : 0);
      *y = hex.row * g->row_h;
    }
}

/* Corner @i of a tile, numbered as wb_hex_corner_offset () numbers them:
 * flat 0 top-left … 5 left, pointy 0 top … 5 upper left. */
static void
tile_corner (const Geometry *g,
             int             i,
             int            *x,
             int            *y)
{
  const int w = g->tile_w, h = g->tile_h, ox = g->side_off_x, oy = g->side_off_y;
  const int flat[6][2] = { { ox, 0 }, { w - ox, 0 }, { w, h / 2 }, { w - ox, h }, { ox, h }, { 0, h / 2 } };
  const int pointy[6][2] = { { w / 2, 0 }, { w, oy }, { w, h - oy }, { w / 2, h }, { 0, h - oy }, { 0, oy } };
  const int (*c)[2] = g->layout.orientation == WB_HEX_FLAT ? flat : pointy;

  *x = c[i][0];
  *y = c[i][1];
}

/* A map point in Tiled's pixels: hex centres land on tile centres. With
 * the tile 2L wide (flat) and the columns 1.5 L apart, as Warbench's are
 * 2s and 1.5s, it is a scale on each axis. */
static void
to_tiled (const Geometry *g,
          double          x,
          double          y,
          double         *tx,
          double         *ty)
{
  double s = g->size;

  if (g->layout.orientation == WB_HEX_FLAT)
    {
      *tx = x * g->side / s;
      *ty = y * g->tile_h / (s * SQRT3);
    }
  else
    {
      *tx = x * g->tile_w / (s * SQRT3);
      *ty = y * g->side / s;
    }
}

static void
tile_hexagon_path (cairo_t        *cr,
                   const Geometry *g)
{
  for (int i = 0; i < 6; i++)
    {
      int x, y;

      tile_corner (g, i, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

/* --- Files ---------------------------------------------------------------- */

char *
wb_tiled_image_path (const char *tmx_path,
                     const char *what)
{
  gsize len;
  g_autofree char *stem = NULL;

  g_return_val_if_fail (tmx_path != NULL && what != NULL, NULL);

  len = strlen (tmx_path);
  if (len > 4 && g_ascii_strcasecmp (tmx_path + len - 4, ".tmx") == 0)
    stem = g_strndup (tmx_path, len - 4);
  else
    stem = g_strdup (tmx_path);
  return g_strdup_printf ("%s-%s.png", stem, what);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Encodes @surface and writes it to @path atomically. */
static gboolean
write_png (cairo_surface_t  *surface,
           const char       *path,
           GError          **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_status_t status;

  status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("Cannot write “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return wb_file_write_atomic (path, (const char *) bytes->data, bytes->len, error);
}

static cairo_surface_t *
new_surface (int      width,
             int      height,
             GError **error)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE,
                   _("Cannot draw a %d × %d image: %s"), width, height,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
}

/* --- XML ------------------------------------------------------------------- */

static void G_GNUC_PRINTF (2, 3)
xml (GString    *out,
     const char *format,
     ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_markup_vprintf_escaped (format, args);
  va_end (args);
  g_string_append (out, text);
}

/* Numbers in the C locale whatever the user's: "12.5", never "12,5". */
static const char *
num (char   *buf,
     double  v)
{
  if (fabs (v - round (v)) < 1e-9)
    g_snprintf (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.0f", round (v));
  else
    g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", v);
  return buf;
}

static void
property (GString    *out,
          const char *indent,
          const char *name,
          const char *type,
          const char *value)
{
  if (value == NULL)
    return;
  if (type != NULL)
    xml (out, "%s<property name=\"%s\" type=\"%s\" value=\"%s\"/>\n", indent, name, type, value);
  else
    xml (out, "%s<property name=\"%s\" value=\"%s\"/>\n", indent, name, value);
}

static void
property_int (GString    *out,
              const char *indent,
              const char *name,
              int         value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%d", value);
  property (out, indent, name, "int", buf);
}

static void
map_properties (GString *out,
                WbGame  *game,
                WbMap   *map)
{
  g_string_append (out, " <properties>\n");
  property (out, "  ", "game", NULL, wb_game_get_title (game));
  property (out, "  ", "map", NULL, wb_map_get_id (map));
  property (out, "  ", "name", NULL, wb_map_get_name (map));
  property (out, "  ", "source", NULL, wb_map_get_source (map));
  if (WB_IS_HEX_MAP (map))
    {
      WbHexNumbering numbering;
      char first[WB_HEX_NUMBER_MAX_LEN];

      wb_hex_map_get_hex_numbering (WB_HEX_MAP (map), &numbering);
      wb_hex_map_format_hex (WB_HEX_MAP (map), (WbOffset) { 0, 0 }, first, sizeof first);
      /* How to read a hex's printed number from its tile: the top-left
       * hex's number, and the numbering's parts. */
      property (out, "  ", "first_hex", NULL, first);
      property_int (out, "  ", "first_col", numbering.first_col);
      property_int (out, "  ", "first_row", numbering.first_row);
      property_int (out, "  ", "digits", numbering.digits);
    }
  g_string_append (out, " </properties>\n");
}

/* An object's polyline through @n points (Tiled pixels), placed at the
 * first one. */
static void
polyline (GString      *out,
          const char   *element,
          const double *xy,
          guint         n)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "   <%s points=\"", element);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s,%s", i > 0 ? " " : "", num (a, xy[2 * i] - xy[0]),
                            num (b, xy[2 * i + 1] - xy[1]));
  g_string_append (out, "\"/>\n");
}

static void
object_open (GString    *out,
             guint      *next_id,
             const char *name,
             const char *type,
             double      x,
             double      y)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  xml (out, "  <object id=\"%u\"", (*next_id)++);
  if (name != NULL && *name != '\0')
    xml (out, " name=\"%s\"", name);
  if (type != NULL)
    xml (out, " type=\"%s\"", type);
  g_string_append_printf (out, " x=\"%s\" y=\"%s\">\n", num (a, x), num (b, y));
}

/* --- Hex maps -------------------------------------------------------------- */

static gboolean
write_terrain_tiles (WbGame          *game,
                     const Geometry  *g,
                     const char      *path,
                     GError         **error)
{
  GPtrArray *terrain = wb_game_get_terrain (game);
  guint n = MAX (terrain->len, 1);
  int columns = (int) MIN (n, TILESET_COLUMNS);
  int rows = (int) ((n + TILESET_COLUMNS - 1) / TILESET_COLUMNS);
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  surface = new_surface (columns * g->tile_w, rows * g->tile_h, error);
  if (surface == NULL)
    return FALSE;
  cr = cairo_create (surface);
  for (guint i = 0; i < terrain->len; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, (double) (i % TILESET_COLUMNS) * g->tile_w,
                       (double) (i / TILESET_COLUMNS) * g->tile_h);
      /* Without antialiasing, so that neighbouring tiles, whose edges are
       * the same lines in whole pixels, meet without a seam or overlap. */
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
      tile_hexagon_path (cr, g);
      cairo_clip (cr);
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
      wb_render_terrain_swatch (game, g_ptr_array_index (terrain, i), cr, g->tile_w, g->tile_h);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
  ok = write_png (surface, path, error);
  cairo_surface_destroy (surface);
  return ok;
}

/* Each level tinted as the map tints it (wb-render-hex-terrain.c), with
 * its number, over a clear hexagon: the layer lies over the terrain. */
static gboolean
write_elevation_tiles (const Geometry  *g,
                       int              max_level,
                       const char      *path,
                       GError         **error)
{
  guint n = (guint) max_level + 1;
  int columns = (int) MIN (n, TILESET_COLUMNS);
  int rows = (int) ((n + TILESET_COLUMNS - 1) / TILESET_COLUMNS);
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  surface = new_surface (columns * g->tile_w, rows * g->tile_h, error);
  if (surface == NULL)
    return FALSE;
  cr = cairo_create (surface);
  for (int level = 0; level <= max_level; level++)
    {
      char digits[16];
      cairo_text_extents_t ext;

      if (level == 0)
        continue;
      cairo_save (cr);
      cairo_translate (cr, (double) (level % TILESET_COLUMNS) * g->tile_w,
                       (double) (level / TILESET_COLUMNS) * g->tile_h);
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
      tile_hexagon_path (cr, g);
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
      cairo_set_source_rgba (cr, 0.42, 0.27, 0.10, MIN (0.075 * level, 0.5));
      cairo_fill (cr);
      /* The level's number low in the hex, clear of its centre. */
      g_snprintf (digits, sizeof digits, "%d", level);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, MAX (g->tile_h * 0.22, 6.0));
      cairo_text_extents (cr, digits, &ext);
      cairo_move_to (cr, (g->tile_w - ext.width) / 2 - ext.x_bearing, g->tile_h * 0.92 - ext.height - ext.y_bearing);
      cairo_set_source_rgba (cr, 0.30, 0.18, 0.05, 0.9);
      cairo_show_text (cr, digits);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
  ok = write_png (surface, path, error);
  cairo_surface_destroy (surface);
  return ok;
}

static void
tileset (GString        *out,
         const Geometry *g,
         int             firstgid,
         const char     *name,
         guint           count,
         const char     *image)
{
  int columns = (int) MIN (MAX (count, 1), TILESET_COLUMNS);
  int rows = (int) ((MAX (count, 1) + TILESET_COLUMNS - 1) / TILESET_COLUMNS);
  g_autofree char *base = g_path_get_basename (image);

  xml (out, " <tileset firstgid=\"%d\" name=\"%s\" tilewidth=\"%d\" tileheight=\"%d\" tilecount=\"%u\" "
       "columns=\"%d\">\n", firstgid, name, g->tile_w, g->tile_h, count, columns);
  xml (out, "  <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n", base, columns * g->tile_w,
       rows * g->tile_h);
}

/* The CSV rows of a layer: @gid_of gives each hex's tile. */
static void
layer (GString        *out,
       int             id,
       const char     *name,
       const Geometry *g,
       int           (*gid_of) (gpointer data, WbOffset hex),
       gpointer        data)
{
  xml (out, " <layer id=\"%d\" name=\"%s\" width=\"%d\" height=\"%d\">\n", id, name, g->cols, g->rows);
  g_string_append (out, "  <data encoding=\"csv\">\n");
  for (int row = 0; row < g->rows; row++)
    {
      for (int col = 0; col < g->cols; col++)
        g_string_append_printf (out, "%d%s", gid_of (data, (WbOffset) { col, row }),
                                col + 1 < g->cols || row + 1 < g->rows ? "," : "");
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "  </data>\n </layer>\n");
}

typedef struct {
  WbHexMap   *map;
  GHashTable *terrain_gid;   /* interned terrain id → gid */
  int         elevation_gid;
} LayerData;

static int
terrain_gid (gpointer data,
             WbOffset hex)
{
  LayerData *ld = data;
  const char *t = wb_hex_map_get_terrain (ld->map, hex);

  return t != NULL ? GPOINTER_TO_INT (g_hash_table_lookup (ld->terrain_gid, t)) : 0;
}

static int
elevation_gid (gpointer data,
               WbOffset hex)
{
  LayerData *ld = data;

  return ld->elevation_gid + CLAMP (wb_hex_map_get_elevation (ld->map, hex), 0, 9);
}

static const char *
feature_name (WbGame     *game,
              const char *id)
{
  WbFeatureType *f = wb_game_find_feature (game, id);

  return f != NULL && f->name != NULL ? f->name : id;
}

/* Hexes with a label or features: a point at the centre, named by the
 * label, its type the first feature ("label" for none). */
static void
hex_objects (GString        *out,
             WbGame         *game,
             WbHexMap       *map,
             const Geometry *g,
             guint          *next_id,
             int             layer_id)
{
  g_autoptr(GArray) hexes = wb_hex_map_list_detailed_hexes (map);

  xml (out, " <objectgroup id=\"%d\" name=\"hexes\">\n", layer_id);
  for (guint i = 0; i < hexes->len; i++)
    {
      WbOffset hex = g_array_index (hexes, WbOffset, i);
      GPtrArray *features = wb_hex_map_get_hex_features (map, hex);
      const char *label = wb_hex_map_get_label (map, hex);
      char number[WB_HEX_NUMBER_MAX_LEN];
      g_autoptr(GString) ids = g_string_new (NULL);
      int x, y;

      tile_origin (g, hex, &x, &y);
      wb_hex_map_format_hex (map, hex, number, sizeof number);
      for (guint k = 0; features != NULL && k < features->len; k++)
        g_string_append_printf (ids, "%s%s", k > 0 ? "," : "", (const char *) g_ptr_array_index (features, k));
      object_open (out, next_id, label != NULL ? label
                   : features != NULL && features->len > 0 ? feature_name (game, g_ptr_array_index (features, 0))
                   : NULL,
                   features != NULL && features->len > 0 ? g_ptr_array_index (features, 0) : "label",
                   x + g->tile_w / 2.0, y + g->tile_h / 2.0);
      g_string_append (out, "   <properties>\n");
      property (out, "    ", "hex", NULL, number);
      if (ids->len > 0)
        property (out, "    ", "features", NULL, ids->str);
      g_string_append (out, "   </properties>\n   <point/>\n  </object>\n");
    }
  g_string_append (out, " </objectgroup>\n");
}

/* Whether @feature joins the hexes on either side of the hexside (a road:
 * the map draws it across the hexside's middle) rather than lying along it
 * (a creek, a slope). */
static gboolean
runs_across (WbGame     *game,
             const char *feature)
{
  static const char * const roads[] = { "road", "trail", "pike", "railroad", NULL };
  WbFeatureType *f = wb_game_find_feature (game, feature);

  return f != NULL && f->style != NULL && g_strv_contains (roads, f->style);
}

/* One polyline object per feature on a hexside: along the edge, or from
 * centre to centre across it for a road, the two hexes it joins. */
static void
hexside_objects (GString        *out,
                 WbGame         *game,
                 WbHexMap       *map,
                 const Geometry *g,
                 guint          *next_id,
                 int             layer_id)
{
  g_autoptr(GArray) sides = wb_hex_map_list_sides (map);

  xml (out, " <objectgroup id=\"%d\" name=\"hexsides\">\n", layer_id);
  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside hs = g_array_index (sides, WbHexside, i);
      GPtrArray *features = wb_hex_map_get_side_features (map, hs.hex, hs.dir);
      char number[WB_HEX_NUMBER_MAX_LEN];
      int ox, oy, ax, ay, bx, by, nx, ny;
      double xy[4], across[4];

      tile_origin (g, hs.hex, &ox, &oy);
      tile_corner (g, hs.dir, &ax, &ay);
      tile_corner (g, (hs.dir + 1) % 6, &bx, &by);
      xy[0] = ox + ax, xy[1] = oy + ay, xy[2] = ox + bx, xy[3] = oy + by;
      wb_hex_map_format_hex (map, hs.hex, number, sizeof number);
      tile_origin (g, wb_hex_neighbour (g->layout, hs.hex, hs.dir), &nx, &ny);
      across[0] = ox + g->tile_w / 2.0, across[1] = oy + g->tile_h / 2.0;
      across[2] = nx + g->tile_w / 2.0, across[3] = ny + g->tile_h / 2.0;
      for (guint k = 0; features != NULL && k < features->len; k++)
        {
          const char *id = g_ptr_array_index (features, k);
          const double *line = runs_across (game, id) ? across : xy;

          object_open (out, next_id, feature_name (game, id), id, line[0], line[1]);
          g_string_append (out, "   <properties>\n");
          property (out, "    ", "hex", NULL, number);
          property_int (out, "    ", "dir", hs.dir);
          g_string_append (out, "   </properties>\n");
          polyline (out, "polyline", line, 2);
          g_string_append (out, "  </object>\n");
        }
    }
  g_string_append (out, " </objectgroup>\n");
}

/* The drawn lines (rivers, ridges, boundaries), through @convert. */
static void
line_objects (GString  *out,
              WbMap    *map,
              void    (*convert) (gconstpointer data, double x, double y, double *tx, double *ty),
              gconstpointer data,
              guint    *next_id,
              int       layer_id)
{
  GPtrArray *lines = wb_map_get_lines (map);

  xml (out, " <objectgroup id=\"%d\" name=\"lines\">\n", layer_id);
  for (guint i = 0; lines != NULL && i < lines->len; i++)
    {
      WbMapLine *line = g_ptr_array_index (lines, i);
      g_autofree double *xy = NULL;

      if (line->points == NULL || line->points->len < 2)
        continue;
      xy = g_new (double, 2 * line->points->len);
      for (guint k = 0; k < line->points->len; k++)
        {
          WbMapPoint *p = &g_array_index (line->points, WbMapPoint, k);

          convert (data, p->x, p->y, &xy[2 * k], &xy[2 * k + 1]);
        }
      object_open (out, next_id, line->name, line->style, xy[0], xy[1]);
      if (line->side != NULL)
        {
          g_string_append (out, "   <properties>\n");
          property (out, "    ", "side", NULL, line->side);
          g_string_append (out, "   </properties>\n");
        }
      polyline (out, line->closed ? "polygon" : "polyline", xy, line->points->len);
      g_string_append (out, "  </object>\n");
    }
  g_string_append (out, " </objectgroup>\n");
}

static void
hex_convert (gconstpointer data,
             double        x,
             double        y,
             double       *tx,
             double       *ty)
{
  to_tiled (data, x, y, tx, ty);
}

static gboolean
export_hex_map (WbGame      *game,
                WbHexMap    *map,
                const char  *path,
                double       scale,
                GError     **error)
{
  GPtrArray *terrain = wb_game_get_terrain (game);
  g_autofree char *terrain_png = wb_tiled_image_path (path, "terrain");
  g_autofree char *elevation_png = NULL;
  g_autoptr(GHashTable) gids = g_hash_table_new (NULL, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean elevation = wb_hex_map_has_elevation (map);
  LayerData ld = { map, gids, 0 };
  Geometry g;
  guint next_object = 1;
  int max_level = 0;
  int layer_id = 1;

  geometry_init (&g, map, scale);
  for (guint i = 0; i < terrain->len; i++)
    g_hash_table_insert (gids, (gpointer) ((WbTerrainType *) g_ptr_array_index (terrain, i))->id,
                         GINT_TO_POINTER ((int) i + 1));
  if (elevation)
    {
      for (int row = 0; row < g.rows; row++)
        for (int col = 0; col < g.cols; col++)
          max_level = MAX (max_level, CLAMP (wb_hex_map_get_elevation (map, (WbOffset) { col, row }), 0, 9));
      elevation_png = wb_tiled_image_path (path, "elevation");
      ld.elevation_gid = (int) MAX (terrain->len, 1) + 1;
    }

  if (!write_terrain_tiles (game, &g, terrain_png, error) ||
      (elevation && !write_elevation_tiles (&g, max_level, elevation_png, error)))
    return FALSE;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  /* Objects and layers are numbered from 1; nextobjectid is filled in at the end. */
  g_string_append_printf (out, "<map version=\"1.8\" orientation=\"hexagonal\" renderorder=\"right-down\" "
                          "width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" "
                          "hexsidelength=\"%d\" staggeraxis=\"%s\" staggerindex=\"%s\" "
                          "nextlayerid=\"%d\" nextobjectid=\"@NEXT@\">\n",
                          g.cols, g.rows, g.tile_w, g.tile_h, g.side,
                          g.layout.orientation == WB_HEX_FLAT ? "x" : "y",
                          g.layout.parity == WB_HEX_ODD ? "odd" : "even",
                          elevation ? 6 : 5);
  map_properties (out, game, WB_MAP (map));

  tileset (out, &g, 1, "terrain", MAX (terrain->len, 1), terrain_png);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);

      xml (out, "  <tile id=\"%u\" type=\"terrain\">\n   <properties>\n", i);
      property (out, "    ", "terrain", NULL, t->id);
      property (out, "    ", "name", NULL, t->name != NULL ? t->name : t->id);
      if (t->color != NULL && *t->color == '#' && strlen (t->color) == 7)
        {
          /* Tiled writes colours as #AARRGGBB. */
          g_autofree char *argb = g_strdup_printf ("#ff%s", t->color + 1);

          property (out, "    ", "color", "color", argb);
        }
      g_string_append (out, "   </properties>\n  </tile>\n");
    }
  g_string_append (out, " </tileset>\n");
  if (elevation)
    {
      tileset (out, &g, ld.elevation_gid, "elevation", (guint) max_level + 1, elevation_png);
      for (int level = 0; level <= max_level; level++)
        {
          xml (out, "  <tile id=\"%d\" type=\"elevation\">\n   <properties>\n", level);
          property_int (out, "    ", "elevation", level);
          g_string_append (out, "   </properties>\n  </tile>\n");
        }
      g_string_append (out, " </tileset>\n");
    }

  layer (out, layer_id++, "terrain", &g, terrain_gid, &ld);
  if (elevation)
    layer (out, layer_id++, "elevation", &g, elevation_gid, &ld);
  hex_objects (out, game, map, &g, &next_object, layer_id++);
  hexside_objects (out, game, map, &g, &next_object, layer_id++);
  line_objects (out, WB_MAP (map), hex_convert, &g, &next_object, layer_id++);
  g_string_append (out, "</map>\n");

  {
    char next[32];

    g_snprintf (next, sizeof next, "%u", next_object);
    g_string_replace (out, "@NEXT@", next, 1);
  }
  return wb_file_write_atomic (path, out->str, out->len, error);
}

/* --- Point-to-point maps --------------------------------------------------- */

static void
point_convert (gconstpointer data,
               double        x,
               double        y,
               double       *tx,
               double       *ty)
{
  const double *scale = data;

  *tx = x * *scale;
  *ty = y * *scale;
}

static void
location_objects (GString    *out,
                  WbPointMap *map,
                  double      scale,
                  guint      *next_id,
                  int         layer_id)
{
  GPtrArray *locations = wb_point_map_get_locations (map);

  xml (out, " <objectgroup id=\"%d\" name=\"locations\">\n", layer_id);
  for (guint i = 0; i < locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);

      object_open (out, next_id, loc->name != NULL ? loc->name : loc->id, "location", loc->x * scale,
                   loc->y * scale);
      g_string_append (out, "   <properties>\n");
      property (out, "    ", "id", NULL, loc->id);
      property (out, "    ", "major", "bool", loc->major ? "true" : "false");
      if (loc->vp != 0)
        property_int (out, "    ", "vp", loc->vp);
      if (loc->fortress != 0)
        property_int (out, "    ", "fortress", loc->fortress);
      if (loc->port)
        property (out, "    ", "port", "bool", "true");
      g_string_append (out, "   </properties>\n   <point/>\n  </object>\n");
    }
  g_string_append (out, " </objectgroup>\n");
}

static void
connection_objects (GString    *out,
                    WbGame     *game,
                    WbPointMap *map,
                    double      scale,
                    guint      *next_id,
                    int         layer_id)
{
  GPtrArray *connections = wb_point_map_get_connections (map);

  xml (out, " <objectgroup id=\"%d\" name=\"connections\">\n", layer_id);
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      WbLocation *a = wb_point_map_find_location (map, c->a);
      WbLocation *b = wb_point_map_find_location (map, c->b);
      double xy[4];

      if (a == NULL || b == NULL)
        continue;
      xy[0] = a->x * scale, xy[1] = a->y * scale, xy[2] = b->x * scale, xy[3] = b->y * scale;
      object_open (out, next_id, c->klass != NULL ? feature_name (game, c->klass) : NULL,
                   c->klass != NULL ? c->klass : "connection", xy[0], xy[1]);
      g_string_append (out, "   <properties>\n");
      property (out, "    ", "from", NULL, c->a);
      property (out, "    ", "to", NULL, c->b);
      g_string_append (out, "   </properties>\n");
      polyline (out, "polyline", xy, 2);
      g_string_append (out, "  </object>\n");
    }
  g_string_append (out, " </objectgroup>\n");
}

/* The width and height in the header of the PNG at @path. */
static gboolean
png_size (const char  *path,
          int         *width,
          int         *height,
          GError     **error)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guint8 head[24];
  FILE *f = g_fopen (path, "rb");
  gsize n = f != NULL ? fread (head, 1, sizeof head, f) : 0;

  if (f != NULL)
    fclose (f);
  if (n != sizeof head || memcmp (head, signature, sizeof signature) != 0 || memcmp (head + 12, "IHDR", 4) != 0)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("Cannot read back the image “%s”"), path);
      return FALSE;
    }
  *width = (int) ((guint32) head[16] << 24 | (guint32) head[17] << 16 | (guint32) head[18] << 8 | head[19]);
  *height = (int) ((guint32) head[20] << 24 | (guint32) head[21] << 16 | (guint32) head[22] << 8 | head[23]);
  return *width > 0 && *height > 0;
}

static gboolean
export_point_map (WbGame      *game,
                  WbPointMap  *map,
                  const char  *path,
                  double       scale,
                  GError     **error)
{
  g_autofree char *image = wb_tiled_image_path (path, "map");
  g_autofree char *image_base = g_path_get_basename (image);
  g_autoptr(GString) out = g_string_new (NULL);
  WbRenderOptions options;
  char ox[G_ASCII_DTOSTR_BUF_SIZE];
  guint next_object = 1;
  double w, h;
  int width_px, height_px;

  wb_map_get_extent (WB_MAP (map), &w, &h);
  wb_render_options_init (&options);
  options.layers = WB_LAYER_STATIC;
  options.scale = scale;
  if (!wb_render_map_to_file (game, WB_MAP (map), image, WB_EXPORT_PNG, &options, error))
    return FALSE;
  /* The image's size, as Tiled wants it written: from its header (IHDR),
   * without decoding what may be a large image again. */
  if (!png_size (image, &width_px, &height_px, error))
    return FALSE;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (out, "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" "
                          "width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" "
                          "nextlayerid=\"5\" nextobjectid=\"@NEXT@\">\n",
                          MAX ((int) ceil (w * scale / POINT_MAP_TILE), 1),
                          MAX ((int) ceil (h * scale / POINT_MAP_TILE), 1), POINT_MAP_TILE, POINT_MAP_TILE);
  map_properties (out, game, WB_MAP (map));
  /* The render has a margin round the map: its corner lies up and left. */
  num (ox, -RENDER_MARGIN * scale);
  xml (out, " <imagelayer id=\"1\" name=\"map\" offsetx=\"%s\" offsety=\"%s\">\n", ox, ox);
  xml (out, "  <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n </imagelayer>\n", image_base, width_px,
       height_px);
  location_objects (out, map, scale, &next_object, 2);
  connection_objects (out, game, map, scale, &next_object, 3);
  line_objects (out, WB_MAP (map), point_convert, &scale, &next_object, 4);
  g_string_append (out, "</map>\n");
  {
    char next[32];

    g_snprintf (next, sizeof next, "%u", next_object);
    g_string_replace (out, "@NEXT@", next, 1);
  }
  return wb_file_write_atomic (path, out->str, out->len, error);
}

/**
 * wb_tiled_export:
 * @game: the game
 * @map: one of its maps
 * @tmx_path: the .tmx file to write
 * @scale: Tiled pixels per map point; 0 for %WB_TILED_DEFAULT_SCALE
 * @error: return location for a #GError
 *
 * Writes @map as a Tiled map, and the images it uses next to it
 * (wb_tiled_image_path ()): the images first, then the map, each replaced
 * atomically, so a map never names an image that is not there.
 *
 * Returns: %TRUE on success; on failure a %WB_FORMAT_ERROR naming the file.
 */
gboolean
wb_tiled_export (WbGame      *game,
                 WbMap       *map,
                 const char  *tmx_path,
                 double       scale,
                 GError     **error)
{
  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_MAP (map), FALSE);
  g_return_val_if_fail (tmx_path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (scale == 0)
    scale = WB_TILED_DEFAULT_SCALE;
  if (!(scale >= WB_TILED_MIN_SCALE && scale <= WB_TILED_MAX_SCALE))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_RANGE,
                   _("Cannot export “%s”: the scale must be from %g to %g pixels a map point"), tmx_path,
                   WB_TILED_MIN_SCALE, WB_TILED_MAX_SCALE);
      return FALSE;
    }
  if (WB_IS_HEX_MAP (map))
    return export_hex_map (game, WB_HEX_MAP (map), tmx_path, scale, error);
  return export_point_map (game, WB_POINT_MAP (map), tmx_path, scale, error);
}
