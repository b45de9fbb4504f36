/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "wb-chits.h"
#include "wb-game.h"
#include "wb-render.h"
#include "wb-records.h"

/* A chit drawn as its counter (series 2.4's chits: activation, Event,
 * Wild), one renderer for the chit pane and the printed counter sheets
 * (docs/architecture.md: one model, one renderer). */

static void
rounded_square (cairo_t *cr, double x, double y, double size, double radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + size - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + size - radius, y + size - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + size - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* @text centred at @y on at most @lines lines, its font shrunk until its
 * longest word fits the face's width (a name is not broken mid-word). */
static void
face_text (cairo_t    *cr,
           const char *text,
           double      size,
           double      y,
           double      points,
           gboolean    bold,
           int         lines)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  double avail = size * 0.9;
  int w, h, widest = 0;

  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, points * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (guint i = 0; words[i] != NULL; i++)
    {
      pango_layout_set_text (layout, words[i], -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      widest = MAX (widest, w);
    }
  if (widest > avail)
    {
      pango_font_description_set_absolute_size (font, MAX (points * avail / widest, points * 0.55) * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
    }
  pango_layout_set_width (layout, (int) (avail * PANGO_SCALE));
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_height (layout, -lines);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, size * 0.05, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static const char *
face_kind (const WbChit *chit)
{
  switch (chit->kind)
    {
    case WB_CHIT_ACTIVATION:
      switch (chit->level)
        {
        case WB_CHIT_LEVEL_CIC:
          /* Translators: printed on a small chit: a commander-in-chief's chit */
          return C_("chit", "CIC");
        case WB_CHIT_LEVEL_DIVISION:
          /* Translators: printed on a small chit: a division's chit */
          return C_("chit", "DIV");
        case WB_CHIT_LEVEL_BRIGADE:
          /* Translators: printed on a small chit: a brigade's chit */
          return C_("chit", "BDE");
        default:
          g_assert_not_reached ();
        }
    case WB_CHIT_EVENT:
      /* Translators: printed on a small chit: an Event chit */
      return C_("chit", "EVENT");
    case WB_CHIT_WILD:
      /* Translators: printed on a small chit: a Wild chit */
      return C_("chit", "WILD");
    default:
      g_assert_not_reached ();
    }
}

/**
 * wb_render_chit:
 * @cr: the target
 * @game: the game @chit belongs to (its sides' colours)
 * @chit: the chit
 * @size: its side
 *
 * Draws @chit's face over (0, 0)–(@size, @size) at the current matrix: the
 * side's colour (a Wild chit neutral), its level or kind, its name, its
 * Command Rating, a red cross for a leader casualty chit — for the chit
 * pane, the draw cup's checklist and printed counter sheets.
 */
void
wb_render_chit (cairo_t      *cr,
                WbGame       *game,
                const WbChit *chit,
                double        size)
{
  WbSide *side = chit->side != NULL ? wb_game_find_side (game, chit->side) : NULL;
  double r = 0.35, g = 0.35, b = 0.38, tr = 1, tg = 1, tb = 1;
  double s = size - 2;

  if (side != NULL)
    {
      wb_color_parse (side->color, &r, &g, &b);
      if (!wb_color_parse (side->text_color, &tr, &tg, &tb))
        {
          double luma = 0.299 * r + 0.587 * g + 0.114 * b;
          tr = tg = tb = luma > 0.55 ? 0 : 1;
        }
    }

  cairo_save (cr);
  cairo_translate (cr, 1, 1);
  rounded_square (cr, 0.5, 0.5, s - 1, s * 0.08);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, tr, tg, tb);
  face_text (cr, face_kind (chit), s, s * 0.17, s * 0.14, FALSE, 1);
  face_text (cr, chit->name != NULL && *chit->name ? chit->name : chit->id, s, s * 0.5,
             s * (s < 60 ? 0.16 : 0.13), TRUE, 2);
  if (chit->kind == WB_CHIT_ACTIVATION)
    {
      g_autofree char *rating = NULL;

      if (chit->automatic)
        /* Translators: printed on a small chit: activates without a roll */
        rating = g_strdup (C_("chit", "AUTO"));
      else if (chit->command_rating == WB_CHIT_RATING_UNKNOWN)
        rating = g_strdup ("?");
      else if (chit->command_rating >= 0)
        rating = g_strdup_printf ("%d", chit->command_rating);
      if (rating != NULL)
        face_text (cr, rating, s, s * 0.84, s * 0.2, TRUE, 1);
    }

  /* The leader casualty chit (2.4): a red cross in the corner. */
  if (chit->casualty_of != NULL)
    {
      double c = s * 0.2, x = s - c - s * 0.06, y = s * 0.06, t = c / 3;

      cairo_rectangle (cr, x - 1, y - 1, c + 2, c + 2);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
      cairo_rectangle (cr, x + t, y, t, c);
      cairo_rectangle (cr, x, y + t, c, t);
      cairo_set_source_rgb (cr, 0.8, 0.05, 0.05);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

