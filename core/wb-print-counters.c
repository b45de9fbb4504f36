/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "wb-chits.h"
#include "wb-print-private.h"
#include "wb-render.h"
#include "wb-scenario.h"

/*
 * Counter sheets fit to cut, as designers make them for playtests with
 * the Inkscape countersheets extension: every counter at its printed size
 * on a grid, its fronts on one page and its backs on the next mirrored
 * left to right — a long-edge duplex print puts each back behind its
 * front —, or fronts and mirrored backs on one page to fold along the
 * middle and glue; colour bleeding past the cut lines so a cut a little
 * off shows no white; crop marks on each cut line outside the grid and
 * registration targets at its corners (the same on both faces); the
 * sheet's number and the game's title on each.
 *
 * Blocks (Columbia, the Blue & Gray Campaign Series) carry one label each,
 * whose edges already show every step: one label per block, no back.
 */

typedef enum {
  PIECE_UNIT,
  PIECE_CHIT,
  PIECE_MARKER,
  PIECE_TURN,
} PieceKind;

/* A back face: a step shown, or the plain back. */
#define FACE_HIDDEN (-1)
#define FACE_NONE (-2)

typedef struct {
  PieceKind   kind;
  gpointer    what;     /* WbUnit*, WbChit*, WbFeatureType*, NULL */
  const char *id;
  int         front, back;
  guint       group;    /* a new group starts a new row */
} Piece;

typedef struct {
  GArray  *pieces;      /* Piece, shared by every sheet */
  guint    first, n;    /* this sheet's pieces */
  GArray  *cells;       /* per piece of the sheet: column, row */
  guint    sheet, sheets;
  gboolean backs;       /* the back page of a duplex sheet */
  WbCounterSheetLayout layout;
  double   size, gap, bleed;
  double   x0, y0;      /* the grid's top-left corner (fronts) */
  int      cols, rows;
} Sheet;

void
wb_counter_sheet_options_init (WbCounterSheetOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->layout = WB_COUNTER_SHEET_DUPLEX;
  options->bleed = 1 * WB_MM;
  options->units = TRUE;
  options->chits = TRUE;
  options->markers = TRUE;
}

/**
 * wb_print_counter_size:
 * @game: a game
 *
 * Returns: the printed side of @game's counters in points: the file's
 * (`counter.size`), else its system's usual size: ½ in for SPI, ⅝ in for
 * Blind Swords (rulebook 002: "5/8" counters"), ¾ in for block labels.
 */
double
wb_print_counter_size (WbGame *game)
{
  const WbCounterSpec *spec;

  g_return_val_if_fail (WB_IS_GAME (game), WB_INCH / 2);

  spec = wb_game_get_counter (game);
  if (spec->size > 0)
    return spec->size;
  switch (wb_counter_style_for_game (game))
    {
    case WB_COUNTER_STYLE_BLIND_SWORDS:
      return WB_INCH * 5 / 8;
    case WB_COUNTER_STYLE_BLOCK:
    case WB_COUNTER_STYLE_BG_CAMPAIGN:
      return WB_INCH * 3 / 4;
    case WB_COUNTER_STYLE_AUTO:
    case WB_COUNTER_STYLE_SPI:
    default:
      return WB_INCH / 2;
    }
}

static void
sheet_free (gpointer data)
{
  Sheet *s = data;

  g_array_unref (s->pieces);
  g_array_unref (s->cells);
  g_free (s);
}

/* The plain back of a chit drawn from the cup: alike for every chit of
 * a side (the side's colour and name), so the cup keeps its secret. */
static void
draw_chit_back (cairo_t      *cr,
                WbGame       *game,
                const WbChit *chit,
                double        size)
{
  WbSide *side = chit->side != NULL ? wb_game_find_side (game, chit->side) : NULL;
  double r = 0.55, g = 0.55, b = 0.55;

  if (side == NULL || !wb_color_parse (side->color, &r, &g, &b))
    r = g = b = 0.55;
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill (cr);
  cairo_rectangle (cr, size * 0.08, size * 0.08, size * 0.84, size * 0.84);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, size * 0.02);
  cairo_stroke (cr);
  _wb_print_text (cr, WB_PRINT_FONT_BOLD, size * 0.16, side != NULL ? side->name : _("Wild"), size * 0.1,
                  size * 0.4, size * 0.8, 0.5);
}

/* A marker: the feature's colour and its name; the turn marker. */
static void
draw_marker (cairo_t             *cr,
             WbGame              *game,
             const WbFeatureType *f,
             double               size)
{
  double r = 0.85, g = 0.8, b = 0.6;
  const char *name = f != NULL ? (f->name != NULL ? f->name : f->id) : _("Turn");

  if (f != NULL)
    wb_color_parse (f->color, &r, &g, &b);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill (cr);
  if (0.299 * r + 0.587 * g + 0.114 * b < 0.5)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0, 0, 0);
  {
    /* Two lines: "Fallen Timber" / "(Full)". */
    const char *paren = strchr (name, '(');

    if (paren != NULL && paren > name)
      {
        g_autofree char *first = g_strstrip (g_strndup (name, paren - name));

        _wb_print_text (cr, WB_PRINT_FONT_BOLD, size * 0.15, first, size * 0.05, size * 0.28, size * 0.9, 0.5);
        _wb_print_text (cr, WB_PRINT_FONT_BOLD, size * 0.15, paren, size * 0.05, size * 0.5, size * 0.9, 0.5);
      }
    else
      _wb_print_text (cr, WB_PRINT_FONT_BOLD, size * 0.16, name, size * 0.05, size * 0.4, size * 0.9, 0.5);
  }
}

static void
draw_face (cairo_t     *cr,
           WbGame      *game,
           const Piece *p,
           int          face,
           double       size,
           double       bleed)
{
  cairo_save (cr);
  switch (p->kind)
    {
    case PIECE_UNIT:
      {
        WbCounterOptions o;

        wb_counter_options_init (&o);
        o.size = size;
        o.step = face >= 0 ? face : 0;
        o.hidden = face == FACE_HIDDEN;
        o.bleed = bleed;
        wb_render_counter (cr, game, p->what, &o);
      }
      break;
    case PIECE_CHIT:
      /* The chit's colour past its edges, as a counter's. */
      if (bleed > 0)
        {
          cairo_rectangle (cr, -bleed, -bleed, size + 2 * bleed, size + 2 * bleed);
          cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
          cairo_fill (cr);
        }
      if (face == FACE_HIDDEN)
        draw_chit_back (cr, game, p->what, size);
      else
        wb_render_chit (cr, game, p->what, size);
      break;
    case PIECE_MARKER:
    case PIECE_TURN:
    default:
      if (bleed > 0)
        {
          cairo_save (cr);
          cairo_translate (cr, -bleed, -bleed);
          draw_marker (cr, game, p->what, size + 2 * bleed);
          cairo_restore (cr);
          cairo_rectangle (cr, 0, 0, size, size);
          cairo_clip (cr);
        }
      draw_marker (cr, game, p->what, size);
      break;
    }
  cairo_restore (cr);
}

/* Where piece @i of @s is on its page: fronts at the grid, backs mirrored
 * about the page's vertical centre line. */
static void
cell_origin (Sheet  *s,
             double  page_width,
             guint   i,
             gboolean back,
             double *x,
             double *y)
{
  const int *cell = &g_array_index (s->cells, int, 2 * i);
  double fx = s->x0 + cell[0] * (s->size + s->gap);

  *x = back ? page_width - fx - s->size : fx;
  *y = s->y0 + cell[1] * (s->size + s->gap);
}

static void
draw_sheet (WbPrintDoc *doc,
            guint       page,
            cairo_t    *cr,
            gpointer    data)
{
  Sheet *s = data;
  WbGame *game = wb_print_doc_get_game (doc);
  double w, bx, by, bw, grid_w, grid_h, mark = 4 * WB_MM, off = 1.5 * WB_MM;
  g_autofree char *heading = NULL;
  gboolean faces[2] = { !s->backs, s->backs || s->layout == WB_COUNTER_SHEET_FOLD };

  wb_print_doc_get_page_size (doc, page, &w, NULL);
  wb_print_doc_get_body (doc, page, &bx, &by, &bw, NULL);
  if (s->layout == WB_COUNTER_SHEET_FOLD)
    heading = g_strdup_printf (_("Counter sheet %u of %u — fold along the middle, fronts left, backs right"),
                               s->sheet, s->sheets);
  else if (s->layout == WB_COUNTER_SHEET_FRONTS)
    heading = g_strdup_printf (_("Counter sheet %u of %u"), s->sheet, s->sheets);
  else
    heading = g_strdup_printf (s->backs ? _("Counter sheet %u of %u — backs (print duplex, flip on the long edge)")
                                        : _("Counter sheet %u of %u — fronts"), s->sheet, s->sheets);
  cairo_set_source_rgb (cr, 0, 0, 0);
  _wb_print_text (cr, WB_PRINT_FONT_BOLD, 9, heading, bx, by, bw, 0.5);

  for (guint f = 0; f < 2; f++)
    {
      if (!faces[f])
        continue;
      for (guint i = 0; i < s->n; i++)
        {
          const Piece *p = &g_array_index (s->pieces, Piece, s->first + i);
          int face = f ? p->back : p->front;
          double x, y;

          if (face == FACE_NONE)
            continue;
          cell_origin (s, w, i, f == 1, &x, &y);
          cairo_save (cr);
          cairo_translate (cr, x, y);
          draw_face (cr, game, p, face, s->size, s->bleed);
          cairo_restore (cr);
        }
    }

  /* Cut lines: both edges of every column and row (one line between
   * counters that touch), marked outside the grid on each face printed. */
  grid_w = s->cols * (s->size + s->gap) - s->gap;
  grid_h = s->rows * (s->size + s->gap) - s->gap;
  for (guint f = 0; f < 2; f++)
    {
      g_autofree double *xs = g_new (double, 2 * s->cols);
      g_autofree double *ys = g_new (double, 2 * s->rows);
      guint nx = 0, ny = 0;
      double left = f ? w - s->x0 - grid_w : s->x0;

      if (!faces[f])
        continue;
      for (int c = 0; c < s->cols; c++)
        {
          double a = left + c * (s->size + s->gap);

          if (nx == 0 || fabs (xs[nx - 1] - a) > 0.01)
            xs[nx++] = a;
          xs[nx++] = a + s->size;
        }
      for (int r = 0; r < s->rows; r++)
        {
          double a = s->y0 + r * (s->size + s->gap);

          if (ny == 0 || fabs (ys[ny - 1] - a) > 0.01)
            ys[ny++] = a;
          ys[ny++] = a + s->size;
        }
      {
        /* A fold-over sheet's halves meet at the fold: marks and targets
         * on their outer sides only. */
        gboolean fold = s->layout == WB_COUNTER_SHEET_FOLD;
        gboolean outer_left = !fold || f == 0, outer_right = !fold || f == 1;
        double t = off + mark / 2 + s->bleed, top = s->y0 - t, bottom = s->y0 + grid_h + t;

        _wb_print_crop_marks (cr, xs, nx, ys, ny, mark, off + s->bleed, outer_left, outer_right);
        if (outer_left)
          {
            _wb_print_registration (cr, left - t, top, mark / 2);
            _wb_print_registration (cr, left - t, bottom, mark / 2);
          }
        if (outer_right)
          {
            _wb_print_registration (cr, left + grid_w + t, top, mark / 2);
            _wb_print_registration (cr, left + grid_w + t, bottom, mark / 2);
          }
      }
    }
  if (s->layout == WB_COUNTER_SHEET_FOLD)
    {
      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_set_line_width (cr, 0.5);
      cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
      cairo_move_to (cr, w / 2, s->y0 - off - mark);
      cairo_line_to (cr, w / 2, s->y0 + grid_h + off + mark);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* The pieces to print, in order: each side's units (formation order as
 * in the file), then the chits, then the markers the scenarios place and
 * a turn marker. */
static GArray *
collect_pieces (WbGame                      *game,
                const WbCounterSheetOptions *o)
{
  GArray *pieces = g_array_new (FALSE, TRUE, sizeof (Piece));
  GPtrArray *units = wb_game_get_units (game), *sides = wb_game_get_sides (game);
  gboolean blocks = wb_counter_style_hides (wb_counter_style_for_game (game));
  guint group = 0;

  for (guint s = 0; o->units && s < sides->len; s++)
    {
      WbSide *side = g_ptr_array_index (sides, s);

      if (o->side != NULL && g_strcmp0 (o->side, side->id) != 0)
        continue;
      for (guint i = 0; i < units->len; i++)
        {
          WbUnit *unit = g_ptr_array_index (units, i);
          const WbStrength *st = wb_unit_get_strength (unit);
          guint n = MAX (st->n, 1u);

          if (g_strcmp0 (wb_unit_get_side (unit), side->id) != 0)
            continue;
          if (blocks || o->layout == WB_COUNTER_SHEET_FRONTS)
            {
              Piece p = { PIECE_UNIT, unit, wb_unit_get_id (unit), 0, FACE_NONE, group };

              g_array_append_val (pieces, p);
              continue;
            }
          /* Two faces a counter: fresh and battleworn, full and reduced;
           * a unit with more steps gets replacement counters, the last
           * one's back the side's plain back. */
          for (guint f = 0; f < n; f += 2)
            {
              Piece p = { PIECE_UNIT, unit, wb_unit_get_id (unit), (int) f,
                          f + 1 < n ? (int) f + 1 : FACE_HIDDEN, group };

              g_array_append_val (pieces, p);
            }
        }
      group++;
    }

  if (o->chits && o->side == NULL)
    {
      GPtrArray *chits = wb_game_get_chits (game);

      for (guint i = 0; chits != NULL && i < chits->len; i++)
        {
          WbChit *chit = g_ptr_array_index (chits, i);
          Piece p = { PIECE_CHIT, chit, chit->id, 0,
                      o->layout == WB_COUNTER_SHEET_FRONTS ? FACE_NONE : FACE_HIDDEN, group };

          g_array_append_val (pieces, p);
        }
      group++;
    }

  if (o->markers && o->side == NULL)
    {
      GPtrArray *features = wb_game_get_features (game), *scenarios = wb_game_get_scenarios (game);
      Piece turn = { PIECE_TURN, NULL, "game-turn", 0, 0, group };

      /* As many of each marker as the scenario placing most of it uses. */
      for (guint i = 0; i < features->len; i++)
        {
          WbFeatureType *f = g_ptr_array_index (features, i);
          guint most = 0;

          for (guint s = 0; s < scenarios->len; s++)
            {
              GPtrArray *markers = wb_scenario_get_markers (g_ptr_array_index (scenarios, s));
              guint count = 0;

              for (guint m = 0; m < markers->len; m++)
                count += g_strcmp0 (((WbMarker *) g_ptr_array_index (markers, m))->feature, f->id) == 0;
              most = MAX (most, count);
            }
          for (guint k = 0; k < most; k++)
            {
              Piece p = { PIECE_MARKER, f, f->id, 0, o->layout == WB_COUNTER_SHEET_FRONTS ? FACE_NONE : 0, group };

              g_array_append_val (pieces, p);
            }
        }
      if (o->layout == WB_COUNTER_SHEET_FRONTS)
        turn.back = FACE_NONE;
      g_array_append_val (pieces, turn);
    }
  return pieces;
}

gboolean
wb_print_add_counter_sheets (WbPrintDoc                  *doc,
                             const WbCounterSheetOptions *options,
                             GError                     **error)
{
  WbCounterSheetOptions defaults;
  WbGame *game;
  g_autoptr(GArray) pieces = NULL;
  g_autoptr(GPtrArray) sheets = g_ptr_array_new ();
  double size, gap, bleed, w, by, bw, bh, area_w, area_h, head = 16, reserve;
  int cols, rows;
  guint i = 0, first_page;
  gboolean blocks;

  g_return_val_if_fail (doc != NULL, FALSE);

  if (options == NULL)
    {
      wb_counter_sheet_options_init (&defaults);
      options = &defaults;
    }
  game = wb_print_doc_get_game (doc);
  if (options->side != NULL && wb_game_find_side (game, options->side) == NULL)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("The game has no side “%s”"), options->side);
      return FALSE;
    }
  size = options->size > 0 ? options->size : wb_print_counter_size (game);
  bleed = CLAMP (options->bleed, 0, 3 * WB_MM);
  gap = 2 * bleed;
  blocks = wb_counter_style_hides (wb_counter_style_for_game (game));

  /* Room for the crop marks and registration targets around the grid. */
  reserve = 1.5 * WB_MM + 4 * WB_MM + bleed;
  w = wb_print_doc_get_paper (doc)->width;
  by = 0;
  {
    /* Measure on a portrait page: the first page the sheets will take. */
    const WbPaper *paper = wb_print_doc_get_paper (doc);

    by = paper->margin;
    bw = paper->width - 2 * paper->margin;
    bh = paper->height - 2 * paper->margin - WB_PRINT_FOOTER;
  }
  area_w = bw - 2 * reserve;
  area_h = bh - head - 2 * reserve;
  if (options->layout == WB_COUNTER_SHEET_FOLD && !blocks)
    area_w = (bw - 2 * reserve) / 2 - 3 * WB_MM;
  cols = (int) floor ((area_w + gap) / (size + gap) + 1e-9);
  rows = (int) floor ((area_h + gap) / (size + gap) + 1e-9);
  if (!(size >= 3 * WB_MM && size <= 3 * WB_INCH) || cols < 1 || rows < 1)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                   _("Counters of %.1f mm do not fit on %s paper (from 3 mm to 76 mm, and a sheet must hold one)"),
                   size / WB_MM, wb_print_doc_get_paper (doc)->name);
      return FALSE;
    }

  pieces = collect_pieces (game, options);
  if (pieces->len == 0)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("There are no counters to print"));
      return FALSE;
    }

  /* Fill sheets row by row; a new group (another side, the chits, the
   * markers) starts a new row. */
  while (i < pieces->len)
    {
      Sheet *s = g_new0 (Sheet, 1);
      int col = 0, row = 0;
      double grid_w = cols * (size + gap) - gap;

      s->pieces = g_array_ref (pieces);
      s->cells = g_array_new (FALSE, FALSE, sizeof (int));
      s->first = i;
      s->layout = blocks ? WB_COUNTER_SHEET_FRONTS : options->layout;
      s->size = size;
      s->gap = gap;
      s->bleed = bleed;
      s->cols = cols;
      s->y0 = by + head + reserve;
      s->x0 = s->layout == WB_COUNTER_SHEET_FOLD ? w / 2 - 3 * WB_MM - grid_w : (w - grid_w) / 2;
      while (i < pieces->len && row < rows)
        {
          const Piece *p = &g_array_index (pieces, Piece, i);

          if (i > s->first && p->group != g_array_index (pieces, Piece, i - 1).group && col > 0)
            {
              col = 0;
              if (++row >= rows)
                break;
            }
          g_array_append_val (s->cells, col);
          g_array_append_val (s->cells, row);
          s->rows = MAX (s->rows, row + 1);
          i++;
          if (++col >= cols)
            {
              col = 0;
              row++;
            }
        }
      s->n = i - s->first;
      g_ptr_array_add (sheets, s);
    }

  first_page = wb_print_doc_get_n_pages (doc);
  for (guint k = 0; k < sheets->len; k++)
    for (guint b = 0; b < 2; b++)
      {
        Sheet *s = g_ptr_array_index (sheets, k);
        g_autofree char *label = NULL;
        guint page;

        if (b == 1 && s->layout != WB_COUNTER_SHEET_DUPLEX)
          continue;
        if (b == 1)
          {
            Sheet *back = g_memdup2 (s, sizeof *s);

            back->pieces = g_array_ref (s->pieces);
            back->cells = g_array_ref (s->cells);
            back->backs = TRUE;
            s = back;
          }
        s->sheet = k + 1;
        s->sheets = sheets->len;
        label = s->layout != WB_COUNTER_SHEET_DUPLEX ? g_strdup_printf (_("Sheet %u of %u"), k + 1, sheets->len)
                : g_strdup_printf (b ? _("Sheet %u of %u, backs") : _("Sheet %u of %u, fronts"), k + 1, sheets->len);
        page = wb_print_doc_add_page (doc, wb_print_doc_get_n_pages (doc) == first_page ? _("Counter sheets") : NULL,
                                      _("Counter sheets"), FALSE, draw_sheet, s, sheet_free);
        wb_print_doc_set_page_label (doc, page, label);
        for (guint j = 0; j < s->n; j++)
          {
            const Piece *p = &g_array_index (s->pieces, Piece, s->first + j);
            static const WbPrintItemKind kinds[][2] = {
              [PIECE_UNIT] = { WB_PRINT_ITEM_COUNTER_FRONT, WB_PRINT_ITEM_COUNTER_BACK },
              [PIECE_CHIT] = { WB_PRINT_ITEM_CHIT_FRONT, WB_PRINT_ITEM_CHIT_BACK },
              [PIECE_MARKER] = { WB_PRINT_ITEM_MARKER_FRONT, WB_PRINT_ITEM_MARKER_BACK },
              [PIECE_TURN] = { WB_PRINT_ITEM_MARKER_FRONT, WB_PRINT_ITEM_MARKER_BACK },
            };
            double x, y, pw;

            wb_print_doc_get_page_size (doc, page, &pw, NULL);
            for (guint f = 0; f < 2; f++)
              {
                gboolean on_page = f == 0 ? !s->backs : (s->backs || s->layout == WB_COUNTER_SHEET_FOLD);
                int face = f ? p->back : p->front;

                if (!on_page || face == FACE_NONE)
                  continue;
                cell_origin (s, pw, j, f == 1, &x, &y);
                wb_print_doc_add_item (doc, page, kinds[p->kind][f], p->id, face, x, y, size, size);
              }
          }
      }
  return TRUE;
}
