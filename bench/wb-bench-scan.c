/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bench-scan"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

#include "wb-bench-rng.h"
#include "wb-bench-scan.h"

/*
 * A big background scan for the canvas benchmark, made at run time (never
 * checked in): an RGB PNG like a scanned printed map — paper, smooth
 * patches of colour, a grid of printed lines, and scanner noise in every
 * pixel, so that PNG compression does not make it trivial (about half the
 * raw size). Written row by row (Paeth filter, as image editors pick for
 * photographs and scans), so making it takes a row of memory, not the image;
 * a game file beside it has a hex map of the scan's size with the scan as
 * its background.
 */


static gboolean
put_chunk (FILE *f, const char *type, const guint8 *data, guint32 len)
{
  guint8 be[4] = { len >> 24, len >> 16, len >> 8, len };
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  /* crc32 () of a NULL buffer is the initial value, not the running CRC. */
  if (len > 0)
    crc = crc32 (crc, data, len);

  if (fwrite (be, 1, 4, f) != 4 || fwrite (type, 1, 4, f) != 4 ||
      (len > 0 && fwrite (data, 1, len, f) != len))
    return FALSE;
  be[0] = crc >> 24, be[1] = crc >> 16, be[2] = crc >> 8, be[3] = crc;
  return fwrite (be, 1, 4, f) == 4;
}

static guint8
paeth (int a, int b, int c)
{
  int p = a + b - c, pa = abs (p - a), pb = abs (p - b), pc = abs (p - c);

  return (guint8) (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Deflates what the stream has (flushing at the end) into IDAT chunks. */
static gboolean
deflate_out (z_stream *z, FILE *f, guint8 *buf, gsize size, int flush)
{
  int ret;

  do
    {
      z->next_out = buf;
      z->avail_out = (uInt) size;
      ret = deflate (z, flush);
      if (ret == Z_STREAM_ERROR)
        return FALSE;
      if (size - z->avail_out > 0 &&
          !put_chunk (f, "IDAT", buf, (guint32) (size - z->avail_out)))
        return FALSE;
    }
  while (z->avail_out == 0 || (flush == Z_FINISH && ret != Z_STREAM_END));
  return TRUE;
}

static gboolean
write_png (const char *path, int width, int height, GError **error)
{
  const gsize row_bytes = (gsize) width * 3;
  g_autofree guint8 *row = g_malloc (row_bytes), *prev = g_malloc0 (row_bytes);
  g_autofree guint8 *filtered = g_malloc (row_bytes + 1);
  g_autofree guint8 *out = g_malloc (1 << 20);
  /* The colour patches: a coarse lattice (one point every 96 pixels),
   * smoothly interpolated. */
  const int lw = width / 96 + 2, lh = height / 96 + 2;
  g_autofree guint8 *lattice = g_malloc ((gsize) lw * lh * 3);
  static const guint8 palette[][3] = {
    { 236, 228, 200 }, { 214, 222, 176 }, { 150, 182, 120 }, { 196, 170, 130 }, { 170, 200, 222 },
  };
  Rng rng = { 20261203 };
  guint8 ihdr[13] = { width >> 24, width >> 16, width >> 8, width,
                      height >> 24, height >> 16, height >> 8, height, 8, 2, 0, 0, 0 };
  z_stream z = { 0, };
  gboolean ok;
  FILE *f;

  for (int i = 0; i < lw * lh; i++)
    memcpy (lattice + i * 3, palette[rng_next (&rng) % G_N_ELEMENTS (palette)], 3);

  f = g_fopen (path, "wb");
  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", path,
                   g_strerror (errno));
      return FALSE;
    }
  ok = fwrite ("\x89PNG\r\n\x1a\n", 1, 8, f) == 8 && put_chunk (f, "IHDR", ihdr, 13) &&
       deflateInit (&z, 1) == Z_OK;
  for (int y = 0; ok && y < height; y++)
    {
      int ly = y / 96;
      double fy = (y % 96) / 96.0;

      for (int x = 0; x < width; x++)
        {
          int lx = x / 96;
          double fx = (x % 96) / 96.0;
          guint64 r = rng_next (&rng);
          /* Printed lines: a hex-ish grid of dark ink every 45 × 52 px. */
          gboolean ink = (x % 45) < 2 || (y % 52) < 2 || ((x + y) % 173) < 1;

          for (int c = 0; c < 3; c++)
            {
              const guint8 *l = lattice + ((gsize) ly * lw + lx) * 3 + c;
              double v = (l[0] * (1 - fx) + l[3] * fx) * (1 - fy) +
                         (l[lw * 3] * (1 - fx) + l[lw * 3 + 3] * fx) * fy;
              int noise = (int) ((r >> (c * 8)) & 31) - 16;

              if (ink)
                v *= 0.3;
              row[(gsize) x * 3 + c] = (guint8) CLAMP ((int) v + noise, 0, 255);
            }
        }

      filtered[0] = 4;
      for (gsize i = 0; i < row_bytes; i++)
        {
          int a = i >= 3 ? row[i - 3] : 0, b = prev[i], c = i >= 3 ? prev[i - 3] : 0;

          filtered[i + 1] = (guint8) (row[i] - paeth (a, b, c));
        }
      memcpy (prev, row, row_bytes);
      z.next_in = filtered;
      z.avail_in = (uInt) row_bytes + 1;
      ok = deflate_out (&z, f, out, 1 << 20, Z_NO_FLUSH);
    }
  ok = ok && deflate_out (&z, f, out, 1 << 20, Z_FINISH) && put_chunk (f, "IEND", NULL, 0);
  deflateEnd (&z);
  ok = (fclose (f) == 0) && ok;
  if (!ok)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "could not write %s", path);
  return ok;
}

char *
wb_bench_make_scan (const char *dir,
                    int         width,
                    int         height,
                    double      hex_size,
                    GError    **error)
{
  g_autofree char *png = g_strdup_printf ("scan-%dx%d.png", width, height);
  g_autofree char *png_path = g_build_filename (dir, png, NULL);
  g_autofree char *game_name = g_strdup_printf ("scan-%dx%d.warbench", width, height);
  char *game_path = g_build_filename (dir, game_name, NULL);
  /* Flat hexes: 1.5 × size apart across, √3 × size down. */
  int cols = (int) floor ((width - hex_size / 2) / (1.5 * hex_size));
  int rows = (int) floor (height / (sqrt (3) * hex_size) - 0.5);
  g_autofree char *text = NULL;
  char size[G_ASCII_DTOSTR_BUF_SIZE];

  if (!g_file_test (png_path, G_FILE_TEST_EXISTS) && !write_png (png_path, width, height, error))
    {
      g_free (game_path);
      return NULL;
    }

  text = g_strdup_printf (
    "{\n"
    "  \"format\": \"warbench-game\",\n"
    "  \"version\": 2,\n"
    "  \"game\": {\"id\": \"scan\", \"title\": \"Big scan\"},\n"
    "  \"rules\": {\"family\": \"free\"},\n"
    "  \"sides\": [{\"id\": \"blue\", \"name\": \"Blue\", \"color\": \"#3a5f9f\"}],\n"
    "  \"unit_classes\": [{\"id\": \"infantry\", \"name\": \"Infantry\", \"symbol\": \"infantry\"}],\n"
    "  \"terrain\": [{\"id\": \"clear\", \"name\": \"Clear\", \"key\": \".\", \"color\": \"#e8e2c4\"}],\n"
    "  \"maps\": [{\"id\": \"map\", \"name\": \"Scan\", \"kind\": \"hex\", \"orientation\": \"flat\",\n"
    "    \"parity\": \"odd\", \"cols\": %d, \"rows\": %d, \"hex_size\": %s, \"default_terrain\": \"clear\",\n"
    "    \"background\": {\"image\": \"%s\", \"opacity\": 0.7}}]\n"
    "}\n",
    cols, rows, g_ascii_dtostr (size, sizeof size, hex_size), png);
  if (!g_file_set_contents (game_path, text, -1, error))
    {
      g_free (game_path);
      return NULL;
    }
  return game_path;
}
