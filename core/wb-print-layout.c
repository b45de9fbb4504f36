/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <string.h>

#include "wb-print-layout-private.h"
#include "wb-render-table.h"

/*
 * Display lists and a page-breaking cursor for the cards and aids (see
 * wb-print-layout-private.h). Model objects are kept by id and looked up
 * when the page is drawn, so a page drawn after an edit draws what is
 * there (or leaves out what was removed) instead of reading freed memory.
 */

typedef enum {
  OP_TEXT,
  OP_RULE,
  OP_RECT,
  OP_COUNTER,
  OP_CHART,
  OP_SWATCH,
  OP_HEADING,
} OpKind;

typedef struct {
  OpKind      kind;
  WbPrintFont font;
  double      size;
  char       *text;      /* the text, or the id drawn */
  double      x, y, w, h;
  double      align;
  double      from, to;
  double      line_width;
  guint32     rgb, fill;
  gboolean    fill_it;
  gboolean    feature;
  int         step;
} Op;

struct _WbPrintSheet {
  GArray *ops;   /* Op */
};

/* Set on a cairo_t by _wb_print_page_text (): text ops append to it. */
static cairo_user_data_key_t capture_key;

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_free (op->text);
}

static void
sheet_free (gpointer data)
{
  WbPrintSheet *sheet = data;

  g_array_unref (sheet->ops);
  g_free (sheet);
}

static void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static void
draw_chart (cairo_t    *cr,
            WbGame     *game,
            const Op   *op)
{
  WbTable *table = wb_game_find_table (game, op->text);
  double tw, th, a, b, f;

  if (table == NULL)
    return;
  /* The box was laid out from the chart's size without fonts; the chart
   * drawn with them is a little different, so it is scaled into the box. */
  wb_render_table_get_size (table, WB_TABLE_CHART_DEFAULT, &tw, &th);
  a = op->from * th;
  b = op->to * th;
  if (!(tw > 0) || !(b > a))
    return;
  f = MIN (op->w / tw, op->h / (b - a));
  cairo_save (cr);
  cairo_rectangle (cr, op->x, op->y, op->w, op->h);
  cairo_clip (cr);
  cairo_translate (cr, op->x, op->y - a * f);
  cairo_scale (cr, f, f);
  wb_render_table (table, cr, WB_TABLE_CHART_DEFAULT);
  cairo_restore (cr);
}

static void
draw_op (WbPrintDoc *doc,
         guint       page,
         cairo_t    *cr,
         const Op   *op)
{
  WbGame *game = wb_print_doc_get_game (doc);
  GString *capture = cairo_get_user_data (cr, &capture_key);

  switch (op->kind)
    {
    case OP_TEXT:
      set_rgb (cr, op->rgb);
      _wb_print_text (cr, op->font, op->size, op->text, op->x, op->y, op->w, op->align);
      if (capture != NULL)
        g_string_append_printf (capture, "%s\n", op->text);
      break;
    case OP_HEADING:
      _wb_print_heading (doc, page, cr, op->text);
      if (capture != NULL)
        g_string_append_printf (capture, "%s\n", op->text);
      break;
    case OP_RULE:
      set_rgb (cr, op->rgb);
      cairo_set_line_width (cr, op->line_width);
      cairo_move_to (cr, op->x, op->y);
      cairo_line_to (cr, op->w, op->h);
      cairo_stroke (cr);
      break;
    case OP_RECT:
      cairo_rectangle (cr, op->x, op->y, op->w, op->h);
      if (op->fill_it)
        {
          set_rgb (cr, op->fill);
          cairo_fill_preserve (cr);
        }
      if (op->line_width > 0)
        {
          set_rgb (cr, op->rgb);
          cairo_set_line_width (cr, op->line_width);
          cairo_stroke_preserve (cr);
        }
      cairo_new_path (cr);
      break;
    case OP_COUNTER:
      {
        WbUnit *unit = wb_game_find_unit (game, op->text);
        WbCounterOptions o;

        if (unit == NULL)
          break;
        wb_counter_options_init (&o);
        o.size = op->w;
        o.step = op->step;
        cairo_save (cr);
        cairo_translate (cr, op->x, op->y);
        wb_render_counter (cr, game, unit, &o);
        cairo_restore (cr);
      }
      break;
    case OP_CHART:
      draw_chart (cr, game, op);
      break;
    case OP_SWATCH:
      {
        WbTerrainType *t = op->feature ? NULL : wb_game_find_terrain (game, op->text);
        WbFeatureType *f = op->feature ? wb_game_find_feature (game, op->text) : NULL;

        if (t == NULL && f == NULL)
          break;
        cairo_save (cr);
        cairo_rectangle (cr, op->x, op->y, op->w, op->h);
        cairo_clip (cr);
        cairo_translate (cr, op->x, op->y);
        if (t != NULL)
          wb_render_terrain_swatch (game, t, cr, op->w, op->h);
        else
          wb_render_feature_swatch (game, f, cr, op->w, op->h);
        cairo_restore (cr);
        cairo_rectangle (cr, op->x, op->y, op->w, op->h);
        set_rgb (cr, WB_PRINT_LIGHT);
        cairo_set_line_width (cr, 0.5);
        cairo_stroke (cr);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
sheet_draw (WbPrintDoc *doc,
            guint       page,
            cairo_t    *cr,
            gpointer    data)
{
  WbPrintSheet *sheet = data;

  for (guint i = 0; i < sheet->ops->len; i++)
    {
      cairo_save (cr);
      draw_op (doc, page, cr, &g_array_index (sheet->ops, Op, i));
      cairo_restore (cr);
    }
}

WbPrintSheet *
_wb_print_sheet_add (WbPrintDoc *doc,
                     const char *section,
                     const char *title,
                     gboolean    landscape,
                     guint      *page)
{
  WbPrintSheet *sheet = g_new0 (WbPrintSheet, 1);
  guint index;

  sheet->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (sheet->ops, op_clear);
  index = wb_print_doc_add_page (doc, section, title, landscape, sheet_draw, sheet, sheet_free);
  if (page != NULL)
    *page = index;
  return sheet;
}

static Op *
sheet_push (WbPrintSheet *sheet,
            OpKind        kind)
{
  Op op = { 0, };

  op.kind = kind;
  g_array_append_val (sheet->ops, op);
  return &g_array_index (sheet->ops, Op, sheet->ops->len - 1);
}

void
_wb_print_sheet_text (WbPrintSheet *sheet,
                      WbPrintFont   font,
                      double        size,
                      const char   *text,
                      double        x,
                      double        y,
                      double        width,
                      double        align,
                      guint32       rgb)
{
  Op *op;

  if (text == NULL || *text == '\0')
    return;
  op = sheet_push (sheet, OP_TEXT);
  op->font = font;
  op->size = size;
  op->text = g_strdup (text);
  op->x = x;
  op->y = y;
  op->w = width;
  op->align = align;
  op->rgb = rgb;
}

void
_wb_print_sheet_rule (WbPrintSheet *sheet,
                      double        x0,
                      double        y0,
                      double        x1,
                      double        y1,
                      double        line_width,
                      guint32       rgb)
{
  Op *op = sheet_push (sheet, OP_RULE);

  op->x = x0;
  op->y = y0;
  op->w = x1;
  op->h = y1;
  op->line_width = line_width;
  op->rgb = rgb;
}

void
_wb_print_sheet_rect (WbPrintSheet *sheet,
                      double        x,
                      double        y,
                      double        w,
                      double        h,
                      gboolean      fill_it,
                      guint32       fill,
                      double        line_width,
                      guint32       stroke)
{
  Op *op = sheet_push (sheet, OP_RECT);

  op->x = x;
  op->y = y;
  op->w = w;
  op->h = h;
  op->fill_it = fill_it;
  op->fill = fill;
  op->line_width = line_width;
  op->rgb = stroke;
}

void
_wb_print_sheet_counter (WbPrintSheet *sheet,
                         const char   *unit,
                         double        x,
                         double        y,
                         double        size,
                         int           step)
{
  Op *op = sheet_push (sheet, OP_COUNTER);

  op->text = g_strdup (unit);
  op->x = x;
  op->y = y;
  op->w = op->h = size;
  op->step = step;
}

void
_wb_print_sheet_chart (WbPrintSheet *sheet,
                       const char   *table,
                       double        x,
                       double        y,
                       double        w,
                       double        h,
                       double        from,
                       double        to)
{
  Op *op = sheet_push (sheet, OP_CHART);

  op->text = g_strdup (table);
  op->x = x;
  op->y = y;
  op->w = w;
  op->h = h;
  op->from = from;
  op->to = to;
}

void
_wb_print_sheet_swatch (WbPrintSheet *sheet,
                        gboolean      feature,
                        const char   *id,
                        double        x,
                        double        y,
                        double        w,
                        double        h)
{
  Op *op = sheet_push (sheet, OP_SWATCH);

  op->feature = feature;
  op->text = g_strdup (id);
  op->x = x;
  op->y = y;
  op->w = w;
  op->h = h;
}

double
_wb_print_sheet_heading (WbPrintSheet *sheet,
                         WbPrintDoc   *doc,
                         guint         page,
                         const char   *text)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Op *op = sheet_push (sheet, OP_HEADING);
  double y;

  op->text = g_strdup (text);
  /* Where the heading ends does not depend on fonts: ask the one place
   * that knows, on a surface nothing is drawn on. */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  y = _wb_print_heading (doc, page, cr, "");
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return y;
}

/* --- estimates ------------------------------------------------------------- */

/* A character's advance in ems, a little over what the widest common sans
 * face (DejaVu Sans) gives it, so that a wrapped line is seldom
 * ellipsized when drawn: measured on every line the bundled games' cards
 * print, its text is 91% of the estimate on average and 96% at most
 * (bold, with the factor below: 92% and 98%). */
static double
char_width (gunichar c)
{
  if (c == ' ')
    return 0.34;
  if (c < 0x80 && strchr ("iljtfrI.,;:'!|()[]", (int) c) != NULL)
    return 0.38;
  if (c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '@' || c == 0x2014)
    return 0.95;
  if (g_unichar_isupper (c))
    return 0.74;
  if (g_unichar_isdigit (c))
    return 0.66;
  return 0.64;
}

double
_wb_print_estimate (WbPrintFont  font,
                    double       size,
                    const char  *text)
{
  double w = 0;

  if (text == NULL)
    return 0;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    w += font == WB_PRINT_FONT_MONO ? 0.62 : char_width (g_utf8_get_char (p));
  if (font == WB_PRINT_FONT_BOLD || font == WB_PRINT_FONT_TITLE)
    w *= 1.12;   /* bold faces are wider */
  return w * size;
}

/* Appends @line's words to @lines, greedily. */
static void
wrap_line (GPtrArray  *lines,
           WbPrintFont font,
           double      size,
           const char *line,
           double      width)
{
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  g_autoptr(GString) cur = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      g_autofree char *trial = NULL;

      if (*word == '\0')
        continue;
      trial = cur->len > 0 ? g_strdup_printf ("%s %s", cur->str, word) : g_strdup (word);
      if (_wb_print_estimate (font, size, trial) <= width || cur->len == 0)
        {
          g_string_assign (cur, trial);
          /* A word wider than the line by itself: cut it. */
          while (_wb_print_estimate (font, size, cur->str) > width && g_utf8_strlen (cur->str, -1) > 1)
            {
              const char *p = cur->str;
              glong n = 0;

              while (*p != '\0')
                {
                  g_autofree char *head = g_strndup (cur->str, g_utf8_next_char (p) - cur->str);

                  if (_wb_print_estimate (font, size, head) > width && n > 0)
                    break;
                  p = g_utf8_next_char (p);
                  n++;
                }
              g_ptr_array_add (lines, g_strndup (cur->str, p - cur->str));
              g_string_erase (cur, 0, p - cur->str);
            }
          continue;
        }
      g_ptr_array_add (lines, g_strdup (cur->str));
      g_string_assign (cur, word);
    }
  if (cur->len > 0)
    g_ptr_array_add (lines, g_strdup (cur->str));
}

GStrv
_wb_print_wrap (WbPrintFont  font,
                double       size,
                const char  *text,
                double       width)
{
  GPtrArray *lines = g_ptr_array_new ();
  g_auto(GStrv) paragraphs = NULL;

  if (text != NULL)
    {
      paragraphs = g_strsplit (text, "\n", -1);
      for (guint i = 0; paragraphs[i] != NULL; i++)
        {
          g_strstrip (paragraphs[i]);
          if (*paragraphs[i] != '\0')
            wrap_line (lines, font, size, paragraphs[i], MAX (width, size));
        }
    }
  g_ptr_array_add (lines, NULL);
  return (GStrv) g_ptr_array_free (lines, FALSE);
}

char *
_wb_print_page_text (WbPrintDoc *doc,
                     guint       page)
{
  GString *text = g_string_new (NULL);
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (page < wb_print_doc_get_n_pages (doc), NULL);

  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  cairo_set_user_data (cr, &capture_key, text, NULL);
  wb_print_doc_draw_page (doc, page, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_string_free (text, FALSE);
}

/* --- the cursor ------------------------------------------------------------ */

void
_wb_print_flow_init (WbPrintFlow        *flow,
                     WbPrintDoc         *doc,
                     const char         *section,
                     const char         *title,
                     gboolean            landscape,
                     WbPrintFlowPageFunc start_page,
                     gpointer            user_data)
{
  memset (flow, 0, sizeof *flow);
  flow->doc = doc;
  flow->section = g_strdup (section);
  flow->title = g_strdup (title);
  flow->landscape = landscape;
  flow->start_page = start_page;
  flow->user_data = user_data;
}

void
_wb_print_flow_clear (WbPrintFlow *flow)
{
  g_clear_pointer (&flow->section, g_free);
  g_clear_pointer (&flow->title, g_free);
}

void
_wb_print_flow_new_page (WbPrintFlow *flow)
{
  double x, y, w, h;

  flow->sheet = _wb_print_sheet_add (flow->doc, flow->section, flow->title, flow->landscape,
                                     &flow->page);
  flow->n_pages++;
  wb_print_doc_get_body (flow->doc, flow->page, &x, &y, &w, &h);
  flow->left = x;
  flow->width = w;
  flow->y = y;
  flow->bottom = y + h;
  if (flow->start_page != NULL)
    flow->start_page (flow, flow->user_data);
  flow->first_y = flow->y;
}

void
_wb_print_flow_need (WbPrintFlow *flow,
                     double       height)
{
  if (flow->sheet == NULL ||
      (flow->y + height > flow->bottom + 1e-6 && flow->y > flow->first_y + 1e-6))
    _wb_print_flow_new_page (flow);
}

double
_wb_print_flow_text (WbPrintFlow *flow,
                     WbPrintFont  font,
                     double       size,
                     const char  *text,
                     double       indent,
                     guint32      rgb)
{
  double top;

  _wb_print_flow_need (flow, _wb_print_line (size));
  top = flow->y;
  _wb_print_sheet_text (flow->sheet, font, size, text, flow->left + indent, top,
                        flow->width - indent, 0, rgb);
  flow->y += _wb_print_line (size);
  return top;
}

void
_wb_print_flow_paragraph (WbPrintFlow *flow,
                          WbPrintFont  font,
                          double       size,
                          const char  *text,
                          double       indent,
                          guint32      rgb)
{
  g_auto(GStrv) lines = _wb_print_wrap (font, size, text, flow->width - indent);

  for (guint i = 0; lines[i] != NULL; i++)
    _wb_print_flow_text (flow, font, size, lines[i], indent, rgb);
}

void
_wb_print_flow_subhead (WbPrintFlow *flow,
                        const char  *text,
                        double       keep)
{
  double h = _wb_print_line (10) + 3;

  if (flow->sheet != NULL && flow->y > flow->first_y + 1e-6)
    flow->y += 6;
  _wb_print_flow_need (flow, h + keep);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BOLD, 10, text, flow->left, flow->y,
                        flow->width, 0, WB_PRINT_INK);
  _wb_print_sheet_rule (flow->sheet, flow->left, flow->y + _wb_print_line (10) + 0.5,
                        flow->left + flow->width, flow->y + _wb_print_line (10) + 0.5, 0.5,
                        WB_PRINT_LIGHT);
  flow->y += h;
}
