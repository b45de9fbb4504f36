/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <sys/stat.h>
#include <zlib.h>

#include "wb-scan.h"

G_BEGIN_DECLS

/*
 * What the two halves of a scan share: wb-scan-png.c reads a PNG — the whole
 * image once, row by row, and later any band of rows again on its own —
 * and wb-scan.c keeps the image as a pyramid (the small halved copies kept,
 * the full size and ½ copy as bands made on demand into a cache) and draws
 * it.
 */

/* Where decoding the full-size image can start again: the inflate state
 * just before a band's first row (its own copy: zlib's inflateCopy), where
 * the compressed bytes go on in the file, and the row above (PNG filters
 * read it). */
typedef struct
{
  z_stream z;
  gint64   offset;       /* file offset of the next compressed byte */
  guint32  chunk_left;   /* bytes of its IDAT chunk from @offset on */
  guint8  *prev;         /* the row above, unfiltered (NULL for the first row) */
} WbScanCheckpoint;

typedef struct
{
  int               fd;
  char             *path;
  struct stat       st;          /* as first read: a file changed since is not trusted */
  guint32           width, height;
  guint8            depth, color_type;
  gboolean          interlaced;
  guint             bpp;         /* bytes per pixel, at least 1 (the filters' unit) */
  gsize             row_bytes;   /* one row without its filter byte */
  guint32           palette[256];  /* premultiplied ARGB32, tRNS applied */
  guint             n_palette;
  gboolean          has_trns;
  guint16           trns[3];     /* the transparent grey or RGB sample */
  gint64            idat;        /* file offset of the first IDAT chunk's header */
  guint             band_rows;
  guint             n_bands;
  WbScanCheckpoint *checkpoints;   /* n_bands, filled by _wb_scan_png_decode_all */
} WbScanPng;

/* Receives each decoded row (premultiplied ARGB32, @width pixels). */
typedef void (*WbScanRowFunc) (const guint32 *row, guint y, gpointer user_data);

/* Opens @path (a regular file only, never blocking on a FIFO), reads its
 * header and the chunks before the image data; the image's size is checked
 * before anything is decoded. */
WbScanPng *_wb_scan_png_open        (const char     *path,
                                     GError        **error);
void       _wb_scan_png_free        (WbScanPng      *png);
/* Decodes every row in order (not for interlaced images), handing each to
 * @func, and notes a checkpoint at the start of every band of
 * @band_rows rows; checks every chunk's CRC and the end of the data. */
gboolean   _wb_scan_png_decode_all  (WbScanPng      *png,
                                     guint           band_rows,
                                     WbScanRowFunc   func,
                                     gpointer        user_data,
                                     GError        **error);
/* Decodes band @band again from its checkpoint into @pixels (rows of
 * @stride bytes). */
gboolean   _wb_scan_png_decode_band (WbScanPng      *png,
                                     guint           band,
                                     guint8         *pixels,
                                     int             stride,
                                     GError        **error);
/* The whole image decoded by cairo (interlaced images), without the copy of
 * the file cairo keeps for vector output. */
cairo_surface_t *_wb_scan_png_decode_cairo (WbScanPng *png,
                                            GError   **error);

G_END_DECLS
