/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/**
 * WbScan:
 *
 * A background scan as the map draws it: an image kept as a pyramid. Its
 * halved copies (½, ¼ … down to a few hundred pixels) are made while the
 * PNG is decoded once; those from ¼ down stay in memory (a twelfth of the
 * image's size). The full size and the ½ copy are not kept: bands of their
 * rows are decoded again from the file (and halved) when a drawing needs
 * them, and kept in a cache of bounded size shared by every scan
 * (wb_scan_set_cache_limit). Drawing uses the level closest to the scale it
 * is drawn at and only the part inside the clip. A scan made from an image
 * in memory, or from an interlaced PNG, keeps its full size whole.
 * Reference counted; thread safe (the canvas draws on worker threads).
 */
typedef struct _WbScan WbScan;

/* Decodes the PNG at @path once (see wb_map_background_load_image for the
 * checks) and keeps the file open to read bands again. */
WbScan  *wb_scan_load             (const char      *path,
                                   GError         **error);
/* A scan of an image already in memory (kept whole, with a reference). */
WbScan  *wb_scan_new_for_surface  (cairo_surface_t *surface);
WbScan  *wb_scan_ref              (WbScan          *scan);
void     wb_scan_unref            (WbScan          *scan);
int      wb_scan_get_width        (WbScan          *scan);
int      wb_scan_get_height       (WbScan          *scan);
/* The full-size image and its halved copies. */
guint    wb_scan_get_n_levels     (WbScan          *scan);
/* The bytes this scan keeps whatever is drawn (its halved copies, and the
 * full-size image when it is kept whole). */
guint64  wb_scan_get_resident     (WbScan          *scan);
/* Rows of the full-size image a band holds (0 for a scan kept whole), and
 * the bands of this scan in the cache now (of both banded levels). */
guint    wb_scan_get_band_rows    (WbScan          *scan);
guint    wb_scan_get_cached_bands (WbScan          *scan);
/* Draws the scan with its pixel (0, 0) at (0, 0) of @cr's user space, one
 * pixel a unit, at @opacity: only what the clip shows, from the copy whose
 * scale is closest to the device's (the full-size image on vector
 * surfaces: PDF, SVG, print, which keep the detail). A band that cannot be
 * read again (the file changed on disk) is drawn from the first kept copy. */
void     wb_scan_draw             (WbScan          *scan,
                                   cairo_t         *cr,
                                   double           opacity);
/* The pyramid level wb_scan_draw () uses for @cr (0: full size). */
guint    wb_scan_pick_level       (WbScan          *scan,
                                   cairo_t         *cr);

/* The cache of full-size bands, shared by all scans: what it holds now and
 * the most it may (WB_SCAN_CACHE_LIMIT unless set: tests set it small).
 * Bands in use by a drawing stay until it ends. */
#define WB_SCAN_CACHE_LIMIT ((guint64) 64 * 1024 * 1024)
guint64  wb_scan_get_cached       (void);
void     wb_scan_set_cache_limit  (guint64          bytes);

/* A new, cleared ARGB32 image surface whose pixels are mapped from the
 * system on their own (mmap) and given back to it when the surface is
 * destroyed. Big images made and freed over and over by worker threads
 * (bands, the canvas's caches) would otherwise stay resident: glibc moves
 * its mmap threshold up to 32 MB after the first big free, and the heap of
 * a thread arena is rarely given back. A surface in an error state when
 * that fails. */
cairo_surface_t *wb_scan_surface_new (int width,
                                      int height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbScan, wb_scan_unref)

G_END_DECLS
