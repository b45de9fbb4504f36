/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "wb-scan.h"
#include "wb-types.h"

G_BEGIN_DECLS

/* A scan of a printed map shown under the drawing, to trace it. The image
 * (PNG) is placed by a similarity transform: its pixel (0, 0) lands on map
 * point (@x, @y), one pixel spans @scale map points, and it is turned by
 * @rotation degrees clockwise about that corner. */
typedef struct {
  char            *image;      /* path as written in the file: relative to the game file */
  double           opacity;    /* 0..1 */
  double           x, y;
  double           scale;
  double           rotation;
  gboolean         hidden;
  /* The decoded image (a pyramid, see WbScan), read lazily: loading a
   * game only notes where the image is (@file), and it is decoded the first
   * time it is asked for (wb_map_get_background_scan), so validating or
   * describing a game never decodes one. NULL until then, and when the
   * image is missing or unreadable (the path is kept, so saving loses
   * nothing). */
  WbScan          *scan;
  char            *file;       /* the image on disk, to read when first asked for; not saved */
} WbMapBackground;

/* A background is at most this many pixels a side and in all (ARGB32: 4
 * bytes a pixel, so 400 MB decoded, of which a third is kept): checked from
 * the PNG header before a byte of it is decoded. */
#define WB_BACKGROUND_MAX_SIDE   16384
#define WB_BACKGROUND_MAX_PIXELS 100000000
/* What all the backgrounds keep decoded at once in a process (their halved
 * copies, WbScan, and the bands cached) takes at most this much: decoding
 * one more is refused, from its header, until others are freed. */
#define WB_BACKGROUND_MAX_DECODED ((guint64) 768 * 1024 * 1024)

/* Reads a PNG for a background (wb_scan_load). Only a regular file is
 * opened (a FIFO, a device or a directory is refused without blocking), an
 * image over WB_BACKGROUND_MAX_SIDE pixels a side or WB_BACKGROUND_MAX_PIXELS
 * in all is refused from its header, before it is decoded, and a damaged
 * one (bad CRC, truncated or corrupt data) with the reason. */
WbScan          *wb_map_background_load_image (const char *path, GError **error);
/* The bytes the backgrounds keep decoded now, and the most they may take
 * (WB_BACKGROUND_MAX_DECODED unless set otherwise: tests set it small). */
guint64          wb_map_background_get_decoded (void);
void             wb_map_background_set_budget  (guint64 bytes);
/* Places the image so that image points 1 and 2 land on map points 1 and 2
 * (two-point calibration against a scanned grid). FALSE if the image
 * points coincide. */
gboolean         wb_map_background_calibrate   (WbMapBackground *bg,
                                                double ix1, double iy1, double mx1, double my1,
                                                double ix2, double iy2, double mx2, double my2);

/* A line drawn on the map as geography, not as something units move
 * along: a river, a mountain ridge, the Valley's boundary, a VP line; or,
 * closed, an area (a mountain range, a region) lightly filled. */
typedef struct {
  double x, y;
} WbMapPoint;

#define WB_MAP_LINE_MAX_POINTS 10000
#define WB_MAP_MAX_LINES       10000

typedef struct {
  char       *name;      /* drawn along the line; NULL for none */
  const char *style;     /* interned: one of wb_map_line_styles () */
  const char *side;      /* interned side id: a VP line's colour; NULL */
  gboolean    closed;    /* an area: the last point joins the first */
  GArray     *points;    /* WbMapPoint, map points */
} WbMapLine;

WbMapLine          *wb_map_line_new    (const char *style);
WbMapLine          *wb_map_line_copy   (const WbMapLine *line);
void                wb_map_line_free   (WbMapLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbMapLine, wb_map_line_free)
/* "river", "ridge", "boundary", "vp-line", "line"; NULL-terminated. */
const char * const *wb_map_line_styles (void);
/* The distance from (x, y) to the line (or the area's outline). */
double              wb_map_line_distance (const WbMapLine *line, double x, double y);

#define WB_TYPE_MAP (wb_map_get_type ())
G_DECLARE_DERIVABLE_TYPE (WbMap, wb_map, WB, MAP, GObject)

struct _WbMapClass
{
  GObjectClass parent_class;

  WbMapKind (*get_kind)   (WbMap *self);
  /* Size of the drawn map at scale 1, in points. */
  void      (*get_extent) (WbMap *self, double *width, double *height);
};

const char *wb_map_get_id      (WbMap *self);
/* The background's image, decoded on first call (see WbMapBackground);
 * NULL with no background or one that cannot be read. */
WbScan     *wb_map_get_background_scan (WbMap *self);
const char *wb_map_get_name    (WbMap *self);
void        wb_map_set_name    (WbMap *self, const char *name);
/* Where the map comes from ("reconstructed from the rules' hex numbers"…). */
const char *wb_map_get_source  (WbMap *self);
void        wb_map_set_source  (WbMap *self, const char *source);
WbMapKind   wb_map_get_kind    (WbMap *self);
void        wb_map_get_extent  (WbMap *self, double *width, double *height);
/* The background, or NULL. */
const WbMapBackground *wb_map_get_background (WbMap *self);
/* Copies @background (NULL removes it); takes a new reference to its scan. */
void        wb_map_set_background (WbMap *self, const WbMapBackground *background);
/* The lines drawn on the map (WbMapLine*), in drawing order. */
GPtrArray  *wb_map_get_lines   (WbMap *self);
/* Puts @line (taking it) at @index (clamped). */
void        wb_map_insert_line (WbMap *self, WbMapLine *line, guint index);
/* Takes line @index out (transfer full), or NULL if there is none. */
WbMapLine  *wb_map_steal_line  (WbMap *self, guint index);
/* Emits WbMap::changed: the map's content changed (views redraw). */
void        wb_map_changed     (WbMap *self);

G_END_DECLS
