/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-window-private.h"

/* The window's adaptive layout (issue 20 item 2), with libadwaita's flaps:
 *
 * - The sidebar is the flap of sidebar_flap. On a window narrower than
 *   the sidebar plus CONTENT_MIN_WIDTH it folds: hidden, and shown over
 *   the pages (F9, the header bar's toggle) until a row is chosen or the
 *   designer clicks beside it. On a wide window it stands beside the pages
 *   unless the designer hid it.
 * - The inspector is the flap of inspector_flap, right of the map. It
 *   folds when the map would be left narrower than MAP_MIN_WIDTH beside
 *   it: then it opens over the map (Ctrl+I), clicks still reaching the map.
 * - In play the inspector's flap holds play's panes (the reserve, the
 *   battle log, the history) instead: beside the map on a wide window,
 *   over it on a narrow one (the same toggle, Ctrl+I), shown whenever
 *   they fit unless hidden during this playtest.
 * - What the designer chose on a wide window (show-sidebar,
 *   show-inspector) is remembered in GSettings, as the scenario pane's
 *   state is (wb-window-scenario.c); a fold never overwrites it.
 * - The map is fitted when it is shown, and fitted again whenever its
 *   view changes size (a pane opens or closes, the window is resized) as
 *   long as the designer has not zoomed or panned since.
 *
 * The sidebar folds by AdwFlap's own rule: when the window cannot give
 * both the sidebar its width and the pages their minimum, CONTENT_MIN_WIDTH
 * (the main stack's width request) — so below about 1000 px. The
 * inspector's flap folds by the room its map would have, decided in the
 * window's size_allocate (its own rule would count the play widgets that
 * share the map's row, and the map's minimum is small on purpose).
 * libadwaita 1.2 has no breakpoints (they came in 1.4). */

/* The pages' width beside an unfolded sidebar: the window's minimum width
 * without the sidebar, too (every page fits it: test-gui-layout). */
#define CONTENT_MIN_WIDTH 720
/* The narrowest map beside an unfolded inspector. */
#define MAP_MIN_WIDTH     480
/* The sidebar's width (the sidebar-width setting, clamped). */
#define SIDEBAR_WIDTH     280
#define SIDEBAR_WIDTH_MIN 220
#define SIDEBAR_WIDTH_MAX 420
/* Frames the map view must keep its size before the settling stops. */
#define SETTLED_FRAMES    4
/* libadwaita's own fold duration, given to the flaps once they are shown. */
#define FLAP_DURATION     250

struct _WbWindowLayout
{
  int       sidebar_width;
  gboolean  sidebar_wanted;     /* on a wide window: the designer's choice */
  gboolean  inspector_wanted;
  gboolean  playing;            /* the inspector's flap shows play's panes */
  gboolean  play_panel_wanted;
  /* The map's fit: pending (a map was just shown), or the zoom and centre
   * it gave, to tell whether the designer moved the view since. */
  gboolean  fit_pending;
  gboolean  fitted;
  double    fit_zoom;
  int       seen_width, seen_height;
  guint     settle_tick;
  guint     still_frames;
  gboolean  applying;           /* the layout, not the designer, is showing or hiding */
};

static GtkWidgetClass *parent_widget_class;

static gboolean
still_fitted (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  if (!layout->fitted || wb_map_view_get_map (self->map_view) == NULL)
    return FALSE;
  /* The view's own word: the centre it moves to keep the map still on
   * the window while a pane slides is not the designer's. */
  return wb_map_view_get_fitted (self->map_view) && wb_map_view_get_zoom (self->map_view) == layout->fit_zoom;
}

void
_wb_window_layout_fit_map (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  layout->fit_pending = FALSE;
  if (wb_map_view_get_map (self->map_view) == NULL)
    {
      layout->fitted = FALSE;
      return;
    }
  wb_map_view_zoom_to_fit (self->map_view);
  layout->fitted = TRUE;
  layout->fit_zoom = wb_map_view_get_zoom (self->map_view);
}

/* Each frame while the map view's size moves (a flap or a pane sliding):
 * the fit follows it, then the tick stops. */
static gboolean
settle_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  WbWindow *self = data;
  WbWindowLayout *layout = self->layout;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (width != layout->seen_width || height != layout->seen_height)
    {
      layout->seen_width = width;
      layout->seen_height = height;
      layout->still_frames = 0;
      if (width > 0 && height > 0 && (layout->fit_pending || still_fitted (self)))
        _wb_window_layout_fit_map (self);
      return G_SOURCE_CONTINUE;
    }
  if (layout->fit_pending && width > 0 && height > 0)
    _wb_window_layout_fit_map (self);
  if (++layout->still_frames < SETTLED_FRAMES)
    return G_SOURCE_CONTINUE;
  layout->settle_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
watch_map_size (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  layout->still_frames = 0;
  if (layout->settle_tick == 0)
    layout->settle_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->map_view), settle_tick,
                                                        self, NULL);
}

/* A map was shown (another map, another game): fitted once its view has
 * its size. */
void
_wb_window_layout_map_shown (WbWindow *self)
{
  self->layout->fit_pending = TRUE;
  self->layout->fitted = FALSE;
  watch_map_size (self);
}

void
_wb_window_layout_cancel_fit (WbWindow *self)
{
  if (self->layout == NULL)
    return;
  self->layout->fit_pending = FALSE;
  self->layout->fitted = FALSE;
}

gboolean
_wb_window_layout_get_sidebar_folded (WbWindow *self)
{
  return adw_flap_get_folded (ADW_FLAP (self->sidebar_flap));
}

/* Shows or hides a flap through the window's property (so its action and
 * toggle follow) without taking it for the designer's choice. */
static void
apply (WbWindow   *self,
       const char *property,
       gboolean    reveal)
{
  gboolean now;

  g_object_get (self, property, &now, NULL);
  if (now == reveal)
    return;
  self->layout->applying = TRUE;
  g_object_set (self, property, reveal, NULL);
  self->layout->applying = FALSE;
}

/* What the flaps reveal: the designer's choice on a wide window, nothing
 * when folded (they open over the pages on demand). */
static void
update_sidebar_reveal (WbWindow *self)
{
  apply (self, "show-sidebar",
         !adw_flap_get_folded (ADW_FLAP (self->sidebar_flap)) && self->layout->sidebar_wanted);
}

static void
update_inspector_reveal (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  apply (self, "show-inspector",
         !adw_flap_get_folded (ADW_FLAP (self->inspector_flap)) &&
         (layout->playing ? layout->play_panel_wanted : layout->inspector_wanted));
}

void
_wb_window_layout_set_show_sidebar (WbWindow *self,
                                    gboolean  show)
{
  WbWindowLayout *layout = self->layout;

  adw_flap_set_reveal_flap (ADW_FLAP (self->sidebar_flap), show);
  if (show && !wb_window_get_playing (self))
    gtk_widget_set_visible (GTK_WIDGET (self->sidebar), TRUE);
  if (layout == NULL || layout->applying || _wb_window_layout_get_sidebar_folded (self) ||
      layout->sidebar_wanted == show)
    return;
  layout->sidebar_wanted = show;
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "show-sidebar", show);
}

void
_wb_window_layout_set_show_inspector (WbWindow *self,
                                      gboolean  show)
{
  WbWindowLayout *layout = self->layout;

  adw_flap_set_reveal_flap (ADW_FLAP (self->inspector_flap), show);
  if (layout == NULL || layout->applying || adw_flap_get_folded (ADW_FLAP (self->inspector_flap)))
    return;
  /* Play's panes hidden on a wide window: for this playtest only. */
  if (layout->playing)
    {
      layout->play_panel_wanted = show;
      return;
    }
  if (layout->inspector_wanted == show)
    return;
  layout->inspector_wanted = show;
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "show-inspector", show);
}

/* The flap closed by itself (a click beside a folded sidebar, Escape): the
 * window's property, and so the toggle, follows. */
static void
on_sidebar_revealed (WbWindow *self)
{
  apply (self, "show-sidebar", adw_flap_get_reveal_flap (ADW_FLAP (self->sidebar_flap)));
}

/* A row chosen in a sidebar shown over the pages: the sidebar makes way. */
static void
on_sidebar_chosen (WbWindow *self)
{
  if (_wb_window_layout_get_sidebar_folded (self) && self->show_sidebar)
    g_object_set (self, "show-sidebar", FALSE, NULL);
}

static int
palette_width (WbWindow *self)
{
  int width = 0;

  if (gtk_widget_get_visible (self->palette))
    gtk_widget_measure (self->palette, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  return width;
}

/* Once the pages have their width: whether the inspector fits beside
 * the map. TRUE if that changed (the window is then allocated again). */
static gboolean
fold_inspector (WbWindow *self)
{
  int page = gtk_widget_get_width (self->inspector_flap);
  int inspector = 0;
  gboolean fold;

  if (page <= 0)
    return FALSE;
  gtk_widget_measure (adw_flap_get_flap (ADW_FLAP (self->inspector_flap)), GTK_ORIENTATION_HORIZONTAL, -1,
                      &inspector, NULL, NULL, NULL);
  fold = page - palette_width (self) - inspector < MAP_MIN_WIDTH;
  if (fold == (adw_flap_get_fold_policy (ADW_FLAP (self->inspector_flap)) == ADW_FLAP_FOLD_POLICY_ALWAYS))
    return FALSE;
  adw_flap_set_fold_policy (ADW_FLAP (self->inspector_flap),
                            fold ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
  return TRUE;
}

static void
wb_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  WbWindow *self = WB_WINDOW (widget);

  parent_widget_class->size_allocate (widget, width, height, baseline);
  /* The folded inspector lies over the map rather than beside it: the
   * page's width does not depend on it, so this settles in one pass. */
  if (fold_inspector (self))
    parent_widget_class->size_allocate (widget, width, height, baseline);
  if (gtk_widget_get_width (GTK_WIDGET (self->map_view)) != self->layout->seen_width ||
      gtk_widget_get_height (GTK_WIDGET (self->map_view)) != self->layout->seen_height)
    watch_map_size (self);
}

/* The flaps fold without a slide when the game is first shown (a window
 * opened narrow shows the map at once, not a sidebar folding away);
 * after that frame they slide. (Their reveal is a spring in libadwaita
 * 1.2, without a duration to set.) */
static gboolean
animate_flaps (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  WbWindow *self = data;
  GtkWidget *flaps[] = { self->sidebar_flap, self->inspector_flap };

  for (guint i = 0; i < G_N_ELEMENTS (flaps); i++)
    adw_flap_set_fold_duration (ADW_FLAP (flaps[i]), FLAP_DURATION);
  return G_SOURCE_REMOVE;
}

static void
on_flap_mapped (WbWindow *self)
{
  g_signal_handlers_disconnect_by_func (self->sidebar_flap, on_flap_mapped, self);
  gtk_widget_add_tick_callback (self->sidebar_flap, animate_flaps, self, NULL);
}

void
_wb_window_layout_class_init (GtkWidgetClass *widget_class)
{
  parent_widget_class = g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW);
  widget_class->size_allocate = wb_window_size_allocate;
}

void
_wb_window_layout_init (WbWindow *self)
{
  WbWindowLayout *layout = g_new0 (WbWindowLayout, 1);

  self->layout = layout;
  layout->sidebar_width = SIDEBAR_WIDTH;
  layout->sidebar_wanted = self->show_sidebar;
  layout->inspector_wanted = self->show_inspector;
  gtk_widget_set_size_request (GTK_WIDGET (self->sidebar), layout->sidebar_width, -1);
  gtk_widget_set_size_request (self->main_stack, CONTENT_MIN_WIDTH, -1);
  adw_flap_set_fold_duration (ADW_FLAP (self->sidebar_flap), 0);
  adw_flap_set_fold_duration (ADW_FLAP (self->inspector_flap), 0);
  g_signal_connect_object (self->sidebar_flap, "map", G_CALLBACK (on_flap_mapped), self, G_CONNECT_SWAPPED);

  /* A fold hides a flap; unfolding gives back what the designer chose. */
  g_signal_connect_object (self->sidebar_flap, "notify::folded", G_CALLBACK (update_sidebar_reveal), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar_flap, "notify::reveal-flap", G_CALLBACK (on_sidebar_revealed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inspector_flap, "notify::folded", G_CALLBACK (update_inspector_reveal), self,
                           G_CONNECT_SWAPPED);
  /* Play mode hides and shows the inspector's revealer: shown again, it
   * shows its child. */
  g_signal_connect_object (self->inspector_revealer, "notify::visible",
                           G_CALLBACK (_wb_window_update_inspector_visible), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "map-selected", G_CALLBACK (on_sidebar_chosen), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->sidebar, "oob-selected", G_CALLBACK (on_sidebar_chosen), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->sidebar, "table-selected", G_CALLBACK (on_sidebar_chosen), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->sidebar, "chits-selected", G_CALLBACK (on_sidebar_chosen), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

void
_wb_window_layout_add_play_panel (WbWindow  *self,
                                  GtkWidget *panel)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  g_object_ref (self->inspector_revealer);
  adw_flap_set_flap (ADW_FLAP (self->inspector_flap), NULL);
  gtk_box_append (GTK_BOX (box), self->inspector_revealer);
  gtk_box_append (GTK_BOX (box), panel);
  g_object_unref (self->inspector_revealer);
  adw_flap_set_flap (ADW_FLAP (self->inspector_flap), box);
}

/* A playtest starts (its panes shown where they fit) or ends (the
 * inspector as the designer left it). */
void
_wb_window_layout_set_playing (WbWindow *self,
                               gboolean  playing)
{
  WbWindowLayout *layout = self->layout;

  if (layout == NULL)
    return;
  if (playing && !layout->playing)
    layout->play_panel_wanted = TRUE;
  layout->playing = playing;
  gtk_widget_set_tooltip_text (self->inspector_button, playing ? _("Show the Reserve and the Battle Log (Ctrl+I)")
                                                               : _("Show Inspector (Ctrl+I)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->inspector_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  playing ? _("Show the Reserve and the Battle Log") : _("Show Inspector"), -1);
  /* The flap's width changed: whether it folds, then what it shows. */
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  update_inspector_reveal (self);
}

/* Once the window has its settings (constructed): what was remembered. */
void
_wb_window_layout_load_settings (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  if (self->settings == NULL)
    return;
  layout->sidebar_width = CLAMP (g_settings_get_int (self->settings, "sidebar-width"), SIDEBAR_WIDTH_MIN,
                                 SIDEBAR_WIDTH_MAX);
  gtk_widget_set_size_request (GTK_WIDGET (self->sidebar), layout->sidebar_width, -1);
  layout->sidebar_wanted = g_settings_get_boolean (self->settings, "show-sidebar");
  layout->inspector_wanted = g_settings_get_boolean (self->settings, "show-inspector");
  update_sidebar_reveal (self);
  update_inspector_reveal (self);
}

void
_wb_window_layout_dispose (WbWindow *self)
{
  WbWindowLayout *layout = self->layout;

  if (layout == NULL)
    return;
  if (layout->settle_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->map_view), layout->settle_tick);
  g_free (layout);
  self->layout = NULL;
}
