/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <cairo-pdf.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "wb-print-private.h"
#include "wb-render-private.h"

/*
 * The paged document behind every printed thing (see wb-print.h). Pages
 * are kept as drawing closures, not drawn surfaces: a kit of a few hundred
 * pages costs a few kilobytes until it is written, and the print dialog's
 * preview draws only the pages it shows.
 */

/* A kit of every bundled game is under 100 pages; a map at a silly scale
 * is refused before it becomes thousands. */
#define MAX_PAGES 2000

typedef struct {
  char           *section;
  char           *title;
  char           *label;
  gboolean        landscape;
  WbPrintDrawFunc draw;
  gpointer        data;
  GDestroyNotify  free_data;
  GArray         *items;   /* WbPrintItem */
} Page;

struct _WbPrintDoc {
  WbGame   *game;
  WbPaper   paper;
  GPtrArray *pages;        /* Page* */
};

G_DEFINE_QUARK (wb-print-error-quark, wb_print_error)

static void
page_free (gpointer data)
{
  Page *p = data;

  if (p->free_data != NULL)
    p->free_data (p->data);
  g_free (p->section);
  g_free (p->title);
  g_free (p->label);
  g_array_unref (p->items);
  g_free (p);
}

/* --- paper and lengths --------------------------------------------------- */

static const struct {
  const char *name;
  double      width, height;   /* mm */
} papers[] = {
  { "a4", 210, 297 },
  { "letter", 215.9, 279.4 },
  { "a3", 297, 420 },
  { "tabloid", 279.4, 431.8 },
  { "legal", 215.9, 355.6 },
  { "a5", 148, 210 },
};

/* "12.5mm" → 12.5 × WB_MM; "5/8in" → 45; @unit_required: a bare number is
 * refused (paper sizes say their unit). */
static gboolean
parse_length (const char *text,
              gboolean    unit_required,
              double     *points)
{
  g_autofree char *s = g_strstrip (g_ascii_strdown (text, -1));
  char *end = NULL;
  double value, unit = 1;

  value = g_ascii_strtod (s, &end);
  if (end == s || !isfinite (value))
    return FALSE;
  if (*end == '/')
    {
      char *den_end = NULL;
      double den = g_ascii_strtod (end + 1, &den_end);

      if (den_end == end + 1 || !(den > 0))
        return FALSE;
      value /= den;
      end = den_end;
    }
  while (*end == ' ')
    end++;
  if (strcmp (end, "mm") == 0)
    unit = WB_MM;
  else if (strcmp (end, "cm") == 0)
    unit = 10 * WB_MM;
  else if (strcmp (end, "in") == 0 || strcmp (end, "\"") == 0)
    unit = WB_INCH;
  else if (strcmp (end, "pt") == 0)
    unit = 1;
  else if (*end != '\0' || unit_required)
    return FALSE;
  *points = value * unit;
  return TRUE;
}

gboolean
wb_length_parse (const char  *text,
                 double      *points,
                 GError     **error)
{
  double v;

  g_return_val_if_fail (text != NULL && points != NULL, FALSE);

  if (!parse_length (text, FALSE, &v) || !(v > 0) || v > 100 * WB_INCH)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                   _("“%s” is not a length (expected a positive number with mm, cm, in or pt, "
                     "such as 16mm or 5/8in)"), text);
      return FALSE;
    }
  *points = v;
  return TRUE;
}

static void
paper_set (WbPaper    *paper,
           const char *name,
           double      width,
           double      height)
{
  memset (paper, 0, sizeof *paper);
  g_strlcpy (paper->name, name, sizeof paper->name);
  paper->width = MIN (width, height);
  paper->height = MAX (width, height);
  paper->margin = 10 * WB_MM;
}

gboolean
wb_paper_parse (const char  *text,
                WbPaper     *paper,
                GError     **error)
{
  g_autofree char *down = NULL;
  const char *x;
  double w, h;

  g_return_val_if_fail (text != NULL && paper != NULL, FALSE);

  down = g_ascii_strdown (text, -1);
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if (strcmp (down, papers[i].name) == 0)
      {
        paper_set (paper, papers[i].name, papers[i].width * WB_MM, papers[i].height * WB_MM);
        return TRUE;
      }
  x = strchr (down, 'x');
  if (x != NULL)
    {
      g_autofree char *first = g_strndup (down, x - down);
      const char *unit = x + 1;

      /* "210x297mm": the unit written once, after the second number. */
      while (*unit != '\0' && (g_ascii_isdigit (*unit) || *unit == '.' || *unit == ' '))
        unit++;
      if (!parse_length (first, FALSE, &w) || !parse_length (x + 1, TRUE, &h))
        goto bad;
      if (*unit != '\0')
        {
          g_autofree char *with_unit = g_strconcat (first, unit, NULL);

          if (!parse_length (with_unit, TRUE, &w))
            goto bad;
        }
      if (w < 50 * WB_MM || h < 50 * WB_MM || w > 2000 * WB_MM || h > 2000 * WB_MM)
        {
          g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                       _("The paper “%s” is not from 50 mm to 2 m on each side"), text);
          return FALSE;
        }
      paper_set (paper, "custom", w, h);
      return TRUE;
    }
bad:
  g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
               _("Unknown paper “%s” (expected a4, letter, a3, tabloid, legal, a5, or a size "
                 "such as 210x297mm or 8.5x11in)"), text);
  return FALSE;
}

void
wb_paper_default (WbPaper *paper)
{
  const char *locale = setlocale (LC_PAPER, NULL);
  gboolean letter = locale != NULL && (g_str_has_prefix (locale, "en_US") ||
                                       g_str_has_prefix (locale, "en_CA") ||
                                       g_str_has_prefix (locale, "fr_CA") ||
                                       g_str_has_prefix (locale, "es_MX"));

  g_return_if_fail (paper != NULL);
  wb_paper_parse (letter ? "letter" : "a4", paper, NULL);
}

/* --- the document --------------------------------------------------------- */

WbPrintDoc *
wb_print_doc_new (WbGame        *game,
                  const WbPaper *paper)
{
  WbPrintDoc *doc;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (paper != NULL, NULL);

  doc = g_new0 (WbPrintDoc, 1);
  doc->game = g_object_ref (game);
  doc->paper = *paper;
  doc->pages = g_ptr_array_new_with_free_func (page_free);
  return doc;
}

void
wb_print_doc_free (WbPrintDoc *doc)
{
  if (doc == NULL)
    return;
  g_ptr_array_unref (doc->pages);
  g_object_unref (doc->game);
  g_free (doc);
}

WbGame *
wb_print_doc_get_game (WbPrintDoc *doc)
{
  return doc->game;
}

const WbPaper *
wb_print_doc_get_paper (WbPrintDoc *doc)
{
  return &doc->paper;
}

static Page *
page_at (WbPrintDoc *doc,
         guint       page)
{
  g_return_val_if_fail (doc != NULL && page < doc->pages->len, NULL);
  return g_ptr_array_index (doc->pages, page);
}

void
wb_print_doc_insert_page (WbPrintDoc     *doc,
                          guint           index,
                          const char     *section,
                          const char     *title,
                          gboolean        landscape,
                          WbPrintDrawFunc draw,
                          gpointer        data,
                          GDestroyNotify  free_data)
{
  Page *p;

  g_return_if_fail (doc != NULL && draw != NULL && index <= doc->pages->len);

  p = g_new0 (Page, 1);
  if (section == NULL && index > 0)
    section = ((Page *) g_ptr_array_index (doc->pages, index - 1))->section;
  p->section = g_strdup (section);
  p->title = g_strdup (title);
  p->landscape = landscape;
  p->draw = draw;
  p->data = data;
  p->free_data = free_data;
  p->items = g_array_new (FALSE, FALSE, sizeof (WbPrintItem));
  g_ptr_array_insert (doc->pages, index, p);
}

guint
wb_print_doc_add_page (WbPrintDoc     *doc,
                       const char     *section,
                       const char     *title,
                       gboolean        landscape,
                       WbPrintDrawFunc draw,
                       gpointer        data,
                       GDestroyNotify  free_data)
{
  g_return_val_if_fail (doc != NULL, 0);

  wb_print_doc_insert_page (doc, doc->pages->len, section, title, landscape, draw, data, free_data);
  return doc->pages->len - 1;
}

void
wb_print_doc_add_item (WbPrintDoc     *doc,
                       guint           page,
                       WbPrintItemKind kind,
                       const char     *id,
                       int             face,
                       double          x,
                       double          y,
                       double          width,
                       double          height)
{
  Page *p = page_at (doc, page);
  WbPrintItem item = { kind, g_intern_string (id != NULL ? id : ""), face, x, y, width, height };

  g_return_if_fail (p != NULL);
  g_array_append_val (p->items, item);
}

void
wb_print_doc_set_page_label (WbPrintDoc *doc,
                             guint       page,
                             const char *label)
{
  Page *p = page_at (doc, page);

  g_return_if_fail (p != NULL);
  g_free (p->label);
  p->label = g_strdup (label);
}

void
wb_print_doc_set_page_section (WbPrintDoc *doc,
                               guint       page,
                               const char *section)
{
  Page *p = page_at (doc, page);

  g_return_if_fail (p != NULL);
  g_free (p->section);
  p->section = g_strdup (section);
}

guint
wb_print_doc_get_n_pages (WbPrintDoc *doc)
{
  g_return_val_if_fail (doc != NULL, 0);
  return doc->pages->len;
}

void
wb_print_doc_get_page_size (WbPrintDoc *doc,
                            guint       page,
                            double     *width,
                            double     *height)
{
  Page *p = page_at (doc, page);
  gboolean landscape = p != NULL && p->landscape;

  if (width != NULL)
    *width = landscape ? doc->paper.height : doc->paper.width;
  if (height != NULL)
    *height = landscape ? doc->paper.width : doc->paper.height;
}

gboolean
wb_print_doc_page_is_landscape (WbPrintDoc *doc,
                                guint       page)
{
  Page *p = page_at (doc, page);

  return p != NULL && p->landscape;
}

const char *
wb_print_doc_get_page_title (WbPrintDoc *doc,
                             guint       page)
{
  Page *p = page_at (doc, page);

  return p != NULL ? p->title : NULL;
}

const char *
wb_print_doc_get_page_section (WbPrintDoc *doc,
                               guint       page)
{
  Page *p = page_at (doc, page);

  return p != NULL ? p->section : NULL;
}

GArray *
wb_print_doc_get_items (WbPrintDoc *doc,
                        guint       page)
{
  Page *p = page_at (doc, page);

  return p != NULL ? p->items : NULL;
}

void
wb_print_doc_get_body (WbPrintDoc *doc,
                       guint       page,
                       double     *x,
                       double     *y,
                       double     *width,
                       double     *height)
{
  double w, h, m = doc->paper.margin;

  wb_print_doc_get_page_size (doc, page, &w, &h);
  if (x != NULL)
    *x = m;
  if (y != NULL)
    *y = m;
  if (width != NULL)
    *width = w - 2 * m;
  if (height != NULL)
    *height = h - 2 * m - WB_PRINT_FOOTER;
}

/* The game's title, the page's caption and its number (or sheet label)
 * along the bottom margin, small and grey: enough to put a loose sheet
 * back in its kit. */
static void
draw_footer (WbPrintDoc *doc,
             guint       page,
             cairo_t    *cr)
{
  Page *p = page_at (doc, page);
  double w, h, m = doc->paper.margin, y;
  const char *game = wb_game_get_title (doc->game);
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  wb_print_doc_get_page_size (doc, page, &w, &h);
  y = h - m - WB_PRINT_FOOTER + 5;
  left = p->title != NULL ? g_strdup_printf ("%s — %s", game != NULL ? game : "", p->title)
                          : g_strdup (game != NULL ? game : "");
  right = p->label != NULL ? g_strdup (p->label)
                           : g_strdup_printf (_("Page %u of %u"), page + 1, doc->pages->len);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  _wb_print_text (cr, WB_PRINT_FONT_BODY, 7.5, left, m, y, (w - 2 * m) * 0.75, 0);
  _wb_print_text (cr, WB_PRINT_FONT_BOLD, 7.5, right, w - m - (w - 2 * m) * 0.25, y,
                  (w - 2 * m) * 0.25, 1);
  cairo_restore (cr);
}

void
wb_print_doc_draw_page (WbPrintDoc *doc,
                        guint       page,
                        cairo_t    *cr)
{
  Page *p = page_at (doc, page);

  g_return_if_fail (p != NULL && cr != NULL);

  cairo_save (cr);
  p->draw (doc, page, cr, p->data);
  cairo_restore (cr);
  draw_footer (doc, page, cr);
}

/* --- output ---------------------------------------------------------------- */

gboolean
wb_print_doc_write_pdf (WbPrintDoc          *doc,
                        const char          *path,
                        WbPrintProgressFunc  progress,
                        gpointer             user_data,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  WbWriteClosure wc = { NULL, NULL };
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean cancelled = FALSE;
  const char *title;
  cairo_t *cr;
  double w, h;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (doc->pages->len == 0)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                   _("Cannot write “%s”: there is nothing to print"), path);
      return FALSE;
    }
  if (doc->pages->len > MAX_PAGES)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_TOO_LARGE,
                   _("Cannot write “%s”: %u pages, more than %d"), path, doc->pages->len, MAX_PAGES);
      return FALSE;
    }

  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    {
      g_prefix_error (error, _("Cannot write “%s”: "), path);
      return FALSE;
    }
  wc.stream = G_OUTPUT_STREAM (out);

  wb_print_doc_get_page_size (doc, 0, &w, &h);
  surface = cairo_pdf_surface_create_for_stream (_wb_write_to_stream, &wc, w, h);
  title = wb_game_get_title (doc->game);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title != NULL ? title : "");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Warbench");
  cr = cairo_create (surface);
  for (guint i = 0; i < doc->pages->len && !cancelled; i++)
    {
      Page *p = page_at (doc, i);

      wb_print_doc_get_page_size (doc, i, &w, &h);
      cairo_pdf_surface_set_size (surface, w, h);
      /* The PDF's outline: one entry per section, at its first page. */
      if (p->section != NULL && (i == 0 || g_strcmp0 (p->section, page_at (doc, i - 1)->section) != 0))
        {
          g_autofree char *dest = g_strdup_printf ("page=%u", i + 1);

          cairo_pdf_surface_add_outline (surface, CAIRO_PDF_OUTLINE_ROOT, p->section, dest, 0);
        }
      cairo_save (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_restore (cr);
      wb_print_doc_draw_page (doc, i, cr);
      cairo_show_page (cr);
      if (g_cancellable_is_cancelled (cancellable) ||
          (progress != NULL && !progress (i + 1, doc->pages->len, user_data)))
        cancelled = TRUE;
      if (wc.error != NULL)
        break;
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (cancelled || wc.error != NULL || status != CAIRO_STATUS_SUCCESS)
    {
      _wb_abort_output (G_OUTPUT_STREAM (out));
      if (wc.error != NULL)
        g_propagate_prefixed_error (error, wc.error, _("Cannot write “%s”: "), path);
      else if (cancelled)
        {
          g_clear_error (&wc.error);
          g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_CANCELLED,
                       _("Writing “%s” was cancelled; nothing was written"), path);
        }
      else
        g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_WRITE,
                     _("Cannot write “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, _("Cannot write “%s”: "), path);
      return FALSE;
    }
  return TRUE;
}

gboolean
wb_print_doc_write_page_png (WbPrintDoc *doc,
                             guint       page,
                             double      dpi,
                             const char *path,
                             GError    **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w, h, s = dpi / 72.0;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);

  if (page >= doc->pages->len || !(dpi >= 10 && dpi <= 600))
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID,
                   _("Cannot write “%s”: no page %u, or a resolution not from 10 to 600 dpi"),
                   path, page + 1);
      return FALSE;
    }
  wb_print_doc_get_page_size (doc, page, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w * s), (int) ceil (h * s));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, s, s);
  wb_print_doc_draw_page (doc, page, cr);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, WB_PRINT_ERROR, WB_PRINT_ERROR_WRITE,
                   _("Cannot write “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static const char *
item_kind_name (WbPrintItemKind kind)
{
  static const char *const names[] = {
    [WB_PRINT_ITEM_MAP_TILE] = "map-tile",
    [WB_PRINT_ITEM_COUNTER_FRONT] = "counter-front",
    [WB_PRINT_ITEM_COUNTER_BACK] = "counter-back",
    [WB_PRINT_ITEM_CHIT_FRONT] = "chit-front",
    [WB_PRINT_ITEM_CHIT_BACK] = "chit-back",
    [WB_PRINT_ITEM_MARKER_FRONT] = "marker-front",
    [WB_PRINT_ITEM_MARKER_BACK] = "marker-back",
    [WB_PRINT_ITEM_CARD] = "card",
    [WB_PRINT_ITEM_TABLE] = "table",
    [WB_PRINT_ITEM_TEXT] = "text",
  };

  return kind < G_N_ELEMENTS (names) ? names[kind] : "?";
}

char *
wb_print_doc_describe (WbPrintDoc *doc)
{
  GString *s = g_string_new (NULL);
  char buf[4][G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (doc != NULL, NULL);

  g_string_append_printf (s, "paper %s %s x %s mm, margin %s mm, %u pages\n", doc->paper.name,
                          g_ascii_formatd (buf[0], sizeof buf[0], "%.2f", doc->paper.width / WB_MM),
                          g_ascii_formatd (buf[1], sizeof buf[1], "%.2f", doc->paper.height / WB_MM),
                          g_ascii_formatd (buf[2], sizeof buf[2], "%.2f", doc->paper.margin / WB_MM),
                          doc->pages->len);
  for (guint i = 0; i < doc->pages->len; i++)
    {
      Page *p = page_at (doc, i);

      g_string_append_printf (s, "page %u %s [%s] %s%s%s\n", i + 1, p->landscape ? "landscape" : "portrait",
                              p->section != NULL ? p->section : "", p->title != NULL ? p->title : "",
                              p->label != NULL ? " · " : "", p->label != NULL ? p->label : "");
      for (guint j = 0; j < p->items->len; j++)
        {
          WbPrintItem *it = &g_array_index (p->items, WbPrintItem, j);

          g_string_append_printf (s, "  %s %s %d at %s,%s size %s x %s\n", item_kind_name (it->kind), it->id,
                                  it->face,
                                  g_ascii_formatd (buf[0], sizeof buf[0], "%.2f", it->x / WB_MM),
                                  g_ascii_formatd (buf[1], sizeof buf[1], "%.2f", it->y / WB_MM),
                                  g_ascii_formatd (buf[2], sizeof buf[2], "%.2f", it->width / WB_MM),
                                  g_ascii_formatd (buf[3], sizeof buf[3], "%.2f", it->height / WB_MM));
        }
    }
  return g_string_free (s, FALSE);
}

/* --- drawing helpers -------------------------------------------------------- */

static PangoLayout *
make_layout (cairo_t     *cr,
             WbPrintFont  font,
             double       size)
{
  static const char *const families[] = {
    [WB_PRINT_FONT_BODY] = "Sans",
    [WB_PRINT_FONT_BOLD] = "Sans Bold",
    [WB_PRINT_FONT_TITLE] = "Serif Bold",
    [WB_PRINT_FONT_MONO] = "Monospace",
  };
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (families[font]);
  cairo_font_options_t *fo = cairo_font_options_create ();

  /* Outlines, not hinted to a screen's pixels: the page is the same at
   * any resolution. */
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), fo);
  cairo_font_options_destroy (fo);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

void
_wb_print_text (cairo_t     *cr,
                WbPrintFont  font,
                double       size,
                const char  *text,
                double       x,
                double       y,
                double       width,
                double       align)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle ink, logical;
  double line = size * 1.3;

  if (text == NULL || *text == '\0')
    return;
  layout = make_layout (cr, font, size);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_extents (layout, &ink, &logical);
  cairo_save (cr);
  /* The line box is fixed; the text sits centred in it. */
  cairo_move_to (cr, x + (width > 0 ? (width - logical.width / (double) PANGO_SCALE) * align
                                    : -logical.width / (double) PANGO_SCALE * align),
                 y + (line - logical.height / (double) PANGO_SCALE) / 2);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

double
_wb_print_paragraph (cairo_t     *cr,
                     WbPrintFont  font,
                     double       size,
                     const char  *text,
                     double       x,
                     double       y,
                     double       width)
{
  g_autoptr(PangoLayout) layout = NULL;
  int w, h;

  if (text == NULL || *text == '\0')
    return 0;
  layout = make_layout (cr, font, size);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_size (layout, &w, &h);
  cairo_save (cr);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  return h / (double) PANGO_SCALE;
}

void
_wb_print_crop_marks (cairo_t      *cr,
                      const double *xs,
                      guint         n_xs,
                      const double *ys,
                      guint         n_ys,
                      double        length,
                      double        gap,
                      gboolean      left_side,
                      gboolean      right_side)
{
  double top, bottom, left, right;

  if (n_xs == 0 || n_ys == 0)
    return;
  left = xs[0];
  right = xs[n_xs - 1];
  top = ys[0];
  bottom = ys[n_ys - 1];
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  for (guint i = 0; i < n_xs; i++)
    {
      cairo_move_to (cr, xs[i], top - gap);
      cairo_line_to (cr, xs[i], top - gap - length);
      cairo_move_to (cr, xs[i], bottom + gap);
      cairo_line_to (cr, xs[i], bottom + gap + length);
    }
  for (guint i = 0; i < n_ys; i++)
    {
      if (left_side)
        {
          cairo_move_to (cr, left - gap, ys[i]);
          cairo_line_to (cr, left - gap - length, ys[i]);
        }
      if (right_side)
        {
          cairo_move_to (cr, right + gap, ys[i]);
          cairo_line_to (cr, right + gap + length, ys[i]);
        }
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
_wb_print_registration (cairo_t *cr,
                        double   x,
                        double   y,
                        double   radius)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.4);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius * 0.6, 0, 2 * G_PI);
  cairo_move_to (cr, x - radius, y);
  cairo_line_to (cr, x + radius, y);
  cairo_move_to (cr, x, y - radius);
  cairo_line_to (cr, x, y + radius);
  cairo_stroke (cr);
  cairo_restore (cr);
}

double
_wb_print_heading (WbPrintDoc *doc,
                   guint       page,
                   cairo_t    *cr,
                   const char *text)
{
  double x, y, w;

  wb_print_doc_get_body (doc, page, &x, &y, &w, NULL);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  _wb_print_text (cr, WB_PRINT_FONT_TITLE, 14, text, x, y, w, 0);
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, x, y + 14 * 1.3 + 2);
  cairo_line_to (cr, x + w, y + 14 * 1.3 + 2);
  cairo_stroke (cr);
  cairo_restore (cr);
  return y + 14 * 1.3 + 8;
}
