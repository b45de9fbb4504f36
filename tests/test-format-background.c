/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-format-background"
#include "config.h"

#include <check.h>
#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "warbench-core.h"
#include "wb-file-private.h"
#include "wb-json-locate-private.h"

/*
 * Map backgrounds (format 2): a scan found beside the game file, drawn
 * under the map where its calibration puts it, decoded only when first
 * drawn and within the memory budget; absurd or special files refused
 * (moved out of test-format.c).
 */

static char *
read_test_file (const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), name, NULL);
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, len, &error))
    ck_abort_msg ("cannot read %s: %s", path, error->message);
  return contents;
}

/* A background image is found next to the game file, drawn over the map at
 * its opacity, and its path survives a save even when the image is gone. */
START_TEST (test_background)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *dir = g_dir_make_tmp ("wb-bg-XXXXXX", NULL);
  g_autofree char *game_path = g_build_filename (dir, "game.warbench", NULL);
  g_autofree char *scan_dir = g_build_filename (dir, "scans", NULL);
  g_autofree char *png_path = g_build_filename (scan_dir, "map.png", NULL);
  g_autofree char *with_bg = NULL, *saved = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (game_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  const WbMapBackground *bg;
  cairo_surface_t *scan, *out;
  cairo_t *cr;
  WbRenderOptions options;
  guint32 px;
  char *at;

  /* A 20 × 20 pure red scan. */
  ck_assert_int_eq (g_mkdir (scan_dir, 0755), 0);
  scan = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 20, 20);
  cr = cairo_create (scan);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  ck_assert_int_eq (cairo_surface_write_to_png (scan, png_path), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (scan);

  at = strstr (text, "\"source\": \"test\",\n      \"orientation\"");
  ck_assert_ptr_nonnull (at);
  *at = '\0';
  with_bg = g_strconcat (text, "\"source\": \"test\", \"background\": {\"image\": \"scans/map.png\", "
                         "\"opacity\": 1, \"x\": 10, \"y\": 10, \"scale\": 2},\n      \"orientation\"",
                         at + strlen ("\"source\": \"test\",\n      \"orientation\""), NULL);
  ck_assert (g_file_set_contents (game_path, with_bg, -1, NULL));
  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  bg = wb_map_get_background (wb_game_find_map (game, "hexes"));
  ck_assert_ptr_nonnull (bg);
  /* Loading only notes where the scan is; it is decoded when first asked for. */
  ck_assert_ptr_null (bg->scan);
  ck_assert_str_eq (bg->file, png_path);
  ck_assert_ptr_nonnull (wb_map_get_background_scan (wb_game_find_map (game, "hexes")));
  ck_assert_int_eq (wb_scan_get_width (bg->scan), 20);
  ck_assert_str_eq (bg->image, "scans/map.png");
  ck_assert_double_eq (bg->scale, 2);

  /* Drawn: map point (30, 30) lies inside the scan's 40 × 40 points from (10, 10). */
  out = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100);
  cr = cairo_create (out);
  wb_render_options_init (&options);
  wb_render_map (game, wb_game_find_map (game, "hexes"), cr, &options);
  cairo_destroy (cr);
  cairo_surface_flush (out);
  px = *(guint32 *) (cairo_image_surface_get_data (out) + 30 * cairo_image_surface_get_stride (out) + 30 * 4);
  ck_assert_uint_eq (px & 0xffffff, 0xff0000);
  /* Without the background layer the map shows there. */
  out = (cairo_surface_destroy (out), cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100));
  cr = cairo_create (out);
  options.layers = WB_LAYER_STATIC & ~WB_LAYER_BACKGROUND;
  wb_render_map (game, wb_game_find_map (game, "hexes"), cr, &options);
  cairo_destroy (cr);
  cairo_surface_flush (out);
  px = *(guint32 *) (cairo_image_surface_get_data (out) + 30 * cairo_image_surface_get_stride (out) + 30 * 4);
  ck_assert_uint_ne (px & 0xffffff, 0xff0000);
  cairo_surface_destroy (out);

  /* The image gone: the game still loads, and saving keeps the path. */
  g_unlink (png_path);
  g_clear_object (&game);
  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (wb_map_get_background_scan (wb_game_find_map (game, "hexes")));
  saved = wb_game_to_data (game, NULL);
  ck_assert_ptr_nonnull (strstr (saved, "\"background\": {\"image\": \"scans/map.png\", \"opacity\": 1, \"x\": 10, \"y\": 10, \"scale\": 2}"));

  g_unlink (game_path);
  g_rmdir (scan_dir);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_background_calibration)
{
  WbMapBackground bg = { NULL, 0.5, 0, 0, 1, 0, FALSE, NULL, NULL };
  double ix = 37, iy = 81, c, s, mx, my;

  /* Image points (100, 50) and (300, 50) are hex centres at map (40, 20) and (40, 120):
   * half scale, turned 90° clockwise. */
  ck_assert (wb_map_background_calibrate (&bg, 100, 50, 40, 20, 300, 50, 40, 120));
  ck_assert_double_eq_tol (bg.scale, 0.5, 1e-9);
  ck_assert_double_eq_tol (bg.rotation, 90, 1e-9);
  /* Any image point maps through the same transform the renderer uses. */
  c = cos (bg.rotation * G_PI / 180) * bg.scale;
  s = sin (bg.rotation * G_PI / 180) * bg.scale;
  mx = bg.x + c * 100 - s * 50;
  my = bg.y + s * 100 + c * 50;
  ck_assert_double_eq_tol (mx, 40, 1e-9);
  ck_assert_double_eq_tol (my, 20, 1e-9);
  mx = bg.x + c * ix - s * iy;
  my = bg.y + s * ix + c * iy;
  ck_assert_double_eq_tol (mx, 40 - (iy - 50) * 0.5, 1e-9);
  ck_assert_double_eq_tol (my, 20 + (ix - 100) * 0.5, 1e-9);
  ck_assert (!wb_map_background_calibrate (&bg, 5, 5, 0, 0, 5, 5, 10, 10));
}
END_TEST

/* A PNG that claims absurd dimensions is refused before it is decoded. */
START_TEST (test_background_too_large)
{
  static const guint8 header[] = {
    0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
    0, 1, 0, 0, 0, 1, 0, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0
  };
  g_autofree char *dir = g_dir_make_tmp ("wb-bg-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.png", NULL);
  g_autoptr(GError) error = NULL;

  ck_assert (g_file_set_contents (path, (const char *) header, sizeof header, NULL));
  ck_assert_ptr_null (wb_map_background_load_image (path, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "65536 × 65536"));
  g_clear_error (&error);
  ck_assert (g_file_set_contents (path, "not a png at all, really not", -1, NULL));
  ck_assert_ptr_null (wb_map_background_load_image (path, &error));
  ck_assert_ptr_nonnull (error);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("wb-test-XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  return dir;
}

static char *
write_game_with_background (const char *dir, const char *image)
{
  g_autofree char *text = read_test_file ("minimal.warbench", NULL);
  g_autofree char *with_bg = NULL;
  char *game_path = g_build_filename (dir, "game.warbench", NULL);
  const char *key = "\"source\": \"test\",\n      \"orientation\"";
  char *at = strstr (text, key);

  ck_assert_ptr_nonnull (at);
  *at = '\0';
  with_bg = g_strdup_printf ("%s\"source\": \"test\", \"background\": {\"image\": \"%s\"},\n"
                             "      \"orientation\"%s", text, image, at + strlen (key));
  ck_assert (g_file_set_contents (game_path, with_bg, -1, NULL));
  return game_path;
}

static void
render_hexes (WbGame *game)
{
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 50, 50);
  cairo_t *cr = cairo_create (out);
  WbRenderOptions options;

  wb_render_options_init (&options);
  wb_render_map (game, wb_game_find_map (game, "hexes"), cr, &options);
  cairo_destroy (cr);
  cairo_surface_destroy (out);
}

/* A FIFO, a directory or a device named as the scan is refused at once with
 * a clear error — opening a FIFO used to wait for a writer forever, hanging
 * every loader — and a game naming one loads and draws without it. */
START_TEST (test_background_special_file)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "scan.png", NULL);
  g_autofree char *game_path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  const char *special[] = { fifo, dir, "/dev/zero" };

  alarm (20);   /* a hang fails the test rather than waiting for check's timeout */
  ck_assert_int_eq (mkfifo (fifo, 0600), 0);
  for (guint i = 0; i < G_N_ELEMENTS (special); i++)
    {
      ck_assert_ptr_null (wb_map_background_load_image (special[i], &error));
      ck_assert_msg (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE), "%s: %s",
                     special[i], error->message);
      ck_assert_ptr_nonnull (strstr (error->message, special[i]));
      ck_assert_ptr_nonnull (strstr (error->message, "not a regular file"));
      g_clear_error (&error);
    }

  game_path = write_game_with_background (dir, "scan.png");
  file = g_file_new_for_path (game_path);
  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (wb_map_get_background_scan (wb_game_find_map (game, "hexes")));
  render_hexes (game);
  alarm (0);

  g_unlink (game_path);
  g_unlink (fifo);
  g_rmdir (dir);
}
END_TEST

static guint32
png_crc (const guint8 *data, gsize len, guint32 crc)
{
  crc = ~crc;
  for (gsize i = 0; i < len; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

static void
png_chunk (GByteArray *png, const char *type, const guint8 *data, gsize len)
{
  guint8 be[4] = { len >> 24, len >> 16, len >> 8, len };
  guint32 crc;

  g_byte_array_append (png, be, 4);
  g_byte_array_append (png, (const guint8 *) type, 4);
  g_byte_array_append (png, data, (guint) len);
  crc = png_crc (data, len, png_crc ((const guint8 *) type, 4, 0));
  be[0] = crc >> 24, be[1] = crc >> 16, be[2] = crc >> 8, be[3] = crc;
  g_byte_array_append (png, be, 4);
}

/* A complete, valid black PNG of @side × @side pixels, one bit a pixel: a
 * few tens of kilobytes that decode to side² × 4 bytes. */
static GByteArray *
make_sparse_png (guint32 side)
{
  GByteArray *png = g_byte_array_new ();
  guint8 ihdr[13] = { side >> 24, side >> 16, side >> 8, side, side >> 24, side >> 16, side >> 8,
                      side, 1, 0, 0, 0, 0 };
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (mem, G_CONVERTER (z));
  gsize row_len = 1 + (side + 7) / 8;
  g_autofree guint8 *row = g_malloc0 (row_len);   /* filter 0, all black */

  g_byte_array_append (png, (const guint8 *) "\x89PNG\r\n\x1a\n", 8);
  png_chunk (png, "IHDR", ihdr, sizeof ihdr);
  for (guint32 y = 0; y < side; y++)
    ck_assert (g_output_stream_write_all (out, row, row_len, NULL, NULL, NULL));
  ck_assert (g_output_stream_close (out, NULL, NULL));
  png_chunk (png, "IDAT", g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)),
             g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem)));
  png_chunk (png, "IEND", NULL, 0);
  return png;
}

static long
peak_rss_kb (void)
{
  struct rusage ru;

  ck_assert_int_eq (getrusage (RUSAGE_SELF, &ru), 0);
  return ru.ru_maxrss;
}

/* A PNG of a few kilobytes declaring 16,384 × 16,384 pixels used to be
 * decoded at load, even to validate, taking a gigabyte: loading a game now
 * never decodes its scan, and asking for the scan refuses it from its header
 * (over WB_BACKGROUND_MAX_PIXELS) without allocating its pixels. The peak
 * resident size of the process is measured around both. A valid image
 * within the limits still decodes. */
START_TEST (test_background_huge_not_decoded)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *png_path = g_build_filename (dir, "huge.png", NULL);
  g_autofree char *small_path = g_build_filename (dir, "small.png", NULL);
  g_autofree char *game_path = write_game_with_background (dir, "huge.png");
  g_autoptr(GFile) file = g_file_new_for_path (game_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  GByteArray *png = make_sparse_png (16384);
  GByteArray *small = make_sparse_png (300);
  WbScan *scan;
  long before;

  ck_assert_uint_lt (png->len, 256 * 1024);
  ck_assert (g_file_set_contents (png_path, (const char *) png->data, png->len, NULL));
  ck_assert (g_file_set_contents (small_path, (const char *) small->data, small->len, NULL));
  before = peak_rss_kb ();

  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (wb_map_get_background (wb_game_find_map (game, "hexes"))->scan);
  ck_assert_msg (peak_rss_kb () - before < 64 * 1024, "loading took %ld KB", peak_rss_kb () - before);

  ck_assert_ptr_null (wb_map_background_load_image (png_path, &error));
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA));
  ck_assert_msg (strstr (error->message, "16384 × 16384") != NULL, "%s", error->message);
  ck_assert_ptr_nonnull (strstr (error->message, png_path));
  ck_assert_ptr_null (wb_map_get_background_scan (wb_game_find_map (game, "hexes")));
  render_hexes (game);
  ck_assert_msg (peak_rss_kb () - before < 64 * 1024, "refusing took %ld KB", peak_rss_kb () - before);

  scan = wb_map_background_load_image (small_path, &error);
  ck_assert_msg (scan != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (wb_scan_get_width (scan), 300);
  ck_assert_int_eq (wb_scan_get_height (scan), 300);
  wb_scan_unref (scan);

  g_byte_array_unref (png);
  g_byte_array_unref (small);
  g_unlink (png_path);
  g_unlink (small_path);
  g_unlink (game_path);
  g_rmdir (dir);
}
END_TEST

/* A 4,096 × 4,096 scan (64 MiB decoded) of noise, loaded and then drawn
 * whole at full size in pieces: the process never holds the whole image
 * (its peak grows by less than half of it), only the kept levels and the
 * cache's bands. */
START_TEST (test_background_never_whole)
{
  const guint side = 4096;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "noise.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbScan) scan = NULL;
  guint64 state = 42;
  long before;

  /* Written row by row: the test does not hold it either. */
  {
    FILE *f = g_fopen (path, "wb");
    g_autoptr(GByteArray) head = g_byte_array_new ();
    g_autofree guint8 *row = g_malloc (side * 3 + 1);
    g_autofree guint8 *out = g_malloc (1 << 16);
    guint8 ihdr[13] = { 0, 0, side >> 8, side & 0xff, 0, 0, side >> 8, side & 0xff, 8, 2, 0, 0, 0 };
    g_autoptr(GByteArray) chunk = g_byte_array_new ();
    z_stream z = { 0, };

    g_byte_array_append (head, (const guint8 *) "\x89PNG\r\n\x1a\n", 8);
    png_chunk (head, "IHDR", ihdr, 13);
    ck_assert_uint_eq (fwrite (head->data, 1, head->len, f), head->len);
    ck_assert_int_eq (deflateInit (&z, 1), Z_OK);
    for (guint y = 0; y <= side; y++)
      {
        int flush = y == side ? Z_FINISH : Z_NO_FLUSH;

        row[0] = 0;
        for (guint i = 1; i <= side * 3; i++)
          row[i] = (guint8) ((state = state * 6364136223846793005ull + 1442695040888963407ull) >> 56);
        z.next_in = row;
        z.avail_in = y < side ? side * 3 + 1 : 0;
        do
          {
            z.next_out = out;
            z.avail_out = 1 << 16;
            deflate (&z, flush);
            g_byte_array_set_size (chunk, 0);
            png_chunk (chunk, "IDAT", out, (1 << 16) - z.avail_out);
            if ((1 << 16) - z.avail_out > 0)
              ck_assert_uint_eq (fwrite (chunk->data, 1, chunk->len, f), chunk->len);
          }
        while (z.avail_out == 0);
      }
    deflateEnd (&z);
    g_byte_array_set_size (chunk, 0);
    png_chunk (chunk, "IEND", NULL, 0);
    ck_assert_uint_eq (fwrite (chunk->data, 1, chunk->len, f), chunk->len);
    ck_assert_int_eq (fclose (f), 0);
  }

  wb_scan_set_cache_limit (8 * 1024 * 1024);
  before = peak_rss_kb ();
  scan = wb_scan_load (path, &error);
  ck_assert_msg (scan != NULL, "%s", error ? error->message : "");
  for (guint y = 0; y < side; y += 1000)
    for (guint x = 0; x < side; x += 1300)
      {
        cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1300, 1000);
        cairo_t *cr = cairo_create (out);

        cairo_translate (cr, -(double) x, -(double) y);
        wb_scan_draw (scan, cr, 1);
        cairo_destroy (cr);
        cairo_surface_destroy (out);
      }
  ck_assert_uint_le (wb_scan_get_cached (), 8 * 1024 * 1024);
#ifndef __SANITIZE_ADDRESS__
  /* (AddressSanitizer's quarantine keeps what is freed resident: the bound
   * is checked in the normal build.) */
  ck_assert_msg (peak_rss_kb () - before < 32 * 1024,
                 "the peak grew by %ld KiB for a 64 MiB image", peak_rss_kb () - before);
#else
  (void) before;
#endif
  g_clear_pointer (&scan, wb_scan_unref);
  wb_scan_set_cache_limit (WB_SCAN_CACHE_LIMIT);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST


/* The backgrounds kept decoded at once share one budget: an image whose
 * halved copies would pass it is refused from its header (nothing decoded)
 * until another is freed, and freeing gives its bytes back. */
START_TEST (test_background_decoded_budget)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "scan.png", NULL);
  g_autoptr(GError) error = NULL;
  GByteArray *png = make_sparse_png (300);
  WbScan *first, *second;
  /* 300 × 300: its ½ copy, 150 × 150, is kept; the full size is not. */
  guint64 one = (guint64) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, 150) * 150;

  ck_assert (g_file_set_contents (path, (const char *) png->data, png->len, NULL));
  ck_assert_uint_eq (wb_map_background_get_decoded (), 0);
  wb_map_background_set_budget (one + one / 2);

  first = wb_map_background_load_image (path, &error);
  ck_assert_msg (first != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_scan_get_resident (first), one);
  ck_assert_uint_eq (wb_map_background_get_decoded (), one);
  second = wb_map_background_load_image (path, &error);
  ck_assert_ptr_null (second);
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE));
  ck_assert_msg (strstr (error->message, path) != NULL, "%s", error->message);
  ck_assert_uint_eq (wb_map_background_get_decoded (), one);
  g_clear_error (&error);

  wb_scan_unref (first);
  ck_assert_uint_eq (wb_map_background_get_decoded (), 0);
  second = wb_map_background_load_image (path, &error);
  ck_assert_msg (second != NULL, "%s", error ? error->message : "");
  wb_scan_unref (second);
  ck_assert_uint_eq (wb_map_background_get_decoded (), 0);
  wb_map_background_set_budget (WB_BACKGROUND_MAX_DECODED);

  g_byte_array_unref (png);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

static Suite *
background_suite (void)
{
  Suite *s = suite_create ("format-background");
  TCase *tc = tcase_create ("background");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_background);
  tcase_add_test (tc, test_background_calibration);
  tcase_add_test (tc, test_background_too_large);
  tcase_add_test (tc, test_background_special_file);
  tcase_add_test (tc, test_background_huge_not_decoded);
  tcase_add_test (tc, test_background_never_whole);
  tcase_add_test (tc, test_background_decoded_budget);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (background_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
