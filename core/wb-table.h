/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"

G_BEGIN_DECLS

#define WB_TABLE_MAX_COLUMNS 200
#define WB_TABLE_MAX_ROWS    400

/* A column: its printed label and, where the kind uses them, the bounds it
 * covers (odds 3-1: lo = 3, hi = 1 read as a ratio; differential +2: lo = hi
 * = 2; fire table "4-5 SP": lo = 4, hi = 5). */
typedef struct {
  char   *label;
  double  lo, hi;
} WbTableColumn;

/* A row: the die roll range it covers (inclusive) and one cell per column.
 * Cells are result codes as printed: "Ar", "De", "-", "NE", and for fire
 * tables bands "green:0-1 yellow:2-4 red:5-9". */
typedef struct {
  char      *label;
  int        lo, hi;
  GPtrArray *cells;   /* char* */
} WbTableRow;

typedef struct {
  const char *code;
  char       *name;
  char       *text;
} WbResultCode;

#define WB_TYPE_TABLE (wb_table_get_type ())
G_DECLARE_FINAL_TYPE (WbTable, wb_table, WB, TABLE, GObject)

WbTable      *wb_table_new          (const char *id, WbTableKind kind);
const char   *wb_table_get_id       (WbTable *self);
const char   *wb_table_get_name     (WbTable *self);
void          wb_table_set_name     (WbTable *self, const char *name);
WbTableKind   wb_table_get_kind     (WbTable *self);
/* Dice as printed: "1d6", "2d6", "d66" (two dice read as 11–66). */
const char   *wb_table_get_dice     (WbTable *self);
void          wb_table_set_dice     (WbTable *self, const char *dice);
const char   *wb_table_get_source   (WbTable *self);
void          wb_table_set_source   (WbTable *self, const char *source);
const char   *wb_table_get_note     (WbTable *self);
void          wb_table_set_note     (WbTable *self, const char *note);
GPtrArray    *wb_table_get_columns  (WbTable *self);   /* WbTableColumn* */
GPtrArray    *wb_table_get_rows     (WbTable *self);   /* WbTableRow* */
GPtrArray    *wb_table_get_codes    (WbTable *self);   /* WbResultCode* */
void          wb_table_add_column   (WbTable *self, const char *label, double lo, double hi);
/* Takes @cells (char*) over; its length must equal the column count. */
void          wb_table_add_row      (WbTable *self, const char *label, int lo, int hi,
                                     GPtrArray *cells);
void          wb_table_add_code     (WbTable *self, const char *code, const char *name,
                                     const char *text);
/* The cell for a roll and a column index, or NULL. */
const char   *wb_table_lookup       (WbTable *self, int roll, guint column);

const char   *wb_table_kind_to_string   (WbTableKind kind);
gboolean      wb_table_kind_from_string (const char *s, WbTableKind *kind);

G_END_DECLS
