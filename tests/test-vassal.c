/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-vassal"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

/*
 * The VASSAL export, read back as VASSAL would read it. Every bundled game
 * is exported; the module is unzipped (with our reader, and with unzip -t
 * when it is installed), buildFile.xml parsed, and each thing checked
 * against the game with VASSAL's own formulas, written out again here from
 * VASSAL's source (not shared with the exporter):
 *
 * - the hex grid: for every hex, the point VASSAL gives the hex's number
 *   (RegularGridNumbering.getLocation → HexGridNumbering.getCenterPoint) is
 *   the hex's centre on the board image, and the number VASSAL reports at
 *   that centre (getRow/getColumn → getName) is the game's number;
 * - a point map: a region per location, named as the game names it, at it;
 * - every palette piece: its faces are the counter drawn fresh (each step)
 *   and hidden, pixel for pixel;
 * - every predefined set-up: the saved game de-obfuscated, split into
 *   commands, each AddPiece parsed; every unit of the set-up is there once,
 *   at its hex or location (or box, or reinforcement turn), with its faces.
 *
 * The checks return the problems they find, so the test also breaks a
 * module on purpose (a shifted piece, a swapped face, a changed numbering)
 * and asserts they are found.
 */

#define ESC '\033'

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)


#include "vassal-reader.h"

/* --- reading the module ----------------------------------------------------- */

typedef struct {
  GBytes    *bytes;
  WbZipReader *zip;
  Node      *dom;
} Module;

static void
module_free (Module *m)
{
  node_free (m->dom);
  wb_zip_reader_free (m->zip);
  g_bytes_unref (m->bytes);
  g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Module, module_free)

static Module *
module_read (GBytes *bytes)
{
  Module *m = g_new0 (Module, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) xml = NULL;

  m->bytes = g_bytes_ref (bytes);
  m->zip = wb_zip_reader_new (bytes, &error);
  ck_assert_msg (m->zip != NULL, "the module is not a ZIP: %s", error ? error->message : "");
  xml = wb_zip_reader_read (m->zip, "buildFile.xml", &error);
  ck_assert_msg (xml != NULL, "no buildFile.xml: %s", error ? error->message : "");
  m->dom = dom_parse (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  return m;
}

typedef struct {
  const unsigned char *data;
  gsize                len, pos;
} ReadCursor;

static cairo_status_t
read_png (void          *closure,
          unsigned char *data,
          unsigned int   length)
{
  ReadCursor *c = closure;

  if (c->pos + length > c->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, c->data + c->pos, length);
  c->pos += length;
  return CAIRO_STATUS_SUCCESS;
}

/* images/@name decoded, or NULL. */
static cairo_surface_t *
module_image (Module     *m,
              const char *name)
{
  g_autofree char *entry = g_strconcat ("images/", name, NULL);
  g_autoptr(GBytes) png = wb_zip_reader_read (m->zip, entry, NULL);
  ReadCursor c = { 0, };
  cairo_surface_t *s;

  if (png == NULL)
    return NULL;
  c.data = g_bytes_get_data (png, &c.len);
  s = cairo_image_surface_create_from_png_stream (read_png, &c);
  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (s);
      return NULL;
    }
  return s;
}

static void
problem (GPtrArray  *problems,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
problem (GPtrArray  *problems,
         const char *format,
         ...)
{
  va_list ap;

  va_start (ap, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, ap));
  va_end (ap);
}

/* The pixels of @got and of @want differ by more than PNG's rounding of
 * premultiplied alpha. */
static gboolean
images_differ (cairo_surface_t *got,
               cairo_surface_t *want)
{
  int w = cairo_image_surface_get_width (want), h = cairo_image_surface_get_height (want);

  if (cairo_image_surface_get_width (got) != w || cairo_image_surface_get_height (got) != h)
    return TRUE;
  cairo_surface_flush (got);
  cairo_surface_flush (want);
  for (int y = 0; y < h; y++)
    {
      const guint8 *a = cairo_image_surface_get_data (got) + y * cairo_image_surface_get_stride (got);
      const guint8 *b = cairo_image_surface_get_data (want) + y * cairo_image_surface_get_stride (want);

      for (int x = 0; x < w * 4; x++)
        if (abs ((int) a[x] - (int) b[x]) > 2)
          return TRUE;
    }
  return FALSE;
}

static cairo_surface_t *
draw_counter (WbGame  *game,
              WbUnit  *unit,
              int      px,
              int      step,
              gboolean hidden)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  cairo_t *cr = cairo_create (s);
  WbCounterOptions o;

  wb_counter_options_init (&o);
  o.size = px;
  o.step = step;
  o.hidden = hidden;
  wb_render_counter (cr, game, unit, &o);
  cairo_destroy (cr);
  return s;
}

/* A layer's images ("emb2;" type, field 15) and name (field 18). */
static GPtrArray *
layer_images (const char *type,
              char      **name)
{
  g_autoptr(GPtrArray) fields = dec_split (type + strlen ("emb2;"), ';');

  ck_assert_uint_ge (fields->len, 19);
  *name = g_strdup (g_ptr_array_index (fields, 18));
  return dec_split (g_ptr_array_index (fields, 15), ',');
}

typedef struct {
  char      *id;             /* WarbenchId */
  GPtrArray *steps;          /* image names */
  char      *back;
  char      *basic_image;
  char      *name;
} PieceInfo;

static void
piece_info_clear (PieceInfo *p)
{
  g_free (p->id);
  g_clear_pointer (&p->steps, g_ptr_array_unref);
  g_free (p->back);
  g_free (p->basic_image);
  g_free (p->name);
}

/* The traits of a piece type as the exporter builds them: Marker, then the
 * Hidden and Step layers (units) or none (chits), then the BasicPiece. */
static gboolean
piece_info (const char *type,
            const char *state,
            PieceInfo  *p,
            char      **map,
            int        *x,
            int        *y)
{
  g_autoptr(GPtrArray) traits = dec_traits (type);
  g_autoptr(GPtrArray) states = dec_traits (state);
  g_autoptr(GPtrArray) basic = NULL, bstate = NULL, mvals = NULL;

  memset (p, 0, sizeof *p);
  if (traits->len != states->len || traits->len < 2 ||
      strcmp (g_ptr_array_index (traits, 0), "mark;WarbenchId,WarbenchSide") != 0)
    return FALSE;
  mvals = dec_split (g_ptr_array_index (states, 0), ',');
  p->id = g_strdup (g_ptr_array_index (mvals, 0));
  for (guint i = 1; i + 1 < traits->len; i++)
    {
      const char *t = g_ptr_array_index (traits, i);
      g_autofree char *name = NULL;
      GPtrArray *images;

      if (!g_str_has_prefix (t, "emb2;"))
        return FALSE;
      images = layer_images (t, &name);
      if (strcmp (name, "Step") == 0)
        p->steps = images;
      else
        {
          if (strcmp (name, "Hidden") == 0 && images->len == 1)
            p->back = g_strdup (g_ptr_array_index (images, 0));
          g_ptr_array_unref (images);
        }
    }
  basic = dec_split ((const char *) g_ptr_array_index (traits, traits->len - 1) + strlen ("piece;"), ';');
  if (basic->len < 4)
    return FALSE;
  p->basic_image = g_strdup (g_ptr_array_index (basic, 2));
  p->name = g_strdup (g_ptr_array_index (basic, 3));
  bstate = dec_split (g_ptr_array_index (states, states->len - 1), ';');
  if (map != NULL)
    {
      *map = g_strdup (g_ptr_array_index (bstate, 0));
      *x = atoi (g_ptr_array_index (bstate, 1));
      *y = atoi (g_ptr_array_index (bstate, 2));
    }
  return TRUE;
}

/* "+/id/type/state" */
static GPtrArray *
parse_add_piece (const char *command)
{
  if (!g_str_has_prefix (command, "+/"))
    return NULL;
  return dec_split (command + 2, '/');
}

/* --- the checks ------------------------------------------------------------ */

typedef struct {
  Node      *map;       /* the VASSAL.build.module.Map */
  const char *name;
  WbMap     *game_map;
  VGrid      grid;
  gboolean   hex;
  double     scale;
  GPtrArray *regions;   /* Node* */
} MapInfo;

static double
expected_scale (WbMap *map)
{
  double w, h;

  wb_map_get_extent (map, &w, &h);
  return MAX (w, h) * WB_VASSAL_BOARD_SCALE > WB_VASSAL_BOARD_MAX_SIDE
         ? WB_VASSAL_BOARD_MAX_SIDE / MAX (w, h) : WB_VASSAL_BOARD_SCALE;
}

static Node *
find_map (Module     *m,
          const char *name)
{
  g_autoptr(GPtrArray) maps = g_ptr_array_new ();

  dom_find_all (m->dom, "VASSAL.build.module.Map", maps);
  for (guint i = 0; i < maps->len; i++)
    if (g_strcmp0 (attr (g_ptr_array_index (maps, i), "mapName"), name) == 0)
      return g_ptr_array_index (maps, i);
  return NULL;
}

/* The hex at board pixel (@x, @y) by VASSAL's numbering is @number, and
 * the pixel is the hex's centre within VASSAL's whole pixels. */
static void
check_hex_position (MapInfo    *mi,
                    const char *number,
                    int         x,
                    int         y,
                    const char *what,
                    GPtrArray  *problems)
{
  WbHexMap *hm = WB_HEX_MAP (mi->game_map);
  WbOffset o;
  double cx, cy;

  if (!wb_hex_map_parse_hex (hm, number, &o))
    {
      problem (problems, "%s: %s is not a hex number", what, number);
      return;
    }
  wb_hex_center (wb_hex_map_get_layout (hm), wb_hex_map_get_hex_size (hm), o, &cx, &cy);
  cx *= mi->scale;
  cy *= mi->scale;
  if (fabs (x - cx) > PIXEL_SLACK || fabs (y - cy) > PIXEL_SLACK)
    problem (problems, "%s: at (%d, %d), the centre of hex %s is (%.1f, %.1f)", what, x, y, number, cx, cy);
  if (mi->grid.numbered)
    {
      g_autofree char *name = vgrid_location_name (&mi->grid, x, y);

      if (strcmp (name, number) != 0)
        problem (problems, "%s: VASSAL names (%d, %d) “%s”, not hex %s", what, x, y, name, number);
    }
}

static gboolean
map_info (Module    *m,
          WbGame    *game,
          WbMap     *map,
          MapInfo   *mi,
          GPtrArray *problems)
{
  Node *grid;
  const char *name = wb_map_get_name (map);
  g_autoptr(cairo_surface_t) board = NULL;
  Node *bnode;
  double w, h;

  memset (mi, 0, sizeof *mi);
  mi->name = name != NULL && *name ? name : wb_map_get_id (map);
  mi->map = find_map (m, mi->name);
  mi->game_map = map;
  mi->scale = expected_scale (map);
  if (mi->map == NULL)
    {
      problem (problems, "no VASSAL map “%s”", mi->name);
      return FALSE;
    }
  bnode = dom_find (mi->map, "VASSAL.build.module.map.boardPicker.Board");
  board = bnode != NULL ? module_image (m, attr (bnode, "image")) : NULL;
  wb_map_get_extent (map, &w, &h);
  if (board == NULL)
    problem (problems, "map “%s”: no board image", mi->name);
  else if (cairo_image_surface_get_width (board) != (int) ceil (w * mi->scale) ||
           cairo_image_surface_get_height (board) != (int) ceil (h * mi->scale))
    problem (problems, "map “%s”: the board is %d × %d, not the map at scale %g", mi->name,
             cairo_image_surface_get_width (board), cairo_image_surface_get_height (board), mi->scale);
  if (attr_int (mi->map, "edgeWidth") != 0 || attr_int (mi->map, "edgeHeight") != 0)
    problem (problems, "map “%s”: an edge would shift the board off the map's origin", mi->name);

  grid = dom_find (mi->map, "VASSAL.build.module.map.boardPicker.board.HexGrid");
  mi->hex = grid != NULL;
  if (mi->hex != (wb_map_get_kind (map) == WB_MAP_KIND_HEX))
    {
      problem (problems, "map “%s”: the grid is not the map's kind", mi->name);
      return FALSE;
    }
  if (mi->hex)
    {
      WbHexMap *hm = WB_HEX_MAP (map);
      WbHexLayout layout = wb_hex_map_get_layout (hm);
      WbHexNumbering numbering;
      double size = wb_hex_map_get_hex_size (hm);
      int cols = wb_hex_map_get_cols (hm), rows = wb_hex_map_get_rows (hm);

      vgrid_read (grid, &mi->grid);
      wb_hex_map_get_hex_numbering (hm, &numbering);
      /* VASSAL's "sideways" grid is the pointy-topped one (HexGrid.adoc). */
      if (mi->grid.sideways != (layout.orientation == WB_HEX_POINTY))
        problem (problems, "map “%s”: sideways is %d for a %s map", mi->name, mi->grid.sideways,
                 layout.orientation == WB_HEX_POINTY ? "pointy" : "flat");
      if (fabs (mi->grid.dx - 1.5 * size * mi->scale) > 1e-3 || fabs (mi->grid.dy - sqrt (3) * size * mi->scale) > 1e-3)
        problem (problems, "map “%s”: hex spacing %g × %g", mi->name, mi->grid.dx, mi->grid.dy);
      if (mi->grid.numbered == numbering.oblique)
        problem (problems, "map “%s”: numbering %s for an %s map", mi->name,
                 mi->grid.numbered ? "present" : "missing", numbering.oblique ? "oblique" : "ordinary");
      /* Every hex: VASSAL's point for its number is its centre, and the
       * number VASSAL reports there is the game's. */
      for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows; r++)
          {
            char number[WB_HEX_NUMBER_MAX_LEN];
            double cx, cy;
            int x, y;

            wb_hex_map_format_hex (hm, (WbOffset) { c, r }, number, sizeof number);
            wb_hex_center (layout, size, (WbOffset) { c, r }, &cx, &cy);
            if (mi->grid.numbered)
              {
                if (!vgrid_get_location (&mi->grid, number, &x, &y))
                  {
                    problem (problems, "map “%s”: VASSAL does not read hex number “%s”", mi->name, number);
                    continue;
                  }
                check_hex_position (mi, number, x, y, mi->name, problems);
              }
            else
              {
                /* No numbering: a piece dropped on the hex still snaps to
                 * its centre. */
                vgrid_snap (&mi->grid, (int) lround (cx * mi->scale), (int) lround (cy * mi->scale), &x, &y);
                if (fabs (x - cx * mi->scale) > PIXEL_SLACK || fabs (y - cy * mi->scale) > PIXEL_SLACK)
                  problem (problems, "map “%s” hex %s: VASSAL snaps its centre to (%d, %d)",
                           mi->name, number, x, y);
              }
          }
    }
  else
    {
      GPtrArray *locs = wb_point_map_get_locations (WB_POINT_MAP (map));

      mi->regions = g_ptr_array_new ();
      dom_find_all (mi->map, "VASSAL.build.module.map.boardPicker.board.Region", mi->regions);
      for (guint i = 0; i < locs->len; i++)
        {
          WbLocation *loc = g_ptr_array_index (locs, i);
          const char *lname = loc->name != NULL && *loc->name ? loc->name : loc->id;
          gboolean found = FALSE;

          for (guint k = 0; k < mi->regions->len && !found; k++)
            {
              Node *r = g_ptr_array_index (mi->regions, k);

              found = g_strcmp0 (attr (r, "name"), lname) == 0 &&
                      abs (attr_int (r, "originx") - (int) lround (loc->x * mi->scale)) <= 1 &&
                      attr_int (r, "originy") == (int) lround (loc->y * mi->scale);
            }
          if (!found)
            problem (problems, "map “%s”: no region “%s” at the location", mi->name, lname);
        }
    }
  return TRUE;
}

/* RegionGrid.locationName (): the nearest region's name. */
static const char *
region_at (GPtrArray *regions,
           int        x,
           int        y)
{
  double best = G_MAXDOUBLE;
  const char *name = NULL;

  for (guint i = 0; regions != NULL && i < regions->len; i++)
    {
      Node *r = g_ptr_array_index (regions, i);
      double dx = attr_int (r, "originx") - x, dy = attr_int (r, "originy") - y;

      if (dx * dx + dy * dy < best)
        {
          best = dx * dx + dy * dy;
          name = attr (r, "name");
        }
    }
  return name;
}

/* Every unit and chit in the palette once, with its faces drawn as the
 * game draws them. */
static void
check_palette (Module    *m,
               WbGame    *game,
               GPtrArray *problems)
{
  g_autoptr(GPtrArray) slots = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *units = wb_game_get_units (game);
  GPtrArray *chits = wb_game_get_chits (game);

  dom_find_all (m->dom, "VASSAL.build.widget.PieceSlot", slots);
  for (guint i = 0; i < slots->len; i++)
    {
      Node *slot = g_ptr_array_index (slots, i);
      g_autoptr(GPtrArray) cmd = parse_add_piece (slot->text->str);
      int px = attr_int (slot, "width");
      PieceInfo p;
      WbUnit *unit;

      if (cmd == NULL || cmd->len != 3 || !piece_info (g_ptr_array_index (cmd, 1), g_ptr_array_index (cmd, 2),
                                                       &p, NULL, NULL, NULL))
        {
          problem (problems, "a piece slot is not an AddPiece of a Warbench piece: %.80s", slot->text->str);
          continue;
        }
      if (g_hash_table_contains (seen, p.id))
        problem (problems, "“%s” is twice in the palette", p.id);
      g_hash_table_add (seen, g_strdup (p.id));
      unit = wb_game_find_unit (game, p.id);
      if (unit != NULL)
        {
          const WbStrength *st = wb_unit_get_strength (unit);

          if (g_strcmp0 (p.name, wb_unit_get_designation (unit)) != 0)
            problem (problems, "unit “%s” is named “%s”", p.id, p.name);
          if (p.steps == NULL || p.steps->len != MAX (st->n, 1) || p.back == NULL)
            problem (problems, "unit “%s”: %u faces for %u steps", p.id, p.steps ? p.steps->len : 0, st->n);
          for (guint k = 0; p.steps != NULL && k < p.steps->len; k++)
            {
              g_autoptr(cairo_surface_t) got = module_image (m, g_ptr_array_index (p.steps, k));
              g_autoptr(cairo_surface_t) want = draw_counter (game, unit, px, (int) k, FALSE);

              if (got == NULL || images_differ (got, want))
                problem (problems, "unit “%s”: face %u is not its counter at step %u", p.id, k, k);
            }
          if (p.back != NULL)
            {
              g_autoptr(cairo_surface_t) got = module_image (m, p.back);
              g_autoptr(cairo_surface_t) want = draw_counter (game, unit, px, 0, TRUE);

              if (got == NULL || images_differ (got, want))
                problem (problems, "unit “%s”: its back is not its hidden counter", p.id);
            }
        }
      else if (wb_game_find_chit (game, p.id) != NULL)
        {
          g_autoptr(cairo_surface_t) got = module_image (m, p.basic_image);
          g_autoptr(cairo_surface_t) want = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
          cairo_t *cr = cairo_create (want);

          wb_render_chit (cr, game, wb_game_find_chit (game, p.id), px);
          cairo_destroy (cr);
          if (got == NULL || images_differ (got, want))
            problem (problems, "chit “%s”: its image is not the chit", p.id);
        }
      else
        problem (problems, "a palette piece names “%s”, no unit or chit", p.id);
      piece_info_clear (&p);
    }
  for (guint i = 0; i < units->len; i++)
    if (!g_hash_table_contains (seen, wb_unit_get_id (g_ptr_array_index (units, i))))
      problem (problems, "unit “%s” is not in the palette", wb_unit_get_id (g_ptr_array_index (units, i)));
  for (guint i = 0; i < chits->len; i++)
    if (!g_hash_table_contains (seen, ((WbChit *) g_ptr_array_index (chits, i))->id))
      problem (problems, "chit “%s” is not in the palette", ((WbChit *) g_ptr_array_index (chits, i))->id);
}

static char *
deobfuscate (GBytes *saved)
{
  gsize len;
  const char *d = g_bytes_get_data (saved, &len);
  GString *s;
  guint key;

  if (len < 7 || strncmp (d, "!VCSK", 5) != 0)
    return NULL;
  key = (guint) g_ascii_xdigit_value (d[5]) << 4 | (guint) g_ascii_xdigit_value (d[6]);
  s = g_string_new (NULL);
  for (gsize i = 7; i + 1 < len; i += 2)
    g_string_append_c (s, (char) (((guint) g_ascii_xdigit_value (d[i]) << 4 |
                                   (guint) g_ascii_xdigit_value (d[i + 1])) ^ key));
  return g_string_free (s, FALSE);
}

typedef struct {
  char *map;
  int   x, y;
  PieceInfo info;
} SavedPiece;

/* With WARBENCH_SHOT_DIR set, the set-up as VASSAL would show it (the
 * board and each piece's first face at its position) is written there, to
 * look at. */
static void
shoot_setup (Module     *m,
             MapInfo    *mi,
             const char *title,
             GPtrArray  *all)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  Node *bnode;
  g_autoptr(cairo_surface_t) board = NULL;
  g_autofree char *safe = NULL, *path = NULL;
  cairo_t *cr;

  if (dir == NULL || mi->map == NULL)
    return;
  bnode = dom_find (mi->map, "VASSAL.build.module.map.boardPicker.Board");
  board = module_image (m, attr (bnode, "image"));
  cr = cairo_create (board);
  for (guint i = 0; i < all->len; i++)
    {
      SavedPiece *sp = g_ptr_array_index (all, i);
      g_autoptr(cairo_surface_t) face = NULL;

      if (g_strcmp0 (sp->map, mi->name) != 0 || sp->info.steps == NULL)
        continue;
      face = module_image (m, g_ptr_array_index (sp->info.steps, 0));
      cairo_set_source_surface (cr, face, sp->x - cairo_image_surface_get_width (face) / 2,
                                sp->y - cairo_image_surface_get_height (face) / 2);
      cairo_paint (cr);
    }
  cairo_destroy (cr);
  safe = g_strdelimit (g_strdup_printf ("vassal-%s-%s.png", mi->name, title), " /:'", '_');
  path = g_build_filename (dir, safe, NULL);
  cairo_surface_write_to_png (board, path);
}

/* One predefined set-up: every unit the scenario sets up (no option
 * chosen, a line's first place) is in the saved game once, where the line
 * puts it, with faces in the module; reinforcements wait off-board on
 * their turn. */
static void
check_setup (Module     *m,
             WbGame     *game,
             WbScenario *scenario,
             Node       *setup,
             GPtrArray  *problems)
{
  const char *title = wb_scenario_get_name (scenario) ? wb_scenario_get_name (scenario)
                                                      : wb_scenario_get_id (scenario);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) vsav = NULL, saved = NULL;
  g_autoptr(WbZipReader) zip = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) cmds = NULL;
  /* Unit id → SavedPiece*, and piece id → SavedPiece*. */
  g_autoptr(GHashTable) pieces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  const char *map_id = wb_scenario_get_map (scenario);
  WbMap *map = map_id != NULL ? wb_game_find_map (game, map_id) : g_ptr_array_index (wb_game_get_maps (game), 0);
  MapInfo mi = { 0, };
  g_autoptr(GPtrArray) off_regions = g_ptr_array_new ();
  Node *off = find_map (m, "Off-board");
  GPtrArray *lines = wb_scenario_get_setup (scenario);
  GPtrArray *reinf = wb_scenario_get_reinforcements (scenario);
  guint stacks = 0;

  if (off != NULL)
    dom_find_all (off, "VASSAL.build.module.map.boardPicker.board.Region", off_regions);
  if (g_strcmp0 (attr (setup, "name"), title) != 0 || g_strcmp0 (attr (setup, "useFile"), "true") != 0)
    problem (problems, "set-up “%s”: named “%s”", title, attr (setup, "name"));
  vsav = wb_zip_reader_read (m->zip, attr (setup, "file"), &error);
  zip = vsav != NULL ? wb_zip_reader_new (vsav, &error) : NULL;
  saved = zip != NULL ? wb_zip_reader_read (zip, "savedGame", &error) : NULL;
  text = saved != NULL ? deobfuscate (saved) : NULL;
  if (text == NULL)
    {
      problem (problems, "set-up “%s”: no obfuscated saved game (%s)", title, error ? error->message : "");
      return;
    }
  {
    g_autoptr(GPtrArray) tmp_problems = g_ptr_array_new_with_free_func (g_free);

    map_info (m, game, map, &mi, tmp_problems);
  }

  cmds = dec_split (text, ESC);
  if (cmds->len < 2 || strcmp (g_ptr_array_index (cmds, 0), "begin_save") != 0 ||
      strcmp (g_ptr_array_index (cmds, cmds->len - 1), "end_save") != 0)
    problem (problems, "set-up “%s”: not a begin_save … end_save command list", title);
  for (guint i = 0; i < cmds->len; i++)
    {
      g_autoptr(GPtrArray) add = parse_add_piece (g_ptr_array_index (cmds, i));
      SavedPiece *sp;

      if (add == NULL)
        continue;
      if (add->len != 3)
        {
          problem (problems, "set-up “%s”: a bad AddPiece", title);
          continue;
        }
      if (strcmp (g_ptr_array_index (add, 1), "stack") == 0)
        {
          g_autoptr(GPtrArray) st = dec_split (g_ptr_array_index (add, 2), ';');

          stacks++;
          for (guint k = 3; k < st->len; k++)
            {
              SavedPiece *member = g_hash_table_lookup (by_id, g_ptr_array_index (st, k));

              if (member == NULL || g_strcmp0 (member->map, g_ptr_array_index (st, 0)) != 0 ||
                  member->x != atoi (g_ptr_array_index (st, 1)) || member->y != atoi (g_ptr_array_index (st, 2)))
                problem (problems, "set-up “%s”: a stack holds a piece that is not there", title);
            }
          continue;
        }
      sp = g_new0 (SavedPiece, 1);
      g_ptr_array_add (all, sp);
      if (!piece_info (g_ptr_array_index (add, 1), g_ptr_array_index (add, 2), &sp->info, &sp->map, &sp->x, &sp->y))
        {
          problem (problems, "set-up “%s”: a piece that is not a Warbench piece", title);
          continue;
        }
      if (g_hash_table_contains (pieces, sp->info.id))
        problem (problems, "set-up “%s”: unit “%s” is there twice", title, sp->info.id);
      g_hash_table_insert (pieces, sp->info.id, sp);
      g_hash_table_insert (by_id, g_strdup (g_ptr_array_index (add, 0)), sp);
      for (guint k = 0; sp->info.steps != NULL && k < sp->info.steps->len; k++)
        {
          g_autofree char *entry = g_strconcat ("images/", (char *) g_ptr_array_index (sp->info.steps, k), NULL);

          if (!wb_zip_reader_has (m->zip, entry))
            problem (problems, "set-up “%s”: unit “%s” has no image %s", title, sp->info.id, entry);
        }
      if (sp->info.back == NULL || sp->info.steps == NULL)
        problem (problems, "set-up “%s”: unit “%s” has no faces", title, sp->info.id);
    }
  if (stacks == 0 && g_hash_table_size (pieces) > 0)
    problem (problems, "set-up “%s”: no stacks", title);

  for (guint i = 0; i < lines->len; i++)
    {
      WbSetup *line = g_ptr_array_index (lines, i);
      const WbPlace *place;
      SavedPiece *sp;
      g_autofree char *what = NULL;

      if (!wb_scenario_applies (line->option, line->unless, NULL) || line->at == NULL || line->at->len == 0)
        continue;
      place = &g_array_index (line->at, WbPlace, 0);
      what = g_strdup_printf ("set-up “%s”: unit “%s”", title, line->unit);
      sp = g_hash_table_lookup (pieces, line->unit);
      if (sp == NULL)
        {
          problem (problems, "%s is missing", what);
          continue;
        }
      if (place->kind == WB_PLACE_HEX)
        {
          if (g_strcmp0 (sp->map, mi.name) != 0)
            problem (problems, "%s is on “%s”", what, sp->map);
          else
            check_hex_position (&mi, place->ref, sp->x, sp->y, what, problems);
        }
      else if (place->kind == WB_PLACE_LOCATION)
        {
          WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (map), place->ref);
          const char *lname = loc->name != NULL && *loc->name ? loc->name : loc->id;

          if (g_strcmp0 (sp->map, mi.name) != 0 || g_strcmp0 (region_at (mi.regions, sp->x, sp->y), lname) != 0 ||
              abs (sp->x - (int) lround (loc->x * mi.scale)) > 1 || sp->y != (int) lround (loc->y * mi.scale))
            problem (problems, "%s is at %s (%d, %d), not at %s", what, sp->map, sp->x, sp->y, lname);
        }
      else
        {
          GPtrArray *boxes = wb_scenario_get_boxes (scenario);
          const char *bname = place->ref;

          for (guint b = 0; b < boxes->len; b++)
            if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, b))->id, place->ref) == 0)
              bname = ((WbBox *) g_ptr_array_index (boxes, b))->name;
          if (g_strcmp0 (sp->map, "Off-board") != 0 || g_strcmp0 (region_at (off_regions, sp->x, sp->y), bname) != 0)
            problem (problems, "%s is not in box “%s”", what, bname);
        }
      g_hash_table_remove (pieces, line->unit);
    }
  for (guint i = 0; i < reinf->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinf, i);
      g_autofree char *prefix = g_strdup_printf ("Reinforcements: turn %d", r->turn);

      if (!wb_scenario_applies (r->option, r->unless, NULL) || r->units == NULL)
        continue;
      for (guint u = 0; u < r->units->len; u++)
        {
          const char *id = g_ptr_array_index (r->units, u);
          SavedPiece *sp = g_hash_table_lookup (pieces, id);
          const char *region;

          if (sp == NULL)
            continue;   /* set up on the map as well, or twice a reinforcement: the first wins */
          region = region_at (off_regions, sp->x, sp->y);
          if (g_strcmp0 (sp->map, "Off-board") != 0 || region == NULL ||
              !g_str_has_prefix (region, prefix) ||
              (region[strlen (prefix)] != '\0' && region[strlen (prefix)] != ' '))
            problem (problems, "set-up “%s”: reinforcement “%s” is at “%s”, not turn %d", title, id,
                     region ? region : "", r->turn);
          g_hash_table_remove (pieces, id);
        }
    }
  if (g_hash_table_size (pieces) > 0)
    problem (problems, "set-up “%s”: %u pieces the scenario does not set up", title, g_hash_table_size (pieces));
  shoot_setup (m, &mi, title, all);

  for (guint i = 0; i < all->len; i++)
    {
      SavedPiece *sp = g_ptr_array_index (all, i);

      g_free (sp->map);
      piece_info_clear (&sp->info);
      g_free (sp);
    }
  g_clear_pointer (&mi.regions, g_ptr_array_unref);
}

/* Everything about one game's module; the problems found. */
static GPtrArray *
check_module (WbGame *game,
              GBytes *bytes)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(Module) m = module_read (bytes);
  GPtrArray *maps = wb_game_get_maps (game);
  GPtrArray *scenarios = wb_game_get_scenarios (game);
  g_autoptr(GPtrArray) setups = g_ptr_array_new ();
  Node *root = dom_find (m->dom, "VASSAL.build.GameModule");

  ck_assert_ptr_nonnull (root);
  ck_assert_ptr_nonnull (dom_find (root, "VASSAL.build.module.BasicCommandEncoder"));
  ck_assert (wb_zip_reader_has (m->zip, "moduledata"));
  for (guint i = 0; i < maps->len; i++)
    {
      MapInfo mi;

      map_info (m, game, g_ptr_array_index (maps, i), &mi, problems);
      g_clear_pointer (&mi.regions, g_ptr_array_unref);
    }
  check_palette (m, game, problems);
  dom_find_all (m->dom, "VASSAL.build.module.PredefinedSetup", setups);
  if (setups->len != scenarios->len)
    problem (problems, "%u predefined set-ups for %u scenarios", setups->len, scenarios->len);
  for (guint i = 0; i < MIN (setups->len, scenarios->len); i++)
    check_setup (m, game, g_ptr_array_index (scenarios, i), g_ptr_array_index (setups, i), problems);
  return problems;
}

static void
assert_no_problems (const char *what,
                    GPtrArray  *problems)
{
  for (guint i = 0; i < MIN (problems->len, 20); i++)
    g_printerr ("%s: %s\n", what, (const char *) g_ptr_array_index (problems, i));
  ck_assert_msg (problems->len == 0, "%s: %u problems, the first: %s", what, problems->len,
                 problems->len > 0 ? (const char *) g_ptr_array_index (problems, 0) : "");
}

/* --- fixtures -------------------------------------------------------------- */

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", name, error ? error->message : "");
  return game;
}

static GBytes *
export (WbGame     *game,
        const char *name,
        GPtrArray  *warnings)
{
  g_autofree char *dir = g_dir_make_tmp ("test-vassal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize len;
  g_autoptr(GDir) d = NULL;
  guint n = 0;

  ck_assert_msg (wb_vassal_export (game, path, warnings, &error), "%s", error ? error->message : "");
  ck_assert (g_file_get_contents (path, &data, &len, NULL));
  /* The module is all that is left: no temporary file beside it. */
  d = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (d) != NULL)
    n++;
  ck_assert_uint_eq (n, 1);

  g_autofree char *unzip = g_find_program_in_path ("unzip");

  if (unzip != NULL)
    {
      g_autofree char *quoted = g_shell_quote (path);
      g_autofree char *cmd = g_strdup_printf ("unzip -tq %s", quoted);
      g_autofree char *out = NULL;
      int status = -1;

      ck_assert (g_spawn_command_line_sync (cmd, &out, NULL, &status, NULL));
      ck_assert_msg (g_spawn_check_wait_status (status, NULL), "unzip -t %s: %s", name, out);
    }
  else
    g_printerr ("unzip is not installed: the module is checked with our own reader only\n");

  g_unlink (path);
  g_rmdir (dir);
  return g_bytes_new_take (data, len);
}

static const char * const bundled[] = {
  "battle-of-the-wilderness.warbench",
  "chickasaw-bayou.warbench",
  "grants-gamble.warbench",
  "jackson-sheridan.warbench",
  "shenandoah.warbench",
};

START_TEST (test_bundled_round_trip)
{
  const char *name = bundled[_i];
  g_autoptr(WbGame) game = load_bundled (name);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) bytes = export (game, "game.vmod", warnings);
  g_autoptr(GPtrArray) problems = check_module (game, bytes);

  assert_no_problems (name, problems);
}
END_TEST

/* A pointy-topped map, even rows shifted, letter columns: VASSAL's
 * sideways grid with the numbering's sides swapped and staggered. */
static WbGame *
pointy_game (gboolean oblique)
{
  WbHexLayout layout = { WB_HEX_POINTY, WB_HEX_EVEN };
  WbHexMap *map = wb_hex_map_new ("map", layout, 12, 9, "clear");
  WbHexNumbering n = { WB_HEX_NUMBERING_LETTERS, oblique, 1, 1, 2 };
  WbGame *game;
  WbScenario *scenario;
  const char *hexes[] = { "A01", "B01", "C02", "D03", "L09", "K08", "A09", "F05" };

  wb_hex_map_set_hex_size (map, 20);
  if (oblique)
    {
      n.scheme = WB_HEX_NUMBERING_DIGITS;
      ck_assert (wb_hex_numbering_fit (&n, layout, 12, 9));
    }
  wb_hex_map_set_hex_numbering (map, &n);
  game = wb_game_new_with_map (WB_MAP (map));
  scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);
  for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      WbUnit *unit = wb_unit_new (id);
      WbStrength st = { WB_STRENGTH_STEPS, 3, i % 3, { 8, 6, 2 } };
      WbSetup *line = wb_setup_new (g_intern_string (id));
      char number[WB_HEX_NUMBER_MAX_LEN];
      WbOffset o;

      wb_unit_set_side (unit, i % 2 ? "red" : "blue");
      wb_unit_set_class_id (unit, "infantry");
      wb_unit_set_designation (unit, id);
      wb_unit_set_strength (unit, &st);
      ck_assert (wb_game_add_unit (game, unit));
      /* The same hexes, numbered as this map numbers them. */
      ck_assert (wb_hex_numbering_parse (&(WbHexNumbering) { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 2 },
                                         layout, hexes[i], &o, NULL));
      wb_hex_map_format_hex (map, o, number, sizeof number);
      wb_place_array_add (line->at, WB_PLACE_HEX, number);
      if (i == 3)
        wb_place_array_add (line->at, WB_PLACE_HEX, hexes[0]);   /* a choice: the first is used */
      g_ptr_array_add (wb_scenario_get_setup (scenario), line);
    }
  return game;
}

START_TEST (test_pointy_letters)
{
  g_autoptr(WbGame) game = pointy_game (FALSE);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) bytes = export (game, "pointy.vmod", warnings);
  g_autoptr(GPtrArray) problems = check_module (game, bytes);
  g_autoptr(Module) m = module_read (bytes);
  Node *grid = dom_find (m->dom, "VASSAL.build.module.map.boardPicker.board.HexGrid");
  Node *num = dom_find (grid, "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering");
  gboolean choice_warned = FALSE;

  assert_no_problems ("pointy", problems);
  ck_assert_str_eq (attr (grid, "sideways"), "true");
  ck_assert_str_eq (attr (num, "stagger"), "true");
  ck_assert_str_eq (attr (num, "first"), "V");
  ck_assert_str_eq (attr (num, "vType"), "A");
  for (guint i = 0; i < warnings->len; i++)
    choice_warned |= strstr (g_ptr_array_index (warnings, i), "choice") != NULL;
  ck_assert (choice_warned);
}
END_TEST

START_TEST (test_oblique_warns)
{
  g_autoptr(WbGame) game = pointy_game (TRUE);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) bytes = export (game, "oblique.vmod", warnings);
  g_autoptr(GPtrArray) problems = check_module (game, bytes);
  g_autoptr(Module) m = module_read (bytes);
  gboolean warned = FALSE;

  assert_no_problems ("oblique", problems);
  ck_assert_ptr_null (dom_find (m->dom, "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"));
  for (guint i = 0; i < warnings->len; i++)
    warned |= strstr (g_ptr_array_index (warnings, i), "oblique") != NULL;
  ck_assert (warned);
}
END_TEST

/* --- the checks catch a broken module ----------------------------------- */

typedef char *(*Edit) (const char *name, const char *data, gsize len, gsize *out_len, gpointer user_data);

/* @bytes with each entry passed through @edit (NULL: kept). */
static GBytes *
rezip (GBytes  *bytes,
       Edit     edit,
       gpointer user_data)
{
  g_autoptr(WbZipReader) r = wb_zip_reader_new (bytes, NULL);
  g_autoptr(WbZipWriter) w = wb_zip_writer_new ();
  GPtrArray *names = wb_zip_reader_get_names (r);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GBytes) data = wb_zip_reader_read (r, name, NULL);
      gsize len = g_bytes_get_size (data), out_len = 0;
      g_autofree char *changed = edit (name, g_bytes_get_data (data, NULL), len, &out_len, user_data);

      if (changed != NULL)
        ck_assert (wb_zip_writer_add (w, name, changed, out_len, TRUE, NULL));
      else
        ck_assert (wb_zip_writer_add (w, name, g_bytes_get_data (data, NULL), len, TRUE, NULL));
    }
  return wb_zip_writer_finish (w, NULL);
}

static char *
replace_once (const char *text,
              gsize       len,
              const char *from,
              const char *to,
              gsize      *out_len)
{
  g_autofree char *t = g_strndup (text, len);
  char *at = strstr (t, from);
  GString *s;

  ck_assert_msg (at != NULL, "“%s” is not in the text", from);
  s = g_string_new_len (t, at - t);
  g_string_append (s, to);
  g_string_append (s, at + strlen (from));
  *out_len = s->len;
  return g_string_free (s, FALSE);
}

static char *
edit_numbering (const char *name, const char *data, gsize len, gsize *out_len, gpointer user_data)
{
  if (strcmp (name, "buildFile.xml") != 0)
    return NULL;
  return replace_once (data, len, "hOff=\"1\"", "hOff=\"2\"", out_len);
}

/* Stafford's first face replaced by another unit's. */
static char *
edit_face (const char *name, const char *data, gsize len, gsize *out_len, gpointer user_data)
{
  GBytes *other = user_data;

  if (strcmp (name, "images/u001-stafford-0.png") != 0)
    return NULL;
  *out_len = g_bytes_get_size (other);
  return g_memdup2 (g_bytes_get_data (other, NULL), *out_len);
}

static char *
obfuscate (const char *text)
{
  GString *s = g_string_new ("!VCSK2a");

  for (const char *p = text; *p; p++)
    g_string_append_printf (s, "%02x", (guint8) *p ^ 0x2a);
  return g_string_free (s, FALSE);
}

/* The first piece of the set-up moved one hex column right. */
static char *
edit_position (const char *name, const char *data, gsize len, gsize *out_len, gpointer user_data)
{
  g_autoptr(GBytes) vsav = NULL, saved = NULL;
  g_autoptr(WbZipReader) r = NULL;
  g_autoptr(WbZipWriter) w = NULL;
  g_autofree char *text = NULL, *moved = NULL, *again = NULL;
  g_autoptr(GBytes) out = NULL;
  gsize moved_len;
  GPtrArray *names;

  if (!g_str_has_suffix (name, ".vsav"))
    return NULL;
  vsav = g_bytes_new (data, len);
  r = wb_zip_reader_new (vsav, NULL);
  saved = wb_zip_reader_read (r, "savedGame", NULL);
  text = deobfuscate (saved);
  /* Stafford is set up in 0414: (275, 1212) on the board. */
  moved = replace_once (text, strlen (text), "The Wilderness;275;1212;", "The Wilderness;350;1255;", &moved_len);
  again = obfuscate (moved);
  w = wb_zip_writer_new ();
  names = wb_zip_reader_get_names (r);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autoptr(GBytes) d = wb_zip_reader_read (r, n, NULL);

      if (strcmp (n, "savedGame") == 0)
        ck_assert (wb_zip_writer_add (w, n, again, strlen (again), TRUE, NULL));
      else
        ck_assert (wb_zip_writer_add (w, n, g_bytes_get_data (d, NULL), g_bytes_get_size (d), TRUE, NULL));
    }
  out = wb_zip_writer_finish (w, NULL);
  *out_len = g_bytes_get_size (out);
  return g_memdup2 (g_bytes_get_data (out, NULL), *out_len);
}

START_TEST (test_checks_catch_breakage)
{
  g_autoptr(WbGame) game = load_bundled ("battle-of-the-wilderness.warbench");
  g_autoptr(GBytes) bytes = export (game, "wild.vmod", NULL);
  g_autoptr(WbZipReader) r = wb_zip_reader_new (bytes, NULL);
  g_autoptr(GBytes) other = wb_zip_reader_read (r, "images/u002-stonewall-0.png", NULL);
  struct {
    const char *what;
    Edit        edit;
    const char *expect;
  } cases[] = {
    { "numbering", edit_numbering, "VASSAL names" },
    { "face", edit_face, "face 0" },
    { "position", edit_position, "the centre of hex 0414" },
  };

  ck_assert_ptr_nonnull (other);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) broken = rezip (bytes, cases[i].edit, other);
      g_autoptr(GPtrArray) problems = check_module (game, broken);
      gboolean found = FALSE;

      for (guint k = 0; k < problems->len; k++)
        found |= strstr (g_ptr_array_index (problems, k), cases[i].expect) != NULL;
      ck_assert_msg (found, "a broken %s is not found (%u problems)", cases[i].what, problems->len);
    }
}
END_TEST

/* --- errors ---------------------------------------------------------------- */

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

START_TEST (test_unwritable_output)
{
  g_autoptr(WbGame) game = pointy_game (FALSE);
  g_autofree char *dir = g_dir_make_tmp ("test-vassal-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "game.vmod", NULL);
  g_autoptr(GError) error = NULL;

  /* Into a folder that is not there. */
  ck_assert (!wb_vassal_export (game, missing, NULL, &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, missing) != NULL, "the message names the file: %s", error->message);
  g_clear_error (&error);

  /* Over a folder: refused, and nothing left behind. */
  ck_assert (!wb_vassal_export (game, dir, NULL, &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, "VASSAL module") != NULL, "%s", error->message);
  ck_assert_uint_eq (count_entries (dir), 0);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_zip_round_trip)
{
  g_autoptr(WbZipWriter) w = wb_zip_writer_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(WbZipReader) r = NULL;
  g_autoptr(GBytes) a = NULL, b = NULL;
  g_autoptr(GError) error = NULL;
  GString *big = g_string_new (NULL);

  for (int i = 0; i < 10000; i++)
    g_string_append_printf (big, "line %d of a repetitive text\n", i % 17);
  ck_assert (wb_zip_writer_add (w, "big.txt", big->str, big->len, TRUE, NULL));
  ck_assert (wb_zip_writer_add (w, "dir/tiny", "x", 1, FALSE, NULL));
  ck_assert (!wb_zip_writer_add (w, "big.txt", "y", 1, FALSE, &error));
  ck_assert (g_error_matches (error, WB_ZIP_ERROR, WB_ZIP_ERROR_DUPLICATE));
  g_clear_error (&error);
  bytes = wb_zip_writer_finish (w, NULL);
  ck_assert_uint_lt (g_bytes_get_size (bytes), big->len / 4);   /* deflated */
  r = wb_zip_reader_new (bytes, NULL);
  ck_assert_uint_eq (wb_zip_reader_get_names (r)->len, 2);
  a = wb_zip_reader_read (r, "big.txt", NULL);
  ck_assert_uint_eq (g_bytes_get_size (a), big->len);
  ck_assert (memcmp (g_bytes_get_data (a, NULL), big->str, big->len) == 0);
  b = wb_zip_reader_read (r, "dir/tiny", NULL);
  ck_assert_uint_eq (g_bytes_get_size (b), 1);
  ck_assert (wb_zip_reader_read (r, "nope", &error) == NULL);
  ck_assert (g_error_matches (error, WB_ZIP_ERROR, WB_ZIP_ERROR_NOT_FOUND));
  /* CRC-32 of "123456789", the standard check value. */
  ck_assert_uint_eq (wb_zip_crc32 (0, (const guint8 *) "123456789", 9), 0xcbf43926u);
  g_string_free (big, TRUE);
}
END_TEST

static Suite *
vassal_suite (void)
{
  Suite *s = suite_create ("vassal");
  TCase *tc = tcase_create ("export");

  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_zip_round_trip);
  tcase_add_loop_test (tc, test_bundled_round_trip, 0, G_N_ELEMENTS (bundled));
  tcase_add_test (tc, test_pointy_letters);
  tcase_add_test (tc, test_oblique_warns);
  tcase_add_test (tc, test_checks_catch_breakage);
  tcase_add_test (tc, test_unwritable_output);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (vassal_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
