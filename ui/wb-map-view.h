/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"
#include "rules/wb-match.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

#define WB_MAP_VIEW_MIN_ZOOM 0.1
#define WB_MAP_VIEW_MAX_ZOOM 8.0

#define WB_TYPE_MAP_VIEW (wb_map_view_get_type ())
G_DECLARE_FINAL_TYPE (WbMapView, wb_map_view, WB, MAP_VIEW, GtkWidget)

GtkWidget  *wb_map_view_new             (void);

/* What is shown. Setting the map also fits it into the view once the view
 * has a size. The scenario (may be NULL) adds its set-up units. */
void        wb_map_view_set_map         (WbMapView  *self,
                                         WbGame     *game,
                                         WbMap      *map,
                                         WbScenario *scenario);
WbGame     *wb_map_view_get_game        (WbMapView  *self);
WbMap      *wb_map_view_get_map         (WbMapView  *self);
WbScenario *wb_map_view_get_scenario    (WbMapView  *self);

/* Zoom: map points → widget pixels, clamped to
 * WB_MAP_VIEW_MIN_ZOOM..WB_MAP_VIEW_MAX_ZOOM. */
double      wb_map_view_get_zoom        (WbMapView  *self);
void        wb_map_view_set_zoom        (WbMapView  *self,
                                         double      zoom);
/* Zooms keeping the map point under widget pixel (x, y) in place. */
void        wb_map_view_zoom_at         (WbMapView  *self,
                                         double      zoom,
                                         double      x,
                                         double      y);
void        wb_map_view_zoom_in         (WbMapView  *self);
void        wb_map_view_zoom_out        (WbMapView  *self);
/* Fits the whole map into the view, at most at 100%. */
void        wb_map_view_zoom_to_fit     (WbMapView  *self);
gboolean    wb_map_view_can_zoom_in     (WbMapView  *self);
gboolean    wb_map_view_can_zoom_out    (WbMapView  *self);

/* TRUE while the map is as zoom_to_fit left it: not zoomed or moved
 * since (the view keeping the map still on the window when its
 * allocation moves does not count). */
gboolean    wb_map_view_get_fitted      (WbMapView  *self);

/* The map point shown at the centre of the widget, clamped to the map. */
void        wb_map_view_get_center      (WbMapView  *self,
                                         double     *x,
                                         double     *y);
void        wb_map_view_set_center      (WbMapView  *self,
                                         double      x,
                                         double      y);
/* As near (x, y) as keeps the map filling the view: no empty margin on a
 * side where the map is larger than the view. */
void        wb_map_view_set_center_filled (WbMapView *self,
                                           double     x,
                                           double     y);

/* The location at map point (@mx, @my) of a map of locations: its mark,
 * or a block of the stack beside it (the match shown); NULL when none. */
WbLocation *wb_map_view_location_at     (WbMapView  *self,
                                         double      mx,
                                         double      my);

/* Conversions between widget pixels and map points. */
void        wb_map_view_widget_to_map   (WbMapView  *self,
                                         double      wx,
                                         double      wy,
                                         double     *mx,
                                         double     *my);
void        wb_map_view_map_to_widget   (WbMapView  *self,
                                         double      mx,
                                         double      my,
                                         double     *wx,
                                         double     *wy);

gboolean    wb_map_view_get_show_numbers (WbMapView *self);
void        wb_map_view_set_show_numbers (WbMapView *self,
                                          gboolean   show);
gboolean    wb_map_view_get_show_grid   (WbMapView  *self);
void        wb_map_view_set_show_grid   (WbMapView  *self,
                                         gboolean    show);

/* Hit-testing. Returns the printed hex number (hex maps) or the location
 * name (point maps) at widget pixel (x, y), or NULL when there is nothing
 * there. For hex maps @hex (may be NULL) receives the hex. Free with
 * g_free(). */
char       *wb_map_view_lookup          (WbMapView  *self,
                                         double      x,
                                         double      y,
                                         WbOffset   *hex);

/* What the pointer is over (the text wb_map_view_lookup() gives), or NULL.
 * Watch notify::hover-text. */
const char *wb_map_view_get_hover_text  (WbMapView  *self);
/* The hovered hex; FALSE when the pointer is not over a hex. */
gboolean    wb_map_view_get_hover_hex   (WbMapView  *self,
                                         WbOffset   *hex);
/* The hovered location's id (maps of locations), or NULL. */
const char *wb_map_view_get_hover_location (WbMapView *self);

/* Snapshots taken so far; tests wait for it to move. */
guint       wb_map_view_get_frame_count (WbMapView  *self);
/* Snapshots that showed the map's static layers (terrain, hexsides…), at
 * the current zoom or, while a rebuild runs, scaled from another. */
guint       wb_map_view_get_map_frame_count (WbMapView *self);
/* Times a rebuilt view cache was swapped in (bench and tests). The map is
 * rendered in a worker thread, never while drawing a frame. */
guint       wb_map_view_get_cache_builds (WbMapView *self);
/* Background rebuilds dropped because the view had moved on (another zoom,
 * an edit) before they finished. */
guint       wb_map_view_get_stale_builds (WbMapView *self);
/* Whether a background rebuild (view cache or overview) is running. */
gboolean    wb_map_view_get_rendering   (WbMapView  *self);
/* Whether the last snapshot showed the map as it is, at the current zoom,
 * rather than an interim picture scaled from another zoom or missing parts
 * still being rendered. */
gboolean    wb_map_view_get_frame_complete (WbMapView *self);
/* Whether the last snapshot covered the whole view with a picture of the
 * map (complete, or interim but with no part left blank). */
gboolean    wb_map_view_get_frame_covered  (WbMapView *self);

/* Editing: see WbMapView:editing and the edit-begin, edit-update, edit-end
 * and point-clicked signals (map points). */
gboolean    wb_map_view_get_editing     (WbMapView  *self);
void        wb_map_view_set_editing     (WbMapView  *self,
                                         gboolean    editing);
/* Picking a point: a crosshair cursor, and a primary click emits
 * point-clicked even while editing (drags pan). */
gboolean    wb_map_view_get_picking     (WbMapView  *self);
void        wb_map_view_set_picking     (WbMapView  *self,
                                         gboolean    picking);
/* An edit of the shown map, bracketed so the view can show it in the next
 * frame: begin_edit() before the model changes (outside the game's write
 * lock), end_edit() after, with the map rectangle (points) the edit changed.
 * If the view cache (and the overview) showed the map as it was when the
 * edit began, that rectangle is re-rendered into them on the spot instead
 * of waiting for a background rebuild. Changes made outside such a bracket
 * (undo, redo, other editors) are left to the rebuild. An empty rectangle
 * (a failed edit) patches nothing. */
void        wb_map_view_begin_edit      (WbMapView  *self);
void        wb_map_view_end_edit        (WbMapView  *self,
                                         double      x,
                                         double      y,
                                         double      width,
                                         double      height);
/* A line drawn over the map from (x0, y0) to (x1, y1) (map points) while
 * @show: a connection being dragged out. */
void        wb_map_view_set_rubber_band (WbMapView  *self,
                                         gboolean    show,
                                         double      x0,
                                         double      y0,
                                         double      x1,
                                         double      y1);
/* A polyline drawn over the map (map points; NULL or fewer than 2 points
 * hide it): a line being drawn with the Line tool. Copied. */
void        wb_map_view_set_sketch      (WbMapView        *self,
                                         const WbMapPoint *points,
                                         guint             n_points);
/* The selection's outline, drawn over the map: a closed polygon (a hex:
 * its corners), a segment (a hexside, a connection: two points) or a
 * circle (a location: one point and @radius). @points holds @n_points x, y
 * pairs in map points; WB_OUTLINE_NONE removes it. */
typedef enum {
  WB_OUTLINE_NONE,
  WB_OUTLINE_POLYGON,
  WB_OUTLINE_SEGMENT,
  WB_OUTLINE_CIRCLE,
} WbOutlineShape;

void        wb_map_view_set_selection_outline (WbMapView      *self,
                                               WbOutlineShape  shape,
                                               const double   *points,
                                               guint           n_points,
                                               double          radius);
WbOutlineShape wb_map_view_get_selection_outline (WbMapView *self);

/* Play (docs/architecture.md, "Play on the canvas"). The units are drawn
 * where @match (a WbMatch, core/rules/wb-match.h) has them instead of at the
 * scenario's set-up; NULL goes back to the scenario. @match must be a
 * state of the view's game. The view keeps a copy of its own, so the caller
 * may free or change @match at once. Each call
 * re-renders the units layer only (in the background, within a frame or
 * two); the static layers stay cached. */
void        wb_map_view_set_match       (WbMapView      *self,
                                         const WbMatch  *match);
/* The view's copy, or NULL. */
const WbMatch *wb_map_view_get_match    (WbMapView      *self);
/* The view observes @play (a reference is kept): the units follow the
 * state at its cursor after every action, undo or jump
 * (wb_map_view_set_match on WbPlay::changed), whoever played it. NULL
 * stops observing (the match shown stays until set_match). */
void        wb_map_view_set_play        (WbMapView      *self,
                                         WbPlay         *play);
/* Move highlights, drawn over the map: each hex of @destinations
 * (WbDestination, core/rules/wb-family.h) tinted, with its cost in MP
 * written in it when the hex is large enough on screen to hold it.
 * Copied; NULL or empty clears them. */
void        wb_map_view_set_highlights  (WbMapView      *self,
                                         GArray         *destinations);
guint       wb_map_view_get_n_highlights (WbMapView     *self);
/* A path preview: a line through the centres of @hexes (WbOffset), in
 * order, ending in an arrowhead. Copied; NULL or fewer than 2 clear it. */
void        wb_map_view_set_path        (WbMapView      *self,
                                         GArray         *hexes);
/* The same through places (WbWhere: hexes, or locations on a map of
 * locations), as rules families give a move's route; NULL clears it. */
void        wb_map_view_set_route       (WbMapView  *self,
                                         GArray     *places);
/* The notes of the step being played (WbStepNote*, core/rules/wb-step.h),
 * drawn over the map in small dark labels: in the middle of the way
 * between two places (a road's count), or at a place. Copied; NULL or
 * empty clears them. */
void        wb_map_view_set_notes       (WbMapView  *self,
                                         GPtrArray  *notes);
guint       wb_map_view_get_n_notes     (WbMapView  *self);
/* How many hexes the path shown has (0: none). */
guint       wb_map_view_get_path_length (WbMapView *self);
/* Fog of war: with @side (a side id) every other side's counters are drawn
 * hidden (a block's blank face); NULL shows them all. */
void        wb_map_view_set_viewer      (WbMapView  *self,
                                         const char *side);
const char *wb_map_view_get_viewer      (WbMapView  *self);
/* An outline around @hex (the selected unit's hex); NULL removes it. */
void        wb_map_view_set_selected_hex (WbMapView     *self,
                                          const WbOffset *hex);
gboolean    wb_map_view_get_selected_hex (WbMapView     *self,
                                          WbOffset       *hex);
/* The action being chosen, marked on the map: each place of @chosen
 * (WbWhere: where the units picked are — an attack's attackers) ringed in
 * green, each of @targets (WbWhere: the places picked — the hexes or
 * locations attacked) in red, an arrow from each chosen place to the
 * nearest target, and @label (the odds, "3-1") in a label on the first
 * target. Copied; NULL or empty arrays and a NULL label clear them. */
void        wb_map_view_set_marks       (WbMapView      *self,
                                         GArray         *chosen,
                                         GArray         *targets,
                                         const char     *label);
/* How many places are marked (chosen and targets), and the label. */
guint       wb_map_view_get_n_marks     (WbMapView      *self);
const char *wb_map_view_get_mark_label  (WbMapView      *self);
/* Times the units layer of a match was rendered (tests). */
guint       wb_map_view_get_units_builds (WbMapView     *self);

/* Times end_edit() patched the cache or the overview (tests). */
guint       wb_map_view_get_patches     (WbMapView  *self);

/* The hover highlight covers the hexes within @radius of the hovered one
 * (the terrain brush's footprint); 0 is the hex alone. */
void        wb_map_view_set_hover_radius (WbMapView *self,
                                          int        radius);

/* The region selection: its outline and a light tint over @hexes (hexes
 * off the map are ignored; none clears it). The boundary is worked out
 * here, once. */
void        wb_map_view_set_region      (WbMapView      *self,
                                         const WbOffset *hexes,
                                         guint           n);
/* Draws the selection shifted by (@dx, @dy) map points (a move being
 * dragged), with a faint outline where it was; 0, 0 when not moving. */
void        wb_map_view_set_region_offset (WbMapView    *self,
                                           double        dx,
                                           double        dy);
/* The modifier keys held when the current (or last) drag began. */
GdkModifierType wb_map_view_get_drag_modifiers (WbMapView   *self);
/* Closed loops in the selection's outline (tests). */
guint       wb_map_view_get_region_loops (WbMapView     *self);

G_END_DECLS
