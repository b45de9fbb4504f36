/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scan"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "wb-map.h"
#include "wb-scan-private.h"

/*
 * A PNG reader for background scans that can start again in the middle.
 * libpng (what cairo uses) reads an image from its first byte to its last,
 * so a scan decoded with it is either held whole or read again from the
 * top. This reader inflates the image data itself (zlib), and while it
 * decodes the whole image once it notes, every band of rows, the inflate
 * state (inflateCopy: about 40 KB with zlib's window), where the compressed
 * bytes go on and the row above; any band can then be decoded again on its
 * own, reading only its part of the file. Pixels come out as cairo's PNG
 * reader gives them (16-bit samples cut to their high byte, grey, palette
 * and tRNS expanded, premultiplied the same way), so a scan drawn from these
 * bands equals the image cairo would have decoded. Interlaced images (Adam7
 * spreads every row over seven passes) cannot be cut into bands: they are
 * decoded whole by cairo (_wb_scan_png_decode_cairo).
 */

#define READ_BUFFER 65536

static gboolean
read_at (WbScanPng *png, void *data, gsize len, gint64 offset, GError **error)
{
  guint8 *p = data;

  while (len > 0)
    {
      ssize_t n = pread (png->fd, p, len, offset);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot read %s: %s"),
                       png->path, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Cannot read %s: the PNG file ends early (at byte %lld)"),
                       png->path, (long long) offset);
          return FALSE;
        }
      p += n;
      offset += n;
      len -= (gsize) n;
    }
  return TRUE;
}

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

static gboolean
invalid (GError **error, const char *path, const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Cannot read %s: %s"), path, what);
  return FALSE;
}

/* cairo's premultiplication (cairo-png.c), so that pixels are the same. */
static inline guint32
premultiply (guint a, guint r, guint g, guint b)
{
  if (a == 0)
    return 0;
  if (a != 0xff)
    {
      guint t;

      t = a * r + 0x80, r = (t + (t >> 8)) >> 8;
      t = a * g + 0x80, g = (t + (t >> 8)) >> 8;
      t = a * b + 0x80, b = (t + (t >> 8)) >> 8;
    }
  return (guint32) a << 24 | r << 16 | g << 8 | b;
}

void
_wb_scan_png_free (WbScanPng *png)
{
  if (png == NULL)
    return;
  if (png->fd >= 0)
    close (png->fd);
  for (guint i = 0; png->checkpoints != NULL && i < png->n_bands; i++)
    {
      if (png->checkpoints[i].prev != NULL)
        inflateEnd (&png->checkpoints[i].z);
      g_free (png->checkpoints[i].prev);
    }
  g_free (png->checkpoints);
  g_free (png->path);
  g_free (png);
}

static gboolean
check_ihdr (WbScanPng *png, const guint8 *ihdr, GError **error)
{
  static const struct { guint8 type, depths, channels; } kinds[] = {
    /* depths: a bit for each allowed bit depth (1 << log2 depth) */
    { 0, 0x1f, 1 }, { 2, 0x18, 3 }, { 3, 0x0f, 1 }, { 4, 0x18, 2 }, { 6, 0x18, 4 },
  };
  guint8 depth = ihdr[8], type = ihdr[9];
  int log2 = depth == 1 ? 0 : depth == 2 ? 1 : depth == 4 ? 2 : depth == 8 ? 3 : depth == 16 ? 4 : -1;

  png->depth = depth;
  png->color_type = type;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].type == type && log2 >= 0 && (kinds[i].depths & (1 << log2)))
      {
        guint bits = kinds[i].channels * depth;

        png->bpp = MAX (bits / 8, 1);
        png->row_bytes = ((gsize) png->width * bits + 7) / 8;
        if (ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] > 1)
          return invalid (error, png->path, _("unknown PNG compression, filter or interlace method"));
        png->interlaced = ihdr[12] == 1;
        return TRUE;
      }
  return invalid (error, png->path, _("the PNG header gives a colour type and bit depth that do not go together"));
}

/* The chunks between the header and the image data: the palette and the
 * transparency; unknown ancillary chunks are skipped, unknown critical ones
 * refused (as libpng does). */
static gboolean
read_chunks (WbScanPng *png, GError **error)
{
  gint64 offset = 33;
  gboolean has_palette = FALSE;

  for (guint i = 0; i < 256; i++)
    png->palette[i] = 0xff000000;
  for (;;)
    {
      guint8 head[8], data[768], crc[4];
      guint32 len;

      if (!read_at (png, head, 8, offset, error))
        return FALSE;
      len = be32 (head);
      if (len > 0x7fffffff)
        return invalid (error, png->path, _("a PNG chunk is longer than the format allows"));
      if (memcmp (head + 4, "IDAT", 4) == 0)
        {
          if (png->color_type == 3 && !has_palette)
            return invalid (error, png->path, _("a palette image has no palette before its data"));
          png->idat = offset;
          return TRUE;
        }
      if (memcmp (head + 4, "IEND", 4) == 0)
        return invalid (error, png->path, _("the PNG file has no image data"));
      if (memcmp (head + 4, "PLTE", 4) == 0 || memcmp (head + 4, "tRNS", 4) == 0)
        {
          gboolean plte = head[4] == 'P';

          if (len > sizeof data || (plte && len % 3 != 0))
            return invalid (error, png->path, _("a PNG palette or transparency chunk has the wrong length"));
          if (!read_at (png, data, len, offset + 8, error) ||
              !read_at (png, crc, 4, offset + 8 + len, error))
            return FALSE;
          if (crc32 (crc32 (0, head + 4, 4), data, len) != be32 (crc))
            return invalid (error, png->path, _("a PNG chunk is damaged (its CRC does not match)"));
          if (plte)
            {
              has_palette = TRUE;
              /* As libpng: no more entries than the depth can index. */
              png->n_palette = MIN (len / 3, png->depth <= 8 ? 1u << png->depth : 256u);
              for (guint i = 0; i < png->n_palette; i++)
                png->palette[i] = 0xff000000u | (guint32) data[3 * i] << 16 |
                                  (guint32) data[3 * i + 1] << 8 | data[3 * i + 2];
            }
          else if (png->color_type == 3 && len <= png->n_palette)
            {
              /* (libpng ignores a longer one.) */
              for (guint i = 0; i < len; i++)
                {
                  guint32 p = png->palette[i];

                  png->palette[i] = premultiply (data[i], (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff);
                }
            }
          else if ((png->color_type == 0 && len == 2) || (png->color_type == 2 && len == 6))
            {
              png->has_trns = TRUE;
              for (guint i = 0; i < len / 2; i++)
                png->trns[i] = (guint16) (data[2 * i] << 8 | data[2 * i + 1]);
            }
        }
      else if (!(head[4] & 0x20))
        {
          g_autofree char *what = g_strdup_printf (_("the PNG file has a chunk “%.4s” that this reader does not know"),
                                                   (const char *) head + 4);

          return invalid (error, png->path, what);
        }
      offset += 12 + (gint64) len;
    }
}

WbScanPng *
_wb_scan_png_open (const char *path, GError **error)
{
  g_autoptr(GError) local = NULL;
  WbScanPng *png = g_new0 (WbScanPng, 1);
  guint8 head[33];
  int saved;

  png->path = g_strdup (path);
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer
   * forever; it and every other special file is refused from fstat. */
  png->fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (png->fd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot open %s: %s"), path,
                   g_strerror (saved));
      _wb_scan_png_free (png);
      return NULL;
    }
  if (fstat (png->fd, &png->st) != 0 || !S_ISREG (png->st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s is not a regular file (expected a PNG image)"), path);
      _wb_scan_png_free (png);
      return NULL;
    }
  /* The header's size is checked before a pixel is allocated. */
  if (!read_at (png, head, sizeof head, 0, &local) ||
      memcmp (head, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp (head + 12, "IHDR", 4) != 0)
    {
      if (local != NULL && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s is not a PNG image"), path);
      _wb_scan_png_free (png);
      return NULL;
    }
  png->width = be32 (head + 16);
  png->height = be32 (head + 20);
  if (png->width == 0 || png->height == 0 || png->width > WB_BACKGROUND_MAX_SIDE ||
      png->height > WB_BACKGROUND_MAX_SIDE ||
      (guint64) png->width * png->height > WB_BACKGROUND_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is %u × %u pixels (expected at most %d a side and %d million in all)"),
                   path, png->width, png->height, WB_BACKGROUND_MAX_SIDE,
                   WB_BACKGROUND_MAX_PIXELS / 1000000);
      _wb_scan_png_free (png);
      return NULL;
    }
  if (be32 (head + 8) != 13 || crc32 (0, head + 12, 17) != be32 (head + 29))
    {
      invalid (error, path, _("the PNG header is damaged"));
      _wb_scan_png_free (png);
      return NULL;
    }
  if (!check_ihdr (png, head + 16, error) || !read_chunks (png, error))
    {
      _wb_scan_png_free (png);
      return NULL;
    }
  return png;
}

/* The compressed image data, read through the IDAT chunks. */
typedef struct
{
  WbScanPng *png;
  z_stream  *z;
  gint64     offset;      /* of the next byte to read from the file */
  guint32    chunk_left;  /* of the current chunk's data, not read yet */
  gboolean   check_crc;   /* the current chunk was read from its start */
  uLong      crc;
  guint8     buf[READ_BUFFER];
} Reader;

/* The next chunk's header, at r->offset past the current one's CRC. */
static gboolean
next_chunk (Reader *r, GError **error)
{
  guint8 b[8];

  /* The CRC was checked when the chunk's last bytes were read. */
  r->offset += 4;
  if (!read_at (r->png, b, 8, r->offset, error))
    return FALSE;
  if (memcmp (b + 4, "IDAT", 4) != 0)
    return invalid (error, r->png->path, _("the PNG image data ends early"));
  r->chunk_left = be32 (b);
  if (r->chunk_left > 0x7fffffff)
    return invalid (error, r->png->path, _("a PNG chunk is longer than the format allows"));
  r->offset += 8;
  r->check_crc = TRUE;
  r->crc = crc32 (0, b + 4, 4);
  return TRUE;
}

static gboolean
refill (Reader *r, GError **error)
{
  guint32 n;

  while (r->chunk_left == 0)
    if (!next_chunk (r, error))
      return FALSE;
  n = MIN (r->chunk_left, READ_BUFFER);
  if (!read_at (r->png, r->buf, n, r->offset, error))
    return FALSE;
  r->offset += n;
  r->chunk_left -= n;
  if (r->check_crc)
    {
      guint8 b[4];

      /* Checked before the data is inflated, so that a damaged chunk is
       * called so rather than whatever inflating it would say. */
      r->crc = crc32 (r->crc, r->buf, n);
      if (r->chunk_left == 0)
        {
          if (!read_at (r->png, b, 4, r->offset, error))
            return FALSE;
          if (be32 (b) != r->crc)
            return invalid (error, r->png->path,
                            _("a PNG image data chunk is damaged (its CRC does not match)"));
        }
    }
  r->z->next_in = r->buf;
  r->z->avail_in = n;
  return TRUE;
}

static gboolean
inflate_row (Reader *r, guint8 *row, gsize len, GError **error)
{
  z_stream *z = r->z;

  z->next_out = row;
  z->avail_out = (uInt) len;
  while (z->avail_out > 0)
    {
      int ret;

      if (z->avail_in == 0 && !refill (r, error))
        return FALSE;
      ret = inflate (z, Z_NO_FLUSH);
      if (ret == Z_STREAM_END && z->avail_out > 0)
        return invalid (error, r->png->path, _("the PNG image data ends early"));
      if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR)
        {
          g_autofree char *what = g_strdup_printf (_("the PNG image data is damaged (%s)"),
                                                   z->msg != NULL ? z->msg : zError (ret));

          return invalid (error, r->png->path, what);
        }
    }
  return TRUE;
}

static gboolean
unfilter (guint8 type, guint8 *cur, const guint8 *prev, gsize n, guint bpp)
{
  gsize i;

  switch (type)
    {
    case 0:
      break;
    case 1:
      for (i = bpp; i < n; i++)
        cur[i] += cur[i - bpp];
      break;
    case 2:
      for (i = 0; i < n; i++)
        cur[i] += prev[i];
      break;
    case 3:
      for (i = 0; i < bpp; i++)
        cur[i] += prev[i] >> 1;
      for (; i < n; i++)
        cur[i] += (guint8) ((cur[i - bpp] + prev[i]) >> 1);
      break;
    case 4:
      for (i = 0; i < bpp; i++)
        cur[i] += prev[i];
      for (; i < n; i++)
        {
          int a = cur[i - bpp], b = prev[i], c = prev[i - bpp];
          int pa = abs (b - c), pb = abs (a - c), pc = abs (a + b - 2 * c);

          cur[i] += (guint8) (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        }
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* A sample of @depth < 8 bits at pixel @x of @raw. */
static inline guint
packed (const guint8 *raw, guint x, guint depth)
{
  guint bit = x * depth;

  return (raw[bit >> 3] >> (8 - depth - (bit & 7))) & ((1u << depth) - 1);
}

static void
convert_row (const WbScanPng *png, const guint8 *raw, guint32 *out)
{
  guint w = png->width, d = png->depth;
  guint s = d == 16 ? 2 : 1;   /* bytes a sample; 16-bit samples keep their high byte */

  switch (png->color_type)
    {
    case 0:
      for (guint x = 0; x < w; x++)
        {
          guint v = d < 8 ? packed (raw, x, d) : d == 8 ? raw[x] : (guint) (raw[2 * x] << 8 | raw[2 * x + 1]);
          guint g = d < 8 ? v * (255 / ((1u << d) - 1)) : raw[x * s];
          guint a = png->has_trns && v == png->trns[0] ? 0 : 255;

          out[x] = premultiply (a, g, g, g);
        }
      break;
    case 2:
      for (guint x = 0; x < w; x++)
        {
          const guint8 *p = raw + x * 3 * s;
          guint a = 255;

          if (png->has_trns)
            {
              guint r = s == 2 ? (guint) (p[0] << 8 | p[1]) : p[0];
              guint g = s == 2 ? (guint) (p[2] << 8 | p[3]) : p[1];
              guint b = s == 2 ? (guint) (p[4] << 8 | p[5]) : p[2];

              a = r == png->trns[0] && g == png->trns[1] && b == png->trns[2] ? 0 : 255;
            }
          out[x] = premultiply (a, p[0], p[s], p[2 * s]);
        }
      break;
    case 3:
      for (guint x = 0; x < w; x++)
        out[x] = png->palette[d < 8 ? packed (raw, x, d) : raw[x]];
      break;
    case 4:
      for (guint x = 0; x < w; x++)
        {
          const guint8 *p = raw + x * 2 * s;

          out[x] = premultiply (p[s], p[0], p[0], p[0]);
        }
      break;
    case 6:
      for (guint x = 0; x < w; x++)
        {
          const guint8 *p = raw + x * 4 * s;

          out[x] = premultiply (p[3 * s], p[0], p[s], p[2 * s]);
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Decodes rows @y0 … @y1 − 1 from where @r and @prev stand, each handed to
 * @func or written to @pixels. */
static gboolean
decode_rows (Reader        *r,
             guint8        *prev,
             guint          y0,
             guint          y1,
             guint          band_rows,
             WbScanRowFunc  func,
             gpointer       user_data,
             guint8        *pixels,
             int            stride,
             GError       **error)
{
  WbScanPng *png = r->png;
  g_autofree guint8 *cur = g_malloc (png->row_bytes + 1);
  g_autofree guint32 *out = func != NULL ? g_new (guint32, png->width) : NULL;

  for (guint y = y0; y < y1; y++)
    {
      if (func != NULL && band_rows > 0 && y % band_rows == 0)
        {
          WbScanCheckpoint *cp = &png->checkpoints[y / band_rows];

          if (inflateCopy (&cp->z, r->z) != Z_OK)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, _("Cannot read %s: out of memory"),
                           png->path);
              return FALSE;
            }
          cp->offset = r->offset - r->z->avail_in;
          cp->chunk_left = r->chunk_left + r->z->avail_in;
          cp->prev = g_memdup2 (prev, png->row_bytes);
        }
      if (!inflate_row (r, cur, png->row_bytes + 1, error))
        return FALSE;
      if (!unfilter (cur[0], cur + 1, prev, png->row_bytes, png->bpp))
        return invalid (error, png->path, _("a PNG row has an unknown filter type"));
      if (func != NULL)
        {
          convert_row (png, cur + 1, out);
          func (out, y, user_data);
        }
      else
        convert_row (png, cur + 1, (guint32 *) (pixels + (gsize) (y - y0) * stride));
      memcpy (prev, cur + 1, png->row_bytes);
    }
  return TRUE;
}

gboolean
_wb_scan_png_decode_all (WbScanPng     *png,
                         guint          band_rows,
                         WbScanRowFunc  func,
                         gpointer       user_data,
                         GError       **error)
{
  g_autofree Reader *r = g_new0 (Reader, 1);
  g_autofree guint8 *prev = g_malloc0 (png->row_bytes);
  z_stream z = { 0, };
  gboolean ok;

  g_return_val_if_fail (!png->interlaced && png->checkpoints == NULL, FALSE);

  png->band_rows = band_rows;
  png->n_bands = (png->height + band_rows - 1) / band_rows;
  png->checkpoints = g_new0 (WbScanCheckpoint, png->n_bands);
  if (inflateInit (&z) != Z_OK)
    return invalid (error, png->path, _("out of memory"));
  *r = (Reader) { png, &z, png->idat, 0, FALSE, 0 };
  /* Past the first IDAT's CRC-less start: next_chunk () reads its header. */
  r->offset -= 4;
  ok = decode_rows (r, prev, 0, png->height, band_rows, func, user_data, NULL, 0, error);
  /* The last chunk's CRC: the rest of its data is read and checked. */
  while (ok && r->chunk_left > 0)
    ok = refill (r, error), z.avail_in = 0;
  inflateEnd (&z);
  return ok;
}

gboolean
_wb_scan_png_decode_band (WbScanPng  *png,
                          guint       band,
                          guint8     *pixels,
                          int         stride,
                          GError    **error)
{
  const WbScanCheckpoint *cp;
  g_autofree Reader *r = NULL;
  g_autofree guint8 *prev = NULL;
  struct stat st;
  z_stream z;
  gboolean ok;

  g_return_val_if_fail (band < png->n_bands && png->checkpoints[band].prev != NULL, FALSE);

  /* Read again from the file checked and decoded whole before: one
   * changed in place since is not mixed with it. */
  if (fstat (png->fd, &st) != 0 || st.st_size != png->st.st_size ||
      st.st_mtim.tv_sec != png->st.st_mtim.tv_sec || st.st_mtim.tv_nsec != png->st.st_mtim.tv_nsec)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Cannot read %s again: it changed on disk since it was opened"), png->path);
      return FALSE;
    }
  cp = &png->checkpoints[band];
  if (inflateCopy (&z, (z_streamp) &cp->z) != Z_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, _("Cannot read %s: out of memory"), png->path);
      return FALSE;
    }
  r = g_new0 (Reader, 1);
  *r = (Reader) { png, &z, cp->offset, cp->chunk_left, FALSE, 0 };
  z.next_in = NULL;
  z.avail_in = 0;
  prev = g_memdup2 (cp->prev, png->row_bytes);
  ok = decode_rows (r, prev, band * png->band_rows,
                    MIN ((band + 1) * png->band_rows, png->height), 0, NULL, NULL, pixels, stride,
                    error);
  inflateEnd (&z);
  return ok;
}

typedef struct
{
  WbScanPng *png;
  gint64     offset;
} CairoReader;

static cairo_status_t
read_for_cairo (void *closure, unsigned char *data, unsigned int length)
{
  CairoReader *r = closure;

  if (!read_at (r->png, data, length, r->offset, NULL))
    return CAIRO_STATUS_READ_ERROR;
  r->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *
_wb_scan_png_decode_cairo (WbScanPng *png, GError **error)
{
  CairoReader reader = { png, 0 };
  cairo_surface_t *surface = cairo_image_surface_create_from_png_stream (read_for_cairo, &reader);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Cannot read %s: %s"), png->path,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  /* cairo keeps the file's bytes beside the pixels, for PDF and SVG: a
   * second copy of the scan that nothing here needs. */
  cairo_surface_set_mime_data (surface, CAIRO_MIME_TYPE_PNG, NULL, 0, NULL, NULL);
  return surface;
}
