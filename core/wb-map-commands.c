/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "wb-map-commands.h"
#include "wb-util-private.h"

#define MAX_ELEVATION 9   /* the file stores one digit per hex */

static gboolean
set_off_map_error (GError   **error,
                   WbHexMap  *map,
                   WbOffset   hex)
{
  char buf[32];

  wb_hex_map_format_hex (map, hex, buf, sizeof buf);
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
               _("Hex %s is not on map “%s”"), buf, wb_map_get_name (WB_MAP (map)));
  return FALSE;
}

/* Paint: terrain or elevation over a set of hexes ---------------------- */

typedef enum {
  CELLS_TERRAIN,
  CELLS_ELEVATION,
} CellsField;

#define WB_TYPE_PAINT_COMMAND (wb_paint_command_get_type ())
G_DECLARE_FINAL_TYPE (WbPaintCommand, wb_paint_command, WB, PAINT_COMMAND, WbCommand)

struct _WbPaintCommand
{
  WbCommand    parent_instance;

  WbHexMap    *map;
  CellsField   field;
  const char  *terrain;        /* interned */
  char        *terrain_name;
  int          elevation;
  GArray      *hexes;          /* WbOffset, each on-map hex once */
  GHashTable  *seen;           /* 1 + index of each on-map hex in @hexes */
  GArray      *old_terrain;    /* const char *, parallel to @hexes, set by apply */
  GArray      *old_elevation;  /* int */
  gboolean     had_elevation;
};

G_DEFINE_FINAL_TYPE (WbPaintCommand, wb_paint_command, WB_TYPE_COMMAND)

static gpointer
hex_key (WbHexMap *map,
         WbOffset  hex)
{
  return GSIZE_TO_POINTER (1 + (gsize) hex.row * (gsize) wb_hex_map_get_cols (map) +
                           (gsize) hex.col);
}

/* Off-map hexes are kept (apply reports them) but never deduplicated. */
static gboolean
paint_add_hex (WbPaintCommand *self,
               WbOffset        hex)
{
  if (wb_hex_map_contains (self->map, hex) &&
      !g_hash_table_add (self->seen, hex_key (self->map, hex)))
    return FALSE;
  g_array_append_val (self->hexes, hex);
  return TRUE;
}

static void
paint_update_label (WbPaintCommand *self)
{
  g_autofree char *label = NULL;
  guint n = self->hexes->len;

  if (self->field == CELLS_TERRAIN)
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Paint %u hex %s", "Paint %u hexes %s", n),
                             n, self->terrain_name ? self->terrain_name : self->terrain);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Set elevation of %u hex to %d",
                                          "Set elevation of %u hexes to %d", n),
                             n, self->elevation);
  wb_command_set_label (WB_COMMAND (self), label);
}

static gboolean
wb_paint_command_apply (WbCommand  *command,
                        GError    **error)
{
  WbPaintCommand *self = WB_PAINT_COMMAND (command);
  guint n = self->hexes->len;

  for (guint i = 0; i < n; i++)
    {
      WbOffset hex = g_array_index (self->hexes, WbOffset, i);

      if (!wb_hex_map_contains (self->map, hex))
        return set_off_map_error (error, self->map, hex);
    }

  if (self->field == CELLS_TERRAIN)
    {
      g_array_set_size (self->old_terrain, n);
      for (guint i = 0; i < n; i++)
        {
          WbOffset hex = g_array_index (self->hexes, WbOffset, i);

          g_array_index (self->old_terrain, const char *, i) =
            wb_hex_map_get_terrain (self->map, hex);
          wb_hex_map_set_terrain (self->map, hex, self->terrain);
        }
    }
  else
    {
      if (self->elevation < 0 || self->elevation > MAX_ELEVATION)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("Elevation %d is outside 0 to %d"), self->elevation, MAX_ELEVATION);
          return FALSE;
        }
      self->had_elevation = wb_hex_map_has_elevation (self->map);
      g_array_set_size (self->old_elevation, n);
      for (guint i = 0; i < n; i++)
        {
          WbOffset hex = g_array_index (self->hexes, WbOffset, i);

          g_array_index (self->old_elevation, int, i) = wb_hex_map_get_elevation (self->map, hex);
          wb_hex_map_set_elevation (self->map, hex, self->elevation);
        }
    }
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_paint_command_revert (WbCommand *command)
{
  WbPaintCommand *self = WB_PAINT_COMMAND (command);

  for (guint i = self->hexes->len; i-- > 0;)
    {
      WbOffset hex = g_array_index (self->hexes, WbOffset, i);

      if (self->field == CELLS_TERRAIN)
        wb_hex_map_set_terrain (self->map, hex, g_array_index (self->old_terrain, const char *, i));
      else
        wb_hex_map_set_elevation (self->map, hex, g_array_index (self->old_elevation, int, i));
    }
  if (self->field == CELLS_ELEVATION && !self->had_elevation)
    wb_hex_map_clear_elevation (self->map);
  wb_map_changed (WB_MAP (self->map));
}

static gboolean
wb_paint_command_merge (WbCommand *command,
                        WbCommand *next_command)
{
  WbPaintCommand *self = WB_PAINT_COMMAND (command);
  WbPaintCommand *next;
  guint before;

  if (!WB_IS_PAINT_COMMAND (next_command))
    return FALSE;
  next = WB_PAINT_COMMAND (next_command);
  if (next->map != self->map || next->field != self->field ||
      (self->field == CELLS_TERRAIN && next->terrain != self->terrain) ||
      (self->field == CELLS_ELEVATION && next->elevation != self->elevation))
    return FALSE;

  /* A hex painted twice keeps its first old value: that is what undo must
   * restore. */
  before = self->hexes->len;
  for (guint i = 0; i < next->hexes->len; i++)
    {
      if (!paint_add_hex (self, g_array_index (next->hexes, WbOffset, i)))
        continue;
      if (self->field == CELLS_TERRAIN)
        g_array_append_val (self->old_terrain, g_array_index (next->old_terrain, const char *, i));
      else
        g_array_append_val (self->old_elevation, g_array_index (next->old_elevation, int, i));
    }
  if (self->hexes->len != before)
    paint_update_label (self);
  return TRUE;
}

static void
wb_paint_command_finalize (GObject *object)
{
  WbPaintCommand *self = WB_PAINT_COMMAND (object);

  g_clear_object (&self->map);
  g_free (self->terrain_name);
  g_array_unref (self->hexes);
  g_hash_table_unref (self->seen);
  g_array_unref (self->old_terrain);
  g_array_unref (self->old_elevation);
  G_OBJECT_CLASS (wb_paint_command_parent_class)->finalize (object);
}

static void
wb_paint_command_class_init (WbPaintCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_paint_command_finalize;
  command_class->apply = wb_paint_command_apply;
  command_class->revert = wb_paint_command_revert;
  command_class->merge = wb_paint_command_merge;
}

static void
wb_paint_command_init (WbPaintCommand *self)
{
  self->hexes = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  self->seen = g_hash_table_new (NULL, NULL);
  self->old_terrain = g_array_new (FALSE, FALSE, sizeof (const char *));
  self->old_elevation = g_array_new (FALSE, FALSE, sizeof (int));
}

static WbCommand *
paint_new (WbHexMap       *map,
           const WbOffset *hexes,
           guint           n_hexes,
           CellsField      field)
{
  WbPaintCommand *self = g_object_new (WB_TYPE_PAINT_COMMAND, NULL);

  self->map = g_object_ref (map);
  self->field = field;
  for (guint i = 0; i < n_hexes; i++)
    paint_add_hex (self, hexes[i]);
  return WB_COMMAND (self);
}

/**
 * wb_command_paint_terrain_new:
 * @map: a hex map
 * @hexes: (array length=n_hexes): the hexes to paint
 * @n_hexes: the number of @hexes
 * @terrain: a terrain id
 * @terrain_name: (nullable): its display name, for the label
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_paint_terrain_new (WbHexMap       *map,
                              const WbOffset *hexes,
                              guint           n_hexes,
                              const char     *terrain,
                              const char     *terrain_name)
{
  WbPaintCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);
  g_return_val_if_fail (terrain != NULL, NULL);

  self = WB_PAINT_COMMAND (paint_new (map, hexes, n_hexes, CELLS_TERRAIN));
  self->terrain = g_intern_string (terrain);
  self->terrain_name = g_strdup (terrain_name);
  paint_update_label (self);
  return WB_COMMAND (self);
}

/**
 * wb_command_set_elevation_new:
 * @map: a hex map
 * @hexes: (array length=n_hexes): the hexes to change
 * @n_hexes: the number of @hexes
 * @elevation: the level, 0 to 9
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_elevation_new (WbHexMap       *map,
                              const WbOffset *hexes,
                              guint           n_hexes,
                              int             elevation)
{
  WbPaintCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);

  self = WB_PAINT_COMMAND (paint_new (map, hexes, n_hexes, CELLS_ELEVATION));
  self->elevation = elevation;
  paint_update_label (self);
  return WB_COMMAND (self);
}

/* Hexside features ------------------------------------------------------ */

#define WB_TYPE_HEXSIDE_COMMAND (wb_hexside_command_get_type ())
G_DECLARE_FINAL_TYPE (WbHexsideCommand, wb_hexside_command, WB, HEXSIDE_COMMAND, WbCommand)

struct _WbHexsideCommand
{
  WbCommand    parent_instance;

  WbHexMap    *map;
  const char  *feature;   /* interned */
  gboolean     present;
  GArray      *sides;     /* canonical WbHexside, each once */
  GPtrArray   *before;    /* GPtrArray of interned ids per side, set by apply */
};

G_DEFINE_FINAL_TYPE (WbHexsideCommand, wb_hexside_command, WB_TYPE_COMMAND)

static gboolean
hexside_add_side (WbHexsideCommand *self,
                  WbHexside         side)
{
  for (guint i = 0; i < self->sides->len; i++)
    if (wb_hexside_equal (g_array_index (self->sides, WbHexside, i), side))
      return FALSE;
  g_array_append_val (self->sides, side);
  return TRUE;
}

static void
hexside_update_label (WbHexsideCommand *self)
{
  g_autofree char *label = NULL;
  guint n = self->sides->len;

  if (self->present)
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Add %s to %u hexside", "Add %s to %u hexsides", n),
                             self->feature, n);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Remove %s from %u hexside",
                                          "Remove %s from %u hexsides", n),
                             self->feature, n);
  wb_command_set_label (WB_COMMAND (self), label);
}

static GPtrArray *
copy_features (GPtrArray *features)
{
  GPtrArray *copy = g_ptr_array_new ();

  if (features != NULL)
    for (guint i = 0; i < features->len; i++)
      g_ptr_array_add (copy, g_ptr_array_index (features, i));
  return copy;
}

static gboolean
wb_hexside_command_apply (WbCommand  *command,
                          GError    **error)
{
  WbHexsideCommand *self = WB_HEXSIDE_COMMAND (command);
  WbHexLayout layout = wb_hex_map_get_layout (self->map);

  /* The file names a hexside by a hex on the map, so one of its two hexes
   * must be on it. */
  for (guint i = 0; i < self->sides->len; i++)
    {
      WbHexside s = g_array_index (self->sides, WbHexside, i);

      if (!wb_hex_map_contains (self->map, s.hex) &&
          !wb_hex_map_contains (self->map, wb_hex_neighbour (layout, s.hex, s.dir)))
        return set_off_map_error (error, self->map, s.hex);
    }

  g_ptr_array_set_size (self->before, 0);
  for (guint i = 0; i < self->sides->len; i++)
    {
      WbHexside s = g_array_index (self->sides, WbHexside, i);

      g_ptr_array_add (self->before,
                       copy_features (wb_hex_map_get_side_features (self->map, s.hex, s.dir)));
      if (self->present)
        wb_hex_map_add_side_feature (self->map, s.hex, s.dir, self->feature);
      else
        wb_hex_map_remove_side_feature (self->map, s.hex, s.dir, self->feature);
    }
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_hexside_command_revert (WbCommand *command)
{
  WbHexsideCommand *self = WB_HEXSIDE_COMMAND (command);

  /* Put back the whole list, so the order of the other features (which the
   * file keeps) is exactly as it was. */
  for (guint i = self->sides->len; i-- > 0;)
    {
      WbHexside s = g_array_index (self->sides, WbHexside, i);
      g_autoptr(GPtrArray) now =
        copy_features (wb_hex_map_get_side_features (self->map, s.hex, s.dir));
      GPtrArray *before = g_ptr_array_index (self->before, i);

      for (guint j = 0; j < now->len; j++)
        wb_hex_map_remove_side_feature (self->map, s.hex, s.dir, g_ptr_array_index (now, j));
      for (guint j = 0; j < before->len; j++)
        wb_hex_map_add_side_feature (self->map, s.hex, s.dir, g_ptr_array_index (before, j));
    }
  wb_map_changed (WB_MAP (self->map));
}

static gboolean
wb_hexside_command_merge (WbCommand *command,
                          WbCommand *next_command)
{
  WbHexsideCommand *self = WB_HEXSIDE_COMMAND (command);
  WbHexsideCommand *next;
  guint before;

  if (!WB_IS_HEXSIDE_COMMAND (next_command))
    return FALSE;
  next = WB_HEXSIDE_COMMAND (next_command);
  if (next->map != self->map || next->feature != self->feature ||
      !next->present != !self->present)
    return FALSE;

  before = self->sides->len;
  for (guint i = 0; i < next->sides->len; i++)
    if (hexside_add_side (self, g_array_index (next->sides, WbHexside, i)))
      g_ptr_array_add (self->before, g_ptr_array_ref (g_ptr_array_index (next->before, i)));
  if (self->sides->len != before)
    hexside_update_label (self);
  return TRUE;
}

static void
wb_hexside_command_finalize (GObject *object)
{
  WbHexsideCommand *self = WB_HEXSIDE_COMMAND (object);

  g_clear_object (&self->map);
  g_array_unref (self->sides);
  g_ptr_array_unref (self->before);
  G_OBJECT_CLASS (wb_hexside_command_parent_class)->finalize (object);
}

static void
wb_hexside_command_class_init (WbHexsideCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_hexside_command_finalize;
  command_class->apply = wb_hexside_command_apply;
  command_class->revert = wb_hexside_command_revert;
  command_class->merge = wb_hexside_command_merge;
}

static void
wb_hexside_command_init (WbHexsideCommand *self)
{
  self->sides = g_array_new (FALSE, FALSE, sizeof (WbHexside));
  self->before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
}

/**
 * wb_command_set_hexside_feature_new:
 * @map: a hex map
 * @hex: a hex on one side of the hexside
 * @dir: the direction of the hexside from @hex, 0 to 5
 * @feature: a hexside feature id
 * @present: %TRUE to add @feature, %FALSE to remove it
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_hexside_feature_new (WbHexMap   *map,
                                    WbOffset    hex,
                                    int         dir,
                                    const char *feature,
                                    gboolean    present)
{
  WbHexsideCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (dir >= 0 && dir < 6, NULL);
  g_return_val_if_fail (feature != NULL, NULL);

  self = g_object_new (WB_TYPE_HEXSIDE_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->feature = g_intern_string (feature);
  self->present = !!present;
  hexside_add_side (self, wb_hexside_canonical (wb_hex_map_get_layout (map), hex, dir));
  hexside_update_label (self);
  return WB_COMMAND (self);
}

/* Hex labels ------------------------------------------------------------ */

#define WB_TYPE_LABEL_COMMAND (wb_label_command_get_type ())
G_DECLARE_FINAL_TYPE (WbLabelCommand, wb_label_command, WB, LABEL_COMMAND, WbCommand)

struct _WbLabelCommand
{
  WbCommand  parent_instance;

  WbHexMap  *map;
  WbOffset   hex;
  char      *label;
  char      *old_label;
};

G_DEFINE_FINAL_TYPE (WbLabelCommand, wb_label_command, WB_TYPE_COMMAND)

static gboolean
wb_label_command_apply (WbCommand  *command,
                        GError    **error)
{
  WbLabelCommand *self = WB_LABEL_COMMAND (command);

  if (!wb_hex_map_contains (self->map, self->hex))
    return set_off_map_error (error, self->map, self->hex);
  wb_set_str (&self->old_label, wb_hex_map_get_label (self->map, self->hex));
  wb_hex_map_set_label (self->map, self->hex, self->label);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_label_command_revert (WbCommand *command)
{
  WbLabelCommand *self = WB_LABEL_COMMAND (command);

  wb_hex_map_set_label (self->map, self->hex, self->old_label);
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_label_command_finalize (GObject *object)
{
  WbLabelCommand *self = WB_LABEL_COMMAND (object);

  g_clear_object (&self->map);
  g_free (self->label);
  g_free (self->old_label);
  G_OBJECT_CLASS (wb_label_command_parent_class)->finalize (object);
}

static void
wb_label_command_class_init (WbLabelCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_label_command_finalize;
  command_class->apply = wb_label_command_apply;
  command_class->revert = wb_label_command_revert;
}

static void
wb_label_command_init (WbLabelCommand *self)
{
}

/**
 * wb_command_set_label_new:
 * @map: a hex map
 * @hex: the hex
 * @label: (nullable): the new label; %NULL or "" clears it
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_label_new (WbHexMap   *map,
                          WbOffset    hex,
                          const char *label)
{
  WbLabelCommand *self;
  g_autofree char *text = NULL;
  char buf[32];

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  self = g_object_new (WB_TYPE_LABEL_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->hex = hex;
  self->label = label && *label ? g_strdup (label) : NULL;
  wb_hex_map_format_hex (map, hex, buf, sizeof buf);
  if (self->label)
    text = g_strdup_printf (_("Label hex %s “%s”"), buf, self->label);
  else
    text = g_strdup_printf (_("Clear label of hex %s"), buf);
  wb_command_set_label (WB_COMMAND (self), text);
  return WB_COMMAND (self);
}

/* Resize: a whole-map edit, undone from a snapshot ---------------------- */

#define WB_TYPE_RESIZE_COMMAND (wb_resize_command_get_type ())
G_DECLARE_FINAL_TYPE (WbResizeCommand, wb_resize_command, WB, RESIZE_COMMAND, WbCommand)

struct _WbResizeCommand
{
  WbCommand  parent_instance;

  WbHexMap  *map;
  int        cols, rows, dcol, drow;
  char      *fill;
  WbHexMap  *before;   /* snapshot taken on apply */
};

G_DEFINE_FINAL_TYPE (WbResizeCommand, wb_resize_command, WB_TYPE_COMMAND)

static gboolean
wb_resize_command_apply (WbCommand  *command,
                         GError    **error)
{
  WbResizeCommand *self = WB_RESIZE_COMMAND (command);
  g_autoptr(WbHexMap) before = wb_hex_map_snapshot (self->map);

  if (!wb_hex_map_resize (self->map, self->cols, self->rows, self->dcol, self->drow, self->fill))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A map must be 1 to %d hexes wide and high (asked for %d × %d)"),
                   WB_HEX_MAP_MAX_DIM, self->cols, self->rows);
      return FALSE;
    }
  g_set_object (&self->before, before);
  return TRUE;
}

static void
wb_resize_command_revert (WbCommand *command)
{
  WbResizeCommand *self = WB_RESIZE_COMMAND (command);

  g_return_if_fail (self->before != NULL);
  wb_hex_map_restore (self->map, self->before);
}

static void
wb_resize_command_finalize (GObject *object)
{
  WbResizeCommand *self = WB_RESIZE_COMMAND (object);

  g_clear_object (&self->map);
  g_clear_object (&self->before);
  g_free (self->fill);
  G_OBJECT_CLASS (wb_resize_command_parent_class)->finalize (object);
}

static void
wb_resize_command_class_init (WbResizeCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_resize_command_finalize;
  command_class->apply = wb_resize_command_apply;
  command_class->revert = wb_resize_command_revert;
}

static void
wb_resize_command_init (WbResizeCommand *self)
{
}

/**
 * wb_command_resize_hex_map_new:
 * @map: a hex map
 * @cols: the new number of columns
 * @rows: the new number of rows
 * @dcol: columns added on the left (negative: removed)
 * @drow: rows added at the top (negative: removed)
 * @fill: the terrain of new hexes
 *
 * Resizes with the content kept (wb_hex_map_resize ()); undo restores the
 * map exactly, including what fell off the edge.
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_resize_hex_map_new (WbHexMap   *map,
                               int         cols,
                               int         rows,
                               int         dcol,
                               int         drow,
                               const char *fill)
{
  WbResizeCommand *self;
  g_autofree char *text = NULL;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (fill != NULL, NULL);

  self = g_object_new (WB_TYPE_RESIZE_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->cols = cols;
  self->rows = rows;
  self->dcol = dcol;
  self->drow = drow;
  self->fill = g_strdup (fill);
  text = g_strdup_printf (_("Resize map to %d × %d"), cols, rows);
  wb_command_set_label (WB_COMMAND (self), text);
  return WB_COMMAND (self);
}

/* Point-map locations --------------------------------------------------- */

#define WB_TYPE_MOVE_COMMAND (wb_move_command_get_type ())
G_DECLARE_FINAL_TYPE (WbMoveCommand, wb_move_command, WB, MOVE_COMMAND, WbCommand)

struct _WbMoveCommand
{
  WbCommand    parent_instance;

  WbPointMap  *map;
  const char  *id;      /* interned */
  double       x, y;
  double       old_x, old_y;
};

G_DEFINE_FINAL_TYPE (WbMoveCommand, wb_move_command, WB_TYPE_COMMAND)

static gboolean
wb_move_command_apply (WbCommand  *command,
                       GError    **error)
{
  WbMoveCommand *self = WB_MOVE_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);
  double width, height;

  if (loc == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no location “%s”"),
                   wb_map_get_name (WB_MAP (self->map)), self->id);
      return FALSE;
    }
  wb_map_get_extent (WB_MAP (self->map), &width, &height);
  if (!isfinite (self->x) || !isfinite (self->y) ||
      self->x < 0 || self->x > width || self->y < 0 || self->y > height)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Position %g, %g is outside map “%s” (%g × %g)"),
                   self->x, self->y, wb_map_get_name (WB_MAP (self->map)), width, height);
      return FALSE;
    }
  self->old_x = loc->x;
  self->old_y = loc->y;
  loc->x = self->x;
  loc->y = self->y;
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_move_command_revert (WbCommand *command)
{
  WbMoveCommand *self = WB_MOVE_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);

  g_return_if_fail (loc != NULL);
  loc->x = self->old_x;
  loc->y = self->old_y;
  wb_map_changed (WB_MAP (self->map));
}

static gboolean
wb_move_command_merge (WbCommand *command,
                       WbCommand *next_command)
{
  WbMoveCommand *self = WB_MOVE_COMMAND (command);
  WbMoveCommand *next;

  if (!WB_IS_MOVE_COMMAND (next_command))
    return FALSE;
  next = WB_MOVE_COMMAND (next_command);
  if (next->map != self->map || next->id != self->id)
    return FALSE;
  self->x = next->x;
  self->y = next->y;
  return TRUE;
}

static void
wb_move_command_finalize (GObject *object)
{
  WbMoveCommand *self = WB_MOVE_COMMAND (object);

  g_clear_object (&self->map);
  G_OBJECT_CLASS (wb_move_command_parent_class)->finalize (object);
}

static void
wb_move_command_class_init (WbMoveCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_move_command_finalize;
  command_class->apply = wb_move_command_apply;
  command_class->revert = wb_move_command_revert;
  command_class->merge = wb_move_command_merge;
}

static void
wb_move_command_init (WbMoveCommand *self)
{
}

/**
 * wb_command_move_location_new:
 * @map: a point map
 * @id: a location id
 * @x: the new x, in points from the left edge
 * @y: the new y, in points from the top edge
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_move_location_new (WbPointMap *map,
                              const char *id,
                              double      x,
                              double      y)
{
  WbMoveCommand *self;
  WbLocation *loc;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (WB_TYPE_MOVE_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->id = g_intern_string (id);
  self->x = x;
  self->y = y;
  loc = wb_point_map_find_location (map, id);
  label = g_strdup_printf (_("Move %s"), loc && loc->name ? loc->name : self->id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
