/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "wb-bg-battle-view.h"

/* The board is drawn with cairo in a drawing area under a heading label:
 * boxes are rounded rectangles with their names, units are blocks in the
 * side's colours (designation, SP, the dice in a circle, the morale in a
 * star). The geometry is computed once per size and state (layout ()) and
 * serves both the drawing and the clicks. */

#define BLOCK   58.0
#define GAP      8.0
#define MARGIN  12.0
#define TITLE   20.0

typedef enum {
  BOX_DEF_BACK_RESERVE,
  BOX_DEF_BACK_FAILED,
  BOX_DEF_LINE,
  BOX_DEF_SPECIAL,        /* fortified city line */
  BOX_ATT_LINE,
  BOX_ATT_SPECIAL,        /* river / mountain line */
  BOX_ATT_BACK_RESERVE,
  BOX_ATT_BACK_FAILED,
  BOX_DEF_CANDIDATES,
  BOX_ATT_CANDIDATES,
  N_BOXES,
} Box;

typedef struct {
  char   *name;        /* designation */
  char   *side_name;
  double  fill[3];
  double  ink[3];
} UnitLook;

struct _WbBgBattleView
{
  GtkWidget       parent_instance;

  GtkWidget      *title;
  GtkWidget      *area;
  gboolean        has_battle;
  WbBgBattle      battle;
  UnitLook        looks[WB_BG_BATTLE_MAX_UNITS];
  /* The layout for the area's current width. */
  int             laid_width;
  graphene_rect_t boxes[N_BOXES];
  graphene_rect_t units[WB_BG_BATTLE_MAX_UNITS];
  gboolean        shown[WB_BG_BATTLE_MAX_UNITS];
  int             wanted_height;
  guint           fit_source;
  /* The players' picks (wb_bg_battle_view_set_picks). */
  guint8          picks[WB_BG_BATTLE_MAX_UNITS];
  gboolean        pick_hits;
  guint32         clickable;   /* sets the height the layout wants, after a draw */
  /* Keyboard: the unit the arrows are on (Space/Enter activates it), -1. */
  int             focus_slot;
};

G_DEFINE_FINAL_TYPE (WbBgBattleView, wb_bg_battle_view, GTK_TYPE_WIDGET)

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

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

/* Which box of the board @u stands in. */
static Box
box_of (const WbBgBattleUnit *u)
{
  gboolean att = u->side == WB_BG_ATTACKER;

  switch ((WbBgBox) u->box)
    {
    case WB_BG_BOX_LINE:
      return att ? BOX_ATT_LINE : BOX_DEF_LINE;
    case WB_BG_BOX_CROSSING:
    case WB_BG_BOX_FORTIFIED:
      return att ? BOX_ATT_SPECIAL : BOX_DEF_SPECIAL;
    case WB_BG_BOX_RESERVE:
      return att ? BOX_ATT_BACK_RESERVE : BOX_DEF_BACK_RESERVE;
    case WB_BG_BOX_FAILED:
      return att ? BOX_ATT_BACK_FAILED : BOX_DEF_BACK_FAILED;
    case WB_BG_BOX_OFF:
      return att ? BOX_ATT_CANDIDATES : BOX_DEF_CANDIDATES;
    case WB_BG_BOX_GONE:
    default:
      return N_BOXES;
    }
}

static const char *
box_title (WbBgBattleView *self, Box box)
{
  switch (box)
    {
    case BOX_DEF_LINE:
      return _("Defender Line");
    case BOX_DEF_SPECIAL:
      return _("Fortified City Line (+2 dice)");
    case BOX_ATT_LINE:
      return _("Attacker Line");
    case BOX_ATT_SPECIAL:
      return self->battle.round <= 1 ? _("River / Mountain Line (−1 die)") : _("River / Mountain Line");
    case BOX_DEF_BACK_RESERVE:
    case BOX_ATT_BACK_RESERVE:
      return _("Reserve");
    case BOX_DEF_BACK_FAILED:
    case BOX_ATT_BACK_FAILED:
      return _("Failed Morale");
    case BOX_DEF_CANDIDATES:
    case BOX_ATT_CANDIDATES:
      return _("May reinforce");
    case N_BOXES:
    default:
      return "";
    }
}

/* How many units a box holds now. */
static guint
count_in (WbBgBattleView *self, Box box)
{
  guint n = 0;

  for (int i = 0; i < self->battle.n_units; i++)
    n += box_of (&self->battle.units[i]) == box;
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

/* The board's boxes with @cols blocks across the candidates' column; the
 * height it needs. */
static double
layout_boxes (WbBgBattleView *self, int width, guint cols)
{
  gboolean candidates = count_in (self, BOX_DEF_CANDIDATES) + count_in (self, BOX_ATT_CANDIDATES) > 0;
  double side_w = candidates ? cols * BLOCK + (cols + 1) * GAP : 0;
  double board_w = MAX (4 * (BLOCK + GAP), width - 2 * MARGIN - (candidates ? side_w + GAP : 0));
  double y = MARGIN, half_w = (board_w - GAP) / 2;
  gboolean def_special = self->battle.fortress_capacity > 0 || count_in (self, BOX_DEF_SPECIAL) > 0;
  gboolean att_special = count_in (self, BOX_ATT_SPECIAL) > 0;
  double h;

  self->laid_width = width;
  memset (self->boxes, 0, sizeof self->boxes);
  /* The defender's half: back row, then its line facing the attacker. */
  h = MAX (box_height (half_w, count_in (self, BOX_DEF_BACK_RESERVE)),
           box_height (half_w, count_in (self, BOX_DEF_BACK_FAILED)));
  self->boxes[BOX_DEF_BACK_RESERVE] = GRAPHENE_RECT_INIT (MARGIN, y, half_w, h);
  self->boxes[BOX_DEF_BACK_FAILED] = GRAPHENE_RECT_INIT (MARGIN + half_w + GAP, y, half_w, h);
  y += h + GAP;
  if (def_special)
    {
      double line_w = board_w * 0.58;
      h = MAX (box_height (line_w, count_in (self, BOX_DEF_LINE)),
               box_height (board_w - line_w - GAP, count_in (self, BOX_DEF_SPECIAL)));
      self->boxes[BOX_DEF_LINE] = GRAPHENE_RECT_INIT (MARGIN, y, line_w, h);
      self->boxes[BOX_DEF_SPECIAL] = GRAPHENE_RECT_INIT (MARGIN + line_w + GAP, y, board_w - line_w - GAP, h);
    }
  else
    {
      h = box_height (board_w, count_in (self, BOX_DEF_LINE));
      self->boxes[BOX_DEF_LINE] = GRAPHENE_RECT_INIT (MARGIN, y, board_w, h);
    }
  y += h + 3 * GAP;   /* the front between the two halves */
  if (att_special)
    {
      double line_w = board_w * 0.58;
      h = MAX (box_height (line_w, count_in (self, BOX_ATT_LINE)),
               box_height (board_w - line_w - GAP, count_in (self, BOX_ATT_SPECIAL)));
      self->boxes[BOX_ATT_LINE] = GRAPHENE_RECT_INIT (MARGIN, y, line_w, h);
      self->boxes[BOX_ATT_SPECIAL] = GRAPHENE_RECT_INIT (MARGIN + line_w + GAP, y, board_w - line_w - GAP, h);
    }
  else
    {
      h = box_height (board_w, count_in (self, BOX_ATT_LINE));
      self->boxes[BOX_ATT_LINE] = GRAPHENE_RECT_INIT (MARGIN, y, board_w, h);
    }
  y += h + GAP;
  h = MAX (box_height (half_w, count_in (self, BOX_ATT_BACK_RESERVE)),
           box_height (half_w, count_in (self, BOX_ATT_BACK_FAILED)));
  self->boxes[BOX_ATT_BACK_RESERVE] = GRAPHENE_RECT_INIT (MARGIN, y, half_w, h);
  self->boxes[BOX_ATT_BACK_FAILED] = GRAPHENE_RECT_INIT (MARGIN + half_w + GAP, y, half_w, h);
  if (candidates)
    {
      double x = MARGIN + board_w + GAP;
      double top = self->boxes[BOX_DEF_BACK_RESERVE].origin.y;
      double mid = self->boxes[BOX_ATT_LINE].origin.y;
      double bottom = y + h;

      self->boxes[BOX_DEF_CANDIDATES] = GRAPHENE_RECT_INIT (x, top, side_w, mid - 3 * GAP - top);
      self->boxes[BOX_ATT_CANDIDATES] = GRAPHENE_RECT_INIT (x, mid, side_w, bottom - mid);
    }
  return ceil (y + h + MARGIN);
}

/* Whether the units waiting beside the board fit their boxes. */
static gboolean
candidates_fit (WbBgBattleView *self)
{
  for (Box b = BOX_DEF_CANDIDATES; b <= BOX_ATT_CANDIDATES; b++)
    if (self->boxes[b].size.width > 0 &&
        box_height (self->boxes[b].size.width, count_in (self, b)) > self->boxes[b].size.height + 0.5)
      return FALSE;
  return TRUE;
}

static double
layout (WbBgBattleView *self, int width)
{
  double height = 0;
  guint cols;

  /* Two blocks across beside the board; more when they do not fit. */
  for (cols = 2; cols <= 4; cols++)
    {
      height = layout_boxes (self, width, cols);
      if (candidates_fit (self))
        break;
    }
  /* Still too many: the attacker's box grows downwards (and the board). */
  for (Box b = BOX_DEF_CANDIDATES; b <= BOX_ATT_CANDIDATES; b++)
    if (self->boxes[b].size.width > 0)
      {
        double need = box_height (self->boxes[b].size.width, count_in (self, b));

        if (need > self->boxes[b].size.height)
          {
            if (b == BOX_DEF_CANDIDATES)
              {
                /* Down over the front line's gap: shift the attacker's side. */
                double extra = need - self->boxes[b].size.height;

                self->boxes[b].size.height = need;
                for (Box o = BOX_ATT_LINE; o <= BOX_ATT_BACK_FAILED; o++)
                  self->boxes[o].origin.y += extra;
                self->boxes[BOX_ATT_CANDIDATES].origin.y += extra;
                height += extra;
              }
            else
              {
                height += need - self->boxes[b].size.height;
                self->boxes[b].size.height = need;
              }
          }
      }

  /* The units, in slot order, left to right in their boxes. */
  {
    guint placed[N_BOXES] = { 0 };

    for (int i = 0; i < self->battle.n_units; i++)
      {
        Box box = box_of (&self->battle.units[i]);
        const graphene_rect_t *r;
        guint per_row, k;

        self->shown[i] = box != N_BOXES && self->boxes[box].size.width > 0;
        if (!self->shown[i])
          continue;
        r = &self->boxes[box];
        per_row = MAX (1, (guint) floor ((r->size.width - GAP) / (BLOCK + GAP)));
        k = placed[box]++;
        self->units[i] = GRAPHENE_RECT_INIT (r->origin.x + GAP + (k % per_row) * (BLOCK + GAP),
                                             r->origin.y + TITLE + (k / per_row) * (BLOCK + GAP), BLOCK, BLOCK);
      }
  }
  return height;
}

static gboolean
fit_height (gpointer data)
{
  WbBgBattleView *self = data;

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

static void
draw_unit (WbBgBattleView *self, cairo_t *cr, PangoLayout *pl, int slot)
{
  const WbBgBattleUnit *u = &self->battle.units[slot];
  const UnitLook *look = &self->looks[slot];
  const graphene_rect_t *r = &self->units[slot];
  double x = r->origin.x, y = r->origin.y, s = r->size.width;
  g_autofree char *sp = NULL, *dice = NULL, *morale = NULL;
  int d = wb_bg_battle_unit_dice (&self->battle, slot);

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
  text_at (cr, pl, look->name, x + s / 2, y + s * 0.38, TRUE, 11);
  /* Leaders have no SP. */
  if (u->klass != WB_BG_CLASS_LEADER)
    {
      /* TRANSLATORS: a unit's strength on the battle board: "7 SP" */
      sp = g_strdup_printf (_("%d SP"), u->sp);
      text_at (cr, pl, sp, x + s / 2, y + s * 0.66, FALSE, 10);
    }

  /* The dice it rolls now, in a circle top right (not for units that do
   * not fire: leaders, cavalry, units not in a line). */
  if (u->klass != WB_BG_CLASS_LEADER && u->klass != WB_BG_CLASS_CAVALRY && d > 0)
    {
      dice = g_strdup_printf ("%d", d);
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
      morale = g_strdup_printf ("%d", u->morale);
      draw_star (cr, x + 11, y + 11, 10);
      cairo_set_source_rgb (cr, 0.80, 0.12, 0.15);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      text_at (cr, pl, morale, x + 11, y + 5, TRUE, 9);
    }
  /* Hit this round: a red mark per hit along the bottom. */
  for (int h = 0; h < u->hits && h < 8; h++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x + 8 + h * 7, y + s - 7, 2.6, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      cairo_fill (cr);
    }
  /* What a click may pick: a dashed outline. */
  if ((self->clickable & (1u << slot)) && self->picks[slot] == 0)
    {
      graphene_rect_t out = GRAPHENE_RECT_INIT (x - 3, y - 3, s + 6, s + 6);

      rounded (cr, &out, 7);
      cairo_set_source_rgba (cr, 0.95, 0.65, 0.1, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (self->picks[slot] > 0 && !self->pick_hits)
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
  else if (self->picks[slot] > 0)
    {
      /* Hits being allocated: a red badge "−2" on the block's bottom edge. */
      g_autofree char *badge = g_strdup_printf ("−%u", self->picks[slot]);
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
  WbBgBattleView *self = data;
  g_autoptr(PangoLayout) pl = pango_cairo_create_layout (cr);
  GdkRGBA fg;

  if (!self->has_battle)
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

  for (int b = 0; b < N_BOXES; b++)
    {
      const graphene_rect_t *r = &self->boxes[b];
      gboolean line = b == BOX_DEF_LINE || b == BOX_DEF_SPECIAL || b == BOX_ATT_LINE || b == BOX_ATT_SPECIAL;

      if (r->size.width <= 0)
        continue;
      rounded (cr, r, 8);
      if (line)
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
        pango_layout_set_text (pl, box_title (self, b), -1);
        cairo_move_to (cr, r->origin.x + 8, r->origin.y + 3);
        pango_cairo_show_layout (cr, pl);
        pango_font_description_free (font);
      }
    }
  /* The front between the halves. */
  {
    double fy = self->boxes[BOX_ATT_LINE].origin.y - 1.5 * GAP;
    cairo_set_source_rgba (cr, 0.75, 0.1, 0.1, 0.6);
    cairo_set_line_width (cr, 2);
    cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
    cairo_move_to (cr, MARGIN, fy);
    cairo_line_to (cr, self->boxes[BOX_ATT_LINE].origin.x + self->boxes[BOX_ATT_LINE].size.width +
                       (self->boxes[BOX_ATT_SPECIAL].size.width > 0 ? self->boxes[BOX_ATT_SPECIAL].size.width + GAP : 0),
                   fy);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }
  for (int i = 0; i < self->battle.n_units; i++)
    if (self->shown[i])
      draw_unit (self, cr, pl, i);
  /* The keyboard's unit. */
  if (gtk_widget_has_focus (self->area) && self->focus_slot >= 0 && self->focus_slot < self->battle.n_units &&
      self->shown[self->focus_slot])
    {
      graphene_rect_t r = self->units[self->focus_slot];

      graphene_rect_inset (&r, -5, -5);
      rounded (cr, &r, 6);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 3, 2 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void ensure_layout (WbBgBattleView *self);
#define ensure_layout_early ensure_layout

/* The shown units in reading order: top to bottom, left to right. */
static int
reading_order (WbBgBattleView *self, int *order)
{
  int n = 0;

  ensure_layout_early (self);
  for (int i = 0; i < self->battle.n_units; i++)
    if (self->shown[i])
      order[n++] = i;
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0; b--)
      {
        const graphene_rect_t *p = &self->units[order[b - 1]], *q = &self->units[order[b]];
        gboolean after = p->origin.y > q->origin.y + 1 ||
                         (ABS (p->origin.y - q->origin.y) <= 1 && p->origin.x > q->origin.x);
        int t;

        if (!after)
          break;
        t = order[b - 1], order[b - 1] = order[b], order[b] = t;
      }
  return n;
}

/* The keyboard's unit for screen readers: its name, SP, box and picks. */
static void
announce_focus (WbBgBattleView *self)
{
  g_autofree char *text = NULL;
  int slot = self->focus_slot;

  if (slot < 0 || slot >= self->battle.n_units || !self->shown[slot])
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL);
      return;
    }
  if (self->picks[slot] > 0 && self->pick_hits)
    /* TRANSLATORS: the battle board's unit under the keyboard: name, SP, box, hits picked for it */
    text = g_strdup_printf (_("%s, %d SP, %s, %u hits picked"), self->looks[slot].name, self->battle.units[slot].sp,
                            box_title (self, box_of (&self->battle.units[slot])), self->picks[slot]);
  else if (self->picks[slot] > 0)
    /* TRANSLATORS: the battle board's unit under the keyboard: name, SP, box; picked */
    text = g_strdup_printf (_("%s, %d SP, %s, picked"), self->looks[slot].name, self->battle.units[slot].sp,
                            box_title (self, box_of (&self->battle.units[slot])));
  else
    /* TRANSLATORS: the battle board's unit under the keyboard: name, SP, box */
    text = g_strdup_printf (_("%s, %d SP, %s"), self->looks[slot].name, self->battle.units[slot].sp,
                            box_title (self, box_of (&self->battle.units[slot])));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
move_focus (WbBgBattleView *self, int step, gboolean to_end)
{
  int order[WB_BG_BATTLE_MAX_UNITS];
  int n = reading_order (self, order), at = -1;

  if (n == 0)
    return;
  for (int k = 0; k < n; k++)
    if (order[k] == self->focus_slot)
      at = k;
  if (to_end)
    at = step < 0 ? 0 : n - 1;
  else if (at < 0)
    at = step < 0 ? n - 1 : 0;
  else
    at = CLAMP (at + step, 0, n - 1);
  self->focus_slot = order[at];
  announce_focus (self);
  gtk_widget_queue_draw (self->area);
}

static gboolean
on_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state, WbBgBattleView *self)
{
  if (!self->has_battle || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
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
      if (self->focus_slot < 0 || self->focus_slot >= self->battle.n_units || !self->shown[self->focus_slot])
        return FALSE;
      g_signal_emit (self, signals[UNIT_ACTIVATED], 0, self->focus_slot);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_focus_changed (WbBgBattleView *self)
{
  if (gtk_widget_has_focus (self->area) && (self->focus_slot < 0 || self->focus_slot >= self->battle.n_units ||
                                            !self->shown[self->focus_slot]))
    move_focus (self, -1, TRUE);
  gtk_widget_queue_draw (self->area);
}

/* The name of the side that acts now. */
static const char *
acting_side_name (WbBgBattleView *self)
{
  WbBgSide side;

  wb_bg_battle_stage (&self->battle, &side);
  for (int i = 0; i < self->battle.n_units; i++)
    if (self->battle.units[i].side == side && self->looks[i].side_name != NULL)
      return self->looks[i].side_name;
  return side == WB_BG_ATTACKER ? _("Attacker") : _("Defender");
}

static void
clear_looks (WbBgBattleView *self)
{
  for (int i = 0; i < WB_BG_BATTLE_MAX_UNITS; i++)
    {
      g_clear_pointer (&self->looks[i].name, g_free);
      g_clear_pointer (&self->looks[i].side_name, g_free);
    }
}

void
wb_bg_battle_view_set (WbBgBattleView   *self,
                       WbGame           *game,
                       const WbMatch    *match,
                       const WbBgBattle *battle,
                       const char       *location)
{
  g_autofree char *title = NULL, *summary = NULL;
  WbBgStage stage;

  g_return_if_fail (WB_IS_BG_BATTLE_VIEW (self));
  clear_looks (self);
  self->has_battle = battle != NULL && game != NULL && match != NULL;
  self->laid_width = -1;
  memset (self->picks, 0, sizeof self->picks);
  self->clickable = 0;
  if (!self->has_battle)
    {
      gtk_label_set_text (GTK_LABEL (self->title), _("No battle"));
      gtk_widget_queue_draw (self->area);
      return;
    }
  self->battle = *battle;
  for (int i = 0; i < battle->n_units; i++)
    {
      int index = battle->units[i].index;
      const WbUnitState *st = index >= 0 && (guint) index < match->units->len
                              ? &g_array_index (match->units, WbUnitState, index) : NULL;
      WbUnit *unit = st != NULL ? wb_game_find_unit (game, st->id) : NULL;
      GPtrArray *sides = wb_game_get_sides (game);
      WbSide *side = st != NULL && st->side < sides->len ? g_ptr_array_index (sides, st->side) : NULL;
      const char *designation = unit != NULL ? wb_unit_get_designation (unit) : NULL;

      self->looks[i].name = g_strdup (designation != NULL && *designation ? designation
                                      : unit != NULL ? wb_unit_get_name (unit) : "?");
      self->looks[i].side_name = g_strdup (side != NULL ? side->name : NULL);
      parse_color (side != NULL ? side->color : NULL, self->looks[i].fill, 0.6, 0.6, 0.6);
      parse_color (side != NULL ? side->text_color : NULL, self->looks[i].ink, 0, 0, 0);
    }
  stage = wb_bg_battle_stage (&self->battle, NULL);
  if (stage == WB_BG_STAGE_OVER)
    /* TRANSLATORS: the battle board's heading: the location, the last round */
    title = g_strdup_printf (_("Battle at %s · round %d · over"), location, self->battle.round);
  else
    /* TRANSLATORS: the battle board's heading: the location, the round, the side to act, what it does */
    title = g_strdup_printf (_("Battle at %s · round %d · %s: %s"), location, self->battle.round,
                             acting_side_name (self), wb_bg_battle_stage_name (stage));
  gtk_label_set_text (GTK_LABEL (self->title), title);
  {
    int width = gtk_widget_get_width (self->area);
    self->wanted_height = (int) layout (self, width > 0 ? width : 600);
    gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->area), self->wanted_height);
  }
  /* For screen readers: who stands where. */
  {
    GString *s = g_string_new (title);

    for (int i = 0; i < self->battle.n_units; i++)
      {
        Box box = box_of (&self->battle.units[i]);
        if (box == N_BOXES)
          continue;
        /* TRANSLATORS: a unit on the battle board for screen readers: name, SP, box */
        g_string_append_printf (s, _("; %s %d SP in %s"), self->looks[i].name, self->battle.units[i].sp,
                                box_title (self, box));
      }
    summary = g_string_free (s, FALSE);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary, -1);
  gtk_widget_queue_draw (self->area);
}

static void
ensure_layout (WbBgBattleView *self)
{
  int width = gtk_widget_get_width (self->area);

  if (width <= 0)
    width = 600;
  if (self->laid_width != width)
    layout (self, width);
}

int
wb_bg_battle_view_slot_at (WbBgBattleView *self, double x, double y)
{
  g_return_val_if_fail (WB_IS_BG_BATTLE_VIEW (self), -1);
  if (!self->has_battle)
    return -1;
  ensure_layout (self);
  for (int i = 0; i < self->battle.n_units; i++)
    if (self->shown[i] && graphene_rect_contains_point (&self->units[i], &GRAPHENE_POINT_INIT (x, y)))
      return i;
  return -1;
}

gboolean
wb_bg_battle_view_unit_rect (WbBgBattleView *self, int slot, graphene_rect_t *rect)
{
  g_return_val_if_fail (WB_IS_BG_BATTLE_VIEW (self), FALSE);
  if (!self->has_battle || slot < 0 || slot >= self->battle.n_units)
    return FALSE;
  ensure_layout (self);
  if (!self->shown[slot])
    return FALSE;
  if (rect != NULL)
    *rect = self->units[slot];
  return TRUE;
}

void
wb_bg_battle_view_set_picks (WbBgBattleView *self,
                             const guint8   *counts,
                             gboolean        hits,
                             guint32         clickable)
{
  g_return_if_fail (WB_IS_BG_BATTLE_VIEW (self));
  if (counts != NULL)
    memcpy (self->picks, counts, sizeof self->picks);
  else
    memset (self->picks, 0, sizeof self->picks);
  self->pick_hits = hits;
  self->clickable = counts != NULL ? clickable : 0;
  gtk_widget_queue_draw (self->area);
}

guint
wb_bg_battle_view_get_picks (WbBgBattleView *self,
                             int             slot)
{
  g_return_val_if_fail (WB_IS_BG_BATTLE_VIEW (self), 0);
  return slot >= 0 && slot < WB_BG_BATTLE_MAX_UNITS ? self->picks[slot] : 0;
}

int
wb_bg_battle_view_get_focus_slot (WbBgBattleView *self)
{
  g_return_val_if_fail (WB_IS_BG_BATTLE_VIEW (self), -1);
  return self->focus_slot;
}

const char *
wb_bg_battle_view_get_title (WbBgBattleView *self)
{
  g_return_val_if_fail (WB_IS_BG_BATTLE_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->title));
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, WbBgBattleView *self)
{
  int slot = wb_bg_battle_view_slot_at (self, x, y);

  gtk_widget_grab_focus (self->area);
  if (slot >= 0)
    {
      self->focus_slot = slot;
      announce_focus (self);
      g_signal_emit (self, signals[UNIT_ACTIVATED], 0, slot);
    }
}

static void
wb_bg_battle_view_dispose (GObject *object)
{
  WbBgBattleView *self = WB_BG_BATTLE_VIEW (object);

  clear_looks (self);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  g_clear_pointer (&self->title, gtk_widget_unparent);
  g_clear_pointer (&self->area, gtk_widget_unparent);
  G_OBJECT_CLASS (wb_bg_battle_view_parent_class)->dispose (object);
}

static void
wb_bg_battle_view_class_init (WbBgBattleViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_bg_battle_view_dispose;
  /**
   * WbBgBattleView::unit-activated:
   * @slot: the unit's slot on the board
   */
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-bg-battle-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_bg_battle_view_init (WbBgBattleView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->laid_width = -1;
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
  self->focus_slot = -1;
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
wb_bg_battle_view_new (void)
{
  return g_object_new (WB_TYPE_BG_BATTLE_VIEW, NULL);
}
