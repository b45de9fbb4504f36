/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-chit-editor"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-chit-editor-private.h"

/* A chit drawn as its counter (the list's rows, the form's preview, the
 * draw cup's checklist): the side's colour, its level or kind, its name,
 * its Command Rating, a red cross for a leader casualty chit; and the
 * words the list says of a chit and of its group. */

#define FACE_CHIT "wb-face-chit"

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

void
_wb_chit_draw_face (cairo_t      *cr,
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

static void
draw_face (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  WbChitEditor *self = data;
  const char *id = g_object_get_data (G_OBJECT (area), FACE_CHIT);
  WbChit *chit;

  if (self->game == NULL)
    return;
  if (id == NULL)
    id = self->selected;
  chit = id != NULL ? wb_game_find_chit (self->game, id) : NULL;
  if (chit != NULL)
    _wb_chit_draw_face (cr, self->game, chit, MIN (width, height));
}

GtkWidget *
_wb_chit_face_new (WbChitEditor *self,
                   const char   *id,
                   int           size)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_face, self, NULL);
  g_object_set_data (G_OBJECT (area), FACE_CHIT, (gpointer) id);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_accessible_update_state (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return area;
}

char *
_wb_chit_summary (const WbChit *chit)
{
  switch (chit->kind)
    {
    case WB_CHIT_ACTIVATION:
      {
        const char *level = chit->level == WB_CHIT_LEVEL_CIC ? _("CIC")
                          : chit->level == WB_CHIT_LEVEL_DIVISION ? _("Division") : _("Brigade");
        g_autofree char *rating = NULL;
        g_autofree char *text = NULL;

        if (chit->automatic)
          rating = g_strdup (_("automatic"));
        else if (chit->command_rating == WB_CHIT_RATING_UNKNOWN)
          /* Translators: a chit's command rating not printed in the rulebook text */
          rating = g_strdup (_("CR ?"));
        else if (chit->command_rating >= 0)
          rating = g_strdup_printf (_("CR %d"), chit->command_rating);
        if (rating != NULL)
          /* Translators: a chit's level and its command rating, "Division · CR 3" */
          text = g_strdup_printf (_("%s · %s"), level, rating);
        else
          text = g_strdup (level);
        if (chit->casualty_of != NULL)
          /* Translators: a leader casualty chit (a red cross), after its level */
          return g_strdup_printf (_("%s · casualty"), text);
        return g_steal_pointer (&text);
      }
    case WB_CHIT_EVENT:
      switch (chit->play)
        {
        case WB_CHIT_PLAY_IMMEDIATE:
          return g_strdup (_("Event · played at once"));
        case WB_CHIT_PLAY_IMMEDIATE_OR_HOLD:
          return g_strdup (_("Event · played or held"));
        case WB_CHIT_PLAY_HOLD:
          return g_strdup (_("Event · held"));
        case WB_CHIT_PLAY_UNKNOWN:
        default:
          return g_strdup (_("Event"));
        }
    case WB_CHIT_WILD:
      return g_strdup (chit->wild == WB_CHIT_WILD_FOG_OF_WAR ? _("Wild · Fog of War")
                                                             : _("Wild · Fortunes of War"));
    default:
      g_assert_not_reached ();
    }
}

const char *
_wb_chit_group_name (WbGame     *game,
                     const char *side)
{
  WbSide *s = side != NULL ? wb_game_find_side (game, side) : NULL;

  if (side == NULL)
    return _("Wild chits");
  return s != NULL && s->name != NULL ? s->name : side;
}
