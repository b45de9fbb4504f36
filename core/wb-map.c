/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
  g_clear_pointer (&bg->surface, cairo_surface_destroy);
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
      if (copy->surface != NULL)
        cairo_surface_reference (copy->surface);
    }
  g_clear_pointer (&priv->background, background_free);
  priv->background = copy;
}

cairo_surface_t *
wb_map_get_background_surface (WbMap *self)
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
  if (bg->surface == NULL && bg->file != NULL)
    {
      bg->surface = wb_map_background_load_image (bg->file, &error);
      if (bg->surface == NULL)
        g_debug ("%s", error->message);
      /* Read once: a missing or refused image is not tried at every draw. */
      g_clear_pointer (&bg->file, g_free);
    }
  return bg->surface;
}

typedef struct {
  int         fd;
  const char *path;
  GError    **error;
} PngReader;

static cairo_status_t
read_png (void *closure, unsigned char *data, unsigned int length)
{
  PngReader *r = closure;

  while (length > 0)
    {
      ssize_t n = read (r->fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n < 0 && r->error != NULL && *r->error == NULL)
            g_set_error (r->error, G_IO_ERROR, g_io_error_from_errno (errno),
                         _("Cannot read %s: %s"), r->path, g_strerror (errno));
          return CAIRO_STATUS_READ_ERROR;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return CAIRO_STATUS_SUCCESS;
}

/* The process's ledger of decoded backgrounds: what decoding takes is
 * reserved from the header before it starts, and given back when the
 * surface is destroyed (its user data's destroy function). */
static GMutex   decoded_lock;
static guint64  decoded_bytes;
static guint64  decoded_budget = WB_BACKGROUND_MAX_DECODED;
static cairo_user_data_key_t decoded_key;

guint64
wb_map_background_get_decoded (void)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&decoded_lock);

  return decoded_bytes;
}

void
wb_map_background_set_budget (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&decoded_lock);

  decoded_budget = bytes;
}

static gboolean
decoded_reserve (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&decoded_lock);

  if (bytes > decoded_budget || decoded_bytes > decoded_budget - bytes)
    return FALSE;
  decoded_bytes += bytes;
  return TRUE;
}

static void
decoded_release (void *data)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&decoded_lock);
  guint64 bytes = (guint64) GPOINTER_TO_SIZE (data);

  decoded_bytes -= MIN (bytes, decoded_bytes);
}

cairo_surface_t *
wb_map_background_load_image (const char *path, GError **error)
{
  guint8 ihdr[24];
  guint32 w, h;
  cairo_surface_t *surface;
  struct stat st;
  PngReader reader = { -1, path, error };
  guint64 need;
  int saved_errno;

  g_return_val_if_fail (path != NULL, NULL);

  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer
   * forever; it and every other special file is refused from fstat. */
  reader.fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (reader.fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Cannot open %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  if (fstat (reader.fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s is not a regular file (expected a PNG image)"), path);
      close (reader.fd);
      return NULL;
    }
  /* Check the PNG header's size before cairo allocates the pixels. */
  if (read_png (&reader, ihdr, sizeof ihdr) != CAIRO_STATUS_SUCCESS ||
      memcmp (ihdr, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp (ihdr + 12, "IHDR", 4) != 0)
    {
      if (error == NULL || *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("%s is not a PNG image"), path);
      close (reader.fd);
      return NULL;
    }
  w = (guint32) ihdr[16] << 24 | (guint32) ihdr[17] << 16 | (guint32) ihdr[18] << 8 | ihdr[19];
  h = (guint32) ihdr[20] << 24 | (guint32) ihdr[21] << 16 | (guint32) ihdr[22] << 8 | ihdr[23];
  if (w == 0 || h == 0 || w > WB_BACKGROUND_MAX_SIDE || h > WB_BACKGROUND_MAX_SIDE ||
      (guint64) w * h > WB_BACKGROUND_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is %u × %u pixels (expected at most %d a side and %d million in all)"),
                   path, w, h, WB_BACKGROUND_MAX_SIDE, WB_BACKGROUND_MAX_PIXELS / 1000000);
      close (reader.fd);
      return NULL;
    }
  /* Decoded from the file already open and checked, not opened again by
   * name (which could be another file by now). */
  if (lseek (reader.fd, 0, SEEK_SET) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Cannot read %s: %s"), path, g_strerror (saved_errno));
      close (reader.fd);
      return NULL;
    }
  need = (guint64) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, (int) w) * h;
  if (!decoded_reserve (need))
    {
      g_autofree char *size = g_format_size_full (need, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *budget = g_format_size_full (decoded_budget, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("%s is not shown: decoding it would take %s, and the background images "
                     "open now already take most of the %s they may take in all"),
                   path, size, budget);
      close (reader.fd);
      return NULL;
    }
  surface = cairo_image_surface_create_from_png_stream (read_png, &reader);
  close (reader.fd);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_set_user_data (surface, &decoded_key, GSIZE_TO_POINTER ((gsize) need),
                                   decoded_release) != CAIRO_STATUS_SUCCESS)
    {
      decoded_release (GSIZE_TO_POINTER ((gsize) need));
      if (error == NULL || *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Cannot read %s: %s"), path,
                     cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
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
