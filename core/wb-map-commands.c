/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "wb-map-commands.h"
#include "rules/wb-params.h"
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

/* Add location. */

#define WB_TYPE_ADD_LOCATION_COMMAND (wb_add_location_command_get_type ())
G_DECLARE_FINAL_TYPE (WbAddLocationCommand, wb_add_location_command, WB, ADD_LOCATION_COMMAND, WbCommand)

struct _WbAddLocationCommand
{
  WbCommand    parent_instance;

  WbPointMap  *map;
  const char  *id;               /* interned */
  char        *name;
  double       x, y;
};

G_DEFINE_FINAL_TYPE (WbAddLocationCommand, wb_add_location_command, WB_TYPE_COMMAND)

static gboolean
wb_add_location_command_apply (WbCommand  *command,
                               GError    **error)
{
  WbAddLocationCommand *self = WB_ADD_LOCATION_COMMAND (command);
  WbLocation *loc;
  double width, height;

  if (wb_point_map_find_location (self->map, self->id) != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Map “%s” already has a location “%s”"),
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
  if (wb_point_map_get_locations (self->map)->len >= WB_POINT_MAP_MAX_LOCATIONS)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Map “%s” has the most locations a map can hold"),
                   wb_map_get_name (WB_MAP (self->map)));
      return FALSE;
    }

  loc = wb_location_new (self->id);
  loc->name = g_strdup (self->name);
  loc->x = self->x;
  loc->y = self->y;
  if (!wb_point_map_add_location (self->map, loc))
    g_assert_not_reached ();
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_add_location_command_revert (WbCommand *command)
{
  WbAddLocationCommand *self = WB_ADD_LOCATION_COMMAND (command);

  wb_location_free (wb_point_map_remove_location (self->map, self->id, NULL));
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_add_location_command_finalize (GObject *object)
{
  WbAddLocationCommand *self = WB_ADD_LOCATION_COMMAND (object);

  g_clear_object (&self->map);
  g_free (self->name);
  G_OBJECT_CLASS (wb_add_location_command_parent_class)->finalize (object);
}

static void
wb_add_location_command_class_init (WbAddLocationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_add_location_command_finalize;
  command_class->apply = wb_add_location_command_apply;
  command_class->revert = wb_add_location_command_revert;
}

static void
wb_add_location_command_init (WbAddLocationCommand *self)
{
}

/**
 * wb_command_add_location_new:
 * @map: a point map
 * @name: the new location's name
 * @x: where, in points from the left edge
 * @y: where, in points from the top edge
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_add_location_new (WbPointMap *map,
                             const char *name,
                             double      x,
                             double      y)
{
  WbAddLocationCommand *self;
  g_autofree char *id = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (WB_TYPE_ADD_LOCATION_COMMAND, NULL);
  self->map = g_object_ref (map);
  id = wb_point_map_make_location_id (map, name);
  self->id = g_intern_string (id);
  self->name = g_strdup (name);
  self->x = x;
  self->y = y;
  /* Translators: an undo step; %s is a location name */
  label = g_strdup_printf (_("Add location “%s”"), name);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

const char *
wb_command_add_location_get_id (WbCommand *command)
{
  g_return_val_if_fail (WB_IS_ADD_LOCATION_COMMAND (command), NULL);
  return WB_ADD_LOCATION_COMMAND (command)->id;
}

/* Delete location. */

#define WB_TYPE_DELETE_LOCATION_COMMAND (wb_delete_location_command_get_type ())
G_DECLARE_FINAL_TYPE (WbDeleteLocationCommand, wb_delete_location_command, WB, DELETE_LOCATION_COMMAND, WbCommand)

struct _WbDeleteLocationCommand
{
  WbCommand    parent_instance;

  WbGame      *game;
  WbPointMap  *map;
  const char  *id;               /* interned */

  /* While applied: what was taken out, and where it was. */
  WbLocation  *location;
  guint        index;
  GPtrArray   *connections;      /* WbConnection*, owned */
  GArray      *indices;          /* guint, ascending */
};

G_DEFINE_FINAL_TYPE (WbDeleteLocationCommand, wb_delete_location_command, WB_TYPE_COMMAND)

static gboolean
places_refer_to (GArray     *places,
                 const char *id)
{
  for (guint i = 0; places != NULL && i < places->len; i++)
    {
      WbPlace *p = &g_array_index (places, WbPlace, i);

      if (p->kind == WB_PLACE_LOCATION && g_strcmp0 (p->ref, id) == 0)
        return TRUE;
    }
  return FALSE;
}

static const char *
unit_name (WbGame     *game,
           const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);
  const char *name = unit != NULL ? wb_unit_get_name (unit) : NULL;

  return name != NULL ? name : id;
}

/* Whether a scenario on this map refers to the location; sets @error. */
static gboolean
location_in_use (WbDeleteLocationCommand  *self,
                 GError                  **error)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  const char *map_id = wb_map_get_id (WB_MAP (self->map));
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);
  const char *loc_name = loc->name != NULL ? loc->name : self->id;

  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);
      const char *name = wb_scenario_get_name (scenario);
      GPtrArray *setup = wb_scenario_get_setup (scenario);
      GPtrArray *reinforcements = wb_scenario_get_reinforcements (scenario);
      GPtrArray *victory = wb_scenario_get_victory (scenario);

      if (name == NULL)
        name = wb_scenario_get_id (scenario);
      if (g_strcmp0 (wb_scenario_get_map (scenario), map_id) != 0)
        continue;

      for (guint j = 0; j < setup->len; j++)
        {
          WbSetup *s = g_ptr_array_index (setup, j);

          if (places_refer_to (s->at, self->id))
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           /* Translators: a scenario, a unit and a location */
                           _("Scenario “%s” sets up “%s” at “%s”"),
                           name, unit_name (self->game, s->unit), loc_name);
              return TRUE;
            }
        }
      for (guint j = 0; j < reinforcements->len; j++)
        {
          WbReinforcement *r = g_ptr_array_index (reinforcements, j);

          if (places_refer_to (r->at, self->id))
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           /* Translators: a scenario, a unit and a location */
                           _("Scenario “%s” brings in “%s” at “%s”"), name,
                           r->units->len > 0 ? unit_name (self->game, g_ptr_array_index (r->units, 0)) : "",
                           loc_name);
              return TRUE;
            }
        }
      for (guint j = 0; j < victory->len; j++)
        {
          WbVictory *v = g_ptr_array_index (victory, j);

          if (places_refer_to (v->places, self->id))
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           /* Translators: a scenario and a location */
                           _("Scenario “%s” awards victory points for “%s”"), name, loc_name);
              return TRUE;
            }
        }
    }
  /* A rules parameter naming it: the file would not load again. */
  {
    g_autofree char *path = wb_params_reference (self->game, 1u << WB_PARAM_REF_LOCATION, self->id);

    if (path != NULL)
      {
        g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                     _("“%s” is named by the rules parameters (%s): change them first"), loc_name, path);
        return TRUE;
      }
  }
  return FALSE;
}

static gboolean
wb_delete_location_command_apply (WbCommand  *command,
                                  GError    **error)
{
  WbDeleteLocationCommand *self = WB_DELETE_LOCATION_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);

  g_assert (self->location == NULL);

  if (wb_point_map_find_location (self->map, self->id) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no location “%s”"),
                   wb_map_get_name (WB_MAP (self->map)), self->id);
      return FALSE;
    }
  if (location_in_use (self, error))
    return FALSE;

  /* Connections first, so none is left dangling; from the end, so the
   * indices stay those of the full list. */
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);

      if (c->a == self->id || c->b == self->id)
        g_array_append_val (self->indices, i);
    }
  g_ptr_array_set_size (self->connections, self->indices->len);
  for (guint k = self->indices->len; k > 0; k--)
    self->connections->pdata[k - 1] =
      g_ptr_array_steal_index (connections, g_array_index (self->indices, guint, k - 1));

  self->location = wb_point_map_remove_location (self->map, self->id, &self->index);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_delete_location_command_revert (WbCommand *command)
{
  WbDeleteLocationCommand *self = WB_DELETE_LOCATION_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);

  g_assert (self->location != NULL);

  if (!wb_point_map_insert_location (self->map, g_steal_pointer (&self->location), self->index))
    g_assert_not_reached ();
  /* Ascending, so each goes back to the index it had in the full list. */
  for (guint k = 0; k < self->indices->len; k++)
    g_ptr_array_insert (connections, (int) g_array_index (self->indices, guint, k),
                        g_steal_pointer (&self->connections->pdata[k]));
  g_ptr_array_set_size (self->connections, 0);
  g_array_set_size (self->indices, 0);
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_delete_location_command_finalize (GObject *object)
{
  WbDeleteLocationCommand *self = WB_DELETE_LOCATION_COMMAND (object);

  g_clear_pointer (&self->location, wb_location_free);
  g_ptr_array_unref (self->connections);
  g_array_unref (self->indices);
  g_clear_object (&self->map);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_delete_location_command_parent_class)->finalize (object);
}

static void
wb_delete_location_command_class_init (WbDeleteLocationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_delete_location_command_finalize;
  command_class->apply = wb_delete_location_command_apply;
  command_class->revert = wb_delete_location_command_revert;
}

static void
wb_delete_location_command_init (WbDeleteLocationCommand *self)
{
  self->connections = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_connection_free);
  self->indices = g_array_new (FALSE, FALSE, sizeof (guint));
}

/**
 * wb_command_delete_location_new:
 * @game: the game @map belongs to (its scenarios are checked)
 * @map: a point map
 * @id: a location id
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_delete_location_new (WbGame     *game,
                                WbPointMap *map,
                                const char *id)
{
  WbDeleteLocationCommand *self;
  WbLocation *loc;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (WB_TYPE_DELETE_LOCATION_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->id = g_intern_string (id);
  loc = wb_point_map_find_location (map, id);
  /* Translators: an undo step; %s is a location name */
  label = g_strdup_printf (_("Delete location “%s”"), loc && loc->name ? loc->name : self->id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* Rename location. */

#define WB_TYPE_RENAME_LOCATION_COMMAND (wb_rename_location_command_get_type ())
G_DECLARE_FINAL_TYPE (WbRenameLocationCommand, wb_rename_location_command, WB, RENAME_LOCATION_COMMAND, WbCommand)

struct _WbRenameLocationCommand
{
  WbCommand    parent_instance;

  WbPointMap  *map;
  const char  *id;               /* interned */
  char        *name;
  char        *old_name;
};

G_DEFINE_FINAL_TYPE (WbRenameLocationCommand, wb_rename_location_command, WB_TYPE_COMMAND)

static gboolean
wb_rename_location_command_apply (WbCommand  *command,
                                  GError    **error)
{
  WbRenameLocationCommand *self = WB_RENAME_LOCATION_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);

  if (loc == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no location “%s”"),
                   wb_map_get_name (WB_MAP (self->map)), self->id);
      return FALSE;
    }
  if (self->name[0] == '\0')
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("A location needs a name"));
      return FALSE;
    }
  g_free (self->old_name);
  self->old_name = g_steal_pointer (&loc->name);
  loc->name = g_strdup (self->name);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_rename_location_command_revert (WbCommand *command)
{
  WbRenameLocationCommand *self = WB_RENAME_LOCATION_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);

  g_return_if_fail (loc != NULL);
  g_free (loc->name);
  loc->name = g_steal_pointer (&self->old_name);
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_rename_location_command_finalize (GObject *object)
{
  WbRenameLocationCommand *self = WB_RENAME_LOCATION_COMMAND (object);

  g_clear_object (&self->map);
  g_free (self->name);
  g_free (self->old_name);
  G_OBJECT_CLASS (wb_rename_location_command_parent_class)->finalize (object);
}

static void
wb_rename_location_command_class_init (WbRenameLocationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_rename_location_command_finalize;
  command_class->apply = wb_rename_location_command_apply;
  command_class->revert = wb_rename_location_command_revert;
}

static void
wb_rename_location_command_init (WbRenameLocationCommand *self)
{
}

/**
 * wb_command_rename_location_new:
 * @map: a point map
 * @id: a location id
 * @name: the new name (not empty)
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_rename_location_new (WbPointMap *map,
                                const char *id,
                                const char *name)
{
  WbRenameLocationCommand *self;
  WbLocation *loc;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (id != NULL && name != NULL, NULL);

  self = g_object_new (WB_TYPE_RENAME_LOCATION_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->id = g_intern_string (id);
  self->name = g_strdup (name);
  loc = wb_point_map_find_location (map, id);
  /* Translators: an undo step; %s are the old and the new name */
  label = g_strdup_printf (_("Rename “%s” to “%s”"),
                           loc && loc->name ? loc->name : self->id, name);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
