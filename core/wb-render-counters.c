/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <string.h>

#include "wb-render-private.h"
#include "rules/wb-match.h"

/* --- unit counters ------------------------------------------------------- */

/*
 * One counter, drawn from the unit's data in its game's printed style
 * (WbCounterStyle): SPI's "strength-movement" counters, Blind Swords'
 * brigade-banded "SP-weapon-CR" counters with their lighter battleworn
 * backs, Columbia blocks with the strength of each step on an edge, and
 * the Blue & Gray Campaign Series blocks with morale in a star and dice in
 * a circle. Everything is laid out in fractions of the counter's side, so
 * one drawing serves the map at any zoom, the inspector's preview and
 * exports. Without text (a small zoom) only the shapes are drawn: the type
 * symbol, size bars, colour bands, pips.
 */

typedef struct {
  Render        *r;
  cairo_t       *cr;
  WbGame        *game;
  WbUnit        *unit;
  WbUnitType    *klass;
  WbCounterStyle style;
  const WbStrength *strength;
  int            index;     /* the strength value shown (step, side) */
  gboolean       text;
  Rgb            body;      /* the side's colour */
  Rgb            ink;       /* the side's print */
  gboolean       has_band;
  Rgb            band;      /* the formation's colour */
  const char    *band_name; /* the formation's name */
  double         x, y, c;   /* top-left corner and side */
} Counter;

/* The NATO symbol box and its contents, centred on (cx, cy). */
static void
draw_nato_symbol (cairo_t    *cr,
                  const char *symbol,
                  double      cx,
                  double      cy,
                  double      w,
                  double      h,
                  double      line,
                  Rgb         ink)
{
  double x = cx - w / 2, y = cy - h / 2;

  set_rgb (cr, ink);
  cairo_set_line_width (cr, line);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  if (g_strcmp0 (symbol, "leader") == 0)
    {
      _wb_render_star_path (cr, cx, cy, h * 0.62);
      cairo_fill (cr);
      return;
    }

  cairo_rectangle (cr, x, y, w, h);

  if (g_strcmp0 (symbol, "infantry") == 0 || g_strcmp0 (symbol, "garrison") == 0)
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x, y + h);
      if (symbol[0] == 'g')
        {
          /* A garrison stays put: a base under the box. */
          cairo_stroke (cr);
          cairo_rectangle (cr, x - w * 0.08, y + h, w * 1.16, h * 0.16);
          cairo_fill (cr);
          return;
        }
    }
  else if (g_strcmp0 (symbol, "cavalry") == 0)
    {
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
    }
  else if (g_strcmp0 (symbol, "artillery") == 0)
    {
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy, h * 0.2, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }
  else if (g_strcmp0 (symbol, "hq") == 0)
    {
      /* The headquarters staff. */
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x, y + h * 1.55);
      cairo_stroke (cr);
      cairo_rectangle (cr, x, y, w, h * 0.3);
      cairo_fill (cr);
      return;
    }
  else if (g_strcmp0 (symbol, "pioneer") == 0)
    {
      /* The engineers' bridge. */
      cairo_move_to (cr, cx - w * 0.25, cy + h * 0.2);
      cairo_line_to (cr, cx - w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy + h * 0.2);
      cairo_move_to (cr, cx, cy - h * 0.2);
      cairo_line_to (cr, cx, cy + h * 0.2);
    }
  else if (g_strcmp0 (symbol, "supply") == 0)
    {
      cairo_move_to (cr, x, y + h * 0.7);
      cairo_line_to (cr, x + w, y + h * 0.7);
    }
  else if (g_strcmp0 (symbol, "train") == 0)
    {
      /* Supply with a wheel: the wagons. */
      cairo_move_to (cr, x, y + h * 0.7);
      cairo_line_to (cr, x + w, y + h * 0.7);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, y + h * 0.38, h * 0.17, 0, 2 * G_PI);
    }

  cairo_stroke (cr);
}

/* "III", "XX": bars and crosses drawn as shapes, the same on every host;
 * anything else is printed. Centred on (cx, bottom - h / 2). */
static void
draw_size_marking (Counter    *k,
                   const char *size,
                   double      cx,
                   double      bottom,
                   double      h)
{
  cairo_t *cr = k->cr;
  gsize n = size != NULL ? strlen (size) : 0;
  double gap = h * 0.45, w;

  if (n == 0 || n > 4)
    return;
  if (strspn (size, "I") == n)
    {
      w = (n - 1) * gap;
      for (gsize i = 0; i < n; i++)
        {
          cairo_move_to (cr, cx - w / 2 + i * gap, bottom);
          cairo_line_to (cr, cx - w / 2 + i * gap, bottom - h);
        }
    }
  else if (strspn (size, "X") == n)
    {
      double xw = h * 0.75;

      w = n * xw + (n - 1) * h * 0.2;
      for (gsize i = 0; i < n; i++)
        {
          double x0 = cx - w / 2 + i * (xw + h * 0.2);

          cairo_move_to (cr, x0, bottom - h);
          cairo_line_to (cr, x0 + xw, bottom);
          cairo_move_to (cr, x0 + xw, bottom - h);
          cairo_line_to (cr, x0, bottom);
        }
    }
  else
    {
      if (k->text)
        _wb_render_draw_text (k->r, FONT_COUNTER_BOLD, h * 1.1, size, cx, bottom, 0.5, 1.0,
                              k->ink, NULL);
      return;
    }
  set_rgb (cr, k->ink);
  cairo_set_line_width (cr, h * 0.2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
}

/* Text no wider than @width: the size shrinks for long names (an estimate
 * from the length: measuring every label would double the cost of a frame
 * full of counters). */
static void
draw_fitted_text (Counter    *k,
                  Font        font,
                  double      size,
                  const char *s,
                  double      x,
                  double      y,
                  double      ax,
                  double      ay,
                  double      width,
                  Rgb         ink)
{
  glong len;
  double est;

  if (s == NULL || *s == '\0')
    return;
  len = g_utf8_strlen (s, -1);
  est = len * size * (font == FONT_COUNTER_BOLD ? 0.52 : 0.47);
  if (est > width)
    size *= width / est;
  _wb_render_draw_text (k->r, font, size, s, x, y, ax, ay, ink, NULL);
}

/* Strength in halves as printed: "C" for the cadre ½, "2½" for odd halves. */
static char *
halves_to_string (int halves)
{
  if (halves == 1)
    return g_strdup ("C");
  if (halves % 2 == 0)
    return g_strdup_printf ("%d", halves / 2);
  return g_strdup_printf ("%d½", halves / 2);
}

/* The printed value of the attribute in @slot, or NULL. */
static char *
slot_text (Counter       *k,
           WbCounterSlot  slot)
{
  const WbAttrValue *v = wb_unit_get_attr (k->unit, wb_counter_slot_attr (k->game, slot));

  if (v == NULL)
    return NULL;
  switch (v->type)
    {
    case WB_ATTR_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, v->i);
    case WB_ATTR_NUMBER:
      return v->d == 0.5 ? g_strdup ("C") : g_strdup_printf ("%g", v->d);
    case WB_ATTR_STRING:
    case WB_ATTR_FIREPOWER:
      return v->s != NULL && *v->s != '\0' ? g_strdup (v->s) : NULL;
    case WB_ATTR_BOOL:
    default:
      return NULL;
    }
}

/* A leader printed without strength (0 SP) shows none. */
static gboolean
no_strength (Counter *k)
{
  return k->strength->halves[k->index] == 0 && k->klass != NULL &&
         g_strcmp0 (k->klass->symbol, "leader") == 0;
}

static void
counter_body (Counter *k,
              Rgb      fill)
{
  cairo_t *cr = k->cr;

  cairo_rectangle (cr, k->x, k->y, k->c, k->c);
  set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  set_rgb (cr, rgb_shade (k->body, 0.45));
  cairo_set_line_width (cr, MAX (k->c * 0.025, k->r->px * 0.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke (cr);
}

static double
symbol_line (Counter *k,
             double   f)
{
  return MAX (k->c * f, k->r->px * 0.5);
}

/* SPI: the size over the NATO box, the designation at the top, and
 * "strength-movement" along the bottom (rulebook 004, 3.0: Unit Size,
 * Unit Designation, Unit Type, Combat Strength). */
static void
draw_spi (Counter *k)
{
  double x = k->x, y = k->y, c = k->c, cx = x + c / 2;
  const char *symbol = k->klass != NULL ? k->klass->symbol : NULL;

  counter_body (k, k->body);
  if (k->has_band)
    {
      cairo_rectangle (k->cr, x + c * 0.0125, y + c * 0.0125, c * 0.975, c * 0.09);
      set_rgb (k->cr, k->band);
      cairo_fill (k->cr);
    }

  if (!k->text)
    {
      draw_nato_symbol (k->cr, symbol, cx, y + c * 0.5, c * 0.5, c * 0.32, symbol_line (k, 0.05), k->ink);
      draw_size_marking (k, wb_unit_get_size (k->unit), cx, y + c * 0.3, c * 0.1);
      return;
    }

  draw_nato_symbol (k->cr, symbol, cx, y + c * 0.5, c * 0.46, c * 0.27, symbol_line (k, 0.035), k->ink);
  draw_size_marking (k, wb_unit_get_size (k->unit), cx, y + c * 0.335, c * 0.085);
  draw_fitted_text (k, FONT_COUNTER, c * 0.15, wb_unit_get_designation (k->unit),
                    cx, y + c * (k->has_band ? 0.1 : 0.04), 0.5, 0.0, c * 0.9, k->ink);
  {
    g_autofree char *sp = halves_to_string (k->strength->halves[k->index]);
    g_autofree char *mv = slot_text (k, WB_COUNTER_SLOT_MOVEMENT);
    g_autofree char *line = mv != NULL ? g_strdup_printf ("%s-%s", sp, mv) : g_strdup (sp);

    if (!no_strength (k))
      draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.25, line, cx, y + c * 0.99, 0.5, 1.0,
                      c * 0.92, k->ink);
  }
}

/* Blind Swords (rulebook 002, 2.1): the brigade in its colour at the top,
 * the regiment in the middle, "SP-weapon-CR" at the bottom; the battleworn
 * side has a lighter background and its own SP and CR. */
static void
draw_blind_swords (Counter *k)
{
  cairo_t *cr = k->cr;
  double x = k->x, y = k->y, c = k->c, cx = x + c / 2;
  gboolean worn = k->strength->kind == WB_STRENGTH_SIDES && k->index > 0;
  Rgb fill = worn ? rgb_mix (k->body, WHITE, 0.5) : k->body;
  Rgb ink = worn && rgb_luminance (fill) > 0.55 ? INK : k->ink;
  const char *symbol = k->klass != NULL ? k->klass->symbol : NULL;
  double band_h = c * 0.24;

  counter_body (k, fill);
  /* Every regiment shows its brigade; without a colour of its own, in a
   * darker shade of the side's. */
  if (k->has_band || k->band_name != NULL)
    {
      Rgb band = k->has_band ? k->band : rgb_mix (k->body, INK, 0.4);

      band = worn ? rgb_mix (band, WHITE, 0.35) : band;

      cairo_rectangle (cr, x + c * 0.0125, y + c * 0.0125, c * 0.975, band_h);
      set_rgb (cr, band);
      cairo_fill (cr);
      if (k->text)
        draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.15, k->band_name, cx, y + c * 0.0125 + band_h / 2,
                          0.5, 0.5, c * 0.9, rgb_luminance (band) < 0.5 ? WHITE : INK);
    }

  if (!k->text)
    {
      draw_nato_symbol (cr, symbol, cx, y + c * 0.58, c * 0.46, c * 0.3, symbol_line (k, 0.05), ink);
      return;
    }

  /* Cavalry's horse is brown on the counter (rulebook 002, 2.1). */
  draw_nato_symbol (cr, symbol, cx, y + c * 0.44, c * 0.3, c * 0.17, symbol_line (k, 0.03),
                    g_strcmp0 (symbol, "cavalry") == 0 ? rgb (0.55, 0.33, 0.14) : ink);
  draw_fitted_text (k, FONT_COUNTER, c * 0.16, wb_unit_get_designation (k->unit),
                    cx, y + c * 0.63, 0.5, 0.5, c * 0.92, ink);
  {
    g_autofree char *sp = halves_to_string (k->strength->halves[k->index]);
    g_autofree char *weapon = slot_text (k, WB_COUNTER_SLOT_WEAPON);
    g_autofree char *cr_text = slot_text (k, worn ? WB_COUNTER_SLOT_COHESION_WORN
                                                  : WB_COUNTER_SLOT_COHESION);
    g_autoptr(GString) line = g_string_new (sp);

    if (worn && cr_text == NULL)
      cr_text = slot_text (k, WB_COUNTER_SLOT_COHESION);
    if (weapon != NULL)
      g_string_append_printf (line, "-%s", weapon);
    if (cr_text != NULL)
      g_string_append_printf (line, "-%s", cr_text);
    if (!no_strength (k))
      draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.22, line->str, cx, y + c * 0.98, 0.5, 1.0,
                      c * 0.92, ink);
  }
}

/* A block seen from above: the wooden body (its side colour, darker at the
 * edge) with a lighter label on its face. Returns the label's inset. */
static double
draw_block_body (Counter *k,
                 gboolean label)
{
  cairo_t *cr = k->cr;
  double x = k->x, y = k->y, c = k->c, inset = c * 0.08;

  cairo_rectangle (cr, x, y, c, c);
  set_rgb (cr, rgb_shade (k->body, 0.8));
  cairo_fill (cr);
  cairo_rectangle (cr, x + c * 0.03, y + c * 0.03, c * 0.94, c * 0.94);
  set_rgb (cr, k->body);
  cairo_fill (cr);
  cairo_rectangle (cr, x, y, c, c);
  set_rgb (cr, rgb_shade (k->body, 0.45));
  cairo_set_line_width (cr, MAX (c * 0.02, k->r->px * 0.5));
  cairo_stroke (cr);
  if (label)
    {
      /* Blue labels on blue blocks, butternut on grey (rulebook 001, 4.0). */
      Rgb paper = rgb (0.90, 0.84, 0.68);
      Rgb l = rgb_mix (k->body, rgb_luminance (k->body) < 0.45 ? WHITE : paper, 0.45);

      cairo_rectangle (cr, x + inset, y + inset, c - 2 * inset, c - 2 * inset);
      set_rgb (cr, l);
      cairo_fill (cr);
      k->ink = rgb_luminance (l) < 0.5 ? WHITE : INK;
    }
  return inset;
}

/* @value pips in a row centred on (cx, cy), @gap apart. */
static void
draw_pips (cairo_t *cr,
           int      value,
           double   cx,
           double   cy,
           double   gap,
           double   radius)
{
  double w = (value - 1) * gap;

  for (int i = 0; i < value; i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx - w / 2 + i * gap, cy, radius, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* The label's frame: the origin at the block's centre, turned 90°
 * counter-clockwise per step taken (rulebook 001, 4.12), so the current
 * strength stands upright on the top edge. */
static void
block_turn (Counter *k)
{
  cairo_translate (k->cr, k->x + k->c / 2, k->y + k->c / 2);
  if (k->strength->kind == WB_STRENGTH_STEPS && k->strength->n > 1)
    cairo_rotate (k->cr, -G_PI / 2 * (k->index % 4));
}

/* The strength values, one per edge (step i on the edge that comes to the
 * top after i turns), or around the centre at @radius for more than four. */
static void
draw_strength_ring (Counter *k,
                    double   radius,
                    double   size,
                    gboolean pips,
                    int      red)
{
  cairo_t *cr = k->cr;
  const WbStrength *s = k->strength;
  int n = s->kind == WB_STRENGTH_STEPS ? s->n : 1;
  int first = s->kind == WB_STRENGTH_STEPS ? 0 : k->index;

  if (n == 1 && no_strength (k))
    return;

  for (int i = 0; i < n; i++)
    {
      int halves = s->halves[n > 1 ? i : first];
      Rgb ink = i == red && n > 1 ? rgb (0.75, 0.1, 0.08) : k->ink;

      cairo_save (cr);
      cairo_rotate (cr, 2 * G_PI * i / MAX (n, 4));
      set_rgb (cr, ink);
      if (pips && halves % 2 == 0 && halves <= 12)
        draw_pips (cr, halves / 2, 0, -radius, size * 0.62, size * 0.2);
      else if (k->text)
        {
          g_autofree char *t = halves_to_string (halves);
          _wb_render_draw_text (k->r, FONT_COUNTER_BOLD, size, t, 0, -radius, 0.5, 0.5, ink, NULL);
        }
      cairo_restore (cr);
    }
}

/* Columbia block (rulebook 001, 4.1): strength on the edges, current on
 * top; the type symbol in the middle; the name above and firepower below. */
static void
draw_block (Counter *k)
{
  cairo_t *cr = k->cr;
  double c = k->c, inset;
  const char *symbol = k->klass != NULL ? k->klass->symbol : NULL;

  inset = draw_block_body (k, TRUE);
  cairo_save (cr);
  block_turn (k);
  draw_strength_ring (k, c / 2 - inset - c * 0.075, c * 0.15, !k->text, -1);
  draw_nato_symbol (cr, symbol, 0, k->text ? -c * 0.02 : 0, c * 0.34, c * 0.2,
                    symbol_line (k, k->text ? 0.03 : 0.045), k->ink);
  if (k->text)
    {
      g_autofree char *fp = slot_text (k, WB_COUNTER_SLOT_FIREPOWER);

      draw_fitted_text (k, FONT_COUNTER, c * 0.11, wb_unit_get_designation (k->unit),
                        0, -c * 0.14, 0.5, 1.0, c * 0.6, k->ink);
      draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.12, fp, 0, c * 0.1, 0.5, 0.0, c * 0.5, k->ink);
    }
  cairo_restore (cr);
}

/* The battle dice a B&G block of @sp strength rolls when its label does
 * not print them as an attribute: the game's dice-pool table, whose rows
 * are strength points and whose first column is battle fire (rulebook
 * 003, 11.2: "A 6 SP unit would roll 4 dice"); above the last row its
 * value, as the rules family reads it. 0 without such a table. */
static int
table_dice (WbGame *game,
            int     sp)
{
  GPtrArray *tables = wb_game_get_tables (game);

  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      GPtrArray *rows = wb_table_get_rows (t);
      int dice = 0;

      if (wb_table_get_kind (t) != WB_TABLE_DICE_POOL)
        continue;
      for (guint r = 0; r < rows->len; r++)
        {
          WbTableRow *row = g_ptr_array_index (rows, r);
          int hi = MAX (row->hi, row->lo);
          int v = row->cells->len > 0
                    ? (int) g_ascii_strtoll (g_ptr_array_index (row->cells, 0), NULL, 10) : 0;

          if (sp >= row->lo && v > 0)
            dice = v;
          if (sp <= hi)
            break;
        }
      return dice;
    }
  return 0;
}

/* The label's dice circle: the unit's dice attribute, else (a unit with a
 * morale rating, one that stands in the battle line) the dice its strength
 * rolls; NULL for cavalry that only screens and for leaders, which never
 * fire (rulebook 003, 11.2). */
static char *
bg_dice_text (Counter *k)
{
  char *dice = slot_text (k, WB_COUNTER_SLOT_DICE);
  const WbAttrValue *morale;
  int n;

  if (dice != NULL)
    return dice;
  morale = wb_unit_get_attr (k->unit, wb_counter_slot_attr (k->game, WB_COUNTER_SLOT_MORALE));
  if (morale == NULL || k->strength->halves[k->index] < 2)
    return NULL;
  n = table_dice (k->game, k->strength->halves[k->index] / 2);
  return n > 0 ? g_strdup_printf ("%d", n) : NULL;
}

/* Whether every value of the block's strength is 0: screening cavalry and
 * leaders, whose labels print no strength points. */
static gboolean
bg_no_strength (Counter *k)
{
  int n = k->strength->kind == WB_STRENGTH_SINGLE ? 1 : k->strength->n;

  for (int i = 0; i < n; i++)
    if (k->strength->halves[i] != 0)
      return FALSE;
  return TRUE;
}

/* Blue & Gray Campaign Series label (rulebook 000, 3; 003, 3): morale in a
 * star top left, battle dice in a circle top right, the type icon in the
 * centre, the identifier bottom right, a cavalry's screen number bottom
 * left ("a single number in the lower left corner, normally 2 or 3", 003,
 * 10), the strength around the centre with the current value upright at
 * top centre and the lowest in red. */
static void
draw_bg_campaign (Counter *k)
{
  cairo_t *cr = k->cr;
  double c = k->c, inset, h;
  const char *symbol = k->klass != NULL ? k->klass->symbol : NULL;
  g_autofree char *morale = slot_text (k, WB_COUNTER_SLOT_MORALE);
  g_autofree char *dice = bg_dice_text (k);
  g_autofree char *screen = slot_text (k, WB_COUNTER_SLOT_SCREEN);
  int lowest = k->strength->kind == WB_STRENGTH_STEPS ? k->strength->n - 1 : -1;

  inset = draw_block_body (k, TRUE);
  h = c / 2 - inset;
  cairo_save (cr);
  block_turn (k);

  if (morale != NULL)
    {
      double sx = -h + c * 0.13, sy = -h + c * 0.13;

      _wb_render_star_path (cr, sx, sy, c * 0.13);
      set_rgb (cr, rgb (0.78, 0.12, 0.1));
      cairo_fill (cr);
      if (k->text)
        _wb_render_draw_text (k->r, FONT_COUNTER_BOLD, c * 0.12, morale, sx, sy + c * 0.01, 0.5, 0.5,
                              WHITE, NULL);
    }
  if (dice != NULL)
    {
      double dx = h - c * 0.12, dy = -h + c * 0.12;

      cairo_new_sub_path (cr);
      cairo_arc (cr, dx, dy, c * 0.1, 0, 2 * G_PI);
      set_rgb (cr, WHITE);
      cairo_fill_preserve (cr);
      set_rgb (cr, k->ink);
      cairo_set_line_width (cr, symbol_line (k, 0.015));
      cairo_stroke (cr);
      if (k->text)
        _wb_render_draw_text (k->r, FONT_COUNTER_BOLD, c * 0.13, dice, dx, dy, 0.5, 0.5, INK, NULL);
    }
  if (screen != NULL)
    {
      if (k->text)
        draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.17, screen, -h + c * 0.03, h, 0.0, 1.0,
                          c * 0.3, k->ink);
      else
        {
          /* Shapes only: the number as pips, as the strength is drawn. */
          const WbAttrValue *v = wb_unit_get_attr (k->unit, wb_counter_slot_attr (k->game,
                                                                                   WB_COUNTER_SLOT_SCREEN));

          if (v != NULL && v->type == WB_ATTR_INT && v->i > 0 && v->i <= 6)
            {
              set_rgb (cr, k->ink);
              draw_pips (cr, (int) v->i, -h + c * 0.06 + (v->i - 1) * c * 0.04, h - c * 0.07,
                         c * 0.08, c * 0.028);
            }
        }
    }

  draw_nato_symbol (cr, symbol, 0, 0, c * 0.3, c * 0.18, symbol_line (k, k->text ? 0.028 : 0.04), k->ink);
  if (!bg_no_strength (k))
    draw_strength_ring (k, k->text ? c * 0.23 : c * 0.2, k->text ? c * 0.16 : c * 0.12, !k->text, lowest);
  if (k->text)
    draw_fitted_text (k, FONT_COUNTER_BOLD, c * 0.14, wb_unit_get_designation (k->unit),
                      h - c * 0.02, h, 1.0, 1.0, c * 0.4, k->ink);
  cairo_restore (cr);
}

/* Fog of war: the back of a counter, or a block standing with its label
 * away. Only the side shows; nothing of the unit is drawn. */
static void
draw_hidden (Counter *k)
{
  if (k->style == WB_COUNTER_STYLE_BLOCK || k->style == WB_COUNTER_STYLE_BG_CAMPAIGN)
    draw_block_body (k, FALSE);
  else
    counter_body (k, k->body);
}

/* The formation's colour, or the nearest one above it that has one. */
static WbFormation *
band_formation (WbGame     *game,
                const char *id)
{
  for (int depth = 0; id != NULL && depth < 16; depth++)
    {
      WbFormation *f = wb_game_find_formation (game, id);

      if (f == NULL)
        return NULL;
      if (f->color != NULL)
        return f;
      id = f->parent;
    }
  return NULL;
}

static void
draw_counter (Render                 *r,
              WbUnit                 *unit,
              double                  x,
              double                  y,
              double                  c,
              const WbCounterOptions *o)
{
  WbSide *side = wb_game_find_side (r->game, wb_unit_get_side (unit));
  g_autofree char *band_short = NULL;
  Counter k = { 0, };

  k.r = r;
  k.cr = r->cr;
  k.game = r->game;
  k.unit = unit;
  k.klass = wb_game_find_unit_class (r->game, wb_unit_get_class_id (unit));
  k.style = wb_counter_style_for_game (r->game);
  k.strength = wb_unit_get_strength (unit);
  k.index = o->step >= 0 ? MIN (o->step, MAX (k.strength->n, 1) - 1) : k.strength->current;
  /* On a match's map, the side or step the match has the unit on: the
   * step whose printed value is its current strength. */
  if (o->step < 0 && r->options != NULL && r->options->match != NULL)
    {
      const WbUnitState *u = wb_match_find_unit ((WbMatch *) r->options->match, wb_unit_get_id (unit));

      for (guint j = 0; u != NULL && j < k.strength->n && j < WB_STRENGTH_MAX_STEPS; j++)
        if (k.strength->halves[j] == u->halves)
          {
            k.index = j;
            break;
          }
    }
  k.text = o->text;
  k.body = rgb_parse (side != NULL ? side->color : NULL, rgb (0.8, 0.8, 0.8));
  k.ink = rgb_parse (side != NULL ? side->text_color : NULL,
                     rgb_luminance (k.body) < 0.5 ? WHITE : INK);
  k.x = x;
  k.y = y;
  k.c = c;

  if (o->bleed > 0)
    {
      gboolean worn = k.style == WB_COUNTER_STYLE_BLIND_SWORDS && !o->hidden &&
                      k.strength->kind == WB_STRENGTH_SIDES && k.index > 0;
      gboolean block = k.style == WB_COUNTER_STYLE_BLOCK || k.style == WB_COUNTER_STYLE_BG_CAMPAIGN;

      cairo_rectangle (r->cr, x - o->bleed, y - o->bleed, c + 2 * o->bleed, c + 2 * o->bleed);
      set_rgb (r->cr, worn ? rgb_mix (k.body, WHITE, 0.5) : block ? rgb_shade (k.body, 0.8) : k.body);
      cairo_fill (r->cr);
    }
  if (o->hidden)
    {
      draw_hidden (&k);
      return;
    }

  {
    WbFormation *f = band_formation (r->game, wb_unit_get_formation (unit));
    WbFormation *own = wb_game_find_formation (r->game, wb_unit_get_formation (unit));

    k.has_band = f != NULL && wb_color_parse (f->color, &k.band.r, &k.band.g, &k.band.b);
    /* A brigade's band (rulebook 002, 2.1); units under a division or
     * the army (leaders, batteries) print none unless it has a colour. */
    k.band_name = own != NULL && g_strcmp0 (own->echelon, "brigade") == 0 ? own->name : NULL;
    /* "DeCourcy's Brigade" prints as "DeCourcy's". */
    if (k.band_name != NULL && g_str_has_suffix (k.band_name, " Brigade") &&
        strlen (k.band_name) > strlen (" Brigade"))
      {
        band_short = g_strndup (k.band_name, strlen (k.band_name) - strlen (" Brigade"));
        k.band_name = band_short;
      }
  }

  switch (k.style)
    {
    case WB_COUNTER_STYLE_BLIND_SWORDS:
      draw_blind_swords (&k);
      break;
    case WB_COUNTER_STYLE_BLOCK:
      draw_block (&k);
      break;
    case WB_COUNTER_STYLE_BG_CAMPAIGN:
      draw_bg_campaign (&k);
      break;
    case WB_COUNTER_STYLE_AUTO:
    case WB_COUNTER_STYLE_SPI:
    default:
      draw_spi (&k);
      break;
    }
}

/* A square counter of side @c centred on (cx, cy), on the map: with a
 * shadow, face up, in the unit's current state. */
void
_wb_render_draw_counter (Render     *r,
                         WbUnit     *unit,
                         double      cx,
                         double      cy,
                         double      c,
                         gboolean    text)
{
  /* The side in device pixels under which a style's smallest print
   * (a block's edge numbers, SPI's strength-movement) cannot be read. */
  static const double min_text_px[] = {
    [WB_COUNTER_STYLE_AUTO] = 24,
    [WB_COUNTER_STYLE_SPI] = 24,
    [WB_COUNTER_STYLE_BLIND_SWORDS] = 28,
    [WB_COUNTER_STYLE_BLOCK] = 36,
    [WB_COUNTER_STYLE_BG_CAMPAIGN] = 36,
  };
  WbCounterOptions o;

  wb_counter_options_init (&o);
  o.text = text && c * r->scale >= min_text_px[wb_counter_style_for_game (r->game)];
  o.hidden = r->options->viewer_side != NULL &&
             g_strcmp0 (r->options->viewer_side, wb_unit_get_side (unit)) != 0;
  /* A block a battle revealed shows its face to the enemy too. */
  if (o.hidden && r->options->match != NULL)
    {
      const WbUnitState *u = wb_match_find_unit ((WbMatch *) r->options->match, wb_unit_get_id (unit));
      if (u != NULL && (u->flags & WB_UNIT_REVEALED))
        o.hidden = FALSE;
    }
  cairo_rectangle (r->cr, cx - c / 2 + c * 0.06, cy - c / 2 + c * 0.06, c, c);
  cairo_set_source_rgba (r->cr, 0, 0, 0, 0.3);
  cairo_fill (r->cr);
  draw_counter (r, unit, cx - c / 2, cy - c / 2, c, &o);
  /* The family's status marker (a Shaken marker), as a tag across the
   * counter's foot, seen by both sides as the marker on the table is. */
  if (r->options->match != NULL)
    {
      const WbUnitState *u = wb_match_find_unit ((WbMatch *) r->options->match, wb_unit_get_id (unit));

      if (u != NULL && u->badge != NULL)
        {
          double h = c * 0.26;

          cairo_rectangle (r->cr, cx - c / 2, cy + c / 2 - h, c, h);
          cairo_set_source_rgba (r->cr, 0.62, 0.08, 0.06, 0.92);
          cairo_fill (r->cr);
          if (text && c * r->scale >= 20)
            _wb_render_draw_text (r, FONT_COUNTER_BOLD, h * 0.72, u->badge, cx, cy + c / 2 - h / 2, 0.5, 0.5,
                                  WHITE, NULL);
        }
    }
}

/**
 * wb_counter_options_init:
 * @options: options to fill
 *
 * Face up, in the unit's current state, with text, 48 units wide.
 */
void
wb_counter_options_init (WbCounterOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->size = 48;
  options->step = -1;
  options->text = TRUE;
}

/**
 * wb_render_counter:
 * @cr: the target
 * @game: the game @unit belongs to (its sides, classes, formations, style)
 * @unit: the unit
 * @options: (nullable): size, face, step; NULL for the defaults
 *
 * Draws @unit's counter or block in its game's style
 * (wb_counter_style_for_game ()) over (0, 0)–(size, size) at the current
 * matrix, as the map draws it: for previews, counter sheets and tests.
 * @cr's state is restored.
 */
void
wb_render_counter (cairo_t                *cr,
                   WbGame                 *game,
                   WbUnit                 *unit,
                   const WbCounterOptions *options)
{
  WbCounterOptions defaults;
  WbRenderOptions ro;
  Render r;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (WB_IS_UNIT (unit));

  if (options == NULL)
    {
      wb_counter_options_init (&defaults);
      options = &defaults;
    }
  if (!(options->size > 0))
    return;

  wb_render_options_init (&ro);
  ro.scale = 0;   /* from the matrix */
  cairo_save (cr);
  cairo_new_path (cr);
  _wb_render_begin (&r, game, cr, &ro);
  draw_counter (&r, unit, 0, 0, options->size, options);
  _wb_render_end (&r);
  cairo_new_path (cr);
  cairo_restore (cr);
}

/* --- where the units start ------------------------------------------------ */

static gboolean
scenario_is_for_map (WbScenario *scenario,
                     WbMap      *map)
{
  const char *map_id = wb_scenario_get_map (scenario);

  return map_id == NULL || g_strcmp0 (map_id, wb_map_get_id (map)) == 0;
}

/* The set-up lines (WbSetup) of the scenario being drawn, or NULL when
 * there is none or it is played on another map. */
GPtrArray *
_wb_render_setup_for_map (Render *r,
                          WbMap  *map)
{
  WbScenario *scenario = r->options->scenario;

  if (scenario == NULL || !scenario_is_for_map (scenario, map))
    return NULL;

  return wb_scenario_get_setup (scenario);
}

/* Where @line puts its unit, or NULL when it names no place or only
 * applies under an option that is not chosen. */
WbPlace *
_wb_render_setup_place (WbSetup *line)
{
  if (line->at == NULL || line->at->len == 0 ||
      !wb_scenario_applies (line->option, line->unless, NULL))
    return NULL;

  return &g_array_index (line->at, WbPlace, 0);
}


GArray *
_wb_render_placed_units (Render *r,
                         WbMap  *map)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (WbRenderPlaced));
  const WbMatch *m = r->options->match;

  if (m != NULL)
    {
      if (m->map != map)
        return out;
      for (guint i = 0; i < m->units->len; i++)
        {
          const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          WbRenderPlaced p = { u->id, WB_PLACE_HEX, "" };

          if (!(u->flags & WB_UNIT_IN_SCENARIO))
            continue;
          if (u->where.kind == WB_WHERE_HEX && WB_IS_HEX_MAP (map))
            wb_hex_map_format_hex (WB_HEX_MAP (map), u->where.hex, p.ref, sizeof p.ref);
          else if (u->where.kind == WB_WHERE_LOCATION && u->where.place != NULL)
            {
              p.kind = WB_PLACE_LOCATION;
              g_strlcpy (p.ref, u->where.place, sizeof p.ref);
            }
          else
            continue;
          g_array_append_val (out, p);
        }
      return out;
    }
  {
    GPtrArray *setup = _wb_render_setup_for_map (r, map);

    for (guint i = 0; setup != NULL && i < setup->len; i++)
      {
        WbSetup *line = g_ptr_array_index (setup, i);
        WbPlace *place = _wb_render_setup_place (line);
        WbRenderPlaced p = { line->unit, 0, "" };

        if (place == NULL || place->ref == NULL)
          continue;
        p.kind = place->kind;
        g_strlcpy (p.ref, place->ref, sizeof p.ref);
        g_array_append_val (out, p);
      }
  }
  return out;
}
