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

/* What a result code does (format 6 `effect`): what the engine applies and
 * the analysis counts. Eliminations are the share of the force (1 = every
 * unit in the combat), steps are step losses (depletions), retreats are
 * hexes or locations, morale counts morale hits. */
typedef struct {
  double attacker_eliminated, defender_eliminated;
  double attacker_steps, defender_steps;
  double attacker_retreat, defender_retreat;
  double attacker_morale, defender_morale;
  gboolean exchange;
} WbCodeEffect;

typedef struct {
  const char  *code;        /* interned */
  char        *name;
  char        *text;
  gboolean     has_effect;  /* else the standard meaning of the code, if any */
  WbCodeEffect effect;
  char        *test;        /* a table the result sends to, or NULL */
  char        *test_column; /* the column to read there, or NULL */
} WbResultCode;

WbResultCode *wb_result_code_copy (const WbResultCode *code);
void          wb_result_code_free (WbResultCode *code);

/* A situation that changes a resolution (format 6 `modifiers`): a column
 * shift, dice added to a pool, a change of the hit number, a die-roll
 * modifier. Of the modifiers sharing a group only one applies. */
typedef struct {
  char *id;
  char *text;        /* the condition as printed */
  int   columns;     /* + right, − left */
  int   dice;
  int   target;
  int   roll;
  char *group;       /* or NULL */
  char *applies;     /* a tag: fire, close, defensive, first_round…, or NULL */
  char *source;
} WbTableModifier;

WbTableModifier *wb_table_modifier_copy (const WbTableModifier *modifier);
void             wb_table_modifier_free (WbTableModifier *modifier);

/* Which dice a row reads: their sum (or the d66 number), or one die of a
 * two-dice throw. */
typedef enum {
  WB_TABLE_READ_SUM,
  WB_TABLE_READ_COLORED,
  WB_TABLE_READ_WHITE,
} WbTableRead;

/* Beyond the first or last column (after the odds or the shifts). */
typedef enum {
  WB_TABLE_END_CLAMP,
  WB_TABLE_END_REFUSE,
} WbTableEnd;

typedef struct {
  WbTableEnd left, right;
  WbTableEnd defensive_left, defensive_right;
} WbTableEnds;

/* A dice-pool table's hit rule: each die of @sides faces hits on a roll
 * ≥ @value (@at_least) or ≤ @value; with @per_column the value is each
 * column's lo (Columbia firepower). @sides 0: no pool. */
typedef struct {
  int      sides;
  gboolean at_least;
  gboolean per_column;
  int      value;
} WbTablePool;

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
/* Format 6 members; see docs/file-format.md. */
WbTableRead   wb_table_get_read     (WbTable *self);
void          wb_table_set_read     (WbTable *self, WbTableRead read);
const char   *wb_table_get_pair     (WbTable *self);
void          wb_table_set_pair     (WbTable *self, const char *pair);
const WbTableEnds *wb_table_get_ends (WbTable *self);
void          wb_table_set_ends     (WbTable *self, const WbTableEnds *ends);
const WbTablePool *wb_table_get_pool (WbTable *self);
void          wb_table_set_pool     (WbTable *self, const WbTablePool *pool);
GPtrArray    *wb_table_get_modifiers (WbTable *self);   /* WbTableModifier* */
/* Takes @modifier over. */
void          wb_table_add_modifier (WbTable *self, WbTableModifier *modifier);
/* The code record for @code, or NULL. */
const WbResultCode *wb_table_find_code (WbTable *self, const char *code);

/* TRUE for a cell the rulebook does not give ("?"): the engine asks the
 * players for the result. */
gboolean      wb_table_cell_is_unknown (const char *cell);

const char   *wb_table_read_to_string   (WbTableRead read);
gboolean      wb_table_read_from_string (const char *s, WbTableRead *read);
const char   *wb_table_end_to_string    (WbTableEnd end);
gboolean      wb_table_end_from_string  (const char *s, WbTableEnd *end);
/* A pool's hit rule as written: ">=6", "<=3", "<=column". */
char         *wb_table_pool_hit_to_string (const WbTablePool *pool);
gboolean      wb_table_pool_hit_parse   (const char *s, WbTablePool *pool);

/* The cell for a roll and a column index, or NULL. */
const char   *wb_table_lookup       (WbTable *self, int roll, guint column);

/* A deep copy of @self under another id (transfer full). */
WbTable      *wb_table_copy         (WbTable *self, const char *id);
/* A new table of @kind ready to type into: @n_columns columns labelled as
 * the kind usually is (odds 1-5 … 6-1 around 1-1, differential -3 … +6,
 * fire C, 1, 2 …, others "Result"/"Dice"/"Value" numbered), one row per
 * result of @dice (1d6: 1…6, 2d6: 2…12, d66: the six decades 11-16 …
 * 61-66, a chart or a dice pool: six numbered rows), every cell "-".
 * @dice is ignored for a chart. */
WbTable      *wb_table_new_preset   (const char *id, const char *name, WbTableKind kind,
                                     const char *dice, guint n_columns);

const char   *wb_table_kind_to_string   (WbTableKind kind);
gboolean      wb_table_kind_from_string (const char *s, WbTableKind *kind);

G_END_DECLS
