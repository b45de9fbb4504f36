/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-hex-region"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-hex-region.h"
#include "wb-json-private.h"
#include "wb-util-private.h"

#define CLIP_FORMAT  "warbench-hex-clip"
#define CLIP_VERSION 1
/* Axial steps a clip may hold: twice the largest map in either direction. */
#define MAX_STEP     (2 * WB_HEX_MAP_MAX_DIM)

typedef struct
{
  WbAxial     at;          /* from the anchor */
  const char *terrain;     /* interned */
  int         elevation;
  gboolean    has_elevation;
  char       *label;
  GPtrArray  *features;    /* interned ids, or NULL */
} ClipHex;

typedef struct
{
  WbAxial     at;          /* one of its hexes, from the anchor */
  WbAxial     toward;      /* the axial step to the other hex */
  GPtrArray  *features;    /* interned ids, never empty */
} ClipSide;

struct _WbHexClip
{
  WbHexOrientation orientation;
  WbOffset         anchor;
  GArray          *hexes;  /* ClipHex */
  GArray          *sides;  /* ClipSide */
};

static const WbAxial axial_steps[WB_HEX_DIRECTIONS] = {
  { +1, 0 }, { +1, -1 }, { 0, -1 }, { -1, 0 }, { -1, +1 }, { 0, +1 },
};

static void
clip_hex_clear (ClipHex *h)
{
  g_free (h->label);
  g_clear_pointer (&h->features, g_ptr_array_unref);
}

static void
clip_side_clear (ClipSide *s)
{
  g_clear_pointer (&s->features, g_ptr_array_unref);
}

static WbHexClip *
clip_new (WbHexOrientation orientation,
          WbOffset         anchor)
{
  WbHexClip *clip = g_atomic_rc_box_new0 (WbHexClip);

  clip->orientation = orientation;
  clip->anchor = anchor;
  clip->hexes = g_array_new (FALSE, TRUE, sizeof (ClipHex));
  g_array_set_clear_func (clip->hexes, (GDestroyNotify) clip_hex_clear);
  clip->sides = g_array_new (FALSE, TRUE, sizeof (ClipSide));
  g_array_set_clear_func (clip->sides, (GDestroyNotify) clip_side_clear);
  return clip;
}

static void
clip_free (WbHexClip *clip)
{
  g_array_unref (clip->hexes);
  g_array_unref (clip->sides);
}

WbHexClip *
wb_hex_clip_ref (WbHexClip *clip)
{
  g_return_val_if_fail (clip != NULL, NULL);
  return g_atomic_rc_box_acquire (clip);
}

void
wb_hex_clip_unref (WbHexClip *clip)
{
  if (clip != NULL)
    g_atomic_rc_box_release_full (clip, (GDestroyNotify) clip_free);
}

guint
wb_hex_clip_get_n_hexes (WbHexClip *clip)
{
  g_return_val_if_fail (clip != NULL, 0);
  return clip->hexes->len;
}

guint
wb_hex_clip_get_n_sides (WbHexClip *clip)
{
  g_return_val_if_fail (clip != NULL, 0);
  return clip->sides->len;
}

WbOffset
wb_hex_clip_get_anchor (WbHexClip *clip)
{
  WbOffset none = { 0, 0 };

  g_return_val_if_fail (clip != NULL, none);
  return clip->anchor;
}

WbHexOrientation
wb_hex_clip_get_orientation (WbHexClip *clip)
{
  g_return_val_if_fail (clip != NULL, WB_HEX_FLAT);
  return clip->orientation;
}

static GPtrArray *
copy_ids (GPtrArray *ids)
{
  if (ids == NULL || ids->len == 0)
    return NULL;
  return g_ptr_array_copy (ids, NULL, NULL);
}

static inline gsize
hex_index (WbHexMap *map,
           WbOffset  hex)
{
  return (gsize) hex.row * (gsize) wb_hex_map_get_cols (map) + (gsize) hex.col;
}

/* A set of hexes of one map: a bitmap the size of the map. */
typedef struct
{
  WbHexMap *map;
  guint8   *bits;
} HexSet;

static void
hex_set_init (HexSet   *set,
              WbHexMap *map)
{
  set->map = map;
  set->bits = g_new0 (guint8, ((gsize) wb_hex_map_get_cols (map) *
                               (gsize) wb_hex_map_get_rows (map) + 7) / 8);
}

static gboolean
hex_set_has (HexSet  *set,
             WbOffset hex)
{
  gsize i;

  if (!wb_hex_map_contains (set->map, hex))
    return FALSE;
  i = hex_index (set->map, hex);
  return (set->bits[i / 8] >> (i % 8)) & 1;
}

/* FALSE if @hex is off the map or already in. */
static gboolean
hex_set_add (HexSet  *set,
             WbOffset hex)
{
  gsize i;

  if (!wb_hex_map_contains (set->map, hex) || hex_set_has (set, hex))
    return FALSE;
  i = hex_index (set->map, hex);
  set->bits[i / 8] |= (guint8) (1u << (i % 8));
  return TRUE;
}

static void
hex_set_clear (HexSet *set)
{
  g_clear_pointer (&set->bits, g_free);
}

/* The hexsides with features whose two hexes are both in @set, appended
 * to @out (canonical, in the map's order). Found from the map's sparse
 * hexside table, so the cost follows the hexsides that have features, not
 * the size of the set. */
static void
featured_sides (WbHexMap *map,
                HexSet   *set,
                GArray   *out)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  g_autoptr(GArray) sides = wb_hex_map_list_sides (map);

  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside side = g_array_index (sides, WbHexside, i);
      WbOffset a, b;

      wb_hexside_hexes (layout, side, &a, &b);
      if (hex_set_has (set, a) && hex_set_has (set, b))
        g_array_append_val (out, side);
    }
}

WbHexClip *
wb_hex_clip_new_from_map (WbHexMap       *map,
                          const WbOffset *hexes,
                          guint           n_hexes,
                          WbOffset        anchor)
{
  WbHexLayout layout;
  WbAxial origin;
  WbHexClip *clip;
  HexSet set;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_autoptr(GArray) sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  gboolean elevation;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);

  layout = wb_hex_map_get_layout (map);
  origin = wb_hex_offset_to_axial (layout, anchor);
  elevation = wb_hex_map_has_elevation (map);
  clip = clip_new (layout.orientation, anchor);

  hex_set_init (&set, map);
  for (guint i = 0; i < n_hexes; i++)
    if (hex_set_add (&set, hexes[i]))
      g_array_append_val (kept, hexes[i]);

  for (guint i = 0; i < kept->len; i++)
    {
      WbOffset hex = g_array_index (kept, WbOffset, i);
      WbAxial a = wb_hex_offset_to_axial (layout, hex);
      ClipHex h = { { a.q - origin.q, a.r - origin.r }, NULL, 0, FALSE, NULL, NULL };

      h.terrain = wb_hex_map_get_terrain (map, hex);
      h.has_elevation = elevation;
      h.elevation = wb_hex_map_get_elevation (map, hex);
      h.label = g_strdup (wb_hex_map_get_label (map, hex));
      h.features = copy_ids (wb_hex_map_get_hex_features (map, hex));
      g_array_append_val (clip->hexes, h);
    }

  featured_sides (map, &set, sides);
  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside s = g_array_index (sides, WbHexside, i);
      GPtrArray *features = wb_hex_map_get_side_features (map, s.hex, s.dir);
      WbOffset a_hex, b_hex;
      WbAxial a, b;
      ClipSide side;

      wb_hexside_hexes (layout, s, &a_hex, &b_hex);
      a = wb_hex_offset_to_axial (layout, a_hex);
      b = wb_hex_offset_to_axial (layout, b_hex);
      side.at = (WbAxial) { a.q - origin.q, a.r - origin.r };
      side.toward = (WbAxial) { b.q - a.q, b.r - a.r };
      side.features = copy_ids (features);
      g_array_append_val (clip->sides, side);
    }
  hex_set_clear (&set);
  return clip;
}

static WbOffset
place_one (WbHexLayout layout,
           WbAxial     origin,
           WbAxial     at)
{
  return wb_hex_axial_to_offset (layout, (WbAxial) { origin.q + at.q, origin.r + at.r });
}

GArray *
wb_hex_clip_place (WbHexClip  *clip,
                   WbHexLayout layout,
                   WbOffset    anchor)
{
  WbAxial origin;
  GArray *out;

  g_return_val_if_fail (clip != NULL, NULL);

  origin = wb_hex_offset_to_axial (layout, anchor);
  out = g_array_sized_new (FALSE, FALSE, sizeof (WbOffset), clip->hexes->len);
  for (guint i = 0; i < clip->hexes->len; i++)
    {
      WbOffset o = place_one (layout, origin, g_array_index (clip->hexes, ClipHex, i).at);

      g_array_append_val (out, o);
    }
  return out;
}

static gboolean
check_feature (WbGame         *game,
               const char     *id,
               WbFeatureWhere  where,
               GError        **error)
{
  WbFeatureType *f = wb_game_find_feature (game, id);

  if (f == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("This game has no feature “%s”"), id);
      return FALSE;
    }
  if (f->where != where)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   where == WB_FEATURE_HEX ? _("Feature “%s” cannot be placed in a hex")
                                           : _("Feature “%s” cannot be placed on a hexside"),
                   id);
      return FALSE;
    }
  return TRUE;
}

gboolean
wb_hex_clip_check_game (WbHexClip  *clip,
                        WbGame     *game,
                        GError    **error)
{
  g_return_val_if_fail (clip != NULL, FALSE);
  g_return_val_if_fail (WB_IS_GAME (game), FALSE);

  for (guint i = 0; i < clip->hexes->len; i++)
    {
      ClipHex *h = &g_array_index (clip->hexes, ClipHex, i);

      if (wb_game_find_terrain (game, h->terrain) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("This game has no terrain “%s”"), h->terrain);
          return FALSE;
        }
      for (guint j = 0; h->features != NULL && j < h->features->len; j++)
        if (!check_feature (game, g_ptr_array_index (h->features, j), WB_FEATURE_HEX, error))
          return FALSE;
    }
  for (guint i = 0; i < clip->sides->len; i++)
    {
      ClipSide *s = &g_array_index (clip->sides, ClipSide, i);

      for (guint j = 0; j < s->features->len; j++)
        if (!check_feature (game, g_ptr_array_index (s->features, j), WB_FEATURE_HEXSIDE, error))
          return FALSE;
    }
  return TRUE;
}

/* JSON ----------------------------------------------------------------- */

/* Written by hand rather than with JsonBuilder: a clip of a whole large map
 * is a million small objects, which the builder's node tree makes slow. */
static void
append_string (GString    *out,
               const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) c);
        }
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

static void
append_ids (GString   *out,
            GPtrArray *ids)
{
  g_string_append (out, ", \"features\": [");
  for (guint i = 0; i < ids->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_string (out, g_ptr_array_index (ids, i));
    }
  g_string_append_c (out, ']');
}

char *
wb_hex_clip_to_json (WbHexClip *clip)
{
  GString *out;

  g_return_val_if_fail (clip != NULL, NULL);

  out = g_string_sized_new (64 + 48 * (gsize) clip->hexes->len);
  g_string_append_printf (out, "{\"format\": \"%s\", \"version\": %d, \"orientation\": \"%s\", "
                          "\"anchor\": [%d, %d],\n \"hexes\": [",
                          CLIP_FORMAT, CLIP_VERSION,
                          clip->orientation == WB_HEX_FLAT ? "flat" : "pointy",
                          clip->anchor.col, clip->anchor.row);
  for (guint i = 0; i < clip->hexes->len; i++)
    {
      ClipHex *h = &g_array_index (clip->hexes, ClipHex, i);

      g_string_append_printf (out, "%s\n  {\"at\": [%d, %d], \"terrain\": ", i > 0 ? "," : "",
                              h->at.q, h->at.r);
      append_string (out, h->terrain);
      if (h->has_elevation)
        g_string_append_printf (out, ", \"elevation\": %d", h->elevation);
      if (h->label != NULL)
        {
          g_string_append (out, ", \"label\": ");
          append_string (out, h->label);
        }
      if (h->features != NULL)
        append_ids (out, h->features);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n \"hexsides\": [");
  for (guint i = 0; i < clip->sides->len; i++)
    {
      ClipSide *s = &g_array_index (clip->sides, ClipSide, i);

      g_string_append_printf (out, "%s\n  {\"at\": [%d, %d], \"toward\": [%d, %d]",
                              i > 0 ? "," : "", s->at.q, s->at.r, s->toward.q, s->toward.r);
      append_ids (out, s->features);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
  return g_string_free (out, FALSE);
}

/* Where in the clip a value is, made into "$.hexes[3].at[1]" only when
 * something is wrong there. */
typedef struct
{
  const char *array;    /* "hexes", "hexsides", or NULL at the top */
  guint       index;
  const char *member;   /* or NULL */
  int         item;     /* in the member's array, or -1 */
} Path;

static Path
path_member (Path        base,
             const char *member)
{
  base.member = member;
  base.item = -1;
  return base;
}

static Path
path_item (Path base,
           int  item)
{
  base.item = item;
  return base;
}

static char *
path_string (const Path *p)
{
  GString *s = g_string_new ("$");

  if (p->array != NULL)
    g_string_append_printf (s, ".%s[%u]", p->array, p->index);
  if (p->member != NULL)
    g_string_append_printf (s, ".%s", p->member);
  if (p->item >= 0)
    g_string_append_printf (s, "[%d]", p->item);
  return g_string_free (s, FALSE);
}

G_GNUC_PRINTF (4, 5) static gboolean
clip_fail (GError        **error,
           WbFormatError   code,
           Path            path,
           const char     *format,
           ...)
{
  g_autofree char *what = NULL;
  g_autofree char *where = path_string (&path);
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: a problem in a pasted map clip; %s: a JSON path, what is wrong */
  g_set_error (error, WB_FORMAT_ERROR, code, _("Map clip: %s: %s"), where, what);
  return FALSE;
}

static gboolean
check_members (const WbJsonNode   *obj,
               const char * const *allowed,
               Path                path,
               GError            **error)
{
  for (guint i = 0; i < wb_json_object_get_size (obj); i++)
    {
      const char *key = wb_json_object_get_member (obj, i)->key;

      if (!g_strv_contains (allowed, key))
        return clip_fail (error, WB_FORMAT_ERROR_TYPE, path, _("unknown member “%s”"), key);
    }
  return TRUE;
}

static gboolean
read_int (const WbJsonNode *node,
          Path              path,
          int               min,
          int               max,
          int              *out,
          GError          **error)
{
  if (!wb_json_is (node, WB_JSON_INT))
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, path, _("expected an integer"));
  if (node->u.i < min || node->u.i > max)
    return clip_fail (error, WB_FORMAT_ERROR_RANGE, path,
                      _("%" G_GINT64_FORMAT " is outside %d to %d"), node->u.i, min, max);
  *out = (int) node->u.i;
  return TRUE;
}

static gboolean
read_pair (const WbJsonNode *obj,
           const char       *member,
           Path              base,
           int               min,
           int               max,
           int              *x,
           int              *y,
           GError          **error)
{
  const WbJsonNode *node = wb_json_object_get (obj, member);
  Path p = path_member (base, member);

  if (node == NULL)
    return clip_fail (error, WB_FORMAT_ERROR_MISSING, p, _("missing"));
  if (!wb_json_is (node, WB_JSON_ARRAY) || wb_json_array_get_length (node) != 2)
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, p, _("expected an array of two integers"));
  return read_int (wb_json_array_get (node, 0), path_item (p, 0), min, max, x, error) &&
         read_int (wb_json_array_get (node, 1), path_item (p, 1), min, max, y, error);
}

static gboolean
read_id (const WbJsonNode *node,
         Path              path,
         const char      **out,
         GError          **error)
{
  if (!wb_json_is (node, WB_JSON_STRING) || *wb_json_get_string (node) == '\0' ||
      node->len > 256 || !g_utf8_validate (wb_json_get_string (node), node->len, NULL))
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, path,
                      _("expected an id (a short, non-empty string)"));
  *out = g_intern_string (wb_json_get_string (node));
  return TRUE;
}

static gboolean
read_features (const WbJsonNode *obj,
               Path              base,
               gboolean          required,
               GPtrArray       **out,
               GError          **error)
{
  const WbJsonNode *node = wb_json_object_get (obj, "features");
  Path p = path_member (base, "features");
  g_autoptr(GPtrArray) ids = NULL;

  *out = NULL;
  if (node == NULL)
    return required ? clip_fail (error, WB_FORMAT_ERROR_MISSING, p, _("missing")) : TRUE;
  if (!wb_json_is (node, WB_JSON_ARRAY) || wb_json_array_get_length (node) == 0 ||
      wb_json_array_get_length (node) > WB_HEX_CLIP_MAX_FEATURES)
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, p,
                      _("expected an array of 1 to %d feature ids"), WB_HEX_CLIP_MAX_FEATURES);
  ids = g_ptr_array_new ();
  for (guint i = 0; i < wb_json_array_get_length (node); i++)
    {
      const char *id;

      if (!read_id (wb_json_array_get (node, i), path_item (p, (int) i), &id, error))
        return FALSE;
      if (g_ptr_array_find (ids, id, NULL))
        return clip_fail (error, WB_FORMAT_ERROR_DUPLICATE, path_item (p, (int) i),
                          _("“%s” is listed twice"), id);
      g_ptr_array_add (ids, (gpointer) id);
    }
  *out = g_steal_pointer (&ids);
  return TRUE;
}

/* A hex of the clip as a key: its step from the anchor, both within
 * ±MAX_STEP. */
static int
step_key (WbAxial at)
{
  return (at.q + MAX_STEP) * (2 * MAX_STEP + 1) + (at.r + MAX_STEP);
}

static gboolean
read_hex (WbHexClip        *clip,
          GHashTable       *seen,
          const WbJsonNode *obj,
          Path              path,
          GError          **error)
{
  static const char * const allowed[] = { "at", "terrain", "elevation", "label", "features", NULL };
  ClipHex h = { { 0, 0 }, NULL, 0, FALSE, NULL, NULL };
  const WbJsonNode *node;

  if (!wb_json_is (obj, WB_JSON_OBJECT))
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, path, _("expected an object"));
  if (!check_members (obj, allowed, path, error) ||
      !read_pair (obj, "at", path, -MAX_STEP, MAX_STEP, &h.at.q, &h.at.r, error))
    return FALSE;
  if (!g_hash_table_add (seen, GINT_TO_POINTER (step_key (h.at))))
    return clip_fail (error, WB_FORMAT_ERROR_DUPLICATE, path_member (path, "at"),
                      _("hex %d, %d is listed twice"), h.at.q, h.at.r);

  node = wb_json_object_get (obj, "terrain");
  if (node == NULL)
    return clip_fail (error, WB_FORMAT_ERROR_MISSING, path_member (path, "terrain"), _("missing"));
  if (!read_id (node, path_member (path, "terrain"), &h.terrain, error))
    return FALSE;

  node = wb_json_object_get (obj, "elevation");
  if (node != NULL)
    {
      if (!read_int (node, path_member (path, "elevation"), 0, 9, &h.elevation, error))
        return FALSE;
      h.has_elevation = TRUE;
    }

  node = wb_json_object_get (obj, "label");
  if (node != NULL)
    {
      if (!wb_json_is (node, WB_JSON_STRING) || node->len == 0 ||
          node->len > WB_HEX_CLIP_MAX_LABEL || !g_utf8_validate (node->u.s, node->len, NULL))
        return clip_fail (error, WB_FORMAT_ERROR_TYPE, path_member (path, "label"),
                          _("expected a non-empty string of at most %d bytes"),
                          WB_HEX_CLIP_MAX_LABEL);
      h.label = g_strdup (wb_json_get_string (node));
    }

  if (!read_features (obj, path, FALSE, &h.features, error))
    {
      g_free (h.label);
      return FALSE;
    }
  g_array_append_val (clip->hexes, h);
  return TRUE;
}

static int
step_index (WbAxial step)
{
  for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
    if (axial_steps[i].q == step.q && axial_steps[i].r == step.r)
      return i;
  return -1;
}

static gboolean
read_side (WbHexClip        *clip,
           GHashTable       *hexes,
           GHashTable       *seen,
           const WbJsonNode *obj,
           Path              path,
           GError          **error)
{
  static const char * const allowed[] = { "at", "toward", "features", NULL };
  ClipSide s = { { 0, 0 }, { 0, 0 }, NULL };
  WbAxial other;
  int step, key_a, key_b;

  if (!wb_json_is (obj, WB_JSON_OBJECT))
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, path, _("expected an object"));
  if (!check_members (obj, allowed, path, error) ||
      !read_pair (obj, "at", path, -MAX_STEP, MAX_STEP, &s.at.q, &s.at.r, error) ||
      !read_pair (obj, "toward", path, -1, 1, &s.toward.q, &s.toward.r, error))
    return FALSE;
  step = step_index (s.toward);
  if (step < 0)
    return clip_fail (error, WB_FORMAT_ERROR_RANGE, path_member (path, "toward"),
                      _("expected one of the six axial steps to a neighbouring hex"));

  /* Both hexes must be in the clip: it holds only hexsides inside it. */
  other = (WbAxial) { s.at.q + s.toward.q, s.at.r + s.toward.r };
  if (other.q < -MAX_STEP || other.q > MAX_STEP || other.r < -MAX_STEP || other.r > MAX_STEP ||
      !g_hash_table_contains (hexes, GINT_TO_POINTER (step_key (s.at))) ||
      !g_hash_table_contains (hexes, GINT_TO_POINTER (step_key (other))))
    return clip_fail (error, WB_FORMAT_ERROR_REFERENCE, path,
                      _("a hexside must lie between two hexes of the clip"));
  /* The same hexside named from either hex counts once: key it from the
   * hex with the lower key. */
  key_a = step_key (s.at);
  key_b = step_key (other);
  if (!g_hash_table_add (seen, GINT_TO_POINTER (key_a < key_b ? key_a * 6 + step
                                                : key_b * 6 + (step + 3) % 6)))
    return clip_fail (error, WB_FORMAT_ERROR_DUPLICATE, path, _("this hexside is listed twice"));

  if (!read_features (obj, path, TRUE, &s.features, error))
    return FALSE;
  g_array_append_val (clip->sides, s);
  return TRUE;
}

WbHexClip *
wb_hex_clip_new_from_json (const char  *text,
                           gssize       len,
                           GError     **error)
{
  static const char * const allowed[] = {
    "format", "version", "orientation", "anchor", "hexes", "hexsides", NULL
  };
  const Path top = { NULL, 0, NULL, -1 };
  g_autoptr(WbJsonDoc) doc = NULL;
  g_autoptr(WbHexClip) clip = NULL;
  g_autoptr(GHashTable) hexes = NULL;
  g_autoptr(GHashTable) sides = NULL;
  const WbJsonNode *root, *node;
  const char *orientation;
  WbOffset anchor;
  int version;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  if (len < 0)
    len = (gssize) strlen (text);
  if ((gsize) len > WB_HEX_CLIP_MAX_TEXT_LEN)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_LARGE,
                   _("Map clip: the text is larger than %d MiB"),
                   (int) (WB_HEX_CLIP_MAX_TEXT_LEN / (1024 * 1024)));
      return NULL;
    }
  if (!g_utf8_validate (text, len, NULL))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX,
                   _("Map clip: the text is not valid UTF-8"));
      return NULL;
    }

  doc = wb_json_parse (text, (gsize) len, error);
  if (doc == NULL)
    {
      g_prefix_error (error, _("Map clip: "));
      return NULL;
    }
  root = wb_json_doc_get_root (doc);
  if (!wb_json_is (root, WB_JSON_OBJECT) ||
      !wb_json_is (wb_json_object_get (root, "format"), WB_JSON_STRING) ||
      !g_str_equal (wb_json_get_string (wb_json_object_get (root, "format")), CLIP_FORMAT))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_NOT_A_GAME,
                   _("Map clip: the text is not a Warbench map clip (\"format\": \"%s\" expected)"),
                   CLIP_FORMAT);
      return NULL;
    }
  if (!check_members (root, allowed, top, error))
    return NULL;
  node = wb_json_object_get (root, "version");
  if (node == NULL)
    return clip_fail (error, WB_FORMAT_ERROR_MISSING, path_member (top, "version"), _("missing")), NULL;
  if (!read_int (node, path_member (top, "version"), 1, G_MAXINT, &version, error))
    return NULL;
  if (version > CLIP_VERSION)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_NEW,
                   _("Map clip: version %d was written by a newer Warbench (this one reads %d)"),
                   version, CLIP_VERSION);
      return NULL;
    }
  node = wb_json_object_get (root, "orientation");
  if (!wb_json_is (node, WB_JSON_STRING) ||
      (!g_str_equal ((orientation = wb_json_get_string (node)), "flat") &&
       !g_str_equal (orientation, "pointy")))
    return clip_fail (error, node == NULL ? WB_FORMAT_ERROR_MISSING : WB_FORMAT_ERROR_TYPE,
                      path_member (top, "orientation"), _("expected \"flat\" or \"pointy\"")), NULL;
  if (!read_pair (root, "anchor", top, 0, WB_HEX_MAP_MAX_DIM - 1, &anchor.col, &anchor.row, error))
    return NULL;

  clip = clip_new (g_str_equal (orientation, "flat") ? WB_HEX_FLAT : WB_HEX_POINTY, anchor);
  hexes = g_hash_table_new (NULL, NULL);
  sides = g_hash_table_new (NULL, NULL);

  node = wb_json_object_get (root, "hexes");
  if (node == NULL)
    return clip_fail (error, WB_FORMAT_ERROR_MISSING, path_member (top, "hexes"), _("missing")), NULL;
  if (!wb_json_is (node, WB_JSON_ARRAY) || wb_json_array_get_length (node) == 0)
    return clip_fail (error, WB_FORMAT_ERROR_TYPE, path_member (top, "hexes"),
                      _("expected a non-empty array")), NULL;
  if (wb_json_array_get_length (node) > WB_HEX_CLIP_MAX_HEXES)
    return clip_fail (error, WB_FORMAT_ERROR_TOO_LARGE, path_member (top, "hexes"),
                      _("more than %d hexes"), WB_HEX_CLIP_MAX_HEXES), NULL;
  for (guint i = 0; i < wb_json_array_get_length (node); i++)
    {
      Path p = { "hexes", i, NULL, -1 };

      if (!read_hex (clip, hexes, wb_json_array_get (node, i), p, error))
        return NULL;
    }

  node = wb_json_object_get (root, "hexsides");
  if (node != NULL)
    {
      if (!wb_json_is (node, WB_JSON_ARRAY))
        return clip_fail (error, WB_FORMAT_ERROR_TYPE, path_member (top, "hexsides"),
                          _("expected an array")), NULL;
      if (wb_json_array_get_length (node) > 3 * clip->hexes->len)
        return clip_fail (error, WB_FORMAT_ERROR_TOO_LARGE, path_member (top, "hexsides"),
                          _("more hexsides than %u hexes can have"), clip->hexes->len), NULL;
      for (guint i = 0; i < wb_json_array_get_length (node); i++)
        {
          Path p = { "hexsides", i, NULL, -1 };

          if (!read_side (clip, hexes, sides, wb_json_array_get (node, i), p, error))
            return NULL;
        }
    }
  return g_steal_pointer (&clip);
}

/* What a region edit changes, recorded hex by hex ---------------------- */

typedef struct
{
  WbOffset    hex;
  const char *terrain;
  int         elevation;
  char       *label;
  GPtrArray  *features;   /* copy, or NULL */
} HexState;

typedef struct
{
  WbHexside   side;
  GPtrArray  *features;   /* copy, or NULL */
} SideState;

/* A mark's hex list as it was before a move took its hexes along. */
typedef struct
{
  const char *id;         /* interned */
  GArray     *hexes;      /* WbOffset */
} MarkState;

static void
mark_state_free (MarkState *s)
{
  g_array_unref (s->hexes);
  g_free (s);
}

static void
hex_state_clear (HexState *s)
{
  g_free (s->label);
  g_clear_pointer (&s->features, g_ptr_array_unref);
}

static void
side_state_clear (SideState *s)
{
  g_clear_pointer (&s->features, g_ptr_array_unref);
}

/* Gives the hexside exactly @features, in that order. */
static void
set_side_features (WbHexMap  *map,
                   WbHexside  side,
                   GPtrArray *features)
{
  GPtrArray *now = wb_hex_map_get_side_features (map, side.hex, side.dir);
  g_autoptr(GPtrArray) old = copy_ids (now);

  for (guint i = 0; old != NULL && i < old->len; i++)
    wb_hex_map_remove_side_feature (map, side.hex, side.dir, g_ptr_array_index (old, i));
  for (guint i = 0; features != NULL && i < features->len; i++)
    wb_hex_map_add_side_feature (map, side.hex, side.dir, g_ptr_array_index (features, i));
}

/* Gives @hex exactly this content. Labels and features are only touched
 * when they differ, so no empty detail record is left behind. */
static void
set_hex_content (WbHexMap   *map,
                 WbOffset    hex,
                 const char *terrain,
                 int         elevation,
                 const char *label,
                 GPtrArray  *features)
{
  GPtrArray *now;
  gboolean same = TRUE;

  wb_hex_map_set_terrain (map, hex, terrain);
  if (elevation != wb_hex_map_get_elevation (map, hex))
    wb_hex_map_set_elevation (map, hex, elevation);
  if (g_strcmp0 (label, wb_hex_map_get_label (map, hex)) != 0)
    wb_hex_map_set_label (map, hex, label);

  now = wb_hex_map_get_hex_features (map, hex);
  if ((now != NULL ? now->len : 0) != (features != NULL ? features->len : 0))
    same = FALSE;
  for (guint i = 0; same && now != NULL && i < now->len; i++)
    same = g_ptr_array_index (now, i) == g_ptr_array_index (features, i);
  if (!same)
    {
      g_autoptr(GPtrArray) old = copy_ids (now);

      for (guint i = 0; old != NULL && i < old->len; i++)
        wb_hex_map_remove_hex_feature (map, hex, g_ptr_array_index (old, i));
      for (guint i = 0; features != NULL && i < features->len; i++)
        wb_hex_map_add_hex_feature (map, hex, g_ptr_array_index (features, i));
    }
}

/* Region commands ------------------------------------------------------ */

typedef enum {
  REGION_PASTE,
  REGION_CLEAR,
  REGION_MOVE,
} RegionKind;

#define WB_TYPE_REGION_COMMAND (wb_region_command_get_type ())
G_DECLARE_FINAL_TYPE (WbRegionCommand, wb_region_command, WB, REGION_COMMAND, WbCommand)

struct _WbRegionCommand
{
  WbCommand    parent_instance;

  WbGame      *game;       /* may be NULL */
  WbHexMap    *map;
  RegionKind   kind;
  WbHexClip   *clip;       /* paste */
  GArray      *source;     /* clear, move: WbOffset */
  WbOffset     from, to;   /* move; paste: @to is the anchor */
  const char  *fill;       /* clear, move: interned */

  /* Set by apply: what it changed, as it was. */
  GArray      *hexes;      /* HexState */
  GArray      *sides;      /* SideState */
  gboolean     had_elevation;
  GPtrArray   *marks;      /* move: MarkState of the marks it changed */
};

G_DEFINE_FINAL_TYPE (WbRegionCommand, wb_region_command, WB_TYPE_COMMAND)

static void
record (WbRegionCommand *self,
        GArray          *hexes,
        GArray          *sides)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_sized_new (FALSE, FALSE, sizeof (gint64), sides->len);

  g_array_set_size (self->hexes, 0);
  g_array_set_size (self->sides, 0);
  self->had_elevation = wb_hex_map_has_elevation (self->map);
  for (guint i = 0; i < hexes->len; i++)
    {
      WbOffset hex = g_array_index (hexes, WbOffset, i);
      HexState s;

      s.hex = hex;
      s.terrain = wb_hex_map_get_terrain (self->map, hex);
      s.elevation = wb_hex_map_get_elevation (self->map, hex);
      s.label = g_strdup (wb_hex_map_get_label (self->map, hex));
      s.features = copy_ids (wb_hex_map_get_hex_features (self->map, hex));
      g_array_append_val (self->hexes, s);
    }
  /* Each hexside once: one may be inside both the source and the
   * destination of a move, and in the clip too. */
  g_array_set_size (keys, sides->len);
  for (guint i = 0; i < sides->len; i++)
    {
      WbHexside side = g_array_index (sides, WbHexside, i);
      gint64 *key = &g_array_index (keys, gint64, i);
      SideState s;

      *key = (((gint64) side.hex.col + 1) * 4096 + (side.hex.row + 1)) * 8 + side.dir;
      if (!g_hash_table_add (seen, key))
        continue;
      s.side = side;
      s.features = copy_ids (wb_hex_map_get_side_features (self->map, side.hex, side.dir));
      g_array_append_val (self->sides, s);
    }
}

/* The on-map, distinct hexes of @hexes into @set and @out. */
static void
collect (HexSet   *set,
         GArray   *hexes,
         GArray   *out)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      WbOffset hex = g_array_index (hexes, WbOffset, i);

      if (hex_set_add (set, hex))
        g_array_append_val (out, hex);
    }
}

static void
clear_hexes (WbRegionCommand *self,
             GArray          *hexes,
             GArray          *sides)
{
  for (guint i = 0; i < hexes->len; i++)
    set_hex_content (self->map, g_array_index (hexes, WbOffset, i), self->fill, 0, NULL, NULL);
  for (guint i = 0; i < sides->len; i++)
    set_side_features (self->map, g_array_index (sides, WbHexside, i), NULL);
}

/* The clip's hexsides that land with both hexes in @dest: canonical sides
 * into @sides, their features (borrowed) into @features. */
static void
place_sides (WbRegionCommand *self,
             WbHexClip       *clip,
             WbOffset         anchor,
             HexSet          *dest,
             GArray          *sides,
             GPtrArray       *features)
{
  WbHexLayout layout = wb_hex_map_get_layout (self->map);
  WbAxial origin = wb_hex_offset_to_axial (layout, anchor);

  for (guint i = 0; i < clip->sides->len; i++)
    {
      ClipSide *s = &g_array_index (clip->sides, ClipSide, i);
      WbOffset a = place_one (layout, origin, s->at);
      WbOffset b = place_one (layout, origin, (WbAxial) { s->at.q + s->toward.q,
                                                          s->at.r + s->toward.r });
      int dir = wb_hex_direction_to (layout, a, b);
      WbHexside side;

      g_assert (dir >= 0);
      if (!hex_set_has (dest, a) || !hex_set_has (dest, b))
        continue;
      side = wb_hexside_canonical (layout, a, dir);
      g_array_append_val (sides, side);
      g_ptr_array_add (features, s->features);
    }
}

static void
paste_clip (WbRegionCommand *self,
            WbHexClip       *clip,
            GArray          *placed,        /* wb_hex_clip_place () */
            GArray          *dest_sides,    /* featured_sides () of the destination */
            GArray          *clip_sides,    /* place_sides () */
            GPtrArray       *clip_features)
{
  for (guint i = 0; i < placed->len; i++)
    {
      WbOffset hex = g_array_index (placed, WbOffset, i);
      ClipHex *h = &g_array_index (clip->hexes, ClipHex, i);

      if (wb_hex_map_contains (self->map, hex))
        set_hex_content (self->map, hex, h->terrain, h->elevation, h->label, h->features);
    }
  /* The hexsides inside the destination are the clip's, and only those. */
  for (guint i = 0; i < dest_sides->len; i++)
    set_side_features (self->map, g_array_index (dest_sides, WbHexside, i), NULL);
  for (guint i = 0; i < clip_sides->len; i++)
    set_side_features (self->map, g_array_index (clip_sides, WbHexside, i),
                       g_ptr_array_index (clip_features, i));
}

/* A move takes the mark memberships (objective, set-up area…) of its hexes
 * along: @src[i] went to @placed[i]; one that fell off the map leaves the
 * mark. Each changed mark's old list is kept for revert. */
static void
move_marks (WbRegionCommand *self,
            HexSet          *src_set,
            GArray          *src,
            GArray          *placed)
{
  GPtrArray *marks = wb_hex_map_get_marks (self->map);
  int cols = wb_hex_map_get_cols (self->map);
  g_autoptr(GHashTable) where = g_hash_table_new (NULL, NULL);

  g_ptr_array_set_size (self->marks, 0);
  for (guint i = 0; i < src->len; i++)
    {
      WbOffset h = g_array_index (src, WbOffset, i);

      g_hash_table_insert (where, GSIZE_TO_POINTER ((gsize) h.row * cols + h.col + 1),
                           GUINT_TO_POINTER (i + 1));
    }
  for (guint m = 0; m < marks->len; m++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, m);
      g_autoptr(GArray) moved = g_array_new (FALSE, FALSE, sizeof (WbOffset));
      gboolean changed = FALSE;
      MarkState *state;

      for (guint i = 0; i < mark->hexes->len; i++)
        {
          WbOffset h = g_array_index (mark->hexes, WbOffset, i);
          guint at;

          if (hex_set_has (src_set, h) &&
              (at = GPOINTER_TO_UINT (g_hash_table_lookup (where,
                                       GSIZE_TO_POINTER ((gsize) h.row * cols + h.col + 1)))) > 0)
            {
              h = g_array_index (placed, WbOffset, at - 1);
              changed = TRUE;
              if (!wb_hex_map_contains (self->map, h))
                continue;
            }
          g_array_append_val (moved, h);
        }
      if (!changed)
        continue;
      /* A hex listed once: a moved hex may land on one already in it. */
      for (guint i = moved->len; i-- > 0;)
        for (guint j = 0; j < i; j++)
          if (wb_offset_equal (g_array_index (moved, WbOffset, i), g_array_index (moved, WbOffset, j)))
            {
              g_array_remove_index (moved, i);
              break;
            }
      state = g_new (MarkState, 1);
      state->id = mark->id;
      state->hexes = g_array_copy (mark->hexes);
      g_ptr_array_add (self->marks, state);
      g_array_set_size (mark->hexes, 0);
      g_array_append_vals (mark->hexes, moved->data, moved->len);
    }
}

static gboolean
check_fill (WbRegionCommand *self,
            GError         **error)
{
  if (self->game != NULL && wb_game_find_terrain (self->game, self->fill) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("This game has no terrain “%s”"), self->fill);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_source (WbRegionCommand *self,
              GError         **error)
{
  for (guint i = 0; i < self->source->len; i++)
    {
      WbOffset hex = g_array_index (self->source, WbOffset, i);

      if (!wb_hex_map_contains (self->map, hex))
        {
          char buf[32];

          wb_hex_map_format_hex (self->map, hex, buf, sizeof buf);
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                       _("Hex %s is not on map “%s”"), buf, wb_map_get_name (WB_MAP (self->map)));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
wb_region_command_apply (WbCommand  *command,
                         GError    **error)
{
  WbRegionCommand *self = WB_REGION_COMMAND (command);
  WbHexLayout layout = wb_hex_map_get_layout (self->map);
  g_autoptr(WbHexClip) clip = NULL;
  g_autoptr(GArray) placed = NULL;
  g_autoptr(GArray) src = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_autoptr(GArray) dst = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_autoptr(GArray) src_sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  g_autoptr(GArray) dst_sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_autoptr(GArray) all_sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  g_autoptr(GArray) clip_sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  g_autoptr(GPtrArray) clip_features = g_ptr_array_new ();
  HexSet src_set, dst_set, all_set;
  gboolean ok = TRUE;

  /* Check everything before changing anything. */
  if (self->kind != REGION_PASTE && (!check_source (self, error) || !check_fill (self, error)))
    return FALSE;
  if (self->kind == REGION_PASTE)
    {
      if (self->game != NULL && !wb_hex_clip_check_game (self->clip, self->game, error))
        return FALSE;
      clip = wb_hex_clip_ref (self->clip);
    }
  else if (self->kind == REGION_MOVE)
    clip = wb_hex_clip_new_from_map (self->map, (WbOffset *) self->source->data,
                                     self->source->len, self->from);

  hex_set_init (&src_set, self->map);
  hex_set_init (&dst_set, self->map);
  hex_set_init (&all_set, self->map);
  if (self->kind != REGION_PASTE)
    {
      collect (&src_set, self->source, src);
      featured_sides (self->map, &src_set, src_sides);
    }
  if (clip != NULL)
    {
      placed = wb_hex_clip_place (clip, layout, self->to);
      collect (&dst_set, placed, dst);
      featured_sides (self->map, &dst_set, dst_sides);
      place_sides (self, clip, self->to, &dst_set, clip_sides, clip_features);
      if (self->kind == REGION_PASTE && dst->len == 0)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                       _("Nothing of the pasted region falls on map “%s”"),
                       wb_map_get_name (WB_MAP (self->map)));
          ok = FALSE;
        }
    }

  if (ok)
    {
      collect (&all_set, src, all);
      collect (&all_set, dst, all);
      g_array_append_vals (all_sides, src_sides->data, src_sides->len);
      g_array_append_vals (all_sides, dst_sides->data, dst_sides->len);
      g_array_append_vals (all_sides, clip_sides->data, clip_sides->len);
      record (self, all, all_sides);

      if (self->kind != REGION_PASTE)
        clear_hexes (self, src, src_sides);
      if (clip != NULL)
        paste_clip (self, clip, placed, dst_sides, clip_sides, clip_features);
      if (self->kind == REGION_MOVE)
        move_marks (self, &src_set, src, placed);
      wb_map_changed (WB_MAP (self->map));
    }

  hex_set_clear (&src_set);
  hex_set_clear (&dst_set);
  hex_set_clear (&all_set);
  return ok;
}

static void
wb_region_command_revert (WbCommand *command)
{
  WbRegionCommand *self = WB_REGION_COMMAND (command);

  for (guint i = 0; i < self->marks->len; i++)
    {
      MarkState *s = g_ptr_array_index (self->marks, i);
      WbMapMark *mark = wb_hex_map_find_mark (self->map, s->id);

      g_assert (mark != NULL);
      g_array_set_size (mark->hexes, 0);
      g_array_append_vals (mark->hexes, s->hexes->data, s->hexes->len);
    }
  for (guint i = self->sides->len; i-- > 0;)
    {
      SideState *s = &g_array_index (self->sides, SideState, i);

      set_side_features (self->map, s->side, s->features);
    }
  for (guint i = self->hexes->len; i-- > 0;)
    {
      HexState *s = &g_array_index (self->hexes, HexState, i);

      set_hex_content (self->map, s->hex, s->terrain, s->elevation, s->label, s->features);
    }
  if (!self->had_elevation)
    wb_hex_map_clear_elevation (self->map);
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_region_command_finalize (GObject *object)
{
  WbRegionCommand *self = WB_REGION_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_pointer (&self->clip, wb_hex_clip_unref);
  g_clear_pointer (&self->source, g_array_unref);
  g_array_unref (self->hexes);
  g_array_unref (self->sides);
  g_ptr_array_unref (self->marks);
  G_OBJECT_CLASS (wb_region_command_parent_class)->finalize (object);
}

static void
wb_region_command_class_init (WbRegionCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_region_command_finalize;
  command_class->apply = wb_region_command_apply;
  command_class->revert = wb_region_command_revert;
}

static void
wb_region_command_init (WbRegionCommand *self)
{
  self->hexes = g_array_new (FALSE, FALSE, sizeof (HexState));
  g_array_set_clear_func (self->hexes, (GDestroyNotify) hex_state_clear);
  self->sides = g_array_new (FALSE, FALSE, sizeof (SideState));
  g_array_set_clear_func (self->sides, (GDestroyNotify) side_state_clear);
  self->marks = g_ptr_array_new_with_free_func ((GDestroyNotify) mark_state_free);
}

static WbRegionCommand *
region_new (WbGame     *game,
            WbHexMap   *map,
            RegionKind  kind)
{
  WbRegionCommand *self = g_object_new (WB_TYPE_REGION_COMMAND, NULL);

  self->game = game != NULL ? g_object_ref (game) : NULL;
  self->map = g_object_ref (map);
  self->kind = kind;
  return self;
}

static void
region_set_source (WbRegionCommand *self,
                   const WbOffset  *hexes,
                   guint            n_hexes,
                   const char      *fill)
{
  self->source = g_array_sized_new (FALSE, FALSE, sizeof (WbOffset), n_hexes);
  g_array_append_vals (self->source, hexes, n_hexes);
  self->fill = g_intern_string (fill);
}

/**
 * wb_command_paste_region_new:
 * @game: (nullable): the game, to check the clip's ids against
 * @map: a hex map
 * @clip: what to paste
 * @anchor: where the clip's anchor lands
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_paste_region_new (WbGame    *game,
                             WbHexMap  *map,
                             WbHexClip *clip,
                             WbOffset   anchor)
{
  WbRegionCommand *self;
  g_autofree char *label = NULL;
  guint n;

  g_return_val_if_fail (game == NULL || WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (clip != NULL, NULL);

  self = region_new (game, map, REGION_PASTE);
  self->clip = wb_hex_clip_ref (clip);
  self->to = anchor;
  n = clip->hexes->len;
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Paste %u hex", "Paste %u hexes", n), n);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_clear_region_new:
 * @game: (nullable): the game, to check @terrain against
 * @map: a hex map
 * @hexes: (array length=n_hexes): the region
 * @n_hexes: the number of @hexes
 * @terrain: the terrain the region gets
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_clear_region_new (WbGame         *game,
                             WbHexMap       *map,
                             const WbOffset *hexes,
                             guint           n_hexes,
                             const char     *terrain)
{
  WbRegionCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (game == NULL || WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);
  g_return_val_if_fail (terrain != NULL, NULL);

  self = region_new (game, map, REGION_CLEAR);
  region_set_source (self, hexes, n_hexes, terrain);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Delete %u hex", "Delete %u hexes",
                                        n_hexes), n_hexes);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_move_region_new:
 * @game: (nullable): the game, to check @fill against
 * @map: a hex map
 * @hexes: (array length=n_hexes): the region
 * @n_hexes: the number of @hexes
 * @from: a hex (usually of the region)
 * @to: where @from's content goes; the rest follows in the same shape
 * @fill: the terrain the vacated hexes get
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_move_region_new (WbGame         *game,
                            WbHexMap       *map,
                            const WbOffset *hexes,
                            guint           n_hexes,
                            WbOffset        from,
                            WbOffset        to,
                            const char     *fill)
{
  WbRegionCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (game == NULL || WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);
  g_return_val_if_fail (fill != NULL, NULL);

  self = region_new (game, map, REGION_MOVE);
  region_set_source (self, hexes, n_hexes, fill);
  self->from = from;
  self->to = to;
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Move %u hex", "Move %u hexes",
                                        n_hexes), n_hexes);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
