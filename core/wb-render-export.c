/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "wb-render-private.h"

/**
 * wb_export_format_from_path:
 * @path: a file name
 * @format: (out): the format its extension names
 *
 * Returns: %TRUE if @path ends in .png, .svg or .pdf (any case).
 */
gboolean
wb_export_format_from_path (const char     *path,
                            WbExportFormat *format)
{
  static const struct {
    const char     *ext;
    WbExportFormat  format;
  } exts[] = {
    { ".png", WB_EXPORT_PNG },
    { ".svg", WB_EXPORT_SVG },
    { ".pdf", WB_EXPORT_PDF },
  };
  gsize len;

  g_return_val_if_fail (path != NULL, FALSE);

  len = strlen (path);
  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      gsize el = strlen (exts[i].ext);

      if (len > el && g_ascii_strcasecmp (path + len - el, exts[i].ext) == 0)
        {
          if (format != NULL)
            *format = exts[i].format;
          return TRUE;
        }
    }

  return FALSE;
}


cairo_status_t
_wb_write_to_stream (void                *user_data,
                 const unsigned char *data,
                 unsigned int         length)
{
  WbWriteClosure *wc = user_data;

  if (wc->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (wc->stream, data, length, NULL, NULL, &wc->error))
    return CAIRO_STATUS_WRITE_ERROR;

  return CAIRO_STATUS_SUCCESS;
}

/* Closing a g_file_replace () stream with a cancelled cancellable drops
 * what was written and leaves an existing target as it was. */
void
_wb_abort_output (GOutputStream *out)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_output_stream_close (out, cancellable, NULL);
}

/* --- PNG ------------------------------------------------------------------ */

/*
 * PNG export in bands, on every core. The image is cut into bands of rows;
 * worker threads each take the next band, draw it into their own small
 * image (their own cairo context and, through it, their own PangoContext:
 * pango's default font map is per thread) and compress it at once into a
 * piece of raw deflate data that ends on a byte boundary (a sync flush).
 * Pieces compressed independently and laid end to end are one valid
 * deflate stream (pigz does the same), so the calling thread only writes
 * them out in order, each as an IDAT chunk, between a zlib header and the
 * Adler-32 of the whole. Memory stays that of a few bands whatever the map
 * (a 100 × 100 map at scale 1 would otherwise need a 30-100 MB image),
 * and drawing and compressing, the two halves of the work, both run on
 * all cores.
 *
 * zlib's fastest level, rows unfiltered: several times faster than cairo's
 * writer (default level, adaptive filters), files about a tenth bigger.
 * On the benchmark map levels 2-3 saved 2-4 % of the file for as much
 * time or more, and the Sub and Up filters or Z_RLE made bigger files for
 * no time saved. zlib is reached through GZlibCompressor (GIO links it).
 */

#define PNG_LEVEL 1
#define PNG_BAND_BYTES (6 * 1024 * 1024)
#define PNG_MAX_THREADS 8

typedef struct {
  guint8  *data;      /* "IDAT", then raw deflate ending on a byte boundary */
  gsize    len;
  gsize    alloc;
  guint32  crc;       /* of "IDAT" and the data: the chunk's CRC */
  guint32  adler;     /* of the uncompressed rows */
  gsize    raw_len;
  gboolean ready;
} PngPiece;

typedef struct {
  WbGame                *game;
  WbMap                 *map;
  const WbRenderOptions *options;
  double                 margin;
  double                 origin_x, origin_y;   /* map point at the top-left of the content */
  int                    width, height;
  int                    band;       /* rows per band */
  int                    n_bands;
  GMutex                 lock;
  GCond                  cond;
  int                    next;       /* the next band to draw */
  int                    written;    /* bands written out */
  int                    window;     /* bands drawn ahead of the writer, at most */
  PngPiece              *pieces;     /* band k in pieces[k % window] */
  gboolean               failed;
  char                  *message;    /* why a worker failed */
} PngJob;

static guint32 crc_table[4][256];

static gpointer
crc_table_init (gpointer data)
{
  for (guint32 n = 0; n < 256; n++)
    {
      guint32 c = n;

      for (int k = 0; k < 8; k++)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      crc_table[0][n] = c;
    }
  for (guint32 n = 0; n < 256; n++)
    for (int t = 1; t < 4; t++)
      crc_table[t][n] = crc_table[0][crc_table[t - 1][n] & 0xff] ^ (crc_table[t - 1][n] >> 8);

  return NULL;
}

/* CRC-32 as PNG chunks use it, four bytes at a time. Start with 0. */
static guint32
png_crc (guint32       crc,
         const guint8 *p,
         gsize         len)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, crc_table_init, NULL);

  crc = ~crc;
  for (; len >= 4; p += 4, len -= 4)
    {
      crc ^= (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
      crc = crc_table[3][crc & 0xff] ^ crc_table[2][(crc >> 8) & 0xff] ^
            crc_table[1][(crc >> 16) & 0xff] ^ crc_table[0][crc >> 24];
    }
  for (; len > 0; p++, len--)
    crc = crc_table[0][(crc ^ *p) & 0xff] ^ (crc >> 8);

  return ~crc;
}

#define ADLER_BASE 65521u
#define ADLER_NMAX 5552   /* the most bytes before the sums can overflow */

/* Adler-32, the zlib stream's checksum. Start with 1. */
static guint32
png_adler (guint32       adler,
           const guint8 *p,
           gsize         len)
{
  guint32 a = adler & 0xffff, b = adler >> 16;

  while (len > 0)
    {
      gsize n = MIN (len, ADLER_NMAX);

      len -= n;
      for (; n >= 8; n -= 8, p += 8)
        {
          a += p[0]; b += a;
          a += p[1]; b += a;
          a += p[2]; b += a;
          a += p[3]; b += a;
          a += p[4]; b += a;
          a += p[5]; b += a;
          a += p[6]; b += a;
          a += p[7]; b += a;
        }
      for (; n > 0; n--, p++)
        {
          a += *p;
          b += a;
        }
      a %= ADLER_BASE;
      b %= ADLER_BASE;
    }

  return b << 16 | a;
}

/* The Adler-32 of A then B from those of A and B and B's length (zlib's
 * adler32_combine ()). */
static guint32
png_adler_combine (guint32 a1,
                   guint32 a2,
                   gsize   len2)
{
  guint32 rem = (guint32) (len2 % ADLER_BASE);
  guint32 s1 = a1 & 0xffff;
  guint32 s2 = (guint32) (((guint64) rem * s1) % ADLER_BASE);

  s1 += (a2 & 0xffff) + ADLER_BASE - 1;
  s2 += (a1 >> 16) + (a2 >> 16) + ADLER_BASE - rem;
  if (s1 >= ADLER_BASE)
    s1 -= ADLER_BASE;
  if (s1 >= ADLER_BASE)
    s1 -= ADLER_BASE;
  if (s2 >= 2 * ADLER_BASE)
    s2 -= 2 * ADLER_BASE;
  if (s2 >= ADLER_BASE)
    s2 -= ADLER_BASE;

  return s2 << 16 | s1;
}

static void
piece_reserve (PngPiece *piece,
               gsize     extra)
{
  if (piece->len + extra <= piece->alloc)
    return;
  piece->alloc = MAX (piece->alloc * 2, piece->len + extra);
  piece->data = g_realloc (piece->data, piece->alloc);
}

/* Compresses @len bytes at @in after what @piece holds. @flags: none for
 * more to come, G_CONVERTER_FLUSH to end on a byte boundary (a sync
 * flush), G_CONVERTER_INPUT_AT_END to end the stream. */
static gboolean
piece_deflate (PngPiece         *piece,
               GConverter       *z,
               const guint8     *in,
               gsize             len,
               GConverterFlags   flags,
               GError          **error)
{
  for (;;)
    {
      gsize read = 0, written = 0, room;
      GConverterResult res;

      piece_reserve (piece, len / 4 + 1024);
      room = piece->alloc - piece->len;
      res = g_converter_convert (z, in, len, piece->data + piece->len, room, flags,
                                 &read, &written, error);
      if (res == G_CONVERTER_ERROR)
        return FALSE;
      in += read;
      len -= read;
      piece->len += written;
      if (res == G_CONVERTER_FINISHED || res == G_CONVERTER_FLUSHED)
        return TRUE;
      if (len == 0 && flags == G_CONVERTER_NO_FLAGS)
        return TRUE;
      /* deflate () has flushed everything once it leaves room to spare. */
      if (len == 0 && flags == G_CONVERTER_FLUSH && written < room)
        return TRUE;
    }
}

/* Rows converted and compressed at a time: small enough to stay in cache. */
#define PNG_CHUNK_ROWS 16

/* Draws band @k into @surface and compresses it into @piece. */
static gboolean
png_band (PngJob          *job,
          int              k,
          cairo_surface_t *surface,
          guint8          *rows,
          GConverter      *z,
          PngPiece        *piece,
          GError         **error)
{
  const int y0 = k * job->band;
  const int n_rows = MIN (job->band, job->height - y0);
  const gsize row_len = 1 + (gsize) job->width * 3;
  WbRenderOptions opts = *job->options;
  double scale = opts.scale;
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;
  const guint8 *data;
  int stride;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, 0, -y0);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, job->margin - job->origin_x, job->margin - job->origin_y);
  opts.clip_x = job->origin_x - job->margin;
  opts.clip_y = job->origin_y + y0 / scale - job->margin;
  opts.clip_width = job->width / scale;
  opts.clip_height = n_rows / scale;
  wb_render_map (job->game, job->map, cr, &opts);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      return FALSE;
    }
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  g_converter_reset (z);
  piece_reserve (piece, 4);
  memcpy (piece->data, "IDAT", 4);
  piece->len = 4;
  piece->adler = 1;
  piece->raw_len = n_rows * row_len;

  for (int r0 = 0; r0 < n_rows; r0 += PNG_CHUNK_ROWS)
    {
      int n = MIN (PNG_CHUNK_ROWS, n_rows - r0);
      GConverterFlags flags = G_CONVERTER_NO_FLAGS;

      /* Each row: filter type 0 (none), then RGB. */
      for (int y = 0; y < n; y++)
        {
          const guint32 *px = (const guint32 *) (data + (gsize) (r0 + y) * stride);
          guint8 *out = rows + y * row_len;

          *out++ = 0;
          for (int x = 0; x < job->width; x++)
            {
              *out++ = (px[x] >> 16) & 0xff;
              *out++ = (px[x] >> 8) & 0xff;
              *out++ = px[x] & 0xff;
            }
        }

      piece->adler = png_adler (piece->adler, rows, n * row_len);
      if (r0 + n == n_rows)
        flags = k == job->n_bands - 1 ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_FLUSH;
      if (!piece_deflate (piece, z, rows, n * row_len, flags, error))
        return FALSE;
    }
  piece->crc = png_crc (0, piece->data, piece->len);

  return TRUE;
}

static gpointer
png_worker (gpointer data)
{
  PngJob *job = data;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, job->width, job->band);
  g_autofree guint8 *rows = g_malloc (PNG_CHUNK_ROWS * (1 + (gsize) job->width * 3));
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, PNG_LEVEL);
  g_autoptr(GError) error = NULL;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED,
                         cairo_status_to_string (cairo_surface_status (surface)));

  while (error == NULL)
    {
      PngPiece *piece;
      gboolean ok;
      int k;

      g_mutex_lock (&job->lock);
      while (!job->failed && job->next < job->n_bands && job->next >= job->written + job->window)
        g_cond_wait (&job->cond, &job->lock);
      if (job->failed || job->next >= job->n_bands)
        {
          g_mutex_unlock (&job->lock);
          break;
        }
      k = job->next++;
      g_mutex_unlock (&job->lock);

      /* Band k - window, the last to use this piece, has been written. */
      piece = &job->pieces[k % job->window];
      ok = png_band (job, k, surface, rows, G_CONVERTER (z), piece, &error);

      g_mutex_lock (&job->lock);
      piece->ready = ok;
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
    }

  if (error != NULL)
    {
      g_mutex_lock (&job->lock);
      if (!job->failed)
        job->message = g_strdup (error->message);
      job->failed = TRUE;
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
    }

  cairo_surface_destroy (surface);

  return NULL;
}

static gboolean
png_chunk (WbWriteClosure *wc,
           const char   *type,
           const guint8 *data,
           gsize         len)
{
  guint8 head[8], tail[4];
  guint32 crc;

  head[0] = len >> 24;
  head[1] = len >> 16;
  head[2] = len >> 8;
  head[3] = len;
  memcpy (head + 4, type, 4);
  crc = png_crc (png_crc (0, head + 4, 4), data, len);
  tail[0] = crc >> 24;
  tail[1] = crc >> 16;
  tail[2] = crc >> 8;
  tail[3] = crc;

  return _wb_write_to_stream (wc, head, 8) == CAIRO_STATUS_SUCCESS &&
         (len == 0 || _wb_write_to_stream (wc, data, len) == CAIRO_STATUS_SUCCESS) &&
         _wb_write_to_stream (wc, tail, 4) == CAIRO_STATUS_SUCCESS;
}

/* A chunk whose type and data a worker has put in @piece, CRC computed. */
static gboolean
png_piece_chunk (WbWriteClosure   *wc,
                 const PngPiece *piece)
{
  gsize len = piece->len - 4;
  guint8 head[4] = { len >> 24, len >> 16, len >> 8, len };
  guint8 tail[4] = { piece->crc >> 24, piece->crc >> 16, piece->crc >> 8, piece->crc };

  return _wb_write_to_stream (wc, head, 4) == CAIRO_STATUS_SUCCESS &&
         _wb_write_to_stream (wc, piece->data, piece->len) == CAIRO_STATUS_SUCCESS &&
         _wb_write_to_stream (wc, tail, 4) == CAIRO_STATUS_SUCCESS;
}

static gboolean
write_png (WbGame                *game,
           WbMap                 *map,
           const WbRenderOptions *options,
           double                 margin,
           double                 origin_x,
           double                 origin_y,
           int                    width,
           int                    height,
           WbWriteClosure          *wc,
           const char            *path,
           GError               **error)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  /* Deflate, 32 KiB window, fastest level; the header's check bits. */
  static const guint8 zlib_header[2] = { 0x78, 0x01 };
  guint8 ihdr[13] = {
    width >> 24, width >> 16, width >> 8, width,
    height >> 24, height >> 16, height >> 8, height,
    8, 2, 0, 0, 0,   /* 8 bits, RGB, deflate, adaptive filters, no interlace */
  };
  PngJob job = { 0, };
  int n_threads;
  GThread **threads;
  guint32 adler = 1;
  gboolean ok;

  n_threads = CLAMP ((int) g_get_num_processors (), 1, PNG_MAX_THREADS);
  /* About 6 MB of pixels per band. The band height decides where road
   * chains are cut (a dashed trail restarts its dashes there): keep it
   * independent of the number of threads so every machine writes the
   * same image. */
  job.band = CLAMP (PNG_BAND_BYTES / (width * 4), 64, 1024);
  job.n_bands = (height + job.band - 1) / job.band;
  n_threads = MIN (n_threads, job.n_bands);

  job.game = game;
  job.map = map;
  job.options = options;
  job.margin = margin;
  job.origin_x = origin_x;
  job.origin_y = origin_y;
  job.width = width;
  job.height = height;
  job.window = n_threads + 1;
  job.pieces = g_new0 (PngPiece, job.window);
  g_mutex_init (&job.lock);
  g_cond_init (&job.cond);

  threads = g_new0 (GThread *, n_threads);
  for (int i = 0; i < n_threads; i++)
    threads[i] = g_thread_new ("wb-png", png_worker, &job);

  ok = _wb_write_to_stream (wc, signature, sizeof signature) == CAIRO_STATUS_SUCCESS &&
       png_chunk (wc, "IHDR", ihdr, sizeof ihdr) &&
       png_chunk (wc, "IDAT", zlib_header, sizeof zlib_header);

  for (int k = 0; ok && k < job.n_bands; k++)
    {
      PngPiece *piece = &job.pieces[k % job.window];

      g_mutex_lock (&job.lock);
      while (!piece->ready && !job.failed)
        g_cond_wait (&job.cond, &job.lock);
      ok = piece->ready;
      g_mutex_unlock (&job.lock);
      if (!ok)
        break;

      adler = k == 0 ? piece->adler : png_adler_combine (adler, piece->adler, piece->raw_len);
      ok = png_piece_chunk (wc, piece);

      g_mutex_lock (&job.lock);
      piece->ready = FALSE;
      job.written++;
      if (!ok)
        job.failed = TRUE;
      g_cond_broadcast (&job.cond);
      g_mutex_unlock (&job.lock);
    }

  if (ok)
    {
      guint8 trailer[4] = { adler >> 24, adler >> 16, adler >> 8, adler };

      ok = png_chunk (wc, "IDAT", trailer, sizeof trailer) && png_chunk (wc, "IEND", NULL, 0);
    }

  for (int i = 0; i < n_threads; i++)
    g_thread_join (threads[i]);

  if (!ok && wc->error == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: %s"), path,
                 job.message != NULL ? job.message : "PNG");

  for (int i = 0; i < job.window; i++)
    g_free (job.pieces[i].data);
  g_free (job.pieces);
  g_free (threads);
  g_free (job.message);
  g_mutex_clear (&job.lock);
  g_cond_clear (&job.cond);

  return ok;
}

/* The largest image surface cairo can make. */
#define MAX_IMAGE_SIDE 32767

/**
 * wb_render_map_to_file:
 * @game: the game
 * @map: the map to draw
 * @path: the file to write (replaced atomically)
 * @format: PNG, SVG or PDF
 * @options: layers, scale (default 1), scenario, and a clip rectangle: when its
 *   width and height are above 0, only that region of the map (in map points,
 *   clamped to the map) is exported
 * @error: return location for a #GError
 *
 * Renders the map (or the region) with a small white margin: PNG at @options->scale
 * pixels per point, SVG and PDF as one page of the map's size times the
 * scale, in points.
 *
 * Returns: %TRUE on success; on failure a %G_IO_ERROR naming @path.
 */
gboolean
wb_render_map_to_file (WbGame                *game,
                       WbMap                 *map,
                       const char            *path,
                       WbExportFormat         format,
                       const WbRenderOptions *options,
                       GError               **error)
{
  const double margin = 12.0;
  WbRenderOptions opts;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  WbWriteClosure wc = { NULL, NULL };
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double w, h, scale, page_w, page_h;
  double origin_x = 0, origin_y = 0;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_MAP (map), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options != NULL)
    opts = *options;
  else
    wb_render_options_init (&opts);
  if (!(opts.scale > 0) || !isfinite (opts.scale))
    opts.scale = 1.0;
  scale = opts.scale;

  wb_map_get_extent (map, &w, &h);
  if (opts.clip_width > 0 && opts.clip_height > 0)
    {
      double x0 = CLAMP (opts.clip_x, 0, w), y0 = CLAMP (opts.clip_y, 0, h);
      double x1 = CLAMP (opts.clip_x + opts.clip_width, 0, w);
      double y1 = CLAMP (opts.clip_y + opts.clip_height, 0, h);

      if (x1 - x0 < 1 || y1 - y0 < 1)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Cannot export “%s”: the region lies outside the map"), path);
          return FALSE;
        }
      origin_x = x0;
      origin_y = y0;
      w = x1 - x0;
      h = y1 - y0;
    }
  /* The clip of the drawing itself is set per target below. */
  opts.clip_x = origin_x - margin;
  opts.clip_y = origin_y - margin;
  opts.clip_width = w + 2 * margin;
  opts.clip_height = h + 2 * margin;
  page_w = (w + 2 * margin) * scale;
  page_h = (h + 2 * margin) * scale;

  if (format == WB_EXPORT_PNG && (ceil (page_w) > MAX_IMAGE_SIDE || ceil (page_h) > MAX_IMAGE_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export “%s”: the image would be %.0f × %.0f pixels, more than "
                     "the largest possible (%d × %d); lower the scale"),
                   path, ceil (page_w), ceil (page_h), MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
      return FALSE;
    }

  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    {
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  wc.stream = G_OUTPUT_STREAM (out);

  if (format == WB_EXPORT_PNG)
    {
      if (!write_png (game, map, &opts, margin, origin_x, origin_y,
                      (int) ceil (page_w), (int) ceil (page_h), &wc, path, error))
        {
          _wb_abort_output (G_OUTPUT_STREAM (out));
          if (wc.error != NULL)
            g_propagate_prefixed_error (error, wc.error, _("Cannot export “%s”: "), path);
          return FALSE;
        }
      if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
        {
          g_prefix_error (error, _("Cannot export “%s”: "), path);
          return FALSE;
        }
      return TRUE;
    }

  switch (format)
    {
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (_wb_write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (_wb_write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          const char *title = wb_map_get_name (map);

          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                          title != NULL ? title : wb_map_get_id (map));
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Warbench");
        }
      break;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Cannot export “%s”: unknown format"), path);
      _wb_abort_output (G_OUTPUT_STREAM (out));
      return FALSE;
    }

  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_clear_error (&wc.error);
      _wb_abort_output (G_OUTPUT_STREAM (out));
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, margin - origin_x, margin - origin_y);
  wb_render_map (game, map, cr, &opts);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (wc.error != NULL || status != CAIRO_STATUS_SUCCESS)
    _wb_abort_output (G_OUTPUT_STREAM (out));
  if (wc.error != NULL)
    {
      g_propagate_prefixed_error (error, wc.error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  /* The rename over @path happens on close: check it. */
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }

  return TRUE;
}
