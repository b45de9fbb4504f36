/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-chit-editor"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-chit-editor-private.h"

/* A chit drawn as its counter (the list's rows, the form's preview, the
 * draw cup's checklist) by core's wb_render_chit (); and the words the
 * list says of a chit and of its group. */

#define FACE_CHIT "wb-face-chit"

void
_wb_chit_draw_face (cairo_t      *cr,
                    WbGame       *game,
                    const WbChit *chit,
                    double        size)
{
  wb_render_chit (cr, game, chit, size);
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

void
_wb_chit_face_init_preview (WbChitEditor *self,
                            GtkWidget    *area)
{
  /* No chit of its own: the selected one. */
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_face, self, NULL);
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
