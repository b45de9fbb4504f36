/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scan"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "wb-map.h"
#include "wb-scan-private.h"

/*
 * A scan as a pyramid (see wb-scan.h). A scan of a printed map is large —
 * 10,275 × 6,675 pixels, 274 MB decoded, for a Blind Swords map — and the
 * canvas draws it at every zoom: held whole, with a scaled copy for the
 * zoomed-out views and cairo's own copy of the PNG file beside it, it took
 * 648 MB. Now the PNG is decoded once, row by row: each row goes into the
 * halved copies (every pixel the average of the 2 × 2 it covers), which stay
 * in memory, and the full-size rows are dropped; wb-scan-png.c notes where
 * each band of rows can be decoded again. A drawing at or near full size
 * copies the rows the clip needs out of the cached bands (decoding the
 * missing ones) into one image the size of the clip, and paints that: the
 * pixels are those of the whole image painted the same way, with no seams.
 * Smaller drawings paint the halved copy whose scale is closest.
 */

/* Each level is half the one before, down to one this many pixels a side. */
#define SMALLEST_LEVEL 256
#define MAX_LEVELS     16
/* A band of the full-size image is about this many bytes decoded. */
#define BAND_BYTES     (4 * 1024 * 1024)
/* Pixels of the full-size image copied around the clip, so that the
 * filter reads the same neighbours as on the whole image. */
#define MARGIN         8

typedef struct _Band Band;

struct _WbScan
{
  gatomicrefcount  ref;
  int              width, height;
  guint            n_levels;
  /* levels[0] only when the image is kept whole. */
  cairo_surface_t *levels[MAX_LEVELS];
  guint64          resident;   /* charged to the ledger */
  WbScanPng       *png;        /* the file, for bands; NULL when kept whole */
  Band           **bands;      /* png->n_bands; the cached ones (cache_lock) */
  gint             warned;     /* a band could not be read again: said once */
};

struct _Band
{
  WbScan          *scan;
  guint            index;
  cairo_surface_t *surface;
  guint64          bytes;
  GList            link;       /* in the cache's LRU queue, newest first */
};

/* The cache of bands (all scans) and the process's ledger of decoded
 * backgrounds: the resident levels are reserved when a scan is loaded and
 * given back when it is freed. */
static GMutex  cache_lock;
static GQueue  lru = G_QUEUE_INIT;
static guint64 cached_bytes;
static guint64 cache_limit = WB_SCAN_CACHE_LIMIT;
static guint64 resident_bytes;
static guint64 decoded_budget = WB_BACKGROUND_MAX_DECODED;

static void
band_drop (Band *band)
{
  g_queue_unlink (&lru, &band->link);
  band->scan->bands[band->index] = NULL;
  cached_bytes -= band->bytes;
  cairo_surface_destroy (band->surface);
  g_free (band);
}

/* Drops the oldest bands until the cache holds at most @limit, keeping
 * @keep (just added). */
static void
trim_cache (guint64 limit, const Band *keep)
{
  while (cached_bytes > limit && lru.tail != NULL && lru.tail->data != keep)
    band_drop (lru.tail->data);
}

guint64
wb_scan_get_cached (void)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  return cached_bytes;
}

void
wb_scan_set_cache_limit (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  cache_limit = bytes;
  trim_cache (cache_limit, NULL);
}

guint64
wb_map_background_get_decoded (void)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  return resident_bytes + cached_bytes;
}

void
wb_map_background_set_budget (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  decoded_budget = bytes;
}

/* Reserves @bytes of the budget, making room in the cache if need be. */
static gboolean
reserve (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  if (bytes > decoded_budget)
    return FALSE;
  if (resident_bytes + cached_bytes > decoded_budget - bytes)
    trim_cache (decoded_budget - bytes > resident_bytes ? decoded_budget - bytes - resident_bytes : 0,
                NULL);
  if (resident_bytes + cached_bytes > decoded_budget - bytes)
    return FALSE;
  resident_bytes += bytes;
  return TRUE;
}

static void
release (guint64 bytes)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  resident_bytes -= MIN (bytes, resident_bytes);
}

WbScan *
wb_scan_ref (WbScan *scan)
{
  g_return_val_if_fail (scan != NULL, NULL);
  g_atomic_ref_count_inc (&scan->ref);
  return scan;
}

void
wb_scan_unref (WbScan *scan)
{
  g_return_if_fail (scan != NULL);
  if (!g_atomic_ref_count_dec (&scan->ref))
    return;

  if (scan->bands != NULL)
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

      for (guint i = 0; i < scan->png->n_bands; i++)
        if (scan->bands[i] != NULL)
          band_drop (scan->bands[i]);
    }
  g_free (scan->bands);
  _wb_scan_png_free (scan->png);
  for (guint i = 0; i < scan->n_levels; i++)
    g_clear_pointer (&scan->levels[i], cairo_surface_destroy);
  release (scan->resident);
  g_free (scan);
}

int
wb_scan_get_width (WbScan *scan)
{
  g_return_val_if_fail (scan != NULL, 0);
  return scan->width;
}

int
wb_scan_get_height (WbScan *scan)
{
  g_return_val_if_fail (scan != NULL, 0);
  return scan->height;
}

guint
wb_scan_get_n_levels (WbScan *scan)
{
  g_return_val_if_fail (scan != NULL, 0);
  return scan->n_levels;
}

guint64
wb_scan_get_resident (WbScan *scan)
{
  guint64 bytes = 0;

  g_return_val_if_fail (scan != NULL, 0);
  for (guint i = 0; i < scan->n_levels; i++)
    if (scan->levels[i] != NULL)
      bytes += (guint64) cairo_image_surface_get_stride (scan->levels[i]) *
               cairo_image_surface_get_height (scan->levels[i]);
  return bytes;
}

guint
wb_scan_get_band_rows (WbScan *scan)
{
  g_return_val_if_fail (scan != NULL, 0);
  return scan->png != NULL ? scan->png->band_rows : 0;
}

guint
wb_scan_get_cached_bands (WbScan *scan)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);
  guint n = 0;

  g_return_val_if_fail (scan != NULL, 0);
  for (guint i = 0; scan->bands != NULL && i < scan->png->n_bands; i++)
    n += scan->bands[i] != NULL;
  return n;
}

/* --- the halved copies --------------------------------------------------- */

/* Fills the levels above 0 from the rows of level 0 as they come: a level's
 * row is made when both rows of the level below it are there (or the last,
 * odd one), each pixel the rounded average of the pixels it covers. */
typedef struct
{
  WbScan  *scan;
  guint16 *sums[MAX_LEVELS];   /* the even row's horizontal pair sums, 4 a pixel */
  guint    level_h[MAX_LEVELS];
  guint    level_w[MAX_LEVELS];
} Pyramid;

static void
push_row (Pyramid *p, guint level, const guint32 *row, guint y)
{
  guint next = level + 1, w = p->level_w[level], nw, n;
  guint16 *sums;
  guint32 *out;
  gboolean last = y + 1 == p->level_h[level];

  if (next >= p->scan->n_levels)
    return;
  nw = p->level_w[next];
  sums = p->sums[next];
  if (y % 2 == 0)
    memset (sums, 0, sizeof (guint16) * 4 * nw);
  for (guint x = 0; x < w; x++)
    {
      guint32 px = row[x];
      guint16 *s = sums + (x / 2) * 4;

      s[0] += px >> 24, s[1] += (px >> 16) & 0xff, s[2] += (px >> 8) & 0xff, s[3] += px & 0xff;
    }
  if (y % 2 == 0 && !last)
    return;

  out = (guint32 *) (cairo_image_surface_get_data (p->scan->levels[next]) +
                     (gsize) (y / 2) * cairo_image_surface_get_stride (p->scan->levels[next]));
  for (guint x = 0; x < nw; x++)
    {
      const guint16 *s = sums + x * 4;

      n = (2 * x + 1 < w ? 2 : 1) * (y % 2 == 1 ? 2 : 1);
      out[x] = (guint32) ((s[0] + n / 2) / n) << 24 | (guint32) ((s[1] + n / 2) / n) << 16 |
               (guint32) ((s[2] + n / 2) / n) << 8 | (guint32) ((s[3] + n / 2) / n);
    }
  push_row (p, next, out, y / 2);
}

static void
on_row (const guint32 *row, guint y, gpointer user_data)
{
  push_row (user_data, 0, row, y);
}

/* Sizes the levels and makes the surfaces of those above 0. FALSE when
 * cairo cannot make one. */
static gboolean
pyramid_init (Pyramid *p, WbScan *scan)
{
  guint w = (guint) scan->width, h = (guint) scan->height;

  *p = (Pyramid) { scan, };
  scan->n_levels = 0;
  for (;;)
    {
      guint l = scan->n_levels++;

      p->level_w[l] = w;
      p->level_h[l] = h;
      if (l > 0)
        {
          scan->levels[l] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
          p->sums[l] = g_new (guint16, 4 * (gsize) w);
          if (cairo_surface_status (scan->levels[l]) != CAIRO_STATUS_SUCCESS)
            return FALSE;
          cairo_surface_flush (scan->levels[l]);
        }
      if (MAX (w, h) <= SMALLEST_LEVEL || scan->n_levels == MAX_LEVELS)
        break;
      w = (w + 1) / 2;
      h = (h + 1) / 2;
    }
  return TRUE;
}

static void
pyramid_clear (Pyramid *p)
{
  for (guint l = 0; l < MAX_LEVELS; l++)
    g_free (p->sums[l]);
  for (guint l = 1; l < p->scan->n_levels; l++)
    cairo_surface_mark_dirty (p->scan->levels[l]);
}

static guint64
pyramid_bytes (int width, int height)
{
  guint64 bytes = 0;
  guint w = (guint) width, h = (guint) height;

  for (guint l = 1; l < MAX_LEVELS && MAX (w, h) > SMALLEST_LEVEL; l++)
    {
      w = (w + 1) / 2;
      h = (h + 1) / 2;
      bytes += (guint64) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, (int) w) * h;
    }
  return bytes;
}

/* Level 0 kept whole: the levels above are made from its rows. */
static WbScan *
scan_new_whole (cairo_surface_t *surface, guint64 charged)
{
  WbScan *scan = g_new0 (WbScan, 1);
  gboolean opaque = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24;
  g_autofree guint32 *row = NULL;
  const guint8 *data;
  int stride;
  Pyramid p;

  g_atomic_ref_count_init (&scan->ref);
  scan->width = cairo_image_surface_get_width (surface);
  scan->height = cairo_image_surface_get_height (surface);
  scan->resident = charged;
  cairo_surface_flush (surface);
  if (!pyramid_init (&p, scan))
    {
      /* Without the halved copies it still draws, from level 0. */
      pyramid_clear (&p);
      for (guint l = 1; l < scan->n_levels; l++)
        g_clear_pointer (&scan->levels[l], cairo_surface_destroy);
      scan->n_levels = 1;
    }
  scan->levels[0] = cairo_surface_reference (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  row = g_new (guint32, scan->width);
  for (int y = 0; scan->n_levels > 1 && y < scan->height; y++)
    {
      memcpy (row, data + (gsize) y * stride, sizeof (guint32) * scan->width);
      /* RGB24 leaves the alpha byte undefined. */
      for (int x = 0; opaque && x < scan->width; x++)
        row[x] |= 0xff000000u;
      push_row (&p, 0, row, (guint) y);
    }
  pyramid_clear (&p);
  return scan;
}

WbScan *
wb_scan_new_for_surface (cairo_surface_t *surface)
{
  g_return_val_if_fail (surface != NULL, NULL);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);
  return scan_new_whole (surface, 0);
}

static gboolean
no_space (const char *path, guint64 need, GError **error)
{
  g_autofree char *size = g_format_size_full (need, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *budget = NULL;

  g_mutex_lock (&cache_lock);
  budget = g_format_size_full (decoded_budget, G_FORMAT_SIZE_IEC_UNITS);
  g_mutex_unlock (&cache_lock);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               _("%s is not shown: keeping it would take %s, and the background images "
                 "open now already take most of the %s they may take in all"),
               path, size, budget);
  return FALSE;
}

WbScan *
wb_scan_load (const char *path, GError **error)
{
  WbScanPng *png;
  WbScan *scan;
  Pyramid p;
  guint64 need;
  gsize stride;

  g_return_val_if_fail (path != NULL, NULL);

  png = _wb_scan_png_open (path, error);
  if (png == NULL)
    return NULL;

  need = pyramid_bytes ((int) png->width, (int) png->height);
  stride = (gsize) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, (int) png->width);
  if (png->interlaced)
    {
      cairo_surface_t *surface;

      /* Kept whole (see wb-scan-png.c). */
      need += stride * png->height;
      if (!reserve (need))
        {
          no_space (path, need, error);
          _wb_scan_png_free (png);
          return NULL;
        }
      surface = _wb_scan_png_decode_cairo (png, error);
      _wb_scan_png_free (png);
      if (surface == NULL)
        {
          release (need);
          return NULL;
        }
      scan = scan_new_whole (surface, need);
      cairo_surface_destroy (surface);
      return scan;
    }

  if (!reserve (need))
    {
      no_space (path, need, error);
      _wb_scan_png_free (png);
      return NULL;
    }
  scan = g_new0 (WbScan, 1);
  g_atomic_ref_count_init (&scan->ref);
  scan->width = (int) png->width;
  scan->height = (int) png->height;
  scan->resident = need;
  if (!pyramid_init (&p, scan))
    {
      pyramid_clear (&p);
      _wb_scan_png_free (png);
      wb_scan_unref (scan);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, _("Cannot read %s: out of memory"), path);
      return NULL;
    }
  if (!_wb_scan_png_decode_all (png, CLAMP (BAND_BYTES / stride, 16, 512), on_row, &p, error))
    {
      pyramid_clear (&p);
      _wb_scan_png_free (png);
      wb_scan_unref (scan);
      return NULL;
    }
  pyramid_clear (&p);
  scan->png = png;
  scan->bands = g_new0 (Band *, png->n_bands);
  return scan;
}

/* --- drawing ------------------------------------------------------------- */

/* Band @index of the full-size image (a new reference), from the cache or
 * decoded again; NULL when it cannot be read. */
static cairo_surface_t *
get_band (WbScan *scan, guint index)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  guint rows = MIN (scan->png->band_rows, (guint) scan->height - index * scan->png->band_rows);
  Band *band;

  g_mutex_lock (&cache_lock);
  band = scan->bands[index];
  if (band != NULL)
    {
      g_queue_unlink (&lru, &band->link);
      g_queue_push_head_link (&lru, &band->link);
      surface = cairo_surface_reference (band->surface);
      g_mutex_unlock (&cache_lock);
      return surface;
    }
  g_mutex_unlock (&cache_lock);

  /* Decoded without the lock: another thread may decode another band. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, scan->width, (int) rows);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS ||
      !_wb_scan_png_decode_band (scan->png, index, cairo_image_surface_get_data (surface),
                                 cairo_image_surface_get_stride (surface), &error))
    {
      if (error != NULL && !g_atomic_int_exchange (&scan->warned, TRUE))
        g_warning ("%s", error->message);
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_mark_dirty (surface);

  g_mutex_lock (&cache_lock);
  if (scan->bands[index] != NULL)
    {
      /* Another thread was quicker. */
      cairo_surface_destroy (surface);
      surface = cairo_surface_reference (scan->bands[index]->surface);
    }
  else
    {
      band = g_new0 (Band, 1);
      band->scan = scan;
      band->index = index;
      band->surface = cairo_surface_reference (surface);
      band->bytes = (guint64) cairo_image_surface_get_stride (surface) * rows;
      band->link.data = band;
      scan->bands[index] = band;
      g_queue_push_head_link (&lru, &band->link);
      cached_bytes += band->bytes;
      trim_cache (cache_limit, band);
    }
  g_mutex_unlock (&cache_lock);
  return surface;
}

guint
wb_scan_pick_level (WbScan *scan, cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_matrix_t m;
  double sx = 1, sy = 1, s;

  g_return_val_if_fail (scan != NULL, 0);
  /* Vector output keeps the detail: it is printed, or zoomed in a viewer. */
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return 0;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  s = sqrt (fabs ((m.xx * m.yy - m.xy * m.yx) * sx * sy));
  if (!(s > 0) || s >= 1)
    return 0;
  return (guint) MIN (floor (-log2 (s) + 0.5), scan->n_levels - 1);
}

/* Paints @level scaled to full size, clipped to @clip (full-size pixels)
 * when given, and to the image where the level's last pixels overhang it. */
static void
paint_level (WbScan *scan, cairo_t *cr, guint level, double opacity, const cairo_rectangle_int_t *clip)
{
  double k = ldexp (1, (int) level);

  cairo_save (cr);
  if (clip != NULL)
    {
      cairo_rectangle (cr, clip->x, clip->y, clip->width, clip->height);
      cairo_clip (cr);
    }
  else if (cairo_image_surface_get_width (scan->levels[level]) * k != scan->width ||
           cairo_image_surface_get_height (scan->levels[level]) * k != scan->height)
    {
      cairo_rectangle (cr, 0, 0, scan->width, scan->height);
      cairo_clip (cr);
    }
  cairo_scale (cr, k, k);
  cairo_set_source_surface (cr, scan->levels[level], 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
}

void
wb_scan_draw (WbScan *scan, cairo_t *cr, double opacity)
{
  g_autoptr(GArray) missing = g_array_new (FALSE, FALSE, sizeof (guint));
  cairo_surface_t *part;
  guint level, band_rows, first, last;
  double x1, y1, x2, y2;
  int ix0, iy0, ix1, iy1, stride;
  guint8 *data;

  g_return_if_fail (scan != NULL);
  g_return_if_fail (cr != NULL);

  level = wb_scan_pick_level (scan, cr);
  if (level > 0 || scan->levels[0] != NULL)
    {
      paint_level (scan, cr, level, opacity, NULL);
      return;
    }

  /* Full size from the bands: only the rows and columns the clip shows. */
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  ix0 = (int) MAX (floor (x1) - MARGIN, 0);
  iy0 = (int) MAX (floor (y1) - MARGIN, 0);
  ix1 = (int) MIN (ceil (x2) + MARGIN, scan->width);
  iy1 = (int) MIN (ceil (y2) + MARGIN, scan->height);
  if (ix1 <= ix0 || iy1 <= iy0)
    return;

  part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ix1 - ix0, iy1 - iy0);
  if (cairo_surface_status (part) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (part);
      return;
    }
  cairo_surface_flush (part);
  data = cairo_image_surface_get_data (part);
  stride = cairo_image_surface_get_stride (part);
  band_rows = scan->png->band_rows;
  first = (guint) iy0 / band_rows;
  last = (guint) (iy1 - 1) / band_rows;
  for (guint b = first; b <= last; b++)
    {
      cairo_surface_t *band = get_band (scan, b);
      int from = MAX (iy0, (int) (b * band_rows)), to = MIN (iy1, (int) ((b + 1) * band_rows));
      const guint8 *src;
      int band_stride;

      if (band == NULL)
        {
          g_array_append_val (missing, b);
          continue;
        }
      src = cairo_image_surface_get_data (band);
      band_stride = cairo_image_surface_get_stride (band);
      for (int y = from; y < to; y++)
        memcpy (data + (gsize) (y - iy0) * stride,
                src + (gsize) (y - (int) (b * band_rows)) * band_stride + (gsize) ix0 * 4,
                (gsize) (ix1 - ix0) * 4);
      cairo_surface_destroy (band);
    }
  cairo_surface_mark_dirty (part);

  cairo_save (cr);
  cairo_set_source_surface (cr, part, ix0, iy0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
  cairo_surface_destroy (part);

  /* What could not be read again is drawn from the ½ copy. */
  for (guint i = 0; i < missing->len && scan->n_levels > 1; i++)
    {
      guint b = g_array_index (missing, guint, i);
      cairo_rectangle_int_t rows = { 0, (int) (b * band_rows), scan->width,
                                     (int) MIN (band_rows, (guint) scan->height - b * band_rows) };

      paint_level (scan, cr, 1, opacity, &rows);
    }
}
