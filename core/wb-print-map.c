/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "wb-hex-map.h"
#include "wb-print-private.h"
#include "wb-render.h"

/*
 * A map printed across pages, as designers tile a playtest map on a home
 * printer: at a chosen scale (true scale by default: the printed hex size
 * the file states), cut into as few pages as that scale allows, each page
 * turned the better way, neighbouring tiles sharing an overlap strip with
 * registration targets in it (the same map point on both sheets: lay one
 * over the other until the targets coincide, then tape), and a first page
 * that maps which tile goes where.
 */

/* A 22 × 34 in map at true scale is 6–9 sheets; more than this is a
 * scale typed wrong, not a map to print. */
#define MAX_TILES 400

typedef struct {
  WbMap  *map;
  WbScenario *scenario;
  char   *viewer_side;
  double  scale;          /* printed points per map point */
  double  x0, y0;         /* the tile's top-left corner, map points */
  double  width, height;  /* the tile, printed points */
  int     col, row, cols, rows;
  double  overlap;        /* printed points */
  double  step_x, step_y; /* printed points between tile origins */
} Tile;

typedef struct {
  WbMap  *map;
  int     cols, rows;
  double  scale;
  double  step_x, step_y, tile_w, tile_h;
} PageMap;

static void
tile_free (gpointer data)
{
  Tile *t = data;

  g_object_unref (t->map);
  g_clear_object (&t->scenario);
  g_free (t->viewer_side);
  g_free (t);
}

static void
page_map_free (gpointer data)
{
  PageMap *p = data;

  g_object_unref (p->map);
  g_free (p);
}

void
wb_map_print_options_init (WbMapPrintOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->scale = 0;
  options->overlap = 8 * WB_MM;
}

/**
 * wb_print_map_true_scale:
 * @map: a map
 *
 * Returns: printed points per map point that print @map's hexes at the
 * size the file states (`printed_hex_size`), or 1 (map points are points)
 * when it states none or @map has no hexes.
 */
double
wb_print_map_true_scale (WbMap *map)
{
  double printed, size;

  g_return_val_if_fail (WB_IS_MAP (map), 1);

  if (!WB_IS_HEX_MAP (map))
    return 1;
  printed = wb_hex_map_get_printed_hex_size (WB_HEX_MAP (map));
  size = wb_hex_map_get_hex_size (WB_HEX_MAP (map));
  /* hex_size is centre to corner; a printed hex is measured across its
   * flats, √3 times that. */
  return printed > 0 && size > 0 ? printed / (size * sqrt (3.0)) : 1;
}

/* Letters for tile columns, numbers for rows: "B3" as on the page map. */
static char *
tile_name (int col,
           int row)
{
  return col < 26 ? g_strdup_printf ("%c%d", 'A' + col, row + 1)
                  : g_strdup_printf ("%c%c%d", 'A' + col / 26 - 1, 'A' + col % 26, row + 1);
}

static void
draw_map_area (WbPrintDoc *doc,
               cairo_t    *cr,
               WbMap      *map,
               WbScenario *scenario,
               const char *viewer_side,
               double      scale,
               double      x0,
               double      y0,
               double      width,
               double      height)
{
  WbRenderOptions ro;

  wb_render_options_init (&ro);
  ro.scale = scale;
  ro.scenario = scenario;
  ro.viewer_side = viewer_side;
  ro.clip_x = x0;
  ro.clip_y = y0;
  ro.clip_width = width / scale;
  ro.clip_height = height / scale;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -x0, -y0);
  wb_render_map (wb_print_doc_get_game (doc), map, cr, &ro);
  cairo_restore (cr);
}

static void
draw_tile (WbPrintDoc *doc,
           guint       page,
           cairo_t    *cr,
           gpointer    data)
{
  Tile *t = data;
  double bx, by, bw, bh, r = 3 * WB_MM;
  g_autofree char *name = tile_name (t->col, t->row);

  wb_print_doc_get_body (doc, page, &bx, &by, &bw, &bh);
  cairo_save (cr);
  cairo_translate (cr, bx, by);
  draw_map_area (doc, cr, t->map, t->scenario, t->viewer_side, t->scale, t->x0, t->y0, t->width, t->height);

  /* Registration targets in the overlap strips, at map points both
   * neighbours print: the middle of the strip across, and a quarter and
   * three quarters of the shared edge along (a row's tiles share their
   * top and height, a column's their left and width). */
  if (t->col + 1 < t->cols)
    for (int k = 1; k <= 3; k += 2)
      _wb_print_registration (cr, t->step_x + t->overlap / 2, t->height * k / 4, r);
  if (t->col > 0)
    for (int k = 1; k <= 3; k += 2)
      _wb_print_registration (cr, t->overlap / 2, t->height * k / 4, r);
  if (t->row + 1 < t->rows)
    for (int k = 1; k <= 3; k += 2)
      _wb_print_registration (cr, t->width * k / 4, t->step_y + t->overlap / 2, r);
  if (t->row > 0)
    for (int k = 1; k <= 3; k += 2)
      _wb_print_registration (cr, t->width * k / 4, t->overlap / 2, r);

  /* The overlap's inner edge, dashed: where to trim the sheet laid on
   * top (the right and lower neighbours go over this one). */
  cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.7);
  cairo_set_line_width (cr, 0.4);
  cairo_set_dash (cr, (double[]) { 3, 2 }, 2, 0);
  if (t->col > 0)
    {
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, 0, t->height);
    }
  if (t->row > 0)
    {
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, t->width, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_rectangle (cr, 0, 0, t->width, t->height);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The tile's name in the margin corner, to find its place on the
   * page map. */
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  _wb_print_text (cr, WB_PRINT_FONT_BOLD, 9, name, bx, by - 12, 0, 0);
  cairo_restore (cr);
}

static void
draw_page_map (WbPrintDoc *doc,
               guint       page,
               cairo_t    *cr,
               gpointer    data)
{
  PageMap *p = data;
  double bx, by, bw, bh, w, h, s, top, mw, mh;
  const char *name = wb_map_get_name (p->map);
  g_autofree char *heading = NULL;
  g_autofree char *how = NULL;

  heading = g_strdup_printf (_("%s — page map"), name != NULL ? name : wb_map_get_id (p->map));
  top = _wb_print_heading (doc, page, cr, heading);
  wb_print_doc_get_body (doc, page, &bx, &by, &bw, &bh);
  how = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "The map prints on %d sheet at %.0f%% of its file size. ",
                                      "The map prints on %d sheets at %.0f%% of its file size. ",
                                      p->cols * p->rows),
                         p->cols * p->rows, p->scale * 100);
  {
    g_autofree char *text = g_strconcat (how,
                                         _("Trim each sheet along its dashed line, lay it over its "
                                           "left and upper neighbours until the registration targets "
                                           "coincide, and tape it from behind."), NULL);

    cairo_set_source_rgb (cr, 0, 0, 0);
    top += _wb_print_paragraph (cr, WB_PRINT_FONT_BODY, 9, text, bx, top, bw) + 10;
  }

  wb_map_get_extent (p->map, &mw, &mh);
  w = mw * p->scale;
  h = mh * p->scale;
  s = MIN (bw / w, (by + bh - top) / h);
  cairo_save (cr);
  cairo_translate (cr, bx + (bw - w * s) / 2, top);
  {
    double tw = w * s, th = h * s;

    draw_map_area (doc, cr, p->map, NULL, NULL, p->scale * s, 0, 0, tw, th);
    cairo_set_line_width (cr, 1);
    for (int r = 0; r < p->rows; r++)
      for (int c = 0; c < p->cols; c++)
        {
          g_autofree char *n = tile_name (c, r);
          double x = c * p->step_x * s, y = r * p->step_y * s;
          double cw = MIN (p->tile_w * s, tw - x), ch = MIN (p->tile_h * s, th - y);

          cairo_rectangle (cr, x, y, cw, ch);
          cairo_set_source_rgba (cr, 0.75, 0.1, 0.1, 0.9);
          cairo_stroke (cr);
          _wb_print_text (cr, WB_PRINT_FONT_BOLD, 12, n, x + 4, y + 4, 0, 0);
        }
  }
  cairo_restore (cr);
}

/* Tiles of @pw × @ph printed points with @overlap covering @w × @h. */
static void
count_tiles (double  w,
             double  h,
             double  pw,
             double  ph,
             double  overlap,
             int    *cols,
             int    *rows)
{
  *cols = w <= pw ? 1 : (int) ceil ((w - overlap) / (pw - overlap) - 1e-9);
  *rows = h <= ph ? 1 : (int) ceil ((h - overlap) / (ph - overlap) - 1e-9);
}

gboolean
wb_print_add_map (WbPrintDoc              *doc,
                  WbMap                   *map,
                  const WbMapPrintOptions *options,
                  GError                 **error)
{
  WbMapPrintOptions defaults;
  const WbPaper *paper;
  double mw, mh, w, h, scale, overlap, bw[2], bh[2], body_x;
  const char *name;
  g_autofree char *section = NULL;
  int cols[2], rows[2], turn;
  guint first;

  g_return_val_if_fail (doc != NULL && WB_IS_MAP (map), FALSE);

  if (options == NULL)
    {
      wb_map_print_options_init (&defaults);
      options = &defaults;
    }
  paper = wb_print_doc_get_paper (doc);
  name = wb_map_get_name (map) != NULL ? wb_map_get_name (map) : wb_map_get_id (map);
  section = g_strdup_printf (_("Map: %s"), name);
  wb_map_get_extent (map, &mw, &mh);
  if (!(mw > 0 && mh > 0))
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("The map “%s” is empty"), name);
      return FALSE;
    }

  /* The body of a portrait [0] and a landscape [1] page. */
  first = wb_print_doc_get_n_pages (doc);
  body_x = paper->margin;
  bw[0] = paper->width - 2 * body_x;
  bh[0] = paper->height - 2 * body_x - WB_PRINT_FOOTER;
  bw[1] = paper->height - 2 * body_x;
  bh[1] = paper->width - 2 * body_x - WB_PRINT_FOOTER;

  if (options->fit)
    {
      double s0 = MIN (bw[0] / mw, bh[0] / mh), s1 = MIN (bw[1] / mw, bh[1] / mh);
      Tile *t = g_new0 (Tile, 1);
      guint page;

      turn = s1 > s0;
      scale = MAX (s0, s1);
      t->map = g_object_ref (map);
      t->scenario = options->scenario != NULL ? g_object_ref (options->scenario) : NULL;
      t->viewer_side = g_strdup (options->viewer_side);
      t->scale = scale;
      t->width = mw * scale;
      t->height = mh * scale;
      t->cols = t->rows = 1;
      page = wb_print_doc_add_page (doc, section, name, turn, draw_tile, t, tile_free);
      wb_print_doc_add_item (doc, page, WB_PRINT_ITEM_MAP_TILE, wb_map_get_id (map), 0,
                             body_x, body_x, t->width, t->height);
      return TRUE;
    }

  scale = options->scale > 0 ? options->scale : wb_print_map_true_scale (map);
  if (!(scale > 0.01 && scale < 100))
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                   _("The scale %g is not from 1%% to 10,000%%"), scale);
      return FALSE;
    }
  overlap = CLAMP (options->overlap, 0, MIN (bw[1], bh[0]) / 4);
  w = mw * scale;
  h = mh * scale;
  count_tiles (w, h, bw[0], bh[0], overlap, &cols[0], &rows[0]);
  count_tiles (w, h, bw[1], bh[1], overlap, &cols[1], &rows[1]);
  /* Fewer sheets; on a tie the way the map itself is turned. */
  if (cols[1] * rows[1] != cols[0] * rows[0])
    turn = cols[1] * rows[1] < cols[0] * rows[0];
  else
    turn = w > h;
  if ((double) cols[turn] * rows[turn] > MAX_TILES)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_TOO_LARGE,
                   _("The map “%s” at %.0f%% would take %d × %d sheets, more than %d: lower the scale"),
                   name, scale * 100, cols[turn], rows[turn], MAX_TILES);
      return FALSE;
    }

  if (cols[turn] * rows[turn] > 1)
    {
      PageMap *pm = g_new0 (PageMap, 1);

      pm->map = g_object_ref (map);
      pm->cols = cols[turn];
      pm->rows = rows[turn];
      pm->scale = scale;
      pm->tile_w = bw[turn];
      pm->tile_h = bh[turn];
      pm->step_x = bw[turn] - overlap;
      pm->step_y = bh[turn] - overlap;
      wb_print_doc_add_page (doc, section, _("page map"), w > h, draw_page_map, pm, page_map_free);
    }
  for (int r = 0; r < rows[turn]; r++)
    for (int c = 0; c < cols[turn]; c++)
      {
        Tile *t = g_new0 (Tile, 1);
        g_autofree char *tn = tile_name (c, r);
        g_autofree char *title = g_strdup_printf (_("%s, sheet %s"), name, tn);
        guint page;

        t->map = g_object_ref (map);
        t->scenario = options->scenario != NULL ? g_object_ref (options->scenario) : NULL;
        t->viewer_side = g_strdup (options->viewer_side);
        t->scale = scale;
        t->col = c;
        t->row = r;
        t->cols = cols[turn];
        t->rows = rows[turn];
        t->overlap = overlap;
        t->step_x = bw[turn] - overlap;
        t->step_y = bh[turn] - overlap;
        t->x0 = c * t->step_x / scale;
        t->y0 = r * t->step_y / scale;
        t->width = MIN (bw[turn], w - c * t->step_x);
        t->height = MIN (bh[turn], h - r * t->step_y);
        page = wb_print_doc_add_page (doc, first == wb_print_doc_get_n_pages (doc) ? section : NULL,
                                      title, turn, draw_tile, t, tile_free);
        wb_print_doc_add_item (doc, page, WB_PRINT_ITEM_MAP_TILE, wb_map_get_id (map),
                               r * cols[turn] + c, body_x, body_x, t->width, t->height);
      }
  return TRUE;
}
