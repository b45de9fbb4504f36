/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-vassal"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "wb-dice.h"
#include "wb-render.h"
#include "wb-render-table.h"
#include "wb-vassal.h"
#include "wb-vassal-private.h"
#include "wb-zip.h"

/*
 * The game as a VASSAL module. Everything here follows VASSAL 3.6/3.7's
 * own source (vassalengine/vassal, vassal-app/src/main/java/VASSAL/…);
 * docs/vassal-export.md names the file each encoding comes from and what
 * maps onto what. In short:
 *
 * - buildFile.xml: the component tree, one element per Java class with its
 *   attributes (AbstractBuildable.build sets each attribute by name);
 * - pieces: a PieceSlot's text is an encoded AddPiece command, "+/id/type/
 *   state" (BasicCommandEncoder), whose type and state nest the traits
 *   outermost first, each level a SequenceEncoder string (Decorator);
 * - a predefined set-up is a saved game inside the module: a ZIP whose
 *   "savedGame" entry is the command list (GameState, GameModule.encode)
 *   obfuscated as "!VCSK" + key + hex (ObfuscatingOutputStream up to 3.7,
 *   which 3.8 still reads).
 */

#define CHART_SCALE 1.5

/* --- the export ------------------------------------------------------------ */

void
_wb_vassal_warn (Export     *ex,
                 const char *format,
                 ...)
{
  va_list ap;
  char *s;

  va_start (ap, format);
  s = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (ex->warnings != NULL)
    g_ptr_array_add (ex->warnings, s);
  else
    g_free (s);
}

static void
region_free (gpointer p)
{
  Region *r = p;

  g_free (r->name);
  g_free (r);
}

static void
map_out_free (gpointer p)
{
  MapOut *m = p;

  g_free (m->name);
  g_free (m->board);
  g_free (m->image);
  g_clear_pointer (&m->regions, g_hash_table_unref);
  g_clear_pointer (&m->region_list, g_ptr_array_unref);
  g_free (m);
}

static void
piece_def_free (gpointer p)
{
  PieceDef *d = p;

  g_free (d->type);
  g_free (d->gpid);
  g_free (d);
}

/* A name safe in a ZIP entry and in VASSAL's comma- and semicolon-
 * separated image lists: letters, digits, '-', '_' and '.'. */
char *
_wb_vassal_safe_name (const char *s)
{
  GString *out = g_string_new (NULL);

  for (const char *p = s != NULL ? s : ""; *p; p++)
    g_string_append_c (out, g_ascii_isalnum (*p) || *p == '-' || *p == '_' || *p == '.' ? *p : '_');
  if (out->len == 0)
    g_string_append_c (out, '_');
  return g_string_free (out, FALSE);
}

gboolean
_wb_vassal_add_entry (Export      *ex,
                      const char  *name,
                      const void  *data,
                      gsize        len,
                      gboolean     compress,
                      GError     **error)
{
  return wb_zip_writer_add (ex->zip, name, data, len, compress, error);
}

static cairo_status_t
png_to_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* @surface as a PNG in the archive under images/@name. */
static gboolean
add_png (Export           *ex,
         const char       *name,
         cairo_surface_t  *surface,
         GError          **error)
{
  g_autoptr(GByteArray) png = g_byte_array_new ();
  g_autofree char *entry = g_strconcat ("images/", name, NULL);
  cairo_status_t status;

  status = cairo_surface_write_to_png_stream (surface, png_to_bytes, png);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("the image “%s” could not be made: %s"), name, cairo_status_to_string (status));
      return FALSE;
    }
  /* PNG is deflated already: stored. */
  return _wb_vassal_add_entry (ex, entry, png->data, png->len, FALSE, error);
}

/* --- boards ---------------------------------------------------------------- */

/* A map's scale: WB_VASSAL_BOARD_SCALE, less when the board would pass
 * WB_VASSAL_BOARD_MAX_SIDE pixels. */
static double
board_scale (WbMap *map)
{
  double w, h;

  wb_map_get_extent (map, &w, &h);
  if (MAX (w, h) * WB_VASSAL_BOARD_SCALE > WB_VASSAL_BOARD_MAX_SIDE)
    return WB_VASSAL_BOARD_MAX_SIDE / MAX (w, h);
  return WB_VASSAL_BOARD_SCALE;
}

/* The board image: the map's static layers (no units) drawn at the
 * board's scale from the map's origin, so a board pixel is exactly a map
 * point times the scale. wb_render_map_to_file () frames the map in a
 * white margin; the grid and every piece position would have to know it,
 * so the board is drawn here with wb_render_map () instead. */
static gboolean
add_board (Export  *ex,
           MapOut  *m,
           GError **error)
{
  WbRenderOptions opts;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;
  gboolean ok;

  wb_map_get_extent (m->map, &w, &h);
  m->width = (int) ceil (w * m->scale);
  m->height = (int) ceil (h * m->scale);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, MAX (m->width, 1), MAX (m->height, 1));
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("the board of map “%s” (%d × %d pixels) could not be drawn: %s"),
                   m->name, m->width, m->height,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, m->scale, m->scale);
  wb_render_options_init (&opts);
  opts.layers = WB_LAYER_STATIC;
  opts.scale = m->scale;
  opts.clip_x = 0;
  opts.clip_y = 0;
  opts.clip_width = w;
  opts.clip_height = h;
  wb_render_map (ex->game, m->map, cr, &opts);
  cairo_destroy (cr);
  ok = add_png (ex, m->image, surface, error);
  cairo_surface_destroy (surface);
  return ok;
}

/* VASSAL's hex grid (HexGrid.java): columns of hexes dx apart, hexes dy
 * apart down a column, the odd columns (counted from the origin) half a
 * hex lower; "sideways" swaps x and y everywhere (the grid's own x0 is
 * then the board's y), which is how VASSAL draws pointy-topped hexes in
 * rows. HexGridNumbering's "stagger" moves the odd columns' numbering up
 * a row: with it the odd columns are the raised ones, as on a map whose
 * even columns are shifted down. */
static void
hex_grid_setup (MapOut *m)
{
  WbHexMap *hm = WB_HEX_MAP (m->map);
  double size = wb_hex_map_get_hex_size (hm);
  double cx, cy;

  m->hex = TRUE;
  m->layout = wb_hex_map_get_layout (hm);
  wb_hex_map_get_hex_numbering (hm, &m->numbering);
  m->sideways = m->layout.orientation == WB_HEX_POINTY;
  m->stagger = m->layout.parity == WB_HEX_EVEN;
  /* Column (or, sideways, row) spacing and the spacing along one. */
  m->dx = 1.5 * size * m->scale;
  m->dy = SQRT3 * size * m->scale;
  wb_hex_center (m->layout, size, (WbOffset) { 0, 0 }, &cx, &cy);
  cx *= m->scale;
  cy *= m->scale;
  /* VASSAL keeps the origin in whole pixels. */
  m->x0 = (int) lround (m->sideways ? cy : cx);
  m->y0 = (int) lround (m->sideways ? cx : cy);
  m->numbered = !m->numbering.oblique;
}

/* HexGridNumbering.getCenterPoint (): where VASSAL puts the hex whose
 * numbering column and row (counted from the grid's first) are @col, @row,
 * with Java's int casts. */
static void
hex_grid_center (const MapOut *m,
                 int           col,
                 int           row,
                 int          *x,
                 int          *y)
{
  int px, py;

  if (m->stagger && col % 2 != 0)
    row--;
  px = (int) (col * m->dx) + m->x0;
  py = col % 2 == 0 ? (int) (row * m->dy) : (int) (row * m->dy + m->dy / 2);
  py += m->y0;
  *x = m->sideways ? py : px;
  *y = m->sideways ? px : py;
}

static void
write_hex_grid (Export  *ex,
                MapOut  *m,
                GString *x,
                int      depth)
{
  const WbHexNumbering *n = &m->numbering;
  g_autofree char *dx = _wb_vassal_fmt_double (m->dx), *dy = _wb_vassal_fmt_double (m->dy);
  g_autofree char *x0 = _wb_vassal_fmt_int (m->x0), *y0 = _wb_vassal_fmt_int (m->y0);
  g_autofree char *col_off = NULL, *row_off = NULL, *col_lead = NULL, *row_lead = NULL;
  const char *col_type;

  _wb_vassal_xml_open (x, depth, FALSE, "VASSAL.build.module.map.boardPicker.board.HexGrid",
                       "color", "0,0,0", "cornersLegal", "false", "dotsVisible", "false",
                       "dx", dx, "dy", dy, "edgesLegal", "false",
                       "sideways", m->sideways ? "true" : "false", "snapTo", "true", "visible", "false",
                       "x0", x0, "y0", y0, NULL);
  if (m->numbered)
    {
      /* RegularGridNumbering.getName (): a number is its value plus the
       * offset, with "leading" zeros at most (leading + 1 digits); letters
       * count A as 0 and repeat one letter (AA, BB …), as ours do from
       * first_col 1 = A. */
      col_type = n->scheme == WB_HEX_NUMBERING_LETTERS ? "A" : "N";
      col_off = _wb_vassal_fmt_int (n->scheme == WB_HEX_NUMBERING_LETTERS ? n->first_col - 1 : n->first_col);
      row_off = _wb_vassal_fmt_int (n->first_row);
      col_lead = _wb_vassal_fmt_int (n->scheme == WB_HEX_NUMBERING_MIXED ? 0 : n->digits - 1);
      row_lead = _wb_vassal_fmt_int (n->digits - 1);
      /* Sideways swaps horizontal and vertical: VASSAL's "column" then
       * counts our rows and its "row" our columns, so the vertical
       * settings describe our columns and come first ("V"). */
      _wb_vassal_xml_open (x, depth + 1, TRUE, "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
                           "color", "0,0,0",
                           "first", m->sideways ? "V" : "H",
                           "fontSize", "9",
                           "hDescend", "false", "hDrawOff", "0",
                           "hLeading", m->sideways ? row_lead : col_lead,
                           "hOff", m->sideways ? row_off : col_off,
                           "hType", m->sideways ? "N" : col_type,
                           "locationFormat", "$gridLocation$", "rotateText", "0", "sep", "",
                           "stagger", m->stagger ? "true" : "false",
                           "vDescend", "false", "vDrawOff", "0",
                           "vLeading", m->sideways ? col_lead : row_lead,
                           "vOff", m->sideways ? col_off : row_off,
                           "vType", m->sideways ? col_type : "N",
                           "visible", "false", NULL);
    }
  _wb_vassal_xml_close (x, depth, "VASSAL.build.module.map.boardPicker.board.HexGrid");
}

static void
write_regions (GString   *x,
               int        depth,
               GPtrArray *regions,
               gboolean   visible)
{
  _wb_vassal_xml_open (x, depth, FALSE, "VASSAL.build.module.map.boardPicker.board.RegionGrid",
                       "fontsize", "9", "snapto", "true", "visible", visible ? "true" : "false", NULL);
  for (guint i = 0; i < regions->len; i++)
    {
      Region *r = g_ptr_array_index (regions, i);
      g_autofree char *rx = _wb_vassal_fmt_int (r->x), *ry = _wb_vassal_fmt_int (r->y);

      _wb_vassal_xml_open (x, depth + 1, TRUE, "VASSAL.build.module.map.boardPicker.board.Region",
                           "name", r->name, "originx", rx, "originy", ry, NULL);
    }
  _wb_vassal_xml_close (x, depth, "VASSAL.build.module.map.boardPicker.board.RegionGrid");
}

/* RegionGrid keeps its regions by origin, and finds one by name: two at one
 * pixel or of one name would lose one. */
static void
point_regions_setup (Export *ex,
                     MapOut *m)
{
  GPtrArray *locs = wb_point_map_get_locations (WB_POINT_MAP (m->map));
  g_autoptr(GHashTable) at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  m->regions = g_hash_table_new (g_str_hash, g_str_equal);
  m->region_list = g_ptr_array_new_with_free_func (region_free);
  for (guint i = 0; i < locs->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (locs, i);
      Region *r = g_new0 (Region, 1);
      g_autofree char *key = NULL;

      r->name = g_strdup (loc->name != NULL && *loc->name ? loc->name : loc->id);
      r->x = (int) lround (loc->x * m->scale);
      r->y = (int) lround (loc->y * m->scale);
      key = g_strdup_printf ("%d,%d", r->x, r->y);
      if (g_hash_table_contains (at, key))
        _wb_vassal_warn (ex, _("Map “%s”: location “%s” lies on the same pixel as another; its region is moved "
                               "right until it has a pixel of its own"), m->name, loc->id);
      while (g_hash_table_contains (at, key))
        {
          /* A pixel aside keeps both; the names still tell them apart. */
          r->x++;
          g_free (key);
          key = g_strdup_printf ("%d,%d", r->x, r->y);
        }
      if (g_hash_table_contains (names, r->name))
        _wb_vassal_warn (ex, _("Map “%s”: two locations are named “%s”; VASSAL finds a region by name, so "
                               "sending a piece to it by name finds the first"), m->name, r->name);
      g_hash_table_add (names, r->name);
      g_hash_table_add (at, g_steal_pointer (&key));
      g_hash_table_insert (m->regions, (gpointer) loc->id, r);
      g_ptr_array_add (m->region_list, r);
    }
}

/* The standard map components (as the module editor adds them) and one
 * board, whose grid @write_grid writes. */
static void
write_map (GString    *x,
           const char *name,
           const char *board,
           const char *image,
           int         width,
           int         height,
           gboolean    launch,
           void      (*write_grid) (Export *ex, MapOut *m, GString *x, int depth),
           Export     *ex,
           MapOut     *m,
           GPtrArray  *regions)
{
  g_autofree char *w = image == NULL ? _wb_vassal_fmt_int (width) : NULL;
  g_autofree char *h = image == NULL ? _wb_vassal_fmt_int (height) : NULL;

  _wb_vassal_xml_open (x, 1, FALSE, "VASSAL.build.module.Map",
                       "allowMultiple", "false", "backgroundcolor", "255,255,255",
                       "buttonName", name, "edgeHeight", "0", "edgeWidth", "0",
                       "icon", "/images/map.gif", "launch", launch ? "true" : "false",
                       "mapName", name, "markMoved", "Never", NULL);
  _wb_vassal_xml_open (x, 2, FALSE, "VASSAL.build.module.map.BoardPicker",
                       "slotHeight", "125", "slotScale", "0.2", "slotWidth", "350", "title", "Choose Boards", NULL);
  _wb_vassal_xml_open (x, 3, FALSE, "VASSAL.build.module.map.boardPicker.Board",
                       "image", image, "name", board, "reversible", "false",
                       "width", w, "height", h, "color", image == NULL ? "230,228,216" : NULL, NULL);
  if (write_grid != NULL)
    write_grid (ex, m, x, 4);
  else
    write_regions (x, 4, regions, image == NULL);
  _wb_vassal_xml_close (x, 3, "VASSAL.build.module.map.boardPicker.Board");
  _wb_vassal_xml_close (x, 2, "VASSAL.build.module.map.BoardPicker");
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.StackMetrics",
                       "bottom", "40,0", "disabled", "false", "down", "37,0", "exSepX", "6", "exSepY", "18",
                       "top", "38,0", "unexSepX", "2", "unexSepY", "4", "up", "39,0", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.ForwardToKeyBuffer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.Scroller", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.ForwardToChatter", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.MenuDisplayer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.MapCenterer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.StackExpander", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.PieceMover", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.KeyBufferer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.Zoomer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.CounterDetailViewer", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.map.HighlightLastMoved",
                       "color", "255,0,0", "enabled", "true", "thickness", "2", NULL);
  _wb_vassal_xml_close (x, 1, "VASSAL.build.module.Map");
}

static char *
unique_name (GHashTable *used,
             const char *base)
{
  char *name = g_strdup (base);

  for (int k = 2; g_hash_table_contains (used, name); k++)
    {
      g_free (name);
      name = g_strdup_printf ("%s (%d)", base, k);
    }
  g_hash_table_add (used, name);
  return name;
}

static gboolean
prepare_maps (Export  *ex,
              GError **error)
{
  GPtrArray *maps = wb_game_get_maps (ex->game);
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* The off-board window's name is taken. */
  g_hash_table_add (used, g_strdup (OFFBOARD));
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *map = g_ptr_array_index (maps, i);
      MapOut *m = g_new0 (MapOut, 1);
      const char *name = wb_map_get_name (map);
      g_autofree char *safe = _wb_vassal_safe_name (wb_map_get_id (map));

      g_ptr_array_add (ex->maps, m);
      m->map = map;
      m->name = g_strdup (unique_name (used, name != NULL && *name ? name : wb_map_get_id (map)));
      m->board = g_strdup (m->name);
      m->image = g_strdup_printf ("board-%u-%s.png", i + 1, safe);
      m->scale = board_scale (map);
      if (wb_map_get_kind (map) == WB_MAP_KIND_HEX)
        {
          hex_grid_setup (m);
          if (!m->numbered)
            _wb_vassal_warn (ex, _("Map “%s”: VASSAL’s hex grid numbering cannot count along a diagonal "
                                   "(the map’s oblique numbering): the module has the grid but no numbering, "
                                   "so VASSAL reports no hex numbers on it"), m->name);
        }
      else
        point_regions_setup (ex, m);
      if (!add_board (ex, m, error))
        return FALSE;
    }
  if (ex->maps->len == 0)
    _wb_vassal_warn (ex, _("The game has no map: the module has pieces and charts but no board"));

  /* Counters as big as on the first map: four fifths of a hex across its
   * flats, or half an inch beside a location. */
  if (ex->maps->len > 0)
    {
      MapOut *m = g_ptr_array_index (ex->maps, 0);
      double side = m->hex ? 0.8 * SQRT3 * wb_hex_map_get_hex_size (WB_HEX_MAP (m->map)) : 36.0;

      ex->counter_px = (int) lround (side * m->scale);
    }
  else
    ex->counter_px = (int) lround (36.0 * WB_VASSAL_BOARD_SCALE);
  ex->counter_px = CLAMP (ex->counter_px, 24, 256);
  return TRUE;
}

/* Where a set-up place lands on map @m in board pixels: the centre VASSAL
 * gives the hex (its grid's own formula, so the piece sits where a piece
 * dropped there snaps), or the location's region. */
gboolean
_wb_vassal_map_place_position (MapOut        *m,
                               const WbPlace *place,
                               int           *x,
                               int           *y)
{
  if (m->hex && place->kind == WB_PLACE_HEX)
    {
      WbHexMap *hm = WB_HEX_MAP (m->map);
      WbOffset o;

      if (!wb_hex_map_parse_hex (hm, place->ref, &o) || !wb_hex_map_contains (hm, o))
        return FALSE;
      if (m->sideways)
        hex_grid_center (m, o.row, o.col, x, y);
      else
        hex_grid_center (m, o.col, o.row, x, y);
      return TRUE;
    }
  if (!m->hex && place->kind == WB_PLACE_LOCATION)
    {
      Region *r = g_hash_table_lookup (m->regions, place->ref);

      if (r == NULL)
        return FALSE;
      *x = r->x;
      *y = r->y;
      return TRUE;
    }
  return FALSE;
}

/* --- pieces ---------------------------------------------------------------- */

static cairo_surface_t *
counter_surface (Export *ex)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ex->counter_px, ex->counter_px);
  return s;
}

static gboolean
render_unit_face (Export      *ex,
                  WbUnit      *unit,
                  int          step,
                  gboolean     hidden,
                  const char  *name,
                  GError     **error)
{
  cairo_surface_t *s = counter_surface (ex);
  cairo_t *cr = cairo_create (s);
  WbCounterOptions o;
  gboolean ok;

  wb_counter_options_init (&o);
  o.size = ex->counter_px;
  o.step = step;
  o.hidden = hidden;
  wb_render_counter (cr, ex->game, unit, &o);
  cairo_destroy (cr);
  ok = add_png (ex, name, s, error);
  cairo_surface_destroy (s);
  return ok;
}






/* A unit's piece: Marker (id, side), the "Hidden" layer (its back, off
 * until Ctrl+F), the "Step" layer (each strength the counter shows, Ctrl+S
 * loses a step, Ctrl+R recovers one), the BasicPiece named by the
 * designation. Its faces go to images/. */
static gboolean
prepare_unit (Export   *ex,
              WbUnit   *unit,
              guint     index,
              GError  **error)
{
  const WbStrength *st = wb_unit_get_strength (unit);
  g_autofree char *safe = _wb_vassal_safe_name (wb_unit_get_id (unit));
  g_autofree char *back = g_strdup_printf ("u%03u-%s-back.png", index + 1, safe);
  g_autoptr(GPtrArray) faces = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *marker = _wb_vassal_marker_type ();
  g_autofree char *hidden = NULL, *steps = NULL, *basic = NULL;
  guint n = MAX (st->n, 1);
  const char *parts[4];
  PieceDef *d;

  for (guint k = 0; k < n; k++)
    {
      char *face = g_strdup_printf ("u%03u-%s-%u.png", index + 1, safe, k);

      g_ptr_array_add (faces, face);
      if (!render_unit_face (ex, unit, (int) k, FALSE, face, error))
        return FALSE;
    }
  if (!render_unit_face (ex, unit, 0, TRUE, back, error))
    return FALSE;

  hidden = _wb_vassal_layer_type ("Flip", "F", "", "", "", "", (const char * const *) &back, 1, TRUE, "Hidden",
                                  FALSE, KEY_FLIP, "", "");
  steps = _wb_vassal_layer_type ("", "", n > 1 ? "Lose a step" : "", n > 1 ? "S" : "",
                                 n > 1 ? "Recover a step" : "", n > 1 ? "R" : "",
                                 (const char * const *) faces->pdata, n, FALSE, "Step", TRUE, "",
                                 n > 1 ? KEY_STEP : "", n > 1 ? KEY_RECOVER : "");
  basic = _wb_vassal_basic_piece_type ("", wb_unit_get_designation (unit));

  parts[0] = marker;
  parts[1] = hidden;
  parts[2] = steps;
  parts[3] = basic;
  d = g_new0 (PieceDef, 1);
  d->unit = unit;
  d->type = _wb_vassal_nest (parts, G_N_ELEMENTS (parts));
  d->gpid = g_strdup_printf ("%d", ex->next_gpid++);
  d->n_steps = n;
  d->step = MIN ((int) st->current, (int) n - 1) + 1;
  g_hash_table_insert (ex->pieces, (gpointer) wb_unit_get_id (unit), d);
  g_ptr_array_add (ex->piece_list, d);
  return TRUE;
}

/* A unit's piece state (outermost first, as the type): where it is and
 * which step it shows, face up. */
char *
_wb_vassal_unit_state (const PieceDef *d,
                       const char     *map,
                       int             x,
                       int             y)
{
  g_autofree char *marker = _wb_vassal_marker_state (wb_unit_get_id (d->unit), wb_unit_get_side (d->unit));
  g_autofree char *step = _wb_vassal_fmt_int (d->step);
  g_autofree char *basic = _wb_vassal_basic_piece_state (map, x, y, d->gpid);
  const char *parts[4] = { marker, "-1", step, basic };

  return _wb_vassal_nest (parts, G_N_ELEMENTS (parts));
}

static gboolean
prepare_chits (Export  *ex,
               GError **error)
{
  GPtrArray *chits = wb_game_get_chits (ex->game);

  for (guint i = 0; i < chits->len; i++)
    {
      WbChit *chit = g_ptr_array_index (chits, i);
      g_autofree char *safe = _wb_vassal_safe_name (chit->id);
      g_autofree char *image = g_strdup_printf ("c%03u-%s.png", i + 1, safe);
      g_autofree char *marker = _wb_vassal_marker_type ();
      g_autofree char *basic = NULL, *type = NULL, *state = NULL, *mstate = NULL, *bstate = NULL;
      g_autofree char *gpid = g_strdup_printf ("%d", ex->next_gpid++);
      const char *name = chit->name != NULL && *chit->name ? chit->name : chit->id;
      cairo_surface_t *s = counter_surface (ex);
      cairo_t *cr = cairo_create (s);
      const char *tparts[2], *sparts[2];
      gboolean ok;

      wb_render_chit (cr, ex->game, chit, ex->counter_px);
      cairo_destroy (cr);
      ok = add_png (ex, image, s, error);
      cairo_surface_destroy (s);
      if (!ok)
        return FALSE;

      basic = _wb_vassal_basic_piece_type (image, name);
      tparts[0] = marker;
      tparts[1] = basic;
      type = _wb_vassal_nest (tparts, 2);
      mstate = _wb_vassal_marker_state (chit->id, chit->side);
      bstate = _wb_vassal_basic_piece_state (NULL, 0, 0, gpid);
      sparts[0] = mstate;
      sparts[1] = bstate;
      state = _wb_vassal_nest (sparts, 2);
      g_ptr_array_add (ex->chit_slots, _wb_vassal_add_piece_command (NULL, type, state));
      g_ptr_array_add (ex->chit_names, g_strdup (name));
      g_ptr_array_add (ex->chit_gpids, g_steal_pointer (&gpid));
    }
  return TRUE;
}

static void
write_slot (Export         *ex,
            GString        *x,
            int             depth,
            const char     *name,
            const char     *gpid,
            const char     *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *size = _wb_vassal_fmt_int (ex->counter_px);

  for (int i = 0; i < depth; i++)
    g_string_append (x, "    ");
  {
    g_autofree char *n = g_markup_escape_text (name, -1);
    g_autofree char *g = g_markup_escape_text (gpid, -1);

    g_string_append_printf (x, "<VASSAL.build.widget.PieceSlot entryName=\"%s\" gpid=\"%s\" "
                               "height=\"%s\" width=\"%s\">%s</VASSAL.build.widget.PieceSlot>\n",
                            n, g, size, size, escaped);
  }
}

static void
write_unit_slot (Export   *ex,
                 GString  *x,
                 int       depth,
                 PieceDef *d)
{
  g_autofree char *state = _wb_vassal_unit_state (d, NULL, 0, 0);
  g_autofree char *text = _wb_vassal_add_piece_command (NULL, d->type, state);
  g_autofree char *name = NULL;
  const char *designation = wb_unit_get_designation (d->unit);
  const char *uname = wb_unit_get_name (d->unit);

  name = g_strcmp0 (designation, uname) == 0 || uname == NULL
         ? g_strdup (designation) : g_strdup_printf ("%s (%s)", designation, uname);
  write_slot (ex, x, depth, name, d->gpid, text);
}

static void
write_panel_open (GString    *x,
                  int         depth,
                  const char *name)
{
  _wb_vassal_xml_open (x, depth, FALSE, "VASSAL.build.widget.PanelWidget",
                       "entryName", name, "fixed", "true", "nColumns", "6", "scale", "1.0", "vert", "false", NULL);
}

/* The piece palette: a tab per side, in it a list of formations, each a
 * panel of its units; a tab of chits. */
static void
write_piece_window (Export  *ex,
                    GString *x)
{
  GPtrArray *sides = wb_game_get_sides (ex->game);
  GPtrArray *formations = wb_game_get_formations (ex->game);
  g_autoptr(GHashTable) done = g_hash_table_new (g_direct_hash, g_direct_equal);

  _wb_vassal_xml_open (x, 1, FALSE, "VASSAL.build.module.PieceWindow",
                       "hidden", "false", "scale", "1.0", "text", "Pieces",
                       "tooltip", "Show/Hide the Pieces window", NULL);
  _wb_vassal_xml_open (x, 2, FALSE, "VASSAL.build.widget.TabWidget", "entryName", "Pieces", NULL);
  for (guint s = 0; s <= sides->len; s++)
    {
      WbSide *side = s < sides->len ? g_ptr_array_index (sides, s) : NULL;
      gboolean opened = FALSE;

      for (guint f = 0; f <= formations->len; f++)
        {
          WbFormation *form = f < formations->len ? g_ptr_array_index (formations, f) : NULL;
          gboolean panel = FALSE;

          for (guint i = 0; i < ex->piece_list->len; i++)
            {
              PieceDef *d = g_ptr_array_index (ex->piece_list, i);
              const char *us = wb_unit_get_side (d->unit);
              const char *uf = wb_unit_get_formation (d->unit);

              if (g_hash_table_contains (done, d))
                continue;
              if (side != NULL ? g_strcmp0 (us, side->id) != 0
                               : wb_game_find_side (ex->game, us != NULL ? us : "") != NULL)
                continue;
              if (form != NULL ? g_strcmp0 (uf, form->id) != 0
                               : FALSE)
                continue;
              if (!opened)
                {
                  const char *side_name = side == NULL ? "Other"
                                          : side->name != NULL && *side->name ? side->name : side->id;

                  _wb_vassal_xml_open (x, 3, FALSE, "VASSAL.build.widget.ListWidget",
                                       "entryName", side_name, NULL);
                  opened = TRUE;
                }
              if (!panel)
                {
                  write_panel_open (x, 4, form == NULL ? "Other units"
                                          : form->name != NULL && *form->name ? form->name : form->id);
                  panel = TRUE;
                }
              write_unit_slot (ex, x, 5, d);
              g_hash_table_add (done, d);
            }
          if (panel)
            _wb_vassal_xml_close (x, 4, "VASSAL.build.widget.PanelWidget");
        }
      if (opened)
        _wb_vassal_xml_close (x, 3, "VASSAL.build.widget.ListWidget");
    }
  if (ex->chit_slots->len > 0)
    {
      write_panel_open (x, 3, "Chits");
      for (guint i = 0; i < ex->chit_slots->len; i++)
        write_slot (ex, x, 4, g_ptr_array_index (ex->chit_names, i),
                    g_ptr_array_index (ex->chit_gpids, i), g_ptr_array_index (ex->chit_slots, i));
      _wb_vassal_xml_close (x, 3, "VASSAL.build.widget.PanelWidget");
    }
  _wb_vassal_xml_close (x, 2, "VASSAL.build.widget.TabWidget");
  _wb_vassal_xml_close (x, 1, "VASSAL.build.module.PieceWindow");
}

/* --- charts, turns, dice --------------------------------------------------- */

static gboolean
write_charts (Export   *ex,
              GString  *x,
              GError  **error)
{
  GPtrArray *tables = wb_game_get_tables (ex->game);

  if (tables->len == 0)
    return TRUE;
  _wb_vassal_xml_open (x, 1, FALSE, "VASSAL.build.module.ChartWindow",
                       "hotkey", "", "icon", "/images/chart.gif", "name", "Charts", "text", "Charts",
                       "tooltip", "Charts and tables", NULL);
  _wb_vassal_xml_open (x, 2, FALSE, "VASSAL.build.widget.TabWidget", "entryName", "Charts", NULL);
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *table = g_ptr_array_index (tables, i);
      g_autofree char *safe = _wb_vassal_safe_name (wb_table_get_id (table));
      g_autofree char *image = g_strdup_printf ("chart-%02u-%s.png", i + 1, safe);
      g_autofree char *path = g_build_filename (ex->tmpdir, image, NULL);
      g_autofree char *entry = g_strconcat ("images/", image, NULL);
      g_autofree char *data = NULL;
      const char *name = wb_table_get_name (table);
      gsize len;

      if (!wb_render_table_to_file (ex->game, table, path, WB_EXPORT_PNG, CHART_SCALE, error) ||
          !g_file_get_contents (path, &data, &len, error) ||
          !_wb_vassal_add_entry (ex, entry, data, len, FALSE, error))
        {
          g_unlink (path);
          return FALSE;
        }
      g_unlink (path);
      _wb_vassal_xml_open (x, 3, TRUE, "VASSAL.build.widget.Chart",
                           "chartName", name != NULL && *name ? name : wb_table_get_id (table),
                           "fileName", image, NULL);
    }
  _wb_vassal_xml_close (x, 2, "VASSAL.build.widget.TabWidget");
  _wb_vassal_xml_close (x, 1, "VASSAL.build.module.ChartWindow");
  return TRUE;
}


/* A TurnTracker with one ListTurnLevel: the first scenario's turns. */
static void
write_turn_tracker (Export  *ex,
                    GString *x)
{
  GPtrArray *scenarios = wb_game_get_scenarios (ex->game);
  WbScenario *first = scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL;
  GArray *turns = first != NULL ? wb_scenario_get_turns (first) : NULL;
  g_autofree char *list = NULL;
  SeqEnc se;

  if (turns == NULL || turns->len == 0)
    {
      _wb_vassal_warn (ex, _("No scenario gives its turns: the module has no turn track"));
      return;
    }
  /* StringArrayConfigurer.arrayToString (): a comma-separated list. */
  _wb_vassal_se_init (&se, ',');
  for (guint i = 0; i < turns->len; i++)
    {
      g_autofree char *label = _wb_vassal_turn_label (&g_array_index (turns, WbTurn, i), i);

      _wb_vassal_se_append (&se, label);
    }
  list = _wb_vassal_se_finish (&se);
  _wb_vassal_xml_open (x, 1, FALSE, "VASSAL.build.module.turn.TurnTracker",
                       "buttonText", "Turn", "hotkey", "", "icon", "", "lengthStyle", "Maximum",
                       "name", "Turn", "nexthotkey", "", "prevhotkey", "",
                       "reportFormat", "* New turn: $newTurn$ *", "turnFormat", "$level1$", NULL);
  _wb_vassal_xml_open (x, 2, TRUE, "VASSAL.build.module.turn.ListTurnLevel",
                       "configFirst", "false", "configList", "false", "list", list,
                       "name", "Turn", "property", "Turn", "turnFormat", "$value$", NULL);
  _wb_vassal_xml_close (x, 1, "VASSAL.build.module.turn.TurnTracker");
  if (scenarios->len > 1)
    _wb_vassal_warn (ex, _("The turn track has the turns of the first scenario, “%s”; VASSAL has one track for "
                           "all the predefined set-ups"),
                     wb_scenario_get_name (first) != NULL ? wb_scenario_get_name (first) : wb_scenario_get_id (first));
}

typedef struct {
  int      n_dice, sides;
  gboolean total, pool, d66;
} DiceSpec;

/* "NdM", "dM" or "d66", as wb_dice_new () reads them. */
static gboolean
parse_dice (const char *spec,
            DiceSpec   *d)
{
  g_autoptr(WbDice) dice = wb_dice_new (spec, NULL);
  g_autofree char *trimmed = NULL, *s = NULL;
  int n = 1, m = 0;

  if (dice == NULL)
    return FALSE;
  trimmed = g_strstrip (g_strdup (spec));
  s = g_ascii_strdown (trimmed, -1);
  memset (d, 0, sizeof *d);
  if (strcmp (s, "d66") == 0)
    {
      d->n_dice = 2;
      d->sides = 6;
      d->d66 = TRUE;
      return TRUE;
    }
  if (s[0] == 'd' ? sscanf (s, "d%d", &m) != 1 : sscanf (s, "%dd%d", &n, &m) != 2)
    return FALSE;
  d->n_dice = n;
  d->sides = m;
  d->total = TRUE;
  return TRUE;
}

/* A DiceButton for each kind of throw the tables read: a total ("2d6"),
 * two dice read as tens and units ("d66", not totalled, in throw order),
 * and a pool of dice of a dice-pool table (the number asked at each roll). */
static void
write_dice (Export  *ex,
            GString *x)
{
  GPtrArray *tables = wb_game_get_tables (ex->game);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint written = 0;

  for (guint i = 0; i <= tables->len; i++)
    {
      WbTable *table = i < tables->len ? g_ptr_array_index (tables, i) : NULL;
      const char *spec;
      DiceSpec d;
      g_autofree char *key = NULL, *name = NULL, *nd = NULL, *ns = NULL;

      if (table == NULL)
        {
          if (written > 0)
            break;
          /* No table names dice: one die, the wargamer's default. */
          spec = "1d6";
        }
      else
        {
          if (wb_table_get_kind (table) == WB_TABLE_CHART)
            continue;
          spec = wb_table_get_dice (table);
          if (spec == NULL || *spec == '\0')
            continue;
        }
      if (!parse_dice (spec, &d))
        {
          _wb_vassal_warn (ex, _("Table “%s”: its dice “%s” are not NdM or d66; no dice button for them"),
                           wb_table_get_id (table), spec);
          continue;
        }
      if (table != NULL && wb_table_get_kind (table) == WB_TABLE_DICE_POOL)
        {
          const WbTablePool *pool = wb_table_get_pool (table);

          d.pool = TRUE;
          d.total = FALSE;
          d.d66 = FALSE;
          d.n_dice = 1;
          if (pool != NULL && pool->sides > 0)
            d.sides = pool->sides;
        }
      key = g_strdup_printf ("%d/%d/%d/%d/%d", d.n_dice, d.sides, d.total, d.pool, d.d66);
      if (g_hash_table_contains (seen, key))
        continue;
      g_hash_table_add (seen, g_steal_pointer (&key));

      if (d.d66)
        name = g_strdup ("d66");
      else if (d.pool)
        name = g_strdup_printf ("d%d pool", d.sides);
      else
        name = g_strdup_printf ("%dd%d", d.n_dice, d.sides);
      nd = _wb_vassal_fmt_int (d.n_dice);
      ns = _wb_vassal_fmt_int (d.sides);
      _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.DiceButton",
                           "addToTotal", "0", "hotkey", "", "icon", "/images/die.gif",
                           "nDice", nd, "nSides", ns, "name", name, "plus", "0",
                           "prompt", d.pool ? "true" : "false",
                           "reportFormat", d.d66 ? "** $name$ = $result$ (tens, units) *** &lt;$PlayerName$&gt;"
                                                 : "** $name$ = $result$ *** &lt;$PlayerName$&gt;",
                           "reportTotal", d.total ? "true" : "false",
                           "sortDice", d.pool ? "true" : "false",
                           "text", name, "tooltip", d.pool ? "Roll a pool of dice (asks how many)" : name, NULL);
      written++;
    }
}

/* --- the module ------------------------------------------------------------ */

static void
write_header (Export  *ex,
              GString *x)
{
  GPtrArray *sides = wb_game_get_sides (ex->game);
  g_autofree char *next = _wb_vassal_fmt_int (ex->next_gpid);
  const char *version = wb_game_get_game_version (ex->game);
  const char *notes = wb_game_get_notes (ex->game);

  g_string_append (x, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
  _wb_vassal_xml_open (x, 0, FALSE, "VASSAL.build.GameModule",
                       "VassalVersion", WB_VASSAL_VERSION,
                       "description", notes != NULL ? notes : "",
                       "name", _wb_vassal_game_title (ex),
                       "nextPieceSlotId", next,
                       "version", version != NULL && *version ? version : "1.0", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.BasicCommandEncoder", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.Documentation", NULL);
  _wb_vassal_xml_open (x, 1, FALSE, "VASSAL.build.module.PlayerRoster",
                       "buttonKeyStroke", "", "buttonText", "Retire",
                       "buttonToolTip", "Switch sides, become an observer, or allow another player to take your side "
                                        "in this game", NULL);
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);

      _wb_vassal_xml_text_element (x, 2, "entry", side->name != NULL && *side->name ? side->name : side->id);
    }
  _wb_vassal_xml_close (x, 1, "VASSAL.build.module.PlayerRoster");
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.GlobalOptions",
                       "autoReport", "Always", "playerIdFormat", "$PlayerName$", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.Chatter", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.KeyNamer", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.PrototypesContainer", NULL);
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.properties.GlobalProperties", NULL);
}

static gboolean
build_module (Export  *ex,
              GError **error)
{
  GPtrArray *units = wb_game_get_units (ex->game);
  GPtrArray *scenarios = wb_game_get_scenarios (ex->game);
  g_autoptr(GPtrArray) placed = NULL;
  g_autoptr(GString) x = g_string_new (NULL);
  g_autofree char *moduledata = NULL;

  if (!prepare_maps (ex, error))
    return FALSE;
  ex->offboard_cell_w = MAX (ex->counter_px * 3, 240);
  ex->offboard_cell_h = MAX (ex->counter_px * 2, 140);
  for (guint i = 0; i < units->len; i++)
    if (!prepare_unit (ex, g_ptr_array_index (units, i), i, error))
      return FALSE;
  if (!prepare_chits (ex, error))
    return FALSE;
  placed = _wb_vassal_place_all (ex);

  write_header (ex, x);
  for (guint i = 0; i < ex->maps->len; i++)
    {
      MapOut *m = g_ptr_array_index (ex->maps, i);

      write_map (x, m->name, m->board, m->image, m->width, m->height, FALSE,
                 m->hex ? write_hex_grid : NULL, ex, m, m->region_list);
    }
  if (ex->offboard->len > 0)
    {
      int rows = (int) (ex->offboard->len + OFFBOARD_COLUMNS - 1) / OFFBOARD_COLUMNS;

      write_map (x, OFFBOARD, OFFBOARD, NULL,
                 OFFBOARD_COLUMNS * ex->offboard_cell_w, rows * ex->offboard_cell_h, TRUE,
                 NULL, ex, NULL, ex->offboard);
    }
  write_piece_window (ex, x);
  if (!write_charts (ex, x, error))
    return FALSE;
  write_turn_tracker (ex, x);
  write_dice (ex, x);
  for (guint i = 0; i < scenarios->len; i++)
    if (!_wb_vassal_write_setup (ex, g_ptr_array_index (scenarios, i), i, g_ptr_array_index (placed, i), x, error))
      return FALSE;
  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.i18n.Language", NULL);
  _wb_vassal_xml_close (x, 0, "VASSAL.build.GameModule");

  moduledata = _wb_vassal_metadata_xml (ex, wb_game_get_notes (ex->game), _wb_vassal_game_title (ex));
  return _wb_vassal_add_entry (ex, "buildFile.xml", x->str, x->len, TRUE, error) &&
         _wb_vassal_add_entry (ex, "moduledata", moduledata, strlen (moduledata), TRUE, error);
}

/* Closing a g_file_replace () stream with a cancelled cancellable drops
 * what was written: the temporary file goes, the target stays as it was. */
static void
abort_output (GOutputStream *out)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_output_stream_close (out, cancellable, NULL);
}

static void
remove_tmpdir (const char *dir)
{
  g_autoptr(GDir) d = NULL;
  const char *name;

  if (dir == NULL)
    return;
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/**
 * wb_vassal_export:
 * @game: the game
 * @path: the module to write (a .vmod), replaced atomically
 * @warnings: (element-type utf8) (nullable): what VASSAL cannot express,
 *   one sentence each, appended
 * @error: return location for a #GError
 *
 * Writes @game as a VASSAL module; see wb-vassal.h and
 * docs/vassal-export.md.
 *
 * Returns: %TRUE when the module was written.
 */
gboolean
wb_vassal_export (WbGame      *game,
                  const char  *path,
                  GPtrArray   *warnings,
                  GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  Export ex = { 0, };
  gboolean ok;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The target first: a module that cannot be written is told before
   * minutes of drawing. Nothing is at @path until the close renames. */
  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, &local);
  if (out == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                  _("Cannot write the VASSAL module “%s”: "), path);
      return FALSE;
    }

  ex.game = game;
  ex.warnings = warnings;
  ex.zip = wb_zip_writer_new ();
  ex.tmpdir = g_dir_make_tmp ("warbench-vassal-XXXXXX", &local);
  ex.maps = g_ptr_array_new_with_free_func (map_out_free);
  ex.pieces = g_hash_table_new (g_str_hash, g_str_equal);
  ex.piece_list = g_ptr_array_new_with_free_func (piece_def_free);
  ex.chit_slots = g_ptr_array_new_with_free_func (g_free);
  ex.chit_names = g_ptr_array_new_with_free_func (g_free);
  ex.chit_gpids = g_ptr_array_new_with_free_func (g_free);
  ex.offboard = g_ptr_array_new_with_free_func (region_free);
  ex.next_gpid = 1;

  wb_game_lock_read (game);
  ok = ex.tmpdir != NULL && build_module (&ex, &local);
  wb_game_unlock_read (game);
  if (ok)
    bytes = wb_zip_writer_finish (ex.zip, &local);
  ok = ok && bytes != NULL &&
       g_output_stream_write_all (G_OUTPUT_STREAM (out), g_bytes_get_data (bytes, NULL),
                                  g_bytes_get_size (bytes), NULL, NULL, &local);
  if (!ok)
    abort_output (G_OUTPUT_STREAM (out));
  /* The rename over @path happens on close: check it. */
  else if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &local))
    ok = FALSE;

  remove_tmpdir (ex.tmpdir);
  g_free (ex.tmpdir);
  wb_zip_writer_free (ex.zip);
  g_ptr_array_unref (ex.maps);
  g_hash_table_unref (ex.pieces);
  g_ptr_array_unref (ex.piece_list);
  g_ptr_array_unref (ex.chit_slots);
  g_ptr_array_unref (ex.chit_names);
  g_ptr_array_unref (ex.chit_gpids);
  g_ptr_array_unref (ex.offboard);

  if (!ok)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                  _("Cannot write the VASSAL module “%s”: "), path);
      return FALSE;
    }
  return TRUE;
}
