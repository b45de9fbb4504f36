/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "wb-render-table.h"

/*
 * A table's printed chart, as on a player aid card: the table's name and
 * kind, a dark header row of column labels, row labels (roll ranges) in a
 * shaded first column, cells on alternately shaded rows (fire-table bands
 * as coloured sub-cells each with its range), then the result codes'
 * legend and the source line. A table's note is the designer's (where a
 * number was reconstructed, what the source left out): it stays in the
 * editor and is never printed, so a player aid shows what players read. Everything is laid out twice with
 * one walk (chart_walk ()): once to measure, once to draw, so the page is
 * exactly the chart's size. Text uses unhinted metrics, so the layout is
 * the same on an image, SVG, PDF or printer surface.
 */

#define MARGIN      18.0
#define PAD_X        5.0
#define PAD_Y        3.5
#define MIN_CELL_W  30.0
#define MIN_BAND_W  20.0
#define MIN_ROW_H   18.0
#define MIN_WIDTH  360.0
#define LEGEND_GAP   8.0
#define SWATCH      10.0

typedef enum {
  F_TITLE,
  F_SUBTITLE,
  F_HEADER,
  F_CELL,
  F_CODE,
  F_BODY,
  F_NOTE,
  N_FONTS
} Font;

static const struct {
  const char *desc;
  double      size;
} fonts[N_FONTS] = {
  [F_TITLE] = { "Sans Bold", 16 },
  [F_SUBTITLE] = { "Sans", 9 },
  [F_HEADER] = { "Sans Bold", 9.5 },
  [F_CELL] = { "Sans", 9.5 },
  [F_CODE] = { "Sans Bold", 9 },
  [F_BODY] = { "Sans", 8.5 },
  [F_NOTE] = { "Sans Italic", 8 },
};

typedef struct {
  double r, g, b;
} Rgb;

typedef struct {
  Rgb   fill;
  char *range;
} Band;

typedef struct {
  WbTable      *table;
  gboolean      text;
  PangoContext *pango;
  PangoLayout  *layout;
  cairo_t      *cr;        /* NULL while measuring */
  double        cell_wrap;
  double        label_w;
  double       *col_w;     /* per column */
  double       *row_h;     /* per row */
  double        header_h;
  double        table_w;
  double        width;     /* of the content, margins excluded */
  gboolean      any_unknown;  /* a cell is "?" */
} Chart;

static const struct {
  const char *name;
  Rgb         rgb;
} band_colours[] = {
  { "green", { 0.56, 0.78, 0.50 } },
  { "yellow", { 0.99, 0.88, 0.36 } },
  { "orange", { 0.98, 0.66, 0.32 } },
  { "red", { 0.88, 0.36, 0.33 } },
  { "blue", { 0.45, 0.62, 0.86 } },
  { "purple", { 0.66, 0.52, 0.80 } },
  { "brown", { 0.70, 0.52, 0.36 } },
  { "grey", { 0.70, 0.70, 0.70 } },
  { "gray", { 0.70, 0.70, 0.70 } },
  { "white", { 1.00, 1.00, 1.00 } },
  { "black", { 0.15, 0.15, 0.15 } },
};

/* A band colour: a name of band_colours or #rrggbb (any case). */
static gboolean
band_colour (const char *s,
             gssize      len,
             Rgb        *rgb)
{
  g_autofree char *name = g_ascii_strdown (s, len);

  for (guint k = 0; k < G_N_ELEMENTS (band_colours); k++)
    if (strcmp (name, band_colours[k].name) == 0)
      {
        *rgb = band_colours[k].rgb;
        return TRUE;
      }
  if (name[0] == '#' && strlen (name) == 7)
    {
      guint v = 0;

      for (int k = 1; k < 7; k++)
        {
          int d = g_ascii_xdigit_value (name[k]);

          if (d < 0)
            return FALSE;
          v = v * 16 + (guint) d;
        }
      *rgb = (Rgb) { ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0 };
      return TRUE;
    }

  return FALSE;
}

static void
band_free (gpointer data)
{
  Band *band = data;

  g_free (band->range);
  g_free (band);
}

/* "green:0-1 yellow:2-4 red:5-9" → three bands; NULL unless every word of
 * @cell is COLOUR:TEXT with a known colour name or #rrggbb. */
static GPtrArray *
parse_bands (const char *cell)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) bands = NULL;

  if (cell == NULL || strchr (cell, ':') == NULL)
    return NULL;

  words = g_strsplit_set (cell, " \t", -1);
  bands = g_ptr_array_new_with_free_func (band_free);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *colon = strchr (words[i], ':');
      Band band = { { 0, 0, 0 }, NULL };

      if (words[i][0] == '\0')
        continue;
      if (colon == NULL || colon == words[i] || colon[1] == '\0' ||
          !band_colour (words[i], colon - words[i], &band.fill))
        return NULL;
      band.range = g_strdup (colon + 1);
      g_ptr_array_add (bands, g_memdup2 (&band, sizeof band));
    }

  return bands->len > 0 ? g_steal_pointer (&bands) : NULL;
}

/* Lays @s out in @font, wrapped at @wrap points when @wrap > 0, and returns
 * its size; without text, a fixed rule by length stands in for the fonts. */
static void
measure (Chart      *ch,
         Font        font,
         const char *s,
         double      wrap,
         double     *w,
         double     *h)
{
  double size = fonts[font].size;

  if (s == NULL)
    s = "";

  if (!ch->text)
    {
      double tw = g_utf8_strlen (s, -1) * size * 0.55;
      double lines = 1;

      if (wrap > 0 && tw > wrap)
        {
          lines = ceil (tw / wrap);
          tw = wrap;
        }
      *w = tw;
      *h = lines * size * 1.25;
      return;
    }

  {
    PangoFontDescription *desc = pango_font_description_from_string (fonts[font].desc);
    PangoRectangle logical;

    pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
    pango_layout_set_font_description (ch->layout, desc);
    pango_font_description_free (desc);
    pango_layout_set_width (ch->layout, wrap > 0 ? (int) (wrap * PANGO_SCALE) : -1);
    pango_layout_set_wrap (ch->layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text (ch->layout, s, -1);
    pango_layout_get_extents (ch->layout, NULL, &logical);
    *w = logical.width / (double) PANGO_SCALE;
    *h = logical.height / (double) PANGO_SCALE;
  }
}

/* Draws @s (laid out as measure () does) in the box (@x, @y, @bw, @bh):
 * @ax 0 left, 0.5 centred; always centred vertically. Returns its height. */
static double
text (Chart      *ch,
      Font        font,
      const char *s,
      double      wrap,
      double      x,
      double      y,
      double      bw,
      double      bh,
      double      ax,
      Rgb         ink)
{
  PangoRectangle logical;
  double w, h;

  measure (ch, font, s, wrap, &w, &h);
  if (ch->cr == NULL || !ch->text)
    return h;

  pango_layout_set_alignment (ch->layout, ax > 0 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
  pango_layout_get_extents (ch->layout, NULL, &logical);
  cairo_set_source_rgb (ch->cr, ink.r, ink.g, ink.b);
  cairo_move_to (ch->cr, x + (bw - w) * ax - logical.x / (double) PANGO_SCALE,
                 y + (bh - h) / 2 - logical.y / (double) PANGO_SCALE);
  pango_cairo_show_layout (ch->cr, ch->layout);
  pango_layout_set_alignment (ch->layout, PANGO_ALIGN_LEFT);

  return h;
}

static void
box (Chart *ch,
     double x,
     double y,
     double w,
     double h,
     Rgb    fill)
{
  if (ch->cr == NULL)
    return;
  cairo_rectangle (ch->cr, x, y, w, h);
  cairo_set_source_rgb (ch->cr, fill.r, fill.g, fill.b);
  cairo_fill (ch->cr);
}

static const char *
cell_at (WbTableRow *row,
         guint       j)
{
  return j < row->cells->len ? g_ptr_array_index (row->cells, j) : "";
}

static const char *
title_of (WbTable *table)
{
  const char *name = wb_table_get_name (table);

  return name != NULL && name[0] != '\0' ? name : wb_table_get_id (table);
}

/* The header over the row labels: the dice read, or what the rows are. */
static const char *
corner_of (WbTable *table)
{
  switch (wb_table_get_kind (table))
    {
    case WB_TABLE_DICE_POOL:
      /* TRANSLATORS: the header over a dice-pool table's rows (strength points) */
      return C_("strength points", "SP");
    case WB_TABLE_CHART:
      return "";
    default:
      break;
    }
  switch (wb_table_get_read (table))
    {
    case WB_TABLE_READ_COLORED:
      return _("Colored die");
    case WB_TABLE_READ_WHITE:
      return _("White die");
    default:
      return wb_table_get_dice (table);
    }
}

static char *
subtitle (WbTable *table)
{
  static const char *kinds[] = {
    [WB_TABLE_ODDS] = N_("Odds combat results table"),
    [WB_TABLE_DIFFERENTIAL] = N_("Differential combat results table"),
    [WB_TABLE_FIRE] = N_("Fire table"),
    [WB_TABLE_DICE_POOL] = N_("Dice pool table"),
    [WB_TABLE_ROLL] = N_("Die roll table"),
    [WB_TABLE_CHART] = N_("Chart"),
  };
  WbTableKind kind = wb_table_get_kind (table);
  const char *k = (guint) kind < G_N_ELEMENTS (kinds) && kinds[kind] != NULL
                    ? _(kinds[kind]) : "";
  const char *dice = wb_table_get_dice (table);

  if (dice == NULL || dice[0] == '\0' || kind == WB_TABLE_DICE_POOL)
    return g_strdup (k);
  /* TRANSLATORS: a table's kind and its dice: "Fire table · roll d66" */
  return g_strdup_printf (_("%s · roll %s"), k, dice);
}

/* Column widths, row heights and the content width. */
static void
chart_measure_grid (Chart *ch)
{
  WbTable *table = ch->table;
  GPtrArray *columns = wb_table_get_columns (table);
  GPtrArray *rows = wb_table_get_rows (table);
  GPtrArray *codes = wb_table_get_codes (table);
  g_autofree char *sub = subtitle (table);
  double w, h;

  ch->cell_wrap = columns->len <= 2 ? 380 : 150;
  ch->col_w = g_new0 (double, MAX (columns->len, 1));
  ch->row_h = g_new0 (double, MAX (rows->len, 1));

  measure (ch, F_HEADER, corner_of (table), 0, &w, &h);
  ch->label_w = MAX (w + 2 * PAD_X, MIN_CELL_W);
  ch->header_h = MAX (h + 2 * PAD_Y, MIN_ROW_H + 2);

  for (guint j = 0; j < columns->len; j++)
    {
      WbTableColumn *col = g_ptr_array_index (columns, j);

      measure (ch, F_HEADER, col->label, ch->cell_wrap, &w, &h);
      ch->col_w[j] = MAX (w + 2 * PAD_X, MIN_CELL_W);
      ch->header_h = MAX (ch->header_h, h + 2 * PAD_Y);
    }

  for (guint i = 0; i < rows->len; i++)
    {
      WbTableRow *row = g_ptr_array_index (rows, i);

      measure (ch, F_HEADER, row->label, 0, &w, &h);
      ch->label_w = MAX (ch->label_w, w + 2 * PAD_X);
      ch->row_h[i] = MAX (MIN_ROW_H, h + 2 * PAD_Y);
      for (guint j = 0; j < columns->len; j++)
        {
          g_autoptr(GPtrArray) bands = parse_bands (cell_at (row, j));
          double cw = 0;

          if (bands != NULL)
            {
              for (guint b = 0; b < bands->len; b++)
                {
                  Band *band = g_ptr_array_index (bands, b);

                  measure (ch, F_CELL, band->range, 0, &w, &h);
                  cw += MAX (w + 2 * PAD_X, MIN_BAND_W);
                  ch->row_h[i] = MAX (ch->row_h[i], h + 2 * PAD_Y);
                }
            }
          else
            {
              measure (ch, F_CELL, cell_at (row, j), ch->cell_wrap, &w, &h);
              cw = w + 2 * PAD_X;
              ch->row_h[i] = MAX (ch->row_h[i], h + 2 * PAD_Y);
            }
          ch->col_w[j] = MAX (ch->col_w[j], cw);
        }
    }

  ch->table_w = ch->label_w;
  for (guint j = 0; j < columns->len; j++)
    ch->table_w += ch->col_w[j];

  ch->width = MAX (ch->table_w, MIN_WIDTH);
  measure (ch, F_TITLE, title_of (table), 0, &w, &h);
  ch->width = MAX (ch->width, w);
  measure (ch, F_SUBTITLE, sub, 0, &w, &h);
  ch->width = MAX (ch->width, w);
  (void) codes;
}

/* The widest result code, for the legend's first column. */
static double
code_column (Chart *ch)
{
  GPtrArray *codes = wb_table_get_codes (ch->table);
  double cw = 0, w, h;

  for (guint i = 0; i < codes->len; i++)
    {
      WbResultCode *code = g_ptr_array_index (codes, i);

      Rgb rgb;

      measure (ch, F_CODE, code->code, 0, &w, &h);
      if (code->code != NULL && band_colour (code->code, -1, &rgb))
        w += SWATCH + 4;
      cw = MAX (cw, w);
    }

  return MIN (cw + 10, ch->width / 3);
}

static const Rgb INK = { 0.08, 0.08, 0.08 };
static const Rgb GREY_INK = { 0.35, 0.35, 0.35 };
static const Rgb WHITE = { 1, 1, 1 };
static const Rgb HEADER_FILL = { 0.22, 0.25, 0.30 };
static const Rgb LABEL_FILL = { 0.86, 0.87, 0.89 };
static const Rgb STRIPE_FILL = { 0.945, 0.945, 0.95 };
static const Rgb UNKNOWN_FILL = { 0.90, 0.88, 0.84 };

/* Walks the chart from the top, drawing when ch->cr is set; returns the
 * height of the content (margins excluded). */
/* One line of the rules under the table, wrapped to the chart's width. */
static double
rule_line (Chart *ch, double y, const char *line)
{
  double w, h;

  measure (ch, F_BODY, line, ch->width, &w, &h);
  text (ch, F_BODY, line, ch->width, 0, y, ch->width, h, 0, INK);
  return y + h + 2;
}

/* A modifier's group or tag as a reader says it: the file has no name for
 * them, so "first_round" prints as "First round". */
static char *
humanise (const char *id)
{
  char *s = g_strdup (id);

  for (char *p = s; *p != '\0'; p++)
    if (*p == '_' || *p == '-')
      *p = ' ';
  if (g_ascii_islower (s[0]))
    s[0] = g_ascii_toupper (s[0]);
  return s;
}

static const char *
end_text (WbTableEnd end)
{
  return end == WB_TABLE_END_REFUSE ? _("not allowed (no effect)") : _("use the end column");
}

/* Under the table: what unknown cells mean, the pool's hit rule, the ends,
 * and the column shifts and other modifiers with their conditions. */
static double
chart_walk_rules (Chart *ch, double y)
{
  WbTable *table = ch->table;
  WbTableKind kind = wb_table_get_kind (table);
  GPtrArray *mods = wb_table_get_modifiers (table);
  const WbTableEnds *ends = wb_table_get_ends (table);
  const WbTablePool *pool = wb_table_get_pool (table);
  double w, h;

  if (ch->any_unknown)
    {
      y += 6;
      y = rule_line (ch, y, _("? — not given in the rulebook (only on the original player aid): "
                              "the players give the result when it comes up."));
    }
  if (kind == WB_TABLE_DICE_POOL && pool->sides > 0)
    {
      g_autofree char *line = NULL;

      if (pool->per_column)
        line = g_strdup_printf (pool->at_least
                                  ? _("Each die (d%d) hits on a roll of at least the column's number.")
                                  : _("Each die (d%d) hits on a roll of at most the column's number."),
                                pool->sides);
      else
        line = g_strdup_printf (pool->at_least ? _("Each die (d%d) hits on a roll of %d or more.")
                                               : _("Each die (d%d) hits on a roll of %d or less."),
                                pool->sides, pool->value);
      y += 6;
      y = rule_line (ch, y, line);
    }
  if ((kind == WB_TABLE_ODDS || kind == WB_TABLE_DIFFERENTIAL || kind == WB_TABLE_FIRE) &&
      (ends->left != WB_TABLE_END_CLAMP || ends->right != WB_TABLE_END_CLAMP ||
       ends->defensive_left != ends->left || ends->defensive_right != ends->right))
    {
      g_autofree char *line = g_strdup_printf (_("Beyond the first column: %s. Beyond the last "
                                                 "column: %s."),
                                               end_text (ends->left), end_text (ends->right));
      y += 6;
      y = rule_line (ch, y, line);
      if (ends->defensive_left != ends->left || ends->defensive_right != ends->right)
        {
          g_autofree char *d = g_strdup_printf (_("Defensive fire beyond the first column: %s; "
                                                  "beyond the last: %s."),
                                                end_text (ends->defensive_left),
                                                end_text (ends->defensive_right));
          y = rule_line (ch, y, d);
        }
    }
  if (mods->len == 0)
    return y;

  y += 10;
  measure (ch, F_HEADER, kind == WB_TABLE_DICE_POOL || kind == WB_TABLE_ROLL
                           ? _("Modifiers") : _("Column shifts"), 0, &w, &h);
  text (ch, F_HEADER, kind == WB_TABLE_DICE_POOL || kind == WB_TABLE_ROLL
                        ? _("Modifiers") : _("Column shifts"), 0, 0, y, ch->width, h, 0, INK);
  y += h + 3;
  for (guint i = 0; i < mods->len; i++)
    {
      const WbTableModifier *m = g_ptr_array_index (mods, i);
      g_autoptr(GString) line = g_string_new (NULL);

      if (m->applies != NULL && (i == 0 || g_strcmp0 (((WbTableModifier *) mods->pdata[i - 1])->applies,
                                                      m->applies) != 0))
        {
          g_autofree char *tag = humanise (m->applies);

          y += 2;
          measure (ch, F_CODE, tag, 0, &w, &h);
          text (ch, F_CODE, tag, 0, 0, y, ch->width, h, 0, GREY_INK);
          y += h + 1;
        }
      if (m->columns < 0)
        g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "Shift %d column left",
                                                   "Shift %d columns left", -m->columns), -m->columns);
      else if (m->columns > 0)
        g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "Shift %d column right",
                                                   "Shift %d columns right", m->columns), m->columns);
      if (m->dice != 0)
        /* TRANSLATORS: dice added to or taken from a pool: "+2 dice" */
        g_string_append_printf (line, _("%s%+d dice"), line->len ? ", " : "", m->dice);
      if (m->target != 0)
        g_string_append_printf (line, _("%shit number %+d"), line->len ? ", " : "", m->target);
      if (m->roll != 0)
        g_string_append_printf (line, _("%sroll %+d"), line->len ? ", " : "", m->roll);
      g_string_append (line, " — ");
      g_string_append (line, m->text != NULL ? m->text : m->id);
      if (m->group != NULL)
        {
          g_autofree char *group = humanise (m->group);

          /* TRANSLATORS: a modifier that is one of an exclusive group: "(only one of the
           * “Crossing” modifiers applies)" */
          g_string_append_printf (line, _(" (only one of the “%s” modifiers applies)"), group);
        }
      y = rule_line (ch, y, line->str);
    }
  return y;
}

static double
chart_walk (Chart *ch)
{
  WbTable *table = ch->table;
  GPtrArray *columns = wb_table_get_columns (table);
  GPtrArray *rows = wb_table_get_rows (table);
  GPtrArray *codes = wb_table_get_codes (table);
  g_autofree char *sub = subtitle (table);
  const char *source = wb_table_get_source (table);
  double y = 0, x, w, h;

  measure (ch, F_TITLE, title_of (table), 0, &w, &h);
  text (ch, F_TITLE, title_of (table), 0, 0, y, ch->width, h, 0, INK);
  y += h + 1;
  measure (ch, F_SUBTITLE, sub, 0, &w, &h);
  text (ch, F_SUBTITLE, sub, 0, 0, y, ch->width, h, 0, GREY_INK);
  y += h + 8;

  /* Header row. */
  {
    double top = y;

    box (ch, 0, y, ch->table_w, ch->header_h, HEADER_FILL);
    text (ch, F_HEADER, corner_of (table), 0, 0, y, ch->label_w, ch->header_h, 0.5, WHITE);
    x = ch->label_w;
    for (guint j = 0; j < columns->len; j++)
      {
        WbTableColumn *col = g_ptr_array_index (columns, j);

        text (ch, F_HEADER, col->label, ch->cell_wrap, x, y, ch->col_w[j], ch->header_h, 0.5,
              WHITE);
        x += ch->col_w[j];
      }
    y += ch->header_h;

    for (guint i = 0; i < rows->len; i++)
      {
        WbTableRow *row = g_ptr_array_index (rows, i);
        double rh = ch->row_h[i];

        if (i % 2 == 1)
          box (ch, ch->label_w, y, ch->table_w - ch->label_w, rh, STRIPE_FILL);
        box (ch, 0, y, ch->label_w, rh, LABEL_FILL);
        text (ch, F_HEADER, row->label, 0, 0, y, ch->label_w, rh, 0.5, INK);
        x = ch->label_w;
        for (guint j = 0; j < columns->len; j++)
          {
            const char *cell = cell_at (row, j);
            g_autoptr(GPtrArray) bands = parse_bands (cell);

            if (bands != NULL)
              {
                /* Sub-cells share the cell's width in proportion to theirs. */
                double total = 0, bx = x;
                g_autofree double *bw = g_new (double, bands->len);

                for (guint b = 0; b < bands->len; b++)
                  {
                    Band *band = g_ptr_array_index (bands, b);

                    measure (ch, F_CELL, band->range, 0, &w, &h);
                    bw[b] = MAX (w + 2 * PAD_X, MIN_BAND_W);
                    total += bw[b];
                  }
                for (guint b = 0; b < bands->len; b++)
                  {
                    Band *band = g_ptr_array_index (bands, b);
                    double sw = bw[b] * ch->col_w[j] / total;
                    double lum = 0.3 * band->fill.r + 0.59 * band->fill.g + 0.11 * band->fill.b;

                    box (ch, bx + 1.5, y + 1.5, sw - 3, rh - 3, band->fill);
                    text (ch, F_CELL, band->range, 0, bx, y, sw, rh, 0.5,
                          lum < 0.45 ? WHITE : INK);
                    bx += sw;
                  }
              }
            else if (wb_table_cell_is_unknown (cell))
              {
                box (ch, x + 1.5, y + 1.5, ch->col_w[j] - 3, rh - 3, UNKNOWN_FILL);
                text (ch, F_CELL, cell, 0, x, y, ch->col_w[j], rh, 0.5, GREY_INK);
                ch->any_unknown = TRUE;
              }
            else
              {
                measure (ch, F_CELL, cell, ch->cell_wrap, &w, &h);
                /* Sentences read better flush left; codes centred. */
                text (ch, F_CELL, cell, ch->cell_wrap, x + PAD_X, y, ch->col_w[j] - 2 * PAD_X,
                      rh, strchr (cell, ' ') != NULL && w > 80 ? 0 : 0.5, INK);
              }
            x += ch->col_w[j];
          }
        y += rh;
      }

    /* Rules: thin between cells, a firm frame and header rule. */
    if (ch->cr != NULL)
      {
        cairo_t *cr = ch->cr;

        cairo_set_source_rgb (cr, 0.62, 0.63, 0.66);
        cairo_set_line_width (cr, 0.5);
        x = ch->label_w;
        for (guint j = 0; j + 1 < columns->len; j++)
          {
            x += ch->col_w[j];
            cairo_move_to (cr, x, top + ch->header_h);
            cairo_line_to (cr, x, y);
          }
        h = top + ch->header_h;
        for (guint i = 0; i + 1 < rows->len; i++)
          {
            h += ch->row_h[i];
            cairo_move_to (cr, 0, h);
            cairo_line_to (cr, ch->table_w, h);
          }
        cairo_stroke (cr);

        cairo_set_source_rgb (cr, INK.r, INK.g, INK.b);
        cairo_set_line_width (cr, 1.0);
        cairo_move_to (cr, ch->label_w, top);
        cairo_line_to (cr, ch->label_w, y);
        cairo_stroke (cr);
        cairo_set_line_width (cr, 1.4);
        cairo_rectangle (cr, 0, top, ch->table_w, y - top);
        cairo_stroke (cr);
      }
  }

  /* Legend of the result codes. */
  if (codes->len > 0)
    {
      double cw = code_column (ch);

      y += 10;
      measure (ch, F_HEADER, _("Results"), 0, &w, &h);
      text (ch, F_HEADER, _("Results"), 0, 0, y, ch->width, h, 0, INK);
      y += h + 3;
      for (guint i = 0; i < codes->len; i++)
        {
          WbResultCode *code = g_ptr_array_index (codes, i);
          g_autofree char *body = NULL;
          double ch_h;

          if (code->name != NULL && code->name[0] != '\0' && code->text != NULL
              && code->text[0] != '\0')
            /* TRANSLATORS: a result code's legend: its name, then what it does */
            body = g_strdup_printf (_("%s — %s"), code->name, code->text);
          else
            body = g_strdup (code->name != NULL && code->name[0] != '\0' ? code->name
                                                                         : code->text);
          measure (ch, F_BODY, body, ch->width - cw, &w, &h);
          Rgb rgb;
          double sx = 0;

          measure (ch, F_CODE, code->code, 0, &w, &ch_h);
          /* A code that names a band colour shows it. */
          if (code->code != NULL && band_colour (code->code, -1, &rgb))
            {
              box (ch, 0, y + (ch_h - SWATCH) / 2, SWATCH, SWATCH, rgb);
              sx = SWATCH + 4;
            }
          text (ch, F_CODE, code->code, 0, sx, y, cw - sx, ch_h, 0, INK);
          h = text (ch, F_BODY, body, ch->width - cw, cw, y, ch->width - cw, MAX (h, ch_h), 0, INK);
          y += MAX (h, ch_h) + 2;
        }
    }

  y = chart_walk_rules (ch, y);

  if (source != NULL && source[0] != '\0')
    {
      y += LEGEND_GAP;
      if (ch->cr != NULL)
        {
          cairo_set_source_rgb (ch->cr, 0.62, 0.63, 0.66);
          cairo_set_line_width (ch->cr, 0.5);
          cairo_move_to (ch->cr, 0, y - LEGEND_GAP / 2);
          cairo_line_to (ch->cr, ch->width, y - LEGEND_GAP / 2);
          cairo_stroke (ch->cr);
        }
    }
  if (source != NULL && source[0] != '\0')
    {
      /* TRANSLATORS: where a printed table comes from */
      g_autofree char *s = g_strdup_printf (_("Source: %s"), source);

      measure (ch, F_NOTE, s, ch->width, &w, &h);
      text (ch, F_NOTE, s, ch->width, 0, y, ch->width, h, 0, GREY_INK);
      y += h + 3;
    }

  return y;
}

static void
chart_init (Chart             *ch,
            WbTable           *table,
            WbTableChartFlags  flags)
{
  cairo_font_options_t *fo;

  memset (ch, 0, sizeof *ch);
  ch->table = table;
  ch->text = !(flags & WB_TABLE_CHART_NO_TEXT);
  ch->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (ch->pango, fo);
  cairo_font_options_destroy (fo);
  pango_context_set_round_glyph_positions (ch->pango, FALSE);
  ch->layout = pango_layout_new (ch->pango);
  chart_measure_grid (ch);
}

static void
chart_clear (Chart *ch)
{
  g_clear_object (&ch->layout);
  g_clear_object (&ch->pango);
  g_clear_pointer (&ch->col_w, g_free);
  g_clear_pointer (&ch->row_h, g_free);
}

/**
 * wb_render_table_get_size:
 * @table: a table
 * @flags: as for wb_render_table ()
 * @width: (out): the chart's width in points
 * @height: (out): its height
 */
void
wb_render_table_get_size (WbTable           *table,
                          WbTableChartFlags  flags,
                          double            *width,
                          double            *height)
{
  Chart ch;
  double h;

  g_return_if_fail (WB_IS_TABLE (table));

  chart_init (&ch, table, flags);
  h = chart_walk (&ch);
  if (width != NULL)
    *width = ceil (ch.width + 2 * MARGIN);
  if (height != NULL)
    *height = ceil (h + 2 * MARGIN);
  chart_clear (&ch);
}

/**
 * wb_render_table:
 * @table: a table
 * @cr: where to draw, in points
 * @flags: %WB_TABLE_CHART_NO_TEXT to leave the text out
 *
 * Draws @table's chart (white page included) at the origin.
 */
void
wb_render_table (WbTable           *table,
                 cairo_t           *cr,
                 WbTableChartFlags  flags)
{
  Chart ch;
  double w, h;

  g_return_if_fail (WB_IS_TABLE (table));
  g_return_if_fail (cr != NULL);

  wb_render_table_get_size (table, flags, &w, &h);
  chart_init (&ch, table, flags);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  cairo_translate (cr, MARGIN, MARGIN);
  ch.cr = cr;
  chart_walk (&ch);
  cairo_restore (cr);
  chart_clear (&ch);
}

typedef struct {
  GOutputStream *stream;
  GError        *error;
} WriteClosure;

static cairo_status_t
write_to_stream (void                *user_data,
                 const unsigned char *data,
                 unsigned int         length)
{
  WriteClosure *wc = user_data;

  /* No stream yet: a PDF or SVG surface destroyed because the file could
   * not be opened flushes its header here. */
  if (wc->error != NULL || wc->stream == NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (wc->stream, data, length, NULL, NULL, &wc->error))
    return CAIRO_STATUS_WRITE_ERROR;

  return CAIRO_STATUS_SUCCESS;
}

/* Closing with a cancelled cancellable leaves an existing target alone. */
static void
abort_output (GOutputStream *out)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_output_stream_close (out, cancellable, NULL);
}

#define MAX_IMAGE_SIDE 32767

/**
 * wb_render_table_to_file:
 * @game: (nullable): the game the table belongs to
 * @table: the table
 * @path: the file to write (replaced atomically)
 * @format: PNG, SVG or PDF
 * @scale: pixels per point for PNG, a zoom for SVG and PDF (<= 0: 1)
 * @error: return location for a #GError
 *
 * Returns: %TRUE on success; on failure a %G_IO_ERROR naming @path.
 */
gboolean
wb_render_table_to_file (WbGame          *game,
                         WbTable         *table,
                         const char      *path,
                         WbExportFormat   format,
                         double           scale,
                         GError         **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  WriteClosure wc = { NULL, NULL };
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double w, h, page_w, page_h;

  g_return_val_if_fail (game == NULL || WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(scale > 0) || !isfinite (scale))
    scale = 1.0;
  wb_render_table_get_size (table, WB_TABLE_CHART_DEFAULT, &w, &h);
  page_w = w * scale;
  page_h = h * scale;

  if (format == WB_EXPORT_PNG && (ceil (page_w) > MAX_IMAGE_SIDE || ceil (page_h) > MAX_IMAGE_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export “%s”: the image would be %.0f × %.0f pixels, more than "
                     "the largest possible (%d × %d); lower the scale"),
                   path, ceil (page_w), ceil (page_h), MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
      return FALSE;
    }

  switch (format)
    {
    case WB_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (page_w),
                                            (int) ceil (page_h));
      break;
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_stream, &wc, page_w, page_h);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                          title_of (table));
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Warbench");
        }
      break;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Cannot export “%s”: unknown format"), path);
      return FALSE;
    }

  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    {
      cairo_surface_destroy (surface);
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  wc.stream = G_OUTPUT_STREAM (out);

  cr = cairo_create (surface);
  /* White to the last pixel, which a fractional scale only partly covers. */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  wb_render_table (table, cr, WB_TABLE_CHART_DEFAULT);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == WB_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_to_stream, &wc);
  else if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (wc.error != NULL || status != CAIRO_STATUS_SUCCESS)
    abort_output (G_OUTPUT_STREAM (out));
  if (wc.error != NULL)
    {
      g_propagate_prefixed_error (error, wc.error, _("Cannot export “%s”: "), path);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Cannot export “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, _("Cannot export “%s”: "), path);
      return FALSE;
    }

  return TRUE;
}
