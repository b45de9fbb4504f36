/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"
#include "rules/wb-match.h"

#include "render-common.h"

/*
 * The renderer is tested by its pixels: colours where the model says they
 * must be, nothing outside the clip, files with the right magic, and one
 * golden image of a small map without text (fonts differ between hosts).
 * Set WB_UPDATE_GOLDEN=1 to rewrite the golden image on purpose.
 */

#define HEX_SIZE 24.0

/* Colours the tests look for. */
#define RED_HEX   "#c03020"
#define UNION_HEX "#1f4fbf"
#define REB_HEX   "#8c8c8c"

static Pixel
hex_color (const char *s)
{
  double r, g, b;
  Pixel p;

  ck_assert (wb_color_parse (s, &r, &g, &b));
  p.r = (int) lround (r * 255);
  p.g = (int) lround (g * 255);
  p.b = (int) lround (b * 255);
  return p;
}

static gboolean
pixel_near (Pixel a,
            Pixel b,
            int   tolerance)
{
  return ABS (a.r - b.r) <= tolerance && ABS (a.g - b.g) <= tolerance &&
         ABS (a.b - b.b) <= tolerance;
}

#define ck_assert_pixel_near(p, q, tol)                                          \
  G_STMT_START {                                                                 \
    Pixel _p = (p), _q = (q);                                                    \
    ck_assert_msg (pixel_near (_p, _q, (tol)), "%s = (%d,%d,%d), %s = (%d,%d,%d)", \
                   #p, _p.r, _p.g, _p.b, #q, _q.r, _q.g, _q.b);                  \
  } G_STMT_END

/* --- a small game built in code ------------------------------------------ */

static void
add_terrain (WbGame     *game,
             const char *id,
             char        key,
             const char *color,
             const char *pattern)
{
  WbTerrainType *t = wb_terrain_type_new (id);

  t->name = g_strdup (id);
  t->key = key;
  t->color = g_strdup (color);
  t->pattern = g_strdup (pattern);
  ck_assert (wb_game_add_terrain (game, t));
}

static void
add_feature (WbGame         *game,
             const char     *id,
             WbFeatureWhere  where,
             const char     *style,
             const char     *color,
             double          width)
{
  WbFeatureType *f = wb_feature_type_new (id, where);

  f->name = g_strdup (id);
  f->style = g_strdup (style);
  f->color = g_strdup (color);
  f->width = width;
  ck_assert (wb_game_add_feature (game, f));
}

static void
add_side (WbGame     *game,
          const char *id,
          const char *color,
          const char *text_color)
{
  WbSide *side = wb_side_new (id);

  side->name = g_strdup (id);
  side->color = g_strdup (color);
  side->text_color = g_strdup (text_color);
  ck_assert (wb_game_add_side (game, side));
}

static void
add_class (WbGame     *game,
           const char *id,
           const char *symbol)
{
  WbUnitType *klass = wb_unit_type_new (id);

  klass->name = g_strdup (id);
  klass->symbol = g_strdup (symbol);
  ck_assert (wb_game_add_unit_class (game, klass));
}

static void
add_unit (WbGame     *game,
          const char *id,
          const char *side,
          const char *klass,
          int         sp)
{
  WbUnit *unit = wb_unit_new (id);
  WbStrength s = { WB_STRENGTH_SINGLE, 1, 0, { 0 } };

  s.halves[0] = (gint16) (sp * 2);
  wb_unit_set_name (unit, id);
  wb_unit_set_designation (unit, id);
  wb_unit_set_side (unit, side);
  wb_unit_set_class_id (unit, klass);
  wb_unit_set_size (unit, "X");
  wb_unit_set_strength (unit, &s);
  ck_assert (wb_game_add_unit (game, unit));
}

static void
add_setup (WbScenario *scenario,
           const char *unit,
           WbPlaceKind kind,
           const char *ref,
           const char *option,
           const char *unless)
{
  WbSetup *line = wb_setup_new (unit);

  wb_place_array_add (line->at, kind, ref);
  line->option = option != NULL ? g_intern_string (option) : NULL;
  line->unless = unless != NULL ? g_intern_string (unless) : NULL;
  g_ptr_array_add (wb_scenario_get_setup (scenario), line);
}

static WbGame *
make_base_game (void)
{
  WbGame *game = wb_game_new ();

  wb_game_set_id (game, "render-test");
  wb_game_set_title (game, "Render test");

  add_side (game, "union", UNION_HEX, "#ffffff");
  add_side (game, "rebel", REB_HEX, "#000000");
  add_class (game, "infantry", "infantry");
  add_class (game, "cavalry", "cavalry");
  add_class (game, "artillery", "artillery");

  add_terrain (game, "clear", 'c', "#efe8cf", "none");
  add_terrain (game, "forest", 'f', "#5e8a45", "trees");
  add_terrain (game, "rough", 'r', "#c2a878", "rough");
  add_terrain (game, "marsh", 'm', "#a9c7a4", "marsh");
  add_terrain (game, "water", 'w', "#8dbbe3", "water");
  add_terrain (game, "town", 't', "#d8cbb6", "town");
  add_terrain (game, "orchard", 'o', "#b9cf8f", "dots");
  add_terrain (game, "red", 'x', RED_HEX, "none");

  add_feature (game, "road", WB_FEATURE_HEXSIDE, "road", "#f4e4c1", 0.09);
  add_feature (game, "trail", WB_FEATURE_HEXSIDE, "trail", NULL, 0);
  add_feature (game, "pike", WB_FEATURE_HEXSIDE, "pike", "#d9663f", 0.13);
  add_feature (game, "railroad", WB_FEATURE_HEXSIDE, "railroad", NULL, 0);
  add_feature (game, "creek", WB_FEATURE_HEXSIDE, "creek", "#3b7fc4", 0.1);
  add_feature (game, "river", WB_FEATURE_HEXSIDE, "river", "#3b7fc4", 0.2);
  add_feature (game, "ford", WB_FEATURE_HEXSIDE, "ford", NULL, 0);
  add_feature (game, "bridge", WB_FEATURE_HEXSIDE, "bridge", NULL, 0);
  add_feature (game, "slope", WB_FEATURE_HEXSIDE, "slope", NULL, 0);
  add_feature (game, "town", WB_FEATURE_HEX, "town", NULL, 0);
  add_feature (game, "ferry", WB_FEATURE_HEX, "ferry", NULL, 0);
  add_feature (game, "pike-c", WB_FEATURE_CONNECTION, "pike", "#d9663f", 0.2);
  add_feature (game, "trail-c", WB_FEATURE_CONNECTION, "trail", NULL, 0.1);
  add_feature (game, "rail-c", WB_FEATURE_CONNECTION, "railroad", NULL, 0);
  add_feature (game, "river-x", WB_FEATURE_CROSSING, "river", NULL, 0);
  add_feature (game, "mountain-x", WB_FEATURE_CROSSING, "mountain", NULL, 0);

  add_unit (game, "u-inf", "union", "infantry", 7);
  add_unit (game, "u-cav", "union", "cavalry", 2);
  add_unit (game, "r-art", "rebel", "artillery", 3);
  add_unit (game, "r-opt", "rebel", "infantry", 5);

  return game;
}

static WbOffset
off (int col,
     int row)
{
  WbOffset o = { col, row };

  return o;
}

static void
set_rows (WbGame     *game,
          WbHexMap   *map,
          const char *rows[])
{
  for (int r = 0; rows[r] != NULL; r++)
    for (int c = 0; rows[r][c] != '\0'; c++)
      {
        WbTerrainType *t = wb_game_find_terrain_by_key (game, rows[r][c]);

        ck_assert_ptr_nonnull (t);
        wb_hex_map_set_terrain (map, off (c, r), t->id);
      }
}

/* An 8 × 6 map with every kind of terrain, elevation, water, roads and
 * crossings; hex (3, 2) is plain red for colour checks. */
static WbGame *
make_hex_game (WbHexLayout layout)
{
  static const char *rows[] = {
    "ccffcrrc",
    "cffcccrw",
    "ccoxccmw",
    "ttcccfmw",
    "tcccffcc",
    "ccrccfcc",
    NULL,
  };
  static const char *levels[] = {
    "00011222",
    "00111222",
    "00000111",
    "00000011",
    "00000000",
    "00000000",
    NULL,
  };
  WbGame *game = make_base_game ();
  WbHexMap *map = wb_hex_map_new ("field", layout, 8, 6, "clear");
  WbScenario *scenario;
  WbMapMark *mark;

  wb_map_set_name (WB_MAP (map), "Field");
  wb_hex_map_set_hex_size (map, HEX_SIZE);
  wb_hex_map_set_numbering (map, 1, 1, 2);
  set_rows (game, map, rows);
  for (int r = 0; levels[r] != NULL; r++)
    for (int c = 0; levels[r][c] != '\0'; c++)
      wb_hex_map_set_elevation (map, off (c, r), levels[r][c] - '0');

  /* A road along row 4 from the town, a trail and a pike. */
  for (int c = 0; c < 7; c++)
    {
      int dir = wb_hex_direction_to (layout, off (c, 4), off (c + 1, 4));

      if (dir >= 0)
        wb_hex_map_add_side_feature (map, off (c, 4), dir, "road");
      else
        {
          /* Not neighbours in this layout: go through the row above. */
          wb_hex_map_add_side_feature (map, off (c, 4), wb_hex_direction_to (layout, off (c, 4), off (c, 3)), "road");
        }
    }
  wb_hex_map_add_side_feature (map, off (4, 0), wb_hex_direction_to (layout, off (4, 0), off (4, 1)), "trail");
  wb_hex_map_add_side_feature (map, off (4, 1), wb_hex_direction_to (layout, off (4, 1), off (4, 2)), "trail");
  wb_hex_map_add_side_feature (map, off (1, 5), wb_hex_direction_to (layout, off (1, 5), off (2, 5)), "pike");

  /* A creek down column 4's east edges, forded and bridged. */
  for (int r = 0; r < 6; r++)
    wb_hex_map_add_side_feature (map, off (6, r), 4, "creek");
  wb_hex_map_add_side_feature (map, off (6, 2), 4, "ford");
  wb_hex_map_add_side_feature (map, off (6, 0), 0, "slope");

  wb_hex_map_add_hex_feature (map, off (0, 3), "town");
  wb_hex_map_add_hex_feature (map, off (7, 1), "ferry");
  wb_hex_map_set_label (map, off (0, 3), "Spottswood");

  mark = wb_map_mark_new ("spottswood");
  mark->name = g_strdup ("Spottswood");
  mark->kind = g_strdup ("objective");
  mark->vp = 15;
  g_array_append_val (mark->hexes, ((WbOffset) { 0, 3 }));
  wb_hex_map_add_mark (map, mark);

  ck_assert (wb_game_add_map (game, WB_MAP (map)));

  scenario = wb_scenario_new ("historical");
  wb_scenario_set_name (scenario, "Historical");
  wb_scenario_set_map (scenario, "field");
  wb_scenario_set_turn_count (scenario, 4);
  add_setup (scenario, "u-inf", WB_PLACE_HEX, "0205", NULL, "lethargic");
  add_setup (scenario, "u-cav", WB_PLACE_HEX, "0205", NULL, NULL);
  add_setup (scenario, "r-art", WB_PLACE_HEX, "0603", NULL, NULL);
  /* Only with an option: never drawn by the renderer. */
  add_setup (scenario, "r-opt", WB_PLACE_HEX, "0806", "lethargic", NULL);
  ck_assert (wb_game_add_scenario (game, scenario));

  return game;
}

static WbGame *
make_point_game (void)
{
  WbGame *game = make_base_game ();
  WbPointMap *map = wb_point_map_new ("valley", 400, 300);
  WbLocation *loc;
  WbConnection *con;
  WbScenario *scenario;

  wb_map_set_name (WB_MAP (map), "Valley");

  loc = wb_location_new ("north");
  loc->name = g_strdup ("Northtown");
  loc->x = 80;
  loc->y = 80;
  loc->major = TRUE;
  loc->vp = 2;
  loc->port = TRUE;
  g_ptr_array_add (loc->supply, (gpointer) g_intern_string ("union"));
  ck_assert (wb_point_map_add_location (map, loc));

  loc = wb_location_new ("mid");
  loc->name = g_strdup ("Midway");
  loc->x = 200;
  loc->y = 150;
  ck_assert (wb_point_map_add_location (map, loc));

  loc = wb_location_new ("south");
  loc->name = g_strdup ("Fort South");
  loc->x = 320;
  loc->y = 240;
  loc->fortress = 3;
  ck_assert (wb_point_map_add_location (map, loc));

  con = wb_connection_new ("north", "mid", "pike-c");
  g_ptr_array_add (con->crossings, (gpointer) g_intern_string ("river-x"));
  wb_point_map_add_connection (map, con);
  con = wb_connection_new ("mid", "south", "trail-c");
  g_ptr_array_add (con->crossings, (gpointer) g_intern_string ("mountain-x"));
  wb_point_map_add_connection (map, con);
  con = wb_connection_new ("north", "south", "rail-c");
  wb_point_map_add_connection (map, con);

  ck_assert (wb_game_add_map (game, WB_MAP (map)));

  scenario = wb_scenario_new ("start");
  wb_scenario_set_map (scenario, "valley");
  wb_scenario_set_turn_count (scenario, 2);
  add_setup (scenario, "u-inf", WB_PLACE_LOCATION, "mid", NULL, NULL);
  ck_assert (wb_game_add_scenario (game, scenario));

  return game;
}

static const WbHexLayout flat_odd = { WB_HEX_FLAT, WB_HEX_ODD };

static WbMap *
first_map (WbGame *game)
{
  return g_ptr_array_index (wb_game_get_maps (game), 0);
}

/* Renders @map at @scale onto a white image the size of the map. */
static cairo_surface_t *
render (WbGame     *game,
        WbMap      *map,
        WbLayers    layers,
        double      scale,
        WbScenario *scenario)
{
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;

  wb_map_get_extent (map, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale),
                                        (int) ceil (h * scale));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);

  wb_render_options_init (&options);
  options.layers = layers;
  options.scale = scale;
  options.scenario = scenario;
  wb_render_map (game, map, cr, &options);
  ck_assert_int_eq (cairo_status (cr), CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);

  return surface;
}

static void
hex_pixel (WbMap    *map,
           WbOffset  o,
           double    scale,
           int      *x,
           int      *y)
{
  WbHexMap *hm = WB_HEX_MAP (map);
  double cx, cy;

  wb_hex_center (wb_hex_map_get_layout (hm), wb_hex_map_get_hex_size (hm), o, &cx, &cy);
  *x = (int) floor (cx * scale);
  *y = (int) floor (cy * scale);
}

/* --- hex maps -------------------------------------------------------------- */

static const WbHexLayout layouts[] = {
  { WB_HEX_FLAT, WB_HEX_ODD },
  { WB_HEX_FLAT, WB_HEX_EVEN },
  { WB_HEX_POINTY, WB_HEX_ODD },
  { WB_HEX_POINTY, WB_HEX_EVEN },
};

START_TEST (test_terrain_colour_at_centre)
{
  g_autoptr(WbGame) game = make_hex_game (layouts[_i]);
  WbMap *map = first_map (game);
  cairo_surface_t *surface;
  int x, y;

  /* With every layer but units: the centre of a plain hex keeps its colour. */
  surface = render (game, map, WB_LAYER_STATIC, 1.0, NULL);
  hex_pixel (map, off (3, 2), 1.0, &x, &y);
  ck_assert_pixel_near (get_pixel (surface, x, y), hex_color (RED_HEX), 2);
  /* A forest hex is mostly green, never the red. */
  hex_pixel (map, off (2, 0), 1.0, &x, &y);
  ck_assert (!pixel_near (get_pixel (surface, x, y), hex_color (RED_HEX), 40));
  cairo_surface_destroy (surface);

  /* Zoomed far out the fast path still paints the right colour. */
  surface = render (game, map, WB_LAYER_TERRAIN, 0.1, NULL);
  hex_pixel (map, off (3, 2), 0.1, &x, &y);
  ck_assert_pixel_near (get_pixel (surface, x, y), hex_color (RED_HEX), 8);
  cairo_surface_destroy (surface);
}
END_TEST

/* The road along row 4, a zig-zag row of flat hexes, is drawn as printed
 * maps draw it: straight through the middles of the hexsides it crosses
 * (core/wb-road-path.c). The pixels along that line change; the centres
 * of the hexes it passes through, a quarter of a hex off the line, do not
 * (drawn through the centres, it zig-zagged through them). */
START_TEST (test_road_changes_pixels)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  cairo_surface_t *plain = render (game, map, WB_LAYER_TERRAIN, 2.0, NULL);
  cairo_surface_t *roads = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_ROADS, 2.0, NULL);
  int x[7], y[7], ax, ay, changed = 0;

  for (int c = 1; c <= 6; c++)
    hex_pixel (map, off (c, 4), 2.0, &x[c], &y[c]);
  /* From the middle of hexside (1, 4)|(2, 4) to that of (5, 4)|(6, 4). */
  for (int k = 0; k <= 20; k++)
    {
      double t = k / 20.0;
      int px = (int) lround ((x[1] + x[2]) / 2.0 * (1 - t) + (x[5] + x[6]) / 2.0 * t);
      int py = (int) lround ((y[1] + y[2]) / 2.0 * (1 - t) + (y[5] + y[6]) / 2.0 * t);

      if (!pixel_near (get_pixel (plain, px, py), get_pixel (roads, px, py), 10))
        changed++;
    }
  ck_assert_int_eq (changed, 21);
  for (int c = 2; c <= 5; c++)
    ck_assert_msg (pixel_near (get_pixel (plain, x[c], y[c]), get_pixel (roads, x[c], y[c]), 0),
                   "the road passes the centre of (%d, 4)", c);

  /* Away from any road nothing changes. */
  hex_pixel (map, off (3, 2), 2.0, &ax, &ay);
  ck_assert_pixel_near (get_pixel (plain, ax, ay), get_pixel (roads, ax, ay), 0);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (roads);
}
END_TEST

/* A map drawn in tiles (the canvas's view cache, an export in bands) has
 * its roads where the whole map has them: a piece of road bends by the
 * road hexsides up to two hexes around it, which the renderer reads beyond
 * what it draws (core/wb-road-path.h). Winding roads and pikes, a T and
 * crossings, cut by tiles that fall anywhere on them; the same pieces
 * stroked in other chains differ by a little anti-aliasing. (Not a trail
 * or a railroad: their dashes start again where a tile cuts a chain.) */
START_TEST (test_roads_join_across_tiles)
{
  g_autoptr(WbGame) game = make_base_game ();
  WbHexMap *hex = wb_hex_map_new ("tiles", flat_odd, 16, 12, "clear");
  static const struct { const char *feature; int col, row; const char *dirs; } roads[] = {
    { "road", 0, 5, "2212112221100054455" },
    { "road", 8, 0, "33332333" },
    { "pike", 0, 9, "1212121121210" },
    { "pike", 15, 2, "44454443" },
  };
  const double scale = 1.5;
  const int cuts_x[] = { 0, 97, 230, 361, 1000 }, cuts_y[] = { 0, 131, 263, 1000 };
  cairo_surface_t *whole, *tiled;
  int w, h, differ = 0;

  wb_hex_map_set_hex_size (hex, HEX_SIZE);
  for (guint i = 0; i < G_N_ELEMENTS (roads); i++)
    {
      WbOffset o = { roads[i].col, roads[i].row };

      for (const char *d = roads[i].dirs; *d != '\0'; d++)
        {
          wb_hex_map_add_side_feature (hex, o, *d - '0', roads[i].feature);
          o = wb_hex_neighbour (flat_odd, o, *d - '0');
          ck_assert (wb_hex_map_contains (hex, o));
        }
    }
  ck_assert (wb_game_add_map (game, WB_MAP (hex)));

  whole = render (game, WB_MAP (hex), WB_LAYER_TERRAIN | WB_LAYER_ROADS, scale, NULL);
  w = cairo_image_surface_get_width (whole);
  h = cairo_image_surface_get_height (whole);
  tiled = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  for (guint i = 0; i + 1 < G_N_ELEMENTS (cuts_x); i++)
    for (guint j = 0; j + 1 < G_N_ELEMENTS (cuts_y); j++)
      {
        cairo_t *cr = cairo_create (tiled);
        WbRenderOptions options;
        int x0 = cuts_x[i], y0 = cuts_y[j], x1 = MIN (cuts_x[i + 1], w), y1 = MIN (cuts_y[j + 1], h);

        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_clip (cr);
        cairo_set_source_rgb (cr, 1, 1, 1);
        cairo_paint (cr);
        cairo_scale (cr, scale, scale);
        wb_render_options_init (&options);
        options.layers = WB_LAYER_TERRAIN | WB_LAYER_ROADS;
        options.scale = scale;
        options.clip_x = x0 / scale;
        options.clip_y = y0 / scale;
        options.clip_width = (x1 - x0) / scale;
        options.clip_height = (y1 - y0) / scale;
        wb_render_map (game, WB_MAP (hex), cr, &options);
        cairo_destroy (cr);
      }
  cairo_surface_flush (tiled);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (!pixel_near (get_pixel (whole, x, y), get_pixel (tiled, x, y), 16))
        differ++;
  ck_assert_msg (differ == 0, "%d pixels of the tiled map differ from the whole map's", differ);

  cairo_surface_destroy (whole);
  cairo_surface_destroy (tiled);
}
END_TEST

START_TEST (test_clip_limits_drawing)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  Pixel sentinel = { 255, 0, 255 };
  double w, h;
  const double scale = 1.5;
  const int cx0 = 60, cy0 = 45, cx1 = 150, cy1 = 120;   /* device pixels */
  int inside_changed = 0;

  wb_map_get_extent (map, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale),
                                        (int) ceil (h * scale));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);

  wb_render_options_init (&options);
  options.scale = scale;
  options.scenario = wb_game_find_scenario (game, "historical");
  options.clip_x = cx0 / scale;
  options.clip_y = cy0 / scale;
  options.clip_width = (cx1 - cx0) / scale;
  options.clip_height = (cy1 - cy0) / scale;
  wb_render_map (game, map, cr, &options);
  cairo_destroy (cr);

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        Pixel p = get_pixel (surface, x, y);

        if (x >= cx0 && x < cx1 && y >= cy0 && y < cy1)
          inside_changed += !pixel_near (p, sentinel, 0);
        else
          ck_assert_msg (pixel_near (p, sentinel, 0), "pixel (%d,%d) outside the clip changed",
                         x, y);
      }
  ck_assert_int_gt (inside_changed, (cx1 - cx0) * (cy1 - cy0) / 2);

  cairo_surface_destroy (surface);
}
END_TEST

START_TEST (test_units_drawn)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbScenario *scenario = wb_game_find_scenario (game, "historical");
  cairo_surface_t *with, *without;
  int x, y;
  WbOffset o;

  with = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_UNITS, 2.0, scenario);
  without = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_UNITS, 2.0, NULL);

  /* The rebel artillery on 0603: the counter body, left of the symbol. */
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0603", &o));
  hex_pixel (map, o, 2.0, &x, &y);
  x -= (int) (HEX_SIZE * 2 * 0.4);
  ck_assert_pixel_near (get_pixel (with, x, y), hex_color (REB_HEX), 2);
  ck_assert (!pixel_near (get_pixel (without, x, y), hex_color (REB_HEX), 10));

  /* A line kept only with an option is not drawn. */
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0806", &o));
  hex_pixel (map, o, 2.0, &x, &y);
  x -= (int) (HEX_SIZE * 2 * 0.4);
  ck_assert_pixel_near (get_pixel (with, x, y), get_pixel (without, x, y), 0);

  /* Two counters on 0205 (one "unless" an option not chosen): the stack's
   * top counter is offset up and right, so both show. */
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0205", &o));
  hex_pixel (map, o, 2.0, &x, &y);
  ck_assert_pixel_near (get_pixel (with, x - (int) (HEX_SIZE * 2 * 0.42), y + (int) (HEX_SIZE * 2 * 0.4)),
                        hex_color (UNION_HEX), 2);
  ck_assert_pixel_near (get_pixel (with, x + (int) (HEX_SIZE * 2 * 0.5), y - (int) (HEX_SIZE * 2 * 0.5)),
                        hex_color (UNION_HEX), 2);

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}
END_TEST

/* A hex's name stays readable with units in the hex and beside it: it is
 * written under the hex's counter, and drawn again over the counters of
 * the hexes beside it that a long name runs under — with all layers, and
 * for the canvas's units layer of its own drawn over the static ones.
 * Every pixel of the name's ink without units is ink with them. */
static int
dark (Pixel p)
{
  return p.r + p.g + p.b < 3 * 90;
}

START_TEST (test_names_over_counters)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbScenario *crowded = wb_scenario_new ("crowded");
  cairo_surface_t *bare, *all, *canvas, *units;
  int x, y, ink = 0, kept_all = 0, kept_canvas = 0;
  const double scale = 3.0;

  wb_scenario_set_map (crowded, "field");
  add_setup (crowded, "r-art", WB_PLACE_HEX, "0104", NULL, NULL);
  add_setup (crowded, "u-cav", WB_PLACE_HEX, "0204", NULL, NULL);
  add_setup (crowded, "u-inf", WB_PLACE_HEX, "0105", NULL, NULL);
  ck_assert (wb_game_add_scenario (game, crowded));

  bare = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_LABELS, scale, NULL);
  all = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_LABELS | WB_LAYER_UNITS, scale, crowded);
  canvas = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_LABELS, scale, NULL);
  units = render (game, map, WB_LAYER_UNITS, scale, crowded);
  {
    cairo_t *cr = cairo_create (canvas);

    cairo_set_source_surface (cr, units, 0, 0);
    cairo_paint (cr);
    cairo_destroy (cr);
  }
  /* "Spottswood" under 0104's centre (its town's symbol, above, is under
   * the counter), running into the hexes beside it. */
  hex_pixel (map, off (0, 3), scale, &x, &y);
  for (int py = y + (int) (HEX_SIZE * scale * 0.48); py < y + (int) (HEX_SIZE * scale); py++)
    for (int px = MAX (0, x - (int) (2 * HEX_SIZE * scale)); px < x + (int) (2 * HEX_SIZE * scale); px++)
      if (dark (get_pixel (bare, px, py)))
        {
          ink++;
          kept_all += dark (get_pixel (all, px, py));
          kept_canvas += dark (get_pixel (canvas, px, py));
        }
  ck_assert_int_gt (ink, 40);
  ck_assert_msg (kept_all >= ink * 97 / 100, "%d of the name's %d ink pixels left with all layers", kept_all, ink);
  ck_assert_msg (kept_canvas >= ink * 97 / 100, "%d of the name's %d ink pixels left on the canvas", kept_canvas,
                 ink);
  cairo_surface_destroy (bare);
  cairo_surface_destroy (all);
  cairo_surface_destroy (canvas);
  cairo_surface_destroy (units);
}
END_TEST

/* Fog of war on the map: with a viewer side, the other side's counters
 * are face down (their symbol gone), the viewer's stay face up. */
START_TEST (test_units_fog)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbScenario *scenario = wb_game_find_scenario (game, "historical");
  cairo_surface_t *surfaces[2];
  WbOffset o;
  int x, y;

  for (int fog = 0; fog < 2; fog++)
    {
      WbRenderOptions options;
      double w, h;
      cairo_t *cr;

      wb_map_get_extent (map, &w, &h);
      surfaces[fog] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * 2), (int) ceil (h * 2));
      cr = cairo_create (surfaces[fog]);
      cairo_scale (cr, 2, 2);
      wb_render_options_init (&options);
      options.layers = WB_LAYER_TERRAIN | WB_LAYER_UNITS;
      options.scale = 2;
      options.scenario = scenario;
      options.viewer_side = fog ? "union" : NULL;
      wb_render_map (game, map, cr, &options);
      cairo_destroy (cr);
    }

  /* The rebel artillery on 0603: its symbol's dot at the centre. */
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0603", &o));
  hex_pixel (map, o, 2.0, &x, &y);
  ck_assert (!pixel_near (get_pixel (surfaces[0], x, y), hex_color (REB_HEX), 10));
  ck_assert_pixel_near (get_pixel (surfaces[1], x, y), hex_color (REB_HEX), 2);
  /* A union counter on 0205 is the same either way. */
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0205", &o));
  hex_pixel (map, o, 2.0, &x, &y);
  for (int dy = -10; dy <= 10; dy++)
    ck_assert_pixel_near (get_pixel (surfaces[0], x + 4, y + dy), get_pixel (surfaces[1], x + 4, y + dy), 0);

  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
}
END_TEST

/* A block a battle revealed (WB_UNIT_REVEALED in the match) shows its face
 * to the other side; the rest stay face down. */
START_TEST (test_units_revealed)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbMatch) m = wb_match_new (game, "historical", NULL, 1, &error);
  cairo_surface_t *surfaces[2];
  WbOffset o;
  int x, y;

  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0603", &o));
  for (int revealed = 0; revealed < 2; revealed++)
    {
      WbRenderOptions options;
      double w, h;
      cairo_t *cr;

      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          if (u->where.kind == WB_WHERE_HEX && u->where.hex.col == o.col && u->where.hex.row == o.row)
            u->flags = revealed ? (u->flags | WB_UNIT_REVEALED) : (u->flags & ~(guint32) WB_UNIT_REVEALED);
        }
      wb_map_get_extent (map, &w, &h);
      surfaces[revealed] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * 2), (int) ceil (h * 2));
      cr = cairo_create (surfaces[revealed]);
      cairo_scale (cr, 2, 2);
      wb_render_options_init (&options);
      options.layers = WB_LAYER_TERRAIN | WB_LAYER_UNITS;
      options.scale = 2;
      options.match = m;
      options.viewer_side = "union";
      wb_render_map (game, map, cr, &options);
      cairo_destroy (cr);
    }
  /* The rebel artillery on 0603: face down, then its symbol's dot shows. */
  hex_pixel (map, o, 2.0, &x, &y);
  ck_assert_pixel_near (get_pixel (surfaces[0], x, y), hex_color (REB_HEX), 2);
  ck_assert (!pixel_near (get_pixel (surfaces[1], x, y), hex_color (REB_HEX), 10));
  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
}
END_TEST

/* A scenario's marker (a hex feature the map does not have) is drawn with
 * the scenario, in its hex only, and not when an option drops it. */
START_TEST (test_scenario_markers)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbScenario *scenario = wb_game_find_scenario (game, "historical");
  WbMarker *marker;
  cairo_surface_t *with, *without;
  int x, y, changed = 0, elsewhere = 0;
  WbOffset o, other;

  add_feature (game, "timber", WB_FEATURE_HEX, "marker", "#c0302a", 0);
  marker = wb_marker_new ("timber");
  wb_place_array_add (marker->at, WB_PLACE_HEX, "0404");
  g_ptr_array_add (wb_scenario_get_markers (scenario), marker);
  marker = wb_marker_new ("timber");
  wb_place_array_add (marker->at, WB_PLACE_HEX, "0204");
  marker->option = g_intern_string ("not-chosen");
  g_ptr_array_add (wb_scenario_get_markers (scenario), marker);

  with = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_UNITS, 2.0, scenario);
  g_ptr_array_set_size (wb_scenario_get_markers (scenario), 0);
  without = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_UNITS, 2.0, scenario);

  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0404", &o));
  ck_assert (wb_hex_map_parse_hex (WB_HEX_MAP (map), "0204", &other));
  for (int dy = -20; dy <= 20; dy++)
    for (int dx = -20; dx <= 20; dx++)
      {
        hex_pixel (map, o, 2.0, &x, &y);
        changed += !pixel_near (get_pixel (with, x + dx, y + dy), get_pixel (without, x + dx, y + dy), 8);
        hex_pixel (map, other, 2.0, &x, &y);
        elsewhere += !pixel_near (get_pixel (with, x + dx, y + dy), get_pixel (without, x + dx, y + dy), 8);
      }
  ck_assert_int_gt (changed, 200);
  ck_assert_int_eq (elsewhere, 0);

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}
END_TEST

START_TEST (test_numbers_level_of_detail)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  cairo_surface_t *big, *small;
  int x, y;

  /* Numbers sit at the top of each hex: there when readable… */
  big = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);
  hex_pixel (map, off (3, 2), 2.0, &x, &y);
  ck_assert_int_gt (count_dark (big, x - 24, y - 42, x + 24, y - 24), 10);
  cairo_surface_destroy (big);

  /* …and left out when a hex is a few pixels wide. */
  small = render (game, map, WB_LAYER_NUMBERS, 0.5, NULL);
  ck_assert_int_eq (count_dark (small, 0, 0, cairo_image_surface_get_width (small),
                                cairo_image_surface_get_height (small)), 0);
  cairo_surface_destroy (small);
}
END_TEST

/* The leftmost and rightmost inked columns of a box, or -1. */
static void
ink_extent (cairo_surface_t *surface, int x0, int y0, int x1, int y1, int *left, int *right)
{
  *left = *right = -1;
  for (int x = x0; x < x1; x++)
    if (count_dark (surface, x, y0, x + 1, y1) > 0)
      {
        if (*left < 0)
          *left = x;
        *right = x;
      }
}

/* Whether two renders have the same pixels in a box. */
static gboolean
box_equal (cairo_surface_t *a, cairo_surface_t *b, int x0, int y0, int x1, int y1)
{
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (!pixel_near (get_pixel (a, x, y), get_pixel (b, x, y), 0))
        return FALSE;
  return TRUE;
}

/* The number printed at the top of a hex is the map's numbering's: an
 * oblique "0202" at column 2's top hex is drawn exactly as a straight
 * numbering from row 2 draws it there, not as "0201"; letters "C05" is
 * narrower than "0305" and mixed "305" too. */
START_TEST (test_numbers_follow_scheme)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  WbHexMap *hex_map = WB_HEX_MAP (map);
  static const WbHexNumbering straight = { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 };
  static const WbHexNumbering from_row_2 = { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 2, 2 };
  static const WbHexNumbering oblique = { WB_HEX_NUMBERING_DIGITS, TRUE, 1, 1, 2 };
  static const WbHexNumbering letters = { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 2 };
  static const WbHexNumbering mixed = { WB_HEX_NUMBERING_MIXED, FALSE, 1, 1, 2 };
  cairo_surface_t *s_straight, *s_row_2, *s_oblique, *s_letters, *s_mixed;
  int x, y, x0, y0, x1, y1, l_digits, r_digits, l_letters, r_letters, l_mixed, r_mixed;
  char buf[WB_HEX_NUMBER_MAX_LEN];

  wb_hex_map_set_hex_numbering (hex_map, &straight);
  s_straight = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);
  wb_hex_map_set_hex_numbering (hex_map, &from_row_2);
  s_row_2 = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);
  wb_hex_map_set_hex_numbering (hex_map, &oblique);
  s_oblique = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);
  wb_hex_map_format_hex (hex_map, off (1, 0), buf, sizeof buf);
  ck_assert_str_eq (buf, "0202");
  wb_hex_map_set_hex_numbering (hex_map, &letters);
  s_letters = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);
  wb_hex_map_set_hex_numbering (hex_map, &mixed);
  s_mixed = render (game, map, WB_LAYER_NUMBERS, 2.0, NULL);

  /* The top hex of the second column. */
  hex_pixel (map, off (1, 0), 2.0, &x, &y);
  x0 = x - 40, y0 = y - 44, x1 = x + 40, y1 = y - 22;
  ck_assert_int_gt (count_dark (s_oblique, x0, y0, x1, y1), 10);
  ck_assert (box_equal (s_oblique, s_row_2, x0, y0, x1, y1));
  ck_assert (!box_equal (s_oblique, s_straight, x0, y0, x1, y1));

  /* Lower down: "0305", "C05", "305". */
  hex_pixel (map, off (2, 4), 2.0, &x, &y);
  x0 = x - 40, y0 = y - 44, x1 = x + 40, y1 = y - 22;
  ink_extent (s_straight, x0, y0, x1, y1, &l_digits, &r_digits);
  ink_extent (s_letters, x0, y0, x1, y1, &l_letters, &r_letters);
  ink_extent (s_mixed, x0, y0, x1, y1, &l_mixed, &r_mixed);
  ck_assert_int_ge (l_digits, 0);
  ck_assert_int_ge (l_letters, 0);
  ck_assert_int_ge (l_mixed, 0);
  ck_assert_int_lt (r_letters - l_letters, r_digits - l_digits);
  ck_assert_int_lt (r_mixed - l_mixed, r_digits - l_digits);
  ck_assert (!box_equal (s_letters, s_mixed, x0, y0, x1, y1));

  cairo_surface_destroy (s_straight);
  cairo_surface_destroy (s_row_2);
  cairo_surface_destroy (s_oblique);
  cairo_surface_destroy (s_letters);
  cairo_surface_destroy (s_mixed);
}
END_TEST

START_TEST (test_no_layers_draws_nothing)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  WbMap *map = first_map (game);
  cairo_surface_t *surface = render (game, map, 0, 1.0, wb_game_find_scenario (game, "historical"));
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);

  for (int y = 0; y < h; y += 3)
    for (int x = 0; x < w; x += 3)
      ck_assert_pixel_near (get_pixel (surface, x, y), ((Pixel) { 255, 255, 255 }), 0);
  cairo_surface_destroy (surface);
}
END_TEST

/* --- point-to-point maps --------------------------------------------------- */

START_TEST (test_point_map)
{
  g_autoptr(WbGame) game = make_point_game ();
  WbMap *map = first_map (game);
  WbPointMap *pm = WB_POINT_MAP (map);
  WbLocation *mid = wb_point_map_find_location (pm, "mid");
  WbLocation *north = wb_point_map_find_location (pm, "north");
  cairo_surface_t *surface;
  Pixel paper;
  int x, y;

  surface = render (game, map, WB_LAYER_ALL, 1.0, wb_game_find_scenario (game, "start"));

  /* Paper away from everything. */
  paper = get_pixel (surface, 380, 20);
  ck_assert (paper.r > 200 && paper.g > 200 && paper.b > 180);
  ck_assert (!pixel_near (paper, ((Pixel) { 255, 255, 255 }), 3));

  /* A minor location is a white circle; a major one has a dark centre. */
  ck_assert_pixel_near (get_pixel (surface, (int) mid->x, (int) mid->y - 3), ((Pixel) { 255, 255, 255 }), 2);
  ck_assert (count_dark (surface, (int) north->x - 1, (int) north->y - 1,
                         (int) north->x + 2, (int) north->y + 2) > 0);

  /* The pike between them is drawn (a quarter of the way along). */
  x = (int) (north->x + (mid->x - north->x) * 0.25);
  y = (int) (north->y + (mid->y - north->y) * 0.25);
  ck_assert (!pixel_near (get_pixel (surface, x, y), paper, 20));

  /* The union infantry stands beside Midway. */
  ck_assert_pixel_near (get_pixel (surface, (int) (mid->x + 6 + 8 + 3), (int) mid->y + 10),
                        hex_color (UNION_HEX), 2);

  cairo_surface_destroy (surface);
}
END_TEST

/* Two connections between the same locations are drawn side by side, so
 * neither hides the other (a road beside a railroad). */
START_TEST (test_parallel_connections)
{
  g_autoptr(WbGame) game = make_point_game ();
  WbMap *map = first_map (game);
  WbPointMap *pm = WB_POINT_MAP (map);
  WbLocation *north = wb_point_map_find_location (pm, "north");
  WbLocation *south = wb_point_map_find_location (pm, "south");
  cairo_surface_t *surface;
  double len, nx, ny, mx, my;
  Pixel paper;

  wb_point_map_add_connection (pm, wb_connection_new ("south", "north", "pike-c"));
  surface = render (game, map, WB_LAYER_TERRAIN | WB_LAYER_ROADS, 1.0, NULL);
  paper = get_pixel (surface, 380, 20);

  /* A third of the way along, away from the crossings and labels. */
  mx = north->x + (south->x - north->x) / 3;
  my = north->y + (south->y - north->y) / 3;
  len = hypot (south->x - north->x, south->y - north->y);
  nx = -(south->y - north->y) / len;
  ny = (south->x - north->x) / len;

  /* Paper on the centre line between them, ink on either side (each line is
   * offset by about 4 points). */
  ck_assert_msg (pixel_near (get_pixel (surface, (int) lround (mx), (int) lround (my)), paper, 30),
                 "the two connections overlap on the centre line");
  ck_assert (!pixel_near (get_pixel (surface, (int) lround (mx + nx * 4.2), (int) lround (my + ny * 4.2)), paper, 30));
  ck_assert (!pixel_near (get_pixel (surface, (int) lround (mx - nx * 4.2), (int) lround (my - ny * 4.2)), paper, 30));
  cairo_surface_destroy (surface);
}
END_TEST

/* --- files ----------------------------------------------------------------- */

static void
check_magic (const char *path,
             const char *magic,
             gsize       len)
{
  g_autofree char *data = NULL;
  gsize size = 0;

  ck_assert (g_file_get_contents (path, &data, &size, NULL));
  ck_assert_uint_gt (size, len);
  ck_assert_msg (memcmp (data, magic, len) == 0, "%s does not start with the right magic", path);
}

START_TEST (test_export_files)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  g_autoptr(WbGame) points = make_point_game ();
  g_autofree char *dir = g_dir_make_tmp ("wb-render-XXXXXX", NULL);
  WbRenderOptions options;
  static const struct {
    const char     *name;
    WbExportFormat  format;
    const char     *magic;
  } files[] = {
    { "map.png", WB_EXPORT_PNG, "\x89PNG\r\n\x1a\n" },
    { "map.svg", WB_EXPORT_SVG, "<?xml" },
    { "map.pdf", WB_EXPORT_PDF, "%PDF-" },
  };

  ck_assert_ptr_nonnull (dir);
  wb_render_options_init (&options);
  options.scenario = wb_game_find_scenario (game, "historical");

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      g_autofree char *ppath = g_strconcat (path, ".points", strrchr (files[i].name, '.'), NULL);
      g_autoptr(GError) error = NULL;
      WbExportFormat format;

      ck_assert (wb_export_format_from_path (path, &format));
      ck_assert_int_eq (format, files[i].format);
      ck_assert (wb_render_map_to_file (game, first_map (game), path, format, &options, &error));
      ck_assert_ptr_null (error);
      check_magic (path, files[i].magic, strlen (files[i].magic));

      ck_assert (wb_render_map_to_file (points, first_map (points), ppath, format, NULL, &error));
      check_magic (ppath, files[i].magic, strlen (files[i].magic));
      g_unlink (path);
      g_unlink (ppath);
    }

  /* PNG size: the map plus a margin, at the scale. */
  {
    g_autofree char *path = g_build_filename (dir, "scaled.png", NULL);
    cairo_surface_t *png;
    double w, h;

    options.scale = 2.0;
    ck_assert (wb_render_map_to_file (game, first_map (game), path, WB_EXPORT_PNG, &options, NULL));
    png = cairo_image_surface_create_from_png (path);
    ck_assert_int_eq (cairo_surface_status (png), CAIRO_STATUS_SUCCESS);
    wb_map_get_extent (first_map (game), &w, &h);
    ck_assert_int_gt (cairo_image_surface_get_width (png), (int) (w * 2));
    ck_assert_int_lt (cairo_image_surface_get_width (png), (int) (w * 2) + 100);
    ck_assert_int_gt (cairo_image_surface_get_height (png), (int) (h * 2));
    /* The margin is white. */
    ck_assert_pixel_near (get_pixel (png, 1, 1), ((Pixel) { 255, 255, 255 }), 0);
    cairo_surface_destroy (png);
    g_unlink (path);
  }

  /* Unwritable: an error naming the file. */
  {
    g_autofree char *path = g_build_filename (dir, "missing", "dir", "map.png", NULL);
    g_autoptr(GError) error = NULL;

    ck_assert (!wb_render_map_to_file (game, first_map (game), path, WB_EXPORT_PNG, NULL, &error));
    ck_assert_ptr_nonnull (error);
    ck_assert (error->domain == G_IO_ERROR || error->domain == WB_FORMAT_ERROR);
    ck_assert_ptr_nonnull (strstr (error->message, path));
  }

  g_rmdir (dir);
}
END_TEST

START_TEST (test_export_format_from_path)
{
  WbExportFormat f = WB_EXPORT_PDF;

  ck_assert (wb_export_format_from_path ("a.png", &f));
  ck_assert_int_eq (f, WB_EXPORT_PNG);
  ck_assert (wb_export_format_from_path ("/x/y/MAP.SVG", &f));
  ck_assert_int_eq (f, WB_EXPORT_SVG);
  ck_assert (wb_export_format_from_path ("b.Pdf", &f));
  ck_assert_int_eq (f, WB_EXPORT_PDF);
  ck_assert (!wb_export_format_from_path ("map.jpeg", &f));
  ck_assert (!wb_export_format_from_path ("png", &f));
  ck_assert (!wb_export_format_from_path (".png", &f));
  ck_assert (!wb_export_format_from_path ("map", &f));
}
END_TEST

/* --- golden image ---------------------------------------------------------- */


START_TEST (test_golden_small_hex)
{
  g_autoptr(WbGame) game = make_hex_game (flat_odd);
  /* No text: fonts differ from host to host. */
  WbLayers layers = WB_LAYER_TERRAIN | WB_LAYER_ELEVATION | WB_LAYER_HEXSIDES |
                    WB_LAYER_ROADS | WB_LAYER_GRID;

  check_golden (render (game, first_map (game), layers, 1.5, NULL), "small-hex.png");
}
END_TEST

/* A point-to-point map with every kind of drawn line (river, ridge with its
 * hachures, boundary, VP line in its side's colour, a closed area) under its
 * connections and crossing symbols. */
START_TEST (test_golden_point_lines)
{
  g_autoptr(WbGame) game = make_point_game ();
  WbMap *map = first_map (game);
  struct { const char *style; const char *side; gboolean closed; WbMapPoint p[4]; guint n; } lines[] = {
    { "river", NULL, FALSE, { { 20, 200 }, { 120, 130 }, { 260, 110 }, { 390, 40 } }, 4 },
    { "ridge", NULL, FALSE, { { 60, 280 }, { 180, 220 }, { 300, 120 } }, 3 },
    { "boundary", NULL, FALSE, { { 10, 20 }, { 390, 290 } }, 2 },
    { "vp-line", "union", FALSE, { { 0, 190 }, { 400, 190 } }, 2 },
    { "line", NULL, TRUE, { { 250, 30 }, { 380, 30 }, { 380, 100 }, { 250, 100 } }, 4 },
  };
  /* No text: fonts differ from host to host (a fortress prints its capacity). */
  WbLayers layers = WB_LAYER_TERRAIN | WB_LAYER_HEXSIDES | WB_LAYER_ROADS;

  wb_point_map_find_location (WB_POINT_MAP (map), "south")->fortress = 0;
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      WbMapLine *line = wb_map_line_new (lines[i].style);

      line->side = lines[i].side != NULL ? g_intern_string (lines[i].side) : NULL;
      line->closed = lines[i].closed;
      g_array_append_vals (line->points, lines[i].p, lines[i].n);
      wb_map_insert_line (map, line, G_MAXUINT);
    }
  check_golden (render (game, map, layers, 1.5, NULL), "point-lines.png");
}
END_TEST

/* --- counters ---------------------------------------------------------------- */

#define COUNTER 48

/* Units for every counter style: a Blind Swords regiment with fresh and
 * battleworn sides in a coloured brigade, a four-step cavalry block one
 * step down, a single-value artillery unit, and a leader. */
static WbGame *
make_counter_game (WbCounterStyle style)
{
  WbGame *game = make_base_game ();
  WbFormation *brigade = wb_formation_new ("brigade");
  WbStrength sides = { WB_STRENGTH_SIDES, 2, 0, { 12, 6 } };
  WbStrength steps = { WB_STRENGTH_STEPS, 4, 1, { 8, 6, 4, 2 } };
  WbAttrValue v = { .type = WB_ATTR_INT };
  WbUnit *unit;

  wb_game_get_counter (game)->style = style;
  add_class (game, "leader", "leader");
  brigade->name = g_strdup ("Brigade");
  brigade->side = g_intern_string ("union");
  brigade->color = g_strdup ("#d9c23a");
  ck_assert (wb_game_add_formation (game, brigade));

  unit = wb_game_find_unit (game, "u-inf");
  wb_unit_set_strength (unit, &sides);
  wb_unit_set_formation (unit, "brigade");
  v.i = 4;
  wb_unit_set_attr (unit, "morale", &v);
  v.i = 3;
  wb_unit_set_attr (unit, "dice", &v);
  unit = wb_game_find_unit (game, "u-cav");
  wb_unit_set_strength (unit, &steps);
  wb_unit_set_size (unit, "III");
  v.i = 5;
  wb_unit_set_attr (unit, "morale", &v);
  v.i = 2;
  wb_unit_set_attr (unit, "dice", &v);
  add_unit (game, "u-lead", "union", "leader", 1);
  wb_unit_set_size (wb_game_find_unit (game, "u-lead"), NULL);
  return game;
}

static cairo_surface_t *
render_counter (WbGame     *game,
                const char *unit,
                int         step,
                gboolean    hidden)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, COUNTER, COUNTER);
  cairo_t *cr = cairo_create (surface);
  WbCounterOptions o;

  wb_counter_options_init (&o);
  o.size = COUNTER;
  o.step = step;
  o.hidden = hidden;
  o.text = FALSE;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  wb_render_counter (cr, game, wb_game_find_unit (game, unit), &o);
  cairo_destroy (cr);
  return surface;
}

/* How many pixels of @a and @b differ at all. */
static int
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a), n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      n += !pixel_near (get_pixel (a, x, y), get_pixel (b, x, y), 0);
  return n;
}

static const WbCounterStyle counter_styles[] = {
  WB_COUNTER_STYLE_SPI, WB_COUNTER_STYLE_BLIND_SWORDS, WB_COUNTER_STYLE_BLOCK,
  WB_COUNTER_STYLE_BG_CAMPAIGN,
};

/* Fog of war: a hidden counter shows its side and nothing else, so two
 * different units of a side look the same, and unlike their faces. */
START_TEST (test_counter_hidden_reveals_nothing)
{
  g_autoptr(WbGame) game = make_counter_game (counter_styles[_i]);
  cairo_surface_t *a = render_counter (game, "u-inf", -1, TRUE);
  cairo_surface_t *b = render_counter (game, "u-cav", 2, TRUE);
  cairo_surface_t *c = render_counter (game, "u-lead", -1, TRUE);
  cairo_surface_t *face = render_counter (game, "u-inf", -1, FALSE);
  cairo_surface_t *rebel = render_counter (game, "r-art", -1, TRUE);

  ck_assert_int_eq (count_differences (a, b), 0);
  ck_assert_int_eq (count_differences (a, c), 0);
  ck_assert_int_gt (count_differences (a, face), COUNTER * 2);
  /* The side still shows. */
  ck_assert_int_gt (count_differences (a, rebel), COUNTER * COUNTER / 2);
  ck_assert_pixel_near (get_pixel (a, COUNTER / 2, COUNTER / 2), hex_color (UNION_HEX), 2);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (c);
  cairo_surface_destroy (face);
  cairo_surface_destroy (rebel);
}
END_TEST

/* The state shown follows the unit: its current side or step by default,
 * any other on request; a battleworn side is lighter; the block turns. */
START_TEST (test_counter_states)
{
  g_autoptr(WbGame) game = make_counter_game (counter_styles[_i]);
  cairo_surface_t *current = render_counter (game, "u-cav", -1, FALSE);
  cairo_surface_t *step1 = render_counter (game, "u-cav", 1, FALSE);
  cairo_surface_t *step0 = render_counter (game, "u-cav", 0, FALSE);
  cairo_surface_t *fresh = render_counter (game, "u-inf", 0, FALSE);
  cairo_surface_t *worn = render_counter (game, "u-inf", 1, FALSE);
  WbCounterStyle style = counter_styles[_i];

  ck_assert_int_eq (count_differences (current, step1), 0);
  if (style == WB_COUNTER_STYLE_BLOCK || style == WB_COUNTER_STYLE_BG_CAMPAIGN)
    ck_assert_int_gt (count_differences (step0, step1), 20);
  if (style == WB_COUNTER_STYLE_BLIND_SWORDS)
    {
      /* Lighter below the band, left of the symbol. */
      Pixel f = get_pixel (fresh, 3, COUNTER * 3 / 4), w = get_pixel (worn, 3, COUNTER * 3 / 4);

      ck_assert_pixel_near (f, hex_color (UNION_HEX), 2);
      ck_assert_int_gt (w.r + w.g + w.b, f.r + f.g + f.b + 150);
      /* The brigade's colour band along the top. */
      ck_assert_pixel_near (get_pixel (fresh, COUNTER / 2, 4), hex_color ("#d9c23a"), 2);
    }

  cairo_surface_destroy (current);
  cairo_surface_destroy (step1);
  cairo_surface_destroy (step0);
  cairo_surface_destroy (fresh);
  cairo_surface_destroy (worn);
}
END_TEST

/* Without a stated style the rules family chooses it; a stated one wins. */
START_TEST (test_counter_style_inferred)
{
  g_autoptr(WbGame) game = make_counter_game (WB_COUNTER_STYLE_AUTO);
  g_autoptr(WbGame) block = make_counter_game (WB_COUNTER_STYLE_BLOCK);
  cairo_surface_t *a, *b;

  ck_assert_int_eq (wb_counter_style_for_game (game), WB_COUNTER_STYLE_SPI);
  wb_game_get_rules (game)->family = g_intern_string ("columbia-block");
  ck_assert_int_eq (wb_counter_style_for_game (game), WB_COUNTER_STYLE_BLOCK);
  a = render_counter (game, "u-cav", -1, FALSE);
  b = render_counter (block, "u-cav", -1, FALSE);
  ck_assert_int_eq (count_differences (a, b), 0);
  wb_game_get_counter (game)->style = WB_COUNTER_STYLE_BLIND_SWORDS;
  ck_assert_int_eq (wb_counter_style_for_game (game), WB_COUNTER_STYLE_BLIND_SWORDS);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}
END_TEST

/* One row per style: the regiment fresh and battleworn, the block at each
 * of its four steps, the artillery, the leader, the rebel unit and a
 * hidden counter; shapes only (fonts differ between hosts). */
START_TEST (test_golden_counters)
{
  static const char *names[] = { "counters-spi.png", "counters-blind-swords.png",
                                 "counters-block.png", "counters-bg-campaign.png" };
  struct { const char *unit; int step; gboolean hidden; } cells[] = {
    { "u-inf", 0, FALSE }, { "u-inf", 1, FALSE },
    { "u-cav", 0, FALSE }, { "u-cav", 1, FALSE }, { "u-cav", 2, FALSE }, { "u-cav", 3, FALSE },
    { "r-art", -1, FALSE }, { "u-lead", -1, FALSE }, { "u-inf", -1, TRUE },
  };
  g_autoptr(WbGame) game = make_counter_game (counter_styles[_i]);
  const int gap = 6;
  cairo_surface_t *row = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                     gap + G_N_ELEMENTS (cells) * (COUNTER + gap),
                                                     COUNTER + 2 * gap);
  cairo_t *cr = cairo_create (row);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      cairo_surface_t *one = render_counter (game, cells[i].unit, cells[i].step, cells[i].hidden);

      cairo_set_source_surface (cr, one, gap + i * (COUNTER + gap), gap);
      cairo_paint (cr);
      cairo_surface_destroy (one);
    }
  cairo_destroy (cr);
  check_golden (row, names[_i]);
}
END_TEST

static Suite *
render_suite (void)
{
  Suite *s = suite_create ("render");
  TCase *tc = tcase_create ("core");

  tcase_set_timeout (tc, 60);
  tcase_add_loop_test (tc, test_terrain_colour_at_centre, 0, G_N_ELEMENTS (layouts));
  tcase_add_test (tc, test_road_changes_pixels);
  tcase_add_test (tc, test_roads_join_across_tiles);
  tcase_add_test (tc, test_clip_limits_drawing);
  tcase_add_test (tc, test_units_drawn);
  tcase_add_test (tc, test_names_over_counters);
  tcase_add_test (tc, test_units_fog);
  tcase_add_test (tc, test_units_revealed);
  tcase_add_test (tc, test_scenario_markers);
  tcase_add_test (tc, test_numbers_level_of_detail);
  tcase_add_test (tc, test_numbers_follow_scheme);
  tcase_add_test (tc, test_no_layers_draws_nothing);
  tcase_add_test (tc, test_point_map);
  tcase_add_test (tc, test_parallel_connections);
  tcase_add_test (tc, test_export_files);
  tcase_add_test (tc, test_export_format_from_path);
  tcase_add_test (tc, test_golden_small_hex);
  tcase_add_test (tc, test_golden_point_lines);
  tcase_add_loop_test (tc, test_counter_hidden_reveals_nothing, 0, G_N_ELEMENTS (counter_styles));
  tcase_add_loop_test (tc, test_counter_states, 0, G_N_ELEMENTS (counter_styles));
  tcase_add_test (tc, test_counter_style_inferred);
  tcase_add_loop_test (tc, test_golden_counters, 0, G_N_ELEMENTS (counter_styles));
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (render_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);

  return failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
