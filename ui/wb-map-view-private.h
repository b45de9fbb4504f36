/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-map-view.h"

G_BEGIN_DECLS

/*
 * What the parts of the map canvas share. wb-map-view.c is the widget:
 * properties, view state, snapshot and hit-testing; wb-map-view-input.c
 * its input controllers, key bindings and the edit-* signals they emit;
 * wb-map-view-cache.c the images a frame paints (the view cache and the
 * whole-map overview), their background rebuilds on a thread pool, and
 * patching them after edits; wb-map-view-play.c what play adds: the match
 * shown and the overlays drawn over the map (move highlights, a path, the
 * selected hex).
 */

/* Map points around the map's extent that still belong to it (strokes on the
 * border hexsides stick out a little). */
#define EXTENT_BLEED     4.0
/* The overview's full-size copy and its halved copies, at most. */
#define MAX_MIP_LEVELS   8

/* What a background rebuild renders: the map rectangle (x, y, w, h) in map
 * points, at @ppp device pixels per map point (view zoom × scale factor). */
typedef struct
{
  double   x, y, w, h;
  double   ppp;
  double   zoom;
  int      scale;
  WbLayers layers;
  guint    serial;
  gboolean overview;
  /* The units layer of the match shown (layers is WB_LAYER_UNITS), for
   * its @units_serial. */
  gboolean units;
  guint    units_serial;
} Request;

/* A rendered image of the map rectangle (x, y, w, h), device pixels at
 * @ppp per map point. */
typedef struct
{
  cairo_surface_t *surface;
  double           x, y, w, h;
  double           ppp;
  double           zoom;
  int              scale;
  WbLayers         layers;
  guint            serial;
  guint            units_serial;
} Image;

typedef struct { double x, y, w, h; } Rect;

struct _WbMapView
{
  GtkWidget        parent_instance;

  WbGame          *game;
  WbMap           *map;
  WbScenario      *scenario;

  double           zoom;
  double           center_x;
  double           center_y;
  gboolean         needs_fit;
  /* Where the widget was on the window at its last allocation (root
   * coordinates) and its size, so a neighbour growing (the play prompt, a
   * pane) does not move the map on screen; centre_fresh: the centre was
   * set since the last frame (a fit, a jump), so the next allocation keeps
   * it centred instead. */
  gboolean         alloc_known;
  double           alloc_x, alloc_y;
  int              alloc_w, alloc_h;
  gboolean         centre_fresh;
  gboolean         fitted;        /* fitted, and not zoomed or moved since */
  gboolean         show_numbers;
  gboolean         show_grid;

  /* Input state. With @editing, a primary-button drag is an edit (the
   * edit-* signals) and panning moves to the middle button, space + drag and
   * scrolling. */
  gboolean         editing;
  /* Picking a point (WbWindow's pick mode): a crosshair, drags pan and a
   * click is point-clicked even while editing. */
  gboolean         picking;
  int              hover_radius;
  gboolean         has_rubber_band;
  double           rubber_band[4];      /* map points: x0, y0, x1, y1 */
  GArray          *sketch;              /* WbMapPoint: a line being drawn, or NULL */
  WbOutlineShape   outline_shape;       /* the selection */
  GArray          *outline;             /* double: x, y pairs */
  double           outline_radius;
  /* The region selection's boundary (wb-map-view-region.c): closed loops
   * of map points, and where a move drag has taken it. */
  GArray          *region_points;       /* double x, y */
  GArray          *region_loops;        /* guint: points in each loop */
  double           region_dx, region_dy;
  gboolean         space_down;
  gboolean         drag_edits;
  gboolean         drag_pans;
  GdkModifierType  drag_modifiers;      /* held when the drag began */
  double           drag_x;
  double           drag_y;
  double           drag_start_x;
  double           drag_start_y;
  double           pinch_start_zoom;
  double           pointer_x;
  double           pointer_y;
  gboolean         pointer_inside;

  /* What the pointer is over. */
  char            *hover_text;
  gboolean         hover_has_hex;
  WbOffset         hover_hex;
  const char      *hover_location;   /* interned location id */

  /* Bumped when what is drawn changes (another map, an edit): images with
   * an older serial may still stand in for a moment, never as final. */
  guint            serial;
  /* Between wb_map_view_begin_edit() and _end_edit(): whether the cache
   * (the overview) was current when the edit began, so that re-rendering
   * the edited area makes it current again. */
  gboolean         in_edit;
  gboolean         patchable;
  gboolean         overview_patchable;

  /* The view cache and the overview (level 0 and its halved copies). */
  Image            cache;
  Image            overview[MAX_MIP_LEVELS];
  guint            n_overview;

  /* The background rebuilds running (view cache, overview), with what they
   * render. */
  GCancellable    *build_cancellable;
  Request          building;
  GCancellable    *overview_cancellable;
  Request          overview_building;

  /* Play: the match shown (the view's own copy; the set-up when NULL), and
   * its units layer, an image of its own over the static layers, which no
   * longer hold the units. @units_serial is bumped by each new state. */
  WbMatch         *match;
  WbPlay          *play;        /* observed: the match follows it */
  const char      *viewer;      /* interned side id: the others' counters hidden */
  guint            units_serial;
  Image            units;
  GCancellable    *units_cancellable;
  Request          units_building;
  guint            units_builds;
  /* Play overlays (wb-map-view-play.c). */
  GArray          *highlights;          /* WbDestination, or NULL */
  GArray          *path;                /* the path's map points (double x, y pairs), or NULL */
  GArray          *notes;               /* MapNote: the step's notes at their map points, or NULL */
  gboolean         has_selected_hex;
  WbOffset         selected_hex;
  GArray          *marks;               /* MapMark: the chosen action's places (wb-map-view-marks.c), or NULL */
  char            *mark_label;          /* its odds, beside the first target, or NULL */

  guint            frame_count;
  guint            map_frame_count;
  gboolean         last_frame_exact;
  gboolean         last_frame_covered;
  guint            cache_builds;
  guint            stale_builds;
  guint            patches;
};

/* wb-map-view.c */
void     _wb_map_view_get_extent       (WbMapView      *self,
                                        double         *width,
                                        double         *height);
void     _wb_map_view_update_hover     (WbMapView      *self);
/* Starts the background renders the current view needs, before a frame. */
void     _wb_map_view_request_render   (WbMapView      *self);

/* wb-map-view-input.c */
void     _wb_map_view_class_input_init (WbMapViewClass *klass);
void     _wb_map_view_input_init       (WbMapView      *self);
void     _wb_map_view_reset_cursor     (WbMapView      *self);

/* wb-map-view-region.c */
void     _wb_map_view_draw_region      (WbMapView      *self,
                                        cairo_t        *cr);

/* wb-map-view-play.c */
void     _wb_map_view_draw_play        (WbMapView      *self,
                                        cairo_t        *cr);
void     _wb_map_view_draw_play_under_units (WbMapView *self,
                                             cairo_t   *cr,
                                             double     ox,
                                             double     oy);
void     _wb_map_view_play_finalize    (WbMapView      *self);
gboolean _wb_map_view_place_point      (WbMapView      *self,
                                        const WbWhere  *w,
                                        double         *x,
                                        double         *y);
/* A hex's outline, @inset map points inside its edges, as a sub-path. */
void     _wb_map_view_hex_path         (cairo_t        *cr,
                                        WbHexMap       *map,
                                        WbOffset        hex,
                                        double          inset);
/* @text in a dark rounded label centred on @x, @y (map points); sized in
 * widget pixels. */
void     _wb_map_view_draw_label       (WbMapView            *self,
                                        cairo_t              *cr,
                                        PangoFontDescription *font,
                                        double                x,
                                        double                y,
                                        const char           *text);

/* An arrowhead with its tip at (@x, @y) pointing along (@ux, @uy), @head
 * long, filled with the source; with @casing > 0 its edge stroked that
 * wide too (the white casing pass). */
void     _wb_map_view_arrowhead        (cairo_t        *cr,
                                        double          x,
                                        double          y,
                                        double          ux,
                                        double          uy,
                                        double          head,
                                        double          casing);

/* wb-map-view-marks.c */
void     _wb_map_view_draw_marks       (WbMapView      *self,
                                        cairo_t        *cr);

/* wb-map-view-cache.c */
gboolean _wb_map_view_rect_intersect   (const Rect     *a,
                                        const Rect     *b,
                                        Rect           *out);
void     _wb_map_view_invalidate_cache (WbMapView      *self);
void     _wb_map_view_content_changed  (WbMapView      *self);
void     _wb_map_view_units_changed    (WbMapView      *self);
void     _wb_map_view_draw_map         (WbMapView      *self,
                                        cairo_t        *cr,
                                        double          ox,
                                        double          oy);

G_END_DECLS
