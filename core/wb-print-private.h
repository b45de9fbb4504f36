/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <pango/pangocairo.h>

#include "wb-print.h"

G_BEGIN_DECLS

/* Shared by core/wb-print*.c. */

/* The footer's height above the bottom margin. */
#define WB_PRINT_FOOTER 16.0

typedef enum {
  WB_PRINT_FONT_BODY,      /* Sans 9 */
  WB_PRINT_FONT_BOLD,      /* Sans Bold */
  WB_PRINT_FONT_TITLE,     /* Serif Bold */
  WB_PRINT_FONT_MONO,
} WbPrintFont;

/* One line of text at (@x, @y) (its top), @size points, ellipsized to
 * @width (0: as long as it is), aligned by @align (0 left, 0.5 centred, 1
 * right). Lines have a fixed height (@size × 1.3) whatever the fonts, so
 * a layout paginates alike on every host. */
void      _wb_print_text        (cairo_t     *cr,
                                 WbPrintFont  font,
                                 double       size,
                                 const char  *text,
                                 double       x,
                                 double       y,
                                 double       width,
                                 double       align);
/* A paragraph wrapped to @width; returns its height. */
double    _wb_print_paragraph   (cairo_t     *cr,
                                 WbPrintFont  font,
                                 double       size,
                                 const char  *text,
                                 double       x,
                                 double       y,
                                 double       width);
/* Crop marks: a short line off each end of every cut line (@xs vertical,
 * @ys horizontal) outside the block they cut, @gap from it; the horizontal
 * cuts' marks on the left and right only when @left, @right (a fold-over
 * sheet's inner side has its other half there). */
void      _wb_print_crop_marks  (cairo_t     *cr,
                                 const double *xs,
                                 guint        n_xs,
                                 const double *ys,
                                 guint        n_ys,
                                 double       length,
                                 double       gap,
                                 gboolean     left,
                                 gboolean     right);
/* A registration target (a circle with a cross) centred on (@x, @y). */
void      _wb_print_registration (cairo_t    *cr,
                                 double       x,
                                 double       y,
                                 double       radius);
/* A section heading at the top of the body; returns the y under it. */
double    _wb_print_heading     (WbPrintDoc  *doc,
                                 guint        page,
                                 cairo_t     *cr,
                                 const char  *text);

G_END_DECLS
