/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "rules/wb-balance.h"

G_BEGIN_DECLS

/*
 * The balance lab's plots (issue 19): a run's win rates, VP margin and
 * per-turn VP drawn with cairo, alone or with a variant overlaid, on any
 * cairo context (a GtkDrawingArea, a PDF page) or into a file.
 */

typedef enum {
  WB_BALANCE_PLOT_WINS,      /* win-rate bars per side (+ draws) with their 95 % Wilson intervals */
  WB_BALANCE_PLOT_MARGIN,    /* histogram of the VP margin (first side minus second; with n sides != 2: each side's final VP) */
  WB_BALANCE_PLOT_CURVES,    /* per-turn VP: median line and interquartile band per side */
  WB_BALANCE_PLOT_SHEET,     /* the three above on one page, with a title and the run's header */
} WbBalancePlot;

/* Draws @kind for run @a — and, when @b is not NULL, the variant @b
 * overlaid (bars side by side, histograms overlaid translucent, curves
 * dashed), with a legend "A: name / B: name" — in the rectangle 0,0–@width,
 * @height of @cr (points). @label_a and @label_b may be NULL (the run's
 * options then name it). Sides are drawn in a fixed palette; see
 * wb_balance_plot_draw_full () for the game's side colours. */
void     wb_balance_plot_draw       (cairo_t       *cr,
                                     double         width,
                                     double         height,
                                     WbBalancePlot  kind,
                                     WbBalance     *a,
                                     WbBalance     *b,
                                     const char    *label_a,
                                     const char    *label_b);
/* Writes @kind to @path as SVG, PNG or PDF by its extension (any case),
 * replacing the file atomically: a page of @width × @height points, the
 * PNG at 2 pixels a point. FALSE with a %G_IO_ERROR naming @path on an
 * unknown extension, a size out of range or an I/O error. */
gboolean wb_balance_plot_write      (const char    *path,
                                     double         width,
                                     double         height,
                                     WbBalancePlot  kind,
                                     WbBalance     *a,
                                     WbBalance     *b,
                                     const char    *label_a,
                                     const char    *label_b,
                                     GError       **error);

/* The same with @game (may be NULL), the game run @a played: its sides'
 * colours (side i of the run is the game's side i) replace the palette
 * where they are set and tell the sides apart. */
void     wb_balance_plot_draw_full  (cairo_t       *cr,
                                     double         width,
                                     double         height,
                                     WbBalancePlot  kind,
                                     WbBalance     *a,
                                     WbBalance     *b,
                                     const char    *label_a,
                                     const char    *label_b,
                                     WbGame        *game);
gboolean wb_balance_plot_write_full (const char    *path,
                                     double         width,
                                     double         height,
                                     WbBalancePlot  kind,
                                     WbBalance     *a,
                                     WbBalance     *b,
                                     const char    *label_a,
                                     const char    *label_b,
                                     WbGame        *game,
                                     GError       **error);

/* "wins", "margin", "curves", "sheet" and back; FALSE for another name. */
gboolean     wb_balance_plot_from_name (const char    *name,
                                        WbBalancePlot *kind);
const char  *wb_balance_plot_to_name   (WbBalancePlot  kind);

G_END_DECLS
