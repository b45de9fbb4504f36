/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-print-private.h"

G_BEGIN_DECLS

/*
 * Laid-out pages for the cards and aids (core/wb-print-cards.c,
 * core/wb-print-aids.c): everything is placed when the page is added (so
 * its items are known at once, for the contents page and the tests) and
 * kept as a small display list that the page's draw function replays.
 *
 * Nothing here measures text with fonts: lines have a fixed height and
 * paragraphs wrap by an estimate of each character's width, every line
 * ellipsized to its width when drawn. A page breaks at the same place on
 * every host, so wb_print_doc_describe () is a stable golden.
 */

/* One page's display list; owned by the document once added. */
typedef struct _WbPrintSheet WbPrintSheet;

/* Colours as 0xRRGGBB. */
#define WB_PRINT_INK   0x141414
#define WB_PRINT_GREY  0x5a5a5a
#define WB_PRINT_LIGHT 0xa0a2a6

/* The fixed height of a line of @size points. */
static inline double
_wb_print_line (double size)
{
  return size * 1.3;
}

/* A new page of @doc drawn from a display list; its index in @page. */
WbPrintSheet *_wb_print_sheet_add     (WbPrintDoc   *doc,
                                       const char   *section,
                                       const char   *title,
                                       gboolean      landscape,
                                       guint        *page);
/* One line (see _wb_print_text ()), ellipsized to @width. */
void          _wb_print_sheet_text    (WbPrintSheet *sheet,
                                       WbPrintFont   font,
                                       double        size,
                                       const char   *text,
                                       double        x,
                                       double        y,
                                       double        width,
                                       double        align,
                                       guint32       rgb);
void          _wb_print_sheet_rule    (WbPrintSheet *sheet,
                                       double        x0,
                                       double        y0,
                                       double        x1,
                                       double        y1,
                                       double        line_width,
                                       guint32       rgb);
/* A rectangle filled with @fill (unless @fill_it is FALSE) and stroked
 * @line_width wide in @stroke (0: not stroked). */
void          _wb_print_sheet_rect    (WbPrintSheet *sheet,
                                       double        x,
                                       double        y,
                                       double        w,
                                       double        h,
                                       gboolean      fill_it,
                                       guint32       fill,
                                       double        line_width,
                                       guint32       stroke);
/* Unit @unit's counter, face up at @step (wb_render_counter ()). */
void          _wb_print_sheet_counter (WbPrintSheet *sheet,
                                       const char   *unit,
                                       double        x,
                                       double        y,
                                       double        size,
                                       int           step);
/* Table @table's chart (wb_render_table ()) scaled to fit the box
 * (@x, @y, @w, @h), or, for a chart cut over pages, the part of it from
 * @from to @to (fractions of its height) scaled to fit @w and @h. */
void          _wb_print_sheet_chart   (WbPrintSheet *sheet,
                                       const char   *table,
                                       double        x,
                                       double        y,
                                       double        w,
                                       double        h,
                                       double        from,
                                       double        to);
/* A legend swatch: terrain @id, or feature @id when @feature. */
void          _wb_print_sheet_swatch  (WbPrintSheet *sheet,
                                       gboolean      feature,
                                       const char   *id,
                                       double        x,
                                       double        y,
                                       double        w,
                                       double        h);
/* The section heading of _wb_print_heading (); returns the y under it. */
double        _wb_print_sheet_heading (WbPrintSheet *sheet,
                                       WbPrintDoc   *doc,
                                       guint         page,
                                       const char   *text);

/* The estimated width of @text in @font at @size (no fonts read). */
double        _wb_print_estimate      (WbPrintFont   font,
                                       double        size,
                                       const char   *text);
/* @text cut into lines no wider than @width by the estimate, at spaces
 * (a word longer than a line is cut), and at its newlines. */
GStrv         _wb_print_wrap          (WbPrintFont   font,
                                       double        size,
                                       const char   *text,
                                       double        width);

/* The text of @page's display list, one line per text drawn, in the order
 * drawn (tests: what a card says, without reading a PDF). */
char         *_wb_print_page_text     (WbPrintDoc   *doc,
                                       guint         page);

/* A cursor down the pages of one section: lines placed one under the
 * other, a new page when the next does not fit. */
typedef struct _WbPrintFlow WbPrintFlow;

/* Called on each new page to draw what every page of the flow carries (a
 * card's frame and header): it may move the content area (left, width,
 * y, bottom). */
typedef void (*WbPrintFlowPageFunc) (WbPrintFlow *flow,
                                     gpointer     user_data);

struct _WbPrintFlow {
  WbPrintDoc         *doc;
  char               *section;
  char               *title;
  gboolean            landscape;
  WbPrintFlowPageFunc start_page;
  gpointer            user_data;
  WbPrintSheet       *sheet;     /* the current page's, NULL before the first */
  guint               page;
  guint               n_pages;   /* made by this flow */
  double              left, width, y, bottom;
  double              first_y;   /* y at the top of the page's content */
};

void      _wb_print_flow_init      (WbPrintFlow        *flow,
                                    WbPrintDoc         *doc,
                                    const char         *section,
                                    const char         *title,
                                    gboolean            landscape,
                                    WbPrintFlowPageFunc start_page,
                                    gpointer            user_data);
void      _wb_print_flow_clear     (WbPrintFlow        *flow);
void      _wb_print_flow_new_page  (WbPrintFlow        *flow);
/* Breaks the page unless @height fits under the cursor (or the page is
 * still empty: what does not fit a page is cut, not looped over). */
void      _wb_print_flow_need      (WbPrintFlow        *flow,
                                    double              height);
/* A line at the cursor, @indent in from the left, then the cursor moves
 * down a line. Returns the line's top. */
double    _wb_print_flow_text      (WbPrintFlow        *flow,
                                    WbPrintFont         font,
                                    double              size,
                                    const char         *text,
                                    double              indent,
                                    guint32             rgb);
/* @text wrapped to the width less @indent, a line at a time. */
void      _wb_print_flow_paragraph (WbPrintFlow        *flow,
                                    WbPrintFont         font,
                                    double              size,
                                    const char         *text,
                                    double              indent,
                                    guint32             rgb);
/* A bold sub-heading with a thin rule under it, kept with @keep points of
 * what follows. */
void      _wb_print_flow_subhead   (WbPrintFlow        *flow,
                                    const char         *text,
                                    double              keep);

G_END_DECLS
