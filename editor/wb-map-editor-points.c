/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-edit.h"
#include "wb-map-editor-private.h"
#include "wb-point-map-commands.h"

/* Point-to-point editing: moving, connecting and disconnecting locations,
 * adding, deleting and renaming them. */

void
_wb_map_editor_move_location (WbMapEditor *self,
               double       x,
               double       y)
{
  WbPointMap *map = WB_POINT_MAP (self->map);
  double w, h;

  wb_map_get_extent (self->map, &w, &h);
  x = CLAMP (x, 0, w);
  y = CLAMP (y, 0, h);
  _wb_map_editor_push (self, wb_command_move_location_new (map, self->moving, x, y),
        0, 0, w, h);
}

/* The connection whose line passes within @radius of (x, y), nearest
 * first: FALSE if none. */
gboolean
_wb_map_editor_connection_at (WbPointMap *map,
                              double      x,
                              double      y,
                              double      radius,
                              guint      *index)
{
  GPtrArray *connections = wb_point_map_get_connections (map);
  WbConnection *best = NULL;
  double best_d = radius;

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);
      WbLocation *a = wb_point_map_find_location (map, c->a);
      WbLocation *b = wb_point_map_find_location (map, c->b);
      double dx, dy, len2, t, d;

      if (a == NULL || b == NULL)
        continue;
      dx = b->x - a->x;
      dy = b->y - a->y;
      len2 = dx * dx + dy * dy;
      t = len2 > 0 ? CLAMP (((x - a->x) * dx + (y - a->y) * dy) / len2, 0, 1) : 0;
      d = hypot (a->x + t * dx - x, a->y + t * dy - y);
      if (d <= best_d)
        {
          best_d = d;
          best = c;
          *index = i;
        }
    }
  return best != NULL;
}

void
_wb_map_editor_disconnect_at (WbMapEditor *self,
               double       x,
               double       y)
{
  WbPointMap *map = WB_POINT_MAP (self->map);
  WbConnection *c;
  WbLocation *a, *b;
  guint index;
  double w, h;

  if (!_wb_map_editor_connection_at (map, x, y, PICK_RADIUS / 2, &index))
    return;
  c = g_ptr_array_index (wb_point_map_get_connections (map), index);

  a = wb_point_map_find_location (map, c->a);
  b = wb_point_map_find_location (map, c->b);
  wb_map_get_extent (self->map, &w, &h);
  _wb_map_editor_push (self, wb_command_disconnect_new (map, c->a, c->b, c->klass, a->name, b->name),
        0, 0, w, h);
  wb_undo_stack_seal (self->stack);
}

/* Ends a Connect drag at (x, y): connects its source to the location
 * there, if any. */
void
_wb_map_editor_connect_to (WbMapEditor *self,
            double       x,
            double       y)
{
  WbPointMap *map = WB_POINT_MAP (self->map);
  WbLocation *from = wb_point_map_find_location (map, self->moving);
  WbLocation *to = wb_point_map_location_at (map, x, y, PICK_RADIUS);
  double w, h;

  if (from == NULL || to == NULL || to == from)
    return;

  wb_map_get_extent (self->map, &w, &h);
  _wb_map_editor_push (self, wb_command_connect_new (map, from->id, to->id, self->connection_class,
                                      from->name, to->name),
        0, 0, w, h);
}

/* "New location 1", "New location 2"…: the first name no location has. */
static char *
new_location_name (WbPointMap *map)
{
  GPtrArray *locations = wb_point_map_get_locations (map);

  for (guint n = 1;; n++)
    {
      /* Translators: the name a new location gets; %u is a number */
      g_autofree char *name = g_strdup_printf (_("New location %u"), n);
      gboolean taken = FALSE;

      for (guint i = 0; i < locations->len && !taken; i++)
        taken = g_strcmp0 (((WbLocation *) g_ptr_array_index (locations, i))->name, name) == 0;
      if (!taken)
        return g_steal_pointer (&name);
    }
}

void
_wb_map_editor_select_location (WbMapEditor *self,
                 const char  *id)
{
  wb_map_editor_select_location (self, id);
}

/* Moves the label of the location being dragged so its centre follows the
 * pointer (one step per drag: the set-location commands merge). */
void
_wb_map_editor_move_label (WbMapEditor *self,
                           double       x,
                           double       y)
{
  WbPointMap *map = WB_POINT_MAP (self->map);
  WbLocation *loc = wb_point_map_find_location (map, self->moving);
  g_autoptr(WbLocationAttrs) attrs = NULL;
  double w, h;

  if (loc == NULL)
    return;
  attrs = wb_location_attrs_new_from (loc);
  attrs->label_dx = CLAMP (round (x + self->label_grab_x - loc->x),
                           -WB_LOCATION_MAX_LABEL_OFFSET, WB_LOCATION_MAX_LABEL_OFFSET);
  attrs->label_dy = CLAMP (round (y + self->label_grab_y - loc->y),
                           -WB_LOCATION_MAX_LABEL_OFFSET, WB_LOCATION_MAX_LABEL_OFFSET);
  /* (0, 0) means "under the marker" to the renderer. */
  if (attrs->label_dx == 0 && attrs->label_dy == 0)
    attrs->label_dy = -1;
  if (attrs->label_dx == loc->label_dx && attrs->label_dy == loc->label_dy)
    return;
  wb_map_get_extent (self->map, &w, &h);
  _wb_map_editor_push (self, wb_command_set_location_new (self->game, map, loc->id,
                                                          WB_LOCATION_FIELD_LABEL_OFFSET, attrs),
                       0, 0, w, h);
}

static void
request_rename (WbMapEditor *self,
                WbLocation  *loc)
{
  _wb_map_editor_select_location (self, loc->id);
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_RENAME_REQUESTED], 0, loc->id, loc->x, loc->y);
}

/* Adds a location at (x, y), selects it and asks for its name. */
void
_wb_map_editor_add_location (WbMapEditor *self,
              double       x,
              double       y)
{
  WbPointMap *map = WB_POINT_MAP (self->map);
  g_autofree char *name = new_location_name (map);
  WbCommand *command = wb_command_add_location_new (map, name, x, y);
  const char *id = wb_command_add_location_get_id (command);
  double w, h;

  wb_map_get_extent (self->map, &w, &h);
  if (_wb_map_editor_push (self, command, 0, 0, w, h))
    {
      WbLocation *loc = wb_point_map_find_location (map, id);

      wb_undo_stack_seal (self->stack);
      /* Translators: %s is a location name */
      _wb_map_editor_set_status (self, g_strdup_printf (_("Added %s"), name));
      if (loc != NULL)
        request_rename (self, loc);
    }
}

void
_wb_map_editor_delete_location (WbMapEditor *self,
                 WbLocation  *loc)
{
  const char *id = loc->id;
  double w, h;

  wb_map_get_extent (self->map, &w, &h);
  /* The selection follows the map: a deleted location is unselected. */
  if (_wb_map_editor_push (self, wb_command_delete_location_new (self->game, WB_POINT_MAP (self->map), id),
            0, 0, w, h))
    wb_undo_stack_seal (self->stack);
}

gboolean
wb_map_editor_rename_location (WbMapEditor *self,
                               const char  *id,
                               const char  *name)
{
  WbLocation *loc;
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (id != NULL && name != NULL, FALSE);

  if (!WB_IS_POINT_MAP (self->map) || self->stack == NULL)
    return FALSE;
  loc = wb_point_map_find_location (WB_POINT_MAP (self->map), id);
  if (loc != NULL && g_strcmp0 (loc->name, name) == 0)
    return TRUE;

  wb_undo_stack_seal (self->stack);
  wb_map_get_extent (self->map, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_rename_location_new (WB_POINT_MAP (self->map), id, name),
             0, 0, w, h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  _wb_map_editor_set_status (self, NULL);
  return TRUE;
}

const char *
wb_map_editor_get_selected_location (WbMapEditor *self)
{
  const WbSelection *selection;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  /* Undo may have taken it away: the getter checks. */
  selection = wb_map_editor_get_selection (self);
  return selection->kind == WB_SELECTION_LOCATION ? selection->location : NULL;
}

void
wb_map_editor_double_click (WbMapEditor *self,
                            double       x,
                            double       y)
{
  WbLocation *loc;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (!WB_IS_POINT_MAP (self->map) || self->stack == NULL || !_wb_map_editor_is_tool (self, WB_TOOL_SELECT))
    return;
  loc = wb_point_map_location_at (WB_POINT_MAP (self->map), x, y, PICK_RADIUS);
  if (loc != NULL)
    request_rename (self, loc);
}
