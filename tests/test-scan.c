/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-scan"
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "warbench-core.h"

/*
 * Background scans as a pyramid (WbScan): the PNG reader gives the pixels
 * cairo's reader gives, for every colour type, depth and filter; drawing
 * through the bands and the halved copies gives the pixels of the plain
 * image drawn the same way (exactly at full size unturned, within a small
 * tolerance turned or from the halved copies), at several scales, offsets, turns and clips, and
 * into vector output; the cache of bands stays within its limit, the full
 * image is never held (peak resident size), and damaged files are refused
 * with the reason.
 */

/* --- PNG files made here ------------------------------------------------- */

static void
put_chunk (GByteArray *png, const char *type, const guint8 *data, gsize len)
{
  guint8 be[4] = { len >> 24, len >> 16, len >> 8, len };
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  if (len > 0)
    crc = crc32 (crc, data, (uInt) len);
  g_byte_array_append (png, be, 4);
  g_byte_array_append (png, (const guint8 *) type, 4);
  if (len > 0)
    g_byte_array_append (png, data, (guint) len);
  be[0] = crc >> 24, be[1] = crc >> 16, be[2] = crc >> 8, be[3] = crc;
  g_byte_array_append (png, be, 4);
}

static guint8
paeth (int a, int b, int c)
{
  int p = a + b - c, pa = abs (p - a), pb = abs (p - b), pc = abs (p - c);

  return (guint8) (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* A PNG of @raw rows (@row_bytes each, unfiltered), each row filtered with
 * filter type y % 5, so every filter is read back; @extra chunks (PLTE,
 * tRNS) go before the data. */
static GByteArray *
make_png (guint w, guint h, guint8 depth, guint8 color, const guint8 *raw, gsize row_bytes,
          guint bpp, const GByteArray *extra)
{
  GByteArray *png = g_byte_array_new ();
  guint8 ihdr[13] = { w >> 24, w >> 16, w >> 8, w, h >> 24, h >> 16, h >> 8, h, depth, color, 0, 0, 0 };
  gsize n = (row_bytes + 1) * h;
  g_autofree guint8 *filtered = g_malloc (n);
  uLongf zlen = compressBound (n);
  g_autofree guint8 *z = g_malloc (zlen);

  for (guint y = 0; y < h; y++)
    {
      const guint8 *cur = raw + y * row_bytes, *prev = y > 0 ? cur - row_bytes : NULL;
      guint8 *out = filtered + y * (row_bytes + 1);
      guint8 type = y % 5;

      out[0] = type;
      for (gsize i = 0; i < row_bytes; i++)
        {
          int a = i >= bpp ? cur[i - bpp] : 0, b = prev ? prev[i] : 0;
          int c = i >= bpp && prev ? prev[i - bpp] : 0;
          int pred = type == 0 ? 0 : type == 1 ? a : type == 2 ? b : type == 3 ? (a + b) / 2 : paeth (a, b, c);

          out[i + 1] = (guint8) (cur[i] - pred);
        }
    }
  ck_assert_int_eq (compress2 (z, &zlen, filtered, n, 6), Z_OK);
  g_byte_array_append (png, (const guint8 *) "\x89PNG\r\n\x1a\n", 8);
  put_chunk (png, "IHDR", ihdr, 13);
  if (extra != NULL)
    g_byte_array_append (png, extra->data, extra->len);
  /* The data in a few chunks, as encoders write it. */
  for (uLongf at = 0; at < zlen; at += 4096)
    put_chunk (png, "IDAT", z + at, MIN (4096, zlen - at));
  put_chunk (png, "IEND", NULL, 0);
  return png;
}

static char *tmp_dir;

static char *
write_file (const char *name, const GByteArray *data)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  ck_assert (g_file_set_contents (path, (const char *) data->data, data->len, NULL));
  return path;
}

static void
setup (void)
{
  tmp_dir = g_dir_make_tmp ("wb-scan-XXXXXX", NULL);
  ck_assert_ptr_nonnull (tmp_dir);
}

static void
teardown (void)
{
  GDir *dir = g_dir_open (tmp_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmp_dir, name, NULL);

      g_unlink (path);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
  wb_scan_set_cache_limit (WB_SCAN_CACHE_LIMIT);
}

/* A smooth picture with printed-looking lines and some transparency:
 * @w × @h ARGB32 written by cairo as an RGBA (or RGB when @opaque) PNG. */
static char *
write_picture (const char *name, int w, int h, gboolean opaque)
{
  cairo_surface_t *s = cairo_image_surface_create (opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, w, h);
  char *path = g_build_filename (tmp_dir, name, NULL);
  cairo_pattern_t *grad = cairo_pattern_create_linear (0, 0, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_pattern_add_color_stop_rgba (grad, 0, 0.9, 0.85, 0.7, opaque ? 1 : 0.6);
  cairo_pattern_add_color_stop_rgba (grad, 0.5, 0.4, 0.7, 0.3, 1);
  cairo_pattern_add_color_stop_rgba (grad, 1, 0.2, 0.3, 0.8, opaque ? 1 : 0.3);
  cairo_set_source (cr, grad);
  cairo_paint (cr);
  cairo_pattern_destroy (grad);
  cairo_set_source_rgb (cr, 0.15, 0.1, 0.05);
  cairo_set_line_width (cr, 3);
  for (int x = 20; x < w; x += 97)
    {
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x + h / 3.0, h);
    }
  for (int y = 15; y < h; y += 83)
    {
      cairo_move_to (cr, 0, y);
      cairo_line_to (cr, w, y);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
  ck_assert_int_eq (cairo_surface_write_to_png (s, path), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return path;
}

/* --- comparing pixels ---------------------------------------------------- */

typedef struct
{
  double scale, angle, x, y;     /* image → target: turned, scaled, placed */
  double clip[4];                /* target pixels; width 0: none */
} Placement;

static void
place (cairo_t *cr, const Placement *p)
{
  if (p->clip[2] > 0)
    {
      cairo_rectangle (cr, p->clip[0], p->clip[1], p->clip[2], p->clip[3]);
      cairo_clip (cr);
    }
  cairo_translate (cr, p->x, p->y);
  cairo_rotate (cr, p->angle * G_PI / 180);
  cairo_scale (cr, p->scale, p->scale);
}

/* The scan drawn at @p, and the plain image (cairo's decoder) drawn as the
 * renderer drew it before: one GOOD-filtered paint of the whole image. */
static cairo_surface_t *
draw_scan (WbScan *scan, const Placement *p, int w, int h)
{
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (out);

  place (cr, p);
  wb_scan_draw (scan, cr, 0.8);
  cairo_destroy (cr);
  cairo_surface_flush (out);
  return out;
}

static cairo_surface_t *
draw_plain (cairo_surface_t *image, const Placement *p, int w, int h)
{
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (out);

  place (cr, p);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint_with_alpha (cr, 0.8);
  cairo_destroy (cr);
  cairo_surface_flush (out);
  return out;
}

/* The largest difference of a channel, and the mean one. */
static int
compare (cairo_surface_t *a, cairo_surface_t *b, double *mean)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int worst = 0;
  double sum = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w * 4; x++)
      {
        int d = abs (da[y * sa + x] - db[y * sb + x]);

        worst = MAX (worst, d);
        sum += d;
      }
  if (mean != NULL)
    *mean = sum / (w * h * 4.0);
  return worst;
}

/* --- tests --------------------------------------------------------------- */

/* Every colour type and bit depth, with and without tRNS, every filter:
 * the pixels equal those of cairo's PNG reader. */
START_TEST (test_scan_formats)
{
  static const struct { guint8 color, depth, trns; } kinds[] = {
    { 0, 1, 0 }, { 0, 2, 1 }, { 0, 4, 0 }, { 0, 8, 1 }, { 0, 16, 1 },
    { 2, 8, 0 }, { 2, 8, 1 }, { 2, 16, 1 },
    { 3, 1, 0 }, { 3, 2, 1 }, { 3, 4, 1 }, { 3, 8, 1 },
    { 4, 8, 0 }, { 4, 16, 0 }, { 6, 8, 0 }, { 6, 16, 0 },
  };
  const guint w = 37, h = 23;   /* odd sizes: partial bytes at the ends of rows */

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      guint channels = kinds[k].color == 0 || kinds[k].color == 3 ? 1 : kinds[k].color == 2 ? 3 :
                       kinds[k].color == 4 ? 2 : 4;
      guint bits = channels * kinds[k].depth;
      gsize row_bytes = (w * bits + 7) / 8;
      g_autofree guint8 *raw = g_malloc (row_bytes * h);
      g_autoptr(GByteArray) extra = g_byte_array_new ();
      g_autoptr(GByteArray) png = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(WbScan) scan = NULL;
      g_autofree char *name = g_strdup_printf ("kind-%u.png", k);
      g_autofree char *path = NULL;
      guint maxv = kinds[k].depth == 16 ? 65535 : (1u << kinds[k].depth) - 1;
      cairo_surface_t *plain, *a, *b;
      Placement one = { 1, 0, 0, 0, { 0 } };

      for (gsize i = 0; i < row_bytes * h; i++)
        raw[i] = (guint8) (i * 37 + (i / row_bytes) * 11);
      if (kinds[k].color == 3)
        {
          guint8 plte[3 * 16], trns[16];

          for (guint i = 0; i < 16; i++)
            {
              plte[3 * i] = (guint8) (i * 16), plte[3 * i + 1] = (guint8) (255 - i * 9);
              plte[3 * i + 2] = (guint8) (i * 5), trns[i] = (guint8) (i * 17);
            }
          /* 16 entries: 8-bit indices above 15 read as opaque black. */
          put_chunk (extra, "PLTE", plte, sizeof plte);
          if (kinds[k].trns)
            put_chunk (extra, "tRNS", trns, 10);
        }
      else if (kinds[k].trns)
        {
          /* The transparent value: the first pixel's, so that it occurs. */
          guint8 t[6] = { 0, };

          if (kinds[k].depth == 16)
            memcpy (t, raw, channels * 2);
          else if (kinds[k].depth == 8)
            for (guint c = 0; c < channels; c++)
              t[2 * c + 1] = raw[c];
          else
            t[1] = (guint8) ((raw[0] >> (8 - kinds[k].depth)) & maxv);
          put_chunk (extra, "tRNS", t, channels * 2);
        }
      png = make_png (w, h, kinds[k].depth, kinds[k].color, raw, row_bytes,
                      MAX (bits / 8, 1), extra);
      path = write_file (name, png);

      scan = wb_scan_load (path, &error);
      ck_assert_msg (scan != NULL, "kind %u: %s", k, error ? error->message : "");
      plain = cairo_image_surface_create_from_png (path);
      ck_assert_int_eq (cairo_surface_status (plain), CAIRO_STATUS_SUCCESS);
      a = draw_scan (scan, &one, (int) w, (int) h);
      b = draw_plain (plain, &one, (int) w, (int) h);
      ck_assert_msg (compare (a, b, NULL) == 0, "colour type %u, depth %u, tRNS %u: pixels differ",
                     kinds[k].color, kinds[k].depth, kinds[k].trns);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
      cairo_surface_destroy (plain);
    }
}
END_TEST

/* Drawn through the bands and the halved copies, the scan equals the plain
 * image drawn the same way: exactly at full size and beyond (the clip's
 * part copied out of the bands with a margin; turned, within 2 levels of
 * pixman's rounding), within a small tolerance from the halved copies
 * (averages of 2 × 2 against cairo's filter), clipped anywhere. */
START_TEST (test_scan_matches_plain)
{
  static const Placement cases[] = {
    { 1.0, 0, 0, 0, { 0 } },
    { 1.0, 0, -1203, -517, { 13, 7, 301, 250 } },     /* across a band edge */
    { 2.0, 0, -2901, -1800, { 0 } },
    { 1.3, 17, -900, -600, { 31, 20, 333, 277 } },
    { 0.8, 0, -300.5, -211.25, { 0 } },
    { 0.5, 0, -40, -33, { 0 } },                       /* the ½ copy, from bands */
    { 0.6, -30, 100, 150, { 0 } },
    { 0.26, 0, 3, 2, { 0 } },                          /* a kept level */
    { 0.11, 8, 20, 10, { 0 } },
  };
  g_autofree char *path = write_picture ("picture.png", 2400, 1500, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbScan) scan = wb_scan_load (path, &error);
  cairo_surface_t *plain = cairo_image_surface_create_from_png (path);

  ck_assert_msg (scan != NULL, "%s", error ? error->message : "");
  /* Several bands of each banded level, levels kept above them. */
  ck_assert_uint_gt (wb_scan_get_band_rows (scan), 0);
  ck_assert_uint_lt (wb_scan_get_band_rows (scan), 1500 / 3);
  ck_assert_uint_ge (wb_scan_get_n_levels (scan), 4);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      cairo_surface_t *a = draw_scan (scan, &cases[i], 400, 300);
      cairo_surface_t *b = draw_plain (plain, &cases[i], 400, 300);
      cairo_t *cr = cairo_create (a);
      guint level;
      double mean;
      int worst;

      place (cr, &cases[i]);
      level = wb_scan_pick_level (scan, cr);
      cairo_destroy (cr);
      worst = compare (a, b, &mean);
      if (cases[i].scale >= 0.75)
        {
          ck_assert_uint_eq (level, 0);
          /* Turned, pixman's fixed-point sampling of the clip's part may
           * round a weight otherwise than on the whole image. */
          ck_assert_msg (worst <= (cases[i].angle != 0 ? 2 : 0),
                         "case %u (scale %g): full size differs by %d", i, cases[i].scale, worst);
        }
      else
        {
          ck_assert_uint_gt (level, 0);
          ck_assert_msg (mean < 2.0 && worst <= 96, "case %u (scale %g, level %u): mean %.2f, worst %d",
                         i, cases[i].scale, level, mean, worst);
        }
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
  cairo_surface_destroy (plain);
}
END_TEST

/* Vector output (PDF, SVG, print) keeps the full-size detail at any
 * scale: a recording of the drawing replayed equals the plain image drawn
 * directly. */
START_TEST (test_scan_vector_full_size)
{
  g_autofree char *path = write_picture ("picture.png", 1300, 900, TRUE);
  g_autoptr(WbScan) scan = wb_scan_load (path, NULL);
  cairo_surface_t *plain = cairo_image_surface_create_from_png (path);
  cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  Placement at = { 0.3, 0, 5, 3, { 0 } };
  cairo_surface_t *out, *expected;
  cairo_t *cr;

  ck_assert_ptr_nonnull (scan);
  cr = cairo_create (rec);
  place (cr, &at);
  ck_assert_uint_eq (wb_scan_pick_level (scan, cr), 0);
  wb_scan_draw (scan, cr, 0.8);
  cairo_destroy (cr);

  out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cr = cairo_create (out);
  cairo_set_source_surface (cr, rec, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (out);
  expected = draw_plain (plain, &at, 400, 300);
  ck_assert_int_le (compare (out, expected, NULL), 1);
  cairo_surface_destroy (out);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (rec);
  cairo_surface_destroy (plain);
}
END_TEST

/* Exporting a map (PNG, drawn in bands on worker threads) over a scan read
 * in bands gives the image it gave when the scan was one decoded surface
 * painted whole. */
START_TEST (test_scan_export_same)
{
  g_autofree char *path = write_picture ("picture.png", 1600, 1200, TRUE);
  g_autofree char *data = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  cairo_surface_t *plain = cairo_image_surface_create_from_png (path);
  g_autofree char *banded = g_build_filename (tmp_dir, "banded.png", NULL);
  g_autofree char *whole = g_build_filename (tmp_dir, "whole.png", NULL);
  const char *out[2] = { banded, whole };
  WbMapBackground bg = { (char *) "picture.png", 0.6, -10, -12, 0.15, 3, FALSE, NULL, NULL };
  WbRenderOptions options;
  cairo_surface_t *a, *b;
  WbMap *map;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  map = wb_game_find_map (game, "hexes");
  wb_render_options_init (&options);
  options.scale = 6;   /* 0.9 device pixels a scan pixel: the full size */
  for (guint i = 0; i < 2; i++)
    {
      bg.scan = i == 0 ? wb_scan_load (path, NULL) : wb_scan_new_for_surface (plain);
      ck_assert_ptr_nonnull (bg.scan);
      wb_map_set_background (map, &bg);
      g_clear_pointer (&bg.scan, wb_scan_unref);
      ck_assert_msg (wb_render_map_to_file (game, map, out[i], WB_EXPORT_PNG, &options, &error),
                     "%s", error ? error->message : "");
    }
  a = cairo_image_surface_create_from_png (out[0]);
  b = cairo_image_surface_create_from_png (out[1]);
  ck_assert_int_gt (cairo_image_surface_get_width (a), 1000);
  ck_assert_int_eq (cairo_image_surface_get_width (a), cairo_image_surface_get_width (b));
  /* Turned 3°: within pixman's rounding of the clip's part. */
  ck_assert_int_le (compare (a, b, NULL), 2);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (plain);
}
END_TEST

/* The bands cached stay within the cache's limit whatever is drawn, and
 * what is drawn is still right; freeing the scan empties its part. */
START_TEST (test_scan_cache_limit)
{
  g_autofree char *path = write_picture ("picture.png", 2400, 1500, TRUE);
  WbScan *scan = wb_scan_load (path, NULL);
  cairo_surface_t *plain = cairo_image_surface_create_from_png (path);
  guint64 band, limit;

  ck_assert_ptr_nonnull (scan);
  band = (guint64) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, 2400) * wb_scan_get_band_rows (scan);
  limit = 2 * band;
  wb_scan_set_cache_limit (limit);
  ck_assert_uint_eq (wb_scan_get_cached (), 0);
  for (int y = 0; y < 1500; y += 280)
    for (int x = 0; x < 2400; x += 390)
      {
        Placement at = { 1, 0, -x, -y, { 0 } };
        cairo_surface_t *a = draw_scan (scan, &at, 400, 300);
        cairo_surface_t *b = draw_plain (plain, &at, 400, 300);

        ck_assert_int_eq (compare (a, b, NULL), 0);
        ck_assert_msg (wb_scan_get_cached () <= limit, "%" G_GUINT64_FORMAT " bytes cached",
                       wb_scan_get_cached ());
        ck_assert_uint_eq (wb_map_background_get_decoded (),
                           wb_scan_get_resident (scan) + wb_scan_get_cached ());
        cairo_surface_destroy (a);
        cairo_surface_destroy (b);
      }
  ck_assert_uint_gt (wb_scan_get_cached_bands (scan), 0);
  wb_scan_unref (scan);
  ck_assert_uint_eq (wb_scan_get_cached (), 0);
  ck_assert_uint_eq (wb_map_background_get_decoded (), 0);
  cairo_surface_destroy (plain);
}
END_TEST

/* A damaged or absurd file is refused with the reason and the path. */
START_TEST (test_scan_damaged)
{
  g_autofree guint8 *raw = g_malloc0 (64 * 3 * 64);
  g_autoptr(GByteArray) good = NULL;
  struct {
    const char *name;
    gsize       cut;       /* keep this many bytes (0: all) */
    gssize      flip;      /* flip a byte here (-1: none) */
    gboolean    fix_crc;   /* then make the chunk's CRC right again */
    guint8      depth;     /* a header with this bit depth (0: as made) */
    const char *expect;
  } cases[] = {
    { "truncated", 0, -1, FALSE, 0, "ends early" },
    { "bad-crc", 0, -1, FALSE, 0, "CRC" },
    { "bad-deflate", 0, -1, TRUE, 0, "damaged" },
    { "bad-depth", 0, -1, FALSE, 3, "do not go together" },
  };

  for (guint i = 0; i < 64 * 3 * 64; i++)
    raw[i] = (guint8) ((i * 7) ^ (i >> 5));
  good = make_png (64, 64, 8, 2, raw, 64 * 3, 3, NULL);
  cases[0].cut = good->len / 2;
  cases[1].flip = 33 + 8 + 40;     /* inside the first IDAT's data */
  cases[2].flip = 33 + 8;          /* the zlib header: an unknown method */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GByteArray) bad = g_byte_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;
      WbScan *scan;

      g_byte_array_append (bad, good->data, cases[i].cut > 0 ? cases[i].cut : good->len);
      if (cases[i].flip >= 0)
        bad->data[cases[i].flip] ^= 0x5a;
      if (cases[i].fix_crc)
        {
          guint32 len = (guint32) bad->data[33] << 24 | bad->data[34] << 16 | bad->data[35] << 8 | bad->data[36];
          uLong crc = crc32 (0, bad->data + 37, len + 4);
          guint8 *at = bad->data + 37 + 4 + len;

          at[0] = crc >> 24, at[1] = crc >> 16, at[2] = crc >> 8, at[3] = crc;
        }
      if (cases[i].depth != 0)
        {
          uLong crc;

          bad->data[24] = cases[i].depth;
          crc = crc32 (0, bad->data + 12, 17);
          bad->data[29] = crc >> 24, bad->data[30] = crc >> 16, bad->data[31] = crc >> 8, bad->data[32] = crc;
        }
      path = write_file (cases[i].name, bad);
      scan = wb_map_background_load_image (path, &error);
      ck_assert_msg (scan == NULL, "%s was read", cases[i].name);
      ck_assert_msg (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA), "%s: %s",
                     cases[i].name, error->message);
      ck_assert_msg (strstr (error->message, cases[i].expect) != NULL, "%s: %s", cases[i].name,
                     error->message);
      ck_assert_msg (strstr (error->message, path) != NULL, "%s: %s", cases[i].name, error->message);
      ck_assert_uint_eq (wb_map_background_get_decoded (), 0);
    }
}
END_TEST

/* A scan whose file is changed in place after it was opened is not mixed
 * with the new file: the bands that cannot be read again are drawn from
 * the halved copies, and the rest of the drawing goes on. */
START_TEST (test_scan_file_changed)
{
  g_autofree char *path = write_picture ("picture.png", 1600, 1200, TRUE);
  g_autoptr(WbScan) scan = wb_scan_load (path, NULL);
  cairo_surface_t *plain = cairo_image_surface_create_from_png (path);
  Placement at = { 1, 0, -600, -500, { 0 } };
  cairo_surface_t *a, *b;
  double mean;
  FILE *f;

  ck_assert_ptr_nonnull (scan);
  f = g_fopen (path, "r+b");
  ck_assert_ptr_nonnull (f);
  ck_assert_int_eq (fseek (f, 0, SEEK_END), 0);
  ck_assert_int_eq (fputc (0, f), 0);
  ck_assert_int_eq (fclose (f), 0);

  a = draw_scan (scan, &at, 400, 300);
  b = draw_plain (plain, &at, 400, 300);
  ck_assert_uint_eq (wb_scan_get_cached_bands (scan), 0);
  compare (a, b, &mean);
  ck_assert_msg (mean < 4.0, "mean difference %.2f", mean);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (plain);
}
END_TEST

static Suite *
scan_suite (void)
{
  Suite *s = suite_create ("scan");
  TCase *tc = tcase_create ("scan");

  tcase_set_timeout (tc, 120);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_scan_formats);
  tcase_add_test (tc, test_scan_matches_plain);
  tcase_add_test (tc, test_scan_vector_full_size);
  tcase_add_test (tc, test_scan_export_same);
  tcase_add_test (tc, test_scan_cache_limit);
  tcase_add_test (tc, test_scan_damaged);
  tcase_add_test (tc, test_scan_file_changed);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (scan_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
