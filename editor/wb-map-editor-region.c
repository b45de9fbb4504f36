/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "wb-edit.h"
#include "wb-map-editor-private.h"

/* The region selection of a hex map: the Select Region tool (drag a
 * rectangle: the hexes whose centres it covers; Shift adds, Ctrl takes
 * out; a drag from inside the selection moves its content, one undo step)
 * and the copy, cut, paste, delete-region, select-all and
 * clear-region-selection actions. The selection is a view state, not part
 * of the game: it lives here, apart from the other tools' state, and is
 * dropped when the map changes. */

enum {
  REGION_DRAG_NONE,
  REGION_DRAG_RECT,
  REGION_DRAG_MOVE,
};

static gsize
n_cells (WbHexMap *map)
{
  return (gsize) wb_hex_map_get_cols (map) * (gsize) wb_hex_map_get_rows (map);
}

static gboolean
bit_get (const guint8 *bits,
         gsize         i)
{
  return (bits[i / 8] >> (i % 8)) & 1;
}

static void
bit_set (guint8  *bits,
         gsize    i,
         gboolean on)
{
  if (on)
    bits[i / 8] |= (guint8) (1u << (i % 8));
  else
    bits[i / 8] &= (guint8) ~(1u << (i % 8));
}

static gboolean
is_hex_map (WbMapEditor *self)
{
  return WB_IS_HEX_MAP (self->map);
}

/* Rebuilds the row-major list from the bitmap and tells everyone. */
static void
region_changed (WbMapEditor *self)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  int cols = wb_hex_map_get_cols (map);
  gsize n = n_cells (map);

  g_array_set_size (self->region, 0);
  for (gsize i = 0; i < n; i++)
    {
      /* Skip empty bytes: a small selection of a big map costs little. */
      if (i % 8 == 0 && self->region_bits[i / 8] == 0)
        {
          i += 7;
          continue;
        }
      if (bit_get (self->region_bits, i))
        {
          WbOffset o = { (int) (i % (gsize) cols), (int) (i / (gsize) cols) };

          g_array_append_val (self->region, o);
        }
    }

  if (self->region_drag == REGION_DRAG_NONE)
    {
      guint count = self->region->len;

      _wb_map_editor_set_status (self, count == 0 ? NULL :
        /* Translators: the size of the region selection */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex selected", "%u hexes selected",
                                      count), count));
    }
  _wb_map_editor_region_update_actions (self);
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_REGION_CHANGED], 0);
}

/* The membership bitmap, made anew (empty) if the map was resized. */
static void
ensure_bits (WbMapEditor *self)
{
  gsize n = n_cells (WB_HEX_MAP (self->map));

  if (self->region_bits != NULL && self->region_n_cells == n)
    return;
  g_free (self->region_bits);
  self->region_bits = g_new0 (guint8, (n + 7) / 8);
  self->region_n_cells = n;
  g_array_set_size (self->region, 0);
}

void
wb_map_editor_set_region (WbMapEditor    *self,
                          const WbOffset *hexes,
                          guint           n)
{
  WbHexMap *map;

  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  g_return_if_fail (hexes != NULL || n == 0);

  if (!is_hex_map (self))
    return;
  map = WB_HEX_MAP (self->map);
  ensure_bits (self);
  memset (self->region_bits, 0, (n_cells (map) + 7) / 8);
  for (guint i = 0; i < n; i++)
    if (wb_hex_map_contains (map, hexes[i]))
      bit_set (self->region_bits, (gsize) hexes[i].row * wb_hex_map_get_cols (map) + hexes[i].col,
               TRUE);
  region_changed (self);
}

const WbOffset *
wb_map_editor_get_region (WbMapEditor *self,
                          guint       *n)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);

  if (n != NULL)
    *n = self->region->len;
  return (const WbOffset *) self->region->data;
}

void
wb_map_editor_set_region_mode (WbMapEditor  *self,
                               WbRegionMode  mode)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));
  self->region_mode = mode;
}

gboolean
wb_map_editor_get_region_move (WbMapEditor *self,
                               double      *dx,
                               double      *dy)
{
  WbHexMap *map;
  double x0, y0, x1, y1;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);

  if (self->region_drag != REGION_DRAG_MOVE || !self->dragging || !is_hex_map (self))
    return FALSE;
  /* Moving by axial steps is a translation of the drawing: the offset
   * between the two anchors' centres. */
  map = WB_HEX_MAP (self->map);
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 self->region_from, &x0, &y0);
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 self->region_to, &x1, &y1);
  *dx = x1 - x0;
  *dy = y1 - y0;
  return TRUE;
}

WbHexClip *
wb_map_editor_get_clip (WbMapEditor *self)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), NULL);
  return self->clip;
}

void
wb_map_editor_set_clipboard_available (WbMapEditor *self,
                                       gboolean     available)
{
  g_return_if_fail (WB_IS_MAP_EDITOR (self));

  available = !!available;
  if (available == self->clipboard_available)
    return;
  self->clipboard_available = available;
  _wb_map_editor_region_update_actions (self);
}

/* The map rectangle covering @hexes, for the view's patch. */
static void
bounds (WbHexMap       *map,
        const WbOffset *hexes,
        guint           n,
        double         *x0,
        double         *y0,
        double         *x1,
        double         *y1)
{
  double size = wb_hex_map_get_hex_size (map);

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

/* The on-map hexes of @placed. */
static GArray *
on_map (WbHexMap *map,
        GArray   *placed)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  for (guint i = 0; i < placed->len; i++)
    if (wb_hex_map_contains (map, g_array_index (placed, WbOffset, i)))
      g_array_append_val (out, g_array_index (placed, WbOffset, i));
  return out;
}

/* The selection's first hex: what a copy is anchored on. */
static WbOffset
region_origin (WbMapEditor *self)
{
  return g_array_index (self->region, WbOffset, 0);
}

/* Pushes a move of the selection by @from → @to and selects where it went. */
static void
move_region (WbMapEditor *self,
             WbOffset     from,
             WbOffset     to)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  g_autoptr(WbHexClip) shape = NULL;
  g_autoptr(GArray) placed = NULL;
  g_autoptr(GArray) landed = NULL;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (self->terrain == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (_("This game has no terrain")));
      return;
    }
  /* Only the shape matters here: where the selection lands. */
  shape = wb_hex_clip_new_from_map (map, (WbOffset *) self->region->data, self->region->len, from);
  placed = wb_hex_clip_place (shape, wb_hex_map_get_layout (map), to);
  landed = on_map (map, placed);
  bounds (map, (WbOffset *) self->region->data, self->region->len, &x0, &y0, &x1, &y1);
  bounds (map, (WbOffset *) landed->data, landed->len, &x0, &y0, &x1, &y1);

  if (_wb_map_editor_push (self, wb_command_move_region_new (self->game, map,
                                                             (WbOffset *) self->region->data,
                                                             self->region->len, from, to,
                                                             self->terrain),
                           x0, y0, x1, y1))
    {
      wb_undo_stack_seal (self->stack);
      wb_map_editor_set_region (self, (WbOffset *) landed->data, landed->len);
    }
}

gboolean
wb_map_editor_paste (WbMapEditor    *self,
                     WbHexClip      *clip,
                     const WbOffset *anchor)
{
  WbHexMap *map;
  WbOffset at;
  g_autoptr(GArray) placed = NULL;
  g_autoptr(GArray) landed = NULL;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (clip != NULL, FALSE);

  if (!is_hex_map (self) || self->stack == NULL)
    return FALSE;
  map = WB_HEX_MAP (self->map);
  if (anchor != NULL)
    at = *anchor;
  else if (self->region->len > 0)
    at = region_origin (self);
  else
    at = wb_hex_clip_get_anchor (clip);

  placed = wb_hex_clip_place (clip, wb_hex_map_get_layout (map), at);
  landed = on_map (map, placed);
  bounds (map, (WbOffset *) landed->data, landed->len, &x0, &y0, &x1, &y1);
  if (landed->len == 0)
    x0 = y0 = x1 = y1 = 0;
  if (!_wb_map_editor_push (self, wb_command_paste_region_new (self->game, map, clip, at),
                            x0, y0, x1, y1))
    return FALSE;
  wb_undo_stack_seal (self->stack);
  wb_map_editor_set_region (self, (WbOffset *) landed->data, landed->len);
  return TRUE;
}

gboolean
wb_map_editor_paste_text (WbMapEditor    *self,
                          const char     *text,
                          gssize          len,
                          const WbOffset *anchor)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbHexClip) clip = NULL;

  g_return_val_if_fail (WB_IS_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  clip = wb_hex_clip_new_from_json (text != NULL ? text : "", len, &error);
  if (clip == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (error->message));
      return FALSE;
    }
  return wb_map_editor_paste (self, clip, anchor);
}

/* Actions. */

static WbHexClip *
copy_region (WbMapEditor *self)
{
  WbHexClip *clip;

  if (!is_hex_map (self) || self->region->len == 0)
    return NULL;
  clip = wb_hex_clip_new_from_map (WB_HEX_MAP (self->map), (WbOffset *) self->region->data,
                                   self->region->len, region_origin (self));
  g_clear_pointer (&self->clip, wb_hex_clip_unref);
  self->clip = clip;
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_CLIP_COPIED], 0, clip);
  _wb_map_editor_region_update_actions (self);
  return clip;
}

/* Clears the selected hexes to the current terrain; @label names the step. */
static void
delete_region (WbMapEditor *self,
               const char  *label)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbCommand *command;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (self->terrain == NULL)
    {
      _wb_map_editor_set_status (self, g_strdup (_("This game has no terrain")));
      return;
    }
  command = wb_command_clear_region_new (self->game, map, (WbOffset *) self->region->data,
                                         self->region->len, self->terrain);
  if (label != NULL)
    wb_command_set_label (command, label);
  bounds (map, (WbOffset *) self->region->data, self->region->len, &x0, &y0, &x1, &y1);
  if (_wb_map_editor_push (self, command, x0, y0, x1, y1))
    wb_undo_stack_seal (self->stack);
}

static void
copy_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  WbMapEditor *self = user_data;
  guint n = self->region->len;

  if (copy_region (self) != NULL)
    _wb_map_editor_set_status (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                   "Copied %u hex",
                                                                   "Copied %u hexes", n), n));
}

static void
cut_action (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  WbMapEditor *self = user_data;
  guint n = self->region->len;
  g_autofree char *label = NULL;

  if (self->stack == NULL || copy_region (self) == NULL)
    return;
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cut %u hex", "Cut %u hexes", n), n);
  delete_region (self, label);
}

static void
delete_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  WbMapEditor *self = user_data;

  if (self->stack != NULL && is_hex_map (self) && self->region->len > 0)
    delete_region (self, NULL);
}

static void
paste_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  WbMapEditor *self = user_data;
  gboolean handled = FALSE;

  /* The window reads the system clipboard and calls
   * wb_map_editor_paste(); without one, the last clip copied here. */
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_PASTE_REQUESTED], 0, &handled);
  if (!handled && self->clip != NULL)
    wb_map_editor_paste (self, self->clip, NULL);
}

static void
select_all_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  WbMapEditor *self = user_data;

  if (!is_hex_map (self))
    return;
  ensure_bits (self);
  memset (self->region_bits, 0xff, (n_cells (WB_HEX_MAP (self->map)) + 7) / 8);
  /* Bits past the last hex stay unread: region_changed () stops at it. */
  region_changed (self);
}

static void
clear_selection_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  WbMapEditor *self = user_data;

  if (is_hex_map (self))
    wb_map_editor_set_region (self, NULL, 0);
}

/* The one place that decides which region actions are available. */
void
_wb_map_editor_region_update_actions (WbMapEditor *self)
{
  gboolean hex = is_hex_map (self);
  gboolean editable = hex && self->stack != NULL;
  gboolean selected = hex && self->region->len > 0;
  static const struct { const char *name; int needs; } rules[] = {
    { "copy", 1 }, { "cut", 2 }, { "delete-region", 2 }, { "clear-region-selection", 1 },
    { "select-all", 0 }, { "paste", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), rules[i].name);
      gboolean enabled;

      switch (rules[i].needs)
        {
        case 0: enabled = hex; break;
        case 1: enabled = selected; break;
        case 2: enabled = selected && editable; break;
        default: enabled = editable && (self->clip != NULL || self->clipboard_available); break;
        }
      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
    }
}

/* The tool. */

static gboolean
contains (WbMapEditor *self,
          WbOffset     hex)
{
  WbHexMap *map = WB_HEX_MAP (self->map);

  return self->region_bits != NULL && self->region_n_cells == n_cells (map) &&
         wb_hex_map_contains (map, hex) &&
         bit_get (self->region_bits, (gsize) hex.row * wb_hex_map_get_cols (map) + hex.col);
}

void
_wb_map_editor_region_begin (WbMapEditor *self,
                             double       x,
                             double       y)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbOffset hex = wb_hex_from_point (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                                    x, y);

  ensure_bits (self);
  if (self->region_mode == WB_REGION_REPLACE && contains (self, hex))
    {
      self->region_drag = REGION_DRAG_MOVE;
      self->region_from = self->region_to = hex;
      g_signal_emit (self, _wb_map_editor_signals[SIGNAL_REGION_CHANGED], 0);
      return;
    }

  self->region_drag = REGION_DRAG_RECT;
  self->region_x0 = x;
  self->region_y0 = y;
  g_array_set_size (self->region_base, 0);
  g_array_append_vals (self->region_base, self->region->data, self->region->len);
  _wb_map_editor_region_update (self, x, y);
}

void
_wb_map_editor_region_update (WbMapEditor *self,
                              double       x,
                              double       y)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  double size = wb_hex_map_get_hex_size (map);
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  double x0 = MIN (x, self->region_x0), x1 = MAX (x, self->region_x0);
  double y0 = MIN (y, self->region_y0), y1 = MAX (y, self->region_y0);
  gboolean on = self->region_mode != WB_REGION_REMOVE;
  gboolean any = FALSE;
  WbOffset a, b;

  if (self->region_drag == REGION_DRAG_MOVE)
    {
      WbOffset to = wb_hex_from_point (layout, size, x, y);

      if (!wb_offset_equal (to, self->region_to))
        {
          self->region_to = to;
          g_signal_emit (self, _wb_map_editor_signals[SIGNAL_REGION_CHANGED], 0);
        }
      return;
    }
  if (self->region_drag != REGION_DRAG_RECT)
    return;

  /* Start from the selection as it was when the drag began. */
  memset (self->region_bits, 0, (n_cells (map) + 7) / 8);
  if (self->region_mode != WB_REGION_REPLACE)
    for (guint i = 0; i < self->region_base->len; i++)
      {
        WbOffset o = g_array_index (self->region_base, WbOffset, i);

        bit_set (self->region_bits, (gsize) o.row * cols + o.col, TRUE);
      }

  /* The rectangle's hexes: those whose centres lie in it, searched among
   * the columns and rows around its corners. */
  a = wb_hex_from_point (layout, size, x0, y0);
  b = wb_hex_from_point (layout, size, x1, y1);
  for (int r = MAX (0, MIN (a.row, b.row) - 1); r <= MIN (rows - 1, MAX (a.row, b.row) + 1); r++)
    for (int c = MAX (0, MIN (a.col, b.col) - 1); c <= MIN (cols - 1, MAX (a.col, b.col) + 1); c++)
      {
        double cx, cy;

        wb_hex_center (layout, size, (WbOffset) { c, r }, &cx, &cy);
        if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1)
          {
            bit_set (self->region_bits, (gsize) r * cols + c, on);
            any = TRUE;
          }
      }
  /* A click, or a rectangle too small to hold a centre: the hex under it. */
  if (!any)
    {
      WbOffset start = wb_hex_from_point (layout, size, self->region_x0, self->region_y0);

      if (wb_hex_map_contains (map, start))
        bit_set (self->region_bits, (gsize) start.row * cols + start.col, on);
    }
  region_changed (self);
}

void
_wb_map_editor_region_end (WbMapEditor *self,
                           double       x,
                           double       y)
{
  int drag = self->region_drag;

  _wb_map_editor_region_update (self, x, y);
  self->region_drag = REGION_DRAG_NONE;
  if (drag == REGION_DRAG_MOVE && !wb_offset_equal (self->region_from, self->region_to))
    move_region (self, self->region_from, self->region_to);
  /* The status and the view follow the finished drag. */
  region_changed (self);
}

/* Set-up. */

void
_wb_map_editor_region_reset (WbMapEditor *self)
{
  g_clear_pointer (&self->region_bits, g_free);
  g_array_set_size (self->region, 0);
  self->region_drag = REGION_DRAG_NONE;
  _wb_map_editor_region_update_actions (self);
  g_signal_emit (self, _wb_map_editor_signals[SIGNAL_REGION_CHANGED], 0);
}

void
_wb_map_editor_region_init (WbMapEditor *self)
{
  const GActionEntry entries[] = {
    { "copy", copy_action, NULL, NULL, NULL, { 0 } },
    { "cut", cut_action, NULL, NULL, NULL, { 0 } },
    { "paste", paste_action, NULL, NULL, NULL, { 0 } },
    { "delete-region", delete_action, NULL, NULL, NULL, { 0 } },
    { "select-all", select_all_action, NULL, NULL, NULL, { 0 } },
    { "clear-region-selection", clear_selection_action, NULL, NULL, NULL, { 0 } },
  };

  self->region = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  self->region_base = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries,
                                   G_N_ELEMENTS (entries), self);
  _wb_map_editor_region_update_actions (self);
}

void
_wb_map_editor_region_dispose (WbMapEditor *self)
{
  g_clear_pointer (&self->region_bits, g_free);
  g_clear_pointer (&self->region, g_array_unref);
  g_clear_pointer (&self->region_base, g_array_unref);
  g_clear_pointer (&self->clip, wb_hex_clip_unref);
}

void
_wb_map_editor_region_class_init (GObjectClass *klass)
{
  /**
   * WbMapEditor::region-changed:
   *
   * Emitted when the region selection changes, or while a drag moves it
   * (see wb_map_editor_get_region_move()).
   */
  _wb_map_editor_signals[SIGNAL_REGION_CHANGED] =
    g_signal_new ("region-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * WbMapEditor::clip-copied:
   * @clip: (type gpointer): the WbHexClip
   *
   * Emitted by copy and cut: the window puts the clip on the clipboard.
   */
  _wb_map_editor_signals[SIGNAL_CLIP_COPIED] =
    g_signal_new ("clip-copied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * WbMapEditor::paste-requested:
   *
   * Emitted by editor.paste. A handler that reads the clipboard and calls
   * wb_map_editor_paste() returns %TRUE; if none does, the last clip copied
   * in this editor is pasted.
   */
  _wb_map_editor_signals[SIGNAL_PASTE_REQUESTED] =
    g_signal_new ("paste-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 0);
}
