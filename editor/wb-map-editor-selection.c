/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-map-editor-private.h"

/* The selection: what the Select tool picked (a hex, a hexside, a
 * location, a connection), kept valid as the map changes (an undo may take
 * a location or a connection away), with selection-changed on every change.
 * The inspector shows it; the window outlines it on the canvas. */

/* How near an edge, as a share of the distance between two hex centres, a
 * click picks the hexside rather than the hex. */
#define HEXSIDE_PICK     0.14
#define HEXSIDE_PICK_MAX 0.25
#define HEXSIDE_PICK_PX  4.0
/* Around a connection's line, a click picks it from this many map points,
 * or widget pixels if that is more. */
#define CONNECTION_PICK    6.0
#define CONNECTION_PICK_PX 6.0

static gboolean
selection_equal (const WbSelection *a,
                 const WbSelection *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case WB_SELECTION_HEX:
      return wb_offset_equal (a->hex, b->hex);
    case WB_SELECTION_HEXSIDE:
      return wb_offset_equal (a->hex, b->hex) && a->dir == b->dir;
    case WB_SELECTION_LOCATION:
      return a->location == b->location;
    case WB_SELECTION_CONNECTION:
      return a->connection == b->connection && a->a == b->a && a->b == b->b;
    case WB_SELECTION_NONE:
    default:
      return TRUE;
    }
}

static void
set_selection (WbMapEditor       *self,
               const WbSelection *selection)
{
  if (selection_equal (&self->selection, selection))
    return;
  self->selection = *selection;
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_SELECTION_CHANGED], 0);
}

/* Whether the selection still names something on the map. */
static gboolean
selection_valid (WbMapEditor *self)
{
  const WbSelection *s = &self->selection;

  switch (s->kind)
    {
    case WB_SELECTION_HEX:
    case WB_SELECTION_HEXSIDE:
      return WB_IS_HEX_MAP (self->map) && wb_hex_map_contains (WB_HEX_MAP (self->map), s->hex);
    case WB_SELECTION_LOCATION:
      return WB_IS_POINT_MAP (self->map) &&
             wb_point_map_find_location (WB_POINT_MAP (self->map), s->location) != NULL;
    case WB_SELECTION_CONNECTION:
      {
        GPtrArray *connections;
        WbConnection *c;

        if (!WB_IS_POINT_MAP (self->map))
          return FALSE;
        connections = wb_point_map_get_connections (WB_POINT_MAP (self->map));
        if (s->connection >= connections->len)
          return FALSE;
        c = g_ptr_array_index (connections, s->connection);
        return c->a == s->a && c->b == s->b;
      }
    case WB_SELECTION_NONE:
    default:
      return TRUE;
    }
}

/* A connection that moved in the list (a deletion before it was undone)
 * is followed by its ends. */
static gboolean
find_connection_again (WbMapEditor *self)
{
  GPtrArray *connections;

  if (self->selection.kind != WB_SELECTION_CONNECTION || !WB_IS_POINT_MAP (self->map))
    return FALSE;
  connections = wb_point_map_get_connections (WB_POINT_MAP (self->map));
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);

      if (c->a == self->selection.a && c->b == self->selection.b)
        {
          self->selection.connection = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Runs on the map's changed signal, possibly under the game's write lock:
 * it only reads the model. */
static void
on_map_changed (WbMapEditor *self)
{
  WbSelection none = { WB_SELECTION_NONE, { 0, 0 }, 0, NULL, 0, NULL, NULL };
  guint index = self->selection.connection;

  if (selection_valid (self))
    return;
  if (find_connection_again (self))
    {
      /* Same connection, another index: tell the observers. */
      if (self->selection.connection != index)
        g_signal_emit (self, _wb_map_editor_signals[SIGNAL_SELECTION_CHANGED], 0);
      return;
    }
  set_selection (self, &none);
}

void
_wb_map_editor_selection_target_changed (WbMapEditor *self)
{
  WbSelection none = { WB_SELECTION_NONE, { 0, 0 }, 0, NULL, 0, NULL, NULL };

  /* Called with the new map in place; _wb_map_editor_selection_dispose ()
   * let go of the old one. */
  if (self->map != NULL)
    self->map_changed_id = g_signal_connect_object (self->map, "changed",
                                                    G_CALLBACK (on_map_changed), self,
                                                    G_CONNECT_SWAPPED);
  set_selection (self, &none);
}

void
_wb_map_editor_selection_dispose (WbMapEditor *self)
{
  if (self->map != NULL && self->map_changed_id != 0)
    g_signal_handler_disconnect (self->map, self->map_changed_id);
  self->map_changed_id = 0;
}

const WbSelection *
wb_map_editor_get_selection (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  /* The map's changed handler keeps it valid; this covers a caller that
   * runs before it. */
  if (!selection_valid (self) && !find_connection_again (self))
    self->selection.kind = WB_SELECTION_NONE;
  return &self->selection;
}

void
wb_map_editor_select_hex (WbMapEditor *self,
                          WbOffset     hex)
{
  WbSelection s = { WB_SELECTION_HEX, hex, 0, NULL, 0, NULL, NULL };

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (!WB_IS_HEX_MAP (self->map) || !wb_hex_map_contains (WB_HEX_MAP (self->map), hex))
    return;
  set_selection (self, &s);
}

void
wb_map_editor_select_hexside (WbMapEditor *self,
                              WbOffset     hex,
                              int          dir)
{
  WbSelection s = { WB_SELECTION_HEXSIDE, hex, dir, NULL, 0, NULL, NULL };

  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  g_return_if_fail (dir >= 0 && dir < WB_HEX_DIRECTIONS);

  if (!WB_IS_HEX_MAP (self->map) || !wb_hex_map_contains (WB_HEX_MAP (self->map), hex))
    return;
  set_selection (self, &s);
}

void
wb_map_editor_select_location (WbMapEditor *self,
                               const char  *id)
{
  WbSelection s = { WB_SELECTION_LOCATION, { 0, 0 }, 0, NULL, 0, NULL, NULL };

  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  g_return_if_fail (id != NULL);

  if (!WB_IS_POINT_MAP (self->map) ||
      wb_point_map_find_location (WB_POINT_MAP (self->map), id) == NULL)
    return;
  s.location = g_intern_string (id);
  set_selection (self, &s);
}

void
wb_map_editor_select_connection (WbMapEditor *self,
                                 guint        index)
{
  WbSelection s = { WB_SELECTION_CONNECTION, { 0, 0 }, 0, NULL, index, NULL, NULL };
  GPtrArray *connections;
  WbConnection *c;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (!WB_IS_POINT_MAP (self->map))
    return;
  connections = wb_point_map_get_connections (WB_POINT_MAP (self->map));
  if (index >= connections->len)
    return;
  c = g_ptr_array_index (connections, index);
  s.a = c->a;
  s.b = c->b;
  set_selection (self, &s);
}

void
wb_map_editor_clear_selection (WbMapEditor *self)
{
  WbSelection none = { WB_SELECTION_NONE, { 0, 0 }, 0, NULL, 0, NULL, NULL };

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  wb_map_editor_set_tool (self, WB_TOOL_SELECT);
  set_selection (self, &none);
}

/* The hex under (x, y) and, when the point lies within HEXSIDE_PICK of an
 * edge, that edge's direction (else -1). */
static WbOffset
hex_and_edge_at (WbHexMap *map,
                 double    x,
                 double    y,
                 double    zoom,
                 int      *dir)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  double size = wb_hex_map_get_hex_size (map);
  WbOffset hex = wb_hex_from_point (layout, size, x, y);
  double cx, cy, best = G_MAXDOUBLE;

  wb_hex_center (layout, size, hex, &cx, &cy);
  *dir = -1;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      double nx, ny, dist, along, to_edge;

      wb_hex_center (layout, size, wb_hex_neighbour (layout, hex, d), &nx, &ny);
      dist = hypot (nx - cx, ny - cy);
      /* How far the point is from this edge, along the line of centres. */
      along = ((x - cx) * (nx - cx) + (y - cy) * (ny - cy)) / dist;
      to_edge = dist / 2 - along;
      /* A few pixels of slack when hexes are small on screen, but never
       * so much that the middle of a hex is an edge. */
      if (to_edge < best &&
          to_edge <= CLAMP (HEXSIDE_PICK_PX / zoom, dist * HEXSIDE_PICK, dist * HEXSIDE_PICK_MAX))
        {
          best = to_edge;
          *dir = d;
        }
    }
  return hex;
}

void
wb_map_editor_select_at (WbMapEditor *self,
                         double       x,
                         double       y)
{
  WbSelection none = { WB_SELECTION_NONE, { 0, 0 }, 0, NULL, 0, NULL, NULL };

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *map = WB_HEX_MAP (self->map);
      int dir;
      WbOffset hex = hex_and_edge_at (map, x, y, self->view_zoom, &dir);

      if (!wb_hex_map_contains (map, hex))
        set_selection (self, &none);
      else if (dir >= 0)
        wb_map_editor_select_hexside (self, hex, dir);
      else
        wb_map_editor_select_hex (self, hex);
    }
  else if (WB_IS_POINT_MAP (self->map))
    {
      WbPointMap *map = WB_POINT_MAP (self->map);
      WbLocation *loc = wb_point_map_location_at (map, x, y, PICK_RADIUS);
      guint index;

      if (loc != NULL)
        wb_map_editor_select_location (self, loc->id);
      else if (_wb_map_editor_connection_at (map, x, y,
                                             MAX (CONNECTION_PICK, CONNECTION_PICK_PX / self->view_zoom),
                                             &index))
        wb_map_editor_select_connection (self, index);
      else
        set_selection (self, &none);
    }
  else
    set_selection (self, &none);
}

void
wb_map_editor_set_view_zoom (WbMapEditor *self,
                             double       zoom)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  g_return_if_fail (zoom > 0);

  self->view_zoom = zoom;
}

/* Label placement: where the renderer puts a location's name, roughly
 * (wb-render-points.c: centred on the offset when there is one, else
 * under the marker), as a rectangle of map points. The text's real extent
 * needs Pango; a glyph is taken to be 0.6 of the font size wide, and the
 * rectangle is padded so a click on the label always lands. */
#define POINT_UNIT 20.0

static void
label_rect (WbLocation *loc,
            double     *x0,
            double     *y0,
            double     *x1,
            double     *y1)
{
  double size = POINT_UNIT * 0.55 * (loc->major ? 1.2 : 1.0);
  double rad = POINT_UNIT * (loc->major ? 0.48 : 0.3);
  const char *name = loc->name != NULL ? loc->name : loc->id;
  double w = 0.6 * size * g_utf8_strlen (name, -1) + 4;
  double h = 1.3 * size + 2;
  double cx, cy;

  if (loc->label_dx != 0 || loc->label_dy != 0)
    {
      cx = loc->x + loc->label_dx;
      cy = loc->y + loc->label_dy;
    }
  else
    {
      cx = loc->x;
      cy = loc->y + rad + POINT_UNIT * (loc->fortress > 0 ? 0.55 : 0.2) + h / 2;
    }
  *x0 = cx - w / 2;
  *x1 = cx + w / 2;
  *y0 = cy - h / 2;
  *y1 = cy + h / 2;
}

/* The location whose label is under (x, y), last drawn first. */
gboolean
_wb_map_editor_label_at (WbMapEditor  *self,
                         double        x,
                         double        y,
                         WbLocation  **found)
{
  GPtrArray *locations;

  if (!WB_IS_POINT_MAP (self->map))
    return FALSE;
  locations = wb_point_map_get_locations (WB_POINT_MAP (self->map));
  for (guint i = locations->len; i-- > 0;)
    {
      WbLocation *loc = g_ptr_array_index (locations, i);
      double x0, y0, x1, y1;

      label_rect (loc, &x0, &y0, &x1, &y1);
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1)
        {
          *found = loc;
          return TRUE;
        }
    }
  return FALSE;
}

/* Where the label's centre is now, in map points. */
void
_wb_map_editor_label_center (WbLocation *loc,
                             double     *x,
                             double     *y)
{
  double x0, y0, x1, y1;

  label_rect (loc, &x0, &y0, &x1, &y1);
  *x = (x0 + x1) / 2;
  *y = (y0 + y1) / 2;
}
