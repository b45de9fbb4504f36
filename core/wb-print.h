/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "wb-game.h"

G_BEGIN_DECLS

/*
 * Paged printing: one layout engine for the app's print dialog, its PDF
 * exports and `warbench-cli print`/`kit`. A WbPrintDoc is a list of pages
 * on one paper size; each page knows its own orientation, how to draw
 * itself (lazily: a 300-page kit is laid out at once but drawn a page at a
 * time) and the items placed on it (counters, map tiles, cards) with their
 * rectangles, so tests and goldens check the layout without reading a PDF.
 *
 * Every length is in points (1/72 in), every page drawn with its origin
 * at the paper's top-left corner. The margin is the printer's unprintable
 * edge plus room for the footer: nothing but crop marks goes in it.
 */

#define WB_MM (72.0 / 25.4)
#define WB_INCH 72.0

typedef struct {
  char   name[24];      /* "a4", "letter", "a3", "tabloid", "custom" */
  double width;         /* portrait */
  double height;
  double margin;        /* on every edge */
} WbPaper;

#define WB_PRINT_ERROR (wb_print_error_quark ())

typedef enum {
  WB_PRINT_ERROR_INVALID,      /* a paper, length or option that makes no sense */
  WB_PRINT_ERROR_TOO_LARGE,    /* a layout that would need more pages than allowed */
  WB_PRINT_ERROR_WRITE,        /* the output could not be written */
  WB_PRINT_ERROR_CANCELLED,
} WbPrintError;

GQuark      wb_print_error_quark (void);

/* "a4", "letter", "a3", "tabloid" (any case), or "210x297mm", "8.5x11in",
 * "612x792pt"; the margin defaults to 10 mm. */
gboolean    wb_paper_parse       (const char  *text,
                                  WbPaper     *paper,
                                  GError     **error);
/* The default paper of the locale: Letter in the US and Canada, else A4. */
void        wb_paper_default     (WbPaper     *paper);
/* "16mm", "0.625in", "5/8in", "45pt" → points; a bare number is points. */
gboolean    wb_length_parse      (const char  *text,
                                  double      *points,
                                  GError     **error);

typedef enum {
  WB_PRINT_ITEM_MAP_TILE,        /* a piece of a map; id = map id */
  WB_PRINT_ITEM_COUNTER_FRONT,   /* id = unit id, face = step shown */
  WB_PRINT_ITEM_COUNTER_BACK,    /* id = unit id, face = step shown (-1 hidden back) */
  WB_PRINT_ITEM_CHIT_FRONT,      /* id = chit id */
  WB_PRINT_ITEM_CHIT_BACK,
  WB_PRINT_ITEM_MARKER_FRONT,    /* id = feature id */
  WB_PRINT_ITEM_MARKER_BACK,
  WB_PRINT_ITEM_CARD,            /* id = scenario:side, formation id, … */
  WB_PRINT_ITEM_TABLE,           /* id = table id */
  WB_PRINT_ITEM_TEXT,            /* a block of text; id says which */
} WbPrintItemKind;

typedef struct {
  WbPrintItemKind kind;
  const char     *id;      /* interned */
  int             face;
  double          x, y, width, height;   /* on the page, points */
} WbPrintItem;

typedef struct _WbPrintDoc WbPrintDoc;

/* Draws the page's content (the doc adds the footer) at the paper's
 * top-left corner, in points. @data is the page's. */
typedef void (*WbPrintDrawFunc) (WbPrintDoc *doc,
                                 guint       page,
                                 cairo_t    *cr,
                                 gpointer    data);

WbPrintDoc *wb_print_doc_new        (WbGame         *game,
                                     const WbPaper  *paper);
void        wb_print_doc_free       (WbPrintDoc     *doc);
WbGame     *wb_print_doc_get_game   (WbPrintDoc     *doc);
const WbPaper *wb_print_doc_get_paper (WbPrintDoc   *doc);

/* Appends a page (@landscape: the paper turned) in @section (the contents
 * page's entry; NULL continues the previous page's); @title is its footer
 * caption. Returns its index. @data is freed with @free_data. */
guint       wb_print_doc_add_page   (WbPrintDoc     *doc,
                                     const char     *section,
                                     const char     *title,
                                     gboolean        landscape,
                                     WbPrintDrawFunc draw,
                                     gpointer        data,
                                     GDestroyNotify  free_data);
/* Inserts a page at @index (a contents page at the front). */
void        wb_print_doc_insert_page (WbPrintDoc    *doc,
                                     guint           index,
                                     const char     *section,
                                     const char     *title,
                                     gboolean        landscape,
                                     WbPrintDrawFunc draw,
                                     gpointer        data,
                                     GDestroyNotify  free_data);
void        wb_print_doc_add_item   (WbPrintDoc     *doc,
                                     guint           page,
                                     WbPrintItemKind kind,
                                     const char     *id,
                                     int             face,
                                     double          x,
                                     double          y,
                                     double          width,
                                     double          height);
/* Renames the section of @page (the kit names each scenario's cards). */
void        wb_print_doc_set_page_section (WbPrintDoc *doc,
                                     guint           page,
                                     const char     *section);
/* The footer's page label ("Sheet 2 of 5" on counter sheets) instead of
 * the page number. */
void        wb_print_doc_set_page_label (WbPrintDoc *doc,
                                     guint           page,
                                     const char     *label);

guint       wb_print_doc_get_n_pages (WbPrintDoc    *doc);
void        wb_print_doc_get_page_size (WbPrintDoc  *doc,
                                     guint           page,
                                     double         *width,
                                     double         *height);
gboolean    wb_print_doc_page_is_landscape (WbPrintDoc *doc,
                                     guint           page);
const char *wb_print_doc_get_page_title   (WbPrintDoc *doc,
                                     guint           page);
const char *wb_print_doc_get_page_section (WbPrintDoc *doc,
                                     guint           page);
/* The items of @page (WbPrintItem), in the order they were placed. */
GArray     *wb_print_doc_get_items  (WbPrintDoc     *doc,
                                     guint           page);
/* Draws @page (content, then footer) on @cr, whose origin is the paper's
 * top-left corner in points. */
void        wb_print_doc_draw_page  (WbPrintDoc     *doc,
                                     guint           page,
                                     cairo_t        *cr);

/* Called after each page written; return FALSE to stop. */
typedef gboolean (*WbPrintProgressFunc) (guint    done,
                                         guint    total,
                                         gpointer user_data);

/* Writes every page to a PDF at @path, atomically (a partial kit never
 * replaces a good one). Cancelled (by @cancellable or @progress) it
 * leaves nothing and fails with WB_PRINT_ERROR_CANCELLED. */
gboolean    wb_print_doc_write_pdf  (WbPrintDoc          *doc,
                                     const char          *path,
                                     WbPrintProgressFunc  progress,
                                     gpointer             user_data,
                                     GCancellable        *cancellable,
                                     GError             **error);
/* Renders one page to a PNG at @dpi (a look at a page; tests). */
gboolean    wb_print_doc_write_page_png (WbPrintDoc     *doc,
                                     guint           page,
                                     double          dpi,
                                     const char     *path,
                                     GError        **error);
/* The layout as text, one line per page and per item, lengths in mm to
 * 0.01: what the goldens compare. */
char       *wb_print_doc_describe   (WbPrintDoc     *doc);

/* The area inside the margins and above the footer of @page. */
void        wb_print_doc_get_body   (WbPrintDoc     *doc,
                                     guint           page,
                                     double         *x,
                                     double         *y,
                                     double         *width,
                                     double         *height);

/* --- what can be printed (core/wb-print-*.c) ------------------------------ */

typedef struct {
  /* Map points → printed points: 1 prints the map at its file size (the
   * hex_size in the file, map points being points). */
  double   scale;
  gboolean fit;          /* one page, scaled to fit (scale ignored) */
  double   overlap;      /* shared strip between neighbouring tiles */
  WbScenario *scenario;  /* units at their set-up places; NULL: the bare map */
  const char *viewer_side;
} WbMapPrintOptions;

void        wb_map_print_options_init (WbMapPrintOptions *options);
/* Printed points per map point for @map's hexes at the size the file
 * states (printed_hex_size); 1 when it states none. */
double      wb_print_map_true_scale (WbMap                   *map);
/* The map tiled over as few pages as the scale allows, each turned the
 * better way, with overlap, registration marks in the overlap and a page
 * map (which tile is which) on the first. */
gboolean    wb_print_add_map        (WbPrintDoc              *doc,
                                     WbMap                   *map,
                                     const WbMapPrintOptions *options,
                                     GError                 **error);

typedef enum {
  WB_COUNTER_SHEET_DUPLEX,       /* fronts, then backs mirrored on the next page */
  WB_COUNTER_SHEET_FOLD,         /* fronts left, backs mirrored right: fold along the middle */
  WB_COUNTER_SHEET_FRONTS,       /* fronts only (labels for blocks) */
} WbCounterSheetLayout;

typedef struct {
  double               size;      /* the counter's side; 0: the game's (wb_print_counter_size ()) */
  WbCounterSheetLayout layout;
  double               bleed;     /* colour past the cut line, each side */
  const char          *side;      /* only this side's (NULL: every side) */
  gboolean             units;
  gboolean             chits;
  gboolean             markers;
} WbCounterSheetOptions;

void        wb_counter_sheet_options_init (WbCounterSheetOptions *options);
/* The printed size of @game's counters: the file's, else its system's. */
double      wb_print_counter_size   (WbGame                  *game);
gboolean    wb_print_add_counter_sheets (WbPrintDoc                  *doc,
                                     const WbCounterSheetOptions *options,
                                     GError                     **error);

/* Cards and aids (core/wb-print-cards.c, core/wb-print-aids.c). */

/* A place as players read it: a hex as "hex 0414" with the name the map
 * gives it ("hex 0203 (Germanna Ford)": its label, else the smallest named
 * area holding it), a location by its name, a box by its title.
 * @scenario (may be NULL: the game's first map, no boxes) gives the map
 * and the boxes. Shared by the cards and `warbench-cli setup`. */
char       *wb_place_describe         (WbGame          *game,
                                       WbScenario      *scenario,
                                       const WbPlace   *place);
/* An entry area (a map mark id of a reinforcement) by its name. */
char       *wb_area_describe          (WbGame          *game,
                                       WbScenario      *scenario,
                                       const char      *area);
/* A unit as a card names it: "Stafford's Brigade (Stafrd)", the
 * designation after the name when it differs; the id for an unknown one. */
char       *wb_unit_describe          (WbGame          *game,
                                       const char      *unit);
/* One set-up card per side of the game (more pages when long). @options:
 * NULL prints a card good for any choice of optional rules, each entry
 * that depends on one listed under it ("With the optional rule “X”:");
 * a NULL-terminated list (may be empty) prints the card for that choice,
 * leaving out what does not apply. */
void        wb_print_add_setup_cards  (WbPrintDoc   *doc,
                                       WbScenario   *scenario,
                                       const char * const *options);
void        wb_print_add_oob_cards    (WbPrintDoc   *doc);
void        wb_print_add_turn_track   (WbPrintDoc   *doc,
                                       WbScenario   *scenario);
void        wb_print_add_player_aid   (WbPrintDoc   *doc);
void        wb_print_add_rules_summary (WbPrintDoc  *doc,
                                       WbScenario   *scenario);

/* The print-and-play kit: rules summary, map pages, counter sheets,
 * cards and aids, behind a contents page. */
typedef struct {
  WbScenario          *scenario;   /* NULL: the first */
  WbCounterSheetLayout counter_layout;
  double               map_scale;  /* 0: the file's size */
} WbKitOptions;

void        wb_kit_options_init     (WbKitOptions   *options);
gboolean    wb_print_add_kit        (WbPrintDoc     *doc,
                                     const WbKitOptions *options,
                                     GError        **error);
/* A contents page at the front listing each section's first page. */
void        wb_print_add_contents   (WbPrintDoc     *doc);

G_END_DECLS
