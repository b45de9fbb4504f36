/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-edit.h"
#include "wb-map-editor-private.h"
#include "wb-point-map-commands.h"

/* The map-editing controller: the current tool and its settings (terrain,
 * brush size, hexside and road features), and what a click or a drag in
 * map points does with them. Every change goes through the undo stack as a
 * command (wb_edit_push(), under the game's write lock); a drag merges into
 * one step and is sealed when it ends. It knows nothing of widgets: the
 * window feeds it the map view's edit-* signals and shows its status, and
 * around each edit it emits before-edit and area-changed (with the map
 * rectangle that changed) so the view can re-render just that. */


G_DEFINE_FINAL_TYPE (WbMapEditor, wb_map_editor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MAP,
  PROP_TOOL,
  PROP_EDITING,
  PROP_TERRAIN,
  PROP_BRUSH_RADIUS,
  PROP_HEXSIDE_FEATURE,
  PROP_ROAD_FEATURE,
  PROP_CONNECTION_CLASS,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


guint _wb_map_editor_signals[N_SIGNALS];

static const WbToolInfo tools[] = {
  { WB_TOOL_SELECT, "wb-tool-select-symbolic", N_("Select"),
    N_("Show what is under a click; drag to move the map"), "v", TRUE, TRUE },
  { WB_TOOL_REGION, "wb-tool-region-symbolic", N_("Select Region"),
    N_("Drag to select hexes (Shift adds, Ctrl removes); drag the selection to move it"),
    "s", TRUE, FALSE },
  { WB_TOOL_BRUSH, "wb-tool-brush-symbolic", N_("Terrain Brush"),
    N_("Paint the current terrain; [ and ] change the size"), "b", TRUE, FALSE },
  { WB_TOOL_FILL, "wb-tool-fill-symbolic", N_("Flood Fill"),
    N_("Paint the connected hexes of one terrain"), "g", TRUE, FALSE },
  { WB_TOOL_EYEDROPPER, "color-select-symbolic", N_("Eyedropper"),
    N_("Pick a hex’s terrain for the brush"), "i", TRUE, FALSE },
  { WB_TOOL_ELEVATION, "wb-tool-elevation-symbolic", N_("Elevation"),
    N_("Paint the current level; [ and ] change the size, Page Up and Page Down the level"),
    "h", TRUE, FALSE },
  { WB_TOOL_HEXSIDE, "wb-tool-hexside-symbolic", N_("Hexside"),
    N_("Toggle the current hexside feature on the nearest hexside"), "e", TRUE, FALSE },
  { WB_TOOL_ROAD, "wb-tool-road-symbolic", N_("Road"),
    N_("Drag across hexes to lay the current road"), "r", TRUE, FALSE },
  { WB_TOOL_LABEL, "wb-tool-label-symbolic", N_("Label"),
    N_("Click a hex to name it"), "t", TRUE, FALSE },
  { WB_TOOL_HEX_FEATURE, "wb-tool-hex-feature-symbolic", N_("Hex Feature"),
    N_("Click or drag to put the current hex feature (town, trench, bridge…) on hexes or take it off"),
    "f", TRUE, FALSE },
  { WB_TOOL_LINE, "wb-tool-line-symbolic", N_("Line"),
    N_("Draw a river, ridge, boundary or VP line: click points, double-click to end; click a line to rename or delete it"),
    "l", TRUE, TRUE },
  { WB_TOOL_MARK, "wb-tool-mark-symbolic", N_("Mark"),
    N_("Click or drag to add hexes to the current mark (objective, entry, supply…) or take them out"),
    "k", TRUE, FALSE },
  { WB_TOOL_MOVE, "wb-tool-move-symbolic", N_("Move Location"),
    N_("Drag a location to move it"), "m", FALSE, TRUE },
  { WB_TOOL_CONNECT, "wb-tool-connect-symbolic", N_("Connect"),
    N_("Drag from one location to another to connect them"), "c", FALSE, TRUE },
  { WB_TOOL_DISCONNECT, "wb-tool-disconnect-symbolic", N_("Delete Connection"),
    N_("Click a connection to delete it"), "d", FALSE, TRUE },
  { WB_TOOL_ADD_LOCATION, "wb-tool-add-location-symbolic", N_("Add Location"),
    N_("Click an empty spot to add a location there"), "a", FALSE, TRUE },
  { WB_TOOL_DELETE_LOCATION, "wb-tool-delete-location-symbolic", N_("Delete Location"),
    N_("Click a location to delete it with its connections"), "x", FALSE, TRUE },
};

const WbToolInfo *
wb_map_editor_get_tools (guint *n_tools)
{
  static WbToolInfo translated[G_N_ELEMENTS (tools)];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
        {
          translated[i] = tools[i];
          translated[i].name = _(tools[i].name);
          translated[i].description = _(tools[i].description);
        }
      g_once_init_leave (&done, 1);
    }

  if (n_tools != NULL)
    *n_tools = G_N_ELEMENTS (tools);
  return translated;
}

static const WbToolInfo *
find_tool (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_strcmp0 (tools[i].id, id) == 0)
      return &tools[i];
  return NULL;
}

gboolean
_wb_map_editor_is_tool (WbMapEditor *self,
         const char  *tool)
{
  return g_str_equal (self->tool, tool);
}

static gboolean
tool_fits_map (const WbToolInfo *info,
               WbMap            *map)
{
  if (map == NULL)
    return g_str_equal (info->id, WB_TOOL_SELECT);
  return WB_IS_HEX_MAP (map) ? info->hex_map : info->point_map;
}

void
_wb_map_editor_set_status (WbMapEditor *self,
            char        *status)
{
  if (g_strcmp0 (status, self->status) == 0)
    {
      g_free (status);
      return;
    }
  g_free (self->status);
  self->status = status;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
set_action_state (WbMapEditor *self,
                  const char  *name,
                  GVariant    *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

static GVariant *
string_state (const char *s)
{
  return g_variant_new_string (s != NULL ? s : "");
}

/* The one place that decides which editor actions are available. */
static void
update_actions (WbMapEditor *self)
{
  gboolean hex = WB_IS_HEX_MAP (self->map) && self->stack != NULL;
  g_autoptr(GPtrArray) sides = wb_map_editor_list_hexside_features (self);
  g_autoptr(GPtrArray) roads = wb_map_editor_list_road_features (self);
  GAction *action;

  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "brush-grow");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               hex && self->brush_radius < WB_MAP_EDITOR_MAX_RADIUS);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "brush-shrink");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), hex && self->brush_radius > 0);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "brush-radius");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), hex);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "terrain");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), hex);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "hexside-feature");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), hex && sides->len > 0);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "road-feature");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), hex && roads->len > 0);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "connection-class");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               WB_IS_POINT_MAP (self->map) && self->stack != NULL &&
                               self->connection_class != NULL);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "rename-location");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               WB_IS_POINT_MAP (self->map) && self->stack != NULL);
  _wb_map_editor_update_annotation_actions (self);
  _wb_map_editor_update_line_actions (self);
  _wb_map_editor_region_update_actions (self);
}

/* Setters. */

void
wb_map_editor_set_tool (WbMapEditor *self,
                        const char  *tool)
{
  const WbToolInfo *info;
  gboolean was_editing;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  info = find_tool (tool);
  if (info == NULL || !tool_fits_map (info, self->map))
    info = &tools[0];
  if (g_str_equal (info->id, self->tool))
    return;

  was_editing = wb_map_editor_get_editing (self);
  self->tool = info->id;
  self->dragging = FALSE;
  _wb_map_editor_cancel_sketch (self);
  set_action_state (self, "tool", g_variant_new_string (self->tool));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
  if (was_editing != wb_map_editor_get_editing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
}

void
wb_map_editor_set_terrain (WbMapEditor *self,
                           const char  *terrain)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (terrain != NULL && *terrain == '\0')
    terrain = NULL;
  terrain = g_intern_string (terrain);
  if (terrain == self->terrain)
    return;

  self->terrain = terrain;
  set_action_state (self, "terrain", string_state (terrain));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERRAIN]);
}

void
wb_map_editor_set_brush_radius (WbMapEditor *self,
                                int          radius)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  radius = CLAMP (radius, 0, WB_MAP_EDITOR_MAX_RADIUS);
  if (radius == self->brush_radius)
    return;

  self->brush_radius = radius;
  set_action_state (self, "brush-radius", g_variant_new_int32 (radius));
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BRUSH_RADIUS]);
}

void
wb_map_editor_set_hexside_feature (WbMapEditor *self,
                                   const char  *feature)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (feature != NULL && *feature == '\0')
    feature = NULL;
  feature = g_intern_string (feature);
  if (feature == self->hexside_feature)
    return;

  self->hexside_feature = feature;
  set_action_state (self, "hexside-feature", string_state (feature));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEXSIDE_FEATURE]);
}

void
wb_map_editor_set_road_feature (WbMapEditor *self,
                                const char  *feature)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (feature != NULL && *feature == '\0')
    feature = NULL;
  feature = g_intern_string (feature);
  if (feature == self->road_feature)
    return;

  self->road_feature = feature;
  set_action_state (self, "road-feature", string_state (feature));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROAD_FEATURE]);
}

void
wb_map_editor_set_connection_class (WbMapEditor *self,
                                    const char  *klass)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (klass != NULL && *klass == '\0')
    klass = NULL;
  klass = g_intern_string (klass);
  if (klass == self->connection_class)
    return;

  self->connection_class = klass;
  set_action_state (self, "connection-class", string_state (klass));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTION_CLASS]);
}

/* Getters. */

const char *
wb_map_editor_get_connection_class (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->connection_class;
}

gboolean
wb_map_editor_get_connect_source (WbMapEditor *self,
                                  double      *x,
                                  double      *y)
{
  WbLocation *loc;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  if (!self->dragging || !_wb_map_editor_is_tool (self, WB_TOOL_CONNECT) || self->moving == NULL ||
      !WB_IS_POINT_MAP (self->map))
    return FALSE;
  loc = wb_point_map_find_location (WB_POINT_MAP (self->map), self->moving);
  if (loc == NULL)
    return FALSE;
  *x = loc->x;
  *y = loc->y;
  return TRUE;
}

WbGame *
wb_map_editor_get_game (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->game;
}

WbMap *
wb_map_editor_get_map (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->map;
}

WbUndoStack *
wb_map_editor_get_stack (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->stack;
}

GActionGroup *
wb_map_editor_get_actions (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

const char *
wb_map_editor_get_tool (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->tool;
}

gboolean
wb_map_editor_get_editing (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);
  return !_wb_map_editor_is_tool (self, WB_TOOL_SELECT);
}

const char *
wb_map_editor_get_terrain (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->terrain;
}

int
wb_map_editor_get_brush_radius (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), 0);
  return self->brush_radius;
}

const char *
wb_map_editor_get_hexside_feature (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->hexside_feature;
}

const char *
wb_map_editor_get_road_feature (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->road_feature;
}

const char *
wb_map_editor_get_status (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->status;
}

static gboolean
is_road_style (const char *style)
{
  static const char * const roads[] = { "road", "trail", "pike", "railroad" };

  for (guint i = 0; style != NULL && i < G_N_ELEMENTS (roads); i++)
    if (g_str_equal (style, roads[i]))
      return TRUE;
  return FALSE;
}

static GPtrArray *
list_side_features (WbMapEditor *self,
                    gboolean     roads)
{
  GPtrArray *out = g_ptr_array_new ();
  GPtrArray *features;

  if (self->game == NULL)
    return out;

  features = wb_game_get_features (self->game);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->where == WB_FEATURE_HEXSIDE && is_road_style (f->style) == roads)
        g_ptr_array_add (out, f);
    }
  return out;
}

GPtrArray *
wb_map_editor_list_connection_classes (WbMapEditor *self)
{
  GPtrArray *out;
  GPtrArray *features;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  out = g_ptr_array_new ();
  if (self->game == NULL)
    return out;
  features = wb_game_get_features (self->game);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->where == WB_FEATURE_CONNECTION)
        g_ptr_array_add (out, f);
    }
  return out;
}

GPtrArray *
wb_map_editor_list_hexside_features (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return list_side_features (self, FALSE);
}

GPtrArray *
wb_map_editor_list_road_features (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return list_side_features (self, TRUE);
}

static const char *
keep_or_first (GPtrArray  *features,
               const char *id)
{
  for (guint i = 0; i < features->len; i++)
    if (((WbFeatureType *) g_ptr_array_index (features, i))->id == id)
      return id;
  return features->len > 0 ? ((WbFeatureType *) g_ptr_array_index (features, 0))->id : NULL;
}

/* The legend changed (a type added, edited or removed): a terrain or
 * feature the editor holds that is gone gives way to the first one left,
 * so the brush never paints a type the game does not have. */
static void
on_game_changed (WbMapEditor *self,
                 const char  *what)
{
  GPtrArray *terrain;
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(GPtrArray) roads = NULL;
  g_autoptr(GPtrArray) classes = NULL;

  if (self->game == NULL || (g_strcmp0 (what, "terrain") != 0 && g_strcmp0 (what, "features") != 0))
    return;
  terrain = wb_game_get_terrain (self->game);
  if (self->terrain == NULL || wb_game_find_terrain (self->game, self->terrain) == NULL)
    wb_map_editor_set_terrain (self, terrain->len > 0 ?
                               ((WbTerrainType *) g_ptr_array_index (terrain, 0))->id : NULL);
  sides = wb_map_editor_list_hexside_features (self);
  roads = wb_map_editor_list_road_features (self);
  classes = wb_map_editor_list_connection_classes (self);
  wb_map_editor_set_hexside_feature (self, keep_or_first (sides, self->hexside_feature));
  wb_map_editor_set_road_feature (self, keep_or_first (roads, self->road_feature));
  wb_map_editor_set_connection_class (self, keep_or_first (classes, self->connection_class));
}

void
wb_map_editor_set_target (WbMapEditor *self,
                          WbGame      *game,
                          WbMap       *map,
                          WbUndoStack *stack)
{
  gboolean game_changed, map_changed;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (map == NULL || WB_IS_MAP (map));
  g_return_if_fail (stack == NULL || WB_IS_UNDO_STACK (stack));

  game_changed = game != self->game;
  if (game_changed && self->game != NULL)
    g_signal_handlers_disconnect_by_func (self->game, on_game_changed, self);
  map_changed = map != self->map;
  g_set_object (&self->game, game);
  if (game_changed && game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  g_set_object (&self->stack, stack);
  self->dragging = FALSE;

  _wb_map_editor_cancel_sketch (self);
  _wb_map_editor_selection_dispose (self);
  g_set_object (&self->map, map);
  self->last_click_location = NULL;
  self->moving_label = FALSE;
  _wb_map_editor_selection_target_changed (self);

  /* Each game starts with its first terrain and features. */
  if (game_changed || (self->terrain != NULL && game != NULL &&
                       wb_game_find_terrain (game, self->terrain) == NULL))
    {
      GPtrArray *terrain = game != NULL ? wb_game_get_terrain (game) : NULL;
      g_autoptr(GPtrArray) sides = wb_map_editor_list_hexside_features (self);
      g_autoptr(GPtrArray) roads = wb_map_editor_list_road_features (self);
      g_autoptr(GPtrArray) classes = wb_map_editor_list_connection_classes (self);

      wb_map_editor_set_line_side (self, NULL);
      wb_map_editor_set_connection_class (self, classes->len > 0 ?
                                          ((WbFeatureType *) g_ptr_array_index (classes, 0))->id : NULL);
      wb_map_editor_set_terrain (self, terrain != NULL && terrain->len > 0 ?
                                 ((WbTerrainType *) g_ptr_array_index (terrain, 0))->id : NULL);
      wb_map_editor_set_hexside_feature (self, sides->len > 0 ?
                                         ((WbFeatureType *) g_ptr_array_index (sides, 0))->id : NULL);
      wb_map_editor_set_road_feature (self, roads->len > 0 ?
                                      ((WbFeatureType *) g_ptr_array_index (roads, 0))->id : NULL);
    }

  /* A tool the new map has no use for gives way to Select. */
  if (!tool_fits_map (find_tool (self->tool), map))
    wb_map_editor_set_tool (self, WB_TOOL_SELECT);

  _wb_map_editor_check_mark (self);
  _wb_map_editor_check_hex_feature (self);
  if (map_changed)
    _wb_map_editor_region_reset (self);
  update_actions (self);
  _wb_map_editor_set_status (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP]);
}

/* Editing. */

static const char *
terrain_name (WbMapEditor *self,
              const char  *id)
{
  WbTerrainType *t = id != NULL ? wb_game_find_terrain (self->game, id) : NULL;

  return t != NULL && t->name != NULL ? t->name : id;
}

static const char *
feature_name (WbMapEditor *self,
              const char  *id)
{
  WbFeatureType *f = id != NULL ? wb_game_find_feature (self->game, id) : NULL;

  return f != NULL && f->name != NULL ? f->name : id;
}

/* Pushes @command (taking it) and reports the rectangle it changed. */
gboolean
_wb_map_editor_push (WbMapEditor *self,
      WbCommand   *command,
      double       x0,
      double       y0,
      double       x1,
      double       y1)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_BEFORE_EDIT], 0);
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      g_signal_emit (self, _wb_map_editor_signals[SIGNAL_AREA_CHANGED], 0, 0.0, 0.0, 0.0, 0.0);
      _wb_map_editor_set_status (self, g_strdup (error->message));
      return FALSE;
    }

  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_AREA_CHANGED], 0, x0, y0, x1 - x0, y1 - y0);
  return TRUE;
}

gboolean
wb_map_editor_push (WbMapEditor  *self,
                    WbCommand    *command,
                    double        x,
                    double        y,
                    double        width,
                    double        height,
                    GError      **error)
{
  g_autoptr(WbCommand) owned = command;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (WB_IS_COMMAND (command), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->game == NULL || self->stack == NULL || self->map == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("There is no map to edit"));
      return FALSE;
    }
  if (width <= 0 || height <= 0)
    {
      x = y = 0;
      wb_map_get_extent (self->map, &width, &height);
    }
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_BEFORE_EDIT], 0);
  if (!wb_edit_push (self->game, self->stack, owned, error))
    {
      g_signal_emit (self, _wb_map_editor_signals[SIGNAL_AREA_CHANGED], 0, 0.0, 0.0, 0.0, 0.0);
      return FALSE;
    }
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_AREA_CHANGED], 0, x, y, width, height);
  return TRUE;
}

void
_wb_map_editor_hex_bounds (WbHexMap       *map,
                           const WbOffset *hexes,
                           guint           n,
                           double         *x0,
                           double         *y0,
                           double         *x1,
                           double         *y1)
{
  double size = wb_hex_map_get_hex_size (map);

  *x0 = *y0 = G_MAXDOUBLE;
  *x1 = *y1 = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      double cx, cy;

      wb_hex_center (wb_hex_map_get_layout (map), size, hexes[i], &cx, &cy);
      *x0 = MIN (*x0, cx - size);
      *y0 = MIN (*y0, cy - size);
      *x1 = MAX (*x1, cx + size);
      *y1 = MAX (*y1, cy + size);
    }
}

static gboolean
hex_at (WbMapEditor *self,
        double       x,
        double       y,
        WbOffset    *hex)
{
  WbHexMap *map = WB_HEX_MAP (self->map);

  *hex = wb_hex_from_point (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), x, y);
  return wb_hex_map_contains (map, *hex);
}

/* Paints @hexes that are on the map and not already the brush's terrain. */
static void
paint_hexes (WbMapEditor    *self,
             const WbOffset *hexes,
             guint           n)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  double x0, y0, x1, y1;

  for (guint i = 0; i < n; i++)
    if (wb_hex_map_contains (map, hexes[i]) &&
        wb_hex_map_get_terrain (map, hexes[i]) != self->terrain)
      g_array_append_val (changed, hexes[i]);
  if (changed->len == 0)
    return;

  _wb_map_editor_hex_bounds (map, (WbOffset *) changed->data, changed->len, &x0, &y0, &x1, &y1);
  _wb_map_editor_push (self, wb_command_paint_terrain_new (map, (WbOffset *) changed->data, changed->len,
                                            self->terrain, terrain_name (self, self->terrain)),
        x0, y0, x1, y1);
}

/* The brush at every hex from the last one to @hex, so a fast drag leaves
 * no gaps. */
static void
brush_to (WbMapEditor *self,
          WbOffset     hex)
{
  WbHexLayout layout = wb_hex_map_get_layout (WB_HEX_MAP (self->map));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  WbOffset from = self->has_last ? self->last_hex : hex;
  gsize n_line = wb_hex_line (layout, from, hex, NULL, 0);
  g_autofree WbLosStep *line = g_new (WbLosStep, n_line);
  gsize n_range = wb_hex_range (layout, hex, self->brush_radius, NULL, 0);
  g_autofree WbOffset *range = g_new (WbOffset, n_range);

  wb_hex_line (layout, from, hex, line, n_line);
  for (gsize i = self->has_last ? 1 : 0; i < n_line; i++)
    {
      wb_hex_range (layout, line[i].hex, self->brush_radius, range, n_range);
      g_array_append_vals (hexes, range, n_range);
    }

  self->last_hex = hex;
  self->has_last = TRUE;
  if (_wb_map_editor_is_tool (self, WB_TOOL_ELEVATION))
    _wb_map_editor_set_levels (self, (WbOffset *) hexes->data, hexes->len);
  else
    paint_hexes (self, (WbOffset *) hexes->data, hexes->len);
}

static void
flood_fill (WbMapEditor *self,
            WbOffset     start)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  const char *from = wb_hex_map_get_terrain (map, start);
  int cols = wb_hex_map_get_cols (map);
  g_autofree guint8 *seen = g_new0 (guint8, (gsize) cols * wb_hex_map_get_rows (map));
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  if (from == self->terrain)
    return;

  g_array_append_val (found, start);
  seen[start.row * cols + start.col] = 1;
  for (guint i = 0; i < found->len; i++)
    {
      WbOffset hex = g_array_index (found, WbOffset, i);

      for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
        {
          WbOffset n = wb_hex_neighbour (layout, hex, dir);

          if (wb_hex_map_contains (map, n) && !seen[n.row * cols + n.col] &&
              wb_hex_map_get_terrain (map, n) == from)
            {
              seen[n.row * cols + n.col] = 1;
              g_array_append_val (found, n);
            }
        }
    }

  paint_hexes (self, (WbOffset *) found->data, found->len);
  wb_undo_stack_seal (self->stack);
}

static void
pick_terrain (WbMapEditor *self,
              WbOffset     hex)
{
  const char *terrain = wb_hex_map_get_terrain (WB_HEX_MAP (self->map), hex);

  wb_map_editor_set_terrain (self, terrain);
  /* Translators: %s is a terrain name */
  _wb_map_editor_set_status (self, g_strdup_printf (_("Picked %s"), terrain_name (self, terrain)));
  wb_map_editor_set_tool (self, WB_TOOL_BRUSH);
}

/* The hexside of the hex under (x, y) nearest to it: the direction whose
 * neighbour's centre is closest. */
static WbOffset
nearest_hexside (WbMapEditor *self,
                 double       x,
                 double       y,
                 int         *dir)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  double size = wb_hex_map_get_hex_size (map);
  WbOffset hex = wb_hex_from_point (layout, size, x, y);
  double best = G_MAXDOUBLE;

  *dir = 0;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      double nx, ny;

      wb_hex_center (layout, size, wb_hex_neighbour (layout, hex, d), &nx, &ny);
      if (hypot (nx - x, ny - y) < best)
        {
          best = hypot (nx - x, ny - y);
          *dir = d;
        }
    }
  return hex;
}

static void
set_side (WbMapEditor *self,
          WbOffset     hex,
          int          dir,
          const char  *feature,
          gboolean     present)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbOffset both[2] = { hex, wb_hex_neighbour (wb_hex_map_get_layout (map), hex, dir) };
  double x0, y0, x1, y1;

  _wb_map_editor_hex_bounds (map, both, 2, &x0, &y0, &x1, &y1);
  _wb_map_editor_push (self, wb_command_set_hexside_feature_new (map, hex, dir, feature, present),
        x0, y0, x1, y1);
}

static void
toggle_hexside (WbMapEditor *self,
                double       x,
                double       y)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  const char *feature = self->hexside_feature;
  WbOffset hex;
  int dir;

  if (feature == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (_("This game has no hexside features")));
      return;
    }

  hex = nearest_hexside (self, x, y, &dir);
  if (!wb_hex_map_contains (map, hex))
    return;

  set_side (self, hex, dir, feature, !wb_hex_map_has_side_feature (map, hex, dir, feature));
  wb_undo_stack_seal (self->stack);
}

/* Lays the road on every hexside crossed from the last hex to @hex. */
static void
road_to (WbMapEditor *self,
         WbOffset     hex)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  gsize n;
  g_autofree WbLosStep *line = NULL;

  if (!self->has_last)
    {
      self->last_hex = hex;
      self->has_last = TRUE;
      return;
    }
  if (wb_offset_equal (hex, self->last_hex))
    return;

  n = wb_hex_line (layout, self->last_hex, hex, NULL, 0);
  line = g_new (WbLosStep, n);
  wb_hex_line (layout, self->last_hex, hex, line, n);
  for (gsize i = 1; i < n; i++)
    {
      WbOffset a = line[i - 1].hex, b = line[i].hex;
      int dir = wb_hex_direction_to (layout, a, b);

      if (dir >= 0 && wb_hex_map_contains (map, a) && wb_hex_map_contains (map, b) &&
          !wb_hex_map_has_side_feature (map, a, dir, self->road_feature))
        set_side (self, a, dir, self->road_feature, TRUE);
    }
  self->last_hex = hex;
}

void
wb_map_editor_begin (WbMapEditor *self,
                     double       x,
                     double       y)
{
  WbOffset hex;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (self->map == NULL || self->stack == NULL)
    return;

  /* A new drag is a new step, whatever came before. */
  wb_undo_stack_seal (self->stack);
  self->dragging = TRUE;
  self->has_last = FALSE;
  self->moving = NULL;
  self->moving_label = FALSE;

  if (_wb_map_editor_is_tool (self, WB_TOOL_LINE))
    {
      _wb_map_editor_line_click (self, x, y);
      self->dragging = FALSE;
      return;
    }
  if (_wb_map_editor_is_tool (self, WB_TOOL_REGION))
    {
      _wb_map_editor_region_begin (self, x, y);
      return;
    }

  if (WB_IS_POINT_MAP (self->map))
    {
      WbLocation *loc = wb_point_map_location_at (WB_POINT_MAP (self->map), x, y, PICK_RADIUS);

      if (_wb_map_editor_is_tool (self, WB_TOOL_DISCONNECT))
        {
          _wb_map_editor_disconnect_at (self, x, y);
          self->dragging = FALSE;
          return;
        }
      if (_wb_map_editor_is_tool (self, WB_TOOL_ADD_LOCATION))
        {
          if (loc == NULL)
            _wb_map_editor_add_location (self, x, y);
          self->dragging = FALSE;
          return;
        }
      if (_wb_map_editor_is_tool (self, WB_TOOL_DELETE_LOCATION))
        {
          if (loc != NULL)
            _wb_map_editor_delete_location (self, loc);
          self->dragging = FALSE;
          return;
        }
      if ((_wb_map_editor_is_tool (self, WB_TOOL_MOVE) || _wb_map_editor_is_tool (self, WB_TOOL_CONNECT)) && loc != NULL)
        self->moving = loc->id;
      else if (_wb_map_editor_is_tool (self, WB_TOOL_MOVE) && _wb_map_editor_label_at (self, x, y, &loc))
        {
          /* A press on a label moves the label alone. */
          double cx, cy;

          _wb_map_editor_label_center (loc, &cx, &cy);
          self->moving = loc->id;
          self->moving_label = TRUE;
          self->label_grab_x = cx - x;
          self->label_grab_y = cy - y;
        }
      if (_wb_map_editor_is_tool (self, WB_TOOL_CONNECT) && loc != NULL && self->connection_class == NULL)
        {
          _wb_map_editor_set_status (self, g_strdup (_("This game has no connection classes")));
          self->moving = NULL;
        }
      return;
    }

  if (_wb_map_editor_is_tool (self, WB_TOOL_EYEDROPPER) || _wb_map_editor_is_tool (self, WB_TOOL_FILL))
    {
      if (hex_at (self, x, y, &hex))
        {
          if (_wb_map_editor_is_tool (self, WB_TOOL_EYEDROPPER))
            pick_terrain (self, hex);
          else if (self->terrain != NULL)
            flood_fill (self, hex);
        }
      self->dragging = FALSE;
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_HEXSIDE))
    {
      toggle_hexside (self, x, y);
      self->dragging = FALSE;
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_LABEL))
    {
      if (hex_at (self, x, y, &hex))
        _wb_map_editor_request_label (self, hex);
      self->dragging = FALSE;
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_HEX_FEATURE))
    {
      if (hex_at (self, x, y, &hex))
        {
          _wb_map_editor_feature_hex (self, hex, TRUE);
          self->last_hex = hex;
          self->has_last = TRUE;
        }
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_MARK))
    {
      if (hex_at (self, x, y, &hex))
        {
          _wb_map_editor_mark_hex (self, hex, TRUE);
          self->last_hex = hex;
          self->has_last = TRUE;
        }
    }
  else
    wb_map_editor_update (self, x, y);
}

void
wb_map_editor_update (WbMapEditor *self,
                      double       x,
                      double       y)
{
  WbOffset hex;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (!self->dragging || self->map == NULL)
    return;

  if (_wb_map_editor_is_tool (self, WB_TOOL_REGION))
    {
      _wb_map_editor_region_update (self, x, y);
      return;
    }

  if (WB_IS_POINT_MAP (self->map))
    {
      if (self->moving != NULL && self->moving_label && _wb_map_editor_is_tool (self, WB_TOOL_MOVE))
        _wb_map_editor_move_label (self, x, y);
      else if (self->moving != NULL && _wb_map_editor_is_tool (self, WB_TOOL_MOVE))
        _wb_map_editor_move_location (self, x, y);
      return;
    }

  if (!hex_at (self, x, y, &hex))
    return;
  if (self->has_last && wb_offset_equal (hex, self->last_hex))
    return;

  if ((_wb_map_editor_is_tool (self, WB_TOOL_BRUSH) && self->terrain != NULL) ||
      _wb_map_editor_is_tool (self, WB_TOOL_ELEVATION))
    brush_to (self, hex);
  else if (_wb_map_editor_is_tool (self, WB_TOOL_HEX_FEATURE))
    {
      _wb_map_editor_feature_hex (self, hex, !self->has_last);
      self->last_hex = hex;
      self->has_last = TRUE;
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_MARK))
    {
      _wb_map_editor_mark_hex (self, hex, !self->has_last);
      self->last_hex = hex;
      self->has_last = TRUE;
    }
  else if (_wb_map_editor_is_tool (self, WB_TOOL_ROAD))
    {
      if (self->road_feature == NULL)
        _wb_map_editor_set_status (self, g_strdup (_("This game has no roads")));
      else
        road_to (self, hex);
    }
}

void
wb_map_editor_end (WbMapEditor *self,
                   double       x,
                   double       y)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (!self->dragging)
    return;

  if (_wb_map_editor_is_tool (self, WB_TOOL_REGION))
    _wb_map_editor_region_end (self, x, y);
  else
    wb_map_editor_update (self, x, y);
  if (_wb_map_editor_is_tool (self, WB_TOOL_CONNECT) && self->moving != NULL)
    _wb_map_editor_connect_to (self, x, y);
  self->dragging = FALSE;
  self->moving = NULL;
  self->moving_label = FALSE;
  if (self->stack != NULL)
    wb_undo_stack_seal (self->stack);
}

void
wb_map_editor_click (WbMapEditor *self,
                     double       x,
                     double       y)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (self->map == NULL)
    return;

  wb_map_editor_select_at (self, x, y);

  if (WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *map = WB_HEX_MAP (self->map);
      GPtrArray *features;
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      char number[16];
      WbOffset hex;

      if (!hex_at (self, x, y, &hex))
        {
          _wb_map_editor_set_status (self, NULL);
          return;
        }

      wb_hex_map_format_hex (map, hex, number, sizeof number);
      /* Translators: a hex number and its terrain, "0810 Forest" */
      g_string_printf (text, _("Hex %s: %s"), number,
                       terrain_name (self, wb_hex_map_get_terrain (map, hex)));
      if (wb_hex_map_has_elevation (map))
        /* Translators: the elevation level of a hex */
        g_string_append_printf (text, _(", level %d"), wb_hex_map_get_elevation (map, hex));
      if (wb_hex_map_get_label (map, hex) != NULL)
        g_string_append_printf (text, " “%s”", wb_hex_map_get_label (map, hex));

      features = wb_hex_map_get_hex_features (map, hex);
      for (guint i = 0; features != NULL && i < features->len; i++)
        g_ptr_array_add (names, (gpointer) feature_name (self, g_ptr_array_index (features, i)));
      for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
        {
          features = wb_hex_map_get_side_features (map, hex, dir);
          for (guint i = 0; features != NULL && i < features->len; i++)
            {
              const char *name = feature_name (self, g_ptr_array_index (features, i));

              if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
                g_ptr_array_add (names, (gpointer) name);
            }
        }
      if (names->len > 0)
        {
          g_ptr_array_add (names, NULL);
          g_autofree char *joined = g_strjoinv (", ", (char **) names->pdata);
          g_string_append_printf (text, " · %s", joined);
        }
    }
  else
    {
      WbPointMap *map = WB_POINT_MAP (self->map);
      WbLocation *loc = wb_point_map_location_at (map, x, y, PICK_RADIUS);
      GPtrArray *connections = wb_point_map_get_connections (map);
      guint n = 0;

      if (loc == NULL)
        {
          const WbSelection *sel = wb_map_editor_get_selection (self);
          WbConnection *c = sel->kind == WB_SELECTION_CONNECTION
                            ? g_ptr_array_index (connections, sel->connection) : NULL;
          WbLocation *a = c != NULL ? wb_point_map_find_location (map, c->a) : NULL;
          WbLocation *b = c != NULL ? wb_point_map_find_location (map, c->b) : NULL;

          /* Translators: a connection's class and the two locations it joins */
          _wb_map_editor_set_status (self, c == NULL ? NULL :
                                     g_strdup_printf (_("%s: %s – %s"), feature_name (self, c->klass),
                                                      a != NULL && a->name != NULL ? a->name : c->a,
                                                      b != NULL && b->name != NULL ? b->name : c->b));
          return;
        }
      if (self->last_click_location == loc->id &&
          g_get_monotonic_time () - self->last_click_time <= DOUBLE_CLICK_TIME)
        {
          self->last_click_location = NULL;
          wb_map_editor_double_click (self, x, y);
        }
      else
        {
          self->last_click_location = loc->id;
          self->last_click_time = g_get_monotonic_time ();
        }
      for (guint i = 0; i < connections->len; i++)
        {
          WbConnection *c = g_ptr_array_index (connections, i);

          if (c->a == loc->id || c->b == loc->id)
            n++;
        }
      g_string_append (text, loc->name != NULL ? loc->name : loc->id);
      g_string_append (text, " · ");
      /* Translators: how many connections a location has */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u connection",
                                                 "%u connections", n), n);
      if (loc->vp > 0)
        /* Translators: victory points */
        g_string_append_printf (text, _(", %d VP"), loc->vp);
    }

  _wb_map_editor_set_status (self, g_string_free (g_steal_pointer (&text), FALSE));
}

/* Actions. */

static void
change_tool (GSimpleAction *action,
             GVariant      *value,
             gpointer       user_data)
{
  WbMapEditor *self = user_data;
  const WbToolInfo *info = find_tool (g_variant_get_string (value, NULL));

  /* A shortcut for a tool this map cannot use does nothing. */
  if (info != NULL && tool_fits_map (info, self->map))
    wb_map_editor_set_tool (self, info->id);
}

static void
change_terrain (GSimpleAction *action,
                GVariant      *value,
                gpointer       user_data)
{
  WbMapEditor *self = user_data;
  const char *id = g_variant_get_string (value, NULL);

  if (self->game != NULL && wb_game_find_terrain (self->game, id) != NULL)
    wb_map_editor_set_terrain (self, id);
}

static void
change_brush_radius (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       user_data)
{
  wb_map_editor_set_brush_radius (user_data, g_variant_get_int32 (value));
}

static void
change_hexside_feature (GSimpleAction *action,
                        GVariant      *value,
                        gpointer       user_data)
{
  wb_map_editor_set_hexside_feature (user_data, g_variant_get_string (value, NULL));
}

static void
change_road_feature (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       user_data)
{
  wb_map_editor_set_road_feature (user_data, g_variant_get_string (value, NULL));
}

static void
change_connection_class (GSimpleAction *action,
                         GVariant      *value,
                         gpointer       user_data)
{
  wb_map_editor_set_connection_class (user_data, g_variant_get_string (value, NULL));
}

static void
brush_grow (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  WbMapEditor *self = user_data;

  wb_map_editor_set_brush_radius (self, self->brush_radius + 1);
}

static void
brush_shrink (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  WbMapEditor *self = user_data;

  wb_map_editor_set_brush_radius (self, self->brush_radius - 1);
}

static void
clear_selection_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  wb_map_editor_clear_selection (user_data);
}

static void
rename_location_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  const char *id, *name;

  g_variant_get (parameter, "(&s&s)", &id, &name);
  wb_map_editor_rename_location (user_data, id, name);
}

/* Object. */

static void
wb_map_editor_dispose (GObject *object)
{
  WbMapEditor *self = WB_MAP_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_func (self->game, on_game_changed, self);
  _wb_map_editor_selection_dispose (self);
  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_object (&self->stack);
  _wb_map_editor_region_dispose (self);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->sketch, g_array_unref);

  G_OBJECT_CLASS (wb_map_editor_parent_class)->dispose (object);
}

static void
wb_map_editor_finalize (GObject *object)
{
  WbMapEditor *self = WB_MAP_EDITOR (object);

  g_free (self->status);

  G_OBJECT_CLASS (wb_map_editor_parent_class)->finalize (object);
}

static void
wb_map_editor_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WbMapEditor *self = WB_MAP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_MAP:
      g_value_set_object (value, self->map);
      break;
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    case PROP_EDITING:
      g_value_set_boolean (value, wb_map_editor_get_editing (self));
      break;
    case PROP_TERRAIN:
      g_value_set_string (value, self->terrain);
      break;
    case PROP_BRUSH_RADIUS:
      g_value_set_int (value, self->brush_radius);
      break;
    case PROP_HEXSIDE_FEATURE:
      g_value_set_string (value, self->hexside_feature);
      break;
    case PROP_ROAD_FEATURE:
      g_value_set_string (value, self->road_feature);
      break;
    case PROP_CONNECTION_CLASS:
      g_value_set_string (value, self->connection_class);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_editor_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  WbMapEditor *self = WB_MAP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      wb_map_editor_set_tool (self, g_value_get_string (value));
      break;
    case PROP_TERRAIN:
      wb_map_editor_set_terrain (self, g_value_get_string (value));
      break;
    case PROP_BRUSH_RADIUS:
      wb_map_editor_set_brush_radius (self, g_value_get_int (value));
      break;
    case PROP_HEXSIDE_FEATURE:
      wb_map_editor_set_hexside_feature (self, g_value_get_string (value));
      break;
    case PROP_ROAD_FEATURE:
      wb_map_editor_set_road_feature (self, g_value_get_string (value));
      break;
    case PROP_CONNECTION_CLASS:
      wb_map_editor_set_connection_class (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_editor_class_init (WbMapEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = wb_map_editor_dispose;
  object_class->finalize = wb_map_editor_finalize;
  object_class->get_property = wb_map_editor_get_property;
  object_class->set_property = wb_map_editor_set_property;

  properties[PROP_MAP] = g_param_spec_object ("map", NULL, NULL, WB_TYPE_MAP, ro);
  properties[PROP_TOOL] = g_param_spec_string ("tool", NULL, NULL, WB_TOOL_SELECT, rw);
  properties[PROP_EDITING] = g_param_spec_boolean ("editing", NULL, NULL, FALSE, ro);
  properties[PROP_TERRAIN] = g_param_spec_string ("terrain", NULL, NULL, NULL, rw);
  properties[PROP_BRUSH_RADIUS] =
    g_param_spec_int ("brush-radius", NULL, NULL, 0, WB_MAP_EDITOR_MAX_RADIUS, 0, rw);
  properties[PROP_HEXSIDE_FEATURE] = g_param_spec_string ("hexside-feature", NULL, NULL, NULL, rw);
  properties[PROP_ROAD_FEATURE] = g_param_spec_string ("road-feature", NULL, NULL, NULL, rw);
  properties[PROP_CONNECTION_CLASS] =
    g_param_spec_string ("connection-class", NULL, NULL, NULL, rw);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbMapEditor::before-edit:
   *
   * Emitted before each edit the editor pushes (outside the write lock);
   * area-changed always follows.
   */
  _wb_map_editor_signals[SIGNAL_BEFORE_EDIT] =
    g_signal_new ("before-edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * WbMapEditor::area-changed:
   * @x, @y, @width, @height: the map rectangle (points) the edit changed;
   *   all 0 when the edit failed and changed nothing
   *
   * Emitted after each edit the editor pushed, outside the write lock.
   */
  _wb_map_editor_signals[SIGNAL_AREA_CHANGED] =
    g_signal_new ("area-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * WbMapEditor::rename-requested:
   * @id: the location id
   * @x, @y: where it is, in map points
   *
   * Emitted when a point map location should get a new name: just after
   * the Add Location tool made it, or on a double click with Select. The
   * window shows an entry there and applies the name with the
   * rename-location action.
   */
  _wb_map_editor_signals[SIGNAL_RENAME_REQUESTED] =
    g_signal_new ("rename-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  _wb_map_editor_add_annotation_signals (object_class);
  _wb_map_editor_add_line_signals (object_class);

  /**
   * WbMapEditor::selection-changed:
   *
   * Emitted when the selection (wb_map_editor_get_selection ()) changed:
   * a click with Select, the select functions, or an edit that took the
   * selected thing away (then possibly under the game's write lock: read
   * the model, do not edit it).
   */
  _wb_map_editor_signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  _wb_map_editor_region_class_init (object_class);
}

static void
wb_map_editor_init (WbMapEditor *self)
{
  const GActionEntry entries[] = {
    { "tool", NULL, "s", "'select'", change_tool, { 0 } },
    { "terrain", NULL, "s", "''", change_terrain, { 0 } },
    { "brush-radius", NULL, "i", "0", change_brush_radius, { 0 } },
    { "hexside-feature", NULL, "s", "''", change_hexside_feature, { 0 } },
    { "road-feature", NULL, "s", "''", change_road_feature, { 0 } },
    { "connection-class", NULL, "s", "''", change_connection_class, { 0 } },
    { "brush-grow", brush_grow, NULL, NULL, NULL, { 0 } },
    { "brush-shrink", brush_shrink, NULL, NULL, NULL, { 0 } },
    { "rename-location", rename_location_action, "(ss)", NULL, NULL, { 0 } },
    { "clear-selection", clear_selection_action, NULL, NULL, NULL, { 0 } },
  };

  self->tool = WB_TOOL_SELECT;
  self->view_zoom = 1.0;

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries,
                                   G_N_ELEMENTS (entries), self);
  _wb_map_editor_add_annotation_actions (self);
  _wb_map_editor_add_line_actions (self);
  _wb_map_editor_region_init (self);
  update_actions (self);
}

WbMapEditor *
wb_map_editor_new (void)
{
  return g_object_new (WB_TYPE_MAP_EDITOR, NULL);
}
