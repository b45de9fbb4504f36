/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "wb-chits.h"
#include "wb-game.h"

G_BEGIN_DECLS

typedef enum {
  WB_LAYER_TERRAIN   = 1 << 0,
  WB_LAYER_ELEVATION = 1 << 1,
  WB_LAYER_HEXSIDES  = 1 << 2,
  WB_LAYER_ROADS     = 1 << 3,
  WB_LAYER_GRID      = 1 << 4,
  WB_LAYER_NUMBERS   = 1 << 5,
  WB_LAYER_LABELS    = 1 << 6,
  WB_LAYER_MARKS     = 1 << 7,
  WB_LAYER_UNITS     = 1 << 8,
  WB_LAYER_BACKGROUND = 1 << 9,   /* the scan under the map (WbMapBackground) */
  WB_LAYER_STATIC    = 0x2ff,     /* everything but units */
  WB_LAYER_ALL       = 0x3ff,
} WbLayers;

typedef struct {
  WbLayers    layers;
  /* Map points → device units; used to choose level of detail (hex numbers
   * are skipped when too small to read). The caller sets the cairo matrix. */
  double      scale;
  /* Only what intersects this rectangle (map points) is drawn; width <= 0
   * means the whole map. */
  double      clip_x, clip_y, clip_width, clip_height;
  /* Units are drawn at their set-up places in this scenario (may be NULL). */
  WbScenario *scenario;
  /* Or where a match has them (a WbMatch, core/rules/wb-match.h; may be
   * NULL): units on the map at their hex or location, at their current
   * strength; eliminated and waiting units are not drawn. */
  gconstpointer match;
  /* Fog of war: when set (a side id), every other side's counters are drawn
   * hidden (wb_render_counter ()'s hidden face); NULL shows all face up. */
  const char *viewer_side;
} WbRenderOptions;

typedef enum {
  WB_EXPORT_PNG,
  WB_EXPORT_SVG,
  WB_EXPORT_PDF,
} WbExportFormat;

void      wb_render_options_init        (WbRenderOptions *options);
/* Draws @map in map points at the current cairo matrix. */
void      wb_render_map                 (WbGame                *game,
                                         WbMap                 *map,
                                         cairo_t               *cr,
                                         const WbRenderOptions *options);
gboolean  wb_export_format_from_path    (const char            *path,
                                         WbExportFormat        *format);
/* Renders the whole map at @options->scale to a PNG, SVG or PDF file. */
gboolean  wb_render_map_to_file         (WbGame                *game,
                                         WbMap                 *map,
                                         const char            *path,
                                         WbExportFormat         format,
                                         const WbRenderOptions *options,
                                         GError               **error);

/* Legend swatches: @terrain's fill and pattern, or @feature's line or
 * symbol, drawn as the map draws them over (0, 0)–(@width, @height). */
/* The box (x0, y0, x1, y1 in map points) around the counters of a stack of
 * @n units at @loc of a map of locations, as wb_render_map draws them:
 * beside the location's mark, fanned up and right — so a click on a block
 * finds its location. */
void      wb_render_location_stack_box  (const WbLocation      *loc,
                                         guint                  n,
                                         double                 box[4]);
void      wb_render_terrain_swatch      (WbGame                *game,
                                         const WbTerrainType   *terrain,
                                         cairo_t               *cr,
                                         double                 width,
                                         double                 height);
void      wb_render_feature_swatch      (WbGame                *game,
                                         const WbFeatureType   *feature,
                                         cairo_t               *cr,
                                         double                 width,
                                         double                 height);

/* One counter or block (wb_render_counter ()). */
typedef struct {
  double   size;      /* its side, in user units */
  gboolean hidden;    /* fog of war: the back, or a block standing face away */
  int      step;      /* the strength value shown: 0 fresh or full strength, 1 battleworn
                       * or the first step lost…; -1: the unit's current one */
  gboolean text;      /* names and numbers; FALSE: shapes only (symbol, bands, pips) */
  double   bleed;     /* printed sheets: the background reaches this far past each edge,
                       * so a cut a little off the line shows no white */
} WbCounterOptions;

void      wb_counter_options_init       (WbCounterOptions       *options);
/* A chit's face over (0, 0)–(@size, @size) (core/wb-render-chits.c). */
void      wb_render_chit                (cairo_t                *cr,
                                         WbGame                 *game,
                                         const WbChit           *chit,
                                         double                  size);
void      wb_render_counter             (cairo_t                *cr,
                                         WbGame                 *game,
                                         WbUnit                 *unit,
                                         const WbCounterOptions *options);

G_END_DECLS
