/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the map-editing controller (wb-map-editor.c: tools, actions,
 * hex-map editing; wb-map-editor-points.c: point-to-point editing). */

#include "wb-map-editor.h"

G_BEGIN_DECLS

/* Map points around a location that a press picks it from. */
#define PICK_RADIUS 14.0

struct _WbMapEditor
{
  GObject             parent_instance;

  WbGame             *game;
  WbMap              *map;
  WbUndoStack        *stack;

  const char         *tool;              /* a WB_TOOL_* */
  const char         *terrain;           /* interned ids, or NULL */
  int                 brush_radius;
  const char         *hexside_feature;
  const char         *road_feature;
  const char         *connection_class;
  int                 elevation;         /* the Elevation brush's level */
  const char         *mark;              /* the Mark tool's mark id (interned), or NULL */
  gboolean            mark_adding;       /* this Mark drag adds hexes (else removes) */
  const char         *hex_feature;       /* the Hex Feature tool's feature (interned), or NULL */
  gboolean            feature_adding;
  const char         *line_style;        /* the Line tool's style and side (interned) */
  const char         *line_side;
  GArray             *sketch;            /* WbMapPoint: the line being drawn, or NULL */
  gint64              last_line_click;
  char               *status;

  GSimpleActionGroup *actions;

  /* The drag in progress. */
  gboolean            dragging;
  gboolean            has_last;
  WbOffset            last_hex;
  const char         *moving;            /* location id: Move, and Connect's source */

  WbSelection         selection;
  double              view_zoom;
  gulong              map_changed_id;
  /* A Move Location drag that grabbed the label: the label's offset minus
   * the pointer's at the start. */
  gboolean            moving_label;
  double              label_grab_x;
  double              label_grab_y;

  /* The region selection (wb-map-editor-region.c). */
  GArray             *region;            /* WbOffset, row-major, distinct */
  guint8             *region_bits;       /* cols × rows membership, or NULL */
  gsize               region_n_cells;    /* cols × rows when it was made */
  GArray             *region_base;       /* the selection when a drag began */
  WbRegionMode        region_mode;
  int                 region_drag;       /* REGION_DRAG_* */
  double              region_x0, region_y0;
  WbOffset            region_from, region_to;
  WbHexClip          *clip;
  gboolean            clipboard_available;
  gint64              last_click_time;   /* for a double click on a location */
  const char         *last_click_location;
};

/* Two clicks on one location within this many microseconds (GTK's
 * default double-click time) are a double click. */
#define DOUBLE_CLICK_TIME (400 * G_TIME_SPAN_MILLISECOND)

enum {
  SIGNAL_BEFORE_EDIT,
  SIGNAL_AREA_CHANGED,
  SIGNAL_RENAME_REQUESTED,
  SIGNAL_LABEL_REQUESTED,
  SIGNAL_SKETCH_CHANGED,
  SIGNAL_LINE_REQUESTED,
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_REGION_CHANGED,
  SIGNAL_CLIP_COPIED,
  SIGNAL_PASTE_REQUESTED,
  N_SIGNALS
};

extern guint _wb_map_editor_signals[N_SIGNALS];

void _wb_map_editor_move_location (WbMapEditor *self, double x, double y);
void _wb_map_editor_move_label (WbMapEditor *self, double x, double y);
void _wb_map_editor_disconnect_at (WbMapEditor *self, double x, double y);
void _wb_map_editor_connect_to (WbMapEditor *self, double x, double y);
void _wb_map_editor_select_location (WbMapEditor *self, const char *id);
void _wb_map_editor_add_location (WbMapEditor *self, double x, double y);
void _wb_map_editor_delete_location (WbMapEditor *self, WbLocation *loc);
gboolean _wb_map_editor_connection_at (WbPointMap *map, double x, double y, double radius, guint *index);
void _wb_map_editor_selection_target_changed (WbMapEditor *self);
void _wb_map_editor_selection_dispose (WbMapEditor *self);
gboolean _wb_map_editor_label_at (WbMapEditor *self, double x, double y, WbLocation **loc);
void _wb_map_editor_label_center (WbLocation *loc, double *x, double *y);
gboolean _wb_map_editor_is_tool (WbMapEditor *self, const char *tool);
void _wb_map_editor_set_status (WbMapEditor *self, char *status);
void _wb_map_editor_hex_bounds (WbHexMap *map, const WbOffset *hexes, guint n,
                                double *x0, double *y0, double *x1, double *y1);

/* wb-map-editor-marks.c: elevation, labels, marks. */
void _wb_map_editor_set_levels (WbMapEditor *self, const WbOffset *hexes, guint n);
void _wb_map_editor_request_label (WbMapEditor *self, WbOffset hex);
void _wb_map_editor_mark_hex (WbMapEditor *self, WbOffset hex, gboolean first);
void _wb_map_editor_check_mark (WbMapEditor *self);
void _wb_map_editor_check_hex_feature (WbMapEditor *self);
void _wb_map_editor_feature_hex (WbMapEditor *self, WbOffset hex, gboolean first);
void _wb_map_editor_add_annotation_actions (WbMapEditor *self);
void _wb_map_editor_update_annotation_actions (WbMapEditor *self);
void _wb_map_editor_add_annotation_signals (GObjectClass *klass);

/* wb-map-editor-lines.c: the Line tool. */
void _wb_map_editor_line_click (WbMapEditor *self, double x, double y);
void _wb_map_editor_cancel_sketch (WbMapEditor *self);
void _wb_map_editor_add_line_actions (WbMapEditor *self);
void _wb_map_editor_update_line_actions (WbMapEditor *self);
void _wb_map_editor_add_line_signals (GObjectClass *klass);

gboolean _wb_map_editor_push (WbMapEditor *self, WbCommand *command, double x0, double y0, double x1, double y1);

/* wb-map-editor-region.c: the Select Region tool and its actions. */
void _wb_map_editor_region_init (WbMapEditor *self);
void _wb_map_editor_region_class_init (GObjectClass *klass);
void _wb_map_editor_region_dispose (WbMapEditor *self);
void _wb_map_editor_region_reset (WbMapEditor *self);
void _wb_map_editor_region_update_actions (WbMapEditor *self);
void _wb_map_editor_region_begin (WbMapEditor *self, double x, double y);
void _wb_map_editor_region_update (WbMapEditor *self, double x, double y);
void _wb_map_editor_region_end (WbMapEditor *self, double x, double y);

G_END_DECLS
