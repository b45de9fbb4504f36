/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "warbench-core.h"

G_BEGIN_DECLS

/* The tools, by the names the "editor.tool" action takes. */
#define WB_TOOL_SELECT     "select"
#define WB_TOOL_BRUSH      "brush"
#define WB_TOOL_FILL       "fill"
#define WB_TOOL_EYEDROPPER "eyedropper"
#define WB_TOOL_ELEVATION  "elevation"
#define WB_TOOL_HEXSIDE    "hexside"
#define WB_TOOL_ROAD       "road"
#define WB_TOOL_LABEL      "label"
#define WB_TOOL_HEX_FEATURE "hex-feature"
#define WB_TOOL_LINE       "line"
#define WB_TOOL_MARK       "mark"
#define WB_TOOL_MOVE       "move"
#define WB_TOOL_CONNECT    "connect"
#define WB_TOOL_DISCONNECT "disconnect"
#define WB_TOOL_ADD_LOCATION    "add-location"
#define WB_TOOL_DELETE_LOCATION "delete-location"
#define WB_TOOL_REGION     "region"

#define WB_MAP_EDITOR_MAX_RADIUS 2

typedef struct
{
  const char *id;          /* WB_TOOL_* */
  const char *icon_name;
  const char *name;        /* translated by wb_map_editor_get_tools() */
  const char *description;
  const char *accel;       /* gtk_accelerator_parse() syntax */
  gboolean    hex_map;     /* offered on hex maps */
  gboolean    point_map;   /* offered on point-to-point maps */
} WbToolInfo;

#define WB_TYPE_MAP_EDITOR (wb_map_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbMapEditor, wb_map_editor, WB, MAP_EDITOR, GObject)

WbMapEditor  *wb_map_editor_new              (void);

/* The tools in palette order (@n_tools receives how many), names and
 * descriptions translated. */
const WbToolInfo *wb_map_editor_get_tools    (guint        *n_tools);

/* What is edited: @map of @game through @stack (all NULL: nothing). */
void          wb_map_editor_set_target       (WbMapEditor  *self,
                                              WbGame       *game,
                                              WbMap        *map,
                                              WbUndoStack  *stack);
WbGame       *wb_map_editor_get_game         (WbMapEditor  *self);
WbMap        *wb_map_editor_get_map          (WbMapEditor  *self);
WbUndoStack  *wb_map_editor_get_stack        (WbMapEditor  *self);

/* The actions, to insert as "editor": tool (s), terrain (s), brush-radius
 * (i), hexside-feature (s), road-feature (s), connection-class (s),
 * brush-grow, brush-shrink, rename-location ((ss): location id, new name),
 * elevation (i), elevation-up, elevation-down, mark (s: a mark id),
 * set-label ((iis): column, row, text), add-mark ((sssi): name, kind, side
 * or "" for both, VP), edit-mark ((ssssi): id, name, kind, side, VP),
 * delete-mark (s), hex-feature (s), line-style (s), line-side (s: a side id, "" for none),
 * finish-line, cancel-line, remove-line-point, edit-line ((uss): index,
 * name, style), delete-line (u),
 * clear-selection. */
GActionGroup *wb_map_editor_get_actions      (WbMapEditor  *self);

/* Properties, each mirrored by its action's state. */
const char   *wb_map_editor_get_tool         (WbMapEditor  *self);
void          wb_map_editor_set_tool         (WbMapEditor  *self,
                                              const char   *tool);
/* Whether the current tool edits on a drag (every tool but Select). */
gboolean      wb_map_editor_get_editing      (WbMapEditor  *self);
const char   *wb_map_editor_get_terrain      (WbMapEditor  *self);
void          wb_map_editor_set_terrain      (WbMapEditor  *self,
                                              const char   *terrain);
int           wb_map_editor_get_brush_radius (WbMapEditor  *self);
void          wb_map_editor_set_brush_radius (WbMapEditor  *self,
                                              int           radius);
const char   *wb_map_editor_get_hexside_feature (WbMapEditor *self);
void          wb_map_editor_set_hexside_feature (WbMapEditor *self,
                                                 const char  *feature);
const char   *wb_map_editor_get_road_feature (WbMapEditor  *self);
void          wb_map_editor_set_road_feature (WbMapEditor  *self,
                                              const char   *feature);
/* The class new connections get (a connection feature id), or NULL. */
const char   *wb_map_editor_get_connection_class (WbMapEditor *self);
void          wb_map_editor_set_connection_class (WbMapEditor *self,
                                                  const char  *klass);
/* While a Connect drag runs from a location: TRUE, and where it is. */
gboolean      wb_map_editor_get_connect_source (WbMapEditor *self,
                                                double      *x,
                                                double      *y);
/* What the last action found or did ("0810 Forest, level 2"), or NULL. */
const char   *wb_map_editor_get_status       (WbMapEditor  *self);

/* The game's hexside features for the Hexside tool (everything but roads)
 * and for the Road tool (styles road, trail, pike, railroad). New arrays of
 * borrowed WbFeatureType pointers. */
GPtrArray    *wb_map_editor_list_hexside_features (WbMapEditor *self);
GPtrArray    *wb_map_editor_list_road_features    (WbMapEditor *self);
/* The game's connection classes (features where "connection"). */
GPtrArray    *wb_map_editor_list_connection_classes (WbMapEditor *self);

/* Input, in map points. A drag is begin, any number of updates, end; it
 * makes one undo step. A click (Select tool) shows what is there. */
void          wb_map_editor_begin            (WbMapEditor  *self,
                                              double        x,
                                              double        y);
void          wb_map_editor_update           (WbMapEditor  *self,
                                              double        x,
                                              double        y);
void          wb_map_editor_end              (WbMapEditor  *self,
                                              double        x,
                                              double        y);
void          wb_map_editor_click            (WbMapEditor  *self,
                                              double        x,
                                              double        y);
/* A double click: with Select on a point map's location, selects it and
 * emits rename-requested. wb_map_editor_click() calls it for a second
 * click on the same location within the double-click time. */
void          wb_map_editor_double_click     (WbMapEditor  *self,
                                              double        x,
                                              double        y);

/* What the Select tool picked. */
typedef enum {
  WB_SELECTION_NONE,
  WB_SELECTION_HEX,         /* @hex */
  WB_SELECTION_HEXSIDE,     /* @hex and @dir */
  WB_SELECTION_LOCATION,    /* @location */
  WB_SELECTION_CONNECTION,  /* @connection, joining @a and @b */
} WbSelectionKind;

typedef struct {
  WbSelectionKind  kind;
  WbOffset         hex;
  int              dir;
  const char      *location;     /* interned location id */
  guint            connection;   /* index in wb_point_map_get_connections () */
  const char      *a, *b;        /* interned location ids */
} WbSelection;

/* The selection, kept valid: what an undo took away is no longer selected.
 * Watch WbMapEditor::selection-changed. */
const WbSelection *wb_map_editor_get_selection     (WbMapEditor *self);
void          wb_map_editor_select_hex           (WbMapEditor  *self,
                                                  WbOffset      hex);
void          wb_map_editor_select_hexside       (WbMapEditor  *self,
                                                  WbOffset      hex,
                                                  int           dir);
void          wb_map_editor_select_location      (WbMapEditor  *self,
                                                  const char   *id);
void          wb_map_editor_select_connection    (WbMapEditor  *self,
                                                  guint         index);
/* What the editor.clear-selection action (Escape) does: back to the
 * Select tool, nothing selected. */
void          wb_map_editor_clear_selection      (WbMapEditor  *self);
/* Selects what a Select click at (x, y) picks: on hex maps the hexside
 * when the point is near an edge, else the hex; on point maps a location,
 * else a connection within a few points, else nothing. */
void          wb_map_editor_select_at            (WbMapEditor  *self,
                                                  double        x,
                                                  double        y);
/* Widget pixels per map point in the view the clicks come from, so that
 * picking a thin line keeps a few pixels of slack at any zoom (default 1). */
void          wb_map_editor_set_view_zoom        (WbMapEditor  *self,
                                                  double        zoom);

/* Pushes @command (taking it) like the editor's own edits, for panes that
 * edit the map (the inspector): before-edit, the push under the game's
 * write lock, then area-changed with the map rectangle (x, y, width,
 * height; width <= 0: the whole map) or nothing on failure. Each call is
 * its own undo step unless the command merges with the one before. FALSE
 * with @error set if the command failed. */
gboolean      wb_map_editor_push                 (WbMapEditor  *self,
                                                  WbCommand    *command,
                                                  double        x,
                                                  double        y,
                                                  double        width,
                                                  double        height,
                                                  GError      **error);

/* The point map location selected (also by Add Location or a rename
 * request), or NULL. */
const char   *wb_map_editor_get_selected_location (WbMapEditor *self);
/* Renames location @id through the undo stack (what rename-location does);
 * FALSE, with the reason in the status, if it failed. */
gboolean      wb_map_editor_rename_location  (WbMapEditor  *self,
                                              const char   *id,
                                              const char   *name);

/* Hex-map annotations (wb-map-editor-marks.c). The level the Elevation
 * brush paints, 0..9. */
int           wb_map_editor_get_elevation    (WbMapEditor  *self);
void          wb_map_editor_set_elevation    (WbMapEditor  *self,
                                              int           level);
/* Sets (or, with NULL or blank text, clears) the label of @hex as one undo
 * step; FALSE with the reason in the status if it failed. */
gboolean      wb_map_editor_set_label        (WbMapEditor  *self,
                                              WbOffset      hex,
                                              const char   *text);
/* The hex feature (a feature type where "hex") the Hex Feature tool puts
 * down or takes off, or NULL. */
const char   *wb_map_editor_get_hex_feature  (WbMapEditor  *self);
void          wb_map_editor_set_hex_feature  (WbMapEditor  *self,
                                              const char   *id);
/* The mark the Mark tool adds hexes to or removes them from, or NULL. */
const char   *wb_map_editor_get_mark         (WbMapEditor  *self);
void          wb_map_editor_set_mark         (WbMapEditor  *self,
                                              const char   *id);
/* Adds a mark (and makes it the current one); returns its id, or NULL
 * with the reason in the status. @side NULL or "" is both sides. */
const char   *wb_map_editor_add_mark         (WbMapEditor  *self,
                                              const char   *name,
                                              const char   *kind,
                                              const char   *side,
                                              int           vp);
gboolean      wb_map_editor_edit_mark        (WbMapEditor  *self,
                                              const char   *id,
                                              const char   *name,
                                              const char   *kind,
                                              const char   *side,
                                              int           vp);
gboolean      wb_map_editor_delete_mark      (WbMapEditor  *self,
                                              const char   *id);

/* The Line tool (wb-map-editor-lines.c): the style new lines get, and the
 * side whose colour a VP line takes (NULL: none). */
const char   *wb_map_editor_get_line_style   (WbMapEditor  *self);
void          wb_map_editor_set_line_style   (WbMapEditor  *self,
                                              const char   *style);
const char   *wb_map_editor_get_line_side    (WbMapEditor  *self);
void          wb_map_editor_set_line_side    (WbMapEditor  *self,
                                              const char   *side);
/* The line being drawn (NULL and 0 when none). */
const WbMapPoint *wb_map_editor_get_sketch   (WbMapEditor  *self,
                                              guint        *n_points);
/* Makes the sketch a line of the map (one undo step); FALSE if there is
 * none or it has fewer than two points. */
gboolean      wb_map_editor_finish_line      (WbMapEditor  *self);
/* Renames (NULL or blank: no name) and restyles line @index. */
gboolean      wb_map_editor_edit_line        (WbMapEditor  *self,
                                              guint         index,
                                              const char   *name,
                                              const char   *style);
gboolean      wb_map_editor_delete_line      (WbMapEditor  *self,
                                              guint         index);

/* Region selection (the Select Region tool, editor.copy, cut, paste,
 * delete-region, select-all, clear-region-selection): a set of hexes of
 * the hex map, kept apart from any other selection. */
typedef enum {
  WB_REGION_REPLACE,   /* a drag selects what it covers */
  WB_REGION_ADD,       /* Shift: adds it */
  WB_REGION_REMOVE,    /* Ctrl: takes it out */
} WbRegionMode;

/* How the next Select Region drag combines with the selection; the window
 * sets it from the modifier keys when a drag begins. A drag that starts
 * inside the selection in WB_REGION_REPLACE mode moves it instead. */
void          wb_map_editor_set_region_mode  (WbMapEditor  *self,
                                              WbRegionMode  mode);
/* The selected hexes in row-major order (@n receives how many). */
const WbOffset *wb_map_editor_get_region     (WbMapEditor  *self,
                                              guint        *n);
void          wb_map_editor_set_region       (WbMapEditor  *self,
                                              const WbOffset *hexes,
                                              guint         n);
/* While a drag moves the selection: TRUE, and how far it has moved, in
 * map points. */
gboolean      wb_map_editor_get_region_move  (WbMapEditor  *self,
                                              double       *dx,
                                              double       *dy);
/* The clip last copied or cut here, or NULL. */
WbHexClip    *wb_map_editor_get_clip         (WbMapEditor  *self);
/* Whether the system clipboard holds something to paste (the window
 * watches it); editor.paste is enabled when this or a clip is there. */
void          wb_map_editor_set_clipboard_available (WbMapEditor *self,
                                                     gboolean     available);
/* Pastes @clip with its anchor at @anchor, or when NULL at the selection's
 * first hex (or where the clip was copied from), selecting what was pasted.
 * FALSE, with the reason in the status, when refused. */
gboolean      wb_map_editor_paste            (WbMapEditor  *self,
                                              WbHexClip    *clip,
                                              const WbOffset *anchor);
/* Parses a clip's JSON text (from the clipboard) and pastes it as above;
 * FALSE, with the parser's message in the status, if it is not one. */
gboolean      wb_map_editor_paste_text       (WbMapEditor  *self,
                                              const char   *text,
                                              gssize        len,
                                              const WbOffset *anchor);

G_END_DECLS
