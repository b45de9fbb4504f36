/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-edit.h"
#include "wb-map-editor-private.h"

/* The Line tool: rivers, ridges, boundaries and VP lines drawn on either
 * kind of map. Clicks add points to the line being drawn (the sketch);
 * a double click, Enter or the finish-line action makes it one undoable
 * step; Backspace takes the last point back and Escape drops the sketch.
 * With no sketch, a click on an existing line picks it, and the window
 * offers its name, style and Delete. */

#define LINE_PICK_RADIUS 6.0        /* map points */
#define FINISH_RADIUS    6.0        /* a second click this near the last point finishes */

static void
set_state (WbMapEditor *self,
           const char  *name,
           GVariant    *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

static void
enable (WbMapEditor *self,
        const char  *name,
        gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
sketch_changed (WbMapEditor *self)
{
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_SKETCH_CHANGED], 0);
  _wb_map_editor_update_line_actions (self);
}

const char *
wb_map_editor_get_line_style (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->line_style;
}

void
wb_map_editor_set_line_style (WbMapEditor *self,
                              const char  *style)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (style == NULL || !g_strv_contains (wb_map_line_styles (), style))
    return;
  self->line_style = g_intern_string (style);
  set_state (self, "line-style", g_variant_new_string (style));
}

const char *
wb_map_editor_get_line_side (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->line_side;
}

void
wb_map_editor_set_line_side (WbMapEditor *self,
                             const char  *side)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  if (side != NULL && (*side == '\0' || self->game == NULL ||
                       wb_game_find_side (self->game, side) == NULL))
    side = NULL;
  self->line_side = side != NULL ? g_intern_string (side) : NULL;
  set_state (self, "line-side", g_variant_new_string (side != NULL ? side : ""));
}

const WbMapPoint *
wb_map_editor_get_sketch (WbMapEditor *self,
                          guint       *n_points)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  *n_points = self->sketch != NULL ? self->sketch->len : 0;
  return self->sketch != NULL ? (const WbMapPoint *) self->sketch->data : NULL;
}

void
_wb_map_editor_cancel_sketch (WbMapEditor *self)
{
  if (self->sketch == NULL)
    return;
  g_clear_pointer (&self->sketch, g_array_unref);
  sketch_changed (self);
}

/* The line nearest (x, y) within the pick radius, or -1. */
static int
line_at (WbMapEditor *self,
         double       x,
         double       y)
{
  GPtrArray *lines = wb_map_get_lines (self->map);
  double best = LINE_PICK_RADIUS;
  int found = -1;

  for (guint i = 0; i < lines->len; i++)
    {
      double d = wb_map_line_distance (g_ptr_array_index (lines, i), x, y);

      if (d <= best)
        {
          best = d;
          found = (int) i;
        }
    }
  return found;
}

static void
whole_map (WbMapEditor *self,
           double      *w,
           double      *h)
{
  wb_map_get_extent (self->map, w, h);
}

gboolean
wb_map_editor_finish_line (WbMapEditor *self)
{
  g_autoptr(WbMapLine) line = NULL;
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  if (self->map == NULL || self->stack == NULL || self->sketch == NULL)
    return FALSE;
  if (self->sketch->len < 2)
    {
      _wb_map_editor_set_status (self, g_strdup (_("A line needs at least two points")));
      return FALSE;
    }

  line = wb_map_line_new (self->line_style);
  line->side = g_strcmp0 (self->line_style, "vp-line") == 0 ? self->line_side : NULL;
  g_array_append_vals (line->points, self->sketch->data, self->sketch->len);
  _wb_map_editor_cancel_sketch (self);

  whole_map (self, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_add_map_line_new (self->game, self->map, line),
                            -w, -h, 2 * w, 2 * h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  _wb_map_editor_set_status (self, g_strdup (wb_undo_stack_get_undo_label (self->stack)));
  return TRUE;
}

/* A press with the Line tool at (x, y). */
void
_wb_map_editor_line_click (WbMapEditor *self,
                           double       x,
                           double       y)
{
  gint64 now = g_get_monotonic_time ();
  WbMapPoint p = { x, y };

  if (self->sketch == NULL)
    {
      int index = line_at (self, x, y);

      if (index >= 0)
        {
          WbMapLine *line = g_ptr_array_index (wb_map_get_lines (self->map), index);

          g_signal_emit (self, _wb_map_editor_signals[SIGNAL_LINE_REQUESTED], 0,
                         (guint) index, line->name, line->style, x, y);
          return;
        }
      self->sketch = g_array_new (FALSE, FALSE, sizeof (WbMapPoint));
    }
  else if (self->sketch->len > 0)
    {
      WbMapPoint last = g_array_index (self->sketch, WbMapPoint, self->sketch->len - 1);

      /* A double click ends the line where it is. */
      if (hypot (last.x - x, last.y - y) <= FINISH_RADIUS)
        {
          if (now - self->last_line_click <= DOUBLE_CLICK_TIME)
            wb_map_editor_finish_line (self);
          self->last_line_click = 0;
          return;
        }
    }
  self->last_line_click = now;
  g_array_append_val (self->sketch, p);
  sketch_changed (self);
  _wb_map_editor_set_status (self, g_strdup (_("Click to add points; double-click or Enter ends the line, Escape drops it")));
}

gboolean
wb_map_editor_edit_line (WbMapEditor *self,
                         guint        index,
                         const char  *name,
                         const char  *style)
{
  GPtrArray *lines;
  g_autoptr(WbMapLine) line = NULL;
  g_autofree char *stripped = NULL;
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  if (self->map == NULL || self->stack == NULL)
    return FALSE;
  lines = wb_map_get_lines (self->map);
  if (index >= lines->len)
    return FALSE;
  line = wb_map_line_copy (g_ptr_array_index (lines, index));
  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  g_free (line->name);
  line->name = *stripped != '\0' ? g_strdup (stripped) : NULL;
  if (style != NULL && *style != '\0')
    line->style = g_intern_string (style);
  if (g_strcmp0 (line->style, "vp-line") != 0)
    line->side = NULL;
  whole_map (self, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_edit_map_line_new (self->game, self->map, index, line),
                            -w, -h, 2 * w, 2 * h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  return TRUE;
}

gboolean
wb_map_editor_delete_line (WbMapEditor *self,
                           guint        index)
{
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  if (self->map == NULL || self->stack == NULL)
    return FALSE;
  whole_map (self, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_remove_map_line_new (self->map, index),
                            -w, -h, 2 * w, 2 * h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  return TRUE;
}

/* Actions ------------------------------------------------------------- */

static void
change_line_style (GSimpleAction *action,
                   GVariant      *value,
                   gpointer       user_data)
{
  wb_map_editor_set_line_style (user_data, g_variant_get_string (value, NULL));
}

static void
change_line_side (GSimpleAction *action,
                  GVariant      *value,
                  gpointer       user_data)
{
  wb_map_editor_set_line_side (user_data, g_variant_get_string (value, NULL));
}

static void
finish_line_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  wb_map_editor_finish_line (user_data);
}

static void
cancel_line_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  WbMapEditor *self = user_data;

  _wb_map_editor_cancel_sketch (self);
  _wb_map_editor_set_status (self, NULL);
}

static void
remove_point_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  WbMapEditor *self = user_data;

  if (self->sketch == NULL)
    return;
  if (self->sketch->len <= 1)
    _wb_map_editor_cancel_sketch (self);
  else
    {
      g_array_set_size (self->sketch, self->sketch->len - 1);
      sketch_changed (self);
    }
}

static void
edit_line_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  guint index;
  const char *name, *style;

  g_variant_get (parameter, "(u&s&s)", &index, &name, &style);
  wb_map_editor_edit_line (user_data, index, name, style);
}

static void
delete_line_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  wb_map_editor_delete_line (user_data, g_variant_get_uint32 (parameter));
}

void
_wb_map_editor_add_line_actions (WbMapEditor *self)
{
  const GActionEntry entries[] = {
    { "line-style", NULL, "s", "'river'", change_line_style, { 0 } },
    { "line-side", NULL, "s", "''", change_line_side, { 0 } },
    { "finish-line", finish_line_action, NULL, NULL, NULL, { 0 } },
    { "cancel-line", cancel_line_action, NULL, NULL, NULL, { 0 } },
    { "remove-line-point", remove_point_action, NULL, NULL, NULL, { 0 } },
    { "edit-line", edit_line_action, "(uss)", NULL, NULL, { 0 } },
    { "delete-line", delete_line_action, "u", NULL, NULL, { 0 } },
  };

  self->line_style = g_intern_static_string ("river");
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries,
                                   G_N_ELEMENTS (entries), self);
}

void
_wb_map_editor_update_line_actions (WbMapEditor *self)
{
  gboolean editable = self->map != NULL && self->stack != NULL;
  gboolean drawing = editable && self->sketch != NULL;

  enable (self, "line-style", editable);
  enable (self, "line-side", editable);
  enable (self, "finish-line", drawing && self->sketch->len >= 2);
  enable (self, "cancel-line", drawing);
  enable (self, "remove-line-point", drawing);
  enable (self, "edit-line", editable);
  enable (self, "delete-line", editable);
}

void
_wb_map_editor_add_line_signals (GObjectClass *klass)
{
  /**
   * WbMapEditor::sketch-changed:
   *
   * The line being drawn changed (wb_map_editor_get_sketch ()).
   */
  _wb_map_editor_signals[SIGNAL_SKETCH_CHANGED] =
    g_signal_new ("sketch-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * WbMapEditor::line-requested:
   * @index: the line's place in the map's lines
   * @name: (nullable): its name
   * @style: its style
   * @x, @y: where it was clicked, in map points
   *
   * Emitted when the Line tool clicks an existing line. The window offers
   * its name and style (edit-line) and Delete (delete-line).
   */
  _wb_map_editor_signals[SIGNAL_LINE_REQUESTED] =
    g_signal_new ("line-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 5,
                  G_TYPE_UINT, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}
