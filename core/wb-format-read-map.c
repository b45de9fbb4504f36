/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-format-read-private.h"
#include "wb-print.h"

/* Reading hex and point-to-point maps. */
/* ---- maps --------------------------------------------------------------- */

static const char *flat_dirs[] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *pointy_dirs[] = { "ne", "e", "se", "sw", "w", "nw" };

/* Checks that @s names a hex of @map; the error is at the current path. */
static gboolean
check_hex (Reader *r, WbHexMap *map, const char *s, WbOffset *out)
{
  g_autoptr(GError) error = NULL;

  if (!wb_hex_map_parse_hex_number (map, s, out, &error))
    return fail (r, WB_FORMAT_ERROR_TYPE, "%s", error->message);
  if (!wb_hex_map_contains (map, *out))
    {
      char first[WB_HEX_NUMBER_MAX_LEN], last[WB_HEX_NUMBER_MAX_LEN];
      wb_hex_map_format_hex (map, (WbOffset) { wb_hex_map_get_cols (map) - 1,
                                               wb_hex_map_get_rows (map) - 1 }, last, sizeof last);
      wb_hex_map_format_hex (map, (WbOffset) { 0, 0 }, first, sizeof first);
      return fail (r, WB_FORMAT_ERROR_OFF_MAP,
                   _("hex %s is outside the map (expected %s to %s)"), s, first, last);
    }
  return TRUE;
}

static gboolean
read_hex_ref (Reader *r, WbHexMap *map, const char *member, WbJsonNode *obj, WbOffset *out)
{
  const char *s;
  gsize old;

  if (!wb_read_get_string (r, obj, member, TRUE, &s))
    return FALSE;
  old = wb_read_push_member (r, member);
  if (!check_hex (r, map, s, out))
    return FALSE;
  wb_read_pop (r, old);
  return TRUE;
}

static gboolean
read_map_rows (Reader *r, WbJsonNode *obj, WbHexMap *map, gboolean elevation)
{
  const char *member = elevation ? "elevation" : "terrain";
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  WbJsonNode *array;
  gsize old;

  if (!wb_read_get_array (r, obj, member, WB_HEX_MAP_MAX_DIM, FALSE, &array))
    return FALSE;
  if (array == NULL)
    return TRUE;
  old = wb_read_push_member (r, member);
  if (wb_json_array_get_length (array) != (guint) rows)
    return fail (r, WB_FORMAT_ERROR_RANGE, _("%u rows, expected %d (the map's rows)"),
                 wb_json_array_get_length (array), rows);
  for (int y = 0; y < rows; y++)
    {
      WbJsonNode *node = wb_json_array_get (array, (guint) y);
      gsize o2 = wb_read_push_index (r, (guint) y);
      const char *s;

      if (!wb_read_is_string (node))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"),
                     wb_read_node_type_name (node));
      s = wb_json_get_string (node);
      if (strlen (s) != (gsize) cols)
        return fail (r, WB_FORMAT_ERROR_RANGE,
                     _("a row of %zu characters, expected %d (one per column)"), strlen (s), cols);
      for (int x = 0; x < cols; x++)
        {
          WbOffset hex = { x, y };
          if (elevation)
            {
              if (!g_ascii_isdigit (s[x]))
                return wb_read_fail_at (r, WB_FORMAT_ERROR_TYPE, x + 1,
                                _("“%c” in column %d is not an elevation level (expected 0–9)"),
                                s[x], x + 1);
              wb_hex_map_set_elevation (map, hex, s[x] - '0');
            }
          else
            {
              WbTerrainType *t = wb_game_find_terrain_by_key (r->game, s[x]);
              if (t == NULL)
                return wb_read_fail_at (r, WB_FORMAT_ERROR_REFERENCE, x + 1,
                                _("no terrain type has the key “%c” (column %d)"), s[x], x + 1);
              wb_hex_map_set_terrain (map, hex, t->id);
            }
        }
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

typedef struct
{
  WbHexMap      *map;
  WbFeatureWhere where;
} FeatureCtx;

static gboolean
check_feature_where (Reader *r, const char *id, WbFeatureWhere where)
{
  WbFeatureType *f = wb_game_find_feature (r->game, id);

  if (f == NULL)
    return wb_read_check_feature (r, id);
  if (f->where != where)
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("feature “%s” is a %s feature, expected a %s one"),
                 id, wb_feature_where_to_string (f->where), wb_feature_where_to_string (where));
  return TRUE;
}

static gboolean
check_hex_feature (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_HEX);
}

static gboolean
check_hexside_feature (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_HEXSIDE);
}

static gboolean
check_connection_class (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_CONNECTION);
}

static gboolean
check_crossing (Reader *r, const char *id)
{
  return check_feature_where (r, id, WB_FEATURE_CROSSING);
}

/* The hexes and hexsides of a hex map's entries read so far: each is
 * listed once, or a second entry would silently replace the first's label
 * and merge its features. */
typedef struct
{
  WbHexMap   *map;
  GHashTable *hexes;
  GHashTable *sides;
} EntryCtx;

static gboolean
read_hex_entry (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "label", "features", NULL };
  EntryCtx *ctx = data;
  WbHexMap *map = ctx->map;
  GPtrArray *features = r->ids;
  WbJsonNode *obj;
  const char *label;
  WbOffset hex;
  gpointer key;

  g_ptr_array_set_size (features, 0);
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !read_hex_ref (r, map, "hex", obj, &hex))
    return FALSE;
  key = GUINT_TO_POINTER ((guint) hex.col * 2048u + (guint) hex.row + 1u);
  if (!g_hash_table_add (ctx->hexes, key))
    {
      char text[16];
      gsize old = wb_read_push_member (r, "hex");

      wb_hex_map_format_hex (map, hex, text, sizeof text);
      fail (r, WB_FORMAT_ERROR_DUPLICATE, _("hex %s is listed twice"), text);
      wb_read_pop (r, old);
      return FALSE;
    }
  if (!wb_read_get_string (r, obj, "label", FALSE, &label) ||
      !wb_read_get_id_list (r, obj, "features", 64, check_hex_feature, features))
    return FALSE;
  if (label)
    wb_hex_map_set_label (map, hex, label);
  for (guint i = 0; i < features->len; i++)
    wb_hex_map_add_hex_feature (map, hex, g_ptr_array_index (features, i));
  return TRUE;
}

static gboolean
read_hexside_entry (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "dir", "features", NULL };
  EntryCtx *ctx = data;
  WbHexMap *map = ctx->map;
  const char **dirs = wb_hex_map_get_layout (map).orientation == WB_HEX_FLAT
                      ? flat_dirs : pointy_dirs;
  GPtrArray *features = r->ids;
  WbJsonNode *obj;
  const char *dir_name;
  WbOffset hex;
  int dir = -1;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !read_hex_ref (r, map, "hex", obj, &hex) ||
      !wb_read_get_string (r, obj, "dir", TRUE, &dir_name))
    return FALSE;
  for (int d = 0; d < 6; d++)
    if (strcmp (dirs[d], dir_name) == 0)
      dir = d;
  if (dir < 0)
    {
      gsize old = wb_read_push_member (r, "dir");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown direction “%s” (expected %s, %s, %s, %s, %s or %s)"),
            dir_name, dirs[0], dirs[1], dirs[2], dirs[3], dirs[4], dirs[5]);
      wb_read_pop (r, old);
      return FALSE;
    }
  {
    /* Either hex may name the side: both names are one side. */
    WbHexside side = wb_hexside_canonical (wb_hex_map_get_layout (map), hex, dir);
    gpointer key = GUINT_TO_POINTER (((guint) (side.hex.col + 1) * 2048u + (guint) (side.hex.row + 1)) * 4u +
                                     (guint) side.dir + 1u);
    if (!g_hash_table_add (ctx->sides, key))
      {
        char text[16];

        wb_hex_map_format_hex (map, hex, text, sizeof text);
        return fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the hexside %s %s is listed twice"), text, dir_name);
      }
  }
  g_ptr_array_set_size (features, 0);
  if (!wb_read_get_id_list (r, obj, "features", 64, check_hexside_feature, features))
    return FALSE;
  for (guint i = 0; i < features->len; i++)
    wb_hex_map_add_side_feature (map, hex, dir, g_ptr_array_index (features, i));
  return TRUE;
}

static gboolean
read_mark (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "kind", "side", "vp", "hexes", "note", NULL };
  static const char * const kinds[] = {
    "objective", "entry", "supply", "setup", "trench", "place", NULL
  };
  WbHexMap *map = data;
  WbJsonNode *obj;
  const char *id, *kind;
  WbJsonNode *hexes;
  WbMapMark *mark;
  gsize old;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id) || !wb_read_get_string (r, obj, "kind", TRUE, &kind))
    return FALSE;
  if (!g_strv_contains (kinds, kind))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) kinds);
      old = wb_read_push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown mark kind “%s” (expected one of: %s)"), kind, list);
      wb_read_pop (r, old);
      return FALSE;
    }
  if (wb_hex_map_find_mark (map, id))
    return wb_read_duplicate (r, "mark", id);
  mark = wb_map_mark_new (id);
  mark->kind = g_strdup (kind);
  wb_hex_map_add_mark (map, mark);
  if (!wb_read_get_text (r, obj, "name", &mark->name) ||
      !wb_read_get_ref (r, obj, "side", FALSE, wb_read_check_side, &mark->side) ||
      !wb_read_get_int (r, obj, "vp", FALSE, -100000, 100000, &mark->vp) ||
      !wb_read_get_text (r, obj, "note", &mark->note) ||
      !wb_read_get_array (r, obj, "hexes", (guint) (WB_HEX_MAP_MAX_DIM * WB_HEX_MAP_MAX_DIM), TRUE, &hexes))
    return FALSE;
  old = wb_read_push_member (r, "hexes");
  for (guint i = 0; i < wb_json_array_get_length (hexes); i++)
    {
      WbJsonNode *h = wb_json_array_get (hexes, i);
      gsize o2 = wb_read_push_index (r, i);
      WbOffset hex;

      /* The element itself is the hex: report there. */
      if (!wb_read_is_string (h))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a hex number, found %s"),
                     wb_read_node_type_name (h));
      if (!check_hex (r, map, wb_json_get_string (h), &hex))
        return FALSE;
      g_array_append_val (mark->hexes, hex);
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

/* A printed length (version 9): "16mm", "5/8in", "0.8in"; @points is left
 * 0 when the member is absent. */
gboolean
read_printed_size (Reader *r, WbJsonNode *obj, const char *member, double min, double max, double *points)
{
  g_autoptr(GError) error = NULL;
  const char *text;
  double v;

  *points = 0;
  if (!wb_read_get_string (r, obj, member, FALSE, &text))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!wb_length_parse (text, &v, &error) || v < min || v > max)
    {
      gsize old = wb_read_push_member (r, member);
      fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a printed size from %.0f to %.0f mm (expected a length "
                                       "such as \"16mm\" or \"5/8in\")"), text, min / WB_MM, max / WB_MM);
      wb_read_pop (r, old);
      return FALSE;
    }
  *points = v;
  return TRUE;
}

static gboolean
read_hex_map (Reader *r, WbJsonNode *obj, const char *id, WbMap **out)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "source", "background", "lines", "orientation", "parity", "cols", "rows", "numbering",
    "hex_size", "printed_hex_size", "default_terrain", "terrain", "elevation", "hexes", "hexsides", "marks", NULL
  };
  g_autoptr(WbHexMap) map = NULL;
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  const char *s, *default_terrain;
  int cols = 0, rows = 0;
  WbHexNumbering num = { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 };
  double hex_size = 30, printed = 0;
  WbJsonNode *numbering;

  if (!wb_read_check_members (r, obj, allowed))
    return FALSE;
  if (!wb_read_get_string (r, obj, "orientation", FALSE, &s))
    return FALSE;
  if (s && strcmp (s, "flat") != 0 && strcmp (s, "pointy") != 0)
    {
      gsize old = wb_read_push_member (r, "orientation");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown orientation “%s” (expected flat or pointy)"), s);
      wb_read_pop (r, old);
      return FALSE;
    }
  layout.orientation = s && strcmp (s, "pointy") == 0 ? WB_HEX_POINTY : WB_HEX_FLAT;
  if (!wb_read_get_string (r, obj, "parity", FALSE, &s))
    return FALSE;
  if (s && strcmp (s, "odd") != 0 && strcmp (s, "even") != 0)
    {
      gsize old = wb_read_push_member (r, "parity");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown parity “%s” (expected odd or even)"), s);
      wb_read_pop (r, old);
      return FALSE;
    }
  layout.parity = s && strcmp (s, "even") == 0 ? WB_HEX_EVEN : WB_HEX_ODD;
  /* Dimensions are checked before anything is allocated for them. */
  for (guint i = 0; i < 2; i++)
    {
      const char *member = i ? "rows" : "cols";
      WbJsonNode *n = wb_json_object_get (obj, member);
      if (n && wb_read_is_number (n) && wb_read_number_of (n) > WB_HEX_MAP_MAX_DIM)
        {
          gsize old = wb_read_push_member (r, member);
          fail (r, WB_FORMAT_ERROR_TOO_LARGE, _("%g %s, more than the limit of %d"),
                wb_read_number_of (n), member, WB_HEX_MAP_MAX_DIM);
          wb_read_pop (r, old);
          return FALSE;
        }
    }
  if (!wb_read_get_int (r, obj, "cols", TRUE, 1, WB_HEX_MAP_MAX_DIM, &cols) ||
      !wb_read_get_int (r, obj, "rows", TRUE, 1, WB_HEX_MAP_MAX_DIM, &rows) ||
      !wb_read_get_number (r, obj, "hex_size", FALSE, 4, 500, &hex_size))
    return FALSE;
  numbering = wb_json_object_get (obj, "numbering");
  if (numbering)
    {
      static const char * const nallowed[] = { "scheme", "oblique", "first_col", "first_row", "digits", NULL };
      g_autoptr(GError) error = NULL;
      gsize old = wb_read_push_member (r, "numbering");
      WbJsonNode *n = wb_read_expect_object (r, numbering);
      if (!n || !wb_read_check_members (r, n, nallowed) ||
          !wb_read_get_string (r, n, "scheme", FALSE, &s))
        return FALSE;
      if (s && !wb_hex_numbering_scheme_from_string (s, &num.scheme))
        {
          wb_read_push_member (r, "scheme");
          return fail (r, WB_FORMAT_ERROR_TYPE,
                       _("unknown numbering scheme “%s” (expected digits, letters or mixed)"), s);
        }
      if (!wb_read_get_bool (r, n, "oblique", &num.oblique) ||
          !wb_read_get_int (r, n, "first_col", FALSE, 0, 9999, &num.first_col) ||
          !wb_read_get_int (r, n, "first_row", FALSE, 0, 9999, &num.first_row) ||
          !wb_read_get_int (r, n, "digits", FALSE, 1, 4, &num.digits))
        return FALSE;
      if (!wb_hex_numbering_check (&num, layout, cols, rows, &error))
        return fail (r, WB_FORMAT_ERROR_RANGE, "%s", error->message);
      wb_read_pop (r, old);
    }
  else
    wb_hex_numbering_fit (&num, layout, cols, rows);
  if (!wb_read_get_string (r, obj, "default_terrain", !wb_json_object_get (obj, "terrain"),
                   &default_terrain))
    return FALSE;
  if (default_terrain)
    {
      gsize old = wb_read_push_member (r, "default_terrain");
      if (!wb_game_find_terrain (r->game, default_terrain))
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown terrain “%s”"), default_terrain);
      wb_read_pop (r, old);
    }
  else
    {
      GPtrArray *terrain = wb_game_get_terrain (r->game);
      if (terrain->len == 0)
        return fail (r, WB_FORMAT_ERROR_MISSING, _("a hex map needs at least one terrain type"));
      default_terrain = ((WbTerrainType *) g_ptr_array_index (terrain, 0))->id;
    }
  if (!wb_read_charge (r, (guint64) cols * (guint64) rows * WB_READ_HEX_COST))
    return FALSE;
  map = wb_hex_map_new (id, layout, cols, rows, default_terrain);
  wb_hex_map_set_hex_numbering (map, &num);
  wb_hex_map_set_hex_size (map, hex_size);
  if (!read_printed_size (r, obj, "printed_hex_size", 2 * WB_MM, 4 * WB_INCH, &printed))
    return FALSE;
  wb_hex_map_set_printed_hex_size (map, printed);
  {
    g_autoptr(GHashTable) hexes = g_hash_table_new (NULL, NULL);
    g_autoptr(GHashTable) sides = g_hash_table_new (NULL, NULL);
    EntryCtx entries = { map, hexes, sides };

    if (!read_map_rows (r, obj, map, FALSE) || !read_map_rows (r, obj, map, TRUE) ||
        !wb_read_for_each (r, obj, "hexes", (guint) cols * (guint) rows, FALSE, read_hex_entry, &entries) ||
        !wb_read_for_each (r, obj, "hexsides", (guint) cols * (guint) rows * 3 + 4000, FALSE,
                   read_hexside_entry, &entries) ||
        !wb_read_for_each (r, obj, "marks", WB_GAME_MAX_ENTITIES, FALSE, read_mark, map))
      return FALSE;
  }
  *out = WB_MAP (g_steal_pointer (&map));
  return TRUE;
}

static gboolean
read_string_ids (Reader *r, WbJsonNode *obj, const char *member, RefCheck check, GPtrArray *out)
{
  return wb_read_get_id_list (r, obj, member, 64, check, out);
}

static gboolean
read_location (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "x", "y", "label_dx", "label_dy", "major", "port", "fortress", "vp",
    "supply", "replacement", "tags", "note", NULL
  };
  WbPointMap *map = data;
  double w, h;
  WbJsonNode *obj;
  const char *id;
  WbLocation *loc;

  wb_map_get_extent (WB_MAP (map), &w, &h);
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  loc = wb_location_new (id);
  if (!wb_point_map_add_location (map, loc))
    {
      wb_location_free (loc);
      return wb_read_duplicate (r, "location", id);
    }
  return wb_read_get_text (r, obj, "name", &loc->name) &&
         wb_read_get_number (r, obj, "x", TRUE, 0, w, &loc->x) &&
         wb_read_get_number (r, obj, "y", TRUE, 0, h, &loc->y) &&
         wb_read_get_number (r, obj, "label_dx", FALSE, -1000, 1000, &loc->label_dx) &&
         wb_read_get_number (r, obj, "label_dy", FALSE, -1000, 1000, &loc->label_dy) &&
         wb_read_get_bool (r, obj, "major", &loc->major) &&
         wb_read_get_bool (r, obj, "port", &loc->port) &&
         wb_read_get_int (r, obj, "fortress", FALSE, 0, 1000, &loc->fortress) &&
         wb_read_get_int (r, obj, "vp", FALSE, -100000, 100000, &loc->vp) &&
         read_string_ids (r, obj, "supply", wb_read_check_side, loc->supply) &&
         read_string_ids (r, obj, "replacement", wb_read_check_side, loc->replacement) &&
         read_string_ids (r, obj, "tags", NULL, loc->tags) &&
         wb_read_get_text (r, obj, "note", &loc->note);
}


static gboolean
check_location_in_current (Reader *r, const char *id)
{
  if (wb_point_map_find_location (r->point_map, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown location “%s”"), id);
}

/* A point map and its connections read so far: two connections of one
 * class between the same two locations (in either order) are one listed
 * twice; connections of different classes may join the same locations. */
typedef struct
{
  WbPointMap *map;
  GHashTable *seen;
} ConnectionCtx;

static gboolean
read_connection (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "a", "b", "class", "crossings", "note", NULL };
  ConnectionCtx *ctx = data;
  WbPointMap *map = ctx->map;
  WbJsonNode *obj;
  const char *a, *b, *klass;
  WbConnection *c;
  char *key;

  r->point_map = map;
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_ref (r, obj, "a", TRUE, check_location_in_current, &a) ||
      !wb_read_get_ref (r, obj, "b", TRUE, check_location_in_current, &b) ||
      !wb_read_get_ref (r, obj, "class", TRUE, check_connection_class, &klass))
    return FALSE;
  if (a == b)
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("a connection must join two different locations"));
  key = strcmp (a, b) < 0 ? g_strjoin ("\n", a, b, klass, NULL) : g_strjoin ("\n", b, a, klass, NULL);
  if (!g_hash_table_add (ctx->seen, key))
    return fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the %s connection between “%s” and “%s” is listed twice"),
                 klass, a, b);
  c = wb_connection_new (a, b, klass);
  wb_point_map_add_connection (map, c);
  return read_string_ids (r, obj, "crossings", check_crossing, c->crossings) &&
         wb_read_get_text (r, obj, "note", &c->note);
}

static gboolean
read_point_map (Reader *r, WbJsonNode *obj, const char *id, WbMap **out)
{
  static const char * const allowed[] = {
    "id", "name", "kind", "source", "background", "lines", "width", "height", "locations", "connections",
    NULL
  };
  g_autoptr(WbPointMap) map = NULL;
  double w = 0, h = 0;

  if (!wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_number (r, obj, "width", TRUE, 1, WB_POINT_MAP_MAX_EXTENT, &w) ||
      !wb_read_get_number (r, obj, "height", TRUE, 1, WB_POINT_MAP_MAX_EXTENT, &h))
    return FALSE;
  map = wb_point_map_new (id, w, h);
  {
    g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    ConnectionCtx connections = { map, seen };

    if (!wb_read_for_each (r, obj, "locations", WB_POINT_MAP_MAX_LOCATIONS, FALSE, read_location, map) ||
        !wb_read_for_each (r, obj, "connections", WB_POINT_MAP_MAX_LOCATIONS * 8, FALSE, read_connection,
                           &connections))
      return FALSE;
  }
  *out = WB_MAP (g_steal_pointer (&map));
  return TRUE;
}

/* The scan under the map. A missing or unreadable image is not an error:
 * the path is kept (saving loses nothing) and the map shows without it. */
static gboolean
read_background (Reader *r, WbJsonNode *map_obj, WbMap *map)
{
  static const char * const allowed[] = {
    "image", "opacity", "x", "y", "scale", "rotation", "hidden", NULL
  };
  WbJsonNode *node = wb_json_object_get (map_obj, "background");
  WbMapBackground bg = { NULL, 0.5, 0, 0, 1, 0, FALSE, NULL, NULL };
  WbJsonNode *obj;
  const char *image;
  gsize old;

  if (node == NULL)
    return TRUE;
  old = wb_read_push_member (r, "background");
  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "image", TRUE, &image) ||
      !wb_read_get_number (r, obj, "opacity", FALSE, 0, 1, &bg.opacity) ||
      !wb_read_get_number (r, obj, "x", FALSE, -1e6, 1e6, &bg.x) ||
      !wb_read_get_number (r, obj, "y", FALSE, -1e6, 1e6, &bg.y) ||
      !wb_read_get_number (r, obj, "scale", FALSE, 1e-6, 1e6, &bg.scale) ||
      !wb_read_get_number (r, obj, "rotation", FALSE, -360, 360, &bg.rotation) ||
      !wb_read_get_bool (r, obj, "hidden", &bg.hidden))
    return FALSE;
  if (*image == '\0')
    {
      wb_read_push_member (r, "image");
      return fail (r, WB_FORMAT_ERROR_TYPE, _("expected the path of an image"));
    }
  bg.image = (char *) image;
  if (g_path_is_absolute (image) || r->base_dir != NULL)
    {
      g_autofree char *path = g_path_is_absolute (image)
                              ? g_strdup (image) : g_build_filename (r->base_dir, image, NULL);
      /* Only noted: the image is decoded when first drawn (WbMapBackground). */
      bg.file = g_steal_pointer (&path);
    }
  wb_map_set_background (map, &bg);
  g_clear_pointer (&bg.file, g_free);
  wb_read_pop (r, old);
  return TRUE;
}

/* One drawn line: {"style", "name", "side", "closed", "points": [[x, y], …]}. */
static gboolean
read_line (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "style", "name", "side", "closed", "points", NULL };
  WbMap *map = data;
  WbJsonNode *obj, *points;
  const char *style;
  WbMapLine *line;
  double w, h;
  gsize old;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "style", TRUE, &style))
    return FALSE;
  if (!g_strv_contains (wb_map_line_styles (), style))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) wb_map_line_styles ());

      old = wb_read_push_member (r, "style");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown line style “%s” (expected one of: %s)"), style, list);
      wb_read_pop (r, old);
      return FALSE;
    }
  line = wb_map_line_new (style);
  wb_map_insert_line (map, line, G_MAXUINT);
  if (!wb_read_get_text (r, obj, "name", &line->name) ||
      !wb_read_get_ref (r, obj, "side", FALSE, wb_read_check_side, &line->side) ||
      !wb_read_get_bool (r, obj, "closed", &line->closed) ||
      !wb_read_get_array (r, obj, "points", WB_MAP_LINE_MAX_POINTS, TRUE, &points))
    return FALSE;

  /* Points may lie a little off the map (a river leaving it), not far. */
  wb_map_get_extent (map, &w, &h);
  old = wb_read_push_member (r, "points");
  if (wb_json_array_get_length (points) < 2)
    return fail (r, WB_FORMAT_ERROR_TYPE, _("a line needs at least 2 points"));
  for (guint i = 0; i < wb_json_array_get_length (points); i++)
    {
      WbJsonNode *pair = wb_json_array_get (points, i);
      gsize o2 = wb_read_push_index (r, i);
      WbMapPoint p;

      if (!wb_json_is (pair, WB_JSON_ARRAY) || wb_json_array_get_length (pair) != 2 ||
          !wb_read_is_number (wb_json_array_get (pair, 0)) ||
          !wb_read_is_number (wb_json_array_get (pair, 1)))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a point [x, y], found %s"),
                     wb_read_node_type_name (pair));
      p.x = wb_read_number_of (wb_json_array_get (pair, 0));
      p.y = wb_read_number_of (wb_json_array_get (pair, 1));
      if (!(p.x >= -w && p.x <= 2 * w && p.y >= -h && p.y <= 2 * h))
        return fail (r, WB_FORMAT_ERROR_RANGE, _("point (%g, %g) is far outside the map (%g × %g)"),
                     p.x, p.y, w, h);
      g_array_append_val (line->points, p);
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

gboolean
_wb_read_map (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  WbJsonNode *obj;
  const char *id, *kind, *name, *source;
  WbMap *map = NULL;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_get_id (r, obj, "id", TRUE, &id) ||
      !wb_read_get_string (r, obj, "kind", TRUE, &kind) || !wb_read_get_string (r, obj, "name", FALSE, &name) ||
      !wb_read_get_string (r, obj, "source", FALSE, &source))
    return FALSE;
  if (wb_game_find_map (r->game, id))
    return wb_read_duplicate (r, "map", id);
  if (strcmp (kind, "hex") == 0)
    {
      if (!read_hex_map (r, obj, id, &map))
        return FALSE;
    }
  else if (strcmp (kind, "points") == 0)
    {
      if (!read_point_map (r, obj, id, &map))
        return FALSE;
    }
  else
    {
      gsize old = wb_read_push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE, _("unknown map kind “%s” (expected hex or points)"), kind);
      wb_read_pop (r, old);
      return FALSE;
    }
  wb_map_set_name (map, name);
  wb_map_set_source (map, source);
  if (!read_background (r, obj, map) ||
      !wb_read_for_each (r, obj, "lines", WB_MAP_MAX_LINES, FALSE, read_line, map))
    {
      g_object_unref (map);
      return FALSE;
    }
  wb_game_add_map (r->game, map);
  return TRUE;
}

