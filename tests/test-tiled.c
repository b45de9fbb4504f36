/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-tiled"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

/*
 * The Tiled export is read back as Tiled reads it: the TMX parsed (its
 * map attributes, tile sets with their tiles' terrain, the CSV layers, the
 * objects), every hex's tile compared with the game's terrain, and, when
 * Tiled's own tmxrasterizer is installed, the map rendered by Tiled and the
 * colour at each hex's centre compared with the terrain's fill: a wrong
 * stagger axis or index, or a tile set image out of step with its gids,
 * paints hexes in the wrong place.
 */

#define SQRT3 1.7320508075688772

/* --- The TMX, as read ------------------------------------------------------- */

typedef struct {
  char       *name;
  GHashTable *attrs;        /* the element's attributes */
  GHashTable *properties;   /* the object's properties */
} TmxObject;

typedef struct {
  int         firstgid;
  char       *name;
  char       *image;
  int         image_width, image_height;
  int         tilecount, columns;
  GHashTable *tiles;        /* local id → GHashTable of property → value */
} TmxTileset;

typedef struct {
  GHashTable *map;          /* the <map> attributes */
  GHashTable *map_props;
  GPtrArray  *tilesets;     /* TmxTileset* */
  GHashTable *layers;       /* name → GArray of int (gids) */
  GHashTable *layer_size;   /* name → "WxH" */
  GPtrArray  *layer_order;  /* char* */
  GHashTable *groups;       /* object group name → GPtrArray of TmxObject* */
  GHashTable *image_layer;  /* the <imagelayer>'s <image> attributes, or NULL */
  GHashTable *image_layer_attrs;
  /* parse state */
  GString    *text;
  char       *layer;
  GPtrArray  *group;
  TmxObject  *object;
  TmxTileset *tileset;
  GHashTable *tile;
  gboolean    in_imagelayer;
  gboolean    in_data;
} Tmx;

static GHashTable *
attr_table (const char **names,
            const char **values)
{
  GHashTable *t = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; names[i] != NULL; i++)
    g_hash_table_insert (t, g_strdup (names[i]), g_strdup (values[i]));
  return t;
}

static void
object_free (gpointer p)
{
  TmxObject *o = p;

  g_free (o->name);
  g_hash_table_unref (o->attrs);
  g_hash_table_unref (o->properties);
  g_free (o);
}

static void
tileset_free (gpointer p)
{
  TmxTileset *t = p;

  g_free (t->name);
  g_free (t->image);
  g_hash_table_unref (t->tiles);
  g_free (t);
}

static int
attr_int (GHashTable *attrs,
          const char *name)
{
  const char *v = g_hash_table_lookup (attrs, name);

  ck_assert_msg (v != NULL, "missing attribute %s", name);
  return atoi (v);
}

static double
attr_double (GHashTable *attrs,
             const char *name)
{
  const char *v = g_hash_table_lookup (attrs, name);

  ck_assert_msg (v != NULL, "missing attribute %s", name);
  return g_ascii_strtod (v, NULL);
}

static void
tmx_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             data,
           GError             **error)
{
  Tmx *tmx = data;
  g_autoptr(GHashTable) attrs = attr_table (names, values);

  (void) context;
  (void) error;
  if (strcmp (element, "map") == 0)
    tmx->map = g_hash_table_ref (attrs);
  else if (strcmp (element, "tileset") == 0)
    {
      TmxTileset *t = g_new0 (TmxTileset, 1);

      t->firstgid = attr_int (attrs, "firstgid");
      t->name = g_strdup (g_hash_table_lookup (attrs, "name"));
      t->tilecount = attr_int (attrs, "tilecount");
      t->columns = attr_int (attrs, "columns");
      t->tiles = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
      g_ptr_array_add (tmx->tilesets, t);
      tmx->tileset = t;
    }
  else if (strcmp (element, "image") == 0 && tmx->tileset != NULL)
    {
      tmx->tileset->image = g_strdup (g_hash_table_lookup (attrs, "source"));
      tmx->tileset->image_width = attr_int (attrs, "width");
      tmx->tileset->image_height = attr_int (attrs, "height");
    }
  else if (strcmp (element, "image") == 0 && tmx->in_imagelayer)
    tmx->image_layer = g_hash_table_ref (attrs);
  else if (strcmp (element, "imagelayer") == 0)
    {
      tmx->in_imagelayer = TRUE;
      tmx->image_layer_attrs = g_hash_table_ref (attrs);
    }
  else if (strcmp (element, "tile") == 0 && tmx->tileset != NULL)
    {
      tmx->tile = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_insert (tmx->tileset->tiles, GINT_TO_POINTER (attr_int (attrs, "id")), tmx->tile);
    }
  else if (strcmp (element, "property") == 0)
    {
      GHashTable *into = tmx->tile != NULL ? tmx->tile
                       : tmx->object != NULL ? tmx->object->properties
                       : tmx->group == NULL && tmx->tileset == NULL ? tmx->map_props : NULL;

      if (into != NULL)
        g_hash_table_insert (into, g_strdup (g_hash_table_lookup (attrs, "name")),
                             g_strdup (g_hash_table_lookup (attrs, "value")));
    }
  else if (strcmp (element, "layer") == 0)
    {
      tmx->layer = g_strdup (g_hash_table_lookup (attrs, "name"));
      g_ptr_array_add (tmx->layer_order, g_strdup (tmx->layer));
      g_hash_table_insert (tmx->layer_size, g_strdup (tmx->layer),
                           g_strdup_printf ("%sx%s", (char *) g_hash_table_lookup (attrs, "width"),
                                            (char *) g_hash_table_lookup (attrs, "height")));
    }
  else if (strcmp (element, "data") == 0)
    {
      ck_assert_str_eq (g_hash_table_lookup (attrs, "encoding"), "csv");
      tmx->in_data = TRUE;
      g_string_truncate (tmx->text, 0);
    }
  else if (strcmp (element, "objectgroup") == 0)
    {
      tmx->group = g_ptr_array_new_with_free_func (object_free);
      g_hash_table_insert (tmx->groups, g_strdup (g_hash_table_lookup (attrs, "name")), tmx->group);
    }
  else if (strcmp (element, "object") == 0 && tmx->group != NULL)
    {
      TmxObject *o = g_new0 (TmxObject, 1);

      o->name = g_strdup (g_hash_table_lookup (attrs, "name"));
      o->attrs = g_hash_table_ref (attrs);
      o->properties = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_ptr_array_add (tmx->group, o);
      tmx->object = o;
    }
  else if ((strcmp (element, "polyline") == 0 || strcmp (element, "polygon") == 0 ||
            strcmp (element, "point") == 0) && tmx->object != NULL)
    g_hash_table_insert (tmx->object->attrs, g_strdup ("shape"),
                         g_strdup_printf ("%s %s", element,
                                          g_hash_table_contains (attrs, "points")
                                          ? (char *) g_hash_table_lookup (attrs, "points") : ""));
}

static void
tmx_end (GMarkupParseContext *context,
         const char          *element,
         gpointer             data,
         GError             **error)
{
  Tmx *tmx = data;

  (void) context;
  (void) error;
  if (strcmp (element, "data") == 0)
    {
      g_auto(GStrv) cells = g_strsplit (tmx->text->str, ",", -1);
      GArray *gids = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint i = 0; cells[i] != NULL; i++)
        {
          int v = atoi (g_strstrip (cells[i]));

          g_array_append_val (gids, v);
        }
      g_hash_table_insert (tmx->layers, g_strdup (tmx->layer), gids);
      tmx->in_data = FALSE;
    }
  else if (strcmp (element, "tileset") == 0)
    tmx->tileset = NULL;
  else if (strcmp (element, "tile") == 0)
    tmx->tile = NULL;
  else if (strcmp (element, "layer") == 0)
    g_clear_pointer (&tmx->layer, g_free);
  else if (strcmp (element, "objectgroup") == 0)
    tmx->group = NULL;
  else if (strcmp (element, "object") == 0)
    tmx->object = NULL;
  else if (strcmp (element, "imagelayer") == 0)
    tmx->in_imagelayer = FALSE;
}

static void
tmx_text (GMarkupParseContext *context,
          const char          *text,
          gsize                len,
          gpointer             data,
          GError             **error)
{
  Tmx *tmx = data;

  (void) context;
  (void) error;
  if (tmx->in_data)
    g_string_append_len (tmx->text, text, (gssize) len);
}

static void
tmx_free (Tmx *tmx)
{
  g_clear_pointer (&tmx->map, g_hash_table_unref);
  g_clear_pointer (&tmx->map_props, g_hash_table_unref);
  g_clear_pointer (&tmx->tilesets, g_ptr_array_unref);
  g_clear_pointer (&tmx->layers, g_hash_table_unref);
  g_clear_pointer (&tmx->layer_size, g_hash_table_unref);
  g_clear_pointer (&tmx->layer_order, g_ptr_array_unref);
  g_clear_pointer (&tmx->groups, g_hash_table_unref);
  g_clear_pointer (&tmx->image_layer, g_hash_table_unref);
  g_clear_pointer (&tmx->image_layer_attrs, g_hash_table_unref);
  g_string_free (tmx->text, TRUE);
  g_free (tmx->layer);
  g_free (tmx);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Tmx, tmx_free)

static Tmx *
tmx_read (const char *path)
{
  static const GMarkupParser parser = { tmx_start, tmx_end, tmx_text, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize len;
  Tmx *tmx = g_new0 (Tmx, 1);

  tmx->map_props = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  tmx->tilesets = g_ptr_array_new_with_free_func (tileset_free);
  tmx->layers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  tmx->layer_size = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  tmx->layer_order = g_ptr_array_new_with_free_func (g_free);
  tmx->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  tmx->text = g_string_new (NULL);

  ck_assert_msg (g_file_get_contents (path, &text, &len, &error), "%s", error ? error->message : "");
  context = g_markup_parse_context_new (&parser, 0, tmx, NULL);
  ck_assert_msg (g_markup_parse_context_parse (context, text, (gssize) len, &error) &&
                 g_markup_parse_context_end_parse (context, &error),
                 "%s is not well-formed XML: %s", path, error ? error->message : "");
  ck_assert_ptr_nonnull (tmx->map);
  return tmx;
}

static TmxTileset *
tileset_named (Tmx        *tmx,
               const char *name)
{
  for (guint i = 0; i < tmx->tilesets->len; i++)
    {
      TmxTileset *t = g_ptr_array_index (tmx->tilesets, i);

      if (g_strcmp0 (t->name, name) == 0)
        return t;
    }
  return NULL;
}

/* The property @name of the tile of @gid in @tileset, or NULL. */
static const char *
tile_property (TmxTileset *t,
               int         gid,
               const char *name)
{
  GHashTable *props;

  if (gid < t->firstgid || gid >= t->firstgid + t->tilecount)
    return NULL;
  props = g_hash_table_lookup (t->tiles, GINT_TO_POINTER (gid - t->firstgid));
  return props != NULL ? g_hash_table_lookup (props, name) : NULL;
}

/* --- Fixture ------------------------------------------------------------------ */

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", path, error ? error->message : "");
  return game;
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("wb-tiled-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static const char *hex_games[] = { "battle-of-the-wilderness.warbench", "chickasaw-bayou.warbench" };

/* Where hex (@col, @row) of @map must be in Tiled's pixels: its centre in
 * the game's own geometry (wb_hex_center (), from the map's orientation
 * and parity, not the TMX's stagger), scaled to the TMX's tile size. */
static void
tiled_centre (Tmx      *tmx,
              WbHexMap *map,
              int       col,
              int       row,
              int      *x,
              int      *y)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  double s = wb_hex_map_get_hex_size (map), cx, cy;
  int w = attr_int (tmx->map, "tilewidth"), h = attr_int (tmx->map, "tileheight");

  wb_hex_center (layout, s, (WbOffset) { col, row }, &cx, &cy);
  if (layout.orientation == WB_HEX_FLAT)
    {
      *x = (int) lround (cx * (w / 2.0) / s);
      *y = (int) lround (cy * h / (s * SQRT3));
    }
  else
    {
      *x = (int) lround (cx * w / (s * SQRT3));
      *y = (int) lround (cy * (h / 2.0) / s);
    }
}

/* --- Tests ---------------------------------------------------------------------- */

/* The map's attributes, and the terrain (and elevation) of every hex read
 * back through the gids and the tile sets' properties. */
START_TEST (test_hex_map_round_trip)
{
  g_autoptr(WbGame) game = load_bundled (hex_games[_i]);
  WbHexMap *map = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
  WbHexLayout layout = wb_hex_map_get_layout (map);
  g_autofree char *dir = temp_dir ();
  g_autofree char *tmx_path = g_build_filename (dir, "map.tmx", NULL);
  g_autofree char *terrain_png = wb_tiled_image_path (tmx_path, "terrain");
  g_autoptr(GError) error = NULL;
  g_autoptr(Tmx) tmx = NULL;
  TmxTileset *terrain, *elevation;
  GArray *gids, *levels;
  GPtrArray *objects;
  g_autoptr(GArray) detailed = NULL;
  g_autoptr(GArray) sides = NULL;
  guint n_side_features = 0;
  double s = wb_hex_map_get_hex_size (map);
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);

  ck_assert_msg (wb_tiled_export (game, WB_MAP (map), tmx_path, 0, &error), "%s",
                 error ? error->message : "");
  tmx = tmx_read (tmx_path);

  ck_assert_str_eq (g_hash_table_lookup (tmx->map, "orientation"), "hexagonal");
  ck_assert_str_eq (g_hash_table_lookup (tmx->map, "version"), "1.8");
  ck_assert_int_eq (attr_int (tmx->map, "width"), cols);
  ck_assert_int_eq (attr_int (tmx->map, "height"), rows);
  ck_assert_str_eq (g_hash_table_lookup (tmx->map, "staggeraxis"), layout.orientation == WB_HEX_FLAT ? "x" : "y");
  ck_assert_str_eq (g_hash_table_lookup (tmx->map, "staggerindex"), layout.parity == WB_HEX_ODD ? "odd" : "even");
  /* The hex's side is its size (both even: Tiled steps the columns in
   * whole pixels); the tile is twice as wide. */
  ck_assert_int_eq (attr_int (tmx->map, "hexsidelength") % 2, 0);
  ck_assert (fabs (attr_int (tmx->map, "hexsidelength") - s) <= 1.0);
  ck_assert_int_eq (attr_int (tmx->map, "tilewidth"), 2 * attr_int (tmx->map, "hexsidelength"));
  ck_assert_int_eq (attr_int (tmx->map, "tileheight") % 2, 0);
  ck_assert (fabs (attr_int (tmx->map, "tileheight") - s * SQRT3) <= 1.0);
  ck_assert_str_eq (g_hash_table_lookup (tmx->map_props, "map"), wb_map_get_id (WB_MAP (map)));

  /* The tile set: one tile per terrain type, its image next to the map. */
  terrain = tileset_named (tmx, "terrain");
  ck_assert_ptr_nonnull (terrain);
  ck_assert_int_eq (terrain->firstgid, 1);
  ck_assert_int_eq (terrain->tilecount, (int) wb_game_get_terrain (game)->len);
  ck_assert_str_eq (terrain->image, "map-terrain.png");
  {
    cairo_surface_t *img = cairo_image_surface_create_from_png (terrain_png);

    ck_assert_int_eq (cairo_surface_status (img), CAIRO_STATUS_SUCCESS);
    ck_assert_int_eq (cairo_image_surface_get_width (img), terrain->image_width);
    ck_assert_int_eq (cairo_image_surface_get_height (img), terrain->image_height);
    cairo_surface_destroy (img);
  }

  /* Every hex's tile names its terrain. */
  ck_assert_str_eq (g_ptr_array_index (tmx->layer_order, 0), "terrain");
  gids = g_hash_table_lookup (tmx->layers, "terrain");
  ck_assert_ptr_nonnull (gids);
  ck_assert_uint_eq (gids->len, (guint) (cols * rows));
  for (int row = 0; row < rows; row++)
    for (int col = 0; col < cols; col++)
      {
        int gid = g_array_index (gids, int, row * cols + col);
        const char *t = tile_property (terrain, gid, "terrain");
        char number[WB_HEX_NUMBER_MAX_LEN];

        wb_hex_map_format_hex (map, (WbOffset) { col, row }, number, sizeof number);
        ck_assert_msg (g_strcmp0 (t, wb_hex_map_get_terrain (map, (WbOffset) { col, row })) == 0,
                       "%s: hex %s is %s in Tiled, %s in the game", hex_games[_i], number, t,
                       wb_hex_map_get_terrain (map, (WbOffset) { col, row }));
      }

  /* The levels, when the map has them. */
  elevation = tileset_named (tmx, "elevation");
  levels = g_hash_table_lookup (tmx->layers, "elevation");
  ck_assert_int_eq (elevation != NULL, wb_hex_map_has_elevation (map));
  ck_assert_int_eq (levels != NULL, wb_hex_map_has_elevation (map));
  if (levels != NULL)
    {
      g_autofree char *elevation_png = wb_tiled_image_path (tmx_path, "elevation");

      ck_assert (g_file_test (elevation_png, G_FILE_TEST_IS_REGULAR));
      ck_assert_int_eq (elevation->firstgid, terrain->firstgid + terrain->tilecount);
      for (int row = 0; row < rows; row++)
        for (int col = 0; col < cols; col++)
          {
            const char *level = tile_property (elevation, g_array_index (levels, int, row * cols + col), "elevation");

            ck_assert_ptr_nonnull (level);
            ck_assert_int_eq (atoi (level), wb_hex_map_get_elevation (map, (WbOffset) { col, row }));
          }
    }

  /* A point per hex with a label or features, at the hex's centre; a
   * polyline per hexside feature. */
  detailed = wb_hex_map_list_detailed_hexes (map);
  objects = g_hash_table_lookup (tmx->groups, "hexes");
  ck_assert_ptr_nonnull (objects);
  ck_assert_uint_eq (objects->len, detailed->len);
  for (guint i = 0; i < detailed->len; i++)
    {
      WbOffset hex = g_array_index (detailed, WbOffset, i);
      TmxObject *o = g_ptr_array_index (objects, i);
      char number[WB_HEX_NUMBER_MAX_LEN];
      const char *label = wb_hex_map_get_label (map, hex);
      int x, y;

      wb_hex_map_format_hex (map, hex, number, sizeof number);
      ck_assert_str_eq (g_hash_table_lookup (o->properties, "hex"), number);
      if (label != NULL)
        ck_assert_str_eq (o->name, label);
      tiled_centre (tmx, map, hex.col, hex.row, &x, &y);
      ck_assert (fabs (attr_double (o->attrs, "x") - x) < 0.01);
      ck_assert (fabs (attr_double (o->attrs, "y") - y) < 0.01);
      ck_assert (g_str_has_prefix (g_hash_table_lookup (o->attrs, "shape"), "point"));
    }
  sides = wb_hex_map_list_sides (map);
  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside hs = g_array_index (sides, WbHexside, i);
      GPtrArray *f = wb_hex_map_get_side_features (map, hs.hex, hs.dir);

      n_side_features += f != NULL ? f->len : 0;
    }
  objects = g_hash_table_lookup (tmx->groups, "hexsides");
  ck_assert_ptr_nonnull (objects);
  ck_assert_uint_eq (objects->len, n_side_features);
  ck_assert_ptr_nonnull (g_hash_table_lookup (tmx->groups, "lines"));

  remove_dir (dir);
}
END_TEST

/* The pixel at (@x, @y) of @img, as 0xRRGGBB. */
static guint32
pixel_at (cairo_surface_t *img,
          int              x,
          int              y)
{
  guchar *data = cairo_image_surface_get_data (img);

  ck_assert (x >= 0 && y >= 0 && x < cairo_image_surface_get_width (img) &&
             y < cairo_image_surface_get_height (img));
  return *(guint32 *) (data + y * cairo_image_surface_get_stride (img) + x * 4) & 0xffffff;
}

static gboolean
same_pixel (guint32 a,
            guint32 b,
            int     tolerance)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

/* Tiled renders the export (tmxrasterizer), and each hex, found from the
 * TMX's geometry, shows its terrain: around its centre the pixels of the
 * terrain's tile, and within it the terrain's fill colour more than any
 * other terrain's (the tile's pattern covers the rest). A wrong stagger
 * axis or index, or gids out of step with the tile set image, fail both. */
static void
check_in_tiled (WbGame     *game,
                WbHexMap   *map,
                const char *label)
{
  g_autofree char *rasterizer = g_find_program_in_path ("tmxrasterizer");
  GPtrArray *terrain = wb_game_get_terrain (game);
  g_autofree char *dir = NULL, *tmx_path = NULL, *png = NULL, *tiles_png = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Tmx) tmx = NULL;
  g_auto(GStrv) env = NULL;
  cairo_surface_t *img, *tiles;
  TmxTileset *ts;
  int status = 0, tile_w, tile_h, side, radius;
  guint checked = 0, wrong = 0;

  if (rasterizer == NULL)
    {
      fprintf (stderr, "SKIP %s: tmxrasterizer (package tiled) is not installed\n", label);
      return;
    }
  dir = temp_dir ();
  tmx_path = g_build_filename (dir, "map.tmx", NULL);
  png = g_build_filename (dir, "tiled.png", NULL);
  tiles_png = wb_tiled_image_path (tmx_path, "terrain");
  ck_assert_msg (wb_tiled_export (game, WB_MAP (map), tmx_path, 0, &error), "%s", error ? error->message : "");
  tmx = tmx_read (tmx_path);
  ts = tileset_named (tmx, "terrain");
  tile_w = attr_int (tmx->map, "tilewidth");
  tile_h = attr_int (tmx->map, "tileheight");
  side = attr_int (tmx->map, "hexsidelength");
  radius = side * 7 / 10;   /* well inside the hexagon (its inner radius is 0.87 side) */

  /* Headless: Qt's offscreen platform. Only the terrain layer, at 1 pixel
   * a Tiled pixel. */
  env = g_environ_setenv (g_get_environ (), "QT_QPA_PLATFORM", "offscreen", TRUE);
  {
    const char *argv[] = { rasterizer, "--scale", "1", "--show-layer", "terrain", tmx_path, png, NULL };

    ck_assert_msg (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error), "%s", error ? error->message : "");
  }
  ck_assert_msg (g_spawn_check_wait_status (status, NULL), "tmxrasterizer failed: %s", err);

  img = cairo_image_surface_create_from_png (png);
  tiles = cairo_image_surface_create_from_png (tiles_png);
  ck_assert_int_eq (cairo_surface_status (img), CAIRO_STATUS_SUCCESS);
  ck_assert_int_eq (cairo_surface_status (tiles), CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (img);

  for (int row = 0; row < wb_hex_map_get_rows (map); row++)
    for (int col = 0; col < wb_hex_map_get_cols (map); col++)
      {
        const char *expected = wb_hex_map_get_terrain (map, (WbOffset) { col, row });
        guint count[64] = { 0 };
        guint best = 0, mine = G_MAXUINT, differ = 0;
        int cx, cy, tx, ty;

        for (guint t = 0; t < MIN (terrain->len, G_N_ELEMENTS (count)); t++)
          if (((WbTerrainType *) g_ptr_array_index (terrain, t))->id == expected)
            mine = t;
        ck_assert_uint_ne (mine, G_MAXUINT);
        /* The tile's centre in the tile set image (gid mine + 1). */
        tx = (int) (mine % (guint) ts->columns) * tile_w + tile_w / 2;
        ty = (int) (mine / (guint) ts->columns) * tile_h + tile_h / 2;
        tiled_centre (tmx, map, col, row, &cx, &cy);

        for (int dy = -radius; dy <= radius; dy++)
          for (int dx = -radius; dx <= radius; dx++)
            {
              guint32 v = pixel_at (img, cx + dx, cy + dy);

              if (dx * dx + dy * dy > radius * radius)
                continue;
              if (!same_pixel (v, pixel_at (tiles, tx + dx, ty + dy), 2))
                differ++;
              for (guint t = 0; t < MIN (terrain->len, G_N_ELEMENTS (count)); t++)
                {
                  WbTerrainType *tt = g_ptr_array_index (terrain, t);
                  double r, g, b;

                  if (wb_color_parse (tt->color, &r, &g, &b) &&
                      same_pixel (v, (guint32) lround (r * 255) << 16 | (guint32) lround (g * 255) << 8 |
                                     (guint32) lround (b * 255), 3))
                    count[t]++;
                }
            }
        for (guint t = 0; t < MIN (terrain->len, G_N_ELEMENTS (count)); t++)
          if (count[t] > count[best])
            best = t;
        checked++;
        if ((differ > 0 || count[mine] == 0 || count[mine] < count[best]) && wrong++ < 10)
          {
            char number[WB_HEX_NUMBER_MAX_LEN];

            wb_hex_map_format_hex (map, (WbOffset) { col, row }, number, sizeof number);
            fprintf (stderr, "%s: hex %s (%s) at (%d, %d): %u pixels unlike its tile, %u of its fill, %u of %s's\n",
                     label, number, expected, cx, cy, differ, count[mine], count[best],
                     ((WbTerrainType *) g_ptr_array_index (terrain, best))->id);
          }
      }
  cairo_surface_destroy (img);
  cairo_surface_destroy (tiles);
  ck_assert_uint_eq (checked, (guint) (wb_hex_map_get_cols (map) * wb_hex_map_get_rows (map)));
  ck_assert_msg (wrong == 0, "%s: %u of %u hexes show the wrong terrain in Tiled", label, wrong, checked);
  remove_dir (dir);
}

START_TEST (test_tmxrasterizer_bundled)
{
  g_autoptr(WbGame) game = load_bundled (hex_games[_i]);

  check_in_tiled (game, WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (game), 0)), hex_games[_i]);
}
END_TEST

/* Pointy hexes (stagger axis y), both parities, and flat ones with the
 * other parity: a map of every terrain in turn, no two neighbours alike. */
START_TEST (test_tmxrasterizer_layouts)
{
  static const WbHexLayout layouts[] = {
    { WB_HEX_POINTY, WB_HEX_ODD }, { WB_HEX_POINTY, WB_HEX_EVEN }, { WB_HEX_FLAT, WB_HEX_EVEN },
  };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("map", layouts[_i], 9, 7, "clear");
  g_autoptr(WbGame) game = NULL;
  g_autofree char *label = g_strdup_printf ("%s %s map", layouts[_i].orientation == WB_HEX_FLAT ? "flat" : "pointy",
                                            layouts[_i].parity == WB_HEX_ODD ? "odd" : "even");
  GPtrArray *terrain;

  wb_hex_map_set_hex_size (map, 21);
  game = wb_game_new_with_map (WB_MAP (g_object_ref (map)));
  terrain = wb_game_get_terrain (game);
  ck_assert_uint_ge (terrain->len, 3);
  for (int row = 0; row < 7; row++)
    for (int col = 0; col < 9; col++)
      wb_hex_map_set_terrain (map, (WbOffset) { col, row },
                              ((WbTerrainType *) g_ptr_array_index (terrain, (guint) (col + 2 * row) % terrain->len))->id);
  check_in_tiled (game, map, label);
}
END_TEST

/* A point-to-point map: the map as an image layer under the locations and
 * connections, each object where the game has it. */
START_TEST (test_point_map)
{
  g_autoptr(WbGame) game = load_bundled ("shenandoah.warbench");
  WbPointMap *map = WB_POINT_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
  GPtrArray *locations = wb_point_map_get_locations (map);
  g_autofree char *dir = temp_dir ();
  g_autofree char *tmx_path = g_build_filename (dir, "valley.tmx", NULL);
  g_autofree char *image = wb_tiled_image_path (tmx_path, "map");
  g_autoptr(GError) error = NULL;
  g_autoptr(Tmx) tmx = NULL;
  GPtrArray *objects;
  cairo_surface_t *img;
  const double scale = 2;

  ck_assert_msg (wb_tiled_export (game, WB_MAP (map), tmx_path, scale, &error), "%s",
                 error ? error->message : "");
  tmx = tmx_read (tmx_path);
  ck_assert_str_eq (g_hash_table_lookup (tmx->map, "orientation"), "orthogonal");
  ck_assert_ptr_nonnull (tmx->image_layer);
  ck_assert_str_eq (g_hash_table_lookup (tmx->image_layer, "source"), "valley-map.png");
  img = cairo_image_surface_create_from_png (image);
  ck_assert_int_eq (cairo_surface_status (img), CAIRO_STATUS_SUCCESS);
  ck_assert_int_eq (cairo_image_surface_get_width (img), attr_int (tmx->image_layer, "width"));
  ck_assert_int_eq (cairo_image_surface_get_height (img), attr_int (tmx->image_layer, "height"));
  cairo_surface_destroy (img);
  /* The render's margin lies up and left of the map's origin. */
  ck_assert (attr_double (tmx->image_layer_attrs, "offsetx") < 0);

  objects = g_hash_table_lookup (tmx->groups, "locations");
  ck_assert_ptr_nonnull (objects);
  ck_assert_uint_eq (objects->len, locations->len);
  for (guint i = 0; i < locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);
      TmxObject *o = g_ptr_array_index (objects, i);

      ck_assert_str_eq (g_hash_table_lookup (o->properties, "id"), loc->id);
      ck_assert_str_eq (o->name, loc->name != NULL ? loc->name : loc->id);
      ck_assert (fabs (attr_double (o->attrs, "x") - loc->x * scale) < 0.01);
      ck_assert (fabs (attr_double (o->attrs, "y") - loc->y * scale) < 0.01);
    }
  objects = g_hash_table_lookup (tmx->groups, "connections");
  ck_assert_ptr_nonnull (objects);
  ck_assert_uint_eq (objects->len, wb_point_map_get_connections (map)->len);
  remove_dir (dir);
}
END_TEST

/* The scale sizes the tiles; a scale out of range and a folder that is not
 * there are refused, and nothing is left behind. */
START_TEST (test_scale_and_errors)
{
  g_autoptr(WbGame) game = load_bundled ("battle-of-the-wilderness.warbench");
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  g_autofree char *dir = temp_dir ();
  g_autofree char *tmx_path = g_build_filename (dir, "big.tmx", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "map.tmx", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(Tmx) tmx = NULL;

  ck_assert (wb_tiled_export (game, map, tmx_path, 2.0, &error));
  tmx = tmx_read (tmx_path);
  ck_assert_int_eq (attr_int (tmx->map, "hexsidelength"), 2 * (int) lround (wb_hex_map_get_hex_size (WB_HEX_MAP (map))));

  ck_assert (!wb_tiled_export (game, map, tmx_path, 100.0, &error));
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_RANGE), "%s", error ? error->message : "no error");
  g_clear_error (&error);

  ck_assert (!wb_tiled_export (game, map, missing, 1.0, &error));
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO), "%s", error ? error->message : "no error");
  ck_assert (!g_file_test (missing, G_FILE_TEST_EXISTS));
  remove_dir (dir);
}
END_TEST

static Suite *
tiled_suite (void)
{
  Suite *s = suite_create ("tiled");
  TCase *tc = tcase_create ("export");

  tcase_add_loop_test (tc, test_hex_map_round_trip, 0, G_N_ELEMENTS (hex_games));
  tcase_add_loop_test (tc, test_tmxrasterizer_bundled, 0, G_N_ELEMENTS (hex_games));
  tcase_add_loop_test (tc, test_tmxrasterizer_layouts, 0, 3);
  tcase_add_test (tc, test_point_map);
  tcase_add_test (tc, test_scale_and_errors);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (tiled_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
