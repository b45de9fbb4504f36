/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "wb-board-view.h"
#include "wb-play-follow.h"

/* The board is drawn with cairo in a drawing area under a heading label:
 * boxes are rounded rectangles with their names, units are blocks in the
 * side's colours (name, value, the dice in a circle, the morale in a
 * star). The geometry is computed once per size and board (layout ()) and
 * serves both the drawing and the clicks. Nothing here knows a family:
 * the board says what is where, the step what a click may pick. */

#define BLOCK   58.0
#define GAP      8.0
#define MARGIN  12.0
#define TITLE   20.0

typedef struct {
  double  fill[3];
  double  ink[3];
} UnitLook;

struct _WbBoardView
{
  GtkWidget        parent_instance;

  GtkWidget       *title;
  GtkWidget       *area;
  WbBoard         *board;
  WbPlay          *play;       /* observed, or NULL */
  GArray          *looks;      /* UnitLook, by unit */
  /* The layout for the area's current width. */
  int              laid_width;
  GArray          *box_rects;  /* graphene_rect_t, by box */
  GArray          *unit_rects; /* graphene_rect_t, by unit */
  GArray          *shown;      /* gboolean, by unit */
  int              wanted_height;
  guint            fit_source;
  /* The step's picks (wb_board_view_set_picks), by unit. */
  GArray          *picks;      /* guint */
  GArray          *pickable;   /* gboolean */
  char            *badge;      /* NULL: picks drawn chosen */
  /* Keyboard: the unit the arrows are on (Space/Enter activates it), -1. */
  int              focus;
};

G_DEFINE_FINAL_TYPE (WbBoardView, wb_board_view, GTK_TYPE_WIDGET)

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

#define UNIT(self, i)   (&g_array_index ((self)->board->units, WbBoardUnit, (i)))
#define BOX(self, i)    (&g_array_index ((self)->board->boxes, WbBoardBox, (i)))
#define BOX_RECT(self, i)  (&g_array_index ((self)->box_rects, graphene_rect_t, (i)))
#define UNIT_RECT(self, i) (&g_array_index ((self)->unit_rects, graphene_rect_t, (i)))
#define SHOWN(self, i)  (g_array_index ((self)->shown, gboolean, (i)))

static int
n_units (WbBoardView *self)
{
  return self->board != NULL ? (int) self->board->units->len : 0;
}

static guint
n_boxes (WbBoardView *self)
{
  return self->board != NULL ? self->board->boxes->len : 0;
}

static void
parse_color (const char *hex, double rgb[3], double r, double g, double b)
{
  GdkRGBA c;

  if (hex != NULL && gdk_rgba_parse (&c, hex))
    {
      rgb[0] = c.red, rgb[1] = c.green, rgb[2] = c.blue;
      return;
    }
  rgb[0] = r, rgb[1] = g, rgb[2] = b;
}

static const char *
box_title (WbBoardView *self, int box)
{
  return box >= 0 && (guint) box < n_boxes (self) ? BOX (self, box)->title : "";
}

/* How many units a box holds. */
static guint
count_in (WbBoardView *self, guint box)
{
  guint n = 0;

  for (int i = 0; i < n_units (self); i++)
    n += UNIT (self, i)->box == (int) box;
  return n;
}

/* The height a box of @width needs for @n blocks. */
static double
box_height (double width, guint n)
{
  guint per_row = MAX (1, (guint) floor ((width - GAP) / (BLOCK + GAP)));
  guint rows = MAX (1, (n + per_row - 1) / per_row);

  return TITLE + rows * (BLOCK + GAP) + GAP;
}

static guint
n_rows (WbBoardView *self)
{
  guint n = 0;

  for (guint b = 0; b < n_boxes (self); b++)
    if (!BOX (self, b)->aside)
      n = MAX (n, BOX (self, b)->row + 1);
  return n;
}

/* The gap after row @r: wider at the front. */
static double
gap_after (WbBoardView *self, guint r)
{
  return (int) r == self->board->front_after ? 3 * GAP : GAP;
}

static gboolean
has_aside (WbBoardView *self)
{
  for (guint b = 0; b < n_boxes (self); b++)
    if (BOX (self, b)->aside)
      return TRUE;
  return FALSE;
}

/* The boxes with @cols blocks across the column beside the board; the
 * height it needs. */
static double
layout_boxes (WbBoardView *self, int width, guint cols)
{
  gboolean aside = has_aside (self);
  double side_w = aside ? cols * BLOCK + (cols + 1) * GAP : 0;
  double board_w = MAX (4 * (BLOCK + GAP), width - 2 * MARGIN - (aside ? side_w + GAP : 0));
  double y = MARGIN;
  guint rows = n_rows (self);
  g_autofree double *row_top = g_new0 (double, rows + 1);

  self->laid_width = width;
  for (guint b = 0; b < n_boxes (self); b++)
    *BOX_RECT (self, b) = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  for (guint r = 0; r < rows; r++)
    {
      double weights = 0, x = MARGIN, h = 0, avail;
      guint n = 0;

      for (guint b = 0; b < n_boxes (self); b++)
        if (!BOX (self, b)->aside && BOX (self, b)->row == r)
          weights += BOX (self, b)->weight, n++;
      avail = board_w - (n > 0 ? (n - 1) * GAP : 0);
      for (guint b = 0; b < n_boxes (self); b++)
        if (!BOX (self, b)->aside && BOX (self, b)->row == r)
          {
            double w = avail * BOX (self, b)->weight / weights;

            *BOX_RECT (self, b) = GRAPHENE_RECT_INIT (x, y, w, 0);
            h = MAX (h, box_height (w, count_in (self, b)));
            x += w + GAP;
          }
      if (n == 0)
        h = 0;
      for (guint b = 0; b < n_boxes (self); b++)
        if (!BOX (self, b)->aside && BOX (self, b)->row == r)
          BOX_RECT (self, b)->size.height = h;
      row_top[r] = y;
      y += h + (r + 1 < rows ? gap_after (self, r) : 0);
    }
  row_top[rows] = y + GAP;
  /* The column beside: each box from its row down to the next one's. */
  for (guint b = 0; b < n_boxes (self); b++)
    {
      guint r = MIN (BOX (self, b)->row, rows);
      double top = row_top[r], bottom = y;

      if (!BOX (self, b)->aside)
        continue;
      for (guint o = b + 1; o < n_boxes (self); o++)
        if (BOX (self, o)->aside && BOX (self, o)->row > BOX (self, b)->row && BOX (self, o)->row < rows)
          {
            bottom = row_top[BOX (self, o)->row] - gap_after (self, BOX (self, o)->row - 1);
            break;
          }
      *BOX_RECT (self, b) = GRAPHENE_RECT_INIT (MARGIN + board_w + GAP, top, side_w, bottom - top);
    }
  return ceil (y + MARGIN);
}

/* Whether the units beside the board fit their boxes. */
static gboolean
aside_fits (WbBoardView *self)
{
  for (guint b = 0; b < n_boxes (self); b++)
    if (BOX (self, b)->aside &&
        box_height (BOX_RECT (self, b)->size.width, count_in (self, b)) > BOX_RECT (self, b)->size.height + 0.5)
      return FALSE;
  return TRUE;
}

static double
layout (WbBoardView *self, int width)
{
  double height = 0;
  guint cols;

  g_array_set_size (self->box_rects, n_boxes (self));
  g_array_set_size (self->unit_rects, n_units (self));
  g_array_set_size (self->shown, n_units (self));
  if (self->board == NULL)
    return 0;
  /* Two blocks across beside the board; more when they do not fit. */
  for (cols = 2; cols <= 4; cols++)
    {
      height = layout_boxes (self, width, cols);
      if (aside_fits (self))
        break;
    }
  /* Still too many: a box grows downwards, and what is below it. */
  for (guint b = 0; b < n_boxes (self); b++)
    {
      graphene_rect_t *r = BOX_RECT (self, b);
      double need, extra;

      if (!BOX (self, b)->aside)
        continue;
      need = box_height (r->size.width, count_in (self, b));
      if (need <= r->size.height)
        continue;
      extra = need - r->size.height;
      r->size.height = need;
      for (guint o = 0; o < n_boxes (self); o++)
        if (o != b && BOX_RECT (self, o)->origin.y > r->origin.y)
          BOX_RECT (self, o)->origin.y += extra;
      height += extra;
    }

  /* The units, in order, left to right in their boxes. */
  {
    g_autofree guint *placed = g_new0 (guint, n_boxes (self) + 1);

    for (int i = 0; i < n_units (self); i++)
      {
        int box = UNIT (self, i)->box;
        const graphene_rect_t *r;
        guint per_row, k;

        SHOWN (self, i) = box >= 0 && (guint) box < n_boxes (self) && BOX_RECT (self, box)->size.width > 0;
        if (!SHOWN (self, i))
          continue;
        r = BOX_RECT (self, box);
        per_row = MAX (1, (guint) floor ((r->size.width - GAP) / (BLOCK + GAP)));
        k = placed[box]++;
        *UNIT_RECT (self, i) = GRAPHENE_RECT_INIT (r->origin.x + GAP + (k % per_row) * (BLOCK + GAP),
                                                   r->origin.y + TITLE + (k / per_row) * (BLOCK + GAP), BLOCK, BLOCK);
      }
  }
  return height;
}

static gboolean
fit_height (gpointer data)
{
  WbBoardView *self = data;

  self->fit_source = 0;
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->area), self->wanted_height);
  return G_SOURCE_REMOVE;
}

static void
rounded (cairo_t *cr, const graphene_rect_t *r, double radius)
{
  double x = r->origin.x, y = r->origin.y, w = r->size.width, h = r->size.height;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
text_at (cairo_t *cr, PangoLayout *pl, const char *text, double cx, double y, gboolean bold, double size)
{
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  int w, h;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (pl, font);
  pango_layout_set_text (pl, text, -1);
  pango_layout_get_pixel_size (pl, &w, &h);
  cairo_move_to (cr, cx - w / 2.0, y);
  pango_cairo_show_layout (cr, pl);
  pango_font_description_free (font);
}

/* A unit's name inside its square of side @s: one line above its value,
 * else up to two lines about its middle; a name too long is wrapped at a
 * word and cut with "…", never drawn over its neighbours. */
static void
label_in (cairo_t *cr, PangoLayout *pl, const char *text, double x, double y, double s, gboolean has_value)
{
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, 11 * PANGO_SCALE);
  pango_layout_set_font_description (pl, font);
  pango_layout_set_width (pl, (int) ((s - 6) * PANGO_SCALE));
  pango_layout_set_wrap (pl, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
  pango_layout_set_height (pl, has_value ? -1 : -2);
  pango_layout_set_alignment (pl, PANGO_ALIGN_CENTER);
  pango_layout_set_text (pl, text, -1);
  pango_layout_get_pixel_size (pl, &w, &h);
  cairo_move_to (cr, x + 3, has_value ? y + s * 0.38 : y + (s - h) / 2.0);
  pango_cairo_show_layout (cr, pl);
  /* The layout is shared: back to one unbounded line. */
  pango_layout_set_width (pl, -1);
  pango_layout_set_height (pl, -1);
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_alignment (pl, PANGO_ALIGN_LEFT);
  pango_font_description_free (font);
}

static void
draw_star (cairo_t *cr, double cx, double cy, double r)
{
  cairo_new_path (cr);
  for (int k = 0; k < 10; k++)
    {
      double a = -G_PI / 2 + k * G_PI / 5;
      double rr = k % 2 == 0 ? r : r * 0.45;
      cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
}

static guint
picks_of (WbBoardView *self, int i)
{
  return i >= 0 && (guint) i < self->picks->len ? g_array_index (self->picks, guint, i) : 0;
}

static gboolean
pickable_of (WbBoardView *self, int i)
{
  return i >= 0 && (guint) i < self->pickable->len && g_array_index (self->pickable, gboolean, i);
}

static void
draw_unit (WbBoardView *self, cairo_t *cr, PangoLayout *pl, int i)
{
  const WbBoardUnit *u = UNIT (self, i);
  const UnitLook *look = &g_array_index (self->looks, UnitLook, i);
  const graphene_rect_t *r = UNIT_RECT (self, i);
  double x = r->origin.x, y = r->origin.y, s = r->size.width;
  guint picks = picks_of (self, i);

  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  {
    graphene_rect_t shadow = GRAPHENE_RECT_INIT (x + 2, y + 2, s, s);
    rounded (cr, &shadow, 5);
  }
  cairo_fill (cr);
  cairo_set_source_rgb (cr, look->fill[0], look->fill[1], look->fill[2]);
  rounded (cr, r, 5);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, look->ink[0], look->ink[1], look->ink[2]);
  label_in (cr, pl, u->label, x, y, s, u->value != NULL);
  if (u->value != NULL)
    text_at (cr, pl, u->value, x + s / 2, y + s * 0.66, FALSE, 10);

  /* The dice it rolls now, in a circle top right. */
  if (u->dice > 0)
    {
      g_autofree char *dice = g_strdup_printf ("%d", u->dice);

      cairo_new_path (cr);
      cairo_arc (cr, x + s - 11, y + 11, 8, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_stroke (cr);
      text_at (cr, pl, dice, x + s - 11, y + 4, TRUE, 10);
    }
  if (u->morale > 0)
    {
      g_autofree char *morale = g_strdup_printf ("%d", u->morale);

      draw_star (cr, x + 11, y + 11, 10);
      cairo_set_source_rgb (cr, 0.80, 0.12, 0.15);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      text_at (cr, pl, morale, x + 11, y + 5, TRUE, 9);
    }
  /* Its marks (hits this round): a red dot each along the bottom. */
  for (int h = 0; h < u->marks && h < 8; h++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x + 8 + h * 7, y + s - 7, 2.6, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      cairo_fill (cr);
    }
  /* What a click may pick: a dashed outline. */
  if (pickable_of (self, i) && picks == 0)
    {
      graphene_rect_t out = GRAPHENE_RECT_INIT (x - 3, y - 3, s + 6, s + 6);

      rounded (cr, &out, 7);
      cairo_set_source_rgba (cr, 0.95, 0.65, 0.1, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (picks > 0 && self->badge == NULL)
    {
      /* Chosen: a thick outline and a check mark. */
      graphene_rect_t out = GRAPHENE_RECT_INIT (x - 3, y - 3, s + 6, s + 6);

      rounded (cr, &out, 7);
      cairo_set_source_rgb (cr, 0.15, 0.55, 0.95);
      cairo_set_line_width (cr, 3.5);
      cairo_stroke (cr);
      cairo_new_path (cr);
      cairo_arc (cr, x + s - 10, y + s - 10, 9, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 2.2);
      cairo_move_to (cr, x + s - 14, y + s - 10);
      cairo_line_to (cr, x + s - 11, y + s - 7);
      cairo_line_to (cr, x + s - 6, y + s - 13);
      cairo_stroke (cr);
    }
  else if (picks > 0)
    {
      /* A badge with the count ("−2": hits being allocated) on the
       * block's bottom edge. */
      g_autofree char *badge = g_strdup_printf ("%s%u", self->badge, picks);
      graphene_rect_t b = GRAPHENE_RECT_INIT (x + s / 2 - 14, y + s - 5, 28, 17);

      rounded (cr, &b, 8);
      cairo_set_source_rgb (cr, 0.85, 0.1, 0.12);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      text_at (cr, pl, badge, x + s / 2, y + s - 5, TRUE, 12);
    }
}

static void
draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  WbBoardView *self = data;
  g_autoptr(PangoLayout) pl = pango_cairo_create_layout (cr);
  GdkRGBA fg;

  if (self->board == NULL)
    return;
  if (self->laid_width != width)
    {
      /* Another width wraps the boxes otherwise: their height follows,
       * after this frame (not while drawing). */
      self->wanted_height = (int) layout (self, width);
      if (self->wanted_height != height && self->fit_source == 0)
        self->fit_source = g_idle_add (fit_height, self);
    }
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  for (guint b = 0; b < n_boxes (self); b++)
    {
      const graphene_rect_t *r = BOX_RECT (self, b);

      if (r->size.width <= 0)
        continue;
      rounded (cr, r, 8);
      if (BOX (self, b)->tinted)
        cairo_set_source_rgba (cr, 0.55, 0.45, 0.25, 0.18);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.06);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
      {
        PangoFontDescription *font = pango_font_description_from_string ("Sans");
        pango_font_description_set_absolute_size (font, 11 * PANGO_SCALE);
        pango_layout_set_font_description (pl, font);
        pango_layout_set_text (pl, BOX (self, b)->title, -1);
        cairo_move_to (cr, r->origin.x + 8, r->origin.y + 3);
        pango_cairo_show_layout (cr, pl);
        pango_font_description_free (font);
      }
    }
  /* The front: a dashed line above the row after it. */
  if (self->board->front_after >= 0)
    {
      double top = -1, right = MARGIN;

      for (guint b = 0; b < n_boxes (self); b++)
        if (!BOX (self, b)->aside && (int) BOX (self, b)->row == self->board->front_after + 1)
          {
            top = BOX_RECT (self, b)->origin.y;
            right = MAX (right, BOX_RECT (self, b)->origin.x + BOX_RECT (self, b)->size.width);
          }
      if (top >= 0)
        {
          double fy = top - 1.5 * GAP;

          cairo_set_source_rgba (cr, 0.75, 0.1, 0.1, 0.6);
          cairo_set_line_width (cr, 2);
          cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
          cairo_move_to (cr, MARGIN, fy);
          cairo_line_to (cr, right, fy);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
  for (int i = 0; i < n_units (self); i++)
    if (SHOWN (self, i))
      draw_unit (self, cr, pl, i);
  /* The keyboard's unit. */
  if (gtk_widget_has_focus (self->area) && self->focus >= 0 && self->focus < n_units (self) &&
      SHOWN (self, self->focus))
    {
      graphene_rect_t r = *UNIT_RECT (self, self->focus);

      graphene_rect_inset (&r, -5, -5);
      rounded (cr, &r, 6);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 3, 2 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void
ensure_layout (WbBoardView *self)
{
  int width = gtk_widget_get_width (self->area);

  if (width <= 0)
    width = 600;
  if (self->laid_width != width)
    layout (self, width);
}

/* The shown units in reading order: top to bottom, left to right (@order
 * holds n_units). */
static int
reading_order (WbBoardView *self, int *order)
{
  int n = 0;

  ensure_layout (self);
  for (int i = 0; i < n_units (self); i++)
    if (SHOWN (self, i))
      order[n++] = i;
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0; b--)
      {
        const graphene_rect_t *p = UNIT_RECT (self, order[b - 1]), *q = UNIT_RECT (self, order[b]);
        gboolean after = p->origin.y > q->origin.y + 1 ||
                         (ABS (p->origin.y - q->origin.y) <= 1 && p->origin.x > q->origin.x);
        int t;

        if (!after)
          break;
        t = order[b - 1], order[b - 1] = order[b], order[b] = t;
      }
  return n;
}

/* The keyboard's unit for screen readers: its name, value, box and picks. */
static void
announce_focus (WbBoardView *self)
{
  g_autofree char *text = NULL, *what = NULL;
  const WbBoardUnit *u;
  int i = self->focus;

  if (i < 0 || i >= n_units (self) || !SHOWN (self, i))
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL);
      return;
    }
  u = UNIT (self, i);
  /* TRANSLATORS: a unit on a board for screen readers: its name and value ("VIII, 4 SP") */
  what = u->value != NULL ? g_strdup_printf (_("%s, %s"), u->label, u->value) : g_strdup (u->label);
  if (picks_of (self, i) > 0 && self->badge != NULL)
    /* TRANSLATORS: the board's unit under the keyboard: name and value, box, picks (hits) on it */
    text = g_strdup_printf (_("%s, %s, %u picked"), what, box_title (self, u->box), picks_of (self, i));
  else if (picks_of (self, i) > 0)
    /* TRANSLATORS: the board's unit under the keyboard: name and value, box; picked */
    text = g_strdup_printf (_("%s, %s, picked"), what, box_title (self, u->box));
  else
    /* TRANSLATORS: the board's unit under the keyboard: name and value, box */
    text = g_strdup_printf (_("%s, %s"), what, box_title (self, u->box));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
move_focus (WbBoardView *self, int step, gboolean to_end)
{
  g_autofree int *order = g_new0 (int, MAX (n_units (self), 1));
  int n = reading_order (self, order), at = -1;

  if (n == 0)
    return;
  for (int k = 0; k < n; k++)
    if (order[k] == self->focus)
      at = k;
  if (to_end)
    at = step < 0 ? 0 : n - 1;
  else if (at < 0)
    at = step < 0 ? n - 1 : 0;
  else
    at = CLAMP (at + step, 0, n - 1);
  self->focus = order[at];
  announce_focus (self);
  gtk_widget_queue_draw (self->area);
}

static gboolean
on_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state, WbBoardView *self)
{
  if (self->board == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Left:
    case GDK_KEY_KP_Up:
      move_focus (self, -1, FALSE);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Right:
    case GDK_KEY_KP_Down:
      move_focus (self, 1, FALSE);
      return TRUE;
    case GDK_KEY_Home:
      move_focus (self, -1, TRUE);
      return TRUE;
    case GDK_KEY_End:
      move_focus (self, 1, TRUE);
      return TRUE;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->focus < 0 || self->focus >= n_units (self) || !SHOWN (self, self->focus))
        return FALSE;
      g_signal_emit (self, signals[UNIT_ACTIVATED], 0, UNIT (self, self->focus)->id);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_focus_changed (WbBoardView *self)
{
  if (gtk_widget_has_focus (self->area) && (self->focus < 0 || self->focus >= n_units (self) ||
                                            !SHOWN (self, self->focus)))
    move_focus (self, -1, TRUE);
  gtk_widget_queue_draw (self->area);
}

static void
clear_picks (WbBoardView *self)
{
  g_array_set_size (self->picks, 0);
  g_array_set_size (self->pickable, 0);
  g_clear_pointer (&self->badge, g_free);
}

void
wb_board_view_set (WbBoardView *self, WbGame *game, WbBoard *board)
{
  g_autofree char *summary = NULL;
  g_autofree char *focus_id = NULL;

  g_return_if_fail (WB_IS_BOARD_VIEW (self));
  /* The keyboard stays on its unit across boards. */
  if (self->board != NULL && self->focus >= 0 && self->focus < n_units (self))
    focus_id = g_strdup (UNIT (self, self->focus)->id);
  g_clear_pointer (&self->board, wb_board_free);
  self->board = game != NULL ? board : NULL;
  if (game == NULL)
    wb_board_free (board);
  self->laid_width = -1;
  clear_picks (self);
  g_array_set_size (self->looks, 0);
  self->focus = self->board != NULL && focus_id != NULL ? wb_board_find_unit (self->board, focus_id) : -1;
  if (self->board == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->title), _("No battle"));
      gtk_widget_queue_draw (self->area);
      return;
    }
  for (int i = 0; i < n_units (self); i++)
    {
      GPtrArray *sides = wb_game_get_sides (game);
      guint s = UNIT (self, i)->side;
      WbSide *side = s < sides->len ? g_ptr_array_index (sides, s) : NULL;
      UnitLook look;

      /* A unit of neither side (a Wild chit): light paper, apart from a grey side. */
      parse_color (side != NULL ? side->color : NULL, look.fill, 0.95, 0.93, 0.86);
      parse_color (side != NULL ? side->text_color : NULL, look.ink, 0, 0, 0);
      g_array_append_val (self->looks, look);
    }
  gtk_label_set_text (GTK_LABEL (self->title), self->board->title != NULL ? self->board->title : "");
  {
    int width = gtk_widget_get_width (self->area);
    self->wanted_height = (int) layout (self, width > 0 ? width : 600);
    gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->area), self->wanted_height);
  }
  /* For screen readers: who stands where. */
  {
    GString *s = g_string_new (self->board->title);

    for (int i = 0; i < n_units (self); i++)
      {
        const WbBoardUnit *u = UNIT (self, i);

        if (!SHOWN (self, i))
          continue;
        if (u->value != NULL)
          /* TRANSLATORS: a unit on a board for screen readers: name, value (SP), box */
          g_string_append_printf (s, _("; %s %s in %s"), u->label, u->value, box_title (self, u->box));
        else
          /* TRANSLATORS: a unit on a board for screen readers: name, box */
          g_string_append_printf (s, _("; %s in %s"), u->label, box_title (self, u->box));
      }
    summary = g_string_free (s, FALSE);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary, -1);
  gtk_widget_queue_draw (self->area);
}

void
wb_board_view_set_picks (WbBoardView *self, const WbStep *step, const WbPicks *picks)
{
  const WbPickList *list = NULL;
  guint index = 0;

  g_return_if_fail (WB_IS_BOARD_VIEW (self));
  clear_picks (self);
  for (guint l = 0; step != NULL && l < step->lists->len && list == NULL; l++)
    if (((WbPickList *) g_ptr_array_index (step->lists, l))->kind == WB_PICK_BOARD_UNIT)
      {
        list = g_ptr_array_index (step->lists, l);
        index = l;
      }
  if (list != NULL && self->board != NULL)
    {
      g_array_set_size (self->picks, n_units (self));
      g_array_set_size (self->pickable, n_units (self));
      for (int i = 0; i < n_units (self); i++)
        {
          g_array_index (self->picks, guint, i) = picks != NULL ? wb_picks_count_value (picks, index, UNIT (self, i)->id)
                                                                : 0;
          g_array_index (self->pickable, gboolean, i) = wb_pick_list_find (list, UNIT (self, i)->id) != NULL;
        }
      self->badge = g_strdup (list->badge);
    }
  announce_focus (self);
  gtk_widget_queue_draw (self->area);
}

static void
on_play_changed (WbBoardView *self, guint what)
{
  if (what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR))
    wb_board_view_set (self, wb_play_get_game (self->play), wb_play_board (self->play));
}

void
wb_board_view_set_play (WbBoardView *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_BOARD_VIEW (self));
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  if (play != NULL)
    wb_board_view_set (self, wb_play_get_game (play), wb_play_board (play));
  else
    wb_board_view_set (self, NULL, NULL);
}

gboolean
wb_board_view_has_board (WbBoardView *self)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), FALSE);
  return self->board != NULL;
}

guint
wb_board_view_get_picks (WbBoardView *self, const char *unit)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), 0);
  return self->board != NULL ? picks_of (self, wb_board_find_unit (self->board, unit)) : 0;
}

gboolean
wb_board_view_get_pickable (WbBoardView *self, const char *unit)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), FALSE);
  return self->board != NULL && pickable_of (self, wb_board_find_unit (self->board, unit));
}

static int
index_at (WbBoardView *self, double x, double y)
{
  if (self->board == NULL)
    return -1;
  ensure_layout (self);
  for (int i = 0; i < n_units (self); i++)
    if (SHOWN (self, i) && graphene_rect_contains_point (UNIT_RECT (self, i), &GRAPHENE_POINT_INIT (x, y)))
      return i;
  return -1;
}

const char *
wb_board_view_unit_at (WbBoardView *self, double x, double y)
{
  int i;

  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), NULL);
  i = index_at (self, x, y);
  return i >= 0 ? UNIT (self, i)->id : NULL;
}

gboolean
wb_board_view_unit_rect (WbBoardView *self, const char *unit, graphene_rect_t *rect)
{
  int i;

  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), FALSE);
  if (self->board == NULL || (i = wb_board_find_unit (self->board, unit)) < 0)
    return FALSE;
  ensure_layout (self);
  if (!SHOWN (self, i))
    return FALSE;
  if (rect != NULL)
    *rect = *UNIT_RECT (self, i);
  return TRUE;
}

const char *
wb_board_view_get_focus_unit (WbBoardView *self)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), NULL);
  return self->focus >= 0 && self->focus < n_units (self) ? UNIT (self, self->focus)->id : NULL;
}

const char *
wb_board_view_get_title (WbBoardView *self)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->title));
}

const char *
wb_board_view_get_name (WbBoardView *self)
{
  g_return_val_if_fail (WB_IS_BOARD_VIEW (self), NULL);
  return self->board != NULL ? self->board->name : NULL;
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, WbBoardView *self)
{
  int i = index_at (self, x, y);

  gtk_widget_grab_focus (self->area);
  if (i >= 0)
    {
      g_autofree char *id = g_strdup (UNIT (self, i)->id);

      self->focus = i;
      announce_focus (self);
      /* The handler may set another board. */
      g_signal_emit (self, signals[UNIT_ACTIVATED], 0, id);
    }
}

static void
wb_board_view_dispose (GObject *object)
{
  WbBoardView *self = WB_BOARD_VIEW (object);

  g_clear_pointer (&self->board, wb_board_free);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_func (self->play, on_play_changed, self);
  g_clear_object (&self->play);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  g_clear_pointer (&self->title, gtk_widget_unparent);
  g_clear_pointer (&self->area, gtk_widget_unparent);
  G_OBJECT_CLASS (wb_board_view_parent_class)->dispose (object);
}

static void
wb_board_view_finalize (GObject *object)
{
  WbBoardView *self = WB_BOARD_VIEW (object);

  g_array_unref (self->looks);
  g_array_unref (self->box_rects);
  g_array_unref (self->unit_rects);
  g_array_unref (self->shown);
  g_array_unref (self->picks);
  g_array_unref (self->pickable);
  g_free (self->badge);
  G_OBJECT_CLASS (wb_board_view_parent_class)->finalize (object);
}

static void
wb_board_view_class_init (WbBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_board_view_dispose;
  object_class->finalize = wb_board_view_finalize;
  /**
   * WbBoardView::unit-activated:
   * @unit: the unit's id
   */
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-board-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_board_view_init (WbBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->laid_width = -1;
  self->looks = g_array_new (FALSE, TRUE, sizeof (UnitLook));
  self->box_rects = g_array_new (FALSE, TRUE, sizeof (graphene_rect_t));
  self->unit_rects = g_array_new (FALSE, TRUE, sizeof (graphene_rect_t));
  self->shown = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->picks = g_array_new (FALSE, TRUE, sizeof (guint));
  self->pickable = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->title = gtk_label_new (_("No battle"));
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_wrap (GTK_LABEL (self->title), TRUE);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_widget_set_margin_start (self->title, 12);
  gtk_widget_set_margin_top (self->title, 8);
  gtk_widget_set_parent (self->title, GTK_WIDGET (self));
  self->area = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (self->area, TRUE);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->area), 4 * (BLOCK + GAP) + 2 * MARGIN);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw, self, NULL);
  gtk_widget_set_parent (self->area, GTK_WIDGET (self));
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (click));
  /* The keyboard: Tab into the board, the arrows go from unit to unit,
   * Space or Enter does what a click on it does. */
  self->focus = -1;
  gtk_widget_set_focusable (self->area, TRUE);
  gtk_widget_set_tooltip_text (self->area, _("Click a unit, or use the arrow keys and Space, to pick it"));
  {
    GtkEventController *key = gtk_event_controller_key_new ();
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), self);
    gtk_widget_add_controller (self->area, key);
    g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
    gtk_widget_add_controller (self->area, focus);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Battle board"), -1);
}

GtkWidget *
wb_board_view_new (void)
{
  return g_object_new (WB_TYPE_BOARD_VIEW, NULL);
}
