/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"
#include "config.h"

#include <math.h>

#include "wb-render.h"

/*
 * Legend swatches. Rather than a second drawing of each pattern and style,
 * a swatch is a tiny map built around the one record — three hexes of a
 * terrain, a hexside carrying a creek, a road through three hexes, a
 * connection across a point map — drawn by wb_render_map () and cut to
 * the swatch. So the legend always shows exactly what the map shows.
 */

#define SWATCH_HEX 30.0

/* Fills (0, 0)–(@width, @height) with the part of @map around map point
 * (@cx, @cy), at @scale device units per map point. */
static void
draw_window (WbGame   *game,
             WbMap    *map,
             cairo_t  *cr,
             double    width,
             double    height,
             double    cx,
             double    cy,
             double    scale,
             WbLayers  layers)
{
  WbRenderOptions options;
  double ux = 1.0, uy = 0.0;

  wb_render_options_init (&options);
  options.layers = layers;
  cairo_user_to_device_distance (cr, &ux, &uy);
  options.scale = scale * hypot (ux, uy);
  options.clip_x = cx - width / 2 / scale;
  options.clip_y = cy - height / 2 / scale;
  options.clip_width = width / scale;
  options.clip_height = height / scale;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_translate (cr, width / 2, height / 2);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -cx, -cy);
  wb_render_map (game, map, cr, &options);
  cairo_restore (cr);
}

/* A scratch game holding copies of the records a swatch needs: the game's
 * first terrain type as the ground features stand on, and @terrain/@feature. */
static WbGame *
scratch_game (WbGame              *game,
              const WbTerrainType *terrain,
              const WbFeatureType *feature,
              const char         **ground)
{
  WbGame *scratch = wb_game_new ();
  GPtrArray *all = wb_game_get_terrain (game);

  *ground = NULL;
  if (terrain != NULL)
    {
      wb_game_add_terrain (scratch, wb_terrain_type_copy (terrain));
      *ground = terrain->id;
    }
  else if (all->len > 0)
    {
      WbTerrainType *first = g_ptr_array_index (all, 0);

      wb_game_add_terrain (scratch, wb_terrain_type_copy (first));
      *ground = first->id;
    }
  if (feature != NULL)
    wb_game_add_feature (scratch, wb_feature_type_copy (feature));
  return scratch;
}

/**
 * wb_render_terrain_swatch:
 * @game: the game
 * @terrain: one of its terrain types (or a record being edited)
 * @cr: where to draw
 * @width: swatch width in user units
 * @height: swatch height
 *
 * Draws @terrain's fill and pattern over (0, 0)–(@width, @height) as the
 * map draws a hex of it.
 */
void
wb_render_terrain_swatch (WbGame              *game,
                          const WbTerrainType *terrain,
                          cairo_t             *cr,
                          double               width,
                          double               height)
{
  g_autoptr(WbGame) scratch = NULL;
  g_autoptr(WbHexMap) map = NULL;
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  const char *ground;
  double cx, cy;

  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (terrain != NULL && cr != NULL);

  scratch = scratch_game (game, terrain, NULL, &ground);
  map = wb_hex_map_new ("swatch", layout, 3, 3, ground);
  wb_hex_map_set_hex_size (map, SWATCH_HEX);
  wb_hex_center (layout, SWATCH_HEX, (WbOffset) { 1, 1 }, &cx, &cy);
  /* A hex radius of about 0.9 of the height: patterns at map scale. */
  draw_window (scratch, WB_MAP (map), cr, width, height, cx, cy,
               height * 0.9 / SWATCH_HEX, WB_LAYER_TERRAIN);
}

/**
 * wb_render_feature_swatch:
 * @game: the game
 * @feature: one of its feature types (or a record being edited)
 * @cr: where to draw
 * @width: swatch width in user units
 * @height: swatch height
 *
 * Draws @feature over (0, 0)–(@width, @height) the way the map draws it:
 * a hexside between two hexes of the game's first terrain, a road through
 * hex centres, a hex feature on a hex, or a connection (with the crossing
 * on it) across a point-to-point map.
 */
void
wb_render_feature_swatch (WbGame              *game,
                          const WbFeatureType *feature,
                          cairo_t             *cr,
                          double               width,
                          double               height)
{
  g_autoptr(WbGame) scratch = NULL;
  const char *ground;
  const char *id;
  gboolean road;

  g_return_if_fail (WB_IS_GAME (game));
  g_return_if_fail (feature != NULL && cr != NULL);

  scratch = scratch_game (game, NULL, feature, &ground);
  id = g_intern_string (feature->id);
  road = g_strv_contains ((const char * const[]) { "trail", "road", "pike", "railroad", NULL },
                          feature->style != NULL ? feature->style : "");

  switch (feature->where)
    {
    case WB_FEATURE_HEX:
    case WB_FEATURE_HEXSIDE:
      {
        g_autoptr(WbHexMap) map = NULL;
        WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
        double cx, cy, scale;

        if (feature->where == WB_FEATURE_HEXSIDE && road)
          {
            /* Pointy hexes in a row: the road runs along it, E to W. */
            layout.orientation = WB_HEX_POINTY;
            map = wb_hex_map_new ("swatch", layout, 3, 1, ground);
            wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, 1, id);
            wb_hex_map_add_side_feature (map, (WbOffset) { 1, 0 }, 1, id);
            wb_hex_center (layout, SWATCH_HEX, (WbOffset) { 1, 0 }, &cx, &cy);
            scale = height * 0.9 / SWATCH_HEX;
          }
        else if (feature->where == WB_FEATURE_HEXSIDE)
          {
            /* The south side of a flat hex, lying across the swatch. */
            map = wb_hex_map_new ("swatch", layout, 3, 3, ground);
            wb_hex_map_add_side_feature (map, (WbOffset) { 1, 0 }, 3, id);
            wb_hex_center (layout, SWATCH_HEX, (WbOffset) { 1, 0 }, &cx, &cy);
            cy += SWATCH_HEX * 0.866;
            scale = MIN (width * 0.85, height * 1.6) / SWATCH_HEX;
          }
        else
          {
            map = wb_hex_map_new ("swatch", layout, 3, 3, ground);
            wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 1 }, id);
            wb_hex_center (layout, SWATCH_HEX, (WbOffset) { 1, 1 }, &cx, &cy);
            scale = height * 0.55 / SWATCH_HEX;
          }
        wb_hex_map_set_hex_size (map, SWATCH_HEX);
        draw_window (scratch, WB_MAP (map), cr, width, height, cx, cy, scale,
                     WB_LAYER_TERRAIN | WB_LAYER_HEXSIDES | WB_LAYER_ROADS);
      }
      break;

    case WB_FEATURE_CONNECTION:
    case WB_FEATURE_CROSSING:
    default:
      {
        /* Two locations off the swatch, so only the line between shows. */
        const double span = 60.0;
        g_autoptr(WbPointMap) map = wb_point_map_new ("swatch", span, span / 2);
        WbLocation *a = wb_location_new ("a");
        WbLocation *b = wb_location_new ("b");
        WbConnection *c;

        a->x = -span;
        a->y = span / 4;
        b->x = span * 2;
        b->y = span / 4;
        wb_point_map_add_location (map, a);
        wb_point_map_add_location (map, b);
        if (feature->where == WB_FEATURE_CONNECTION)
          c = wb_connection_new ("a", "b", id);
        else
          {
            c = wb_connection_new ("a", "b", "");
            g_ptr_array_add (c->crossings, (gpointer) id);
          }
        wb_point_map_add_connection (map, c);
        draw_window (scratch, WB_MAP (map), cr, width, height, span / 2, span / 4,
                     MIN (width / span, height * 2 / span),
                     WB_LAYER_TERRAIN | WB_LAYER_HEXSIDES | WB_LAYER_ROADS);
      }
      break;
    }
}
