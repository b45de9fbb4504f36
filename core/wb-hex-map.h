/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-hex.h"
#include "wb-hex-numbering.h"
#include "wb-map.h"

G_BEGIN_DECLS

#define WB_HEX_MAP_MAX_DIM 1000

/* A named set of hexes: objective, entry hex, supply source, set-up area… */
typedef struct {
  const char *id;
  char       *name;
  char       *kind;       /* "objective", "entry", "supply", "setup", "trench", "place" */
  const char *side;       /* NULL for both */
  int         vp;
  GArray     *hexes;      /* WbOffset */
  char       *note;
} WbMapMark;

WbMapMark  *wb_map_mark_new  (const char *id);
void        wb_map_mark_free (WbMapMark *mark);
WbMapMark  *wb_map_mark_copy (const WbMapMark *mark);
gboolean    wb_map_mark_has_hex (const WbMapMark *mark, WbOffset hex);

#define WB_TYPE_HEX_MAP (wb_hex_map_get_type ())
G_DECLARE_FINAL_TYPE (WbHexMap, wb_hex_map, WB, HEX_MAP, WbMap)

/* @cols × @rows must be within 1..WB_HEX_MAP_MAX_DIM; every hex starts as
 * @default_terrain. */
WbHexMap    *wb_hex_map_new                (const char  *id,
                                            WbHexLayout  layout,
                                            int          cols,
                                            int          rows,
                                            const char  *default_terrain);
WbHexLayout  wb_hex_map_get_layout         (WbHexMap *self);
int          wb_hex_map_get_cols           (WbHexMap *self);
int          wb_hex_map_get_rows           (WbHexMap *self);
gboolean     wb_hex_map_contains           (WbHexMap *self, WbOffset hex);
/* Drawing size: centre-to-corner radius in points. */
double       wb_hex_map_get_hex_size       (WbHexMap *self);
void         wb_hex_map_set_hex_size       (WbHexMap *self, double size);
/* The printed map's hex across its flats, in points (version 9); 0 when
 * the file does not say. Printing at true scale uses it. */
double       wb_hex_map_get_printed_hex_size (WbHexMap *self);
void         wb_hex_map_set_printed_hex_size (WbHexMap *self, double size);

/* Numbering: printed number of column 0 and row 0 (SPI maps start at 1,
 * some at 0) and the digits per part: "0810" is column 8, row 10. Setting
 * these keeps the scheme and the oblique flag. */
void         wb_hex_map_set_numbering      (WbHexMap *self, int first_col, int first_row, int digits);
void         wb_hex_map_get_numbering      (WbHexMap *self, int *first_col, int *first_row, int *digits);
/* The whole numbering, scheme and oblique flag too (wb-hex-numbering.h).
 * Setting a different one emits WbMap::changed; the caller checks it with
 * wb_hex_numbering_check () first. */
void         wb_hex_map_get_hex_numbering  (WbHexMap *self, WbHexNumbering *numbering);
void         wb_hex_map_set_hex_numbering  (WbHexMap *self, const WbHexNumbering *numbering);
/* Writes the printed number of @hex into @buf (at least
 * WB_HEX_NUMBER_MAX_LEN bytes). */
void         wb_hex_map_format_hex         (WbHexMap *self, WbOffset hex, char *buf, gsize len);
/* Parses a printed number; FALSE if malformed (the hex may still be off-map). */
gboolean     wb_hex_map_parse_hex          (WbHexMap *self, const char *text, WbOffset *hex);
/* The same, saying what was expected (WB_HEX_NUMBER_ERROR_MALFORMED). */
gboolean     wb_hex_map_parse_hex_number   (WbHexMap    *self,
                                            const char  *text,
                                            WbOffset    *hex,
                                            GError     **error);
/* A number as typed: lower case and dropped leading zeros accepted
 * (wb_hex_numbering_parse_typed ()). */
gboolean     wb_hex_map_parse_typed_hex    (WbHexMap    *self,
                                            const char  *text,
                                            WbOffset    *hex,
                                            GError     **error);

/* Terrain ids are interned strings. */
const char  *wb_hex_map_get_terrain        (WbHexMap *self, WbOffset hex);
void         wb_hex_map_set_terrain        (WbHexMap *self, WbOffset hex, const char *terrain);
int          wb_hex_map_get_elevation      (WbHexMap *self, WbOffset hex);
void         wb_hex_map_set_elevation      (WbHexMap *self, WbOffset hex, int elevation);
gboolean     wb_hex_map_has_elevation      (WbHexMap *self);
/* Forgets every level: the map has no elevation layer again. */
void         wb_hex_map_clear_elevation    (WbHexMap *self);
const char  *wb_hex_map_get_label          (WbHexMap *self, WbOffset hex);
void         wb_hex_map_set_label          (WbHexMap *self, WbOffset hex, const char *label);
/* Hex features (interned ids): town, ferry, … NULL-free GPtrArray or NULL. */
GPtrArray   *wb_hex_map_get_hex_features   (WbHexMap *self, WbOffset hex);
void         wb_hex_map_add_hex_feature    (WbHexMap *self, WbOffset hex, const char *feature);
gboolean     wb_hex_map_has_hex_feature    (WbHexMap *self, WbOffset hex, const char *feature);
/* FALSE if @hex did not have @feature. The others keep their order. */
gboolean     wb_hex_map_remove_hex_feature (WbHexMap *self, WbOffset hex, const char *feature);
/* Hexes that have a label or features, in row-major order. */
GArray      *wb_hex_map_list_detailed_hexes (WbHexMap *self);

/* Hexside features (interned ids), by canonical hexside. */
GPtrArray   *wb_hex_map_get_side_features  (WbHexMap *self, WbOffset hex, int dir);
void         wb_hex_map_add_side_feature   (WbHexMap *self, WbOffset hex, int dir, const char *feature);
gboolean     wb_hex_map_has_side_feature   (WbHexMap *self, WbOffset hex, int dir, const char *feature);
/* FALSE if the hexside did not have @feature. The others keep their order. */
gboolean     wb_hex_map_remove_side_feature (WbHexMap *self, WbOffset hex, int dir,
                                             const char *feature);
/* All hexsides that have features, as canonical WbHexside, sorted by hex then dir. */
GArray      *wb_hex_map_list_sides         (WbHexMap *self);

/* Resizes to @cols × @rows, keeping the content: the hex that was at
 * (c, r) moves to (c + @dcol, r + @drow) — a positive shift adds space at
 * the top or left. Hexes, hexsides and mark hexes that fall outside are
 * dropped; new hexes get @fill terrain. When the shift along the stagger
 * axis is odd the parity flips, so every hex keeps its neighbours. FALSE
 * if the size is out of range. Emits WbMap::changed. */
gboolean     wb_hex_map_resize             (WbHexMap   *self,
                                            int         cols,
                                            int         rows,
                                            int         dcol,
                                            int         drow,
                                            const char *fill);
/* A complete copy of the map's content, for undoing edits too large to
 * record hex by hex (resize, paste). Restoring puts the copy's content
 * back into @self (same object, so views stay attached) and emits changed. */
WbHexMap    *wb_hex_map_snapshot           (WbHexMap *self);
void         wb_hex_map_restore            (WbHexMap *self, WbHexMap *snapshot);

GPtrArray   *wb_hex_map_get_marks          (WbHexMap *self);   /* WbMapMark* */
void         wb_hex_map_add_mark           (WbHexMap *self, WbMapMark *mark);  /* takes ownership */
WbMapMark   *wb_hex_map_find_mark          (WbHexMap *self, const char *id);
/* Takes mark @id out of the map (transfer full; NULL if there is none),
 * with its place in the list in @index. */
WbMapMark   *wb_hex_map_remove_mark        (WbHexMap *self, const char *id, guint *index);
/* Puts @mark (taking it) at @index (clamped). FALSE (and frees nothing) if
 * its id is taken. */
gboolean     wb_hex_map_insert_mark        (WbHexMap *self, WbMapMark *mark, guint index);
/* A mark id not in use on the map, made from @name (transfer full). */
char        *wb_hex_map_make_mark_id       (WbHexMap *self, const char *name);

G_END_DECLS
