/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scan"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>

#include "wb-map.h"
#include "wb-scan-private.h"

/*
 * A scan as a pyramid (see wb-scan.h). A scan of a printed map is large —
 * 10,275 × 6,675 pixels, 274 MB decoded, for a Blind Swords map — and the
 * canvas draws it at every zoom: held whole, with a scaled copy for the
 * zoomed-out views and cairo's own copy of the PNG file beside it, it took
 * 648 MB. Now the PNG is decoded once, row by row: each row goes into the
 * halved copies (every pixel the average of the 2 × 2 it covers), of which
 * those from ¼ down stay in memory (a twelfth of the image), and the rows of
 * the full size and of the ½ copy are dropped; wb-scan-png.c notes where
 * each band of rows can be decoded again, and a band of the ½ copy is the
 * halved band of the full size. A drawing at a scale nearest one of those
 * two levels copies the rows and columns the clip needs out of the cached
 * bands (making the missing ones) into one image the size of the clip, and
 * paints that: the pixels are those of the whole level painted the same
 * way, with no seams. Smaller drawings paint the kept copy whose scale is
 * closest.
 */

/* Each level is half the one before, down to one this many pixels a side. */
#define SMALLEST_LEVEL 256
#define MAX_LEVELS     16
/* A band of the full-size image is about this many bytes decoded. */
#define BAND_BYTES     (4 * 1024 * 1024)
/* Pixels of a level copied around the clip, so that the filter reads the
 * same neighbours as on the whole level. */
#define MARGIN         8
/* The levels read in bands (the full size and its ½ copy: three quarters of
 * the pyramid) when the scan comes from a PNG; the smaller ones are kept. */
#define BANDED_LEVELS  2

typedef struct _Band Band;

struct _WbScan
{
  gatomicrefcount  ref;
  int              width, height;
  guint            n_levels;
  int              level_w[MAX_LEVELS], level_h[MAX_LEVELS];
  /* The levels kept: first_resident and above (all of them when the image
   * is kept whole); those below are read in bands. */
  cairo_surface_t *levels[MAX_LEVELS];
  guint            first_resident;
  guint64          resident;   /* charged to the ledger */
  WbScanPng       *png;        /* the file, for bands; NULL when kept whole */
  guint            band_rows[BANDED_LEVELS];
  guint            n_bands;
  Band           **bands[BANDED_LEVELS];   /* the cached ones (cache_lock) */
  gint             warned;     /* a band could not be read again: said once */
};

struct _Band
{
  WbScan          *scan;
  guint            level;
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
  band->scan->bands[band->level][band->index] = NULL;
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

  {
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

    for (guint l = 0; l < BANDED_LEVELS; l++)
      for (guint i = 0; scan->bands[l] != NULL && i < scan->n_bands; i++)
        if (scan->bands[l][i] != NULL)
          band_drop (scan->bands[l][i]);
  }
  for (guint l = 0; l < BANDED_LEVELS; l++)
    g_free (scan->bands[l]);
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
  return scan->bands[0] != NULL ? scan->band_rows[0] : 0;
}

guint
wb_scan_get_cached_bands (WbScan *scan)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);
  guint n = 0;

  g_return_val_if_fail (scan != NULL, 0);
  for (guint l = 0; l < BANDED_LEVELS; l++)
    for (guint i = 0; scan->bands[l] != NULL && i < scan->n_bands; i++)
      n += scan->bands[l][i] != NULL;
  return n;
}

/* --- pixels from the system ---------------------------------------------- */

typedef struct
{
  void  *data;
  gsize  size;
} Mapping;

static cairo_user_data_key_t mapping_key;

static void
mapping_free (void *data)
{
  Mapping *m = data;

  munmap (m->data, m->size);
  g_free (m);
}

cairo_surface_t *
wb_scan_surface_new (int width,
                     int height)
{
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  cairo_surface_t *surface;
  Mapping *m;

  if (width <= 0 || height <= 0 || stride <= 0)
    return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (width, 0), MAX (height, 0));
  m = g_new0 (Mapping, 1);
  m->size = (gsize) stride * (gsize) height;
  m->data = mmap (NULL, m->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m->data == MAP_FAILED)
    {
      g_free (m);
      return cairo_image_surface_create (CAIRO_FORMAT_INVALID, 0, 0);
    }
  surface = cairo_image_surface_create_for_data (m->data, CAIRO_FORMAT_ARGB32, width, height, stride);
  if (cairo_surface_set_user_data (surface, &mapping_key, m, mapping_free) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      mapping_free (m);
      return cairo_image_surface_create (CAIRO_FORMAT_INVALID, 0, 0);
    }
  return surface;
}

/* --- the halved copies --------------------------------------------------- */

/* Row @out of the next level from rows @a and @b (NULL: @a is a last, odd
 * row) of @w pixels: each pixel the rounded average of those it covers. */
static void
halve_rows (const guint32 *a, const guint32 *b, guint w, guint32 *out)
{
  guint nw = (w + 1) / 2;

  for (guint x = 0; x < nw; x++)
    {
      guint s0 = 0, s1 = 0, s2 = 0, s3 = 0, n = 0;

      for (guint r = 0; r < 2; r++)
        {
          const guint32 *row = r == 0 ? a : b;

          for (guint dx = 0; row != NULL && dx < 2 && 2 * x + dx < w; dx++)
            {
              guint32 px = row[2 * x + dx];

              s0 += px >> 24, s1 += (px >> 16) & 0xff, s2 += (px >> 8) & 0xff, s3 += px & 0xff;
              n++;
            }
        }
      out[x] = (guint32) ((s0 + n / 2) / n) << 24 | (guint32) ((s1 + n / 2) / n) << 16 |
               (guint32) ((s2 + n / 2) / n) << 8 | (guint32) ((s3 + n / 2) / n);
    }
}

/* The levels of a @width × @height image, which of them are kept (@banded:
 * it comes from a PNG, whose full size and ½ copy are read in bands; at
 * least the smallest level is kept) and the bytes those take. */
static void
plan_levels (WbScan *scan, gboolean banded)
{
  guint w = (guint) scan->width, h = (guint) scan->height;

  scan->n_levels = 0;
  for (;;)
    {
      scan->level_w[scan->n_levels] = (int) w;
      scan->level_h[scan->n_levels] = (int) h;
      scan->n_levels++;
      if (MAX (w, h) <= SMALLEST_LEVEL || scan->n_levels == MAX_LEVELS)
        break;
      w = (w + 1) / 2;
      h = (h + 1) / 2;
    }
  scan->first_resident = banded ? MIN (BANDED_LEVELS, scan->n_levels - 1) : 0;
}

static guint64
planned_bytes (const WbScan *scan, guint from)
{
  guint64 bytes = 0;

  for (guint l = MAX (from, 1); l < scan->n_levels; l++)
    bytes += (guint64) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, scan->level_w[l]) *
             (guint64) scan->level_h[l];
  return bytes;
}

/* Fills the levels above 0 from the rows of level 0 as they come: a row of
 * a level is made when both rows of the level below are there (or the last,
 * odd one). Levels not kept go through a row of scratch. */
typedef struct
{
  WbScan  *scan;
  guint32 *pending[MAX_LEVELS];   /* the level below's even row */
  guint32 *scratch[MAX_LEVELS];
} Pyramid;

static guint32 *
level_row (WbScan *scan, guint level, guint y)
{
  return (guint32 *) (cairo_image_surface_get_data (scan->levels[level]) +
                      (gsize) y * cairo_image_surface_get_stride (scan->levels[level]));
}

static void
push_row (Pyramid *p, guint level, const guint32 *row, guint y)
{
  WbScan *scan = p->scan;
  guint next = level + 1, w = (guint) scan->level_w[level];
  guint32 *out;

  if (next >= scan->n_levels)
    return;
  if (y % 2 == 0 && y + 1 < (guint) scan->level_h[level])
    {
      memcpy (p->pending[next], row, sizeof (guint32) * w);
      return;
    }
  out = scan->levels[next] != NULL ? level_row (scan, next, y / 2) : p->scratch[next];
  if (y % 2 == 0)
    halve_rows (row, NULL, w, out);
  else
    halve_rows (p->pending[next], row, w, out);
  push_row (p, next, out, y / 2);
}

static void
on_row (const guint32 *row, guint y, gpointer user_data)
{
  Pyramid *p = user_data;

  if (p->scan->levels[0] != NULL)
    memcpy (level_row (p->scan, 0, y), row, sizeof (guint32) * p->scan->width);
  push_row (p, 0, row, y);
}

/* Makes the kept levels' surfaces (level 0's too when @with_level0) and
 * the rows of scratch. FALSE when one cannot be made. */
static gboolean
pyramid_init (Pyramid *p, WbScan *scan, gboolean with_level0)
{
  *p = (Pyramid) { scan, };
  for (guint l = with_level0 ? 0 : 1; l < scan->n_levels; l++)
    {
      if (l > 0)
        p->pending[l] = g_new (guint32, scan->level_w[l - 1]);
      if (l < scan->first_resident)
        {
          p->scratch[l] = g_new (guint32, scan->level_w[l]);
          continue;
        }
      scan->levels[l] = wb_scan_surface_new (scan->level_w[l], scan->level_h[l]);
      if (cairo_surface_status (scan->levels[l]) != CAIRO_STATUS_SUCCESS)
        return FALSE;
    }
  return TRUE;
}

static void
pyramid_clear (Pyramid *p)
{
  for (guint l = 0; l < MAX_LEVELS; l++)
    {
      g_free (p->pending[l]);
      g_free (p->scratch[l]);
      if (p->scan->levels[l] != NULL)
        cairo_surface_mark_dirty (p->scan->levels[l]);
    }
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
  plan_levels (scan, FALSE);
  if (!pyramid_init (&p, scan, FALSE))
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
  guint band_rows;

  g_return_val_if_fail (path != NULL, NULL);

  png = _wb_scan_png_open (path, error);
  if (png == NULL)
    return NULL;

  scan = g_new0 (WbScan, 1);
  g_atomic_ref_count_init (&scan->ref);
  scan->width = (int) png->width;
  scan->height = (int) png->height;
  stride = (gsize) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, scan->width);
  if (png->interlaced)
    {
      cairo_surface_t *surface;

      /* Kept whole (see wb-scan-png.c). */
      plan_levels (scan, FALSE);
      need = planned_bytes (scan, 0) + stride * png->height;
      g_free (scan);
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

  plan_levels (scan, TRUE);
  need = planned_bytes (scan, scan->first_resident);
  if (scan->first_resident == 0)
    need += stride * png->height;
  if (!reserve (need))
    {
      no_space (path, need, error);
      _wb_scan_png_free (png);
      g_free (scan);
      return NULL;
    }
  scan->resident = need;
  if (!pyramid_init (&p, scan, scan->first_resident == 0))
    {
      pyramid_clear (&p);
      _wb_scan_png_free (png);
      wb_scan_unref (scan);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, _("Cannot read %s: out of memory"), path);
      return NULL;
    }
  /* An even number of rows, so that a band of the ½ copy is the halved
   * band of the full size. */
  band_rows = CLAMP (BAND_BYTES / stride, 16, 512) & ~1u;
  if (!_wb_scan_png_decode_all (png, band_rows, on_row, &p, error))
    {
      pyramid_clear (&p);
      _wb_scan_png_free (png);
      wb_scan_unref (scan);
      return NULL;
    }
  pyramid_clear (&p);
  scan->png = png;
  scan->n_bands = png->n_bands;
  for (guint l = 0; l < scan->first_resident; l++)
    {
      scan->band_rows[l] = band_rows >> l;
      scan->bands[l] = g_new0 (Band *, scan->n_bands);
    }
  return scan;
}

/* --- drawing ------------------------------------------------------------- */

static guint
band_height (WbScan *scan, guint level, guint index)
{
  return MIN (scan->band_rows[level], (guint) scan->level_h[level] - index * scan->band_rows[level]);
}

/* Band @index of @level (0 or 1, below the kept levels), a new reference:
 * from the cache, or decoded again (level 0) or halved from level 0's band
 * (level 1). NULL when it cannot be read. */
static cairo_surface_t *
get_band (WbScan *scan, guint level, guint index)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  guint rows = band_height (scan, level, index);
  Band *band;

  g_mutex_lock (&cache_lock);
  band = scan->bands[level][index];
  if (band != NULL)
    {
      g_queue_unlink (&lru, &band->link);
      g_queue_push_head_link (&lru, &band->link);
      surface = cairo_surface_reference (band->surface);
      g_mutex_unlock (&cache_lock);
      return surface;
    }
  g_mutex_unlock (&cache_lock);

  /* Made without the lock: another thread may make another band. */
  surface = wb_scan_surface_new (scan->level_w[level], (int) rows);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  if (level == 0)
    {
      if (!_wb_scan_png_decode_band (scan->png, index, cairo_image_surface_get_data (surface),
                                     cairo_image_surface_get_stride (surface), &error))
        {
          if (!g_atomic_int_exchange (&scan->warned, TRUE))
            g_warning ("%s", error->message);
          cairo_surface_destroy (surface);
          return NULL;
        }
    }
  else
    {
      cairo_surface_t *below = get_band (scan, level - 1, index);
      guint below_rows = band_height (scan, level - 1, index);
      const guint8 *src;
      int src_stride;

      if (below == NULL)
        {
          cairo_surface_destroy (surface);
          return NULL;
        }
      src = cairo_image_surface_get_data (below);
      src_stride = cairo_image_surface_get_stride (below);
      for (guint r = 0; r < rows; r++)
        halve_rows ((const guint32 *) (src + (gsize) (2 * r) * src_stride),
                    2 * r + 1 < below_rows ? (const guint32 *) (src + (gsize) (2 * r + 1) * src_stride) : NULL,
                    (guint) scan->level_w[level - 1],
                    (guint32 *) (cairo_image_surface_get_data (surface) +
                                 (gsize) r * cairo_image_surface_get_stride (surface)));
      cairo_surface_destroy (below);
    }
  cairo_surface_mark_dirty (surface);

  g_mutex_lock (&cache_lock);
  if (scan->bands[level][index] != NULL)
    {
      /* Another thread was quicker. */
      cairo_surface_destroy (surface);
      surface = cairo_surface_reference (scan->bands[level][index]->surface);
    }
  else
    {
      band = g_new0 (Band, 1);
      band->scan = scan;
      band->level = level;
      band->index = index;
      band->surface = cairo_surface_reference (surface);
      band->bytes = (guint64) cairo_image_surface_get_stride (surface) * rows;
      band->link.data = band;
      scan->bands[level][index] = band;
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

/* Paints @source, @level's pixels from (@x, @y) of that level, scaled to
 * full size; clipped to @clip (full-size pixels) when given, else to the
 * image where the level's last pixels overhang it. */
static void
paint_level (WbScan *scan, cairo_t *cr, guint level, cairo_surface_t *source, int x, int y,
             double opacity, const cairo_rectangle_int_t *clip)
{
  double k = ldexp (1, (int) level);

  cairo_save (cr);
  if (clip != NULL)
    {
      cairo_rectangle (cr, clip->x, clip->y, clip->width, clip->height);
      cairo_clip (cr);
    }
  else if (scan->level_w[level] * k != scan->width || scan->level_h[level] * k != scan->height)
    {
      cairo_rectangle (cr, 0, 0, scan->width, scan->height);
      cairo_clip (cr);
    }
  cairo_scale (cr, k, k);
  cairo_set_source_surface (cr, source, x, y);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
}

void
wb_scan_draw (WbScan *scan, cairo_t *cr, double opacity)
{
  g_autoptr(GArray) missing = NULL;
  cairo_surface_t *part;
  guint level, band_rows, first, last;
  double x1, y1, x2, y2, k;
  int ix0, iy0, ix1, iy1, stride;
  guint8 *data;

  g_return_if_fail (scan != NULL);
  g_return_if_fail (cr != NULL);

  level = wb_scan_pick_level (scan, cr);
  if (level >= scan->first_resident)
    {
      paint_level (scan, cr, level, scan->levels[level], 0, 0, opacity, NULL);
      return;
    }

  /* A banded level: only the rows and columns the clip shows, copied out of
   * its bands into one image. */
  k = ldexp (1, (int) level);
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  ix0 = (int) MAX (floor (x1 / k) - MARGIN, 0);
  iy0 = (int) MAX (floor (y1 / k) - MARGIN, 0);
  ix1 = (int) MIN (ceil (x2 / k) + MARGIN, scan->level_w[level]);
  iy1 = (int) MIN (ceil (y2 / k) + MARGIN, scan->level_h[level]);
  if (ix1 <= ix0 || iy1 <= iy0)
    return;

  part = wb_scan_surface_new (ix1 - ix0, iy1 - iy0);
  if (cairo_surface_status (part) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (part);
      return;
    }
  data = cairo_image_surface_get_data (part);
  stride = cairo_image_surface_get_stride (part);
  missing = g_array_new (FALSE, FALSE, sizeof (guint));
  band_rows = scan->band_rows[level];
  first = (guint) iy0 / band_rows;
  last = (guint) (iy1 - 1) / band_rows;
  for (guint b = first; b <= last; b++)
    {
      cairo_surface_t *band = get_band (scan, level, b);
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
  paint_level (scan, cr, level, part, ix0, iy0, opacity, NULL);
  cairo_surface_destroy (part);

  /* What could not be read again is drawn from the first level kept. */
  for (guint i = 0; i < missing->len; i++)
    {
      guint b = g_array_index (missing, guint, i);
      cairo_rectangle_int_t rows = { 0, (int) (b * band_rows * k), scan->width,
                                     (int) (band_height (scan, level, b) * k) };

      paint_level (scan, cr, scan->first_resident, scan->levels[scan->first_resident], 0, 0,
                   opacity, &rows);
    }
}
