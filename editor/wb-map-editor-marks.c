/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-map-editor-private.h"

/* Hex-map annotations: the Elevation brush, the Label tool, the Hex
 * Feature tool (towns, trenches, bridges in a hex…) and the Mark tool (objectives, entry hexes, supply sources, set-up areas, trenches,
 * named places), with their settings and the actions that add, edit and
 * delete marks. */

#define MAX_LEVEL 9   /* what the file holds: one digit per hex */

static WbHexMap *
hex_map (WbMapEditor *self)
{
  return WB_IS_HEX_MAP (self->map) ? WB_HEX_MAP (self->map) : NULL;
}

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

/* Elevation ----------------------------------------------------------- */

int
wb_map_editor_get_elevation (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), 0);
  return self->elevation;
}

void
wb_map_editor_set_elevation (WbMapEditor *self,
                             int          level)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  level = CLAMP (level, 0, MAX_LEVEL);
  if (level == self->elevation)
    return;
  self->elevation = level;
  set_state (self, "elevation", g_variant_new_int32 (level));
  _wb_map_editor_update_annotation_actions (self);
}

/* Sets the brush's level on @hexes that are on the map and differ. */
void
_wb_map_editor_set_levels (WbMapEditor    *self,
                           const WbOffset *hexes,
                           guint           n)
{
  WbHexMap *map = hex_map (self);
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  double x0, y0, x1, y1;

  for (guint i = 0; i < n; i++)
    if (wb_hex_map_contains (map, hexes[i]) &&
        (!wb_hex_map_has_elevation (map) ||
         wb_hex_map_get_elevation (map, hexes[i]) != self->elevation))
      g_array_append_val (changed, hexes[i]);
  if (changed->len == 0)
    return;

  /* The contours of the neighbours change too. */
  _wb_map_editor_hex_bounds (map, (WbOffset *) changed->data, changed->len, &x0, &y0, &x1, &y1);
  x0 -= wb_hex_map_get_hex_size (map);
  y0 -= wb_hex_map_get_hex_size (map);
  x1 += wb_hex_map_get_hex_size (map);
  y1 += wb_hex_map_get_hex_size (map);
  if (_wb_map_editor_push (self, wb_command_set_elevation_new (map, (WbOffset *) changed->data,
                                                               changed->len, self->elevation),
                           x0, y0, x1, y1))
    /* Translators: the level the elevation brush paints */
    _wb_map_editor_set_status (self, g_strdup_printf (_("Level %d"), self->elevation));
}

/* Labels -------------------------------------------------------------- */

void
_wb_map_editor_request_label (WbMapEditor *self,
                              WbOffset     hex)
{
  WbHexMap *map = hex_map (self);
  double size = wb_hex_map_get_hex_size (map);
  const char *label = wb_hex_map_get_label (map, hex);
  double cx, cy;

  wb_hex_center (wb_hex_map_get_layout (map), size, hex, &cx, &cy);
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_LABEL_REQUESTED], 0,
                 hex.col, hex.row, label, cx, cy);
}

gboolean
wb_map_editor_set_label (WbMapEditor *self,
                         WbOffset     hex,
                         const char  *text)
{
  WbHexMap *map;
  g_autofree char *stripped = NULL;
  double x0, y0, x1, y1;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  map = hex_map (self);
  if (map == NULL || self->stack == NULL)
    return FALSE;
  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (g_strcmp0 (wb_hex_map_get_label (map, hex), *stripped ? stripped : NULL) == 0)
    return TRUE;

  /* A label is drawn wider than its hex: report a generous area. */
  _wb_map_editor_hex_bounds (map, &hex, 1, &x0, &y0, &x1, &y1);
  x0 -= 6 * wb_hex_map_get_hex_size (map);
  x1 += 6 * wb_hex_map_get_hex_size (map);
  y0 -= wb_hex_map_get_hex_size (map);
  y1 += wb_hex_map_get_hex_size (map);
  if (!_wb_map_editor_push (self, wb_command_set_label_new (map, hex, stripped), x0, y0, x1, y1))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  return TRUE;
}

/* Marks --------------------------------------------------------------- */

const char *
wb_map_editor_get_mark (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->mark;
}

void
wb_map_editor_set_mark (WbMapEditor *self,
                        const char  *id)
{
  WbHexMap *map;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  map = hex_map (self);
  id = id != NULL && *id != '\0' && map != NULL && wb_hex_map_find_mark (map, id) != NULL
       ? g_intern_string (id) : NULL;
  if (id == self->mark)
    return;
  self->mark = id;
  set_state (self, "mark", g_variant_new_string (id != NULL ? id : ""));
  _wb_map_editor_update_annotation_actions (self);
}

/* The map's first mark, when the current one is gone (a new map, an undo). */
void
_wb_map_editor_check_mark (WbMapEditor *self)
{
  WbHexMap *map = hex_map (self);
  GPtrArray *marks = map != NULL ? wb_hex_map_get_marks (map) : NULL;

  if (map != NULL && self->mark != NULL && wb_hex_map_find_mark (map, self->mark) != NULL)
    return;
  wb_map_editor_set_mark (self, marks != NULL && marks->len > 0 ?
                          ((WbMapMark *) g_ptr_array_index (marks, 0))->id : NULL);
  _wb_map_editor_update_annotation_actions (self);
}

/* A drag with the Mark tool adds hexes to the current mark, or removes
 * them when it began on a hex the mark has. */
void
_wb_map_editor_mark_hex (WbMapEditor *self,
                         WbOffset     hex,
                         gboolean     first)
{
  WbHexMap *map = hex_map (self);
  WbMapMark *mark = self->mark != NULL ? wb_hex_map_find_mark (map, self->mark) : NULL;
  double x0, y0, x1, y1;

  if (mark == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (_("Choose or add a mark first")));
      return;
    }
  if (first)
    self->mark_adding = !wb_map_mark_has_hex (mark, hex);
  if (wb_map_mark_has_hex (mark, hex) == self->mark_adding)
    return;

  _wb_map_editor_hex_bounds (map, &hex, 1, &x0, &y0, &x1, &y1);
  if (_wb_map_editor_push (self, wb_command_mark_hexes_new (map, self->mark, &hex, 1,
                                                            self->mark_adding),
                           x0, y0, x1, y1))
    _wb_map_editor_set_status (self, g_strdup (wb_undo_stack_get_undo_label (self->stack)));
}

const char *
wb_map_editor_add_mark (WbMapEditor *self,
                        const char  *name,
                        const char  *kind,
                        const char  *side,
                        int          vp)
{
  WbHexMap *map;
  WbCommand *command;
  const char *id;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  map = hex_map (self);
  if (map == NULL || self->stack == NULL)
    return NULL;
  command = wb_command_add_mark_new (self->game, map, name, kind,
                                     side != NULL && *side != '\0' ? side : NULL, vp);
  id = wb_command_add_mark_get_id (command);
  if (!_wb_map_editor_push (self, command, 0, 0, 0, 0))
    return NULL;
  wb_undo_stack_seal (self->stack);
  wb_map_editor_set_mark (self, id);
  return id;
}

gboolean
wb_map_editor_edit_mark (WbMapEditor *self,
                         const char  *id,
                         const char  *name,
                         const char  *kind,
                         const char  *side,
                         int          vp)
{
  WbHexMap *map;
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  map = hex_map (self);
  if (map == NULL || self->stack == NULL)
    return FALSE;
  wb_map_get_extent (self->map, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_edit_mark_new (self->game, map, id, name, kind,
                                                            side != NULL && *side != '\0' ? side : NULL,
                                                            vp),
                            0, 0, w, h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  return TRUE;
}

gboolean
wb_map_editor_delete_mark (WbMapEditor *self,
                           const char  *id)
{
  WbHexMap *map;
  double w, h;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  map = hex_map (self);
  if (map == NULL || self->stack == NULL)
    return FALSE;
  wb_map_get_extent (self->map, &w, &h);
  if (!_wb_map_editor_push (self, wb_command_remove_mark_new (self->game, map, id), 0, 0, w, h))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  _wb_map_editor_check_mark (self);
  return TRUE;
}

/* Hex features ---------------------------------------------------------- */

const char *
wb_map_editor_get_hex_feature (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->hex_feature;
}

void
wb_map_editor_set_hex_feature (WbMapEditor *self,
                               const char  *id)
{
  WbFeatureType *f;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  f = id != NULL && self->game != NULL ? wb_game_find_feature (self->game, id) : NULL;
  /* Only the game's hex features; anything else leaves the choice alone. */
  if (f == NULL || f->where != WB_FEATURE_HEX)
    return;
  id = g_intern_string (f->id);
  if (id == self->hex_feature)
    return;
  self->hex_feature = id;
  set_state (self, "hex-feature", g_variant_new_string (id));
  _wb_map_editor_update_annotation_actions (self);
}

/* The game's first hex feature, when the current one is gone. */
void
_wb_map_editor_check_hex_feature (WbMapEditor *self)
{
  GPtrArray *features = self->game != NULL ? wb_game_get_features (self->game) : NULL;
  WbFeatureType *f = self->hex_feature != NULL && self->game != NULL
                     ? wb_game_find_feature (self->game, self->hex_feature) : NULL;

  if (f != NULL && f->where == WB_FEATURE_HEX)
    return;
  self->hex_feature = NULL;
  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *t = g_ptr_array_index (features, i);

      if (t->where == WB_FEATURE_HEX)
        {
          wb_map_editor_set_hex_feature (self, t->id);
          return;
        }
    }
  set_state (self, "hex-feature", g_variant_new_string (""));
  _wb_map_editor_update_annotation_actions (self);
}

/* A drag with the Hex Feature tool adds the current feature to the hexes
 * it crosses, or takes it off when it began on a hex that has it. */
void
_wb_map_editor_feature_hex (WbMapEditor *self,
                            WbOffset     hex,
                            gboolean     first)
{
  WbHexMap *map = hex_map (self);
  gboolean has;
  double x0, y0, x1, y1;

  if (self->hex_feature == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (_("This game has no hex features")));
      return;
    }
  has = wb_hex_map_has_hex_feature (map, hex, self->hex_feature);
  if (first)
    self->feature_adding = !has;
  if (has == self->feature_adding)
    return;

  _wb_map_editor_hex_bounds (map, &hex, 1, &x0, &y0, &x1, &y1);
  if (_wb_map_editor_push (self, wb_command_set_hex_feature_new (self->game, map, hex,
                                                                 self->hex_feature,
                                                                 self->feature_adding),
                           x0, y0, x1, y1))
    _wb_map_editor_set_status (self, g_strdup (wb_undo_stack_get_undo_label (self->stack)));
}

/* Actions ------------------------------------------------------------- */

static void
change_hex_feature (GSimpleAction *action,
                    GVariant      *value,
                    gpointer       user_data)
{
  wb_map_editor_set_hex_feature (user_data, g_variant_get_string (value, NULL));
}


static void
change_elevation (GSimpleAction *action,
                  GVariant      *value,
                  gpointer       user_data)
{
  wb_map_editor_set_elevation (user_data, g_variant_get_int32 (value));
}

static void
elevation_up (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  WbMapEditor *self = user_data;

  wb_map_editor_set_elevation (self, self->elevation + 1);
}

static void
elevation_down (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  WbMapEditor *self = user_data;

  wb_map_editor_set_elevation (self, self->elevation - 1);
}

static void
change_mark (GSimpleAction *action,
             GVariant      *value,
             gpointer       user_data)
{
  wb_map_editor_set_mark (user_data, g_variant_get_string (value, NULL));
}

static void
set_label_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  WbOffset hex;
  const char *text;

  g_variant_get (parameter, "(ii&s)", &hex.col, &hex.row, &text);
  wb_map_editor_set_label (user_data, hex, text);
}

static void
add_mark_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  const char *name, *kind, *side;
  int vp;

  g_variant_get (parameter, "(&s&s&si)", &name, &kind, &side, &vp);
  wb_map_editor_add_mark (user_data, name, kind, side, vp);
}

static void
edit_mark_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  const char *id, *name, *kind, *side;
  int vp;

  g_variant_get (parameter, "(&s&s&s&si)", &id, &name, &kind, &side, &vp);
  wb_map_editor_edit_mark (user_data, id, name, kind, side, vp);
}

static void
delete_mark_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  wb_map_editor_delete_mark (user_data, g_variant_get_string (parameter, NULL));
}

void
_wb_map_editor_add_annotation_actions (WbMapEditor *self)
{
  const GActionEntry entries[] = {
    { "elevation", NULL, "i", "0", change_elevation, { 0 } },
    { "elevation-up", elevation_up, NULL, NULL, NULL, { 0 } },
    { "elevation-down", elevation_down, NULL, NULL, NULL, { 0 } },
    { "mark", NULL, "s", "''", change_mark, { 0 } },
    { "hex-feature", NULL, "s", "''", change_hex_feature, { 0 } },
    { "set-label", set_label_action, "(iis)", NULL, NULL, { 0 } },
    { "add-mark", add_mark_action, "(sssi)", NULL, NULL, { 0 } },
    { "edit-mark", edit_mark_action, "(ssssi)", NULL, NULL, { 0 } },
    { "delete-mark", delete_mark_action, "s", NULL, NULL, { 0 } },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries,
                                   G_N_ELEMENTS (entries), self);
}

void
_wb_map_editor_update_annotation_actions (WbMapEditor *self)
{
  gboolean hex = hex_map (self) != NULL && self->stack != NULL;

  enable (self, "elevation", hex);
  enable (self, "elevation-up", hex && self->elevation < MAX_LEVEL);
  enable (self, "elevation-down", hex && self->elevation > 0);
  enable (self, "mark", hex);
  enable (self, "hex-feature", hex && self->hex_feature != NULL);
  enable (self, "set-label", hex);
  enable (self, "add-mark", hex);
  enable (self, "edit-mark", hex && self->mark != NULL);
  enable (self, "delete-mark", hex && self->mark != NULL);
}

void
_wb_map_editor_add_annotation_signals (GObjectClass *klass)
{
  /**
   * WbMapEditor::label-requested:
   * @col, @row: the hex
   * @label: (nullable): its label now
   * @x, @y: its centre, in map points
   *
   * Emitted when the Label tool clicks a hex. The window shows an entry
   * there and applies the text with the set-label action.
   */
  _wb_map_editor_signals[SIGNAL_LABEL_REQUESTED] =
    g_signal_new ("label-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 5,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}
