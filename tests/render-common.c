/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <string.h>

#include "render-common.h"

/* Shared by test-render and test-render-table: pixels and golden images. */

Pixel
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y)
{
  unsigned char *data;
  guint32 v;
  Pixel p;

  cairo_surface_flush (surface);
  ck_assert_int_ge (x, 0);
  ck_assert_int_ge (y, 0);
  ck_assert_int_lt (x, cairo_image_surface_get_width (surface));
  ck_assert_int_lt (y, cairo_image_surface_get_height (surface));
  data = cairo_image_surface_get_data (surface);
  v = *(guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);
  p.r = (v >> 16) & 0xff;
  p.g = (v >> 8) & 0xff;
  p.b = v & 0xff;
  return p;
}

int
count_dark (cairo_surface_t *surface,
            int              x0,
            int              y0,
            int              x1,
            int              y1)
{
  int n = 0;

  for (int y = MAX (y0, 0); y < MIN (y1, cairo_image_surface_get_height (surface)); y++)
    for (int x = MAX (x0, 0); x < MIN (x1, cairo_image_surface_get_width (surface)); x++)
      {
        Pixel p = get_pixel (surface, x, y);

        n += p.r + p.g + p.b < 3 * 160;
      }

  return n;
}

char *
golden_path (const char *name)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  const char *root = g_getenv ("WARBENCH_SOURCE_DIR");

  if (srcdir != NULL)
    return g_build_filename (srcdir, "golden", name, NULL);
  if (root != NULL)
    return g_build_filename (root, "tests", "golden", name, NULL);

  return g_build_filename ("tests", "golden", name, NULL);
}

/* Renders @actual against tests/golden/@name within the tolerance of
 * anti-aliasing differences between cairo/pixman versions; takes @actual. */
void
check_golden (cairo_surface_t *actual,
              const char      *name)
{
  g_autofree char *path = golden_path (name);
  cairo_surface_t *expected;
  int w, h, bad = 0, worst = 0;

  if (g_strcmp0 (g_getenv ("WB_UPDATE_GOLDEN"), "1") == 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      g_mkdir_with_parents (dir, 0755);
      ck_assert_int_eq (cairo_surface_write_to_png (actual, path), CAIRO_STATUS_SUCCESS);
      g_message ("Wrote %s", path);
    }

  expected = cairo_image_surface_create_from_png (path);
  ck_assert_msg (cairo_surface_status (expected) == CAIRO_STATUS_SUCCESS,
                 "cannot read %s (set WARBENCH_SOURCE_DIR to the source tree)", path);

  w = cairo_image_surface_get_width (actual);
  h = cairo_image_surface_get_height (actual);
  ck_assert_int_eq (cairo_image_surface_get_width (expected), w);
  ck_assert_int_eq (cairo_image_surface_get_height (expected), h);

  /* Anti-aliasing may differ slightly between cairo/pixman versions:
   * allow small per-channel differences and a few stray pixels. */
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        Pixel a = get_pixel (actual, x, y), e = get_pixel (expected, x, y);
        int d = MAX (ABS (a.r - e.r), MAX (ABS (a.g - e.g), ABS (a.b - e.b)));

        worst = MAX (worst, d);
        bad += d > 24;
      }

  if (bad > w * h / 500)
    {
      g_autofree char *base = g_strdup (name);
      g_autofree char *out = NULL;

      *strrchr (base, '.') = '\0';
      out = g_strdup_printf ("%s/%s.actual.png", g_get_tmp_dir (), base);
      cairo_surface_write_to_png (actual, out);
      ck_abort_msg ("%d of %d pixels differ from %s by more than the tolerance (worst %d); "
                    "this render is in %s", bad, w * h, path, worst, out);
    }

  cairo_surface_destroy (actual);
  cairo_surface_destroy (expected);
}

