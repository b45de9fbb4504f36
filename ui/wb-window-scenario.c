/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-reinforcement-editor.h"
#include "wb-scenario-pane.h"
#include "wb-setup-editor.h"
#include "wb-window-private.h"
#include "wb-window-scenario.h"

/* The scenario pane under the map (a WbScenarioPane: a set-up page and a
 * turn-track page) for the scenario the sidebar shows. It starts closed and
 * opens only when the designer asks (Ctrl+E, Ctrl+Shift+E, the map menu,
 * Add Scenario); whether it is open and on which page is remembered in
 * GSettings (scenario-pane-open, scenario-pane-page), not reopened by
 * choosing a scenario (issue 20). Units drag from the pane onto the map
 * view, and set-up units on the map drag to another hex: the map view gets
 * a drop target and a drag source here, both acting only while the pane is
 * shown. */

/* The pane's first height: this, or two fifths of the map page, whichever
 * is less; after that the designer's. */
#define PANE_HEIGHT 330

struct _WbWindowScenario
{
  gboolean    wanted;        /* the designer wants the pane open */
  gboolean    placed;        /* the paned position was set once */
  guint       place_tick;
  char       *pick_feature;  /* a marker waiting for a click on the map */
};

static WbScenarioPane *
pane (WbWindow *self)
{
  return WB_SCENARIO_PANE (self->scenario_pane);
}

static WbScenario *
shown_scenario (WbWindow *self)
{
  return wb_map_view_get_scenario (self->map_view);
}

static double
pick_radius (WbWindow *self)
{
  return MAX (10.0, 12.0 / wb_map_view_get_zoom (self->map_view));
}

static gboolean
place_pane (GtkWidget     *paned,
            GdkFrameClock *clock,
            gpointer       data)
{
  WbWindow *self = data;
  int height = gtk_widget_get_height (paned);

  if (height <= 0)
    return G_SOURCE_CONTINUE;
  gtk_paned_set_position (GTK_PANED (paned), height - MIN (PANE_HEIGHT, height * 2 / 5));
  self->scenario_ui->placed = TRUE;
  self->scenario_ui->place_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
update_pane (WbWindow *self)
{
  WbWindowScenario *sc = self->scenario_ui;
  WbScenario *scenario = shown_scenario (self);
  gboolean show;

  if (sc == NULL)
    return;
  show = scenario != NULL && sc->wanted;

  if (show && !sc->placed && sc->place_tick == 0)
    sc->place_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->scenario_paned), place_pane,
                                                   self, NULL);
  gtk_widget_set_visible (self->scenario_pane, show);
  if (scenario != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Scenario: %s"), wb_scenario_get_name (scenario));

      wb_scenario_pane_set_title (pane (self), title);
    }
}

/* The designer opened or closed the pane, or turned its page. */
static void
remember (WbWindow *self)
{
  const char *page;

  /* (Not while the window is taken apart.) */
  if (self->settings == NULL || self->scenario_ui == NULL)
    return;
  page = wb_scenario_pane_get_page (pane (self));
  g_settings_set_boolean (self->settings, "scenario-pane-open", self->scenario_ui->wanted);
  if (page != NULL)
    g_settings_set_string (self->settings, "scenario-pane-page", page);
}

void
_wb_window_scenario_load_settings (WbWindow *self)
{
  g_autofree char *page = NULL;

  if (self->settings == NULL)
    return;
  page = g_settings_get_string (self->settings, "scenario-pane-page");
  /* Both read before either is applied: turning the page remembers. */
  self->scenario_ui->wanted = g_settings_get_boolean (self->settings, "scenario-pane-open");
  wb_scenario_pane_set_page (pane (self), page);
  update_pane (self);
}

void
_wb_window_scenario_update_actions (WbWindow *self)
{
  gboolean has_scenario = self->game != NULL && shown_scenario (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-setup", has_scenario);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-turn-track", has_scenario);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-scenario", has_scenario);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-scenario",
                                 self->game != NULL && wb_game_get_maps (self->game)->len > 0);
}

/* The sidebar showed another map or scenario, or another game. */
void
_wb_window_scenario_shown (WbWindow *self)
{
  WbWindowScenario *sc = self->scenario_ui;
  WbScenario *scenario = shown_scenario (self);

  if (sc == NULL)
    return;
  g_clear_pointer (&sc->pick_feature, g_free);
  wb_setup_editor_set_target (WB_SETUP_EDITOR (wb_scenario_pane_get_setup_editor (pane (self))), self->game,
                              scenario, self->undo_stack);
  wb_reinforcement_editor_set_target (WB_REINFORCEMENT_EDITOR (wb_scenario_pane_get_reinforcement_editor (pane (self))),
                                      self->game, scenario, self->undo_stack);
  update_pane (self);
}

/* Undoing a scenario's creation takes away the one shown: show its map. */
void
_wb_window_scenario_game_changed (WbWindow   *self,
                                  const char *what)
{
  WbScenario *scenario = shown_scenario (self);
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (self->scenario_ui == NULL || g_strcmp0 (what, "scenarios") != 0 || scenario == NULL)
    return;
  if (wb_game_find_scenario (self->game, wb_scenario_get_id (scenario)) != scenario && map != NULL)
    wb_sidebar_select (self->sidebar, map, NULL);
  else
    update_pane (self);
}

static void
show_page (WbWindow   *self,
           const char *page)
{
  WbWindowScenario *sc = self->scenario_ui;
  gboolean shown = gtk_widget_get_visible (self->scenario_pane);

  if (shown && g_strcmp0 (wb_scenario_pane_get_page (pane (self)), page) == 0)
    {
      sc->wanted = FALSE;
      gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
    }
  else
    {
      sc->wanted = TRUE;
      wb_scenario_pane_set_page (pane (self), page);
    }
  update_pane (self);
  remember (self);
}

static void
show_setup_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_page (WB_WINDOW (widget), "setup");
}

static void
show_turn_track_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  show_page (WB_WINDOW (widget), "turns");
}

static void
add_scenario_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbMap *map = wb_map_view_get_map (self->map_view);
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  WbScenario *scenario;

  if (self->game == NULL)
    return;
  if (map == NULL && wb_game_get_maps (self->game)->len > 0)
    map = g_ptr_array_index (wb_game_get_maps (self->game), 0);
  if (map == NULL)
    return;
  /* Translators: the name of a new scenario; %u counts them */
  name = g_strdup_printf (_("Scenario %u"), wb_game_get_scenarios (self->game)->len + 1);
  id = wb_scenario_make_id (self->game, name);
  command = wb_command_add_scenario_new (self->game, id, name, wb_map_get_id (map), 10);
  if (!wb_edit_push (self->game, self->undo_stack, command, &error))
    {
      _wb_window_show_message (self, error->message);
      return;
    }
  scenario = wb_game_find_scenario (self->game, id);
  /* A new scenario is shown with its set-up, to be filled in. */
  self->scenario_ui->wanted = TRUE;
  wb_scenario_pane_set_page (pane (self), "setup");
  remember (self);
  wb_sidebar_select (self->sidebar, map, scenario);
}

static void
delete_scenario_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbScenario *scenario = shown_scenario (self);
  WbMap *map = wb_map_view_get_map (self->map_view);
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || scenario == NULL)
    return;
  command = wb_command_remove_scenario_new (self->game, wb_scenario_get_id (scenario));
  if (!wb_edit_push (self->game, self->undo_stack, command, &error))
    {
      _wb_window_show_message (self, error->message);
      return;
    }
  if (map != NULL)
    wb_sidebar_select (self->sidebar, map, NULL);
}

/* --- the map view ----------------------------------------------------------- */

gboolean
wb_window_drop_unit (WbWindow    *self,
                     const char  *unit,
                     double       x,
                     double       y,
                     GError     **error)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (unit != NULL, FALSE);

  if (shown_scenario (self) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Show a scenario to place units"));
      return FALSE;
    }
  return wb_setup_editor_place_at_point (WB_SETUP_EDITOR (wb_scenario_pane_get_setup_editor (pane (self))), unit,
                                         x, y, pick_radius (self), error);
}

const char *
wb_window_unit_at (WbWindow *self,
                   double    x,
                   double    y)
{
  WbScenario *scenario;
  GPtrArray *setup;
  WbPlace place;
  const char *unit = NULL;

  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);

  scenario = shown_scenario (self);
  if (self->game == NULL || scenario == NULL ||
      !wb_scenario_place_at_point (self->game, scenario, x, y, pick_radius (self), &place))
    return NULL;
  setup = wb_scenario_get_setup (scenario);
  /* The last one is drawn on top. */
  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);
      const WbPlace *p;

      if (line->at->len == 0 || !wb_scenario_applies (line->option, line->unless, NULL))
        continue;
      p = &g_array_index (line->at, WbPlace, 0);
      if (p->kind == place.kind && g_strcmp0 (p->ref, place.ref) == 0)
        unit = line->unit;
    }
  g_free (place.ref);
  return unit;
}

static gboolean
on_map_drop (GtkDropTarget *target,
             const GValue  *value,
             double         x,
             double         y,
             WbWindow      *self)
{
  g_autoptr(GError) error = NULL;
  double mx, my;

  if (!G_VALUE_HOLDS_STRING (value) || g_value_get_string (value) == NULL)
    return FALSE;
  wb_map_view_widget_to_map (self->map_view, x, y, &mx, &my);
  _wb_window_update_selection_outline (self);
  if (!wb_window_drop_unit (self, g_value_get_string (value), mx, my, &error))
    {
      _wb_window_show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Outlines a hex or location of the shown map; its centre in @x, @y.
 * FALSE (nothing outlined) when the map has no such place. */
static gboolean
outline_place (WbWindow      *self,
               const WbPlace *place,
               double        *x,
               double        *y)
{
  WbMap *map = wb_map_view_get_map (self->map_view);

  if (place->kind == WB_PLACE_HEX && WB_IS_HEX_MAP (map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (map);
      WbHexLayout layout = wb_hex_map_get_layout (hex_map);
      double size = wb_hex_map_get_hex_size (hex_map);
      double points[12];
      WbOffset hex;

      if (!wb_hex_map_parse_hex (hex_map, place->ref, &hex))
        return FALSE;
      wb_hex_center (layout, size, hex, x, y);
      for (int i = 0; i < 6; i++)
        {
          double dx, dy;

          wb_hex_corner_offset (layout, size, i, &dx, &dy);
          points[2 * i] = *x + dx;
          points[2 * i + 1] = *y + dy;
        }
      wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_POLYGON, points, 6, 0);
      return TRUE;
    }
  if (place->kind == WB_PLACE_LOCATION && WB_IS_POINT_MAP (map))
    {
      WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (map), place->ref);
      double point[2];

      if (loc == NULL)
        return FALSE;
      *x = point[0] = loc->x;
      *y = point[1] = loc->y;
      wb_map_view_set_selection_outline (self->map_view, WB_OUTLINE_CIRCLE, point, 1, 14);
      return TRUE;
    }
  return FALSE;
}

/* While a unit is dragged over the map, the hex or location it would land
 * on is outlined (the selection outline, given back on leave and drop). */
static GdkDragAction
on_map_drag_motion (GtkDropTarget *target,
                    double         x,
                    double         y,
                    WbWindow      *self)
{
  GdkDrop *drop = gtk_drop_target_get_current_drop (target);
  GdkDragAction actions = drop != NULL ? gdk_drop_get_actions (drop) : GDK_ACTION_COPY;
  WbScenario *scenario = shown_scenario (self);
  WbPlace place;
  double mx, my;

  wb_map_view_widget_to_map (self->map_view, x, y, &mx, &my);
  if (self->game == NULL || scenario == NULL ||
      !wb_scenario_place_at_point (self->game, scenario, mx, my, pick_radius (self), &place))
    {
      _wb_window_update_selection_outline (self);
      return 0;
    }
  outline_place (self, &place, &mx, &my);
  g_free (place.ref);
  return (actions & GDK_ACTION_MOVE) ? GDK_ACTION_MOVE : GDK_ACTION_COPY;
}

static void
on_map_drag_leave (WbWindow *self)
{
  _wb_window_update_selection_outline (self);
}

static void
on_map_drag_begin (GtkDragSource *source,
                   GdkDrag       *drag,
                   WbWindow      *self)
{
  GdkContentProvider *content = gdk_drag_get_content (drag);
  GValue value = G_VALUE_INIT;

  g_value_init (&value, G_TYPE_STRING);
  if (gdk_content_provider_get_value (content, &value, NULL) && g_value_get_string (&value) != NULL)
    {
      g_autoptr(GdkPaintable) icon = wb_setup_editor_unit_icon (self->game, g_value_get_string (&value));

      gtk_drag_source_set_icon (source, icon, 24, 24);
    }
  g_value_unset (&value);
}

static GdkContentProvider *
on_map_drag_prepare (GtkDragSource *source,
                     double         x,
                     double         y,
                     WbWindow      *self)
{
  const char *tool = wb_map_editor_get_tool (self->editor);
  const char *unit;
  double mx, my;

  /* Only while the set-up is being edited, and never over a map tool. */
  if (!gtk_widget_get_visible (self->scenario_pane) ||
      (wb_map_editor_get_editing (self->editor) && g_strcmp0 (tool, WB_TOOL_SELECT) != 0))
    return NULL;
  wb_map_view_widget_to_map (self->map_view, x, y, &mx, &my);
  unit = wb_window_unit_at (self, mx, my);
  if (unit == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING, unit);
}

static void
on_pick_marker (WbWindow   *self,
                const char *feature)
{
  g_free (self->scenario_ui->pick_feature);
  self->scenario_ui->pick_feature = g_strdup (feature);
  wb_map_view_set_picking (self->map_view, TRUE);
}

/* A place of the set-up chart: centred on the map and outlined. */
static void
on_show_place (WbWindow   *self,
               int         kind,
               const char *ref)
{
  WbPlace place = { kind, (char *) ref };
  double x, y;

  if (outline_place (self, &place, &x, &y))
    wb_map_view_set_center (self->map_view, x, y);
}

gboolean
_wb_window_scenario_take_pick (WbWindow *self,
                               double    x,
                               double    y)
{
  WbWindowScenario *sc = self->scenario_ui;
  g_autofree char *feature = NULL;

  if (sc == NULL || sc->pick_feature == NULL)
    return FALSE;
  feature = g_steal_pointer (&sc->pick_feature);
  wb_map_view_set_picking (self->map_view, FALSE);
  wb_setup_editor_add_marker_at_point (WB_SETUP_EDITOR (wb_scenario_pane_get_setup_editor (pane (self))),
                                       feature, x, y,
                                       pick_radius (self), NULL);
  return TRUE;
}

/* --- accessors ---------------------------------------------------------------- */

GtkWidget *
wb_window_get_setup_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return wb_scenario_pane_get_setup_editor (pane (self));
}

GtkWidget *
wb_window_get_reinforcement_editor (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return wb_scenario_pane_get_reinforcement_editor (pane (self));
}

gboolean
wb_window_get_scenario_pane_shown (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return gtk_widget_get_visible (self->scenario_pane);
}

const char *
wb_window_get_scenario_page (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return wb_scenario_pane_get_page (pane (self));
}

/* --- set-up ------------------------------------------------------------------- */

static void
on_close_clicked (WbWindow *self)
{
  self->scenario_ui->wanted = FALSE;
  update_pane (self);
  remember (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

void
_wb_window_scenario_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-setup", NULL, show_setup_action);
  gtk_widget_class_install_action (widget_class, "win.show-turn-track", NULL, show_turn_track_action);
  gtk_widget_class_install_action (widget_class, "win.add-scenario", NULL, add_scenario_action);
  gtk_widget_class_install_action (widget_class, "win.delete-scenario", NULL, delete_scenario_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.show-setup", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-turn-track", NULL);
}

void
_wb_window_scenario_init (WbWindow *self)
{
  WbWindowScenario *sc = g_new0 (WbWindowScenario, 1);
  GtkWidget *setup_editor = wb_scenario_pane_get_setup_editor (pane (self));
  GtkDropTarget *target;
  GtkDragSource *source;

  self->scenario_ui = sc;
  g_signal_connect_object (self->scenario_pane, "close-requested", G_CALLBACK (on_close_clicked), self,
                           G_CONNECT_SWAPPED);
  /* The switcher turns the page too. */
  g_signal_connect_object (self->scenario_pane, "notify::page", G_CALLBACK (remember), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (setup_editor, "pick-marker", G_CALLBACK (on_pick_marker), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (setup_editor, "show-place", G_CALLBACK (on_show_place), self,
                           G_CONNECT_SWAPPED);

  target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (on_map_drop), self);
  g_signal_connect (target, "motion", G_CALLBACK (on_map_drag_motion), self);
  g_signal_connect (target, "enter", G_CALLBACK (on_map_drag_motion), self);
  g_signal_connect_swapped (target, "leave", G_CALLBACK (on_map_drag_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), GTK_EVENT_CONTROLLER (target));

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (source), GTK_PHASE_CAPTURE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_map_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_map_drag_begin), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), GTK_EVENT_CONTROLLER (source));
}

void
_wb_window_scenario_dispose (WbWindow *self)
{
  WbWindowScenario *sc = self->scenario_ui;

  if (sc == NULL)
    return;
  if (sc->place_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->scenario_paned), sc->place_tick);
  g_free (sc->pick_feature);
  g_free (sc);
  self->scenario_ui = NULL;
}
