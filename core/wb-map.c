/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "wb-map.h"
#include "wb-util-private.h"

typedef struct
{
  const char      *id;
  char            *name;
  char            *source;
  WbMapBackground *background;
  GPtrArray       *lines;       /* WbMapLine* */
} WbMapPrivate;

static void
background_free (WbMapBackground *bg)
{
  if (bg == NULL)
    return;
  g_free (bg->image);
  g_free (bg->file);
  g_clear_pointer (&bg->scan, wb_scan_unref);
  g_free (bg);
}

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (WbMap, wb_map, G_TYPE_OBJECT)

enum { PROP_0, PROP_ID, PROP_NAME, PROP_SOURCE, N_PROPS };
enum { CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
wb_map_finalize (GObject *object)
{
  WbMapPrivate *priv = wb_map_get_instance_private (WB_MAP (object));

  g_free (priv->name);
  g_free (priv->source);
  g_clear_pointer (&priv->background, background_free);
  g_clear_pointer (&priv->lines, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_map_parent_class)->finalize (object);
}

static void
wb_map_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbMap *self = WB_MAP (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, wb_map_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, wb_map_get_name (self));
      break;
    case PROP_SOURCE:
      g_value_set_string (value, wb_map_get_source (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbMap *self = WB_MAP (object);
  WbMapPrivate *priv = wb_map_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ID:
      priv->id = g_intern_string (g_value_get_string (value));
      break;
    case PROP_NAME:
      wb_map_set_name (self, g_value_get_string (value));
      break;
    case PROP_SOURCE:
      wb_map_set_source (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_class_init (WbMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = wb_map_finalize;
  object_class->get_property = wb_map_get_property;
  object_class->set_property = wb_map_set_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOURCE] =
    g_param_spec_string ("source", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbMap::changed:
   *
   * The map's content (terrain, hexsides, locations…) changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
wb_map_init (WbMap *self)
{
  WbMapPrivate *priv = wb_map_get_instance_private (self);

  priv->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_line_free);
}

/* Lines ----------------------------------------------------------------- */

static const char * const line_styles[] = {
  "river", "ridge", "boundary", "vp-line", "line", NULL
};

const char * const *
wb_map_line_styles (void)
{
  return line_styles;
}

WbMapLine *
wb_map_line_new (const char *style)
{
  WbMapLine *line = g_new0 (WbMapLine, 1);

  line->style = g_intern_string (style != NULL ? style : "line");
  line->points = g_array_new (FALSE, FALSE, sizeof (WbMapPoint));
  return line;
}

WbMapLine *
wb_map_line_copy (const WbMapLine *line)
{
  WbMapLine *copy = wb_map_line_new (line->style);

  copy->name = g_strdup (line->name);
  copy->side = line->side;
  copy->closed = line->closed;
  g_array_append_vals (copy->points, line->points->data, line->points->len);
  return copy;
}

void
wb_map_line_free (WbMapLine *line)
{
  if (line == NULL)
    return;
  g_free (line->name);
  g_array_unref (line->points);
  g_free (line);
}

static double
segment_distance (WbMapPoint a,
                  WbMapPoint b,
                  double     x,
                  double     y)
{
  double dx = b.x - a.x, dy = b.y - a.y;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? CLAMP (((x - a.x) * dx + (y - a.y) * dy) / len2, 0, 1) : 0;

  return hypot (a.x + t * dx - x, a.y + t * dy - y);
}

double
wb_map_line_distance (const WbMapLine *line,
                      double           x,
                      double           y)
{
  guint n = line->points->len;
  double best = G_MAXDOUBLE;

  if (n == 1)
    return segment_distance (g_array_index (line->points, WbMapPoint, 0),
                             g_array_index (line->points, WbMapPoint, 0), x, y);
  for (guint i = 1; i < n; i++)
    best = MIN (best, segment_distance (g_array_index (line->points, WbMapPoint, i - 1),
                                        g_array_index (line->points, WbMapPoint, i), x, y));
  if (line->closed && n > 2)
    best = MIN (best, segment_distance (g_array_index (line->points, WbMapPoint, n - 1),
                                        g_array_index (line->points, WbMapPoint, 0), x, y));
  return best;
}

GPtrArray *
wb_map_get_lines (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->lines;
}

void
wb_map_insert_line (WbMap     *self,
                    WbMapLine *line,
                    guint      index)
{
  WbMapPrivate *priv;

  g_return_if_fail (WB_IS_MAP (self));
  g_return_if_fail (line != NULL);
  priv = wb_map_get_instance_private (self);
  g_ptr_array_insert (priv->lines, (int) MIN (index, priv->lines->len), line);
}

WbMapLine *
wb_map_steal_line (WbMap *self,
                   guint  index)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  if (index >= priv->lines->len)
    return NULL;
  return g_ptr_array_steal_index (priv->lines, index);
}

const char *
wb_map_get_id (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->id;
}

const char *
wb_map_get_name (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->name ? priv->name : priv->id;
}

void
wb_map_set_name (WbMap *self, const char *name)
{
  WbMapPrivate *priv;

  g_return_if_fail (WB_IS_MAP (self));
  priv = wb_map_get_instance_private (self);
  if (wb_set_str (&priv->name, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

const char *
wb_map_get_source (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->source;
}

void
wb_map_set_source (WbMap *self, const char *source)
{
  WbMapPrivate *priv;

  g_return_if_fail (WB_IS_MAP (self));
  priv = wb_map_get_instance_private (self);
  if (wb_set_str (&priv->source, source))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

WbMapKind
wb_map_get_kind (WbMap *self)
{
  g_return_val_if_fail (WB_IS_MAP (self), WB_MAP_KIND_HEX);
  return WB_MAP_GET_CLASS (self)->get_kind (self);
}

void
wb_map_get_extent (WbMap *self, double *width, double *height)
{
  g_return_if_fail (WB_IS_MAP (self));
  WB_MAP_GET_CLASS (self)->get_extent (self, width, height);
}

void
wb_map_changed (WbMap *self)
{
  g_return_if_fail (WB_IS_MAP (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

const WbMapBackground *
wb_map_get_background (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->background;
}

void
wb_map_set_background (WbMap *self, const WbMapBackground *background)
{
  WbMapPrivate *priv;
  WbMapBackground *copy = NULL;

  g_return_if_fail (WB_IS_MAP (self));
  priv = wb_map_get_instance_private (self);
  if (background != NULL)
    {
      copy = g_new0 (WbMapBackground, 1);
      *copy = *background;
      copy->image = g_strdup (background->image);
      copy->file = g_strdup (background->file);
      copy->opacity = CLAMP (background->opacity, 0.0, 1.0);
      if (!(copy->scale > 0))
        copy->scale = 1.0;
      if (copy->scan != NULL)
        wb_scan_ref (copy->scan);
    }
  g_clear_pointer (&priv->background, background_free);
  priv->background = copy;
}

WbScan *
wb_map_get_background_scan (WbMap *self)
{
  WbMapPrivate *priv;
  WbMapBackground *bg;
  g_autoptr(GError) error = NULL;

  /* The canvas renders on worker threads: one decodes, the others wait. */
  static GMutex lock;
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  bg = priv->background;
  if (bg == NULL)
    return NULL;
  locker = g_mutex_locker_new (&lock);
  if (bg->scan == NULL && bg->file != NULL)
    {
      bg->scan = wb_scan_load (bg->file, &error);
      if (bg->scan == NULL)
        g_debug ("%s", error->message);
      /* Read once: a missing or refused image is not tried at every draw. */
      g_clear_pointer (&bg->file, g_free);
    }
  return bg->scan;
}

WbScan *
wb_map_background_load_image (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return wb_scan_load (path, error);
}

gboolean
wb_map_background_calibrate (WbMapBackground *bg,
                             double ix1, double iy1, double mx1, double my1,
                             double ix2, double iy2, double mx2, double my2)
{
  double di = hypot (ix2 - ix1, iy2 - iy1);
  double dm = hypot (mx2 - mx1, my2 - my1);
  double theta, s, c;

  g_return_val_if_fail (bg != NULL, FALSE);
  if (di < 1e-9 || dm < 1e-9)
    return FALSE;
  bg->scale = dm / di;
  theta = atan2 (my2 - my1, mx2 - mx1) - atan2 (iy2 - iy1, ix2 - ix1);
  /* Degrees clockwise on screen (y down), in (-180, 180]. */
  bg->rotation = remainder (theta * 180.0 / G_PI, 360.0);
  s = sin (theta) * bg->scale;
  c = cos (theta) * bg->scale;
  /* m = R·s·i + t, so t = m1 − R·s·i1. */
  bg->x = mx1 - (c * ix1 - s * iy1);
  bg->y = my1 - (s * ix1 + c * iy1);
  return TRUE;
}
