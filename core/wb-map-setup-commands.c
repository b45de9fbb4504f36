/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-game.h"
#include "wb-map-commands.h"
#include "wb-map-setup-commands.h"
#include "wb-scenario.h"

/* The limits of the file format (core/wb-format-read-map.c). */
#define MAX_OFFSET   1e6
#define MIN_SCALE    1e-6
#define MAX_SCALE    1e6
#define MAX_ROTATION 360.0
#define MIN_HEX_SIZE 4.0
#define MAX_HEX_SIZE 500.0

static WbMapBackground *
background_copy (const WbMapBackground *bg)
{
  WbMapBackground *copy;

  if (bg == NULL)
    return NULL;
  copy = g_new (WbMapBackground, 1);
  *copy = *bg;
  copy->image = g_strdup (bg->image);
  copy->file = g_strdup (bg->file);
  if (copy->scan != NULL)
    wb_scan_ref (copy->scan);
  return copy;
}

static void
background_free (WbMapBackground *bg)
{
  if (bg == NULL)
    return;
  g_free (bg->image);
  g_free (bg->file);
  g_clear_pointer (&bg->scan, wb_scan_unref);
  g_free (bg);
}

static gboolean
check_range (GError     **error,
             const char  *what,
             double       value,
             double       min,
             double       max)
{
  if (isfinite (value) && value >= min && value <= max)
    return TRUE;
  /* Translators: "Background scale 0 is outside 1e-06 to 1e+06" */
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
               _("%s %g is outside %g to %g"), what, value, min, max);
  return FALSE;
}

static gboolean
check_placement (GError **error,
                 double   x,
                 double   y,
                 double   scale,
                 double   rotation)
{
  return check_range (error, _("Background x"), x, -MAX_OFFSET, MAX_OFFSET) &&
         check_range (error, _("Background y"), y, -MAX_OFFSET, MAX_OFFSET) &&
         check_range (error, _("Background scale"), scale, MIN_SCALE, MAX_SCALE) &&
         check_range (error, _("Background rotation"), rotation, -MAX_ROTATION, MAX_ROTATION);
}

/* Background: one command for every change of the scan ------------------ */

typedef enum {
  KIND_SET_IMAGE,
  KIND_CLEAR,
  KIND_PROPERTY,
  KIND_PLACE,
} BackgroundKind;

#define WB_TYPE_BACKGROUND_COMMAND (wb_background_command_get_type ())
G_DECLARE_FINAL_TYPE (WbBackgroundCommand, wb_background_command, WB, BACKGROUND_COMMAND, WbCommand)

struct _WbBackgroundCommand
{
  WbCommand          parent_instance;

  WbMap             *map;
  BackgroundKind     kind;
  WbBackgroundField  field;                 /* KIND_PROPERTY */
  char              *image;                 /* KIND_SET_IMAGE */
  WbScan            *scan;
  double             a, b;                  /* KIND_PROPERTY */
  double             x, y, scale, rotation; /* KIND_PLACE */
  WbMapBackground   *old;                   /* set by apply; NULL: there was none */
};

G_DEFINE_FINAL_TYPE (WbBackgroundCommand, wb_background_command, WB_TYPE_COMMAND)

static gboolean
property_check (WbBackgroundCommand  *self,
                GError              **error)
{
  switch (self->field)
    {
    case WB_BACKGROUND_OPACITY:
      return check_range (error, _("Background opacity"), self->a, 0, 1);
    case WB_BACKGROUND_OFFSET:
      return check_range (error, _("Background x"), self->a, -MAX_OFFSET, MAX_OFFSET) &&
             check_range (error, _("Background y"), self->b, -MAX_OFFSET, MAX_OFFSET);
    case WB_BACKGROUND_SCALE:
      return check_range (error, _("Background scale"), self->a, MIN_SCALE, MAX_SCALE);
    case WB_BACKGROUND_ROTATION:
      return check_range (error, _("Background rotation"), self->a, -MAX_ROTATION, MAX_ROTATION);
    case WB_BACKGROUND_HIDDEN:
      return TRUE;
    default:
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unknown background property %d"), (int) self->field);
      return FALSE;
    }
}

static void
property_set (WbBackgroundCommand *self,
              WbMapBackground     *bg)
{
  switch (self->field)
    {
    case WB_BACKGROUND_OPACITY:
      bg->opacity = self->a;
      break;
    case WB_BACKGROUND_OFFSET:
      bg->x = self->a;
      bg->y = self->b;
      break;
    case WB_BACKGROUND_SCALE:
      bg->scale = self->a;
      break;
    case WB_BACKGROUND_ROTATION:
      bg->rotation = self->a;
      break;
    case WB_BACKGROUND_HIDDEN:
      bg->hidden = self->a != 0;
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
wb_background_command_apply (WbCommand  *command,
                             GError    **error)
{
  WbBackgroundCommand *self = WB_BACKGROUND_COMMAND (command);
  const WbMapBackground *current = wb_map_get_background (self->map);
  WbMapBackground next = { NULL, 0.5, 0, 0, 1, 0, FALSE, NULL, NULL };

  if (current == NULL && (self->kind == KIND_PROPERTY || self->kind == KIND_PLACE ||
                          self->kind == KIND_CLEAR))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no background scan"), wb_map_get_name (self->map));
      return FALSE;
    }
  if (current != NULL)
    next = *current;

  switch (self->kind)
    {
    case KIND_SET_IMAGE:
      if (self->image == NULL || *self->image == '\0')
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("A background scan needs the path of an image"));
          return FALSE;
        }
      next.image = self->image;
      next.scan = self->scan;
      if (current == NULL)
        next.hidden = FALSE;
      break;
    case KIND_CLEAR:
      break;
    case KIND_PROPERTY:
      if (!property_check (self, error))
        return FALSE;
      property_set (self, &next);
      break;
    case KIND_PLACE:
      if (!check_placement (error, self->x, self->y, self->scale, self->rotation))
        return FALSE;
      next.x = self->x;
      next.y = self->y;
      next.scale = self->scale;
      next.rotation = self->rotation;
      break;
    default:
      g_assert_not_reached ();
    }

  g_clear_pointer (&self->old, background_free);
  self->old = background_copy (current);
  /* wb_map_set_background () copies: @next may point into the old one. */
  wb_map_set_background (self->map, self->kind == KIND_CLEAR ? NULL : &next);
  wb_map_changed (self->map);
  return TRUE;
}

static void
wb_background_command_revert (WbCommand *command)
{
  WbBackgroundCommand *self = WB_BACKGROUND_COMMAND (command);

  wb_map_set_background (self->map, self->old);
  wb_map_changed (self->map);
}

static gboolean
wb_background_command_merge (WbCommand *command,
                             WbCommand *next_command)
{
  WbBackgroundCommand *self = WB_BACKGROUND_COMMAND (command);
  WbBackgroundCommand *next;

  if (!WB_IS_BACKGROUND_COMMAND (next_command))
    return FALSE;
  next = WB_BACKGROUND_COMMAND (next_command);
  if (next->map != self->map || self->kind != KIND_PROPERTY || next->kind != KIND_PROPERTY ||
      next->field != self->field)
    return FALSE;
  /* Our old value stays: undo goes back to before the first change. */
  self->a = next->a;
  self->b = next->b;
  return TRUE;
}

static void
wb_background_command_finalize (GObject *object)
{
  WbBackgroundCommand *self = WB_BACKGROUND_COMMAND (object);

  g_clear_object (&self->map);
  g_free (self->image);
  g_clear_pointer (&self->scan, wb_scan_unref);
  g_clear_pointer (&self->old, background_free);
  G_OBJECT_CLASS (wb_background_command_parent_class)->finalize (object);
}

static void
wb_background_command_class_init (WbBackgroundCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_background_command_finalize;
  command_class->apply = wb_background_command_apply;
  command_class->revert = wb_background_command_revert;
  command_class->merge = wb_background_command_merge;
}

static void
wb_background_command_init (WbBackgroundCommand *self)
{
}

static WbBackgroundCommand *
background_command_new (WbMap          *map,
                        BackgroundKind  kind,
                        const char     *label)
{
  WbBackgroundCommand *self = g_object_new (WB_TYPE_BACKGROUND_COMMAND, NULL);

  self->map = g_object_ref (map);
  self->kind = kind;
  wb_command_set_label (WB_COMMAND (self), label);
  return self;
}

/**
 * wb_command_set_background_new:
 * @map: a map
 * @image: the image's path as the game file holds it
 * @scan: (nullable): the decoded image
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_background_new (WbMap      *map,
                               const char *image,
                               WbScan     *scan)
{
  WbBackgroundCommand *self;

  g_return_val_if_fail (WB_IS_MAP (map), NULL);

  self = background_command_new (map, KIND_SET_IMAGE, _("Set background scan"));
  self->image = g_strdup (image);
  self->scan = scan != NULL ? wb_scan_ref (scan) : NULL;
  return WB_COMMAND (self);
}

/**
 * wb_command_clear_background_new:
 * @map: a map with a background scan
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_clear_background_new (WbMap *map)
{
  g_return_val_if_fail (WB_IS_MAP (map), NULL);

  return WB_COMMAND (background_command_new (map, KIND_CLEAR, _("Remove background scan")));
}

/**
 * wb_command_set_background_property_new:
 * @map: a map with a background scan
 * @field: which property
 * @a: its value (the x for an offset)
 * @b: the y for an offset
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_background_property_new (WbMap            *map,
                                        WbBackgroundField field,
                                        double            a,
                                        double            b)
{
  WbBackgroundCommand *self;
  const char *label;

  g_return_val_if_fail (WB_IS_MAP (map), NULL);

  switch (field)
    {
    case WB_BACKGROUND_OPACITY:
      label = _("Change background opacity");
      break;
    case WB_BACKGROUND_OFFSET:
      label = _("Move background scan");
      break;
    case WB_BACKGROUND_SCALE:
      label = _("Scale background scan");
      break;
    case WB_BACKGROUND_ROTATION:
      label = _("Rotate background scan");
      break;
    case WB_BACKGROUND_HIDDEN:
      label = a != 0 ? _("Hide background scan") : _("Show background scan");
      break;
    default:
      label = _("Change background scan");
      break;
    }
  self = background_command_new (map, KIND_PROPERTY, label);
  self->field = field;
  self->a = a;
  self->b = b;
  return WB_COMMAND (self);
}

/**
 * wb_command_place_background_new:
 * @map: a map with a background scan
 * @x: where the image's pixel (0, 0) lands
 * @y: where the image's pixel (0, 0) lands
 * @scale: map points per image pixel
 * @rotation: degrees clockwise
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_place_background_new (WbMap  *map,
                                 double  x,
                                 double  y,
                                 double  scale,
                                 double  rotation)
{
  WbBackgroundCommand *self;

  g_return_val_if_fail (WB_IS_MAP (map), NULL);

  self = background_command_new (map, KIND_PLACE, _("Calibrate background scan"));
  self->x = x;
  self->y = y;
  self->scale = scale;
  self->rotation = rotation;
  return WB_COMMAND (self);
}

/* Hex size --------------------------------------------------------------- */

#define WB_TYPE_GRID_COMMAND (wb_grid_command_get_type ())
G_DECLARE_FINAL_TYPE (WbGridCommand, wb_grid_command, WB, GRID_COMMAND, WbCommand)

struct _WbGridCommand
{
  WbCommand         parent_instance;

  WbHexMap         *map;
  double            size;
  /* Set by apply. */
  double            old_size;
  WbMapBackground  *old_background;
  GPtrArray        *old_lines;      /* WbMapLine copies, NULL without lines */
};

static void replace_lines (WbMap *map, GPtrArray *lines);

G_DEFINE_FINAL_TYPE (WbGridCommand, wb_grid_command, WB_TYPE_COMMAND)

/* TRUE (and @error) when @map's numbering cannot number it at @cols ×
 * @rows with @layout, the parity it will have. */
static gboolean
numbering_error (GError      **error,
                 WbHexMap     *map,
                 WbHexLayout   layout,
                 int           cols,
                 int           rows)
{
  g_autoptr(GError) why = NULL;
  WbHexNumbering num;

  wb_hex_map_get_hex_numbering (map, &num);
  if (wb_hex_numbering_check (&num, layout, cols, rows, &why))
    return FALSE;
  if (num.scheme == WB_HEX_NUMBERING_DIGITS && !num.oblique)
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                 /* Translators: "Column 100 and row 40 of map “Chickasaw Bayou”
                  * do not fit in 2 digits" */
                 _("Column %d and row %d of map “%s” do not fit in %d digits"),
                 num.first_col + cols - 1, num.first_row + rows - 1,
                 wb_map_get_name (WB_MAP (map)), num.digits);
  else
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                 /* Translators: the last %s says why, e.g. "letters name 104
                  * columns at most (A to ZZZZ); this numbering needs 120" */
                 _("The hex numbers of map “%s” cannot number %d columns and %d rows: %s"),
                 wb_map_get_name (WB_MAP (map)), cols, rows, why->message);
  return TRUE;
}

static gboolean
wb_grid_command_apply (WbCommand  *command,
                       GError    **error)
{
  WbGridCommand *self = WB_GRID_COMMAND (command);
  const WbMapBackground *bg = wb_map_get_background (WB_MAP (self->map));
  GPtrArray *lines = wb_map_get_lines (WB_MAP (self->map));
  double k;

  if (!check_range (error, _("Hex size"), self->size, MIN_HEX_SIZE, MAX_HEX_SIZE))
    return FALSE;
  self->old_size = wb_hex_map_get_hex_size (self->map);
  k = self->size / self->old_size;
  if (bg != NULL &&
      !check_placement (error, bg->x * k, bg->y * k, bg->scale * k, bg->rotation))
    return FALSE;

  g_clear_pointer (&self->old_background, background_free);
  self->old_background = background_copy (bg);
  wb_hex_map_set_hex_size (self->map, self->size);
  /* Every hex centre is the size times a fixed vector: scaling the scan
   * about the origin keeps it on its hexes. */
  if (bg != NULL)
    {
      WbMapBackground scaled = *bg;

      scaled.x *= k;
      scaled.y *= k;
      scaled.scale *= k;
      wb_map_set_background (WB_MAP (self->map), &scaled);
    }
  /* So are the drawn lines, in map points. */
  g_clear_pointer (&self->old_lines, g_ptr_array_unref);
  if (lines->len > 0)
    {
      g_autoptr(GPtrArray) scaled = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_line_free);

      self->old_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_line_free);
      for (guint i = 0; i < lines->len; i++)
        {
          WbMapLine *line = wb_map_line_copy (g_ptr_array_index (lines, i));

          g_ptr_array_add (self->old_lines, wb_map_line_copy (line));
          for (guint j = 0; j < line->points->len; j++)
            {
              g_array_index (line->points, WbMapPoint, j).x *= k;
              g_array_index (line->points, WbMapPoint, j).y *= k;
            }
          g_ptr_array_add (scaled, line);
        }
      replace_lines (WB_MAP (self->map), scaled);
    }
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_grid_command_revert (WbCommand *command)
{
  WbGridCommand *self = WB_GRID_COMMAND (command);

  wb_hex_map_set_hex_size (self->map, self->old_size);
  wb_map_set_background (WB_MAP (self->map), self->old_background);
  if (self->old_lines != NULL)
    replace_lines (WB_MAP (self->map), self->old_lines);
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_grid_command_finalize (GObject *object)
{
  WbGridCommand *self = WB_GRID_COMMAND (object);

  g_clear_object (&self->map);
  g_clear_pointer (&self->old_background, background_free);
  g_clear_pointer (&self->old_lines, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_grid_command_parent_class)->finalize (object);
}

static void
wb_grid_command_class_init (WbGridCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_grid_command_finalize;
  command_class->apply = wb_grid_command_apply;
  command_class->revert = wb_grid_command_revert;
}

static void
wb_grid_command_init (WbGridCommand *self)
{
}

/**
 * wb_command_set_hex_size_new:
 * @map: a hex map
 * @size: centre-to-corner radius in points, 4..500
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_hex_size_new (WbHexMap *map,
                             double    size)
{
  WbGridCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  self = g_object_new (WB_TYPE_GRID_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->size = size;
  label = g_strdup_printf (_("Set hex size to %g"), size);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* Resize with what is tied to the hexes ---------------------------------- */

/* Moves what lies on the hexes but is not part of the hex map by as much
 * as the content moves: the scan, the drawn lines (in map points) and the
 * scenarios' hex numbers. It also checks that the numbering still fits.
 * The resize itself is the map commands' own; this runs first. */
#define WB_TYPE_RESIZE_EXTRAS_COMMAND (wb_resize_extras_command_get_type ())
G_DECLARE_FINAL_TYPE (WbResizeExtrasCommand, wb_resize_extras_command, WB, RESIZE_EXTRAS_COMMAND, WbCommand)

typedef struct {
  GArray *places;     /* WbPlace, a reference */
  guint   index;
  char   *old_ref;
  char   *new_ref;
} PlaceEdit;

static void
place_edit_free (PlaceEdit *edit)
{
  g_array_unref (edit->places);
  g_free (edit->old_ref);
  g_free (edit->new_ref);
  g_free (edit);
}

struct _WbResizeExtrasCommand
{
  WbCommand         parent_instance;

  WbGame           *game;
  WbHexMap         *map;
  int               cols, rows;     /* the new size */
  int               dcol, drow;
  WbHexLayout       layout;         /* the resized map's (its parity may flip) */
  double            dx, dy;         /* the content's move in map points */
  double            width, height;  /* the new extent */
  /* Set by apply. */
  gboolean          moved_scan;
  WbMapBackground  *old_background;
  GPtrArray        *old_lines;      /* WbMapLine copies, NULL when untouched */
  GPtrArray        *place_edits;    /* PlaceEdit */
};

G_DEFINE_FINAL_TYPE (WbResizeExtrasCommand, wb_resize_extras_command, WB_TYPE_COMMAND)

static void
replace_lines (WbMap     *map,
               GPtrArray *lines)
{
  WbMapLine *line;

  while ((line = wb_map_steal_line (map, 0)) != NULL)
    wb_map_line_free (line);
  for (guint i = 0; i < lines->len; i++)
    wb_map_insert_line (map, wb_map_line_copy (g_ptr_array_index (lines, i)), G_MAXUINT);
}

/* The hex references of @places that move, into @edits; FALSE (and
 * @error) when one would fall off the resized map. */
static gboolean
collect_places (WbResizeExtrasCommand  *self,
                WbScenario             *scenario,
                GArray                 *places,
                GPtrArray              *edits,
                GError                **error)
{
  for (guint i = 0; places != NULL && i < places->len; i++)
    {
      WbPlace *place = &g_array_index (places, WbPlace, i);
      WbOffset hex;
      char buf[WB_HEX_NUMBER_MAX_LEN];
      WbHexNumbering num;
      PlaceEdit *edit;

      if (place->kind != WB_PLACE_HEX || !wb_hex_map_parse_hex (self->map, place->ref, &hex))
        continue;
      hex.col += self->dcol;
      hex.row += self->drow;
      if (hex.col < 0 || hex.row < 0 || hex.col >= self->cols || hex.row >= self->rows)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                       /* Translators: "Scenario “Historical” uses hex 0310, which the
                        * resize would drop" */
                       _("Scenario “%s” uses hex %s, which the resize would drop"),
                       wb_scenario_get_name (scenario), place->ref);
          return FALSE;
        }
      /* Printed as the resized map will: an oblique number depends on
       * the parity. */
      wb_hex_map_get_hex_numbering (self->map, &num);
      wb_hex_numbering_format (&num, self->layout, hex, buf, sizeof buf);
      if (strcmp (buf, place->ref) == 0)
        continue;
      edit = g_new0 (PlaceEdit, 1);
      edit->places = g_array_ref (places);
      edit->index = i;
      edit->old_ref = g_strdup (place->ref);
      edit->new_ref = g_strdup (buf);
      g_ptr_array_add (edits, edit);
    }
  return TRUE;
}

static gboolean
wb_resize_extras_command_apply (WbCommand  *command,
                                GError    **error)
{
  WbResizeExtrasCommand *self = WB_RESIZE_EXTRAS_COMMAND (command);
  WbMap *map = WB_MAP (self->map);
  const WbMapBackground *bg = wb_map_get_background (map);
  GPtrArray *lines = wb_map_get_lines (map);
  g_autoptr(GPtrArray) new_lines = NULL;
  g_autoptr(GPtrArray) edits = g_ptr_array_new_with_free_func ((GDestroyNotify) place_edit_free);
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  gboolean move = self->dx != 0 || self->dy != 0;

  /* Check everything first. */
  if (self->cols < 1 || self->rows < 1 ||
      self->cols > WB_HEX_MAP_MAX_DIM || self->rows > WB_HEX_MAP_MAX_DIM)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A map must be 1 to %d hexes wide and high (asked for %d × %d)"),
                   WB_HEX_MAP_MAX_DIM, self->cols, self->rows);
      return FALSE;
    }
  if (numbering_error (error, self->map, self->layout, self->cols, self->rows))
    return FALSE;
  if (bg != NULL && move &&
      !check_placement (error, bg->x + self->dx, bg->y + self->dy, bg->scale, bg->rotation))
    return FALSE;

  /* A line that was on the map and lies wholly off the resized one goes
   * with its hexes; one that would reach farther off the map than the
   * file allows stops the resize. */
  if (lines->len > 0)
    {
      double old_w, old_h;

      wb_map_get_extent (map, &old_w, &old_h);
      new_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_line_free);
      for (guint i = 0; i < lines->len; i++)
        {
          WbMapLine *line = wb_map_line_copy (g_ptr_array_index (lines, i));
          double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
          gboolean was_on;

          for (guint j = 0; j < line->points->len; j++)
            {
              WbMapPoint *pt = &g_array_index (line->points, WbMapPoint, j);

              x0 = MIN (x0, pt->x);
              y0 = MIN (y0, pt->y);
              x1 = MAX (x1, pt->x);
              y1 = MAX (y1, pt->y);
              pt->x += self->dx;
              pt->y += self->dy;
            }
          was_on = !(x1 < 0 || y1 < 0 || x0 > old_w || y0 > old_h);
          x0 += self->dx;
          x1 += self->dx;
          y0 += self->dy;
          y1 += self->dy;
          if (was_on && (x1 < 0 || y1 < 0 || x0 > self->width || y0 > self->height))
            {
              wb_map_line_free (line);
              continue;
            }
          if (x0 < -self->width || y0 < -self->height ||
              x1 > 2 * self->width || y1 > 2 * self->height)
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                           _("The line “%s” would reach far outside the resized map"),
                           line->name != NULL ? line->name : line->style);
              wb_map_line_free (line);
              return FALSE;
            }
          g_ptr_array_add (new_lines, line);
        }
    }

  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);
      GPtrArray *setup, *reinforcements, *victory;

      if (g_strcmp0 (wb_scenario_get_map (scenario), wb_map_get_id (map)) != 0)
        continue;
      setup = wb_scenario_get_setup (scenario);
      reinforcements = wb_scenario_get_reinforcements (scenario);
      victory = wb_scenario_get_victory (scenario);
      for (guint j = 0; j < setup->len; j++)
        if (!collect_places (self, scenario, ((WbSetup *) g_ptr_array_index (setup, j))->at,
                             edits, error))
          return FALSE;
      for (guint j = 0; j < reinforcements->len; j++)
        if (!collect_places (self, scenario,
                             ((WbReinforcement *) g_ptr_array_index (reinforcements, j))->at,
                             edits, error))
          return FALSE;
      for (guint j = 0; j < victory->len; j++)
        if (!collect_places (self, scenario, ((WbVictory *) g_ptr_array_index (victory, j))->places,
                             edits, error))
          return FALSE;
    }

  /* Then change. */
  g_clear_pointer (&self->old_background, background_free);
  self->moved_scan = bg != NULL && move;
  if (self->moved_scan)
    {
      WbMapBackground moved = *bg;

      self->old_background = background_copy (bg);
      moved.x += self->dx;
      moved.y += self->dy;
      wb_map_set_background (map, &moved);
    }

  g_clear_pointer (&self->old_lines, g_ptr_array_unref);
  if (new_lines != NULL)
    {
      self->old_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_map_line_free);
      for (guint i = 0; i < lines->len; i++)
        g_ptr_array_add (self->old_lines, wb_map_line_copy (g_ptr_array_index (lines, i)));
      replace_lines (map, new_lines);
    }

  for (guint i = 0; i < edits->len; i++)
    {
      PlaceEdit *edit = g_ptr_array_index (edits, i);
      WbPlace *place = &g_array_index (edit->places, WbPlace, edit->index);

      g_free (place->ref);
      place->ref = g_strdup (edit->new_ref);
    }
  g_clear_pointer (&self->place_edits, g_ptr_array_unref);
  self->place_edits = g_steal_pointer (&edits);

  if (self->moved_scan || self->old_lines != NULL)
    wb_map_changed (map);
  if (self->place_edits->len > 0)
    wb_game_changed (self->game, "scenarios");
  return TRUE;
}

static void
wb_resize_extras_command_revert (WbCommand *command)
{
  WbResizeExtrasCommand *self = WB_RESIZE_EXTRAS_COMMAND (command);
  WbMap *map = WB_MAP (self->map);

  if (self->moved_scan)
    wb_map_set_background (map, self->old_background);
  if (self->old_lines != NULL)
    replace_lines (map, self->old_lines);
  for (guint i = self->place_edits != NULL ? self->place_edits->len : 0; i-- > 0;)
    {
      PlaceEdit *edit = g_ptr_array_index (self->place_edits, i);
      WbPlace *place = &g_array_index (edit->places, WbPlace, edit->index);

      g_free (place->ref);
      place->ref = g_strdup (edit->old_ref);
    }

  if (self->moved_scan || self->old_lines != NULL)
    wb_map_changed (map);
  if (self->place_edits != NULL && self->place_edits->len > 0)
    wb_game_changed (self->game, "scenarios");
}

static void
wb_resize_extras_command_finalize (GObject *object)
{
  WbResizeExtrasCommand *self = WB_RESIZE_EXTRAS_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_pointer (&self->old_background, background_free);
  g_clear_pointer (&self->old_lines, g_ptr_array_unref);
  g_clear_pointer (&self->place_edits, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_resize_extras_command_parent_class)->finalize (object);
}

static void
wb_resize_extras_command_class_init (WbResizeExtrasCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_resize_extras_command_finalize;
  command_class->apply = wb_resize_extras_command_apply;
  command_class->revert = wb_resize_extras_command_revert;
}

static void
wb_resize_extras_command_init (WbResizeExtrasCommand *self)
{
}

/**
 * wb_command_resize_hex_map_full_new:
 * @game: the game @map belongs to (its scenarios name hexes of it)
 * @map: a hex map
 * @cols: the new number of columns
 * @rows: the new number of rows
 * @dcol: columns added on the left (negative: removed)
 * @drow: rows added at the top (negative: removed)
 * @fill: the terrain of new hexes
 *
 * Returns: (transfer full): the command (a group), not yet applied
 */
WbCommand *
wb_command_resize_hex_map_full_new (WbGame     *game,
                                    WbHexMap   *map,
                                    int         cols,
                                    int         rows,
                                    int         dcol,
                                    int         drow,
                                    const char *fill)
{
  g_autoptr(WbCommand) resize = NULL;
  WbResizeExtrasCommand *extras;
  WbCommand *group;
  WbHexLayout layout, moved;
  WbOffset origin = { 0, 0 }, target = { dcol, drow };
  double size, x0, y0, x1, y1;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (fill != NULL, NULL);

  resize = wb_command_resize_hex_map_new (map, cols, rows, dcol, drow, fill);

  /* The hex that was at (c, r) moves to (c + dcol, r + drow) in the
   * resized grid, whose parity flips with an odd shift along the stagger
   * axis (wb_hex_map_resize ()): every hex moves by the same amount. */
  layout = moved = wb_hex_map_get_layout (map);
  if ((layout.orientation == WB_HEX_FLAT ? dcol : drow) % 2 != 0)
    moved.parity = layout.parity == WB_HEX_ODD ? WB_HEX_EVEN : WB_HEX_ODD;
  size = wb_hex_map_get_hex_size (map);
  wb_hex_center (layout, size, origin, &x0, &y0);
  wb_hex_center (moved, size, target, &x1, &y1);

  extras = g_object_new (WB_TYPE_RESIZE_EXTRAS_COMMAND, NULL);
  extras->game = g_object_ref (game);
  extras->map = g_object_ref (map);
  extras->cols = cols;
  extras->rows = rows;
  extras->dcol = dcol;
  extras->drow = drow;
  extras->layout = moved;
  extras->dx = x1 - x0;
  extras->dy = y1 - y0;
  wb_hex_map_extent (moved, size, MAX (cols, 1), MAX (rows, 1), &extras->width, &extras->height);

  /* The checks come first, so nothing is resized when one fails. */
  group = wb_command_group_new (wb_command_get_label (resize));
  wb_command_group_add (WB_COMMAND_GROUP (group), WB_COMMAND (extras));
  wb_command_group_add (WB_COMMAND_GROUP (group), resize);
  g_object_unref (extras);
  return group;
}

/* Paths ------------------------------------------------------------------ */

char *
wb_map_background_relative_path (const char *path,
                                 const char *base_dir)
{
  g_auto(GStrv) p = NULL;
  g_auto(GStrv) b = NULL;
  g_autoptr(GString) out = NULL;
  guint i = 0, np, nb;

  g_return_val_if_fail (path != NULL, NULL);

  if (base_dir == NULL || !g_path_is_absolute (path) || !g_path_is_absolute (base_dir))
    return g_strdup (path);

  {
    g_autofree char *cp = g_canonicalize_filename (path, NULL);
    g_autofree char *cb = g_canonicalize_filename (base_dir, NULL);

    p = g_strsplit (cp + 1, G_DIR_SEPARATOR_S, -1);
    b = g_strsplit (cb + 1, G_DIR_SEPARATOR_S, -1);
  }
  np = g_strv_length (p);
  nb = g_strv_length (b);
  while (i < nb && i + 1 < np && strcmp (p[i], b[i]) == 0)
    i++;
  /* Only the root in common: an absolute path says more. */
  if (i == 0)
    return g_strdup (path);

  out = g_string_new (NULL);
  for (guint j = i; j < nb; j++)
    g_string_append (out, ".." G_DIR_SEPARATOR_S);
  for (guint j = i; j < np; j++)
    {
      g_string_append (out, p[j]);
      if (j + 1 < np)
        g_string_append_c (out, G_DIR_SEPARATOR);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Hex numbering ------------------------------------------------------------ */

#define WB_TYPE_NUMBERING_COMMAND (wb_numbering_command_get_type ())
G_DECLARE_FINAL_TYPE (WbNumberingCommand, wb_numbering_command, WB, NUMBERING_COMMAND, WbCommand)

struct _WbNumberingCommand
{
  WbCommand       parent_instance;

  WbGame         *game;
  WbHexMap       *map;
  WbHexNumbering  numbering;
  /* Set by apply. */
  WbHexNumbering  old_numbering;
  GPtrArray      *place_edits;    /* PlaceEdit */
};

G_DEFINE_FINAL_TYPE (WbNumberingCommand, wb_numbering_command, WB_TYPE_COMMAND)

/* The hex numbers of @places as @self's numbering prints them, into
 * @edits: the file writes them in the map's numbering. */
static void
renumber_places (WbNumberingCommand *self,
                 GArray             *places,
                 GPtrArray          *edits)
{
  WbHexLayout layout = wb_hex_map_get_layout (self->map);

  for (guint i = 0; places != NULL && i < places->len; i++)
    {
      WbPlace *place = &g_array_index (places, WbPlace, i);
      char buf[WB_HEX_NUMBER_MAX_LEN];
      PlaceEdit *edit;
      WbOffset hex;

      if (place->kind != WB_PLACE_HEX || !wb_hex_map_parse_hex (self->map, place->ref, &hex))
        continue;
      wb_hex_numbering_format (&self->numbering, layout, hex, buf, sizeof buf);
      if (strcmp (buf, place->ref) == 0)
        continue;
      edit = g_new0 (PlaceEdit, 1);
      edit->places = g_array_ref (places);
      edit->index = i;
      edit->old_ref = g_strdup (place->ref);
      edit->new_ref = g_strdup (buf);
      g_ptr_array_add (edits, edit);
    }
}

static gboolean
wb_numbering_command_apply (WbCommand  *command,
                            GError    **error)
{
  WbNumberingCommand *self = WB_NUMBERING_COMMAND (command);
  g_autoptr(GPtrArray) edits = g_ptr_array_new_with_free_func ((GDestroyNotify) place_edit_free);
  g_autoptr(GError) why = NULL;
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);

  if (!wb_hex_numbering_check (&self->numbering, wb_hex_map_get_layout (self->map),
                               wb_hex_map_get_cols (self->map), wb_hex_map_get_rows (self->map), &why))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   /* Translators: the last %s says why, e.g. "letters name 104
                    * columns at most (A to ZZZZ); this numbering needs 120" */
                   _("The hexes of map “%s” cannot be numbered so: %s"),
                   wb_map_get_name (WB_MAP (self->map)), why->message);
      return FALSE;
    }

  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);
      GPtrArray *setup, *reinforcements, *victory, *markers;

      if (g_strcmp0 (wb_scenario_get_map (scenario), wb_map_get_id (WB_MAP (self->map))) != 0)
        continue;
      setup = wb_scenario_get_setup (scenario);
      reinforcements = wb_scenario_get_reinforcements (scenario);
      victory = wb_scenario_get_victory (scenario);
      markers = wb_scenario_get_markers (scenario);
      for (guint j = 0; j < setup->len; j++)
        renumber_places (self, ((WbSetup *) g_ptr_array_index (setup, j))->at, edits);
      for (guint j = 0; j < reinforcements->len; j++)
        renumber_places (self, ((WbReinforcement *) g_ptr_array_index (reinforcements, j))->at, edits);
      for (guint j = 0; j < victory->len; j++)
        renumber_places (self, ((WbVictory *) g_ptr_array_index (victory, j))->places, edits);
      for (guint j = 0; j < markers->len; j++)
        renumber_places (self, ((WbMarker *) g_ptr_array_index (markers, j))->at, edits);
    }

  for (guint i = 0; i < edits->len; i++)
    {
      PlaceEdit *edit = g_ptr_array_index (edits, i);
      WbPlace *place = &g_array_index (edit->places, WbPlace, edit->index);

      g_free (place->ref);
      place->ref = g_strdup (edit->new_ref);
    }
  g_clear_pointer (&self->place_edits, g_ptr_array_unref);
  self->place_edits = g_steal_pointer (&edits);
  wb_hex_map_get_hex_numbering (self->map, &self->old_numbering);
  wb_hex_map_set_hex_numbering (self->map, &self->numbering);
  if (self->place_edits->len > 0)
    wb_game_changed (self->game, "scenarios");
  return TRUE;
}

static void
wb_numbering_command_revert (WbCommand *command)
{
  WbNumberingCommand *self = WB_NUMBERING_COMMAND (command);

  for (guint i = self->place_edits->len; i-- > 0;)
    {
      PlaceEdit *edit = g_ptr_array_index (self->place_edits, i);
      WbPlace *place = &g_array_index (edit->places, WbPlace, edit->index);

      g_free (place->ref);
      place->ref = g_strdup (edit->old_ref);
    }
  wb_hex_map_set_hex_numbering (self->map, &self->old_numbering);
  if (self->place_edits->len > 0)
    wb_game_changed (self->game, "scenarios");
}

static void
wb_numbering_command_finalize (GObject *object)
{
  WbNumberingCommand *self = WB_NUMBERING_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_pointer (&self->place_edits, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_numbering_command_parent_class)->finalize (object);
}

static void
wb_numbering_command_class_init (WbNumberingCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_numbering_command_finalize;
  command_class->apply = wb_numbering_command_apply;
  command_class->revert = wb_numbering_command_revert;
}

static void
wb_numbering_command_init (WbNumberingCommand *self)
{
}

/**
 * wb_command_set_hex_numbering_new:
 * @game: the game @map belongs to (its scenarios name hexes of it)
 * @map: a hex map
 * @numbering: the new numbering
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_hex_numbering_new (WbGame               *game,
                                  WbHexMap             *map,
                                  const WbHexNumbering *numbering)
{
  WbNumberingCommand *self;
  char first[WB_HEX_NUMBER_MAX_LEN];
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (numbering != NULL, NULL);

  self = g_object_new (WB_TYPE_NUMBERING_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->numbering = *numbering;
  wb_hex_numbering_format (numbering, wb_hex_map_get_layout (map), (WbOffset) { 0, 0 }, first, sizeof first);
  /* Translators: an undo label, "Number Hexes from A01" */
  label = g_strdup_printf (_("Number Hexes from %s"), first);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
