/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#ifdef HAVE_LIBPNG
#include <png.h>
#include <setjmp.h>
#endif

#include "wb-render.h"

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

typedef struct {
  GOutputStream *stream;
  GError        *error;
} WriteClosure;

static cairo_status_t
write_to_stream (void                *user_data,
                 const unsigned char *data,
                 unsigned int         length)
{
  WriteClosure *wc = user_data;

  if (wc->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (wc->stream, data, length, NULL, NULL, &wc->error))
    return CAIRO_STATUS_WRITE_ERROR;

  return CAIRO_STATUS_SUCCESS;
}

/* Closing a g_file_replace () stream with a cancelled cancellable drops
 * what was written and leaves an existing target as it was. */
static void
abort_output (GOutputStream *out)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_output_stream_close (out, cancellable, NULL);
}

#ifdef HAVE_LIBPNG
/* PNG export in bands: the map is drawn a band of rows at a time into one
 * small image and each band is compressed as soon as it is drawn, so the
 * memory needed does not grow with the map (a 100 × 100 map at scale 1
 * would otherwise need a 30-100 MB image). zlib's fastest level: it is
 * several times faster than cairo's default and the files are only about
 * a tenth bigger. */

typedef struct {
  WriteClosure *wc;
  char          message[256];
} PngState;

static void
png_write_cb (png_structp png,
              png_bytep   data,
              png_size_t  length)
{
  PngState *ps = png_get_io_ptr (png);

  if (write_to_stream (ps->wc, data, (unsigned int) length) != CAIRO_STATUS_SUCCESS)
    png_error (png, "write error");
}

static void
png_flush_cb (png_structp png)
{
}

static void
png_error_cb (png_structp     png,
              png_const_charp message)
{
  PngState *ps = png_get_error_ptr (png);

  g_strlcpy (ps->message, message, sizeof ps->message);
  png_longjmp (png, 1);
}

static void
png_warning_cb (png_structp     png,
                png_const_charp message)
{
}

static gboolean
write_png_banded (WbGame                *game,
                  WbMap                 *map,
                  const WbRenderOptions *options,
                  double                 margin,
                  int                    width,
                  int                    height,
                  WriteClosure          *wc,
                  const char            *path,
                  GError               **error)
{
  /* About 6 MB of pixels per band. */
  const int band = CLAMP (6 * 1024 * 1024 / (width * 4), 64, 1024);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, band);
  guint8 *row = g_malloc ((gsize) width * 3);
  PngState ps = { wc, "" };
  png_structp png;
  png_infop info;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: %s"), path,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      g_free (row);
      return FALSE;
    }

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &ps, png_error_cb, png_warning_cb);
  info = png != NULL ? png_create_info_struct (png) : NULL;
  if (png == NULL || info == NULL || setjmp (png_jmpbuf (png)))
    {
      if (wc->error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: %s"), path,
                     ps.message[0] != '\0' ? ps.message : "libpng");
      png_destroy_write_struct (&png, &info);
      cairo_surface_destroy (surface);
      g_free (row);
      return FALSE;
    }

  png_set_write_fn (png, &ps, png_write_cb, png_flush_cb);
  png_set_compression_level (png, 1);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8, PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info (png, info);

  for (int y0 = 0; y0 < height; y0 += band)
    {
      int rows = MIN (band, height - y0);
      WbRenderOptions opts = *options;
      double scale = opts.scale;
      cairo_t *cr = cairo_create (surface);
      const guint8 *data;
      int stride;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, 0, -y0);
      cairo_scale (cr, scale, scale);
      cairo_translate (cr, margin, margin);
      opts.clip_x = -margin;
      opts.clip_y = y0 / scale - margin;
      opts.clip_width = width / scale;
      opts.clip_height = rows / scale;
      wb_render_map (game, map, cr, &opts);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (int y = 0; y < rows; y++)
        {
          const guint32 *px = (const guint32 *) (data + (gsize) y * stride);

          for (int x = 0; x < width; x++)
            {
              row[3 * x] = (px[x] >> 16) & 0xff;
              row[3 * x + 1] = (px[x] >> 8) & 0xff;
              row[3 * x + 2] = px[x] & 0xff;
            }
          png_write_row (png, row);
        }
    }

  png_write_end (png, NULL);
  png_destroy_write_struct (&png, &info);
  cairo_surface_destroy (surface);
  g_free (row);

  return TRUE;
}
#endif

/* The largest image surface cairo can make. */
#define MAX_IMAGE_SIDE 32767

/**
 * wb_render_map_to_file:
 * @game: the game
 * @map: the map to draw
 * @path: the file to write (replaced atomically)
 * @format: PNG, SVG or PDF
 * @options: layers, scale (default 1) and scenario; the clip is ignored
 * @error: return location for a #GError
 *
 * Renders the whole map with a small white margin: PNG at @options->scale
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
  WriteClosure wc = { NULL, NULL };
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double w, h, scale, page_w, page_h;

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
  opts.clip_x = opts.clip_y = opts.clip_width = opts.clip_height = 0;
  scale = opts.scale;

  wb_map_get_extent (map, &w, &h);
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

#ifdef HAVE_LIBPNG
  if (format == WB_EXPORT_PNG)
    {
      if (!write_png_banded (game, map, &opts, margin, (int) ceil (page_w), (int) ceil (page_h),
                             &wc, path, error))
        {
          abort_output (G_OUTPUT_STREAM (out));
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
#endif

  switch (format)
    {
    case WB_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                            (int) ceil (page_w), (int) ceil (page_h));
      break;
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
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
      abort_output (G_OUTPUT_STREAM (out));
      return FALSE;
    }

  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_clear_error (&wc.error);
      abort_output (G_OUTPUT_STREAM (out));
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, margin, margin);
  wb_render_map (game, map, cr, &opts);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (format == WB_EXPORT_PNG)
        status = cairo_surface_write_to_png_stream (surface, write_to_stream, &wc);
      else
        cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (wc.error != NULL || status != CAIRO_STATUS_SUCCESS)
    abort_output (G_OUTPUT_STREAM (out));
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
