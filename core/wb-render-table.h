/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "wb-render.h"

G_BEGIN_DECLS

typedef enum {
  WB_TABLE_CHART_DEFAULT = 0,
  /* Boxes, bands and shading only, with text measured by a fixed rule
   * (its length) instead of fonts: the same size on every host (goldens). */
  WB_TABLE_CHART_NO_TEXT = 1 << 0,
} WbTableChartFlags;

/* The size of @table's printed chart in points (margins included). */
void      wb_render_table_get_size  (WbTable           *table,
                                     WbTableChartFlags  flags,
                                     double            *width,
                                     double            *height);
/* Draws the chart with its top left corner at the cairo origin, in points,
 * on a white page of wb_render_table_get_size (). */
void      wb_render_table           (WbTable           *table,
                                     cairo_t           *cr,
                                     WbTableChartFlags  flags);
/* Writes the chart as a PNG (@scale pixels per point) or an SVG or PDF page
 * of its size times @scale; @path is replaced atomically. */
gboolean  wb_render_table_to_file   (WbGame            *game,
                                     WbTable           *table,
                                     const char        *path,
                                     WbExportFormat     format,
                                     double             scale,
                                     GError           **error);

G_END_DECLS
