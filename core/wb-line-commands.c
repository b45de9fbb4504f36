/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-line-commands.h"

/* One class for the three edits: @after (NULL: delete) replaces the line
 * at @index, or is inserted there when @insert; revert puts @before back
 * (or takes the inserted line out). */

#define WB_TYPE_LINE_COMMAND (wb_line_command_get_type ())
G_DECLARE_FINAL_TYPE (WbLineCommand, wb_line_command, WB, LINE_COMMAND, WbCommand)

struct _WbLineCommand
{
  WbCommand  parent_instance;

  WbMap     *map;
  WbGame    *game;
  guint      index;
  gboolean   insert;
  WbMapLine *after;    /* NULL: delete */
  WbMapLine *before;   /* set by apply; NULL when inserting */
};

G_DEFINE_FINAL_TYPE (WbLineCommand, wb_line_command, WB_TYPE_COMMAND)

static gboolean
check_line (WbLineCommand  *self,
            GError        **error)
{
  WbMapLine *line = self->after;
  double w, h;

  if (line == NULL)
    return TRUE;
  if (!g_strv_contains (wb_map_line_styles (), line->style))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) wb_map_line_styles ());

      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unknown line style “%s” (expected one of: %s)"), line->style, list);
      return FALSE;
    }
  if (line->side != NULL && self->game != NULL && wb_game_find_side (self->game, line->side) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no side “%s”"), line->side);
      return FALSE;
    }
  if (line->points->len < 2 || line->points->len > WB_MAP_LINE_MAX_POINTS)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A line has between 2 and %d points"), WB_MAP_LINE_MAX_POINTS);
      return FALSE;
    }
  wb_map_get_extent (self->map, &w, &h);
  for (guint i = 0; i < line->points->len; i++)
    {
      WbMapPoint p = g_array_index (line->points, WbMapPoint, i);

      if (!(p.x >= -w && p.x <= 2 * w && p.y >= -h && p.y <= 2 * h))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                       _("Point (%g, %g) is far outside map “%s”"), p.x, p.y,
                       wb_map_get_name (self->map));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
wb_line_command_apply (WbCommand  *command,
                       GError    **error)
{
  WbLineCommand *self = WB_LINE_COMMAND (command);
  GPtrArray *lines = wb_map_get_lines (self->map);

  if (!check_line (self, error))
    return FALSE;
  if (self->insert)
    {
      if (lines->len >= WB_MAP_MAX_LINES)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("A map has at most %d lines"), WB_MAP_MAX_LINES);
          return FALSE;
        }
      self->index = MIN (self->index, lines->len);
      wb_map_insert_line (self->map, wb_map_line_copy (self->after), self->index);
    }
  else
    {
      if (self->index >= lines->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("Map “%s” has no line %u"), wb_map_get_name (self->map), self->index + 1);
          return FALSE;
        }
      g_clear_pointer (&self->before, wb_map_line_free);
      self->before = wb_map_steal_line (self->map, self->index);
      if (self->after != NULL)
        wb_map_insert_line (self->map, wb_map_line_copy (self->after), self->index);
    }
  wb_map_changed (self->map);
  return TRUE;
}

static void
wb_line_command_revert (WbCommand *command)
{
  WbLineCommand *self = WB_LINE_COMMAND (command);

  if (self->insert || self->after != NULL)
    wb_map_line_free (wb_map_steal_line (self->map, self->index));
  if (self->before != NULL)
    wb_map_insert_line (self->map, wb_map_line_copy (self->before), self->index);
  wb_map_changed (self->map);
}

static void
wb_line_command_finalize (GObject *object)
{
  WbLineCommand *self = WB_LINE_COMMAND (object);

  g_clear_object (&self->map);
  g_clear_object (&self->game);
  g_clear_pointer (&self->after, wb_map_line_free);
  g_clear_pointer (&self->before, wb_map_line_free);
  G_OBJECT_CLASS (wb_line_command_parent_class)->finalize (object);
}

static void
wb_line_command_class_init (WbLineCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_line_command_finalize;
  command_class->apply = wb_line_command_apply;
  command_class->revert = wb_line_command_revert;
}

static void
wb_line_command_init (WbLineCommand *self)
{
}

static const char *
style_name (const char *style)
{
  if (g_strcmp0 (style, "river") == 0)
    return _("river");
  if (g_strcmp0 (style, "ridge") == 0)
    return _("ridge");
  if (g_strcmp0 (style, "boundary") == 0)
    return _("boundary");
  if (g_strcmp0 (style, "vp-line") == 0)
    return _("VP line");
  return _("line");
}

static WbLineCommand *
line_command_new (WbGame          *game,
                  WbMap           *map,
                  guint            index,
                  gboolean         insert,
                  const WbMapLine *line)
{
  WbLineCommand *self = g_object_new (WB_TYPE_LINE_COMMAND, NULL);

  self->game = game != NULL ? g_object_ref (game) : NULL;
  self->map = g_object_ref (map);
  self->index = index;
  self->insert = insert;
  self->after = line != NULL ? wb_map_line_copy (line) : NULL;
  return self;
}

/* What the label calls the line: its name, or its style ("river"). */
static const char *
line_what (WbMap           *map,
           guint            index,
           const WbMapLine *line)
{
  GPtrArray *lines = wb_map_get_lines (map);

  if (line == NULL && index < lines->len)
    line = g_ptr_array_index (lines, index);
  if (line == NULL)
    return _("line");
  return line->name != NULL ? line->name : style_name (line->style);
}

static WbCommand *
labelled (WbLineCommand *self,
          char          *label)
{
  wb_command_set_label (WB_COMMAND (self), label);
  g_free (label);
  return WB_COMMAND (self);
}

/**
 * wb_command_add_map_line_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_add_map_line_new (WbGame          *game,
                             WbMap           *map,
                             const WbMapLine *line)
{
  g_return_val_if_fail (WB_IS_MAP (map), NULL);
  g_return_val_if_fail (line != NULL, NULL);
  return labelled (line_command_new (game, map, G_MAXUINT, TRUE, line),
                  /* Translators: %s is a line's name or its style ("river") */
                  g_strdup_printf (_("Draw %s"), line_what (map, 0, line)));
}

/**
 * wb_command_edit_map_line_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_edit_map_line_new (WbGame          *game,
                              WbMap           *map,
                              guint            index,
                              const WbMapLine *line)
{
  g_return_val_if_fail (WB_IS_MAP (map), NULL);
  g_return_val_if_fail (line != NULL, NULL);
  return labelled (line_command_new (game, map, index, FALSE, line),
                  g_strdup_printf (_("Edit %s"), line_what (map, index, NULL)));
}

/**
 * wb_command_remove_map_line_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_remove_map_line_new (WbMap *map,
                                guint  index)
{
  g_return_val_if_fail (WB_IS_MAP (map), NULL);
  return labelled (line_command_new (NULL, map, index, FALSE, NULL),
                  g_strdup_printf (_("Delete %s"), line_what (map, index, NULL)));
}
