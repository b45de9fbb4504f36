/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-balance-plot"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>

#include "rules/wb-balance-plot.h"
#include "wb-render-private.h"

/*
 * The plots read the runs through wb-balance.h's public records and
 * compute what they show themselves (the quartiles as the summary does,
 * linear between neighbours), so a GtkDrawingArea can draw a run that is
 * still growing. Every length is a multiple of one unit that follows the
 * rectangle's size, so a small pane and a printed page look alike.
 */

#define PNG_PX_PER_POINT 2.0
#define MAX_SIDE_POINTS  8000.0
#define RUNS 2

/* Sides without a colour, or with one too close to an earlier side's. */
static const Rgb PALETTE[] = {
  { 0.306, 0.475, 0.655 },   /* blue */
  { 0.882, 0.341, 0.349 },   /* red */
  { 0.349, 0.631, 0.310 },   /* green */
  { 0.949, 0.557, 0.169 },   /* orange */
  { 0.690, 0.478, 0.631 },   /* purple */
  { 0.463, 0.718, 0.698 },   /* teal */
  { 0.612, 0.459, 0.373 },   /* brown */
  { 0.929, 0.788, 0.282 },   /* yellow */
};
static const Rgb DRAW_FILL = { 0.87, 0.83, 0.71 };
static const Rgb GRID = { 0.86, 0.86, 0.84 };
static const Rgb MUTED = { 0.42, 0.41, 0.39 };

typedef struct {
  cairo_t     *cr;
  PangoLayout *layout;
  double       u;                   /* the text size; margins are multiples of it */
  WbBalance   *run[RUNS];
  const char  *label[RUNS];
  char        *own_label[RUNS];
  guint        n_runs;
  guint        n_sides;
  Rgb          side[WB_MATCH_MAX_SIDES];
  gboolean     sides_differ;        /* B has other sides: not overlaid */
} Plot;

/* --- text --------------------------------------------------------------------- */

static void
text_set (Plot       *p,
          const char *s,
          double      size,
          gboolean    bold)
{
  PangoFontDescription *desc = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (p->layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (p->layout, s, -1);
}

/* Draws @s with its anchor (@ax, @ay: 0 left/top, 0.5 centre, 1
 * right/bottom) at @x, @y; returns its width. */
static double
text (Plot       *p,
      const char *s,
      double      size,
      gboolean    bold,
      double      x,
      double      y,
      double      ax,
      double      ay,
      Rgb         ink)
{
  PangoRectangle logical;
  double w, h;

  text_set (p, s, size, bold);
  pango_layout_get_extents (p->layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;
  set_rgb (p->cr, ink);
  cairo_move_to (p->cr, x - w * ax - logical.x / (double) PANGO_SCALE, y - h * ay - logical.y / (double) PANGO_SCALE);
  pango_cairo_show_layout (p->cr, p->layout);
  cairo_new_path (p->cr);
  return w;
}

/* --- numbers ------------------------------------------------------------------ */

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* As wb-balance.c's summary: linear between neighbours of sorted @v. */
static double
quantile (const double *v,
          guint         n,
          double        q)
{
  double pos, frac;
  guint i;

  if (n == 0)
    return 0;
  pos = q * (n - 1);
  i = (guint) floor (pos);
  frac = pos - i;
  return i + 1 < n ? v[i] * (1 - frac) + v[i + 1] * frac : v[n - 1];
}

/* A tick step of 1, 2 or 5 times a power of ten giving at most about
 * @max_ticks intervals over @range (at least @min_step). */
static double
nice_step (double range,
           int    max_ticks,
           double min_step)
{
  double raw, mag, f, step;

  if (!(range > 0) || !isfinite (range))
    return MAX (min_step, 1);
  raw = range / MAX (max_ticks, 1);
  mag = pow (10, floor (log10 (raw)));
  f = raw / mag;
  step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
  return MAX (step, min_step);
}

static guint
run_games (Plot *p,
           guint r)
{
  return wb_balance_get_n_games (p->run[r]);
}

/* --- frames and axes -------------------------------------------------------------- */

typedef struct {
  double x, y, w, h;            /* the data area */
  double xmin, xmax, ymin, ymax;
} Frame;

static double
fx (const Frame *f,
    double       v)
{
  return f->x + (v - f->xmin) / (f->xmax - f->xmin) * f->w;
}

static double
fy (const Frame *f,
    double       v)
{
  return f->y + f->h - (v - f->ymin) / (f->ymax - f->ymin) * f->h;
}

/* Horizontal grid lines and their labels left of the area; @percent
 * labels values 0–1 as 0–100 %. */
static void
y_axis (Plot        *p,
        const Frame *f,
        double       step,
        gboolean     percent,
        const char  *label)
{
  cairo_t *cr = p->cr;
  double first = ceil (f->ymin / step - 1e-9) * step;

  cairo_set_line_width (cr, MAX (p->u * 0.06, 0.4));
  for (double v = first; v <= f->ymax + step * 1e-6; v += step)
    {
      char buf[32];
      double y = fy (f, v);

      if (fabs (v) < step * 1e-6)
        v = 0;
      set_rgb (cr, fabs (v) < step * 1e-6 ? MUTED : GRID);
      cairo_move_to (cr, f->x, y);
      cairo_line_to (cr, f->x + f->w, y);
      cairo_stroke (cr);
      if (percent)
        g_snprintf (buf, sizeof buf, "%g %%", round (v * 1000) / 10);
      else
        g_snprintf (buf, sizeof buf, "%g", round (v * 1000) / 1000);
      text (p, buf, p->u * 0.85, FALSE, f->x - p->u * 0.4, y, 1, 0.5, MUTED);
    }
  if (label != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, f->x - p->u * 4.3, f->y + f->h / 2);
      cairo_rotate (cr, -G_PI / 2);
      text (p, label, p->u * 0.9, FALSE, 0, 0, 0.5, 0.5, MUTED);
      cairo_restore (cr);
    }
}

/* Tick marks and labels under the area at whole multiples of @step. */
static void
x_axis (Plot        *p,
        const Frame *f,
        double       step,
        const char  *label)
{
  cairo_t *cr = p->cr;
  double first = ceil (f->xmin / step - 1e-9) * step;

  set_rgb (cr, MUTED);
  cairo_set_line_width (cr, MAX (p->u * 0.08, 0.5));
  cairo_move_to (cr, f->x, f->y + f->h);
  cairo_line_to (cr, f->x + f->w, f->y + f->h);
  cairo_stroke (cr);
  for (double v = first; v <= f->xmax + step * 1e-6; v += step)
    {
      char buf[32];
      double x = fx (f, v);

      g_snprintf (buf, sizeof buf, "%g", round (v * 1000) / 1000);
      set_rgb (cr, MUTED);
      cairo_move_to (cr, x, f->y + f->h);
      cairo_line_to (cr, x, f->y + f->h + p->u * 0.3);
      cairo_stroke (cr);
      text (p, buf, p->u * 0.85, FALSE, x, f->y + f->h + p->u * 0.4, 0.5, 0, MUTED);
    }
  if (label != NULL)
    text (p, label, p->u * 0.9, FALSE, f->x + f->w / 2, f->y + f->h + p->u * 1.7, 0.5, 0, MUTED);
}

static void
no_games (Plot  *p,
          double x,
          double y,
          double w,
          double h)
{
  text (p, _("No games played"), p->u * 1.2, TRUE, x + w / 2, y + h / 2, 0.5, 0.5, MUTED);
}

/* The panel's title, smaller when it would be wider than @w; returns the
 * height it took. */
static double
title (Plot       *p,
       const char *s,
       double      x,
       double      y,
       double      w)
{
  PangoRectangle logical;
  double size = p->u * 1.1, tw;

  text_set (p, s, size, TRUE);
  pango_layout_get_extents (p->layout, NULL, &logical);
  tw = logical.width / (double) PANGO_SCALE;
  if (tw > w && tw > 0)
    size = MAX (size * w / tw, p->u * 0.6);
  text (p, s, size, TRUE, x, y, 0, 0, INK);
  return p->u * 1.8;
}

/* --- swatches and the legend -------------------------------------------------- */

static void
hatch (Plot  *p,
       double x,
       double y,
       double w,
       double h,
       Rgb    ink)
{
  cairo_t *cr = p->cr;
  double gap = p->u * 0.45;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  set_rgb (cr, ink);
  cairo_set_line_width (cr, MAX (p->u * 0.1, 0.5));
  for (double t = -h; t < w; t += gap)
    {
      cairo_move_to (cr, x + t, y + h);
      cairo_line_to (cr, x + t + h, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A bar of run @r: A solid, B paler and hatched, both outlined. */
static void
bar (Plot  *p,
     guint  r,
     double x,
     double y,
     double w,
     double h,
     Rgb    c)
{
  cairo_t *cr = p->cr;

  if (w <= 0 || h <= 0)
    return;
  set_rgb (cr, r == 0 ? c : rgb_mix (c, WHITE, 0.55));
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  if (r == 1)
    hatch (p, x, y, w, h, rgb_shade (c, 0.8));
  set_rgb (cr, rgb_shade (c, 0.6));
  cairo_set_line_width (cr, MAX (p->u * 0.08, 0.5));
  cairo_rectangle (cr, x, y, w, h);
  cairo_stroke (cr);
}

typedef enum {
  SWATCH_BAR,
  SWATCH_FILL,
  SWATCH_LINE,
} Swatch;

/* "A: label   B: label" at @x, @y, each with a swatch of how the run is
 * drawn; returns the height taken (0 for one run). */
static double
legend_runs (Plot  *p,
             double x,
             double y,
             Swatch how)
{
  cairo_t *cr = p->cr;
  double s = p->u * 0.9;

  if (p->n_runs < 2)
    return 0;
  for (guint r = 0; r < p->n_runs; r++)
    {
      g_autofree char *s_label = g_strdup_printf (r == 0 ? _("A: %s") : _("B: %s"), p->label[r]);
      Rgb c = rgb (0.45, 0.45, 0.45);

      switch (how)
        {
        case SWATCH_BAR:
          bar (p, r, x, y, s * 1.4, s, c);
          break;
        case SWATCH_FILL:
          set_rgba (cr, c, r == 0 ? 0.6 : 0.3);
          cairo_rectangle (cr, x, y, s * 1.4, s);
          cairo_fill (cr);
          if (r == 1)
            {
              static const double dash[] = { 3, 2 };

              set_rgb (cr, INK);
              cairo_set_line_width (cr, MAX (p->u * 0.12, 0.6));
              cairo_set_dash (cr, dash, 2, 0);
              cairo_rectangle (cr, x, y, s * 1.4, s);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
          break;
        case SWATCH_LINE:
          {
            double d[] = { p->u * 0.5, p->u * 0.3 };

            set_rgb (cr, INK);
            cairo_set_line_width (cr, MAX (p->u * 0.2, 1));
            if (r == 1)
              cairo_set_dash (cr, d, 2, 0);
            cairo_move_to (cr, x, y + s / 2);
            cairo_line_to (cr, x + s * 2, y + s / 2);
            cairo_stroke (cr);
            cairo_set_dash (cr, NULL, 0, 0);
            x += s * 0.6;
          }
          break;
        }
      x += s * 1.4 + p->u * 0.4;
      x += text (p, s_label, p->u * 0.9, FALSE, x, y + s / 2, 0, 0.5, INK) + p->u * 1.2;
    }
  return p->u * 1.4;
}

/* --- win rates ---------------------------------------------------------------------- */

static void
draw_wins (Plot  *p,
           double x,
           double y,
           double w,
           double h)
{
  cairo_t *cr = p->cr;
  guint wins[RUNS][WB_MATCH_MAX_SIDES + 2] = { { 0 } };
  guint n_cat = p->n_sides + 1, unfinished = 0;
  Frame f;
  double gw, bw;

  /* xgettext:no-c-format */
  y += title (p, _("Wins, with 95 % confidence intervals"), x, y, w);
  h -= p->u * 1.8;
  y += legend_runs (p, x, y, SWATCH_BAR);
  h -= p->n_runs > 1 ? p->u * 1.4 : 0;
  if (run_games (p, 0) == 0)
    {
      no_games (p, x, y, w, h);
      return;
    }

  /* Per category: the sides, draws, then games stopped unfinished. */
  for (guint r = 0; r < p->n_runs; r++)
    for (guint i = 0; i < run_games (p, r); i++)
      {
        const WbBalanceGame *g = wb_balance_get_game (p->run[r], i);

        if (g->winner >= 0 && (guint) g->winner < p->n_sides)
          wins[r][g->winner]++;
        else if (g->winner == -1)
          wins[r][p->n_sides]++;
        else
          wins[r][p->n_sides + 1]++, unfinished++;
      }
  if (unfinished > 0)
    n_cat++;

  f.x = x + p->u * 5.2;
  f.y = y + p->u * 0.6;
  f.w = w - p->u * 5.2 - p->u * 0.5;
  f.h = h - p->u * (p->n_runs > 1 ? 3.4 : 2.4) - p->u * 0.6;
  f.xmin = 0;
  f.xmax = n_cat;
  f.ymin = 0;
  f.ymax = 1;
  if (f.w < p->u * 2 || f.h < p->u * 2)
    return;
  y_axis (p, &f, 0.2, TRUE, _("Share of the games"));

  gw = f.w / n_cat;
  bw = gw * 0.62 / p->n_runs;
  for (guint c = 0; c < n_cat; c++)
    {
      const char *name = c < p->n_sides ? wb_balance_get_side (p->run[0], c)
                         : c == p->n_sides ? _("Draws") : _("Unfinished");
      Rgb colour = c < p->n_sides ? p->side[c] : c == p->n_sides ? DRAW_FILL : rgb (0.8, 0.8, 0.8);
      double gx = f.x + gw * c + gw * 0.19;
      double lx = f.x + gw * (c + 0.5);

      for (guint r = 0; r < p->n_runs; r++)
        {
          guint n = run_games (p, r), k = wins[r][c];
          double rate = n > 0 ? (double) k / n : 0, lo, hi, bx = gx + bw * r;
          char pct[32];

          if (n == 0)
            continue;
          bar (p, r, bx, fy (&f, rate), bw, fy (&f, 0) - fy (&f, rate), colour);
          /* Unfinished games are not an outcome with an interval to judge. */
          if (c <= p->n_sides)
            {
              double cap = MIN (bw * 0.25, p->u * 0.5), cx = bx + bw / 2;

              wb_balance_wilson (k, n, &lo, &hi);
              set_rgb (cr, INK);
              cairo_set_line_width (cr, MAX (p->u * 0.12, 0.6));
              cairo_move_to (cr, cx, fy (&f, lo));
              cairo_line_to (cr, cx, fy (&f, hi));
              cairo_move_to (cr, cx - cap, fy (&f, lo));
              cairo_line_to (cr, cx + cap, fy (&f, lo));
              cairo_move_to (cr, cx - cap, fy (&f, hi));
              cairo_line_to (cr, cx + cap, fy (&f, hi));
              cairo_stroke (cr);
            }
          else
            hi = rate;
          g_snprintf (pct, sizeof pct, "%.0f %%", rate * 100);
          text (p, pct, p->u * (p->n_runs > 1 ? 0.75 : 0.85), FALSE, bx + bw / 2,
                fy (&f, hi) - p->u * 0.2, 0.5, 1, INK);
          if (p->n_runs > 1)
            text (p, r == 0 ? "A" : "B", p->u * 0.75, FALSE, bx + bw / 2, f.y + f.h + p->u * 0.25, 0.5, 0, MUTED);
        }
      text (p, name, p->u * 0.9, FALSE, lx, f.y + f.h + p->u * (p->n_runs > 1 ? 1.3 : 0.4), 0.5, 0, INK);
    }
  set_rgb (cr, MUTED);
  cairo_set_line_width (cr, MAX (p->u * 0.08, 0.5));
  cairo_move_to (cr, f.x, f.y + f.h);
  cairo_line_to (cr, f.x + f.w, f.y + f.h);
  cairo_stroke (cr);
}

/* --- histograms ---------------------------------------------------------------------- */

/* The value a histogram counts for game @g: its margin (@side < 0) or a
 * side's final VP. */
static int
hist_value (const WbBalanceGame *g,
            int                  side)
{
  return side < 0 ? g->vp[0] - g->vp[1] : g->vp[side];
}

/* The bin of @v: bins of an odd @bin whole VP centred on its multiples,
 * so that 0 is the middle of a bin. */
static int
bin_of (int v,
        int bin)
{
  int t = v + (bin - 1) / 2;

  return t >= 0 ? t / bin : -((-t + bin - 1) / bin);
}

/* One histogram of every run in @f's area, from bin @k0 (bin_of ()): with
 * @side < 0 the margin, bins above 0 in the first side's colour, below in
 * the second's and the one around 0 (ties, and near ties in wider bins)
 * in sand; else side @side's VP in its colour. */
static void
histogram (Plot  *p,
           Frame *f,
           int    side,
           int    k0,
           int    bin,
           guint  n_bins)
{
  cairo_t *cr = p->cr;
  g_autofree guint *count = g_new0 (guint, (gsize) n_bins * RUNS);
  guint top = 1;

  for (guint r = 0; r < p->n_runs; r++)
    for (guint i = 0; i < run_games (p, r); i++)
      {
        int v = hist_value (wb_balance_get_game (p->run[r], i), side);
        guint k = (guint) (bin_of (v, bin) - k0);

        g_assert (bin_of (v, bin) >= k0 && k < n_bins);
        count[r * n_bins + k]++;
        top = MAX (top, count[r * n_bins + k]);
      }
  f->ymin = 0;
  f->ymax = top;
  {
    double step = nice_step (top, MAX ((int) (f->h / (p->u * 2.2)), 2), 1);

    f->ymax = ceil (top / step) * step;
    y_axis (p, f, step, FALSE, _("Games"));
  }

  for (guint r = 0; r < p->n_runs; r++)
    {
      static const double dash_u[] = { 0.45, 0.3 };
      double dash[2] = { dash_u[0] * p->u, dash_u[1] * p->u };

      for (guint k = 0; k < n_bins; k++)
        {
          int b0 = (k0 + (int) k) * bin - (bin - 1) / 2, b1 = b0 + bin - 1;
          double x0 = fx (f, b0 - 0.5), x1 = fx (f, b1 + 0.5);
          double y0 = fy (f, count[r * n_bins + k]);
          Rgb c = side >= 0 ? p->side[side] : b0 > 0 ? p->side[0] : b1 < 0 ? p->side[1] : DRAW_FILL;

          if (count[r * n_bins + k] == 0)
            continue;
          /* Alone, a solid bar; overlaid, A and B both translucent, B
           * outlined dashed so the two shapes read through each other. */
          if (p->n_runs == 1)
            set_rgb (cr, c);
          else
            set_rgba (cr, c, r == 0 ? 0.6 : 0.3);
          cairo_rectangle (cr, x0, y0, x1 - x0, fy (f, 0) - y0);
          cairo_fill (cr);
          if (p->n_runs == 1 || r == 1)
            {
              set_rgb (cr, p->n_runs == 1 ? rgb_shade (c, 0.6) : INK);
              cairo_set_line_width (cr, MAX (p->u * (r == 1 ? 0.12 : 0.06), 0.4));
              if (r == 1)
                cairo_set_dash (cr, dash, 2, 0);
              cairo_rectangle (cr, x0, y0, x1 - x0, fy (f, 0) - y0);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
        }
    }
}

/* The range of the values over the runs, in bins of a nice width. */
static void
hist_range (Plot  *p,
            int    side,
            int   *vmin,
            int   *vmax)
{
  *vmin = G_MAXINT;
  *vmax = G_MININT;
  for (guint r = 0; r < p->n_runs; r++)
    for (guint i = 0; i < run_games (p, r); i++)
      {
        int v = hist_value (wb_balance_get_game (p->run[r], i), side);

        *vmin = MIN (*vmin, v);
        *vmax = MAX (*vmax, v);
      }
}

static void
hist_frame (Plot       *p,
            int         side,
            double      x,
            double      y,
            double      w,
            double      h,
            const char *x_label,
            int         vmin,
            int         vmax)
{
  Frame f;
  int bin, k0, k1;
  guint n_bins;
  double step;

  f.x = x + p->u * 5.2;
  f.y = y + p->u * 0.4;
  f.w = w - p->u * 5.2 - p->u * 0.8;
  f.h = h - p->u * 3.2 - p->u * 0.4;
  if (f.w < p->u * 2 || f.h < p->u * 2)
    return;
  /* Bins of whole VP; wider when the spread would give bars thinner than
   * about half the text size: a nice width made odd (3, 5, 11, 21…) so
   * that a bin is centred on 0 and the margin's ties are not lumped with
   * one side's narrow wins. */
  bin = (int) nice_step (vmax - vmin + 1, MAX ((int) (f.w / (p->u * 0.6)), 1), 1);
  if (bin % 2 == 0)
    bin++;
  k0 = bin_of (vmin, bin);
  k1 = bin_of (vmax, bin);
  n_bins = (guint) (k1 - k0 + 1);
  f.xmin = k0 * bin - (bin - 1) / 2 - 0.5 - bin * 0.5;
  f.xmax = k1 * bin + (bin - 1) / 2 + 0.5 + bin * 0.5;
  histogram (p, &f, side, k0, bin, n_bins);
  step = nice_step (f.xmax - f.xmin, MAX ((int) (f.w / (p->u * 4)), 2), 1);
  x_axis (p, &f, step, x_label);
  if (side < 0 && k0 <= 0 && k1 >= 0)
    {
      static const double dash_u[] = { 0.3, 0.3 };
      double dash[2] = { dash_u[0] * p->u, dash_u[1] * p->u };

      set_rgb (p->cr, INK);
      cairo_set_line_width (p->cr, MAX (p->u * 0.08, 0.5));
      cairo_set_dash (p->cr, dash, 2, 0);
      cairo_move_to (p->cr, fx (&f, 0), f.y);
      cairo_line_to (p->cr, fx (&f, 0), f.y + f.h);
      cairo_stroke (p->cr);
      cairo_set_dash (p->cr, NULL, 0, 0);
    }
}

static void
draw_margin (Plot  *p,
             double x,
             double y,
             double w,
             double h)
{
  g_autofree char *heading = NULL;
  int vmin, vmax;

  if (p->n_sides == 2)
    heading = g_strdup_printf (_("VP margin: %s minus %s"), wb_balance_get_side (p->run[0], 0),
                               wb_balance_get_side (p->run[0], 1));
  else
    heading = g_strdup (_("Final VP of each side"));
  y += title (p, heading, x, y, w);
  h -= p->u * 1.8;
  y += legend_runs (p, x, y, SWATCH_FILL);
  h -= p->n_runs > 1 ? p->u * 1.4 : 0;
  if (run_games (p, 0) == 0)
    {
      no_games (p, x, y, w, h);
      return;
    }

  if (p->n_sides == 2)
    {
      hist_range (p, -1, &vmin, &vmax);
      hist_frame (p, -1, x, y, w, h, _("VP margin"), vmin, vmax);
      return;
    }
  /* Other numbers of sides: one histogram a side, on one VP scale. */
  vmin = G_MAXINT;
  vmax = G_MININT;
  for (guint s = 0; s < p->n_sides; s++)
    {
      int a, b;

      hist_range (p, (int) s, &a, &b);
      vmin = MIN (vmin, a);
      vmax = MAX (vmax, b);
    }
  for (guint s = 0; s < p->n_sides; s++)
    {
      double rh = h / p->n_sides, ry = y + rh * s;

      text (p, wb_balance_get_side (p->run[0], s), p->u * 0.9, TRUE, x + w - p->u * 0.8, ry + p->u * 0.4,
            1, 0, p->side[s]);
      hist_frame (p, (int) s, x, ry, w, rh, s + 1 == p->n_sides ? _("Final VP") : NULL, vmin, vmax);
    }
}

/* --- VP curves ------------------------------------------------------------------- */

/* Quartiles of every side's VP at the end of every turn, over the games
 * that played the turn; @q[(t * n_sides + s) * 3 + 0..2]. */
static double *
turn_quartiles (Plot      *p,
                WbBalance *run,
                guint     *n_turns)
{
  guint n = wb_balance_get_n_games (run), ns = p->n_sides, turns = 0;
  g_autofree double *v = g_new (double, MAX (n, 1u));
  double *q;

  for (guint i = 0; i < n; i++)
    {
      const WbBalanceGame *g = wb_balance_get_game (run, i);

      if (g->turn_vp != NULL)
        turns = MAX (turns, g->turn_vp->len / ns);
    }
  q = g_new0 (double, (gsize) MAX (turns, 1u) * ns * 3);
  for (guint t = 0; t < turns; t++)
    for (guint s = 0; s < ns; s++)
      {
        guint k = 0;

        for (guint i = 0; i < n; i++)
          {
            GArray *tv = wb_balance_get_game (run, i)->turn_vp;

            if (tv != NULL && (t + 1) * ns <= tv->len)
              v[k++] = g_array_index (tv, int, t * ns + s);
          }
        qsort (v, k, sizeof *v, (int (*) (const void *, const void *)) cmp_double);
        for (guint j = 0; j < 3; j++)
          q[(t * ns + s) * 3 + j] = quantile (v, k, 0.25 * (j + 1));
      }
  *n_turns = turns;
  return q;
}

static void
draw_curves (Plot  *p,
             double x,
             double y,
             double w,
             double h)
{
  cairo_t *cr = p->cr;
  double *q[RUNS] = { NULL, NULL };
  guint turns[RUNS] = { 0, 0 }, max_turns = 0, ns = p->n_sides;
  double vmin = 0, vmax = 1, lx;
  Frame f;

  y += title (p, _("VP at the end of each turn: median and quartiles"), x, y, w);
  h -= p->u * 1.8;
  if (run_games (p, 0) == 0)
    {
      no_games (p, x, y, w, h);
      return;
    }
  /* The sides' colours, then how A and B are drawn. */
  lx = x;
  for (guint s = 0; s < ns; s++)
    {
      double sw = p->u * 0.9;

      set_rgba (cr, p->side[s], 0.3);
      cairo_rectangle (cr, lx, y, sw * 1.4, sw);
      cairo_fill (cr);
      set_rgb (cr, p->side[s]);
      cairo_set_line_width (cr, MAX (p->u * 0.2, 1));
      cairo_move_to (cr, lx, y + sw / 2);
      cairo_line_to (cr, lx + sw * 1.4, y + sw / 2);
      cairo_stroke (cr);
      lx += sw * 1.4 + p->u * 0.4;
      lx += text (p, wb_balance_get_side (p->run[0], s), p->u * 0.9, FALSE, lx, y + sw / 2, 0, 0.5, INK) + p->u;
    }
  if (p->n_runs > 1)
    legend_runs (p, lx + p->u, y, SWATCH_LINE);
  y += p->u * 1.4;
  h -= p->u * 1.4;

  for (guint r = 0; r < p->n_runs; r++)
    {
      q[r] = turn_quartiles (p, p->run[r], &turns[r]);
      max_turns = MAX (max_turns, turns[r]);
      for (guint i = 0; i < turns[r] * ns * 3; i++)
        {
          vmin = MIN (vmin, q[r][i]);
          vmax = MAX (vmax, q[r][i]);
        }
    }

  f.x = x + p->u * 5.2;
  f.y = y + p->u * 0.6;
  f.w = w - p->u * 5.2 - p->u * 0.8;
  f.h = h - p->u * 3.2 - p->u * 0.6;
  if (f.w < p->u * 2 || f.h < p->u * 2 || max_turns == 0)
    goto out;
  f.xmin = max_turns > 1 ? 1 : 0.5;
  f.xmax = max_turns > 1 ? max_turns : 1.5;
  {
    double step = nice_step (vmax - vmin, MAX ((int) (f.h / (p->u * 1.8)), 2), 1);

    f.ymin = floor (vmin / step) * step;
    f.ymax = ceil (vmax / step) * step;
    if (f.ymax <= f.ymin)
      f.ymax = f.ymin + step;
    y_axis (p, &f, step, FALSE, _("VP"));
  }
  x_axis (p, &f, nice_step (max_turns, MAX ((int) (f.w / (p->u * 2.5)), 2), 1), _("Turn"));

  cairo_save (cr);
  cairo_rectangle (cr, f.x, f.y - p->u * 0.2, f.w, f.h + p->u * 0.4);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* The bands first, then every median over them. */
  for (guint r = 0; r < p->n_runs; r++)
    for (guint s = 0; s < ns; s++)
      {
        guint n = turns[r];

        if (n == 0)
          continue;
        /* The interquartile band: Q3 forward, Q1 back. */
        for (guint t = 0; t < n; t++)
          cairo_line_to (cr, fx (&f, t + 1), fy (&f, q[r][(t * ns + s) * 3 + 2]));
        for (guint t = n; t-- > 0;)
          cairo_line_to (cr, fx (&f, t + 1), fy (&f, q[r][(t * ns + s) * 3]));
        cairo_close_path (cr);
        set_rgba (cr, p->side[s], r == 0 ? 0.22 : 0.12);
        cairo_fill (cr);
      }
  for (guint r = 0; r < p->n_runs; r++)
    for (guint s = 0; s < ns; s++)
      {
        double dash[2] = { p->u * 0.6, p->u * 0.4 };
        guint n = turns[r];

        for (guint t = 0; t < n; t++)
          cairo_line_to (cr, fx (&f, t + 1), fy (&f, q[r][(t * ns + s) * 3 + 1]));
        /* One turn: a dot (round caps) rather than nothing. */
        if (n == 1)
          cairo_rel_line_to (cr, 0, 0);
        set_rgb (cr, r == 0 ? p->side[s] : rgb_shade (p->side[s], 0.75));
        cairo_set_line_width (cr, MAX (p->u * 0.22, 1));
        if (r == 1)
          cairo_set_dash (cr, dash, 2, 0);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
  cairo_restore (cr);

out:
  for (guint r = 0; r < RUNS; r++)
    g_free (q[r]);
}

/* --- the sheet ----------------------------------------------------------------------- */

/* "N games of SCENARIO (seeds a–b), options …": the run's header. */
static char *
run_header (WbBalance *run)
{
  g_autoptr(JsonNode) node = wb_balance_to_json (run);
  JsonObject *o = json_node_get_object (node);
  JsonArray *options = json_object_get_array_member (o, "options");
  g_autoptr(GString) opts = g_string_new (NULL);
  guint64 first = g_ascii_strtoull (json_object_get_string_member_with_default (o, "first_seed", "0"), NULL, 10);
  guint total = (guint) json_object_get_int_member_with_default (o, "games_total", 0);

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    g_string_append_printf (opts, "%s%s", i > 0 ? ", " : "", json_array_get_string_element (options, i));
  return g_strdup_printf (_("%u games of %s, scenario %s (seeds %llu to %llu"
                            "), options: %s%s"),
                          wb_balance_get_n_games (run), json_object_get_string_member_with_default (o, "game", ""),
                          json_object_get_string_member_with_default (o, "scenario", ""),
                          (unsigned long long) first, (unsigned long long) (first + MAX (total, 1u) - 1), opts->len > 0 ? opts->str : _("none"),
                          wb_balance_is_complete (run) ? "" : _(" — stopped early"));
}

static void
draw_sheet (Plot  *p,
            double x,
            double y,
            double w,
            double h)
{
  double pad = p->u * 1.5, top;

  x += pad;
  y += pad;
  w -= 2 * pad;
  h -= 2 * pad;
  top = y;
  text (p, _("Balance"), p->u * 1.6, TRUE, x, y, 0, 0, INK);
  y += p->u * 2.4;
  for (guint r = 0; r < p->n_runs; r++)
    {
      g_autofree char *header = run_header (p->run[r]);
      g_autofree char *line = p->n_runs > 1 ? g_strdup_printf (r == 0 ? _("A: %s") : _("B: %s"), header)
                                            : g_steal_pointer (&header);

      text (p, line, p->u * 0.9, FALSE, x, y, 0, 0, MUTED);
      y += p->u * 1.3;
    }
  if (p->sides_differ)
    {
      text (p, _("B has other sides than A: only A is drawn"), p->u * 0.9, FALSE, x, y, 0, 0, MUTED);
      y += p->u * 1.3;
    }
  y += p->u * 0.8;
  h -= y - top;
  if (run_games (p, 0) == 0)
    {
      no_games (p, x, y, w, h);
      return;
    }
  draw_wins (p, x, y, w * 0.45, h * 0.5 - p->u);
  draw_margin (p, x + w * 0.5, y, w * 0.5, h * 0.5 - p->u);
  draw_curves (p, x, y + h * 0.5 + p->u, w, h * 0.5 - p->u);
}

/* --- entry points ---------------------------------------------------------------------- */

/* The label a run goes by when none is given: its options. */
static char *
default_label (WbBalance *run)
{
  g_autoptr(JsonNode) node = wb_balance_to_json (run);
  JsonArray *options = json_object_get_array_member (json_node_get_object (node), "options");
  GString *s = g_string_new (NULL);

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", json_array_get_string_element (options, i));
  if (s->len == 0)
    g_string_append (s, _("no options"));
  return g_string_free (s, FALSE);
}

static double
colour_distance (Rgb a,
                 Rgb b)
{
  return fabs (a.r - b.r) + fabs (a.g - b.g) + fabs (a.b - b.b);
}

static void
plot_init (Plot          *p,
           cairo_t       *cr,
           double         width,
           double         height,
           WbBalance     *a,
           WbBalance     *b,
           const char    *label_a,
           const char    *label_b,
           WbGame        *game)
{
  PangoContext *context;
  cairo_font_options_t *fo;
  GPtrArray *sides = game != NULL ? wb_game_get_sides (game) : NULL;
  guint next = 0;

  memset (p, 0, sizeof *p);
  p->cr = cr;
  p->u = CLAMP (MIN (width / 48, height / 30), 5.0, 12.0);
  p->run[0] = a;
  p->n_runs = 1;
  p->n_sides = wb_balance_get_n_sides (a);
  if (b != NULL && wb_balance_get_n_sides (b) == p->n_sides && wb_balance_get_n_games (b) > 0)
    {
      p->run[1] = b;
      p->n_runs = 2;
    }
  else if (b != NULL && wb_balance_get_n_sides (b) != p->n_sides)
    p->sides_differ = TRUE;
  p->label[0] = label_a != NULL ? label_a : (p->own_label[0] = default_label (a));
  if (p->n_runs > 1)
    p->label[1] = label_b != NULL ? label_b : (p->own_label[1] = default_label (b));

  /* The game's colour for each side, unless it is missing, would vanish
   * on white, or is too close to an earlier side's to tell them apart. */
  for (guint s = 0; s < p->n_sides; s++)
    {
      WbSide *side = sides != NULL && s < sides->len ? g_ptr_array_index (sides, s) : NULL;
      Rgb c;
      gboolean ok = side != NULL && side->color != NULL && wb_color_parse (side->color, &c.r, &c.g, &c.b) &&
                    rgb_luminance (c) < 0.85;

      for (guint t = 0; ok && t < s; t++)
        ok = colour_distance (c, p->side[t]) > 0.25;
      if (!ok)
        {
          do
            c = PALETTE[next++ % G_N_ELEMENTS (PALETTE)];
          while (next < G_N_ELEMENTS (PALETTE) && s > 0 && colour_distance (c, p->side[s - 1]) < 0.25);
        }
      p->side[s] = c;
    }

  p->layout = pango_cairo_create_layout (cr);
  context = pango_layout_get_context (p->layout);
  /* Unhinted metrics: the same layout on the screen, in a PNG and a PDF. */
  fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, fo);
  cairo_font_options_destroy (fo);
  pango_context_set_round_glyph_positions (context, FALSE);
  pango_layout_context_changed (p->layout);
}

static void
plot_clear (Plot *p)
{
  g_clear_object (&p->layout);
  for (guint r = 0; r < RUNS; r++)
    g_clear_pointer (&p->own_label[r], g_free);
}

/**
 * wb_balance_plot_draw_full:
 * @cr: where to draw
 * @width: the rectangle's width, in user units (points)
 * @height: its height
 * @kind: what to draw
 * @a: a run
 * @b: (nullable): a variant played on the same seeds, overlaid
 * @label_a: (nullable): what the legend calls @a
 * @label_b: (nullable): what the legend calls @b
 * @game: (nullable): the game @a played, for its sides' colours
 *
 * Draws @kind on white in (0, 0)–(@width, @height). A run without games
 * draws "No games played"; a @b with other sides than @a is left out.
 */
void
wb_balance_plot_draw_full (cairo_t       *cr,
                           double         width,
                           double         height,
                           WbBalancePlot  kind,
                           WbBalance     *a,
                           WbBalance     *b,
                           const char    *label_a,
                           const char    *label_b,
                           WbGame        *game)
{
  Plot p;
  double pad;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (a != NULL);
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (kind <= WB_BALANCE_PLOT_SHEET);

  if (!(width > 0) || !(height > 0) || !isfinite (width) || !isfinite (height))
    return;
  plot_init (&p, cr, width, height, a, b, label_a, label_b, game);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  set_rgb (cr, WHITE);
  cairo_paint (cr);
  pad = p.u;
  switch (kind)
    {
    case WB_BALANCE_PLOT_WINS:
      draw_wins (&p, pad, pad, width - 2 * pad, height - 2 * pad);
      break;
    case WB_BALANCE_PLOT_MARGIN:
      draw_margin (&p, pad, pad, width - 2 * pad, height - 2 * pad);
      break;
    case WB_BALANCE_PLOT_CURVES:
      draw_curves (&p, pad, pad, width - 2 * pad, height - 2 * pad);
      break;
    case WB_BALANCE_PLOT_SHEET:
      draw_sheet (&p, 0, 0, width, height);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_restore (cr);
  plot_clear (&p);
}

/**
 * wb_balance_plot_draw:
 *
 * wb_balance_plot_draw_full () without a game: sides in a fixed palette.
 */
void
wb_balance_plot_draw (cairo_t       *cr,
                      double         width,
                      double         height,
                      WbBalancePlot  kind,
                      WbBalance     *a,
                      WbBalance     *b,
                      const char    *label_a,
                      const char    *label_b)
{
  wb_balance_plot_draw_full (cr, width, height, kind, a, b, label_a, label_b, NULL);
}

static void
draw_page (cairo_surface_t *surface,
           double           scale,
           double           width,
           double           height,
           WbBalancePlot    kind,
           WbBalance       *a,
           WbBalance       *b,
           const char      *label_a,
           const char      *label_b,
           WbGame          *game)
{
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, scale, scale);
  wb_balance_plot_draw_full (cr, width, height, kind, a, b, label_a, label_b, game);
  cairo_destroy (cr);
}

/**
 * wb_balance_plot_write_full:
 * @path: the file: .svg, .png or .pdf
 * @error: return location for a #GError
 *
 * Draws as wb_balance_plot_draw_full () into @path, replaced atomically
 * (a temporary file renamed on success; on failure an existing @path is
 * left as it was). The PNG has 2 pixels a point.
 *
 * Returns: %TRUE on success; otherwise a %G_IO_ERROR naming @path.
 */
gboolean
wb_balance_plot_write_full (const char    *path,
                            double         width,
                            double         height,
                            WbBalancePlot  kind,
                            WbBalance     *a,
                            WbBalance     *b,
                            const char    *label_a,
                            const char    *label_b,
                            WbGame        *game,
                            GError       **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  WbWriteClosure wc = { NULL, NULL };
  WbExportFormat format;
  cairo_surface_t *surface;
  cairo_status_t status;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (kind <= WB_BALANCE_PLOT_SHEET, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!wb_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Cannot write the plot “%s”: the file name must end in .svg, .png or .pdf"), path);
      return FALSE;
    }
  if (!(width >= 50 && width <= MAX_SIDE_POINTS && height >= 50 && height <= MAX_SIDE_POINTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot write the plot “%s”: its size must be from 50 to %.0f points a side"), path,
                   MAX_SIDE_POINTS);
      return FALSE;
    }

  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    {
      g_prefix_error (error, _("Cannot write the plot “%s”: "), path);
      return FALSE;
    }
  wc.stream = G_OUTPUT_STREAM (out);

  switch (format)
    {
    case WB_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * PNG_PX_PER_POINT),
                                            (int) ceil (height * PNG_PX_PER_POINT));
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          draw_page (surface, PNG_PX_PER_POINT, width, height, kind, a, b, label_a, label_b, game);
          cairo_surface_flush (surface);
          status = cairo_surface_write_to_png_stream (surface, _wb_write_to_stream, &wc);
          if (status != CAIRO_STATUS_SUCCESS && wc.error == NULL)
            g_set_error_literal (&wc.error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
        }
      break;
    case WB_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (_wb_write_to_stream, &wc, width, height);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
          draw_page (surface, 1, width, height, kind, a, b, label_a, label_b, game);
        }
      break;
    case WB_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (_wb_write_to_stream, &wc, width, height);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, _("Balance"));
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Warbench");
          draw_page (surface, 1, width, height, kind, a, b, label_a, label_b, game);
        }
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (wc.error == NULL && status != CAIRO_STATUS_SUCCESS)
    g_set_error_literal (&wc.error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
  if (wc.error != NULL)
    {
      _wb_abort_output (G_OUTPUT_STREAM (out));
      g_propagate_prefixed_error (error, wc.error, _("Cannot write the plot “%s”: "), path);
      return FALSE;
    }
  /* The rename over @path happens on close: check it. */
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, _("Cannot write the plot “%s”: "), path);
      return FALSE;
    }
  return TRUE;
}

gboolean
wb_balance_plot_write (const char    *path,
                       double         width,
                       double         height,
                       WbBalancePlot  kind,
                       WbBalance     *a,
                       WbBalance     *b,
                       const char    *label_a,
                       const char    *label_b,
                       GError       **error)
{
  return wb_balance_plot_write_full (path, width, height, kind, a, b, label_a, label_b, NULL, error);
}

static const char *const NAMES[] = { "wins", "margin", "curves", "sheet" };

gboolean
wb_balance_plot_from_name (const char    *name,
                           WbBalancePlot *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (NAMES); i++)
    if (strcmp (name, NAMES[i]) == 0)
      {
        if (kind != NULL)
          *kind = (WbBalancePlot) i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_balance_plot_to_name (WbBalancePlot kind)
{
  g_return_val_if_fail (kind <= WB_BALANCE_PLOT_SHEET, NULL);
  return NAMES[kind];
}
